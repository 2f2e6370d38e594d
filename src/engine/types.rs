//! The vocabulary of the classic board: cells, digits, candidate sets and units,
//! and the compile-time 9x9 table (units, peers, boxes) the hot paths read.
//!
//! The table is derived from the unit list, as [`super::geometry::Geometry`] is for
//! every shape; `Cell::sees`, `Unit::contains` and `Cell::box_index` read it
//! instead of computing with 9 and 3.

use std::fmt;

use super::geometry::{MAX_CELLS, MAX_SIDE, UnitKind, ValueMask};

/// Side of the board (cells per unit).
pub const SIZE: usize = 9;
/// Box height and width.
pub const BOX: usize = 3;
/// Number of cells.
pub const CELLS: usize = SIZE * SIZE;
/// Number of units: 9 rows, 9 columns, 9 boxes.
pub const UNITS: usize = 3 * SIZE;
/// Number of peers of each cell (cells sharing a row, column or box).
pub const PEERS: usize = 20;

/// A cell index in row-major order, on any shape: 0..81 on the classic 9x9,
/// up to [`MAX_CELLS`] (a 25x25 board) elsewhere, an index into the board's
/// [`Geometry`](super::geometry::Geometry).
///
/// [`index`](Cell::index) and [`new`](Cell::new) hold for every shape. The rest
/// is **classic-only**: it reads the compile-time 9x9 table ([`GEOMETRY`]) and
/// is meaningless (or panics) for a cell of another shape: [`at`](Cell::at),
/// [`all`](Cell::all), [`row`](Cell::row), [`col`](Cell::col),
/// [`box_index`](Cell::box_index), [`units`](Cell::units),
/// [`peers`](Cell::peers), [`sees`](Cell::sees), [`parse`](Cell::parse) and
/// `Display` (`r4c7`). Shaped code asks the `Geometry` (its units, peers and
/// names, `engine::names::Names`) instead.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Cell(u16);

impl Cell {
    /// The cell at `index` (below [`MAX_CELLS`], the largest supported board).
    /// Panics on a bad index: indices come from code, not input.
    pub const fn new(index: usize) -> Cell {
        assert!(index < MAX_CELLS);
        Cell(index as u16)
    }

    /// The classic cell at zero-based `row` and `col` (classic-only).
    pub const fn at(row: usize, col: usize) -> Cell {
        Cell::new(row * SIZE + col)
    }

    /// Every classic cell, in row-major order (classic-only: 81 cells).
    pub fn all() -> impl Iterator<Item = Cell> {
        (0..CELLS).map(Cell::new)
    }

    /// The index into the board's cells, on any shape.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Zero-based row (classic-only).
    pub const fn row(self) -> usize {
        self.0 as usize / SIZE
    }

    /// Zero-based column (classic-only).
    pub const fn col(self) -> usize {
        self.0 as usize % SIZE
    }

    /// Zero-based box, numbered row-major from the top left (classic-only).
    pub const fn box_index(self) -> usize {
        GEOMETRY.box_of[self.0 as usize] as usize
    }

    /// The cell's row, column and box (classic-only).
    pub fn units(self) -> [Unit; 3] {
        GEOMETRY.units_of[self.index()]
    }

    /// The 20 cells that share a unit with this one (classic-only).
    pub fn peers(self) -> &'static [Cell; PEERS] {
        &GEOMETRY.peers[self.index()]
    }

    /// Whether `other` shares a unit with this cell (a cell is not its own
    /// peer; classic-only).
    pub fn sees(self, other: Cell) -> bool {
        GEOMETRY.peer_masks[self.index()] >> other.index() & 1 == 1
    }

    /// Parses `r4c7` (one-based) back into a classic cell.
    pub fn parse(text: &str) -> Option<Cell> {
        let bytes = text.as_bytes();
        if bytes.len() != 4 || !matches!(bytes[0], b'r' | b'R') || !matches!(bytes[2], b'c' | b'C')
        {
            return None;
        }
        let row = (bytes[1] as char).to_digit(10)? as usize;
        let col = (bytes[3] as char).to_digit(10)? as usize;
        ((1..=SIZE).contains(&row) && (1..=SIZE).contains(&col)).then(|| Cell::at(row - 1, col - 1))
    }
}

impl fmt::Display for Cell {
    /// `r4c7`, by the classic table (shaped cells are named by their geometry).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row() + 1, self.col() + 1)
    }
}

/// A value on any shape: 1..9 on the classic 9x9, up to [`MAX_SIDE`] (a
/// 25x25 board) elsewhere.
///
/// [`new`](Digit::new), [`get`](Digit::get) and [`index`](Digit::index) hold
/// for every shape. The rest is **classic-only** (digits 1..9, written `1`-`9`):
/// [`from_char`](Digit::from_char), [`all`](Digit::all),
/// [`to_char`](Digit::to_char) and `Display`. Shaped code writes a value in
/// its geometry's alphabet. A set of values is a [`Candidates`] on every shape.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Digit(u8);

impl Digit {
    /// The value `value` (1 up to [`MAX_SIDE`], the largest supported side).
    /// Panics otherwise: digits from input go through [`Digit::from_char`] or a
    /// shape's alphabet.
    pub const fn new(value: u8) -> Digit {
        assert!(value >= 1 && value as usize <= MAX_SIDE);
        Digit(value)
    }

    /// The classic digit for `'1'..='9'`.
    pub fn from_char(ch: char) -> Option<Digit> {
        match ch {
            '1'..='9' => Some(Digit(ch as u8 - b'0')),
            _ => None,
        }
    }

    /// All classic digits, 1 to 9.
    pub fn all() -> impl Iterator<Item = Digit> {
        (1..=SIZE as u8).map(Digit)
    }

    pub const fn get(self) -> u8 {
        self.0
    }

    /// Zero-based index (digit 1 is index 0).
    pub const fn index(self) -> usize {
        self.0 as usize - 1
    }

    /// `'1'..='9'` (classic-only).
    pub fn to_char(self) -> char {
        (b'0' + self.0) as char
    }
}

impl fmt::Display for Digit {
    /// The number (shaped values are written in their geometry's alphabet).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// How many digits each classic set of candidates holds, by its bits.
const DIGIT_COUNTS: [u8; 1 << SIZE] = {
    let mut counts = [0u8; 1 << SIZE];
    let mut bits = 1;
    while bits < 1 << SIZE {
        counts[bits] = counts[bits & (bits - 1)] + 1;
        bits += 1;
    }
    counts
};

/// How many of the nine low bits of `mask` are set (a classic unit's nine
/// positions or digits), from the same table as [`Candidates::len`]: the
/// baseline x86-64 target has no popcount instruction.
pub(crate) const fn ones_of_nine(mask: u16) -> u32 {
    DIGIT_COUNTS[(mask & ((1 << SIZE) - 1)) as usize] as u32
}

/// A set of values of one cell, on every shape: bit `v - 1` is set when value
/// `v` is possible. Wide enough for a 25x25 board's values; its bits are a
/// [`ValueMask`], which shaped inner loops compute on directly (as a search
/// may work on plain cell indices) and wrap in this type where a set leaves
/// them (a step's pattern). [`ALL`](Candidates::ALL) is the classic 9x9's set.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Candidates(ValueMask);

impl Candidates {
    pub const NONE: Candidates = Candidates(0);
    /// Every classic digit, 1 to 9 (classic-only).
    pub const ALL: Candidates = Candidates((1 << SIZE) - 1);

    /// The set with exactly these bits (bit 0 is value 1), on any shape.
    pub const fn from_bits(bits: ValueMask) -> Candidates {
        Candidates(bits)
    }

    pub const fn single(digit: Digit) -> Candidates {
        Candidates(1 << (digit.0 - 1))
    }

    pub const fn bits(self) -> ValueMask {
        self.0
    }

    pub const fn contains(self, digit: Digit) -> bool {
        self.0 & (1 << (digit.0 - 1)) != 0
    }

    #[must_use]
    pub const fn with(self, digit: Digit) -> Candidates {
        Candidates(self.0 | 1 << (digit.0 - 1))
    }

    #[must_use]
    pub const fn without(self, digit: Digit) -> Candidates {
        Candidates(self.0 & !(1 << (digit.0 - 1)))
    }

    pub const fn len(self) -> u32 {
        // A table for classic sets: the baseline x86-64 target has no popcount
        // instruction, and the classic finders ask this in their innermost loops.
        if self.0 < 1 << SIZE {
            DIGIT_COUNTS[self.0 as usize] as u32
        } else {
            self.0.count_ones()
        }
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The digit when exactly one is left.
    pub const fn only(self) -> Option<Digit> {
        if self.0 != 0 && self.0 & (self.0 - 1) == 0 {
            Some(Digit(self.0.trailing_zeros() as u8 + 1))
        } else {
            None
        }
    }

    /// The lowest digit in the set.
    pub const fn first(self) -> Option<Digit> {
        if self.0 == 0 {
            None
        } else {
            Some(Digit(self.0.trailing_zeros() as u8 + 1))
        }
    }

    #[must_use]
    pub const fn union(self, other: Candidates) -> Candidates {
        Candidates(self.0 | other.0)
    }

    #[must_use]
    pub const fn intersection(self, other: Candidates) -> Candidates {
        Candidates(self.0 & other.0)
    }

    #[must_use]
    pub const fn difference(self, other: Candidates) -> Candidates {
        Candidates(self.0 & !other.0)
    }

    /// The digits in ascending order.
    pub fn iter(self) -> impl Iterator<Item = Digit> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let digit = Digit(bits.trailing_zeros() as u8 + 1);
            bits &= bits - 1;
            Some(digit)
        })
    }
}

impl FromIterator<Digit> for Candidates {
    fn from_iter<I: IntoIterator<Item = Digit>>(iter: I) -> Self {
        iter.into_iter().fold(Candidates::NONE, Candidates::with)
    }
}

impl fmt::Debug for Candidates {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{{{self}}}")
    }
}

impl fmt::Display for Candidates {
    /// The digits run together, as in `1359`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.iter().try_for_each(|d| write!(f, "{d}"))
    }
}

/// A unit on any shape: its index into the board's unit list, rows first,
/// then columns, then boxes or regions, then any extra unit (diagonals,
/// windows): 0..27 on the classic 9x9, an index into
/// [`Geometry::units`](super::geometry::Geometry::units) elsewhere.
///
/// [`index`](Unit::index) and [`new`](Unit::new) hold for every shape. The rest
/// is **classic-only**: it reads the compile-time 9x9 table ([`GEOMETRY`]) and
/// is meaningless (or panics) for a unit of another shape: [`all`](Unit::all),
/// [`row`](Unit::row), [`col`](Unit::col), [`box_at`](Unit::box_at),
/// [`cells`](Unit::cells), [`contains`](Unit::contains), [`kind`](Unit::kind),
/// [`kind_name`](Unit::kind_name), [`number`](Unit::number) and `Display`;
/// shaped code asks the geometry ([`Geometry::unit`](super::geometry::Geometry::unit)).
/// The derived order is the index's: rows, then columns, then boxes.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Unit(u8);

impl Unit {
    /// The unit numbered `index` in its board's unit list (any shape; every
    /// shape has fewer than 256 units: a 25x25 with both diagonals has 77).
    pub fn new(index: usize) -> Unit {
        assert!(index <= u8::MAX as usize, "unit index {index} out of range");
        Unit(index as u8)
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// All 27 units: rows, then columns, then boxes (classic-only).
    pub fn all() -> impl Iterator<Item = Unit> {
        (0..UNITS).map(Unit::new)
    }

    /// Row `row` (zero-based; classic-only).
    pub const fn row(row: usize) -> Unit {
        assert!(row < SIZE);
        Unit(row as u8)
    }

    /// Column `col` (zero-based; classic-only).
    pub const fn col(col: usize) -> Unit {
        assert!(col < SIZE);
        Unit((SIZE + col) as u8)
    }

    /// Box `index` (zero-based, row-major from the top left; classic-only).
    pub const fn box_at(index: usize) -> Unit {
        assert!(index < SIZE);
        Unit((2 * SIZE + index) as u8)
    }

    /// The unit's nine cells, in row-major order (classic-only).
    pub fn cells(self) -> &'static [Cell; SIZE] {
        &GEOMETRY.units[self.index()]
    }

    /// Whether the unit holds `cell` (classic-only).
    pub fn contains(self, cell: Cell) -> bool {
        GEOMETRY.unit_masks[self.index()] >> cell.index() & 1 == 1
    }

    /// Row, column or box (classic-only).
    pub fn kind(self) -> UnitKind {
        match self.index() / SIZE {
            0 => UnitKind::Row,
            1 => UnitKind::Column,
            2 => UnitKind::Box,
            _ => panic!("unit {} is not a unit of the classic 9x9", self.0),
        }
    }

    /// "row", "column" or "box" (classic-only).
    pub fn kind_name(self) -> &'static str {
        self.kind().name()
    }

    /// One-based number within its kind (classic-only).
    pub fn number(self) -> usize {
        self.index() % SIZE + 1
    }
}

impl fmt::Display for Unit {
    /// `row 3`, `column 4`, `box 5` (classic-only).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.kind_name(), self.number())
    }
}

/// The classic 9x9 shape as compile-time tables, for the hot paths. Like
/// [`super::geometry::Geometry`], it is derived from the unit list alone (rows,
/// columns, boxes -> the units of each cell -> peers); a test checks the two agree.
pub struct ClassicTable {
    /// The unit list: each unit's cells, ascending.
    pub units: [[Cell; SIZE]; UNITS],
    /// Each unit's cells as one bit per cell.
    pub unit_masks: [u128; UNITS],
    /// The three units holding each cell: its row, column and box.
    pub units_of: [[Unit; 3]; CELLS],
    /// The three units of each cell as cell sets, in `units_of`'s order: a
    /// forcing branch reads them for nearly every implication it follows.
    pub unit_masks_of: [[u128; 3]; CELLS],
    /// Each cell's peers, ascending, and as one bit per cell.
    pub peers: [[Cell; PEERS]; CELLS],
    pub peer_masks: [u128; CELLS],
    /// Each cell's box number.
    pub box_of: [u8; CELLS],
}

/// The 9x9 tables.
pub static GEOMETRY: ClassicTable = ClassicTable::derive();

impl ClassicTable {
    const fn derive() -> ClassicTable {
        // The unit list: rows, columns, then boxes of BOX x BOX cells.
        let mut units = [[Cell(0); SIZE]; UNITS];
        let mut i = 0;
        while i < SIZE {
            let mut j = 0;
            while j < SIZE {
                units[i][j] = Cell((i * SIZE + j) as u16);
                units[SIZE + i][j] = Cell((j * SIZE + i) as u16);
                let (top, left) = ((i / BOX) * BOX, (i % BOX) * BOX);
                units[2 * SIZE + i][j] = Cell(((top + j / BOX) * SIZE + left + j % BOX) as u16);
                j += 1;
            }
            i += 1;
        }
        // Everything else from the list.
        let mut unit_masks = [0u128; UNITS];
        let mut units_of = [[Unit(0); 3]; CELLS];
        let mut kinds_seen = [0usize; CELLS];
        let mut box_of = [0u8; CELLS];
        let mut unit = 0;
        while unit < UNITS {
            let mut j = 0;
            while j < SIZE {
                let cell = units[unit][j].0 as usize;
                unit_masks[unit] |= 1 << cell;
                let which = unit / SIZE;
                let number = (unit % SIZE) as u8;
                units_of[cell][kinds_seen[cell]] = Unit(unit as u8);
                kinds_seen[cell] += 1;
                if which == 2 {
                    box_of[cell] = number;
                }
                j += 1;
            }
            unit += 1;
        }
        let mut peer_masks = [0u128; CELLS];
        let mut unit_masks_of = [[0u128; 3]; CELLS];
        let mut peers = [[Cell(0); PEERS]; CELLS];
        let mut cell = 0;
        while cell < CELLS {
            assert!(kinds_seen[cell] == 3);
            let mut mask = 0u128;
            let mut k = 0;
            while k < 3 {
                unit_masks_of[cell][k] = unit_masks[units_of[cell][k].index()];
                mask |= unit_masks_of[cell][k];
                k += 1;
            }
            mask &= !(1 << cell);
            peer_masks[cell] = mask;
            let mut count = 0;
            let mut other = 0;
            while other < CELLS {
                if mask >> other & 1 == 1 {
                    peers[cell][count] = Cell(other as u16);
                    count += 1;
                }
                other += 1;
            }
            assert!(count == PEERS);
            cell += 1;
        }
        ClassicTable {
            units,
            unit_masks,
            units_of,
            unit_masks_of,
            peers,
            peer_masks,
            box_of,
        }
    }
}
