//! `pencilmark solve`: solve every puzzle of a file or standard input, one output
//! line per puzzle in input order, streaming in batches so memory stays flat.

use std::io::{self, BufWriter, Write};
use std::time::Instant;

use anyhow::Result;
use clap::Args;

use super::{Exit, shaped};
use crate::engine::Grid;
use crate::engine::formats::Rules;
use crate::engine::geometry::Variant;
use crate::engine::parse::{self, ParseError};
use crate::engine::search::{self, SearchStats};
use crate::input::{Next, Puzzles};

mod pipeline;

/// Solve puzzles: one output line per puzzle, in input order.
#[derive(Args, Debug)]
#[command(
    after_help = "Each puzzle prints its 81-digit solution, `no solution`, or `invalid` \
(with the error on standard error).\n\nExamples:\n  pencilmark solve puzzles.txt\n  \
echo 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4...... | pencilmark solve\n  \
pencilmark solve --count --stats puzzles.txt"
)]
pub struct SolveArgs {
    /// One puzzle per line, a grid, .sdk, .ss or candidate file, or a puzzle itself; `-` or nothing reads standard input.
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
    /// The rules: classic, x (diagonals), windoku or jigsaw; sizes 4x4 to 25x25 are
    /// read from the puzzle. A `# variant: x` header line says the same.
    #[arg(long, value_parser = shaped::parse_variant)]
    pub variant: Option<Variant>,
}

/// Lines solved together: enough to keep every thread busy, few enough to stream
/// (a batch holds about 4096 * 82 bytes of text).
const BATCH: usize = 4096;

/// What became of one puzzle.
pub(crate) enum Outcome {
    Solved(Grid),
    NoSolution,
    Counted(usize),
    /// The puzzle could not be read: the error, with its position.
    Invalid(String),
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

/// A batch of puzzle lines: their text run together, and each line's number and span.
#[derive(Default)]
struct Batch {
    text: String,
    lines: Vec<(usize, usize, usize)>,
}

impl Batch {
    fn len(&self) -> usize {
        self.lines.len()
    }

    fn clear(&mut self) {
        self.text.clear();
        self.lines.clear();
    }

    fn push(&mut self, number: usize, line: &str) {
        let start = self.text.len();
        self.text.push_str(line);
        self.lines.push((number, start, self.text.len()));
    }

    /// Solves lines `range` of the batch, in order.
    fn solve(&self, range: std::ops::Range<usize>, count: bool) -> (Vec<Outcome>, SearchStats) {
        let mut stats = SearchStats::default();
        let outcomes = self.lines[range]
            .iter()
            .map(|&(number, start, end)| {
                let text = &self.text[start..end];
                solve_one(parse::read_line(text, number), number, count, &mut stats)
            })
            .collect();
        (outcomes, stats)
    }
}

/// Runs the command.
pub fn run(args: &SolveArgs) -> Result<Exit> {
    let threads = super::worker_threads("solve", args.threads);
    let mut puzzles = Puzzles::open(args.file.as_deref(), Rules::Checked)?;
    if let Some(variant) = puzzles.shape(args.variant)? {
        let run = (args.stats, threads);
        return shaped::solve(&mut puzzles, variant, args.count, run);
    }
    let stdout = io::stdout();
    let mut report = Report {
        out: BufWriter::with_capacity(1 << 16, stdout.lock()),
        exit: Exit::Done,
        puzzles: 0,
        stats: SearchStats::default(),
        threads,
    };
    let started = Instant::now();
    if threads > 1 {
        pipeline::solve(&mut puzzles, args.count, &mut report, threads)?;
    } else {
        let mut serial = Serial {
            report: &mut report,
            batch: Batch::default(),
            count: args.count,
        };
        feed(&mut puzzles, args.count, &mut serial)?;
    }
    report.finish(args.stats, started)
}

/// Where [`feed`] puts what it reads, in input order: lines to solve, and
/// outcomes already known (a puzzle read whole, a line that is not text).
trait Sink {
    fn line(&mut self, number: usize, text: &str) -> Result<()>;
    /// An outcome known without a batch, with the search's work for it.
    fn outcome(&mut self, outcome: Outcome, stats: SearchStats) -> Result<()>;
    /// The input is over: everything still held is solved and printed.
    fn finish(&mut self) -> Result<()>;
}

/// Reads every puzzle of `puzzles` into `sink`, in order.
fn feed(puzzles: &mut Puzzles, count: bool, sink: &mut impl Sink) -> Result<()> {
    let mut text = String::new();
    while let Some(next) = puzzles.next(&mut text)? {
        let mut stats = SearchStats::default();
        let outcome = match next {
            Next::Line(number) => {
                sink.line(number, &text)?;
                continue;
            }
            Next::BadLine(error) => Outcome::Invalid(error.to_string()),
            Next::Read(read) => match *read {
                Ok(imported) => {
                    // A position in progress (a candidate grid, a SadMan state) is solved from its digits.
                    let givens = imported.position.map_or(imported.givens, |m| m.digits);
                    solve_one(Ok(givens), imported.line, count, &mut stats)
                }
                Err(error) => Outcome::Invalid(error.to_string()),
            },
        };
        sink.outcome(outcome, stats)?;
    }
    sink.finish()
}

/// One thread: lines are gathered in batches, each solved (and printed) when full.
struct Serial<'a, W: Write> {
    report: &'a mut Report<W>,
    batch: Batch,
    count: bool,
}

impl<W: Write> Sink for Serial<'_, W> {
    fn line(&mut self, number: usize, text: &str) -> Result<()> {
        self.batch.push(number, text);
        if self.batch.len() == BATCH {
            self.finish()?;
        }
        Ok(())
    }

    fn outcome(&mut self, outcome: Outcome, stats: SearchStats) -> Result<()> {
        // Keep input order: the lines before this puzzle go first.
        self.finish()?;
        self.report.stats += stats;
        self.report.emit(outcome)
    }

    fn finish(&mut self) -> Result<()> {
        self.report.emit_batch(&self.batch, self.count)?;
        self.batch.clear();
        Ok(())
    }
}

/// Solves one puzzle read without the rules check: a clash between givens makes
/// the solver find nothing, so the check runs only then, to tell `invalid` (with
/// the clash) from `no solution`. Solved puzzles skip it: that is most puzzles.
fn solve_one(
    parsed: Result<Grid, ParseError>,
    line: usize,
    count: bool,
    stats: &mut SearchStats,
) -> Outcome {
    let givens = match parsed {
        Ok(grid) => grid,
        Err(err) => return Outcome::Invalid(err.to_string()),
    };
    let clash = || {
        givens
            .first_conflict()
            .map(|conflict| Outcome::Invalid(ParseError::Conflict { line, conflict }.to_string()))
    };
    if count {
        let counted = search::count_solutions(&givens, 2);
        *stats += counted.stats;
        return match counted.count {
            0 => clash().unwrap_or(Outcome::Counted(0)),
            n => Outcome::Counted(n),
        };
    }
    let solved = search::solve(&givens);
    *stats += solved.stats;
    match solved.solution {
        Some(grid) => Outcome::Solved(grid),
        None => clash().unwrap_or(Outcome::NoSolution),
    }
}

struct Report<W: Write> {
    out: W,
    /// Worker threads for the next batch (fewer after the system refused one).
    threads: usize,
    exit: Exit,
    puzzles: usize,
    stats: SearchStats,
}

impl<W: Write> Report<W> {
    /// Solves a batch on `self.threads` threads, each taking a contiguous share,
    /// and prints the outcomes in input order. A thread the system refuses leaves
    /// its share to the calling thread, and later batches use the threads that started.
    fn emit_batch(&mut self, batch: &Batch, count: bool) -> Result<()> {
        if batch.len() == 0 {
            return Ok(());
        }
        let (results, started) = super::in_shares("solve", batch.len(), self.threads, |range| {
            batch.solve(range, count)
        });
        if self.threads > 1 && started < results.len() {
            // The system refused threads: later batches ask for no more than started.
            self.threads = started.max(1);
        }
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
            Outcome::Solved(grid) => {
                let mut line = [b'\n'; 82];
                line[..81].copy_from_slice(&grid.to_bytes());
                self.out.write_all(&line)?;
            }
            Outcome::NoSolution => self.out.write_all(b"no solution\n")?,
            // Bytes, not `writeln!`: formatting the number cost ~200 instructions a line.
            Outcome::Counted(0) => self.out.write_all(b"0\n")?,
            Outcome::Counted(1) => self.out.write_all(b"1\n")?,
            Outcome::Counted(_) => self.out.write_all(b"2+\n")?,
            Outcome::Invalid(err) => {
                self.out.write_all(b"invalid\n")?;
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
