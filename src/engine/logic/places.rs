//! Each digit's open places in every unit of one position, read once from
//! the digits' patterns ([`DigitPattern`]) and shared through the position's
//! [`Cache`](super::cache::Cache). Hidden pairs, triples and quads read the
//! places of every digit in a unit, and basic and finned fish those of one
//! digit in every row or column; each of them read the same cells (or
//! transposed the same pattern) again for every size it looks for.
//!
//! Read for all units at once: a lazy read per unit or per digit and
//! direction, through the cache on every ask, cost more on first300 than
//! the reads it saved.

use super::recall::DigitPattern;
use crate::engine::types::{SIZE, UNITS};

/// Per digit and unit, where the digit is an open candidate in the unit, and
/// per digit, the units where it is placed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct UnitPlaces {
    /// Per digit (index 0 for 1) and unit (by its index: rows, columns, then
    /// boxes), bit `i` when the unit's `i`-th cell is open and holds the digit.
    places: [[u16; UNITS]; SIZE],
    /// Per digit, the units where it is placed, as bits by unit index.
    placed: [u32; SIZE],
}

impl UnitPlaces {
    /// The places of every digit whose pattern is in `patterns` (by digit index).
    pub(crate) fn of(patterns: &[DigitPattern; SIZE]) -> UnitPlaces {
        let places = patterns.map(|pattern| positions_in_units(pattern.open()));
        let placed = patterns.map(|pattern| {
            let rows = rows_of(pattern.placed());
            let mut units = 0u32;
            let mut columns = 0u16;
            for (row, &here) in rows.iter().enumerate() {
                units |= u32::from(here != 0) << row;
                columns |= here;
            }
            units |= u32::from(columns) << SIZE;
            for b in 0..SIZE {
                units |= u32::from(box_positions(&rows, b) != 0) << (2 * SIZE + b);
            }
            units
        });
        UnitPlaces { places, placed }
    }

    /// Where digit `index` (0 for 1) is an open candidate in `unit` (bit `i`
    /// for the unit's `i`-th cell).
    pub(crate) fn places(&self, index: usize, unit: usize) -> u16 {
        self.places[index][unit]
    }

    /// Whether digit `index` (0 for 1) is placed in `unit`.
    pub(crate) fn is_placed(&self, index: usize, unit: usize) -> bool {
        self.placed[index] >> unit & 1 == 1
    }

    /// Digit `index`'s open places per row (`rows`) or column (bit `i` for
    /// the line's `i`-th cell), and the lines where it is placed, as bits.
    pub(crate) fn lines(&self, index: usize, rows: bool) -> (&[u16; SIZE], u16) {
        let first = if rows { 0 } else { SIZE };
        let open = self.places[index][first..first + SIZE]
            .try_into()
            .expect("nine lines a way");
        (open, (self.placed[index] >> first) as u16 & 0x1ff)
    }
}

/// The positions in box `b` (bit `i` for its `i`-th cell) of the cells the
/// rows' bits `rows` mark (bit `c` for column `c`): a box's cells ascend row
/// by row, three of each of its rows.
fn box_positions(rows: &[u16; SIZE], b: usize) -> u16 {
    let (band, shift) = (b / 3 * 3, b % 3 * 3);
    let part = |row: u16| row >> shift & 0b111;
    part(rows[band]) | part(rows[band + 1]) << 3 | part(rows[band + 2]) << 6
}

/// Per row, the cells of `cells` (bits by cell index) in it, bit `c` for column `c`.
fn rows_of(cells: u128) -> [u16; SIZE] {
    std::array::from_fn(|row| (cells >> (SIZE * row)) as u16 & 0x1ff)
}

/// Per unit (by index: rows, columns, then boxes), the positions of the
/// cells of `cells` (bits by cell index) in it, bit `i` for its `i`-th cell:
/// the one place a set of cells is read by unit (a digit's places, naked
/// subsets' cells).
pub(crate) fn positions_in_units(cells: u128) -> [u16; UNITS] {
    let mut positions = [0u16; UNITS];
    let rows = rows_of(cells);
    for (row, &here) in rows.iter().enumerate() {
        positions[row] = here;
        let mut columns = here;
        while columns != 0 {
            positions[SIZE + columns.trailing_zeros() as usize] |= 1 << row;
            columns &= columns - 1;
        }
    }
    for b in 0..SIZE {
        positions[2 * SIZE + b] = box_positions(&rows, b);
    }
    positions
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::board::Board;
    use crate::engine::logic::positions;
    use crate::engine::parse::parse_line;
    use crate::engine::types::{Cell, Digit, Unit};
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// The places agree with a cell-by-cell read of every unit, the placed
    /// units with the placed digits, and the lines with the patterns'.
    #[test]
    fn places_are_what_the_cells_hold() {
        let puzzle =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let givens = parse_line(puzzle, 1).expect("a puzzle");
        let mut board = Board::from_givens(&givens).expect("consistent givens");
        board
            .eliminate(Cell::new(10), Digit::new(9))
            .expect("a candidate to strike");
        let patterns = DigitPattern::all(&board);
        let places = UnitPlaces::of(&patterns);
        for unit in (0..UNITS).map(Unit::new) {
            for digit in Digit::all() {
                let index = digit.index();
                assert_eq!(
                    places.places(index, unit.index()),
                    positions(&board, unit, digit)
                );
                let placed = unit.cells().iter().any(|&c| board.digit(c) == Some(digit));
                assert_eq!(places.is_placed(index, unit.index()), placed);
            }
        }
        for (rows, first) in [(true, 0), (false, SIZE)] {
            for digit in Digit::all() {
                let index = digit.index();
                let (open, placed) = places.lines(index, rows);
                for (i, &line) in open.iter().enumerate() {
                    assert_eq!(line, places.places(index, first + i));
                    let is_placed = placed >> i & 1 == 1;
                    assert_eq!(is_placed, places.is_placed(index, first + i));
                }
            }
        }
    }

    /// Each unit's positions are those of its cells that the set holds.
    #[test]
    fn positions_in_units_follow_the_units_cells() {
        let mut rng = ChaCha8Rng::seed_from_u64(0x2545_f491_4f6c_dd1d);
        for _ in 0..50 {
            let cells = rng.random::<u128>() & ((1 << 81) - 1);
            let positions = positions_in_units(cells);
            for unit in Unit::all() {
                let expected = (unit.cells().iter().enumerate())
                    .filter(|&(_, c)| cells >> c.index() & 1 == 1)
                    .fold(0u16, |acc, (i, _)| acc | 1 << i);
                assert_eq!(positions[unit.index()], expected, "{unit}");
            }
        }
    }
}
