//! The update for the new-game screen: moving, choosing the level, typing a
//! puzzle, and the questions before a delete or a restart. Opening a puzzle,
//! generating one and deleting a save are the loop's work: an [`Effect`].

use super::super::menu::{
    Generating, GenerationNews, MenuAction, NewGameMenu, Question, Row, SavedRow,
};
use super::super::state::{Game, Overlay, State, Tone};
use super::Effect;
use crate::engine::formats;
use crate::engine::grade::Level;
use crate::puzzles;

/// Opens the new-game screen with the saved games the loop found.
pub fn open(state: &mut State, saved: Vec<SavedRow>) {
    let level = state.game.grade.map(|g| g.level).unwrap_or(Level::ALL[1]);
    state.menu = Some(NewGameMenu::new(level, saved));
    state.overlay = Overlay::NewGame;
}

/// Closes the screen (Esc); a generation in progress is cancelled first, and an
/// open paste line or question closes first.
pub fn close(state: &mut State) {
    if let Some(menu) = state.menu.as_mut()
        && menu.generating.take().is_some()
    {
        // The worker finishes on its own; its news is dropped.
        menu.error = Some("Generation cancelled".to_string());
        return;
    }
    if let Some(menu) = state.menu.as_mut()
        && (menu.paste.is_some() || menu.question.is_some())
    {
        menu.paste = None;
        menu.question = None;
        menu.error = None;
        return;
    }
    state.menu = None;
    state.overlay = Overlay::None;
}

/// A key on the screen.
pub fn act(state: &mut State, action: MenuAction) -> Effect {
    let Some(menu) = state.menu.as_mut() else {
        return Effect::None;
    };
    let rows = menu.rows();
    match action {
        MenuAction::Up => menu.cursor = (menu.cursor + rows.len() - 1) % rows.len(),
        MenuAction::Down => menu.cursor = (menu.cursor + 1) % rows.len(),
        MenuAction::Easier | MenuAction::Harder => {
            let i = Level::ALL
                .iter()
                .position(|&l| l == menu.level)
                .unwrap_or(0);
            let i = if action == MenuAction::Harder {
                (i + 1).min(Level::ALL.len() - 1)
            } else {
                i.saturating_sub(1)
            };
            menu.level = Level::ALL[i];
        }
        MenuAction::Jump(letter) => {
            let target = rows.iter().position(|row| match row {
                Row::Bundled => letter == 'b',
                Row::Generated => letter == 'g',
                Row::Famous(_) => letter == 'f',
                Row::Paste => letter == 'p',
                Row::Restart => letter == 'r',
                Row::Saved(_) => letter == 'c',
            });
            if let Some(target) = target {
                menu.cursor = target;
                // Every row but the famous and saved lists opens at once.
                if !matches!(letter, 'f' | 'c') {
                    return act(state, MenuAction::Choose);
                }
            }
        }
        MenuAction::Choose => return choose(state),
        MenuAction::Delete => {
            if let Row::Saved(i) = menu.current() {
                if menu.saved[i].givens.values()[..] == state.game.givens[..] {
                    menu.error = Some("That is the game on screen: restart it instead".into());
                } else {
                    menu.question = Some(Question::Delete(i));
                }
            }
        }
        MenuAction::Yes => match menu.question.take() {
            Some(Question::Delete(i)) => {
                let givens = menu.saved[i].givens;
                return Effect::Delete(givens);
            }
            Some(Question::Restart) => restart(state),
            None => {}
        },
        MenuAction::No => menu.question = None,
        MenuAction::Type(ch) => {
            if let Some(text) = menu.paste.as_mut()
                && text.len() < 4_096
            {
                text.push(ch);
            }
        }
        MenuAction::Backspace => {
            if let Some(text) = menu.paste.as_mut() {
                text.pop();
            }
        }
    }
    Effect::None
}

/// Enter on the row under the cursor.
fn choose(state: &mut State) -> Effect {
    let Some(menu) = state.menu.as_mut() else {
        return Effect::None;
    };
    if let Some(text) = &menu.paste {
        return match formats::read_any(text, None) {
            Ok(read) => Effect::Open {
                givens: read[0].givens,
                name: "Pasted".to_string(),
            },
            Err(err) => {
                menu.error = Some(format!("That puzzle does not read: {err}"));
                Effect::None
            }
        };
    }
    match menu.current() {
        Row::Bundled => Effect::OpenBundled(menu.level),
        Row::Generated => {
            // The loop generates on a worker thread; its news comes back as
            // `Action::Generation` ([`generation`]) while the screen stays live.
            menu.generating = Some(Generating {
                level: menu.level,
                attempts: 0,
                elapsed_ms: 0,
            });
            menu.error = None;
            Effect::Generate(menu.level)
        }
        Row::Famous(i) => match puzzles::famous().into_iter().nth(i) {
            Some(named) => Effect::Open {
                givens: named.givens,
                name: named.name,
            },
            None => Effect::None,
        },
        Row::Paste => {
            menu.paste = Some(String::new());
            menu.error = None;
            Effect::None
        }
        Row::Restart => {
            menu.question = Some(Question::Restart);
            Effect::None
        }
        Row::Saved(i) => {
            let row = &menu.saved[i];
            Effect::Open {
                givens: row.givens,
                name: row.name.clone(),
            }
        }
    }
}

/// The puzzle on screen from its givens again: a new game (its save is replaced).
fn restart(state: &mut State) {
    if state.read_only {
        state.say(Tone::Error, super::READ_ONLY_NOTICE);
        return;
    }
    // A game restarts as itself, on its shape.
    let game = &state.game;
    let mut fresh = Game::on_shape(game.geometry.clone(), game.givens.clone(), &game.name);
    fresh.grade = game.grade;
    super::switch_game(state, fresh, None, false);
    state.say(Tone::Info, "Restarted: the puzzle from its givens");
}

/// News from the worker generating a puzzle: progress, or the puzzle to open,
/// or why there is none. News for a generation the player cancelled (the
/// screen closed) is dropped.
pub fn generation(state: &mut State, news: GenerationNews) -> Effect {
    let Some(menu) = state.menu.as_mut() else {
        return Effect::None;
    };
    let Some(generating) = menu.generating.as_mut() else {
        return Effect::None;
    };
    match news {
        GenerationNews::Attempt { level, attempts } if level == generating.level => {
            generating.attempts = attempts;
        }
        GenerationNews::Done { level, puzzle } if level == generating.level => {
            menu.generating = None;
            match crate::engine::parse::parse_line(&puzzle, 1) {
                Ok(givens) => {
                    return Effect::Open {
                        givens,
                        name: format!("Generated {}", level.key()),
                    };
                }
                Err(err) => menu.error = Some(format!("No puzzle generated: {err}")),
            }
        }
        GenerationNews::Failed { level, error } if level == generating.level => {
            menu.generating = None;
            menu.error = Some(format!("No puzzle generated: {error}"));
        }
        _ => {}
    }
    Effect::None
}

/// The clock ticking while a puzzle is generated: the screen shows the time.
pub fn tick(state: &mut State, millis: u64) {
    if let Some(generating) = state.menu.as_mut().and_then(|m| m.generating.as_mut()) {
        generating.elapsed_ms += millis;
    }
}

/// After the loop deleted a save: the list without it.
pub fn deleted(state: &mut State, saved: Vec<SavedRow>) {
    if let Some(menu) = state.menu.as_mut() {
        menu.saved = saved;
        menu.cursor = menu.cursor.min(menu.rows().len() - 1);
        menu.error = None;
    }
}
