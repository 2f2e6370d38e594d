//! Grading: solve by always taking the easiest step; the grade is the hardest
//! technique needed plus a score summed over the steps. Where the easiest step
//! is a forcing chain or net, its search has proved every deduction of its
//! technique on the position, and the grader takes them all: asking the whole
//! ladder again between two of them was, on top1465, half the grading time,
//! for the same levels (the README's "Twenty-sixth round"). Only a puzzle with one
//! solution is graded: the others say why not ([`Status`]). Forcing chains and
//! nets end the ladder; should they find nothing, the grader guesses the
//! solution's digit in the cell with the fewest candidates (Extreme) and carries
//! on, so the score covers the whole solve.

use std::collections::BTreeMap;

use super::board::Board;
use super::grid::Grid;
pub use super::logic::Level;
use super::logic::se::Ratings;
use super::logic::{self, FinderProbe, Technique};
use super::search;

/// Points a guess adds to the score.
pub const GUESS_SCORE: u32 = 1000;

/// Whether a puzzle could be graded, and if not why.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Status {
    /// One solution: graded by its logical path.
    Graded,
    /// Every cell is already filled (and consistent): nothing to grade.
    Solved,
    /// The givens have no solution.
    NoSolution,
    /// The givens have more than one solution (uniqueness techniques would be unsound).
    NotUnique,
}

impl Status {
    /// "graded", "solved", "no_solution" or "not_unique".
    pub fn key(self) -> &'static str {
        match self {
            Status::Graded => "graded",
            Status::Solved => "solved",
            Status::NoSolution => "no_solution",
            Status::NotUnique => "not_unique",
        }
    }
}

/// A puzzle's grade.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Grade {
    pub level: Level,
    pub score: u32,
    /// The hardest technique used; `None` when logic ran out (a guess was needed).
    pub hardest: Option<Technique>,
    /// How many steps of each technique the solve took.
    pub steps: BTreeMap<Technique, usize>,
    /// How many times the solve had to guess (0 unless the level is Extreme).
    pub guesses: usize,
    /// Whether the puzzle was proper; only a graded puzzle has steps.
    pub status: Status,
    /// Sudoku Explainer's ER, EP and ED of the same path.
    pub se: Ratings,
}

/// Grades `givens` by solving with the easiest step each time. A puzzle without
/// exactly one solution is not graded (its status says why), and a filled grid
/// is `Solved`: no technique, no guess.
pub fn grade(givens: &Grid) -> Grade {
    grade_at_most(givens, Level::Extreme).expect("every puzzle grades at most Extreme")
}

/// [`grade`], telling `probe` of each finder the solve asks (`grade --stats`).
pub fn grade_probed(givens: &Grid, probe: &mut dyn FinderProbe) -> Grade {
    grade_at_most_with(givens, Level::Extreme, Some(probe))
        .expect("every puzzle grades at most Extreme")
}

/// Sudoku Explainer's ER/EP/ED of `givens`: the path that takes, at each point,
/// the step Sudoku Explainer would take ([`logic::se::next_step`]). `None` unless
/// the puzzle has exactly one solution and logic solves it.
pub fn se_ratings(givens: &Grid) -> Option<Ratings> {
    if search::count_solutions(givens, 2).count != 1 {
        return None;
    }
    let mut board = Board::with_auto_candidates(givens);
    let mut ratings = Ratings::default();
    let (mut taken, mut placed) = (0, false);
    while !board.is_solved() {
        let rated = logic::se::next_step(&board)?;
        ratings.record_rated(rated.rating, rated.name, taken, placed);
        let step = rated.step;
        taken += 1;
        placed |= !step.placements.is_empty();
        step.apply(&mut board);
    }
    Some(ratings)
}

/// [`grade`], given up (`None`) as soon as the solve needs a step above `cap`.
/// The generator asks this way: a puzzle above the level it wants is thrown away,
/// so grading it to the end (guesses and all) would be wasted. Below Hard only the
/// techniques of `cap`'s level or easier are tried (from Hard on every technique,
/// as a short chain is a Hard step; forcing chains, all Extreme, only for Extreme).
pub fn grade_at_most(givens: &Grid, cap: Level) -> Option<Grade> {
    grade_at_most_with(givens, cap, None)
}

/// [`grade_at_most`], telling `probe`, when there is one, of each finder asked.
fn grade_at_most_with(
    givens: &Grid,
    cap: Level,
    probe: Option<&mut dyn FinderProbe>,
) -> Option<Grade> {
    let ungraded = |status| Grade {
        level: Level::Easy,
        score: 0,
        hardest: None,
        steps: BTreeMap::new(),
        guesses: 0,
        status,
        se: Ratings::default(),
    };
    let counted = search::count_solutions(givens, 2);
    match counted.count {
        0 => return Some(ungraded(Status::NoSolution)),
        1 if givens.is_complete() => return Some(ungraded(Status::Solved)),
        1 => {}
        _ => return Some(ungraded(Status::NotUnique)),
    }
    grade_among_with(givens, &usable_up_to(cap), cap, probe)
}

/// [`grade_at_most`] for givens already known to have exactly one solution and
/// an open cell (the generator's, which it has just checked), without counting
/// their solutions again.
///
/// Only the techniques that can give a step at or below `cap` are tried: when
/// they all fail, the next one could only give a step above it. For a Hard cap
/// that leaves out Sue de Coq and everything after it, whose failing searches
/// (ALS sets, nice loops, AICs) were 8% of the instructions of making a Hard
/// puzzle.
pub fn grade_unique_at_most(givens: &Grid, cap: Level) -> Option<Grade> {
    grade_among(givens, &usable_up_to(cap), cap)
}

/// The techniques that can give a step at or below `cap` (see
/// [`grade_unique_at_most`]).
fn usable_up_to(cap: Level) -> Vec<Technique> {
    Technique::ALL
        .into_iter()
        .filter(|&t| easiest_step_level(t) <= cap)
        .collect()
}

/// The lowest level a step of `technique` can have: its own, except for the
/// chains that [`logic::Step::level`] rates Hard when they are short.
fn easiest_step_level(technique: Technique) -> Level {
    match technique {
        Technique::XChain | Technique::XyChain => Level::Hard,
        technique => technique.level(),
    }
}

/// [`grade_at_most`] trying only `usable`, which must be the easiest techniques
/// (a prefix of [`Technique::ALL`]): `None` as soon as none of them applies
/// (the full grader would have needed a harder one, or a guess) or a step is
/// above `cap`. What `generate --needs` grades with.
pub fn grade_among(givens: &Grid, usable: &[Technique], cap: Level) -> Option<Grade> {
    grade_among_with(givens, usable, cap, None)
}

/// [`grade_among`], telling `probe`, when there is one, of each finder asked.
fn grade_among_with(
    givens: &Grid,
    usable: &[Technique],
    cap: Level,
    mut probe: Option<&mut dyn FinderProbe>,
) -> Option<Grade> {
    debug_assert!(
        Technique::ALL.starts_with(usable),
        "{usable:?} is not a prefix"
    );
    let mut board = Board::with_auto_candidates(givens);
    let mut steps = BTreeMap::new();
    let mut hardest: Option<Technique> = None;
    let mut level = Level::Easy;
    let mut score = 0;
    let mut guesses = 0;
    let mut solution: Option<Option<Grid>> = None;
    let mut se = Ratings::default();
    let mut taken = 0;
    let mut placed = false;
    let mut finder = logic::StepFinder::grading();
    while !board.is_solved() {
        let step = match probe.as_deref_mut() {
            Some(probe) => finder.next_step_probed(&board, usable, probe),
            None => finder.next_step(&board, usable),
        };
        if let Some(step) = step {
            if step.level() > cap {
                return None;
            }
            se.record(&step, taken, placed);
            taken += 1;
            placed |= !step.placements.is_empty();
            if let Some(technique) = step.technique() {
                *steps.entry(technique).or_insert(0) += 1;
                hardest = hardest.max(Some(technique));
            }
            level = level.max(step.level());
            score += step.score();
            step.apply(&mut board);
            // A forcing search proves every deduction of its technique on the
            // position at once: the grader takes them all, as one step.
            if let Some(further) = finder.take_further() {
                placed |= !further.placements.is_empty();
                further.apply(&mut board);
            }
            continue;
        }
        // Stuck: the full grader would guess (Extreme) or, when `usable` leaves
        // techniques out, might use a harder one than those.
        if cap < Level::Extreme || usable.len() < Technique::ALL.len() {
            return None;
        }
        // Only reached if the forcing nets find nothing: a guess from the solution.
        let known = solution.get_or_insert_with(|| search::solve(givens).solution);
        let (Some(solved), Some(cell)) = (known.as_ref(), board.fewest_candidates_cell()) else {
            break;
        };
        let Some(digit) = solved.get(cell) else { break };
        guesses += 1;
        score += GUESS_SCORE;
        level = Level::Extreme;
        board.place(cell, digit);
    }
    if guesses > 0 || !board.is_solved() {
        level = Level::Extreme;
        hardest = None;
    }
    (level <= cap).then_some(Grade {
        level,
        score,
        hardest,
        steps,
        guesses,
        status: Status::Graded,
        se,
    })
}
