//! `H` on every shape: a hint revealed a level at a time (a nudge, the
//! technique and where, the explanation, then applied), by one rule, the
//! classic board's: the player's Manual marks are judged first (a stale mark,
//! a marked cell lacking its solution value), a mistake on the board is said
//! in two levels (that something disagrees, then where, marked on the board),
//! and each level shown counts as one assist. The hint is the engine's one
//! [`Hint`]; only the ladder that finds it and its wording still differ, chosen
//! by the game's shape ([`Game::is_classic`]).

use super::board::{key_of, value_word};
use super::check::{cell_list, marks_lacking_their_value};
use super::{commit, say_unless_won};
use crate::app::action::Action;
use crate::app::position::Position;
use crate::app::state::{CandidateMode, Game, HintProgress, State, Tone};
use crate::app::stats::Assists;
use crate::engine::Board;
use crate::engine::effects::Deduction;
use crate::engine::geometry::{Geometry, value_bit};
use crate::engine::hint::{self, Hint, HintLevel};
use crate::engine::logic::Basis;

/// The next level of the hint on show, or a new hint; the fourth level applies it.
pub(super) fn hint(state: &mut State) {
    if state.game.finished {
        state.say(Tone::Info, "The board is solved");
        return;
    }
    // A new level starts without a link on show.
    state.hint_link = None;
    let progress = match state.hint.take() {
        Some(mut progress) => {
            progress.level += 1;
            progress
        }
        None => {
            state.game.hints_used += 1;
            state.revision += 1;
            if let Some(problem) = manual_mark_problem(state) {
                // The player's marks come first: a hint found on marks that are
                // wrong would point at a pattern that is not there.
                state.game.assists.nudges += 1;
                state.say(Tone::Hint, format!("Hint: {problem}"));
                return;
            }
            HintProgress::new(fresh_hint(state))
        }
    };
    count_hint(&mut state.game.assists, &progress);
    state.revision += 1;
    let key = key_of(state, &Action::Hint);
    if let Some(cells) = mistake_cells(&state.game, &progress.hint) {
        let text = match progress.level {
            1 => format!(
                "Something on the board disagrees with the solution ({key} again to see where)"
            ),
            _ => {
                let list = cell_list(&state.game, &cells);
                state.marked_wrong = cells;
                let word = value_word(state);
                format!("Wrong here (a {word}, or a struck-out candidate): {list}")
            }
        };
        state.hint = Some(progress);
        state.say(Tone::Hint, text);
        return;
    }
    let game = &state.game;
    let text = match &progress.hint {
        Hint::Step(step) if progress.level < 4 => {
            let level = HintLevel::from_number(progress.level);
            let links = !step.links.is_empty();
            match game.is_classic() {
                true => {
                    let text = progress.hint.text(level);
                    let text = level_text(&key, progress.level, &text, links);
                    // The classic explanation has always been said without the prefix.
                    match progress.level {
                        1 | 2 => format!("Hint: {text}"),
                        _ => text,
                    }
                }
                false => {
                    let text = progress.hint.text_in(&game.geometry, level);
                    format!("Hint: {}", level_text(&key, progress.level, &text, links))
                }
            }
        }
        Hint::Step(step) => {
            let mut next = game.position.clone();
            let text = match game.is_classic() {
                true => {
                    step.apply_to(&mut next.on(Geometry::classic()));
                    match (step.basis, step.placements.first()) {
                        (Basis::Guess, Some((cell, digit))) => format!("Placed {digit} in {cell}"),
                        _ => format!("Applied: {}", step.text()),
                    }
                }
                false => {
                    step.apply_to(&mut next.on(&game.geometry));
                    format!("Applied: {}", step.text_in(&game.geometry))
                }
            };
            return applied(state, next, text);
        }
        Hint::NoSolution => "This puzzle has no solution".to_string(),
        Hint::MultipleSolutions => {
            "This puzzle has more than one solution: no hint can be sure".to_string()
        }
        _ => "The board is solved".to_string(),
    };
    state.hint = Some(progress);
    state.say(Tone::Hint, text);
}

/// A step's text at `level` (1 to 3) with the key that goes on.
fn level_text(key: &str, level: u8, text: &str, links: bool) -> String {
    match level {
        1 => format!("{text} ({key} again for more)"),
        2 => format!("{text} ({key} again for the explanation)"),
        _ if links => format!("{text} (← → step through its links; {key} again to apply it)"),
        _ => format!("{text} ({key} again to apply it)"),
    }
}

/// Applies a hint's step as one undoable move and says so.
fn applied(state: &mut State, next: Position, text: String) {
    commit(state, next);
    say_unless_won(state, Tone::Hint, text);
}

/// A new hint from the game's ladder: the classic one on the classic 9x9, the
/// shaped one elsewhere, each reading the candidates on show.
fn fresh_hint(state: &State) -> Hint {
    let game = &state.game;
    match game.is_classic() {
        true => hint::hint(&game.classic_givens(), &hint_board(state)),
        false => game.next_shape_hint(state.candidates),
    }
}

/// The cells a mistake hint names: the player's own doing (a wrong value, or
/// the solution's value struck out of an open cell) when there is any.
fn mistake_cells(game: &Game, hint: &Hint) -> Option<Vec<usize>> {
    // The classic engine also names open cells whose candidates lost the
    // right digit; with Auto marks those follow from a wrong digit or a
    // strike, so only the player's own doing is named.
    let Hint::Mistake { wrong } = hint else {
        return None;
    };
    let cells: Vec<usize> = wrong.iter().map(|&(c, _)| c.index()).collect();
    let own = own_mistakes(game, &cells);
    Some(if own.is_empty() { cells } else { own })
}

/// Counts the hint level just shown (before it is applied: that may finish the game).
fn count_hint(assists: &mut Assists, progress: &HintProgress) {
    let step = matches!(progress.hint, Hint::Step(_));
    let mistake = matches!(progress.hint, Hint::Mistake { .. });
    let counter = match progress.level {
        1 if step || mistake => &mut assists.nudges,
        _ if mistake => &mut assists.techniques,
        2 if step => &mut assists.techniques,
        3 if step => &mut assists.explanations,
        _ if step => &mut assists.applied_hints,
        // "Solved", "no solution": nothing is given away.
        _ => return,
    };
    *counter += 1;
}

/// The classic board a hint reads. In Manual mode it is the player's own marks,
/// so the pattern it shows is one they can see; a cell with no marks written
/// yet counts as holding every candidate the digits allow (nothing written is
/// no claim).
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
/// value a peer already holds, else a marked cell that lacks the solution's
/// value (only when the puzzle has one solution).
fn manual_mark_problem(state: &State) -> Option<String> {
    if state.candidates != CandidateMode::Manual {
        return None;
    }
    let game = &state.game;
    if let Some((cell, value, peer)) = stale_marks(&game.geometry, &game.position).next() {
        let (cell, peer, value) = (
            game.cell_name(cell),
            game.cell_name(peer),
            game.symbol(value),
        );
        return Some(format!(
            "{cell} is marked {value}, but {peer} already holds a {value}"
        ));
    }
    let cell = *marks_lacking_their_value(game).first()?;
    let right = game.symbol(game.solution.as_ref()?[cell]);
    let cell = game.cell_name(cell);
    Some(format!(
        "{cell} has no {right} marked, but {right} goes there"
    ))
}

/// Every stale Manual mark, on any shape: (cell, value, the first peer that
/// holds the value).
pub(super) fn stale_marks<'a>(
    geometry: &'a Geometry,
    position: &'a Position,
) -> impl Iterator<Item = (usize, u8, usize)> + 'a {
    let side = geometry.side() as u8;
    (0..geometry.cells())
        .filter(|&c| position.values[c] == 0 && position.marks[c] != 0)
        .flat_map(move |cell| {
            (1..=side)
                .filter(move |&v| position.marks[cell] >> (v - 1) & 1 == 1)
                .filter_map(move |value| {
                    geometry
                        .peers(cell)
                        .iter()
                        .find(|&&peer| position.values[peer] == value)
                        .map(|&peer| (cell, value, peer))
                })
        })
}

/// The cells of `cells` the player made wrong: a wrong value, or the
/// solution's value struck out of an open cell.
fn own_mistakes(game: &Game, cells: &[usize]) -> Vec<usize> {
    let Some(solution) = &game.solution else {
        return Vec::new();
    };
    let position = &game.position;
    cells
        .iter()
        .copied()
        .filter(|&c| match position.values[c] {
            0 => position.struck[c] & value_bit(solution[c]) != 0,
            value => value != solution[c],
        })
        .collect()
}
