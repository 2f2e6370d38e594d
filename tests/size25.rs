//! The 25x25 (5x5 boxes, values `1`-`9` then `A`-`P`) through the command line.
//! The shared variant sets have no 25x25, so the puzzles are made here from a
//! seeded random grid, and every answer is judged by a validity check written
//! from coordinates (rows, columns, 5x5 boxes), not by the engine's unit list.

mod common;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use pencilmark::engine::geometry::generate::fill;
use pencilmark::engine::geometry::{Geometry, Variant};

const SIDE: usize = 25;
const CELLS: usize = SIDE * SIDE;

/// The symbol of `value` in the alphabet: `1`-`9`, then `A` = 10 ... `P` = 25.
fn symbol(value: u8) -> char {
    match value {
        0 => '.',
        1..=9 => (b'0' + value) as char,
        _ => (b'A' + value - 10) as char,
    }
}

fn value(symbol: char) -> u8 {
    match symbol {
        '1'..='9' => symbol as u8 - b'0',
        'A'..='P' => symbol as u8 - b'A' + 10,
        _ => panic!("{symbol:?} is not a 25x25 value"),
    }
}

fn line(values: &[u8]) -> String {
    values.iter().map(|&v| symbol(v)).collect()
}

/// Whether `values` is a complete 25x25 grid: every row, column and 5x5 box
/// holds 1..=25 once.
fn is_valid_grid(values: &[u8]) -> bool {
    let groups = (0..SIDE).flat_map(|i| {
        let row: Vec<usize> = (0..SIDE).map(|c| i * SIDE + c).collect();
        let col: Vec<usize> = (0..SIDE).map(|r| r * SIDE + i).collect();
        let (top, left) = (i / 5 * 5, i % 5 * 5);
        let boxed: Vec<usize> = (0..SIDE)
            .map(|k| (top + k / 5) * SIDE + left + k % 5)
            .collect();
        [row, col, boxed]
    });
    values.len() == CELLS
        && groups.into_iter().all(|cells| {
            let mut seen: Vec<u8> = cells.iter().map(|&c| values[c]).collect();
            seen.sort_unstable();
            seen == (1..=SIDE as u8).collect::<Vec<_>>()
        })
}

/// A complete random grid drawn with `seed`, checked before use.
fn grid(seed: u64) -> Vec<u8> {
    let geometry = Geometry::regular(SIDE, Variant::Classic).unwrap();
    let grid = fill(&geometry, &mut ChaCha8Rng::seed_from_u64(seed), None).unwrap();
    assert!(is_valid_grid(&grid), "the fill made an invalid grid");
    grid
}

#[test]
fn a_seeded_25x25_is_solved_into_a_valid_grid_that_keeps_its_givens() {
    let full = grid(25);
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let givens: Vec<u8> = full
        .iter()
        .map(|&v| if rng.random_bool(0.45) { 0 } else { v })
        .collect();
    let output = common::pencilmark(&["solve", "--stats"], &format!("{}\n", line(&givens)));
    assert_eq!(output.status.code(), Some(0), "{}", common::stderr(&output));
    let solved = common::stdout(&output);
    let solution: Vec<u8> = solved.trim().chars().map(value).collect();
    assert!(is_valid_grid(&solution), "{solved}");
    assert!(
        givens
            .iter()
            .zip(&solution)
            .all(|(&g, &s)| g == 0 || g == s),
        "the solution keeps every given"
    );
    assert!(common::stderr(&output).contains("1 puzzles"));
}

#[test]
fn a_25x25_with_a_deadly_rectangle_open_counts_two_and_a_dead_cell_none() {
    let full = grid(3);
    // Two cells of one row in the same box, and the cells under them in a row
    // of another band holding the same two values crosswise: swapping them is a
    // second solution, and the only other one.
    let at = |r: usize, c: usize| full[r * SIDE + c];
    let (r1, r2, c1, c2) = (0..5)
        .flat_map(|r1| (5..SIDE).map(move |r2| (r1, r2)))
        .flat_map(|(r1, r2)| {
            (0..SIDE).flat_map(move |c1| (c1 + 1..c1 / 5 * 5 + 5).map(move |c2| (r1, r2, c1, c2)))
        })
        .find(|&(r1, r2, c1, c2)| at(r1, c1) == at(r2, c2) && at(r1, c2) == at(r2, c1))
        .expect("a 25x25 grid has a rectangle of swapped pairs");
    let mut two = full.clone();
    for cell in [
        r1 * SIDE + c1,
        r1 * SIDE + c2,
        r2 * SIDE + c1,
        r2 * SIDE + c2,
    ] {
        two[cell] = 0;
    }
    let mut one = full.clone();
    one[r1 * SIDE + c1] = 0;
    let input = format!("{}\n{}\n", line(&two), line(&one));
    let counted = common::pencilmark(&["solve", "--count"], &input);
    assert_eq!(common::stdout(&counted), "2+\n1\n");

    // r1c1 open; the rest of row 1 holds 1..24 and r2c1 holds 25: nothing fits.
    let mut dead: Vec<u8> = (0..SIDE as u8).collect();
    dead.resize(CELLS, 0);
    dead[SIDE] = 25;
    let output = common::pencilmark(&["solve"], &format!("{}\n", line(&dead)));
    assert_eq!(common::stdout(&output), "no solution\n");
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn a_broken_25x25_line_names_the_size_and_the_symbol_and_exits_2() {
    let short = common::pencilmark(&["solve"], &format!("{}\n", ".".repeat(624)));
    assert!(
        common::stderr(&short).contains("line 1: 624 cells; a 25x25 puzzle needs 625"),
        "{}",
        common::stderr(&short)
    );
    assert_eq!(short.status.code(), Some(2));
    let mut text = ".".repeat(CELLS);
    text.replace_range(99..100, "Q");
    let letter = common::pencilmark(&["solve"], &format!("{text}\n"));
    assert!(common::stderr(&letter).contains(
        "line 1, column 100: 'Q' is not a symbol of a 25x25 puzzle (1-9, A-P, or . 0 for a blank)"
    ));
    assert_eq!(letter.status.code(), Some(2));
}

#[test]
fn show_and_propagate_read_a_25x25_in_either_case() {
    let full = grid(11);
    let mut open = full.clone();
    for cell in (0..CELLS).step_by(7) {
        open[cell] = 0;
    }
    let lower = line(&open).to_lowercase();
    let shown = common::pencilmark(&["show", &lower], "");
    let text = common::stdout(&shown);
    assert!(text.starts_with("25x25 (1-9, A-P)\n"), "{text}");
    assert_eq!(drawn_cells(&text), line(&open), "{text}");
    assert_eq!(shown.status.code(), Some(0));

    // Every open cell is a naked single: propagation alone finishes the grid.
    let propagated = common::pencilmark(&["propagate", &lower], "");
    let text = common::stdout(&propagated);
    assert_eq!(drawn_cells(&text), line(&full), "{text}");
    assert!(text.ends_with("0 cells open\n"), "{text}");
    assert_eq!(propagated.status.code(), Some(0));
}

/// The symbols of a drawn grid's cell rows (`| 1   . ... |`), row by row.
fn drawn_cells(text: &str) -> String {
    text.lines()
        .filter(|l| l.starts_with('|'))
        .flat_map(|l| l.chars().filter(|c| c.is_ascii_alphanumeric() || *c == '.'))
        .collect()
}

#[test]
fn a_25x25_jigsaw_is_refused_by_the_generator_at_once_with_the_reason() {
    for args in [
        &[
            "generate",
            "--size",
            "25",
            "--variant",
            "jigsaw",
            "--seed",
            "1",
        ][..],
        &["play", "--size", "25", "--variant", "jigsaw"][..],
    ] {
        let output = common::pencilmark(args, "");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(
            common::stderr(&output).contains("a 25x25 jigsaw is not generated"),
            "{args:?}: {}",
            common::stderr(&output)
        );
    }
}
