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
    /// Every set by bucket (sets are asked in ascending order, so each one's
    /// later partners start right after it).
    every: Filing,
    /// Per partner: the ALS it was last met from, and the digits linking them.
    met: Vec<Met>,
    /// The partners met that share no cell with the set asked, as bits, read
    /// back in ascending order.
    partners: Vec<u64>,
    /// A set's links found and taken from the kept ones, merged: kept from
    /// one set to the next (a vector per set cost more than the merge).
    merged: Vec<Link>,
    /// With links kept from an earlier position: the sets on a cell changed
    /// since, filed alone (see [`Filing`]), where a set that was there then
    /// looks for the links it cannot take from the kept ones.
    changed: Option<Filing>,
}

/// A set as met from another: the set it was last met from, and the digits
/// linking them (one entry read per meeting).
#[derive(Clone, Copy)]
struct Met {
    from: u32,
    commons: u16,
}

impl Met {
    /// Not met yet.
    const NEVER: Met = Met {
        from: u32::MAX,
        commons: 0,
    };
}

/// One set's meetings with the later sets of its buckets: the partners met
/// (sharing no cell with it) are noted as bits, with the lowest and highest
/// words written.
struct Meeting {
    set: u32,
    cells: Cells,
    lowest: usize,
    highest: usize,
}

impl Meeting {
    fn new(i: usize, a: &Als) -> Meeting {
        Meeting {
            set: i as u32,
            cells: a.cells,
            lowest: usize::MAX,
            highest: 0,
        }
    }

    /// Meets the sets `later` of bucket `b`.
    #[inline]
    fn meet(
        &mut self,
        sets: &Sets,
        met: &mut [Met],
        partners: &mut [u64],
        b: usize,
        later: &[u32],
    ) {
        let digit_bit = 1 << (b / 27);
        for &j in later {
            let j = j as usize;
            let entry = &mut met[j];
            if entry.from != self.set {
                *entry = Met {
                    from: self.set,
                    commons: 0,
                };
                // Most sets met share a cell (those of the same unit):
                // only the others are partners.
                if self.cells & sets.all[j].cells == 0 {
                    partners[j / 64] |= 1 << (j % 64);
                    self.lowest = self.lowest.min(j / 64);
                    self.highest = self.highest.max(j / 64);
                }
            }
            entry.commons |= digit_bit;
        }
    }

    /// The lowest and highest words of the partners' bits written (the
    /// lowest above the highest when none was).
    fn words(&self) -> (usize, usize) {
        (self.lowest, self.highest)
    }
}

/// Sets filed by bucket: `filed[starts[b]..starts[b + 1]]` ascending, and per
/// bucket where the sets after the one last asked there start (at or before
/// the next set asked: the sets are asked in ascending order).
struct Filing {
    starts: Vec<u32>,
    filed: Vec<u32>,
    cursor: Vec<u32>,
}

impl Filing {
    /// Files the sets of `sets` that `keep` keeps (counted, then laid out in one array).
    /// (The sets' buckets are read by index, in the order of the sets.)
    fn new(sets: &Sets, keep: impl Fn(usize) -> bool) -> Filing {
        let kept = || {
            (sets.per_digit.buckets.iter().enumerate())
                .filter(|&(i, _)| keep(i))
                .map(|(i, buckets)| (i as u32, buckets.all()))
        };
        // Counted and laid out in arrays indexed by any byte: a bucket id
        // needs no bounds check there (the ids above the last bucket stay empty).
        let mut starts = [0u32; 256 + 1];
        for (_, buckets) in kept() {
            for &b in buckets {
                starts[b as usize + 1] += 1;
            }
        }
        for b in 0..BUCKETS {
            starts[b + 1] += starts[b];
        }
        let mut next = [0u32; 256];
        next.copy_from_slice(&starts[..256]);
        let mut filed = vec![0u32; starts[BUCKETS] as usize];
        for (i, buckets) in kept() {
            for &b in buckets {
                let next = &mut next[b as usize];
                filed[*next as usize] = i;
                *next += 1;
            }
        }
        let starts = starts[..=BUCKETS].to_vec();
        Filing {
            cursor: starts[..BUCKETS].to_vec(),
            starts,
            filed,
        }
    }
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
    /// Files every set (counted, then laid out in one array).
    pub(super) fn new(sets: &'a Sets) -> Linker<'a> {
        let n = sets.all.len();
        let changed = sets
            .reusable
            .as_ref()
            .map(|reusable| Filing::new(sets, |i| reusable.changed(i)));
        Linker {
            sets,
            every: Filing::new(sets, |_| true),
            met: vec![Met::NEVER; n],
            partners: vec![0; n.div_ceil(64)],
            merged: Vec::new(),
            changed,
        }
    }

    /// Appends the links of set `i` to the later sets, in ascending order (the
    /// sets are asked one after another from the first).
    pub(super) fn links_of(&mut self, i: usize, out: &mut Vec<Link>) {
        let sets = self.sets;
        let a = &sets.all[i];
        let kept = sets.reusable.as_ref().and_then(|reusable| {
            let old = reusable.then[i] as usize;
            (!reusable.changed(i) && old + 1 < reusable.kept.starts.len())
                .then_some((reusable, old))
        });
        let Some((reusable, old)) = kept else {
            let words = self.meet_later(i);
            self.partners_met(i, words, out);
            return;
        };
        // The links to the sets on changed cells, then those kept, merged.
        let from = out.len();
        let words = self.meet_changed_later(i);
        self.partners_met(i, words, out);
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

    /// Meets all the sets after set `i` in its buckets. Returns the lowest
    /// and highest words of the partners' bits written.
    fn meet_later(&mut self, i: usize) -> (usize, usize) {
        let sets = self.sets;
        let a = &sets.all[i];
        let mut meeting = Meeting::new(i, a);
        let every = &mut self.every;
        for &b in sets.buckets(a) {
            let b = b as usize;
            // The cursor is where the last set asked on this path was: sets
            // taking kept links since do not move it.
            let mut at = every.cursor[b] as usize;
            while (every.filed[at] as usize) < i {
                at += 1;
            }
            debug_assert_eq!(every.filed[at] as usize, i, "sets asked out of order");
            every.cursor[b] = at as u32 + 1;
            let later = &every.filed[at + 1..every.starts[b + 1] as usize];
            meeting.meet(sets, &mut self.met, &mut self.partners, b, later);
        }
        meeting.words()
    }

    /// Meets the sets on changed cells after set `i` in its buckets (see
    /// [`Reusable`]). Returns the lowest and highest words of the partners'
    /// bits written.
    fn meet_changed_later(&mut self, i: usize) -> (usize, usize) {
        let sets = self.sets;
        let a = &sets.all[i];
        let mut meeting = Meeting::new(i, a);
        let Some(changed) = &mut self.changed else {
            return meeting.words();
        };
        for &b in sets.buckets(a) {
            let b = b as usize;
            let (begin, end) = (changed.starts[b], changed.starts[b + 1]);
            // Most buckets have no set on a changed cell after `i`.
            if begin == end || changed.filed[end as usize - 1] as usize <= i {
                continue;
            }
            let mut at = changed.cursor[b];
            while changed.filed[at as usize] as usize <= i {
                at += 1;
            }
            changed.cursor[b] = at;
            let later = &changed.filed[at as usize..end as usize];
            meeting.meet(sets, &mut self.met, &mut self.partners, b, later);
        }
        meeting.words()
    }

    /// Appends the links of set `i` to the partners [`Self::meet_later`] met
    /// (those sharing no cell with it), ascending.
    fn partners_met(&mut self, i: usize, (lowest, highest): (usize, usize), out: &mut Vec<Link>) {
        let sets = self.sets;
        let a = &sets.all[i];
        // No partner met: `lowest` is above `highest`.
        for word in lowest..=highest {
            let mut bits = std::mem::take(&mut self.partners[word]);
            while bits != 0 {
                let j = word * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let rcc = Candidates::from_bits(self.met[j].commons.into());
                debug_assert_eq!(rcc, super::restricted_commons(sets, a, &sets.all[j]));
                out.push((i, j, rcc));
            }
        }
    }
}
