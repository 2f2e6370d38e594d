//! Looking back at the game on screen, on any shape: its history read as the
//! engine's moves (what `learn::replay` and its shaped counterpart judge), and
//! what the board shows of a look back until the next edit or Esc (the audit's
//! findings, the wrong move's cell). The replay view's model (`R`) is
//! [`super::replay`]'s.
//!
//! Model only: [`super::update`] decides when these change, [`super::ui`]
//! draws them.

use super::position::Position;
use super::state::Game;
use crate::engine::geometry::{MAX_SIDE, ValueMask, value_bit};
use crate::engine::learn::replay::{Move, ShapeMove};
use crate::engine::{Cell, Digit};

/// The moves that turn `before` into `after` on a board of `cells` cells:
/// values placed or erased, then Auto-mode candidates struck or put back
/// (never on a given). Manual marks are not moves: the replay judges values
/// and strikes.
pub fn moves_between(
    cells: usize,
    is_given: impl Fn(usize) -> bool,
    before: &Position,
    after: &Position,
) -> Vec<ShapeMove> {
    let mut moves = Vec::new();
    let open = || (0..cells).filter(|&c| !is_given(c));
    for cell in open() {
        match (before.value(cell), after.value(cell)) {
            (was, digit) if digit != 0 && was != digit => moves.push(Move::Place { cell, digit }),
            (was, 0) if was != 0 => moves.push(Move::Erase { cell }),
            _ => {}
        }
    }
    for cell in open() {
        let (was, now) = (before.struck[cell], after.struck[cell]);
        let values =
            |bits: ValueMask| (1..=MAX_SIDE as u8).filter(move |&v| bits & value_bit(v) != 0);
        moves.extend(values(now & !was).map(|digit| Move::Strike { cell, digit }));
        moves.extend(values(was & !now).map(|digit| Move::Restore { cell, digit }));
    }
    moves
}

/// A shape's move in the classic types.
fn classic(mv: ShapeMove) -> Move {
    mv.map(Cell::new, Digit::new)
}

/// A game's history read as moves: each undo step (one key press, one applied
/// hint, one propagation) gives the moves between its two positions. `M` is
/// the move: a shape's (cell indices and values) as read, the classic one
/// (named by `Cell` and `Digit`) for the classic engine ([`GameMoves::classic`]).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GameMoves<M = ShapeMove> {
    pub moves: Vec<M>,
    /// The step (one-based) each move belongs to.
    pub step_of: Vec<usize>,
    /// The position before each step and after the last (steps + 1 of them).
    pub positions: Vec<Position>,
}

impl GameMoves<ShapeMove> {
    /// The moves of `game`, on any shape: from the start (or the oldest
    /// position the history keeps) through every undo entry to the position on
    /// the board.
    pub fn of(game: &Game) -> GameMoves {
        GameMoves::read(
            game.geometry.cells(),
            |c| game.is_given(c),
            Position::start(&game.givens),
            game.undo.positions(),
            &game.position,
        )
    }

    /// The same moves in the classic engine's names (a classic 9x9 game's).
    pub fn classic(self) -> GameMoves<Move> {
        GameMoves {
            moves: self.moves.into_iter().map(classic).collect(),
            step_of: self.step_of,
            positions: self.positions,
        }
    }

    /// The moves from `start` (when the history no longer holds it) through
    /// `undo` (oldest first) to `now`, on any shape.
    fn read(
        cells: usize,
        is_given: impl Fn(usize) -> bool,
        start: Position,
        undo: &[Position],
        now: &Position,
    ) -> GameMoves<ShapeMove> {
        let mut positions = Vec::with_capacity(undo.len() + 2);
        if undo.first().unwrap_or(now) != &start {
            positions.push(start);
        }
        positions.extend_from_slice(undo);
        positions.push(now.clone());
        let mut moves = Vec::new();
        let mut step_of = Vec::new();
        for (step, pair) in positions.windows(2).enumerate() {
            let between = moves_between(cells, &is_given, &pair[0], &pair[1]);
            step_of.extend(std::iter::repeat_n(step + 1, between.len()));
            moves.extend(between);
        }
        GameMoves {
            moves,
            step_of,
            positions,
        }
    }
}

impl<M> GameMoves<M> {
    /// How many steps the history holds.
    pub fn steps(&self) -> usize {
        self.positions.len() - 1
    }
}

/// A rewind on offer: `F` again puts the board back to just before `step`, on
/// a board of any shape.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Rewind {
    /// One-based, as the message numbered it.
    pub step: usize,
    /// The position before it.
    pub to: Position,
    /// The steps made since, which the rewind takes back (undo restores them).
    pub since: usize,
}

impl Rewind {
    /// The rewind to just before history step `step` (one-based) of `read`,
    /// with `since` steps made after it.
    pub fn before<M>(read: &GameMoves<M>, step: usize, since: usize) -> Rewind {
        Rewind {
            step,
            to: read.positions[step - 1].clone(),
            since,
        }
    }
}

/// What the board shows of a look back, until the next edit or Esc, on a board
/// of any shape (cells are row-major indices, marks bit `v - 1`).
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct BoardNotes {
    /// The cell of the wrong move `F` found.
    pub wrong_move: Option<usize>,
    /// The audit's findings about the Manual marks: per cell, the solution's
    /// value not marked, a mark whose value a peer holds, and a mark a named
    /// technique removes (empty until an audit finds something).
    missing: Vec<ValueMask>,
    stale: Vec<ValueMask>,
    removable: Vec<ValueMask>,
}

/// How the audit judged a mark, as the board draws it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum AuditMark {
    Missing,
    Stale,
    Removable,
}

impl BoardNotes {
    pub fn is_empty(&self) -> bool {
        self.wrong_move.is_none()
            && [&self.missing, &self.stale, &self.removable]
                .iter()
                .all(|kind| kind.iter().all(|&m| m == 0))
    }

    /// Notes `value` in `cell` (of a board of `cells`) as `mark`.
    pub fn mark(&mut self, cells: usize, mark: AuditMark, cell: usize, value: u8) {
        let kind = match mark {
            AuditMark::Missing => &mut self.missing,
            AuditMark::Stale => &mut self.stale,
            AuditMark::Removable => &mut self.removable,
        };
        kind.resize(cells, 0);
        kind[cell] |= value_bit(value);
    }

    /// The solution values noted missing from `cell` (drawn though not marked).
    pub fn missing(&self, cell: usize) -> ValueMask {
        self.missing.get(cell).copied().unwrap_or(0)
    }

    /// The audit's judgement of value `value` in `cell`, if any.
    pub fn kind_of(&self, cell: usize, value: u8) -> Option<AuditMark> {
        let bit = value_bit(value);
        let has = |kind: &Vec<ValueMask>| kind.get(cell).is_some_and(|&m| m & bit != 0);
        [
            (&self.missing, AuditMark::Missing),
            (&self.stale, AuditMark::Stale),
            (&self.removable, AuditMark::Removable),
        ]
        .into_iter()
        .find(|(kind, _)| has(kind))
        .map(|(_, mark)| mark)
    }
}
