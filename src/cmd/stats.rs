//! `pencilmark stats`: the statistics of finished games, per level.

use std::path::PathBuf;

use anyhow::Result;
use clap::Args;

use super::Exit;
use crate::app::ui::clock;
use crate::engine::grade::Level;
use crate::store::Store;

/// Show the statistics of finished games: count, best and average time, hints used.
#[derive(Args, Debug, Default)]
#[command(
    after_help = "Examples:\n  pencilmark stats\n  pencilmark stats --json\n  \
pencilmark stats --data-dir /tmp/pm"
)]
pub struct StatsArgs {
    /// Where the statistics live (default: the user's data directory, or $PENCILMARK_DATA_DIR).
    #[arg(long, value_name = "DIR")]
    pub data_dir: Option<PathBuf>,
    /// Print the statistics file's JSON.
    #[arg(long)]
    pub json: bool,
}

/// Runs the command.
pub fn run(args: &StatsArgs) -> Result<Exit> {
    let store = Store::find(args.data_dir.as_deref())?;
    let loaded = store.peek_stats();
    if let Some(notice) = &loaded.notice {
        eprintln!("pencilmark stats: {notice}");
    }
    let stats = loaded.value.unwrap_or_default();
    if args.json {
        println!("{}", serde_json::to_string_pretty(&stats)?);
        return Ok(Exit::Done);
    }
    if stats.levels.is_empty() {
        println!(
            "No finished games yet (statistics in {}).",
            store.dir().display()
        );
        return Ok(Exit::Done);
    }
    println!(
        "{:<10} {:>8} {:>9} {:>9} {:>6}",
        "level", "finished", "best", "average", "hints"
    );
    let order = Level::ALL
        .iter()
        .map(|l| l.key())
        .chain(std::iter::once("ungraded"));
    for key in order {
        if let Some(s) = stats.levels.get(key) {
            println!(
                "{:<10} {:>8} {:>9} {:>9} {:>6}",
                key,
                s.finished,
                clock(s.best_secs.unwrap_or(0) * 1000),
                clock(s.average_secs() * 1000),
                s.hints
            );
        }
    }
    Ok(Exit::Done)
}
