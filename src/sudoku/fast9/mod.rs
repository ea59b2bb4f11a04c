//! The 9x9 fast path of the solver: a hybrid of exact cover and
//! bitboards, for classic grids and for those whose other rules are pairs
//! of placements, renban lines, short tables, killer cages or the rules on
//! sums and quadruples the geometry keeps whole.
//!
//! Batch-checking collections of classic puzzles is the first job of the
//! tool, and there the general path (singles, then the exact-cover matrix
//! and dancing links) spends most of its work on the moves that are forced.
//! This path keeps the search of exact cover (branch on the cell item with
//! the fewest options, try each) but does the forced work with bit-parallel
//! passes over per-digit masks, which also see what the items do not: a
//! digit confined to one row of a box, or to one box of a row. The state is
//! small enough to copy at each branch, so nothing is undone.
//!
//! [`crate::Solver`] takes this path, with the default tie break, for the
//! classic 9x9 geometry and for 9x9 geometries of classic units (with
//! the extra units of x, hyper, disjoint and extra regions of nine cells;
//! `extra_units.rs`) whose other rules compile to "at most once" groups
//! and placements forbidden outright (`rules.rs`: thermometers, kropki
//! dots, XV, non-consecutive, anti-knight, whispers, palindromes...),
//! renban lines, short tables (arrows, between lines), killer cages,
//! little killers, sandwiches, region-sum lines and quadruples, and for
//! 9x9 jigsaws without killer cages or rules kept whole (read as
//! [`JigsawRules`]: no boxes, the regions read as extra units), and the
//! general one for everything else; both find the same solutions (the
//! first of a puzzle with several may differ).

mod adjacent;
mod covers;
mod extra_units;
mod partners;
mod quadruples;
mod rules;
mod search;
mod state;
mod sums;
mod tables;

pub(crate) use partners::Partners;
use rules::JigsawRules;
pub(crate) use rules::{Classic, GeometryRules};
pub(crate) use state::ExtraRules;

use crate::engine::SearchStats;
use crate::sudoku::grid::{Grid, Size};
use search::Search;
use state::State;

/// The nodes a search of a jigsaw gets to find a solution before it gives
/// the puzzle up to the matrix: half the default node budget. The fast
/// path reads a region only between rounds of forced work and branches on
/// cells alone, which can leave a search of a grid of few givens long; a
/// try of 100,000 gave the matrix searches the fast path ends sooner
/// (design.md, "Jigsaws on the fast path").
const JIGSAW_TRY: u64 = 10_000_000;

/// A reusable 9x9 solver: the stack of its search, kept between puzzles.
#[derive(Debug, Clone)]
pub(crate) struct Fast9 {
    search: Search,
    /// Digits forced before the first branch of the last search.
    presolved: usize,
    /// The nodes a search of a jigsaw gets to find a solution
    /// ([`JIGSAW_TRY`]).
    jigsaw_try: u64,
}

impl Default for Fast9 {
    fn default() -> Fast9 {
        Fast9 {
            search: Search::default(),
            presolved: 0,
            jigsaw_try: JIGSAW_TRY,
        }
    }
}

impl Fast9 {
    /// A solver whose search on a grid with rules starts again after
    /// `nodes` without a solution, and then after twice as many.
    #[cfg(test)]
    fn with_first_run(nodes: u64) -> Fast9 {
        Fast9 {
            search: Search::with_first_run(nodes),
            ..Fast9::default()
        }
    }

    /// Gives the searches of jigsaws `nodes` to find a solution before
    /// they give the puzzle up to the matrix, so that tests can make them
    /// give up early.
    #[cfg(test)]
    pub(crate) fn set_jigsaw_try(&mut self, nodes: u64) {
        self.jigsaw_try = nodes;
    }

    /// How many times the last search started again.
    #[cfg(test)]
    fn restarts(&self) -> u32 {
        self.search.restarts()
    }

    /// Searches the 81 `cells` (0 for a blank, else 1 to 9) for up to
    /// `limit` solutions, writing each into `solution` and then calling
    /// `on_solution` with it. The search stops once it has placed `budget`
    /// digits after the forced ones of the start.
    ///
    /// Returns `None`, having searched nothing, when two givens clash.
    pub(crate) fn solve<R: ExtraRules>(
        &mut self,
        rules: &R,
        cells: &[u8],
        limit: u64,
        budget: u64,
        solution: &mut Grid,
        mut on_solution: impl FnMut(&Grid),
    ) -> Option<SearchStats> {
        debug_assert_eq!(cells.len(), 81);
        if R::ANY && rules.givens_clash(cells) {
            return None;
        }
        let mut state = if R::ANY {
            let mut state = State::new();
            rules.forbid(&mut state);
            for (cell, &digit) in cells.iter().enumerate() {
                if digit != 0 {
                    let digit = usize::from(digit - 1);
                    if !state.allows(cell, digit) {
                        return None;
                    }
                    state.place(cell, digit, rules);
                }
            }
            state
        } else {
            State::with_givens(cells)?
        };
        let mut forced = 0;
        let Ok(counts) = state.propagate(&mut forced, rules) else {
            self.presolved = forced as usize;
            return Some(SearchStats {
                stopped_at_limit: limit == 0,
                ..SearchStats::default()
            });
        };
        self.presolved = forced as usize;
        solution.clear(Size::NINE);
        Some(
            self.search
                .run(rules, state, counts, limit, budget, |state| {
                    state.write(solution.cells_mut());
                    on_solution(solution);
                }),
        )
    }

    /// [`Fast9::solve`] under the rules of a geometry: as they are on a
    /// grid with boxes, and read as a jigsaw's ([`JigsawRules`]) on one
    /// without.
    pub(crate) fn solve_rules(
        &mut self,
        rules: &GeometryRules,
        cells: &[u8],
        limit: u64,
        budget: u64,
        solution: &mut Grid,
        on_solution: impl FnMut(&Grid),
    ) -> Option<SearchStats> {
        if !rules.is_jigsaw() {
            return self.solve(rules, cells, limit, budget, solution, on_solution);
        }
        self.search.give_up_after(self.jigsaw_try);
        let jigsaw = JigsawRules(rules);
        let found = self.solve(&jigsaw, cells, limit, budget, solution, on_solution);
        self.search.give_up_after(u64::MAX);
        found
    }

    /// True when the last search, of a jigsaw, gave up after its try
    /// ([`JIGSAW_TRY`] nodes) without a solution, for the matrix to search
    /// it. Read it with the search's stats, which then say it stopped at
    /// its budget: a puzzle settled before any search leaves this as the
    /// search before it did.
    pub(crate) fn gave_up(&self) -> bool {
        self.search.gave_up()
    }

    /// How many digits were forced before the first branch of the last
    /// search (after the givens).
    pub(crate) fn presolved(&self) -> usize {
        self.presolved
    }
}

#[cfg(test)]
mod tests;
