//! How a board names what a step's text mentions: its cells, values and units.
//! They are a [`Cell`], a [`Digit`] and a [`Unit`] on every shape. The classic 9x9 names them by the
//! `Display` of the compile-time table's [`Cell`], [`Digit`] and [`Unit`];
//! every other shape by its [`Geometry`]
//! (`r4c7`, its alphabet `1`-`9`, `A`-`P`, `diagonal 1`). A text written once
//! against [`Names`] reads the same on both (the forcing proofs, locked
//! candidates, subsets and basic fish, each in its family's file, and every
//! step's effects).

use crate::engine::geometry::Geometry;
use crate::engine::types::{Cell, Digit, Unit};

/// How a board names the cells, values and units of its steps (a [`Cell`], a
/// [`Digit`] and a [`Unit`] on every shape).
pub trait Names {
    fn cell(&self, cell: Cell) -> String;
    fn value(&self, value: Digit) -> String;
    fn unit(&self, unit: Unit) -> String;
    /// What a value is called: "digit" on the classic board, "value" elsewhere.
    fn value_word(&self) -> &'static str;
    /// A unit's kind ("row", "column", "box", "region", "diagonal"...) and its
    /// one-based number within that kind: a fish names its lines "rows 2, 7".
    fn unit_kind(&self, unit: Unit) -> (&'static str, usize);
}

/// The classic board's names: the `Display` of its table's types.
pub struct Classic;

impl Names for Classic {
    fn cell(&self, cell: Cell) -> String {
        cell.to_string()
    }
    fn value(&self, value: Digit) -> String {
        value.to_string()
    }
    fn unit(&self, unit: Unit) -> String {
        unit.to_string()
    }
    fn value_word(&self) -> &'static str {
        "digit"
    }
    fn unit_kind(&self, unit: Unit) -> (&'static str, usize) {
        (unit.kind_name(), unit.number())
    }
}

/// A shaped board's names, from its geometry: cells are [`Cell`] indices into
/// it, values a [`Digit`] `1..=side` written in its alphabet, units a
/// [`Unit`] index into its unit list.
impl Names for Geometry {
    fn cell(&self, cell: Cell) -> String {
        self.cell_name(cell.index())
    }
    fn value(&self, value: Digit) -> String {
        self.alphabet().symbol(value.get()).to_string()
    }
    fn unit(&self, unit: Unit) -> String {
        Geometry::unit(self, unit).to_string()
    }
    fn value_word(&self) -> &'static str {
        "value"
    }
    fn unit_kind(&self, unit: Unit) -> (&'static str, usize) {
        let unit = Geometry::unit(self, unit);
        (unit.kind.name(), unit.number + 1)
    }
}

/// The cells named and joined: "r1c2, r3c4".
pub fn cells_text(names: &impl Names, cells: impl IntoIterator<Item = Cell>) -> String {
    let named: Vec<String> = cells.into_iter().map(|c| names.cell(c)).collect();
    named.join(", ")
}

/// The values named and joined: "3, A".
pub fn values_text(names: &impl Names, values: impl IntoIterator<Item = Digit>) -> String {
    let named: Vec<String> = values.into_iter().map(|v| names.value(v)).collect();
    named.join(", ")
}

/// "5 from r1c2, r1c3" for each value in the order first met, the groups
/// joined by `between` (the classic text says " and ", a shaped one "; ").
pub fn eliminations_text(
    names: &impl Names,
    eliminations: &[(Cell, Digit)],
    between: &str,
) -> String {
    let mut by_value: Vec<(Digit, Vec<Cell>)> = Vec::new();
    for &(cell, value) in eliminations {
        match by_value.iter_mut().find(|(v, _)| *v == value) {
            Some((_, cells)) => cells.push(cell),
            None => by_value.push((value, vec![cell])),
        }
    }
    let groups: Vec<String> = by_value
        .into_iter()
        .map(|(value, cells)| format!("{} from {}", names.value(value), cells_text(names, cells)))
        .collect();
    groups.join(between)
}

/// A step's effects after its reasoning: "; so r1c2 is 5" or "; so remove 5
/// from r1c2, r1c3" (the groups of values joined by `between`, see
/// [`eliminations_text`]).
pub fn effects_text(
    names: &impl Names,
    placements: &[(Cell, Digit)],
    eliminations: &[(Cell, Digit)],
    between: &str,
) -> String {
    let mut parts = Vec::new();
    if !placements.is_empty() {
        let placed: Vec<String> = placements
            .iter()
            .map(|&(cell, value)| format!("{} is {}", names.cell(cell), names.value(value)))
            .collect();
        parts.push(placed.join(", "));
    }
    if !eliminations.is_empty() {
        parts.push(format!(
            "remove {}",
            eliminations_text(names, eliminations, between)
        ));
    }
    format!("; so {}", parts.join(" and "))
}
