//! A game looked back on, move by move: the first move after which the position
//! no longer leads to the solution, and each move annotated with the simplest
//! technique that justified it then, flagged when a much easier deduction was
//! open, with a per-technique summary (used, missed, mistakes).
//!
//! Moves are values ([`Move`]) so any source can feed them: a save's history, a
//! move-list file, a test's script. The position they act on is the player's
//! Auto mode: the digits, and the candidates their peers leave minus the ones
//! the player struck.

use std::fmt;

use thiserror::Error;

use super::proof::{Exclusion, Goal, Prover, Reason};
use super::{LearnError, Solutions, sound_board, sound_techniques};
use crate::engine::board::Board;
use crate::engine::grade::Level;
use crate::engine::grid::Grid;
use crate::engine::logic::{self, Step, Technique};
use crate::engine::types::{CELLS, Candidates, Cell, Digit};

/// One thing a player does to the position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Move {
    /// Writes a digit (`r4c7=5`).
    Place { cell: Cell, digit: Digit },
    /// Rubs a digit out (`r4c7=.`).
    Erase { cell: Cell },
    /// Strikes a candidate (`r4c7-5`).
    Strike { cell: Cell, digit: Digit },
    /// Puts a struck candidate back (`r4c7+5`).
    Restore { cell: Cell, digit: Digit },
}

impl Move {
    /// The cell the move acts on.
    pub fn cell(self) -> Cell {
        match self {
            Move::Place { cell, .. }
            | Move::Erase { cell }
            | Move::Strike { cell, .. }
            | Move::Restore { cell, .. } => cell,
        }
    }

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

impl fmt::Display for Move {
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
pub struct FirstWrong {
    /// One-based.
    pub index: usize,
    pub mv: Move,
    /// The digit that goes in the move's cell.
    pub answer: Digit,
    /// Moves made after it while the position was still off the solution.
    pub moves_since: usize,
    /// The move that put the position back on track, if one did.
    pub fixed_by: Option<usize>,
}

impl FirstWrong {
    /// "Move 23: you struck 7 from r4c4; 7 goes there. 5 moves since were made on top of it."
    pub fn text(&self) -> String {
        let cell = self.mv.cell();
        let answer = self.answer;
        let what = match self.mv {
            Move::Place { digit, .. } => format!("you placed {digit} in {cell}"),
            Move::Strike { digit, .. } => format!("you struck {digit} from {cell}"),
            Move::Erase { .. } => format!("you erased {cell}"),
            Move::Restore { digit, .. } => format!("you restored {digit} in {cell}"),
        };
        let since = match (self.moves_since, self.fixed_by) {
            (0, None) => "It is the last move.".to_string(),
            (n, None) => format!("{n} {} since on top of it.", moves_were(n)),
            (0, Some(fix)) => format!("Move {fix} put it right straight after."),
            (n, Some(fix)) => format!(
                "{n} {} on top of it until move {fix} put it right.",
                moves_were(n)
            ),
        };
        format!("Move {}: {what}; {answer} goes there. {since}", self.index)
    }
}

/// Finds the first move after which `moves` no longer lead to the solution of
/// `givens` (cheap: no proofs are looked for).
pub fn first_wrong(givens: &Grid, moves: &[Move]) -> Result<Option<FirstWrong>, ReplayError> {
    let solution = Solutions::of(givens).unique()?;
    let positions = play_through(givens, moves)?;
    Ok(find_first_wrong(&solution, moves, &positions))
}

/// The wrong move the position still suffers from: the first move of the last
/// stretch off the solution, when that stretch runs to the end (`None` when
/// the position leads to the solution now, even if a move went wrong and a
/// later one put it right).
pub fn standing_wrong(givens: &Grid, moves: &[Move]) -> Result<Option<FirstWrong>, ReplayError> {
    let solution = Solutions::of(givens).unique()?;
    let positions = play_through(givens, moves)?;
    let on_track: Vec<bool> = positions.iter().map(|p| p.leads_to(&solution)).collect();
    if on_track.last().copied().unwrap_or(true) {
        return Ok(None);
    }
    // The last position on the solution; the move after it derailed the game.
    let Some(last_on_track) = on_track.iter().rposition(|&on| on) else {
        return Ok(None);
    };
    let mv = moves[last_on_track];
    Ok(Some(FirstWrong {
        index: last_on_track + 1,
        mv,
        answer: solution.get(mv.cell()).expect("a solution is complete"),
        moves_since: moves.len() - last_on_track - 1,
        fixed_by: None,
    }))
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

fn find_first_wrong(solution: &Grid, moves: &[Move], positions: &[Play]) -> Option<FirstWrong> {
    let on_track: Vec<bool> = positions.iter().map(|p| p.leads_to(solution)).collect();
    let index = (0..moves.len()).find(|&i| on_track[i] && !on_track[i + 1])?;
    let fixed_by = (index + 1..moves.len()).find(|&i| on_track[i + 1]);
    let mv = moves[index];
    Some(FirstWrong {
        index: index + 1,
        mv,
        answer: solution.get(mv.cell()).expect("a solution is complete"),
        moves_since: fixed_by.unwrap_or(moves.len()) - index - 1,
        fixed_by: fixed_by.map(|i| i + 1),
    })
}

/// What a move was, judged against the solution and the logic open at the time.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Judgement {
    /// Right, and proved by this (the cheapest proof on the position before it).
    Justified(Exclusion),
    /// Right, but no known technique proves it there: a guess, or beyond them.
    Unproven,
    /// It takes the position off the solution: `answer` goes in the cell.
    Wrong { answer: Digit },
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
    /// The stable JSON key.
    pub fn key(self) -> &'static str {
        match self {
            Neutral::OffTrack => "off_track",
            Neutral::Undoing => "undoing",
            Neutral::AlreadyGone => "already_gone",
        }
    }
}

/// One move of a replay, annotated.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Annotated {
    /// One-based.
    pub index: usize,
    pub mv: Move,
    pub judgement: Judgement,
    /// The easiest step open before the move.
    pub easiest: Option<Step>,
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
pub struct Replay {
    pub moves: Vec<Annotated>,
    pub first_wrong: Option<FirstWrong>,
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
        let needed = match &judgement {
            Judgement::Justified(proof) => Some(proof_level(proof)),
            Judgement::Unproven => Some(Level::Extreme),
            _ => None,
        };
        let easier_open = match (&easiest, needed) {
            (Some(step), Some(level)) => step.level() < level,
            _ => false,
        };
        annotated.push(Annotated {
            index: index + 1,
            mv,
            judgement,
            easiest,
            easier_open,
        });
    }
    Ok(Replay {
        summary: tally(&annotated),
        first_wrong: find_first_wrong(&solution, moves, &positions),
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

fn tally(moves: &[Annotated]) -> Vec<Tally> {
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
            && let Reason::Step(step) = &proof.reason
        {
            entry(&mut tallies, step.technique).used += 1;
        }
        if let Some(easiest) = &annotated.easiest {
            if annotated.easier_open {
                entry(&mut tallies, easiest.technique).missed += 1;
            }
            if matches!(annotated.judgement, Judgement::Wrong { .. }) {
                entry(&mut tallies, easiest.technique).mistakes += 1;
            }
        }
    }
    tallies.sort_by_key(|t| t.technique);
    tallies
}

impl Annotated {
    /// "12. r4c4=7: Hidden Single in box 5", with the easier step when one was open.
    pub fn text(&self) -> String {
        let cell = self.mv.cell();
        let what = match (&self.judgement, self.mv) {
            (Judgement::Justified(proof), Move::Place { .. }) => match &proof.reason {
                Reason::Step(step) => with_after(step.summary(), proof),
                other => with_after(other.kind().to_string(), proof),
            },
            (Judgement::Justified(proof), Move::Strike { digit, .. }) => match &proof.reason {
                Reason::Step(step) => with_after(step.summary(), proof),
                reason => with_after(reason.text(cell, digit), proof),
            },
            (Judgement::Justified(_), _) => String::new(),
            (Judgement::Unproven, _) => {
                "right, but no known technique proves it here (a guess?)".to_string()
            }
            (Judgement::Wrong { answer }, Move::Strike { .. }) => {
                format!("WRONG: struck the solution's {answer} from {cell}")
            }
            (Judgement::Wrong { answer }, _) => format!("WRONG: {answer} goes in {cell}"),
            (Judgement::Neutral(Neutral::OffTrack), _) => {
                "made while the position was off the solution".to_string()
            }
            (Judgement::Neutral(Neutral::AlreadyGone), _) => "already ruled out".to_string(),
            (Judgement::Neutral(Neutral::Undoing), Move::Erase { .. }) => "erased".to_string(),
            (Judgement::Neutral(Neutral::Undoing), _) => "put back".to_string(),
        };
        let mut text = format!("{}. {}: {what}", self.index, self.mv);
        if self.easier_open
            && let Some(step) = &self.easiest
        {
            text.push_str(&format!(
                " [an easier {} was open: {}]",
                step.technique,
                super::proof::brief(step)
            ));
        }
        text
    }
}

/// The proof's text, with the steps it needs first; when one of them is
/// harder than the proof's last reason, it is named (that is what the move
/// needed, and why an easier step open beside it is flagged).
fn with_after(text: String, proof: &Exclusion) -> String {
    let n = proof.after.len();
    if n == 0 {
        return text;
    }
    let last = match &proof.reason {
        Reason::Step(step) => step.level(),
        _ => Level::Easy,
    };
    let hardest = proof
        .after
        .iter()
        .max_by_key(|step| step.level())
        .filter(|step| step.level() > last);
    match hardest {
        Some(step) => format!(
            "{text} (after {n} step{} first, among them a {})",
            plural(n),
            step.technique
        ),
        None => format!("{text} (after {n} easier step{})", plural(n)),
    }
}

/// "1 move was made", "3 moves were made".
fn moves_were(n: usize) -> &'static str {
    if n == 1 {
        "move was made"
    } else {
        "moves were made"
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}
