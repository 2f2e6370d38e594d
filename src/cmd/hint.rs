//! `pencilmark hint`: the next thing to deduce in a position, and why, at the level
//! of help asked for; mistakes in the position come first.

use std::io::Write;

use anyhow::Result;
use clap::Args;

use super::show::{boxed_candidates, effects_json, read_game_in};
use super::{Exit, shaped, shaped_hint};
use crate::engine::formats::Rules;
use crate::engine::geometry::Variant;
use crate::engine::hint::{self, Hint, HintLevel};
use crate::engine::logic::Basis;

/// Explain the next step of a position, or name its mistakes.
#[derive(Args, Debug)]
#[command(
    after_help = "Levels: 1 a nudge, 2 the technique and where, 3 the full explanation, 4 the move applied.\n\n\
Examples:\n  pencilmark hint 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n  \
pencilmark hint --level 1 position.txt\n  pencilmark hint --givens puzzle.txt --json position.txt\n  \
pencilmark hint --givens ..1..3....32.... 4.1..3....32....   # any shape: a wrong value is named"
)]
pub struct HintArgs {
    /// The position: an 81-character line, a grid or a candidate grid (pencil marks), a file, or `-`.
    pub puzzle: Option<String>,
    /// The puzzle's givens (a puzzle line of the position's shape, or a file); without it the position's digits are the givens.
    #[arg(long, value_name = "GIVENS")]
    pub givens: Option<String>,
    /// How much help: 1 nudge, 2 technique and where, 3 full explanation, 4 the move applied.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u8).range(1..=4))]
    pub level: u8,
    /// One JSON object: kind, technique, placements, eliminations, cells, text (and for a step: name, units, links).
    #[arg(long)]
    pub json: bool,
    /// The rules: classic, x (diagonals), windoku or jigsaw; sizes 4x4 to 25x25 are
    /// read from the puzzle. A `# variant: x` header line says the same.
    #[arg(long, value_parser = shaped::parse_variant)]
    pub variant: Option<Variant>,
}

/// Runs the command.
pub fn run(args: &HintArgs) -> Result<Exit> {
    let mut out = std::io::stdout().lock();
    // With givens, the position is a game in progress: clashing digits are mistakes to name.
    let rules = if args.givens.is_some() {
        Rules::Unchecked
    } else {
        Rules::Checked
    };
    let mut puzzles = crate::input::Puzzles::open(args.puzzle.as_deref(), rules)?;
    if let Some(variant) = puzzles.shape(args.variant)? {
        let (shown, exit) = shaped_hint::hint_first(
            &mut puzzles,
            variant,
            (args.level, args.json),
            args.givens.as_deref(),
        )?;
        write!(out, "{shown}")?;
        return Ok(exit);
    }
    let (position, givens) = read_game_in(&mut puzzles, args.givens.as_deref())?;
    let answer = hint::hint(&givens, &position);
    let text = answer.text(HintLevel::from_number(args.level));
    let after = answer.applied(&position);
    if args.json {
        let (technique, eliminations, cells) = match &answer {
            // A guess names the cell it places in, as its only cell.
            Hint::Step(step) if step.basis == Basis::Guess => (
                Some(step.basis.key()),
                effects_json(&[]),
                step.placements.iter().map(|(c, _)| c.to_string()).collect(),
            ),
            Hint::Step(step) => (
                Some(step.basis.key()),
                effects_json(&step.eliminations),
                step.pattern
                    .iter()
                    .map(|(c, _)| c.to_string())
                    .collect::<Vec<_>>(),
            ),
            Hint::Mistake { wrong } => (
                None,
                effects_json(&[]),
                wrong.iter().map(|(c, _)| c.to_string()).collect(),
            ),
            _ => (None, effects_json(&[]), Vec::new()),
        };
        let mut object = serde_json::json!({
            "kind": answer.kind(),
            "technique": technique,
            "placements": effects_json(&answer.placements()),
            "eliminations": eliminations,
            "cells": cells,
            "text": text,
            "level": args.level,
        });
        // A guess has no technique to name, no links and no units.
        if let Some(step) = answer.step().filter(|s| s.basis != Basis::Guess) {
            object["name"] = step.basis.name().into();
            object["links"] = super::show::links_json(&step.links, Some(&position));
            object["units"] = step
                .units
                .iter()
                .map(|u| u.to_string())
                .collect::<Vec<_>>()
                .into();
        }
        if args.level >= HintLevel::Apply as u8 {
            object["position"] = after.digits().to_line().into();
        }
        writeln!(out, "{object}")?;
    } else {
        writeln!(out, "{text}")?;
        if args.level >= HintLevel::Apply as u8 && after != position {
            write!(out, "{}", boxed_candidates(&after))?;
        }
    }
    Ok(match answer {
        Hint::Step(_) | Hint::Solved => Exit::Done,
        _ => Exit::Failed,
    })
}
