//! A difficulty rating for puzzles, derived from how the solver gets through
//! them, so that the same puzzle always gets the same rating. It measures
//! the search's effort ([`Rating::branches`]); the level a player means is
//! that of the hardest technique of a logical solve path
//! ([`crate::LogicLevel`], from [`crate::Explainer`]), which the command line
//! prints beside it. Samurai puzzles are rated on this scale alone.
//!
//! The score:
//!
//! | score | meaning | level |
//! | ---: | --- | --- |
//! | 0 | naked singles alone solve it (a cell with one candidate left, again and again) | easy |
//! | 1 | hidden singles are needed too (a digit with one place left in a unit), but no guess | medium |
//! | k >= 2 | the dancing-links search branches `k - 1` times to find the solution and prove it unique | hard up to [`HARD_MAX`], then expert |
//!
//! A branch point is a node of the min-count search whose item (a cell, or a
//! digit in a row, column or box) still had two or more options; the search
//! goes on to a second solution, so the whole tree is counted and the score
//! does not depend on luck. Scores 0 and 1 are the puzzles the search solves
//! without any branch point. The levels are for 9x9 grids; smaller grids are
//! rarely above medium, larger ones often expert.

use std::fmt;

use thiserror::Error;

use crate::engine::{SearchStats, TieBreak};
use crate::sudoku::geometry::Geometry;
use crate::sudoku::grid::{Conflict, Grid};
use crate::sudoku::singles::{Outcome, Singles};
use crate::sudoku::solver::Solver;

/// The highest score rated hard; above it, expert.
pub const HARD_MAX: u64 = 8;

/// The four difficulty levels, from the score.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// Score 0: naked singles alone.
    Easy,
    /// Score 1: hidden singles, no guess.
    Medium,
    /// Scores 2 to [`HARD_MAX`]: a few branch points.
    Hard,
    /// Scores above [`HARD_MAX`].
    Expert,
}

impl Level {
    /// The level of a score.
    pub fn of_score(score: u64) -> Level {
        match score {
            0 => Level::Easy,
            1 => Level::Medium,
            s if s <= HARD_MAX => Level::Hard,
            _ => Level::Expert,
        }
    }

    /// The level's name, as the command line spells it.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The difficulty of a puzzle with exactly one solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rating {
    /// The score; see the module documentation for the scale.
    pub score: u64,
    /// The level of the score.
    pub level: Level,
}

impl Rating {
    /// The search effort in branch points: how often the dancing-links
    /// search had two or more options to try on its way to the solution and
    /// the proof that it is the only one (0 when singles alone solve the
    /// puzzle). A measure of work, not the level a player means.
    pub fn branches(self) -> u64 {
        self.score.saturating_sub(1)
    }

    /// The rating of a score.
    pub fn from_score(score: u64) -> Rating {
        Rating {
            score,
            level: Level::of_score(score),
        }
    }
}

impl fmt::Display for Rating {
    /// Shown as the score and the level: `12 expert`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.score, self.level)
    }
}

/// Why a puzzle cannot be rated: only puzzles with one solution have a
/// difficulty.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum RateError<C = Conflict> {
    /// The givens break the rules of the puzzle's geometry.
    #[error("{0}")]
    Conflict(C),
    /// The puzzle has no solution.
    #[error("no solution")]
    Unsolvable,
    /// The puzzle has more than one solution.
    #[error("more than one solution")]
    Multiple,
    /// The search reached its node budget ([`Rater::set_node_budget`])
    /// before the puzzle was solved and proven unique.
    #[error("gave up after {nodes} search nodes: the rating is not known")]
    GaveUp {
        /// The search nodes spent.
        nodes: u64,
    },
}

/// Rates puzzles, reusing its buffers from one to the next.
///
/// # Example
///
/// ```
/// use sudoku_dlx::{Grid, Level, Rater};
///
/// let inkala: Grid = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
///     .parse()
///     .unwrap();
/// let rating = Rater::new().rate(&inkala).unwrap();
/// assert!(rating.score >= 2);
/// assert_eq!(rating.level, Level::of_score(rating.score));
/// ```
#[derive(Debug, Clone)]
pub struct Rater {
    solver: Solver,
    singles: Singles,
    work: Grid,
    nodes: u64,
}

impl Default for Rater {
    fn default() -> Self {
        Rater::new()
    }
}

impl Rater {
    /// A rater with empty buffers.
    pub fn new() -> Rater {
        // The score counts the branches of a search that breaks ties to the
        // leftmost item: the scale the levels were set on, and one that
        // does not move when the solver's default does.
        let mut solver = Solver::new();
        solver.set_tie_break(TieBreak::Leftmost);
        Rater {
            solver,
            singles: Singles::new(),
            work: Grid::empty(crate::Size::NINE),
            nodes: 0,
        }
    }

    /// Caps the search nodes of each later rating at `budget` (`None`: no
    /// cap); a search that reaches it fails with [`RateError::GaveUp`].
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
    pub fn rate(&mut self, puzzle: &Grid) -> Result<Rating, RateError> {
        self.rate_in(Geometry::classic(puzzle.size()), puzzle)
    }

    /// [`Rater::rate`] on the rules of `geometry`, whose size must be that
    /// of `puzzle`.
    ///
    /// # Errors
    ///
    /// As for [`Rater::rate`].
    pub fn rate_in(&mut self, geometry: &Geometry, puzzle: &Grid) -> Result<Rating, RateError> {
        self.nodes = 0;
        if let Some(conflict) = geometry.first_conflict(puzzle) {
            return Err(RateError::Conflict(conflict));
        }
        for (score, hidden) in [(0, false), (1, true)] {
            self.work.clone_from(puzzle);
            match self.singles.fill_in(geometry, &mut self.work, hidden) {
                Outcome::Solved => return Ok(Rating::from_score(score)),
                Outcome::Contradiction => return Err(RateError::Unsolvable),
                Outcome::Stalled => {}
            }
        }
        let stats = self
            .solver
            .solve_in(geometry, puzzle, 2, |_| {})
            .map_err(RateError::Conflict)?;
        self.nodes = stats.nodes;
        rating_of_search(&stats)
    }
}

/// The rating of a puzzle that singles left unsolved, from its search for
/// two solutions: 1 + the search's branch points when it found exactly one.
pub(crate) fn rating_of_search<C>(stats: &SearchStats) -> Result<Rating, RateError<C>> {
    if stats.stopped_at_node_budget && stats.solutions < 2 {
        return Err(RateError::GaveUp { nodes: stats.nodes });
    }
    match stats.solutions {
        0 => Err(RateError::Unsolvable),
        1 => Ok(Rating::from_score(1 + stats.branches.max(1))),
        _ => Err(RateError::Multiple),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rate(text: &str) -> Result<Rating, RateError> {
        Rater::new().rate(&text.parse().unwrap())
    }

    #[test]
    fn levels_follow_the_score() {
        let levels: Vec<Level> = [0, 1, 2, HARD_MAX, HARD_MAX + 1]
            .into_iter()
            .map(Level::of_score)
            .collect();
        assert_eq!(
            levels,
            [
                Level::Easy,
                Level::Medium,
                Level::Hard,
                Level::Hard,
                Level::Expert
            ]
        );
        assert_eq!(Rating::from_score(3).to_string(), "3 hard");
        assert_eq!(Rating::from_score(3).branches(), 2);
        assert_eq!(Rating::from_score(1).branches(), 0);
    }

    #[test]
    fn a_grid_missing_one_digit_is_easy() {
        let rating = rate("1423234141323214".replacen('4', ".", 1).as_str()).unwrap();
        assert_eq!(rating.level, Level::Easy);
    }

    #[test]
    fn puzzles_without_one_solution_are_not_rated() {
        assert_eq!(rate("................"), Err(RateError::Multiple));
        assert_eq!(rate("123....4........"), Err(RateError::Unsolvable));
        assert!(matches!(
            rate("11.............."),
            Err(RateError::Conflict(_))
        ));
    }

    #[test]
    fn the_same_puzzle_gets_the_same_rating() {
        let inkala =
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
        let mut rater = Rater::new();
        let first = rater.rate(&inkala.parse().unwrap()).unwrap();
        let _ = rater.rate(&"1.23.341.132321.".parse().unwrap());
        assert_eq!(rater.rate(&inkala.parse().unwrap()).unwrap(), first);
        assert!(first.score >= 2);
    }
}
