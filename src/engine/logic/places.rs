//! Digits' places on one position that several finders, or one finder for
//! several sizes, read again and again: each is read on first use and shared
//! through the position's [`Cache`](super::cache::Cache). Hidden pairs,
//! triples and quads search mostly the same units of a position, each reading
//! every digit's places there ([`UnitPlaces`]); basic and finned fish of
//! every size read one digit's places per row and per column ([`LinePlaces`]).

use super::recall::DigitPattern;
use super::subsets::places_in_unit;
use crate::engine::board::Board;
use crate::engine::types::{SIZE, UNITS};

/// Per unit, each digit's open places there and the digits placed there,
/// read from the unit's cells on first use.
#[derive(Clone, Copy)]
pub(crate) struct UnitPlaces {
    /// The units read, as bits by unit index.
    read: u32,
    /// Per unit, per digit (index 0 for 1), bit `i` when the unit's `i`-th
    /// cell is open and holds the digit.
    places: [[u32; SIZE]; UNITS],
    /// Per unit, the digits placed there (bit 0 for 1).
    placed: [u32; UNITS],
}

impl Default for UnitPlaces {
    fn default() -> Self {
        UnitPlaces {
            read: 0,
            places: [[0; SIZE]; UNITS],
            placed: [0; UNITS],
        }
    }
}

impl UnitPlaces {
    /// Each digit's places in `unit` of `board` (the board the cache holds)
    /// and the digits placed there: what [`places_in_unit`] reads.
    pub(crate) fn of(&mut self, board: &Board, unit: usize) -> ([u32; SIZE], u32) {
        if self.read >> unit & 1 == 0 {
            self.read |= 1 << unit;
            let (places, placed) = places_in_unit(board, unit);
            self.places[unit].copy_from_slice(&places[..SIZE]);
            self.placed[unit] = placed;
        }
        (self.places[unit], self.placed[unit])
    }
}

/// Per digit, its places per row and per column, and the lines where it is
/// placed ([`DigitPattern::lines`]), transposed from its pattern on first use.
#[derive(Clone, Copy, Default)]
pub(crate) struct LinePlaces {
    /// The (digit, direction) pairs read, bit `2d` for digit index `d`'s rows
    /// and `2d + 1` for its columns.
    read: u32,
    lines: [[([u16; SIZE], u16); 2]; SIZE],
}

impl LinePlaces {
    /// [`DigitPattern::lines`] of digit index `index`, whose pattern is `pattern`.
    pub(crate) fn of(
        &mut self,
        pattern: &DigitPattern,
        index: usize,
        rows: bool,
    ) -> ([u16; SIZE], u16) {
        let way = usize::from(!rows);
        let slot = 2 * index + way;
        if self.read >> slot & 1 == 0 {
            self.read |= 1 << slot;
            self.lines[index][way] = pattern.lines(rows);
        }
        self.lines[index][way]
    }
}
