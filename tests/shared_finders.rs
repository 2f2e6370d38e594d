//! The finders both ladders share read the classic board and a shaped position
//! alike: on the classic 9x9 geometry, the shaped ladder (over `ShapeMarks` and the
//! runtime `Geometry`) must report the very instance the classic ladder (over
//! `Board` and the compile-time table) reports first, at every position of a
//! grading path. A slip in either board's `CandidateBoard` reading (a unit index,
//! a box, a peer) shows up here as two different steps.

mod common;

use pencilmark::engine::geometry::logic::{Ladder, ShapeMarks};
use pencilmark::engine::geometry::{Geometry, Variant};
use pencilmark::engine::logic::{self, Technique};
use pencilmark::engine::{Board, Cell, formats};

/// The techniques written once for both ladders whose instance order is shared.
const SHARED: [Technique; 4] = [
    Technique::Skyscraper,
    Technique::TwoStringKite,
    Technique::XChain,
    Technique::XyChain,
];

/// `board` as a shaped position on the classic geometry: same values, same candidates.
fn twin<'g>(geometry: &'g Geometry, board: &Board) -> ShapeMarks<'g> {
    let values: Vec<u8> = Cell::all()
        .map(|c| board.digit(c).map_or(0, |d| d.get()))
        .collect();
    let mut marks = ShapeMarks::from_givens(geometry, &values);
    for cell in Cell::all().filter(|&c| board.digit(c).is_none()) {
        marks.keep_only(cell.index(), board.candidates(cell).bits().into());
    }
    marks
}

#[test]
fn both_ladders_report_the_same_chain_at_every_position_of_a_path() {
    let Some(path) = common::shared("data/top95.txt") else {
        eprintln!("skipped: ../shared/data/top95.txt is missing");
        return;
    };
    let text = std::fs::read_to_string(path).expect("top95 is readable");
    let geometry = Geometry::regular(9, Variant::Classic).expect("the classic geometry");
    let ladder = Ladder::new(&geometry);
    let mut found = [0usize; SHARED.len()];
    for read in formats::read_each(&text, None, formats::Rules::Checked)
        .into_iter()
        .step_by(3)
    {
        let givens = read.expect("top95 puzzles read").givens;
        let mut board = Board::with_auto_candidates(&givens);
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
                let shaped = shaped.map(|s| (s.pattern, s.eliminations));
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
