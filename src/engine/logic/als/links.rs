//! The restricted-common links between ALSs that share no cell, found one set
//! at a time in ascending order. Two such ALSs are linked by d exactly when one
//! unit holds all their d's (cells that all see each other lie in one unit), so
//! each ALS meets only the ALSs filed under the same (digit, unit) as itself,
//! not all the others (what made this the hottest loop of the ALS finders).

use super::{Als, Sets};
use crate::engine::types::{Candidates, SIZE};

/// Two ALSs (indices into the sets, ascending) and their restricted commons.
pub(super) type Link = (usize, usize, Candidates);

/// The (digit, unit) buckets: `digit * 27 + unit`.
const BUCKETS: usize = SIZE * 27;

/// Finds each set's links to the later sets.
pub(super) struct Linker<'a> {
    sets: &'a Sets,
    /// The ALSs of each bucket, ascending: `filed[starts[b]..starts[b + 1]]`.
    starts: Vec<u32>,
    filed: Vec<u32>,
    /// Per bucket, where the next set to ask for its links is filed: sets are
    /// asked in ascending order, so each one's later partners start right after it.
    cursor: Vec<u32>,
    /// Per partner: the ALS it was last met from, and the digits linking them.
    met_from: Vec<u32>,
    commons: Vec<u16>,
    /// The partners met, as bits, read back in ascending order.
    partners: Vec<u64>,
}

/// Calls `file` with every bucket of `als`: per digit, the units holding all
/// its copies of it.
fn each_bucket(sets: &Sets, als: &Als, mut file: impl FnMut(usize)) {
    for d in als.digits.iter() {
        let mut houses = sets.houses(als, d);
        while houses != 0 {
            let unit = houses.trailing_zeros() as usize;
            houses &= houses - 1;
            file(d.index() * 27 + unit);
        }
    }
}

impl<'a> Linker<'a> {
    /// Files every set (counted, then laid out in one array).
    pub(super) fn new(sets: &'a Sets) -> Linker<'a> {
        let mut starts = vec![0u32; BUCKETS + 1];
        for als in &sets.all {
            each_bucket(sets, als, |b| starts[b + 1] += 1);
        }
        for b in 0..BUCKETS {
            starts[b + 1] += starts[b];
        }
        let mut next = starts.clone();
        let mut filed = vec![0u32; starts[BUCKETS] as usize];
        for (i, als) in sets.all.iter().enumerate() {
            each_bucket(sets, als, |b| {
                filed[next[b] as usize] = i as u32;
                next[b] += 1;
            });
        }
        let n = sets.all.len();
        Linker {
            sets,
            cursor: starts[..BUCKETS].to_vec(),
            starts,
            filed,
            met_from: vec![u32::MAX; n],
            commons: vec![0; n],
            partners: vec![0; n.div_ceil(64)],
        }
    }

    /// Appends the links of set `i` to the later sets, in ascending order (the
    /// sets are asked one after another from the first).
    pub(super) fn links_of(&mut self, i: usize, out: &mut Vec<Link>) {
        let sets = self.sets;
        let a = &sets.all[i];
        let (mut lowest, mut highest) = (usize::MAX, 0);
        let Linker {
            starts,
            filed,
            cursor,
            met_from,
            commons,
            partners,
            ..
        } = self;
        for d in a.digits.iter() {
            let mut houses = sets.houses(a, d);
            while houses != 0 {
                let unit = houses.trailing_zeros() as usize;
                houses &= houses - 1;
                let b = d.index() * 27 + unit;
                let at = cursor[b] as usize;
                debug_assert_eq!(filed[at] as usize, i, "sets asked out of order");
                cursor[b] += 1;
                for &j in &filed[at + 1..starts[b + 1] as usize] {
                    let j = j as usize;
                    if met_from[j] != i as u32 {
                        met_from[j] = i as u32;
                        commons[j] = 0;
                        partners[j / 64] |= 1 << (j % 64);
                        lowest = lowest.min(j / 64);
                        highest = highest.max(j / 64);
                    }
                    commons[j] |= 1 << d.index();
                }
            }
        }
        for (word, bits) in partners
            .iter_mut()
            .enumerate()
            .take(highest + 1)
            .skip(lowest)
        {
            let mut bits = std::mem::take(bits);
            while bits != 0 {
                let j = word * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if a.cells & sets.all[j].cells == 0 {
                    let rcc = Candidates::from_bits(commons[j]);
                    debug_assert_eq!(rcc, super::restricted_commons(sets, a, &sets.all[j]));
                    out.push((i, j, rcc));
                }
            }
        }
    }
}
