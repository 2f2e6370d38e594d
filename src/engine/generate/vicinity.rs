//! Extreme puzzles by vicinity search: from an Extreme puzzle, its {-1+1}
//! neighbours (one clue taken out, one clue put in elsewhere) that are unique,
//! minimal and Extreme, then theirs, and so on.
//!
//! Why: about one fresh minimal puzzle in 80 is Extreme, and each costs a
//! solved grid, its clue removal and often a verdict; near an Extreme puzzle
//! about one minimal neighbour in twelve is Extreme (a probe on three seeds:
//! 5-10.5%), and a neighbour is far cheaper to find than a fresh minimal puzzle.
//!
//! Finding the unique neighbours without ~12,000 counts: take clue `c` out of
//! the puzzle and list the solutions of what is left (a handful, by the fast
//! solver, [`Givens::solutions`]). A clue `(cell, digit)` put back in makes
//! the puzzle unique exactly when one of those solutions has `digit` in
//! `cell`: so one pass over the listed solutions names every unique neighbour
//! that drops `c`. When there are more than [`SOLUTION_CAP`] solutions the
//! clue is skipped (its neighbours are not all known then).
//!
//! A neighbour is then checked minimal (no clue of it can go; the added clue
//! cannot, since its removal leaves the solutions just listed), sieved
//! ([`sieve`]'s techniques below Extreme) and judged by the request
//! ([`Request::keeps`]: the verdict, or the full grade when it is wanted).
//!
//! The walk: a stack of kept puzzles whose neighbours are still to be looked
//! at; the newest is expanded next (clue by clue, in a random order), so the
//! walk drifts away from its start instead of circling it. Every kept puzzle
//! is new to the walk (a set of the puzzles seen); when the stack runs dry the
//! walk starts again from a fresh Extreme puzzle. Everything is drawn from the
//! walk's own ChaCha stream, so a walk is the same on every machine.

use std::collections::{HashSet, VecDeque};

use rand_chacha::ChaCha8Rng;

use super::sieve::{self, Closure};
use super::unavoidable::SwapSets;
use super::{
    GenerateError, Generated, Orbit, Request, clear_if_unique, clue_cells, generate_with, rng_for,
    shuffle,
};
use crate::engine::bitboard::Givens;
use crate::engine::grade::Level;
use crate::engine::grid::Grid;
use crate::engine::types::{CELLS, Cell, Digit, SIZE};

/// Solutions listed for a puzzle with one clue out, at the most: beyond it the
/// clue is skipped. (Seed 1's first Extreme puzzles: most clues leave under a
/// dozen solutions.)
const SOLUTION_CAP: usize = 64;

/// Consecutive puzzles of a seed that come from one walk, by default
/// ([`Request::walk_length`]).
pub const WALK_LENGTH: u64 = 100;

/// One walk: an endless stream of distinct Extreme puzzles (unless a fresh
/// start fails, which it reports and then tries again).
pub struct Walk {
    request: Request,
    rng: ChaCha8Rng,
    /// Every puzzle met, kept or not: none is judged or emitted twice.
    seen: HashSet<Grid>,
    /// Kept puzzles (givens, solution) whose neighbours are still to look at.
    stack: Vec<(Grid, Grid)>,
    /// The puzzle being expanded and its clues still to take out.
    current: Option<Expansion>,
    /// Kept puzzles not yet handed out.
    ready: VecDeque<Generated>,
    /// Neighbours judged since the last one kept.
    judged: u32,
    /// Reused buffer for the listed solutions.
    solutions: Vec<Grid>,
}

struct Expansion {
    givens: Grid,
    solution: Grid,
    state: Givens,
    /// Clues still to take out, the next last.
    clues: Vec<Cell>,
}

impl Walk {
    /// The walk of `request` (an Extreme one) that makes puzzles `start..` of
    /// `seed`: its first puzzle is the fresh route's puzzle `start`.
    pub fn new(request: &Request, seed: u64, start: u64) -> Walk {
        Walk {
            request: *request,
            rng: rng_for(seed, start),
            seen: HashSet::new(),
            stack: Vec::new(),
            current: None,
            ready: VecDeque::new(),
            judged: 0,
            solutions: Vec::with_capacity(SOLUTION_CAP + 1),
        }
    }

    /// A fresh Extreme puzzle to start (again) from.
    fn fresh_start(&mut self) -> Result<Option<Generated>, GenerateError> {
        let made = generate_with(&self.request, &mut self.rng)?;
        if !self.seen.insert(made.givens) {
            return Ok(None);
        }
        self.stack.push((made.givens, made.solution));
        Ok(Some(made))
    }

    /// Starts expanding `givens`: its clues in a random order.
    fn expand(&mut self, givens: Grid, solution: Grid) {
        let mut clues: Vec<Cell> = Cell::all().filter(|&c| givens.get(c).is_some()).collect();
        shuffle(&mut clues, &mut self.rng);
        let state = Givens::new(&givens).expect("a kept puzzle has no clash");
        self.current = Some(Expansion {
            givens,
            solution,
            state,
            clues,
        });
    }

    /// Judges the neighbours of the current puzzle that drop `clue`, queueing
    /// the kept ones.
    fn neighbours_without(&mut self, clue: Cell) {
        let Some(expansion) = &self.current else {
            return;
        };
        let mut open = expansion.givens;
        open.set(clue, None);
        let mut state = expansion.state;
        let removed = expansion.solution.values()[clue.index()];
        state.remove(clue.index(), removed as usize - 1);
        state.solutions(SOLUTION_CAP + 1, &mut self.solutions);
        if self.solutions.len() > SOLUTION_CAP {
            return;
        }
        // For each open (cell, digit): how many solutions have it, and the last one.
        let mut count = [0u8; CELLS * SIZE];
        let mut owner = [0u8; CELLS * SIZE];
        for (index, solution) in self.solutions.iter().enumerate() {
            for (cell, (&given, &digit)) in open.values().iter().zip(solution.values()).enumerate()
            {
                if given == 0 {
                    let at = cell * SIZE + digit as usize - 1;
                    count[at] += 1;
                    owner[at] = index as u8;
                }
            }
        }
        let back = clue.index() * SIZE + removed as usize - 1;
        let mut swaps: Vec<Option<SwapSets>> = (0..self.solutions.len()).map(|_| None).collect();
        for at in (0..CELLS * SIZE).filter(|&at| count[at] == 1 && at != back) {
            let (cell, digit) = (Cell::new(at / SIZE), Digit::new((at % SIZE) as u8 + 1));
            let mut givens = open;
            givens.set(cell, Some(digit));
            if !self.seen.insert(givens) {
                continue;
            }
            let owner = owner[at] as usize;
            let solution = self.solutions[owner];
            if sieve::first_solving(&givens, &[Closure::below(Level::Extreme).expect("sieved")])
                .is_some()
            {
                continue;
            }
            let swaps = swaps[owner].get_or_insert_with(|| SwapSets::of(&solution));
            if !is_minimal_but(&givens, cell, &solution, swaps) {
                continue;
            }
            self.judged += 1;
            if let Some(grade) = self.request.keeps(&givens, &solution) {
                self.ready.push_back(Generated {
                    givens,
                    solution,
                    grade,
                    attempts: std::mem::take(&mut self.judged),
                });
                self.stack.push((givens, solution));
            }
        }
    }
}

impl Iterator for Walk {
    type Item = Result<Generated, GenerateError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(made) = self.ready.pop_front() {
                return Some(Ok(made));
            }
            let next_clue = self.current.as_mut().map(|e| e.clues.pop());
            match next_clue {
                Some(Some(clue)) => self.neighbours_without(clue),
                Some(None) => self.current = None,
                None => match self.stack.pop() {
                    Some((givens, solution)) => self.expand(givens, solution),
                    None => match self.fresh_start() {
                        Ok(Some(made)) => return Some(Ok(made)),
                        Ok(None) => {}
                        Err(err) => return Some(Err(err)),
                    },
                },
            }
        }
    }
}

/// Whether `givens` (one solution, `solution`) loses it when any clue but
/// `kept` goes; `kept` is known to (its removal leaves the listed solutions).
fn is_minimal_but(givens: &Grid, kept: Cell, solution: &Grid, swaps: &SwapSets) -> bool {
    let Some(state) = Givens::new(givens) else {
        return false;
    };
    let clues = clue_cells(givens);
    Cell::all()
        .filter(|&cell| cell != kept && givens.get(cell).is_some())
        .all(|cell| {
            let orbit = Orbit {
                first: cell,
                second: cell,
            };
            let mut trial = state;
            !clear_if_unique(
                &mut trial,
                clues & !(1 << cell.index()),
                orbit,
                solution,
                swaps,
            )
        })
}
