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
//! All three are the classic ladder's finders (`engine::logic::{wings, chains}`),
//! read through [`CandidateBoard`](crate::engine::logic::CandidateBoard); the
//! chains are looked for breadth first, and the shortest comes first.

use super::finders::values_of;
use super::{Ladder, ShapeMarks, ShapeStep, cells_text, values_text};
use crate::engine::geometry::Geometry;
use crate::engine::logic::chains::{self, Chain};
use crate::engine::logic::{Technique, wings};

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

/// The classic ladder's X-Chain: the shortest of every value's chains.
pub fn x_chain(_ladder: &Ladder, marks: &ShapeMarks) -> Option<ShapeStep> {
    first_step(chains::x_chains(marks), Technique::XChain)
}

/// The classic ladder's XY-Chain: the one with the fewest cells.
pub fn xy_chain(_ladder: &Ladder, marks: &ShapeMarks) -> Option<ShapeStep> {
    first_step(chains::xy_chains(marks), Technique::XyChain)
}

/// The first of `chains` as a step: its cells, and the value at one end or the other.
fn first_step(chains: Vec<Chain>, technique: Technique) -> Option<ShapeStep> {
    let chain = chains.into_iter().next()?;
    Some(ShapeStep {
        eliminations: chain.eliminations,
        pattern: chain.cells,
        values: vec![chain.value],
        ..ShapeStep::of(technique)
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
