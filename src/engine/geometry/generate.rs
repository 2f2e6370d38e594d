//! Puzzles of other shapes: a random complete grid from the one readable search
//! (its digits shuffled at each branch), then one pass over the cells in random
//! order removing each clue while the solution stays unique. The result is
//! unique and minimal (no single clue can go: removing a clue later, with fewer
//! clues around, cannot make the puzzle unique again), and reproducible: every
//! random choice comes from the caller's seeded generator.
//!
//! A jigsaw's layout is drawn too ([`super::regions`]); a layout that has no
//! complete grid is found out by a fill that runs out of its budget, and another
//! layout is drawn. A 16x16 counts with a node budget: a count that runs out
//! keeps its clue, so the puzzle is still unique but is only called minimal when
//! no count ran out ([`ShapedPuzzle::minimal`]). Budgets count search nodes, not
//! time, so the same seed gives the same puzzle on any machine.
//!
//! Clues may be laid out symmetrically ([`Symmetry`], as on the classic 9x9):
//! a clue then goes only together with its partner, and "minimal" means that no
//! such pair can go.
//!
//! The classic 9x9 has its own generator ([`crate::engine::generate`]); shapes
//! are graded by the caller (the shape logic ladder), not here.

use rand::Rng;
use thiserror::Error;

use super::board::ShapeBoard;
use super::regions::random_regions;
use super::{Geometry, ShapeError, Variant};
use crate::engine::generate::Symmetry;
use crate::engine::search::count_shape;
use crate::engine::search::dfs::{self, Flow, Hooks, Order, SearchStats};

/// A generated puzzle of some shape: givens (0 for blank) and their solution, row-major.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ShapedPuzzle {
    pub givens: Vec<u8>,
    pub solution: Vec<u8>,
    /// Whether every clue left was proved needed (no count ran out of budget).
    pub minimal: bool,
}

/// How much search a generation step may spend, in branching nodes; `None` is no limit.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Budget {
    /// Per uniqueness count while removing clues; a count that runs out keeps its clue.
    pub count_nodes: Option<u64>,
    /// Per random fill; a fill that runs out starts over (or, for a jigsaw, a new layout).
    pub fill_nodes: Option<u64>,
}

impl Budget {
    /// No limit: the result is minimal, and a fill tries until it is done.
    pub const UNLIMITED: Budget = Budget {
        count_nodes: None,
        fill_nodes: None,
    };

    /// What [`generate_shape`] spends: no limit up to 12x12 (every puzzle minimal
    /// and the puzzles of a seed as they always were); a 16x16 count stops at
    /// 20,000 branching nodes (most come out minimal), a 25x25 count at 200 (a
    /// puzzle in about 2.5 CPU seconds, unique, about 265 clues, not proved
    /// minimal: 2,000 nodes cost six times as much for one clue less); a fill
    /// gives a layout or a 16x16 or 25x25 grid 2,000 nodes.
    pub fn for_shape(side: usize, variant: Variant) -> Budget {
        let count_nodes = match side {
            ..=12 => None,
            13..=16 => Some(20_000),
            _ => Some(200),
        };
        Budget {
            count_nodes,
            fill_nodes: (side > 12 || variant == Variant::Jigsaw).then_some(2_000),
        }
    }
}

/// What removing clues must keep.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Keep {
    /// One solution: the puzzle comes out minimal.
    #[default]
    Unique,
    /// A solve by singles alone (so one solution too): the puzzle comes out easy,
    /// and minimal for singles (no clue can go with singles still solving it),
    /// not in general.
    Singles,
}

/// Why no puzzle came out.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum GenerateShapeError {
    #[error(transparent)]
    Shape(#[from] ShapeError),
    #[error(
        "a {side}x{side} jigsaw is not generated: random regions of {side} cells seldom take a \
         grid the fill finds within its budget (200 layouts, 34 CPU seconds, none filled); \
         a {side}x{side} jigsaw read from a file plays and solves"
    )]
    JigsawSide { side: usize },
    #[error("no {side}x{side} {variant} grid was found in {tries} tries")]
    NoGrid {
        side: usize,
        variant: &'static str,
        tries: usize,
    },
}

/// The largest jigsaw generated: a 16x16 takes about 20 CPU seconds; no 25x25
/// layout of `generate --size 25 --variant jigsaw --seed 1` filled in 200 tries.
pub const MAX_JIGSAW_SIDE: usize = 16;

/// Layouts (or budgeted fills) tried before giving up.
const MAX_TRIES: usize = 200;

/// A unique puzzle of `side` and `variant` (a jigsaw with a random layout), with
/// its geometry, removing clues (with their `symmetry` partners) while `keep`
/// holds and spending [`Budget::for_shape`].
pub fn generate_shape(
    side: usize,
    variant: Variant,
    keep: Keep,
    symmetry: Symmetry,
    rng: &mut impl Rng,
) -> Result<(Geometry, ShapedPuzzle), GenerateShapeError> {
    if variant == Variant::Jigsaw && side > MAX_JIGSAW_SIDE {
        // Refused up front: every try fails, after half a minute of CPU.
        return Err(GenerateShapeError::JigsawSide { side });
    }
    let budget = Budget::for_shape(side, variant);
    let regular = match variant {
        Variant::Jigsaw => None,
        other => Some(Geometry::regular(side, other)?),
    };
    for _ in 0..MAX_TRIES {
        let geometry = match &regular {
            Some(geometry) => geometry.clone(),
            None => {
                let regions = random_regions(side, rng).ok_or(ShapeError::UnsupportedSide(side))?;
                Geometry::jigsaw(side, &regions)?
            }
        };
        if let Some(puzzle) = generate(&geometry, rng, keep, symmetry, budget) {
            return Ok((geometry, puzzle));
        }
    }
    Err(GenerateShapeError::NoGrid {
        side,
        variant: variant.key(),
        tries: MAX_TRIES,
    })
}

/// A unique puzzle of `geometry`, removing clues (each with its `symmetry`
/// partner) while `keep` holds, within `budget`; `None` when the fill ran out of
/// its budget (or the geometry has no complete grid at all).
pub fn generate(
    geometry: &Geometry,
    rng: &mut impl Rng,
    keep: Keep,
    symmetry: Symmetry,
    budget: Budget,
) -> Option<ShapedPuzzle> {
    let solution = fill(geometry, rng, budget.fill_nodes)?;
    let mut cells: Vec<usize> = (0..geometry.cells()).collect();
    shuffle(&mut cells, rng);
    let mut givens = solution.clone();
    let mut minimal = true;
    // A pair is tried once, at its first cell's turn: one that had to stay then
    // stays with fewer clues around too.
    let mut tried = vec![false; geometry.cells()];
    for cell in cells {
        if tried[cell] {
            continue;
        }
        let partner = symmetry.partner_on(cell, geometry.side());
        tried[cell] = true;
        tried[partner] = true;
        givens[cell] = 0;
        givens[partner] = 0;
        let kept_by = match keep {
            Keep::Unique => is_unique(geometry, &givens, budget.count_nodes),
            Keep::Singles => Some(solved_by_singles(geometry, &givens)),
        };
        if kept_by != Some(true) {
            givens[cell] = solution[cell];
            givens[partner] = solution[partner];
            minimal &= kept_by.is_some();
        }
    }
    Some(ShapedPuzzle {
        givens,
        solution,
        minimal: minimal && keep == Keep::Unique,
    })
}

/// A random complete grid of `geometry`, or `None` when the search spent
/// `limit` branching nodes first (or there is none).
pub fn fill(geometry: &Geometry, rng: &mut impl Rng, limit: Option<u64>) -> Option<Vec<u8>> {
    let mut filler = Filler {
        rng,
        values: None,
        spent: Spent::new(limit),
    };
    let mut stats = SearchStats::default();
    dfs::search(
        ShapeBoard::new(geometry),
        Order::FewestCandidates,
        &mut filler,
        &mut stats,
    );
    filler.values
}

/// Branching nodes visited against a limit.
struct Spent {
    nodes: u64,
    limit: Option<u64>,
    ran_out: bool,
}

impl Spent {
    fn new(limit: Option<u64>) -> Spent {
        Spent {
            nodes: 0,
            limit,
            ran_out: false,
        }
    }

    fn over(&mut self) -> bool {
        self.ran_out |= self.limit.is_some_and(|limit| self.nodes > limit);
        self.ran_out
    }
}

/// The search hooks of a random fill: shuffle each branch's values, stop at the first grid.
struct Filler<'r, R> {
    rng: &'r mut R,
    values: Option<Vec<u8>>,
    spent: Spent,
}

impl<R: Rng> Hooks<ShapeBoard<'_>> for Filler<'_, R> {
    fn stop(&mut self) -> bool {
        self.spent.over()
    }

    fn branch(&mut self, _position: &ShapeBoard<'_>, _cell: usize, values: &mut Vec<u8>) {
        self.spent.nodes += 1;
        shuffle(values, self.rng);
    }

    fn solved(&mut self, position: &ShapeBoard<'_>) -> Flow {
        self.values = Some(position.values().to_vec());
        Flow::Stop
    }
}

/// Counts solutions up to two within a budget.
struct BudgetedCount {
    count: usize,
    spent: Spent,
}

impl Hooks<ShapeBoard<'_>> for BudgetedCount {
    fn stop(&mut self) -> bool {
        self.spent.over()
    }

    fn branch(&mut self, _position: &ShapeBoard<'_>, _cell: usize, _values: &mut Vec<u8>) {
        self.spent.nodes += 1;
    }

    fn solved(&mut self, _position: &ShapeBoard<'_>) -> Flow {
        self.count += 1;
        if self.count >= 2 {
            Flow::Stop
        } else {
            Flow::Continue
        }
    }
}

/// Whether `givens` has exactly one solution; `None` when the count ran out of
/// `limit` branching nodes before it knew.
fn is_unique(geometry: &Geometry, givens: &[u8], limit: Option<u64>) -> Option<bool> {
    let Some(limit) = limit else {
        return Some(count_shape(geometry, givens, 2).count == 1);
    };
    let Ok(board) = ShapeBoard::from_givens(geometry, givens) else {
        return Some(false);
    };
    let mut counter = BudgetedCount {
        count: 0,
        spent: Spent::new(Some(limit)),
    };
    let mut stats = SearchStats::default();
    dfs::search(board, Order::FewestCandidates, &mut counter, &mut stats);
    match counter.count {
        2.. => Some(false),
        _ if counter.spent.ran_out => None,
        count => Some(count == 1),
    }
}

/// Fisher-Yates with 32-bit draws, so the order is the same on every platform.
fn shuffle<T>(items: &mut [T], rng: &mut impl Rng) {
    for i in (1..items.len()).rev() {
        let j = rng.random_range(0..=i as u32) as usize;
        items.swap(i, j);
    }
}

/// Whether `givens` is solved by singles alone: the shape board's propagation
/// (a cell with one value left, a unit with one place left for a value) fills
/// every cell without a guess. The shapes' rough level until a logic ladder
/// grades them: easy when it is, hard when it is not.
pub fn solved_by_singles(geometry: &Geometry, givens: &[u8]) -> bool {
    ShapeBoard::from_givens(geometry, givens)
        .is_ok_and(|board| board.values().iter().all(|&v| v != 0))
}

/// Whether no clue of `givens` (with its `symmetry` partner) can be removed with
/// the solution staying unique.
pub fn is_minimal(geometry: &Geometry, givens: &[u8], symmetry: Symmetry) -> bool {
    count_shape(geometry, givens, 2).count == 1
        && (0..givens.len()).filter(|&c| givens[c] != 0).all(|cell| {
            let mut fewer = givens.to_vec();
            fewer[cell] = 0;
            fewer[symmetry.partner_on(cell, geometry.side())] = 0;
            count_shape(geometry, &fewer, 2).count != 1
        })
}

/// Whether the clues of `givens` lie in `symmetry`'s pattern on `geometry`.
pub fn has_symmetry(geometry: &Geometry, givens: &[u8], symmetry: Symmetry) -> bool {
    (0..givens.len()).all(|cell| {
        (givens[cell] == 0) == (givens[symmetry.partner_on(cell, geometry.side())] == 0)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::geometry::format::first_clash;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn seeded(seed: u64) -> ChaCha8Rng {
        ChaCha8Rng::seed_from_u64(seed)
    }

    #[test]
    fn generated_shapes_are_unique_minimal_and_reproducible() {
        for (side, variant) in [
            (4, Variant::Classic),
            (6, Variant::X),
            (8, Variant::Classic),
            (4, Variant::Jigsaw),
            (6, Variant::Jigsaw),
        ] {
            let (geometry, puzzle) =
                generate_shape(side, variant, Keep::Unique, Symmetry::None, &mut seeded(7))
                    .unwrap();
            assert_eq!(geometry.variant(), variant);
            assert!(first_clash(&geometry, &puzzle.solution, 0).is_none());
            assert!(puzzle.solution.iter().all(|&v| v != 0));
            assert!(puzzle.minimal);
            assert!(
                is_minimal(&geometry, &puzzle.givens, Symmetry::None),
                "{}",
                geometry.name()
            );
            let again = generate_shape(side, variant, Keep::Unique, Symmetry::None, &mut seeded(7))
                .unwrap();
            assert_eq!((&geometry, &puzzle), (&again.0, &again.1));
            let other = generate_shape(side, variant, Keep::Unique, Symmetry::None, &mut seeded(8))
                .unwrap();
            assert_ne!(puzzle.solution, other.1.solution);
        }
    }

    #[test]
    fn symmetric_shapes_keep_clues_in_pairs_and_no_pair_can_go() {
        for (side, variant, symmetry) in [
            (6, Variant::Classic, Symmetry::Rotational),
            (8, Variant::Classic, Symmetry::Mirror),
            (6, Variant::Jigsaw, Symmetry::Rotational),
            (9, Variant::X, Symmetry::Mirror),
        ] {
            let (geometry, puzzle) =
                generate_shape(side, variant, Keep::Unique, symmetry, &mut seeded(3)).unwrap();
            let name = format!("{} {symmetry:?}", geometry.name());
            assert!(has_symmetry(&geometry, &puzzle.givens, symmetry), "{name}");
            assert!(puzzle.minimal, "{name}");
            assert!(is_minimal(&geometry, &puzzle.givens, symmetry), "{name}");
            // A pair's minimality is weaker than a single clue's: the plain
            // check may find a clue to spare; the layout is what was asked.
            let plain = generate_shape(side, variant, Keep::Unique, Symmetry::None, &mut seeded(3));
            assert_ne!(plain.unwrap().1.givens, puzzle.givens, "{name}");
        }
        let (geometry, easy) = generate_shape(
            6,
            Variant::Classic,
            Keep::Singles,
            Symmetry::Rotational,
            &mut seeded(4),
        )
        .unwrap();
        assert!(has_symmetry(&geometry, &easy.givens, Symmetry::Rotational));
        assert!(solved_by_singles(&geometry, &easy.givens));
    }

    #[test]
    fn a_jigsaws_regions_change_with_the_seed() {
        let regions = |seed| {
            let (geometry, _) = generate_shape(
                6,
                Variant::Jigsaw,
                Keep::Unique,
                Symmetry::None,
                &mut seeded(seed),
            )
            .unwrap();
            (0..36).map(|c| geometry.region_of(c)).collect::<Vec<_>>()
        };
        assert_ne!(regions(1), regions(2));
    }

    #[test]
    fn a_budgeted_count_keeps_the_puzzle_unique_and_says_when_it_is_not_proved_minimal() {
        let geometry = Geometry::regular(6, Variant::Classic).unwrap();
        let budget = Budget {
            count_nodes: Some(0),
            fill_nodes: None,
        };
        let puzzle = generate(
            &geometry,
            &mut seeded(5),
            Keep::Unique,
            Symmetry::None,
            budget,
        )
        .unwrap();
        assert_eq!(count_shape(&geometry, &puzzle.givens, 2).count, 1);
        assert!(!puzzle.minimal || is_minimal(&geometry, &puzzle.givens, Symmetry::None));
        let starved = Budget {
            count_nodes: None,
            fill_nodes: Some(0),
        };
        let sixteen = Geometry::regular(16, Variant::Classic).unwrap();
        // An empty 16x16 cannot be filled without branching: the fill gives up.
        assert_eq!(
            generate(
                &sixteen,
                &mut seeded(5),
                Keep::Unique,
                Symmetry::None,
                starved
            ),
            None
        );
    }

    #[test]
    fn easy_puzzles_are_solved_by_singles_and_lose_no_clue_they_could() {
        for variant in [Variant::Windoku, Variant::Jigsaw] {
            let (geometry, puzzle) =
                generate_shape(9, variant, Keep::Singles, Symmetry::None, &mut seeded(2)).unwrap();
            assert!(solved_by_singles(&geometry, &puzzle.givens));
            assert!(!puzzle.minimal);
            for cell in (0..81).filter(|&c| puzzle.givens[c] != 0) {
                let mut fewer = puzzle.givens.clone();
                fewer[cell] = 0;
                assert!(!solved_by_singles(&geometry, &fewer), "{cell} could go");
            }
        }
    }

    #[test]
    fn singles_solve_a_full_grid_less_one_cell_but_not_an_empty_board() {
        let geometry = Geometry::regular(6, Variant::Classic).unwrap();
        let mut grid = fill(&geometry, &mut seeded(4), None).unwrap();
        grid[7] = 0;
        assert!(solved_by_singles(&geometry, &grid));
        assert!(!solved_by_singles(&geometry, &[0; 36]));
    }

    #[test]
    fn sixteen_by_sixteen_is_unique_and_reproducible() {
        let make = || {
            let mut rng = seeded(1);
            generate_shape(16, Variant::Classic, Keep::Unique, Symmetry::None, &mut rng).unwrap()
        };
        let (geometry, puzzle) = make();
        assert_eq!(count_shape(&geometry, &puzzle.givens, 2).count, 1);
        assert!(first_clash(&geometry, &puzzle.solution, 0).is_none());
        assert_eq!(puzzle, make().1);
    }
}
