//! The traced run: it reaches the engine's solution, its events replay into the
//! engine's states both ways, the settings cost what they should, and the
//! `trace` command prints it all.

use std::path::PathBuf;

use pencilmark::engine::formats;
use pencilmark::engine::parse;
use pencilmark::engine::search;
use pencilmark::engine::trace::{
    self, Cursor, Ending, Event, Order, Recording, Rules, Settings, Why,
};
use pencilmark::engine::{Board, Candidates, Cell, Grid};

mod common;
use common::{pencilmark, stdout};

/// Norvig's first top95 puzzle: hard for a solver without hidden singles.
const HARD: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
/// An easy puzzle (Project Euler 96, grid 01): singles alone solve it.
const EASY: &str =
    "003020600900305001001806400008102900700000008006708200002609500800203009005010300";

/// r1c1 can only be 1 (its row holds 2 to 9), but r2c1 already is.
const NO_SOLUTION: &str =
    ".234567891.......................................................................";

const LIMIT: u64 = 5_000_000;

fn grid(text: &str) -> Grid {
    parse::parse_line(text, 1).expect("test puzzle parses")
}

fn settings(rules: Rules, order: Order) -> Settings {
    Settings { rules, order }
}

#[test]
fn traced_run_reaches_the_engines_solution_in_every_setting() {
    for text in [HARD, EASY] {
        let givens = grid(text);
        let expected = search::solve(&givens).solution.expect("solvable");
        for setting in Settings::ALL {
            let outcome = trace::count(&givens, setting, LIMIT);
            assert_eq!(outcome.ending, Ending::Solved(expected), "{setting}");
            let recording = Recording::<Board>::record(&givens, setting, LIMIT);
            let end = recording.seek(recording.len());
            assert_eq!(end.position().digits, expected, "{setting}: final board");
            assert_eq!(end.counts(), outcome.counts, "{setting}: replayed counts");
            assert_eq!(
                recording.event(recording.len() - 1).map(|r| &r.event),
                Some(&Event::Solved)
            );
        }
    }
}

#[test]
fn easy_puzzle_needs_no_guess_with_hidden_singles() {
    let outcome = trace::count(&grid(EASY), Settings::default(), LIMIT);
    assert_eq!(outcome.counts.guesses, 0);
    assert_eq!(outcome.counts.backtracks, 0);
    assert_eq!(outcome.counts.assignments, 81);
}

/// Moves a cursor forward one event at a time, checking it against `seek` on the way.
fn walk(recording: &Recording, cursor: &mut Cursor, steps: usize) {
    for _ in 0..steps {
        assert!(recording.forward(cursor));
        assert_eq!(
            *cursor,
            recording.seek(cursor.shown()),
            "incremental and rebuilt states differ after {} events",
            cursor.shown()
        );
    }
}

#[test]
fn stepping_forward_then_back_returns_the_same_state() {
    let recording = Recording::<Board>::record(&grid(HARD), Settings::default(), LIMIT);
    assert!(
        recording.len() > 300,
        "a run long enough to cross checkpoints"
    );
    for start in [0, 1, 50, 63, 64, 65, 200, recording.len() - 40] {
        for steps in [1, 2, 17, 64, 100] {
            let steps = steps.min(recording.len() - start);
            let mut cursor = recording.seek(start);
            let before = cursor.clone();
            walk(&recording, &mut cursor, steps);
            for _ in 0..steps {
                assert!(recording.back(&mut cursor));
            }
            assert_eq!(
                cursor, before,
                "forward {steps} then back {steps} from {start}"
            );
        }
    }
    let mut at_start = recording.start();
    assert!(
        !recording.back(&mut at_start),
        "nothing before the first event"
    );
    let mut at_end = recording.seek(recording.len());
    assert!(
        !recording.forward(&mut at_end),
        "nothing after the last event"
    );
}

#[test]
fn backtrack_returns_to_the_board_before_the_guess() {
    let recording = Recording::<Board>::record(&grid(HARD), Settings::default(), LIMIT);
    let mut cursor = recording.start();
    let mut before_guess: Vec<(Board, usize)> = Vec::new();
    let mut backtracks = 0;
    while let Some(recorded) = recording.event(cursor.shown()) {
        match recorded.event {
            Event::Assign {
                why: Why::Guess, ..
            } => before_guess.push((*cursor.position(), cursor.depth())),
            Event::Backtrack { .. } => {
                let (position, depth) = before_guess.pop().expect("a guess to undo");
                recording.forward(&mut cursor);
                assert_eq!(*cursor.position(), position);
                assert_eq!(cursor.depth(), depth);
                backtracks += 1;
                continue;
            }
            _ => {}
        }
        recording.forward(&mut cursor);
        assert_eq!(cursor.depth(), recorded.depth, "recorded depth");
    }
    assert!(backtracks > 0, "the hard puzzle backtracks");
}

#[test]
fn every_event_matches_the_board_it_is_shown_on() {
    for setting in Settings::ALL {
        let recording = Recording::<Board>::record(&grid(HARD), setting, 200_000);
        let mut cursor = recording.start();
        while let Some(recorded) = recording.event(cursor.shown()) {
            let position = *cursor.position();
            let candidates = |cell: Cell| position.candidates[cell.index()];
            match &recorded.event {
                Event::Eliminate {
                    digit,
                    cells,
                    source,
                } => {
                    assert_eq!(position.digits.get(*source), Some(*digit), "{setting}");
                    for cell in cells {
                        assert!(source.sees(*cell), "{cell} is a peer of {source}");
                        assert!(candidates(*cell).contains(*digit), "{digit} was in {cell}");
                    }
                }
                Event::EliminateOthers { cell, kept, digits } => {
                    assert_eq!(position.digits.get(*cell), Some(*kept));
                    assert!(!digits.contains(*kept));
                    assert_eq!(candidates(*cell).intersection(*digits), *digits);
                }
                Event::NakedSingle { cell, digit } => {
                    assert_eq!(candidates(*cell), Candidates::single(*digit));
                    assert_eq!(position.digits.get(*cell), None);
                }
                Event::HiddenSingle { digit, cell, unit } => {
                    assert_eq!(setting.rules, Rules::PeersAndUnits);
                    let places: Vec<Cell> = unit
                        .cells()
                        .iter()
                        .copied()
                        .filter(|&c| candidates(c).contains(*digit))
                        .collect();
                    assert_eq!(places, vec![*cell], "{digit} has one place in {unit}");
                }
                Event::Branch {
                    cell,
                    candidates: offered,
                    order,
                } => {
                    assert_eq!(*order, setting.order);
                    assert_eq!(candidates(*cell), *offered);
                    assert!(offered.len() >= 2);
                    let open = |c: &Cell| position.digits.get(*c).is_none();
                    let first_open = Cell::all().find(open).expect("an open cell");
                    match order {
                        Order::RowMajor => assert_eq!(*cell, first_open),
                        Order::FewestCandidates => {
                            let fewest =
                                Cell::all().filter(open).map(|c| candidates(c).len()).min();
                            assert_eq!(Some(offered.len()), fewest);
                        }
                    }
                }
                _ => {}
            }
            recording.forward(&mut cursor);
        }
    }
}

#[test]
fn counts_of_the_four_settings_differ_as_expected_on_a_hard_puzzle() {
    let givens = grid(HARD);
    let count = |rules, order| trace::count(&givens, settings(rules, order), LIMIT).counts;
    let best = count(Rules::PeersAndUnits, Order::FewestCandidates);
    let peers_mrv = count(Rules::Peers, Order::FewestCandidates);
    let units_row = count(Rules::PeersAndUnits, Order::RowMajor);
    let worst = count(Rules::Peers, Order::RowMajor);
    assert!(
        worst.guesses > 20 * best.guesses,
        "row-major with peers only: {worst:?}; fewest first with hidden singles: {best:?}"
    );
    assert!(worst.backtracks > 20 * best.backtracks);
    assert!(worst.eliminations > 10 * best.eliminations);
    assert!(
        peers_mrv.guesses > best.guesses,
        "hidden singles save guesses"
    );
    assert!(
        worst.guesses > units_row.guesses,
        "hidden singles save guesses"
    );
    assert!(
        worst.guesses > peers_mrv.guesses,
        "fewest first saves guesses"
    );
    for counts in [best, peers_mrv, units_row, worst] {
        assert!(counts.guesses >= counts.backtracks);
    }
}

#[test]
fn a_puzzle_without_solution_ends_in_no_solution() {
    let givens = grid(NO_SOLUTION);
    for setting in Settings::ALL {
        let recording = Recording::<Board>::record(&givens, setting, LIMIT);
        assert_eq!(recording.outcome().ending, Ending::NoSolution, "{setting}");
        assert!((0..recording.len()).any(|i| matches!(
            recording.event(i).map(|r| &r.event),
            Some(Event::Contradiction(_))
        )));
    }
}

#[test]
fn a_reader_that_stops_ends_the_run_at_the_next_search_node() {
    // `trace | head`: the reader goes away and the run stops soon after, not
    // at the event limit.
    let mut seen = 0u64;
    let outcome = trace::trace(
        &grid(HARD),
        settings(Rules::Peers, Order::RowMajor),
        LIMIT,
        |_, _| {
            seen += 1;
            if seen >= 100 {
                trace::Flow::Stop
            } else {
                trace::Flow::Continue
            }
        },
    );
    assert_eq!(outcome.ending, Ending::Stopped);
    assert!(
        outcome.events >= 100 && outcome.events < 1_000,
        "{}",
        outcome.events
    );
}

#[test]
fn event_limit_stops_the_run() {
    let outcome = trace::count(&grid(HARD), settings(Rules::Peers, Order::RowMajor), 1_000);
    assert_eq!(outcome.ending, Ending::Stopped);
    assert!(outcome.events >= 1_000 && outcome.events < 5_000);
}

#[test]
fn event_text_reads_like_the_issue() {
    let recording = Recording::<Board>::record(&grid(HARD), Settings::default(), LIMIT);
    let texts: Vec<String> = (0..recording.len())
        .map(|i| recording.event(i).expect("in range").event.to_string())
        .collect();
    assert_eq!(texts[0], "assign r1c1 = 4 (given)");
    assert!(texts[1].starts_with("eliminate 4 from r1c2, r1c3,"));
    assert!(texts[1].ends_with("(peers of r1c1)"));
    let has = |prefix: &str| texts.iter().any(|t| t.starts_with(prefix));
    assert!(has("hidden single: "));
    assert!(texts.iter().any(|t| t.contains(" now has one candidate: ")));
    assert!(has("contradiction: "));
    assert!(has("backtrack to the guess "));
    assert!(texts.iter().any(|t| t.ends_with("(guess)")));
    assert_eq!(trace::path_text(&[]), "");
}

fn data_file(name: &str) -> Option<PathBuf> {
    common::shared(&format!("data/{name}"))
}

#[test]
fn top95_sample_agrees_with_the_engine_and_hidden_singles_pay() {
    let Some(path) = data_file("top95.txt") else {
        eprintln!("skipped: ../shared/data not found");
        return;
    };
    let text = std::fs::read_to_string(path).expect("top95 is readable");
    let puzzles: Vec<Grid> = formats::read_any(&text, None)
        .expect("top95 parses")
        .into_iter()
        .step_by(6)
        .map(|imported| imported.givens)
        .collect();
    let mut guesses = [0u64; 4];
    for givens in &puzzles {
        let expected = search::solve(givens).solution;
        for (i, setting) in Settings::ALL.into_iter().enumerate() {
            let outcome = trace::count(givens, setting, LIMIT);
            if outcome.ending != Ending::Stopped {
                assert_eq!(outcome.solution(), expected, "{setting}");
            }
            guesses[i] += outcome.counts.guesses;
        }
    }
    // Settings::ALL: [units+mrv, peers+mrv, units+row-major, peers+row-major].
    assert!(
        guesses[3] > 20 * guesses[0],
        "guesses per setting: {guesses:?}"
    );
    assert!(
        guesses[1] > guesses[0] && guesses[3] > guesses[2],
        "{guesses:?}"
    );
}

// The command line.

#[test]
fn cli_prints_one_event_a_line() {
    let output = pencilmark(&["trace", HARD], "");
    assert_eq!(output.status.code(), Some(0));
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    let recording = Recording::<Board>::record(&grid(HARD), Settings::default(), LIMIT);
    assert_eq!(lines.len(), recording.len());
    assert_eq!(lines[0].trim_start(), "1 [0] assign r1c1 = 4 (given)");
    assert!(
        lines
            .last()
            .expect("lines")
            .ends_with("solved: every cell has a digit")
    );
    let guess = lines
        .iter()
        .find(|l| l.contains("(guess)"))
        .expect("a guess line");
    assert!(
        guess.contains("[1] assign") && guess.contains("path: r"),
        "{guess}"
    );
}

#[test]
fn cli_json_lines_carry_depth_path_and_fields() {
    let output = pencilmark(&["trace", "--json", "-"], &format!("{HARD}\n"));
    assert_eq!(output.status.code(), Some(0));
    let text = stdout(&output);
    let events: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect();
    assert_eq!(events[0]["event"], "assign");
    assert_eq!(events[0]["cell"], "r1c1");
    assert_eq!(events[0]["digit"], 4);
    assert_eq!(events[0]["why"], "given");
    assert_eq!(events[1]["event"], "eliminate");
    assert_eq!(events[1]["source"], "r1c1");
    for (i, event) in events.iter().enumerate() {
        assert_eq!(event["step"], i as u64 + 1);
        let path = event["path"].as_array().expect("path is a list");
        assert_eq!(event["depth"], path.len() as u64);
    }
    let deepest = events
        .iter()
        .map(|e| e["depth"].as_u64().expect("depth"))
        .max();
    assert!(deepest > Some(1));
    assert_eq!(events.last().expect("events")["event"], "solved");
}

#[test]
fn cli_summary_prints_the_counts_of_each_setting() {
    let mut guesses = Vec::new();
    for (rules, order) in [("peers+units", "mrv"), ("peers", "row-major")] {
        let output = pencilmark(
            &[
                "trace",
                "--summary",
                "--json",
                "--rules",
                rules,
                "--order",
                order,
                HARD,
            ],
            "",
        );
        assert_eq!(output.status.code(), Some(0));
        let text = stdout(&output);
        assert_eq!(text.lines().count(), 1, "one object: {text}");
        let summary: serde_json::Value = serde_json::from_str(&text).expect("JSON");
        assert_eq!(summary["rules"], rules);
        assert_eq!(summary["order"], order);
        assert_eq!(summary["result"], "solved");
        let solution = search::solve(&grid(HARD)).solution.expect("solvable");
        assert_eq!(summary["solution"], solution.to_line());
        guesses.push(summary["guesses"].as_u64().expect("guesses"));
    }
    assert!(guesses[1] > 20 * guesses[0], "{guesses:?}");
    let plain = pencilmark(&["trace", "--summary", HARD], "");
    let text = stdout(&plain);
    assert!(
        text.contains("guesses:") && text.contains("backtracks:"),
        "{text}"
    );
}

#[test]
fn cli_bad_puzzle_exits_2_with_its_position() {
    let bad = HARD.replacen('.', "x", 1);
    let output = pencilmark(&["trace", &bad], "");
    assert_eq!(output.status.code(), Some(2));
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(err.contains("column 2") && err.contains("'x'"), "{err}");
    let twice = HARD.replacen('.', "4", 1);
    let output = pencilmark(&["trace", "-"], &twice);
    assert_eq!(output.status.code(), Some(2));
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(
        err.contains("appears twice") && err.contains("r1c1"),
        "{err}"
    );
    let output = pencilmark(&["trace", "--rules", "units", HARD], "");
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn cli_no_solution_and_event_limit_exit_1() {
    let output = pencilmark(&["trace", NO_SOLUTION], "");
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stdout(&output)
            .trim_end()
            .ends_with("no solution: every guess failed")
    );
    let output = pencilmark(&["trace", "--summary", "--max-events", "100", HARD], "");
    assert_eq!(output.status.code(), Some(1));
    assert!(stdout(&output).contains("stopped"));
    assert!(String::from_utf8_lossy(&output.stderr).contains("--max-events"));
}
