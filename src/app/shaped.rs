//! A game on any shape but the classic 9x9 (4x4 to 25x25, Sudoku X, Windoku,
//! jigsaw): its [`Geometry`], givens, solution, the player's [`Position`] (the
//! one every shape uses) with its undo and redo, and what is on screen of it.
//!
//! Beside [`super::state::Game`] rather than folded into it because its hints
//! are the shaped ladder's (`ShapeMarks` over the geometry) while the classic
//! game's are the classic ladder's (the 81-cell `Board`); see
//! [`super::position`] for where the two meet. Cells are row-major indices
//! named by the geometry (`r4c7`), symbols its alphabet (`A` is 10). The clock,
//! the counters and the name stay on [`super::state::Game`], and what a check,
//! `f` and `F` leave on screen (cells marked wrong, the highlighted value, the
//! rewind offer) on [`super::state::State`] in cell indices and values, as for
//! the classic game; the view and the key table are the classic ones, drawn by
//! the one board renderer from the geometry.

use std::sync::Arc;

use super::position::Position;
use super::state::{CandidateMode, HintProgress, History, Timeline};
use crate::engine::geometry::Geometry;
use crate::engine::geometry::logic::{self, ShapeHint, ShapeMarks};
use crate::engine::search;

/// One game on a shape: the puzzle, the position and its history, the selection.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ShapedGame {
    pub geometry: Arc<Geometry>,
    /// Row-major values, 0 for blank.
    pub givens: Vec<u8>,
    /// The first solution the search finds (`None`: the puzzle has none).
    pub solution: Option<Vec<u8>>,
    /// Whether that solution is the only one.
    pub unique: bool,
    pub position: Position,
    /// Earlier positions, the latest last.
    pub undo: History,
    /// Positions undone, the next one to redo last.
    pub redo: History,
    /// The selected cell (row-major index).
    pub selected: usize,
    pub hint: Option<HintProgress<ShapeHint>>,
}

impl ShapedGame {
    /// A fresh game on `givens` of `geometry`, solved once up front.
    pub fn new(geometry: Arc<Geometry>, givens: Vec<u8>) -> ShapedGame {
        let counted = search::count_shape(&geometry, &givens, 2);
        ShapedGame {
            solution: counted.first,
            unique: counted.count == 1,
            position: Position::start(&givens),
            geometry,
            givens,
            undo: History::default(),
            redo: History::default(),
            selected: 0,
            hint: None,
        }
    }

    pub fn is_given(&self, cell: usize) -> bool {
        self.givens[cell] != 0
    }

    /// The position and its histories, for a move, an undo or a redo.
    pub fn timeline(&mut self) -> Timeline<'_> {
        Timeline {
            position: &mut self.position,
            undo: &mut self.undo,
            redo: &mut self.redo,
        }
    }

    /// Whether the board is complete and obeys the rules (the givens are kept
    /// by construction: they cannot be edited).
    pub fn is_complete_and_right(&self) -> bool {
        let values = &self.position.values;
        values.iter().all(|&v| v != 0) && !self.position.conflicts(&self.geometry).contains(&true)
    }

    /// Cells holding a player's value that differs from the solution.
    pub fn wrong_cells(&self) -> Vec<usize> {
        let Some(solution) = &self.solution else {
            return Vec::new();
        };
        (0..self.givens.len())
            .filter(|&c| !self.is_given(c))
            .filter(|&c| {
                let value = self.position.values[c];
                value != 0 && value != solution[c]
            })
            .collect()
    }

    /// The next hint for the position: a wrong value first (as a mistake), then
    /// the shaped ladder's easiest step on the candidates on show under `mode`
    /// ([`ShapedGame::hint_marks`]), so a candidate the player struck out (or an
    /// applied hint's elimination) is not found again.
    pub fn next_hint(&self, mode: CandidateMode) -> ShapeHint {
        // As `logic::hint_in_game`, with the solution the game already counted.
        match (&self.solution, self.unique) {
            (None, _) => return ShapeHint::NoSolution,
            (Some(_), false) => return ShapeHint::MultipleSolutions,
            _ => {}
        }
        let wrong: Vec<(usize, u8)> = self
            .wrong_cells()
            .into_iter()
            .map(|c| (c, self.position.values[c]))
            .collect();
        if !wrong.is_empty() {
            return ShapeHint::Mistake { wrong };
        }
        let marks = self.hint_marks(mode);
        if marks.is_solved() {
            return ShapeHint::Solved;
        }
        logic::next_step_on(&marks, self.solution.as_deref())
            .map_or(ShapeHint::Solved, ShapeHint::Step)
    }

    /// The position the hint ladder reads: the values, and each open cell's
    /// candidates as the board shows them (Auto: the live ones minus those struck
    /// out; Manual: the player's marks where they wrote any, less a peer's
    /// values; a cell not marked yet holds every candidate the values allow).
    pub fn hint_marks(&self, mode: CandidateMode) -> ShapeMarks<'_> {
        let (geometry, position) = (&*self.geometry, &self.position);
        let mut marks = ShapeMarks::from_givens(geometry, &position.values);
        for cell in (0..geometry.cells()).filter(|&c| position.values[c] == 0) {
            match mode {
                CandidateMode::Manual if position.marks[cell] != 0 => {
                    marks.keep_only(cell, position.marks[cell]);
                }
                _ => marks.keep_only(cell, !position.struck[cell]),
            }
        }
        marks
    }

    /// An open cell whose candidates on show under `mode` lack the solution's
    /// value (struck out in Auto mode, not marked in Manual): a hint found there
    /// would rest on a wrong claim. `None` without a unique solution.
    pub fn candidate_lacking_its_value(&self, mode: CandidateMode) -> Option<usize> {
        let solution = self.solution.as_ref().filter(|_| self.unique)?;
        let marks = self.hint_marks(mode);
        (0..self.geometry.cells())
            .find(|&c| self.position.values[c] == 0 && !marks.allows(c, solution[c]))
    }

    /// The symbol of `value` in this shape's alphabet.
    pub fn symbol(&self, value: u8) -> char {
        self.geometry.alphabet().symbol(value)
    }

    /// `r4c7` for a cell.
    pub fn cell_name(&self, cell: usize) -> String {
        self.geometry.cell_name(cell)
    }
}
