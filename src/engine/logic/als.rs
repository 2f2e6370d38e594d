//! Almost Locked Sets. An ALS is N open cells of one unit holding N+1 digits
//! between them: take any one digit away and the rest is locked. Two ALSs are
//! linked by a restricted common digit x when every x of one sees every x of the
//! other: then at most one of them holds x, so the other is locked without it.
//!
//! ALS-XZ: ALSs A and B with a restricted common x; another digit z of both is in
//! A or in B, so it leaves every cell that sees all the z's of both. Doubly linked
//! (two restricted commons): both ALSs are locked on their other digits, so each
//! common digit leaves the cells that see all its copies in both ALSs, and each
//! other digit leaves the cells that see all its copies in its own ALS.
//! ALS-XY-Wing: a pivot ALS C linked to A by x and to B by y (x and y differ); a
//! digit z of A and B leaves the cells that see all its copies in A and B.
//! ALS-XY-Chain ([`chain`]) and Death Blossom ([`blossom`]) build on the same sets.

mod blossom;
mod chain;
mod links;
mod quiet;
mod reachers;
mod units;
mod wing;

pub use wing::{als_xy_wing, als_xy_wing_overlapping};

pub use blossom::{death_blossom, death_blossom_overlapping};
pub use chain::als_xy_chain;

use std::cell::OnceCell;
use std::rc::Rc;

pub(crate) use links::KeptLinks;
use links::{Buckets, Link, Linker, Reusable};
use quiet::{Fresh, Marks, Quiet};
use reachers::Reachers;
pub(crate) use units::UnitSets;
use units::{SubsetTables, unit_sets};

use super::{Sink, Step, Technique, cells_text};
use crate::engine::board::Board;
use crate::engine::types::{Candidates, Cell, Digit, SIZE, UNITS, Unit};

/// A set of cells as bits of their indices.
type Cells = u128;

fn cells_of(mut set: Cells) -> impl Iterator<Item = Cell> {
    std::iter::from_fn(move || {
        if set == 0 {
            return None;
        }
        let index = set.trailing_zeros() as usize;
        set &= set - 1;
        Some(Cell::new(index))
    })
}

/// Calls `each` with the index of each cell of `set`, ascending. Word by
/// word: a bit taken off a u128 costs several instructions more, and the
/// chain's tables are filled cell by cell. (`CellSet::cells`, an iterator
/// testing which word it is in at each cell, cost the chain and Reachers
/// 16 M more on first300.)
#[inline(always)]
fn each_cell_index(set: Cells, mut each: impl FnMut(usize)) {
    for (base, mut word) in [(0, set as u64), (64, (set >> 64) as u64)] {
        while word != 0 {
            each(base + word.trailing_zeros() as usize);
            word &= word - 1;
        }
    }
}

/// The restricted common digits of two ALSs (their shared cells may hold none of them).
fn restricted_commons(sets: &Sets, a: &Als, b: &Als) -> Candidates {
    let overlap = a.cells & b.cells;
    let mut common = a.digits.intersection(b.digits).bits();
    let mut rcc = 0u16;
    while common != 0 {
        let i = common.trailing_zeros() as usize;
        common &= common - 1;
        let d = Digit::new(i as u8 + 1);
        let (x, y) = (a.cells & sets.holders[i], b.cells & sets.holders[i]);
        if (x | y) & overlap == 0 && y & !sets.seeing(a, d) == 0 {
            rcc |= 1 << i;
        }
    }
    Candidates::from_bits(rcc.into())
}

/// The digits of `digits` that some cell outside both ALSs can lose because it
/// sees all their copies in both.
#[inline]
fn shared_reach(sets: &Sets, a: &Als, b: &Als, digits: Candidates) -> Candidates {
    let mut bits = digits
        .intersection(a.reaching)
        .intersection(b.reaching)
        .bits();
    let mut reached = 0u16;
    while bits != 0 {
        let i = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        let d = Digit::new(i as u8 + 1);
        if sets.reach(a, d) & sets.reach(b, d) != 0 {
            reached |= 1 << i;
        }
    }
    Candidates::from_bits(reached.into())
}

/// One almost locked set: what the finders' loops read, in 32 bytes (its
/// per-digit facts are in [`Sets`]' arrays under `index`, which the loops
/// over all sets do not touch).
#[derive(Clone, Copy)]
struct Als {
    cells: Cells,
    digits: Candidates,
    /// The digits some open cell outside the ALS can lose: those whose copies in
    /// the ALS are all seen by some holder of the digit (see [`reaching`]).
    reaching: Candidates,
    unit: Unit,
    /// The set's index in its list: where its per-digit facts are.
    index: u32,
}

/// The digits of a set whose cells `seeing` each (by digit) its copies hold
/// the digit in some open cell (`holders`): those it can remove.
fn reaching(seeing: &[Cells; SIZE], holders: &[Cells; SIZE]) -> Candidates {
    // A digit not in the set sees no cell: all nine digits are tested,
    // without a branch per digit.
    let reaching = (0..SIZE).fold(0u16, |reaching, i| {
        reaching | u16::from(seeing[i] & holders[i] != 0) << i
    });
    Candidates::from_bits(reaching.into())
}

/// All 27 units as bits (by [`Unit::index`]).
const ALL_HOUSES: u32 = (1 << 27) - 1;

/// The units holding `cell`, as bits (rows, columns, boxes: the order of [`Unit::index`]).
fn houses_of(cell: Cell) -> u32 {
    1 << cell.row() | 1 << (SIZE + cell.col()) | 1 << (2 * SIZE + cell.box_index())
}

/// What the finders share: the board's ALSs and who sees what (built once per
/// position, see [`super::cache`]).
pub(crate) struct Sets {
    all: Vec<Als>,
    /// The sets' per-digit facts (by [`Als::index`]).
    per_digit: PerDigit,
    /// The open cells holding each digit.
    holders: [Cells; SIZE],
    /// Every pair of ALSs that share no cell and have a restricted common digit
    /// (indices into `all`, in ascending order), with those digits: found when
    /// first needed (ALS-XZ, the first finder to use them, finds them one set at
    /// a time and stops at its first step).
    links: OnceCell<Rc<Vec<Link>>>,
    /// `links` by set: what ALS-XY-Wing and ALS-XY-Chain walk.
    partners: OnceCell<Partners>,
    /// The sets reaching each candidate (built on first use).
    reachers: OnceCell<Reachers>,
    /// Where each unit's sets start in `all` (and where the last ends).
    offsets: [u32; UNITS + 1],
    /// The links kept from an earlier position that these sets can take.
    reusable: Option<Reusable>,
    /// The board's open candidates (see [`quiet`]).
    marks: Marks,
}

/// What each set needs per digit of the set beyond its cells, by
/// [`Als::index`] (nine entries each: an entry found by the digit alone).
#[derive(Default)]
struct PerDigit {
    /// The cells that see all the set's copies of the digit (none for a
    /// digit not in the set).
    seeing: Vec<[Cells; SIZE]>,
    /// Per digit, the units holding all the set's copies of it, as the
    /// (digit, unit) buckets the links are found by: cells that all see each
    /// other lie in one unit, so two ALSs without a shared cell have the
    /// restricted common digit d exactly when their units for d meet.
    buckets: Vec<Buckets>,
}

impl PerDigit {
    fn clear(&mut self) {
        self.seeing.clear();
        self.buckets.clear();
    }
}

/// Each set's linked sets and their restricted commons, ascending, in one
/// array (`linked[starts[i]..starts[i + 1]]`): no list per set.
struct Partners {
    starts: Vec<u32>,
    linked: Vec<(u32, Candidates)>,
}

impl Partners {
    /// Both ends of each of `links` (pairs in ascending order) among `n` sets.
    fn new(n: usize, links: &[Link]) -> Partners {
        // Counted into each set's own entry, summed to where its partners
        // end, then filed from the last link back, each entry moved down one
        // per partner: it ends where the set's partners start, and they come
        // out in link order (ascending). No copy of the starts.
        let mut starts = vec![0u32; n + 1];
        for &(i, j, _) in links {
            starts[i] += 1;
            starts[j] += 1;
        }
        let mut total = 0;
        for end in &mut starts[..n] {
            total += *end;
            *end = total;
        }
        starts[n] = total;
        // Not zeroed first: every entry is written below, once.
        let mut linked = Vec::with_capacity(total as usize);
        let spare = &mut linked.spare_capacity_mut()[..total as usize];
        for &(i, j, rcc) in links.iter().rev() {
            starts[i] -= 1;
            spare[starts[i] as usize].write((j as u32, rcc));
            starts[j] -= 1;
            spare[starts[j] as usize].write((i as u32, rcc));
        }
        // SAFETY: each set's cursor moved from its end down to its start,
        // once per link it is in, writing each entry once; the ends tile
        // `0..total`.
        unsafe { linked.set_len(total as usize) };
        Partners { starts, linked }
    }

    /// The sets linked to set `i`, with the restricted commons.
    fn of(&self, i: usize) -> &[(u32, Candidates)] {
        &self.linked[self.starts[i] as usize..self.starts[i + 1] as usize]
    }
}

impl Sets {
    /// The board's ALSs, unit by unit; a unit whose cells are as when `kept`
    /// last built it is not built again. Without `kept` (one position, as a
    /// hint), each unit's sets are built in place: no copy of each to keep.
    pub(crate) fn new(board: &Board, kept: Option<&mut UnitSets>) -> Sets {
        let mut holders = [0; SIZE];
        for cell in board.open_cells() {
            for d in board.candidates(cell).iter() {
                holders[d.index()] |= 1 << cell.index();
            }
        }
        let mut all: Vec<Als> = Vec::new();
        let mut per_digit = PerDigit::default();
        let mut offsets = [0u32; UNITS + 1];
        let mut kept_links = None;
        match kept {
            Some(kept) => {
                // Every unit refreshed first, so that the arrays are made at
                // their size: growing them copied them over and over.
                let count = kept.refresh_all(board, &holders);
                all.reserve(count);
                per_digit.seeing.reserve_exact(count);
                per_digit.buckets.reserve_exact(count);
                kept_links = kept.take_links();
                for unit in Unit::all() {
                    offsets[unit.index()] = all.len() as u32;
                    let (unit_sets, facts) = kept.of(unit);
                    per_digit.seeing.extend_from_slice(&facts.seeing);
                    per_digit.buckets.extend_from_slice(&facts.buckets);
                    // Copied whole, then each index moved on past the
                    // earlier units' sets: cheaper than a copy set by set.
                    let offset = all.len();
                    all.extend_from_slice(unit_sets);
                    for als in &mut all[offset..] {
                        als.index += offset as u32;
                    }
                }
            }
            None => {
                all.reserve(1024);
                let mut tables = SubsetTables::boxed();
                for unit in Unit::all() {
                    offsets[unit.index()] = all.len() as u32;
                    unit_sets(board, unit, &mut tables, &holders, &mut all, &mut per_digit);
                }
            }
        }
        offsets[UNITS] = all.len() as u32;
        let marks = Marks::of(board);
        let reusable = kept_links.and_then(|kept| Reusable::new(&all, &offsets, &marks, kept));
        Sets {
            all,
            per_digit,
            holders,
            links: OnceCell::new(),
            partners: OnceCell::new(),
            reachers: OnceCell::new(),
            offsets,
            reusable,
            marks,
        }
    }

    /// The sets a pattern of `finder` needs one of to remove something: those
    /// holding a cell changed since the last position of the solve where it
    /// found nothing, or all (see [`quiet`]).
    fn fresh(&self, sink: &mut Sink, finder: Quiet) -> Fresh {
        let changed = sink
            .cache()
            .als_memory()
            .and_then(|memory| memory.quiet(finder))
            .and_then(|earlier| self.marks.changed_since(earlier));
        match changed {
            Some(changed) => Fresh::touching(&self.all, changed),
            None => Fresh::all(self.all.len()),
        }
    }

    /// Notes that `finder` searched these sets whole and found nothing.
    fn note_quiet(&self, sink: &mut Sink, finder: Quiet) {
        if let Some(memory) = sink.cache().als_memory() {
            memory.note_quiet(finder, &self.marks);
        }
    }

    /// The cells that see all of `als`'s copies of `digit` (one of its digits).
    fn seeing(&self, als: &Als, digit: Digit) -> Cells {
        self.per_digit.seeing[als.index as usize][digit.index()]
    }

    /// The open cells outside `als` that can lose `digit` (one of its digits)
    /// because they see all its copies in it (a cell never sees itself, so
    /// this leaves the ALS's holders out).
    fn reach(&self, als: &Als, digit: Digit) -> Cells {
        self.per_digit.seeing[als.index as usize][digit.index()] & self.holders[digit.index()]
    }

    /// The (digit, unit) buckets of `als` (see [`Buckets`]).
    fn buckets(&self, als: &Als) -> &[u8] {
        self.per_digit.buckets[als.index as usize].all()
    }

    /// [`Sets::links`] by set (built on first use).
    fn partners(&self) -> &Partners {
        self.partners
            .get_or_init(|| Partners::new(self.all.len(), self.links()))
    }

    /// The sets reaching each candidate (built on first use).
    fn reachers(&self) -> &Reachers {
        self.reachers.get_or_init(|| Reachers::new(self))
    }

    /// The pairs of ALSs that share no cell and have a restricted common
    /// digit, in ascending order (found on first use, see [`links`]).
    fn links(&self) -> &[Link] {
        self.links.get_or_init(|| {
            let mut linker = Linker::new(self);
            let mut links = Vec::with_capacity(linker.links_capacity());
            for i in 0..self.all.len() {
                linker.links_of(i, &mut links);
            }
            Rc::new(links)
        })
    }

    /// The pairs of ALSs with a restricted common digit that may share cells
    /// (neither inside the other), in ascending order.
    fn overlapping_links(&self) -> Vec<(usize, usize, Candidates)> {
        let mut links = Vec::new();
        for (i, a) in self.all.iter().enumerate() {
            for (j, b) in self.all.iter().enumerate().skip(i + 1) {
                // Neither ALS inside the other.
                if a.cells & !b.cells == 0 || b.cells & !a.cells == 0 {
                    continue;
                }
                let rcc = restricted_commons(self, a, b);
                if !rcc.is_empty() {
                    links.push((i, j, rcc));
                }
            }
        }
        links
    }

    /// Each set's cells and digits (chains with ALS nodes build on them).
    pub(crate) fn cells_and_digits(&self) -> Vec<(Cells, Candidates)> {
        self.all.iter().map(|a| (a.cells, a.digits)).collect()
    }

    /// `digit` removed from every holder outside `outside` that sees all of its
    /// copies in `sets` (the cells that see all of a union are the meet of each one's).
    fn eliminate(&self, digit: Digit, sets: &[&Als], outside: Cells) -> Vec<(Cell, Digit)> {
        let seeing = sets
            .iter()
            .fold(!0, |acc: Cells, als| acc & self.seeing(als, digit));
        let targets = seeing & self.holders[digit.index()] & !outside;
        cells_of(targets).map(|c| (c, digit)).collect()
    }
}

/// The ALS-XZ steps, one per pair of ALSs with a restricted common digit.
pub fn als_xz(board: &Board, sink: &mut Sink) {
    let sets = sink.cache().als(board);
    let fresh = sets.fresh(sink, Quiet::AlsXz);
    let before = sink.kept();
    if let Some(links) = sets.links.get() {
        for &(i, j, rcc) in links.iter() {
            if let Some(step) = xz_step_if_fresh(&sets, &fresh, i, j, rcc)
                && sink.push(step)
            {
                return;
            }
        }
    } else {
        // The links one set at a time: a step found early spares finding the rest.
        // What was found is kept for the next position (see [`links`]), with
        // where each set's links start, noted as they are found.
        let mut linker = Linker::new(&sets);
        let mut links = Vec::with_capacity(linker.links_capacity());
        let mut starts = Vec::with_capacity(sets.all.len() + 1);
        for i in 0..sets.all.len() {
            let from = links.len();
            starts.push(from as u32);
            linker.links_of(i, &mut links);
            for &(i, j, rcc) in &links[from..] {
                if let Some(step) = xz_step_if_fresh(&sets, &fresh, i, j, rcc)
                    && sink.push(step)
                {
                    starts.push(links.len() as u32);
                    sink.cache()
                        .keep_als_links(KeptLinks::new(&sets, Rc::new(links), starts));
                    return;
                }
            }
        }
        starts.push(links.len() as u32);
        let links = Rc::new(links);
        sink.cache()
            .keep_als_links(KeptLinks::new(&sets, links.clone(), starts));
        let _ = sets.links.set(links);
    }
    if sink.kept() == before {
        sets.note_quiet(sink, Quiet::AlsXz);
    }
}

/// [`xz_step`] when one of the two sets is fresh (see [`quiet`]: two others
/// removed nothing on an earlier position, and remove nothing now; debug
/// builds check every eighth such pair). Inlined: most pairs are not fresh.
#[inline(always)]
fn xz_step_if_fresh(
    sets: &Sets,
    fresh: &Fresh,
    i: usize,
    j: usize,
    rcc: Candidates,
) -> Option<Step> {
    if fresh.has(i) || fresh.has(j) {
        return xz_step(sets, i, j, rcc);
    }
    debug_assert!(
        !(i + j).is_multiple_of(8) || xz_step(sets, i, j, rcc).is_none(),
        "ALS-XZ of sets {i} and {j} skipped, unchanged since it found nothing"
    );
    None
}

/// The ALS-XZ step of ALSs `i` and `j` linked by `rcc`, if it removes anything.
#[inline(never)]
fn xz_step(sets: &Sets, i: usize, j: usize, rcc: Candidates) -> Option<Step> {
    let (a, b) = (&sets.all[i], &sets.all[j]);
    // Singly linked: only a common digit other than the link can go.
    let common = a.digits.intersection(b.digits);
    if rcc.len() == 1 && shared_reach(sets, a, b, common.difference(rcc)).is_empty() {
        return None;
    }
    let both = a.cells | b.cells;
    let mut eliminations = Vec::new();
    for z in a.digits.intersection(b.digits).iter() {
        if rcc.len() == 1 && rcc.contains(z) {
            continue;
        }
        eliminations.extend(sets.eliminate(z, &[a, b], both));
    }
    if rcc.len() >= 2 {
        // Doubly linked: each ALS is locked on its digits other than the commons.
        for als in [a, b] {
            for d in als.digits.difference(rcc).iter() {
                eliminations.extend(sets.eliminate(d, &[als], both));
            }
        }
    }
    eliminations.sort();
    eliminations.dedup();
    if eliminations.is_empty() {
        return None;
    }
    Some(als_step(Technique::AlsXz, eliminations, &[a, b], rcc))
}

/// The step: each ALS's cells in turn (units in the same order), the restricted
/// commons last as a pattern entry on the first cell.
fn als_step(
    technique: Technique,
    eliminations: Vec<(Cell, Digit)>,
    sets: &[&Als],
    commons: Candidates,
) -> Step {
    let mut pattern = Vec::new();
    for als in sets {
        pattern.extend(cells_of(als.cells).map(|c| (c, als.digits)));
    }
    let first = pattern.first().map(|&(c, _)| c).unwrap_or(Cell::new(0));
    pattern.push((first, commons));
    let units = sets.iter().map(|als| als.unit).collect();
    Step::elimination(technique, eliminations, pattern, units)
}

/// "r1c1, r1c2 (row 1, digits 1, 4, 7) and ... are linked by 4".
pub fn text(step: &Step) -> String {
    let Some((&(_, commons), cells)) = step.pattern.split_last() else {
        return String::new();
    };
    // Each ALS's cells carry the ALS's digits: consecutive runs with the same digits.
    let mut groups: Vec<(Vec<Cell>, Candidates)> = Vec::new();
    for &(cell, digits) in cells {
        match groups.last_mut() {
            Some((group, d)) if *d == digits && group.len() + 1 < digits.len() as usize => {
                group.push(cell)
            }
            _ => groups.push((vec![cell], digits)),
        }
    }
    let described: Vec<String> = groups
        .iter()
        .zip(&step.units)
        .map(|((group, digits), unit)| {
            format!(
                "{} in {unit} ({} cells, digits {digits})",
                cells_text(group.iter().copied()),
                group.len()
            )
        })
        .collect();
    let commons: Vec<String> = commons.iter().map(|d| d.to_string()).collect();
    match step.technique() {
        Some(Technique::DeathBlossom) => blossom::text(step),
        Some(Technique::AlsXyChain) => {
            // The link digits in chain order: the links of one restricted common
            // come together, and two in a row differ.
            let mut digits: Vec<String> = step.links.iter().map(|l| l.to.1.to_string()).collect();
            digits.dedup();
            format!(
                "the almost locked sets {} are linked one to the next by restricted common digits ({}: every copy in one sees every copy in the next, two links in a row on different digits); if the first holds no digit z they share, each set in turn is locked and the last holds z, so z is in the first or the last",
                described.join(", "),
                digits.join(", "),
            )
        }
        Some(Technique::AlsXyWing) => format!(
            "the almost locked sets {} and {} are each linked to {} by a restricted common digit ({}: every copy in one sees every copy in the other); whichever link holds, one of the first two is locked, so a digit they share is in one of them",
            described.first().map_or("", String::as_str),
            described.get(1).map_or("", String::as_str),
            described.get(2).map_or("", String::as_str),
            commons.join(" and "),
        ),
        _ => {
            let how = if commons.len() > 1 {
                "both can hold at most one of them, so both are locked on their other digits, and each common digit is in one of them"
            } else {
                "at most one of them holds it, so the other is locked without it, and every other digit they share is in one of them"
            };
            format!(
                "the almost locked sets {} and {} share the restricted common digit {} (every copy in one sees every copy in the other): {how}",
                described.first().map_or("", String::as_str),
                described.get(1).map_or("", String::as_str),
                commons.join(" and "),
            )
        }
    }
}
