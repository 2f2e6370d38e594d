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

use std::ops::Range;
use std::rc::Rc;

use super::forcing::{Wide, Words};
use crate::engine::geometry::ValueMask;
use crate::engine::logic::CandidateBoard;
use crate::engine::logic::forcing::Outcomes;
use crate::engine::logic::implication::{BranchHost, Branching, IndexFact, Mode};

/// The branches of one mode run on one shaped position, with what each read.
pub(super) struct Ran {
    mode: Mode,
    /// The position: each cell's value (0 open) and candidates.
    values: Vec<u8>,
    candidates: Vec<ValueMask>,
    pub(super) outcomes: Rc<Outcomes<Vec<u64>>>,
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
            let mut unlogged = left;
            let mut rest = left;
            while rest != 0 {
                let value = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                if has(logged(value), cell) {
                    unlogged &= !(1 << value);
                }
            }
            unlogged & unlogged.wrapping_sub(1) != 0
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

/// The cells that no longer hold a value open, with the units they meet
/// (their sets as the starts of `words` words in [`Changes::sets`]).
struct Gone {
    /// The value's index.
    value: usize,
    cells: usize,
    /// The cells of the units they meet.
    reach: usize,
    /// Where those units sit in [`Changes::units`].
    units: Range<usize>,
}

/// What changed from an earlier position to a later one of the same solve.
struct Changes {
    /// Words per cell set.
    words: usize,
    /// The cell sets below, `words` words each.
    sets: Vec<u64>,
    /// Per value with any, the cells that held it open before and do not now.
    gone: Vec<Gone>,
    /// The cells open in both that lost candidates, with their candidates now.
    shrunk: Vec<(usize, ValueMask)>,
    shrunk_cells: Vec<u64>,
    /// Per unit that a value's gone cells meet: its cells, and the value's
    /// places in it now (in the order of `gone`).
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
    /// latter follows from the former (each open cell's candidates a subset
    /// of its earlier ones, each placed cell placed with the same value or,
    /// if open before, one of its candidates).
    fn between<C: Words>(earlier: &Ran, wide: &Wide<C>) -> Option<Changes> {
        let (values, candidates) = wide.position();
        let side = CandidateBoard::side(wide);
        let mut gone = vec![C::empty(); side];
        let mut holders = vec![C::empty(); side];
        let (mut shrunk, mut shrunk_cells) = (Vec::new(), C::empty());
        let cells = earlier.values.iter().zip(&earlier.candidates);
        for (cell, ((&a_value, &a_bits), (&b_value, &b_bits))) in
            cells.zip(values.iter().zip(candidates)).enumerate()
        {
            if a_value != 0 {
                if b_value != a_value {
                    return None;
                }
                continue;
            }
            let (lost, now) = match b_value {
                0 if b_bits & !a_bits != 0 => return None,
                0 => (a_bits & !b_bits, b_bits),
                value if a_bits >> (value - 1) & 1 == 0 => return None,
                _ => (a_bits, 0),
            };
            if lost != 0 && b_value == 0 {
                shrunk.push((cell, b_bits));
                shrunk_cells = shrunk_cells.with(cell);
            }
            for (value, (gone, holders)) in gone.iter_mut().zip(&mut holders).enumerate() {
                if lost >> value & 1 == 1 {
                    *gone = gone.with(cell);
                }
                if now >> value & 1 == 1 {
                    *holders = holders.with(cell);
                }
            }
        }
        let mut changes = Changes {
            words: C::WORDS,
            sets: Vec::new(),
            gone: Vec::new(),
            shrunk,
            shrunk_cells: Vec::new(),
            units: Vec::new(),
        };
        shrunk_cells.push_words(&mut changes.shrunk_cells);
        let mut met = vec![false; wide.unit_count()];
        for (value, cells) in gone.iter().enumerate().filter(|(_, c)| !c.is_empty()) {
            met.fill(false);
            for cell in cells.cells() {
                for unit in CandidateBoard::units_of(wide, cell) {
                    met[unit] = true;
                }
            }
            let (first, mut reach) = (changes.units.len(), C::empty());
            for unit in (0..met.len()).filter(|&u| met[u]) {
                let unit_cells = wide.unit_set(unit);
                reach = reach.or(&unit_cells);
                let unit_at = changes.keep(&unit_cells);
                let places_at = changes.keep(&holders[value].and(&unit_cells));
                changes.units.push((unit_at, places_at));
            }
            let units = first..changes.units.len();
            let (cells, reach) = (changes.keep(cells), changes.keep(&reach));
            changes.gone.push(Gone {
                value,
                cells,
                reach,
                units,
            });
        }
        Some(changes)
    }
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
