//! `pencilmark stats`: the statistics of finished games, per level. Read-only:
//! it never creates, moves or changes a file.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Result;
use clap::Args;
use serde::Serialize;

use super::Exit;
use crate::app::stats::{LevelStats, Stats, TechniqueStats};
use crate::app::ui::clock;
use crate::engine::grade::Level;
use crate::engine::logic::Technique;
use crate::store::Store;

/// Show the statistics of finished games per level (other shapes per shape:
/// `16x16`, `9x9 jigsaw`...): how many, how many
/// unaided (no hint, propagation, check, solve or learn-mode keep), and the
/// best and average times of the unaided ones; then the weakness profile:
/// per technique, what the finished games' replays found (moves it proved,
/// moves made while it was open and easier, wrong moves made while it was).
#[derive(Args, Debug, Default)]
#[command(
    after_help = "Examples:\n  pencilmark stats\n  pencilmark stats --json\n  \
pencilmark stats --data-dir /tmp/pm"
)]
pub struct StatsArgs {
    /// Where the statistics live (default: the user's data directory, or $PENCILMARK_DATA_DIR).
    #[arg(long, value_name = "DIR")]
    pub data_dir: Option<PathBuf>,
    /// Print JSON: {"levels": {"easy": {"finished", "unaided", "assisted",
    /// "assists", "best_ms", "average_ms"}, ...}, "shapes": {"16x16": the same
    /// fields, ...}, "techniques": {"hidden_single":
    /// {"games", "used", "missed", "mistakes"}, ...}}; times over unaided games only.
    #[arg(long)]
    pub json: bool,
}

/// One level's line of `stats --json` (a stable contract).
#[derive(Serialize)]
struct LevelReport {
    finished: u32,
    unaided: u32,
    assisted: u32,
    /// Assists over all finished games.
    assists: u64,
    /// Unaided games only; `null` before the first.
    best_ms: Option<u64>,
    average_ms: Option<u64>,
}

/// The levels in order, easiest first, then "ungraded".
fn levels() -> impl Iterator<Item = &'static str> {
    Level::ALL
        .iter()
        .map(|l| l.key())
        .chain(std::iter::once("ungraded"))
}

impl LevelReport {
    fn of(s: &LevelStats) -> LevelReport {
        LevelReport {
            finished: s.finished,
            unaided: s.unaided,
            assisted: s.finished.saturating_sub(s.unaided),
            assists: s.assists,
            best_ms: s.best_ms,
            average_ms: s.average_ms(),
        }
    }
}

fn report(stats: &Stats) -> Vec<(&'static str, LevelReport)> {
    levels()
        .filter_map(|key| Some((key, LevelReport::of(stats.levels.get(key)?))))
        .collect()
}

/// The other shapes' rows, by shape name (`12x12`, `9x9 jigsaw`...).
fn shape_report(stats: &Stats) -> Vec<(String, LevelReport)> {
    stats
        .shapes
        .iter()
        .map(|(shape, s)| (shape.clone(), LevelReport::of(s)))
        .collect()
}

/// Runs the command.
pub fn run(args: &StatsArgs) -> Result<Exit> {
    let store = Store::find(args.data_dir.as_deref())?;
    let loaded = store.peek_stats();
    if let Some(notice) = &loaded.notice {
        eprintln!("pencilmark stats: {notice}");
    }
    let stats = loaded.value.unwrap_or_default();
    let rows = report(&stats);
    let shape_rows = shape_report(&stats);
    // Written with `?`: a closed pipe (`| head`) ends the command quietly.
    let mut out = std::io::stdout().lock();
    if args.json {
        let levels: serde_json::Map<String, serde_json::Value> = rows
            .iter()
            .map(|(key, row)| Ok((key.to_string(), serde_json::to_value(row)?)))
            .collect::<Result<_>>()?;
        let techniques: serde_json::Map<String, serde_json::Value> = profile(&stats)
            .iter()
            .map(|(technique, row)| Ok((technique.key().to_string(), serde_json::to_value(row)?)))
            .collect::<Result<_>>()?;
        let shapes: serde_json::Map<String, serde_json::Value> = shape_rows
            .iter()
            .map(|(shape, row)| Ok((shape.clone(), serde_json::to_value(row)?)))
            .collect::<Result<_>>()?;
        let json = serde_json::json!({
            "levels": levels,
            "shapes": shapes,
            "techniques": techniques
        });
        writeln!(out, "{}", serde_json::to_string_pretty(&json)?)?;
        return Ok(Exit::Done);
    }
    if rows.is_empty() && shape_rows.is_empty() {
        writeln!(
            out,
            "No finished games yet (statistics in {}).",
            store.dir().display()
        )?;
        return Ok(Exit::Done);
    }
    writeln!(
        out,
        "{:<12} {:>8} {:>8} {:>9} {:>9}",
        "level", "finished", "unaided", "best", "average"
    )?;
    let time = |ms: Option<u64>| ms.map_or("-".to_string(), clock);
    let shape_rows = shape_rows.iter().map(|(shape, row)| (shape.as_str(), row));
    for (key, row) in rows.iter().map(|(key, row)| (*key, row)).chain(shape_rows) {
        writeln!(
            out,
            "{:<12} {:>8} {:>8} {:>9} {:>9}",
            key,
            row.finished,
            row.unaided,
            time(row.best_ms),
            time(row.average_ms)
        )?;
    }
    writeln!(out, "(best and average over unaided games only)")?;
    print_profile(&mut out, &stats)?;
    Ok(Exit::Done)
}

/// The weakness profile's rows, easiest technique first (keys this version
/// does not know are left out).
fn profile(stats: &Stats) -> Vec<(Technique, TechniqueStats)> {
    let mut rows: Vec<(Technique, TechniqueStats)> = stats
        .techniques
        .iter()
        .filter_map(|(key, row)| Some((Technique::from_key(key)?, *row)))
        .collect();
    rows.sort_by_key(|(technique, _)| *technique);
    rows
}

/// The profile as a table, then the technique missed most ("you miss X-Wings").
fn print_profile(out: &mut impl Write, stats: &Stats) -> Result<()> {
    let rows = profile(stats);
    if rows.is_empty() {
        return Ok(());
    }
    writeln!(out)?;
    writeln!(
        out,
        "{:<30} {:>6} {:>6} {:>8} {:>6}",
        "technique", "used", "missed", "mistakes", "games"
    )?;
    for (technique, row) in &rows {
        writeln!(
            out,
            "{:<30} {:>6} {:>6} {:>8} {:>6}",
            technique.name(),
            row.used,
            row.missed,
            row.mistakes,
            row.games
        )?;
    }
    let most_missed = rows
        .iter()
        .filter(|(_, row)| row.missed > 0)
        .max_by_key(|(technique, row)| (row.missed, std::cmp::Reverse(*technique)));
    match most_missed {
        Some((technique, row)) => writeln!(
            out,
            "You miss {} most: {} of your {} made while one was open and easier.",
            technique.name(),
            row.missed,
            if row.missed == 1 {
                "moves was"
            } else {
                "moves were"
            },
        )?,
        None => writeln!(out, "No easier step was missed in the replayed games.")?,
    }
    Ok(())
}
