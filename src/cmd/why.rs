//! `pencilmark why`: why a cell cannot hold a digit, in the plainest terms that
//! prove it (a peer, a unit, a technique, or search), or that it may.

use std::io::Write;

use anyhow::Result;
use clap::Args;

use super::Exit;
use super::show::{effects_json, read_game, step_json};
use crate::engine::learn::proof::{Exclusion, Reason};
use crate::engine::learn::why::{self, Verdict};
use crate::engine::types::{Cell, Digit};

/// Why can't CELL be DIGIT?
#[derive(Args, Debug)]
#[command(
    after_help = "Reasons, plainest first: the cell holds another digit; a peer holds the digit; a unit would have no place left for a digit; \
the simplest technique that removes it (perhaps after easier steps); search. A digit that is the solution's is never argued against.\n\n\
Examples:\n  pencilmark why 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79 r1c3 2\n  \
pencilmark why --givens puzzle.txt --json position.txt r5c3 5"
)]
pub struct WhyArgs {
    /// The position: an 81-character line, a grid or a candidate grid (pencil marks), a file, or `-`.
    pub puzzle: String,
    /// The cell, r1c1 to r9c9.
    #[arg(value_parser = parse_cell)]
    pub cell: Cell,
    /// The digit, 1 to 9.
    #[arg(value_parser = parse_digit)]
    pub digit: Digit,
    /// The puzzle's givens (81 characters or a file); without it the position's digits are the givens.
    #[arg(long, value_name = "GIVENS")]
    pub givens: Option<String>,
    /// One JSON object: {"cell", "digit", "verdict", "reason": {"kind", ...}, "text"}.
    #[arg(long)]
    pub json: bool,
}

/// A cell argument: `r4c7` (rows and columns 1 to 9).
pub fn parse_cell(text: &str) -> Result<Cell, String> {
    Cell::parse(text).ok_or_else(|| format!("{text} is not a cell: write r1c1 to r9c9"))
}

/// A digit argument, 1 to 9.
pub fn parse_digit(text: &str) -> Result<Digit, String> {
    let mut chars = text.chars();
    match (chars.next().and_then(Digit::from_char), chars.next()) {
        (Some(digit), None) => Ok(digit),
        _ => Err(format!("{text} is not a digit: write 1 to 9")),
    }
}

/// Runs the command.
pub fn run(args: &WhyArgs) -> Result<Exit> {
    let mut out = std::io::stdout().lock();
    let (position, givens) = read_game(Some(&args.puzzle), args.givens.as_deref())?;
    let answer = match why::why(&givens, &position, args.cell, args.digit) {
        Ok(answer) => answer,
        Err(err) => {
            if args.json {
                writeln!(out, "{}", serde_json::json!({"error": err.to_string()}))?;
            } else {
                writeln!(out, "{}", capitalised(&err.to_string()))?;
            }
            return Ok(Exit::Failed);
        }
    };
    if args.json {
        let reason = match &answer.verdict {
            Verdict::Excluded(exclusion) => exclusion_json(exclusion),
            _ => serde_json::Value::Null,
        };
        let object = serde_json::json!({
            "cell": answer.cell.to_string(),
            "digit": answer.digit.get(),
            "verdict": answer.verdict.key(),
            "reason": reason,
            "text": answer.text(),
        });
        writeln!(out, "{object}")?;
    } else {
        writeln!(out, "{}", answer.text())?;
    }
    Ok(Exit::Done)
}

/// The reason as JSON: its kind and fields, and the easier steps taken first ("after").
pub fn exclusion_json(exclusion: &Exclusion) -> serde_json::Value {
    let mut object = match &exclusion.reason {
        Reason::Step(step) => step_json(step),
        Reason::Filled { holds } => serde_json::json!({"holds": holds.get()}),
        Reason::Peer { peer, unit } => {
            serde_json::json!({"peer": peer.to_string(), "unit": unit.to_string()})
        }
        Reason::Unit {
            unit,
            digit,
            places,
        } => serde_json::json!({
            "unit": unit.to_string(),
            "digit": digit.get(),
            "places": places.iter().map(Cell::to_string).collect::<Vec<_>>(),
        }),
        Reason::Search(refutation) => serde_json::json!({
            "forced": effects_json(&refutation.forced),
            "contradiction": refutation.contradiction.map(|c| c.to_string()),
            "guesses": refutation.guesses,
        }),
    };
    object["kind"] = exclusion.reason.kind().into();
    object["after"] = exclusion.after.iter().map(step_json).collect();
    object
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => format!("{}{}.", first.to_uppercase(), chars.as_str()),
        None => String::new(),
    }
}
