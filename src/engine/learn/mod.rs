//! Learning from a position and a game: why a candidate is impossible ([`why`]),
//! what is wrong with a player's pencil marks ([`audit`]), and where a game went
//! wrong and what it missed ([`replay`]).
//!
//! Pure like the rest of the engine: positions and moves in, values out; the
//! commands and the player render them. Every judgement is made against the
//! puzzle's solution, and every reason is found on a *sound* board (one that still
//! holds every solution digit), so a true candidate is never proved false.

pub mod audit;
pub mod proof;
pub mod replay;
pub mod why;

use thiserror::Error;

use super::board::Board;
use super::grid::Grid;
use super::logic::{self, Step, Technique};
use super::search;
use super::types::{Cell, Digit};

/// Why a learning tool cannot judge a position.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Error)]
pub enum LearnError {
    #[error("the puzzle has no solution")]
    NoSolution,
    #[error("the puzzle has more than one solution, so no mark can be called wrong")]
    SeveralSolutions,
}

/// The puzzle's solutions, as far as the learning tools need them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Solutions {
    None,
    /// Exactly one: the answer every judgement is made against.
    One(Grid),
    /// Two or more (the first found).
    Several(Grid),
}

impl Solutions {
    /// Counts the solutions of `givens` (up to two).
    pub fn of(givens: &Grid) -> Solutions {
        let counted = search::count_solutions(givens, 2);
        match (counted.count, counted.first) {
            (1, Some(solution)) => Solutions::One(solution),
            (n, Some(solution)) if n > 1 => Solutions::Several(solution),
            _ => Solutions::None,
        }
    }

    /// The one solution, or why there is none to judge against.
    pub fn unique(self) -> Result<Grid, LearnError> {
        match self {
            Solutions::One(solution) => Ok(solution),
            Solutions::None => Err(LearnError::NoSolution),
            Solutions::Several(_) => Err(LearnError::SeveralSolutions),
        }
    }
}

/// The techniques whose deductions hold for `solutions`: all of them for a
/// unique puzzle, none that assume uniqueness otherwise.
pub fn sound_techniques(solutions: Solutions) -> Vec<Technique> {
    match solutions {
        Solutions::One(_) => Technique::ALL.to_vec(),
        _ => logic::without_uniqueness(),
    }
}

/// The board the learning tools reason on: the position's digits that agree with
/// `solution`, and each open cell's pencil marks that no peer digit contradicts,
/// with the solution's digit put back when the player struck it. Every solution
/// digit is a candidate, so each sound technique removes only wrong candidates.
pub fn sound_board(position: &Board, solution: &Grid) -> Board {
    let right = |cell: Cell| solution.get(cell).expect("a solution is complete");
    let mut correct = Grid::empty();
    for cell in Cell::all() {
        if position.digit(cell) == Some(right(cell)) {
            correct.set(cell, Some(right(cell)));
        }
    }
    let mut board = Board::with_auto_candidates(&correct);
    for cell in board.open_cells().collect::<Vec<_>>() {
        // A wrong digit's cell has no marks of the player's to keep.
        if position.digit(cell).is_some() {
            continue;
        }
        let kept = board
            .candidates(cell)
            .intersection(position.candidates(cell))
            .with(right(cell));
        board.set_candidates(cell, kept);
    }
    board
}

/// Whether `step` rules out `digit` in `cell`: it eliminates it, places another
/// digit in the cell, or places `digit` in a peer.
pub fn removes(step: &Step, cell: Cell, digit: Digit) -> bool {
    step.eliminations.contains(&(cell, digit))
        || step
            .placements
            .iter()
            .any(|&(c, d)| (c == cell && d != digit) || (d == digit && c.sees(cell)))
}

/// The candidates `step` rules out on `board`: its eliminations, and for each
/// placement the cell's other candidates and the digit in its open peers.
pub fn removals(step: &Step, board: &Board) -> Vec<(Cell, Digit)> {
    let mut removed = step.eliminations.clone();
    for &(cell, digit) in &step.placements {
        removed.extend(
            board
                .candidates(cell)
                .without(digit)
                .iter()
                .map(|other| (cell, other)),
        );
        removed.extend(
            cell.peers()
                .iter()
                .filter(|&&p| board.digit(p).is_none() && board.candidates(p).contains(digit))
                .map(|&p| (p, digit)),
        );
    }
    removed
}
