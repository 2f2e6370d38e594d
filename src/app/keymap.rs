//! The key table: one list of bindings that both dispatches keys ([`keymap`]) and
//! writes the help overlay and the footers ([`help_rows_of`]), so the two can never
//! disagree. The player's `[keys]` overrides (by action name, see [`overrides`])
//! make the live table ([`bindings`]) that both read.

mod help_rows;
pub mod overrides;
mod table;

use super::menu::MenuAction;
use Context::{Anywhere, Board, Links};
use Key::*;
pub use table::BINDINGS;

pub use help_rows::{HelpRow, help_rows, help_rows_of, help_rows_on};

use std::borrow::Cow;

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::action::Action;
use super::state::{Overlay, State};
use crate::engine::geometry::Alphabet;

/// Which part of the app has the keys.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Context {
    /// Keys that work everywhere, learn mode and the too-small screen included.
    Anywhere,
    Board,
    Help,
    ConfirmSolve,
    Won,
    Paused,
    NewGame,
    /// A hint at its explanation level with links: ← → Home End step through
    /// them (see [`super::links`]); every other key works as on the board.
    Links,
    /// Learn mode (`L`): stepping through propagation and search.
    Learn,
    /// The replay view.
    Replay,
}

impl Context {
    /// The context the state is in: the overlay on top (the help may sit over
    /// learn mode), else learn mode, else the board.
    pub fn of(state: &State) -> Context {
        if state.learn.is_some() && state.overlay != Overlay::Help {
            return Context::Learn;
        }
        match state.overlay {
            Overlay::None => Context::Board,
            Overlay::Help => Context::Help,
            Overlay::ConfirmSolve => Context::ConfirmSolve,
            Overlay::Won => Context::Won,
            Overlay::Paused => Context::Paused,
            Overlay::NewGame => Context::NewGame,
            Overlay::Replay => Context::Replay,
        }
    }

    /// The heading of this context's keys in the help overlay.
    pub fn title(self) -> &'static str {
        match self {
            Context::Anywhere => "Anywhere",
            Context::Board => "Playing",
            Context::Help => "This help",
            Context::ConfirmSolve => "Solve? question",
            Context::Won => "Solved board",
            Context::Paused => "Paused",
            Context::NewGame => "New game",
            Context::Links => "A hint's links (at its explanation)",
            Context::Learn => "Learn mode",
            Context::Replay => "Replay",
        }
    }
}

/// A key as the table names it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Key {
    Char(char),
    Ctrl(char),
    /// A letter with Alt: the table's action of the letter itself, on every
    /// board; on a board of more than nine values, where the plain letter enters
    /// a value, the only way to that action (the help shows `Alt-c` there).
    Alt(char),
    Up,
    Down,
    Left,
    Right,
    Backspace,
    Delete,
    Esc,
    Enter,
    Tab,
    BackTab,
    PageUp,
    PageDown,
    Home,
    End,
    /// Any key not bound otherwise in the context.
    Other,
}

impl Key {
    /// The table's name for a key press, if it has one.
    pub fn from_event(event: KeyEvent) -> Option<Key> {
        let ctrl = event.modifiers.contains(KeyModifiers::CONTROL);
        let alt = event.modifiers.contains(KeyModifiers::ALT);
        Some(match event.code {
            KeyCode::Char(c) if ctrl => Key::Ctrl(c.to_ascii_lowercase()),
            KeyCode::Char(c) if alt => Key::Alt(c),
            KeyCode::Char(c) => Key::Char(c),
            KeyCode::Up => Key::Up,
            KeyCode::Down => Key::Down,
            KeyCode::Left => Key::Left,
            KeyCode::Right => Key::Right,
            KeyCode::Backspace => Key::Backspace,
            KeyCode::Delete => Key::Delete,
            KeyCode::Esc => Key::Esc,
            KeyCode::Enter => Key::Enter,
            KeyCode::Tab => Key::Tab,
            KeyCode::BackTab => Key::BackTab,
            KeyCode::PageUp => Key::PageUp,
            KeyCode::PageDown => Key::PageDown,
            KeyCode::Home => Key::Home,
            KeyCode::End => Key::End,
            _ => return None,
        })
    }

    /// How the help overlay writes the key.
    pub fn label(self) -> String {
        match self {
            Key::Char(' ') => "Space".to_string(),
            Key::Char(c) => c.to_string(),
            Key::Ctrl(c) => format!("Ctrl-{}", c.to_ascii_uppercase()),
            Key::Alt(c) => format!("Alt-{c}"),
            Key::Up => "↑".to_string(),
            Key::Down => "↓".to_string(),
            Key::Left => "←".to_string(),
            Key::Right => "→".to_string(),
            Key::Backspace => "Backspace".to_string(),
            Key::Delete => "Delete".to_string(),
            Key::Esc => "Esc".to_string(),
            Key::Enter => "Enter".to_string(),
            Key::Tab => "Tab".to_string(),
            Key::BackTab => "Shift-Tab".to_string(),
            Key::PageUp => "PgUp".to_string(),
            Key::PageDown => "PgDn".to_string(),
            Key::Home => "Home".to_string(),
            Key::End => "End".to_string(),
            Key::Other => "any other key".to_string(),
        }
    }
}

/// One row of the table: the keys, where they apply, what they do, and the help text.
#[derive(Clone, Debug)]
pub struct Binding {
    pub context: Context,
    /// The default keys, or the ones the settings file gave the action.
    pub keys: Cow<'static, [Key]>,
    pub action: Action,
    pub help: &'static str,
}

const fn bind(
    context: Context,
    keys: &'static [Key],
    action: Action,
    help: &'static str,
) -> Binding {
    Binding {
        context,
        keys: Cow::Borrowed(keys),
        action,
        help,
    }
}

/// The action a key press asks for in the state's current context.
pub fn keymap(event: KeyEvent, state: &State) -> Option<Action> {
    let table = bindings(state);
    let key = Key::from_event(event);
    if let Some(key) = key
        && let Some(binding) = table
            .iter()
            .find(|b| b.context == Anywhere && b.keys.contains(&key))
    {
        return Some(binding.action.clone());
    }
    if state.too_small {
        // Nothing acts blind on a board the player cannot see; only quitting.
        let quits = table.iter().any(|b| {
            b.context == Board
                && b.action == Action::Quit
                && key.is_some_and(|k| b.keys.contains(&k))
        });
        return quits.then_some(Action::Quit);
    }
    let key = key?;
    if let Some(menu) = &state.menu {
        if menu.generating.is_some() {
            // Waiting for a generated puzzle: Esc cancels, q quits, nothing else.
            return match key {
                Esc => Some(Action::Close),
                Char('q') => Some(Action::Quit),
                _ => None,
            };
        }
        // A question takes y (anything else is no); the paste line takes text.
        if menu.question.is_some() {
            let answer = if key == Char('y') {
                MenuAction::Yes
            } else {
                MenuAction::No
            };
            return Some(Action::Menu(answer));
        }
        if menu.paste.is_some() {
            return match key {
                Char(c) => Some(Action::Menu(MenuAction::Type(c))),
                Backspace => Some(Action::Menu(MenuAction::Backspace)),
                Enter => Some(Action::Menu(MenuAction::Choose)),
                Esc => Some(Action::Close),
                _ => None,
            };
        }
    }
    let context = Context::of(state);
    // A hint's links take ← → Home End Esc before the board does.
    if context == Board
        && super::links::stepping(state)
        && let Some(binding) = table
            .iter()
            .find(|b| b.context == Links && b.keys.contains(&key))
    {
        return Some(binding.action.clone());
    }
    // On a board of more than nine values, letters are values (A is 10, either
    // case), before what the table binds them to.
    if context == Board
        && let Some(value) = letter_value(state, key)
    {
        return Some(Action::Digit(value));
    }
    let in_context = || table.iter().filter(move |b| b.context == context);
    in_context()
        .find(|b| b.keys.contains(&key))
        .or_else(|| in_context().find(|b| unshifted(key).is_some_and(|k| b.keys.contains(&k))))
        .or_else(|| in_context().find(|b| b.keys.contains(&Other)))
        .map(|b| b.action.clone())
}

/// The value a letter key enters on a shaped board of more than nine values.
fn letter_value(state: &State, key: Key) -> Option<u8> {
    if state.game.is_classic() {
        return None;
    }
    match key {
        Char(c) if c.is_ascii_alphabetic() => state.geometry().alphabet().value(c),
        _ => None,
    }
}

/// Alt-`c` with no binding of its own stands for the plain letter `c`, so the
/// Alt variant of a letter works on every board (a habit formed on 16x16
/// keeps working on the classic board).
fn unshifted(key: Key) -> Option<Key> {
    match key {
        Alt(c) => Some(Char(c)),
        _ => None,
    }
}

/// The live key table: the defaults with the player's `[keys]` overrides applied
/// (checked when the settings were read, so every name and key is known), and,
/// on a board of more than nine values, the board's letter keys that enter a
/// value (`c`, `C`, `f`, `A`...) moved to their Alt variant, so that the help and
/// the footers name the key that reaches the action there.
pub fn bindings(state: &State) -> Cow<'static, [Binding]> {
    let table = if state.key_overrides.is_empty() {
        Cow::Borrowed(BINDINGS)
    } else {
        Cow::Owned(overrides::apply(&state.key_overrides))
    };
    match state.game.is_classic() {
        false => on_alphabet(table, state.geometry().alphabet()),
        true => table,
    }
}

/// Whether `key` enters a value of `alphabet` (a letter on a board of more than
/// nine values), so that the board's action on it needs Alt.
pub fn enters_value(alphabet: Alphabet, key: Key) -> bool {
    matches!(key, Char(c) if c.is_ascii_alphabetic() && alphabet.value(c).is_some())
}

/// `table` with every board key that enters a value of `alphabet` moved to Alt.
fn on_alphabet(table: Cow<'static, [Binding]>, alphabet: Alphabet) -> Cow<'static, [Binding]> {
    let shadowed =
        |b: &Binding| b.context == Board && b.keys.iter().any(|&k| enters_value(alphabet, k));
    if !table.iter().any(shadowed) {
        return table;
    }
    let mut table = table.into_owned();
    for binding in table.iter_mut().filter(|b| shadowed(b)) {
        let keys = binding.keys.iter().map(|&key| match key {
            Char(c) if enters_value(alphabet, key) => Alt(c),
            other => other,
        });
        binding.keys = Cow::Owned(keys.collect());
    }
    Cow::Owned(table)
}

/// The label of the first key that reaches `action` on the board, from the live
/// table, on a board of `alphabet` (`Alt-c` where the plain letter enters a
/// value), for status messages.
pub fn board_key(state: &State, alphabet: Alphabet, action: &Action) -> String {
    let table = bindings(state);
    let key = table
        .iter()
        .find(|b| b.context == Board && &b.action == action)
        .and_then(|b| b.keys.first().copied());
    match key {
        Some(Char(c)) if enters_value(alphabet, Char(c)) => Alt(c).label(),
        Some(key) => key.label(),
        None => "?".to_string(),
    }
}
