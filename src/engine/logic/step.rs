//! One deduction as a value ([`Step`]): what it places and removes, the pattern
//! and units that prove it, and for chains the links in order. Its text, level
//! and score are all read from the value.

use super::forcing::Branch;
use super::technique::{Level, Technique};
use super::{
    aic, als, chains, coloring, finned_fish, fish, forcing, franken_fish, intersections, medusa,
    rectangles, remote_pair, single_digit, singles, subsets, sue_de_coq, templates, uniqueness,
    wings,
};
use crate::engine::board::Board;
use crate::engine::effects::{Deduction, Effects};
use crate::engine::names::{self, Classic};
use crate::engine::types::{Candidates, Cell, Digit, Unit};
use std::fmt;

/// A link of a chain, from one candidate `(cell, value)` to the next, in order:
/// a [`Cell`] and a [`Digit`] on every shape (a search may link plain indices).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Link<C = Cell, V = Digit> {
    pub from: (C, V),
    pub to: (C, V),
    /// Strong: if `from` is false then `to` is true. Weak: if `from` is true then `to` is false.
    pub strong: bool,
}

/// What a step rests on, on every shape: a technique of the ladder, or a
/// guess from the solution (the player's hint and the shaped grader take one
/// when no technique applies). Ordered as the techniques are, easiest first,
/// a guess last.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Basis {
    Technique(Technique),
    /// No technique applied: the solution's value, placed as a guess.
    Guess,
}

impl Basis {
    /// The technique, `None` for a guess.
    pub fn technique(self) -> Option<Technique> {
        match self {
            Basis::Technique(technique) => Some(technique),
            Basis::Guess => None,
        }
    }

    /// The JSON key: the technique's, or `guess`.
    pub fn key(self) -> &'static str {
        self.technique().map_or("guess", Technique::key)
    }

    /// The name people read: the technique's, or `Guess`.
    pub fn name(self) -> &'static str {
        self.technique().map_or("Guess", Technique::name)
    }

    /// The grading level (a guess is Extreme).
    pub fn level(self) -> Level {
        self.technique().map_or(Level::Extreme, Technique::level)
    }

    /// The points a step on this basis adds, whatever its length: the
    /// technique's, or a guess's (the shaped grader's rule; the classic one
    /// also counts a chain's links, [`Step::score`]).
    pub fn score(self) -> u32 {
        self.technique()
            .map_or(crate::engine::grade::GUESS_SCORE, Technique::score)
    }
}

impl From<Technique> for Basis {
    fn from(technique: Technique) -> Basis {
        Basis::Technique(technique)
    }
}

/// A step "is" a technique when it rests on it.
impl PartialEq<Technique> for Basis {
    fn eq(&self, technique: &Technique) -> bool {
        *self == Basis::Technique(*technique)
    }
}

impl fmt::Display for Basis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One deduction: what it places and removes, and what proves it. One value for
/// every shape: cells are a [`Cell`], values a [`Digit`], value sets a
/// [`Candidates`] and units a [`Unit`] on all of them (indices into any
/// geometry's cells and unit list, a value `1..=side`), resting on a technique
/// or on a guess ([`Basis`]).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Step {
    /// What the step rests on: a technique, or a guess.
    pub basis: Basis,
    /// Values this step places.
    pub placements: Vec<(Cell, Digit)>,
    /// Candidates this step removes.
    pub eliminations: Vec<(Cell, Digit)>,
    /// The cells that prove it, each with the values the reasoning reads there
    /// (for singles: the cells whose digits rule the others out).
    pub pattern: Vec<(Cell, Candidates)>,
    /// The units the reasoning looks at, the one it is "in" first.
    pub units: Vec<Unit>,
    /// The links, strong and weak, in order (chains, wings, fish, single-digit
    /// patterns, colouring, rectangles, ALS, forcing: see [`super::links`]).
    pub links: Vec<Link>,
    /// For forcing chains and nets: each assumption and the implications it
    /// leads to, in order.
    pub branches: Vec<Branch>,
}

impl Step {
    /// A step resting on `basis` (a technique, or a guess) with no effects and
    /// no proof yet.
    pub fn of(basis: impl Into<Basis>) -> Self {
        Step {
            basis: basis.into(),
            placements: Vec::new(),
            eliminations: Vec::new(),
            pattern: Vec::new(),
            units: Vec::new(),
            links: Vec::new(),
            branches: Vec::new(),
        }
    }

    /// The step's technique (`None` for a guess).
    pub fn technique(&self) -> Option<Technique> {
        self.basis.technique()
    }

    /// The cells of the pattern, in order.
    pub fn pattern_cells(&self) -> impl Iterator<Item = Cell> + '_ {
        self.pattern.iter().map(|&(cell, _)| cell)
    }

    /// A step that places `digit` in `cell`, resting on `basis` (a technique
    /// that proves it, or a guess).
    pub fn placement(basis: impl Into<Basis>, cell: Cell, digit: Digit) -> Step {
        Step {
            placements: vec![(cell, digit)],
            ..Step::of(basis)
        }
    }

    /// A step that removes candidates, proved by `pattern` in `units`.
    pub fn elimination(
        technique: Technique,
        eliminations: Vec<(Cell, Digit)>,
        pattern: Vec<(Cell, Candidates)>,
        units: Vec<Unit>,
    ) -> Step {
        Step {
            eliminations,
            pattern,
            units,
            ..Step::of(technique)
        }
    }

    /// Applies the step to `board` (the classic [`Board`] or a shaped
    /// position) without further propagation: placements are placed (struck
    /// from their peers), eliminations struck.
    pub fn apply(&self, board: &mut impl Effects) {
        self.apply_to(board);
    }

    /// The full explanation, in a person's terms (a guess says it is one).
    pub fn text(&self) -> String {
        use Technique::*;
        let Basis::Technique(technique) = self.basis else {
            return match self.placements.first() {
                Some((cell, digit)) => format!(
                    "No logical step found in the known techniques; trying {cell} = {digit} (a guess from the solver, not a deduction)."
                ),
                None => self.basis.to_string(),
            };
        };
        let why = match technique {
            FullHouse | HiddenSingle | NakedSingle => return singles::text(self),
            LockedCandidatesPointing | LockedCandidatesClaiming => intersections::text(self),
            NakedPair | HiddenPair | NakedTriple | HiddenTriple | NakedQuad | HiddenQuad => {
                subsets::text(self)
            }
            XWing | Swordfish | Jellyfish => fish::text(self),
            Skyscraper | TwoStringKite | EmptyRectangle => single_digit::text(self),
            XyWing | XyzWing | WWing => wings::text(self),
            SimpleColorsTrap | SimpleColorsWrap | MultiColors1 | MultiColors2 => {
                coloring::text(self)
            }
            UniqueRectangle1 | BugPlus1 => uniqueness::text(self),
            UniqueRectangle2 | UniqueRectangle3 | UniqueRectangle4 | UniqueRectangle5
            | UniqueRectangle6 | HiddenRectangle => rectangles::text(self),
            RemotePair => remote_pair::text(self),
            FinnedXWing | SashimiXWing | FinnedSwordfish | SashimiSwordfish | FinnedJellyfish
            | SashimiJellyfish => finned_fish::text(self),
            XChain | XyChain => chains::text(self),
            ThreeDMedusa => medusa::text(self),
            SueDeCoq => sue_de_coq::text(self),
            AlsXz | AlsXyWing | AlsXyChain | DeathBlossom => als::text(self),
            ContinuousNiceLoop
            | DiscontinuousNiceLoop
            | Aic
            | GroupedContinuousNiceLoop
            | GroupedDiscontinuousNiceLoop
            | GroupedAic => aic::text(self),
            FrankenFish | MutantFish => franken_fish::text(self),
            TemplateSet | TemplateDelete => templates::text(self),
            DigitForcingChain | CellForcingChain | UnitForcingChain | DynamicForcingChain
            | ForcingNet | NestedForcingNet => forcing::text(self),
        };
        format!("{technique}: {why}{}", self.effects_text())
    }

    /// "; so r1c2 is 5" or "; so remove 5 from r1c2, r1c3 and 7 from r4c4".
    fn effects_text(&self) -> String {
        names::effects_text(&Classic, &self.placements, &self.eliminations, " and ")
    }

    /// The grading level of this step: the technique's, except that a chain of at
    /// most four links (a Turbot Fish or a short XY-Chain) counts as Hard; a
    /// guess is Extreme.
    pub fn level(&self) -> Level {
        match self.basis {
            Basis::Technique(Technique::XChain | Technique::XyChain) if self.links.len() <= 4 => {
                Level::Hard
            }
            basis => basis.level(),
        }
    }

    /// Points this step adds to a puzzle's score: the technique's, plus 20 per
    /// link beyond four for chains (the links their finders record; links
    /// derived afterwards, see `links::derives`, add nothing); a guess's.
    pub fn score(&self) -> u32 {
        let Basis::Technique(technique) = self.basis else {
            return self.basis.score();
        };
        let counted = if super::links::derives(technique) {
            0
        } else {
            self.links.len()
        };
        technique.score() + 20 * (counted.saturating_sub(4) as u32)
    }

    /// Level-2 hint: the technique and where it applies (for a guess, the cell
    /// to try a digit in).
    pub fn summary(&self) -> String {
        match (self.basis, self.units.first(), self.placements.first()) {
            (Basis::Guess, _, Some((cell, _))) => {
                format!("No logical step found in the known techniques; try a digit in {cell}.")
            }
            (basis, Some(unit), _) => format!("{basis} in {unit}"),
            (basis, None, Some(&(cell, _))) => format!("{basis} at {cell}"),
            (basis, None, None) => match self.pattern.first() {
                Some((cell, _)) => format!("{basis} around {cell}"),
                None => basis.to_string(),
            },
        }
    }

    /// The digits the step places or removes, ascending, without repeats.
    pub fn digits(&self) -> Vec<Digit> {
        let set: Candidates = self
            .placements
            .iter()
            .chain(&self.eliminations)
            .map(|&(_, d)| d)
            .collect();
        set.iter().collect()
    }

    /// Whether the step changes `board` (places an open cell or removes a candidate it has).
    pub fn makes_progress(&self, board: &Board) -> bool {
        self.placements
            .iter()
            .any(|&(c, _)| board.digit(c).is_none())
            || self
                .eliminations
                .iter()
                .any(|&(c, d)| board.candidates(c).contains(d))
    }
}

/// "5 from r1c2, r1c3 and 7 from r4c4".
pub fn eliminations_text(eliminations: &[(Cell, Digit)]) -> String {
    names::eliminations_text(&Classic, eliminations, " and ")
}

/// "r1c2, r3c4".
pub(crate) fn cells_text(cells: impl IntoIterator<Item = Cell>) -> String {
    names::cells_text(&Classic, cells)
}

/// A step's effects in plain indices, on every shape.
impl Deduction for Step {
    fn placed(&self) -> impl Iterator<Item = (usize, u8)> + '_ {
        self.placements
            .iter()
            .map(|&(cell, digit)| (cell.index(), digit.get()))
    }

    fn removed(&self) -> impl Iterator<Item = (usize, u8)> + '_ {
        self.eliminations
            .iter()
            .map(|&(cell, digit)| (cell.index(), digit.get()))
    }
}
