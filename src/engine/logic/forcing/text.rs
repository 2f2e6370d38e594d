//! A forcing step's proof in words, written once for every board through its
//! [`Names`].

use super::super::implication::{Cause, Conflict, Fact};
use super::Branch;
use crate::engine::names::Names;
use crate::engine::types::{Cell, Digit, Unit};

fn fact(names: &impl Names, fact: Fact<Cell, Digit>) -> String {
    let verb = if fact.on { "is" } else { "is not" };
    format!(
        "{} {verb} {}",
        names.cell(fact.cell),
        names.value(fact.digit)
    )
}

fn cause(names: &impl Names, cause: Cause<Unit>) -> String {
    match cause {
        Cause::Assumed => "assumed".to_string(),
        Cause::SameCell => "same cell".to_string(),
        Cause::Peer(unit) => names.unit(unit),
        Cause::LastCandidate => "last candidate".to_string(),
        Cause::LastPlace(unit) => format!("last place in {}", names.unit(unit)),
        Cause::Technique(t) => t.to_string(),
    }
}

fn conflict(names: &impl Names, conflict: Conflict<Cell, Digit, Unit>) -> String {
    match conflict {
        Conflict::Both(f) => format!(
            "{} would both hold {} and not",
            names.cell(f.cell),
            names.value(f.digit)
        ),
        Conflict::NoCandidates(cell) => {
            format!("{} would have no candidate left", names.cell(cell))
        }
        Conflict::NoPlace(value, unit) => format!(
            "{} would have no place left in {}",
            names.value(value),
            names.unit(unit)
        ),
    }
}

/// "if r2c5 is 4 then r2c7 is not 4 (row 2), ...; if r2c5 is 7 then ...; either
/// way r8c5 is not 1": every branch, then the conclusion when no branch ends in
/// a contradiction (`unit`: the unit whose places were assumed; `first`: the
/// first assumption's cell).
pub fn proof_text(
    names: &impl Names,
    branches: &[Branch],
    conclusion: Option<Fact<Cell, Digit>>,
    unit: Option<Unit>,
    first: Option<Cell>,
) -> String {
    let mut parts: Vec<String> = branches
        .iter()
        .map(|branch| {
            let mut said = format!("if {}", fact(names, branch.assumption));
            if !branch.implications.is_empty() {
                let chain: Vec<String> = branch
                    .implications
                    .iter()
                    .map(|i| format!("{} ({})", fact(names, i.fact), cause(names, i.cause)))
                    .collect();
                said.push_str(&format!(" then {}", chain.join(", ")));
            }
            if let Some(c) = branch.conflict {
                said.push_str(&format!(", so {}: a contradiction", conflict(names, c)));
            }
            said
        })
        .collect();
    if branches.iter().all(|b| b.conflict.is_none())
        && let Some(concluded) = conclusion
    {
        let which = match unit {
            Some(unit) => format!(
                "wherever {} goes in {}",
                names.value(branches[0].assumption.digit),
                names.unit(unit)
            ),
            None if branches.len() > 2 || branches.iter().all(|b| b.assumption.on) => {
                format!(
                    "whichever {} {} holds",
                    names.value_word(),
                    first.map_or_else(String::new, |c| names.cell(c))
                )
            }
            None => "either way".to_string(),
        };
        parts.push(format!("{which}, {}", fact(names, concluded)));
    }
    parts.join("; ")
}
