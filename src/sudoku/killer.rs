//! Killer Sudoku generation: a random complete grid cut into random cages,
//! each with the sum of its digits and no given digit, unique and minimal.
//!
//! The cut grows cages of two to five orthogonally connected cells (fewer
//! on grids too small for them) from random seeds, never putting a digit
//! twice in a cage; a cell left alone joins a neighbouring cage that lacks
//! its digit when there is one. With every sum, most cuts have one
//! solution; a cut with more is dropped and another tried.
//!
//! Minimal means here: no sum can be removed while the puzzle provably
//! stays unique. The sums are visited in a random order and each is
//! removed when the puzzle without it still has one solution; a cage whose
//! sum is gone stays a cage (its digits still differ). Cages themselves are
//! never removed or merged, and there are no givens to remove. Every check
//! is a count of solutions up to 2 by the exact-cover solver, within
//! [`NODE_BUDGET`] search nodes: with few sums a killer can take the search
//! millions of nodes, so a count that reaches the budget counts as not
//! unique (the cut is dropped, or the sum kept). A sum is thus kept either
//! because the puzzle has two solutions without it or because that was not
//! settled within the budget.

use thiserror::Error;

use crate::sudoku::generate::Generator;
use crate::sudoku::grid::{Grid, Size};
use crate::sudoku::random::Rng;
use crate::sudoku::rules::{Cage, Rules, RulesError};
use crate::sudoku::solver::Solver;

/// The most search nodes one count of solutions may take. On three 9x9
/// killers (seed 11), 1 of the 79 checks of a sum reached it, and making a
/// killer took about 8 s; with 20,000 nodes, 58 of 158 checks on six
/// killers did, and most of the sums they kept could go (25 of 29 proved
/// unique with more nodes), while a killer took about 1.7 s.
pub const NODE_BUDGET: u64 = 2_000_000;

/// The most cuts of one grid tried before another grid is made.
const CUTS_PER_GRID: u32 = 20;

/// The most grids tried before giving up.
const MAX_GRIDS: u32 = 50;

/// A killer puzzle: its rules (standard boxes and the cages, some with
/// sums), no given digit, and its one solution.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Killer {
    /// The rules: standard boxes, the cages.
    pub rules: Rules,
    /// The puzzle's one solution.
    pub solution: Grid,
    /// How many cuts were tried before one had one solution.
    pub attempts: u32,
}

/// Why no killer puzzle came out.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum KillerError {
    /// No cut of any grid tried had one solution.
    #[error("no cut into cages had one solution in {attempts} attempts")]
    GaveUp {
        /// How many cuts were tried.
        attempts: u32,
    },
    /// The cages made no geometry (a bug: cuts obey the rules).
    #[error("a cut made invalid rules: {0}")]
    Rules(#[from] RulesError),
}

/// Makes killer puzzles, reusing its generator, solver and buffers.
///
/// # Example
///
/// ```
/// use sudoku_dlx::{Grid, KillerGenerator, Rng, Size, Solver};
///
/// let killer = KillerGenerator::new().puzzle(Size::FOUR, &mut Rng::from_seed(3)).unwrap();
/// let geometry = killer.rules.geometry(Size::FOUR).unwrap();
/// let count = Solver::new().solve_in(&geometry, &Grid::empty(Size::FOUR), 2, |_| {}).unwrap();
/// assert_eq!(count.solutions, 1);
/// ```
#[derive(Debug, Clone, Default)]
pub struct KillerGenerator {
    generator: Generator,
    solver: Solver,
    /// The cage of each cell while cutting, `usize::MAX` for none yet.
    cage_of: Vec<usize>,
    /// The cells in a random order.
    order: Vec<usize>,
    /// Cells that can join the cage being grown.
    frontier: Vec<usize>,
}

impl KillerGenerator {
    /// A generator with empty buffers.
    pub fn new() -> KillerGenerator {
        KillerGenerator::default()
    }

    /// A random killer puzzle of `size` with one solution and no givens,
    /// minimal for its sums (see the module documentation).
    ///
    /// # Errors
    ///
    /// Fails when no cut of the grids tried has one solution.
    pub fn puzzle(&mut self, size: Size, rng: &mut Rng) -> Result<Killer, KillerError> {
        let mut attempts = 0;
        for _ in 0..MAX_GRIDS {
            let solution = self.generator.solved(size, rng);
            for _ in 0..CUTS_PER_GRID {
                attempts += 1;
                let mut rules = Rules {
                    cages: self.cut(&solution, rng),
                    ..Rules::classic()
                };
                if self.count(&rules, size)? != Some(1) {
                    continue;
                }
                self.remove_sums(&mut rules, size, rng)?;
                return Ok(Killer {
                    rules,
                    solution,
                    attempts,
                });
            }
        }
        Err(KillerError::GaveUp { attempts })
    }

    /// The solutions of `rules` on an empty grid of `size`, counted up to
    /// 2; `None` when the count reached [`NODE_BUDGET`] first.
    fn count(&mut self, rules: &Rules, size: Size) -> Result<Option<u64>, KillerError> {
        let geometry = rules.geometry(size)?;
        self.solver.set_node_budget(Some(NODE_BUDGET));
        let stats = self
            .solver
            .solve_in(&geometry, &Grid::empty(size), 2, |_| {})
            .expect("an empty grid breaks no rule");
        Ok((!stats.stopped_at_node_budget).then_some(stats.solutions))
    }

    /// Removes the sums of `rules` one at a time, in a random order, each
    /// when the puzzle stays unique without it.
    fn remove_sums(
        &mut self,
        rules: &mut Rules,
        size: Size,
        rng: &mut Rng,
    ) -> Result<(), KillerError> {
        let mut order: Vec<usize> = (0..rules.cages.len()).collect();
        rng.shuffle(&mut order);
        for cage in order {
            let sum = rules.cages[cage].sum.take();
            if self.count(rules, size)? != Some(1) {
                rules.cages[cage].sum = sum;
            }
        }
        Ok(())
    }

    /// Cuts `solution` into random cages of distinct digits, each with the
    /// sum of its digits.
    fn cut(&mut self, solution: &Grid, rng: &mut Rng) -> Vec<Cage> {
        let n = solution.size().side();
        let cells = solution.cells();
        let largest = n.min(5);
        self.cage_of.clear();
        self.cage_of.resize(cells.len(), usize::MAX);
        self.order.clear();
        self.order.extend(0..cells.len());
        rng.shuffle(&mut self.order);
        let mut cages: Vec<Vec<usize>> = Vec::new();
        for k in 0..self.order.len() {
            let seed = self.order[k];
            if self.cage_of[seed] != usize::MAX {
                continue;
            }
            let target = (2 + rng.below(largest - 1)).min(largest);
            let mut cage = vec![seed];
            self.cage_of[seed] = cages.len();
            while cage.len() < target {
                self.frontier.clear();
                for &cell in &cage {
                    for neighbour in neighbours(n, cell) {
                        let free = self.cage_of[neighbour] == usize::MAX;
                        let new_digit = cage.iter().all(|&c| cells[c] != cells[neighbour]);
                        if free && new_digit && !self.frontier.contains(&neighbour) {
                            self.frontier.push(neighbour);
                        }
                    }
                }
                if self.frontier.is_empty() {
                    break;
                }
                let next = self.frontier[rng.below(self.frontier.len())];
                self.cage_of[next] = cages.len();
                cage.push(next);
            }
            cages.push(cage);
        }
        self.merge_single_cells(&mut cages, solution, rng);
        cages
            .into_iter()
            .filter(|cage| !cage.is_empty())
            .map(|mut cage| {
                cage.sort_unstable();
                let sum = cage.iter().map(|&cell| u32::from(cells[cell])).sum();
                Cage {
                    cells: cage,
                    sum: Some(sum),
                }
            })
            .collect()
    }

    /// Moves each cell left alone in its cage into a random neighbouring
    /// cage that lacks its digit and has room, when there is one.
    fn merge_single_cells(&mut self, cages: &mut [Vec<usize>], solution: &Grid, rng: &mut Rng) {
        let n = solution.size().side();
        let cells = solution.cells();
        let most = n.min(6);
        for alone in 0..cages.len() {
            if cages[alone].len() != 1 {
                continue;
            }
            let cell = cages[alone][0];
            self.frontier.clear();
            for neighbour in neighbours(n, cell) {
                let host = self.cage_of[neighbour];
                let room = host != alone && cages[host].len() < most;
                if room && cages[host].iter().all(|&c| cells[c] != cells[cell]) {
                    self.frontier.push(host);
                }
            }
            if self.frontier.is_empty() {
                continue;
            }
            let host = self.frontier[rng.below(self.frontier.len())];
            cages[alone].clear();
            cages[host].push(cell);
            self.cage_of[cell] = host;
        }
    }
}

/// The cells orthogonally next to `cell` on a grid of side `n`.
fn neighbours(n: usize, cell: usize) -> impl Iterator<Item = usize> {
    let (row, column) = (cell / n, cell % n);
    let up = (row > 0).then(|| cell - n);
    let down = (row + 1 < n).then_some(cell + n);
    let left = (column > 0).then(|| cell - 1);
    let right = (column + 1 < n).then_some(cell + 1);
    [up, down, left, right].into_iter().flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_killer_has_cages_of_distinct_digits_with_right_sums_and_one_solution() {
        let mut generator = KillerGenerator::new();
        for (size, seed) in [(Size::FOUR, 1), (Size::FOUR, 2), (Size::FOUR, 3)] {
            let killer = generator.puzzle(size, &mut Rng::from_seed(seed)).unwrap();
            let cells = killer.solution.cells();
            let mut covered = vec![0; size.cells()];
            for cage in &killer.rules.cages {
                let digits: Vec<u8> = cage.cells.iter().map(|&c| cells[c]).collect();
                let mut distinct = digits.clone();
                distinct.sort_unstable();
                distinct.dedup();
                assert_eq!(distinct.len(), digits.len(), "{cage:?}");
                if let Some(sum) = cage.sum {
                    assert_eq!(digits.iter().map(|&d| u32::from(d)).sum::<u32>(), sum);
                }
                cage.cells.iter().for_each(|&cell| covered[cell] += 1);
            }
            assert!(covered.iter().all(|&times| times == 1));
            assert_eq!(generator.count(&killer.rules, size).unwrap(), Some(1));
        }
    }

    #[test]
    fn the_same_seed_makes_the_same_killer() {
        let make = || {
            KillerGenerator::new()
                .puzzle(Size::FOUR, &mut Rng::from_seed(11))
                .unwrap()
        };
        assert_eq!(make(), make());
    }
}
