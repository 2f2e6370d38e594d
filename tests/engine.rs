//! The engine's exact solver: famous hard puzzles, the shared benchmark sets when
//! they are present, puzzles with no solution, the readable and fast solvers
//! agreeing, and the readable board's propagation. Every solution is checked by
//! the independent checker below, not by the engine's own code.

use std::path::PathBuf;

use pencilmark::engine::board::Board;
use pencilmark::engine::parse;
use pencilmark::engine::search;
use pencilmark::engine::{Candidates, Cell, Contradiction, Digit, Grid, Unit};
use proptest::prelude::*;

mod common;

/// Well-known hard puzzles, typed in with their names.
const HARD: [(&str, &str); 4] = [
    (
        "Arto Inkala's \"world's hardest\" (2012)",
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
    ),
    (
        "AI Escargot (Arto Inkala, 2006)",
        "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
    ),
    (
        "Easter Monster (forum, 2007)",
        "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1",
    ),
    (
        "Golden Nugget (tarek, 2007)",
        ".......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7.....",
    ),
];

/// Norvig's "hard1": it has many solutions, which took his solver minutes to show.
const NORVIG_HARD1: &str =
    ".....6....59.....82....8....45........3........6..3.54...325..6..................";

/// Why `solution` is not a solution of `puzzle` (81 characters each), checked from
/// scratch: every row, column and box holds 1-9 once, and every given is kept.
fn solution_problem(puzzle: &str, solution: &str) -> Option<String> {
    let p: Vec<u8> = puzzle.bytes().take(81).collect();
    let s: Vec<u8> = solution.bytes().collect();
    if s.len() != 81 || s.iter().any(|b| !(b'1'..=b'9').contains(b)) {
        return Some(format!("not 81 digits: {solution}"));
    }
    for (i, (&given, &digit)) in p.iter().zip(&s).enumerate() {
        if given.is_ascii_digit() && given != b'0' && given != digit {
            return Some(format!(
                "given {} at cell {i} changed to {}",
                given as char, digit as char
            ));
        }
    }
    for unit in 0..27 {
        let mut seen = [false; 10];
        for k in 0..9 {
            let (row, col) = match unit / 9 {
                0 => (unit % 9, k),
                1 => (k, unit % 9),
                _ => ((unit % 9) / 3 * 3 + k / 3, (unit % 9) % 3 * 3 + k % 3),
            };
            let digit = (s[row * 9 + col] - b'0') as usize;
            if seen[digit] {
                return Some(format!("unit {unit} repeats {digit}"));
            }
            seen[digit] = true;
        }
    }
    None
}

fn assert_solves(name: &str, puzzle: &str) -> Grid {
    let givens = parse::parse_line(puzzle, 1).unwrap_or_else(|e| panic!("{name}: {e}"));
    let solution = search::solve(&givens)
        .solution
        .unwrap_or_else(|| panic!("{name}: no solution found for {puzzle}"));
    if let Some(problem) = solution_problem(puzzle, &solution.to_line()) {
        panic!("{name}: wrong solution {solution}: {problem}");
    }
    solution
}

/// The shared benchmark sets, when present.
fn shared_data() -> Option<PathBuf> {
    common::shared("data")
}

/// The puzzles of a shared set, or `None` (with a note) when the data is absent.
fn shared_set(name: &str) -> Option<Vec<String>> {
    let Some(dir) = shared_data() else {
        println!("skipped: ../shared/data not found");
        return None;
    };
    let text = std::fs::read_to_string(dir.join(name)).expect("shared set is readable");
    Some(
        text.lines()
            .filter(|l| !parse::is_skippable(l))
            .map(|l| l[..81].to_string())
            .collect(),
    )
}

#[test]
fn famous_hard_puzzles_are_solved_with_one_solution() {
    for (name, puzzle) in HARD {
        let solution = assert_solves(name, puzzle);
        let givens = parse::parse_line(puzzle, 1).unwrap();
        let counted = search::count_solutions(&givens, 2);
        assert_eq!(counted.count, 1, "{name} is a proper puzzle");
        assert_eq!(counted.first, Some(solution), "{name}");
    }
}

#[test]
fn a_puzzle_with_many_solutions_counts_as_two_or_more() {
    let givens = parse::parse_line(NORVIG_HARD1, 1).unwrap();
    let counted = search::count_solutions(&givens, 2);
    assert_eq!(counted.count, 2);
    let first = counted.first.expect("a first solution");
    assert_eq!(solution_problem(NORVIG_HARD1, &first.to_line()), None);
    assert_eq!(search::count_solutions(&Grid::empty(), 5).count, 5);
    assert!(search::count_solutions(&Grid::empty(), 5).stats.guesses > 0);
}

#[test]
fn every_top95_hardest_and_forum_hardest_puzzle_is_solved() {
    for set in ["top95.txt", "hardest.txt", "puzzles6_forum_hardest_1106"] {
        let Some(puzzles) = shared_set(set) else {
            return;
        };
        assert!(!puzzles.is_empty(), "{set} has puzzles");
        for (i, puzzle) in puzzles.iter().enumerate() {
            assert_solves(&format!("{set} #{}", i + 1), puzzle);
        }
    }
}

#[test]
fn serg_benchmark_puzzles_have_two_or_more_solutions() {
    let Some(puzzles) = shared_set("puzzles7_serg_benchmark") else {
        return;
    };
    for (i, puzzle) in puzzles.iter().enumerate().step_by(25) {
        let givens = parse::parse_line(puzzle, 1).unwrap();
        let counted = search::count_solutions(&givens, 2);
        assert_eq!(counted.count, 2, "serg #{} counts as 2+", i + 1);
        let first = counted.first.expect("a first solution").to_line();
        assert_eq!(solution_problem(puzzle, &first), None, "serg #{}", i + 1);
    }
}

/// A proper puzzle with one more given that its solution does not have, placed
/// where no given sees it: the givens agree with the rules, but nothing solves it
/// (a solution would be a second solution of the proper puzzle).
fn unsolvable_variant(puzzle: &str) -> Grid {
    let givens = parse::parse_line(puzzle, 1).unwrap();
    let solution = search::solve(&givens).solution.unwrap();
    for cell in Cell::all().filter(|&c| givens.get(c).is_none()) {
        for digit in Digit::all() {
            let clash = cell.peers().iter().any(|&p| givens.get(p) == Some(digit));
            if solution.get(cell) != Some(digit) && !clash {
                let mut broken = givens;
                broken.set(cell, Some(digit));
                assert_eq!(broken.first_conflict(), None);
                return broken;
            }
        }
    }
    panic!("no cell to break in {puzzle}");
}

#[test]
fn puzzles_with_consistent_givens_but_no_solution_are_reported() {
    // r1c9 can hold nothing: row 1 has 1-8 and column 9 has the 9.
    let text = format!("12345678.{}........9{}", ".".repeat(27), ".".repeat(36));
    let blocked = parse::parse_line(&text, 1).expect("the givens break no rule");
    let mut cases = vec![blocked];
    cases.extend(HARD.iter().map(|(_, p)| unsolvable_variant(p)));
    for givens in cases {
        assert_eq!(search::solve(&givens).solution, None, "{givens}");
        assert_eq!(search::count_solutions(&givens, 2).count, 0, "{givens}");
        assert_eq!(search::solve_readable(&givens).solution, None, "{givens}");
        assert_eq!(search::count_solutions_readable(&givens, 2).count, 0);
    }
}

#[test]
fn givens_that_break_the_rules_have_no_solution() {
    let mut givens = Grid::empty();
    givens.set(Cell::at(0, 0), Some(Digit::new(5)));
    givens.set(Cell::at(0, 8), Some(Digit::new(5)));
    assert_eq!(search::solve(&givens).solution, None);
    assert_eq!(search::count_solutions(&givens, 2).count, 0);
}

fn assert_solvers_agree(puzzle: &Grid) {
    let fast = search::count_solutions(puzzle, 2);
    let readable = search::count_solutions_readable(puzzle, 2);
    assert_eq!(
        fast.count, readable.count,
        "solution counts differ on {puzzle}"
    );
    if fast.count == 1 {
        assert_eq!(fast.first, readable.first, "solutions differ on {puzzle}");
    }
    if let Some(first) = fast.first {
        assert!(first.is_solution_of(puzzle));
    }
}

#[test]
fn readable_and_fast_solvers_agree() {
    for (_, puzzle) in HARD {
        assert_solvers_agree(&parse::parse_line(puzzle, 1).unwrap());
    }
    assert_solvers_agree(&parse::parse_line(NORVIG_HARD1, 1).unwrap());
    assert_solvers_agree(&Grid::empty());
    let samples = [
        ("top95.txt", 1),
        ("puzzles3_magictour_top1465", 7),
        ("puzzles2_17_clue", 250),
        ("puzzles6_forum_hardest_1106", 5),
        ("puzzles7_serg_benchmark", 100),
        ("generated_sudoku_crate_10k.txt", 100),
    ];
    for (set, step) in samples {
        let Some(puzzles) = shared_set(set) else {
            return;
        };
        for puzzle in puzzles.iter().step_by(step) {
            assert_solvers_agree(&parse::parse_line(puzzle, 1).unwrap());
        }
    }
}

#[test]
fn search_reports_its_work() {
    let givens = parse::parse_line(HARD[0].1, 1).unwrap();
    let solved = search::solve(&givens);
    assert!(solved.stats.nodes >= 1);
    assert!(
        solved.stats.guesses >= 1,
        "the world's hardest needs a guess"
    );
    let easy = search::solve(&solved.solution.unwrap());
    assert_eq!(easy.stats.guesses, 0, "a full grid needs no guess");
}

// The readable board's propagation (Norvig's assign / eliminate).

fn cell(name: &str) -> Cell {
    Cell::parse(name).expect("a cell name")
}

fn digit(d: u8) -> Digit {
    Digit::new(d)
}

#[test]
fn assign_strikes_the_digit_from_every_peer() {
    let mut board = Board::new();
    board.assign(cell("r5c5"), digit(7)).unwrap();
    assert_eq!(board.digit(cell("r5c5")), Some(digit(7)));
    for &peer in cell("r5c5").peers() {
        assert!(!board.candidates(peer).contains(digit(7)), "{peer}");
    }
    assert!(board.candidates(cell("r1c1")).contains(digit(7)));
}

#[test]
fn a_cell_left_with_one_candidate_is_placed() {
    let mut board = Board::new();
    for (col, d) in (1..=8).enumerate() {
        board.assign(Cell::at(0, col), digit(d)).unwrap();
    }
    // r1c9 lost 1-8 to its row: the naked single 9 is placed and struck from its column.
    assert_eq!(board.digit(cell("r1c9")), Some(digit(9)));
    assert!(!board.candidates(cell("r9c9")).contains(digit(9)));
}

#[test]
fn a_digit_left_with_one_place_in_a_unit_goes_there() {
    let mut board = Board::new();
    for col in 0..8 {
        board.eliminate(Cell::at(3, col), digit(4)).unwrap();
    }
    assert_eq!(board.digit(cell("r4c9")), Some(digit(4)));
    assert_eq!(board.candidates(cell("r4c9")), Candidates::single(digit(4)));
    assert!(!board.candidates(cell("r5c9")).contains(digit(4)));
}

#[test]
fn a_cell_with_no_candidates_is_a_contradiction_value() {
    let mut board = Board::new();
    let target = cell("r2c3");
    for d in 1..=8 {
        board.eliminate(target, digit(d)).unwrap();
    }
    assert_eq!(board.digit(target), Some(digit(9)));
    assert_eq!(
        board.eliminate(target, digit(9)),
        Err(Contradiction::NoCandidates(target))
    );
}

#[test]
fn a_digit_with_no_place_in_a_unit_is_a_contradiction_value() {
    let mut board = Board::new();
    let without_one = Candidates::ALL.without(digit(1));
    for col in 0..8 {
        board.set_candidates(Cell::at(0, col), without_one);
    }
    assert_eq!(
        board.eliminate(cell("r1c9"), digit(1)),
        Err(Contradiction::NoPlace {
            digit: digit(1),
            unit: Unit::row(0),
        })
    );
}

#[test]
fn assigning_a_struck_candidate_is_a_contradiction_value() {
    let mut board = Board::new();
    board.assign(cell("r1c1"), digit(3)).unwrap();
    assert_eq!(
        board.assign(cell("r1c2"), digit(3)),
        Err(Contradiction::NoCandidates(cell("r1c2")))
    );
}

#[test]
fn from_givens_propagates_to_the_solution_of_an_easy_puzzle() {
    let puzzle =
        "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
    let board = Board::from_givens(&parse::parse_line(puzzle, 1).unwrap()).unwrap();
    assert!(
        board.is_solved(),
        "singles alone solve Project Euler's first grid"
    );
    assert_eq!(solution_problem(puzzle, &board.digits().to_line()), None);
}

/// A solved grid chosen by the test: the empty grid's first solution with its
/// digits relabelled and, optionally, transposed.
fn solved_grid(labels: &[u8], transpose: bool) -> Grid {
    let base = search::solve(&Grid::empty()).solution.unwrap();
    let mut values = [0u8; 81];
    for (i, value) in values.iter_mut().enumerate() {
        let source = if transpose { (i % 9) * 9 + i / 9 } else { i };
        *value = labels[base.values()[source] as usize - 1];
    }
    Grid::from_values(values)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn removing_clues_never_yields_a_wrong_solution(
        labels in Just((1..=9u8).collect::<Vec<_>>()).prop_shuffle(),
        transpose in any::<bool>(),
        keep in proptest::collection::vec(any::<bool>(), 81),
    ) {
        let full = solved_grid(&labels, transpose);
        prop_assert_eq!(full.first_conflict(), None);
        let mut puzzle = full;
        for (i, &kept) in keep.iter().enumerate() {
            if !kept {
                puzzle.set(Cell::new(i), None);
            }
        }
        let counted = search::count_solutions(&puzzle, 2);
        prop_assert!(counted.count >= 1, "the full grid solves {}", puzzle);
        let first = counted.first.unwrap();
        prop_assert_eq!(solution_problem(&puzzle.to_line(), &first.to_line()), None);
        if counted.count == 1 {
            prop_assert_eq!(first, full);
        }
        let solved = search::solve(&puzzle).solution.unwrap();
        prop_assert_eq!(solution_problem(&puzzle.to_line(), &solved.to_line()), None);
    }

    #[test]
    fn the_solvers_agree_on_sparse_random_givens(
        values in proptest::collection::vec(prop_oneof![8 => Just(0u8), 1 => 1..=9u8], 81),
    ) {
        let mut cells = [0u8; 81];
        cells.copy_from_slice(&values);
        let grid = Grid::from_values(cells);
        if grid.first_conflict().is_none() {
            let fast = search::count_solutions(&grid, 2);
            let readable = search::count_solutions_readable(&grid, 2);
            prop_assert_eq!(fast.count, readable.count);
        }
    }
}
