//! The player without a terminal: key presses drive `State` through `keymap` and
//! `update`. What the view draws is tested in `tests/render.rs`.

use pencilmark::app::action::{Action, Direction};
use pencilmark::app::keymap::{BINDINGS, Key, help_rows, help_rows_on, keymap};
use pencilmark::app::state::{CandidateMode, Game, Overlay, State};
use pencilmark::app::update::{Effect, update};
use pencilmark::engine::{Cell, Digit, parse};

mod common;

use common::player::{cell, event, givens, new_state, press, select, solution};

/// A position whose next step is an XY-Wing, its hint asked up to the
/// explanation: the arrows step through the wing's links.
fn stepping_links_state() -> State {
    const XY_WING: &str =
        "384729561265341789971.8.43219..632...5387219..2.19.3...42.3..15.1..5.62353.21..47";
    let mut state = State::new(Game::new(parse::parse_line(XY_WING, 1).unwrap(), "links"));
    for _ in 0..3 {
        update(&mut state, Action::Hint);
    }
    state
}

fn digit(value: u8) -> Digit {
    Digit::new(value)
}

fn digit_at(state: &State, name: &str) -> Option<u8> {
    state.game.position.digit(cell(name)).map(|d| d.get())
}

fn message(state: &State) -> String {
    state
        .message
        .as_ref()
        .map(|m| m.text.clone())
        .unwrap_or_default()
}

#[test]
fn digit_key_places_in_open_cell() {
    let mut state = new_state();
    select(&mut state, "r1c1");
    press(&mut state, "4");
    assert_eq!(digit_at(&state, "r1c1"), Some(4));
    assert_eq!(state.game.undo.len(), 1);
}

#[test]
fn arrows_and_hjkl_move_and_wrap() {
    let mut state = new_state();
    press(&mut state, "ll");
    assert_eq!(state.selected, cell("r1c3").index());
    press(&mut state, "j");
    assert_eq!(state.selected, cell("r2c3").index());
    press(&mut state, "kk");
    assert_eq!(state.selected, cell("r9c3").index());
    update(&mut state, Action::Move(Direction::Right));
    assert_eq!(state.selected, cell("r9c4").index());
}

#[test]
fn erase_keys_remove_the_players_digit() {
    for erase in ["0", "x"] {
        let mut state = new_state();
        select(&mut state, "r1c1");
        press(&mut state, "4");
        press(&mut state, erase);
        assert_eq!(digit_at(&state, "r1c1"), None, "erase with {erase}");
    }
    let mut state = new_state();
    select(&mut state, "r1c1");
    press(&mut state, "4");
    let backspace = keymap(event(Key::Backspace), &state).unwrap();
    update(&mut state, backspace);
    assert_eq!(digit_at(&state, "r1c1"), None);
}

#[test]
fn givens_are_protected() {
    let mut state = new_state();
    select(&mut state, "r1c3");
    press(&mut state, "5");
    assert_eq!(digit_at(&state, "r1c3"), Some(3));
    press(&mut state, "x");
    assert_eq!(digit_at(&state, "r1c3"), Some(3));
    press(&mut state, "p7");
    assert_eq!(digit_at(&state, "r1c3"), Some(3));
    assert!(
        message(&state).contains("r1c3 is a given"),
        "{}",
        message(&state)
    );
    assert!(state.game.undo.is_empty());
}

#[test]
fn pencil_mode_strikes_and_restores_an_auto_candidate() {
    let mut state = new_state();
    select(&mut state, "r1c1");
    let before = state.game.position.board().candidates(cell("r1c1"));
    assert!(before.contains(digit(4)) && before.contains(digit(5)));
    press(&mut state, "p5");
    assert_eq!(digit_at(&state, "r1c1"), None, "pencil mode places nothing");
    let struck = state.game.position.board().candidates(cell("r1c1"));
    assert_eq!(struck, before.without(digit(5)));
    press(&mut state, "5");
    assert_eq!(state.game.position.board().candidates(cell("r1c1")), before);
    // A digit a peer holds is not a candidate to strike.
    press(&mut state, "3");
    assert!(message(&state).contains("not a candidate"));
}

#[test]
fn manual_marks_toggle_and_placing_rubs_them_from_peers() {
    let mut state = new_state();
    press(&mut state, "c");
    assert_eq!(state.candidates, CandidateMode::Manual);
    select(&mut state, "r1c2");
    press(&mut state, "p45");
    select(&mut state, "r1c1");
    press(&mut state, "p4");
    let marks = state.game.position.marks_in(cell("r1c2"));
    assert!(!marks.contains(digit(4)), "4 is rubbed out of the peer");
    assert!(marks.contains(digit(5)));
    press(&mut state, "cc");
    assert_eq!(state.candidates, CandidateMode::Auto);
}

#[test]
fn undo_and_redo_cover_digits_and_pencil_marks() {
    let mut state = new_state();
    select(&mut state, "r1c1");
    press(&mut state, "p5p");
    select(&mut state, "r1c2");
    press(&mut state, "8");
    let after = state.game.position.clone();
    press(&mut state, "u");
    assert_eq!(digit_at(&state, "r1c2"), None);
    assert!(
        state
            .game
            .position
            .struck_in(cell("r1c1"))
            .contains(digit(5))
    );
    press(&mut state, "u");
    assert!(state.game.position.struck_in(cell("r1c1")).is_empty());
    press(&mut state, "u");
    assert!(message(&state).contains("Nothing to undo"));
    press(&mut state, "^r^r");
    assert_eq!(state.game.position, after);
    // A new move clears what could be redone.
    press(&mut state, "u");
    select(&mut state, "r1c4");
    press(&mut state, "9");
    assert!(state.game.redo.is_empty());
}

#[test]
fn hint_levels_nudge_then_technique_then_explanation_then_apply() {
    let mut state = new_state();
    press(&mut state, "H");
    let nudge = message(&state);
    assert!(nudge.starts_with("Hint: Look at"), "{nudge}");
    assert_eq!(state.game.hints_used, 1);
    press(&mut state, "H");
    let summary = message(&state);
    assert_ne!(summary, nudge);
    let step = match &state.hint.as_ref().unwrap().hint {
        pencilmark::engine::hint::Hint::Step(step) => step.clone(),
        other => panic!("expected a step, got {other:?}"),
    };
    assert!(summary.contains(step.basis.name()), "{summary}");
    press(&mut state, "H");
    assert!(message(&state).contains(&step.text()));
    let filled = state.game.position.digits().filled();
    press(&mut state, "H");
    assert_eq!(state.game.position.digits().filled(), filled + 1);
    let (target, placed) = step.placements[0];
    assert_eq!(state.game.position.digit(target), Some(placed));
    assert!(message(&state).starts_with("Applied"));
    assert_eq!(state.game.hints_used, 1, "one hint, four levels");
    press(&mut state, "u");
    assert_eq!(
        state.game.position.digit(target),
        None,
        "applying is one undo step"
    );
}

#[test]
fn hint_names_a_wrong_digit() {
    let mut state = new_state();
    select(&mut state, "r1c1");
    let wrong = if solution().get(cell("r1c1")) == Some(digit(5)) {
        "7"
    } else {
        "5"
    };
    press(&mut state, wrong);
    press(&mut state, "H");
    assert!(message(&state).contains("disagrees"));
    press(&mut state, "H");
    assert!(message(&state).contains("r1c1"), "{}", message(&state));
    assert_eq!(state.marked_wrong, vec![cell("r1c1").index()]);
}

#[test]
fn propagate_fills_singles_as_one_undoable_step_with_a_log() {
    let mut state = new_state();
    let filled = state.game.position.digits().filled();
    press(&mut state, "A");
    let after = state.game.position.digits().filled();
    assert!(after > filled);
    assert_eq!(state.log.len(), after - filled, "one log line per single");
    assert!(message(&state).contains("forced single"));
    assert_eq!(state.game.undo.len(), 1);
    for c in Cell::all() {
        if let Some(d) = state.game.position.digit(c) {
            assert_eq!(solution().get(c), Some(d), "{c}");
        }
    }
    press(&mut state, "u");
    assert_eq!(state.game.position.digits().filled(), filled);
    assert_eq!(state.overlay, Overlay::None, "undo leaves the win screen");
    assert!(!state.game.finished);
}

#[test]
fn solve_asks_first_and_fills_the_board() {
    let mut state = new_state();
    press(&mut state, "S");
    assert_eq!(state.overlay, Overlay::ConfirmSolve);
    press(&mut state, "n");
    assert_eq!(state.overlay, Overlay::None);
    assert_eq!(
        state.game.position.digits(),
        givens(),
        "cancel leaves the board"
    );
    press(&mut state, "Sy");
    assert_eq!(state.game.position.digits(), solution());
    assert!(state.game.finished && state.game.solved_by_computer);
    assert_eq!(state.overlay, Overlay::Won);
    assert!(
        state.stats.levels.is_empty(),
        "a computer solve is not a win"
    );
    assert_eq!(state.game.undo.len(), 1);
}

#[test]
fn solve_names_wrong_cells_instead_of_solving() {
    let mut state = new_state();
    select(&mut state, "r1c1");
    let wrong = if solution().get(cell("r1c1")) == Some(digit(5)) {
        "7"
    } else {
        "5"
    };
    press(&mut state, wrong);
    press(&mut state, "Sy");
    assert_eq!(state.game.position.digits().filled(), givens().filled() + 1);
    assert!(
        message(&state).contains("unsolvable"),
        "{}",
        message(&state)
    );
    assert!(message(&state).contains("r1c1"));
    assert_eq!(state.marked_wrong, vec![cell("r1c1").index()]);
}

#[test]
fn check_marks_wrong_digits_only() {
    let mut state = new_state();
    let right = solution().get(cell("r1c2")).unwrap().to_char();
    select(&mut state, "r1c2");
    press(&mut state, &right.to_string());
    press(&mut state, "C");
    assert!(state.marked_wrong.is_empty());
    assert!(message(&state).contains("right"));
    select(&mut state, "r1c1");
    let wrong = if solution().get(cell("r1c1")) == Some(digit(5)) {
        "7"
    } else {
        "5"
    };
    press(&mut state, wrong);
    press(&mut state, "C");
    assert_eq!(state.marked_wrong, vec![cell("r1c1").index()]);
}

#[test]
fn finishing_by_hand_wins_and_counts_in_the_statistics() {
    let mut state = new_state();
    let answer = solution();
    for c in Cell::all().filter(|&c| givens().get(c).is_none()) {
        select(&mut state, &c.to_string());
        press(&mut state, &answer.get(c).unwrap().to_char().to_string());
    }
    assert!(state.game.finished);
    assert_eq!(state.overlay, Overlay::Won);
    let easy = state
        .stats
        .level(state.game.grade.map(|g| g.level))
        .unwrap();
    assert_eq!(easy.finished, 1);
    // Undo and redo do not count the same win twice.
    // `n` asks the loop for the saved games and opens the new-game screen.
    let n = keymap(event(Key::Char('n')), &state).unwrap();
    assert_eq!(
        update(&mut state, n),
        pencilmark::app::update::Effect::ListGames
    );
}

#[test]
fn export_is_a_candidate_grid_that_reads_back() {
    let mut state = new_state();
    select(&mut state, "r1c1");
    press(&mut state, "p5p");
    select(&mut state, "r1c2");
    press(&mut state, "8");
    let Effect::Export(text) = update(&mut state, Action::Export) else {
        panic!("export asks the loop to write a file");
    };
    let marked = parse::read_candidates(&text).unwrap();
    let board = state.game.position.board();
    for c in Cell::all() {
        match board.digit(c) {
            Some(d) => assert_eq!(marked.digits.get(c), Some(d), "{c}"),
            // A lone candidate reads back as a placed digit: the format cannot tell them apart.
            None => assert_eq!(marked.candidates[c.index()], board.candidates(c), "{c}"),
        }
    }
    assert!(!marked.candidates[cell("r1c1").index()].contains(digit(5)));
    assert_eq!(text, state.candidate_grid());
}

#[test]
fn every_binding_dispatches_and_is_in_the_help() {
    let rows = help_rows();
    for binding in BINDINGS {
        let mut state = new_state();
        state.overlay = match binding.context {
            pencilmark::app::keymap::Context::Board => Overlay::None,
            pencilmark::app::keymap::Context::Anywhere => Overlay::None,
            pencilmark::app::keymap::Context::Paused => Overlay::Paused,
            pencilmark::app::keymap::Context::NewGame => {
                pencilmark::app::update::menu::open(&mut state, Vec::new());
                Overlay::NewGame
            }
            pencilmark::app::keymap::Context::Help => Overlay::Help,
            pencilmark::app::keymap::Context::ConfirmSolve => Overlay::ConfirmSolve,
            pencilmark::app::keymap::Context::Won => Overlay::Won,
            pencilmark::app::keymap::Context::Links => {
                state = stepping_links_state();
                Overlay::None
            }
            pencilmark::app::keymap::Context::Learn => {
                update(&mut state, Action::Learn);
                Overlay::None
            }
            pencilmark::app::keymap::Context::Replay => Overlay::Replay,
        };
        for &key in binding.keys.iter() {
            assert_eq!(
                keymap(event(key), &state),
                Some(binding.action.clone()),
                "{key:?}"
            );
        }
        assert!(
            rows.iter()
                .any(|r| r.help == binding.help && r.context == binding.context),
            "{} is missing from the help",
            binding.help
        );
    }
    assert!(rows.iter().any(|r| r.keys == "1-9"));
}

#[test]
fn the_help_names_the_values_of_the_board_being_played() {
    use pencilmark::engine::geometry::Alphabet;
    let placing = |side: usize| {
        let rows = help_rows_on(BINDINGS, Alphabet::new(side));
        let row = rows
            .iter()
            .find(|r| r.help.starts_with("place the"))
            .unwrap();
        row.keys.clone()
    };
    assert_eq!(placing(9), "1-9");
    assert_eq!(placing(4), "1-4");
    assert_eq!(placing(6), "1-6");
    assert_eq!(placing(16), "1-9 A-G");
    assert_eq!(placing(25), "1-9 A-P");
    // Only the row that places values changes.
    let (classic, sixteen) = (help_rows(), help_rows_on(BINDINGS, Alphabet::new(16)));
    let differ = classic.iter().zip(&sixteen).filter(|(a, b)| a != b).count();
    assert_eq!((classic.len(), differ), (sixteen.len(), 1));
}

#[test]
fn actions_are_named_in_snake_case() {
    let json = serde_json::to_string(&Action::TogglePencil).unwrap();
    assert_eq!(json, "\"toggle_pencil\"");
    let back: Action = serde_json::from_str("{\"digit\":7}").unwrap();
    assert_eq!(back, Action::Digit(7));
}

#[test]
fn fill_marks_copies_the_candidates_into_manual_marks_as_one_undo_step() {
    let mut state = new_state();
    select(&mut state, "r1c1");
    press(&mut state, "4");
    let before = state.game.position.clone();
    let board = before.board();
    press(&mut state, "M");
    assert_eq!(state.candidates, CandidateMode::Manual);
    let mut open = 0;
    for cell in board.open_cells() {
        open += 1;
        assert_eq!(
            state.game.position.marks_in(cell),
            board.candidates(cell),
            "{cell}"
        );
    }
    assert!(open > 0);
    assert_eq!(state.game.position.digits(), before.digits());
    assert_eq!(state.game.undo.len(), 2);
    press(&mut state, "u");
    assert_eq!(state.game.position, before);
}

#[test]
fn manual_hint_first_names_a_mark_a_peer_already_holds() {
    let mut state = new_state();
    press(&mut state, "c");
    assert_eq!(state.candidates, CandidateMode::Manual);
    let right = solution().get(cell("r1c1")).unwrap();
    select(&mut state, "r1c1");
    press(&mut state, &right.to_string());
    select(&mut state, "r1c2");
    press(&mut state, "p");
    press(&mut state, &right.to_string());
    press(&mut state, "p");
    press(&mut state, "H");
    let text = message(&state);
    assert!(
        text.contains(&format!("r1c2 is marked {right}, but r1c1 already holds")),
        "{text}"
    );
    assert_eq!(state.game.assists.nudges, 1);
}

#[test]
fn manual_hint_names_a_missing_solution_digit_and_auto_mode_does_not() {
    let right = solution().get(cell("r1c2")).unwrap();
    let wrong = (1..=9)
        .map(digit)
        .find(|&d| {
            d != right
                && !cell("r1c2")
                    .peers()
                    .iter()
                    .any(|&p| givens().get(p) == Some(d))
        })
        .unwrap();
    let mut state = new_state();
    press(&mut state, "c");
    select(&mut state, "r1c2");
    press(&mut state, "p");
    press(&mut state, &wrong.to_string());
    press(&mut state, "p");
    press(&mut state, "H");
    let text = message(&state);
    assert!(
        text.contains(&format!(
            "r1c2 has no {right} marked, but {right} goes there"
        )),
        "{text}"
    );
    // The same marks in Auto mode are not what the hint reads.
    update(&mut state, Action::Dismiss);
    press(&mut state, "cc");
    assert_eq!(state.candidates, CandidateMode::Auto);
    press(&mut state, "H");
    assert!(!message(&state).contains("marked"), "{}", message(&state));
}

#[test]
fn why_key_names_the_peer_that_rules_a_digit_out_and_counts_as_an_assist() {
    let target = cell("r1c1");
    let (peer, held) = target
        .peers()
        .iter()
        .find_map(|&p| givens().get(p).map(|d| (p, d)))
        .unwrap();
    let mut state = new_state();
    select(&mut state, "r1c1");
    press(&mut state, "w");
    press(&mut state, &held.to_string());
    let text = message(&state);
    assert!(text.contains(&format!("{peer}")), "{text}");
    assert!(text.contains("sees"), "{text}");
    assert_eq!(state.game.assists.whys, 1);
    assert_eq!(digit_at(&state, "r1c1"), None, "asking places nothing");
}

#[test]
fn why_key_says_the_solution_digit_may_go_there_and_esc_cancels_the_question() {
    let right = solution().get(cell("r1c1")).unwrap();
    let mut state = new_state();
    select(&mut state, "r1c1");
    press(&mut state, "w");
    press(&mut state, &right.to_string());
    assert!(
        message(&state).contains("may go in r1c1"),
        "{}",
        message(&state)
    );
    press(&mut state, "w");
    update(&mut state, Action::Dismiss);
    press(&mut state, &right.to_string());
    assert_eq!(digit_at(&state, "r1c1"), Some(right.get()));
    assert_eq!(state.game.assists.whys, 1);
}

#[test]
fn audit_key_sorts_the_manual_marks_and_again_removes_the_stale_ones() {
    let right = solution().get(cell("r1c1")).unwrap();
    let own = solution().get(cell("r1c2")).unwrap();
    let wrong = (1..=9)
        .map(digit)
        .find(|&d| {
            d != own
                && d != right
                && !cell("r1c2")
                    .peers()
                    .iter()
                    .any(|&p| givens().get(p) == Some(d))
        })
        .unwrap();
    let mut state = new_state();
    press(&mut state, "a");
    assert!(message(&state).contains("Manual"), "{}", message(&state));
    assert_eq!(state.game.assists.audits, 0, "nothing audited in Auto mode");
    press(&mut state, "c");
    select(&mut state, "r1c1");
    press(&mut state, &right.to_string());
    select(&mut state, "r1c2");
    press(&mut state, "p");
    press(&mut state, &right.to_string());
    press(&mut state, &wrong.to_string());
    press(&mut state, "p");
    press(&mut state, "a");
    let text = message(&state);
    assert!(text.contains("1 missing (first: r1c2 lacks its"), "{text}");
    assert!(
        text.contains(&format!("1 stale (first: r1c2 {right} is in r1c1)")),
        "{text}"
    );
    assert_eq!(state.game.assists.audits, 1);
    let before = state.game.position.clone();
    press(&mut state, "a");
    let marks = state.game.position.marks_in(cell("r1c2"));
    assert!(!marks.contains(right) && marks.contains(wrong), "{marks:?}");
    press(&mut state, "u");
    assert_eq!(state.game.position, before);
}
