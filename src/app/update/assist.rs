//! The update for the help a player can ask for: hints level by level,
//! propagation, solving and checking, each counted as an assist of the game.

use super::super::state::{CandidateMode, Game, GameHint, HintProgress, Position, State, Tone};
use super::super::stats::Assists;
use super::check::{cell_list, marks_lacking_their_value};
use super::{commit, say_unless_won};
use crate::engine::effects::Deduction;
use crate::engine::geometry::{Geometry, value_bit};
use crate::engine::hint::{self, Hint, HintLevel};
use crate::engine::logic::{self, Step};
use crate::engine::types::CELLS;
use crate::engine::{Board, Cell, Digit};

pub(super) fn next_hint(state: &mut State) {
    if state.game.finished {
        state.say(Tone::Info, "The board is solved");
        return;
    }
    // A new level starts without a link on show.
    state.hint_link = None;
    let progress = match state.hint.take().and_then(HintProgress::into_classic) {
        Some(mut progress) => {
            progress.level += 1;
            progress
        }
        None => {
            if let Some(problem) = manual_mark_problem(state) {
                // The player's marks come first: a hint found on marks that are
                // wrong would point at a pattern that is not there.
                state.game.hints_used += 1;
                state.game.assists.nudges += 1;
                state.say(Tone::Hint, format!("Hint: {problem}"));
                state.revision += 1;
                return;
            }
            let board = hint_board(state);
            state.game.hints_used += 1;
            state.revision += 1;
            HintProgress::new(hint::hint(&state.game.classic_givens(), &board))
        }
    };
    count_hint(&mut state.game.assists, &progress);
    state.revision += 1;
    let ladder = HintLevel::from_number(progress.level);
    let text = match &progress.hint {
        // One ladder and one text per level, shared with `pencilmark hint --level`.
        Hint::Step(_) | Hint::Guess { .. } if ladder < HintLevel::Apply => {
            let board = hint_board(state);
            let text = progress.hint.text_at(&board, ladder);
            match ladder {
                HintLevel::Nudge => format!("Hint: {text} (H again for more)"),
                HintLevel::Technique => format!("Hint: {text} (H again for the explanation)"),
                _ if progress.hint.step().is_some_and(|s| !s.links.is_empty()) => {
                    format!("{text} (← → step through its links; H again to apply it)")
                }
                _ => format!("{text} (H again to apply it)"),
            }
        }
        Hint::Step(step) => {
            let mut next = state.game.position.clone();
            step.apply_to(&mut next.on(Geometry::classic()));
            let text = format!("Applied: {}", step.text());
            commit(state, next);
            say_unless_won(state, Tone::Hint, text);
            return;
        }
        Hint::Guess { cell, digit } => {
            let (cell, digit) = (*cell, *digit);
            let mut next = state.game.position.clone();
            next.place_digit(cell, digit);
            commit(state, next);
            say_unless_won(state, Tone::Hint, format!("Placed {digit} in {cell}"));
            return;
        }
        Hint::Mistake { cells } => match progress.level {
            // The engine also names open cells whose candidates lost the right
            // digit; with Auto marks those follow from a wrong digit or a strike,
            // so only the player's own doing is named.
            1 => "Something on the board disagrees with the solution (H again to see where)"
                .to_string(),
            _ => {
                let own = own_mistakes(&state.game, cells);
                let cells = if own.is_empty() { cells.clone() } else { own };
                state.marked_wrong = cells.iter().map(|c| c.index()).collect();
                format!(
                    "Wrong here (a digit, or a struck-out candidate): {}",
                    cell_list(&state.game, &state.marked_wrong)
                )
            }
        },
        Hint::Solved => "The board is solved".to_string(),
        Hint::NoSolution => "This puzzle has no solution".to_string(),
        Hint::MultipleSolutions => {
            "This puzzle has more than one solution: no hint can be sure".to_string()
        }
    };
    state.hint = Some(progress.map(GameHint::Classic));
    state.say(Tone::Hint, text);
}

/// Counts the hint level just shown (before it is applied: that may finish the game).
/// The board a hint reads. In Manual mode it is the player's own marks, so the
/// pattern it shows is one they can see; a cell with no marks written yet counts
/// as holding every candidate the digits allow (nothing written is no claim).
pub(super) fn hint_board(state: &State) -> Board {
    let auto = state.game.position.board();
    if state.candidates != CandidateMode::Manual {
        return auto;
    }
    let mut board = auto;
    for cell in auto.open_cells() {
        let marks = state.game.position.marks_in(cell);
        if !marks.is_empty() {
            board.set_candidates(cell, marks);
        }
    }
    board
}

/// In Manual mode, the first thing wrong with the player's marks: a mark whose
/// digit a peer already holds, else a marked cell that lacks the solution's digit
/// (only when the puzzle has one solution).
fn manual_mark_problem(state: &State) -> Option<String> {
    if state.candidates != CandidateMode::Manual {
        return None;
    }
    let position = &state.game.position;
    if let Some((cell, digit, peer)) = stale_marks(position).next() {
        return Some(format!(
            "{cell} is marked {digit}, but {peer} already holds a {digit}"
        ));
    }
    let solution = state
        .game
        .classic_solution()
        .filter(|_| state.game.unique)?;
    let cell = Cell::new(*marks_lacking_their_value(&state.game).first()?);
    let right = solution.get(cell)?;
    Some(format!(
        "{cell} has no {right} marked, but {right} goes there"
    ))
}

/// The board propagation reads. In Manual mode it is the player's marks, less
/// the digits a placed peer holds (rubbing those out is the first thing a
/// player does); a cell not marked yet holds every candidate the digits allow.
fn propagation_board(state: &State) -> Board {
    if state.candidates != CandidateMode::Manual {
        return state.game.position.board();
    }
    let live = Board::with_auto_candidates(&state.game.position.digits());
    let mut board = live;
    for cell in live.open_cells() {
        let marks = state.game.position.marks_in(cell);
        if !marks.is_empty() {
            board.set_candidates(cell, marks.intersection(live.candidates(cell)));
        }
    }
    board
}

/// Every stale Manual mark: (cell, digit, the peer that holds the digit).
fn stale_marks(position: &Position) -> impl Iterator<Item = (Cell, Digit, Cell)> + '_ {
    marked_cells(position).flat_map(move |cell| {
        position.marks_in(cell).iter().filter_map(move |digit| {
            cell.peers()
                .iter()
                .find(|&&peer| position.digit(peer) == Some(digit))
                .map(|&peer| (cell, digit, peer))
        })
    })
}

/// Open cells holding Manual marks: the cells whose marks are the player's claim.
fn marked_cells(position: &Position) -> impl Iterator<Item = Cell> + '_ {
    Cell::all()
        .filter(|&cell| position.digit(cell).is_none() && !position.marks_in(cell).is_empty())
}

/// `a` in Manual mode: the engine's audit of the marks the player wrote (cells
/// they have not marked are not judged): solution digits missing, stale marks
/// (a peer holds the digit), marks a named technique removes. Counted as an
/// assist, since a missing mark names a solution digit.
pub(super) fn audit_marks(state: &mut State) {
    if state.candidates != CandidateMode::Manual {
        state.say(
            Tone::Info,
            "The audit reads your Manual marks: c switches to them, M fills them",
        );
        return;
    }
    let board = hint_board(state);
    let report = match crate::engine::learn::audit::audit(&state.game.classic_givens(), &board) {
        Ok(report) => report,
        Err(error) => {
            state.say(Tone::Error, error.to_string());
            return;
        }
    };
    let position = &state.game.position;
    let mine: Vec<_> = report
        .findings
        .iter()
        .filter(|f| marked_cells(position).any(|c| c == f.cell))
        .collect();
    // The board shows each kind in its own style until the next edit or Esc.
    let mut notes = super::super::review::BoardNotes::default();
    for finding in &mine {
        use super::super::review::AuditMark;
        use crate::engine::learn::audit::Problem;
        let mark = match finding.problem {
            Problem::Missing => AuditMark::Missing,
            Problem::Stale { .. } => AuditMark::Stale,
            Problem::Removable(_) => AuditMark::Removable,
        };
        notes.mark(CELLS, mark, finding.cell.index(), finding.digit.get());
    }
    state.notes = notes;
    let of = |key: &str| mine.iter().filter(|f| f.problem.key() == key).count();
    let (missing, stale, removable) = (of("missing"), of("stale"), of("removable"));
    state.game.assists.audits += 1;
    state.revision += 1;
    if missing + stale + removable == 0 {
        state.say(
            Tone::Hint,
            "Your marks are sound: nothing missing, stale or removable",
        );
        return;
    }
    let first = |key: &str| {
        mine.iter().find(|f| f.problem.key() == key).map(|f| {
            use crate::engine::learn::audit::Problem;
            match &f.problem {
                Problem::Missing => format!("{} lacks its {}", f.cell, f.digit),
                Problem::Stale { peer } => format!("{} {} is in {peer}", f.cell, f.digit),
                Problem::Removable(step) => {
                    format!("{} {} by {}", f.cell, f.digit, step.technique.name())
                }
            }
        })
    };
    let mut parts = Vec::new();
    for (count, key) in [
        (missing, "missing"),
        (stale, "stale"),
        (removable, "removable"),
    ] {
        if count > 0 {
            parts.push(format!(
                "{count} {key} (first: {})",
                first(key).unwrap_or_default()
            ));
        }
    }
    let mut text = format!(
        "Your marks: {}. On the board: {}.",
        parts.join(", "),
        AUDIT_LEGEND
    );
    if stale > 0 {
        state.offering_stale_fix = true;
        text.push_str(" Press a again to remove the stale ones.");
    }
    state.say(Tone::Hint, text);
}

/// How the board draws the audit's kinds, in every theme (mono included).
pub const AUDIT_LEGEND: &str = "missing reversed, stale struck, removable underlined";

/// `a` right after an audit that found stale marks: rubs out every Manual mark
/// whose digit a peer holds, as one undoable step.
pub(super) fn remove_stale_marks(state: &mut State) {
    let mut next = state.game.position.clone();
    let mut removed = 0;
    for (cell, digit, _) in stale_marks(&state.game.position) {
        next.marks[cell.index()] &= !value_bit(digit.get());
        removed += 1;
    }
    commit(state, next);
    state.say(
        Tone::Info,
        format!("Removed {removed} stale marks (u undoes)"),
    );
    state.revision += 1;
}

/// `w` then a digit: the plainest reason the digit cannot go in the selected
/// cell (a peer, a unit, a technique, or search), or, honestly, that it can: the
/// engine never argues against the solution's digit. Counted as an assist.
pub(super) fn why_not(state: &mut State, digit: Digit) {
    let cell = state.selected_cell();
    let board = state.game.position.board();
    match crate::engine::learn::why::why(&state.game.classic_givens(), &board, cell, digit) {
        Ok(answer) => {
            state.game.assists.whys += 1;
            state.say(Tone::Hint, answer.text());
        }
        Err(error) => state.say(Tone::Error, error.to_string()),
    }
    state.revision += 1;
}

fn count_hint(assists: &mut Assists, progress: &HintProgress<Hint>) {
    let counter = match (&progress.hint, progress.level) {
        (Hint::Step(_) | Hint::Mistake { .. } | Hint::Guess { .. }, 1) => &mut assists.nudges,
        (Hint::Step(_), 2) | (Hint::Guess { .. }, 2) | (Hint::Mistake { .. }, _) => {
            &mut assists.techniques
        }
        (Hint::Step(_) | Hint::Guess { .. }, 3) => &mut assists.explanations,
        (Hint::Step(_) | Hint::Guess { .. }, _) => &mut assists.applied_hints,
        // "Solved", "no solution": nothing is given away.
        _ => return,
    };
    *counter += 1;
}

/// `A`: fills every forced single, as one undoable step, with the log. In
/// Manual mode it works on the player's marks; marks that lack a solution
/// digit would make it place wrong digits, so it refuses and says so.
pub(super) fn propagate(state: &mut State) {
    if state.candidates == CandidateMode::Manual
        && !marks_lacking_their_value(&state.game).is_empty()
    {
        state.say(
            Tone::Error,
            "Some of your marks lack their cell's solution digit, so propagating them \
             would place wrong digits: C shows where",
        );
        return;
    }
    let mut board = propagation_board(state);
    let result = logic::propagate(&mut board);
    let mut next = state.game.position.clone();
    for step in &result.steps {
        step.apply_to(&mut next.on(Geometry::classic()));
    }
    let log: Vec<String> = result.steps.iter().map(Step::text).collect();
    let placed: usize = result.steps.iter().map(|s| s.placements.len()).sum();
    if next != state.game.position && !state.read_only {
        state.game.assists.propagations += 1;
    }
    commit(state, next);
    state.log = log;
    state.scroll = 0;
    let mut text = match placed {
        0 => "No forced single to fill".to_string(),
        1 => "Filled 1 forced single".to_string(),
        n => format!("Filled {n} forced singles"),
    };
    if let Some(why) = result.contradiction {
        text.push_str(&format!("; stopped: {why}"));
    }
    say_unless_won(state, Tone::Info, text);
}

/// The cells of `cells` the player made wrong: a wrong digit, or the solution's
/// digit struck out of an open cell.
fn own_mistakes(game: &Game, cells: &[Cell]) -> Vec<Cell> {
    let Some(solution) = game.classic_solution() else {
        return Vec::new();
    };
    cells
        .iter()
        .copied()
        .filter(|&c| {
            let right = solution.get(c);
            match game.position.digit(c) {
                Some(d) => Some(d) != right,
                None => right.is_some_and(|d| game.position.struck_in(c).contains(d)),
            }
        })
        .collect()
}
