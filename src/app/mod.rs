//! The player: a ratatui terminal app built as model, message, update, view.
//!
//! [`state::State`] is the model, [`action::Action`] every message (what a key, a
//! click or the clock asks for), [`keymap`] the one table from keys to actions,
//! [`update::update`] the only place the state changes, [`ui`] the pure view and
//! [`run`] the loop that draws, reads events and saves.
//!
//! A new mode or overlay (learn mode, say) is a variant of [`state::Overlay`] and
//! [`keymap::Context`], its keys in the table, and a module under [`ui`].

pub mod action;
pub mod config;
pub mod history;
pub mod keymap;
pub mod learn;
pub mod links;
pub mod menu;
pub mod position;
pub mod replay;
pub mod review;
pub mod run;
pub mod shaped;
pub mod state;
pub mod stats;
pub mod ui;
pub mod update;
