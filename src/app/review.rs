//! Looking back at the game on screen: its history read as the engine's moves
//! (what `learn::replay` judges), what the board shows of a look back until the
//! next edit or Esc (the audit's findings, the wrong move's cell), and the
//! replay view's model (`R`: the game walked move by move, annotated).
//!
//! Model only: [`super::update`] decides when these change, [`super::ui`]
//! draws them.

use super::state::{Game, History, Position, State};
use crate::engine::geometry::{ValueMask, value_bit};
use crate::engine::hint::Hint;
use crate::engine::learn::replay::{self, Move, Play, Replay, ReplayError};
use crate::engine::types::CELLS;
use crate::engine::{Candidates, Cell, Grid};

/// The moves that turn `before` into `after`: digits placed or erased, then
/// Auto-mode candidates struck or put back (never on a given). Manual marks
/// are not moves: the engine's replay judges digits and strikes.
pub fn moves_between(givens: &Grid, before: &Position, after: &Position) -> Vec<Move> {
    let mut moves = Vec::new();
    let open = || Cell::all().filter(|&c| givens.get(c).is_none());
    for cell in open() {
        match (before.digits.get(cell), after.digits.get(cell)) {
            (was, Some(digit)) if was != Some(digit) => moves.push(Move::Place { cell, digit }),
            (Some(_), None) => moves.push(Move::Erase { cell }),
            _ => {}
        }
    }
    for cell in open() {
        let (was, now) = (before.struck[cell.index()], after.struck[cell.index()]);
        moves.extend(
            now.difference(was)
                .iter()
                .map(|digit| Move::Strike { cell, digit }),
        );
        moves.extend(
            was.difference(now)
                .iter()
                .map(|digit| Move::Restore { cell, digit }),
        );
    }
    moves
}

/// A game's history read as moves: each undo step (one key press, one applied
/// hint, one propagation) gives the moves between its two positions.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GameMoves {
    pub moves: Vec<Move>,
    /// The step (one-based) each move belongs to.
    pub step_of: Vec<usize>,
    /// The position before each step and after the last (steps + 1 of them).
    pub positions: Vec<Position>,
}

impl GameMoves {
    /// The moves of `game`: from the start (or the oldest position the history
    /// keeps) through every undo entry to the position on the board.
    pub fn of(game: &Game) -> GameMoves {
        GameMoves::from_history(&game.givens, &game.undo, &game.position)
    }

    /// The moves of a history (oldest first) ending at `now`.
    pub fn from_history(givens: &Grid, undo: &History, now: &Position) -> GameMoves {
        let start = Position::start(givens);
        let mut positions = Vec::with_capacity(undo.len() + 2);
        let oldest = undo.positions().first().unwrap_or(now);
        if *oldest != start {
            positions.push(start);
        }
        positions.extend_from_slice(undo.positions());
        positions.push(*now);
        let mut moves = Vec::new();
        let mut step_of = Vec::new();
        for (step, pair) in positions.windows(2).enumerate() {
            let between = moves_between(givens, &pair[0], &pair[1]);
            step_of.extend(std::iter::repeat_n(step + 1, between.len()));
            moves.extend(between);
        }
        GameMoves {
            moves,
            step_of,
            positions,
        }
    }

    /// How many steps the history holds.
    pub fn steps(&self) -> usize {
        self.positions.len() - 1
    }
}

/// A rewind on offer: `F` again puts the board back to just before `step`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Rewind {
    /// One-based, as the message numbered it.
    pub step: usize,
    /// The position before it.
    pub to: Position,
    /// The steps made since, which the rewind takes back (undo restores them).
    pub since: usize,
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

/// What a replay is computed for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ReplayPurpose {
    /// The replay view (`R`).
    View,
    /// The weakness profile of a game just won.
    Profile,
}

/// A replay to compute: proving every move can take seconds on a long or hard
/// game, so the loop runs it on a thread of its own and hands the result back
/// as [`super::action::Action::Replayed`]; the screen stays live meanwhile.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ReplayJob {
    pub purpose: ReplayPurpose,
    pub givens: Grid,
    pub read: GameMoves,
}

/// A finished replay, on its way back to the update.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Replayed {
    pub job: ReplayJob,
    pub result: Result<Replay, ReplayError>,
}

impl ReplayJob {
    /// The job for the game of `state`.
    pub fn of(state: &State, purpose: ReplayPurpose) -> ReplayJob {
        ReplayJob {
            purpose,
            givens: state.game.givens,
            read: GameMoves::of(&state.game),
        }
    }

    /// Does the engine work (pure; seconds at worst).
    pub fn run(self) -> Replayed {
        let result = replay::replay(&self.givens, &self.read.moves);
        Replayed { job: self, result }
    }
}

/// The replay view: the game walked move by move with the engine's annotation
/// of each move, then the per-technique summary.
#[derive(Clone, Debug)]
pub struct ReplayView {
    pub replay: Replay,
    /// The position after each move (index 0: the start).
    positions: Vec<Position>,
    /// The history step each move belongs to.
    pub step_of: Vec<usize>,
    /// 0: the start; 1..=moves: after that move; moves + 1: the summary.
    pub at: usize,
    /// What the board draws: the game without its history, at the shown position.
    pub board: Box<State>,
}

impl ReplayView {
    /// The view of a finished replay of the game of `state`.
    pub fn open(state: &State, replayed: Replayed) -> Result<ReplayView, ReplayError> {
        let game = &state.game;
        let Replayed { job, result } = replayed;
        let replay = result?;
        let positions = replay::play_through(&job.givens, &job.read.moves)?
            .iter()
            .map(as_position)
            .collect();
        let shown = Game {
            givens: game.givens,
            name: game.name.clone(),
            solution: game.solution,
            unique: game.unique,
            grade: game.grade,
            position: Position::start(&game.givens),
            undo: History::default(),
            redo: History::default(),
            elapsed_ms: game.elapsed_ms,
            hints_used: game.hints_used,
            assists: game.assists,
            finished: game.finished,
            solved_by_computer: game.solved_by_computer,
            counted: game.counted,
        };
        let mut board = State::new(shown);
        board.color = state.color;
        board.theme = state.theme;
        let mut view = ReplayView {
            replay,
            positions,
            step_of: job.read.step_of,
            at: 0,
            board: Box::new(board),
        };
        view.show(0);
        Ok(view)
    }

    /// How many moves the replay walks.
    pub fn moves(&self) -> usize {
        self.replay.moves.len()
    }

    /// The last page: the summary.
    pub fn last(&self) -> usize {
        self.moves() + 1
    }

    /// Shows page `at` (clamped): the board after that move, its cell
    /// selected, a wrong digit marked, the easier step that was open drawn as
    /// a hint is.
    pub fn show(&mut self, at: usize) {
        self.at = at.min(self.last());
        let after = self.at.min(self.moves());
        let board = &mut self.board;
        board.game.position = self.positions[after];
        board.marked_wrong.clear();
        board.hint = None;
        let current = self
            .at
            .checked_sub(1)
            .and_then(|i| self.replay.moves.get(i));
        if let Some(annotated) = current {
            board.selected = annotated.mv.cell();
            if matches!(annotated.judgement, replay::Judgement::Wrong { .. })
                && matches!(annotated.mv, Move::Place { .. })
            {
                board.marked_wrong.push(annotated.mv.cell());
            }
            if annotated.easier_open
                && let Some(step) = &annotated.easiest
            {
                board.hint = Some(super::state::HintProgress {
                    hint: Hint::Step(step.clone()),
                    level: 3,
                });
            }
        }
    }

    /// The annotated move on show (none on the start and summary pages).
    pub fn current(&self) -> Option<&replay::Annotated> {
        self.at
            .checked_sub(1)
            .and_then(|i| self.replay.moves.get(i))
    }
}

/// The player's position for a replayed one (no Manual marks).
fn as_position(play: &Play) -> Position {
    Position {
        digits: play.digits,
        marks: [Candidates::NONE; CELLS],
        struck: play.struck,
    }
}
