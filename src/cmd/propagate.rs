//! `pencilmark propagate`: applies forced singles until none is left and prints
//! the grid, with the numbered log on request; stops at a contradiction and says where.

use std::io::Write;

use anyhow::Result;
use clap::Args;

use super::Exit;
use super::show::{boxed, position_of};
use crate::engine::formats::Rules;
use crate::engine::logic;

/// Apply every forced single (Full House, Hidden Single, Naked Single).
#[derive(Args, Debug)]
#[command(
    after_help = "Examples:\n  pencilmark propagate 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n  \
pencilmark propagate --explain position.txt"
)]
pub struct PropagateArgs {
    /// An 81-character puzzle, a file (grid, line or candidate grid), or `-`.
    pub puzzle: Option<String>,
    /// Print the numbered log of singles before the grid.
    #[arg(long)]
    pub explain: bool,
    /// The rules: classic, x (diagonals), windoku or jigsaw; sizes 4x4 to 25x25 are
    /// read from the puzzle. A `# variant: x` header line says the same.
    #[arg(long, value_parser = super::shaped::parse_variant)]
    pub variant: Option<crate::engine::geometry::Variant>,
}

/// Runs the command.
pub fn run(args: &PropagateArgs) -> Result<Exit> {
    let mut out = std::io::stdout().lock();
    let mut puzzles = crate::input::Puzzles::open(args.puzzle.as_deref(), Rules::Checked)?;
    if let Some(variant) = puzzles.shape(args.variant)? {
        let (shown, exit) = super::shaped::propagate_first(&mut puzzles, variant)?;
        write!(out, "{shown}")?;
        return Ok(exit);
    }
    let mut board = position_of(crate::input::first_of(&mut puzzles)?);
    let result = logic::propagate(&mut board);
    if args.explain {
        for (i, step) in result.steps.iter().enumerate() {
            writeln!(out, "{}. {}", i + 1, step.text())?;
        }
    }
    write!(out, "{}", boxed(board.digits()))?;
    match result.contradiction {
        Some(why) => {
            writeln!(out, "Contradiction: {why}")?;
            Ok(Exit::Failed)
        }
        None => {
            if args.explain {
                writeln!(
                    out,
                    "{} singles placed; {} cells open",
                    result.steps.len(),
                    board.open_cells().count()
                )?;
            }
            Ok(Exit::Done)
        }
    }
}
