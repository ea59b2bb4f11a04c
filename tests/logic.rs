//! The logical solve path is sound: on every uniquely solvable puzzle of
//! `puzzles/` and on random generated puzzles (classic, variants, and
//! thermometer, kropki and XV puzzles), no step places a wrong digit or
//! strikes a digit of the solution, and the path ends in the solution.
//!
//! The hardest collections (top1465 and the forum's) take minutes in a
//! debug build: there every tenth of their puzzles is explained, and
//! `cargo test --release --test suite logic::` explains them all.

use crate::common;

use std::collections::BTreeSet;

use sudoku_dlx::{
    variant_geometry, Candidates, Decoration, Decorator, Explainer, Explanation, Generator,
    Geometry, Grid, PuzzleSpec, Rng, Rules, Size, Solver, Technique, Variant,
};

/// Every readable puzzle of a bundled file.
fn puzzles(name: &str) -> Vec<Grid> {
    common::bundled_records(name)
        .into_iter()
        .flatten()
        .collect()
}

/// Asserts that every step of `path` keeps the solution `solution`, and
/// that the path ends in it.
fn assert_sound(what: &str, path: &Explanation, solution: &Grid) {
    common::assert_keeps_every_solution(what, path, std::slice::from_ref(solution));
    assert!(path.solved, "{what}: the path stops short");
    assert_eq!(
        path.solution,
        solution.cells(),
        "{what}: the path ends elsewhere"
    );
}

/// Explains every uniquely solvable puzzle of `grids` under `geometry`;
/// returns how many, and adds the techniques their steps used to `used`.
fn check_all(name: &str, geometry: &Geometry, grids: &[Grid]) -> usize {
    check_all_using(name, geometry, grids, &mut BTreeSet::new())
}

fn check_all_using(
    name: &str,
    geometry: &Geometry,
    grids: &[Grid],
    used: &mut BTreeSet<Technique>,
) -> usize {
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
        used.extend(path.steps.iter().map(|step| step.technique));
        checked += 1;
    }
    checked
}

#[test]
fn every_unique_bundled_puzzle_is_explained_soundly() {
    let mut checked = 0;
    let mut used = BTreeSet::new();
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
        let mut grids = puzzles(name);
        // A debug build checks a sample; `.ci/reliability` runs every puzzle
        // in release, with the check that every technique fires.
        if !common::thorough() && name.starts_with("bench-") {
            let step = if name == "bench-17-clue.txt" { 5 } else { 50 };
            grids = grids.into_iter().step_by(step).collect();
        }
        let size = grids[0].size();
        checked += check_all_using(name, Geometry::classic(size), &grids, &mut used);
    }
    // The soundness above is worth something only if the techniques fire
    // (on every puzzle, in release: a sample may miss the rarer ones).
    let wanted = if !common::thorough() {
        &[
            Technique::HiddenSingle,
            Technique::LockedPointing,
            Technique::XWing,
        ][..]
    } else {
        &ALL_EXPECTED[..]
    };
    for &technique in wanted {
        assert!(used.contains(&technique), "no step used {technique}");
    }
    let expected = if common::thorough() { 3400 } else { 300 };
    assert!(checked >= expected, "only {checked} puzzles checked");
}

/// The techniques the bundled puzzles, all of them, use.
const ALL_EXPECTED: [Technique; 22] = [
    Technique::FullHouse,
    Technique::NakedSingle,
    Technique::HiddenSingle,
    Technique::LockedPointing,
    Technique::LockedClaiming,
    Technique::NakedPair,
    Technique::HiddenPair,
    Technique::XWing,
    Technique::NakedTriple,
    Technique::FinnedXWing,
    Technique::Swordfish,
    Technique::HiddenTriple,
    Technique::XyWing,
    Technique::XyzWing,
    Technique::WWing,
    Technique::UniqueRectangle1,
    Technique::XChain,
    Technique::XyChain,
    Technique::Aic,
    Technique::Nishio,
    Technique::ForcingChain,
    Technique::BifurcationSearch,
];

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
    let mut used = BTreeSet::new();
    for variant in [
        Variant::X,
        Variant::Hyper,
        Variant::Disjoint,
        Variant::AntiKing,
        Variant::AntiKnight,
        Variant::NonConsecutive,
    ] {
        let geometry = variant_geometry(Size::NINE, &[variant]).unwrap();
        // Non-consecutive puzzles are slow to make and to search: fewer.
        let count = if variant == Variant::NonConsecutive {
            3
        } else {
            12
        };
        let grids: Vec<Grid> = (0..count)
            .map(|_| variant_puzzle(&geometry, &mut solver, &mut rng))
            .collect();
        let checked = check_all_using(variant.name(), &geometry, &grids, &mut used);
        assert_eq!(checked, grids.len());
    }
    // The rules' groups give common peers that locked candidates miss.
    assert!(used.contains(&Technique::CommonPeer), "{used:?}");
}

/// A random puzzle with one solution under `geometry`, blanked down to
/// about 24 givens (sparser ones are slow to make under some rules).
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
        if puzzle.givens() <= 24 {
            break;
        }
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
fn puzzles_with_several_solutions_keep_every_solution() {
    let mut explainer = Explainer::new();
    let mut solver = Solver::new();
    let mut checked = 0;
    for grid in puzzles("multiple.txt") {
        let geometry = Geometry::classic(grid.size());
        let mut solutions = Vec::new();
        let Ok(stats) = solver.solve_in(geometry, &grid, 500, |s| solutions.push(s.clone())) else {
            continue;
        };
        if stats.stopped_at_limit || solutions.len() < 2 {
            continue;
        }
        let path = explainer.explain(geometry, &grid).unwrap();
        assert!(!path.unique && !path.solved);
        for step in &path.steps {
            assert!(!step.technique.needs_uniqueness(), "{step}");
        }
        common::assert_keeps_every_solution(&format!("{grid:?}"), &path, &solutions);
        checked += 1;
    }
    assert!(checked > 0);
}

#[test]
fn decorated_puzzles_are_explained_soundly_with_a_step_of_their_rule() {
    let spec = PuzzleSpec::default();
    let mut rng = Rng::from_seed(20);
    let mut decorator = Decorator::new();
    for decoration in Decoration::ALL {
        let mut used = BTreeSet::new();
        let mut kinds_named = 0;
        for round in 0..4 {
            let made = decorator
                .puzzle(&Rules::default(), &[decoration], &spec, &mut rng)
                .unwrap();
            let geometry = made.rules.geometry(Size::NINE).unwrap();
            let name = format!("{} {round}", decoration.name());
            let checked = check_all_using(
                &name,
                &geometry,
                std::slice::from_ref(&made.made.puzzle),
                &mut used,
            );
            assert_eq!(checked, 1, "{name}: unique");
            let path = Explainer::new()
                .explain(&geometry, &made.made.puzzle)
                .unwrap();
            kinds_named += path
                .steps
                .iter()
                .filter(|step| step.technique == Technique::ConstraintRule)
                .filter(|step| {
                    let first_rule = made.rules.constraints[0].kind().name();
                    step.clue.contains(first_rule) || step.clue.contains("non-consecutive")
                })
                .count();
        }
        assert!(
            used.contains(&Technique::ConstraintRule),
            "{decoration:?}: {used:?}"
        );
        assert!(kinds_named > 0, "{decoration:?}: no step names the rule");
    }
}

/// The first 20 puzzles of the bundled sets whose rules add up or list
/// their ways (arrows, between lines, quadruples, sandwiches): every path
/// is sound and ends in the solution, and because the trials of the Nishio
/// and forcing chains follow the rules as well as singles, at least 18 of
/// each 20 need no bifurcation (with singles alone, 15, 7, 7 and 4 did).
#[test]
fn the_trials_follow_the_rules_so_sum_and_table_rules_seldom_need_a_bifurcation() {
    for name in ["arrow", "between", "quadruple", "sandwich"] {
        let (puzzles, without_bifurcation) = common::explain_bundled_variant_set(name, 20);
        assert_eq!(puzzles, 20, "{name}: only {puzzles} puzzles");
        assert!(
            without_bifurcation >= 18,
            "{name}: {without_bifurcation} of {puzzles} without a bifurcation"
        );
    }
}

/// The first 20 puzzles of the bundled renban and anti-knight sets: every
/// path is sound and ends in the solution, and because a trial also strikes
/// what sees every place a digit has left in a unit, through the rules as
/// well as the units (a 5 a knight's move from both places of 5 in a row),
/// at least 18 and 13 need no bifurcation (without that look, 14 and 9
/// did).
#[test]
fn the_trials_strike_what_sees_every_place_so_relation_rules_seldom_need_a_bifurcation() {
    for (name, least) in [("renban", 18), ("anti-knight", 13)] {
        let (puzzles, without_bifurcation) = common::explain_bundled_variant_set(name, 20);
        assert_eq!(puzzles, 20, "{name}: only {puzzles} puzzles");
        assert!(
            without_bifurcation >= least,
            "{name}: {without_bifurcation} of {puzzles} without a bifurcation"
        );
    }
}
