//! A game on any shape looked back on, move by move: the shaped counterpart of
//! `engine::learn::replay`, with its moves, judgements, first wrong move and
//! summary (those types are generic over how a shape names cells and values).
//!
//! A right move is proved as `why_not` proves a candidate away: the step of the
//! shaped ladder that places the value (or rules the struck candidate out)
//! soonest on the sound position before the move, with the easier steps it
//! needs first. The easiest step open then is flagged when it was of a lower
//! level than what the move needed, as on the classic board.

use super::{Goal, reasoning_techniques, sound_marks, walk_to};
use crate::engine::geometry::logic::Ladder;
use crate::engine::geometry::{Geometry, ValueMask, value_bit};
use crate::engine::grade::Level;
use crate::engine::learn::replay::{
    Annotated, FirstWrong, Judgement, Move, Neutral, Replay, ShapeMove, Summarised, first_wrong_on,
    standing_wrong_on, tally,
};
use crate::engine::logic::Step;
use crate::engine::logic::Technique;

/// Why a right move on a shape holds: the step that proves it, after the
/// easier steps it needs first.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ShapeProof {
    pub before: Vec<Step>,
    pub step: Step,
}

impl Summarised<usize> for ShapeProof {
    fn technique(&self) -> Option<Technique> {
        self.step.technique()
    }

    /// The hardest level of its steps.
    fn level(&self) -> Level {
        self.before
            .iter()
            .chain(std::iter::once(&self.step))
            .map(|step| step.basis.level())
            .max()
            .unwrap_or(Level::Easy)
    }
}

impl Summarised<usize> for Step {
    fn technique(&self) -> Option<Technique> {
        self.basis.technique()
    }

    fn level(&self) -> Level {
        self.basis.level()
    }
}

/// One move of a shaped replay, annotated.
pub type ShapeAnnotated = Annotated<usize, u8, ShapeProof, Step>;
/// A shaped game annotated move by move.
pub type ShapeReplay = Replay<usize, u8, ShapeProof, Step>;

/// The position a replay moves through on a shape: the values and the
/// candidates the player struck (Auto mode).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ShapePlay {
    pub values: Vec<u8>,
    pub struck: Vec<ValueMask>,
}

impl ShapePlay {
    /// The start of a game: the givens, nothing struck.
    pub fn new(givens: &[u8]) -> ShapePlay {
        ShapePlay {
            values: givens.to_vec(),
            struck: vec![0; givens.len()],
        }
    }

    fn make(&mut self, mv: ShapeMove) {
        match mv {
            Move::Place { cell, digit } => self.values[cell] = digit,
            Move::Erase { cell } => self.values[cell] = 0,
            Move::Strike { cell, digit } => self.struck[cell] |= value_bit(digit),
            Move::Restore { cell, digit } => self.struck[cell] &= !value_bit(digit),
        }
    }

    /// Whether the position still leads to `solution`: every value is right and
    /// no open cell's solution value is struck.
    pub fn leads_to(&self, solution: &[u8]) -> bool {
        (0..solution.len()).all(|cell| match self.values[cell] {
            0 => self.struck[cell] & value_bit(solution[cell]) == 0,
            value => value == solution[cell],
        })
    }

    /// Whether `cell` is open and `value` is one of its Auto candidates.
    fn allows(&self, geometry: &Geometry, cell: usize, value: u8) -> bool {
        self.values[cell] == 0
            && self.struck[cell] & value_bit(value) == 0
            && geometry
                .peers(cell)
                .iter()
                .all(|&p| self.values[p] != value)
    }
}

/// The position before each move and after the last (`moves.len() + 1`). The
/// moves come from a game's history, which never changes a given.
pub fn play_through(givens: &[u8], moves: &[ShapeMove]) -> Vec<ShapePlay> {
    let mut play = ShapePlay::new(givens);
    let mut positions = vec![play.clone()];
    for &mv in moves {
        play.make(mv);
        positions.push(play.clone());
    }
    positions
}

fn on_track(givens: &[u8], solution: &[u8], moves: &[ShapeMove]) -> Vec<bool> {
    play_through(givens, moves)
        .iter()
        .map(|p| p.leads_to(solution))
        .collect()
}

/// The first move after which the game could no longer reach `solution`.
pub fn first_wrong(
    givens: &[u8],
    solution: &[u8],
    moves: &[ShapeMove],
) -> Option<FirstWrong<usize, u8>> {
    first_wrong_on(&on_track(givens, solution, moves), moves, |c| solution[c])
}

/// The wrong move the position still suffers from (see the classic
/// `standing_wrong`).
pub fn standing_wrong(
    givens: &[u8],
    solution: &[u8],
    moves: &[ShapeMove],
) -> Option<FirstWrong<usize, u8>> {
    standing_wrong_on(&on_track(givens, solution, moves), moves, |c| solution[c])
}

/// Replays `moves` from `givens` against the one `solution`, annotating each.
pub fn replay(
    geometry: &Geometry,
    givens: &[u8],
    solution: &[u8],
    moves: &[ShapeMove],
) -> ShapeReplay {
    let positions = play_through(givens, moves);
    let ladder = Ladder::new(geometry);
    let techniques = reasoning_techniques();
    let all = crate::engine::geometry::all_values(geometry.side());
    let mut annotated = Vec::with_capacity(moves.len());
    for (index, &mv) in moves.iter().enumerate() {
        let before = &positions[index];
        // The Auto candidates: what the peers leave, less what was struck.
        let marks: Vec<ValueMask> = before.struck.iter().map(|&s| all & !s).collect();
        let sound = sound_marks(geometry, solution, &before.values, &marks);
        let easiest = ladder.next_step(&sound, &techniques);
        let judgement = judge(geometry, before, mv, solution, || {
            walk_to(sound, goal_of(mv)?).map(|(step, before)| ShapeProof { before, step })
        });
        annotated.push(Annotated::new(index, mv, judgement, easiest));
    }
    let on_track: Vec<bool> = positions.iter().map(|p| p.leads_to(solution)).collect();
    Replay {
        summary: tally(&annotated),
        first_wrong: first_wrong_on(&on_track, moves, |c| solution[c]),
        moves: annotated,
    }
}

/// What a right move proves.
fn goal_of(mv: ShapeMove) -> Option<Goal> {
    match mv {
        Move::Place { cell, digit } => Some(Goal::Place(cell, digit)),
        Move::Strike { cell, digit } => Some(Goal::Exclude(cell, digit)),
        _ => None,
    }
}

/// The classic judgement's order: wrong, undoing, off the solution, then a
/// proof (`prove`) of a move that changes something, else already gone.
fn judge(
    geometry: &Geometry,
    before: &ShapePlay,
    mv: ShapeMove,
    solution: &[u8],
    prove: impl FnOnce() -> Option<ShapeProof>,
) -> Judgement<ShapeProof, u8> {
    let cell = mv.cell();
    let answer = solution[cell];
    match mv {
        Move::Place { digit, .. } if digit != answer => return Judgement::Wrong { answer },
        Move::Strike { digit, .. } if digit == answer && before.values[cell] == 0 => {
            return Judgement::Wrong { answer };
        }
        Move::Erase { .. } | Move::Restore { .. } => return Judgement::Neutral(Neutral::Undoing),
        _ if !before.leads_to(solution) => return Judgement::Neutral(Neutral::OffTrack),
        Move::Place { digit, .. } if before.values[cell] != digit => {}
        Move::Strike { digit, .. } if before.allows(geometry, cell, digit) => {}
        _ => return Judgement::Neutral(Neutral::AlreadyGone),
    }
    prove().map_or(Judgement::Unproven, Judgement::Justified)
}

/// "12. r4c4=7: Hidden Single in box 5", with the easier step when one was
/// open: the classic annotation's text in the shape's names and alphabet.
pub fn annotated_text(geometry: &Geometry, annotated: &ShapeAnnotated) -> String {
    let symbol = |v: u8| geometry.alphabet().symbol(v);
    let named = annotated.mv.map(|c| geometry.cell_name(c), symbol);
    let cell = named.cell();
    let what = match (&annotated.judgement, annotated.mv) {
        (Judgement::Justified(proof), Move::Place { .. } | Move::Strike { .. }) => {
            let summary = proof.step.summary_in(geometry);
            match proof.before.len() {
                0 => summary,
                n => format!(
                    "{summary} (after {n} easier step{})",
                    if n == 1 { "" } else { "s" }
                ),
            }
        }
        (Judgement::Justified(_), _) => String::new(),
        (Judgement::Unproven, _) => {
            "right, but no known technique proves it here (a guess?)".to_string()
        }
        (Judgement::Wrong { answer }, Move::Strike { .. }) => {
            format!(
                "WRONG: struck the solution's {} from {cell}",
                symbol(*answer)
            )
        }
        (Judgement::Wrong { answer }, _) => format!("WRONG: {} goes in {cell}", symbol(*answer)),
        (Judgement::Neutral(neutral), mv) => neutral.text(matches!(mv, Move::Erase { .. })),
    };
    let mut text = format!("{}. {named}: {what}", annotated.index);
    if annotated.easier_open
        && let Some(step) = &annotated.easiest
    {
        text.push_str(&format!(
            " [an easier {} was open: {}]",
            step.basis.name(),
            step.summary_in(geometry)
        ));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::super::tests::four;
    use super::*;

    #[test]
    fn a_right_placement_is_justified_and_a_wrong_one_is_flagged() {
        let (geometry, givens, solution) = four();
        // r1c3 is 3 (the row's last two cells hold 3 and 4); r1c4 is 4.
        let moves = [
            Move::Place { cell: 2, digit: 3 },
            Move::Place { cell: 3, digit: 3 },
            Move::Erase { cell: 3 },
        ];
        let replayed = replay(&geometry, &givens, &solution, &moves);
        assert!(
            matches!(replayed.moves[0].judgement, Judgement::Justified(_)),
            "{:?}",
            replayed.moves[0]
        );
        assert_eq!(
            replayed.moves[1].judgement,
            Judgement::Wrong {
                answer: solution[3]
            }
        );
        assert_eq!(
            replayed.moves[2].judgement,
            Judgement::Neutral(Neutral::Undoing)
        );
        let wrong = replayed.first_wrong.expect("move 2 went wrong");
        assert_eq!((wrong.index, wrong.fixed_by), (2, Some(3)));
        let text = annotated_text(&geometry, &replayed.moves[1]);
        assert!(
            text.starts_with("2. r1c4=3: WRONG: 4 goes in r1c4"),
            "{text}"
        );
        assert!(!replayed.summary.is_empty());
    }

    #[test]
    fn striking_the_solution_value_is_wrong_and_standing_until_restored() {
        let (_, givens, solution) = four();
        let strike = Move::Strike {
            cell: 2,
            digit: solution[2],
        };
        let standing = standing_wrong(&givens, &solution, &[strike]).expect("still wrong");
        assert_eq!((standing.index, standing.answer), (1, solution[2]));
        let restore = Move::Restore {
            cell: 2,
            digit: solution[2],
        };
        assert_eq!(standing_wrong(&givens, &solution, &[strike, restore]), None);
        let mended = first_wrong(&givens, &solution, &[strike, restore]).unwrap();
        assert_eq!(mended.fixed_by, Some(2));
    }
}
