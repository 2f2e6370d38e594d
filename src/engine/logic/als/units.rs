//! Each unit's almost locked sets, built from its cells' candidates alone, so
//! that a solve builds again only the units a step changed: most steps change
//! a few cells, and building a wide-open unit walks all 511 subsets of its cells.

use super::links::{Buckets, KeptLinks};
use super::quiet::{Marks, QUIET_FINDERS, Quiet};
use super::{ALL_HOUSES, Als, Cells, PerDigit, houses_of, reaching};
use crate::engine::board::Board;
use crate::engine::logic::open_candidates;
use crate::engine::types::{Candidates, Digit, GEOMETRY, SIZE, Unit};

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

/// Per subset of a unit's open cells (by mask): its digits, the units holding
/// all its cells, its cells, and the cells that see all of them.
pub(super) struct SubsetTables {
    unions: [Candidates; 512],
    houses: [u32; 512],
    cells: [Cells; 512],
    seen: [Cells; 512],
}

impl SubsetTables {
    /// The tables with the empty subset's entries (the others are written
    /// per unit before they are read).
    pub(super) fn boxed() -> Box<SubsetTables> {
        Box::new(SubsetTables {
            unions: [Candidates::NONE; 512],
            houses: [ALL_HOUSES; 512],
            cells: [0; 512],
            seen: [!0; 512],
        })
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
    let SubsetTables {
        unions,
        houses,
        cells: subset_cells,
        seen,
    } = tables;
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
    // Each subset's entries from the subset without its lowest cell. A digit's
    // copies in an ALS are the subset of its cells holding it, so their tables
    // are here too. The sets' masks are noted in the same pass, so that the
    // lists grow once, to their size (grown set by set, they were copied
    // over and over).
    let mut masks = [0u16; 512];
    let mut count = 0;
    let size = 1usize << open.len();
    for mask in 1..size {
        let low = mask.trailing_zeros() as usize;
        let rest = mask & (mask - 1);
        let cell = &open[low];
        let union = unions[rest].union(cell.candidates);
        let held = houses[rest] & cell.houses;
        unions[mask] = union;
        houses[mask] = held;
        subset_cells[mask] = subset_cells[rest] | cell.cell;
        seen[mask] = seen[rest] & cell.peers;
        // `mask` has at most nine bits: counted by the digit table. A set
        // whose cells are in an earlier unit (a line and a box) is that
        // unit's.
        if union.len() == Candidates::from_bits(mask as u32).len() + 1 && held & earlier == 0 {
            masks[count] = mask as u16;
            count += 1;
        }
    }
    out.reserve(count);
    facts.seeing.reserve(count);
    facts.buckets.reserve(count);
    for &mask in &masks[..count] {
        let mask = usize::from(mask);
        let digits = unions[mask];
        let index = out.len() as u32;
        let mut seeing = [0; SIZE];
        let mut buckets = Buckets::default();
        let mut reaching = 0u16;
        for d in digits.iter() {
            let copies = mask & holding[d.index()];
            let sees = seen[copies];
            seeing[d.index()] = sees;
            // See [`super::reaching`].
            reaching |= u16::from(sees & holders[d.index()] != 0) << d.index();
            buckets.file(d, houses[copies]);
        }
        facts.seeing.push(seeing);
        facts.buckets.push(buckets);
        out.push(Als {
            cells: subset_cells[mask],
            digits,
            reaching: Candidates::from_bits(reaching.into()),
            unit,
            index,
        });
    }
}
