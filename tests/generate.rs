//! The generator: puzzles at every level with a fixed seed have one solution, are
//! graded at that level and minimal; the same seed prints the same puzzles whatever
//! the thread count; the bundled collections are what their files say.

use std::process::{Command, Output};

use pencilmark::cmd::generate::generate_in_order;
use pencilmark::engine::generate::{self, Request, Symmetry};
use pencilmark::engine::grade::{self, Level};
use pencilmark::engine::logic::Technique;
use pencilmark::engine::{Grid, parse, search};
use pencilmark::puzzles;

const SEED: u64 = 20_261_122;

fn pencilmark(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_pencilmark"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout_lines(output: &Output) -> Vec<String> {
    assert!(
        output.status.success(),
        "exit {:?}, stderr: {}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout.clone())
        .expect("utf-8 output")
        .lines()
        .map(str::to_string)
        .collect()
}

fn assert_sound(givens: &Grid, level: Level, symmetry: Symmetry, what: &str) {
    let counted = search::count_solutions(givens, 2);
    assert_eq!(
        counted.count, 1,
        "{what}: {givens:?} must have one solution"
    );
    assert_eq!(
        grade::grade(givens).level,
        level,
        "{what}: {givens:?} graded"
    );
    assert!(
        generate::is_minimal(givens, symmetry),
        "{what}: {givens:?} must be minimal"
    );
    assert!(
        generate::has_symmetry(givens, symmetry),
        "{what}: {givens:?} must have {symmetry:?} symmetry"
    );
}

#[test]
fn every_level_gives_unique_minimal_puzzles_graded_at_that_level() {
    for level in Level::ALL {
        for index in 0..2 {
            let made = generate::generate(&Request::new(level), SEED, index)
                .unwrap_or_else(|e| panic!("{}: {e}", level.key()));
            assert_sound(&made.givens, level, Symmetry::None, level.key());
            assert_eq!(made.grade.map(|grade| grade.level), Some(level));
            assert!(made.solution.is_solution_of(&made.givens));
        }
    }
}

/// Without `--grade` or `--json` an Expert puzzle is kept on the verdict
/// (`generate/verdict.rs`), not on the grader's path: the same puzzles come
/// out, and the full grader grades them Expert.
#[test]
fn expert_puzzles_kept_without_their_grade_are_the_graded_ones() {
    for symmetry in Symmetry::ALL {
        for index in 0..3 {
            let graded = Request {
                symmetry,
                ..Request::new(Level::Expert)
            };
            let ungraded = Request {
                with_grade: false,
                ..graded
            };
            let made = generate::generate(&ungraded, SEED, index).expect("an Expert puzzle");
            assert_eq!(made.grade, None);
            let what = format!("{symmetry:?} {index}");
            assert_sound(&made.givens, Level::Expert, symmetry, &what);
            let with_grade = generate::generate(&graded, SEED, index).expect("an Expert puzzle");
            assert_eq!(made.givens, with_grade.givens, "{what}");
            assert_eq!(made.attempts, with_grade.attempts, "{what}");
        }
    }
}

/// Extreme puzzles from a vicinity walk (`Request::walk`): distinct, and
/// each unique, minimal and graded Extreme by the full grader; kept with and
/// without the grade, the same puzzles.
#[test]
fn extreme_walk_puzzles_are_distinct_unique_minimal_and_extreme() {
    let ungraded = Request {
        with_grade: false,
        walk: true,
        ..Request::new(Level::Extreme)
    };
    assert!(ungraded.walks());
    assert!(!Request::new(Level::Extreme).walks(), "fresh by default");
    let made: Vec<_> = generate::run(&ungraded, SEED, 0)
        .take(8)
        .map(|made| made.expect("an Extreme puzzle"))
        .collect();
    let mut distinct: Vec<_> = made.iter().map(|m| *m.givens.values()).collect();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), made.len(), "no puzzle twice");
    for (index, puzzle) in made.iter().enumerate() {
        assert_eq!(puzzle.grade, None);
        assert_eq!(
            search::solve(&puzzle.givens).solution,
            Some(puzzle.solution)
        );
        assert_sound(&puzzle.givens, Level::Extreme, Symmetry::None, "walk");
        let one = generate::generate(&ungraded, SEED, index as u64).expect("a puzzle");
        assert_eq!(one.givens, puzzle.givens, "puzzle {index} alone");
    }
    // The walk's first puzzle is the fresh route's; the next ones are its
    // neighbours' neighbours, not fresh puzzles.
    let fresh = Request {
        walk: false,
        ..ungraded
    };
    assert!(!fresh.walks());
    assert_eq!(
        generate::generate(&fresh, SEED, 0)
            .expect("a puzzle")
            .givens,
        made[0].givens
    );
    let shared = |a: &Grid, b: &Grid| {
        let (a, b) = (a.values(), b.values());
        (0..81).filter(|&i| a[i] != 0 && a[i] == b[i]).count()
    };
    assert!(
        shared(&made[1].givens, &made[0].givens) + 2 >= made[0].givens.filled(),
        "one clue out and one in"
    );
    let graded_walk = Request {
        walk: true,
        ..Request::new(Level::Extreme)
    };
    let graded: Vec<_> = generate::run(&graded_walk, SEED, 0)
        .take(3)
        .map(|made| made.expect("an Extreme puzzle"))
        .collect();
    for (graded, ungraded) in graded.iter().zip(&made) {
        assert_eq!(graded.givens, ungraded.givens);
        let grade = graded.grade.as_ref().expect("graded");
        assert_eq!(grade, &grade::grade(&graded.givens));
    }
}

/// A symmetric Extreme request takes the fresh route (a one-clue move would
/// break the symmetry), and its puzzles keep the symmetry.
#[test]
fn symmetric_extreme_puzzles_come_fresh() {
    let request = Request {
        symmetry: Symmetry::Mirror,
        with_grade: false,
        walk: true,
        ..Request::new(Level::Extreme)
    };
    assert!(!request.walks());
    assert_eq!(request.run_length(), 1);
    let made = generate::generate(&request, SEED, 1).expect("a puzzle");
    assert_sound(&made.givens, Level::Extreme, Symmetry::Mirror, "mirror");
}

/// Walks split a run into blocks of `walk_length` puzzles, one block per
/// worker: the output of a seed does not depend on the thread count, and a
/// shorter run prints a prefix of a longer one.
#[test]
fn extreme_walks_give_the_same_puzzles_whatever_the_threads() {
    let request = Request {
        with_grade: false,
        walk: true,
        walk_length: 2,
        ..Request::new(Level::Extreme)
    };
    let collect = |count: usize, threads: usize| {
        let mut lines = Vec::new();
        generate_in_order(&request, SEED, count, threads, &mut |index, made| {
            lines.push((index, made.expect("a puzzle").givens));
            Ok(())
        })
        .expect("no output error");
        lines
    };
    let one_thread = collect(5, 1);
    assert_eq!(
        one_thread.iter().map(|&(i, _)| i).collect::<Vec<_>>(),
        [0, 1, 2, 3, 4]
    );
    assert_eq!(collect(5, 3), one_thread);
    assert_eq!(collect(3, 2), one_thread[..3]);
    for &(index, givens) in &one_thread {
        let alone = generate::generate(&request, SEED, index as u64).expect("a puzzle");
        assert_eq!(alone.givens, givens, "puzzle {index}");
    }
    // Each block starts from the fresh route's puzzle at its first index.
    let fresh = Request {
        walk: false,
        ..request
    };
    for index in [0, 2, 4] {
        let alone = generate::generate(&fresh, SEED, index).expect("a puzzle");
        assert_eq!(alone.givens, one_thread[index as usize].1);
    }
}

#[test]
fn symmetric_puzzles_keep_their_symmetry_and_are_minimal_for_it() {
    for symmetry in [Symmetry::Rotational, Symmetry::Mirror] {
        for level in [Level::Easy, Level::Hard] {
            let request = Request {
                symmetry,
                ..Request::new(level)
            };
            let made = generate::generate(&request, SEED, 0).expect("a puzzle");
            assert_sound(&made.givens, level, symmetry, symmetry.key());
        }
    }
}

#[test]
fn same_seed_same_puzzle_and_indices_differ() {
    let request = Request::new(Level::Medium);
    let a = generate::generate(&request, SEED, 3).expect("a puzzle");
    let b = generate::generate(&request, SEED, 3).expect("a puzzle");
    let c = generate::generate(&request, SEED, 4).expect("a puzzle");
    assert_eq!(a, b);
    assert_ne!(a.givens, c.givens);
}

#[test]
fn cli_prints_the_same_puzzles_whatever_the_threads_and_count() {
    let seed = SEED.to_string();
    let run = |count: &str, threads: &str| {
        stdout_lines(&pencilmark(&[
            "generate",
            "--difficulty",
            "medium",
            "--count",
            count,
            "--seed",
            &seed,
            "--threads",
            threads,
        ]))
    };
    let one_thread = run("6", "1");
    let three_threads = run("6", "3");
    let fewer = run("3", "2");
    assert_eq!(one_thread.len(), 6);
    assert_eq!(one_thread, three_threads);
    assert_eq!(fewer, one_thread[..3]);
    for (index, line) in one_thread.iter().enumerate() {
        let givens = parse::parse_line(line, index + 1).expect("an 81-character line");
        assert_eq!(line.len(), 81);
        let made =
            generate::generate(&Request::new(Level::Medium), SEED, index as u64).expect("a puzzle");
        assert_eq!(
            givens, made.givens,
            "the CLI prints the engine's puzzle {index}"
        );
    }
}

#[test]
fn cli_json_and_grade_describe_each_puzzle() {
    let json = stdout_lines(&pencilmark(&[
        "generate", "-d", "hard", "-n", "2", "--seed", "5", "--json",
    ]));
    assert_eq!(json.len(), 2);
    for (index, line) in json.iter().enumerate() {
        let value: serde_json::Value = serde_json::from_str(line).expect("one JSON object");
        assert_eq!(value["level"], "hard");
        assert_eq!(value["index"], index);
        assert_eq!(value["seed"], 5);
        let puzzle = value["puzzle"].as_str().expect("puzzle");
        let solution = value["solution"].as_str().expect("solution");
        let givens = parse::parse_line(puzzle, 1).expect("puzzle parses");
        let solved = parse::parse_line(solution, 1).expect("solution parses");
        assert!(solved.is_solution_of(&givens));
        assert_eq!(value["clues"], givens.filled());
        assert!(value["steps"].is_object());
    }
    let graded = stdout_lines(&pencilmark(&[
        "generate", "-d", "hard", "-n", "2", "--seed", "5", "--grade",
    ]));
    for (line, json_line) in graded.iter().zip(&json) {
        let value: serde_json::Value = serde_json::from_str(json_line).expect("JSON");
        let fields: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(fields[0], value["puzzle"]);
        assert_eq!(fields[1], "hard");
        assert_eq!(fields[2], value["score"].to_string());
    }
}

/// The CLI's Extreme puzzles come from the fresh route unless `--walk` asks
/// for a vicinity walk: each line is the engine's puzzle at its index.
#[test]
fn cli_extreme_is_fresh_unless_walk_is_asked() {
    for walk in [false, true] {
        let mut args = vec!["generate", "-d", "extreme", "-n", "2", "--seed", "9"];
        if walk {
            args.push("--walk");
        }
        let lines = stdout_lines(&pencilmark(&args));
        let request = Request {
            walk,
            with_grade: false,
            ..Request::new(Level::Extreme)
        };
        assert_eq!(lines.len(), 2);
        for (index, line) in lines.iter().enumerate() {
            let made = generate::generate(&request, 9, index as u64).expect("a puzzle");
            assert_eq!(line, &made.givens.to_line(), "walk {walk}, puzzle {index}");
        }
    }
}

#[test]
fn cli_rejects_an_unknown_level_with_status_2() {
    let output = pencilmark(&["generate", "--difficulty", "fiendish"]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("fiendish") && stderr.contains("extreme"),
        "{stderr}"
    );
}

#[test]
fn cli_that_gives_up_says_so_with_status_1() {
    let output = pencilmark(&[
        "generate",
        "-d",
        "extreme",
        "--seed",
        "1",
        "--max-attempts",
        "0",
    ]);
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("no extreme puzzle found"), "{stderr}");
}

#[test]
fn every_bundled_puzzle_has_one_solution_and_its_file_level() {
    for level in Level::ALL {
        let text = puzzles::collection_text(level);
        let header: Vec<&str> = text.lines().take_while(|l| l.starts_with('#')).collect();
        assert!(
            header.iter().any(|l| l.contains("pencilmark generate")),
            "{}: the header says how the file was made",
            level.key()
        );
        let collection = puzzles::collection(level);
        assert!(
            collection.len() >= 50,
            "{}: {} puzzles",
            level.key(),
            collection.len()
        );
        for named in &collection {
            assert_eq!(
                search::count_solutions(&named.givens, 2).count,
                1,
                "{} has one solution",
                named.name
            );
            assert_eq!(
                grade::grade(&named.givens).level,
                level,
                "{} is graded at its file's level",
                named.name
            );
        }
        for line in text.lines().filter(|l| !parse::is_skippable(l)) {
            assert_eq!(
                line.split_whitespace().nth(1),
                Some(level.key()),
                "each line states its grade: {line}"
            );
        }
    }
}

#[test]
fn pick_and_starter_come_from_the_collections() {
    let medium = puzzles::collection(Level::Medium);
    assert_eq!(puzzles::starter().givens, medium[0].givens);
    let picked = puzzles::pick(Level::Hard, 7);
    assert!(
        puzzles::collection(Level::Hard)
            .iter()
            .any(|named| named.givens == picked.givens && named.name == picked.name)
    );
    assert!(puzzles::nth(Level::Easy, 0).is_some());
    assert!(puzzles::nth(Level::Easy, 10_000).is_none());
}

#[test]
fn grading_with_a_cap_gives_the_full_grade_or_nothing_above_the_cap() {
    for level in Level::ALL {
        for named in puzzles::collection(level).iter().take(4) {
            let full = grade::grade(&named.givens);
            for cap in Level::ALL {
                let capped = grade::grade_at_most(&named.givens, cap);
                let expected = (full.level <= cap).then(|| full.clone());
                assert_eq!(capped, expected, "{} capped at {cap:?}", named.name);
            }
            for (through, technique) in Technique::ALL.into_iter().enumerate() {
                let usable = &Technique::ALL[..=through];
                let among = grade::grade_among(&named.givens, usable, technique.level());
                let within = full.guesses == 0 && full.hardest.is_some_and(|h| h <= technique);
                let expected = within.then(|| full.clone());
                assert_eq!(among, expected, "{} through {technique:?}", named.name);
            }
        }
    }
}

#[test]
fn needs_gives_puzzles_whose_hardest_step_is_that_technique() {
    // Up to Empty Rectangle the sieve decides alone (the techniques before the
    // asked one fail, the ones through it solve); XY-Wing is sieved as too easy
    // through Empty Rectangle, then graded.
    for technique in [
        Technique::HiddenSingle,
        Technique::NakedPair,
        Technique::NakedTriple,
        Technique::XWing,
        Technique::Swordfish,
        Technique::Skyscraper,
        Technique::TwoStringKite,
        Technique::EmptyRectangle,
        Technique::XyWing,
    ] {
        let made = generate::generate(&Request::needing(technique), SEED, 0)
            .unwrap_or_else(|e| panic!("{}: {e}", technique.key()));
        let graded = grade::grade(&made.givens);
        assert_eq!(graded.hardest, Some(technique), "{:?}", made.givens);
        assert_eq!(made.grade.as_ref(), Some(&graded));
        assert_sound(&made.givens, graded.level, Symmetry::None, technique.key());
    }
}

#[test]
fn cli_needs_prints_graded_puzzles_and_rejects_an_unknown_technique() {
    let lines = stdout_lines(&pencilmark(&[
        "generate",
        "--needs",
        "naked_pair",
        "-n",
        "2",
        "--seed",
        "3",
        "--grade",
    ]));
    assert_eq!(lines.len(), 2);
    for line in &lines {
        assert!(line.ends_with(" naked_pair"), "{line}");
    }
    let output = pencilmark(&["generate", "--needs", "x_wingg"]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("x_wingg") && stderr.contains("x_wing,"),
        "{stderr}"
    );
}

/// `--walk` makes classic Extreme puzzles only: with anything else it is a
/// usage error naming the clash (exit 2), not a flag silently ignored.
#[test]
fn generate_walk_outside_extreme_is_refused() {
    let cases: [(&[&str], &str); 5] = [
        (&["-d", "hard"], "not hard"),
        (&[], "needs --difficulty extreme"),
        (&["-d", "extreme", "--symmetry", "mirror"], "--symmetry"),
        (&["-d", "extreme", "--size", "6"], "classic 9x9"),
        (&["-d", "extreme", "--variant", "x"], "classic 9x9"),
    ];
    for (extra, why) in cases {
        let args = [&["generate", "--walk", "--seed", "1"][..], extra].concat();
        let out = pencilmark(&args);
        assert_eq!(
            out.status.code(),
            Some(2),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(out.stdout.is_empty(), "{args:?} printed a puzzle");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains(why),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let needs = pencilmark(&["generate", "--walk", "--needs", "x_wing"]);
    assert_eq!(
        needs.status.code(),
        Some(2),
        "{}",
        String::from_utf8_lossy(&needs.stderr)
    );
}
