//! The readable search on a shape as events: a shape's board is [`Traced`], so
//! the one [`Recording`] keeps its run for learn mode to step through both ways,
//! and `pencilmark trace` writes its lines from the same events. The run is told
//! through the one search's hooks (`search/dfs.rs`); the classic board's are in
//! `tracer.rs`.
//!
//! The shaped board propagates both rules (naked and hidden singles) inside one
//! call, so its events are the search's: the givens with the cells their singles
//! fill, each branch, each guess with the cells its singles fill (or the
//! contradiction they end in), each backtrack, and the end. Each event that
//! changes the board carries the cells it changed, so a [`ShapeCursor`] moves
//! forward by applying them and back by rebuilding from the nearest checkpoint.

use crate::engine::geometry::board::ShapeBoard;
use crate::engine::geometry::format::Puzzle;
use crate::engine::geometry::logic::{cells_text, values_text};
use crate::engine::geometry::{Geometry, ValueMask, all_values};
use crate::engine::search::dfs::{self, Flow, Hooks, Order, SearchStats};
#[cfg(doc)]
use crate::engine::trace::Recording;
use crate::engine::trace::{Ending, Outcome, Replayable, Rules, Settings, Traced};

/// A cell's state after an event: its value (0 open) and its candidates.
pub type CellState = (usize, u8, ValueMask);

/// One event of the search on a shape.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ShapeEvent {
    /// The givens placed; `filled` are the cells their singles filled.
    Givens {
        filled: Vec<usize>,
        dead: bool,
        changed: Vec<CellState>,
    },
    /// The search branches on `cell` and will try `values` in this order.
    Branch {
        cell: usize,
        values: Vec<u8>,
    },
    /// `value` tried in `cell`; `filled` are the cells its singles filled, and
    /// `dead` says they ended in a contradiction.
    Guess {
        cell: usize,
        value: u8,
        filled: Vec<usize>,
        dead: bool,
        changed: Vec<CellState>,
    },
    /// `value` in `cell` led nowhere; `next` is the value tried after it.
    Backtrack {
        cell: usize,
        value: u8,
        next: Option<u8>,
    },
    /// Every cell holds a value: these, row-major.
    Solved {
        values: Vec<u8>,
    },
    NoSolution,
}

impl ShapeEvent {
    /// The cell the event is about, if one.
    pub fn cell(&self) -> Option<usize> {
        match self {
            ShapeEvent::Branch { cell, .. }
            | ShapeEvent::Guess { cell, .. }
            | ShapeEvent::Backtrack { cell, .. } => Some(*cell),
            _ => None,
        }
    }

    /// The cells the event's singles filled.
    pub fn filled(&self) -> &[usize] {
        match self {
            ShapeEvent::Givens { filled, .. } | ShapeEvent::Guess { filled, .. } => filled,
            _ => &[],
        }
    }

    /// Whether the event ran into a contradiction.
    pub fn is_dead(&self) -> bool {
        matches!(
            self,
            ShapeEvent::Givens { dead: true, .. } | ShapeEvent::Guess { dead: true, .. }
        )
    }

    /// The event in a sentence, in the geometry's names and alphabet (the
    /// first few filled cells named, so a 16x16's givens fit the panel).
    pub fn text(&self, geometry: &Geometry) -> String {
        const LISTED: usize = 12;
        let name = |c: usize| geometry.cell_name(c);
        let symbol = |v: u8| geometry.alphabet().symbol(v);
        let fills = |filled: &[usize], dead: bool| match (dead, filled.len()) {
            (true, _) => ": their singles end in a contradiction".to_string(),
            (false, 0) => String::new(),
            (false, n) if n > LISTED => format!(
                "; their singles fill {n} cells: {} and {} more",
                cells_text(geometry, &filled[..LISTED]),
                n - LISTED
            ),
            (false, n) => format!(
                "; their singles fill {n} cell{}: {}",
                if n == 1 { "" } else { "s" },
                cells_text(geometry, filled)
            ),
        };
        match self {
            ShapeEvent::Givens { filled, dead, .. } => {
                format!("The givens placed{}", fills(filled, *dead))
            }
            ShapeEvent::Branch { cell, values } => format!(
                "Branch on {}: candidates {}",
                name(*cell),
                values_text(geometry, values)
            ),
            ShapeEvent::Guess {
                cell,
                value,
                filled,
                dead,
                ..
            } => format!(
                "Guess {} = {}{}",
                name(*cell),
                symbol(*value),
                fills(filled, *dead).replace("their", "its")
            ),
            ShapeEvent::Backtrack { cell, value, next } => {
                let then = match next {
                    Some(other) => format!(", try {}", symbol(*other)),
                    None => ", no value left".to_string(),
                };
                format!("Backtrack from {} = {}{then}", name(*cell), symbol(*value))
            }
            ShapeEvent::Solved { .. } => "Solved".to_string(),
            ShapeEvent::NoSolution => "No solution".to_string(),
        }
    }
}

/// What a run on a shape did and found.
type ShapeOutcome = Outcome<Vec<u8>, ShapeCounts>;

/// The search's hooks, keeping every event (or only counting them).
struct Recorder<'g, F> {
    geometry: &'g Geometry,
    max_events: u64,
    /// `emit` asked to stop.
    halted: bool,
    outcome: ShapeOutcome,
    emit: F,
}

impl<F: FnMut(ShapeEvent) -> Flow> Recorder<'_, F> {
    fn push(&mut self, event: ShapeEvent) {
        self.outcome.events += 1;
        self.outcome.counts.count(&event);
        if (self.emit)(event) == Flow::Stop {
            self.halted = true;
        }
    }
}

/// The cells whose value or candidates differ between two boards, as they are
/// in `after`; and the open cells of `before` that `after` filled, but `skip`.
fn changes(before: &ShapeBoard, after: &ShapeBoard, skip: usize) -> (Vec<CellState>, Vec<usize>) {
    let cells = 0..before.geometry().cells();
    let changed = cells
        .clone()
        .filter(|&c| {
            before.value(c) != after.value(c) || before.candidates(c) != after.candidates(c)
        })
        .map(|c| (c, after.value(c), after.candidates(c)))
        .collect();
    let filled = cells
        .filter(|&c| c != skip && before.value(c) == 0 && after.value(c) != 0)
        .collect();
    (changed, filled)
}

impl<'g, F: FnMut(ShapeEvent) -> Flow> Hooks<ShapeBoard<'g>> for Recorder<'g, F> {
    fn stop(&mut self) -> bool {
        self.outcome.events >= self.max_events || self.halted
    }

    fn branch(&mut self, _position: &ShapeBoard<'g>, cell: usize, values: &mut Vec<u8>) {
        self.push(ShapeEvent::Branch {
            cell,
            values: values.clone(),
        });
    }

    fn assign(&mut self, next: &mut ShapeBoard<'g>, cell: usize, value: u8) -> bool {
        let before = *next;
        let alive = next.assign(cell, value).is_ok();
        let (changed, filled) = changes(&before, next, cell);
        self.push(ShapeEvent::Guess {
            cell,
            value,
            filled: if alive { filled } else { Vec::new() },
            dead: !alive,
            changed,
        });
        alive
    }

    fn backtrack(&mut self, cell: usize, value: u8, next: Option<u8>) {
        self.push(ShapeEvent::Backtrack { cell, value, next });
    }

    fn solved(&mut self, position: &ShapeBoard<'g>) -> Flow {
        self.outcome.ending = Ending::Solved(position.values().to_vec());
        Flow::Stop
    }
}

/// Runs the search on `givens` of `geometry` branching in `order`, handing
/// every event to `emit`; stops at a node once `max_events` were emitted or
/// `emit` said [`Flow::Stop`].
fn run(
    geometry: &Geometry,
    givens: &[u8],
    order: Order,
    max_events: u64,
    emit: impl FnMut(ShapeEvent) -> Flow,
) -> ShapeOutcome {
    let mut recorder = Recorder {
        geometry,
        max_events,
        halted: false,
        outcome: Outcome {
            settings: Settings {
                rules: Rules::PeersAndUnits,
                order,
            },
            counts: ShapeCounts::default(),
            events: 0,
            ending: Ending::Stopped,
        },
        emit,
    };
    let empty = ShapeBoard::new(recorder.geometry);
    let mut board = empty;
    let dead = givens
        .iter()
        .enumerate()
        .filter(|&(_, &v)| v != 0)
        .any(|(cell, &value)| board.assign(cell, value).is_err());
    let (changed, mut filled) = changes(&empty, &board, usize::MAX);
    filled.retain(|&c| givens[c] == 0);
    recorder.push(ShapeEvent::Givens {
        filled: if dead { Vec::new() } else { filled },
        dead,
        changed,
    });
    let flow = if dead {
        Flow::Continue
    } else {
        dfs::search(board, order, &mut recorder, &mut SearchStats::default())
    };
    match (flow, &recorder.outcome.ending) {
        (Flow::Stop, Ending::Solved(values)) => {
            let values = values.clone();
            recorder.push(ShapeEvent::Solved { values });
        }
        (Flow::Continue, _) => {
            recorder.outcome.ending = Ending::NoSolution;
            recorder.push(ShapeEvent::NoSolution);
        }
        _ => {}
    }
    recorder.outcome
}

/// A shape's board: every run on it is the one search's, which propagates
/// both rules in each call, so only the branching order is a setting.
impl Traced for ShapeBoard<'_> {
    type Start = Puzzle;
    type Cursor = ShapeCursor;
    type Solution = Vec<u8>;
    type Counts = ShapeCounts;
    const SETTINGS: &'static [Settings] = &[
        Settings {
            rules: Rules::PeersAndUnits,
            order: Order::FewestCandidates,
        },
        Settings {
            rules: Rules::PeersAndUnits,
            order: Order::RowMajor,
        },
    ];
    const CHECKPOINT_EVERY: usize = 128;

    fn cursor(start: &Puzzle) -> ShapeCursor {
        ShapeCursor::start(&start.geometry)
    }

    fn run(
        start: &Puzzle,
        settings: Settings,
        max_events: u64,
        emit: impl FnMut(ShapeEvent) -> Flow,
    ) -> ShapeOutcome {
        run(
            &start.geometry,
            &start.givens,
            settings.order,
            max_events,
            emit,
        )
    }
}

/// Where a learner stands in a [`Recording`] of a shape: the board after the first
/// `shown` events and the guesses in effect.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ShapeCursor {
    shown: usize,
    values: Vec<u8>,
    candidates: Vec<ValueMask>,
    path: Vec<(usize, u8)>,
    /// The board before each guess on the path, to return to on a backtrack.
    before_guesses: Vec<(Vec<u8>, Vec<ValueMask>)>,
    counts: ShapeCounts,
}

/// What a run's events did (the events shown so far, or the whole run's).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct ShapeCounts {
    pub guesses: u64,
    pub backtracks: u64,
    /// Cells filled by singles (the givens' and every guess's, dead ones included).
    pub filled: u64,
    /// Search nodes: the positions the search stood on, each propagated without
    /// a contradiction (the givens' and every live guess's), as
    /// [`SearchStats::nodes`] counts them.
    pub nodes: u64,
}

impl ShapeCounts {
    fn count(&mut self, event: &ShapeEvent) {
        self.filled += event.filled().len() as u64;
        if matches!(event, ShapeEvent::Givens { .. } | ShapeEvent::Guess { .. }) && !event.is_dead()
        {
            self.nodes += 1;
        }
        match event {
            ShapeEvent::Guess { .. } => self.guesses += 1,
            ShapeEvent::Backtrack { .. } => self.backtracks += 1,
            _ => {}
        }
    }
}

impl ShapeCursor {
    fn start(geometry: &Geometry) -> ShapeCursor {
        ShapeCursor {
            shown: 0,
            values: vec![0; geometry.cells()],
            candidates: vec![all_values(geometry.side()); geometry.cells()],
            path: Vec::new(),
            before_guesses: Vec::new(),
            counts: ShapeCounts::default(),
        }
    }

    /// The counts of the events applied so far.
    pub fn counts(&self) -> ShapeCounts {
        self.counts
    }

    /// How many events have been applied.
    pub fn shown(&self) -> usize {
        self.shown
    }

    /// Every cell's value, row-major, 0 when open.
    pub fn values(&self) -> &[u8] {
        &self.values
    }

    /// The candidates of `cell` (bit `v - 1`).
    pub fn candidates(&self, cell: usize) -> ValueMask {
        self.candidates[cell]
    }

    /// The guesses in effect, outermost first.
    pub fn path(&self) -> &[(usize, u8)] {
        &self.path
    }
}

impl Replayable for ShapeCursor {
    type Event = ShapeEvent;

    fn shown(&self) -> usize {
        self.shown
    }

    fn apply(&mut self, event: &ShapeEvent) {
        self.shown += 1;
        self.counts.count(event);
        let changed = match event {
            ShapeEvent::Givens { changed, .. } => changed,
            ShapeEvent::Guess {
                cell,
                value,
                changed,
                ..
            } => {
                self.before_guesses
                    .push((self.values.clone(), self.candidates.clone()));
                self.path.push((*cell, *value));
                changed
            }
            ShapeEvent::Backtrack { .. } => {
                if let Some((values, candidates)) = self.before_guesses.pop() {
                    (self.values, self.candidates) = (values, candidates);
                }
                self.path.pop();
                return;
            }
            _ => return,
        };
        for &(cell, value, candidates) in changed {
            self.values[cell] = value;
            self.candidates[cell] = candidates;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::trace::Recording;
    use std::sync::Arc;

    fn settings(order: Order) -> Settings {
        Settings {
            rules: Rules::PeersAndUnits,
            order,
        }
    }

    #[test]
    fn stepping_forward_then_back_gives_the_same_board_and_the_run_solves() {
        // A 4x4 with one solution.
        let geometry = Geometry::regular(4, crate::engine::geometry::Variant::Classic).unwrap();
        let givens: Vec<u8> = vec![1, 2, 0, 0, 0, 0, 1, 0, 0, 0, 0, 3, 4, 0, 2, 0];
        let solution = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
        // Only two givens: the search has to guess.
        let mut sparse = vec![0; 16];
        sparse[0] = givens[0];
        sparse[1] = givens[1];
        let geometry = Arc::new(geometry);
        let sparse = Puzzle {
            geometry: geometry.clone(),
            givens: sparse,
        };
        let recording: Recording<ShapeBoard> =
            Recording::record(&sparse, settings(Order::FewestCandidates), 1000);
        assert!(matches!(recording.outcome().ending, Ending::Solved(_)));
        assert!(recording.outcome().counts.guesses > 0);
        let mut cursor = recording.start();
        while recording.forward(&mut cursor) {}
        assert!(cursor.values().iter().all(|&v| v != 0), "the end is solved");
        for shown in 0..recording.len() {
            let mut stepped = recording.seek(shown);
            let before = stepped.clone();
            recording.forward(&mut stepped);
            assert_eq!(recording.seek(shown + 1), stepped, "forward from {shown}");
            assert_eq!(recording.seek(shown), before, "back to {shown}");
        }
        // The counts are the search's own.
        let mut stats = SearchStats::default();
        let start = ShapeBoard::from_givens(&geometry, &sparse.givens).unwrap();
        dfs::search(
            start,
            Order::FewestCandidates,
            &mut dfs::Counter::<Vec<u8>>::new(1),
            &mut stats,
        );
        let counts = recording.outcome().counts;
        assert_eq!((counts.nodes, counts.guesses), (stats.nodes, stats.guesses));
        assert_eq!(
            recording.event(recording.len() - 1),
            Some(&ShapeEvent::Solved {
                values: recording.outcome().solution().unwrap()
            }),
            "the last event carries the solution"
        );
        let givens = Puzzle { geometry, givens };
        let full: Recording<ShapeBoard> =
            Recording::record(&givens, settings(Order::RowMajor), 1000);
        let mut cursor = full.start();
        while full.forward(&mut cursor) {}
        assert_eq!(cursor.values(), &solution[..]);
        let counted = ShapeBoard::count(&givens, settings(Order::RowMajor), 1000);
        assert_eq!(&counted, full.outcome());
    }

    #[test]
    fn a_reader_that_stops_ends_the_run_at_the_next_search_node() {
        let geometry =
            Arc::new(Geometry::regular(9, crate::engine::geometry::Variant::Classic).unwrap());
        // An empty 9x9: the search guesses all the way down.
        let empty = Puzzle {
            givens: vec![0; 81],
            geometry,
        };
        let mut seen = 0;
        let outcome = ShapeBoard::run(&empty, settings(Order::RowMajor), 1000, |_| {
            seen += 1;
            if seen >= 3 {
                Flow::Stop
            } else {
                Flow::Continue
            }
        });
        assert_eq!(outcome.ending, Ending::Stopped);
        assert_eq!(outcome.events, 3, "the givens, a branch, a guess");
    }
}
