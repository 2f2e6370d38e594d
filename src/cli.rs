//! The command line, declared with clap's derive: `pencilmark [COMMAND]`.

use clap::{Parser, Subcommand};

use crate::cmd::audit::AuditArgs;
use crate::cmd::completions::CompletionsArgs;
use crate::cmd::explain::ExplainArgs;
use crate::cmd::generate::GenerateArgs;
use crate::cmd::grade::GradeArgs;
use crate::cmd::hint::HintArgs;
use crate::cmd::man::ManArgs;
use crate::cmd::play::PlayArgs;
use crate::cmd::propagate::PropagateArgs;
use crate::cmd::replay::ReplayArgs;
use crate::cmd::show::ShowArgs;
use crate::cmd::solve::SolveArgs;
use crate::cmd::stats::StatsArgs;
use crate::cmd::trace::TraceArgs;
use crate::cmd::why::WhyArgs;

/// A Sudoku player for the terminal, with a fast solver that explains itself.
#[derive(Parser, Debug)]
#[command(
    name = "pencilmark",
    version,
    about,
    after_help = "Examples:\n  pencilmark                      play\n  pencilmark solve puzzles.txt    solve every puzzle in a file"
)]
#[command(args_conflicts_with_subcommands = true, propagate_version = true)]
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
    /// Explain the next step of a position, or name its mistakes.
    Hint(HintArgs),
    /// Print a puzzle boxed, with candidates, or as a line, candidate grid or JSON.
    Show(ShowArgs),
    /// Apply every forced single and print the grid.
    Propagate(PropagateArgs),
    /// Solve with human techniques, explaining each step.
    Explain(ExplainArgs),
    /// Grade puzzles: level, score and hardest technique.
    Grade(GradeArgs),
    /// Generate graded puzzles with exactly one solution.
    Generate(GenerateArgs),
    Stats(StatsArgs),
    /// Watch propagation and search solve one puzzle, event by event.
    Trace(TraceArgs),
    /// Why a cell cannot hold a digit: a peer, a unit, a technique, or search.
    Why(WhyArgs),
    /// Audit pencil marks: missing solution digits, stale marks, marks a technique removes.
    Audit(AuditArgs),
    /// Replay a game: each move annotated, the first wrong move, a summary per technique.
    Replay(ReplayArgs),
    /// Print a shell completion script: bash, zsh, fish, elvish or powershell.
    Completions(CompletionsArgs),
    /// Print the manual page (roff), or write every page to a directory.
    Man(ManArgs),
}
