//! Minimal puzzles: unique, and no given can go without losing that. A
//! collection is usually checked for it given by given, which is what
//! [`redundant_givens`] does: each given is blanked in turn and the puzzle
//! searched for a second solution.

use thiserror::Error;

use crate::sudoku::geometry::Geometry;
use crate::sudoku::grid::{Cell, Conflict, Grid};
use crate::sudoku::solver::Solver;

/// Why a puzzle cannot be checked for minimality.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum MinimalError {
    /// The givens break the rules.
    #[error("{0}")]
    Conflict(Conflict),
    /// The puzzle has no solution.
    #[error("no solution")]
    Unsolvable,
    /// The puzzle has more than one solution, so no puzzle made from it by
    /// blanking is unique either.
    #[error("more than one solution")]
    Multiple,
    /// A search ran out of the solver's node budget.
    #[error("gave up after {nodes} search nodes: minimality is not known")]
    GaveUp {
        /// The nodes the search that gave up had spent.
        nodes: u64,
    },
}

/// The givens of a unique `puzzle` that can each go, alone, with the
/// puzzle staying unique, in reading order: none for a minimal puzzle.
/// The search is that of `solver` on the units of `geometry`, with the
/// node budget set on it.
///
/// # Errors
///
/// [`MinimalError`] when the puzzle is not unique, breaks the rules, or a
/// search gives up.
///
/// # Example
///
/// ```
/// use sudoku_dlx::{redundant_givens, Geometry, Grid, Size, Solver};
///
/// let puzzle: Grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
///     .parse()
///     .unwrap();
/// let mut solver = Solver::new();
/// let redundant = redundant_givens(&mut solver, Geometry::classic(Size::NINE), &puzzle).unwrap();
/// assert!(!redundant.is_empty());
/// assert_eq!(redundant[0].to_string(), "r1c3");
/// ```
pub fn redundant_givens(
    solver: &mut Solver,
    geometry: &Geometry,
    puzzle: &Grid,
) -> Result<Vec<Cell>, MinimalError> {
    let solutions = |solver: &mut Solver, grid: &Grid| {
        let stats = solver
            .solve_in(geometry, grid, 2, |_| {})
            .map_err(MinimalError::Conflict)?;
        if stats.stopped_at_node_budget && stats.solutions < 2 {
            return Err(MinimalError::GaveUp { nodes: stats.nodes });
        }
        Ok(stats.solutions)
    };
    match solutions(solver, puzzle)? {
        0 => return Err(MinimalError::Unsolvable),
        1 => {}
        _ => return Err(MinimalError::Multiple),
    }
    let n = puzzle.size().side();
    let mut blanked = puzzle.clone();
    let mut redundant = Vec::new();
    for (cell, &value) in puzzle.cells().iter().enumerate() {
        if value == 0 {
            continue;
        }
        blanked.set(cell, 0);
        if solutions(solver, &blanked)? == 1 {
            redundant.push(Cell {
                row: cell / n,
                column: cell % n,
            });
        }
        blanked.set(cell, value);
    }
    Ok(redundant)
}

/// True when the classic `puzzle` is unique and no given can go: see
/// [`redundant_givens`].
///
/// # Errors
///
/// As [`redundant_givens`].
///
/// # Example
///
/// ```
/// use sudoku_dlx::{is_minimal, Grid};
///
/// let seventeen: Grid = ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7..."
///     .parse()
///     .unwrap();
/// assert!(is_minimal(&seventeen).unwrap());
/// ```
pub fn is_minimal(puzzle: &Grid) -> Result<bool, MinimalError> {
    let geometry = Geometry::classic(puzzle.size());
    Ok(redundant_givens(&mut Solver::new(), geometry, puzzle)?.is_empty())
}
