//! Everything the player can ask for, as a value: keys map to these, tests send
//! them, and a configuration file could name them (serde, snake_case).

use serde::{Deserialize, Serialize};

/// A direction to move the selection in.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Direction {
    Up,
    Down,
    Left,
    Right,
}

/// One message to [`crate::app::update::update`].
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Move the selection one cell (wrapping at the edges).
    Move(Direction),
    /// Select a cell by zero-based row and column (a mouse click).
    Select {
        row: u8,
        col: u8,
    },
    /// A digit key: place it, or in pencil mode strike out / restore the candidate.
    Digit(u8),
    /// Erase the selected cell's digit.
    Erase,
    /// Toggle pencil mode.
    TogglePencil,
    /// Cycle the candidates shown: Auto, Manual, hidden.
    CycleCandidates,
    /// Write every open cell's current candidates into its Manual marks (one
    /// undoable step) and show the Manual marks.
    FillMarks,
    Undo,
    Redo,
    /// Show the next level of the hint (the last level applies it).
    Hint,
    /// Fill every forced single, as one undoable step.
    Propagate,
    /// Ask to solve the board (confirmed with [`Action::Confirm`]).
    Solve,
    /// Mark the digits that disagree with the solution.
    Check,
    /// Export the position (digits and pencil marks) to a file.
    Export,
    /// Open the help overlay.
    Help,
    /// Scroll the help by this many lines, or the propagation log by this many
    /// entries (negative: up, towards the start).
    Scroll(i32),
    /// Say yes to the open question.
    Confirm,
    /// Close the open overlay or question.
    Close,
    /// Open the new-game screen.
    NewGame,
    /// Quit (the game is saved).
    Quit,
    /// Suspend to the shell (Ctrl-Z); `fg` comes back to a repainted board.
    Suspend,
    /// Esc on the board: dismiss the hint on show, else leave pencil mode.
    Dismiss,
    /// Select the next empty cell (row by row, wrapping).
    NextEmpty,
    /// Select the previous empty cell.
    PreviousEmpty,
    /// Highlight the selected cell's digit across the board, or stop highlighting.
    HighlightDigit,
    /// Hide the board and stop the clock until a key is pressed.
    Pause,
    /// The terminal's size changed: whether the smallest layout fits.
    ScreenFits(bool),
    /// A key on the new-game screen.
    Menu(super::menu::MenuAction),
    /// Word from the worker generating a puzzle for the new-game screen.
    Generation(super::menu::GenerationNews),
    /// Open learn mode on the current position.
    Learn,
    /// A key of the open learn mode.
    LearnStep(super::learn::LearnAction),
    /// Ask why a digit cannot go in the selected cell (the next digit key says which).
    AskWhy,
    /// Audit the Manual marks (again, right after an audit with stale marks: remove them).
    Audit,
    /// Find the wrong move the position still suffers from (again, right after
    /// one was found: rewind to just before it).
    FirstWrong,
    /// Open the replay view: the game walked move by move, annotated.
    Replay,
    /// A key of the open replay view.
    ReplayStep(super::update::review::ReplayAction),
    /// A replay the loop computed on its own thread (not a key: never in a
    /// configuration file).
    #[serde(skip)]
    Replayed(Box<super::replay::Replayed>),
    /// Step through the links of the hint on show (at its explanation level).
    LinkStep(super::links::LinkStep),
    /// Time passed while the game was on screen, in milliseconds.
    Tick(u64),
    /// Something the loop wants the player to read (an export's path).
    Notice(String),
    /// Something that went wrong outside the game (a failed save).
    Failure(String),
    /// The grade of the game on screen, worked out on a thread after the first
    /// frame (grading a hard puzzle can take a second).
    Graded(super::state::GradeInfo),
    /// The statistics file, read by the loop after the first frame (which does
    /// not show them). Not a key: never in a configuration file.
    #[serde(skip)]
    StatsRead(Box<StatsRead>),
}

/// What reading the statistics file gave: its statistics (empty when there is
/// none), and what went wrong reading it, for the player to read.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct StatsRead {
    pub stats: super::stats::Stats,
    pub notice: Option<String>,
}
