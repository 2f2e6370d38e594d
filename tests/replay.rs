//! The first wrong move and the annotated replay: scripted games (a logical
//! solution's moves) with errors injected at known moves, every move's proof
//! checked, and the `replay` command on move lists and on a saved game.

use pencilmark::engine::board::Board;
use pencilmark::engine::grade::Level;
use pencilmark::engine::learn::{Solutions, removes};
use pencilmark::engine::logic;
use pencilmark::engine::types::{Cell, Digit};
use pencilmark::engine::{Grid, parse};
use pencilmark::puzzles;

mod common;
use common::{pencilmark as run, stderr, stdout};

const EASY: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

fn solution_of(givens: &Grid) -> Grid {
    Solutions::of(givens).unique().expect("a unique puzzle")
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
        .find(|t| easiest.basis == t.technique)
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
