//! `trace` on the other shapes (sizes 4x4 to 25x25, Sudoku X, Windoku, jigsaw),
//! written from the engine's events of the search on a shape ([`ShapeEvent`],
//! the ones learn mode records), so the search is watched for tracing in one
//! place (`engine::trace`). The shaped board propagates both rules (naked and
//! hidden singles) inside one call, so its events are the search's: the givens
//! placed, each branch, each guess with the cells its singles fill (or its
//! contradiction), each backtrack, and the solution; the classic 9x9 trace also
//! names every elimination.

use std::io::{self, BufWriter, Write};

use anyhow::Result;
use serde_json::json;

use super::Exit;
use crate::engine::geometry::board::ShapeBoard;
use crate::engine::geometry::format::{self, ShapeReader};
use crate::engine::geometry::logic::{cells_text, values_text};
use crate::engine::geometry::{Geometry, Variant};
use crate::engine::search::dfs::{Flow, Order};
use crate::engine::trace::{Rules, Settings, ShapeEvent, Traced};
use crate::input::{Next, Puzzles};

/// What `trace` asks of a shaped run.
pub struct TraceOptions {
    pub order: Order,
    pub json: bool,
    pub summary: bool,
    pub max_events: u64,
}

/// One event as `trace` writes it: its kind, its text, the cell and value it is
/// about, and the cells its singles filled.
struct Line<'e> {
    kind: &'static str,
    text: String,
    cell: Option<usize>,
    value: Option<u8>,
    filled: &'e [usize],
}

/// How `event` reads in `trace` (a puzzle of `givens` givens); `None` for the
/// end without a solution, which the result says.
fn line<'e>(geometry: &Geometry, givens: usize, event: &'e ShapeEvent) -> Option<Line<'e>> {
    let name = |c: usize| geometry.cell_name(c);
    let symbol = |v: u8| geometry.alphabet().symbol(v);
    let line = match event {
        ShapeEvent::Givens { dead: true, .. } => Line {
            kind: "contradiction",
            text: format!("{givens} givens placed; their singles end in a contradiction"),
            cell: None,
            value: None,
            filled: &[],
        },
        ShapeEvent::Givens { filled, .. } => Line {
            kind: "propagate",
            text: format!(
                "{givens} givens placed; their singles fill {} more cells",
                filled.len()
            ),
            cell: None,
            value: None,
            filled: &[],
        },
        ShapeEvent::Branch { cell, values } => Line {
            kind: "branch",
            text: format!(
                "branch on {}: candidates {}",
                name(*cell),
                values_text(geometry, values)
            ),
            cell: Some(*cell),
            value: None,
            filled: &[],
        },
        ShapeEvent::Guess {
            cell,
            value,
            filled,
            dead,
            ..
        } => {
            let guess = format!("guess {} = {}", name(*cell), symbol(*value));
            let text = match (dead, filled.len()) {
                (true, _) => format!("{guess}: its singles end in a contradiction"),
                (false, 0) => guess,
                (false, n) => format!(
                    "{guess}; its singles fill {n} cells: {}",
                    cells_text(geometry, filled)
                ),
            };
            Line {
                kind: if *dead { "contradiction" } else { "guess" },
                text,
                cell: Some(*cell),
                value: Some(*value),
                filled,
            }
        }
        ShapeEvent::Backtrack { cell, value, next } => {
            let then = match next {
                Some(other) => format!(", try {}", symbol(*other)),
                None => ", no value left".to_string(),
            };
            Line {
                kind: "backtrack",
                text: format!("backtrack from {} = {}{then}", name(*cell), symbol(*value)),
                cell: Some(*cell),
                value: Some(*value),
                filled: &[],
            }
        }
        ShapeEvent::Solved { values } => Line {
            kind: "solved",
            text: format!("solved: {}", format::to_line(geometry, values)),
            cell: None,
            value: None,
            filled: &[],
        },
        ShapeEvent::NoSolution => return None,
    };
    Some(line)
}

/// Writes each event's line as the run hands it over, keeping the search path.
struct Writer<'g, W: Write> {
    geometry: &'g Geometry,
    givens: usize,
    out: W,
    options: &'g TraceOptions,
    /// The guesses on the way to the current node.
    path: Vec<(usize, u8)>,
    /// Events written (or counted, with `--summary`).
    events: u64,
    failed: Option<io::Error>,
}

impl<W: Write> Writer<'_, W> {
    /// Writes `event`'s line; [`Flow::Stop`] once writing failed (the reader went away).
    fn event(&mut self, event: &ShapeEvent) -> Flow {
        match event {
            ShapeEvent::Guess { cell, value, .. } => self.path.push((*cell, *value)),
            ShapeEvent::Backtrack { .. } => {
                self.path.pop();
            }
            _ => {}
        }
        if let Some(line) = line(self.geometry, self.givens, event) {
            self.events += 1;
            if !self.options.summary
                && self.failed.is_none()
                && let Err(error) = self.write(&line)
            {
                self.failed = Some(error);
            }
        }
        if self.failed.is_some() {
            Flow::Stop
        } else {
            Flow::Continue
        }
    }

    fn write(&mut self, line: &Line) -> io::Result<()> {
        let geometry = self.geometry;
        let name = |c: usize| geometry.cell_name(c);
        if !self.options.json {
            let depth = self.path.len();
            return writeln!(self.out, "{:>6} [{depth}] {}", self.events, line.text);
        }
        let path = self.path.iter().map(|&(c, v)| {
            let symbol = geometry.alphabet().symbol(v);
            format!("{}={symbol}", name(c))
        });
        let object = json!({
            "step": self.events,
            "depth": self.path.len(),
            "path": path.collect::<Vec<_>>(),
            "event": line.kind,
            "text": line.text,
            "cell": line.cell.map(name),
            "digit": line.value,
            "filled": line.filled.iter().map(|&c| name(c)).collect::<Vec<_>>(),
        });
        writeln!(self.out, "{object}")
    }
}

/// Traces the first puzzle of a shaped input. Exit 0 solved, 1 no solution or
/// stopped at `--max-events`.
pub fn trace_first(
    puzzles: &mut Puzzles,
    variant: Variant,
    options: &TraceOptions,
) -> Result<Exit> {
    let mut text = String::new();
    let puzzle = match puzzles.next(&mut text)? {
        Some(Next::Line(number)) => ShapeReader::new(variant).read(&text, number)?,
        Some(Next::BadLine(error)) => return Err(error.into()),
        _ => anyhow::bail!(
            "no {} puzzle line found in {}",
            variant.key(),
            puzzles.name()
        ),
    };
    let geometry = &puzzle.geometry;
    let stdout = io::stdout();
    let mut writer = Writer {
        geometry,
        givens: puzzle.givens.iter().filter(|&&v| v != 0).count(),
        out: BufWriter::new(stdout.lock()),
        options,
        path: Vec::new(),
        events: 0,
        failed: None,
    };
    let settings = Settings {
        rules: Rules::PeersAndUnits,
        order: options.order,
    };
    let outcome = ShapeBoard::run(&puzzle, settings, options.max_events, |event| {
        writer.event(&event)
    });
    let solution = outcome.solution();
    // At the limit without a solution is "stopped", even where the givens were
    // dead: the contract this command has always kept.
    let stopped = solution.is_none() && writer.events >= options.max_events;
    let result = match (&solution, stopped) {
        (Some(_), _) => "solved",
        (None, true) => "stopped",
        (None, false) => "no_solution",
    };
    if options.summary {
        let (counts, events) = (outcome.counts, writer.events);
        let solution = solution.map(|s| format::to_line(geometry, &s));
        let written = if options.json {
            writeln!(
                writer.out,
                "{}",
                json!({"result": result, "solution": solution, "guesses": counts.guesses,
                    "backtracks": counts.backtracks, "nodes": counts.nodes, "events": events})
            )
        } else {
            writeln!(
                writer.out,
                "result:       {result}\nguesses:      {}\nbacktracks:   {}\nnodes:        {}\nevents:       {events}",
                counts.guesses, counts.backtracks, counts.nodes
            )
        };
        written?;
    }
    match (writer.failed.take(), writer.out.flush()) {
        (Some(error), _) | (None, Err(error)) if error.kind() != io::ErrorKind::BrokenPipe => {
            return Err(error.into());
        }
        _ => {}
    }
    if stopped {
        eprintln!(
            "pencilmark trace: stopped after {} events (raise --max-events)",
            writer.events
        );
    }
    Ok(if result == "solved" {
        Exit::Done
    } else {
        Exit::Failed
    })
}
