//! Forcing chains and nets on a shape: the classic ladder's forcing
//! (`engine::logic::forcing`), run on a [`ShapeMarks`] through its
//! [`BranchHost`] (the geometry's cell masks; the shaped ladder's own finders
//! inside a net's branches). Digit, cell and unit forcing chains, dynamic
//! forcing chains and forcing nets all come from there, shortest proof first,
//! with every branch's implications; this file turns the first deduction into a
//! [`ShapeStep`] and writes it in the geometry's names.

use super::{Ladder, ShapeMarks, ShapeStep};
use crate::engine::geometry::{CellMask, Geometry, ValueMask};
use crate::engine::logic::Technique;
use crate::engine::logic::candidate_board::only_value;
use crate::engine::logic::forcing::{self, Forcing};
use crate::engine::logic::implication::{BranchHost, BranchStep, CellSet, Fact};

/// The first forcing step of `technique` (one of the forcing chains or nets).
pub fn find(marks: &ShapeMarks, technique: Technique) -> Option<ShapeStep> {
    let (mode, kinds) = technique.forcing()?;
    let mut first: Option<Forcing> = None;
    forcing::search(marks, mode, kinds, None, &mut |found| {
        first = Some(found);
        true
    });
    let found = first?;
    let (cell, value) = (found.conclusion.cell, found.conclusion.digit);
    let mut step = ShapeStep::of(technique);
    if found.conclusion.on {
        step.placements.push((cell, value));
    } else {
        step.eliminations.push((cell, value));
    }
    step.pattern = found.assumptions.iter().map(|a| a.cell).collect();
    step.values = found.assumptions.iter().map(|a| a.digit).collect();
    step.values.dedup();
    step.units = found.unit.into_iter().collect();
    step.branches = found.branches;
    Some(step)
}

/// The reasoning of a forcing step: every branch's implications, then what
/// they all imply.
pub fn text(step: &ShapeStep, geometry: &Geometry) -> String {
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
        step.pattern.first().copied(),
    )
}

/// A shaped position as branches see it: the geometry's cell masks, storage
/// sized at run time, and the shaped ladder inside a net's branches.
impl<'g> BranchHost for ShapeMarks<'g> {
    type Cells = CellMask;
    type PerValue = Vec<CellMask>;
    type PerCell = Vec<ValueMask>;
    type Facts = Vec<u64>;
    type Finder = Ladder<'g>;

    fn unit_set(&self, unit: usize) -> CellMask {
        *self.geometry.unit_mask(unit)
    }

    fn peer_set(&self, cell: usize) -> CellMask {
        *self.geometry.peer_mask(cell)
    }

    fn per_value(&self) -> Vec<CellMask> {
        vec![CellMask::default(); self.geometry.side()]
    }

    fn per_cell(&self) -> Vec<ValueMask> {
        vec![0; self.geometry.cells()]
    }

    fn finder(&self) -> Ladder<'g> {
        Ladder::new(self.geometry)
    }

    fn step_in_branch(
        &self,
        ladder: &mut Ladder<'g>,
        candidates: &[ValueMask],
        open: &CellMask,
        techniques: &[Technique],
        looked: bool,
    ) -> Option<BranchStep> {
        let mut marks = *self;
        for cell in self.open_cells() {
            marks.candidates[cell] = candidates[cell];
            if !open.has(cell) {
                marks.values[cell] = only_value(candidates[cell]).unwrap_or(0);
            }
        }
        let step = techniques
            .iter()
            .filter(|t| t.supports(self.geometry))
            .filter_map(|&t| ladder.find_unlinked(t, &marks))
            .find(|s| {
                s.placements.iter().any(|&(c, _)| marks.value(c) == 0)
                    || s.eliminations.iter().any(|&(c, v)| marks.allows(c, v))
            })?;
        let mut cells = Vec::new();
        if looked {
            cells.extend(step.pattern.iter().copied());
            for &unit in &step.units {
                cells.extend(self.geometry.units()[unit].cells.iter().copied());
            }
        }
        Some(BranchStep {
            technique: step.technique()?,
            placements: step.placements,
            eliminations: step.eliminations,
            looked: cells,
        })
    }
}
