//! Sue de Coq. Take two or three open cells C where a box meets a row or column,
//! holding the digits V (at least two more digits than cells); some other cells L
//! of the line and B of the box, whose digits VL and VB have none in common, such
//! that C, L and B together hold exactly as many digits as they have cells. A digit
//! of VL can only be once in C and L (one line), a digit of VB once in C and B (one
//! box), and any other digit of V only in C: so every digit is there exactly once.
//! The digits that must sit in the line's part (all but VB) leave the rest of the
//! line, and those that must sit in the box's part (all but VL) leave the rest of
//! the box.

use super::recall::CrossingPattern;
use super::{Sink, Step, Technique, cells_text, combinations, open_candidates};
use crate::engine::board::Board;
use crate::engine::types::{Candidates, Cell, Unit, ones_of_nine};

pub fn sue_de_coq(board: &Board, sink: &mut Sink) {
    for b in 0..9 {
        let boxed = Unit::box_at(b);
        let (band, stack) = (b / 3, b % 3);
        let lines = (0..3)
            .map(|i| Unit::row(band * 3 + i))
            .chain((0..3).map(|i| Unit::col(stack * 3 + i)));
        for (i, line) in lines.enumerate() {
            // An intersection whose cells are as when it last gave nothing gives
            // nothing again (see [`super::recall`]).
            let crossing = b * 6 + i;
            let pattern = CrossingPattern::of(board, crossing);
            if sink.cache().crossing_found_nothing(crossing, &pattern) {
                continue;
            }
            let kept = sink.kept();
            if crossing_search(board, sink, line, boxed) {
                return;
            }
            if sink.kept() == kept {
                sink.cache().note_crossing_nothing(crossing, pattern);
            }
        }
    }
}

/// Hands every Sue de Coq where `line` meets `boxed` to the sink; true when the sink is full.
fn crossing_search(board: &Board, sink: &mut Sink, line: Unit, boxed: Unit) -> bool {
    // Arrays, not vectors: this runs for 54 intersections on every position
    // that reaches it.
    let mut meet = [Cell::new(0); 3];
    let mut open = 0;
    for &c in boxed.cells() {
        if line.contains(c) && board.digit(c).is_none() {
            meet[open] = c;
            open += 1;
        }
    }
    let meet = &meet[..open];
    if meet.len() < 2 {
        return false;
    }
    let line_rest = Rest::new(board, line, boxed);
    let box_rest = Rest::new(board, boxed, line);
    let blocked = box_rest.touched_by(&line_rest);
    for size in 2..=meet.len() {
        for mask in combinations(meet.len(), size) {
            let mut core = [Cell::new(0); 3];
            let mut taken = 0;
            for (i, &cell) in meet.iter().enumerate() {
                if mask & (1 << i) != 0 {
                    core[taken] = cell;
                    taken += 1;
                }
            }
            let core = &core[..taken];
            let digits = union(board, core);
            if (digits.len() as usize) < size + 2 {
                continue;
            }
            let found = Core {
                line,
                boxed,
                core,
                digits,
            };
            if found.search(board, sink, (&line_rest, &box_rest), &blocked) {
                return true;
            }
        }
    }
    false
}

/// The most open cells a unit has outside the other unit (a line outside a box).
const REST: usize = 6;

/// The open cells of a unit outside the other unit, with the digits of each of
/// their subsets (by bit mask over `cells`): computed once per box and line.
struct Rest {
    cells: [Cell; REST],
    /// Each cell's candidates.
    candidates: [Candidates; REST],
    len: usize,
    digits: [Candidates; 1 << REST],
}

impl Rest {
    fn new(board: &Board, unit: Unit, other: Unit) -> Rest {
        let mut rest = Rest {
            cells: [Cell::new(0); REST],
            candidates: [Candidates::NONE; REST],
            len: 0,
            digits: [Candidates::NONE; 1 << REST],
        };
        for &c in unit.cells() {
            if !other.contains(c) && board.digit(c).is_none() {
                rest.cells[rest.len] = c;
                rest.candidates[rest.len] = open_candidates(board, c);
                rest.len += 1;
            }
        }
        for mask in 1..1usize << rest.len {
            let low = mask.trailing_zeros() as usize;
            rest.digits[mask] = rest.digits[mask & (mask - 1)].union(rest.candidates[low]);
        }
        rest
    }

    /// The mask of the cells that share a digit with `digits`.
    fn touching(&self, digits: Candidates) -> usize {
        let mut mask = 0;
        for (i, candidates) in self.candidates[..self.len].iter().enumerate() {
            if !candidates.intersection(digits).is_empty() {
                mask |= 1 << i;
            }
        }
        mask
    }

    /// Per subset of `other`'s cells (by mask), the mask of these cells that
    /// share a digit with it: `touching(other.digits[mask])`, built once per
    /// intersection from each of `other`'s cells (a union touches what its
    /// parts touch) instead of for every subset of every core.
    fn touched_by(&self, other: &Rest) -> [u8; 1 << REST] {
        let mut touched = [0u8; 1 << REST];
        let mut by_cell = [0u8; REST];
        for (to, &candidates) in by_cell.iter_mut().zip(&other.candidates[..other.len]) {
            *to = self.touching(candidates) as u8;
        }
        for mask in 1..1usize << other.len {
            let low = mask.trailing_zeros() as usize;
            touched[mask] = touched[mask & (mask - 1)] | by_cell[low];
        }
        touched
    }

    fn chosen(&self, mask: usize) -> impl Iterator<Item = Cell> + '_ {
        (0..self.len)
            .filter(move |i| mask & (1 << i) != 0)
            .map(|i| self.cells[i])
    }
}

/// The non-empty subsets of `mask`, ascending.
fn sub_masks(mask: usize) -> impl Iterator<Item = usize> {
    let mut sub = 0usize;
    std::iter::from_fn(move || {
        sub = sub.wrapping_sub(mask) & mask;
        (sub != 0).then_some(sub)
    })
}

fn union(board: &Board, cells: &[Cell]) -> Candidates {
    cells.iter().fold(Candidates::NONE, |acc, &c| {
        acc.union(open_candidates(board, c))
    })
}

/// The intersection cells of one candidate Sue de Coq.
struct Core<'a> {
    line: Unit,
    boxed: Unit,
    core: &'a [Cell],
    digits: Candidates,
}

impl Core<'_> {
    /// Hands every Sue de Coq on this core to the sink; true when the sink is full.
    /// The line's and the box's parts are subsets of their cells that share a
    /// digit with the core, tried in the order of their masks.
    /// `blocked` is [`Rest::touched_by`] of the box's cells by the line's.
    fn search(
        &self,
        board: &Board,
        sink: &mut Sink,
        (line_rest, box_rest): (&Rest, &Rest),
        blocked: &[u8; 1 << REST],
    ) -> bool {
        let line_useful = line_rest.touching(self.digits);
        let box_useful = box_rest.touching(self.digits);
        for l_mask in sub_masks(line_useful) {
            let l_digits = line_rest.digits[l_mask];
            // The box's part shares no digit with the line's: it is a subset of
            // the cells that hold none of `l_digits` (the subsets of `box_useful`
            // outside it all fail, so skipping them keeps the order of the rest).
            let free = box_useful & !usize::from(blocked[l_mask]);
            // As many digits as cells: the box's part adds at most its cells.
            let least = self.digits.union(l_digits).len() as usize;
            let line_cells = self.core.len() + ones_of_nine(l_mask as u16) as usize;
            if least > line_cells + ones_of_nine(free as u16) as usize {
                continue;
            }
            for b_mask in sub_masks(free) {
                let b_digits = box_rest.digits[b_mask];
                let all = self.digits.union(l_digits).union(b_digits);
                let cells = line_cells + ones_of_nine(b_mask as u16) as usize;
                if all.len() as usize != cells {
                    continue;
                }
                let used: Vec<Cell> = self
                    .core
                    .iter()
                    .copied()
                    .chain(line_rest.chosen(l_mask))
                    .chain(box_rest.chosen(b_mask))
                    .collect();
                if self.report(board, sink, &used, all, (l_digits, b_digits)) {
                    return true;
                }
            }
        }
        false
    }

    /// The step of the Sue de Coq on `used` (core first), if it removes anything;
    /// true when the sink is full.
    fn report(
        &self,
        board: &Board,
        sink: &mut Sink,
        used: &[Cell],
        all: Candidates,
        (l_digits, b_digits): (Candidates, Candidates),
    ) -> bool {
        let mut eliminations = Vec::new();
        for (unit, gone) in [
            (self.line, all.difference(b_digits)),
            (self.boxed, all.difference(l_digits)),
        ] {
            for &cell in unit.cells() {
                if used.contains(&cell) || board.digit(cell).is_some() {
                    continue;
                }
                for d in open_candidates(board, cell).intersection(gone).iter() {
                    eliminations.push((cell, d));
                }
            }
        }
        eliminations.sort();
        eliminations.dedup();
        if eliminations.is_empty() {
            return false;
        }
        let pattern = used
            .iter()
            .map(|&c| (c, open_candidates(board, c)))
            .collect();
        let mut step = Step::elimination(
            Technique::SueDeCoq,
            eliminations,
            pattern,
            vec![self.line, self.boxed],
        );
        // The number of intersection cells, to tell the parts apart in the text.
        step.pattern
            .push((self.core[0], Candidates::from_bits(self.core.len() as u32)));
        sink.push(step)
    }
}

/// "r1c1, r1c2 (where row 1 meets box 1) hold 1, 2, 5, 8; with r1c7 in the row and r3c3 in the box ...".
pub fn text(step: &Step) -> String {
    let Some((&(_, count), cells)) = step.pattern.split_last() else {
        return String::new();
    };
    let (line, boxed) = match step.units.as_slice() {
        [line, boxed] => (*line, *boxed),
        _ => return String::new(),
    };
    let core_len = (count.bits() as usize).min(cells.len());
    let (core, rest) = cells.split_at(core_len);
    let digits = core
        .iter()
        .fold(Candidates::NONE, |acc, &(_, k)| acc.union(k));
    let in_line: Vec<Cell> = rest
        .iter()
        .map(|&(c, _)| c)
        .filter(|&c| !boxed.contains(c))
        .collect();
    let in_box: Vec<Cell> = rest
        .iter()
        .map(|&(c, _)| c)
        .filter(|&c| boxed.contains(c))
        .collect();
    format!(
        "{} (where {line} meets {boxed}) hold {digits}; with {} in the {} and {} in the box, which share no digit, these cells hold as many digits as cells, so each digit is there once: the digits that must be in the {}'s part leave the rest of {line}, and those that must be in the box's part leave the rest of {boxed}",
        cells_text(core.iter().map(|&(c, _)| c)),
        cells_text(in_line),
        line.kind_name(),
        cells_text(in_box),
        line.kind_name(),
    )
}
