//! Sudoku Explainer's scale: the path it takes through a puzzle and its ER/EP/ED.
//! Sudoku Explainer asks its hint producers in a fixed order and applies one
//! step of the first producer that has any: the lowest-rated of that
//! producer's steps. Its producers up to the WXYZ-Wings are modelled by our
//! techniques, rated as it rates them ([`rating()`]); those with no technique
//! of ours are modelled here: Aligned Pair and Triplet Exclusion
//! ([`aligned`]), the Forcing Chains & Cycles producer ([`chaining`]) and
//! Nishio Forcing Chains ([`nishio`]).

mod aligned;
mod chaining;
mod marks;
mod nishio;
mod rating;

pub use rating::{base, length_increment, rating, rating_on};

use super::path;
use super::step::Step;
use super::technique::Technique;
use crate::engine::board::Board;
use crate::engine::types::{Cell, Digit, Unit};

/// A step on Sudoku Explainer's path: its rating in tenths (12 is 1.2) and the
/// name of its technique (a key of ours, or Sudoku Explainer's own name for a
/// producer we model only here, e.g. `aligned_pair_exclusion`).
#[derive(Clone, Debug)]
pub struct Rated {
    pub rating: u32,
    pub name: &'static str,
    pub step: Step,
}

/// One of Sudoku Explainer's hint producers.
pub enum Producer {
    /// Found by our techniques: a step counts for the producer only up to
    /// `ceiling` (a 4-node X-Chain is its Turbot Fish at 4.2; a longer one is
    /// left to its chaining producer). A `direct` producer (Sudoku Explainer's
    /// direct hints) counts only a step whose eliminations leave a hidden
    /// single, and places that single.
    Ours {
        techniques: &'static [Technique],
        ceiling: u32,
        direct: bool,
    },
    /// Modelled here: the producer's own step, if it has one.
    Own(fn(&Board) -> Option<Rated>),
}

const ANY: u32 = u32::MAX;

const fn producer(techniques: &'static [Technique], ceiling: u32) -> Producer {
    Producer::Ours {
        techniques,
        ceiling,
        direct: false,
    }
}

const fn direct(techniques: &'static [Technique]) -> Producer {
    Producer::Ours {
        techniques,
        ceiling: ANY,
        direct: true,
    }
}

/// Sudoku Explainer's producers in its order (Sukaku Explainer's, which rated
/// the published puzzles: Turbot Fish after Hidden Triplet, 3 Strong-linked
/// Fishes after Hidden Quad, WXYZ-Wing before and VWXYZ-Wing after BUG). Our
/// techniques it has no producer for are left out (finned and sashimi fish,
/// W-Wing, colouring, Remote Pair, Hidden Rectangle, Unique Rectangles 5 and
/// 6, Sue de Coq, ALS, nice loops, grouped chains): on its path their
/// eliminations come from the producers it has.
pub const PRODUCERS: &[Producer] = {
    use Technique::*;
    &[
        producer(&[FullHouse], ANY),
        producer(&[HiddenSingle], ANY),
        // Direct Pointing 1.7 and Claiming 1.9, Direct Hidden Pair 2.0, Naked
        // Single 2.3, Direct Hidden Triplet 2.5.
        direct(&[LockedCandidatesPointing, LockedCandidatesClaiming]),
        direct(&[HiddenPair]),
        producer(&[NakedSingle], ANY),
        direct(&[HiddenTriple]),
        producer(&[LockedCandidatesPointing, LockedCandidatesClaiming], ANY),
        producer(&[NakedPair], ANY),
        producer(&[XWing], ANY),
        producer(&[HiddenPair], ANY),
        producer(&[NakedTriple], ANY),
        producer(&[Swordfish], ANY),
        producer(&[HiddenTriple], ANY),
        // Skyscraper 4.0, 2-String Kite 4.1, Turbot Fish 4.2, Empty Rectangle 4.3
        // (the published ratings put it there).
        producer(&[Skyscraper, TwoStringKite, EmptyRectangle, XChain], 43),
        producer(&[XyWing], ANY),
        producer(&[XyzWing], ANY),
        producer(
            &[
                UniqueRectangle1,
                UniqueRectangle2,
                UniqueRectangle3,
                UniqueRectangle4,
            ],
            ANY,
        ),
        producer(&[NakedQuad], ANY),
        producer(&[Jellyfish], ANY),
        producer(&[HiddenQuad], ANY),
        // Three strong links on one digit: 5.4 to 5.7.
        producer(&[XChain], 57),
        // WXYZ-Wing: an ALS-XZ of a bivalue cell and three cells, 5.5 or 5.6.
        producer(&[AlsXz], 56),
        producer(&[BugPlus1], ANY),
        // VWXYZ-Wing: a bivalue cell and four cells, 6.2 to 6.4.
        producer(&[AlsXz], 64),
        Producer::Own(aligned::pair_exclusion),
        Producer::Own(chaining::best),
        Producer::Own(aligned::triplet_exclusion),
        Producer::Own(nishio::best),
        producer(&[CellForcingChain, UnitForcingChain], ANY),
        producer(&[DynamicForcingChain], ANY),
        producer(&[ForcingNet], ANY),
        producer(&[NestedForcingNet], ANY),
    ]
};

/// Whether `technique`'s rating depends on the instance (chain length), so a
/// producer must compare all its instances rather than take the first.
fn rated_by_instance(technique: Technique) -> bool {
    use Technique::*;
    matches!(
        technique,
        XChain | XyChain | ContinuousNiceLoop | DiscontinuousNiceLoop | Aic
    )
}

/// The step Sudoku Explainer takes next on `board`: the lowest-rated step of
/// the first producer that has one. Forcing chain finders already report
/// their shortest proof first.
pub fn next_step(board: &Board) -> Option<Rated> {
    PRODUCERS.iter().find_map(|producer| match producer {
        Producer::Ours {
            techniques,
            ceiling,
            direct,
        } => ours(board, techniques, *ceiling, *direct),
        Producer::Own(find) => find(board).filter(|r| r.step.makes_progress(board)),
    })
}

/// The lowest-rated step among `techniques` up to `ceiling`.
fn ours(board: &Board, techniques: &[Technique], ceiling: u32, direct: bool) -> Option<Rated> {
    let mut best: Option<Rated> = None;
    for &technique in techniques {
        let found = if rated_by_instance(technique) || direct {
            path::instances(board, technique)
        } else {
            path::next_step(board, &[technique]).into_iter().collect()
        };
        for found_step in found {
            let (r, step) = if direct {
                // Sudoku Explainer applies a direct hint as its placement
                // alone: the eliminations that led to it stay on the board.
                let Some((cell, digit)) = hidden_single_left(board, &found_step) else {
                    continue;
                };
                let mut placed = Step::placement(technique, cell, digit);
                placed.pattern = found_step.pattern;
                placed.units = found_step.units;
                (rating::direct_rating(technique), placed)
            } else {
                (rating_on(board, &found_step), found_step)
            };
            if r <= ceiling
                && step.makes_progress(board)
                && best.as_ref().is_none_or(|b| r < b.rating)
            {
                best = Some(Rated {
                    rating: r,
                    name: technique.key(),
                    step,
                });
            }
        }
    }
    best
}

/// The hidden single `step`'s eliminations leave, if any: a digit with several
/// places in a unit before and one after, where Sudoku Explainer looks: for a
/// hidden set in the set's unit; for locked candidates in another unit of the
/// same kind as the one whose places are locked (another box for pointing,
/// another line for claiming).
fn hidden_single_left(board: &Board, step: &Step) -> Option<(Cell, Digit)> {
    let hidden_set = matches!(
        step.technique(),
        Some(Technique::HiddenPair | Technique::HiddenTriple)
    );
    let locked = *step.units.first()?;
    let units: Vec<Unit> = if hidden_set {
        step.units.clone()
    } else {
        Unit::all()
            .filter(|&u| u != locked && u.kind() == locked.kind())
            .collect()
    };
    for unit in units {
        for digit in Digit::all() {
            let places: Vec<Cell> = unit
                .cells()
                .iter()
                .copied()
                .filter(|&c| board.digit(c).is_none() && board.candidates(c).contains(digit))
                .collect();
            if places.len() < 2 {
                continue;
            }
            let left: Vec<Cell> = places
                .iter()
                .copied()
                .filter(|&c| !step.eliminations.contains(&(c, digit)))
                .collect();
            if let [only] = left.as_slice() {
                return Some((*only, digit));
            }
        }
    }
    None
}

/// A puzzle's three ratings, in tenths: ER the hardest step of the path, EP the
/// hardest up to the first placement, ED the first step's.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Ratings {
    pub er: u32,
    pub ep: u32,
    pub ed: u32,
    /// The technique of the step that set ER (Sudoku Explainer's "ER technique
    /// name"): a technique key, or the name of a producer modelled only here.
    pub er_technique: Option<&'static str>,
}

impl Ratings {
    /// Takes the next step of the path into account.
    pub fn record(&mut self, step: &Step, steps_before: usize, placed_before: bool) {
        let (r, name) = (rating(step), step.basis.key());
        self.record_rated(r, name, steps_before, placed_before);
    }

    /// [`Ratings::record`] with the step's rating `r` and technique `name` known.
    pub fn record_rated(
        &mut self,
        r: u32,
        name: &'static str,
        steps_before: usize,
        placed_before: bool,
    ) {
        if r > self.er || self.er_technique.is_none() {
            self.er = self.er.max(r);
            self.er_technique = Some(name);
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The techniques of producer `p` with its ceiling (none for our own producers).
    fn techniques(p: &Producer) -> (&'static [Technique], u32) {
        match p {
            Producer::Ours {
                techniques,
                ceiling,
                ..
            } => (techniques, *ceiling),
            Producer::Own(_) => (&[], 0),
        }
    }

    #[test]
    fn techniques_sudoku_explainer_lacks_are_not_on_its_path() {
        let on_path: Vec<Technique> = PRODUCERS
            .iter()
            .flat_map(|p| techniques(p).0.iter().copied())
            .collect();
        for absent in [
            Technique::FinnedXWing,
            Technique::WWing,
            Technique::SimpleColorsTrap,
            Technique::RemotePair,
            Technique::SueDeCoq,
            Technique::AlsXyWing,
            Technique::GroupedAic,
            // Its chains are its own producer's (chaining.rs), not our loops.
            Technique::ContinuousNiceLoop,
            Technique::Aic,
            Technique::XyChain,
        ] {
            assert!(!on_path.contains(&absent), "{absent:?}");
        }
        // ALS-XZ only as the WXYZ- and VWXYZ-Wings (up to 6.4), never at its base.
        for (t, ceiling) in PRODUCERS.iter().map(techniques) {
            if t.contains(&Technique::AlsXz) {
                assert!(ceiling <= 64 && ceiling < base(Technique::AlsXz));
            }
        }
        // The producers' order keeps the cheaper ones first.
        let first_of = |t: Technique| PRODUCERS.iter().position(|p| techniques(p).0.contains(&t));
        assert!(first_of(Technique::HiddenTriple) < first_of(Technique::Skyscraper));
        assert!(first_of(Technique::Skyscraper) < first_of(Technique::XyWing));
        assert!(first_of(Technique::XChain) < first_of(Technique::XyWing));
        let own = PRODUCERS.iter().position(|p| matches!(p, Producer::Own(_)));
        assert!(first_of(Technique::BugPlus1) < own);
        assert!(own < first_of(Technique::CellForcingChain));
    }
}
