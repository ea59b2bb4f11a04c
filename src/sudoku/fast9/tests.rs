//! The fast path on its own, and against the general path of the solver.

use super::Fast9;
use crate::engine::TieBreak;
use crate::sudoku::grid::{Grid, Size};
use crate::sudoku::solver::Solver;
use crate::Rng;

const INKALA: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

/// The solutions of `puzzle` up to `limit` by the fast path.
fn fast(puzzle: &Grid, limit: u64) -> Option<Vec<Grid>> {
    let mut found = Vec::new();
    let mut solution = Grid::empty(Size::NINE);
    Fast9::default().solve(puzzle.cells(), limit, u64::MAX, &mut solution, |s| {
        found.push(s.clone())
    })?;
    Some(found)
}

/// The count up to `limit` by the general path (dancing links).
fn general(puzzle: &Grid, limit: u64) -> Option<u64> {
    let mut solver = Solver::new();
    solver.set_tie_break(TieBreak::Leftmost);
    solver.count_solutions(puzzle, limit).ok().map(|c| c.found)
}

#[test]
fn inkala_has_one_solution_that_keeps_its_givens() {
    let puzzle: Grid = INKALA.parse().unwrap();
    let found = fast(&puzzle, 10).unwrap();
    assert_eq!(found.len(), 1);
    assert!(found[0].is_solved() && found[0].keeps_givens_of(&puzzle));
}

#[test]
fn the_empty_grid_has_solutions_up_to_any_limit() {
    let found = fast(&Grid::empty(Size::NINE), 50).unwrap();
    assert_eq!(found.len(), 50);
    let distinct: std::collections::HashSet<_> = found.iter().collect();
    assert_eq!(distinct.len(), 50);
    assert!(found.iter().all(Grid::is_solved));
}

#[test]
fn clashing_givens_are_left_to_the_general_path() {
    let mut cells = [0u8; 81];
    cells[0] = 5;
    cells[80] = 5;
    assert!(fast(&Grid::from_cells(&cells).unwrap(), 2).is_some());
    cells[8] = 5;
    assert!(fast(&Grid::from_cells(&cells).unwrap(), 2).is_none());
}

#[test]
fn a_limit_of_zero_stops_before_looking() {
    let puzzle: Grid = INKALA.parse().unwrap();
    let mut solution = Grid::empty(Size::NINE);
    let stats = Fast9::default()
        .solve(puzzle.cells(), 0, u64::MAX, &mut solution, |_| {
            panic!("no solution at limit 0")
        })
        .unwrap();
    assert!(stats.stopped_at_limit && stats.solutions == 0);
}

#[test]
fn the_node_budget_stops_the_search() {
    let puzzle: Grid = INKALA.parse().unwrap();
    let mut solution = Grid::empty(Size::NINE);
    let mut fast9 = Fast9::default();
    let stats = fast9
        .solve(puzzle.cells(), 2, u64::MAX, &mut solution, |_| {})
        .unwrap();
    assert!(stats.nodes > 10 && !stats.stopped_at_node_budget);
    let capped = fast9
        .solve(puzzle.cells(), 2, 5, &mut solution, |_| {})
        .unwrap();
    assert!(capped.stopped_at_node_budget);
    assert!(capped.nodes < stats.nodes);
}

/// A random solved grid with each cell kept with the probability `keep`,
/// and sometimes one digit changed (which may leave no solution).
fn random_puzzle(rng: &mut Rng, keep: f64) -> Grid {
    let mut solver = Solver::new();
    let mut cells = [0u8; 81];
    for _ in 0..11 {
        cells[rng.below(81)] = rng.below(9) as u8 + 1;
    }
    let seeded = Grid::from_cells(&cells).unwrap();
    let solved = match solver.first_solution(&seeded) {
        Ok(Some(solved)) => solved,
        _ => return Grid::empty(Size::NINE),
    };
    let mut cells = solved.cells().to_vec();
    for value in cells.iter_mut() {
        if (rng.below(1000) as f64) >= keep * 1000.0 {
            *value = 0;
        }
    }
    if rng.below(4) == 0 {
        let cell = rng.below(81);
        if cells[cell] != 0 {
            cells[cell] = rng.below(9) as u8 + 1;
        }
    }
    Grid::from_cells(&cells).unwrap()
}

#[test]
fn random_puzzles_count_as_the_general_path_counts_them() {
    let mut rng = Rng::from_seed(21);
    let mut seen = [0usize; 4];
    for round in 0..400 {
        let keep = [0.2, 0.3, 0.4, 0.6][round % 4];
        let puzzle = random_puzzle(&mut rng, keep);
        let expected = general(&puzzle, 3);
        let found = fast(&puzzle, 3);
        assert_eq!(
            found.as_ref().map(|f| f.len() as u64),
            expected,
            "{puzzle:?}"
        );
        for solution in found.iter().flatten() {
            assert!(solution.is_solved() && solution.keeps_givens_of(&puzzle));
        }
        seen[expected.map_or(3, |count| count.min(2) as usize)] += 1;
    }
    // Puzzles with none, one and several solutions were all met.
    assert!(seen[0] > 0 && seen[1] > 0 && seen[2] > 0, "{seen:?}");
}
