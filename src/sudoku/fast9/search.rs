//! The search of the 9x9 fast path: branch on a cell with the fewest
//! candidates, let [`State::propagate`] do the forced work, and copy the
//! state at each branch so that backtracking is a copy back.
//!
//! Among cells of as few candidates, the search branches on the one whose
//! digits have most often led straight to a contradiction in this puzzle
//! (a failure count per cell, after the "weighted degree" heuristics of
//! constraint solvers): a cell that failed before sits where the puzzle is
//! tight, and branching there first cuts the tree. Until the first
//! failure, the first such cell is taken, at no cost.

use super::state::{Counts, ExtraRules, State};
use super::tables::BAND;
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
/// a cell, so there are never more than 81), and the failures of each cell
/// in this search.
#[derive(Debug, Clone)]
pub(super) struct Search {
    branches: Vec<Branch>,
    /// For each cell, how many of the digits tried there led straight to a
    /// contradiction.
    failures: [u32; 81],
    /// True once some cell has failed in this search.
    any_failure: bool,
}

impl Default for Search {
    fn default() -> Search {
        Search {
            branches: Vec::new(),
            failures: [0; 81],
            any_failure: false,
        }
    }
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
        if self.any_failure {
            self.failures = [0; 81];
            self.any_failure = false;
        }
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
                let failures = self.any_failure.then_some(&self.failures);
                let cell = choose(&state, &counts, rules, failures);
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
                self.fail(cell);
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
                self.fail(cell);
            }
        }
    }

    /// Counts a digit tried in `cell` that led straight to a contradiction.
    #[inline]
    fn fail(&mut self, cell: usize) {
        self.failures[cell] = self.failures[cell].saturating_add(1);
        self.any_failure = true;
    }
}

/// The cell to branch on: among the cells the rules prefer with two
/// candidates, else three, then among all cells with two, else three, the
/// one that failed most often (`failures`, none yet when `None`; the first
/// on a tie); else the first with the fewest.
fn choose<R: ExtraRules>(
    state: &State,
    counts: &Counts,
    rules: &R,
    failures: Option<&[u32; 81]>,
) -> usize {
    if R::ANY {
        for tier in [&counts.two, &counts.three] {
            if let Some(cell) = most_failed(tier, |band| rules.preferred(band), failures) {
                return cell;
            }
        }
    }
    for tier in [&counts.two, &counts.three] {
        if let Some(cell) = most_failed(tier, |_| BAND, failures) {
            return cell;
        }
    }
    (0..81)
        .filter(|&cell| state.candidates(cell).count_ones() > 1)
        .min_by_key(|&cell| state.candidates(cell).count_ones())
        .expect("an unsolved grid has an open cell")
}

/// The cell of `cells` (band by band) within `mask` that failed most often,
/// the first on a tie; `None` when there is no such cell.
#[inline(always)]
pub(super) fn most_failed(
    cells: &[u32; 3],
    mask: impl Fn(usize) -> u32,
    failures: Option<&[u32; 81]>,
) -> Option<usize> {
    let Some(failures) = failures else {
        return (0..3).find_map(|band| {
            let cells = cells[band] & mask(band);
            (cells != 0).then(|| 27 * band + cells.trailing_zeros() as usize)
        });
    };
    let mut best: Option<(usize, u32)> = None;
    for (band, &cells) in cells.iter().enumerate() {
        let mut cells = cells & mask(band);
        while cells != 0 {
            let cell = 27 * band + cells.trailing_zeros() as usize;
            cells &= cells - 1;
            if best.is_none_or(|(_, most)| failures[cell] > most) {
                best = Some((cell, failures[cell]));
            }
        }
    }
    best.map(|(cell, _)| cell)
}
