//! The key table: every binding of every context, with its help text. The
//! help, the footers and the overrides all read it (through [`super::bindings`]).

use super::{Binding, Context, Key, bind};
use crate::app::action::{Action, Direction};
use crate::app::learn::LearnAction;
use crate::app::links::LinkStep;
use crate::app::menu::MenuAction;
use crate::app::update::review::ReplayAction;
use Context::{Anywhere, Board, ConfirmSolve, Help, Learn, Links, NewGame, Paused, Replay, Won};
use Key::*;

/// The replay view's walking keys' actions.
const WALK_NEXT: Action = Action::ReplayStep(ReplayAction::Next);
const WALK_BACK: Action = Action::ReplayStep(ReplayAction::Back);
const WALK_FIRST: Action = Action::ReplayStep(ReplayAction::First);
const WALK_LAST: Action = Action::ReplayStep(ReplayAction::Last);

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
    bind(
        Board,
        &[Char('F')],
        Action::FirstWrong,
        "first wrong move (again: rewind to just before it)",
    ),
    bind(
        Board,
        &[Char('R')],
        Action::Replay,
        "replay the game move by move, each move annotated",
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
        "fill every forced single (Manual: from your marks)",
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
        "check: mark wrong digits (Manual: and wrong marks)",
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
    bind(
        Won,
        &[Char('R')],
        Action::Replay,
        "replay the game move by move",
    ),
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
    bind(
        Replay,
        &[Right, Char('l'), Char('n')],
        WALK_NEXT,
        "next move",
    ),
    bind(
        Replay,
        &[Left, Char('h'), Char('p')],
        WALK_BACK,
        "move before",
    ),
    bind(Replay, &[Char('g'), Home], WALK_FIRST, "the start"),
    bind(Replay, &[Char('G'), End], WALK_LAST, "the summary"),
    bind(Replay, &[Esc, Char('R')], Action::Close, "close the replay"),
    bind(
        Replay,
        &[Char('q')],
        Action::Quit,
        "quit (the game is saved)",
    ),
];
