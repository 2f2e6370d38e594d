//! [`update`]: the only place the state changes. Every rule of the game is asked
//! of the engine (candidates, hints, propagation, solving); this module only
//! decides what a request does to the position, the history and the screen.

use super::action::{Action, Direction};
use super::state::{CandidateMode, Game, HintProgress, Overlay, Position, State, Tone, View};
use crate::engine::hint::{self, Hint};
use crate::engine::logic::{self, Step};
use crate::engine::search;
use crate::engine::{Cell, Digit, Grid};
use crate::store;

/// Work the loop must do outside the state (the view and update stay pure).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Effect {
    None,
    /// Write this text (a candidate grid) to a file in the data directory.
    Export(String),
    /// Save the game on screen and open the puzzle `givens` (its save if it
    /// has one, else a new game named `name`): see [`switch_game`].
    Open {
        givens: Grid,
        name: String,
    },
}

/// What the player must be told when the game changes: the one message that says
/// the game is another player's and only shown.
pub const READ_ONLY_NOTICE: &str =
    "This game is open in another pencilmark: read-only view, nothing you do here is saved";

/// Puts `game` on screen in place of the current one (a new game, a resumed
/// save, or another player's game shown read-only), with its saved view settings.
pub fn switch_game(state: &mut State, game: Game, view: Option<View>, read_only: bool) {
    state.game = game;
    settle_opened_game(state, view, read_only);
}

/// The screen around a game just opened: its saved view settings (`None`: a
/// new game), no hint or marks left from before, and a word on what it is.
pub fn settle_opened_game(state: &mut State, view: Option<View>, read_only: bool) {
    let resumed = view.is_some();
    state.selected = Cell::at(0, 0);
    if let Some(view) = view {
        view.apply(state);
    }
    state.overlay = if state.game.finished {
        Overlay::Won
    } else {
        Overlay::None
    };
    state.hint = None;
    state.log.clear();
    state.marked_wrong.clear();
    state.read_only = read_only;
    if read_only {
        state.say(Tone::Error, READ_ONLY_NOTICE);
    } else if resumed {
        state.say(Tone::Info, "Welcome back: your game is resumed");
    } else {
        state.say(Tone::Info, "New game");
    }
    state.revision += 1;
}

/// Whether `action` would change the game (refused in a read-only view).
fn changes_the_game(action: &Action) -> bool {
    matches!(
        action,
        Action::Digit(_)
            | Action::Erase
            | Action::Undo
            | Action::Redo
            | Action::Hint
            | Action::Propagate
            | Action::Solve
    )
}

/// Applies `action` to `state`; returns any outside work it needs.
pub fn update(state: &mut State, action: Action) -> Effect {
    if state.read_only && changes_the_game(&action) {
        state.say(Tone::Error, READ_ONLY_NOTICE);
        return Effect::None;
    }
    match action {
        Action::Move(direction) => move_selection(state, direction),
        Action::Select { row, col } => {
            if (row as usize) < 9 && (col as usize) < 9 {
                state.selected = Cell::at(row as usize, col as usize);
            }
        }
        Action::Digit(value) => {
            if (1..=9).contains(&value) {
                let digit = Digit::new(value);
                if state.pencil {
                    pencil(state, digit);
                } else {
                    place(state, digit);
                }
            }
        }
        Action::Erase => erase(state),
        Action::TogglePencil => {
            state.pencil = !state.pencil;
            let on = if state.pencil { "on" } else { "off" };
            state.say(Tone::Info, format!("Pencil mode {on}"));
            state.revision += 1;
        }
        Action::CycleCandidates => {
            state.candidates = state.candidates.next();
            state.say(
                Tone::Info,
                format!("Candidates: {}", state.candidates.name()),
            );
            state.revision += 1;
        }
        Action::Undo => undo(state),
        Action::Redo => redo(state),
        Action::Hint => next_hint(state),
        Action::Propagate => propagate(state),
        Action::Solve => {
            if state.game.finished {
                state.say(Tone::Info, "The board is already solved");
            } else {
                state.overlay = Overlay::ConfirmSolve;
            }
        }
        Action::Confirm => {
            if state.overlay == Overlay::ConfirmSolve {
                state.overlay = Overlay::None;
                solve(state);
            }
        }
        Action::Check => check(state),
        Action::Export => return Effect::Export(store::candidate_grid(state)),
        Action::Help => {
            state.overlay = Overlay::Help;
            state.scroll = 0;
        }
        Action::Scroll(by) => scroll(state, by),
        Action::Close => {
            if state.overlay == Overlay::ConfirmSolve {
                state.say(Tone::Info, "Not solved: keep going");
            }
            state.overlay = Overlay::None;
        }
        Action::NewGame => {
            let puzzle = super::state::fresh_puzzle(Some(&state.game.givens));
            return Effect::Open {
                givens: puzzle.givens,
                name: puzzle.name,
            };
        }
        Action::Quit => state.running = false,
        Action::Learn => super::learn::open(state),
        Action::LearnStep(step) => {
            if let Some(next) = super::learn::step(state, step) {
                commit(state, next);
            }
        }
        Action::Tick(millis) => {
            super::learn::tick(state, millis);
            if !state.game.finished {
                state.game.elapsed_ms += millis;
            }
        }
        Action::Notice(text) => state.say(Tone::Info, text),
        Action::Failure(text) => state.say(Tone::Error, text),
    }
    Effect::None
}

fn move_selection(state: &mut State, direction: Direction) {
    let (row, col) = (state.selected.row(), state.selected.col());
    let (row, col) = match direction {
        Direction::Up => ((row + 8) % 9, col),
        Direction::Down => ((row + 1) % 9, col),
        Direction::Left => (row, (col + 8) % 9),
        Direction::Right => (row, (col + 1) % 9),
    };
    state.selected = Cell::at(row, col);
}

/// Scrolls the help down (`by` > 0) or up, or on the board the propagation log
/// back to earlier entries (`by` < 0); kept within what there is, roughly (the
/// view, which knows the window's height, clamps it exactly).
fn scroll(state: &mut State, by: i32) {
    let (low, high) = if state.overlay == Overlay::Help {
        (0, super::keymap::help_rows().len() as i32)
    } else {
        (-(state.log.len() as i32), 0)
    };
    state.scroll = state.scroll.saturating_add(by).clamp(low, high.max(low));
}

/// Records `next` as the new position: one undo step, the redo list and every
/// reading of the old position (hint, check marks, log) dropped.
fn commit(state: &mut State, next: Position) {
    if next == state.game.position {
        return;
    }
    if state.read_only {
        state.say(Tone::Error, READ_ONLY_NOTICE);
        return;
    }
    state.game.undo.push(state.game.position);
    state.game.redo.clear();
    state.game.position = next;
    after_change(state);
}

fn after_change(state: &mut State) {
    state.hint = None;
    state.marked_wrong.clear();
    state.log.clear();
    state.revision += 1;
    let right = state.game.is_complete_and_right();
    if right && !state.game.finished {
        win(state);
    } else if !right && state.game.finished {
        // Undone after the end: the game is on again.
        state.game.finished = false;
        if state.overlay == Overlay::Won {
            state.overlay = Overlay::None;
        }
        state.game.solved_by_computer = false;
    }
}

fn win(state: &mut State) {
    let game = &mut state.game;
    game.finished = true;
    state.overlay = Overlay::Won;
    if !game.solved_by_computer && !game.counted {
        game.counted = true;
        let level = game.grade.map(|g| g.level);
        state
            .stats
            .record(level, game.elapsed_ms / 1000, game.hints_used);
    }
    if !game.solved_by_computer {
        state.say(Tone::Info, "Solved!");
    }
}

/// The selected cell, unless it is a given (then the player is told).
fn editable_cell(state: &mut State) -> Option<Cell> {
    let cell = state.selected;
    if state.game.is_given(cell) {
        state.say(
            Tone::Error,
            format!("{cell} is a given: it cannot be changed"),
        );
        return None;
    }
    Some(cell)
}

fn place(state: &mut State, digit: Digit) {
    let Some(cell) = editable_cell(state) else {
        return;
    };
    if state.game.position.digits.get(cell) == Some(digit) {
        return;
    }
    let mut next = state.game.position;
    next.place(cell, digit);
    state.message = None;
    commit(state, next);
}

fn erase(state: &mut State) {
    let Some(cell) = editable_cell(state) else {
        return;
    };
    let mut next = state.game.position;
    next.digits.set(cell, None);
    state.message = None;
    commit(state, next);
}

fn pencil(state: &mut State, digit: Digit) {
    let Some(cell) = editable_cell(state) else {
        return;
    };
    if state.game.position.digits.get(cell).is_some() {
        state.say(Tone::Error, format!("{cell} holds a digit: erase it first"));
        return;
    }
    let mut next = state.game.position;
    let i = cell.index();
    match state.candidates {
        CandidateMode::Auto => {
            let computed = crate::engine::Board::with_auto_candidates(&next.digits);
            if !computed.candidates(cell).contains(digit) {
                state.say(
                    Tone::Error,
                    format!("{digit} is not a candidate of {cell}: a peer already holds it"),
                );
                return;
            }
            next.struck[i] = if next.struck[i].contains(digit) {
                next.struck[i].without(digit)
            } else {
                next.struck[i].with(digit)
            };
        }
        CandidateMode::Manual => {
            next.marks[i] = if next.marks[i].contains(digit) {
                next.marks[i].without(digit)
            } else {
                next.marks[i].with(digit)
            };
        }
        CandidateMode::Hidden => {
            state.say(
                Tone::Error,
                "Candidates are hidden: press c to show them before editing",
            );
            return;
        }
    }
    state.message = None;
    commit(state, next);
}

fn undo(state: &mut State) {
    let Some(previous) = state.game.undo.pop() else {
        state.say(Tone::Info, "Nothing to undo");
        return;
    };
    state.game.redo.push(state.game.position);
    state.game.position = previous;
    state.say(Tone::Info, "Undone");
    after_change(state);
}

fn redo(state: &mut State) {
    let Some(next) = state.game.redo.pop() else {
        state.say(Tone::Info, "Nothing to redo");
        return;
    };
    state.game.undo.push(state.game.position);
    state.game.position = next;
    state.say(Tone::Info, "Redone");
    after_change(state);
}

/// Applies a deduction to the position: placements, and eliminations struck out.
fn apply_step(position: &mut Position, step: &Step) {
    for &(cell, digit) in &step.placements {
        position.place(cell, digit);
    }
    for &(cell, digit) in &step.eliminations {
        position.eliminate(cell, digit);
    }
}

fn next_hint(state: &mut State) {
    if state.game.finished {
        state.say(Tone::Info, "The board is solved");
        return;
    }
    let progress = match state.hint.take() {
        Some(mut progress) => {
            progress.level += 1;
            progress
        }
        None => {
            let board = state.game.position.board();
            state.game.hints_used += 1;
            state.revision += 1;
            HintProgress {
                hint: hint::hint(&state.game.givens, &board),
                level: 1,
            }
        }
    };
    let text = match &progress.hint {
        Hint::Step(step) => match progress.level {
            1 => format!("Hint: {} (H again for more)", step.nudge()),
            2 => format!("Hint: {} (H again for the explanation)", step.summary()),
            3 => format!("{} (H again to apply it)", step.text()),
            _ => {
                let mut next = state.game.position;
                apply_step(&mut next, step);
                let text = format!("Applied: {}", step.text());
                commit(state, next);
                state.say(Tone::Hint, text);
                return;
            }
        },
        Hint::Mistake { cells } => match progress.level {
            // The engine also names open cells whose candidates lost the right
            // digit; with Auto marks those follow from a wrong digit or a strike,
            // so only the player's own doing is named.
            1 => "Something on the board disagrees with the solution (H again to see where)"
                .to_string(),
            _ => {
                let own = own_mistakes(&state.game, cells);
                let cells = if own.is_empty() { cells.clone() } else { own };
                state.marked_wrong = cells.clone();
                format!(
                    "Wrong here (a digit, or a struck-out candidate): {}",
                    cell_list(&cells)
                )
            }
        },
        Hint::Guess { cell, digit } => match progress.level {
            1 => "No technique I know applies here (H again for a cell to try)".to_string(),
            2 => format!("Try {digit} in {cell}: it is the solution's digit (H again to place it)"),
            _ => {
                let mut next = state.game.position;
                next.place(*cell, *digit);
                commit(state, next);
                state.say(Tone::Hint, format!("Placed {digit} in {cell}"));
                return;
            }
        },
        Hint::Solved => "The board is solved".to_string(),
        Hint::NoSolution => "This puzzle has no solution".to_string(),
        Hint::MultipleSolutions => {
            "This puzzle has more than one solution: no hint can be sure".to_string()
        }
    };
    state.hint = Some(progress);
    state.say(Tone::Hint, text);
}

fn propagate(state: &mut State) {
    let mut board = state.game.position.board();
    let result = logic::propagate(&mut board);
    let mut next = state.game.position;
    for step in &result.steps {
        apply_step(&mut next, step);
    }
    let log: Vec<String> = result.steps.iter().map(Step::text).collect();
    let placed: usize = result.steps.iter().map(|s| s.placements.len()).sum();
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
    state.say(Tone::Info, text);
}

fn solve(state: &mut State) {
    let wrong = state.game.wrong_digits();
    let filled = if state.game.unique && wrong.is_empty() {
        state.game.solution
    } else if state.game.unique {
        None
    } else {
        search::solve(&state.game.position.digits).solution
    };
    let Some(solution) = filled else {
        if state.game.solution.is_none() {
            state.say(Tone::Error, "This puzzle has no solution");
        } else {
            state.say(
                Tone::Error,
                format!(
                    "Your digits make the puzzle unsolvable; wrong: {}",
                    cell_list(&wrong)
                ),
            );
            state.marked_wrong = wrong;
        }
        return;
    };
    let mut next = state.game.position;
    next.digits = solution;
    state.game.solved_by_computer = true;
    commit(state, next);
    state.say(Tone::Info, "Solved by the computer");
}

fn check(state: &mut State) {
    let wrong = state.game.wrong_digits();
    let placed = Cell::all()
        .filter(|&c| !state.game.is_given(c) && state.game.position.digits.get(c).is_some())
        .count();
    if state.game.solution.is_none() {
        state.say(Tone::Error, "This puzzle has no solution to check against");
    } else if wrong.is_empty() {
        state.say(Tone::Info, format!("All {placed} of your digits are right"));
    } else {
        state.say(
            Tone::Error,
            format!("{} wrong: {}", wrong.len(), cell_list(&wrong)),
        );
    }
    state.marked_wrong = wrong;
}

/// The cells of `cells` the player made wrong: a wrong digit, or the solution's
/// digit struck out of an open cell.
fn own_mistakes(game: &Game, cells: &[Cell]) -> Vec<Cell> {
    let Some(solution) = game.solution else {
        return Vec::new();
    };
    cells
        .iter()
        .copied()
        .filter(|&c| {
            let right = solution.get(c);
            match game.position.digits.get(c) {
                Some(d) => Some(d) != right,
                None => right.is_some_and(|d| game.position.struck[c.index()].contains(d)),
            }
        })
        .collect()
}

/// `r1c2, r3c4` (the first few, then how many more).
fn cell_list(cells: &[Cell]) -> String {
    let mut names: Vec<String> = cells.iter().take(8).map(Cell::to_string).collect();
    if cells.len() > 8 {
        names.push(format!("and {} more", cells.len() - 8));
    }
    names.join(", ")
}
