//! The update for stepping a hint's links ([`crate::app::links`]): each move
//! shows one link on the board and says it in the panel, in running text.

use super::super::links::{LinkStep, hint_links, moved};
use super::super::state::{State, Tone};
use super::assist::hint_board;
use crate::engine::logic::links::said;

/// Moves to another link of the hint on show and says it:
/// "Link 2 of 5: r7c7 is 9, so r7c4 is not 9 (weak link in row 7)".
pub(super) fn step_links(state: &mut State, step: LinkStep) {
    let Some(links) = hint_links(state) else {
        return;
    };
    let count = links.len();
    let at = moved(state.hint_link, count, step);
    let link = links[at];
    // The hint was found on this board (the player's marks in Manual mode).
    let board = hint_board(state);
    let text = format!("Link {} of {count}: {}", at + 1, said(&board, &link));
    state.hint_link = Some(at);
    state.say(Tone::Hint, text);
}
