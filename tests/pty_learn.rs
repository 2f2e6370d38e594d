//! End to end: learn mode in the real binary, in a pseudo-terminal. `L` opens it,
//! Space steps events whose text appears on screen, `b` steps back, Esc leaves the
//! game as it was, `k` keeps the digits shown. (The approach of tests/pty.rs.)

use std::io::{Read, Write};
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use portable_pty::{Child, CommandBuilder, PtySize, native_pty_system};

const EASY: &str =
    "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
const ROWS: u16 = 45;
const COLS: u16 = 120;
const PATIENCE: Duration = Duration::from_secs(20);
/// The End key as an xterm sends it.
const END: &str = "\x1b[F";
const ESC: &str = "\x1b";

/// A running player in a pseudo-terminal, its screen read through a vt100 parser.
struct Session {
    screen: Arc<Mutex<vt100::Parser>>,
    writer: Box<dyn Write + Send>,
    child: Box<dyn Child + Send + Sync>,
}

impl Session {
    fn start(args: &[&str], data_dir: &Path) -> Session {
        let pty = native_pty_system()
            .openpty(PtySize {
                rows: ROWS,
                cols: COLS,
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("a pseudo-terminal");
        let mut command = CommandBuilder::new(env!("CARGO_BIN_EXE_pencilmark"));
        command.args(args);
        command.arg("--data-dir");
        command.arg(data_dir);
        command.env("TERM", "xterm-256color");
        command.env_remove("NO_COLOR");
        let child = pty.slave.spawn_command(command).expect("the binary starts");
        drop(pty.slave);
        let mut reader = pty.master.try_clone_reader().expect("a pty reader");
        let writer = pty.master.take_writer().expect("a pty writer");
        let screen = Arc::new(Mutex::new(vt100::Parser::new(ROWS, COLS, 0)));
        let feed = Arc::clone(&screen);
        thread::spawn(move || {
            let _master = pty.master;
            let mut bytes = [0u8; 8192];
            while let Ok(n) = reader.read(&mut bytes) {
                if n == 0 {
                    break;
                }
                feed.lock().expect("screen lock").process(&bytes[..n]);
            }
        });
        Session {
            screen,
            writer,
            child,
        }
    }

    fn text(&self) -> String {
        self.screen.lock().expect("screen lock").screen().contents()
    }

    /// Waits until the screen shows `needle`; fails with the screen otherwise.
    fn wait_for(&self, needle: &str) {
        let start = Instant::now();
        while start.elapsed() < PATIENCE {
            if self.text().contains(needle) {
                return;
            }
            thread::sleep(Duration::from_millis(20));
        }
        panic!("the screen never showed {needle:?}:\n{}", self.text());
    }

    /// Waits until the screen no longer shows `needle`.
    fn wait_gone(&self, needle: &str) {
        let start = Instant::now();
        while start.elapsed() < PATIENCE {
            if !self.text().contains(needle) {
                return;
            }
            thread::sleep(Duration::from_millis(20));
        }
        panic!("the screen kept showing {needle:?}:\n{}", self.text());
    }

    fn keys(&mut self, keys: &str) {
        self.writer
            .write_all(keys.as_bytes())
            .expect("keys are sent");
        self.writer.flush().expect("keys are sent");
        // Let each batch be read as its own key presses.
        thread::sleep(Duration::from_millis(50));
    }

    fn wait_exit(&mut self) -> portable_pty::ExitStatus {
        let start = Instant::now();
        while start.elapsed() < PATIENCE {
            if let Some(status) = self.child.try_wait().expect("child status") {
                return status;
            }
            thread::sleep(Duration::from_millis(20));
        }
        panic!("the player did not exit:\n{}", self.text());
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
        }
    }
}

#[test]
fn learn_mode_steps_events_on_screen_and_esc_leaves_the_game_as_it_was() {
    let data = tempfile::tempdir().expect("a data directory");
    let mut session = Session::start(&["play", EASY], data.path());
    session.wait_for("Filled  32/81");
    session.keys("L");
    session.wait_for("Rules: peers + hidden singles");
    session.wait_for("Order: fewest candidates first");
    session.wait_for("Press Space");
    session.keys(" ");
    session.wait_for("assign r1c3 = 3 (given)");
    session.wait_for("Event 1 of");
    session.keys(" ");
    session.wait_for("eliminate 3 from r1c1, r1c2, r1c4");
    session.keys("n");
    session.wait_for("eliminate 1, 2, 4, 5, 6, 7, 8, 9");
    session.wait_for("(it holds 3)");
    session.wait_for("Event 3 of");
    session.keys("b");
    session.wait_for("Event 2 of");
    session.wait_for("(peers of r1c3)");
    // Toggling a rule restarts the run under the new setting.
    session.keys("u");
    session.wait_for("Rules: peers only");
    session.keys(ESC);
    session.wait_gone("Learn mode");
    session.wait_for("Filled  32/81");
    session.keys("q");
    assert!(session.wait_exit().success());
}

#[test]
fn keeping_the_learn_result_fills_the_board() {
    let data = tempfile::tempdir().expect("a data directory");
    let mut session = Session::start(&["play", EASY], data.path());
    session.wait_for("Filled  32/81");
    session.keys("L");
    session.wait_for("Press Space");
    session.keys(END);
    session.wait_for("solved: every cell has a digit");
    session.wait_for("All four settings");
    session.keys("k");
    session.wait_gone("Learn mode");
    session.wait_for("Filled  81/81");
}
