//! Two-digit swap sets of a solved grid: clue removals that surely lose
//! uniqueness, answered without a search.
//!
//! Take two digits `a` and `b` of a solved grid and link, in every unit, the
//! cell holding `a` to the cell holding `b`. Swapping `a` and `b` on a connected
//! group of those cells leaves every unit with one `a` and one `b`: another
//! solved grid. So a puzzle whose clues miss the whole group has a second
//! solution (an "unavoidable set"). When the clue being removed is the only one
//! left in such a group, the removal loses uniqueness for sure: no need to
//! search for the other solution. Of the removals that fail, about a third
//! are caught so, and those are a quarter of the failing searches' time (400
//! grids of seed 77); the rest still need the search.

use crate::engine::grid::Grid;
use crate::engine::types::{CELLS, SIZE};

/// Bit `i` for each cell `i` of the rows in a 9-bit set of rows.
const ROWS_CELLS: [u128; 1 << SIZE] = {
    let mut table = [0u128; 1 << SIZE];
    let mut rows = 0;
    while rows < 1 << SIZE {
        let mut row = 0;
        while row < SIZE {
            if rows >> row & 1 == 1 {
                table[rows] |= 0x1FF << (SIZE * row);
            }
            row += 1;
        }
        rows += 1;
    }
    table
};

/// The swap groups of a solved grid. A group of digits `a`, `b` holds one `a`
/// and one `b` in each of its rows, so it is known by its set of rows: the
/// groups are found on nine rows per pair of digits instead of 18 cells, and a
/// group's cells are its rows' cells of the two digits.
pub struct SwapSets {
    /// Each digit's cells (0-based digits).
    cells_of: [u128; SIZE],
    /// The solved grid's digit (0-based) in each cell.
    digit_of: [u8; CELLS],
    /// `rows[a][b][row]`: the rows of the group of `a` and `b` through `row`.
    rows: [[[u16; SIZE]; SIZE]; SIZE],
}

impl SwapSets {
    /// The swap groups of the solved grid `solution`.
    pub fn of(solution: &Grid) -> SwapSets {
        let mut sets = SwapSets {
            cells_of: [0; SIZE],
            digit_of: [0; CELLS],
            rows: [[[0; SIZE]; SIZE]; SIZE],
        };
        // Where each digit is: its column in each row, its row in each column
        // and in each box.
        let mut col_in_row = [[0u8; SIZE]; SIZE];
        let mut row_in_col = [[0u8; SIZE]; SIZE];
        let mut row_in_box = [[0u8; SIZE]; SIZE];
        for (cell, &value) in solution.values().iter().enumerate() {
            let digit = value.saturating_sub(1) as usize;
            let (row, col) = (cell / SIZE, cell % SIZE);
            sets.cells_of[digit] |= 1 << cell;
            sets.digit_of[cell] = digit as u8;
            col_in_row[digit][row] = col as u8;
            row_in_col[digit][col] = row as u8;
            row_in_box[digit][row / 3 * 3 + col / 3] = row as u8;
        }
        for a in 0..SIZE {
            for b in a + 1..SIZE {
                // The rows each row's `a` and `b` lead to through their column and box.
                let mut linked = [0u16; SIZE];
                for (row, links) in linked.iter_mut().enumerate() {
                    for (digit, other) in [(a, b), (b, a)] {
                        let col = col_in_row[digit][row] as usize;
                        let the_box = row / 3 * 3 + col / 3;
                        *links |= 1 << row_in_col[other][col] | 1 << row_in_box[other][the_box];
                    }
                }
                let mut left = (1u16 << SIZE) - 1;
                while left != 0 {
                    // Each row is reached once, so each pair costs nine steps.
                    let mut group = left & left.wrapping_neg();
                    let mut frontier = group;
                    while frontier != 0 {
                        let row = frontier.trailing_zeros() as usize;
                        frontier &= frontier - 1;
                        let fresh = linked[row] & !group;
                        group |= fresh;
                        frontier |= fresh;
                    }
                    left &= !group;
                    let mut rows = group;
                    while rows != 0 {
                        let row = rows.trailing_zeros() as usize;
                        rows &= rows - 1;
                        sets.rows[a][b][row] = group;
                        sets.rows[b][a][row] = group;
                    }
                }
            }
        }
        sets
    }

    /// The eight swap groups through `cell`, one per other digit, as bitboards.
    fn groups_of(&self, cell: usize) -> impl Iterator<Item = u128> + '_ {
        let a = self.digit_of[cell] as usize;
        (0..SIZE).filter(move |&b| b != a).map(move |b| {
            let rows = self.rows[a][b][cell / SIZE] as usize;
            ROWS_CELLS[rows] & (self.cells_of[a] | self.cells_of[b])
        })
    }

    /// Whether clearing `cell` from a puzzle whose clues are `clues` (with
    /// `cell` already cleared) surely leaves a second solution: some swap group
    /// through `cell` holds no clue.
    pub fn breaks_uniqueness(&self, clues: u128, cell: usize) -> bool {
        self.groups_of(cell).any(|group| group & clues == 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::generate::{rng_for, solved_grid};
    use crate::engine::search;

    /// Every group really is swappable: the grid with the two digits swapped on it
    /// is solved, and a puzzle of the grid's other cells has two solutions.
    #[test]
    fn every_group_swaps_into_another_solved_grid() {
        let mut checked = 0;
        for index in 0..4 {
            let solution = solved_grid(&mut rng_for(31, index));
            let sets = SwapSets::of(&solution);
            for cell in 0..CELLS {
                assert!(
                    sets.groups_of(cell).all(|g| g >> cell & 1 == 1),
                    "cell {cell} is in each of its groups"
                );
                for group in sets.groups_of(cell) {
                    let values = solution.values();
                    let a = values[cell];
                    let b = (0..CELLS)
                        .filter(|&i| group >> i & 1 == 1)
                        .map(|i| values[i])
                        .find(|&value| value != a)
                        .expect("a group holds both digits");
                    let mut swapped = *values;
                    for (i, value) in swapped.iter_mut().enumerate() {
                        if group >> i & 1 == 1 {
                            *value = if *value == a { b } else { a };
                        }
                    }
                    let swapped = Grid::from_values(swapped);
                    assert!(swapped.is_solution_of(&Grid::empty()), "{swapped:?}");
                    assert_ne!(swapped, solution);
                    if group.count_ones() < 18 {
                        let mut puzzle = solution;
                        for i in (0..CELLS).filter(|&i| group >> i & 1 == 1) {
                            puzzle.set(crate::engine::types::Cell::new(i), None);
                        }
                        assert_eq!(search::count_solutions(&puzzle, 2).count, 2);
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 0, "some groups smaller than two whole digits");
    }
}
