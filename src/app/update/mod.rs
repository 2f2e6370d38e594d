//! [`update`]: the only place the state changes. Every rule of the game is asked
//! of the engine (candidates, hints, propagation, solving); this module only
//! decides what a request does to the position, the history and the screen.

mod assist;
mod board;
mod check;
mod hint;
mod learn;
mod links;
pub mod menu;
mod propagate;
pub mod review;

pub(super) use board::commit;
use board::value_word;
use check::{check, solve};

use super::action::{Action, StatsRead};
use super::state::{Game, Overlay, State, Tone, View};
use super::stats::Stats;
use crate::engine::Grid;

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
    settle_opened_game(state, view, read_only);
}

/// The screen around a game just opened: its saved view settings (`None`: a
/// new game), no hint or marks left from before, and a word on what it is.
pub fn settle_opened_game(state: &mut State, view: Option<View>, read_only: bool) {
    let resumed = view.is_some();
    state.menu = None;
    state.selected = 0;
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
    // A why-not question waits for its digit; any other key (not the clock)
    // cancels it.
    let passing = is_passing(&action);
    let asking_why = !passing && std::mem::take(&mut state.asking_why);
    let offering_stale_fix = !passing && std::mem::take(&mut state.offering_stale_fix);
    let rewind_offer = state.rewind_offer.take_if(|_| !passing);
    match action {
        Action::Move(direction) => board::move_selection(state, direction),
        Action::Select { row, col } => board::select(state, row, col),
        Action::Digit(value) if (1..=state.geometry().side() as u8).contains(&value) => {
            if asking_why {
                assist::why_not(state, value);
            } else if state.pencil {
                board::pencil(state, value);
            } else {
                board::place(state, value);
            }
        }
        // The classic board's keys enter 1-9 only.
        Action::Digit(_) if state.game.is_classic() => {}
        Action::Digit(value) => {
            let geometry = state.geometry();
            let text = format!(
                "{value} is not a value of a {} board ({})",
                geometry.name(),
                geometry.alphabet().describe()
            );
            state.say(Tone::Error, text);
        }
        Action::Erase => board::erase(state),
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
        Action::FillMarks => board::fill_marks(state),
        Action::Undo => board::step_history(state, true),
        Action::Redo => board::step_history(state, false),
        Action::Hint => hint::hint(state),
        Action::Propagate => propagate::propagate(state),
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
            let (cell, word) = (state.game.cell_name(state.selected), value_word(state));
            let values = state.geometry().alphabet().describe();
            state.say(
                Tone::Info,
                format!("Why can't which {word} go in {cell}? Press {values} (Esc cancels)"),
            );
        }
        Action::NextEmpty => board::select_empty(state, 1),
        Action::PreviousEmpty => board::select_empty(state, -1),
        Action::HighlightDigit => board::highlight(state),
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
        state.hint_link = None;
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
