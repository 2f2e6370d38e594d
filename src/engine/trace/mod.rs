//! Watching the engine solve: the board's own propagation and the readable
//! depth-first search, recorded as a stream of elementary events (assign,
//! eliminate, new single, contradiction, backtrack) for `pencilmark trace` and
//! learn mode.
//!
//! The events come from [`Board::assign_with`](super::board::Board::assign_with)
//! through an [`Observer`](super::board::Observer) (`tracer.rs`); the search is
//! the one in [`super::search::dfs`], told what to report through its hooks.
//! Every other shape's board propagates both rules inside one call, so its
//! events are the search's own ([`ShapeEvent`], `shape.rs`). These two files are
//! the only hooks that watch the search for tracing: `pencilmark trace` writes
//! its lines and learn mode keeps its runs from their events. Two
//! settings show what each idea saves: the propagation [`Rules`] (peers only, or
//! peers plus hidden singles) and the branching [`Order`] (fewest candidates
//! first, or the first open cell in row-major order).
//!
//! A [`Recording`] (`recording.rs`) keeps a whole run so a learner can step
//! through it both ways; the events themselves are values (`event.rs`). It
//! records any board that is [`Traced`]: the classic [`Board`](super::board::Board)
//! and every other shape's [`ShapeBoard`](super::geometry::board::ShapeBoard).

mod event;
mod recording;
mod shape;
mod tracer;

use std::fmt;

use super::grid::Grid;

pub use super::board::Rules;
pub use super::search::dfs::{Flow, Order};
pub use event::{Counts, Event, Guess, Why, path_text};
pub use recording::{Checkpointed, Cursor, Recorded, Recording, Replayable, Traced};
pub use shape::{CellState, ShapeCounts, ShapeCursor, ShapeEvent};
pub use tracer::{count, trace};

/// The name of a rule set on the command line: `peers` or `peers+units`.
pub fn rules_key(rules: Rules) -> &'static str {
    match rules {
        Rules::Peers => "peers",
        Rules::PeersAndUnits => "peers+units",
    }
}

/// What a traced run does: which propagation rules, which branching order.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Settings {
    pub rules: Rules,
    pub order: Order,
}

impl Settings {
    /// The four combinations, the engine's own (peers+units, fewest first) first.
    pub const ALL: [Settings; 4] = [
        Settings {
            rules: Rules::PeersAndUnits,
            order: Order::FewestCandidates,
        },
        Settings {
            rules: Rules::Peers,
            order: Order::FewestCandidates,
        },
        Settings {
            rules: Rules::PeersAndUnits,
            order: Order::RowMajor,
        },
        Settings {
            rules: Rules::Peers,
            order: Order::RowMajor,
        },
    ];
}

impl fmt::Display for Settings {
    /// `peers+units, mrv`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}, {}", rules_key(self.rules), self.order.key())
    }
}

/// How a run ended; `S` is the board's solution: a classic [`Grid`], or a
/// shape's values ([`ShapeBoard`](super::geometry::board::ShapeBoard)).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Ending<S = Grid> {
    Solved(S),
    NoSolution,
    /// The event limit was reached first.
    Stopped,
}

/// What a run did and found; `K` is what its board counts ([`Counts`] on the
/// classic board, the search's on a shape).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Outcome<S = Grid, K = Counts> {
    pub settings: Settings,
    pub counts: K,
    /// Events emitted.
    pub events: u64,
    pub ending: Ending<S>,
}

impl<S: Clone, K> Outcome<S, K> {
    /// The solution, when the run found one.
    pub fn solution(&self) -> Option<S> {
        match &self.ending {
            Ending::Solved(solution) => Some(solution.clone()),
            _ => None,
        }
    }
}
