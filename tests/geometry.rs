//! Property tests on every geometry the engine builds: regular sizes 4x4..25x25,
//! Sudoku X, Windoku, and jigsaws (random reshapes of the boxes, and every
//! region layout of the shared jigsaw sets).

mod common;

use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use pencilmark::engine::geometry::{Geometry, MAX_CELLS, MAX_SIDE, UnitKind, Variant};
use pencilmark::engine::types::{Cell, GEOMETRY, Unit};

const SIDES: [usize; 7] = [4, 6, 8, 9, 12, 16, 25];

/// How many units of each kind should hold `cell`, computed from coordinates,
/// independently of the geometry's unit list.
fn expected_units(geometry: &Geometry, cell: usize) -> usize {
    let side = geometry.side();
    let (row, col) = (cell / side, cell % side);
    let extra = match geometry.variant() {
        Variant::X => usize::from(row == col) + usize::from(row + col == side - 1),
        Variant::Windoku => {
            let window = |i: usize| (1..4).contains(&i) || (5..8).contains(&i);
            usize::from(window(row) && window(col))
        }
        Variant::Classic | Variant::Jigsaw => 0,
    };
    3 + extra
}

/// Checks the properties every geometry must have; panics with the shape's name.
fn check(geometry: &Geometry) {
    let name = geometry.name();
    let side = geometry.side();
    let cells = side * side;
    for (index, unit) in geometry.units().iter().enumerate() {
        let mut sorted = unit.cells.clone();
        sorted.dedup();
        assert_eq!(
            sorted.len(),
            side,
            "{name}: {unit} has {} cells",
            sorted.len()
        );
        assert!(
            unit.cells.iter().all(|&c| c < cells),
            "{name}: {unit} leaves the board"
        );
        for &cell in &unit.cells {
            assert!(geometry.units_of(cell).contains(&index), "{name}: units_of");
        }
    }
    let mut region_sizes = vec![0; side];
    for cell in 0..cells {
        assert_eq!(
            geometry.units_of(cell).len(),
            expected_units(geometry, cell),
            "{name}: cell {} is in the wrong number of units",
            geometry.cell_name(cell)
        );
        region_sizes[geometry.region_of(cell)] += 1;
        let peers = geometry.peers(cell);
        assert!(!peers.contains(&cell), "{name}: a cell is its own peer");
        for other in 0..cells {
            let shares_unit = other != cell
                && geometry
                    .units_of(cell)
                    .iter()
                    .any(|u| geometry.units()[*u].cells.contains(&other));
            assert_eq!(peers.contains(&other), shares_unit, "{name}: peers");
            assert_eq!(geometry.sees(cell, other), shares_unit, "{name}: sees");
            assert_eq!(
                geometry.sees(cell, other),
                geometry.sees(other, cell),
                "{name}: peers are not symmetric"
            );
        }
    }
    assert!(region_sizes.iter().all(|&n| n == side), "{name}: regions");
}

/// A jigsaw made by trading cells between neighbouring boxes at random, keeping
/// only the trades after which every region is still connected and full.
fn reshaped_boxes(side: usize, seed: u64, trades: usize) -> Geometry {
    let regular = Geometry::regular(side, Variant::Classic).unwrap();
    let mut regions: Vec<usize> = (0..side * side).map(|c| regular.region_of(c)).collect();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..trades {
        let a = rng.random_range(0..side * side);
        let b = rng.random_range(0..side * side);
        let mut trial = regions.clone();
        trial.swap(a, b);
        if Geometry::jigsaw(side, &trial).is_ok() {
            regions = trial;
        }
    }
    Geometry::jigsaw(side, &regions).expect("every kept trade leaves a valid jigsaw")
}

#[test]
fn every_regular_shape_and_variant_has_the_unit_properties() {
    for side in SIDES {
        check(&Geometry::regular(side, Variant::Classic).unwrap());
        check(&Geometry::regular(side, Variant::X).unwrap());
    }
    check(&Geometry::regular(9, Variant::Windoku).unwrap());
}

#[test]
fn box_shapes_match_the_issue() {
    let shapes: Vec<(usize, usize)> = SIDES
        .iter()
        .map(|&side| {
            let shape = Geometry::regular(side, Variant::Classic)
                .unwrap()
                .box_shape()
                .unwrap();
            (shape.rows, shape.cols)
        })
        .collect();
    assert_eq!(
        shapes,
        [(2, 2), (2, 3), (2, 4), (3, 3), (3, 4), (4, 4), (5, 5)]
    );
}

#[test]
fn windoku_has_four_windows_at_r2c2_r2c6_r6c2_r6c6() {
    let windoku = Geometry::regular(9, Variant::Windoku).unwrap();
    let corners: Vec<String> = windoku
        .units()
        .iter()
        .filter(|u| u.kind == UnitKind::Window)
        .map(|u| windoku.cell_name(u.cells[0]))
        .collect();
    assert_eq!(corners, ["r2c2", "r2c6", "r6c2", "r6c6"]);
    assert!(Geometry::regular(6, Variant::Windoku).is_err());
}

#[test]
fn the_compile_time_classic_table_is_the_derived_classic_geometry() {
    let classic = Geometry::classic();
    assert!(classic.is_classic());
    check(classic);
    for cell in Cell::all() {
        let peers: Vec<usize> = cell.peers().iter().map(|c| c.index()).collect();
        assert_eq!(peers, classic.peers(cell.index()));
        assert_eq!(cell.box_index(), classic.region_of(cell.index()));
        for other in Cell::all() {
            assert_eq!(cell.sees(other), classic.sees(cell.index(), other.index()));
        }
        let units: Vec<usize> = cell.units().iter().map(|u| u.index()).collect();
        assert_eq!(units, classic.units_of(cell.index()));
    }
    for unit in Unit::all() {
        let cells: Vec<usize> = unit.cells().iter().map(|c| c.index()).collect();
        assert_eq!(cells, classic.units()[unit.index()].cells);
        for cell in Cell::all() {
            assert_eq!(unit.contains(cell), cells.contains(&cell.index()));
        }
        assert_eq!(
            GEOMETRY.unit_masks[unit.index()].count_ones(),
            9,
            "{unit} has nine cells"
        );
    }
}

/// `Cell` is the cell index of every shape: each cell of the largest board
/// (25x25) is one, and an index past it is refused.
#[test]
fn a_cell_indexes_every_cell_of_the_largest_board() {
    let largest = Geometry::regular(MAX_SIDE, Variant::Classic).expect("25x25 is supported");
    assert_eq!(largest.cells(), MAX_CELLS);
    for index in 0..largest.cells() {
        assert_eq!(Cell::new(index).index(), index);
    }
    assert!(std::panic::catch_unwind(|| Cell::new(MAX_CELLS)).is_err());
}

#[test]
fn every_jigsaw_layout_of_the_shared_sets_has_the_unit_properties() {
    let Some(dir) = common::shared("data/variants") else {
        eprintln!("skipped: ../shared/data/variants is absent");
        return;
    };
    let mut layouts = 0;
    for name in ["jigsaw6.txt", "jigsaw9.txt"] {
        let text = std::fs::read_to_string(dir.join(name)).unwrap();
        for line in text.lines() {
            let field = line.split_whitespace().nth(1).expect("a region field");
            let side = if field.len() == 36 { 6 } else { 9 };
            let regions: Vec<usize> = field
                .chars()
                .map(|c| c.to_digit(17).unwrap() as usize - 1)
                .collect();
            check(&Geometry::jigsaw(side, &regions).unwrap());
            layouts += 1;
        }
    }
    assert_eq!(layouts, 75);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn reshaped_jigsaws_have_the_unit_properties(
        side_index in 0..SIDES.len(),
        seed in any::<u64>(),
        trades in 0usize..200,
    ) {
        let jigsaw = reshaped_boxes(SIDES[side_index], seed, trades);
        check(&jigsaw);
    }
}
