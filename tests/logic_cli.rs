//! The logic commands run as the real binary: hint, show, propagate, explain, grade.

use std::path::PathBuf;
use std::process::Output;

use pencilmark::engine::{Cell, Digit, Grid, parse, search};

mod common;
use common::{pencilmark as run, stderr, stdout};

const EASY: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// A position where no single applies and an X-Wing does (placed digits, then candidates).
const X_WING_PLACED: &str =
    "3..5..1...7.....8...8..4..66..4..9...3..6..5...7..16.48..1..3....3.2..6...2..9...";
const X_WING_CANDIDATES: &str = "3 2469 469 5 789 2678 1 2479 279 12459 7 14569 2369 139 236 245 8 2359 1259 1259 8 2379 1379 4 257 2379 6 6 1258 15 4 3578 23578 9 1237 12378 1249 3 149 2789 6 278 278 5 1278 259 2589 7 2389 3589 1 6 23 4 8 4569 4569 1 457 567 3 2479 2579 14579 1459 3 78 2 578 4578 6 15789 1457 1456 2 3678 34578 9 4578 147 1578";

fn json(output: &Output) -> serde_json::Value {
    serde_json::from_str(stdout(output).trim()).expect("one JSON object")
}

fn data_file(name: &str) -> Option<PathBuf> {
    common::shared(&format!("data/{name}"))
}

fn effects(value: &serde_json::Value) -> Vec<(Cell, Digit)> {
    value
        .as_array()
        .expect("a list of effects")
        .iter()
        .map(|e| {
            (
                Cell::parse(e["cell"].as_str().expect("cell")).expect("a cell name"),
                Digit::new(e["digit"].as_u64().expect("digit") as u8),
            )
        })
        .collect()
}

#[test]
fn hint_names_the_cell_of_a_wrong_digit() {
    let solution = search::solve(&parse::parse_line(EASY, 1).expect("puzzle"))
        .solution
        .expect("solution");
    // r1c3 is open; put a digit there that is not the solution's.
    let right = solution
        .get(Cell::parse("r1c3").expect("cell"))
        .expect("complete");
    let wrong = if right.get() == 1 { '2' } else { '1' };
    let mut position: Vec<char> = EASY.chars().collect();
    position[2] = wrong;
    let position: String = position.into_iter().collect();
    let output = run(&["hint", "--givens", EASY, &position], "");
    assert_eq!(output.status.code(), Some(1), "a mistake is a failed check");
    assert!(stdout(&output).contains("r1c3"), "{}", stdout(&output));
    let output = run(&["hint", "--json", "--givens", EASY, &position], "");
    let value = json(&output);
    assert_eq!(value["kind"], "mistake");
    assert_eq!(value["cells"], serde_json::json!(["r1c3"]));
}

#[test]
fn hint_names_a_wrong_digit_that_clashes_with_a_given() {
    // r1c3 = 5 repeats the given 5 of r1c1: with --givens that is the player's mistake.
    let position = format!("535{}", &EASY[3..]);
    let output = run(&["hint", "--json", "--givens", EASY, &position], "");
    assert_eq!(output.status.code(), Some(1));
    let value = json(&output);
    assert_eq!(value["kind"], "mistake");
    assert_eq!(value["cells"], serde_json::json!(["r1c3"]));
}

#[test]
fn hint_on_an_easy_puzzle_gives_a_single_with_its_reason() {
    let output = run(&["hint", EASY], "");
    assert_eq!(output.status.code(), Some(0));
    let text = stdout(&output);
    assert!(text.starts_with("Hidden single: in box"), "{text}");
    assert!(
        text.contains("can only go in") && text.contains("ruled out by the"),
        "{text}"
    );
    let value = json(&run(&["hint", "--json", EASY], ""));
    assert_eq!(value["kind"], "step");
    assert_eq!(value["technique"], "hidden_single");
    let placed = effects(&value["placements"]);
    let solution = search::solve(&parse::parse_line(EASY, 1).expect("puzzle"))
        .solution
        .expect("solution");
    assert_eq!(placed.len(), 1);
    assert_eq!(solution.get(placed[0].0), Some(placed[0].1));
}

#[test]
fn hint_levels_give_more_help_step_by_step() {
    let nudge = stdout(&run(&["hint", "--level", "1", EASY], ""));
    let summary = stdout(&run(&["hint", "--level", "2", EASY], ""));
    let applied = stdout(&run(&["hint", "--level", "4", EASY], ""));
    assert!(nudge.starts_with("Look at"), "{nudge}");
    assert!(
        !nudge.contains("can only go"),
        "a nudge does not give the answer: {nudge}"
    );
    assert!(summary.starts_with("Hidden Single in"), "{summary}");
    assert!(
        applied.contains("+-------------+"),
        "level 4 shows the position after the move: {applied}"
    );
    let bad = run(&["hint", "--level", "5", EASY], "");
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn hint_without_a_single_names_a_technique_with_correct_eliminations() {
    let groups: Vec<&str> = X_WING_CANDIDATES.split(' ').collect();
    let rows: Vec<String> = groups.chunks(9).map(|r| r.join(" ")).collect();
    // The candidate grid alone would read one-candidate cells as givens, so pass the givens too.
    let output = run(
        &["hint", "--json", "--givens", X_WING_PLACED, "-"],
        &rows.join("\n"),
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let value = json(&output);
    assert_eq!(value["kind"], "step");
    assert_eq!(value["technique"], "x_wing");
    let solution: Grid = search::solve(&parse::parse_line(X_WING_PLACED, 1).expect("placed"))
        .solution
        .expect("solution");
    let eliminations = effects(&value["eliminations"]);
    assert!(!eliminations.is_empty());
    for (cell, digit) in eliminations {
        assert_ne!(solution.get(cell), Some(digit), "{cell} keeps its {digit}");
    }
    assert!(value["text"].as_str().expect("text").starts_with("X-Wing"));
}

#[test]
fn grade_spreads_top95_across_the_levels() {
    let Some(top95) = data_file("top95.txt") else {
        eprintln!("skipped: ../shared/data not found");
        return;
    };
    let output = run(&["grade", top95.to_str().expect("path")], "");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = stdout(&output);
    let levels: Vec<&str> = text
        .lines()
        .map(|l| l.split(' ').next().unwrap_or(""))
        .collect();
    assert_eq!(levels.len(), 95, "one line per puzzle");
    let distinct: std::collections::BTreeSet<&str> = levels.iter().copied().collect();
    assert!(distinct.len() >= 4, "levels spread: {distinct:?}");
    let output = run(&["grade", "--json", "-"], &format!("{EASY}\n"));
    let value = json(&output);
    assert_eq!(value["level"], "easy");
    assert!(value["score"].as_u64().expect("score") > 0);
    assert!(value["steps"]["hidden_single"].as_u64().is_some());
    assert!(value["hardest"].is_string());
}

#[test]
fn bad_input_exits_2_with_its_position() {
    let dir = tempfile::tempdir().expect("temp dir");
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, format!("{EASY}\n53..7....6..1x5....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n")).expect("write");
    let output = run(&["grade", bad.to_str().expect("path")], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("line 2, column 14"),
        "{}",
        stderr(&output)
    );
    let output = run(&["hint", "-"], "53..7....6..195....98\n");
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("line 1"), "{}", stderr(&output));
    let conflict = format!("55{}", &EASY[2..]);
    let output = run(&["show", &conflict], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("r1c1 and r1c2"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn show_prints_boxed_grids_candidates_and_json() {
    let boxed = stdout(&run(&["show", EASY], ""));
    assert!(
        boxed.starts_with("+-------+-------+-------+\n| 5 3 . | . 7 . |"),
        "{boxed}"
    );
    let marks = stdout(&run(&["show", "--candidates", EASY], ""));
    assert_eq!(marks.lines().count(), 1 + 9 * 4, "{marks}");
    let line = stdout(&run(&["show", "--format", "line", "-"], &boxed));
    assert_eq!(line.trim(), EASY.replace('0', "."));
    let grid = stdout(&run(&["show", "--format", "candidates", EASY], ""));
    let reread = stdout(&run(&["show", "--format", "json", "-"], &grid));
    let value: serde_json::Value = serde_json::from_str(reread.trim()).expect("json");
    let direct = json(&run(&["show", "--format", "json", EASY], ""));
    assert_eq!(
        value["candidates"], direct["candidates"],
        "the candidate grid reads back"
    );
    assert_eq!(direct["grid"], EASY);
    assert_eq!(direct["candidates"][2], "124");
}

#[test]
fn propagate_explains_its_log_and_reports_contradictions() {
    let output = run(&["propagate", "--explain", EASY], "");
    assert_eq!(output.status.code(), Some(0));
    let text = stdout(&output);
    assert!(text.starts_with("1. "), "{text}");
    assert!(text.contains("51. "), "{text}");
    assert!(!text.contains(" . "), "solved: {text}");
    // Conflicting placed digits are bad input.
    let conflict = format!("55{}", &EASY[2..]);
    assert_eq!(run(&["propagate", &conflict], "").status.code(), Some(2));
    // Pencil marks that lost r1c3's solution digit (4) run into a contradiction.
    let marks = stdout(&run(&["show", "--format", "candidates", EASY], ""));
    let mut groups: Vec<String> = marks.split_whitespace().map(str::to_string).collect();
    assert_eq!(groups[2], "124");
    groups[2] = "12".to_string();
    let output = run(&["propagate", "-"], &groups.join(" "));
    assert_eq!(output.status.code(), Some(1), "{}", stdout(&output));
    assert!(
        stdout(&output).contains("Contradiction:"),
        "{}",
        stdout(&output)
    );
}

#[test]
fn explain_walks_to_the_solution() {
    let output = run(&["explain", EASY], "");
    assert_eq!(output.status.code(), Some(0));
    let text = stdout(&output);
    assert!(text.contains("Solved in 51 steps"), "{text}");
    let value = json(&run(&["explain", "--json", EASY], ""));
    assert_eq!(value["solved"], true);
    assert_eq!(value["steps"].as_array().expect("steps").len(), 51);
    let inkala =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
    // The hardest puzzles end in forcing chains and nets, not in a guess.
    let output = run(&["explain", inkala], "");
    assert_eq!(output.status.code(), Some(0), "{}", stdout(&output));
    let text = stdout(&output);
    assert!(text.contains("Solved in"), "{text}");
    assert!(text.contains("Forcing") && text.contains("if r"), "{text}");
}

#[test]
fn every_logic_command_has_an_example_in_its_help() {
    for command in ["hint", "show", "propagate", "explain", "grade"] {
        let output = run(&[command, "--help"], "");
        assert_eq!(output.status.code(), Some(0));
        assert!(stdout(&output).contains("Examples:"), "{command} --help");
    }
}

#[test]
fn a_short_puzzle_line_is_reported_as_a_line_by_grade_and_as_an_argument() {
    let short = &EASY[..80];
    let graded = run(&["grade"], &format!("{short}\n"));
    assert_eq!(graded.status.code(), Some(2));
    assert_eq!(stdout(&graded).trim(), "invalid");
    assert!(stderr(&graded).contains("line 1: too few cells: found 80, expected 81"));
    let shown = run(&["show", short], "");
    assert_eq!(shown.status.code(), Some(2));
    assert!(
        stderr(&shown).contains("the argument: line 1: too few cells: found 80"),
        "{}",
        stderr(&shown)
    );
    let missing = run(&["show", "no-such-puzzle-file.txt"], "");
    assert_eq!(missing.status.code(), Some(2));
    assert!(stderr(&missing).contains("no-such-puzzle-file.txt is neither a puzzle"));
}

/// EASY with one open cell given a digit that clashes with nothing in sight but
/// leaves the puzzle without a solution.
fn unsolvable() -> String {
    let givens = parse::parse_line(EASY, 1).expect("EASY parses");
    let board = pencilmark::engine::Board::with_auto_candidates(&givens);
    let solution = search::solve(&givens).solution.expect("EASY is solvable");
    for cell in board.open_cells() {
        for digit in board.candidates(cell).iter() {
            let mut broken = givens;
            broken.set(cell, Some(digit));
            if digit != solution.get(cell).expect("full")
                && search::count_solutions(&broken, 1).count == 0
            {
                return broken.to_line();
            }
        }
    }
    panic!("no unsolvable variant of EASY");
}

/// EASY with givens taken away until it has several solutions.
fn several_solutions() -> String {
    let mut givens = parse::parse_line(EASY, 1).expect("EASY parses");
    for cell in Cell::all() {
        givens.set(cell, None);
        if search::count_solutions(&givens, 2).count > 1 {
            return givens.to_line();
        }
    }
    panic!("EASY never became ambiguous");
}

#[test]
fn grade_says_no_solution_and_not_unique_with_status_1() {
    let none = unsolvable();
    let output = run(&["grade", &none], "");
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(stdout(&output).trim(), "no solution");
    let many = several_solutions();
    let output = run(&["grade", &many], "");
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(stdout(&output).trim(), "not unique");
    let value = json(&run(&["grade", "--json", &many], ""));
    assert_eq!(value["status"], "not_unique");
    assert_eq!(value["hardest"], serde_json::Value::Null);
    assert_eq!(value["guesses"], 0);
    assert!(
        value["steps"].as_object().expect("steps").is_empty(),
        "no technique used"
    );
    // A file mixing them exits 1 and keeps one line per puzzle.
    let output = run(&["grade", "-"], &format!("{EASY}\n{none}\n{many}\n"));
    assert_eq!(output.status.code(), Some(1));
    let lines: Vec<String> = stdout(&output).lines().map(str::to_string).collect();
    assert_eq!(lines.len(), 3);
    assert!(lines[0].starts_with("easy "), "{lines:?}");
    assert_eq!(lines[1], "no solution");
    assert_eq!(lines[2], "not unique");
}

#[test]
fn grade_of_a_solved_grid_says_solved_and_guesses_agree_with_hardest() {
    let givens = parse::parse_line(EASY, 1).expect("EASY parses");
    let solution = search::solve(&givens).solution.expect("solvable").to_line();
    let output = run(&["grade", &solution], "");
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stdout(&output).trim(), "solved");
    // The hardest puzzle needs forcing nets, not a guess, and the JSON agrees.
    let inkala =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
    let value = json(&run(&["grade", "--json", inkala], ""));
    assert_eq!(value["status"], "graded");
    assert_eq!(value["level"], "extreme");
    assert_eq!(value["guesses"], 0);
    assert_ne!(value["hardest"], "guess");
    assert!(
        value["hardest"]
            .as_str()
            .expect("a technique")
            .contains("forcing")
    );
}

#[test]
fn explain_stops_at_the_first_contradiction_when_marks_lost_the_solution() {
    let marks = stdout(&run(&["show", "--format", "candidates", EASY], ""));
    let mut groups: Vec<String> = marks.split_whitespace().map(str::to_string).collect();
    assert_eq!(groups[2], "124");
    groups[2] = "12".to_string();
    let output = run(&["explain", "-"], &groups.join(" "));
    assert_eq!(output.status.code(), Some(1), "{}", stdout(&output));
    let text = stdout(&output);
    assert!(text.contains("Contradiction after"), "{text}");
    assert!(!text.contains("Solved in"), "{text}");
    let steps = text
        .lines()
        .filter(|l| l.contains(". ") && l.starts_with(char::is_numeric))
        .count();
    assert!(steps < 50, "stopped early, after {steps} steps: {text}");
    let value = json(&run(&["explain", "--json", "-"], &groups.join(" ")));
    assert!(value["contradiction"].is_string(), "{value}");
}

#[test]
fn grade_on_the_sudoku_explainer_scale_prints_er_ep_ed() {
    // Singles only: full houses and hidden singles in boxes rate 1.2 in Sudoku Explainer.
    let output = run(&["grade", "--scale", "se", EASY], "");
    assert_eq!(output.status.code(), Some(0));
    let line = stdout(&output).trim().to_string();
    let parts: Vec<f64> = line
        .split('/')
        .map(|p| p.parse().expect("a rating"))
        .collect();
    assert_eq!(parts.len(), 3, "{line}");
    assert!(
        parts[0] >= parts[1] && parts[1] >= parts[2],
        "ER >= EP >= ED: {line}"
    );
    assert!(parts[0] <= 2.3, "an easy puzzle rates below 2.3: {line}");
    let inkala =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
    let value = json(&run(&["grade", "--json", inkala], ""));
    let er = value["se"]["er"].as_f64().expect("er");
    assert!(er >= 9.0, "the hardest puzzle needs nets: {value}");
    assert!(value["se"]["ed"].as_f64().expect("ed") <= er);
    // Improper puzzles have no rating.
    let output = run(&["grade", "--scale", "se", &several_solutions()], "");
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(stdout(&output).trim(), "not unique");
}

#[test]
fn sudoku_explainer_ratings_of_published_easy_puzzles_agree() {
    let Some(easy) = common::shared("data/se/easy.txt") else {
        eprintln!("skipped: ../shared/data/se not found");
        return;
    };
    let text = std::fs::read_to_string(easy).expect("readable");
    let sample: Vec<&str> = text.lines().step_by(20).collect();
    let puzzles: String = sample.iter().map(|l| format!("{}\n", &l[..81])).collect();
    let output = run(&["grade", "--scale", "se", "-"], &puzzles);
    let ours: Vec<String> = stdout(&output).lines().map(str::to_string).collect();
    assert_eq!(ours.len(), sample.len());
    for (line, rated) in sample.iter().zip(&ours) {
        let published = line[82..].trim();
        assert_eq!(rated.split('/').next(), Some(published), "{line}");
    }
}

/// `grade --stats`: the grades on standard output are the same as without it,
/// and standard error ends with a table of the finders asked, whose steps are
/// each technique's steps in the solves (as `--json` counts them). Another
/// shape is refused with a usage error.
#[test]
fn grade_stats_counts_each_finders_steps() {
    use pencilmark::engine::logic::Technique;
    // An easy puzzle and one of top1465 that needs a dynamic forcing chain.
    let hard = "2...4.5...1.....3............6...8.2.7.3.9......1.....4...5.6.....7...9...8......";
    let puzzles = format!("{EASY}\n{hard}\n");
    let plain = run(&["grade", "-"], &puzzles);
    let timed = run(&["grade", "--stats", "-"], &puzzles);
    assert_eq!(timed.status.code(), Some(0), "{}", stderr(&timed));
    assert_eq!(stdout(&timed), stdout(&plain));
    let mut expected = std::collections::BTreeMap::new();
    for line in stdout(&run(&["grade", "--json", "-"], &puzzles)).lines() {
        let value: serde_json::Value = serde_json::from_str(line).expect("JSON");
        for (key, count) in value["steps"].as_object().expect("steps") {
            let technique = Technique::ALL
                .into_iter()
                .find(|t| t.key() == key)
                .expect("a technique's key");
            *expected.entry(technique.name().to_string()).or_insert(0) +=
                count.as_u64().expect("a count");
        }
    }
    assert!(expected.len() > 5, "{expected:?}");
    let table = stderr(&timed);
    let mut lines = table.lines();
    assert!(
        lines
            .next()
            .expect("a summary")
            .starts_with("graded 2 puzzles in "),
        "{table}"
    );
    assert!(
        lines.next().expect("a header").starts_with("finder"),
        "{table}"
    );
    let mut told = std::collections::BTreeMap::new();
    for line in lines.by_ref() {
        if line.is_empty() {
            break;
        }
        // The name, then calls, steps, milliseconds and the share.
        let words: Vec<&str> = line.split_whitespace().collect();
        let (name, numbers) = words.split_at(words.len() - 4);
        let calls: u64 = numbers[0].parse().expect("calls");
        let steps: u64 = numbers[1].parse().expect("steps");
        assert!(calls >= steps && calls > 0, "{line}");
        assert!(numbers[3].ends_with('%'), "{line}");
        if steps > 0 {
            told.insert(name.join(" "), steps);
        }
    }
    assert_eq!(told, expected, "{table}");
    // Then one position per step, by the technique that found it: as many
    // as its steps, and their time, each finder's share in it, adds up.
    assert!(
        lines
            .next()
            .expect("the positions' header")
            .starts_with("positions ended by"),
        "{table}"
    );
    let (mut ended, mut shares) = (std::collections::BTreeMap::new(), 0.0);
    for line in lines {
        let words: Vec<&str> = line.split_whitespace().collect();
        let (name, numbers) = words.split_at(words.len() - 3);
        ended.insert(
            name.join(" "),
            numbers[0].parse::<u64>().expect("positions"),
        );
        shares += numbers[2]
            .strip_suffix('%')
            .expect("a share")
            .parse::<f64>()
            .expect("a number");
    }
    assert_eq!(ended, expected, "{table}");
    assert!((shares - 100.0).abs() < 1.0, "{shares}: {table}");
    let shaped = run(&["grade", "--stats", "--variant", "x", "-"], &puzzles);
    assert_eq!(shaped.status.code(), Some(2));
    assert!(stderr(&shaped).contains("--stats"), "{}", stderr(&shaped));
}
