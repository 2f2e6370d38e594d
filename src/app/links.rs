//! Stepping a hint's links on the board: once a hint shows its explanation and
//! its step has links (chains, wings, fish, colouring, ALS, forcing), ← and →
//! walk through them one at a time, Home and End jump to the first and the last.
//! This file holds what the stepping is (its action, and which link is on show);
//! [`crate::app::update`] moves it and [`crate::app::ui`] draws it.

use serde::{Deserialize, Serialize};

use super::state::State;
use crate::engine::hint::HintLevel;
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

/// How many links the hint on show has (on any shape), when it is at its
/// explanation level and has any: then ← → Home End step through them
/// instead of moving.
pub fn link_count(state: &State) -> Option<usize> {
    let progress = state.hint.as_ref()?;
    let count = progress.hint.step().map_or(0, |step| step.links.len());
    let explaining = HintLevel::from_number(progress.level) == HintLevel::Explanation;
    (explaining && count > 0).then_some(count)
}

/// Whether the arrows step through a hint's links now (on any shape).
pub fn stepping(state: &State) -> bool {
    link_count(state).is_some()
}

/// The classic hint's link on show and its place (zero-based), with the
/// number of links.
pub fn shown_link(state: &State) -> Option<(usize, usize, Link)> {
    let count = link_count(state)?;
    let at = state.hint_link?;
    let step = state.hint.as_ref()?.hint.step()?;
    let link = step.links.get(at).filter(|_| state.game.is_classic())?;
    Some((at, count, *link))
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
