//! The learning tools: `why` (why a candidate is impossible) checked reason by
//! reason on positions taken from real puzzles, the pencil-mark `audit` on marks
//! made sloppy on purpose, and both commands run as the binary.

use pencilmark::engine::board::Board;
use pencilmark::engine::grade::Level;
use pencilmark::engine::learn::proof::{Exclusion, Reason};
use pencilmark::engine::learn::why::{self, Verdict};
use pencilmark::engine::learn::{Solutions, removes};
use pencilmark::engine::logic::{self, Step};
use pencilmark::engine::types::{Cell, Digit, Unit};
use pencilmark::engine::{Grid, parse, search};
use pencilmark::puzzles;

mod common;
use common::{pencilmark as run, stderr, stdout};

const EASY: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

fn solution_of(givens: &Grid) -> Grid {
    Solutions::of(givens).unique().expect("a unique puzzle")
}

/// Positions to ask about: each puzzle as given, and again after the first
/// `advance` easiest steps (digits only, marks computed).
fn positions(givens: &[Grid], advance: usize) -> Vec<(Grid, Board)> {
    let mut out = Vec::new();
    for &puzzle in givens {
        let start = Board::with_auto_candidates(&puzzle);
        out.push((puzzle, start));
        let mut board = start;
        for _ in 0..advance {
            match logic::find_step(&board) {
                Some(step) => step.apply(&mut board),
                None => break,
            }
        }
        out.push((puzzle, Board::with_auto_candidates(board.digits())));
    }
    out
}

fn sample_puzzles() -> Vec<Grid> {
    let mut puzzles = vec![parse::parse_line(EASY, 1).expect("puzzle")];
    for level in [Level::Medium, Level::Hard, Level::Expert] {
        puzzles.extend(
            puzzles::collection(level)
                .into_iter()
                .take(1)
                .map(|n| n.givens),
        );
    }
    puzzles
}

/// Whether `step` is really there on `board` and only removes wrong candidates.
fn assert_step_is_real_and_sound(board: &Board, step: &Step, solution: &Grid) {
    assert!(
        step.technique()
            .is_some_and(|t| logic::instances(board, t).contains(step)),
        "the step is not found on its board: {}",
        step.text()
    );
    for &(cell, digit) in &step.placements {
        assert_eq!(solution.get(cell), Some(digit), "{}", step.text());
    }
    for &(cell, digit) in &step.eliminations {
        assert_ne!(solution.get(cell), Some(digit), "{}", step.text());
    }
}

/// Checks an exclusion against the board it was found on: every earlier step is
/// real and sound, and the reason holds where they lead.
fn assert_exclusion_holds(
    board: &Board,
    exclusion: &Exclusion,
    cell: Cell,
    digit: Digit,
    solution: &Grid,
) {
    let mut board = *board;
    for step in &exclusion.after {
        assert_step_is_real_and_sound(&board, step, solution);
        step.apply(&mut board);
    }
    let open_places = |unit: Unit, d: Digit| -> Vec<Cell> {
        unit.cells()
            .iter()
            .copied()
            .filter(|&c| board.digit(c).is_none() && board.candidates(c).contains(d))
            .collect()
    };
    match &exclusion.reason {
        Reason::Filled { holds } => {
            assert_eq!(board.digit(cell), Some(*holds));
            assert_ne!(*holds, digit);
        }
        Reason::Peer { peer, unit } => {
            assert!(peer.sees(cell) && unit.contains(*peer) && unit.contains(cell));
            assert_eq!(board.digit(*peer), Some(digit));
        }
        Reason::Unit {
            unit,
            digit: other,
            places,
        } => {
            assert_eq!(*places, open_places(*unit, *other), "{cell} {digit}");
            if *other == digit {
                assert!(!unit.contains(cell) && !places.is_empty());
                assert!(places.iter().all(|p| p.sees(cell)));
            } else {
                assert_eq!(*places, vec![cell]);
            }
        }
        Reason::Step(step) => {
            assert_step_is_real_and_sound(&board, step, solution);
            assert!(removes(step, cell, digit), "{}", step.text());
        }
        Reason::Search(_) => {
            let mut digits = *board.digits();
            digits.set(cell, Some(digit));
            assert_eq!(search::count_solutions(&digits, 1).count, 0);
        }
    }
}

#[test]
fn why_explains_every_candidate_of_sample_positions_soundly() {
    let mut kinds = std::collections::BTreeMap::new();
    for (givens, position) in positions(&sample_puzzles(), 12) {
        let solution = solution_of(&givens);
        let mut asker = why::Asker::new(&givens, &position).expect("unique");
        for cell in position.open_cells() {
            for digit in Digit::all() {
                let answer = asker.ask(cell, digit);
                let peer_holds = cell
                    .peers()
                    .iter()
                    .any(|&p| position.digit(p) == Some(digit));
                match answer.verdict {
                    Verdict::Solution => assert_eq!(solution.get(cell), Some(digit)),
                    Verdict::Possible => panic!("a unique puzzle has no merely possible digit"),
                    Verdict::Excluded(exclusion) => {
                        assert_ne!(solution.get(cell), Some(digit), "a true digit excluded");
                        if peer_holds {
                            assert_eq!(exclusion.reason.kind(), "peer", "{cell} {digit}");
                            assert!(exclusion.after.is_empty());
                        }
                        let board = why::reasoning_board(&position, &solution, cell, digit);
                        assert_exclusion_holds(&board, &exclusion, cell, digit, &solution);
                        *kinds.entry(exclusion.reason.kind()).or_insert(0) += 1;
                    }
                }
            }
        }
    }
    // The sample exercises more than peers.
    for kind in ["peer", "unit", "step"] {
        assert!(
            kinds.contains_key(kind),
            "no {kind} reason in the sample: {kinds:?}"
        );
    }
}

#[test]
fn why_says_a_solution_digit_is_possible_even_when_the_player_struck_it() {
    let givens = parse::parse_line(EASY, 1).expect("puzzle");
    let solution = solution_of(&givens);
    let mut position = Board::with_auto_candidates(&givens);
    let cell = Cell::parse("r1c3").expect("cell");
    let right = solution.get(cell).expect("complete");
    position.strike(cell, right);
    let answer = why::why(&givens, &position, cell, right).expect("unique");
    assert_eq!(answer.verdict, Verdict::Solution);
    assert!(answer.text().contains("nothing rules it out"));
}

#[test]
fn why_ignores_a_wrong_digit_of_the_player() {
    let givens = parse::parse_line(EASY, 1).expect("puzzle");
    let solution = solution_of(&givens);
    // Put a wrong digit in r1c3, then ask about a cell of row 1 holding the
    // solution's digit there: the wrong digit must not be used as a reason.
    let cell = Cell::parse("r1c3").expect("cell");
    let mut position = Board::with_auto_candidates(&givens);
    let wrong = Digit::all()
        .find(|&d| position.candidates(cell).contains(d) && solution.get(cell) != Some(d))
        .expect("a wrong candidate");
    position.place(cell, wrong);
    let victim = Cell::all()
        .find(|&c| c.sees(cell) && givens.get(c).is_none() && solution.get(c) == Some(wrong))
        .expect("the wrong digit belongs in some peer");
    let answer = why::why(&givens, &position, victim, wrong).expect("unique");
    assert_eq!(answer.verdict, Verdict::Solution);
}

#[test]
fn why_reports_possible_digits_of_a_puzzle_with_several_solutions() {
    // Two clues short of EASY: several solutions.
    let mut line: Vec<char> = EASY.chars().collect();
    line[0] = '.';
    line[1] = '.';
    line[4] = '.';
    let givens = parse::parse_line(&line.iter().collect::<String>(), 1).expect("puzzle");
    assert!(matches!(Solutions::of(&givens), Solutions::Several(_)));
    let position = Board::with_auto_candidates(&givens);
    let cell = Cell::parse("r1c1").expect("cell");
    let verdicts: Vec<&str> = Digit::all()
        .map(|d| why::why(&givens, &position, cell, d).expect("solvable"))
        .map(|w| w.verdict.key())
        .collect();
    assert!(verdicts.contains(&"possible"), "{verdicts:?}");
    assert!(!verdicts.contains(&"solution"), "{verdicts:?}");
}

#[test]
fn why_command_answers_in_json() {
    let output = run(&["why", "--json", EASY, "r5c5", "1"], "");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let value: serde_json::Value = serde_json::from_str(stdout(&output).trim()).expect("JSON");
    assert_eq!(value["cell"], "r5c5");
    assert_eq!(value["digit"], 1);
    assert_eq!(value["verdict"], "excluded");
    assert_eq!(value["reason"]["kind"], "peer");
    assert_eq!(value["reason"]["peer"], "r5c9");
    assert!(
        value["text"]
            .as_str()
            .expect("text")
            .contains("r5c5 sees the 1 in r5c9")
    );

    let output = run(&["why", "--json", EASY, "r5c5", "5"], "");
    let value: serde_json::Value = serde_json::from_str(stdout(&output).trim()).expect("JSON");
    assert_eq!(value["verdict"], "solution");
    assert_eq!(value["reason"], serde_json::Value::Null);
}

#[test]
fn why_command_gives_a_step_as_hints_do() {
    // Find a candidate whose reason is a step, then ask the binary about it.
    let givens = parse::parse_line(EASY, 1).expect("puzzle");
    let position = Board::with_auto_candidates(&givens);
    let (cell, digit, step) = position
        .open_cells()
        .flat_map(|c| Digit::all().map(move |d| (c, d)))
        .find_map(
            |(c, d)| match why::why(&givens, &position, c, d).ok()?.verdict {
                Verdict::Excluded(Exclusion {
                    reason: Reason::Step(step),
                    ..
                }) => Some((c, d, step)),
                _ => None,
            },
        )
        .expect("some candidate needs a step");
    let output = run(
        &["why", "--json", EASY, &cell.to_string(), &digit.to_string()],
        "",
    );
    let value: serde_json::Value = serde_json::from_str(stdout(&output).trim()).expect("JSON");
    assert_eq!(value["reason"]["kind"], "step");
    assert_eq!(value["reason"]["technique"], step.basis.key());
    assert_eq!(value["reason"]["text"], step.text());
    assert!(value["reason"]["after"].is_array());
}

#[test]
fn why_command_rejects_a_bad_cell_or_digit_naming_it() {
    let output = run(&["why", EASY, "r10c1", "3"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("r10c1"), "{}", stderr(&output));
    let output = run(&["why", EASY, "r1c1", "0"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("'0'"), "{}", stderr(&output));
    let output = run(&["why", "not-a-file.txt", "r1c1", "3"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("not-a-file.txt"));
}

#[test]
fn why_command_fails_on_a_puzzle_without_solution() {
    // r1c3 cannot hold anything: row 1 has every digit but 4, and r3c3 holds the 4.
    let broken = format!("53.678912{}..4......{}", ".".repeat(9), ".".repeat(54));
    let output = run(&["why", &broken, "r1c3", "4"], "");
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert!(
        stdout(&output).contains("no solution"),
        "{}",
        stdout(&output)
    );
}

// ---- audit ----

use pencilmark::engine::learn::audit::{self, Problem};
use pencilmark::engine::types::Candidates;
use rand::{Rng, SeedableRng};

/// A mid-game position of `givens`: the first `advance` easiest steps' digits.
fn advanced(givens: &Grid, advance: usize) -> Board {
    let mut board = Board::with_auto_candidates(givens);
    for _ in 0..advance {
        match logic::next_step(&board, &pencilmark::engine::logic::Technique::ALL) {
            Some(step) => step.apply(&mut board),
            None => break,
        }
    }
    Board::with_auto_candidates(board.digits())
}

#[test]
fn audit_classifies_sloppy_marks_as_they_were_made() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(14);
    for givens in sample_puzzles() {
        let solution = solution_of(&givens);
        for round in 0..4 {
            let mut position = advanced(&givens, 6 * round);
            let mut dropped = Vec::new();
            let mut stale = Vec::new();
            for cell in position.open_cells().collect::<Vec<_>>() {
                let right = solution.get(cell).expect("complete");
                let mut marks = position.candidates(cell);
                // Keep a random subset of the wrong marks.
                for digit in marks.iter() {
                    if digit != right && rng.random_bool(0.3) {
                        marks = marks.without(digit);
                    }
                }
                if rng.random_bool(0.05) {
                    marks = marks.without(right);
                    dropped.push((cell, right));
                }
                if rng.random_bool(0.1)
                    && let Some(held) = cell.peers().iter().find_map(|&p| position.digit(p))
                {
                    if !marks.contains(held) {
                        stale.push((cell, held));
                    }
                    marks = marks.with(held);
                }
                position.set_candidates(cell, marks);
            }
            let report = audit::audit(&givens, &position).expect("unique");
            assert!(report.wrong_digits.is_empty());
            let found = |key: &str| -> Vec<(Cell, Digit)> {
                report.of_kind(key).map(|f| (f.cell, f.digit)).collect()
            };
            assert_eq!(
                found("missing"),
                dropped,
                "every dropped solution digit, only those"
            );
            let stale_found = found("stale");
            for mark in &stale {
                assert!(stale_found.contains(mark), "stale mark {mark:?} not found");
            }
            let sound = pencilmark::engine::learn::sound_board(&position, &solution);
            for finding in &report.findings {
                let (cell, digit) = (finding.cell, finding.digit);
                match &finding.problem {
                    Problem::Missing => assert_eq!(solution.get(cell), Some(digit)),
                    Problem::Stale { peer } => {
                        assert_ne!(
                            solution.get(cell),
                            Some(digit),
                            "a correct mark called stale"
                        );
                        assert!(peer.sees(cell) && position.digit(*peer) == Some(digit));
                    }
                    Problem::Removable(step) => {
                        assert_ne!(
                            solution.get(cell),
                            Some(digit),
                            "a correct mark called removable"
                        );
                        assert!(position.candidates(cell).contains(digit));
                        assert_step_is_real_and_sound(&sound, step, &solution);
                        assert!(removes(step, cell, digit));
                    }
                }
            }
            // Marks that are right are never mentioned, except as missing.
            for cell in position.open_cells() {
                let right = solution.get(cell).expect("complete");
                assert!(
                    !report.findings.iter().any(|f| f.cell == cell
                        && f.digit == right
                        && f.problem != Problem::Missing)
                );
            }
        }
    }
}

#[test]
fn audit_names_a_wrong_digit_and_marks_it_made_stale() {
    let givens = parse::parse_line(EASY, 1).expect("puzzle");
    let solution = solution_of(&givens);
    let mut position = Board::with_auto_candidates(&givens);
    let cell = Cell::parse("r1c3").expect("cell");
    let wrong = position
        .candidates(cell)
        .iter()
        .find(|&d| solution.get(cell) != Some(d))
        .expect("a wrong candidate");
    // Marks first (as a player has them), then the wrong digit on top.
    let marks: Vec<Candidates> = Cell::all().map(|c| position.candidates(c)).collect();
    position.place(cell, wrong);
    for c in position.open_cells().collect::<Vec<_>>() {
        position.set_candidates(c, marks[c.index()]);
    }
    let report = audit::audit(&givens, &position).expect("unique");
    assert_eq!(report.wrong_digits, vec![(cell, wrong)]);
    assert!(report.has_errors());
    assert!(
        report
            .of_kind("stale")
            .any(|f| f.digit == wrong && f.cell.sees(cell))
    );
}

#[test]
fn audit_command_reports_each_kind_and_fails_on_errors() {
    let givens = parse::parse_line(EASY, 1).expect("puzzle");
    let solution = solution_of(&givens);
    let mut position = Board::with_auto_candidates(&givens);
    // r1c3 loses its solution digit; r2c2 gets a stale 3 (r1c2 holds 3).
    let r1c3 = Cell::parse("r1c3").expect("cell");
    let right = solution.get(r1c3).expect("complete");
    position.strike(r1c3, right);
    let r2c2 = Cell::parse("r2c2").expect("cell");
    position.restore(r2c2, Digit::new(3));
    let marks = pencilmark::cmd::show::candidate_grid(&position);
    let output = run(&["audit", "--json", "--givens", EASY, "-"], &marks);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let value: serde_json::Value = serde_json::from_str(stdout(&output).trim()).expect("JSON");
    assert_eq!(
        value["missing"],
        serde_json::json!([{"cell": "r1c3", "digit": right.get()}])
    );
    assert!(
        value["stale"]
            .as_array()
            .expect("list")
            .contains(&serde_json::json!({"cell": "r2c2", "digit": 3, "peer": "r1c2"}))
    );
    assert!(!value["removable"].as_array().expect("list").is_empty());
    assert_eq!(value["errors"], true);

    let output = run(&["audit", "--givens", EASY, "-"], &marks);
    let text = stdout(&output);
    assert!(text.contains("Missing (fatal"), "{text}");
    assert!(
        text.contains("r2c2: 3 is marked, but r1c2 holds 3"),
        "{text}"
    );
}

#[test]
fn audit_command_passes_clean_marks() {
    // The marks of the solved grid with one cell opened: nothing is wrong.
    let givens = parse::parse_line(EASY, 1).expect("puzzle");
    let solution = solution_of(&givens);
    let mut line = solution.to_line();
    line.replace_range(0..1, ".");
    let output = run(&["audit", &line], "");
    assert_eq!(output.status.code(), Some(0), "{}", stdout(&output));
    assert!(
        stdout(&output).contains("The marks are sound"),
        "{}",
        stdout(&output)
    );
}
