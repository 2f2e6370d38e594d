//! A branch's log read back as proofs: the proof of a fact is the fact with
//! all its ancestors, in the order they were found. The log keeps only what
//! cannot be read back: each implication's fact, its cause and the fact it
//! was found while processing. What an implication that rests on several
//! facts (a cell's last candidate, a value's last place in a unit, a
//! contradiction) rests on is read back when a proof asks, from the cause,
//! the starting position and where each fact sits in the log: every "off"
//! fact of that cell or unit logged before it. So a run costs the same
//! whether or not its proof is wanted, and the length of every
//! contradiction's proof is known at the end of the first run. A
//! [`Record`] can outlive its run, so a search that already ran a branch
//! (forcing nets, whose branches are costly) reads the winner's proof
//! without running it again.

use super::board::BranchBoard;
use super::{BranchHost, Cause, CellSet, Conflict, Fact, IndexConflict, IndexFact};
use super::{Implication, IndexImplication, NONE};
use crate::engine::logic::candidate_board::values_of;

/// An implication in the log, 12 bytes (the log is written for every fact a
/// branch finds): the fact, with its [`IndexFact::index_in`], its cause, and
/// the log position of the fact being processed when it was found (`NONE`
/// for the assumption; for a technique's effects, its step's number in
/// [`Record::steps`], where its parents sit in the pool).
#[derive(Clone, Copy)]
pub(super) struct Entry {
    pub(super) index: u16,
    cell: u16,
    value: u8,
    pub(super) from: u16,
    pub(super) cause: Cause<u16>,
}

impl Entry {
    /// The entry of `fact`, whose index is `index`.
    #[inline(always)]
    pub(super) fn new(fact: IndexFact, index: u16, from: u16, cause: Cause<u16>) -> Entry {
        Entry {
            index,
            cell: fact.cell as u16,
            value: fact.digit,
            from,
            cause,
        }
    }

    /// The entry's fact (kept whole: every processed fact is read back).
    #[inline(always)]
    pub(super) fn fact(self) -> IndexFact {
        Fact {
            cell: usize::from(self.cell),
            digit: self.value,
            on: self.index & 1 == 1,
        }
    }
}

/// The log of one run: its implications in order, what a technique applied
/// in it rests on, and the contradiction it ended in.
#[derive(Clone, Default)]
pub struct Record {
    pub(super) log: Vec<Entry>,
    pub(super) pool: Vec<u16>,
    /// Per technique step applied, where its parents sit in `pool`.
    pub(super) steps: Vec<(u32, u32)>,
    pub(super) conflict: Option<IndexConflict>,
}

impl Record {
    pub(super) fn clear(&mut self) {
        self.log.clear();
        self.pool.clear();
        self.steps.clear();
        self.conflict = None;
    }

    /// The contradiction the run reached, if any.
    pub fn contradiction(&self) -> Option<IndexConflict> {
        self.conflict
    }
}

/// What reading a [`Record`]'s proofs needs besides the record: the position
/// its branch started from, whether its links were static, and where each
/// fact sits in its log ([`IndexFact::index_in`] to position, `NONE` for a
/// fact it did not reach).
pub(super) struct Ancestry<'r, H: BranchHost> {
    pub(super) origin: &'r H,
    pub(super) start: &'r BranchBoard<H>,
    pub(super) dynamic: bool,
    pub(super) record: &'r Record,
    pub(super) slot: &'r [u16],
}

impl<H: BranchHost> Ancestry<'_, H> {
    /// Where `fact` sits in the log, when it was logged before position `before`.
    #[inline]
    fn logged(&self, fact: IndexFact, before: usize) -> Option<u16> {
        let at = self.slot[fact.index_in(self.origin.side())];
        (at != NONE && usize::from(at) < before).then_some(at)
    }

    /// The "off" facts of `value` in `cells` logged before `before`.
    fn offs_in(&self, cells: H::Cells, value: u8, before: usize, out: &mut Vec<u16>) {
        out.extend(
            cells
                .cells()
                .filter_map(|c| self.logged(Fact::off(c, value), before)),
        );
    }

    /// The "off" facts of `values` in `cell` logged before `before`.
    fn offs_of(
        &self,
        cell: usize,
        values: crate::engine::geometry::ValueMask,
        before: usize,
        out: &mut Vec<u16>,
    ) {
        out.extend(values_of(values).filter_map(|v| self.logged(Fact::off(cell, v), before)));
    }

    /// Pushes onto `out` the log positions the entry at `at` rests on.
    fn parents(&self, at: usize, out: &mut Vec<u16>) {
        let entry = self.record.log[at];
        let fact = entry.fact();
        let (cell, value) = (fact.cell, fact.digit);
        match entry.cause {
            Cause::Assumed => {}
            Cause::Technique(_) => {
                let (start, end) = self.record.steps[usize::from(entry.from)];
                out.extend_from_slice(&self.record.pool[start as usize..end as usize]);
            }
            Cause::LastCandidate if self.dynamic => {
                let others = self.origin.candidate_bits(cell) & !(1 << (value - 1));
                self.offs_of(cell, others, at, out);
            }
            Cause::LastPlace(unit) if self.dynamic => {
                let others = self
                    .start
                    .holders(value)
                    .and(&self.origin.unit_set(usize::from(unit)))
                    .without(cell);
                self.offs_in(others, value, at, out);
            }
            Cause::SameCell | Cause::Peer(_) | Cause::LastCandidate | Cause::LastPlace(_) => {
                out.push(entry.from)
            }
        }
    }

    /// Pushes onto `out` what the contradiction rests on (nothing without one).
    fn conflict_parents(&self, out: &mut Vec<u16>) {
        let len = self.record.log.len();
        match self.record.conflict {
            None => {}
            // The fact whose opposite was known is the last one logged.
            Some(Conflict::Both(fact)) => {
                out.extend(self.logged(fact.negated(), len));
                out.push((len - 1) as u16);
            }
            Some(Conflict::NoCandidates(cell)) => {
                self.offs_of(cell, self.origin.candidate_bits(cell), len, out)
            }
            Some(Conflict::NoPlace(value, unit)) => {
                let cells = self.start.holders(value).and(&self.origin.unit_set(unit));
                self.offs_in(cells, value, len, out);
            }
        }
    }

    /// Marks in `needed` (one flag per log entry, all false on entry) the
    /// entries at `ends` and all their ancestors; returns how many.
    fn mark(&self, needed: &mut [bool], stack: &mut Vec<u16>) -> usize {
        let mut count = 0;
        while let Some(at) = stack.pop() {
            if std::mem::replace(&mut needed[usize::from(at)], true) {
                continue;
            }
            count += 1;
            self.parents(usize::from(at), stack);
        }
        count
    }

    /// The entries at `ends` (the contradiction's parents when `None`) with
    /// all their ancestors, in log order.
    pub(super) fn proof(&self, ends: Option<&[u16]>) -> Vec<IndexImplication> {
        let mut stack = Vec::new();
        match ends {
            Some(ends) => stack.extend_from_slice(ends),
            None => self.conflict_parents(&mut stack),
        }
        let mut needed = vec![false; self.record.log.len()];
        self.mark(&mut needed, &mut stack);
        self.record
            .log
            .iter()
            .zip(needed)
            .filter(|(_, needed)| *needed)
            .map(|(e, _)| Implication {
                fact: e.fact(),
                cause: e.cause.map_unit(usize::from),
            })
            .collect()
    }

    /// How many implications the contradiction's proof holds (0 without
    /// one), with `needed` and `stack` as scratch.
    pub(super) fn contradiction_size(&self, needed: &mut Vec<bool>, stack: &mut Vec<u16>) -> usize {
        if self.record.conflict.is_none() {
            return 0;
        }
        needed.clear();
        needed.resize(self.record.log.len(), false);
        stack.clear();
        self.conflict_parents(stack);
        self.mark(needed, stack)
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Branching, Cause, Conflict, Fact, IndexFact, IndexImplication, Mode};
    use crate::engine::board::Board;
    use crate::engine::logic::CandidateBoard;
    use crate::engine::parse::parse_line;

    /// Whether every implication of `proof` follows, by its cause, from the
    /// starting position and the facts before it in the proof (the
    /// assumption first): what the parents read back from the log must give.
    fn closed(board: &Board, mode: Mode, proof: &[IndexImplication]) -> bool {
        let has = |fact: IndexFact, before: usize| proof[..before].iter().any(|i| i.fact == fact);
        let start_places = |unit: usize, value: u8| {
            board
                .unit_cells(unit)
                .filter(|&c| board.open_candidates(c) >> (value - 1) & 1 == 1)
                .collect::<Vec<_>>()
        };
        proof.iter().enumerate().all(|(at, i)| {
            let (cell, value) = (i.fact.cell, i.fact.digit);
            let others =
                |mask: u32| (1..=9u8).filter(move |&v| v != value && mask >> (v - 1) & 1 == 1);
            match i.cause {
                Cause::Assumed => at == 0,
                Cause::SameCell => others(0x1ff).any(|v| has(Fact::on(cell, v), at)),
                Cause::Peer(unit) => board
                    .unit_cells(unit)
                    .any(|c| c != cell && has(Fact::on(c, value), at)),
                Cause::LastCandidate => {
                    let mut rest = others(board.candidate_bits(cell));
                    match mode {
                        Mode::Static => {
                            board.count_values(board.candidate_bits(cell)) == 2
                                && rest.all(|v| has(Fact::off(cell, v), at))
                        }
                        _ => rest.all(|v| has(Fact::off(cell, v), at)),
                    }
                }
                Cause::LastPlace(unit) => {
                    let places = start_places(unit, value);
                    let struck = places
                        .iter()
                        .all(|&c| c == cell || has(Fact::off(c, value), at));
                    struck && (mode != Mode::Static || places.len() == 2)
                }
                Cause::Technique(_) => false,
            }
        })
    }

    /// Every contradiction's proof, and the proof of every fact a branch
    /// reaches, rests on nothing outside itself, in both modes; a
    /// contradiction's size is its proof's length.
    #[test]
    fn proofs_read_back_from_the_log_are_closed() {
        // The first puzzle of top95: 58 of its branches end in a contradiction.
        let line =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let board = Board::with_auto_candidates(&parse_line(line, 1).expect("a puzzle"));
        let mut contradictions = 0;
        for mode in [Mode::Static, Mode::Dynamic] {
            let mut branching = Branching::new(&board, mode);
            for cell in 0..81 {
                for value in (1..=9).filter(|v| board.open_candidates(cell) >> (v - 1) & 1 == 1) {
                    for assumption in [Fact::on(cell, value), Fact::off(cell, value)] {
                        let conflict = branching.run(assumption);
                        let (proof, why) = branching.proof(None);
                        assert_eq!(conflict, why.is_some());
                        assert_eq!(proof.len(), branching.contradiction_size());
                        let assumed = [IndexImplication {
                            fact: assumption,
                            cause: Cause::Assumed,
                        }];
                        if let Some(why) = why {
                            contradictions += 1;
                            assert!(proof.first() == assumed.first(), "{assumption:?}");
                            assert!(closed(&board, mode, &proof), "{assumption:?}: {proof:?}");
                            let has = |f: IndexFact| proof.iter().any(|i| i.fact == f);
                            let ends = match why {
                                Conflict::Both(f) => has(f) && has(f.negated()),
                                Conflict::NoCandidates(c) => (1..=9)
                                    .filter(|v| board.candidate_bits(c) >> (v - 1) & 1 == 1)
                                    .all(|v| has(Fact::off(c, v))),
                                Conflict::NoPlace(v, unit) => board
                                    .unit_cells(unit)
                                    .filter(|&c| board.open_candidates(c) >> (v - 1) & 1 == 1)
                                    .all(|c| has(Fact::off(c, v))),
                            };
                            assert!(ends, "{assumption:?} {why:?}: {proof:?}");
                            continue;
                        }
                        let reached: Vec<IndexFact> = branching
                            .reached_indices()
                            .map(|i| IndexFact::from_index_in(usize::from(i), 9))
                            .collect();
                        for &fact in &reached {
                            let (proof, _) = branching.proof(Some(fact));
                            assert_eq!(proof.last().map(|i| i.fact), Some(fact));
                            assert!(closed(&board, mode, &proof), "{fact:?}: {proof:?}");
                        }
                    }
                }
            }
        }
        assert!(contradictions > 40, "{contradictions} contradictions");
    }
}
