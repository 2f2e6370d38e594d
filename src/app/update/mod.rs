//! [`update`]: the only place the state changes. Every rule of the game is asked
//! of the engine (candidates, hints, propagation, solving); this module only
//! decides what a request does to the position, the history and the screen.

mod assist;
mod learn;
mod links;
pub mod menu;
pub mod review;
mod shaped;
mod shaped_learn;

use assist::{check, next_hint, propagate, solve};

use super::action::{Action, Direction, StatsRead};
use super::state::{CandidateMode, Game, GradeInfo, Overlay, Position, State, Tone, View};
use super::stats::Stats;
use crate::engine::geometry::{ValueMask, value_bit};
use crate::engine::{Cell, Digit, Grid};

/// Work the loop must do outside the state (the view and update stay pure).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Effect {
    None,
    /// Write this text (a candidate grid) to a file in the data directory.
    Export(String),
    /// Give the terminal back to the shell until `fg` (Ctrl-Z).
    Suspend,
    /// Read the saved games and open the new-game screen ([`menu::open`]).
    ListGames,
    /// Open a bundled puzzle of this level (chosen at random by the loop).
    OpenBundled(crate::engine::grade::Level),
    /// Generate a puzzle of this level on a worker thread; its news comes back
    /// as [`Action::Generation`].
    Generate(crate::engine::grade::Level),
    /// Replay the game on a thread of its own (proving every move can take
    /// seconds); the result comes back as [`Action::Replayed`].
    Replay(Box<super::replay::ReplayJob>),
    /// Delete this puzzle's save, then show the list again ([`menu::deleted`]).
    Delete(Grid),
    /// Save the game on screen and open the puzzle `givens` (its save if it
    /// has one, else a new game named `name`): see [`switch_game`].
    Open {
        givens: Grid,
        name: String,
    },
}

/// What the player must be told when the game changes: the one message that says
/// the game is another player's and only shown.
pub const READ_ONLY_NOTICE: &str =
    "This game is open in another pencilmark: read-only view, nothing you do here is saved";

/// Puts `game` on screen in place of the current one (a new game, a resumed
/// save, or another player's game shown read-only), with its saved view settings.
pub fn switch_game(state: &mut State, game: Game, view: Option<View>, read_only: bool) {
    state.game = game;
    // A classic game replaces a shaped one on screen.
    state.shaped = None;
    settle_opened_game(state, view, read_only);
}

/// The screen around a game just opened: its saved view settings (`None`: a
/// new game), no hint or marks left from before, and a word on what it is.
pub fn settle_opened_game(state: &mut State, view: Option<View>, read_only: bool) {
    let resumed = view.is_some();
    state.menu = None;
    state.selected = Cell::at(0, 0);
    if let Some(view) = view {
        view.apply(state);
    }
    state.overlay = if state.game.finished {
        Overlay::Won
    } else {
        Overlay::None
    };
    state.hint = None;
    state.log.clear();
    state.marked_wrong.clear();
    state.read_only = read_only;
    if read_only {
        state.say(Tone::Error, READ_ONLY_NOTICE);
    } else if resumed {
        state.say(Tone::Info, "Welcome back: your game is resumed");
    } else {
        state.say(Tone::Info, "New game");
    }
    state.revision += 1;
}

/// Whether `action` would change the game (refused in a read-only view).
fn changes_the_game(action: &Action) -> bool {
    matches!(
        action,
        Action::Digit(_)
            | Action::Erase
            | Action::Undo
            | Action::Redo
            | Action::Hint
            | Action::Propagate
            | Action::Solve
            | Action::FillMarks
            | Action::Audit
            | Action::FirstWrong
    )
}

/// Whether `action` comes from the clock or the loop, not from the player: it
/// leaves a question waiting for its key (why-not, a stale fix, a rewind) open.
pub(super) fn is_passing(action: &Action) -> bool {
    matches!(
        action,
        Action::Tick(_)
            | Action::ScreenFits(_)
            | Action::Graded(_)
            | Action::Generation(_)
            | Action::StatsRead(_)
    )
}

/// Applies `action` to `state`; returns any outside work it needs.
pub fn update(state: &mut State, action: Action) -> Effect {
    if state.read_only && changes_the_game(&action) {
        state.say(Tone::Error, READ_ONLY_NOTICE);
        return Effect::None;
    }
    if shaped::act(state, &action) {
        return Effect::None;
    }
    // A why-not question waits for its digit; any other key (not the clock)
    // cancels it.
    let passing = is_passing(&action);
    let asking_why = !passing && std::mem::take(&mut state.asking_why);
    let offering_stale_fix = !passing && std::mem::take(&mut state.offering_stale_fix);
    let rewind_offer = state.rewind_offer.take_if(|_| !passing);
    match action {
        Action::Move(direction) => move_selection(state, direction),
        Action::Select { row, col } => {
            if (row as usize) < 9 && (col as usize) < 9 {
                state.selected = Cell::at(row as usize, col as usize);
            }
        }
        Action::Digit(value) => {
            if (1..=9).contains(&value) {
                let digit = Digit::new(value);
                if asking_why {
                    assist::why_not(state, digit);
                } else if state.pencil {
                    pencil(state, digit);
                } else {
                    place(state, digit);
                }
            }
        }
        Action::Erase => erase(state),
        Action::TogglePencil => {
            state.pencil = !state.pencil;
            let on = if state.pencil { "on" } else { "off" };
            state.say(Tone::Info, format!("Pencil mode {on}"));
            state.revision += 1;
        }
        Action::CycleCandidates => {
            state.candidates = state.candidates.next();
            state.notes = super::review::BoardNotes::default();
            state.say(
                Tone::Info,
                format!("Candidates: {}", state.candidates.name()),
            );
            state.revision += 1;
        }
        Action::FillMarks => fill_marks(state),
        Action::Undo => step_history(state, true),
        Action::Redo => step_history(state, false),
        Action::Hint => next_hint(state),
        Action::Propagate => propagate(state),
        Action::Solve => {
            if state.game.finished {
                state.say(Tone::Info, "The board is already solved");
            } else {
                state.overlay = Overlay::ConfirmSolve;
            }
        }
        Action::Confirm => {
            if state.overlay == Overlay::ConfirmSolve {
                state.overlay = Overlay::None;
                solve(state);
            }
        }
        Action::Check => check(state),
        Action::Export => return Effect::Export(state.candidate_grid()),
        Action::Help => {
            state.overlay = Overlay::Help;
            state.scroll = 0;
        }
        Action::Scroll(by) => scroll(state, by),
        Action::Close => {
            if state.overlay == Overlay::ConfirmSolve {
                state.say(Tone::Info, "Not solved: keep going");
            }
            if state.overlay == Overlay::NewGame {
                menu::close(state);
            } else if state.overlay == Overlay::Replay {
                review::close_replay(state);
            } else {
                state.overlay = Overlay::None;
            }
        }
        Action::NewGame => return Effect::ListGames,
        Action::Menu(key) => return menu::act(state, key),
        Action::Generation(news) => return menu::generation(state, news),
        Action::Quit => state.running = false,
        Action::Learn => learn::open(state),
        Action::LearnStep(step) => learn::step(state, step),
        Action::Tick(millis) => {
            learn::tick(state, millis);
            menu::tick(state, millis);
            if state.clock_runs() {
                state.game.elapsed_ms += millis;
            }
        }
        Action::Suspend => return Effect::Suspend,
        Action::Dismiss if asking_why => state.message = None,
        Action::Dismiss => dismiss(state),
        Action::Audit if offering_stale_fix => assist::remove_stale_marks(state),
        Action::Audit => assist::audit_marks(state),
        Action::FirstWrong => review::first_wrong(state, rewind_offer),
        Action::Replay => return review::open_replay(state),
        Action::Replayed(replayed) => review::replayed(state, *replayed),
        Action::ReplayStep(step) => review::step_replay(state, step),
        Action::LinkStep(step) => links::step_links(state, step),
        Action::AskWhy => {
            state.asking_why = true;
            let cell = state.selected;
            state.say(
                Tone::Info,
                format!("Why can't which digit go in {cell}? Press 1-9 (Esc cancels)"),
            );
        }
        Action::NextEmpty => select_empty(state, 1),
        Action::PreviousEmpty => select_empty(state, -1),
        Action::HighlightDigit => highlight(state),
        Action::Pause => {
            if !state.game.finished {
                state.overlay = Overlay::Paused;
            }
        }
        Action::ScreenFits(fits) => state.too_small = !fits,
        Action::Notice(text) => state.say(Tone::Info, text),
        Action::Failure(text) => state.say(Tone::Error, text),
        Action::Graded(grade) => {
            if state.game.unique && state.game.grade.is_none() {
                state.game.grade = Some(grade);
                state.revision += 1;
            }
        }
        Action::StatsRead(read) => stats_read(state, *read),
    }
    if std::mem::take(&mut state.profile_due) {
        return review::profile_job(state);
    }
    Effect::None
}

/// The statistics file's figures in place of the empty ones the player opened
/// with; a game finished before they came (they come right after the first
/// frame) is counted on top of them.
fn stats_read(state: &mut State, read: StatsRead) {
    state.stats = read.stats.merged(&Stats::default(), &state.stats);
    if let Some(notice) = read.notice {
        let text = match &state.message {
            Some(message) => format!("{} {notice}", message.text),
            None => notice,
        };
        state.say(Tone::Error, text);
    }
}

/// Esc on the board: the hint on show goes (and its message), else pencil mode.
fn dismiss(state: &mut State) {
    if state.hint.is_some() {
        state.hint = None;
        state.message = None;
    } else if !state.notes.is_empty() {
        state.notes = super::review::BoardNotes::default();
        state.message = None;
    } else if state.pencil {
        state.pencil = false;
        state.say(Tone::Info, "Pencil mode off");
        state.revision += 1;
    } else if !state.marked_wrong.is_empty() || state.message.is_some() {
        state.marked_wrong.clear();
        state.message = None;
    } else {
        state.say(
            Tone::Info,
            "Esc dismisses hints; q quits (the game is saved)",
        );
    }
}

/// Moves the selection to the next (`step` 1) or previous (-1) empty cell in
/// reading order, wrapping around.
fn select_empty(state: &mut State, step: isize) {
    let start = state.selected.index() as isize;
    let cells = crate::engine::types::CELLS as isize;
    let found = (1..cells)
        .map(|k| Cell::new((start + step * k).rem_euclid(cells) as usize))
        .find(|&c| state.game.position.digit(c).is_none());
    match found {
        Some(cell) => state.selected = cell,
        None => state.say(Tone::Info, "No other empty cell"),
    }
}

/// Starts highlighting the selected cell's digit across the board, or stops.
fn highlight(state: &mut State) {
    if state.highlight.is_some() {
        state.highlight = None;
        state.say(Tone::Info, "Highlight off");
        return;
    }
    match state.selected_digit() {
        Some(digit) => {
            state.highlight = Some(digit.get());
            state.say(Tone::Info, format!("Highlighting {digit} (f again: off)"));
        }
        None => state.say(
            Tone::Info,
            "Select a cell with a digit, then f highlights that digit everywhere",
        ),
    }
}

fn move_selection(state: &mut State, direction: Direction) {
    let (row, col) = (state.selected.row(), state.selected.col());
    let (row, col) = match direction {
        Direction::Up => ((row + 8) % 9, col),
        Direction::Down => ((row + 1) % 9, col),
        Direction::Left => (row, (col + 8) % 9),
        Direction::Right => (row, (col + 1) % 9),
    };
    state.selected = Cell::at(row, col);
}

/// Scrolls the help down (`by` > 0) or up, or on the board the propagation log
/// back to earlier entries (`by` < 0); kept within what there is, roughly (the
/// view, which knows the window's height, clamps it exactly).
fn scroll(state: &mut State, by: i32) {
    let (low, high) = if state.overlay == Overlay::Help {
        (0, super::keymap::help_rows().len() as i32)
    } else {
        (-(state.log.len() as i32), 0)
    };
    state.scroll = state.scroll.saturating_add(by).clamp(low, high.max(low));
}

/// Writes every open cell's candidates (the Auto marks, strikes included) into
/// its Manual marks, as one undoable step, and shows the Manual marks: a player
/// who starts marking by hand starts from the full set, as on paper after a scan.
/// Not an assist: it shows nothing the Auto marks did not already show.
fn fill_marks(state: &mut State) {
    let board = state.game.position.board();
    let mut next = state.game.position.clone();
    for cell in board.open_cells() {
        next.marks[cell.index()] = ValueMask::from(board.candidates(cell).bits());
    }
    state.candidates = CandidateMode::Manual;
    commit(state, next);
    state.say(
        Tone::Info,
        "Manual marks filled from the candidates (u undoes)",
    );
    state.revision += 1;
}

/// Records `next` as the new position: one undo step, the redo list and every
/// reading of the old position (hint, check marks, log) dropped.
pub(super) fn commit(state: &mut State, next: Position) {
    if next == state.game.position {
        return;
    }
    if state.read_only {
        state.say(Tone::Error, READ_ONLY_NOTICE);
        return;
    }
    state.game.timeline().commit(next);
    after_change(state);
}

fn after_change(state: &mut State) {
    state.hint = None;
    state.notes = super::review::BoardNotes::default();
    state.marked_wrong.clear();
    state.log.clear();
    state.revision += 1;
    let right = state.game.is_complete_and_right();
    if right && !state.game.finished {
        win(state);
    } else if !right && state.game.finished {
        // Undone after the end: the game is on again.
        state.game.finished = false;
        if state.overlay == Overlay::Won {
            state.overlay = Overlay::None;
        }
        state.game.solved_by_computer = false;
    }
}

fn win(state: &mut State) {
    let game = &mut state.game;
    game.finished = true;
    state.overlay = Overlay::Won;
    if !game.solved_by_computer && !game.counted {
        game.counted = true;
        if game.unique && game.grade.is_none() {
            // Won before the grading thread answered: grade here, once.
            game.grade = Some(GradeInfo::of(&game.givens));
        }
        let level = game.grade.map(|g| g.level);
        state.stats.record(level, game.elapsed_ms, &game.assists);
        state.profile_due = true;
    }
    if !state.game.solved_by_computer {
        let text = if state.game.assists.is_unaided() {
            "Solved unaided!".to_string()
        } else {
            format!("Solved with help: {}", state.game.assists.describe())
        };
        state.say(Tone::Info, text);
    }
}

/// Says `text`; if the move just won the game, the win's own message
/// (unaided, or with which help) follows it.
pub(super) fn say_unless_won(state: &mut State, tone: Tone, text: impl Into<String>) {
    let text = text.into();
    match &state.message {
        Some(won) if state.overlay == Overlay::Won && !state.game.solved_by_computer => {
            let both = format!("{text}. {}", won.text);
            state.say(Tone::Info, both);
        }
        _ => state.say(tone, text),
    }
}

/// The selected cell, unless it is a given (then the player is told).
fn editable_cell(state: &mut State) -> Option<Cell> {
    let cell = state.selected;
    if state.game.is_given(cell) {
        state.say(
            Tone::Error,
            format!("{cell} is a given: it cannot be changed"),
        );
        return None;
    }
    Some(cell)
}

fn place(state: &mut State, digit: Digit) {
    let Some(cell) = editable_cell(state) else {
        return;
    };
    let mut next = state.game.position.clone();
    if state.game.position.digit(cell) == Some(digit) {
        // Typing a cell's digit again takes it out, as on a phone.
        next.set_digit(cell, None);
    } else {
        next.place_digit(cell, digit);
    }
    state.message = None;
    commit(state, next);
}

fn erase(state: &mut State) {
    let Some(cell) = editable_cell(state) else {
        return;
    };
    let mut next = state.game.position.clone();
    next.set_digit(cell, None);
    state.message = None;
    commit(state, next);
}

fn pencil(state: &mut State, digit: Digit) {
    let Some(cell) = editable_cell(state) else {
        return;
    };
    if state.game.position.digit(cell).is_some() {
        state.say(Tone::Error, format!("{cell} holds a digit: erase it first"));
        return;
    }
    let mut next = state.game.position.clone();
    let (i, bit) = (cell.index(), value_bit(digit.get()));
    match state.candidates {
        CandidateMode::Auto => {
            let computed = crate::engine::Board::with_auto_candidates(&next.digits());
            if !computed.candidates(cell).contains(digit) {
                state.say(
                    Tone::Error,
                    format!("{digit} is not a candidate of {cell}: a peer already holds it"),
                );
                return;
            }
            next.struck[i] ^= bit;
        }
        CandidateMode::Manual => {
            next.marks[i] ^= bit;
        }
        CandidateMode::Hidden => {
            state.say(
                Tone::Error,
                "Candidates are hidden: press c to show them before editing",
            );
            return;
        }
    }
    state.message = None;
    commit(state, next);
}

/// Undo (`back`) or redo on the classic game.
fn step_history(state: &mut State, back: bool) {
    let (stepped, said) = state.game.timeline().step(back);
    state.say(Tone::Info, said);
    if stepped {
        after_change(state);
    }
}
