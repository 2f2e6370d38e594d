//! Where puzzle text comes from: a file, standard input (`-` or no argument), or
//! the argument itself when it is a puzzle. The one place the command line reads input.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::Path;

use anyhow::{Context, Result};

use crate::engine::formats::{self, Imported};
use crate::engine::parse;

/// A buffered reader over FILE, or over standard input for `-` or no FILE.
pub fn open(file: Option<&str>) -> Result<Box<dyn BufRead>> {
    match file {
        None | Some("-") => Ok(Box::new(BufReader::new(io::stdin()))),
        Some(path) => {
            let handle = File::open(path).with_context(|| format!("cannot read {path}"))?;
            Ok(Box::new(BufReader::with_capacity(1 << 16, handle)))
        }
    }
}

/// The whole text of FILE, or of standard input for `-` or no FILE.
pub fn read_all(file: Option<&str>) -> Result<String> {
    let mut text = String::new();
    open(file)?
        .read_to_string(&mut text)
        .with_context(|| format!("cannot read {}", describe(file)))?;
    Ok(text)
}

/// The text of a PUZZLE argument: the argument itself when it is puzzle text (an
/// 81-character line, or several lines), standard input for `-` or nothing, else a file.
pub fn puzzle_text(argument: Option<&str>) -> Result<String> {
    match argument {
        Some(text) if is_puzzle_argument(text) => Ok(text.to_string()),
        Some(path) if !Path::new(path).exists() && path != "-" => {
            anyhow::bail!("{path} is neither a puzzle (81 cells) nor a readable file")
        }
        other => read_all(other),
    }
}

fn looks_like_puzzle(text: &str) -> bool {
    text.contains('\n') || parse::starts_with_full_line(text)
}

/// Puzzle text rather than a file name: a full puzzle line or several lines, or,
/// when no such file exists, a line of cells (a mistyped puzzle, which the parser
/// then reports precisely: "too few cells: found 80").
fn is_puzzle_argument(argument: &str) -> bool {
    looks_like_puzzle(argument) || (!Path::new(argument).exists() && is_mostly_cells(argument))
}

/// Longer than a grid row and nearly all cell characters: a puzzle line, perhaps broken.
fn is_mostly_cells(text: &str) -> bool {
    let cells = text
        .chars()
        .filter(|c| c.is_ascii_digit() || matches!(c, '.' | '_'))
        .count();
    cells > 2 * 9 && cells * 10 >= text.chars().count() * 9
}

/// "standard input" or the file's name, for messages.
pub fn describe(file: Option<&str>) -> String {
    match file {
        None | Some("-") => "standard input".to_string(),
        Some(path) => path.to_string(),
    }
}

/// Every puzzle a PUZZLE argument holds, in any format people exchange (lines,
/// grids, SadMan `.sdk`/`.sdm`, Simple Sudoku `.ss`, candidate grids). A file's
/// extension decides its format when it names one; otherwise the content does.
pub fn read_puzzles(argument: Option<&str>) -> Result<Vec<Imported>> {
    let text = puzzle_text(argument)?;
    let file_name = argument.filter(|a| !is_puzzle_argument(a) && *a != "-");
    formats::read_any(&text, file_name)
        .with_context(|| format!("cannot read the puzzle in {}", describe_argument(argument)))
}

/// "the argument", "standard input" or the file's name, for messages.
pub fn describe_argument(argument: Option<&str>) -> String {
    match argument {
        Some(a) if is_puzzle_argument(a) => "the argument".to_string(),
        other => describe(other),
    }
}
