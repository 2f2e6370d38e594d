//! Franken and Mutant fish: fish whose base and cover sets mix rows, columns and
//! boxes. n base units that share no candidate of a digit each hold it once; if n
//! cover units hold all those candidates, each cover unit has its digit among
//! them, so it leaves the rest of the cover units, and a base candidate in two
//! cover units goes too (cannibalism). Fins are base candidates outside the
//! covers (and endo fins, candidates in two base units): then only candidates
//! that see every fin go, since either a fin holds the digit or the fish holds.
//!
//! As HoDoKu counts them: a Franken fish has rows and boxes as base units and
//! columns and boxes as covers (or columns and rows swapped), with at least one
//! box; a Mutant fish is any other mix. Up to five fins, two of them endo fins.
//! Plain rows-and-columns fish are [`super::fish`] and [`super::finned_fish`].

use super::{Sink, Step, Technique, cells_text};
use crate::engine::board::Board;
use crate::engine::types::{Candidates, Cell, Digit, GEOMETRY, UNITS, Unit};

/// Which mixes of units a search accepts.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Family {
    Franken,
    Mutant,
}

const ROWS: u32 = 0x1ff;
const COLS: u32 = 0x1ff << 9;
const BOXES: u32 = 0x1ff << 18;
const MAX_FINS: u32 = 5;
const MAX_ENDO_FINS: u32 = 2;

/// The family of a fish with these base and cover units, `None` for a plain one.
fn family_of(bases: u32, covers: u32) -> Option<Family> {
    let within = |b: u32, c: u32| bases & !b == 0 && covers & !c == 0;
    if within(ROWS, COLS) || within(COLS, ROWS) {
        None
    } else if within(ROWS | BOXES, COLS | BOXES) || within(COLS | BOXES, ROWS | BOXES) {
        Some(Family::Franken)
    } else {
        Some(Family::Mutant)
    }
}

/// Cells (as bits) that see every cell of `cells`.
fn seeing_all(cells: u128) -> u128 {
    let mut seen = !0u128;
    let mut rest = cells;
    while rest != 0 {
        let i = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        seen &= GEOMETRY.peer_masks[i];
    }
    seen
}

/// Every subset of `0..n` with `k` members as bits, ascending (Gosper's hack;
/// [`super::combinations`] stops at 16 members and a mutant fish picks among 27 units).
fn combinations(n: u32, k: u32) -> impl Iterator<Item = u32> {
    let end = 1u64 << n;
    let mut next = (k >= 1 && k <= n).then(|| (1u64 << k) - 1);
    std::iter::from_fn(move || {
        let mask = next?;
        let low = mask & mask.wrapping_neg();
        let ripple = mask + low;
        let after = (((ripple ^ mask) >> 2) / low) | ripple;
        next = (after < end).then_some(after);
        Some(mask as u32)
    })
}

/// One fish found: digit, base and cover units (bit per unit index), fins and
/// the candidates it removes (bit per cell).
#[derive(Clone, Copy, Debug)]
struct Fish {
    digit: Digit,
    bases: u32,
    covers: u32,
    /// The base candidates.
    body: u128,
    eliminations: u128,
}

/// The search for one digit and one base set.
struct Search<'a> {
    places: &'a [u128; UNITS],
    /// The cells holding the digit.
    candidates: u128,
    cover_pool: u32,
    size: u32,
    finned: bool,
    max_fins: u32,
    bases: u32,
    body: u128,
    endo: u128,
    /// Cover sets already reported for these bases (two orders reach the same set).
    seen: Vec<u32>,
}

impl Search<'_> {
    /// Chooses covers for the lowest base candidate neither covered nor a fin,
    /// or makes it a fin; reports each complete fish to `report` (false: stop).
    fn extend(
        &mut self,
        covers: u32,
        covered: u128,
        fins: u128,
        report: &mut dyn FnMut(u32, u32, u128) -> bool,
    ) -> bool {
        let open = self.body & !covered & !fins;
        let count = covers.count_ones();
        if open == 0 || count == self.size {
            if count < self.size {
                return true;
            }
            let fins = fins | open;
            // A fin that a later cover took is not a fin: another branch has this set.
            if fins & covered & !self.endo != 0
                || fins.count_ones() > self.max_fins
                || (fins != 0) != self.finned
                || self.seen.contains(&covers)
            {
                return true;
            }
            self.seen.push(covers);
            return report(self.bases, covers, fins);
        }
        let lowest = open.trailing_zeros() as usize;
        for unit in GEOMETRY.units_of[lowest] {
            let bit = 1u32 << unit.index();
            if self.cover_pool & bit != 0 && covers & bit == 0 {
                let more = covered | self.places[unit.index()];
                if !self.extend(covers | bit, more, fins, report) {
                    return false;
                }
            }
        }
        let fins = fins | 1 << lowest;
        // A candidate must see every fin, or nothing can go.
        if self.finned
            && fins.count_ones() <= self.max_fins
            && seeing_all(fins) & self.candidates != 0
        {
            return self.extend(covers, covered, fins, report);
        }
        true
    }
}

/// Every Franken or Mutant fish of `size` on `digit`, finned or not, handed to
/// `report` (false: stop).
fn search_digit(
    board: &Board,
    digit: Digit,
    family: Family,
    (size, finned, max_fins): (u32, bool, u32),
    report: &mut dyn FnMut(Fish) -> bool,
) -> bool {
    let values = board.digits().values();
    let bit = Candidates::single(digit).bits();
    let mut candidates = 0u128;
    for cell in Cell::all() {
        if values[cell.index()] == 0 && board.candidates(cell).bits() & bit != 0 {
            candidates |= 1 << cell.index();
        }
    }
    let places: [u128; UNITS] = std::array::from_fn(|u| GEOMETRY.unit_masks[u] & candidates);
    let pools: &[(u32, u32)] = match family {
        Family::Franken => &[(ROWS | BOXES, COLS | BOXES), (COLS | BOXES, ROWS | BOXES)],
        Family::Mutant => &[(ROWS | COLS | BOXES, ROWS | COLS | BOXES)],
    };
    let mut reported: Vec<(u32, u32)> = Vec::new();
    for &(base_pool, cover_pool) in pools {
        let units: Vec<usize> = (0..UNITS)
            .filter(|&u| base_pool & (1 << u) != 0 && places[u] != 0)
            .collect();
        for mask in combinations(units.len() as u32, size) {
            let (mut bases, mut body, mut endo) = (0u32, 0u128, 0u128);
            for (i, &u) in units.iter().enumerate() {
                if mask & (1 << i) != 0 {
                    bases |= 1 << u;
                    endo |= body & places[u];
                    body |= places[u];
                }
            }
            if endo.count_ones() > if finned { MAX_ENDO_FINS } else { 0 } {
                continue;
            }
            let mut search = Search {
                places: &places,
                candidates,
                cover_pool: cover_pool & !bases,
                size,
                finned,
                max_fins,
                bases,
                body,
                endo,
                seen: Vec::new(),
            };
            let mut on_fish = |bases: u32, covers: u32, fins: u128| {
                if family_of(bases, covers) != Some(family) || reported.contains(&(bases, covers)) {
                    return true;
                }
                let mut cover_places = 0u128;
                let mut twice = 0u128;
                for u in (0..UNITS).filter(|u| covers & (1 << u) != 0) {
                    twice |= cover_places & places[u];
                    cover_places |= places[u];
                }
                let mut eliminations = (cover_places & !body) | (twice & body & !fins);
                if fins != 0 {
                    eliminations &= seeing_all(fins);
                }
                if eliminations == 0 {
                    return true;
                }
                reported.push((bases, covers));
                report(Fish {
                    digit,
                    bases,
                    covers,
                    body,
                    eliminations,
                })
            };
            if !search.extend(0, 0, endo, &mut on_fish) {
                return false;
            }
        }
    }
    true
}

/// The technique a step of this family and finnedness is filed under.
fn technique(family: Family) -> Technique {
    match family {
        Family::Franken => Technique::FrankenFish,
        Family::Mutant => Technique::MutantFish,
    }
}

fn units_of(mask: u32) -> Vec<Unit> {
    (0..UNITS)
        .filter(|u| mask & (1 << u) != 0)
        .map(Unit::from_index)
        .collect()
}

fn cells_of(mask: u128) -> impl Iterator<Item = Cell> {
    Cell::all().filter(move |c| mask >> c.index() & 1 == 1)
}

/// The step of one fish: its eliminations, the base candidates as pattern, and
/// the base units then the cover units.
fn step_of(fish: Fish, family: Family) -> Step {
    let single = Candidates::single(fish.digit);
    let eliminations = cells_of(fish.eliminations)
        .map(|c| (c, fish.digit))
        .collect();
    let pattern = cells_of(fish.body).map(|c| (c, single)).collect();
    let mut units = units_of(fish.bases);
    units.extend(units_of(fish.covers));
    Step::elimination(technique(family), eliminations, pattern, units)
}

/// Every fish of `family` and `size` (finned or not) as steps, with up to
/// HoDoKu's five fins.
pub fn find_sized(board: &Board, sink: &mut Sink, family: Family, size: u32, finned: bool) {
    find_limited(board, sink, family, (size, finned, MAX_FINS));
}

fn find_limited(board: &Board, sink: &mut Sink, family: Family, kind: (u32, bool, u32)) {
    for digit in Digit::all() {
        let mut on_fish = |fish: Fish| !sink.push(step_of(fish, family));
        if !search_digit(board, digit, family, kind, &mut on_fish) {
            return;
        }
    }
}

/// Franken fish of sizes 2 to 4, plain before finned, smaller first.
pub fn franken_fish(board: &Board, sink: &mut Sink) {
    fish_of(board, sink, Family::Franken);
}

/// Mutant fish of sizes 2 to 4, plain before finned, smaller first.
pub fn mutant_fish(board: &Board, sink: &mut Sink) {
    fish_of(board, sink, Family::Mutant);
}

fn fish_of(board: &Board, sink: &mut Sink, family: Family) {
    for finned in [false, true] {
        for size in 2..=4 {
            find_sized(board, sink, family, size, finned);
            if sink.is_full() {
                return;
            }
        }
    }
}

/// A step's fins: base candidates in no cover unit or in two base units.
fn fins_of(step: &Step) -> Vec<Cell> {
    let size = step.units.len() / 2;
    let (bases, covers) = step.units.split_at(size);
    step.pattern
        .iter()
        .map(|&(c, _)| c)
        .filter(|&c| {
            !covers.iter().any(|u| u.contains(c))
                || bases.iter().filter(|u| u.contains(c)).count() > 1
        })
        .collect()
}

/// The fish's name as HoDoKu gives it: "Finned Franken Swordfish".
pub fn name(step: &Step) -> String {
    let size = step.units.len() / 2;
    let fish = match size {
        2 => "X-Wing",
        3 => "Swordfish",
        4 => "Jellyfish",
        5 => "Squirmbag",
        6 => "Whale",
        _ => "Leviathan",
    };
    let family = match step.technique() {
        Some(Technique::MutantFish) => "Mutant",
        _ => "Franken",
    };
    let finned = if fins_of(step).is_empty() {
        ""
    } else {
        "Finned "
    };
    format!("{finned}{family} {fish}")
}

/// "a Finned Franken Swordfish: the 4s of row 2, row 7, box 3 lie in column 3, ...".
pub fn text(step: &Step) -> String {
    let Some(digit) = step.digits().first().copied() else {
        return String::new();
    };
    let size = step.units.len() / 2;
    let (bases, covers) = step.units.split_at(size);
    let names = |units: &[Unit]| {
        units
            .iter()
            .map(|u| u.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let fins = fins_of(step);
    let body: Vec<Cell> = step
        .pattern
        .iter()
        .map(|&(c, _)| c)
        .filter(|c| !fins.contains(c))
        .collect();
    let fish = format!(
        "a {}: {} each hold {digit} once, and their {digit}s ({}) lie in {}",
        name(step),
        names(bases),
        cells_text(body),
        names(covers)
    );
    if fins.is_empty() {
        format!("{fish}, so those units have their {digit}s there")
    } else {
        format!(
            "{fish} except for the fins {}; either a fin is {digit} or those units have their {digit}s there, \
             so a cell of them that sees every fin cannot be {digit}",
            cells_text(fins)
        )
    }
}
