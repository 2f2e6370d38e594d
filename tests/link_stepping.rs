//! Stepping a hint's links in the player: once a hint shows its explanation, ←
//! and → walk its links (Home / End to the ends, Esc leaves), the panel says each
//! in running text and the board draws its two end candidates reversed. Before
//! the explanation, and after the hint is applied, the arrows move the cursor.

use pencilmark::app::action::{Action, Direction};
use pencilmark::app::keymap::keymap;
use pencilmark::app::links::LinkStep;
use pencilmark::app::state::{Game, State};
use pencilmark::app::ui::{self, Layout};
use pencilmark::app::update::update;
use pencilmark::engine::hint::Hint;
use pencilmark::engine::logic::Link;
use pencilmark::engine::logic::links::said;
use pencilmark::engine::{Cell, parse};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Rect;
use ratatui::style::Modifier;

/// Digits only; the next step (Auto candidates) is an XY-Wing of five links.
const XY_WING: &str =
    "384729561265341789971.8.43219..632...5387219..2.19.3...42.3..15.1..5.62353.21..47";

fn new_state() -> State {
    State::new(Game::new(parse::parse_line(XY_WING, 1).unwrap(), "links"))
}

fn key(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

/// Sends a key through the key table, as the loop does.
fn press(state: &mut State, code: KeyCode) {
    if let Some(action) = keymap(key(code), state) {
        update(state, action);
    }
}

fn hint(state: &mut State, times: usize) {
    for _ in 0..times {
        press(state, KeyCode::Char('H'));
    }
}

fn links(state: &State) -> Vec<Link> {
    match &state.hint.as_ref().expect("a hint on show").hint {
        Hint::Step(step) => step.links.clone(),
        other => panic!("a step, not {other:?}"),
    }
}

fn message(state: &State) -> String {
    state
        .message
        .as_ref()
        .map(|m| m.text.clone())
        .unwrap_or_default()
}

#[test]
fn arrows_move_the_cursor_until_the_hint_shows_its_explanation() {
    let mut state = new_state();
    hint(&mut state, 2);
    assert_eq!(
        keymap(key(KeyCode::Right), &state),
        Some(Action::Move(Direction::Right))
    );
    hint(&mut state, 1);
    assert!(message(&state).contains("← → step through its links"));
    assert_eq!(
        keymap(key(KeyCode::Right), &state),
        Some(Action::LinkStep(LinkStep::Next))
    );
    assert_eq!(
        keymap(key(KeyCode::Home), &state),
        Some(Action::LinkStep(LinkStep::First))
    );
    // Other keys still work as on the board.
    assert_eq!(keymap(key(KeyCode::Char('H')), &state), Some(Action::Hint));
}

#[test]
fn right_left_home_end_step_through_the_links_with_running_text() {
    let mut state = new_state();
    hint(&mut state, 3);
    let selected = state.selected;
    let links = links(&state);
    assert_eq!(links.len(), 5, "an XY-Wing: {links:?}");
    let board = state.game.position.board();
    let says = |i: usize| format!("Link {} of 5: {}", i + 1, said(&board, &links[i]));
    press(&mut state, KeyCode::Right);
    assert_eq!(message(&state), says(0));
    assert!(
        message(&state).contains("(strong link: "),
        "{}",
        message(&state)
    );
    press(&mut state, KeyCode::Right);
    assert_eq!(message(&state), says(1));
    assert!(message(&state).contains("(weak link in "));
    press(&mut state, KeyCode::Left);
    press(&mut state, KeyCode::Left);
    assert_eq!(message(&state), says(0), "stops at the first");
    press(&mut state, KeyCode::End);
    assert_eq!(message(&state), says(4));
    press(&mut state, KeyCode::Right);
    assert_eq!(message(&state), says(4), "stops at the last");
    press(&mut state, KeyCode::Home);
    assert_eq!(message(&state), says(0));
    assert_eq!(state.selected, selected, "the cursor stays put");
    // H applies the step; the arrows move the cursor again.
    hint(&mut state, 1);
    assert!(state.hint.is_none());
    press(&mut state, KeyCode::Right);
    assert_ne!(state.selected, selected);
}

#[test]
fn esc_leaves_the_links_and_a_new_hint_starts_without_one() {
    let mut state = new_state();
    hint(&mut state, 3);
    press(&mut state, KeyCode::End);
    press(&mut state, KeyCode::Esc);
    assert!(state.hint.is_none());
    assert_eq!(
        keymap(key(KeyCode::Left), &state),
        Some(Action::Move(Direction::Left))
    );
    hint(&mut state, 3);
    assert_eq!(
        state.hint_link, None,
        "no link on show until an arrow is pressed"
    );
}

/// The terminal after drawing `state` at `width` x `height`.
fn draw(state: &State, width: u16, height: u16) -> Terminal<TestBackend> {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|frame| ui::render(state, frame)).unwrap();
    terminal
}

fn text(terminal: &Terminal<TestBackend>) -> String {
    let buffer = terminal.backend().buffer();
    let area = buffer.area;
    (0..area.height)
        .map(|y| {
            (0..area.width)
                .map(|x| buffer[(x, y)].symbol())
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_board_draws_the_link_ends_reversed_and_the_panel_says_the_link() {
    let mut state = new_state();
    hint(&mut state, 3);
    press(&mut state, KeyCode::Right);
    press(&mut state, KeyCode::Right);
    let link = links(&state)[1];
    let terminal = draw(&state, 80, 24);
    let screen = text(&terminal);
    assert!(screen.contains("Link 2 of 5"), "{screen}");
    assert!(screen.contains("← → links  Home End"), "{screen}");
    let Layout::Board { size, board, .. } = Layout::for_area(Rect::new(0, 0, 80, 24)) else {
        panic!("80x24 has a board");
    };
    let buffer = terminal.backend().buffer();
    let reversed = |(cell, digit): (Cell, pencilmark::engine::Digit)| {
        let rect = size.cell_rect(board, cell);
        let (dx, dy) = size.candidate_spot(digit).expect("80x24 shows candidates");
        let spot = &buffer[(rect.x + dx, rect.y + dy)];
        spot.symbol() == digit.to_string() && spot.modifier.contains(Modifier::REVERSED)
    };
    assert!(reversed(link.from), "{:?} drawn reversed", link.from);
    assert!(reversed(link.to), "{:?} drawn reversed", link.to);
    let other = links(&state)[4].to;
    assert!(!reversed(other), "only the link on show is reversed");
    let wide = text(&draw(&state, 120, 45));
    assert!(wide.contains("Esc leave  H apply"), "{wide}");
    // Without a hint on show the footer names the board's keys.
    press(&mut state, KeyCode::Esc);
    let screen = text(&draw(&state, 80, 24));
    assert!(!screen.contains("Home End"), "{screen}");
}

#[test]
fn the_help_lists_the_link_keys() {
    let mut state = new_state();
    press(&mut state, KeyCode::Char('?'));
    let screen = text(&draw(&state, 100, 60));
    assert!(screen.contains("next / previous link"), "{screen}");
    assert!(screen.contains("Home End"), "{screen}");
}
