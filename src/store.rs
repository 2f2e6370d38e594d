//! Games that last: the save (versioned JSON of the game and its history), the
//! statistics beside it, and exports, all in the user's data directory.
//!
//! Every write is atomic (a temporary file in the same directory, fsync, rename),
//! so a crash or a full disk never leaves half a save. A save that cannot be read
//! is never overwritten: it is moved aside as `*.corrupt-<time>` and the player told.

use std::collections::BTreeMap;
use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use anyhow::{Context, Result, anyhow, bail};
use serde::{Deserialize, Serialize};

use crate::app::state::{CandidateMode, Game, GradeInfo, Position, State};
use crate::engine::grade::Level;
use crate::engine::parse;
use crate::engine::types::CELLS;
use crate::engine::{Candidates, Cell, Grid};

/// The save format's version; a save from a newer version is not read.
pub const VERSION: u32 = 1;
/// The environment variable that moves the data directory.
pub const DATA_DIR_ENV: &str = "PENCILMARK_DATA_DIR";
const GAME_FILE: &str = "game.json";
const STATS_FILE: &str = "stats.json";

/// The data directory and the files in it.
#[derive(Clone, Debug)]
pub struct Store {
    dir: PathBuf,
}

/// What reading a file found: the value (if any) and anything the player must be told.
#[derive(Debug)]
pub struct Loaded<T> {
    pub value: Option<T>,
    pub notice: Option<String>,
}

impl Store {
    /// The store in `flag` (`--data-dir`), else `$PENCILMARK_DATA_DIR`, else the
    /// user's data directory; created if missing.
    pub fn locate(flag: Option<&Path>) -> Result<Store> {
        let dir = match (flag, std::env::var_os(DATA_DIR_ENV)) {
            (Some(dir), _) => dir.to_path_buf(),
            (None, Some(dir)) if !dir.is_empty() => PathBuf::from(dir),
            _ => directories::ProjectDirs::from("", "", "pencilmark")
                .ok_or_else(|| anyhow!("no home directory: use --data-dir or {DATA_DIR_ENV}"))?
                .data_dir()
                .to_path_buf(),
        };
        fs::create_dir_all(&dir)
            .with_context(|| format!("cannot create the data directory {}", dir.display()))?;
        Ok(Store { dir })
    }

    /// A store in `dir` as it is (not created).
    pub fn at(dir: impl Into<PathBuf>) -> Store {
        Store { dir: dir.into() }
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    pub fn game_path(&self) -> PathBuf {
        self.dir.join(GAME_FILE)
    }

    pub fn stats_path(&self) -> PathBuf {
        self.dir.join(STATS_FILE)
    }

    /// The saved game, if there is one that can be read. An unreadable one is
    /// moved aside and the notice says where.
    pub fn load_game(&self) -> Loaded<(Game, View)> {
        let path = self.game_path();
        self.load(&path, "saved game", |text| {
            let saved: SavedGame = decode(text)?;
            saved.into_game()
        })
    }

    /// Writes the state's game (atomically).
    pub fn save_game(&self, state: &State) -> Result<()> {
        let saved = SavedGame::of(state);
        let text = serde_json::to_string(&saved).context("cannot encode the game")?;
        write_atomic(&self.game_path(), text.as_bytes())
            .with_context(|| format!("cannot save the game to {}", self.game_path().display()))
    }

    /// The statistics (empty when there are none yet or they were unreadable).
    pub fn load_stats(&self) -> Loaded<Stats> {
        let path = self.stats_path();
        self.load(&path, "statistics", |text| {
            let stats: Stats = decode(text)?;
            Ok(stats)
        })
    }

    pub fn save_stats(&self, stats: &Stats) -> Result<()> {
        let text = serde_json::to_string_pretty(stats).context("cannot encode the statistics")?;
        write_atomic(&self.stats_path(), text.as_bytes()).with_context(|| {
            format!(
                "cannot save the statistics to {}",
                self.stats_path().display()
            )
        })
    }

    /// Writes `text` to a new `export-<time>.txt` in the data directory; returns its path.
    pub fn export(&self, text: &str) -> Result<PathBuf> {
        let stamp = now_stamp();
        let mut path = self.dir.join(format!("export-{stamp}.txt"));
        let mut n = 1;
        while path.exists() {
            n += 1;
            path = self.dir.join(format!("export-{stamp}-{n}.txt"));
        }
        write_atomic(&path, text.as_bytes())
            .with_context(|| format!("cannot export to {}", path.display()))?;
        Ok(path)
    }

    fn load<T>(&self, path: &Path, what: &str, read: impl Fn(&str) -> Result<T>) -> Loaded<T> {
        let failure = match fs::read_to_string(path) {
            Ok(text) => match read(&text) {
                Ok(value) => {
                    return Loaded {
                        value: Some(value),
                        notice: None,
                    };
                }
                Err(err) => err,
            },
            Err(err) if err.kind() == io::ErrorKind::NotFound => {
                return Loaded {
                    value: None,
                    notice: None,
                };
            }
            Err(err) => anyhow!(err),
        };
        let notice = match move_aside(path) {
            Ok(aside) => format!(
                "The {what} in {} could not be read ({failure:#}); it was moved to {} and a new one started",
                path.display(),
                aside.display()
            ),
            Err(err) => format!(
                "The {what} in {} could not be read ({failure:#}) nor moved aside ({err:#}); it is left as it is",
                path.display()
            ),
        };
        Loaded {
            value: None,
            notice: Some(notice),
        }
    }
}

/// Parses JSON that carries a `version`, refusing newer versions by name.
fn decode<T: for<'de> Deserialize<'de>>(text: &str) -> Result<T> {
    let value: serde_json::Value = serde_json::from_str(text).context("not valid JSON")?;
    let version = value
        .get("version")
        .and_then(serde_json::Value::as_u64)
        .ok_or_else(|| anyhow!("no version number"))?;
    if version > VERSION as u64 {
        bail!(
            "it is from a newer version of pencilmark (format {version}, this one reads {VERSION})"
        );
    }
    serde_json::from_value(value).context("unexpected content")
}

/// Renames `path` to `path.corrupt-<time>`; returns the new name.
fn move_aside(path: &Path) -> Result<PathBuf> {
    let stamp = now_stamp();
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default();
    let mut aside = path.with_file_name(format!("{name}.corrupt-{stamp}"));
    let mut n = 1;
    while aside.exists() {
        n += 1;
        aside = path.with_file_name(format!("{name}.corrupt-{stamp}-{n}"));
    }
    fs::rename(path, &aside)?;
    Ok(aside)
}

/// Seconds since the epoch, for file names.
fn now_stamp() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// Replaces `path` with `bytes` so that a reader sees the old file or the new
/// one, never half of one: a temporary file beside it, fsync, then rename.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default();
    let temp = dir.join(format!(".{name}.tmp"));
    let written = (|| {
        let mut file = File::create(&temp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        fs::rename(&temp, path)
    })();
    if written.is_err() {
        let _ = fs::remove_file(&temp);
        return written;
    }
    // Make the rename itself durable; not every platform can sync a directory.
    if let Ok(handle) = File::open(dir) {
        let _ = handle.sync_all();
    }
    Ok(())
}

/// The saved form of a position: readable strings, not arrays of bits.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct SavedPosition {
    /// The 81-character line, `.` for empty.
    pub digits: String,
    /// 81 space-separated groups of manual marks, `-` for none.
    pub marks: String,
    /// 81 space-separated groups of struck Auto candidates, `-` for none.
    pub struck: String,
}

impl SavedPosition {
    fn of(position: &Position) -> SavedPosition {
        SavedPosition {
            digits: position.digits.to_line(),
            marks: groups(&position.marks),
            struck: groups(&position.struck),
        }
    }

    fn into_position(self, givens: &Grid) -> Result<Position> {
        let digits = parse::read_line(&self.digits, 1).context("digits")?;
        if let Some(cell) =
            Cell::all().find(|&c| givens.get(c).is_some_and(|d| digits.get(c) != Some(d)))
        {
            bail!("the digits disagree with the given at {cell}");
        }
        Ok(Position {
            digits,
            marks: read_groups(&self.marks).context("marks")?,
            struck: read_groups(&self.struck).context("struck candidates")?,
        })
    }
}

fn groups(sets: &[Candidates; CELLS]) -> String {
    sets.iter()
        .map(|c| {
            if c.is_empty() {
                "-".to_string()
            } else {
                c.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn read_groups(text: &str) -> Result<[Candidates; CELLS]> {
    let mut sets = [Candidates::NONE; CELLS];
    let mut count = 0;
    for (i, group) in text.split_whitespace().enumerate() {
        if i >= CELLS {
            bail!("more than {CELLS} groups");
        }
        if group != "-" {
            for ch in group.chars() {
                let digit = crate::engine::Digit::from_char(ch)
                    .ok_or_else(|| anyhow!("invalid character {ch:?} in group {}", i + 1))?;
                sets[i] = sets[i].with(digit);
            }
        }
        count += 1;
    }
    if count != CELLS {
        bail!("{count} groups, expected {CELLS}");
    }
    Ok(sets)
}

/// The save file: a game and its history, versioned.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct SavedGame {
    pub version: u32,
    pub givens: String,
    pub name: String,
    pub grade: Option<GradeInfo>,
    pub position: SavedPosition,
    pub undo: Vec<SavedPosition>,
    pub redo: Vec<SavedPosition>,
    pub elapsed_ms: u64,
    pub hints_used: u32,
    pub finished: bool,
    pub solved_by_computer: bool,
    pub counted: bool,
    pub candidates: CandidateMode,
    pub pencil: bool,
    /// The selected cell, `r1c1`.
    pub selected: String,
}

impl SavedGame {
    pub fn of(state: &State) -> SavedGame {
        let game = &state.game;
        SavedGame {
            version: VERSION,
            givens: game.givens.to_line(),
            name: game.name.clone(),
            grade: game.grade,
            position: SavedPosition::of(&game.position),
            undo: game.undo.iter().map(SavedPosition::of).collect(),
            redo: game.redo.iter().map(SavedPosition::of).collect(),
            elapsed_ms: game.elapsed_ms,
            hints_used: game.hints_used,
            finished: game.finished,
            solved_by_computer: game.solved_by_computer,
            counted: game.counted,
            candidates: state.candidates,
            pencil: state.pencil,
            selected: state.selected.to_string(),
        }
    }

    /// The game this save describes, with its view settings, checked for sense.
    pub fn into_game(self) -> Result<(Game, View)> {
        let givens = parse::parse_line(&self.givens, 1).context("givens")?;
        let mut game = Game::with_grade(givens, &self.name, self.grade);
        game.position = self.position.into_position(&givens)?;
        game.undo = self
            .undo
            .into_iter()
            .map(|p| p.into_position(&givens))
            .collect::<Result<_>>()?;
        game.redo = self
            .redo
            .into_iter()
            .map(|p| p.into_position(&givens))
            .collect::<Result<_>>()?;
        game.elapsed_ms = self.elapsed_ms;
        game.hints_used = self.hints_used;
        game.finished = self.finished;
        game.solved_by_computer = self.solved_by_computer;
        game.counted = self.counted;
        let view = View {
            candidates: self.candidates,
            pencil: self.pencil,
            selected: Cell::parse(&self.selected).unwrap_or(Cell::at(0, 0)),
        };
        Ok((game, view))
    }
}

/// The view settings a save keeps beside the game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct View {
    pub candidates: CandidateMode,
    pub pencil: bool,
    pub selected: Cell,
}

impl View {
    /// Puts these settings on `state`.
    pub fn apply(self, state: &mut State) {
        state.candidates = self.candidates;
        state.pencil = self.pencil;
        state.selected = self.selected;
    }
}

/// Finished games of one level.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct LevelStats {
    pub finished: u32,
    pub best_secs: Option<u64>,
    pub total_secs: u64,
    /// Hints used over all finished games.
    pub hints: u64,
}

impl LevelStats {
    pub fn average_secs(&self) -> u64 {
        self.total_secs
            .checked_div(self.finished as u64)
            .unwrap_or(0)
    }
}

/// Statistics of finished games, per level ("ungraded" for puzzles without one).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Stats {
    pub version: u32,
    pub levels: BTreeMap<String, LevelStats>,
}

impl Default for Stats {
    fn default() -> Self {
        Stats {
            version: VERSION,
            levels: BTreeMap::new(),
        }
    }
}

impl Stats {
    fn key(level: Option<Level>) -> &'static str {
        level.map_or("ungraded", Level::key)
    }

    /// Counts a game finished by the player.
    pub fn record(&mut self, level: Option<Level>, secs: u64, hints: u32) {
        let entry = self
            .levels
            .entry(Stats::key(level).to_string())
            .or_default();
        entry.finished += 1;
        entry.total_secs += secs;
        entry.hints += hints as u64;
        entry.best_secs = Some(entry.best_secs.map_or(secs, |best| best.min(secs)));
    }

    pub fn level(&self, level: Option<Level>) -> Option<&LevelStats> {
        self.levels.get(Stats::key(level))
    }
}

/// The position as a candidate grid (what [`parse::read_candidates`] reads):
/// placed digits as single digits, open cells with the marks on show (Manual
/// cells with no marks, and hidden marks, are written as the Auto candidates).
pub fn candidate_grid(state: &State) -> String {
    let board = state.game.position.board();
    let group = |cell: Cell| -> String {
        if let Some(d) = state.game.position.digits.get(cell) {
            return d.to_string();
        }
        let shown = state.shown_marks(&board, cell);
        let marks = if shown.is_empty() {
            board.candidates(cell)
        } else {
            shown
        };
        if marks.is_empty() {
            // No candidate left: write every digit rather than an unreadable empty group.
            Candidates::ALL.to_string()
        } else {
            marks.to_string()
        }
    };
    let groups: Vec<String> = Cell::all().map(group).collect();
    let width = groups.iter().map(String::len).max().unwrap_or(1);
    let mut out = format!(
        "# pencilmark export: givens {}\n",
        state.game.givens.to_line()
    );
    for row in 0..9usize {
        if row > 0 && row.is_multiple_of(3) {
            let bar = "-".repeat(3 * (width + 1) + 1);
            out.push_str(&format!("{bar}+{bar}+{bar}\n"));
        }
        let mut line = String::new();
        for col in 0..9usize {
            if col > 0 && col.is_multiple_of(3) {
                line.push_str(" |");
            }
            line.push_str(&format!(" {:<width$}", groups[row * 9 + col]));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}
