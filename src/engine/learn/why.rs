//! "Why can't this cell be 5?": the shortest justification that a candidate is
//! impossible, tried from the plainest kind of reason to the heaviest:
//!
//! 1. the cell already holds another digit;
//! 2. a peer holds the digit ("r5c3 sees the 5 in r5c8");
//! 3. a unit would be left without a place for a digit (the cell is the only
//!    place for another digit, or every place of this digit in some unit sees it);
//! 4. the simplest technique whose step rules it out (as hints render it);
//! 5. the same, after the easiest steps that lead there have been taken;
//! 6. search: the contradiction propagation reaches, or the size of the search
//!    that finds every branch fails.
//!
//! A candidate that is the solution's digit is never argued against.

use super::proof::{Exclusion, Prover, peer_holds};
use super::{LearnError, Solutions, sound_board, sound_techniques};
use crate::engine::board::Board;
use crate::engine::grid::Grid;
use crate::engine::types::{Cell, Digit};

/// The answer to "why can't `cell` be `digit`?".
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Why {
    pub cell: Cell,
    pub digit: Digit,
    pub verdict: Verdict,
}

/// Whether the candidate is ruled out, and how.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Verdict {
    /// It is the solution's digit: nothing rules it out.
    Solution,
    /// The puzzle has several solutions and some put the digit there.
    Possible,
    /// It is impossible, for this reason.
    Excluded(Exclusion),
}

impl Verdict {
    /// The stable JSON verdict: "solution", "possible" or "excluded".
    pub fn key(&self) -> &'static str {
        match self {
            Verdict::Solution => "solution",
            Verdict::Possible => "possible",
            Verdict::Excluded(_) => "excluded",
        }
    }
}

/// Why `cell` cannot be `digit` in `position` (digits and pencil marks) of the
/// puzzle with `givens`. Wrong digits of the player's are left out of the reasoning.
pub fn why(givens: &Grid, position: &Board, cell: Cell, digit: Digit) -> Result<Why, LearnError> {
    Ok(Asker::new(givens, position)?.ask(cell, digit))
}

/// Answers many "why not?" questions about one position, sharing the work.
pub struct Asker {
    solutions: Solutions,
    position: Board,
    /// Proofs on the board the answers reason on.
    prover: Prover,
}

impl Asker {
    /// An asker for `position` of the puzzle with `givens`.
    pub fn new(givens: &Grid, position: &Board) -> Result<Asker, LearnError> {
        let solutions = Solutions::of(givens);
        let board = match solutions {
            Solutions::None => return Err(LearnError::NoSolution),
            Solutions::One(solution) => sound_board(position, &solution),
            Solutions::Several(_) => Board::with_auto_candidates(position.digits()),
        };
        Ok(Asker {
            solutions,
            position: *position,
            prover: Prover::new(&board, &sound_techniques(solutions)),
        })
    }

    /// Why `cell` cannot be `digit`.
    pub fn ask(&mut self, cell: Cell, digit: Digit) -> Why {
        let verdict = match self.solutions {
            Solutions::One(solution) if solution.get(cell) == Some(digit) => Verdict::Solution,
            Solutions::One(solution) => {
                let board = reasoning_board(&self.position, &solution, cell, digit);
                Verdict::Excluded(if board == *self.prover.board() {
                    self.prover.exclude(cell, digit)
                } else {
                    Prover::new(&board, &sound_techniques(self.solutions)).exclude(cell, digit)
                })
            }
            _ => {
                let mut digits = *self.position.digits();
                digits.set(cell, Some(digit));
                if digits.first_conflict().is_none()
                    && crate::engine::search::count_solutions(&digits, 1).count > 0
                {
                    Verdict::Possible
                } else {
                    Verdict::Excluded(self.prover.exclude(cell, digit))
                }
            }
        };
        Why {
            cell,
            digit,
            verdict,
        }
    }
}

/// The board `why` reasons on for a unique puzzle: the [`sound_board`], with the
/// candidate asked about put back when the player struck it (reason about it,
/// not from it) and no peer holds its digit.
pub fn reasoning_board(position: &Board, solution: &Grid, cell: Cell, digit: Digit) -> Board {
    let mut board = sound_board(position, solution);
    if board.digit(cell).is_none() && !peer_holds(&board, cell, digit) {
        board.restore(cell, digit);
    }
    board
}

impl Why {
    /// The answer in a person's words.
    pub fn text(&self) -> String {
        let (cell, digit) = (self.cell, self.digit);
        match &self.verdict {
            Verdict::Solution => format!("{digit} may go in {cell}: nothing rules it out."),
            Verdict::Possible => format!(
                "{digit} may go in {cell}: the puzzle has more than one solution, and some put it there."
            ),
            Verdict::Excluded(exclusion) => exclusion.text(cell, digit),
        }
    }
}
