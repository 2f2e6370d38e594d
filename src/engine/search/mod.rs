//! The exact solver: constraint propagation plus depth-first search on the open
//! cell with the fewest candidates, each guess tried on a copy of the state.
//!
//! Two implementations answer the same questions. [`solve`] and
//! [`count_solutions`] run the fast bit-parallel solver in `engine/bitboard.rs`;
//! [`solve_readable`] and [`count_solutions_readable`] run the one readable search
//! ([`dfs`]) on the readable [`Board`] (Norvig's `assign`/`eliminate`), which is
//! what hints and learn mode reason with. Tests check that the two always agree.
//! [`count_shape`] answers for any geometry: the fast solver when it is the
//! classic 9x9, the readable search on a [`ShapeBoard`] otherwise.

pub mod dfs;

use super::bitboard;
use super::board::Board;
use super::geometry::Geometry;
use super::geometry::board::ShapeBoard;
use super::grid::Grid;
use super::types::CELLS;
use dfs::{Counter, Order};

pub use dfs::SearchStats;

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
    let mut counter = Counter::new(limit);
    let mut stats = SearchStats::default();
    if givens.first_conflict().is_none()
        && let Ok(board) = Board::from_givens(givens)
    {
        dfs::search(board, Order::FewestCandidates, &mut counter, &mut stats);
    }
    Counted {
        count: counter.count,
        first: counter.first,
        stats,
    }
}

/// What a count on any shape found: values row-major in 1..=side.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ShapeCounted {
    /// 0, 1, ... up to the limit; equal to the limit means "at least the limit".
    pub count: usize,
    pub first: Option<Vec<u8>>,
    pub stats: SearchStats,
}

/// Counts the solutions of `givens` (row-major, 0 for blank) on `geometry`, up to
/// `limit`: the bit-parallel solver for the classic 9x9, the readable search on
/// every other shape.
pub fn count_shape(geometry: &Geometry, givens: &[u8], limit: usize) -> ShapeCounted {
    if geometry.is_classic() {
        let mut values = [0u8; CELLS];
        values.copy_from_slice(givens);
        let counted = count_solutions(&Grid::from_values(values), limit);
        return ShapeCounted {
            count: counted.count,
            first: counted.first.map(|grid| grid.values().to_vec()),
            stats: counted.stats,
        };
    }
    let mut counter = Counter::new(limit);
    let mut stats = SearchStats::default();
    if let Ok(board) = ShapeBoard::from_givens(geometry, givens) {
        dfs::search(board, Order::FewestCandidates, &mut counter, &mut stats);
    }
    ShapeCounted {
        count: counter.count,
        first: counter.first,
        stats,
    }
}
