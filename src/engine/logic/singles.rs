//! Singles: Full House (the last open cell of a unit), Hidden Single (a digit with
//! one place left in a unit, boxes first) and Naked Single (a cell with one candidate).
//!
//! The finders (`full_houses`, `hidden_singles`, `naked_singles`) serve every
//! shape through [`CandidateBoard`]; the classic steps and their text are built here.

use super::candidate_board::{CandidateBoard, only_value};
use super::{Sink, Step, Technique, cells_text};
use crate::engine::board::{Board, Contradiction};
use crate::engine::geometry::{ValueMask, value_bit};
use crate::engine::types::{CELLS, Candidates, Cell, Digit, GEOMETRY, SIZE, UNITS, Unit};

/// The simplest single on the board: a Full House, then a Hidden Single, then a Naked Single.
pub fn find(board: &Board) -> Option<Step> {
    super::find_step_among(board, &Technique::SINGLES)
}

/// Units with exactly one open cell: that cell takes the unit's missing digit.
pub fn full_house(board: &Board, sink: &mut Sink) {
    // The units with one open cell, told from the open cells' bits at once:
    // this runs on every position, and few units qualify.
    let open = open_cells(board);
    let units = (0..UNITS).filter(|&unit| {
        let here = open & GEOMETRY.unit_masks[unit];
        here != 0 && here & (here - 1) == 0
    });
    full_houses_among(board, units, |cell, value, unit| {
        let mut step = Step::placement(Technique::FullHouse, Cell::new(cell), Digit::new(value));
        step.units.push(Unit::new(unit));
        sink.push(step)
    });
}

/// The open cells of `board`, as bits of their indices: sixteen cells per
/// compare on x86-64 (SSE2 is part of its baseline).
fn open_cells(board: &Board) -> u128 {
    let values = board.digits().values();
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{
            _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_setzero_si128,
        };
        let mut open = 0u128;
        for chunk in 0..CELLS / 16 {
            // SAFETY: the load reads bytes 16 * chunk to 16 * chunk + 15 of
            // the 81 (chunk < 5); the rest is SSE2 arithmetic on registers.
            let empty = unsafe {
                let digits = _mm_loadu_si128(values.as_ptr().add(16 * chunk).cast());
                _mm_movemask_epi8(_mm_cmpeq_epi8(digits, _mm_setzero_si128()))
            };
            open |= u128::from(empty as u16) << (16 * chunk);
        }
        let last = CELLS / 16 * 16;
        (last..CELLS).fold(open, |acc, cell| {
            acc | u128::from(values[cell] == 0) << cell
        })
    }
    #[cfg(not(target_arch = "x86_64"))]
    (values.iter().enumerate()).fold(0, |acc, (cell, &v)| acc | u128::from(v == 0) << cell)
}

/// Every shape's Full House: a unit (in the board's order) with one open cell,
/// which allows the one value the unit lacks. `visit(cell, value, unit)` returns
/// true to stop.
pub(crate) fn full_houses<B: CandidateBoard>(
    board: &B,
    visit: impl FnMut(usize, u8, usize) -> bool,
) {
    full_houses_among(board, 0..board.unit_count(), visit);
}

/// [`full_houses`] among `units`, in the order given.
fn full_houses_among<B: CandidateBoard>(
    board: &B,
    units: impl IntoIterator<Item = usize>,
    mut visit: impl FnMut(usize, u8, usize) -> bool,
) {
    for unit in units {
        let mut open = board.unit_cells(unit).filter(|&c| board.value(c) == 0);
        let Some(cell) = open.next() else {
            continue;
        };
        if open.next().is_some() {
            continue;
        }
        let held = board
            .unit_cells(unit)
            .fold(0, |acc, c| match board.value(c) {
                0 => acc,
                value => acc | value_bit(value),
            });
        let Some(value) = only_value(board.all_values() & !held) else {
            continue;
        };
        if board.candidate_bits(cell) & value_bit(value) == 0 {
            continue;
        }
        if visit(cell, value, unit) {
            return;
        }
    }
}

/// Units in the order a person scans them for hidden singles: boxes (units
/// 18..27), then rows, then columns.
fn scan_order() -> impl Iterator<Item = usize> {
    (2 * SIZE..UNITS).chain(0..2 * SIZE)
}

/// Digits with one place left in a unit. Every unit's lone values come from
/// one pass over the board (this runs on every position, and most searches
/// read all 27 units), then each unit is walked as [`hidden_singles`] does.
pub fn hidden_single(board: &Board, sink: &mut Sink) {
    let lone = lone_values(board);
    for unit in scan_order() {
        let found = singles_among(board, unit, lone[unit], |cell, value, unit| {
            let (cell, digit, unit) = (Cell::new(cell), Digit::new(value), Unit::new(unit));
            let mut step = Step::placement(Technique::HiddenSingle, cell, digit);
            step.units.push(unit);
            step.pattern = blockers(board, unit, cell, digit);
            sink.push(step)
        });
        if found {
            return;
        }
    }
}

/// Per unit (by index), the values [`lone_in_unit`] gives: on x86-64 by SSE2,
/// eight cells of a row at a time (the ninth column apart), each unit
/// reduced from the rows' lanes.
fn lone_values(board: &Board) -> [u32; UNITS] {
    #[cfg(target_arch = "x86_64")]
    {
        let lone = lone_values_sse2(board);
        #[cfg(debug_assertions)]
        for (unit, &values) in lone.iter().enumerate() {
            assert_eq!(values, lone_in_unit(board, unit), "unit {unit}");
        }
        lone
    }
    #[cfg(not(target_arch = "x86_64"))]
    std::array::from_fn(|unit| lone_in_unit(board, unit))
}

/// [`lone_values`] by SSE2. A set of cells is told by two masks: the values
/// `seen` in it and those seen `again` (twice or more, or in a placed
/// cell); two sets join as `(s | t, again_s | again_t | s & t)`, in any order.
/// Each row's eight first cells are 16-bit lanes (columns 0 to 7): the rows
/// join lane by lane into the bands' and then the columns' masks, each row's
/// lanes and each band's three-lane groups join across by shifts, and the
/// ninth column joins as plain integers.
#[cfg(target_arch = "x86_64")]
fn lone_values_sse2(board: &Board) -> [u32; UNITS] {
    use std::arch::x86_64::{
        __m128i, _mm_and_si128, _mm_andnot_si128, _mm_cmpeq_epi16, _mm_cvtsi128_si32,
        _mm_extract_epi16, _mm_loadl_epi64, _mm_or_si128, _mm_packs_epi32, _mm_set_epi32,
        _mm_setzero_si128, _mm_srli_si128, _mm_storeu_si128, _mm_unpacklo_epi8,
    };
    type Lanes = (__m128i, __m128i);
    let values = board.digits().values();
    let bits = |cell: usize| board.candidates[cell].bits();
    let join_one =
        |(s, again): (u32, u32), (t, again_t): (u32, u32)| (s | t, again | again_t | s & t);
    let mut lone = [0u32; UNITS];
    // SAFETY: each 8-byte load reads the digits of cells 9r to 9r + 7 (r < 9)
    // of the 81; the rest is SSE2 arithmetic on registers (x86-64's baseline).
    unsafe {
        let join = |(s, again): Lanes, (t, again_t): Lanes| {
            let both = _mm_and_si128(s, t);
            (
                _mm_or_si128(s, t),
                _mm_or_si128(_mm_or_si128(again, again_t), both),
            )
        };
        let zero = _mm_setzero_si128();
        let first_lane = |(s, again): Lanes| {
            let lane = |v| _mm_cvtsi128_si32(v) as u32 & 0xffff;
            (lane(s), lane(again))
        };
        let mut columns: Lanes = (zero, zero);
        let mut last_column = (0u32, 0u32);
        for band in 0..3 {
            let mut lanes: Lanes = (zero, zero);
            let mut last = (0u32, 0u32);
            for (row, lone_row) in lone.iter_mut().enumerate().skip(3 * band).take(3) {
                let first = SIZE * row;
                let four = |from: usize| {
                    let [a, b, c, d] = [from, from + 1, from + 2, from + 3].map(|c| bits(c) as i32);
                    _mm_set_epi32(d, c, b, a)
                };
                let seen = _mm_packs_epi32(four(first), four(first + 4));
                let digits = _mm_loadl_epi64(values.as_ptr().add(first).cast());
                let open = _mm_cmpeq_epi16(_mm_unpacklo_epi8(digits, zero), zero);
                let cells: Lanes = (seen, _mm_andnot_si128(open, seen));
                let ninth = first + SIZE - 1;
                let ninth = (
                    bits(ninth),
                    if values[ninth] == 0 { 0 } else { bits(ninth) },
                );
                let pairs = join(
                    cells,
                    (_mm_srli_si128::<2>(cells.0), _mm_srli_si128::<2>(cells.1)),
                );
                let fours = join(
                    pairs,
                    (_mm_srli_si128::<4>(pairs.0), _mm_srli_si128::<4>(pairs.1)),
                );
                let eights = join(
                    fours,
                    (_mm_srli_si128::<8>(fours.0), _mm_srli_si128::<8>(fours.1)),
                );
                let (s, again) = join_one(first_lane(eights), ninth);
                *lone_row = s & !again;
                lanes = join(lanes, cells);
                last = join_one(last, ninth);
            }
            // Lane 3k of `threes` holds columns 3k to 3k + 2 (lane 6 lacks
            // the ninth column, joined apart).
            let pairs = join(
                lanes,
                (_mm_srli_si128::<2>(lanes.0), _mm_srli_si128::<2>(lanes.1)),
            );
            let threes = join(
                pairs,
                (_mm_srli_si128::<4>(lanes.0), _mm_srli_si128::<4>(lanes.1)),
            );
            let lane = |v: __m128i, k: usize| {
                (match k {
                    0 => _mm_extract_epi16::<0>(v),
                    1 => _mm_extract_epi16::<3>(v),
                    _ => _mm_extract_epi16::<6>(v),
                }) as u32
            };
            for stack in 0..3 {
                let mut group = (lane(threes.0, stack), lane(threes.1, stack));
                if stack == 2 {
                    group = join_one(group, last);
                }
                lone[2 * SIZE + 3 * band + stack] = group.0 & !group.1;
            }
            columns = join(columns, lanes);
            last_column = join_one(last_column, last);
        }
        let (mut seen, mut again) = ([0u16; 8], [0u16; 8]);
        _mm_storeu_si128(seen.as_mut_ptr().cast(), columns.0);
        _mm_storeu_si128(again.as_mut_ptr().cast(), columns.1);
        for column in 0..SIZE - 1 {
            lone[SIZE + column] = u32::from(seen[column] & !again[column]);
        }
        lone[2 * SIZE - 1] = last_column.0 & !last_column.1;
    }
    lone
}

/// Every shape's Hidden Single: in each of `units` (the order is the caller's),
/// the values that are a candidate of exactly one cell, an open one (placed cells
/// counted as holding their value, so a value already placed is never a single).
/// `visit(cell, value, unit)` returns true to stop.
pub(crate) fn hidden_singles<B: CandidateBoard>(
    board: &B,
    units: impl IntoIterator<Item = usize>,
    mut visit: impl FnMut(usize, u8, usize) -> bool,
) {
    for unit in units {
        if singles_among(board, unit, lone_in_unit(board, unit), &mut visit) {
            return;
        }
    }
}

/// The values that are candidates in exactly one cell of `unit`, none of
/// them placed there: from two masks instead of one scan of the unit per
/// value. A value held by a placed cell alone is no single: `placed` drops
/// those before their cell is looked for (a value held by a placed cell and
/// another is in `again` anyway).
fn lone_in_unit<B: CandidateBoard>(board: &B, unit: usize) -> ValueMask {
    let (mut seen, mut again, mut placed) = (0, 0, 0);
    for cell in board.unit_cells(unit) {
        let bits = board.candidate_bits(cell);
        again |= seen & bits;
        seen |= bits;
        if board.value(cell) != 0 {
            placed |= bits;
        }
    }
    seen & !again & !placed
}

/// Visits the single of each value of `lone` in `unit` (values ascending),
/// as [`hidden_singles`] does; returns true when `visit` does.
fn singles_among<B: CandidateBoard>(
    board: &B,
    unit: usize,
    mut lone: ValueMask,
    mut visit: impl FnMut(usize, u8, usize) -> bool,
) -> bool {
    while lone != 0 {
        let bit = lone & lone.wrapping_neg();
        lone &= lone - 1;
        let Some(cell) = board
            .unit_cells(unit)
            .find(|&c| board.candidate_bits(c) & bit != 0)
        else {
            continue;
        };
        if board.value(cell) != 0 {
            continue;
        }
        if visit(cell, bit.trailing_zeros() as u8 + 1, unit) {
            return true;
        }
    }
    false
}

/// For each other open cell of `unit`, a placed peer holding `digit` that rules it
/// out (with the digit), then those ruled-out cells (with no candidates).
fn blockers(board: &Board, unit: Unit, target: Cell, digit: Digit) -> Vec<(Cell, Candidates)> {
    // Room for a blocker and a ruled-out cell per cell of the unit: grown
    // from empty, the lists moved on every hidden single.
    let mut found: Vec<(Cell, Candidates)> = Vec::with_capacity(2 * SIZE);
    let mut ruled_out = Vec::with_capacity(SIZE);
    for &cell in unit.cells() {
        if cell == target || board.digit(cell).is_some() {
            continue;
        }
        let blocker = cell
            .peers()
            .iter()
            .copied()
            .find(|&p| board.digit(p) == Some(digit));
        if let Some(b) = blocker {
            ruled_out.push((cell, Candidates::NONE));
            if !found.iter().any(|&(c, _)| c == b) {
                found.push((b, Candidates::single(digit)));
            }
        }
    }
    found.extend(ruled_out);
    found
}

/// Open cells with one candidate left.
pub fn naked_single(board: &Board, sink: &mut Sink) {
    naked_singles(board, |cell, value| {
        let (cell, digit) = (Cell::new(cell), Digit::new(value));
        let mut step = Step::placement(Technique::NakedSingle, cell, digit);
        step.pattern = cell
            .peers()
            .iter()
            .filter_map(|&p| board.digit(p).map(|d| (p, Candidates::single(d))))
            .collect();
        sink.push(step)
    });
}

/// Every shape's Naked Single: open cells, ascending, with one candidate left.
/// `visit(cell, value)` returns true to stop.
pub(crate) fn naked_singles<B: CandidateBoard>(
    board: &B,
    mut visit: impl FnMut(usize, u8) -> bool,
) {
    for cell in 0..board.cell_count() {
        if board.value(cell) != 0 {
            continue;
        }
        if let Some(value) = only_value(board.candidate_bits(cell))
            && visit(cell, value)
        {
            return;
        }
    }
}

/// A cell with no candidate left, or a digit with no place left in a unit that lacks it.
pub fn contradiction(board: &Board) -> Option<Contradiction> {
    if let Some(cell) = board.open_cells().find(|&c| board.candidates(c).is_empty()) {
        return Some(Contradiction::NoCandidates(cell));
    }
    Unit::all().find_map(|unit| {
        Digit::all()
            .find(|&d| board.places(unit, d).next().is_none())
            .map(|digit| Contradiction::NoPlace { digit, unit })
    })
}

/// The explanation of a single, in a person's terms.
pub fn text(step: &Step) -> String {
    let Some(&(cell, digit)) = step.placements.first() else {
        return step.basis.to_string();
    };
    match step.technique() {
        Some(Technique::FullHouse) => format!(
            "Full house: {cell} is the last open cell in {}, so it takes the missing {digit}",
            unit_or_board(step)
        ),
        Some(Technique::HiddenSingle) => {
            let Some(&unit) = step.units.first() else {
                return format!("Hidden single: {cell} is the only place left for {digit}");
            };
            let others: Vec<Cell> = step
                .pattern
                .iter()
                .filter(|(_, d)| d.is_empty())
                .map(|&(c, _)| c)
                .collect();
            let verb = if others.len() == 1 { "is" } else { "are" };
            let blockers = step.pattern.iter().filter(|(_, d)| !d.is_empty());
            let why = if step.pattern.is_empty() {
                "; the other cells have lost it as a candidate".to_string()
            } else {
                format!(
                    "; {} {verb} ruled out by the {digit}s in {}",
                    cells_text(others),
                    cells_text(blockers.map(|&(c, _)| c))
                )
            };
            format!("Hidden single: in {unit} the {digit} can only go in {cell}{why}")
        }
        _ => {
            let seen: Candidates = step
                .pattern
                .iter()
                .fold(Candidates::NONE, |acc, &(_, d)| acc.union(d));
            let why = if seen.len() == 8 {
                format!("its row, column and box already hold {seen}")
            } else {
                "the other digits are ruled out".to_string()
            };
            format!("Naked single: {cell} can only be {digit}: {why}")
        }
    }
}

fn unit_or_board(step: &Step) -> String {
    step.units
        .first()
        .map_or_else(|| "its unit".to_string(), |u| u.to_string())
}
