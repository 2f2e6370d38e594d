//! Uniqueness techniques. They are only sound when the puzzle has exactly one
//! solution, and their text says so. Unique Rectangle type 1: four open cells on
//! two rows, two columns and two boxes; three hold only {a, b}, so the fourth
//! cannot be a or b (else a and b could swap, giving two solutions). BUG+1: every
//! open cell but one has two candidates; the extra cell must take the digit that
//! appears three times in its units (else the grid would have two solutions).

use super::{Sink, Step, Technique, is_placed_in, open_candidates, positions};
use crate::engine::board::Board;
use crate::engine::types::{Candidates, Cell, Digit, Unit};

/// Unique Rectangles type 1 where the three other corners hold exactly {a, b}.
pub fn unique_rectangle_1(board: &Board, sink: &mut Sink) {
    rectangles(board, sink, false);
}

/// Unique Rectangles type 1 that also accept corners that have lost one of a, b
/// (the swap argument does not need the candidates, only that the corners are open).
pub fn unique_rectangle_1_missing_candidates(board: &Board, sink: &mut Sink) {
    rectangles(board, sink, true);
}

fn rectangles(board: &Board, sink: &mut Sink, allow_missing: bool) {
    // Three corners of a rectangle that removes something hold the floor's two
    // digits (or, with missing candidates, one of them): per row, the columns of
    // such cells. A rectangle needs one column with both its corners among them
    // and the other with at least one, so most row pairs are skipped at once
    // (the rectangles are still met in the same order).
    let mut few = [0u16; 9];
    for cell in board.open_cells() {
        let len = open_candidates(board, cell).len();
        if len == 2 || (allow_missing && len == 1) {
            few[cell.row()] |= 1 << cell.col();
        }
    }
    for r1 in 0..9 {
        for r2 in r1 + 1..9 {
            let (both, either) = (few[r1] & few[r2], few[r1] | few[r2]);
            if both == 0 {
                continue;
            }
            for c1 in 0..9 {
                for c2 in c1 + 1..9 {
                    let (b1, b2) = (both >> c1 & 1 != 0, both >> c2 & 1 != 0);
                    if !(b1 && either >> c2 & 1 != 0 || b2 && either >> c1 & 1 != 0) {
                        continue;
                    }
                    let same_band = r1 / 3 == r2 / 3;
                    let same_stack = c1 / 3 == c2 / 3;
                    if same_band == same_stack {
                        continue;
                    }
                    let corners = [
                        Cell::at(r1, c1),
                        Cell::at(r1, c2),
                        Cell::at(r2, c1),
                        Cell::at(r2, c2),
                    ];
                    let cands = corners.map(|c| open_candidates(board, c));
                    if cands.iter().any(|k| k.is_empty()) {
                        continue;
                    }
                    for target in 0..4 {
                        let floor = (0..4)
                            .filter(|&i| i != target)
                            .fold(Candidates::NONE, |acc, i| acc.union(cands[i]));
                        if floor.len() != 2 {
                            continue;
                        }
                        let exact = (0..4).filter(|&i| i != target).all(|i| cands[i] == floor);
                        if !exact && !allow_missing {
                            continue;
                        }
                        let roof = cands[target];
                        if roof.difference(floor).is_empty()
                            || (!allow_missing && roof.intersection(floor) != floor)
                        {
                            continue;
                        }
                        let eliminations = roof
                            .intersection(floor)
                            .iter()
                            .map(|d| (corners[target], d))
                            .collect();
                        let pattern = corners
                            .iter()
                            .enumerate()
                            .map(|(i, &c)| (c, if i == target { floor } else { cands[i] }))
                            .collect();
                        let units =
                            vec![Unit::row(r1), Unit::row(r2), Unit::col(c1), Unit::col(c2)];
                        if sink.push(Step::elimination(
                            Technique::UniqueRectangle1,
                            eliminations,
                            pattern,
                            units,
                        )) {
                            return;
                        }
                    }
                }
            }
        }
    }
}

/// BUG+1: the one cell with three candidates in an otherwise bivalue position.
pub fn bug_plus_1(board: &Board, sink: &mut Sink) {
    let mut extra = None;
    for cell in board.open_cells() {
        match board.candidates(cell).len() {
            2 => {}
            3 if extra.is_none() => extra = Some(cell),
            _ => return,
        }
    }
    let Some(cell) = extra else { return };
    let mut digit = None;
    for unit in Unit::all() {
        for d in Digit::all() {
            if is_placed_in(board, unit, d) {
                continue;
            }
            let count = positions(board, unit, d).count_ones();
            let allowed = if unit.contains(cell) && board.candidates(cell).contains(d) && count == 3
            {
                if digit.is_some_and(|x| x != d) {
                    return;
                }
                digit = Some(d);
                true
            } else {
                count == 2
            };
            if !allowed {
                return;
            }
        }
    }
    let Some(digit) = digit else { return };
    let mut step = Step::placement(Technique::BugPlus1, cell, digit);
    step.pattern = board
        .open_cells()
        .map(|c| (c, open_candidates(board, c)))
        .collect();
    step.units = cell.units().to_vec();
    sink.push(step);
}

/// The explanation, which says the technique assumes one solution.
pub fn text(step: &Step) -> String {
    let assumption = "this assumes the puzzle has exactly one solution";
    match step.technique() {
        Some(Technique::BugPlus1) => {
            let Some(&(cell, digit)) = step.placements.first() else {
                return String::new();
            };
            format!(
                "every open cell but {cell} has two candidates; if {cell} were not {digit}, each digit would have two places in every unit and the grid would have two solutions ({assumption})"
            )
        }
        _ => {
            let corners: Vec<String> = step.pattern.iter().map(|(c, _)| c.to_string()).collect();
            let floor = step
                .pattern
                .iter()
                .map(|&(_, k)| k)
                .find(|k| k.len() == 2)
                .unwrap_or_default();
            format!(
                "{} form a rectangle on two boxes where three corners hold only {floor}; if the last corner were one of them too, the two digits could swap and the puzzle would have two solutions ({assumption})",
                corners.join(", ")
            )
        }
    }
}
