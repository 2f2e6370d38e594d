//! What the player's update and render tests share: the easy puzzle they play,
//! a fresh state on it, and typing keys through the key table into `update`.

use pencilmark::app::action::Action;
use pencilmark::app::keymap::{Key, keymap};
use pencilmark::app::state::{Game, State};
use pencilmark::app::update::update;
use pencilmark::engine::{Cell, Grid, parse, search};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// Project Euler 96, grid 01: an easy puzzle solved by singles.
pub const EASY: &str =
    "003020600900305001001806400008102900700000008006708200002609500800203009005010300";

pub fn givens() -> Grid {
    parse::parse_line(EASY, 1).unwrap()
}

pub fn solution() -> Grid {
    search::solve(&givens()).solution.unwrap()
}

pub fn new_state() -> State {
    State::new(Game::new(givens(), "Project Euler 96, grid 01"))
}

pub fn cell(name: &str) -> Cell {
    Cell::parse(name).unwrap()
}

/// The key event for a table key.
pub fn event(key: Key) -> KeyEvent {
    let none = KeyModifiers::NONE;
    match key {
        Key::Char(c) if c.is_ascii_uppercase() => {
            KeyEvent::new(KeyCode::Char(c), KeyModifiers::SHIFT)
        }
        Key::Char(c) => KeyEvent::new(KeyCode::Char(c), none),
        Key::Ctrl(c) => KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL),
        Key::Alt(c) => KeyEvent::new(KeyCode::Char(c), KeyModifiers::ALT),
        Key::Up => KeyEvent::new(KeyCode::Up, none),
        Key::Down => KeyEvent::new(KeyCode::Down, none),
        Key::Left => KeyEvent::new(KeyCode::Left, none),
        Key::Right => KeyEvent::new(KeyCode::Right, none),
        Key::Backspace => KeyEvent::new(KeyCode::Backspace, none),
        Key::Delete => KeyEvent::new(KeyCode::Delete, none),
        Key::Esc => KeyEvent::new(KeyCode::Esc, none),
        Key::Enter => KeyEvent::new(KeyCode::Enter, none),
        Key::PageUp => KeyEvent::new(KeyCode::PageUp, none),
        Key::PageDown => KeyEvent::new(KeyCode::PageDown, none),
        Key::Home => KeyEvent::new(KeyCode::Home, none),
        Key::End => KeyEvent::new(KeyCode::End, none),
        Key::Tab => KeyEvent::new(KeyCode::Tab, none),
        Key::BackTab => KeyEvent::new(KeyCode::BackTab, KeyModifiers::SHIFT),
        Key::Other => KeyEvent::new(KeyCode::Char('%'), none),
    }
}

/// Types `keys` (each char a key; `^r` is Ctrl-r) through the key table.
pub fn press(state: &mut State, keys: &str) {
    let mut chars = keys.chars();
    while let Some(c) = chars.next() {
        let key = if c == '^' {
            Key::Ctrl(chars.next().unwrap())
        } else {
            Key::Char(c)
        };
        if let Some(action) = keymap(event(key), state) {
            update(state, action);
        }
    }
}

pub fn select(state: &mut State, name: &str) {
    let c = cell(name);
    update(
        state,
        Action::Select {
            row: c.row() as u8,
            col: c.col() as u8,
        },
    );
}

/// The screen `state` draws at `width` x `height`, as text, one line a row.
pub fn screen(state: &State, width: u16, height: u16) -> String {
    let backend = ratatui::backend::TestBackend::new(width, height);
    let mut terminal = ratatui::Terminal::new(backend).unwrap();
    terminal
        .draw(|frame| pencilmark::app::ui::render(state, frame))
        .unwrap();
    let buffer = terminal.backend().buffer().clone();
    (0..height)
        .map(|y| {
            (0..width)
                .map(|x| buffer[(x, y)].symbol().to_string())
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\n")
}
