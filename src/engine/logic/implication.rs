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
mod proof;

use std::fmt;

pub(crate) use board::cells_in;
use board::{BranchBoard, only_cell, unit_mask};
use proof::Entry;
pub use proof::Record;

use super::path::StepFinder;
use super::step::Step;
use super::technique::Technique;
use crate::engine::board::Board;
use crate::engine::types::{CELLS, Candidates, Cell, Digit, Unit};

/// How many distinct facts a board has: each candidate true or false.
pub const FACTS: usize = CELLS * 9 * 2;

/// No implication (an empty slot).
const NONE: u16 = u16::MAX;

/// A statement about one candidate: the cell holds the digit (`on`), or not.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Fact {
    pub cell: Cell,
    pub digit: Digit,
    pub on: bool,
}

impl Fact {
    pub fn on(cell: Cell, digit: Digit) -> Fact {
        Fact {
            cell,
            digit,
            on: true,
        }
    }

    pub fn off(cell: Cell, digit: Digit) -> Fact {
        Fact {
            cell,
            digit,
            on: false,
        }
    }

    /// A dense index in `0..FACTS`.
    pub fn index(self) -> usize {
        (self.cell.index() * 9 + self.digit.index()) * 2 + usize::from(self.on)
    }

    /// The fact with this [`Fact::index`].
    pub fn from_index(index: usize) -> Fact {
        Fact {
            cell: Cell::new(index / 18),
            digit: Digit::new((index / 2 % 9) as u8 + 1),
            on: index % 2 == 1,
        }
    }

    /// The opposite statement.
    pub fn negated(self) -> Fact {
        Fact {
            on: !self.on,
            ..self
        }
    }
}

impl fmt::Display for Fact {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let verb = if self.on { "is" } else { "is not" };
        write!(f, "{} {verb} {}", self.cell, self.digit)
    }
}

/// Why an implication holds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Cause {
    /// The branch's starting assumption.
    Assumed,
    /// The cell holds another digit.
    SameCell,
    /// A cell of this unit holds the digit.
    Peer(Unit),
    /// Every other candidate of the cell is gone.
    LastCandidate,
    /// Every other place for the digit in this unit is gone.
    LastPlace(Unit),
    /// A simpler technique applied inside the branch.
    Technique(Technique),
}

impl fmt::Display for Cause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Cause::Assumed => f.write_str("assumed"),
            Cause::SameCell => f.write_str("same cell"),
            Cause::Peer(unit) => write!(f, "{unit}"),
            Cause::LastCandidate => f.write_str("last candidate"),
            Cause::LastPlace(unit) => write!(f, "last place in {unit}"),
            Cause::Technique(t) => write!(f, "{t}"),
        }
    }
}

/// One implication of a branch, as shown in a proof.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Implication {
    pub fact: Fact,
    pub cause: Cause,
}

/// Why a branch cannot be: its assumption is false.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Conflict {
    /// The branch implies both this fact and its opposite.
    Both(Fact),
    /// A cell is left without candidates.
    NoCandidates(Cell),
    /// A digit is left without a place in a unit.
    NoPlace(Digit, Unit),
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Conflict::Both(fact) => {
                write!(f, "{} would both hold {} and not", fact.cell, fact.digit)
            }
            Conflict::NoCandidates(cell) => write!(f, "{cell} would have no candidate left"),
            Conflict::NoPlace(digit, unit) => {
                write!(f, "{digit} would have no place left in {unit}")
            }
        }
    }
}

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
pub struct Branching<'a> {
    origin: &'a Board,
    /// The starting position as masks.
    start: BranchBoard,
    mode: Mode,
    /// The branch's position as it changes.
    board: BranchBoard,
    /// The log of the last run (with what each implication rests on, when recorded).
    record: Record,
    /// For each fact, its position in the log, or `NONE`.
    slot: Vec<u16>,
    /// A cap on the log, so a branch always ends.
    limit: usize,
    /// Whether the run keeps what each implication rests on (for proofs);
    /// a search runs every branch without, and only the winner's again with.
    recording: bool,
    /// The techniques' finder inside branches (nets only), carried from one
    /// branch to the next: what its recall keeps is true of any board (see
    /// [`super::recall`]), so a fish skips a digit whose pattern it found
    /// nothing on in an earlier branch.
    finder: StepFinder,
}

impl<'a> Branching<'a> {
    pub fn new(origin: &'a Board, mode: Mode) -> Branching<'a> {
        let start = BranchBoard::new(origin);
        Branching {
            origin,
            start,
            mode,
            board: start,
            record: Record::default(),
            slot: vec![NONE; FACTS],
            limit: 4000,
            recording: true,
            finder: StepFinder::new(),
        }
    }

    /// Runs the branch that starts from `assumption`; returns whether it ends in a contradiction.
    pub fn run(&mut self, assumption: Fact) -> bool {
        self.recording = true;
        self.follow(assumption)
    }

    /// [`Branching::run`] without keeping what each implication rests on: the
    /// same facts in the same order, but no proofs ([`Branching::proof_of`] and
    /// [`Branching::proof_of_contradiction`] need a recorded run).
    pub fn run_unrecorded(&mut self, assumption: Fact) -> bool {
        self.recording = false;
        self.follow(assumption)
    }

    fn follow(&mut self, assumption: Fact) -> bool {
        for entry in &self.record.log {
            self.slot[entry.fact.index()] = NONE;
        }
        self.record.clear();
        self.board = self.start;
        self.add(assumption, Cause::Assumed, &[]);
        let mut next = 0;
        loop {
            while next < self.record.log.len()
                && self.record.conflict.is_none()
                && self.record.log.len() < self.limit
            {
                self.process(next);
                next += 1;
            }
            if self.record.conflict.is_some() || self.record.log.len() >= self.limit {
                break;
            }
            let Mode::Net(techniques) = self.mode else {
                break;
            };
            if !self.apply_technique(techniques) {
                break;
            }
        }
        self.record.conflict.is_some()
    }

    /// The [`Fact::index`] of each fact the last run reached, in order (the assumption first).
    pub fn reached_indices(&self) -> impl Iterator<Item = u16> + '_ {
        self.record.log.iter().map(|e| e.fact.index() as u16)
    }

    /// The contradiction the last run reached, if any.
    pub fn contradiction(&self) -> Option<Conflict> {
        self.record.contradiction()
    }

    /// The implications `fact` rests on, itself last, in the order they were found
    /// (empty when the last run did not reach it; it must have been recorded).
    pub fn proof_of(&self, fact: Fact) -> Vec<Implication> {
        match self.slot[fact.index()] {
            NONE => Vec::new(),
            at => self.record.proof(&[at]),
        }
    }

    /// The implications the contradiction rests on, in order (the run must have been recorded).
    pub fn proof_of_contradiction(&self) -> Vec<Implication> {
        self.record.proof_of_contradiction()
    }

    /// The last run's log, to read its proofs after other runs (it must have been recorded).
    pub fn keep(&self) -> Record {
        self.record.clone()
    }

    /// Whether `fact` needs no logging: known already, or the branch is over.
    fn is_known(&self, fact: Fact) -> bool {
        self.record.conflict.is_some() || self.slot[fact.index()] != NONE
    }

    /// Logs `fact` unless known; a fact whose opposite is known is a contradiction.
    fn add(&mut self, fact: Fact, cause: Cause, parents: &[u16]) {
        if self.is_known(fact) {
            return;
        }
        let start = self.record.pool.len() as u32;
        if self.recording {
            self.record.pool.extend_from_slice(parents);
        }
        self.log_from(fact, cause, start);
    }

    /// Logs `fact` (not known) as resting on the "off" facts this branch derived
    /// for `digit` in `cells`, written straight into the pool (no list per implication).
    fn add_on_offs_in(&mut self, fact: Fact, cause: Cause, cells: u128, digit: Digit) {
        if self.is_known(fact) {
            return;
        }
        let start = self.record.pool.len() as u32;
        for c in cells_in(if self.recording { cells } else { 0 }) {
            let at = self.slot[Fact::off(c, digit).index()];
            if at != NONE {
                self.record.pool.push(at);
            }
        }
        self.log_from(fact, cause, start);
    }

    /// Logs `fact` (not known) as resting on the "off" facts this branch derived
    /// for `digits` in `cell`.
    fn add_on_offs_of(&mut self, fact: Fact, cause: Cause, cell: Cell, digits: Candidates) {
        if self.is_known(fact) {
            return;
        }
        let start = self.record.pool.len() as u32;
        let digits = if self.recording {
            digits
        } else {
            Candidates::NONE
        };
        for d in digits.iter() {
            let at = self.slot[Fact::off(cell, d).index()];
            if at != NONE {
                self.record.pool.push(at);
            }
        }
        self.log_from(fact, cause, start);
    }

    /// Logs `fact` with the parents the pool holds from `start` on.
    fn log_from(&mut self, fact: Fact, cause: Cause, start: u32) {
        let at = self.record.log.len() as u16;
        self.record.log.push(Entry {
            fact,
            cause,
            parents: (start, self.record.pool.len() as u32),
        });
        self.slot[fact.index()] = at;
        let opposite = self.slot[fact.negated().index()];
        if opposite != NONE {
            let parents = if self.recording {
                vec![opposite, at]
            } else {
                Vec::new()
            };
            self.record.conflict = Some((Conflict::Both(fact), parents));
        }
    }

    /// The log positions of the "off" facts for `digit` in `cells` (the ones this branch derived).
    fn offs_in(&self, cells: u128, digit: Digit) -> Vec<u16> {
        if !self.recording {
            return Vec::new();
        }
        cells_in(cells)
            .map(|c| self.slot[Fact::off(c, digit).index()])
            .filter(|&at| at != NONE)
            .collect()
    }

    fn process(&mut self, at: usize) {
        let Entry { fact, .. } = self.record.log[at];
        let here = [at as u16];
        let (cell, digit) = (fact.cell, fact.digit);
        if !self.board.is_open(cell) {
            return;
        }
        if fact.on {
            for other in self.board.candidates(cell).without(digit).iter() {
                self.add(Fact::off(cell, other), Cause::SameCell, &here);
            }
            // A peer in two of the cell's units is named once, by the first.
            let mut others = self.board.holders(digit) & !(1u128 << cell.index());
            for unit in cell.units() {
                let in_unit = others & unit_mask(unit);
                others &= !in_unit;
                for peer in cells_in(in_unit) {
                    self.add(Fact::off(peer, digit), Cause::Peer(unit), &here);
                }
            }
            self.board.place(cell, digit);
            return;
        }
        self.board.strike(cell, digit);
        if self.mode == Mode::Static {
            self.follow_static_links(cell, digit, at as u16);
        } else {
            self.follow_dynamic_links(cell, digit);
        }
    }

    /// Strong links of the starting position: a bivalue cell's other digit, a
    /// digit's other place in a unit where it had two.
    fn follow_static_links(&mut self, cell: Cell, digit: Digit, at: u16) {
        if let Some(other) = self.origin.candidates(cell).without(digit).only() {
            self.add(Fact::on(cell, other), Cause::LastCandidate, &[at]);
        }
        let others = self.start.holders(digit) & !(1u128 << cell.index());
        for unit in cell.units() {
            if let Some(only) = only_cell(others & unit_mask(unit)) {
                self.add(Fact::on(only, digit), Cause::LastPlace(unit), &[at]);
            }
        }
    }

    /// The branch's own board: a cell down to one candidate, a digit down to one
    /// place in a unit, or to none (a contradiction).
    fn follow_dynamic_links(&mut self, cell: Cell, digit: Digit) {
        let left = self.board.candidates(cell);
        if left.is_empty() {
            let parents: Vec<u16> = if !self.recording {
                Vec::new()
            } else {
                self.origin
                    .candidates(cell)
                    .iter()
                    .map(|d| self.slot[Fact::off(cell, d).index()])
                    .filter(|&p| p != NONE)
                    .collect()
            };
            self.record.conflict = Some((Conflict::NoCandidates(cell), parents));
            return;
        }
        if let Some(only) = left.only() {
            let others = self.origin.candidates(cell).without(only);
            self.add_on_offs_of(Fact::on(cell, only), Cause::LastCandidate, cell, others);
        }
        for unit in cell.units() {
            if self.record.conflict.is_some() {
                return;
            }
            if self.board.is_placed_in(unit, digit) {
                continue;
            }
            let cells = unit_mask(unit);
            let places = self.board.holders(digit) & cells;
            let origin_places = self.start.holders(digit) & cells;
            // Tested without counting: a u128 popcount is two software
            // popcounts on the baseline x86-64 target, on every "off" fact.
            if places == 0 {
                let parents = self.offs_in(origin_places, digit);
                self.record.conflict = Some((Conflict::NoPlace(digit, unit), parents));
            } else if let Some(only) = only_cell(places) {
                let fact = Fact::on(only, digit);
                let others = origin_places & !places;
                self.add_on_offs_in(fact, Cause::LastPlace(unit), others, digit);
            }
        }
    }

    /// Applies the easiest of `techniques` on the branch's board, logging its
    /// effects; returns whether it found one.
    fn apply_technique(&mut self, techniques: &[Technique]) -> bool {
        let board = self.board.position_from(self.origin);
        let Some(step) = self
            .finder
            .find_step_among(&board, techniques)
            .filter(|s| s.makes_progress(&board))
        else {
            return false;
        };
        if !self.recording {
            return self.log_step(&step, &[]);
        }
        // The step rests on what the branch changed in the cells it looks at.
        let mut looked: Vec<Cell> = step.pattern.iter().map(|&(c, _)| c).collect();
        for unit in &step.units {
            looked.extend(unit.cells().iter().copied());
        }
        let parents: Vec<u16> = self
            .record
            .log
            .iter()
            .enumerate()
            .filter(|(_, e)| looked.contains(&e.fact.cell))
            .map(|(i, _)| i as u16)
            .collect();
        self.log_step(&step, &parents)
    }

    /// Logs a technique's placements and eliminations, resting on `parents`; returns true.
    fn log_step(&mut self, step: &Step, parents: &[u16]) -> bool {
        let cause = Cause::Technique(step.technique);
        for &(cell, digit) in &step.placements {
            self.add(Fact::on(cell, digit), cause, parents);
        }
        for &(cell, digit) in &step.eliminations {
            self.add(Fact::off(cell, digit), cause, parents);
        }
        true
    }
}
