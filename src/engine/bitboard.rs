//! The fast exact solver behind [`super::search::solve`] and
//! [`super::search::count_solutions`]: bit-parallel, band-wise propagation.
//!
//! The state keeps, for every digit, where it may still go as three 27-bit
//! masks, one per band (a band is three rows; bit `9 * row + column` of band `b`
//! is cell `27 * b + bit`, so a band's bits are its cells in row-major order).
//! A digit's three masks sit side by side in one 16-byte [`Bands`] value, so the
//! work that touches every band (naked-single counters, a digit's locked columns,
//! a cell's peers, finding what changed) is done on the three bands at once.
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
//! for all cells at once with two bit-parallel counters. When both are stuck, a
//! column whose places for a digit lie in one band claims its box there
//! ([`claims`]). The hot parts have copies compiled for x86-64-v3 ([`cpu`]).
//! Search copies the whole state (320 bytes) on each guess, branching on a cell
//! with two candidates when there is one (of those, the one that sees the most
//! open cells: about a fifth fewer instructions on the hard sets than the first
//! one found), else on one with the fewest.

use super::grid::Grid;
use super::types::CELLS;

mod bands;
mod claims;
mod cpu;
mod givens;
mod tables;

use bands::Bands;
use cpu::Cpu;
pub(super) use givens::Givens;

use tables::*;

/// Every (band, digit) pair as [`State::changed_pairs`] numbers them: bit `4 * digit + band`.
const ALL_PAIRS: u64 = 0x7_7777_7777;

/// The whole search state: small, `Copy`, copied on each guess.
#[derive(Clone, Copy)]
struct State {
    /// `places[digit].0[band]`: cells of the band where the digit is placed or still possible.
    places: [Bands; 9],
    /// The value of `places` when its (band, digit) pair was last propagated.
    seen: [Bands; 9],
    /// Per band, the cells with no digit yet.
    open_cells: Bands,
    /// Per band, bit `3 * digit + row`: the digit is not yet placed in that row.
    /// Lane 3 is unused: the band comes from a two-bit field, and four lanes spare a bounds check.
    open_rows: [u32; 4],
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
    let mut search = Search::new(limit.max(1));
    if let Some(mut state) = State::from_givens(givens) {
        search.run(&mut state);
    }
    Outcome {
        count: search.count,
        first: search.first,
        nodes: search.nodes,
        guesses: search.guesses,
    }
}

impl State {
    /// The state with every given placed, or `None` when two givens clash.
    ///
    /// A digit may go where no given is and where none of its givens sees; it
    /// stays on its own givens. Built from each digit's givens found all at
    /// once ([`Bands::digit_cells`]) instead of placing the givens one by one
    /// on every digit's masks: that took ~1,200 instructions per 17-clue
    /// puzzle, about a tenth of its whole solve.
    fn from_givens(givens: &Grid) -> Option<State> {
        let given = Bands::digit_cells(givens.values());
        let filled = given.iter().fold(Bands::EMPTY, |all, &cells| all | cells);
        let open_cells = Bands::splat(BAND_BITS).and_not(filled);
        let mut open_rows = [BAND_BITS; 4];
        let mut places = [Bands::EMPTY; 9];
        for (digit, given) in given.iter().enumerate() {
            let mut seen_by = Bands::EMPTY;
            for band in 0..3 {
                let mut cells = given.0[band];
                while cells != 0 {
                    let bit = cells.trailing_zeros() as usize;
                    cells &= cells - 1;
                    seen_by |= PEER_CELLS[27 * band + bit];
                    // The digit's row is done: the band step has nothing to place there.
                    open_rows[band] &= !(1 << (3 * digit + bit / 9));
                }
            }
            // A given that another given of its digit sees: the puzzle clashes.
            if (*given & seen_by).any() {
                return None;
            }
            places[digit] = open_cells.and_not(seen_by) | *given;
        }
        Some(State {
            places,
            // Never equal to a band's mask, so every pair is propagated once.
            seen: [Bands::splat(u32::MAX); 9],
            open_cells,
            open_rows,
        })
    }

    /// Puts `digit` in `cell` the lazy way, for guesses and naked singles: only
    /// struck from the digit's other cells in the band. The band step then finds
    /// the row down to one cell (and strikes the cell from the other digits) and
    /// the box down to one column (and strikes the column from the other bands),
    /// as it does for the digits it places itself (-0.5% to -1% on every sample).
    #[inline(always)]
    fn place_lazily(&mut self, digit: usize, cell: usize) {
        let band = cell / 27;
        self.places[digit].0[band] &= !PEER_CELLS[cell].0[band];
    }

    /// Propagates one (band, digit) pair. `false` on a contradiction.
    #[inline(always)]
    fn propagate_band(&mut self, band: usize, digit: usize) -> bool {
        let mut cells = self.places[digit].0[band];
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
        self.seen[digit].0[band] = cells;
        // Columns locked inside a box of this band: no other band may use them.
        // Struck from all three bands at once (no branch, no table of the
        // other two), then this band's mask is put back.
        let locked = LOCKED_COLUMNS[fold_columns(cells)];
        self.places[digit] = self.places[digit].and_not(Bands::splat(locked));
        self.places[digit].0[band] = cells;
        let fresh = single_rows & (self.open_rows[band] >> (3 * digit)) & 7;
        if fresh == 0 {
            return true;
        }
        let placed = cells & ROW_CELLS[fresh as usize];
        self.open_rows[band] &= !(fresh << (3 * digit));
        self.open_cells.0[band] &= !placed;
        for places in &mut self.places {
            places.0[band] &= !placed;
        }
        self.places[digit].0[band] = cells;
        true
    }

    /// Which (band, digit) pairs changed since they were last propagated: bit
    /// `4 * digit + band`.
    #[inline(always)]
    fn changed_pairs(&self) -> u64 {
        #[cfg(target_arch = "x86_64")]
        {
            // SSE2 (part of every x86-64): one compare per digit, the compares of
            // four digits narrowed to 16 bytes and read by one `movemask`; this
            // runs once per sweep, a few times per node.
            use std::arch::x86_64::{
                __m128i, _mm_cmpeq_epi32, _mm_load_si128, _mm_movemask_epi8, _mm_packs_epi16,
                _mm_packs_epi32,
            };
            let equal = |digit: usize| {
                let (a, b) = (&self.places[digit].0, &self.seen[digit].0);
                // SAFETY: `Bands` is 16 bytes aligned to 16.
                unsafe {
                    _mm_cmpeq_epi32(
                        _mm_load_si128(a.as_ptr().cast::<__m128i>()),
                        _mm_load_si128(b.as_ptr().cast::<__m128i>()),
                    )
                }
            };
            // SAFETY: plain SSE2 arithmetic on registers.
            let four = |first: usize| unsafe {
                let low = _mm_packs_epi32(equal(first), equal(first + 1));
                let high = _mm_packs_epi32(equal(first + 2), equal(first + 3));
                _mm_movemask_epi8(_mm_packs_epi16(low, high)) as u16 as u64
            };
            let last = self.places[8].equal_lanes(self.seen[8]) as u64;
            let same = four(0) | four(4) << 16 | last << 32;
            !same & ALL_PAIRS
        }
        #[cfg(not(target_arch = "x86_64"))]
        self.changed_pairs_portable()
    }

    /// [`State::changed_pairs`] one digit at a time, for every other CPU.
    #[cfg_attr(all(target_arch = "x86_64", not(test)), allow(dead_code))]
    fn changed_pairs_portable(&self) -> u64 {
        let mut same = 0u64;
        for (digit, (places, seen)) in self.places.iter().zip(&self.seen).enumerate() {
            same |= (places.equal_lanes_portable(*seen) as u64) << (4 * digit);
        }
        !same & ALL_PAIRS
    }

    /// [`State::propagate_bands`] in the copy compiled for what `cpu` offers.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "x86_64"), allow(unused_variables))]
    fn propagate_bands_on(&mut self, cpu: Cpu) -> bool {
        #[cfg(target_arch = "x86_64")]
        if cpu.v3 {
            // SAFETY: `v3` is set only when the CPU has those instructions.
            return unsafe { self.propagate_bands_v3() };
        }
        self.propagate_bands_baseline()
    }

    #[inline(never)]
    fn propagate_bands_baseline(&mut self) -> bool {
        self.propagate_bands()
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
    #[inline(never)]
    fn propagate_bands_v3(&mut self) -> bool {
        self.propagate_bands()
    }

    /// Propagates every changed (band, digit) pair until nothing changes.
    #[inline(always)]
    fn propagate_bands(&mut self) -> bool {
        loop {
            let mut changed = self.changed_pairs();
            if changed == 0 {
                return true;
            }
            while changed != 0 {
                let pair = changed.trailing_zeros() as usize;
                changed &= changed - 1;
                if !self.propagate_band(pair % 4, pair / 4) {
                    return false;
                }
            }
        }
    }

    /// Places every open cell with one candidate left. `None` on a cell with
    /// none; otherwise whether anything was placed. Also writes each band's open
    /// cells with exactly two candidates to `pairs`: when nothing was placed they
    /// are the branching candidates, found here for a few instructions more
    /// instead of a second pass over the masks. The counters run on the three
    /// bands at once.
    #[inline(always)]
    fn place_naked_singles(&mut self, pairs: &mut Bands) -> Option<bool> {
        let (mut one, mut two, mut three) = (Bands::EMPTY, Bands::EMPTY, Bands::EMPTY);
        for &cells in &self.places {
            three |= two & cells;
            two |= one & cells;
            one |= cells;
        }
        let open = self.open_cells;
        if open.and_not(one).any() {
            return None;
        }
        *pairs = (open & two).and_not(three);
        let singles = open.and_not(two);
        if !singles.any() {
            return Some(false);
        }
        for band in 0..3 {
            let mut singles = singles.0[band];
            while singles != 0 {
                let bit = singles & singles.wrapping_neg();
                singles ^= bit;
                let digit = self.places.iter().position(|d| d.0[band] & bit != 0)?;
                self.place_lazily(digit, 27 * band + bit.trailing_zeros() as usize);
            }
        }
        Some(true)
    }

    /// [`State::place_naked_singles`] in the copy compiled for what `cpu` offers.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "x86_64"), allow(unused_variables))]
    fn place_naked_singles_on(&mut self, cpu: Cpu, pairs: &mut Bands) -> Option<bool> {
        #[cfg(target_arch = "x86_64")]
        if cpu.v3 {
            // SAFETY: `v3` is set only when the CPU has those instructions.
            return unsafe { self.place_naked_singles_v3(pairs) };
        }
        self.place_naked_singles_baseline(pairs)
    }

    #[inline(never)]
    fn place_naked_singles_baseline(&mut self, pairs: &mut Bands) -> Option<bool> {
        self.place_naked_singles(pairs)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
    #[inline(never)]
    fn place_naked_singles_v3(&mut self, pairs: &mut Bands) -> Option<bool> {
        self.place_naked_singles(pairs)
    }

    /// Full propagation: bands, then naked singles, then column claims (when
    /// the first two are stuck), until none finds anything, each compiled for
    /// what `cpu` offers. The claims: 20% fewer nodes on forum_hardest_1106,
    /// 13-14% fewer instructions in both modes.
    fn propagate(&mut self, pairs: &mut Bands, cpu: Cpu) -> bool {
        loop {
            if !self.propagate_bands_on(cpu) {
                return false;
            }
            match self.place_naked_singles_on(cpu, pairs) {
                None => return false,
                Some(true) => continue,
                Some(false) => {}
            }
            match claims::claim_columns(&mut self.places, cpu.v3) {
                None => return false,
                Some(true) => {}
                Some(false) => return true,
            }
        }
    }

    fn is_solved(&self) -> bool {
        !self.open_cells.any()
    }

    /// [`State::branch_cell`] compiled for x86-64-v3 ([`Cpu::v3`]).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
    fn branch_cell_v3(&self, pairs: &Bands) -> usize {
        self.branch_cell(pairs)
    }

    /// [`State::branch_cell`] compiled with the `popcnt` instruction, which
    /// baseline x86-64 lacks: its bit counts are most of the branching cost.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    fn branch_cell_popcnt(&self, pairs: &Bands) -> usize {
        self.branch_cell(pairs)
    }

    /// The open cell to branch on: the two-candidate cell that sees the most
    /// open cells when there is one, else one with the fewest candidates.
    #[inline(always)]
    fn branch_cell(&self, pairs: &Bands) -> usize {
        // Of the two-candidate cells, the one that sees the most open cells:
        // either guess then tells the most.
        let mut best_pair = (0u32, usize::MAX);
        for (band, &pairs) in pairs.0[..3].iter().enumerate() {
            let mut pairs = pairs;
            while pairs != 0 {
                let cell = 27 * band + pairs.trailing_zeros() as usize;
                pairs &= pairs - 1;
                let peers = &PEER_CELLS[cell];
                // Two 64-bit counts instead of three 32-bit ones (no popcnt on baseline x86-64).
                let open = *peers & self.open_cells;
                let low = open.0[0] as u64 | (open.0[1] as u64) << 27;
                let seen = low.count_ones() + open.0[2].count_ones() + 1;
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
            let mut open = self.open_cells.0[band];
            while open != 0 {
                let bit = open & open.wrapping_neg();
                open ^= bit;
                let count = self.places.iter().filter(|d| d.0[band] & bit != 0).count() as u32;
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
        for (digit, places) in self.places.iter().enumerate() {
            if places.0[band] & bit != 0 {
                digits |= 1 << digit;
            }
        }
        digits
    }

    /// The solved grid (call only when solved: every cell is in one digit's mask).
    ///
    /// Built from the digits' bits as four bit planes, eight cells at a time
    /// through [`BYTE_OF_BITS`], instead of one store per cell: this runs once
    /// per puzzle, about 400 instructions the old way.
    fn grid(&self) -> Grid {
        let mut planes = [Bands::EMPTY; 4];
        for (digit, places) in self.places.iter().enumerate() {
            for (bit, plane) in planes.iter_mut().enumerate() {
                if (digit + 1) >> bit & 1 == 1 {
                    *plane |= *places;
                }
            }
        }
        // Eight cells per step; a band's last step runs past its 27 cells into
        // the next band's, which that band then writes over.
        let mut values = [0u8; CELLS + 7];
        for band in 0..3 {
            for group in 0..4 {
                let mut eight = 0u64;
                for (bit, plane) in planes.iter().enumerate() {
                    let cells = (plane.0[band] >> (8 * group)) & 0xFF;
                    eight |= BYTE_OF_BITS[cells as usize] << bit;
                }
                let start = 27 * band + 8 * group;
                values[start..start + 8].copy_from_slice(&eight.to_le_bytes());
            }
        }
        let mut grid = [0u8; CELLS];
        grid.copy_from_slice(&values[..CELLS]);
        Grid::from_values(grid)
    }
}

struct Search<'a> {
    limit: usize,
    count: usize,
    first: Option<Grid>,
    nodes: u64,
    guesses: u64,
    /// What the CPU offers beyond baseline x86-64.
    cpu: Cpu,
    /// A grid whose digit (1-9) each guess tries first; otherwise lowest first.
    prefer: Option<&'a [u8; CELLS]>,
    /// Where every solution found goes, when they are all wanted (the
    /// generator's vicinity search); otherwise only the first is kept.
    every: Option<&'a mut Vec<Grid>>,
}

impl<'a> Search<'a> {
    /// A search for up to `limit` solutions, keeping the first, guessing
    /// lowest digit first; callers set `prefer` or `every` after.
    fn new(limit: usize) -> Search<'a> {
        Search {
            limit,
            count: 0,
            first: None,
            nodes: 0,
            guesses: 0,
            cpu: Cpu::detect(),
            prefer: None,
            every: None,
        }
    }

    /// The state's branching cell, using what the CPU offers.
    #[inline(never)]
    fn branch_cell(&self, state: &State, pairs: &Bands) -> usize {
        #[cfg(target_arch = "x86_64")]
        if self.cpu.v3 {
            // SAFETY: `v3` is set only when the CPU has those instructions.
            return unsafe { state.branch_cell_v3(pairs) };
        }
        #[cfg(target_arch = "x86_64")]
        if self.cpu.popcnt {
            // SAFETY: `popcnt` is set only when the CPU supports the instruction.
            return unsafe { state.branch_cell_popcnt(pairs) };
        }
        state.branch_cell(pairs)
    }

    /// Searches from `state`, which it uses up: a guess works on a copy, the
    /// last candidate on `state` itself (one copy per extra candidate, no move
    /// of the whole state into each call).
    fn run(&mut self, state: &mut State) {
        self.nodes += 1;
        let mut pairs = Bands::EMPTY;
        if !state.propagate(&mut pairs, self.cpu) {
            return;
        }
        if state.is_solved() {
            self.count += 1;
            if let Some(every) = self.every.as_deref_mut() {
                every.push(state.grid());
            } else if self.first.is_none() {
                self.first = Some(state.grid());
            }
            return;
        }
        let cell = self.branch_cell(state, &pairs);
        let mut digits = state.digits_of(cell);
        let preferred = self
            .prefer
            .map_or(0, |values| digits & (1 << values[cell] >> 1));
        while digits != 0 {
            if self.count >= self.limit {
                return;
            }
            let next_digits = match digits & preferred {
                0 => digits,
                preferred => preferred,
            };
            let digit = next_digits.trailing_zeros() as usize;
            digits &= !(1 << digit);
            self.guesses += 1;
            if digits == 0 {
                // The last candidate reuses this state: no copy needed.
                state.place_lazily(digit, cell);
                self.run(state);
                return;
            }
            let mut next = *state;
            next.place_lazily(digit, cell);
            self.run(&mut next);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The search takes the same path whatever the CPU offers: same count,
    /// first solution and nodes.
    #[test]
    fn search_is_alike_on_every_cpu() {
        let puzzles = [
            // Hard (many guesses), a two-solution one, and the empty grid.
            "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
            "........2..8.1.9..5....3.4....1.93...6..3..8...37......4......53.1.7.8..2........",
            "12.......34.......................................................5..............",
            ".................................................................................",
        ];
        for puzzle in puzzles {
            let values: [u8; CELLS] =
                std::array::from_fn(|cell| puzzle.as_bytes()[cell].saturating_sub(b'0') % 10);
            let grid = Grid::from_values(values);
            let detected = Cpu::detect();
            let cpus = [
                Cpu::BASELINE,
                Cpu {
                    v3: false,
                    ..detected
                },
                detected,
            ];
            let outcomes = cpus.map(|cpu| {
                let mut search = Search::new(20);
                search.cpu = cpu;
                search.run(&mut State::from_givens(&grid).unwrap());
                (search.count, search.first, search.nodes)
            });
            assert!(outcomes.iter().all(|o| *o == outcomes[0]), "{puzzle}");
            assert!(outcomes[0].1.is_some(), "{puzzle}");
        }
    }

    /// Every single change is seen, in its own pair and nowhere else, by the
    /// SSE2 and the portable change detection alike.
    #[test]
    fn changed_pairs_sees_each_single_change() {
        let mut state = State::from_givens(&Grid::from_values([0; CELLS])).unwrap();
        assert!(state.propagate_bands());
        assert_eq!(state.changed_pairs(), 0);
        for digit in 0..9 {
            for band in 0..3 {
                let mut changed = state;
                changed.places[digit].0[band] &= !(1 << (digit + band));
                assert_eq!(changed.changed_pairs(), 1 << (4 * digit + band));
                assert_eq!(changed.changed_pairs_portable(), 1 << (4 * digit + band));
            }
        }
        assert_eq!(
            State::from_givens(&Grid::from_values([0; CELLS]))
                .unwrap()
                .changed_pairs(),
            ALL_PAIRS
        );
    }
}
