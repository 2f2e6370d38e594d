//! Implications: what follows on a board from assuming one candidate true or
//! false, each implication recorded with its cause and the earlier implications
//! it rests on, so that a forcing chain's proof can be read back in order.
//!
//! Three modes, from chains to nets: [`Mode::Static`] follows only the links
//! the position itself has (a bivalue cell, a digit with two places in a unit),
//! so every implication rests on exactly one earlier one and the result is a
//! chain; [`Mode::Dynamic`] reads the branch's own board as it changes (a cell or
//! unit emptied by several earlier implications), which makes nets; and
//! [`Mode::Net`] also applies simpler techniques inside the branch when the
//! singles run dry, as Sudoku Explainer's "Dynamic Forcing Chains (+)" do.

mod board;
mod fact;
mod host;
mod links;
mod proof;

use board::BranchBoard;
pub use fact::{Cause, Conflict, Fact, Implication, IndexConflict, IndexFact, IndexImplication};
pub(crate) use host::{BranchHost, BranchStep, CellSet, FactBits, FactWords};
pub use proof::Record;
use proof::{Ancestry, Entry};

use super::technique::Technique;
use crate::engine::geometry::ValueMask;
use crate::engine::types::{CELLS, SIZE};

/// How many distinct facts the classic board has: each candidate true or false.
pub const FACTS: usize = CELLS * SIZE * 2;

/// No implication (an empty slot).
const NONE: u16 = u16::MAX;

/// A cap on a run's log, so a branch always ends.
const LIMIT: usize = 4000;

/// How far the implications reach.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mode {
    /// Only the links of the starting position: chains.
    Static,
    /// Links read from the branch's changing board: nets.
    Dynamic,
    /// Dynamic, plus these techniques when the singles run dry.
    Net(&'static [Technique]),
}

/// Propagates one assumption at a time on a copy of a board, keeping a log.
pub struct Branching<'a, H: BranchHost> {
    origin: &'a H,
    /// The starting position as masks.
    start: BranchBoard<H>,
    mode: Mode,
    /// The branch's position as it changes.
    board: BranchBoard<H>,
    /// The log of the last run.
    record: Record,
    /// For each fact, its position in the log, or `NONE`: filled at the end
    /// of a run that ended in a contradiction (its proof), was recorded
    /// (its proofs) or was cut at its limit (rare), since most runs of a
    /// search need none of it.
    slot: Vec<u16>,
    /// Whether `slot` holds the last run's log.
    slotted: bool,
    /// The log length at which the run stops: [`LIMIT`], or 0 once it
    /// reached a contradiction (so the processing loop tests one bound for both).
    stop_at: usize,
    /// Whether the run keeps what a technique's effects rest on (for a
    /// net's proofs; the other implications' parents are read back from the log).
    recording: bool,
    /// How many implications the last run's contradiction rests on (0 without one).
    contradiction_size: usize,
    /// Scratch for [`Ancestry::contradiction_size`]: kept, no allocation per branch.
    needed: Vec<bool>,
    stack: Vec<u16>,
    /// The facts the last run logged, as cell sets: per value, the cells
    /// where it is known "off" (`[0]`) and "on" (`[1]`). What is known is
    /// asked of every implication found (most are known already), and a
    /// cell's or unit's peers are masked by it before they are walked.
    known: [H::PerValue; 2],
    /// Per value, the cells of the last run's facts processed on a cell
    /// the run had placed already: such a fact reads nothing but that the
    /// cell is closed (see [`Branching::logged_and_struck`]). A "same cell"
    /// fact is marked as it is logged, and not processed at all; one logged
    /// after the run's end is also among the unprocessed, so the mark reads
    /// the same.
    closed: H::PerValue,
    /// How many of the last run's facts were processed (the rest were
    /// logged after its contradiction or at its limit): what it read of the
    /// board is read back from them ([`Branching::logged_and_struck`]).
    processed: usize,
    /// Whether the last run applied a technique (which reads every cell).
    read_all: bool,
    /// The techniques' finder inside branches (nets only), carried from one
    /// branch to the next: on the classic board, what its recall keeps is true
    /// of any board (see [`super::recall`]), so a fish skips a digit whose
    /// pattern it found nothing on in an earlier branch.
    finder: H::Finder,
}

impl<'a, H: BranchHost> Branching<'a, H> {
    pub fn new(origin: &'a H, mode: Mode) -> Branching<'a, H> {
        let start = BranchBoard::new(origin);
        let facts = origin.cell_count() * origin.side() * 2;
        // Room for most branches' logs at once, not grown by doubling over
        // the first branches of each board.
        let mut record = Record::default();
        record.log.reserve(512);
        Branching {
            origin,
            board: start.clone(),
            start,
            mode,
            record,
            slot: vec![NONE; facts],
            slotted: false,
            stop_at: LIMIT,
            recording: true,
            contradiction_size: 0,
            needed: Vec::new(),
            stack: Vec::new(),
            known: [origin.per_value(), origin.per_value()],
            closed: origin.per_value(),
            processed: 0,
            read_all: false,
            finder: origin.finder(),
        }
    }

    /// The dense index of `fact` on this board.
    #[inline]
    fn index(&self, fact: IndexFact) -> usize {
        fact.index_in(self.origin.side())
    }

    /// Runs the branch that starts from `assumption`; returns whether it ends in a contradiction.
    pub fn run(&mut self, assumption: IndexFact) -> bool {
        self.recording = true;
        self.follow(assumption)
    }

    /// [`Branching::run`] without keeping what a technique applied inside the
    /// branch rests on: the same facts in the same order, and the same proofs
    /// unless the branch applied a technique (a net's proofs need a recorded run).
    pub fn run_unrecorded(&mut self, assumption: IndexFact) -> bool {
        self.recording = false;
        self.follow(assumption)
    }

    fn follow(&mut self, assumption: IndexFact) -> bool {
        if std::mem::take(&mut self.slotted) {
            // A slice borrowed apart from `self`: the slot table's address and
            // length stay in registers (through the `Vec` they were read again
            // after each store).
            let slot = self.slot.as_mut_slice();
            for entry in &self.record.log {
                slot[usize::from(entry.index)] = NONE;
            }
        }
        self.record.clear();
        self.stop_at = LIMIT;
        self.board.clone_from(&self.start);
        // One loop per set list: a list's length is known here, so each is a
        // row of stores (one iterator over the three was a loop per cell set).
        let [off, on] = &mut self.known;
        for sets in [off, on, &mut self.closed] {
            for set in sets.as_mut() {
                *set = H::Cells::empty();
            }
        }
        self.read_all = false;
        self.add(assumption, Cause::Assumed, NONE);
        let mut next = 0;
        loop {
            while next < self.record.log.len() && self.record.log.len() < self.stop_at {
                match self.record.log[next].cause {
                    // A cell's other values, logged as an "on" fact placed it:
                    // processed, each reads only that the cell is closed, which
                    // was marked as it was logged (a fifth of all facts).
                    Cause::SameCell => next += 1,
                    // Most "off" facts: peers of a placed cell, in runs.
                    Cause::Peer(_) if self.mode != Mode::Static => {
                        next = self.follow_peer_run(next);
                    }
                    _ => {
                        self.process(next);
                        next += 1;
                    }
                }
            }
            if self.record.log.len() >= self.stop_at {
                break;
            }
            let Mode::Net(techniques) = self.mode else {
                break;
            };
            if !self.apply_technique(techniques) {
                break;
            }
        }
        self.processed = next;
        if self.record.conflict.is_some() || self.recording || next < self.record.log.len() {
            let slot = self.slot.as_mut_slice();
            for (at, entry) in self.record.log.iter().enumerate() {
                slot[usize::from(entry.index)] = at as u16;
            }
            self.slotted = true;
        }
        let (mut needed, mut stack) = (
            std::mem::take(&mut self.needed),
            std::mem::take(&mut self.stack),
        );
        self.contradiction_size = self
            .ancestry(&self.record, &self.slot)
            .contradiction_size(&mut needed, &mut stack);
        (self.needed, self.stack) = (needed, stack);
        self.record.conflict.is_some()
    }

    /// How proofs of `record` (run on this board, `slot` its facts' log
    /// positions) are read back.
    fn ancestry<'r>(&'r self, record: &'r Record, slot: &'r [u16]) -> Ancestry<'r, H> {
        Ancestry {
            origin: self.origin,
            start: &self.start,
            dynamic: self.mode != Mode::Static,
            record,
            slot,
        }
    }

    /// The index of each fact the last run reached ([`IndexFact::index_in`]),
    /// in order (the assumption first).
    pub fn reached_indices(&self) -> impl Iterator<Item = u16> + '_ {
        self.record.log.iter().map(|e| e.index)
    }

    /// What the reuse across positions reads of the last run (see
    /// [`super::forcing`]'s reuse, which the shaped ladder's follows): per value, the cells of every fact
    /// about it the run logged, "on" or "off" (`logged`), and the cells of
    /// the "off" facts about it it processed on a cell still open (`struck`:
    /// those counted the cell's candidates and the value's places in the
    /// cell's units). `None` when it applied a technique.
    pub(crate) fn logged_and_struck(&self) -> Option<(H::PerValue, H::PerValue)> {
        if self.read_all {
            return None;
        }
        let [off, on] = &self.known;
        let mut logged = off.clone();
        let mut struck = off.clone();
        for (((logged, struck), on), closed) in logged
            .as_mut()
            .iter_mut()
            .zip(struck.as_mut())
            .zip(on.as_ref())
            .zip(self.closed.as_ref())
        {
            *logged = logged.or(on);
            *struck = struck.and_not(closed);
        }
        for entry in &self.record.log[self.processed..] {
            let fact = entry.fact();
            if !fact.on {
                let set = &mut struck.as_mut()[usize::from(fact.digit) - 1];
                *set = set.without(fact.cell);
            }
        }
        Some((logged, struck))
    }

    /// The contradiction the last run reached, if any.
    pub fn contradiction(&self) -> Option<IndexConflict> {
        self.record.contradiction()
    }

    /// How many implications the last run's contradiction rests on (its
    /// proof's length; 0 without a contradiction).
    pub fn contradiction_size(&self) -> usize {
        self.contradiction_size
    }

    /// What the last run shows: the implications `conclusion` rests on,
    /// itself last (none when the run did not reach it), or those its
    /// contradiction rests on, with the contradiction, when `None`.
    pub fn proof(
        &self,
        conclusion: Option<IndexFact>,
    ) -> (Vec<IndexImplication>, Option<IndexConflict>) {
        self.proof_in(&self.record, &self.slot, conclusion)
    }

    /// [`Branching::proof`] of a run kept earlier on this board ([`Branching::keep`]).
    pub fn proof_of_kept(
        &self,
        record: &Record,
        conclusion: Option<IndexFact>,
    ) -> (Vec<IndexImplication>, Option<IndexConflict>) {
        let mut slot = vec![NONE; self.slot.len()];
        for (at, entry) in record.log.iter().enumerate() {
            slot[usize::from(entry.index)] = at as u16;
        }
        self.proof_in(record, &slot, conclusion)
    }

    fn proof_in(
        &self,
        record: &Record,
        slot: &[u16],
        conclusion: Option<IndexFact>,
    ) -> (Vec<IndexImplication>, Option<IndexConflict>) {
        let ancestry = self.ancestry(record, slot);
        match conclusion {
            None => (ancestry.proof(None), record.contradiction()),
            Some(fact) => match slot[self.index(fact)] {
                NONE => (Vec::new(), None),
                at => (ancestry.proof(Some(&[at])), None),
            },
        }
    }

    /// The last run's log, to read its proofs after other runs (it must have been recorded).
    pub fn keep(&self) -> Record {
        self.record.clone()
    }

    /// Whether `fact` needs no logging: known already, or the branch is over.
    #[inline(always)]
    fn is_known(&self, fact: IndexFact) -> bool {
        self.record.conflict.is_some() || self.known_as(fact.on, fact.digit).has(fact.cell)
    }

    /// The cells where `value` is known `on` (or "off").
    #[inline]
    fn known_as(&self, on: bool, value: u8) -> H::Cells {
        self.known[usize::from(on)].as_ref()[usize::from(value) - 1]
    }

    /// Logs `fact`, found while processing the fact at `from`, unless known;
    /// a fact whose opposite is known is a contradiction.
    #[inline(always)]
    fn add(&mut self, fact: IndexFact, cause: Cause<u16>, from: u16) {
        if self.is_known(fact) {
            return;
        }
        self.log(fact, cause, from);
    }

    /// Logs `fact` (not known), found while processing the fact at `from`
    /// (for a technique's effect: its step's number in [`Record`]'s steps).
    #[inline(always)]
    fn log(&mut self, fact: IndexFact, cause: Cause<u16>, from: u16) {
        self.push(fact, cause, from);
        let (cell, value) = (fact.cell, usize::from(fact.digit) - 1);
        let known = &mut self.known[usize::from(fact.on)].as_mut()[value];
        *known = known.with(cell);
        if self.known_as(!fact.on, fact.digit).has(cell) {
            self.contradict(Conflict::Both(fact));
        }
    }

    /// Ends the run in `conflict`.
    #[inline(always)]
    fn contradict(&mut self, conflict: IndexConflict) {
        self.record.conflict = Some(conflict);
        self.stop_at = 0;
    }

    /// Appends `fact` to the log (what is known is the caller's to update).
    #[inline(always)]
    fn push(&mut self, fact: IndexFact, cause: Cause<u16>, from: u16) {
        let index = self.index(fact) as u16;
        self.record.log.push(Entry::new(fact, index, from, cause));
    }

    fn process(&mut self, at: usize) {
        let entry = self.record.log[at];
        let fact = entry.fact();
        let here = at as u16;
        let (cell, value) = (fact.cell, fact.digit);
        let origin = self.origin;
        // What this reads of the board is read back from the log ([`Branching::logged_and_struck`]).
        if !self.board.is_open(cell) {
            // Facts name only cells open at the start: this one was placed
            // by an "on" fact processed earlier, whose reads cover it.
            let closed = &mut self.closed.as_mut()[usize::from(value) - 1];
            *closed = closed.with(cell);
            return;
        }
        if fact.on {
            let others = self.board.candidates(cell) & !(1 << (value - 1));
            for other in values_of(others) {
                let fact = Fact::off(cell, other);
                if self.is_known(fact) {
                    continue;
                }
                self.log(fact, Cause::SameCell, here);
                // Placed below: when processed, this fact is not followed.
                let closed = &mut self.closed.as_mut()[usize::from(other) - 1];
                *closed = closed.with(cell);
            }
            // A peer in two of the cell's units is named once, by the first;
            // peers known "off" already are skipped (as `add` would).
            let mut others = self
                .board
                .holders(value)
                .and(&origin.peer_set(cell))
                .and_not(&self.known_as(false, value));
            // Unless a peer is known "on" (a contradiction), they are all
            // known "off" at once, and logged without asking one by one.
            let quiet = self.record.conflict.is_none()
                && others.and(&self.known_as(true, value)).is_empty();
            if quiet {
                let known = &mut self.known[0].as_mut()[usize::from(value) - 1];
                *known = known.or(&others);
            }
            for (unit, cells) in origin.unit_sets_of(cell) {
                if others.is_empty() {
                    break;
                }
                let in_unit = others.and(&cells);
                others = others.and_not(&in_unit);
                let cause = Cause::Peer(unit as u16);
                for peer in in_unit.cells() {
                    if quiet {
                        self.push(Fact::off(peer, value), cause, here);
                        continue;
                    }
                    if self.record.conflict.is_some() {
                        break;
                    }
                    self.log(Fact::off(peer, value), cause, here);
                }
            }
            self.board.place(cell, value, &origin.peer_set(cell));
            return;
        }
        // A peer of a cell an "on" fact placed lost the value as the cell was
        // placed ([`BranchBoard::place`]), and the unit it was found through
        // holds the value placed: nothing to strike, and that unit is settled.
        // (Most "off" facts are such peers.)
        let settled = match entry.cause {
            Cause::Peer(unit) => unit,
            _ => {
                self.board.strike(cell, value);
                NONE
            }
        };
        debug_assert!(!self.board.holders(value).has(cell));
        if self.mode == Mode::Static {
            self.follow_static_links(cell, value, here, settled);
        } else {
            self.follow_dynamic_links(cell, value, here, settled);
        }
    }

    /// Applies the easiest of `techniques` on the branch's board, logging its
    /// effects; returns whether it found one.
    fn apply_technique(&mut self, techniques: &[Technique]) -> bool {
        self.read_all = true;
        let Some(step) = self.origin.step_in_branch(
            &mut self.finder,
            self.board.all_candidates(),
            self.board.open(),
            techniques,
            self.recording,
        ) else {
            return false;
        };
        if !self.recording {
            return self.log_step(&step, &[]);
        }
        // The step rests on what the branch changed in the cells it looks at.
        let parents: Vec<u16> = self
            .record
            .log
            .iter()
            .enumerate()
            .filter(|(_, e)| step.looked.contains(&e.fact().cell))
            .map(|(i, _)| i as u16)
            .collect();
        self.log_step(&step, &parents)
    }

    /// Logs a technique's placements and eliminations, resting on `parents`; returns true.
    fn log_step(&mut self, step: &BranchStep, parents: &[u16]) -> bool {
        let cause = Cause::Technique(step.technique);
        let number = self.record.steps.len() as u16;
        let start = self.record.pool.len() as u32;
        self.record.pool.extend_from_slice(parents);
        self.record
            .steps
            .push((start, self.record.pool.len() as u32));
        let facts = step.placements.iter().map(|&(c, v)| Fact::on(c, v));
        for fact in facts.chain(step.eliminations.iter().map(|&(c, v)| Fact::off(c, v))) {
            self.add(fact, cause, number);
        }
        true
    }
}

/// The values of `mask`, ascending.
#[inline]
fn values_of(mask: ValueMask) -> impl Iterator<Item = u8> {
    super::candidate_board::values_of(mask)
}

/// The value of a mask holding exactly one.
#[inline]
fn only_value(mask: ValueMask) -> Option<u8> {
    super::candidate_board::only_value(mask)
}
