//! The fast solver's lookup tables, built at compile time: band and row
//! masks, the row-to-box permutations of a band, locked columns and peers.

use super::super::types::CELLS;
use super::bands::Bands;

/// The 27 bits of a band.
pub(super) const BAND_BITS: u32 = (1 << 27) - 1;
/// The 9 bits of one row of a band.
pub(super) const ROW_BITS: u32 = (1 << 9) - 1;

/// For the 9 bits of one row of a band, which of its three boxes hold a bit (3 bits).
pub(super) static ROW_BOXES: [u8; 512] = row_boxes();
/// For the 9 bits of one row of a band, 1 when exactly one is set.
pub(super) static SINGLE_ROW: [u8; 512] = single_row();
/// For a band's 3x3 occupancy (bit `3 * row + box`: the digit may still go in
/// that row inside that box), the 27-bit mask of the cells lying in some
/// row-to-box permutation that fits the occupancy. Zero: the band is impossible.
pub(super) static PERMUTATION_CELLS: [u32; 512] = permutation_cells();
/// For the columns a digit may use in one band (9 bits), the columns of every box
/// where it is down to one column (as a band mask): no other band may use them.
pub(super) static LOCKED_COLUMNS: [u32; 512] = locked_columns();
/// For three bits (rows of a band), the band's cells in those rows.
pub(super) const ROW_CELLS: [u32; 8] = row_cells();
/// For eight bits, eight bytes: byte `i` is 1 when bit `i` is set.
pub(super) static BYTE_OF_BITS: [u64; 256] = byte_of_bits();
/// Each cell's peers as three band masks (the cell itself excluded).
pub(super) static PEER_CELLS: [Bands; CELLS] = peer_cells();

const fn byte_of_bits() -> [u64; 256] {
    let mut table = [0u64; 256];
    let mut bits = 0;
    while bits < 256 {
        let mut i = 0;
        while i < 8 {
            if bits & (1 << i) != 0 {
                table[bits] |= 1 << (8 * i);
            }
            i += 1;
        }
        bits += 1;
    }
    table
}

const fn row_cells() -> [u32; 8] {
    let mut table = [0u32; 8];
    let mut rows = 0;
    while rows < 8 {
        let mut row = 0;
        while row < 3 {
            if rows & (1 << row) != 0 {
                table[rows] |= ROW_BITS << (9 * row);
            }
            row += 1;
        }
        rows += 1;
    }
    table
}

const fn row_boxes() -> [u8; 512] {
    let mut table = [0u8; 512];
    let mut bits = 0;
    while bits < 512 {
        let mut boxes = 0u8;
        let mut b = 0;
        while b < 3 {
            if (bits >> (3 * b)) & 7 != 0 {
                boxes |= 1 << b;
            }
            b += 1;
        }
        table[bits] = boxes;
        bits += 1;
    }
    table
}

const fn single_row() -> [u8; 512] {
    let mut table = [0u8; 512];
    let mut bits = 0;
    while bits < 512 {
        table[bits] = ((bits as u32).count_ones() == 1) as u8;
        bits += 1;
    }
    table
}

const fn permutation_cells() -> [u32; 512] {
    const PERMUTATIONS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut table = [0u32; 512];
    let mut occupancy = 0;
    while occupancy < 512 {
        let mut allowed = 0usize;
        let mut p = 0;
        while p < 6 {
            let perm = PERMUTATIONS[p];
            let shape = (1 << perm[0]) | (1 << (3 + perm[1])) | (1 << (6 + perm[2]));
            if occupancy & shape == shape {
                allowed |= shape;
            }
            p += 1;
        }
        let mut cells = 0u32;
        let mut bit = 0;
        while bit < 9 {
            if allowed & (1 << bit) != 0 {
                let (row, boxed) = (bit / 3, bit % 3);
                cells |= 7 << (9 * row + 3 * boxed);
            }
            bit += 1;
        }
        table[occupancy] = cells;
        occupancy += 1;
    }
    table
}

const fn locked_columns() -> [u32; 512] {
    let mut table = [0u32; 512];
    let mut columns = 0;
    while columns < 512 {
        let mut locked = 0u32;
        let mut b = 0;
        while b < 3 {
            let triplet = (columns as u32 >> (3 * b)) & 7;
            if triplet.count_ones() == 1 {
                locked |= triplet << (3 * b);
            }
            b += 1;
        }
        table[columns] = locked | (locked << 9) | (locked << 18);
        columns += 1;
    }
    table
}

const fn peer_cells() -> [Bands; CELLS] {
    let mut table = [Bands::EMPTY; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        let (row, col) = (cell / 9, cell % 9);
        let mut other = 0;
        while other < CELLS {
            let (r, c) = (other / 9, other % 9);
            let same_box = row / 3 == r / 3 && col / 3 == c / 3;
            if other != cell && (row == r || col == c || same_box) {
                table[cell].0[other / 27] |= 1 << (other % 27);
            }
            other += 1;
        }
        cell += 1;
    }
    table
}

/// The columns (9 bits) where a band mask has a cell.
#[inline(always)]
pub(super) fn fold_columns(cells: u32) -> usize {
    ((cells | cells >> 9 | cells >> 18) & ROW_BITS) as usize
}
