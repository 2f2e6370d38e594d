//! Naked and hidden subsets (pairs, triples, quads). Naked: n cells of a unit
//! whose candidates together are n digits; those digits go nowhere else in the
//! unit. Hidden: n digits whose places in a unit are the same n cells; those cells
//! hold no other digit. A naked pair or triple whose cells share a box and a line
//! (a Locked Pair or Triple) removes its digits from both in one step.
//!
//! The finders ([`naked_subsets`], [`hidden_subsets`]) serve every shape through
//! [`CandidateBoard`]; they visit the subsets of a unit in Gosper's order (the
//! classic ladder takes the first that strikes something; the shaped ladder
//! keeps, per unit, the first in lexicographic order, as it always has).

use super::candidate_board::{CandidateBoard, values_of};
use super::places::positions_in_units;
use super::recall::{self, DigitPattern};
use super::{Sink, Step, Technique};
use crate::engine::board::Board;
use crate::engine::geometry::{MAX_SIDE, ValueMask};
use crate::engine::names::{self, Classic, Names};
use crate::engine::types::{Candidates, Cell, Digit, GEOMETRY, SIZE, UNITS, Unit};

pub fn naked_pair(board: &Board, sink: &mut Sink) {
    naked(board, sink, 2, Technique::NakedPair);
}
pub fn naked_triple(board: &Board, sink: &mut Sink) {
    naked(board, sink, 3, Technique::NakedTriple);
}
pub fn naked_quad(board: &Board, sink: &mut Sink) {
    naked(board, sink, 4, Technique::NakedQuad);
}
pub fn hidden_pair(board: &Board, sink: &mut Sink) {
    hidden(board, sink, 2, Technique::HiddenPair);
}
pub fn hidden_triple(board: &Board, sink: &mut Sink) {
    hidden(board, sink, 3, Technique::HiddenTriple);
}
pub fn hidden_quad(board: &Board, sink: &mut Sink) {
    hidden(board, sink, 4, Technique::HiddenQuad);
}

/// The other unit all of `cells` share with `unit` (a box for a line, a line for a box).
fn second_unit(unit: Unit, cells: &[Cell]) -> Option<Unit> {
    let first = cells[0];
    [
        Unit::row(first.row()),
        Unit::col(first.col()),
        Unit::box_at(first.box_index()),
    ]
    .into_iter()
    .find(|&u| u != unit && cells.iter().all(|&c| u.contains(c)))
}

/// The cells of `unit` selected by `positions` (bit `i` for its `i`-th cell).
pub(crate) fn unit_cells_at<B: CandidateBoard>(
    board: &B,
    unit: usize,
    positions: u32,
) -> impl Iterator<Item = usize> + '_ {
    board
        .unit_cells(unit)
        .enumerate()
        .filter(move |&(i, _)| positions >> i & 1 == 1)
        .map(|(_, c)| c)
}

/// Every shape's naked subsets of `size`: in each of `units` (in the order
/// given), `size` open cells, each with two to `size` candidates, whose candidates
/// together are `size` values. `visit(unit, cells, values)`, `cells` as bit `i`
/// for the unit's `i`-th cell, returns true to stop.
pub(crate) fn naked_subsets<B: CandidateBoard>(
    board: &B,
    size: usize,
    units: impl IntoIterator<Item = usize>,
    mut visit: impl FnMut(usize, u32, ValueMask) -> bool,
) {
    for unit in units {
        let (members, count) = naked_members(board, size, unit);
        if naked_among(board, size, unit, &members[..count], &mut visit) {
            return;
        }
    }
}

/// The open cells of `unit` with two to `size` candidates, each as its bit
/// in the unit and its candidates, and how many there are.
fn naked_members<B: CandidateBoard>(
    board: &B,
    size: usize,
    unit: usize,
) -> ([(u32, ValueMask); MAX_SIDE], usize) {
    let mut members = [(0u32, 0 as ValueMask); MAX_SIDE];
    let mut count = 0;
    for (i, cell) in board.unit_cells(unit).enumerate() {
        let candidates = board.open_candidates(cell);
        if (2..=size as u32).contains(&board.count_values(candidates)) {
            members[count] = (1 << i, candidates);
            count += 1;
        }
    }
    (members, count)
}

/// The naked subsets of `size` among `members` of `unit` (each a cell's bit
/// in the unit and its candidates, two to `size` of them): [`naked_subsets`]
/// in one unit. `visit` returns true to stop, and so does this.
fn naked_among<B: CandidateBoard>(
    board: &B,
    size: usize,
    unit: usize,
    members: &[(u32, ValueMask)],
    mut visit: impl FnMut(usize, u32, ValueMask) -> bool,
) -> bool {
    if members.len() < size {
        return false;
    }
    let count_values = |values| board.count_values(values) as usize;
    let found = |cells, values| visit(unit, cells, values);
    each_subset(members, size, count_values, found)
}

/// The open cells with two to `size` candidates (`size` at most 4), from
/// the digits' patterns: a cell's count is summed in bit slices, all cells
/// at once (`at_least[k]`: the cells with more than `k` candidates), where
/// a read of every unit's cells cost ~25 instructions a cell, for each size.
fn cells_with_two_to(patterns: &[DigitPattern; SIZE], size: usize) -> u128 {
    let mut at_least = [0u128; 5];
    for pattern in patterns {
        let mut carry = pattern.open();
        for level in &mut at_least {
            let next = *level & carry;
            *level |= carry;
            carry = next;
        }
    }
    at_least[1] & !at_least[size]
}

/// Visits, in Gosper's order (ascending masks of `members`, the order the
/// finders always took), the `size`-subsets of `members` (each a key bit and
/// the bits it covers) whose union covers exactly `size` bits, `count`ing the
/// bits covered: `visit(keys, covered)` returns true to stop, and so does this.
/// A partial subset already covering more than `size` bits is not completed,
/// so most subsets are never built (a mask per subset walked them all).
pub(super) fn each_subset(
    members: &[(u32, u32)],
    size: usize,
    count: impl Fn(u32) -> usize,
    mut visit: impl FnMut(u32, u32) -> bool,
) -> bool {
    if size == 0 {
        return count(0) == 0 && visit(0, 0);
    }
    each_combination(
        members,
        size,
        |(_, bits)| bits,
        |covered| count(covered) <= size,
        |chosen, above| {
            let covering = above | chosen[0].1;
            count(covering) == size && visit(chosen.iter().fold(0, |keys, m| keys | m.0), covering)
        },
    )
}

/// The `size`-combinations of `items` (`size` from 1 to [`MAX_SIDE`]) in
/// Gosper's order (ascending masks), for the subset and finned fish finders:
/// the highest item is chosen first and each next one below it, with the
/// union of their `bits` built on the way; a choice of all but the last member
/// whose union fails `widen` is not completed. `last(chosen, above)` gets each
/// combination ascending (`chosen[0]`, the last member, tried in a plain loop)
/// and the union of the members above `chosen[0]`; it returns true to stop, and
/// so does this. The choices before the last are kept on a small stack (a
/// recursive call per choice cost more than the choice).
pub(super) fn each_combination<T: Copy + Default>(
    items: &[T],
    size: usize,
    bits: impl Fn(T) -> u32,
    widen: impl Fn(u32) -> bool,
    mut last: impl FnMut(&[T], u32) -> bool,
) -> bool {
    debug_assert!((1..=MAX_SIDE).contains(&size));
    let mut chosen = [T::default(); MAX_SIDE];
    let depth = size - 1;
    if depth == 0 {
        return items.iter().any(|&item| {
            chosen[0] = item;
            last(&chosen[..1], 0)
        });
    }
    // Per depth (0 for the highest member), the index of the item chosen there
    // and the union of the members chosen above it.
    let mut top = [0usize; MAX_SIDE];
    let mut above = [0u32; MAX_SIDE];
    let mut level = 0;
    top[0] = depth;
    loop {
        let below = if level == 0 {
            items.len()
        } else {
            top[level - 1]
        };
        if top[level] >= below {
            if level == 0 {
                return false;
            }
            level -= 1;
            top[level] += 1;
            continue;
        }
        let item = items[top[level]];
        let union = above[level] | bits(item);
        chosen[depth - level] = item;
        if widen(union) {
            if level + 1 == depth {
                for &lowest in &items[..top[level]] {
                    chosen[0] = lowest;
                    if last(&chosen[..size], union) {
                        return true;
                    }
                }
            } else {
                above[level + 1] = union;
                level += 1;
                top[level] = depth - level;
                continue;
            }
        }
        top[level] += 1;
    }
}

/// Every shape's hidden subsets of `size`: in each of `units` (in the order
/// given), `size` values not placed there, each with `min_places` to `size` places (open
/// cells), whose places together are `size` cells. `visit(unit, values, cells)`,
/// `cells` as bit `i` for the unit's `i`-th cell, returns true to stop.
pub(crate) fn hidden_subsets<B: CandidateBoard>(
    board: &B,
    size: usize,
    min_places: u32,
    units: impl IntoIterator<Item = usize>,
    mut visit: impl FnMut(usize, ValueMask, u32) -> bool,
) {
    let side = board.side();
    for unit in units {
        let (places_of, placed) = places_in_unit(board, unit);
        let values = (places_of[..side].iter().enumerate())
            .filter(|&(index, _)| placed >> index & 1 == 0)
            .map(|(index, &places)| (1 << index, places));
        let found = |values, cells| visit(unit, values, cells);
        if hidden_among(board, size, min_places, values, found) {
            return;
        }
    }
}

/// Every value's places in `unit` (bit `i` for its `i`-th cell, an open one),
/// by value index, from one pass over its cells, and the values placed there.
/// Every shape reads its units this way; the classic ladder reads the same
/// places for all units at once from the digit patterns ([`super::places::UnitPlaces`],
/// shared through the position's cache by hidden subsets and both fish finders).
pub(crate) fn places_in_unit<B: CandidateBoard>(
    board: &B,
    unit: usize,
) -> ([u32; MAX_SIDE], ValueMask) {
    let mut places_of = [0u32; MAX_SIDE];
    let mut placed: ValueMask = 0;
    for (i, cell) in board.unit_cells(unit).enumerate() {
        match board.value(cell) {
            0 => {
                let mut bits = board.candidate_bits(cell);
                while bits != 0 {
                    places_of[bits.trailing_zeros() as usize] |= 1 << i;
                    bits &= bits - 1;
                }
            }
            value => placed |= 1 << (value - 1),
        }
    }
    (places_of, placed)
}

/// The hidden subsets of `size` among `values` (each value's bit and its
/// places in one unit, the values placed there left out): [`hidden_subsets`]
/// in one unit. `visit(values, cells)` returns true to stop, and so does this.
fn hidden_among<B: CandidateBoard>(
    board: &B,
    size: usize,
    min_places: u32,
    values: impl Iterator<Item = (ValueMask, u32)>,
    visit: impl FnMut(ValueMask, u32) -> bool,
) -> bool {
    let mut members = [(0 as ValueMask, 0u32); MAX_SIDE];
    let mut count = 0;
    for (bit, places) in values {
        if (min_places..=size as u32).contains(&board.count_positions(places)) {
            members[count] = (bit, places);
            count += 1;
        }
    }
    let count_cells = |cells: u32| board.count_positions(cells) as usize;
    count >= size && each_subset(&members[..count], size, count_cells, visit)
}

/// The classic finders search unit by unit, skipping the units they found
/// nothing in on an earlier position that have not changed since (see
/// [`recall::each_unit`]). The members (open cells with two to `size`
/// candidates) are told for all units at once from the position's digit
/// patterns.
fn naked(board: &Board, sink: &mut Sink, size: usize, technique: Technique) {
    let patterns = sink.cache().patterns(board);
    let few = positions_in_units(cells_with_two_to(&patterns, size));
    let mut members = [(0u32, 0 as ValueMask); MAX_SIDE];
    recall::each_unit(board, sink, technique, 0..UNITS, |sink, unit| {
        let cells = &GEOMETRY.units[unit];
        let mut count = 0;
        let mut positions = few[unit];
        while positions != 0 {
            let position = positions.trailing_zeros();
            positions &= positions - 1;
            let cell = cells[position as usize].index();
            members[count] = (1 << position, board.candidate_bits(cell));
            count += 1;
        }
        #[cfg(debug_assertions)]
        {
            let (read, read_count) = naked_members(board, size, unit);
            assert_eq!(&members[..count], &read[..read_count], "unit {unit}");
        }
        // Most subsets found strike nothing, which the patterns tell before
        // any list is made: no other cell of the unit, nor of the box or
        // line a pair or triple also shares, holds one of their values.
        let strikes = |positions: u32, values: ValueMask| {
            let subset = (0..SIZE)
                .filter(|&i| positions >> i & 1 == 1)
                .fold(0u128, |acc, i| acc | 1 << cells[i].index());
            let unit_cells = GEOMETRY.unit_masks[unit];
            let holders = (0..SIZE)
                .filter(|&index| values >> index & 1 == 1)
                .fold(0u128, |acc, index| acc | patterns[index].open());
            let struck = |cells: u128| holders & cells & !subset != 0;
            struck(unit_cells)
                || size <= 3
                    && (GEOMETRY.unit_masks_of[subset.trailing_zeros() as usize].iter())
                        .any(|&other| subset & !other == 0 && struck(other))
        };
        let found = |unit, positions, values| {
            if !strikes(positions, values) {
                debug_assert!(
                    naked_step(board, technique, (unit, None), positions, values).is_none()
                );
                return false;
            }
            let cells: Vec<Cell> = unit_cells_at(board, unit, positions)
                .map(Cell::new)
                .collect();
            let second = second_unit(Unit::new(unit), &cells).filter(|_| size <= 3);
            let second = second.map(|u| u.index());
            naked_step(board, technique, (unit, second), positions, values)
                .is_some_and(|step| sink.push(step))
        };
        naked_among(board, size, unit, &members[..count], found);
        sink.is_full()
    });
}

/// The classic hidden subsets read each digit's places in the unit from the
/// position's [`UnitPlaces`](super::places::UnitPlaces), which the pair,
/// triple and quad finders share.
fn hidden(board: &Board, sink: &mut Sink, size: usize, technique: Technique) {
    let places = *sink.cache().unit_places(board);
    recall::each_unit(board, sink, technique, 0..UNITS, |sink, unit| {
        let values = (0..SIZE)
            .filter(|&index| !places.is_placed(index, unit))
            .map(|index| (1 << index, u32::from(places.places(index, unit))));
        hidden_among(board, size, 1, values, |values, positions| {
            // Most subsets found strike nothing: told before any list is made.
            let cells = &GEOMETRY.units[unit];
            let strikes = (0..SIZE)
                .filter(|&i| positions >> i & 1 == 1)
                .any(|i| board.open_candidates(cells[i].index()) & !values != 0);
            strikes
                && hidden_step(board, technique, unit, values, positions)
                    .is_some_and(|step| sink.push(step))
        });
        sink.is_full()
    });
}

/// A naked subset as a step of `technique` on any board: the cells of `unit` at
/// `positions` (bit `i` for its `i`-th cell), each with its candidates, hold
/// only `values`, which leave the unit's other cells and those of `second`,
/// the box or line the cells also share (a locked pair or triple). `None` when
/// it strikes nothing.
pub(crate) fn naked_step<B: CandidateBoard>(
    board: &B,
    technique: Technique,
    (unit, second): (usize, Option<usize>),
    positions: u32,
    values: ValueMask,
) -> Option<Step> {
    let subset: Vec<usize> = unit_cells_at(board, unit, positions).collect();
    let mut eliminations: Vec<(usize, u8)> = Vec::new();
    for u in std::iter::once(unit).chain(second) {
        for other in board.unit_cells(u).filter(|c| !subset.contains(c)) {
            for value in values_of(board.open_candidates(other) & values) {
                if !eliminations.contains(&(other, value)) {
                    eliminations.push((other, value));
                }
            }
        }
    }
    if eliminations.is_empty() {
        return None;
    }
    eliminations.sort_unstable();
    Some(Step {
        eliminations: eliminations
            .into_iter()
            .map(|(c, v)| (Cell::new(c), Digit::new(v)))
            .collect(),
        pattern: subset
            .iter()
            .map(|&c| {
                (
                    Cell::new(c),
                    Candidates::from_bits(board.open_candidates(c)),
                )
            })
            .collect(),
        units: std::iter::once(unit).chain(second).map(Unit::new).collect(),
        ..Step::of(technique)
    })
}

/// A hidden subset as a step of `technique` on any board: `values` have their
/// only places in `unit` at `positions` (bit `i` for its `i`-th cell), so those
/// cells (each with its candidates among `values`) lose every other candidate.
/// `None` when they have none.
pub(crate) fn hidden_step<B: CandidateBoard>(
    board: &B,
    technique: Technique,
    unit: usize,
    values: ValueMask,
    positions: u32,
) -> Option<Step> {
    let cells: Vec<usize> = unit_cells_at(board, unit, positions).collect();
    let eliminations: Vec<(Cell, Digit)> = cells
        .iter()
        .flat_map(|&c| {
            values_of(board.open_candidates(c) & !values)
                .map(move |v| (Cell::new(c), Digit::new(v)))
        })
        .collect();
    if eliminations.is_empty() {
        return None;
    }
    Some(Step {
        eliminations,
        pattern: cells
            .iter()
            .map(|&c| {
                (
                    Cell::new(c),
                    Candidates::from_bits(board.open_candidates(c) & values),
                )
            })
            .collect(),
        units: vec![Unit::new(unit)],
        ..Step::of(technique)
    })
}

/// "r1c2, r1c5 in row 1 hold only 3 and 7".
pub fn text(step: &Step) -> String {
    let (Some(technique), false) = (step.technique(), step.units.is_empty()) else {
        return String::new();
    };
    let digits = step
        .pattern
        .iter()
        .fold(Candidates::NONE, |acc, &(_, d)| acc.union(d));
    subset_text(
        &Classic,
        technique,
        &step.units,
        step.pattern.iter().map(|&(c, _)| c),
        digits.iter(),
    )
}

/// A naked or hidden subset's reasoning on any board: `cells` of `units[0]`
/// (and `units[1]` for a locked pair or triple) and the `values` they hold.
pub fn subset_text(
    names: &impl Names,
    technique: Technique,
    units: &[Unit],
    cells: impl IntoIterator<Item = Cell>,
    values: impl IntoIterator<Item = Digit>,
) -> String {
    let unit = units.first().map_or_else(String::new, |&u| names.unit(u));
    let cells = names::cells_text(names, cells);
    let values = names::values_text(names, values);
    let word = names.value_word();
    match technique {
        Technique::HiddenPair | Technique::HiddenTriple | Technique::HiddenQuad => format!(
            "in {unit} the {word}s {values} can only go in {cells}, so those cells hold nothing else"
        ),
        _ => {
            let also = match units.get(1) {
                Some(&second) => format!(" (and {})", names.unit(second)),
                None => String::new(),
            };
            format!(
                "{cells} in {unit}{also} hold only {values} between them, so those {word}s go nowhere else there"
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::each_subset;
    use crate::engine::logic::combinations_wide;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// The pruned walk visits exactly the subsets, in exactly the order, that
    /// every mask in Gosper's order gives.
    #[test]
    fn pruned_walk_visits_what_every_mask_gives() {
        let mut rng = ChaCha8Rng::seed_from_u64(0x9e37_79b9);
        let mut random = move || rng.random::<u32>();
        for round in 0..300 {
            let count = 2 + round % 8;
            let members: Vec<(u32, u32)> = (0..count)
                .map(|i| {
                    let bits = random() & 0x1ff;
                    (1 << i, bits & (bits >> 1 | random()) | 1 << (random() % 9))
                })
                .collect();
            let covered = |bits: u32| bits.count_ones() as usize;
            for size in 1..=4 {
                let mut walked = Vec::new();
                each_subset(&members, size, covered, |keys, bits| {
                    walked.push((keys, bits));
                    false
                });
                let every: Vec<(u32, u32)> = combinations_wide(count, size)
                    .map(|mask| {
                        (0..count)
                            .filter(|i| mask >> i & 1 == 1)
                            .fold((0, 0), |(k, b), i| (k | members[i].0, b | members[i].1))
                    })
                    .filter(|&(_, bits)| covered(bits) == size)
                    .collect();
                assert_eq!(walked, every, "members {members:?}, size {size}");
                if !every.is_empty() {
                    // Stopping at the first visit stops the walk there.
                    let mut first = None;
                    let stopped = each_subset(&members, size, covered, |keys, bits| {
                        first = Some((keys, bits));
                        true
                    });
                    assert!(stopped);
                    assert_eq!(first, Some(every[0]));
                }
            }
        }
    }
}
