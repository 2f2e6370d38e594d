//! What a board lends the branches run on it: its cells as bit sets, the
//! storage a branch copies per assumption, and the simpler techniques a forcing
//! net applies inside a branch. The classic [`Board`] answers with the
//! compile-time table (81-bit `u128` sets, fixed arrays), so the branch loop
//! monomorphises into the code it had before the shapes shared it; a shaped
//! position answers with its runtime geometry's [`CellMask`](crate::engine::geometry::CellMask)s and its own ladder.

use super::super::CandidateBoard;
use super::super::path::StepFinder;
use std::rc::Rc;

use super::super::step::Step;
use super::super::technique::Technique;
use crate::engine::board::Board;
use crate::engine::geometry::ValueMask;
use crate::engine::types::{CELLS, Candidates, Cell, Digit, GEOMETRY, SIZE};

/// A set of cells, one bit per cell index.
pub trait CellSet: Copy + Eq {
    fn empty() -> Self;
    fn with(self, cell: usize) -> Self;
    fn without(self, cell: usize) -> Self;
    fn has(&self, cell: usize) -> bool;
    fn and(self, other: &Self) -> Self;
    fn and_not(self, other: &Self) -> Self;
    fn or(self, other: &Self) -> Self;
    fn is_empty(&self) -> bool;
    /// The one cell of the set, when it has exactly one.
    fn only(&self) -> Option<usize>;
    /// Whether the set has two cells or more.
    fn has_two(&self) -> bool;
    /// The cells, ascending.
    fn cells(self) -> impl Iterator<Item = usize>;
}

/// The two 64-bit words of a classic cell set, low first: a 128-bit shift by
/// a variable amount is a handful of instructions on x86-64, picking the
/// word and shifting it is two.
#[inline]
fn words(set: u128) -> (u64, u64) {
    (set as u64, (set >> 64) as u64)
}

/// The set of `cell` alone, built from its word.
#[inline]
fn single(cell: usize) -> u128 {
    let bit = u128::from(1u64 << (cell & 63));
    if cell < 64 { bit } else { bit << 64 }
}

impl CellSet for u128 {
    #[inline]
    fn empty() -> u128 {
        0
    }
    #[inline]
    fn with(self, cell: usize) -> u128 {
        self | single(cell)
    }
    #[inline]
    fn without(self, cell: usize) -> u128 {
        self & !single(cell)
    }
    #[inline]
    fn has(&self, cell: usize) -> bool {
        let (low, high) = words(*self);
        let word = if cell < 64 { low } else { high };
        word >> (cell & 63) & 1 == 1
    }
    #[inline]
    fn and(self, other: &u128) -> u128 {
        self & other
    }
    #[inline]
    fn and_not(self, other: &u128) -> u128 {
        self & !other
    }
    #[inline]
    fn or(self, other: &u128) -> u128 {
        self | other
    }
    #[inline]
    fn is_empty(&self) -> bool {
        *self == 0
    }
    #[inline]
    fn only(&self) -> Option<usize> {
        let (low, high) = words(*self);
        if high == 0 {
            (low != 0 && low & (low - 1) == 0).then(|| low.trailing_zeros() as usize)
        } else {
            (low == 0 && high & (high - 1) == 0).then(|| 64 + high.trailing_zeros() as usize)
        }
    }
    #[inline]
    fn has_two(&self) -> bool {
        self & (self.wrapping_sub(1)) != 0
    }
    #[inline]
    fn cells(self) -> impl Iterator<Item = usize> {
        let (mut low, mut high) = words(self);
        std::iter::from_fn(move || {
            if low != 0 {
                let index = low.trailing_zeros() as usize;
                low &= low - 1;
                Some(index)
            } else if high != 0 {
                let index = high.trailing_zeros() as usize;
                high &= high - 1;
                Some(64 + index)
            } else {
                None
            }
        })
    }
}

impl<const W: usize> CellSet for [u64; W] {
    #[inline]
    fn empty() -> Self {
        [0; W]
    }
    #[inline]
    fn with(mut self, cell: usize) -> Self {
        self[cell / 64] |= 1 << (cell % 64);
        self
    }
    #[inline]
    fn without(mut self, cell: usize) -> Self {
        self[cell / 64] &= !(1 << (cell % 64));
        self
    }
    #[inline]
    fn has(&self, cell: usize) -> bool {
        self[cell / 64] >> (cell % 64) & 1 == 1
    }
    #[inline]
    fn and(mut self, other: &Self) -> Self {
        for (word, theirs) in self.iter_mut().zip(other) {
            *word &= theirs;
        }
        self
    }
    #[inline]
    fn and_not(mut self, other: &Self) -> Self {
        for (word, theirs) in self.iter_mut().zip(other) {
            *word &= !theirs;
        }
        self
    }
    #[inline]
    fn or(mut self, other: &Self) -> Self {
        for (word, theirs) in self.iter_mut().zip(other) {
            *word |= theirs;
        }
        self
    }
    #[inline]
    fn is_empty(&self) -> bool {
        self.iter().all(|&w| w == 0)
    }
    #[inline]
    fn only(&self) -> Option<usize> {
        let mut found = None;
        for (word, &bits) in self.iter().enumerate() {
            if bits == 0 {
                continue;
            }
            if found.is_some() || bits & (bits - 1) != 0 {
                return None;
            }
            found = Some(word * 64 + bits.trailing_zeros() as usize);
        }
        found
    }
    #[inline]
    fn has_two(&self) -> bool {
        let mut seen = false;
        for &bits in self {
            if bits & bits.wrapping_sub(1) != 0 || (seen && bits != 0) {
                return true;
            }
            seen |= bits != 0;
        }
        false
    }
    #[inline]
    fn cells(self) -> impl Iterator<Item = usize> {
        let (mut word, mut bits) = (0, if W > 0 { self[0] } else { 0 });
        std::iter::from_fn(move || {
            while bits == 0 {
                word += 1;
                if word >= W {
                    return None;
                }
                bits = self[word];
            }
            let bit = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            Some(word * 64 + bit)
        })
    }
}

/// A set of facts, one bit per fact index (see `IndexFact::index_in`).
pub trait FactBits: Clone + PartialEq {
    /// No fact, on a board of `facts` facts.
    fn empty(facts: usize) -> Self;
    fn insert(&mut self, index: usize);
    #[inline]
    fn insert_all(&mut self, indices: impl Iterator<Item = usize>) {
        for index in indices {
            self.insert(index);
        }
    }
    fn contains(&self, index: usize) -> bool;
    /// Keeps the facts `other` holds too.
    fn keep_common(&mut self, other: &Self);
    /// Whether [`FactBits::set_common_of`] into kept storage is cheaper than
    /// [`FactBits::common_of`] (a set on the heap; a fixed array is built
    /// fastest where it is used).
    const IN_PLACE: bool;
    /// The facts both `a` and `b` hold.
    fn common_of(a: &Self, b: &Self) -> Self;
    /// Holds the facts both `a` and `b` hold, in place.
    fn set_common_of(&mut self, a: &Self, b: &Self);
    fn is_empty(&self) -> bool;
}

/// Words in the classic board's fact set.
const CLASSIC_WORDS: usize = (CELLS * SIZE * 2).div_ceil(64);

impl FactBits for [u64; CLASSIC_WORDS] {
    #[inline]
    fn empty(_: usize) -> Self {
        [0; CLASSIC_WORDS]
    }
    #[inline]
    fn insert(&mut self, index: usize) {
        self[index / 64] |= 1 << (index % 64);
    }
    #[inline]
    fn contains(&self, index: usize) -> bool {
        self[index / 64] >> (index % 64) & 1 == 1
    }
    #[inline]
    fn keep_common(&mut self, other: &Self) {
        for (word, theirs) in self.iter_mut().zip(other) {
            *word &= theirs;
        }
    }
    const IN_PLACE: bool = false;
    #[inline]
    fn common_of(a: &Self, b: &Self) -> Self {
        std::array::from_fn(|i| a[i] & b[i])
    }
    #[inline]
    fn set_common_of(&mut self, a: &Self, b: &Self) {
        *self = Self::common_of(a, b);
    }
    #[inline]
    fn is_empty(&self) -> bool {
        *self == [0; CLASSIC_WORDS]
    }
}

/// A fact set of any board, on the heap in one allocation, shared by its
/// clones: a branch's end taken from an earlier position costs no allocation
/// and no copy. Only a set not shared yet is changed (a branch's set as it
/// is filled, the common set a search keeps).
#[derive(Clone, PartialEq)]
pub struct FactWords(Rc<[u64]>);

impl FactWords {
    fn words(&mut self) -> &mut [u64] {
        Rc::get_mut(&mut self.0).expect("a fact set is changed before it is shared")
    }
}

impl FactBits for FactWords {
    fn empty(facts: usize) -> Self {
        FactWords(std::iter::repeat_n(0, facts.div_ceil(64)).collect())
    }
    fn insert(&mut self, index: usize) {
        self.words()[index / 64] |= 1 << (index % 64);
    }
    fn insert_all(&mut self, indices: impl Iterator<Item = usize>) {
        let words = self.words();
        for index in indices {
            words[index / 64] |= 1 << (index % 64);
        }
    }
    fn contains(&self, index: usize) -> bool {
        self.0[index / 64] >> (index % 64) & 1 == 1
    }
    fn keep_common(&mut self, other: &Self) {
        for (word, theirs) in self.words().iter_mut().zip(other.0.iter()) {
            *word &= theirs;
        }
    }
    const IN_PLACE: bool = true;
    fn common_of(a: &Self, b: &Self) -> Self {
        FactWords(a.0.iter().zip(b.0.iter()).map(|(a, b)| a & b).collect())
    }
    fn set_common_of(&mut self, a: &Self, b: &Self) {
        for ((word, a), b) in self.words().iter_mut().zip(a.0.iter()).zip(b.0.iter()) {
            *word = a & b;
        }
    }
    fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
}

/// A simpler technique's step found inside a branch, in plain indices.
pub struct BranchStep {
    pub technique: Technique,
    pub placements: Vec<(usize, u8)>,
    pub eliminations: Vec<(usize, u8)>,
    /// The cells the step reads (its pattern and units), when asked for.
    pub looked: Vec<usize>,
}

/// A position branches can run on (see the module text).
pub trait BranchHost: CandidateBoard + Sized {
    type Cells: CellSet;
    /// One cell set per value.
    type PerValue: Clone + AsRef<[Self::Cells]> + AsMut<[Self::Cells]>;
    /// One candidate mask per cell.
    type PerCell: Clone + AsRef<[ValueMask]> + AsMut<[ValueMask]>;
    /// One bit per fact.
    type Facts: FactBits;
    /// What finds the simpler techniques inside a net's branches.
    type Finder;

    /// The cells of `unit`.
    fn unit_set(&self, unit: usize) -> Self::Cells;
    /// The peers of `cell`.
    fn peer_set(&self, cell: usize) -> Self::Cells;
    /// The units holding `cell`, ascending, each with its cells.
    #[inline]
    fn unit_sets_of(&self, cell: usize) -> impl Iterator<Item = (usize, Self::Cells)> + '_ {
        self.units_of(cell)
            .map(move |unit| (unit, self.unit_set(unit)))
    }
    /// The units holding `cell` but `unit` (one of them), ascending, each
    /// with its cells.
    #[inline]
    fn other_unit_sets_of(
        &self,
        cell: usize,
        unit: usize,
    ) -> impl Iterator<Item = (usize, Self::Cells)> + '_ {
        self.unit_sets_of(cell).filter(move |&(u, _)| u != unit)
    }
    /// [`BranchHost::other_unit_sets_of`] as an array, on a board where
    /// every cell is in three units (the classic one): the branch's most
    /// frequent test is then written out for both, with no loop. `None`
    /// elsewhere.
    #[inline]
    fn other_two_unit_sets_of(
        &self,
        _cell: usize,
        _unit: usize,
    ) -> Option<[(usize, Self::Cells); 2]> {
        None
    }
    /// An empty cell set per value.
    fn per_value(&self) -> Self::PerValue;
    /// A zero mask per cell.
    fn per_cell(&self) -> Self::PerCell;
    fn finder(&self) -> Self::Finder;
    /// The easiest of `techniques` that makes progress on this position after a
    /// branch's changes (`candidates` per cell, `open` the cells still open),
    /// with the cells it reads when `looked`.
    fn step_in_branch(
        &self,
        finder: &mut Self::Finder,
        candidates: &[ValueMask],
        open: &Self::Cells,
        techniques: &[Technique],
        looked: bool,
    ) -> Option<BranchStep>;
}

impl BranchHost for Board {
    type Cells = u128;
    type PerValue = [u128; SIZE];
    type PerCell = [ValueMask; CELLS];
    type Facts = [u64; CLASSIC_WORDS];
    type Finder = StepFinder;

    #[inline]
    fn unit_set(&self, unit: usize) -> u128 {
        GEOMETRY.unit_masks[unit]
    }

    #[inline]
    fn peer_set(&self, cell: usize) -> u128 {
        GEOMETRY.peer_masks[cell]
    }

    /// From the per-cell table: no unit index to look up per unit.
    #[inline]
    fn unit_sets_of(&self, cell: usize) -> impl Iterator<Item = (usize, u128)> + '_ {
        let units = &GEOMETRY.units_of[cell];
        let masks = &GEOMETRY.unit_masks_of[cell];
        units
            .iter()
            .zip(masks)
            .map(|(unit, &mask)| (unit.index(), mask))
    }

    #[inline]
    fn other_unit_sets_of(
        &self,
        cell: usize,
        unit: usize,
    ) -> impl Iterator<Item = (usize, u128)> + '_ {
        let pair = self.other_two_unit_sets_of(cell, unit);
        pair.expect("a classic cell is in three units").into_iter()
    }

    /// A cell's units are its row, column and box, numbered in that
    /// order: a unit's kind is its place among them, so none is compared.
    #[inline]
    fn other_two_unit_sets_of(&self, cell: usize, unit: usize) -> Option<[(usize, u128); 2]> {
        let units = &GEOMETRY.units_of[cell];
        let masks = &GEOMETRY.unit_masks_of[cell];
        let skipped = unit / SIZE;
        debug_assert_eq!(units[skipped].index(), unit);
        // The other two places, ascending.
        let (first, second) = (usize::from(skipped == 0), 2 - usize::from(skipped == 2));
        Some([first, second].map(|k| (units[k].index(), masks[k])))
    }

    #[inline]
    fn per_value(&self) -> [u128; SIZE] {
        [0; SIZE]
    }

    #[inline]
    fn per_cell(&self) -> [ValueMask; CELLS] {
        [0; CELLS]
    }

    fn finder(&self) -> StepFinder {
        StepFinder::new()
    }

    fn step_in_branch(
        &self,
        finder: &mut StepFinder,
        candidates: &[ValueMask],
        open: &u128,
        techniques: &[Technique],
        looked: bool,
    ) -> Option<BranchStep> {
        let mut board = *self;
        for cell in self.open_cells() {
            let i = cell.index();
            board.candidates[i] = Candidates::from_bits(candidates[i]);
            if !open.has(i) {
                board.digits.set(cell, board.candidates[i].only());
            }
        }
        let step = finder
            .find_step_among(&board, techniques)
            .filter(|s| s.makes_progress(&board))?;
        classic_branch_step(&step, looked)
    }
}

/// A classic step as a branch logs it (`None` for a guess, which no branch takes).
fn classic_branch_step(step: &Step, looked: bool) -> Option<BranchStep> {
    let index = |&(c, d): &(Cell, Digit)| (c.index(), d.get());
    let mut cells: Vec<usize> = Vec::new();
    if looked {
        cells.extend(step.pattern.iter().map(|&(c, _)| c.index()));
        for unit in &step.units {
            cells.extend(unit.cells().iter().map(|c| c.index()));
        }
    }
    Some(BranchStep {
        technique: step.technique()?,
        placements: step.placements.iter().map(index).collect(),
        eliminations: step.eliminations.iter().map(index).collect(),
        looked: cells,
    })
}
