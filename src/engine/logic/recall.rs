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
use super::chains::BarrenXyChains;
use super::medusa::BarrenClusters;
use super::technique::Technique;
use crate::engine::board::Board;
use crate::engine::types::{CELLS, Digit, GEOMETRY, SIZE, UNITS};

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

    /// The cells where the digit is placed, as bits of their indices.
    pub(crate) fn placed(&self) -> u128 {
        self.placed
    }

    /// Every digit's pattern on `board`: the first finder to ask on each
    /// position that reaches Locked Candidates pays for it (~11,500 times
    /// grading 300 hard puzzles), so on x86-64 it reads sixteen cells at a
    /// time with SSE2 (part of that target's baseline).
    pub(crate) fn all(board: &Board) -> [DigitPattern; SIZE] {
        #[cfg(target_arch = "x86_64")]
        {
            let patterns = Self::all_sse2(board);
            debug_assert_eq!(patterns, Self::all_portable(board));
            patterns
        }
        #[cfg(not(target_arch = "x86_64"))]
        Self::all_portable(board)
    }

    /// [`DigitPattern::all`] by SSE2. Per sixteen cells, the candidates are
    /// packed to 16-bit lanes; shifting digit `d`'s bit to a lane's sign,
    /// packing the lanes to bytes (signed saturation keeps the sign) and
    /// masking the open cells gives the digit's open cells in one movemask;
    /// the placed ones come from comparing the cells' digits.
    #[cfg(target_arch = "x86_64")]
    fn all_sse2(board: &Board) -> [DigitPattern; SIZE] {
        use std::arch::x86_64::{
            __m128i, _mm_and_si128, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8,
            _mm_packs_epi16, _mm_packs_epi32, _mm_set_epi32, _mm_set1_epi8, _mm_set1_epi32,
            _mm_setzero_si128, _mm_slli_epi16,
        };
        let values = board.digits().values();
        let bits = |cell: usize| board.candidates[cell].bits() as i32;
        // Per digit, its open and placed cells by sixteen, joined after (a
        // u128 shifted by a varying amount per chunk cost more than SSE2).
        let mut open_parts = [[0u16; CELLS / 16]; SIZE];
        let mut placed_parts = [[0u16; CELLS / 16]; SIZE];
        // SAFETY: each 16-byte load reads bytes 16k to 16k + 15 of the 81
        // digits (k < 5); the rest is plain SSE2 arithmetic on registers.
        unsafe {
            let nine = _mm_set1_epi32(0x1ff);
            let four = |first: usize| {
                let lanes = _mm_set_epi32(
                    bits(first + 3),
                    bits(first + 2),
                    bits(first + 1),
                    bits(first),
                );
                _mm_and_si128(lanes, nine)
            };
            for chunk in 0..CELLS / 16 {
                let first = 16 * chunk;
                let digits: __m128i = _mm_loadu_si128(values.as_ptr().add(first).cast());
                let open = _mm_cmpeq_epi8(digits, _mm_setzero_si128());
                let mut low = _mm_slli_epi16::<7>(_mm_packs_epi32(four(first), four(first + 4)));
                let mut high =
                    _mm_slli_epi16::<7>(_mm_packs_epi32(four(first + 8), four(first + 12)));
                for index in (0..SIZE).rev() {
                    let signs = _mm_and_si128(_mm_packs_epi16(low, high), open);
                    open_parts[index][chunk] = _mm_movemask_epi8(signs) as u16;
                    let here = _mm_cmpeq_epi8(digits, _mm_set1_epi8(index as i8 + 1));
                    placed_parts[index][chunk] = _mm_movemask_epi8(here) as u16;
                    low = _mm_slli_epi16::<1>(low);
                    high = _mm_slli_epi16::<1>(high);
                }
            }
        }
        let join = |parts: &[u16; CELLS / 16]| {
            (parts.iter().enumerate())
                .fold(0u128, |acc, (k, &part)| acc | u128::from(part) << (16 * k))
        };
        let mut patterns: [DigitPattern; SIZE] = std::array::from_fn(|index| DigitPattern {
            open: join(&open_parts[index]),
            placed: join(&placed_parts[index]),
        });
        let last = CELLS / 16 * 16;
        for (cell, &value) in values.iter().enumerate().skip(last) {
            Self::note_cell(&mut patterns, cell, value, board.candidates[cell].bits());
        }
        patterns
    }

    /// Every digit's pattern on `board`, in one pass over the cells.
    #[cfg_attr(all(target_arch = "x86_64", not(debug_assertions)), allow(dead_code))]
    fn all_portable(board: &Board) -> [DigitPattern; SIZE] {
        let mut patterns = [DigitPattern { open: 0, placed: 0 }; SIZE];
        let values = board.digits().values();
        for (cell, &value) in values.iter().enumerate() {
            Self::note_cell(&mut patterns, cell, value, board.candidates[cell].bits());
        }
        patterns
    }

    /// Adds `cell`, with digit `value` (0 when open) and candidates `bits`, to `patterns`.
    fn note_cell(patterns: &mut [DigitPattern; SIZE], cell: usize, value: u8, bits: u32) {
        let bit = 1u128 << cell;
        match value {
            0 => {
                let mut bits = bits;
                while bits != 0 {
                    let index = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    if let Some(pattern) = patterns.get_mut(index) {
                        pattern.open |= bit;
                    }
                }
            }
            value => {
                if let Some(pattern) = patterns.get_mut(usize::from(value) - 1) {
                    pattern.placed |= bit;
                }
            }
        }
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

    /// The pattern of intersection `crossing` (box `b`'s rows are
    /// intersections `6b` to `6b + 2`, its columns `6b + 3` to `6b + 5`): its
    /// line and the cells of the box outside it.
    pub(crate) fn of(board: &Board, crossing: usize) -> CrossingPattern {
        // From a table of the cells: this runs for 54 intersections on every
        // position Sue de Coq is asked about.
        let values = board.digits().values();
        let pattern = CROSSING_CELL_LISTS[crossing].map(|cell| {
            let cell = usize::from(cell);
            match values[cell] {
                0 => board.candidates[cell].bits() as u16,
                _ => Self::PLACED,
            }
        });
        CrossingPattern(pattern)
    }
}

/// Per intersection (see [`CrossingPattern::of`]), its line's cells and then
/// the box's cells outside the line, each ascending.
const CROSSING_CELL_LISTS: [[u8; CROSSING_CELLS]; CROSSINGS] = {
    let mut lists = [[0u8; CROSSING_CELLS]; CROSSINGS];
    let mut crossing = 0;
    while crossing < CROSSINGS {
        let (band, stack, i) = (crossing / 6 / 3 * 3, crossing / 6 % 3 * 3, crossing % 6);
        // Whether (row, col) lies on the intersection's line.
        const fn on_line((band, stack, i): (usize, usize, usize), row: usize, col: usize) -> bool {
            if i < 3 {
                row == band + i
            } else {
                col == stack + i - 3
            }
        }
        let mut next = 0;
        let mut cell = 0;
        while cell < SIZE * SIZE {
            if on_line((band, stack, i), cell / SIZE, cell % SIZE) {
                lists[crossing][next] = cell as u8;
                next += 1;
            }
            cell += 1;
        }
        let mut r = band;
        while r < band + 3 {
            let mut c = stack;
            while c < stack + 3 {
                if !on_line((band, stack, i), r, c) {
                    lists[crossing][next] = (r * SIZE + c) as u8;
                    next += 1;
                }
                c += 1;
            }
            r += 1;
        }
        crossing += 1;
    }
    lists
};

/// The cells whose candidates or placed digit differ between the positions
/// whose digit patterns are `old` and `new`.
pub(crate) fn changed_cells(old: &[DigitPattern; SIZE], new: &[DigitPattern; SIZE]) -> u128 {
    (old.iter().zip(new)).fold(0u128, |acc, (old, new)| {
        acc | (old.open ^ new.open) | (old.placed ^ new.placed)
    })
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
    /// The clusters 3D Medusa found nothing in.
    pub(crate) medusa: BarrenClusters,
    /// The last position XY-Chains found nothing on.
    pub(crate) xy_chains: Option<BarrenXyChains>,
}

impl Default for Recall {
    fn default() -> Self {
        Recall {
            failed: [[DigitPattern::NONE; SIZE]; REMEMBERED.len()],
            crossings: [CrossingPattern::NONE; CROSSINGS],
            unit_sets: UnitSets::default(),
            units: UnitRecall::default(),
            medusa: BarrenClusters::default(),
            xy_chains: None,
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

/// Per unit (by [`Unit::index`](crate::engine::types::Unit::index)), the units crossing it in more than one
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

/// Whether the unit finder in `slot` of [`UNIT_FINDERS`] reads the units
/// crossing the one it searches: a naked pair or triple may strike in the box
/// or line its cells also share; hidden subsets and naked quads read the unit
/// alone.
fn reads_crossing(slot: usize) -> bool {
    matches!(
        UNIT_FINDERS[slot],
        Technique::NakedPair | Technique::NakedTriple
    )
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
    /// Per unit, when it last changed (`[0]`), and when it or a unit crossing
    /// it did (`[1]`): what a finder reading the unit alone, or with the
    /// units crossing it, compares with its tick (see [`reads_crossing`]).
    changed: [[u32; UNITS]; 2],
    nothing: [[u32; UNITS]; UNIT_FINDERS.len()],
}

impl Default for UnitRecall {
    fn default() -> Self {
        UnitRecall {
            seen: [DigitPattern::NONE; SIZE],
            clock: 0,
            changed: [[0; UNITS]; 2],
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
        let cells = changed_cells(&self.seen, patterns);
        self.seen = *patterns;
        self.clock += 1;
        let [own, crossing] = &mut self.changed;
        let mut changed_now = 0u32;
        for (unit, changed) in own.iter_mut().enumerate() {
            if GEOMETRY.unit_masks[unit] & cells != 0 {
                *changed = self.clock;
                changed_now |= 1 << unit;
            }
        }
        for (unit, changed) in crossing.iter_mut().enumerate() {
            if (1 << unit | CROSSING[unit]) & changed_now != 0 {
                *changed = self.clock;
            }
        }
    }

    /// Whether the unit finder in `slot` found nothing in `unit` since the
    /// units it reads last changed.
    fn found_nothing(&self, slot: usize, unit: usize) -> bool {
        self.changed[usize::from(reads_crossing(slot))][unit] <= self.nothing[slot][unit]
    }

    fn note_nothing(&mut self, slot: usize, unit: usize) {
        self.nothing[slot][unit] = self.clock;
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
    let slot = unit_slot(technique);
    for unit in units {
        let skip = sink.cache().recall().units.found_nothing(slot, unit);
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
            sink.cache().recall().units.note_nothing(slot, unit);
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
    use crate::engine::types::Unit;

    #[test]
    fn crossing_cell_lists_hold_the_line_then_the_rest_of_the_box() {
        for (crossing, list) in CROSSING_CELL_LISTS.iter().enumerate() {
            let boxed = Unit::box_at(crossing / 6);
            let (band, stack, i) = (crossing / 6 / 3, crossing / 6 % 3, crossing % 6);
            let line = match i {
                0..3 => Unit::row(3 * band + i),
                _ => Unit::col(3 * stack + i - 3),
            };
            let expected: Vec<usize> = (line.cells().iter())
                .chain(boxed.cells().iter().filter(|&&c| !line.contains(c)))
                .map(|c| c.index())
                .collect();
            let listed: Vec<usize> = list.iter().map(|&c| usize::from(c)).collect();
            assert_eq!(listed, expected, "intersection {crossing}");
        }
    }

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
