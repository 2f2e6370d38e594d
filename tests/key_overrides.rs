//! Key overrides by action name (`[keys]` in config.toml): the live table, the
//! help and the footer follow them, and a mistake is refused with its file and line.

use pencilmark::app::action::Action;
use pencilmark::app::config::Config;
use pencilmark::app::keymap::overrides::{self, action_name};
use pencilmark::app::keymap::{BINDINGS, Key, keymap};
use pencilmark::app::state::{Game, Overlay, State};
use pencilmark::app::update::update;
use pencilmark::engine::parse;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

mod common;

use common::player::screen;

const EASY: &str =
    "003020600900305001001806400008102900700000008006708200002609500800203009005010300";

fn state_with(config: &Config) -> State {
    let mut state = State::new(Game::new(parse::parse_line(EASY, 1).unwrap(), ""));
    state.key_overrides = config.keys.clone();
    state
}

fn press(c: char) -> KeyEvent {
    KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE)
}

/// The error `check` gives for a settings file's text, as the player prints it.
fn refusal(text: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    std::fs::write(&path, text).unwrap();
    let error = match Config::load(Some(&path)) {
        Ok(config) => overrides::check(&config).expect_err("the file is refused"),
        Err(error) => error,
    };
    let message = error.to_string();
    assert!(
        message.contains(&path.display().to_string()),
        "names the file: {message}"
    );
    message
}

#[test]
fn the_default_table_binds_no_key_twice_and_every_action_has_a_name() {
    overrides::check(&Config::default()).expect("the defaults are consistent");
    let clash = overrides::clash(&overrides::apply(&[]));
    assert!(
        clash.is_none(),
        "the built-in table binds a key twice: {clash:?}"
    );
    let names = overrides::names();
    for expected in [
        "hint",
        "undo",
        "redo",
        "move_up",
        "digit_5",
        "toggle_pencil",
        "scroll_up",
        "learn_step_next",
        "link_step_next",
        "quit",
    ] {
        assert!(
            names.iter().any(|n| n == expected),
            "{expected} in {names:?}"
        );
    }
    for binding in BINDINGS {
        assert!(!action_name(&binding.action).is_empty());
    }
}

#[test]
fn an_override_rebinds_the_action_and_the_help_and_footer_show_it() {
    let config = Config::parse("[keys]\nhint = \"?\"\nhelp = \"i\"\nundo = [\"u\", \"ctrl-u\"]\n")
        .expect("the file parses");
    overrides::check(&config).expect("no conflict");
    let mut state = state_with(&config);
    assert_eq!(keymap(press('?'), &state), Some(Action::Hint));
    assert_eq!(
        keymap(
            KeyEvent::new(KeyCode::Char('H'), KeyModifiers::SHIFT),
            &state
        ),
        None,
        "H no longer hints"
    );
    assert_eq!(keymap(press('i'), &state), Some(Action::Help));
    assert_eq!(
        keymap(
            KeyEvent::new(KeyCode::Char('z'), KeyModifiers::CONTROL),
            &state
        ),
        Some(Action::Suspend),
        "Ctrl-Z keeps working anywhere: the override cannot take it"
    );
    assert_eq!(
        keymap(
            KeyEvent::new(KeyCode::Char('u'), KeyModifiers::CONTROL),
            &state
        ),
        Some(Action::Undo),
        "a list gives the action every key in it"
    );
    let board = screen(&state, 120, 45);
    assert!(
        board.contains("i help  q quit  ? hint"),
        "the footer follows: {board}"
    );
    update(&mut state, Action::Help);
    assert_eq!(state.overlay, Overlay::Help);
    let help = screen(&state, 100, 45);
    let hint_row = help
        .lines()
        .find(|l| l.contains("hint: press again"))
        .unwrap_or_else(|| panic!("a hint row: {help}"));
    assert!(
        hint_row.contains("│?  "),
        "the help shows the new key: {hint_row}"
    );
}

#[test]
fn a_key_bound_twice_is_refused_with_its_line() {
    let message = refusal("theme = \"dark\"\n[keys]\nhint = \"?\"\nhelp = \"h\"\n");
    assert!(message.contains("line 4"), "{message}");
    assert!(
        message.contains("h is bound twice in Playing: to `move_left` and to `help`"),
        "{message}"
    );
    let message = refusal("[keys]\npause = \"ctrl-c\"\n");
    assert!(message.contains("Ctrl-C is bound twice"), "{message}");
}

#[test]
fn an_unknown_action_or_key_is_refused_with_its_line() {
    let message = refusal("# my keys\n[keys]\nhnt = \"?\"\n");
    assert!(message.contains("line 3"), "{message}");
    assert!(message.contains("unknown action `hnt`"), "{message}");
    assert!(message.contains("did you mean `hint`?"), "{message}");
    let message = refusal("[keys]\nundo = \"ctrl-zz\"\n");
    assert!(message.contains("line 2"), "{message}");
    assert!(
        message.contains("undo = \"ctrl-zz\": unknown key"),
        "{message}"
    );
    let message = refusal("[keys]\n\nundo = 3\n");
    assert!(message.contains("line 3"), "{message}");
    assert!(message.contains("keys.undo"), "{message}");
}

#[test]
fn keys_are_written_as_characters_names_or_ctrl() {
    assert_eq!(Key::parse("H"), Some(Key::Char('H')));
    assert_eq!(Key::parse("space"), Some(Key::Char(' ')));
    assert_eq!(Key::parse("Ctrl-Z"), Some(Key::Ctrl('z')));
    assert_eq!(Key::parse("alt-C"), Some(Key::Alt('C')));
    assert_eq!(Key::parse("Alt-c"), Some(Key::Alt('c')));
    assert_eq!(Key::parse("alt-"), None);
    assert_eq!(Key::parse("PgDn"), Some(Key::PageDown));
    assert_eq!(Key::parse("shift-tab"), Some(Key::BackTab));
    assert_eq!(Key::parse("f13"), None);
}
