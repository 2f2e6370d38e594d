//! The readable board: a candidate set per cell plus the placed digits, with the
//! seeds' constraint propagation (`assign`, `eliminate`) and the plain edits a
//! player makes (`place`, `strike`) that do not propagate.
//!
//! Hints, the player and learn mode work on this board. The fast exact solver in
//! `search` keeps its own bit-parallel state; a test checks the two agree.

use thiserror::Error;

use super::grid::Grid;
use super::types::{CELLS, Candidates, Cell, Digit, Unit};

/// Why a position cannot be completed: a cell with no candidate left, or a digit
/// with no place left in a unit.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Error)]
pub enum Contradiction {
    #[error("{0} has no candidates left")]
    NoCandidates(Cell),
    #[error("{digit} has no place left in {unit}")]
    NoPlace { digit: Digit, unit: Unit },
}

/// Receives the elementary events of propagation, for learn mode and tracing.
/// The default methods do nothing, so a no-op observer costs nothing.
pub trait Observer {
    /// `digit` was placed in `cell` (a naked single, a hidden single, or an outside assignment).
    fn placed(&mut self, _cell: Cell, _digit: Digit, _reason: Reason) {}
    /// `digit` was struck from `cell`'s candidates, because of `cause`.
    fn eliminated(&mut self, _cell: Cell, _digit: Digit, _cause: Cause) {}
    /// Propagation found a contradiction.
    fn contradiction(&mut self, _why: Contradiction) {}
}

/// Why propagation placed a digit.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Reason {
    /// Asked for by the caller (a given or a guess).
    Assigned,
    /// The cell had one candidate left.
    NakedSingle,
    /// The unit had one place left for the digit.
    HiddenSingle(Unit),
}

/// Where an elimination came from. Propagation strikes a candidate for one of two
/// reasons only: a placement (a hidden single places first, and its placement
/// strikes), or a caller asking for it; the board says which as it strikes, so an
/// observer never has to work it out from the order of events.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Cause {
    /// `digit` was placed in `cell`: a peer loses `digit`, or `cell` itself loses
    /// its other candidates.
    Placement { cell: Cell, digit: Digit },
    /// Asked for from outside propagation ([`Board::eliminate`]): a step's
    /// elimination or an edit.
    Requested,
}

/// Which propagation rules run after an assignment or elimination.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Rules {
    /// Peer elimination only: a placed digit is struck from its peers, and a cell
    /// left with one candidate is placed (the simplest solver).
    Peers,
    /// Peer elimination plus hidden singles: a unit left with one place for a digit
    /// puts it there. What [`Board::assign`] and [`Board::eliminate`] do.
    #[default]
    PeersAndUnits,
}

/// The observer that ignores everything.
pub struct Quiet;
impl Observer for Quiet {}

/// Placed digits and every cell's candidates: the one candidates position (a
/// candidate grid read from text, the player's pencil marks, a traced run's state).
/// After [`Board::assign`], [`Board::place`] or [`Board::from_marked`] a placed
/// cell's candidates are its digit; the fields are public so that a position read
/// or recorded exactly as it was (a placed cell still holding other candidates,
/// mid-propagation) can be kept as it is.
#[derive(Clone, Copy, Debug)]
pub struct Board {
    /// Every cell's candidates.
    pub candidates: [Candidates; CELLS],
    /// The placed digits.
    pub digits: Grid,
}

/// Field by field, but without stopping at the first differing cell: the
/// logic's position cache compares its board with the one asked about before
/// every finder (~140,000 times grading 300 hard puzzles), and this form
/// compiles to a few vector instructions where the derived one walked the
/// cells one at a time.
impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        let differ = (self.candidates.iter().zip(&other.candidates))
            .fold(0, |acc, (a, b)| acc | (a.bits() ^ b.bits()));
        differ == 0 && self.digits == other.digits
    }
}

impl Eq for Board {}

impl Default for Board {
    fn default() -> Self {
        Board::new()
    }
}

impl Board {
    /// An empty board: every digit possible everywhere.
    pub fn new() -> Board {
        Board {
            candidates: [Candidates::ALL; CELLS],
            digits: Grid::empty(),
        }
    }

    /// The givens assigned one by one with full propagation.
    pub fn from_givens(givens: &Grid) -> Result<Board, Contradiction> {
        let mut board = Board::new();
        for cell in Cell::all() {
            if let Some(digit) = givens.get(cell) {
                board.assign(cell, digit)?;
            }
        }
        Ok(board)
    }

    /// The digits placed, and each open cell's candidates computed from its peers'
    /// digits only: the pencil marks a player starts from. Nothing is propagated.
    pub fn with_auto_candidates(digits: &Grid) -> Board {
        let mut board = Board {
            candidates: [Candidates::ALL; CELLS],
            digits: Grid::empty(),
        };
        for cell in Cell::all() {
            if let Some(digit) = digits.get(cell) {
                board.place(cell, digit);
            }
        }
        board
    }

    /// A position with the player's own pencil marks, each placed cell's
    /// candidates set to its digit.
    pub fn from_marked(marked: &Board) -> Board {
        let mut board = Board {
            candidates: marked.candidates,
            digits: marked.digits,
        };
        for cell in Cell::all() {
            if let Some(d) = marked.digits.get(cell) {
                board.candidates[cell.index()] = Candidates::single(d);
            }
        }
        board
    }

    pub fn candidates(&self, cell: Cell) -> Candidates {
        self.candidates[cell.index()]
    }

    pub fn digit(&self, cell: Cell) -> Option<Digit> {
        self.digits.get(cell)
    }

    /// The placed digits.
    pub fn digits(&self) -> &Grid {
        &self.digits
    }

    /// Whether every cell has a digit.
    pub fn is_solved(&self) -> bool {
        self.digits.is_complete()
    }

    /// Open cells (no digit placed).
    pub fn open_cells(&self) -> impl Iterator<Item = Cell> + '_ {
        Cell::all().filter(|&c| self.digits.get(c).is_none())
    }

    /// Cells of `unit` where `digit` is still a candidate (placed cells included).
    pub fn places(&self, unit: Unit, digit: Digit) -> impl Iterator<Item = Cell> + '_ {
        unit.cells()
            .iter()
            .copied()
            .filter(move |&c| self.candidates(c).contains(digit))
    }

    /// Puts `digit` in `cell` and strikes it from the peers' candidates, without
    /// propagating further: a player's move.
    pub fn place(&mut self, cell: Cell, digit: Digit) {
        self.digits.set(cell, Some(digit));
        self.candidates[cell.index()] = Candidates::single(digit);
        for &peer in cell.peers() {
            if self.digits.get(peer).is_none() {
                self.candidates[peer.index()] = self.candidates[peer.index()].without(digit);
            }
        }
    }

    /// Removes one candidate without propagating: a pencil-mark edit or a step's
    /// elimination. Returns whether it was there.
    pub fn strike(&mut self, cell: Cell, digit: Digit) -> bool {
        let before = self.candidates[cell.index()];
        self.candidates[cell.index()] = before.without(digit);
        before.contains(digit)
    }

    /// Puts a candidate back (a pencil-mark edit).
    pub fn restore(&mut self, cell: Cell, digit: Digit) {
        self.candidates[cell.index()] = self.candidates[cell.index()].with(digit);
    }

    /// Sets a cell's candidates outright (a pencil-mark edit).
    pub fn set_candidates(&mut self, cell: Cell, candidates: Candidates) {
        self.candidates[cell.index()] = candidates;
    }

    /// Assigns `digit` to `cell` by eliminating every other digit, with propagation.
    pub fn assign(&mut self, cell: Cell, digit: Digit) -> Result<(), Contradiction> {
        self.assign_observed(cell, digit, &mut Quiet)
    }

    /// Removes `digit` from `cell` and propagates both rules: a cell left with one
    /// candidate is placed and its digit struck from its peers; a unit left with one
    /// place for a digit puts it there.
    pub fn eliminate(&mut self, cell: Cell, digit: Digit) -> Result<(), Contradiction> {
        self.eliminate_observed(cell, digit, &mut Quiet)
    }

    /// [`Board::assign`], reporting every event to `observer`.
    pub fn assign_observed<O: Observer>(
        &mut self,
        cell: Cell,
        digit: Digit,
        observer: &mut O,
    ) -> Result<(), Contradiction> {
        self.assign_because::<O, true>(cell, digit, Reason::Assigned, observer)
    }

    /// [`Board::assign_observed`] with a choice of propagation rules. The rule is a
    /// const parameter inside, so the default path pays nothing for the choice.
    pub fn assign_with<O: Observer>(
        &mut self,
        cell: Cell,
        digit: Digit,
        rules: Rules,
        observer: &mut O,
    ) -> Result<(), Contradiction> {
        match rules {
            Rules::Peers => {
                self.assign_because::<O, false>(cell, digit, Reason::Assigned, observer)
            }
            Rules::PeersAndUnits => {
                self.assign_because::<O, true>(cell, digit, Reason::Assigned, observer)
            }
        }
    }

    fn assign_because<O: Observer, const UNITS: bool>(
        &mut self,
        cell: Cell,
        digit: Digit,
        reason: Reason,
        observer: &mut O,
    ) -> Result<(), Contradiction> {
        if !self.candidates(cell).contains(digit) {
            let why = Contradiction::NoCandidates(cell);
            observer.contradiction(why);
            return Err(why);
        }
        if self.digits.get(cell) == Some(digit) {
            return Ok(());
        }
        self.settle::<O, UNITS>(cell, digit, reason, observer)?;
        let placement = Cause::Placement { cell, digit };
        for other in self.candidates(cell).without(digit).iter() {
            self.eliminate_by::<O, UNITS>(cell, other, placement, observer)?;
        }
        Ok(())
    }

    /// Records `digit` as placed in `cell` and strikes it from every peer.
    fn settle<O: Observer, const UNITS: bool>(
        &mut self,
        cell: Cell,
        digit: Digit,
        reason: Reason,
        observer: &mut O,
    ) -> Result<(), Contradiction> {
        self.digits.set(cell, Some(digit));
        observer.placed(cell, digit, reason);
        let placement = Cause::Placement { cell, digit };
        for &peer in cell.peers() {
            self.eliminate_by::<O, UNITS>(peer, digit, placement, observer)?;
        }
        Ok(())
    }

    /// [`Board::eliminate`], reporting every event to `observer`.
    pub fn eliminate_observed<O: Observer>(
        &mut self,
        cell: Cell,
        digit: Digit,
        observer: &mut O,
    ) -> Result<(), Contradiction> {
        self.eliminate_by::<O, true>(cell, digit, Cause::Requested, observer)
    }

    /// Elimination with peer propagation, and hidden singles when `UNITS` is set:
    /// the one place propagation strikes a candidate, so the one place that tells
    /// the observer its cause.
    fn eliminate_by<O: Observer, const UNITS: bool>(
        &mut self,
        cell: Cell,
        digit: Digit,
        cause: Cause,
        observer: &mut O,
    ) -> Result<(), Contradiction> {
        let before = self.candidates(cell);
        if !before.contains(digit) {
            return Ok(());
        }
        let after = before.without(digit);
        self.candidates[cell.index()] = after;
        observer.eliminated(cell, digit, cause);
        if after.is_empty() {
            let why = Contradiction::NoCandidates(cell);
            observer.contradiction(why);
            return Err(why);
        }
        if let Some(only) = after.only()
            && self.digits.get(cell).is_none()
        {
            self.settle::<O, UNITS>(cell, only, Reason::NakedSingle, observer)?;
        }
        if UNITS {
            for unit in cell.units() {
                self.place_hidden_single(unit, digit, observer)?;
            }
        }
        Ok(())
    }

    /// The "where can it go" rule: `digit` has no place in `unit` (contradiction) or one.
    fn place_hidden_single<O: Observer>(
        &mut self,
        unit: Unit,
        digit: Digit,
        observer: &mut O,
    ) -> Result<(), Contradiction> {
        let (first, second) = {
            let mut places = self.places(unit, digit);
            (places.next(), places.next())
        };
        match (first, second) {
            (None, _) => {
                let why = Contradiction::NoPlace { digit, unit };
                observer.contradiction(why);
                Err(why)
            }
            (Some(cell), None) if self.digits.get(cell).is_none() => {
                self.assign_because::<O, true>(cell, digit, Reason::HiddenSingle(unit), observer)
            }
            _ => Ok(()),
        }
    }

    /// The open cell with the fewest candidates (ties: the first in row-major order).
    pub fn fewest_candidates_cell(&self) -> Option<Cell> {
        self.open_cells().min_by_key(|&c| self.candidates(c).len())
    }
}

impl crate::engine::effects::Effects for Board {
    fn place_value(&mut self, cell: usize, value: u8) {
        self.place(Cell::new(cell), Digit::new(value));
    }

    fn remove_candidate(&mut self, cell: usize, value: u8) {
        self.strike(Cell::new(cell), Digit::new(value));
    }
}
