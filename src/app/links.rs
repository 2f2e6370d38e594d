//! Stepping a hint's links on the board: once a hint shows its explanation and
//! its step has links (chains, wings, fish, colouring, ALS, forcing), ← and →
//! walk through them one at a time, Home and End jump to the first and the last.
//! This file holds what the stepping is (its action, and which link is on show);
//! [`crate::app::update`] moves it and [`crate::app::ui`] draws it.

use serde::{Deserialize, Serialize};

use super::state::State;
use crate::engine::geometry::logic::ShapeHint;
use crate::engine::hint::{Hint, HintLevel};
use crate::engine::logic::Link;

/// A move through the links of the hint on show.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LinkStep {
    Next,
    Previous,
    First,
    Last,
}

/// The links of the hint on show, when it is at its explanation level and its
/// step has links: then ← → Home End step through them instead of moving.
pub fn hint_links(state: &State) -> Option<&[Link]> {
    let progress = state.hint.as_ref()?;
    if HintLevel::from_number(progress.level) != HintLevel::Explanation {
        return None;
    }
    match progress.hint.classic()? {
        Hint::Step(step) if !step.links.is_empty() => Some(&step.links),
        _ => None,
    }
}

/// How many links the hint on show of a shaped game has, when it is at its
/// explanation level and has any (the shaped counterpart of [`hint_links`]).
pub fn shaped_link_count(state: &State) -> Option<usize> {
    let progress = state.hint.as_ref()?;
    match progress.hint.shaped()? {
        ShapeHint::Step(step) if progress.level == 3 && !step.links.is_empty() => {
            Some(step.links.len())
        }
        _ => None,
    }
}

/// Whether the arrows step through a hint's links now (on any shape).
pub fn stepping(state: &State) -> bool {
    match state.game.is_classic() {
        false => shaped_link_count(state).is_some(),
        true => hint_links(state).is_some(),
    }
}

/// The link on show and its place (zero-based), with the number of links.
pub fn shown_link(state: &State) -> Option<(usize, usize, Link)> {
    let links = hint_links(state)?;
    let at = state.hint_link?;
    links.get(at).map(|&link| (at, links.len(), link))
}

/// The index a move leads to among `count` links, from `at` (none shown yet:
/// → starts at the first, ← at the last). Stops at the ends.
pub fn moved(at: Option<usize>, count: usize, step: LinkStep) -> usize {
    let last = count.saturating_sub(1);
    match (step, at) {
        (LinkStep::First, _) | (LinkStep::Next, None) => 0,
        (LinkStep::Last, _) | (LinkStep::Previous, None) => last,
        (LinkStep::Next, Some(i)) => (i + 1).min(last),
        (LinkStep::Previous, Some(i)) => i.saturating_sub(1),
    }
}
