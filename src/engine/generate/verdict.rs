//! Whether a puzzle grades Expert (or Extreme), answered without walking the
//! grader's path.
//!
//! The grader takes the easiest step each time, so on an Expert puzzle it runs
//! every finder up to Hard (about thirty) and fails, at every position where an
//! Expert step is next, and the singles and other cheap steps one by one between
//! them. The generator asking for Expert only needs the verdict: whether some
//! Expert step is needed and nothing beyond Expert is. That is a question about
//! closures, not about the path: the sieve's techniques (singles through Empty
//! Rectangle) are applied all at once on bitboards ([`Position::close_sieved`]),
//! and only where they are stuck is the grader's loop asked for its easiest step
//! among the rest ([`StepFinder`], the same finders in the same order, up to
//! Expert). The puzzle is Expert when that reaches the solution and took an
//! Expert step on the way; stuck means a forcing chain or a guess (Extreme), so
//! an Extreme puzzle is known without its forcing chains.
//! Once an Expert step is taken the level can only be Expert or Extreme, and
//! only the closure matters, so from then on the finders are asked in the
//! order that costs least ([`AFTER_AN_EXPERT_STEP`]): the cheap ones that most
//! often apply first, and the ALS finders (the costliest, and the Expert step
//! of most Expert positions) before the rarely useful Hard ones.
//!
//! Exact as far as the techniques are monotone (a deduction on a board is still
//! one, or has turned into singles, once more candidates are gone): then every
//! order of the same techniques reaches the same closure, so the grader's path
//! and this one get stuck on the same puzzles, and both meet an Expert step
//! exactly when the techniques up to Hard leave the puzzle unsolved. The
//! uniqueness patterns and the Empty Rectangle are not strictly monotone, and a
//! short chain counts as Hard, so `tests` compare the verdicts with the grader's
//! on fresh puzzles (and `tests/generate.rs` the puzzles kept with and without
//! the grade). The generator uses it only when the grade is not wanted
//! ([`super::Request::with_grade`]); with it, the full grade decides.

use super::sieve::{Position, SIEVED};
use crate::engine::grade::Level;
use crate::engine::grid::Grid;
use crate::engine::logic::{StepFinder, Technique};

/// The techniques the grader tries after the sieve's, up to Expert.
const AFTER_SIEVE: usize = {
    let mut end = SIEVED;
    while end < Technique::ALL.len() && (Technique::ALL[end].level() as u8) <= Level::Expert as u8 {
        end += 1;
    }
    end
};

/// The techniques after the sieve's, up to Expert, in the order asked once an
/// Expert step is taken: the same set as the grader's, cheapest for the
/// closure first. (Measured on seed 1's Expert puzzles: an XY-Wing costs ~15k
/// instructions to look for, an XY-Chain ~80k, 3D Medusa ~60k, ALS-XZ and
/// ALS-XY-Wing ~600k each but they give half the steps; finned fish ~230k and
/// Multi-Colors ~100k, rarely useful.)
const AFTER_AN_EXPERT_STEP: [Technique; AFTER_SIEVE - SIEVED] = {
    use Technique::*;
    let first = [
        XyWing,
        XyChain,
        WWing,
        XyzWing,
        HiddenRectangle,
        UniqueRectangle2,
        UniqueRectangle3,
        UniqueRectangle4,
        UniqueRectangle5,
        UniqueRectangle6,
        BugPlus1,
        ThreeDMedusa,
        AlsXz,
        AlsXyWing,
        SueDeCoq,
    ];
    let mut order = [XyWing; AFTER_SIEVE - SIEVED];
    let mut len = 0;
    while len < first.len() {
        order[len] = first[len];
        len += 1;
    }
    // Then the rest, in the grader's order.
    let mut next = SIEVED;
    while next < AFTER_SIEVE {
        let technique = Technique::ALL[next];
        let mut listed = false;
        let mut i = 0;
        while i < first.len() {
            listed |= first[i] as u8 == technique as u8;
            i += 1;
        }
        if !listed {
            order[len] = technique;
            len += 1;
        }
        next += 1;
    }
    order
};

/// What [`verdict`] can say of a puzzle's level.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Verdict {
    /// Solved without an Expert step (Easy to Hard: which one is not looked at).
    AtMostHard,
    Expert,
    /// Stuck after every technique up to Expert: a forcing chain or a guess is next.
    Extreme,
}

impl Verdict {
    /// The level the verdict is, when it is one.
    pub(super) fn level(self) -> Option<Level> {
        match self {
            Verdict::AtMostHard => None,
            Verdict::Expert => Some(Level::Expert),
            Verdict::Extreme => Some(Level::Extreme),
        }
    }
}

/// The verdict on `givens`, a puzzle whose one solution is `solution`.
pub(super) fn verdict(givens: &Grid, solution: &Grid) -> Verdict {
    let Some(mut position) = Position::new(givens) else {
        return Verdict::Extreme;
    };
    let later = &Technique::ALL[SIEVED..AFTER_SIEVE];
    let mut finder = StepFinder::new();
    let mut expert = false;
    loop {
        match position.close_sieved() {
            Ok(true) if expert => return Verdict::Expert,
            Ok(true) => return Verdict::AtMostHard,
            Ok(false) => {}
            // Not for a puzzle with one solution: sound steps never get here.
            Err(_) => return Verdict::Extreme,
        }
        let techniques = if expert {
            &AFTER_AN_EXPERT_STEP[..]
        } else {
            later
        };
        let Some(step) = finder.next_step(&position.board(solution), techniques) else {
            return Verdict::Extreme;
        };
        expert |= step.level() == Level::Expert;
        position.take(&step);
    }
}

/// Whether `givens` (one solution, `solution`) is Extreme: the techniques up
/// to Expert leave it stuck. Only the closure matters here, so the finders
/// are asked cheapest-for-the-closure first from the start
/// ([`AFTER_AN_EXPERT_STEP`]): [`verdict`]'s answer (by monotony, as above)
/// without the grader's order before the first Expert step, which an Extreme
/// request does not need.
pub(super) fn is_extreme(givens: &Grid, solution: &Grid) -> bool {
    let Some(mut position) = Position::new(givens) else {
        return true;
    };
    let mut finder = StepFinder::new();
    loop {
        match position.close_sieved() {
            Ok(true) => return false,
            Ok(false) => {}
            Err(_) => return true,
        }
        let Some(step) = finder.next_step(&position.board(solution), &AFTER_AN_EXPERT_STEP) else {
            return true;
        };
        position.take(&step);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::generate::{Symmetry, minimize, rng_for, solved_grid};
    use crate::engine::grade;

    #[test]
    fn the_techniques_after_the_sieve_run_through_expert() {
        let later = &Technique::ALL[SIEVED..AFTER_SIEVE];
        assert_eq!(later.first(), Some(&Technique::XyWing));
        assert!(later.iter().all(|t| t.level() <= Level::Expert));
        assert!(
            Technique::ALL[AFTER_SIEVE..]
                .iter()
                .all(|t| t.level() == Level::Extreme)
        );
        let mut reordered = AFTER_AN_EXPERT_STEP.to_vec();
        reordered.sort();
        assert_eq!(reordered, later, "the same techniques");
    }

    /// The verdict against the full grader's level on fresh minimal puzzles,
    /// with every level among them.
    #[test]
    fn verdict_agrees_with_the_grader() {
        let mut seen = [0; 5];
        for index in 0..400 {
            let mut rng = rng_for(41, index);
            let solution = solved_grid(&mut rng);
            let puzzle = minimize(&solution, Symmetry::None, &mut rng);
            let level = grade::grade(&puzzle).level;
            seen[level as usize] += 1;
            let expected = match level {
                Level::Expert => Verdict::Expert,
                Level::Extreme => Verdict::Extreme,
                _ => Verdict::AtMostHard,
            };
            assert_eq!(
                verdict(&puzzle, &solution),
                expected,
                "{puzzle:?} grades {level:?}"
            );
            assert_eq!(
                is_extreme(&puzzle, &solution),
                level == Level::Extreme,
                "{puzzle:?} grades {level:?}"
            );
        }
        assert!(seen.iter().all(|&n| n > 0), "levels seen: {seen:?}");
    }
}
