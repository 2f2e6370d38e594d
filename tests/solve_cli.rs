//! `pencilmark solve`, run as the real binary: standard input and files, exit
//! statuses, `--count`, `--threads`, `--stats`, errors naming the line, `--help`.

mod common;
use common::{pencilmark, stderr, stdout};

const INKALA: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
const INKALA_SOLUTION: &str =
    "812753649943682175675491283154237896369845721287169534521974368438526917796318452";
const EULER: &str =
    "003020600900305001001806400008102900700000008006708200002609500800203009005010300";

/// Checks a solution from scratch: rows, columns and boxes hold 1-9, givens kept.
fn is_solution(puzzle: &str, solution: &str) -> bool {
    let s = solution.as_bytes();
    if s.len() != 81 || !s.iter().all(u8::is_ascii_digit) || s.contains(&b'0') {
        return false;
    }
    let kept = puzzle
        .bytes()
        .zip(s)
        .all(|(p, &d)| !(b'1'..=b'9').contains(&p) || p == d);
    let units_ok = (0..27).all(|unit| {
        let mut seen = 0u16;
        for k in 0..9 {
            let (row, col) = match unit / 9 {
                0 => (unit % 9, k),
                1 => (k, unit % 9),
                _ => ((unit % 9) / 3 * 3 + k / 3, (unit % 9) % 3 * 3 + k % 3),
            };
            seen |= 1 << (s[row * 9 + col] - b'0');
        }
        seen == 0b11_1111_1110
    });
    kept && units_ok
}

#[test]
fn a_puzzle_on_standard_input_prints_its_solution() {
    let output = pencilmark(&["solve"], &format!("{INKALA}\n"));
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(stdout(&output), format!("{INKALA_SOLUTION}\n"));
    assert!(is_solution(INKALA, INKALA_SOLUTION));
    let dash = pencilmark(&["solve", "-"], INKALA);
    assert_eq!(stdout(&dash), format!("{INKALA_SOLUTION}\n"));
}

#[test]
fn a_file_of_puzzles_prints_one_line_each_in_order() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("puzzles.txt");
    let text = format!("# two puzzles\n{EULER} easy\n\n{INKALA}\n");
    std::fs::write(&path, &text).unwrap();
    let output = pencilmark(&["solve", path.to_str().unwrap()], "");
    assert_eq!(output.status.code(), Some(0));
    let lines: Vec<String> = stdout(&output).lines().map(String::from).collect();
    assert_eq!(lines.len(), 2);
    assert!(is_solution(EULER, &lines[0]));
    assert_eq!(lines[1], INKALA_SOLUTION);
}

#[test]
fn a_multi_line_grid_on_standard_input_is_solved() {
    let grid: String = EULER
        .as_bytes()
        .chunks(9)
        .map(|row| {
            let row = String::from_utf8_lossy(row);
            format!("{} | {} | {}\n", &row[..3], &row[3..6], &row[6..])
        })
        .collect();
    let output = pencilmark(&["solve"], &grid);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(is_solution(EULER, stdout(&output).trim_end()));
}

#[test]
fn no_solution_exits_1_and_keeps_going() {
    let stuck = format!("12345678.{}........9{}", ".".repeat(27), ".".repeat(36));
    let output = pencilmark(&["solve"], &format!("{stuck}\n{INKALA}\n"));
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(stdout(&output), format!("no solution\n{INKALA_SOLUTION}\n"));
}

#[test]
fn an_invalid_line_prints_invalid_names_the_line_and_exits_2() {
    let output = pencilmark(
        &["solve"],
        &format!("{INKALA}\n{}\n{EULER}\n", &EULER[..80]),
    );
    assert_eq!(output.status.code(), Some(2));
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0], INKALA_SOLUTION);
    assert_eq!(lines[1], "invalid");
    assert!(is_solution(EULER, lines[2]));
    assert!(
        stderr(&output).contains("line 2: too few cells: found 80, expected 81"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn a_single_short_line_is_reported_as_a_line() {
    let output = pencilmark(&["solve"], &format!("{}\n", &INKALA[..80]));
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(stdout(&output), "invalid\n");
    assert!(
        stderr(&output).contains("line 1: too few cells: found 80, expected 81"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn a_repeated_given_is_invalid_with_its_cells() {
    let mut cells = vec!['.'; 81];
    cells[2 * 9 + 1] = '7';
    cells[2 * 9 + 7] = '7';
    let text: String = cells.into_iter().collect();
    for args in [&["solve"][..], &["solve", "--count"][..]] {
        let output = pencilmark(args, &format!("{text}\n"));
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert_eq!(stdout(&output).trim(), "invalid", "{args:?}");
        assert!(stderr(&output).contains("line 1: 7 appears twice in row 3: r3c2 and r3c8"));
    }
}

#[test]
fn a_missing_file_exits_2() {
    let output = pencilmark(&["solve", "/no/such/pencilmark/file.txt"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("/no/such/pencilmark/file.txt"));
}

#[test]
fn count_prints_0_1_or_2_plus() {
    let stuck = format!("12345678.{}........9{}", ".".repeat(27), ".".repeat(36));
    let empty = ".".repeat(81);
    let output = pencilmark(
        &["solve", "--count"],
        &format!("{INKALA}\n{empty}\n{stuck}\n"),
    );
    assert_eq!(stdout(&output), "1\n2+\n0\n");
    assert_eq!(output.status.code(), Some(1));
    let proper = pencilmark(&["solve", "--count"], &format!("{INKALA}\n{EULER}\n"));
    assert_eq!(stdout(&proper), "1\n1\n");
    assert_eq!(proper.status.code(), Some(0));
}

#[test]
fn threads_keep_the_output_in_input_order() {
    // Many distinct puzzles: the Inkala and Euler grids with their digits relabelled.
    let mut input = String::new();
    for shift in 0..600u32 {
        let base = if shift % 2 == 0 { INKALA } else { EULER };
        let relabelled: String = base
            .chars()
            .map(|c| match c.to_digit(10) {
                Some(d) if d > 0 => char::from_digit((d - 1 + shift) % 9 + 1, 10).unwrap(),
                _ => '.',
            })
            .collect();
        input.push_str(&relabelled);
        input.push('\n');
    }
    let one = pencilmark(&["solve", "--threads", "1"], &input);
    let four = pencilmark(&["solve", "--threads", "4"], &input);
    assert_eq!(one.status.code(), Some(0));
    assert_eq!(four.status.code(), Some(0));
    assert_eq!(stdout(&one), stdout(&four));
    let text = stdout(&four);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 600);
    for (puzzle, solution) in input.lines().zip(&lines) {
        assert!(is_solution(puzzle, solution), "{puzzle} -> {solution}");
    }
}

#[test]
fn stats_prints_a_summary_on_standard_error() {
    let output = pencilmark(&["solve", "--stats"], &format!("{INKALA}\n{EULER}\n"));
    assert_eq!(output.status.code(), Some(0));
    let err = stderr(&output);
    assert!(err.contains("2 puzzles"), "{err}");
    assert!(
        err.contains("puzzles/s") && err.contains("guesses"),
        "{err}"
    );
    assert_eq!(stdout(&output).lines().count(), 2);
}

#[test]
fn help_shows_an_example() {
    let output = pencilmark(&["solve", "--help"], "");
    assert_eq!(output.status.code(), Some(0));
    let help = stdout(&output);
    assert!(help.contains("Examples:"), "{help}");
    assert!(help.contains("pencilmark solve puzzles.txt"), "{help}");
    assert!(help.contains("--count") && help.contains("--threads"));
}

#[test]
fn an_unknown_option_is_a_usage_error() {
    let output = pencilmark(&["solve", "--fast"], "");
    assert_eq!(output.status.code(), Some(2));
}
