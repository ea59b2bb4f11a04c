//! Randomised restarts of the search of large grids.
//!
//! A 36x36 puzzle with several solutions and rows of one or two givens can
//! send the search into a subtree of a million nodes below a choice that
//! left no solution, while the same search with its options in another
//! order finds one in a thousand nodes: the time a search needs has a long
//! tail. Short runs, each with its options in a fresh random order, cut
//! the tail off; but a puzzle with one solution needs a whole tree walked,
//! which no short run does. So two kinds of run take turns, each with as
//! many nodes in all:
//!
//! - runs in the matrix's own order, the first with [`FIRST_BUDGET`] nodes
//!   and each later one with twice the budget of the one before, so a
//!   search that needs `N` nodes in that order ends within about `2N`;
//! - runs in random orders with budgets of [`LUBY_UNIT`] times the terms of
//!   Luby's sequence (1, 1, 2, 1, 1, 2, 4, ...), which comes within a
//!   logarithmic factor of the best fixed budget for whatever tail the
//!   search has (Luby, Sinclair and Zuckerman, 1993).
//!
//! A puzzle settled by the first run costs what it did before; any other
//! at most about four times the nodes of its search in the matrix's order,
//! and often far fewer.
//!
//! The answer stays exact. Solutions are gathered across runs, each once;
//! the search ends when there are as many as asked, or when a run ends
//! within its budget, which means it went through its whole tree: what it
//! found is then every solution (up to the limit).

use crate::engine::SearchStats;
use crate::sudoku::grid::Grid;
use crate::sudoku::random::Rng;

/// The node budget of the first run.
pub const FIRST_BUDGET: u64 = 1 << 14;

/// The node budget of a random run for each unit of Luby's sequence.
pub const LUBY_UNIT: u64 = 1 << 10;

/// The most solutions a search with restarts gathers; a search for more
/// (listing them all) is one run, as the solutions of different runs
/// would have to be told apart.
pub const MOST_SOLUTIONS: u64 = 16;

/// The seed of the random orders of the runs after the first.
const SEED: u64 = 0x5eed_0f2e_57a2_7000;

/// The solutions found so far, reused from search to search.
#[derive(Debug, Clone, Default)]
pub struct Restarts {
    /// The cells of each distinct solution found, one after the other.
    found: Vec<u8>,
}

/// One run of the search: its random order (`None` for the matrix's own),
/// its node budget, and the callback for each solution it finds.
pub type Run<'r> = dyn FnMut(Option<&mut Rng>, u64, &mut dyn FnMut(&Grid)) -> SearchStats + 'r;

impl Restarts {
    /// Empty buffers.
    pub fn new() -> Restarts {
        Restarts::default()
    }

    /// Runs `run` with growing budgets until it settles the search for up
    /// to `limit` solutions (at most [`MOST_SOLUTIONS`]) or `budget` nodes
    /// are spent in all, calling `on_solution` once with each distinct
    /// solution. The statistics add up those of the runs, and count the
    /// distinct solutions.
    pub fn search(
        &mut self,
        limit: u64,
        budget: u64,
        run: &mut Run<'_>,
        mut on_solution: impl FnMut(&Grid),
    ) -> SearchStats {
        debug_assert!(limit <= MOST_SOLUTIONS);
        self.found.clear();
        let mut total = SearchStats::default();
        let mut distinct = 0u64;
        // The budget of the last run in the matrix's order, the nodes of
        // the random runs since, and the random runs so far.
        let (mut ordered_budget, mut random_nodes, mut random_runs) = (FIRST_BUDGET, 0, 0);
        for round in 0u64.. {
            let ordered = round == 0 || random_nodes >= ordered_budget;
            let (mut rng, this_budget) = match ordered {
                true if round == 0 => (None, FIRST_BUDGET),
                true => {
                    ordered_budget = ordered_budget.saturating_mul(2);
                    random_nodes = 0;
                    (None, ordered_budget)
                }
                false => {
                    random_runs += 1;
                    let rng = Rng::for_item(SEED, random_runs);
                    (Some(rng), LUBY_UNIT.saturating_mul(luby(random_runs)))
                }
            };
            let left = budget.saturating_sub(total.nodes);
            let found = &mut self.found;
            let stats = run(rng.as_mut(), this_budget.min(left), &mut |solution| {
                let cells = solution.cells();
                if distinct < limit && !found.chunks(cells.len()).any(|known| known == cells) {
                    found.extend_from_slice(cells);
                    distinct += 1;
                    on_solution(solution);
                }
            });
            total.nodes += stats.nodes;
            total.branches += stats.branches;
            if !ordered {
                random_nodes += stats.nodes;
            }
            let settled = !stats.stopped_at_node_budget;
            if distinct >= limit || settled || total.nodes >= budget {
                total.solutions = distinct;
                total.stopped_at_limit = distinct >= limit;
                total.stopped_at_node_budget = !settled && distinct < limit;
                break;
            }
        }
        total
    }
}

/// The `i`th term (from 1) of Luby's sequence 1, 1, 2, 1, 1, 2, 4, ...
fn luby(mut i: u64) -> u64 {
    loop {
        let bits = 64 - i.leading_zeros();
        // `i` is one less than a power of two: the term ends a block.
        if i == (1 << bits) - 1 {
            return 1 << (bits - 1);
        }
        i -= (1 << (bits - 1)) - 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::grid::Size;

    /// A run that finds the grids of `solutions` whose index is below
    /// `reach(round)`, spending one node each, and gives up at its budget.
    fn run_finding<'a>(
        solutions: &'a [Grid],
        mut reach: impl FnMut(u64) -> usize + 'a,
    ) -> Box<Run<'a>> {
        let mut round = 0;
        Box::new(move |_, budget, visit: &mut dyn FnMut(&Grid)| {
            let reachable = reach(round).min(solutions.len());
            round += 1;
            let mut stats = SearchStats::default();
            for solution in &solutions[..reachable] {
                if stats.nodes == budget {
                    stats.stopped_at_node_budget = true;
                    return stats;
                }
                stats.nodes += 1;
                stats.solutions += 1;
                visit(solution);
            }
            if reachable < solutions.len() {
                // The rest lies beyond this run's budget.
                stats.nodes = budget;
                stats.stopped_at_node_budget = true;
            }
            stats
        })
    }

    fn grids(count: u8) -> Vec<Grid> {
        (1..=count)
            .map(|digit| {
                let mut grid = Grid::empty(Size::FOUR);
                grid.set(0, digit);
                grid
            })
            .collect()
    }

    #[test]
    fn luby_sequence_starts_as_published() {
        let terms: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(terms, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }

    #[test]
    fn solutions_found_again_by_later_runs_count_once() {
        let solutions = grids(3);
        // Each run reaches one more solution than the one before.
        let mut run = run_finding(&solutions, |round| round as usize + 1);
        let mut seen = Vec::new();
        let stats = Restarts::new().search(2, u64::MAX, &mut run, |grid| seen.push(grid.clone()));
        assert_eq!(seen, solutions[..2]);
        assert_eq!((stats.solutions, stats.stopped_at_limit), (2, true));
        assert!(!stats.stopped_at_node_budget);
    }

    #[test]
    fn a_run_within_its_budget_settles_the_count() {
        let solutions = grids(3);
        // The third run sees the whole tree: three solutions, fewer than
        // the limit, is the answer.
        let mut run = run_finding(&solutions, |round| if round < 2 { 1 } else { 3 });
        let stats = Restarts::new().search(5, u64::MAX, &mut run, |_| {});
        assert_eq!((stats.solutions, stats.stopped_at_limit), (3, false));
        assert!(!stats.stopped_at_node_budget);
    }

    #[test]
    fn the_budget_bounds_all_runs_together() {
        let solutions = grids(2);
        let mut run = run_finding(&solutions, |_| 1);
        let stats = Restarts::new().search(2, 3 * FIRST_BUDGET, &mut run, |_| {});
        assert_eq!(stats.solutions, 1);
        assert!(stats.stopped_at_node_budget && !stats.stopped_at_limit);
        assert_eq!(stats.nodes, 3 * FIRST_BUDGET);
    }
}
