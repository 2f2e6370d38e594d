//! Puzzles of other shapes: a random complete grid from the one readable search
//! (its digits shuffled at each branch), then one pass over the cells in random
//! order removing each clue while the solution stays unique. The result is
//! unique and minimal (no single clue can go: removing a clue later, with fewer
//! clues around, cannot make the puzzle unique again), and reproducible: every
//! random choice comes from the caller's seeded generator.
//!
//! The classic 9x9 has its own generator with grading and symmetry
//! ([`crate::engine::generate`]); shapes are not graded, as the techniques are
//! written for the 9x9.

use rand::Rng;

use super::Geometry;
use super::board::ShapeBoard;
use crate::engine::search::count_shape;
use crate::engine::search::dfs::{self, Flow, Hooks, Order, SearchStats};

/// A generated puzzle of some shape: givens (0 for blank) and their solution, row-major.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ShapedPuzzle {
    pub givens: Vec<u8>,
    pub solution: Vec<u8>,
}

/// A random complete grid of `geometry`.
pub fn solved_values(geometry: &Geometry, rng: &mut impl Rng) -> Vec<u8> {
    let mut filler = Filler { rng, values: None };
    let mut stats = SearchStats::default();
    dfs::search(
        ShapeBoard::new(geometry),
        Order::FewestCandidates,
        &mut filler,
        &mut stats,
    );
    filler
        .values
        .expect("every supported shape has a complete grid")
}

/// The search hooks of a random fill: shuffle each branch's values, stop at the first grid.
struct Filler<'r, R> {
    rng: &'r mut R,
    values: Option<Vec<u8>>,
}

impl<R: Rng> Hooks<ShapeBoard<'_>> for Filler<'_, R> {
    fn branch(&mut self, _position: &ShapeBoard<'_>, _cell: usize, values: &mut Vec<u8>) {
        shuffle(values, self.rng);
    }

    fn solved(&mut self, position: &ShapeBoard<'_>) -> Flow {
        self.values = Some(position.values().to_vec());
        Flow::Stop
    }
}

/// Fisher-Yates with 32-bit draws, so the order is the same on every platform.
fn shuffle<T>(items: &mut [T], rng: &mut impl Rng) {
    for i in (1..items.len()).rev() {
        let j = rng.random_range(0..=i as u32) as usize;
        items.swap(i, j);
    }
}

/// A unique, minimal puzzle of `geometry`.
pub fn generate(geometry: &Geometry, rng: &mut impl Rng) -> ShapedPuzzle {
    let solution = solved_values(geometry, rng);
    let mut cells: Vec<usize> = (0..geometry.cells()).collect();
    shuffle(&mut cells, rng);
    let mut givens = solution.clone();
    for cell in cells {
        let kept = givens[cell];
        givens[cell] = 0;
        if count_shape(geometry, &givens, 2).count != 1 {
            givens[cell] = kept;
        }
    }
    ShapedPuzzle { givens, solution }
}

/// Whether no single clue of `givens` can be removed with the solution staying unique.
pub fn is_minimal(geometry: &Geometry, givens: &[u8]) -> bool {
    count_shape(geometry, givens, 2).count == 1
        && (0..givens.len()).filter(|&c| givens[c] != 0).all(|cell| {
            let mut fewer = givens.to_vec();
            fewer[cell] = 0;
            count_shape(geometry, &fewer, 2).count != 1
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::geometry::Variant;
    use crate::engine::geometry::format::first_clash;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn generated_shapes_are_unique_minimal_and_reproducible() {
        for (side, variant) in [
            (4, Variant::Classic),
            (6, Variant::X),
            (8, Variant::Classic),
        ] {
            let geometry = Geometry::regular(side, variant).unwrap();
            let puzzle = generate(&geometry, &mut ChaCha8Rng::seed_from_u64(7));
            assert!(first_clash(&geometry, &puzzle.solution, 0).is_none());
            assert!(puzzle.solution.iter().all(|&v| v != 0));
            assert!(is_minimal(&geometry, &puzzle.givens), "{}", geometry.name());
            let again = generate(&geometry, &mut ChaCha8Rng::seed_from_u64(7));
            assert_eq!(puzzle, again);
            let other = generate(&geometry, &mut ChaCha8Rng::seed_from_u64(8));
            assert_ne!(puzzle.solution, other.solution);
        }
    }
}
