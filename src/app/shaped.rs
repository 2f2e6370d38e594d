//! The shaped ladder's reading of a game on any shape but the classic 9x9 (4x4
//! to 25x25, Sudoku X, Windoku, jigsaw): its next hint and the candidates the
//! hint reads. The game itself is the one [`Game`] every shape plays; only the
//! hints still come from the engine's two ladders (the classic one over the
//! 81-cell `Board`, this one over `ShapeMarks` on the geometry), so a classic
//! game asks [`super::update`]'s classic hint and a shaped one these.

use super::state::{CandidateMode, Game};
use crate::engine::geometry::logic::{self, ShapeMarks};
use crate::engine::hint::Hint;
use crate::engine::types::{Cell, Digit};

impl Game {
    /// The next hint for the position: a mistake first (a wrong value, or an
    /// open cell whose candidates on show lack the solution's value: struck out
    /// in Auto mode, not marked in Manual), then the shaped ladder's easiest
    /// step on the candidates on show under `mode` ([`Game::hint_marks`]), so
    /// a candidate the player struck out (or an applied hint's elimination) is
    /// not found again.
    pub fn next_shape_hint(&self, mode: CandidateMode) -> Hint {
        // As `logic::hint_in_game`, with the solution the game already counted.
        let solution = match (&self.solution, self.unique) {
            (None, _) => return Hint::NoSolution,
            (Some(_), false) => return Hint::MultipleSolutions,
            (Some(solution), true) => solution,
        };
        let marks = self.hint_marks(mode);
        let position = &self.position;
        let values = &position.values;
        // The player's own doing only: a candidate a wrong peer rules out is
        // not a mistake of its own.
        let struck_or_unmarked = |c: usize| {
            let bit = crate::engine::geometry::value_bit(solution[c]);
            position.struck[c] & bit != 0 || position.marks[c] != 0
        };
        let wrong: Vec<(Cell, Option<Digit>)> = (0..self.geometry.cells())
            .filter(|&c| match values[c] {
                0 => !marks.allows(c, solution[c]) && struck_or_unmarked(c),
                value => !self.is_given(c) && value != solution[c],
            })
            .map(|c| {
                (
                    Cell::new(c),
                    (values[c] != 0).then(|| Digit::new(values[c])),
                )
            })
            .collect();
        if !wrong.is_empty() {
            return Hint::Mistake { wrong };
        }
        if marks.is_solved() {
            return Hint::Solved;
        }
        logic::next_step_on(&marks, Some(solution)).map_or(Hint::Solved, Hint::Step)
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
}
