//! The update for looking back at the game: `F` finds the wrong move the
//! position still suffers from (and `F` again rewinds to just before it, one
//! undoable step), `R` asks for the replay view and its keys walk it, and a
//! won game's replay summary goes into the weakness profile (both replays are
//! computed by the loop on a thread of its own: see [`ReplayJob`]).

use serde::{Deserialize, Serialize};

use super::super::replay::{ReplayJob, ReplayPurpose, ReplayView, Replayed};
use super::super::review::{GameMoves, Rewind};
use super::super::state::{Overlay, State, Tone};
use super::{Effect, commit};
use crate::app::action::Action;
use crate::app::keymap::board_key;
use crate::engine::geometry::learn as shape_learn;
use crate::engine::geometry::{Alphabet, Geometry};
use crate::engine::learn::replay::{self, FirstWrong, Move};
use crate::engine::{Cell, Digit};

/// A key of the replay view.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReplayAction {
    /// The next move (past the last: the summary).
    Next,
    /// The move before.
    Back,
    /// The start.
    First,
    /// The summary at the end.
    Last,
}

/// `F`, on any shape: where the game went off the solution, counted as an
/// assist. With a rewind on offer (`F` just found a wrong move), it rewinds
/// instead. Only the judging of the moves is the engine's two replays'.
pub(super) fn first_wrong(state: &mut State, offer: Option<Rewind>) {
    if let Some(offer) = offer {
        return rewind(state, offer);
    }
    if !state.game.unique {
        state.say(
            Tone::Info,
            "This puzzle has no single solution, so no move can be called wrong",
        );
        return;
    }
    let read = GameMoves::of(&state.game);
    let marked = state.game.position.marks.iter().any(|&m| m != 0);
    let found = if state.game.is_classic() {
        let read = read.clone().classic();
        let givens = state.game.classic_givens();
        let standing = match replay::standing_wrong(&givens, &read.moves) {
            Ok(found) => found,
            Err(error) => {
                state.say(Tone::Error, error.to_string());
                return;
            }
        };
        let mended = replay::first_wrong(&givens, &read.moves).ok().flatten();
        let named = |wrong: FirstWrong<Cell, Digit>| wrong.map(|c| c.to_string(), Digit::to_char);
        let alphabet = Geometry::classic().alphabet();
        say_first_wrong(state, alphabet, &read, standing, mended, named, marked)
            .map(|found| found.map(Cell::index))
    } else {
        let (geometry, givens) = (state.game.geometry.clone(), &state.game.givens);
        let solution = state.game.solution.clone().unwrap_or_default();
        let standing = shape_learn::standing_wrong(givens, &solution, &read.moves);
        let mended = shape_learn::first_wrong(givens, &solution, &read.moves);
        let named = |wrong: FirstWrong<usize, u8>| {
            wrong.map(|c| geometry.cell_name(c), |v| geometry.alphabet().symbol(v))
        };
        let alphabet = geometry.alphabet();
        say_first_wrong(state, alphabet, &read, standing, mended, named, marked)
    };
    let Some(found) = found else {
        return;
    };
    state.selected = found.cell;
    state.notes.wrong_move = Some(found.cell);
    if found.placed {
        state.marked_wrong = vec![found.cell];
    }
    state.rewind_offer = Some(Rewind::before(&read, found.step, found.since));
}

/// The wrong move `F` found, for the board to show and rewind.
pub(super) struct Found<C> {
    /// The history step (one-based) that went wrong.
    pub step: usize,
    /// Steps made since.
    pub since: usize,
    pub cell: C,
    /// Whether it placed a value (marked wrong on the board), not struck one.
    pub placed: bool,
}

impl<C> Found<C> {
    /// The same find with its cell named another way.
    fn map<D>(self, cell: impl FnOnce(C) -> D) -> Found<D> {
        Found {
            step: self.step,
            since: self.since,
            cell: cell(self.cell),
            placed: self.placed,
        }
    }
}

/// `F` on any shape once the engine has looked: counts the assist and says the
/// wrong move still `standing` in history steps (in the shape's names), offering
/// the rewind, or that none stands (naming one `mended` since, and that Manual
/// marks, when `marked`, are not moves). The engine counts single moves; the player
/// made history steps (one applied hint strikes several candidates), so the
/// message counts steps.
fn say_first_wrong<C: Copy, V: Copy>(
    state: &mut State,
    alphabet: Alphabet,
    read: &GameMoves<Move<C, V>>,
    standing: Option<FirstWrong<C, V>>,
    mended: Option<FirstWrong<C, V>>,
    named: impl Fn(FirstWrong<C, V>) -> FirstWrong<String, char>,
    marked: bool,
) -> Option<Found<C>> {
    state.game.assists.first_wrongs += 1;
    state.revision += 1;
    let key = |action: &Action| board_key(state, alphabet, action);
    let Some(wrong) = standing else {
        let mut text = "No wrong move: your position still leads to the solution.".to_string();
        if let Some(mended) = mended
            && let Some(fix) = mended.fixed_by
        {
            text.push_str(&format!(
                " (Move {} went wrong; move {} put it right.)",
                read.step_of[mended.index - 1],
                read.step_of[fix - 1]
            ));
        }
        if marked {
            let audit = key(&Action::Audit);
            text.push_str(&format!(
                " Manual marks are not moves: {audit} audits them."
            ));
        }
        state.say(Tone::Hint, text);
        return None;
    };
    let step = read.step_of[wrong.index - 1];
    let since = read.steps() - step;
    let by_step = FirstWrong {
        index: step,
        moves_since: since,
        ..wrong
    };
    let again = key(&Action::FirstWrong);
    state.say(
        Tone::Hint,
        format!(
            "{} Press {again} again to rewind to just before it (u undoes the rewind).",
            named(by_step).text()
        ),
    );
    Some(Found {
        step,
        since,
        cell: wrong.mv.cell(),
        placed: matches!(wrong.mv, Move::Place { .. }),
    })
}

/// Puts the board back to just before the wrong move, as one undoable step.
fn rewind(state: &mut State, offer: Rewind) {
    let cell = state.notes.wrong_move;
    commit(state, offer.to);
    if let Some(cell) = cell {
        state.selected = cell;
    }
    say_rewound(state, offer.step, offer.since);
}

/// Says a rewind to just before move `step` happened, taking back that move and
/// the `since` made after it (one undo step brings them all back); the classic
/// and the shaped board say it alike.
fn say_rewound(state: &mut State, step: usize, since: usize) {
    let moves = match since + 1 {
        1 => "it".to_string(),
        n => format!("those {n} moves"),
    };
    state.say(
        Tone::Info,
        format!("Rewound to just before move {step}: u brings {moves} back"),
    );
}

/// `R`: asks the loop to replay the game on screen, of any shape (the engine
/// proves every move, which may take seconds); [`replayed`] opens the view
/// when it is done.
pub(super) fn open_replay(state: &mut State) -> Effect {
    if !state.game.unique {
        state.say(
            Tone::Info,
            "This puzzle has no single solution: there is nothing to replay against",
        );
        return Effect::None;
    }
    if state.replay_wanted {
        state.say(Tone::Info, "Still replaying the game: a moment");
        return Effect::None;
    }
    let job = ReplayJob::of(state, ReplayPurpose::View);
    let moves = job.moves();
    if moves == 0 {
        state.say(Tone::Info, "No moves yet: nothing to replay");
        return Effect::None;
    }
    state.replay_wanted = true;
    state.say(
        Tone::Info,
        format!("Replaying {moves} moves: proving each one; the view opens when done"),
    );
    Effect::Replay(Box::new(job))
}

/// A replay the loop finished: the view opens (if the player still waits for
/// it on the same game), or the won game's summary joins the profile.
pub(super) fn replayed(state: &mut State, replayed: Replayed) {
    match replayed.job.purpose {
        ReplayPurpose::Profile => {
            if let Ok(annotations) = &replayed.result {
                state.stats.record_techniques(annotations.summary());
                state.revision += 1;
            }
        }
        ReplayPurpose::View => {
            if !std::mem::take(&mut state.replay_wanted) || !replayed.job.is_of(state) {
                return;
            }
            if state.learn.is_some() || !matches!(state.overlay, Overlay::None | Overlay::Won) {
                state.say(Tone::Info, "The replay is ready: close this screen, then R");
                return;
            }
            match ReplayView::open(state, replayed) {
                Ok(view) => {
                    if !state.game.finished {
                        // Before the end it names steps still open: help, so counted.
                        state.game.assists.replays += 1;
                        state.revision += 1;
                    }
                    state.message = None;
                    state.replay = Some(Box::new(view));
                    state.overlay = Overlay::Replay;
                }
                Err(error) => state.say(Tone::Error, error.to_string()),
            }
        }
    }
}

/// The replay of the game just won, for the weakness profile.
pub(super) fn profile_job(state: &State) -> Effect {
    Effect::Replay(Box::new(ReplayJob::of(state, ReplayPurpose::Profile)))
}

/// A key of the open replay view.
pub(super) fn step_replay(state: &mut State, action: ReplayAction) {
    let Some(view) = state.replay.as_mut() else {
        return;
    };
    let at = match action {
        ReplayAction::Next => view.at + 1,
        ReplayAction::Back => view.at.saturating_sub(1),
        ReplayAction::First => 0,
        ReplayAction::Last => view.last(),
    };
    view.show(at);
}

/// Closes the replay view: the board is the game's again.
pub(super) fn close_replay(state: &mut State) {
    state.replay = None;
    state.overlay = if state.game.finished {
        Overlay::Won
    } else {
        Overlay::None
    };
}
