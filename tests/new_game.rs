//! The new-game screen (`n` at any time): levels, generated and famous puzzles,
//! a pasted puzzle, restart and delete behind a question, the saved games.

use pencilmark::app::action::Action;
use pencilmark::app::keymap::keymap;
use pencilmark::app::menu::{MenuAction, Question, Row, SavedRow};
use pencilmark::app::state::{Game, Overlay, State};
use pencilmark::app::update::{Effect, menu, update};
use pencilmark::engine::grade::Level;
use pencilmark::engine::parse;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

mod common;

use common::player::screen;

const EASY: &str =
    "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
const OTHER: &str =
    "200080300060070084030500209000105408000000000402706000301007040720040060004010003";

fn new_state() -> State {
    State::new(Game::new(parse::parse_line(EASY, 1).unwrap(), ""))
}

fn saved(puzzle: &str, filled: usize) -> SavedRow {
    SavedRow {
        givens: parse::parse_line(puzzle, 1).unwrap(),
        name: "Saved".to_string(),
        level: Some(Level::ALL[2]),
        filled,
        elapsed_ms: 754_000,
        finished: false,
    }
}

/// Sends each key through the table; the last effect.
fn keys(state: &mut State, codes: &[KeyCode]) -> Effect {
    let mut effect = Effect::None;
    for &code in codes {
        let event = KeyEvent::new(code, KeyModifiers::NONE);
        if let Some(action) = keymap(event, state) {
            effect = update(state, action);
        }
    }
    effect
}

fn chars(text: &str) -> Vec<KeyCode> {
    text.chars().map(KeyCode::Char).collect()
}

#[test]
fn n_opens_the_screen_from_the_board_and_esc_cancels() {
    let mut state = new_state();
    assert_eq!(keys(&mut state, &chars("n")), Effect::ListGames);
    menu::open(&mut state, vec![saved(OTHER, 40)]);
    assert_eq!(state.overlay, Overlay::NewGame);
    let text = screen(&state, 80, 24);
    for wanted in [
        "New game",
        "Level",
        "bundled",
        "generated",
        "paste",
        "restart",
    ] {
        assert!(text.contains(wanted), "{wanted} in:\n{text}");
    }
    assert!(text.contains("40/81") && text.contains("12:34"), "{text}");
    keys(&mut state, &[KeyCode::Esc]);
    assert_eq!(state.overlay, Overlay::None);
    assert!(state.menu.is_none());
    assert!(state.running);
}

#[test]
fn the_level_changes_with_the_arrows_and_b_and_g_ask_for_that_level() {
    let mut state = new_state();
    menu::open(&mut state, Vec::new());
    let start = state.menu.as_ref().unwrap().level;
    keys(&mut state, &[KeyCode::Right, KeyCode::Right]);
    let harder = state.menu.as_ref().unwrap().level;
    assert!(harder > start);
    assert_eq!(keys(&mut state, &chars("b")), Effect::OpenBundled(harder));
    assert_eq!(keys(&mut state, &chars("g")), Effect::Generate(harder));
    keys(&mut state, &[KeyCode::Esc]);
    keys(&mut state, &[KeyCode::Left; 9]);
    assert_eq!(state.menu.as_ref().unwrap().level, Level::ALL[0]);
}

#[test]
fn a_famous_puzzle_opens_with_its_name() {
    let mut state = new_state();
    menu::open(&mut state, Vec::new());
    keys(&mut state, &chars("f"));
    assert!(matches!(
        state.menu.as_ref().unwrap().current(),
        Row::Famous(0)
    ));
    match keys(&mut state, &[KeyCode::Enter]) {
        Effect::Open { name, .. } => assert!(!name.is_empty()),
        other => panic!("no famous puzzle opened: {other:?}"),
    }
}

#[test]
fn a_pasted_puzzle_opens_and_a_bad_one_says_why() {
    let mut state = new_state();
    menu::open(&mut state, Vec::new());
    keys(&mut state, &chars("p"));
    assert!(state.menu.as_ref().unwrap().paste.is_some());
    // Letters are text on the paste line, not menu keys.
    keys(&mut state, &chars("12x"));
    keys(&mut state, &[KeyCode::Enter]);
    let error = state.menu.as_ref().unwrap().error.clone().unwrap();
    assert!(error.contains("does not read"), "{error}");
    keys(&mut state, &[KeyCode::Backspace; 3]);
    assert_eq!(
        keys(
            &mut state,
            &chars(OTHER)
                .into_iter()
                .chain([KeyCode::Enter])
                .collect::<Vec<_>>()
        ),
        Effect::Open {
            givens: parse::parse_line(OTHER, 1).unwrap(),
            name: "Pasted".to_string()
        }
    );
}

#[test]
fn restart_asks_first_and_then_starts_the_puzzle_over() {
    let mut state = new_state();
    update(&mut state, Action::Digit(4));
    update(&mut state, Action::Tick(5_000));
    menu::open(&mut state, Vec::new());
    keys(&mut state, &chars("r"));
    assert_eq!(
        state.menu.as_ref().unwrap().question,
        Some(Question::Restart)
    );
    // Anything but y keeps the game.
    keys(&mut state, &chars("x"));
    assert_eq!(state.game.position.digits().filled(), 33);
    keys(&mut state, &chars("ry"));
    assert_eq!(state.game.position.digits().filled(), 32);
    assert_eq!(state.game.elapsed_ms, 0);
    assert!(state.game.undo.is_empty());
    assert_eq!(state.overlay, Overlay::None);
}

#[test]
fn a_saved_game_continues_or_is_deleted_after_a_question() {
    let mut state = new_state();
    menu::open(&mut state, vec![saved(OTHER, 40), saved(EASY, 33)]);
    keys(&mut state, &chars("c"));
    assert_eq!(state.menu.as_ref().unwrap().current(), Row::Saved(0));
    keys(&mut state, &chars("d"));
    assert_eq!(
        state.menu.as_ref().unwrap().question,
        Some(Question::Delete(0))
    );
    assert!(screen(&state, 80, 24).contains("y deletes"));
    // No: nothing deleted.
    assert_eq!(keys(&mut state, &chars("n")), Effect::None);
    keys(&mut state, &chars("d"));
    assert_eq!(
        keys(&mut state, &chars("y")),
        Effect::Delete(parse::parse_line(OTHER, 1).unwrap())
    );
    // The game on screen cannot be deleted from under the player.
    keys(&mut state, &[KeyCode::Down]);
    assert_eq!(state.menu.as_ref().unwrap().current(), Row::Saved(1));
    keys(&mut state, &chars("d"));
    assert!(state.menu.as_ref().unwrap().question.is_none());
    assert!(state.menu.as_ref().unwrap().error.is_some());
    assert_eq!(
        keys(&mut state, &[KeyCode::Enter]),
        Effect::Open {
            givens: parse::parse_line(EASY, 1).unwrap(),
            name: "Saved".to_string()
        }
    );
}

#[test]
fn the_screen_renders_at_every_size_without_panicking() {
    let mut state = new_state();
    menu::open(&mut state, (0..30).map(|i| saved(OTHER, 30 + i)).collect());
    keys(&mut state, &[KeyCode::Up]);
    for (width, height) in [(64, 20), (80, 24), (120, 45), (200, 60)] {
        let text = screen(&state, width, height);
        assert!(text.contains("New game"), "{width}x{height}");
        // The cursor (on the last saved game) is scrolled into view.
        assert!(text.contains("59/81"), "{width}x{height}:\n{text}");
    }
    let _ = MenuAction::Up;
}

#[test]
fn the_screen_at_80x24_snapshot() {
    let mut state = new_state();
    keys(&mut state, &[KeyCode::Char('n')]);
    menu::open(&mut state, vec![saved(OTHER, 40)]);
    let text: Vec<String> = screen(&state, 80, 24)
        .lines()
        .map(|line| line.trim_end().to_string())
        .collect();
    insta::assert_snapshot!("new_game_80x24", text.join("\n"));
}

#[test]
fn a_generated_puzzle_arrives_as_news_while_the_screen_stays_live() {
    use pencilmark::app::menu::GenerationNews;
    let mut state = new_state();
    menu::open(&mut state, Vec::new());
    let level = state.menu.as_ref().unwrap().level;
    assert_eq!(keys(&mut state, &chars("g")), Effect::Generate(level));
    assert!(state.menu.as_ref().unwrap().generating.is_some());
    assert_eq!(
        keys(&mut state, &chars("b")),
        Effect::None,
        "other keys wait for the puzzle"
    );
    update(&mut state, Action::Tick(2_000));
    update(
        &mut state,
        Action::Generation(GenerationNews::Attempt { level, attempts: 7 }),
    );
    let text = screen(&state, 80, 24);
    assert!(text.contains("7 tried, 00:02 (Esc cancels)"), "{text}");
    let effect = update(
        &mut state,
        Action::Generation(GenerationNews::Done {
            level,
            puzzle: OTHER.to_string(),
        }),
    );
    assert_eq!(
        effect,
        Effect::Open {
            givens: parse::parse_line(OTHER, 1).unwrap(),
            name: format!("Generated {}", level.key()),
        }
    );
    assert!(state.menu.as_ref().unwrap().generating.is_none());
}

#[test]
fn esc_cancels_a_generation_and_its_late_news_is_dropped() {
    use pencilmark::app::menu::GenerationNews;
    let mut state = new_state();
    menu::open(&mut state, Vec::new());
    let level = state.menu.as_ref().unwrap().level;
    keys(&mut state, &chars("g"));
    keys(&mut state, &[KeyCode::Esc]);
    let menu = state.menu.as_ref().expect("the screen stays open");
    assert!(menu.generating.is_none());
    assert_eq!(menu.error.as_deref(), Some("Generation cancelled"));
    let late = Action::Generation(GenerationNews::Done {
        level,
        puzzle: OTHER.to_string(),
    });
    assert_eq!(update(&mut state, late), Effect::None);
    // A failure is told on the screen.
    keys(&mut state, &chars("g"));
    update(
        &mut state,
        Action::Generation(GenerationNews::Failed {
            level,
            error: "no luck".to_string(),
        }),
    );
    assert_eq!(
        state.menu.as_ref().unwrap().error.as_deref(),
        Some("No puzzle generated: no luck")
    );
}

#[test]
fn the_worker_sends_a_puzzle_of_the_level() {
    use pencilmark::app::menu::GenerationNews;
    let (news, received) = std::sync::mpsc::channel();
    pencilmark::app::run::spawn_generator(Level::ALL[0], move |action| news.send(action).is_ok());
    loop {
        let action = received
            .recv_timeout(std::time::Duration::from_secs(120))
            .expect("the worker reports");
        match action {
            Action::Generation(GenerationNews::Attempt { .. }) => continue,
            Action::Generation(GenerationNews::Done { level, puzzle }) => {
                assert_eq!(level, Level::ALL[0]);
                let givens = parse::parse_line(&puzzle, 1).unwrap();
                let graded = pencilmark::engine::grade::grade(&givens);
                assert_eq!(graded.level, Level::ALL[0]);
                break;
            }
            other => panic!("unexpected news {other:?}"),
        }
    }
}
