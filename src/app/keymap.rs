//! The key table: one list of bindings that both dispatches keys ([`keymap`]) and
//! writes the help overlay ([`help_rows`]), so the two can never disagree.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::action::{Action, Direction};
use super::state::{Overlay, State};

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
        }
    }
}

/// A key as the table names it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Key {
    Char(char),
    Ctrl(char),
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
        Some(match event.code {
            KeyCode::Char(c) if ctrl => Key::Ctrl(c.to_ascii_lowercase()),
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
            Key::Ctrl(c) => format!("Ctrl-{c}"),
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
pub struct Binding {
    pub context: Context,
    pub keys: &'static [Key],
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
        keys,
        action,
        help,
    }
}

use super::learn::LearnAction;
use super::links::LinkStep;
use super::menu::MenuAction;
use Context::{Anywhere, Board, ConfirmSolve, Help, Learn, Links, NewGame, Paused, Won};
use Key::*;

const PLACE: &str = "place the digit (pencil mode: strike out / restore it)";
const MOVE: &str = "move";
const EMPTY: &str = "next / previous empty cell";
const HISTORY: &str = "undo / redo";
const LOG_SCROLL: &str = "propagation log: earlier / later entries";
const LINKS: &str = "next / previous link of the hint (only at its explanation)";
const LINK_ENDS: &str = "first / last link";

/// Every key binding. Bindings sharing a help text show as one help row.
pub static BINDINGS: &[Binding] = &[
    bind(
        Anywhere,
        &[Ctrl('c')],
        Action::Quit,
        "quit (the game is saved)",
    ),
    bind(
        Anywhere,
        &[Ctrl('z')],
        Action::Suspend,
        "suspend to the shell (fg comes back)",
    ),
    bind(Board, &[Up, Char('k')], Action::Move(Direction::Up), MOVE),
    bind(
        Board,
        &[Down, Char('j')],
        Action::Move(Direction::Down),
        MOVE,
    ),
    bind(
        Board,
        &[Left, Char('h')],
        Action::Move(Direction::Left),
        MOVE,
    ),
    bind(
        Board,
        &[Right, Char('l')],
        Action::Move(Direction::Right),
        MOVE,
    ),
    bind(Board, &[Char('1')], Action::Digit(1), PLACE),
    bind(Board, &[Char('2')], Action::Digit(2), PLACE),
    bind(Board, &[Char('3')], Action::Digit(3), PLACE),
    bind(Board, &[Char('4')], Action::Digit(4), PLACE),
    bind(Board, &[Char('5')], Action::Digit(5), PLACE),
    bind(Board, &[Char('6')], Action::Digit(6), PLACE),
    bind(Board, &[Char('7')], Action::Digit(7), PLACE),
    bind(Board, &[Char('8')], Action::Digit(8), PLACE),
    bind(Board, &[Char('9')], Action::Digit(9), PLACE),
    bind(
        Board,
        &[Char('0'), Char('x'), Backspace, Delete],
        Action::Erase,
        "erase the digit (or type it again)",
    ),
    bind(Board, &[Tab], Action::NextEmpty, EMPTY),
    bind(Board, &[BackTab], Action::PreviousEmpty, EMPTY),
    bind(
        Board,
        &[Char('f')],
        Action::HighlightDigit,
        "highlight this cell's digit everywhere (again: off)",
    ),
    bind(
        Board,
        &[Char('p')],
        Action::TogglePencil,
        "pencil mode on / off",
    ),
    bind(
        Board,
        &[Char('c')],
        Action::CycleCandidates,
        "candidates: Auto / Manual / hidden",
    ),
    bind(
        Board,
        &[Char('M')],
        Action::FillMarks,
        "fill the Manual marks from the candidates",
    ),
    bind(
        Board,
        &[Char('w')],
        Action::AskWhy,
        "why not? then a digit: why it cannot go in this cell",
    ),
    bind(
        Board,
        &[Char('a')],
        Action::Audit,
        "audit your Manual marks (again: remove the stale ones)",
    ),
    bind(Board, &[Char('u')], Action::Undo, HISTORY),
    bind(Board, &[Ctrl('r')], Action::Redo, HISTORY),
    bind(
        Board,
        &[Char('H')],
        Action::Hint,
        "hint: press again for more; the last applies it",
    ),
    bind(
        Board,
        &[Char('A')],
        Action::Propagate,
        "auto-propagate: fill every forced single",
    ),
    bind(
        Board,
        &[Char('S')],
        Action::Solve,
        "solve the board (asks for y)",
    ),
    bind(
        Board,
        &[Char('C')],
        Action::Check,
        "check: mark wrong digits",
    ),
    bind(
        Board,
        &[Char('e')],
        Action::Export,
        "export digits and marks to a file",
    ),
    bind(
        Board,
        &[Char('L')],
        Action::Learn,
        "learn mode: watch propagation and search",
    ),
    bind(
        Board,
        &[Char('n')],
        Action::NewGame,
        "new game: any level, famous, pasted, saved games",
    ),
    bind(
        Board,
        &[Char('P')],
        Action::Pause,
        "pause (board hidden, clock stopped)",
    ),
    bind(Board, &[PageUp], Action::Scroll(-3), LOG_SCROLL),
    bind(Board, &[PageDown], Action::Scroll(3), LOG_SCROLL),
    bind(Board, &[Char('?')], Action::Help, "this help"),
    bind(
        Board,
        &[Esc],
        Action::Dismiss,
        "dismiss the hint, leave pencil mode",
    ),
    bind(
        Board,
        &[Char('q')],
        Action::Quit,
        "quit (the game is saved)",
    ),
    bind(Help, &[Up, Char('k')], Action::Scroll(-1), "scroll up"),
    bind(Help, &[Down, Char('j')], Action::Scroll(1), "scroll down"),
    bind(Help, &[PageUp], Action::Scroll(-10), "page up"),
    bind(
        Help,
        &[PageDown, Char(' ')],
        Action::Scroll(10),
        "page down",
    ),
    bind(
        Help,
        &[Esc, Char('?'), Char('q')],
        Action::Close,
        "close the help",
    ),
    bind(ConfirmSolve, &[Char('y')], Action::Confirm, "yes, solve it"),
    bind(ConfirmSolve, &[Other], Action::Close, "no, keep playing"),
    bind(Won, &[Char('n')], Action::NewGame, "new game"),
    bind(
        NewGame,
        &[Up, Char('k')],
        Action::Menu(MenuAction::Up),
        "up",
    ),
    bind(
        NewGame,
        &[Down, Char('j')],
        Action::Menu(MenuAction::Down),
        "down",
    ),
    bind(
        NewGame,
        &[Left, Char('h')],
        Action::Menu(MenuAction::Easier),
        "easier level",
    ),
    bind(
        NewGame,
        &[Right, Char('l')],
        Action::Menu(MenuAction::Harder),
        "harder level",
    ),
    bind(NewGame, &[Enter], Action::Menu(MenuAction::Choose), "open"),
    bind(
        NewGame,
        &[Char('b')],
        Action::Menu(MenuAction::Jump('b')),
        "a bundled puzzle of the level",
    ),
    bind(
        NewGame,
        &[Char('g')],
        Action::Menu(MenuAction::Jump('g')),
        "a generated puzzle of the level",
    ),
    bind(
        NewGame,
        &[Char('f')],
        Action::Menu(MenuAction::Jump('f')),
        "the famous puzzles",
    ),
    bind(
        NewGame,
        &[Char('p')],
        Action::Menu(MenuAction::Jump('p')),
        "paste or type a puzzle",
    ),
    bind(
        NewGame,
        &[Char('r')],
        Action::Menu(MenuAction::Jump('r')),
        "restart this puzzle (asks for y)",
    ),
    bind(
        NewGame,
        &[Char('c')],
        Action::Menu(MenuAction::Jump('c')),
        "your saved games",
    ),
    bind(
        NewGame,
        &[Char('d')],
        Action::Menu(MenuAction::Delete),
        "delete the saved game (asks for y)",
    ),
    bind(NewGame, &[Esc], Action::Close, "cancel"),
    bind(
        NewGame,
        &[Char('q')],
        Action::Quit,
        "quit (the game is saved)",
    ),
    bind(Won, &[Char('u')], Action::Undo, "undo the last move"),
    bind(Won, &[Esc], Action::Close, "close, look at the board"),
    bind(Won, &[Char('q')], Action::Quit, "quit"),
    bind(
        Paused,
        &[Char('q')],
        Action::Quit,
        "quit (the game is saved)",
    ),
    bind(Paused, &[Other], Action::Close, "any other key: play on"),
    bind(Links, &[Right], Action::LinkStep(LinkStep::Next), LINKS),
    bind(Links, &[Left], Action::LinkStep(LinkStep::Previous), LINKS),
    bind(Links, &[Home], Action::LinkStep(LinkStep::First), LINK_ENDS),
    bind(Links, &[End], Action::LinkStep(LinkStep::Last), LINK_ENDS),
    bind(
        Links,
        &[Esc],
        Action::Dismiss,
        "leave the links (dismiss the hint)",
    ),
    bind(
        Learn,
        &[Char(' '), Char('n'), Right],
        Action::LearnStep(LearnAction::Next),
        "next event",
    ),
    bind(
        Learn,
        &[Char('b'), Left],
        Action::LearnStep(LearnAction::Back),
        "back one event",
    ),
    bind(
        Learn,
        &[Char('r')],
        Action::LearnStep(LearnAction::ToggleRun),
        "run / pause",
    ),
    bind(
        Learn,
        &[Char('+'), Char('=')],
        Action::LearnStep(LearnAction::Faster),
        "faster",
    ),
    bind(
        Learn,
        &[Char('-')],
        Action::LearnStep(LearnAction::Slower),
        "slower",
    ),
    bind(
        Learn,
        &[Char('u')],
        Action::LearnStep(LearnAction::ToggleRules),
        "hidden singles on / off",
    ),
    bind(
        Learn,
        &[Char('o')],
        Action::LearnStep(LearnAction::ToggleOrder),
        "branch on fewest candidates / row-major",
    ),
    bind(
        Learn,
        &[Home],
        Action::LearnStep(LearnAction::Restart),
        "first event",
    ),
    bind(
        Learn,
        &[End],
        Action::LearnStep(LearnAction::ToEnd),
        "last event",
    ),
    bind(
        Learn,
        &[Char('k')],
        Action::LearnStep(LearnAction::Keep),
        "keep the solution and leave (once the run ended solved)",
    ),
    bind(
        Learn,
        &[Esc],
        Action::LearnStep(LearnAction::Leave),
        "leave learn mode, board unchanged",
    ),
    bind(Learn, &[Char('?')], Action::Help, "this help"),
    bind(
        Learn,
        &[Char('q')],
        Action::Quit,
        "quit (the game is saved)",
    ),
];

/// The action a key press asks for in the state's current context.
pub fn keymap(event: KeyEvent, state: &State) -> Option<Action> {
    let key = Key::from_event(event);
    if let Some(key) = key
        && let Some(binding) = BINDINGS
            .iter()
            .find(|b| b.context == Anywhere && b.keys.contains(&key))
    {
        return Some(binding.action.clone());
    }
    if state.too_small {
        // Nothing acts blind on a board the player cannot see; only quitting.
        return (key == Some(Char('q'))).then_some(Action::Quit);
    }
    let key = key?;
    if let Some(menu) = &state.menu {
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
        && let Some(binding) = BINDINGS
            .iter()
            .find(|b| b.context == Links && b.keys.contains(&key))
    {
        return Some(binding.action.clone());
    }
    let in_context = || BINDINGS.iter().filter(move |b| b.context == context);
    in_context()
        .find(|b| b.keys.contains(&key))
        .or_else(|| in_context().find(|b| b.keys.contains(&Other)))
        .map(|b| b.action.clone())
}

/// One line of the help overlay: the keys and what they do.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct HelpRow {
    pub context: Context,
    pub keys: String,
    pub help: &'static str,
}

/// The help overlay's rows, from the table: consecutive bindings with the same
/// help text are one row (`1-9`).
pub fn help_rows() -> Vec<HelpRow> {
    let mut rows: Vec<(Context, Vec<Key>, &'static str)> = Vec::new();
    for binding in BINDINGS {
        match rows.last_mut() {
            Some((context, keys, help)) if *help == binding.help && *context == binding.context => {
                keys.extend_from_slice(binding.keys)
            }
            _ => rows.push((binding.context, binding.keys.to_vec(), binding.help)),
        }
    }
    rows.into_iter()
        .map(|(context, keys, help)| HelpRow {
            context,
            keys: keys_label(&keys),
            help,
        })
        .collect()
}

/// `1-9` for a run of digits, else the keys joined by spaces.
fn keys_label(keys: &[Key]) -> String {
    let digits: Vec<char> = keys
        .iter()
        .filter_map(|k| match k {
            Char(c) if c.is_ascii_digit() => Some(*c),
            _ => None,
        })
        .collect();
    if keys.len() > 2 && digits.len() == keys.len() {
        return format!("{}-{}", digits[0], digits[digits.len() - 1]);
    }
    keys.iter().map(|k| k.label()).collect::<Vec<_>>().join(" ")
}
