//! Where the branches of a forcing search end, and the deductions read off
//! them. Each branch keeps the facts it reached twice: in log order (the order
//! and positions a proof's cost is measured by) and as a bit set, so the facts
//! common to a group of branches are one AND of a few words per branch; only
//! when that is not empty are the logs walked for the positions. Every
//! branch's facts sit in one shared list (no allocation per branch).

use std::ops::Range;

use super::super::implication::{Branching, FACTS, Fact, Mode, cells_in};
use crate::engine::board::Board;
use crate::engine::types::{Cell, Digit, SIZE, Unit};

/// Words in a [`FactSet`].
const WORDS: usize = FACTS.div_ceil(64);

/// No branch was run for this assumption.
const NOT_RUN: u32 = u32::MAX;

/// A set of facts, one bit per [`Fact::index`].
#[derive(Clone, Copy, PartialEq, Eq)]
struct FactSet([u64; WORDS]);

impl FactSet {
    const EMPTY: FactSet = FactSet([0; WORDS]);

    fn insert(&mut self, index: u16) {
        self.0[usize::from(index) / 64] |= 1 << (index % 64);
    }

    fn contains(&self, index: u16) -> bool {
        self.0[usize::from(index) / 64] >> (index % 64) & 1 == 1
    }

    fn keep_common(&mut self, other: &FactSet) {
        for (word, theirs) in self.0.iter_mut().zip(other.0) {
            *word &= theirs;
        }
    }
}

/// Where one branch ended.
struct End {
    conflict: bool,
    /// Its facts after the assumption, in log order, in [`Outcomes::facts`]
    /// (empty when it ended in a contradiction).
    facts: Range<u32>,
    reached: FactSet,
}

/// A branch run, for reading deductions: its index in [`Outcomes`].
#[derive(Clone, Copy)]
pub(crate) struct BranchId(u32);

/// The branches of a position's candidates assumed true (and, when asked,
/// false), each followed to its end: what chains of one mode read. The static
/// ones are shared by digit, cell and unit forcing through [`crate::engine::logic::cache`].
pub(crate) struct Outcomes {
    /// Per candidate (cell * 9 + digit), the index in `ends` of its "on" branch, or `NOT_RUN`.
    on: Vec<u32>,
    /// The same for "off" branches.
    off: Vec<u32>,
    ends: Vec<End>,
    facts: Vec<u16>,
    with_off: bool,
}

impl Outcomes {
    /// No branch run yet.
    pub(crate) fn new(with_off: bool) -> Outcomes {
        Outcomes {
            on: vec![NOT_RUN; 729],
            off: vec![NOT_RUN; 729],
            ends: Vec::new(),
            facts: Vec::with_capacity(1 << 14),
            with_off,
        }
    }

    /// The branches of every open candidate of `board` in `mode` ("off" ones too when `with_off`).
    pub(crate) fn run(board: &Board, mode: Mode, with_off: bool) -> Outcomes {
        let mut branching = Branching::new(board, mode);
        let mut outcomes = Outcomes::new(with_off);
        for cell in board.open_cells() {
            for digit in board.candidates(cell).iter() {
                outcomes.follow(Fact::on(cell, digit), &mut branching);
                if with_off {
                    outcomes.follow(Fact::off(cell, digit), &mut branching);
                }
            }
        }
        outcomes
    }

    /// Whether the "off" branches were run too.
    pub(crate) fn has_off(&self) -> bool {
        self.with_off
    }

    /// Runs the branch of `assumption` (without recording proofs) and keeps where it ended.
    pub(crate) fn follow(&mut self, assumption: Fact, branching: &mut Branching) {
        let conflict = branching.run_unrecorded(assumption);
        self.note(assumption, branching, conflict);
    }

    /// Keeps where the branch `branching` just ran from `assumption` ended.
    pub(super) fn note(&mut self, assumption: Fact, branching: &Branching, conflict: bool) {
        let start = self.facts.len() as u32;
        let mut reached = FactSet::EMPTY;
        if !conflict {
            for index in branching.reached_indices().skip(1) {
                reached.insert(index);
                self.facts.push(index);
            }
        }
        let id = self.ends.len() as u32;
        self.ends.push(End {
            conflict,
            facts: start..self.facts.len() as u32,
            reached,
        });
        let at = slot(assumption.cell, assumption.digit);
        if assumption.on {
            self.on[at] = id;
        } else {
            self.off[at] = id;
        }
    }

    /// The branch that assumed `fact`, if it was run.
    pub(crate) fn branch(&self, fact: Fact) -> Option<BranchId> {
        let at = slot(fact.cell, fact.digit);
        let id = if fact.on { self.on[at] } else { self.off[at] };
        (id != NOT_RUN).then_some(BranchId(id))
    }

    fn end(&self, id: BranchId) -> &End {
        &self.ends[id.0 as usize]
    }

    /// The facts the branch reached after its assumption, in order.
    fn facts(&self, id: BranchId) -> &[u16] {
        let range = &self.end(id).facts;
        &self.facts[range.start as usize..range.end as usize]
    }
}

/// Candidate index 0..729.
fn slot(cell: Cell, digit: Digit) -> usize {
    cell.index() * 9 + digit.index()
}

/// A deduction found, before its proof is written out.
pub(super) struct Found {
    pub(super) cost: usize,
    pub(super) assumptions: Vec<Fact>,
    /// `None`: the single assumption is false (it led to a contradiction).
    pub(super) conclusion: Option<Fact>,
    pub(super) unit: Option<Unit>,
}

/// The deductions found so far, with the buffer that sums a common fact's
/// positions (kept between groups: no allocation per group).
pub(super) struct Deductions<'a> {
    board: &'a Board,
    pub(super) found: Vec<Found>,
    /// Per fact, its summed log positions in the group being read.
    cost: Vec<u32>,
    /// Per digit, the open cells that hold it.
    holders: [u128; SIZE],
}

impl<'a> Deductions<'a> {
    pub(super) fn new(board: &'a Board) -> Deductions<'a> {
        let mut holders = [0; SIZE];
        for cell in board.open_cells() {
            for digit in board.candidates(cell).iter() {
                holders[digit.index()] |= 1u128 << cell.index();
            }
        }
        Deductions {
            board,
            found: Vec::new(),
            cost: vec![0; FACTS],
            holders,
        }
    }

    /// Whether concluding `index` would change the board.
    fn useful(&self, index: u16) -> bool {
        let fact = Fact::from_index(index as usize);
        self.board.digit(fact.cell).is_none()
            && self.board.candidates(fact.cell).contains(fact.digit)
    }

    /// An assumption whose branch ends in a contradiction is false.
    pub(super) fn contradiction(&mut self, outcomes: &Outcomes, assumed: Fact) {
        if outcomes
            .branch(assumed)
            .is_some_and(|id| outcomes.end(id).conflict)
        {
            self.found.push(Found {
                cost: 0,
                assumptions: vec![assumed],
                conclusion: None,
                unit: None,
            });
        }
    }

    /// Facts common to every branch of a group, with the summed log positions,
    /// in the order the first branch reached them.
    pub(super) fn common(
        &mut self,
        outcomes: &Outcomes,
        group: &[(Fact, BranchId)],
        unit: Option<Unit>,
    ) {
        if group.len() < 2 || group.iter().any(|&(_, id)| outcomes.end(id).conflict) {
            return;
        }
        let mut both = outcomes.end(group[0].1).reached;
        for &(_, id) in &group[1..] {
            both.keep_common(&outcomes.end(id).reached);
        }
        if both == FactSet::EMPTY {
            return;
        }
        for &(_, id) in group {
            for (i, &f) in outcomes.facts(id).iter().enumerate() {
                if both.contains(f) {
                    self.cost[usize::from(f)] += i as u32 + 1;
                }
            }
        }
        for &f in outcomes.facts(group[0].1) {
            if both.contains(f) {
                let cost = std::mem::take(&mut self.cost[usize::from(f)]) as usize;
                if self.useful(f) {
                    self.found.push(Found {
                        cost,
                        assumptions: group.iter().map(|(a, _)| *a).collect(),
                        conclusion: Some(Fact::from_index(f as usize)),
                        unit,
                    });
                }
            }
        }
    }

    /// Digit forcing on one candidate: its assumption or its absence ends in
    /// a contradiction, or both imply the same fact.
    pub(super) fn digit(&mut self, outcomes: &Outcomes, cell: Cell, digit: Digit) {
        let (yes, no) = (Fact::on(cell, digit), Fact::off(cell, digit));
        self.contradiction(outcomes, yes);
        self.contradiction(outcomes, no);
        if let (Some(a), Some(b)) = (outcomes.branch(yes), outcomes.branch(no)) {
            self.common(outcomes, &[(yes, a), (no, b)], None);
        }
    }

    /// Cell forcing on `cell`: a fact every candidate of the cell implies.
    pub(super) fn cell(&mut self, outcomes: &Outcomes, cell: Cell) {
        let mut group = [(Fact::on(cell, Digit::new(1)), BranchId(0)); SIZE];
        let mut n = 0;
        for digit in self.board.candidates(cell).iter() {
            let fact = Fact::on(cell, digit);
            if let Some(id) = outcomes.branch(fact) {
                group[n] = (fact, id);
                n += 1;
            }
        }
        self.common(outcomes, &group[..n], None);
    }

    /// Unit forcing: a fact every place of a digit in a unit implies.
    pub(super) fn units(&mut self, outcomes: &Outcomes) {
        let mut group = [(Fact::on(Cell::new(0), Digit::new(1)), BranchId(0)); SIZE];
        for unit in Unit::all() {
            let cells = crate::engine::types::GEOMETRY.unit_masks[unit.index()];
            for digit in Digit::all() {
                let mut n = 0;
                for cell in cells_in(self.holders[digit.index()] & cells) {
                    let fact = Fact::on(cell, digit);
                    if let Some(id) = outcomes.branch(fact) {
                        group[n] = (fact, id);
                        n += 1;
                    }
                }
                if n >= 2 {
                    self.common(outcomes, &group[..n], Some(unit));
                }
            }
        }
    }
}
