//! Assume a candidate and show that it leads nowhere.
//!
//! A Nishio forcing chain tries the singles (cells with the fewest
//! candidates first): place the candidate, propagate naked and hidden
//! singles, and if a cell or a digit runs out of places the candidate goes.
//! Players and other logical solvers count it as logic, if the hardest kind.
//! When no candidate breaks that way, logic has stalled and the search
//! decides: a candidate of a cell with the fewest candidates that no
//! solution holds, proven so by the dancing-links solver (for a puzzle
//! given as a grid) or by the board's own search (for pencilmarks). That
//! step is shown as a bifurcation and counted.

use crate::logic::board::{digits_of, Board, Contradiction};
use crate::logic::search::count_solutions;
use crate::logic::step::{cell_at, Step};
use crate::logic::technique::Technique;
use crate::sudoku::geometry::Geometry;
use crate::sudoku::grid::Grid;
use crate::sudoku::solver::Solver;

/// The open cells, fewest candidates first.
fn open_cells(board: &Board) -> Vec<usize> {
    let mut cells: Vec<usize> = (0..board.cells())
        .filter(|&cell| !board.is_placed(cell))
        .collect();
    cells.sort_by_key(|&cell| board.mask(cell).count_ones());
    cells
}

/// A candidate whose assumption singles break.
pub fn by_singles(board: &Board) -> Option<Step> {
    let mut trial = board.clone();
    for cell in open_cells(board) {
        for digit in digits_of(board.mask(cell)) {
            trial.state.clone_from(&board.state);
            trial.place(cell, digit);
            if let Err((singles, contradiction)) = trial.propagate_counting() {
                let why = match contradiction {
                    Contradiction::EmptyCell(empty) => {
                        format!("{} has no candidate left", cell_at(board.frame(), empty))
                    }
                    Contradiction::NoPlace(unit, missing) => format!(
                        "{missing} has no place left in {}",
                        board.geometry.kind(unit)
                    ),
                };
                let mut step = Step::new(Technique::Nishio, board.frame());
                step.clue = format!(
                    "assume {}={digit}: after {singles} singles, {why}",
                    cell_at(board.frame(), cell)
                );
                step.eliminations.push((cell, digit));
                return Some(step);
            }
        }
    }
    None
}

/// What proves that an assumed candidate has no solution.
pub enum Proof<'a> {
    /// The dancing-links solver, on the puzzle's placed digits plus the
    /// candidate: sound because every step so far kept every solution.
    Solver(&'a mut Solver, &'a Geometry),
    /// The board's own search on its candidates.
    Candidates,
}

/// A candidate that no solution holds, proven by search; `solution` (when
/// the position has one solution and it is known) says which to try first.
pub fn by_search(board: &Board, solution: Option<&[u8]>, proof: Proof<'_>) -> Option<Step> {
    let mut proof = proof;
    let mut trial = board.clone();
    let mut grid: Grid = board.placed_grid();
    let mut first = Vec::new();
    for cell in open_cells(board) {
        for digit in digits_of(board.mask(cell)) {
            if solution.is_some_and(|solution| solution[cell] == digit) {
                continue;
            }
            let impossible = match &mut proof {
                Proof::Solver(solver, geometry) => {
                    grid.clone_from(&board.placed_grid());
                    grid.set(cell, digit);
                    match solver.solve_in(geometry, &grid, 1, |_| {}) {
                        Ok(stats) => stats.solutions == 0 && !stats.stopped_at_node_budget,
                        Err(_) => true,
                    }
                }
                Proof::Candidates => {
                    trial.state.clone_from(&board.state);
                    trial.place(cell, digit);
                    first.clear();
                    count_solutions(&mut trial, 1, &mut first) == 0
                }
            };
            if impossible {
                let mut step = Step::new(Technique::BifurcationSearch, board.frame());
                step.clue = format!(
                    "assume {}={digit}: the search finds no solution",
                    cell_at(board.frame(), cell)
                );
                step.eliminations.push((cell, digit));
                return Some(step);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::grid::Size;

    /// A search stopped by its node budget proves nothing: the candidate it
    /// was refuting stays. With a budget of a few nodes most searches stop
    /// before they end, and taking such a stop for a refutation would strike
    /// the digit of the solution from some of these puzzles.
    #[test]
    fn a_search_stopped_by_its_budget_strikes_no_candidate() {
        let geometry = Geometry::classic(Size::NINE);
        let mut solver = Solver::new();
        let mut struck = 0;
        for line in include_str!("../../puzzles/bench-forum-1106.txt")
            .lines()
            .take(40)
        {
            let puzzle: Grid = line.parse().unwrap();
            let mut solution = Vec::new();
            solver.set_node_budget(None);
            solver
                .solve_in(geometry, &puzzle, 1, |found| {
                    solution = found.cells().to_vec()
                })
                .unwrap();
            assert_eq!(solution.len(), 81, "{line}");
            let board = Board::of_grid(geometry, &puzzle).unwrap();
            for budget in [1, 2, 5, 20] {
                solver.set_node_budget(Some(budget));
                let proof = Proof::Solver(&mut solver, geometry);
                if let Some(step) = by_search(&board, None, proof) {
                    let (cell, digit) = step.eliminations[0];
                    assert_ne!(solution[cell], digit, "{line}, budget {budget}");
                    struck += 1;
                }
            }
        }
        // Some candidates are refuted within a few nodes: the test sees
        // strikes, not only searches that gave up.
        assert!(struck > 0);
    }
}
