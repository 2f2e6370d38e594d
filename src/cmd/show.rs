//! `pencilmark show`: prints a puzzle or position boxed, with each open cell's
//! candidates in a 3x3 layout on request, or as a line, a candidate grid or JSON.
//! Also the one place the logic commands read a PUZZLE argument into a position.

use std::io::Write;

use anyhow::{Context, Result};
use clap::{Args, ValueEnum};

use super::{Exit, shaped};
use crate::engine::formats::{Imported, Rules};
use crate::engine::geometry::Variant;
use crate::engine::logic::Link;
use crate::engine::logic::links::{LinkKind, said};
use crate::engine::types::{Cell, Digit};
use crate::engine::{Board, Grid};
use crate::input;

/// Print a puzzle: boxed, with candidates, as a line, a candidate grid, or JSON.
#[derive(Args, Debug)]
#[command(
    after_help = "Examples:\n  pencilmark show 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n  \
pencilmark show --candidates puzzle.txt\n  pencilmark show --format candidates puzzle.txt > marks.txt"
)]
pub struct ShowArgs {
    /// An 81-character puzzle, a file (grid, line or candidate grid), or `-` for standard input.
    pub puzzle: Option<String>,
    /// Show every open cell's candidates in a 3x3 layout (digit d always in the same spot).
    #[arg(long)]
    pub candidates: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ShowFormat::Grid)]
    pub format: ShowFormat,
    /// The rules: classic, x (diagonals), windoku or jigsaw; sizes 4x4 to 25x25 are
    /// read from the puzzle. A `# variant: x` header line says the same.
    #[arg(long, value_parser = shaped::parse_variant)]
    pub variant: Option<Variant>,
}

/// How `show` prints a position.
#[derive(Clone, Copy, PartialEq, Eq, Debug, ValueEnum)]
pub enum ShowFormat {
    /// The 81-character line, `.` for open cells.
    Line,
    /// A boxed grid (with `--candidates`, candidates in 3x3 blocks).
    Grid,
    /// The candidate grid other tools exchange: 81 groups of digits, one row per line.
    Candidates,
    /// One JSON object: {"grid": line, "candidates": [81 strings], "solved": bool}.
    Json,
}

/// Runs the command.
pub fn run(args: &ShowArgs) -> Result<Exit> {
    let mut out = std::io::stdout().lock();
    let mut puzzles = input::Puzzles::open(args.puzzle.as_deref(), Rules::Checked)?;
    if let Some(variant) = puzzles.shape(args.variant)? {
        let format = args
            .format
            .to_possible_value()
            .map(|v| v.get_name().to_string());
        let shown = shaped::show_first(&mut puzzles, variant, format.as_deref().unwrap_or("grid"))?;
        writeln!(out, "{}", shown.trim_end())?;
        return Ok(Exit::Done);
    }
    let position = position_of(input::first_of(&mut puzzles)?);
    let shown = match (args.format, args.candidates) {
        (ShowFormat::Grid, false) => boxed(position.digits()),
        (ShowFormat::Grid, true) => boxed_candidates(&position),
        (ShowFormat::Line, _) => position.digits().to_line(),
        (ShowFormat::Candidates, _) => candidate_grid(&position),
        (ShowFormat::Json, _) => serde_json::json!({
            "grid": position.digits().to_line(),
            "candidates": Cell::all().map(|c| position.candidates(c).to_string()).collect::<Vec<_>>(),
            "solved": position.is_solved(),
        })
        .to_string(),
    };
    writeln!(out, "{}", shown.trim_end())?;
    Ok(Exit::Done)
}

/// Reads PUZZLE (any format [`input::Puzzles`] knows; the first puzzle of a
/// collection, read no further) into a position: placed digits and candidates
/// (the pencil marks given, or computed from the digits). Placed digits must not clash.
pub fn read_position(argument: Option<&str>) -> Result<Board> {
    read_first(argument, Rules::Checked)
}

/// Reads PUZZLE like [`read_position`] but lets placed digits clash: a position in
/// progress may hold a player's wrong digit, which the hint names as a mistake.
pub fn read_position_unchecked(argument: Option<&str>) -> Result<Board> {
    read_first(argument, Rules::Unchecked)
}

fn read_first(argument: Option<&str>, rules: Rules) -> Result<Board> {
    Ok(position_of(input::first_puzzle(argument, rules)?))
}

/// A puzzle read as a position: its pencil marks, or candidates from its digits.
pub fn position_of(first: Imported) -> Board {
    match first.position {
        Some(marked) => Board::from_marked(&marked),
        None => Board::with_auto_candidates(&first.givens),
    }
}

/// Reads a game in progress: the position PUZZLE (its digits may clash when
/// `givens` is given: a player's wrong digit) and the puzzle's givens (GIVENS, or
/// the position's digits without it), with every given placed in the position.
pub fn read_game(puzzle: Option<&str>, givens: Option<&str>) -> Result<(Board, Grid)> {
    let rules = if givens.is_some() {
        Rules::Unchecked
    } else {
        Rules::Checked
    };
    read_game_in(&mut input::Puzzles::open(puzzle, rules)?, givens)
}

/// [`read_game`] on a PUZZLE already opened (with `Rules::Unchecked` when `givens`
/// is given), so a command can first ask it for its shape.
pub fn read_game_in(puzzles: &mut input::Puzzles, givens: Option<&str>) -> Result<(Board, Grid)> {
    let mut position = position_of(input::first_of(puzzles)?);
    let givens = match givens {
        Some(g) => *read_position(Some(g))
            .context("cannot read --givens")?
            .digits(),
        None => *position.digits(),
    };
    for cell in Cell::all() {
        if let Some(digit) = givens.get(cell)
            && position.digit(cell).is_none()
        {
            position.place(cell, digit);
        }
    }
    Ok((position, givens))
}

/// The digits boxed: `+-------+` borders, `.` for open cells.
pub fn boxed(grid: &Grid) -> String {
    let border = "+-------+-------+-------+\n";
    let mut out = String::from(border);
    for row in 0..9 {
        out.push('|');
        for col in 0..9 {
            let ch = grid.get(Cell::at(row, col)).map_or('.', Digit::to_char);
            out.push(' ');
            out.push(ch);
            if col % 3 == 2 {
                out.push_str(" |");
            }
        }
        out.push('\n');
        if row % 3 == 2 {
            out.push_str(border);
        }
    }
    out
}

/// Every cell as a 3x3 block: digit d of an open cell always in the same spot, a
/// placed digit alone in the middle.
pub fn boxed_candidates(board: &Board) -> String {
    let border = "+-------------+-------------+-------------+\n";
    let mut out = String::from(border);
    for row in 0..9 {
        for band in 0..3 {
            out.push('|');
            for col in 0..9 {
                let cell = Cell::at(row, col);
                out.push(' ');
                for spot in 0..3 {
                    let d = Digit::new((band * 3 + spot + 1) as u8);
                    let ch = match board.digit(cell) {
                        Some(placed) if band == 1 && spot == 1 => placed.to_char(),
                        Some(_) => ' ',
                        None if board.candidates(cell).contains(d) => d.to_char(),
                        None => '.',
                    };
                    out.push(ch);
                }
                if col % 3 == 2 {
                    out.push_str(" |");
                }
            }
            out.push('\n');
        }
        out.push_str(if row % 3 == 2 {
            border
        } else {
            "|             |             |             |\n"
        });
    }
    out
}

/// The exchange format: each cell's candidates (a placed cell's digit), columns aligned.
pub fn candidate_grid(board: &Board) -> String {
    crate::engine::formats::write_candidate_grid(board.digits(), |cell| board.candidates(cell))
}

/// A list of effects as JSON: [{"cell": "r4c7", "digit": 7}].
pub fn effects_json(effects: &[(Cell, Digit)]) -> serde_json::Value {
    effects
        .iter()
        .map(|(c, d)| serde_json::json!({"cell": c.to_string(), "digit": d.get()}))
        .collect()
}

/// A step's links as JSON, in order: [{"from": {"cell", "digit"}, "to": {...},
/// "strong"}], with, when the position the step was found in is given, "kind"
/// ("strong"/"weak"), "unit" (the unit that links them, or null for one cell) and
/// "text" (the running text).
pub fn links_json(links: &[Link], board: Option<&Board>) -> serde_json::Value {
    let end = |(c, d): (Cell, Digit)| serde_json::json!({"cell": c.to_string(), "digit": d.get()});
    links
        .iter()
        .map(|link| {
            let mut object = serde_json::json!({
                "from": end(link.from), "to": end(link.to), "strong": link.strong,
            });
            if let Some(board) = board {
                let said = said(board, link);
                let unit = match said.kind {
                    Some(LinkKind::StrongInUnit(u) | LinkKind::WeakInUnit(u)) => {
                        Some(u.to_string())
                    }
                    _ => None,
                };
                object["kind"] = said.kind.map(LinkKind::strength).into();
                object["unit"] = unit.into();
                object["text"] = said.to_string().into();
            }
            object
        })
        .collect()
}

/// A step as JSON, the fields a hint gives: technique (key), name, placements,
/// eliminations, cells (the pattern), units, text.
pub fn step_json(step: &crate::engine::logic::Step) -> serde_json::Value {
    serde_json::json!({
        "technique": step.basis.key(),
        "name": step.basis.name(),
        "placements": effects_json(&step.placements),
        "eliminations": effects_json(&step.eliminations),
        "cells": step.pattern.iter().map(|(c, _)| c.to_string()).collect::<Vec<_>>(),
        "units": step.units.iter().map(|u| u.to_string()).collect::<Vec<_>>(),
        "text": step.text(),
        "links": links_json(&step.links, None),
    })
}
