//! What several finders compute from the same position, computed once per
//! position. The easiest-step loop ([`super::find_step_among`]) tries the
//! finders one after another on one board through one [`Sink`](super::Sink),
//! which carries this cache: the almost locked sets that ALS-XZ and ALS-XY-Wing
//! both need, and the static forcing branches that digit, cell and unit forcing
//! chains all read (or, first, whether their links' closure already shows
//! they find nothing, see `forcing`'s closure); each digit's pattern, which the single-digit finders
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
use super::als::{KeptLinks, Sets, UnitSets};
use super::coloring::{self, Cluster};
use super::forcing::{OutcomesOf, Ran, static_chains_find_nothing};
use super::implication::Mode;
use super::places::UnitPlaces;
use super::recall::{CrossingPattern, DigitPattern, Recall};
use super::rectangles::{self, Rectangle};
use super::technique::Technique;
use crate::engine::board::Board;
use crate::engine::types::{Digit, SIZE};

/// Results shared by the finders on one position (see the module text).
#[derive(Default)]
pub struct Cache {
    /// The position the contents below belong to.
    board: Option<Board>,
    als: Option<Rc<Sets>>,
    /// The static and dynamic forcing branches of the board.
    branches: [Option<Rc<OutcomesOf<Board>>>; 2],
    /// Whether static forcing chains certainly find nothing on the board,
    /// told from their links' closure without running a branch.
    static_quiet: Option<bool>,
    /// Each digit's pattern on the board, read on first use.
    patterns: Option<[DigitPattern; SIZE]>,
    /// Each digit's places per unit, read from the patterns on first use.
    unit_places: Option<UnitPlaces>,
    /// Per digit, its Simple Colors clusters, made on first use.
    clusters: [Option<Rc<[Cluster]>>; SIZE],
    /// The rectangles the Unique Rectangle finders look at, listed on first use.
    rectangles: Option<Rc<[Rectangle]>>,
    /// What single-digit finders found nothing on, on this or earlier positions.
    recall: Option<Box<Recall>>,
    /// Whether the cache serves one position only: made without a recall
    /// from an earlier one (a hint, the first position of a solve), and not
    /// moved to another board since. Its ALSs are then built in place, not
    /// kept per unit for positions that will not come.
    alone: bool,
    aic: aic::Shared,
    /// The static and dynamic forcing branches last run, on this or an
    /// earlier position: a branch that read nothing changed since is taken
    /// from them (see [`super::forcing`]'s reuse). Carried like the recall.
    ran: Option<Box<[Option<Ran>; 2]>>,
    /// The chain finders' grouped graph of an earlier position, which the
    /// next one's is built from. Carried like the recall.
    prior_graph: Option<Box<aic::PriorGraph>>,
    /// The address of the board a step finder holds borrowed for the cache's
    /// whole life (see [`Cache::serving`]), 0 for none.
    served: usize,
    /// Whether the contents belong to the served board: asked about it, the
    /// cache then needs no comparison of the whole board (~150,000 times
    /// grading 300 hard puzzles).
    holds_served: bool,
}

/// What a solve carries from one position to the next: the single-digit
/// finders' [`Recall`], the forcing branches last run and the chain finders'
/// last grouped graph.
#[derive(Default)]
pub struct Carried {
    recall: Option<Box<Recall>>,
    ran: Option<Box<[Option<Ran>; 2]>>,
    prior_graph: Option<Box<aic::PriorGraph>>,
}

impl Cache {
    /// A cache for a new position that keeps what was `carried` from earlier ones.
    pub(crate) fn carrying(carried: Carried) -> Cache {
        Cache {
            alone: carried.recall.is_none(),
            recall: carried.recall,
            ran: carried.ran,
            prior_graph: carried.prior_graph,
            ..Cache::default()
        }
    }

    /// [`Cache::carrying`] for a caller that holds `board` borrowed for the
    /// cache's whole life: nothing can change the board at that address
    /// meanwhile, so when the cache holds it, asking about it again needs no
    /// comparison (another board asked about in between still empties it).
    pub(crate) fn serving(carried: Carried, board: &Board) -> Cache {
        Cache {
            served: std::ptr::from_ref(board) as usize,
            ..Cache::carrying(carried)
        }
    }

    /// What to hand to the next position.
    pub(crate) fn into_carried(self) -> Carried {
        Carried {
            recall: self.recall,
            ran: self.ran,
            prior_graph: self.prior_graph,
        }
    }

    /// Empties the cache unless it already belongs to `board` (the recall and
    /// the branches last run stay).
    #[inline]
    fn belong_to(&mut self, board: &Board) {
        let address = std::ptr::from_ref(board) as usize;
        if !(self.holds_served && address == self.served) {
            self.move_to(board, address);
        }
    }

    /// [`Cache::belong_to`] when the served board's address does not say.
    #[inline(never)]
    fn move_to(&mut self, board: &Board, address: usize) {
        if self.board.as_ref() != Some(board) {
            *self = Cache {
                alone: self.alone && self.board.is_none(),
                board: Some(*board),
                recall: self.recall.take(),
                ran: self.ran.take(),
                prior_graph: self.prior_graph.take(),
                served: self.served,
                ..Cache::default()
            };
        }
        self.holds_served = address == self.served;
    }

    /// The board's almost locked sets, built on first use (from the units'
    /// sets the recall kept, see [`super::recall`]).
    pub(crate) fn als(&mut self, board: &Board) -> Rc<Sets> {
        self.belong_to(board);
        if let Some(sets) = &self.als {
            return sets.clone();
        }
        let sets = if self.alone {
            Sets::new(board, None)
        } else {
            let recall = self.recall.get_or_insert_with(Box::default);
            Sets::new(board, Some(recall.unit_sets()))
        };
        let sets = Rc::new(sets);
        self.als = Some(sets.clone());
        sets
    }

    /// Keeps the links between the board's ALSs that ALS-XZ found, for the
    /// next position (not for a cache serving one position).
    pub(crate) fn keep_als_links(&mut self, links: KeptLinks) {
        if !self.alone {
            self.recall().unit_sets().keep_links(links);
        }
    }

    /// What the ALS finders carry across a solve's positions (nothing for a
    /// cache serving one position).
    pub(crate) fn als_memory(&mut self) -> Option<&mut UnitSets> {
        (!self.alone).then(|| self.recall().unit_sets())
    }

    /// What the chain finders share on the board (see [`aic::Shared`]).
    pub(crate) fn aic(&mut self, board: &Board) -> &mut aic::Shared {
        self.belong_to(board);
        &mut self.aic
    }

    /// The chain finders' grouped graph of an earlier position, for a solve (not for a
    /// cache serving one position: no later position would read it).
    pub(crate) fn prior_graph(&mut self) -> Option<&mut aic::PriorGraph> {
        (!self.alone).then(|| &mut **self.prior_graph.get_or_insert_with(Box::default))
    }

    /// Every digit's pattern on `board`.
    pub(crate) fn patterns(&mut self, board: &Board) -> [DigitPattern; SIZE] {
        self.belong_to(board);
        *self
            .patterns
            .get_or_insert_with(|| DigitPattern::all(board))
    }

    /// Every digit's places in every unit of `board` (see [`UnitPlaces`]).
    pub(crate) fn unit_places(&mut self, board: &Board) -> &UnitPlaces {
        self.belong_to(board);
        if self.unit_places.is_none() {
            let places = UnitPlaces::of(&self.patterns(board));
            return self.unit_places.insert(places);
        }
        self.unit_places.as_ref().expect("made on first use")
    }

    /// The colouring clusters of `digit` on `board` ([`coloring::clusters`]):
    /// Simple Colors Trap and Wrap and Multi-Colors 1 and 2 run in a row.
    pub(crate) fn clusters(&mut self, board: &Board, digit: Digit) -> Rc<[Cluster]> {
        let open = self.patterns(board)[digit.index()].open();
        self.clusters[digit.index()]
            .get_or_insert_with(|| coloring::clusters(digit, open).into())
            .clone()
    }

    /// The rectangles Unique Rectangle types 2 to 6 and the Hidden Rectangle
    /// look at on `board` ([`rectangles::listed`]): six finders in a row on
    /// every position that reaches them, each walking the same ~500.
    pub(crate) fn rectangles(&mut self, board: &Board) -> Rc<[Rectangle]> {
        self.belong_to(board);
        self.rectangles
            .get_or_insert_with(|| rectangles::listed(board).into())
            .clone()
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

    /// What the finders learned on earlier positions (made on first use).
    pub(crate) fn recall(&mut self) -> &mut Recall {
        self.recall.get_or_insert_with(Box::default)
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

    /// Whether digit, cell and unit forcing chains certainly find nothing on
    /// the board ([`static_chains_find_nothing`]), asked once per position.
    pub(crate) fn static_chains_find_nothing(&mut self, board: &Board) -> bool {
        self.belong_to(board);
        *self
            .static_quiet
            .get_or_insert_with(|| static_chains_find_nothing(board))
    }

    /// The forcing branches of the board in `mode` (static or dynamic), run
    /// on first use, taking from the branches last run those that run the same
    /// here; with the "off" branches too when `with_off` (digit forcing needs them).
    pub(crate) fn branches(
        &mut self,
        board: &Board,
        mode: Mode,
        with_off: bool,
    ) -> Rc<OutcomesOf<Board>> {
        self.belong_to(board);
        let slot = usize::from(mode != Mode::Static);
        match &self.branches[slot] {
            Some(known) if known.has_off() || !with_off => known.clone(),
            _ => {
                // This position's share of the last run goes first: held
                // nowhere else, its storage is carried over, not copied.
                self.branches[slot] = None;
                let ran = self.ran.get_or_insert_with(Box::default);
                let new = Ran::run(board, mode, with_off, ran[slot].take());
                let outcomes = new.outcomes.clone();
                ran[slot] = Some(new);
                self.branches[slot] = Some(outcomes.clone());
                outcomes
            }
        }
    }
}
