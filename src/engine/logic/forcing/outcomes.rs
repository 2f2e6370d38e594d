//! Where the branches of a forcing search end, and the deductions read off
//! them. Each branch keeps the facts it reached twice: in log order (the order
//! and positions a proof's cost is measured by) and as a bit set, so the facts
//! common to a group of branches are one AND of a few words per branch; only
//! when that is not empty are the logs walked for the positions. Every
//! branch's facts sit in one shared list (no allocation per branch); a set on
//! the heap is shared by the ends that take it from an earlier position
//! ([`super::super::implication::FactWords`]).

use std::ops::Range;

use super::super::implication::{BranchHost, Branching, CellSet, FactBits, IndexFact, Mode};

/// No branch was run for this assumption.
const NOT_RUN: u32 = u32::MAX;

/// Where one branch ended.
struct End<F> {
    conflict: bool,
    /// How many implications its contradiction rests on (0 without one):
    /// the cost of the deduction that its assumption is false.
    conflict_size: u32,
    /// Its facts after the assumption, in log order, in [`Outcomes::facts`]
    /// (empty when it ended in a contradiction).
    facts: Range<u32>,
    reached: F,
}

/// A branch run, for reading deductions: its index in [`Outcomes`].
#[derive(Clone, Copy)]
pub(crate) struct BranchId(u32);

impl BranchId {
    /// Branches are numbered in the order they were kept, from 0.
    pub(crate) fn index(self) -> usize {
        self.0 as usize
    }
}

/// The branches of a position's candidates assumed true (and, when asked,
/// false), each followed to its end: what chains of one mode read. The static
/// ones are shared by digit, cell and unit forcing through [`crate::engine::logic::cache`].
pub(crate) struct Outcomes<F> {
    /// The board's values per unit.
    side: usize,
    /// Per candidate (cell * side + value - 1), the index in `ends` of its "on" branch, or `NOT_RUN`.
    on: Vec<u32>,
    /// The same for "off" branches.
    off: Vec<u32>,
    ends: Vec<End<F>>,
    facts: Vec<u16>,
    with_off: bool,
}

/// The outcomes of branches run on a board of type `H`.
pub(crate) type OutcomesOf<H> = Outcomes<<H as BranchHost>::Facts>;

impl<F: FactBits> Outcomes<F> {
    /// No branch run yet, on `board`. Its lists are sized for every branch
    /// [`Outcomes::run`] would keep: grown one push at a time, the copies of
    /// a few hundred ends (each with its fact set) cost more than the growth.
    pub(crate) fn new<H: BranchHost<Facts = F>>(board: &H, with_off: bool) -> Outcomes<F> {
        Outcomes::with_room(board, with_off, 1)
    }

    /// [`Outcomes::new`] with room for the branches of `positions` such
    /// positions (see [`Outcomes::carry`]).
    pub(crate) fn with_room<H: BranchHost<Facts = F>>(
        board: &H,
        with_off: bool,
        positions: usize,
    ) -> Outcomes<F> {
        let candidates = board.cell_count() * board.side();
        let branches = branch_count(board, with_off) * positions;
        Outcomes {
            side: board.side(),
            on: vec![NOT_RUN; candidates],
            off: vec![NOT_RUN; candidates],
            ends: Vec::with_capacity(branches),
            facts: Vec::with_capacity((branches * FACTS_PER_BRANCH).max(1 << 12)),
            with_off,
        }
    }

    /// No branch run yet, on `board`, a later position of the same solve,
    /// with this one's ends moved over: a branch that runs the same there is
    /// filed under its id here ([`Outcomes::file_carried`]), not copied.
    /// `self` keeps only its filing (which branch each assumption had).
    /// `None`, and nothing moved, unless the storage has room for all of the
    /// new position's branches (grown, it would be copied whole; and the
    /// ends no position files any more are dropped when the branches taken
    /// are copied, as [`Outcomes::reuse`] does, into new storage).
    pub(crate) fn carry<H: BranchHost<Facts = F>>(
        &mut self,
        board: &H,
        with_off: bool,
    ) -> Option<Outcomes<F>> {
        let branches = branch_count(board, with_off);
        if self.ends.capacity() - self.ends.len() < branches {
            return None;
        }
        let candidates = board.cell_count() * board.side();
        Some(Outcomes {
            side: board.side(),
            on: vec![NOT_RUN; candidates],
            off: vec![NOT_RUN; candidates],
            ends: std::mem::take(&mut self.ends),
            facts: std::mem::take(&mut self.facts),
            with_off,
        })
    }

    /// How many ends the outcomes hold (this position's and, carried, earlier ones').
    pub(crate) fn end_count(&self) -> usize {
        self.ends.len()
    }

    /// Files, as `assumption`'s branch, branch `id` kept here (carried from
    /// an earlier position by [`Outcomes::carry`], and running the same).
    pub(crate) fn file_carried(&mut self, assumption: IndexFact, id: BranchId) {
        self.file(assumption, id.0);
    }

    /// The branches of every open candidate of `board` in `mode` ("off" ones too when `with_off`).
    pub(crate) fn run<H: BranchHost<Facts = F>>(
        board: &H,
        mode: Mode,
        with_off: bool,
    ) -> Outcomes<F> {
        Outcomes::run_each(board, mode, with_off, |outcomes, assumption, branching| {
            outcomes.follow(assumption, branching)
        })
    }

    /// [`Outcomes::run`], where `branch(outcomes, assumption, branching)`
    /// keeps each assumption's end, in the same order (by following it with
    /// `branching`, or by taking it from branches run earlier).
    pub(crate) fn run_each<H: BranchHost<Facts = F>>(
        board: &H,
        mode: Mode,
        with_off: bool,
        branch: impl FnMut(&mut Outcomes<F>, IndexFact, &mut Branching<H>),
    ) -> Outcomes<F> {
        Outcomes::new(board, with_off).run_on(board, mode, branch)
    }

    /// [`Outcomes::run_each`] into these outcomes (none filed yet).
    pub(crate) fn run_on<H: BranchHost<Facts = F>>(
        mut self,
        board: &H,
        mode: Mode,
        mut branch: impl FnMut(&mut Outcomes<F>, IndexFact, &mut Branching<H>),
    ) -> Outcomes<F> {
        let with_off = self.with_off;
        let outcomes = &mut self;
        let mut branching = Branching::new(board, mode);
        for cell in 0..board.cell_count() {
            for value in values_of(board.open_candidates(cell)) {
                branch(outcomes, IndexFact::on(cell, value), &mut branching);
                if with_off {
                    branch(outcomes, IndexFact::off(cell, value), &mut branching);
                }
            }
        }
        self
    }

    /// Keeps, as the end of `assumption`'s branch, the end of branch `id` of
    /// `earlier` (a branch that runs the same on this board).
    pub(crate) fn reuse(&mut self, assumption: IndexFact, earlier: &Outcomes<F>, id: BranchId) {
        let start = self.facts.len() as u32;
        self.facts.extend_from_slice(earlier.facts(id));
        let end = earlier.end(id);
        // Pushed whole (through `keep`, the fact set was copied twice).
        let id = self.ends.len() as u32;
        self.ends.push(End {
            conflict: end.conflict,
            conflict_size: end.conflict_size,
            facts: start..self.facts.len() as u32,
            reached: end.reached.clone(),
        });
        self.file(assumption, id);
    }

    /// Whether the "off" branches were run too.
    pub(crate) fn has_off(&self) -> bool {
        self.with_off
    }

    /// Runs the branch of `assumption` and keeps where it ended.
    pub(crate) fn follow<H: BranchHost<Facts = F>>(
        &mut self,
        assumption: IndexFact,
        branching: &mut Branching<H>,
    ) {
        let conflict = branching.run_unrecorded(assumption);
        self.note(assumption, branching, conflict);
    }

    /// Keeps where the branch `branching` just ran from `assumption` ended.
    pub(super) fn note<H: BranchHost<Facts = F>>(
        &mut self,
        assumption: IndexFact,
        branching: &Branching<H>,
        conflict: bool,
    ) {
        let start = self.facts.len() as u32;
        if !conflict {
            self.facts.extend(branching.reached_indices().skip(1));
        }
        let conflict = conflict.then(|| branching.contradiction_size() as u32);
        // The fact set is filled where it is kept: an end is a few hundred
        // bytes, built aside it was copied once more per branch.
        self.keep(assumption, start, conflict, F::empty(self.on.len() * 2));
        let Some(end) = self.ends.last_mut() else {
            return;
        };
        let facts = self.facts[start as usize..].iter();
        end.reached
            .insert_all(facts.map(|&index| usize::from(index)));
    }

    /// Files the end of `assumption`'s branch, its facts in `self.facts` from
    /// `start` on, `conflict` the size of its contradiction's proof if it has one.
    fn keep(&mut self, assumption: IndexFact, start: u32, conflict: Option<u32>, reached: F) {
        let id = self.ends.len() as u32;
        self.ends.push(End {
            conflict: conflict.is_some(),
            conflict_size: conflict.unwrap_or(0),
            facts: start..self.facts.len() as u32,
            reached,
        });
        self.file(assumption, id);
    }

    /// Files branch `id` as `assumption`'s.
    fn file(&mut self, assumption: IndexFact, id: u32) {
        let at = self.slot(assumption);
        if assumption.on {
            self.on[at] = id;
        } else {
            self.off[at] = id;
        }
    }

    /// Whether branch `id` ended as `branching`'s last run did (`conflict`
    /// its outcome): a check that a branch taken from an earlier position
    /// runs the same here.
    pub(crate) fn ended_as<H: BranchHost<Facts = F>>(
        &self,
        id: BranchId,
        branching: &Branching<H>,
        conflict: bool,
    ) -> bool {
        let end = self.end(id);
        end.conflict == conflict
            && end.conflict_size as usize == branching.contradiction_size()
            && (conflict
                || branching
                    .reached_indices()
                    .skip(1)
                    .eq(self.facts(id).iter().copied()))
    }

    /// Whether branch `id` here ended as branch `theirs` of `other` did
    /// (contradiction, its size, facts in order and as a set).
    #[cfg(test)]
    pub(crate) fn same_end(&self, id: BranchId, other: &Outcomes<F>, theirs: BranchId) -> bool {
        let (a, b) = (self.end(id), other.end(theirs));
        a.conflict == b.conflict
            && a.conflict_size == b.conflict_size
            && a.reached == b.reached
            && self.facts(id) == other.facts(theirs)
    }

    /// Candidate index of a fact.
    fn slot(&self, fact: IndexFact) -> usize {
        fact.cell * self.side + usize::from(fact.digit) - 1
    }

    /// The branch that assumed `fact`, if it was run.
    pub(crate) fn branch(&self, fact: IndexFact) -> Option<BranchId> {
        let at = self.slot(fact);
        let id = if fact.on { self.on[at] } else { self.off[at] };
        (id != NOT_RUN).then_some(BranchId(id))
    }

    fn end(&self, id: BranchId) -> &End<F> {
        &self.ends[id.0 as usize]
    }

    /// The facts branch `id` reached, as a set.
    fn reached(&self, id: BranchId) -> &F {
        &self.end(id).reached
    }

    /// The facts the branch reached after its assumption, in order.
    fn facts(&self, id: BranchId) -> &[u16] {
        let range = &self.end(id).facts;
        &self.facts[range.start as usize..range.end as usize]
    }
}

/// About how many facts a branch reaches past its assumption (~33 on
/// average over the first 300 top1465 puzzles): the facts list's first size.
const FACTS_PER_BRANCH: usize = 32;

/// How many branches [`Outcomes::run`] follows on `board`: one per open
/// candidate assumed true, and as many assumed false when `with_off`.
pub(crate) fn branch_count<H: BranchHost>(board: &H, with_off: bool) -> usize {
    let on: usize = (0..board.cell_count())
        .map(|cell| board.open_candidates(cell).count_ones() as usize)
        .sum();
    if with_off { 2 * on } else { on }
}

/// The values of a mask, ascending.
fn values_of(mask: crate::engine::geometry::ValueMask) -> impl Iterator<Item = u8> {
    crate::engine::logic::candidate_board::values_of(mask)
}

/// A deduction found, before its proof is written out.
pub(super) struct Found {
    pub(super) cost: usize,
    pub(super) assumptions: Vec<IndexFact>,
    /// `None`: the single assumption is false (it led to a contradiction).
    pub(super) conclusion: Option<IndexFact>,
    pub(super) unit: Option<usize>,
}

/// The deductions found so far, with the buffer that sums a common fact's
/// positions (kept between groups: no allocation per group).
pub(super) struct Deductions<'a, H: BranchHost> {
    board: &'a H,
    pub(super) found: Vec<Found>,
    /// Per fact, its summed log positions in the group being read.
    cost: Vec<u32>,
    /// Per value, the open cells that hold it.
    holders: H::PerValue,
    /// The group being read (kept: no allocation per group).
    group: Vec<(IndexFact, BranchId)>,
    /// The facts common to the group's branches (kept: on a shaped board
    /// a fact set is a `Vec`, allocated once here instead of per group).
    both: H::Facts,
}

impl<'a, H: BranchHost> Deductions<'a, H> {
    pub(super) fn new(board: &'a H) -> Deductions<'a, H> {
        let mut holders = board.per_value();
        for cell in 0..board.cell_count() {
            for value in values_of(board.open_candidates(cell)) {
                let h = &mut holders.as_mut()[usize::from(value) - 1];
                *h = h.with(cell);
            }
        }
        Deductions {
            board,
            found: Vec::new(),
            cost: vec![0; board.cell_count() * board.side() * 2],
            holders,
            group: Vec::new(),
            both: H::Facts::empty(board.cell_count() * board.side() * 2),
        }
    }

    /// Whether concluding `index` would change `board`.
    fn useful(board: &H, index: u16) -> bool {
        let fact = IndexFact::from_index_in(usize::from(index), board.side());
        board.open_candidates(fact.cell) >> (fact.digit - 1) & 1 == 1
    }

    /// An assumption whose branch ends in a contradiction is false (at the
    /// cost of the contradiction's proof).
    pub(super) fn contradiction(&mut self, outcomes: &OutcomesOf<H>, assumed: IndexFact) {
        if let Some(end) = outcomes.branch(assumed).map(|id| outcomes.end(id))
            && end.conflict
        {
            self.found.push(Found {
                cost: end.conflict_size as usize,
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
        outcomes: &OutcomesOf<H>,
        group: &[(IndexFact, BranchId)],
        unit: Option<usize>,
    ) {
        if group.len() < 2 || group.iter().any(|&(_, id)| outcomes.end(id).conflict) {
            return;
        }
        // The first two sets ANDed as the copy is made (one pass less); a
        // set on the heap into the kept one, a fixed array where it is used.
        let (first, second) = (outcomes.reached(group[0].1), outcomes.reached(group[1].1));
        let mut local;
        let both = if H::Facts::IN_PLACE {
            self.both.set_common_of(first, second);
            &mut self.both
        } else {
            local = H::Facts::common_of(first, second);
            &mut local
        };
        for &(_, id) in &group[2..] {
            both.keep_common(outcomes.reached(id));
        }
        if both.is_empty() {
            return;
        }
        let both = &*both;
        for &(_, id) in group {
            for (i, &f) in outcomes.facts(id).iter().enumerate() {
                if both.contains(usize::from(f)) {
                    self.cost[usize::from(f)] += i as u32 + 1;
                }
            }
        }
        for &f in outcomes.facts(group[0].1) {
            if both.contains(usize::from(f)) {
                let cost = std::mem::take(&mut self.cost[usize::from(f)]) as usize;
                if Self::useful(self.board, f) {
                    self.found.push(Found {
                        cost,
                        assumptions: group.iter().map(|(a, _)| *a).collect(),
                        conclusion: Some(IndexFact::from_index_in(
                            usize::from(f),
                            self.board.side(),
                        )),
                        unit,
                    });
                }
            }
        }
    }

    /// Digit forcing on one candidate: its assumption or its absence ends in
    /// a contradiction, or both imply the same fact.
    pub(super) fn digit(&mut self, outcomes: &OutcomesOf<H>, cell: usize, value: u8) {
        let (yes, no) = (IndexFact::on(cell, value), IndexFact::off(cell, value));
        self.contradiction(outcomes, yes);
        self.contradiction(outcomes, no);
        if let (Some(a), Some(b)) = (outcomes.branch(yes), outcomes.branch(no)) {
            self.common(outcomes, &[(yes, a), (no, b)], None);
        }
    }

    /// Cell forcing on `cell`: a fact every candidate of the cell implies.
    pub(super) fn cell(&mut self, outcomes: &OutcomesOf<H>, cell: usize) {
        let mut group = std::mem::take(&mut self.group);
        group.clear();
        for value in values_of(self.board.open_candidates(cell)) {
            let fact = IndexFact::on(cell, value);
            if let Some(id) = outcomes.branch(fact) {
                group.push((fact, id));
            }
        }
        self.common(outcomes, &group, None);
        self.group = group;
    }

    /// Unit forcing: a fact every place of a value in a unit implies.
    pub(super) fn units(&mut self, outcomes: &OutcomesOf<H>) {
        let mut group = std::mem::take(&mut self.group);
        for unit in 0..self.board.unit_count() {
            let cells = self.board.unit_set(unit);
            for value in 1..=self.board.side() as u8 {
                group.clear();
                let holders = self.holders.as_ref()[usize::from(value) - 1];
                for cell in holders.and(&cells).cells() {
                    let fact = IndexFact::on(cell, value);
                    if let Some(id) = outcomes.branch(fact) {
                        group.push((fact, id));
                    }
                }
                if group.len() >= 2 {
                    self.common(outcomes, &group, Some(unit));
                }
            }
        }
        self.group = group;
    }
}
