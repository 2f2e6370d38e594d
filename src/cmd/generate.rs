//! `pencilmark generate`: new puzzles at a level, one line each, in a stable order.
//!
//! Puzzle `i` comes from its own random stream `(seed, i)`, so threads only change
//! how fast the lines come, never what they say; lines are printed in index order
//! as soon as every earlier one is done.

use std::collections::BTreeMap;
use std::io::{self, BufWriter, Write};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{SystemTime, UNIX_EPOCH};

use anyhow::Result;
use clap::Args;
use serde::Serialize;

use super::Exit;
use crate::engine::generate::{self, GenerateError, Generated, Request, Symmetry};
use crate::engine::geometry::generate::{Keep, generate_shape};
use crate::engine::geometry::{Variant, format, logic};
use crate::engine::grade::{Grade, Level};
use crate::engine::logic::Technique;

/// Generate puzzles with exactly one solution, graded at the asked level.
#[derive(Args, Debug)]
#[command(
    after_help = "Every puzzle has exactly one solution, is minimal (no clue, or \
symmetric pair of clues, can be removed) and is graded at the asked level by the logic \
grader. The same --seed prints the same puzzles on every machine, whatever --threads.\n\n\
Examples:\n  pencilmark generate\n  \
pencilmark generate --difficulty hard --count 10 --seed 42\n  \
pencilmark generate --difficulty easy --symmetry rotational --grade\n  \
pencilmark generate --difficulty expert --count 5 --json\n  \
pencilmark generate --difficulty extreme --count 5 --walk\n  \
pencilmark generate --needs x_wing --count 3 --grade\n  \
pencilmark generate --size 6 --count 5 --seed 1\n  \
pencilmark generate --variant jigsaw --size 9 --json\n  \
pencilmark generate --size 16 --seed 3"
)]
pub struct GenerateArgs {
    /// easy, medium, hard, expert or extreme (default medium). Other shapes than
    /// the classic 9x9 (default: any level) are graded by the shape logic
    /// ladder; easy ones keep clues while singles alone solve them (not
    /// minimal), the other levels are minimal.
    #[arg(long, short, value_parser = parse_level, value_name = "LEVEL")]
    pub difficulty: Option<Level>,
    /// How many puzzles to print.
    #[arg(long, short = 'n', default_value_t = 1, value_name = "N")]
    pub count: usize,
    /// Random seed (default: from the clock, printed on standard error).
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// none, rotational (180 degrees) or mirror (left-right).
    #[arg(long, default_value = "none", value_parser = parse_symmetry, value_name = "KIND")]
    pub symmetry: Symmetry,
    /// Worker threads (default: all cores). Output never changes with it.
    #[arg(long, value_name = "N")]
    pub threads: Option<usize>,
    /// Follow each puzzle with its grade: level, score, hardest technique.
    #[arg(long)]
    pub grade: bool,
    /// One JSON object per line: puzzle, solution, clues, level, score, hardest, steps, symmetry, seed, index, attempts.
    #[arg(long, conflicts_with = "grade")]
    pub json: bool,
    /// Puzzles whose hardest step is this technique (its key, e.g. x_wing;
    /// an unknown key lists them all), instead of a level.
    #[arg(long, value_parser = parse_technique, value_name = "TECHNIQUE", conflicts_with = "difficulty")]
    pub needs: Option<Technique>,
    /// Extreme only: make the puzzles by vicinity walks (one clue out, one in:
    /// distinct puzzles, unique, minimal and Extreme, ~1.5x faster), so each
    /// shares all clues but one with an earlier one. By default every puzzle
    /// comes from a fresh grid of its own. Not with --symmetry, --needs or
    /// another shape (exit 2).
    #[arg(long, conflicts_with = "needs")]
    pub walk: bool,
    /// Graded puzzles to try for each one before giving up (other shapes: at
    /// most 1,000).
    #[arg(long, default_value_t = generate::DEFAULT_MAX_ATTEMPTS, value_name = "N")]
    pub max_attempts: u32,
    /// Side of the board: 4, 6, 8, 9, 12, 16 or 25. Other shapes than the classic 9x9
    /// are unique, graded by the shape logic ladder and laid out with --symmetry
    /// too; minimal up to 12x12 (no clue, or symmetric pair, can go), and a 16x16
    /// when its --json says "minimal": true (a 25x25 is not proved minimal).
    #[arg(long, default_value_t = 9, value_name = "N")]
    pub size: usize,
    /// classic, x (diagonals), windoku (9x9) or jigsaw (random regions; the line
    /// carries a second field of region numbers).
    #[arg(long, value_parser = super::shaped::parse_variant)]
    pub variant: Option<Variant>,
}

fn parse_level(text: &str) -> Result<Level, String> {
    Level::ALL
        .into_iter()
        .find(|level| level.key().eq_ignore_ascii_case(text))
        .ok_or_else(|| format!("unknown level {text:?} (easy, medium, hard, expert, extreme)"))
}

fn parse_technique(text: &str) -> Result<Technique, String> {
    Technique::ALL
        .into_iter()
        .find(|technique| technique.key().eq_ignore_ascii_case(text))
        .ok_or_else(|| {
            let keys: Vec<&str> = Technique::ALL.iter().map(|t| t.key()).collect();
            format!("unknown technique {text:?} ({})", keys.join(", "))
        })
}

fn parse_symmetry(text: &str) -> Result<Symmetry, String> {
    Symmetry::ALL
        .into_iter()
        .find(|symmetry| symmetry.key().eq_ignore_ascii_case(text))
        .ok_or_else(|| format!("unknown symmetry {text:?} (none, rotational, mirror)"))
}

/// The `--json` line: a stable contract.
#[derive(Serialize)]
struct JsonPuzzle<'a> {
    puzzle: String,
    solution: String,
    clues: usize,
    level: Level,
    score: u32,
    hardest: Option<&'a str>,
    steps: BTreeMap<&'a str, usize>,
    symmetry: Symmetry,
    seed: u64,
    index: usize,
    /// Puzzles graded to find this one.
    attempts: u32,
}

/// The grade as the collections write it: `level score hardest`.
pub fn grade_text(grade: &Grade) -> String {
    format!(
        "{} {} {}",
        grade.level.key(),
        grade.score,
        grade.hardest.map_or("none", |t| t.key())
    )
}

/// Runs the command.
pub fn run(args: &GenerateArgs) -> Result<Exit> {
    if let Some(why) = walk_refused(args) {
        eprintln!("pencilmark generate: {why}");
        return Ok(Exit::BadInput);
    }
    let seed = args.seed.unwrap_or_else(|| {
        let seed = clock_seed();
        eprintln!("pencilmark: seed {seed} (pass --seed {seed} to repeat)");
        seed
    });
    if args.size != 9 || args.variant.is_some_and(|v| v.key() != "classic") {
        let variant = args.variant.unwrap_or_default();
        return generate_shapes(args, variant, seed);
    }
    let request = Request {
        symmetry: args.symmetry,
        max_attempts: args.max_attempts,
        with_grade: args.json || args.grade,
        walk: args.walk,
        ..args.needs.map_or_else(
            || Request::new(args.difficulty.unwrap_or(Level::Medium)),
            Request::needing,
        )
    };
    let threads = super::worker_threads("generate", args.threads).clamp(1, args.count.max(1));
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut exit = Exit::Done;
    let mut emit = |index: usize, result: Result<Generated, GenerateError>| -> Result<()> {
        match result {
            Ok(generated) => {
                write_puzzle(&mut out, args, seed, index, &generated)?;
                // Flush per puzzle: slow levels should show progress line by line.
                out.flush()?;
            }
            Err(err) => {
                eprintln!("pencilmark: puzzle {index}: {err}");
                exit = Exit::Failed;
            }
        }
        Ok(())
    };
    match generate_in_order(&request, seed, args.count, threads, &mut emit) {
        // The reader went away (`| head`): what it wanted was printed.
        Err(err) if is_broken_pipe(&err) => Ok(Exit::Done),
        Err(err) => Err(err),
        Ok(()) => Ok(exit),
    }
}

/// Why `--walk` does not apply to this request, if it does not: walks make
/// Extreme classic puzzles only, and a flag silently ignored would mislead.
fn walk_refused(args: &GenerateArgs) -> Option<String> {
    if !args.walk {
        return None;
    }
    if args.size != 9 || args.variant.is_some_and(|v| v.key() != "classic") {
        return Some(
            "--walk makes classic 9x9 puzzles only (drop --size/--variant or --walk)".into(),
        );
    }
    if args.symmetry != Symmetry::None {
        return Some(
            "--walk and --symmetry do not go together: a walk's clue swaps break symmetry".into(),
        );
    }
    match args.difficulty {
        Some(Level::Extreme) => None,
        Some(level) => Some(format!(
            "--walk makes Extreme puzzles only, not {} (use --difficulty extreme or drop --walk)",
            level.key()
        )),
        None => Some("--walk needs --difficulty extreme".into()),
    }
}

fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.downcast_ref::<io::Error>()
        .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
}

/// Generates puzzles `0..count` of `seed` on `threads` workers, a run
/// ([`generate::run`]) at a time, and hands them to `emit` in index order. When the system refuses a thread, the workers that
/// started share the work; when it refuses them all, the calling thread does it.
pub fn generate_in_order(
    request: &Request,
    seed: u64,
    count: usize,
    threads: usize,
    emit: &mut dyn FnMut(usize, Result<Generated, GenerateError>) -> Result<()>,
) -> Result<()> {
    // Workers take whole runs (a walk's puzzles, or one fresh puzzle), so the
    // puzzles do not depend on how many workers there are.
    let run_length = request.run_length() as usize;
    let next = AtomicUsize::new(0);
    let (sender, receiver) = mpsc::channel();
    std::thread::scope(|scope| -> Result<()> {
        let mut started = 0;
        for _ in 0..threads {
            let sender = sender.clone();
            let next = &next;
            let worker = move || {
                loop {
                    let start = next.fetch_add(1, Ordering::Relaxed) * run_length;
                    if start >= count {
                        break;
                    }
                    let made = generate::run(request, seed, start as u64);
                    for (index, result) in (start..count.min(start + run_length)).zip(made) {
                        if sender.send((index, result)).is_err() {
                            return;
                        }
                    }
                }
            };
            match std::thread::Builder::new().spawn_scoped(scope, worker) {
                Ok(_) => started += 1,
                Err(error) => {
                    super::report_spawn_failure("generate", &error, started);
                    break;
                }
            }
        }
        drop(sender);
        if started == 0 {
            for start in (0..count).step_by(run_length) {
                let made = generate::run(request, seed, start as u64);
                for (index, result) in (start..count.min(start + run_length)).zip(made) {
                    emit(index, result)?;
                }
            }
            return Ok(());
        }
        let mut waiting = BTreeMap::new();
        let mut due = 0;
        for (index, result) in receiver.iter() {
            waiting.insert(index, result);
            while let Some(result) = waiting.remove(&due) {
                if let Err(err) = emit(due, result) {
                    // Stop the workers before reporting (a closed pipe, say).
                    next.store(count.div_ceil(run_length), Ordering::Relaxed);
                    return Err(err);
                }
                due += 1;
            }
        }
        Ok(())
    })
}

fn write_puzzle(
    out: &mut impl Write,
    args: &GenerateArgs,
    seed: u64,
    index: usize,
    generated: &Generated,
) -> Result<()> {
    let grade = generated.grade.as_ref();
    if let Some(grade) = grade.filter(|_| args.json) {
        let json = JsonPuzzle {
            puzzle: generated.givens.to_line(),
            solution: generated.solution.to_line(),
            clues: generated.givens.filled(),
            level: grade.level,
            score: grade.score,
            hardest: grade.hardest.map(|t| t.key()),
            steps: grade.steps.iter().map(|(t, &n)| (t.key(), n)).collect(),
            symmetry: args.symmetry,
            seed,
            index,
            attempts: generated.attempts,
        };
        writeln!(out, "{}", serde_json::to_string(&json)?)?;
    } else if let Some(grade) = grade.filter(|_| args.grade) {
        writeln!(out, "{} {}", generated.givens.to_line(), grade_text(grade))?;
    } else {
        writeln!(out, "{}", generated.givens.to_line())?;
    }
    Ok(())
}

/// `generate --size N --variant V`: `count` unique puzzles of the shape, puzzle
/// `index` drawn from `(seed, index)` like the classic generator's (with
/// `--difficulty`, the first of that stream's puzzles at the level); a jigsaw's
/// line carries its regions as a second field.
fn generate_shapes(args: &GenerateArgs, variant: Variant, seed: u64) -> Result<Exit> {
    // Easy puzzles lose clues only while singles still solve them (more clues
    // than minimal, so a ladder grade of easy is nearly sure); every other level
    // starts from a minimal puzzle and keeps it when the ladder grades it so.
    let keep = match args.difficulty {
        Some(Level::Easy) => Keep::Singles,
        _ => Keep::Unique,
    };
    let max_attempts = args.max_attempts.min(SHAPE_MAX_ATTEMPTS);
    let mut out = BufWriter::new(io::stdout().lock());
    let mut exit = Exit::Done;
    for index in 0..args.count {
        let mut rng = generate::rng_for(seed, index as u64);
        let mut attempts = 0;
        let found = loop {
            attempts += 1;
            let (geometry, puzzle) =
                generate_shape(args.size, variant, keep, args.symmetry, &mut rng)?;
            // Graded only when something asks (a 16x16's ladder walk costs).
            let grade = (args.difficulty.is_some() || args.grade || args.json)
                .then(|| logic::grade(&geometry, &puzzle.givens));
            if args
                .difficulty
                .is_none_or(|wanted| grade.as_ref().map(|g| g.level) == Some(wanted))
            {
                break Some((geometry, puzzle, grade));
            }
            if attempts >= max_attempts {
                break None;
            }
        };
        let Some((geometry, puzzle, grade)) = found else {
            eprintln!("pencilmark: puzzle {index}: none at this level in {attempts} attempts");
            exit = Exit::Failed;
            continue;
        };
        let mut line = format::to_line(&geometry, &puzzle.givens);
        let regions: Vec<u8> = (0..geometry.cells())
            .map(|cell| geometry.region_of(cell) as u8 + 1)
            .collect();
        let regions = (variant == Variant::Jigsaw).then(|| format::to_line(&geometry, &regions));
        if args.json {
            let value = serde_json::json!({
                "puzzle": line,
                "solution": format::to_line(&geometry, &puzzle.solution),
                "regions": regions,
                "clues": puzzle.givens.iter().filter(|&&v| v != 0).count(),
                "minimal": puzzle.minimal,
                "symmetry": args.symmetry,
                "level": grade.as_ref().map(|g| g.level),
                "score": grade.as_ref().map(|g| g.score),
                "hardest": grade.as_ref().and_then(|g| g.hardest.map(|t| t.key())),
                "size": args.size,
                "variant": variant.key(),
                "seed": seed,
                "index": index,
                "attempts": attempts,
            });
            writeln!(out, "{value}")?;
        } else {
            if let Some(regions) = regions {
                line = format!("{line} {regions}");
            }
            if let Some(grade) = grade.as_ref().filter(|_| args.grade) {
                line = format!("{line} {}", grade_text(grade));
            }
            writeln!(out, "{line}")?;
        }
        // Flush per puzzle: a 16x16 takes seconds, so lines show as they come.
        out.flush()?;
    }
    Ok(exit)
}

/// Puzzles of another shape tried for one at the asked level, at the most.
const SHAPE_MAX_ATTEMPTS: u32 = 1_000;

/// A seed from the clock, for runs that did not ask for one.
fn clock_seed() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_nanos() as u64)
}
