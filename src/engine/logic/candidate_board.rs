//! One vocabulary for the technique finders of every shape: a [`CandidateBoard`]
//! is a candidates position on some geometry, read as plain indices (cells
//! `0..cell_count`, units `0..unit_count` in the geometry's order: rows, columns,
//! regions, then extra units; values `1..=side`, candidate sets as a
//! [`ValueMask`]).
//!
//! Why a trait and not one board type: the classic 9x9 [`Board`] is what hints,
//! grading, the player and learn mode all hold, and its finders are the hot path
//! of `grade`; its implementation reads the compile-time [`GEOMETRY`] table, so a
//! finder written once against this trait monomorphises for the classic board
//! into the same fixed-size loops it had before (callgrind of `grade` on the
//! first 30 top1465 puzzles is the check). The shaped ladder's `ShapeMarks`
//! implements it over the runtime [`Geometry`](crate::engine::geometry::Geometry)
//! for every other shape (4x4 to 25x25, X, Windoku, jigsaw). Moving the classic
//! board onto a generic `Board<S: Shape>` would have touched every reader of
//! `Board` (the player, learn mode, the store, the trace) at once; the trait lets
//! the families move one at a time, and it is the seam a generic board would
//! implement later.
//!
//! A finder written this way reports what it found in the same indices (through
//! a visitor that returns `true` to stop), and each ladder turns that into the
//! one step value (`Step`, in `Cell`, `Digit` and `Unit` on every shape) with its
//! own text. Where the two ladders walk the units in different orders, the order
//! is the caller's argument, so that both keep the output they had.
//!
//! The link builder's `UnitPosition` (`links/builder.rs`) is the same idea with
//! typed cells and units, so that classic links name `Cell` and `Digit`; it could
//! become an adapter over this trait when the link builder moves.

use crate::engine::board::Board;
use crate::engine::geometry::{UnitKind, ValueMask, position_bits};
use crate::engine::types::{CELLS, Candidates, Cell, GEOMETRY, SIZE, UNITS, ones_of_nine};

/// A candidates position on some geometry, for the finders shared by every shape.
pub trait CandidateBoard {
    /// Values per unit, and cells per unit.
    fn side(&self) -> usize;

    /// Number of cells.
    fn cell_count(&self) -> usize;

    /// Number of units.
    fn unit_count(&self) -> usize;

    /// The cells of `unit`, ascending.
    fn unit_cells(&self, unit: usize) -> impl Iterator<Item = usize> + Clone + '_;

    /// Whether `unit` holds `cell`.
    fn unit_contains(&self, unit: usize, cell: usize) -> bool;

    /// Which cells of unit `from` lie in unit `to`: bit `i` for `from`'s `i`-th
    /// cell.
    fn unit_overlap(&self, from: usize, to: usize) -> u32 {
        position_bits(self.unit_cells(from), |cell| self.unit_contains(to, cell))
    }

    /// The units holding `cell`, ascending.
    fn units_of(&self, cell: usize) -> impl Iterator<Item = usize> + '_;

    /// The cells sharing a unit with `cell`, ascending; never `cell` itself.
    fn peers(&self, cell: usize) -> impl Iterator<Item = usize> + '_;

    /// Whether `a` and `b` share a unit (a cell does not see itself).
    fn sees(&self, a: usize, b: usize) -> bool;

    /// The cells of `among` (a set of cells, bit `c % 64` of word `c / 64`) that
    /// see `cell`, ascending: a chain's weak links from `cell`.
    fn peers_among<'a>(
        &'a self,
        cell: usize,
        among: &'a [u64],
    ) -> impl Iterator<Item = usize> + 'a {
        self.peers(cell)
            .filter(move |&c| among[c / 64] >> (c % 64) & 1 == 1)
    }

    /// What `unit` is: a row, a column, a box or region, an extra unit.
    fn unit_kind(&self, unit: usize) -> UnitKind;

    /// The box or jigsaw region holding `cell`, as a unit index (regions are
    /// units `2 * side..3 * side`).
    fn region_unit(&self, cell: usize) -> usize;

    /// The value placed in `cell`, 0 when open.
    fn value(&self, cell: usize) -> u8;

    /// The candidate bits of `cell` as held, a placed cell's included (after a
    /// placement, the bit of its value).
    fn candidate_bits(&self, cell: usize) -> ValueMask;

    /// The candidates of an open cell; none once a value is placed.
    fn open_candidates(&self, cell: usize) -> ValueMask {
        if self.value(cell) == 0 {
            self.candidate_bits(cell)
        } else {
            0
        }
    }

    /// How many values `mask` holds.
    fn count_values(&self, mask: ValueMask) -> u32 {
        mask.count_ones()
    }

    /// How many positions of a unit (bit `i` for its `i`-th cell) or lines
    /// (bit `i` for line `i`) `mask` holds.
    fn count_positions(&self, mask: u32) -> u32 {
        mask.count_ones()
    }

    /// Every value as a mask.
    fn all_values(&self) -> ValueMask {
        crate::engine::geometry::all_values(self.side())
    }
}

/// The classic board through the compile-time table: the unit count and side are
/// constants and every lookup is an array read, as in the finders before.
impl CandidateBoard for Board {
    #[inline]
    fn side(&self) -> usize {
        SIZE
    }

    #[inline]
    fn cell_count(&self) -> usize {
        CELLS
    }

    #[inline]
    fn unit_count(&self) -> usize {
        UNITS
    }

    #[inline]
    fn unit_cells(&self, unit: usize) -> impl Iterator<Item = usize> + Clone + '_ {
        GEOMETRY.units[unit].iter().map(|c| c.index())
    }

    #[inline]
    fn unit_contains(&self, unit: usize, cell: usize) -> bool {
        GEOMETRY.unit_masks[unit] >> cell & 1 == 1
    }

    #[inline]
    fn units_of(&self, cell: usize) -> impl Iterator<Item = usize> + '_ {
        GEOMETRY.units_of[cell].iter().map(|u| u.index())
    }

    #[inline]
    fn peers(&self, cell: usize) -> impl Iterator<Item = usize> + '_ {
        GEOMETRY.peers[cell].iter().map(|c| c.index())
    }

    #[inline]
    fn sees(&self, a: usize, b: usize) -> bool {
        GEOMETRY.peer_masks[a] >> b & 1 == 1
    }

    /// By the 81-bit peer masks, as the chain search read them before.
    #[inline]
    fn peers_among<'a>(
        &'a self,
        cell: usize,
        among: &'a [u64],
    ) -> impl Iterator<Item = usize> + 'a {
        let among = u128::from(among[0]) | u128::from(among[1]) << 64;
        let mut rest = among & GEOMETRY.peer_masks[cell];
        std::iter::from_fn(move || {
            (rest != 0).then(|| {
                let c = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                c
            })
        })
    }

    #[inline]
    fn unit_kind(&self, unit: usize) -> UnitKind {
        match unit / SIZE {
            0 => UnitKind::Row,
            1 => UnitKind::Column,
            _ => UnitKind::Box,
        }
    }

    #[inline]
    fn region_unit(&self, cell: usize) -> usize {
        2 * SIZE + Cell::new(cell).box_index()
    }

    #[inline]
    fn value(&self, cell: usize) -> u8 {
        self.digits.values()[cell]
    }

    #[inline]
    fn candidate_bits(&self, cell: usize) -> ValueMask {
        self.candidates[cell].bits()
    }

    /// By the 9-bit table (the baseline x86-64 target has no popcount).
    #[inline]
    fn count_values(&self, mask: ValueMask) -> u32 {
        Candidates::from_bits(mask).len()
    }

    /// By the same table: a unit has nine positions, a board nine lines a way.
    #[inline]
    fn count_positions(&self, mask: u32) -> u32 {
        debug_assert!(mask < 1 << SIZE);
        ones_of_nine(mask as u16)
    }
}

/// The value of a mask holding exactly one value.
#[inline]
pub(crate) fn only_value(mask: ValueMask) -> Option<u8> {
    // No popcount: the baseline x86-64 target has none, and this runs per cell.
    (mask != 0 && mask & (mask - 1) == 0).then(|| mask.trailing_zeros() as u8 + 1)
}

/// The values of a mask, ascending.
pub(crate) fn values_of(mask: ValueMask) -> impl Iterator<Item = u8> {
    let mut rest = mask;
    std::iter::from_fn(move || {
        (rest != 0).then(|| {
            let value = rest.trailing_zeros() as u8 + 1;
            rest &= rest - 1;
            value
        })
    })
}
