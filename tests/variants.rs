//! Every shape against the shared variant sets (../shared/data/variants): about
//! twenty puzzles sampled from each file are read, counted up to two and solved,
//! and the answers checked against the file's `.solutions`.

mod common;

use std::path::Path;

use pencilmark::engine::geometry::format::{self, ShapeReader};
use pencilmark::engine::geometry::{Variant, logic};
use pencilmark::engine::search;

/// Puzzles tested per file, spread evenly over it.
const SAMPLE: usize = 20;

/// What a file's `.solutions` promises for each of its puzzles.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Expect {
    Unique,
    Several,
    None,
}

fn variant_of(name: &str) -> Variant {
    match name {
        n if n.starts_with("x9") => Variant::X,
        n if n.starts_with("windoku") => Variant::Windoku,
        n if n.starts_with("jigsaw") => Variant::Jigsaw,
        _ => Variant::Classic,
    }
}

fn expect_of(name: &str) -> Expect {
    if name.contains("_multiple") {
        Expect::Several
    } else if name.contains("_unsolvable") {
        Expect::None
    } else {
        Expect::Unique
    }
}

/// Checks the sampled puzzles of one file; returns how many were checked.
fn check_file(dir: &Path, name: &str) -> usize {
    let puzzles = std::fs::read_to_string(dir.join(format!("{name}.txt"))).unwrap();
    let solutions = std::fs::read_to_string(dir.join(format!("{name}.solutions"))).unwrap();
    let pairs: Vec<(&str, &str)> = puzzles.lines().zip(solutions.lines()).collect();
    let step = pairs.len().div_ceil(SAMPLE).max(1);
    let mut reader = ShapeReader::new(variant_of(name));
    let mut checked = 0;
    for (index, (line, expected)) in pairs.iter().enumerate().step_by(step) {
        let where_ = format!("{name}.txt line {}", index + 1);
        let puzzle = reader
            .read(line, index + 1)
            .unwrap_or_else(|e| panic!("{where_}: {e}"));
        let counted = search::count_shape(&puzzle.geometry, &puzzle.givens, 2);
        match expect_of(name) {
            Expect::Unique => {
                assert_eq!(counted.count, 1, "{where_}: one solution");
                let found = counted.first.unwrap();
                assert_eq!(
                    format::to_line(&puzzle.geometry, &found),
                    *expected,
                    "{where_}"
                );
            }
            Expect::Several => {
                assert_eq!(counted.count, 2, "{where_}: two or more solutions");
                let found = counted.first.unwrap();
                assert!(found.iter().all(|&v| v != 0), "{where_}: complete");
                assert!(
                    format::first_clash(&puzzle.geometry, &found, 0).is_none(),
                    "{where_}: every unit holds each symbol once"
                );
                assert!(
                    puzzle
                        .givens
                        .iter()
                        .zip(&found)
                        .all(|(&g, &f)| g == 0 || g == f),
                    "{where_}: keeps the givens"
                );
            }
            Expect::None => {
                assert_eq!(counted.count, 0, "{where_}: no solution");
                assert_eq!(*expected, "no solution");
            }
        }
        checked += 1;
    }
    checked
}

fn check(name: &str) {
    let Some(dir) = common::shared("data/variants") else {
        eprintln!("skipped: ../shared/data/variants is absent");
        return;
    };
    let checked = check_file(&dir, name);
    assert!(checked >= 10, "{name}: only {checked} puzzles checked");
}

#[test]
fn size4() {
    check("size4");
}

#[test]
fn size6() {
    check("size6");
}

#[test]
fn size6_multiple() {
    check("size6_multiple");
}

#[test]
fn size6_unsolvable() {
    check("size6_unsolvable");
}

#[test]
fn size8() {
    check("size8");
}

#[test]
fn size12() {
    check("size12");
}

#[test]
fn size16() {
    check("size16");
}

#[test]
fn size16_multiple() {
    check("size16_multiple");
}

#[test]
fn size16_unsolvable() {
    check("size16_unsolvable");
}

#[test]
fn x9() {
    check("x9");
}

#[test]
fn x9_multiple() {
    check("x9_multiple");
}

#[test]
fn x9_unsolvable() {
    check("x9_unsolvable");
}

#[test]
fn windoku9() {
    check("windoku9");
}

#[test]
fn jigsaw9() {
    check("jigsaw9");
}

#[test]
fn jigsaw9_multiple() {
    check("jigsaw9_multiple");
}

#[test]
fn jigsaw9_unsolvable() {
    check("jigsaw9_unsolvable");
}

#[test]
fn jigsaw6() {
    check("jigsaw6");
}

#[test]
fn every_shared_file_has_a_test() {
    let Some(dir) = common::shared("data/variants") else {
        return;
    };
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter_map(|n| n.strip_suffix(".txt").map(str::to_string))
        .collect();
    names.sort();
    let source = include_str!("variants.rs");
    for name in names {
        assert!(
            source.contains(&format!("check(\"{name}\")")),
            "{name}.txt has no test"
        );
    }
}

#[test]
fn the_readable_search_agrees_with_the_fast_solver_on_classic_puzzles() {
    let Some(path) = common::shared("data/top95.txt") else {
        return;
    };
    let text = std::fs::read_to_string(path).unwrap();
    for line in text.lines().take(20) {
        let grid = pencilmark::engine::parse::read_line(line, 1).unwrap();
        let fast = search::count_solutions(&grid, 2);
        let readable = search::count_solutions_readable(&grid, 2);
        assert_eq!(fast.count, readable.count);
        assert_eq!(fast.first, readable.first);
    }
}

/// The first `n` lines of a shared variant file, with a newline each.
fn head(name: &str, n: usize) -> Option<String> {
    let dir = common::shared("data/variants")?;
    let text = std::fs::read_to_string(dir.join(name)).unwrap();
    Some(text.lines().take(n).map(|l| format!("{l}\n")).collect())
}

#[test]
fn solve_prints_each_shape_in_its_own_alphabet() {
    for (name, flag) in [
        ("size16", "classic"),
        ("jigsaw6", "jigsaw"),
        ("windoku9", "windoku"),
    ] {
        let (Some(puzzles), Some(solutions)) = (
            head(&format!("{name}.txt"), 3),
            head(&format!("{name}.solutions"), 3),
        ) else {
            return;
        };
        let output = common::pencilmark(&["solve", "--variant", flag], &puzzles);
        assert_eq!(common::stdout(&output), solutions, "{name}");
        assert_eq!(output.status.code(), Some(0), "{name}");
    }
}

#[test]
fn a_variant_header_counts_without_a_flag_and_a_contradicting_flag_is_refused() {
    let Some(puzzles) = head("x9_multiple.txt", 2) else {
        return;
    };
    let input = format!("# variant: x\n{puzzles}");
    let output = common::pencilmark(&["solve", "--count"], &input);
    assert_eq!(common::stdout(&output), "2+\n2+\n");
    let refused = common::pencilmark(&["solve", "--variant", "jigsaw"], &input);
    assert_eq!(refused.status.code(), Some(2));
    assert!(common::stderr(&refused).contains("'# variant: x' but --variant jigsaw"));
}

#[test]
fn unsolvable_shapes_say_so_and_exit_1() {
    let Some(puzzles) = head("size6_unsolvable.txt", 2) else {
        return;
    };
    let output = common::pencilmark(&["solve"], &puzzles);
    assert_eq!(common::stdout(&output), "no solution\nno solution\n");
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn a_broken_shaped_line_is_invalid_with_its_position_and_exit_2() {
    let mut line = ".".repeat(256);
    line.replace_range(39..40, "H");
    let short = common::pencilmark(
        &["solve", "--variant", "x"],
        &format!("{}\n", ".".repeat(255)),
    );
    assert!(
        common::stderr(&short).contains("line 1: 255 cells; a 16x16 puzzle needs 256"),
        "{}",
        common::stderr(&short)
    );
    let letter = common::pencilmark(&["solve"], &format!("{line}\n"));
    assert_eq!(common::stdout(&letter), "invalid\n");
    assert!(common::stderr(&letter).contains(
        "line 1, column 40: 'H' is not a symbol of a 16x16 puzzle (1-9, A-G, or . 0 for a blank)"
    ));
    assert_eq!(letter.status.code(), Some(2));
}

#[test]
fn show_draws_jigsaw_walls_and_marks_diagonals() {
    let Some(jigsaw) = head("jigsaw6.txt", 1) else {
        return;
    };
    let output = common::pencilmark(&["show", "--variant", "jigsaw", jigsaw.trim()], "");
    let shown = common::stdout(&output);
    assert!(shown.starts_with("6x6 jigsaw (1-6)\n"), "{shown}");
    // Row 1 of the first layout is regions 1 1 1 2 3 3: walls after columns 3 and 4.
    assert!(shown.contains("| .   .   . | 6 | 2   . |"), "{shown}");
    let Some(x) = head("x9.txt", 1) else {
        return;
    };
    let shown = common::stdout(&common::pencilmark(
        &["show", "--variant", "x", x.trim()],
        "",
    ));
    assert!(shown.contains("|(.)  4   . |"), "{shown}");
    let wrong = common::pencilmark(&["show", "--variant", "windoku", &".".repeat(36)], "");
    assert_eq!(wrong.status.code(), Some(2));
    assert!(common::stderr(&wrong).contains("windoku is a 9x9 variant"));
}

#[test]
fn a_jigsaw_line_is_recognised_by_its_region_field_and_threads_keep_the_order() {
    let (Some(puzzles), Some(solutions)) = (head("jigsaw9.txt", 12), head("jigsaw9.solutions", 12))
    else {
        return;
    };
    let output = common::pencilmark(&["solve", "--threads", "3"], &puzzles);
    assert_eq!(common::stdout(&output), solutions);
}

#[test]
fn propagate_fills_a_shape_by_singles_or_names_the_contradiction() {
    let (Some(puzzle), Some(solution), Some(broken)) = (
        head("size6.txt", 1),
        head("size6.solutions", 1),
        head("size6_unsolvable.txt", 1),
    ) else {
        return;
    };
    let output = common::pencilmark(&["propagate", puzzle.trim()], "");
    let shown = common::stdout(&output);
    // This 6x6 falls to singles: the grid shows the solution's first row.
    let row: Vec<char> = solution.chars().take(6).collect();
    let drawn = format!(
        "| {}   {}   {} | {}   {}   {} |",
        row[0], row[1], row[2], row[3], row[4], row[5]
    );
    assert!(shown.contains(&drawn), "{shown}");
    assert!(shown.ends_with("0 cells open\n"), "{shown}");
    assert_eq!(output.status.code(), Some(0));
    let output = common::pencilmark(&["propagate", broken.trim()], "");
    assert!(common::stdout(&output).contains("Contradiction"));
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn generate_makes_seeded_unique_puzzles_of_other_shapes() {
    for args in [
        &["--size", "4"][..],
        &["--size", "6", "--variant", "x"],
        &["--variant", "windoku"],
        &["--variant", "jigsaw", "--size", "6"],
    ] {
        let mut full = vec!["generate", "--seed", "11", "-n", "2"];
        full.extend_from_slice(args);
        let first = common::stdout(&common::pencilmark(&full, ""));
        let again = common::stdout(&common::pencilmark(&full, ""));
        assert_eq!(
            first, again,
            "{args:?}: the same seed gives the same puzzles"
        );
        assert_eq!(first.lines().count(), 2);
        let variant = args.iter().skip_while(|a| **a != "--variant").nth(1);
        let counted = common::pencilmark(
            &[
                "solve",
                "--count",
                "--variant",
                variant.unwrap_or(&"classic"),
            ],
            &first,
        );
        assert_eq!(common::stdout(&counted), "1\n1\n", "{args:?}: unique");
    }
    // --symmetry lays a shape's clues out as on the classic board.
    let mirrored = common::pencilmark(
        &[
            "generate",
            "--size",
            "6",
            "--symmetry",
            "mirror",
            "--seed",
            "5",
            "-n",
            "3",
        ],
        "",
    );
    assert_eq!(mirrored.status.code(), Some(0));
    for line in common::stdout(&mirrored).lines() {
        let cells: Vec<char> = line.chars().collect();
        assert_eq!(cells.len(), 36, "{line}");
        for (i, c) in cells.iter().enumerate() {
            let partner = cells[i / 6 * 6 + 5 - i % 6];
            assert_eq!(*c == '.', partner == '.', "{line}: cell {i} and its mirror");
        }
    }
    let small_windoku =
        common::pencilmark(&["generate", "--variant", "windoku", "--size", "6"], "");
    assert_eq!(small_windoku.status.code(), Some(2));
    assert!(common::stderr(&small_windoku).contains("windoku is a 9x9 variant"));
}

#[test]
fn generated_shapes_regrade_at_the_asked_level_by_the_shape_ladder() {
    // Cheap shapes and levels only (a debug build grades every attempt).
    let cases: [(&[&str], Variant, &str); 7] = [
        (&["--size", "4"], Variant::Classic, "easy"),
        (&["--size", "6"], Variant::Classic, "easy"),
        (&["--size", "6"], Variant::Classic, "hard"),
        (&["--size", "6"], Variant::Classic, "expert"),
        (
            &["--variant", "jigsaw", "--size", "6"],
            Variant::Jigsaw,
            "medium",
        ),
        (
            &["--variant", "jigsaw", "--size", "6"],
            Variant::Jigsaw,
            "extreme",
        ),
        (&["--variant", "x"], Variant::X, "easy"),
    ];
    for (shape, variant, level) in cases {
        let args = [
            &["generate", "-d", level, "-n", "2", "--seed", "3", "--grade"],
            shape,
        ]
        .concat();
        let output = common::pencilmark(&args, "");
        let lines = common::stdout(&output);
        assert_eq!(lines.lines().count(), 2, "{args:?}: {lines}");
        let mut reader = ShapeReader::new(variant);
        for (i, line) in lines.lines().enumerate() {
            let puzzle = reader.read(line, i + 1).expect("a shaped puzzle line");
            let grade = logic::grade(&puzzle.geometry, &puzzle.givens);
            assert_eq!(grade.level.key(), level, "{args:?}: {line}");
            let hardest = grade.hardest.map_or("none", |t| t.key());
            let printed = format!(" {level} {} {hardest}", grade.score);
            assert!(line.ends_with(&printed), "{args:?}: {line} vs{printed}");
        }
        let again = common::pencilmark(&args, "");
        assert_eq!(
            common::stdout(&again),
            lines,
            "{args:?}: same seed, same puzzles"
        );
    }
    // A minimal 4x4 always falls to singles: no medium one exists.
    let none = common::pencilmark(
        &[
            "generate",
            "--size",
            "4",
            "-d",
            "medium",
            "--max-attempts",
            "20",
        ],
        "",
    );
    assert_eq!(none.status.code(), Some(1));
    assert!(common::stderr(&none).contains("none at this level"));
}
