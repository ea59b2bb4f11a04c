//! Assume a candidate and show that it leads nowhere.
//!
//! A Nishio forcing chain tries each candidate (cells with the fewest
//! candidates first): place it and follow it by a trial (naked and hidden
//! singles and the rules' steps, see [`crate::logic::trial`]), and if a
//! cell or a digit runs out of places the candidate goes.
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
use crate::logic::trial::Trials;
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

/// A candidate whose trial breaks.
pub fn by_singles(board: &Board) -> Option<Step> {
    let mut trial = board.clone();
    let mut trials = Trials::at(board);
    for cell in open_cells(board) {
        for digit in digits_of(board.mask(cell)) {
            trial.state.clone_from(&board.state);
            trial.place(cell, digit);
            if let Err((followed, contradiction)) = trials.follow(&mut trial) {
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
                    "assume {}={digit}: after {}, {why}",
                    cell_at(board.frame(), cell),
                    followed.describe()
                );
                step.eliminations.push((cell, digit));
                return Some(step);
            }
        }
    }
    None
}

/// What the searches of a path have learned about its candidates, kept
/// from step to step: every step keeps every solution, so a candidate
/// that some solution holds stays so, and one no search could settle
/// within its budget is likely to stay unsettled.
#[derive(Debug, Clone, Default)]
pub struct Probes {
    /// For each cell, the digits some solution found holds there (bit
    /// `d - 1` for digit `d`): no search can refute them.
    seen: Vec<u64>,
    /// For each cell, the digits whose search stopped at its node budget:
    /// tried again only once every other candidate has failed.
    undecided: Vec<u64>,
}

impl Probes {
    /// Forgets everything, for a grid of `cells` cells.
    pub fn clear(&mut self, cells: usize) {
        for masks in [&mut self.seen, &mut self.undecided] {
            masks.clear();
            masks.resize(cells, 0);
        }
    }

    /// Notes the digits of `solution` (1 to n a cell) as held by a
    /// solution.
    pub fn record(&mut self, solution: &[u8]) {
        for (seen, &digit) in self.seen.iter_mut().zip(solution) {
            *seen |= 1 << (digit - 1);
        }
    }

    /// [`Probes::record`] for a solution given as one-digit masks of a
    /// board (bit `d - 1` for digit `d`).
    fn record_masks(&mut self, solution: &[u64]) {
        for (seen, &mask) in self.seen.iter_mut().zip(solution) {
            *seen |= mask;
        }
    }
}

/// What proves that an assumed candidate has no solution.
pub enum Proof<'a> {
    /// The dancing-links solver, on the puzzle's placed digits plus the
    /// candidate: sound because every step so far kept every solution.
    Solver(&'a mut Solver, &'a Geometry),
    /// The board's own search on its candidates.
    Candidates,
}

/// A candidate that no solution holds, proven by search. The candidates
/// of the solutions `probes` has seen are not tried, and each search that
/// finds a solution adds its digits, so that a position with many
/// solutions searches for each such candidate once rather than once a
/// step; the candidates whose search stopped at its budget in an earlier
/// step are tried after all the others.
pub fn by_search(board: &Board, probes: &mut Probes, proof: Proof<'_>) -> Option<Step> {
    let mut proof = proof;
    let mut trial = board.clone();
    let mut grid: Grid = board.placed_grid();
    let mut first = Vec::new();
    let cells = open_cells(board);
    // Marked undecided after both passes, so that a search that just
    // stopped is not run again on the same position.
    let mut stopped_now = Vec::new();
    let step = 'passes: {
        for retry in [false, true] {
            for &cell in &cells {
                for digit in digits_of(board.mask(cell)) {
                    let bit = 1 << (digit - 1);
                    let undecided = probes.undecided[cell] & bit != 0;
                    if probes.seen[cell] & bit != 0 || undecided != retry {
                        continue;
                    }
                    let (impossible, stopped) = match &mut proof {
                        Proof::Solver(solver, geometry) => {
                            grid.clone_from(&board.placed_grid());
                            grid.set(cell, digit);
                            let found = solver.solve_in(geometry, &grid, 1, |found| {
                                probes.record(found.cells());
                            });
                            match found {
                                Ok(stats) => (stats.solutions == 0, stats.stopped_at_node_budget),
                                Err(_) => (true, false),
                            }
                        }
                        Proof::Candidates => {
                            trial.state.clone_from(&board.state);
                            trial.place(cell, digit);
                            first.clear();
                            let none = count_solutions(&mut trial, 1, &mut first) == 0;
                            probes.record_masks(&first);
                            (none, false)
                        }
                    };
                    if stopped {
                        stopped_now.push((cell, bit));
                        continue;
                    }
                    if impossible {
                        let mut step = Step::new(Technique::BifurcationSearch, board.frame());
                        step.clue = format!(
                            "assume {}={digit}: the search finds no solution",
                            cell_at(board.frame(), cell)
                        );
                        step.eliminations.push((cell, digit));
                        break 'passes Some(step);
                    }
                }
            }
        }
        None
    };
    for (cell, bit) in stopped_now {
        probes.undecided[cell] |= bit;
    }
    step
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
                let mut probes = Probes::default();
                probes.clear(81);
                if let Some(step) = by_search(&board, &mut probes, proof) {
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

    /// On the empty grid every candidate is in some solution: nothing is
    /// struck, and the solutions the searches found cover every candidate,
    /// so a later step searches none of them again.
    #[test]
    fn the_solutions_found_cover_the_candidates_no_search_refutes() {
        for size in [Size::FOUR, Size::NINE] {
            let geometry = Geometry::classic(size);
            let board = Board::of_grid(geometry, &Grid::empty(size)).unwrap();
            let mut solver = Solver::new();
            let mut probes = Probes::default();
            probes.clear(size.cells());
            let proof = Proof::Solver(&mut solver, geometry);
            assert!(by_search(&board, &mut probes, proof).is_none());
            for (cell, &digits) in probes.seen.iter().enumerate() {
                assert_eq!(
                    digits,
                    board.mask(cell),
                    "{size} r{}c{}",
                    cell / size.side() + 1,
                    cell % size.side() + 1
                );
            }
        }
    }
}
