//! The player's hint: first any mistake in the position, then the next forced
//! single (Full House, Hidden Single, Naked Single), then the simplest step that
//! makes progress, and when no known technique applies, a clearly labelled guess
//! from the search engine.
//!
//! Hints come in levels, so a player can ask for as little help as they want:
//! 1 a nudge, 2 the technique and where, 3 the full explanation, 4 the move applied.

use super::board::Board;
use super::grid::Grid;
use super::logic::{self, Basis, Step};
use super::search;
use super::types::{Cell, Digit};

/// The least help: where to look.
pub const NUDGE: u8 = 1;
/// The technique and where it applies.
pub const SUMMARY: u8 = 2;
/// The full explanation.
pub const EXPLAIN: u8 = 3;
/// The explanation, with the move applied to the position.
pub const APPLY: u8 = 4;

/// How much a hint reveals. Each level reveals strictly more than the one
/// before: the nudge names a unit to look at (never a cell or a digit), the
/// technique level names the technique and where, the explanation gives the
/// whole reasoning, and apply makes the move. `pencilmark hint --level` and the
/// player's `H` both climb this ladder and read its texts from [`Hint::text_at`].
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum HintLevel {
    Nudge = 1,
    Technique = 2,
    Explanation = 3,
    Apply = 4,
}

impl HintLevel {
    pub const ALL: [HintLevel; 4] = [
        HintLevel::Nudge,
        HintLevel::Technique,
        HintLevel::Explanation,
        HintLevel::Apply,
    ];

    /// The level numbered `n` (1 to 4); higher numbers are [`HintLevel::Apply`].
    pub fn from_number(n: u8) -> HintLevel {
        match n {
            ..=1 => HintLevel::Nudge,
            2 => HintLevel::Technique,
            3 => HintLevel::Explanation,
            _ => HintLevel::Apply,
        }
    }

    pub fn number(self) -> u8 {
        self as u8
    }

    /// The next level up, if any.
    pub fn next(self) -> Option<HintLevel> {
        HintLevel::ALL.get(self as usize).copied()
    }
}

/// What the hint engine says about a position.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Hint {
    /// The next step: a deduction, or when no known technique applies the
    /// search engine's guess (a step on [`Basis::Guess`]).
    Step(Step),
    /// Digits placed (or candidates struck) that disagree with the solution.
    Mistake { cells: Vec<Cell> },
    /// Every cell is filled correctly.
    Solved,
    /// The givens have no solution.
    NoSolution,
    /// The givens have more than one solution.
    MultipleSolutions,
}

/// The hint for `position` (placed digits and pencil marks) on `givens`.
pub fn hint(givens: &Grid, position: &Board) -> Hint {
    let counted = search::count_solutions(givens, 2);
    let solution = match (counted.count, counted.first) {
        (0, _) | (_, None) => return Hint::NoSolution,
        (1, Some(solution)) => solution,
        _ => return Hint::MultipleSolutions,
    };
    let cells = mistakes(&solution, position);
    if !cells.is_empty() {
        return Hint::Mistake { cells };
    }
    if position.is_solved() {
        return Hint::Solved;
    }
    Hint::Step(logic::find_step(position).unwrap_or_else(|| {
        let cell = position
            .fewest_candidates_cell()
            .expect("an unsolved position has an open cell");
        let digit = solution.get(cell).expect("a solution is complete");
        Step::placement(Basis::Guess, cell, digit)
    }))
}

/// The least help for a step: the unit to look at, naming neither a cell nor
/// a digit (either would give the answer away).
fn nudge(step: &Step) -> String {
    match step.units.first() {
        _ if step.basis == Basis::Guess => {
            "No logical step found in the known techniques: a guess is needed.".to_string()
        }
        Some(unit) => format!("Look at {unit}."),
        None if !step.placements.is_empty() => {
            "Look for a cell that can hold only one digit.".to_string()
        }
        None => format!("Look for a {} pattern.", step.basis.name().to_lowercase()),
    }
}

/// Cells whose placed digit differs from the solution; when there are none, cells
/// whose pencil marks lost the solution's digit. (A wrong digit also strikes its
/// peers' candidates, so its cell is the one to name, not the peers.)
pub fn mistakes(solution: &Grid, position: &Board) -> Vec<Cell> {
    let right = |cell: Cell| solution.get(cell).expect("a solution is complete");
    let wrong_digits: Vec<Cell> = Cell::all()
        .filter(|&cell| position.digit(cell).is_some_and(|d| d != right(cell)))
        .collect();
    if !wrong_digits.is_empty() {
        return wrong_digits;
    }
    Cell::all()
        .filter(|&cell| {
            position.digit(cell).is_none() && !position.candidates(cell).contains(right(cell))
        })
        .collect()
}

impl Hint {
    /// The stable JSON kind: "step", "mistake", "solved", "no_solution" or
    /// "multiple_solutions". A guess is a "step" whose technique is "guess".
    pub fn kind(&self) -> &'static str {
        match self {
            Hint::Step(_) => "step",
            Hint::Mistake { .. } => "mistake",
            Hint::Solved => "solved",
            Hint::NoSolution => "no_solution",
            Hint::MultipleSolutions => "multiple_solutions",
        }
    }

    /// The step the hint suggests, a guess being a placement labelled "guess".
    pub fn step(&self) -> Option<&Step> {
        match self {
            Hint::Step(step) => Some(step),
            _ => None,
        }
    }

    /// The cells and digits the hint places, if any.
    pub fn placements(&self) -> Vec<(Cell, Digit)> {
        match self {
            Hint::Step(step) => step.placements.clone(),
            _ => Vec::new(),
        }
    }

    /// The hint at `level` (1 nudge, 2 technique and where, 3 or 4 the full text),
    /// written for `position`.
    pub fn text(&self, position: &Board, level: u8) -> String {
        self.text_at(position, HintLevel::from_number(level))
    }

    /// The hint at `level`, written for `position` (Apply reads as Explanation:
    /// the move itself is [`Hint::applied`]).
    pub fn text_at(&self, position: &Board, level: HintLevel) -> String {
        let level = level.number();
        match self {
            Hint::Step(step) => match level {
                ..=NUDGE => nudge(step),
                SUMMARY => step.summary(),
                _ => step.text(),
            },
            Hint::Mistake { cells } => {
                let described: Vec<String> = cells
                    .iter()
                    .map(|&cell| match position.digit(cell) {
                        Some(digit) => format!("the {digit} in {cell} is wrong"),
                        None => format!("a pencil mark removed from {cell} was the digit it needs"),
                    })
                    .collect();
                format!(
                    "Mistake: {}. Fix that first: a hint built on a mistake misleads.",
                    described.join("; ")
                )
            }
            Hint::Solved => "Solved: every cell is filled correctly.".to_string(),
            Hint::NoSolution => "The givens have no solution.".to_string(),
            Hint::MultipleSolutions => {
                "The givens have more than one solution, so no deduction is forced.".to_string()
            }
        }
    }

    /// The position after the hint's move (level 4); unchanged for hints without one.
    pub fn applied(&self, position: &Board) -> Board {
        let mut after = *position;
        if let Hint::Step(step) = self {
            step.apply(&mut after);
        }
        after
    }
}
