//! Dynamic forcing chains on a shape, the last resort before a guess. An
//! assumption is followed with the naked and hidden singles it forces on the
//! changing board (the search's [`ShapeBoard`], which propagates both rules):
//! - contradiction: a candidate whose singles empty a cell or a unit is false;
//! - cell forcing: a value that no candidate of a cell leaves standing in another
//!   cell is removed there (one of the cell's candidates is the truth);
//! - unit forcing: the same over every place of a value in a unit.
//!
//! All three read the changing board, so they are the catalogue's Dynamic Forcing
//! Chain (Extreme); the step's shape tells which one it is (see [`text`]). A
//! forcing net also applies locked candidates inside the branch (Forcing Net).

use super::finders::values_of;
use super::{Ladder, ShapeMarks, ShapeStep, cells_text, values_text};
use crate::engine::geometry::board::{Dead, ShapeBoard};
use crate::engine::geometry::{Geometry, MAX_CELLS, ValueMask};
use crate::engine::logic::Technique;

/// The first forcing step: a contradiction, else a cell's, else a unit's common
/// consequence. Cells with few candidates (and values with few places) first.
pub fn dynamic_forcing_chain(ladder: &Ladder, marks: &ShapeMarks) -> Option<ShapeStep> {
    let base = board_of(ladder, marks)?;
    let mut open: Vec<usize> = marks.open_cells().collect();
    open.sort_by_key(|&c| marks.candidates(c).count_ones());
    let contradiction = open.iter().find_map(|&cell| {
        values_of(marks.candidates(cell)).find_map(|value| {
            let mut trial = base;
            trial.assign(cell, value).is_err().then(|| ShapeStep {
                eliminations: vec![(cell, value)],
                pattern: vec![cell],
                values: vec![value],
                ..ShapeStep::of(Technique::DynamicForcingChain)
            })
        })
    });
    contradiction
        .or_else(|| {
            open.iter().find_map(|&cell| {
                let branches: Vec<(usize, u8)> = values_of(marks.candidates(cell))
                    .map(|v| (cell, v))
                    .collect();
                let eliminations = common_consequences(&base, marks, &branches)?;
                Some(ShapeStep {
                    eliminations,
                    pattern: vec![cell],
                    values: values_of(marks.candidates(cell)).collect(),
                    ..ShapeStep::of(Technique::DynamicForcingChain)
                })
            })
        })
        .or_else(|| unit_forcing(ladder, marks, &base))
}

/// A forcing net: a candidate whose branch, with the singles and the locked
/// candidates (between any two overlapping units) it forces, ends in a
/// contradiction is false. Tried only when the chains above find nothing.
pub fn forcing_net(ladder: &Ladder, marks: &ShapeMarks) -> Option<ShapeStep> {
    let base = board_of(ladder, marks)?;
    let mut open: Vec<usize> = marks.open_cells().collect();
    open.sort_by_key(|&c| marks.candidates(c).count_ones());
    open.iter().find_map(|&cell| {
        values_of(marks.candidates(cell)).find_map(|value| {
            let mut trial = base;
            let dead = trial.assign(cell, value).is_err() || locked(ladder, &mut trial).is_err();
            dead.then(|| ShapeStep {
                eliminations: vec![(cell, value)],
                pattern: vec![cell],
                values: vec![value],
                ..ShapeStep::of(Technique::ForcingNet)
            })
        })
    })
}

/// Locked candidates on a propagating board until none is left: when every place
/// of a value in unit `a` lies in unit `b`, it leaves the rest of `b`.
fn locked(ladder: &Ladder, board: &mut ShapeBoard) -> Result<(), Dead> {
    let units = ladder.geometry.units();
    let side = ladder.geometry.side() as u8;
    let mut changed = true;
    while changed {
        changed = false;
        for &(a, b) in &ladder.overlaps {
            for value in 1..=side {
                let bit = 1 << (value - 1);
                let cells = &units[a].cells;
                if cells.iter().any(|&c| board.value(c) == value) {
                    continue;
                }
                let mut places = cells.iter().filter(|&&c| board.candidates(c) & bit != 0);
                if !places.all(|&c| ladder.geometry.unit_contains(b, c)) {
                    continue;
                }
                for &c in &units[b].cells {
                    if !ladder.geometry.unit_contains(a, c) && board.candidates(c) & bit != 0 {
                        board.eliminate(c, value)?;
                        changed = true;
                    }
                }
            }
        }
    }
    Ok(())
}

/// The board of `marks` with both propagation rules; `None` if it is already dead.
fn board_of<'g>(ladder: &Ladder<'g>, marks: &ShapeMarks) -> Option<ShapeBoard<'g>> {
    let geometry = ladder.geometry;
    let mut board = ShapeBoard::new(geometry);
    for cell in 0..geometry.cells() {
        let kept = match marks.value(cell) {
            0 => marks.candidates(cell),
            value => 1 << (value - 1),
        };
        for value in values_of(ladder.all_values() & !kept) {
            board.eliminate(cell, value).ok()?;
        }
    }
    Some(board)
}

/// Every place of a value in a unit assumed in turn (two to four places).
fn unit_forcing(ladder: &Ladder, marks: &ShapeMarks, base: &ShapeBoard) -> Option<ShapeStep> {
    let side = ladder.geometry.side() as u8;
    (2..=4).find_map(|count| {
        (0..ladder.geometry.units().len()).find_map(|unit| {
            (1..=side).find_map(|value| {
                let places = marks.places(unit, value);
                if places.len() != count || ladder.held(marks, unit) >> (value - 1) & 1 == 1 {
                    return None;
                }
                let branches: Vec<(usize, u8)> = places.iter().map(|&c| (c, value)).collect();
                let eliminations = common_consequences(base, marks, &branches)?;
                Some(ShapeStep {
                    eliminations,
                    pattern: places,
                    units: vec![unit],
                    values: vec![value],
                    ..ShapeStep::of(Technique::DynamicForcingChain)
                })
            })
        })
    })
}

/// The candidates of `marks` that no live branch keeps (one branch is the truth,
/// so what none keeps is false); `None` when there are none, or no branch lives.
fn common_consequences(
    base: &ShapeBoard,
    marks: &ShapeMarks,
    branches: &[(usize, u8)],
) -> Option<Vec<(usize, u8)>> {
    let cells = marks.geometry().cells();
    let mut kept: [ValueMask; MAX_CELLS] = [0; MAX_CELLS];
    let mut alive = false;
    for &(cell, value) in branches {
        let mut trial = *base;
        if trial.assign(cell, value).is_ok() {
            alive = true;
            for (c, kept) in kept.iter_mut().enumerate().take(cells) {
                *kept |= trial.candidates(c);
            }
        }
    }
    let eliminations: Vec<(usize, u8)> = marks
        .open_cells()
        .flat_map(|c| values_of(marks.candidates(c) & !kept[c]).map(move |v| (c, v)))
        .collect();
    (alive && !eliminations.is_empty()).then_some(eliminations)
}

/// The reasoning of a forcing step: a unit's places assumed (the step names a
/// unit), a lone candidate refuted (it removes the very candidate it assumed), or a
/// cell's candidates assumed.
pub fn text(step: &ShapeStep, geometry: &Geometry) -> String {
    let cells = cells_text(geometry, &step.pattern);
    let values = values_text(geometry, &step.values);
    if let Some(&unit) = step.units.first() {
        return format!(
            "wherever the {values} goes in {} ({cells}), the naked and hidden singles that follow leave none of these candidates standing",
            geometry.units()[unit]
        );
    }
    let refuted = step.pattern.len() == 1
        && step.values.len() == 1
        && step.eliminations == [(step.pattern[0], step.values[0])];
    if refuted && step.technique() == Some(Technique::ForcingNet) {
        format!(
            "if {cells} were {values}, the naked and hidden singles and the locked candidates that follow would leave a cell without a candidate or a value without a place in a unit, so it is not"
        )
    } else if refuted {
        format!(
            "if {cells} were {values}, the naked and hidden singles that follow would leave a cell without a candidate or a value without a place in a unit, so it is not"
        )
    } else {
        format!(
            "whichever value {cells} takes ({values}), the naked and hidden singles that follow leave none of these candidates standing"
        )
    }
}
