//! A grid of digits: the givens of a puzzle, a position's placed digits, or a solution.

use std::fmt;

use super::types::{CELLS, Cell, Digit, SIZE, Unit};

/// 81 cells, each a digit or empty.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Grid {
    cells: [u8; CELLS],
}

/// Two equal digits in one unit.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Conflict {
    pub digit: Digit,
    pub first: Cell,
    pub second: Cell,
    pub unit: Unit,
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} appears twice in {}: {} and {}",
            self.digit, self.unit, self.first, self.second
        )
    }
}

impl Default for Grid {
    fn default() -> Self {
        Grid::empty()
    }
}

impl Grid {
    pub const fn empty() -> Grid {
        Grid { cells: [0; CELLS] }
    }

    /// A grid from 81 values, 0 for empty; values above 9 are treated as empty.
    pub fn from_values(values: [u8; CELLS]) -> Grid {
        Grid {
            cells: values.map(|v| if v as usize <= SIZE { v } else { 0 }),
        }
    }

    pub fn get(&self, cell: Cell) -> Option<Digit> {
        match self.cells[cell.index()] {
            0 => None,
            v => Some(Digit::new(v)),
        }
    }

    pub fn set(&mut self, cell: Cell, digit: Option<Digit>) {
        self.cells[cell.index()] = digit.map_or(0, Digit::get);
    }

    /// The raw values, 0 for empty.
    pub fn values(&self) -> &[u8; CELLS] {
        &self.cells
    }

    /// Number of filled cells.
    pub fn filled(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    pub fn is_complete(&self) -> bool {
        self.filled() == CELLS
    }

    /// The first pair of equal digits sharing a unit, scanning rows, columns, then boxes.
    pub fn first_conflict(&self) -> Option<Conflict> {
        if self.has_no_repeats() {
            return None;
        }
        Unit::all().find_map(|unit| self.conflict_in(unit))
    }

    /// A quick pass with one digit mask per unit: whether no unit repeats a digit.
    fn has_no_repeats(&self) -> bool {
        let mut rows = [0u16; SIZE];
        let mut cols = [0u16; SIZE];
        let mut boxes = [0u16; SIZE];
        let mut repeated = 0u16;
        for (row, values) in self.cells.chunks_exact(SIZE).enumerate() {
            for (col, &value) in values.iter().enumerate() {
                // Bit 0 collects the empty cells and is ignored.
                let bit = 1u16 << value;
                let boxed = Cell::at(row, col).box_index();
                repeated |= (rows[row] | cols[col] | boxes[boxed]) & bit;
                rows[row] |= bit;
                cols[col] |= bit;
                boxes[boxed] |= bit;
            }
        }
        repeated & !1 == 0
    }

    /// Every cell whose digit also appears elsewhere in one of its units.
    pub fn conflicting_cells(&self) -> Vec<Cell> {
        Cell::all()
            .filter(|&cell| {
                self.get(cell)
                    .is_some_and(|d| cell.peers().iter().any(|&p| self.get(p) == Some(d)))
            })
            .collect()
    }

    fn conflict_in(&self, unit: Unit) -> Option<Conflict> {
        let mut seen: [Option<Cell>; SIZE + 1] = [None; SIZE + 1];
        for &cell in unit.cells() {
            let Some(digit) = self.get(cell) else {
                continue;
            };
            if let Some(first) = seen[digit.get() as usize] {
                return Some(Conflict {
                    digit,
                    first,
                    second: cell,
                    unit,
                });
            }
            seen[digit.get() as usize] = Some(cell);
        }
        None
    }

    /// Whether this is a complete grid that obeys the rules and agrees with `givens`.
    pub fn is_solution_of(&self, givens: &Grid) -> bool {
        self.is_complete()
            && self.first_conflict().is_none()
            && Cell::all().all(|c| givens.get(c).is_none_or(|d| self.get(c) == Some(d)))
    }

    /// The 81-character line, `.` for empty cells.
    pub fn to_line(&self) -> String {
        self.to_bytes().iter().map(|&b| b as char).collect()
    }

    /// The 81-character line as ASCII bytes, `.` for empty cells (for fast output).
    pub fn to_bytes(&self) -> [u8; CELLS] {
        self.cells.map(|v| if v == 0 { b'.' } else { b'0' + v })
    }
}

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_line())
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({})", self.to_line())
    }
}
