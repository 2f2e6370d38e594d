//! The save of versions before one save per puzzle: a single `game.json` with
//! the whole history inside. It is read once, written as the puzzle's save, and
//! renamed `game.json.migrated` so it is neither read again nor lost.

use std::fs;

use anyhow::{Context, Result};
use serde::{Deserialize, Serialize};

use super::record::SavedPosition;
use super::{Store, files};
use crate::app::state::{CandidateMode, Game, GradeInfo, History, State, View};
use crate::engine::{Cell, parse};

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
    /// The game this save describes, with its view settings, checked for sense.
    pub fn into_game(self) -> Result<(Game, View)> {
        let givens = parse::parse_line(&self.givens, 1).context("givens")?;
        let mut game = Game::with_grade(givens, &self.name, self.grade);
        game.position = self.position.into_position(&givens)?;
        game.undo = History::from_positions(
            self.undo
                .into_iter()
                .map(|p| p.into_position(&givens))
                .collect::<Result<_>>()?,
        );
        game.redo = History::from_positions(
            self.redo
                .into_iter()
                .map(|p| p.into_position(&givens))
                .collect::<Result<_>>()?,
        );
        game.elapsed_ms = self.elapsed_ms;
        game.hints_used = self.hints_used;
        // Assists were not counted then: its hints were at least nudges.
        game.assists.nudges = self.hints_used;
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
            let opened = self.open_game(&game.givens)?;
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
