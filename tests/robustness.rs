//! Input under abuse, run as the real binary: endless and binary input refused
//! with bounded reading, every line ending, a byte-order mark, lines that are not
//! UTF-8, clashes at their true line, empty input, limits named in the errors,
//! and commands that need one puzzle reading no further than it.

mod common;
use common::{pencilmark, stderr, stdout};

use std::io::{BufReader, Write};
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use pencilmark::input::{InputError, LineReader, MAX_LINE_BYTES};

const INKALA: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
const INKALA_SOLUTION: &str =
    "812753649943682175675491283154237896369845721287169534521974368438526917796318452";
const EULER: &str =
    "003020600900305001001806400008102900700000008006708200002609500800203009005010300";

/// Every command that reads puzzles.
const READERS: [&str; 7] = [
    "solve",
    "grade",
    "hint",
    "show",
    "propagate",
    "explain",
    "trace",
];

fn binary() -> Command {
    Command::new(env!("CARGO_BIN_EXE_pencilmark"))
}

/// Waits for `child`, killing it and failing the test if it runs past 30 seconds
/// (a hang is the failure these tests look for).
fn finish(mut child: Child, what: &str) -> Output {
    let deadline = Instant::now() + Duration::from_secs(30);
    while child.try_wait().expect("the child can be polled").is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("{what} did not finish in 30 seconds");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().expect("the output is collected")
}

/// Runs `args` with an endless standard input: `head` once, then `chunk` again and
/// again. Returns the output and how many bytes the command took before it stopped
/// reading (the writer's pipe broke): bounded reading means it stops early.
fn with_endless_input(args: &[&str], head: &[u8], chunk: &[u8]) -> (Output, usize) {
    let mut child = binary()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut input = child.stdin.take().expect("stdin is piped");
    let (head, chunk) = (head.to_vec(), chunk.to_vec());
    // 256 MiB: far more than any limit; a reader that stops early breaks the pipe.
    let writer = std::thread::spawn(move || {
        let mut written = 0;
        if input.write_all(&head).is_err() {
            return written;
        }
        written += head.len();
        while written < 256 << 20 {
            if input.write_all(&chunk).is_err() {
                return written;
            }
            written += chunk.len();
        }
        written
    });
    let output = finish(child, &format!("{args:?} on endless input"));
    let written = writer.join().expect("the writer ends");
    (output, written)
}

#[test]
fn endless_zero_bytes_are_refused_as_not_text() {
    let (output, written) = with_endless_input(&["hint"], b"", &[0; 4096]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("line 1, column 1: a NUL byte"),
        "{}",
        stderr(&output)
    );
    assert!(written < 16 << 20, "read {written} bytes of zeros");
    if Path::new("/dev/zero").exists() {
        let child = binary()
            .args(["solve", "/dev/zero"])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        let output = finish(child, "solve /dev/zero");
        assert_eq!(output.status.code(), Some(2));
        assert!(stderr(&output).contains("/dev/zero, line 1"));
    }
}

#[test]
fn random_bytes_are_refused_with_their_position() {
    let path = Path::new("/dev/urandom");
    if !path.exists() {
        eprintln!("skipped: no /dev/urandom");
        return;
    }
    for command in ["solve", "grade", "show"] {
        let child = binary()
            .args([command, "/dev/urandom"])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        let output = finish(child, &format!("{command} /dev/urandom"));
        assert_eq!(output.status.code(), Some(2), "{command}");
        let message = stderr(&output);
        assert!(
            message.contains("/dev/urandom, line ")
                && (message.contains("not UTF-8") || message.contains("NUL byte")),
            "{command}: {message}"
        );
    }
}

#[test]
fn an_endless_line_stops_at_the_line_limit() {
    let (output, written) = with_endless_input(&["show"], b"", &[b'7'; 4096]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output)
            .contains("standard input, line 1: longer than 16 KiB, the limit for one line"),
        "{}",
        stderr(&output)
    );
    assert!(written < 16 << 20, "read {written} bytes of one line");
}

#[test]
fn a_grid_that_never_ends_stops_at_the_text_limit() {
    let (output, written) = with_endless_input(&["hint"], b"1 2 3\n", b"# more\n");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("more than 1 MiB of text for one puzzle"),
        "{}",
        stderr(&output)
    );
    assert!(written < 16 << 20, "read {written} bytes of one grid");
}

/// A command that needs the first puzzle reads no further: on an endless
/// collection it answers and stops reading.
#[test]
fn commands_that_need_one_puzzle_stop_after_it() {
    let line = format!("{EULER}\n");
    for command in ["hint", "show", "explain", "propagate", "trace"] {
        let (output, written) = with_endless_input(&[command], line.as_bytes(), line.as_bytes());
        assert!(
            matches!(output.status.code(), Some(0 | 1)),
            "{command}: {}",
            stderr(&output)
        );
        assert!(!stdout(&output).is_empty(), "{command} printed nothing");
        assert!(written < 16 << 20, "{command} read {written} bytes");
    }
}

#[test]
fn every_line_ending_separates_puzzles() {
    for ending in ["\n", "\r\n", "\r"] {
        let text = format!("# two{ending}{EULER}{ending}{ending}{INKALA}{ending}");
        let solved = pencilmark(&["solve"], &text);
        assert_eq!(solved.status.code(), Some(0), "{ending:?}");
        let lines: Vec<&str> = std::str::from_utf8(&solved.stdout)
            .unwrap()
            .lines()
            .collect();
        assert_eq!(lines.len(), 2, "{ending:?}: {lines:?}");
        assert_eq!(lines[1], INKALA_SOLUTION, "{ending:?}");
        let graded = pencilmark(&["grade"], &text);
        assert_eq!(stdout(&graded).lines().count(), 2, "grade, {ending:?}");
        // A multi-line grid with the same ending reads as the same puzzle.
        let grid: String = EULER
            .as_bytes()
            .chunks(9)
            .map(|row| format!("{}{ending}", std::str::from_utf8(row).unwrap()))
            .collect();
        let shown = pencilmark(&["show", "--format", "line"], &grid);
        assert_eq!(stdout(&shown).trim(), EULER.replace('0', "."), "{ending:?}");
    }
}

#[test]
fn a_leading_byte_order_mark_is_skipped() {
    let text = format!("\u{feff}{INKALA}\n");
    for command in READERS {
        let output = pencilmark(&[command], &text);
        assert!(
            matches!(output.status.code(), Some(0 | 1)),
            "{command}: {}",
            stderr(&output)
        );
    }
    let solved = pencilmark(&["solve"], &text);
    assert_eq!(stdout(&solved), format!("{INKALA_SOLUTION}\n"));
}

/// `grade` (like `solve`) reports a line that is not UTF-8 at its line and goes on.
#[test]
fn a_line_that_is_not_utf8_is_invalid_at_its_line_and_the_rest_is_read() {
    let mut bytes = format!("{EULER}\n# caf").into_bytes();
    bytes.extend_from_slice(b"\xe9 comment in Latin-1\n8.....\xff..3\n");
    bytes.extend_from_slice(format!("{INKALA}\n").as_bytes());
    for command in ["grade", "solve"] {
        let mut child = binary()
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(&bytes).unwrap();
        let output = finish(child, command);
        assert_eq!(output.status.code(), Some(2), "{command}");
        let lines: Vec<String> = stdout(&output).lines().map(String::from).collect();
        assert_eq!(lines.len(), 3, "{command}: {lines:?}");
        assert_eq!(lines[1], "invalid", "{command}");
        assert!(
            stderr(&output).contains("line 3, column 7: not UTF-8 text (byte 0xff)"),
            "{command}: {}",
            stderr(&output)
        );
    }
}

#[test]
fn a_clash_in_a_multi_line_grid_is_reported_at_its_line() {
    // Rows 1 and 5 both hold a 3 in column 3; row 5 is the file's line 8.
    let mut rows: Vec<String> = EULER
        .as_bytes()
        .chunks(9)
        .map(|row| String::from_utf8(row.to_vec()).unwrap())
        .collect();
    rows[4].replace_range(2..3, "3");
    let text = format!(
        "# a clash\n\n{}\n{}\n{}\n------\n{}\n{}\n{}\n{}\n{}\n{}\n",
        rows[0], rows[1], rows[2], rows[3], rows[4], rows[5], rows[6], rows[7], rows[8]
    );
    for command in ["show", "solve", "grade", "hint"] {
        let output = pencilmark(&[command], &text);
        assert_eq!(output.status.code(), Some(2), "{command}");
        assert!(
            stderr(&output).contains("line 8: 3 appears twice in column 3: r1c3 and r5c3"),
            "{command}: {}",
            stderr(&output)
        );
    }
}

#[test]
fn empty_input_says_no_puzzle_found_in_every_command() {
    let dir = tempfile::tempdir().unwrap();
    let empty = dir.path().join("empty.txt");
    std::fs::write(&empty, "# only a comment\n\n   \n").unwrap();
    let empty = empty.to_str().unwrap();
    for command in READERS {
        for (args, input) in [(vec![command], ""), (vec![command, empty], "")] {
            let output = pencilmark(&args, input);
            assert_eq!(output.status.code(), Some(2), "{args:?}");
            assert!(
                stderr(&output).contains("no puzzle found in"),
                "{args:?}: {}",
                stderr(&output)
            );
        }
    }
    let played = pencilmark(&["play", empty], "");
    assert_eq!(played.status.code(), Some(2));
    assert!(stderr(&played).contains("no puzzle found in"));
}

#[test]
fn solve_and_grade_take_a_puzzle_argument_and_every_file_format() {
    let solved = pencilmark(&["solve", INKALA], "");
    assert_eq!(stdout(&solved), format!("{INKALA_SOLUTION}\n"));
    let graded = pencilmark(&["grade", INKALA], "");
    assert_eq!(graded.status.code(), Some(0));
    assert_eq!(stdout(&graded).lines().count(), 1);
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    for name in [
        "puzzle.sdk",
        "plain.sdk",
        "puzzle.ss",
        "grid.txt",
        "candidates.txt",
    ] {
        let path = data.join(name);
        let path = path.to_str().unwrap();
        let shown = pencilmark(&["show", "--format", "line", path], "");
        let givens = stdout(&shown).trim().to_string();
        let solved = pencilmark(&["solve", path], "");
        assert_eq!(solved.status.code(), Some(0), "{name}: {}", stderr(&solved));
        let solution = stdout(&solved).trim().to_string();
        assert_eq!(solution.len(), 81, "{name}");
        assert!(
            givens
                .chars()
                .zip(solution.chars())
                .all(|(g, s)| g == '.' || g == s),
            "{name}: the solution keeps the givens"
        );
        let graded = pencilmark(&["grade", path], "");
        assert_eq!(graded.status.code(), Some(0), "{name}: {}", stderr(&graded));
    }
}

/// The line reader splits on LF, CRLF and a lone CR even when an ending falls across
/// the reader's buffer (a one-byte buffer puts every CR and LF in a chunk of its own).
#[test]
fn line_reader_splits_every_ending_across_buffer_boundaries() {
    let text = b"\xEF\xBB\xBFone\r\ntwo\rthree\n\nfour\r\r\nfive";
    for capacity in [1, 2, 3, 64] {
        let mut reader = LineReader::new(BufReader::with_capacity(capacity, &text[..]), "t");
        let mut lines = Vec::new();
        let mut line = String::new();
        while let Some(number) = reader.read_line(&mut line).unwrap() {
            lines.push((number, line.clone()));
        }
        let expected = ["one", "two", "three", "", "four", "", "five"];
        assert_eq!(
            lines.len(),
            expected.len(),
            "capacity {capacity}: {lines:?}"
        );
        for (i, (number, line)) in lines.iter().enumerate() {
            assert_eq!(
                (*number, line.as_str()),
                (i + 1, expected[i]),
                "capacity {capacity}"
            );
        }
    }
}

#[test]
fn line_reader_names_the_limit_and_the_bad_byte() {
    let long = vec![b'1'; MAX_LINE_BYTES + 1];
    let mut reader = LineReader::new(&long[..], "long.txt");
    let mut line = String::new();
    match reader.read_line(&mut line) {
        Err(err @ InputError::LineTooLong { line: 1, .. }) => {
            assert!(err.to_string().contains("16 KiB"), "{err}");
            assert!(err.ends_input());
        }
        other => panic!("expected the line limit, got {other:?}"),
    }
    let exact = vec![b'1'; MAX_LINE_BYTES];
    let mut reader = LineReader::new(&exact[..], "exact.txt");
    assert_eq!(reader.read_line(&mut line).unwrap(), Some(1));
    let mut reader = LineReader::new(&b"ok\nab\xc3(\nnext\n"[..], "bad.txt");
    assert_eq!(reader.read_line(&mut line).unwrap(), Some(1));
    match reader.read_line(&mut line) {
        Err(
            err @ InputError::NotUtf8 {
                line: 2,
                column: 3,
                byte: 0xc3,
                ..
            },
        ) => {
            assert!(!err.ends_input());
        }
        other => panic!("expected not UTF-8, got {other:?}"),
    }
    assert_eq!(reader.read_line(&mut line).unwrap(), Some(3));
    assert_eq!(line, "next");
    // The same errors on a later line, read whole from the buffer.
    let mut text = b"ok\n".to_vec();
    text.extend_from_slice(&long);
    text.extend_from_slice(b"\n");
    let mut reader = LineReader::new(&text[..], "long2.txt");
    assert_eq!(reader.read_line(&mut line).unwrap(), Some(1));
    assert!(matches!(
        reader.read_line(&mut line),
        Err(InputError::LineTooLong { line: 2, .. })
    ));
    let mut reader = LineReader::new(&b"ok\r\n123\x004\n"[..], "bin2");
    assert_eq!(reader.read_line(&mut line).unwrap(), Some(1));
    assert!(matches!(
        reader.read_line(&mut line),
        Err(InputError::Binary {
            line: 2,
            column: 4,
            ..
        })
    ));
    let mut all = String::new();
    let mut reader = LineReader::new(&b"a\x00b"[..], "bin");
    assert!(matches!(
        reader.read_line(&mut all),
        Err(InputError::Binary {
            line: 1,
            column: 2,
            ..
        })
    ));
}

/// The effective user id, from `/proc/self/status` (`None` off Linux).
fn effective_uid() -> Option<u32> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("Uid:"))?;
    line.split_whitespace().nth(2)?.parse().ok()
}

/// Whether `tool` runs (`tool --version` succeeds).
fn has_tool(tool: &str) -> bool {
    Command::new(tool)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// With `RLIMIT_NPROC` at 1 the system refuses every new thread: `solve` and
/// `generate` say so and do the work on the main thread, same output, no panic.
/// Root ignores the limit, so as root the command runs as `nobody` (`setpriv`),
/// from a copy of the binary in a directory anyone can read.
#[test]
fn a_refused_thread_falls_back_to_fewer_threads_without_a_panic() {
    let root = effective_uid() == Some(0);
    let tools: &[&str] = if root {
        &["prlimit", "setpriv"]
    } else {
        &["prlimit"]
    };
    if let Some(missing) = tools.iter().find(|tool| !has_tool(tool)) {
        assert!(
            std::env::var("CI").map_or(true, |v| v != "true"),
            "{missing} is needed under CI=true"
        );
        eprintln!("skipped: {missing} is not installed");
        return;
    }
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let copy = dir.path().join("pencilmark");
    // Copied by a child `cp`, not std::fs::copy: a write descriptor held open in
    // this multi-threaded test process can leak into another test's fork and make
    // our exec fail with "Text file busy".
    let copied = Command::new("cp")
        .arg(env!("CARGO_BIN_EXE_pencilmark"))
        .arg(&copy)
        .status()
        .unwrap();
    assert!(copied.success(), "cp of the binary failed");
    std::fs::set_permissions(&copy, std::fs::Permissions::from_mode(0o755)).unwrap();
    let limited = |args: &[&str], input: &str| -> Output {
        let mut command = if root {
            let mut c = Command::new("setpriv");
            c.args([
                "--reuid=65534",
                "--regid=65534",
                "--clear-groups",
                "prlimit",
            ]);
            c
        } else {
            Command::new("prlimit")
        };
        let mut child = command
            .arg("--nproc=1")
            .arg(&copy)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("prlimit runs");
        child
            .stdin
            .take()
            .unwrap()
            .write_all(input.as_bytes())
            .unwrap();
        finish(child, &format!("{args:?} with RLIMIT_NPROC 1"))
    };
    let puzzles = format!("{EULER}\n{INKALA}\n{EULER}\n{INKALA}\n");
    let solved = limited(&["solve", "--threads", "2"], &puzzles);
    assert_eq!(solved.status.code(), Some(0), "{}", stderr(&solved));
    assert_eq!(
        stdout(&solved),
        stdout(&pencilmark(&["solve", "--threads", "1"], &puzzles))
    );
    // One core caps --threads 2 at 1: no thread is asked for, none refused.
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    assert!(
        cores < 2 || stderr(&solved).contains("could not start a thread"),
        "{}",
        stderr(&solved)
    );
    // Other shapes (4x4 lines here) are solved through the same thread shares.
    let small = "1...............\n.2..............\n3...............\n";
    let solved = limited(&["solve", "--threads", "2"], small);
    assert_eq!(solved.status.code(), Some(0), "{}", stderr(&solved));
    assert_eq!(stdout(&solved).lines().count(), 3);
    assert_eq!(
        stdout(&solved),
        stdout(&pencilmark(&["solve", "--threads", "1"], small))
    );
    assert!(cores < 2 || stderr(&solved).contains("could not start a thread"));
    let args = ["generate", "-n", "2", "--seed", "9", "--threads", "2"];
    let generated = limited(&args, "");
    assert_eq!(generated.status.code(), Some(0), "{}", stderr(&generated));
    assert_eq!(stdout(&generated), stdout(&pencilmark(&args, "")));
    assert!(cores < 2 || stderr(&generated).contains("going on with the main thread alone"));
}

#[test]
fn utf16_text_is_named_as_such() {
    let mut bytes = vec![0xFF, 0xFE];
    for unit in format!("{INKALA}\n").encode_utf16() {
        bytes.extend_from_slice(&unit.to_le_bytes());
    }
    let mut child = binary()
        .arg("show")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(&bytes).unwrap();
    let output = finish(child, "show on UTF-16");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("UTF-16 text") && stderr(&output).contains("save it as UTF-8"),
        "{}",
        stderr(&output)
    );
}

/// `input::nth_puzzle` takes the Nth puzzle of a collection, parsing none before it
/// (a broken earlier line does not stop it) and naming how many there are when short.
#[test]
fn the_nth_puzzle_is_read_without_the_rest() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("three.txt");
    std::fs::write(&path, format!("{EULER}\nbroken line\n# note\n{INKALA}\n")).unwrap();
    let path = path.to_str().unwrap();
    let third = pencilmark::input::nth_puzzle(Some(path), 3).expect("the third puzzle");
    assert_eq!(third.line, 4);
    assert_eq!(third.givens.to_line(), INKALA);
    let first = pencilmark::input::nth_puzzle(Some(path), 1).unwrap();
    assert_eq!(first.givens.to_line(), EULER.replace('0', "."));
    let err = pencilmark::input::nth_puzzle(Some(path), 2).unwrap_err();
    assert!(format!("{err:#}").contains("line 2"), "{err:#}");
    let err = pencilmark::input::nth_puzzle(Some(path), 7).unwrap_err();
    assert!(
        format!("{err:#}").contains("holds 3 puzzle(s), not 7"),
        "{err:#}"
    );
}

/// `play FILE --index N` reads only as far as the Nth puzzle and names how many
/// the file holds when it has fewer (before any terminal is needed).
#[test]
fn play_index_past_the_end_names_the_count() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("three.txt");
    let line =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n";
    std::fs::write(&file, line.repeat(3)).unwrap();
    let path = file.to_str().unwrap();
    let output = pencilmark(&["play", path, "--index", "9"], "");
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("holds 3 puzzle(s), not 9"),
        "{}",
        stderr(&output)
    );
}
