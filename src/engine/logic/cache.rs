//! What several finders compute from the same position, computed once per
//! position. The easiest-step loop ([`super::find_step_among`]) tries the
//! finders one after another on one board through one [`Sink`](super::Sink),
//! which carries this cache: the almost locked sets that ALS-XZ and ALS-XY-Wing
//! both need, and the static forcing branches that digit, cell and unit forcing
//! chains all read; which finned fish are known to be absent (see
//! [`super::finned_fish`]); and the link graphs the chain finders walk (see
//! [`super::aic`]).
//!
//! The cache keeps a copy of the board its contents belong to and empties
//! itself when asked about another one, so a finder can never read another
//! position's results (a sink reused on a changed board stays correct).

use std::rc::Rc;

use super::aic;
use super::als::Sets;
use super::forcing::Outcomes;
use crate::engine::board::Board;

/// Results shared by the finders on one position (see the module text).
#[derive(Default)]
pub struct Cache {
    /// The position the contents below belong to.
    board: Option<Board>,
    als: Option<Rc<Sets>>,
    static_branches: Option<Rc<Outcomes>>,
    /// Bit `2 * size + sashimi`: no finned (or sashimi) fish of that size here.
    no_finned_fish: u16,
    aic: aic::Shared,
}

impl Cache {
    /// Empties the cache unless it already belongs to `board`.
    fn belong_to(&mut self, board: &Board) {
        if self.board.as_ref() != Some(board) {
            *self = Cache {
                board: Some(*board),
                ..Cache::default()
            };
        }
    }

    /// The board's almost locked sets, built on first use.
    pub(crate) fn als(&mut self, board: &Board) -> Rc<Sets> {
        self.belong_to(board);
        self.als
            .get_or_insert_with(|| Rc::new(Sets::new(board)))
            .clone()
    }

    /// What the chain finders share on the board (see [`aic::Shared`]).
    pub(crate) fn aic(&mut self, board: &Board) -> &mut aic::Shared {
        self.belong_to(board);
        &mut self.aic
    }

    /// Whether the board is known to have no finned (`sashimi`: sashimi) fish of `size`.
    pub(crate) fn no_finned_fish(&mut self, board: &Board, size: usize, sashimi: bool) -> bool {
        self.belong_to(board);
        self.no_finned_fish & 1 << (2 * size + usize::from(sashimi)) != 0
    }

    /// Notes that the board has no finned (`sashimi`: sashimi) fish of `size`.
    pub(crate) fn set_no_finned_fish(&mut self, board: &Board, size: usize, sashimi: bool) {
        self.belong_to(board);
        self.no_finned_fish |= 1 << (2 * size + usize::from(sashimi));
    }

    /// The static forcing branches of the board, run on first use; with the
    /// "off" branches too when `with_off` (digit forcing needs them).
    pub(crate) fn static_branches(&mut self, board: &Board, with_off: bool) -> Rc<Outcomes> {
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
