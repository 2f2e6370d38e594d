//! Forcing chains and nets, the last resort before a guess, written once for
//! every shape. Each candidate is assumed true (and, for chains, false) in
//! turn and its implications followed ([`super::implication`]); then:
//! - digit forcing: an assumption that ends in a contradiction is false, and a
//!   fact implied both by a candidate and by its absence is true;
//! - cell forcing: a fact implied by every candidate of a cell is true;
//! - unit forcing: a fact implied by every place of a digit in a unit is true.
//!
//! Static chains follow only the position's own links; dynamic chains read the
//! branch's changing board; forcing nets also apply simpler techniques inside a
//! branch. Of all the deductions found, the one with the shortest proof comes
//! first, and its text names every implication of every branch, in order.
//!
//! The search runs on any [`BranchHost`] in plain indices and hands each
//! deduction over as a [`Forcing`], which [`Forcing::step`] writes as either
//! ladder's step.

mod closure;
mod outcomes;
mod reuse;
mod text;

use std::rc::Rc;

pub(crate) use closure::static_chains_find_nothing;
use outcomes::{Deductions, Found};
pub(crate) use outcomes::{Outcomes, OutcomesOf};
pub(crate) use reuse::{Changes, Gone, Ran, keeps_two_unlogged};
pub use text::proof_text;

use super::Sink;
use super::implication::{
    BranchHost, Branching, Cause, Conflict, Fact, Implication, IndexFact, Mode, Record,
};
use super::links::builder::{LinkKind, UnitPosition, kind};
use super::step::{Link, Step};
use super::technique::Technique;
use crate::engine::board::Board;
use crate::engine::geometry::value_bit;
use crate::engine::types::{Candidates, Cell, Digit, Unit};

/// One assumption followed to its end, as shown in a proof.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Branch<C = Cell, V = Digit, U = Unit> {
    /// What the branch assumes.
    pub assumption: Fact<C, V>,
    /// The implications the conclusion rests on, in order (the assumption excluded).
    pub implications: Vec<Implication<C, V, U>>,
    /// The contradiction the branch ends in, when it proves its assumption false.
    pub conflict: Option<Conflict<C, V, U>>,
}

/// A branch in plain indices.
pub type IndexBranch = Branch<usize, u8, usize>;

impl IndexBranch {
    /// The same branch in [`Cell`], [`Digit`] and [`Unit`] (any shape).
    pub fn typed(&self) -> Branch {
        Branch {
            assumption: self.assumption.typed(),
            implications: self.implications.iter().map(|i| i.typed()).collect(),
            conflict: self.conflict.map(|c| c.typed()),
        }
    }
}

/// A deduction with its proof, in plain indices.
pub(crate) struct Forcing {
    pub(crate) conclusion: IndexFact,
    /// What its branches assume, in order.
    pub(crate) assumptions: Vec<IndexFact>,
    /// The unit whose places were assumed (unit forcing).
    pub(crate) unit: Option<usize>,
    pub(crate) branches: Vec<IndexBranch>,
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
pub(crate) struct Kinds {
    digit: bool,
    cell: bool,
    unit: bool,
}

impl Kinds {
    /// Whether digit forcing is asked (its branches assume candidates false too).
    pub(crate) fn digit(self) -> bool {
        self.digit
    }
}

impl Technique {
    /// The mode and kinds of a forcing technique (`None` for the others).
    pub(crate) fn forcing(self) -> Option<(Mode, Kinds)> {
        let kinds = |digit, cell, unit| Kinds { digit, cell, unit };
        let every = kinds(true, true, true);
        Some(match self {
            Technique::DigitForcingChain => (Mode::Static, kinds(true, false, false)),
            Technique::CellForcingChain => (Mode::Static, kinds(false, true, false)),
            Technique::UnitForcingChain => (Mode::Static, kinds(false, false, true)),
            Technique::DynamicForcingChain => (Mode::Dynamic, every),
            Technique::ForcingNet => (Mode::Net(NET_TECHNIQUES), every),
            Technique::NestedForcingNet => (Mode::Net(NESTED_TECHNIQUES), every),
            _ => return None,
        })
    }
}

pub fn digit_forcing_chain(board: &Board, sink: &mut Sink) {
    classic(board, Technique::DigitForcingChain, sink);
}

pub fn cell_forcing_chain(board: &Board, sink: &mut Sink) {
    classic(board, Technique::CellForcingChain, sink);
}

pub fn unit_forcing_chain(board: &Board, sink: &mut Sink) {
    classic(board, Technique::UnitForcingChain, sink);
}

pub fn dynamic_forcing_chain(board: &Board, sink: &mut Sink) {
    classic(board, Technique::DynamicForcingChain, sink);
}

pub fn forcing_net(board: &Board, sink: &mut Sink) {
    classic(board, Technique::ForcingNet, sink);
}

pub fn nested_forcing_net(board: &Board, sink: &mut Sink) {
    classic(board, Technique::NestedForcingNet, sink);
}

/// The classic ladder's forcing finder: the chains' branches come from the
/// sink's cache (digit, cell and unit forcing share the static ones, and
/// branches run on an earlier position are taken where they run the same),
/// each deduction becomes a [`Step`]. Static chains first ask whether their
/// links' closure shows they find nothing ([`static_chains_find_nothing`]):
/// then no branch runs (debug builds run them and check).
fn classic(board: &Board, technique: Technique, sink: &mut Sink) {
    let Some((mode, kinds)) = technique.forcing() else {
        return;
    };
    if mode == Mode::Static && sink.cache().static_chains_find_nothing(board) {
        debug_assert!(
            {
                let mut found = false;
                search(board, mode, kinds, None, None, &mut |_| {
                    found = true;
                    true
                });
                !found
            },
            "{technique:?} finds something where its links' closure said nothing"
        );
        return;
    }
    let outcomes = match mode {
        Mode::Static | Mode::Dynamic => Some(sink.cache().branches(board, mode, kinds.digit)),
        Mode::Net(_) => None,
    };
    let mut further = sink.takes_further().then(Vec::new);
    search(
        board,
        mode,
        kinds,
        outcomes,
        further.as_mut(),
        &mut |found| sink.push(found.step(technique)),
    );
    if let Some(facts) = further.filter(|facts| !facts.is_empty()) {
        sink.set_further(further_step(technique, &facts));
    }
}

/// The deductions a search proved besides the one it gave as a step, as one
/// step of `technique` without their proofs (what a grader applies with it).
fn further_step(technique: Technique, facts: &[IndexFact]) -> Step {
    let mut step = Step::of(technique);
    for fact in facts.iter().map(|fact| fact.typed()) {
        if fact.on {
            step.placements.push((fact.cell, fact.digit));
        } else {
            step.eliminations.push((fact.cell, fact.digit));
        }
    }
    step
}

impl Forcing {
    /// This deduction as a step of `technique` on any board: its conclusion
    /// placed or struck, each assumption's cell with its value (the pattern),
    /// the unit whose places were assumed, and every branch.
    pub(crate) fn step(self, technique: Technique) -> Step {
        let conclusion = (
            Cell::new(self.conclusion.cell),
            Digit::new(self.conclusion.digit),
        );
        let mut step = Step::of(technique);
        if self.conclusion.on {
            step.placements.push(conclusion);
        } else {
            step.eliminations.push(conclusion);
        }
        step.pattern = self
            .assumptions
            .iter()
            .map(|a| (Cell::new(a.cell), Candidates::from_bits(value_bit(a.digit))))
            .collect();
        step.units = self.unit.map(Unit::new).into_iter().collect();
        step.branches = self
            .branches
            .into_iter()
            .map(|branch| branch.typed())
            .collect();
        step
    }
}

/// Forcing of `mode` and `kinds` on `board`: each deduction, shortest proof
/// first, goes to `emit`, which returns `true` to stop. Static chains may
/// bring their branches already run (`outcomes`). Given `further`, it also
/// receives the conclusion of every deduction after the first, once each and
/// without a proof.
pub(crate) fn search<H: BranchHost>(
    board: &H,
    mode: Mode,
    kinds: Kinds,
    outcomes: Option<Rc<OutcomesOf<H>>>,
    further: Option<&mut Vec<IndexFact>>,
    emit: &mut dyn FnMut(Forcing) -> bool,
) {
    if matches!(mode, Mode::Net(_)) {
        return net_search(board, mode, kinds, further, emit);
    }
    // Chains follow every branch anyway: run them all first (the static ones
    // once per position, shared), then read the deductions off them.
    let outcomes = outcomes.unwrap_or_else(|| Rc::new(Outcomes::run(board, mode, kinds.digit)));
    let mut deductions = Deductions::new(board);
    for cell in 0..board.cell_count() {
        if board.value(cell) != 0 {
            continue;
        }
        if kinds.digit {
            for value in values_of(board.candidate_bits(cell)) {
                deductions.digit(&outcomes, cell, value);
            }
        }
        if kinds.cell {
            deductions.cell(&outcomes, cell);
        }
    }
    if kinds.unit {
        deductions.units(&outcomes);
    }
    report(board, mode, deductions.found, &[], further, emit);
}

/// Nets are costly: they try the cells with fewest candidates first, assume
/// candidates true only, and stop at the first cell that proves something.
fn net_search<H: BranchHost>(
    board: &H,
    mode: Mode,
    kinds: Kinds,
    further: Option<&mut Vec<IndexFact>>,
    emit: &mut dyn FnMut(Forcing) -> bool,
) {
    let mut branching = Branching::new(board, mode);
    let mut outcomes = Outcomes::new(board, false);
    // A net's branches cost the most: they are kept from this first run, so
    // the winner's proof is read back instead of run again.
    let mut kept: Vec<(IndexFact, Record)> = Vec::new();
    let mut deductions = Deductions::new(board);
    let mut cells: Vec<usize> = (0..board.cell_count())
        .filter(|&c| board.value(c) == 0)
        .collect();
    cells.sort_by_key(|&c| board.count_values(board.candidate_bits(c)));
    for &cell in &cells {
        for value in values_of(board.candidate_bits(cell)) {
            let assumption = Fact::on(cell, value);
            let conflict = branching.run(assumption);
            outcomes.note(assumption, &branching, conflict);
            kept.push((assumption, branching.keep()));
            if kinds.digit {
                deductions.contradiction(&outcomes, assumption);
            }
        }
        if kinds.cell {
            deductions.cell(&outcomes, cell);
        }
        if !deductions.found.is_empty() {
            break;
        }
    }
    if kinds.unit && deductions.found.is_empty() {
        deductions.units(&outcomes);
    }
    report(board, mode, deductions.found, &kept, further, emit);
}

/// Hands the deductions to `emit`, shortest proof first, each with its proof;
/// `kept` holds branches already run (the others are run again for their proofs).
/// `further` receives the other deductions' conclusions (see [`search`]).
fn report<H: BranchHost>(
    board: &H,
    mode: Mode,
    mut found: Vec<Found>,
    kept: &[(IndexFact, Record)],
    further: Option<&mut Vec<IndexFact>>,
    emit: &mut dyn FnMut(Forcing) -> bool,
) {
    let mut branching = Branching::new(board, mode);
    let kept_for =
        |assumption: IndexFact| kept.iter().find(|(a, _)| *a == assumption).map(|(_, r)| r);
    found.sort_by_key(|f| f.cost);
    let conclusion_of = |f: &Found| f.conclusion.unwrap_or(f.assumptions[0].negated());
    if let (Some(further), Some(first)) = (further, found.first()) {
        let first = conclusion_of(first);
        for conclusion in found[1..].iter().map(conclusion_of) {
            if conclusion != first && !further.contains(&conclusion) {
                further.push(conclusion);
            }
        }
    }
    let mut seen: Vec<(IndexFact, Vec<IndexFact>)> = Vec::new();
    for f in found {
        let conclusion = conclusion_of(&f);
        if seen
            .iter()
            .any(|(c, a)| *c == conclusion && *a == f.assumptions)
        {
            continue;
        }
        seen.push((conclusion, f.assumptions.clone()));
        let branches: Vec<IndexBranch> = f
            .assumptions
            .iter()
            .map(|&assumption| {
                let (implications, conflict) = match kept_for(assumption) {
                    Some(record) => branching.proof_of_kept(record, f.conclusion),
                    None => {
                        branching.run(assumption);
                        branching.proof(f.conclusion)
                    }
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
        let forcing = Forcing {
            conclusion,
            assumptions: f.assumptions,
            unit: f.unit,
            branches,
        };
        if emit(forcing) {
            return;
        }
    }
}

/// The values of a mask, ascending.
fn values_of(mask: crate::engine::geometry::ValueMask) -> impl Iterator<Item = u8> {
    super::candidate_board::values_of(mask)
}

/// How many implications the proof uses, all branches together (Sudoku
/// Explainer's chain complexity).
pub fn complexity(step: &Step) -> usize {
    branches_complexity(&step.branches)
}

/// [`complexity`] of any branches.
pub fn branches_complexity<C, V, U>(branches: &[Branch<C, V, U>]) -> usize {
    branches.iter().map(|b| b.implications.len() + 1).sum()
}

/// "if r2c5 is 4 then r2c7 is not 4 (row 2), ...; if r2c5 is 7 then ...; either way r8c5 is not 1".
pub fn text(step: &Step) -> String {
    let conclusion = match (step.placements.first(), step.eliminations.first()) {
        (Some(&(cell, digit)), _) => Some(Fact::on(cell, digit)),
        (None, Some(&(cell, digit))) => Some(Fact::off(cell, digit)),
        _ => None,
    };
    proof_text(
        &crate::engine::names::Classic,
        &step.branches,
        conclusion,
        step.units.first().copied(),
        step.pattern.first().map(|p| p.0),
    )
}

/// A forcing branch's implications as links, in order: each implication joined to
/// the earlier fact of the branch it follows from by one link of the position.
/// Implications that rest on several facts or on a technique (dynamic chains and
/// nets) have no single link of the position behind them and are left out.
pub fn branch_links<P: UnitPosition>(position: &P, branch: &Branch) -> Vec<Link> {
    let mut facts: Vec<Fact<Cell, Digit>> = vec![branch.assumption];
    let mut links = Vec::new();
    for implication in &branch.implications {
        let fact = implication.fact;
        let candidate = |f: Fact<Cell, Digit>| (f.cell, f.digit);
        let parent = facts.iter().rev().find_map(|&p| {
            if p.on == fact.on {
                return None;
            }
            let link = Link {
                from: candidate(p),
                to: candidate(fact),
                strong: !p.on,
            };
            let fits = match (implication.cause, kind(position, &link)?) {
                (Cause::SameCell, LinkKind::WeakInCell) => true,
                (Cause::Peer(unit), LinkKind::WeakInUnit(_)) => {
                    position.unit_contains(unit, p.cell)
                }
                (Cause::LastCandidate, LinkKind::StrongInCell) => true,
                (Cause::LastPlace(unit), LinkKind::StrongInUnit(_)) => {
                    position.unit_contains(unit, p.cell)
                        && position.unit_contains(unit, fact.cell)
                        && position.places(unit, fact.digit) == 2
                }
                _ => false,
            };
            fits.then_some(link)
        });
        links.extend(parent);
        facts.push(fact);
    }
    links
}
