//! The candidate grid Sudoku Explainer's chains read, and the links it follows
//! from one candidate state ("potential": a candidate assumed on or off) to the
//! next, generated in its order (a cell's other digits, then the block, the
//! row and the column), because that order decides which of several equally
//! short chains it finds first.

use crate::engine::board::Board;
use crate::engine::types::{CELLS, Cell, SIZE, Unit};

/// Potentials in all: every (cell, digit), on and off.
pub const NODES: usize = CELLS * SIZE * 2;

/// A candidate assumed true (on) or false (off).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Node(u16);

impl Node {
    pub fn new(cell: usize, digit: usize, on: bool) -> Node {
        Node(((cell * SIZE + digit) * 2 + usize::from(on)) as u16)
    }

    pub fn index(self) -> usize {
        self.0 as usize
    }

    pub fn cell(self) -> usize {
        self.0 as usize / 2 / SIZE
    }

    /// Zero-based digit.
    pub fn digit(self) -> usize {
        self.0 as usize / 2 % SIZE
    }

    pub fn on(self) -> bool {
        self.0 & 1 == 1
    }

    /// The same candidate in the other state.
    pub fn conjugate(self) -> Node {
        Node(self.0 ^ 1)
    }
}

/// Which links a chain may follow: X-links join places of one digit in a unit,
/// Y-links the digits of one cell.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Links {
    pub x: bool,
    pub y: bool,
}

/// Open cells' candidates as bits (bit `d` for zero-based digit `d`); a placed
/// cell has none.
#[derive(Clone, PartialEq, Eq)]
pub struct Marks {
    bits: [u16; CELLS],
}

/// A cell's units in Sudoku Explainer's order: block, row, column.
pub fn regions(cell: usize) -> [Unit; 3] {
    let c = Cell::new(cell);
    [
        Unit::box_at(c.box_index()),
        Unit::row(c.row()),
        Unit::col(c.col()),
    ]
}

impl Marks {
    pub fn of(board: &Board) -> Marks {
        let mut bits = [0; CELLS];
        for cell in board.open_cells() {
            bits[cell.index()] = board.candidates(cell).bits() as u16;
        }
        Marks { bits }
    }

    pub fn has(&self, cell: usize, digit: usize) -> bool {
        self.bits[cell] >> digit & 1 == 1
    }

    pub fn count(&self, cell: usize) -> u32 {
        self.bits[cell].count_ones()
    }

    pub fn bits(&self, cell: usize) -> u16 {
        self.bits[cell]
    }

    pub fn strike(&mut self, cell: usize, digit: usize) {
        self.bits[cell] &= !(1 << digit);
    }

    /// Bit `i` set when the `i`-th cell of `unit` has `digit`.
    pub fn positions(&self, unit: Unit, digit: usize) -> u16 {
        let mut mask = 0;
        for (i, c) in unit.cells().iter().enumerate() {
            mask |= (self.bits[c.index()] >> digit & 1) << i;
        }
        mask
    }

    /// What `on` being true turns off: with Y-links the cell's other digits,
    /// always the digit's other places in the cell's units.
    pub fn on_to_off(&self, on: Node, y: bool, out: &mut Vec<Node>) {
        out.clear();
        let (cell, digit) = (on.cell(), on.digit());
        if y {
            for d in 0..SIZE {
                if d != digit && self.has(cell, d) {
                    out.push(Node::new(cell, d, false));
                }
            }
        }
        let mut seen: u128 = 0;
        for unit in regions(cell) {
            for c in unit.cells() {
                let i = c.index();
                if i != cell && self.has(i, digit) && seen >> i & 1 == 0 {
                    seen |= 1 << i;
                    out.push(Node::new(i, digit, false));
                }
            }
        }
    }

    /// What `off` being false turns on: with Y-links the other digit of a
    /// bivalue cell, with X-links the other place of the digit in a unit where
    /// it has two; each with the unit that forced it (none for a cell).
    pub fn off_to_on(&self, off: Node, links: Links, out: &mut Vec<(Node, Option<Unit>)>) {
        out.clear();
        let (cell, digit) = (off.cell(), off.digit());
        if links.y && self.count(cell) == 2 {
            let other = (self.bits[cell] & !(1 << digit)).trailing_zeros() as usize;
            if other < SIZE {
                out.push((Node::new(cell, other, true), None));
            }
        }
        if links.x {
            for unit in regions(cell) {
                let places = self.positions(unit, digit);
                if places.count_ones() != 2 {
                    continue;
                }
                let Some(other) = unit_cells(unit, places).find(|&c| c != cell) else {
                    continue;
                };
                let node = Node::new(other, digit, true);
                if out.iter().all(|&(n, _)| n != node) {
                    out.push((node, Some(unit)));
                }
            }
        }
    }
}

/// The cells of `unit` selected by `mask`, as indices.
pub fn unit_cells(unit: Unit, mask: u16) -> impl Iterator<Item = usize> {
    unit.cells()
        .iter()
        .enumerate()
        .filter(move |(i, _)| mask >> i & 1 == 1)
        .map(|(_, c)| c.index())
}
