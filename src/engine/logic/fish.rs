//! Basic fish: X-Wing (2), Swordfish (3), Jellyfish (4). When a digit's places in
//! n rows all lie in the same n columns, each of those columns has its digit in
//! one of the rows, so the digit leaves the rest of those columns (and the same
//! with rows and columns swapped).

use super::recall::each_digit;
use super::{
    Sink, Step, Technique, combinations, is_placed_in, lines, open_candidates, positions,
    unit_cells,
};
use crate::engine::board::Board;
use crate::engine::types::{Candidates, Unit};

pub fn x_wing(board: &Board, sink: &mut Sink) {
    fish(board, sink, 2, Technique::XWing);
}
pub fn swordfish(board: &Board, sink: &mut Sink) {
    fish(board, sink, 3, Technique::Swordfish);
}
pub fn jellyfish(board: &Board, sink: &mut Sink) {
    fish(board, sink, 4, Technique::Jellyfish);
}

fn fish(board: &Board, sink: &mut Sink, size: usize, technique: Technique) {
    each_digit(board, sink, technique, |sink, digit| {
        for rows in [true, false] {
            let base_lines = lines(rows);
            let cover_lines = lines(!rows);
            let bases: Vec<(Unit, u16)> = base_lines
                .iter()
                .filter(|&&u| !is_placed_in(board, u, digit))
                .map(|&u| (u, positions(board, u, digit)))
                .filter(|&(_, m)| (1..=size as u32).contains(&m.count_ones()))
                .collect();
            if bases.len() < size {
                continue;
            }
            for mask in combinations(bases.len(), size) {
                let chosen: Vec<(Unit, u16)> = bases
                    .iter()
                    .enumerate()
                    .filter(|&(i, _)| mask & (1 << i) != 0)
                    .map(|(_, &b)| b)
                    .collect();
                let covers = chosen.iter().fold(0u16, |acc, &(_, m)| acc | m);
                if covers.count_ones() as usize != size {
                    continue;
                }
                let cover_units: Vec<Unit> = (0..9)
                    .filter(|i| covers & (1 << i) != 0)
                    .map(|i| cover_lines[i])
                    .collect();
                let mut eliminations = Vec::new();
                for &cover in &cover_units {
                    for &cell in cover.cells() {
                        if !chosen.iter().any(|(b, _)| b.contains(cell))
                            && open_candidates(board, cell).contains(digit)
                        {
                            eliminations.push((cell, digit));
                        }
                    }
                }
                eliminations.sort();
                let pattern = chosen
                    .iter()
                    .flat_map(|&(u, m)| unit_cells(u, m))
                    .map(|c| (c, Candidates::single(digit)))
                    .collect();
                let mut units: Vec<Unit> = chosen.iter().map(|&(u, _)| u).collect();
                units.extend(cover_units);
                if sink.push(Step::elimination(technique, eliminations, pattern, units)) {
                    return true;
                }
            }
        }
        false
    });
}

/// "the 4s of rows 2, 7 all lie in columns 3, 8".
pub fn text(step: &Step) -> String {
    let Some(digit) = step.digits().first().copied() else {
        return String::new();
    };
    let half = step.units.len() / 2;
    let names = |units: &[Unit]| {
        let kind = units.first().map_or("", |u| u.kind_name());
        let numbers: Vec<String> = units.iter().map(|u| u.number().to_string()).collect();
        format!("{kind}s {}", numbers.join(", "))
    };
    let cells = super::cells_text(step.pattern.iter().map(|&(c, _)| c));
    format!(
        "in {} the {digit} can only go in {} ({cells}), so {} have their {digit}s in those cells",
        names(&step.units[..half]),
        names(&step.units[half..]),
        names(&step.units[half..]),
    )
}
