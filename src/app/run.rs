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
use super::update::{Effect, update};
use crate::store::Store;

/// How often the clock ticks (and the screen redraws) with no input.
const TICK: Duration = Duration::from_millis(250);

/// Whether standard output is a terminal the player can draw on.
pub fn have_terminal() -> bool {
    io::stdout().is_terminal()
}

/// Runs the player until it quits; the game is saved on every change and at the end.
pub fn run(mut state: State, store: &Store) -> Result<()> {
    let stop = Arc::new(AtomicBool::new(false));
    watch_signals(&stop);
    let previous_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let _ = execute!(io::stdout(), DisableMouseCapture);
        previous_hook(info);
    }));
    let mut terminal = ratatui::try_init().context("cannot set up the terminal")?;
    let _ = execute!(io::stdout(), EnableMouseCapture);
    let result = event_loop(&mut terminal, &mut state, store, &stop);
    let _ = execute!(io::stdout(), DisableMouseCapture);
    ratatui::restore();
    if !persist(store, &mut state)
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
    store: &Store,
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
                dispatch(state, store, action);
            }
        }
        let now = Instant::now();
        let millis = now.duration_since(last_tick).as_millis() as u64;
        if millis > 0 {
            update(state, Action::Tick(millis));
            last_tick = now;
        }
        if state.revision != saved {
            persist(store, state);
            saved = state.revision;
        }
    }
    Ok(())
}

/// Updates the state and does the outside work the update asks for.
pub fn dispatch(state: &mut State, store: &Store, action: Action) {
    match update(state, action) {
        Effect::None => {}
        Effect::Export(text) => {
            let report = match store.export(&text) {
                Ok(path) => Action::Notice(format!("Exported to {}", path.display())),
                Err(err) => Action::Failure(format!("Export failed: {err:#}")),
            };
            update(state, report);
        }
    }
}

/// Saves the game and the statistics; a failure is told in the panel, the old
/// save stays as it was. Returns whether both were saved.
pub fn persist(store: &Store, state: &mut State) -> bool {
    let saved = store
        .save_game(state)
        .and_then(|()| store.save_stats(&state.stats));
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
