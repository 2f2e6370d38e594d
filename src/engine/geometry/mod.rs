//! The board's shape as data: a [`Geometry`] is built from a list of units (rows,
//! columns, boxes or jigsaw regions, plus any extra units such as diagonals or
//! windows), and everything else is derived from that list as in Norvig's essay
//! (`unitlist` -> `units` -> `peers`): the units of every cell, its peers, the
//! region it lies in, the box shape and the symbol alphabet.
//!
//! A diagonal variant is one more unit in the list, not a special case elsewhere.
//! The classic 9x9 is [`Geometry::classic`]; its hot paths (the bit-parallel solver,
//! the technique finders) read the compile-time table in [`super::types`], which is
//! derived from the same unit list and checked against this one by a test.

pub mod board;
pub mod format;
pub mod generate;
pub mod learn;
pub mod logic;
pub mod regions;
mod shapes;

pub use shapes::{ShapeError, Variant};

use crate::engine::types::Unit;

/// Largest side supported (25x25): the values of a cell fit a [`ValueMask`].
pub const MAX_SIDE: usize = 25;
/// Largest number of cells (25x25).
pub const MAX_CELLS: usize = MAX_SIDE * MAX_SIDE;

/// The bits of a set of values of one cell on any shape: bit `v - 1` for value
/// `v`, wide enough for 25 values. The set as a value is a
/// [`Candidates`](crate::engine::types::Candidates); its bits are what inner
/// loops compute on.
pub type ValueMask = u32;

/// Every value of a board of `side` values.
pub const fn all_values(side: usize) -> ValueMask {
    ((1u64 << side) - 1) as ValueMask
}

/// The mask of the one value `value` (1..=side).
pub const fn value_bit(value: u8) -> ValueMask {
    1 << (value - 1)
}

/// Bit `i` for the `i`-th item that `keep` accepts: which positions of a unit
/// (at most [`MAX_SIDE`] cells, so they fit) have some property. The overlap
/// table, [`CandidateBoard::unit_overlap`](crate::engine::logic::CandidateBoard::unit_overlap)
/// and Locked Candidates' places and strikes are all made by it.
pub fn position_bits<T>(
    items: impl IntoIterator<Item = T>,
    mut keep: impl FnMut(T) -> bool,
) -> u32 {
    (items.into_iter().enumerate()).fold(
        0,
        |bits, (i, item)| {
            if keep(item) { bits | 1 << i } else { bits }
        },
    )
}

/// What a unit is, for people ("row 3", "region 7", "diagonal 1").
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum UnitKind {
    Row,
    Column,
    Box,
    /// An irregular jigsaw region.
    Region,
    /// A main diagonal (Sudoku X).
    Diagonal,
    /// An extra 3x3 window (Windoku).
    Window,
}

impl UnitKind {
    /// "row", "column", "box", "region", "diagonal" or "window".
    pub fn name(self) -> &'static str {
        match self {
            UnitKind::Row => "row",
            UnitKind::Column => "column",
            UnitKind::Box => "box",
            UnitKind::Region => "region",
            UnitKind::Diagonal => "diagonal",
            UnitKind::Window => "window",
        }
    }
}

/// One unit of a geometry: `side` cells that hold every symbol once.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct UnitSpec {
    pub kind: UnitKind,
    /// Zero-based number within its kind.
    pub number: usize,
    /// Cell indices (row-major), ascending.
    pub cells: Vec<usize>,
}

impl std::fmt::Display for UnitSpec {
    /// `row 3`, `region 7`, `diagonal 2`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.kind.name(), self.number + 1)
    }
}

/// A set of up to [`MAX_CELLS`] cells, one bit each.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub struct CellMask([u64; MAX_CELLS.div_ceil(64)]);

impl CellMask {
    pub fn insert(&mut self, cell: usize) {
        self.0[cell / 64] |= 1 << (cell % 64);
    }

    pub fn contains(&self, cell: usize) -> bool {
        self.0[cell / 64] >> (cell % 64) & 1 == 1
    }

    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// The cells in ascending order.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().flat_map(|(word, &bits)| {
            let mut bits = bits;
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let bit = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    word * 64 + bit
                })
            })
        })
    }
}

/// Box height and width, when the regions are the regular boxes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct BoxShape {
    pub rows: usize,
    pub cols: usize,
}

/// The symbols of a board of `side` values: `1`-`9`, then `A`-`G` for 10..16 and on
/// to `P` for 25.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Alphabet {
    side: usize,
}

impl Alphabet {
    pub fn new(side: usize) -> Alphabet {
        Alphabet { side }
    }

    /// The symbol of value `value` (1..=side).
    pub fn symbol(self, value: u8) -> char {
        match value {
            1..=9 => (b'0' + value) as char,
            _ => (b'A' + value - 10) as char,
        }
    }

    /// The value of a symbol (letters in either case), if it belongs to this alphabet.
    pub fn value(self, ch: char) -> Option<u8> {
        let value = match ch {
            '1'..='9' => ch as u8 - b'0',
            'A'..='Z' => ch as u8 - b'A' + 10,
            'a'..='z' => ch as u8 - b'a' + 10,
            _ => return None,
        };
        (value as usize <= self.side).then_some(value)
    }

    /// The alphabet for people: `1-9`, `1-6`, `1-9, A-G`, `1-9, A-P`.
    pub fn describe(self) -> String {
        if self.side <= 9 {
            format!("1-{}", self.side)
        } else {
            format!("1-9, A-{}", self.symbol(self.side as u8))
        }
    }
}

/// The shape of a board: its units and everything derived from them.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Geometry {
    side: usize,
    variant: Variant,
    box_shape: Option<BoxShape>,
    units: Vec<UnitSpec>,
    units_of: Vec<Vec<usize>>,
    unit_masks: Vec<CellMask>,
    /// Per pair of units (`from * units + to`): which of `from`'s cells lie in
    /// `to`, bit `i` for its `i`-th cell (Locked Candidates asks this inside
    /// every branch of a forcing net).
    overlaps: Vec<u32>,
    peers: Vec<Vec<usize>>,
    peer_masks: Vec<CellMask>,
    region_of: Vec<usize>,
}

impl Geometry {
    /// Derives a geometry from its unit list. `regions` are the units that partition
    /// the board (boxes or jigsaw regions); `extra` are further units (diagonals,
    /// windows). Rows and columns are added here: every shape has them.
    fn from_units(
        side: usize,
        variant: Variant,
        box_shape: Option<BoxShape>,
        regions: Vec<UnitSpec>,
        extra: Vec<UnitSpec>,
    ) -> Geometry {
        let cells = side * side;
        let rows = (0..side).map(|r| UnitSpec {
            kind: UnitKind::Row,
            number: r,
            cells: (0..side).map(|c| r * side + c).collect(),
        });
        let cols = (0..side).map(|c| UnitSpec {
            kind: UnitKind::Column,
            number: c,
            cells: (0..side).map(|r| r * side + c).collect(),
        });
        let mut region_of = vec![0; cells];
        for (number, region) in regions.iter().enumerate() {
            for &cell in &region.cells {
                region_of[cell] = number;
            }
        }
        let units: Vec<UnitSpec> = rows.chain(cols).chain(regions).chain(extra).collect();
        let mut units_of = vec![Vec::new(); cells];
        for (index, unit) in units.iter().enumerate() {
            for &cell in &unit.cells {
                units_of[cell].push(index);
            }
        }
        let unit_masks: Vec<CellMask> = units
            .iter()
            .map(|unit| {
                let mut mask = CellMask::default();
                unit.cells.iter().for_each(|&c| mask.insert(c));
                mask
            })
            .collect();
        // Filled by pushing into a vector of its final size: a `flat_map` has no
        // size hint, and growing by doubling was most of the player's start-up here.
        let mut overlaps = Vec::with_capacity(units.len() * units.len());
        for from in &units {
            for to in &unit_masks {
                overlaps.push(position_bits(from.cells.iter(), |&cell| to.contains(cell)));
            }
        }
        let peer_masks: Vec<CellMask> = (0..cells)
            .map(|cell| {
                let mut mask = CellMask::default();
                for &unit in &units_of[cell] {
                    units[unit]
                        .cells
                        .iter()
                        .filter(|&&other| other != cell)
                        .for_each(|&other| mask.insert(other));
                }
                mask
            })
            .collect();
        let peers = peer_masks
            .iter()
            .map(|m| {
                let mut peers = Vec::with_capacity(m.len());
                peers.extend(m.iter());
                peers
            })
            .collect();
        Geometry {
            side,
            variant,
            box_shape,
            units,
            units_of,
            unit_masks,
            overlaps,
            peers,
            peer_masks,
            region_of,
        }
    }

    /// Cells per unit, and the number of symbols.
    pub fn side(&self) -> usize {
        self.side
    }

    /// Number of cells.
    pub fn cells(&self) -> usize {
        self.side * self.side
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Box height and width when the regions are regular boxes (not jigsaw).
    pub fn box_shape(&self) -> Option<BoxShape> {
        self.box_shape
    }

    /// Whether this is the classic 9x9 with 3x3 boxes and no extra unit.
    pub fn is_classic(&self) -> bool {
        self.side == 9 && self.variant == Variant::Classic
    }

    /// Every unit: rows, then columns, then regions, then extra units.
    pub fn units(&self) -> &[UnitSpec] {
        &self.units
    }

    /// The unit a step names (a [`Unit`] is an index into [`Geometry::units`]).
    pub fn unit(&self, unit: Unit) -> &UnitSpec {
        &self.units[unit.index()]
    }

    /// Indices into [`Geometry::units`] of the units holding `cell`.
    pub fn units_of(&self, cell: usize) -> &[usize] {
        &self.units_of[cell]
    }

    /// Whether unit `unit` (an index into [`Geometry::units`]) holds `cell`.
    pub fn unit_contains(&self, unit: usize, cell: usize) -> bool {
        self.unit_masks[unit].contains(cell)
    }

    /// The cells of unit `unit` as a set.
    pub fn unit_mask(&self, unit: usize) -> &CellMask {
        &self.unit_masks[unit]
    }

    /// Which cells of unit `from` lie in unit `to`: bit `i` for `from`'s `i`-th
    /// cell (indices into [`Geometry::units`]).
    pub fn unit_overlap(&self, from: usize, to: usize) -> u32 {
        self.overlaps[from * self.units.len() + to]
    }

    /// The peers of `cell` as a set.
    pub fn peer_mask(&self, cell: usize) -> &CellMask {
        &self.peer_masks[cell]
    }

    /// The cells sharing a unit with `cell`, ascending; never `cell` itself.
    pub fn peers(&self, cell: usize) -> &[usize] {
        &self.peers[cell]
    }

    /// Whether `a` and `b` share a unit (a cell does not see itself).
    pub fn sees(&self, a: usize, b: usize) -> bool {
        self.peer_masks[a].contains(b)
    }

    /// Zero-based region (box or jigsaw piece) of `cell`.
    pub fn region_of(&self, cell: usize) -> usize {
        self.region_of[cell]
    }

    pub fn row_of(&self, cell: usize) -> usize {
        cell / self.side
    }

    pub fn col_of(&self, cell: usize) -> usize {
        cell % self.side
    }

    /// The symbols of this shape.
    pub fn alphabet(&self) -> Alphabet {
        Alphabet::new(self.side)
    }

    /// `r4c7` for a cell index.
    pub fn cell_name(&self, cell: usize) -> String {
        format!("r{}c{}", self.row_of(cell) + 1, self.col_of(cell) + 1)
    }

    /// A name for the shape: `9x9`, `16x16`, `9x9 x`, `6x6 jigsaw`.
    pub fn name(&self) -> String {
        match self.variant {
            Variant::Classic => format!("{0}x{0}", self.side),
            other => format!("{0}x{0} {1}", self.side, other.key()),
        }
    }

    /// Whether the two cells lie in different regions: a thick border between them.
    pub fn region_border(&self, a: usize, b: usize) -> bool {
        self.region_of[a] != self.region_of[b]
    }

    /// Whether `cell` lies in an extra unit (diagonal or window): shown shaded.
    pub fn in_extra_unit(&self, cell: usize) -> bool {
        self.units_of[cell]
            .iter()
            .any(|&u| matches!(self.units[u].kind, UnitKind::Diagonal | UnitKind::Window))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alphabet_reads_letters_in_either_case_and_refuses_symbols_beyond_the_side() {
        let sixteen = Alphabet::new(16);
        assert_eq!(sixteen.value('a'), Some(10));
        assert_eq!(sixteen.value('G'), Some(16));
        assert_eq!(sixteen.value('H'), None);
        assert_eq!(sixteen.symbol(16), 'G');
        assert_eq!(sixteen.describe(), "1-9, A-G");
        assert_eq!(Alphabet::new(6).value('7'), None);
        let twenty_five = Alphabet::new(25);
        assert_eq!(twenty_five.value('p'), Some(25));
        assert_eq!(twenty_five.value('Q'), None);
        assert_eq!(twenty_five.symbol(25), 'P');
        assert_eq!(twenty_five.describe(), "1-9, A-P");
        assert_eq!(Alphabet::new(6).describe(), "1-6");
    }

    #[test]
    fn cell_mask_iterates_what_was_inserted() {
        let mut mask = CellMask::default();
        for cell in [0, 63, 64, 200, 255, 624] {
            mask.insert(cell);
        }
        assert_eq!(
            mask.iter().collect::<Vec<_>>(),
            vec![0, 63, 64, 200, 255, 624]
        );
        assert_eq!(mask.len(), 6);
        assert!(mask.contains(200) && !mask.contains(201));
    }
}
