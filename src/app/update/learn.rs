//! Learn mode inside the player's update: opening it on the game, handing it
//! its actions, taking its result back, and letting the clock drive it. The
//! session itself ([`LearnState`]) never sees the player's state.

use std::time::Duration;

use super::commit;
use crate::app::learn::{LearnAction, LearnExit, LearnState};
use crate::app::state::{State, Tone};
use crate::engine::Cell;
use crate::engine::trace::Settings;

/// Opens learn mode on the player's current digits (the engine's default settings).
pub fn open(state: &mut State) {
    let learn = LearnState::new(&state.game.position.digits, Settings::default());
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
        LearnExit::Keep(digits) => {
            state.learn = None;
            let mut next = state.game.position;
            let mut kept = 0;
            for cell in Cell::all() {
                if let Some(digit) = digits.get(cell)
                    && next.digits.get(cell).is_none()
                {
                    next.place(cell, digit);
                    kept += 1;
                }
            }
            if next == state.game.position {
                return;
            }
            // A board the engine filled is not the player's win (as with `S`);
            // counted before the move, which may finish the game.
            if next.digits.is_complete() {
                state.game.solved_by_computer = true;
            }
            state.game.assists.learn_keeps += 1;
            state.say(
                Tone::Info,
                format!("Kept {kept} digits from learn mode (u undoes)"),
            );
            commit(state, next);
        }
    }
}

/// Lets the clock drive an auto-running session.
pub fn tick(state: &mut State, millis: u64) {
    if let Some(learn) = state.learn.as_mut() {
        learn.tick(Duration::from_millis(millis));
    }
}
