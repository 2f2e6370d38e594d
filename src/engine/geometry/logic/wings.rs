//! The Hard-level patterns of the classic catalogue that read only the unit list
//! and the peers, so they hold on every shape (XYZ- and W-Wing are the classic
//! finders of `engine::logic::wings`, Skyscraper and 2-String Kite those of
//! `engine::logic::single_digit`):
//! - XYZ-Wing: a pivot `xyz` seeing wings `xz` and `yz`; one of the three is `z`,
//!   so `z` leaves every cell seeing all three;
//! - W-Wing: two cells `xy` that do not see each other, and a strong link on `x`
//!   whose ends see one each; one of the two cells is `y`;
//! - Skyscraper and 2-String Kite: two strong links of one value joined by a weak
//!   link, the shortest X-Chains, named as the classic catalogue names them: both
//!   strong links in rows (or both in columns) with the joining ends in one
//!   column (row): a Skyscraper; one in a row and one in a column with the joining
//!   ends in one box or jigsaw region: a 2-String Kite. Other four-cell chains (a
//!   strong link in a diagonal or window) stay X-Chains.
//!
//! Without them a puzzle a person solves with a kite or a W-Wing would grade
//! Expert on a shape (it takes an X-Chain or an XY-Chain), and the generator
//! could not tell a hard shaped puzzle from an expert one.

use super::chains::struck;
use super::finders::{lowest, values_of};
use super::{Ladder, ShapeMarks, Step};
use crate::engine::geometry::value_bit;
use crate::engine::logic::single_digit::{self, Turbot};
use crate::engine::logic::{Technique, wings};
use crate::engine::types::Cell;

/// XYZ-Wing: the classic ladder's finder; each cell with its candidates (`z`,
/// the value struck, is the one all three hold).
pub fn xyz_wing(_ladder: &Ladder, marks: &ShapeMarks) -> Option<Step> {
    let mut found = None;
    wings::xyz_wings(marks, |wing| {
        found = Some(wing.step(marks, Technique::XyzWing, None));
        true
    });
    found
}

/// W-Wing: the classic ladder's finder; the two cells hold `x` and `y`, the
/// strong link's ends `x` (the one struck is `y`).
pub fn w_wing(_ladder: &Ladder, marks: &ShapeMarks) -> Option<Step> {
    let mut found = None;
    wings::w_wings(marks, |wing, x, unit| {
        found = Some(wing.step(marks, Technique::WWing, Some((x, unit))));
        true
    });
    found
}

/// A Skyscraper or a 2-String Kite (`technique` says which): the classic
/// ladder's finders, values ascending, each cell with the value; the units are
/// the two strong links' and the one joining them.
pub fn turbot(ladder: &Ladder, marks: &ShapeMarks, technique: Technique) -> Option<Step> {
    (1..=ladder.geometry.side() as u8).find_map(|value| {
        let mut found = None;
        let visit = |turbot: Turbot| {
            found = Some(turbot.step(technique, value));
            true
        };
        if technique == Technique::Skyscraper {
            single_digit::skyscrapers(marks, value, visit);
        } else {
            single_digit::two_string_kites(marks, value, visit);
        }
        found
    })
}

/// The reasoning of a wing, Skyscraper or kite.
pub fn text(step: &Step, geometry: &crate::engine::geometry::Geometry) -> String {
    let name = |cell: Cell| geometry.cell_name(cell.index());
    let symbol = |value: u8| geometry.alphabet().symbol(value);
    let unit = |i: usize| geometry.unit(step.units[i]).to_string();
    let p: Vec<Cell> = step.pattern_cells().collect();
    let z = struck(step);
    match step.technique() {
        Some(Technique::XyzWing) => {
            let mut others = values_of(step.pattern[0].1.bits() & !value_bit(z));
            let (x, y) = (others.next().unwrap_or(0), others.next().unwrap_or(0));
            format!(
                "{} holds {}, {} or {} and sees {} and {}; whichever it holds, one of the three is {}",
                name(p[0]),
                symbol(x),
                symbol(y),
                symbol(z),
                name(p[1]),
                name(p[2]),
                symbol(z)
            )
        }
        Some(Technique::WWing) => {
            let (x, y) = (lowest(step.pattern[2].1.bits()), z);
            format!(
                "{} and {} hold only {} and {}; in {} the {} goes in {} or {}, which see one each, so one of them is {}",
                name(p[0]),
                name(p[1]),
                symbol(x),
                symbol(y),
                unit(0),
                symbol(x),
                name(p[2]),
                name(p[3]),
                symbol(y)
            )
        }
        _ => {
            let value = symbol(lowest(step.pattern_values()));
            format!(
                "the {value} goes in {} or {} in {}, and in {} or {} in {}; {} and {} see each other, so {} or {} holds the {value}",
                name(p[0]),
                name(p[1]),
                unit(0),
                name(p[2]),
                name(p[3]),
                unit(1),
                name(p[1]),
                name(p[2]),
                name(p[0]),
                name(p[3])
            )
        }
    }
}
