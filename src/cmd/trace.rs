//! `pencilmark trace`: the engine's propagation and search on one puzzle, one
//! event a line (or JSON lines), or only the counts.

use std::io::{self, BufWriter, Write};

use anyhow::Result;
use clap::{Args, ValueEnum};
use serde_json::{Value, json};

use super::Exit;
use crate::engine::formats;
use crate::engine::trace::{self, Ending, Event, Flow, Guess, Order, Outcome, Rules, Settings};
use crate::engine::{Contradiction, Grid};
use crate::input;

/// Trace propagation and search on one puzzle, event by event.
#[derive(Args, Debug)]
#[command(after_help = "Each line is one event: `step [depth] text`, e.g. \
`assign r4c1 = 1 (hidden single in box 4)`, `eliminate 1 from r1c1, r4c5 (peers of r4c1)`, \
`backtrack to the guess r2c5 = 4, try 9`. Guesses and backtracks also show the search path.\n\n\
Examples:\n  \
pencilmark trace 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n  \
pencilmark trace --rules peers --order row-major --summary puzzle.txt\n  \
cat puzzle.txt | pencilmark trace --json - | head")]
pub struct TraceArgs {
    /// An 81-character puzzle, a file holding one, or `-` (or nothing) for standard input.
    pub puzzle: Option<String>,
    /// Propagation rules: peer elimination only, or also hidden singles.
    #[arg(long, value_enum, default_value_t = RulesArg::PeersUnits)]
    pub rules: RulesArg,
    /// Which cell search branches on: fewest candidates first, or row-major order.
    #[arg(long, value_enum, default_value_t = OrderArg::Mrv)]
    pub order: OrderArg,
    /// JSON lines: one object per event (or one object of counts with --summary).
    #[arg(long)]
    pub json: bool,
    /// Print only the counts: assignments, eliminations, guesses, backtracks.
    #[arg(long)]
    pub summary: bool,
    /// Stop searching once this many events have been emitted (exit status 1).
    #[arg(long, value_name = "N", default_value_t = 10_000_000)]
    pub max_events: u64,
    /// The rules: classic, x (diagonals), windoku or jigsaw; sizes 4x4 to 25x25 are
    /// read from the puzzle. Other shapes than the 9x9 trace the search's guesses,
    /// each with the cells its singles fill.
    #[arg(long, value_parser = super::shaped::parse_variant)]
    pub variant: Option<crate::engine::geometry::Variant>,
}

/// `--rules` values.
#[derive(Clone, Copy, PartialEq, Eq, Debug, ValueEnum)]
pub enum RulesArg {
    /// Peer elimination only (naked singles).
    Peers,
    /// Peer elimination and hidden singles.
    #[value(name = "peers+units")]
    PeersUnits,
}

/// `--order` values.
#[derive(Clone, Copy, PartialEq, Eq, Debug, ValueEnum)]
pub enum OrderArg {
    /// The open cell with the fewest candidates.
    Mrv,
    /// The first open cell in row-major order.
    RowMajor,
}

impl TraceArgs {
    fn settings(&self) -> Settings {
        Settings {
            rules: match self.rules {
                RulesArg::Peers => Rules::Peers,
                RulesArg::PeersUnits => Rules::PeersAndUnits,
            },
            order: match self.order {
                OrderArg::Mrv => Order::FewestCandidates,
                OrderArg::RowMajor => Order::RowMajor,
            },
        }
    }
}

/// Runs the command.
pub fn run(args: &TraceArgs) -> Result<Exit> {
    let givens = match read_givens(args.puzzle.as_deref(), args.variant)? {
        Ok(givens) => givens,
        Err((mut puzzles, variant)) => {
            if args.rules == RulesArg::Peers {
                anyhow::bail!(
                    "--rules peers is for the classic 9x9; other shapes propagate both rules"
                );
            }
            let options = super::shaped_trace::TraceOptions {
                order: args.settings().order,
                json: args.json,
                summary: args.summary,
                max_events: args.max_events,
            };
            return super::shaped_trace::trace_first(&mut puzzles, variant, &options);
        }
    };
    let settings = args.settings();
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let outcome = if args.summary {
        trace::count(&givens, settings, args.max_events)
    } else {
        let mut step = 0u64;
        let mut failed: Option<io::Error> = None;
        let outcome = trace::trace(&givens, settings, args.max_events, |event, path| {
            if failed.is_some() {
                return Flow::Stop;
            }
            step += 1;
            let written = if args.json {
                writeln!(out, "{}", event_json(step, event, path))
            } else {
                write_event_line(&mut out, step, event, path)
            };
            match written {
                Ok(()) => Flow::Continue,
                Err(err) => {
                    failed = Some(err);
                    Flow::Stop
                }
            }
        });
        if let Some(err) = failed {
            return finish_on_write_error(err);
        }
        outcome
    };
    if args.summary {
        let written = if args.json {
            writeln!(out, "{}", summary_json(&outcome))
        } else {
            write_summary(&mut out, &outcome)
        };
        if let Err(err) = written {
            return finish_on_write_error(err);
        }
    }
    if let Err(err) = out.flush() {
        return finish_on_write_error(err);
    }
    Ok(match outcome.ending {
        Ending::Solved(_) => Exit::Done,
        Ending::NoSolution => Exit::Failed,
        Ending::Stopped => {
            eprintln!(
                "pencilmark trace: stopped after {} events (raise --max-events)",
                outcome.events
            );
            Exit::Failed
        }
    })
}

/// The puzzle of the PUZZLE argument (the first of a collection, in any format
/// [`input::Puzzles`] reads, read no further; a mistyped puzzle's error names the
/// column, as every command's does). A puzzle of another shape comes back
/// opened, with its variant (`Err`), for the shaped trace.
fn read_givens(
    argument: Option<&str>,
    variant: Option<crate::engine::geometry::Variant>,
) -> Result<Result<Grid, (input::Puzzles, crate::engine::geometry::Variant)>> {
    let mut puzzles = input::Puzzles::open(argument, formats::Rules::Checked)?;
    if let Some(shape) = puzzles.shape(variant)? {
        return Ok(Err((puzzles, shape)));
    }
    let first = input::first_of(&mut puzzles)?;
    // A position in progress (a candidate grid, a SadMan state) is traced from its digits.
    Ok(Ok(first
        .position
        .map_or(first.givens, |position| position.digits)))
}

/// A reader that stopped listening (`| head`) ends the trace quietly.
fn finish_on_write_error(err: io::Error) -> Result<Exit> {
    if err.kind() == io::ErrorKind::BrokenPipe {
        Ok(Exit::Done)
    } else {
        Err(err.into())
    }
}

fn write_event_line(
    out: &mut impl Write,
    step: u64,
    event: &Event,
    path: &[Guess],
) -> io::Result<()> {
    let changes_path = matches!(
        event,
        Event::Assign {
            why: trace::Why::Guess,
            ..
        } | Event::Backtrack { .. }
    );
    if changes_path {
        let shown = if path.is_empty() {
            "(none)".to_string()
        } else {
            trace::path_text(path)
        };
        writeln!(out, "{step:>6} [{}] {event}    path: {shown}", path.len())
    } else {
        writeln!(out, "{step:>6} [{}] {event}", path.len())
    }
}

fn write_summary(out: &mut impl Write, outcome: &Outcome) -> io::Result<()> {
    let counts = outcome.counts;
    writeln!(out, "settings:     {}", outcome.settings)?;
    writeln!(out, "result:       {}", ending_key(outcome.ending))?;
    writeln!(out, "assignments:  {}", counts.assignments)?;
    writeln!(out, "eliminations: {}", counts.eliminations)?;
    writeln!(out, "guesses:      {}", counts.guesses)?;
    writeln!(out, "backtracks:   {}", counts.backtracks)?;
    writeln!(out, "events:       {}", outcome.events)
}

fn ending_key(ending: Ending) -> &'static str {
    match ending {
        Ending::Solved(_) => "solved",
        Ending::NoSolution => "no_solution",
        Ending::Stopped => "stopped",
    }
}

fn summary_json(outcome: &Outcome) -> Value {
    let counts = outcome.counts;
    json!({
        "rules": trace::rules_key(outcome.settings.rules),
        "order": outcome.settings.order.key(),
        "result": ending_key(outcome.ending),
        "solution": outcome.solution().map(|grid| grid.to_line()),
        "assignments": counts.assignments,
        "eliminations": counts.eliminations,
        "guesses": counts.guesses,
        "backtracks": counts.backtracks,
        "events": outcome.events,
    })
}

/// One event as a JSON object: `step`, `depth`, `path`, `event` (the kind), `text`,
/// and the kind's own fields. Cells are `r4c7` strings, digits numbers.
fn event_json(step: u64, event: &Event, path: &[Guess]) -> Value {
    let mut object = json!({
        "step": step,
        "depth": path.len(),
        "path": path.iter().map(|(c, d)| format!("{c}={d}")).collect::<Vec<_>>(),
        "event": event.kind(),
        "text": event.to_string(),
    });
    let fields = match event {
        Event::Assign { cell, digit, why } => {
            let mut fields = json!({
                "cell": cell.to_string(), "digit": digit.get(), "why": why.key(),
            });
            if let trace::Why::HiddenSingle(unit) = why {
                fields["unit"] = json!(unit.to_string());
            }
            fields
        }
        Event::Eliminate {
            digit,
            cells,
            source,
        } => json!({
            "digit": digit.get(),
            "cells": cells.iter().map(ToString::to_string).collect::<Vec<_>>(),
            "source": source.to_string(),
        }),
        Event::EliminateOthers { cell, kept, digits } => json!({
            "cell": cell.to_string(),
            "kept": kept.get(),
            "digits": digits.iter().map(|d| d.get()).collect::<Vec<_>>(),
        }),
        Event::NakedSingle { cell, digit } => {
            json!({ "cell": cell.to_string(), "digit": digit.get() })
        }
        Event::HiddenSingle { digit, cell, unit } => json!({
            "digit": digit.get(), "cell": cell.to_string(), "unit": unit.to_string(),
        }),
        Event::Contradiction(Contradiction::NoCandidates(cell)) => {
            json!({ "cell": cell.to_string() })
        }
        Event::Contradiction(Contradiction::NoPlace { digit, unit }) => {
            json!({ "digit": digit.get(), "unit": unit.to_string() })
        }
        Event::Branch {
            cell,
            candidates,
            order,
        } => json!({
            "cell": cell.to_string(),
            "candidates": candidates.iter().map(|d| d.get()).collect::<Vec<_>>(),
            "order": order.key(),
        }),
        Event::Backtrack { cell, digit, next } => json!({
            "cell": cell.to_string(), "digit": digit.get(), "next": next.map(|d| d.get()),
        }),
        Event::Solved | Event::NoSolution => json!({}),
    };
    if let (Some(object), Value::Object(fields)) = (object.as_object_mut(), fields) {
        object.extend(fields);
    }
    object
}
