//! The shaped ladder's reading of a game on any shape but the classic 9x9 (4x4
//! to 25x25, Sudoku X, Windoku, jigsaw): its next hint and the candidates the
//! hint reads. The game itself is the one [`Game`] every shape plays; only the
//! hints still come from the engine's two ladders (the classic one over the
//! 81-cell `Board`, this one over `ShapeMarks` on the geometry), so a classic
//! game asks [`super::update`]'s classic hint and a shaped one these.

use super::state::{CandidateMode, Game};
use crate::engine::geometry::logic::{self, ShapeHint, ShapeMarks};

impl Game {
    /// The next hint for the position: a wrong value first (as a mistake), then
    /// the shaped ladder's easiest step on the candidates on show under `mode`
    /// ([`Game::hint_marks`]), so a candidate the player struck out (or an
    /// applied hint's elimination) is not found again.
    pub fn next_shape_hint(&self, mode: CandidateMode) -> ShapeHint {
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
}
