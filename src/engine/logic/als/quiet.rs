//! The positions where an ALS finder searched everything and found nothing,
//! kept for the next positions of the same solve.
//!
//! A solve's positions only lose candidates. An ALS is a function of its
//! cells' candidates, and so are the restricted commons of two ALSs; what a
//! pattern of ALSs removes is the holders of a digit that see its copies in
//! them, and holders only go. So a pattern whose ALSs all keep their cells'
//! candidates was a pattern on the earlier position, removing there at least
//! what it removes now: nothing, if the finder found nothing there. On the
//! next position the finder need only look at the patterns with an ALS on a
//! changed cell, and finds exactly what the whole search would (in the same
//! order: the others are skipped, not reordered).

use super::{Als, Cells};
use crate::engine::board::Board;
use crate::engine::logic::open_candidates;
use crate::engine::types::{CELLS, Cell};

/// The finders that remember where they found nothing.
#[derive(Clone, Copy)]
pub(super) enum Quiet {
    AlsXz,
    AlsXyWing,
    DeathBlossom,
    /// ALS-XY-Chain remembers where its sums let no walk run (see
    /// [`super::chain`]): a walk finds each end by its shortest chain, so a
    /// changed set could hide a chain of unchanged sets from it, but the
    /// sums' test is monotone as the patterns are.
    AlsXyChain,
}

/// How many [`Quiet`] finders there are.
pub(super) const QUIET_FINDERS: usize = 4;

/// A board's open candidates, cell by cell (none for a placed cell).
#[derive(Clone, PartialEq, Eq)]
pub(crate) struct Marks([u16; CELLS]);

impl Marks {
    pub(super) fn of(board: &Board) -> Marks {
        let mut marks = [0; CELLS];
        for (index, mark) in marks.iter_mut().enumerate() {
            *mark = open_candidates(board, Cell::new(index)).bits() as u16;
        }
        Marks(marks)
    }

    /// The cells whose candidates changed since `earlier`, if these marks
    /// only lost candidates since (`None` otherwise: not a later position).
    pub(super) fn changed_since(&self, earlier: &Marks) -> Option<Cells> {
        let mut changed: Cells = 0;
        for (index, (&now, &then)) in self.0.iter().zip(&earlier.0).enumerate() {
            if now & !then != 0 {
                return None;
            }
            if now != then {
                changed |= 1 << index;
            }
        }
        Some(changed)
    }
}

/// Per set (by index), whether it holds a changed cell: the sets a pattern
/// needs one of to remove something (or a changed cell of its own, as a
/// Death Blossom's stem).
pub(super) struct Fresh {
    /// One bit per set; every bit set when there is no earlier position to compare with.
    bits: Vec<u64>,
    /// The changed cells; every cell when there is no earlier position.
    changed: Cells,
}

impl Fresh {
    /// Every set fresh: a whole search.
    pub(super) fn all(n: usize) -> Fresh {
        Fresh {
            bits: vec![!0; n.div_ceil(64)],
            changed: !0,
        }
    }

    /// The sets of `sets` that hold one of `changed`.
    pub(super) fn touching(sets: &[Als], changed: Cells) -> Fresh {
        // A word per 64 sets, each set's bit ORed in without a branch.
        let bits = sets
            .chunks(64)
            .map(|chunk| {
                chunk.iter().enumerate().fold(0, |word, (k, als)| {
                    word | u64::from(als.cells & changed != 0) << k
                })
            })
            .collect();
        Fresh { bits, changed }
    }

    pub(super) fn has(&self, set: usize) -> bool {
        self.bits[set / 64] >> (set % 64) & 1 != 0
    }

    /// Whether `cell`'s candidates changed.
    pub(super) fn changed(&self, cell: Cell) -> bool {
        self.changed >> cell.index() & 1 != 0
    }
}
