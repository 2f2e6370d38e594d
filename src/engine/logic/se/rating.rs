//! Sudoku Explainer's ratings of our steps, in tenths (12 is 1.2): the base
//! rating of each technique in Sudoku Explainer (and Sukaku Explainer for the
//! techniques the original lacks) plus its chain-length increment. Techniques
//! Sudoku Explainer sees as chains (Skyscraper, kites, colouring, X- and
//! XY-Chains) are rated as the chains it would find.

use crate::engine::board::Board;
use crate::engine::logic::forcing;
use crate::engine::logic::step::Step;
use crate::engine::logic::technique::{Level, Technique};
use crate::engine::types::{Cell, Unit};

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
        // Sukaku Explainer's Turbot Fish family (the version that rated the
        // published puzzles has Empty Rectangle at 4.3).
        Skyscraper => 40,
        TwoStringKite => 41,
        EmptyRectangle => 43,
        SimpleColorsTrap | SimpleColorsWrap | MultiColors1 | MultiColors2 | XChain
        | DigitForcingChain => 66,
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

/// Sudoku Explainer's rating of a direct step.
pub fn direct_rating(technique: Technique) -> u32 {
    match technique {
        Technique::LockedCandidatesPointing => 17,
        Technique::LockedCandidatesClaiming => 19,
        Technique::HiddenPair => 20,
        _ => 25,
    }
}

/// The step's rating in tenths of a point: the base, a hidden single outside a
/// box 1.5, chains plus their length increment. Sudoku Explainer rates
/// techniques only: a guess rates 0 (the graders count guesses apart).
pub fn rating(step: &Step) -> u32 {
    use Technique::*;
    let Some(technique) = step.technique() else {
        return 0;
    };
    match technique {
        HiddenSingle => match step.units.first() {
            Some(Unit::Box(_)) => 12,
            _ => 15,
        },
        // One digit: Sudoku Explainer's Turbot Fish (4 nodes), 3 Strong-linked
        // Fishes (6 nodes, about 5.5) or Forcing X-Chain.
        XChain => match step.links.len() + 1 {
            4 => 42,
            6 => 55,
            nodes => base(technique) + length_increment(nodes + 2),
        },
        // Elimination chains: Sudoku Explainer assumes the eliminated candidate,
        // walks the chain and comes back to it, so the chain's nodes plus the
        // target twice.
        SimpleColorsTrap | SimpleColorsWrap | MultiColors1 | MultiColors2 | XyChain
        | RemotePair | ThreeDMedusa => {
            base(technique) + length_increment(step.links.len().max(3) + 3)
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
            base + length_increment(chain_nodes(step))
        }
        CellForcingChain | UnitForcingChain | DynamicForcingChain | ForcingNet
        | NestedForcingNet => base(technique) + length_increment(forcing::complexity(step)),
        _ => base(technique),
    }
}

/// [`rating`], with what only the position tells: an ALS-XZ of a bivalue cell
/// and an ALS of three or four cells is Sukaku Explainer's WXYZ- or VWXYZ-Wing,
/// rated by the most candidates one of the larger ALS's cells holds (a middle
/// count is harder than the extremes). Other ALS-XZs keep their base (above
/// both wings, so the path leaves them to the chains).
pub fn rating_on(board: &Board, step: &Step) -> u32 {
    if step.basis == Technique::XChain {
        return x_chain_rating(board, step);
    }
    if step.basis != Technique::AlsXz {
        return rating(step);
    }
    // The pattern lists each ALS's cells with the ALS's digits, then the commons.
    let cells = &step.pattern[..step.pattern.len().saturating_sub(1)];
    let mut sets: Vec<Vec<Cell>> = Vec::new();
    for (i, &(cell, digits)) in cells.iter().enumerate() {
        match sets.last_mut() {
            Some(set) if i > 0 && cells[i - 1].1 == digits => set.push(cell),
            _ => sets.push(vec![cell]),
        }
    }
    sets.sort_by_key(Vec::len);
    let biggest = |set: &[Cell]| {
        set.iter()
            .map(|&c| board.candidates(c).len() as i32)
            .max()
            .unwrap_or(0)
    };
    match sets.as_slice() {
        // 5.5 + ((4 - 3) - |3 - biggest|) / 10 (Sukaku Explainer's formula).
        [one, three] if one.len() == 1 && three.len() == 3 => {
            (55 + (1 - (3 - biggest(three)).abs())).max(55) as u32
        }
        // 6.2 + ((5 - 3) - |3 - biggest|) / 10.
        [one, four] if one.len() == 1 && four.len() == 4 => {
            (62 + (2 - (3 - biggest(four)).abs())).max(62) as u32
        }
        _ => rating(step),
    }
}

/// An X-Chain of two or three strong links is one of Sukaku Explainer's Turbot
/// Fish: Skyscraper when every strong link is in a row, or every one in a
/// column (4.0 / three links 5.4), Kite when rows and columns both occur (4.1 /
/// 5.6), Turbot Fish otherwise (4.2 / 5.5). Longer ones are Forcing X-Chains.
fn x_chain_rating(board: &Board, step: &Step) -> u32 {
    let strong: Vec<Unit> = step
        .links
        .iter()
        .filter(|l| l.strong)
        .map(|l| {
            let (a, b, digit) = (l.from.0, l.to.0, l.from.1);
            // The unit where the digit has just these two places (a line first).
            [
                Unit::Row(a.row() as u8),
                Unit::Col(a.col() as u8),
                Unit::Box(a.box_index() as u8),
            ]
            .into_iter()
            .find(|u| {
                u.contains(b) && crate::engine::logic::positions(board, *u, digit).count_ones() == 2
            })
            .unwrap_or(Unit::Box(a.box_index() as u8))
        })
        .collect();
    let rows = strong.iter().filter(|u| matches!(u, Unit::Row(_))).count();
    let cols = strong.iter().filter(|u| matches!(u, Unit::Col(_))).count();
    let shape = if rows == strong.len() || cols == strong.len() {
        0
    } else if rows > 0 && cols > 0 {
        2
    } else {
        1
    };
    match step.links.len() + 1 {
        4 => [40, 42, 41][shape],
        6 => [54, 55, 56][shape],
        _ => rating(step),
    }
}

/// The nodes Sudoku Explainer counts in a nice loop or AIC (its chain's
/// complexity): a cycle's candidates once each (its links close the loop); a
/// discontinuous loop's links from the assumed candidate back to it; an AIC's
/// nodes plus the eliminated candidate assumed and refuted.
fn chain_nodes(step: &Step) -> usize {
    use Technique::*;
    let links = step.links.len().max(3);
    match step.technique() {
        Some(ContinuousNiceLoop | GroupedContinuousNiceLoop) => links,
        Some(DiscontinuousNiceLoop | GroupedDiscontinuousNiceLoop) => links + 1,
        _ => links + 3,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::logic::step::Link;
    use crate::engine::types::Digit;

    /// A step of `technique` whose links run through `n` links on one digit
    /// (the cells are arbitrary: ratings read only the links' count and digits).
    fn chain(technique: Technique, n: usize) -> Step {
        let digit = Digit::new(5);
        let mut step = Step::elimination(technique, vec![(Cell::new(80), digit)], vec![], vec![]);
        step.links = (0..n)
            .map(|i| Link {
                from: (Cell::new(i), digit),
                to: (Cell::new(i + 1), digit),
                strong: i % 2 == 0,
            })
            .collect();
        step
    }

    #[test]
    fn length_increment_follows_sudoku_explainers_ceilings() {
        // Length = nodes - 2 against ceilings 4, 6, 8, 12, 16, 24, ...
        let added: Vec<u32> = (4..=28).map(length_increment).collect();
        assert_eq!(
            added,
            [
                0, 0, 0, // nodes 4..6: length up to 4
                1, 1, // length 5, 6
                2, 2, // length 7, 8
                3, 3, 3, 3, // length 9..12
                4, 4, 4, 4, // length 13..16
                5, 5, 5, 5, 5, 5, 5, 5, // length 17..24
                6, 6, // length 25, 26
            ]
        );
    }

    #[test]
    fn a_cycle_counts_each_candidate_once() {
        // An X-Cycle of 6 candidates: 6 nodes, length 4, no increment (6.5);
        // of 8: length 6, +0.1.
        assert_eq!(rating(&chain(Technique::ContinuousNiceLoop, 6)), 65);
        assert_eq!(rating(&chain(Technique::ContinuousNiceLoop, 8)), 66);
    }

    #[test]
    fn an_x_chain_is_a_turbot_fish_then_three_strong_links_then_a_forcing_x_chain() {
        assert_eq!(rating(&chain(Technique::XChain, 3)), 42);
        assert_eq!(rating(&chain(Technique::XChain, 5)), 55);
        // 8 nodes plus the eliminated candidate assumed and refuted: 10, length 8.
        assert_eq!(rating(&chain(Technique::XChain, 7)), 68);
    }

    #[test]
    fn an_aic_counts_the_eliminated_candidate_twice() {
        // 6 nodes + 2: length 6, +0.1 over the one-digit forcing chain's 6.6.
        assert_eq!(rating(&chain(Technique::Aic, 5)), 67);
        // A discontinuous loop already ends on its start: 6 links, 7 nodes.
        assert_eq!(rating(&chain(Technique::DiscontinuousNiceLoop, 6)), 67);
    }

    #[test]
    fn single_digit_patterns_rate_as_sukaku_explainers_turbot_fish() {
        assert_eq!(base(Technique::Skyscraper), 40);
        assert_eq!(base(Technique::TwoStringKite), 41);
        assert!(base(Technique::EmptyRectangle) > base(Technique::TwoStringKite));
    }
}
