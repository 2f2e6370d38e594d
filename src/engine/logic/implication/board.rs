//! The board a branch changes as it follows its implications, kept as bit
//! masks: for each digit the open cells that still hold it and the cells where
//! it is placed, with each open cell's candidates beside them. A branch asks
//! "which peers of this cell in this unit still hold the digit" and "how many
//! places has the digit left in this unit" for every implication; with masks
//! each question is a few word operations instead of a walk over nine cells
//! (the fast solver in `search` keeps its state the same way, copied per guess).
//!
//! It mirrors [`Board::place`] and [`Board::strike`] exactly, so a branch reads
//! the same facts as on a [`Board`], and [`BranchBoard::position_from`] gives that
//! board back when a forcing net applies a technique inside the branch.

use crate::engine::board::Board;
use crate::engine::types::{CELLS, Candidates, Cell, Digit, GEOMETRY, SIZE, Unit};

/// A set of cells, one bit per [`Cell::index`].
pub(super) type Cells = u128;

/// The cells of `set`, ascending.
pub(crate) fn cells_in(mut set: Cells) -> impl Iterator<Item = Cell> {
    std::iter::from_fn(move || {
        if set == 0 {
            return None;
        }
        let index = set.trailing_zeros() as usize;
        set &= set - 1;
        Some(Cell::new(index))
    })
}

/// The one cell of `set`, when it has exactly one.
pub(super) fn only_cell(set: Cells) -> Option<Cell> {
    (set != 0 && set & (set - 1) == 0).then(|| Cell::new(set.trailing_zeros() as usize))
}

/// The cells of `unit`.
pub(super) fn unit_mask(unit: Unit) -> Cells {
    GEOMETRY.unit_masks[unit.index()]
}

/// A position as a branch sees it (see the module text).
#[derive(Clone, Copy)]
pub(super) struct BranchBoard {
    /// Per digit, the open cells that still hold it.
    holders: [Cells; SIZE],
    /// Per digit, the cells where it is placed.
    placed: [Cells; SIZE],
    /// The cells without a digit.
    open: Cells,
    /// Each open cell's candidates (a placed cell's entry is its digit).
    candidates: [Candidates; CELLS],
}

impl BranchBoard {
    pub(super) fn new(board: &Board) -> BranchBoard {
        let mut holders = [0; SIZE];
        let mut placed = [0; SIZE];
        let mut open = 0;
        let values = board.digits().values();
        for cell in Cell::all() {
            let bit = 1u128 << cell.index();
            match values[cell.index()] {
                0 => {
                    open |= bit;
                    for digit in board.candidates(cell).iter() {
                        holders[digit.index()] |= bit;
                    }
                }
                v => placed[usize::from(v) - 1] |= bit,
            }
        }
        BranchBoard {
            holders,
            placed,
            open,
            candidates: board.candidates,
        }
    }

    /// Whether `cell` has no digit placed.
    pub(super) fn is_open(&self, cell: Cell) -> bool {
        self.open >> cell.index() & 1 == 1
    }

    /// The open cells still holding `digit`.
    pub(super) fn holders(&self, digit: Digit) -> Cells {
        self.holders[digit.index()]
    }

    /// Whether `digit` is placed somewhere in `unit`.
    pub(super) fn is_placed_in(&self, unit: Unit, digit: Digit) -> bool {
        self.placed[digit.index()] & unit_mask(unit) != 0
    }

    /// The cell's candidates.
    pub(super) fn candidates(&self, cell: Cell) -> Candidates {
        self.candidates[cell.index()]
    }

    /// [`Board::place`]: the digit goes in, and leaves the open peers.
    pub(super) fn place(&mut self, cell: Cell, digit: Digit) {
        let bit = 1u128 << cell.index();
        let d = digit.index();
        let mut losing = self.holders[d] & GEOMETRY.peer_masks[cell.index()];
        while losing != 0 {
            let peer = losing.trailing_zeros() as usize;
            losing &= losing - 1;
            self.candidates[peer] = self.candidates[peer].without(digit);
        }
        self.holders[d] &= !GEOMETRY.peer_masks[cell.index()];
        for holders in &mut self.holders {
            *holders &= !bit;
        }
        self.placed[d] |= bit;
        self.open &= !bit;
        self.candidates[cell.index()] = Candidates::single(digit);
    }

    /// [`Board::strike`] on an open cell.
    pub(super) fn strike(&mut self, cell: Cell, digit: Digit) {
        self.holders[digit.index()] &= !(1u128 << cell.index());
        self.candidates[cell.index()] = self.candidates[cell.index()].without(digit);
    }

    /// The same position as a [`Board`] started from `origin` (which this one
    /// was made from) would be after the same places and strikes.
    pub(super) fn position_from(&self, origin: &Board) -> Board {
        let mut board = *origin;
        for cell in origin.open_cells() {
            let i = cell.index();
            board.candidates[i] = self.candidates[i];
            if !self.is_open(cell) {
                board.digits.set(cell, self.candidates[i].only());
            }
        }
        board
    }
}
