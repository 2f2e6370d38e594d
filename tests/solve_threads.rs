//! `solve --threads N` prints exactly what one thread prints: the same lines in
//! input order, the same errors, the same exit status, in both modes, across
//! many batches (reading, solving and printing overlap when N > 1); a count beyond the
//! machine is capped and said.

mod common;
use std::process::{Command, Output};

use common::{pencilmark, shared, stderr, stdout};

const INKALA: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
const EULER: &str =
    "003020600900305001001806400008102900700000008006708200002609500800203009005010300";

fn solve(args: &[&str], file: &std::path::Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_pencilmark"))
        .arg("solve")
        .args(args)
        .arg(file)
        .output()
        .expect("the binary runs")
}

/// Runs `solve` on `file` with one and two threads, in both modes, and asserts
/// the runs agree; returns the one-thread output of the first-solution mode.
fn same_for_every_thread_count(file: &std::path::Path) -> Output {
    let mut first = None;
    for mode in [&[][..], &["--count"][..]] {
        let one = solve(&[mode, &["--threads", "1"]].concat(), file);
        let two = solve(&[mode, &["--threads", "2"]].concat(), file);
        assert_eq!(stdout(&one), stdout(&two), "stdout differs, mode {mode:?}");
        assert_eq!(stderr(&one), stderr(&two), "stderr differs, mode {mode:?}");
        assert_eq!(one.status.code(), two.status.code(), "mode {mode:?}");
        first.get_or_insert(one);
    }
    first.unwrap()
}

#[test]
fn two_threads_print_what_one_prints_with_bad_lines_among_thousands() {
    // Relabelled copies of two puzzles over several batches, with an unreadable
    // line, a clash, a line without a solution and a line that is not UTF-8 in
    // between (each must come out in its place).
    let mut input = Vec::new();
    for shift in 0..2500u32 {
        let base = if shift % 2 == 0 { INKALA } else { EULER };
        let line: String = base
            .chars()
            .map(|c| match c.to_digit(10) {
                Some(d) if d > 0 => char::from_digit((d - 1 + shift) % 9 + 1, 10).unwrap(),
                _ => '.',
            })
            .collect();
        input.extend_from_slice(line.as_bytes());
        input.push(b'\n');
        match shift {
            700 => input.extend_from_slice(b"this is not a puzzle\n"),
            1200 => input.extend_from_slice(format!("11{}\n", &EULER[2..]).as_bytes()),
            1500 => input.extend_from_slice(b"\xff\xfe not text\n"),
            2100 => input.extend_from_slice(
                format!("12345678.{}\n", ".".repeat(63) + "........9").as_bytes(),
            ),
            _ => {}
        }
    }
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("mixed.txt");
    std::fs::write(&file, &input).unwrap();
    let one = same_for_every_thread_count(&file);
    let text = stdout(&one);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2504);
    assert_eq!(lines[701], "invalid");
    assert_eq!(lines[1202], "invalid");
    assert_eq!(lines[1503], "invalid");
    assert_eq!(lines[2104], "no solution");
    assert_eq!(one.status.code(), Some(2));
    assert_eq!(stderr(&one).lines().count(), 3, "{}", stderr(&one));
}

#[test]
fn two_threads_print_what_one_prints_on_the_17_clue_set() {
    let Some(file) = shared("data/puzzles2_17_clue") else {
        eprintln!("skipped: ../shared/data/puzzles2_17_clue is absent");
        return;
    };
    let one = same_for_every_thread_count(&file);
    assert_eq!(one.status.code(), Some(0));
    assert_eq!(stdout(&one).lines().count(), 49_158);
}

#[test]
fn threads_beyond_the_machine_are_capped_and_said() {
    let puzzles = format!("{EULER}\n{INKALA}\n{EULER}\n");
    let one = pencilmark(&["solve", "--threads", "1"], &puzzles);
    let many = pencilmark(&["solve", "--threads", "100000"], &puzzles);
    assert_eq!(many.status.code(), Some(0));
    assert_eq!(stdout(&many), stdout(&one));
    assert!(
        stderr(&many).contains("--threads 100000 capped at"),
        "{}",
        stderr(&many)
    );
    assert!(!stderr(&one).contains("capped"));
    let args = ["generate", "-n", "2", "--seed", "5", "--threads"];
    let one = pencilmark(&[&args[..], &["1"]].concat(), "");
    let many = pencilmark(&[&args[..], &["100000"]].concat(), "");
    assert_eq!(many.status.code(), Some(0), "{}", stderr(&many));
    assert_eq!(stdout(&many), stdout(&one));
    assert!(stderr(&many).contains("--threads 100000 capped at"));
}
