//! What single-digit finders, Sue de Coq and the ALS finders learned on
//! earlier positions of the same solve.
//!
//! A single-digit technique (fish of every kind, Skyscraper, 2-String Kite,
//! Empty Rectangle, Simple Colors, Multi-Colors) reads nothing of the board but
//! one digit's pattern: the open cells that hold it and the cells where it is
//! placed. If it found nothing for digit d on one position, it finds nothing for
//! d again on any position where d's pattern is the same, so a solve that asks
//! it again (most steps of a solve change two or three digits) skips that digit.
//! The answer is exact: nothing is remembered but the pattern a search failed on.
//!
//! Sue de Coq, in the same way, reads nothing of the board but one box-line
//! intersection's cells (the line and the rest of the box): an intersection it
//! found nothing on is skipped while those cells keep their candidates. And
//! the almost locked sets of a unit are a function of its cells alone: they
//! are kept with those cells and built again only for a unit a step changed.
//!
//! [`Recall`] outlives a position: [`super::StepFinder`] carries it from one
//! step of a solve to the next, while the rest of [`super::cache::Cache`]
//! belongs to one position.

use super::Sink;
use super::als::UnitSets;
use super::technique::Technique;
use crate::engine::board::Board;
use crate::engine::types::{Digit, SIZE, Unit};

/// One digit's pattern on a board: bit `i` of `open` when cell `i` is open and
/// holds the digit as a candidate, of `placed` when the digit is placed there.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct DigitPattern {
    open: u128,
    placed: u128,
}

impl DigitPattern {
    /// Matches no board's pattern (no board has a cell 127).
    const NONE: DigitPattern = DigitPattern {
        open: u128::MAX,
        placed: u128::MAX,
    };

    /// Every digit's pattern on `board`, in one pass over the cells.
    pub(crate) fn all(board: &Board) -> [DigitPattern; SIZE] {
        let mut patterns = [DigitPattern { open: 0, placed: 0 }; SIZE];
        let values = board.digits().values();
        for (cell, &value) in values.iter().enumerate() {
            let bit = 1u128 << cell;
            match value {
                0 => {
                    let mut bits = board.candidates[cell].bits();
                    while bits != 0 {
                        let index = bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        if let Some(pattern) = patterns.get_mut(index) {
                            pattern.open |= bit;
                        }
                    }
                }
                value => patterns[usize::from(value) - 1].placed |= bit,
            }
        }
        patterns
    }
}

/// The single-digit techniques [`Recall`] keeps a pattern for, one slot each.
const REMEMBERED: [Technique; 16] = [
    Technique::XWing,
    Technique::Swordfish,
    Technique::Jellyfish,
    Technique::Skyscraper,
    Technique::TwoStringKite,
    Technique::EmptyRectangle,
    Technique::SimpleColorsTrap,
    Technique::SimpleColorsWrap,
    Technique::MultiColors1,
    Technique::MultiColors2,
    Technique::FinnedXWing,
    Technique::SashimiXWing,
    Technique::FinnedSwordfish,
    Technique::SashimiSwordfish,
    Technique::FinnedJellyfish,
    Technique::SashimiJellyfish,
];

/// Each technique's slot in [`REMEMBERED`] (`u8::MAX`: not remembered), a table
/// so that the lookup on every digit of every finder costs one load.
const SLOTS: [u8; Technique::ALL.len()] = {
    let mut slots = [u8::MAX; Technique::ALL.len()];
    let mut i = 0;
    while i < REMEMBERED.len() {
        slots[REMEMBERED[i] as usize] = i as u8;
        i += 1;
    }
    slots
};

fn slot(technique: Technique) -> usize {
    let slot = SLOTS[technique as usize];
    assert!(
        slot != u8::MAX,
        "{technique} is not a single-digit technique"
    );
    usize::from(slot)
}

/// How many box-line intersections there are: each box with its three rows
/// and its three columns.
pub(crate) const CROSSINGS: usize = SIZE * 6;

/// Cells in what Sue de Coq reads of one intersection: a line's nine and the
/// box's six outside the line.
const CROSSING_CELLS: usize = 15;

/// What Sue de Coq reads of one box-line intersection: the candidates of the
/// line's cells and of the box's cells outside it (a placed cell as `PLACED`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct CrossingPattern([u16; CROSSING_CELLS]);

impl CrossingPattern {
    /// A placed cell (no candidate mask has this bit).
    const PLACED: u16 = 1 << 15;

    /// Matches no board's pattern.
    const NONE: CrossingPattern = CrossingPattern([u16::MAX; CROSSING_CELLS]);

    /// The pattern of `line` and the cells of `boxed` outside it.
    pub(crate) fn of(board: &Board, line: Unit, boxed: Unit) -> CrossingPattern {
        let mut pattern = [0; CROSSING_CELLS];
        let cells = line
            .cells()
            .iter()
            .chain(boxed.cells().iter().filter(|&&c| !line.contains(c)));
        for (slot, &cell) in pattern.iter_mut().zip(cells) {
            *slot = match board.digit(cell) {
                Some(_) => Self::PLACED,
                None => board.candidates(cell).bits(),
            };
        }
        CrossingPattern(pattern)
    }
}

/// Per single-digit technique and digit, the pattern it last found nothing on;
/// per box-line intersection, the pattern Sue de Coq last found nothing on.
pub(crate) struct Recall {
    failed: [[DigitPattern; SIZE]; REMEMBERED.len()],
    crossings: [CrossingPattern; CROSSINGS],
    /// Each unit's almost locked sets with the cells they were built from.
    unit_sets: UnitSets,
}

impl Default for Recall {
    fn default() -> Self {
        Recall {
            failed: [[DigitPattern::NONE; SIZE]; REMEMBERED.len()],
            crossings: [CrossingPattern::NONE; CROSSINGS],
            unit_sets: UnitSets::default(),
        }
    }
}

impl Recall {
    /// Whether `technique` found nothing for `digit` on a position where the
    /// digit's pattern was `pattern`.
    pub(crate) fn found_nothing(
        &self,
        technique: Technique,
        digit: Digit,
        pattern: DigitPattern,
    ) -> bool {
        self.failed[slot(technique)][digit.index()] == pattern
    }

    /// Each unit's almost locked sets as last built (see [`UnitSets`]).
    pub(crate) fn unit_sets(&mut self) -> &mut UnitSets {
        &mut self.unit_sets
    }

    /// Whether Sue de Coq found nothing on intersection `crossing` when it
    /// had `pattern`.
    pub(crate) fn crossing_found_nothing(
        &self,
        crossing: usize,
        pattern: &CrossingPattern,
    ) -> bool {
        self.crossings[crossing] == *pattern
    }

    /// Notes that Sue de Coq finds nothing on intersection `crossing` with `pattern`.
    pub(crate) fn note_crossing_nothing(&mut self, crossing: usize, pattern: CrossingPattern) {
        self.crossings[crossing] = pattern;
    }

    /// Notes that `technique` found nothing for `digit` on `pattern`.
    pub(crate) fn note_nothing(
        &mut self,
        technique: Technique,
        digit: Digit,
        pattern: DigitPattern,
    ) {
        self.failed[slot(technique)][digit.index()] = pattern;
    }
}

/// Runs the single-digit `technique`'s `search` for each digit, skipping the
/// digits it found nothing for on the same pattern before, and notes those it
/// finds nothing for now. `search` reports into the sink and returns whether the
/// sink is full (then the loop stops).
pub(crate) fn each_digit(
    board: &Board,
    sink: &mut Sink,
    technique: Technique,
    mut search: impl FnMut(&mut Sink, Digit) -> bool,
) {
    let patterns = sink.cache().patterns(board);
    for digit in Digit::all() {
        let pattern = patterns[digit.index()];
        if sink.cache().found_nothing(technique, digit, pattern) {
            continue;
        }
        let kept = sink.kept();
        if search(sink, digit) {
            return;
        }
        if sink.kept() == kept {
            sink.cache().note_nothing(technique, digit, pattern);
        }
    }
}
