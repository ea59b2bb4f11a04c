//! Solving Sudoku grids with the exact-cover engine.
//!
//! A [`Solver`] turns a puzzle into the exact-cover matrix of
//! [`crate::encoding`], runs [`crate::dlx::Matrix::search`] on it and decodes
//! the chosen options back into filled grids.
//!
//! A given keeps only its own option. Rather than linking all `n^3` options
//! and then covering the givens' options, the solver links only what is left
//! once the givens are placed: the items the givens do not already cover, and
//! the options of empty cells whose digit does not clash with a given in the
//! same row, column or box. The search sees exactly the matrix it would see
//! after covering the givens, at a fraction of the linking work. All buffers
//! live in the solver and are reused from puzzle to puzzle.

use crate::dlx::{Matrix, SearchStats};
use crate::encoding::item_count;
use crate::grid::{Conflict, Grid, Size};

/// Marks an item that the givens already cover.
const COVERED_BY_GIVENS: u32 = u32::MAX;

/// The result of counting the solutions of a puzzle up to a limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SolutionCount {
    /// Solutions found, at most the limit.
    pub found: u64,
    /// True when the limit was reached, so there may be more.
    pub at_limit: bool,
}

/// A reusable Sudoku solver for grids of every supported size.
///
/// # Example
///
/// ```
/// use sudoku_dlx::{Grid, Solver};
///
/// let puzzle: Grid = "3...\
///                     .2..\
///                     ....\
///                     ..3.".parse().unwrap();
/// let mut solver = Solver::new();
/// let count = solver.count_solutions(&puzzle, 100).unwrap();
/// assert_eq!(count.found, 6);
/// let solution = solver.first_solution(&puzzle).unwrap().unwrap();
/// assert!(solution.is_solved() && solution.keeps_givens_of(&puzzle));
/// ```
#[derive(Debug, Clone)]
pub struct Solver {
    matrix: Matrix,
    /// For each item of the full encoding, its number in the reduced matrix.
    item_number: Vec<u32>,
    /// For each option of the reduced matrix, the placement it stands for.
    placements: Vec<(u16, u8)>,
    /// The solution being decoded.
    solution: Grid,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

impl Solver {
    /// A solver with empty buffers; they grow to fit the largest grid seen.
    pub fn new() -> Solver {
        Solver {
            matrix: Matrix::new(0, 0),
            item_number: Vec::new(),
            placements: Vec::new(),
            solution: Grid::empty(Size::NINE),
        }
    }

    /// Searches `puzzle` for up to `limit` solutions, calling `on_solution`
    /// with each one.
    ///
    /// # Errors
    ///
    /// Returns the first [`Conflict`] when the givens break the rules; no
    /// search is made then.
    pub fn solve(
        &mut self,
        puzzle: &Grid,
        limit: u64,
        mut on_solution: impl FnMut(&Grid),
    ) -> Result<SearchStats, Conflict> {
        self.build(puzzle)?;
        let Solver {
            matrix,
            placements,
            solution,
            ..
        } = self;
        solution.clone_from(puzzle);
        let stats = matrix.search_once(limit, |options| {
            for &option in options {
                let (cell, digit) = placements[option];
                solution.set(cell as usize, digit);
            }
            on_solution(solution);
        });
        Ok(stats)
    }

    /// The first solution found, or `None` when there is none.
    ///
    /// # Errors
    ///
    /// Returns the first [`Conflict`] when the givens break the rules.
    pub fn first_solution(&mut self, puzzle: &Grid) -> Result<Option<Grid>, Conflict> {
        let mut first = None;
        self.solve(puzzle, 1, |solution| first = Some(solution.clone()))?;
        Ok(first)
    }

    /// Counts the solutions of `puzzle`, stopping at `limit`.
    ///
    /// # Errors
    ///
    /// Returns the first [`Conflict`] when the givens break the rules.
    pub fn count_solutions(
        &mut self,
        puzzle: &Grid,
        limit: u64,
    ) -> Result<SolutionCount, Conflict> {
        let stats = self.solve(puzzle, limit, |_| {})?;
        Ok(SolutionCount {
            found: stats.solutions,
            at_limit: stats.stopped_at_limit,
        })
    }

    /// True when `puzzle` has exactly one solution.
    ///
    /// # Errors
    ///
    /// Returns the first [`Conflict`] when the givens break the rules.
    pub fn is_unique(&mut self, puzzle: &Grid) -> Result<bool, Conflict> {
        Ok(self.count_solutions(puzzle, 2)?.found == 1)
    }

    /// Fills the matrix with what is left of `puzzle` once its givens are
    /// placed, or finds that two givens clash.
    ///
    /// The givens are checked on the way, with the digit masks the build
    /// needs anyway; [`Grid::first_conflict`] is only asked to name the
    /// clash when there is one.
    fn build(&mut self, puzzle: &Grid) -> Result<(), Conflict> {
        let size = puzzle.size();
        let (n, b) = (size.side(), size.box_side());
        let cells = size.cells();
        // The box of each column within a band of boxes, without a division
        // per cell.
        let mut box_of_column = [0usize; 25];
        for (column, bx) in box_of_column[..n].iter_mut().enumerate() {
            *bx = column / b;
        }
        // Digits used by the givens in each row, column and box, as bit masks.
        let mut used = [[0u32; 25]; 3];
        let mut clash = false;
        let grid = puzzle.cells();
        for row in 0..n {
            let band = row / b * b;
            for (column, &digit) in grid[row * n..][..n].iter().enumerate() {
                if digit != 0 {
                    let bit = 1 << (digit - 1);
                    let bx = band + box_of_column[column];
                    clash |= (used[0][row] | used[1][column] | used[2][bx]) & bit != 0;
                    used[0][row] |= bit;
                    used[1][column] |= bit;
                    used[2][bx] |= bit;
                }
            }
        }
        if clash {
            if let Some(conflict) = puzzle.first_conflict() {
                return Err(conflict);
            }
        }
        // Number the items still to cover: the cells first, then the digits
        // of rows, columns and boxes. The search breaks ties to the leftmost
        // item, so among items with two options it tries a cell's two
        // digits before a digit's two places; on the hard collections that
        // takes a quarter fewer nodes than the order of the encoding.
        self.item_number.clear();
        self.item_number.resize(item_count(size), COVERED_BY_GIVENS);
        let mut primary = 0u32;
        for (cell, &digit) in grid.iter().enumerate() {
            if digit == 0 {
                self.item_number[3 * cells + cell] = primary;
                primary += 1;
            }
        }
        for (family, masks) in used.iter().enumerate() {
            for (unit, &mask) in masks[..n].iter().enumerate() {
                let numbers = &mut self.item_number[family * cells + unit * n..][..n];
                for (digit, number) in numbers.iter_mut().enumerate() {
                    if mask & (1 << digit) == 0 {
                        *number = primary;
                        primary += 1;
                    }
                }
            }
        }
        self.matrix.reset(primary as usize, 0);
        self.placements.clear();
        let all = u32::MAX >> (32 - n);
        let number = |item: usize| self.item_number[item] as usize;
        for row in 0..n {
            let band = row / b * b;
            for column in 0..n {
                let cell = row * n + column;
                if grid[cell] != 0 {
                    continue;
                }
                let bx = band + box_of_column[column];
                let mut free = all & !(used[0][row] | used[1][column] | used[2][bx]);
                let cell_item = number(3 * cells + cell);
                while free != 0 {
                    let d = free.trailing_zeros() as usize;
                    free &= free - 1;
                    // The items of `encoding::items_of`, in its order.
                    let items = [
                        number(row * n + d),
                        number(cells + column * n + d),
                        number(2 * cells + bx * n + d),
                        cell_item,
                    ];
                    // The items are distinct and in range by construction.
                    self.matrix
                        .add_option(&items)
                        .expect("a Sudoku option covers four distinct items");
                    self.placements.push((cell as u16, d as u8 + 1));
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const INKALA: &str =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

    #[test]
    fn inkala_has_one_solution() {
        let puzzle: Grid = INKALA.parse().unwrap();
        let mut solver = Solver::new();
        let count = solver.count_solutions(&puzzle, 10).unwrap();
        assert_eq!(
            count,
            SolutionCount {
                found: 1,
                at_limit: false
            }
        );
        let solution = solver.first_solution(&puzzle).unwrap().unwrap();
        assert!(solution.is_solved());
        assert!(solution.keeps_givens_of(&puzzle));
    }

    #[test]
    fn seed_puzzle_as_printed_has_no_solution() {
        let puzzle: Grid = "3....2...41...3.".parse().unwrap();
        assert_eq!(Solver::new().count_solutions(&puzzle, 10).unwrap().found, 0);
    }

    #[test]
    fn empty_four_by_four_has_288_solutions() {
        let mut solver = Solver::new();
        let mut distinct = std::collections::HashSet::new();
        solver
            .solve(&Grid::empty(Size::FOUR), u64::MAX, |g| {
                assert!(g.is_solved());
                distinct.insert(g.clone());
            })
            .unwrap();
        assert_eq!(distinct.len(), 288);
    }

    #[test]
    fn conflicting_givens_are_refused_before_search() {
        let puzzle: Grid = "11..............".parse().unwrap();
        let conflict = Solver::new().count_solutions(&puzzle, 2).unwrap_err();
        assert_eq!(conflict.digit, 1);
    }

    #[test]
    fn a_solved_grid_is_its_own_solution() {
        let grid: Grid = "1423234141323214".parse().unwrap();
        let mut solver = Solver::new();
        assert_eq!(solver.first_solution(&grid).unwrap(), Some(grid.clone()));
        assert!(solver.is_unique(&grid).unwrap());
    }

    #[test]
    fn one_solver_serves_every_size() {
        let mut solver = Solver::new();
        for size in Size::ALL {
            let mut found = None;
            solver
                .solve(&Grid::empty(size), 1, |g| found = Some(g.clone()))
                .unwrap();
            let found = found.unwrap();
            assert!(found.is_solved(), "{size}");
        }
    }
}
