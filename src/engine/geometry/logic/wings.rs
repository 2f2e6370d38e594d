//! The Hard-level patterns of the classic catalogue that read only the unit list
//! and the peers, so they hold on every shape (XYZ- and W-Wing are the classic
//! finders of `engine::logic::wings`; Skyscraper and 2-String Kite are still this
//! ladder's own, see the README on what differs):
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

use super::finders::values_of;
use super::{Ladder, ShapeMarks, ShapeStep};
use crate::engine::geometry::{UnitKind, value_bit};
use crate::engine::logic::{Technique, wings};

/// Open cells other than `pattern` that may hold `value` and see every cell of `seen`.
fn seeing_all(
    marks: &ShapeMarks,
    value: u8,
    seen: &[usize],
    pattern: &[usize],
) -> Vec<(usize, u8)> {
    let geometry = marks.geometry();
    marks
        .open_cells()
        .filter(|&c| !pattern.contains(&c) && marks.allows(c, value))
        .filter(|&c| seen.iter().all(|&s| geometry.sees(c, s)))
        .map(|c| (c, value))
        .collect()
}

/// XYZ-Wing: the classic ladder's finder; the values are the pivot's, `z` last.
pub fn xyz_wing(_ladder: &Ladder, marks: &ShapeMarks) -> Option<ShapeStep> {
    let mut found = None;
    wings::xyz_wings(marks, |wing| {
        let held = marks.candidates(wing.cells[0]);
        let z = wing.value;
        found = Some(ShapeStep {
            eliminations: wing.eliminations,
            pattern: wing.cells,
            values: values_of(held & !value_bit(z)).chain([z]).collect(),
            ..ShapeStep::of(Technique::XyzWing)
        });
        true
    });
    found
}

/// The strong links of `value`: units where it has exactly two places.
fn strong_links(ladder: &Ladder, marks: &ShapeMarks, value: u8) -> Vec<(usize, usize, usize)> {
    (0..ladder.geometry.units().len())
        .filter_map(|unit| match marks.places(unit, value)[..] {
            [a, b] => Some((unit, a, b)),
            _ => None,
        })
        .collect()
}

/// W-Wing: the classic ladder's finder; the values are `x` (the strong link's)
/// then `y` (the one struck).
pub fn w_wing(_ladder: &Ladder, marks: &ShapeMarks) -> Option<ShapeStep> {
    let mut found = None;
    wings::w_wings(marks, |wing, x, unit| {
        found = Some(ShapeStep {
            values: vec![x, wing.value],
            eliminations: wing.eliminations,
            pattern: wing.cells,
            units: vec![unit],
            ..ShapeStep::of(Technique::WWing)
        });
        true
    });
    found
}

/// A Skyscraper or a 2-String Kite (`technique` says which): two strong links of
/// one value, `a = b` and `c = d`, with `b` and `c` in one unit of the kind the
/// technique joins them by; the value leaves the cells seeing both `a` and `d`.
pub fn turbot(ladder: &Ladder, marks: &ShapeMarks, technique: Technique) -> Option<ShapeStep> {
    let geometry = ladder.geometry;
    let units = geometry.units();
    let is_line = |u: usize| matches!(units[u].kind, UnitKind::Row | UnitKind::Column);
    // The kind of unit whose strong links may pair, and of the unit joining them.
    let fits = |first: usize, second: usize| match technique {
        Technique::Skyscraper => units[first].kind == units[second].kind && is_line(first),
        _ => is_line(first) && is_line(second) && units[first].kind != units[second].kind,
    };
    let joins = |b: usize, c: usize, first: usize| {
        geometry.units_of(b).iter().any(|&u| {
            let kind = units[u].kind;
            let right_kind = match technique {
                // The joining line runs across the strong links' lines.
                Technique::Skyscraper => is_line(u) && kind != units[first].kind,
                _ => matches!(kind, UnitKind::Box | UnitKind::Region),
            };
            right_kind && units[u].cells.contains(&c)
        })
    };
    (1..=geometry.side() as u8).find_map(|value| {
        let links = strong_links(ladder, marks, value);
        links.iter().enumerate().find_map(|(i, &(first, p, q))| {
            links[i + 1..].iter().find_map(|&(second, r, s)| {
                if !fits(first, second) || [p, q].iter().any(|c| [r, s].contains(c)) {
                    return None;
                }
                [(p, q, r, s), (p, q, s, r), (q, p, r, s), (q, p, s, r)]
                    .into_iter()
                    .find_map(|(a, b, c, d)| {
                        if !joins(b, c, first) {
                            return None;
                        }
                        let chain = [a, b, c, d];
                        let eliminations = seeing_all(marks, value, &[a, d], &chain);
                        (!eliminations.is_empty()).then(|| ShapeStep {
                            eliminations,
                            pattern: chain.to_vec(),
                            units: vec![first, second],
                            values: vec![value],
                            ..ShapeStep::of(technique)
                        })
                    })
            })
        })
    })
}

/// The reasoning of a wing, Skyscraper or kite.
pub fn text(step: &ShapeStep, geometry: &crate::engine::geometry::Geometry) -> String {
    let name = |cell: usize| geometry.cell_name(cell);
    let symbol = |value: u8| geometry.alphabet().symbol(value);
    let unit = |i: usize| geometry.units()[step.units[i]].to_string();
    let p = &step.pattern;
    match step.technique() {
        Some(Technique::XyzWing) => {
            let (x, y, z) = (step.values[0], step.values[1], step.values[2]);
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
            let (x, y) = (step.values[0], step.values[1]);
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
            let value = symbol(step.values[0]);
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
