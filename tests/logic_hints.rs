//! Propagation and hints on the classic board: the log of singles, where a
//! contradiction stops it, and what a hint says first (a wrong digit, a lost
//! candidate, givens without one solution, the simplest step, never a guess),
//! and how a mistake reads on another shape.

use pencilmark::engine::board::Contradiction;
use pencilmark::engine::geometry::{Geometry, Variant};
use pencilmark::engine::grade::Level;
use pencilmark::engine::hint::{self, Hint, HintLevel};
use pencilmark::engine::logic::{self, Technique};
use pencilmark::engine::types::Unit;
use pencilmark::engine::{Board, Cell, Digit, search};

mod common;

use common::logic::{EASY, assert_sound, grid, position, solution_of};

#[test]
fn propagate_solves_an_easy_puzzle_with_a_log_of_singles() {
    let mut board = Board::with_auto_candidates(&grid(EASY));
    let result = logic::propagate(&mut board);
    assert!(result.contradiction.is_none());
    assert!(board.is_solved());
    assert_eq!(result.steps.len(), 51);
    assert!(
        result
            .steps
            .iter()
            .all(|s| s.basis.level() == Level::Easy && s.placements.len() == 1)
    );
    assert!(board.digits().is_solution_of(&grid(EASY)));
}

#[test]
fn propagate_stops_at_a_contradiction_and_says_where() {
    // r1c3 may only be 1, 2 or 4 from its peers; strike all three.
    let mut board = Board::with_auto_candidates(&grid(EASY));
    let cell = Cell::parse("r1c3").expect("cell");
    for d in board.candidates(cell).iter() {
        board.strike(cell, d);
    }
    let result = logic::propagate(&mut board);
    assert_eq!(
        result.contradiction,
        Some(Contradiction::NoCandidates(cell))
    );
    // A digit with no place left in a unit.
    let mut board = Board::with_auto_candidates(&grid(EASY));
    for &c in Unit::row(0).cells() {
        board.strike(c, Digit::new(1));
    }
    let result = logic::propagate(&mut board);
    assert!(
        matches!(result.contradiction, Some(Contradiction::NoPlace { digit, .. }) if digit == Digit::new(1)),
        "{:?}",
        result.contradiction
    );
}

#[test]
fn hint_names_a_wrong_digit_first() {
    let givens = grid(EASY);
    let mut position = Board::with_auto_candidates(&givens);
    let solution = search::solve(&givens).solution.expect("solution");
    let cell = position
        .open_cells()
        .find(|&c| position.candidates(c).len() > 1)
        .expect("an open cell");
    let wrong = Digit::all()
        .find(|&d| Some(d) != solution.get(cell) && position.candidates(cell).contains(d))
        .expect("a wrong candidate");
    position.place(cell, wrong);
    let answer = hint::hint(&givens, &position);
    assert_eq!(
        answer,
        Hint::Mistake {
            wrong: vec![(cell, Some(wrong))]
        }
    );
    let text = answer.text(HintLevel::Explanation);
    assert!(
        text.contains(&format!("the {wrong} in {cell} is wrong")),
        "{text}"
    );
}

#[test]
fn hint_names_a_pencil_mark_that_removed_the_solution() {
    let givens = grid(EASY);
    let mut position = Board::with_auto_candidates(&givens);
    let solution = search::solve(&givens).solution.expect("solution");
    let cell = Cell::parse("r9c1").expect("cell");
    position.strike(cell, solution.get(cell).expect("complete"));
    assert_eq!(
        hint::hint(&givens, &position),
        Hint::Mistake {
            wrong: vec![(cell, None)]
        }
    );
}

#[test]
fn hint_reports_givens_without_one_solution() {
    let mut two = grid(EASY);
    two.set(Cell::parse("r1c1").expect("cell"), None);
    two.set(Cell::parse("r1c2").expect("cell"), None);
    two.set(Cell::parse("r1c5").expect("cell"), None);
    two.set(Cell::parse("r2c1").expect("cell"), None);
    assert_eq!(
        hint::hint(&two, &Board::with_auto_candidates(&two)),
        Hint::MultipleSolutions
    );
    let mut none = grid(EASY);
    none.set(Cell::parse("r1c3").expect("cell"), Some(Digit::new(2)));
    none.set(Cell::parse("r1c4").expect("cell"), Some(Digit::new(4)));
    let answer = hint::hint(&none, &Board::with_auto_candidates(&none));
    assert!(
        matches!(answer, Hint::NoSolution | Hint::Mistake { .. }),
        "{answer:?}"
    );
}

#[test]
fn hint_gives_the_simplest_single_with_its_reason() {
    let givens = grid(EASY);
    let answer = hint::hint(&givens, &Board::with_auto_candidates(&givens));
    let Hint::Step(step) = &answer else {
        panic!("expected a step, got {answer:?}");
    };
    assert_eq!(step.basis, Technique::HiddenSingle);
    let text = step.text();
    assert!(text.starts_with("Hidden single: in box"), "{text}");
    assert!(text.contains("ruled out by the"), "{text}");
    assert!(answer.text(HintLevel::Nudge).starts_with("Look at"));
    assert!(
        answer
            .text(HintLevel::Technique)
            .contains("Hidden Single in")
    );
}

#[test]
fn hint_without_a_single_gives_a_correct_elimination_step() {
    let board = position("x_wing");
    let givens = *board.digits();
    let solution = solution_of(&board);
    let answer = hint::hint(&givens, &board);
    let Hint::Step(step) = answer else {
        panic!("expected a step")
    };
    assert_eq!(step.basis, Technique::XWing);
    assert!(!step.eliminations.is_empty());
    assert_sound(&step, &solution, "hint");
}

#[test]
fn hint_where_simpler_techniques_run_out_is_a_forcing_step_not_a_guess() {
    let givens =
        grid("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..");
    let basic: Vec<Technique> = Technique::ALL
        .into_iter()
        .filter(|t| !t.is_forcing())
        .collect();
    let mut board = Board::with_auto_candidates(&givens);
    while let Some(step) = logic::next_step(&board, &basic) {
        step.apply(&mut board);
    }
    let answer = hint::hint(&givens, &board);
    let Hint::Step(step) = &answer else {
        panic!("expected a forcing step, got {answer:?}")
    };
    assert!(step.technique().is_some_and(Technique::is_forcing));
    let solution = search::solve(&givens).solution.expect("solution");
    assert_sound(step, &solution, "hint");
    assert!(answer.text(HintLevel::Explanation).contains("if r"));
}

#[test]
fn nested_forcing_nets_apply_the_catalogues_sound_techniques_inside_branches() {
    use pencilmark::engine::logic::forcing::NESTED_TECHNIQUES;
    for t in Technique::ALL {
        assert_eq!(
            NESTED_TECHNIQUES.contains(&t),
            t.in_nested_branches(),
            "{t}"
        );
    }
    assert!(NESTED_TECHNIQUES.windows(2).all(|w| w[0] < w[1]));
    assert!(
        NESTED_TECHNIQUES
            .iter()
            .all(|t| !t.assumes_unique_solution() && t.level() >= Level::Medium)
    );
    assert!(NESTED_TECHNIQUES.contains(&Technique::XWing));
    assert!(NESTED_TECHNIQUES.contains(&Technique::DigitForcingChain));
    assert!(!NESTED_TECHNIQUES.contains(&Technique::NestedForcingNet));
}

#[test]
fn a_shaped_mistake_names_the_value_in_the_shapes_alphabet_and_a_lost_mark_without_one() {
    let geometry = Geometry::regular(12, Variant::Classic).expect("a 12x12");
    let (placed, lost) = (Cell::new(0), Cell::new(13));
    let answer = Hint::Mistake {
        wrong: vec![(placed, Some(Digit::new(11))), (lost, None)],
    };
    let text = answer.text_in(&geometry, HintLevel::Explanation);
    assert_eq!(
        text,
        "Mistake: the B in r1c1 is wrong; a pencil mark removed from r2c2 was the value it \
         needs. Fix that first: a hint built on a mistake misleads."
    );
    // The geometry's alphabet has no symbol for "no value": none is written.
    let zero = geometry.alphabet().symbol(0);
    assert!(!text.contains(&format!("the {zero} in")), "{text}");
}
