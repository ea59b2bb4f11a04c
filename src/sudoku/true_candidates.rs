//! The true candidates of a puzzle: the digits each cell holds in at least
//! one solution, what a setter checks while building a puzzle.
//!
//! Enumerating every solution would answer too, but an unfinished puzzle
//! can have millions. Instead one search looks for two solutions of the
//! puzzle (with one alone, every other candidate is impossible and the work
//! is done), and then each candidate `(cell, digit)` still undecided gets a
//! limit-1 search of its own, with the digit placed: a solution found
//! proves every placement it makes possible (so most candidates are settled
//! by the searches made before their turn), and a search that finds none
//! proves the digit impossible there. A candidate the givens already rule
//! out (a digit in a unit of the cell, or forbidden by an "at most once"
//! group) gets no search. Every search is one of the [`Solver`], on any
//! [`Geometry`], with the solver's buffers and one probe grid reused from
//! search to search.
//!
//! Each search after the first finds a solution with a placement no earlier
//! one had, so the solutions counted are distinct: the puzzle has at least
//! that many, and when the work was not cut short and one was found, exactly
//! one.

use crate::sudoku::candidates::Candidates;
use crate::sudoku::geometry::Geometry;
use crate::sudoku::grid::{Conflict, Grid, Size};
use crate::sudoku::solver::Solver;

/// What a true-candidates search found out about one puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrueCandidates {
    /// The digits of each cell not proven impossible: the true candidates
    /// when [`TrueCandidates::complete`], a superset of them otherwise. A
    /// given is its own one candidate; a puzzle with no solution has none.
    pub candidates: Candidates,
    /// The digits of each cell seen in a solution (givens included): always
    /// true candidates, and all of them when [`TrueCandidates::complete`].
    pub confirmed: Candidates,
    /// Distinct solutions found, one per search that found one.
    pub solutions: u64,
    /// Searches made, the first (of the puzzle itself) included.
    pub searches: u64,
    /// True when every candidate was settled; false when the search limit
    /// or the node budget cut the work short.
    pub complete: bool,
    /// True when some search stopped at the solver's node budget.
    pub stopped_at_node_budget: bool,
    /// Search nodes of all the searches.
    pub nodes: u64,
}

/// Finds true candidates, reusing its solver and buffers from puzzle to
/// puzzle.
///
/// # Example
///
/// ```
/// use sudoku_dlx::{CandidateFinder, Geometry, Grid};
///
/// // Four solutions: the 1 and 2 of the first two columns can swap, and so
/// // can the 3 and 4; three searches see every candidate.
/// let puzzle: Grid = "..34\
///                     ..12\
///                     ..43\
///                     ..21".parse().unwrap();
/// let geometry = Geometry::classic(puzzle.size());
/// let found = CandidateFinder::new().find(geometry, &puzzle, u64::MAX).unwrap();
/// assert!(found.complete);
/// assert_eq!(found.solutions, 3);
/// assert_eq!(found.candidates.digits(0).collect::<Vec<_>>(), [1, 2]);
/// assert_eq!(found.candidates.digits(2).collect::<Vec<_>>(), [3]);
/// ```
#[derive(Debug, Clone)]
pub struct CandidateFinder {
    solver: Solver,
    /// The puzzle with one candidate placed.
    probe: Grid,
    /// The digits of each cell not proven impossible.
    open: Vec<u64>,
    /// The digits of each cell seen in a solution.
    seen: Vec<u64>,
    /// The digits each unit holds among the givens.
    unit_digits: Vec<u64>,
    /// The digits the groups of the givens rule out of each cell.
    blocked: Vec<u64>,
    /// The nodes all the searches of one puzzle may take (`None`: no cap).
    budget: Option<u64>,
}

impl Default for CandidateFinder {
    fn default() -> Self {
        CandidateFinder::new()
    }
}

impl CandidateFinder {
    /// A finder with empty buffers.
    pub fn new() -> CandidateFinder {
        CandidateFinder {
            solver: Solver::new(),
            probe: Grid::empty(Size::NINE),
            open: Vec::new(),
            seen: Vec::new(),
            unit_digits: Vec::new(),
            blocked: Vec::new(),
            budget: None,
        }
    }

    /// Caps the nodes of all the searches of one puzzle at `budget`
    /// (`None`: no cap), so that the work on a puzzle is bounded however
    /// many candidates it has; see [`Solver::set_node_budget`]. The
    /// candidates left when it runs out stay undecided (the answer is a
    /// superset, not [`TrueCandidates::complete`]).
    pub fn set_node_budget(&mut self, budget: Option<u64>) {
        self.budget = budget;
        self.solver.set_node_budget(budget);
    }

    /// Gives the next search what is left of the puzzle's budget; false
    /// when nothing is left, which marks the tally cut short.
    fn budget_left(&mut self, found: &mut Tally) -> bool {
        let Some(budget) = self.budget else {
            return true;
        };
        let left = budget.saturating_sub(found.nodes);
        if left == 0 {
            found.stopped_at_node_budget = true;
            return false;
        }
        self.solver.set_node_budget(Some(left));
        true
    }

    /// The true candidates of `puzzle` under the rules of `geometry` (whose
    /// size must be the puzzle's), making at most `max_searches` searches;
    /// the candidates are visited cell by cell, digits ascending.
    ///
    /// # Errors
    ///
    /// Returns the first [`Conflict`] when the givens break the rules.
    pub fn find(
        &mut self,
        geometry: &Geometry,
        puzzle: &Grid,
        max_searches: u64,
    ) -> Result<TrueCandidates, Conflict> {
        if let Some(conflict) = geometry.first_conflict(puzzle) {
            return Err(conflict);
        }
        self.start(geometry, puzzle);
        let mut found = Tally::default();
        if max_searches == 0 {
            return Ok(self.report(puzzle.size(), &found, false));
        }
        // Up to two solutions: a puzzle with one alone is settled here.
        let limit = 2;
        self.budget_left(&mut found);
        search(
            &mut self.solver,
            &mut self.seen,
            (geometry, puzzle, limit),
            &mut found,
        );
        if found.solutions == 1 && !found.stopped_at_node_budget {
            self.open.clone_from(&self.seen);
            return Ok(self.report(puzzle.size(), &found, true));
        }
        if found.solutions == 0 {
            // No solution at all, or a first search cut short: nothing more
            // can be learnt from the others.
            let complete = !found.stopped_at_node_budget;
            if complete {
                self.open.fill(0);
            }
            return Ok(self.report(puzzle.size(), &found, complete));
        }
        let mut complete = true;
        'cells: for cell in 0..puzzle.cells().len() {
            if puzzle.cells()[cell] != 0 {
                continue;
            }
            loop {
                let undecided = self.open[cell] & !self.seen[cell] & !found.undecided_mask(cell);
                if undecided == 0 {
                    break;
                }
                if found.searches >= max_searches || !self.budget_left(&mut found) {
                    complete = false;
                    break 'cells;
                }
                let digit = undecided.trailing_zeros() as u8 + 1;
                self.probe.clone_from(puzzle);
                self.probe.set(cell, digit);
                let before = found.solutions;
                search(
                    &mut self.solver,
                    &mut self.seen,
                    (geometry, &self.probe, 1),
                    &mut found,
                );
                if found.solutions == before {
                    if found.stopped_at_node_budget {
                        found.skip(cell, digit);
                    } else {
                        self.open[cell] &= !(1u64 << (digit - 1));
                    }
                }
            }
        }
        let complete = complete && !found.stopped_at_node_budget;
        Ok(self.report(puzzle.size(), &found, complete))
    }

    /// Sets the open and seen digits of every cell from the givens.
    fn start(&mut self, geometry: &Geometry, puzzle: &Grid) {
        let all = Candidates::all_digits(puzzle.size());
        geometry.unit_digits(puzzle, &mut self.unit_digits);
        let has_groups = geometry.blocks_placements();
        if has_groups {
            geometry.group_blocked(puzzle, &mut self.blocked);
        }
        self.open.clear();
        self.seen.clear();
        for (cell, &digit) in puzzle.cells().iter().enumerate() {
            if digit != 0 {
                self.open.push(1 << (digit - 1));
                self.seen.push(0);
                continue;
            }
            let mut free = all;
            for &unit in geometry.units_of(cell) {
                free &= !self.unit_digits[unit as usize];
            }
            if has_groups {
                free &= !self.blocked[cell];
            }
            self.open.push(free);
            self.seen.push(0);
        }
    }

    /// The answer, from the buffers and the tally.
    fn report(&self, size: Size, found: &Tally, complete: bool) -> TrueCandidates {
        let masks = |masks: &[u64]| Candidates::from_cell_masks(size, masks.to_vec());
        TrueCandidates {
            candidates: masks(&self.open),
            confirmed: masks(&self.seen),
            solutions: found.solutions,
            searches: found.searches,
            complete,
            stopped_at_node_budget: found.stopped_at_node_budget,
            nodes: found.nodes,
        }
    }
}

/// One search of `grid` under the rules of `geometry` by `solver`, for up
/// to `limit` solutions, marking the placements of each in `seen`.
fn search(
    solver: &mut Solver,
    seen: &mut [u64],
    (geometry, grid, limit): (&Geometry, &Grid, u64),
    found: &mut Tally,
) {
    found.searches += 1;
    let result = solver.solve_in(geometry, grid, limit, |solution| {
        for (mask, &digit) in seen.iter_mut().zip(solution.cells()) {
            *mask |= 1 << (digit - 1);
        }
    });
    // An error is a placed digit against an "at most once" group: no
    // solution.
    if let Ok(stats) = result {
        found.solutions += stats.solutions;
        found.nodes += stats.nodes;
        // A search that found what it looked for settled its question.
        found.stopped_at_node_budget |= stats.solutions < limit && stats.stopped_at_node_budget;
    }
}

/// What the searches of one puzzle have found so far.
#[derive(Debug, Default)]
struct Tally {
    solutions: u64,
    searches: u64,
    nodes: u64,
    stopped_at_node_budget: bool,
    /// The cell whose candidates cut short by the node budget are skipped,
    /// and those candidates: the search moves on cell by cell, so one cell
    /// at a time is enough.
    skipped: Option<(usize, u64)>,
}

impl Tally {
    /// The digits of `cell` left undecided by the node budget.
    fn undecided_mask(&self, cell: usize) -> u64 {
        match self.skipped {
            Some((skipped, mask)) if skipped == cell => mask,
            _ => 0,
        }
    }

    /// Leaves `digit` of `cell` undecided.
    fn skip(&mut self, cell: usize, digit: u8) {
        let mask = self.undecided_mask(cell) | 1 << (digit - 1);
        self.skipped = Some((cell, mask));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::random::Rng;
    use crate::sudoku::variants::{variant_geometry, Variant};

    /// The candidates of `puzzle` from every one of its solutions, and how
    /// many there are.
    fn by_enumeration(geometry: &Geometry, puzzle: &Grid) -> (Vec<u64>, u64) {
        let mut masks = vec![0u64; puzzle.cells().len()];
        let stats = Solver::new()
            .solve_in(geometry, puzzle, u64::MAX, |solution| {
                for (mask, &digit) in masks.iter_mut().zip(solution.cells()) {
                    *mask |= 1 << (digit - 1);
                }
            })
            .unwrap();
        (masks, stats.solutions)
    }

    /// A random puzzle: up to `clues` random givens that break no rule.
    fn random_puzzle(geometry: &Geometry, rng: &mut Rng, clues: usize) -> Grid {
        let size = geometry.size();
        let mut puzzle = Grid::empty(size);
        for _ in 0..clues {
            let cell = rng.below(size.cells());
            puzzle.set(cell, rng.below(size.side()) as u8 + 1);
            if geometry.first_conflict(&puzzle).is_some() {
                puzzle.set(cell, 0);
            }
        }
        puzzle
    }

    /// Checks the finder against enumeration on `puzzle`; returns the
    /// number of solutions.
    fn agrees(finder: &mut CandidateFinder, geometry: &Geometry, puzzle: &Grid) -> u64 {
        let (expected, count) = by_enumeration(geometry, puzzle);
        let found = finder.find(geometry, puzzle, u64::MAX).unwrap();
        assert!(found.complete, "{puzzle:?}");
        assert_eq!(found.candidates.masks(), &expected[..], "{puzzle:?}");
        assert_eq!(found.confirmed, found.candidates);
        assert!(found.solutions <= count);
        assert_eq!(found.solutions == 0, count == 0);
        if found.solutions == 1 {
            assert_eq!(count, 1, "{puzzle:?}");
        }
        // A unique puzzle is settled by its first search.
        if count == 1 {
            assert_eq!(found.searches, 1, "{puzzle:?}");
        }
        count
    }

    #[test]
    fn random_four_by_four_puzzles_agree_with_every_solution() {
        let mut finder = CandidateFinder::new();
        let mut rng = Rng::from_seed(5);
        let mut shapes = [0; 3];
        for variants in [&[][..], &[Variant::X], &[Variant::AntiKnight]] {
            let geometry = variant_geometry(Size::FOUR, variants).unwrap();
            for _ in 0..400 {
                let clues = rng.below(7);
                let puzzle = random_puzzle(&geometry, &mut rng, clues);
                let count = agrees(&mut finder, &geometry, &puzzle);
                shapes[count.min(2) as usize] += 1;
            }
        }
        // Unsolvable, unique and multiple puzzles were all checked.
        assert!(shapes.iter().all(|&seen| seen > 20), "{shapes:?}");
    }

    #[test]
    fn nine_by_nine_puzzles_with_few_solutions_agree() {
        let mut finder = CandidateFinder::new();
        let mut rng = Rng::from_seed(11);
        let solution = Solver::new()
            .first_solution(
                &"8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
                    .parse()
                    .unwrap(),
            )
            .unwrap()
            .unwrap();
        let geometry = Geometry::classic(Size::NINE);
        let mut several = 0;
        for _ in 0..40 {
            // A solved grid with about 50 cells blanked: a few solutions.
            let mut puzzle = solution.clone();
            for _ in 0..60 {
                puzzle.set(rng.below(81), 0);
            }
            let count = agrees(&mut finder, geometry, &puzzle);
            several += usize::from(count > 1);
        }
        assert!(several > 5, "{several}");
    }

    #[test]
    fn a_puzzle_with_no_solution_has_no_candidates() {
        // Row 1 needs a 4 in its last cell, but column 4 already has one.
        let puzzle: Grid = "123....4........".parse().unwrap();
        let found = CandidateFinder::new()
            .find(Geometry::classic(Size::FOUR), &puzzle, u64::MAX)
            .unwrap();
        assert!(found.complete);
        assert_eq!(found.solutions, 0);
        assert!(found.candidates.masks().iter().all(|&mask| mask == 0));
        let clash: Grid = "11..............".parse().unwrap();
        assert!(CandidateFinder::new()
            .find(Geometry::classic(Size::FOUR), &clash, 10)
            .is_err());
    }

    #[test]
    fn most_candidates_are_settled_by_earlier_searches() {
        // An empty 4x4 grid: every digit is a candidate of every cell, 64
        // candidates, far fewer searches.
        let found = CandidateFinder::new()
            .find(
                Geometry::classic(Size::FOUR),
                &Grid::empty(Size::FOUR),
                u64::MAX,
            )
            .unwrap();
        assert!(found.complete);
        assert!(found.candidates.masks().iter().all(|&mask| mask == 0b1111));
        assert!(found.searches < 64 / 2, "{}", found.searches);
        // Two solutions from the first search, one from each other.
        assert_eq!(found.solutions, found.searches + 1);
    }

    #[test]
    fn a_search_limit_leaves_a_superset_marked_partial() {
        let geometry = Geometry::classic(Size::NINE);
        let empty = Grid::empty(Size::NINE);
        let full = CandidateFinder::new()
            .find(geometry, &empty, u64::MAX)
            .unwrap();
        let partial = CandidateFinder::new().find(geometry, &empty, 3).unwrap();
        assert!(full.complete && !partial.complete);
        assert_eq!(partial.searches, 3);
        assert_eq!(partial.solutions, partial.searches + 1);
        for cell in 0..81 {
            let (all, open, seen) = (
                full.candidates.mask(cell),
                partial.candidates.mask(cell),
                partial.confirmed.mask(cell),
            );
            assert_eq!(open & all, all);
            assert_eq!(seen & all, seen);
        }
        assert_ne!(partial.confirmed, partial.candidates);
    }

    #[test]
    fn a_node_budget_bounds_all_the_searches_of_a_puzzle() {
        let geometry = Geometry::classic(Size::NINE);
        // Several solutions, and candidates that need searches of their own.
        let puzzle: Grid =
            "8..........36......7..9.2...5...7.......45......1...3...1....6...85...1..9......."
                .parse()
                .unwrap();
        let mut finder = CandidateFinder::new();
        let full = finder.find(geometry, &puzzle, u64::MAX).unwrap();
        assert!(full.complete && full.searches > 3, "{full:?}");
        // Each search alone fits in the budget; all of them do not.
        finder.set_node_budget(Some(full.nodes / 2));
        let cut = finder.find(geometry, &puzzle, u64::MAX).unwrap();
        assert!(cut.stopped_at_node_budget && !cut.complete, "{cut:?}");
        assert!(
            cut.searches < full.searches && cut.nodes < full.nodes,
            "{cut:?}"
        );
        for cell in 0..81 {
            let (all, open, seen) = (
                full.candidates.mask(cell),
                cut.candidates.mask(cell),
                cut.confirmed.mask(cell),
            );
            assert_eq!(open & all, all, "cell {cell}: a true candidate struck");
            assert_eq!(
                seen & all,
                seen,
                "cell {cell}: a candidate seen that is not true"
            );
        }
        // Each puzzle gets the whole budget again.
        assert_eq!(finder.find(geometry, &puzzle, u64::MAX).unwrap(), cut);
        finder.set_node_budget(Some(2 * full.nodes));
        assert_eq!(finder.find(geometry, &puzzle, u64::MAX).unwrap(), full);
    }

    #[test]
    fn a_node_budget_leaves_candidates_undecided() {
        let mut finder = CandidateFinder::new();
        finder.set_node_budget(Some(1));
        let geometry = Geometry::classic(Size::NINE);
        let puzzle: Grid =
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
                .parse()
                .unwrap();
        let found = finder.find(geometry, &puzzle, u64::MAX).unwrap();
        assert!(found.stopped_at_node_budget && !found.complete);
        assert_eq!(found.solutions, 0);
        assert_eq!(found.searches, 1);
        let solution = Solver::new().first_solution(&puzzle).unwrap().unwrap();
        for cell in (0..81).filter(|&cell| puzzle.cells()[cell] == 0) {
            assert_eq!(found.confirmed.mask(cell), 0);
            assert!(found.candidates.contains(cell, solution.cells()[cell]));
            assert!(found.candidates.count(cell) > 1);
        }
    }
}
