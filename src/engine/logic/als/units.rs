//! Each unit's almost locked sets, built from its cells' candidates alone, so
//! that a solve builds again only the units a step changed: most steps change
//! a few cells, and building a wide-open unit walks all 511 subsets of its cells.

use super::links::{Buckets, KeptLinks};
use super::quiet::{Marks, QUIET_FINDERS, Quiet};
use super::{ALL_HOUSES, Als, Cells, PerDigit, houses_of, reaching};
use crate::engine::board::Board;
use crate::engine::logic::open_candidates;
use crate::engine::types::{Candidates, Digit, GEOMETRY, SIZE, Unit, ones_of_nine};

/// What a unit's ALSs are built from: each of its cells' candidates, a placed
/// cell as `PLACED`.
type UnitKey = [u16; SIZE];

/// A placed cell in a [`UnitKey`] (no candidate mask has this bit).
const PLACED: u16 = 1 << 15;

/// The ALSs of each unit as last built, with what they were built from: a
/// solve keeps them from one position to the next (see [`crate::engine::logic::recall`]) and
/// rebuilds only the units whose cells changed. Each set's `reaching` (which
/// reads the whole board's holders) is brought up to date per position.
pub(crate) struct UnitSets {
    keys: [UnitKey; 27],
    sets: [Vec<Als>; 27],
    /// Each unit's sets' per-digit facts (by the sets' `index` in the unit's list).
    facts: [PerDigit; 27],
    /// The links ALS-XZ found on the last position it ran on.
    links: Option<KeptLinks>,
    /// Per [`Quiet`] finder, the marks of the last position it searched
    /// whole and found nothing on (see [`super::quiet`]).
    quiet: [Option<Marks>; QUIET_FINDERS],
    /// The subset tables, made on first use and kept for the solve: making
    /// them per position filled 16 KB each time.
    tables: Option<Box<SubsetTables>>,
    /// The open cells holding each digit when the sets' `reaching` was last
    /// brought up to date.
    holders: Option<[Cells; SIZE]>,
}

impl Default for UnitSets {
    fn default() -> Self {
        UnitSets {
            // No unit has this key (every cell placed and open at once).
            keys: [[u16::MAX; SIZE]; 27],
            sets: Default::default(),
            facts: Default::default(),
            links: None,
            quiet: Default::default(),
            tables: None,
            holders: None,
        }
    }
}

impl UnitSets {
    /// Builds the ALSs of `unit` on `board` (their `reaching` by `holders`)
    /// again if its cells changed since; returns whether it did.
    fn refresh(&mut self, board: &Board, unit: Unit, holders: &[Cells; SIZE]) -> bool {
        let key = unit_key(board, unit);
        let u = unit.index();
        if self.keys[u] == key {
            return false;
        }
        self.sets[u].clear();
        self.facts[u].clear();
        let tables = self.tables.get_or_insert_with(SubsetTables::boxed);
        let (sets, facts) = (&mut self.sets[u], &mut self.facts[u]);
        unit_sets(board, unit, tables, holders, sets, facts);
        self.keys[u] = key;
        true
    }

    /// Refreshes every unit (see [`Self::refresh`]) and brings every set's
    /// `reaching` up to date with `holders`; returns how many sets there are.
    pub(super) fn refresh_all(&mut self, board: &Board, holders: &[Cells; SIZE]) -> usize {
        // The digits some holder lost since the last position, if the
        // holders only lost cells (a solve's positions only lose candidates).
        // A set that reached a digit still does unless a holder it saw lost
        // it: it reached none before, and holders only go. The others are
        // tested again.
        let lost = self.holders.and_then(|then| {
            let gained = (0..SIZE).any(|d| holders[d] & !then[d] != 0);
            let lost = (0..SIZE).fold(0u16, |lost, d| {
                lost | u16::from(then[d] & !holders[d] != 0) << d
            });
            (!gained).then_some(lost)
        });
        self.holders = Some(*holders);
        let mut count = 0;
        for unit in Unit::all() {
            let rebuilt = self.refresh(board, unit, holders);
            let u = unit.index();
            let seeing = &self.facts[u].seeing;
            // A rebuilt unit's sets have theirs already.
            if !rebuilt {
                for als in &mut self.sets[u] {
                    let seeing = &seeing[als.index as usize];
                    match lost {
                        Some(lost) => {
                            let mut tested = als.reaching.bits() as u16 & lost;
                            while tested != 0 {
                                let d = tested.trailing_zeros() as usize;
                                tested &= tested - 1;
                                if seeing[d] & holders[d] == 0 {
                                    als.reaching = als.reaching.without(Digit::new(d as u8 + 1));
                                }
                            }
                        }
                        None => als.reaching = reaching(seeing, holders),
                    }
                }
            }
            debug_assert!(
                self.sets[u]
                    .iter()
                    .all(|als| als.reaching == reaching(&seeing[als.index as usize], holders))
            );
            count += self.sets[u].len();
        }
        count
    }

    /// Keeps the links ALS-XZ found, for the next position.
    pub(crate) fn keep_links(&mut self, links: KeptLinks) {
        self.links = Some(links);
    }

    /// The links kept from an earlier position, if any (taken: a position
    /// keeps its own).
    pub(super) fn take_links(&mut self) -> Option<KeptLinks> {
        self.links.take()
    }

    /// The marks of the last position where `finder` found nothing.
    pub(super) fn quiet(&self, finder: Quiet) -> Option<&Marks> {
        self.quiet[finder as usize].as_ref()
    }

    /// Notes that `finder` searched the position with `marks` whole and found nothing.
    pub(super) fn note_quiet(&mut self, finder: Quiet, marks: &Marks) {
        self.quiet[finder as usize] = Some(marks.clone());
    }

    /// The ALSs of `unit` as last refreshed, with their per-digit facts.
    pub(super) fn of(&self, unit: Unit) -> (&[Als], &PerDigit) {
        (&self.sets[unit.index()], &self.facts[unit.index()])
    }
}

/// The key of `unit` on `board`.
fn unit_key(board: &Board, unit: Unit) -> UnitKey {
    let mut key = [0; SIZE];
    for (slot, &cell) in key.iter_mut().zip(unit.cells()) {
        *slot = match board.digit(cell) {
            Some(_) => PLACED,
            None => board.candidates(cell).bits() as u16,
        };
    }
    key
}

/// Per subset of a unit's open cells, split in two halves (the first four
/// open cells, the others): per subset of a half (by mask), its digits, the
/// units holding all its cells, its cells, and the cells that see all of
/// them. A subset's entries are its halves' met: 16 + 32 entries per unit
/// instead of 511 (filling those was half the work of a wide-open unit, and
/// only the unions are read for every subset).
pub(super) struct SubsetTables {
    low: Half,
    high: Half,
}

/// The open cells of a unit in the low half of a subset mask.
const LOW_CELLS: usize = 4;

/// The entries of the subsets of one half (see [`SubsetTables`]).
struct Half {
    unions: [u16; 32],
    houses: [u32; 32],
    cells: [Cells; 32],
    seen: [Cells; 32],
}

impl Half {
    /// The entries of the empty subset (the others are written per unit
    /// before they are read).
    const EMPTY: Half = Half {
        unions: [0; 32],
        houses: [ALL_HOUSES; 32],
        cells: [0; 32],
        seen: [!0; 32],
    };

    /// Writes the entries of every subset of `open`, each from the subset
    /// without its lowest cell.
    fn fill(&mut self, open: &[OpenCell]) {
        for mask in 1..1usize << open.len() {
            let low = mask.trailing_zeros() as usize;
            let rest = mask & (mask - 1);
            let cell = &open[low];
            self.unions[mask] = self.unions[rest] | cell.candidates.bits() as u16;
            self.houses[mask] = self.houses[rest] & cell.houses;
            self.cells[mask] = self.cells[rest] | cell.cell;
            self.seen[mask] = self.seen[rest] & cell.peers;
        }
    }
}

impl SubsetTables {
    /// The tables with the empty subset's entries.
    pub(super) fn boxed() -> Box<SubsetTables> {
        Box::new(SubsetTables {
            low: Half::EMPTY,
            high: Half::EMPTY,
        })
    }

    /// The units holding all the cells of subset `mask`.
    fn houses(&self, mask: usize) -> u32 {
        self.low.houses[mask % 16] & self.high.houses[mask / 16]
    }

    /// The cells that see all the cells of subset `mask`.
    fn seen(&self, mask: usize) -> Cells {
        self.low.seen[mask % 16] & self.high.seen[mask / 16]
    }

    /// The cells of subset `mask`.
    fn cells(&self, mask: usize) -> Cells {
        self.low.cells[mask % 16] | self.high.cells[mask / 16]
    }
}

/// An open cell of a unit as [`unit_sets`] reads it: its candidates, the
/// units holding it (bits by [`Unit::index`]), itself and its peers as cells.
#[derive(Clone, Copy, Default)]
struct OpenCell {
    candidates: Candidates,
    houses: u32,
    cell: Cells,
    peers: Cells,
}

/// Appends the ALSs of `unit` to `out`, by subset mask, with their
/// `reaching` by the board's `holders`, and their per-digit facts to `facts`.
pub(super) fn unit_sets(
    board: &Board,
    unit: Unit,
    tables: &mut SubsetTables,
    holders: &[Cells; SIZE],
    out: &mut Vec<Als>,
    facts: &mut PerDigit,
) {
    // Each open cell's entries (by position among the open cells), read
    // once: the subsets below read them 256 times each in a wide-open unit.
    let mut open = [OpenCell::default(); SIZE];
    let mut count = 0;
    for &cell in unit.cells() {
        if board.digit(cell).is_none() {
            open[count] = OpenCell {
                candidates: open_candidates(board, cell),
                houses: houses_of(cell),
                cell: 1 << cell.index(),
                peers: GEOMETRY.peer_masks[cell.index()],
            };
            count += 1;
        }
    }
    let open = &open[..count];
    // Per digit, the open cells holding it (by position in `open`).
    let mut holding = [0usize; SIZE];
    for (k, cell) in open.iter().enumerate() {
        for d in cell.candidates.iter() {
            holding[d.index()] |= 1 << k;
        }
    }
    // The units before this one (rows, columns, boxes in order).
    let earlier = (1u32 << unit.index()) - 1;
    let split = open.len().min(LOW_CELLS);
    tables.low.fill(&open[..split]);
    tables.high.fill(&open[split..]);
    // The sets' masks, ascending (high half, then low), noted first so that
    // the lists grow once, to their size (grown set by set, they were
    // copied over and over). A subset is an ALS when its digits are one
    // more than its cells; a set whose cells are in an earlier unit (a line
    // and a box) is that unit's.
    let mut masks = [0u16; 512];
    let mut count = 0;
    let SubsetTables { low, high } = &*tables;
    for h in 0..1usize << (open.len() - split) {
        let (union, cells) = (high.unions[h], ones_of_nine(h as u16) + 1);
        for l in 0..1usize << split {
            // The empty subset has no digit: never one more than its cells.
            if ones_of_nine(union | low.unions[l]) == cells + ones_of_nine(l as u16)
                && low.houses[l] & high.houses[h] & earlier == 0
            {
                masks[count] = (h * 16 + l) as u16;
                count += 1;
            }
        }
    }
    out.reserve(count);
    facts.seeing.reserve(count);
    facts.buckets.reserve(count);
    for &mask in &masks[..count] {
        let mask = usize::from(mask);
        let digits = Candidates::from_bits(
            (tables.low.unions[mask % 16] | tables.high.unions[mask / 16]).into(),
        );
        let index = out.len() as u32;
        let mut seeing = [0; SIZE];
        let mut buckets = Buckets::default();
        let mut reaching = 0u16;
        for d in digits.iter() {
            let copies = mask & holding[d.index()];
            let sees = tables.seen(copies);
            seeing[d.index()] = sees;
            // See [`super::reaching`].
            reaching |= u16::from(sees & holders[d.index()] != 0) << d.index();
            buckets.file(d, tables.houses(copies));
        }
        facts.seeing.push(seeing);
        facts.buckets.push(buckets);
        out.push(Als {
            cells: tables.cells(mask),
            digits,
            reaching: Candidates::from_bits(reaching.into()),
            unit,
            index,
        });
    }
}
