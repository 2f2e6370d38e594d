//! `pencilmark explain`: the whole logical solution path, one step a line, easiest
//! step first, ending in the solved grid or the step where logic ran out.

use std::io::Write;

use anyhow::Result;
use clap::Args;

use super::show::{boxed, boxed_candidates, effects_json, links_json, position_of};
use super::{Exit, shaped};
use crate::engine::formats::Rules;
use crate::engine::geometry::Variant;
use crate::engine::logic::links::said;
use crate::engine::logic::{self, Technique};
use crate::engine::search;

/// Solve with human techniques, explaining each step.
#[derive(Args, Debug)]
#[command(
    after_help = "Exit status 0 when logic solves the puzzle, 1 when it runs out (or there is no solution).\n\n\
Examples:\n  pencilmark explain 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n  \
pencilmark explain --links puzzle.txt\n  \
pencilmark explain --json puzzle.txt"
)]
pub struct ExplainArgs {
    /// An 81-character puzzle, a file (grid, line or candidate grid), or `-`.
    pub puzzle: Option<String>,
    /// One JSON object: {"solved", "unique", "steps": [{"technique", "placements", "eliminations", "text", "links"}], "grid"};
    /// each link {"from": {"cell", "digit"}, "to", "strong", "kind", "unit", "text"}.
    #[arg(long)]
    pub json: bool,
    /// Under each step, its links in order (strong and weak, the candidate at each
    /// end) with their running text: "r2c5 is not 4, so r2c8 is 4 (strong link in row 2)".
    #[arg(long)]
    pub links: bool,
    /// The rules: classic, x (diagonals), windoku or jigsaw; sizes 4x4 to 25x25 are
    /// read from the puzzle. A `# variant: x` header line says the same.
    #[arg(long, value_parser = shaped::parse_variant)]
    pub variant: Option<Variant>,
}

/// Runs the command.
pub fn run(args: &ExplainArgs) -> Result<Exit> {
    let mut out = std::io::stdout().lock();
    let mut puzzles = crate::input::Puzzles::open(args.puzzle.as_deref(), Rules::Checked)?;
    if let Some(variant) = puzzles.shape(args.variant)? {
        let (shown, exit) = shaped::explain_first(&mut puzzles, variant, (args.json, args.links))?;
        write!(out, "{shown}")?;
        return Ok(exit);
    }
    let mut board = position_of(crate::input::first_of(&mut puzzles)?);
    let counted = search::count_solutions(board.digits(), 2);
    if counted.count == 0 {
        if args.json {
            writeln!(
                out,
                "{}",
                serde_json::json!({"solved": false, "unique": false, "steps": [], "grid": board.digits().to_line(), "error": "no solution"})
            )?;
        } else {
            writeln!(out, "The puzzle has no solution.")?;
        }
        return Ok(Exit::Failed);
    }
    let unique = counted.count == 1;
    // Uniqueness techniques are unsound when the puzzle has several solutions.
    let allowed: Vec<Technique> = if unique {
        Technique::ALL.to_vec()
    } else {
        logic::without_uniqueness()
    };
    let mut steps = Vec::new();
    // Each step's links, as JSON and text, read in the position the step was found in.
    let mut links = Vec::new();
    // Pencil marks that lost the solution's digit end in a contradiction: stop at
    // the first one and name it instead of building on it.
    let mut contradiction = logic::singles::contradiction(&board);
    let mut finder = logic::StepFinder::new();
    while !board.is_solved() && contradiction.is_none() {
        let Some(step) = finder.next_step(&board, &allowed) else {
            break;
        };
        links.push((
            links_json(&step.links, Some(&board)),
            step.links
                .iter()
                .map(|link| said(&board, link).to_string())
                .collect::<Vec<_>>(),
        ));
        step.apply(&mut board);
        steps.push(step);
        contradiction = logic::singles::contradiction(&board);
    }
    let solved = board.is_solved();
    if args.json {
        let list: Vec<serde_json::Value> = steps
            .iter()
            .zip(&links)
            .map(|(s, (links, _))| {
                serde_json::json!({
                    "technique": s.basis.key(),
                    "placements": effects_json(&s.placements),
                    "eliminations": effects_json(&s.eliminations),
                    "text": s.text(),
                    "links": links,
                })
            })
            .collect();
        writeln!(
            out,
            "{}",
            serde_json::json!({"solved": solved, "unique": unique, "steps": list, "grid": board.digits().to_line(),
                "contradiction": contradiction.map(|why| why.to_string())})
        )?;
    } else {
        if !unique {
            writeln!(
                out,
                "Note: the puzzle has more than one solution; uniqueness techniques are not used."
            )?;
        }
        for (i, (step, (_, said))) in steps.iter().zip(&links).enumerate() {
            writeln!(out, "{}. {}", i + 1, step.text())?;
            if args.links {
                for (k, text) in said.iter().enumerate() {
                    writeln!(out, "   link {}: {text}", k + 1)?;
                }
            }
        }
        if let Some(why) = contradiction {
            writeln!(
                out,
                "Contradiction after {} steps: {why}; a pencil mark or digit before it was wrong.",
                steps.len()
            )?;
            write!(out, "{}", boxed_candidates(&board))?;
        } else if solved {
            writeln!(out, "Solved in {} steps:", steps.len())?;
            write!(out, "{}", boxed(board.digits()))?;
        } else {
            writeln!(
                out,
                "Logic ran out after {} steps: no known technique applies here.",
                steps.len()
            )?;
            write!(out, "{}", boxed_candidates(&board))?;
        }
    }
    Ok(if solved { Exit::Done } else { Exit::Failed })
}
