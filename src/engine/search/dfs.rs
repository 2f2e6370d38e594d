//! The one readable depth-first search: pick an open cell, try each of its
//! candidates on a copy of the position, recurse. The position propagates on
//! every assignment, so the search itself stays a dozen lines.
//!
//! It runs on any [`Position`] (the classic [`Board`] or a [`ShapeBoard`] of any
//! geometry) and calls [`Hooks`] at each event, which is how the solver counts
//! solutions, the tracer records its events, and the generator shuffles the
//! digits it tries.

use crate::engine::board::Board;
use crate::engine::geometry::ValueMask;
use crate::engine::geometry::board::ShapeBoard;
use crate::engine::types::{Cell, Digit};

/// How the search picks the cell to branch on when propagation stalls.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Order {
    /// The open cell with the fewest candidates, ties to the first in row-major
    /// order (MRV, "minimum remaining values").
    #[default]
    FewestCandidates,
    /// The first open cell in row-major order, whatever its candidates.
    RowMajor,
}

impl Order {
    /// The name on the command line: `mrv` or `row-major`.
    pub fn key(self) -> &'static str {
        match self {
            Order::FewestCandidates => "mrv",
            Order::RowMajor => "row-major",
        }
    }

    /// What the choice means, for people.
    pub fn description(self) -> &'static str {
        match self {
            Order::FewestCandidates => "fewest candidates first",
            Order::RowMajor => "first open cell in row-major order",
        }
    }
}

/// A position the search can run on. Cells are row-major indices and values
/// 1..=side, so one search serves every shape.
pub trait Position: Copy {
    /// The cell to branch on, or `None` when every cell holds a value.
    fn branch_cell(&self, order: Order) -> Option<usize>;
    /// The values still possible in `cell`, as bits (bit `v - 1` for value `v`).
    fn candidate_bits(&self, cell: usize) -> ValueMask;
    /// Assigns with propagation; false on a contradiction.
    fn assign_value(&mut self, cell: usize, value: u8) -> bool;
}

impl Position for Board {
    fn branch_cell(&self, order: Order) -> Option<usize> {
        let cell = match order {
            Order::FewestCandidates => self.fewest_candidates_cell(),
            Order::RowMajor => self.open_cells().next(),
        };
        cell.map(Cell::index)
    }

    fn candidate_bits(&self, cell: usize) -> ValueMask {
        self.candidates(Cell::new(cell)).bits()
    }

    fn assign_value(&mut self, cell: usize, value: u8) -> bool {
        self.assign(Cell::new(cell), Digit::new(value)).is_ok()
    }
}

impl Position for ShapeBoard<'_> {
    fn branch_cell(&self, order: Order) -> Option<usize> {
        match order {
            Order::FewestCandidates => self.fewest_candidates_cell(),
            Order::RowMajor => self.first_open_cell(),
        }
    }

    fn candidate_bits(&self, cell: usize) -> ValueMask {
        self.candidates(cell)
    }

    fn assign_value(&mut self, cell: usize, value: u8) -> bool {
        self.assign(cell, value).is_ok()
    }
}

/// Whether the search goes on.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Flow {
    Continue,
    Stop,
}

/// What the search tells its caller, and where the caller may steer it. Every
/// method but [`Hooks::solved`] has a default that does nothing.
pub trait Hooks<P: Position> {
    /// Asked at every node that still has to branch: stop here (a budget ran out)?
    fn stop(&mut self) -> bool {
        false
    }
    /// The search branches on `cell` and will try `values` in this order; the hook
    /// may reorder them (the generator shuffles).
    fn branch(&mut self, _position: &P, _cell: usize, _values: &mut Vec<u8>) {}
    /// Tries `value` in `cell` on `next` (a copy); false on a contradiction. The
    /// tracer overrides this to watch the propagation.
    fn assign(&mut self, next: &mut P, cell: usize, value: u8) -> bool {
        next.assign_value(cell, value)
    }
    /// `value` in `cell` led nowhere; `next` is the value tried after it, if any.
    fn backtrack(&mut self, _cell: usize, _value: u8, _next: Option<u8>) {}
    /// Every cell holds a value: a solution. Return [`Flow::Stop`] to end the search.
    fn solved(&mut self, position: &P) -> Flow;
}

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

/// Searches from `position` (already propagated), branching in `order`, telling
/// `hooks` everything. Returns [`Flow::Stop`] when a hook stopped it, else
/// [`Flow::Continue`] once every branch is exhausted.
pub fn search<P: Position, H: Hooks<P>>(
    position: P,
    order: Order,
    hooks: &mut H,
    stats: &mut SearchStats,
) -> Flow {
    let mut levels = vec![position];
    descend(&mut levels, 0, order, hooks, stats)
}

/// One node of [`search`], at `levels[depth]`. Each level's guesses are made on
/// `levels[depth + 1]`, a heap copy kept for the whole search, so that a deep
/// search (a 25x25 branches hundreds of levels deep, its position is 3 KB) keeps
/// no position on the stack and fits a worker thread's, without allocating per node.
fn descend<P: Position, H: Hooks<P>>(
    levels: &mut Vec<P>,
    depth: usize,
    order: Order,
    hooks: &mut H,
    stats: &mut SearchStats,
) -> Flow {
    stats.nodes += 1;
    let position = &levels[depth];
    let Some(cell) = position.branch_cell(order) else {
        return hooks.solved(position);
    };
    if hooks.stop() {
        return Flow::Stop;
    }
    let mut bits = position.candidate_bits(cell);
    let mut values = Vec::with_capacity(bits.count_ones() as usize);
    while bits != 0 {
        values.push(bits.trailing_zeros() as u8 + 1);
        bits &= bits - 1;
    }
    hooks.branch(position, cell, &mut values);
    if levels.len() == depth + 1 {
        levels.push(levels[depth]);
    }
    for (i, &value) in values.iter().enumerate() {
        stats.guesses += 1;
        let (done, below) = levels.split_at_mut(depth + 1);
        let next = &mut below[0];
        *next = done[depth];
        if hooks.assign(next, cell, value)
            && descend(levels, depth + 1, order, hooks, stats) == Flow::Stop
        {
            return Flow::Stop;
        }
        hooks.backtrack(cell, value, values.get(i + 1).copied());
        if hooks.stop() {
            return Flow::Stop;
        }
    }
    Flow::Continue
}

/// Counts solutions up to a limit, keeping the first: the hooks of a plain solve.
pub struct Counter<S> {
    pub limit: usize,
    pub count: usize,
    pub first: Option<S>,
}

impl<S> Counter<S> {
    pub fn new(limit: usize) -> Counter<S> {
        Counter {
            limit: limit.max(1),
            count: 0,
            first: None,
        }
    }

    /// Records one solution, made by `snapshot` only for the first.
    pub fn found(&mut self, snapshot: impl FnOnce() -> S) -> Flow {
        self.count += 1;
        if self.first.is_none() {
            self.first = Some(snapshot());
        }
        if self.count >= self.limit {
            Flow::Stop
        } else {
            Flow::Continue
        }
    }
}

impl Hooks<Board> for Counter<crate::engine::grid::Grid> {
    fn solved(&mut self, position: &Board) -> Flow {
        self.found(|| *position.digits())
    }
}

impl Hooks<ShapeBoard<'_>> for Counter<Vec<u8>> {
    fn solved(&mut self, position: &ShapeBoard<'_>) -> Flow {
        self.found(|| position.values().to_vec())
    }
}
