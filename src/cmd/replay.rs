//! `pencilmark replay`: a game looked back on, move by move: each move with the
//! simplest technique that justified it, flagged when a much easier deduction
//! was open, the first wrong move, and a per-technique summary.
//!
//! The game is a move list: the puzzle on its first line, then moves in the
//! notation `r4c7=5` (place), `r4c7=.` (erase), `r4c7-5` (strike a candidate),
//! `r4c7+5` (restore it), separated by spaces, commas or line breaks; `#` starts
//! a comment line.

use std::io::Write;

use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use clap::Args;

use super::Exit;
use super::why::exclusion_json;
use crate::app::review::GameMoves;
use crate::engine::Grid;
use crate::engine::learn::replay::{self, Annotated, FirstWrong, Judgement, Move, Replay};
use crate::engine::parse;
use crate::input::{self, LineReader};
use crate::store::Store;

/// Replay a game: every move annotated, the first wrong move, a summary per technique.
#[derive(Args, Debug)]
#[command(
    after_help = "GAME is a move list: the puzzle (81 characters) on the first line, then moves:\n  \
r4c7=5 place a 5   r4c7=. erase   r4c7-5 strike the candidate 5   r4c7+5 put it back\n\
Exit status 0 when no move went wrong, 1 when one did, 2 on bad input.\n\n\
Examples:\n  pencilmark replay game.txt\n  pencilmark replay --saved          # the game you played last\n  pencilmark replay --first-wrong game.txt\n  pencilmark replay --json - < game.txt"
)]
pub struct ReplayArgs {
    /// The move list: a file, or `-` (or nothing) for standard input.
    pub game: Option<String>,
    /// Replay the most recently played saved game instead of GAME (its undo
    /// history, digits and Auto-mode strikes; Manual marks are not moves).
    #[arg(long, conflicts_with = "game")]
    pub saved: bool,
    /// Where the saved games are (with --saved); default: the user's data directory.
    #[arg(long, value_name = "DIR", requires = "saved")]
    pub data_dir: Option<PathBuf>,
    /// Only the first move after which the game could no longer reach the solution.
    #[arg(long)]
    pub first_wrong: bool,
    /// One JSON object: {"moves": [...], "first_wrong", "summary": [...]}.
    #[arg(long)]
    pub json: bool,
}

/// Runs the command.
pub fn run(args: &ReplayArgs) -> Result<Exit> {
    let mut out = std::io::stdout().lock();
    let (givens, moves) = if args.saved {
        saved_game(args.data_dir.as_deref())?
    } else {
        let text = read_text(args.game.as_deref())?;
        read_move_list(&text).map_err(|err| {
            anyhow::anyhow!(
                "cannot read the game in {}: {err}",
                input::describe(args.game.as_deref())
            )
        })?
    };
    if args.first_wrong {
        let found = replay::first_wrong(&givens, &moves)?;
        if args.json {
            writeln!(
                out,
                "{}",
                serde_json::json!({"first_wrong": found.as_ref().map(first_wrong_json)})
            )?;
        } else {
            match &found {
                Some(wrong) => writeln!(out, "{}", wrong.text())?,
                None => writeln!(
                    out,
                    "No move went wrong: the position still leads to the solution."
                )?,
            }
        }
        return Ok(if found.is_some() {
            Exit::Failed
        } else {
            Exit::Done
        });
    }
    let replayed = replay::replay(&givens, &moves)?;
    if args.json {
        writeln!(out, "{}", replay_json(&replayed))?;
    } else {
        write!(out, "{}", replay_text(&replayed))?;
    }
    Ok(if replayed.first_wrong.is_some() {
        Exit::Failed
    } else {
        Exit::Done
    })
}

/// The most recently played saved game: its givens and its moves, read from
/// the history (start, every undo entry, the current position).
fn saved_game(data_dir: Option<&Path>) -> Result<(Grid, Vec<Move>)> {
    let store = Store::find(data_dir)?;
    let newest = store
        .list_games()
        .into_iter()
        .next()
        .ok_or_else(|| anyhow::anyhow!("no saved game in {}", store.dir().display()))?;
    let opened = store.open_game(&newest.givens)?;
    let Some((game, _)) = opened.saved.value else {
        bail!(
            "the saved game cannot be read{}",
            opened
                .saved
                .notice
                .map(|n| format!(": {n}"))
                .unwrap_or_default()
        );
    };
    let moves = GameMoves::of(&game).classic().moves;
    Ok((game.classic_givens(), moves))
}

/// The most a move list may hold: 16 MiB, about two million moves.
const MAX_MOVE_LIST_BYTES: usize = 16 << 20;

/// The text of GAME (a file, or standard input for `-` or nothing), read a line
/// at a time with the input limits (line length, binary, UTF-8) and a total limit.
fn read_text(game: Option<&str>) -> Result<String> {
    let reader: Box<dyn BufRead> = match game {
        None | Some("-") => Box::new(BufReader::new(std::io::stdin())),
        Some(path) => Box::new(BufReader::new(
            File::open(path).with_context(|| format!("cannot read {path}"))?,
        )),
    };
    let mut lines = LineReader::new(reader, input::describe(game));
    let (mut text, mut line) = (String::new(), String::new());
    while lines.read_line(&mut line)?.is_some() {
        text.push_str(&line);
        text.push('\n');
        if text.len() > MAX_MOVE_LIST_BYTES {
            bail!(
                "{}: more than 16 MiB, the limit for a move list",
                lines.name()
            );
        }
    }
    Ok(text)
}

/// Reads a move list: the puzzle line, then the moves. Errors name the line and column.
pub fn read_move_list(text: &str) -> Result<(Grid, Vec<Move>)> {
    let mut givens = None;
    let mut moves = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        if parse::is_skippable(line) {
            continue;
        }
        if givens.is_none() {
            givens = Some(parse::parse_line(line, number)?);
            continue;
        }
        let mut column = 0;
        for word in line.split_inclusive([' ', '\t', ',']) {
            let token = word.trim_end_matches([' ', '\t', ',']);
            if !token.is_empty() {
                let Some(mv) = Move::parse(token) else {
                    bail!(
                        "line {number}, column {}: {token:?} is not a move (write r4c7=5, r4c7=., r4c7-5 or r4c7+5)",
                        column + 1
                    );
                };
                moves.push(mv);
            }
            column += word.chars().count();
        }
    }
    match givens {
        Some(givens) => Ok((givens, moves)),
        None => bail!("no puzzle: the first line must be the puzzle's 81 cells"),
    }
}

fn first_wrong_json(wrong: &FirstWrong) -> serde_json::Value {
    serde_json::json!({
        "move": wrong.index,
        "notation": wrong.mv.to_string(),
        "cell": wrong.mv.cell().to_string(),
        "answer": wrong.answer.get(),
        "moves_since": wrong.moves_since,
        "fixed_by": wrong.fixed_by,
        "text": wrong.text(),
    })
}

/// The replay as JSON: every move with its verdict and proof, the first wrong
/// move, the per-technique summary.
pub fn replay_json(replayed: &Replay) -> serde_json::Value {
    let moves: Vec<serde_json::Value> = replayed.moves.iter().map(move_json).collect();
    let summary: Vec<serde_json::Value> = replayed
        .summary
        .iter()
        .map(|t| {
            serde_json::json!({
                "technique": t.technique.key(),
                "used": t.used,
                "missed": t.missed,
                "mistakes": t.mistakes,
            })
        })
        .collect();
    serde_json::json!({
        "moves": moves,
        "first_wrong": replayed.first_wrong.as_ref().map(first_wrong_json),
        "summary": summary,
    })
}

fn move_json(annotated: &Annotated) -> serde_json::Value {
    let verdict = match &annotated.judgement {
        Judgement::Justified(_) => "justified",
        Judgement::Unproven => "unproven",
        Judgement::Wrong { .. } => "wrong",
        Judgement::Neutral(_) => "neutral",
    };
    let mut object = serde_json::json!({
        "move": annotated.index,
        "notation": annotated.mv.to_string(),
        "verdict": verdict,
        "text": annotated.text(),
        "easier": serde_json::Value::Null,
    });
    match &annotated.judgement {
        Judgement::Justified(proof) => object["proof"] = exclusion_json(proof),
        Judgement::Wrong { answer } => object["answer"] = answer.get().into(),
        Judgement::Neutral(why) => object["neutral"] = why.key().into(),
        _ => {}
    }
    if annotated.easier_open
        && let Some(step) = &annotated.easiest
    {
        object["easier"] = super::show::step_json(step);
    }
    object
}

/// The replay in words: a line per move, the first wrong move, the summary table.
pub fn replay_text(replayed: &Replay) -> String {
    let mut text = String::new();
    for annotated in &replayed.moves {
        text.push_str(&annotated.text());
        text.push('\n');
    }
    match &replayed.first_wrong {
        Some(wrong) => text.push_str(&format!("First wrong move. {}\n", wrong.text())),
        None => text.push_str("No move went wrong.\n"),
    }
    if !replayed.summary.is_empty() {
        text.push_str(&format!(
            "{:<30} {:>5} {:>7} {:>9}\n",
            "technique", "used", "missed", "mistakes"
        ));
        for tally in &replayed.summary {
            text.push_str(&format!(
                "{:<30} {:>5} {:>7} {:>9}\n",
                tally.technique.name(),
                tally.used,
                tally.missed,
                tally.mistakes
            ));
        }
    }
    text
}
