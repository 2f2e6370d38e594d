//! Singles: Full House (the last open cell of a unit), Hidden Single (a digit with
//! one place left in a unit, boxes first) and Naked Single (a cell with one candidate).

use super::{Sink, Step, Technique, cells_text};
use crate::engine::board::{Board, Contradiction};
use crate::engine::types::{Candidates, Cell, Digit, Unit};

/// The simplest single on the board: a Full House, then a Hidden Single, then a Naked Single.
pub fn find(board: &Board) -> Option<Step> {
    super::find_step_among(board, &Technique::SINGLES)
}

/// Units with exactly one open cell: that cell takes the unit's missing digit.
pub fn full_house(board: &Board, sink: &mut Sink) {
    for unit in Unit::all() {
        let mut open = unit.cells().iter().filter(|&&c| board.digit(c).is_none());
        let Some(&cell) = open.next() else {
            continue;
        };
        if open.next().is_some() {
            continue;
        }
        let placed: Candidates = unit
            .cells()
            .iter()
            .filter_map(|&c| board.digit(c))
            .collect();
        let Some(digit) = Candidates::ALL.difference(placed).only() else {
            continue;
        };
        if !board.candidates(cell).contains(digit) {
            continue;
        }
        let mut step = Step::placement(Technique::FullHouse, cell, digit);
        step.units.push(unit);
        if sink.push(step) {
            return;
        }
    }
}

/// Units in the order a person scans them for hidden singles: boxes, then rows, then columns.
fn scan_order() -> impl Iterator<Item = Unit> {
    (0..9u8)
        .map(Unit::Box)
        .chain((0..9u8).map(Unit::Row))
        .chain((0..9u8).map(Unit::Col))
}

/// Digits with one place left in a unit.
pub fn hidden_single(board: &Board, sink: &mut Sink) {
    for unit in scan_order() {
        // The digits that are candidates in exactly one cell of the unit (placed
        // cells included, as [`Board::places`] counts them), from two masks
        // instead of one scan of the unit per digit: this runs on every step.
        let (mut seen, mut again) = (0u16, 0u16);
        for &cell in unit.cells() {
            let bits = board.candidates(cell).bits();
            again |= seen & bits;
            seen |= bits;
        }
        let mut once = seen & !again;
        while once != 0 {
            let bit = once & once.wrapping_neg();
            once &= once - 1;
            let digit = Digit::new(bit.trailing_zeros() as u8 + 1);
            let Some(&cell) = unit
                .cells()
                .iter()
                .find(|&&c| board.candidates(c).bits() & bit != 0)
            else {
                continue;
            };
            if board.digit(cell).is_some() {
                continue;
            }
            let mut step = Step::placement(Technique::HiddenSingle, cell, digit);
            step.units.push(unit);
            step.pattern = blockers(board, unit, cell, digit);
            if sink.push(step) {
                return;
            }
        }
    }
}

/// For each other open cell of `unit`, a placed peer holding `digit` that rules it
/// out (with the digit), then those ruled-out cells (with no candidates).
fn blockers(board: &Board, unit: Unit, target: Cell, digit: Digit) -> Vec<(Cell, Candidates)> {
    let mut found: Vec<(Cell, Candidates)> = Vec::new();
    let mut ruled_out = Vec::new();
    for &cell in unit.cells() {
        if cell == target || board.digit(cell).is_some() {
            continue;
        }
        let blocker = cell
            .peers()
            .iter()
            .copied()
            .find(|&p| board.digit(p) == Some(digit));
        if let Some(b) = blocker {
            ruled_out.push((cell, Candidates::NONE));
            if !found.iter().any(|&(c, _)| c == b) {
                found.push((b, Candidates::single(digit)));
            }
        }
    }
    found.extend(ruled_out);
    found
}

/// Open cells with one candidate left.
pub fn naked_single(board: &Board, sink: &mut Sink) {
    for cell in board.open_cells() {
        let Some(digit) = board.candidates(cell).only() else {
            continue;
        };
        let mut step = Step::placement(Technique::NakedSingle, cell, digit);
        step.pattern = cell
            .peers()
            .iter()
            .filter_map(|&p| board.digit(p).map(|d| (p, Candidates::single(d))))
            .collect();
        if sink.push(step) {
            return;
        }
    }
}

/// A cell with no candidate left, or a digit with no place left in a unit that lacks it.
pub fn contradiction(board: &Board) -> Option<Contradiction> {
    if let Some(cell) = board.open_cells().find(|&c| board.candidates(c).is_empty()) {
        return Some(Contradiction::NoCandidates(cell));
    }
    Unit::all().find_map(|unit| {
        Digit::all()
            .find(|&d| board.places(unit, d).next().is_none())
            .map(|digit| Contradiction::NoPlace { digit, unit })
    })
}

/// The explanation of a single, in a person's terms.
pub fn text(step: &Step) -> String {
    let Some(&(cell, digit)) = step.placements.first() else {
        return step.technique.to_string();
    };
    match step.technique {
        Technique::FullHouse => format!(
            "Full house: {cell} is the last open cell in {}, so it takes the missing {digit}",
            unit_or_board(step)
        ),
        Technique::HiddenSingle => {
            let Some(&unit) = step.units.first() else {
                return format!("Hidden single: {cell} is the only place left for {digit}");
            };
            let others: Vec<Cell> = step
                .pattern
                .iter()
                .filter(|(_, d)| d.is_empty())
                .map(|&(c, _)| c)
                .collect();
            let verb = if others.len() == 1 { "is" } else { "are" };
            let blockers = step.pattern.iter().filter(|(_, d)| !d.is_empty());
            let why = if step.pattern.is_empty() {
                "; the other cells have lost it as a candidate".to_string()
            } else {
                format!(
                    "; {} {verb} ruled out by the {digit}s in {}",
                    cells_text(others),
                    cells_text(blockers.map(|&(c, _)| c))
                )
            };
            format!("Hidden single: in {unit} the {digit} can only go in {cell}{why}")
        }
        _ => {
            let seen: Candidates = step
                .pattern
                .iter()
                .fold(Candidates::NONE, |acc, &(_, d)| acc.union(d));
            let why = if seen.len() == 8 {
                format!("its row, column and box already hold {seen}")
            } else {
                "the other digits are ruled out".to_string()
            };
            format!("Naked single: {cell} can only be {digit}: {why}")
        }
    }
}

fn unit_or_board(step: &Step) -> String {
    step.units
        .first()
        .map_or_else(|| "its unit".to_string(), |u| u.to_string())
}
