//! `pencilmark grade`: one line per puzzle with its level, score and hardest
//! technique (solving with the easiest step each time), or JSON objects.

use std::io::{self, BufRead, BufWriter, Write};

use anyhow::{Context, Result};
use clap::Args;

use super::Exit;
use crate::engine::grade::{self, Grade};
use crate::engine::parse;
use crate::input;

/// Grade puzzles: level, score and hardest technique, one line each.
#[derive(Args, Debug)]
#[command(
    after_help = "Levels: easy (singles), medium (locked candidates, pairs, triples), hard (quads, fish, \
wings, short chains, uniqueness), expert (longer chains), extreme (forcing chains and nets; a guess only if they fail).\n\n\
Examples:\n  pencilmark grade puzzles.txt\n  pencilmark grade --json puzzles.txt | head"
)]
pub struct GradeArgs {
    /// One puzzle per line (or a single grid); `-` or nothing reads standard input.
    pub file: Option<String>,
    /// One JSON object per line: {"level", "score", "hardest", "steps": {technique: count}, "guesses"}.
    #[arg(long)]
    pub json: bool,
}

/// Runs the command.
pub fn run(args: &GradeArgs) -> Result<Exit> {
    let mut reader = input::open(args.file.as_deref())?;
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut exit = Exit::Done;
    let mut text = String::new();
    let mut first = true;
    let mut line_no = 0;
    loop {
        text.clear();
        let read = reader
            .read_line(&mut text)
            .with_context(|| format!("cannot read {}", input::describe(args.file.as_deref())))?;
        if read == 0 {
            break;
        }
        line_no += 1;
        if parse::is_skippable(&text) {
            continue;
        }
        if first && !parse::is_puzzle_line(&text) {
            // A single multi-line grid: read it whole.
            let mut rest = String::new();
            reader.read_to_string(&mut rest)?;
            let whole = "\n".repeat(line_no - 1) + &text + &rest;
            for (_, result) in parse::parse_puzzles(&whole) {
                exit = exit.max(emit(&mut out, result, args.json)?);
            }
            break;
        }
        first = false;
        exit = exit.max(emit(
            &mut out,
            parse::parse_line(text.trim_end(), line_no),
            args.json,
        )?);
    }
    out.flush()?;
    Ok(exit)
}

fn emit(
    out: &mut impl Write,
    parsed: Result<crate::engine::Grid, parse::ParseError>,
    json: bool,
) -> Result<Exit> {
    let givens = match parsed {
        Ok(grid) => grid,
        Err(err) => {
            writeln!(out, "invalid")?;
            eprintln!("pencilmark grade: {err}");
            return Ok(Exit::BadInput);
        }
    };
    let graded = grade::grade(&givens);
    writeln!(
        out,
        "{}",
        if json {
            to_json(&graded)
        } else {
            to_line(&graded)
        }
    )?;
    Ok(Exit::Done)
}

fn hardest_key(graded: &Grade) -> &'static str {
    graded.hardest.map_or("guess", |t| t.key())
}

/// `hard 1234 x_wing`.
pub fn to_line(graded: &Grade) -> String {
    format!(
        "{} {} {}",
        graded.level.key(),
        graded.score,
        hardest_key(graded)
    )
}

/// `{"level": "hard", "score": 1234, "hardest": "x_wing", "steps": {...}, "guesses": 0}`.
pub fn to_json(graded: &Grade) -> String {
    let steps: serde_json::Map<String, serde_json::Value> = graded
        .steps
        .iter()
        .map(|(t, n)| (t.key().to_string(), (*n).into()))
        .collect();
    serde_json::json!({
        "level": graded.level.key(),
        "score": graded.score,
        "hardest": hardest_key(graded),
        "steps": steps,
        "guesses": graded.guesses,
    })
    .to_string()
}
