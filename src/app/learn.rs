//! Learn mode: watch the engine's constraint propagation and search work on a
//! position, one elementary event at a time, forward and back, by hand or
//! automatically, under the four settings (rules x branching order).
//!
//! A component: a [`LearnState`] is built from the player's digits and owns
//! everything it shows. It knows nothing of the player's state: its keys are
//! rows of the one key table (`Context::Learn` in [`crate::app::keymap`]), the
//! app's `update` hands it each [`LearnAction`] and acts on the [`LearnExit`] it
//! returns (`update::learn`), and `ui::learn` draws it with the player's theme
//! and grid renderer. Only [`LearnExit::Keep`] (key `k`) carries digits back
//! for the player to take.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::engine::Grid;
use crate::engine::trace::{self, Cursor, Order, Outcome, Recorded, Recording, Rules, Settings};

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
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LearnExit {
    /// Learn mode stays open.
    Stay,
    /// Close learn mode; the player's board is untouched.
    Leave,
    /// Close learn mode and take these digits (the board shown when `k` was pressed).
    Keep(Grid),
}

/// A learn-mode session on one position.
#[derive(Clone, Debug)]
pub struct LearnState {
    /// The player's digits the run starts from, assigned as givens.
    start: Grid,
    recording: Recording,
    cursor: Cursor,
    /// The four settings' runs, counted once: shown side by side when a run ends.
    comparison: Vec<Outcome>,
    running: bool,
    speed: usize,
    /// Time carried over between auto-run ticks, so slow speeds still advance.
    carried: Duration,
}

impl LearnState {
    /// Learn mode on `digits` (the player's position) with `settings`.
    pub fn new(digits: &Grid, settings: Settings) -> LearnState {
        let comparison = Settings::ALL
            .iter()
            .map(|&s| trace::count(digits, s, COMPARE_LIMIT))
            .collect();
        let recording = Recording::record(digits, settings, RECORD_LIMIT);
        LearnState {
            start: *digits,
            cursor: recording.start(),
            recording,
            comparison,
            running: false,
            speed: DEFAULT_SPEED,
            carried: Duration::ZERO,
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

    /// Whether every recorded event is shown.
    pub fn at_end(&self) -> bool {
        self.cursor.shown() == self.recording.len()
    }

    /// The runs of all four settings, in [`Settings::ALL`] order.
    pub fn comparison(&self) -> &[Outcome] {
        &self.comparison
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
    /// start (never digits of a branch that is still a guess).
    pub fn can_keep(&self) -> bool {
        self.at_end() && self.cursor.position().digits.is_solution_of(&self.start)
    }

    /// Applies one action: learn mode's own update, which only the app's
    /// `update` calls.
    pub fn update(&mut self, action: LearnAction) -> LearnExit {
        match action {
            LearnAction::Next => {
                self.running = false;
                self.recording.forward(&mut self.cursor);
            }
            LearnAction::Back => {
                self.running = false;
                self.recording.back(&mut self.cursor);
            }
            LearnAction::ToggleRun => {
                self.running = !self.running && !self.at_end();
                self.carried = Duration::ZERO;
            }
            LearnAction::Faster => self.speed = (self.speed + 1).min(SPEEDS.len() - 1),
            LearnAction::Slower => self.speed = self.speed.saturating_sub(1),
            LearnAction::ToggleRules => {
                let mut settings = self.settings();
                settings.rules = match settings.rules {
                    Rules::Peers => Rules::PeersAndUnits,
                    Rules::PeersAndUnits => Rules::Peers,
                };
                self.rerecord(settings);
            }
            LearnAction::ToggleOrder => {
                let mut settings = self.settings();
                settings.order = match settings.order {
                    Order::FewestCandidates => Order::RowMajor,
                    Order::RowMajor => Order::FewestCandidates,
                };
                self.rerecord(settings);
            }
            LearnAction::Restart => {
                self.running = false;
                self.cursor = self.recording.start();
            }
            LearnAction::ToEnd => {
                self.running = false;
                self.cursor = self.recording.seek(self.recording.len());
            }
            LearnAction::Keep => {
                // Only a finished, right board: never digits of a branch that is
                // still a guess, nor a half-propagated position.
                if self.can_keep() {
                    return LearnExit::Keep(self.cursor.position().digits);
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
            if !self.recording.forward(&mut self.cursor) {
                self.running = false;
                self.carried = Duration::ZERO;
                return;
            }
        }
        if self.at_end() {
            self.running = false;
        }
    }

    /// The same position traced with other settings, from the first event.
    fn rerecord(&mut self, settings: Settings) {
        self.running = false;
        self.recording = Recording::record(&self.start, settings, RECORD_LIMIT);
        self.cursor = self.recording.start();
    }
}
