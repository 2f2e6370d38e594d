//! Forcing branches carried from one position of a shaped solve to the next,
//! as the classic ladder carries its own (`engine::logic::forcing`'s reuse):
//! a branch reads only the cells and values its implications touch
//! (`Branching::reads`), so a branch that read nothing changed since ends as
//! it did before and is taken as it was instead of run again. On a 16x16 a
//! forcing step and the singles after it change a few dozen of the 4,096
//! candidates: two branches in three are taken (first puzzle of the shared
//! size16 set), but the long ones, which read more, are mostly run again.

use std::rc::Rc;

use super::forcing::{Wide, Words};
use crate::engine::geometry::ValueMask;
use crate::engine::logic::CandidateBoard;
use crate::engine::logic::forcing::Outcomes;
use crate::engine::logic::implication::{Branching, IndexFact, Mode};

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
    /// Per branch, in the order the outcomes number them, `side + 1` cell
    /// sets of `words` words: per value the cells whose holding or placing
    /// of it the branch read, then the cells whose candidates or value it read.
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

    /// What differs between this position and `values`/`candidates`, in the
    /// layout of a branch's reads, as (word index, bits) for each word with a
    /// change: per value, the cells that hold it open in one and not the
    /// other or have it placed in one and not the other; the cells whose
    /// candidates or value differ.
    fn changes(&self, values: &[u8], candidates: &[ValueMask]) -> Vec<(usize, u64)> {
        let (words, side) = (self.words, self.side);
        let mut changed = vec![0u64; (side + 1) * words];
        let cells = self.values.iter().zip(&self.candidates);
        for (cell, ((&a_value, &a_bits), (&b_value, &b_bits))) in
            cells.zip(values.iter().zip(candidates)).enumerate()
        {
            if a_bits == b_bits && a_value == b_value {
                continue;
            }
            let (word, bit) = (cell / 64, 1u64 << (cell % 64));
            changed[side * words + word] |= bit;
            // A placed cell's candidates are its value's, as the branch board holds it.
            let held = |bits: ValueMask, value: u8| if value == 0 { bits } else { 0 };
            let placed = |value: u8| if value == 0 { 0 } else { 1 << (value - 1) };
            let mut differ = (held(a_bits, a_value) ^ held(b_bits, b_value))
                | (placed(a_value) ^ placed(b_value));
            while differ != 0 {
                let d = differ.trailing_zeros() as usize;
                differ &= differ - 1;
                changed[d * words + word] |= bit;
            }
        }
        changed
            .into_iter()
            .enumerate()
            .filter(|&(_, bits)| bits != 0)
            .collect()
    }
}

/// Every branch of `mode` on `wide`'s position (the "off" ones too when
/// `with_off`), taking from `earlier` (branches run on an earlier position of
/// the same solve) every branch of the same mode that read nothing changed since.
pub(super) fn run<C: Words>(
    wide: &Wide<C>,
    mode: Mode,
    with_off: bool,
    earlier: Option<&Ran>,
) -> Ran {
    let (values, candidates) = wide.position();
    let side = CandidateBoard::side(wide);
    let stride = (side + 1) * C::WORDS;
    let earlier = earlier.filter(|e| e.mode == mode && e.values.len() == values.len());
    let changes = earlier.map(|e| e.changes(values, candidates));
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
            let read = &earlier.reads[id.index() * stride..][..stride];
            if changes.iter().all(|&(word, bits)| read[word] & bits == 0) {
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
        match branching.reads() {
            Some((per_value, cells)) => {
                for set in per_value {
                    set.push_words(&mut reads);
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
