//! Time per puzzle on small subsets of the benchmark collections, in the two
//! modes that matter: the first solution, and counting up to two (which
//! proves uniqueness). The search nodes per puzzle are printed beside each
//! set, so that a change in time can be told apart from a change in the tree.
//!
//! The variant sets of `puzzles/variants/` (the rules beyond once per unit,
//! one JSON description a line) are timed the same way, counting up to two,
//! each puzzle under its own geometry.
//!
//! Run with `cargo bench`; one set with `cargo bench -- top1465`, the
//! variant sets with `cargo bench -- variants`.

use std::fs::File;
use std::io::BufReader;
use std::path::Path;

use criterion::measurement::WallTime;
use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion};
use sudoku_dlx::engine::SearchStats;
use sudoku_dlx::{Geometry, Grid, PuzzleReader, Record, Solver};

/// The bundled sets under `puzzles/` (see its README), with the names the
/// benchmarks use.
const SETS: [(&str, &str); 7] = [
    ("17_clue", "bench-17-clue.txt"),
    ("top1465", "bench-top1465.txt"),
    ("hardest_1905", "bench-forum-11plus.txt"),
    ("hardest_1106", "bench-forum-1106.txt"),
    ("serg", "bench-serg.txt"),
    ("16x16", "hex-16x16.txt"),
    ("25x25", "puzzle-25x25.txt"),
];

/// The modes: a name and the solution limit.
const MODES: [(&str, u64); 2] = [("first", 1), ("count2", 2)];

/// The variant sets timed, from `puzzles/variants/`: the rules whose
/// searches are longest, and one of each kind of model (pairs, tables,
/// cages, rules kept whole, extra units).
const VARIANT_SETS: [&str; 8] = [
    "non-consecutive",
    "killer",
    "kropki",
    "thermometer",
    "arrow",
    "little-killer",
    "renban",
    "extra-region",
];

/// Every record of `puzzles/FILE`.
fn records(file: &str) -> Vec<Record> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("puzzles")
        .join(file);
    let input = BufReader::new(File::open(&path).expect("bench data is shipped"));
    let mut reader = PuzzleReader::new(input);
    let mut record = Record::default();
    let mut records = Vec::new();
    while let Some(result) = reader.read_record(&mut record) {
        result.expect("bench data parses");
        records.push(record.clone());
    }
    records
}

fn load(file: &str) -> Vec<Grid> {
    records(file)
        .into_iter()
        .map(|record| record.grid)
        .collect()
}

/// Each puzzle of a variant set with the geometry of its rules.
fn load_variants(set: &str) -> Vec<(Geometry, Grid)> {
    records(&format!("variants/{set}.jsonl"))
        .into_iter()
        .map(|record| {
            let geometry = record
                .rules
                .geometry(record.grid.size())
                .expect("bench rules compile");
            (geometry, record.grid)
        })
        .collect()
}

/// Prints the search nodes per puzzle that `solve` takes on `puzzles`, then
/// times it as `id` in `group`. One iteration solves one puzzle, going
/// round the set, so the time reported is the time per puzzle.
fn time_per_puzzle<P>(
    group: &mut BenchmarkGroup<WallTime>,
    label: &str,
    id: &str,
    puzzles: &[P],
    mut solve: impl FnMut(&P) -> SearchStats,
) {
    let nodes: u64 = puzzles.iter().map(|p| solve(p).nodes).sum();
    println!(
        "{label}: {} puzzles, {:.1} search nodes per puzzle",
        puzzles.len(),
        nodes as f64 / puzzles.len() as f64
    );
    let mut next = puzzles.iter().cycle();
    group.bench_function(id, |b| {
        b.iter(|| solve(next.next().expect("the set is not empty")))
    });
}

fn bench_variants(c: &mut Criterion) {
    let mut solver = Solver::new();
    let mut group = c.benchmark_group("variants");
    for set in VARIANT_SETS {
        let puzzles = load_variants(set);
        for (geometry, grid) in &puzzles {
            let stats = solver.solve_in(geometry, grid, 2, |_| {});
            assert_eq!(
                stats.expect("valid puzzle").solutions,
                1,
                "{set}: the bench sets are unique"
            );
        }
        time_per_puzzle(
            &mut group,
            &format!("variants/{set}"),
            set,
            &puzzles,
            |(geometry, grid)| {
                solver
                    .solve_in(geometry, grid, 2, |_| {})
                    .expect("valid puzzle")
            },
        );
    }
    group.finish();
}

fn bench_sets(c: &mut Criterion) {
    let mut solver = Solver::new();
    for (name, file) in SETS {
        let puzzles = load(file);
        let mut group = c.benchmark_group(name);
        for (mode, limit) in MODES {
            time_per_puzzle(
                &mut group,
                &format!("{name}/{mode}"),
                mode,
                &puzzles,
                |puzzle| solver.solve(puzzle, limit, |_| {}).expect("valid puzzle"),
            );
        }
        group.finish();
    }
}

criterion_group!(benches, bench_sets, bench_variants);
criterion_main!(benches);
