//! Puzzles compiled into the binary, so the player works from any directory: a
//! collection per level made by our generator, a few famous named puzzles, and
//! collections of the other shapes (4x4, 6x6, X, Windoku, jigsaw) at two or
//! three levels, also made by the generator.

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

/// A bundled collection of another shape than the classic 9x9, made by
/// `sh puzzles/make.sh shapes`: file `puzzles/<shape>-<level>.txt`.
#[derive(Clone, Copy, Debug)]
pub struct ShapeCollection {
    /// `4x4`, `6x6`, `8x8`, `12x12`, `16x16`, `x`, `windoku`, `jigsaw6`, `jigsaw9`.
    pub shape: &'static str,
    /// The shape logic ladder's grade of every puzzle in the file (easy ones keep
    /// clues while singles solve them; the other levels are minimal).
    pub level: Level,
    /// The file: a `#` header (with `# variant:` where the shape needs one), then
    /// one puzzle a line: the puzzle, a jigsaw's regions, its grade (level,
    /// score, hardest technique).
    pub text: &'static str,
}

impl ShapeCollection {
    /// `6x6-hard`: the file's name without `.txt`.
    pub fn name(&self) -> String {
        format!("{}-{}", self.shape, self.level.key())
    }
}

const fn bundled(shape: &'static str, level: Level, text: &'static str) -> ShapeCollection {
    ShapeCollection { shape, level, text }
}

/// Every bundled collection of another shape, at the levels `puzzles/make.sh`
/// asks for: one to three each, those the generator reaches (a minimal 4x4 is
/// always easy).
pub const SHAPE_COLLECTIONS: [ShapeCollection; 25] = [
    bundled("4x4", Level::Easy, include_str!("../puzzles/4x4-easy.txt")),
    bundled("6x6", Level::Easy, include_str!("../puzzles/6x6-easy.txt")),
    bundled("6x6", Level::Hard, include_str!("../puzzles/6x6-hard.txt")),
    bundled(
        "6x6",
        Level::Expert,
        include_str!("../puzzles/6x6-expert.txt"),
    ),
    bundled("x", Level::Easy, include_str!("../puzzles/x-easy.txt")),
    bundled("x", Level::Medium, include_str!("../puzzles/x-medium.txt")),
    bundled("x", Level::Hard, include_str!("../puzzles/x-hard.txt")),
    bundled("x", Level::Expert, include_str!("../puzzles/x-expert.txt")),
    bundled(
        "windoku",
        Level::Easy,
        include_str!("../puzzles/windoku-easy.txt"),
    ),
    bundled(
        "windoku",
        Level::Medium,
        include_str!("../puzzles/windoku-medium.txt"),
    ),
    bundled(
        "windoku",
        Level::Hard,
        include_str!("../puzzles/windoku-hard.txt"),
    ),
    bundled(
        "jigsaw6",
        Level::Easy,
        include_str!("../puzzles/jigsaw6-easy.txt"),
    ),
    bundled(
        "jigsaw6",
        Level::Medium,
        include_str!("../puzzles/jigsaw6-medium.txt"),
    ),
    bundled(
        "jigsaw6",
        Level::Hard,
        include_str!("../puzzles/jigsaw6-hard.txt"),
    ),
    bundled(
        "jigsaw9",
        Level::Easy,
        include_str!("../puzzles/jigsaw9-easy.txt"),
    ),
    bundled(
        "jigsaw9",
        Level::Medium,
        include_str!("../puzzles/jigsaw9-medium.txt"),
    ),
    bundled(
        "jigsaw9",
        Level::Hard,
        include_str!("../puzzles/jigsaw9-hard.txt"),
    ),
    bundled(
        "jigsaw9",
        Level::Expert,
        include_str!("../puzzles/jigsaw9-expert.txt"),
    ),
    bundled("8x8", Level::Easy, include_str!("../puzzles/8x8-easy.txt")),
    bundled(
        "8x8",
        Level::Medium,
        include_str!("../puzzles/8x8-medium.txt"),
    ),
    bundled("8x8", Level::Hard, include_str!("../puzzles/8x8-hard.txt")),
    bundled(
        "12x12",
        Level::Easy,
        include_str!("../puzzles/12x12-easy.txt"),
    ),
    bundled(
        "12x12",
        Level::Medium,
        include_str!("../puzzles/12x12-medium.txt"),
    ),
    bundled(
        "12x12",
        Level::Hard,
        include_str!("../puzzles/12x12-hard.txt"),
    ),
    bundled(
        "16x16",
        Level::Easy,
        include_str!("../puzzles/16x16-easy.txt"),
    ),
];

/// The bundled collection of another shape called `name` (`6x6-hard`).
pub fn shape_collection(name: &str) -> Option<ShapeCollection> {
    SHAPE_COLLECTIONS.into_iter().find(|c| c.name() == name)
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
