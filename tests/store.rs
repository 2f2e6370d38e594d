//! Games that last: a saved game comes back exactly (history included), an
//! unreadable save is moved aside with a message, a failed write keeps the old save.

use std::fs;
use std::path::Path;

use pencilmark::app::action::Action;
use pencilmark::app::run::{dispatch, persist};
use pencilmark::app::state::{CandidateMode, Game, State, Tone, View};
use pencilmark::app::update::update;
use pencilmark::engine::{Cell, parse};
use pencilmark::store::{Loaded, Saver, Store};

const EASY: &str =
    "003020600900305001001806400008102900700000008006708200002609500800203009005010300";

fn new_state() -> State {
    State::new(Game::new(parse::parse_line(EASY, 1).unwrap(), "Euler 1"))
}

fn select(state: &mut State, name: &str) {
    let cell = Cell::parse(name).unwrap();
    update(
        state,
        Action::Select {
            row: cell.row() as u8,
            col: cell.col() as u8,
        },
    );
}

/// A game with digits, Auto strikes, Manual marks, a hint, an undo and time on the clock.
fn played() -> State {
    let mut state = new_state();
    select(&mut state, "r1c1");
    update(&mut state, Action::TogglePencil);
    update(&mut state, Action::Digit(5));
    update(&mut state, Action::TogglePencil);
    select(&mut state, "r1c2");
    update(&mut state, Action::Digit(8));
    update(&mut state, Action::CycleCandidates);
    select(&mut state, "r2c2");
    update(&mut state, Action::TogglePencil);
    update(&mut state, Action::Digit(4));
    update(&mut state, Action::Digit(6));
    update(&mut state, Action::TogglePencil);
    select(&mut state, "r1c4");
    update(&mut state, Action::Digit(9));
    update(&mut state, Action::Undo);
    update(&mut state, Action::Hint);
    update(&mut state, Action::Tick(83_250));
    state
}

/// The saver of `state`'s puzzle (holding its lock).
fn saver(store: &Store, state: &State) -> Saver {
    let opened = store.open_game(&state.game.classic_givens()).unwrap();
    assert!(!opened.saver.read_only());
    opened.saver
}

/// The save of `state`'s puzzle, read as the player reads it on start.
fn load(store: &Store, state: &State) -> Loaded<(Game, View)> {
    store.open_game(&state.game.classic_givens()).unwrap().saved
}

fn head_path(store: &Store, state: &State) -> std::path::PathBuf {
    store.head_path(&state.game.classic_givens())
}

fn message(state: &State) -> String {
    state
        .message
        .as_ref()
        .map(|m| m.text.clone())
        .unwrap_or_default()
}

#[test]
fn a_game_with_moves_and_marks_survives_quit_and_restart() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::locate(Some(dir.path())).unwrap();
    let mut state = played();
    assert!(!state.game.undo.is_empty() && !state.game.redo.is_empty());
    persist(&mut saver(&store, &state), &mut state);
    assert!(head_path(&store, &state).exists());

    let loaded = load(&Store::locate(Some(dir.path())).unwrap(), &state);
    assert!(loaded.notice.is_none());
    let (game, view) = loaded.value.expect("the save reads back");
    assert_eq!(game, state.game, "digits, marks, history, clock and hints");
    assert_eq!(view.candidates, CandidateMode::Manual);
    assert_eq!(view.selected, state.selected);

    // The history works after the restart: redo brings back the undone 9.
    let mut resumed = State::new(game);
    update(&mut resumed, Action::Redo);
    assert_eq!(
        resumed
            .game
            .position
            .digit(Cell::parse("r1c4").unwrap())
            .map(|d| d.get()),
        Some(9)
    );
}

#[test]
fn a_corrupt_save_is_moved_aside_with_a_message_and_nothing_else_is_lost() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::locate(Some(dir.path())).unwrap();
    let mut state = played();
    let mut saver = saver(&store, &state);
    saver.track_stats(Default::default());
    let nudged = pencilmark::app::stats::Assists {
        nudges: 2,
        ..Default::default()
    };
    state.stats.record(None, 100_000, &nudged);
    persist(&mut saver, &mut state);
    drop(saver);
    let stats_before = fs::read_to_string(store.stats_path()).unwrap();
    let export = store.export("kept").unwrap();
    fs::write(
        head_path(&store, &state),
        "{\"version\": 1, \"givens\": tru",
    )
    .unwrap();

    let loaded = load(&store, &state);
    assert!(loaded.value.is_none());
    let notice = loaded.notice.expect("the player is told");
    assert!(notice.contains("could not be read"), "{notice}");
    assert!(notice.contains("moved to"), "{notice}");
    assert!(
        !head_path(&store, &state).exists(),
        "the bad save is no longer in the way"
    );
    let games = dir.path().join("games");
    let aside: Vec<_> = fs::read_dir(&games)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .filter(|name| name.contains(".json.corrupt-"))
        .collect();
    assert_eq!(aside.len(), 1, "{aside:?}");
    assert!(notice.contains(&aside[0]), "the message names the file");
    assert_eq!(
        fs::read_to_string(games.join(&aside[0])).unwrap(),
        "{\"version\": 1, \"givens\": tru",
        "moved, never overwritten"
    );
    assert_eq!(
        fs::read_to_string(store.stats_path()).unwrap(),
        stats_before
    );
    assert_eq!(fs::read_to_string(export).unwrap(), "kept");
    assert_eq!(store.load_stats().value.unwrap(), state.stats);
}

#[test]
fn a_save_from_a_newer_version_is_moved_aside_not_read() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::locate(Some(dir.path())).unwrap();
    let mut state = played();
    persist(&mut saver(&store, &state), &mut state);
    let text = fs::read_to_string(head_path(&store, &state)).unwrap();
    fs::write(
        head_path(&store, &state),
        text.replacen("\"version\":2", "\"version\":7", 1),
    )
    .unwrap();
    let loaded = load(&store, &state);
    assert!(loaded.value.is_none());
    assert!(loaded.notice.unwrap().contains("newer version"));
}

#[test]
fn a_hand_edited_save_that_breaks_the_rules_is_moved_aside() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::locate(Some(dir.path())).unwrap();
    let mut state = played();
    persist(&mut saver(&store, &state), &mut state);
    let text = fs::read_to_string(head_path(&store, &state)).unwrap();
    // Change the given in r1c3 (a 3) inside the position's digits only.
    let edited = text.replacen("\"digits\":\".83", "\"digits\":\".87", 1);
    assert_ne!(edited, text);
    fs::write(head_path(&store, &state), edited).unwrap();
    let loaded = load(&store, &state);
    assert!(loaded.value.is_none());
    assert!(loaded.notice.unwrap().contains("r1c3"));
}

#[cfg(unix)]
/// Makes writing into `dir` fail: a read-only directory, or (where permissions do
/// not bind, as for root) a directory squatting on the temporary file's name.
fn break_writes(dir: &Path) -> impl FnOnce() {
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(dir, fs::Permissions::from_mode(0o555)).unwrap();
    let probe = dir.join("probe");
    if fs::write(&probe, "x").is_ok() {
        // Root writes anyway: a full file system is what the test needs, and a
        // log that cannot grow stands in for it (it is replaced by a directory).
        let _ = fs::remove_file(&probe);
        fs::set_permissions(dir, fs::Permissions::from_mode(0o755)).unwrap();
        let log = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .find(|p| p.extension().is_some_and(|e| e == "undo"))
            .expect("an undo log");
        let kept = fs::read(&log).unwrap();
        fs::remove_file(&log).unwrap();
        fs::create_dir(&log).unwrap();
        return Box::new(move || {
            let _ = fs::remove_dir_all(&log);
            let _ = fs::write(&log, kept);
        }) as Box<dyn FnOnce()>;
    }
    let dir = dir.to_path_buf();
    Box::new(move || {
        let _ = fs::set_permissions(dir, fs::Permissions::from_mode(0o755));
    })
}

#[cfg(unix)]
#[test]
fn a_failed_write_keeps_the_old_save_and_tells_the_player() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::locate(Some(dir.path())).unwrap();
    let mut state = played();
    let mut saver = saver(&store, &state);
    persist(&mut saver, &mut state);
    let before = fs::read_to_string(head_path(&store, &state)).unwrap();

    let games = dir.path().join("games");
    let repair = break_writes(&games);
    select(&mut state, "r9c9");
    update(&mut state, Action::Digit(2));
    persist(&mut saver, &mut state);
    let after = fs::read_to_string(head_path(&store, &state)).unwrap();
    repair();

    assert_eq!(after, before, "the old save is intact");
    let told = state.message.as_ref().expect("the player is told");
    assert_eq!(told.tone, Tone::Error);
    assert!(
        message(&state).contains("Could not save"),
        "{}",
        message(&state)
    );
    assert!(message(&state).contains("previous save is kept"));
    // Once writing works again, the next save goes through.
    persist(&mut saver, &mut state);
    assert_ne!(
        fs::read_to_string(head_path(&store, &state)).unwrap(),
        before
    );
}

#[test]
fn an_unwritable_data_directory_is_an_error_not_a_panic() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("a-file");
    fs::write(&file, "x").unwrap();
    let err = Store::locate(Some(&file.join("data"))).unwrap_err();
    assert!(format!("{err:#}").contains("cannot create the data directory"));
}

#[test]
fn export_writes_a_candidate_grid_into_the_data_directory_and_says_where() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::locate(Some(dir.path())).unwrap();
    let mut state = played();
    let mut saver = saver(&store, &state);
    dispatch(&mut state, &mut saver, Action::Export);
    let said = message(&state);
    let path = said
        .strip_prefix("Exported to ")
        .unwrap_or_else(|| panic!("the panel says where: {said}"));
    assert!(Path::new(path).starts_with(dir.path()));
    let text = fs::read_to_string(path).unwrap();
    let marked = parse::read_candidates(&text).unwrap();
    assert_eq!(
        marked
            .digits
            .get(Cell::parse("r1c2").unwrap())
            .map(|d| d.get()),
        Some(8)
    );
}

#[test]
fn stats_command_prints_finished_games_per_level() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::locate(Some(dir.path())).unwrap();
    let mut state = new_state();
    let level = state.game.grade.map(|g| g.level);
    let mut saver = saver(&store, &state);
    saver.track_stats(Default::default());
    let unaided = pencilmark::app::stats::Assists::default();
    let nudged = pencilmark::app::stats::Assists {
        nudges: 1,
        ..Default::default()
    };
    state.stats.record(level, 300_000, &unaided);
    state.stats.record(level, 200_000, &nudged);
    state.stats.record(level, 500_000, &unaided);
    persist(&mut saver, &mut state);
    // The data directory from the environment, as the player also reads it.
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_pencilmark"))
        .arg("stats")
        .env("PENCILMARK_DATA_DIR", dir.path())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let stdout = String::from_utf8_lossy(&output.stdout);
    let key = level.unwrap().key();
    let row = stdout
        .lines()
        .find(|l| l.starts_with(key))
        .unwrap_or_else(|| panic!("no {key} row in:\n{stdout}"));
    let fields: Vec<&str> = row.split_whitespace().collect();
    // Three finished, two unaided; the times are the unaided games' only.
    assert_eq!(fields, [key, "3", "2", "05:00", "06:40"]);
}

/// The classic save written by main's release binary (c750533) before the
/// player's positions were folded: tests/data/classic-save-main/ holds its head,
/// undo and redo logs. Made in a pty: the first easy bundled puzzle, 2 placed in
/// r1c1, 6 and 9 struck in r1c2 (Auto), Manual marks 6 8 in r3c2, 8 placed in
/// r4c2 and undone, marks hidden.
#[test]
fn a_classic_save_written_by_mains_binary_loads_and_saves_back_the_same() {
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/classic-save-main");
    let dir = tempfile::tempdir().unwrap();
    let games = dir.path().join("games");
    fs::create_dir_all(&games).unwrap();
    for entry in fs::read_dir(&fixture).unwrap() {
        let path = entry.unwrap().path();
        fs::copy(&path, games.join(path.file_name().unwrap())).unwrap();
    }
    let store = Store::at(dir.path());
    let givens = parse::parse_line(
        "..57..13.4.3.........2..9.4..4........7.4..6312....8....8.2......6....2.7..681...",
        1,
    )
    .unwrap();
    let opened = store.open_game(&givens).unwrap();
    assert_eq!(opened.saved.notice, None);
    let (game, view) = opened.saved.value.expect("main's classic save loads");
    let cell = |name: &str| Cell::parse(name).unwrap();
    let digit = |d: u8| pencilmark::engine::Digit::new(d);
    assert_eq!(game.position.digit(cell("r1c1")), Some(digit(2)));
    assert_eq!(game.position.digit(cell("r4c2")), None, "the 8 was undone");
    let struck = game.position.struck_in(cell("r1c2"));
    assert!(struck.contains(digit(6)) && struck.contains(digit(9)));
    assert_eq!(struck.len(), 2);
    let marks = game.position.marks_in(cell("r3c2"));
    assert!(marks.contains(digit(6)) && marks.contains(digit(8)));
    assert_eq!(marks.len(), 2);
    assert_eq!((game.undo.len(), game.redo.len()), (5, 1));
    assert_eq!(view.candidates, CandidateMode::Hidden);
    // The redo brings the 8 back.
    let mut state = State::new(game);
    view.apply(&mut state);
    let mut saver = opened.saver;
    update(&mut state, Action::Redo);
    assert_eq!(state.game.position.digit(cell("r4c2")), Some(digit(8)));
    update(&mut state, Action::Undo);
    // Saved again: the head (but its time stamp) and both logs as main wrote them.
    saver.save(&state).unwrap();
    let head = |path: &Path| -> serde_json::Value {
        let mut head: serde_json::Value =
            serde_json::from_str(&fs::read_to_string(path).unwrap()).unwrap();
        head.as_object_mut().unwrap().remove("saved_at_ms");
        head
    };
    let key = "005700130403000000000200904004000000007040063120000800008020000006000020700681000";
    let name = |ext: &str| format!("{key}.{ext}");
    assert_eq!(
        head(&games.join(name("json"))),
        head(&fixture.join(name("json")))
    );
    for ext in ["undo", "redo"] {
        assert_eq!(
            fs::read(games.join(name(ext))).unwrap(),
            fs::read(fixture.join(name(ext))).unwrap(),
            "{ext} log"
        );
    }
}
