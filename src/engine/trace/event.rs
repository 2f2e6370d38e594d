//! The events of a traced run as values: what happened, why, and the counts
//! they add up to. Text is rendered from them, never stored.

use std::fmt;

use super::Order;
use crate::engine::board::Contradiction;
use crate::engine::types::{Candidates, Cell, Digit, Unit};

/// Why a digit was assigned.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Why {
    /// A given of the puzzle.
    Given,
    /// The cell had one candidate left.
    NakedSingle,
    /// The unit had one place left for the digit.
    HiddenSingle(Unit),
    /// Search tried it.
    Guess,
}

impl Why {
    /// The stable snake_case name used in JSON.
    pub fn key(self) -> &'static str {
        match self {
            Why::Given => "given",
            Why::NakedSingle => "naked_single",
            Why::HiddenSingle(_) => "hidden_single",
            Why::Guess => "guess",
        }
    }
}

impl fmt::Display for Why {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Why::Given => f.write_str("given"),
            Why::NakedSingle => f.write_str("naked single"),
            Why::HiddenSingle(unit) => write!(f, "hidden single in {unit}"),
            Why::Guess => f.write_str("guess"),
        }
    }
}

/// One elementary event of a traced run. Text is rendered from it ([`fmt::Display`]).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Event {
    /// `digit` is placed in `cell`.
    Assign { cell: Cell, digit: Digit, why: Why },
    /// `digit` is struck from `cells`, peers of `source`, which holds it.
    Eliminate {
        digit: Digit,
        cells: Vec<Cell>,
        source: Cell,
    },
    /// `cell` holds `kept`, so its other candidates `digits` are struck.
    EliminateOthers {
        cell: Cell,
        kept: Digit,
        digits: Candidates,
    },
    /// An elimination left `cell` with one candidate; it is assigned next.
    NakedSingle { cell: Cell, digit: Digit },
    /// `unit` has one place left for `digit`; it is assigned next.
    HiddenSingle {
        digit: Digit,
        cell: Cell,
        unit: Unit,
    },
    /// Propagation found a position that cannot be completed.
    Contradiction(Contradiction),
    /// Propagation stalled: search branches on `cell`, trying `candidates` in order.
    Branch {
        cell: Cell,
        candidates: Candidates,
        order: Order,
    },
    /// The guess `cell = digit` failed: the board returns to before it, and the
    /// next candidate is tried there, or the cell is given up when none is left.
    Backtrack {
        cell: Cell,
        digit: Digit,
        next: Option<Digit>,
    },
    /// Every cell has a digit.
    Solved,
    /// Every guess failed: the puzzle has no solution.
    NoSolution,
}

impl Event {
    /// The stable snake_case name of the event's kind, used in JSON.
    pub fn kind(&self) -> &'static str {
        match self {
            Event::Assign { .. } => "assign",
            Event::Eliminate { .. } => "eliminate",
            Event::EliminateOthers { .. } => "eliminate_others",
            Event::NakedSingle { .. } => "naked_single",
            Event::HiddenSingle { .. } => "hidden_single",
            Event::Contradiction(_) => "contradiction",
            Event::Branch { .. } => "branch",
            Event::Backtrack { .. } => "backtrack",
            Event::Solved => "solved",
            Event::NoSolution => "no_solution",
        }
    }

    /// The cell the event is about: the assigned cell, the elimination's source,
    /// the new single, the branching cell.
    pub fn source(&self) -> Option<Cell> {
        match *self {
            Event::Assign { cell, .. }
            | Event::Eliminate { source: cell, .. }
            | Event::EliminateOthers { cell, .. }
            | Event::NakedSingle { cell, .. }
            | Event::HiddenSingle { cell, .. }
            | Event::Branch { cell, .. }
            | Event::Backtrack { cell, .. } => Some(cell),
            Event::Contradiction(Contradiction::NoCandidates(cell)) => Some(cell),
            Event::Contradiction(Contradiction::NoPlace { .. })
            | Event::Solved
            | Event::NoSolution => None,
        }
    }

    /// The candidates the event strikes.
    pub fn struck(&self) -> Vec<(Cell, Digit)> {
        match self {
            Event::Eliminate { digit, cells, .. } => cells.iter().map(|&c| (c, *digit)).collect(),
            Event::EliminateOthers { cell, digits, .. } => {
                digits.iter().map(|d| (*cell, d)).collect()
            }
            _ => Vec::new(),
        }
    }
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Assign { cell, digit, why } => write!(f, "assign {cell} = {digit} ({why})"),
            Event::Eliminate {
                digit,
                cells,
                source,
            } => {
                write!(f, "eliminate {digit} from ")?;
                write_list(f, cells)?;
                write!(f, " (peers of {source})")
            }
            Event::EliminateOthers { cell, kept, digits } => {
                f.write_str("eliminate ")?;
                write_list(f, &digits.iter().collect::<Vec<_>>())?;
                write!(f, " from {cell} (it holds {kept})")
            }
            Event::NakedSingle { cell, digit } => {
                write!(f, "{cell} now has one candidate: {digit}")
            }
            Event::HiddenSingle { digit, cell, unit } => {
                write!(
                    f,
                    "hidden single: {digit} can only go in {cell} within {unit}"
                )
            }
            Event::Contradiction(why) => write!(f, "contradiction: {why}"),
            Event::Branch {
                cell,
                candidates,
                order,
            } => {
                f.write_str("propagation stalls: branch on ")?;
                write!(f, "{cell} ({}), candidates ", order.description())?;
                write_list(f, &candidates.iter().collect::<Vec<_>>())
            }
            Event::Backtrack {
                cell,
                digit,
                next: Some(next),
            } => write!(f, "backtrack to the guess {cell} = {digit}, try {next}"),
            Event::Backtrack {
                cell,
                digit,
                next: None,
            } => write!(
                f,
                "backtrack: the guess {cell} = {digit} failed and {cell} has no digit left to try"
            ),
            Event::Solved => f.write_str("solved: every cell has a digit"),
            Event::NoSolution => f.write_str("no solution: every guess failed"),
        }
    }
}

fn write_list<T: fmt::Display>(f: &mut fmt::Formatter<'_>, items: &[T]) -> fmt::Result {
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{item}")?;
    }
    Ok(())
}

/// One step of the search path: the guess `cell = digit`.
pub type Guess = (Cell, Digit);

/// The search path as people read it: `r2c5=4 > r7c1=2`.
pub fn path_text(path: &[Guess]) -> String {
    path.iter()
        .map(|(cell, digit)| format!("{cell}={digit}"))
        .collect::<Vec<_>>()
        .join(" > ")
}

/// How much work a run did.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Counts {
    /// Digits placed: givens, singles and guesses.
    pub assignments: u64,
    /// Candidates struck, one by one.
    pub eliminations: u64,
    /// Digits tried at branching cells.
    pub guesses: u64,
    /// Guesses undone.
    pub backtracks: u64,
}

impl Counts {
    pub(super) fn count(&mut self, event: &Event) {
        match event {
            Event::Assign { why, .. } => {
                self.assignments += 1;
                if *why == Why::Guess {
                    self.guesses += 1;
                }
            }
            Event::Eliminate { cells, .. } => self.eliminations += cells.len() as u64,
            Event::EliminateOthers { digits, .. } => self.eliminations += u64::from(digits.len()),
            Event::Backtrack { .. } => self.backtracks += 1,
            _ => {}
        }
    }
}
