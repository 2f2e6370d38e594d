//! One save per puzzle: `games/<puzzle>.json` (the head: position, clock,
//! counters, view, small), `games/<puzzle>.undo` and `.redo` (append-only logs
//! of fixed-size lines), and `games/<puzzle>.lock`, held by the player that has
//! the game open so a second one only gets a read-only view. `games/latest`
//! names the game saved last, so resuming need not read every head.
//!
//! A save appends only the history entries written since the last one and then
//! replaces the head atomically, so a key press costs the same at 10 moves and
//! at 100,000. The logs are written before the head: after a crash the head
//! names only entries that are on disk.

use std::fs::{self, File, OpenOptions, TryLockError};
use std::io::{Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, anyhow, bail};
use serde::{Deserialize, Serialize};

use super::files::{self, now_millis};
use super::record::{self, RECORD, SavedPosition};
use super::{Loaded, Stats, Store, VERSION};
use crate::app::position::Position;
use crate::app::state::{CandidateMode, Game, GradeInfo, History, State, View};
use crate::app::stats::Assists;
use crate::engine::grade::Level;
use crate::engine::{Cell, Grid, parse};

/// The most a head file may hold (it is a few kilobytes).
pub const HEAD_LIMIT: u64 = 1 << 20;
/// The most an undo or redo log may hold: 256 MiB, about 470,000 positions.
pub const LOG_LIMIT: u64 = 256 << 20;
const GAMES_DIR: &str = "games";
/// The pointer to the game saved last (its key and save time), so that resuming
/// reads one head instead of every one. Only a hint: see [`Store::latest_unfinished`].
const LATEST_FILE: &str = "latest";
/// The most the pointer file may hold (a key and a number).
const LATEST_LIMIT: u64 = 4096;

/// The file name a puzzle's save goes by: its 81 digits, `0` for empty.
pub fn key(givens: &Grid) -> String {
    givens
        .values()
        .iter()
        .map(|&v| (b'0' + v) as char)
        .collect()
}

/// A game's head file: everything but the history, which is in the logs.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Head {
    pub version: u32,
    pub givens: String,
    pub name: String,
    pub grade: Option<GradeInfo>,
    pub position: SavedPosition,
    /// How many lines of the undo log belong to this save.
    pub undo: u64,
    /// How many lines of the redo log belong to this save.
    pub redo: u64,
    pub elapsed_ms: u64,
    pub hints_used: u32,
    /// Every assist, by kind (absent in saves from before assists were counted).
    #[serde(default)]
    pub assists: Assists,
    pub finished: bool,
    pub solved_by_computer: bool,
    pub counted: bool,
    pub candidates: CandidateMode,
    pub pencil: bool,
    /// The selected cell, `r1c1`.
    pub selected: String,
    /// When it was saved (milliseconds since the epoch): the most recent game is resumed.
    pub saved_at_ms: u64,
    /// A game on another shape than the classic 9x9 (absent: a classic game, as
    /// every save from before shapes could be played); the classic fields above
    /// then hold an empty board.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shape: Option<super::shaped::SavedShape>,
}

impl Head {
    /// The game and view this head describes, checked for sense, without the
    /// history (the caller reads it: from the logs, or from inside an old save).
    pub(super) fn into_game(self) -> Result<(Game, View)> {
        let givens = parse::parse_line(&self.givens, 1).context("givens")?;
        let mut game = Game::with_grade(givens, &self.name, self.grade);
        let view = self.settle(&mut game);
        game.position = self.position.into_position(&givens)?;
        Ok((game, view))
    }

    /// Puts this head's clock and counters on `game` (of any shape); returns
    /// the view settings it holds.
    pub(super) fn settle(&self, game: &mut Game) -> View {
        game.name = self.name.clone();
        game.grade = self.grade;
        game.elapsed_ms = self.elapsed_ms;
        game.hints_used = self.hints_used;
        game.assists = self.assists;
        if game.assists.is_unaided() && self.hints_used > 0 {
            // A save from before assists were counted: its hints were at least nudges.
            game.assists.nudges = self.hints_used;
        }
        game.finished = self.finished;
        game.solved_by_computer = self.solved_by_computer;
        game.counted = self.counted;
        View {
            candidates: self.candidates,
            pencil: self.pencil,
            selected: Cell::parse(&self.selected).map_or(0, Cell::index),
        }
    }
}

/// A saved game as the continue list shows it (read from its head alone).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Summary {
    pub givens: Grid,
    pub name: String,
    pub level: Option<Level>,
    /// Cells holding a digit, givens included.
    pub filled: usize,
    pub elapsed_ms: u64,
    pub finished: bool,
    pub saved_at_ms: u64,
}

/// A game opened from the store: the saved game if there is one, what the
/// player must be told, and the [`Saver`] that writes it from now on.
pub struct Opened {
    pub saved: Loaded<(Game, View)>,
    pub saver: Saver,
}

/// Writes one game's files. Holds the game's lock while it lives; without the
/// lock (another player has the game open) it is read-only and writes nothing.
pub struct Saver {
    store: Store,
    key: String,
    lock: Option<File>,
    /// The serials of the undo and redo entries on disk, bottom first.
    written: [Vec<u64>; 2],
    /// The statistics as last read or written, to write them only when they
    /// change; `None`: this saver leaves the statistics alone.
    stats: Option<Stats>,
}

impl Store {
    fn games_dir(&self) -> PathBuf {
        self.dir.join(GAMES_DIR)
    }

    fn game_file(&self, key: &str, extension: &str) -> PathBuf {
        self.games_dir().join(format!("{key}.{extension}"))
    }

    /// The head file of the puzzle `givens`.
    pub fn head_path(&self, givens: &Grid) -> PathBuf {
        self.game_file(&key(givens), "json")
    }

    /// Opens the save of the puzzle `givens`: takes its lock (or finds it held
    /// elsewhere: then read-only) and reads the game if one is saved. An
    /// unreadable save is moved aside, unless another player holds it.
    pub fn open_game(&self, givens: &Grid) -> Result<Opened> {
        let games = self.games_dir();
        fs::create_dir_all(&games).with_context(|| format!("cannot create {}", games.display()))?;
        let key = key(givens);
        let lock = self.lock(&key)?;
        let read_only = lock.is_none();
        let head_path = self.game_file(&key, "json");
        let mut saved = if read_only {
            self.peek(&head_path, "saved game", |bytes| {
                self.read_game(&key, bytes)
            })
        } else {
            self.load(&head_path, "saved game", |bytes| {
                self.read_game(&key, bytes)
            })
        };
        if let Some((game, _)) = &saved.value
            && game.givens[..] != givens.values()[..]
        {
            saved.value = None;
            saved.notice = Some(format!(
                "The save {} holds another puzzle; it is left as it is",
                head_path.display()
            ));
        }
        let written = match &saved.value {
            Some((game, _)) => [game.undo.serials().to_vec(), game.redo.serials().to_vec()],
            None => [Vec::new(), Vec::new()],
        };
        Ok(Opened {
            saved,
            saver: Saver {
                store: self.clone(),
                key,
                lock,
                written,
                stats: None,
            },
        })
    }

    /// Takes the game's advisory lock; `None` when another process holds it.
    fn lock(&self, key: &str) -> Result<Option<File>> {
        let path = self.game_file(key, "lock");
        let mut options = OpenOptions::new();
        options.create(true).truncate(false).write(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            options.custom_flags(libc::O_NOFOLLOW);
        }
        let file = options
            .open(&path)
            .with_context(|| format!("cannot open the lock file {}", path.display()))?;
        match file.try_lock() {
            Ok(()) => Ok(Some(file)),
            Err(TryLockError::WouldBlock) => Ok(None),
            // A file system without locks: play on, unguarded, rather than refuse.
            Err(TryLockError::Error(_)) => Ok(Some(file)),
        }
    }

    /// Opens the save of a shaped game (`key` from [`super::shaped::key`]): takes
    /// its lock (or finds it held: read-only) and reads the head with `read`. An
    /// unreadable save is moved aside, unless another player holds it.
    pub fn open_shaped<T>(
        &self,
        key: &str,
        read: impl Fn(Head) -> Result<T>,
    ) -> Result<(Loaded<T>, Saver)> {
        let games = self.games_dir();
        fs::create_dir_all(&games).with_context(|| format!("cannot create {}", games.display()))?;
        let lock = self.lock(key)?;
        let head_path = self.game_file(key, "json");
        let decode = |bytes: &[u8]| read(super::decode(bytes)?);
        let saved = if lock.is_none() {
            self.peek(&head_path, "saved game", decode)
        } else {
            self.load(&head_path, "saved game", decode)
        };
        let saver = Saver {
            store: self.clone(),
            key: key.to_string(),
            lock,
            written: [Vec::new(), Vec::new()],
            stats: None,
        };
        Ok((saved, saver))
    }

    /// Reads a head and its logs into a game.
    fn read_game(&self, key: &str, bytes: &[u8]) -> Result<(Game, View)> {
        let head: Head = super::decode(bytes)?;
        let (undo, redo) = (head.undo, head.redo);
        let (mut game, view) = head.into_game()?;
        let givens = game.classic_givens();
        game.undo = self.read_log(key, "undo", undo, &givens)?;
        game.redo = self.read_log(key, "redo", redo, &givens)?;
        Ok((game, view))
    }

    /// The first `count` entries of a log.
    fn read_log(&self, key: &str, which: &str, count: u64, givens: &Grid) -> Result<History> {
        if count == 0 {
            return Ok(History::default());
        }
        let path = self.game_file(key, which);
        let bytes = files::read_limited(&path, LOG_LIMIT)
            .with_context(|| format!("the {which} log {}", path.display()))?
            .ok_or_else(|| anyhow!("the {which} log {} is missing", path.display()))?;
        let wanted = count as usize * RECORD;
        if bytes.len() < wanted {
            bail!(
                "the {which} log {} holds {} of its {count} entries",
                path.display(),
                bytes.len() / RECORD
            );
        }
        let positions = bytes[..wanted]
            .chunks_exact(RECORD)
            .enumerate()
            .map(|(i, line)| {
                record::read_record(line, givens)
                    .with_context(|| format!("{which} log line {}", i + 1))
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(History::from_positions(positions))
    }

    /// Every saved game, most recently played first. Read-only: an unreadable
    /// head is skipped, never moved.
    pub fn list_games(&self) -> Vec<Summary> {
        let Ok(entries) = fs::read_dir(self.games_dir()) else {
            return Vec::new();
        };
        let mut games: Vec<Summary> = entries
            .filter_map(|entry| {
                let path = entry.ok()?.path();
                if path.extension()? != "json" {
                    return None;
                }
                Some(read_summary(&path)?.0)
            })
            .collect();
        games.sort_by_key(|g| std::cmp::Reverse(g.saved_at_ms));
        games
    }

    /// The game saved last, if the pointer written with every save names an
    /// unfinished game whose head is exactly the save the pointer was written
    /// for; `None` (scan with [`Store::list_games`]) when the pointer is
    /// missing, unreadable or stale, or names a finished or deleted game.
    /// Reads one small file and one head, however many games are saved.
    pub fn latest_unfinished(&self) -> Option<Summary> {
        let bytes =
            files::read_limited(&self.games_dir().join(LATEST_FILE), LATEST_LIMIT).ok()??;
        let text = std::str::from_utf8(&bytes).ok()?;
        let (key, saved_at) = text.trim_end().split_once(' ')?;
        let saved_at_ms: u64 = saved_at.parse().ok()?;
        // A key is 81 digits: nothing else may reach a path.
        if key.len() != 81 || !key.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let (summary, head_key) = read_summary(&self.game_file(key, "json"))?;
        (head_key == key && summary.saved_at_ms == saved_at_ms && !summary.finished)
            .then_some(summary)
    }

    /// Removes a saved game's files (asked for by the player, never silently).
    pub fn delete_game(&self, givens: &Grid) -> Result<()> {
        let key = key(givens);
        if self.lock(&key)?.is_none() {
            bail!("the game is open in another pencilmark");
        }
        for extension in ["json", "undo", "redo", "lock"] {
            let path = self.game_file(&key, extension);
            match fs::remove_file(&path) {
                Ok(()) => {}
                Err(err) if err.kind() == std::io::ErrorKind::NotFound => {}
                Err(err) => {
                    return Err(err).with_context(|| format!("cannot remove {}", path.display()));
                }
            }
        }
        Ok(())
    }
}

impl Saver {
    /// Whether another player holds this game (nothing is written).
    pub fn read_only(&self) -> bool {
        self.lock.is_none()
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The puzzle this saver writes.
    pub fn key(&self) -> &str {
        &self.key
    }

    /// Writes the statistics from now on, whenever they differ from `on_disk`.
    pub fn track_stats(&mut self, on_disk: Stats) {
        self.stats = Some(on_disk);
    }

    /// The statistics as this saver last wrote or read them.
    pub fn tracked_stats(&self) -> Option<&Stats> {
        self.stats.as_ref()
    }

    /// Writes what changed of the state's game (new history entries, the head)
    /// and the statistics if they changed. Read-only: writes nothing.
    pub fn save(&mut self, state: &State) -> Result<()> {
        if self.read_only() {
            return Ok(());
        }
        let game = &state.game;
        let shaped = !game.is_classic();
        let state_key = match shaped {
            true => super::shaped::key(&game.geometry, &game.givens),
            false => key(&game.classic_givens()),
        };
        if state_key != self.key {
            bail!("internal error: the game changed without its save");
        }
        // A shaped game's history is in its head; its classic logs stay empty.
        for (i, (history, which)) in [(&game.undo, "undo"), (&game.redo, "redo")]
            .into_iter()
            .enumerate()
            .filter(|_| !shaped)
        {
            self.append(i, history, which)
                .with_context(|| format!("cannot write the {which} log"))?;
        }
        // A shaped game's classic fields hold an empty board and no logs, as
        // they always have (its puzzle and history are in `shape`).
        let (givens, position, logs) = match shaped {
            false => (
                game.classic_givens(),
                SavedPosition::of(&game.position),
                (game.undo.len() as u64, game.redo.len() as u64),
            ),
            true => (
                Grid::default(),
                SavedPosition::of(&Position::classic(&Grid::default())),
                (0, 0),
            ),
        };
        let head = Head {
            version: VERSION,
            givens: givens.to_line(),
            name: game.name.clone(),
            grade: game.grade,
            position,
            undo: logs.0,
            redo: logs.1,
            elapsed_ms: game.elapsed_ms,
            hints_used: game.hints_used,
            assists: game.assists,
            finished: game.finished,
            solved_by_computer: game.solved_by_computer,
            counted: game.counted,
            candidates: state.candidates,
            pencil: state.pencil,
            selected: state.geometry().cell_name(state.selected),
            saved_at_ms: now_millis(),
            shape: shaped.then(|| super::shaped::SavedShape::of(game, state.selected)),
        };
        let text = serde_json::to_string(&head).context("cannot encode the game")?;
        let path = self.store.game_file(&self.key, "json");
        files::write_atomic(&path, text.as_bytes())
            .with_context(|| format!("cannot save the game to {}", path.display()))?;
        if !shaped {
            // The pointer names classic games (an 81-digit key) only.
            self.point_latest(head.saved_at_ms);
        }
        if let Some(base) = &self.stats
            && *base != state.stats
        {
            // Another player may have finished games since: add ours to theirs.
            let on_disk = self.store.peek_stats().value.unwrap_or_default();
            let merged = on_disk.merged(base, &state.stats);
            self.store.save_stats(&merged)?;
            self.stats = Some(state.stats.clone());
        }
        Ok(())
    }

    /// Points `games/latest` at this save. The save is already complete, so a
    /// failure here is not the player's concern: the pointer is removed (a
    /// missing one means a scan of every head) and the error dropped.
    fn point_latest(&self, saved_at_ms: u64) {
        let path = self.store.games_dir().join(LATEST_FILE);
        let text = format!("{} {saved_at_ms}\n", self.key);
        if files::write_atomic(&path, text.as_bytes()).is_err() {
            let _ = fs::remove_file(&path);
        }
    }

    /// Brings log `i` on disk up to `history`: keeps the entries both share,
    /// cuts the rest, appends the new ones.
    fn append(&mut self, i: usize, history: &History, which: &str) -> Result<()> {
        let serials = history.serials();
        let written = &mut self.written[i];
        // Serials are never reused, so an entry whose serial sits at the same
        // place on disk is the same entry, and so is everything below it.
        let mut kept = written.len().min(serials.len());
        while kept > 0 && written[kept - 1] != serials[kept - 1] {
            kept -= 1;
        }
        if kept == written.len() && kept == serials.len() {
            return Ok(());
        }
        let path = self.store.game_file(&self.key, which);
        let mut options = OpenOptions::new();
        options.create(true).truncate(false).write(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            options.custom_flags(libc::O_NOFOLLOW);
        }
        let mut file = options.open(&path)?;
        let start = (kept * RECORD) as u64;
        file.set_len(start)?;
        file.seek(SeekFrom::Start(start))?;
        let mut bytes = Vec::with_capacity((serials.len() - kept) * RECORD);
        for position in &history.positions()[kept..] {
            record::write_record(position, &mut bytes);
        }
        file.write_all(&bytes)?;
        file.sync_data()?;
        written.truncate(kept);
        written.extend_from_slice(&serials[kept..]);
        Ok(())
    }
}

/// A head as the continue list shows it, with the key its givens make; `None`
/// when it cannot be read.
fn read_summary(path: &Path) -> Option<(Summary, String)> {
    let bytes = files::read_limited(path, HEAD_LIMIT).ok()??;
    let head: Head = super::decode(&bytes).ok()?;
    if head.shape.is_some() {
        // The continue list offers classic games; a shape reopens with `play FILE`.
        return None;
    }
    let givens = parse::parse_line(&head.givens, 1).ok()?;
    let digits = parse::read_line(&head.position.digits, 1).ok()?;
    let summary = Summary {
        givens,
        name: head.name,
        level: head.grade.map(|g| g.level),
        filled: digits.filled(),
        elapsed_ms: head.elapsed_ms,
        finished: head.finished,
        saved_at_ms: head.saved_at_ms,
    };
    Some((summary, key(&givens)))
}
