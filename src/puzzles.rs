//! Puzzles compiled into the binary, so the player works from any directory.

use crate::engine::Grid;
use crate::engine::parse;

/// Famous named puzzles, one per line: the puzzle, then its name.
const FAMOUS: &str = include_str!("../puzzles/famous.txt");

/// A bundled puzzle with its name.
#[derive(Clone, Debug)]
pub struct Named {
    pub name: String,
    pub givens: Grid,
}

/// The famous named puzzles.
pub fn famous() -> Vec<Named> {
    FAMOUS
        .lines()
        .enumerate()
        .filter(|(_, line)| !parse::is_skippable(line))
        .map(|(i, line)| Named {
            name: line.get(82..).unwrap_or("").trim().to_string(),
            givens: parse::parse_line(line, i + 1).expect("bundled puzzles are valid"),
        })
        .collect()
}

/// The puzzle a new player gets when nothing else is asked for.
pub fn starter() -> Named {
    famous().pop().expect("the famous list is not empty")
}
