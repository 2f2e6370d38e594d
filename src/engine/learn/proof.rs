//! Proofs that a candidate is impossible: the kinds of reason, plainest first
//! (a filled cell, a peer, a unit without a place, a technique's step, search),
//! and the [`Prover`] that finds the cheapest one on a board.
//!
//! The prover walks the easiest-step path once per difficulty ceiling and keeps
//! every board it meets with the instances found there, so asking about many
//! candidates of one position (an audit, a sweep) costs little more than one.

mod text;

pub use text::brief;

use super::removes;
use crate::engine::board::{Board, Contradiction, Observer, Reason as Placed};
use crate::engine::grade::Level;
use crate::engine::logic::{self, Step, Technique};
use crate::engine::search;
use crate::engine::types::{CELLS, Candidates, Cell, Digit, Unit};

/// A reason the candidate is impossible, perhaps only after some easier steps.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Exclusion {
    /// Steps taken first, easiest first, to reach the position where `reason` holds.
    pub after: Vec<Step>,
    pub reason: Reason,
}

/// The kinds of reason, plainest first.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Reason {
    /// The cell holds another digit.
    Filled { holds: Digit },
    /// `peer`, in `unit` with the cell, holds the digit.
    Peer { peer: Cell, unit: Unit },
    /// With the candidate in the cell, `digit` would have no place left in `unit`:
    /// today it can only go in `places` (the cell itself, or cells that see it).
    Unit {
        unit: Unit,
        digit: Digit,
        places: Vec<Cell>,
    },
    /// A step that rules the candidate out.
    Step(Step),
    /// No known technique rules it out: search does.
    Search(Refutation),
}

/// What search found after putting the candidate in its cell.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Refutation {
    /// The digits propagation forced next, in order.
    pub forced: Vec<(Cell, Digit)>,
    /// Where propagation ran into a contradiction, if it did.
    pub contradiction: Option<Contradiction>,
    /// Guesses the search needed to exhaust every branch (0 when propagation sufficed).
    pub guesses: u64,
}

impl Reason {
    /// The stable JSON kind: "filled", "peer", "unit", "step" or "search".
    pub fn kind(&self) -> &'static str {
        match self {
            Reason::Filled { .. } => "filled",
            Reason::Peer { .. } => "peer",
            Reason::Unit { .. } => "unit",
            Reason::Step(_) => "step",
            Reason::Search(_) => "search",
        }
    }
}

/// What a proof proves: that a cell cannot hold a digit, or that it must.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Goal {
    Exclude(Cell, Digit),
    Place(Cell, Digit),
}

impl Goal {
    /// Whether `step` proves the goal.
    pub fn is_met_by(self, step: &Step) -> bool {
        match self {
            Goal::Exclude(cell, digit) => removes(step, cell, digit),
            Goal::Place(cell, digit) => step.placements.contains(&(cell, digit)),
        }
    }

    /// A reason without a technique (placements have none: a single is a step).
    fn plain_reason(self, board: &Board) -> Option<Reason> {
        match self {
            Goal::Exclude(cell, digit) => plain_reason(board, cell, digit),
            Goal::Place(..) => None,
        }
    }
}

/// Finds the cheapest proof that a candidate is impossible (or, for a replay,
/// that a digit goes in a cell) on one board.
pub struct Prover {
    board: Board,
    /// One easiest-step path per difficulty ceiling, easiest ceiling first.
    tiers: Vec<Tier>,
}

/// The easiest-step path with the techniques up to one difficulty level.
struct Tier {
    allowed: Vec<Technique>,
    /// The boards along the path; stage `i + 1` is stage `i` after its next step.
    stages: Vec<Stage>,
}

/// A board on a path, with what has been found on it so far.
struct Stage {
    board: Board,
    /// Every instance of each allowed technique, found when first needed.
    instances: Vec<Option<Vec<Step>>>,
}

impl Stage {
    fn new(board: Board, techniques: usize) -> Stage {
        Stage {
            board,
            instances: vec![None; techniques],
        }
    }

    fn instances(&mut self, index: usize, technique: Technique) -> &[Step] {
        let board = &self.board;
        self.instances[index].get_or_insert_with(|| logic::instances(board, technique))
    }

    /// The reason that holds here, plainest first.
    fn reason(&mut self, allowed: &[Technique], goal: Goal) -> Option<Reason> {
        if let Some(reason) = goal.plain_reason(&self.board) {
            return Some(reason);
        }
        for (index, &technique) in allowed.iter().enumerate() {
            if let Some(step) = self
                .instances(index, technique)
                .iter()
                .find(|step| goal.is_met_by(step))
            {
                return Some(Reason::Step(step.clone()));
            }
        }
        None
    }

    /// The easiest step here, if it changes the board: [`logic::next_step`], read
    /// from the instances already found.
    fn next_step(&mut self, allowed: &[Technique]) -> Option<Step> {
        for (index, &technique) in allowed.iter().enumerate() {
            if let Some(step) = self.instances(index, technique).first() {
                let step = step.clone();
                return step.makes_progress(&self.board).then_some(step);
            }
        }
        None
    }
}

impl Prover {
    /// A prover for `board`, using `techniques` (see [`super::sound_techniques`]).
    pub fn new(board: &Board, techniques: &[Technique]) -> Prover {
        let mut tiers: Vec<Tier> = Vec::new();
        for level in Level::ALL {
            let allowed: Vec<Technique> = techniques
                .iter()
                .copied()
                .filter(|t| t.level() <= level)
                .collect();
            if allowed.is_empty() || tiers.last().is_some_and(|t| t.allowed == allowed) {
                continue;
            }
            let stages = vec![Stage::new(*board, allowed.len())];
            tiers.push(Tier { allowed, stages });
        }
        Prover {
            board: *board,
            tiers,
        }
    }

    /// The board the proofs start from.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The plainest proof that `cell` cannot be `digit`, which must be impossible:
    /// by logic when [`Prover::by_logic`] finds one, else by search.
    pub fn exclude(&mut self, cell: Cell, digit: Digit) -> Exclusion {
        self.by_logic(cell, digit).unwrap_or_else(|| Exclusion {
            after: Vec::new(),
            reason: Reason::Search(refute(&self.board, cell, digit)),
        })
    }

    /// The plainest logical proof: a reason on the board itself, or after the
    /// easiest steps, one at a time, until one appears. Each difficulty level is
    /// tried as a ceiling and the cheapest proof wins (the technique scores of its
    /// steps added up), so a few singles and a peer beat a Swordfish. The steps
    /// the proof does not need are dropped. None when logic runs out first.
    pub fn by_logic(&mut self, cell: Cell, digit: Digit) -> Option<Exclusion> {
        self.prove(Goal::Exclude(cell, digit))
    }

    /// The cheapest logical proof of `goal`, found as [`Prover::by_logic`] says.
    pub fn prove(&mut self, goal: Goal) -> Option<Exclusion> {
        let mut best: Option<Exclusion> = None;
        for tier in 0..self.tiers.len() {
            let budget = best.as_ref().map_or(u32::MAX, Exclusion::cost);
            if let Some(found) = self.walk(tier, goal, budget) {
                let direct = found.after.is_empty();
                best = Some(found);
                // A reason on the board itself: a higher ceiling finds the same one.
                if direct {
                    break;
                }
            }
        }
        best.map(|found| prune(&self.board, found, goal))
    }

    /// Follows tier `tier`'s path until a reason appears, giving up once the
    /// proof would cost `budget` or more.
    fn walk(&mut self, tier: usize, goal: Goal, budget: u32) -> Option<Exclusion> {
        let Tier { allowed, stages } = &mut self.tiers[tier];
        let mut after: Vec<Step> = Vec::new();
        let mut spent = 0;
        for index in 0.. {
            if let Some(reason) = stages[index].reason(allowed, goal) {
                let found = Exclusion { after, reason };
                return (found.cost() < budget).then_some(found);
            }
            let step = stages[index].next_step(allowed)?;
            spent += step.score();
            if spent >= budget {
                return None;
            }
            if stages.len() == index + 1 {
                let mut board = stages[index].board;
                step.apply(&mut board);
                stages.push(Stage::new(board, allowed.len()));
            }
            after.push(step);
        }
        None
    }
}

/// Drops the steps of a proof it does not need: the easiest-step path takes
/// steps anywhere on the board, the proof keeps those that lead to its reason.
/// First a slice (the steps whose effects touch the cells the reason, or a kept
/// step, looks at), checked by replaying it; then each remaining step, last
/// first, is dropped when the proof still holds without it (for proofs of up
/// to 20 steps: each try replays the proof).
fn prune(board: &Board, found: Exclusion, goal: Goal) -> Exclusion {
    /// Longest list the dropping pass tries.
    const DROPPED_FROM: usize = 20;
    let sliced = slice(&found, goal);
    let mut best = match replay(board, &sliced, &found.reason, goal) {
        Some(shorter) if shorter.cost() <= found.cost() => shorter,
        _ => found,
    };
    if best.after.len() > DROPPED_FROM {
        return best;
    }
    for index in (0..best.after.len()).rev() {
        let mut fewer = best.after.clone();
        fewer.remove(index);
        if let Some(shorter) = replay(board, &fewer, &best.reason, goal)
            && shorter.cost() <= best.cost()
        {
            best = shorter;
        }
    }
    best
}

/// The steps of `found` that may matter, walking back from its reason: a step
/// matters when it changes a candidate that the reason, or a later step that
/// matters, reads.
fn slice(found: &Exclusion, goal: Goal) -> Vec<Step> {
    let (Goal::Exclude(cell, digit) | Goal::Place(cell, digit)) = goal;
    let mut watched = [Candidates::NONE; CELLS];
    let mut watch = |read: Vec<(Cell, Candidates)>| {
        for (c, set) in read {
            watched[c.index()] = watched[c.index()].union(set);
        }
    };
    watch(vec![(cell, Candidates::single(digit))]);
    match &found.reason {
        Reason::Filled { .. } | Reason::Search(_) => watch(vec![(cell, Candidates::ALL)]),
        Reason::Peer { peer, .. } => watch(vec![(*peer, Candidates::ALL)]),
        Reason::Unit { unit, digit, .. } => watch(
            unit.cells()
                .iter()
                .map(|&c| (c, Candidates::single(*digit)))
                .collect(),
        ),
        Reason::Step(step) => watch(reads(step)),
    }
    let mut kept: Vec<Step> = Vec::new();
    for step in found.after.iter().rev() {
        let placed = step.placements.iter().any(|&(p, d)| {
            !watched[p.index()].is_empty()
                || p.peers().iter().any(|q| watched[q.index()].contains(d))
        });
        let struck = step
            .eliminations
            .iter()
            .any(|&(c, d)| watched[c.index()].contains(d));
        if placed || struck {
            for (c, set) in reads(step) {
                watched[c.index()] = watched[c.index()].union(set);
            }
            kept.push(step.clone());
        }
    }
    kept.reverse();
    kept
}

/// The candidates a step's reasoning reads: a hidden single its digit across
/// its unit, a naked single or a full house every candidate of its cells, any
/// other step its pattern and its digits in its units.
fn reads(step: &Step) -> Vec<(Cell, Candidates)> {
    let digits: Candidates = step.digits().into_iter().collect();
    let unit_cells = |set: Candidates| -> Vec<(Cell, Candidates)> {
        step.units
            .iter()
            .flat_map(|u| u.cells().iter().map(move |&c| (c, set)))
            .collect()
    };
    let mut read = match step.technique() {
        Some(Technique::HiddenSingle) => unit_cells(digits),
        Some(Technique::FullHouse) => unit_cells(Candidates::ALL),
        Some(Technique::NakedSingle) => Vec::new(),
        _ => unit_cells(digits),
    };
    read.extend(step.pattern.iter().map(|&(c, set)| (c, set.union(digits))));
    read.extend(step.placements.iter().map(|&(c, _)| (c, Candidates::ALL)));
    read.extend(
        step.eliminations
            .iter()
            .map(|&(c, d)| (c, Candidates::single(d))),
    );
    if step.basis == Technique::NakedSingle {
        for &(c, _) in &step.placements {
            read.extend(c.peers().iter().map(|&q| (q, Candidates::ALL)));
        }
    }
    read
}

/// The proof made of `steps` (each found again on the board it meets, and
/// skipped when it no longer changes anything) and a reason of the same kind
/// as `reason`, if one holds at the end.
fn replay(board: &Board, steps: &[Step], reason: &Reason, goal: Goal) -> Option<Exclusion> {
    let mut board = *board;
    let mut after = Vec::new();
    for step in steps {
        if !step.makes_progress(&board) {
            continue;
        }
        let again = logic::instances(&board, step.technique()?)
            .into_iter()
            .find(|found| {
                found.placements == step.placements
                    && step.eliminations.iter().all(|&(c, d)| {
                        found.eliminations.contains(&(c, d)) || !board.candidates(c).contains(d)
                    })
            })?;
        again.apply(&mut board);
        after.push(again);
    }
    let reason = match reason {
        Reason::Step(step) => logic::instances(&board, step.technique()?)
            .into_iter()
            .find(|found| goal.is_met_by(found))
            .map(Reason::Step)?,
        _ => goal.plain_reason(&board)?,
    };
    Some(Exclusion { after, reason })
}

/// A reason that needs no technique: the cell holds another digit, a peer holds
/// this one, or a unit would have no place left.
pub fn plain_reason(board: &Board, cell: Cell, digit: Digit) -> Option<Reason> {
    if let Some(holds) = board.digit(cell) {
        return (holds != digit).then_some(Reason::Filled { holds });
    }
    if let Some(&peer) = cell
        .peers()
        .iter()
        .find(|&&p| board.digit(p) == Some(digit))
    {
        let unit = cell
            .units()
            .into_iter()
            .find(|u| u.contains(peer))
            .expect("peers share a unit");
        return Some(Reason::Peer { peer, unit });
    }
    unit_reason(board, cell, digit)
}

/// A unit left without a place for some digit if `cell` were `digit`: first the
/// cell's own units where it is the only place for another digit, then any unit
/// whose places for `digit` all see the cell.
fn unit_reason(board: &Board, cell: Cell, digit: Digit) -> Option<Reason> {
    let [row, col, boxed] = cell.units();
    for unit in [boxed, row, col] {
        for other in board.candidates(cell).without(digit).iter() {
            let places = open_places(board, unit, other);
            if places == [cell] {
                return Some(Reason::Unit {
                    unit,
                    digit: other,
                    places,
                });
            }
        }
    }
    Unit::all()
        .filter(|unit| !unit.contains(cell))
        .find_map(|unit| {
            let places = open_places(board, unit, digit);
            let placed = unit.cells().iter().any(|&c| board.digit(c) == Some(digit));
            (!placed && !places.is_empty() && places.iter().all(|p| p.sees(cell))).then_some(
                Reason::Unit {
                    unit,
                    digit,
                    places,
                },
            )
        })
}

/// Open cells of `unit` with `digit` among their candidates.
fn open_places(board: &Board, unit: Unit, digit: Digit) -> Vec<Cell> {
    unit.cells()
        .iter()
        .copied()
        .filter(|&c| board.digit(c).is_none() && board.candidates(c).contains(digit))
        .collect()
}

pub(super) fn peer_holds(board: &Board, cell: Cell, digit: Digit) -> bool {
    cell.peers().iter().any(|&p| board.digit(p) == Some(digit))
}

/// Puts `digit` in `cell` and propagates; when that reaches no contradiction,
/// searches the rest for a completion (there is none when the digit is wrong).
pub fn refute(board: &Board, cell: Cell, digit: Digit) -> Refutation {
    let mut trial = *board;
    let mut forced = Forced::default();
    let outcome = trial.assign_observed(cell, digit, &mut forced);
    let (contradiction, guesses) = match outcome {
        Err(why) => (Some(why), 0),
        Ok(()) => (
            None,
            search::count_solutions(trial.digits(), 1).stats.guesses,
        ),
    };
    Refutation {
        forced: forced.0,
        contradiction,
        guesses,
    }
}

/// Records the digits propagation places, not the one assigned.
#[derive(Default)]
struct Forced(Vec<(Cell, Digit)>);

impl Observer for Forced {
    fn placed(&mut self, cell: Cell, digit: Digit, reason: Placed) {
        if reason != Placed::Assigned {
            self.0.push((cell, digit));
        }
    }
}
