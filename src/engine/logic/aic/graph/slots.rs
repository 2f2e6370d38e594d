//! Group slots: where a group node sits. A box meets three rows and three
//! columns; each of those six lines holds a slot, so a box has six and the
//! grid 54. A group's key names its digit and slot (see [`super::Node::key`]).

use super::Cells;
use crate::engine::types::{CELLS, Cell, GEOMETRY, SIZE};

/// Per cell, the group slots (see `group_slot`) whose three cells all see
/// it or are it: a group of two or more cells sees a cell exactly when its
/// slot is one of these and it does not hold the cell (elsewhere at most one
/// of a slot's cells shares a line with it); it sees every cell of a set
/// exactly when its slot is one of each cell's and it holds none of them.
pub(super) static SLOTS_SEEING: [u64; CELLS] = slots_seeing();

const fn slots_seeing() -> [u64; CELLS] {
    let mut table = [0u64; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        let (row, col) = (cell / SIZE, cell % SIZE);
        let mut slot = 0;
        while slot < SIZE * 6 {
            let (b, at) = (slot / 6, slot % 6);
            let (top, left) = (b / 3 * 3, b % 3 * 3);
            let seeing = (row / 3 * 3 == top && col / 3 * 3 == left)
                || (at < 3 && top + at == row)
                || (at >= 3 && left + at - 3 == col);
            if seeing {
                table[cell] |= 1 << slot;
            }
            slot += 1;
        }
        cell += 1;
    }
    table
}

/// Per group slot (see `group_slot`), its three cells.
pub(super) static SLOT_CELLS: [Cells; SIZE * 6] = slot_cells();

const fn slot_cells() -> [Cells; SIZE * 6] {
    let mut table = [0; SIZE * 6];
    let mut slot = 0;
    while slot < SIZE * 6 {
        let (b, at) = (slot / 6, slot % 6);
        let (top, left) = (b / 3 * 3, b % 3 * 3);
        let mut i = 0;
        while i < 3 {
            let (row, col) = if at < 3 {
                (top + at, left + i)
            } else {
                (top + i, left + at - 3)
            };
            table[slot] |= 1 << (row * SIZE + col);
            i += 1;
        }
        slot += 1;
    }
    table
}

/// Where a group of `cells` (at least two, in one box and one line) is filed:
/// its box times six plus its line within the box (rows, then columns).
pub(super) fn group_slot(cells: Cells) -> Option<usize> {
    let first = Cell::new(cells.trailing_zeros() as usize);
    let b = first.box_index();
    if cells & !GEOMETRY.unit_masks[2 * SIZE + b] != 0 {
        return None;
    }
    let (top, left) = (b / 3 * 3, b % 3 * 3);
    if cells & !GEOMETRY.unit_masks[first.row()] == 0 {
        Some(b * 6 + first.row() - top)
    } else if cells & !GEOMETRY.unit_masks[SIZE + first.col()] == 0 {
        Some(b * 6 + 3 + first.col() - left)
    } else {
        None
    }
}
