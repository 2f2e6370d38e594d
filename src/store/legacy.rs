//! The save of versions before one save per puzzle: a single `game.json` with
//! the whole history inside. It is read once, written as the puzzle's save, and
//! renamed `game.json.migrated` so it is neither read again nor lost.

use std::fs;

use anyhow::{Context, Result};
use serde::{Deserialize, Serialize};

use super::games::Head;
use super::record::SavedPosition;
use super::{Store, files};
use crate::app::state::{CandidateMode, Game, GradeInfo, History, State, View};
use crate::app::stats::Assists;

/// The old save's name in the data directory.
pub const LEGACY_FILE: &str = "game.json";

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
    /// The game this save describes, with its view settings, checked for sense:
    /// the fields a head also holds are read as a head's are.
    pub fn into_game(self) -> Result<(Game, View)> {
        let head = Head {
            version: self.version,
            givens: self.givens,
            name: self.name,
            grade: self.grade,
            position: self.position,
            undo: 0,
            redo: 0,
            elapsed_ms: self.elapsed_ms,
            hints_used: self.hints_used,
            // Assists were not counted then: its hints count as nudges.
            assists: Assists::default(),
            finished: self.finished,
            solved_by_computer: self.solved_by_computer,
            counted: self.counted,
            candidates: self.candidates,
            pencil: self.pencil,
            selected: self.selected,
            saved_at_ms: 0,
            shape: None,
        };
        let (mut game, view) = head.into_game()?;
        let givens = game.classic_givens();
        let history = |positions: Vec<SavedPosition>| -> Result<History> {
            let positions = positions
                .into_iter()
                .map(|p| p.into_position(&givens))
                .collect::<Result<_>>()?;
            Ok(History::from_positions(positions))
        };
        let (undo, redo) = (history(self.undo)?, history(self.redo)?);
        game.undo = undo;
        game.redo = redo;
        Ok((game, view))
    }
}

impl Store {
    /// Moves an old `game.json` into the per-puzzle saves (unless that puzzle
    /// already has a save, or another player holds it); returns what the player
    /// should be told, if anything. An unreadable old save is moved aside.
    pub fn migrate_legacy(&self) -> Option<String> {
        let path = self.dir.join(LEGACY_FILE);
        let loaded = self.load(&path, "old saved game", |bytes| {
            let saved: SavedGame = super::decode(bytes)?;
            saved.into_game()
        });
        let Some((game, view)) = loaded.value else {
            return loaded.notice;
        };
        let moved = (|| -> Result<()> {
            let opened = self.open_game(&game.classic_givens())?;
            if opened.saver.read_only() {
                anyhow::bail!("that puzzle is open in another pencilmark");
            }
            if opened.saved.value.is_none() {
                let mut saver = opened.saver;
                let mut state = State::new(game);
                view.apply(&mut state);
                saver.save(&state)?;
            }
            let done = path.with_file_name(format!("{LEGACY_FILE}.migrated"));
            fs::rename(&path, &done).context("cannot rename the old save")?;
            files::sync_dir(&self.dir);
            Ok(())
        })();
        match moved {
            Ok(()) => None,
            Err(err) => Some(format!(
                "The old save {} could not be moved to the new format ({err:#}); it is left as it is",
                path.display()
            )),
        }
    }
}
