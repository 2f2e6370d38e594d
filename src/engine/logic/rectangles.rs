//! Unique Rectangle types 2 to 6 and the Hidden Rectangle. Four open corners on two
//! rows, two columns and two boxes that all hold the two UR digits {a, b} would let
//! a and b swap if they were the corners' only digits: a puzzle with one solution
//! cannot end like that (the "deadly pattern"). So some corner holds another digit,
//! and each type draws a conclusion from where the extra digits are. Like type 1,
//! they are only sound when the puzzle has exactly one solution.
//!
//! Corners are numbered 0 (r1c1), 1 (r1c2), 2 (r2c1), 3 (r2c2); the "floor" corners
//! hold only UR digits, the "roof" corners hold extras.

use super::{Sink, Step, Technique, cells_text, combinations, is_placed_in, open_candidates};
use crate::engine::board::Board;
use crate::engine::types::{Candidates, Cell, Digit, Unit};

/// Which kind of rectangle a finder looks for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    Type2,
    Type3,
    Type4,
    Type5,
    Type6,
    Hidden,
}

impl Kind {
    fn technique(self) -> Technique {
        match self {
            Kind::Type2 => Technique::UniqueRectangle2,
            Kind::Type3 => Technique::UniqueRectangle3,
            Kind::Type4 => Technique::UniqueRectangle4,
            Kind::Type5 => Technique::UniqueRectangle5,
            Kind::Type6 => Technique::UniqueRectangle6,
            Kind::Hidden => Technique::HiddenRectangle,
        }
    }
}

pub fn unique_rectangle_2(board: &Board, sink: &mut Sink) {
    rectangles(board, sink, Kind::Type2, false);
}
pub fn unique_rectangle_3(board: &Board, sink: &mut Sink) {
    rectangles(board, sink, Kind::Type3, false);
}
pub fn unique_rectangle_4(board: &Board, sink: &mut Sink) {
    rectangles(board, sink, Kind::Type4, false);
}
pub fn unique_rectangle_5(board: &Board, sink: &mut Sink) {
    rectangles(board, sink, Kind::Type5, false);
}
pub fn unique_rectangle_6(board: &Board, sink: &mut Sink) {
    rectangles(board, sink, Kind::Type6, false);
}
pub fn hidden_rectangle(board: &Board, sink: &mut Sink) {
    rectangles(board, sink, Kind::Hidden, false);
}

/// The same rectangles, accepting corners that have lost one UR digit to logic
/// (not to a digit placed in the corner's row, column or box). Only sound when the
/// candidates were removed by sound steps, so the solver's ladder does not use it.
pub fn with_missing_candidates(board: &Board, sink: &mut Sink, kind: Kind) {
    rectangles(board, sink, kind, true);
}

/// A rectangle and its UR digits.
#[derive(Clone)]
pub(crate) struct Rectangle {
    corners: [Cell; 4],
    cands: [Candidates; 4],
    ur: Candidates,
    /// Each corner's digits other than the UR digits.
    extras: [Candidates; 4],
    /// Its rows, then its columns.
    units: [Unit; 4],
}

/// The diagonal partner of each corner.
const OPPOSITE: [usize; 4] = [3, 2, 1, 0];
/// Corner pairs that share a row or a column.
const SIDES: [(usize, usize); 4] = [(0, 1), (2, 3), (0, 2), (1, 3)];
/// Corner pairs on a diagonal.
const DIAGONALS: [(usize, usize); 2] = [(0, 3), (1, 2)];
/// The roofs of type 2: the sides.
const TYPE_2_ROOFS: [&[usize]; 4] = [&[0, 1], &[2, 3], &[0, 2], &[1, 3]];
/// The roofs of type 5: the diagonals, then every three corners (without 0, 1, 2, 3).
const TYPE_5_ROOFS: [&[usize]; 6] = [
    &[0, 3],
    &[1, 2],
    &[1, 2, 3],
    &[0, 2, 3],
    &[0, 1, 3],
    &[0, 1, 2],
];

impl Rectangle {
    /// The corners not in `roof`.
    fn others(&self, roof: &[usize]) -> impl Iterator<Item = usize> {
        (0..4).filter(move |i| !roof.contains(i))
    }

    fn is_floor(&self, i: usize) -> bool {
        self.extras[i].is_empty()
    }

    fn step(&self, kind: Kind, eliminations: Vec<(Cell, Digit)>, units: Vec<Unit>) -> Step {
        let pattern = (0..4).map(|i| (self.corners[i], self.cands[i])).collect();
        let mut step = Step::elimination(kind.technique(), eliminations, pattern, units);
        // The UR digits lead the units' text: keep them findable from the value.
        step.pattern.push((self.corners[0], self.ur));
        step
    }
}

/// Whether `bits` has exactly two bits set (without counting them: baseline
/// x86-64 counts bits in software, and this runs on every rectangle).
fn two_bits(bits: u16) -> bool {
    let rest = bits & bits.wrapping_sub(1);
    rest != 0 && rest & (rest - 1) == 0
}

fn rectangles(board: &Board, sink: &mut Sink, kind: Kind, allow_missing: bool) {
    if allow_missing {
        each_rectangle(board, true, |rect| {
            find(board, rect, kind)
                .into_iter()
                .any(|step| sink.push(step))
        });
        return;
    }
    // The six finders of the ladder meet the same rectangles on a position:
    // they are listed once, in the order of the walk (see `Cache::rectangles`).
    let listed = sink.cache().rectangles(board);
    for rect in listed.iter() {
        for step in find(board, rect, kind) {
            if sink.push(step) {
                return;
            }
        }
    }
}

/// The rectangles the ladder's finders look at on `board` (two UR digits in
/// every corner, a floor corner), in the order [`each_rectangle`] meets them.
pub(crate) fn listed(board: &Board) -> Vec<Rectangle> {
    let mut listed = Vec::new();
    each_rectangle(board, false, |rect| {
        listed.push(rect.clone());
        false
    });
    listed
}

/// Calls `visit` on every rectangle on two boxes whose corners are open, with
/// each pair of digits that can be its UR digits (see [`ur_pairs`]); `visit`
/// returns true to stop.
fn each_rectangle(board: &Board, allow_missing: bool, mut visit: impl FnMut(&Rectangle) -> bool) {
    // Every open cell's candidates (none when placed), read once.
    let open: [u16; 81] =
        std::array::from_fn(|i| open_candidates(board, Cell::new(i)).bits() as u16);
    for r1 in 0..9 {
        for r2 in r1 + 1..9 {
            // The digits each column holds in both rows.
            let both: [u16; 9] = std::array::from_fn(|c| open[r1 * 9 + c] & open[r2 * 9 + c]);
            // Without missing candidates the corners share exactly two digits,
            // so columns c1 and c2 must each hold two in both rows: the others
            // are left out at once (the rest keep their order).
            let mut columns = [0usize; 9];
            let mut count = 0;
            for (c, &digits) in both.iter().enumerate() {
                if allow_missing || digits & digits.wrapping_sub(1) != 0 {
                    columns[count] = c;
                    count += 1;
                }
            }
            let columns = &columns[..count];
            for (k, &c1) in columns.iter().enumerate() {
                for &c2 in &columns[k + 1..] {
                    if (r1 / 3 == r2 / 3) == (c1 / 3 == c2 / 3) {
                        continue; // four boxes or one: not a rectangle on two boxes
                    }
                    let corners = [
                        Cell::at(r1, c1),
                        Cell::at(r1, c2),
                        Cell::at(r2, c1),
                        Cell::at(r2, c2),
                    ];
                    // Without missing candidates, two digits must be in all four corners.
                    // Every kind needs a floor corner (only the UR digits); without
                    // missing candidates its two digits are in every corner, so they
                    // are all the corners share (a corner with two digits is a floor).
                    let common = both[c1] & both[c2];
                    if !allow_missing
                        && (!two_bits(common) || !corners.iter().any(|c| open[c.index()] == common))
                    {
                        continue;
                    }
                    let cands = corners.map(|c| Candidates::from_bits(open[c.index()].into()));
                    if cands.iter().any(|k| k.is_empty()) {
                        continue;
                    }
                    let common = Candidates::from_bits(common.into());
                    let pairs = if allow_missing {
                        ur_pairs(board, &corners, &cands, allow_missing)
                    } else {
                        vec![common]
                    };
                    let units = [Unit::row(r1), Unit::row(r2), Unit::col(c1), Unit::col(c2)];
                    for ur in pairs {
                        let rect = Rectangle {
                            corners,
                            cands,
                            ur,
                            extras: cands.map(|k| k.difference(ur)),
                            units,
                        };
                        if visit(&rect) {
                            return;
                        }
                    }
                }
            }
        }
    }
}

/// The pairs of digits that can be a rectangle's UR digits: in every corner, or
/// (with `allow_missing`) missing from a corner only when no digit placed in its
/// row, column or box rules it out. At least two corners must hold both.
fn ur_pairs(
    board: &Board,
    corners: &[Cell; 4],
    cands: &[Candidates; 4],
    allow_missing: bool,
) -> Vec<Candidates> {
    let all = cands.iter().fold(Candidates::NONE, |acc, &k| acc.union(k));
    let mut pairs = Vec::new();
    let digits: Vec<Digit> = all.iter().collect();
    for (i, &a) in digits.iter().enumerate() {
        for &b in &digits[i + 1..] {
            let ur = Candidates::single(a).with(b);
            let full = cands.iter().filter(|k| k.intersection(ur) == ur).count();
            if full == 4 {
                pairs.push(ur);
                continue;
            }
            if !allow_missing || full < 2 {
                continue;
            }
            let possible = corners.iter().zip(cands).all(|(&cell, &k)| {
                !k.intersection(ur).is_empty()
                    && ur
                        .difference(k)
                        .iter()
                        .all(|d| cell.units().iter().all(|&u| !is_placed_in(board, u, d)))
            });
            if possible {
                pairs.push(ur);
            }
        }
    }
    pairs
}

/// The steps of `kind` on one rectangle.
fn find(board: &Board, rect: &Rectangle, kind: Kind) -> Vec<Step> {
    let units = &rect.units;
    let mut steps = Vec::new();
    match kind {
        Kind::Type2 | Kind::Type5 => {
            // One extra digit x shared by the roof; x leaves every cell that sees the whole roof.
            let roofs: &[&[usize]] = if kind == Kind::Type2 {
                &TYPE_2_ROOFS
            } else {
                &TYPE_5_ROOFS
            };
            for &roof in roofs {
                let x = rect.extras[roof[0]];
                if x.len() != 1
                    || roof.iter().any(|&i| rect.extras[i] != x)
                    || rect.others(roof).any(|i| !rect.is_floor(i))
                {
                    continue;
                }
                let digit = x.first().expect("one extra digit");
                let cells: Vec<Cell> = roof.iter().map(|&i| rect.corners[i]).collect();
                let eliminations = super::seeing_all(board, digit, &cells);
                if !eliminations.is_empty() {
                    steps.push(rect.step(kind, eliminations, units.to_vec()));
                }
            }
        }
        Kind::Type3 => {
            for (i, j) in SIDES {
                if !rect.is_floor(OPPOSITE[i]) || !rect.is_floor(OPPOSITE[j]) {
                    continue;
                }
                if rect.is_floor(i) || rect.is_floor(j) {
                    continue;
                }
                let extra = rect.extras[i].union(rect.extras[j]);
                let (a, b) = (rect.corners[i], rect.corners[j]);
                let houses = shared_units(a, b);
                for &house in &houses {
                    steps.extend(type_3_subsets(
                        board,
                        rect,
                        units,
                        (house, &houses),
                        [a, b],
                        extra,
                    ));
                }
            }
        }
        Kind::Type4 => {
            for (i, j) in SIDES {
                if !rect.is_floor(OPPOSITE[i]) || !rect.is_floor(OPPOSITE[j]) {
                    continue;
                }
                if rect.is_floor(i) || rect.is_floor(j) {
                    continue;
                }
                let (a, b) = (rect.corners[i], rect.corners[j]);
                let houses = shared_units(a, b);
                for locked in rect.ur.iter() {
                    let confined = houses.iter().all(|&house| {
                        house.cells().iter().all(|&c| {
                            c == a || c == b || !open_candidates(board, c).contains(locked)
                        })
                    });
                    if !confined {
                        continue;
                    }
                    let other = rect.ur.without(locked).first().expect("two UR digits");
                    let eliminations: Vec<(Cell, Digit)> = [a, b]
                        .into_iter()
                        .filter(|&c| open_candidates(board, c).contains(other))
                        .map(|c| (c, other))
                        .collect();
                    if !eliminations.is_empty() {
                        let mut u = units.to_vec();
                        u.extend(houses.iter().copied());
                        steps.push(rect.step(kind, eliminations, u));
                    }
                }
            }
        }
        Kind::Type6 => {
            for (i, j) in DIAGONALS {
                if rect.others(&[i, j]).any(|k| !rect.is_floor(k))
                    || rect.is_floor(i)
                    || rect.is_floor(j)
                {
                    continue;
                }
                for digit in rect.ur.iter() {
                    // The digit sits only on the corners in both rows and both columns.
                    let confined = units.iter().all(|&house| {
                        house.cells().iter().all(|&c| {
                            rect.corners.contains(&c) || !open_candidates(board, c).contains(digit)
                        })
                    });
                    if !confined {
                        continue;
                    }
                    let eliminations: Vec<(Cell, Digit)> = [rect.corners[i], rect.corners[j]]
                        .into_iter()
                        .filter(|&c| open_candidates(board, c).contains(digit))
                        .map(|c| (c, digit))
                        .collect();
                    if !eliminations.is_empty() {
                        steps.push(rect.step(kind, eliminations, units.to_vec()));
                    }
                }
            }
        }
        Kind::Hidden => {
            for (k, &o) in OPPOSITE.iter().enumerate() {
                if !rect.is_floor(k) || rect.cands[k].len() != 2 {
                    continue;
                }
                let target = rect.corners[o];
                let row = Unit::row(target.row());
                let col = Unit::col(target.col());
                for locked in rect.ur.iter() {
                    // In the opposite corner's row and column the digit is only on corners.
                    let confined = [row, col].iter().all(|&house| {
                        house.cells().iter().all(|&c| {
                            rect.corners.contains(&c) || !open_candidates(board, c).contains(locked)
                        })
                    });
                    if !confined {
                        continue;
                    }
                    let other = rect.ur.without(locked).first().expect("two UR digits");
                    if open_candidates(board, target).contains(other) {
                        let mut u = units.to_vec();
                        u.retain(|&x| x == row || x == col);
                        steps.push(rect.step(kind, vec![(target, other)], u));
                    }
                }
            }
        }
    }
    steps
}

/// The units two cells share (a row or a column, and the box when they share it).
fn shared_units(a: Cell, b: Cell) -> Vec<Unit> {
    a.units().into_iter().filter(|u| u.contains(b)).collect()
}

/// Type 3: the roof's extra digits act as one more cell of `house`; with other
/// cells of the house they make a naked subset, whose digits leave the rest of the
/// house, and of the roof's other shared house too when the subset lies in both
/// (as a Locked Pair does).
fn type_3_subsets(
    board: &Board,
    rect: &Rectangle,
    units: &[Unit],
    (house, shared): (Unit, &[Unit]),
    roof: [Cell; 2],
    extra: Candidates,
) -> Vec<Step> {
    let others: Vec<Cell> = house
        .cells()
        .iter()
        .copied()
        .filter(|&c| !roof.contains(&c) && board.digit(c).is_none())
        .collect();
    let mut steps = Vec::new();
    for size in 1..=3.min(others.len()) {
        for mask in combinations(others.len(), size) {
            let chosen: Vec<Cell> = (0..others.len())
                .filter(|i| mask & (1 << i) != 0)
                .map(|i| others[i])
                .collect();
            let digits = chosen
                .iter()
                .fold(extra, |acc, &c| acc.union(board.candidates(c)));
            if digits.len() as usize != size + 1 {
                continue;
            }
            let houses: Vec<Unit> = shared
                .iter()
                .copied()
                .filter(|&h| h == house || chosen.iter().all(|&c| h.contains(c)))
                .collect();
            let mut eliminations: Vec<(Cell, Digit)> = Vec::new();
            for cell in Cell::all() {
                if roof.contains(&cell)
                    || chosen.contains(&cell)
                    || !houses.iter().any(|h| h.contains(cell))
                {
                    continue;
                }
                for d in open_candidates(board, cell).intersection(digits).iter() {
                    eliminations.push((cell, d));
                }
            }
            if eliminations.is_empty() {
                continue;
            }
            let mut step = rect.step(Kind::Type3, eliminations, units.to_vec());
            step.units.extend(houses);
            step.pattern
                .extend(chosen.iter().map(|&c| (c, board.candidates(c))));
            steps.push(step);
        }
    }
    steps
}

/// The explanation: the deadly pattern, which extra digits break it, and what follows.
pub fn text(step: &Step) -> String {
    let corners: Vec<Cell> = step.pattern.iter().take(4).map(|&(c, _)| c).collect();
    let ur = step.pattern.get(4).map_or(Candidates::NONE, |&(_, k)| k);
    let assumption = "this assumes the puzzle has exactly one solution";
    let digits: Vec<String> = ur.iter().map(|d| d.to_string()).collect();
    let ur_text = digits.join(" and ");
    // The digit the step removes, and the other UR digit.
    let removed = step.digits().first().copied();
    let kept = removed.and_then(|d| ur.without(d).first());
    let (x, y) = (
        removed.map_or(String::new(), |d| d.to_string()),
        kept.map_or(String::new(), |d| d.to_string()),
    );
    let why = match step.technique() {
        Some(Technique::UniqueRectangle2 | Technique::UniqueRectangle5) => {
            format!(
                "the corners with an extra digit all have the same one, {x}, so one of them is {x}"
            )
        }
        Some(Technique::UniqueRectangle3) => {
            let subset: Vec<Cell> = step.pattern.iter().skip(5).map(|&(c, _)| c).collect();
            format!(
                "one of the two corners with extra digits holds one of them, so those extra digits and {} form a naked subset",
                cells_text(subset)
            )
        }
        Some(Technique::UniqueRectangle4) => format!(
            "in a unit they share, {y} can only go in the two corners with extra digits, so one of them is {y} and neither can be {x}"
        ),
        Some(Technique::UniqueRectangle6) => format!(
            "in both rows and both columns {x} lies only on the corners, so it goes on one diagonal, and on the corners with extra digits it would leave the other two {y}"
        ),
        _ => format!(
            "in the row and the column of the corner opposite the one holding only {ur_text}, {y} lies only on the corners, so if that corner were {x}, its two neighbours would be {y} and the rectangle would be deadly"
        ),
    };
    format!(
        "{} form a rectangle on two boxes with {ur_text} in every corner; they cannot all be {ur_text} or the two digits could swap, and {why} ({assumption})",
        cells_text(corners)
    )
}
