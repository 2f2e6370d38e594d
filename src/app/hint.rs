//! The hint on show in the player, on every shape: one slot
//! ([`super::state::State::hint`]) holding a [`GameHint`]. The engine still
//! has two hint ladders (the classic one over the 81-cell `Board`, the shaped
//! one over the geometry), so the hint is one of their two answers; what the
//! player does with it (its levels, the links on show, Esc, a move clearing
//! it) is written once over this type.

use super::state::HintProgress;
use crate::engine::geometry::logic::ShapeHint;
use crate::engine::hint::Hint;

/// A hint of either ladder: the classic 9x9's or another shape's.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum GameHint {
    Classic(Hint),
    Shaped(ShapeHint),
}

impl GameHint {
    /// The classic ladder's hint, when it is one.
    pub fn classic(&self) -> Option<&Hint> {
        match self {
            GameHint::Classic(hint) => Some(hint),
            GameHint::Shaped(_) => None,
        }
    }

    /// The shaped ladder's hint, when it is one.
    pub fn shaped(&self) -> Option<&ShapeHint> {
        match self {
            GameHint::Shaped(hint) => Some(hint),
            GameHint::Classic(_) => None,
        }
    }

    /// How many links its step has (none without a step).
    pub fn link_count(&self) -> usize {
        match self {
            GameHint::Classic(Hint::Step(step)) => step.links.len(),
            GameHint::Shaped(ShapeHint::Step(step)) => step.links.len(),
            _ => 0,
        }
    }
}

impl From<Hint> for GameHint {
    fn from(hint: Hint) -> GameHint {
        GameHint::Classic(hint)
    }
}

impl From<ShapeHint> for GameHint {
    fn from(hint: ShapeHint) -> GameHint {
        GameHint::Shaped(hint)
    }
}

impl HintProgress<GameHint> {
    /// The classic ladder's hint in progress, when the hint is one (a hint
    /// of the other ladder is dropped: it cannot go on).
    pub fn into_classic(self) -> Option<HintProgress<Hint>> {
        match self.hint {
            GameHint::Classic(hint) => Some(HintProgress {
                hint,
                level: self.level,
            }),
            GameHint::Shaped(_) => None,
        }
    }

    /// The shaped ladder's hint in progress, when the hint is one.
    pub fn into_shaped(self) -> Option<HintProgress<ShapeHint>> {
        match self.hint {
            GameHint::Shaped(hint) => Some(HintProgress {
                hint,
                level: self.level,
            }),
            GameHint::Classic(_) => None,
        }
    }

    /// The classic ladder's hint and its level, when the hint on show is one.
    pub fn classic(&self) -> Option<HintProgress<&Hint>> {
        let hint = self.hint.classic()?;
        Some(HintProgress {
            hint,
            level: self.level,
        })
    }

    /// The shaped ladder's hint and its level, when the hint on show is one.
    pub fn shaped(&self) -> Option<HintProgress<&ShapeHint>> {
        let hint = self.hint.shaped()?;
        Some(HintProgress {
            hint,
            level: self.level,
        })
    }
}

impl<H> HintProgress<H> {
    /// The same progress over another form of the hint.
    pub fn map<G>(self, into: impl FnOnce(H) -> G) -> HintProgress<G> {
        HintProgress {
            hint: into(self.hint),
            level: self.level,
        }
    }
}
