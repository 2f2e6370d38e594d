//! Learn mode: watch the engine's constraint propagation and search work on a
//! position, one elementary event at a time, forward and back, by hand or
//! automatically, under the four settings (rules x branching order).
//!
//! On every shape: the classic 9x9 steps through the engine's trace (every
//! assignment and elimination, under both propagation rules); any other shape
//! through the one search on its board ([`ShapeRecording`]), whose board
//! propagates both rules in one call, so its events are the search's (the
//! givens and each guess with the cells their singles fill, branches,
//! backtracks) and only the branching order can be switched.
//!
//! A component: a [`LearnState`] is built from the player's digits and owns
//! everything it shows. It knows nothing of the player's state: its keys are
//! rows of the one key table (`Context::Learn` in [`crate::app::keymap`]), the
//! app's `update` hands it each [`LearnAction`] and acts on the [`LearnExit`] it
//! returns (`update::learn`), and `ui::learn` draws it with the player's theme
//! and grid renderer. Only [`LearnExit::Keep`] (key `k`) carries digits back
//! for the player to take.

use std::sync::Arc;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::engine::geometry::Geometry;
use crate::engine::geometry::learn::{
    ShapeCursor, ShapeEvent, ShapeOutcome, ShapeRecording, count_run,
};
use crate::engine::trace::{self, Cursor, Order, Outcome, Recorded, Recording, Rules, Settings};
use crate::engine::{Cell, Grid};

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

/// The classic run: the engine's trace of the player's digits.
#[derive(Clone, Debug)]
pub struct ClassicRun {
    /// The player's digits the run starts from, assigned as givens.
    start: Grid,
    recording: Recording,
    cursor: Cursor,
    /// The four settings' runs, counted once: shown side by side when a run ends.
    comparison: Vec<Outcome>,
}

impl ClassicRun {
    fn new(digits: &Grid, settings: Settings) -> ClassicRun {
        let comparison = Settings::ALL
            .iter()
            .map(|&s| trace::count(digits, s, COMPARE_LIMIT))
            .collect();
        let recording = Recording::record(digits, settings, RECORD_LIMIT);
        ClassicRun {
            start: *digits,
            cursor: recording.start(),
            recording,
            comparison,
        }
    }

    /// The position the run starts from.
    pub fn start(&self) -> &Grid {
        &self.start
    }

    pub fn settings(&self) -> Settings {
        self.recording.settings()
    }

    pub fn recording(&self) -> &Recording {
        &self.recording
    }

    /// Where the learner stands: the board after the events shown, the path, the counts.
    pub fn cursor(&self) -> &Cursor {
        &self.cursor
    }

    /// The event shown last (the one the board highlights), if any.
    pub fn current(&self) -> Option<&Recorded> {
        self.cursor
            .shown()
            .checked_sub(1)
            .and_then(|i| self.recording.event(i))
    }

    /// The runs of all four settings, in [`Settings::ALL`] order.
    pub fn comparison(&self) -> &[Outcome] {
        &self.comparison
    }

    /// The same position traced with other settings, from the first event.
    fn rerecord(&mut self, settings: Settings) {
        self.recording = Recording::record(&self.start, settings, RECORD_LIMIT);
        self.cursor = self.recording.start();
    }
}

/// A run on any other shape: the search on the player's values.
#[derive(Clone, Debug)]
pub struct ShapeRun {
    geometry: Arc<Geometry>,
    /// The player's values the run starts from, placed as givens.
    start: Vec<u8>,
    recording: ShapeRecording,
    cursor: ShapeCursor,
    /// Both orders' runs, counted once: shown side by side when a run ends.
    comparison: Vec<ShapeOutcome>,
}

/// The branching orders a shaped run compares, the engine's own first.
pub const SHAPE_ORDERS: [Order; 2] = [Order::FewestCandidates, Order::RowMajor];

impl ShapeRun {
    fn new(geometry: Arc<Geometry>, values: &[u8], order: Order) -> ShapeRun {
        let comparison = SHAPE_ORDERS
            .iter()
            .map(|&o| count_run(&geometry, values, o, COMPARE_LIMIT))
            .collect();
        let recording = ShapeRecording::record(&geometry, values, order, RECORD_LIMIT);
        ShapeRun {
            start: values.to_vec(),
            cursor: recording.start(),
            recording,
            comparison,
            geometry,
        }
    }

    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// The values the run starts from (0 open).
    pub fn start(&self) -> &[u8] {
        &self.start
    }

    pub fn order(&self) -> Order {
        self.recording.outcome().order
    }

    pub fn recording(&self) -> &ShapeRecording {
        &self.recording
    }

    /// Where the learner stands: the board after the events shown and the path.
    pub fn cursor(&self) -> &ShapeCursor {
        &self.cursor
    }

    /// The event shown last (the one the board highlights), if any.
    pub fn current(&self) -> Option<&ShapeEvent> {
        self.cursor
            .shown()
            .checked_sub(1)
            .and_then(|i| self.recording.event(i))
    }

    /// Both orders' runs, in [`SHAPE_ORDERS`] order.
    pub fn comparison(&self) -> &[ShapeOutcome] {
        &self.comparison
    }

    fn rerecord(&mut self, order: Order) {
        self.recording = ShapeRecording::record(&self.geometry, &self.start, order, RECORD_LIMIT);
        self.cursor = self.recording.start();
    }

    /// Whether the board on show is complete and keeps every start value: a
    /// solution of the start, since the search only places what the rules allow.
    fn solved(&self) -> bool {
        let values = self.cursor.values();
        values.iter().all(|&v| v != 0)
            && self
                .start
                .iter()
                .zip(values)
                .all(|(&s, &v)| s == 0 || s == v)
    }
}

/// The run a session steps through.
#[derive(Clone, Debug)]
pub enum Run {
    /// Both boxed: the classic cursor holds a fixed 81-cell board, the shaped
    /// one its vectors; a session is one or the other.
    Classic(Box<ClassicRun>),
    Shaped(Box<ShapeRun>),
}

impl Run {
    fn len(&self) -> usize {
        match self {
            Run::Classic(run) => run.recording.len(),
            Run::Shaped(run) => run.recording.len(),
        }
    }

    fn shown(&self) -> usize {
        match self {
            Run::Classic(run) => run.cursor.shown(),
            Run::Shaped(run) => run.cursor.shown(),
        }
    }

    fn forward(&mut self) -> bool {
        match self {
            Run::Classic(run) => run.recording.forward(&mut run.cursor),
            Run::Shaped(run) => run.recording.forward(&mut run.cursor),
        }
    }

    fn seek(&mut self, shown: usize) {
        match self {
            Run::Classic(run) => run.cursor = run.recording.seek(shown),
            Run::Shaped(run) => run.cursor = run.recording.seek(shown),
        }
    }
}

/// A learn-mode session on one position.
#[derive(Clone, Debug)]
pub struct LearnState {
    run: Run,
    running: bool,
    speed: usize,
    /// Time carried over between auto-run ticks, so slow speeds still advance.
    carried: Duration,
}

impl LearnState {
    /// Learn mode on `digits` (the player's classic position) with `settings`.
    pub fn new(digits: &Grid, settings: Settings) -> LearnState {
        LearnState::of(Run::Classic(Box::new(ClassicRun::new(digits, settings))))
    }

    /// Learn mode on `values` (the player's position on `geometry`, 0 open),
    /// branching in `order`.
    pub fn on_shape(geometry: Arc<Geometry>, values: &[u8], order: Order) -> LearnState {
        LearnState::of(Run::Shaped(Box::new(ShapeRun::new(
            geometry, values, order,
        ))))
    }

    fn of(run: Run) -> LearnState {
        LearnState {
            run,
            running: false,
            speed: DEFAULT_SPEED,
            carried: Duration::ZERO,
        }
    }

    /// The run stepped through.
    pub fn run(&self) -> &Run {
        &self.run
    }

    /// The classic run, when the session is on the classic board.
    pub fn classic(&self) -> Option<&ClassicRun> {
        match &self.run {
            Run::Classic(run) => Some(run.as_ref()),
            Run::Shaped(_) => None,
        }
    }

    /// How many events have been shown.
    pub fn shown(&self) -> usize {
        self.run.shown()
    }

    /// Whether every recorded event is shown.
    pub fn at_end(&self) -> bool {
        self.run.shown() == self.run.len()
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
        self.at_end()
            && match &self.run {
                Run::Classic(run) => run.cursor.position().digits.is_solution_of(&run.start),
                Run::Shaped(run) => run.solved(),
            }
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
                let Run::Classic(run) = &mut self.run else {
                    return LearnExit::Say(
                        "This board always propagates both rules (naked and hidden singles) \
                         in one go; o switches the branching order",
                    );
                };
                let mut settings = run.settings();
                settings.rules = match settings.rules {
                    Rules::Peers => Rules::PeersAndUnits,
                    Rules::PeersAndUnits => Rules::Peers,
                };
                self.running = false;
                run.rerecord(settings);
            }
            LearnAction::ToggleOrder => {
                let other = |order| match order {
                    Order::FewestCandidates => Order::RowMajor,
                    Order::RowMajor => Order::FewestCandidates,
                };
                self.running = false;
                match &mut self.run {
                    Run::Classic(run) => {
                        let mut settings = run.settings();
                        settings.order = other(settings.order);
                        run.rerecord(settings);
                    }
                    Run::Shaped(run) => run.rerecord(other(run.order())),
                }
            }
            LearnAction::Restart => {
                self.running = false;
                self.run.seek(0);
            }
            LearnAction::ToEnd => {
                self.running = false;
                self.run.seek(self.run.len());
            }
            LearnAction::Keep => {
                // Only a finished, right board: never values of a branch that is
                // still a guess, nor a half-propagated position.
                if self.can_keep() {
                    return LearnExit::Keep(match &self.run {
                        Run::Classic(run) => Cell::all()
                            .map(|c| run.cursor.position().digits.get(c).map_or(0, |d| d.get()))
                            .collect(),
                        Run::Shaped(run) => run.cursor.values().to_vec(),
                    });
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
