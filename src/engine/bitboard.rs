//! The fast exact solver behind [`super::search::solve`] and
//! [`super::search::count_solutions`]: bit-parallel, band-wise propagation.
//!
//! The state keeps, for every digit, where it may still go as three 27-bit
//! masks, one per band (a band is three rows; bit `9 * row + column` of band `b`
//! is cell `27 * b + bit`, so a band's bits are its cells in row-major order).
//! A placed digit stays in its own masks and is struck from every other digit's.
//!
//! Propagation works one (band, digit) pair at a time, in the spirit of JCZSolve:
//! inside a band a digit fills exactly one cell of each row and of each box, a
//! 3x3 permutation of rows onto boxes. Only the cells that belong to some
//! permutation still possible survive (locked candidates along rows, row and box
//! hidden singles, and "no place left", in one table look-up). A box of the band
//! left with one column for the digit takes that column from the other bands
//! (locked candidates along columns, which also strikes a placed digit's column).
//! A row left with one cell places the digit there. Then naked singles are found
//! for all cells of a band at once with two bit-parallel counters. Column hidden
//! singles are not looked for: finding them cost more than the guesses they save.
//! Search copies the whole state (240 bytes) on each guess, branching on a cell
//! with two candidates when there is one (of those, the one that sees the most
//! open cells: about a fifth fewer instructions on the hard sets than the first
//! one found), else on one with the fewest.

use super::grid::Grid;
use super::types::CELLS;

mod tables;

use tables::*;

/// The whole search state: small, `Copy`, copied on each guess.
#[derive(Clone, Copy)]
struct State {
    /// `places[band][digit]`: cells of the band where the digit is placed or still possible.
    places: [[u32; 9]; 3],
    /// The value of `places` when its (band, digit) pair was last propagated.
    seen: [[u32; 9]; 3],
    /// Per band, the cells with no digit yet.
    open_cells: [u32; 3],
    /// Per band, bit `3 * digit + row`: the digit is not yet placed in that row.
    open_rows: [u32; 3],
}

/// The search's answer: how many solutions (up to the limit), the first, and the work done.
pub(super) struct Outcome {
    pub count: usize,
    pub first: Option<Grid>,
    pub nodes: u64,
    pub guesses: u64,
}

/// Counts the solutions of `givens` up to `limit` (at least 1), keeping the first.
pub(super) fn count(givens: &Grid, limit: usize) -> Outcome {
    let mut search = Search {
        limit: limit.max(1),
        count: 0,
        first: None,
        nodes: 0,
        guesses: 0,
        popcnt: has_popcnt(),
    };
    if let Some(state) = State::from_givens(givens) {
        search.run(state);
    }
    Outcome {
        count: search.count,
        first: search.first,
        nodes: search.nodes,
        guesses: search.guesses,
    }
}

/// Whether `givens` has a solution that does not put `digit` (0-based) in `cell`.
///
/// The generator's uniqueness test: with the solution of a unique puzzle known,
/// clearing a clue keeps the puzzle unique exactly when no solution avoids the
/// clue's digit there. That is a search for one solution of a more constrained
/// puzzle, which fails fast, instead of a count to two.
/// `cell` must be empty in `givens`.
pub(super) fn has_solution_avoiding(givens: &Grid, cell: usize, digit: usize) -> bool {
    debug_assert_eq!(givens.values()[cell], 0, "cell {cell} is a given");
    let Some(mut state) = State::from_givens(givens) else {
        return false;
    };
    state.places[cell / 27][digit] &= !(1 << (cell % 27));
    let mut search = Search {
        limit: 1,
        count: 0,
        first: None,
        nodes: 0,
        guesses: 0,
        popcnt: has_popcnt(),
    };
    search.run(state);
    search.count > 0
}

impl State {
    /// The state with every given placed, or `None` when two givens clash.
    fn from_givens(givens: &Grid) -> Option<State> {
        let mut state = State {
            places: [[BAND_BITS; 9]; 3],
            // Never equal to a band's mask, so every pair is propagated once.
            seen: [[u32::MAX; 9]; 3],
            open_cells: [BAND_BITS; 3],
            open_rows: [BAND_BITS; 3],
        };
        let values = givens.values();
        // Eight cells at a time: most cells of a hard puzzle are empty.
        for chunk in 0..CELLS.div_ceil(8) {
            let mut filled = match values.get(8 * chunk..8 * chunk + 8) {
                Some(eight) => u64::from_le_bytes(eight.try_into().ok()?),
                None => values[8 * chunk] as u64,
            };
            while filled != 0 {
                let byte = filled.trailing_zeros() as usize / 8;
                filled &= !(0xFF << (8 * byte));
                let cell = 8 * chunk + byte;
                let digit = values[cell] as usize - 1;
                let (band, bit) = (cell / 27, cell % 27);
                if state.places[band][digit] & (1 << bit) == 0 {
                    return None;
                }
                state.place(digit, cell);
                // The cell and the digit's row are done: the band step has nothing to place there.
                state.open_cells[band] &= !(1 << bit);
                state.open_rows[band] &= !(1 << (3 * digit + bit / 9));
            }
        }
        Some(state)
    }

    /// Puts `digit` in `cell`: struck from the cell's peers and from the cell for
    /// every other digit. The bookkeeping follows when the band is propagated.
    #[inline(always)]
    fn place(&mut self, digit: usize, cell: usize) {
        let (band, bit) = (cell / 27, 1u32 << (cell % 27));
        let kept = self.places[band][digit];
        for cells in &mut self.places[band] {
            *cells &= !bit;
        }
        self.places[band][digit] = kept;
        let peers = &PEER_CELLS[cell];
        for (places, peers) in self.places.iter_mut().zip(peers) {
            places[digit] &= !peers;
        }
    }

    /// Propagates one (band, digit) pair. `false` on a contradiction.
    #[inline(always)]
    fn propagate_band(&mut self, band: usize, digit: usize) -> bool {
        let mut cells = self.places[band][digit];
        let occupancy = ROW_BOXES[(cells & ROW_BITS) as usize] as usize
            | (ROW_BOXES[((cells >> 9) & ROW_BITS) as usize] as usize) << 3
            | (ROW_BOXES[(cells >> 18) as usize] as usize) << 6;
        cells &= PERMUTATION_CELLS[occupancy];
        if cells == 0 {
            return false;
        }
        // Rows left with a single cell: the permutation step leaves every row non-empty.
        let single_rows = SINGLE_ROW[(cells & ROW_BITS) as usize] as u32
            | (SINGLE_ROW[((cells >> 9) & ROW_BITS) as usize] as u32) << 1
            | (SINGLE_ROW[(cells >> 18) as usize] as u32) << 2;
        self.seen[band][digit] = cells;
        // Columns locked inside a box of this band: no other band may use them.
        // Struck from all three bands (no branch, no table of the other two),
        // then this band's mask is put back.
        let locked = LOCKED_COLUMNS[fold_columns(cells)];
        for places in &mut self.places {
            places[digit] &= !locked;
        }
        self.places[band][digit] = cells;
        let fresh = single_rows & (self.open_rows[band] >> (3 * digit)) & 7;
        if fresh == 0 {
            return true;
        }
        let placed = cells & ROW_CELLS[fresh as usize];
        self.open_rows[band] &= !(fresh << (3 * digit));
        self.open_cells[band] &= !placed;
        for other in &mut self.places[band] {
            *other &= !placed;
        }
        self.places[band][digit] = cells;
        true
    }

    /// Which (band, digit) pairs changed since they were last propagated: bit `9 * band + digit`.
    #[inline(always)]
    fn changed_pairs(&self) -> u32 {
        let places = self.places.as_flattened();
        let seen = self.seen.as_flattened();
        #[cfg(target_arch = "x86_64")]
        {
            // Four pairs per SSE2 compare (SSE2 is part of every x86-64): this
            // runs once per sweep and was 12% of a hard solve as 27 compares.
            use std::arch::x86_64::_mm_castsi128_ps;
            use std::arch::x86_64::{__m128i, _mm_cmpeq_epi32, _mm_loadu_si128, _mm_movemask_ps};
            let equal = |start: usize| -> u32 {
                let (a, b) = (&places[start..start + 4], &seen[start..start + 4]);
                // SAFETY: each slice holds four `u32`s, the 16 bytes read unaligned.
                unsafe {
                    let a = _mm_loadu_si128(a.as_ptr().cast::<__m128i>());
                    let b = _mm_loadu_si128(b.as_ptr().cast::<__m128i>());
                    _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(a, b))) as u32
                }
            };
            // Pairs 0-23 by six compares, 23-26 by a seventh overlapping one.
            let mut same = equal(23) << 23;
            for block in 0..6 {
                same |= equal(4 * block) << (4 * block);
            }
            // 27 pairs.
            !same & ((1 << 27) - 1)
        }
        #[cfg(not(target_arch = "x86_64"))]
        self.changed_pairs_portable()
    }

    /// [`State::changed_pairs`] one pair at a time, for every other CPU.
    #[cfg_attr(all(target_arch = "x86_64", not(test)), allow(dead_code))]
    fn changed_pairs_portable(&self) -> u32 {
        let places = self.places.as_flattened();
        let seen = self.seen.as_flattened();
        let mut changed = 0u32;
        for i in 0..27 {
            changed |= ((places[i] != seen[i]) as u32) << i;
        }
        changed
    }

    /// Propagates every changed (band, digit) pair until nothing changes.
    #[inline(never)]
    fn propagate_bands(&mut self) -> bool {
        loop {
            let mut changed = self.changed_pairs();
            if changed == 0 {
                return true;
            }
            while changed != 0 {
                let pair = changed.trailing_zeros() as usize;
                changed &= changed - 1;
                if !self.propagate_band(pair / 9, pair % 9) {
                    return false;
                }
            }
        }
    }

    /// Places every open cell with one candidate left. `None` on a cell with
    /// none; otherwise whether anything was placed. Also writes each band's open
    /// cells with exactly two candidates to `pairs`: when nothing was placed they
    /// are the branching candidates, found here for a few instructions more
    /// instead of a second pass over the masks.
    #[inline(never)]
    fn place_naked_singles(&mut self, pairs: &mut [u32; 3]) -> Option<bool> {
        let mut placed_any = false;
        for (band, pairs) in pairs.iter_mut().enumerate() {
            let open = self.open_cells[band];
            *pairs = 0;
            if open == 0 {
                continue;
            }
            let (mut one, mut two, mut three) = (0u32, 0u32, 0u32);
            for &cells in &self.places[band] {
                three |= two & cells;
                two |= one & cells;
                one |= cells;
            }
            if open & !one != 0 {
                return None;
            }
            *pairs = open & two & !three;
            let mut singles = open & !two;
            while singles != 0 {
                let bit = singles & singles.wrapping_neg();
                singles ^= bit;
                let digit = self.places[band].iter().position(|&d| d & bit != 0)?;
                self.place(digit, 27 * band + bit.trailing_zeros() as usize);
                placed_any = true;
            }
        }
        Some(placed_any)
    }

    /// Full propagation: bands, then naked singles, until neither finds
    /// anything. Column hidden singles are left to the search: looking for them
    /// cost more instructions than the guesses they save.
    fn propagate(&mut self, pairs: &mut [u32; 3]) -> bool {
        loop {
            if !self.propagate_bands() {
                return false;
            }
            match self.place_naked_singles(pairs) {
                None => return false,
                Some(true) => {}
                Some(false) => return true,
            }
        }
    }

    fn is_solved(&self) -> bool {
        self.open_cells == [0; 3]
    }

    /// [`State::branch_cell`] compiled with the `popcnt` instruction, which
    /// baseline x86-64 lacks: its bit counts are most of the branching cost.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    fn branch_cell_popcnt(&self, pairs: &[u32; 3]) -> usize {
        self.branch_cell(pairs)
    }

    /// The open cell to branch on: the two-candidate cell that sees the most
    /// open cells when there is one, else one with the fewest candidates.
    #[inline(always)]
    fn branch_cell(&self, pairs: &[u32; 3]) -> usize {
        // Of the two-candidate cells, the one that sees the most open cells:
        // either guess then tells the most.
        let mut best_pair = (0u32, usize::MAX);
        for (band, &pairs) in pairs.iter().enumerate() {
            let mut pairs = pairs;
            while pairs != 0 {
                let cell = 27 * band + pairs.trailing_zeros() as usize;
                pairs &= pairs - 1;
                let peers = &PEER_CELLS[cell];
                // Two 64-bit counts instead of three 32-bit ones (no popcnt on baseline x86-64).
                let low = (peers[0] & self.open_cells[0]) as u64
                    | ((peers[1] & self.open_cells[1]) as u64) << 27;
                let seen = low.count_ones() + (peers[2] & self.open_cells[2]).count_ones() + 1;
                if seen > best_pair.0 {
                    best_pair = (seen, cell);
                }
            }
        }
        if best_pair.1 != usize::MAX {
            return best_pair.1;
        }
        let mut best = (u32::MAX, 0);
        for band in 0..3 {
            let mut open = self.open_cells[band];
            while open != 0 {
                let bit = open & open.wrapping_neg();
                open ^= bit;
                let count = self.places[band].iter().filter(|&&d| d & bit != 0).count() as u32;
                if count < best.0 {
                    best = (count, 27 * band + bit.trailing_zeros() as usize);
                }
            }
        }
        best.1
    }

    /// The digits still possible in `cell`, bit `digit`.
    fn digits_of(&self, cell: usize) -> u32 {
        let (band, bit) = (cell / 27, 1u32 << (cell % 27));
        let mut digits = 0;
        for (digit, &cells) in self.places[band].iter().enumerate() {
            if cells & bit != 0 {
                digits |= 1 << digit;
            }
        }
        digits
    }

    /// The solved grid (call only when solved).
    fn grid(&self) -> Grid {
        let mut values = [0u8; CELLS];
        for (band, digits) in self.places.iter().enumerate() {
            for (digit, &cells) in digits.iter().enumerate() {
                let mut cells = cells;
                while cells != 0 {
                    values[27 * band + cells.trailing_zeros() as usize] = digit as u8 + 1;
                    cells &= cells - 1;
                }
            }
        }
        Grid::from_values(values)
    }
}

struct Search {
    limit: usize,
    count: usize,
    first: Option<Grid>,
    nodes: u64,
    guesses: u64,
    /// The CPU has the `popcnt` instruction.
    popcnt: bool,
}

/// Whether the CPU has the `popcnt` instruction (checked once, then cached by std).
fn has_popcnt() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("popcnt")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

impl Search {
    /// The state's branching cell, using `popcnt` when the CPU has it.
    #[inline(never)]
    fn branch_cell(&self, state: &State, pairs: &[u32; 3]) -> usize {
        #[cfg(target_arch = "x86_64")]
        if self.popcnt {
            // SAFETY: `popcnt` is set only when the CPU supports the instruction.
            return unsafe { state.branch_cell_popcnt(pairs) };
        }
        state.branch_cell(pairs)
    }

    fn run(&mut self, mut state: State) {
        self.nodes += 1;
        let mut pairs = [0u32; 3];
        if !state.propagate(&mut pairs) {
            return;
        }
        if state.is_solved() {
            self.count += 1;
            if self.first.is_none() {
                self.first = Some(state.grid());
            }
            return;
        }
        let cell = self.branch_cell(&state, &pairs);
        let mut digits = state.digits_of(cell);
        while digits != 0 {
            if self.count >= self.limit {
                return;
            }
            let digit = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            self.guesses += 1;
            if digits == 0 {
                // The last candidate reuses this state: no copy needed.
                state.place(digit, cell);
                self.run(state);
                return;
            }
            let mut next = state;
            next.place(digit, cell);
            self.run(next);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The SSE2 and the portable change detection agree on every single change.
    #[test]
    fn changed_pairs_agree_with_the_portable_loop() {
        let mut state = State::from_givens(&Grid::from_values([0; CELLS])).unwrap();
        assert!(state.propagate_bands());
        assert_eq!(state.changed_pairs(), 0);
        for pair in 0..27 {
            let mut changed = state;
            changed.places[pair / 9][pair % 9] &= !(1 << (pair % 27));
            assert_eq!(changed.changed_pairs(), 1 << pair, "pair {pair}");
            assert_eq!(changed.changed_pairs_portable(), 1 << pair, "pair {pair}");
        }
        assert_eq!(
            State::from_givens(&Grid::from_values([0; CELLS]))
                .unwrap()
                .changed_pairs(),
            (1 << 27) - 1
        );
    }
}
