//! Cheap, exact rejection before grading: whether the easiest techniques alone
//! solve a puzzle, on plain bitmasks.
//!
//! Most fresh minimal puzzles are easy (about 60% need nothing above Medium), and
//! the grader spends a quarter of a millisecond on each of them building steps,
//! their text and their ratings. A generator asking for a harder level only needs
//! to know that they are too easy, which this answers in a few microseconds; and
//! `generate --needs` of one of these techniques learns exactly whether the
//! technique is the puzzle's hardest step (its prefix solves the puzzle, the
//! prefix before it does not) without grading the thousands of puzzles it throws
//! away.
//!
//! Exact, not a heuristic: a [`Closure`] applies a prefix of [`Technique::ALL`]
//! (the singles, then up to Empty Rectangle), the grader's techniques, and they are
//! monotone: a pattern on a board is still there, or has turned into singles, once
//! more candidates are gone. So if the closure solves the puzzle, then at every
//! point of the grader's easiest-first path one of them applies and the grader
//! never reaches a later technique; and the other way round, a puzzle the grader
//! solves with that prefix is solved by the closure. `tests` check the
//! equivalence against the grader for every prefix.
//!
//! One exception to monotony: the Empty Rectangle needs three places for its
//! digit in its box, and when a third goes its deduction (a box pair joined to
//! a line pair) is none of the grader's techniques up to it. On such a board the
//! closure and the grader could part; the tests have not met one. The generator
//! grades every puzzle it keeps, so a disagreement could only throw a puzzle
//! away, never print one the grader does not agree with.

use crate::engine::board::Board;
use crate::engine::grid::Grid;
use crate::engine::logic::{Step, Technique};
use crate::engine::types::{CELLS, Candidates, Cell, SIZE, UNITS};

mod single_digit;

/// How many techniques of [`Technique::ALL`] a closure can apply: the singles
/// through Empty Rectangle.
pub(super) const SIEVED: usize = 17;

/// The first techniques of [`Technique::ALL`], always the three singles and at
/// most through Empty Rectangle.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Closure {
    /// How many techniques of [`Technique::ALL`]: 3..=[`SIEVED`].
    len: usize,
}

impl Closure {
    /// The techniques before `technique` (as many as the sieve knows), when they
    /// include the singles.
    pub fn before(technique: Technique) -> Option<Closure> {
        Closure::of_len(position(technique).min(SIEVED))
    }

    /// The techniques up to and including `technique`, when the sieve knows them.
    pub fn through(technique: Technique) -> Option<Closure> {
        Closure::of_len(position(technique) + 1)
    }

    /// The techniques below `level`, as many as the sieve knows.
    pub fn below(level: crate::engine::grade::Level) -> Option<Closure> {
        let below = Technique::ALL
            .iter()
            .take_while(|t| t.level() < level)
            .count();
        Closure::of_len(below.min(SIEVED))
    }

    fn of_len(len: usize) -> Option<Closure> {
        (3..=SIEVED).contains(&len).then_some(Closure { len })
    }
}

fn position(technique: Technique) -> usize {
    Technique::ALL
        .iter()
        .position(|&t| t == technique)
        .expect("every technique is in ALL")
}

/// Whether the techniques of `closure`, applied until none applies, solve
/// `givens`. Meant for a puzzle with exactly one solution; on any other the answer
/// is `false` as soon as a contradiction shows.
#[cfg(test)]
fn solves(givens: &Grid, closure: Closure) -> bool {
    first_solving(givens, &[closure]).is_some()
}

/// Which of `closures` (longer and longer prefixes) is the first to solve
/// `givens`, if any: `solves` (the tests' one-closure form) for each, in one run, since each one carries on
/// from where the one before it stopped (by monotony its candidates are still
/// there).
pub fn first_solving(givens: &Grid, closures: &[Closure]) -> Option<usize> {
    debug_assert!(closures.windows(2).all(|pair| pair[0].len < pair[1].len));
    let mut position = Position::new(givens)?;
    for (index, closure) in closures.iter().enumerate() {
        match position.close(&Technique::ALL[3..closure.len]) {
            Ok(true) => return Some(index),
            Ok(false) => {}
            Err(Contradiction) => return None,
        }
    }
    None
}

/// Some cell has run out of candidates: no solution from here.
pub(super) struct Contradiction;

/// Bit `i` for each of the 81 cells.
const ALL_CELLS: u128 = (1 << CELLS) - 1;

/// The cells of each unit, rows then columns then boxes (as
/// [`Unit::new`](crate::engine::types::Unit::new)).
const UNIT_CELLS: [[u8; SIZE]; UNITS] = {
    let mut units = [[0u8; SIZE]; UNITS];
    let mut i = 0;
    while i < SIZE {
        let mut j = 0;
        while j < SIZE {
            units[i][j] = (i * SIZE + j) as u8;
            units[SIZE + i][j] = (j * SIZE + i) as u8;
            units[2 * SIZE + i][j] = ((i / 3 * 3 + j / 3) * SIZE + i % 3 * 3 + j % 3) as u8;
            j += 1;
        }
        i += 1;
    }
    units
};

/// Each unit's cells as a bitboard.
const UNIT_MASKS: [u128; UNITS] = {
    let mut masks = [0u128; UNITS];
    let mut unit = 0;
    while unit < UNITS {
        let mut j = 0;
        while j < SIZE {
            masks[unit] |= 1 << UNIT_CELLS[unit][j];
            j += 1;
        }
        unit += 1;
    }
    masks
};

/// Each cell's peers as a bitboard.
const PEER_MASKS: [u128; CELLS] = {
    let mut masks = [0u128; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        let (row, col) = (cell / SIZE, cell % SIZE);
        let boxed = row / 3 * 3 + col / 3;
        masks[cell] = (UNIT_MASKS[row] | UNIT_MASKS[SIZE + col] | UNIT_MASKS[2 * SIZE + boxed])
            & !(1 << cell);
        cell += 1;
    }
    masks
};

/// Candidates digit by digit: bit `cell` of `places[d]` is set while digit
/// `d + 1` is a candidate of the open `cell`. Bitboards keep a sweep of a
/// technique over the grid to a few hundred word operations.
pub(super) struct Position {
    places: [u128; SIZE],
    /// Bit `i` set while cell `i` is open.
    open: u128,
    /// The cells whose candidates the sweep under way must look at: those
    /// changed since the same technique's last sweep began, and those it has
    /// struck from since (a unit none of whose cells changed gives what it gave
    /// then: nothing, as its eliminations would have changed it).
    dirty: u128,
    /// The digits whose places changed since the same technique's last sweep began.
    dirty_digits: u16,
    /// `places` when each technique's last sweep began (slot: its position in
    /// [`Technique::ALL`] after the singles), and which slots hold one (bit).
    swept_from: [[u128; SIZE]; SIEVED - 3],
    swept: u32,
}

impl Position {
    pub(super) fn new(givens: &Grid) -> Option<Position> {
        let mut position = Position {
            places: [ALL_CELLS; SIZE],
            open: ALL_CELLS,
            dirty: ALL_CELLS,
            dirty_digits: 0,
            swept_from: [[0; SIZE]; SIEVED - 3],
            swept: 0,
        };
        for (cell, &value) in givens.values().iter().enumerate() {
            if value != 0 {
                let digit = value as usize - 1;
                if position.places[digit] >> cell & 1 == 0 {
                    return None;
                }
                position.place(cell, digit);
            }
        }
        Some(position)
    }

    fn place(&mut self, cell: usize, digit: usize) {
        let bit = 1u128 << cell;
        for places in &mut self.places {
            *places &= !bit;
        }
        self.places[digit] &= !PEER_MASKS[cell];
        self.open &= !bit;
    }

    /// The singles and then `techniques` (easiest first, back to the singles
    /// after the first that helps) until none applies: whether that solved it.
    fn close(&mut self, techniques: &[Technique]) -> Result<bool, Contradiction> {
        loop {
            if self.open == 0 {
                return Ok(true);
            }
            if !self.singles()? && !techniques.iter().any(|&t| self.apply(t)) {
                return Ok(false);
            }
        }
    }

    /// [`Position::close`] with every technique the sieve has.
    pub(super) fn close_sieved(&mut self) -> Result<bool, Contradiction> {
        self.close(&Technique::ALL[Technique::SINGLES.len()..SIEVED])
    }

    /// The grader's board of this position; a cell the closure filled gets
    /// `solution`'s digit (sound deductions on a puzzle with one solution place
    /// nothing else).
    pub(super) fn board(&self, solution: &Grid) -> Board {
        let mut candidates = [0u16; CELLS];
        for (digit, &places) in self.places.iter().enumerate() {
            let mut places = places;
            while places != 0 {
                candidates[places.trailing_zeros() as usize] |= 1 << digit;
                places &= places - 1;
            }
        }
        let mut board = Board {
            candidates: candidates.map(|bits| Candidates::from_bits(bits.into())),
            digits: Grid::empty(),
        };
        for cell in Cell::all().filter(|cell| self.open >> cell.index() & 1 == 0) {
            let digit = solution.get(cell).expect("a solution is complete");
            board.digits.set(cell, Some(digit));
            board.candidates[cell.index()] = Candidates::single(digit);
        }
        board
    }

    /// Applies a step of the grader found on [`Position::board`].
    pub(super) fn take(&mut self, step: &Step) {
        for &(cell, digit) in &step.placements {
            if self.open >> cell.index() & 1 == 1 {
                self.place(cell.index(), digit.index());
            }
        }
        for &(cell, digit) in &step.eliminations {
            self.strike(digit.index(), 1 << cell.index());
        }
    }

    /// Places every naked and hidden single found in one sweep.
    fn singles(&mut self) -> Result<bool, Contradiction> {
        let (mut once, mut more) = (0u128, 0u128);
        for &places in &self.places {
            more |= once & places;
            once |= places;
        }
        if once & self.open != self.open {
            return Err(Contradiction);
        }
        let mut naked = once & !more & self.open;
        let mut progress = naked != 0;
        while naked != 0 {
            let cell = naked.trailing_zeros() as usize;
            naked &= naked - 1;
            // An earlier placement of this sweep may have taken its digit: the
            // next sweep finds the cell empty.
            if let Some(digit) = (0..SIZE).find(|&d| self.places[d] >> cell & 1 == 1) {
                self.place(cell, digit);
            }
        }
        for digit in 0..SIZE {
            for mask in UNIT_MASKS {
                let places = self.places[digit] & mask;
                if places != 0 && places & (places - 1) == 0 {
                    self.place(places.trailing_zeros() as usize, digit);
                    progress = true;
                }
            }
        }
        Ok(progress)
    }

    /// One sweep of `technique` (one after the singles, through Empty Rectangle) over
    /// the whole grid; whether any candidate went.
    fn apply(&mut self, technique: Technique) -> bool {
        use Technique::*;
        let slot = position(technique) - Technique::SINGLES.len();
        (self.dirty, self.dirty_digits) = (ALL_CELLS, (1 << SIZE) - 1);
        if self.swept >> slot & 1 == 1 {
            (self.dirty, self.dirty_digits) = (0, 0);
            for (digit, (now, then)) in self.places.iter().zip(&self.swept_from[slot]).enumerate() {
                self.dirty |= now ^ then;
                self.dirty_digits |= u16::from(now != then) << digit;
            }
        }
        self.swept_from[slot] = self.places;
        self.swept |= 1 << slot;
        match technique {
            LockedCandidatesPointing => self.locked_candidates(2 * SIZE..UNITS),
            LockedCandidatesClaiming => self.locked_candidates(0..2 * SIZE),
            NakedPair => self.naked_subsets(2),
            NakedTriple => self.naked_subsets(3),
            NakedQuad => self.naked_subsets(4),
            HiddenPair => self.hidden_subsets(2),
            HiddenTriple => self.hidden_subsets(3),
            HiddenQuad => self.hidden_subsets(4),
            XWing => self.fish(2),
            Swordfish => self.fish(3),
            Jellyfish => self.fish(4),
            Skyscraper => self.skyscraper(),
            TwoStringKite => self.two_string_kite(),
            EmptyRectangle => self.empty_rectangle(),
            _ => unreachable!("{technique:?} is not sieved"),
        }
    }

    /// Removes the cells of `mask` from `digit`'s places; whether any went.
    fn strike(&mut self, digit: usize, mask: u128) -> bool {
        let gone = self.places[digit] & mask;
        self.places[digit] &= !mask;
        self.dirty |= gone;
        gone != 0
    }

    /// Whether the sweep under way must look at `unit`: some cell of it changed.
    fn is_dirty(&self, unit: usize) -> bool {
        self.dirty & UNIT_MASKS[unit] != 0
    }

    /// Pointing (a box's digit confined to one line) when `units` are the boxes,
    /// claiming (a line's digit confined to one box) when they are the lines.
    fn locked_candidates(&mut self, units: std::ops::Range<usize>) -> bool {
        let mut progress = false;
        for unit in units {
            if !self.is_dirty(unit) {
                continue;
            }
            let mask = UNIT_MASKS[unit];
            for digit in 0..SIZE {
                let places = self.places[digit] & mask;
                if places == 0 {
                    continue;
                }
                let cell = places.trailing_zeros() as usize;
                let (row, col) = (cell / SIZE, cell % SIZE);
                let crossing = match unit >= 2 * SIZE {
                    true => [row, SIZE + col],
                    false => [2 * SIZE + row / 3 * 3 + col / 3; 2],
                };
                for other in crossing {
                    let other_mask = UNIT_MASKS[other];
                    if places & !other_mask == 0 {
                        progress |= self.strike(digit, other_mask & !mask);
                    }
                }
            }
        }
        progress
    }

    /// `size` open cells of a unit holding only `size` digits between them:
    /// those digits go from the unit's other cells.
    fn naked_subsets(&mut self, size: usize) -> bool {
        let mut progress = false;
        // The candidates as the sweep begins, for every unit it looks at (the
        // units changed since the last sweep began: a unit its own strikes
        // change later would be looked at with these same candidates, which
        // gave nothing new last time).
        let dirty_units = (0..UNITS)
            .filter(|&unit| self.is_dirty(unit))
            .fold(0u32, |units, unit| units | 1 << unit);
        let look = (0..UNITS)
            .filter(|&unit| dirty_units >> unit & 1 == 1)
            .fold(0, |cells, unit| cells | UNIT_MASKS[unit]);
        if look == 0 {
            return false;
        }
        let mut candidates = [0u16; CELLS];
        for (digit, &places) in self.places.iter().enumerate() {
            let mut places = places & look;
            while places != 0 {
                candidates[places.trailing_zeros() as usize] |= 1 << digit;
                places &= places - 1;
            }
        }
        for unit in (0..UNITS).filter(|&unit| dirty_units >> unit & 1 == 1) {
            let mut open = [(0usize, 0u16); SIZE];
            let mut count = 0;
            for &cell in &UNIT_CELLS[unit] {
                let cell = cell as usize;
                if self.open >> cell & 1 == 1 {
                    open[count] = (cell, candidates[cell]);
                    count += 1;
                }
            }
            if count <= size {
                continue;
            }
            // A cell with more than `size` candidates is in no such subset.
            let (mut small, mut fits) = ([(0usize, 0u16); SIZE], 0);
            for &(cell, bits) in &open[..count] {
                if bits.count_ones() as usize <= size {
                    small[fits] = (cell, bits);
                    fits += 1;
                }
            }
            let mut bits = [0u16; SIZE];
            for (slot, &(_, digits)) in bits.iter_mut().zip(&small[..fits]) {
                *slot = digits;
            }
            tight_subsets(&bits[..fits], size, &mut |chosen, digits| {
                let keep = (0..fits)
                    .filter(|&j| chosen >> j & 1 == 1)
                    .fold(0u128, |keep, j| keep | 1 << small[j].0);
                let others = UNIT_MASKS[unit] & !keep;
                for digit in (0..SIZE).filter(|&d| digits >> d & 1 == 1) {
                    progress |= self.strike(digit, others);
                }
            });
        }
        progress
    }

    /// `size` digits of a unit confined to as many cells between them: the other
    /// digits go from those cells.
    fn hidden_subsets(&mut self, size: usize) -> bool {
        let mut progress = false;
        for (unit, mask) in UNIT_MASKS.into_iter().enumerate() {
            if !self.is_dirty(unit) {
                continue;
            }
            let mut unplaced = [(0usize, 0u128); SIZE];
            let mut count = 0;
            for digit in 0..SIZE {
                let places = self.places[digit] & mask;
                if places != 0 {
                    unplaced[count] = (digit, places);
                    count += 1;
                }
            }
            if count <= size {
                continue;
            }
            // A digit with more than `size` places is in no such subset.
            let (mut few, mut fits) = ([(0usize, 0u128); SIZE], 0);
            for &(digit, places) in &unplaced[..count] {
                if places.count_ones() as usize <= size {
                    few[fits] = (digit, places);
                    fits += 1;
                }
            }
            let mut spots = [0u128; SIZE];
            for (slot, &(_, places)) in spots.iter_mut().zip(&few[..fits]) {
                *slot = places;
            }
            tight_subsets(&spots[..fits], size, &mut |chosen, spots| {
                let digits = (0..fits)
                    .filter(|&j| chosen >> j & 1 == 1)
                    .fold(0u16, |digits, j| digits | 1 << few[j].0);
                for digit in (0..SIZE).filter(|&d| digits >> d & 1 == 0) {
                    progress |= self.strike(digit, spots);
                }
            });
        }
        progress
    }

    /// Basic fish of `size` lines, rows as base and then columns: a digit whose
    /// places in `size` lines all lie in `size` crossing lines leaves the rest of
    /// those crossing lines.
    fn fish(&mut self, size: usize) -> bool {
        let mut progress = false;
        for digit in 0..SIZE {
            // A digit whose places are as they were gives nothing new (its
            // strikes touch that digit alone).
            if self.dirty_digits >> digit & 1 == 0 {
                continue;
            }
            for base in [0, SIZE] {
                let cross = SIZE - base;
                let (mut lines, mut acrosses) = ([0u128; SIZE], [0u16; SIZE]);
                let mut count = 0;
                for line in 0..SIZE {
                    let line_mask = UNIT_MASKS[base + line];
                    let places = self.places[digit] & line_mask;
                    let across = (0..SIZE)
                        .filter(|&i| places & UNIT_MASKS[cross + i] != 0)
                        .fold(0u16, |across, i| across | 1 << i);
                    if (1..=size as u32).contains(&across.count_ones()) {
                        (lines[count], acrosses[count]) = (line_mask, across);
                        count += 1;
                    }
                }
                tight_subsets(&acrosses[..count], size, &mut |chosen, covers| {
                    let base_cells = (0..count)
                        .filter(|&i| chosen >> i & 1 == 1)
                        .fold(0u128, |cells, i| cells | lines[i]);
                    let cover_cells = (0..SIZE)
                        .filter(|&i| covers >> i & 1 == 1)
                        .fold(0u128, |cells, i| cells | UNIT_MASKS[cross + i]);
                    progress |= self.strike(digit, cover_cells & !base_cells);
                });
            }
        }
        progress
    }
}

/// Bit counts of the two kinds of sets the subset finders join.
trait Ones: Copy + Default + std::ops::BitOr<Output = Self> {
    fn ones(self) -> usize;
}

impl Ones for u16 {
    fn ones(self) -> usize {
        self.count_ones() as usize
    }
}

impl Ones for u128 {
    fn ones(self) -> usize {
        self.count_ones() as usize
    }
}

/// Every choice of `size` of `items` whose bits number exactly `size` between
/// them, passed to `found` as (the chosen items, bit `i` for item `i`; their
/// bits joined). A partial choice already past `size` bits is dropped with
/// every choice that extends it, where going through all the combinations
/// (126 of four among nine) cost a pass over the items for each.
fn tight_subsets<B: Ones>(items: &[B], size: usize, found: &mut impl FnMut(u32, B)) {
    fn walk<B: Ones>(
        items: &[B],
        size: usize,
        start: usize,
        (count, chosen, union): (usize, u32, B),
        found: &mut impl FnMut(u32, B),
    ) {
        for i in start..=items.len() + count - size {
            let joined = union | items[i];
            if joined.ones() > size {
                continue;
            }
            let chosen = chosen | 1 << i;
            if count + 1 < size {
                walk(items, size, i + 1, (count + 1, chosen, joined), found);
            } else if joined.ones() == size {
                found(chosen, joined);
            }
        }
    }
    if (1..=items.len()).contains(&size) {
        walk(items, size, 0, (0, 0, B::default()), found);
    }
}

#[cfg(test)]
mod tests;
