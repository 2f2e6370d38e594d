//! Learn mode inside the player's update, on every shape: opening it on the
//! game, handing it its actions, taking its result back, and letting the clock
//! drive it. The session itself ([`LearnState`]) never sees the player's state.

use std::time::Duration;

use super::commit;
use crate::app::learn::{LearnAction, LearnExit, LearnState};
use crate::app::position::Position;
use crate::app::state::{State, Tone};
use crate::engine::trace::Settings;

/// Opens learn mode on the player's current values (the engine's default
/// settings), on the shaped game when one is on screen.
pub fn open(state: &mut State) {
    let game = &state.game;
    let learn = match game.is_classic() {
        false => {
            let values = &game.position.values;
            LearnState::on_shape(game.geometry.clone(), values, Settings::default().order)
        }
        true => LearnState::new(&game.position.digits(), Settings::default()),
    };
    state.learn = Some(Box::new(learn));
    state.hint = None;
}

/// Hands a learn action to the open session and acts on how it ends: leaving
/// closes it; keeping (`k`, only once the run ended solved) closes it and
/// commits one undoable move where the player's own digits stay and the learn
/// board's digits fill the empty cells, counted as an assist.
pub fn step(state: &mut State, action: LearnAction) {
    let Some(learn) = state.learn.as_mut() else {
        return;
    };
    match learn.update(action) {
        LearnExit::Stay => {
            if action == LearnAction::Keep {
                state.say(
                    Tone::Info,
                    "k keeps the solution once the run has ended solved (End jumps there)",
                );
            }
        }
        LearnExit::Leave => state.learn = None,
        LearnExit::Say(text) => state.say(Tone::Info, text),
        LearnExit::Keep(values) => {
            state.learn = None;
            keep(state, &values);
        }
    }
}

/// Commits one undoable move where the player's own values stay and `values`
/// fill the empty cells, counted as an assist; a board the engine filled is
/// not the player's win (as with `S`), counted before the move, which may
/// finish the game.
fn keep(state: &mut State, values: &[u8]) {
    let kept = fills(values, &state.game.position);
    if kept.is_empty() {
        return;
    }
    if values.iter().all(|&v| v != 0) {
        state.game.solved_by_computer = true;
    }
    state.game.assists.learn_keeps += 1;
    state.say(
        Tone::Info,
        format!("Kept {} digits from learn mode (u undoes)", kept.len()),
    );
    let mut next = state.game.position.clone();
    for cell in kept {
        next.place(state.geometry(), cell, values[cell]);
    }
    commit(state, next);
}

/// The cells `values` fill that are open in `position`.
fn fills(values: &[u8], position: &Position) -> Vec<usize> {
    (0..values.len())
        .filter(|&c| values[c] != 0 && position.value(c) == 0)
        .collect()
}

/// Lets the clock drive an auto-running session.
pub fn tick(state: &mut State, millis: u64) {
    if let Some(learn) = state.learn.as_mut() {
        learn.tick(Duration::from_millis(millis));
    }
}
