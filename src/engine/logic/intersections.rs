//! Locked Candidates: where a digit's places in one unit all lie in a second unit,
//! the digit cannot go elsewhere in that second unit. Pointing: a box points along a
//! row or column. Claiming (box-line reduction): a row or column claims a box.

use super::{Sink, Step, Technique, cells_text, open_candidates, positions, unit_cells};
use crate::engine::board::Board;
use crate::engine::types::{Candidates, Cell, Digit, Unit};

/// The row or column shared by every cell of `cells`, rows first.
fn common_line(cells: &[Cell]) -> Option<Unit> {
    let first = cells.first()?;
    if cells.iter().all(|c| c.row() == first.row()) {
        Some(Unit::Row(first.row() as u8))
    } else if cells.iter().all(|c| c.col() == first.col()) {
        Some(Unit::Col(first.col() as u8))
    } else {
        None
    }
}

/// One locked-candidates instance: `digit`'s places in `from` all lie in `to`.
fn locked(
    board: &Board,
    technique: Technique,
    digit: Digit,
    from: Unit,
    to: Unit,
    cells: &[Cell],
) -> Step {
    let eliminations = to
        .cells()
        .iter()
        .copied()
        .filter(|&c| !from.contains(c) && open_candidates(board, c).contains(digit))
        .map(|c| (c, digit))
        .collect();
    let pattern = cells
        .iter()
        .map(|&c| (c, Candidates::single(digit)))
        .collect();
    Step::elimination(technique, eliminations, pattern, vec![from, to])
}

/// Pointing: a digit's places in a box all in one row or column.
pub fn pointing(board: &Board, sink: &mut Sink) {
    for b in 0..9u8 {
        let unit = Unit::Box(b);
        for digit in Digit::all() {
            let mask = positions(board, unit, digit);
            if mask.count_ones() < 2 {
                continue;
            }
            let cells: Vec<Cell> = unit_cells(unit, mask).collect();
            if let Some(line) = common_line(&cells)
                && sink.push(locked(
                    board,
                    Technique::LockedCandidatesPointing,
                    digit,
                    unit,
                    line,
                    &cells,
                ))
            {
                return;
            }
        }
    }
}

/// Claiming: a digit's places in a row or column all in one box.
pub fn claiming(board: &Board, sink: &mut Sink) {
    for line in (0..9u8).map(Unit::Row).chain((0..9u8).map(Unit::Col)) {
        for digit in Digit::all() {
            let mask = positions(board, line, digit);
            if mask.count_ones() < 2 {
                continue;
            }
            let cells: Vec<Cell> = unit_cells(line, mask).collect();
            let b = cells[0].box_index();
            if cells.iter().all(|c| c.box_index() == b)
                && sink.push(locked(
                    board,
                    Technique::LockedCandidatesClaiming,
                    digit,
                    line,
                    Unit::Box(b as u8),
                    &cells,
                ))
            {
                return;
            }
        }
    }
}

/// "in box 4 the 5 can only go in r4c1, r5c1, which lie in column 1".
pub fn text(step: &Step) -> String {
    let (Some(&from), Some(&to), Some(digit)) = (
        step.units.first(),
        step.units.get(1),
        step.digits().first().copied(),
    ) else {
        return String::new();
    };
    format!(
        "in {from} the {digit} can only go in {}, which all lie in {to}, so {to} has its {digit} there",
        cells_text(step.pattern.iter().map(|&(c, _)| c))
    )
}
