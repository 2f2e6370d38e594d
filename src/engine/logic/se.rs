//! Sudoku Explainer's scale: each step's rating, in tenths (12 is 1.2), from
//! the base rating of its technique in Sudoku Explainer (and Sukaku Explainer
//! for the techniques the original lacks) plus its chain-length increment.
//! Techniques Sudoku Explainer sees as chains (Skyscraper, kites, colouring, X-
//! and XY-Chains) are rated as the chains it would find.

use super::forcing;
use super::step::Step;
use super::technique::{Level, Technique};
use crate::engine::types::Unit;

/// The technique's base rating in tenths: its easiest instance (a hidden single
/// in a box, the shortest chain).
pub fn base(technique: Technique) -> u32 {
    use Technique::*;
    match technique {
        FullHouse => 10,
        HiddenSingle => 12,
        NakedSingle => 23,
        LockedCandidatesPointing => 26,
        LockedCandidatesClaiming => 28,
        NakedPair => 30,
        XWing => 32,
        HiddenPair | FinnedXWing => 34,
        SashimiXWing => 35,
        NakedTriple => 36,
        Swordfish => 38,
        HiddenTriple | FinnedSwordfish => 40,
        SashimiSwordfish => 41,
        XyWing => 42,
        XyzWing | WWing => 44,
        UniqueRectangle1 | UniqueRectangle4 | HiddenRectangle => 45,
        UniqueRectangle2 | UniqueRectangle3 | UniqueRectangle5 | UniqueRectangle6 => 46,
        NakedQuad => 50,
        Jellyfish => 52,
        HiddenQuad | FinnedJellyfish => 54,
        SashimiJellyfish => 55,
        BugPlus1 => 56,
        Skyscraper | TwoStringKite | EmptyRectangle | SimpleColorsTrap | SimpleColorsWrap
        | MultiColors1 | MultiColors2 | XChain | DigitForcingChain => 66,
        XyChain | RemotePair => 70,
        // Sudoku Explainer has no Medusa: it finds one as a chain on several digits.
        ThreeDMedusa => 70,
        // Nor Franken or Mutant fish: one digit, so a single-digit forcing chain to it.
        FrankenFish | MutantFish => 66,
        // Sudoku Explainer's cycles (bidirectional, 6.5 on one digit) and forcing
        // chains (6.6 on one digit); the digit-count refinement is in [`rating`].
        ContinuousNiceLoop | GroupedContinuousNiceLoop => 65,
        DiscontinuousNiceLoop | Aic | GroupedDiscontinuousNiceLoop | GroupedAic => 66,
        CellForcingChain | UnitForcingChain => 80,
        DynamicForcingChain => 85,
        ForcingNet => 90,
        NestedForcingNet => 95,
        // A technique added later without its own rating: the level's typical one.
        #[allow(unreachable_patterns)]
        other => match other.level() {
            Level::Easy => 15,
            Level::Medium => 30,
            Level::Hard => 50,
            Level::Expert => 70,
            Level::Extreme => 90,
        },
    }
}

/// Every technique, in Sudoku Explainer's order (by base rating): the ladder
/// its ratings are measured on.
pub fn ladder() -> Vec<Technique> {
    // Without what the catalogue keeps after the nets (Franken and Mutant fish,
    // templates): too slow to try on every position.
    let mut all: Vec<Technique> = Technique::ALL
        .into_iter()
        .filter(|&t| t <= Technique::NestedForcingNet)
        .collect();
    all.sort_by_key(|&t| base(t));
    all
}

/// The step's rating in tenths of a point: the base, a hidden single outside a
/// box 1.5, chains plus their length increment.
pub fn rating(step: &Step) -> u32 {
    use Technique::*;
    let technique = step.technique;
    let chain_nodes = step.links.len().max(3) + 1;
    match technique {
        HiddenSingle => match step.units.first() {
            Some(Unit::Box(_)) => 12,
            _ => 15,
        },
        Skyscraper | TwoStringKite | EmptyRectangle | SimpleColorsTrap | SimpleColorsWrap
        | MultiColors1 | MultiColors2 | XChain | XyChain | RemotePair | ThreeDMedusa => {
            base(technique) + length_increment(chain_nodes)
        }
        DigitForcingChain => {
            let first = step.branches.first().map(|b| b.assumption.digit);
            let one_digit = step
                .branches
                .iter()
                .flat_map(|b| b.implications.iter().map(|i| i.fact.digit))
                .all(|d| Some(d) == first);
            let base = if one_digit { 66 } else { 70 };
            base + length_increment(forcing::complexity(step))
        }
        ContinuousNiceLoop
        | GroupedContinuousNiceLoop
        | DiscontinuousNiceLoop
        | Aic
        | GroupedDiscontinuousNiceLoop
        | GroupedAic => {
            // On several digits Sudoku Explainer calls them a Bidirectional Cycle
            // or a Forcing Chain: 7.0 either way.
            let digit = step.links.first().map(|l| l.from.1);
            let one_digit = step
                .links
                .iter()
                .all(|l| Some(l.from.1) == digit && Some(l.to.1) == digit);
            let base = if one_digit { base(technique) } else { 70 };
            base + length_increment(chain_nodes)
        }
        CellForcingChain | UnitForcingChain | DynamicForcingChain | ForcingNet
        | NestedForcingNet => base(technique) + length_increment(forcing::complexity(step)),
        _ => base(technique),
    }
}

/// Sudoku Explainer's length increment: 0.1 each time the chain outgrows a
/// ceiling that starts at 4 and grows by 3/2 and 4/3 in turn.
pub fn length_increment(nodes: usize) -> u32 {
    let length = nodes.saturating_sub(2);
    let mut ceiling = 4;
    let mut added = 0;
    let mut odd = false;
    while length > ceiling {
        added += 1;
        ceiling = if odd {
            ceiling * 4 / 3
        } else {
            ceiling * 3 / 2
        };
        odd = !odd;
    }
    added
}

/// A puzzle's three ratings, in tenths: ER the hardest step of the path, EP the
/// hardest up to the first placement, ED the first step's.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Ratings {
    pub er: u32,
    pub ep: u32,
    pub ed: u32,
}

impl Ratings {
    /// Takes the next step of the path into account.
    pub fn record(&mut self, step: &Step, steps_before: usize, placed_before: bool) {
        let r = rating(step);
        self.er = self.er.max(r);
        if !placed_before {
            self.ep = self.ep.max(r);
        }
        if steps_before == 0 {
            self.ed = r;
        }
    }
}

/// "7.2" from 72 tenths.
pub fn tenths_text(tenths: u32) -> String {
    format!("{}.{}", tenths / 10, tenths % 10)
}
