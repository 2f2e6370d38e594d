//! The easiest-step loop that grading, explaining and propagation share: finders
//! report instances into a [`Sink`], the easiest technique that applies gives
//! the next step, and forced singles can be applied until none is left.

use super::cache::Cache;
use super::step::Step;
use super::technique::Technique;
use super::{links, singles};
use crate::engine::board::{Board, Contradiction};

/// Collects the instances a finder reports, up to a limit. It also carries the
/// [`Cache`] of what finders share on one position, so finders tried one after
/// another through the same sink compute that once.
pub struct Sink {
    steps: Vec<Step>,
    limit: usize,
    cache: Cache,
}

impl Sink {
    /// A sink that keeps at most `limit` steps.
    pub fn new(limit: usize) -> Sink {
        Sink {
            steps: Vec::new(),
            limit: limit.max(1),
            cache: Cache::default(),
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

    pub fn is_full(&self) -> bool {
        self.steps.len() >= self.limit
    }

    pub fn into_steps(self) -> Vec<Step> {
        self.steps
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
    // One sink for all: each finder starts on an empty sink (the ones before it
    // found nothing) and they share its cache.
    let mut sink = Sink::new(1);
    for technique in techniques {
        technique.finder()(board, &mut sink);
        if sink.is_full() {
            let step = sink.into_steps().into_iter().next()?;
            return Some(links::with_links(board, step));
        }
    }
    None
}

/// The easiest step among `techniques` that changes `board`: the next step of a
/// logical solution path (grading and explaining both walk the path this way).
pub fn next_step(board: &Board, techniques: &[Technique]) -> Option<Step> {
    find_step_among(board, techniques).filter(|step| step.makes_progress(board))
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
