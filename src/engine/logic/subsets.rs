//! Naked and hidden subsets (pairs, triples, quads). Naked: n cells of a unit
//! whose candidates together are n digits; those digits go nowhere else in the
//! unit. Hidden: n digits whose places in a unit are the same n cells; those cells
//! hold no other digit. A naked pair or triple whose cells share a box and a line
//! (a Locked Pair or Triple) removes its digits from both in one step.

use super::{Sink, Step, Technique, cells_text, combinations, open_candidates, unit_cells};
use crate::engine::board::Board;
use crate::engine::types::{Candidates, Cell, Digit, Unit};

pub fn naked_pair(board: &Board, sink: &mut Sink) {
    naked(board, sink, 2, Technique::NakedPair);
}
pub fn naked_triple(board: &Board, sink: &mut Sink) {
    naked(board, sink, 3, Technique::NakedTriple);
}
pub fn naked_quad(board: &Board, sink: &mut Sink) {
    naked(board, sink, 4, Technique::NakedQuad);
}
pub fn hidden_pair(board: &Board, sink: &mut Sink) {
    hidden(board, sink, 2, Technique::HiddenPair);
}
pub fn hidden_triple(board: &Board, sink: &mut Sink) {
    hidden(board, sink, 3, Technique::HiddenTriple);
}
pub fn hidden_quad(board: &Board, sink: &mut Sink) {
    hidden(board, sink, 4, Technique::HiddenQuad);
}

/// The other unit all of `cells` share with `unit` (a box for a line, a line for a box).
fn second_unit(unit: Unit, cells: &[Cell]) -> Option<Unit> {
    let first = cells[0];
    [
        Unit::Row(first.row() as u8),
        Unit::Col(first.col() as u8),
        Unit::Box(first.box_index() as u8),
    ]
    .into_iter()
    .find(|&u| u != unit && cells.iter().all(|&c| u.contains(c)))
}

fn naked(board: &Board, sink: &mut Sink, size: usize, technique: Technique) {
    for unit in Unit::all() {
        let members: Vec<(Cell, Candidates)> = unit
            .cells()
            .iter()
            .map(|&c| (c, open_candidates(board, c)))
            .filter(|(_, cands)| (2..=size as u32).contains(&cands.len()))
            .collect();
        if members.len() < size {
            continue;
        }
        for mask in combinations(members.len(), size) {
            // The union first, without building the subset: most combinations fail.
            let digits = members
                .iter()
                .enumerate()
                .filter(|&(i, _)| mask & (1 << i) != 0)
                .fold(Candidates::NONE, |acc, (_, &(_, c))| acc.union(c));
            if digits.len() as usize != size {
                continue;
            }
            let chosen: Vec<(Cell, Candidates)> = members
                .iter()
                .enumerate()
                .filter(|&(i, _)| mask & (1 << i) != 0)
                .map(|(_, &m)| m)
                .collect();
            let cells: Vec<Cell> = chosen.iter().map(|&(c, _)| c).collect();
            let mut units = vec![unit];
            units.extend(second_unit(unit, &cells).filter(|_| size <= 3));
            let mut eliminations = Vec::new();
            for &u in &units {
                for &other in u.cells() {
                    if cells.contains(&other) {
                        continue;
                    }
                    for d in open_candidates(board, other).intersection(digits).iter() {
                        if !eliminations.contains(&(other, d)) {
                            eliminations.push((other, d));
                        }
                    }
                }
            }
            eliminations.sort();
            if sink.push(Step::elimination(technique, eliminations, chosen, units)) {
                return;
            }
        }
    }
}

fn hidden(board: &Board, sink: &mut Sink, size: usize, technique: Technique) {
    for unit in Unit::all() {
        // Every digit's places in the unit from one pass over its cells (what
        // [`super::positions`] gives digit by digit), and the digits placed there.
        let mut places_of = [0u16; 9];
        let mut placed = Candidates::NONE;
        for (i, &cell) in unit.cells().iter().enumerate() {
            match board.digit(cell) {
                Some(d) => placed = placed.with(d),
                None => {
                    for d in board.candidates(cell).iter() {
                        places_of[d.index()] |= 1 << i;
                    }
                }
            }
        }
        let members: Vec<(Digit, u16)> = Digit::all()
            .filter(|&d| !placed.contains(d))
            .map(|d| (d, places_of[d.index()]))
            .filter(|&(_, m)| (1..=size as u32).contains(&m.count_ones()))
            .collect();
        if members.len() < size {
            continue;
        }
        for mask in combinations(members.len(), size) {
            // The union first, without building the subset: most combinations fail.
            let places = members
                .iter()
                .enumerate()
                .filter(|&(i, _)| mask & (1 << i) != 0)
                .fold(0u16, |acc, (_, &(_, m))| acc | m);
            if places.count_ones() as usize != size {
                continue;
            }
            let chosen: Vec<(Digit, u16)> = members
                .iter()
                .enumerate()
                .filter(|&(i, _)| mask & (1 << i) != 0)
                .map(|(_, &m)| m)
                .collect();
            let digits: Candidates = chosen.iter().map(|&(d, _)| d).collect();
            let mut eliminations = Vec::new();
            let mut pattern = Vec::new();
            for cell in unit_cells(unit, places) {
                let cands = open_candidates(board, cell);
                eliminations.extend(cands.difference(digits).iter().map(|d| (cell, d)));
                pattern.push((cell, cands.intersection(digits)));
            }
            if sink.push(Step::elimination(
                technique,
                eliminations,
                pattern,
                vec![unit],
            )) {
                return;
            }
        }
    }
}

/// "r1c2, r1c5 in row 1 hold only 3 and 7".
pub fn text(step: &Step) -> String {
    let Some(&unit) = step.units.first() else {
        return String::new();
    };
    let cells = cells_text(step.pattern.iter().map(|&(c, _)| c));
    let digits = step
        .pattern
        .iter()
        .fold(Candidates::NONE, |acc, &(_, d)| acc.union(d));
    let digits_text = digits
        .iter()
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join(", ");
    match step.technique {
        Technique::HiddenPair | Technique::HiddenTriple | Technique::HiddenQuad => format!(
            "in {unit} the digits {digits_text} can only go in {cells}, so those cells hold nothing else"
        ),
        _ => {
            let also = match step.units.get(1) {
                Some(second) => format!(" (and {second})"),
                None => String::new(),
            };
            format!(
                "{cells} in {unit}{also} hold only {digits_text} between them, so those digits go nowhere else there"
            )
        }
    }
}
