//! Generator speed: graded, unique, minimal puzzles per second at each level
//! (one thread; `pencilmark generate` spreads `--count` over every core).
//!
//! Each iteration makes the next puzzle index of a fixed seed, so the work is
//! the same from run to run. QQWing comparison: benches/qqwing_vs_generate.sh.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use pencilmark::engine::generate::{self, Request};
use pencilmark::engine::grade::Level;

fn generate_per_level(c: &mut Criterion) {
    let mut group = c.benchmark_group("generate");
    group.throughput(Throughput::Elements(1));
    group.sample_size(20);
    for level in Level::ALL {
        let request = Request::new(level);
        let mut index = 0;
        group.bench_function(level.key(), |b| {
            b.iter(|| {
                index += 1;
                black_box(generate::generate(&request, 1, index).expect("a puzzle"))
            })
        });
    }
    group.finish();
}

criterion_group!(benches, generate_per_level);
criterion_main!(benches);
