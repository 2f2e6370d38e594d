//! Human-style logic: deductions as values ([`Step`]), found on a board of
//! candidates by one module per technique family, easiest first.
//!
//! Text, highlighting, JSON and grading are all rendered from a [`Step`].

pub mod singles;

use std::fmt;

use serde::{Deserialize, Serialize};

use super::board::{Board, Contradiction};
use super::types::{Candidates, Cell, Digit, Unit};

/// A technique, in the order a solver tries them (easiest first).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Technique {
    FullHouse,
    HiddenSingle,
    NakedSingle,
}

impl Technique {
    /// The name people read: "Hidden Single".
    pub fn name(self) -> &'static str {
        match self {
            Technique::FullHouse => "Full House",
            Technique::HiddenSingle => "Hidden Single",
            Technique::NakedSingle => "Naked Single",
        }
    }

    /// The stable snake_case key used in JSON: "hidden_single".
    pub fn key(self) -> &'static str {
        match self {
            Technique::FullHouse => "full_house",
            Technique::HiddenSingle => "hidden_single",
            Technique::NakedSingle => "naked_single",
        }
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A link of a chain, from one candidate to the next, in order.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Link {
    pub from: (Cell, Digit),
    pub to: (Cell, Digit),
    /// Strong: if `from` is false then `to` is true. Weak: if `from` is true then `to` is false.
    pub strong: bool,
}

/// One deduction: what it places and removes, and what proves it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Step {
    pub technique: Technique,
    /// Digits this step places.
    pub placements: Vec<(Cell, Digit)>,
    /// Candidates this step removes.
    pub eliminations: Vec<(Cell, Digit)>,
    /// The cells and digits that prove it (for singles: the cells whose digits rule the others out).
    pub pattern: Vec<(Cell, Candidates)>,
    /// The units the reasoning looks at.
    pub units: Vec<Unit>,
    /// For chains: the links, in order.
    pub links: Vec<Link>,
}

impl Step {
    /// A step that places `digit` in `cell`.
    pub fn placement(technique: Technique, cell: Cell, digit: Digit) -> Step {
        Step {
            technique,
            placements: vec![(cell, digit)],
            eliminations: Vec::new(),
            pattern: Vec::new(),
            units: Vec::new(),
            links: Vec::new(),
        }
    }

    /// Applies the step to `board` without further propagation: placements are
    /// placed (struck from their peers), eliminations struck.
    pub fn apply(&self, board: &mut Board) {
        for &(cell, digit) in &self.placements {
            board.place(cell, digit);
        }
        for &(cell, digit) in &self.eliminations {
            board.strike(cell, digit);
        }
    }

    /// The full explanation, in a person's terms.
    pub fn text(&self) -> String {
        singles::text(self).unwrap_or_else(|| format!("{}", self.technique))
    }
}

/// The easiest step available on `board`, if any technique applies.
pub fn find_step(board: &Board) -> Option<Step> {
    singles::find(board)
}

/// The outcome of applying forced singles until none is left.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Propagation {
    /// The singles applied, in order.
    pub steps: Vec<Step>,
    /// Where it stopped, when it ran into a contradiction.
    pub contradiction: Option<Contradiction>,
}

/// Applies forced singles (Full House, Hidden Single, Naked Single) to `board`
/// repeatedly until none is left or a contradiction shows.
pub fn propagate(board: &mut Board) -> Propagation {
    let mut result = Propagation::default();
    loop {
        if let Some(why) = singles::contradiction(board) {
            result.contradiction = Some(why);
            return result;
        }
        let Some(step) = singles::find(board) else {
            return result;
        };
        step.apply(board);
        result.steps.push(step);
    }
}

impl Step {
    /// Level-1 hint: where to look, without the answer.
    pub fn nudge(&self) -> String {
        match (self.units.first(), self.placements.first()) {
            (Some(unit), Some(&(_, digit))) => format!("Look at {unit}: where can the {digit} go?"),
            (Some(unit), None) => format!("Look at {unit}."),
            (None, Some(&(cell, _))) => format!("Look at {cell}."),
            (None, None) => match self.eliminations.first() {
                Some(&(_, digit)) => format!("Look at the {digit}s."),
                None => "Look at the whole board.".to_string(),
            },
        }
    }

    /// Level-2 hint: the technique and where it applies.
    pub fn summary(&self) -> String {
        match (self.units.first(), self.placements.first()) {
            (Some(unit), _) => format!("{} in {unit}", self.technique),
            (None, Some(&(cell, _))) => format!("{} at {cell}", self.technique),
            (None, None) => self.technique.to_string(),
        }
    }
}
