//! Wings and chains on a shape, read only through [`Geometry::sees`] and the unit
//! list, so they hold wherever a diagonal, window or jigsaw region makes two cells
//! peers:
//! - XY-Wing: a pivot `xy` and two wings `xz`, `yz` it sees; `z` leaves every cell
//!   seeing both wings;
//! - X-Chain: one value's strong links (the only two places in a unit) alternating
//!   with weak ones (two places that see each other); the value is at one end or
//!   the other, so it leaves every cell seeing both ends;
//! - XY-Chain: bivalue cells, each one's other value forcing the next; the end
//!   value is at one end or the other.
//!
//! Chains are looked for breadth first, so the shortest comes first.

use std::collections::VecDeque;

use super::finders::values_of;
use super::{Ladder, ShapeMarks, ShapeStep, cells_text, values_text};
use crate::engine::geometry::Geometry;
use crate::engine::logic::{Technique, wings};

/// A chain's cells in order, and the candidates it removes.
type Chain = (Vec<usize>, Vec<(usize, u8)>);

/// Longest chain looked for, in cells.
const MAX_CHAIN: usize = 12;

/// Open cells of `marks` other than `chain` that may hold `value` and see both ends.
fn seeing_both(marks: &ShapeMarks, value: u8, chain: &[usize]) -> Vec<(usize, u8)> {
    let geometry = marks.geometry();
    let (first, last) = (chain[0], chain[chain.len() - 1]);
    marks
        .open_cells()
        .filter(|&c| !chain.contains(&c) && marks.allows(c, value))
        .filter(|&c| geometry.sees(c, first) && geometry.sees(c, last))
        .map(|c| (c, value))
        .collect()
}

/// XY-Wing: the classic ladder's finder; the values are the pivot's, `z` last.
pub fn xy_wing(_ladder: &Ladder, marks: &ShapeMarks) -> Option<ShapeStep> {
    let mut found = None;
    wings::xy_wings(marks, |wing| {
        let held = marks.candidates(wing.cells[0]);
        found = Some(ShapeStep {
            values: values_of(held).chain([wing.value]).collect(),
            eliminations: wing.eliminations,
            pattern: wing.cells,
            ..ShapeStep::of(Technique::XyWing)
        });
        true
    });
    found
}

/// The shortest chain found by `next` from the start states, as cells; `hit`
/// says whether a state ends a chain that removes something.
fn shortest_chain<S: Copy>(
    starts: impl Iterator<Item = S>,
    index: impl Fn(S) -> usize,
    cell: impl Fn(S) -> usize,
    next: impl Fn(S, usize) -> Vec<S>,
    hit: impl Fn(&[usize]) -> Option<Vec<(usize, u8)>>,
    states: usize,
) -> Option<Chain> {
    let mut best: Option<Chain> = None;
    // Visited states carry the number of the search that saw them, so one array
    // serves every start; `nodes` holds this search's states, parents and depths.
    let mut seen = vec![0u32; states];
    let mut nodes: Vec<(S, Option<usize>, usize)> = Vec::new();
    for (number, start) in (1u32..).zip(starts) {
        nodes.clear();
        nodes.push((start, None, 0));
        seen[index(start)] = number;
        let mut queue = VecDeque::from([0usize]);
        while let Some(at) = queue.pop_front() {
            let (state, _, d) = nodes[at];
            if d + 1 >= MAX_CHAIN || best.as_ref().is_some_and(|(c, _)| c.len() <= d + 2) {
                break;
            }
            for after in next(state, d) {
                let i = index(after);
                if seen[i] == number {
                    continue;
                }
                seen[i] = number;
                nodes.push((after, Some(at), d + 1));
                let mut chain = vec![cell(after)];
                let mut link = Some(at);
                while let Some(p) = link {
                    chain.push(cell(nodes[p].0));
                    link = nodes[p].1;
                }
                chain.reverse();
                if let Some(eliminations) = hit(&chain) {
                    if best.as_ref().is_none_or(|(c, _)| chain.len() < c.len()) {
                        best = Some((chain, eliminations));
                    }
                    continue;
                }
                queue.push_back(nodes.len() - 1);
            }
        }
    }
    best
}

pub fn x_chain(ladder: &Ladder, marks: &ShapeMarks) -> Option<ShapeStep> {
    let geometry = ladder.geometry;
    let cells = geometry.cells();
    (1..=geometry.side() as u8).find_map(|value| {
        let mut strong: Vec<Vec<usize>> = vec![Vec::new(); cells];
        for unit in 0..geometry.units().len() {
            if let [a, b] = marks.places(unit, value)[..] {
                strong[a].push(b);
                strong[b].push(a);
            }
        }
        let places: Vec<usize> = marks
            .open_cells()
            .filter(|&c| marks.allows(c, value))
            .collect();
        // A state is a cell and whether the link into it was strong (the next is weak).
        let (chain, eliminations) = shortest_chain(
            places
                .iter()
                .filter(|&&c| !strong[c].is_empty())
                .map(|&c| (c, false)),
            |(c, strong_in): (usize, bool)| c * 2 + usize::from(strong_in),
            |(c, _)| c,
            |(c, strong_in), _| {
                if strong_in {
                    places
                        .iter()
                        .filter(|&&o| o != c && geometry.sees(c, o))
                        .map(|&o| (o, false))
                        .collect()
                } else {
                    strong[c].iter().map(|&o| (o, true)).collect()
                }
            },
            // A chain ends on a strong link: an even number of cells, four or more.
            |chain| {
                if chain.len() < 4 || chain.len() % 2 == 1 {
                    return None;
                }
                let eliminations = seeing_both(marks, value, chain);
                (!eliminations.is_empty()).then_some(eliminations)
            },
            cells * 2,
        )?;
        Some(ShapeStep {
            eliminations,
            pattern: chain,
            values: vec![value],
            ..ShapeStep::of(Technique::XChain)
        })
    })
}

pub fn xy_chain(ladder: &Ladder, marks: &ShapeMarks) -> Option<ShapeStep> {
    let geometry = ladder.geometry;
    let bivalue: Vec<usize> = marks
        .open_cells()
        .filter(|&c| marks.candidates(c).count_ones() == 2)
        .collect();
    let other = |cell: usize, value: u8| {
        (marks.candidates(cell) & !(1 << (value - 1))).trailing_zeros() as u8 + 1
    };
    (1..=geometry.side() as u8).find_map(|end| {
        // A state is a cell and the value it holds if the chain's start is not `end`.
        let (chain, eliminations) = shortest_chain(
            bivalue
                .iter()
                .filter(|&&c| marks.allows(c, end))
                .map(|&c| (c, other(c, end))),
            |(c, holds): (usize, u8)| c * 17 + holds as usize,
            |(c, _)| c,
            |(c, holds), _| {
                bivalue
                    .iter()
                    .filter(|&&o| o != c && geometry.sees(c, o) && marks.allows(o, holds))
                    .map(|&o| (o, other(o, holds)))
                    .collect()
            },
            |chain| {
                let last = chain[chain.len() - 1];
                // The last cell holds `end` when its value forced from the chain is `end`:
                // rebuild it by walking the chain.
                let mut holds = other(chain[0], end);
                for &cell in &chain[1..] {
                    holds = other(cell, holds);
                }
                if chain.len() < 3 || holds != end || last == chain[0] {
                    return None;
                }
                let eliminations = seeing_both(marks, end, chain);
                (!eliminations.is_empty()).then_some(eliminations)
            },
            geometry.cells() * 17,
        )?;
        Some(ShapeStep {
            eliminations,
            pattern: chain,
            values: vec![end],
            ..ShapeStep::of(Technique::XyChain)
        })
    })
}

/// The reasoning of a wing or chain.
pub fn text(step: &ShapeStep, geometry: &Geometry) -> String {
    let name = |cell: usize| geometry.cell_name(cell);
    let symbol = |value: u8| geometry.alphabet().symbol(value);
    let (first, last) = (step.pattern[0], step.pattern[step.pattern.len() - 1]);
    match step.technique() {
        Some(Technique::XyWing) => {
            let (x, y, z) = (step.values[0], step.values[1], step.values[2]);
            format!(
                "{} holds {} or {}, and sees {} and {}; whichever it holds, one of them is {}",
                name(first),
                symbol(x),
                symbol(y),
                name(step.pattern[1]),
                name(step.pattern[2]),
                symbol(z)
            )
        }
        Some(Technique::XChain) => {
            let mut chain = name(first);
            for (i, &cell) in step.pattern.iter().enumerate().skip(1) {
                chain.push_str(if i % 2 == 1 { " = " } else { " - " });
                chain.push_str(&name(cell));
            }
            let value = values_text(geometry, &step.values);
            format!(
                "the {value}s link {chain} (= the only two places in a unit, - two places that see each other), so {} or {} holds the {value}",
                name(first),
                name(last)
            )
        }
        _ => format!(
            "in the bivalue cells {} each value forces the next, so {} or {} holds the {}",
            cells_text(geometry, &step.pattern),
            name(first),
            name(last),
            values_text(geometry, &step.values)
        ),
    }
}
