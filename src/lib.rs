//! pencilmark: a Sudoku player for the terminal with a solver engine at its heart.
//!
//! [`engine`] is the pure library (rules, propagation, search, logic); [`cli`] and
//! [`cmd`] are the command line; [`input`] reads puzzle text from files and stdin.

// The engine is written to be read, private items included
// (`cargo doc --document-private-items`): a module's overview links to the
// private finders and helpers it is made of, which rustdoc then renders.
#![allow(rustdoc::private_intra_doc_links)]

pub mod app;
pub mod cli;
pub mod cmd;
pub mod engine;
pub mod input;
pub mod puzzles;
pub mod store;
