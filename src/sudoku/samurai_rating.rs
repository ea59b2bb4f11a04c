//! The difficulty of a samurai, on the scale of the classic rating
//! ([`crate::sudoku::rating`]): 0 when naked singles alone solve it, 1 when
//! hidden singles are needed too, and `k >= 2` when the dancing-links
//! search, breaking ties to the leftmost item as the classic rating does,
//! branches `k - 1` times to find the solution and prove it unique. The
//! levels are those of the classic scale; a samurai has five grids, so
//! its scores run higher than a single grid's.

use crate::engine::TieBreak;
use crate::sudoku::rating::{rating_of_search, RateError, Rating};
use crate::sudoku::samurai::{SamuraiConflict, SamuraiGrid, SamuraiLayout, SamuraiSolver};
use crate::sudoku::samurai_singles::SamuraiSingles;
use crate::sudoku::singles::Outcome;

/// Why a samurai cannot be rated: the reasons of [`RateError`], with the
/// conflict of a samurai.
pub type SamuraiRateError = RateError<SamuraiConflict>;

/// Rates samurai puzzles, reusing its solver and buffers.
///
/// # Example
///
/// ```
/// use sudoku_dlx::{SamuraiGrid, SamuraiRateError, SamuraiRater};
///
/// let mut rater = SamuraiRater::new();
/// assert_eq!(rater.rate(&SamuraiGrid::empty()), Err(SamuraiRateError::Multiple));
/// ```
#[derive(Debug, Clone)]
pub struct SamuraiRater {
    solver: SamuraiSolver,
    singles: SamuraiSingles,
    work: SamuraiGrid,
    nodes: u64,
}

impl Default for SamuraiRater {
    fn default() -> Self {
        SamuraiRater::new()
    }
}

impl SamuraiRater {
    /// A rater with empty buffers.
    pub fn new() -> SamuraiRater {
        let mut solver = SamuraiSolver::new();
        solver.set_tie_break(TieBreak::Leftmost);
        SamuraiRater {
            solver,
            singles: SamuraiSingles::new(),
            work: SamuraiGrid::empty(),
            nodes: 0,
        }
    }

    /// Caps the search nodes of each later rating at `budget` (`None`: no
    /// cap); a search that reaches it fails with
    /// [`SamuraiRateError::GaveUp`].
    pub fn set_node_budget(&mut self, budget: Option<u64>) {
        self.solver.set_node_budget(budget);
    }

    /// The search nodes the last rating spent (0 when singles alone did).
    pub fn last_nodes(&self) -> u64 {
        self.nodes
    }

    /// The rating of `puzzle`.
    ///
    /// # Errors
    ///
    /// Fails when the givens break the rules or the puzzle does not have
    /// exactly one solution.
    pub fn rate(&mut self, puzzle: &SamuraiGrid) -> Result<Rating, SamuraiRateError> {
        self.nodes = 0;
        if let Some(conflict) = SamuraiLayout::get().first_conflict(puzzle) {
            return Err(SamuraiRateError::Conflict(conflict));
        }
        for (score, hidden) in [(0, false), (1, true)] {
            self.work.clone_from(puzzle);
            match self.singles.fill_in(&mut self.work, hidden) {
                Outcome::Solved => return Ok(Rating::from_score(score)),
                Outcome::Contradiction => return Err(SamuraiRateError::Unsolvable),
                Outcome::Stalled => {}
            }
        }
        let stats = self
            .solver
            .solve(puzzle, 2, |_| {})
            .map_err(SamuraiRateError::Conflict)?;
        self.nodes = stats.nodes;
        rating_of_search(&stats)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::rating::Level;
    use crate::sudoku::samurai::SAMURAI_CELLS;

    fn a_solution() -> SamuraiGrid {
        SamuraiSolver::new()
            .first_solution(&SamuraiGrid::empty())
            .unwrap()
            .unwrap()
    }

    #[test]
    fn a_samurai_missing_one_digit_is_easy_and_one_with_many_blanks_is_not() {
        let solution = a_solution();
        let mut rater = SamuraiRater::new();
        let mut puzzle = solution.clone();
        puzzle.set(200, 0);
        assert_eq!(rater.rate(&puzzle).unwrap().level, Level::Easy);
        assert_eq!(rater.last_nodes(), 0);
        // Every cell of the centre grid's middle box blank: its rows and
        // columns still force each digit, so singles still solve it.
        let layout = SamuraiLayout::get();
        for row in 9..12 {
            for column in 9..12 {
                puzzle.set(layout.cell_at(row, column).unwrap(), 0);
            }
        }
        let rating = rater.rate(&puzzle).unwrap();
        assert!(rating.score <= 1, "{rating}");
    }

    #[test]
    fn puzzles_without_one_solution_are_not_rated_and_the_rating_repeats() {
        let mut rater = SamuraiRater::new();
        assert_eq!(
            rater.rate(&SamuraiGrid::empty()),
            Err(SamuraiRateError::Multiple)
        );
        let layout = SamuraiLayout::get();
        let mut clash = SamuraiGrid::empty();
        clash.set(layout.cell_at(0, 0).unwrap(), 5);
        clash.set(layout.cell_at(0, 1).unwrap(), 5);
        assert!(matches!(
            rater.rate(&clash),
            Err(SamuraiRateError::Conflict(_))
        ));
        // A solution with some cells blanked: rated the same twice, and a
        // score above 1 only when singles do not solve it.
        let solution = a_solution();
        let mut puzzle = solution.clone();
        for cell in (0..SAMURAI_CELLS).step_by(2) {
            puzzle.set(cell, 0);
        }
        let first = rater.rate(&puzzle);
        assert_eq!(rater.rate(&puzzle), first);
        if let Ok(rating) = first {
            let mut filled = puzzle.clone();
            let solved = SamuraiSingles::new().fill_in(&mut filled, true) == Outcome::Solved;
            assert_eq!(rating.score <= 1, solved);
        }
    }
}
