//! The true candidates of a samurai: the digits each of its 369 cells holds
//! in at least one solution.
//!
//! The work is that of [`crate::sudoku::true_candidates`], on the samurai's
//! own exact cover ([`SamuraiSolver`]): one search for two solutions of the
//! puzzle (with one alone, every other candidate is impossible), then a
//! limit-1 search for each candidate `(cell, digit)` that no solution found
//! so far holds, with the digit placed. A solution found proves every
//! placement it makes; a search that finds none proves the digit impossible
//! there. A digit given in a unit of the cell gets no search. Each search
//! after the first finds a solution with a placement no earlier one had, so
//! the solutions counted are distinct.

use crate::sudoku::samurai::{
    SamuraiConflict, SamuraiGrid, SamuraiLayout, SamuraiSolver, SAMURAI_CELLS,
};

/// The digits 1 to 9 as candidate masks: bit `d - 1` for digit `d`.
const ALL_CANDIDATES: u16 = 0b1_1111_1111;

/// What a true-candidates search found out about one samurai.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SamuraiCandidates {
    /// The digits of each cell not proven impossible, bit `d - 1` for
    /// digit `d`: the true candidates when
    /// [`SamuraiCandidates::complete`], a superset otherwise. A given is
    /// its own one candidate; a samurai with no solution has none.
    pub candidates: Vec<u16>,
    /// The digits of each cell seen in a solution (givens included).
    pub confirmed: Vec<u16>,
    /// Distinct solutions found, one per search that found one.
    pub solutions: u64,
    /// Searches made, the first (of the puzzle itself) included.
    pub searches: u64,
    /// True when every candidate was settled; false when the search limit
    /// or the node budget cut the work short.
    pub complete: bool,
    /// True when some search stopped at the node budget.
    pub stopped_at_node_budget: bool,
    /// Search nodes of all the searches.
    pub nodes: u64,
}

impl SamuraiCandidates {
    /// The candidate digits of `cell`, smallest first.
    pub fn digits(&self, cell: usize) -> impl Iterator<Item = u8> + '_ {
        let mask = self.candidates[cell];
        (1..=9u8).filter(move |digit| mask & 1 << (digit - 1) != 0)
    }
}

/// Finds the true candidates of samurai puzzles, reusing its solver and
/// buffers.
///
/// # Example
///
/// ```
/// use sudoku_dlx::{SamuraiCandidateFinder, SamuraiGrid, SamuraiSolver};
///
/// let solution = SamuraiSolver::new().first_solution(&SamuraiGrid::empty()).unwrap().unwrap();
/// let mut puzzle = solution.clone();
/// puzzle.set(0, 0);
/// let found = SamuraiCandidateFinder::new().find(&puzzle, u64::MAX).unwrap();
/// assert!(found.complete);
/// assert_eq!(found.solutions, 1);
/// assert_eq!(found.digits(0).collect::<Vec<_>>(), [solution.get(0)]);
/// ```
#[derive(Debug, Clone, Default)]
pub struct SamuraiCandidateFinder {
    solver: SamuraiSolver,
    /// The puzzle with one candidate placed.
    probe: SamuraiGrid,
    open: Vec<u16>,
    seen: Vec<u16>,
    /// The digits given in each unit, as candidate masks.
    unit_digits: Vec<u16>,
}

impl SamuraiCandidateFinder {
    /// A finder with empty buffers.
    pub fn new() -> SamuraiCandidateFinder {
        SamuraiCandidateFinder::default()
    }

    /// Caps the nodes of each search at `budget` (`None`: no cap); a search
    /// that reaches it leaves its candidate undecided.
    pub fn set_node_budget(&mut self, budget: Option<u64>) {
        self.solver.set_node_budget(budget);
    }

    /// The true candidates of `puzzle`, making at most `max_searches`
    /// searches; the candidates are visited cell by cell, digits
    /// ascending.
    ///
    /// # Errors
    ///
    /// Returns the first [`SamuraiConflict`] when the givens clash.
    pub fn find(
        &mut self,
        puzzle: &SamuraiGrid,
        max_searches: u64,
    ) -> Result<SamuraiCandidates, SamuraiConflict> {
        let layout = SamuraiLayout::get();
        if let Some(conflict) = layout.first_conflict(puzzle) {
            return Err(conflict);
        }
        self.start(layout, puzzle);
        let mut found = Tally::default();
        if max_searches == 0 {
            return Ok(self.report(&found, false));
        }
        self.search(puzzle, false, 2, &mut found);
        if found.solutions == 1 && !found.stopped_at_node_budget {
            self.open.clone_from(&self.seen);
            return Ok(self.report(&found, true));
        }
        if found.solutions == 0 {
            let complete = !found.stopped_at_node_budget;
            if complete {
                self.open.fill(0);
            }
            return Ok(self.report(&found, complete));
        }
        let mut complete = true;
        'cells: for cell in 0..SAMURAI_CELLS {
            if puzzle.get(cell) != 0 {
                continue;
            }
            // Digits left undecided by the node budget in this cell.
            let mut skipped = 0u16;
            loop {
                let undecided = self.open[cell] & !self.seen[cell] & !skipped;
                if undecided == 0 {
                    break;
                }
                if found.searches >= max_searches {
                    complete = false;
                    break 'cells;
                }
                let bit = undecided & undecided.wrapping_neg();
                self.probe.clone_from(puzzle);
                self.probe.set(cell, bit.trailing_zeros() as u8 + 1);
                let before = found.solutions;
                self.search(puzzle, true, 1, &mut found);
                if found.solutions == before {
                    if found.stopped_at_node_budget {
                        skipped |= bit;
                    } else {
                        self.open[cell] &= !bit;
                    }
                }
            }
        }
        let complete = complete && !found.stopped_at_node_budget;
        Ok(self.report(&found, complete))
    }

    /// Sets the open and seen digits of every cell from the givens.
    fn start(&mut self, layout: &SamuraiLayout, puzzle: &SamuraiGrid) {
        self.unit_digits.clear();
        self.unit_digits.resize(layout.units(), 0);
        for cell in 0..SAMURAI_CELLS {
            let digit = puzzle.get(cell);
            if digit != 0 {
                for unit in layout.units_of(cell) {
                    self.unit_digits[unit] |= 1 << (digit - 1);
                }
            }
        }
        self.open.clear();
        self.seen.clear();
        for cell in 0..SAMURAI_CELLS {
            let digit = puzzle.get(cell);
            let open = if digit != 0 {
                1 << (digit - 1)
            } else {
                layout
                    .units_of(cell)
                    .fold(ALL_CANDIDATES, |left, unit| left & !self.unit_digits[unit])
            };
            self.open.push(open);
            self.seen.push(0);
        }
    }

    /// One search of `puzzle` (or of the probe, the puzzle with one
    /// candidate placed, when `probe`), for up to `limit` solutions,
    /// marking the placements of each as seen.
    fn search(&mut self, puzzle: &SamuraiGrid, probe: bool, limit: u64, found: &mut Tally) {
        found.searches += 1;
        let grid = if probe { &self.probe } else { puzzle };
        let seen = &mut self.seen;
        let result = self.solver.solve(grid, limit, |solution| {
            for (mask, &digit) in seen.iter_mut().zip(solution.cells()) {
                *mask |= 1 << (digit - 1);
            }
        });
        // An error is a placed digit that clashes with a given: no solution.
        if let Ok(stats) = result {
            found.solutions += stats.solutions;
            found.nodes += stats.nodes;
            found.stopped_at_node_budget |= stats.solutions < limit && stats.stopped_at_node_budget;
        }
    }

    /// The answer, from the buffers and the tally.
    fn report(&self, found: &Tally, complete: bool) -> SamuraiCandidates {
        SamuraiCandidates {
            candidates: self.open.clone(),
            confirmed: self.seen.clone(),
            solutions: found.solutions,
            searches: found.searches,
            complete,
            stopped_at_node_budget: found.stopped_at_node_budget,
            nodes: found.nodes,
        }
    }
}

/// What the searches of one puzzle have found so far.
#[derive(Debug, Default)]
struct Tally {
    solutions: u64,
    searches: u64,
    nodes: u64,
    stopped_at_node_budget: bool,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::random::Rng;
    use crate::sudoku::samurai_generate::SamuraiGenerator;

    /// The candidates of `puzzle` from every one of its solutions, and how
    /// many there are.
    fn by_enumeration(puzzle: &SamuraiGrid) -> (Vec<u16>, u64) {
        let mut masks = vec![0u16; SAMURAI_CELLS];
        let stats = SamuraiSolver::new()
            .solve(puzzle, u64::MAX, |solution| {
                for (mask, &digit) in masks.iter_mut().zip(solution.cells()) {
                    *mask |= 1 << (digit - 1);
                }
            })
            .unwrap();
        (masks, stats.solutions)
    }

    #[test]
    fn samurai_with_few_solutions_agree_with_every_solution() {
        let mut finder = SamuraiCandidateFinder::new();
        let mut generator = SamuraiGenerator::new();
        let mut rng = Rng::from_seed(17);
        let mut several = 0;
        for case in 0..30 {
            let mut solution = SamuraiGrid::empty();
            generator.fill_solved(&mut rng, &mut solution);
            // A solution with a third to a half of its cells blank: from
            // one solution to a few hundred.
            let mut puzzle = solution.clone();
            for cell in 0..SAMURAI_CELLS {
                if rng.below(100) < 34 + case / 2 {
                    puzzle.set(cell, 0);
                }
            }
            let (expected, count) = by_enumeration(&puzzle);
            let found = finder.find(&puzzle, u64::MAX).unwrap();
            assert!(found.complete, "case {case}");
            assert_eq!(found.candidates, expected, "case {case}");
            assert_eq!(found.confirmed, found.candidates);
            assert!(found.solutions >= 1 && found.solutions <= count);
            assert_eq!(found.solutions == 1, count == 1, "case {case}");
            several += usize::from(count > 1);
        }
        assert!(several >= 5, "{several}");
    }

    #[test]
    fn a_search_limit_leaves_a_superset_marked_partial() {
        let empty = SamuraiGrid::empty();
        let partial = SamuraiCandidateFinder::new().find(&empty, 3).unwrap();
        assert!(!partial.complete);
        assert_eq!(partial.searches, 3);
        assert!(partial
            .candidates
            .iter()
            .all(|&mask| mask == ALL_CANDIDATES));
        for (seen, open) in partial.confirmed.iter().zip(&partial.candidates) {
            assert_eq!(seen & open, *seen);
        }
        let layout = SamuraiLayout::get();
        let mut clash = SamuraiGrid::empty();
        clash.set(layout.cell_at(0, 0).unwrap(), 5);
        clash.set(layout.cell_at(1, 1).unwrap(), 5);
        assert!(SamuraiCandidateFinder::new().find(&clash, 10).is_err());
    }
}
