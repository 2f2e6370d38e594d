//! One learn-mode run on any board that is [`Traced`]: the position it starts
//! from, its [`Recording`] and where the learner stands in it, and the runs of
//! every setting the board has, counted once to be compared when it ends.

use std::any::Any;

use super::{COMPARE_LIMIT, Learning, RECORD_LIMIT, Shown};
use crate::engine::geometry::Geometry;
use crate::engine::trace::{Ending, Outcome, Recording, Replayable, Settings, Traced};

/// What a run on `T` found, with its counts.
pub type RunOutcome<T> = Outcome<<T as Traced>::Solution, <T as Traced>::Counts>;

/// A run on a board of type `T` (the classic `Board`, a shape's `ShapeBoard`).
pub struct LearnRun<T: Traced> {
    /// The player's position the run starts from, placed as givens.
    start: T::Start,
    recording: Recording<T>,
    cursor: T::Cursor,
    /// Every setting's run ([`Traced::SETTINGS`]), counted once: shown side by
    /// side when a run ends.
    comparison: Vec<RunOutcome<T>>,
}

impl<T: Traced> Clone for LearnRun<T> {
    fn clone(&self) -> Self {
        LearnRun {
            start: self.start.clone(),
            recording: self.recording.clone(),
            cursor: self.cursor.clone(),
            comparison: self.comparison.clone(),
        }
    }
}

impl<T: Traced> std::fmt::Debug for LearnRun<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LearnRun")
            .field("start", &self.start)
            .field("recording", &self.recording)
            .field("cursor", &self.cursor)
            .field("comparison", &self.comparison)
            .finish()
    }
}

impl<T: Traced> LearnRun<T> {
    pub(super) fn new(start: T::Start, settings: Settings) -> LearnRun<T> {
        let comparison = T::SETTINGS
            .iter()
            .map(|&s| T::count(&start, s, COMPARE_LIMIT))
            .collect();
        let recording = Recording::record(&start, settings, RECORD_LIMIT);
        LearnRun {
            cursor: recording.start(),
            start,
            recording,
            comparison,
        }
    }

    /// The position the run starts from.
    pub fn start(&self) -> &T::Start {
        &self.start
    }

    pub fn settings(&self) -> Settings {
        self.recording.settings()
    }

    pub fn recording(&self) -> &Recording<T> {
        &self.recording
    }

    /// Where the learner stands: the board after the events shown, the path, the counts.
    pub fn cursor(&self) -> &T::Cursor {
        &self.cursor
    }

    /// The event shown last (the one the board highlights), if any.
    pub fn current(&self) -> Option<&<T::Cursor as Replayable>::Event> {
        self.cursor
            .shown()
            .checked_sub(1)
            .and_then(|i| self.recording.event(i))
    }

    /// The runs of every setting, in [`Traced::SETTINGS`] order.
    pub fn comparison(&self) -> &[RunOutcome<T>] {
        &self.comparison
    }

    /// How the run ended: (solved, stopped at the event limit, events emitted).
    pub(super) fn ended(&self) -> (bool, bool, u64) {
        let outcome = self.recording.outcome();
        let solved = matches!(outcome.ending, Ending::Solved(_));
        (solved, outcome.ending == Ending::Stopped, outcome.events)
    }

    /// Whether a setting of the comparison hit its limit.
    pub(super) fn any_stopped(&self) -> bool {
        self.comparison.iter().any(|o| o.ending == Ending::Stopped)
    }
}

impl<T: Shown> Learning for LearnRun<T> {
    fn recorded(&self) -> usize {
        self.recording.len()
    }

    fn shown(&self) -> usize {
        self.cursor.shown()
    }

    fn forward(&mut self) -> bool {
        self.recording.forward(&mut self.cursor)
    }

    fn seek(&mut self, shown: usize) {
        self.cursor = self.recording.seek(shown);
    }

    fn settings(&self) -> Settings {
        LearnRun::settings(self)
    }

    fn rerecord(&mut self, settings: Settings) -> bool {
        if !T::SETTINGS.contains(&settings) {
            return false;
        }
        self.recording = Recording::record(&self.start, settings, RECORD_LIMIT);
        self.cursor = self.recording.start();
        true
    }

    fn solved_values(&self) -> Option<Vec<u8>> {
        T::solved_values(self)
    }

    fn geometry(&self) -> &Geometry {
        T::geometry(self)
    }

    fn heading(&self) -> String {
        T::heading(self)
    }

    fn cells(&self) -> Vec<super::LearnCell> {
        T::cells(self)
    }

    fn head(&self) -> super::Head<'_> {
        T::head(self)
    }

    fn end(&self, width: usize) -> super::RunEnd {
        let (solved, stopped, events) = self.ended();
        let (compared, table) = T::compared(self, width);
        super::RunEnd {
            ended: super::shown::ending_words(solved, stopped, events),
            compared,
            table,
            stopped: self.any_stopped(),
        }
    }

    fn boxed(&self) -> Box<dyn Learning> {
        Box::new(self.clone())
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}
