//! What single-digit finders, Sue de Coq and the ALS finders learned on
//! earlier positions of the same solve.
//!
//! A single-digit technique (Locked Candidates, fish of every kind, Skyscraper, 2-String Kite,
//! Empty Rectangle, Simple Colors, Multi-Colors, X-Chain) reads nothing of the board but
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
//! Naked and hidden subsets read one unit, or a unit and the units crossing it
//! (where a locked pair or triple strikes): a unit they searched without
//! finding anything is skipped while none of the units it read has changed
//! (see [`UnitRecall`]).
//!
//! [`Recall`] outlives a position: [`super::StepFinder`] carries it from one
//! step of a solve to the next, while the rest of [`super::cache::Cache`]
//! belongs to one position.

use super::Sink;
use super::als::UnitSets;
use super::technique::Technique;
use crate::engine::board::Board;
use crate::engine::types::{Cell, Digit, GEOMETRY, SIZE, UNITS, Unit};

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

    /// The open cells that hold the digit, as bits of their indices.
    pub(crate) fn open(&self) -> u128 {
        self.open
    }

    /// Per line (rows when `rows`, else columns), the positions where the
    /// digit is an open candidate (bit `i` for the line's `i`-th cell), and the
    /// lines where it is placed, as bits: what the fish finders would read
    /// cell by cell.
    pub(crate) fn lines(&self, rows: bool) -> ([u16; SIZE], u16) {
        let row_bits = |cells: u128, row: usize| (cells >> (SIZE * row)) as u16 & 0x1ff;
        let mut open = [0u16; SIZE];
        let mut placed = 0u16;
        for row in 0..SIZE {
            let (here, held) = (row_bits(self.open, row), row_bits(self.placed, row));
            if rows {
                open[row] = here;
                placed |= u16::from(held != 0) << row;
            } else {
                let mut cols = here;
                while cols != 0 {
                    open[cols.trailing_zeros() as usize] |= 1 << row;
                    cols &= cols - 1;
                }
                placed |= held;
            }
        }
        (open, placed)
    }

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
const REMEMBERED: [Technique; 19] = [
    Technique::LockedCandidatesPointing,
    Technique::LockedCandidatesClaiming,
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
    Technique::XChain,
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
        // Plain loops over the raw digits: this runs for 54 intersections on
        // every position Sue de Coq is asked about.
        let values = board.digits().values();
        let slot = |cell: Cell| match values[cell.index()] {
            0 => board.candidates(cell).bits() as u16,
            _ => Self::PLACED,
        };
        let mut pattern = [0; CROSSING_CELLS];
        for (to, &cell) in pattern.iter_mut().zip(line.cells()) {
            *to = slot(cell);
        }
        let mut next = SIZE;
        for &cell in boxed.cells() {
            if !line.contains(cell)
                && let Some(to) = pattern.get_mut(next)
            {
                *to = slot(cell);
                next += 1;
            }
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
    /// Which units the subset finders found nothing in.
    pub(crate) units: UnitRecall,
}

impl Default for Recall {
    fn default() -> Self {
        Recall {
            failed: [[DigitPattern::NONE; SIZE]; REMEMBERED.len()],
            crossings: [CrossingPattern::NONE; CROSSINGS],
            unit_sets: UnitSets::default(),
            units: UnitRecall::default(),
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

/// The unit finders [`UnitRecall`] keeps a slot for.
const UNIT_FINDERS: [Technique; 6] = [
    Technique::NakedPair,
    Technique::NakedTriple,
    Technique::NakedQuad,
    Technique::HiddenPair,
    Technique::HiddenTriple,
    Technique::HiddenQuad,
];

fn unit_slot(technique: Technique) -> usize {
    UNIT_FINDERS
        .iter()
        .position(|&t| t == technique)
        .unwrap_or_else(|| panic!("{technique} is not a unit technique"))
}

/// Per unit (by [`Unit::index`]), the units crossing it in more than one
/// cell, as bits: a line's three boxes, a box's three rows and three columns.
const CROSSING: [u32; UNITS] = {
    let mut crossing = [0u32; UNITS];
    let mut i = 0;
    while i < SIZE {
        let band = i / 3 * 3;
        let stack = i / 3;
        let (row, col, boxed) = (i, SIZE + i, 2 * SIZE + i);
        let mut k = 0;
        while k < 3 {
            crossing[row] |= 1 << (2 * SIZE + band + k);
            crossing[col] |= 1 << (2 * SIZE + stack + 3 * k);
            crossing[boxed] |= 1 << (band + k) | 1 << (SIZE + i % 3 * 3 + k);
            k += 1;
        }
        i += 1;
    }
    crossing
};

/// The units a unit finder reads when it searches `unit`, as bits by
/// [`Unit::index`]: hidden subsets and naked quads read the unit alone; a naked
/// pair or triple may strike in the box or line its cells also share, so
/// those read the units crossing `unit` too.
fn units_read(technique: Technique, unit: usize) -> u32 {
    let own = 1u32 << unit;
    match technique {
        Technique::HiddenPair
        | Technique::HiddenTriple
        | Technique::HiddenQuad
        | Technique::NakedQuad => own,
        _ => own | CROSSING[unit],
    }
}

/// When each unit last changed, on a clock that ticks once per position seen,
/// and per unit finder and unit the tick at which a search there found
/// nothing: a unit whose read units have not changed since is not searched
/// again. Exact as the single-digit recall: a unit's change is read from the
/// digits' patterns (candidates and placed digits), all a unit finder reads.
pub(crate) struct UnitRecall {
    /// The patterns of the position last seen.
    seen: [DigitPattern; SIZE],
    clock: u32,
    changed: [u32; UNITS],
    nothing: [[u32; UNITS]; UNIT_FINDERS.len()],
}

impl Default for UnitRecall {
    fn default() -> Self {
        UnitRecall {
            seen: [DigitPattern::NONE; SIZE],
            clock: 0,
            changed: [0; UNITS],
            nothing: [[0; UNITS]; UNIT_FINDERS.len()],
        }
    }
}

impl UnitRecall {
    /// Moves the clock to the position whose digit patterns are `patterns`
    /// (nothing changes when it is the one last seen).
    fn see(&mut self, patterns: &[DigitPattern; SIZE]) {
        if self.seen == *patterns {
            return;
        }
        let cells = self
            .seen
            .iter()
            .zip(patterns)
            .fold(0u128, |acc, (old, new)| {
                acc | (old.open ^ new.open) | (old.placed ^ new.placed)
            });
        self.seen = *patterns;
        self.clock += 1;
        for (unit, changed) in self.changed.iter_mut().enumerate() {
            if GEOMETRY.unit_masks[unit] & cells != 0 {
                *changed = self.clock;
            }
        }
    }

    /// Whether `technique` found nothing in `unit` since the units it reads last changed.
    fn found_nothing(&self, technique: Technique, unit: usize) -> bool {
        let slot = unit_slot(technique);
        let since = self.nothing[slot][unit];
        let mut reads = units_read(technique, unit);
        while reads != 0 {
            let read = reads.trailing_zeros() as usize;
            reads &= reads - 1;
            if self.changed[read] > since {
                return false;
            }
        }
        true
    }

    fn note_nothing(&mut self, technique: Technique, unit: usize) {
        self.nothing[unit_slot(technique)][unit] = self.clock;
    }
}

/// Runs the unit finder `technique`'s `search` in each unit of `units`,
/// skipping those it found nothing in since the units it reads last changed
/// (debug builds search them anyway and check that), and notes those it finds
/// nothing in now. `search` reports into the sink and returns whether the sink
/// is full (then the loop stops).
pub(crate) fn each_unit(
    board: &Board,
    sink: &mut Sink,
    technique: Technique,
    units: impl IntoIterator<Item = usize>,
    mut search: impl FnMut(&mut Sink, usize) -> bool,
) {
    let patterns = sink.cache().patterns(board);
    sink.cache().recall().units.see(&patterns);
    for unit in units {
        let skip = sink.cache().recall().units.found_nothing(technique, unit);
        if skip && !cfg!(debug_assertions) {
            continue;
        }
        let kept = sink.kept();
        if search(sink, unit) {
            debug_assert!(
                !skip,
                "{technique} found something in a unit it was sure of"
            );
            return;
        }
        if sink.kept() == kept {
            sink.cache().recall().units.note_nothing(technique, unit);
        } else {
            debug_assert!(
                !skip,
                "{technique} found something in a unit it was sure of"
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crossing_units_share_more_than_one_cell() {
        for (unit, &crossing) in CROSSING.iter().enumerate() {
            let cells = GEOMETRY.unit_masks[unit];
            let sharing = (0..UNITS)
                .filter(|&u| u != unit && (GEOMETRY.unit_masks[u] & cells).count_ones() >= 2)
                .fold(0u32, |acc, u| acc | 1 << u);
            assert_eq!(crossing, sharing, "unit {unit}");
        }
    }
}
