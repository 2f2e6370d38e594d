//! Saves of games on other shapes than the classic 9x9 ([`Game`]): the same head file as a
//! classic game, with a `shape` field holding the variant, the puzzle line, a
//! jigsaw's regions, the position and its history, all in the shape's alphabet.
//! A head without that field (every save written before shapes could be played)
//! is a classic game, read as before.
//!
//! A shaped save's file name is the shape and a hash of its puzzle
//! (`16x16-3f2a...`, `9x9-jigsaw-...`): a 16x16 line and its regions are too long
//! for a file name. Its history lives in the head (no fixed-size logs: a record's
//! size would depend on the shape), the newest [`HISTORY_KEPT`] steps each way.

use std::sync::Arc;

use anyhow::{Context, Result, anyhow, bail};
use serde::{Deserialize, Serialize};

use crate::app::position::Position;
use crate::app::state::{Game, History, View};
use crate::engine::geometry::format::{self, ShapeReader};
use crate::engine::geometry::{Geometry, ValueMask, Variant, value_bit};

/// Undo (and redo) steps a shaped save keeps, the newest ones: a 16x16 position
/// takes a kilobyte or two, and the head stays under its size limit.
pub const HISTORY_KEPT: usize = 200;

/// The saved form of a shaped position: readable strings in the shape's alphabet.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct SavedPosition {
    /// The puzzle line, `.` for empty.
    pub values: String,
    /// One space-separated group of manual marks per cell, `-` for none.
    pub marks: String,
    /// One space-separated group of struck Auto candidates per cell, `-` for none.
    pub struck: String,
}

/// What a head holds of a shaped game.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct SavedShape {
    /// `classic`, `x`, `windoku` or `jigsaw`.
    pub variant: String,
    /// The givens as a puzzle line in the shape's alphabet.
    pub givens: String,
    /// A jigsaw's regions, one symbol per cell (1-based, in the same alphabet).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub regions: Option<String>,
    pub position: SavedPosition,
    pub undo: Vec<SavedPosition>,
    pub redo: Vec<SavedPosition>,
    /// The selected cell, `r1c1`.
    pub selected: String,
}

/// The save's file name for a shaped puzzle: its shape, then a 64-bit FNV-1a
/// hash of its line and regions (stable across versions and machines).
pub fn key(geometry: &Geometry, givens: &[u8]) -> String {
    let mut text = format::to_line(geometry, givens);
    if let Some(regions) = format::regions_line(geometry) {
        text.push(' ');
        text.push_str(&regions);
    }
    let hash = text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    format!("{}-{hash:016x}", geometry.name().replace(' ', "-"))
}

fn groups(geometry: &Geometry, sets: &[ValueMask]) -> String {
    let alphabet = geometry.alphabet();
    let group = |bits: ValueMask| -> String {
        if bits == 0 {
            return "-".to_string();
        }
        (1..=geometry.side() as u8)
            .filter(|v| bits >> (v - 1) & 1 == 1)
            .map(|v| alphabet.symbol(v))
            .collect()
    };
    sets.iter()
        .map(|&bits| group(bits))
        .collect::<Vec<_>>()
        .join(" ")
}

fn read_groups(geometry: &Geometry, text: &str) -> Result<Vec<ValueMask>> {
    let alphabet = geometry.alphabet();
    let sets = text
        .split_whitespace()
        .enumerate()
        .map(|(i, group)| {
            if group == "-" {
                return Ok(0);
            }
            group.chars().try_fold(0, |bits, ch| {
                let value = alphabet
                    .value(ch)
                    .ok_or_else(|| anyhow!("invalid symbol {ch:?} in group {}", i + 1))?;
                Ok(bits | value_bit(value))
            })
        })
        .collect::<Result<Vec<ValueMask>>>()?;
    if sets.len() != geometry.cells() {
        bail!("{} groups, expected {}", sets.len(), geometry.cells());
    }
    Ok(sets)
}

impl SavedPosition {
    pub fn of(geometry: &Geometry, position: &Position) -> SavedPosition {
        SavedPosition {
            values: format::to_line(geometry, &position.values),
            marks: groups(geometry, &position.marks),
            struck: groups(geometry, &position.struck),
        }
    }

    /// The position, checked against the geometry and the givens.
    fn read(&self, geometry: &Geometry, givens: &[u8]) -> Result<Position> {
        let alphabet = geometry.alphabet();
        let values = self
            .values
            .chars()
            .map(|ch| match ch {
                '.' => Ok(0),
                _ => alphabet
                    .value(ch)
                    .ok_or_else(|| anyhow!("invalid symbol {ch:?} in the values")),
            })
            .collect::<Result<Vec<u8>>>()?;
        if values.len() != geometry.cells() {
            bail!("{} values, expected {}", values.len(), geometry.cells());
        }
        if let Some(cell) = (0..values.len()).find(|&c| givens[c] != 0 && values[c] != givens[c]) {
            bail!(
                "the values disagree with the given at {}",
                geometry.cell_name(cell)
            );
        }
        Ok(Position {
            values,
            marks: read_groups(geometry, &self.marks).context("marks")?,
            struck: read_groups(geometry, &self.struck).context("struck candidates")?,
        })
    }
}

/// The newest `HISTORY_KEPT` entries of a history, saved.
fn saved_history(geometry: &Geometry, history: &[Position]) -> Vec<SavedPosition> {
    let start = history.len().saturating_sub(HISTORY_KEPT);
    history[start..]
        .iter()
        .map(|p| SavedPosition::of(geometry, p))
        .collect()
}

impl SavedShape {
    /// The saved form of `game` with the cell `selected` (a row-major index).
    pub fn of(game: &Game, selected: usize) -> SavedShape {
        let geometry = &game.geometry;
        SavedShape {
            variant: geometry.variant().key().to_string(),
            givens: format::to_line(geometry, &game.givens),
            regions: format::regions_line(geometry),
            position: SavedPosition::of(geometry, &game.position),
            undo: saved_history(geometry, game.undo.positions()),
            redo: saved_history(geometry, game.redo.positions()),
            selected: geometry.cell_name(selected),
        }
    }

    /// The game this describes (its position and history; the clock and the
    /// counters are the head's), read by the puzzle reader (so a save is held to
    /// the rules a puzzle file is) and checked for sense, with its selected cell.
    pub fn into_game(self) -> Result<(Game, usize)> {
        let variant = Variant::from_key(&self.variant)
            .ok_or_else(|| anyhow!("unknown variant {:?}", self.variant))?;
        let line = match &self.regions {
            Some(regions) => format!("{} {regions}", self.givens),
            None => self.givens.clone(),
        };
        let puzzle = ShapeReader::new(variant)
            .read(&line, 1)
            .context("the puzzle")?;
        let geometry: Arc<Geometry> = puzzle.geometry;
        let mut game = Game::on_shape(geometry.clone(), puzzle.givens, "");
        game.position = self.position.read(&geometry, &game.givens)?;
        let read_all = |saved: &[SavedPosition], which: &str| {
            saved
                .iter()
                .enumerate()
                .map(|(i, p)| {
                    p.read(&geometry, &game.givens)
                        .with_context(|| format!("{which} step {}", i + 1))
                })
                .collect::<Result<Vec<_>>>()
        };
        game.undo = History::from_positions(read_all(&self.undo, "undo")?);
        game.redo = History::from_positions(read_all(&self.redo, "redo")?);
        let selected = (0..geometry.cells())
            .find(|&c| geometry.cell_name(c) == self.selected)
            .unwrap_or(0);
        Ok((game, selected))
    }
}

/// A shaped game's head read back: the game with its clock and counters, and
/// the view settings (the selection is the shape's own: a head of before the
/// selection was one index held `r1c1` in its classic field).
pub fn read_head(head: super::games::Head) -> Result<(Game, View)> {
    let shape = head
        .shape
        .clone()
        .ok_or_else(|| anyhow!("it holds a classic game, not a shaped one"))?;
    let (mut game, selected) = shape.into_game()?;
    let mut view = head.settle(&mut game);
    view.selected = selected;
    Ok((game, view))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shaped_game_survives_its_saved_form() {
        let line = "..5...........29......43....43.......82...71...76..4....9.3.6...6..8....5........ \
                    111222236141122336141223366441233369455537769455777669455779969458877999458888888";
        let puzzle = ShapeReader::new(Variant::Jigsaw).read(line, 1).unwrap();
        let mut game = Game::on_shape(puzzle.geometry, puzzle.givens, "");
        let before = game.position.clone();
        game.position.place(&game.geometry, 0, 7);
        game.position.marks[1] = 0b1_0000_0011;
        game.position.struck[2] = 0b100;
        game.undo.push(before);
        let saved = SavedShape::of(&game, 10);
        assert_eq!(saved.selected, "r2c2");
        let (back, selected) = saved.into_game().unwrap();
        assert_eq!(back.position, game.position);
        assert_eq!(back.undo, game.undo);
        assert_eq!(selected, 10);
        assert_eq!(back.geometry, game.geometry);
        assert_eq!(
            key(&back.geometry, &back.givens),
            key(&game.geometry, &game.givens)
        );
        assert!(key(&game.geometry, &game.givens).starts_with("9x9-jigsaw-"));
    }

    #[test]
    fn a_25x25_keeps_its_marks_beyond_sixteen_in_the_same_written_form() {
        let geometry = Arc::new(Geometry::regular(25, Variant::Classic).unwrap());
        let mut game = Game::on_shape(geometry, vec![0; 625], "");
        game.position.marks[0] = value_bit(25) | value_bit(17) | value_bit(1);
        game.position.struck[624] = value_bit(20);
        let saved = SavedShape::of(&game, 0);
        // Marks are written as symbols, as on every shape: P is 25, H 17, K 20.
        assert!(
            saved.position.marks.starts_with("1HP - "),
            "{}",
            saved.position.marks
        );
        assert!(
            saved.position.struck.ends_with(" - K"),
            "{}",
            saved.position.struck
        );
        let (back, _) = saved.into_game().unwrap();
        assert_eq!(back.position, game.position);
    }

    #[test]
    fn a_save_that_changes_a_given_is_refused() {
        let geometry = Geometry::regular(4, Variant::Classic).unwrap();
        let mut givens = vec![0; 16];
        givens[0] = 1;
        let game = Game::on_shape(Arc::new(geometry), givens, "");
        let mut saved = SavedShape::of(&game, 0);
        saved.position.values = format!("2{}", &saved.position.values[1..]);
        let error = saved.into_game().unwrap_err();
        assert!(format!("{error:#}").contains("r1c1"), "{error:#}");
    }
}
