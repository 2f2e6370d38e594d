//! The player: the terminal app around the engine.

pub mod learn;
pub mod ui;
