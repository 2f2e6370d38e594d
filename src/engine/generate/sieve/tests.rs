//! The sieve's closures against the grader.
use super::*;
use crate::engine::generate::{Request, Symmetry, minimize, rng_for, solved_grid};
use crate::engine::grade::{self, Level};
use crate::engine::types::{Cell, Digit};

/// Every closure against the grader limited to the same techniques, on
/// `puzzle`: solved by one exactly when solved by the other.
fn assert_agrees(puzzle: &Grid) {
    for len in 3..=SIEVED {
        let closure = Closure::of_len(len).expect("a sieved prefix");
        let graded = grade::grade_among(puzzle, &Technique::ALL[..len], Level::Extreme);
        assert_eq!(
            solves(puzzle, closure),
            graded.is_some(),
            "{puzzle:?} through {:?}",
            Technique::ALL[len - 1]
        );
    }
}

/// The sieve's answers against the grader's on fresh minimal puzzles, the
/// puzzles the generator asks it about, and on puzzles whose hardest step is a
/// subset or a fish (which fresh puzzles rarely need).
#[test]
fn closures_agree_with_the_grader() {
    let mut seen = [0; 3];
    for index in 0..80 {
        let mut rng = rng_for(23, index);
        let puzzle = minimize(&solved_grid(&mut rng), Symmetry::None, &mut rng);
        assert_agrees(&puzzle);
        let level = grade::grade(&puzzle).level;
        seen[(level as usize).min(2)] += 1;
    }
    assert!(
        seen.iter().all(|&n| n > 0),
        "easy, medium, harder: {seen:?}"
    );
    for technique in [
        Technique::NakedTriple,
        Technique::NakedQuad,
        Technique::XWing,
        Technique::Swordfish,
        Technique::Skyscraper,
        Technique::TwoStringKite,
        Technique::EmptyRectangle,
    ] {
        let made = crate::engine::generate::generate(&Request::needing(technique), 5, 0)
            .expect("a puzzle");
        assert_eq!(made.grade.expect("graded").hardest, Some(technique));
        assert_agrees(&made.givens);
    }
}

#[test]
fn contradictory_givens_are_not_solved() {
    let mut givens = Grid::empty();
    givens.set(Cell::new(0), Some(Digit::new(5)));
    givens.set(Cell::new(1), Some(Digit::new(5)));
    assert!(!solves(&givens, Closure::of_len(3).expect("the singles")));
}
