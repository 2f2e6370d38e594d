//! The loop: draw, read an event (key presses, mouse clicks, resizes), update,
//! save when the game changed. The terminal is set up and restored here, never
//! with a panic: a dead terminal (a closed window) ends the loop, the game is
//! saved, and errors writing to it are ignored. The panic hook restores the
//! terminal too. SIGTERM, SIGHUP, SIGINT and SIGQUIT save and leave; SIGTSTP
//! (and Ctrl-Z) hand the terminal back to the shell, and `fg` repaints.

use std::io::{self, BufWriter, IsTerminal, Stdout, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::thread;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use ratatui::crossterm::cursor::Show;
use ratatui::crossterm::event::{
    self, DisableMouseCapture, EnableMouseCapture, Event, KeyEventKind, MouseButton, MouseEventKind,
};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{
    Clear, ClearType, EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use ratatui::layout::Rect;
use ratatui::{Terminal, backend::CrosstermBackend};

use super::action::{Action, StatsRead};
use super::keymap::keymap;
use super::menu::SavedRow;
use super::replay::{ReplayJob, ReplayPurpose, Replayed};
use super::state::State;
use super::ui;
use super::update::{self, Effect, switch_game, update};
use crate::app::state::{Game, GradeInfo};
use crate::engine::Grid;
use crate::store::Saver;

/// How often the clock ticks (and the screen redraws) with no input.
const TICK: Duration = Duration::from_millis(250);
/// The most one tick adds to the clock: time the process spent stopped or
/// asleep is not play.
const LONGEST_TICK: u64 = 1_000;
/// Room for a whole frame: a full 80x24 board with its colours is about 7 KB,
/// which standard output's own buffer would hand the terminal in 1 KB writes,
/// each a chance for it to show half a frame.
const FRAME_BUFFER: usize = 64 * 1024;

/// The terminal the player draws on: each frame reaches it in one write.
type Screen = Terminal<CrosstermBackend<BufWriter<Stdout>>>;

/// A terminal on standard output.
fn screen() -> io::Result<Screen> {
    Terminal::new(CrosstermBackend::new(BufWriter::with_capacity(
        FRAME_BUFFER,
        io::stdout(),
    )))
}

/// What the shell shows after a quit with the game saved.
pub const SAVED_NOTE: &str = "saved; run pencilmark to resume";

/// Whether standard output is a terminal the player can draw on.
pub fn have_terminal() -> bool {
    io::stdout().is_terminal()
}

/// Why the player cannot draw on this terminal, if it cannot (`TERM=dumb`).
pub fn unusable_terminal() -> Option<String> {
    match std::env::var("TERM") {
        Ok(term) if term == "dumb" => Some(
            "this terminal (TERM=dumb) cannot draw the board; run pencilmark in a full \
             terminal (xterm, a terminal emulator, tmux)"
                .to_string(),
        ),
        _ => None,
    }
}

/// Raw mode, the alternate screen and mouse reports on.
fn enter_screen() -> io::Result<()> {
    enable_raw_mode()?;
    execute!(io::stdout(), EnterAlternateScreen, EnableMouseCapture)
}

/// The terminal as it was: every step tried, every error ignored (the
/// terminal may be gone, and a failure here must not become a panic).
fn leave_screen() {
    let _ = execute!(io::stdout(), DisableMouseCapture, Show);
    let _ = disable_raw_mode();
    let _ = execute!(io::stdout(), LeaveAlternateScreen);
}

/// Runs the player until it quits; the game is saved (by `saver`, which holds
/// the game's lock) on every change and at the end, and the shell is told.
pub fn run(mut state: State, saver: &mut Saver) -> Result<()> {
    let signals = Signals::watch();
    let previous_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        leave_screen();
        previous_hook(info);
    }));
    if let Err(err) = enter_screen() {
        leave_screen();
        return Err(err).context("cannot set up the terminal");
    }
    let result = screen()
        .context("cannot set up the terminal")
        .and_then(|mut terminal| {
            let result = event_loop(&mut terminal, &mut state, saver, &signals);
            if terminal.show_cursor().is_err() {
                // The terminal is gone: dropping it would report that on a dead
                // stderr, and that report would panic. Let it go unreported.
                std::mem::forget(terminal);
            }
            result
        });
    leave_screen();
    let saved = persist(saver, &mut state);
    // The screen is gone: the last word goes to the shell (if it is still there).
    let note = if !saved {
        state
            .message
            .as_ref()
            .map(|m| format!("pencilmark: {}", m.text))
    } else if saver.read_only() {
        Some("pencilmark: not saved: the game is open in another pencilmark".to_string())
    } else {
        Some(SAVED_NOTE.to_string())
    };
    if let Some(note) = note {
        let _ = writeln!(io::stdout(), "{note}");
    }
    result
}

/// The signals the loop acts on, each raising a flag it reads between events.
struct Signals {
    /// SIGTERM, SIGHUP, SIGINT, SIGQUIT: save and leave.
    stop: Arc<AtomicBool>,
    /// SIGTSTP: give the terminal back, stop, and repaint on `fg`.
    suspend: Arc<AtomicBool>,
}

impl Signals {
    fn watch() -> Signals {
        let signals = Signals {
            stop: Arc::new(AtomicBool::new(false)),
            suspend: Arc::new(AtomicBool::new(false)),
        };
        #[cfg(unix)]
        {
            use signal_hook::consts::{SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGTSTP};
            for signal in [SIGTERM, SIGHUP, SIGINT, SIGQUIT] {
                let _ = signal_hook::flag::register(signal, Arc::clone(&signals.stop));
            }
            let _ = signal_hook::flag::register(SIGTSTP, Arc::clone(&signals.suspend));
        }
        signals
    }
}

/// Saves, hands the terminal back to the shell and stops the process (as
/// SIGTSTP would); once continued (`fg`), takes the terminal again and repaints.
fn suspend(terminal: &mut Screen, state: &mut State, saver: &mut Saver) -> Result<()> {
    persist(saver, state);
    leave_screen();
    #[cfg(unix)]
    signal_hook::low_level::emulate_default_handler(signal_hook::consts::SIGTSTP)
        .context("cannot suspend")?;
    enter_screen().context("cannot take the terminal back")?;
    // A fresh terminal on a cleared screen draws everything on its first frame
    // (`Terminal::clear` would ask the terminal where its cursor is, and wait).
    execute!(io::stdout(), Clear(ClearType::All)).context("cannot repaint")?;
    *terminal = screen().context("cannot repaint")?;
    Ok(())
}

/// Reads terminal events on a thread of its own. crossterm's reader spins
/// forever once the terminal is gone (crossterm issue #793: `poll` never returns,
/// whatever its timeout), so the loop must never wait on it directly: it waits
/// on this channel with a timeout and can always save and leave on a signal.
fn spawn_reader(events: Sender<Input>) {
    thread::spawn(move || {
        while let Ok(event) = event::read() {
            if events.send(Input::Terminal(event)).is_err() {
                break;
            }
        }
    });
}

/// What the loop waits for: a terminal event, or the answer of work it left to
/// a thread so the first frame does not wait for it.
enum Input {
    Terminal(Event),
    /// The grade of the puzzle `givens`.
    Graded(Grid, GradeInfo),
    /// News from a worker thread (a puzzle being generated), as an action.
    Worker(Action),
}

/// Grades the game on screen on a thread of its own when it has no grade yet
/// (a new game: grading a hard puzzle takes up to a second, and the board can
/// be played meanwhile); `grading` remembers which puzzle is being graded.
fn grade_in_background(state: &State, grading: &mut Option<Grid>, results: &Sender<Input>) {
    // A shape's levels are not the classic ladder's: only the classic game is graded.
    if !state.game.is_classic() {
        return;
    }
    let givens = state.game.classic_givens();
    if !state.game.unique || state.game.grade.is_some() || *grading == Some(givens) {
        return;
    }
    *grading = Some(givens);
    let results = results.clone();
    // A refused thread grades here instead (late, but graded).
    let job = move || {
        let _ = results.send(Input::Graded(givens, GradeInfo::of(&givens)));
    };
    if thread::Builder::new().spawn(job.clone()).is_err() {
        job();
    }
}

/// Reads the statistics file (the first frame does not show it, so it is read
/// after), hands them to `update`, and has `saver` write them from now on.
fn read_stats(state: &mut State, saver: &mut Saver) {
    let loaded = saver.store().load_stats();
    let stats = loaded.value.unwrap_or_default();
    saver.track_stats(stats.clone());
    let read = StatsRead {
        stats,
        notice: loaded.notice,
    };
    update(state, Action::StatsRead(Box::new(read)));
}

/// Whether the smallest layout of the board on screen fits a terminal of this size.
fn fits(state: &State, width: u16, height: u16) -> bool {
    ui::Layout::for_shape(Rect::new(0, 0, width, height), state.geometry()) != ui::Layout::TooSmall
}

fn event_loop(
    terminal: &mut Screen,
    state: &mut State,
    saver: &mut Saver,
    signals: &Signals,
) -> Result<()> {
    let (inputs, events) = mpsc::channel();
    spawn_reader(inputs.clone());
    let mut grading = None;
    let mut stats_read = false;
    let mut workers = Workers::default();
    let mut saved = state.revision;
    let mut last_tick = Instant::now();
    if let Ok(size) = terminal.size() {
        update(
            state,
            Action::ScreenFits(fits(state, size.width, size.height)),
        );
    }
    while state.running && !signals.stop.load(Ordering::Relaxed) {
        if terminal.draw(|frame| ui::render(state, frame)).is_err() {
            // The terminal is gone (a closed window): leave; the game is saved after.
            break;
        }
        // Only once the frame is on screen: work the frame does not need.
        grade_in_background(state, &mut grading, &inputs);
        if !std::mem::replace(&mut stats_read, true) {
            read_stats(state, saver);
            // Drawn again at once, in case the screen shows them (the rest of
            // the loop waits for a key or the clock).
            continue;
        }
        let event = match events.recv_timeout(TICK) {
            Ok(Input::Terminal(event)) => Some(event),
            Ok(Input::Worker(action)) => {
                dispatch(state, saver, action);
                None
            }
            Ok(Input::Graded(givens, grade)) => {
                if givens.values()[..] == state.game.givens[..] {
                    update(state, Action::Graded(grade));
                }
                None
            }
            Err(RecvTimeoutError::Timeout) => None,
            Err(RecvTimeoutError::Disconnected) => break,
        };
        let mut stop_now = signals.suspend.swap(false, Ordering::Relaxed);
        if let Some(event) = event {
            let Ok(size) = terminal.size() else { break };
            let area = Rect::new(0, 0, size.width, size.height);
            let action = match event {
                Event::Key(key) if key.kind == KeyEventKind::Press => keymap(key, state),
                Event::Mouse(mouse)
                    if mouse.kind == MouseEventKind::Down(MouseButton::Left)
                        && !state.too_small
                        && state.learn.is_none() =>
                {
                    ui::cell_on(area, state.geometry(), mouse.column, mouse.row).map(
                        |(row, col)| Action::Select {
                            row: row as u8,
                            col: col as u8,
                        },
                    )
                }
                Event::Resize(width, height) => {
                    Some(Action::ScreenFits(fits(state, width, height)))
                }
                _ => None,
            };
            if let Some(action) = action {
                match dispatch(state, saver, action) {
                    Flow::Suspend => stop_now = true,
                    Flow::Background(job) => workers.start(*job),
                    Flow::Generate(level) => {
                        let inputs = inputs.clone();
                        spawn_generator(level, move |news| {
                            inputs.send(Input::Worker(news)).is_ok()
                        });
                    }
                    Flow::Continue => {}
                }
            }
        }
        for done in workers.finished() {
            if let Flow::Background(job) = dispatch(state, saver, Action::Replayed(Box::new(done)))
            {
                workers.start(*job);
            }
        }
        if stop_now {
            suspend(terminal, state, saver)?;
            last_tick = Instant::now();
        }
        let now = Instant::now();
        let millis = now.duration_since(last_tick).as_millis() as u64;
        if millis > 0 {
            update(state, Action::Tick(millis.min(LONGEST_TICK)));
            last_tick = now;
        }
        if state.revision != saved {
            persist(saver, state);
            saved = state.revision;
        }
    }
    workers.finish_profiles(state);
    Ok(())
}

/// What the loop does after an action.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Flow {
    Continue,
    /// Give the terminal back to the shell until `fg`.
    Suspend,
    /// Run this replay on a thread of its own (the run loop's workers).
    Background(Box<ReplayJob>),
    /// Start generating a puzzle of this level on a worker thread ([`spawn_generator`]).
    Generate(crate::engine::grade::Level),
}

/// Generates a puzzle of `level` on a thread of its own, one candidate at a
/// time, handing its news (each attempt, then the puzzle or why there is none)
/// to `send` as actions: the loop stays live, the screen shows the progress,
/// and Esc can cancel. A worker whose loop is gone (`send` says false) stops
/// at its next attempt.
pub fn spawn_generator(
    level: crate::engine::grade::Level,
    send: impl Fn(Action) -> bool + Send + 'static,
) {
    use super::menu::GenerationNews;
    use crate::engine::generate::{self, GenerateError, Request};
    thread::spawn(move || {
        let budget = Request::new(level).max_attempts;
        let one = Request {
            max_attempts: 1,
            ..Request::new(level)
        };
        let mut rng = generate::rng_for(seed(), 0);
        for attempts in 1..=budget {
            let report = match generate::generate_with(&one, &mut rng) {
                Ok(made) => GenerationNews::Done {
                    level,
                    puzzle: made.givens.to_line(),
                },
                Err(GenerateError::GaveUp { .. }) => GenerationNews::Attempt { level, attempts },
                Err(err) => GenerationNews::Failed {
                    level,
                    error: err.to_string(),
                },
            };
            let last = !matches!(report, GenerationNews::Attempt { .. });
            if !send(Action::Generation(report)) || last {
                return;
            }
        }
        send(Action::Generation(GenerationNews::Failed {
            level,
            error: format!("no {} puzzle in {budget} attempts", level.key()),
        }));
    });
}

/// Replays running beside the loop; their results go back through `update`.
#[derive(Default)]
struct Workers {
    running: Vec<(ReplayPurpose, thread::JoinHandle<Replayed>)>,
}

impl Workers {
    fn start(&mut self, job: ReplayJob) {
        let purpose = job.purpose;
        self.running
            .push((purpose, thread::spawn(move || job.run())));
    }

    /// The replays that are done, taken out.
    fn finished(&mut self) -> Vec<Replayed> {
        let (done, running) = std::mem::take(&mut self.running)
            .into_iter()
            .partition(|(_, worker)| worker.is_finished());
        self.running = running;
        done.into_iter()
            .filter_map(|(_, worker): (_, thread::JoinHandle<Replayed>)| worker.join().ok())
            .collect()
    }

    /// On the way out: waits for the won games' profiles (the statistics are
    /// saved after the loop) and lets the views go.
    fn finish_profiles(self, state: &mut State) {
        for (purpose, worker) in self.running {
            if purpose == ReplayPurpose::Profile
                && let Ok(done) = worker.join()
            {
                update(state, Action::Replayed(Box::new(done)));
            }
        }
    }
}

/// Updates the state and does the outside work the update asks for (except
/// suspending, which needs the terminal: the loop does it).
pub fn dispatch(state: &mut State, saver: &mut Saver, action: Action) -> Flow {
    match update(state, action) {
        Effect::None => {}
        Effect::Suspend => return Flow::Suspend,
        Effect::Replay(job) => return Flow::Background(job),
        Effect::Export(text) => {
            let report = match saver.store().export(&text) {
                Ok(path) => Action::Notice(format!("Exported to {}", path.display())),
                Err(err) => Action::Failure(format!("Export failed: {err:#}")),
            };
            update(state, report);
        }
        Effect::Open { givens, name } => open(state, saver, &givens, &name),
        Effect::ListGames => {
            let saved = saved_rows(saver);
            update::menu::open(state, saved);
        }
        Effect::OpenBundled(level) => {
            let named = crate::puzzles::pick(level, seed());
            open(state, saver, &named.givens, &named.name);
        }
        Effect::Generate(level) => return Flow::Generate(level),
        Effect::Delete(givens) => match saver.store().delete_game(&givens) {
            Ok(()) => {
                let saved = saved_rows(saver);
                update::menu::deleted(state, saved);
            }
            Err(err) => {
                update(state, Action::Failure(format!("Not deleted: {err:#}")));
            }
        },
    }
    Flow::Continue
}

/// The saved games for the new-game screen, most recent first.
fn saved_rows(saver: &Saver) -> Vec<SavedRow> {
    saver
        .store()
        .list_games()
        .into_iter()
        .map(|g| SavedRow {
            givens: g.givens,
            name: g.name,
            level: g.level,
            filled: g.filled,
            elapsed_ms: g.elapsed_ms,
            finished: g.finished,
        })
        .collect()
}

/// A seed for a random choice (a bundled puzzle, a generated one).
fn seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

/// Saves the game on screen, then opens the puzzle `givens` from its save (or
/// new), taking its lock; the old game's lock is let go.
fn open(state: &mut State, saver: &mut Saver, givens: &crate::engine::Grid, name: &str) {
    if givens.values()[..] == state.game.givens[..] {
        // The game on screen: nothing to open (its lock is already ours).
        if state.menu.is_some() {
            update(state, Action::Close);
        }
        update(
            state,
            Action::Notice("This is the game on screen".to_string()),
        );
        return;
    }
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
        // Graded after the next frame, on a thread (see `grade_in_background`).
        _ => switch_game(
            state,
            Game::with_grade(*givens, name, None),
            None,
            read_only,
        ),
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
