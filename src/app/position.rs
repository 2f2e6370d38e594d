//! The player's position, on every shape: the values on the board (givens
//! included), the player's own pencil marks (Manual mode) and the candidates they
//! struck out (Auto mode), in the vocabulary every shape shares (cells are
//! row-major indices into the geometry, values 1..=side, marks bit `v - 1` of a
//! [`ValueMask`]), and the features written once on it (the export's candidate
//! grid, a step's effects).
//!
//! One type for the classic 9x9 and every other shape (4x4 to 25x25, X, Windoku,
//! jigsaw). There were two: a fixed 81-cell classic value (`Grid` and
//! `Candidates` arrays) and a shaped one sized by its geometry, with the same
//! three fields, the same `place` and `eliminate`, and two of everything built
//! on them (the rewind offer, the history read as moves, the step's effects).
//! What differed was only what reads them: the classic features (the classic
//! hint ladder, learn mode's trace, the audit, the links, the classic save's
//! fixed records) take the engine's 81-cell `Grid`, `Board` and `Candidates`.
//! Those stay, read through the classic views below ([`Position::digits`],
//! [`Position::board`], [`Position::marks_in`]), the one seam where the classic
//! engine types are made from the position; the shaped features read the
//! values and masks directly. The game around it is one too
//! ([`super::state::Game`], holding its geometry); what still reads the classic
//! views is the classic hint ladder (`Board`), until the engine has one ladder
//! over `Geometry`. [`classic_grid`] is the one place a classic `Grid` is made
//! from values.
//!
//! Saves are unchanged: the classic head and logs write the classic views (81
//! digits, `Candidates` groups and fixed records), the shaped head writes the
//! values and masks in the shape's alphabet.

use super::state::CandidateMode;
use crate::engine::effects::Effects;
use crate::engine::formats::write_shape_candidate_grid;
use crate::engine::geometry::{Geometry, ValueMask, all_values, value_bit};
use crate::engine::types::CELLS;
use crate::engine::{Board, Candidates, Cell, Digit, Grid};

/// The player's position on a board of any shape.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Position {
    /// Every cell's value, row-major, 0 when open (givens included).
    pub values: Vec<u8>,
    /// Manual pencil marks, exactly as the player wrote them, bit `v - 1`.
    pub marks: Vec<ValueMask>,
    /// Candidates struck out in Auto mode, subtracted from the computed ones.
    pub struck: Vec<ValueMask>,
}

impl Position {
    /// The starting position: only the givens (row-major values), no marks.
    pub fn start(givens: &[u8]) -> Position {
        Position {
            values: givens.to_vec(),
            marks: vec![0; givens.len()],
            struck: vec![0; givens.len()],
        }
    }

    /// The starting position of a classic puzzle.
    pub fn classic(givens: &Grid) -> Position {
        Position::start(givens.values())
    }

    /// A classic position from the classic save's parts.
    pub fn from_classic(
        digits: &Grid,
        marks: &[Candidates; CELLS],
        struck: &[Candidates; CELLS],
    ) -> Position {
        let masks = |sets: &[Candidates; CELLS]| sets.iter().map(|c| c.bits()).collect();
        Position {
            values: digits.values().to_vec(),
            marks: masks(marks),
            struck: masks(struck),
        }
    }

    /// Puts `value` in `cell` and, as on paper, rubs it out of the peers' manual marks.
    pub fn place(&mut self, geometry: &Geometry, cell: usize, value: u8) {
        self.values[cell] = value;
        for &peer in geometry.peers(cell) {
            self.marks[peer] &= !value_bit(value);
        }
    }

    /// Removes a candidate from both kinds of marks (a deduction's elimination).
    pub fn eliminate(&mut self, cell: usize, value: u8) {
        self.struck[cell] |= value_bit(value);
        self.marks[cell] &= !value_bit(value);
    }

    /// The cells whose value a peer also holds.
    pub fn conflicts(&self, geometry: &Geometry) -> Vec<bool> {
        (0..self.values.len())
            .map(|cell| {
                let value = self.values[cell];
                value != 0
                    && geometry
                        .peers(cell)
                        .iter()
                        .any(|&p| self.values[p] == value)
            })
            .collect()
    }

    /// The value in `cell`, 0 when open (givens included).
    pub fn value(&self, cell: usize) -> u8 {
        self.values[cell]
    }

    /// The values none of `cell`'s peers holds (0 for a filled cell).
    pub fn live_candidates(&self, geometry: &Geometry, cell: usize) -> ValueMask {
        if self.value(cell) != 0 {
            return 0;
        }
        let all = all_values(geometry.side());
        geometry
            .peers(cell)
            .iter()
            .map(|&p| self.value(p))
            .filter(|&v| v != 0)
            .fold(all, |left, v| left & !value_bit(v))
    }

    /// The Auto candidates: the live ones minus those the player struck.
    pub fn auto_candidates(&self, geometry: &Geometry, cell: usize) -> ValueMask {
        self.live_candidates(geometry, cell) & !self.struck[cell]
    }

    /// The marks an open `cell` shows under `mode` (none for a filled cell).
    pub fn shown_marks(&self, geometry: &Geometry, mode: CandidateMode, cell: usize) -> ValueMask {
        if self.value(cell) != 0 {
            return 0;
        }
        match mode {
            CandidateMode::Auto => self.auto_candidates(geometry, cell),
            CandidateMode::Manual => self.marks[cell],
            CandidateMode::Hidden => 0,
        }
    }

    /// The position with its geometry, as a step's effects are made on it.
    pub fn on<'a>(&'a mut self, geometry: &'a Geometry) -> OnShape<'a> {
        OnShape {
            geometry,
            position: self,
        }
    }
}

/// The classic 9x9 views: what the classic engine (its hint ladder, trace and
/// audit) and the classic save read. Only for a position of 81 cells.
impl Position {
    /// The digits on the board.
    pub fn digits(&self) -> Grid {
        classic_grid(&self.values)
    }

    /// Puts `grid`'s digits on the board (the marks stay).
    pub fn set_digits(&mut self, grid: &Grid) {
        self.values.copy_from_slice(grid.values());
    }

    /// The digit in `cell`, if any.
    pub fn digit(&self, cell: Cell) -> Option<Digit> {
        Some(self.values[cell.index()])
            .filter(|&v| v != 0)
            .map(Digit::new)
    }

    /// Sets or clears the digit in `cell`, nothing else.
    pub fn set_digit(&mut self, cell: Cell, digit: Option<Digit>) {
        self.values[cell.index()] = digit.map_or(0, Digit::get);
    }

    /// The Manual marks of `cell`.
    pub fn marks_in(&self, cell: Cell) -> Candidates {
        classic_set(self.marks[cell.index()])
    }

    /// The candidates struck out of `cell`.
    pub fn struck_in(&self, cell: Cell) -> Candidates {
        classic_set(self.struck[cell.index()])
    }

    /// Every cell's Manual marks and struck candidates, as the classic save keeps them.
    pub fn classic_marks(&self) -> ([Candidates; CELLS], [Candidates; CELLS]) {
        let sets = |masks: &[ValueMask]| std::array::from_fn(|i| classic_set(masks[i]));
        (sets(&self.marks), sets(&self.struck))
    }

    /// Puts `digit` in `cell`, rubbing it out of the peers' manual marks.
    pub fn place_digit(&mut self, cell: Cell, digit: Digit) {
        self.place(Geometry::classic(), cell.index(), digit.get());
    }

    /// The board the engine reads: the digits, and each open cell's candidates
    /// computed from its peers minus the ones the player struck (the Auto marks).
    pub fn board(&self) -> Board {
        let mut board = Board::with_auto_candidates(&self.digits());
        for cell in board.open_cells().collect::<Vec<_>>() {
            let left = board.candidates(cell).difference(self.struck_in(cell));
            board.set_candidates(cell, left);
        }
        board
    }
}

/// Row-major values of 81 cells as the classic engine's `Grid`.
pub fn classic_grid(values: &[u8]) -> Grid {
    let values: [u8; CELLS] = values.try_into().expect("a classic board has 81 cells");
    Grid::from_values(values)
}

/// A classic cell's marks (bit `v - 1`, values 1-9) as the engine's `Candidates`.
fn classic_set(mask: ValueMask) -> Candidates {
    Candidates::from_bits(mask & all_values(9))
}

/// A position with its geometry, as a step's effects are made on it: placing a
/// value rubs it out of the peers' marks, so the position needs its peers.
pub struct OnShape<'a> {
    pub geometry: &'a Geometry,
    pub position: &'a mut Position,
}

impl Effects for OnShape<'_> {
    fn place_value(&mut self, cell: usize, value: u8) {
        self.position.place(self.geometry, cell, value);
    }

    fn remove_candidate(&mut self, cell: usize, value: u8) {
        self.position.eliminate(cell, value);
    }
}

/// The position as a candidate grid (the one writer's format, in the shape's
/// alphabet): placed values alone, open cells with the marks on show under
/// `mode` (Manual cells with no marks, and hidden marks, written as the Auto
/// candidates; a cell with none left as every value, rather than an unreadable
/// empty group).
pub fn candidate_grid(geometry: &Geometry, position: &Position, mode: CandidateMode) -> String {
    let all = all_values(geometry.side());
    let marks = |cell: usize| {
        let shown = position.shown_marks(geometry, mode, cell);
        let auto = position.auto_candidates(geometry, cell);
        [shown, auto, all]
            .into_iter()
            .find(|&m| m != 0)
            .unwrap_or(all)
    };
    write_shape_candidate_grid(geometry, &position.values, marks)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::geometry::Variant;

    #[test]
    fn the_classic_views_read_what_the_values_and_masks_hold() {
        let line =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        let grid = crate::engine::parse::parse_line(line, 1).unwrap();
        let mut position = Position::classic(&grid);
        assert_eq!(position.digits(), grid);
        let r1c3 = Cell::parse("r1c3").unwrap();
        position.eliminate(r1c3.index(), 4);
        position.marks[r1c3.index()] = value_bit(1) | value_bit(2);
        assert_eq!(
            position.struck_in(r1c3),
            Candidates::NONE.with(Digit::new(4))
        );
        assert_eq!(position.marks_in(r1c3).len(), 2);
        let board = position.board();
        assert!(!board.candidates(r1c3).contains(Digit::new(4)));
        assert_eq!(
            board.candidates(r1c3).bits(),
            position.auto_candidates(Geometry::classic(), r1c3.index())
        );
        let (marks, struck) = position.classic_marks();
        assert_eq!(Position::from_classic(&grid, &marks, &struck), position);
        // Placing a 1 in a peer rubs it out of r1c3's marks, as on paper.
        position.place_digit(Cell::parse("r1c4").unwrap(), Digit::new(1));
        assert_eq!(
            position.marks_in(r1c3),
            Candidates::NONE.with(Digit::new(2))
        );
    }

    #[test]
    fn placing_rubs_the_value_out_of_the_peers_marks_only() {
        let geometry = Geometry::regular(16, Variant::Classic).unwrap();
        let mut position = Position::start(&[0; 256]);
        position.marks[1] = 1 << 15 | 1;
        position.marks[255] = 1 << 15;
        position.place(&geometry, 0, 16);
        assert_eq!(position.marks[1], 1, "a peer loses its G mark");
        assert_eq!(position.marks[255], 1 << 15, "a non-peer keeps it");
        assert_eq!(position.live_candidates(&geometry, 1) >> 15, 0);
        assert_eq!(position.conflicts(&geometry), vec![false; 256]);
    }

    #[test]
    fn a_value_twice_in_a_unit_is_a_conflict() {
        let geometry = Geometry::regular(4, Variant::X).unwrap();
        let mut position = Position::start(&[0; 16]);
        position.place(&geometry, 0, 2);
        position.place(&geometry, 15, 2); // both on the main diagonal
        let conflicts = position.conflicts(&geometry);
        assert!(conflicts[0] && conflicts[15] && !conflicts[1]);
    }

    #[test]
    fn a_6x6_grid_is_written_in_boxes_of_two_rows_and_three_columns() {
        let geometry = Geometry::regular(6, Variant::Classic).unwrap();
        let mut position = Position::start(&[0; 36]);
        position.on(&geometry).place_value(0, 6);
        let grid = candidate_grid(&geometry, &position, CandidateMode::Auto);
        let lines: Vec<&str> = grid.lines().collect();
        assert_eq!(lines.len(), 6 + 2, "six rows and two rules: {grid}");
        assert!(lines[0].starts_with(" 6 "), "{grid}");
        assert_eq!(lines[0].matches('|').count(), 1, "{grid}");
        assert!(
            lines[2].starts_with("-") && lines[2].contains('+'),
            "{grid}"
        );
        // r1c2 sees the 6: every other value, in the shape's order.
        assert!(lines[0].contains(" 12345 "), "{grid}");
    }
}
