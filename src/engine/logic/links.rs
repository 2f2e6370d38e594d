//! The links of a step, in order: every multi-cell pattern read as strong and
//! weak links between candidates, and the running text of each link.
//!
//! Chains, colouring, remote pairs and the single-digit patterns record their
//! links as they are found. For the other families the links follow from what a
//! step already holds (technique, pattern, units, branches) and the position it
//! was found in, so they are derived here once the finder has run ([`with_links`],
//! called by the path loop) rather than in each finder.
//!
//! A strong link joins two candidates of which at least one is true (a digit's
//! only two places in a unit, or a cell's only two candidates): if `from` is not,
//! `to` is. A weak link joins two that cannot both be true (one digit in two
//! cells that see each other, or two digits of one cell): if `from` is, `to` is
//! not. [`kind`] checks a link against a position and names why it holds.

pub mod builder;
mod patterns;

use std::fmt;

pub use builder::{UnitPosition, kind};
use builder::{strong, weak};

use super::step::{Link, Step};
use super::technique::Technique;
use super::{open_candidates, positions};
use crate::engine::board::Board;
use crate::engine::types::{Candidates, Cell, Digit, Unit};

/// Why a link holds in a classic position: the unit is the 9x9 table's.
pub type LinkKind<U = Unit> = builder::LinkKind<U>;

/// The classic board read by the one link builder: its units are the fixed
/// table's rows, columns and boxes, in that order.
impl UnitPosition for Board {
    fn allows(&self, cell: Cell, digit: Digit) -> bool {
        open_candidates(self, cell).contains(digit)
    }

    fn candidate_count(&self, cell: Cell) -> u32 {
        open_candidates(self, cell).len()
    }

    fn units_of(&self, cell: Cell) -> impl Iterator<Item = Unit> {
        cell.units().into_iter()
    }

    fn unit_contains(&self, unit: Unit, cell: Cell) -> bool {
        unit.contains(cell)
    }

    fn places(&self, unit: Unit, digit: Digit) -> usize {
        positions(self, unit, digit).count_ones() as usize
    }

    fn sees(&self, a: Cell, b: Cell) -> bool {
        a.sees(b)
    }
}

/// A link with the position it holds in, shown as its running text.
pub struct Said<'a> {
    pub link: &'a Link,
    pub kind: Option<LinkKind>,
}

impl fmt::Display for Said<'_> {
    /// "r2c5 is not 4, so r2c8 is 4 (strong link in row 2)".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Link { from, to, strong } = *self.link;
        builder::write_said(f, (from, to, strong), self.kind, "digit")
    }
}

/// The running text of `link` in `board`.
pub fn said<'a>(board: &Board, link: &'a Link) -> Said<'a> {
    Said {
        link,
        kind: kind(board, link),
    }
}

/// `step` with its links filled in from `board` (the position it was found in),
/// when its finder left them empty.
pub fn with_links(board: &Board, mut step: Step) -> Step {
    if step.links.is_empty() {
        step.links = derive(board, &step);
    } else if step.basis == Technique::EmptyRectangle && step.links.len() == 1 {
        // The finder records the conjugate pair near = far; the target sees far:
        // if near is not the digit, far is, and the target is not.
        let pair = step.links[0];
        if let Some(&target) = step.eliminations.first() {
            let to_target = weak(pair.to, target);
            if kind(board, &to_target).is_some() {
                step.links.push(to_target);
            }
        }
    }
    step
}

/// Whether [`derive()`] gives this technique's links (its finder records none):
/// such links are explanation only and do not change a step's score.
pub fn derives(technique: Technique) -> bool {
    use Technique::*;
    matches!(
        technique,
        XyWing
            | XyzWing
            | WWing
            | XWing
            | Swordfish
            | Jellyfish
            | FinnedXWing
            | SashimiXWing
            | FinnedSwordfish
            | SashimiSwordfish
            | FinnedJellyfish
            | SashimiJellyfish
            | UniqueRectangle4
            | UniqueRectangle6
            | HiddenRectangle
            | AlsXz
            | AlsXyWing
            | DigitForcingChain
            | CellForcingChain
            | UnitForcingChain
            | DynamicForcingChain
            | ForcingNet
            | NestedForcingNet
            | UniqueRectangle1
            | UniqueRectangle2
            | UniqueRectangle3
            | UniqueRectangle5
            | SueDeCoq
            | NakedPair
            | NakedTriple
            | NakedQuad
            | HiddenPair
            | HiddenTriple
            | HiddenQuad
            | LockedCandidatesPointing
            | LockedCandidatesClaiming
    )
}

/// The ordered links of a step whose finder did not record them.
pub fn derive(board: &Board, step: &Step) -> Vec<Link> {
    use Technique::*;
    let Some(technique) = step.technique().filter(|&t| derives(t)) else {
        return Vec::new();
    };
    match technique {
        XyWing => xy_wing(step),
        XyzWing => xyz_wing(step),
        WWing => w_wing(step),
        XWing | Swordfish | Jellyfish | FinnedXWing | SashimiXWing | FinnedSwordfish
        | SashimiSwordfish | FinnedJellyfish | SashimiJellyfish => fish(board, step),
        UniqueRectangle4 | UniqueRectangle6 | HiddenRectangle => rectangle(board, step),
        AlsXz | AlsXyWing => als(board, step),
        UniqueRectangle1 => patterns::unique_rectangle_1(board, step),
        UniqueRectangle2 | UniqueRectangle3 | UniqueRectangle5 => {
            patterns::unique_rectangle_extras(board, step)
        }
        SueDeCoq => patterns::sue_de_coq(board, step),
        NakedPair
        | NakedTriple
        | NakedQuad
        | LockedCandidatesPointing
        | LockedCandidatesClaiming => patterns::naked(board, step),
        HiddenPair | HiddenTriple | HiddenQuad => patterns::hidden(board, step),
        DigitForcingChain | CellForcingChain | UnitForcingChain | DynamicForcingChain
        | ForcingNet | NestedForcingNet => step
            .branches
            .iter()
            .flat_map(|branch| super::forcing::branch_links(board, branch))
            .collect(),
        _ => Vec::new(),
    }
}

/// XY-Wing: pivot {x,y}, pincers a {x,z} and b {y,z}, read from the pattern.
fn xy_wing(step: &Step) -> Vec<Link> {
    let [(pivot, pc), (a, ak), (b, bk)] = step.pattern[..] else {
        return Vec::new();
    };
    let (Some(x), Some(y), Some(z)) = (
        ak.intersection(pc).only(),
        bk.intersection(pc).only(),
        ak.difference(pc).only(),
    ) else {
        return Vec::new();
    };
    builder::xy_wing([pivot, a, b], [x, y, z])
}

/// XYZ-Wing: pivot {x,y,z}, pincers a {x,z} and b {y,z}, read from the pattern.
fn xyz_wing(step: &Step) -> Vec<Link> {
    let [(pivot, _), (a, ak), (b, bk)] = step.pattern[..] else {
        return Vec::new();
    };
    let Some(z) = ak.intersection(bk).only() else {
        return Vec::new();
    };
    let (Some(x), Some(y)) = (ak.without(z).only(), bk.without(z).only()) else {
        return Vec::new();
    };
    builder::xyz_wing([pivot, a, b], [x, y, z])
}

/// W-Wing: cells a and b {x,y} and the conjugate pair of x near_a, near_b, read
/// from the pattern.
fn w_wing(step: &Step) -> Vec<Link> {
    let [(a, ak), (b, _), (near_a, xs), (near_b, _)] = step.pattern[..] else {
        return Vec::new();
    };
    let Some(x) = xs.only() else {
        return Vec::new();
    };
    let Some(y) = ak.without(x).only() else {
        return Vec::new();
    };
    builder::w_wing([a, b, near_a, near_b], [x, y])
}

/// Fish (finned or not): the pattern's cells on the step's bases and covers.
fn fish(board: &Board, step: &Step) -> Vec<Link> {
    let Some(digit) = step.pattern.first().and_then(|&(_, k)| k.only()) else {
        return Vec::new();
    };
    let cells: Vec<Cell> = step.pattern.iter().map(|&(c, _)| c).collect();
    let lines = step.units.split_at(step.units.len() / 2);
    builder::fish(board, digit, lines, &cells)
}

/// Rectangles whose proof rests on conjugate pairs (types 4 and 6, hidden
/// rectangles): the strong links of the rectangle's digits between its corners.
fn rectangle(board: &Board, step: &Step) -> Vec<Link> {
    let corners: Vec<Cell> = step.pattern.iter().take(4).map(|&(c, _)| c).collect();
    let Some(&(_, digits)) = step.pattern.get(4) else {
        return Vec::new();
    };
    let mut links = Vec::new();
    for (i, &p) in corners.iter().enumerate() {
        for &q in &corners[i + 1..] {
            for d in digits.iter() {
                let link = strong((p, d), (q, d));
                if kind(board, &link).is_some() {
                    links.push(link);
                }
            }
        }
    }
    links
}

/// An ALS step's sets, read back from its pattern: each set's cells carry the
/// set's digits (one more digit than cells), the restricted commons come last.
fn als_sets(step: &Step) -> (Vec<(Vec<Cell>, Candidates)>, Candidates) {
    let Some((&(_, commons), cells)) = step.pattern.split_last() else {
        return (Vec::new(), Candidates::NONE);
    };
    let mut sets: Vec<(Vec<Cell>, Candidates)> = Vec::new();
    for &(cell, digits) in cells {
        match sets.last_mut() {
            Some((set, d)) if *d == digits && set.len() + 1 < digits.len() as usize => {
                set.push(cell)
            }
            _ => sets.push((vec![cell], digits)),
        }
    }
    (sets, commons)
}

/// The weak links of a restricted common digit between two sets: every copy of
/// `digit` in one sees every copy in the other.
fn restricted_common(board: &Board, from: &[Cell], to: &[Cell], digit: Digit) -> Vec<Link> {
    let holding = |cells: &[Cell]| -> Vec<Cell> {
        cells
            .iter()
            .copied()
            .filter(|&c| open_candidates(board, c).contains(digit))
            .collect()
    };
    let (ends_a, ends_b) = (holding(from), holding(to));
    let restricted = !ends_a.is_empty()
        && !ends_b.is_empty()
        && ends_a.iter().all(|a| ends_b.iter().all(|b| a.sees(*b)));
    if !restricted {
        return Vec::new();
    }
    ends_a
        .iter()
        .flat_map(|&a| ends_b.iter().map(move |&b| weak((a, digit), (b, digit))))
        .collect()
}

/// ALS-XZ: the restricted common links from the first set to the second.
/// ALS-XY-Wing: first set to the pivot (the third), then pivot to the second.
fn als(board: &Board, step: &Step) -> Vec<Link> {
    let (sets, commons) = als_sets(step);
    let pairs: Vec<(usize, usize)> = match (step.technique(), sets.len()) {
        (Some(Technique::AlsXz), 2) => vec![(0, 1)],
        (Some(Technique::AlsXyWing), 3) => vec![(0, 2), (2, 1)],
        _ => return Vec::new(),
    };
    let mut links = Vec::new();
    let mut used = Candidates::NONE;
    for (i, j) in pairs {
        for digit in commons.iter() {
            // In a wing each link has its own digit.
            if step.basis == Technique::AlsXyWing && used.contains(digit) {
                continue;
            }
            let found = restricted_common(board, &sets[i].0, &sets[j].0, digit);
            if !found.is_empty() {
                links.extend(found);
                if step.basis == Technique::AlsXyWing {
                    used = used.with(digit);
                    break;
                }
            }
        }
    }
    links
}
