//! The new-game screen's model (`n`, at any time): a level, what to open at it
//! (a bundled puzzle, a generated one), the famous puzzles, a pasted puzzle,
//! restarting this one, and the saved games to continue or delete. Plain data:
//! [`crate::app::update`] changes it, `ui::new_game` draws it.

use serde::{Deserialize, Serialize};

use crate::engine::Grid;
use crate::engine::grade::Level;
use crate::puzzles;

/// A saved game as the continue list shows it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SavedRow {
    pub givens: Grid,
    pub name: String,
    pub level: Option<Level>,
    /// Cells holding a digit, givens included.
    pub filled: usize,
    pub elapsed_ms: u64,
    pub finished: bool,
}

/// One row of the screen the cursor can be on.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Row {
    /// A bundled puzzle of the chosen level.
    Bundled,
    /// A freshly generated puzzle of the chosen level.
    Generated,
    /// One of the famous puzzles (its index in [`puzzles::famous`]).
    Famous(usize),
    /// Type or paste a puzzle.
    Paste,
    /// Start this puzzle again from its givens.
    Restart,
    /// A saved game (its index in [`NewGameMenu::saved`]).
    Saved(usize),
}

/// A question waiting for `y`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Question {
    /// Delete the saved game at this index?
    Delete(usize),
    /// Restart the puzzle on screen?
    Restart,
}

/// The new-game screen.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct NewGameMenu {
    /// The level for a bundled or generated puzzle (← → change it).
    pub level: Level,
    /// The row under the cursor (an index into [`NewGameMenu::rows`]).
    pub cursor: usize,
    /// The saved games, most recently played first (read by the loop).
    pub saved: Vec<SavedRow>,
    /// The famous puzzles' names, in order.
    pub famous: Vec<String>,
    /// The puzzle being typed or pasted, while the paste line is open.
    pub paste: Option<String>,
    /// A question waiting for `y`.
    pub question: Option<Question>,
    /// What went wrong with the last choice (a pasted puzzle that does not read).
    pub error: Option<String>,
    /// A puzzle being generated on a worker thread (`g`), while the screen waits.
    pub generating: Option<Generating>,
}

/// A generation in progress, as the screen shows it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Generating {
    pub level: Level,
    /// Candidate puzzles made and graded so far (each one a fresh minimal puzzle).
    pub attempts: u32,
    /// Time since it started, from the clock's ticks.
    pub elapsed_ms: u64,
}

/// Word from the worker generating a puzzle; it arrives as an action.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GenerationNews {
    /// Another candidate was made and graded at another level.
    Attempt { level: Level, attempts: u32 },
    /// A puzzle of the level: its 81-character line.
    Done { level: Level, puzzle: String },
    /// No puzzle: why.
    Failed { level: Level, error: String },
}

impl NewGameMenu {
    pub fn new(level: Level, saved: Vec<SavedRow>) -> NewGameMenu {
        NewGameMenu {
            level,
            cursor: 0,
            saved,
            famous: puzzles::famous().into_iter().map(|p| p.name).collect(),
            paste: None,
            question: None,
            error: None,
            generating: None,
        }
    }

    /// Every row, top to bottom.
    pub fn rows(&self) -> Vec<Row> {
        let mut rows = vec![Row::Bundled, Row::Generated];
        rows.extend((0..self.famous.len()).map(Row::Famous));
        rows.push(Row::Paste);
        rows.push(Row::Restart);
        rows.extend((0..self.saved.len()).map(Row::Saved));
        rows
    }

    /// The row under the cursor.
    pub fn current(&self) -> Row {
        let rows = self.rows();
        rows[self.cursor.min(rows.len() - 1)].clone()
    }
}

/// A key on the new-game screen.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MenuAction {
    Up,
    Down,
    /// An easier level.
    Easier,
    /// A harder level.
    Harder,
    /// Open the row under the cursor.
    Choose,
    /// The first letter of a row: b bundled, g generated, f famous, p paste,
    /// r restart, c continue (the saved games).
    Jump(char),
    /// Ask to delete the saved game under the cursor.
    Delete,
    /// Yes to the question.
    Yes,
    /// No to the question.
    No,
    /// A character typed on the paste line.
    Type(char),
    /// Backspace on the paste line.
    Backspace,
}
