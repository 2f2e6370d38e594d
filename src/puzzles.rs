//! Puzzles compiled into the binary, so the player works from any directory: a
//! collection per level made by our generator, and a few famous named puzzles.

use crate::engine::Grid;
use crate::engine::grade::Level;
use crate::engine::parse;

/// Famous named puzzles, one per line: the puzzle, then its name.
const FAMOUS: &str = include_str!("../puzzles/famous.txt");

/// A bundled puzzle with its name.
#[derive(Clone, Debug)]
pub struct Named {
    /// "Medium #12", or a famous puzzle's name.
    pub name: String,
    /// The puzzle's clues.
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

/// The text of the bundled collection for `level`: a `#` header, then one line per
/// puzzle: the puzzle, its level, score and hardest technique.
pub fn collection_text(level: Level) -> &'static str {
    match level {
        Level::Easy => include_str!("../puzzles/easy.txt"),
        Level::Medium => include_str!("../puzzles/medium.txt"),
        Level::Hard => include_str!("../puzzles/hard.txt"),
        Level::Expert => include_str!("../puzzles/expert.txt"),
        Level::Extreme => include_str!("../puzzles/extreme.txt"),
    }
}

/// The bundled puzzles at `level`, in file order, named "Medium #12" (one-based).
pub fn collection(level: Level) -> Vec<Named> {
    collection_text(level)
        .lines()
        .enumerate()
        .filter(|(_, line)| !parse::is_skippable(line))
        .enumerate()
        .map(|(index, (i, line))| Named {
            name: collection_name(level, index),
            givens: parse::parse_line(line, i + 1).expect("bundled puzzles are valid"),
        })
        .collect()
}

fn collection_name(level: Level, index: usize) -> String {
    let key = level.key();
    let mut title = key[..1].to_ascii_uppercase();
    title.push_str(&key[1..]);
    format!("{title} #{}", index + 1)
}

/// Puzzle number `index` (zero-based) of the collection at `level`, if there is one.
pub fn nth(level: Level, index: usize) -> Option<Named> {
    collection(level).into_iter().nth(index)
}

/// A puzzle of the collection at `level` chosen by `seed` (the same seed, the same puzzle).
pub fn pick(level: Level, seed: u64) -> Named {
    let mut puzzles = collection(level);
    if puzzles.is_empty() {
        // Never in a release (a test checks every collection has puzzles), but no panic either.
        puzzles = famous();
    }
    let index = (seed % puzzles.len() as u64) as usize;
    puzzles.swap_remove(index)
}

/// The puzzle a new player gets when nothing else is asked for: the first medium one.
pub fn starter() -> Named {
    pick(Level::Medium, 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_count_from_one_with_the_level_capitalised() {
        assert_eq!(collection_name(Level::Medium, 0), "Medium #1");
        assert_eq!(collection_name(Level::Extreme, 11), "Extreme #12");
    }

    #[test]
    fn pick_wraps_around_and_is_stable() {
        let all = collection(Level::Easy);
        let wrapped = pick(Level::Easy, all.len() as u64 + 2);
        assert_eq!(wrapped.givens, all[2].givens);
        assert_eq!(wrapped.name, all[2].name);
        assert_eq!(pick(Level::Easy, 5).givens, pick(Level::Easy, 5).givens);
    }

    #[test]
    fn starter_is_a_medium_puzzle() {
        assert_eq!(starter().givens, collection(Level::Medium)[0].givens);
    }
}
