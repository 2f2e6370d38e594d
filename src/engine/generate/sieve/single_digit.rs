//! Skyscraper, 2-String Kite and Empty Rectangle on digit bitboards, found as
//! the grader's finders (`logic/single_digit.rs`) find them: from conjugate
//! pairs (a line with exactly two places for the digit), the Empty Rectangle
//! from a box with at least three places.

use super::{PEER_MASKS, Position, UNIT_MASKS};
use crate::engine::types::SIZE;

/// The first box in [`UNIT_MASKS`].
const BOXES: usize = 2 * SIZE;

fn box_of(cell: usize) -> usize {
    cell / SIZE / 3 * 3 + cell % SIZE / 3
}

/// Conjugate pairs of one digit in the rows or the columns: the two cells of each.
struct Pairs {
    cells: [(usize, usize); SIZE],
    len: usize,
}

impl Pairs {
    fn iter(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.cells[..self.len].iter().copied()
    }
}

impl Position {
    /// The conjugate pairs of `digit` in the rows (`first_unit` 0) or the columns
    /// (`first_unit` [`SIZE`]).
    fn conjugate_pairs(&self, digit: usize, first_unit: usize) -> Pairs {
        let mut pairs = Pairs {
            cells: [(0, 0); SIZE],
            len: 0,
        };
        for &line in &UNIT_MASKS[first_unit..first_unit + SIZE] {
            let places = self.places[digit] & line;
            if places.count_ones() == 2 {
                let first = places.trailing_zeros() as usize;
                let second = (places & (places - 1)).trailing_zeros() as usize;
                pairs.cells[pairs.len] = (first, second);
                pairs.len += 1;
            }
        }
        pairs
    }

    /// Two conjugate pairs in parallel lines whose ends on one side share a
    /// crossing line: one of the other two ends holds the digit.
    pub(super) fn skyscraper(&mut self) -> bool {
        let mut progress = false;
        for digit in 0..SIZE {
            for first_unit in [0, SIZE] {
                let cross = |cell: usize| match first_unit {
                    0 => cell % SIZE,
                    _ => cell / SIZE,
                };
                let pairs = self.conjugate_pairs(digit, first_unit);
                for (i, (p, q)) in pairs.iter().enumerate() {
                    for (r, s) in pairs.iter().skip(i + 1) {
                        for (base1, end1) in [(p, q), (q, p)] {
                            for (base2, end2) in [(r, s), (s, r)] {
                                if cross(base1) == cross(base2) && cross(end1) != cross(end2) {
                                    progress |=
                                        self.strike(digit, PEER_MASKS[end1] & PEER_MASKS[end2]);
                                }
                            }
                        }
                    }
                }
            }
        }
        progress
    }

    /// A row pair and a column pair with one end each in the same box: one of
    /// their other ends holds the digit.
    pub(super) fn two_string_kite(&mut self) -> bool {
        let mut progress = false;
        for digit in 0..SIZE {
            let rows = self.conjugate_pairs(digit, 0);
            let cols = self.conjugate_pairs(digit, SIZE);
            for (p, q) in rows.iter() {
                for (r, s) in cols.iter() {
                    if p == r || p == s || q == r || q == s {
                        continue;
                    }
                    for (row_in_box, row_end) in [(p, q), (q, p)] {
                        for (col_in_box, col_end) in [(r, s), (s, r)] {
                            if box_of(row_in_box) == box_of(col_in_box) {
                                progress |=
                                    self.strike(digit, PEER_MASKS[row_end] & PEER_MASKS[col_end]);
                            }
                        }
                    }
                }
            }
        }
        progress
    }

    /// A box whose three or more places lie on one row and one column (and not
    /// on one line), and a conjugate pair with one end on that row (or column)
    /// outside the box: the digit leaves the cell where the pair's other end's
    /// row (column) meets the box's column (row).
    pub(super) fn empty_rectangle(&mut self) -> bool {
        let mut progress = false;
        for digit in 0..SIZE {
            let row_pairs = self.conjugate_pairs(digit, 0);
            let col_pairs = self.conjugate_pairs(digit, SIZE);
            for the_box in 0..SIZE {
                let places = self.places[digit] & UNIT_MASKS[BOXES + the_box];
                if places.count_ones() < 3 {
                    continue;
                }
                let (band, stack) = (the_box / 3 * 3, the_box % 3 * 3);
                for (row, &row_mask) in UNIT_MASKS.iter().enumerate().skip(band).take(3) {
                    for col in stack..stack + 3 {
                        let col_mask = UNIT_MASKS[SIZE + col];
                        let in_cross = places & !(row_mask | col_mask) == 0;
                        let one_line = places & !row_mask == 0 || places & !col_mask == 0;
                        if !in_cross || one_line {
                            continue;
                        }
                        for (p, q) in col_pairs.iter() {
                            for (near, far) in [(p, q), (q, p)] {
                                if near / SIZE == row
                                    && box_of(near) != the_box
                                    && far / SIZE / 3 * 3 != band
                                {
                                    let target = far / SIZE * SIZE + col;
                                    progress |= self.strike(digit, 1 << target);
                                }
                            }
                        }
                        for (p, q) in row_pairs.iter() {
                            for (near, far) in [(p, q), (q, p)] {
                                if near % SIZE == col
                                    && box_of(near) != the_box
                                    && far % SIZE / 3 * 3 != stack
                                {
                                    let target = row * SIZE + far % SIZE;
                                    progress |= self.strike(digit, 1 << target);
                                }
                            }
                        }
                    }
                }
            }
        }
        progress
    }
}
