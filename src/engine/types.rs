//! The vocabulary of the board: cells, digits, candidate sets and units, and the
//! one geometry table (units, peers, box shape) every other module reads.
//!
//! Everything that depends on the board being 9x9 with 3x3 boxes lives here, so
//! another size is a new table and not a rewrite.

use std::fmt;

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

/// A cell index, 0..81 in row-major order. Shown to people as `r4c7`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Cell(u8);

impl Cell {
    /// The cell at `index` (0..81). Panics on a bad index: indices come from code, not input.
    pub const fn new(index: usize) -> Cell {
        assert!(index < CELLS);
        Cell(index as u8)
    }

    /// The cell at zero-based `row` and `col`.
    pub const fn at(row: usize, col: usize) -> Cell {
        Cell::new(row * SIZE + col)
    }

    /// Every cell, in row-major order.
    pub fn all() -> impl Iterator<Item = Cell> {
        (0..CELLS).map(Cell::new)
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Zero-based row.
    pub const fn row(self) -> usize {
        self.0 as usize / SIZE
    }

    /// Zero-based column.
    pub const fn col(self) -> usize {
        self.0 as usize % SIZE
    }

    /// Zero-based box, numbered row-major from the top left.
    pub const fn box_index(self) -> usize {
        (self.row() / BOX) * BOX + self.col() / BOX
    }

    /// The cell's row, column and box.
    pub fn units(self) -> [Unit; 3] {
        [
            Unit::Row(self.row() as u8),
            Unit::Col(self.col() as u8),
            Unit::Box(self.box_index() as u8),
        ]
    }

    /// The 20 cells that share a unit with this one.
    pub fn peers(self) -> &'static [Cell; PEERS] {
        &GEOMETRY.peers[self.index()]
    }

    /// Whether `other` shares a unit with this cell (a cell is not its own peer).
    pub fn sees(self, other: Cell) -> bool {
        self != other
            && (self.row() == other.row()
                || self.col() == other.col()
                || self.box_index() == other.box_index())
    }

    /// Parses `r4c7` (one-based) back into a cell.
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
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row() + 1, self.col() + 1)
    }
}

/// A digit 1..9.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Digit(u8);

impl Digit {
    /// The digit `value` (1..9). Panics otherwise: digits from input go through [`Digit::from_char`].
    pub const fn new(value: u8) -> Digit {
        assert!(value >= 1 && value as usize <= SIZE);
        Digit(value)
    }

    /// The digit for `'1'..='9'`.
    pub fn from_char(ch: char) -> Option<Digit> {
        match ch {
            '1'..='9' => Some(Digit(ch as u8 - b'0')),
            _ => None,
        }
    }

    /// All digits, 1 to 9.
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

    pub fn to_char(self) -> char {
        (b'0' + self.0) as char
    }
}

impl fmt::Display for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A set of candidate digits: bit `d - 1` is set when digit `d` is possible.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Candidates(u16);

impl Candidates {
    pub const NONE: Candidates = Candidates(0);
    pub const ALL: Candidates = Candidates((1 << SIZE) - 1);

    /// The set with exactly these bits (bit 0 is digit 1); bits above 9 are dropped.
    pub const fn from_bits(bits: u16) -> Candidates {
        Candidates(bits & Self::ALL.0)
    }

    pub const fn single(digit: Digit) -> Candidates {
        Candidates(1 << (digit.0 - 1))
    }

    pub const fn bits(self) -> u16 {
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
        self.0.count_ones()
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The digit when exactly one is left.
    pub const fn only(self) -> Option<Digit> {
        if self.0.count_ones() == 1 {
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

/// One of the 27 units: a row, a column or a box, each with a zero-based index.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Unit {
    Row(u8),
    Col(u8),
    Box(u8),
}

impl Unit {
    /// All 27 units: rows, then columns, then boxes.
    pub fn all() -> impl Iterator<Item = Unit> {
        (0..UNITS).map(Unit::from_index)
    }

    /// Unit number 0..27 (rows 0..9, columns 9..18, boxes 18..27).
    pub fn from_index(index: usize) -> Unit {
        let i = (index % SIZE) as u8;
        match index / SIZE {
            0 => Unit::Row(i),
            1 => Unit::Col(i),
            2 => Unit::Box(i),
            _ => panic!("unit index {index} out of range"),
        }
    }

    pub fn index(self) -> usize {
        match self {
            Unit::Row(i) => i as usize,
            Unit::Col(i) => SIZE + i as usize,
            Unit::Box(i) => 2 * SIZE + i as usize,
        }
    }

    /// The unit's nine cells, in row-major order.
    pub fn cells(self) -> &'static [Cell; SIZE] {
        &GEOMETRY.units[self.index()]
    }

    /// Whether the unit holds `cell`.
    pub fn contains(self, cell: Cell) -> bool {
        match self {
            Unit::Row(i) => cell.row() == i as usize,
            Unit::Col(i) => cell.col() == i as usize,
            Unit::Box(i) => cell.box_index() == i as usize,
        }
    }

    /// "row", "column" or "box".
    pub fn kind_name(self) -> &'static str {
        match self {
            Unit::Row(_) => "row",
            Unit::Col(_) => "column",
            Unit::Box(_) => "box",
        }
    }

    /// One-based number within its kind.
    pub fn number(self) -> usize {
        match self {
            Unit::Row(i) | Unit::Col(i) | Unit::Box(i) => i as usize + 1,
        }
    }
}

impl fmt::Display for Unit {
    /// `row 3`, `column 4`, `box 5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.kind_name(), self.number())
    }
}

/// The board's shape: each unit's cells and each cell's peers, computed once at compile time.
pub struct Geometry {
    pub units: [[Cell; SIZE]; UNITS],
    pub peers: [[Cell; PEERS]; CELLS],
}

/// The 9x9 geometry.
pub static GEOMETRY: Geometry = Geometry::standard();

impl Geometry {
    const fn standard() -> Geometry {
        let mut units = [[Cell(0); SIZE]; UNITS];
        let mut i = 0;
        while i < SIZE {
            let mut j = 0;
            while j < SIZE {
                units[i][j] = Cell::at(i, j);
                units[SIZE + i][j] = Cell::at(j, i);
                units[2 * SIZE + i][j] =
                    Cell::at((i / BOX) * BOX + j / BOX, (i % BOX) * BOX + j % BOX);
                j += 1;
            }
            i += 1;
        }
        let mut peers = [[Cell(0); PEERS]; CELLS];
        let mut cell = 0;
        while cell < CELLS {
            let me = Cell::new(cell);
            let mut count = 0;
            let mut other = 0;
            while other < CELLS {
                let them = Cell::new(other);
                if other != cell
                    && (me.row() == them.row()
                        || me.col() == them.col()
                        || me.box_index() == them.box_index())
                {
                    peers[cell][count] = them;
                    count += 1;
                }
                other += 1;
            }
            assert!(count == PEERS);
            cell += 1;
        }
        Geometry { units, peers }
    }
}
