//! Random jigsaw layouts and jigsaw puzzles: regions grown from random
//! seeds, kept only when some grid obeys them, then a puzzle made under
//! them by the one generator.
//!
//! A layout starts as the boxes and is stirred by random trades of cells
//! along region borders that keep every region connected and of `n`
//! cells. Not every layout admits a grid; the search for a first grid runs
//! under a node budget, and a layout that does not give one within it is
//! dropped.

use crate::sudoku::generate::{GenerateError, Generated, Generator, PuzzleSpec};
use crate::sudoku::geometry::Geometry;
use crate::sudoku::grid::{Grid, Size};
use crate::sudoku::random::Rng;
use crate::sudoku::rules::{Boxes, Rules};
use crate::sudoku::solver::Solver;

/// Search nodes a layout gets to show that some grid obeys it.
const LAYOUT_NODE_BUDGET: u64 = 20_000;

/// Layouts tried before giving up.
const MAX_LAYOUTS: u32 = 200;

/// A random layout of `size.side()` connected regions of `size.side()`
/// cells each: the region of every cell, row by row, from 0.
///
/// It starts from the size's boxes (rows for a prime side) and makes
/// random trades along region borders: a cell of one region passes to its
/// neighbour region, which gives back one of its own cells beside the
/// first; a trade that would cut either region in two is undone.
pub fn random_regions(size: Size, rng: &mut Rng) -> Vec<u8> {
    let n = size.side();
    let cells = size.cells();
    let mut regions: Vec<u8> = match size.box_shape() {
        Some((rows, columns)) => (0..cells)
            .map(|cell| ((cell / n / rows) * (n / columns) + cell % n / columns) as u8)
            .collect(),
        None => (0..cells).map(|cell| (cell / n) as u8).collect(),
    };
    let mut seen = Vec::with_capacity(n);
    for _ in 0..cells * TRADES_PER_CELL {
        let a = rng.below(cells);
        let from = regions[a];
        let to_cells: Vec<usize> = neighbours(a, n).filter(|&b| regions[b] != from).collect();
        if to_cells.is_empty() {
            continue;
        }
        let to = regions[to_cells[rng.below(to_cells.len())]];
        // A cell of `to` beside `from` (not `a`) goes back the other way.
        let back: Vec<usize> = (0..cells)
            .filter(|&c| regions[c] == to && neighbours(c, n).any(|o| regions[o] == from && o != a))
            .collect();
        if back.is_empty() {
            continue;
        }
        let c = back[rng.below(back.len())];
        regions[a] = to;
        regions[c] = from;
        if !connected(&regions, from, n, &mut seen) || !connected(&regions, to, n, &mut seen) {
            regions[a] = from;
            regions[c] = to;
        }
    }
    regions
}

/// Border trades made per cell of the grid.
const TRADES_PER_CELL: usize = 8;

/// True when the cells of `region` are connected.
fn connected(regions: &[u8], region: u8, n: usize, seen: &mut Vec<usize>) -> bool {
    seen.clear();
    let Some(first) = regions.iter().position(|&r| r == region) else {
        return true;
    };
    seen.push(first);
    let mut k = 0;
    while k < seen.len() {
        for other in neighbours(seen[k], n) {
            if regions[other] == region && !seen.contains(&other) {
                seen.push(other);
            }
        }
        k += 1;
    }
    seen.len() == regions.iter().filter(|&&r| r == region).count()
}

/// The orthogonal neighbours of `cell` in a grid of side `n`.
fn neighbours(cell: usize, n: usize) -> impl Iterator<Item = usize> {
    let (row, column) = (cell / n, cell % n);
    let up = (row > 0).then(|| cell - n);
    let down = (row + 1 < n).then(|| cell + n);
    let left = (column > 0).then(|| cell - 1);
    let right = (column + 1 < n).then(|| cell + 1);
    [up, down, left, right].into_iter().flatten()
}

/// Makes jigsaw puzzles: a random layout some grid obeys, then a puzzle
/// unique and minimal under it.
#[derive(Debug, Default)]
pub struct JigsawGenerator {
    generator: Generator,
    solver: Solver,
}

impl JigsawGenerator {
    /// A generator with empty buffers.
    pub fn new() -> JigsawGenerator {
        JigsawGenerator::default()
    }

    /// A random jigsaw puzzle of `spec.size` under `rules` (whose boxes are
    /// replaced by random regions) and the rules with its regions.
    ///
    /// # Errors
    ///
    /// Fails as [`Generator::puzzle_in`] does, or when no layout of
    /// the 200 tried gives a grid quickly.
    pub fn puzzle(
        &mut self,
        rules: &Rules,
        spec: &PuzzleSpec,
        rng: &mut Rng,
    ) -> Result<(Generated, Rules), GenerateError> {
        let (rules, geometry) = self.layout(rules, spec.size, rng)?;
        let made = self.generator.puzzle_in(&geometry, spec, rng)?;
        Ok((made, rules))
    }

    /// `rules` with random regions of `size` in place of their boxes, on
    /// which a grid was found within the layout's node budget, and their
    /// geometry: the regions that other generators (killer cages, drawn
    /// rules) make their puzzles on.
    ///
    /// # Errors
    ///
    /// Fails when no layout of the 200 tried gives a grid quickly.
    pub fn layout(
        &mut self,
        rules: &Rules,
        size: Size,
        rng: &mut Rng,
    ) -> Result<(Rules, Geometry), GenerateError> {
        let empty = Grid::empty(size);
        for _ in 0..MAX_LAYOUTS {
            let rules = Rules {
                boxes: Boxes::Regions(random_regions(size, rng)),
                ..rules.clone()
            };
            let Ok(geometry) = rules.geometry(size) else {
                continue;
            };
            self.solver.set_node_budget(Some(LAYOUT_NODE_BUDGET));
            let found = self
                .solver
                .solve_in(&geometry, &empty, 1, |_| {})
                .map_or(0, |stats| stats.solutions);
            if found != 0 {
                return Ok((rules, geometry));
            }
        }
        Err(GenerateError::GaveUp {
            attempts: MAX_LAYOUTS,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::generate::Symmetry;

    #[test]
    fn layouts_have_connected_regions_of_one_cell_per_digit() {
        let mut rng = Rng::for_item(5, 0);
        for side in [4, 6, 9, 12] {
            let size = Size::from_side(side).unwrap();
            for _ in 0..20 {
                let regions = random_regions(size, &mut rng);
                for region in 0..side as u8 {
                    let cells: Vec<usize> =
                        (0..side * side).filter(|&c| regions[c] == region).collect();
                    assert_eq!(cells.len(), side);
                    // Connected: a walk from the first cell reaches all.
                    let mut seen = vec![cells[0]];
                    let mut k = 0;
                    while k < seen.len() {
                        for other in neighbours(seen[k], side) {
                            if regions[other] == region && !seen.contains(&other) {
                                seen.push(other);
                            }
                        }
                        k += 1;
                    }
                    assert_eq!(seen.len(), side);
                }
            }
        }
    }

    #[test]
    fn jigsaw_puzzles_are_unique_and_minimal_under_their_regions() {
        let mut rng = Rng::for_item(11, 0);
        let mut jigsaw = JigsawGenerator::new();
        let mut solver = Solver::new();
        // Minimal cell by cell: no symmetry pairs givens up.
        let spec = PuzzleSpec {
            size: Size::SIX,
            symmetry: Symmetry::None,
            ..PuzzleSpec::default()
        };
        for _ in 0..5 {
            let (made, rules) = jigsaw.puzzle(&Rules::classic(), &spec, &mut rng).unwrap();
            let geometry = rules.geometry(Size::SIX).unwrap();
            let count = solver.solve_in(&geometry, &made.puzzle, 2, |_| {}).unwrap();
            assert_eq!(count.solutions, 1);
            for cell in 0..36 {
                if made.puzzle.cells()[cell] == 0 {
                    continue;
                }
                let mut fewer = made.puzzle.clone();
                fewer.set(cell, 0);
                let count = solver.solve_in(&geometry, &fewer, 2, |_| {}).unwrap();
                assert_eq!(count.solutions, 2, "given {cell} could go");
            }
        }
    }

    /// Counts the solutions of `cells` (0 blank) of side `n` under rows,
    /// columns and `regions`, up to `limit`, by plain backtracking on the
    /// rules themselves.
    fn brute_count(cells: &mut [u8], regions: &[u8], n: usize, limit: u32) -> u32 {
        let Some(cell) = cells.iter().position(|&d| d == 0) else {
            return 1;
        };
        let mut found = 0;
        for digit in 1..=n as u8 {
            let clash = (0..n * n).any(|o| {
                cells[o] == digit
                    && (o / n == cell / n || o % n == cell % n || regions[o] == regions[cell])
            });
            if !clash {
                cells[cell] = digit;
                found += brute_count(cells, regions, n, limit - found);
                cells[cell] = 0;
                if found >= limit {
                    break;
                }
            }
        }
        found
    }

    #[test]
    fn counts_agree_with_backtracking_on_a_thousand_random_jigsaws() {
        let mut rng = Rng::for_item(21, 0);
        let mut solver = Solver::new();
        let mut seen = [0; 3];
        for round in 0..1000 {
            let side = if round % 2 == 0 { 4 } else { 6 };
            let size = Size::from_side(side).unwrap();
            let regions = random_regions(size, &mut rng);
            let rules = Rules {
                boxes: Boxes::Regions(regions.clone()),
                ..Rules::classic()
            };
            let geometry = rules.geometry(size).unwrap();
            // Random givens that obey the rules, from a random solution when
            // the layout has one.
            let mut solution = None;
            solver.set_node_budget(None);
            let mut order: Vec<usize> = (0..side * side).collect();
            rng.shuffle(&mut order);
            let mut puzzle = Grid::empty(size);
            for &cell in order.iter().take(side * side / 3) {
                puzzle.set(cell, rng.below(side) as u8 + 1);
                if geometry.first_conflict(&puzzle).is_some() {
                    puzzle.set(cell, 0);
                }
            }
            let stats = solver
                .solve_in(&geometry, &puzzle, 2, |s| solution = Some(s.clone()))
                .unwrap();
            let mut cells = puzzle.cells().to_vec();
            let expected = brute_count(&mut cells, &regions, side, 2);
            assert_eq!(stats.solutions as u32, expected, "{puzzle:?} {regions:?}");
            if let Some(solution) = solution {
                assert!(geometry.first_conflict(&solution).is_none());
            }
            seen[expected as usize] += 1;
        }
        assert!(seen.iter().all(|&count| count > 50), "{seen:?}");
    }
}
