//! Finned and sashimi fish: X-Wing (2), Swordfish (3), Jellyfish (4) with fins.
//! A digit's places in n rows lie in n columns except for a few extra candidates,
//! the fins, all in one box. Either a fin holds the digit, or the fish is a plain
//! fish and each of its columns has its digit in the base rows. A cell of a cover
//! column that sees every fin (so lies in the fin box) loses the digit either way
//! (and the same with rows and columns swapped).
//!
//! A fish is sashimi when some base row holds at most one candidate apart from its
//! fins (without the fins it would not be a fish at all); otherwise it is finned.
//! The two are separate techniques, as HoDoKu counts them.
//!
//! Both kinds of one size come from the same enumeration, so the finned finder
//! notes, per digit, when it met no sashimi fish of its size (see
//! [`super::recall`]); the sashimi finder, tried next, then skips that digit.

use super::places::UnitPlaces;
use super::subsets;
use super::{Sink, Step, Technique, cells_text, lines};
use crate::engine::board::Board;
use crate::engine::geometry::UnitKind;
use crate::engine::types::{Candidates, Cell, Digit, Unit, ones_of_nine};

pub fn finned_x_wing(board: &Board, sink: &mut Sink) {
    finned_fish(board, sink, 2, false);
}
pub fn finned_swordfish(board: &Board, sink: &mut Sink) {
    finned_fish(board, sink, 3, false);
}
pub fn finned_jellyfish(board: &Board, sink: &mut Sink) {
    finned_fish(board, sink, 4, false);
}
pub fn sashimi_x_wing(board: &Board, sink: &mut Sink) {
    finned_fish(board, sink, 2, true);
}
pub fn sashimi_swordfish(board: &Board, sink: &mut Sink) {
    finned_fish(board, sink, 3, true);
}
pub fn sashimi_jellyfish(board: &Board, sink: &mut Sink) {
    finned_fish(board, sink, 4, true);
}

/// The technique of a finned (or sashimi) fish of `size`.
fn technique(size: usize, sashimi: bool) -> Technique {
    match (size, sashimi) {
        (2, false) => Technique::FinnedXWing,
        (3, false) => Technique::FinnedSwordfish,
        (4, false) => Technique::FinnedJellyfish,
        (2, true) => Technique::SashimiXWing,
        (3, true) => Technique::SashimiSwordfish,
        _ => Technique::SashimiJellyfish,
    }
}

/// The subsets of the bits of `mask` with exactly `k` members (no allocation: the
/// finders run on every hint).
fn sub_masks(mask: u16, k: usize) -> impl Iterator<Item = u16> {
    let mut next = Some(mask);
    std::iter::from_fn(move || {
        while let Some(sub) = next {
            next = (sub != 0).then(|| (sub - 1) & mask);
            if ones_of_nine(sub) as usize == k {
                return Some(sub);
            }
        }
        None
    })
}

fn finned_fish(board: &Board, sink: &mut Sink, size: usize, sashimi: bool) {
    let technique = technique(size, sashimi);
    let other = self::technique(size, !sashimi);
    let patterns = sink.cache().patterns(board);
    let places = *sink.cache().unit_places(board);
    for digit in Digit::all() {
        let pattern = patterns[digit.index()];
        if sink.cache().found_nothing(technique, digit, pattern) {
            continue;
        }
        let kept = sink.kept();
        // Whether a fish of the other kind (sashimi or not) removes something here.
        let mut other_kind = false;
        let of = Of {
            digit,
            places: &places,
            size,
            sashimi,
        };
        if search(board, sink, &of, &mut other_kind) {
            return; // the sink is full: the enumeration stopped early
        }
        if sink.kept() == kept {
            sink.cache().note_nothing(technique, digit, pattern);
        }
        if !other_kind {
            sink.cache().note_nothing(other, digit, pattern);
        }
    }
}

/// What one search looks for: fish of `digit` (whose places on the board are
/// in `places`), of `size` and kind `sashimi`.
struct Of<'a> {
    digit: Digit,
    places: &'a UnitPlaces,
    size: usize,
    sashimi: bool,
}

/// Reports the fish `of` describes; notes in `other_kind` whether a fish of
/// the other kind would remove something. Returns whether it stopped because
/// the sink is full.
fn search(board: &Board, sink: &mut Sink, of: &Of<'_>, other_kind: &mut bool) -> bool {
    let (size, sashimi) = (of.size, of.sashimi);
    let technique = technique(size, sashimi);
    for rows in [true, false] {
        let base_lines = lines(rows);
        let cover_lines = lines(!rows);
        let (open, placed) = of.places.lines(of.digit.index(), rows);
        // A base line holds at most `size` covered candidates and fins in one box.
        let mut found = [(0usize, 0u16); 9];
        let mut count = 0;
        for (i, &m) in open.iter().enumerate() {
            if placed & (1 << i) == 0 && (1..=size + 3).contains(&(ones_of_nine(m) as usize)) {
                found[count] = (i, m);
                count += 1;
            }
        }
        let bases = &found[..count];
        if bases.len() < size {
            continue;
        }
        // Combinations spanning more than `size + 3` lines are neither plain
        // nor finned fish: the walk never completes them.
        let widest = size as u32 + 3;
        let stopped = each_combination(bases, size, widest, |chosen, union| {
            // A plain fish (or less) is not finned; fins beyond one stack cannot share a box.
            let spread = ones_of_nine(union) as usize;
            if spread <= size || spread > size + 3 {
                return false;
            }
            // The fins lie in one stack (for rows) of three cover positions.
            for stack in 0..3 {
                let stack_mask = 0b111u16 << (3 * stack);
                let outside = union & !stack_mask;
                let taken = ones_of_nine(outside) as usize;
                // With every cover outside the stack, no cell of the fin box
                // (which lies in the stack) is covered: such a fish removes nothing.
                if taken >= size {
                    continue;
                }
                for extra in sub_masks(union & stack_mask, size - taken) {
                    let covers = outside | extra;
                    let fish = Fish {
                        digit: of.digit,
                        base_lines: &base_lines,
                        cover_lines: &cover_lines,
                        chosen,
                        covers,
                    };
                    let Some(shape) = fish.shape(rows, stack) else {
                        continue;
                    };
                    let removes = shape.removes(open, extra);
                    #[cfg(debug_assertions)]
                    assert_eq!(removes, fish.removes_something(board, &shape));
                    if shape.sashimi != sashimi {
                        *other_kind = *other_kind || removes;
                        continue;
                    }
                    if !removes {
                        continue;
                    }
                    let Some(step) = fish.step(board, technique, &shape) else {
                        continue;
                    };
                    if sink.push(step) {
                        return true;
                    }
                }
            }
            false
        });
        if stopped {
            return true;
        }
    }
    false
}

/// Visits the `size`-subsets of `bases` (at most four) in Gosper's order
/// (ascending masks), each as its bases, ascending, and the union of their
/// places, except those whose union spans more than `widest` lines: a choice
/// of bases already that wide is not completed. `visit` returns true to stop,
/// and so does this.
fn each_combination(
    bases: &[(usize, u16)],
    size: usize,
    widest: u32,
    mut visit: impl FnMut(&[(usize, u16)], u16) -> bool,
) -> bool {
    debug_assert!((1..=4).contains(&size));
    subsets::each_combination(
        bases,
        size,
        |(_, places)| u32::from(places),
        |union| ones_of_nine(union as u16) <= widest,
        |chosen, above| visit(chosen, above as u16 | chosen[0].1),
    )
}

/// What a candidate fish is when its fins lie in one box: sashimi or not, the
/// fin box, the group of three base lines that holds the fins, and its base
/// lines as bits.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Shape {
    sashimi: bool,
    fin_box: usize,
    fin_lines: usize,
    bases: u16,
}

impl Shape {
    /// Whether the fish removes the digit from some cell: a cell of the fin
    /// box in a cover line of the fins' stack (`extra`), on a line of the
    /// fins' group that is not a base (`open` as from [`UnitPlaces::lines`]).
    fn removes(&self, open: &[u16; 9], extra: u16) -> bool {
        let first = 3 * self.fin_lines;
        let reached = (first..first + 3)
            .filter(|&line| self.bases & (1 << line) == 0)
            .fold(0u16, |acc, line| acc | open[line]);
        reached & extra != 0
    }
}

/// One candidate fish: base lines (index, positions of the digit) and the cover positions.
struct Fish<'a> {
    digit: Digit,
    base_lines: &'a [Unit; 9],
    cover_lines: &'a [Unit; 9],
    chosen: &'a [(usize, u16)],
    covers: u16,
}

impl Fish<'_> {
    /// The fish's shape, if every base line is covered somewhere and the fins
    /// (all in `stack`, the covers holding every position outside it) lie in
    /// one box, so in one group of three base lines. Checked on bit masks:
    /// most candidate fish fail, and cheaply.
    fn shape(&self, rows: bool, stack: usize) -> Option<Shape> {
        let shape = self.shape_by_bits(rows, stack);
        #[cfg(debug_assertions)]
        assert_eq!(shape, self.shape_by_cells());
        shape
    }

    fn shape_by_bits(&self, rows: bool, stack: usize) -> Option<Shape> {
        let mut is_sashimi = false;
        let mut bases = 0u16;
        let mut finned = 0u16;
        for &(i, m) in self.chosen {
            let covered = m & self.covers;
            if covered == 0 {
                return None;
            }
            is_sashimi |= covered & (covered - 1) == 0;
            bases |= 1 << i;
            if m & !self.covers != 0 {
                finned |= 1 << i;
            }
        }
        if finned == 0 {
            return None;
        }
        let fin_lines = finned.trailing_zeros() as usize / 3;
        if finned & !(0b111 << (3 * fin_lines)) != 0 {
            return None;
        }
        let fin_box = if rows {
            3 * fin_lines + stack
        } else {
            3 * stack + fin_lines
        };
        Some(Shape {
            sashimi: is_sashimi,
            fin_box,
            fin_lines,
            bases,
        })
    }

    /// [`Fish::shape`] read from the fins' cells (what debug builds check it against).
    #[cfg(debug_assertions)]
    fn shape_by_cells(&self) -> Option<Shape> {
        let mut fin_box = None;
        let mut is_sashimi = false;
        let mut bases = 0u16;
        let mut fin_line = 0;
        for &(i, m) in self.chosen {
            let covered = m & self.covers;
            if covered == 0 {
                return None;
            }
            is_sashimi |= covered & (covered - 1) == 0;
            bases |= 1 << i;
            let fins = m & !self.covers;
            if fins != 0 {
                let fin = self.base_lines[i].cells()[fins.trailing_zeros() as usize];
                if fin_box.is_some_and(|b| b != fin.box_index()) {
                    return None;
                }
                fin_box = Some(fin.box_index());
                fin_line = i / 3;
            }
        }
        Some(Shape {
            sashimi: is_sashimi,
            fin_box: fin_box?,
            fin_lines: fin_line,
            bases,
        })
    }

    /// The cells of the fin box the fish removes the digit from: in a cover
    /// line, outside the base lines, holding the digit.
    fn targets(&self, board: &Board, shape: &Shape) -> impl Iterator<Item = Cell> {
        let rows = self.base_lines[0].kind() == UnitKind::Row;
        // A cell's index among the base lines and among the cover lines.
        let base_of_cover = move |cell: Cell| {
            if rows {
                (cell.row(), cell.col())
            } else {
                (cell.col(), cell.row())
            }
        };
        let (covers, bases, digit) = (self.covers, shape.bases, self.digit);
        Unit::box_at(shape.fin_box)
            .cells()
            .iter()
            .copied()
            .filter(move |&cell| {
                let (base, cover) = base_of_cover(cell);
                covers & (1 << cover) != 0
                    && bases & (1 << base) == 0
                    && board.digit(cell).is_none()
                    && board.candidates(cell).contains(digit)
            })
    }

    /// Whether the fish removes the digit from some cell, read from the cells
    /// (what debug builds check [`Shape::removes`] against).
    #[cfg(debug_assertions)]
    fn removes_something(&self, board: &Board, shape: &Shape) -> bool {
        self.targets(board, shape).next().is_some()
    }

    /// The step, if the fish removes something.
    fn step(&self, board: &Board, technique: Technique, shape: &Shape) -> Option<Step> {
        let eliminations: Vec<(Cell, Digit)> = self
            .targets(board, shape)
            .map(|cell| (cell, self.digit))
            .collect();
        if eliminations.is_empty() {
            return None;
        }
        let cover_units = (0..9)
            .filter(|i| self.covers & (1 << i) != 0)
            .map(|i| self.cover_lines[i]);
        let pattern = self
            .chosen
            .iter()
            .flat_map(|&(i, m)| super::unit_cells(self.base_lines[i], m))
            .map(|c| (c, Candidates::single(self.digit)))
            .collect();
        let mut units: Vec<Unit> = self
            .chosen
            .iter()
            .map(|&(i, _)| self.base_lines[i])
            .collect();
        units.extend(cover_units);
        Some(Step::elimination(technique, eliminations, pattern, units))
    }
}

/// "the 4s of rows 2, 7 lie in columns 3, 8 (r2c3, ...) except for the fin r2c9; ...".
pub fn text(step: &Step) -> String {
    let Some(digit) = step.digits().first().copied() else {
        return String::new();
    };
    let half = step.units.len() / 2;
    let (bases, covers) = step.units.split_at(half);
    let names = |units: &[Unit]| {
        let kind = units.first().map_or("", |u| u.kind_name());
        let numbers: Vec<String> = units.iter().map(|u| u.number().to_string()).collect();
        format!("{kind}s {}", numbers.join(", "))
    };
    let (fins, body): (Vec<Cell>, Vec<Cell>) = step
        .pattern
        .iter()
        .map(|&(c, _)| c)
        .partition(|&c| !covers.iter().any(|u| u.contains(c)));
    let fin_word = if fins.len() == 1 { "fin" } else { "fins" };
    let fin_box = fins.first().map_or(0, |c| c.box_index() + 1);
    format!(
        "in {} the {digit} can only go in {} ({}) or in the {fin_word} {}; if no fin is {digit}, {} have their {digit}s in those cells, and if one is, box {fin_box} has its {digit} there; either way the cells of {} in box {fin_box} outside {} cannot be {digit}",
        names(bases),
        names(covers),
        cells_text(body),
        cells_text(fins.iter().copied()),
        names(covers),
        names(covers),
        names(bases),
    )
}
