//! Single-digit patterns built from conjugate pairs (a digit with exactly two places
//! in a unit: one of them holds it). Skyscraper: two conjugate pairs in parallel
//! lines joined at one end by a shared cross line. 2-String Kite: a row pair and a
//! column pair joined in a box. Empty Rectangle: a box whose places for the digit
//! form a cross, joined to a conjugate pair.
//!
//! Skyscraper and 2-String Kite are found once for every shape ([`skyscrapers`],
//! [`two_string_kites`], through [`CandidateBoard`]): rows are units
//! `0..side`, columns `side..2 * side`, and a kite's box is the cell's box or
//! jigsaw region. The classic ladder and the shaped one report the same instances
//! in the same order; each builds its own step and text.

use super::candidate_board::CandidateBoard;
use super::recall::each_digit;
use super::wings::seeing_every;
use super::{Link, Sink, Step, Technique, cells_text, open_candidates, positions, unit_cells};
use crate::engine::board::Board;
use crate::engine::geometry::value_bit;
use crate::engine::types::{Candidates, Cell, Digit, SIZE, Unit};

/// Conjugate pairs of `value` in `units`: (unit, first cell, second cell), the
/// cells ascending.
fn conjugate_pairs<B: CandidateBoard>(
    board: &B,
    value: u8,
    units: std::ops::Range<usize>,
) -> Vec<(usize, usize, usize)> {
    let bit = value_bit(value);
    units
        .filter_map(|unit| {
            let mut places = [0; 2];
            let mut count = 0;
            for cell in board.unit_cells(unit) {
                if board.open_candidates(cell) & bit != 0 {
                    if count == 2 {
                        return None;
                    }
                    places[count] = cell;
                    count += 1;
                }
            }
            (count == 2).then_some((unit, places[0], places[1]))
        })
        .collect()
}

/// Conjugate pairs of `digit` in the rows (or columns), as classic cells and
/// units, for the Empty Rectangle.
fn conjugates(board: &Board, digit: Digit, rows: bool) -> Vec<(Unit, Cell, Cell)> {
    let lines = if rows { 0..SIZE } else { SIZE..2 * SIZE };
    conjugate_pairs(board, digit.get(), lines)
        .into_iter()
        .map(|(u, a, b)| (Unit::new(u), Cell::new(a), Cell::new(b)))
        .collect()
}

/// Two conjugate pairs of one value joined by a weak link (the shortest X-Chain):
/// `chain` is `a1 = b1 - b2 = a2`, the strong links in `units[0]` and
/// `units[1]`, `b1` and `b2` in `units[2]` (the cross line of a Skyscraper, the
/// box of a kite). One of the ends `a1`, `a2` holds the value, so it leaves
/// every cell seeing both (a cell of the chain included: `b1` when it also sees
/// `a2`).
pub(crate) struct Turbot {
    pub chain: [usize; 4],
    pub units: [usize; 3],
    pub eliminations: Vec<(usize, u8)>,
}

/// Visits the Turbot `chain` in `units` if it strikes something; returns whether
/// `visit` said stop.
fn offer<B: CandidateBoard>(
    board: &B,
    value: u8,
    chain: [usize; 4],
    units: [usize; 3],
    visit: &mut impl FnMut(Turbot) -> bool,
) -> bool {
    let eliminations = seeing_every(board, value, &[chain[0], chain[3]]);
    !eliminations.is_empty()
        && visit(Turbot {
            chain,
            units,
            eliminations,
        })
}

/// The Skyscrapers of `value` on any shape: two conjugate pairs in rows (then in
/// columns) whose bases share a column (row) and whose far ends do not (that
/// would be an X-Wing). Rows in order, each pair of rows, the bases as the pairs'
/// first then second cells. `visit` returns true to stop; so does this.
pub(crate) fn skyscrapers<B: CandidateBoard>(
    board: &B,
    value: u8,
    mut visit: impl FnMut(Turbot) -> bool,
) -> bool {
    let side = board.side();
    for rows in [true, false] {
        let pairs = conjugate_pairs(board, value, if rows { 0..side } else { side..2 * side });
        // The cross line's number: a base's column for row pairs, row for columns.
        let cross = |c: usize| if rows { c % side } else { c / side };
        for (i, &(u1, p, q)) in pairs.iter().enumerate() {
            for &(u2, r, s) in &pairs[i + 1..] {
                for (base1, end1) in [(p, q), (q, p)] {
                    for (base2, end2) in [(r, s), (s, r)] {
                        if cross(base1) != cross(base2) || cross(end1) == cross(end2) {
                            continue;
                        }
                        let base = if rows {
                            side + cross(base1)
                        } else {
                            cross(base1)
                        };
                        let chain = [end1, base1, base2, end2];
                        if offer(board, value, chain, [u1, u2, base], &mut visit) {
                            return true;
                        }
                    }
                }
            }
        }
    }
    false
}

/// The 2-String Kites of `value` on any shape: a conjugate pair in a row and one
/// in a column, sharing no cell, with one end of each in one box (or jigsaw
/// region). Rows in order, then columns, then which ends meet. `visit` returns
/// true to stop; so does this.
pub(crate) fn two_string_kites<B: CandidateBoard>(
    board: &B,
    value: u8,
    mut visit: impl FnMut(Turbot) -> bool,
) -> bool {
    let side = board.side();
    let row_pairs = conjugate_pairs(board, value, 0..side);
    let col_pairs = conjugate_pairs(board, value, side..2 * side);
    for &(row, p, q) in &row_pairs {
        for &(col, r, s) in &col_pairs {
            if [p, q].contains(&r) || [p, q].contains(&s) {
                continue;
            }
            for (row_in_box, row_end) in [(p, q), (q, p)] {
                for (col_in_box, col_end) in [(r, s), (s, r)] {
                    let the_box = board.region_unit(row_in_box);
                    if the_box != board.region_unit(col_in_box) {
                        continue;
                    }
                    let chain = [row_end, row_in_box, col_in_box, col_end];
                    if offer(board, value, chain, [row, col, the_box], &mut visit) {
                        return true;
                    }
                }
            }
        }
    }
    false
}

impl Turbot {
    /// This Skyscraper or kite as a step of `technique` on any board: strong
    /// `a1 = b1`, weak `b1 - b2`, strong `b2 = a2`, each cell with `value`.
    pub fn step(&self, technique: Technique, value: u8) -> Step {
        let [a1, b1, b2, a2] = self.chain.map(Cell::new);
        let (digit, one) = (Digit::new(value), Candidates::from_bits(value_bit(value)));
        Step {
            eliminations: self
                .eliminations
                .iter()
                .map(|&(c, _)| (Cell::new(c), digit))
                .collect(),
            pattern: [a1, b1, b2, a2].into_iter().map(|c| (c, one)).collect(),
            units: self.units.map(Unit::new).to_vec(),
            links: vec![
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
            ],
            ..Step::of(technique)
        }
    }
}

pub fn skyscraper(board: &Board, sink: &mut Sink) {
    each_digit(board, sink, Technique::Skyscraper, |sink, digit| {
        skyscrapers(board, digit.get(), |turbot| {
            sink.push(turbot.step(Technique::Skyscraper, digit.get()))
        })
    });
}

pub fn two_string_kite(board: &Board, sink: &mut Sink) {
    each_digit(board, sink, Technique::TwoStringKite, |sink, digit| {
        two_string_kites(board, digit.get(), |turbot| {
            sink.push(turbot.step(Technique::TwoStringKite, digit.get()))
        })
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
    let row_pairs = conjugates(board, digit, true);
    let col_pairs = conjugates(board, digit, false);
    for b in 0..9 {
        let the_box = Unit::box_at(b);
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
                        if near.row() != r || near.box_index() == b || far.row() / 3 * 3 == band {
                            continue;
                        }
                        let target = Cell::at(far.row(), c);
                        // A target without the digit strikes nothing: no step made.
                        if open_candidates(board, target).contains(digit)
                            && sink.push(er_step(
                                board, digit, the_box, &places, unit, near, far, target,
                            ))
                        {
                            return true;
                        }
                    }
                }
                for &(unit, p, q) in &row_pairs {
                    for (near, far) in [(p, q), (q, p)] {
                        if near.col() != c || near.box_index() == b || far.col() / 3 * 3 == stack {
                            continue;
                        }
                        let target = Cell::at(r, far.col());
                        // A target without the digit strikes nothing: no step made.
                        if open_candidates(board, target).contains(digit)
                            && sink.push(er_step(
                                board, digit, the_box, &places, unit, near, far, target,
                            ))
                        {
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
    match step.technique() {
        Some(Technique::EmptyRectangle) => {
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
