//! End to end, the keys everyone expects and the terminal's faults: Esc, Ctrl-C,
//! Ctrl-Z, a too-small window, a hangup, TERM=dumb; and the new-game screen and
//! assists as the real binary shows them.

#[path = "common/session.rs"]
mod session;

use std::thread;
use std::time::{Duration, Instant};

use session::{COLS, EASY, ESC, PATIENCE, ROWS, Session, head};

// The keys everyone expects, and the terminal's faults.

#[test]
fn esc_dismisses_a_hint_without_quitting() {
    let data = tempfile::tempdir().unwrap();
    let mut session = Session::start(&["play", EASY], data.path());
    session.wait_for("Filled  32/81");
    session.keys("H");
    session.wait_for("Hint: Look at");
    session.keys(ESC);
    session.wait_gone("Hint: Look at");
    // Still playing: a digit goes on the board.
    session.keys("4");
    session.wait_for("Filled  33/81");
    assert!(
        session.child.try_wait().unwrap().is_none(),
        "Esc never quits"
    );
    session.keys("q");
    assert!(session.wait_exit().success());
}

#[test]
fn ctrl_c_quits_with_status_0_the_terminal_restored_and_the_save_named() {
    let data = tempfile::tempdir().unwrap();
    let mut session = Session::start(&["play", EASY], data.path());
    session.wait_for("Filled  32/81");
    session.keys("4");
    session.wait_for("Filled  33/81");
    session.keys("\x03");
    let status = session.wait_exit();
    assert!(status.success(), "exit status {status:?}");
    let parser = session.screen.lock().unwrap();
    assert!(!parser.screen().alternate_screen());
    assert_eq!(
        parser.screen().mouse_protocol_mode(),
        vt100::MouseProtocolMode::None
    );
    assert!(
        parser
            .screen()
            .contents()
            .contains("saved; run pencilmark to resume"),
        "{}",
        parser.screen().contents()
    );
    let saved = std::fs::read_to_string(head(data.path(), EASY)).unwrap();
    assert!(saved.contains("\"digits\":\"4.3.2.6"), "{saved}");
}

#[test]
fn a_key_pressed_while_the_terminal_is_too_small_changes_nothing() {
    let data = tempfile::tempdir().unwrap();
    let mut session = Session::start_with(&["play", EASY], data.path(), (15, 50), "xterm");
    session.wait_for("terminal too small");
    session.wait_for("press q to quit");
    // A digit, erase, hint, solve and yes, and a move: none may act blind.
    session.keys("4");
    session.keys("H");
    session.keys("Sy");
    session.keys("A");
    session.resize(ROWS, COLS);
    session.wait_for("Filled  32/81");
    assert!(!session.text().contains("Hint:"), "{}", session.text());
    assert!(session.text().contains("Hints   0"), "{}", session.text());
    session.keys("q");
    assert!(session.wait_exit().success());
}

#[test]
fn a_hangup_leaves_a_complete_save_and_no_abort() {
    let data = tempfile::tempdir().unwrap();
    let mut session = Session::start(&["play", EASY], data.path());
    session.wait_for("Filled  32/81");
    session.keys("4l8");
    session.wait_for("Filled  34/81");
    session.hang_up();
    let status = session.wait_exit();
    assert!(status.success(), "a clean end, not an abort: {status:?}");
    let saved = std::fs::read_to_string(head(data.path(), EASY)).unwrap();
    let head: serde_json::Value = serde_json::from_str(&saved).expect("a whole JSON head");
    assert_eq!(head["position"]["digits"].as_str().unwrap()[..3], *"483");
    assert_eq!(head["undo"], 2, "both moves in the history");
    let log = data.path().join("games").join(format!("{EASY}.undo"));
    assert_eq!(
        std::fs::metadata(log).unwrap().len(),
        2 * pencilmark::store::record::RECORD as u64
    );
}

#[test]
fn a_dumb_terminal_is_refused_clearly() {
    let data = tempfile::tempdir().unwrap();
    let mut session = Session::start_with(&["play", EASY], data.path(), (ROWS, COLS), "dumb");
    let status = session.wait_exit();
    assert_eq!(status.exit_code(), 2);
    assert!(session.text().contains("TERM=dumb"), "{}", session.text());
}

#[cfg(unix)]
#[test]
fn ctrl_z_gives_the_terminal_back_and_continuing_repaints_the_board() {
    let data = tempfile::tempdir().unwrap();
    let mut session = Session::start(&["play", EASY], data.path());
    session.wait_for("Filled  32/81");
    session.keys("\x1a");
    let start = Instant::now();
    while session.screen.lock().unwrap().screen().alternate_screen() {
        assert!(
            start.elapsed() < PATIENCE,
            "Ctrl-Z left the board on screen"
        );
        thread::sleep(Duration::from_millis(20));
    }
    // What `fg` does: continue the stopped process.
    let pid = session.child.process_id().expect("a process id");
    let continued = std::process::Command::new("kill")
        .args(["-CONT", &pid.to_string()])
        .status()
        .unwrap();
    assert!(continued.success());
    session.wait_for("Filled  32/81");
    assert!(session.screen.lock().unwrap().screen().alternate_screen());
    // Raw mode again: a key acts at once, without Enter.
    session.keys("4");
    session.wait_for("Filled  33/81");
    session.keys("q");
    assert!(session.wait_exit().success());
}

#[test]
fn propagating_an_easy_puzzle_shows_an_assisted_win_on_screen_and_in_stats() {
    let data = tempfile::tempdir().unwrap();
    let mut session = Session::start(&["play", EASY], data.path());
    session.wait_for("Filled  32/81");
    session.keys("A");
    session.wait_for("Filled  81/81");
    session.wait_for("Solved, with help.");
    session.wait_for("Assists: 1 propagation");
    session.keys("q");
    assert!(session.wait_exit().success());
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_pencilmark"))
        .args(["stats", "--json", "--data-dir"])
        .arg(data.path())
        .output()
        .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let easy = &json["levels"]["easy"];
    assert_eq!(easy["finished"], 1, "{json}");
    assert_eq!(easy["unaided"], 0, "{json}");
    assert_eq!(easy["assisted"], 1, "{json}");
    assert!(easy["best_ms"].is_null(), "{json}");
}

#[test]
fn the_new_game_screen_opens_a_famous_puzzle_and_continues_the_saved_one() {
    let data = tempfile::tempdir().unwrap();
    let mut session = Session::start(&["play", EASY], data.path());
    session.wait_for("Filled  32/81");
    session.keys("4");
    session.wait_for("Filled  33/81");
    session.keys("n");
    session.wait_for("New game");
    session.keys("f");
    session.keys("\r");
    session.wait_gone("Level  <");
    session.wait_gone("Filled  33/81");
    // Back through the continue list: the first game, with its move.
    session.keys("n");
    session.wait_for("Saved games");
    session.wait_for("33/81");
    // Newest save first: the famous game on screen comes before ours once it
    // has been saved, which on a loaded machine may not have happened yet.
    session.keys("c");
    let list = session.text();
    let ours = list.find("33/81");
    if list
        .find("21/81")
        .is_some_and(|famous| ours.is_some_and(|o| famous < o))
    {
        session.keys("j");
    }
    session.keys("\r");
    session.wait_for("Welcome back");
    session.wait_for("Filled  33/81");
    session.keys("q");
    assert!(session.wait_exit().success());
    assert_eq!(
        std::fs::read_dir(data.path().join("games"))
            .unwrap()
            .filter(|e| e
                .as_ref()
                .unwrap()
                .path()
                .extension()
                .is_some_and(|x| x == "json"))
            .count(),
        2,
        "both games are saved"
    );
}

#[test]
fn a_first_launch_says_how_to_start_another_game() {
    let data = tempfile::tempdir().unwrap();
    let mut session = Session::start(&[], data.path());
    session.wait_for("Press n for a new game");
    session.keys("q");
    assert!(session.wait_exit().success());
}

#[test]
fn a_stale_pointer_to_the_last_game_gives_way_to_reading_every_save() {
    const OTHER: &str =
        "200080300060070084030500209000105408000000000402706000301007040720040060004010003";
    let data = tempfile::tempdir().unwrap();
    for (puzzle, before, keys, after) in [
        (EASY, "Filled  32/81", "4", "Filled  33/81"),
        (OTHER, "Filled  30/81", "l4", "Filled  31/81"),
    ] {
        let mut session = Session::start(&["play", puzzle], data.path());
        session.wait_for(before);
        session.keys(keys);
        session.wait_for(after);
        session.keys("q");
        assert!(session.wait_exit().success());
        drop(session);
        // Saves are ordered by their time in milliseconds: keep the two apart.
        thread::sleep(Duration::from_millis(5));
    }
    // The pointer names the older game, for a save its head no longer holds:
    // the scan decides, and the game saved last (OTHER) is resumed.
    let pointer = data.path().join("games").join("latest");
    assert!(
        std::fs::read_to_string(&pointer)
            .unwrap()
            .starts_with(OTHER)
    );
    std::fs::write(&pointer, format!("{EASY} 1\n")).unwrap();
    let mut session = Session::start(&[], data.path());
    session.wait_for("Filled  31/81");
    session.keys("q");
    assert!(session.wait_exit().success());
    assert!(
        std::fs::read_to_string(&pointer)
            .unwrap()
            .starts_with(OTHER),
        "quitting saved, and the pointer is right again"
    );
}
