//! The pseudo-terminal harness the end-to-end tests share: the real binary in
//! a pty of a fixed size, keys typed in, the screen read back through vt100.
// Each test crate uses its own part of this module.
#![allow(dead_code)]

use std::io::{Read, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use portable_pty::{Child, CommandBuilder, MasterPty, PtySize, native_pty_system};

pub const EASY: &str =
    "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
pub const ROWS: u16 = 45;
pub const COLS: u16 = 120;
pub const PATIENCE: Duration = Duration::from_secs(20);
/// The End key as an xterm sends it.
pub const END: &str = "\x1b[F";
pub const ESC: &str = "\x1b";

/// A running player in a pseudo-terminal.
pub struct Session {
    pub screen: Arc<Mutex<vt100::Parser>>,
    writer: Option<Box<dyn Write + Send>>,
    pub child: Box<dyn Child + Send + Sync>,
    /// The terminal side; shared with the reader thread, which lets go of it
    /// (and of its reader) on a hangup, so the player's terminal is gone.
    master: Arc<Mutex<Option<Box<dyn MasterPty + Send>>>>,
    hang_up: Arc<AtomicBool>,
    reader: Option<thread::JoinHandle<()>>,
}

impl Session {
    pub fn start(args: &[&str], data_dir: &Path) -> Session {
        Session::start_with(args, data_dir, (ROWS, COLS), "xterm-256color")
    }

    /// A player in a terminal of `size` (rows, columns) that calls itself `term`.
    pub fn start_with(args: &[&str], data_dir: &Path, size: (u16, u16), term: &str) -> Session {
        let (rows, cols) = size;
        let pty = native_pty_system()
            .openpty(PtySize {
                rows,
                cols,
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("a pseudo-terminal");
        let mut command = CommandBuilder::new(env!("CARGO_BIN_EXE_pencilmark"));
        command.args(args);
        command.arg("--data-dir");
        command.arg(data_dir);
        command.env("TERM", term);
        command.env_remove("NO_COLOR");
        let child = pty.slave.spawn_command(command).expect("the binary starts");
        drop(pty.slave);
        let mut reader = pty.master.try_clone_reader().unwrap();
        let writer = pty.master.take_writer().unwrap();
        let screen = Arc::new(Mutex::new(vt100::Parser::new(rows, cols, 0)));
        let master = Arc::new(Mutex::new(Some(pty.master)));
        let hang_up = Arc::new(AtomicBool::new(false));
        let feed = Arc::clone(&screen);
        let (held, stop) = (Arc::clone(&master), Arc::clone(&hang_up));
        let reader = thread::spawn(move || {
            let mut bytes = [0u8; 8192];
            while let Ok(n) = reader.read(&mut bytes) {
                if n == 0 {
                    break;
                }
                feed.lock().unwrap().process(&bytes[..n]);
                // The player redraws every quarter second, so this is seen soon.
                if stop.load(Ordering::Relaxed) {
                    held.lock().unwrap().take();
                    return;
                }
            }
        });
        Session {
            screen,
            writer: Some(writer),
            child,
            master,
            hang_up,
            reader: Some(reader),
        }
    }

    /// Closes the terminal as a closed window does: every handle on the
    /// terminal side goes, so the player gets SIGHUP and a dead terminal.
    pub fn hang_up(&mut self) {
        self.writer = None;
        self.hang_up.store(true, Ordering::Relaxed);
        if let Some(reader) = self.reader.take() {
            reader.join().unwrap();
        }
    }

    /// Changes the terminal's size (the player gets SIGWINCH).
    pub fn resize(&self, rows: u16, cols: u16) {
        let master = self.master.lock().unwrap();
        master
            .as_ref()
            .expect("the terminal is open")
            .resize(PtySize {
                rows,
                cols,
                pixel_width: 0,
                pixel_height: 0,
            })
            .unwrap();
        self.screen
            .lock()
            .unwrap()
            .screen_mut()
            .set_size(rows, cols);
    }

    pub fn text(&self) -> String {
        self.screen.lock().unwrap().screen().contents()
    }

    /// The character at a screen position.
    pub fn at(&self, row: u16, col: u16) -> String {
        let parser = self.screen.lock().unwrap();
        parser
            .screen()
            .cell(row, col)
            .map(|c| c.contents().to_string())
            .unwrap_or_default()
    }

    /// Waits until the screen shows `needle`; fails with the screen otherwise.
    pub fn wait_for(&self, needle: &str) {
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
    pub fn wait_gone(&self, needle: &str) {
        let start = Instant::now();
        while start.elapsed() < PATIENCE {
            if !self.text().contains(needle) {
                return;
            }
            thread::sleep(Duration::from_millis(20));
        }
        panic!("the screen kept showing {needle:?}:\n{}", self.text());
    }

    pub fn keys(&mut self, keys: &str) {
        let writer = self.writer.as_mut().expect("the terminal is open");
        writer.write_all(keys.as_bytes()).unwrap();
        writer.flush().unwrap();
        // Let each batch be read as its own key presses.
        thread::sleep(Duration::from_millis(50));
    }

    /// Waits for the process to end; its exit status.
    pub fn wait_exit(&mut self) -> portable_pty::ExitStatus {
        let start = Instant::now();
        while start.elapsed() < PATIENCE {
            if let Some(status) = self.child.try_wait().unwrap() {
                // Let the reader thread take in the last bytes.
                thread::sleep(Duration::from_millis(200));
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

/// The head file of the save of `puzzle` (81 digits, `0` for empty).
pub fn head(data_dir: &Path, puzzle: &str) -> std::path::PathBuf {
    data_dir.join("games").join(format!("{puzzle}.json"))
}

/// The one head file in the data directory's games, read (a shaped save's name
/// is a hash, so it cannot be named from the puzzle as [`head`] does).
pub fn only_head(data_dir: &Path) -> serde_json::Value {
    let heads: Vec<_> = std::fs::read_dir(data_dir.join("games"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    assert_eq!(heads.len(), 1, "{heads:?}");
    serde_json::from_str(&std::fs::read_to_string(&heads[0]).unwrap()).unwrap()
}

/// Screen position of the middle of a cell's box in the big layout (row, column; one-based cell).
pub fn cell_middle(row: u16, col: u16) -> (u16, u16) {
    // At 120x45 the view is centred 3 lines down; the board has a 2-column label gutter.
    (3 + 1 + 1 + (row - 1) * 4 + 1, 2 + 1 + (col - 1) * 8 + 3)
}
