//! Human-style logic: deductions as values ([`Step`]), found on a board of
//! candidates by one module per technique family, easiest first.
//!
//! Every technique is a finder that hands its instances to a [`Sink`]: asking for
//! one instance ([`find_technique`]) stops at the first, asking for all
//! ([`instances`]) collects every one (what the external oracle checks against).
//! Text, highlighting, JSON and grading are all rendered from a [`Step`].

pub mod aic;
pub mod als;
pub(crate) mod cache;
pub mod candidate_board;
pub mod chains;
pub mod coloring;
pub(crate) mod components;
pub mod finned_fish;
pub mod fish;
pub mod forcing;
pub mod franken_fish;
pub mod implication;
pub mod intersections;
pub mod links;
pub mod medusa;
pub mod path;
pub(crate) mod places;
pub(crate) mod recall;
pub mod rectangles;
pub mod remote_pair;
pub mod se;
pub mod single_digit;
pub mod singles;
pub mod step;
pub mod subsets;
pub mod sue_de_coq;
pub mod technique;
pub mod templates;
pub mod uniqueness;
pub mod wings;

pub use candidate_board::CandidateBoard;
pub use path::{
    FinderProbe, Propagation, Sink, StepFinder, find_step, find_step_among, find_technique,
    instances, next_step, propagate, without_uniqueness,
};
pub(crate) use step::cells_text;
pub use step::{Basis, Link, Step, eliminations_text};
pub use technique::{Level, Technique};

use super::board::Board;
use super::types::{Candidates, Cell, Digit, SIZE, Unit};

// Shared views of the board used by several families.

/// A cell's candidates when it is open, none when a digit is placed.
pub(crate) fn open_candidates(board: &Board, cell: Cell) -> Candidates {
    if board.digit(cell).is_some() {
        Candidates::NONE
    } else {
        board.candidates(cell)
    }
}

/// Bit `i` set when the `i`-th cell of `unit` is open and has `digit`.
pub(crate) fn positions(board: &Board, unit: Unit, digit: Digit) -> u16 {
    // The hottest helper of the finders: read the raw digits and bits directly.
    let values = board.digits().values();
    let bit = Candidates::single(digit).bits();
    let mut mask = 0u16;
    for (i, &cell) in unit.cells().iter().enumerate() {
        if values[cell.index()] == 0 && board.candidates(cell).bits() & bit != 0 {
            mask |= 1 << i;
        }
    }
    mask
}

/// The cells of `unit` selected by `mask`.
pub(crate) fn unit_cells(unit: Unit, mask: u16) -> impl Iterator<Item = Cell> {
    unit.cells()
        .iter()
        .enumerate()
        .filter(move |&(i, _)| mask & (1 << i) != 0)
        .map(|(_, &c)| c)
}

/// Open cells holding `digit` that see every cell of `cells` (and are none of them).
pub(crate) fn seeing_all(board: &Board, digit: Digit, cells: &[Cell]) -> Vec<(Cell, Digit)> {
    let Some(&first) = cells.first() else {
        return Vec::new();
    };
    first
        .peers()
        .iter()
        .copied()
        .filter(|&c| {
            !cells.contains(&c)
                && open_candidates(board, c).contains(digit)
                && cells.iter().all(|&o| o.sees(c))
        })
        .map(|c| (c, digit))
        .collect()
}

/// Whether `digit` is placed somewhere in `unit`.
pub(crate) fn is_placed_in(board: &Board, unit: Unit, digit: Digit) -> bool {
    let values = board.digits().values();
    unit.cells()
        .iter()
        .any(|&c| values[c.index()] == digit.get())
}

/// Every subset of `0..n` with exactly `k` members, as bitmasks, ascending.
pub(crate) fn combinations(n: usize, k: usize) -> impl Iterator<Item = u16> {
    combinations_wide(n, k).map(|mask| mask as u16)
}

/// [`combinations`] for up to 31 members (the shared finders on boards up to 25x25).
pub(crate) fn combinations_wide(n: usize, k: usize) -> impl Iterator<Item = u32> {
    // Gosper's hack: the next larger number with as many bits, without looking
    // at the 2^n numbers in between (the finders call this on every hint).
    let end = 1u32 << n;
    let mut next = match k {
        0 => Some(0u32),
        _ if k > n => None,
        _ => Some((1u32 << k) - 1),
    };
    std::iter::from_fn(move || {
        let mask = next?;
        next = match mask {
            0 => None,
            _ => {
                let low = mask & mask.wrapping_neg();
                let ripple = mask + low;
                let after = (((ripple ^ mask) >> 2) / low) | ripple;
                (after < end).then_some(after)
            }
        };
        Some(mask)
    })
}

/// The rows (or columns) of the board, for fish and single-digit patterns.
pub(crate) fn lines(rows: bool) -> [Unit; SIZE] {
    std::array::from_fn(|i| if rows { Unit::row(i) } else { Unit::col(i) })
}
