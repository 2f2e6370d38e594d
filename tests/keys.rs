//! The keys everyone expects, through the one key table and `update`: Esc never
//! quits, Ctrl-C and Ctrl-Z work everywhere, the too-small screen ignores every
//! key but quit, Tab jumps to empty cells, `f` highlights, `P` pauses, and the
//! clock runs only while the player plays.

use pencilmark::app::action::Action;
use pencilmark::app::keymap::keymap;
use pencilmark::app::state::{Game, Overlay, State};
use pencilmark::app::update::{Effect, update};
use pencilmark::engine::{Cell, Digit, parse};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

const EASY: &str =
    "003020600900305001001806400008102900700000008006708200002609500800203009005010300";

fn new_state() -> State {
    State::new(Game::new(parse::parse_line(EASY, 1).unwrap(), ""))
}

fn key(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

fn ctrl(c: char) -> KeyEvent {
    KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL)
}

/// Sends a key through the table; what `update` asked the loop to do.
fn press(state: &mut State, event: KeyEvent) -> Option<Effect> {
    keymap(event, state).map(|action| update(state, action))
}

fn cell(name: &str) -> Cell {
    Cell::parse(name).unwrap()
}

#[test]
fn esc_dismisses_the_hint_then_pencil_mode_and_never_quits() {
    let mut state = new_state();
    press(&mut state, key(KeyCode::Char('H')));
    assert!(state.hint.is_some());
    press(&mut state, key(KeyCode::Char('p')));
    assert!(state.pencil);
    press(&mut state, key(KeyCode::Esc));
    assert!(state.hint.is_none(), "the hint goes first");
    assert!(state.pencil);
    press(&mut state, key(KeyCode::Esc));
    assert!(!state.pencil, "then pencil mode");
    for _ in 0..3 {
        press(&mut state, key(KeyCode::Esc));
    }
    assert!(state.running, "Esc never quits");
}

#[test]
fn esc_closes_the_topmost_overlay() {
    let mut state = new_state();
    press(&mut state, key(KeyCode::Char('?')));
    assert_eq!(state.overlay, Overlay::Help);
    press(&mut state, key(KeyCode::Esc));
    assert_eq!(state.overlay, Overlay::None);
    press(&mut state, key(KeyCode::Char('S')));
    assert_eq!(state.overlay, Overlay::ConfirmSolve);
    press(&mut state, key(KeyCode::Esc));
    assert_eq!(state.overlay, Overlay::None);
    assert!(!state.game.finished);
    assert!(state.running);
}

#[test]
fn ctrl_c_quits_and_ctrl_z_suspends_from_everywhere() {
    let mut state = new_state();
    for open in ["", "?", "S", "P", "L"] {
        let mut state = new_state();
        for c in open.chars() {
            press(&mut state, key(KeyCode::Char(c)));
        }
        assert_eq!(
            keymap(ctrl('c'), &state),
            Some(Action::Quit),
            "after {open:?}"
        );
        assert_eq!(
            keymap(ctrl('z'), &state),
            Some(Action::Suspend),
            "after {open:?}"
        );
    }
    assert_eq!(press(&mut state, ctrl('z')), Some(Effect::Suspend));
    press(&mut state, ctrl('c'));
    assert!(!state.running);
}

#[test]
fn while_too_small_every_key_but_quit_is_ignored() {
    let mut state = new_state();
    update(&mut state, Action::ScreenFits(false));
    let before = state.game.clone();
    for c in "4Hx0SyApcuL?P".chars() {
        assert_eq!(keymap(key(KeyCode::Char(c)), &state), None, "{c}");
    }
    for code in [KeyCode::Right, KeyCode::Esc, KeyCode::Enter, KeyCode::Tab] {
        assert_eq!(keymap(key(code), &state), None, "{code:?}");
    }
    assert_eq!(state.game, before);
    assert_eq!(keymap(key(KeyCode::Char('q')), &state), Some(Action::Quit));
    assert_eq!(keymap(ctrl('c'), &state), Some(Action::Quit));
    update(&mut state, Action::ScreenFits(true));
    assert_eq!(
        keymap(key(KeyCode::Char('4')), &state),
        Some(Action::Digit(4))
    );
}

#[test]
fn typing_a_cells_digit_again_erases_it() {
    let mut state = new_state();
    press(&mut state, key(KeyCode::Char('4')));
    assert_eq!(state.selected_digit(), Some(Digit::new(4)));
    press(&mut state, key(KeyCode::Char('4')));
    assert_eq!(state.selected_digit(), None);
    assert_eq!(state.game.undo.len(), 2, "both are moves that undo");
}

#[test]
fn tab_and_shift_tab_jump_to_the_next_and_previous_empty_cell() {
    let mut state = new_state();
    // Row 1 is `..3.2.6..`: from r1c2, Tab skips the given in r1c3.
    update(&mut state, Action::Select { row: 0, col: 1 });
    press(&mut state, key(KeyCode::Tab));
    assert_eq!(state.selected, cell("r1c4").index());
    press(&mut state, key(KeyCode::Tab));
    assert_eq!(state.selected, cell("r1c6").index());
    press(
        &mut state,
        KeyEvent::new(KeyCode::BackTab, KeyModifiers::SHIFT),
    );
    assert_eq!(state.selected, cell("r1c4").index());
    // Wrapping backwards from r1c1 lands on the last empty cell, r9c9.
    update(&mut state, Action::Select { row: 0, col: 0 });
    press(
        &mut state,
        KeyEvent::new(KeyCode::BackTab, KeyModifiers::SHIFT),
    );
    assert_eq!(state.selected, cell("r9c9").index());
}

#[test]
fn f_highlights_the_selected_digit_until_pressed_again() {
    let mut state = new_state();
    update(&mut state, Action::Select { row: 0, col: 2 });
    press(&mut state, key(KeyCode::Char('f')));
    assert_eq!(state.highlight, Some(3));
    // The highlight stays while the selection moves on.
    update(&mut state, Action::Select { row: 4, col: 4 });
    assert_eq!(state.highlighted_digit(), Some(Digit::new(3)));
    press(&mut state, key(KeyCode::Char('f')));
    assert_eq!(state.highlight, None);
}

#[test]
fn the_clock_stops_while_paused_in_help_in_learn_mode_and_too_small() {
    let mut state = new_state();
    update(&mut state, Action::Tick(1_000));
    assert_eq!(state.game.elapsed_ms, 1_000);
    for (open, close) in [
        (Action::Pause, Action::Close),
        (Action::Help, Action::Close),
        (
            Action::Learn,
            Action::LearnStep(pencilmark::app::learn::LearnAction::Leave),
        ),
        (Action::ScreenFits(false), Action::ScreenFits(true)),
    ] {
        let before = state.game.elapsed_ms;
        update(&mut state, open.clone());
        update(&mut state, Action::Tick(5_000));
        assert_eq!(state.game.elapsed_ms, before, "stopped after {open:?}");
        update(&mut state, close);
        update(&mut state, Action::Tick(1_000));
    }
    assert_eq!(state.game.elapsed_ms, 5_000, "and running again after each");
}

#[test]
fn pause_hides_the_board() {
    let mut state = new_state();
    press(&mut state, key(KeyCode::Char('P')));
    assert_eq!(state.overlay, Overlay::Paused);
    let backend = ratatui::backend::TestBackend::new(120, 45);
    let mut terminal = ratatui::Terminal::new(backend).unwrap();
    terminal
        .draw(|frame| pencilmark::app::ui::render(&state, frame))
        .unwrap();
    let text: String = terminal
        .backend()
        .buffer()
        .content()
        .iter()
        .map(|c| c.symbol())
        .collect();
    assert!(text.contains("Paused"));
    assert!(!text.contains('┃'), "no board under the pause screen");
    assert!(!text.contains("Filled"), "no panel either");
    // Any key plays on; q would quit.
    assert_eq!(keymap(key(KeyCode::Char('q')), &state), Some(Action::Quit));
    press(&mut state, key(KeyCode::Char('5')));
    assert_eq!(state.overlay, Overlay::None);
    assert_eq!(state.selected_digit(), None, "the key only resumes");
}

#[test]
fn learn_mode_keeps_only_a_solved_board_and_q_quits_from_it() {
    use pencilmark::app::learn::LearnAction;
    let mut state = new_state();
    update(&mut state, Action::Learn);
    for _ in 0..5 {
        update(&mut state, Action::LearnStep(LearnAction::Next));
    }
    let before = state.game.position.clone();
    update(&mut state, Action::LearnStep(LearnAction::Keep));
    assert!(state.learn.is_some(), "mid-run, k keeps nothing");
    assert_eq!(state.game.position, before);
    assert_eq!(keymap(key(KeyCode::Char('q')), &state), Some(Action::Quit));
    assert_eq!(keymap(ctrl('c'), &state), Some(Action::Quit));
    update(&mut state, Action::LearnStep(LearnAction::ToEnd));
    update(&mut state, Action::LearnStep(LearnAction::Keep));
    assert!(state.learn.is_none());
    assert!(state.game.position.digits().is_complete());
}
