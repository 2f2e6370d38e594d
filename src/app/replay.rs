//! The replay view's model (`R`: the game walked move by move, each move
//! annotated by the engine, then the per-technique summary), on any shape: the
//! job the loop runs on a thread of its own, its result, and the pages the view
//! shows. The classic game is judged by `engine::learn::replay`, a shaped one by
//! `engine::geometry::learn::replay`; both give the same kinds of annotation,
//! read once, on the replay's thread, into one [`Annotations`]: pages of text
//! over a board of their shape.
//!
//! Model only: [`super::update`] decides when these change, [`super::ui`]
//! draws them.

use std::sync::Arc;

use super::position::classic_grid;
use super::review::GameMoves;
use super::state::{Game, HintProgress, History, Position, State};
use crate::engine::geometry::Geometry;
use crate::engine::geometry::learn as shape_learn;
use crate::engine::hint::Hint;
use crate::engine::learn::replay::{self, Judgement, Move, Play, ReplayError, ShapeMove, Tally};
use crate::engine::logic::Step;
use crate::engine::types::CELLS;
use crate::engine::{Candidates, Grid};

/// What a replay is computed for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ReplayPurpose {
    /// The replay view (`R`).
    View,
    /// The weakness profile of a game just won (classic games: the profile is
    /// the classic ladder's).
    Profile,
}

/// The game a replay judges, on any shape: its puzzle and its history read as
/// moves (a classic 9x9 game's are named in the classic engine's types when
/// the job runs).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ReplayGame {
    pub geometry: Arc<Geometry>,
    pub givens: Vec<u8>,
    /// The one solution a shaped game's moves are judged against (the classic
    /// engine finds its own).
    pub solution: Vec<u8>,
    pub read: GameMoves,
}

/// A replay to compute: proving every move can take seconds on a long or hard
/// game, so the loop runs it on a thread of its own and hands the result back
/// as [`super::action::Action::Replayed`]; the screen stays live meanwhile.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ReplayJob {
    pub purpose: ReplayPurpose,
    pub game: ReplayGame,
}

/// A finished replay, on its way back to the update.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Replayed {
    pub job: ReplayJob,
    pub result: Result<Annotations, ReplayError>,
}

/// A replay's annotations as the view reads them, on any shape: one page per
/// move, the first wrong move's text, the per-technique summary, the positions
/// walked through and the easier step each move had open. The classic game is
/// judged by `engine::learn::replay`, a shaped one by
/// `engine::geometry::learn::replay`; both are read into this once, on the
/// replay's thread.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Annotations {
    pub pages: Vec<MovePage>,
    pub first_wrong: Option<String>,
    pub summary: Vec<Tally>,
    /// The position before each move and after the last.
    positions: Vec<Position>,
    /// The easier step each move had open (drawn as a hint is).
    easier: Vec<Option<Step>>,
}

impl Annotations {
    /// The per-technique summary.
    pub fn summary(&self) -> &[Tally] {
        &self.summary
    }

    /// A classic game's annotations, by the classic engine.
    fn classic(givens: &Grid, moves: &[Move]) -> Result<Annotations, ReplayError> {
        let replay = replay::replay(givens, moves)?;
        let positions = replay::play_through(givens, moves)?
            .iter()
            .map(as_position)
            .collect();
        let pages = replay
            .moves
            .iter()
            .map(|a| MovePage::of(a, a.text(), a.mv.cell().index()));
        let easier = replay
            .moves
            .iter()
            .map(|a| a.easiest.clone().filter(|_| a.easier_open));
        Ok(Annotations {
            pages: pages.collect(),
            first_wrong: replay.first_wrong.map(|w| w.text()),
            summary: replay.summary,
            positions,
            easier: easier.collect(),
        })
    }

    /// A shaped game's annotations, judged against its one `solution`.
    fn shaped(
        geometry: &Geometry,
        givens: &[u8],
        solution: &[u8],
        moves: &[ShapeMove],
    ) -> Annotations {
        let replay = shape_learn::replay(geometry, givens, solution, moves);
        let positions = shape_learn::play_through(givens, moves)
            .into_iter()
            .map(|play| Position {
                marks: vec![0; play.values.len()],
                struck: play.struck,
                values: play.values,
            })
            .collect();
        let pages = replay.moves.iter().map(|a| {
            let text = shape_learn::annotated_text(geometry, a);
            MovePage::of(a, text, a.mv.cell())
        });
        let easier = replay
            .moves
            .iter()
            .map(|a| a.easiest.clone().filter(|_| a.easier_open));
        let named = |w: replay::FirstWrong<usize, u8>| {
            let symbol = |v: u8| geometry.alphabet().symbol(v);
            w.map(|c| geometry.cell_name(c), symbol).text()
        };
        Annotations {
            pages: pages.collect(),
            first_wrong: replay.first_wrong.map(named),
            summary: replay.summary,
            positions,
            easier: easier.collect(),
        }
    }
}

impl ReplayJob {
    /// The job for the game on screen of `state` (a shaped game must have one
    /// solution, which the caller checked).
    pub fn of(state: &State, purpose: ReplayPurpose) -> ReplayJob {
        let game = &state.game;
        let game = ReplayGame {
            geometry: game.geometry.clone(),
            givens: game.givens.clone(),
            solution: game.solution.clone().unwrap_or_default(),
            read: GameMoves::of(game),
        };
        ReplayJob { purpose, game }
    }

    /// How many moves the game's history holds.
    pub fn moves(&self) -> usize {
        self.game.read.moves.len()
    }

    /// Whether the job is of the game on screen of `state`.
    pub fn is_of(&self, state: &State) -> bool {
        self.game.geometry == state.game.geometry && self.game.givens == state.game.givens
    }

    /// Does the engine work (pure; seconds at worst).
    pub fn run(self) -> Replayed {
        let ReplayGame {
            geometry,
            givens,
            solution,
            read,
        } = &self.game;
        let result = match geometry.is_classic() {
            true => Annotations::classic(&classic_grid(givens), &read.clone().classic().moves),
            false => Ok(Annotations::shaped(geometry, givens, solution, &read.moves)),
        };
        Replayed { job: self, result }
    }
}

/// How the engine judged a move, as the view colours it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Verdict {
    Justified,
    Wrong,
    /// Unproven or neutral.
    Other,
}

/// One move's page: its annotation, read once from the engine's value.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct MovePage {
    /// The annotation without its number ("r4c4=7: Hidden Single in box 5").
    pub text: String,
    pub verdict: Verdict,
    /// The move's cell (row-major index).
    pub cell: usize,
    /// A wrong value placed (marked on the board).
    pub wrong_value: bool,
}

impl MovePage {
    fn of<C, V, P, S>(
        annotated: &replay::Annotated<C, V, P, S>,
        text: String,
        cell: usize,
    ) -> MovePage {
        let verdict = match annotated.judgement {
            Judgement::Justified(_) => Verdict::Justified,
            Judgement::Wrong { .. } => Verdict::Wrong,
            _ => Verdict::Other,
        };
        // The number is in the view's heading; the text starts at the move.
        let text = text
            .split_once(". ")
            .map_or(text.as_str(), |(_, rest)| rest)
            .to_string();
        MovePage {
            text,
            verdict,
            cell,
            wrong_value: verdict == Verdict::Wrong && matches!(annotated.mv, Move::Place { .. }),
        }
    }
}

/// The replay view: the game walked move by move with the engine's annotation
/// of each move, then the per-technique summary.
#[derive(Clone, Debug)]
pub struct ReplayView {
    /// The pages, the first wrong move, the summary and the boards.
    pub annotations: Annotations,
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
        let Replayed { job, result } = replayed;
        let annotations = result?;
        let mut board = State::new(start_of(&state.game));
        board.color = state.color;
        board.theme = state.theme;
        if !job.game.geometry.is_classic() {
            // A shaped game's start page keeps the player's selection, as it always did.
            board.selected = state.selected;
        }
        let mut view = ReplayView {
            annotations,
            step_of: job.game.read.step_of,
            at: 0,
            board: Box::new(board),
        };
        view.show(0);
        Ok(view)
    }

    /// How many moves the replay walks.
    pub fn moves(&self) -> usize {
        self.annotations.pages.len()
    }

    /// The last page: the summary.
    pub fn last(&self) -> usize {
        self.moves() + 1
    }

    /// Shows page `at` (clamped): the board after that move, its cell
    /// selected, a wrong value marked, the easier step that was open drawn as
    /// a hint is.
    pub fn show(&mut self, at: usize) {
        self.at = at.min(self.last());
        let after = self.at.min(self.moves());
        let current = self.at.checked_sub(1);
        let page = current.and_then(|i| self.annotations.pages.get(i));
        let board = &mut self.board;
        board.marked_wrong.clear();
        if let Some(page) = page.filter(|page| page.wrong_value) {
            board.marked_wrong.push(page.cell);
        }
        board.game.position = self.annotations.positions[after].clone();
        board.hint = current
            .and_then(|i| self.annotations.easier.get(i).cloned().flatten())
            .map(|step| HintProgress {
                hint: Hint::Step(step),
                level: 3,
            });
        if let Some(page) = page {
            board.selected = page.cell;
        }
    }

    /// The page of the move on show (none on the start and summary pages).
    pub fn current(&self) -> Option<&MovePage> {
        self.at
            .checked_sub(1)
            .and_then(|i| self.annotations.pages.get(i))
    }
}

/// The game of `game` at its start, without its history: what the view's
/// board shows.
fn start_of(game: &Game) -> Game {
    Game {
        position: Position::start(&game.givens),
        undo: History::default(),
        redo: History::default(),
        ..game.clone()
    }
}

/// The player's position for a replayed one (no Manual marks).
fn as_position(play: &Play) -> Position {
    Position::from_classic(&play.digits, &[Candidates::NONE; CELLS], &play.struck)
}
