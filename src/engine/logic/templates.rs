//! Templates: a template is one way to place all nine copies of a digit, one
//! per row, column and box, on cells where it is placed or still a candidate.
//! The digit's solution is one of its templates, so a cell that every template
//! uses holds the digit (Template Set) and a candidate no template uses goes
//! (Template Delete).
//!
//! As HoDoKu does, templates are first refined across digits: a cell common to
//! every template of one digit holds that digit, so no template of another
//! digit may use it; this is repeated until nothing changes.

use super::{Sink, Step, Technique};
use crate::engine::board::Board;
use crate::engine::types::{Candidates, Cell, Digit, SIZE};

/// Every template of `digit`, as cell bits, rows first.
fn templates(board: &Board, digit: Digit) -> Vec<u128> {
    // Per row, the columns the digit may take there.
    let mut allowed = [0u16; SIZE];
    for cell in Cell::all() {
        let fits = match board.digit(cell) {
            Some(d) => d == digit,
            None => board.candidates(cell).contains(digit),
        };
        if fits {
            allowed[cell.row()] |= 1 << cell.col();
        }
    }
    let mut out = Vec::new();
    extend(&allowed, 0, 0, 0, 0, &mut out);
    out
}

/// Places the digit in `row` and below, given the columns and box columns used.
fn extend(
    allowed: &[u16; SIZE],
    row: usize,
    columns: u16,
    cells: u128,
    boxes: u16,
    out: &mut Vec<u128>,
) {
    if row == SIZE {
        out.push(cells);
        return;
    }
    // Box columns already used by rows of this band.
    let band = row / 3;
    let mut free = allowed[row] & !columns;
    while free != 0 {
        let col = free.trailing_zeros() as usize;
        free &= free - 1;
        let stack_bit = 1u16 << (band * 3 + col / 3);
        if boxes & stack_bit != 0 {
            continue;
        }
        let cell = row * SIZE + col;
        extend(
            allowed,
            row + 1,
            columns | 1 << col,
            cells | 1 << cell,
            boxes | stack_bit,
            out,
        );
    }
}

/// Each digit's templates after HoDoKu's refinement, and per digit the cells
/// common to all of them and the cells any of them uses.
fn refined(board: &Board) -> [(u128, u128); SIZE] {
    let mut all: Vec<Vec<u128>> = Digit::all().map(|d| templates(board, d)).collect();
    loop {
        let common: Vec<u128> = all
            .iter()
            .map(|ts| ts.iter().fold(!0u128, |acc, &t| acc & t))
            .collect();
        let mut changed = false;
        for (d, ts) in all.iter_mut().enumerate() {
            let taken = common
                .iter()
                .enumerate()
                .filter(|&(e, _)| e != d)
                .fold(0u128, |acc, (_, &c)| acc | c);
            let before = ts.len();
            ts.retain(|&t| t & taken == 0);
            changed |= ts.len() != before;
        }
        if !changed {
            break;
        }
    }
    std::array::from_fn(|d| {
        let ts = &all[d];
        if ts.is_empty() {
            return (0, 0);
        }
        let common = ts.iter().fold(!0u128, |acc, &t| acc & t);
        let used = ts.iter().fold(0u128, |acc, &t| acc | t);
        (common, used)
    })
}

/// One Template Set step per digit: the open cells every template of it uses.
pub fn template_set(board: &Board, sink: &mut Sink) {
    for (d, (common, used)) in refined(board).into_iter().enumerate() {
        let digit = Digit::new(d as u8 + 1);
        if used == 0 {
            continue;
        }
        let placements: Vec<(Cell, Digit)> = board
            .open_cells()
            .filter(|c| common >> c.index() & 1 == 1)
            .map(|c| (c, digit))
            .collect();
        let mut step = Step::elimination(
            Technique::TemplateSet,
            Vec::new(),
            pattern(board, digit, used),
            Vec::new(),
        );
        step.placements = placements;
        if sink.push(step) {
            return;
        }
    }
}

/// One Template Delete step per digit: the candidates no template of it uses.
pub fn template_delete(board: &Board, sink: &mut Sink) {
    for (d, (_, used)) in refined(board).into_iter().enumerate() {
        let digit = Digit::new(d as u8 + 1);
        if used == 0 {
            continue;
        }
        let eliminations: Vec<(Cell, Digit)> = board
            .open_cells()
            .filter(|&c| board.candidates(c).contains(digit) && used >> c.index() & 1 == 0)
            .map(|c| (c, digit))
            .collect();
        let step = Step::elimination(
            Technique::TemplateDelete,
            eliminations,
            pattern(board, digit, used),
            Vec::new(),
        );
        if sink.push(step) {
            return;
        }
    }
}

/// The open cells some template of `digit` uses.
fn pattern(board: &Board, digit: Digit, used: u128) -> Vec<(Cell, Candidates)> {
    board
        .open_cells()
        .filter(|c| used >> c.index() & 1 == 1)
        .map(|c| (c, Candidates::single(digit)))
        .collect()
}

/// The explanation of a template step.
pub fn text(step: &Step) -> String {
    let Some(digit) = step.digits().first().copied() else {
        return String::new();
    };
    let ways = format!(
        "of every way to place all nine {digit}s (one per row, column and box) on the cells that can \
         still hold {digit}, after setting aside those that take a cell every way of another digit needs,"
    );
    match step.technique() {
        Some(Technique::TemplateSet) => format!("{ways} each uses these cells"),
        _ => format!("{ways} none uses these candidates"),
    }
}
