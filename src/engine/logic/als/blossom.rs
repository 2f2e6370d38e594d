//! Death Blossom: a stem cell and, for each of its candidates d, a petal: an
//! almost locked set whose copies of d all see the stem. Whichever digit the
//! stem holds, that petal loses it and is locked on its other digits; so a digit
//! z of every petal (not a stem candidate) is in one of the petals, and leaves
//! every cell outside them that sees all its copies in all of them.
//!
//! As HoDoKu: every candidate of the stem needs a petal, petals share no cell
//! (unless overlap is allowed), and of the blossoms with the same eliminations
//! the one with the fewest cells is kept.
//!
//! A blossom is a function of its stem's and petals' cells' candidates, and
//! what it removes only shrinks along a solve: after a position where the
//! search found nothing, a blossom needs a changed stem or a fresh petal to
//! remove anything (see [`super::quiet`]). The others are skipped; the
//! blossoms found, and their order, stay the same.

use std::collections::BTreeMap;

use super::quiet::{Fresh, Quiet};
use super::{Als, Cells, Sets, als_step, cells_of};
use crate::engine::board::Board;
use crate::engine::logic::{Link, Sink, Step, Technique, cells_text};
use crate::engine::types::{Candidates, Cell, Digit, SIZE};

/// Death Blossoms whose petals share no cell.
pub fn death_blossom(board: &Board, sink: &mut Sink) {
    search(board, sink, false);
}

/// Death Blossoms whose petals may share cells (HoDoKu's "allow ALS overlap").
pub fn death_blossom_overlapping(board: &Board, sink: &mut Sink) {
    search(board, sink, true);
}

/// One blossom found.
struct Found {
    stem: Cell,
    /// The petal of each stem candidate, in digit order.
    petals: Vec<(Digit, usize)>,
    cells: u32,
    eliminations: Vec<(Cell, Digit)>,
}

/// What the recursion carries from petal to petal.
struct Grow<'a> {
    sets: &'a Sets,
    holders: [Cells; SIZE],
    stem: Cell,
    /// The stem's candidates and, for each, the sets that can be its petal.
    choices: Vec<(Digit, &'a [u32])>,
    overlap: bool,
    /// Whether a blossom needs a fresh petal: the stem is unchanged since the
    /// search last found nothing.
    needs_fresh: bool,
    /// Per stem candidate k (and one past the last), whether a fresh set
    /// can be the petal of the k-th candidate or a later one.
    fresh_from: [bool; SIZE + 1],
    chosen: Vec<(Digit, usize)>,
    found: Vec<Found>,
}

fn search(board: &Board, sink: &mut Sink, overlap: bool) {
    let sets = sink.cache().als(board);
    let fresh = if overlap {
        Fresh::all(sets.all.len())
    } else {
        sets.fresh(sink, Quiet::DeathBlossom)
    };
    // A petal of a stem candidate reaches it.
    let petals = sets.reachers();
    let mut found = Vec::new();
    for stem in board.open_cells() {
        let stem_digits = board.candidates(stem);
        if stem_digits.len() < 2 {
            continue;
        }
        if stem_digits.iter().any(|d| petals.of(stem, d).is_empty()) {
            continue;
        }
        let choices: Vec<(Digit, &[u32])> = stem_digits
            .iter()
            .map(|d| (d, petals.of(stem, d)))
            .collect();
        let needs_fresh = !fresh.changed(stem);
        let mut fresh_from = [false; SIZE + 1];
        if needs_fresh {
            for k in (0..choices.len()).rev() {
                fresh_from[k] =
                    fresh_from[k + 1] || choices[k].1.iter().any(|&i| fresh.has(i as usize));
            }
        }
        let mut grow = Grow {
            sets: &sets,
            holders: sets.holders,
            stem,
            choices,
            overlap,
            needs_fresh,
            fresh_from,
            chosen: Vec::new(),
            found: Vec::new(),
        };
        let all_digits = Candidates::ALL.difference(stem_digits);
        grow.petal(0, 0, all_digits, &[!0; SIZE], &fresh, false);
        // Debug builds check every eighth stem against the whole search.
        debug_assert!(
            !(needs_fresh && stem.index().is_multiple_of(8)) || {
                let mut whole = Grow {
                    needs_fresh: false,
                    chosen: Vec::new(),
                    found: Vec::new(),
                    choices: grow.choices.clone(),
                    ..grow
                };
                whole.petal(0, 0, all_digits, &[!0; SIZE], &fresh, false);
                let key = |f: &Found| (f.stem, f.petals.clone(), f.cells, f.eliminations.clone());
                whole.found.iter().map(key).eq(grow.found.iter().map(key))
            },
            "Death Blossom on stem {stem}: skipped blossoms of unchanged sets found something"
        );
        found.append(&mut grow.found);
    }
    if !overlap && found.is_empty() {
        sets.note_quiet(sink, Quiet::DeathBlossom);
    }
    found.sort_by_key(|f| (f.cells, usize::MAX - f.eliminations.len()));
    let mut kept: BTreeMap<Vec<(Cell, Digit)>, ()> = BTreeMap::new();
    for f in found {
        if kept.insert(f.eliminations.clone(), ()).is_some() {
            continue;
        }
        if sink.push(step(board, &sets.all, f)) {
            return;
        }
    }
}

impl Grow<'_> {
    /// Chooses the petal of the `k`-th stem candidate, given the cells of the
    /// petals so far, their common digits (stem candidates left out), per
    /// digit, the cells that see all its copies in them, and whether one of
    /// them is `fresh` (see [`super::quiet`]).
    fn petal(
        &mut self,
        k: usize,
        cells: Cells,
        common: Candidates,
        seeing: &[Cells; SIZE],
        fresh: &Fresh,
        has_fresh: bool,
    ) {
        // Without a changed stem or a fresh petal, a blossom was one on the
        // position where the search found nothing, and removes nothing.
        let needs_fresh = self.needs_fresh && !has_fresh;
        if needs_fresh && !self.fresh_from[k] {
            return;
        }
        let stem_bit: Cells = 1 << self.stem.index();
        // A digit can still go when some cell outside sees all its copies so
        // far (`seeing`: the cells that see them).
        let holders = self.holders;
        let targets = move |z: Digit, cells: Cells, seeing: Cells| {
            seeing & holders[z.index()] & !cells & !stem_bit
        };
        if k == self.choices.len() {
            let mut eliminations = Vec::new();
            for z in common.iter() {
                eliminations.extend(cells_of(targets(z, cells, seeing[z.index()])).map(|c| (c, z)));
            }
            if !eliminations.is_empty() {
                eliminations.sort();
                self.found.push(Found {
                    stem: self.stem,
                    petals: self.chosen.clone(),
                    cells: cells.count_ones(),
                    eliminations,
                });
            }
            return;
        }
        let digit = self.choices[k].0;
        for n in 0..self.choices[k].1.len() {
            let i = self.choices[k].1[n] as usize;
            let als = &self.sets.all[i];
            if !self.overlap && als.cells & cells != 0 {
                continue;
            }
            // The last choice that can be fresh must be, if none was.
            let is_fresh = needs_fresh && fresh.has(i);
            if needs_fresh && !self.fresh_from[k + 1] && !is_fresh {
                continue;
            }
            let common = common.intersection(als.digits);
            let cells = cells | als.cells;
            // Told before the seeing cells are copied for the next petal:
            // most petals tried leave no digit to remove.
            if !common
                .iter()
                .any(|z| targets(z, cells, seeing[z.index()] & self.sets.seeing(als, z)) != 0)
            {
                continue;
            }
            let mut next = *seeing;
            for z in common.iter() {
                next[z.index()] &= self.sets.seeing(als, z);
            }
            self.chosen.push((digit, i));
            self.petal(k + 1, cells, common, &next, fresh, has_fresh || is_fresh);
            self.chosen.pop();
        }
    }
}

/// The step: the stem first (with its candidates), then each petal's cells in
/// digit order; links from the stem's candidate to that digit in its petal.
fn step(board: &Board, all: &[Als], found: Found) -> Step {
    let petals: Vec<&Als> = found.petals.iter().map(|&(_, i)| &all[i]).collect();
    let digits: Candidates = found.petals.iter().map(|&(d, _)| d).collect();
    let mut step = als_step(Technique::DeathBlossom, found.eliminations, &petals, digits);
    // The stem goes first; the trailing entry of `als_step` (the link digits on
    // the first cell) is replaced by it.
    step.pattern.pop();
    step.pattern
        .insert(0, (found.stem, board.candidates(found.stem)));
    for (&(digit, _), als) in found.petals.iter().zip(&petals) {
        for cell in cells_of(als.cells).filter(|&c| board.candidates(c).contains(digit)) {
            step.links.push(Link {
                from: (found.stem, digit),
                to: (cell, digit),
                strong: false,
            });
        }
    }
    step
}

/// "the stem r1c1 (digits 1, 2) has a petal for each digit: ...".
pub fn text(step: &Step) -> String {
    let Some(&(stem, stem_digits)) = step.pattern.first() else {
        return String::new();
    };
    let mut petals = Vec::new();
    let mut at = 1;
    for (digit, unit) in stem_digits.iter().zip(&step.units) {
        let Some(&(_, digits)) = step.pattern.get(at) else {
            break;
        };
        let size = (digits.len() as usize).saturating_sub(1).max(1);
        let cells = step.pattern[at..(at + size).min(step.pattern.len())]
            .iter()
            .map(|&(c, _)| c);
        petals.push(format!(
            "{digit}: {} in {unit} (digits {digits})",
            cells_text(cells)
        ));
        at += size;
    }
    format!(
        "each candidate of the stem {stem} ({stem_digits}) has a petal, an almost locked set whose copies of that digit all see the stem ({}); whichever digit the stem holds, its petal is locked on its other digits, so a digit every petal holds is in one of them",
        petals.join("; ")
    )
}
