//! What to generate ([`Request`]), and whether a candidate puzzle is it: the
//! sieve, the closure verdict and the grader, cheapest first.

use super::sieve::{self, Closure};
use super::verdict;
use super::{DEFAULT_MAX_ATTEMPTS, Symmetry, WALK_LENGTH};
use crate::engine::grade::{self, Grade, Level};
use crate::engine::grid::Grid;
use crate::engine::logic::Technique;

/// What to generate.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Request {
    /// The level the grader must give the puzzle.
    pub level: Level,
    /// How the clues are laid out.
    pub symmetry: Symmetry,
    /// Puzzles graded before giving up.
    pub max_attempts: u32,
    /// When set, the puzzle's hardest step must be this technique (and `level`
    /// is not looked at): puzzles for practising one technique.
    pub needs: Option<Technique>,
    /// Whether the kept puzzle must come with its grade ([`Generated::grade`](super::Generated::grade)).
    /// Without it an Expert puzzle is kept on [`verdict`]'s word, which skips
    /// the grader's path (two thirds of the cost of making one) and is the
    /// grader's verdict but for a technique that is not monotone (none met in
    /// the tests), and an Extreme one on the grader's path up to its forcing
    /// chains ([`Request::keeps_extreme`]); the other levels are graded anyway.
    pub with_grade: bool,
    /// Extreme only: the puzzles come from vicinity walks ([`Walk`](super::Walk)), about
    /// 1.5x faster on seed 1 (the grader's check of each candidate is the
    /// cost), each puzzle sharing all clues but one with an earlier one of its
    /// walk. Off by default: every puzzle then comes from a fresh solved grid
    /// of its own, as at the other levels, so a batch holds independent
    /// puzzles. A symmetric request always takes the fresh route (a one-clue
    /// move breaks the symmetry).
    pub walk: bool,
    /// Consecutive puzzles of a seed that one walk makes (default
    /// [`WALK_LENGTH`]); puzzle `index` comes from the walk that starts at
    /// `index - index % walk_length`, whatever the thread count.
    pub walk_length: u64,
}

impl Request {
    /// A request for `level` with no symmetry and the default budget.
    pub fn new(level: Level) -> Request {
        Request {
            level,
            symmetry: Symmetry::None,
            max_attempts: DEFAULT_MAX_ATTEMPTS,
            needs: None,
            with_grade: true,
            walk: false,
            walk_length: WALK_LENGTH,
        }
    }

    /// Whether the puzzles come from vicinity walks ([`Walk`](super::Walk)) rather than
    /// each from a fresh grid.
    pub fn walks(&self) -> bool {
        self.level == Level::Extreme
            && self.needs.is_none()
            && self.symmetry == Symmetry::None
            && self.walk
    }

    /// How many consecutive puzzles of a seed come from one run of the
    /// generator: [`WALK_LENGTH`] for a walk, else 1 (each its own stream).
    pub fn run_length(&self) -> u64 {
        if self.walks() {
            self.walk_length.max(1)
        } else {
            1
        }
    }

    /// A request for puzzles whose hardest step is `technique`.
    pub fn needing(technique: Technique) -> Request {
        Request {
            needs: Some(technique),
            ..Request::new(technique.level())
        }
    }

    /// Whether a graded puzzle is what was asked for.
    pub(super) fn accepts(&self, grade: &Grade) -> bool {
        match self.needs {
            Some(technique) => grade.hardest == Some(technique),
            None => grade.level == self.level,
        }
    }

    /// Whether `givens` is what was asked for, with its grade when that is
    /// wanted (or needed to know): `None` to throw it away.
    pub(super) fn keeps(&self, givens: &Grid, solution: &Grid) -> Option<Option<Grade>> {
        if self.needs.is_none() && self.level == Level::Extreme {
            return self.keeps_extreme(givens, solution);
        }
        if !self.with_grade && self.needs.is_none() && self.level >= Level::Expert {
            let level = verdict::verdict(givens, solution).level();
            return (level == Some(self.level)).then_some(None);
        }
        let grade = self.grade(givens)?;
        self.accepts(&grade).then_some(Some(grade))
    }

    /// [`Request::keeps`] for Extreme: [`verdict::is_extreme`] (the closure of
    /// every technique up to Expert, cheapest first, stuck) throws away most
    /// candidates; then the grader's own path decides, since near Extreme
    /// puzzles the closure's order matters now and then (the uniqueness
    /// patterns are not monotone: in one vicinity walk of seed 1, 2 of 100
    /// puzzles kept on the verdict alone graded Expert). Without the grade
    /// that path stops where the techniques up to Expert are stuck, before
    /// the forcing chains.
    fn keeps_extreme(&self, givens: &Grid, solution: &Grid) -> Option<Option<Grade>> {
        if !verdict::is_extreme(givens, solution) {
            return None;
        }
        if self.with_grade {
            let grade = grade::grade_unique_at_most(givens, Level::Extreme)?;
            return (grade.level == Level::Extreme).then_some(Some(grade));
        }
        grade::grade_unique_at_most(givens, Level::Expert)
            .is_none()
            .then_some(None)
    }

    /// The grade of `givens` (a fresh puzzle with exactly one solution), or `None`
    /// as soon as it is clear the puzzle will be thrown away: the techniques
    /// before the wanted ones solve it, or (for `needs` up to Empty Rectangle) the
    /// techniques through `needs` do not ([`sieve`], microseconds); or the grader
    /// meets a step above the level or a technique harder than `needs`.
    pub(super) fn grade(&self, givens: &Grid) -> Option<Grade> {
        // The techniques before the wanted ones, and (for `needs` up to
        // Empty Rectangle) through it: the first must not solve the puzzle, the
        // second must.
        let (too_easy, enough) = match self.needs {
            Some(technique) => (Closure::before(technique), Closure::through(technique)),
            None => (Closure::below(self.level), None),
        };
        let closures: Vec<Closure> = too_easy.into_iter().chain(enough).collect();
        let solved_by = sieve::first_solving(givens, &closures);
        let too_easy_solves = too_easy.is_some() && solved_by == Some(0);
        if too_easy_solves || (enough.is_some() && solved_by.is_none()) {
            return None;
        }
        match self.needs {
            Some(technique) => {
                let through = Technique::ALL.iter().position(|&t| t == technique)?;
                grade::grade_among(givens, &Technique::ALL[..=through], technique.level())
            }
            None => grade::grade_unique_at_most(givens, self.level),
        }
    }
}
