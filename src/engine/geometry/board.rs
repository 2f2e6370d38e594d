//! A candidates position on any [`Geometry`]: Norvig's `assign` and `eliminate`
//! with both propagation rules (a cell left with one value is placed; a unit left
//! with one place for a value puts it there), on fixed-size arrays so that a
//! guess copies the position instead of undoing it.
//!
//! The classic 9x9 keeps its own [`crate::engine::Board`] (the techniques and the
//! player read it) and the bit-parallel solver; this board is what the readable
//! search runs on for every other shape.

use super::{Geometry, MAX_CELLS, ValueMask, all_values, value_bit};

/// The position cannot be completed: a cell lost its last value, or a value lost
/// its last place in a unit.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Dead;

/// Values and candidates of every cell of a shape. Values are 1..=side, 0 is open;
/// candidate bit `v - 1` is set when value `v` is still possible.
#[derive(Clone, Copy)]
pub struct ShapeBoard<'g> {
    geometry: &'g Geometry,
    candidates: [ValueMask; MAX_CELLS],
    values: [u8; MAX_CELLS],
}

impl<'g> ShapeBoard<'g> {
    /// An empty board of `geometry`: every value possible everywhere.
    pub fn new(geometry: &'g Geometry) -> ShapeBoard<'g> {
        let mut candidates = [0; MAX_CELLS];
        candidates[..geometry.cells()].fill(all_values(geometry.side()));
        ShapeBoard {
            geometry,
            candidates,
            values: [0; MAX_CELLS],
        }
    }

    /// The givens (`0` for blank) assigned one by one with full propagation.
    pub fn from_givens(geometry: &'g Geometry, givens: &[u8]) -> Result<ShapeBoard<'g>, Dead> {
        let mut board = ShapeBoard::new(geometry);
        for (cell, &value) in givens.iter().enumerate() {
            if value != 0 {
                board.assign(cell, value)?;
            }
        }
        Ok(board)
    }

    pub fn geometry(&self) -> &'g Geometry {
        self.geometry
    }

    /// Candidate bits of `cell` (bit `v - 1` for value `v`).
    pub fn candidates(&self, cell: usize) -> ValueMask {
        self.candidates[cell]
    }

    /// The placed value of `cell`, 0 when open.
    pub fn value(&self, cell: usize) -> u8 {
        self.values[cell]
    }

    /// Every cell's value, row-major, 0 when open.
    pub fn values(&self) -> &[u8] {
        &self.values[..self.geometry.cells()]
    }

    /// The open cell with the fewest candidates (ties: the first in row-major order).
    pub fn fewest_candidates_cell(&self) -> Option<usize> {
        (0..self.geometry.cells())
            .filter(|&c| self.values[c] == 0)
            .min_by_key(|&c| self.candidates[c].count_ones())
    }

    /// The first open cell in row-major order.
    pub fn first_open_cell(&self) -> Option<usize> {
        (0..self.geometry.cells()).find(|&c| self.values[c] == 0)
    }

    /// Puts `value` in `cell` by eliminating every other value, with propagation.
    pub fn assign(&mut self, cell: usize, value: u8) -> Result<(), Dead> {
        let bit = value_bit(value);
        if self.candidates[cell] & bit == 0 {
            return Err(Dead);
        }
        if self.values[cell] == value {
            return Ok(());
        }
        self.settle(cell, value)?;
        let mut others = self.candidates[cell] & !bit;
        while others != 0 {
            let other = others.trailing_zeros() as u8 + 1;
            others &= others - 1;
            self.eliminate(cell, other)?;
        }
        Ok(())
    }

    /// Records `value` as placed in `cell` and strikes it from every peer.
    fn settle(&mut self, cell: usize, value: u8) -> Result<(), Dead> {
        self.values[cell] = value;
        let geometry = self.geometry;
        for &peer in geometry.peers(cell) {
            self.eliminate(peer, value)?;
        }
        Ok(())
    }

    /// Removes `value` from `cell` and propagates both rules.
    pub fn eliminate(&mut self, cell: usize, value: u8) -> Result<(), Dead> {
        let bit = value_bit(value);
        let before = self.candidates[cell];
        if before & bit == 0 {
            return Ok(());
        }
        let after = before & !bit;
        self.candidates[cell] = after;
        if after == 0 {
            return Err(Dead);
        }
        if after.count_ones() == 1 && self.values[cell] == 0 {
            self.settle(cell, after.trailing_zeros() as u8 + 1)?;
        }
        let geometry = self.geometry;
        for &unit in geometry.units_of(cell) {
            let mut places = geometry.units()[unit]
                .cells
                .iter()
                .copied()
                .filter(|&c| self.candidates[c] & bit != 0);
            match (places.next(), places.next()) {
                (None, _) => return Err(Dead),
                (Some(only), None) if self.values[only] == 0 => self.assign(only, value)?,
                _ => {}
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::geometry::Variant;

    #[test]
    fn a_placed_value_leaves_every_peer() {
        let geometry = Geometry::regular(4, Variant::Classic).unwrap();
        let mut board = ShapeBoard::new(&geometry);
        board.assign(5, 3).unwrap();
        for &peer in geometry.peers(5) {
            assert_eq!(board.candidates(peer) & 0b100, 0);
        }
        assert_eq!(board.value(5), 3);
    }

    #[test]
    fn clashing_givens_are_dead() {
        let geometry = Geometry::regular(6, Variant::X).unwrap();
        let mut givens = vec![0; 36];
        givens[0] = 1;
        givens[35] = 1; // both on the main diagonal
        assert!(ShapeBoard::from_givens(&geometry, &givens).is_err());
    }
}
