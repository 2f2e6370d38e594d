//! The texts of a replay: a first wrong move's message (on any shape) and a
//! classic move's annotation.

use std::fmt;

use super::{Annotated, FirstWrong, Judgement, Move};
use crate::engine::grade::Level;
use crate::engine::learn::proof::{Exclusion, Reason};

impl<C: fmt::Display + Clone, V: fmt::Display> FirstWrong<C, V> {
    /// "Move 23: you struck 7 from r4c4; 7 goes there. 5 moves since were made on top of it."
    pub fn text(&self) -> String {
        let cell = self.mv.cell();
        let answer = &self.answer;
        let what = match &self.mv {
            Move::Place { digit, .. } => format!("you placed {digit} in {cell}"),
            Move::Strike { digit, .. } => format!("you struck {digit} from {cell}"),
            Move::Erase { .. } => format!("you erased {cell}"),
            Move::Restore { digit, .. } => format!("you restored {digit} in {cell}"),
        };
        let since = match (self.moves_since, self.fixed_by) {
            (0, None) => "It is the last move.".to_string(),
            (n, None) => format!("{n} {} since on top of it.", moves_were(n)),
            (0, Some(fix)) => format!("Move {fix} put it right straight after."),
            (n, Some(fix)) => format!(
                "{n} {} on top of it until move {fix} put it right.",
                moves_were(n)
            ),
        };
        format!("Move {}: {what}; {answer} goes there. {since}", self.index)
    }
}

impl Annotated {
    /// "12. r4c4=7: Hidden Single in box 5", with the easier step when one was open.
    pub fn text(&self) -> String {
        let cell = self.mv.cell();
        let what = match (&self.judgement, self.mv) {
            (Judgement::Justified(proof), Move::Place { .. }) => match &proof.reason {
                Reason::Step(step) => with_after(step.summary(), proof),
                other => with_after(other.kind().to_string(), proof),
            },
            (Judgement::Justified(proof), Move::Strike { digit, .. }) => match &proof.reason {
                Reason::Step(step) => with_after(step.summary(), proof),
                reason => with_after(reason.text(cell, digit), proof),
            },
            (Judgement::Justified(_), _) => String::new(),
            (Judgement::Unproven, _) => {
                "right, but no known technique proves it here (a guess?)".to_string()
            }
            (Judgement::Wrong { answer }, Move::Strike { .. }) => {
                format!("WRONG: struck the solution's {answer} from {cell}")
            }
            (Judgement::Wrong { answer }, _) => format!("WRONG: {answer} goes in {cell}"),
            (Judgement::Neutral(neutral), mv) => neutral.text(matches!(mv, Move::Erase { .. })),
        };
        let mut text = format!("{}. {}: {what}", self.index, self.mv);
        if self.easier_open
            && let Some(step) = &self.easiest
        {
            text.push_str(&format!(
                " [an easier {} was open: {}]",
                step.basis,
                crate::engine::learn::proof::brief(step)
            ));
        }
        text
    }
}

/// The proof's text, with the steps it needs first; when one of them is
/// harder than the proof's last reason, it is named (that is what the move
/// needed, and why an easier step open beside it is flagged).
fn with_after(text: String, proof: &Exclusion) -> String {
    let n = proof.after.len();
    if n == 0 {
        return text;
    }
    let last = match &proof.reason {
        Reason::Step(step) => step.level(),
        _ => Level::Easy,
    };
    let hardest = proof
        .after
        .iter()
        .max_by_key(|step| step.level())
        .filter(|step| step.level() > last);
    match hardest {
        Some(step) => format!(
            "{text} (after {n} step{} first, among them a {})",
            plural(n),
            step.basis
        ),
        None => format!("{text} (after {n} easier step{})", plural(n)),
    }
}

/// "1 move was made", "3 moves were made".
fn moves_were(n: usize) -> &'static str {
    if n == 1 {
        "move was made"
    } else {
        "moves were made"
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}
