//! pencilmark: a Sudoku player for the terminal with a solver engine at its heart.
//!
//! [`engine`] is the pure library (rules, propagation, search, logic); [`cli`] and
//! [`cmd`] are the command line; [`input`] reads puzzle text from files and stdin.

pub mod app;
pub mod cli;
pub mod cmd;
pub mod engine;
pub mod input;
pub mod puzzles;
pub mod store;
