//! What a proof costs and how it reads: the texts of exclusions, reasons and
//! refutations, and the one-line brief of a step (split from proof.rs, which
//! finds the proofs).

use super::*;
use crate::engine::logic::Basis;

impl Exclusion {
    /// How hard the proof is: the scores of its steps, a unit reason counted as
    /// a hidden single, a filled cell or a peer as nothing.
    pub fn cost(&self) -> u32 {
        let reason = match &self.reason {
            Reason::Filled { .. } | Reason::Peer { .. } => 0,
            Reason::Unit { .. } => Technique::HiddenSingle.score(),
            Reason::Step(step) => step.score(),
            Reason::Search(_) => u32::MAX / 2,
        };
        self.after.iter().map(Step::score).sum::<u32>() + reason
    }

    /// "After 2 steps (...), r5c3 sees the 5 in r5c8 (row 5)."
    pub fn text(&self, cell: Cell, digit: Digit) -> String {
        let reason = self.reason.text(cell, digit);
        if self.after.is_empty() {
            return reason;
        }
        /// Longer paths are told by technique, not step by step.
        const LISTED: usize = 8;
        let count = self.after.len();
        let steps: Vec<String> = if count <= LISTED {
            self.after.iter().map(brief).collect()
        } else {
            let mut tally: Vec<(Basis, usize)> = Vec::new();
            for step in &self.after {
                match tally.iter_mut().find(|(t, _)| *t == step.basis) {
                    Some((_, n)) => *n += 1,
                    None => tally.push((step.basis, 1)),
                }
            }
            tally.sort();
            tally.iter().map(|(t, n)| format!("{n} {t}")).collect()
        };
        let plural = if count == 1 { "" } else { "s" };
        format!(
            "After {count} easier step{plural} ({}): {reason}",
            steps.join("; ")
        )
    }
}

impl Reason {
    /// This reason in a person's words, for `digit` in `cell`.
    pub fn text(&self, cell: Cell, digit: Digit) -> String {
        match self {
            Reason::Filled { holds } => format!("{cell} holds {holds}, so it cannot be {digit}."),
            Reason::Peer { peer, unit } => {
                format!("{cell} sees the {digit} in {peer} ({unit}).")
            }
            Reason::Unit {
                unit, digit: other, ..
            } if *other != digit => format!(
                "{cell} is the only place left for {other} in {unit} (a hidden single), so it cannot be {digit}."
            ),
            Reason::Unit { unit, places, .. } => format!(
                "If {cell} were {digit}, {unit} would have no place left for {digit}: it can only go in {}, {} {cell}.",
                logic_cells(places),
                if places.len() == 1 {
                    "which sees"
                } else {
                    "which all see"
                }
            ),
            Reason::Step(step) if step.eliminations.contains(&(cell, digit)) => step.text(),
            Reason::Step(step) => format!("{} So {cell} cannot be {digit}.", step.text()),
            Reason::Search(refutation) => refutation.text(cell, digit),
        }
    }
}

impl Refutation {
    /// "Only search rules it out: with 5 in r5c3, the singles force ... and then ...".
    pub fn text(&self, cell: Cell, digit: Digit) -> String {
        const SHOWN: usize = 8;
        let mut forced: Vec<String> = self
            .forced
            .iter()
            .take(SHOWN)
            .map(|(c, d)| format!("{c}={d}"))
            .collect();
        if self.forced.len() > SHOWN {
            forced.push(format!("... ({} in all)", self.forced.len()));
        }
        let forced = if forced.is_empty() {
            String::new()
        } else {
            format!(" the singles force {},", forced.join(", "))
        };
        match self.contradiction {
            Some(why) => format!(
                "No known technique rules it out; search does: with {digit} in {cell},{forced} and then {why}."
            ),
            None => format!(
                "No known technique rules it out; search does: with {digit} in {cell},{forced} and a search of {} guesses finds that every branch ends in a contradiction.",
                self.guesses
            ),
        }
    }
}

/// "Hidden Single in box 2: r1c4=6", "Naked Pair in row 3: remove 4 from r3c1".
pub fn brief(step: &Step) -> String {
    let mut effects: Vec<String> = step
        .placements
        .iter()
        .map(|(c, d)| format!("{c}={d}"))
        .collect();
    if !step.eliminations.is_empty() {
        effects.push(format!(
            "remove {}",
            logic::eliminations_text(&step.eliminations)
        ));
    }
    format!("{}: {}", step.summary(), effects.join(", "))
}

fn logic_cells(cells: &[Cell]) -> String {
    cells
        .iter()
        .map(Cell::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}
