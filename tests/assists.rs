//! Honest assists: every kind of help is counted per game, survives a save, and
//! keeps a game out of the unaided times; `stats` reports per level.

use pencilmark::app::action::Action;
use pencilmark::app::run::persist;
use pencilmark::app::state::{Game, State};
use pencilmark::app::stats::{Assists, Stats};
use pencilmark::app::update::update;
use pencilmark::engine::{Cell, parse, search};
use pencilmark::store::Store;

const EASY: &str =
    "003020600900305001001806400008102900700000008006708200002609500800203009005010300";

fn new_state() -> State {
    State::new(Game::new(parse::parse_line(EASY, 1).unwrap(), ""))
}

/// Fills every open cell with the solution's digit, as a player would.
fn finish_by_hand(state: &mut State) {
    let solution = search::solve(&state.game.classic_givens())
        .solution
        .unwrap();
    for cell in Cell::all() {
        if state.game.position.digit(cell).is_none() {
            update(
                state,
                Action::Select {
                    row: cell.row() as u8,
                    col: cell.col() as u8,
                },
            );
            update(state, Action::Digit(solution.get(cell).unwrap().get()));
        }
    }
}

fn level_stats(state: &State) -> pencilmark::app::stats::LevelStats {
    state
        .stats
        .level(state.game.grade.map(|g| g.level))
        .cloned()
        .unwrap_or_default()
}

#[test]
fn propagating_an_easy_puzzle_to_the_end_is_an_assisted_win() {
    let mut state = new_state();
    update(&mut state, Action::Tick(1_000));
    while !state.game.finished {
        let before = state.game.position.clone();
        update(&mut state, Action::Propagate);
        assert_ne!(
            state.game.position, before,
            "an easy puzzle falls to singles"
        );
    }
    assert!(state.game.assists.propagations >= 1);
    assert!(!state.game.assists.is_unaided());
    let text = state.message.as_ref().unwrap().text.clone();
    assert!(text.contains("Solved with help:"), "{text}");
    assert!(text.contains("propagation"), "{text}");
    let level = level_stats(&state);
    assert_eq!((level.finished, level.unaided), (1, 0));
    assert_eq!(level.best_ms, None, "an assisted game sets no best time");
}

#[test]
fn an_unaided_game_sets_the_best_and_average_times() {
    let mut state = new_state();
    update(&mut state, Action::Tick(90_000));
    finish_by_hand(&mut state);
    assert!(state.game.finished);
    assert!(state.game.assists.is_unaided());
    assert_eq!(state.message.as_ref().unwrap().text, "Solved unaided!");
    let level = level_stats(&state);
    assert_eq!((level.finished, level.unaided), (1, 1));
    assert_eq!(level.best_ms, Some(90_000));
    assert_eq!(level.average_ms(), Some(90_000));
}

#[test]
fn every_hint_level_check_and_solve_is_counted() {
    let mut state = new_state();
    for _ in 0..4 {
        update(&mut state, Action::Hint);
    }
    update(&mut state, Action::Check);
    let assists = state.game.assists;
    assert_eq!(
        (
            assists.nudges,
            assists.techniques,
            assists.explanations,
            assists.applied_hints,
            assists.checks
        ),
        (1, 1, 1, 1, 1)
    );
    update(&mut state, Action::Solve);
    update(&mut state, Action::Confirm);
    assert_eq!(state.game.assists.solves, 1);
    assert!(
        state.stats.levels.is_empty(),
        "a board the computer filled is not a finished game"
    );
}

#[test]
fn a_kept_learn_mode_result_is_counted() {
    use pencilmark::app::learn::LearnAction;
    let mut state = new_state();
    update(&mut state, Action::Learn);
    update(&mut state, Action::LearnStep(LearnAction::ToEnd));
    update(&mut state, Action::LearnStep(LearnAction::Keep));
    assert!(state.learn.is_none());
    assert_eq!(state.game.assists.learn_keeps, 1);
}

#[test]
fn assists_survive_a_save_and_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::locate(Some(dir.path())).unwrap();
    let mut state = new_state();
    update(&mut state, Action::Hint);
    update(&mut state, Action::Check);
    let mut saver = store.open_game(&state.game.classic_givens()).unwrap().saver;
    assert!(persist(&mut saver, &mut state));
    drop(saver);
    let (game, _) = store
        .open_game(&state.game.classic_givens())
        .unwrap()
        .saved
        .value
        .unwrap();
    assert_eq!(game.assists, state.game.assists);
    assert_eq!(game.assists.describe(), "1 nudge, 1 check");
}

#[test]
fn two_players_finishing_games_at_once_both_count() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::locate(Some(dir.path())).unwrap();
    const OTHER: &str =
        "200080300060070084030500209000105408000000000402706000301007040720040060004010003";
    let mut first = new_state();
    let mut second = State::new(Game::new(parse::parse_line(OTHER, 1).unwrap(), ""));
    let mut first_saver = store.open_game(&first.game.classic_givens()).unwrap().saver;
    let mut second_saver = store
        .open_game(&second.game.classic_givens())
        .unwrap()
        .saver;
    // Both started with the same (empty) statistics.
    first_saver.track_stats(Stats::default());
    second_saver.track_stats(Stats::default());
    update(&mut first, Action::Tick(60_000));
    finish_by_hand(&mut first);
    assert!(persist(&mut first_saver, &mut first));
    update(&mut second, Action::Tick(30_000));
    finish_by_hand(&mut second);
    assert!(persist(&mut second_saver, &mut second));
    let on_disk = store.peek_stats().value.unwrap();
    let finished: u32 = on_disk.levels.values().map(|l| l.finished).sum();
    assert_eq!(
        finished, 2,
        "neither overwrote the other's win: {on_disk:?}"
    );
}

#[test]
fn stats_json_reports_finished_unaided_and_unaided_times_per_level() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::locate(Some(dir.path())).unwrap();
    let mut stats = Stats::default();
    let level = pencilmark::engine::grade::Level::ALL[0];
    stats.record(Some(level), 100_000, &Assists::default());
    stats.record(Some(level), 300_000, &Assists::default());
    let helped = Assists {
        propagations: 2,
        ..Assists::default()
    };
    stats.record(Some(level), 10_000, &helped);
    store.save_stats(&stats).unwrap();
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_pencilmark"))
        .args(["stats", "--json", "--data-dir"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let row = &json["levels"][level.key()];
    assert_eq!(row["finished"], 3);
    assert_eq!(row["unaided"], 2);
    assert_eq!(row["assisted"], 1);
    assert_eq!(row["best_ms"], 100_000);
    assert_eq!(row["average_ms"], 200_000, "over the unaided games only");
}

// In Manual mode, `A` and `C` read the player's own marks.

/// Norvig's first top95 puzzle: forced singles stall early on it.
const HARD: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// The hard puzzle (not graded: the tests need only its solution), in Manual mode.
fn manual_hard() -> State {
    let mut state = State::new(Game::with_grade(
        parse::parse_line(HARD, 1).unwrap(),
        "",
        None,
    ));
    update(&mut state, Action::CycleCandidates);
    assert_eq!(
        state.candidates,
        pencilmark::app::state::CandidateMode::Manual
    );
    state
}

/// Writes `digit` as the only Manual mark of `cell`, with the keys a player uses.
fn mark_only(state: &mut State, cell: Cell, digit: u8) {
    update(
        state,
        Action::Select {
            row: cell.row() as u8,
            col: cell.col() as u8,
        },
    );
    update(state, Action::TogglePencil);
    update(state, Action::Digit(digit));
    update(state, Action::TogglePencil);
    assert_eq!(state.game.position.marks_in(cell).len(), 1);
}

#[test]
fn propagation_in_manual_mode_works_on_the_players_marks() {
    let mut state = manual_hard();
    let solution = state.game.classic_solution().unwrap();
    let mut auto = state.clone();
    update(&mut auto, Action::CycleCandidates);
    update(&mut auto, Action::CycleCandidates);
    update(&mut auto, Action::Propagate);
    // A cell the Auto candidates leave open after propagation...
    let cell = Cell::all()
        .find(|&c| auto.game.position.digit(c).is_none())
        .expect("singles stall on this puzzle");
    let right = solution.get(cell).unwrap();
    // ... is a naked single on the player's marks once they mark only its digit.
    mark_only(&mut state, cell, right.get());
    update(&mut state, Action::Propagate);
    assert_eq!(state.game.position.digit(cell), Some(right));
    assert!(state.game.wrong_cells().is_empty());
    assert!(
        state.game.position.digits().filled() > auto.game.position.digits().filled(),
        "more than the Auto candidates give"
    );
    assert_eq!(state.game.assists.propagations, 1);
}

#[test]
fn check_and_propagation_in_manual_mode_name_marks_lacking_their_digit() {
    let mut state = manual_hard();
    let solution = state.game.classic_solution().unwrap();
    let cell = Cell::all()
        .find(|&c| state.game.position.digit(c).is_none())
        .unwrap();
    let right = solution.get(cell).unwrap().get();
    let wrong = if right == 9 { 8 } else { right + 1 };
    mark_only(&mut state, cell, wrong);
    let before = state.game.position.clone();
    update(&mut state, Action::Propagate);
    assert_eq!(state.game.position, before, "no wrong digit is placed");
    let told = state.message.as_ref().unwrap().text.clone();
    assert!(told.contains("lack their cell's solution digit"), "{told}");
    update(&mut state, Action::Check);
    let told = state.message.as_ref().unwrap().text.clone();
    assert!(
        told.contains(&format!("1 cell's marks lack its digit: {cell}")),
        "{told}"
    );
    assert_eq!(state.marked_wrong, vec![cell.index()]);
    assert_eq!(state.game.assists.checks, 1);
    // The board draws that cell's marks in the wrong-digit style.
    let area = ratatui::layout::Rect::new(0, 0, 120, 45);
    let mut terminal = ratatui::Terminal::new(ratatui::backend::TestBackend::new(120, 45)).unwrap();
    terminal
        .draw(|frame| pencilmark::app::ui::render(&state, frame))
        .unwrap();
    let pencilmark::app::ui::Layout::Board { size, board, .. } =
        pencilmark::app::ui::Layout::for_area(area)
    else {
        panic!("120x45 has a board");
    };
    let inner = size.cell_rect(board, cell);
    let (dx, dy) = size
        .candidate_spot(pencilmark::engine::Digit::new(wrong))
        .unwrap();
    let drawn = &terminal.backend().buffer()[(inner.x + dx, inner.y + dy)];
    assert_eq!(drawn.symbol(), wrong.to_string());
    assert!(
        drawn
            .modifier
            .contains(ratatui::style::Modifier::UNDERLINED),
        "drawn as wrong"
    );
    // Marked right, the check says the marks hold every solution digit.
    update(&mut state, Action::Undo);
    mark_only(&mut state, cell, right);
    update(&mut state, Action::Check);
    let told = state.message.as_ref().unwrap().text.clone();
    assert!(
        told.contains("your marks hold every solution digit"),
        "{told}"
    );
    assert!(state.marked_wrong.is_empty());
}
