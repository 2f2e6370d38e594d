//! The learning tools on a shaped game, as the classic board has them: `a`
//! audits the Manual marks (and `a` again rubs out the stale ones), `w` then a
//! value asks why it cannot go in the selected cell, `F` names the wrong move
//! the position still suffers from (and `F` again rewinds to just before it),
//! and ← → step through the links of the hint on show. The reasoning is the
//! engine's shaped counterpart ([`crate::engine::geometry::learn`]); the
//! messages and the board's marks are the classic ones.

use super::board::key_of;
use super::commit;
use crate::app::action::Action;
use crate::app::links::{LinkStep, moved, shaped_link_count};
use crate::app::review::Rewind;
use crate::app::review::{AuditMark, BoardNotes, GameMoves};
use crate::app::state::{CandidateMode, State, Tone};
use crate::engine::geometry::learn::{self, Problem};
use crate::engine::geometry::logic::ShapeHint;
use crate::engine::geometry::logic::links::said;
use crate::engine::geometry::{ValueMask, value_bit};

/// The one solution judgements are made against, or the player is told why
/// there is none.
fn solution(state: &mut State) -> Option<Vec<u8>> {
    match (&state.game.solution, state.game.unique) {
        (Some(solution), true) => Some(solution.clone()),
        (None, _) => {
            state.say(Tone::Error, "the puzzle has no solution");
            None
        }
        _ => {
            state.say(
                Tone::Info,
                "This puzzle has no single solution, so no mark or move can be called wrong",
            );
            None
        }
    }
}

/// `a` in Manual mode: the audit of the marks the player wrote (cells not marked
/// are not judged), shown on the board in the audit's styles.
pub(super) fn audit(state: &mut State) {
    if state.candidates != CandidateMode::Manual {
        let (cycle, fill) = (
            key_of(state, &Action::CycleCandidates),
            key_of(state, &Action::FillMarks),
        );
        state.say(
            Tone::Info,
            format!(
                "The audit reads your Manual marks: {cycle} switches to them, {fill} fills them"
            ),
        );
        return;
    }
    let Some(solution) = solution(state) else {
        return;
    };
    let geometry = state.game.geometry.clone();
    let position = &state.game.position;
    let findings = learn::audit(&geometry, &solution, &position.values, &position.marks);
    let mut notes = BoardNotes::default();
    for finding in &findings {
        let mark = match finding.problem {
            Problem::Missing => AuditMark::Missing,
            Problem::Stale { .. } => AuditMark::Stale,
            Problem::Removable(_) => AuditMark::Removable,
        };
        notes.mark(geometry.cells(), mark, finding.cell, finding.digit);
    }
    state.notes = notes;
    state.game.assists.audits += 1;
    state.revision += 1;
    let of = |key: &str| findings.iter().filter(|f| f.problem.key() == key).count();
    let (missing, stale, removable) = (of("missing"), of("stale"), of("removable"));
    if missing + stale + removable == 0 {
        state.say(
            Tone::Hint,
            "Your marks are sound: nothing missing, stale or removable",
        );
        return;
    }
    let (name, symbol) = (|c| geometry.cell_name(c), |v| geometry.alphabet().symbol(v));
    let first = |key: &str| {
        findings.iter().find(|f| f.problem.key() == key).map(|f| {
            let (cell, value) = (name(f.cell), symbol(f.digit));
            match &f.problem {
                Problem::Missing => format!("{cell} lacks its {value}"),
                Problem::Stale { peer } => format!("{cell} {value} is in {}", name(*peer)),
                Problem::Removable(step) => {
                    format!("{cell} {value} by {}", step.basis.name())
                }
            }
        })
    };
    let parts: Vec<String> = [
        (missing, "missing"),
        (stale, "stale"),
        (removable, "removable"),
    ]
    .into_iter()
    .filter(|&(count, _)| count > 0)
    .map(|(count, key)| format!("{count} {key} (first: {})", first(key).unwrap_or_default()))
    .collect();
    let mut text = format!(
        "Your marks: {}. On the board: {}.",
        parts.join(", "),
        super::assist::AUDIT_LEGEND
    );
    if stale > 0 {
        state.offering_stale_fix = true;
        let key = key_of(state, &Action::Audit);
        text.push_str(&format!(" Press {key} again to remove the stale ones."));
    }
    state.say(Tone::Hint, text);
}

/// `a` right after an audit that found stale marks: rubs out every Manual mark
/// whose value a peer holds, as one undoable step.
pub(super) fn remove_stale_marks(state: &mut State) {
    let geometry = state.game.geometry.clone();
    let mut next = state.game.position.clone();
    let mut removed = 0;
    for cell in (0..geometry.cells()).filter(|&c| next.values[c] == 0) {
        for &peer in geometry.peers(cell) {
            let value = next.values[peer];
            if value != 0 && next.marks[cell] & value_bit(value) != 0 {
                next.marks[cell] &= !value_bit(value);
                removed += 1;
            }
        }
    }
    commit(state, next);
    state.say(
        Tone::Info,
        format!("Removed {removed} stale marks (u undoes)"),
    );
    state.revision += 1;
}

/// The answer to `w` then `value`: the plainest reason, or, honestly, that it
/// can go there (the solution's value is never argued against). Counted as an
/// assist.
pub(super) fn why_not(state: &mut State, value: u8) {
    let Some(solution) = solution(state) else {
        return;
    };
    let geometry = &state.game.geometry;
    // The Auto candidates, as the classic board asks about them.
    let marks: Vec<ValueMask> = (0..geometry.cells())
        .map(|c| state.game.position.auto_candidates(geometry, c))
        .collect();
    let text = learn::why_not(
        geometry,
        &solution,
        &state.game.position.values,
        &marks,
        state.selected,
        value,
    );
    state.game.assists.whys += 1;
    state.revision += 1;
    state.say(Tone::Hint, text);
}

/// `F`: the history step after which the position stopped leading to the
/// solution, the one still standing; its cell is selected and shaded and `F`
/// again rewinds to just before it. Read and said as on the classic board.
pub(super) fn first_wrong(state: &mut State, offer: Option<Rewind>) {
    if let Some(offer) = offer {
        return rewind(state, offer);
    }
    let Some(solution) = solution(state) else {
        return;
    };
    let read = GameMoves::of(&state.game);
    let geometry = state.game.geometry.clone();
    let marked = state.game.position.marks.iter().any(|&m| m != 0);
    let found = super::review::say_first_wrong(
        state,
        geometry.alphabet(),
        &read,
        learn::standing_wrong(&state.game.givens, &solution, &read.moves),
        learn::first_wrong(&state.game.givens, &solution, &read.moves),
        |wrong| wrong.map(|c| geometry.cell_name(c), |v| geometry.alphabet().symbol(v)),
        marked,
    );
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

/// Puts the board back to just before the wrong move, as one undoable step.
fn rewind(state: &mut State, offer: Rewind) {
    let cell = state.notes.wrong_move;
    commit(state, offer.to);
    if let Some(cell) = cell {
        state.selected = cell;
    }
    super::review::say_rewound(state, offer.step, offer.since);
}

/// Moves to another link of the hint on show and says it: "Link 2 of 5: r3c3
/// is 4, so r3c5 is not 4 (weak link in row 3)".
pub(super) fn step_links(state: &mut State, step: LinkStep) {
    let (Some(count), Some(progress)) = (shaped_link_count(state), &state.hint) else {
        return;
    };
    let Some(ShapeHint::Step(shape_step)) = progress.hint.shaped() else {
        return;
    };
    let at = moved(state.hint_link, count, step);
    // The hint was found on this position.
    let marks = state.game.hint_marks(state.candidates);
    let text = format!(
        "Link {} of {count}: {}",
        at + 1,
        said(&marks, &shape_step.links[at])
    );
    state.hint_link = Some(at);
    state.say(Tone::Hint, text);
}
