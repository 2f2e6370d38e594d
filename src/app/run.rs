//! The loop: draw, read an event (key presses, mouse clicks, resizes), update,
//! save when the game changed. Terminal set-up and restore go through ratatui,
//! whose panic hook restores the terminal; mouse capture is switched off too.

use std::io::{self, IsTerminal};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use ratatui::DefaultTerminal;
use ratatui::crossterm::event::{
    self, DisableMouseCapture, EnableMouseCapture, Event, KeyEventKind, MouseButton, MouseEventKind,
};
use ratatui::crossterm::execute;
use ratatui::layout::Rect;

use super::action::Action;
use super::keymap::keymap;
use super::state::State;
use super::ui;
use super::update::{Effect, switch_game, update};
use crate::app::state::Game;
use crate::store::Saver;

/// How often the clock ticks (and the screen redraws) with no input.
const TICK: Duration = Duration::from_millis(250);

/// Whether standard output is a terminal the player can draw on.
pub fn have_terminal() -> bool {
    io::stdout().is_terminal()
}

/// Runs the player until it quits; the game is saved (by `saver`, which holds
/// the game's lock) on every change and at the end.
pub fn run(mut state: State, saver: &mut Saver) -> Result<()> {
    let stop = Arc::new(AtomicBool::new(false));
    watch_signals(&stop);
    let previous_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let _ = execute!(io::stdout(), DisableMouseCapture);
        previous_hook(info);
    }));
    let mut terminal = ratatui::try_init().context("cannot set up the terminal")?;
    let _ = execute!(io::stdout(), EnableMouseCapture);
    let result = event_loop(&mut terminal, &mut state, saver, &stop);
    let _ = execute!(io::stdout(), DisableMouseCapture);
    ratatui::restore();
    if !persist(saver, &mut state)
        && let Some(message) = &state.message
    {
        // The screen is gone: the last word on a failed save goes to the terminal.
        eprintln!("pencilmark: {}", message.text);
    }
    result
}

/// Raises `stop` on SIGTERM and SIGHUP so the loop can save and leave.
fn watch_signals(stop: &Arc<AtomicBool>) {
    #[cfg(unix)]
    for signal in [signal_hook::consts::SIGTERM, signal_hook::consts::SIGHUP] {
        let _ = signal_hook::flag::register(signal, Arc::clone(stop));
    }
    #[cfg(not(unix))]
    let _ = stop;
}

/// Reads terminal events on a thread of its own. crossterm's reader spins
/// forever once the terminal is gone (crossterm issue #793: `poll` never returns,
/// whatever its timeout), so the loop must never wait on it directly: it waits
/// on this channel with a timeout and can always save and leave on a signal.
fn spawn_reader() -> Receiver<Event> {
    let (events, receiver) = mpsc::channel();
    thread::spawn(move || {
        while let Ok(event) = event::read() {
            if events.send(event).is_err() {
                break;
            }
        }
    });
    receiver
}

fn event_loop(
    terminal: &mut DefaultTerminal,
    state: &mut State,
    saver: &mut Saver,
    stop: &AtomicBool,
) -> Result<()> {
    let events = spawn_reader();
    let mut saved = state.revision;
    let mut last_tick = Instant::now();
    while state.running && !stop.load(Ordering::Relaxed) {
        terminal.draw(|frame| ui::render(state, frame))?;
        let event = match events.recv_timeout(TICK) {
            Ok(event) => Some(event),
            Err(RecvTimeoutError::Timeout) => None,
            Err(RecvTimeoutError::Disconnected) => break,
        };
        if let Some(event) = event {
            let size = terminal.size()?;
            let area = Rect::new(0, 0, size.width, size.height);
            let action = match event {
                Event::Key(key) if key.kind == KeyEventKind::Press => keymap(key, state),
                Event::Mouse(mouse) if mouse.kind == MouseEventKind::Down(MouseButton::Left) => {
                    ui::cell_at(area, mouse.column, mouse.row).map(|cell| Action::Select {
                        row: cell.row() as u8,
                        col: cell.col() as u8,
                    })
                }
                _ => None,
            };
            if let Some(action) = action {
                dispatch(state, saver, action);
            }
        }
        let now = Instant::now();
        let millis = now.duration_since(last_tick).as_millis() as u64;
        if millis > 0 {
            update(state, Action::Tick(millis));
            last_tick = now;
        }
        if state.revision != saved {
            persist(saver, state);
            saved = state.revision;
        }
    }
    Ok(())
}

/// Updates the state and does the outside work the update asks for.
pub fn dispatch(state: &mut State, saver: &mut Saver, action: Action) {
    match update(state, action) {
        Effect::None => {}
        Effect::Export(text) => {
            let report = match saver.store().export(&text) {
                Ok(path) => Action::Notice(format!("Exported to {}", path.display())),
                Err(err) => Action::Failure(format!("Export failed: {err:#}")),
            };
            update(state, report);
        }
        Effect::Open { givens, name } => open(state, saver, &givens, &name),
    }
}

/// Saves the game on screen, then opens the puzzle `givens` from its save (or
/// new), taking its lock; the old game's lock is let go.
fn open(state: &mut State, saver: &mut Saver, givens: &crate::engine::Grid, name: &str) {
    if !persist(saver, state) {
        // The old game could not be saved: stay on it rather than lose it.
        return;
    }
    let opened = match saver.store().open_game(givens) {
        Ok(opened) => opened,
        Err(err) => {
            update(
                state,
                Action::Failure(format!("Cannot open the new game: {err:#}")),
            );
            return;
        }
    };
    let mut next = opened.saver;
    if let Some(stats) = saver.tracked_stats() {
        next.track_stats(stats.clone());
    }
    let read_only = next.read_only();
    *saver = next;
    match opened.saved.value {
        Some((game, view)) if !game.finished || read_only => {
            switch_game(state, game, Some(view), read_only)
        }
        _ => switch_game(state, Game::new(*givens, name), None, read_only),
    }
    if let Some(notice) = opened.saved.notice {
        update(state, Action::Failure(notice));
    }
}

/// Saves the game and the statistics; a failure is told in the panel, the old
/// save stays as it was. Returns whether both were saved.
pub fn persist(saver: &mut Saver, state: &mut State) -> bool {
    let saved = saver.save(state);
    if let Err(err) = &saved {
        update(
            state,
            Action::Failure(format!(
                "Could not save: {err:#}. The previous save is kept."
            )),
        );
    }
    saved.is_ok()
}
