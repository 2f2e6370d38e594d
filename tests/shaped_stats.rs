//! Shaped wins in the statistics: counted per shape (`6x6 jigsaw`, `16x16`),
//! apart from the classic levels; a file without them still loads, and a classic
//! player's file is written as before.

use pencilmark::app::action::Action;
use pencilmark::app::state::{Overlay, State};
use pencilmark::app::stats::{Assists, Stats, StatsKey};
use pencilmark::app::ui;
use pencilmark::app::update::update;
use pencilmark::engine::geometry::Variant;
use pencilmark::engine::geometry::format::ShapeReader;
use pencilmark::store::Store;
use ratatui::Terminal;
use ratatui::backend::TestBackend;

/// Where a game on the shape named `name` is counted.
fn shape(name: &str) -> StatsKey {
    StatsKey::Shape(name.to_string())
}

/// The first puzzle of the bundled easy 6x6 jigsaw collection.
fn jigsaw6() -> State {
    let text = include_str!("../puzzles/jigsaw6-easy.txt");
    let line = text.lines().find(|l| !l.starts_with('#')).unwrap();
    let puzzle = ShapeReader::new(Variant::Jigsaw).read(line, 1).unwrap();
    State::shaped(puzzle.geometry, puzzle.givens, "test")
}

/// Types the solution into every open cell, as a player would.
fn fill_by_hand(state: &mut State) {
    let game = &state.game;
    let (side, solution) = (game.geometry.side(), game.solution.clone().unwrap());
    let open: Vec<usize> = (0..side * side).filter(|&c| game.givens[c] == 0).collect();
    for cell in open {
        let (row, col) = ((cell / side) as u8, (cell % side) as u8);
        update(state, Action::Select { row, col });
        update(state, Action::Digit(solution[cell]));
    }
}

#[test]
fn a_shaped_win_is_counted_under_its_shape_once() {
    let mut state = jigsaw6();
    state.game.elapsed_ms = 65_000;
    fill_by_hand(&mut state);
    assert_eq!(state.overlay, Overlay::Won);
    let row = state
        .stats
        .counted(&shape("6x6 jigsaw"))
        .expect("counted under its shape");
    assert_eq!((row.finished, row.unaided), (1, 1));
    assert_eq!(row.best_ms, Some(65_000));
    assert!(state.stats.levels.is_empty(), "not in a classic level");
    // The win screen shows the shape's own count.
    let mut terminal = Terminal::new(TestBackend::new(100, 40)).unwrap();
    terminal.draw(|frame| ui::render(&state, frame)).unwrap();
    let shown: String = terminal
        .backend()
        .buffer()
        .content()
        .iter()
        .map(|c| c.symbol())
        .collect();
    assert!(shown.contains("Your 6x6 jigsaw games"), "{shown}");
    assert!(!shown.contains("Not counted"), "{shown}");
    // Undoing the last value and typing it again wins again but counts once.
    update(&mut state, Action::Undo);
    update(&mut state, Action::Redo);
    assert_eq!(state.overlay, Overlay::Won);
    assert_eq!(
        state.stats.counted(&shape("6x6 jigsaw")).unwrap().finished,
        1
    );
}

#[test]
fn a_shape_solved_by_the_computer_is_not_counted() {
    let mut state = jigsaw6();
    update(&mut state, Action::Solve);
    update(&mut state, Action::Confirm);
    assert!(state.game.is_complete_and_right());
    assert!(state.stats.shapes.is_empty(), "{:?}", state.stats.shapes);
}

#[test]
fn the_stats_file_keeps_shapes_apart_and_older_files_still_load() {
    // A classic player's file has no `shapes` field, as before.
    let mut stats = Stats::default();
    stats.record(None, 1_000, &Assists::default());
    let json = serde_json::to_string(&stats).unwrap();
    assert!(!json.contains("shapes"), "{json}");
    // A file written before shapes were counted loads, with none.
    let older = r#"{"version":2,"levels":{"easy":{"finished":3,"unaided":1}}}"#;
    let loaded: Stats = serde_json::from_str(older).unwrap();
    assert_eq!(loaded.levels["easy"].finished, 3);
    assert!(loaded.shapes.is_empty());
    // Shapes round-trip and merge: two players each keep their wins.
    let mut base = loaded.clone();
    base.record_in(&shape("16x16"), 5_000, &Assists::default());
    let (mut mine, mut theirs) = (base.clone(), base.clone());
    mine.record_in(&shape("16x16"), 4_000, &Assists::default());
    theirs.record_in(&shape("9x9 x"), 9_000, &Assists::default());
    let merged = theirs.merged(&base, &mine);
    assert_eq!(merged.counted(&shape("16x16")).unwrap().finished, 2);
    assert_eq!(
        merged.counted(&shape("16x16")).unwrap().best_ms,
        Some(4_000)
    );
    assert_eq!(merged.counted(&shape("9x9 x")).unwrap().finished, 1);
    let back: Stats = serde_json::from_str(&serde_json::to_string(&merged).unwrap()).unwrap();
    assert_eq!(back, merged);
}

#[test]
fn stats_lists_each_shape_beside_the_levels() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::locate(Some(dir.path())).unwrap();
    let mut stats = Stats::default();
    stats.record_in(&shape("9x9 windoku"), 120_000, &Assists::default());
    let helped = Assists {
        nudges: 1,
        ..Assists::default()
    };
    stats.record_in(&shape("9x9 windoku"), 60_000, &helped);
    store.save_stats(&stats).unwrap();
    let run = |json: bool| {
        let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_pencilmark"));
        command.arg("stats").arg("--data-dir").arg(dir.path());
        if json {
            command.arg("--json");
        }
        let output = command.output().unwrap();
        assert_eq!(output.status.code(), Some(0));
        String::from_utf8(output.stdout).unwrap()
    };
    let json: serde_json::Value = serde_json::from_str(&run(true)).unwrap();
    let row = &json["shapes"]["9x9 windoku"];
    assert_eq!(row["finished"], 2);
    assert_eq!(row["unaided"], 1);
    assert_eq!(row["best_ms"], 120_000);
    let text = run(false);
    assert!(
        text.lines()
            .any(|l| l.starts_with("9x9 windoku") && l.contains("02:00")),
        "{text}"
    );
}
