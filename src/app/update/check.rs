//! Check (`C`) and solve (`S`, confirmed) on every shape, by one rule, the
//! classic board's (what HoDoKu and Good Sudoku players expect): the check names
//! the wrong cells (and, in Manual mode, the marked cells whose marks lack their
//! solution value), the solve refuses while the player's values are wrong and
//! names them. Both read only the game's values against its solution, so the
//! shape does not matter; the messages say "digit" on the classic board and
//! "value" on any other ([`value_word`]).

use super::board::value_word;
use super::commit;
use crate::app::state::{CandidateMode, Game, State, Tone};
use crate::engine::geometry::value_bit;
use crate::engine::search;

/// `C`: marks the values that disagree with the solution and, in Manual mode,
/// the marked cells whose marks lack their solution value.
pub(super) fn check(state: &mut State) {
    let game = &state.game;
    let wrong = game.wrong_cells();
    let manual = state.candidates == CandidateMode::Manual;
    let lacking = if manual {
        marks_lacking_their_value(game)
    } else {
        Vec::new()
    };
    let placed = (0..game.givens.len())
        .filter(|&c| !game.is_given(c) && game.position.values[c] != 0)
        .count();
    let word = value_word(state);
    let marks = match lacking.len() {
        0 if manual => format!(", and your marks hold every solution {word}"),
        0 => String::new(),
        1 => format!("; 1 cell's marks lack its {word}: "),
        _ => format!("; marks lacking their cell's {word}: "),
    };
    let marks = format!("{marks}{}", cell_list(game, &lacking));
    let right = format!("All {placed} of your {word}s are right{marks}");
    let said = if game.solution.is_none() {
        (
            Tone::Error,
            "This puzzle has no solution to check against".to_string(),
        )
    } else if wrong.is_empty() && lacking.is_empty() {
        (Tone::Info, right)
    } else if wrong.is_empty() {
        (Tone::Error, right)
    } else {
        let list = cell_list(game, &wrong);
        (Tone::Error, format!("{} wrong: {list}{marks}", wrong.len()))
    };
    if state.game.solution.is_some() && !state.game.finished {
        state.game.assists.checks += 1;
        state.revision += 1;
    }
    state.say(said.0, said.1);
    state.marked_wrong = wrong.into_iter().chain(lacking).collect();
}

/// Fills the board with the solution (asked for and confirmed); refused, with
/// the wrong values named and marked, while the player's values keep the
/// puzzle's one solution out. A puzzle of several solutions is finished from
/// the values on the board.
pub(super) fn solve(state: &mut State) {
    let game = &state.game;
    let wrong = game.wrong_cells();
    let filled = if game.unique && wrong.is_empty() {
        game.solution.clone()
    } else if game.unique {
        None
    } else {
        search::count_shape(&game.geometry, &game.position.values, 1).first
    };
    let Some(solution) = filled else {
        if game.solution.is_none() {
            state.say(Tone::Error, "This puzzle has no solution");
        } else {
            let text = format!(
                "Your {}s make the puzzle unsolvable; wrong: {}",
                value_word(state),
                cell_list(game, &wrong)
            );
            state.say(Tone::Error, text);
            state.marked_wrong = wrong;
        }
        return;
    };
    let mut next = state.game.position.clone();
    next.values = solution;
    state.game.solved_by_computer = true;
    state.game.assists.solves += 1;
    commit(state, next);
    state.say(Tone::Info, "Solved by the computer");
}

/// Open cells holding Manual marks that lack the solution's value (only when
/// the puzzle has one solution): the player's marks there are wrong.
pub(super) fn marks_lacking_their_value(game: &Game) -> Vec<usize> {
    let Some(solution) = game.solution.as_ref().filter(|_| game.unique) else {
        return Vec::new();
    };
    let position = &game.position;
    (0..game.givens.len())
        .filter(|&c| position.values[c] == 0 && position.marks[c] != 0)
        .filter(|&c| position.marks[c] & value_bit(solution[c]) == 0)
        .collect()
}

/// `r1c2, r3c4` (the first few, then how many more).
pub(super) fn cell_list(game: &Game, cells: &[usize]) -> String {
    let mut names: Vec<String> = cells.iter().take(8).map(|&c| game.cell_name(c)).collect();
    if cells.len() > 8 {
        names.push(format!("and {} more", cells.len() - 8));
    }
    names.join(", ")
}
