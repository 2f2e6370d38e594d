//! The engine: a pure library (no terminal, no files, no globals) that knows the
//! rules of Sudoku, propagates constraints, searches, and explains.

mod bitboard;
pub mod board;
pub mod effects;
pub mod formats;
pub mod generate;
pub mod geometry;
pub mod grade;
pub mod grid;
pub mod hint;
pub mod learn;
pub mod logic;
pub mod names;
pub mod parse;
pub mod search;
pub mod trace;
pub mod types;

pub use board::{Board, Contradiction};
pub use geometry::{Geometry, Variant};
pub use grid::Grid;
pub use parse::ParseError;
pub use types::{Candidates, Cell, Digit, Unit};
