//! What the board's own actions do to the game, on every shape (the classic
//! 9x9 included), in cell indices and values: moving and selecting, placing,
//! erasing, pencil marks in both modes, filling the marks, undo and redo, and
//! what follows every change (the readings of the old position dropped, the
//! win). The assists that read a hint ladder are [`super::hint`]'s,
//! [`super::propagate`]'s and [`super::assist`]'s, on every shape.
//!
//! The messages name a classic board's values "digits" and any other shape's
//! "values", as the two boards always have.

use super::READ_ONLY_NOTICE;
use crate::app::action::{Action, Direction};
use crate::app::review::BoardNotes;
use crate::app::state::{CandidateMode, GradeInfo, Overlay, Position, State, Tone};
use crate::engine::geometry::value_bit;

/// "digit" on the classic board, "value" on any other shape.
pub(super) fn value_word(state: &State) -> &'static str {
    if state.game.is_classic() {
        "digit"
    } else {
        "value"
    }
}

/// The key that reaches `action` on this board (`Alt-c` where `c` is a value).
pub(super) fn key_of(state: &State, action: &Action) -> String {
    crate::app::keymap::board_key(state, state.geometry().alphabet(), action)
}

pub(super) fn move_selection(state: &mut State, direction: Direction) {
    let side = state.geometry().side();
    let (row, col) = (state.selected / side, state.selected % side);
    let (row, col) = match direction {
        Direction::Up => ((row + side - 1) % side, col),
        Direction::Down => ((row + 1) % side, col),
        Direction::Left => (row, (col + side - 1) % side),
        Direction::Right => (row, (col + 1) % side),
    };
    state.selected = row * side + col;
}

pub(super) fn select(state: &mut State, row: u8, col: u8) {
    let side = state.geometry().side();
    if (row as usize) < side && (col as usize) < side {
        state.selected = row as usize * side + col as usize;
    }
}

/// Moves the selection to the next (`step` 1) or previous (-1) empty cell in
/// reading order, wrapping around.
pub(super) fn select_empty(state: &mut State, step: isize) {
    let cells = state.game.position.values.len() as isize;
    let start = state.selected as isize;
    let found = (1..cells)
        .map(|k| (start + step * k).rem_euclid(cells) as usize)
        .find(|&c| state.game.position.values[c] == 0);
    match found {
        Some(cell) => state.selected = cell,
        None => state.say(Tone::Info, "No other empty cell"),
    }
}

/// Starts highlighting the selected cell's value across the board, or stops.
pub(super) fn highlight(state: &mut State) {
    if state.highlight.take().is_some() {
        state.say(Tone::Info, "Highlight off");
        return;
    }
    let value = state.game.position.values[state.selected];
    let key = key_of(state, &Action::HighlightDigit);
    let text = if value != 0 {
        state.highlight = Some(value);
        format!(
            "Highlighting {} ({key} again: off)",
            state.game.symbol(value)
        )
    } else if state.game.is_classic() {
        format!("Select a cell with a digit, then {key} highlights that digit everywhere")
    } else {
        format!("Select a cell with a value, then {key} highlights it everywhere")
    };
    state.say(Tone::Info, text);
}

/// The selected cell, unless it is a given (then the player is told).
fn editable_cell(state: &mut State) -> Option<usize> {
    let cell = state.selected;
    if state.game.is_given(cell) {
        let name = state.game.cell_name(cell);
        state.say(
            Tone::Error,
            format!("{name} is a given: it cannot be changed"),
        );
        return None;
    }
    Some(cell)
}

pub(super) fn place(state: &mut State, value: u8) {
    let Some(cell) = editable_cell(state) else {
        return;
    };
    let mut next = state.game.position.clone();
    if next.values[cell] == value {
        // Typing a cell's value again takes it out, as on a phone.
        next.values[cell] = 0;
    } else {
        next.place(&state.game.geometry, cell, value);
    }
    state.message = None;
    commit(state, next);
}

pub(super) fn erase(state: &mut State) {
    let Some(cell) = editable_cell(state) else {
        return;
    };
    let mut next = state.game.position.clone();
    next.values[cell] = 0;
    state.message = None;
    commit(state, next);
}

pub(super) fn pencil(state: &mut State, value: u8) {
    let Some(cell) = editable_cell(state) else {
        return;
    };
    let game = &state.game;
    let (name, symbol) = (game.cell_name(cell), game.symbol(value));
    if game.position.values[cell] != 0 {
        let word = value_word(state);
        state.say(
            Tone::Error,
            format!("{name} holds a {word}: erase it first"),
        );
        return;
    }
    let bit = value_bit(value);
    let mut next = game.position.clone();
    match state.candidates {
        CandidateMode::Auto => {
            if game.position.live_candidates(&game.geometry, cell) & bit == 0 {
                state.say(
                    Tone::Error,
                    format!("{symbol} is not a candidate of {name}: a peer already holds it"),
                );
                return;
            }
            next.struck[cell] ^= bit;
        }
        CandidateMode::Manual => next.marks[cell] ^= bit,
        CandidateMode::Hidden => {
            let key = key_of(state, &Action::CycleCandidates);
            state.say(
                Tone::Error,
                format!("Candidates are hidden: press {key} to show them before editing"),
            );
            return;
        }
    }
    state.message = None;
    commit(state, next);
}

/// Writes every open cell's candidates (the Auto marks, strikes included) into
/// its Manual marks, as one undoable step, and shows the Manual marks: a player
/// who starts marking by hand starts from the full set, as on paper after a scan.
/// Not an assist: it shows nothing the Auto marks did not already show.
pub(super) fn fill_marks(state: &mut State) {
    let (geometry, position) = (&state.game.geometry, &state.game.position);
    let mut next = position.clone();
    for cell in (0..next.values.len()).filter(|&c| position.values[c] == 0) {
        next.marks[cell] = position.auto_candidates(geometry, cell);
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
pub(in crate::app) fn commit(state: &mut State, next: Position) {
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

/// Undo (`back`) or redo.
pub(super) fn step_history(state: &mut State, back: bool) {
    let (stepped, said) = state.game.timeline().step(back);
    state.say(Tone::Info, said);
    if stepped {
        after_change(state);
    }
}

fn after_change(state: &mut State) {
    state.hint = None;
    state.notes = BoardNotes::default();
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

/// The board is complete and right: the win screen, and (once, and only for
/// the player's own win) the statistics: a classic game's by its level, with
/// its replay for the weakness profile, another shape's by the shape (a shape's
/// levels are not the classic ladder's).
fn win(state: &mut State) {
    let game = &mut state.game;
    game.finished = true;
    state.overlay = Overlay::Won;
    if !game.solved_by_computer && !game.counted {
        game.counted = true;
        if game.is_classic() && game.unique && game.grade.is_none() {
            // Won before the grading thread answered: grade here, once.
            game.grade = Some(GradeInfo::of(&game.classic_givens()));
        }
        let key = game.stats_key();
        state.stats.record_in(&key, game.elapsed_ms, &game.assists);
        // The weakness profile is the classic ladder's.
        state.profile_due = state.game.is_classic();
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
