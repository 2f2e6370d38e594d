//! `pencilmark grade`: one line per puzzle with its level, score and hardest
//! technique (solving with the easiest step each time), or JSON objects.

use std::collections::BTreeMap;
use std::io::{self, BufWriter, Write};
use std::time::{Duration, Instant};

use anyhow::Result;
use clap::Args;

use super::{Exit, shaped};
use crate::engine::Grid;
use crate::engine::formats::Rules;
use crate::engine::geometry::Variant;
use crate::engine::grade::{self, Grade, Status};
use crate::engine::logic::se::tenths_text;
use crate::engine::logic::{FinderProbe, Technique};
use crate::engine::parse;
use crate::input::{Next, Puzzles};

/// Grade puzzles: level, score and hardest technique, one line each.
#[derive(Args, Debug)]
#[command(
    after_help = "Levels: easy (singles), medium (locked candidates, pairs, triples), hard (quads, fish, \
wings, short chains, uniqueness), expert (longer chains), extreme (forcing chains and nets; a guess only if they fail).\n\
Where the easiest step is a forcing chain or net, its search proves every deduction of its kind on the \
position at once, and grading takes them all as one step (`explain` and `hint` give them one at a time).\n\
A puzzle without exactly one solution prints `no solution` or `not unique` (exit status 1); a filled grid prints `solved`.\n\n\
A puzzle that cannot be read (a line that is not UTF-8 text included) prints `invalid`, its error \
with the line goes to standard error, and grading goes on; a NUL byte or a line over 16 KiB ends \
the run (exit 2).\n\n\
With --scale se each line is Sudoku Explainer's ER/EP/ED instead (`7.2/7.2/2.6`).\n\n\
With --stats, standard error ends with where the time went: per technique, how often its finder \
was asked, how many steps it gave and the time it took, slowest first; then the positions by the \
technique whose step ended them, with the time all the finders asked on them took.\n\n\
Examples:\n  pencilmark grade puzzles.txt\n  pencilmark grade --scale se puzzles.txt\n  pencilmark grade --json puzzles.txt | head\n  \
pencilmark grade --stats puzzles.txt > /dev/null"
)]
pub struct GradeArgs {
    /// One puzzle per line, a grid, .sdk, .ss or candidate file, or a puzzle itself; `-` or nothing reads standard input.
    pub file: Option<String>,
    /// One JSON object per line: {"status", "level", "score", "hardest", "steps": {technique: count}, "guesses", "se": {"er", "ep", "ed", "er_technique"}}.
    #[arg(long)]
    pub json: bool,
    /// The scale of the line output: ours (level, score, hardest) or Sudoku Explainer's ER/EP/ED.
    #[arg(long, value_enum, default_value_t = Scale::Levels)]
    pub scale: Scale,
    /// The rules: classic, x (diagonals), windoku or jigsaw; sizes 4x4 to 25x25 are
    /// read from the puzzle. A `# variant: x` header line says the same.
    #[arg(long, value_parser = shaped::parse_variant)]
    pub variant: Option<Variant>,
    /// After the grades, print to standard error the time each technique's finder took
    /// (classic 9x9 only; --json and --scale se add Sudoku Explainer's own path, which
    /// counts in the total time only).
    #[arg(long)]
    pub stats: bool,
}

/// Which difficulty scale `grade` prints.
#[derive(clap::ValueEnum, Clone, Copy, PartialEq, Eq, Debug)]
pub enum Scale {
    /// Our five levels, score and hardest technique.
    Levels,
    /// Sudoku Explainer's ER/EP/ED ratings.
    Se,
}

/// Runs the command. A puzzle that cannot be read prints `invalid` (its error, with
/// the line, on standard error) and grading goes on with the next line; a line that
/// is not UTF-8 text is one such puzzle. Input that is not text at all (a NUL byte,
/// an endless line) stops the run with its error after the lines before it.
pub fn run(args: &GradeArgs) -> Result<Exit> {
    let mut puzzles = Puzzles::open(args.file.as_deref(), Rules::Checked)?;
    if let Some(variant) = puzzles.shape(args.variant)? {
        if args.scale == Scale::Se {
            anyhow::bail!("--scale se rates classic 9x9 puzzles only (Sudoku Explainer's scale)");
        }
        if args.stats {
            anyhow::bail!("--stats times the classic 9x9 grader only");
        }
        return shaped::grade(&mut puzzles, variant, args.json);
    }
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut exit = Exit::Done;
    let mut text = String::new();
    let mut profile = args.stats.then(Profile::new);
    loop {
        let next = match puzzles.next(&mut text) {
            Ok(Some(next)) => next,
            Ok(None) => break,
            Err(error) => {
                out.flush()?;
                return Err(error.into());
            }
        };
        let read = match next {
            Next::Line(number) => parse::parse_line(&text, number).map_err(|e| e.to_string()),
            Next::BadLine(error) => Err(error.to_string()),
            Next::Read(read) => read
                .map(|imported| imported.givens)
                .map_err(|e| e.to_string()),
        };
        exit = exit.max(emit(&mut out, read, args, profile.as_mut())?);
    }
    out.flush()?;
    if let Some(profile) = profile {
        eprint!("{}", profile.report());
    }
    Ok(exit)
}

fn emit(
    out: &mut impl Write,
    read: Result<Grid, String>,
    args: &GradeArgs,
    profile: Option<&mut Profile>,
) -> Result<Exit> {
    let givens = match read {
        Ok(grid) => grid,
        Err(err) => {
            writeln!(out, "invalid")?;
            out.flush()?;
            eprintln!("pencilmark grade: {err}");
            return Ok(Exit::BadInput);
        }
    };
    let mut graded = match profile {
        Some(profile) => {
            profile.puzzles += 1;
            grade::grade_probed(&givens, profile)
        }
        None => grade::grade(&givens),
    };
    // Sudoku Explainer's ratings come from its own path (its easiest step first).
    if args.json || args.scale == Scale::Se {
        graded.se = grade::se_ratings(&givens).unwrap_or(graded.se);
    }
    writeln!(
        out,
        "{}",
        match (args.json, args.scale) {
            (true, _) => to_json(&graded),
            (false, Scale::Se) if graded.status == Status::Graded => se_line(&graded),
            (false, _) => to_line(&graded),
        }
    )?;
    Ok(match graded.status {
        Status::Graded | Status::Solved => Exit::Done,
        Status::NoSolution | Status::NotUnique => Exit::Failed,
    })
}

/// The hardest step's key: "guess" exactly when the solve guessed.
fn hardest_key(graded: &Grade) -> Option<&'static str> {
    match (graded.status, graded.guesses, graded.hardest) {
        (Status::Graded, 0, Some(t)) => Some(t.key()),
        (Status::Graded, _, _) => Some("guess"),
        _ => None,
    }
}

/// `hard 1234 x_wing`, or `solved`, `no solution`, `not unique`.
pub fn to_line(graded: &Grade) -> String {
    match graded.status {
        Status::Graded => format!(
            "{} {} {}",
            graded.level.key(),
            graded.score,
            hardest_key(graded).unwrap_or("guess")
        ),
        Status::Solved => "solved".to_string(),
        Status::NoSolution => "no solution".to_string(),
        Status::NotUnique => "not unique".to_string(),
    }
}

/// `7.2/7.2/2.6`: Sudoku Explainer's ER/EP/ED.
pub fn se_line(graded: &Grade) -> String {
    let se = graded.se;
    format!(
        "{}/{}/{}",
        tenths_text(se.er),
        tenths_text(se.ep),
        tenths_text(se.ed)
    )
}

/// `{"status": "graded", "level": "hard", "score": 1234, "hardest": "x_wing", "steps": {...}, "guesses": 0}`;
/// level, score and hardest are null unless the status is "graded".
pub fn to_json(graded: &Grade) -> String {
    to_value(graded).to_string()
}

/// [`to_json`] as a value, for callers that adjust a field.
pub fn to_value(graded: &Grade) -> serde_json::Value {
    let steps: serde_json::Map<String, serde_json::Value> = graded
        .steps
        .iter()
        .map(|(t, n)| (t.key().to_string(), (*n).into()))
        .collect();
    let graded_only = graded.status == Status::Graded;
    serde_json::json!({
        "status": graded.status.key(),
        "level": graded_only.then(|| graded.level.key()),
        "score": graded_only.then_some(graded.score),
        "hardest": hardest_key(graded),
        "steps": steps,
        "guesses": graded.guesses,
        "se": graded_only.then(|| serde_json::json!({
            "er": f64::from(graded.se.er) / 10.0,
            "ep": f64::from(graded.se.ep) / 10.0,
            "ed": f64::from(graded.se.ed) / 10.0,
            "er_technique": graded.se.er_technique,
        })),
    })
}

/// Where grading's time went, finder by finder (`--stats`).
struct Profile {
    started: Instant,
    /// When the finder being asked started.
    asked: Instant,
    /// The puzzles graded.
    puzzles: usize,
    rows: BTreeMap<Technique, Row>,
    /// The finders' time on the position being solved, so far.
    position: Duration,
    /// Per technique, the positions whose step it found and the time all the
    /// finders asked on them took (the easier ones' included).
    ended: BTreeMap<Technique, Ended>,
}

/// The positions one technique's steps ended, and the finders' time on them.
#[derive(Default)]
struct Ended {
    positions: u64,
    time: Duration,
}

/// One technique's finder: how often it was asked, the steps it gave, its time.
#[derive(Default)]
struct Row {
    calls: u64,
    steps: u64,
    time: Duration,
}

impl FinderProbe for Profile {
    fn asking(&mut self, _: Technique) {
        self.asked = Instant::now();
    }

    fn answered(&mut self, technique: Technique, found: bool) {
        let spent = self.asked.elapsed();
        let row = self.rows.entry(technique).or_default();
        row.calls += 1;
        row.steps += u64::from(found);
        row.time += spent;
        self.position += spent;
        if found {
            let ended = self.ended.entry(technique).or_default();
            ended.positions += 1;
            ended.time += std::mem::take(&mut self.position);
        }
    }
}

impl Profile {
    fn new() -> Profile {
        let now = Instant::now();
        Profile {
            started: now,
            asked: now,
            puzzles: 0,
            rows: BTreeMap::new(),
            position: Duration::ZERO,
            ended: BTreeMap::new(),
        }
    }

    /// The table, slowest finder first (ties in ladder order), after a line
    /// with the puzzles, the whole time and the finders' share of it; then the
    /// positions by the technique whose step ended them, costliest first.
    fn report(&self) -> String {
        let total = self.started.elapsed().as_secs_f64();
        let finders: Duration = self.rows.values().map(|row| row.time).sum();
        let finders = finders.as_secs_f64();
        let rate = if total > 0.0 {
            self.puzzles as f64 / total
        } else {
            0.0
        };
        let mut report = format!(
            "graded {} puzzles in {total:.2} s ({rate:.1} puzzles/s), {finders:.2} s in the finders\n{:<34} {:>9} {:>7} {:>10} {:>6}\n",
            self.puzzles, "finder", "calls", "steps", "ms", "share"
        );
        for (technique, row) in costliest_first(&self.rows, |row| row.time) {
            let seconds = row.time.as_secs_f64();
            report += &format!(
                "{:<34} {:>9} {:>7} {:>10.1} {:>5.1}%\n",
                technique.name(),
                row.calls,
                row.steps,
                seconds * 1000.0,
                share(seconds, finders)
            );
        }
        report += &format!(
            "\n{:<34} {:>9} {:>10} {:>6}\n",
            "positions ended by", "positions", "ms", "share"
        );
        for (technique, ended) in costliest_first(&self.ended, |ended| ended.time) {
            let seconds = ended.time.as_secs_f64();
            report += &format!(
                "{:<34} {:>9} {:>10.1} {:>5.1}%\n",
                technique.name(),
                ended.positions,
                seconds * 1000.0,
                share(seconds, finders)
            );
        }
        report
    }
}

/// The entries of `map`, the longest `time` first (ties in ladder order).
fn costliest_first<V>(
    map: &BTreeMap<Technique, V>,
    time: impl Fn(&V) -> Duration,
) -> Vec<(&Technique, &V)> {
    let mut entries: Vec<_> = map.iter().collect();
    entries.sort_by(|a, b| time(b.1).cmp(&time(a.1)).then(a.0.cmp(b.0)));
    entries
}

/// `part` of `whole` (seconds) in percent; 0 of nothing.
fn share(part: f64, whole: f64) -> f64 {
    if whole > 0.0 {
        part / whole * 100.0
    } else {
        0.0
    }
}
