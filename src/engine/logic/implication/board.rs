//! The board a branch changes as it follows its implications, kept as bit
//! masks: for each value the open cells that still hold it and the cells where
//! it is placed, with each open cell's candidates beside them. A branch asks
//! "which peers of this cell in this unit still hold the value" and "how many
//! places has the value left in this unit" for every implication; with masks
//! each question is a few word operations instead of a walk over the unit's
//! cells (the fast solver in `search` keeps its state the same way, copied per guess).
//!
//! It mirrors [`Board::place`](crate::engine::board::Board::place) and
//! `strike` exactly, so a branch reads the same facts as on the position it
//! started from, and a forcing net hands its candidates back to the position's
//! own finders ([`BranchHost::step_in_branch`]).

use super::host::{BranchHost, CellSet};
use crate::engine::geometry::ValueMask;

/// A position as a branch sees it (see the module text).
pub(super) struct BranchBoard<H: BranchHost> {
    /// Per value, the open cells that still hold it.
    holders: H::PerValue,
    /// Per value, the cells where it is placed.
    placed: H::PerValue,
    /// The cells without a value.
    open: H::Cells,
    /// Each open cell's candidates (a placed cell's entry is its value).
    candidates: H::PerCell,
}

impl<H: BranchHost> Clone for BranchBoard<H> {
    fn clone(&self) -> Self {
        BranchBoard {
            holders: self.holders.clone(),
            placed: self.placed.clone(),
            open: self.open,
            candidates: self.candidates.clone(),
        }
    }

    fn clone_from(&mut self, source: &Self) {
        self.holders.clone_from(&source.holders);
        self.placed.clone_from(&source.placed);
        self.open = source.open;
        self.candidates.clone_from(&source.candidates);
    }
}

impl<H: BranchHost> BranchBoard<H> {
    pub(super) fn new(board: &H) -> BranchBoard<H> {
        let mut holders = board.per_value();
        let mut placed = board.per_value();
        let mut candidates = board.per_cell();
        let mut open = H::Cells::empty();
        for cell in 0..board.cell_count() {
            let bits = board.candidate_bits(cell);
            candidates.as_mut()[cell] = bits;
            match board.value(cell) {
                0 => {
                    open = open.with(cell);
                    let mut rest = bits;
                    while rest != 0 {
                        let v = rest.trailing_zeros() as usize;
                        rest &= rest - 1;
                        let h = &mut holders.as_mut()[v];
                        *h = h.with(cell);
                    }
                }
                v => {
                    let p = &mut placed.as_mut()[usize::from(v) - 1];
                    *p = p.with(cell);
                }
            }
        }
        BranchBoard {
            holders,
            placed,
            open,
            candidates,
        }
    }

    /// Whether `cell` has no value placed.
    #[inline]
    pub(super) fn is_open(&self, cell: usize) -> bool {
        self.open.has(cell)
    }

    /// The open cells.
    pub(super) fn open(&self) -> &H::Cells {
        &self.open
    }

    /// The open cells still holding `value`.
    #[inline]
    pub(super) fn holders(&self, value: u8) -> H::Cells {
        self.holders.as_ref()[usize::from(value) - 1]
    }

    /// The cells where `value` is placed.
    #[inline]
    pub(super) fn placed(&self, value: u8) -> H::Cells {
        self.placed.as_ref()[usize::from(value) - 1]
    }

    /// The cell's candidates.
    #[inline]
    pub(super) fn candidates(&self, cell: usize) -> ValueMask {
        self.candidates.as_ref()[cell]
    }

    /// Every cell's candidates.
    pub(super) fn all_candidates(&self) -> &[ValueMask] {
        self.candidates.as_ref()
    }

    /// The value goes in, and leaves the open peers (`peers`: the cell's).
    #[inline]
    pub(super) fn place(&mut self, cell: usize, value: u8, peers: &H::Cells) {
        let d = usize::from(value) - 1;
        let bit = 1 << d;
        let holders = self.holders.as_mut();
        let candidates = self.candidates.as_mut();
        for peer in holders[d].and(peers).cells() {
            candidates[peer] &= !bit;
        }
        holders[d] = holders[d].and_not(peers);
        // An open cell is among the holders of its candidates only.
        let mut held = candidates[cell];
        while held != 0 {
            let h = &mut holders[held.trailing_zeros() as usize];
            *h = h.without(cell);
            held &= held - 1;
        }
        let p = &mut self.placed.as_mut()[d];
        *p = p.with(cell);
        self.open = self.open.without(cell);
        candidates[cell] = bit;
    }

    /// Strikes `value` from an open cell.
    #[inline]
    pub(super) fn strike(&mut self, cell: usize, value: u8) {
        let d = usize::from(value) - 1;
        let h = &mut self.holders.as_mut()[d];
        *h = h.without(cell);
        self.candidates.as_mut()[cell] &= !(1 << d);
    }
}
