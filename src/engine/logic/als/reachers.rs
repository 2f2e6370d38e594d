//! Per candidate, the sets that reach it: whose copies of the digit all see
//! the cell (the cell can lose the digit because of the set). Death Blossom
//! takes a stem candidate's petals from them, ALS-XY-Chain a start's possible
//! end sets; filed once per position in one pass over the sets.

use super::Sets;
use crate::engine::types::{CELLS, Cell, Digit, SIZE};

/// The sets reaching each candidate (`cell * 9 + digit index`), ascending:
/// `filed[starts[c]..starts[c + 1]]`.
pub(super) struct Reachers {
    starts: Vec<u32>,
    filed: Vec<u32>,
}

impl Reachers {
    pub(super) fn new(sets: &Sets) -> Reachers {
        let each = |file: &mut dyn FnMut(usize, usize)| {
            for (i, als) in sets.all.iter().enumerate() {
                for d in als.reaching.iter() {
                    // Word by word: a bit taken off a u128 costs several
                    // instructions more, and these are most of the filing.
                    let reach = sets.reach(als, d);
                    for (base, mut word) in [(0, reach as u64), (64, (reach >> 64) as u64)] {
                        while word != 0 {
                            let cell = base + word.trailing_zeros() as usize;
                            word &= word - 1;
                            file(cell * SIZE + d.index(), i);
                        }
                    }
                }
            }
        };
        let mut starts = vec![0u32; CELLS * SIZE + 1];
        each(&mut |slot, _| starts[slot + 1] += 1);
        for slot in 0..CELLS * SIZE {
            starts[slot + 1] += starts[slot];
        }
        let mut next = starts.clone();
        let mut filed = vec![0u32; starts[CELLS * SIZE] as usize];
        each(&mut |slot, i| {
            filed[next[slot] as usize] = i as u32;
            next[slot] += 1;
        });
        Reachers { starts, filed }
    }

    /// The sets whose copies of `digit` all see `cell` (an open cell holding it).
    pub(super) fn of(&self, cell: Cell, digit: Digit) -> &[u32] {
        let slot = cell.index() * SIZE + digit.index();
        &self.filed[self.starts[slot] as usize..self.starts[slot + 1] as usize]
    }
}
