//! The player's hint: first any mistake in the position, then the next forced
//! single (Full House, Hidden Single, Naked Single), then the simplest step that
//! makes progress, and when no known technique applies, a clearly labelled guess
//! from the search engine.
//!
//! Hints come in levels, so a player can ask for as little help as they want:
//! 1 a nudge, 2 the technique and where, 3 the full explanation, 4 the move applied.
//!
//! [`Hint`] is the one answer of both ladders: [`hint`] here finds it on the
//! classic 9x9 `Board`, `geometry::logic::hint_in_game` on any other shape. Its
//! texts are worded for the classic board ([`Hint::text`]) or in a geometry's
//! names and alphabet ([`Hint::text_in`]), as [`Step`]'s are.

use super::board::Board;
use super::geometry::Geometry;
use super::grid::Grid;
use super::logic::{self, Basis, Step};
use super::search;
use super::types::{Cell, Digit, Unit};

/// How much a hint reveals. Each level reveals strictly more than the one
/// before: the nudge names a unit to look at (never a cell or a digit), the
/// technique level names the technique and where, the explanation gives the
/// whole reasoning, and apply makes the move. `pencilmark hint --level` and the
/// player's `H` both climb this ladder and read its texts from [`Hint::text`]
/// (or [`Hint::text_in`] on a shape).
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

/// What the hint engine says about a position, on any shape.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Hint {
    /// The next step: a deduction, or when no known technique applies the
    /// search engine's guess (a step on [`Basis::Guess`]).
    Step(Step),
    /// Digits placed (or candidates struck) that disagree with the solution.
    Mistake {
        /// Each cell (ascending) with the digit wrongly placed there, or `None`
        /// for an open cell whose candidates lost the solution's digit.
        wrong: Vec<(Cell, Option<Digit>)>,
    },
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
    let wrong = mistakes(&solution, position);
    if !wrong.is_empty() {
        return Hint::Mistake { wrong };
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

/// The least help for a step: the unit to look at (named by `unit`), naming
/// neither a cell nor a digit (either would give the answer away); `digit` is
/// what a cell holds on this shape ("digit" on the classic board, "value" on
/// another).
fn nudge(step: &Step, unit: impl Fn(Unit) -> String, digit: &str) -> String {
    match step.units.first() {
        _ if step.basis == Basis::Guess => {
            "No logical step found in the known techniques: a guess is needed.".to_string()
        }
        Some(&first) => format!("Look at {}.", unit(first)),
        None if !step.placements.is_empty() => {
            format!("Look for a cell that can hold only one {digit}.")
        }
        None => format!("Look for a {} pattern.", step.basis.name().to_lowercase()),
    }
}

/// Cells whose placed digit differs from the solution, with that digit; when
/// there are none, cells whose pencil marks lost the solution's digit (`None`).
/// (A wrong digit also strikes its peers' candidates, so its cell is the one to
/// name, not the peers.)
pub fn mistakes(solution: &Grid, position: &Board) -> Vec<(Cell, Option<Digit>)> {
    let right = |cell: Cell| solution.get(cell).expect("a solution is complete");
    let wrong_digits: Vec<(Cell, Option<Digit>)> = Cell::all()
        .filter_map(|cell| {
            let digit = position.digit(cell).filter(|&d| d != right(cell))?;
            Some((cell, Some(digit)))
        })
        .collect();
    if !wrong_digits.is_empty() {
        return wrong_digits;
    }
    Cell::all()
        .filter(|&cell| {
            position.digit(cell).is_none() && !position.candidates(cell).contains(right(cell))
        })
        .map(|cell| (cell, None))
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

    /// The hint at `level`, worded for the classic board (Apply reads as
    /// Explanation: the move itself is [`Hint::applied`]).
    pub fn text(&self, level: HintLevel) -> String {
        self.worded(
            |step| match level {
                HintLevel::Nudge => nudge(step, |unit| unit.to_string(), "digit"),
                HintLevel::Technique => step.summary(),
                _ => step.text(),
            },
            |cell, digit| match digit {
                Some(digit) => format!("the {digit} in {cell} is wrong"),
                None => format!("a pencil mark removed from {cell} was the digit it needs"),
            },
        )
    }

    /// The hint at `level` on a shaped board, in `geometry`'s names and
    /// alphabet (Apply reads as Explanation).
    pub fn text_in(&self, geometry: &Geometry, level: HintLevel) -> String {
        self.worded(
            |step| match level {
                HintLevel::Nudge => nudge(step, |unit| geometry.unit(unit).to_string(), "value"),
                HintLevel::Technique => step.summary_in(geometry),
                _ => step.text_in(geometry),
            },
            |cell, value| {
                let cell = geometry.cell_name(cell.index());
                match value {
                    Some(value) => {
                        let symbol = geometry.alphabet().symbol(value.get());
                        format!("the {symbol} in {cell} is wrong")
                    }
                    None => format!("a pencil mark removed from {cell} was the value it needs"),
                }
            },
        )
    }

    /// The hint's text, its step said by `step` and each wrong cell by
    /// `mistake`; the verdicts read alike on every shape.
    fn worded(
        &self,
        step: impl FnOnce(&Step) -> String,
        mistake: impl Fn(Cell, Option<Digit>) -> String,
    ) -> String {
        match self {
            Hint::Step(found) => step(found),
            Hint::Mistake { wrong } => {
                let described: Vec<String> = wrong.iter().map(|&(c, d)| mistake(c, d)).collect();
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
