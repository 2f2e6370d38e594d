//! Saves under abuse: two players on one game, links planted at the file names,
//! FIFOs and endless files in place of a save, the old single save migrated,
//! and any reachable game coming back exactly however often it was saved.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use pencilmark::app::action::{Action, Direction};
use pencilmark::app::run::persist;
use pencilmark::app::state::{Game, State};
use pencilmark::app::update::update;
use pencilmark::engine::parse;
use pencilmark::store::{Saver, Store, write_atomic};
use proptest::prelude::*;

const EASY: &str =
    "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
const OTHER: &str =
    "200080300060070084030500209000105408000000000402706000301007040720040060004010003";

fn state_of(puzzle: &str) -> State {
    State::new(Game::new(parse::parse_line(puzzle, 1).unwrap(), ""))
}

fn open(store: &Store, state: &State) -> Saver {
    store.open_game(&state.game.classic_givens()).unwrap().saver
}

/// Runs `work` on a thread and fails (instead of hanging the suite) if it takes
/// more than a generous while: a FIFO or `/dev/zero` must never hang the player.
fn within_a_while<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> T {
    let (done, result) = mpsc::channel();
    thread::spawn(move || {
        let _ = done.send(work());
    });
    result
        .recv_timeout(Duration::from_secs(30))
        .expect("the store answered instead of hanging")
}

#[test]
fn a_second_player_on_the_same_game_gets_a_read_only_view_and_never_overwrites() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::locate(Some(dir.path())).unwrap();
    let mut first = state_of(EASY);
    let mut first_saver = open(&store, &first);
    assert!(!first_saver.read_only());
    update(&mut first, Action::Digit(4));
    persist(&mut first_saver, &mut first);

    // The second player runs on another thread, as another process would.
    let second_store = store.clone();
    let (read_only, seen, message) = thread::spawn(move || {
        let opened = second_store
            .open_game(&parse::parse_line(EASY, 1).unwrap())
            .unwrap();
        let (game, view) = opened
            .saved
            .value
            .expect("the first player's game is shown");
        let mut saver = opened.saver;
        let read_only = saver.read_only();
        let mut second = State::new(Game::new(game.classic_givens(), ""));
        pencilmark::app::update::switch_game(&mut second, game, Some(view), read_only);
        let seen = second.game.position.digits().to_line();
        update(&mut second, Action::Move(Direction::Right));
        update(&mut second, Action::Digit(8));
        persist(&mut saver, &mut second);
        let message = second.message.map(|m| m.text).unwrap_or_default();
        (read_only, seen, message)
    })
    .join()
    .unwrap();
    assert!(read_only, "the second player does not get the lock");
    assert!(
        seen.starts_with("4.3"),
        "it sees the first one's moves: {seen}"
    );
    assert!(message.contains("open in another pencilmark"), "{message}");

    // The first player goes on; its save is the only one on disk.
    update(&mut first, Action::Move(Direction::Down));
    update(&mut first, Action::Digit(7));
    persist(&mut first_saver, &mut first);
    drop(first_saver);
    let saved = store.open_game(&first.game.classic_givens()).unwrap().saved;
    assert_eq!(saved.value.unwrap().0, first.game);
}

#[test]
fn two_processes_on_one_game_the_second_is_read_only() {
    // The lock is a file lock, so it holds across processes: this process
    // holds it and another process asks for it.
    let dir = tempfile::tempdir().unwrap();
    let store = Store::locate(Some(dir.path())).unwrap();
    let state = state_of(EASY);
    let _held = open(&store, &state);
    let lock = dir
        .path()
        .join("games")
        .join(format!("{}.lock", EASY.replace('.', "0")));
    assert!(lock.exists());
    // `flock` from util-linux, if present, plays the other process.
    let Ok(output) = std::process::Command::new("flock")
        .args(["--nonblock", "--exclusive"])
        .arg(&lock)
        .arg("true")
        .output()
    else {
        eprintln!("skipped: no flock(1) on this machine");
        return;
    };
    assert_eq!(
        output.status.code(),
        Some(1),
        "the lock is held: {output:?}"
    );
}

#[test]
fn concurrent_atomic_writes_never_publish_a_torn_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("save.json");
    let short = "a".repeat(1_000);
    let long = "b".repeat(100_000);
    write_atomic(&path, short.as_bytes()).unwrap();
    let writers: Vec<_> = [short.clone(), long.clone()]
        .into_iter()
        .map(|text| {
            let path = path.clone();
            thread::spawn(move || {
                for _ in 0..200 {
                    write_atomic(&path, text.as_bytes()).unwrap();
                }
            })
        })
        .collect();
    let mut reads = 0;
    while !writers.iter().all(|w| w.is_finished()) {
        let text = fs::read_to_string(&path).unwrap();
        assert!(
            text == short || text == long,
            "a torn file of {} bytes",
            text.len()
        );
        reads += 1;
    }
    for writer in writers {
        writer.join().unwrap();
    }
    assert!(reads > 0);
    let leftovers: Vec<_> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .filter(|n| n != "save.json")
        .collect();
    assert!(leftovers.is_empty(), "temporary files left: {leftovers:?}");
}

#[cfg(unix)]
#[test]
fn links_planted_at_the_save_names_leave_their_targets_untouched() {
    use std::os::unix::fs::symlink;
    let dir = tempfile::tempdir().unwrap();
    let store = Store::locate(Some(dir.path())).unwrap();
    let victim = dir.path().join("victim.txt");
    fs::write(&victim, "precious").unwrap();
    let mut state = state_of(EASY);
    let key = EASY.replace('.', "0");
    let games = dir.path().join("games");
    fs::create_dir_all(&games).unwrap();
    // The old fixed temporary names, and the log the next save appends to.
    for name in [
        format!(".{key}.json.tmp"),
        ".game.json.tmp".to_string(),
        format!("{key}.undo"),
    ] {
        symlink(&victim, games.join(&name)).unwrap();
        symlink(&victim, dir.path().join(&name)).unwrap();
    }
    let mut saver = open(&store, &state);
    update(&mut state, Action::Digit(4));
    let saved = persist(&mut saver, &mut state);
    assert_eq!(fs::read_to_string(&victim).unwrap(), "precious");
    // The log behind a link is refused rather than followed; the player is told.
    assert!(!saved);
    let told = state.message.as_ref().unwrap().text.clone();
    assert!(told.contains("undo log"), "{told}");
}

#[cfg(unix)]
#[test]
fn a_fifo_in_place_of_a_save_is_refused_without_waiting() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::locate(Some(dir.path())).unwrap();
    let givens = parse::parse_line(EASY, 1).unwrap();
    let head = store.head_path(&givens);
    fs::create_dir_all(head.parent().unwrap()).unwrap();
    let made = std::process::Command::new("mkfifo")
        .arg(&head)
        .status()
        .unwrap();
    assert!(made.success());
    let notice = within_a_while(move || store.open_game(&givens).unwrap().saved.notice);
    let notice = notice.expect("the player is told");
    assert!(notice.contains("not a regular file"), "{notice}");
}

#[cfg(unix)]
#[test]
fn a_save_linked_to_dev_zero_is_refused_without_reading_it() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::locate(Some(dir.path())).unwrap();
    let givens = parse::parse_line(EASY, 1).unwrap();
    let head = store.head_path(&givens);
    fs::create_dir_all(head.parent().unwrap()).unwrap();
    std::os::unix::fs::symlink("/dev/zero", &head).unwrap();
    let saved = within_a_while(move || store.open_game(&givens).unwrap().saved);
    assert!(saved.value.is_none());
    assert!(saved.notice.unwrap().contains("not a regular file"));
}

#[test]
fn an_oversized_save_is_refused_with_the_limit_named() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::locate(Some(dir.path())).unwrap();
    let givens = parse::parse_line(EASY, 1).unwrap();
    let head = store.head_path(&givens);
    fs::create_dir_all(head.parent().unwrap()).unwrap();
    fs::write(&head, vec![b' '; 2 << 20]).unwrap();
    let notice = store.open_game(&givens).unwrap().saved.notice.unwrap();
    assert!(
        notice.contains(&pencilmark::store::games::HEAD_LIMIT.to_string()),
        "{notice}"
    );
}

#[test]
fn the_stats_command_never_moves_or_changes_files() {
    let dir = tempfile::tempdir().unwrap();
    let stats = dir.path().join("stats.json");
    fs::write(&stats, "not json").unwrap();
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_pencilmark"))
        .args(["stats", "--data-dir"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&output.stderr).contains("left as it is"));
    assert_eq!(fs::read_to_string(&stats).unwrap(), "not json");
    let names: Vec<_> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, ["stats.json"], "nothing created, renamed or moved");
}

/// An old single save (format 1) with an undo history, as earlier versions wrote it.
fn legacy_save(dir: &Path) -> PathBuf {
    let empty = vec!["-"; 81].join(" ");
    let after = EASY.replacen('0', "4", 1).replace('0', ".");
    let before = EASY.replace('0', ".");
    let json = serde_json::json!({
        "version": 1, "givens": before, "name": "Euler 1", "grade": null,
        "position": {"digits": after, "marks": empty, "struck": empty},
        "undo": [{"digits": before, "marks": empty, "struck": empty}],
        "redo": [], "elapsed_ms": 61_000, "hints_used": 2, "finished": false,
        "solved_by_computer": false, "counted": false, "candidates": "manual",
        "pencil": false, "selected": "r1c1"
    });
    let path = dir.join("game.json");
    fs::write(&path, json.to_string()).unwrap();
    path
}

#[test]
fn the_old_single_save_is_migrated_once_and_kept_aside() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::locate(Some(dir.path())).unwrap();
    let old = legacy_save(dir.path());
    assert_eq!(store.migrate_legacy(), None);
    assert!(!old.exists());
    assert!(dir.path().join("game.json.migrated").exists());
    let games = store.list_games();
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].filled, 33);
    let (game, view) = store
        .open_game(&games[0].givens)
        .unwrap()
        .saved
        .value
        .unwrap();
    assert_eq!(game.undo.len(), 1);
    assert_eq!(game.elapsed_ms, 61_000);
    assert_eq!(game.hints_used, 2);
    assert_eq!(view.candidates.name(), "Manual");
    // Nothing left to migrate the second time.
    assert_eq!(store.migrate_legacy(), None);
}

#[test]
fn each_puzzle_keeps_its_own_save() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::locate(Some(dir.path())).unwrap();
    let mut easy = state_of(EASY);
    let mut other = state_of(OTHER);
    for (state, moves) in [(&mut easy, 3), (&mut other, 5)] {
        let mut saver = open(&store, state);
        for _ in 0..moves {
            update(state, Action::Move(Direction::Right));
            update(state, Action::Digit(1));
        }
        persist(&mut saver, state);
        // Saves are ordered by their time in milliseconds: keep the two apart.
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    let listed = store.list_games();
    assert_eq!(listed.len(), 2);
    assert_eq!(
        listed[0].givens,
        other.game.classic_givens(),
        "most recent first"
    );
    for state in [&easy, &other] {
        let saved = store.open_game(&state.game.classic_givens()).unwrap().saved;
        assert_eq!(saved.value.unwrap().0, state.game);
    }
}

/// A scratch directory in memory where the system has one (`/dev/shm`): the
/// property test saves thousands of times, and each save syncs to disk.
fn scratch_dir() -> tempfile::TempDir {
    tempfile::tempdir_in("/dev/shm").unwrap_or_else(|_| tempfile::tempdir().unwrap())
}

#[test]
fn a_history_cut_back_and_regrown_between_saves_is_written_as_it_is_now() {
    let dir = scratch_dir();
    let store = Store::locate(Some(dir.path())).unwrap();
    let mut state = state_of(EASY);
    let mut saver = open(&store, &state);
    for digit in [1, 2, 4] {
        update(&mut state, Action::Digit(digit));
    }
    persist(&mut saver, &mut state);
    // Two undos then two new moves: the undo list is as long as before, but
    // its top entry is another position, and the redo list was emptied.
    update(&mut state, Action::Undo);
    update(&mut state, Action::Undo);
    update(&mut state, Action::Digit(7));
    update(&mut state, Action::Digit(8));
    persist(&mut saver, &mut state);
    drop(saver);
    let (game, _) = store
        .open_game(&state.game.classic_givens())
        .unwrap()
        .saved
        .value
        .unwrap();
    assert_eq!(game.undo, state.game.undo);
    assert_eq!(game.redo, state.game.redo);
    assert_eq!(game, state.game);
}

/// Every action a key can send that changes the game or its history.
fn any_action() -> impl Strategy<Value = Action> {
    // Mostly moves and undos, so histories are cut back and regrown between saves.
    prop_oneof![
        6 => (1u8..=9).prop_map(Action::Digit),
        3 => (0u8..9, 0u8..9).prop_map(|(row, col)| Action::Select { row, col }),
        3 => Just(Action::Undo),
        2 => Just(Action::Redo),
        1 => Just(Action::Erase),
        1 => Just(Action::TogglePencil),
        1 => Just(Action::CycleCandidates),
        1 => Just(Action::Hint),
        1 => Just(Action::Propagate),
        1 => Just(Action::Solve),
        1 => Just(Action::Confirm),
        1 => (1u64..5_000).prop_map(Action::Tick),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Saved after any of the actions (appending to the logs each time) and
    /// loaded at the end, the game is exactly the one in memory.
    #[test]
    fn any_reachable_game_saved_at_any_points_loads_back_exactly(
        actions in prop::collection::vec((any_action(), prop::bool::weighted(0.2)), 0..80)
    ) {
        let dir = scratch_dir();
        let store = Store::locate(Some(dir.path())).unwrap();
        let mut state = state_of(EASY);
        let mut saver = open(&store, &state);
        for (action, save) in actions {
            update(&mut state, action);
            if save {
                prop_assert!(persist(&mut saver, &mut state));
            }
        }
        prop_assert!(persist(&mut saver, &mut state));
        drop(saver);
        let saved = store.open_game(&state.game.classic_givens()).unwrap().saved;
        prop_assert!(saved.notice.is_none(), "{:?}", saved.notice);
        let (game, view) = saved.value.unwrap();
        prop_assert_eq!(&game, &state.game);
        prop_assert_eq!(view.candidates, state.candidates);
        prop_assert_eq!(view.pencil, state.pencil);
        prop_assert_eq!(view.selected, state.selected);
    }
}

/// Key-to-save time against history length (not asserted: printed for the
/// report). Run: `cargo test --test saves -- --ignored --nocapture key_to_save`.
#[test]
#[ignore]
fn key_to_save_time_by_history_length() {
    for &moves in &[1_000usize, 10_000, 100_000] {
        let dir = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).unwrap();
        let store = Store::locate(Some(dir.path())).unwrap();
        let mut state = state_of(EASY);
        let mut saver = open(&store, &state);
        for i in 0..moves {
            update(&mut state, Action::Digit(if i % 2 == 0 { 4 } else { 5 }));
        }
        persist(&mut saver, &mut state);
        let mut times = Vec::new();
        for i in 0..7 {
            let start = Instant::now();
            update(&mut state, Action::Digit(if i % 2 == 0 { 4 } else { 5 }));
            assert!(persist(&mut saver, &mut state));
            times.push(start.elapsed().as_secs_f64() * 1000.0);
        }
        times.sort_by(|a, b| a.total_cmp(b));
        println!(
            "moves {moves}: key-to-save median {:.2} ms (min {:.2}, max {:.2})",
            times[3], times[0], times[6]
        );
    }
}

/// Saves `state` after one more move, kept apart in time from the save before
/// (saves are ordered by their time in milliseconds).
fn play_and_save(saver: &mut Saver, state: &mut State) {
    std::thread::sleep(Duration::from_millis(5));
    update(state, Action::Move(Direction::Right));
    update(state, Action::Digit(1));
    persist(saver, state);
}

#[test]
fn the_latest_pointer_follows_the_newest_save_and_agrees_with_the_scan() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::locate(Some(dir.path())).unwrap();
    assert_eq!(store.latest_unfinished(), None, "nothing saved yet");
    let mut easy = state_of(EASY);
    let mut other = state_of(OTHER);
    let mut easy_saver = open(&store, &easy);
    let mut other_saver = open(&store, &other);
    for turn in [0, 1, 0] {
        let (saver, state) = if turn == 0 {
            (&mut easy_saver, &mut easy)
        } else {
            (&mut other_saver, &mut other)
        };
        play_and_save(saver, state);
        let latest = store.latest_unfinished().expect("the pointer answers");
        assert_eq!(
            latest.givens,
            state.game.classic_givens(),
            "the game saved last"
        );
        assert_eq!(latest, store.list_games()[0], "what the scan finds first");
    }
}

#[test]
fn a_missing_corrupt_stale_or_finished_pointer_gives_way_to_the_scan() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::locate(Some(dir.path())).unwrap();
    let pointer = dir.path().join("games").join("latest");
    let mut easy = state_of(EASY);
    let mut easy_saver = open(&store, &easy);
    play_and_save(&mut easy_saver, &mut easy);
    let good = fs::read_to_string(&pointer).unwrap();
    assert!(good.starts_with(EASY), "{good}");
    assert!(store.latest_unfinished().is_some());

    fs::remove_file(&pointer).unwrap();
    assert_eq!(store.latest_unfinished(), None, "missing");
    for garbage in ["", "not a pointer", &format!("{EASY} soon"), "../../etc 1"] {
        fs::write(&pointer, garbage).unwrap();
        assert_eq!(store.latest_unfinished(), None, "corrupt: {garbage:?}");
    }
    fs::remove_file(&pointer).unwrap();
    fs::create_dir(&pointer).unwrap();
    assert_eq!(store.latest_unfinished(), None, "not a file");
    fs::remove_dir(&pointer).unwrap();
    // Written for an earlier save of the game: the head has moved on since.
    let earlier = good.replace(' ', " 1");
    fs::write(&pointer, &earlier).unwrap();
    assert_eq!(store.latest_unfinished(), None, "stale: {earlier:?}");
    // A pointer to a game whose head is gone.
    fs::write(&pointer, format!("{OTHER} 1\n")).unwrap();
    assert_eq!(store.latest_unfinished(), None, "deleted");

    // Each save puts it right again; a finished game is not resumed from it.
    play_and_save(&mut easy_saver, &mut easy);
    assert!(store.latest_unfinished().is_some());
    std::thread::sleep(Duration::from_millis(5));
    easy.game.finished = true;
    persist(&mut easy_saver, &mut easy);
    assert!(fs::read_to_string(&pointer).unwrap().starts_with(EASY));
    assert_eq!(store.latest_unfinished(), None, "finished");
    // The scan still lists every save, the unreadable pointer aside.
    assert_eq!(store.list_games().len(), 1);
}

#[test]
fn a_read_only_second_player_does_not_move_the_pointer() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::locate(Some(dir.path())).unwrap();
    let mut easy = state_of(EASY);
    let mut other = state_of(OTHER);
    let mut easy_saver = open(&store, &easy);
    let mut other_saver = open(&store, &other);
    play_and_save(&mut easy_saver, &mut easy);
    play_and_save(&mut other_saver, &mut other);
    // A second player opens EASY (held by the first: read-only) and plays on.
    let second_store = store.clone();
    let read_only = thread::spawn(move || {
        let mut second = state_of(EASY);
        let mut saver = open(&second_store, &second);
        play_and_save(&mut saver, &mut second);
        saver.read_only()
    })
    .join()
    .unwrap();
    assert!(read_only, "the lock is held by the first player");
    let latest = store.latest_unfinished().expect("the pointer answers");
    assert_eq!(
        latest.givens,
        other.game.classic_givens(),
        "still the game saved last"
    );
    assert_eq!(latest, store.list_games()[0]);
}
