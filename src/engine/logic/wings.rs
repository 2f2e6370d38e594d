//! Wings: XY-Wing (a pivot {x,y} seeing pincers {x,z} and {y,z}: one pincer holds
//! z), XYZ-Wing (a pivot {x,y,z} with pincers {x,z} and {y,z}: the pivot or a
//! pincer holds z) and W-Wing (two {x,y} cells joined by a conjugate pair of x: one
//! of them holds y).

//!
//! The finders ([`xy_wings`], [`xyz_wings`], [`w_wings`]) serve every shape
//! through [`CandidateBoard`] (a diagonal, window or jigsaw region makes two cells
//! peers there).

use super::candidate_board::{CandidateBoard, only_value, values_of};
use super::{Sink, Step, Technique};
use crate::engine::board::Board;
use crate::engine::geometry::value_bit;
use crate::engine::types::{Candidates, Cell, Digit, Unit};

pub fn xy_wing(board: &Board, sink: &mut Sink) {
    xy_wings(board, |wing| {
        sink.push(wing.step(board, Technique::XyWing, None))
    });
}

pub fn xyz_wing(board: &Board, sink: &mut Sink) {
    xyz_wings(board, |wing| {
        sink.push(wing.step(board, Technique::XyzWing, None))
    });
}

pub fn w_wing(board: &Board, sink: &mut Sink) {
    w_wings(board, |wing, x, unit| {
        sink.push(wing.step(board, Technique::WWing, Some((x, unit))))
    });
}

/// Open cells with exactly `count` candidates, ascending.
pub(crate) fn cells_with<B: CandidateBoard>(board: &B, count: u32) -> Vec<usize> {
    // Room for every cell up front: grown from empty, the list moved four times.
    let mut cells = Vec::with_capacity(board.cell_count());
    cells.extend(
        (0..board.cell_count()).filter(|&c| {
            board.value(c) == 0 && board.count_values(board.candidate_bits(c)) == count
        }),
    );
    cells
}

/// Open cells other than `cells` that may hold `value` and see every cell of
/// `cells`, ascending: what a wing strikes.
pub(crate) fn seeing_every<B: CandidateBoard>(
    board: &B,
    value: u8,
    cells: &[usize],
) -> Vec<(usize, u8)> {
    let Some(&first) = cells.first() else {
        return Vec::new();
    };
    let bit = value_bit(value);
    board
        .peers(first)
        .filter(|&c| {
            !cells.contains(&c)
                && board.open_candidates(c) & bit != 0
                && cells.iter().all(|&o| board.sees(o, c))
        })
        .map(|c| (c, value))
        .collect()
}

/// One wing on any shape: its cells (the pivot first for XY- and XYZ-Wings; for
/// a W-Wing the two `xy` cells, then the strong link's ends near each) and what
/// it strikes (one value, from every cell seeing the cells that may hold it).
pub(crate) struct Wing {
    pub cells: Vec<usize>,
    pub eliminations: Vec<(usize, u8)>,
}

impl Wing {
    /// This wing as a step of `technique` on any board: its cells with their
    /// candidates (a W-Wing's strong-link ends with `x` only, and the link's
    /// unit: `link` is `(x, unit)`).
    pub fn step<B: CandidateBoard>(
        self,
        board: &B,
        technique: Technique,
        link: Option<(u8, usize)>,
    ) -> Step {
        let pattern = self
            .cells
            .iter()
            .enumerate()
            .map(|(i, &c)| match link {
                Some((x, _)) if i >= 2 => (Cell::new(c), Candidates::from_bits(value_bit(x))),
                _ => (Cell::new(c), Candidates::from_bits(board.candidate_bits(c))),
            })
            .collect();
        Step {
            eliminations: self
                .eliminations
                .iter()
                .map(|&(c, v)| (Cell::new(c), Digit::new(v)))
                .collect(),
            pattern,
            units: link.map(|(_, u)| Unit::new(u)).into_iter().collect(),
            ..Step::of(technique)
        }
    }
}

/// Every shape's XY-Wings: a bivalue pivot `xy` (ascending), two bivalue wings it
/// sees, `xz` and `yz`; `z` leaves the cells seeing both wings. `visit` returns
/// true to stop.
pub(crate) fn xy_wings<B: CandidateBoard>(board: &B, mut visit: impl FnMut(Wing) -> bool) {
    let bivalue = cells_with(board, 2);
    for &pivot in &bivalue {
        let held = board.candidate_bits(pivot);
        let wings: Vec<usize> = bivalue
            .iter()
            .copied()
            .filter(|&c| {
                board.sees(c, pivot) && board.count_values(board.candidate_bits(c) & held) == 1
            })
            .collect();
        for (i, &a) in wings.iter().enumerate() {
            for &b in &wings[i + 1..] {
                let (from_a, from_b) = (board.candidate_bits(a), board.candidate_bits(b));
                let z = from_a & !held;
                if from_b & !held != z || from_a & held == from_b & held {
                    continue;
                }
                let Some(z) = only_value(z) else { continue };
                let eliminations = seeing_every(board, z, &[a, b]);
                if !eliminations.is_empty()
                    && visit(Wing {
                        cells: vec![pivot, a, b],
                        eliminations,
                    })
                {
                    return;
                }
            }
        }
    }
}

/// Every shape's XYZ-Wings: a pivot `xyz` (ascending), two bivalue wings it sees,
/// `xz` and `yz`; one of the three is `z`, so `z` leaves the cells seeing all
/// three. `visit` returns true to stop.
pub(crate) fn xyz_wings<B: CandidateBoard>(board: &B, mut visit: impl FnMut(Wing) -> bool) {
    let bivalue = cells_with(board, 2);
    for pivot in cells_with(board, 3) {
        let held = board.candidate_bits(pivot);
        let wings: Vec<usize> = bivalue
            .iter()
            .copied()
            .filter(|&c| board.sees(c, pivot) && board.candidate_bits(c) & !held == 0)
            .collect();
        for (i, &a) in wings.iter().enumerate() {
            for &b in &wings[i + 1..] {
                let (from_a, from_b) = (board.candidate_bits(a), board.candidate_bits(b));
                let Some(z) = only_value(from_a & from_b) else {
                    continue;
                };
                if from_a | from_b != held {
                    continue;
                }
                let cells = vec![pivot, a, b];
                let eliminations = seeing_every(board, z, &cells);
                if !eliminations.is_empty()
                    && visit(Wing {
                        cells,
                        eliminations,
                    })
                {
                    return;
                }
            }
        }
    }
}

/// Every shape's W-Wings: two bivalue cells `a`, `b` holding the same `xy` that do
/// not see each other (pairs ascending), and a unit (ascending) where `x` has
/// exactly two places, one seeing each; one of `a`, `b` is `y`. `visit(wing, x,
/// unit)` gets the cells `[a, b, near_a, near_b]` and returns true to stop.
pub(crate) fn w_wings<B: CandidateBoard>(
    board: &B,
    mut visit: impl FnMut(Wing, u8, usize) -> bool,
) {
    let bivalue = cells_with(board, 2);
    // Each value's strong links, found on first use: they are the same for
    // every pair of cells.
    let mut links: Vec<Option<Vec<StrongLink>>> = vec![None; board.side()];
    for (i, &a) in bivalue.iter().enumerate() {
        for &b in &bivalue[i + 1..] {
            let held = board.candidate_bits(a);
            if board.candidate_bits(b) != held || board.sees(a, b) {
                continue;
            }
            for x in values_of(held) {
                let Some(y) = only_value(held & !value_bit(x)) else {
                    continue;
                };
                let of_x = links[usize::from(x) - 1].get_or_insert_with(|| strong_links(board, x));
                for &StrongLink { unit, p, q } in of_x.iter() {
                    if [p, q].contains(&a) || [p, q].contains(&b) {
                        continue;
                    }
                    let Some((near_a, near_b)) = [(p, q), (q, p)]
                        .into_iter()
                        .find(|&(m, n)| board.sees(m, a) && board.sees(n, b))
                    else {
                        continue;
                    };
                    let eliminations = seeing_every(board, y, &[a, b]);
                    if !eliminations.is_empty() {
                        let wing = Wing {
                            cells: vec![a, b, near_a, near_b],
                            eliminations,
                        };
                        if visit(wing, x, unit) {
                            return;
                        }
                    }
                }
            }
        }
    }
}

/// A value's only two places `p` and `q` (in the unit's order) in `unit`.
#[derive(Clone, Copy)]
struct StrongLink {
    unit: usize,
    p: usize,
    q: usize,
}

/// The strong links of `value`, units ascending.
fn strong_links<B: CandidateBoard>(board: &B, value: u8) -> Vec<StrongLink> {
    // Room for one per unit: grown from empty, the list moved several times.
    let mut links = Vec::with_capacity(board.unit_count());
    for unit in 0..board.unit_count() {
        let mut places = board
            .unit_cells(unit)
            .filter(|&c| board.open_candidates(c) & value_bit(value) != 0);
        if let (Some(p), Some(q), None) = (places.next(), places.next(), places.next()) {
            links.push(StrongLink { unit, p, q });
        }
    }
    links
}

/// The explanation of a wing.
pub fn text(step: &Step) -> String {
    let p = &step.pattern;
    if p.len() < 3 {
        return String::new();
    }
    let z = step.digits().first().copied();
    let z = z.map_or(String::new(), |d| d.to_string());
    match step.technique() {
        Some(Technique::WWing) => {
            let x = p.get(2).map_or(String::new(), |(_, k)| k.to_string());
            format!(
                "{} and {} both hold only {}; the {x} of {} must be in {} or {}, which see them, so one of {} and {} is not {x} and holds {z}",
                p[0].0,
                p[1].0,
                p[0].1,
                step.units.first().map_or(String::new(), |u| u.to_string()),
                p[2].0,
                p.get(3).map_or(String::new(), |(c, _)| c.to_string()),
                p[0].0,
                p[1].0,
            )
        }
        Some(Technique::XyzWing) => format!(
            "pivot {} ({}) sees {} ({}) and {} ({}); whichever digit the pivot takes, {z} is in one of the three",
            p[0].0, p[0].1, p[1].0, p[1].1, p[2].0, p[2].1
        ),
        _ => format!(
            "pivot {} ({}) sees {} ({}) and {} ({}); whichever digit the pivot takes, one pincer is {z}",
            p[0].0, p[0].1, p[1].0, p[1].1, p[2].0, p[2].1
        ),
    }
}
