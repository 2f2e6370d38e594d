//! `pencilmark audit`: what is wrong with a position's pencil marks: missing
//! solution digits (fatal), stale marks (a peer holds the digit), and marks a
//! named technique removes.

use std::io::Write;

use anyhow::Result;
use clap::Args;

use super::Exit;
use super::show::{read_game, step_json};
use crate::engine::learn::audit::{self, Audit, Problem};
use crate::engine::logic::Step;
use crate::engine::types::{Cell, Digit};

/// Audit the pencil marks of a position.
#[derive(Args, Debug)]
#[command(
    after_help = "Exit status 0 when nothing is wrong (marks a technique removes are not wrong, only unfinished), \
1 when a mark is missing or stale or a digit is wrong, 2 on bad input.\n\n\
Examples:\n  pencilmark show --format candidates puzzle.txt > marks.txt   # then edit the marks\n  \
pencilmark audit marks.txt\n  pencilmark audit --givens puzzle.txt --json marks.txt"
)]
pub struct AuditArgs {
    /// The position with pencil marks: a candidate grid (81 groups of digits; a
    /// group of one digit is a placed digit), a file, or `-`.
    pub position: Option<String>,
    /// The puzzle's givens (81 characters or a file); without it the position's digits are the givens.
    #[arg(long, value_name = "GIVENS")]
    pub givens: Option<String>,
    /// One JSON object: {"missing", "stale", "removable", "wrong_digits", "errors"}.
    #[arg(long)]
    pub json: bool,
}

/// Runs the command.
pub fn run(args: &AuditArgs) -> Result<Exit> {
    let mut out = std::io::stdout().lock();
    let (position, givens) = read_game(args.position.as_deref(), args.givens.as_deref())?;
    let report = match audit::audit(&givens, &position) {
        Ok(report) => report,
        Err(err) => {
            if args.json {
                writeln!(out, "{}", serde_json::json!({"error": err.to_string()}))?;
            } else {
                writeln!(out, "Cannot audit: {err}.")?;
            }
            return Ok(Exit::Failed);
        }
    };
    if args.json {
        writeln!(out, "{}", audit_json(&report))?;
    } else {
        write!(out, "{}", audit_text(&report))?;
    }
    Ok(if report.has_errors() {
        Exit::Failed
    } else {
        Exit::Done
    })
}

/// The audit as JSON: a list per kind, each entry with its cell and digit.
pub fn audit_json(report: &Audit) -> serde_json::Value {
    let entries = |key: &str| -> Vec<serde_json::Value> {
        report
            .of_kind(key)
            .map(|f| {
                let mut entry =
                    serde_json::json!({"cell": f.cell.to_string(), "digit": f.digit.get()});
                match &f.problem {
                    Problem::Stale { peer } => entry["peer"] = peer.to_string().into(),
                    Problem::Removable(step) => entry["step"] = step_json(step),
                    Problem::Missing => {}
                }
                entry
            })
            .collect()
    };
    serde_json::json!({
        "missing": entries("missing"),
        "stale": entries("stale"),
        "removable": entries("removable"),
        "wrong_digits": report
            .wrong_digits
            .iter()
            .map(|(c, d)| serde_json::json!({"cell": c.to_string(), "digit": d.get()}))
            .collect::<Vec<_>>(),
        "errors": report.has_errors(),
    })
}

/// The audit in words, a section per kind; marks one step removes are grouped by step.
pub fn audit_text(report: &Audit) -> String {
    let mut text = String::new();
    if !report.wrong_digits.is_empty() {
        text.push_str("Wrong digits:\n");
        for (cell, digit) in &report.wrong_digits {
            text.push_str(&format!("  the {digit} in {cell} is wrong\n"));
        }
    }
    let missing: Vec<String> = report
        .of_kind("missing")
        .map(|f| {
            format!(
                "  {}: {} is not marked, and it is the digit that goes there\n",
                f.cell, f.digit
            )
        })
        .collect();
    if !missing.is_empty() {
        text.push_str("Missing (fatal: these marks can no longer lead to the answer):\n");
        text.push_str(&missing.concat());
    }
    let stale: Vec<String> = report
        .findings
        .iter()
        .filter_map(|f| match f.problem {
            Problem::Stale { peer } => Some(format!(
                "  {}: {} is marked, but {peer} holds {}\n",
                f.cell, f.digit, f.digit
            )),
            _ => None,
        })
        .collect();
    if !stale.is_empty() {
        text.push_str("Stale (a peer already holds the digit):\n");
        text.push_str(&stale.concat());
    }
    let mut by_step: Vec<(&Step, Vec<(Cell, Digit)>)> = Vec::new();
    for finding in &report.findings {
        if let Problem::Removable(step) = &finding.problem {
            let mark = (finding.cell, finding.digit);
            match by_step.iter_mut().find(|(s, _)| *s == step) {
                Some((_, marks)) => marks.push(mark),
                None => by_step.push((step, vec![mark])),
            }
        }
    }
    by_step.sort_by_key(|(step, marks)| (step.technique(), marks[0]));
    if !by_step.is_empty() {
        text.push_str("Removable (a technique removes them; easiest first):\n");
        for (step, marks) in &by_step {
            text.push_str(&format!(
                "  {} removes {}: {}\n",
                step.summary(),
                crate::engine::logic::eliminations_text(marks),
                step.text()
            ));
        }
    }
    let count = |key| report.of_kind(key).count();
    if text.is_empty() {
        text.push_str("The marks are sound: nothing missing, nothing stale, nothing a technique removes yet.\n");
    } else {
        text.push_str(&format!(
            "{} missing, {} stale, {} removable, {} wrong digits.\n",
            count("missing"),
            count("stale"),
            count("removable"),
            report.wrong_digits.len()
        ));
    }
    text
}
