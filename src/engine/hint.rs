//! The player's hint: first any mistake in the position, then the next forced
//! single, then the simplest step that makes progress.

use super::board::Board;
use super::grid::Grid;
use super::logic::{self, Step};
use super::search;
use super::types::{Cell, Digit};

/// What the hint engine says about a position.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Hint {
    /// The next deduction.
    Step(Step),
    /// Digits placed (or candidates struck) that disagree with the solution.
    Mistake { cells: Vec<Cell> },
    /// Every cell is filled correctly.
    Solved,
    /// The givens have no solution.
    NoSolution,
    /// The givens have more than one solution.
    MultipleSolutions,
    /// No known technique applies: the search engine's guess.
    Guess { cell: Cell, digit: Digit },
}

/// The hint for `position` (placed digits and pencil marks) on `givens`.
pub fn hint(givens: &Grid, position: &Board) -> Hint {
    let counted = search::count_solutions(givens, 2);
    let solution = match (counted.count, counted.first) {
        (0, _) | (_, None) => return Hint::NoSolution,
        (1, Some(solution)) => solution,
        _ => return Hint::MultipleSolutions,
    };
    let cells = mistakes(&solution, position);
    if !cells.is_empty() {
        return Hint::Mistake { cells };
    }
    if position.is_solved() {
        return Hint::Solved;
    }
    match logic::find_step(position) {
        Some(step) => Hint::Step(step),
        None => {
            let cell = position
                .fewest_candidates_cell()
                .expect("an unsolved position has an open cell");
            let digit = solution.get(cell).expect("a solution is complete");
            Hint::Guess { cell, digit }
        }
    }
}

/// Cells whose placed digit differs from the solution, or whose pencil marks lost
/// the solution's digit.
pub fn mistakes(solution: &Grid, position: &Board) -> Vec<Cell> {
    Cell::all()
        .filter(|&cell| {
            let right = solution.get(cell).expect("a solution is complete");
            match position.digit(cell) {
                Some(digit) => digit != right,
                None => !position.candidates(cell).contains(right),
            }
        })
        .collect()
}
