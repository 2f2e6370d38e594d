//! What the shape tests share: small positions on a shape built by hand (an empty
//! board with some candidates struck) and the units and jigsaw they name.

use pencilmark::engine::Unit;
use pencilmark::engine::geometry::logic::ShapeMarks;
use pencilmark::engine::geometry::{Geometry, UnitKind};

/// An empty board of `geometry`: every value possible everywhere.
pub fn empty(geometry: &Geometry) -> ShapeMarks<'_> {
    ShapeMarks::from_givens(geometry, &vec![0; geometry.cells()])
}

/// An empty board of `geometry` where each listed cell keeps only its listed values.
pub fn keeping<'g>(geometry: &'g Geometry, kept: &[(usize, &[u8])]) -> ShapeMarks<'g> {
    let mut marks = empty(geometry);
    for &(cell, values) in kept {
        for value in 1..=geometry.side() as u8 {
            if !values.contains(&value) {
                marks.strike(cell, value);
            }
        }
    }
    marks
}

/// An empty board of `geometry` with `value` struck from `cells`.
pub fn struck<'g>(geometry: &'g Geometry, value: u8, cells: &[usize]) -> ShapeMarks<'g> {
    let mut marks = empty(geometry);
    cells.iter().for_each(|&c| marks.strike(c, value));
    marks
}

/// An empty board of `geometry` where `value` may only go in `cells`.
pub fn only_in<'g>(geometry: &'g Geometry, value: u8, cells: &[usize]) -> ShapeMarks<'g> {
    let others: Vec<usize> = (0..geometry.cells())
        .filter(|c| !cells.contains(c))
        .collect();
    struck(geometry, value, &others)
}

/// The unit of `kind` numbered `number` (one-based) in `geometry`.
pub fn unit(geometry: &Geometry, kind: UnitKind, number: usize) -> Unit {
    let index = geometry
        .units()
        .iter()
        .position(|u| u.kind == kind && u.number + 1 == number)
        .expect("the unit exists");
    Unit::new(index)
}

/// The 6x6 jigsaw of the shared set's first line. Region 1 is r1c1 r1c2 r1c3
/// r2c1 r2c2 r3c2.
pub fn jigsaw6() -> Geometry {
    let regions: Vec<usize> = "111233114233514236544236544266555266"
        .chars()
        .map(|c| c.to_digit(10).expect("a region digit") as usize - 1)
        .collect();
    Geometry::jigsaw(6, &regions).expect("a valid jigsaw")
}
