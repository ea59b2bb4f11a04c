//! Generated grids and puzzles: the rules, uniqueness, minimality, symmetry,
//! the givens asked for, and reproducibility by seed through the library.

use std::collections::HashSet;

use sudoku_dlx::{Generator, Grid, Level, PuzzleSpec, Rater, Rng, Size, Solver, Symmetry};

/// The cells of `cell`'s group under `symmetry`, `cell` first.
fn group(symmetry: Symmetry, size: Size, cell: usize) -> Vec<usize> {
    let mut cells = vec![cell];
    let mut next = symmetry.image(size, cell);
    while next != cell {
        cells.push(next);
        next = symmetry.image(size, next);
    }
    cells
}

fn solutions_up_to_2(puzzle: &Grid) -> u64 {
    Solver::new().count_solutions(puzzle, 2).unwrap().found
}

/// Checks everything a generated puzzle promises; `minimal` when no group
/// of givens may be removable.
fn check_puzzle(spec: &PuzzleSpec, seed: u64, minimal: bool) -> Grid {
    let made = Generator::new()
        .puzzle(spec, &mut Rng::from_seed(seed))
        .unwrap();
    let (puzzle, solution) = (&made.puzzle, &made.solution);
    let what = format!("{} {} seed {seed}", spec.size, spec.symmetry);
    assert!(solution.is_solved(), "{what}");
    assert!(solution.keeps_givens_of(puzzle), "{what}");
    assert_eq!(solutions_up_to_2(puzzle), 1, "{what}: not unique");
    for cell in 0..spec.size.cells() {
        let given = puzzle.cells()[cell] != 0;
        let image = spec.symmetry.image(spec.size, cell);
        assert_eq!(
            given,
            puzzle.cells()[image] != 0,
            "{what}: asymmetric at {cell}"
        );
    }
    if minimal {
        for cell in (0..spec.size.cells()).filter(|&c| puzzle.cells()[c] != 0) {
            let mut fewer = puzzle.clone();
            for c in group(spec.symmetry, spec.size, cell) {
                fewer.set(c, 0);
            }
            assert_eq!(
                solutions_up_to_2(&fewer),
                2,
                "{what}: the group of cell {cell} could go"
            );
        }
    }
    made.puzzle
}

#[test]
fn nine_by_nine_puzzles_are_unique_minimal_and_symmetric() {
    for symmetry in Symmetry::ALL {
        let spec = PuzzleSpec {
            symmetry,
            ..PuzzleSpec::default()
        };
        for seed in 0..3 {
            check_puzzle(&spec, seed, true);
        }
    }
}

#[test]
fn four_and_sixteen_puzzles_are_unique_and_minimal() {
    for seed in 0..20 {
        let spec = PuzzleSpec {
            size: Size::FOUR,
            symmetry: Symmetry::ALL[seed as usize % 5],
            ..PuzzleSpec::default()
        };
        check_puzzle(&spec, seed, true);
    }
    let spec = PuzzleSpec {
        size: Size::SIXTEEN,
        ..PuzzleSpec::default()
    };
    check_puzzle(&spec, 1, true);
}

#[test]
fn solved_grids_obey_the_rules_in_every_size_below_25() {
    let mut generator = Generator::new();
    for size in [Size::FOUR, Size::NINE, Size::SIXTEEN] {
        for seed in 0..10 {
            let grid = generator.solved(size, &mut Rng::from_seed(seed));
            assert_eq!(grid.size(), size);
            assert!(grid.is_solved(), "{size} seed {seed}");
        }
    }
}

/// 25x25 grids take milliseconds, but a minimal 25x25 puzzle can take many
/// minutes, so this one stops blanking at 400 givens; seconds in a debug
/// build: `cargo test --release --test suite -- --ignored generate::`.
#[test]
#[ignore]
fn twenty_five_by_twenty_five_grids_and_puzzles() {
    let mut generator = Generator::new();
    let grid = generator.solved(Size::TWENTY_FIVE, &mut Rng::from_seed(1));
    assert!(grid.is_solved());
    let spec = PuzzleSpec {
        size: Size::TWENTY_FIVE,
        min_givens: 400,
        ..PuzzleSpec::default()
    };
    check_puzzle(&spec, 1, false);
}

#[test]
fn ten_thousand_grids_are_all_distinct() {
    let mut generator = Generator::new();
    let mut grid = Grid::empty(Size::NINE);
    let mut seen = HashSet::new();
    for index in 0..10_000 {
        generator.fill_solved(Size::NINE, &mut Rng::for_item(2026, index), &mut grid);
        assert!(grid.is_complete());
        assert!(seen.insert(grid.cells().to_vec()), "grid {index} repeats");
    }
}

#[test]
fn the_same_seed_gives_the_same_puzzle_and_another_seed_another() {
    let spec = PuzzleSpec::default();
    let make = |seed| {
        Generator::new()
            .puzzle(&spec, &mut Rng::for_item(seed, 5))
            .unwrap()
            .puzzle
    };
    assert_eq!(make(1), make(1));
    assert_ne!(make(1), make(2));
}

#[test]
fn givens_stay_within_the_range_asked_for() {
    let spec = PuzzleSpec {
        min_givens: 36,
        ..PuzzleSpec::default()
    };
    for seed in 0..5 {
        let puzzle = check_puzzle(&spec, seed, false);
        // Blanking stops at the floor; a pair may overshoot it by one.
        assert!((36..=37).contains(&puzzle.givens()), "{}", puzzle.givens());
    }
    let spec = PuzzleSpec {
        max_givens: Some(25),
        symmetry: Symmetry::None,
        ..PuzzleSpec::default()
    };
    for seed in 0..3 {
        assert!(check_puzzle(&spec, seed, true).givens() <= 25);
    }
}

#[test]
fn a_difficulty_is_met_and_agrees_with_the_rater() {
    let mut rater = Rater::new();
    for level in [Level::Easy, Level::Medium, Level::Hard] {
        let spec = PuzzleSpec {
            difficulty: Some(level),
            ..PuzzleSpec::default()
        };
        let made = Generator::new()
            .puzzle(&spec, &mut Rng::from_seed(11))
            .unwrap();
        assert_eq!(made.rating.map(|r| r.level), Some(level));
        assert_eq!(rater.rate(&made.puzzle).unwrap().level, level);
    }
}

#[test]
fn an_impossible_difficulty_gives_up() {
    // A 4x4 puzzle is never expert.
    let spec = PuzzleSpec {
        size: Size::FOUR,
        difficulty: Some(Level::Expert),
        max_attempts: 50,
        ..PuzzleSpec::default()
    };
    let error = Generator::new()
        .puzzle(&spec, &mut Rng::from_seed(1))
        .unwrap_err();
    assert_eq!(
        error.to_string(),
        "no puzzle met the constraints in 50 attempts"
    );
}
