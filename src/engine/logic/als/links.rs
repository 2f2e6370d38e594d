//! The restricted-common links between ALSs that share no cell, found one set
//! at a time in ascending order. Two such ALSs are linked by d exactly when one
//! unit holds all their d's (cells that all see each other lie in one unit), so
//! each ALS meets only the ALSs filed under the same (digit, unit) as itself,
//! not all the others (what made this the hottest loop of the ALS finders).
//! The buckets are rows of bits, one per set: a set meets the union of its
//! buckets' rows after itself, each other set once however many buckets they
//! share, and takes the digits linking them from its `seeing` cells.
//!
//! The links of two sets are a function of their cells' candidates alone,
//! like the sets (see [`super::units`]): a solve keeps the links ALS-XZ found
//! ([`KeptLinks`]), and on the next position a set whose cells kept their
//! candidates takes its links to the other such sets from them, and looks only
//! among the sets on a changed cell for the rest (debug builds check every
//! eighth such set against all the sets).

use std::rc::Rc;

use super::quiet::Marks;
use super::{Als, Cells, Sets};
use crate::engine::types::{Candidates, Digit, GEOMETRY, SIZE, UNITS};

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
    /// Per word of sets (64 sets, one bit each), the sets of the word filed
    /// under each bucket id (any byte: indexed without a bounds test, which
    /// was a third of the filing). A set's partners are the sets of its
    /// buckets, met word by word, each once however many buckets it shares.
    filed: Vec<[u64; 256]>,
    /// The words of sets (64 sets each) in `filed` and `met`.
    width: usize,
    /// The sets a set meets, as bits: all zero between two sets.
    met: Vec<u64>,
    /// A set's links found and taken from the kept ones, merged: kept from
    /// one set to the next (a vector per set cost more than the merge).
    merged: Vec<Link>,
    /// With links kept from an earlier position: the sets on a cell changed
    /// since, where a set that was there then looks for the links it cannot
    /// take from the kept ones.
    changed: Option<Changed>,
}

/// The sets on a cell changed since the kept links were found.
struct Changed {
    /// The sets, as bits.
    sets: Vec<u64>,
    /// Per bucket id (any byte), the last of them filed under it (0 when
    /// none: set 0 is after no set).
    last: [u32; 256],
    /// The sets with one of them after them in a bucket, as bits: the only
    /// sets that meet one (most sets meet none).
    meeting: Vec<u64>,
}

/// The links ALS-XZ found on a position, kept for the next one: set `i`'s
/// links to later sets are `links[starts[i]..starts[i + 1]]` for each `i`
/// below `starts.len() - 1` (ALS-XZ stops at its first step), with the
/// board's candidates, the sets' cells and where each unit's sets started then.
pub(crate) struct KeptLinks {
    marks: Marks,
    cells: Vec<Cells>,
    offsets: [u32; UNITS + 1],
    starts: Vec<u32>,
    /// The links themselves, shared with the position's [`Sets`]: not copied.
    links: Rc<Vec<Link>>,
}

impl KeptLinks {
    /// Keeps `links` (ascending) of `sets`, set `i`'s from `starts[i]` on.
    pub(super) fn new(sets: &Sets, links: Rc<Vec<Link>>, starts: Vec<u32>) -> KeptLinks {
        debug_assert!(starts.windows(2).enumerate().all(|(i, ends)| {
            links[ends[0] as usize..ends[1] as usize]
                .iter()
                .all(|&(from, _, _)| from == i)
        }));
        debug_assert_eq!(starts.last().map(|&end| end as usize), Some(links.len()));
        KeptLinks {
            marks: sets.marks.clone(),
            cells: sets.all.iter().map(|als| als.cells).collect(),
            offsets: sets.offsets,
            starts,
            links,
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
            if GEOMETRY.unit_masks[u] & changed == 0 {
                // No set of the unit is on a changed cell: the same sets
                // then and now, in turn, without a test each.
                let (olds, news) = (
                    kept.offsets[u]..kept.offsets[u + 1],
                    offsets[u]..offsets[u + 1],
                );
                debug_assert_eq!(olds.len(), news.len());
                for (k, i) in olds.zip(news) {
                    debug_assert_eq!(kept.cells[k as usize], all[i as usize].cells);
                    then[i as usize] = k;
                    now[k as usize] = i;
                }
                continue;
            }
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
    /// Files every set under its buckets and its cells.
    pub(super) fn new(sets: &'a Sets) -> Linker<'a> {
        let n = sets.all.len();
        let width = n.div_ceil(64);
        let mut filed = vec![[0u64; 256]; width];
        for (i, buckets) in sets.per_digit.buckets.iter().enumerate() {
            let word = &mut filed[i / 64];
            for &b in buckets.all() {
                word[b as usize] |= 1 << (i % 64);
            }
        }
        let changed = sets.reusable.as_ref().map(|reusable| {
            let mut changed = Changed {
                sets: vec![0u64; width],
                last: [0; 256],
                meeting: vec![0u64; width],
            };
            for (i, buckets) in sets.per_digit.buckets.iter().enumerate() {
                if reusable.changed(i) {
                    changed.sets[i / 64] |= 1 << (i % 64);
                    for &b in buckets.all() {
                        changed.last[b as usize] = i as u32;
                    }
                }
            }
            // A bucket's sets before its last changed one meet it.
            for (b, &last) in changed.last[..BUCKETS].iter().enumerate() {
                if last == 0 {
                    continue;
                }
                let (whole, part) = (last as usize / 64, last % 64);
                for (meeting, word) in changed.meeting[..whole].iter_mut().zip(&filed) {
                    *meeting |= word[b];
                }
                if part != 0 {
                    changed.meeting[whole] |= filed[whole][b] & ((1 << part) - 1);
                }
            }
            changed
        });
        Linker {
            sets,
            filed,
            width,
            met: vec![0; width],
            merged: Vec::new(),
            changed,
        }
    }

    /// A first capacity for the links of all the sets: as many per set as
    /// the kept links had, and some more, or four per set without them
    /// (the list grown from empty was copied ten times over a position).
    pub(super) fn links_capacity(&self) -> usize {
        let n = self.sets.all.len();
        match &self.sets.reusable {
            Some(reusable) => {
                let kept = &reusable.kept;
                let done = kept.starts.len() - 1;
                kept.links.len() * n / done.max(1) + n / 4
            }
            None => 4 * n,
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
            self.meet_later(i, out);
            return;
        };
        // The links to the sets on changed cells, then those kept, merged.
        let from = out.len();
        self.meet_changed_later(i, out);
        let found = out.len();
        let kept = &reusable.kept;
        for &(_, j, rcc) in &kept.links[kept.starts[old] as usize..kept.starts[old + 1] as usize] {
            let j = reusable.now[j];
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

    /// Appends the links of set `i` to the sets after it in its buckets,
    /// ascending: the sets met share a (digit, unit) bucket with it, and
    /// those sharing no cell are linked by the digits of the buckets they share.
    fn meet_later(&mut self, i: usize, out: &mut Vec<Link>) {
        let sets = self.sets;
        let width = self.width;
        let first = i / 64;
        let met = &mut self.met[first..];
        for &b in sets.buckets(&sets.all[i]) {
            for (met, word) in met.iter_mut().zip(&self.filed[first..]) {
                *met |= word[b as usize];
            }
        }
        partners_met(sets, i, &mut self.met[..width], None, out);
    }

    /// Appends the links of set `i` to the sets on changed cells after it
    /// in its buckets (see [`Reusable`]), ascending.
    fn meet_changed_later(&mut self, i: usize, out: &mut Vec<Link>) {
        let Some(changed) = &self.changed else {
            return;
        };
        if changed.meeting[i / 64] >> (i % 64) & 1 == 0 {
            return;
        }
        let sets = self.sets;
        let first = i / 64;
        let mut end = first;
        for &b in sets.buckets(&sets.all[i]) {
            // Most buckets have no set on a changed cell after `i`.
            let last = changed.last[b as usize] as usize;
            if last <= i {
                continue;
            }
            let last_word = last / 64 + 1;
            let words = &self.filed[first..last_word];
            for (met, word) in self.met[first..last_word].iter_mut().zip(words) {
                *met |= word[b as usize];
            }
            end = end.max(last_word);
        }
        if first < end {
            partners_met(sets, i, &mut self.met[..end], Some(&changed.sets), out);
        }
    }
}

/// Appends the links of set `i` to the sets `met` after it (as bits, from
/// the word of `i` on; of `only` too, when given) that share no cell with
/// it, ascending, and clears the words met.
fn partners_met(sets: &Sets, i: usize, met: &mut [u64], only: Option<&[u64]>, out: &mut Vec<Link>) {
    let a = &sets.all[i];
    let cells = a.cells;
    let seeing = &sets.per_digit.seeing[a.index as usize];
    let first = i / 64;
    for w in first..met.len() {
        let mut bits = std::mem::take(&mut met[w]);
        if let Some(only) = only {
            bits &= only[w];
        }
        if w == first {
            // The sets after `i` only.
            bits &= !1 << (i % 64);
        }
        while bits != 0 {
            let j = w * 64 + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            // Most sets met share a cell (those of the same unit, and
            // those crossing it): only the others are partners.
            let b = &sets.all[j];
            if cells & b.cells != 0 {
                continue;
            }
            // They share a bucket of some digit: of two sets without a
            // shared cell, those digits are the common ones whose copies
            // in `b` all see those in `a`, their restricted commons.
            let mut common = a.digits.intersection(b.digits).bits();
            let mut rcc = 0u16;
            while common != 0 {
                let d = common.trailing_zeros() as usize;
                common &= common - 1;
                if b.cells & sets.holders[d] & !seeing[d] == 0 {
                    rcc |= 1 << d;
                }
            }
            let rcc = Candidates::from_bits(rcc.into());
            debug_assert_eq!(rcc, super::restricted_commons(sets, a, b));
            out.push((i, j, rcc));
        }
    }
}
