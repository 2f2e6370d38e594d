//! Solver throughput on the shared benchmark sets (`../shared/data`), when present.
//!
//! `cargo bench --bench solver` times `search::solve` (first solution) and
//! `search::count_solutions(_, 2)` (uniqueness) over whole sets, parsing excluded.

use std::hint::black_box;
use std::path::{Path, PathBuf};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use pencilmark::engine::{Grid, formats, search};

#[path = "../tests/common/mod.rs"]
mod common;

/// The sets with proper puzzles, as in the README's speed table.
const SETS: [&str; 5] = [
    "puzzles2_17_clue",
    "puzzles3_magictour_top1465",
    "puzzles5_forum_hardest_1905_11+",
    "puzzles6_forum_hardest_1106",
    "top95.txt",
];

fn shared_data() -> Option<PathBuf> {
    common::shared("data")
}

fn load(dir: &Path, name: &str) -> Vec<Grid> {
    let text = std::fs::read_to_string(dir.join(name)).expect("shared set is readable");
    formats::read_each(&text, None, formats::Rules::Checked)
        .into_iter()
        .filter_map(|read| read.ok().map(|imported| imported.givens))
        .collect()
}

fn solver(c: &mut Criterion) {
    let Some(dir) = shared_data() else {
        println!("skipped: ../shared/data not found");
        return;
    };
    let mut group = c.benchmark_group("solve");
    group.sample_size(10);
    for name in SETS {
        let puzzles = load(&dir, name);
        group.throughput(Throughput::Elements(puzzles.len() as u64));
        group.bench_function(format!("first/{name}"), |b| {
            b.iter(|| {
                for puzzle in &puzzles {
                    black_box(search::solve(black_box(puzzle)));
                }
            })
        });
        group.bench_function(format!("unique/{name}"), |b| {
            b.iter(|| {
                for puzzle in &puzzles {
                    black_box(search::count_solutions(black_box(puzzle), 2));
                }
            })
        });
    }
    group.finish();
}

criterion_group!(benches, solver);
criterion_main!(benches);
