//! The links of a shaped step, in order, as the classic `engine::logic::links`
//! gives them for the 9x9: every multi-cell pattern read as strong and weak links
//! between candidates, with the running text of each link in the geometry's names
//! and alphabet.
//!
//! A strong link joins two candidates of which at least one is true (a value's
//! only two places in a unit, or a cell's only two candidates); a weak link joins
//! two that cannot both be true (one value in two cells that see each other, or
//! two values of one cell). A unit here is any unit of the geometry, so a link may
//! run along a diagonal, a window or a jigsaw region.
//!
//! The finders record no links; they follow from the step's pattern, units and
//! values and the position it was found in, so [`with_links`] derives them once a
//! finder has run. What a link is, why it holds and the links of the patterns the
//! classic ladder shares (subsets, locked candidates, fish, wings) come from the
//! one link builder (`engine::logic::links::builder`), which reads a
//! [`ShapeMarks`] as it reads the classic board; only the shaped chains' own
//! reading is here. Forcing chains and nets read their branches' implications
//! as the classic ones do (`forcing::branch_links`).

use super::finders::{lowest, values_of};
use super::{ShapeMarks, Step};
use crate::engine::geometry::{ValueMask, value_bit};
use crate::engine::logic::links::builder::{self, UnitPosition};
use crate::engine::logic::step::Link;
use crate::engine::logic::{Technique, forcing};
use crate::engine::types::{Cell, Digit, Unit};

pub use crate::engine::logic::links::kind;

/// A shaped position read by the one link builder: its units are the geometry's.
impl UnitPosition for ShapeMarks<'_> {
    fn allows(&self, cell: Cell, value: Digit) -> bool {
        ShapeMarks::allows(self, cell.index(), value.get())
    }

    fn candidate_count(&self, cell: Cell) -> u32 {
        self.candidates(cell.index()).count_ones()
    }

    fn units_of(&self, cell: Cell) -> impl Iterator<Item = Unit> {
        self.geometry()
            .units_of(cell.index())
            .iter()
            .map(|&u| Unit::new(u))
    }

    fn unit_contains(&self, unit: Unit, cell: Cell) -> bool {
        self.geometry().unit(unit).cells.contains(&cell.index())
    }

    fn places(&self, unit: Unit, value: Digit) -> usize {
        ShapeMarks::places(self, unit.index(), value.get()).len()
    }

    fn sees(&self, a: Cell, b: Cell) -> bool {
        self.geometry().sees(a.index(), b.index())
    }
}

/// The running text of `link` in `marks`: "r2c5 is not 4, so r2c8 is 4 (strong
/// link in diagonal 1)", in the geometry's names and alphabet.
pub fn said(marks: &ShapeMarks, link: &Link) -> String {
    let geometry = marks.geometry();
    let end = |(cell, value): (Cell, Digit)| {
        (
            geometry.cell_name(cell.index()),
            geometry.alphabet().symbol(value.get()),
        )
    };
    let kind = kind(marks, link).map(|k| k.map_unit(|u| geometry.unit(u)));
    let mut text = String::new();
    let ends = (end(link.from), end(link.to), link.strong);
    builder::write_said(&mut text, ends, kind, "value").expect("writing to a String");
    text
}

/// `step` with its links derived from `marks`, the position it was found in.
pub fn with_links(marks: &ShapeMarks, mut step: Step) -> Step {
    if step.links.is_empty() {
        step.links = derive(marks, &step);
    }
    step
}

/// The ordered links of `step` in `marks` (none for singles and guesses; the
/// steps of Skyscraper, 2-String Kite and the chains come with theirs, built
/// for both ladders where the classic ones are).
fn derive(marks: &ShapeMarks, step: &Step) -> Vec<Link> {
    use Technique::*;
    let Some(technique) = step.technique() else {
        return Vec::new();
    };
    let cells: Vec<Cell> = step.pattern_cells().collect();
    match technique {
        LockedCandidatesPointing
        | LockedCandidatesClaiming
        | NakedPair
        | NakedTriple
        | NakedQuad => builder::locked(marks, &cells, brings(marks), &step.eliminations),
        HiddenPair | HiddenTriple | HiddenQuad => builder::hidden(
            marks,
            &values_of(step.pattern_values())
                .map(Digit::new)
                .collect::<Vec<_>>(),
            &cells,
            brings(marks),
            &step.eliminations,
        ),
        XWing | Swordfish | Jellyfish => fish(marks, step, &cells),
        XyWing => xy_wing(marks, step, &cells),
        XyzWing => xyz_wing(marks, step, &cells),
        WWing => w_wing(step, &cells),
        DigitForcingChain | CellForcingChain | UnitForcingChain | DynamicForcingChain
        | ForcingNet => step
            .branches
            .iter()
            .flat_map(|branch| forcing::branch_links(marks, branch))
            .collect(),
        _ => Vec::new(),
    }
}

/// A set's cell brings a value to the set when it may hold it.
fn brings<'a>(marks: &'a ShapeMarks) -> impl Fn(&Cell, Digit) -> Option<Cell> + 'a {
    |&cell, value| marks.allows(cell.index(), value.get()).then_some(cell)
}

/// Fish: the pattern's cells on the step's bases and covers (rows and columns).
fn fish(marks: &ShapeMarks, step: &Step, cells: &[Cell]) -> Vec<Link> {
    if cells.is_empty() {
        return Vec::new();
    }
    let value = Digit::new(lowest(step.pattern_values()));
    let lines = step.units.split_at(step.units.len() / 2);
    builder::fish(marks, value, lines, cells)
}

/// XY-Wing: pivot {x,y}, wings a {x,z} and b {y,z}, read from the marks.
fn xy_wing(marks: &ShapeMarks, step: &Step, cells: &[Cell]) -> Vec<Link> {
    let (&[pivot, a, b], Some(&(_, z))) = (cells, step.eliminations.first()) else {
        return Vec::new();
    };
    let candidates = |cell: Cell| marks.candidates(cell.index());
    let held = candidates(pivot);
    let only = |mask: ValueMask| (mask.count_ones() == 1).then(|| Digit::new(lowest(mask)));
    let (Some(x), Some(y)) = (only(candidates(a) & held), only(candidates(b) & held)) else {
        return Vec::new();
    };
    builder::xy_wing([pivot, a, b], [x, y, z])
}

/// XYZ-Wing: pivot {x,y,z}, wings a {x,z} and b {y,z}, read from the marks.
fn xyz_wing(marks: &ShapeMarks, step: &Step, cells: &[Cell]) -> Vec<Link> {
    let (&[pivot, a, b], Some(&(_, z))) = (cells, step.eliminations.first()) else {
        return Vec::new();
    };
    let other = |cell: Cell| {
        let rest = marks.candidates(cell.index()) & !value_bit(z.get());
        (rest.count_ones() == 1).then(|| Digit::new(lowest(rest)))
    };
    let (Some(x), Some(y)) = (other(a), other(b)) else {
        return Vec::new();
    };
    builder::xyz_wing([pivot, a, b], [x, y, z])
}

/// W-Wing: cells a and b {x,y} and the strong link of x near_a = near_b.
fn w_wing(step: &Step, cells: &[Cell]) -> Vec<Link> {
    let (&[a, b, near_a, near_b], Some(&(_, y))) = (cells, step.eliminations.first()) else {
        return Vec::new();
    };
    let x = Digit::new(lowest(step.pattern[2].1.bits()));
    builder::w_wing([a, b, near_a, near_b], [x, y])
}
