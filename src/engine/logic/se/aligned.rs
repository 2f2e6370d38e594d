//! Sudoku Explainer's Aligned Pair Exclusion (6.2) and Aligned Triplet
//! Exclusion (7.5). Take two (three) cells, not necessarily in one unit, and
//! the cells with at most two (three) candidates that see all of them (at
//! least two such "excluders"). A combination of one digit per base cell is
//! impossible when two base cells that see each other hold the same digit, or
//! when it takes every candidate of an excluder. A base cell's digit that is
//! in no possible combination is false.
//!
//! As Sudoku Explainer does: a base cell must see an excluder of its own, the
//! third cell of a triplet must be such an excluder of one of the first two,
//! the search is skipped while a cell has a single candidate, and the first
//! set that removes something is the step (no rating differs between sets).

use super::Rated;
use super::marks::Marks;
use crate::engine::board::Board;
use crate::engine::logic::step::Step;
use crate::engine::logic::technique::Technique;
use crate::engine::types::{CELLS, Candidates, Cell, Digit, SIZE};

pub fn pair_exclusion(board: &Board) -> Option<Rated> {
    exclusion(board, 2).map(|step| Rated {
        rating: 62,
        name: "aligned_pair_exclusion",
        step,
    })
}

pub fn triplet_exclusion(board: &Board) -> Option<Rated> {
    exclusion(board, 3).map(|step| Rated {
        rating: 75,
        name: "aligned_triplet_exclusion",
        step,
    })
}

/// A base cell and the cells that may exclude its combinations.
struct Base {
    cell: usize,
    excluders: u128,
}

fn exclusion(board: &Board, degree: usize) -> Option<Step> {
    let marks = Marks::of(board);
    if (0..CELLS).any(|c| marks.count(c) == 1) {
        return None;
    }
    let bases: Vec<Base> = (0..CELLS)
        .filter(|&c| marks.count(c) >= 2)
        .filter_map(|cell| {
            let excluders = Cell::new(cell)
                .peers()
                .iter()
                .map(|p| p.index())
                .filter(|&p| (2..=degree as u32).contains(&marks.count(p)))
                .fold(0u128, |mask, p| mask | 1 << p);
            (excluders != 0).then_some(Base { cell, excluders })
        })
        .collect();
    let base_cells = bases.iter().fold(0u128, |m, b| m | 1 << b.cell);
    for (i, first) in bases.iter().enumerate() {
        for second in &bases[i + 1..] {
            if degree == 2 {
                if let Some(step) = try_set(&marks, &[first, second]) {
                    return Some(step);
                }
                continue;
            }
            let twins = (first.excluders | second.excluders)
                & base_cells
                & !(1 << first.cell)
                & !(1 << second.cell);
            for third in bases.iter().filter(|b| twins >> b.cell & 1 == 1) {
                if let Some(step) = try_set(&marks, &[first, second, third]) {
                    return Some(step);
                }
            }
        }
    }
    None
}

/// The candidates of `set`'s cells that no possible combination uses, as a step.
fn try_set(marks: &Marks, set: &[&Base]) -> Option<Step> {
    let common = set.iter().fold(u128::MAX, |m, b| m & b.excluders);
    if common.count_ones() < 2 {
        return None;
    }
    let excluders: Vec<u16> = (0..CELLS)
        .filter(|&c| common >> c & 1 == 1)
        .map(|c| marks.bits(c))
        .collect();
    let cells: Vec<usize> = set.iter().map(|b| b.cell).collect();
    let mut allowed = vec![0u16; cells.len()];
    let mut digits = vec![0usize; cells.len()];
    combinations(marks, &cells, &excluders, 0, &mut digits, &mut allowed);
    let mut eliminations = Vec::new();
    for (k, &cell) in cells.iter().enumerate() {
        let removable = marks.bits(cell) & !allowed[k];
        for d in (0..SIZE).filter(|d| removable >> d & 1 == 1) {
            eliminations.push((Cell::new(cell), Digit::new(d as u8 + 1)));
        }
    }
    if eliminations.is_empty() {
        return None;
    }
    let pattern = cells
        .iter()
        .map(|&c| (Cell::new(c), Candidates::from_bits(marks.bits(c).into())))
        .collect();
    // No technique of ours is this one: the step is labelled as the ALS
    // elimination it is closest to (the path reports the name above).
    Some(Step::elimination(
        Technique::AlsXz,
        eliminations,
        pattern,
        Vec::new(),
    ))
}

/// Tries every digit for cell `k` onwards; marks the digits of each possible
/// combination in `allowed`.
fn combinations(
    marks: &Marks,
    cells: &[usize],
    excluders: &[u16],
    k: usize,
    digits: &mut [usize],
    allowed: &mut [u16],
) {
    if k == cells.len() {
        let used = digits.iter().fold(0u16, |m, &d| m | 1 << d);
        if excluders.iter().all(|&e| e & !used != 0) {
            for (slot, &d) in allowed.iter_mut().zip(digits.iter()) {
                *slot |= 1 << d;
            }
        }
        return;
    }
    let bits = marks.bits(cells[k]);
    for d in (0..SIZE).filter(|d| bits >> d & 1 == 1) {
        let clash = (0..k).any(|j| digits[j] == d && Cell::new(cells[j]).sees(Cell::new(cells[k])));
        if !clash {
            digits[k] = d;
            combinations(marks, cells, excluders, k + 1, digits, allowed);
        }
    }
}
