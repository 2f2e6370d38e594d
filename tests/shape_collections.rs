//! The bundled collections of other shapes (puzzles/<shape>-<level>.txt): every
//! puzzle has one solution, is graded at its file's level by the shape logic
//! ladder, and is minimal above easy (easy ones are solved by singles).

use pencilmark::engine::generate::Symmetry;
use pencilmark::engine::geometry::format::{ShapeReader, header_variant};
use pencilmark::engine::geometry::generate::{is_minimal, solved_by_singles};
use pencilmark::engine::geometry::{Variant, logic};
use pencilmark::engine::grade::Level;
use pencilmark::engine::search::count_shape;
use pencilmark::puzzles::{SHAPE_COLLECTIONS, shape_collection};

#[test]
fn every_bundled_shape_puzzle_has_one_solution_at_its_files_level() {
    for collection in SHAPE_COLLECTIONS {
        let name = collection.name();
        let lines = || collection.text.lines().enumerate();
        let variant = lines()
            .find_map(|(i, line)| header_variant(line, i + 1))
            .map_or(Variant::Classic, |v| v.expect("a known variant"));
        let mut reader = ShapeReader::new(variant);
        let mut count = 0;
        for (i, line) in lines().filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#')) {
            let puzzle = reader
                .read(line, i + 1)
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            let geometry = &puzzle.geometry;
            let givens = &puzzle.givens;
            assert_eq!(
                count_shape(geometry, givens, 2).count,
                1,
                "{name} line {}",
                i + 1
            );
            let grade = logic::grade(geometry, givens);
            assert_eq!(grade.level, collection.level, "{name} line {}", i + 1);
            if collection.level == Level::Easy {
                assert!(solved_by_singles(geometry, givens), "{name} line {}", i + 1);
            } else {
                assert!(
                    is_minimal(geometry, givens, Symmetry::None),
                    "{name} line {}",
                    i + 1
                );
            }
            let hardest = grade.hardest.map_or("none", |t| t.key());
            let printed = format!(" {} {} {hardest}", grade.level.key(), grade.score);
            assert!(line.ends_with(&printed), "{name} line {}: {line}", i + 1);
            count += 1;
        }
        assert_eq!(count, 20, "{name}");
    }
}

#[test]
fn shape_collections_are_found_by_name() {
    let found = shape_collection("jigsaw6-medium").expect("a bundled collection");
    assert_eq!(found.level, Level::Medium);
    assert!(found.text.contains("# variant: jigsaw"));
    assert!(shape_collection("jigsaw6-extreme").is_none());
}
