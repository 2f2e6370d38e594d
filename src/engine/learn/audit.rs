//! The pencil-mark audit: every problem with a player's marks, sorted by how much
//! it matters.
//!
//! - **missing**: an open cell's marks lack the solution's digit. Fatal: marks
//!   like these can no longer lead to the answer.
//! - **stale**: a mark whose digit a peer already holds.
//! - **removable**: a mark a named technique removes, with the step (the
//!   simplest technique that does, on the marks as they would be without the
//!   stale ones).
//!
//! Only marks that are not the solution's digit are ever called stale or
//! removable, so a correct mark is never called wrong. Digits the player placed
//! that disagree with the solution are listed too: they make marks stale that
//! would not be.

use super::{LearnError, Solutions, removes, sound_board};
use crate::engine::board::Board;
use crate::engine::grid::Grid;
use crate::engine::logic::{self, Step, Technique};
use crate::engine::types::{Cell, Digit};

/// What is wrong with one mark; `C` names a cell and `S` is a step, the
/// classic ones by default (the shaped audit's are a shape's).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Problem<C = Cell, S = Step> {
    /// The solution's digit is not marked.
    Missing,
    /// `peer` holds the marked digit.
    Stale { peer: C },
    /// The step removes the mark.
    Removable(S),
}

impl<C, S> Problem<C, S> {
    /// The stable JSON key: "missing", "stale" or "removable".
    pub fn key(&self) -> &'static str {
        match self {
            Problem::Missing => "missing",
            Problem::Stale { .. } => "stale",
            Problem::Removable(_) => "removable",
        }
    }
}

/// One mark (or missing mark) and its problem.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Finding<C = Cell, V = Digit, S = Step> {
    pub cell: C,
    pub digit: V,
    pub problem: Problem<C, S>,
}

/// The audit of a position's marks.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Audit {
    /// Placed digits that disagree with the solution.
    pub wrong_digits: Vec<(Cell, Digit)>,
    /// Every problem found, cell by cell in row-major order, digits ascending.
    pub findings: Vec<Finding>,
}

impl Audit {
    /// The findings with the problem `key` ("missing", "stale", "removable").
    pub fn of_kind<'a>(&'a self, key: &'a str) -> impl Iterator<Item = &'a Finding> + 'a {
        self.findings.iter().filter(move |f| f.problem.key() == key)
    }

    /// Whether anything is wrong (removable marks are not wrong, only unfinished).
    pub fn has_errors(&self) -> bool {
        !self.wrong_digits.is_empty()
            || self
                .findings
                .iter()
                .any(|f| !matches!(f.problem, Problem::Removable(_)))
    }
}

/// Audits the pencil marks of `position` on the puzzle with `givens`, which must
/// have exactly one solution.
pub fn audit(givens: &Grid, position: &Board) -> Result<Audit, LearnError> {
    let solution = Solutions::of(givens).unique()?;
    let right = |cell: Cell| solution.get(cell).expect("a solution is complete");
    let wrong_digits = Cell::all()
        .filter_map(|cell| position.digit(cell).map(|d| (cell, d)))
        .filter(|&(cell, digit)| digit != right(cell))
        .collect();
    let board = sound_board(position, &solution);
    let mut steps = Instances::new(&board);
    let mut findings = Vec::new();
    for cell in Cell::all().filter(|&c| position.digit(c).is_none()) {
        let marks = position.candidates(cell);
        if !marks.contains(right(cell)) {
            findings.push(Finding {
                cell,
                digit: right(cell),
                problem: Problem::Missing,
            });
        }
        for digit in marks.iter().filter(|&d| d != right(cell)) {
            let holder = cell
                .peers()
                .iter()
                .copied()
                .find(|&p| position.digit(p) == Some(digit));
            let problem = match holder {
                Some(peer) => Problem::Stale { peer },
                None => match steps.removing(cell, digit) {
                    Some(step) => Problem::Removable(step),
                    None => continue,
                },
            };
            findings.push(Finding {
                cell,
                digit,
                problem,
            });
        }
    }
    findings.sort_by_key(|f| (f.cell, f.digit));
    Ok(Audit {
        wrong_digits,
        findings,
    })
}

/// Every technique's instances on one board, found when first asked for.
struct Instances<'a> {
    board: &'a Board,
    found: Vec<Option<Vec<Step>>>,
}

impl<'a> Instances<'a> {
    fn new(board: &'a Board) -> Instances<'a> {
        Instances {
            board,
            found: vec![None; Technique::ALL.len()],
        }
    }

    /// The simplest step that removes `digit` from `cell`.
    fn removing(&mut self, cell: Cell, digit: Digit) -> Option<Step> {
        for (index, technique) in Technique::ALL.into_iter().enumerate() {
            let board = self.board;
            let steps = self.found[index].get_or_insert_with(|| logic::instances(board, technique));
            if let Some(step) = steps.iter().find(|step| removes(step, cell, digit)) {
                return Some(step.clone());
            }
        }
        None
    }
}
