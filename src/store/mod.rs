//! Games that last: one save per puzzle (see [`games`]), the statistics beside
//! them, and exports, all in the user's data directory.
//!
//! Every replace is atomic (a fresh temporary file in the same directory,
//! created exclusively, fsync, rename: [`files::write_atomic`]), so a crash or a
//! full disk never leaves half a save. Only regular files under a size limit
//! are read. A save that cannot be read is never overwritten: the player moves
//! it aside as `*.corrupt-<time>` and says so; read-only commands leave it be.

pub mod files;
pub mod games;
mod legacy;
pub mod record;
pub mod shaped;

use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, anyhow, bail};
use serde::Deserialize;

pub use crate::app::state::View;
pub use crate::app::stats::{LevelStats, Stats};
pub use files::write_atomic;
pub use games::{Opened, Saver, Summary};

/// The save format's version; a save from a newer version is not read.
/// Version 1 was the single `game.json`; version 2 is one save per puzzle.
pub const VERSION: u32 = 2;
/// The environment variable that moves the data directory.
pub const DATA_DIR_ENV: &str = "PENCILMARK_DATA_DIR";
const STATS_FILE: &str = "stats.json";
/// The most the statistics file may hold.
pub const STATS_LIMIT: u64 = 1 << 20;

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

impl<T> Loaded<T> {
    fn nothing() -> Loaded<T> {
        Loaded {
            value: None,
            notice: None,
        }
    }
}

impl Store {
    /// The store in `flag` (`--data-dir`), else `$PENCILMARK_DATA_DIR`, else the
    /// user's data directory; created if missing.
    pub fn locate(flag: Option<&Path>) -> Result<Store> {
        let store = Store::find(flag)?;
        fs::create_dir_all(&store.dir)
            .with_context(|| format!("cannot create the data directory {}", store.dir.display()))?;
        Ok(store)
    }

    /// Like [`Store::locate`], but creates nothing (for read-only commands).
    pub fn find(flag: Option<&Path>) -> Result<Store> {
        let dir = match (flag, std::env::var_os(DATA_DIR_ENV)) {
            (Some(dir), _) => dir.to_path_buf(),
            (None, Some(dir)) if !dir.is_empty() => PathBuf::from(dir),
            _ => directories::ProjectDirs::from("", "", "pencilmark")
                .ok_or_else(|| anyhow!("no home directory: use --data-dir or {DATA_DIR_ENV}"))?
                .data_dir()
                .to_path_buf(),
        };
        Ok(Store { dir })
    }

    /// A store in `dir` as it is (not created).
    pub fn at(dir: impl Into<PathBuf>) -> Store {
        Store { dir: dir.into() }
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    pub fn stats_path(&self) -> PathBuf {
        self.dir.join(STATS_FILE)
    }

    /// The statistics (empty when there are none yet). Unreadable ones are moved
    /// aside (the player does this; it is about to write new ones).
    pub fn load_stats(&self) -> Loaded<Stats> {
        self.load(&self.stats_path(), "statistics", decode)
    }

    /// The statistics, read without changing any file (for `pencilmark stats`).
    pub fn peek_stats(&self) -> Loaded<Stats> {
        self.peek(&self.stats_path(), "statistics", decode)
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
        let stamp = files::now_stamp();
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

    /// Reads `path` with `read`; a file that cannot be read is moved aside and
    /// the notice says where.
    fn load<T>(&self, path: &Path, what: &str, read: impl Fn(&[u8]) -> Result<T>) -> Loaded<T> {
        let failure = match read_file(path, read) {
            Ok(Some(value)) => {
                return Loaded {
                    value: Some(value),
                    notice: None,
                };
            }
            Ok(None) => return Loaded::nothing(),
            Err(err) => err,
        };
        let notice = match files::move_aside(path) {
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

    /// Reads `path` with `read`, changing nothing: a file that cannot be read
    /// is left as it is and the notice says why.
    fn peek<T>(&self, path: &Path, what: &str, read: impl Fn(&[u8]) -> Result<T>) -> Loaded<T> {
        match read_file(path, read) {
            Ok(value) => Loaded {
                value,
                notice: None,
            },
            Err(failure) => Loaded {
                value: None,
                notice: Some(format!(
                    "The {what} in {} could not be read ({failure:#}); it is left as it is",
                    path.display()
                )),
            },
        }
    }
}

/// Reads a regular file under the head-size limit with `read`; `Ok(None)` when missing.
fn read_file<T>(path: &Path, read: impl Fn(&[u8]) -> Result<T>) -> Result<Option<T>> {
    match files::read_limited(path, games::HEAD_LIMIT.max(STATS_LIMIT))? {
        Some(bytes) => read(&bytes).map(Some),
        None => Ok(None),
    }
}

/// Parses JSON that carries a `version`, refusing newer versions by name.
fn decode<T: for<'de> Deserialize<'de>>(bytes: &[u8]) -> Result<T> {
    let value: serde_json::Value = serde_json::from_slice(bytes).context("not valid JSON")?;
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
