//! A whole traced run kept for stepping through it both ways: a [`Cursor`] moves
//! forward by applying one event and back by rebuilding from the nearest
//! checkpoint, so forward n then back n gives the same state.
//!
//! One [`Recording`] serves every board that is [`Traced`]: the classic trace
//! here and the shaped search's (`shape.rs`) share one record,
//! one forward, one back and one seek ([`Checkpointed`]); each board only says
//! how it runs and how its cursor applies one of its events ([`Replayable`]).

use std::fmt;

use super::event::Counts;
use super::{Event, Flow, Guess, Outcome, Settings, Why, count, trace};
use crate::engine::board::Board;
use crate::engine::grid::Grid;

/// A recorded event with the search depth after it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Recorded {
    pub event: Event,
    pub depth: usize,
}

/// Where a learner stands in a [`Recording`]: the state after the first `shown` events.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Cursor {
    shown: usize,
    position: Board,
    path: Vec<Guess>,
    /// The position before each guess on the path, to return to on a backtrack.
    before_guesses: Vec<Board>,
    counts: Counts,
}

impl Replayable for Cursor {
    type Event = Recorded;

    fn shown(&self) -> usize {
        self.shown
    }

    fn apply(&mut self, recorded: &Recorded) {
        self.apply_event(&recorded.event);
    }
}

impl Cursor {
    fn start() -> Cursor {
        Cursor {
            shown: 0,
            position: Board::new(),
            path: Vec::new(),
            before_guesses: Vec::new(),
            counts: Counts::default(),
        }
    }

    /// How many events have been applied.
    pub fn shown(&self) -> usize {
        self.shown
    }

    /// The digits placed and every cell's candidates, exactly as the engine has them.
    pub fn position(&self) -> &Board {
        &self.position
    }

    /// The guesses in effect, outermost first.
    pub fn path(&self) -> &[Guess] {
        &self.path
    }

    /// The search depth: how many guesses are in effect.
    pub fn depth(&self) -> usize {
        self.path.len()
    }

    /// The counts of the events applied so far.
    pub fn counts(&self) -> Counts {
        self.counts
    }

    fn apply_event(&mut self, event: &Event) {
        self.counts.count(event);
        self.shown += 1;
        match event {
            Event::Assign { cell, digit, why } => {
                if *why == Why::Guess {
                    self.before_guesses.push(self.position);
                    self.path.push((*cell, *digit));
                }
                self.position.digits.set(*cell, Some(*digit));
            }
            Event::Eliminate { digit, cells, .. } => {
                for cell in cells {
                    let slot = &mut self.position.candidates[cell.index()];
                    *slot = slot.without(*digit);
                }
            }
            Event::EliminateOthers { cell, digits, .. } => {
                let slot = &mut self.position.candidates[cell.index()];
                *slot = slot.difference(*digits);
            }
            Event::Backtrack { .. } => {
                if let Some(before) = self.before_guesses.pop() {
                    self.position = before;
                }
                self.path.pop();
            }
            Event::NakedSingle { .. }
            | Event::HiddenSingle { .. }
            | Event::Contradiction(_)
            | Event::Branch { .. }
            | Event::Solved
            | Event::NoSolution => {}
        }
    }
}

/// A cursor that steps through a run's events: how many it has applied, and
/// how it applies the next one. Going back is [`Checkpointed`]'s business.
pub trait Replayable: Clone {
    type Event: Clone + fmt::Debug;
    /// How many events have been applied.
    fn shown(&self) -> usize;
    /// Applies `event`, the next one; `shown` grows by one.
    fn apply(&mut self, event: &Self::Event);
}

/// A run's events with a copy of the cursor every `every` events, so any point
/// of the run is rebuilt by replaying at most `every` events from the nearest
/// copy: a step back costs a clone and a few events, not the whole run.
#[derive(Clone, Debug)]
pub struct Checkpointed<C: Replayable> {
    start: C,
    events: Vec<C::Event>,
    /// The cursor after `k * every` events, for each k.
    checkpoints: Vec<C>,
    /// The cursor after every event so far, as recording goes.
    tip: C,
    every: usize,
}

impl<C: Replayable> Checkpointed<C> {
    /// An empty run from `start`, keeping a cursor every `every` events.
    pub fn new(start: C, every: usize) -> Checkpointed<C> {
        Checkpointed {
            tip: start.clone(),
            start,
            events: Vec::new(),
            checkpoints: Vec::new(),
            every: every.max(1),
        }
    }

    /// Records the next event.
    pub fn push(&mut self, event: C::Event) {
        if self.tip.shown().is_multiple_of(self.every) {
            self.checkpoints.push(self.tip.clone());
        }
        self.tip.apply(&event);
        self.events.push(event);
    }

    /// Number of events recorded.
    pub fn len(&self) -> usize {
        self.events.len()
    }

    pub fn is_empty(&self) -> bool {
        self.events.is_empty()
    }

    /// Event `index` (zero-based).
    pub fn event(&self, index: usize) -> Option<&C::Event> {
        self.events.get(index)
    }

    /// The cursor before any event.
    pub fn start(&self) -> C {
        self.start.clone()
    }

    /// Applies the next event; false at the end.
    pub fn forward(&self, cursor: &mut C) -> bool {
        match self.events.get(cursor.shown()) {
            Some(event) => {
                cursor.apply(event);
                true
            }
            None => false,
        }
    }

    /// Undoes the last event; false at the start.
    pub fn back(&self, cursor: &mut C) -> bool {
        if cursor.shown() == 0 {
            return false;
        }
        *cursor = self.seek(cursor.shown() - 1);
        true
    }

    /// The cursor after the first `shown` events (clamped to the run), rebuilt
    /// from the nearest checkpoint.
    pub fn seek(&self, shown: usize) -> C {
        let shown = shown.min(self.events.len());
        let mut cursor = self
            .checkpoints
            .get(shown / self.every)
            .or(self.checkpoints.last())
            .cloned()
            .unwrap_or_else(|| self.start());
        while cursor.shown() < shown && self.forward(&mut cursor) {}
        cursor
    }
}

/// A board whose solving is recorded to be stepped through both ways: the
/// classic [`Board`] (every assignment and elimination, under either rule set)
/// and a shape's board (the search's events, [`ShapeEvent`](super::ShapeEvent)). The
/// board type only names the run: what it starts from, its cursor, its
/// solution and counts.
pub trait Traced {
    /// What a run starts from.
    type Start: Clone + fmt::Debug;
    /// Where a learner stands in a run.
    type Cursor: Replayable + fmt::Debug;
    /// A solution a run finds.
    type Solution: Clone + PartialEq + fmt::Debug;
    /// What a run counts.
    type Counts: Copy + PartialEq + fmt::Debug;
    /// The settings this board runs with, its own first (learn mode compares
    /// them side by side).
    const SETTINGS: &'static [Settings];
    /// Events between two stored cursors: stepping back replays at most this many.
    const CHECKPOINT_EVERY: usize;

    /// The cursor before any event.
    fn cursor(start: &Self::Start) -> Self::Cursor;

    /// Runs propagation and search from `start` with `settings`, handing every
    /// event to `emit`; stops at a search node once `max_events` were emitted
    /// or `emit` said [`Flow::Stop`].
    fn run(
        start: &Self::Start,
        settings: Settings,
        max_events: u64,
        emit: impl FnMut(<Self::Cursor as Replayable>::Event) -> Flow,
    ) -> Outcome<Self::Solution, Self::Counts>;

    /// The counts of a run, without keeping its events.
    fn count(
        start: &Self::Start,
        settings: Settings,
        max_events: u64,
    ) -> Outcome<Self::Solution, Self::Counts> {
        Self::run(start, settings, max_events, |_| Flow::Continue)
    }
}

/// The classic board traced event by event, assignments and eliminations.
impl Traced for Board {
    type Start = Grid;
    type Cursor = Cursor;
    type Solution = Grid;
    type Counts = Counts;
    const SETTINGS: &'static [Settings] = &Settings::ALL;
    const CHECKPOINT_EVERY: usize = 64;

    fn cursor(_givens: &Grid) -> Cursor {
        Cursor::start()
    }

    fn run(
        givens: &Grid,
        settings: Settings,
        max_events: u64,
        mut emit: impl FnMut(Recorded) -> Flow,
    ) -> Outcome {
        trace(givens, settings, max_events, |event, path| {
            emit(Recorded {
                event: event.clone(),
                depth: path.len(),
            })
        })
    }

    /// The tracer's own count: no event is copied.
    fn count(givens: &Grid, settings: Settings, max_events: u64) -> Outcome {
        count(givens, settings, max_events)
    }
}

/// A whole traced run on a board of type `T`, kept so it can be stepped
/// through forward and back.
pub struct Recording<T: Traced = Board> {
    run: Checkpointed<T::Cursor>,
    outcome: Outcome<T::Solution, T::Counts>,
}

impl<T: Traced> Clone for Recording<T> {
    fn clone(&self) -> Self {
        Recording {
            run: self.run.clone(),
            outcome: self.outcome.clone(),
        }
    }
}

impl<T: Traced> fmt::Debug for Recording<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Recording")
            .field("run", &self.run)
            .field("outcome", &self.outcome)
            .finish()
    }
}

impl<T: Traced> Recording<T> {
    /// Runs `start` with `settings`, keeping at most about `max_events` events.
    pub fn record(start: &T::Start, settings: Settings, max_events: u64) -> Recording<T> {
        let mut run = Checkpointed::new(T::cursor(start), T::CHECKPOINT_EVERY);
        let outcome = T::run(start, settings, max_events, |event| {
            run.push(event);
            Flow::Continue
        });
        Recording { run, outcome }
    }

    pub fn settings(&self) -> Settings {
        self.outcome.settings
    }

    /// How the run ended, with its counts.
    pub fn outcome(&self) -> &Outcome<T::Solution, T::Counts> {
        &self.outcome
    }
}

/// The run itself: stepping (`forward`, `back`, `seek`) and the events.
impl<T: Traced> std::ops::Deref for Recording<T> {
    type Target = Checkpointed<T::Cursor>;

    fn deref(&self) -> &Checkpointed<T::Cursor> {
        &self.run
    }
}
