//! Random complete samurai and samurai puzzles with exactly one solution.
//!
//! A complete samurai comes from the engine itself: the options of the
//! blank samurai are added to the matrix in a random order
//! ([`SamuraiSolver::solve_shuffled`]) and the first exact cover found is
//! the grid. A search that runs past a node budget starts again with a new
//! order and twice the budget.
//!
//! A puzzle starts from such a grid, as the classic generator's do
//! ([`crate::sudoku::generate`]): its cells are split into the groups of a
//! [`Symmetry`] of the 21x21 frame (the layout is the same under every
//! one), and the groups are visited once in a random order; a group is
//! blanked when the puzzle keeps exactly one solution without it. Blanking
//! more cells only adds solutions, so a group kept once can never go
//! later: one pass leaves a puzzle from which no group can be removed (no
//! single given, with [`Symmetry::None`]). Uniqueness is proven by singles
//! ([`SamuraiSingles`]) when they fill the grid, else by a count to two.

use thiserror::Error;

use crate::sudoku::generate::{PuzzleSpec, Symmetry};
use crate::sudoku::grid::{Grid, Size};
use crate::sudoku::random::Rng;
use crate::sudoku::rating::Rating;
use crate::sudoku::samurai::{
    SamuraiGrid, SamuraiLayout, SamuraiSolver, SAMURAI_CELLS, SAMURAI_GRIDS, SAMURAI_SIDE,
};
use crate::sudoku::samurai_rating::{SamuraiRateError, SamuraiRater};
use crate::sudoku::samurai_singles::SamuraiSingles;
use crate::sudoku::singles::Outcome;
use crate::sudoku::solver::Solver;

/// The node budget of the first search for a complete samurai; it doubles
/// at each new start.
const FIRST_FILL_BUDGET: u64 = 2_000;

/// The node budget of the search of one probe (the puzzle with a digit
/// other than the solution's placed); past it the probe counts as having a
/// solution, so the given stays and the puzzle stays unique.
const PROBE_BUDGET: u64 = 1_000_000;

/// A samurai puzzle and what is known about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SamuraiGenerated {
    /// The puzzle, with exactly one solution.
    pub puzzle: SamuraiGrid,
    /// Its solution.
    pub solution: SamuraiGrid,
    /// Its rating, when one was asked for.
    pub rating: Option<Rating>,
    /// How many puzzles were made to get this one (1 when the first fit).
    pub attempts: u32,
    /// True when every group kept was proven to be needed: no group can be
    /// removed with the puzzle staying unique. False when a probe reached
    /// its node budget and its group was kept unproven (rare), or when
    /// `min_givens` stopped the blanking.
    pub minimal: bool,
}

/// Why no samurai puzzle came out.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum SamuraiGenerateError {
    /// No puzzle met the givens and difficulty asked for.
    #[error("no samurai puzzle met the constraints in {attempts} attempts")]
    GaveUp {
        /// How many puzzles were tried.
        attempts: u32,
    },
    /// A puzzle could not be rated (a bug: generated puzzles are unique).
    #[error("a generated samurai could not be rated: {0}")]
    Rating(#[from] SamuraiRateError),
}

/// Makes complete samurai and puzzles, reusing its solver and buffers.
///
/// # Example
///
/// ```
/// use sudoku_dlx::{PuzzleSpec, Rng, SamuraiGenerator, SamuraiSolver};
///
/// let made = SamuraiGenerator::new()
///     .puzzle(&PuzzleSpec::default(), &mut Rng::from_seed(1))
///     .unwrap();
/// assert!(made.solution.is_solved());
/// let count = SamuraiSolver::new().count_solutions(&made.puzzle, 2).unwrap();
/// assert_eq!(count.found, 1);
/// ```
#[derive(Debug, Clone)]
pub struct SamuraiGenerator {
    solver: SamuraiSolver,
    singles: SamuraiSingles,
    rater: SamuraiRater,
    /// The puzzle with one more group blanked.
    work: SamuraiGrid,
    /// The puzzle being checked with one more digit tried.
    probe: SamuraiGrid,
    /// The cells of every group, one group after another.
    group_cells: Vec<u16>,
    /// Where each group starts in `group_cells`, and one past the last.
    group_starts: Vec<u32>,
    /// What the groups were made for.
    groups_for: Option<Symmetry>,
    /// The groups in the order they are visited.
    visit: Vec<u32>,
    /// One grid of the probe, and the solver of such grids.
    grid: Grid,
    grid_solver: Solver,
    /// Set when a probe of the puzzle being made reached its node budget.
    cut_short: bool,
}

impl Default for SamuraiGenerator {
    fn default() -> Self {
        SamuraiGenerator::new()
    }
}

impl SamuraiGenerator {
    /// A generator with empty buffers.
    pub fn new() -> SamuraiGenerator {
        SamuraiGenerator {
            solver: SamuraiSolver::new(),
            singles: SamuraiSingles::new(),
            rater: SamuraiRater::new(),
            work: SamuraiGrid::empty(),
            probe: SamuraiGrid::empty(),
            group_cells: Vec::new(),
            group_starts: Vec::new(),
            groups_for: None,
            visit: Vec::new(),
            grid: Grid::empty(Size::NINE),
            grid_solver: Solver::new(),
            cut_short: false,
        }
    }

    /// Fills `grid` with a random complete samurai.
    pub fn fill_solved(&mut self, rng: &mut Rng, grid: &mut SamuraiGrid) {
        let mut budget = FIRST_FILL_BUDGET;
        let blank = SamuraiGrid::empty();
        loop {
            self.solver.set_node_budget(Some(budget));
            let mut found = false;
            // A blank samurai has no clashing givens.
            let _ = self.solver.solve_shuffled(&blank, 1, rng, |solution| {
                grid.clone_from(solution);
                found = true;
            });
            self.solver.set_node_budget(None);
            if found {
                return;
            }
            budget = budget.saturating_mul(2);
        }
    }

    /// A random samurai puzzle with exactly one solution, as `spec` asks
    /// (its symmetry is one of the 21x21 frame; `spec.size` is not read).
    ///
    /// # Errors
    ///
    /// Fails when `spec.max_attempts` puzzles in a row miss
    /// `spec.max_givens` or `spec.difficulty`.
    pub fn puzzle(
        &mut self,
        spec: &PuzzleSpec,
        rng: &mut Rng,
    ) -> Result<SamuraiGenerated, SamuraiGenerateError> {
        self.make_groups(spec.symmetry);
        let mut solution = SamuraiGrid::empty();
        for attempt in 1..=spec.max_attempts.max(1) {
            self.fill_solved(rng, &mut solution);
            let mut puzzle = solution.clone();
            self.cut_short = false;
            let stopped = self.blank(spec, rng, &solution, &mut puzzle);
            if spec.max_givens.is_some_and(|most| puzzle.givens() > most) {
                continue;
            }
            let rating = if spec.rate || spec.difficulty.is_some() {
                Some(self.rater.rate(&puzzle)?)
            } else {
                None
            };
            if spec
                .difficulty
                .is_some_and(|level| rating.map(|r| r.level) != Some(level))
            {
                continue;
            }
            return Ok(SamuraiGenerated {
                puzzle,
                solution,
                rating,
                attempts: attempt,
                minimal: !self.cut_short && !stopped,
            });
        }
        Err(SamuraiGenerateError::GaveUp {
            attempts: spec.max_attempts.max(1),
        })
    }

    /// Blanks the groups of `puzzle`, at first `solution`, in a random
    /// order, each one that leaves it unique, down to `spec.min_givens`;
    /// true when that bound left a group that might have gone.
    fn blank(
        &mut self,
        spec: &PuzzleSpec,
        rng: &mut Rng,
        solution: &SamuraiGrid,
        puzzle: &mut SamuraiGrid,
    ) -> bool {
        let mut stopped = false;
        self.visit.clear();
        self.visit.extend(0..self.group_starts.len() as u32 - 1);
        rng.shuffle(&mut self.visit);
        let mut givens = SAMURAI_CELLS;
        for k in 0..self.visit.len() {
            let group = self.visit[k] as usize;
            let cells = self.group_starts[group] as usize..self.group_starts[group + 1] as usize;
            if givens < spec.min_givens + cells.len() {
                stopped = true;
                continue;
            }
            self.work.clone_from(puzzle);
            for &cell in &self.group_cells[cells.clone()] {
                self.work.set(usize::from(cell), 0);
            }
            if self.is_unique(solution, cells.clone()) {
                for &cell in &self.group_cells[cells.clone()] {
                    puzzle.set(usize::from(cell), 0);
                }
                givens -= cells.len();
            }
        }
        stopped
    }

    /// True when `self.work`, a puzzle whose only solution was `solution`
    /// until the cells of group `cells` were blanked, still has only that
    /// one.
    ///
    /// Singles settle most cases: once they fill the grid, it is unique.
    /// Otherwise a second solution would differ from `solution` in a cell
    /// of the group, so each such cell in turn tries its other candidates
    /// (the cells before it keeping their digits): singles again, and a
    /// limit-1 search when they stall.
    fn is_unique(&mut self, solution: &SamuraiGrid, cells: std::ops::Range<usize>) -> bool {
        for index in cells {
            match self.singles.fill_in(&mut self.work, true) {
                Outcome::Solved => return true,
                // The solution is still a solution.
                Outcome::Contradiction => return false,
                Outcome::Stalled => {}
            }
            let cell = usize::from(self.group_cells[index]);
            if self.work.get(cell) != 0 {
                continue;
            }
            let known = solution.get(cell);
            let mut others = self.singles.candidates(cell) & !(1 << known);
            while others != 0 {
                let digit = others.trailing_zeros() as u8;
                others &= others - 1;
                self.probe.clone_from(&self.work);
                self.probe.set(cell, digit);
                match self.singles.fill_in(&mut self.probe, true) {
                    Outcome::Solved => return false,
                    Outcome::Contradiction => continue,
                    Outcome::Stalled => {}
                }
                if !self.each_grid_solvable() {
                    continue;
                }
                // The probe's digits are forced: they do not clash.
                self.solver.set_node_budget(Some(PROBE_BUDGET));
                let found = self.solver.solve(&self.probe, 1, |_| {});
                self.solver.set_node_budget(None);
                match found {
                    Ok(stats) if stats.solutions == 1 => return false,
                    // Not settled: the group stays, the puzzle unique.
                    Ok(stats) if stats.stopped_at_node_budget => {
                        self.cut_short = true;
                        return false;
                    }
                    _ => {}
                }
            }
            self.work.set(cell, known);
        }
        true
    }

    /// True when each of the five grids of the probe, taken alone as a
    /// classic 9x9, has a solution: a cheap first test that settles most
    /// probes with none, which the search of the whole samurai can take
    /// long to prove (it branches in the other grids as well).
    fn each_grid_solvable(&mut self) -> bool {
        let layout = SamuraiLayout::get();
        SAMURAI_GRIDS.iter().all(|&(top, left)| {
            for row in 0..9 {
                for column in 0..9 {
                    let cell = layout
                        .cell_at(top + row, left + column)
                        .expect("a grid's cells are cells");
                    self.grid.set(row * 9 + column, self.probe.get(cell));
                }
            }
            self.grid_solver
                .solve(&self.grid, 1, |_| {})
                .is_ok_and(|stats| stats.solutions == 1)
        })
    }

    /// Splits the cells into the groups of `symmetry` of the frame, unless
    /// that is already done.
    fn make_groups(&mut self, symmetry: Symmetry) {
        if self.groups_for == Some(symmetry) {
            return;
        }
        self.groups_for = Some(symmetry);
        self.group_cells.clear();
        self.group_starts.clear();
        let layout = SamuraiLayout::get();
        let frame = Size::from_side(SAMURAI_SIDE).expect("21 is a size of the model");
        let mut grouped = [false; SAMURAI_CELLS];
        for first in 0..SAMURAI_CELLS {
            if grouped[first] {
                continue;
            }
            self.group_starts.push(self.group_cells.len() as u32);
            let mut cell = first;
            while !grouped[cell] {
                grouped[cell] = true;
                self.group_cells.push(cell as u16);
                let place = layout.position(cell);
                let image = symmetry.image(frame, place.row * SAMURAI_SIDE + place.column);
                // Every symmetry of the frame maps the layout onto itself.
                cell = layout
                    .cell_at(image / SAMURAI_SIDE, image % SAMURAI_SIDE)
                    .expect("the image of a cell is a cell");
            }
        }
        self.group_starts.push(self.group_cells.len() as u32);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn complete_samurai_are_solved_and_differ_from_seed_to_seed() {
        let mut generator = SamuraiGenerator::new();
        let mut grids = Vec::new();
        for seed in 0..3 {
            let mut grid = SamuraiGrid::empty();
            generator.fill_solved(&mut Rng::from_seed(seed), &mut grid);
            assert!(grid.is_solved());
            grids.push(grid);
        }
        assert!(grids[0] != grids[1] && grids[1] != grids[2]);
    }

    #[test]
    fn a_puzzle_is_unique_minimal_and_the_same_for_the_same_seed() {
        let mut generator = SamuraiGenerator::new();
        let spec = PuzzleSpec {
            symmetry: Symmetry::None,
            ..PuzzleSpec::default()
        };
        let made = generator.puzzle(&spec, &mut Rng::from_seed(6)).unwrap();
        assert!(made.solution.is_solved() && made.solution.keeps_givens_of(&made.puzzle));
        let mut solver = SamuraiSolver::new();
        assert_eq!(solver.count_solutions(&made.puzzle, 2).unwrap().found, 1);
        assert!(made.minimal);
        for cell in (0..SAMURAI_CELLS).filter(|&cell| made.puzzle.get(cell) != 0) {
            let mut fewer = made.puzzle.clone();
            fewer.set(cell, 0);
            assert_eq!(solver.count_solutions(&fewer, 2).unwrap().found, 2);
        }
        let again = generator.puzzle(&spec, &mut Rng::from_seed(6)).unwrap();
        assert_eq!(again, made);
    }

    #[test]
    fn symmetric_groups_are_blanked_together_and_rated_on_request() {
        let spec = PuzzleSpec {
            symmetry: Symmetry::Rot180,
            rate: true,
            min_givens: 150,
            ..PuzzleSpec::default()
        };
        let made = SamuraiGenerator::new()
            .puzzle(&spec, &mut Rng::from_seed(9))
            .unwrap();
        let layout = SamuraiLayout::get();
        for cell in 0..SAMURAI_CELLS {
            let place = layout.position(cell);
            let image = layout
                .cell_at(
                    SAMURAI_SIDE - 1 - place.row,
                    SAMURAI_SIDE - 1 - place.column,
                )
                .unwrap();
            assert_eq!(made.puzzle.get(cell) == 0, made.puzzle.get(image) == 0);
        }
        // Stopped at the givens asked for, or a group (of two) above.
        assert!((150..=151).contains(&made.puzzle.givens()));
        let rating = made.rating.unwrap();
        assert_eq!(SamuraiRater::new().rate(&made.puzzle), Ok(rating));
    }
}
