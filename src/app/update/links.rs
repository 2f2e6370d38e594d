//! The update for stepping a hint's links ([`crate::app::links`]), on every
//! shape: each move shows one link on the board and says it in the panel, in
//! running text, read on the candidates the hint was found on.

use super::super::links::{LinkStep, link_count, moved};
use super::super::state::{State, Tone};
use super::hint::hint_board;
use crate::engine::geometry::logic::links as shape_links;
use crate::engine::hint::Hint;
use crate::engine::logic::links::said;

/// Moves to another link of the hint on show and says it:
/// "Link 2 of 5: r7c7 is 9, so r7c4 is not 9 (weak link in row 7)".
pub(super) fn step_links(state: &mut State, step: LinkStep) {
    let Some(count) = link_count(state) else {
        return;
    };
    let at = moved(state.hint_link, count, step);
    // The hint was found on this board (the player's marks in Manual mode).
    let Some(Hint::Step(step)) = state.hint.as_ref().map(|progress| &progress.hint) else {
        return;
    };
    let link = match state.game.is_classic() {
        true => said(&hint_board(state), &step.links[at]).to_string(),
        false => {
            let marks = state.game.hint_marks(state.candidates);
            shape_links::said(&marks, &step.links[at])
        }
    };
    let text = format!("Link {} of {count}: {link}", at + 1);
    state.hint_link = Some(at);
    state.say(Tone::Hint, text);
}
