//! Forcing chains and nets, the last resort before a guess. Each candidate is
//! assumed true (and, for chains, false) in turn and its implications followed
//! ([`super::implication`]); then:
//! - digit forcing: an assumption that ends in a contradiction is false, and a
//!   fact implied both by a candidate and by its absence is true;
//! - cell forcing: a fact implied by every candidate of a cell is true;
//! - unit forcing: a fact implied by every place of a digit in a unit is true.
//!
//! Static chains follow only the position's own links; dynamic chains read the
//! branch's changing board; forcing nets also apply simpler techniques inside a
//! branch. Of all the deductions found, the one with the shortest proof comes
//! first, and its text names every implication of every branch, in order.

use super::implication::{Branching, Cause, Conflict, Fact, Implication, Mode};
use super::step::Step;
use super::technique::Technique;
use super::{Sink, cells_text};
use crate::engine::board::Board;
use crate::engine::types::{Candidates, Cell, Digit, Unit};

/// One assumption followed to its end, as shown in a proof.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Branch {
    /// What the branch assumes.
    pub assumption: Fact,
    /// The implications the conclusion rests on, in order (the assumption excluded).
    pub implications: Vec<Implication>,
    /// The contradiction the branch ends in, when it proves its assumption false.
    pub conflict: Option<Conflict>,
}

/// The techniques a forcing net may apply inside its branches.
pub const NET_TECHNIQUES: &[Technique] = &[
    Technique::LockedCandidatesPointing,
    Technique::LockedCandidatesClaiming,
    Technique::NakedPair,
    Technique::HiddenPair,
    Technique::NakedTriple,
    Technique::HiddenTriple,
    Technique::XWing,
    Technique::Swordfish,
];

/// The techniques a nested forcing net may apply inside its branches, read
/// from the catalogue ([`Technique::in_nested_branches`]).
pub const NESTED_TECHNIQUES: &[Technique] = &Technique::NESTED;

/// Which kinds of forcing a finder looks for.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Kinds {
    digit: bool,
    cell: bool,
    unit: bool,
}

const DIGIT: Kinds = Kinds {
    digit: true,
    cell: false,
    unit: false,
};
const CELL: Kinds = Kinds {
    digit: false,
    cell: true,
    unit: false,
};
const UNIT: Kinds = Kinds {
    digit: false,
    cell: false,
    unit: true,
};
const EVERY: Kinds = Kinds {
    digit: true,
    cell: true,
    unit: true,
};

pub fn digit_forcing_chain(board: &Board, sink: &mut Sink) {
    search(
        board,
        Mode::Static,
        DIGIT,
        Technique::DigitForcingChain,
        sink,
    );
}

pub fn cell_forcing_chain(board: &Board, sink: &mut Sink) {
    search(board, Mode::Static, CELL, Technique::CellForcingChain, sink);
}

pub fn unit_forcing_chain(board: &Board, sink: &mut Sink) {
    search(board, Mode::Static, UNIT, Technique::UnitForcingChain, sink);
}

pub fn dynamic_forcing_chain(board: &Board, sink: &mut Sink) {
    search(
        board,
        Mode::Dynamic,
        EVERY,
        Technique::DynamicForcingChain,
        sink,
    );
}

pub fn forcing_net(board: &Board, sink: &mut Sink) {
    search(
        board,
        Mode::Net(NET_TECHNIQUES),
        EVERY,
        Technique::ForcingNet,
        sink,
    );
}

pub fn nested_forcing_net(board: &Board, sink: &mut Sink) {
    search(
        board,
        Mode::Net(NESTED_TECHNIQUES),
        EVERY,
        Technique::NestedForcingNet,
        sink,
    );
}

/// Where a branch ended: in a contradiction, or with these facts (index, log position).
struct Outcome {
    conflict: bool,
    facts: Vec<(u16, u16)>,
}

/// Runs the branch of `fact` and keeps where it ended.
fn outcome(fact: Fact, branching: &mut Branching) -> Outcome {
    let conflict = branching.run(fact);
    Outcome {
        conflict,
        facts: if conflict {
            Vec::new()
        } else {
            branching
                .reached()
                .skip(1)
                .map(|(f, at)| (f.index() as u16, at as u16))
                .collect()
        },
    }
}

/// Every open candidate of a position assumed true (and, when asked, false),
/// each branch followed to its end: what chains of one mode read. The static
/// ones are shared by digit, cell and unit forcing through [`super::cache`].
pub(crate) struct Outcomes {
    on: Vec<Option<Outcome>>,
    off: Vec<Option<Outcome>>,
    with_off: bool,
}

impl Outcomes {
    /// The branches of every open candidate of `board` in `mode` ("off" ones too when `with_off`).
    pub(crate) fn run(board: &Board, mode: Mode, with_off: bool) -> Outcomes {
        let mut branching = Branching::new(board, mode);
        let mut on: Vec<Option<Outcome>> = (0..729).map(|_| None).collect();
        let mut off: Vec<Option<Outcome>> = (0..729).map(|_| None).collect();
        for cell in board.open_cells() {
            for digit in board.candidates(cell).iter() {
                let here = slot(cell, digit);
                on[here] = Some(outcome(Fact::on(cell, digit), &mut branching));
                if with_off {
                    off[here] = Some(outcome(Fact::off(cell, digit), &mut branching));
                }
            }
        }
        Outcomes { on, off, with_off }
    }

    /// Whether the "off" branches were run too.
    pub(crate) fn has_off(&self) -> bool {
        self.with_off
    }
}

/// A deduction found, before its proof is written out.
struct Found {
    cost: usize,
    assumptions: Vec<Fact>,
    /// `None`: the single assumption is false (it led to a contradiction).
    conclusion: Option<Fact>,
    unit: Option<Unit>,
}

/// Candidate index 0..729.
fn slot(cell: Cell, digit: Digit) -> usize {
    cell.index() * 9 + digit.index()
}

/// The deductions found so far, with the buffers that find facts common to
/// several branches (kept between groups: no allocation per group).
struct Deductions<'a> {
    board: &'a Board,
    found: Vec<Found>,
    /// Per fact: in how many branches of the group (so far) it was reached, and
    /// its summed log positions. Only the first branch's facts are ever touched.
    count: Vec<u8>,
    cost: Vec<u32>,
}

impl<'a> Deductions<'a> {
    fn new(board: &'a Board) -> Deductions<'a> {
        Deductions {
            board,
            found: Vec::new(),
            count: vec![0; super::implication::FACTS],
            cost: vec![0; super::implication::FACTS],
        }
    }

    /// Whether concluding `index` would change the board.
    fn useful(&self, index: u16) -> bool {
        let fact = Fact::from_index(index as usize);
        self.board.digit(fact.cell).is_none()
            && self.board.candidates(fact.cell).contains(fact.digit)
    }

    /// An assumption whose branch ends in a contradiction is false.
    fn contradiction(&mut self, assumed: Fact, outcome: Option<&Outcome>) {
        if outcome.is_some_and(|o| o.conflict) {
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
    fn common(&mut self, group: &[(Fact, &Outcome)], unit: Option<Unit>) {
        if group.len() < 2 || group.iter().any(|(_, o)| o.conflict) {
            return;
        }
        let (_, first) = group[0];
        for &(f, at) in &first.facts {
            self.count[f as usize] = 1;
            self.cost[f as usize] = u32::from(at);
        }
        // A fact counts in branch k only if every branch before it reached it.
        for (k, (_, outcome)) in group.iter().enumerate().skip(1) {
            for &(f, at) in &outcome.facts {
                if usize::from(self.count[f as usize]) == k {
                    self.count[f as usize] += 1;
                    self.cost[f as usize] += u32::from(at);
                }
            }
        }
        for &(f, _) in &first.facts {
            if usize::from(self.count[f as usize]) == group.len() && self.useful(f) {
                self.found.push(Found {
                    cost: self.cost[f as usize] as usize,
                    assumptions: group.iter().map(|(a, _)| *a).collect(),
                    conclusion: Some(Fact::from_index(f as usize)),
                    unit,
                });
            }
        }
        for &(f, _) in &first.facts {
            self.count[f as usize] = 0;
            self.cost[f as usize] = 0;
        }
    }

    /// Cell forcing on `cell`: a fact every candidate of the cell implies.
    fn cell(&mut self, cell: Cell, on: &[Option<Outcome>]) {
        let group: Vec<(Fact, &Outcome)> = self
            .board
            .candidates(cell)
            .iter()
            .filter_map(|d| on[slot(cell, d)].as_ref().map(|o| (Fact::on(cell, d), o)))
            .collect();
        self.common(&group, None);
    }

    /// Unit forcing: a fact every place of a digit in a unit implies.
    fn units(&mut self, on: &[Option<Outcome>]) {
        let board = self.board;
        for unit in Unit::all() {
            for digit in Digit::all() {
                let group: Vec<(Fact, &Outcome)> = unit
                    .cells()
                    .iter()
                    .filter(|&&c| board.digit(c).is_none() && board.candidates(c).contains(digit))
                    .filter_map(|&c| on[slot(c, digit)].as_ref().map(|o| (Fact::on(c, digit), o)))
                    .collect();
                if group.len() >= 2 {
                    self.common(&group, Some(unit));
                }
            }
        }
    }
}

fn search(board: &Board, mode: Mode, kinds: Kinds, technique: Technique, sink: &mut Sink) {
    if matches!(mode, Mode::Net(_)) {
        return net_search(board, mode, kinds, technique, sink);
    }
    // Chains follow every branch anyway: run them all first (the static ones
    // once per position, shared), then read the deductions off them.
    let outcomes = match mode {
        Mode::Static => sink.cache().static_branches(board, kinds.digit),
        _ => std::rc::Rc::new(Outcomes::run(board, mode, kinds.digit)),
    };
    let (on, off) = (&outcomes.on, &outcomes.off);
    let mut deductions = Deductions::new(board);
    for cell in board.open_cells() {
        if kinds.digit {
            for digit in board.candidates(cell).iter() {
                let here = slot(cell, digit);
                let (yes, no) = (Fact::on(cell, digit), Fact::off(cell, digit));
                deductions.contradiction(yes, on[here].as_ref());
                deductions.contradiction(no, off[here].as_ref());
                if let (Some(a), Some(b)) = (&on[here], &off[here]) {
                    deductions.common(&[(yes, a), (no, b)], None);
                }
            }
        }
        if kinds.cell {
            deductions.cell(cell, on);
        }
    }
    if kinds.unit {
        deductions.units(on);
    }
    report(board, mode, technique, deductions.found, sink);
}

/// Nets are costly: they try the cells with fewest candidates first, assume
/// candidates true only, and stop at the first cell that proves something.
fn net_search(board: &Board, mode: Mode, kinds: Kinds, technique: Technique, sink: &mut Sink) {
    let mut branching = Branching::new(board, mode);
    let mut on: Vec<Option<Outcome>> = (0..729).map(|_| None).collect();
    let mut deductions = Deductions::new(board);
    let mut cells: Vec<Cell> = board.open_cells().collect();
    cells.sort_by_key(|&c| board.candidates(c).len());
    for &cell in &cells {
        for digit in board.candidates(cell).iter() {
            let here = slot(cell, digit);
            on[here] = Some(outcome(Fact::on(cell, digit), &mut branching));
            if kinds.digit {
                deductions.contradiction(Fact::on(cell, digit), on[here].as_ref());
            }
        }
        if kinds.cell {
            deductions.cell(cell, &on);
        }
        if !deductions.found.is_empty() {
            break;
        }
    }
    if kinds.unit && deductions.found.is_empty() {
        deductions.units(&on);
    }
    report(board, mode, technique, deductions.found, sink);
}

/// Hands the deductions to the sink, shortest proof first, each with its proof.
fn report(board: &Board, mode: Mode, technique: Technique, mut found: Vec<Found>, sink: &mut Sink) {
    let mut branching = Branching::new(board, mode);
    // Contradictions carry no cost yet: measure them by their proofs.
    for f in found.iter_mut().filter(|f| f.conclusion.is_none()) {
        branching.run(f.assumptions[0]);
        f.cost = branching.proof_of_contradiction().len();
    }
    found.sort_by_key(|f| f.cost);
    let mut seen: Vec<(Fact, Vec<Fact>)> = Vec::new();
    for f in found {
        let conclusion = f.conclusion.unwrap_or(f.assumptions[0].negated());
        if seen
            .iter()
            .any(|(c, a)| *c == conclusion && *a == f.assumptions)
        {
            continue;
        }
        seen.push((conclusion, f.assumptions.clone()));
        let branches: Vec<Branch> = f
            .assumptions
            .iter()
            .map(|&assumption| {
                branching.run(assumption);
                let (implications, conflict) = match f.conclusion {
                    None => (
                        branching.proof_of_contradiction(),
                        branching.contradiction(),
                    ),
                    Some(c) => (branching.proof_of(c), None),
                };
                Branch {
                    assumption,
                    implications: implications
                        .into_iter()
                        .filter(|i| i.cause != Cause::Assumed)
                        .collect(),
                    conflict,
                }
            })
            .collect();
        let mut step = if conclusion.on {
            Step::placement(technique, conclusion.cell, conclusion.digit)
        } else {
            Step::elimination(
                technique,
                vec![(conclusion.cell, conclusion.digit)],
                Vec::new(),
                Vec::new(),
            )
        };
        step.pattern = f
            .assumptions
            .iter()
            .map(|a| (a.cell, Candidates::single(a.digit)))
            .collect();
        step.units = f.unit.into_iter().collect();
        step.branches = branches;
        if sink.push(step) {
            return;
        }
    }
}

/// How many implications the proof uses, all branches together (Sudoku
/// Explainer's chain complexity).
pub fn complexity(step: &Step) -> usize {
    step.branches.iter().map(|b| b.implications.len() + 1).sum()
}

/// "if r2c5 is 4 then r2c7 is not 4 (row 2), ...; if r2c5 is 7 then ...; either way r8c5 is not 1".
pub fn text(step: &Step) -> String {
    let mut parts: Vec<String> = step
        .branches
        .iter()
        .map(|branch| {
            let mut said = format!("if {}", branch.assumption);
            if !branch.implications.is_empty() {
                let chain: Vec<String> = branch
                    .implications
                    .iter()
                    .map(|i| format!("{} ({})", i.fact, i.cause))
                    .collect();
                said.push_str(&format!(" then {}", chain.join(", ")));
            }
            if let Some(conflict) = branch.conflict {
                said.push_str(&format!(", so {conflict}: a contradiction"));
            }
            said
        })
        .collect();
    let conclusion = match (step.placements.first(), step.eliminations.first()) {
        (Some(&(cell, digit)), _) => Some(Fact::on(cell, digit)),
        (None, Some(&(cell, digit))) => Some(Fact::off(cell, digit)),
        _ => None,
    };
    if step.branches.iter().all(|b| b.conflict.is_none())
        && let Some(fact) = conclusion
    {
        let which = match step.units.first() {
            Some(unit) => format!(
                "wherever {} goes in {unit}",
                step.branches[0].assumption.digit
            ),
            None if step.branches.len() > 2 || step.branches.iter().all(|b| b.assumption.on) => {
                format!(
                    "whichever digit {} holds",
                    cells_text(step.pattern.iter().map(|p| p.0).take(1))
                )
            }
            None => "either way".to_string(),
        };
        parts.push(format!("{which}, {fact}"));
    }
    parts.join("; ")
}
