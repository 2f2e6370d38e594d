//! Forcing branches carried from one position of a shaped solve to the next,
//! by the classic ladder's exact rule (`engine::logic::forcing`'s reuse, whose
//! module text holds the argument; nothing in it is particular to the
//! classic board): when the new position follows from the earlier one, a
//! branch runs the same there unless (a) it logged a fact about a candidate
//! gone since, (b) it processed an "off" fact on a cell that lost candidates
//! and that cell keeps fewer than two candidates it logged nothing about, or
//! (c) it processed an "off" fact of a value in a unit that lost places of
//! that value and the unit keeps fewer than two such places. Such a branch is
//! taken as it was instead of run again.
//!
//! What a branch read is kept as 64-bit words ([`Words`]), the same layout
//! for every size of cell set: per value the cells of the facts about it the
//! branch logged, then per value the cells of the "off" facts about it it
//! processed on an open cell, then all the latter cells.

use std::rc::Rc;

use super::forcing::{Wide, Words};
use crate::engine::geometry::ValueMask;
use crate::engine::logic::CandidateBoard;
use crate::engine::logic::forcing::{self, Gone, Outcomes, keeps_two_unlogged};
use crate::engine::logic::implication::{Branching, FactWords, IndexFact, Mode};

/// The branches of one mode run on one shaped position, with what each read.
pub(super) struct Ran {
    mode: Mode,
    /// The position: each cell's value (0 open) and candidates.
    values: Vec<u8>,
    candidates: Vec<ValueMask>,
    pub(super) outcomes: Rc<Outcomes<FactWords>>,
    /// Values per unit, and words per cell set, on this board.
    side: usize,
    words: usize,
    /// Per branch, in the order the outcomes number them, `2 * side + 1`
    /// cell sets of `words` words (see the module text).
    reads: Vec<u64>,
}

impl Ran {
    /// Whether these branches were run on this position (`values`,
    /// `candidates`), with the "off" ones when `with_off`.
    pub(super) fn serves(&self, values: &[u8], candidates: &[ValueMask], with_off: bool) -> bool {
        self.values == values
            && self.candidates == candidates
            && (self.outcomes.has_off() || !with_off)
    }

    /// Words per branch in `reads`.
    fn stride(&self) -> usize {
        (2 * self.side + 1) * self.words
    }

    /// Whether the branch that read `read` runs the same after `changes`
    /// (rules (a), (b) and (c) of the module text).
    fn runs_the_same_after(&self, read: &[u64], changes: &Changes) -> bool {
        let words = self.words;
        let set = |at: usize| &read[at * words..][..words];
        let logged = |value: usize| set(value);
        let struck = |value: usize| set(self.side + value);
        for gone in &changes.gone {
            let (logged, struck) = (logged(gone.value), struck(gone.value));
            if meet(logged, changes.set(gone.cells)) {
                return false;
            }
            if meet(struck, changes.set(gone.reach))
                && !changes.units[gone.units.clone()]
                    .iter()
                    .all(|&(cells, places)| {
                        !meet(struck, changes.set(cells))
                            || two_outside(changes.set(places), logged)
                    })
            {
                return false;
            }
        }
        let struck_cells = set(2 * self.side);
        if !meet(struck_cells, &changes.shrunk_cells) {
            return true;
        }
        changes.shrunk.iter().all(|&(cell, left)| {
            if !has(struck_cells, cell) {
                return true;
            }
            keeps_two_unlogged(left, |value| has(logged(value), cell))
        })
    }
}

/// Whether two sets of the same words share a cell.
fn meet(a: &[u64], b: &[u64]) -> bool {
    a.iter().zip(b).any(|(a, b)| a & b != 0)
}

/// Whether `cell` is in the set of `words`.
fn has(words: &[u64], cell: usize) -> bool {
    words[cell / 64] >> (cell % 64) & 1 == 1
}

/// Whether `set` has two cells or more outside `outside`.
fn two_outside(set: &[u64], outside: &[u64]) -> bool {
    let mut seen = false;
    for (&bits, &out) in set.iter().zip(outside) {
        let bits = bits & !out;
        if bits & bits.wrapping_sub(1) != 0 || (seen && bits != 0) {
            return true;
        }
        seen |= bits != 0;
    }
    false
}

/// What changed from an earlier position to a later one of the same solve
/// ([`forcing::Changes`]), its cell sets kept as words: a [`Gone`]'s sets
/// and each unit's pair are the starts of `words` words in `sets`.
struct Changes {
    /// Words per cell set.
    words: usize,
    sets: Vec<u64>,
    gone: Vec<Gone<usize>>,
    shrunk: Vec<(usize, ValueMask)>,
    shrunk_cells: Vec<u64>,
    units: Vec<(usize, usize)>,
}

impl Changes {
    /// The cell set starting at `at` in `sets`.
    fn set(&self, at: usize) -> &[u64] {
        &self.sets[at..][..self.words]
    }

    /// Keeps `set` in `sets`; returns where it starts.
    fn keep<C: Words>(&mut self, set: &C) -> usize {
        let at = self.sets.len();
        set.push_words(&mut self.sets);
        at
    }

    /// The changes from `earlier`'s position to `wide`'s; `None` unless the
    /// latter follows from the former (see [`forcing::Changes::between`]).
    fn between<C: Words>(earlier: &Ran, wide: &Wide<C>) -> Option<Changes> {
        let (values, candidates) = wide.position();
        let of = forcing::Changes::between(
            wide,
            cells_of(&earlier.values, &earlier.candidates),
            cells_of(values, candidates),
        )?;
        let mut changes = Changes {
            words: C::WORDS,
            sets: Vec::new(),
            gone: Vec::with_capacity(of.gone.len()),
            shrunk: of.shrunk,
            shrunk_cells: Vec::new(),
            units: Vec::with_capacity(of.units.len()),
        };
        of.shrunk_cells.push_words(&mut changes.shrunk_cells);
        for (cells, places) in &of.units {
            let unit = (changes.keep(cells), changes.keep(places));
            changes.units.push(unit);
        }
        for gone in of.gone {
            let (cells, reach) = (changes.keep(&gone.cells), changes.keep(&gone.reach));
            changes.gone.push(Gone {
                value: gone.value,
                cells,
                reach,
                units: gone.units,
            });
        }
        Some(changes)
    }
}

/// Each cell's value and candidates, as [`forcing::Changes::between`] reads a position.
fn cells_of<'p>(
    values: &'p [u8],
    candidates: &'p [ValueMask],
) -> impl Iterator<Item = (u8, ValueMask)> + 'p {
    values.iter().copied().zip(candidates.iter().copied())
}

/// Every branch of `mode` on `wide`'s position (the "off" ones too when
/// `with_off`), taking from `earlier` (branches run on an earlier position of
/// the same solve) every branch of the same mode that runs the same here.
pub(super) fn run<C: Words>(
    wide: &Wide<C>,
    mode: Mode,
    with_off: bool,
    earlier: Option<&Ran>,
) -> Ran {
    let (values, candidates) = wide.position();
    let side = CandidateBoard::side(wide);
    let stride = (2 * side + 1) * C::WORDS;
    let earlier =
        earlier.filter(|e| e.mode == mode && e.values.len() == values.len() && e.words == C::WORDS);
    let changes = earlier.and_then(|e| Changes::between(e, wide));
    let assumptions: usize = candidates
        .iter()
        .zip(values)
        .filter(|&(_, &value)| value == 0)
        .map(|(bits, _)| bits.count_ones() as usize)
        .sum();
    let branches = assumptions * (1 + usize::from(with_off));
    let mut reads: Vec<u64> = Vec::with_capacity(branches * stride);
    let outcomes = Outcomes::run_each(wide, mode, with_off, |outcomes, assumption, branching| {
        if let (Some(earlier), Some(changes)) = (earlier, &changes)
            && let Some(id) = earlier.outcomes.branch(assumption)
        {
            let read = &earlier.reads[id.index() * earlier.stride()..][..stride];
            if earlier.runs_the_same_after(read, changes) {
                outcomes.reuse(assumption, &earlier.outcomes, id);
                reads.extend_from_slice(read);
                debug_assert!(
                    runs_the_same(branching, assumption, |b, conflict| earlier
                        .outcomes
                        .ended_as(id, b, conflict)),
                    "{assumption:?} taken from an earlier position ends otherwise here"
                );
                return;
            }
        }
        outcomes.follow(assumption, branching);
        match branching.logged_and_struck() {
            Some((logged, struck)) => {
                let mut cells = C::empty();
                for set in &logged {
                    set.push_words(&mut reads);
                }
                for set in &struck {
                    set.push_words(&mut reads);
                    cells = cells.or(set);
                }
                cells.push_words(&mut reads);
            }
            // A branch that applied a technique read the whole board.
            None => reads.extend(std::iter::repeat_n(u64::MAX, stride)),
        }
    });
    Ran {
        mode,
        values: values.to_vec(),
        candidates: candidates.to_vec(),
        outcomes: Rc::new(outcomes),
        side,
        words: C::WORDS,
        reads,
    }
}

/// Whether `assumption`'s branch, run here, ends as `ended_as` says the
/// earlier one did (a debug check of the reuse).
fn runs_the_same<C: Words>(
    branching: &mut Branching<Wide<C>>,
    assumption: IndexFact,
    ended_as: impl Fn(&Branching<Wide<C>>, bool) -> bool,
) -> bool {
    let conflict = branching.run_unrecorded(assumption);
    ended_as(branching, conflict)
}
