//! Per candidate, the sets that reach it: whose copies of the digit all see
//! the cell (the cell can lose the digit because of the set). Death Blossom
//! takes a stem candidate's petals from them, ALS-XY-Chain a start's possible
//! end sets; filed once per position in one pass over the sets.

use super::{Als, Cells, Sets, each_cell_index};
use crate::engine::types::{CELLS, Cell, Digit, SIZE};

/// The candidates (`cell * 9 + digit index`) there are.
const SLOTS: usize = CELLS * SIZE;

/// The sets reaching each candidate, ascending, in one array: the first
/// `SLOTS + 1` entries are where each candidate's sets start
/// (`table[table[c]..table[c + 1]]`), the sets follow.
pub(super) struct Reachers {
    table: Vec<u32>,
}

impl Reachers {
    pub(super) fn new(sets: &Sets) -> Reachers {
        // Counted per candidate, summed to where its sets end, then filed
        // backwards from the last set down, the end moved down one per set:
        // it ends where the candidate's sets start, and each candidate's
        // sets come out ascending. No copy of the starts, no zeroed table.
        let mut ends = [0u32; SLOTS + 1];
        for als in &sets.all {
            each_reached(sets, als, |slot| ends[slot] += 1);
        }
        let mut total = SLOTS as u32 + 1;
        for end in &mut ends[..SLOTS] {
            total += *end;
            *end = total;
        }
        ends[SLOTS] = total;
        // Not zeroed first: every entry is written below, once.
        let mut table: Vec<u32> = Vec::with_capacity(total as usize);
        let spare = &mut table.spare_capacity_mut()[..total as usize];
        for (i, als) in sets.all.iter().enumerate().rev() {
            each_reached(sets, als, |slot| {
                ends[slot] -= 1;
                spare[ends[slot] as usize].write(i as u32);
            });
        }
        for (entry, &start) in spare.iter_mut().zip(&ends) {
            entry.write(start);
        }
        // SAFETY: the first `SLOTS + 1` entries were just written, and the
        // filing wrote each of the others once: it visits the candidates the
        // counting counted, each candidate's count moving its cursor down
        // from its end to its start, and the ends tile the rest exactly.
        unsafe { table.set_len(total as usize) };
        Reachers { table }
    }

    /// The sets whose copies of `digit` all see `cell` (an open cell holding it).
    pub(super) fn of(&self, cell: Cell, digit: Digit) -> &[u32] {
        let slot = cell.index() * SIZE + digit.index();
        &self.table[self.table[slot] as usize..self.table[slot + 1] as usize]
    }

    /// Per digit, the cells that two sets or more reach with it: those an
    /// ALS chain can remove it from (it needs both its end sets to reach the
    /// cell).
    pub(super) fn reached_twice(&self) -> [Cells; SIZE] {
        let mut twice = [0; SIZE];
        for (slot, ends) in self.table[..SLOTS + 1].windows(2).enumerate() {
            if ends[1] - ends[0] >= 2 {
                twice[slot % SIZE] |= 1 << (slot / SIZE);
            }
        }
        twice
    }
}

/// Calls `file` with each candidate `als` reaches (generic, so that the
/// filing is inlined: these calls are most of the work).
#[inline(always)]
fn each_reached(sets: &Sets, als: &Als, mut file: impl FnMut(usize)) {
    for d in als.reaching.iter() {
        each_cell_index(sets.reach(als, d), |cell| file(cell * SIZE + d.index()));
    }
}
