//! The learning tools: `why` (why a candidate is impossible) checked reason by
//! reason on positions taken from real puzzles, and the commands run as the binary.

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
        logic::instances(board, step.technique).contains(step),
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
    assert_eq!(value["reason"]["technique"], step.technique.key());
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

// ---- first wrong move and replay ----

use pencilmark::engine::learn::proof::{Goal, Prover};
use pencilmark::engine::learn::replay::{self, Judgement, Move};
use pencilmark::engine::learn::sound_techniques;

/// The moves of a logical solution of `givens`: each step's placements and
/// eliminations, in order, for the first `steps` steps.
fn scripted_game(givens: &Grid, steps: usize) -> Vec<Move> {
    let mut board = Board::with_auto_candidates(givens);
    let mut moves = Vec::new();
    for _ in 0..steps {
        let Some(step) = logic::next_step(&board, &pencilmark::engine::logic::Technique::ALL)
        else {
            break;
        };
        moves.extend(
            step.placements
                .iter()
                .map(|&(cell, digit)| Move::Place { cell, digit }),
        );
        moves.extend(
            step.eliminations
                .iter()
                .map(|&(cell, digit)| Move::Strike { cell, digit }),
        );
        step.apply(&mut board);
    }
    moves
}

#[test]
fn first_wrong_move_is_found_where_the_error_was_injected() {
    for givens in sample_puzzles() {
        let solution = solution_of(&givens);
        let moves = scripted_game(&givens, 30);
        assert_eq!(replay::first_wrong(&givens, &moves).expect("replays"), None);
        // A cell the game never touches, so nothing later puts the error right.
        let Some(cell) =
            Cell::all().find(|&c| givens.get(c).is_none() && moves.iter().all(|m| m.cell() != c))
        else {
            continue;
        };
        let answer = solution.get(cell).expect("complete");
        let wrong = Digit::all().find(|&d| d != answer).expect("another digit");
        for at in [0, moves.len() / 3, moves.len()] {
            // A wrong digit, or a strike of the solution's digit.
            for injected in [
                Move::Place { cell, digit: wrong },
                Move::Strike {
                    cell,
                    digit: answer,
                },
            ] {
                let mut game = moves.clone();
                game.insert(at, injected);
                let found = replay::first_wrong(&givens, &game)
                    .expect("replays")
                    .expect("a wrong move");
                assert_eq!(found.index, at + 1, "{injected}");
                assert_eq!(found.mv, injected);
                assert_eq!(found.answer, answer);
                assert_eq!(found.fixed_by, None);
                assert_eq!(found.moves_since, game.len() - at - 1);
            }
        }
    }
}

#[test]
fn placing_the_right_digit_puts_a_struck_candidate_right() {
    let givens = parse::parse_line(EASY, 1).expect("puzzle");
    let solution = solution_of(&givens);
    let mut moves = scripted_game(&givens, 5);
    let cell = moves[2].cell();
    let answer = solution.get(cell).expect("complete");
    moves.insert(
        2,
        Move::Strike {
            cell,
            digit: answer,
        },
    );
    let found = replay::first_wrong(&givens, &moves)
        .expect("replays")
        .expect("wrong");
    assert_eq!(
        (found.index, found.fixed_by, found.moves_since),
        (3, Some(4), 0)
    );
}

#[test]
fn first_wrong_move_knows_when_it_was_put_right() {
    let givens = parse::parse_line(EASY, 1).expect("puzzle");
    let solution = solution_of(&givens);
    let mut moves = scripted_game(&givens, 5);
    let cell = Cell::all()
        .find(|&c| givens.get(c).is_none() && moves.iter().all(|m| m.cell() != c))
        .expect("an untouched cell");
    let answer = solution.get(cell).expect("complete");
    moves.insert(
        2,
        Move::Strike {
            cell,
            digit: answer,
        },
    );
    moves.insert(
        4,
        Move::Restore {
            cell,
            digit: answer,
        },
    );
    let found = replay::first_wrong(&givens, &moves)
        .expect("replays")
        .expect("wrong");
    assert_eq!(
        (found.index, found.fixed_by, found.moves_since),
        (3, Some(5), 1)
    );
    assert!(
        found
            .text()
            .contains(&format!("you struck {answer} from {cell}")),
        "{}",
        found.text()
    );
}

#[test]
fn replay_annotates_every_move_of_a_logical_game_with_a_sound_proof() {
    for givens in sample_puzzles().into_iter().take(4) {
        let moves = scripted_game(&givens, 25);
        let replayed = replay::replay(&givens, &moves).expect("replays");
        assert_eq!(replayed.moves.len(), moves.len());
        assert_eq!(replayed.first_wrong, None);
        for annotated in &replayed.moves {
            let Judgement::Justified(proof) = &annotated.judgement else {
                panic!("{}: not justified", annotated.text());
            };
            if let (
                pencilmark::engine::learn::proof::Reason::Step(step),
                Move::Place { cell, digit },
            ) = (&proof.reason, annotated.mv)
            {
                assert!(
                    step.placements.contains(&(cell, digit)),
                    "{}",
                    annotated.text()
                );
            }
            if let (
                pencilmark::engine::learn::proof::Reason::Step(step),
                Move::Strike { cell, digit },
            ) = (&proof.reason, annotated.mv)
            {
                assert!(removes(step, cell, digit), "{}", annotated.text());
            }
        }
        let used: u32 = replayed.summary.iter().map(|t| t.used).sum();
        assert!(used > 0);
    }
}

#[test]
fn replay_flags_a_move_made_while_a_much_easier_step_was_open() {
    // At the start of EASY singles are open; find a strike that needs a harder proof.
    let givens = parse::parse_line(EASY, 1).expect("puzzle");
    let solution = solution_of(&givens);
    let board = Board::with_auto_candidates(&givens);
    let mut prover = Prover::new(&board, &sound_techniques(Solutions::of(&givens)));
    let (cell, digit) = board
        .open_cells()
        .flat_map(|c| board.candidates(c).iter().map(move |d| (c, d)))
        .filter(|&(c, d)| solution.get(c) != Some(d))
        .find(|&(c, d)| {
            prover
                .prove(Goal::Exclude(c, d))
                .is_some_and(|proof| replay::proof_level(&proof) > Level::Easy)
        })
        .expect("a candidate that needs more than singles");
    let replayed = replay::replay(&givens, &[Move::Strike { cell, digit }]).expect("replays");
    let annotated = &replayed.moves[0];
    assert!(annotated.easier_open, "{}", annotated.text());
    let easiest = annotated.easiest.as_ref().expect("a step was open");
    assert_eq!(easiest.level(), Level::Easy);
    assert!(
        annotated.text().contains("an easier"),
        "{}",
        annotated.text()
    );
    let missed = replayed
        .summary
        .iter()
        .find(|t| t.technique == easiest.technique)
        .expect("the easier technique is in the summary");
    assert_eq!(missed.missed, 1);
}

#[test]
fn replay_refuses_a_move_on_a_given() {
    let givens = parse::parse_line(EASY, 1).expect("puzzle");
    let cell = Cell::parse("r1c1").expect("cell");
    let err = replay::replay(&givens, &[Move::Erase { cell }]).expect_err("a given");
    assert!(err.to_string().contains("r1c1"), "{err}");
}

#[test]
fn move_notation_reads_back_what_it_writes() {
    for text in ["r4c7=5", "r4c7=.", "r4c7-5", "r9c1+9"] {
        let mv = Move::parse(text).expect("a move");
        assert_eq!(mv.to_string(), text);
    }
    for bad in ["r0c7=5", "r4c7=0", "r4c7*5", "r4c7=55", "r4c7", ""] {
        assert_eq!(Move::parse(bad), None, "{bad}");
    }
}

#[test]
fn replay_command_reads_a_move_list_and_names_the_first_wrong_move() {
    let givens = parse::parse_line(EASY, 1).expect("puzzle");
    let solution = solution_of(&givens);
    let mut moves = scripted_game(&givens, 6);
    let cell = moves[3].cell();
    let answer = solution.get(cell).expect("complete");
    let wrong = Digit::all().find(|&d| d != answer).expect("digit");
    moves.insert(3, Move::Place { cell, digit: wrong });
    let list: Vec<String> = moves.iter().map(Move::to_string).collect();
    let game = format!("# a scripted game\n{EASY}\n{}\n", list.join(" "));

    let output = run(&["replay", "--first-wrong", "-"], &game);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert!(
        stdout(&output).contains(&format!(
            "Move 4: you placed {wrong} in {cell}; {answer} goes there"
        )),
        "{}",
        stdout(&output)
    );

    let output = run(&["replay", "--json", "-"], &game);
    let value: serde_json::Value = serde_json::from_str(stdout(&output).trim()).expect("JSON");
    assert_eq!(value["moves"].as_array().expect("moves").len(), moves.len());
    assert_eq!(value["moves"][3]["verdict"], "wrong");
    assert_eq!(value["moves"][0]["verdict"], "justified");
    assert_eq!(value["first_wrong"]["move"], 4);
    assert!(
        value["summary"]
            .as_array()
            .expect("summary")
            .iter()
            .any(|t| t["used"].as_u64() > Some(0))
    );

    let output = run(&["replay", "-"], &game);
    assert!(stdout(&output).contains("technique"), "{}", stdout(&output));
}

#[test]
fn replay_command_names_a_bad_move_by_line_and_column() {
    let game = format!("{EASY}\nr1c3=4 r1c10=4\n");
    let output = run(&["replay", "-"], &game);
    assert_eq!(output.status.code(), Some(2));
    let err = stderr(&output);
    assert!(
        err.contains("line 2, column 8") && err.contains("r1c10=4"),
        "{err}"
    );
}

#[test]
fn replay_command_reads_the_last_saved_game() {
    use pencilmark::app::action::Action;
    use pencilmark::app::state::{Game, State};
    use pencilmark::app::update::update;
    use pencilmark::store::Store;

    let euler = "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
    let givens = parse::parse_line(euler, 1).expect("puzzle");
    let solution = solution_of(&givens);
    let mut state = State::new(Game::new(givens, "Euler 1"));
    let mut play = |name: &str, digit: u8| {
        let cell = Cell::parse(name).expect("cell");
        update(
            &mut state,
            Action::Select {
                row: cell.row() as u8,
                col: cell.col() as u8,
            },
        );
        update(&mut state, Action::Digit(digit));
    };
    let r1c1 = Cell::parse("r1c1").expect("cell");
    let r1c2 = Cell::parse("r1c2").expect("cell");
    let right = solution.get(r1c1).expect("complete").get();
    let answer = solution.get(r1c2).expect("complete");
    let wrong = if answer.get() == 1 { 2 } else { 1 };
    play("r1c1", right);
    play("r1c2", wrong);
    let dir = tempfile::tempdir().expect("a temporary directory");
    let store = Store::at(dir.path());
    let mut saver = store.open_game(&givens).expect("opens").saver;
    saver.save(&state).expect("saves");
    drop(saver);

    let data_dir = dir.path().to_str().expect("a UTF-8 path");
    let output = run(
        &["replay", "--saved", "--data-dir", data_dir, "--first-wrong"],
        "",
    );
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert!(
        stdout(&output).contains(&format!(
            "Move 2: you placed {wrong} in r1c2; {answer} goes there"
        )),
        "{}",
        stdout(&output)
    );
    let output = run(&["replay", "--saved", "--data-dir", data_dir, "--json"], "");
    let value: serde_json::Value = serde_json::from_str(stdout(&output).trim()).expect("JSON");
    assert_eq!(value["moves"][0]["notation"], format!("r1c1={right}"));
    assert_eq!(value["moves"][0]["verdict"], "justified");
}
