//! Human techniques on any [`Geometry`]: the logic ladder that `hint`, `grade` and
//! `explain` use for every shape other than the classic 9x9 (sizes 4x4 to 25x25,
//! Sudoku X, Windoku, jigsaw). Every technique here reads the geometry's unit list,
//! so a diagonal, a window or a jigsaw region is one more unit, never a special case:
//! - Full House, Hidden Single (in any kind of unit), Naked Single;
//! - Locked Candidates between any two units that overlap in two or more cells
//!   (box and line, jigsaw region and line, diagonal and box, window and line...);
//! - Naked and Hidden Pairs, Triples and Quads in any unit; X-Wing, Swordfish and
//!   Jellyfish on rows and columns;
//! - Skyscraper and 2-String Kite (the shortest X-Chains, on rows, columns and
//!   boxes or regions), XY-Wing, XYZ-Wing, W-Wing, X-Chain and XY-Chain, read
//!   through the geometry's peers;
//! - then the classic ladder's forcing chains and nets: digit, cell and unit
//!   forcing chains (the position's own strong links), dynamic forcing chains (the
//!   branch's changing board) and forcing nets (simpler techniques inside the
//!   branch too), shortest proof first, with every branch's implications; and
//!   last a guess, labelled as one.
//!
//! The names, levels and scores are the classic catalogue's ([`Technique`],
//! [`Level`](crate::engine::logic::Level)); which of them a shape may use is [`Technique::supports`]. Uniqueness
//! techniques are never used on shapes.
//!
//! Singles, Locked Candidates, Naked and Hidden Subsets, basic fish, the XY-,
//! XYZ- and W-Wing, Skyscraper, 2-String Kite, X-Chain and XY-Chain are the
//! classic ladder's finders (`engine::logic::{singles, intersections, subsets,
//! fish, wings, single_digit, chains}`), written once against
//! [`CandidateBoard`](crate::engine::logic::CandidateBoard), which [`ShapeMarks`]
//! implements on the runtime geometry; this ladder turns what they find into its
//! [`Step`]. Forcing is the classic ladder's too (`engine::logic::forcing`
//! over `implication::BranchHost`, which `ShapeMarks` implements in `forcing.rs`).

mod chains;
mod finders;
mod forcing;
pub mod links;
mod path;
mod reuse;
mod wings;

pub use finders::Ladder;
pub use path::{explain, grade, hint, hint_in_game, next_step_on};

use super::{Geometry, MAX_CELLS, UnitKind, ValueMask, all_values, value_bit};
use crate::engine::effects::Effects;
use crate::engine::logic::{Basis, Step, Technique};
use crate::engine::names;
use crate::engine::types::{Candidates, Cell, Digit, Unit};

/// A deduction on a shaped board is the engine's one step value ([`Step`]), in
/// [`Cell`], [`Digit`], `Candidates` and [`Unit`] as on the classic board
/// (indices into the geometry's cells and [`Geometry::units`], named by the
/// geometry; a value `1..=side`, written in its alphabet), resting on a
/// technique or a guess ([`Basis`]). Shaped code rates a step by its basis
/// alone (`basis.level()`, `basis.score()`) and names it in the geometry
/// ([`Step::summary_in`], [`Step::text_in`]).
impl Step {
    /// A single's step: `value` placed in `cell`, found in `unit` (a full house
    /// or hidden single) or, without one, in the cell itself (a naked single).
    pub(crate) fn single(
        technique: Technique,
        cell: usize,
        value: u8,
        unit: Option<usize>,
    ) -> Step {
        let (cell, mut step) = (Cell::new(cell), Step::of(technique));
        step.placements.push((cell, Digit::new(value)));
        match unit {
            Some(unit) => step.units.push(Unit::new(unit)),
            None => step
                .pattern
                .push((cell, Candidates::from_bits(value_bit(value)))),
        }
        step
    }

    /// Every value the pattern reads, as one set (a subset's values; the one
    /// value of a locked set, a fish or an X-Chain).
    pub fn pattern_values(&self) -> ValueMask {
        self.pattern
            .iter()
            .fold(0, |values, &(_, v)| values | v.bits())
    }

    /// `Hidden Single in row 3`, `Naked Single at r4c7`: the technique and
    /// where, named in `geometry`.
    pub fn summary_in(&self, geometry: &Geometry) -> String {
        match (self.units.first(), self.placements.first()) {
            (Some(&unit), _) => format!("{} in {}", self.basis.name(), geometry.unit(unit)),
            (None, Some(&(cell, _))) => {
                let cell = geometry.cell_name(cell.index());
                format!("{} at {cell}", self.basis.name())
            }
            (None, None) => match self.pattern.first() {
                Some(&(cell, _)) => {
                    format!(
                        "{} around {}",
                        self.basis.name(),
                        geometry.cell_name(cell.index())
                    )
                }
                None => self.basis.name().to_string(),
            },
        }
    }

    /// The whole reasoning in one sentence, in the geometry's names and alphabet.
    pub fn text_in(&self, geometry: &Geometry) -> String {
        finders::text(self, geometry)
    }
}

impl Effects for ShapeMarks<'_> {
    fn place_value(&mut self, cell: usize, value: u8) {
        self.place(cell, value);
    }

    fn remove_candidate(&mut self, cell: usize, value: u8) {
        self.strike(cell, value);
    }
}

/// The cells named and joined: `r1c1, r1c2`.
pub fn cells_text(geometry: &Geometry, cells: &[usize]) -> String {
    names::cells_text(geometry, cells.iter().copied().map(Cell::new))
}

/// The values in the geometry's alphabet, joined: `3, A`.
pub fn values_text(geometry: &Geometry, values: &[u8]) -> String {
    names::values_text(geometry, values.iter().copied().map(Digit::new))
}

/// A position in progress on a shape: placed values and candidates. Unlike the
/// search's `ShapeBoard`, placing a value only strikes it from the peers: nothing
/// else follows by itself, so every single is a step a person takes and explains.
#[derive(Clone, Copy)]
pub struct ShapeMarks<'g> {
    geometry: &'g Geometry,
    values: [u8; MAX_CELLS],
    candidates: [ValueMask; MAX_CELLS],
}

impl<'g> ShapeMarks<'g> {
    /// The givens (row-major, 0 for blank) placed, every other cell's candidates
    /// being the values none of its peers holds.
    pub fn from_givens(geometry: &'g Geometry, givens: &[u8]) -> ShapeMarks<'g> {
        let mut marks = ShapeMarks {
            geometry,
            values: [0; MAX_CELLS],
            candidates: [0; MAX_CELLS],
        };
        marks.candidates[..geometry.cells()].fill(all_values(geometry.side()));
        for (cell, &value) in givens.iter().enumerate() {
            if value != 0 {
                marks.place(cell, value);
            }
        }
        marks
    }

    pub fn geometry(&self) -> &'g Geometry {
        self.geometry
    }

    /// The value in `cell`, 0 when open.
    pub fn value(&self, cell: usize) -> u8 {
        self.values[cell]
    }

    /// Every cell's value, row-major, 0 when open.
    pub fn values(&self) -> &[u8] {
        &self.values[..self.geometry.cells()]
    }

    /// Candidate bits of an open cell (bit `v - 1` for value `v`); 0 once placed.
    pub fn candidates(&self, cell: usize) -> ValueMask {
        if self.values[cell] == 0 {
            self.candidates[cell]
        } else {
            0
        }
    }

    /// Whether `cell` is open and may still hold `value`.
    pub fn allows(&self, cell: usize, value: u8) -> bool {
        self.candidates(cell) >> (value - 1) & 1 == 1
    }

    /// Whether every cell holds a value.
    pub fn is_solved(&self) -> bool {
        self.values().iter().all(|&v| v != 0)
    }

    /// The open cells, ascending.
    pub fn open_cells(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.geometry.cells()).filter(|&c| self.values[c] == 0)
    }

    /// The open cell with the fewest candidates (ties: the first).
    pub fn fewest_candidates_cell(&self) -> Option<usize> {
        self.open_cells()
            .min_by_key(|&c| self.candidates[c].count_ones())
    }

    /// Places `value` in `cell` and strikes it from the peers.
    pub fn place(&mut self, cell: usize, value: u8) {
        self.values[cell] = value;
        self.candidates[cell] = value_bit(value);
        let geometry = self.geometry;
        for &peer in geometry.peers(cell) {
            self.strike(peer, value);
        }
    }

    /// Keeps only the candidates of `cell` that are also in `bits` (a player's
    /// marks read onto the position).
    pub fn keep_only(&mut self, cell: usize, bits: ValueMask) {
        if self.values[cell] == 0 {
            self.candidates[cell] &= bits;
        }
    }

    /// Removes `value` from the candidates of `cell`.
    pub fn strike(&mut self, cell: usize, value: u8) {
        if self.values[cell] == 0 {
            self.candidates[cell] &= !value_bit(value);
        }
    }

    /// Whether `unit` (an index into the geometry's units) already holds `value`.
    pub fn unit_has(&self, unit: usize, value: u8) -> bool {
        self.geometry.units()[unit]
            .cells
            .iter()
            .any(|&c| self.values[c] == value)
    }

    /// The open cells of `unit` that may hold `value`.
    pub fn places(&self, unit: usize, value: u8) -> Vec<usize> {
        self.geometry.units()[unit]
            .cells
            .iter()
            .copied()
            .filter(|&c| self.allows(c, value))
            .collect()
    }

    /// Why the position cannot be finished, if it visibly cannot: an open cell
    /// without a candidate, a value twice in a unit, or a value missing from a unit
    /// with no place left for it. People read it: `r4c7 has no candidate left`.
    pub fn contradiction(&self) -> Option<String> {
        let geometry = self.geometry;
        if let Some(cell) = self.open_cells().find(|&c| self.candidates[c] == 0) {
            return Some(format!(
                "{} has no candidate left",
                geometry.cell_name(cell)
            ));
        }
        // Per unit, as masks: the values held, held twice, and still possible
        // in an open cell; the lowest value wrong in the first such unit is named.
        let every = all_values(geometry.side());
        for unit in geometry.units() {
            let (mut held, mut twice, mut places) = (0, 0, 0);
            for &cell in &unit.cells {
                match self.values[cell] {
                    0 => places |= self.candidates[cell],
                    value => {
                        twice |= held & value_bit(value);
                        held |= value_bit(value);
                    }
                }
            }
            let wrong = twice | (every & !(held | places));
            if wrong != 0 {
                let value = wrong.trailing_zeros() as u8 + 1;
                let symbol = geometry.alphabet().symbol(value);
                return Some(if twice & value_bit(value) != 0 {
                    format!("{symbol} appears twice in {unit}")
                } else {
                    format!("{symbol} has no place left in {unit}")
                });
            }
        }
        None
    }
}

/// The shaped position in the finders' one vocabulary: the runtime geometry's
/// unit list, with the raw candidates (a placed cell holds its value's bit, as
/// on the classic board).
impl crate::engine::logic::CandidateBoard for ShapeMarks<'_> {
    fn side(&self) -> usize {
        self.geometry.side()
    }

    fn cell_count(&self) -> usize {
        self.geometry.cells()
    }

    fn unit_count(&self) -> usize {
        self.geometry.units().len()
    }

    fn unit_cells(&self, unit: usize) -> impl Iterator<Item = usize> + Clone + '_ {
        self.geometry.units()[unit].cells.iter().copied()
    }

    fn unit_contains(&self, unit: usize, cell: usize) -> bool {
        self.geometry.unit_contains(unit, cell)
    }

    fn unit_overlap(&self, from: usize, to: usize) -> u32 {
        self.geometry.unit_overlap(from, to)
    }

    fn units_of(&self, cell: usize) -> impl Iterator<Item = usize> + '_ {
        self.geometry.units_of(cell).iter().copied()
    }

    fn peers(&self, cell: usize) -> impl Iterator<Item = usize> + '_ {
        self.geometry.peers(cell).iter().copied()
    }

    fn sees(&self, a: usize, b: usize) -> bool {
        self.geometry.sees(a, b)
    }

    fn unit_kind(&self, unit: usize) -> UnitKind {
        self.geometry.units()[unit].kind
    }

    fn region_unit(&self, cell: usize) -> usize {
        2 * self.geometry.side() + self.geometry.region_of(cell)
    }

    fn value(&self, cell: usize) -> u8 {
        self.values[cell]
    }

    fn candidate_bits(&self, cell: usize) -> ValueMask {
        self.candidates[cell]
    }
}

/// Whether a unit is a line (row or column): an intersection read from a line
/// is "claiming", from any other unit "pointing".
fn is_line(kind: UnitKind) -> bool {
    matches!(kind, UnitKind::Row | UnitKind::Column)
}
