//! The exact solver: constraint propagation plus depth-first search on the open
//! cell with the fewest candidates, each guess tried on a copy of the state.
//!
//! Two implementations answer the same questions. [`solve`] and
//! [`count_solutions`] run the fast bit-parallel solver in [`super::bitboard`];
//! [`solve_readable`] and [`count_solutions_readable`] run the same search on the
//! readable [`Board`] (Norvig's `assign`/`eliminate`), which is what hints and
//! learn mode reason with. Tests check that the two always agree.

use super::bitboard;
use super::board::Board;
use super::grid::Grid;

/// How much work a search did.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct SearchStats {
    /// Search nodes visited (positions after propagation).
    pub nodes: u64,
    /// Candidates tried at branching cells (each is a guess on a copy of the state).
    pub guesses: u64,
}

impl std::ops::AddAssign for SearchStats {
    fn add_assign(&mut self, other: SearchStats) {
        self.nodes += other.nodes;
        self.guesses += other.guesses;
    }
}

/// What a solve found.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Solved {
    /// The first solution found, or `None` when there is none.
    pub solution: Option<Grid>,
    pub stats: SearchStats,
}

/// How many solutions a puzzle has, counted up to a limit.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Counted {
    /// 0, 1, ... up to the limit; equal to the limit means "at least the limit".
    pub count: usize,
    /// The first solution found.
    pub first: Option<Grid>,
    pub stats: SearchStats,
}

/// Solves `givens`: the first solution found, or none.
pub fn solve(givens: &Grid) -> Solved {
    let counted = count_solutions(givens, 1);
    Solved {
        solution: counted.first,
        stats: counted.stats,
    }
}

/// Counts the solutions of `givens`, stopping at `limit` (at least 1).
pub fn count_solutions(givens: &Grid, limit: usize) -> Counted {
    let outcome = bitboard::count(givens, limit);
    Counted {
        count: outcome.count,
        first: outcome.first,
        stats: SearchStats {
            nodes: outcome.nodes,
            guesses: outcome.guesses,
        },
    }
}

/// [`solve`] on the readable board: slower, same answers.
pub fn solve_readable(givens: &Grid) -> Solved {
    let counted = count_solutions_readable(givens, 1);
    Solved {
        solution: counted.first,
        stats: counted.stats,
    }
}

/// [`count_solutions`] on the readable board: slower, same answers.
pub fn count_solutions_readable(givens: &Grid, limit: usize) -> Counted {
    let mut search = Search {
        limit: limit.max(1),
        count: 0,
        first: None,
        stats: SearchStats::default(),
    };
    if givens.first_conflict().is_none()
        && let Ok(board) = Board::from_givens(givens)
    {
        search.run(board);
    }
    Counted {
        count: search.count,
        first: search.first,
        stats: search.stats,
    }
}

struct Search {
    limit: usize,
    count: usize,
    first: Option<Grid>,
    stats: SearchStats,
}

impl Search {
    fn run(&mut self, board: Board) {
        self.stats.nodes += 1;
        let Some(cell) = board.fewest_candidates_cell() else {
            self.found(&board);
            return;
        };
        for digit in board.candidates(cell).iter() {
            if self.count >= self.limit {
                return;
            }
            self.stats.guesses += 1;
            let mut next = board;
            if next.assign(cell, digit).is_ok() {
                self.run(next);
            }
        }
    }

    fn found(&mut self, board: &Board) {
        self.count += 1;
        if self.first.is_none() {
            self.first = Some(*board.digits());
        }
    }
}
