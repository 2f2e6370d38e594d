//! The restricted-common links between ALSs that share no cell, found one set
//! at a time in ascending order. Two such ALSs are linked by d exactly when one
//! unit holds all their d's (cells that all see each other lie in one unit), so
//! each ALS meets only the ALSs filed under the same (digit, unit) as itself,
//! not all the others (what made this the hottest loop of the ALS finders).
//!
//! The links of two sets are a function of their cells' candidates alone,
//! like the sets (see [`super::units`]): a solve keeps the links ALS-XZ found
//! ([`KeptLinks`]), and on the next position a set whose cells kept their
//! candidates takes its links to the other such sets from them, and looks only
//! among the sets on a changed cell for the rest (debug builds check every
//! eighth such set against all the sets).

use super::quiet::Marks;
use super::{Als, Cells, Sets};
use crate::engine::types::{Candidates, Digit, SIZE, UNITS};

/// Two ALSs (indices into the sets, ascending) and their restricted commons.
pub(super) type Link = (usize, usize, Candidates);

/// The (digit, unit) buckets: `digit * 27 + unit`.
const BUCKETS: usize = SIZE * 27;

/// A set's (digit, unit) buckets, ascending: per digit of the set, the units
/// holding all its copies of it (at most three each), worked out once when
/// the set is built (the links of every position read them several times).
#[derive(Clone, Copy, Default)]
pub(super) struct Buckets {
    len: u8,
    /// At most three units per digit of nine.
    ids: [u8; 27],
}

impl Buckets {
    /// Files `digit` (above those filed so far) under each of `units`
    /// (bits by [`crate::engine::types::Unit::index`]).
    pub(super) fn file(&mut self, digit: Digit, mut units: u32) {
        while units != 0 {
            let unit = units.trailing_zeros() as usize;
            units &= units - 1;
            self.ids[self.len as usize] = (digit.index() * 27 + unit) as u8;
            self.len += 1;
        }
    }

    pub(super) fn all(&self) -> &[u8] {
        &self.ids[..self.len as usize]
    }
}

/// Finds each set's links to the later sets.
pub(super) struct Linker<'a> {
    sets: &'a Sets,
    /// Per bucket, the sets filed under it as bits: `width` words per
    /// bucket, one after another. A set's partners are the sets of its
    /// buckets, met word by word, each once however many buckets it shares.
    filed: Vec<u64>,
    /// The words of bits per bucket (one bit per set).
    width: usize,
    /// A set's links found and taken from the kept ones, merged: kept from
    /// one set to the next (a vector per set cost more than the merge).
    merged: Vec<Link>,
    /// With links kept from an earlier position: the sets on a cell changed
    /// since, as bits, where a set that was there then looks for the links
    /// it cannot take from the kept ones.
    changed: Option<Vec<u64>>,
}

/// The links ALS-XZ found on a position, kept for the next one: set `i`'s
/// links to later sets are `linked[starts[i]..starts[i + 1]]` for each `i`
/// below `starts.len() - 1` (ALS-XZ stops at its first step), with the
/// board's candidates, the sets' cells and where each unit's sets started then.
pub(crate) struct KeptLinks {
    marks: Marks,
    cells: Vec<Cells>,
    offsets: [u32; UNITS + 1],
    starts: Vec<u32>,
    linked: Vec<(u32, Candidates)>,
}

impl KeptLinks {
    /// Keeps `links` (ascending, complete for the sets below `done`) of `sets`.
    pub(super) fn new(sets: &Sets, links: &[Link], done: usize) -> KeptLinks {
        let mut starts = Vec::with_capacity(done + 1);
        let mut linked = Vec::with_capacity(links.len());
        starts.push(0);
        let mut links = links.iter().peekable();
        for i in 0..done {
            while let Some(&(_, j, rcc)) = links.next_if(|&&(from, _, _)| from == i) {
                linked.push((j as u32, rcc));
            }
            starts.push(linked.len() as u32);
        }
        KeptLinks {
            marks: sets.marks.clone(),
            cells: sets.all.iter().map(|als| als.cells).collect(),
            offsets: sets.offsets,
            starts,
            linked,
        }
    }
}

/// No set: a set on a changed cell has no kept counterpart, and the reverse.
const NONE: u32 = u32::MAX;

/// The kept links a position can take: those between sets whose cells kept
/// their candidates, the same sets then and now under other indices.
pub(super) struct Reusable {
    kept: KeptLinks,
    /// Per set, its index among the kept sets (`NONE` on a changed cell).
    then: Vec<u32>,
    /// Per kept set, its index now (`NONE` on a changed cell).
    now: Vec<u32>,
}

impl Reusable {
    /// What the sets `all` (unit by unit from `offsets`) of the board with
    /// `marks` can take of `kept`: nothing when the board is not a later
    /// position of `kept`'s (a candidate came back, see [`Marks`]).
    pub(super) fn new(
        all: &[Als],
        offsets: &[u32; UNITS + 1],
        marks: &Marks,
        kept: KeptLinks,
    ) -> Option<Reusable> {
        let changed = marks.changed_since(&kept.marks)?;
        let mut then = vec![NONE; all.len()];
        let mut now = vec![NONE; kept.cells.len()];
        // A unit's sets are in the order of their cells, and those off the
        // changed cells are the same then and now: paired in turn.
        for u in 0..UNITS {
            let olds = (kept.offsets[u]..kept.offsets[u + 1])
                .filter(|&k| kept.cells[k as usize] & changed == 0);
            let news =
                (offsets[u]..offsets[u + 1]).filter(|&i| all[i as usize].cells & changed == 0);
            for (k, i) in olds.zip(news) {
                debug_assert_eq!(kept.cells[k as usize], all[i as usize].cells);
                then[i as usize] = k;
                now[k as usize] = i;
            }
        }
        Some(Reusable { kept, then, now })
    }

    /// Whether set `i` is on a changed cell.
    fn changed(&self, i: usize) -> bool {
        self.then[i] == NONE
    }
}

impl<'a> Linker<'a> {
    /// Files every set under its buckets.
    pub(super) fn new(sets: &'a Sets) -> Linker<'a> {
        let n = sets.all.len();
        let width = n.div_ceil(64);
        let mut filed = vec![0u64; BUCKETS * width];
        for (i, buckets) in sets.per_digit.buckets.iter().enumerate() {
            for &b in buckets.all() {
                filed[b as usize * width + i / 64] |= 1 << (i % 64);
            }
        }
        let changed = sets.reusable.as_ref().map(|reusable| {
            let mut bits = vec![0u64; width];
            for (i, &then) in reusable.then.iter().enumerate() {
                bits[i / 64] |= u64::from(then == NONE) << (i % 64);
            }
            bits
        });
        Linker {
            sets,
            filed,
            width,
            merged: Vec::new(),
            changed,
        }
    }

    /// Appends the links of set `i` to the later sets, in ascending order.
    pub(super) fn links_of(&mut self, i: usize, out: &mut Vec<Link>) {
        let sets = self.sets;
        let a = &sets.all[i];
        let kept = sets.reusable.as_ref().and_then(|reusable| {
            let old = reusable.then[i] as usize;
            (!reusable.changed(i) && old + 1 < reusable.kept.starts.len())
                .then_some((reusable, old))
        });
        let Some((reusable, old)) = kept else {
            self.meet_later(i, None, out);
            return;
        };
        // The links to the sets on changed cells, then those kept, merged.
        let from = out.len();
        self.meet_later(i, self.changed.as_deref(), out);
        let found = out.len();
        let kept = &reusable.kept;
        for &(j, rcc) in &kept.linked[kept.starts[old] as usize..kept.starts[old + 1] as usize] {
            let j = reusable.now[j as usize];
            if j != NONE {
                out.push((i, j as usize, rcc));
            }
        }
        // Most sets meet no set on a changed cell: nothing to merge.
        if from < found && found < out.len() {
            let merged = &mut self.merged;
            merged.clear();
            let (mut fresh, mut taken) = (
                out[from..found].iter().peekable(),
                out[found..].iter().peekable(),
            );
            while let (Some(f), Some(t)) = (fresh.peek(), taken.peek()) {
                let next = if f.1 < t.1 {
                    fresh.next()
                } else {
                    taken.next()
                };
                merged.extend(next);
            }
            merged.extend(fresh);
            merged.extend(taken);
            out.truncate(from);
            out.extend_from_slice(merged);
        }
        // Every eighth set only: against all the sets, every set would double
        // the time of the debug test suite's solves.
        debug_assert!(
            !i.is_multiple_of(8) || {
                let all: Vec<Link> = (i + 1..sets.all.len())
                    .filter(|&j| a.cells & sets.all[j].cells == 0)
                    .map(|j| (i, j, super::restricted_commons(sets, a, &sets.all[j])))
                    .filter(|&(_, _, rcc)| !rcc.is_empty())
                    .collect();
                out[from..] == all[..]
            },
            "links of set {i} taken from an earlier position"
        );
    }

    /// Appends the links of set `i` to the sets after it in its buckets (of
    /// `only` too, when given, as bits), ascending: the sets met share a
    /// (digit, unit) bucket with it, and those sharing no cell are linked by
    /// the digits of the buckets they share.
    fn meet_later(&self, i: usize, only: Option<&[u64]>, out: &mut Vec<Link>) {
        let sets = self.sets;
        let a = &sets.all[i];
        let buckets = sets.buckets(a);
        let width = self.width;
        let first = i / 64;
        for w in first..width {
            // Words without a set of `only` are passed over: most sets
            // taking kept links meet no set on a changed cell.
            let mut met = only.map_or(!0, |only| only[w]);
            if w == first {
                // The sets after `i` only.
                met &= !1 << (i % 64);
            }
            if met == 0 {
                continue;
            }
            met &= buckets
                .iter()
                .fold(0, |met, &b| met | self.filed[b as usize * width + w]);
            while met != 0 {
                let k = met.trailing_zeros() as usize;
                met &= met - 1;
                let j = w * 64 + k;
                // Most sets met share a cell (those of the same unit, and
                // those crossing it): only the others are partners.
                if a.cells & sets.all[j].cells != 0 {
                    continue;
                }
                let commons = buckets.iter().fold(0u16, |commons, &b| {
                    let filed = self.filed[b as usize * width + w] >> k & 1;
                    commons | (filed as u16) << (b / 27)
                });
                let rcc = Candidates::from_bits(commons.into());
                debug_assert_eq!(rcc, super::restricted_commons(sets, a, &sets.all[j]));
                out.push((i, j, rcc));
            }
        }
    }
}
