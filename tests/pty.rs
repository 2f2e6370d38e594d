//! End to end: the real binary in a pseudo-terminal at a fixed size, keys typed
//! in, the screen read back through a vt100 parser.

#[path = "common/session.rs"]
mod session;

use session::{EASY, END, ESC, Session, cell_middle, head};

#[test]
fn play_places_hints_solves_and_quits_cleanly() {
    let data = tempfile::tempdir().unwrap();
    let mut session = Session::start(&["play", EASY], data.path());
    session.wait_for("Filled  32/81");
    // The givens are on the board: row 1 is `..3.2.6..`.
    let (y, x) = cell_middle(1, 3);
    assert_eq!(session.at(y, x), "3");
    let (y, x) = cell_middle(1, 7);
    assert_eq!(session.at(y, x), "6");
    assert!(session.screen.lock().unwrap().screen().alternate_screen());

    // r1c1 is selected at the start; its solution digit is 4.
    session.keys("4");
    session.wait_for("Filled  33/81");
    let (y, x) = cell_middle(1, 1);
    assert_eq!(session.at(y, x), "4");

    session.keys("H");
    session.wait_for("Hint: Look at");

    // A left click (SGR mouse report, one-based) on the middle of r5c5 selects it.
    let (y, x) = cell_middle(5, 5);
    session.keys(&format!(
        "\x1b[<0;{};{}M\x1b[<0;{};{}m",
        x + 1,
        y + 1,
        x + 1,
        y + 1
    ));
    session.wait_for("Cell    r5c5");

    session.keys("S");
    session.wait_for("Fill in the whole solution?");
    session.keys("y");
    session.wait_for("Filled  81/81");
    session.wait_for("Solved by the computer");

    session.keys("q");
    let status = session.wait_exit();
    assert!(status.success(), "exit status {status:?}");
    let parser = session.screen.lock().unwrap();
    assert!(
        !parser.screen().alternate_screen(),
        "the alternate screen is left"
    );
    assert_eq!(
        parser.screen().mouse_protocol_mode(),
        vt100::MouseProtocolMode::None,
        "mouse capture is off"
    );
    assert!(head(data.path(), EASY).exists(), "the game was saved");
}

#[test]
fn a_quit_game_resumes_where_it_was() {
    let data = tempfile::tempdir().unwrap();
    let mut first = Session::start(&["play", EASY], data.path());
    first.wait_for("Filled  32/81");
    first.keys("4l8");
    first.wait_for("Filled  34/81");
    first.keys("q");
    assert!(first.wait_exit().success());
    drop(first);

    let mut second = Session::start(&[], data.path());
    second.wait_for("Welcome back");
    second.wait_for("Filled  34/81");
    let (y, x) = cell_middle(1, 2);
    assert_eq!(second.at(y, x), "8");
    second.keys("u");
    second.wait_for("Filled  33/81");
    second.keys("q");
    assert!(second.wait_exit().success());
}

#[cfg(unix)]
#[test]
fn sigterm_saves_the_game_before_leaving() {
    signal_saves_the_game_before_leaving("-TERM");
}

#[cfg(unix)]
#[test]
fn sighup_saves_the_game_before_leaving() {
    signal_saves_the_game_before_leaving("-HUP");
}

#[cfg(unix)]
fn signal_saves_the_game_before_leaving(signal: &str) {
    let data = tempfile::tempdir().unwrap();
    let mut session = Session::start(&["play", EASY], data.path());
    session.wait_for("Filled  32/81");
    session.keys("4");
    session.wait_for("Filled  33/81");
    let pid = session.child.process_id().expect("a process id");
    let killed = std::process::Command::new("kill")
        .args([signal, &pid.to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    session.wait_exit();
    assert!(!session.screen.lock().unwrap().screen().alternate_screen());
    let saved = std::fs::read_to_string(head(data.path(), EASY)).unwrap();
    assert!(saved.contains("\"digits\":\"4.3.2.6"), "{saved}");
}

#[test]
fn a_corrupt_save_is_reported_on_screen_and_a_new_game_starts() {
    let data = tempfile::tempdir().unwrap();
    let games = data.path().join("games");
    std::fs::create_dir_all(&games).unwrap();
    std::fs::write(head(data.path(), EASY), "not json at all").unwrap();
    let mut session = Session::start(&["play", EASY], data.path());
    session.wait_for("could not be read");
    session.wait_for("Filled  32/81");
    session.keys("q");
    assert!(session.wait_exit().success());
    let names: Vec<String> = std::fs::read_dir(&games)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .collect();
    assert!(
        names
            .iter()
            .any(|n| n.starts_with(&format!("{EASY}.json.corrupt-"))),
        "{names:?}"
    );
    assert!(head(data.path(), EASY).exists(), "the new game is saved");
}

#[test]
fn two_puzzles_played_in_turn_are_both_resumed_with_their_progress() {
    const OTHER: &str =
        "200080300060070084030500209000105408000000000402706000301007040720040060004010003";
    let data = tempfile::tempdir().unwrap();
    // Two moves on the first puzzle (r1c1 = 4, r1c2 = 8).
    let mut session = Session::start(&["play", EASY], data.path());
    session.wait_for("Filled  32/81");
    session.keys("4l8");
    session.wait_for("Filled  34/81");
    session.keys("q");
    assert!(session.wait_exit().success());
    drop(session);
    // One move on the second (r1c2 = 4).
    let mut session = Session::start(&["play", OTHER], data.path());
    session.wait_for("Filled  30/81");
    session.keys("l4");
    session.wait_for("Filled  31/81");
    session.keys("q");
    assert!(session.wait_exit().success());
    drop(session);
    // The first puzzle again: where it was left, not from zero.
    let mut session = Session::start(&["play", EASY], data.path());
    session.wait_for("Welcome back");
    session.wait_for("Filled  34/81");
    session.keys("q");
    assert!(session.wait_exit().success());
    drop(session);
    // Plain `pencilmark` resumes the most recent one: the first, just opened.
    let mut session = Session::start(&[], data.path());
    session.wait_for("Filled  34/81");
    session.keys("q");
    assert!(session.wait_exit().success());
    drop(session);
    // And the second kept its move.
    let mut session = Session::start(&["play", OTHER], data.path());
    session.wait_for("Welcome back");
    session.wait_for("Filled  31/81");
    session.keys("q");
    assert!(session.wait_exit().success());
}

#[test]
fn difficulty_opens_a_bundled_puzzle_of_that_level() {
    let data = tempfile::tempdir().unwrap();
    let mut session = Session::start(&["play", "--difficulty", "hard"], data.path());
    session.wait_for("Hard #");
    session.wait_for("Grade   Hard");
    session.keys("q");
    assert!(session.wait_exit().success());
}

#[test]
fn without_a_terminal_play_says_so_and_exits_2() {
    let data = tempfile::tempdir().unwrap();
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_pencilmark"))
        .args(["play", "--data-dir"])
        .arg(data.path())
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("not a terminal"), "{stderr}");
}

// Learn mode (`L`): events on screen, back, a rule toggle, Esc, and keeping the result.

#[test]
fn learn_mode_steps_events_on_screen_and_esc_leaves_the_game_as_it_was() {
    let data = tempfile::tempdir().expect("a data directory");
    let mut session = Session::start(&["play", EASY], data.path());
    session.wait_for("Filled  32/81");
    session.keys("L");
    session.wait_for("Rules  peers + hidden singles");
    session.wait_for("Order  fewest candidates first");
    session.wait_for("Press Space");
    session.keys(" ");
    session.wait_for("assign r1c3 = 3 (given)");
    session.wait_for("Event 1 of");
    session.keys(" ");
    session.wait_for("eliminate 3 from r1c1, r1c2, r1c4");
    session.keys("n");
    session.wait_for("eliminate 1, 2, 4, 5, 6, 7, 8, 9");
    session.wait_for("(it holds 3)");
    session.wait_for("Event 3 of");
    session.keys("b");
    session.wait_for("Event 2 of");
    session.wait_for("(peers of r1c3)");
    // Toggling a rule restarts the run under the new setting.
    session.keys("u");
    session.wait_for("Rules  peers only");
    session.keys(ESC);
    session.wait_gone("Learn mode");
    session.wait_for("Filled  32/81");
    session.keys("q");
    assert!(session.wait_exit().success());
}

#[test]
fn question_mark_and_q_work_in_learn_mode() {
    let data = tempfile::tempdir().expect("a data directory");
    let mut session = Session::start(&["play", EASY], data.path());
    session.wait_for("Filled  32/81");
    session.keys("L");
    session.wait_for("Press Space");
    session.keys("?");
    session.wait_for("Keys: learn mode");
    session.wait_for("next event");
    session.keys(ESC);
    session.wait_gone("Keys: learn mode");
    session.wait_for("Press Space");
    session.keys("q");
    assert!(session.wait_exit().success(), "q quits from learn mode");
    assert!(
        session.text().contains("saved; run pencilmark to resume"),
        "{}",
        session.text()
    );
}

#[test]
fn keeping_the_learn_result_fills_the_board() {
    let data = tempfile::tempdir().expect("a data directory");
    let mut session = Session::start(&["play", EASY], data.path());
    session.wait_for("Filled  32/81");
    session.keys("L");
    session.wait_for("Press Space");
    session.keys(END);
    session.wait_for("solved: every cell has a digit");
    session.wait_for("All four settings");
    session.keys("k");
    session.wait_gone("Learn mode");
    session.wait_for("Filled  81/81");
}

#[test]
fn a_bad_settings_file_is_refused_with_its_line_and_exit_2() {
    let data = tempfile::tempdir().unwrap();
    let config = data.path().join("config.toml");
    std::fs::write(&config, "# settings\ntheme = \"purple\"\n").unwrap();
    let mut session = Session::start(
        &["play", EASY, "--config", config.to_str().unwrap()],
        data.path(),
    );
    let status = session.wait_exit();
    assert_eq!(status.exit_code(), 2);
    let text = session.text();
    assert!(text.contains("line 2"), "{text}");
    assert!(
        text.contains("dark, light, high-contrast or mono"),
        "{text}"
    );
}

#[test]
fn the_theme_flag_and_file_are_accepted() {
    let data = tempfile::tempdir().unwrap();
    let config = data.path().join("config.toml");
    std::fs::write(&config, "theme = \"light\"\n").unwrap();
    let mut session = Session::start(
        &["play", EASY, "--config", config.to_str().unwrap()],
        data.path(),
    );
    session.wait_for("Filled  32/81");
    session.keys("q");
    assert!(session.wait_exit().success());
    let mut session = Session::start(&["play", EASY, "--theme", "high-contrast"], data.path());
    session.wait_for("Filled  32/81");
    session.keys("q");
    assert!(session.wait_exit().success());
}

#[test]
fn key_overrides_from_the_settings_file_rebind_keys_or_stop_with_the_line() {
    let data = tempfile::tempdir().unwrap();
    let config = data.path().join("config.toml");
    std::fs::write(&config, "[keys]\nhint = \"?\"\nhelp = \"i\"\n").unwrap();
    let config_arg = config.to_str().unwrap();
    let mut session = Session::start(&["play", EASY, "--config", config_arg], data.path());
    session.wait_for("Filled  32/81");
    session.keys("?");
    session.wait_for("Hint:");
    session.keys("i");
    session.wait_for("Keys");
    session.keys(ESC);
    session.keys("q");
    assert!(session.wait_exit().success());
    std::fs::write(&config, "[keys]\nhint = \"?\"\nhelp = \"h\"\n").unwrap();
    let mut session = Session::start(&["play", EASY, "--config", config_arg], data.path());
    assert_eq!(session.wait_exit().exit_code(), 2);
    let text = session.text();
    assert!(text.contains("line 3"), "{text}");
    assert!(text.contains("h is bound twice"), "{text}");
}

#[test]
fn g_on_the_new_game_screen_opens_a_generated_puzzle() {
    let data = tempfile::tempdir().unwrap();
    let mut session = Session::start(&["play", EASY], data.path());
    session.wait_for("Filled  32/81");
    session.keys("n");
    session.wait_for("New game");
    // The easiest level: generated in well under a second even in a debug build.
    session.keys("hhhhh");
    session.keys("g");
    session.wait_for("Generated easy");
    session.wait_gone("a newly generated");
    session.keys("q");
    assert!(session.wait_exit().success());
}
