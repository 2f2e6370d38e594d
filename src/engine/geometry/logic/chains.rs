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
//! read through [`CandidateBoard`](crate::engine::logic::CandidateBoard), and
//! their steps are built there for both ladders (`Wing::step`, `Chain::x_step`,
//! `Chain::xy_step`); only the texts are the shaped ladder's. The chains are
//! looked for breadth first, and the shortest comes first.

use super::finders::{lowest, values_of};
use super::{Ladder, ShapeMarks, Step, values_text};
use crate::engine::geometry::Geometry;
use crate::engine::logic::chains::{self, Chain};
use crate::engine::logic::{Technique, wings};
use crate::engine::names;
use crate::engine::types::Cell;

/// XY-Wing: the classic ladder's finder; each cell with its candidates (`z`, the
/// value struck, is the one both wings hold).
pub fn xy_wing(_ladder: &Ladder, marks: &ShapeMarks) -> Option<Step> {
    let mut found = None;
    wings::xy_wings(marks, |wing| {
        found = Some(wing.step(marks, Technique::XyWing, None));
        true
    });
    found
}

/// The classic ladder's X-Chain: the shortest of every value's chains.
pub fn x_chain(_ladder: &Ladder, marks: &ShapeMarks) -> Option<Step> {
    first_step(marks, chains::x_chains(marks), Technique::XChain)
}

/// The classic ladder's XY-Chain: the one with the fewest cells.
pub fn xy_chain(_ladder: &Ladder, marks: &ShapeMarks) -> Option<Step> {
    first_step(marks, chains::xy_chains(marks), Technique::XyChain)
}

/// The first of `chains` as a step, built as the classic ladder builds it
/// (with its links).
fn first_step(marks: &ShapeMarks, chains: Vec<Chain>, technique: Technique) -> Option<Step> {
    let chain = chains.into_iter().next()?;
    Some(match technique {
        Technique::XChain => chain.x_step(),
        _ => chain.xy_step(marks),
    })
}

/// The value an XY-Wing or XY-Chain ends on: the one it strikes.
pub(super) fn struck(step: &Step) -> u8 {
    step.eliminations
        .first()
        .map_or(0, |&(_, value)| value.get())
}

/// The reasoning of a wing or chain.
pub fn text(step: &Step, geometry: &Geometry) -> String {
    let name = |cell: Cell| geometry.cell_name(cell.index());
    let symbol = |value: u8| geometry.alphabet().symbol(value);
    let cells: Vec<Cell> = step.pattern_cells().collect();
    let (first, last) = (cells[0], cells[cells.len() - 1]);
    match step.technique() {
        Some(Technique::XyWing) => {
            let mut pivot = values_of(step.pattern[0].1.bits());
            let (x, y, z) = (
                pivot.next().unwrap_or(0),
                pivot.next().unwrap_or(0),
                struck(step),
            );
            format!(
                "{} holds {} or {}, and sees {} and {}; whichever it holds, one of them is {}",
                name(first),
                symbol(x),
                symbol(y),
                name(cells[1]),
                name(cells[2]),
                symbol(z)
            )
        }
        Some(Technique::XChain) => {
            let mut chain = name(first);
            for (i, &cell) in cells.iter().enumerate().skip(1) {
                chain.push_str(if i % 2 == 1 { " = " } else { " - " });
                chain.push_str(&name(cell));
            }
            let value = values_text(geometry, &[lowest(step.pattern_values())]);
            format!(
                "the {value}s link {chain} (= the only two places in a unit, - two places that see each other), so {} or {} holds the {value}",
                name(first),
                name(last)
            )
        }
        _ => format!(
            "in the bivalue cells {} each value forces the next, so {} or {} holds the {}",
            names::cells_text(geometry, cells.iter().copied()),
            name(first),
            name(last),
            values_text(geometry, &[struck(step)])
        ),
    }
}
