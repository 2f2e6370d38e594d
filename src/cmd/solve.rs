//! `pencilmark solve`: solve every puzzle of a file or standard input, one output
//! line per puzzle in input order, streaming in batches so memory stays flat.

use std::io::{self, BufRead, BufWriter, Write};
use std::time::Instant;

use anyhow::{Context, Result};
use clap::Args;

use super::Exit;
use crate::engine::Grid;
use crate::engine::parse::{self, ParseError};
use crate::engine::search::{self, SearchStats};
use crate::input;

/// Solve puzzles: one output line per puzzle, in input order.
#[derive(Args, Debug)]
#[command(
    after_help = "Each puzzle prints its 81-digit solution, `no solution`, or `invalid` \
(with the error on standard error).\n\nExamples:\n  pencilmark solve puzzles.txt\n  \
echo 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4...... | pencilmark solve\n  \
pencilmark solve --count --stats puzzles.txt"
)]
pub struct SolveArgs {
    /// One puzzle per line, or a single multi-line grid; `-` or nothing reads standard input.
    pub file: Option<String>,
    /// Print 0, 1 or 2+ (the number of solutions) instead of the solution.
    #[arg(long)]
    pub count: bool,
    /// Worker threads (default: all cores). Output order never changes.
    #[arg(long, value_name = "N")]
    pub threads: Option<usize>,
    /// Print one summary line to standard error: puzzles, seconds, puzzles per second, guesses.
    #[arg(long)]
    pub stats: bool,
}

/// Lines solved together: enough to keep every thread busy, few enough to stream.
const BATCH: usize = 4096;

/// What became of one puzzle.
enum Outcome {
    Solved(Grid),
    NoSolution,
    Counted(usize),
    Invalid(ParseError),
}

impl Outcome {
    fn exit(&self) -> Exit {
        match self {
            Outcome::Solved(_) | Outcome::Counted(1..) => Exit::Done,
            Outcome::NoSolution | Outcome::Counted(0) => Exit::Failed,
            Outcome::Invalid(_) => Exit::BadInput,
        }
    }
}

/// Runs the command.
pub fn run(args: &SolveArgs) -> Result<Exit> {
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    let mut reader = input::open(args.file.as_deref())?;
    let stdout = io::stdout();
    let mut report = Report {
        out: BufWriter::new(stdout.lock()),
        exit: Exit::Done,
        puzzles: 0,
        stats: SearchStats::default(),
    };
    let started = Instant::now();
    let mut line_no = 0;
    let mut batch: Vec<(usize, String)> = Vec::with_capacity(BATCH);
    let mut text = String::new();
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
        if line_no_is_first_content(&batch, report.puzzles) && !parse::starts_with_full_line(&text)
        {
            let mut rest = String::new();
            reader.read_to_string(&mut rest)?;
            let whole = leading_blank_lines(line_no) + &text + &rest;
            for (_, result) in parse::parse_puzzles(&whole) {
                let outcome = solve_one(result, args.count, &mut report.stats);
                report.emit(outcome)?;
            }
            return report.finish(args.stats, started);
        }
        batch.push((line_no, text.trim_end().to_string()));
        if batch.len() == BATCH {
            report.emit_batch(&batch, args.count, threads)?;
            batch.clear();
        }
    }
    report.emit_batch(&batch, args.count, threads)?;
    report.finish(args.stats, started)
}

fn line_no_is_first_content(batch: &[(usize, String)], done: usize) -> bool {
    batch.is_empty() && done == 0
}

/// Blank lines that keep a grid's error line numbers true to the input.
fn leading_blank_lines(line_no: usize) -> String {
    "\n".repeat(line_no - 1)
}

fn solve_one(parsed: Result<Grid, ParseError>, count: bool, stats: &mut SearchStats) -> Outcome {
    let givens = match parsed {
        Ok(grid) => grid,
        Err(err) => return Outcome::Invalid(err),
    };
    if count {
        let counted = search::count_solutions(&givens, 2);
        *stats += counted.stats;
        return Outcome::Counted(counted.count);
    }
    let solved = search::solve(&givens);
    *stats += solved.stats;
    match solved.solution {
        Some(grid) => Outcome::Solved(grid),
        None => Outcome::NoSolution,
    }
}

struct Report<W: Write> {
    out: W,
    exit: Exit,
    puzzles: usize,
    stats: SearchStats,
}

impl<W: Write> Report<W> {
    fn emit_batch(&mut self, batch: &[(usize, String)], count: bool, threads: usize) -> Result<()> {
        let chunk = batch.len().div_ceil(threads).max(1);
        let results: Vec<(Vec<Outcome>, SearchStats)> = std::thread::scope(|scope| {
            let workers: Vec<_> = batch
                .chunks(chunk)
                .map(|part| {
                    scope.spawn(move || {
                        let mut stats = SearchStats::default();
                        let outcomes = part
                            .iter()
                            .map(|(n, line)| {
                                solve_one(parse::parse_line(line, *n), count, &mut stats)
                            })
                            .collect();
                        (outcomes, stats)
                    })
                })
                .collect();
            workers
                .into_iter()
                .map(|w| w.join().expect("solver thread panicked"))
                .collect()
        });
        for (outcomes, stats) in results {
            self.stats += stats;
            for outcome in outcomes {
                self.emit(outcome)?;
            }
        }
        Ok(())
    }

    fn emit(&mut self, outcome: Outcome) -> Result<()> {
        self.puzzles += 1;
        self.exit = self.exit.max(outcome.exit());
        match &outcome {
            Outcome::Solved(grid) => writeln!(self.out, "{}", grid.to_line())?,
            Outcome::NoSolution => writeln!(self.out, "no solution")?,
            Outcome::Counted(n) if *n >= 2 => writeln!(self.out, "2+")?,
            Outcome::Counted(n) => writeln!(self.out, "{n}")?,
            Outcome::Invalid(err) => {
                writeln!(self.out, "invalid")?;
                eprintln!("pencilmark solve: {err}");
            }
        }
        Ok(())
    }

    fn finish(mut self, stats: bool, started: Instant) -> Result<Exit> {
        self.out.flush()?;
        if stats {
            let seconds = started.elapsed().as_secs_f64();
            eprintln!(
                "solve: {} puzzles, {:.3} seconds, {:.0} puzzles/s, {} guesses",
                self.puzzles,
                seconds,
                self.puzzles as f64 / seconds.max(1e-9),
                self.stats.guesses
            );
        }
        Ok(self.exit)
    }
}

/// What `pencilmark` with no arguments shows until the player exists: a puzzle and its solution.
pub fn demo() -> Result<Exit> {
    let puzzle = parse::parse_line(DEMO, 1).expect("the demo puzzle is valid");
    let solution = search::solve(&puzzle)
        .solution
        .expect("the demo puzzle has a solution");
    println!("{}\n{}", puzzle.to_line(), solution.to_line());
    Ok(Exit::Done)
}

/// Arto Inkala's "world's hardest sudoku" (2012).
const DEMO: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
