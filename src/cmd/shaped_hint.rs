//! `hint` on a shaped puzzle (sizes 4x4 to 25x25, Sudoku X, Windoku, jigsaw): the
//! next step of the shaped ladder at the level of help asked for, with its links;
//! with `--givens`, a game in progress whose wrong values come first, as the
//! classic hint does. Also the links of a shaped step as JSON, which `explain`
//! shares.

use anyhow::{Context, Result};

use super::Exit;
use super::shaped::{boxed, first_puzzle_by, shaped_effects_json};
use crate::engine::formats::Rules;
use crate::engine::geometry::Variant;
use crate::engine::geometry::format::{self, ShapeReader};
use crate::engine::geometry::logic::{self, ShapeMarks, links};
use crate::engine::hint::{Hint, HintLevel};
use crate::engine::logic::Link;
use crate::engine::types::{Cell, Digit};
use crate::input::Puzzles;

/// `hint` on a shaped input: the next step of its first puzzle at `level` (1 a
/// nudge, 2 the technique and where, 3 the reasoning, 4 the move applied), or one
/// JSON object with the classic hint's fields. With `givens` (a puzzle string or
/// file of the same shape) the input is a position played from them: a value that
/// disagrees with their solution is named as a mistake (exit 1).
pub fn hint_first(
    puzzles: &mut Puzzles,
    variant: Variant,
    (level, json): (u8, bool),
    givens: Option<&str>,
) -> Result<(String, Exit)> {
    let reader = match givens {
        Some(_) => ShapeReader::unchecked(variant),
        None => ShapeReader::new(variant),
    };
    let puzzle = first_puzzle_by(puzzles, reader)?;
    let geometry = &*puzzle.geometry;
    let givens = match givens {
        Some(argument) => read_givens(argument, variant, geometry)?,
        None => puzzle.givens.clone(),
    };
    let answer = logic::hint_in_game(geometry, &givens, &puzzle.givens);
    let text = answer.text_in(geometry, HintLevel::from_number(level));
    // The position with every given placed: where the step was found.
    let values: Vec<u8> = puzzle
        .givens
        .iter()
        .zip(&givens)
        .map(|(&v, &g)| v.max(g))
        .collect();
    let before = ShapeMarks::from_givens(geometry, &values);
    let mut after = before;
    let step = match &answer {
        Hint::Step(step) => Some(step),
        _ => None,
    };
    if let Some(step) = step {
        step.apply(&mut after);
    }
    let exit = match answer {
        Hint::Step(_) | Hint::Solved => Exit::Done,
        _ => Exit::Failed,
    };
    const APPLY: u8 = crate::engine::hint::HintLevel::Apply as u8;
    if json {
        let none: &[(Cell, Digit)] = &[];
        let cells: Vec<String> = match (&answer, step) {
            (Hint::Mistake { wrong }, _) => wrong
                .iter()
                .map(|&(c, _)| geometry.cell_name(c.index()))
                .collect(),
            (_, Some(step)) => step
                .pattern_cells()
                .map(|c| geometry.cell_name(c.index()))
                .collect(),
            _ => Vec::new(),
        };
        let mut object = serde_json::json!({
            "kind": answer.kind(),
            "technique": step.map(|s| s.basis.key()),
            "placements": shaped_effects_json(geometry, step.map_or(none, |s| &s.placements)),
            "eliminations": shaped_effects_json(geometry, step.map_or(none, |s| &s.eliminations)),
            "cells": cells,
            "text": text,
            "level": level,
        });
        if let Some(step) = step {
            object["name"] = step.basis.name().into();
            object["links"] = links_json(&before, &step.links);
            object["units"] = step
                .units
                .iter()
                .map(|&u| geometry.unit(u).to_string())
                .collect::<Vec<_>>()
                .into();
        }
        if level >= APPLY {
            object["position"] = format::to_line(geometry, after.values()).into();
        }
        return Ok((format!("{object}\n"), exit));
    }
    let mut out = format!("{text}\n");
    if level >= APPLY && step.is_some() {
        out.push_str(&boxed(geometry, after.values()));
    }
    Ok((out, exit))
}

/// The `--givens` puzzle of a shaped position: read (clashes refused) in the
/// position's variant, and of the very same shape.
fn read_givens(
    argument: &str,
    variant: Variant,
    geometry: &crate::engine::geometry::Geometry,
) -> Result<Vec<u8>> {
    let mut input =
        Puzzles::open(Some(argument), Rules::Checked).context("cannot read --givens")?;
    // A header in the givens' file that names another variant is an error.
    input.shape(Some(variant)).context("cannot read --givens")?;
    let givens =
        first_puzzle_by(&mut input, ShapeReader::new(variant)).context("cannot read --givens")?;
    if *givens.geometry != *geometry {
        let (theirs, ours) = (givens.geometry.name(), geometry.name());
        if theirs == ours {
            anyhow::bail!("--givens has other regions than the position ({ours})");
        }
        anyhow::bail!("--givens is a {theirs} puzzle but the position is a {ours}");
    }
    Ok(givens.givens)
}

/// A shaped step's links as JSON, each read in `marks` (the position the step
/// was found in), with the classic fields: `{"from": {"cell", "digit"}, "to",
/// "strong", "kind", "unit", "text"}`; `digit` is the value's number (12 for C).
pub fn links_json(marks: &ShapeMarks, links: &[Link]) -> serde_json::Value {
    let geometry = marks.geometry();
    let end = |(cell, value): (Cell, Digit)| serde_json::json!({"cell": geometry.cell_name(cell.index()), "digit": value.get()});
    links
        .iter()
        .map(|link| {
            let kind = links::kind(marks, link);
            serde_json::json!({
                "from": end(link.from),
                "to": end(link.to),
                "strong": link.strong,
                "kind": kind.map(|k| k.strength()),
                "unit": kind.and_then(|k| k.unit()).map(|u| geometry.unit(u).to_string()),
                "text": links::said(marks, link),
            })
        })
        .collect()
}
