//! The solve path on a shape, easiest step each time, as `explain`, `grade` and
//! `hint` read it. Like the classic grader, only a puzzle with exactly one
//! solution is graded, and when the ladder finds nothing the solution's value goes
//! into the cell with the fewest candidates as a guess (Extreme), labelled so.

use std::collections::BTreeMap;

use super::{Basis, Ladder, ShapeMarks, Step};
use crate::engine::geometry::{Geometry, value_bit};
use crate::engine::grade::{Grade, Status};
use crate::engine::hint::Hint;
use crate::engine::logic::se::Ratings;
use crate::engine::logic::{Level, Technique};
use crate::engine::search;
use crate::engine::types::{Candidates, Cell, Digit};

/// A whole logical solution of a shaped puzzle.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ShapePath {
    /// Solutions counted up to 2: 0 none, 1 unique, 2 several.
    pub solutions: usize,
    pub steps: Vec<Step>,
    /// Values at the end, row-major (0 where logic stopped short).
    pub values: Vec<u8>,
    /// Why the position broke down, when it did (givens that cannot all stand).
    pub contradiction: Option<String>,
}

impl ShapePath {
    /// Whether every cell was filled.
    pub fn solved(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }

    /// How many steps were guesses.
    pub fn guesses(&self) -> usize {
        self.steps
            .iter()
            .filter(|s| s.basis == Basis::Guess)
            .count()
    }
}

/// Solves `givens` on `geometry` by the ladder, easiest step first. With exactly
/// one solution a guess (labelled) carries the path on where the ladder stops; with
/// none or several the path stops there, as nothing can be guessed honestly.
pub fn explain(geometry: &Geometry, givens: &[u8]) -> ShapePath {
    let counted = search::count_shape(geometry, givens, 2);
    let solution = (counted.count == 1).then_some(counted.first).flatten();
    let ladder = Ladder::new(geometry);
    let mut marks = ShapeMarks::from_givens(geometry, givens);
    let mut steps = Vec::new();
    let mut contradiction = marks.contradiction();
    while !marks.is_solved() && contradiction.is_none() {
        let step = match ladder.next_step(&marks, &Technique::ALL) {
            Some(step) => step,
            None => match guess(&marks, solution.as_deref()) {
                Some(step) => step,
                None => break,
            },
        };
        step.apply(&mut marks);
        steps.push(step);
        contradiction = marks.contradiction();
    }
    ShapePath {
        solutions: counted.count,
        steps,
        values: marks.values().to_vec(),
        contradiction,
    }
}

/// The solution's value in the open cell with the fewest candidates.
/// The next step on `marks`, a position in progress whose candidates the player
/// may have narrowed (struck out, or marked by hand): the ladder's easiest, else
/// a guess of the solution's value when there is one.
pub fn next_step_on(marks: &ShapeMarks, solution: Option<&[u8]>) -> Option<Step> {
    Ladder::new(marks.geometry())
        .next_step(marks, &Technique::ALL)
        .or_else(|| guess(marks, solution))
}

fn guess(marks: &ShapeMarks, solution: Option<&[u8]>) -> Option<Step> {
    let (solution, cell) = (solution?, marks.fewest_candidates_cell()?);
    let value = solution[cell];
    let at = Cell::new(cell);
    Some(Step {
        placements: vec![(at, Digit::new(value))],
        pattern: vec![(at, Candidates::from_bits(value_bit(value)))],
        ..Step::of(Basis::Guess)
    })
}

/// The grade of a shaped puzzle, in the classic grader's terms: level (the hardest
/// step's; Extreme with a guess), score (the steps' scores summed), hardest
/// technique (none when a guess was needed), steps per technique and guesses.
/// Sudoku Explainer's ratings are the classic 9x9's only: left at zero here.
pub fn grade(geometry: &Geometry, givens: &[u8]) -> Grade {
    let path = explain(geometry, givens);
    let mut grade = Grade {
        level: Level::Easy,
        score: 0,
        hardest: None,
        steps: BTreeMap::new(),
        guesses: 0,
        status: match path.solutions {
            0 => Status::NoSolution,
            1 if givens.iter().all(|&v| v != 0) => Status::Solved,
            1 => Status::Graded,
            _ => Status::NotUnique,
        },
        se: Ratings::default(),
    };
    if grade.status != Status::Graded {
        return grade;
    }
    for step in &path.steps {
        grade.level = grade.level.max(step.basis.level());
        grade.score += step.basis.score();
        match step.technique() {
            Some(technique) => {
                *grade.steps.entry(technique).or_insert(0) += 1;
                grade.hardest = grade.hardest.max(Some(technique));
            }
            None => grade.guesses += 1,
        }
    }
    if grade.guesses > 0 {
        grade.hardest = None;
    }
    grade
}

/// The next step of `givens` on `geometry` (a shaped position is its values:
/// its candidates are those the peers leave).
pub fn hint(geometry: &Geometry, givens: &[u8]) -> Hint {
    hint_in_game(geometry, givens, givens)
}

/// The hint for a game in progress: `position` (values, 0 open) played from
/// `givens`. Values that disagree with the givens' solution come first, as a
/// mistake; then the next step from the position, as [`hint`] gives it.
pub fn hint_in_game(geometry: &Geometry, givens: &[u8], position: &[u8]) -> Hint {
    let counted = search::count_shape(geometry, givens, 2);
    let solution = match (counted.count, counted.first) {
        (1, Some(solution)) => solution,
        (0, _) | (_, None) => return Hint::NoSolution,
        _ => return Hint::MultipleSolutions,
    };
    let wrong: Vec<(Cell, Option<Digit>)> = (0..geometry.cells())
        .filter(|&c| position[c] != 0 && position[c] != solution[c])
        .map(|c| (Cell::new(c), Some(Digit::new(position[c]))))
        .collect();
    if !wrong.is_empty() {
        return Hint::Mistake { wrong };
    }
    // A given the position left open stays given.
    let values: Vec<u8> = (0..geometry.cells())
        .map(|c| position[c].max(givens[c]))
        .collect();
    let marks = ShapeMarks::from_givens(geometry, &values);
    if marks.is_solved() {
        return Hint::Solved;
    }
    Ladder::new(geometry)
        .next_step(&marks, &Technique::ALL)
        .or_else(|| guess(&marks, Some(&solution)))
        .map_or(Hint::Solved, Hint::Step)
}
