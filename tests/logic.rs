//! The logic engine on typed-in positions (each technique where it applies and
//! where it must not), and the no-wrong-step sweep over many puzzles.

use std::path::PathBuf;

use pencilmark::engine::formats;
use pencilmark::engine::grade::{self, Level};
use pencilmark::engine::logic::{self, Technique};
use pencilmark::engine::{Board, Cell, Grid, search};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

mod common;

use common::logic::{EASY, assert_sound, grid, position, positions, solution_of};

fn data_dir() -> Option<PathBuf> {
    common::shared("data/top95.txt").and_then(|_| common::shared("data"))
}

fn data_puzzles(file: &str, every: usize) -> Vec<Grid> {
    let Some(dir) = data_dir() else {
        return Vec::new();
    };
    let text = std::fs::read_to_string(dir.join(file)).expect("data file is readable");
    formats::read_each(&text, None, formats::Rules::Checked)
        .into_iter()
        .filter_map(|read| read.ok().map(|imported| imported.givens))
        .step_by(every.max(1))
        .collect()
}

/// Prints, for each technique, a position from a grading path where it is the easiest step.
/// Run with `cargo test --test logic -- --ignored --nocapture` to regenerate the typed positions.
#[test]
#[ignore]
fn print_technique_positions() {
    let mut puzzles = data_puzzles("puzzles3_magictour_top1465", 1);
    puzzles.extend(data_puzzles("generated_qqwing_expert_1k.txt", 1));
    puzzles.extend(data_puzzles("top95.txt", 1));
    let mut seen = std::collections::BTreeSet::new();
    for givens in puzzles {
        let mut board = Board::with_auto_candidates(&givens);
        while let Some(step) = logic::find_step(&board) {
            if seen.insert(step.basis) {
                let cands: Vec<String> = Cell::all()
                    .map(|c| board.candidates(c).to_string())
                    .collect();
                println!(
                    "{}\t{}\t{}\tpath",
                    step.basis.key(),
                    board.digits().to_line(),
                    cands.join(" ")
                );
            }
            step.apply(&mut board);
        }
    }
}
/// The technique is the easiest step on its position (on a published position: the
/// easiest once the techniques before it are set aside), every instance is sound,
/// and it finds nothing on the quiet position.
fn check_technique(key: &str, quiet: &str) {
    let technique = Technique::from_key(key).expect("known key");
    let board = position(key);
    let on_path = positions().any(|(k, _, _, path)| k == key && path);
    let from = if on_path {
        0
    } else {
        Technique::ALL
            .iter()
            .position(|&t| t == technique)
            .expect("listed")
    };
    let solution = solution_of(&board);
    let first = logic::find_technique(&board, technique)
        .unwrap_or_else(|| panic!("{key} not found where it applies"));
    assert!(
        first.makes_progress(&board),
        "{key}: the step changes nothing"
    );
    let easiest = logic::find_step_among(&board, &Technique::ALL[from..]).expect("a step");
    assert_eq!(
        easiest.basis, technique,
        "{key} is the easiest step on its position"
    );
    for step in logic::instances(&board, technique) {
        assert_eq!(step.basis, technique);
        assert_sound(&step, &solution, key);
    }
    let text = first.text();
    assert!(
        text.to_lowercase()
            .starts_with(&technique.name().to_lowercase()),
        "{key}: text names the technique: {text}"
    );
    if technique.assumes_unique_solution() {
        assert!(
            text.contains("exactly one solution"),
            "{key}: text says it assumes one solution: {text}"
        );
    }
    let quiet_board = position(quiet);
    assert!(
        logic::instances(&quiet_board, technique).is_empty(),
        "{key} must not fire on the {quiet} position"
    );
}

macro_rules! technique_tests {
    ($($name:ident: $key:literal, quiet on $quiet:literal;)*) => {
        $(
            #[test]
            fn $name() {
                check_technique($key, $quiet);
            }
        )*
    };
}

technique_tests! {
    full_house_applies_and_stays_quiet: "full_house", quiet on "hidden_single";
    hidden_single_applies_and_stays_quiet: "hidden_single", quiet on "naked_single";
    naked_single_applies_and_stays_quiet: "naked_single", quiet on "hidden_single";
    pointing_applies_and_stays_quiet: "locked_candidates_pointing", quiet on "naked_single";
    claiming_applies_and_stays_quiet: "locked_candidates_claiming", quiet on "naked_single";
    naked_pair_applies_and_stays_quiet: "naked_pair", quiet on "full_house";
    hidden_pair_applies_and_stays_quiet: "hidden_pair", quiet on "naked_triple";
    naked_triple_applies_and_stays_quiet: "naked_triple", quiet on "naked_single";
    hidden_triple_applies_and_stays_quiet: "hidden_triple", quiet on "naked_single";
    naked_quad_applies_and_stays_quiet: "naked_quad", quiet on "naked_single";
    hidden_quad_applies_and_stays_quiet: "hidden_quad", quiet on "hidden_single";
    x_wing_applies_and_stays_quiet: "x_wing", quiet on "hidden_single";
    swordfish_applies_and_stays_quiet: "swordfish", quiet on "full_house";
    jellyfish_applies_and_stays_quiet: "jellyfish", quiet on "hidden_single";
    skyscraper_applies_and_stays_quiet: "skyscraper", quiet on "full_house";
    two_string_kite_applies_and_stays_quiet: "two_string_kite", quiet on "full_house";
    empty_rectangle_applies_and_stays_quiet: "empty_rectangle", quiet on "full_house";
    xy_wing_applies_and_stays_quiet: "xy_wing", quiet on "full_house";
    xyz_wing_applies_and_stays_quiet: "xyz_wing", quiet on "naked_single";
    w_wing_applies_and_stays_quiet: "w_wing", quiet on "full_house";
    simple_colors_trap_applies_and_stays_quiet: "simple_colors_trap", quiet on "naked_single";
    simple_colors_wrap_applies_and_stays_quiet: "simple_colors_wrap", quiet on "full_house";
    multi_colors_1_applies_and_stays_quiet: "multi_colors_1", quiet on "hidden_single";
    multi_colors_2_applies_and_stays_quiet: "multi_colors_2", quiet on "full_house";
    unique_rectangle_1_applies_and_stays_quiet: "unique_rectangle_1", quiet on "full_house";
    bug_plus_1_applies_and_stays_quiet: "bug_plus_1", quiet on "full_house";
    x_chain_applies_and_stays_quiet: "x_chain", quiet on "hidden_single";
    xy_chain_applies_and_stays_quiet: "xy_chain", quiet on "full_house";
    three_d_medusa_applies_and_stays_quiet: "three_d_medusa", quiet on "continuous_nice_loop";
    franken_fish_applies_and_stays_quiet: "franken_fish", quiet on "naked_pair";
    mutant_fish_applies_and_stays_quiet: "mutant_fish", quiet on "hidden_pair";
    template_set_applies_and_stays_quiet: "template_set", quiet on "naked_single";
    template_delete_applies_and_stays_quiet: "template_delete", quiet on "naked_pair";
    unique_rectangle_2_applies_and_stays_quiet: "unique_rectangle_2", quiet on "full_house";
    unique_rectangle_3_applies_and_stays_quiet: "unique_rectangle_3", quiet on "naked_single";
    unique_rectangle_4_applies_and_stays_quiet: "unique_rectangle_4", quiet on "full_house";
    unique_rectangle_5_applies_and_stays_quiet: "unique_rectangle_5", quiet on "full_house";
    unique_rectangle_6_applies_and_stays_quiet: "unique_rectangle_6", quiet on "full_house";
    hidden_rectangle_applies_and_stays_quiet: "hidden_rectangle", quiet on "hidden_single";
    remote_pair_applies_and_stays_quiet: "remote_pair", quiet on "full_house";
    finned_x_wing_applies_and_stays_quiet: "finned_x_wing", quiet on "full_house";
    sashimi_x_wing_applies_and_stays_quiet: "sashimi_x_wing", quiet on "naked_single";
    finned_swordfish_applies_and_stays_quiet: "finned_swordfish", quiet on "hidden_single";
    sashimi_swordfish_applies_and_stays_quiet: "sashimi_swordfish", quiet on "naked_single";
    finned_jellyfish_applies_and_stays_quiet: "finned_jellyfish", quiet on "hidden_single";
    sashimi_jellyfish_applies_and_stays_quiet: "sashimi_jellyfish", quiet on "naked_single";
    sue_de_coq_applies_and_stays_quiet: "sue_de_coq", quiet on "hidden_single";
    als_xz_applies_and_stays_quiet: "als_xz", quiet on "x_wing";
    als_xy_wing_applies_and_stays_quiet: "als_xy_wing", quiet on "swordfish";
    continuous_nice_loop_applies_and_stays_quiet: "continuous_nice_loop", quiet on "x_chain";
    discontinuous_nice_loop_applies_and_stays_quiet: "discontinuous_nice_loop", quiet on "cell_forcing_chain";
    aic_applies_and_stays_quiet: "aic", quiet on "full_house";
    grouped_continuous_nice_loop_applies_and_stays_quiet: "grouped_continuous_nice_loop", quiet on "full_house";
    grouped_discontinuous_nice_loop_applies_and_stays_quiet: "grouped_discontinuous_nice_loop", quiet on "cell_forcing_chain";
    grouped_aic_applies_and_stays_quiet: "grouped_aic", quiet on "naked_single";
    als_xy_chain_applies_and_stays_quiet: "als_xy_chain", quiet on "x_wing";
    death_blossom_applies_and_stays_quiet: "death_blossom", quiet on "swordfish";
}

/// A forcing technique is the easiest step on its position (on a position not
/// met first on a grading path: once the techniques before it are set aside),
/// every instance is sound, its text names each branch's assumption and how it
/// ends, and it finds nothing on an empty board (where every assumption is as
/// good as another).
fn check_forcing(key: &str) {
    let technique = Technique::from_key(key).expect("known key");
    let board = position(key);
    let solution = solution_of(&board);
    let on_path = positions().any(|(k, _, _, path)| k == key && path);
    let from = if on_path {
        0
    } else {
        Technique::ALL
            .iter()
            .position(|&t| t == technique)
            .expect("listed")
    };
    let easiest = logic::find_step_among(&board, &Technique::ALL[from..]).expect("a step");
    assert_eq!(easiest.basis, technique, "{key} is the easiest step");
    assert_sound(&easiest, &solution, key);
    let instances = logic::instances(&board, technique);
    assert!(!instances.is_empty());
    for step in &instances {
        assert_sound(step, &solution, key);
        assert!(!step.branches.is_empty(), "{key}: a proof with branches");
    }
    let text = easiest.text();
    assert!(text.starts_with(technique.name()), "{text}");
    for branch in &easiest.branches {
        assert!(
            text.contains(&format!("if {}", branch.assumption)),
            "{key}: the text names the assumption {}: {text}",
            branch.assumption
        );
        for implication in &branch.implications {
            assert!(text.contains(&implication.fact.to_string()), "{text}");
        }
    }
    assert!(
        text.contains("contradiction") || text.contains(", r"),
        "{key}: the text says how the branches end: {text}"
    );
    assert!(logic::instances(&Board::new(), technique).is_empty());
}

#[test]
fn digit_forcing_chain_applies_and_stays_quiet() {
    check_forcing("digit_forcing_chain");
}

#[test]
fn cell_forcing_chain_applies_and_stays_quiet() {
    check_forcing("cell_forcing_chain");
}

#[test]
fn unit_forcing_chain_applies_and_stays_quiet() {
    check_forcing("unit_forcing_chain");
}

#[test]
fn dynamic_forcing_chain_applies_and_stays_quiet() {
    check_forcing("dynamic_forcing_chain");
}

#[test]
fn forcing_net_applies_and_stays_quiet() {
    check_forcing("forcing_net");
}

#[test]
fn nested_forcing_net_applies_and_stays_quiet() {
    check_forcing("nested_forcing_net");
}

#[test]
fn techniques_are_listed_easiest_first_with_unique_keys() {
    let mut sorted = Technique::ALL;
    sorted.sort();
    assert_eq!(sorted, Technique::ALL);
    for t in Technique::ALL {
        assert_eq!(Technique::from_key(t.key()), Some(t));
        let json = serde_json::to_string(&t).expect("serialise");
        assert_eq!(json, format!("\"{}\"", t.key()));
    }
    assert!(
        Technique::ALL
            .windows(2)
            .all(|w| w[0].level() <= w[1].level() || w[1].level() == Level::Hard)
    );
    let keys: Vec<&str> = positions().map(|(k, _, _, _)| k).collect();
    let expected: Vec<&str> = Technique::ALL.iter().map(|t| t.key()).collect();
    let mut sorted = keys.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), keys.len(), "one typed position per technique");
    for key in expected {
        assert!(keys.contains(&key), "no typed position for {key}");
    }
}

/// A random puzzle with one solution: a shuffled solved grid with cells removed
/// while the solution stays unique.
fn generated_puzzle(rng: &mut ChaCha8Rng) -> Grid {
    let base = search::solve(&Grid::empty())
        .solution
        .expect("the empty grid has solutions");
    let mut digits: Vec<u8> = (1..=9).collect();
    digits.shuffle(rng);
    let mut rows: Vec<usize> = Vec::new();
    let mut bands = [0usize, 1, 2];
    bands.shuffle(rng);
    for band in bands {
        let mut inner = [0usize, 1, 2];
        inner.shuffle(rng);
        rows.extend(inner.iter().map(|r| band * 3 + r));
    }
    let transpose = rng.random_bool(0.5);
    let mut values = [0u8; 81];
    for cell in Cell::all() {
        let (r, c) = if transpose {
            (cell.col(), cell.row())
        } else {
            (cell.row(), cell.col())
        };
        let d = base.get(Cell::at(rows[r], c)).expect("complete").get();
        values[cell.index()] = digits[d as usize - 1];
    }
    let mut puzzle = Grid::from_values(values);
    let mut order: Vec<Cell> = Cell::all().collect();
    order.shuffle(rng);
    for cell in order {
        let keep = puzzle.get(cell);
        puzzle.set(cell, None);
        if search::count_solutions(&puzzle, 2).count != 1 {
            puzzle.set(cell, keep);
        }
    }
    puzzle
}

/// Solves `givens` taking the easiest step each time, checking every step against
/// the solution; with `every_instance`, checks every instance of every technique
/// at each position too. Returns the number of steps checked.
fn sweep(givens: &Grid, every_instance: bool) -> usize {
    let solution = search::solve(givens)
        .solution
        .expect("sweep puzzles have a solution");
    let mut board = Board::with_auto_candidates(givens);
    let mut checked = 0;
    let context = givens.to_line();
    let basic: Vec<Technique> = Technique::ALL
        .into_iter()
        .filter(|t| !t.is_forcing())
        .collect();
    while let Some(step) = logic::find_step_among(&board, &basic) {
        assert_sound(&step, &solution, &context);
        assert!(
            step.makes_progress(&board),
            "{context}: a step that changes nothing: {}",
            step.text()
        );
        if every_instance {
            for &technique in &basic {
                for other in logic::instances(&board, technique) {
                    assert_sound(&other, &solution, &context);
                    checked += 1;
                }
            }
        }
        step.apply(&mut board);
        checked += 1;
    }
    checked
}

#[test]
fn no_step_is_wrong_on_generated_and_bundled_puzzles() {
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let mut puzzles: Vec<Grid> = (0..12).map(|_| generated_puzzle(&mut rng)).collect();
    puzzles.extend(pencilmark::puzzles::famous().into_iter().map(|n| n.givens));
    let mut steps = 0;
    for (i, givens) in puzzles.iter().enumerate() {
        steps += sweep(givens, i % 3 == 0);
    }
    assert!(steps > 500, "the sweep checked {steps} steps");
}

#[test]
fn no_step_is_wrong_on_a_sample_of_the_shared_sets() {
    if data_dir().is_none() {
        eprintln!("skipped: ../shared/data not found");
        return;
    }
    let samples = [
        ("top95.txt", 1),
        ("puzzles3_magictour_top1465", 4),
        ("generated_qqwing_expert_1k.txt", 5),
        ("puzzles6_forum_hardest_1106", 5),
        ("puzzles5_forum_hardest_1905_11+", 500),
        ("puzzles2_17_clue", 500),
        ("generated_sudoku_crate_10k.txt", 50),
        ("hardest.txt", 1),
        ("easy50.txt", 1),
    ];
    let mut puzzles = 0;
    for (file, every) in samples {
        for (i, givens) in data_puzzles(file, every).iter().enumerate() {
            sweep(givens, i % 20 == 0);
            puzzles += 1;
        }
    }
    assert!(puzzles > 900, "sampled {puzzles} puzzles");
}

#[test]
fn an_easy_puzzle_grades_easy_with_singles_only() {
    let graded = grade::grade(&grid(EASY));
    assert_eq!(graded.level, Level::Easy);
    assert!(graded.steps.keys().all(|t| t.level() == Level::Easy));
    let total: u32 = graded
        .steps
        .iter()
        .map(|(t, n)| t.score() * *n as u32)
        .sum();
    assert_eq!(graded.score, total, "the score is summed over the steps");
    assert_eq!(
        graded.steps.values().sum::<usize>(),
        51,
        "one step per open cell"
    );
    assert_eq!(graded.guesses, 0);
}

#[test]
fn the_hardest_puzzle_grades_extreme_without_a_guess() {
    // Arto Inkala's puzzle needs forcing chains and nets.
    let graded = grade::grade(&grid(
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
    ));
    assert_eq!(graded.level, Level::Extreme);
    assert_eq!(graded.guesses, 0);
    assert!(graded.hardest.is_some_and(|t| t.is_forcing()), "{graded:?}");
}

/// Solves with the whole ladder, checking every step against the solution;
/// returns how many steps it took and whether logic solved it.
fn solve_checked(givens: &Grid) -> (usize, bool) {
    let solution = search::solve(givens).solution.expect("a solution");
    let mut board = Board::with_auto_candidates(givens);
    let mut steps = 0;
    while let Some(step) = logic::next_step(&board, &Technique::ALL) {
        assert_sound(&step, &solution, &givens.to_line());
        step.apply(&mut board);
        steps += 1;
    }
    (steps, board.is_solved())
}

#[test]
fn forcing_chains_solve_a_sample_of_the_hard_sets_without_a_guess() {
    if data_dir().is_none() {
        eprintln!("skipped: ../shared/data not found");
        return;
    }
    // Small samples keep `cargo test` quick; the release benchmark in the README
    // covers the whole sets.
    let samples = [
        ("top95.txt", 24),
        ("puzzles3_magictour_top1465", 400),
        ("generated_qqwing_expert_1k.txt", 250),
    ];
    let mut puzzles = 0;
    for (file, every) in samples {
        for givens in data_puzzles(file, every) {
            let (steps, solved) = solve_checked(&givens);
            assert!(solved, "{file}: logic ran out on {}", givens.to_line());
            assert!(steps > 0);
            puzzles += 1;
        }
    }
    assert!(puzzles >= 10, "sampled {puzzles} puzzles");
}

/// The step finder a solve walks with remembers which single-digit searches
/// failed on which digit patterns; it must give exactly the steps a fresh search
/// gives on every position of the path.
#[test]
fn a_step_finder_gives_the_steps_of_fresh_searches_along_a_solve() {
    if data_dir().is_none() {
        eprintln!("skipped: ../shared/data not found");
        return;
    }
    let mut puzzles = data_puzzles("top95.txt", 24);
    puzzles.extend(data_puzzles("puzzles3_magictour_top1465", 400));
    let mut compared = 0;
    for givens in &puzzles {
        let mut board = Board::with_auto_candidates(givens);
        let mut finder = logic::StepFinder::new();
        loop {
            let remembered = finder.next_step(&board, &Technique::ALL);
            let fresh = logic::next_step(&board, &Technique::ALL);
            assert_eq!(remembered, fresh, "{} at step {compared}", givens.to_line());
            let Some(step) = fresh else { break };
            step.apply(&mut board);
            compared += 1;
        }
    }
    assert!(compared > 100, "compared {compared} steps");
}

#[test]
fn grading_levels_follow_the_hardest_step() {
    for key in ["naked_pair", "x_wing", "xy_wing"] {
        let board = position(key);
        let step = logic::find_step(&board).expect("a step");
        assert_eq!(step.level(), step.basis.level());
    }
    assert_eq!(Technique::HiddenSingle.level(), Level::Easy);
    assert_eq!(Technique::NakedTriple.level(), Level::Medium);
    assert_eq!(Technique::Jellyfish.level(), Level::Hard);
    assert_eq!(Technique::XyChain.level(), Level::Expert);
}

/// Where the easiest step is a forcing chain or net, the grader takes every
/// deduction the search proved on the position as one step. Each of them must
/// be true of the solution, and the grade no harder than one deduction a step
/// gives: the same level, and a hardest technique no later in the ladder (over
/// top95, top1465 and QQWing's expert 1k it is the same at all but one puzzle,
/// where the deductions taken together spare a forcing net). The path itself
/// may be longer or shorter: other deductions make other easy steps.
#[test]
fn grading_takes_every_deduction_a_forcing_search_proved() {
    if data_dir().is_none() {
        eprintln!("skipped: ../shared/data not found");
        return;
    }
    let mut puzzles = data_puzzles("top95.txt", 12);
    puzzles.extend(data_puzzles("puzzles3_magictour_top1465", 150));
    let (mut batched, mut taken_too) = (0, 0);
    for givens in &puzzles {
        let mut board = Board::with_auto_candidates(givens);
        let solution = solution_of(&board);
        let context = givens.to_line();
        // The grader's path, each further deduction checked.
        let mut finder = logic::StepFinder::grading();
        let mut steps = 0;
        while let Some(step) = finder.next_step(&board, &Technique::ALL) {
            assert_sound(&step, &solution, &context);
            step.apply(&mut board);
            if let Some(further) = finder.take_further() {
                assert_eq!(further.basis, step.basis, "{context}");
                assert_sound(&further, &solution, &context);
                batched += 1;
                taken_too += further.placements.len() + further.eliminations.len();
                further.apply(&mut board);
            }
            steps += 1;
        }
        assert!(board.is_solved(), "{context}: the grader's path ran out");
        let graded = grade::grade(givens);
        assert_eq!(graded.steps.values().sum::<usize>(), steps, "{context}");
        // One deduction a step: the path `explain` shows.
        let mut board = Board::with_auto_candidates(givens);
        let mut finder = logic::StepFinder::new();
        let (mut hardest, mut level) = (None, Level::Easy);
        while let Some(step) = finder.next_step(&board, &Technique::ALL) {
            assert!(finder.take_further().is_none(), "{context}: not grading");
            hardest = hardest.max(step.technique());
            level = level.max(step.level());
            step.apply(&mut board);
        }
        assert_eq!(graded.level, level, "{context}");
        assert!(graded.hardest <= hardest, "{context}");
    }
    assert!(
        batched > 0 && taken_too > batched,
        "the sample must take further deductions ({batched} steps, {taken_too} deductions)"
    );
}
