//! The assists of the shaped ladder on a game of any shape but the classic 9x9:
//! the hint (nudge, technique and where, explanation, apply), propagation
//! (every forced single, by the ladder's singles), check and solve. The board's
//! own actions are [`super::board`]'s, on every shape; the learning tools on a
//! shape are [`super::shaped_learn`]'s. The update chooses these or the classic
//! ladder's ([`super::assist`]) by the game's geometry.

use super::board::key_of;
use super::{commit, say_unless_won};
use crate::app::action::Action;
use crate::app::state::{CandidateMode, GameHint, HintProgress, State, Tone};
use crate::engine::effects::Deduction;
use crate::engine::geometry::logic::{Ladder, ShapeHint, ShapeMarks};
use crate::engine::logic::Technique;

/// The next level of the hint on show, or a new hint from the shaped ladder; the
/// fourth level applies it.
pub(super) fn hint(state: &mut State) {
    if state.game.finished {
        state.say(Tone::Info, "The board is solved");
        return;
    }
    // A new level starts without a link on show.
    state.hint_link = None;
    let progress = match state.hint.take().and_then(HintProgress::into_shaped) {
        Some(mut progress) => {
            progress.level += 1;
            progress
        }
        None => {
            state.game.hints_used += 1;
            if let Some(cell) = state.game.candidate_lacking_its_value(state.candidates) {
                // The player's candidates come first: a hint found on a wrong
                // claim would point at a pattern that is not there.
                state.game.assists.nudges += 1;
                state.revision += 1;
                let (name, right) = (
                    state.game.cell_name(cell),
                    state.game.solution.as_ref().map(|s| s[cell]),
                );
                let right = state.game.symbol(right.unwrap_or(1));
                let text = match state.candidates {
                    CandidateMode::Manual => {
                        format!("{name} has no {right} marked, but {right} goes there")
                    }
                    _ => format!("{right} is struck out of {name}, but {right} goes there"),
                };
                state.say(Tone::Hint, format!("Hint: {text}"));
                return;
            }
            HintProgress::new(state.game.next_shape_hint(state.candidates))
        }
    };
    state.revision += 1;
    let assists = &mut state.game.assists;
    match progress.level {
        1 => assists.nudges += 1,
        2 => assists.techniques += 1,
        3 => assists.explanations += 1,
        _ => assists.applied_hints += 1,
    }
    let ShapeHint::Step(step) = &progress.hint else {
        let text = match progress.hint {
            ShapeHint::NoSolution => format!(
                "No solution from here: a value is wrong ({} checks against the solution)",
                key_of(state, &Action::Check)
            ),
            _ => progress.hint.text(&state.game.geometry, 3),
        };
        state.say(Tone::Hint, format!("Hint: {text}"));
        return;
    };
    if progress.level < 4 {
        let text = progress.hint.text(&state.game.geometry, progress.level);
        // `H`, or `Alt-H` on a 25x25, where `h` is a value.
        let key = key_of(state, &Action::Hint);
        let more = match progress.level {
            1 => format!("{key} again for more"),
            2 => format!("{key} again for the explanation"),
            _ if !step.links.is_empty() => {
                format!("← → step through its links; {key} again to apply it")
            }
            _ => format!("{key} again to apply it"),
        };
        state.say(Tone::Hint, format!("Hint: {text} ({more})"));
        state.hint = Some(progress.map(GameHint::Shaped));
        return;
    }
    let mut next = state.game.position.clone();
    step.apply_to(&mut next.on(&state.game.geometry));
    let text = format!("Applied: {}", step.text(&state.game.geometry));
    commit(state, next);
    say_unless_won(state, Tone::Hint, text);
}

/// Fills every forced single (full house, hidden and naked singles of the shape's
/// units) from the values, as one undoable step; the log lists each one.
pub(super) fn propagate(state: &mut State) {
    let geometry = state.game.geometry.clone();
    if state.game.position.conflicts(&geometry).contains(&true) {
        state.say(Tone::Error, "Two values clash (marked !x!): fix them first");
        return;
    }
    let mut marks = ShapeMarks::from_givens(&geometry, &state.game.position.values);
    let ladder = Ladder::new(&geometry);
    let mut log = Vec::new();
    let mut next = state.game.position.clone();
    while let Some(step) = ladder.next_step(&marks, &Technique::SINGLES) {
        if marks.contradiction().is_some() {
            break;
        }
        step.apply(&mut marks);
        step.apply_to(&mut next.on(&geometry));
        log.push(step.text(&geometry));
    }
    if log.is_empty() {
        state.say(Tone::Info, "No forced single: every open cell has a choice");
        return;
    }
    state.game.assists.propagations += 1;
    let count = log.len();
    commit(state, next);
    state.log = log;
    state.scroll = 0;
    say_unless_won(
        state,
        Tone::Info,
        format!("Filled {count} forced single(s)"),
    );
}
