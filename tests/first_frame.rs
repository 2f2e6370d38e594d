//! The first frame does not wait for grading: a new game opens ungraded, the
//! panel says so, and the grade arrives later through `update` (from the loop's
//! grading thread). The statistics, which the first frame does not show, are
//! read after it and arrive the same way. These tests drive those messages by hand.

use pencilmark::app::action::{Action, StatsRead};
use pencilmark::app::state::{Game, GradeInfo, State};
use pencilmark::app::stats::{Assists, Stats};
use pencilmark::app::ui;
use pencilmark::app::update::update;
use pencilmark::engine::grade::Level;
use pencilmark::engine::{Grid, parse, search};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

/// Project Euler 96, grid 01: an easy puzzle solved by singles.
const EASY: &str =
    "003020600900305001001806400008102900700000008006708200002609500800203009005010300";

fn grid(text: &str) -> Grid {
    parse::parse_line(text, 1).unwrap()
}

/// A new game as the player opens it: solved, not graded yet.
fn ungraded(text: &str) -> State {
    State::new(Game::with_grade(grid(text), "", None))
}

fn panel_grade(state: &State) -> String {
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    terminal.draw(|frame| ui::render(state, frame)).unwrap();
    let buffer = terminal.backend().buffer();
    (0..24)
        .map(|y| (0..80).map(|x| buffer[(x, y)].symbol()).collect::<String>())
        .find_map(|line| {
            line.find("Grade")
                .map(|at| line[at + "Grade".len()..].trim().to_string())
        })
        .expect("the panel has a Grade line")
}

#[test]
fn a_new_game_says_grading_until_its_grade_arrives() {
    let mut state = ungraded(EASY);
    assert!(state.game.unique);
    assert_eq!(panel_grade(&state), "grading…");
    let revision = state.revision;
    let grade = GradeInfo::of(&state.game.classic_givens());
    update(&mut state, Action::Graded(grade));
    assert_eq!(state.game.grade, Some(grade));
    // A changed game is saved by the loop: the grade reaches the save.
    assert!(state.revision > revision);
    assert_eq!(grade.level, Level::ALL[0]);
    assert!(
        panel_grade(&state).starts_with("Easy"),
        "{}",
        panel_grade(&state)
    );
}

#[test]
fn a_puzzle_with_two_solutions_takes_no_grade() {
    // One given: countless solutions.
    let text = format!("1{}", "0".repeat(80));
    let mut state = ungraded(&text);
    assert!(!state.game.unique);
    assert_eq!(panel_grade(&state), "not unique");
    let grade = GradeInfo::of(&grid(EASY));
    update(&mut state, Action::Graded(grade));
    assert_eq!(state.game.grade, None);
}

/// Places every missing digit of the solution, as a player would.
fn solve_by_hand(state: &mut State) {
    let solution = search::solve(&state.game.classic_givens())
        .solution
        .unwrap();
    for (row, col) in (0..9).flat_map(|r| (0..9).map(move |c| (r, c))) {
        let cell = pencilmark::engine::Cell::at(row, col);
        if state.game.is_given(cell.index()) {
            continue;
        }
        let digit = solution.get(cell).unwrap().get();
        update(
            state,
            Action::Select {
                row: row as u8,
                col: col as u8,
            },
        );
        update(state, Action::Digit(digit));
    }
}

#[test]
fn a_win_before_the_grade_arrives_is_counted_at_the_puzzles_level() {
    let mut state = ungraded(EASY);
    solve_by_hand(&mut state);
    assert!(state.game.finished);
    let level = GradeInfo::of(&state.game.classic_givens()).level;
    assert_eq!(state.game.grade.map(|g| g.level), Some(level));
    let recorded = state.stats.level(Some(level)).expect("the win is recorded");
    assert_eq!(recorded.finished, 1);
    // A grade arriving after the win changes nothing.
    let revision = state.revision;
    let grade = GradeInfo::of(&state.game.classic_givens());
    update(&mut state, Action::Graded(grade));
    assert_eq!(state.revision, revision);
}

#[test]
fn statistics_read_after_the_first_frame_keep_a_win_made_before_them() {
    let mut state = ungraded(EASY);
    let grade = GradeInfo::of(&state.game.classic_givens());
    update(&mut state, Action::Graded(grade));
    let level = state.game.grade.map(|g| g.level);
    solve_by_hand(&mut state);
    assert_eq!(state.stats.level(level).map(|s| s.finished), Some(1));
    // The file, read after the first frame, says two games were finished before.
    let mut on_disk = Stats::default();
    on_disk.record(level, 100_000, &Assists::default());
    on_disk.record(level, 200_000, &Assists::default());
    let read = StatsRead {
        stats: on_disk,
        notice: Some("the statistics file was unreadable".to_string()),
    };
    update(&mut state, Action::StatsRead(Box::new(read)));
    assert_eq!(state.stats.level(level).map(|s| s.finished), Some(3));
    let message = state.message.as_ref().expect("the notice is shown");
    assert!(message.text.contains("unreadable"), "{}", message.text);
}
