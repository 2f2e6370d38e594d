//! Random jigsaw layouts: `side` orthogonally connected regions of `side` cells.
//!
//! Growing regions from random seeds gets stuck often (a region walled in with
//! too few cells), so the layout starts from the regular boxes and is reshaped
//! by many random trades instead: a cell on the border of region A joins its
//! neighbour B, and a cell of B touching A goes the other way, so every region
//! keeps `side` cells; a trade that cuts either region in two is undone. Every
//! random choice comes from the caller's seeded generator, drawn as 32-bit
//! numbers so a seed gives the same layout on every platform. Whether a layout
//! can be filled at all is the generator's question, not this module's.

use rand::Rng;

use super::shapes::{box_shape_for, connected, neighbours};

/// Trades attempted per cell: enough that no box survives in its first shape.
const TRIES_PER_CELL: usize = 40;

/// A random jigsaw layout for a board of `side`: `regions[cell]` is each cell's
/// region, 0-based, every region connected with `side` cells. `None` for a side
/// without a box shape to start from.
pub fn random_regions(side: usize, rng: &mut impl Rng) -> Option<Vec<usize>> {
    let shape = box_shape_for(side)?;
    let cells = side * side;
    let across = side / shape.cols;
    let mut regions: Vec<usize> = (0..cells)
        .map(|cell| (cell / side / shape.rows) * across + (cell % side) / shape.cols)
        .collect();
    for _ in 0..cells * TRIES_PER_CELL {
        trade(side, &mut regions, rng);
    }
    Some(regions)
}

/// One random trade between two neighbouring regions, kept when both stay connected.
fn trade(side: usize, regions: &mut [usize], rng: &mut impl Rng) {
    let cells = regions.len();
    let a = pick(cells, rng);
    let from = regions[a];
    let outside: Vec<usize> = neighbours(side, a)
        .filter(|&n| regions[n] != from)
        .collect();
    if outside.is_empty() {
        return;
    }
    let to = regions[outside[pick(outside.len(), rng)]];
    regions[a] = to;
    let back: Vec<usize> = (0..cells)
        .filter(|&c| c != a && regions[c] == to)
        .filter(|&c| neighbours(side, c).any(|n| regions[n] == from))
        .collect();
    if back.is_empty() {
        regions[a] = from;
        return;
    }
    let b = back[pick(back.len(), rng)];
    regions[b] = from;
    if !(region_connected(side, regions, from) && region_connected(side, regions, to)) {
        regions[a] = from;
        regions[b] = to;
    }
}

/// A uniform index below `len`, from a 32-bit draw.
fn pick(len: usize, rng: &mut impl Rng) -> usize {
    rng.random_range(0..len as u32) as usize
}

fn region_connected(side: usize, regions: &[usize], region: usize) -> bool {
    let cells: Vec<usize> = (0..regions.len())
        .filter(|&c| regions[c] == region)
        .collect();
    !cells.is_empty() && connected(side, &cells)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::geometry::Geometry;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn random_layouts_pass_the_geometrys_own_checks_and_leave_the_boxes() {
        for side in [4, 6, 8, 9] {
            let regions = random_regions(side, &mut ChaCha8Rng::seed_from_u64(3)).unwrap();
            let geometry = Geometry::jigsaw(side, &regions).expect("a valid jigsaw");
            let boxes = Geometry::regular(side, crate::engine::Variant::Classic).unwrap();
            let reshaped = (0..side * side)
                .filter(|&c| geometry.region_of(c) != boxes.region_of(c))
                .count();
            assert!(reshaped > side, "{side}x{side}: {reshaped} cells moved");
            let again = random_regions(side, &mut ChaCha8Rng::seed_from_u64(3)).unwrap();
            assert_eq!(regions, again);
        }
        assert_eq!(random_regions(7, &mut ChaCha8Rng::seed_from_u64(3)), None);
    }
}
