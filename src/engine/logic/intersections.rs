//! Locked Candidates: where a digit's places in one unit all lie in a second unit,
//! the digit cannot go elsewhere in that second unit. Pointing: a box points along a
//! row or column. Claiming (box-line reduction): a row or column claims a box.

//!
//! The finder ([`locked_candidates`]) serves every shape through
//! [`CandidateBoard`]: on shapes any two units that share cells lock (a jigsaw
//! region and a line, a diagonal and a box, a window and a line).

use super::candidate_board::CandidateBoard;
use super::{Sink, Step, Technique};
use crate::engine::board::Board;
use crate::engine::geometry::{MAX_SIDE, position_bits, value_bit};
use crate::engine::names::{self, Classic, Names};
use crate::engine::types::{CELLS, Candidates, Cell, Digit, GEOMETRY, SIZE, Unit};

/// One locked-candidates instance on any shape: `value`'s places in unit `from`
/// (the open cells allowing it, as bit `i` for the `i`-th cell of `from`) all lie
/// in unit `to`, and `to` has the value elsewhere to strike (`struck`, bit `i`
/// for the `i`-th cell of `to`): the finder's one scan of `to`, kept.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Locked {
    pub from: usize,
    pub to: usize,
    pub value: u8,
    pub places: u32,
    pub struck: u32,
}

/// The cells of `unit` at the positions `bits` holds, ascending.
fn cells_at<B: CandidateBoard>(board: &B, unit: usize, bits: u32) -> impl Iterator<Item = usize> {
    (board.unit_cells(unit).enumerate())
        .filter(move |&(i, _)| bits >> i & 1 == 1)
        .map(|(_, c)| c)
}

/// The positions in unit `to` of the cells outside unit `from` that allow
/// `value`: its places in `to`, less the overlap (a table read on shapes).
fn strikes<B: CandidateBoard>(board: &B, from: usize, to: usize, value: u8) -> u32 {
    let bit = value_bit(value);
    position_bits(board.unit_cells(to), |c| {
        board.open_candidates(c) & bit != 0
    }) & !board.unit_overlap(to, from)
}

impl Locked {
    /// The places of the value in `from`, ascending.
    pub fn places<B: CandidateBoard>(&self, board: &B) -> Vec<usize> {
        cells_at(board, self.from, self.places).collect()
    }

    /// This instance as a step of `technique` on any board: the value's places
    /// in `from` (the pattern), its cells in `to` outside `from` (struck), and
    /// the units `from` then `to`.
    pub fn step<B: CandidateBoard>(&self, board: &B, technique: Technique) -> Step {
        let (value, one) = (
            Digit::new(self.value),
            Candidates::from_bits(value_bit(self.value)),
        );
        Step {
            eliminations: self
                .eliminations(board)
                .into_iter()
                .map(|(c, _)| (Cell::new(c), value))
                .collect(),
            pattern: self
                .places(board)
                .into_iter()
                .map(|c| (Cell::new(c), one))
                .collect(),
            units: vec![Unit::new(self.from), Unit::new(self.to)],
            ..Step::of(technique)
        }
    }

    /// The cells of `to` outside `from` that lose the value, ascending.
    pub fn eliminations<B: CandidateBoard>(&self, board: &B) -> Vec<(usize, u8)> {
        (cells_at(board, self.to, self.struck))
            .map(|c| (c, self.value))
            .collect()
    }
}

/// Every shape's Locked Candidates: for each unit of `sources` (in the caller's
/// order), each value with at least `min_places` places there, each other unit
/// holding all of them (ascending) where the value has something to strike. A
/// single place locks only into a unit sharing two or more cells with `from`
/// (the shaped ladder's rule; the classic ladder asks for two places). `visit`
/// returns true to stop.
pub(crate) fn locked_candidates<B: CandidateBoard>(
    board: &B,
    sources: impl IntoIterator<Item = usize>,
    min_places: u32,
    mut visit: impl FnMut(Locked) -> bool,
) {
    // Why one pass per unit: nets run this inside every branch of a 16x16
    // (it was 46% of grading one), and reading each cell once for all values,
    // with the units' overlaps from the board (a geometry's table), is what the
    // scan of every cell per value cost.
    let side = board.side();
    for from in sources {
        let (mut cells, mut places) = ([0usize; MAX_SIDE], [0u32; MAX_SIDE]);
        for (i, cell) in board.unit_cells(from).enumerate() {
            cells[i] = cell;
            let mut bits = board.open_candidates(cell);
            while bits != 0 {
                places[bits.trailing_zeros() as usize] |= 1 << i;
                bits &= bits - 1;
            }
        }
        for value in 1..=side as u8 {
            let places = places[usize::from(value) - 1];
            let count = places.count_ones();
            if count == 0 || count < min_places {
                continue;
            }
            let first = cells[places.trailing_zeros() as usize];
            for to in board.units_of(first) {
                if to == from {
                    continue;
                }
                let overlap = board.unit_overlap(from, to);
                if places & !overlap != 0 || (count == 1 && overlap.count_ones() < 2) {
                    continue;
                }
                let struck = strikes(board, from, to, value);
                if struck != 0
                    && visit(Locked {
                        from,
                        to,
                        value,
                        places,
                        struck,
                    })
                {
                    return;
                }
            }
        }
    }
}

/// Pointing: a digit's places in a box all in one row or column.
pub fn pointing(board: &Board, sink: &mut Sink) {
    let boxes = (0..SIZE).map(|b| Unit::box_at(b).index());
    classic(board, sink, Technique::LockedCandidatesPointing, boxes);
}

/// Claiming: a digit's places in a row or column all in one box.
pub fn claiming(board: &Board, sink: &mut Sink) {
    classic(
        board,
        sink,
        Technique::LockedCandidatesClaiming,
        0..2 * SIZE,
    );
}

/// The classic finders on the digits' patterns (bit masks of the cells that
/// hold each digit): the instances [`locked_candidates`] finds, in its order
/// (each source, values ascending, the unit taking the places among the first
/// place's row, column and box), without walking the units cell by cell.
///
/// An instance reads one digit's pattern only, so a digit whose pattern had
/// none before has none now ([`super::recall`]): each digit's sources with an
/// instance are found first (a digit with none is noted), and the finder's
/// order is then walked over those alone, which keeps it.
fn classic(
    board: &Board,
    sink: &mut Sink,
    technique: Technique,
    sources: impl Iterator<Item = usize> + Clone,
) {
    let patterns = sink.cache().patterns(board);
    // Per digit, the sources it locks from (bits by unit index).
    let mut locking = [0u32; SIZE];
    for (digit, pattern) in Digit::all().zip(patterns) {
        if sink.cache().found_nothing(technique, digit, pattern) {
            continue;
        }
        let open = pattern.open();
        let pointing = technique == Technique::LockedCandidatesPointing;
        locking[digit.index()] = locking_sources(open, pointing);
        #[cfg(debug_assertions)]
        for from in sources.clone() {
            assert_eq!(
                locking[digit.index()] >> from & 1 == 1,
                locks(from, open).next().is_some()
            );
        }
        if locking[digit.index()] == 0 {
            sink.cache().note_nothing(technique, digit, pattern);
        }
    }
    for from in sources {
        for (digit, pattern) in patterns.iter().enumerate() {
            if locking[digit] >> from & 1 == 0 {
                continue;
            }
            for (to, places, struck) in locks(from, pattern.open()) {
                let found = Locked {
                    from,
                    to,
                    value: digit as u8 + 1,
                    places: position_bits(&GEOMETRY.units[from], |c| places >> c.index() & 1 == 1),
                    struck: position_bits(&GEOMETRY.units[to], |c| struck >> c.index() & 1 == 1),
                };
                if sink.push(found.step(board, technique)) {
                    return;
                }
            }
        }
    }
}

/// The sources from which a digit whose open places are `open` locks, as
/// bits by unit index: the boxes that point along a line (`pointing`), or the
/// lines that claim a box. What [`locks`] finds from each, told from the
/// pattern's bits at once (this runs for every digit on every position that
/// reaches Locked Candidates), so that it is asked only where it finds something.
///
/// For all rows at once, at the bit of a row's first cell in stack `s`:
/// `any_row` when one of the row's cells there holds the digit, `two_row`
/// when two or more do, `others` when another stack's do, `near` when the
/// band's other rows' do. A box points along a row when it has two places
/// there and none in its other rows, and the row has more (`two & !near &
/// others`); a row claims a box with the roles swapped. Per band, bit `c` of
/// `columns` marks column `c` holding the digit there, of `doubled` twice or
/// more; columns point and claim the same way.
/// The cells in the columns of `columns` and the rows of `rows` (bit masks).
const fn cells_in(columns: u16, rows: u16) -> u128 {
    let mut cells = 0u128;
    let mut cell = 0;
    while cell < CELLS {
        if columns >> (cell % SIZE) & 1 == 1 && rows >> (cell / SIZE) & 1 == 1 {
            cells |= 1 << cell;
        }
        cell += 1;
    }
    cells
}

/// Each row's first cell in each stack.
const STACK_FIRSTS: u128 = cells_in(0b001_001_001, 0x1ff);
/// Per stack, its first cell in each row.
const STACK_FIRST: [u128; 3] = [
    cells_in(1, 0x1ff),
    cells_in(1 << 3, 0x1ff),
    cells_in(1 << 6, 0x1ff),
];
/// Per `i`, the `i`-th row of each band.
const BAND_ROW: [u128; 3] = [
    cells_in(0x1ff, 0b001_001_001),
    cells_in(0x1ff, 0b010_010_010),
    cells_in(0x1ff, 0b100_100_100),
];

fn locking_sources(open: u128, pointing: bool) -> u32 {
    const STACKS: u16 = 0b001_001_001;
    let any = |row: u16| (row | row >> 1 | row >> 2) & STACKS;
    let two = |row: u16| (row & row >> 1 | row & row >> 2 | row >> 1 & row >> 2) & STACKS;
    // The boxes of `band` in the stacks marked in `stacks` (bit `3s` for
    // stack `s`), as bits by unit index.
    let boxes = |band: usize, stacks: u16| {
        u32::from(stacks & 1 | stacks >> 2 & 2 | stacks >> 4 & 4) << (2 * SIZE + 3 * band)
    };
    let any_row = (open | open >> 1 | open >> 2) & STACK_FIRSTS;
    let two_row = (open & open >> 1 | open & open >> 2 | open >> 1 & open >> 2) & STACK_FIRSTS;
    let [s0, s1, s2] = STACK_FIRST;
    let others = (any_row >> 3 & (s0 | s1))
        | (any_row >> 6 & s0)
        | (any_row << 3 & (s1 | s2))
        | (any_row << 6 & s2);
    let [b0, b1, b2] = BAND_ROW;
    let near = (any_row >> SIZE & (b0 | b1))
        | (any_row >> (2 * SIZE) & b0)
        | (any_row << SIZE & (b1 | b2))
        | (any_row << (2 * SIZE) & b2);
    let mut sources = 0u32;
    if pointing {
        let points = two_row & !near & others;
        // Bit 27b + 3s: box s of band b points along one of its rows.
        let mut boxed = (points | points >> SIZE | points >> (2 * SIZE)) & b0;
        while boxed != 0 {
            let at = boxed.trailing_zeros() as usize;
            boxed &= boxed - 1;
            sources |= 1 << (2 * SIZE + at / SIZE + at % SIZE / 3);
        }
    } else {
        let mut claims = two_row & !others & near;
        while claims != 0 {
            let row = claims.trailing_zeros() as usize / SIZE;
            claims &= !(0x1ffu128 << (SIZE * row));
            sources |= 1 << row;
        }
    }
    // Per band (bit 27b up), its columns holding the digit, and twice or more.
    let held = open | open >> SIZE | open >> (2 * SIZE);
    let twice = open & open >> SIZE | open & open >> (2 * SIZE) | open >> SIZE & open >> (2 * SIZE);
    let columns: [u16; 3] = std::array::from_fn(|band| (held >> (3 * SIZE * band)) as u16 & 0x1ff);
    let doubled: [u16; 3] = std::array::from_fn(|band| (twice >> (3 * SIZE * band)) as u16 & 0x1ff);
    for band in 0..3 {
        let elsewhere = columns[(band + 1) % 3] | columns[(band + 2) % 3];
        // The columns of a stack where two or more of them hold the digit.
        let crowded = two(columns[band]) * 0b111;
        if pointing {
            sources |= boxes(band, any(doubled[band] & elsewhere & !crowded));
        } else {
            sources |= u32::from(doubled[band] & !elsewhere & crowded) << SIZE;
        }
    }
    sources
}

/// The units a digit whose open places are `open` locks into from unit
/// `from` (two places or more there, all in the unit), each with the places
/// and the cells it strikes, as bits of cell indices: in the order of the
/// first place's units.
fn locks(from: usize, open: u128) -> impl Iterator<Item = (usize, u128, u128)> {
    let from_cells = GEOMETRY.unit_masks[from];
    let places = open & from_cells;
    // Two places or more.
    let units = if places & places.wrapping_sub(1) == 0 {
        None
    } else {
        Some(GEOMETRY.units_of[places.trailing_zeros() as usize].map(Unit::index))
    };
    units.into_iter().flatten().filter_map(move |to| {
        let to_cells = GEOMETRY.unit_masks[to];
        let struck = open & to_cells & !from_cells;
        (to != from && places & !to_cells == 0 && struck != 0).then_some((to, places, struck))
    })
}

/// "in box 4 the 5 can only go in r4c1, r5c1, which lie in column 1".
pub fn text(step: &Step) -> String {
    let (Some(&from), Some(&to), Some(digit)) = (
        step.units.first(),
        step.units.get(1),
        step.digits().first().copied(),
    ) else {
        return String::new();
    };
    locked_text(
        &Classic,
        (from, to),
        digit,
        step.pattern.iter().map(|&(c, _)| c),
    )
}

/// A locked-candidates step's reasoning on any board: `value`'s places `cells`
/// in unit `from` all lie in unit `to`.
pub fn locked_text(
    names: &impl Names,
    (from, to): (Unit, Unit),
    value: Digit,
    cells: impl IntoIterator<Item = Cell>,
) -> String {
    let (from, to, value) = (names.unit(from), names.unit(to), names.value(value));
    format!(
        "in {from} the {value} can only go in {}, which all lie in {to}, so {to} has its {value} there",
        names::cells_text(names, cells)
    )
}
