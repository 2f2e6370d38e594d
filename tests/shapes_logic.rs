//! The logic ladder on every shape: the no-wrong-step sweep over samples of the
//! shared variant sets (every step checked against the file's `.solutions`), the
//! grades, the commands' exit statuses on puzzles with several solutions or none,
//! and a typed position for each technique on a shape other than the classic 9x9.

mod common;

use common::shapes::{jigsaw6, keeping, only_in, struck, unit};

use std::path::Path;

use pencilmark::engine::effects::Deduction;
use pencilmark::engine::geometry::format::ShapeReader;
use pencilmark::engine::geometry::logic::{self, Ladder, ShapeMarks};
use pencilmark::engine::geometry::{Geometry, UnitKind, Variant};
use pencilmark::engine::grade::Status;
use pencilmark::engine::logic::Basis;
use pencilmark::engine::logic::Technique;
use pencilmark::engine::{Candidates, Cell};

/// The sets with one solution per puzzle, their variant, and how many puzzles to
/// sample (fewer for the big sides: the tests run unoptimised).
const UNIQUE_SETS: [(&str, Variant, usize); 9] = [
    ("size4", Variant::Classic, 8),
    ("size6", Variant::Classic, 8),
    ("jigsaw6", Variant::Jigsaw, 8),
    ("size8", Variant::Classic, 4),
    ("x9", Variant::X, 4),
    ("windoku9", Variant::Windoku, 4),
    ("jigsaw9", Variant::Jigsaw, 4),
    ("size12", Variant::Classic, 2),
    ("size16", Variant::Classic, 1),
];

/// `count` puzzle lines of `name`.txt spread over the file, each with its `.solutions` line.
fn sample(dir: &Path, name: &str, count: usize) -> Vec<(usize, String, String)> {
    let read = |ext: &str| {
        std::fs::read_to_string(dir.join(format!("{name}.{ext}")))
            .unwrap_or_else(|e| panic!("{name}.{ext}: {e}"))
    };
    let (puzzles, solutions) = (read("txt"), read("solutions"));
    let pairs: Vec<(&str, &str)> = puzzles.lines().zip(solutions.lines()).collect();
    let stride = (pairs.len() / count).max(1);
    pairs
        .iter()
        .enumerate()
        .step_by(stride)
        .take(count)
        .map(|(i, (p, s))| (i + 1, p.to_string(), s.to_string()))
        .collect()
}

#[test]
fn every_step_on_every_shape_agrees_with_the_solution() {
    let Some(dir) = common::shared("data/variants") else {
        eprintln!("skipped: ../shared/data/variants is missing");
        return;
    };
    for (name, variant, count) in UNIQUE_SETS {
        for (line, text, solution_text) in sample(&dir, name, count) {
            let puzzle = ShapeReader::new(variant)
                .read(&text, line)
                .unwrap_or_else(|e| panic!("{name} line {line}: {e}"));
            let geometry = &puzzle.geometry;
            let solution = ShapeReader::new(variant)
                .read(&format!("{solution_text} {}", region_field(&text)), line)
                .expect("the solution reads")
                .givens;
            let path = logic::explain(geometry, &puzzle.givens);
            assert_eq!(path.solutions, 1, "{name} line {line}");
            for step in &path.steps {
                let what = || format!("{name} line {line}: {}", step.text_in(geometry));
                for (cell, value) in step.placed() {
                    assert_eq!(solution[cell], value, "wrong placement in {}", what());
                }
                for (cell, value) in step.removed() {
                    assert_ne!(solution[cell], value, "wrong elimination in {}", what());
                }
            }
            assert!(path.contradiction.is_none(), "{name} line {line}");
            assert_eq!(path.values, solution, "{name} line {line} ends solved");
            let graded = logic::grade(geometry, &puzzle.givens);
            assert_eq!(graded.status, Status::Graded, "{name} line {line}");
            assert!(graded.score > 0, "{name} line {line}");
            assert_eq!(graded.guesses, path.guesses(), "{name} line {line}");
        }
    }
}

/// A jigsaw line's region field (empty for other shapes), so a solution line reads.
fn region_field(text: &str) -> &str {
    text.split_whitespace().nth(1).unwrap_or("")
}

#[test]
fn grade_explain_and_hint_refuse_puzzles_without_one_solution() {
    let Some(dir) = common::shared("data/variants") else {
        eprintln!("skipped: ../shared/data/variants is missing");
        return;
    };
    for (name, expected) in [
        ("size6_multiple", "not unique"),
        ("x9_multiple", "not unique"),
        ("jigsaw9_multiple", "not unique"),
        ("size6_unsolvable", "no solution"),
        ("x9_unsolvable", "no solution"),
        ("jigsaw9_unsolvable", "no solution"),
        ("size16_unsolvable", "no solution"),
    ] {
        let text = std::fs::read_to_string(dir.join(format!("{name}.txt"))).expect("the set reads");
        let first_two: String = text.lines().take(2).map(|l| format!("{l}\n")).collect();
        let variant = if name.starts_with("x9") {
            "x"
        } else {
            "classic"
        };
        let variant = if name.starts_with("jigsaw") {
            "jigsaw"
        } else {
            variant
        };
        let graded = common::pencilmark(&["grade", "--variant", variant], &first_two);
        assert_eq!(
            graded.status.code(),
            Some(1),
            "{name}: {}",
            common::stderr(&graded)
        );
        for line in common::stdout(&graded).lines() {
            assert_eq!(line, expected, "{name}");
        }
        let first = text.lines().next().expect("a puzzle");
        for command in ["explain", "hint"] {
            let output = common::pencilmark(&[command, "--variant", variant, first], "");
            assert_eq!(output.status.code(), Some(1), "{command} {name}");
        }
    }
}

#[test]
fn grade_json_has_the_classic_fields_on_a_shape() {
    let output = common::pencilmark(&["grade", "--json", "-"], "..1..3....32....\n");
    assert_eq!(output.status.code(), Some(0), "{}", common::stderr(&output));
    let value: serde_json::Value =
        serde_json::from_str(common::stdout(&output).trim()).expect("one JSON object");
    for field in [
        "status", "level", "score", "hardest", "steps", "guesses", "se",
    ] {
        assert!(value.get(field).is_some(), "{field} missing from {value}");
    }
    assert_eq!(value["status"], "graded");
    assert_eq!(value["level"], "easy");
}

#[test]
fn explain_and_hint_take_a_four_by_four_line() {
    let puzzle = "..1..3....32....";
    let output = common::pencilmark(&["explain", puzzle], "");
    assert_eq!(output.status.code(), Some(0), "{}", common::stderr(&output));
    assert!(common::stdout(&output).contains("Solved in"));
    let hint = common::pencilmark(&["hint", "--json", "--level", "4", puzzle], "");
    let value: serde_json::Value = serde_json::from_str(common::stdout(&hint).trim()).unwrap();
    assert_eq!(value["kind"], "step");
    assert_eq!(value["position"].as_str().map(str::len), Some(16));
}

#[test]
fn a_diagonal_locked_in_a_box_clears_the_rest_of_the_box_on_sudoku_x() {
    let geometry = Geometry::regular(6, Variant::X).unwrap();
    // On the main diagonal (r1c1 .. r6c6) 4 may only go in r1c1 or r2c2, both in box 1.
    let marks = struck(&geometry, 4, &[14, 21, 28, 35]);
    let step = Ladder::new(&geometry)
        .find(Technique::LockedCandidatesPointing, &marks)
        .expect("the diagonal points into box 1");
    let diagonal = unit(&geometry, UnitKind::Diagonal, 1);
    assert_eq!(
        step.units,
        vec![diagonal, unit(&geometry, UnitKind::Box, 1)]
    );
    // Box 1 is r1c1-r1c3, r2c1-r2c3: 4 leaves the four cells off the diagonal.
    assert_eq!(
        step.removed().collect::<Vec<_>>(),
        vec![(1, 4), (2, 4), (6, 4), (8, 4)]
    );
    assert!(step.text_in(&geometry).contains("diagonal 1"));
}

#[test]
fn a_jigsaw_region_locked_in_a_row_clears_the_rest_of_the_row() {
    // Region 1 is r1c1-r1c3 and r2c1-r2c3 ... a 6x6 jigsaw from the shared set's first line.
    let geometry = jigsaw6();
    // Region 1: r1c1 r1c2 r1c3 r2c1 r2c2 r3c2; strike 5 from all but r1c1, r1c2.
    let marks = struck(&geometry, 5, &[2, 6, 7, 13]);
    let step = Ladder::new(&geometry)
        .find(Technique::LockedCandidatesPointing, &marks)
        .expect("region 1 points along row 1");
    assert_eq!(step.units[0], unit(&geometry, UnitKind::Region, 1));
    assert_eq!(step.units[1], unit(&geometry, UnitKind::Row, 1));
    assert_eq!(
        step.removed().collect::<Vec<_>>(),
        vec![(3, 5), (4, 5), (5, 5)]
    );
}

#[test]
fn a_window_claims_from_a_row_on_windoku() {
    let geometry = Geometry::regular(9, Variant::Windoku).unwrap();
    // Row 2 keeps 7 only in r2c2..r2c4 (window 1's top row, also box 1 and 2): the
    // row claims both; the window is the unit that crosses two boxes.
    let marks = struck(&geometry, 7, &[9, 13, 14, 15, 16, 17]);
    let claims: Vec<_> = std::iter::successors(Some(marks), |m| {
        let step = Ladder::new(&geometry).find(Technique::LockedCandidatesClaiming, m)?;
        let mut next = *m;
        step.apply(&mut next);
        Some(next)
    })
    .take(5)
    .collect();
    let last = claims.last().unwrap();
    let window = unit(&geometry, UnitKind::Window, 1);
    // Every cell of window 1 outside row 2 lost the 7.
    for &cell in &geometry.unit(window).cells {
        assert_eq!(
            last.allows(cell, 7),
            geometry.row_of(cell) == 1,
            "r{}c{}",
            cell / 9 + 1,
            cell % 9 + 1
        );
    }
}

#[test]
fn naked_and_hidden_pairs_and_fish_are_found_on_a_twelve_by_twelve() {
    let geometry = Geometry::regular(12, Variant::Classic).unwrap();
    let empty = vec![0; geometry.cells()];
    let ladder = Ladder::new(&geometry);
    // Naked pair: r1c1 and r1c2 hold only 1 and 2.
    let mut marks = ShapeMarks::from_givens(&geometry, &empty);
    for cell in [0, 1] {
        for value in 3..=12 {
            marks.strike(cell, value);
        }
    }
    let pair = ladder
        .find(Technique::NakedPair, &marks)
        .expect("a naked pair");
    // Each cell of the pair with the values it holds (1 and 2).
    assert_eq!(
        pair.pattern,
        vec![
            (Cell::new(0), Candidates::from_bits(0b11)),
            (Cell::new(1), Candidates::from_bits(0b11))
        ]
    );
    // Hidden pair: in row 1, 11 and 12 may only go in r1c5 and r1c6.
    let row_one: Vec<usize> = (0..12).filter(|&c| c != 4 && c != 5).collect();
    let mut marks = struck(&geometry, 11, &row_one);
    row_one.iter().for_each(|&c| marks.strike(c, 12));
    let hidden = ladder
        .find(Technique::HiddenPair, &marks)
        .expect("a hidden pair");
    assert_eq!(
        hidden.pattern_cells().map(Cell::index).collect::<Vec<_>>(),
        vec![4, 5]
    );
    assert!(
        hidden
            .removed()
            .all(|(c, v)| [4, 5].contains(&c) && v <= 10)
    );
    // X-Wing: in rows 1 and 7, B (11) may only go in columns 1 and 12.
    let off: Vec<usize> = [0, 6]
        .iter()
        .flat_map(|&r| (1..11).map(move |c| r * 12 + c))
        .collect();
    let fish = ladder
        .find(Technique::XWing, &struck(&geometry, 11, &off))
        .expect("an X-Wing");
    assert_eq!(
        fish.pattern_cells().map(Cell::index).collect::<Vec<_>>(),
        vec![0, 11, 72, 83]
    );
    assert!(fish.removed().all(|(c, _)| c % 12 == 0 || c % 12 == 11));
    assert!(fish.text_in(&geometry).contains("the B can only go"));
}

#[test]
fn a_forcing_chain_is_labelled_and_a_guess_is_never_called_a_deduction() {
    assert!(
        Technique::DynamicForcingChain.supports(&Geometry::regular(16, Variant::Classic).unwrap())
    );
    let x = Geometry::regular(9, Variant::X).unwrap();
    assert!(!Technique::UniqueRectangle1.supports(&x));
    assert!(Technique::UniqueRectangle1.supports(Geometry::classic()));
    // Every shape but the classic 9x9 keeps the uniqueness techniques off.
    for technique in Technique::ALL.into_iter().filter(|t| t.supports(&x)) {
        assert!(!technique.assumes_unique_solution(), "{technique} on X");
    }
    assert_eq!(Basis::Guess.key(), "guess");
    assert_eq!(
        Basis::Guess.level(),
        pencilmark::engine::logic::Level::Extreme
    );
}

#[test]
fn an_xy_wing_sees_along_a_diagonal_on_sudoku_x() {
    let geometry = Geometry::regular(9, Variant::X).unwrap();
    // r1c1 {1,3} sees r5c5 {1,2} only by the main diagonal, and r5c1 {2,3} by column 1.
    let marks = keeping(&geometry, &[(0, &[1, 3]), (40, &[1, 2]), (36, &[2, 3])]);
    let step = Ladder::new(&geometry)
        .find(Technique::XyWing, &marks)
        .expect("an XY-Wing");
    assert_eq!(
        step.pattern_cells().map(Cell::index).collect::<Vec<_>>(),
        vec![0, 36, 40]
    );
    // 2 leaves row 5 and r9c1, which sees r5c5 along the anti-diagonal.
    let expected: Vec<(usize, u8)> = [37, 38, 39, 41, 42, 43, 44, 72]
        .iter()
        .map(|&c| (c, 2))
        .collect();
    assert_eq!(step.removed().collect::<Vec<_>>(), expected);
}

#[test]
fn an_x_chain_links_strong_and_weak_places_of_one_value() {
    let geometry = Geometry::regular(6, Variant::Classic).unwrap();
    // The 1 may only go in r1c2, r1c5, r4c2, r4c5 and r6c5.
    let marks = only_in(&geometry, 1, &[1, 4, 19, 22, 34]);
    let step = Ladder::new(&geometry)
        .find(Technique::XChain, &marks)
        .expect("an X-Chain");
    assert_eq!(
        step.pattern_cells().map(Cell::index).collect::<Vec<_>>(),
        vec![4, 1, 19, 22]
    );
    assert_eq!(step.removed().collect::<Vec<_>>(), vec![(34, 1)]);
    assert!(
        step.text_in(&geometry)
            .contains("r1c5 = r1c2 - r4c2 = r4c5")
    );
}

#[test]
fn trace_follows_the_search_on_a_sixteen_by_sixteen_to_its_solution() {
    let Some(dir) = common::shared("data/variants") else {
        eprintln!("skipped: ../shared/data/variants is missing");
        return;
    };
    let read = |name: &str| std::fs::read_to_string(dir.join(name)).expect("the set reads");
    let (puzzles, solutions) = (read("size16.txt"), read("size16.solutions"));
    let (puzzle, solution) = (
        puzzles.lines().nth(1).unwrap(),
        solutions.lines().nth(1).unwrap(),
    );
    let output = common::pencilmark(&["trace", puzzle], "");
    assert_eq!(output.status.code(), Some(0), "{}", common::stderr(&output));
    let text = common::stdout(&output);
    assert!(text.lines().any(|l| l.contains("guess r")), "{text}");
    let last = text.lines().last().expect("events");
    assert!(last.ends_with(&format!("solved: {solution}")), "{last}");
    let unsolvable = read("size6_unsolvable.txt");
    let first = unsolvable.lines().next().unwrap();
    let output = common::pencilmark(&["trace", "--summary", "--json", first], "");
    assert_eq!(output.status.code(), Some(1));
    assert!(common::stdout(&output).contains("\"result\":\"no_solution\""));
}

#[test]
fn a_skyscraper_on_a_six_by_six_joins_two_rows_by_a_column() {
    let geometry = Geometry::regular(6, Variant::Classic).unwrap();
    // The 1 may only go in r1c2, r1c5 (row 1) and r4c2, r4c6 (row 4).
    let off = [0, 2, 3, 5, 18, 20, 21, 22];
    let marks = struck(&geometry, 1, &off);
    let step = Ladder::new(&geometry)
        .find(Technique::Skyscraper, &marks)
        .expect("a Skyscraper");
    assert_eq!(
        step.pattern_cells().map(Cell::index).collect::<Vec<_>>(),
        vec![4, 1, 19, 23]
    );
    // r1c5 or r4c6 holds the 1: r2c6 (box 2, column 6) and r3c5 (column 5, box 4) see both.
    assert_eq!(step.removed().collect::<Vec<_>>(), vec![(11, 1), (16, 1)]);
    assert!(
        step.text_in(&geometry)
            .contains("r1c2 and r4c2 see each other")
    );
}

#[test]
fn a_two_string_kite_on_a_jigsaw_is_joined_in_a_region() {
    let geometry = jigsaw6();
    // Row 1 keeps the 2 in r1c1 and r1c5, column 2 in r3c2 and r6c2; r1c1 and
    // r3c2 share region 1 (and nothing else).
    let marks = struck(&geometry, 2, &[1, 2, 3, 5, 7, 19, 25]);
    let step = Ladder::new(&geometry)
        .find(Technique::TwoStringKite, &marks)
        .expect("a 2-String Kite");
    assert_eq!(
        step.pattern_cells().map(Cell::index).collect::<Vec<_>>(),
        vec![4, 0, 13, 31]
    );
    assert_eq!(step.removed().collect::<Vec<_>>(), vec![(34, 2)]);
    assert!(
        Ladder::new(&geometry)
            .find(Technique::Skyscraper, &marks)
            .is_none(),
        "a row and a column make no Skyscraper"
    );
}

#[test]
fn a_w_wing_on_sudoku_x_rests_on_a_strong_link_in_the_diagonal() {
    let geometry = Geometry::regular(9, Variant::X).unwrap();
    // r1c3 and r9c7 hold {1,2} and do not see each other; on diagonal 1 the 1 may
    // only go in r3c3 (seeing r1c3) and r7c7 (seeing r9c7).
    let mut marks = keeping(&geometry, &[(2, &[1, 2]), (78, &[1, 2])]);
    for cell in [0, 10, 30, 40, 50, 70, 80] {
        marks.strike(cell, 1);
    }
    let step = Ladder::new(&geometry)
        .find(Technique::WWing, &marks)
        .expect("a W-Wing");
    assert_eq!(
        step.pattern_cells().map(Cell::index).collect::<Vec<_>>(),
        vec![2, 78, 20, 60]
    );
    assert_eq!(step.units, vec![unit(&geometry, UnitKind::Diagonal, 1)]);
    // One of them is 2: it leaves r1c7 and r9c3, which see both.
    assert_eq!(step.removed().collect::<Vec<_>>(), vec![(6, 2), (74, 2)]);
}

#[test]
fn an_xyz_wing_on_windoku_clears_the_window() {
    let geometry = Geometry::regular(9, Variant::Windoku).unwrap();
    // Pivot r2c2 {1,2,3}, wings r2c4 {1,3} and r4c2 {2,3}: all three lie in window 1.
    let marks = keeping(&geometry, &[(10, &[1, 2, 3]), (12, &[1, 3]), (28, &[2, 3])]);
    let step = Ladder::new(&geometry)
        .find(Technique::XyzWing, &marks)
        .expect("an XYZ-Wing");
    assert_eq!(
        step.pattern_cells().map(Cell::index).collect::<Vec<_>>(),
        vec![10, 12, 28]
    );
    let window: Vec<(usize, u8)> = [11, 19, 20, 21, 29, 30].iter().map(|&c| (c, 3)).collect();
    assert_eq!(step.removed().collect::<Vec<_>>(), window);
}
