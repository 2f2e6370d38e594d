//! What every player feature reads of the player's position, on any shape: the
//! [`PlayerPosition`] trait that the classic 81-cell [`Position`] and the shaped
//! [`ShapedPosition`] both implement, in the vocabulary every shape shares (cells
//! are row-major indices into the geometry, values 1..=side, marks bit `v - 1`),
//! and the features written once on it (the export's candidate grid).
//!
//! Both positions also take a step's effects through the engine's one
//! [`Effects`]: the classic one directly, the shaped one with its geometry
//! ([`OnShape`]), since placing a value rubs it out of the peers' marks.

use super::shaped::ShapedPosition;
use super::state::{CandidateMode, Position};
use crate::engine::effects::Effects;
use crate::engine::formats::write_shape_candidate_grid;
use crate::engine::geometry::{Geometry, ValueMask, all_values, value_bit};
use crate::engine::{Cell, Digit};

/// A player's position on a board of any shape.
pub trait PlayerPosition {
    /// The value in `cell`, 0 when open (givens included).
    fn value(&self, cell: usize) -> u8;
    /// The player's own pencil marks in `cell` (Manual mode).
    fn marks(&self, cell: usize) -> ValueMask;
    /// The candidates the player struck out of `cell` (Auto mode).
    fn struck(&self, cell: usize) -> ValueMask;

    /// Every cell's value, row-major.
    fn values(&self, geometry: &Geometry) -> Vec<u8> {
        (0..geometry.cells()).map(|c| self.value(c)).collect()
    }

    /// The values none of `cell`'s peers holds (0 for a filled cell).
    fn live_candidates(&self, geometry: &Geometry, cell: usize) -> ValueMask {
        if self.value(cell) != 0 {
            return 0;
        }
        let all = all_values(geometry.side());
        geometry
            .peers(cell)
            .iter()
            .map(|&p| self.value(p))
            .filter(|&v| v != 0)
            .fold(all, |left, v| left & !value_bit(v))
    }

    /// The Auto candidates: the live ones minus those the player struck.
    fn auto_candidates(&self, geometry: &Geometry, cell: usize) -> ValueMask {
        self.live_candidates(geometry, cell) & !self.struck(cell)
    }

    /// The marks an open `cell` shows under `mode` (none for a filled cell).
    fn shown_marks(&self, geometry: &Geometry, mode: CandidateMode, cell: usize) -> ValueMask {
        if self.value(cell) != 0 {
            return 0;
        }
        match mode {
            CandidateMode::Auto => self.auto_candidates(geometry, cell),
            CandidateMode::Manual => self.marks(cell),
            CandidateMode::Hidden => 0,
        }
    }
}

impl PlayerPosition for Position {
    fn value(&self, cell: usize) -> u8 {
        self.digits.get(Cell::new(cell)).map_or(0, |d| d.get())
    }

    fn marks(&self, cell: usize) -> ValueMask {
        ValueMask::from(self.marks[cell].bits())
    }

    fn struck(&self, cell: usize) -> ValueMask {
        ValueMask::from(self.struck[cell].bits())
    }
}

impl PlayerPosition for ShapedPosition {
    fn value(&self, cell: usize) -> u8 {
        self.values[cell]
    }

    fn marks(&self, cell: usize) -> ValueMask {
        self.marks[cell]
    }

    fn struck(&self, cell: usize) -> ValueMask {
        self.struck[cell]
    }
}

impl Effects for Position {
    fn place_value(&mut self, cell: usize, value: u8) {
        self.place(Cell::new(cell), Digit::new(value));
    }

    fn remove_candidate(&mut self, cell: usize, value: u8) {
        self.eliminate(Cell::new(cell), Digit::new(value));
    }
}

/// A shaped position with its geometry, as a step's effects are made on it.
pub struct OnShape<'a> {
    pub geometry: &'a Geometry,
    pub position: &'a mut ShapedPosition,
}

impl Effects for OnShape<'_> {
    fn place_value(&mut self, cell: usize, value: u8) {
        self.position.place(self.geometry, cell, value);
    }

    fn remove_candidate(&mut self, cell: usize, value: u8) {
        self.position.eliminate(cell, value);
    }
}

/// The position as a candidate grid (the one writer's format, in the shape's
/// alphabet): placed values alone, open cells with the marks on show under
/// `mode` (Manual cells with no marks, and hidden marks, written as the Auto
/// candidates; a cell with none left as every value, rather than an unreadable
/// empty group).
pub fn candidate_grid(
    geometry: &Geometry,
    position: &impl PlayerPosition,
    mode: CandidateMode,
) -> String {
    let all = all_values(geometry.side());
    let marks = |cell: usize| {
        let shown = position.shown_marks(geometry, mode, cell);
        let auto = position.auto_candidates(geometry, cell);
        [shown, auto, all]
            .into_iter()
            .find(|&m| m != 0)
            .unwrap_or(all)
    };
    write_shape_candidate_grid(geometry, &position.values(geometry), marks)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Grid;
    use crate::engine::geometry::Variant;

    #[test]
    fn both_positions_read_the_same_through_the_trait() {
        let line =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        let values: Vec<u8> = line
            .chars()
            .map(|c| c.to_digit(10).unwrap_or(0) as u8)
            .collect();
        let classic = Position::start(&Grid::from_values(values.clone().try_into().unwrap()));
        let shaped = ShapedPosition::start(&values);
        let geometry = Geometry::classic();
        for cell in 0..81 {
            assert_eq!(classic.value(cell), shaped.value(cell));
            assert_eq!(
                classic.live_candidates(geometry, cell),
                shaped.live_candidates(geometry, cell)
            );
        }
        assert_eq!(
            candidate_grid(geometry, &classic, CandidateMode::Auto),
            candidate_grid(geometry, &shaped, CandidateMode::Auto)
        );
    }

    #[test]
    fn a_6x6_grid_is_written_in_boxes_of_two_rows_and_three_columns() {
        let geometry = Geometry::regular(6, Variant::Classic).unwrap();
        let mut position = ShapedPosition::start(&[0; 36]);
        OnShape {
            geometry: &geometry,
            position: &mut position,
        }
        .place_value(0, 6);
        let grid = candidate_grid(&geometry, &position, CandidateMode::Auto);
        let lines: Vec<&str> = grid.lines().collect();
        assert_eq!(lines.len(), 6 + 2, "six rows and two rules: {grid}");
        assert!(lines[0].starts_with(" 6 "), "{grid}");
        assert_eq!(lines[0].matches('|').count(), 1, "{grid}");
        assert!(
            lines[2].starts_with("-") && lines[2].contains('+'),
            "{grid}"
        );
        // r1c2 sees the 6: every other value, in the shape's order.
        assert!(lines[0].contains(" 12345 "), "{grid}");
    }
}
