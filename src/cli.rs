//! The command line, declared with clap's derive: `pencilmark [COMMAND]`.

use clap::{Parser, Subcommand};

use crate::cmd::play::PlayArgs;
use crate::cmd::solve::SolveArgs;
use crate::cmd::stats::StatsArgs;

/// A Sudoku player for the terminal, with a fast solver that explains itself.
#[derive(Parser, Debug)]
#[command(
    name = "pencilmark",
    version,
    about,
    after_help = "Examples:\n  pencilmark                      play\n  pencilmark solve puzzles.txt    solve every puzzle in a file"
)]
#[command(args_conflicts_with_subcommands = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// With no command: `pencilmark [PUZZLE] [--data-dir DIR]` is `pencilmark play`.
    #[command(flatten)]
    pub play: PlayArgs,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    Play(PlayArgs),
    Solve(SolveArgs),
    Stats(StatsArgs),
}
