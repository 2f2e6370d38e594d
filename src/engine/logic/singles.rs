//! Singles: Full House (the last open cell of a unit), Hidden Single (a digit with
//! one place left in a unit, boxes first) and Naked Single (a cell with one candidate).

use super::{Step, Technique};
use crate::engine::board::{Board, Contradiction};
use crate::engine::types::{Candidates, Cell, Digit, Unit};

/// The simplest single on the board: a Full House, then a Hidden Single, then a Naked Single.
pub fn find(board: &Board) -> Option<Step> {
    full_house(board)
        .or_else(|| hidden_single(board))
        .or_else(|| naked_single(board))
}

/// A unit with exactly one open cell.
pub fn full_house(board: &Board) -> Option<Step> {
    Unit::all().find_map(|unit| {
        let mut open = unit.cells().iter().filter(|&&c| board.digit(c).is_none());
        let cell = *open.next()?;
        if open.next().is_some() {
            return None;
        }
        let digit = board.candidates(cell).only()?;
        let mut step = Step::placement(Technique::FullHouse, cell, digit);
        step.units.push(unit);
        Some(step)
    })
}

/// Units in the order a person scans them for hidden singles: boxes, then rows, then columns.
fn scan_order() -> impl Iterator<Item = Unit> {
    (0..9u8)
        .map(Unit::Box)
        .chain((0..9u8).map(Unit::Row))
        .chain((0..9u8).map(Unit::Col))
}

/// A digit with one place left in a unit.
pub fn hidden_single(board: &Board) -> Option<Step> {
    scan_order().find_map(|unit| {
        Digit::all().find_map(|digit| {
            let mut places = board.places(unit, digit);
            let cell = places.next()?;
            if places.next().is_some() || board.digit(cell).is_some() {
                return None;
            }
            let mut step = Step::placement(Technique::HiddenSingle, cell, digit);
            step.units.push(unit);
            step.pattern = blockers(board, unit, cell, digit);
            Some(step)
        })
    })
}

/// For each other open cell of `unit`, a placed peer holding `digit` that rules it out.
fn blockers(board: &Board, unit: Unit, target: Cell, digit: Digit) -> Vec<(Cell, Candidates)> {
    let mut found: Vec<(Cell, Candidates)> = Vec::new();
    for &cell in unit.cells() {
        if cell == target || board.digit(cell).is_some() {
            continue;
        }
        let blocker = cell
            .peers()
            .iter()
            .copied()
            .find(|&p| board.digit(p) == Some(digit));
        if let Some(b) = blocker
            && !found.iter().any(|&(c, _)| c == b)
        {
            found.push((b, Candidates::single(digit)));
        }
    }
    found
}

/// An open cell with one candidate left.
pub fn naked_single(board: &Board) -> Option<Step> {
    board.open_cells().find_map(|cell| {
        let digit = board.candidates(cell).only()?;
        let mut step = Step::placement(Technique::NakedSingle, cell, digit);
        step.pattern = vec![(cell, Candidates::single(digit))];
        Some(step)
    })
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

/// The explanation of a single, or `None` for other techniques.
pub fn text(step: &Step) -> Option<String> {
    let &(cell, digit) = step.placements.first()?;
    match step.technique {
        Technique::FullHouse => Some(format!(
            "Full house: {cell} is the last open cell in {}, so it takes the missing {digit}",
            step.units[0]
        )),
        Technique::HiddenSingle => {
            let blockers: Vec<String> = step.pattern.iter().map(|(c, _)| c.to_string()).collect();
            let why = if blockers.is_empty() {
                String::new()
            } else {
                format!(
                    "; the other cells are ruled out by the {digit}s in {}",
                    blockers.join(", ")
                )
            };
            Some(format!(
                "Hidden single: in {} the {digit} can only go in {cell}{why}",
                step.units[0]
            ))
        }
        Technique::NakedSingle => Some(format!(
            "Naked single: {cell} has only one candidate left, {digit}"
        )),
    }
}
