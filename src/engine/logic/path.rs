//! The easiest-step loop that grading, explaining and propagation share: finders
//! report instances into a [`Sink`], the easiest technique that applies gives
//! the next step, and forced singles can be applied until none is left.

use super::cache::Cache;
use super::step::Step;
use super::technique::Technique;
use super::{
    aic, als, chains, coloring, finned_fish, fish, forcing, franken_fish, intersections, links,
    medusa, rectangles, remote_pair, single_digit, singles, subsets, sue_de_coq, templates,
    uniqueness, wings,
};
use crate::engine::board::{Board, Contradiction};

/// Collects the instances a finder reports, up to a limit. It also carries the
/// [`Cache`] of what finders share on one position, so finders tried one after
/// another through the same sink compute that once.
pub struct Sink {
    steps: Vec<Step>,
    limit: usize,
    cache: Cache,
    /// Where the deductions a forcing search proved besides its step go, when a
    /// grader asked for them (see [`StepFinder::grading`]).
    further: Option<Option<Step>>,
}

impl Sink {
    /// A sink that keeps at most `limit` steps.
    pub fn new(limit: usize) -> Sink {
        Sink {
            steps: Vec::new(),
            limit: limit.max(1),
            cache: Cache::default(),
            further: None,
        }
    }

    /// Whether a forcing finder should hand over, besides its step, every other
    /// deduction its search proved ([`Sink::set_further`]).
    pub(crate) fn takes_further(&self) -> bool {
        self.further.is_some()
    }

    /// The deductions a forcing search proved besides the step it gave, as one
    /// step of its technique without their proofs.
    pub(crate) fn set_further(&mut self, step: Step) {
        if let Some(further) = self.further.as_mut() {
            *further = Some(step);
        }
    }

    /// What the finders share on one position (it checks which position it holds).
    pub(crate) fn cache(&mut self) -> &mut Cache {
        &mut self.cache
    }

    /// Takes a step; returns true when the sink is full and the finder should stop.
    /// Steps without any placement or elimination are dropped.
    pub fn push(&mut self, step: Step) -> bool {
        if !step.placements.is_empty() || !step.eliminations.is_empty() {
            self.steps.push(step);
        }
        self.is_full()
    }

    /// How many steps the sink keeps: a finder asked for one can stop looking
    /// once nothing it has yet to find could come before its best.
    pub(crate) fn limit(&self) -> usize {
        self.limit
    }

    /// How many steps the sink holds: a finder compares it before and after a
    /// digit to learn whether it found something there.
    pub(crate) fn kept(&self) -> usize {
        self.steps.len()
    }

    pub fn is_full(&self) -> bool {
        self.steps.len() >= self.limit
    }

    pub fn into_steps(self) -> Vec<Step> {
        self.steps
    }
}

impl Technique {
    /// The finder that hands every instance of this technique to a sink.
    pub(crate) fn finder(self) -> fn(&Board, &mut Sink) {
        use Technique::*;
        match self {
            FullHouse => singles::full_house,
            HiddenSingle => singles::hidden_single,
            NakedSingle => singles::naked_single,
            LockedCandidatesPointing => intersections::pointing,
            LockedCandidatesClaiming => intersections::claiming,
            NakedPair => subsets::naked_pair,
            HiddenPair => subsets::hidden_pair,
            NakedTriple => subsets::naked_triple,
            HiddenTriple => subsets::hidden_triple,
            NakedQuad => subsets::naked_quad,
            HiddenQuad => subsets::hidden_quad,
            XWing => fish::x_wing,
            Swordfish => fish::swordfish,
            Jellyfish => fish::jellyfish,
            Skyscraper => single_digit::skyscraper,
            TwoStringKite => single_digit::two_string_kite,
            EmptyRectangle => single_digit::empty_rectangle,
            XyWing => wings::xy_wing,
            XyzWing => wings::xyz_wing,
            WWing => wings::w_wing,
            SimpleColorsTrap => coloring::trap,
            SimpleColorsWrap => coloring::wrap,
            MultiColors1 => coloring::multi_colors_1,
            MultiColors2 => coloring::multi_colors_2,
            UniqueRectangle1 => uniqueness::unique_rectangle_1,
            BugPlus1 => uniqueness::bug_plus_1,
            UniqueRectangle2 => rectangles::unique_rectangle_2,
            UniqueRectangle3 => rectangles::unique_rectangle_3,
            UniqueRectangle4 => rectangles::unique_rectangle_4,
            UniqueRectangle5 => rectangles::unique_rectangle_5,
            UniqueRectangle6 => rectangles::unique_rectangle_6,
            HiddenRectangle => rectangles::hidden_rectangle,
            RemotePair => remote_pair::remote_pair,
            FinnedXWing => finned_fish::finned_x_wing,
            SashimiXWing => finned_fish::sashimi_x_wing,
            FinnedSwordfish => finned_fish::finned_swordfish,
            SashimiSwordfish => finned_fish::sashimi_swordfish,
            FinnedJellyfish => finned_fish::finned_jellyfish,
            SashimiJellyfish => finned_fish::sashimi_jellyfish,
            XChain => chains::x_chain,
            XyChain => chains::xy_chain,
            ThreeDMedusa => medusa::three_d_medusa,
            SueDeCoq => sue_de_coq::sue_de_coq,
            AlsXz => als::als_xz,
            AlsXyWing => als::als_xy_wing,
            ContinuousNiceLoop => aic::continuous_nice_loop,
            DiscontinuousNiceLoop => aic::discontinuous_nice_loop,
            Aic => aic::aic,
            GroupedContinuousNiceLoop => aic::grouped_continuous_nice_loop,
            GroupedDiscontinuousNiceLoop => aic::grouped_discontinuous_nice_loop,
            GroupedAic => aic::grouped_aic,
            AlsXyChain => als::als_xy_chain,
            DeathBlossom => als::death_blossom,
            DigitForcingChain => forcing::digit_forcing_chain,
            CellForcingChain => forcing::cell_forcing_chain,
            UnitForcingChain => forcing::unit_forcing_chain,
            DynamicForcingChain => forcing::dynamic_forcing_chain,
            ForcingNet => forcing::forcing_net,
            NestedForcingNet => forcing::nested_forcing_net,
            FrankenFish => franken_fish::franken_fish,
            MutantFish => franken_fish::mutant_fish,
            TemplateSet => templates::template_set,
            TemplateDelete => templates::template_delete,
        }
    }
}

/// The first instance of `technique` on `board`.
pub fn find_technique(board: &Board, technique: Technique) -> Option<Step> {
    let mut sink = Sink::new(1);
    technique.finder()(board, &mut sink);
    let step = sink.into_steps().into_iter().next()?;
    Some(links::with_links(board, step))
}

/// Every instance of `technique` on `board` (the same deduction may show up more
/// than once when several units prove it).
pub fn instances(board: &Board, technique: Technique) -> Vec<Step> {
    let mut sink = Sink::new(usize::MAX);
    technique.finder()(board, &mut sink);
    let steps = sink.into_steps().into_iter();
    steps.map(|step| links::with_links(board, step)).collect()
}

/// The easiest step available on `board`, if any technique applies.
pub fn find_step(board: &Board) -> Option<Step> {
    find_step_among(board, &Technique::ALL)
}

/// The easiest step among `techniques` (tried in the order given).
pub fn find_step_among(board: &Board, techniques: &[Technique]) -> Option<Step> {
    StepFinder::new().find_step_among(board, techniques)
}

/// The easiest step among `techniques` that changes `board`: the next step of a
/// logical solution path (grading and explaining both walk the path this way).
pub fn next_step(board: &Board, techniques: &[Technique]) -> Option<Step> {
    StepFinder::new().next_step(board, techniques)
}

/// The easiest-step loop of one solve: it finds the same steps as
/// [`find_step_among`] and [`next_step`], and carries from one position to the
/// next what the single-digit finders found nothing on (see [`super::recall`]),
/// so a solve asks them again only about the digits whose pattern changed, and
/// the forcing branches it ran, so that it runs again only those that read
/// something changed since (see [`super::forcing`]).
#[derive(Default)]
pub struct StepFinder {
    carried: super::cache::Carried,
    /// Whether forcing finders hand over every deduction they proved.
    grading: bool,
    /// What the last forcing step's search proved besides it.
    further: Option<Step>,
}

impl StepFinder {
    pub fn new() -> StepFinder {
        StepFinder::default()
    }

    /// A step finder for grading: where the easiest step is a forcing chain or
    /// net, its search has proved every deduction of that technique on the
    /// position at once, and [`StepFinder::take_further`] hands over the others
    /// (the steps themselves are the same as [`StepFinder::new`]'s).
    pub fn grading() -> StepFinder {
        StepFinder {
            grading: true,
            ..StepFinder::default()
        }
    }

    /// The deductions the last step's forcing search proved besides the step,
    /// as one step of the same technique without their proofs (only for a
    /// [`StepFinder::grading`], only after a forcing step that had others).
    pub fn take_further(&mut self) -> Option<Step> {
        self.further.take()
    }

    /// [`find_step_among`], remembering what failed.
    pub fn find_step_among(&mut self, board: &Board, techniques: &[Technique]) -> Option<Step> {
        self.find(board, techniques, None)
    }

    /// [`next_step`], remembering what failed.
    pub fn next_step(&mut self, board: &Board, techniques: &[Technique]) -> Option<Step> {
        self.find(board, techniques, None)
            .filter(|step| step.makes_progress(board))
    }

    /// [`StepFinder::next_step`], telling `probe` of each finder it asks.
    pub fn next_step_probed(
        &mut self,
        board: &Board,
        techniques: &[Technique],
        probe: &mut dyn FinderProbe,
    ) -> Option<Step> {
        self.find(board, techniques, Some(probe))
            .filter(|step| step.makes_progress(board))
    }

    fn find(
        &mut self,
        board: &Board,
        techniques: &[Technique],
        mut probe: Option<&mut dyn FinderProbe>,
    ) -> Option<Step> {
        // One sink for all: each finder starts on an empty sink (the ones before it
        // found nothing) and they share its cache.
        let mut sink = Sink {
            steps: Vec::new(),
            limit: 1,
            cache: Cache::serving(std::mem::take(&mut self.carried), board),
            further: self.grading.then_some(None),
        };
        let mut found = None;
        for &technique in techniques {
            if let Some(probe) = probe.as_deref_mut() {
                probe.asking(technique);
            }
            technique.finder()(board, &mut sink);
            let full = sink.is_full();
            if let Some(probe) = probe.as_deref_mut() {
                probe.answered(technique, full);
            }
            if full {
                found = sink.steps.pop();
                break;
            }
        }
        self.carried = sink.cache.into_carried();
        self.further = found.as_ref().and(sink.further.flatten());
        found.map(|step| links::with_links(board, step))
    }
}

/// Told of each finder a [`StepFinder`] asks, so that a caller can see where
/// a solve's time goes (`grade --stats`): the engine itself reads no clock.
pub trait FinderProbe {
    /// `technique`'s finder is about to look at a position.
    fn asking(&mut self, technique: Technique);
    /// It has looked, and gave a step or not.
    fn answered(&mut self, technique: Technique, found: bool);
}

/// The techniques that stay sound when a puzzle has several solutions (no uniqueness).
pub fn without_uniqueness() -> Vec<Technique> {
    Technique::ALL
        .into_iter()
        .filter(|t| !t.assumes_unique_solution())
        .collect()
}

/// The outcome of applying forced singles until none is left.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Propagation {
    /// The singles applied, in order.
    pub steps: Vec<Step>,
    /// Where it stopped, when it ran into a contradiction.
    pub contradiction: Option<Contradiction>,
}

/// Applies forced singles (Full House, Hidden Single, Naked Single) to `board`
/// repeatedly until none is left or a contradiction shows.
pub fn propagate(board: &mut Board) -> Propagation {
    let mut result = Propagation::default();
    loop {
        if let Some(why) = singles::contradiction(board) {
            result.contradiction = Some(why);
            return result;
        }
        let Some(step) = singles::find(board) else {
            return result;
        };
        step.apply(board);
        result.steps.push(step);
    }
}
