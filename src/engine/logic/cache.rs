//! What several finders compute from the same position, computed once per
//! position. The easiest-step loop ([`super::find_step_among`]) tries the
//! finders one after another on one board through one [`Sink`](super::Sink),
//! which carries this cache: the almost locked sets that ALS-XZ and ALS-XY-Wing
//! both need, and the static forcing branches that digit, cell and unit forcing
//! chains all read; each digit's pattern, which the single-digit finders
//! compare with the patterns they found nothing on before (see
//! [`super::recall`]); and the link graphs the chain finders walk (see
//! [`super::aic`]).
//!
//! The cache keeps a copy of the board its contents belong to and empties
//! itself when asked about another one, so a finder can never read another
//! position's results (a sink reused on a changed board stays correct). Only
//! the [`Recall`] outlives the position: it holds nothing but patterns and
//! what they alone determine, true of any board.

use std::rc::Rc;

use super::aic;
use super::als::Sets;
use super::forcing::Outcomes;
use super::recall::{CrossingPattern, DigitPattern, Recall};
use super::technique::Technique;
use crate::engine::board::Board;
use crate::engine::types::{Digit, SIZE};

/// Results shared by the finders on one position (see the module text).
#[derive(Default)]
pub struct Cache {
    /// The position the contents below belong to.
    board: Option<Board>,
    als: Option<Rc<Sets>>,
    static_branches: Option<Rc<Outcomes<Board>>>,
    /// Each digit's pattern on the board, read on first use.
    patterns: Option<[DigitPattern; SIZE]>,
    /// What single-digit finders found nothing on, on this or earlier positions.
    recall: Option<Box<Recall>>,
    aic: aic::Shared,
}

impl Cache {
    /// A cache for a new position that keeps what `recall` learned before.
    pub(crate) fn with_recall(recall: Option<Box<Recall>>) -> Cache {
        Cache {
            recall,
            ..Cache::default()
        }
    }

    /// What the single-digit finders learned, to hand to the next position.
    pub(crate) fn into_recall(self) -> Option<Box<Recall>> {
        self.recall
    }

    /// Empties the cache unless it already belongs to `board` (the recall stays).
    fn belong_to(&mut self, board: &Board) {
        if self.board.as_ref() != Some(board) {
            *self = Cache {
                board: Some(*board),
                recall: self.recall.take(),
                ..Cache::default()
            };
        }
    }

    /// The board's almost locked sets, built on first use (from the units'
    /// sets the recall kept, see [`super::recall`]).
    pub(crate) fn als(&mut self, board: &Board) -> Rc<Sets> {
        self.belong_to(board);
        if let Some(sets) = &self.als {
            return sets.clone();
        }
        let recall = self.recall.get_or_insert_with(Box::default);
        let sets = Rc::new(Sets::new(board, recall.unit_sets()));
        self.als = Some(sets.clone());
        sets
    }

    /// What the chain finders share on the board (see [`aic::Shared`]).
    pub(crate) fn aic(&mut self, board: &Board) -> &mut aic::Shared {
        self.belong_to(board);
        &mut self.aic
    }

    /// Every digit's pattern on `board`.
    pub(crate) fn patterns(&mut self, board: &Board) -> [DigitPattern; SIZE] {
        self.belong_to(board);
        *self
            .patterns
            .get_or_insert_with(|| DigitPattern::all(board))
    }

    /// Whether the single-digit `technique` found nothing for `digit` before on
    /// `pattern` (see [`super::recall`]: it holds nothing but patterns, so it
    /// need not belong to the board).
    pub(crate) fn found_nothing(
        &self,
        technique: Technique,
        digit: Digit,
        pattern: DigitPattern,
    ) -> bool {
        self.recall
            .as_ref()
            .is_some_and(|recall| recall.found_nothing(technique, digit, pattern))
    }

    /// Notes that the single-digit `technique` finds nothing for `digit` on `pattern`.
    pub(crate) fn note_nothing(
        &mut self,
        technique: Technique,
        digit: Digit,
        pattern: DigitPattern,
    ) {
        self.recall
            .get_or_insert_with(Box::default)
            .note_nothing(technique, digit, pattern);
    }

    /// Whether Sue de Coq found nothing before on intersection `crossing` with
    /// `pattern` (see [`super::recall`]).
    pub(crate) fn crossing_found_nothing(
        &self,
        crossing: usize,
        pattern: &CrossingPattern,
    ) -> bool {
        self.recall
            .as_ref()
            .is_some_and(|recall| recall.crossing_found_nothing(crossing, pattern))
    }

    /// Notes that Sue de Coq finds nothing on intersection `crossing` with `pattern`.
    pub(crate) fn note_crossing_nothing(&mut self, crossing: usize, pattern: CrossingPattern) {
        self.recall
            .get_or_insert_with(Box::default)
            .note_crossing_nothing(crossing, pattern);
    }

    /// The static forcing branches of the board, run on first use; with the
    /// "off" branches too when `with_off` (digit forcing needs them).
    pub(crate) fn static_branches(&mut self, board: &Board, with_off: bool) -> Rc<Outcomes<Board>> {
        self.belong_to(board);
        match &self.static_branches {
            Some(known) if known.has_off() || !with_off => known.clone(),
            _ => {
                let outcomes = Rc::new(Outcomes::run(
                    board,
                    super::implication::Mode::Static,
                    with_off,
                ));
                self.static_branches = Some(outcomes.clone());
                outcomes
            }
        }
    }
}
