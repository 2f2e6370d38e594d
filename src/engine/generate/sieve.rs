//! Cheap, exact rejection before grading: whether the easy techniques alone
//! solve a puzzle, on plain bitmasks.
//!
//! Most fresh minimal puzzles are easy (about 60% need nothing above Medium), and
//! the grader spends a quarter of a millisecond on each of them building steps,
//! their text and their ratings. A generator asking for a harder level only needs
//! to know that they are too easy, which this answers in a few microseconds.
//!
//! Exact, not a heuristic: the techniques here (singles; and for [`Closure::Medium`]
//! locked candidates, naked and hidden pairs and triples) are the grader's
//! techniques of those levels, and they are monotone: a pattern on a board is still
//! there, or has turned into singles, once more candidates are gone. So if their
//! closure solves the puzzle, then at every point of the grader's easiest-first path
//! one of them applies, the grader never reaches a harder technique, and the grade
//! is at most that level; and the other way round, a puzzle graded at that level is
//! solved by the closure. `tests` check the equivalence against the grader.

use crate::engine::grid::Grid;
use crate::engine::logic::combinations;
use crate::engine::types::{CELLS, Cell, SIZE, UNITS, Unit};

/// Which techniques the closure applies.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum Closure {
    /// Full house, hidden and naked singles: the grader's Easy.
    Singles,
    /// Singles, locked candidates (pointing and claiming), naked and hidden pairs
    /// and triples: the grader's Easy and Medium.
    Medium,
}

/// Whether the techniques of `closure`, applied until none applies, solve
/// `givens`. Meant for a puzzle with exactly one solution; on any other the answer
/// is `false` as soon as a contradiction shows.
pub fn solves(givens: &Grid, closure: Closure) -> bool {
    let Some(mut position) = Position::new(givens) else {
        return false;
    };
    loop {
        if position.open == 0 {
            return true;
        }
        let progress = match position.singles() {
            Err(Contradiction) => return false,
            Ok(true) => true,
            Ok(false) => closure >= Closure::Medium && position.medium(),
        };
        if !progress {
            return false;
        }
    }
}

/// Some cell or unit has run out of room: no solution from here.
struct Contradiction;

/// Candidates as 9-bit masks (bit `d - 1` for digit `d`); a placed cell has none.
struct Position {
    candidates: [u16; CELLS],
    /// Bit `i` set while cell `i` is open.
    open: u128,
}

/// Every unit's cells, as plain indices.
fn unit_cells(unit: usize) -> [usize; SIZE] {
    Unit::from_index(unit).cells().map(Cell::index)
}

impl Position {
    fn new(givens: &Grid) -> Option<Position> {
        let mut position = Position {
            candidates: [0x1ff; CELLS],
            open: (1u128 << CELLS) - 1,
        };
        for (cell, &value) in givens.values().iter().enumerate() {
            if value != 0 {
                let bit = 1 << (value - 1);
                if position.candidates[cell] & bit == 0 {
                    return None;
                }
                position.place(cell, bit);
            }
        }
        Some(position)
    }

    fn place(&mut self, cell: usize, bit: u16) {
        self.candidates[cell] = 0;
        self.open &= !(1u128 << cell);
        for peer in Cell::new(cell).peers() {
            self.candidates[peer.index()] &= !bit;
        }
    }

    fn is_open(&self, cell: usize) -> bool {
        self.open >> cell & 1 == 1
    }

    /// Places every naked and hidden single found in one sweep.
    fn singles(&mut self) -> Result<bool, Contradiction> {
        let mut progress = false;
        for cell in 0..CELLS {
            if !self.is_open(cell) {
                continue;
            }
            let bits = self.candidates[cell];
            if bits == 0 {
                return Err(Contradiction);
            }
            if bits.count_ones() == 1 {
                self.place(cell, bits);
                progress = true;
            }
        }
        for unit in 0..UNITS {
            let cells = unit_cells(unit);
            let (mut once, mut more) = (0u16, 0u16);
            for &cell in &cells {
                let bits = self.candidates[cell];
                more |= once & bits;
                once |= bits;
            }
            let mut hidden = once & !more;
            while hidden != 0 {
                let bit = hidden & hidden.wrapping_neg();
                hidden &= hidden - 1;
                // An earlier placement of this sweep may have taken the digit.
                if let Some(&cell) = cells.iter().find(|&&cell| self.candidates[cell] & bit != 0) {
                    self.place(cell, bit);
                    progress = true;
                }
            }
        }
        Ok(progress)
    }

    /// One sweep of locked candidates and of naked and hidden pairs and triples;
    /// whether any candidate went.
    fn medium(&mut self) -> bool {
        let mut progress = false;
        for unit in 0..UNITS {
            progress |= self.locked_candidates(unit);
            progress |= self.naked_subsets(unit);
            progress |= self.hidden_subsets(unit);
        }
        progress
    }

    /// Removes `bits` from the cells of `cells` outside `keep`; whether any went.
    fn eliminate(&mut self, cells: &[usize; SIZE], keep: u16, bits: u16) -> bool {
        let mut progress = false;
        for (i, &cell) in cells.iter().enumerate() {
            if keep >> i & 1 == 0 && self.candidates[cell] & bits != 0 {
                self.candidates[cell] &= !bits;
                progress = true;
            }
        }
        progress
    }

    /// Pointing (a box's digit confined to one line) when `unit` is a box,
    /// claiming (a line's digit confined to one box) when it is a row or column.
    fn locked_candidates(&mut self, unit: usize) -> bool {
        let cells = unit_cells(unit);
        let mut progress = false;
        for bit in (0..SIZE).map(|d| 1u16 << d) {
            let (mut rows, mut cols, mut boxes) = (0u16, 0u16, 0u16);
            for &cell in &cells {
                if self.candidates[cell] & bit != 0 {
                    let at = Cell::new(cell);
                    rows |= 1 << at.row();
                    cols |= 1 << at.col();
                    boxes |= 1 << at.box_index();
                }
            }
            let targets = if unit >= 2 * SIZE {
                [(rows, 0), (cols, SIZE)]
            } else {
                [(boxes, 2 * SIZE), (0, 0)]
            };
            for (mask, first) in targets {
                if mask.count_ones() != 1 {
                    continue;
                }
                let other = first + mask.trailing_zeros() as usize;
                let other_cells = unit_cells(other);
                let inside = other_cells
                    .iter()
                    .enumerate()
                    .filter(|&(_, cell)| cells.contains(cell))
                    .fold(0u16, |keep, (i, _)| keep | 1 << i);
                progress |= self.eliminate(&other_cells, inside, bit);
            }
        }
        progress
    }

    /// Two or three open cells of `unit` holding only two or three digits between
    /// them: those digits go from the unit's other cells.
    fn naked_subsets(&mut self, unit: usize) -> bool {
        let cells = unit_cells(unit);
        let open: Vec<usize> = (0..SIZE).filter(|&i| self.is_open(cells[i])).collect();
        let mut progress = false;
        for size in 2..=3 {
            if open.len() <= size {
                break;
            }
            for chosen in combinations(open.len(), size) {
                let (mut keep, mut digits) = (0u16, 0u16);
                for (j, &i) in open.iter().enumerate() {
                    if chosen >> j & 1 == 1 {
                        keep |= 1 << i;
                        digits |= self.candidates[cells[i]];
                    }
                }
                if digits.count_ones() as usize == size {
                    progress |= self.eliminate(&cells, keep, digits);
                }
            }
        }
        progress
    }

    /// Two or three digits of `unit` confined to as many cells between them: the
    /// other digits go from those cells.
    fn hidden_subsets(&mut self, unit: usize) -> bool {
        let cells = unit_cells(unit);
        let mut places = [0u16; SIZE];
        for (i, &cell) in cells.iter().enumerate() {
            for (digit, place) in places.iter_mut().enumerate() {
                if self.candidates[cell] >> digit & 1 == 1 {
                    *place |= 1 << i;
                }
            }
        }
        let unplaced: Vec<usize> = (0..SIZE).filter(|&d| places[d] != 0).collect();
        let mut progress = false;
        for size in 2..=3 {
            if unplaced.len() <= size {
                break;
            }
            for chosen in combinations(unplaced.len(), size) {
                let (mut digits, mut spots) = (0u16, 0u16);
                for (j, &digit) in unplaced.iter().enumerate() {
                    if chosen >> j & 1 == 1 {
                        digits |= 1 << digit;
                        spots |= places[digit];
                    }
                }
                if spots.count_ones() as usize == size {
                    for (i, &cell) in cells.iter().enumerate() {
                        if spots >> i & 1 == 1 && self.candidates[cell] & !digits != 0 {
                            self.candidates[cell] &= digits;
                            progress = true;
                        }
                    }
                }
            }
        }
        progress
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::generate::{Symmetry, minimize, rng_for, solved_grid};
    use crate::engine::grade::{self, Level};
    use crate::engine::types::Digit;

    /// The sieve's answers against the grader's on fresh minimal puzzles, the
    /// puzzles the generator asks it about.
    #[test]
    fn closures_agree_with_the_grader_on_fresh_puzzles() {
        let mut seen = [0; 3];
        for index in 0..60 {
            let mut rng = rng_for(23, index);
            let puzzle = minimize(&solved_grid(&mut rng), Symmetry::None, &mut rng);
            let level = grade::grade(&puzzle).level;
            assert_eq!(
                solves(&puzzle, Closure::Singles),
                level == Level::Easy,
                "{puzzle:?} graded {level:?}"
            );
            assert_eq!(
                solves(&puzzle, Closure::Medium),
                level <= Level::Medium,
                "{puzzle:?} graded {level:?}"
            );
            seen[(level as usize).min(2)] += 1;
        }
        assert!(
            seen.iter().all(|&n| n > 0),
            "easy, medium, harder: {seen:?}"
        );
    }

    #[test]
    fn contradictory_givens_are_not_solved() {
        let mut givens = Grid::empty();
        givens.set(Cell::new(0), Some(Digit::new(5)));
        givens.set(Cell::new(1), Some(Digit::new(5)));
        assert!(!solves(&givens, Closure::Medium));
    }
}
