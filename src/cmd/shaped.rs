//! The commands' path for puzzles of other shapes (sizes 4x4 to 25x25, Sudoku X,
//! Windoku, jigsaw): solving and showing with the engine's [`Geometry`]. `solve`
//! and `show` hand their input here when [`Puzzles::shape`] says it is not a
//! classic 9x9 (by `--variant`, a `# variant:` header, or the line's size), and so
//! do `hint`, `grade` and `explain`, which use the shaped logic ladder
//! ([`crate::engine::geometry::logic`]).

use std::io::Write;
use std::time::Instant;

use anyhow::{Context, Result};

use super::Exit;
use crate::engine::geometry::board::ShapeBoard;
use crate::engine::geometry::format::{self, Puzzle, ShapeReader};
use crate::engine::geometry::logic::{self, ShapeMarks, links};
use crate::engine::geometry::{Geometry, Variant};
use crate::engine::grade::Status;
use crate::engine::search::{self, SearchStats};
use crate::engine::types::{Cell, Digit};
use crate::input::{Next, Puzzles};

/// Parses `--variant NAME` (clap value parser).
pub fn parse_variant(name: &str) -> Result<Variant, String> {
    Variant::from_key(name)
        .ok_or_else(|| format!("unknown variant '{name}' (expected classic, x, windoku or jigsaw)"))
}

/// Lines solved together: enough to keep every thread busy, few enough to stream.
const BATCH: usize = 512;

/// What became of one puzzle line.
struct Answer {
    /// The output line: a solution, `no solution`, a count, or `invalid`.
    line: String,
    /// The reader's complaint, for standard error.
    error: Option<String>,
    exit: Exit,
    /// Seconds the search took (none for an invalid line).
    seconds: Option<f64>,
    stats: SearchStats,
}

/// Where the answers go, in input order.
struct Report<W> {
    out: W,
    exit: Exit,
    stats: SearchStats,
    /// Seconds per puzzle, for the percentiles of `--stats`.
    times: Vec<f64>,
    puzzles: usize,
}

/// `solve` on shaped puzzles: every line of `puzzles`, one answer per puzzle in
/// the puzzle's own alphabet, solved on `threads` threads in batches so memory
/// stays flat and the order never changes.
pub fn solve(
    puzzles: &mut Puzzles,
    variant: Variant,
    count: bool,
    (stats, threads): (bool, usize),
) -> Result<Exit> {
    let started = Instant::now();
    let mut report = Report {
        out: std::io::BufWriter::new(std::io::stdout().lock()),
        exit: Exit::Done,
        stats: SearchStats::default(),
        times: Vec::new(),
        puzzles: 0,
    };
    let mut batch = Vec::new();
    let mut text = String::new();
    while let Some(next) = puzzles.next(&mut text)? {
        let refused = match next {
            Next::Line(number) => {
                batch.push((number, std::mem::take(&mut text)));
                if batch.len() == BATCH {
                    report.emit_all(solve_batch(&batch, variant, count, threads))?;
                    batch.clear();
                }
                continue;
            }
            Next::BadLine(error) => error.to_string(),
            Next::Read(_) => format!(
                "a {} puzzle is read from one line of symbols, not a grid",
                variant.key()
            ),
        };
        report.emit_all(solve_batch(&batch, variant, count, threads))?;
        batch.clear();
        report.emit(Answer::invalid(refused))?;
    }
    report.emit_all(solve_batch(&batch, variant, count, threads))?;
    report.out.flush()?;
    if stats {
        report.summary(started.elapsed().as_secs_f64());
    }
    Ok(report.exit)
}

/// The first puzzle of a shaped input.
fn first_puzzle(puzzles: &mut Puzzles, variant: Variant) -> Result<Puzzle> {
    first_puzzle_by(puzzles, ShapeReader::new(variant))
}

/// The first puzzle of a shaped input, read by `reader`.
pub(super) fn first_puzzle_by(puzzles: &mut Puzzles, mut reader: ShapeReader) -> Result<Puzzle> {
    let variant = reader.variant();
    let mut text = String::new();
    let name = puzzles.name().to_string();
    match puzzles.next(&mut text)? {
        Some(Next::Line(number)) => Ok(reader
            .read(&text, number)
            .with_context(|| format!("cannot read the puzzle in {name}"))?),
        Some(Next::BadLine(error)) => Err(error.into()),
        _ => anyhow::bail!("no {} puzzle line found in {name}", variant.key()),
    }
}

/// `show` on a shaped input: its first puzzle in `format_key`.
pub fn show_first(puzzles: &mut Puzzles, variant: Variant, format_key: &str) -> Result<String> {
    Ok(show(&first_puzzle(puzzles, variant)?, format_key))
}

/// `propagate` on a shaped input: its first puzzle after every forced single
/// (naked and hidden, in every unit of the shape), boxed; a contradiction says
/// so and exits 1.
pub fn propagate_first(puzzles: &mut Puzzles, variant: Variant) -> Result<(String, Exit)> {
    let puzzle = first_puzzle(puzzles, variant)?;
    let geometry = &puzzle.geometry;
    Ok(match ShapeBoard::from_givens(geometry, &puzzle.givens) {
        Ok(board) => {
            let open = board.values().iter().filter(|&&v| v == 0).count();
            let mut shown = boxed(geometry, board.values());
            shown.push_str(&format!("{} cells open\n", open));
            (shown, Exit::Done)
        }
        Err(_) => (
            format!(
                "{}Contradiction: the forced singles leave a cell or a unit without a place\n",
                boxed(geometry, &puzzle.givens)
            ),
            Exit::Failed,
        ),
    })
}

/// Answers the lines of a batch, each thread taking a contiguous share.
fn solve_batch(
    batch: &[(usize, String)],
    variant: Variant,
    count: bool,
    threads: usize,
) -> Vec<Answer> {
    let answer_share = |lines: &[(usize, String)]| {
        let mut shapes = ShapeReader::new(variant);
        lines
            .iter()
            .map(|(line_no, text)| answer(&mut shapes, text, *line_no, count))
            .collect::<Vec<_>>()
    };
    let (shares, _) = super::in_shares("solve", batch.len(), threads, |range| {
        answer_share(&batch[range])
    });
    shares.into_iter().flatten().collect()
}

/// Reads, counts or solves one line.
fn answer(shapes: &mut ShapeReader, text: &str, line: usize, count: bool) -> Answer {
    let puzzle = match shapes.read(text, line) {
        Ok(puzzle) => puzzle,
        Err(err) => return Answer::invalid(err.to_string()),
    };
    let started = Instant::now();
    let counted = search::count_shape(&puzzle.geometry, &puzzle.givens, 1 + usize::from(count));
    let seconds = started.elapsed().as_secs_f64();
    let line = match (&counted.first, count) {
        (_, true) if counted.count >= 2 => "2+".to_string(),
        (_, true) => counted.count.to_string(),
        (Some(solution), false) => format::to_line(&puzzle.geometry, solution),
        (None, false) => "no solution".to_string(),
    };
    Answer {
        line,
        error: None,
        exit: if counted.count == 0 {
            Exit::Failed
        } else {
            Exit::Done
        },
        seconds: Some(seconds),
        stats: counted.stats,
    }
}

impl Answer {
    /// A line that could not be read: `invalid`, and why on standard error.
    fn invalid(error: String) -> Answer {
        Answer {
            line: "invalid".to_string(),
            error: Some(error),
            exit: Exit::BadInput,
            seconds: None,
            stats: SearchStats::default(),
        }
    }
}

impl<W: Write> Report<W> {
    fn emit_all(&mut self, answers: Vec<Answer>) -> Result<()> {
        answers.into_iter().try_for_each(|answer| self.emit(answer))
    }

    fn emit(&mut self, answer: Answer) -> Result<()> {
        self.puzzles += 1;
        self.exit = self.exit.max(answer.exit);
        self.stats += answer.stats;
        self.times.extend(answer.seconds);
        writeln!(self.out, "{}", answer.line)?;
        if let Some(error) = answer.error {
            self.out.flush()?;
            eprintln!("pencilmark solve: {error}");
        }
        Ok(())
    }

    /// `solve: N puzzles, S seconds, P puzzles/s, G guesses, p50 X ms, p99 Y ms`.
    fn summary(&mut self, seconds: f64) {
        self.times.sort_by(f64::total_cmp);
        let at = |q: f64| {
            let n = self.times.len();
            if n == 0 {
                0.0
            } else {
                self.times[((n as f64 * q).ceil() as usize).clamp(1, n) - 1] * 1e3
            }
        };
        eprintln!(
            "solve: {} puzzles, {:.3} seconds, {:.0} puzzles/s, {} guesses, per puzzle p50 {:.3} ms, p99 {:.3} ms",
            self.puzzles,
            seconds,
            self.puzzles as f64 / seconds.max(1e-9),
            self.stats.guesses,
            at(0.5),
            at(0.99),
        );
    }
}

/// A shaped grid boxed: `|` and `---` where two neighbouring cells lie in different
/// regions (so jigsaw pieces show), cells of a diagonal or window in `( )`.
pub fn boxed(geometry: &Geometry, values: &[u8]) -> String {
    let side = geometry.side();
    let alphabet = geometry.alphabet();
    // Whether the wall right of `cell` (row `r`, column `c`) is thick; off the board counts.
    let wall_right = |r: usize, c: usize| {
        c + 1 == side || geometry.region_border(r * side + c, r * side + c + 1)
    };
    // Whether the wall below column `c` of row `r` is thick; `None` is the top edge.
    let wall_below = |r: Option<usize>, c: usize| match r {
        None => true,
        Some(r) => r + 1 == side || geometry.region_border(r * side + c, (r + 1) * side + c),
    };
    let corner_row = |row: Option<usize>| {
        let mut line = String::from("+");
        for col in 0..side {
            line.push_str(if wall_below(row, col) { "---" } else { "   " });
            let above = row.is_some_and(|r| wall_right(r, col));
            let below =
                row.map_or(0, |r| r + 1) < side && wall_right(row.map_or(0, |r| r + 1), col);
            let across = wall_below(row, col) || (col + 1 < side && wall_below(row, col + 1));
            line.push(if above || below || across || col + 1 == side {
                '+'
            } else {
                ' '
            });
        }
        line.push('\n');
        line
    };
    let mut out = corner_row(None);
    for row in 0..side {
        out.push('|');
        for col in 0..side {
            let cell = row * side + col;
            let symbol = match values[cell] {
                0 => '.',
                v => alphabet.symbol(v),
            };
            if geometry.in_extra_unit(cell) {
                out.push_str(&format!("({symbol})"));
            } else {
                out.push_str(&format!(" {symbol} "));
            }
            out.push(if wall_right(row, col) { '|' } else { ' ' });
        }
        out.push('\n');
        out.push_str(&corner_row(Some(row)));
    }
    out
}

/// What `show` prints for a shaped puzzle in `format` (`line`, `json`, or the boxed grid).
pub fn show(puzzle: &Puzzle, format_key: &str) -> String {
    let geometry = &puzzle.geometry;
    let line = format::to_line(geometry, &puzzle.givens);
    match format_key {
        "line" => line,
        "json" => serde_json::json!({
            "grid": line,
            "size": geometry.side(),
            "variant": geometry.variant().key(),
            "solved": puzzle.givens.iter().all(|&v| v != 0),
        })
        .to_string(),
        _ => {
            let mut shown = format!("{} ({})\n", geometry.name(), geometry.alphabet().describe());
            shown.push_str(&boxed(geometry, &puzzle.givens));
            if (0..geometry.cells()).any(|c| geometry.in_extra_unit(c)) {
                shown.push_str("( ) marks the cells of the extra units\n");
            }
            shown
        }
    }
}

/// Effects as JSON, like the classic commands': `[{"cell": "r4c7", "digit": 12}]`.
pub(super) fn shaped_effects_json(
    geometry: &Geometry,
    effects: &[(Cell, Digit)],
) -> serde_json::Value {
    effects
        .iter()
        .map(|&(cell, value)| {
            serde_json::json!({"cell": geometry.cell_name(cell.index()), "digit": value.get()})
        })
        .collect()
}

/// `explain` on a shaped input: its first puzzle solved by the shaped ladder, one
/// step a line (or one JSON object with the classic fields and `guesses`). Exit 0
/// when logic solves it, 1 when it has no solution or logic needed a guess or ran out.
pub fn explain_first(
    puzzles: &mut Puzzles,
    variant: Variant,
    (json, with_links): (bool, bool),
) -> Result<(String, Exit)> {
    let puzzle = first_puzzle(puzzles, variant)?;
    let geometry = &puzzle.geometry;
    let path = logic::explain(geometry, &puzzle.givens);
    // Each step's links as JSON and as running text, read in the position the
    // step was found in (the path replayed from the givens).
    let mut marks = ShapeMarks::from_givens(geometry, &puzzle.givens);
    let links: Vec<(serde_json::Value, Vec<String>)> = path
        .steps
        .iter()
        .map(|step| {
            let said = step.links.iter().map(|l| links::said(&marks, l)).collect();
            let json = super::shaped_hint::links_json(&marks, &step.links);
            step.apply(&mut marks);
            (json, said)
        })
        .collect();
    let exit = if path.solved() && path.guesses() == 0 && path.contradiction.is_none() {
        Exit::Done
    } else {
        Exit::Failed
    };
    let grid = format::to_line(geometry, &path.values);
    if json {
        let steps: Vec<serde_json::Value> = path
            .steps
            .iter()
            .zip(&links)
            .map(|(s, (links, _))| {
                serde_json::json!({
                    "technique": s.basis.key(),
                    "placements": shaped_effects_json(geometry, &s.placements),
                    "eliminations": shaped_effects_json(geometry, &s.eliminations),
                    "text": s.text_in(geometry),
                    "links": links,
                })
            })
            .collect();
        let mut object = serde_json::json!({
            "solved": path.solved(),
            "unique": path.solutions == 1,
            "steps": steps,
            "grid": grid,
            "contradiction": path.contradiction,
            "guesses": path.guesses(),
        });
        if path.solutions == 0 {
            object["error"] = "no solution".into();
        }
        return Ok((format!("{object}\n"), exit));
    }
    if path.solutions == 0 {
        return Ok(("The puzzle has no solution.\n".to_string(), Exit::Failed));
    }
    let mut out = String::new();
    if path.solutions > 1 {
        out.push_str("Note: the puzzle has more than one solution; no guess is made.\n");
    }
    for (i, (step, (_, said))) in path.steps.iter().zip(&links).enumerate() {
        out.push_str(&format!("{}. {}\n", i + 1, step.text_in(geometry)));
        if with_links {
            for (k, text) in said.iter().enumerate() {
                out.push_str(&format!("   link {}: {text}\n", k + 1));
            }
        }
    }
    let count = path.steps.len();
    out.push_str(
        &match (&path.contradiction, path.solved(), path.guesses()) {
            (Some(why), _, _) => format!("Contradiction after {count} steps: {why}.\n"),
            (None, true, 0) => format!("Solved in {count} steps:\n"),
            (None, true, guesses) => {
                format!(
                    "Solved in {count} steps, {guesses} of them guesses (logic alone ran out):\n"
                )
            }
            (None, false, _) => {
                format!("Logic ran out after {count} steps: no known technique applies here.\n")
            }
        },
    );
    out.push_str(&boxed(geometry, &path.values));
    Ok((out, exit))
}

/// `grade` on shaped puzzles: one line per puzzle (`hard 1234 x_wing`, `not
/// unique`, `invalid`...) or one JSON object with the classic fields (`se` null:
/// Sudoku Explainer's ratings are the classic 9x9's).
pub fn grade(puzzles: &mut Puzzles, variant: Variant, json: bool) -> Result<Exit> {
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut exit = Exit::Done;
    let mut shapes = ShapeReader::new(variant);
    let mut text = String::new();
    while let Some(next) = puzzles.next(&mut text)? {
        let read = match next {
            Next::Line(number) => shapes.read(&text, number).map_err(|e| e.to_string()),
            Next::BadLine(error) => Err(error.to_string()),
            Next::Read(_) => Err(format!(
                "a {} puzzle is read from one line of symbols, not a grid",
                variant.key()
            )),
        };
        let puzzle = match read {
            Ok(puzzle) => puzzle,
            Err(error) => {
                writeln!(out, "invalid")?;
                out.flush()?;
                eprintln!("pencilmark grade: {error}");
                exit = exit.max(Exit::BadInput);
                continue;
            }
        };
        let graded = logic::grade(&puzzle.geometry, &puzzle.givens);
        if json {
            let mut object = super::grade::to_value(&graded);
            object["se"] = serde_json::Value::Null;
            writeln!(out, "{object}")?;
        } else {
            writeln!(out, "{}", super::grade::to_line(&graded))?;
        }
        exit = exit.max(match graded.status {
            Status::Graded | Status::Solved => Exit::Done,
            Status::NoSolution | Status::NotUnique => Exit::Failed,
        });
    }
    out.flush()?;
    Ok(exit)
}
