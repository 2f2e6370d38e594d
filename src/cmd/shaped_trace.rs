//! `trace` on the other shapes (sizes 4x4 to 25x25, Sudoku X, Windoku, jigsaw):
//! the one readable search (`search/dfs.rs`) on a `ShapeBoard`, told through the
//! search's hooks. The shaped board propagates both rules (naked and hidden
//! singles) inside one call, so its events are the search's: each branch, each
//! guess with the cells its singles fill (or its contradiction), each backtrack,
//! and the solution; the classic 9x9 trace also names every elimination.

use std::io::{self, BufWriter, Write};

use anyhow::Result;
use serde_json::json;

use super::Exit;
use crate::engine::geometry::Geometry;
use crate::engine::geometry::board::ShapeBoard;
use crate::engine::geometry::format::{self, ShapeReader};
use crate::engine::geometry::logic::{cells_text, values_text};
use crate::engine::search::dfs::{self, Flow, Hooks, Order, SearchStats};
use crate::input::{Next, Puzzles};

/// What `trace` asks of a shaped run.
pub struct TraceOptions {
    pub order: Order,
    pub json: bool,
    pub summary: bool,
    pub max_events: u64,
}

/// One event: its kind, its text, and the cell and value it is about.
struct Event {
    kind: &'static str,
    text: String,
    cell: Option<usize>,
    value: Option<u8>,
    /// Cells the event's singles filled.
    filled: Vec<usize>,
}

/// The search's hooks, writing each event as it happens.
struct Tracer<'g, W: Write> {
    geometry: &'g Geometry,
    out: W,
    options: &'g TraceOptions,
    /// The guesses on the way to the current node.
    path: Vec<(usize, u8)>,
    events: u64,
    backtracks: u64,
    solution: Option<Vec<u8>>,
    failed: Option<io::Error>,
}

impl<W: Write> Tracer<'_, W> {
    fn emit(&mut self, event: Event) {
        self.events += 1;
        if self.options.summary || self.failed.is_some() {
            return;
        }
        let name = |c: usize| self.geometry.cell_name(c);
        let written = if self.options.json {
            let object = json!({
                "step": self.events,
                "depth": self.path.len(),
                "path": self.path.iter().map(|&(c, v)| format!("{}={}", name(c), self.geometry.alphabet().symbol(v))).collect::<Vec<_>>(),
                "event": event.kind,
                "text": event.text,
                "cell": event.cell.map(name),
                "digit": event.value,
                "filled": event.filled.iter().map(|&c| name(c)).collect::<Vec<_>>(),
            });
            writeln!(self.out, "{object}")
        } else {
            writeln!(
                self.out,
                "{:>6} [{}] {}",
                self.events,
                self.path.len(),
                event.text
            )
        };
        if let Err(error) = written {
            self.failed = Some(error);
        }
    }

    fn symbol(&self, value: u8) -> char {
        self.geometry.alphabet().symbol(value)
    }
}

impl<'g, W: Write> Hooks<ShapeBoard<'g>> for Tracer<'g, W> {
    fn stop(&mut self) -> bool {
        self.events >= self.options.max_events || self.failed.is_some()
    }

    fn branch(&mut self, _position: &ShapeBoard<'g>, cell: usize, values: &mut Vec<u8>) {
        let text = format!(
            "branch on {}: candidates {}",
            self.geometry.cell_name(cell),
            values_text(self.geometry, values)
        );
        self.emit(Event {
            kind: "branch",
            text,
            cell: Some(cell),
            value: None,
            filled: Vec::new(),
        });
    }

    fn assign(&mut self, next: &mut ShapeBoard<'g>, cell: usize, value: u8) -> bool {
        let before = next.values().to_vec();
        let alive = next.assign(cell, value).is_ok();
        let guess = format!(
            "guess {} = {}",
            self.geometry.cell_name(cell),
            self.symbol(value)
        );
        self.path.push((cell, value));
        let filled: Vec<usize> = (0..before.len())
            .filter(|&c| c != cell && before[c] == 0 && next.value(c) != 0)
            .collect();
        let text = match (alive, filled.is_empty()) {
            (false, _) => format!("{guess}: its singles end in a contradiction"),
            (true, true) => guess,
            (true, false) => format!(
                "{guess}; its singles fill {} cells: {}",
                filled.len(),
                cells_text(self.geometry, &filled)
            ),
        };
        let kind = if alive { "guess" } else { "contradiction" };
        let filled = if alive { filled } else { Vec::new() };
        self.emit(Event {
            kind,
            text,
            cell: Some(cell),
            value: Some(value),
            filled,
        });
        alive
    }

    fn backtrack(&mut self, cell: usize, value: u8, next: Option<u8>) {
        self.backtracks += 1;
        self.path.pop();
        let then = match next {
            Some(other) => format!(", try {}", self.symbol(other)),
            None => ", no value left".to_string(),
        };
        let text = format!(
            "backtrack from {} = {}{then}",
            self.geometry.cell_name(cell),
            self.symbol(value)
        );
        self.emit(Event {
            kind: "backtrack",
            text,
            cell: Some(cell),
            value: Some(value),
            filled: Vec::new(),
        });
    }

    fn solved(&mut self, position: &ShapeBoard<'g>) -> Flow {
        self.solution = Some(position.values().to_vec());
        let text = format!(
            "solved: {}",
            format::to_line(self.geometry, position.values())
        );
        self.emit(Event {
            kind: "solved",
            text,
            cell: None,
            value: None,
            filled: Vec::new(),
        });
        Flow::Stop
    }
}

/// Traces the first puzzle of a shaped input. Exit 0 solved, 1 no solution or
/// stopped at `--max-events`.
pub fn trace_first(
    puzzles: &mut Puzzles,
    variant: crate::engine::geometry::Variant,
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
    let mut tracer = Tracer {
        geometry,
        out: BufWriter::new(stdout.lock()),
        options,
        path: Vec::new(),
        events: 0,
        backtracks: 0,
        solution: None,
        failed: None,
    };
    let mut stats = SearchStats::default();
    let start = ShapeBoard::from_givens(geometry, &puzzle.givens);
    let givens = puzzle.givens.iter().filter(|&&v| v != 0).count();
    match start {
        Ok(board) => {
            let filled = board.values().iter().filter(|&&v| v != 0).count() - givens;
            tracer.emit(Event {
                kind: "propagate",
                text: format!("{givens} givens placed; their singles fill {filled} more cells"),
                cell: None,
                value: None,
                filled: Vec::new(),
            });
            dfs::search(board, options.order, &mut tracer, &mut stats);
        }
        Err(_) => tracer.emit(Event {
            kind: "contradiction",
            text: format!("{givens} givens placed; their singles end in a contradiction"),
            cell: None,
            value: None,
            filled: Vec::new(),
        }),
    }
    let stopped = tracer.solution.is_none() && tracer.events >= options.max_events;
    let result = match (&tracer.solution, stopped) {
        (Some(_), _) => "solved",
        (None, true) => "stopped",
        (None, false) => "no_solution",
    };
    if options.summary {
        let solution = tracer
            .solution
            .as_ref()
            .map(|s| format::to_line(geometry, s));
        let written = if options.json {
            writeln!(
                tracer.out,
                "{}",
                json!({"result": result, "solution": solution, "guesses": stats.guesses,
                    "backtracks": tracer.backtracks, "nodes": stats.nodes, "events": tracer.events})
            )
        } else {
            writeln!(
                tracer.out,
                "result:       {result}\nguesses:      {}\nbacktracks:   {}\nnodes:        {}\nevents:       {}",
                stats.guesses, tracer.backtracks, stats.nodes, tracer.events
            )
        };
        written?;
    }
    match (tracer.failed.take(), tracer.out.flush()) {
        (Some(error), _) | (None, Err(error)) if error.kind() != io::ErrorKind::BrokenPipe => {
            return Err(error.into());
        }
        _ => {}
    }
    if stopped {
        eprintln!(
            "pencilmark trace: stopped after {} events (raise --max-events)",
            tracer.events
        );
    }
    Ok(if result == "solved" {
        Exit::Done
    } else {
        Exit::Failed
    })
}
