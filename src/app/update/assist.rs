//! The learning tools on the board, on every shape, by one rule and one set of
//! messages: `a` audits the Manual marks (and `a` again rubs out the stale
//! ones), `w` then a value asks why it cannot go in the selected cell. Only the
//! reasoning is the engine's two (the classic `learn::audit` and `learn::why`
//! over the 81-cell `Board`, their shaped counterparts in
//! [`crate::engine::geometry::learn`]); each is read here into the player's
//! cell indices and values.

use super::board::key_of;
use super::commit;
use super::hint::{hint_board, stale_marks};
use crate::app::action::Action;
use crate::app::review::{AuditMark, BoardNotes};
use crate::app::state::{CandidateMode, State, Tone};
use crate::engine::Digit;
use crate::engine::geometry::learn as shape_learn;
use crate::engine::geometry::{ValueMask, value_bit};
use crate::engine::learn::{audit, why};

/// How the board draws the audit's kinds, in every theme (mono included).
pub const AUDIT_LEGEND: &str = "missing reversed, stale struck, removable underlined";

/// One judgement of the audit, in the player's terms.
struct Finding {
    cell: usize,
    value: u8,
    mark: AuditMark,
    /// How the message names it: "r1c2 lacks its 5", "r1c2 5 is in r1c7",
    /// "r1c2 5 by X-Wing".
    said: String,
}

/// `a` in Manual mode: the audit of the marks the player wrote (cells they
/// have not marked are not judged): solution values missing, stale marks (a
/// peer holds the value), marks a named technique removes, shown on the board
/// in the audit's styles. Counted as an assist, since a missing mark names a
/// solution value.
pub(super) fn audit_marks(state: &mut State) {
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
    let findings = match findings(state) {
        Ok(findings) => findings,
        Err((tone, text)) => return state.say(tone, text),
    };
    // The board shows each kind in its own style until the next edit or Esc.
    let mut notes = BoardNotes::default();
    let cells = state.game.geometry.cells();
    for finding in &findings {
        notes.mark(cells, finding.mark, finding.cell, finding.value);
    }
    state.notes = notes;
    state.game.assists.audits += 1;
    state.revision += 1;
    let kinds = [
        (AuditMark::Missing, "missing"),
        (AuditMark::Stale, "stale"),
        (AuditMark::Removable, "removable"),
    ];
    let parts: Vec<String> = kinds
        .into_iter()
        .filter_map(|(mark, key)| {
            let mut of = findings.iter().filter(|f| f.mark == mark);
            let first = of.next()?;
            let count = 1 + of.count();
            Some(format!("{count} {key} (first: {})", first.said))
        })
        .collect();
    if parts.is_empty() {
        state.say(
            Tone::Hint,
            "Your marks are sound: nothing missing, stale or removable",
        );
        return;
    }
    let mut text = format!(
        "Your marks: {}. On the board: {AUDIT_LEGEND}.",
        parts.join(", ")
    );
    if findings.iter().any(|f| f.mark == AuditMark::Stale) {
        state.offering_stale_fix = true;
        let key = key_of(state, &Action::Audit);
        text.push_str(&format!(" Press {key} again to remove the stale ones."));
    }
    state.say(Tone::Hint, text);
}

/// The engine's audit of the player's marked cells, in the player's terms, or
/// what to say when it cannot judge.
fn findings(state: &State) -> Result<Vec<Finding>, (Tone, String)> {
    let game = &state.game;
    let position = &game.position;
    if game.is_classic() {
        let report = audit::audit(&game.classic_givens(), &hint_board(state))
            .map_err(|error| (Tone::Error, error.to_string()))?;
        let marked = |cell: usize| position.values[cell] == 0 && position.marks[cell] != 0;
        let findings = report.findings.iter().filter(|f| marked(f.cell.index()));
        return Ok(findings
            .map(|f| {
                let (cell, digit) = (f.cell, f.digit);
                let (mark, said) = match &f.problem {
                    audit::Problem::Missing => {
                        (AuditMark::Missing, format!("{cell} lacks its {digit}"))
                    }
                    audit::Problem::Stale { peer } => {
                        (AuditMark::Stale, format!("{cell} {digit} is in {peer}"))
                    }
                    audit::Problem::Removable(step) => (
                        AuditMark::Removable,
                        format!("{cell} {digit} by {}", step.basis.name()),
                    ),
                };
                Finding {
                    cell: cell.index(),
                    value: digit.get(),
                    mark,
                    said,
                }
            })
            .collect());
    }
    let solution = one_solution(state)?;
    let geometry = &game.geometry;
    let findings = shape_learn::audit(geometry, &solution, &position.values, &position.marks);
    let (name, symbol) = (|c| geometry.cell_name(c), |v| geometry.alphabet().symbol(v));
    Ok(findings
        .iter()
        .map(|f| {
            let (cell, value) = (name(f.cell), symbol(f.digit));
            let (mark, said) = match &f.problem {
                shape_learn::Problem::Missing => {
                    (AuditMark::Missing, format!("{cell} lacks its {value}"))
                }
                shape_learn::Problem::Stale { peer } => (
                    AuditMark::Stale,
                    format!("{cell} {value} is in {}", name(*peer)),
                ),
                shape_learn::Problem::Removable(step) => (
                    AuditMark::Removable,
                    format!("{cell} {value} by {}", step.basis.name()),
                ),
            };
            Finding {
                cell: f.cell,
                value: f.digit,
                mark,
                said,
            }
        })
        .collect())
}

/// The puzzle's one solution, which a shape's judgements are made against, or
/// what to say when there is none.
fn one_solution(state: &State) -> Result<Vec<u8>, (Tone, String)> {
    match (&state.game.solution, state.game.unique) {
        (Some(solution), true) => Ok(solution.clone()),
        (None, _) => Err((Tone::Error, "the puzzle has no solution".to_string())),
        _ => Err((
            Tone::Info,
            "This puzzle has no single solution, so no mark or move can be called wrong"
                .to_string(),
        )),
    }
}

/// `a` right after an audit that found stale marks, on any shape: rubs out
/// every Manual mark whose value a peer holds, as one undoable step.
pub(super) fn remove_stale_marks(state: &mut State) {
    let game = &state.game;
    let mut next = game.position.clone();
    let mut removed = 0;
    for (cell, value, _) in stale_marks(&game.geometry, &game.position) {
        next.marks[cell] &= !value_bit(value);
        removed += 1;
    }
    commit(state, next);
    state.say(
        Tone::Info,
        format!("Removed {removed} stale marks (u undoes)"),
    );
    state.revision += 1;
}

/// `w` then `value`: the plainest reason the value cannot go in the selected
/// cell (a peer, a unit, a technique, or search), or, honestly, that it can:
/// the engine never argues against the solution's value. Counted as an assist.
pub(super) fn why_not(state: &mut State, value: u8) {
    match why_not_text(state, value) {
        Ok(text) => {
            state.game.assists.whys += 1;
            state.say(Tone::Hint, text);
        }
        Err((tone, text)) => state.say(tone, text),
    }
    state.revision += 1;
}

/// The engine's answer to why-not, on the Auto candidates (as the board asks).
fn why_not_text(state: &State, value: u8) -> Result<String, (Tone, String)> {
    let game = &state.game;
    if game.is_classic() {
        let (cell, board) = (state.selected_cell(), game.position.board());
        return why::why(&game.classic_givens(), &board, cell, Digit::new(value))
            .map(|answer| answer.text())
            .map_err(|error| (Tone::Error, error.to_string()));
    }
    let solution = one_solution(state)?;
    let geometry = &game.geometry;
    let marks: Vec<ValueMask> = (0..geometry.cells())
        .map(|c| game.position.auto_candidates(geometry, c))
        .collect();
    let values = &game.position.values;
    Ok(shape_learn::why_not(
        geometry,
        &solution,
        values,
        &marks,
        state.selected,
        value,
    ))
}
