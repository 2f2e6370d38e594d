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

mod outcomes;

pub(crate) use outcomes::Outcomes;
use outcomes::{Deductions, Found};

use super::implication::{Branching, Cause, Conflict, Fact, Implication, Mode, Record};
use super::step::Step;
use super::technique::Technique;
use super::{Sink, cells_text};
use crate::engine::board::Board;
use crate::engine::types::{Candidates, Cell};

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
    let mut deductions = Deductions::new(board);
    for cell in board.open_cells() {
        if kinds.digit {
            for digit in board.candidates(cell).iter() {
                deductions.digit(&outcomes, cell, digit);
            }
        }
        if kinds.cell {
            deductions.cell(&outcomes, cell);
        }
    }
    if kinds.unit {
        deductions.units(&outcomes);
    }
    report(board, mode, technique, deductions.found, &[], sink);
}

/// Nets are costly: they try the cells with fewest candidates first, assume
/// candidates true only, and stop at the first cell that proves something.
fn net_search(board: &Board, mode: Mode, kinds: Kinds, technique: Technique, sink: &mut Sink) {
    let mut branching = Branching::new(board, mode);
    let mut outcomes = Outcomes::new(false);
    // A net's branches cost the most: they are recorded on this first run, so
    // the winner's proof is read back instead of run again.
    let mut kept: Vec<(Fact, Record)> = Vec::new();
    let mut deductions = Deductions::new(board);
    let mut cells: Vec<Cell> = board.open_cells().collect();
    cells.sort_by_key(|&c| board.candidates(c).len());
    for &cell in &cells {
        for digit in board.candidates(cell).iter() {
            let assumption = Fact::on(cell, digit);
            let conflict = branching.run(assumption);
            outcomes.note(assumption, &branching, conflict);
            kept.push((assumption, branching.keep()));
            if kinds.digit {
                deductions.contradiction(&outcomes, Fact::on(cell, digit));
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
    report(board, mode, technique, deductions.found, &kept, sink);
}

/// Hands the deductions to the sink, shortest proof first, each with its proof;
/// `kept` holds branches already recorded (the others are run again, recorded).
fn report(
    board: &Board,
    mode: Mode,
    technique: Technique,
    mut found: Vec<Found>,
    kept: &[(Fact, Record)],
    sink: &mut Sink,
) {
    let mut branching = Branching::new(board, mode);
    let kept_for = |assumption: Fact| kept.iter().find(|(a, _)| *a == assumption).map(|(_, r)| r);
    // Contradictions carry no cost yet: measure them by their proofs.
    for f in found.iter_mut().filter(|f| f.conclusion.is_none()) {
        f.cost = match kept_for(f.assumptions[0]) {
            Some(record) => record.proof_of_contradiction().len(),
            None => {
                branching.run(f.assumptions[0]);
                branching.proof_of_contradiction().len()
            }
        };
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
                let (implications, conflict) = match kept_for(assumption) {
                    Some(record) => proof(record, f.conclusion),
                    None => {
                        branching.run(assumption);
                        proof(&branching.keep(), f.conclusion)
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

/// What a recorded branch shows: the proof of `conclusion`, or of its
/// contradiction (with the contradiction) when there is none.
fn proof(record: &Record, conclusion: Option<Fact>) -> (Vec<Implication>, Option<Conflict>) {
    match conclusion {
        None => (record.proof_of_contradiction(), record.contradiction()),
        Some(c) => (record.proof_of(c), None),
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
