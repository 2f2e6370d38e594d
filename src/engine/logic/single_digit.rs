//! Single-digit patterns built from conjugate pairs (a digit with exactly two places
//! in a unit: one of them holds it). Skyscraper: two conjugate pairs in parallel
//! lines joined at one end by a shared cross line. 2-String Kite: a row pair and a
//! column pair joined in a box. Empty Rectangle: a box whose places for the digit
//! form a cross, joined to a conjugate pair.

use super::recall::each_digit;
use super::{
    Link, Sink, Step, Technique, cells_text, lines, open_candidates, positions, seeing_all,
    unit_cells,
};
use crate::engine::board::Board;
use crate::engine::types::{Candidates, Cell, Digit, Unit};

/// Conjugate pairs of `digit` in `units`: (unit, first cell, second cell).
fn conjugates(board: &Board, digit: Digit, units: &[Unit]) -> Vec<(Unit, Cell, Cell)> {
    units
        .iter()
        .filter_map(|&u| {
            let m = positions(board, u, digit);
            (m.count_ones() == 2).then(|| {
                let mut cells = unit_cells(u, m);
                let a = cells.next().expect("two places");
                let b = cells.next().expect("two places");
                (u, a, b)
            })
        })
        .collect()
}

/// A single-digit chain step: strong `a1 = b1`, weak `b1 - b2`, strong `b2 = a2`;
/// one of the ends `a1`, `a2` holds `digit`.
fn two_link_step(
    board: &Board,
    technique: Technique,
    digit: Digit,
    strong: [(Cell, Cell); 2],
    units: Vec<Unit>,
) -> Step {
    let [(a1, b1), (b2, a2)] = strong;
    let eliminations = seeing_all(board, digit, &[a1, a2]);
    let pattern = [a1, b1, b2, a2]
        .into_iter()
        .map(|c| (c, Candidates::single(digit)))
        .collect();
    let mut step = Step::elimination(technique, eliminations, pattern, units);
    step.links = vec![
        Link {
            from: (a1, digit),
            to: (b1, digit),
            strong: true,
        },
        Link {
            from: (b1, digit),
            to: (b2, digit),
            strong: false,
        },
        Link {
            from: (b2, digit),
            to: (a2, digit),
            strong: true,
        },
    ];
    step
}

pub fn skyscraper(board: &Board, sink: &mut Sink) {
    each_digit(board, sink, Technique::Skyscraper, |sink, digit| {
        for rows in [true, false] {
            let pairs = conjugates(board, digit, &lines(rows));
            let cross = |c: Cell| if rows { c.col() } else { c.row() };
            for (i, &(u1, p, q)) in pairs.iter().enumerate() {
                for &(u2, r, s) in &pairs[i + 1..] {
                    for (base1, end1) in [(p, q), (q, p)] {
                        for (base2, end2) in [(r, s), (s, r)] {
                            if cross(base1) != cross(base2) || cross(end1) == cross(end2) {
                                continue;
                            }
                            let base = if rows {
                                Unit::Col(base1.col() as u8)
                            } else {
                                Unit::Row(base1.row() as u8)
                            };
                            let step = two_link_step(
                                board,
                                Technique::Skyscraper,
                                digit,
                                [(end1, base1), (base2, end2)],
                                vec![u1, u2, base],
                            );
                            if sink.push(step) {
                                return true;
                            }
                        }
                    }
                }
            }
        }
        false
    });
}

pub fn two_string_kite(board: &Board, sink: &mut Sink) {
    each_digit(board, sink, Technique::TwoStringKite, |sink, digit| {
        let row_pairs = conjugates(board, digit, &lines(true));
        let col_pairs = conjugates(board, digit, &lines(false));
        for &(row, p, q) in &row_pairs {
            for &(col, r, s) in &col_pairs {
                if [p, q].contains(&r) || [p, q].contains(&s) {
                    continue;
                }
                for (row_in_box, row_end) in [(p, q), (q, p)] {
                    for (col_in_box, col_end) in [(r, s), (s, r)] {
                        if row_in_box.box_index() != col_in_box.box_index() {
                            continue;
                        }
                        let the_box = Unit::Box(row_in_box.box_index() as u8);
                        let step = two_link_step(
                            board,
                            Technique::TwoStringKite,
                            digit,
                            [(row_end, row_in_box), (col_in_box, col_end)],
                            vec![row, col, the_box],
                        );
                        if sink.push(step) {
                            return true;
                        }
                    }
                }
            }
        }
        false
    });
}

/// Empty Rectangles whose box holds at least three places for the digit.
pub fn empty_rectangle(board: &Board, sink: &mut Sink) {
    empty_rectangles(board, sink, 3);
}

/// Empty Rectangles, also those whose box holds only two places for the digit
/// (the same deductions as a 2-String Kite or Turbot Fish).
pub fn empty_rectangle_two_candidates(board: &Board, sink: &mut Sink) {
    empty_rectangles(board, sink, 2);
}

fn empty_rectangles(board: &Board, sink: &mut Sink, min_places: u32) {
    if min_places == 3 {
        each_digit(board, sink, Technique::EmptyRectangle, |sink, digit| {
            empty_rectangles_of(board, sink, digit, min_places)
        });
    } else {
        for digit in Digit::all() {
            if empty_rectangles_of(board, sink, digit, min_places) {
                return;
            }
        }
    }
}

/// The Empty Rectangles of `digit`; returns whether the sink is full. (Those
/// with two places are another search than the technique's: they are not
/// remembered.)
fn empty_rectangles_of(board: &Board, sink: &mut Sink, digit: Digit, min_places: u32) -> bool {
    let row_pairs = conjugates(board, digit, &lines(true));
    let col_pairs = conjugates(board, digit, &lines(false));
    for b in 0..9u8 {
        let the_box = Unit::Box(b);
        let mask = positions(board, the_box, digit);
        if mask.count_ones() < min_places {
            continue;
        }
        let places: Vec<Cell> = unit_cells(the_box, mask).collect();
        let band = places[0].row() / 3 * 3;
        let stack = places[0].col() / 3 * 3;
        for r in band..band + 3 {
            for c in stack..stack + 3 {
                let in_cross = places.iter().all(|p| p.row() == r || p.col() == c);
                let one_line =
                    places.iter().all(|p| p.row() == r) || places.iter().all(|p| p.col() == c);
                if !in_cross || one_line {
                    continue;
                }
                // A column pair with one end on row r: the other end's row meets column c.
                for &(unit, p, q) in &col_pairs {
                    for (near, far) in [(p, q), (q, p)] {
                        if near.row() != r
                            || near.box_index() == b as usize
                            || far.row() / 3 * 3 == band
                        {
                            continue;
                        }
                        let target = Cell::at(far.row(), c);
                        if sink.push(er_step(
                            board, digit, the_box, &places, unit, near, far, target,
                        )) {
                            return true;
                        }
                    }
                }
                for &(unit, p, q) in &row_pairs {
                    for (near, far) in [(p, q), (q, p)] {
                        if near.col() != c
                            || near.box_index() == b as usize
                            || far.col() / 3 * 3 == stack
                        {
                            continue;
                        }
                        let target = Cell::at(r, far.col());
                        if sink.push(er_step(
                            board, digit, the_box, &places, unit, near, far, target,
                        )) {
                            return true;
                        }
                    }
                }
            }
        }
    }
    false
}

#[allow(clippy::too_many_arguments)]
fn er_step(
    board: &Board,
    digit: Digit,
    the_box: Unit,
    places: &[Cell],
    unit: Unit,
    near: Cell,
    far: Cell,
    target: Cell,
) -> Step {
    let eliminations = if open_candidates(board, target).contains(digit) {
        vec![(target, digit)]
    } else {
        Vec::new()
    };
    let pattern = places
        .iter()
        .chain([&near, &far])
        .map(|&c| (c, Candidates::single(digit)))
        .collect();
    let mut step = Step::elimination(
        Technique::EmptyRectangle,
        eliminations,
        pattern,
        vec![the_box, unit],
    );
    step.links = vec![Link {
        from: (near, digit),
        to: (far, digit),
        strong: true,
    }];
    step
}

/// The explanation of a single-digit pattern.
pub fn text(step: &Step) -> String {
    let Some(digit) = step.digits().first().copied() else {
        return String::new();
    };
    match step.technique {
        Technique::EmptyRectangle => {
            let (Some(&the_box), Some(link)) = (step.units.first(), step.links.first()) else {
                return String::new();
            };
            let places = cells_text(
                step.pattern
                    .iter()
                    .take(step.pattern.len().saturating_sub(2))
                    .map(|&(c, _)| c),
            );
            let target = step
                .eliminations
                .first()
                .map_or_else(|| "the target".to_string(), |(c, _)| c.to_string());
            format!(
                "the {digit}s of {the_box} ({places}) lie on one row and one column; in {} the {digit} is in {} or {}. If {target} held {digit}, {} would not, so {} would, and the two would leave {the_box} no place for {digit}",
                step.units.get(1).map_or(String::new(), |u| u.to_string()),
                link.from.0,
                link.to.0,
                link.to.0,
                link.from.0,
            )
        }
        _ => {
            let ends: Vec<Cell> = step.pattern.iter().map(|&(c, _)| c).collect();
            let unit = |i: usize| step.units.get(i).map_or(String::new(), |u| u.to_string());
            if ends.len() < 4 {
                return String::new();
            }
            format!(
                "in {} the {digit} is in {} or {}, in {} it is in {} or {}; {} and {} see each other, so they cannot both hold it, and {} or {} holds the {digit}",
                unit(0),
                ends[0],
                ends[1],
                unit(1),
                ends[2],
                ends[3],
                ends[1],
                ends[2],
                ends[0],
                ends[3],
            )
        }
    }
}
