//! The search of the 9x9 fast path: branch on a cell with the fewest
//! candidates, let [`State::propagate`] do the forced work, and copy the
//! state at each branch so that backtracking is a copy back.
//!
//! Among cells of as few candidates, the classic search branches on the
//! one whose digits have most often led straight to a contradiction in
//! this puzzle (a failure count per cell, after the "weighted degree"
//! heuristics of constraint solvers): a cell that failed before sits where
//! the puzzle is tight, and branching there first cuts the tree. Until the
//! first failure, the first such cell is taken, at no cost. A grid with
//! rules, whose searches are longer, weighs what every try did instead: the
//! impact of a digit in a cell is the share of the open cells that placing
//! it filled, 1 for a contradiction (after the "impact-based search" of
//! constraint solvers), and the cell whose candidates had the most impact
//! in sum goes first, its branches expected to leave least. The rules may put
//! some cells first: statically (the dots of a negative grid, the cells of
//! renban lines) and by the state (on a non-consecutive grid, the cells
//! beside two open cells or more).
//!
//! Where no cell has two or three candidates (a grid of few givens), a grid
//! with rules weighs the two: the cell of the fewest candidates for each
//! failure (plus one). And a search on a grid with rules that has found no
//! solution after [`FIRST_RUN`] nodes starts again from the top, its failure
//! counts kept, with twice the room each time (the restarts of constraint
//! solvers). On a grid of few givens whose rules forbid what no cell sees
//! (two quadruples that each need a 6 in the same two columns, so that no 6
//! goes above them there), branching row by row in digit order puts such a
//! digit early and leaves a subtree with no solution that takes millions of
//! nodes to exhaust; the failures mark the cells where that shows, and the
//! search, or its next run, branches there first. Once a solution is found
//! the run goes on to the end, so each solution is seen once.

use super::state::{Counts, ExtraRules, State};
use super::tables::BAND;
use crate::engine::SearchStats;

/// The nodes of the first run of a search on a grid with rules before it
/// starts again; each later run gets twice the room of the one before.
/// Large enough that the bench sets' searches, whose first solutions come
/// after at most a few hundred thousand nodes, never restart.
const FIRST_RUN: u64 = 1_000_000;

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
    /// On a grid with rules, for each digit and cell, the impact of the
    /// digit tried there in this search: the share of the open cells its
    /// placement and the forced work filled (1 for a contradiction), a
    /// moving mean ([`MOVE`]) from [`PRIOR`].
    impacts: [[f32; 81]; 9],
    /// The nodes of a first run on a grid with rules ([`FIRST_RUN`]).
    first_run: u64,
    /// How many times the last search started again.
    restarts: u32,
    /// The nodes after which a search that has found no solution gives
    /// up, below its budget (`u64::MAX`: never).
    give_up_at: u64,
    /// True when the last search gave up so.
    gave_up: bool,
}

impl Default for Search {
    fn default() -> Search {
        Search {
            branches: Vec::new(),
            failures: [0; 81],
            any_failure: false,
            impacts: [[PRIOR; 81]; 9],
            first_run: FIRST_RUN,
            restarts: 0,
            give_up_at: u64::MAX,
            gave_up: false,
        }
    }
}

impl Search {
    /// Searches `state`, already propagated with `counts` its cells of two
    /// and three candidates, for up to `limit` solutions, calling `visit`
    /// with each. Nodes are the digits placed after the start (tried or
    /// forced); the search stops once they reach `budget`, or
    /// [`Search::give_up_after`] nodes while it has found no solution.
    pub(super) fn run<R: ExtraRules>(
        &mut self,
        rules: &R,
        mut state: State,
        mut counts: Counts,
        limit: u64,
        full_budget: u64,
        mut visit: impl FnMut(&State),
    ) -> SearchStats {
        let mut stats = SearchStats::default();
        self.gave_up = false;
        let mut budget = full_budget.min(self.give_up_at);
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
        if R::ANY {
            self.impacts = [[PRIOR; 81]; 9];
        }
        self.restarts = 0;
        let (start, start_counts) = (state, counts);
        // Where the run stops to start again while no solution is found:
        // never on the classic grid.
        let mut run = self.first_run;
        let mut restart_at = if R::ANY { run } else { u64::MAX };
        'search: loop {
            if state.is_solved() {
                stats.solutions += 1;
                budget = full_budget;
                visit(&state);
                if stats.solutions >= limit {
                    stats.stopped_at_limit = true;
                    return stats;
                }
            } else {
                if stats.nodes >= budget {
                    stats.stopped_at_node_budget = true;
                    self.gave_up = budget < full_budget;
                    return stats;
                }
                if R::ANY && stats.nodes >= restart_at && stats.solutions == 0 {
                    (state, counts) = (start, start_counts);
                    self.branches.clear();
                    run = run.saturating_mul(2);
                    restart_at = stats.nodes.saturating_add(run);
                    self.restarts += 1;
                    continue 'search;
                }
                let failures = self.any_failure.then_some(&self.failures);
                let cell = choose(&state, &counts, rules, failures, &self.impacts);
                let digits = state.candidates(cell);
                let first = digits.trailing_zeros() as usize;
                stats.branches += 1;
                self.branches.push(Branch {
                    state,
                    cell: cell as u8,
                    digits: digits & !(1 << first),
                });
                if let Some(next) = self.attempt(&mut state, cell, first, rules, &mut stats.nodes) {
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
                    self.gave_up = budget < full_budget;
                    return stats;
                }
                let digit = branch.digits.trailing_zeros() as usize;
                branch.digits &= branch.digits - 1;
                state = branch.state;
                let cell = branch.cell as usize;
                if branch.digits == 0 {
                    self.branches.pop();
                }
                if let Some(next) = self.attempt(&mut state, cell, digit, rules, &mut stats.nodes) {
                    counts = next;
                    continue 'search;
                }
            }
        }
    }

    /// Makes the later searches give up after `nodes` while they have
    /// found no solution (`u64::MAX`: never), so that another search may
    /// take the puzzle on.
    pub(super) fn give_up_after(&mut self, nodes: u64) {
        self.give_up_at = nodes;
    }

    /// True when the last search gave up before its budget, having found
    /// no solution.
    pub(super) fn gave_up(&self) -> bool {
        self.gave_up
    }

    /// A search whose first run on a grid with rules is `nodes` long, so
    /// that tests can make it start again early.
    #[cfg(test)]
    pub(super) fn with_first_run(nodes: u64) -> Search {
        Search {
            first_run: nodes,
            ..Search::default()
        }
    }

    /// How many times the last search started again.
    #[cfg(test)]
    pub(super) fn restarts(&self) -> u32 {
        self.restarts
    }

    /// Places `digit` in `cell` of `state` and does the forced work,
    /// counting the placements in `nodes`; returns the cells of two and
    /// three candidates left, or `None` on a contradiction. Either way the
    /// try is recorded: its impact on a grid with rules, and a failure.
    #[inline(always)]
    fn attempt<R: ExtraRules>(
        &mut self,
        state: &mut State,
        cell: usize,
        digit: usize,
        rules: &R,
        nodes: &mut u64,
    ) -> Option<Counts> {
        let size = if R::ANY { state.open_cells() } else { 0 };
        state.place(cell, digit, rules);
        let start = *nodes;
        *nodes += 1;
        match state.propagate(nodes, rules) {
            Ok(counts) => {
                if R::ANY {
                    self.record(cell, digit, size, *nodes - start);
                }
                Some(counts)
            }
            Err(_) => {
                self.fail(cell, digit);
                None
            }
        }
    }

    /// Records the impact of `digit` tried in `cell` on a grid of `size`
    /// open cells, where it and the forced work placed `placed` digits.
    #[inline]
    fn record(&mut self, cell: usize, digit: usize, size: u32, placed: u64) {
        let impact = placed as f32 / size as f32;
        let mean = &mut self.impacts[digit][cell];
        *mean += MOVE * (impact - *mean);
    }

    /// Counts `digit` tried in `cell` that led straight to a contradiction,
    /// an impact of 1.
    #[inline]
    fn fail(&mut self, cell: usize, digit: usize) {
        self.failures[cell] = self.failures[cell].saturating_add(1);
        self.any_failure = true;
        let mean = &mut self.impacts[digit][cell];
        *mean += MOVE * (1.0 - *mean);
    }
}

/// The cell to branch on: among the cells the rules prefer with two
/// candidates, else three, then among those they prefer in this state
/// ([`ExtraRules::preferred_now`]; never on a jigsaw), then among all cells
/// with two, else three, on a grid with rules the one whose candidates had
/// the most impact (`impacts`), and on the classic grid the one that failed
/// most often (`failures`, none yet when `None`); the first on a tie. Else,
/// on a grid with rules, the one of the fewest candidates for each
/// failure, and on the classic grid the first with the fewest.
fn choose<R: ExtraRules>(
    state: &State,
    counts: &Counts,
    rules: &R,
    failures: Option<&[u32; 81]>,
    impacts: &[[f32; 81]; 9],
) -> usize {
    if R::ANY {
        for tier in [&counts.two, &counts.three] {
            if let Some(cell) = most_impact(state, tier, |band| rules.preferred(band), impacts) {
                return cell;
            }
        }
        if let Some(first) = rules.preferred_now(state) {
            for tier in [&counts.two, &counts.three] {
                if let Some(cell) = most_impact(state, tier, |band| first[band], impacts) {
                    return cell;
                }
            }
        }
        for tier in [&counts.two, &counts.three] {
            if let Some(cell) = most_impact(state, tier, |_| BAND, impacts) {
                return cell;
            }
        }
    }
    if !R::ANY {
        for tier in [&counts.two, &counts.three] {
            if let Some(cell) = most_failed(tier, |_| BAND, failures) {
                return cell;
            }
        }
    }
    let open = (0..81).filter(|&cell| state.candidates(cell).count_ones() > 1);
    // On a grid with rules, the fewest candidates for each failure (plus
    // one): a cell that failed often is taken before one of a few
    // candidates fewer. The classic search keeps the first of the fewest.
    match failures.filter(|_| R::ANY) {
        Some(failures) => open
            .min_by(|&a, &b| {
                let weight = |cell: usize| u64::from(failures[cell]) + 1;
                let count = |cell: usize| u64::from(state.candidates(cell).count_ones());
                (count(a) * weight(b)).cmp(&(count(b) * weight(a)))
            })
            .expect("an unsolved grid has an open cell"),
        None => open
            .min_by_key(|&cell| state.candidates(cell).count_ones())
            .expect("an unsolved grid has an open cell"),
    }
}

/// The impact a digit is taken to have in a cell where it was not tried:
/// near what a digit that does not fail fills (design.md, "Impacts choose
/// among the cells of as few candidates").
const PRIOR: f32 = 0.1;

/// The weight of the latest impact in the moving mean: recent trials say
/// more about the part of the tree the search is in.
const MOVE: f32 = 0.5;

/// The cell of `cells` (band by band, all of as many candidates) within
/// `mask` whose candidates have the most impact in sum, the first on a
/// tie: the one whose branches are expected to leave the least to search.
#[inline(always)]
pub(super) fn most_impact(
    state: &State,
    cells: &[u32; 3],
    mask: impl Fn(usize) -> u32,
    impacts: &[[f32; 81]; 9],
) -> Option<usize> {
    let cells: [u32; 3] = std::array::from_fn(|band| cells[band] & mask(band));
    if cells == [0; 3] {
        return None;
    }
    let mut sums = [0f32; 81];
    for (digit, impacts) in impacts.iter().enumerate() {
        let places = state.places(digit);
        for band in 0..3 {
            let mut cells = cells[band] & places[band];
            while cells != 0 {
                let cell = 27 * band + cells.trailing_zeros() as usize;
                cells &= cells - 1;
                sums[cell] += impacts[cell];
            }
        }
    }
    highest(&cells, |cell| sums[cell])
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
    let cells: [u32; 3] = std::array::from_fn(|band| cells[band] & mask(band));
    highest(&cells, |cell| failures[cell])
}

/// The cell of `cells` (band by band) with the highest `score`, the first
/// on a tie; `None` when there is no cell.
#[inline(always)]
fn highest<T: PartialOrd + Copy>(cells: &[u32; 3], score: impl Fn(usize) -> T) -> Option<usize> {
    let mut best: Option<(usize, T)> = None;
    for (band, &cells) in cells.iter().enumerate() {
        let mut cells = cells;
        while cells != 0 {
            let cell = 27 * band + cells.trailing_zeros() as usize;
            cells &= cells - 1;
            let score = score(cell);
            if best.is_none_or(|(_, most)| score > most) {
                best = Some((cell, score));
            }
        }
    }
    best.map(|(cell, _)| cell)
}
