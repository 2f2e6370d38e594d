//! The command line, declared with clap's derive: `pencilmark [COMMAND]`.

use clap::{Parser, Subcommand};

use crate::cmd::solve::SolveArgs;
use crate::cmd::trace::TraceArgs;

/// A Sudoku player for the terminal, with a fast solver that explains itself.
#[derive(Parser, Debug)]
#[command(
    name = "pencilmark",
    version,
    about,
    after_help = "Examples:\n  pencilmark                      play\n  pencilmark solve puzzles.txt    solve every puzzle in a file"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    Solve(SolveArgs),
    /// Watch propagation and search solve one puzzle, event by event.
    Trace(TraceArgs),
}
