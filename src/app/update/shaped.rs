//! What the board's actions do to a shaped game ([`ShapedGame`]): moving (wrapping
//! at the side), placing values 1..=side (letters for 10..16), pencil marks in
//! both modes, erase, undo and redo, filling the marks, the hint ladder of the
//! shaped logic (nudge, technique and where, explanation, apply), check and
//! solve, and propagation (every forced single, by the ladder's singles). The
//! learning tools are [`shaped_learn`]'s; learn mode and the replay are opened
//! by the classic update, which reads the shaped game.
//! The new-game screen is the classic one: a game opened from it replaces the shape.
//! Everything else (help, the clock, pause, quitting) is the classic update's.

use super::{READ_ONLY_NOTICE, changes_the_game, is_passing, say_unless_won, shaped_learn};
use crate::app::action::{Action, Direction};
use crate::app::position::Position;
use crate::app::review::BoardNotes;
use crate::app::shaped::ShapedGame;
use crate::app::state::{CandidateMode, HintProgress, Overlay, State, Tone};
use crate::engine::effects::Deduction;
use crate::engine::geometry::logic::{Ladder, ShapeHint, ShapeMarks};
use crate::engine::geometry::value_bit;
use crate::engine::logic::Technique;

/// Handles `action` for the shaped game on screen; `false` leaves it to the
/// classic update (it concerns no board: help, clock, quitting...).
pub(super) fn act(state: &mut State, action: &Action) -> bool {
    let Some(mut game) = state.shaped.take() else {
        return false;
    };
    let handled = act_on(state, &mut game, action);
    state.shaped = Some(game);
    handled
}

fn act_on(state: &mut State, game: &mut ShapedGame, action: &Action) -> bool {
    if state.read_only && changes_the_game(action) {
        state.say(Tone::Error, READ_ONLY_NOTICE);
        return true;
    }
    // A why-not question waits for its value, an audit's stale fix and a rewind
    // for their key again; any other key (not the clock) cancels them.
    let passing = is_passing(action);
    let asking_why = !passing && std::mem::take(&mut state.asking_why);
    let offering_stale_fix = !passing && std::mem::take(&mut state.offering_stale_fix);
    let rewind = state.rewind_offer.take_if(|_| !passing);
    let side = game.geometry.side();
    match *action {
        Action::Move(direction) => {
            let (row, col) = (game.selected / side, game.selected % side);
            let (row, col) = match direction {
                Direction::Up => ((row + side - 1) % side, col),
                Direction::Down => ((row + 1) % side, col),
                Direction::Left => (row, (col + side - 1) % side),
                Direction::Right => (row, (col + 1) % side),
            };
            game.selected = row * side + col;
        }
        Action::Select { row, col } => {
            if (row as usize) < side && (col as usize) < side {
                game.selected = row as usize * side + col as usize;
            }
        }
        Action::Digit(value) if (1..=side as u8).contains(&value) => {
            if asking_why {
                shaped_learn::why_not(state, game, value);
            } else if state.pencil {
                pencil(state, game, value);
            } else {
                place(state, game, value);
            }
        }
        Action::Digit(value) => {
            let alphabet = game.geometry.alphabet();
            state.say(
                Tone::Error,
                format!(
                    "{value} is not a value of a {} board ({})",
                    game.geometry.name(),
                    alphabet.describe()
                ),
            );
        }
        Action::Erase => {
            if editable(state, game) {
                let mut next = game.position.clone();
                next.values[game.selected] = 0;
                state.message = None;
                commit(state, game, next);
            }
        }
        Action::Undo => step_history(state, game, true),
        Action::Redo => step_history(state, game, false),
        Action::FillMarks => {
            let mut next = game.position.clone();
            for cell in 0..next.values.len() {
                next.marks[cell] = game.position.auto_candidates(&game.geometry, cell);
            }
            state.candidates = CandidateMode::Manual;
            commit(state, game, next);
            state.say(
                Tone::Info,
                "Manual marks filled from the candidates (u undoes)",
            );
            state.revision += 1;
        }
        Action::Hint => hint(state, game),
        Action::Propagate => propagate(state, game),
        Action::Check => check(state, game),
        Action::Confirm if state.overlay == Overlay::ConfirmSolve => {
            state.overlay = Overlay::None;
            solve(state, game);
        }
        Action::Dismiss if asking_why => state.message = None,
        Action::Dismiss if game.hint.is_some() => {
            game.hint = None;
            state.hint_link = None;
            state.message = None;
        }
        Action::Audit if offering_stale_fix => shaped_learn::remove_stale_marks(state, game),
        Action::Audit => shaped_learn::audit(state, game),
        Action::AskWhy => shaped_learn::ask_why(state, game),
        Action::FirstWrong => shaped_learn::first_wrong(state, game, rewind),
        Action::LinkStep(step) => shaped_learn::step_links(state, game, step),
        Action::NextEmpty | Action::PreviousEmpty => {
            let cells = game.position.values.len();
            let step = if *action == Action::NextEmpty {
                1
            } else {
                cells - 1
            };
            match (1..cells)
                .map(|k| (game.selected + step * k) % cells)
                .find(|&c| game.position.values[c] == 0)
            {
                Some(cell) => game.selected = cell,
                None => state.say(Tone::Info, "No other empty cell"),
            }
        }
        Action::HighlightDigit => {
            let value = game.position.values[game.selected];
            if state.highlight.take().is_some() {
                state.say(Tone::Info, "Highlight off");
            } else if value != 0 {
                state.highlight = Some(value);
                let (symbol, key) = (game.symbol(value), key_of(state, game, action));
                state.say(
                    Tone::Info,
                    format!("Highlighting {symbol} ({key} again: off)"),
                );
            } else {
                let key = key_of(state, game, action);
                state.say(
                    Tone::Info,
                    format!("Select a cell with a value, then {key} highlights it everywhere"),
                );
            }
        }
        // Learn mode and the replay view read the shaped game where the classic
        // update opens them.
        Action::Learn | Action::Replay => return false,
        _ => return false,
    }
    true
}

/// The key that reaches `action` on this board (`Alt-c` where `c` is a value).
pub(super) fn key_of(state: &State, game: &ShapedGame, action: &Action) -> String {
    crate::app::keymap::board_key(state, game.geometry.alphabet(), action)
}

/// The selected cell, unless it is a given (then the player is told).
fn editable(state: &mut State, game: &ShapedGame) -> bool {
    if game.is_given(game.selected) {
        let name = game.cell_name(game.selected);
        state.say(
            Tone::Error,
            format!("{name} is a given: it cannot be changed"),
        );
        return false;
    }
    true
}

fn place(state: &mut State, game: &mut ShapedGame, value: u8) {
    if !editable(state, game) {
        return;
    }
    let cell = game.selected;
    let mut next = game.position.clone();
    if next.values[cell] == value {
        // Typing a cell's value again takes it out, as on a phone.
        next.values[cell] = 0;
    } else {
        next.place(&game.geometry, cell, value);
    }
    state.message = None;
    commit(state, game, next);
}

fn pencil(state: &mut State, game: &mut ShapedGame, value: u8) {
    if !editable(state, game) {
        return;
    }
    let cell = game.selected;
    let (name, symbol) = (game.cell_name(cell), game.symbol(value));
    if game.position.values[cell] != 0 {
        state.say(Tone::Error, format!("{name} holds a value: erase it first"));
        return;
    }
    let bit = value_bit(value);
    let mut next = game.position.clone();
    match state.candidates {
        CandidateMode::Auto => {
            if game.position.live_candidates(&game.geometry, cell) & bit == 0 {
                state.say(
                    Tone::Error,
                    format!("{symbol} is not a candidate of {name}: a peer already holds it"),
                );
                return;
            }
            next.struck[cell] ^= bit;
        }
        CandidateMode::Manual => next.marks[cell] ^= bit,
        CandidateMode::Hidden => {
            let key = key_of(state, game, &Action::CycleCandidates);
            state.say(
                Tone::Error,
                format!("Candidates are hidden: press {key} to show them before editing"),
            );
            return;
        }
    }
    state.message = None;
    commit(state, game, next);
}

/// Records `next` as the new position: one undo step, the redo list and every
/// reading of the old position (hint, check marks) dropped.
pub(super) fn commit(state: &mut State, game: &mut ShapedGame, next: Position) {
    if game.timeline().commit(next) {
        after_change(state, game);
    }
}

fn step_history(state: &mut State, game: &mut ShapedGame, back: bool) {
    let (stepped, said) = game.timeline().step(back);
    state.say(Tone::Info, said);
    if stepped {
        after_change(state, game);
    }
}

fn after_change(state: &mut State, game: &mut ShapedGame) {
    game.hint = None;
    state.notes = BoardNotes::default();
    state.marked_wrong.clear();
    state.log.clear();
    state.revision += 1;
    let right = game.is_complete_and_right();
    if right && !state.game.finished {
        state.game.finished = true;
        state.overlay = Overlay::Won;
        if !state.game.solved_by_computer {
            if !state.game.counted {
                // Kept per shape: a shape's levels are not the classic ladder's.
                state.game.counted = true;
                let game_state = &state.game;
                let (millis, assists) = (game_state.elapsed_ms, game_state.assists);
                state
                    .stats
                    .record_shape(&game.geometry.name(), millis, &assists);
            }
            let text = if state.game.assists.is_unaided() {
                "Solved unaided!".to_string()
            } else {
                format!("Solved with help: {}", state.game.assists.describe())
            };
            state.say(Tone::Info, text);
        }
    } else if !right && state.game.finished {
        state.game.finished = false;
        if state.overlay == Overlay::Won {
            state.overlay = Overlay::None;
        }
        state.game.solved_by_computer = false;
    }
}

/// The next level of the hint on show, or a new hint from the shaped ladder; the
/// fourth level applies it.
fn hint(state: &mut State, game: &mut ShapedGame) {
    if state.game.finished {
        state.say(Tone::Info, "The board is solved");
        return;
    }
    // A new level starts without a link on show.
    state.hint_link = None;
    let progress = match game.hint.take() {
        Some(mut progress) => {
            progress.level += 1;
            progress
        }
        None => {
            state.game.hints_used += 1;
            if let Some(cell) = game.candidate_lacking_its_value(state.candidates) {
                // The player's candidates come first: a hint found on a wrong
                // claim would point at a pattern that is not there.
                state.game.assists.nudges += 1;
                state.revision += 1;
                let (name, right) = (
                    game.cell_name(cell),
                    game.solution.as_ref().map(|s| s[cell]),
                );
                let right = game.symbol(right.unwrap_or(1));
                let text = match state.candidates {
                    CandidateMode::Manual => {
                        format!("{name} has no {right} marked, but {right} goes there")
                    }
                    _ => format!("{right} is struck out of {name}, but {right} goes there"),
                };
                state.say(Tone::Hint, format!("Hint: {text}"));
                return;
            }
            HintProgress::new(game.next_hint(state.candidates))
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
                key_of(state, game, &Action::Check)
            ),
            _ => progress.hint.text(&game.geometry, 3),
        };
        state.say(Tone::Hint, format!("Hint: {text}"));
        return;
    };
    if progress.level < 4 {
        let text = progress.hint.text(&game.geometry, progress.level);
        // `H`, or `Alt-H` on a 25x25, where `h` is a value.
        let key = key_of(state, game, &Action::Hint);
        let more = match progress.level {
            1 => format!("{key} again for more"),
            2 => format!("{key} again for the explanation"),
            _ if !step.links.is_empty() => {
                format!("← → step through its links; {key} again to apply it")
            }
            _ => format!("{key} again to apply it"),
        };
        state.say(Tone::Hint, format!("Hint: {text} ({more})"));
        game.hint = Some(progress);
        return;
    }
    let mut next = game.position.clone();
    step.apply_to(&mut next.on(&game.geometry));
    let text = format!("Applied: {}", step.text(&game.geometry));
    commit(state, game, next);
    say_unless_won(state, Tone::Hint, text);
}

/// Fills every forced single (full house, hidden and naked singles of the shape's
/// units) from the values, as one undoable step; the log lists each one.
fn propagate(state: &mut State, game: &mut ShapedGame) {
    let geometry = game.geometry.clone();
    if game.position.conflicts(&geometry).contains(&true) {
        state.say(Tone::Error, "Two values clash (marked !x!): fix them first");
        return;
    }
    let mut marks = ShapeMarks::from_givens(&geometry, &game.position.values);
    let ladder = Ladder::new(&geometry);
    let mut log = Vec::new();
    let mut next = game.position.clone();
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
    commit(state, game, next);
    state.log = log;
    state.scroll = 0;
    say_unless_won(
        state,
        Tone::Info,
        format!("Filled {count} forced single(s)"),
    );
}

/// Marks the player's values that differ from the solution.
fn check(state: &mut State, game: &mut ShapedGame) {
    if game.solution.is_none() {
        state.say(Tone::Error, "This puzzle has no solution to check against");
        return;
    }
    state.game.assists.checks += 1;
    state.revision += 1;
    state.marked_wrong = game.wrong_cells();
    let text = match state.marked_wrong.len() {
        0 => "No wrong values so far".to_string(),
        1 => "1 value is wrong (marked !x!)".to_string(),
        n => format!("{n} values are wrong (marked !x!)"),
    };
    state.say(Tone::Info, text);
}

/// Fills the board with the solution (asked for and confirmed).
fn solve(state: &mut State, game: &mut ShapedGame) {
    let Some(solution) = game.solution.clone() else {
        state.say(Tone::Error, "This puzzle has no solution");
        return;
    };
    state.game.assists.solves += 1;
    state.game.solved_by_computer = true;
    let mut next = game.position.clone();
    next.values = solution;
    commit(state, game, next);
    state.say(Tone::Info, "Solved by the computer");
}
