//! Links of the steps that are sets rather than chains: unique rectangles,
//! Sue de Coq, naked and hidden subsets and locked candidates.
//!
//! A set removes a digit from a cell because the digit is locked in the set's
//! cells that see it, so such a step's links are the weak links from those cells
//! to each removed candidate. A Unique Rectangle type 1 is a real chain: the
//! three two-digit corners are strong links in their cells, the sides weak links.
//! Links that do not hold in the position (a rectangle with missing candidates)
//! are left out.

use super::builder::{self, kind, strong, weak};
use crate::engine::board::Board;
use crate::engine::logic::open_candidates;
use crate::engine::logic::step::{Link, Step};
use crate::engine::logic::technique::Technique;
use crate::engine::types::{Candidates, Cell, Digit};

/// The weak links from each cell of `set` holding the removed digit (among the
/// digits it brings to the set) to each removed candidate it sees.
fn locked(board: &Board, set: &[(Cell, Candidates)], eliminations: &[(Cell, Digit)]) -> Vec<Link> {
    let brings =
        |&(cell, digits): &(Cell, Candidates), digit| digits.contains(digit).then_some(cell);
    builder::locked(board, set, brings, eliminations)
}

/// UR type 1: corners t (the one with extra digits), n1, o (opposite t), n2 on
/// digits a, b. If t were a: n1 is not a, so b; o is not b, so a; n2 is not a,
/// so b — the four corners would be a, b, a, b, the deadly pattern.
pub fn unique_rectangle_1(board: &Board, step: &Step) -> Vec<Link> {
    let corners: Vec<Cell> = step.pattern.iter().take(4).map(|&(c, _)| c).collect();
    let Some(&(target, _)) = step.eliminations.first() else {
        return Vec::new();
    };
    let (Some(t), 4) = (corners.iter().position(|&c| c == target), corners.len()) else {
        return Vec::new();
    };
    // Corners run r1c1, r1c2, r2c1, r2c2: t ^ 1 shares t's row, t ^ 2 its column.
    let (n1, o, n2) = (corners[t ^ 1], corners[3 - t], corners[t ^ 2]);
    let floor = open_candidates(board, o);
    let (Some(a), Some(b), 2) = (floor.first(), floor.iter().nth(1), floor.len()) else {
        return Vec::new();
    };
    let chain = vec![
        weak((target, a), (n1, a)),
        strong((n1, a), (n1, b)),
        weak((n1, b), (o, b)),
        strong((o, b), (o, a)),
        weak((o, a), (n2, a)),
        strong((n2, a), (n2, b)),
    ];
    // A chain with a missing link explains nothing: all or none.
    if chain.iter().all(|link| kind(board, link).is_some()) {
        chain
    } else {
        Vec::new()
    }
}

/// UR types 2, 3 and 5: the corners with extra digits (with the subset's cells
/// for type 3) hold the removed digit; each sees the removed candidates.
pub fn unique_rectangle_extras(board: &Board, step: &Step) -> Vec<Link> {
    let Some(&(_, ur)) = step.pattern.get(4) else {
        return Vec::new();
    };
    let mut set: Vec<(Cell, Candidates)> = step
        .pattern
        .iter()
        .take(4)
        .map(|&(c, k)| (c, k.difference(ur)))
        .filter(|&(_, extra)| !extra.is_empty())
        .collect();
    if step.basis == Technique::UniqueRectangle3 {
        set.extend(step.pattern.iter().skip(5).copied());
    }
    locked(board, &set, &step.eliminations)
}

/// Sue de Coq: its cells (the last pattern entry counts the intersection cells).
pub fn sue_de_coq(board: &Board, step: &Step) -> Vec<Link> {
    let Some((_, cells)) = step.pattern.split_last() else {
        return Vec::new();
    };
    locked(board, cells, &step.eliminations)
}

/// Naked subsets and locked candidates: the set's cells and their digits.
pub fn naked(board: &Board, step: &Step) -> Vec<Link> {
    locked(board, &step.pattern, &step.eliminations)
}

/// Hidden subsets: each digit of the set with just two places is a strong link
/// between them; each removed candidate is a weak link from the set's digits in
/// its cell (if the cell holds one of them, it holds no other digit).
pub fn hidden(board: &Board, step: &Step) -> Vec<Link> {
    let digits: Vec<Digit> = step
        .pattern
        .iter()
        .fold(Candidates::NONE, |acc, &(_, k)| acc.union(k))
        .iter()
        .collect();
    let brings =
        |&(cell, digits): &(Cell, Candidates), digit| digits.contains(digit).then_some(cell);
    builder::hidden(board, &digits, &step.pattern, brings, &step.eliminations)
}
