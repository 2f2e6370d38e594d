//! The finders both ladders share read the classic board and a shaped position
//! alike: on the classic 9x9 geometry, the shaped ladder (over `ShapeMarks` and the
//! runtime `Geometry`) must report the very instance the classic ladder (over
//! `Board` and the compile-time table) reports first, at every position of a
//! grading path. A slip in either board's `CandidateBoard` reading (a unit index,
//! a box, a peer) shows up here as two different steps.

mod common;

use pencilmark::engine::effects::Deduction;
use pencilmark::engine::geometry::logic::{Ladder, ShapeMarks};
use pencilmark::engine::geometry::{Geometry, Variant};
use pencilmark::engine::logic::{self, Technique};
use pencilmark::engine::{Board, Cell, Grid, formats};

/// The techniques written once for both ladders whose instance order is shared.
const SHARED: [Technique; 4] = [
    Technique::Skyscraper,
    Technique::TwoStringKite,
    Technique::XChain,
    Technique::XyChain,
];

/// The top95 puzzles (`None`, with a message, when ../shared is missing locally;
/// `common::shared` fails instead under `CI=true`).
fn top95() -> Option<Vec<Grid>> {
    let Some(path) = common::shared("data/top95.txt") else {
        eprintln!("skipped: ../shared/data/top95.txt is missing");
        return None;
    };
    let text = std::fs::read_to_string(path).expect("top95 is readable");
    let puzzles = formats::read_each(&text, None, formats::Rules::Checked)
        .into_iter()
        .map(|read| read.expect("top95 puzzles read").givens)
        .collect();
    Some(puzzles)
}

/// `board` as a shaped position on the classic geometry: same values, same candidates.
fn twin<'g>(geometry: &'g Geometry, board: &Board) -> ShapeMarks<'g> {
    let values: Vec<u8> = Cell::all()
        .map(|c| board.digit(c).map_or(0, |d| d.get()))
        .collect();
    let mut marks = ShapeMarks::from_givens(geometry, &values);
    for cell in Cell::all().filter(|&c| board.digit(c).is_none()) {
        marks.keep_only(cell.index(), board.candidates(cell).bits());
    }
    marks
}

#[test]
fn both_ladders_report_the_same_chain_at_every_position_of_a_path() {
    let Some(puzzles) = top95() else {
        return;
    };
    let geometry = Geometry::regular(9, Variant::Classic).expect("the classic geometry");
    let ladder = Ladder::new(&geometry);
    let mut found = [0usize; SHARED.len()];
    for givens in puzzles.iter().step_by(3) {
        let mut board = Board::with_auto_candidates(givens);
        while let Some(step) = logic::find_step(&board) {
            let marks = twin(&geometry, &board);
            for (count, &technique) in found.iter_mut().zip(&SHARED) {
                let classic = logic::find_technique(&board, technique);
                let shaped = ladder.find(technique, &marks);
                let classic = classic.map(|s| {
                    let cells: Vec<usize> = s.pattern.iter().map(|(c, _)| c.index()).collect();
                    let struck: Vec<(usize, u8)> = s
                        .eliminations
                        .iter()
                        .map(|(c, d)| (c.index(), d.get()))
                        .collect();
                    (cells, struck)
                });
                let shaped = shaped.map(|s| {
                    let cells = s.pattern_cells().map(Cell::index).collect();
                    (cells, s.removed().collect())
                });
                assert_eq!(
                    classic,
                    shaped,
                    "{} at {}",
                    technique.name(),
                    board.digits().to_line()
                );
                *count += usize::from(classic.is_some());
            }
            step.apply(&mut board);
        }
    }
    // The sample must exercise every technique compared, or the test says nothing.
    for (count, technique) in found.iter().zip(&SHARED) {
        assert!(*count > 0, "no {} met on the path", technique.name());
    }
}

/// The forcing chains both ladders run through the one search. Forcing nets
/// run it too, but apply each ladder's own finders inside their branches, whose
/// first instance may differ (the shaped subsets take the first per unit), so
/// their proofs may differ; the no-wrong-step sweeps check them on every shape.
const FORCING: [Technique; 4] = [
    Technique::DigitForcingChain,
    Technique::CellForcingChain,
    Technique::UnitForcingChain,
    Technique::DynamicForcingChain,
];

#[test]
fn both_ladders_report_the_same_forcing_step_with_the_same_proof() {
    let Some(puzzles) = top95() else {
        return;
    };
    let geometry = Geometry::regular(9, Variant::Classic).expect("the classic geometry");
    let ladder = Ladder::new(&geometry);
    let mut found = [0usize; FORCING.len()];
    for givens in &puzzles {
        let mut board = Board::with_auto_candidates(givens);
        while let Some(step) = logic::find_step(&board) {
            // Where the classic path needs forcing, each forcing technique is
            // asked on both boards (the first deduction, shortest proof first).
            if step.technique().is_some_and(Technique::is_forcing) {
                let marks = twin(&geometry, &board);
                for (count, &technique) in found.iter_mut().zip(&FORCING) {
                    let classic = logic::find_technique(&board, technique);
                    *count += usize::from(classic.is_some());
                    let classic = classic.map(|s| {
                        let branches: Vec<String> =
                            s.branches.iter().map(|b| format!("{b:?}")).collect();
                        (s.text(), branches)
                    });
                    let shaped = ladder.find(technique, &marks).map(|s| {
                        let branches: Vec<String> =
                            s.branches.iter().map(|b| format!("{b:?}")).collect();
                        (s.text_in(&geometry), branches)
                    });
                    // The texts differ only in the word for a value.
                    let shaped =
                        shaped.map(|(t, b)| (t.replace("whichever value", "whichever digit"), b));
                    assert_eq!(
                        classic.as_ref().map(|c| &c.1),
                        shaped.as_ref().map(|s| &s.1),
                        "{} at {}",
                        technique.name(),
                        board.digits().to_line()
                    );
                    assert_eq!(
                        classic.map(|c| c.0),
                        shaped.map(|s| s.0),
                        "{} text at {}",
                        technique.name(),
                        board.digits().to_line()
                    );
                }
            }
            step.apply(&mut board);
        }
    }
    // A digit forcing chain is compared wherever it applies, but the classic
    // ladder's AICs come first and cover it: no grading path of top95 uses one.
    for (count, technique) in found.iter().zip(&FORCING).skip(1) {
        assert!(*count > 0, "no {} met on the path", technique.name());
    }
}
