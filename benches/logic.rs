//! Logic benchmarks: hint latency on positions of the shared sets (with the
//! p50/p99/worst of single hints printed), and grading throughput on magictour
//! top1465 (with the share of steps per technique and the puzzles per second of
//! one pass over the whole set printed; criterion times the first 100, as ten
//! samples of all 1465 took half an hour). Skips (with a message) when
//! ../shared/data is absent.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use pencilmark::engine::grade;
use pencilmark::engine::hint;
use pencilmark::engine::logic;
use pencilmark::engine::{Board, Grid, formats};

#[path = "../tests/common/mod.rs"]
mod common;

fn data(name: &str) -> Option<PathBuf> {
    common::shared(&format!("data/{name}"))
}

fn puzzles(name: &str) -> Vec<Grid> {
    let Some(path) = data(name) else {
        eprintln!("skipped: ../shared/data not found");
        return Vec::new();
    };
    let text = std::fs::read_to_string(path).expect("data file is readable");
    formats::read_each(&text, None, formats::Rules::Checked)
        .into_iter()
        .filter_map(|read| read.ok().map(|imported| imported.givens))
        .collect()
}

/// Positions a player meets: each puzzle's start, and the position halfway along its logical solve.
fn positions(givens: &[Grid]) -> Vec<(Grid, Board)> {
    let mut out = Vec::new();
    for g in givens {
        let mut board = Board::with_auto_candidates(g);
        out.push((*g, board));
        let mut steps = 0;
        while let Some(step) = logic::find_step(&board) {
            step.apply(&mut board);
            steps += 1;
            if steps == 30 {
                out.push((*g, board));
                break;
            }
        }
    }
    out
}

fn hint_latency(c: &mut Criterion) {
    let mut sets = puzzles("top95.txt");
    sets.extend(
        puzzles("generated_qqwing_expert_1k.txt")
            .into_iter()
            .take(100),
    );
    if sets.is_empty() {
        return;
    }
    let positions = positions(&sets);
    print_percentiles("hint, sweep positions", &positions);
    let mut group = c.benchmark_group("hint");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.measurement_time(Duration::from_secs(10));
    group.sample_size(10);
    group.bench_function("top95_and_qqwing_positions", |b| {
        b.iter(|| {
            for (givens, board) in &positions {
                std::hint::black_box(hint::hint(givens, board));
            }
        })
    });
    // The slowest hints: positions where every technique fails and the hint is a guess.
    let stuck: Vec<(Grid, Board)> = sets
        .iter()
        .filter_map(|g| {
            let mut board = Board::with_auto_candidates(g);
            while let Some(step) = logic::find_step(&board) {
                step.apply(&mut board);
            }
            (!board.is_solved()).then_some((*g, board))
        })
        .collect();
    print_percentiles("hint, positions beyond the ladder's patterns", &stuck);
    group.throughput(Throughput::Elements(stuck.len() as u64));
    group.bench_function("positions_where_logic_runs_out", |b| {
        b.iter(|| {
            for (givens, board) in &stuck {
                std::hint::black_box(hint::hint(givens, board));
            }
        })
    });
    group.finish();
}

/// Each position's hint timed alone (the best of three runs, so one preemption
/// on a shared machine does not count): the median, p99 and worst, in ms.
fn print_percentiles(what: &str, positions: &[(Grid, Board)]) {
    let mut times: Vec<f64> = positions
        .iter()
        .map(|(givens, board)| {
            (0..3)
                .map(|_| {
                    let start = Instant::now();
                    std::hint::black_box(hint::hint(givens, board));
                    start.elapsed().as_secs_f64() * 1000.0
                })
                .fold(f64::INFINITY, f64::min)
        })
        .collect();
    if times.is_empty() {
        return;
    }
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    eprintln!(
        "{what} ({} positions): p50 {:.3} ms, p99 {:.3} ms, worst {:.3} ms",
        times.len(),
        at(0.5),
        at(0.99),
        at(1.0)
    );
}

/// The share of the steps of grading `set` that each technique takes, and the
/// rate of that one pass.
fn print_technique_shares(set: &[Grid]) {
    let mut counts: BTreeMap<logic::Technique, usize> = BTreeMap::new();
    let start = Instant::now();
    for g in set {
        for (technique, n) in grade::grade(g).steps {
            *counts.entry(technique).or_default() += n;
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    let total: usize = counts.values().sum();
    eprintln!(
        "steps per technique grading {} puzzles ({total} steps, {seconds:.1} s, {:.0} puzzles/s):",
        set.len(),
        set.len() as f64 / seconds
    );
    for (technique, n) in counts {
        eprintln!(
            "  {:<28} {n:>7} {:>6.2}%",
            technique.key(),
            100.0 * n as f64 / total.max(1) as f64
        );
    }
}

fn grading_throughput(c: &mut Criterion) {
    let set = puzzles("puzzles3_magictour_top1465");
    if set.is_empty() {
        return;
    }
    print_technique_shares(&set);
    let sample = &set[..set.len().min(100)];
    let mut group = c.benchmark_group("grade");
    group.throughput(Throughput::Elements(sample.len() as u64));
    group.measurement_time(Duration::from_secs(20));
    group.sample_size(10);
    group.bench_function("top1465_first_100", |b| {
        b.iter(|| {
            for g in sample {
                std::hint::black_box(grade::grade(g));
            }
        })
    });
    group.finish();
}

criterion_group!(benches, hint_latency, grading_throughput);
criterion_main!(benches);
