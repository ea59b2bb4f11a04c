//! Time per puzzle on small subsets of the benchmark collections, in the two
//! modes that matter: the first solution, and counting up to two (which
//! proves uniqueness). The search nodes per puzzle are printed beside each
//! set, so that a change in time can be told apart from a change in the tree.
//!
//! Run with `cargo bench`; one set with `cargo bench -- top1465`.

use std::fs::File;
use std::io::BufReader;
use std::path::Path;

use criterion::{criterion_group, criterion_main, Criterion};
use sudoku_dlx::{Grid, PuzzleReader, Record, Solver};

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

fn load(file: &str) -> Vec<Grid> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("puzzles")
        .join(file);
    let input = BufReader::new(File::open(&path).expect("bench data is shipped"));
    let mut reader = PuzzleReader::new(input);
    let mut record = Record::default();
    let mut grids = Vec::new();
    while let Some(result) = reader.read_record(&mut record) {
        result.expect("bench data parses");
        grids.push(record.grid.clone());
    }
    grids
}

fn bench_sets(c: &mut Criterion) {
    let mut solver = Solver::new();
    for (name, file) in SETS {
        let puzzles = load(file);
        let mut group = c.benchmark_group(name);
        for (mode, limit) in MODES {
            let nodes: u64 = puzzles
                .iter()
                .map(|p| solver.solve(p, limit, |_| {}).expect("valid puzzle").nodes)
                .sum();
            println!(
                "{name}/{mode}: {} puzzles, {:.1} search nodes per puzzle",
                puzzles.len(),
                nodes as f64 / puzzles.len() as f64
            );
            // One iteration solves one puzzle, going round the set, so the
            // time reported is the time per puzzle.
            let mut next = puzzles.iter().cycle();
            group.bench_function(mode, |b| {
                b.iter(|| {
                    let puzzle = next.next().expect("the set is not empty");
                    solver.solve(puzzle, limit, |_| {}).expect("valid puzzle")
                })
            });
        }
        group.finish();
    }
}

criterion_group!(benches, bench_sets);
criterion_main!(benches);
