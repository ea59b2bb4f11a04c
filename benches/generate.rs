//! Generation speed: complete 9x9 grids, minimal puzzles with and without
//! symmetry, and the rating. Run with `cargo bench --bench generate`.

use criterion::{criterion_group, criterion_main, Criterion};
use sudoku_dlx::{Generator, Grid, PuzzleSpec, Rater, Rng, Size, Symmetry};

fn grids(c: &mut Criterion) {
    let mut generator = Generator::new();
    let mut grid = Grid::empty(Size::NINE);
    let mut index = 0;
    c.bench_function("solved 9x9", |b| {
        b.iter(|| {
            index += 1;
            generator.fill_solved(Size::NINE, &mut Rng::for_item(1, index), &mut grid);
        })
    });
    c.bench_function("solved 16x16", |b| {
        b.iter(|| {
            index += 1;
            generator.fill_solved(Size::SIXTEEN, &mut Rng::for_item(1, index), &mut grid);
        })
    });
}

fn puzzles(c: &mut Criterion) {
    let mut generator = Generator::new();
    for symmetry in [Symmetry::Rot180, Symmetry::None] {
        let spec = PuzzleSpec {
            symmetry,
            ..PuzzleSpec::default()
        };
        let mut index = 0;
        c.bench_function(&format!("minimal puzzle 9x9 {symmetry}"), |b| {
            b.iter(|| {
                index += 1;
                generator.puzzle(&spec, &mut Rng::for_item(2, index))
            })
        });
    }
}

fn rating(c: &mut Criterion) {
    let mut generator = Generator::new();
    let puzzles: Vec<Grid> = (0..64)
        .map(|i| {
            let made = generator.puzzle(&PuzzleSpec::default(), &mut Rng::for_item(3, i));
            made.map(|made| made.puzzle)
                .unwrap_or_else(|_| Grid::empty(Size::NINE))
        })
        .collect();
    let mut rater = Rater::new();
    let mut k = 0;
    c.bench_function("rate a minimal 9x9 puzzle", |b| {
        b.iter(|| {
            k = (k + 1) % puzzles.len();
            rater.rate(&puzzles[k])
        })
    });
}

criterion_group!(benches, grids, puzzles, rating);
criterion_main!(benches);
