//! What the logic tests share: the typed technique positions
//! (`tests/data/technique_positions.tsv`), boards made from them, and the check
//! that a step agrees with the solution; and the effects of a published case,
//! read and put in one comparable form.

use std::collections::BTreeSet;

use pencilmark::engine::logic::Step;
use pencilmark::engine::{Board, Candidates, Cell, Digit, Grid, parse, search};

/// One position per technique: key, placed digits, candidates and origin. `path`:
/// met while grading puzzles of the shared sets, where the technique is the easiest
/// step (regenerate with `print_technique_positions`). `published`: a case from
/// `../shared/techniques` for a technique the grading paths never reach first; there
/// it is the easiest once the techniques before it are set aside. `former`: met
/// first on a grading path before techniques placed before it (nice loops and
/// AICs) took its place; it too is checked with those set aside.
pub const POSITIONS: &str = include_str!("../data/technique_positions.tsv");

/// The typed positions: (key, placed, candidates, met on a grading path).
pub fn positions() -> impl Iterator<Item = (&'static str, &'static str, &'static str, bool)> {
    POSITIONS.lines().map(|line| {
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(fields.len(), 4, "four fields in {line}");
        (fields[0], fields[1], fields[2], fields[3] == "path")
    })
}

pub fn board_of(placed: &str, candidates: &str) -> Board {
    let digits = parse::read_line(placed, 1).expect("typed placed digits");
    let mut marks = [Candidates::NONE; 81];
    for (i, group) in candidates.split(' ').enumerate() {
        marks[i] = group.chars().filter_map(Digit::from_char).collect();
    }
    Board::from_marked(&Board {
        digits,
        candidates: marks,
    })
}

pub fn position(key: &str) -> Board {
    let (_, placed, candidates, _) = positions()
        .find(|(k, _, _, _)| *k == key)
        .unwrap_or_else(|| panic!("no typed position {key}"));
    board_of(placed, candidates)
}

pub fn solution_of(board: &Board) -> Grid {
    let counted = search::count_solutions(board.digits(), 2);
    assert_eq!(counted.count, 1, "typed positions have one solution");
    counted.first.expect("solution")
}

/// Every placement agrees with the solution and no elimination removes a solution digit.
pub fn assert_sound(step: &Step, solution: &Grid, context: &str) {
    for &(cell, digit) in &step.placements {
        assert_eq!(
            solution.get(cell),
            Some(digit),
            "{context}: {} placed a wrong {digit} in {cell}: {}",
            step.basis,
            step.text()
        );
    }
    for &(cell, digit) in &step.eliminations {
        assert_ne!(
            solution.get(cell),
            Some(digit),
            "{context}: {} removed the solution's {digit} from {cell}: {}",
            step.basis,
            step.text()
        );
    }
}

/// A classic easy puzzle (singles only).
pub const EASY: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

pub fn grid(line: &str) -> Grid {
    parse::parse_line(line, 1).expect("typed puzzle")
}

/// An effect: a candidate removed (`false`) or a digit placed (`true`).
pub type Atom = (Cell, Digit, bool);

/// Placements and eliminations in one comparable form: a placement also removes the
/// cell's other candidates, and eliminations that leave one candidate place it.
pub fn normalise(
    board: &Board,
    placements: &[(Cell, Digit)],
    eliminations: &[(Cell, Digit)],
) -> BTreeSet<Atom> {
    let mut atoms = BTreeSet::new();
    for &(cell, digit) in placements {
        atoms.insert((cell, digit, true));
        for other in board.candidates(cell).without(digit).iter() {
            atoms.insert((cell, other, false));
        }
    }
    for &(cell, digit) in eliminations {
        atoms.insert((cell, digit, false));
    }
    let cells: BTreeSet<Cell> = atoms.iter().map(|a| a.0).collect();
    for cell in cells {
        let left: Candidates = board
            .candidates(cell)
            .iter()
            .filter(|&d| !atoms.contains(&(cell, d, false)))
            .collect();
        if let Some(d) = left.only() {
            atoms.insert((cell, d, true));
        }
    }
    atoms
}

/// Effects written `r1c2<>5` (`sep` `<>`) or `r1c2=5` (`sep` `=`), comma-separated.
pub fn parse_effects(text: &str, sep: &str) -> Vec<(Cell, Digit)> {
    text.split(',')
        .filter(|s| !s.is_empty())
        .map(|s| {
            let (cell, digit) = s.split_once(sep).expect("effect separator");
            (
                Cell::parse(cell).expect("effect cell"),
                Digit::from_char(digit.chars().next().expect("digit")).expect("effect digit"),
            )
        })
        .collect()
}
