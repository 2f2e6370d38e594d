//! One hint ladder for `pencilmark hint --level` and the player: each level
//! reveals strictly more, and the nudge names neither a cell nor a digit.

use pencilmark::engine::hint::{self, Hint, HintLevel};
use pencilmark::engine::logic::{Basis, Level, Step};
use pencilmark::engine::{Board, parse};

const EASY: &str =
    "003020600900305001001806400008102900700000008006708200002609500800203009005010300";

#[test]
fn every_level_reveals_more_and_the_nudge_gives_nothing_away() {
    let givens = parse::parse_line(EASY, 1).unwrap();
    let mut board = Board::with_auto_candidates(&givens);
    // Walk a few steps of the puzzle, checking the ladder at each.
    for _ in 0..10 {
        let hint = hint::hint(&givens, &board);
        let Hint::Step(step) = &hint else {
            panic!("an easy puzzle has a step: {hint:?}")
        };
        let texts: Vec<String> = HintLevel::ALL
            .iter()
            .map(|&level| hint.text(level))
            .collect();
        // Without the unit it points at ("box 1"), the nudge holds no number:
        // no cell (r4c7) and no digit.
        let mut rest = texts[0].clone();
        for unit in &step.units {
            rest = rest.replace(&unit.to_string(), "");
        }
        assert!(
            !rest.chars().any(|c| c.is_ascii_digit()),
            "nudge: {}",
            texts[0]
        );
        assert!(
            texts[1].contains(step.basis.name()),
            "the technique at level 2: {}",
            texts[1]
        );
        assert!(texts[2].len() > texts[1].len(), "{texts:?}");
        assert_eq!(
            hint.text(HintLevel::from_number(1)),
            texts[0],
            "`hint --level 1` is the same text"
        );
        board = hint.applied(&board);
    }
}

#[test]
fn levels_number_one_to_four_in_order() {
    for (i, level) in HintLevel::ALL.iter().enumerate() {
        assert_eq!(level.number() as usize, i + 1);
        assert_eq!(HintLevel::from_number(level.number()), *level);
    }
    assert_eq!(HintLevel::Nudge.next(), Some(HintLevel::Technique));
    assert_eq!(HintLevel::Apply.next(), None);
}

/// A guess is a step like any other (on `Basis::Guess`): it climbs the same
/// ladder, saying at every level that no technique applies, names its cell from
/// level 2 and its digit from level 3, and level 4 places the digit.
#[test]
fn a_guess_is_a_step_that_says_it_is_one() {
    let givens = parse::parse_line(EASY, 1).unwrap();
    let board = Board::with_auto_candidates(&givens);
    let cell = board.open_cells().next().expect("an open cell");
    let digit = board.candidates(cell).iter().next().expect("a candidate");
    let hint = Hint::Step(Step::placement(Basis::Guess, cell, digit));
    assert_eq!(hint.kind(), "step");
    assert_eq!(hint.placements(), vec![(cell, digit)]);
    let texts: Vec<String> = HintLevel::ALL
        .iter()
        .map(|&level| hint.text(level))
        .collect();
    let no_technique = "No logical step found in the known techniques";
    assert!(
        texts.iter().all(|t| t.starts_with(no_technique)),
        "{texts:?}"
    );
    assert!(!texts[0].contains(&cell.to_string()), "{texts:?}");
    assert!(texts[1].contains(&cell.to_string()), "{texts:?}");
    assert!(texts[2].contains(&format!("{cell} = {digit}")), "{texts:?}");
    let after = hint.applied(&board);
    assert_eq!(after.digit(cell), Some(digit));
    let step = hint.step().expect("a step");
    assert_eq!((step.level(), step.technique()), (Level::Extreme, None));
    assert_eq!(step.basis.key(), "guess");
}
