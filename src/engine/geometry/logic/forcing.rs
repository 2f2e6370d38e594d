//! Forcing chains and nets on a shape: the classic ladder's forcing
//! (`engine::logic::forcing`), run on a [`ShapeMarks`] through its
//! [`BranchHost`] (the geometry's cell masks; the shaped ladder's own finders
//! inside a net's branches). Digit, cell and unit forcing chains, dynamic
//! forcing chains and forcing nets all come from there, shortest proof first,
//! with every branch's implications, and the first deduction's step is built
//! there too (`Forcing::step`); this file is the glue, and the proof's text in
//! the geometry's names.

use super::reuse::{self, Ran};
use super::{Ladder, ShapeMarks, Step};
use crate::engine::effects::Deduction;
use crate::engine::geometry::{CellMask, Geometry, MAX_CELLS, UnitKind, ValueMask};
use crate::engine::logic::candidate_board::only_value;
use crate::engine::logic::{CandidateBoard, Technique};
use crate::engine::types::Cell;
use std::cell::RefCell;
use std::rc::Rc;

use crate::engine::logic::forcing::{self, Forcing, Kinds, Outcomes};
use crate::engine::logic::implication::{BranchHost, BranchStep, CellSet, Fact, FactWords, Mode};

/// The static and dynamic branches last run, on this position or an earlier
/// one of the same solve (see [`super::reuse`]).
pub(super) type Branches = RefCell<[Option<Ran>; 2]>;

/// The first forcing step of `technique` (one of the forcing chains or nets).
pub fn find(ladder: &Ladder, marks: &ShapeMarks, technique: Technique) -> Option<Step> {
    let (mode, kinds) = technique.forcing()?;
    let first = match marks.geometry.cells() {
        0..=128 => search_in::<u128>(ladder, marks, mode, kinds),
        129..=192 => search_in::<[u64; 3]>(ladder, marks, mode, kinds),
        193..=256 => search_in::<[u64; 4]>(ladder, marks, mode, kinds),
        _ => search_in::<[u64; MAX_CELLS.div_ceil(64)]>(ladder, marks, mode, kinds),
    };
    Some(first?.step(technique))
}

/// The branches of `mode` (static or dynamic) on `wide`'s position, run on
/// first use for it (with the "off" ones when `with_off`), taking from the
/// branches last run those that run the same here.
fn branches<C: Words>(
    ladder: &Ladder,
    wide: &Wide<C>,
    mode: Mode,
    with_off: bool,
) -> Rc<Outcomes<FactWords>> {
    let (values, candidates) = wide.position();
    let slot = usize::from(mode != Mode::Static);
    let mut kept = ladder.branches.borrow_mut();
    if let Some(ran) = &kept[slot]
        && ran.serves(values, candidates, with_off)
    {
        return ran.outcomes.clone();
    }
    let ran = reuse::run(wide, mode, with_off, kept[slot].as_ref());
    let outcomes = ran.outcomes.clone();
    kept[slot] = Some(ran);
    outcomes
}

/// The reasoning of a forcing step: every branch's implications, then what
/// they all imply.
pub fn text(step: &Step, geometry: &Geometry) -> String {
    let conclusion = match (step.placements.first(), step.eliminations.first()) {
        (Some(&(cell, value)), _) => Some(Fact::on(cell, value)),
        (None, Some(&(cell, value))) => Some(Fact::off(cell, value)),
        _ => None,
    };
    forcing::proof_text(
        geometry,
        &step.branches,
        conclusion,
        step.units.first().copied(),
        step.pattern_cells().next(),
    )
}

/// A shaped position as branches see it: cell sets `C` of as few words as the
/// board needs (a word op per word is the branch loop's cost; up to 128 cells
/// one `u128`, as on the classic board), the unit and peer sets built once per
/// search, storage sized at run time, and the shaped ladder inside a net's
/// branches.
pub(super) struct Wide<'m, 'g, C> {
    marks: &'m ShapeMarks<'g>,
    units: Vec<C>,
    peers: Vec<C>,
}

/// A cell set as 64-bit words, low cells first (what a branch read, kept
/// per branch by [`super::reuse`]).
pub(super) trait Words: CellSet {
    const WORDS: usize;
    fn push_words(&self, out: &mut Vec<u64>);
}

impl Words for u128 {
    const WORDS: usize = 2;
    fn push_words(&self, out: &mut Vec<u64>) {
        out.extend([*self as u64, (*self >> 64) as u64]);
    }
}

impl<const W: usize> Words for [u64; W] {
    const WORDS: usize = W;
    fn push_words(&self, out: &mut Vec<u64>) {
        out.extend_from_slice(self);
    }
}

impl<'m, 'g, C: Words> Wide<'m, 'g, C> {
    /// The position: each cell's value (0 open) and candidates.
    pub(super) fn position(&self) -> (&[u8], &[ValueMask]) {
        let cells = self.marks.geometry.cells();
        (&self.marks.values[..cells], &self.marks.candidates[..cells])
    }

    fn new(marks: &'m ShapeMarks<'g>) -> Self {
        let geometry = marks.geometry;
        let set = |mask: &CellMask| mask.iter().fold(C::empty(), |set, c| set.with(c));
        Wide {
            marks,
            units: (0..geometry.units().len())
                .map(|u| set(geometry.unit_mask(u)))
                .collect(),
            peers: (0..geometry.cells())
                .map(|c| set(geometry.peer_mask(c)))
                .collect(),
        }
    }
}

/// The first deduction of `mode` and `kinds` on `marks`, on cell sets `C`.
fn search_in<C: Words>(
    ladder: &Ladder,
    marks: &ShapeMarks,
    mode: Mode,
    kinds: Kinds,
) -> Option<Forcing> {
    let wide = Wide::<C>::new(marks);
    let outcomes = matches!(mode, Mode::Static | Mode::Dynamic)
        .then(|| branches(ladder, &wide, mode, kinds.digit()));
    let mut first: Option<Forcing> = None;
    forcing::search(&wide, mode, kinds, outcomes, None, &mut |found| {
        first = Some(found);
        true
    });
    first
}

impl<C: Words> CandidateBoard for Wide<'_, '_, C> {
    fn side(&self) -> usize {
        self.marks.side()
    }
    fn cell_count(&self) -> usize {
        self.marks.cell_count()
    }
    fn unit_count(&self) -> usize {
        self.marks.unit_count()
    }
    fn unit_cells(&self, unit: usize) -> impl Iterator<Item = usize> + Clone + '_ {
        self.marks.unit_cells(unit)
    }
    fn unit_contains(&self, unit: usize, cell: usize) -> bool {
        self.marks.unit_contains(unit, cell)
    }
    fn unit_overlap(&self, from: usize, to: usize) -> u32 {
        self.marks.unit_overlap(from, to)
    }
    fn units_of(&self, cell: usize) -> impl Iterator<Item = usize> + '_ {
        CandidateBoard::units_of(self.marks, cell)
    }
    fn peers(&self, cell: usize) -> impl Iterator<Item = usize> + '_ {
        CandidateBoard::peers(self.marks, cell)
    }
    fn sees(&self, a: usize, b: usize) -> bool {
        CandidateBoard::sees(self.marks, a, b)
    }
    fn unit_kind(&self, unit: usize) -> UnitKind {
        self.marks.unit_kind(unit)
    }
    fn region_unit(&self, cell: usize) -> usize {
        self.marks.region_unit(cell)
    }
    fn value(&self, cell: usize) -> u8 {
        self.marks.values[cell]
    }
    fn candidate_bits(&self, cell: usize) -> ValueMask {
        self.marks.candidates[cell]
    }
}

impl<'g, C: Words> BranchHost for Wide<'_, 'g, C> {
    type Cells = C;
    type PerValue = Vec<C>;
    type PerCell = Vec<ValueMask>;
    type Facts = FactWords;
    type Finder = Ladder<'g>;

    fn unit_set(&self, unit: usize) -> C {
        self.units[unit]
    }

    fn peer_set(&self, cell: usize) -> C {
        self.peers[cell]
    }

    fn per_value(&self) -> Vec<C> {
        vec![C::empty(); self.marks.geometry.side()]
    }

    fn per_cell(&self) -> Vec<ValueMask> {
        vec![0; self.marks.geometry.cells()]
    }

    fn finder(&self) -> Ladder<'g> {
        Ladder::new(self.marks.geometry)
    }

    fn step_in_branch(
        &self,
        ladder: &mut Ladder<'g>,
        candidates: &[ValueMask],
        open: &C,
        techniques: &[Technique],
        looked: bool,
    ) -> Option<BranchStep> {
        let mut marks = *self.marks;
        for cell in self.marks.open_cells() {
            marks.candidates[cell] = candidates[cell];
            if !open.has(cell) {
                marks.values[cell] = only_value(candidates[cell]).unwrap_or(0);
            }
        }
        let geometry = marks.geometry;
        let step = techniques
            .iter()
            .filter(|t| t.supports(geometry))
            .filter_map(|&t| ladder.find_unlinked(t, &marks))
            .find(|s| {
                s.placed().any(|(c, _)| marks.value(c) == 0)
                    || s.removed().any(|(c, v)| marks.allows(c, v))
            })?;
        let mut cells = Vec::new();
        if looked {
            cells.extend(step.pattern_cells().map(Cell::index));
            for &unit in &step.units {
                cells.extend(geometry.unit(unit).cells.iter().copied());
            }
        }
        Some(BranchStep {
            technique: step.technique()?,
            placements: step.placed().collect(),
            eliminations: step.removed().collect(),
            looked: cells,
        })
    }
}
