//! Learn mode: watch the engine's constraint propagation and search work on a
//! position, one elementary event at a time, forward and back, by hand or
//! automatically, under the four settings (rules x branching order).
//!
//! On every shape, through one [`LearnRun`] of the engine's one
//! [`Recording`](crate::engine::trace::Recording) over the board's
//! [`Traced`] run: the classic 9x9 steps through the engine's trace (every
//! assignment and elimination, under both propagation rules); any other shape
//! through the one search on its board, whose board propagates both rules in
//! one call, so its events are the search's (the givens and each guess with
//! the cells their singles fill, branches, backtracks) and only the branching
//! order can be switched. What a board's run shows is `shown.rs`'s
//! ([`Shown`]); the session holds the run as a [`Learning`].
//!
//! A component: a [`LearnState`] is built from the player's digits and owns
//! everything it shows. It knows nothing of the player's state: its keys are
//! rows of the one key table (`Context::Learn` in [`crate::app::keymap`]), the
//! app's `update` hands it each [`LearnAction`] and acts on the [`LearnExit`] it
//! returns (`update::learn`), and `ui::learn` draws it with the player's theme
//! and grid renderer. Only [`LearnExit::Keep`] (key `k`) carries digits back
//! for the player to take.

mod run;
mod shown;

use std::any::Any;
use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use serde::{Deserialize, Serialize};

pub use run::LearnRun;
pub use shown::{Head, Highlight, LearnCell, RunEnd, Shown};

use crate::engine::Grid;
use crate::engine::board::Board;
use crate::engine::geometry::Geometry;
use crate::engine::geometry::board::ShapeBoard;
use crate::engine::geometry::format::Puzzle;
use crate::engine::trace::{Order, Rules, Settings, Traced};

/// Events kept for stepping. A learner never steps through more; the run shows
/// that it stopped.
pub const RECORD_LIMIT: u64 = 200_000;
/// Events a comparison run may take before it counts as stopped.
pub const COMPARE_LIMIT: u64 = 2_000_000;

/// Auto-run speeds, in events per second.
pub const SPEEDS: [u32; 9] = [1, 2, 4, 8, 16, 32, 100, 300, 1000];
const DEFAULT_SPEED: usize = 3;

/// Everything a learner can do in learn mode.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LearnAction {
    /// Show the next event.
    Next,
    /// Step back one event.
    Back,
    /// Start or stop running automatically.
    ToggleRun,
    Faster,
    Slower,
    /// Switch the hidden-single rule on or off (peers only vs peers and units).
    ToggleRules,
    /// Switch the branching order (fewest candidates first vs row-major).
    ToggleOrder,
    /// Back to the first event.
    Restart,
    /// Jump to the last event.
    ToEnd,
    /// Leave learn mode, taking the digits shown into the player's board.
    Keep,
    /// Leave learn mode; the player's board is as it was.
    Leave,
}

/// What the player should do after learn mode handled an action.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum LearnExit {
    /// Learn mode stays open.
    Stay,
    /// Learn mode stays open and the player is told why the action did nothing.
    Say(&'static str),
    /// Close learn mode; the player's board is untouched.
    Leave,
    /// Close learn mode and take these values (the board shown when `k` was
    /// pressed; row-major, 1..=side, on every shape).
    Keep(Vec<u8>),
}

/// A run on any board, as the session steps it and the view reads it: a
/// [`LearnRun`] of a board that is [`Shown`].
pub trait Learning: fmt::Debug {
    /// How many events the run recorded.
    fn recorded(&self) -> usize;
    /// Events shown.
    fn shown(&self) -> usize;
    /// Shows the next event; false at the end.
    fn forward(&mut self) -> bool;
    /// Shows the first `shown` events.
    fn seek(&mut self, shown: usize);
    fn settings(&self) -> Settings;
    /// Records the start again with `settings`, from the first event; false
    /// (and nothing changes) when this board does not run with them.
    fn rerecord(&mut self, settings: Settings) -> bool;
    /// The values on show (row-major, 1..=side) when they solve the start.
    fn solved_values(&self) -> Option<Vec<u8>>;
    fn geometry(&self) -> &Geometry;
    /// The title line's words after "pencilmark · learn mode · ".
    fn heading(&self) -> String;
    /// Every cell (row-major) of the board after the events shown.
    fn cells(&self) -> Vec<LearnCell>;
    /// What the panel says first.
    fn head(&self) -> Head<'_>;
    /// How the run ended and the comparison, for a panel `width` wide.
    fn end(&self, width: usize) -> RunEnd;
    fn boxed(&self) -> Box<dyn Learning>;
    fn as_any(&self) -> &dyn Any;
}

impl Clone for Box<dyn Learning> {
    fn clone(&self) -> Self {
        self.boxed()
    }
}

/// A learn-mode session on one position.
#[derive(Clone, Debug)]
pub struct LearnState {
    run: Box<dyn Learning>,
    running: bool,
    speed: usize,
    /// Time carried over between auto-run ticks, so slow speeds still advance.
    carried: Duration,
}

impl LearnState {
    /// Learn mode on `digits` (the player's classic position) with `settings`.
    pub fn new(digits: &Grid, settings: Settings) -> LearnState {
        LearnState::of(Box::new(LearnRun::<Board>::new(*digits, settings)))
    }

    /// Learn mode on `values` (the player's position on `geometry`, 0 open),
    /// branching in `order`.
    pub fn on_shape(geometry: Arc<Geometry>, values: &[u8], order: Order) -> LearnState {
        let start = Puzzle {
            geometry,
            givens: values.to_vec(),
        };
        let settings = Settings {
            rules: Rules::PeersAndUnits,
            order,
        };
        LearnState::of(Box::new(LearnRun::<ShapeBoard>::new(start, settings)))
    }

    fn of(run: Box<dyn Learning>) -> LearnState {
        LearnState {
            run,
            running: false,
            speed: DEFAULT_SPEED,
            carried: Duration::ZERO,
        }
    }

    /// The run stepped through.
    pub fn run(&self) -> &dyn Learning {
        self.run.as_ref()
    }

    /// The run, when the session is on a board of type `T` (the classic
    /// `Board`, or `ShapeBoard` for every other shape).
    pub fn run_on<T: Traced + 'static>(&self) -> Option<&LearnRun<T>> {
        self.run.as_any().downcast_ref()
    }

    /// How many events have been shown.
    pub fn shown(&self) -> usize {
        self.run.shown()
    }

    /// Whether every recorded event is shown.
    pub fn at_end(&self) -> bool {
        self.run.shown() == self.run.recorded()
    }

    pub fn is_running(&self) -> bool {
        self.running
    }

    /// Auto-run speed in events per second.
    pub fn speed(&self) -> u32 {
        SPEEDS[self.speed]
    }

    /// How often the loop should call [`LearnState::tick`]: only while running.
    pub fn tick_interval(&self) -> Option<Duration> {
        self.running
            .then(|| Duration::from_millis((1000 / u64::from(self.speed())).clamp(10, 250)))
    }

    /// Whether `k` would keep something: the run ended at a solution of the
    /// start (never values of a branch that is still a guess).
    pub fn can_keep(&self) -> bool {
        self.at_end() && self.run.solved_values().is_some()
    }

    /// Applies one action: learn mode's own update, which only the app's
    /// `update` calls.
    pub fn update(&mut self, action: LearnAction) -> LearnExit {
        match action {
            LearnAction::Next => {
                self.running = false;
                self.run.forward();
            }
            LearnAction::Back => {
                self.running = false;
                if let Some(before) = self.run.shown().checked_sub(1) {
                    self.run.seek(before);
                }
            }
            LearnAction::ToggleRun => {
                self.running = !self.running && !self.at_end();
                self.carried = Duration::ZERO;
            }
            LearnAction::Faster => self.speed = (self.speed + 1).min(SPEEDS.len() - 1),
            LearnAction::Slower => self.speed = self.speed.saturating_sub(1),
            LearnAction::ToggleRules => {
                let mut settings = self.run.settings();
                settings.rules = match settings.rules {
                    Rules::Peers => Rules::PeersAndUnits,
                    Rules::PeersAndUnits => Rules::Peers,
                };
                if !self.run.rerecord(settings) {
                    return LearnExit::Say(
                        "This board always propagates both rules (naked and hidden singles) \
                         in one go; o switches the branching order",
                    );
                }
                self.running = false;
            }
            LearnAction::ToggleOrder => {
                let mut settings = self.run.settings();
                settings.order = match settings.order {
                    Order::FewestCandidates => Order::RowMajor,
                    Order::RowMajor => Order::FewestCandidates,
                };
                self.running = false;
                self.run.rerecord(settings);
            }
            LearnAction::Restart => {
                self.running = false;
                self.run.seek(0);
            }
            LearnAction::ToEnd => {
                self.running = false;
                self.run.seek(self.run.recorded());
            }
            LearnAction::Keep => {
                // Only a finished, right board: never values of a branch that is
                // still a guess, nor a half-propagated position.
                if self.at_end()
                    && let Some(values) = self.run.solved_values()
                {
                    return LearnExit::Keep(values);
                }
            }
            LearnAction::Leave => return LearnExit::Leave,
        }
        LearnExit::Stay
    }

    /// Advances the auto-run by the events due in `elapsed`; stops at the end.
    pub fn tick(&mut self, elapsed: Duration) {
        if !self.running {
            return;
        }
        self.carried += elapsed;
        let per_event = Duration::from_secs(1) / self.speed();
        while self.carried >= per_event {
            self.carried -= per_event;
            if !self.run.forward() {
                self.running = false;
                self.carried = Duration::ZERO;
                return;
            }
        }
        if self.at_end() {
            self.running = false;
        }
    }
}
