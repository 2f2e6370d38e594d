//! A game looked back on, move by move: the first move after which the position
//! no longer leads to the solution, and each move annotated with the simplest
//! technique that justified it then, flagged when a much easier deduction was
//! open, with a per-technique summary (used, missed, mistakes).
//!
//! Moves are values ([`Move`]) so any source can feed them: a save's history, a
//! move-list file, a test's script. The position they act on is the player's
//! Auto mode: the digits, and the candidates their peers leave minus the ones
//! the player struck.
//!
//! The move, the first wrong move, a move's judgement and the summary are
//! generic over how a shape names cells and values (the classic `Cell` and
//! `Digit` by default; row-major indices and values 1..=side on every other
//! shape, whose replay is `engine::geometry::learn::replay`), so both shapes
//! share them and their texts.

use std::fmt;

use thiserror::Error;

mod text;

use super::proof::{Exclusion, Goal, Prover, Reason};
use super::{LearnError, Solutions, sound_board, sound_techniques};
use crate::engine::board::Board;
use crate::engine::grade::Level;
use crate::engine::grid::Grid;
use crate::engine::logic::{self, Step, Technique};
use crate::engine::types::{CELLS, Candidates, Cell, Digit};

/// One thing a player does to the position; `C` names a cell, `V` a value.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Move<C = Cell, V = Digit> {
    /// Writes a digit (`r4c7=5`).
    Place { cell: C, digit: V },
    /// Rubs a digit out (`r4c7=.`).
    Erase { cell: C },
    /// Strikes a candidate (`r4c7-5`).
    Strike { cell: C, digit: V },
    /// Puts a struck candidate back (`r4c7+5`).
    Restore { cell: C, digit: V },
}

/// A move on any shape: a row-major cell index and a value 1..=side.
pub type ShapeMove = Move<usize, u8>;

impl<C: Clone, V> Move<C, V> {
    /// The cell the move acts on.
    pub fn cell(&self) -> C {
        match self {
            Move::Place { cell, .. }
            | Move::Erase { cell }
            | Move::Strike { cell, .. }
            | Move::Restore { cell, .. } => cell.clone(),
        }
    }
}

impl<C, V> Move<C, V> {
    /// The same move with its cell and value named another way (a shape's
    /// `r4c7` and alphabet for its text, the classic types for the classic replay).
    pub fn map<C2, V2>(self, cell: impl Fn(C) -> C2, value: impl Fn(V) -> V2) -> Move<C2, V2> {
        match self {
            Move::Place { cell: c, digit } => Move::Place {
                cell: cell(c),
                digit: value(digit),
            },
            Move::Erase { cell: c } => Move::Erase { cell: cell(c) },
            Move::Strike { cell: c, digit } => Move::Strike {
                cell: cell(c),
                digit: value(digit),
            },
            Move::Restore { cell: c, digit } => Move::Restore {
                cell: cell(c),
                digit: value(digit),
            },
        }
    }
}

impl Move {
    /// Reads the notation [`Move`]'s `Display` writes: `r4c7=5`, `r4c7=.`,
    /// `r4c7-5`, `r4c7+5`.
    pub fn parse(text: &str) -> Option<Move> {
        let cell = Cell::parse(text.get(..4)?)?;
        let mut rest = text.get(4..)?.chars();
        let (op, what) = (rest.next()?, rest.next()?);
        if rest.next().is_some() {
            return None;
        }
        let digit = Digit::from_char(what);
        match (op, digit) {
            ('=', Some(digit)) => Some(Move::Place { cell, digit }),
            ('=', None) if what == '.' => Some(Move::Erase { cell }),
            ('-', Some(digit)) => Some(Move::Strike { cell, digit }),
            ('+', Some(digit)) => Some(Move::Restore { cell, digit }),
            _ => None,
        }
    }
}

impl<C: fmt::Display, V: fmt::Display> fmt::Display for Move<C, V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Place { cell, digit } => write!(f, "{cell}={digit}"),
            Move::Erase { cell } => write!(f, "{cell}=."),
            Move::Strike { cell, digit } => write!(f, "{cell}-{digit}"),
            Move::Restore { cell, digit } => write!(f, "{cell}+{digit}"),
        }
    }
}

/// Why a move list cannot be replayed.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Error)]
pub enum ReplayError {
    #[error(transparent)]
    Puzzle(#[from] LearnError),
    #[error("move {index} ({mv}) changes the given in {}", mv.cell())]
    ChangesGiven { index: usize, mv: Move },
}

/// The position a replay moves through: the digits and the candidates the
/// player struck (Auto mode).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Play {
    pub digits: Grid,
    pub struck: [Candidates; CELLS],
}

impl Play {
    /// The start of a game: the givens, nothing struck.
    pub fn new(givens: &Grid) -> Play {
        Play {
            digits: *givens,
            struck: [Candidates::NONE; CELLS],
        }
    }

    /// The position as a board: the digits, and each open cell's candidates
    /// (those its peers leave, minus the struck ones).
    pub fn board(&self) -> Board {
        let mut board = Board::with_auto_candidates(&self.digits);
        for cell in Cell::all().filter(|&c| self.digits.get(c).is_none()) {
            let left = board.candidates(cell).difference(self.struck[cell.index()]);
            board.set_candidates(cell, left);
        }
        board
    }

    /// Makes `mv`, which must not touch a given.
    fn make(&mut self, mv: Move) {
        match mv {
            Move::Place { cell, digit } => self.digits.set(cell, Some(digit)),
            Move::Erase { cell } => self.digits.set(cell, None),
            Move::Strike { cell, digit } => {
                self.struck[cell.index()] = self.struck[cell.index()].with(digit);
            }
            Move::Restore { cell, digit } => {
                self.struck[cell.index()] = self.struck[cell.index()].without(digit);
            }
        }
    }

    /// Whether the position still leads to `solution`: every digit is right and
    /// no open cell's solution digit is struck.
    pub fn leads_to(&self, solution: &Grid) -> bool {
        Cell::all().all(|cell| match self.digits.get(cell) {
            Some(digit) => solution.get(cell) == Some(digit),
            None => solution
                .get(cell)
                .is_some_and(|d| !self.struck[cell.index()].contains(d)),
        })
    }
}

/// The first move after which the game could no longer reach the solution.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct FirstWrong<C = Cell, V = Digit> {
    /// One-based.
    pub index: usize,
    pub mv: Move<C, V>,
    /// The digit that goes in the move's cell.
    pub answer: V,
    /// Moves made after it while the position was still off the solution.
    pub moves_since: usize,
    /// The move that put the position back on track, if one did.
    pub fixed_by: Option<usize>,
}

impl<C, V> FirstWrong<C, V> {
    /// The same finding with its cell and value named another way.
    pub fn map<C2, V2>(
        self,
        cell: impl Fn(C) -> C2,
        value: impl Fn(V) -> V2,
    ) -> FirstWrong<C2, V2> {
        FirstWrong {
            index: self.index,
            mv: self.mv.map(cell, &value),
            answer: value(self.answer),
            moves_since: self.moves_since,
            fixed_by: self.fixed_by,
        }
    }
}

/// Finds the first move after which `moves` no longer lead to the solution of
/// `givens` (cheap: no proofs are looked for).
pub fn first_wrong(givens: &Grid, moves: &[Move]) -> Result<Option<FirstWrong>, ReplayError> {
    let solution = Solutions::of(givens).unique()?;
    let positions = play_through(givens, moves)?;
    let on_track: Vec<bool> = positions.iter().map(|p| p.leads_to(&solution)).collect();
    Ok(first_wrong_on(&on_track, moves, answer_in(&solution)))
}

/// The wrong move the position still suffers from: the first move of the last
/// stretch off the solution, when that stretch runs to the end (`None` when
/// the position leads to the solution now, even if a move went wrong and a
/// later one put it right).
pub fn standing_wrong(givens: &Grid, moves: &[Move]) -> Result<Option<FirstWrong>, ReplayError> {
    let solution = Solutions::of(givens).unique()?;
    let positions = play_through(givens, moves)?;
    let on_track: Vec<bool> = positions.iter().map(|p| p.leads_to(&solution)).collect();
    Ok(standing_wrong_on(&on_track, moves, answer_in(&solution)))
}

/// The solution's digit of a cell.
fn answer_in(solution: &Grid) -> impl Fn(Cell) -> Digit + '_ {
    |cell| solution.get(cell).expect("a solution is complete")
}

/// [`standing_wrong`] on any shape: `on_track[i]` says whether the position
/// before move `i` (and, last, after every move) leads to the solution, whose
/// value of a cell `answer` gives.
pub fn standing_wrong_on<C: Copy, V: Copy>(
    on_track: &[bool],
    moves: &[Move<C, V>],
    answer: impl Fn(C) -> V,
) -> Option<FirstWrong<C, V>> {
    if on_track.last().copied().unwrap_or(true) {
        return None;
    }
    // The last position on the solution; the move after it derailed the game.
    let last_on_track = on_track.iter().rposition(|&on| on)?;
    let mv = moves[last_on_track];
    Some(FirstWrong {
        index: last_on_track + 1,
        mv,
        answer: answer(mv.cell()),
        moves_since: moves.len() - last_on_track - 1,
        fixed_by: None,
    })
}

/// The position before each move and after the last (`moves.len() + 1` of them).
pub fn play_through(givens: &Grid, moves: &[Move]) -> Result<Vec<Play>, ReplayError> {
    let mut play = Play::new(givens);
    let mut positions = vec![play];
    for (index, &mv) in moves.iter().enumerate() {
        if givens.get(mv.cell()).is_some() {
            return Err(ReplayError::ChangesGiven {
                index: index + 1,
                mv,
            });
        }
        play.make(mv);
        positions.push(play);
    }
    Ok(positions)
}

/// [`first_wrong`] on any shape, read from `on_track` as [`standing_wrong_on`] does.
pub fn first_wrong_on<C: Copy, V: Copy>(
    on_track: &[bool],
    moves: &[Move<C, V>],
    answer: impl Fn(C) -> V,
) -> Option<FirstWrong<C, V>> {
    let index = (0..moves.len()).find(|&i| on_track[i] && !on_track[i + 1])?;
    let fixed_by = (index + 1..moves.len()).find(|&i| on_track[i + 1]);
    let mv = moves[index];
    Some(FirstWrong {
        index: index + 1,
        mv,
        answer: answer(mv.cell()),
        moves_since: fixed_by.unwrap_or(moves.len()) - index - 1,
        fixed_by: fixed_by.map(|i| i + 1),
    })
}

/// What a move was, judged against the solution and the logic open at the time;
/// `P` is the shape's proof (the classic [`Exclusion`]).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Judgement<P = Exclusion, V = Digit> {
    /// Right, and proved by this (the cheapest proof on the position before it).
    Justified(P),
    /// Right, but no known technique proves it there: a guess, or beyond them.
    Unproven,
    /// It takes the position off the solution: `answer` goes in the cell.
    Wrong { answer: V },
    /// Neither right nor wrong: an erase, a restore, a strike of a candidate the
    /// position already lacked, or a move while the position was off the solution.
    Neutral(Neutral),
}

/// Why a move is neither right nor wrong.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Neutral {
    /// The position was already off the solution.
    OffTrack,
    /// A digit erased, or a candidate put back.
    Undoing,
    /// The struck candidate was already gone (a peer holds it, or it was struck).
    AlreadyGone,
}

impl Neutral {
    /// What the annotation says of the move (`erase`: the move rubbed a digit out).
    pub fn text(self, erase: bool) -> String {
        match self {
            Neutral::OffTrack => "made while the position was off the solution",
            Neutral::AlreadyGone => "already ruled out",
            Neutral::Undoing if erase => "erased",
            Neutral::Undoing => "put back",
        }
        .to_string()
    }

    /// The stable JSON key.
    pub fn key(self) -> &'static str {
        match self {
            Neutral::OffTrack => "off_track",
            Neutral::Undoing => "undoing",
            Neutral::AlreadyGone => "already_gone",
        }
    }
}

/// One move of a replay, annotated; `P` is the shape's proof and `S` its step.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Annotated<C = Cell, V = Digit, P = Exclusion, S = Step> {
    /// One-based.
    pub index: usize,
    pub mv: Move<C, V>,
    pub judgement: Judgement<P, V>,
    /// The easiest step open before the move.
    pub easiest: Option<S>,
    /// Set when that step was of a lower level than what the move needed.
    pub easier_open: bool,
}

/// Per technique: moves it proved, moves made while it was open and much
/// easier, and wrong moves made while it was the easiest step open.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Tally {
    pub technique: Technique,
    pub used: u32,
    pub missed: u32,
    pub mistakes: u32,
}

/// A game annotated move by move.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Replay<C = Cell, V = Digit, P = Exclusion, S = Step> {
    pub moves: Vec<Annotated<C, V, P, S>>,
    pub first_wrong: Option<FirstWrong<C, V>>,
    /// Techniques that were used, missed or open at a mistake, easiest first.
    pub summary: Vec<Tally>,
}

/// Replays `moves` from the givens, annotating each one.
pub fn replay(givens: &Grid, moves: &[Move]) -> Result<Replay, ReplayError> {
    let solutions = Solutions::of(givens);
    let solution = solutions.unique()?;
    let techniques = sound_techniques(solutions);
    let positions = play_through(givens, moves)?;
    let mut annotated = Vec::with_capacity(moves.len());
    for (index, &mv) in moves.iter().enumerate() {
        let before = positions[index];
        let on_track = before.leads_to(&solution);
        let board = sound_board(&before.board(), &solution);
        let easiest = logic::next_step(&board, &techniques);
        let judgement = judge(&before, mv, &solution, on_track, &board, &techniques);
        annotated.push(Annotated::new(index, mv, judgement, easiest));
    }
    let on_track: Vec<bool> = positions.iter().map(|p| p.leads_to(&solution)).collect();
    Ok(Replay {
        summary: tally(&annotated),
        first_wrong: first_wrong_on(&on_track, moves, answer_in(&solution)),
        moves: annotated,
    })
}

fn judge(
    before: &Play,
    mv: Move,
    solution: &Grid,
    on_track: bool,
    board: &Board,
    techniques: &[Technique],
) -> Judgement {
    let cell = mv.cell();
    let answer = solution.get(cell).expect("a solution is complete");
    let goal = match mv {
        Move::Place { digit, .. } if digit != answer => return Judgement::Wrong { answer },
        Move::Strike { digit, .. } if digit == answer && before.digits.get(cell).is_none() => {
            return Judgement::Wrong { answer };
        }
        Move::Erase { .. } | Move::Restore { .. } => return Judgement::Neutral(Neutral::Undoing),
        _ if !on_track => return Judgement::Neutral(Neutral::OffTrack),
        Move::Place { digit, .. } if before.digits.get(cell) != Some(digit) => {
            Goal::Place(cell, digit)
        }
        Move::Strike { digit, .. } if before.board().candidates(cell).contains(digit) => {
            Goal::Exclude(cell, digit)
        }
        _ => return Judgement::Neutral(Neutral::AlreadyGone),
    };
    match Prover::new(board, techniques).prove(goal) {
        Some(proof) => Judgement::Justified(proof),
        None => Judgement::Unproven,
    }
}

/// The hardest level a proof needs: its steps' and its reason's (a plain reason
/// counts as Easy).
pub fn proof_level(proof: &Exclusion) -> Level {
    let reason = match &proof.reason {
        Reason::Step(step) => step.level(),
        Reason::Search(_) => Level::Extreme,
        _ => Level::Easy,
    };
    proof
        .after
        .iter()
        .map(Step::level)
        .chain(std::iter::once(reason))
        .max()
        .unwrap_or(Level::Easy)
}

/// What an annotation and the summary read of a shape's proofs and steps: the
/// technique it rests on and the level it needs. `C` is the replay's cell type,
/// which says whose grading rule a [`Step`] is rated by: a classic replay's
/// (cells as [`Cell`]) counts a short chain as Hard, as the classic grader
/// does ([`Step::level`]); a shaped replay's (plain indices) rates a step by
/// its basis, as the shaped grader does.
pub trait Summarised<C> {
    /// The technique, when a technique's step is what it rests on.
    fn technique(&self) -> Option<Technique>;
    /// The hardest level it needs.
    fn level(&self) -> Level;
}

impl Summarised<Cell> for Step {
    fn technique(&self) -> Option<Technique> {
        self.basis.technique()
    }

    fn level(&self) -> Level {
        Step::level(self)
    }
}

impl Summarised<Cell> for Exclusion {
    fn technique(&self) -> Option<Technique> {
        match &self.reason {
            Reason::Step(step) => step.basis.technique(),
            _ => None,
        }
    }

    fn level(&self) -> Level {
        proof_level(self)
    }
}

impl<C, V, P: Summarised<C>, S: Summarised<C>> Annotated<C, V, P, S> {
    /// Move `index` (zero-based) annotated with its judgement and the easiest
    /// step open before it, flagged when that step was of a lower level than
    /// what the move needed (a right move no technique proves needs search).
    pub fn new(
        index: usize,
        mv: Move<C, V>,
        judgement: Judgement<P, V>,
        easiest: Option<S>,
    ) -> Self {
        let needed = match &judgement {
            Judgement::Justified(proof) => Some(proof.level()),
            Judgement::Unproven => Some(Level::Extreme),
            _ => None,
        };
        let easier_open = match (&easiest, needed) {
            (Some(step), Some(level)) => step.level() < level,
            _ => false,
        };
        Annotated {
            index: index + 1,
            mv,
            judgement,
            easiest,
            easier_open,
        }
    }
}

/// Per technique, easiest first: the moves it proved, the moves made while it
/// was open and easier, the wrong moves made while it was the easiest open.
pub fn tally<C, V, P: Summarised<C>, S: Summarised<C>>(
    moves: &[Annotated<C, V, P, S>],
) -> Vec<Tally> {
    let mut tallies: Vec<Tally> = Vec::new();
    fn entry(tallies: &mut Vec<Tally>, technique: Technique) -> &mut Tally {
        let at = match tallies.iter().position(|t| t.technique == technique) {
            Some(at) => at,
            None => {
                tallies.push(Tally {
                    technique,
                    used: 0,
                    missed: 0,
                    mistakes: 0,
                });
                tallies.len() - 1
            }
        };
        &mut tallies[at]
    }
    for annotated in moves {
        if let Judgement::Justified(proof) = &annotated.judgement
            && let Some(technique) = proof.technique()
        {
            entry(&mut tallies, technique).used += 1;
        }
        if let Some(easiest) = annotated.easiest.as_ref().and_then(S::technique) {
            if annotated.easier_open {
                entry(&mut tallies, easiest).missed += 1;
            }
            if matches!(annotated.judgement, Judgement::Wrong { .. }) {
                entry(&mut tallies, easiest).mistakes += 1;
            }
        }
    }
    tallies.sort_by_key(|t| t.technique);
    tallies
}
