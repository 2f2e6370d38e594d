//! [`Bands`]: one digit's three band masks side by side in 16 bytes, so that
//! a digit's bands (or the three bands' counters of the naked-single pass) are
//! worked on at once, in one SSE2 register on x86-64.
//!
//! The operations are written on the four lanes and left to the compiler,
//! which turns each into one SSE2 instruction (SSE2 is part of every x86-64);
//! the one that needs an instruction the compiler would not pick by itself,
//! [`Bands::equal_lanes`], has an explicit SSE2 path and the portable loop
//! beside it, tested against each other.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign};

use super::super::types::CELLS;

/// Lanes 0 to 2: a 27-bit mask per band; lane 3 is always 0.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
#[repr(C, align(16))]
pub(super) struct Bands(pub(super) [u32; 4]);

impl Bands {
    /// No cell in any band.
    pub(super) const EMPTY: Bands = Bands([0; 4]);

    /// The same mask in the three bands (lane 3 stays 0).
    #[inline(always)]
    pub(super) const fn splat(cells: u32) -> Bands {
        Bands([cells, cells, cells, 0])
    }

    /// The cells of an 81-bit row-major mask: band `b` is bits `27 * b` to `27 * b + 26`.
    #[inline(always)]
    fn from_row_major(cells: u128) -> Bands {
        const BAND: u128 = (1 << 27) - 1;
        Bands([
            (cells & BAND) as u32,
            (cells >> 27 & BAND) as u32,
            (cells >> 54 & BAND) as u32,
            0,
        ])
    }

    /// For each digit (index 0 for 1, up to 8 for 9), the cells of `values`
    /// (row-major, 0 for an empty cell) that hold it.
    #[inline(always)]
    pub(super) fn digit_cells(values: &[u8; CELLS]) -> [Bands; 9] {
        #[cfg(target_arch = "x86_64")]
        {
            // SSE2: sixteen cells per compare, a digit's 81 cells in five
            // compares and the last cell by itself.
            use std::arch::x86_64::{
                __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_set1_epi8,
            };
            // SAFETY: the five 16-byte loads read bytes 0 to 79 of the 81;
            // the rest is plain SSE2 arithmetic on registers.
            unsafe {
                let chunks: [__m128i; 5] =
                    std::array::from_fn(|i| _mm_loadu_si128(values.as_ptr().add(16 * i).cast()));
                std::array::from_fn(|digit| {
                    let wanted = _mm_set1_epi8(digit as i8 + 1);
                    let mut cells = ((values[80] == digit as u8 + 1) as u128) << 80;
                    for (i, &chunk) in chunks.iter().enumerate() {
                        let equal = _mm_movemask_epi8(_mm_cmpeq_epi8(chunk, wanted));
                        cells |= (equal as u16 as u128) << (16 * i);
                    }
                    Bands::from_row_major(cells)
                })
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        Bands::digit_cells_portable(values)
    }

    /// [`Bands::digit_cells`] one cell at a time, for every other CPU.
    #[cfg_attr(all(target_arch = "x86_64", not(test)), allow(dead_code))]
    pub(super) fn digit_cells_portable(values: &[u8; CELLS]) -> [Bands; 9] {
        let mut cells = [0u128; 9];
        for (cell, &value) in values.iter().enumerate() {
            if let Some(digit) = (value as usize).checked_sub(1) {
                cells[digit] |= 1 << cell;
            }
        }
        cells.map(Bands::from_row_major)
    }

    /// Lane by lane `self & !other`.
    #[inline(always)]
    pub(super) fn and_not(self, other: Bands) -> Bands {
        let mut lanes = self.0;
        for (lane, other) in lanes.iter_mut().zip(other.0) {
            *lane &= !other;
        }
        Bands(lanes)
    }

    /// Whether some band has a cell.
    #[inline(always)]
    pub(super) fn any(self) -> bool {
        self.0.iter().fold(0, |all, &lane| all | lane) != 0
    }

    /// Bit `lane` set when the lanes of `self` and `other` are equal (4 bits).
    #[inline(always)]
    pub(super) fn equal_lanes(self, other: Bands) -> u32 {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{
                __m128i, _mm_castsi128_ps, _mm_cmpeq_epi32, _mm_load_si128, _mm_movemask_ps,
            };
            // SAFETY: `Bands` is 16 bytes aligned to 16, and SSE2 is part of x86-64.
            unsafe {
                let a = _mm_load_si128((&raw const self.0).cast::<__m128i>());
                let b = _mm_load_si128((&raw const other.0).cast::<__m128i>());
                _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(a, b))) as u32
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        self.equal_lanes_portable(other)
    }

    /// [`Bands::equal_lanes`] lane by lane, for every other CPU.
    #[cfg_attr(all(target_arch = "x86_64", not(test)), allow(dead_code))]
    pub(super) fn equal_lanes_portable(self, other: Bands) -> u32 {
        let mut equal = 0;
        for (lane, (a, b)) in self.0.iter().zip(other.0).enumerate() {
            equal |= ((*a == b) as u32) << lane;
        }
        equal
    }
}

impl BitAnd for Bands {
    type Output = Bands;
    #[inline(always)]
    fn bitand(self, other: Bands) -> Bands {
        let mut lanes = self.0;
        for (lane, other) in lanes.iter_mut().zip(other.0) {
            *lane &= other;
        }
        Bands(lanes)
    }
}

impl BitOr for Bands {
    type Output = Bands;
    #[inline(always)]
    fn bitor(self, other: Bands) -> Bands {
        let mut lanes = self.0;
        for (lane, other) in lanes.iter_mut().zip(other.0) {
            *lane |= other;
        }
        Bands(lanes)
    }
}

impl BitAndAssign for Bands {
    #[inline(always)]
    fn bitand_assign(&mut self, other: Bands) {
        *self = *self & other;
    }
}

impl BitOrAssign for Bands {
    #[inline(always)]
    fn bitor_assign(&mut self, other: Bands) {
        *self = *self | other;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_lanes_agrees_with_the_portable_loop() {
        let base = Bands([0x7FF_FFFF, 0x123_4567, 0, 0]);
        for lane in 0..4 {
            for bit in [0, 5, 26, 31] {
                let mut other = base;
                other.0[lane] ^= 1 << bit;
                let expected = 0b1111 & !(1 << lane);
                assert_eq!(base.equal_lanes(other), expected, "lane {lane} bit {bit}");
                assert_eq!(
                    base.equal_lanes_portable(other),
                    expected,
                    "lane {lane} bit {bit}"
                );
            }
        }
        assert_eq!(base.equal_lanes(base), 0b1111);
        assert_eq!(base.equal_lanes_portable(base), 0b1111);
    }

    #[test]
    fn digit_cells_agrees_with_the_portable_loop() {
        // Every digit in every cell, the last cell included, and an empty grid.
        for shift in 0..9u8 {
            let values: [u8; CELLS] = std::array::from_fn(|cell| (cell as u8 + shift) % 10);
            let found = Bands::digit_cells(&values);
            assert_eq!(found, Bands::digit_cells_portable(&values), "shift {shift}");
            for (cell, &value) in values.iter().enumerate() {
                for (digit, cells) in found.iter().enumerate() {
                    let set = cells.0[cell / 27] >> (cell % 27) & 1 == 1;
                    assert_eq!(
                        set,
                        value as usize == digit + 1,
                        "cell {cell} digit {digit}"
                    );
                }
            }
        }
        assert_eq!(Bands::digit_cells(&[0; CELLS]), [Bands::EMPTY; 9]);
    }

    #[test]
    fn lane_operations_work_lane_by_lane() {
        let a = Bands([0b1100, 0b1010, 0b1111, 0]);
        let b = Bands([0b1010, 0b1010, 0b0000, 0]);
        assert_eq!(a & b, Bands([0b1000, 0b1010, 0, 0]));
        assert_eq!(a | b, Bands([0b1110, 0b1010, 0b1111, 0]));
        assert_eq!(a.and_not(b), Bands([0b0100, 0, 0b1111, 0]));
        assert_eq!(Bands::splat(3), Bands([3, 3, 3, 0]));
        assert!(a.any());
        assert!(!Bands::EMPTY.any());
    }
}
