//! Basic fish: X-Wing (2), Swordfish (3), Jellyfish (4). When a digit's places in
//! n rows all lie in the same n columns, each of those columns has its digit in
//! one of the rows, so the digit leaves the rest of those columns (and the same
//! with rows and columns swapped).

//!
//! The finder ([`fish_of_value`]) serves every shape through [`CandidateBoard`].

use super::candidate_board::CandidateBoard;
use super::recall::each_digit;
use super::subsets::each_subset;
use super::{Sink, Step, Technique, lines, open_candidates, positions, unit_cells};
use crate::engine::board::Board;
use crate::engine::geometry::{MAX_SIDE, value_bit};
use crate::engine::names::{self, Classic, Names};
use crate::engine::types::{Candidates, Cell, Digit, Unit};

pub fn x_wing(board: &Board, sink: &mut Sink) {
    fish(board, sink, 2, Technique::XWing);
}
pub fn swordfish(board: &Board, sink: &mut Sink) {
    fish(board, sink, 3, Technique::Swordfish);
}
pub fn jellyfish(board: &Board, sink: &mut Sink) {
    fish(board, sink, 4, Technique::Jellyfish);
}

fn fish(board: &Board, sink: &mut Sink, size: usize, technique: Technique) {
    // Each line's places come from the position's unit places, not from its
    // cells, read once for every size.
    let unit_places = *sink.cache().unit_places(board);
    each_digit(board, sink, technique, |sink, digit| {
        [true, false].into_iter().any(|rows| {
            let base_lines = lines(rows);
            let cover_lines = lines(!rows);
            let (open, placed) = unit_places.lines(digit.index(), rows);
            let places = open.map(u32::from);
            // Each cover line's places, by base line: most fish found strike
            // nothing (no cover has a place off the bases), told before any
            // list is made.
            let (cover_places, _) = unit_places.lines(digit.index(), !rows);
            fish_of_lines(board, &places, placed.into(), size, 1, |bases, covers| {
                if line_numbers(covers).all(|i| u32::from(cover_places[i]) & !bases == 0) {
                    return false;
                }
                let chosen: Vec<Unit> = line_numbers(bases).map(|i| base_lines[i]).collect();
                let cover_units: Vec<Unit> = line_numbers(covers).map(|i| cover_lines[i]).collect();
                let mut eliminations = Vec::new();
                for &cover in &cover_units {
                    for &cell in cover.cells() {
                        if !chosen.iter().any(|b| b.contains(cell))
                            && open_candidates(board, cell).contains(digit)
                        {
                            eliminations.push((cell, digit));
                        }
                    }
                }
                eliminations.sort();
                let pattern = chosen
                    .iter()
                    .flat_map(|&u| unit_cells(u, positions(board, u, digit)))
                    .map(|c| (c, Candidates::single(digit)))
                    .collect();
                let mut units = chosen;
                units.extend(cover_units);
                sink.push(Step::elimination(technique, eliminations, pattern, units))
            })
        })
    });
}

/// The line numbers in a mask of lines, ascending.
fn line_numbers(mask: u32) -> impl Iterator<Item = usize> {
    (0..32).filter(move |&i| mask >> i & 1 == 1)
}

/// Every shape's basic fish of `size` for one value, bases on rows (`rows`) or
/// on columns: lines where the value is not placed, each with `min_places` to
/// `size` places, whose places together lie in `size` cover lines (bit `i` of a
/// line mask is line `i`; a line's places are the cover lines they lie in).
/// Combinations in Gosper's order; `visit(bases, covers)` returns true to stop.
pub(crate) fn fish_of_value<B: CandidateBoard>(
    board: &B,
    value: u8,
    rows: bool,
    size: usize,
    min_places: u32,
    visit: impl FnMut(u32, u32) -> bool,
) -> bool {
    let side = board.side();
    let bit = value_bit(value);
    let first_unit = if rows { 0 } else { side };
    let mut places = [0u32; MAX_SIDE];
    let mut placed = 0u32;
    for (line, places) in places[..side].iter_mut().enumerate() {
        for (i, cell) in board.unit_cells(first_unit + line).enumerate() {
            match board.value(cell) {
                0 if board.candidate_bits(cell) & bit != 0 => *places |= 1 << i,
                v if v == value => placed |= 1 << line,
                _ => {}
            }
        }
    }
    fish_of_lines(board, &places[..side], placed, size, min_places, visit)
}

/// [`fish_of_value`] from the value's places in each base line (`places[i]`:
/// the cover lines of line `i`'s places) and the lines where it is `placed`.
fn fish_of_lines<B: CandidateBoard>(
    board: &B,
    places: &[u32],
    placed: u32,
    size: usize,
    min_places: u32,
    visit: impl FnMut(u32, u32) -> bool,
) -> bool {
    let mut bases = [(0u32, 0u32); MAX_SIDE];
    let mut count = 0;
    for (line, &places) in places.iter().enumerate() {
        if placed >> line & 1 == 0
            && (min_places..=size as u32).contains(&board.count_positions(places))
        {
            bases[count] = (1 << line, places);
            count += 1;
        }
    }
    if count < size {
        return false;
    }
    // The subset walk drops a partial choice of bases whose places already
    // span more than `size` lines (a 16x16 Jellyfish has 1,820 choices of four
    // bases per value, nearly all of them wide at the second or third base).
    let count_lines = |covers: u32| board.count_positions(covers) as usize;
    each_subset(&bases[..count], size, count_lines, visit)
}

/// "the 4s of rows 2, 7 all lie in columns 3, 8".
pub fn text(step: &Step) -> String {
    let Some(digit) = step.digits().first().copied() else {
        return String::new();
    };
    fish_text(
        &Classic,
        &step.units,
        digit,
        step.pattern.iter().map(|&(c, _)| c),
    )
}

/// A basic fish's reasoning on any board: `value`'s places `cells` in the base
/// lines (the first half of `units`) all lie in the cover lines (the second half).
pub fn fish_text(
    names: &impl Names,
    units: &[Unit],
    value: Digit,
    cells: impl IntoIterator<Item = Cell>,
) -> String {
    let lines = |units: &[Unit]| {
        let kind = units.first().map_or("", |&u| names.unit_kind(u).0);
        let numbers: Vec<String> = units
            .iter()
            .map(|&u| names.unit_kind(u).1.to_string())
            .collect();
        format!("{kind}s {}", numbers.join(", "))
    };
    let (half, value) = (units.len() / 2, names.value(value));
    let (bases, covers) = (lines(&units[..half]), lines(&units[half..]));
    format!(
        "in {bases} the {value} can only go in {covers} ({}), so {covers} have their {value}s in those cells",
        names::cells_text(names, cells)
    )
}
