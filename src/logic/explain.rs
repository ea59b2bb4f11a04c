//! The logical solve path of a puzzle: the easiest technique that makes
//! progress, again and again, until the grid is full; a bifurcation when
//! none does. The path is rated by its hardest step.

use thiserror::Error;

use crate::logic::bifurcation::{self, Probes, Proof};
use crate::logic::board::Board;
use crate::logic::chains::{chain, ChainKind, ChainScratch};
use crate::logic::constraints;
use crate::logic::search::count_solutions;
use crate::logic::step::Step;
use crate::logic::technique::{LogicLevel, Technique};
use crate::logic::{cages, common_peers, forcing, sets, singles, uniqueness, wings};
use crate::sudoku::candidates::Candidates;
use crate::sudoku::geometry::Geometry;
use crate::sudoku::grid::{Conflict, Grid};
use crate::sudoku::solver::Solver;

/// Why a puzzle has no solve path.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ExplainError {
    /// The givens break the rules.
    #[error("{0}")]
    Conflict(Conflict),
    /// The puzzle (or the pencilmarks) has no solution.
    #[error("no solution")]
    Unsolvable,
    /// The grid and the geometry are of different sizes.
    #[error("the grid does not fit the rules' size")]
    WrongSize,
}

/// The solve path of one puzzle and its rating.
#[derive(Debug, Clone, Default)]
pub struct Explanation {
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// True when the path ends with every cell placed.
    pub solved: bool,
    /// True when the position has exactly one solution.
    pub unique: bool,
    /// The steps that assumed a candidate.
    pub bifurcations: usize,
    /// The hardest technique of the path; `None` when there was no step.
    pub hardest: Option<Technique>,
    /// The solution (the first one found when there are several).
    pub solution: Vec<u8>,
}

impl Explanation {
    /// The score of the hardest step (0 with no step).
    pub fn score(&self) -> f32 {
        self.hardest.map_or(0.0, Technique::score)
    }

    /// qqwing's level of the hardest step.
    pub fn level(&self) -> LogicLevel {
        self.hardest.map_or(LogicLevel::Simple, Technique::level)
    }
}

/// The nodes a bifurcation's search may take to refute one candidate
/// (from a puzzle, by the solver): a candidate it does not refute within
/// them is left for another. On a grid of few givens with many solutions a
/// refutation can take more than the command line's budget, and the
/// candidates are tried one after another, so without a bound the path
/// could run for hours; a refutation a player could follow is far
/// shorter.
const PROBE_NODES: u64 = 1_000_000;

/// Finds solve paths, reusing its buffers from puzzle to puzzle.
///
/// # Example
///
/// ```
/// use sudoku_dlx::{Explainer, Geometry, Grid, Size, Technique};
///
/// let puzzle: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
///     .parse()
///     .unwrap();
/// let path = Explainer::new().explain(Geometry::classic(Size::NINE), &puzzle).unwrap();
/// assert!(path.solved && path.unique);
/// assert_eq!(path.steps[0].technique, Technique::HiddenSingle);
/// ```
#[derive(Debug, Clone, Default)]
pub struct Explainer {
    solver: Solver,
    chains: ChainScratch,
    /// Stop after this many steps (`hint` takes one).
    max_steps: Option<usize>,
    /// What the bifurcations' searches learned along the path.
    probes: Probes,
}

impl Explainer {
    /// An explainer with empty buffers.
    pub fn new() -> Explainer {
        Explainer::default()
    }

    /// Stops each later path after `steps` steps (`None`: to the end).
    pub fn set_max_steps(&mut self, steps: Option<usize>) {
        self.max_steps = steps;
    }

    /// The solve path of `puzzle` under `geometry`.
    ///
    /// # Errors
    ///
    /// Fails when the givens break the rules or there is no solution.
    pub fn explain(
        &mut self,
        geometry: &Geometry,
        puzzle: &Grid,
    ) -> Result<Explanation, ExplainError> {
        if puzzle.size() != geometry.size() {
            return Err(ExplainError::WrongSize);
        }
        if let Some(conflict) = geometry.first_conflict(puzzle) {
            return Err(ExplainError::Conflict(conflict));
        }
        let board = Board::of_grid(geometry, puzzle).ok_or(ExplainError::Unsolvable)?;
        let mut solutions = 0;
        let mut solution = Vec::new();
        self.solver.set_node_budget(None);
        self.probes.clear(puzzle.cells().len());
        let probes = &mut self.probes;
        let _ = self.solver.solve_in(geometry, puzzle, 2, |found| {
            if solutions == 0 {
                solution = found.cells().to_vec();
            }
            solutions += 1;
            probes.record(found.cells());
        });
        // The bifurcations' searches, one a candidate, each within a budget.
        self.solver.set_node_budget(Some(PROBE_NODES));
        self.walk(board, solutions, solution, true)
    }

    /// The solve path from a player's pencilmarks: every cell with one
    /// candidate counts as placed.
    ///
    /// # Errors
    ///
    /// Fails when the pencilmarks leave no solution.
    pub fn explain_candidates(
        &mut self,
        geometry: &Geometry,
        marks: &Candidates,
    ) -> Result<Explanation, ExplainError> {
        if marks.size() != geometry.size() {
            return Err(ExplainError::WrongSize);
        }
        let board = Board::of_candidates(geometry, marks);
        let mut search = board.clone();
        let mut first = Vec::new();
        let solutions = count_solutions(&mut search, 2, &mut first);
        let solution: Vec<u8> = first
            .iter()
            .map(|mask| mask.trailing_zeros() as u8 + 1)
            .collect();
        self.probes.clear(solution.len());
        self.probes.record(&solution);
        self.walk(board, solutions, solution, false)
    }

    fn walk(
        &mut self,
        mut board: Board,
        solutions: u64,
        solution: Vec<u8>,
        from_grid: bool,
    ) -> Result<Explanation, ExplainError> {
        if solutions == 0 {
            return Err(ExplainError::Unsolvable);
        }
        let unique = solutions == 1;
        let mut path = Explanation {
            unique,
            solution,
            ..Explanation::default()
        };
        // What the rules forbid outright is struck before the first step;
        // the path says so, rule by rule.
        for step in constraints::forbidden(&board) {
            path.hardest = path.hardest.max(Some(step.technique));
            path.steps.push(step);
        }
        while board.state.open > 0 && self.max_steps.is_none_or(|max| path.steps.len() < max) {
            let Some(step) = self.next_step(&board, unique, from_grid) else {
                break;
            };
            for &(cell, digit) in &step.placements {
                board.place(cell, digit);
            }
            for &(cell, digit) in &step.eliminations {
                board.remove(cell, digit);
            }
            path.bifurcations += usize::from(step.technique.is_bifurcation());
            path.hardest = path.hardest.max(Some(step.technique));
            path.steps.push(step);
            if board.is_broken() {
                break;
            }
        }
        path.solved = board.state.open == 0 && !board.is_broken();
        Ok(path)
    }

    /// The easiest step from `board`.
    fn next_step(&mut self, board: &Board, unique: bool, from_grid: bool) -> Option<Step> {
        let geometry = board.geometry;
        singles::full_house(board)
            .or_else(|| singles::naked_single(board))
            .or_else(|| singles::hidden_single(board))
            .or_else(|| constraints::relation(board))
            .or_else(|| constraints::tables(board))
            .or_else(|| cages::combinations(board))
            .or_else(|| cages::innies_outies(board))
            .or_else(|| sets::locked_candidates(board, true))
            .or_else(|| cages::locked(board, true))
            .or_else(|| sets::locked_candidates(board, false))
            .or_else(|| cages::locked(board, false))
            .or_else(|| common_peers::common_peers(board))
            .or_else(|| sets::naked_subset(board, 2))
            .or_else(|| sets::hidden_subset(board, 2))
            .or_else(|| sets::fish(board, 2, false))
            .or_else(|| sets::naked_subset(board, 3))
            .or_else(|| sets::fish(board, 2, true))
            .or_else(|| sets::fish(board, 3, false))
            .or_else(|| sets::hidden_subset(board, 3))
            .or_else(|| wings::xy_wing(board, false))
            .or_else(|| wings::xy_wing(board, true))
            .or_else(|| wings::w_wing(board))
            .or_else(|| sets::fish(board, 3, true))
            .or_else(|| {
                unique
                    .then(|| uniqueness::unique_rectangle(board))
                    .flatten()
            })
            .or_else(|| sets::naked_subset(board, 4))
            .or_else(|| sets::fish(board, 4, false))
            .or_else(|| sets::hidden_subset(board, 4))
            .or_else(|| sets::fish(board, 4, true))
            .or_else(|| chain(board, ChainKind::X, &mut self.chains))
            .or_else(|| chain(board, ChainKind::Xy, &mut self.chains))
            .or_else(|| chain(board, ChainKind::Aic, &mut self.chains))
            .or_else(|| bifurcation::by_singles(board))
            .or_else(|| forcing::forcing_chain(board))
            .or_else(|| {
                let proof = if from_grid {
                    Proof::Solver(&mut self.solver, geometry)
                } else {
                    Proof::Candidates
                };
                bifurcation::by_search(board, &mut self.probes, proof)
            })
    }
}
