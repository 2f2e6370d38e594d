//! 3D Medusa against published cases: the 20 positions of Joe Seibel's
//! sudoku-solver unit tests for sudokuwiki's six Medusa rules
//! (`tests/data/medusa_joeseibel.txt`, converted from `MedusaKtTest.kt`, MIT,
//! "Copyright (c) 2026 Joe Seibel"; each line names its test). Each of his tests
//! runs one rule over the whole board and expects the union of its effects, so
//! the finder restricted to that rule must give exactly that union; the full
//! finder must cover it, and everything must agree with the solution.

use std::collections::BTreeSet;

use pencilmark::engine::logic::medusa::{self, Rule};
use pencilmark::engine::logic::{self, Sink, Step, Technique};
use pencilmark::engine::{Board, Cell, Digit};

mod common;
use common::logic::{Atom, assert_sound, board_of, normalise, solution_of};

const CASES: &str = include_str!("data/medusa_joeseibel.txt");

/// Placements and eliminations, each as (cell, digit).
type Effects = (Vec<(Cell, Digit)>, Vec<(Cell, Digit)>);

fn effects(text: &str) -> Effects {
    let (mut placements, mut eliminations) = (Vec::new(), Vec::new());
    for effect in text.split(',') {
        let (cell, digit, placed) = match effect.split_once("<>") {
            Some((c, d)) => (c, d, false),
            None => {
                let (c, d) = effect.split_once('=').expect("= or <>");
                (c, d, true)
            }
        };
        let cell = Cell::parse(cell).expect("cell");
        let digit = Digit::from_char(digit.chars().next().expect("digit")).expect("digit");
        if placed {
            placements.push((cell, digit));
        } else {
            eliminations.push((cell, digit));
        }
    }
    (placements, eliminations)
}

fn union(board: &Board, steps: &[Step]) -> BTreeSet<Atom> {
    steps
        .iter()
        .flat_map(|s| normalise(board, &s.placements, &s.eliminations))
        .collect()
}

#[test]
fn every_published_medusa_rule_case_is_found_exactly() {
    let mut checked = 0;
    for line in CASES.lines() {
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(fields.len(), 5, "five fields in {line}");
        let rule = Rule::ALL[fields[0].parse::<usize>().expect("rule number") - 1];
        let board = board_of(fields[1], fields[2]);
        let solution = solution_of(&board);
        let (placements, eliminations) = effects(fields[3]);
        let expected = normalise(&board, &placements, &eliminations);
        let source = fields[4];

        let mut sink = Sink::new(usize::MAX);
        medusa::by_rules(&board, &mut sink, &[rule]);
        let by_rule = sink.into_steps();
        for step in &by_rule {
            assert_sound(step, &solution, source);
        }
        assert_eq!(union(&board, &by_rule), expected, "{source}: rule {rule:?}");

        let all = logic::instances(&board, Technique::ThreeDMedusa);
        for step in &all {
            assert_sound(step, &solution, source);
            assert!(step.text().starts_with("3D Medusa: "));
        }
        assert!(
            expected.is_subset(&union(&board, &all)),
            "{source}: the full finder covers rule {rule:?}"
        );
        checked += 1;
    }
    assert_eq!(checked, 20);
}
