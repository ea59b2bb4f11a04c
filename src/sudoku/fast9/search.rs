//! The search of the 9x9 fast path: branch on a cell with the fewest
//! candidates, let [`State::propagate`] do the forced work, and copy the
//! state at each branch so that backtracking is a copy back.

use super::state::{Counts, ExtraRules, State};
use crate::engine::SearchStats;

/// A branch point: the state before the branch, its cell and the digits
/// left to try there.
#[derive(Debug, Clone, Copy)]
struct Branch {
    state: State,
    cell: u8,
    digits: u16,
}

/// The stack of branch points, kept from search to search (a branch fills
/// a cell, so there are never more than 81).
#[derive(Debug, Clone, Default)]
pub(super) struct Search {
    branches: Vec<Branch>,
}

impl Search {
    /// Searches `state`, already propagated with `counts` its cells of two
    /// and three candidates, for up to `limit` solutions, calling `visit`
    /// with each. Nodes are the digits placed after the start (tried or
    /// forced); the search stops once they reach `budget`.
    pub(super) fn run<R: ExtraRules>(
        &mut self,
        rules: &R,
        mut state: State,
        mut counts: Counts,
        limit: u64,
        budget: u64,
        mut visit: impl FnMut(&State),
    ) -> SearchStats {
        let mut stats = SearchStats::default();
        if limit == 0 {
            stats.stopped_at_limit = true;
            return stats;
        }
        self.branches.clear();
        self.branches.reserve(81);
        'search: loop {
            if state.is_solved() {
                stats.solutions += 1;
                visit(&state);
                if stats.solutions >= limit {
                    stats.stopped_at_limit = true;
                    return stats;
                }
            } else {
                if stats.nodes >= budget {
                    stats.stopped_at_node_budget = true;
                    return stats;
                }
                let cell = choose(&state, &counts, rules);
                let digits = state.candidates(cell);
                let first = digits.trailing_zeros() as usize;
                stats.branches += 1;
                self.branches.push(Branch {
                    state,
                    cell: cell as u8,
                    digits: digits & (digits - 1),
                });
                state.place(cell, first, rules);
                stats.nodes += 1;
                if let Ok(next) = state.propagate(&mut stats.nodes, rules) {
                    counts = next;
                    continue 'search;
                }
            }
            // Backtrack to the deepest branch with a digit left to try.
            loop {
                let Some(branch) = self.branches.last_mut() else {
                    return stats;
                };
                if stats.nodes >= budget {
                    stats.stopped_at_node_budget = true;
                    return stats;
                }
                let digit = branch.digits.trailing_zeros() as usize;
                branch.digits &= branch.digits - 1;
                state = branch.state;
                let cell = branch.cell as usize;
                if branch.digits == 0 {
                    self.branches.pop();
                }
                state.place(cell, digit, rules);
                stats.nodes += 1;
                if let Ok(next) = state.propagate(&mut stats.nodes, rules) {
                    counts = next;
                    continue 'search;
                }
            }
        }
    }
}

/// The cell to branch on: the first with two candidates, else the first
/// with three, else the first with the fewest.
fn choose<R: ExtraRules>(state: &State, counts: &Counts, rules: &R) -> usize {
    for tier in [&counts.two, &counts.three] {
        if R::ANY {
            for (band, &cells) in tier.iter().enumerate() {
                let cells = cells & rules.preferred(band);
                if cells != 0 {
                    return 27 * band + cells.trailing_zeros() as usize;
                }
            }
        }
        for (band, &cells) in tier.iter().enumerate() {
            if cells != 0 {
                return 27 * band + cells.trailing_zeros() as usize;
            }
        }
    }
    (0..81)
        .filter(|&cell| state.candidates(cell).count_ones() > 1)
        .min_by_key(|&cell| state.candidates(cell).count_ones())
        .expect("an unsolved grid has an open cell")
}
