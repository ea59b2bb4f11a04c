//! Killer Sudoku generation: a random complete grid cut into random cages,
//! each with the sum of its digits and no given digit, unique and minimal.
//!
//! The cut grows cages of two to five orthogonally connected cells (fewer
//! on grids too small for them, at most three above 10x10) from random
//! seeds, never putting a digit twice in a cage; a cell left alone joins a
//! neighbouring cage that lacks its digit when there is one. A cut with
//! more than one solution with every sum is dropped and another tried.
//!
//! Minimal means here: no sum can be removed while the puzzle provably
//! stays unique. The sums are visited in a random order and each is
//! removed when the puzzle without it still has one solution; a cage whose
//! sum is gone stays a cage (its digits still differ). Cages themselves are
//! never removed or merged, and there are no givens to remove.
//!
//! Most sums cannot go, and the second solution that shows it mostly
//! differs from the known one near the cage. So before the whole grid is
//! counted, the puzzle without the sum is counted with the known solution's
//! digits given outside the bands and stacks of the cage, within
//! [`NEARBY_BUDGET`] nodes: two solutions there keep the sum at once.
//! Otherwise the check is a count of solutions up to 2 by the exact-cover
//! solver on the empty grid, within [`NODE_BUDGET`] search nodes: with few
//! sums a killer can take the search millions of nodes, so a count that
//! reaches the budget counts as not unique (the sum is kept). A sum is thus
//! kept either because the puzzle has two solutions without it or because
//! that was not settled within the budget. A cut with every sum is kept
//! when its count proves it unique within [`CUT_BUDGET`] nodes, and
//! dropped for another cut otherwise.

use thiserror::Error;

use crate::sudoku::constraints::{Cage, Constraint};
use crate::sudoku::generate::{GenerateError, Generator};
use crate::sudoku::grid::{Grid, Size};
use crate::sudoku::random::Rng;
use crate::sudoku::rules::{Rules, RulesError};
use crate::sudoku::solver::Solver;

/// The most search nodes one count of the solutions of a killer without
/// one of its sums may take. A smaller budget keeps sums that could go:
/// with 20,000 nodes, 58 of 158 checks on six killers reached it, and 25 of
/// 29 of the sums they kept proved removable with more nodes.
pub const NODE_BUDGET: u64 = 2_000_000;

/// The most search nodes the count of a cut with every sum may take: a
/// cut not proven unique within it is dropped, and another tried. Cuts
/// that prove unique take tens of thousands of nodes; those that take
/// more mostly have two solutions or reach [`NODE_BUDGET`].
pub const CUT_BUDGET: u64 = 200_000;

/// The most search nodes of the search for a second solution near the
/// known one, before a sum's removal is checked on the whole grid (see
/// the module documentation); 100,000 found no more of them on three
/// 9x9 killers.
pub const NEARBY_BUDGET: u64 = 20_000;

/// The largest side of a killer the generator is asked for: on 16x16, no
/// cut of 1,000 into cages of two or three cells was proven unique within
/// the budget of a cut (11 minutes), where a 14x14 killer took 361 s and
/// a 15x15 one 525 s; the command line and the Python package refuse
/// larger sides at once.
pub const MAX_SIDE: usize = 15;

/// The most cuts of one grid tried before another grid is made.
const CUTS_PER_GRID: u32 = 20;

/// The most cells a cage of a cut grows to (before lone cells join it).
const CAGE: usize = 5;

/// The side above which cages grow to [`SMALL_CAGE`] cells at most: a cut
/// into larger cages of a 12x12 grid is seldom proven unique within
/// [`CUT_BUDGET`] (seeds 1 to 3: one cut in 521 tried, then none in 667
/// and 702 tried within 400 s; with cages of three cells, 1, 11 and 14 cuts
/// and 33, 24 and 64 s a puzzle).
const SMALL_CAGES_ABOVE: usize = 10;

/// The most cells a cage of a cut grows to on sides above
/// [`SMALL_CAGES_ABOVE`].
const SMALL_CAGE: usize = 3;

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
    /// The cages made no geometry (a bug: cuts obey the rules), or the
    /// rules asked for make none.
    #[error("the rules make no grid: {0}")]
    Rules(#[from] RulesError),
    /// No complete grid obeys the rules asked for.
    #[error(transparent)]
    Generate(#[from] GenerateError),
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
#[derive(Debug, Clone)]
pub struct KillerGenerator {
    generator: Generator,
    solver: Solver,
    /// The cage of each cell while cutting, `usize::MAX` for none yet.
    cage_of: Vec<usize>,
    /// The cells in a random order.
    order: Vec<usize>,
    /// Cells that can join the cage being grown.
    frontier: Vec<usize>,
    /// The known solution with the rows and columns of a cage blank.
    nearby: Grid,
}

impl Default for KillerGenerator {
    fn default() -> Self {
        KillerGenerator::new()
    }
}

impl KillerGenerator {
    /// A generator with empty buffers.
    pub fn new() -> KillerGenerator {
        KillerGenerator {
            generator: Generator::default(),
            solver: Solver::new(),
            cage_of: Vec::new(),
            order: Vec::new(),
            frontier: Vec::new(),
            nearby: Grid::empty(Size::NINE),
        }
    }

    /// A random killer puzzle of `size` with one solution and no givens,
    /// minimal for its sums (see the module documentation).
    ///
    /// # Errors
    ///
    /// Fails when no cut of the grids tried has one solution.
    pub fn puzzle(&mut self, size: Size, rng: &mut Rng) -> Result<Killer, KillerError> {
        self.puzzle_under(&Rules::classic(), size, rng)
    }

    /// [`KillerGenerator::puzzle`] under `base` as well: its variants,
    /// extra regions and boxes or regions (a jigsaw killer), each puzzle's
    /// cages added to them.
    ///
    /// # Errors
    ///
    /// Fails when no grid obeys `base`, or as [`KillerGenerator::puzzle`].
    pub fn puzzle_under(
        &mut self,
        base: &Rules,
        size: Size,
        rng: &mut Rng,
    ) -> Result<Killer, KillerError> {
        let geometry = base.geometry(size)?;
        let mut attempts = 0;
        for _ in 0..MAX_GRIDS {
            let mut solution = geometry.empty_grid();
            self.generator
                .fill_solved_in(&geometry, rng, &mut solution)?;
            if let Some(killer) = self.cut_grid(base, size, solution, &mut attempts, rng)? {
                return Ok(killer);
            }
        }
        Err(KillerError::GaveUp { attempts })
    }

    /// [`KillerGenerator::puzzle_under`] with `solution` as the puzzle's
    /// solution: a grid that obeys `base`, for rules under which a random
    /// grid is slow to find (a jigsaw whose layout was drawn for a grid).
    ///
    /// # Errors
    ///
    /// Fails when no cut of `solution` tried has one solution, or when
    /// the rules make no grid.
    pub fn puzzle_of_solution(
        &mut self,
        base: &Rules,
        size: Size,
        solution: &Grid,
        rng: &mut Rng,
    ) -> Result<Killer, KillerError> {
        let mut attempts = 0;
        self.cut_grid(base, size, solution.clone(), &mut attempts, rng)?
            .ok_or(KillerError::GaveUp { attempts })
    }

    /// The first of up to [`CUTS_PER_GRID`] random cuts of `solution`
    /// into cages under `base` that has one solution, its sums then
    /// removed where they can go; `attempts` counts the cuts tried.
    fn cut_grid(
        &mut self,
        base: &Rules,
        size: Size,
        solution: Grid,
        attempts: &mut u32,
        rng: &mut Rng,
    ) -> Result<Option<Killer>, KillerError> {
        for _ in 0..CUTS_PER_GRID {
            *attempts += 1;
            let cages = self.cut(&solution, rng);
            let mut rules = Rules {
                constraints: (base.constraints.iter().cloned())
                    .chain(cages.into_iter().map(Constraint::KillerCage))
                    .collect(),
                ..base.clone()
            };
            if self.count(&rules, size, CUT_BUDGET)? != Some(1) {
                continue;
            }
            self.remove_sums(&mut rules, &solution, rng)?;
            return Ok(Some(Killer {
                rules,
                solution,
                attempts: *attempts,
            }));
        }
        Ok(None)
    }

    /// The solutions of `rules` on an empty grid of `size`, counted up to
    /// 2; `None` when the count reached `budget` nodes first.
    fn count(
        &mut self,
        rules: &Rules,
        size: Size,
        budget: u64,
    ) -> Result<Option<u64>, KillerError> {
        let geometry = rules.geometry(size)?;
        self.solver.set_node_budget(Some(budget));
        let stats = self
            .solver
            .solve_in(&geometry, &Grid::empty(size), 2, |_| {})
            .expect("an empty grid breaks no rule");
        Ok((!stats.stopped_at_node_budget).then_some(stats.solutions))
    }

    /// Removes the sums of `rules` one at a time, in a random order, each
    /// when the puzzle, whose one solution is `solution`, stays unique
    /// without it.
    fn remove_sums(
        &mut self,
        rules: &mut Rules,
        solution: &Grid,
        rng: &mut Rng,
    ) -> Result<(), KillerError> {
        let size = solution.size();
        let mut order: Vec<usize> = (0..rules.cages().count()).collect();
        rng.shuffle(&mut order);
        for cage in order {
            let sum = sum_of(rules, cage).take();
            if self.second_nearby(rules, solution, cage)?
                || self.count(rules, size, NODE_BUDGET)? != Some(1)
            {
                *sum_of(rules, cage) = sum;
            }
        }
        Ok(())
    }

    /// True when `rules` have a solution other than `solution` that
    /// differs from it only in the rows and columns of cage `cage`, found
    /// within [`NEARBY_BUDGET`] nodes: the puzzle is then not unique
    /// without settling it on the whole grid.
    fn second_nearby(
        &mut self,
        rules: &Rules,
        solution: &Grid,
        cage: usize,
    ) -> Result<bool, KillerError> {
        let size = solution.size();
        let n = size.side();
        let geometry = rules.geometry(size)?;
        let (box_rows, box_columns) = size.box_shape().unwrap_or((1, 1));
        let (mut bands, mut stacks) = (0u64, 0u64);
        let cells = rules.cages().nth(cage).map_or(&[][..], |cage| &cage.cells);
        for &cell in cells {
            bands |= 1 << (cell / n / box_rows);
            stacks |= 1 << (cell % n / box_columns);
        }
        self.nearby.clone_from(solution);
        for cell in 0..size.cells() {
            let (band, stack) = (cell / n / box_rows, cell % n / box_columns);
            if bands >> band & 1 == 1 || stacks >> stack & 1 == 1 {
                self.nearby.set(cell, 0);
            }
        }
        self.solver.set_node_budget(Some(NEARBY_BUDGET));
        let stats = self
            .solver
            .solve_in(&geometry, &self.nearby, 2, |_| {})
            .expect("digits of a solution break no rule");
        Ok(stats.solutions == 2)
    }

    /// Cuts `solution` into random cages of distinct digits, each with the
    /// sum of its digits.
    fn cut(&mut self, solution: &Grid, rng: &mut Rng) -> Vec<Cage> {
        let n = solution.size().side();
        let cells = solution.cells();
        let largest = match n > SMALL_CAGES_ABOVE {
            true => SMALL_CAGE,
            false => n.min(CAGE),
        };
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

/// The sum of cage `cage` of `rules`, to change.
fn sum_of(rules: &mut Rules, cage: usize) -> &mut Option<u32> {
    let cage = rules.cages_mut().nth(cage).expect("a cage of the rules");
    &mut cage.sum
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
            for cage in killer.rules.cages() {
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
            assert_eq!(
                generator.count(&killer.rules, size, NODE_BUDGET).unwrap(),
                Some(1)
            );
        }
    }

    #[test]
    fn a_killer_under_other_rules_keeps_them_and_is_unique_under_all() {
        let base = Rules {
            variants: vec![crate::sudoku::variants::Variant::X],
            ..Rules::classic()
        };
        let mut generator = KillerGenerator::new();
        for seed in 1..4 {
            let killer = generator
                .puzzle_under(&base, Size::SIX, &mut Rng::from_seed(seed))
                .unwrap();
            assert_eq!(killer.rules.variants, base.variants);
            assert!(killer.rules.cages().count() > 0);
            let geometry = killer.rules.geometry(Size::SIX).unwrap();
            assert_eq!(geometry.first_conflict(&killer.solution), None);
            assert_eq!(
                generator
                    .count(&killer.rules, Size::SIX, NODE_BUDGET)
                    .unwrap(),
                Some(1)
            );
        }
    }

    #[test]
    fn cuts_of_grids_above_ten_by_ten_keep_to_small_cages() {
        let mut killer = KillerGenerator::new();
        let mut rng = Rng::from_seed(5);
        for (side, small) in [(9, false), (12, true), (16, true)] {
            let size = Size::from_side(side).unwrap();
            let geometry = Rules::classic().geometry(size).unwrap();
            let mut solution = geometry.empty_grid();
            let mut cages = 0;
            for _ in 0..10 {
                killer
                    .generator
                    .fill_solved_in(&geometry, &mut rng, &mut solution)
                    .unwrap();
                let cut = killer.cut(&solution, &mut rng);
                let cells = cut.iter().map(|cage| cage.cells.len()).sum::<usize>();
                assert_eq!(cells, size.cells());
                cages += cut.len();
            }
            // Cages grow to two to three cells, or to five, then lone
            // cells join them: fewer than three cells a cage on average
            // (2.6 to 2.9 a cut of side 12), or more (3.1 to 3.9 on 9x9).
            let cells = 10 * size.cells();
            assert_eq!(
                cells < 3 * cages,
                small,
                "{side}: {cells} cells in {cages} cages"
            );
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
