//! Solving Sudoku grids with the exact-cover engine.
//!
//! A [`Solver`] turns a puzzle into the exact-cover matrix of
//! [`crate::sudoku::encoding`], runs [`crate::engine::Matrix::search`] on it and decodes
//! the chosen options back into filled grids. 9x9 grids of classic units
//! searched with the default tie break take the bitboard fast path of
//! [`crate::sudoku::fast9`] instead, when their other rules are pairs of
//! placements that may not stand together (thermometers, dots, XV,
//! non-consecutive, anti-knight...), renban lines, short tables (arrows,
//! between lines, quadruples) or killer cages.
//!
//! Before any linking, the solver places the digits that singles force
//! ([`Singles`]: a cell with one candidate, a digit with one place in a row,
//! column or box). These are exactly the moves the search would make first,
//! since an item with one option is always chosen before any other, but bit
//! masks make them far cheaper than covering items. A contradiction found
//! there (a cell or a digit with no place left) settles the puzzle without a
//! search, and so does a grid filled to the end.
//!
//! Whatever is left is linked as it would stand in the search at that point:
//! only the items not yet covered, and the options of blank cells whose digit
//! does not clash with a placed one, in the order of the full matrix. The
//! counts of those items are what they would be in the whole matrix after
//! its forced moves, so the search that follows makes the choices a search
//! of the whole matrix would make (with its items numbered as here).
//!
//! Among items with equally few options the search takes the one whose
//! options hide the most others ([`TieBreak::MostHidden`]): on the hard
//! collections that takes about a quarter fewer nodes than the leftmost
//! item. [`Solver::set_tie_break`] can ask for the leftmost instead, which
//! the rating does. All buffers live in the solver and are reused from
//! puzzle to puzzle.
//!
//! The search propagates what the geometry calls for: arc consistency on
//! pairwise rules, the sums of killer cages, renban lines as a whole, the
//! rules given as tables (arrows, sums along lines), each an `Option` of
//! one combined propagator; and, from side 25 on plain
//! units, locked candidates and each unit's perfect matchings, with
//! [`crate::sudoku::restarts`] cutting off the long tail of its time.

use crate::engine::{Count, Matrix, NoPropagation, Propagate, SearchStats, TieBreak};
use crate::sudoku::encoding::{
    CageSums, ConsecutiveSets, Encoding, Intersections, ItemOrder, PairSupports, Position,
    TableSupports, UnitMatching,
};
use crate::sudoku::fast9::{Classic, Fast9, GeometryRules, Partners};
use crate::sudoku::geometry::Geometry;
use crate::sudoku::grid::{Conflict, Grid, Size};
use crate::sudoku::random::Rng;
use crate::sudoku::restarts::{Restarts, MOST_SOLUTIONS};
use crate::sudoku::singles::{Outcome, Singles};

/// The result of counting the solutions of a puzzle up to a limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SolutionCount {
    /// Solutions found, at most the limit.
    pub found: u64,
    /// True when the limit was reached, so there may be more.
    pub at_limit: bool,
}

/// A reusable Sudoku solver for grids of every supported size.
///
/// # Example
///
/// ```
/// use sudoku_dlx::{Grid, Solver};
///
/// let puzzle: Grid = "3...\
///                     .2..\
///                     ....\
///                     ..3.".parse().unwrap();
/// let mut solver = Solver::new();
/// let count = solver.count_solutions(&puzzle, 100).unwrap();
/// assert_eq!(count.found, 6);
/// let solution = solver.first_solution(&puzzle).unwrap().unwrap();
/// assert!(solution.is_solved() && solution.keeps_givens_of(&puzzle));
/// ```
#[derive(Debug, Clone)]
pub struct Solver {
    /// Counts fit in bytes: an item of a grid of side `n <= 25` has at most
    /// `n` options.
    matrix: Matrix<u8>,
    /// The matrix of geometries whose items may have more options than a
    /// byte counts (killer cages of many digit combinations).
    wide: Matrix<u32>,
    /// The forced placements made before linking.
    singles: Singles,
    /// The builder of the matrix and the decoder of its options.
    encoding: Encoding,
    /// The puzzle with its forced digits, then the solution being decoded.
    solution: Grid,
    /// Digits placed by singles before the last search.
    presolved: usize,
    /// The supports of the rules that relate two cells, propagated during
    /// the search of a geometry that has them.
    pairs: PairSupports,
    /// Locked candidates, propagated during the search of large grids.
    intersections: Intersections,
    /// Each unit's perfect matchings, propagated during the search of large
    /// grids.
    matchings: UnitMatching,
    /// The sums of the killer cages encoded by combinations, propagated
    /// during the search of a geometry that has them.
    sums: CageSums,
    /// The rules given as tables, propagated during the search of a
    /// geometry that has them.
    tables: TableSupports,
    /// The renban lines, propagated as a whole during the search of a
    /// geometry that has them.
    runs: ConsecutiveSets,
    /// The 9x9 fast path, taken with the default tie break.
    fast9: Fast9,
    /// What each placement strikes on the fast path, for the geometry of
    /// the last search with rules there.
    partners: Partners,
    /// The solutions gathered by the runs of a search of a large grid.
    restarts: Restarts,
    /// The position the singles left, where each of those runs starts.
    start: Grid,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

impl Solver {
    /// A solver with empty buffers; they grow to fit the largest grid seen.
    pub fn new() -> Solver {
        let mut matrix = Matrix::with_count_type(0, 0);
        matrix.set_tie_break(TieBreak::MostHidden);
        let mut wide = Matrix::with_count_type(0, 0);
        wide.set_tie_break(TieBreak::MostHidden);
        Solver {
            matrix,
            wide,
            singles: Singles::new(),
            encoding: Encoding::new(),
            solution: Grid::empty(Size::NINE),
            presolved: 0,
            pairs: PairSupports::new(),
            intersections: Intersections::new(),
            matchings: UnitMatching::new(),
            sums: CageSums::new(),
            tables: TableSupports::new(),
            runs: ConsecutiveSets::new(),
            fast9: Fast9::default(),
            partners: Partners::default(),
            restarts: Restarts::new(),
            start: Grid::empty(Size::NINE),
        }
    }

    /// Searches `puzzle` for up to `limit` solutions, calling `on_solution`
    /// with each one.
    ///
    /// The statistics are those of the search proper: the digits forced
    /// before it are placed without a search node, and
    /// [`Solver::presolved`] tells how many there were. On the dancing-links
    /// path the branch points are the same as for a search of the whole
    /// matrix, since a forced move is never one; classic 9x9 grids with the
    /// default tie break take a bitboard search whose nodes are the digits
    /// it places, tried or forced.
    ///
    /// # Errors
    ///
    /// Returns the first [`Conflict`] when the givens break the rules; no
    /// search is made then.
    pub fn solve(
        &mut self,
        puzzle: &Grid,
        limit: u64,
        on_solution: impl FnMut(&Grid),
    ) -> Result<SearchStats, Conflict> {
        self.solve_in(Geometry::classic(puzzle.size()), puzzle, limit, on_solution)
    }

    /// [`Solver::solve`] on the units of `geometry` (rows, columns, boxes
    /// and whatever units it adds), whose size must be that of `puzzle`.
    ///
    /// # Errors
    ///
    /// Returns the first [`Conflict`] when the givens break the rules of
    /// `geometry`; no search is made then.
    // Out of line: inlined into its callers, the search loop it holds was
    // compiled into 1% more instructions on the hard collections.
    #[inline(never)]
    pub fn solve_in(
        &mut self,
        geometry: &Geometry,
        puzzle: &Grid,
        limit: u64,
        mut on_solution: impl FnMut(&Grid),
    ) -> Result<SearchStats, Conflict> {
        // The matrix holds the settings of every search, the fast path's too.
        let most_hidden = self.matrix.tie_break() == TieBreak::MostHidden;
        let fast_units = geometry.has_classic_units() || geometry.has_jigsaw_units();
        if most_hidden && geometry.side() == 9 && fast_units {
            // Givens that clash fall through, for the general path to name,
            // and so do tables too long for the fast path.
            let found = match geometry.is_classic() {
                true => self.fast9.solve(
                    &Classic,
                    puzzle.cells(),
                    limit,
                    self.matrix.node_budget(),
                    &mut self.solution,
                    &mut on_solution,
                ),
                false => self.solve_with_rules(geometry, puzzle, limit, &mut on_solution),
            };
            match found {
                // A jigsaw's search that gave up without a solution: the
                // matrix takes the puzzle on, and its nodes count too, both
                // within the one budget.
                Some(tried) if tried.stopped_at_node_budget && self.fast9.gave_up() => {
                    let budget = self.matrix.node_budget();
                    self.set_node_budget(Some(budget.saturating_sub(tried.nodes)));
                    let found = self.solve_general(geometry, puzzle, limit, on_solution);
                    self.set_node_budget(Some(budget));
                    let mut stats = found?;
                    stats.nodes += tried.nodes;
                    return Ok(stats);
                }
                Some(stats) => {
                    self.presolved = self.fast9.presolved();
                    return Ok(stats);
                }
                None => {}
            }
        }
        self.solve_general(geometry, puzzle, limit, on_solution)
    }

    /// [`Solver::solve_in`] on the general path: singles, then the
    /// exact-cover matrix.
    fn solve_general(
        &mut self,
        geometry: &Geometry,
        puzzle: &Grid,
        limit: u64,
        mut on_solution: impl FnMut(&Grid),
    ) -> Result<SearchStats, Conflict> {
        let mut stats = SearchStats::default();
        match self.presolve(geometry, puzzle)? {
            Outcome::Contradiction => {
                // As the search reports a limit of 0: stopped before looking.
                stats.stopped_at_limit = limit == 0;
                return Ok(stats);
            }
            Outcome::Solved => {
                // The one solution, as the search of an empty matrix
                // reports it.
                stats.stopped_at_limit = limit <= 1;
                if limit > 0 {
                    stats.solutions = 1;
                    on_solution(&self.solution);
                }
                return Ok(stats);
            }
            Outcome::Stalled => {}
        }
        let narrow = self.encoding.most_options_per_item(geometry) <= <u8 as Count>::LIMIT;
        let Solver {
            matrix,
            wide,
            encoding,
            solution,
            singles,
            pairs,
            intersections,
            matchings,
            restarts,
            start,
            sums,
            tables,
            runs,
            ..
        } = self;
        let mut left = Left {
            encoding,
            geometry,
            singles,
            solution,
            pairs,
            intersections,
            matchings,
            sums,
            tables,
            runs,
        };
        if !(left.propagates_units() && limit <= MOST_SOLUTIONS) {
            return Ok(match narrow {
                true => left.search(matrix, limit, None, on_solution),
                false => left.search(wide, limit, None, on_solution),
            });
        }
        // Large grids: runs with growing budgets, each from the position
        // the singles left.
        start.clone_from(left.solution);
        let budget = matrix.node_budget();
        let mut run = |shuffle: Option<&mut Rng>, run_budget, visit: &mut dyn FnMut(&Grid)| {
            left.solution.clone_from(start);
            match narrow {
                true => {
                    matrix.set_node_budget(Some(run_budget));
                    left.search(matrix, limit, shuffle, visit)
                }
                false => {
                    wide.set_node_budget(Some(run_budget));
                    left.search(wide, limit, shuffle, visit)
                }
            }
        };
        stats = restarts.search(limit, budget, &mut run, on_solution);
        matrix.set_node_budget(Some(budget));
        wide.set_node_budget(Some(budget));
        Ok(stats)
    }

    /// The fast path's search of a 9x9 geometry of classic units
    /// ([`Geometry::has_classic_units`]) with rules beyond them, or of a
    /// jigsaw's ([`Geometry::has_jigsaw_units`]); `None`,
    /// having searched nothing, when the givens clash (for the general path
    /// to name) or a table is too long for the fast path to read whole.
    // Out of line: the classic search above stays as it was compiled.
    #[inline(never)]
    fn solve_with_rules(
        &mut self,
        geometry: &Geometry,
        puzzle: &Grid,
        limit: u64,
        on_solution: &mut dyn FnMut(&Grid),
    ) -> Option<SearchStats> {
        let rules = GeometryRules::of(geometry, &mut self.partners)?;
        let budget = self.matrix.node_budget();
        self.fast9.solve_rules(
            &rules,
            puzzle.cells(),
            limit,
            budget,
            &mut self.solution,
            on_solution,
        )
    }

    /// Gives the fast path's searches of jigsaws `nodes` to find a
    /// solution before the matrix takes the puzzle on, so that tests can
    /// make it do so early.
    #[cfg(test)]
    pub(crate) fn set_jigsaw_try(&mut self, nodes: u64) {
        self.fast9.set_jigsaw_try(nodes);
    }

    /// Caps the search nodes of each later search at `budget` (`None`: no
    /// cap). A search that reaches the cap stops early with
    /// [`SearchStats::stopped_at_node_budget`] set; the solutions it found are
    /// solutions, but there may be others. Forced digits placed before the
    /// search do not count against the budget.
    pub fn set_node_budget(&mut self, budget: Option<u64>) {
        self.matrix.set_node_budget(budget);
        self.wide.set_node_budget(budget);
    }

    /// Sets how the search picks among items with the fewest options:
    /// [`TieBreak::MostHidden`] unless set, which takes fewer nodes; the
    /// solutions found are the same, but the first one of a puzzle with
    /// several may differ.
    pub fn set_tie_break(&mut self, tie_break: TieBreak) {
        self.matrix.set_tie_break(tie_break);
        self.wide.set_tie_break(tie_break);
    }

    /// Sets how killer cages with a sum are encoded: by assignments when a
    /// cage has at most `limit` of them, by digit combinations otherwise
    /// (0: every cage by combinations); see
    /// [`crate::sudoku::encoding::DEFAULT_ASSIGNMENT_LIMIT`].
    pub fn set_assignment_limit(&mut self, limit: usize) {
        self.encoding.set_assignment_limit(limit);
    }

    /// How many digits singles placed before the last search: the forced
    /// moves that [`SearchStats::nodes`] leaves out.
    pub fn presolved(&self) -> usize {
        self.presolved
    }

    /// The first solution found, or `None` when there is none.
    ///
    /// # Errors
    ///
    /// Returns the first [`Conflict`] when the givens break the rules.
    pub fn first_solution(&mut self, puzzle: &Grid) -> Result<Option<Grid>, Conflict> {
        self.first_solution_in(Geometry::classic(puzzle.size()), puzzle)
    }

    /// [`Solver::first_solution`] under the rules of `geometry` (a variant,
    /// a shape of several grids).
    ///
    /// # Errors
    ///
    /// Returns the first [`Conflict`] when the givens break the rules.
    pub fn first_solution_in(
        &mut self,
        geometry: &Geometry,
        puzzle: &Grid,
    ) -> Result<Option<Grid>, Conflict> {
        let mut first = None;
        self.solve_in(geometry, puzzle, 1, |solution| {
            first = Some(solution.clone())
        })?;
        Ok(first)
    }

    /// Counts the solutions of `puzzle`, stopping at `limit`.
    ///
    /// # Errors
    ///
    /// Returns the first [`Conflict`] when the givens break the rules.
    pub fn count_solutions(
        &mut self,
        puzzle: &Grid,
        limit: u64,
    ) -> Result<SolutionCount, Conflict> {
        self.count_solutions_in(Geometry::classic(puzzle.size()), puzzle, limit)
    }

    /// [`Solver::count_solutions`] under the rules of `geometry`.
    ///
    /// # Errors
    ///
    /// Returns the first [`Conflict`] when the givens break the rules.
    pub fn count_solutions_in(
        &mut self,
        geometry: &Geometry,
        puzzle: &Grid,
        limit: u64,
    ) -> Result<SolutionCount, Conflict> {
        let stats = self.solve_in(geometry, puzzle, limit, |_| {})?;
        Ok(SolutionCount {
            found: stats.solutions,
            at_limit: stats.stopped_at_limit,
        })
    }

    /// True when `puzzle` has exactly one solution.
    ///
    /// # Errors
    ///
    /// Returns the first [`Conflict`] when the givens break the rules.
    pub fn is_unique(&mut self, puzzle: &Grid) -> Result<bool, Conflict> {
        Ok(self.count_solutions(puzzle, 2)?.found == 1)
    }

    /// Copies `puzzle` into the solution grid and fills in the digits that
    /// singles force, or finds that two givens clash.
    fn presolve(&mut self, geometry: &Geometry, puzzle: &Grid) -> Result<Outcome, Conflict> {
        self.solution.clone_from(puzzle);
        let Some(outcome) = self.singles.fill_checked(geometry, &mut self.solution) else {
            // A digit twice in a unit, which `first_conflict` names; were it
            // to find none, no solution would still be the right answer.
            return match geometry.first_conflict(puzzle) {
                Some(conflict) => Err(conflict),
                None => Ok(Outcome::Contradiction),
            };
        };
        self.presolved = self.singles.placed();
        Ok(outcome)
    }
}

/// What the singles pass left to search, and where to decode it.
struct Left<'a> {
    encoding: &'a mut Encoding,
    geometry: &'a Geometry,
    singles: &'a Singles,
    /// The position left, then each solution decoded.
    solution: &'a mut Grid,
    /// The supports of the geometry's pairwise rules.
    pairs: &'a mut PairSupports,
    /// Locked candidates, for large grids.
    intersections: &'a mut Intersections,
    /// Each unit's perfect matchings, for large grids.
    matchings: &'a mut UnitMatching,
    /// The buffers of the propagation of cage sums.
    sums: &'a mut CageSums,
    /// The buffers of the propagation of the tables.
    tables: &'a mut TableSupports,
    /// The buffers of the propagation of renban lines.
    runs: &'a mut ConsecutiveSets,
}

impl Left<'_> {
    /// True when the search of this position propagates locked candidates
    /// and the units' matchings, and restarts: a large grid whose options
    /// each place one digit.
    fn propagates_units(&self) -> bool {
        let geometry = self.geometry;
        geometry.side() >= PROPAGATE_UNITS_FROM
            && geometry.relations().is_empty()
            && geometry.cages().is_empty()
            && geometry.tables().is_empty()
    }

    /// Links the position left into `matrix`, its options in the order of
    /// `shuffle` when given, and searches it, decoding each solution.
    // Always inlined: its call with byte counts is the solver's hot path,
    // compiled as it was before wide counts existed.
    #[inline(always)]
    fn search<C: Count>(
        &mut self,
        matrix: &mut Matrix<C>,
        limit: u64,
        shuffle: Option<&mut Rng>,
        on_solution: impl FnMut(&Grid),
    ) -> SearchStats {
        let propagates_units = self.propagates_units();
        let Left {
            encoding,
            geometry,
            singles,
            solution,
            pairs,
            intersections,
            matchings,
            sums,
            tables,
            runs,
        } = self;
        let geometry = *geometry;
        // Clashes were ruled out by the singles pass.
        let position = Position {
            grid: solution,
            candidates: Some(singles.candidates()),
            unit_digits: Some(singles.unit_digits()),
        };
        encoding.build(matrix, geometry, position, ItemOrder::CellsFirst, shuffle);
        let relations = geometry.relations();
        let (cages, placements) = (encoding.sum_cages(), encoding.placements());
        let (ways, encoding) = (encoding.table_ways(), &**encoding);
        let search = Decoded {
            matrix,
            limit,
            encoding,
            solution,
            on_solution,
        };
        let lines = geometry.consecutive_sets();
        if !cages.is_empty() || !relations.is_empty() || !lines.is_empty() || !ways.is_empty() {
            // The tables last, after the cheaper rules have narrowed the
            // cells they read.
            let cages = (!cages.is_empty()).then(|| sums.propagator(cages, placements));
            let pairs = (!relations.is_empty())
                .then(|| pairs.propagator(relations, search.solution, 0, placements));
            let runs =
                (!lines.is_empty()).then(|| runs.propagator(lines, search.solution, 0, placements));
            let tables = (!ways.is_empty()).then(|| tables.propagator(ways, placements));
            return search.with(&mut ((cages, pairs), (runs, tables)));
        }
        if propagates_units {
            let (unit_digits, unit_items) = (singles.unit_digits(), encoding.unit_items());
            return search.with(&mut (
                matchings.propagator(geometry, unit_digits, unit_items, placements),
                intersections.propagator(geometry, unit_digits, unit_items, placements),
            ));
        }
        search.with(&mut NoPropagation)
    }
}

/// A search of `matrix` for up to `limit` solutions, each decoded (options
/// of the matrix `encoding` last built) into `solution` for `on_solution`.
struct Decoded<'a, C: Count, F: FnMut(&Grid)> {
    matrix: &'a mut Matrix<C>,
    limit: u64,
    encoding: &'a Encoding,
    solution: &'a mut Grid,
    on_solution: F,
}

impl<C: Count, F: FnMut(&Grid)> Decoded<'_, C, F> {
    /// Runs the search with `propagator`.
    #[inline(always)]
    fn with<P: Propagate>(self, propagator: &mut P) -> SearchStats {
        let Decoded {
            matrix,
            limit,
            encoding,
            solution,
            mut on_solution,
        } = self;
        matrix.search_once_with(limit, propagator, |options| {
            encoding.decode(options, solution);
            on_solution(solution);
        })
    }
}

/// The smallest side whose grids the search propagates locked candidates
/// and the units' matchings on, and restarts. On 40 minimal 16x16 puzzles
/// the propagation takes 32x fewer nodes but 4.5x the time; on 6 minimal
/// 25x25 puzzles 570x fewer nodes and 0.38x the time.
const PROPAGATE_UNITS_FROM: usize = 25;

#[cfg(test)]
mod tests {
    use super::*;

    const INKALA: &str =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

    #[test]
    fn inkala_has_one_solution() {
        let puzzle: Grid = INKALA.parse().unwrap();
        let mut solver = Solver::new();
        let count = solver.count_solutions(&puzzle, 10).unwrap();
        assert_eq!(
            count,
            SolutionCount {
                found: 1,
                at_limit: false
            }
        );
        let solution = solver.first_solution(&puzzle).unwrap().unwrap();
        assert!(solution.is_solved());
        assert!(solution.keeps_givens_of(&puzzle));
    }

    #[test]
    fn singles_alone_solve_an_easy_puzzle_without_search_nodes() {
        let puzzle: Grid =
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
                .parse()
                .unwrap();
        let mut solver = Solver::new();
        let mut found = Vec::new();
        let stats = solver.solve(&puzzle, 2, |g| found.push(g.clone())).unwrap();
        assert_eq!((stats.solutions, stats.nodes), (1, 0));
        assert!(!stats.stopped_at_limit);
        assert_eq!(solver.presolved(), 81 - puzzle.givens());
        assert!(found[0].is_solved() && found[0].keeps_givens_of(&puzzle));
        // A limit of one is reached by that one solution.
        assert!(solver.solve(&puzzle, 1, |_| {}).unwrap().stopped_at_limit);
        assert_eq!(solver.solve(&puzzle, 0, |_| {}).unwrap().solutions, 0);
    }

    #[test]
    fn forced_digits_are_in_the_solutions_but_not_in_the_nodes() {
        let puzzle: Grid = INKALA.parse().unwrap();
        let mut solver = Solver::new();
        let mut solution = None;
        let stats = solver
            .solve(&puzzle, 2, |g| solution = Some(g.clone()))
            .unwrap();
        let solution = solution.unwrap();
        assert!(solution.is_solved() && solution.keeps_givens_of(&puzzle));
        // Every blank is either placed before the search or by a node of
        // the branch that found the solution, so the nodes and the forced
        // digits together cover the blanks at least once.
        let blanks = 81 - puzzle.givens() as u64;
        assert!(stats.nodes + solver.presolved() as u64 >= blanks);
        assert!(stats.branches > 0);
    }

    #[test]
    fn a_contradiction_among_singles_means_no_solution() {
        // Row 1 needs a 4 in its last cell, but column 4 already has one.
        let puzzle: Grid = "123....4........".parse().unwrap();
        let stats = Solver::new().solve(&puzzle, 2, |_| {}).unwrap();
        assert_eq!((stats.solutions, stats.nodes), (0, 0));
        assert!(!stats.stopped_at_limit);
        // A limit of 0 stops before looking, as the search does.
        assert!(
            Solver::new()
                .solve(&puzzle, 0, |_| {})
                .unwrap()
                .stopped_at_limit
        );
    }

    #[test]
    fn seed_puzzle_as_printed_has_no_solution() {
        let puzzle: Grid = "3....2...41...3.".parse().unwrap();
        assert_eq!(Solver::new().count_solutions(&puzzle, 10).unwrap().found, 0);
    }

    #[test]
    fn empty_four_by_four_has_288_solutions() {
        let mut solver = Solver::new();
        let mut distinct = std::collections::HashSet::new();
        solver
            .solve(&Grid::empty(Size::FOUR), u64::MAX, |g| {
                assert!(g.is_solved());
                distinct.insert(g.clone());
            })
            .unwrap();
        assert_eq!(distinct.len(), 288);
    }

    #[test]
    fn conflicting_givens_are_refused_before_search() {
        let puzzle: Grid = "11..............".parse().unwrap();
        let conflict = Solver::new().count_solutions(&puzzle, 2).unwrap_err();
        assert_eq!(conflict.digit, 1);
    }

    #[test]
    fn a_solved_grid_is_its_own_solution() {
        let grid: Grid = "1423234141323214".parse().unwrap();
        let mut solver = Solver::new();
        assert_eq!(solver.first_solution(&grid).unwrap(), Some(grid.clone()));
        assert!(solver.is_unique(&grid).unwrap());
    }

    #[test]
    fn most_hidden_ties_take_fewer_nodes_than_leftmost_ones() {
        let puzzles: Vec<Grid> = include_str!("../../puzzles/bench-top1465.txt")
            .lines()
            .take(300)
            .map(|line| line.parse().unwrap())
            .collect();
        let mut solver = Solver::new();
        let mut nodes = [0u64; 2];
        for (tie_break, total) in [TieBreak::MostHidden, TieBreak::Leftmost]
            .iter()
            .zip(&mut nodes)
        {
            solver.set_tie_break(*tie_break);
            for puzzle in &puzzles {
                let stats = solver.solve(puzzle, 2, |_| {}).unwrap();
                assert_eq!(stats.solutions, 1);
                *total += stats.nodes;
            }
        }
        // A tenth fewer at least; on the whole file it is a quarter.
        assert!(nodes[0] * 10 < nodes[1] * 9, "{nodes:?}");
    }

    #[test]
    fn one_solver_serves_every_size() {
        let mut solver = Solver::new();
        // Up to 20x20: the larger grids take seconds in a debug build; the
        // binary's tests solve them in release-like time.
        for size in Size::all().filter(|size| size.side() <= 20) {
            let mut found = None;
            solver
                .solve(&Grid::empty(size), 1, |g| found = Some(g.clone()))
                .unwrap();
            let found = found.unwrap_or_else(|| panic!("no solution at {size}"));
            assert!(found.is_solved(), "{size}");
        }
    }

    /// X-Sudoku: the classic geometry and both main diagonals.
    fn x_sudoku(size: Size) -> Geometry {
        let n = size.side();
        Geometry::builder(size)
            .boxes()
            .unit(crate::Unit::Extra(0), (0..n).map(|k| k * n + k))
            .unit(crate::Unit::Extra(1), (0..n).map(|k| k * n + n - 1 - k))
            .build()
            .unwrap()
    }

    /// Counts the solutions of `cells` (4x4) by plain backtracking on the
    /// rules themselves: rows, columns, 2x2 boxes, and `also(r1, c1, r2, c2)`
    /// for the pairs of cells a variant adds.
    fn brute_count(cells: &mut [u8; 16], also: &dyn Fn(usize, usize, usize, usize) -> bool) -> u64 {
        let Some(blank) = cells.iter().position(|&v| v == 0) else {
            return 1;
        };
        let (row, column) = (blank / 4, blank % 4);
        let clashes = |cells: &[u8; 16], other: usize, digit: u8| {
            let (r, c) = (other / 4, other % 4);
            cells[other] == digit
                && (r == row
                    || c == column
                    || (r / 2, c / 2) == (row / 2, column / 2)
                    || also(r, c, row, column))
        };
        let mut count = 0;
        for digit in 1..=4 {
            if (0..16).all(|other| !clashes(cells, other, digit)) {
                cells[blank] = digit;
                count += brute_count(cells, also);
                cells[blank] = 0;
            }
        }
        count
    }

    /// Counts the X-Sudoku solutions of `cells` (4x4).
    fn x_count(cells: &mut [u8; 16]) -> u64 {
        brute_count(cells, &|r, c, row, column| {
            (r == c && row == column) || (r + c == 3 && row + column == 3)
        })
    }

    #[test]
    fn an_x_sudoku_geometry_needs_no_change_to_the_solver() {
        let geometry = x_sudoku(Size::FOUR);
        let mut solver = Solver::new();
        let mut rng = crate::Rng::from_seed(5);
        let mut seen_unique = 0;
        for _ in 0..300 {
            let mut cells = [0u8; 16];
            for _ in 0..rng.below(6) {
                cells[rng.below(16)] = rng.below(4) as u8 + 1;
            }
            let puzzle = Grid::from_cells(&cells).unwrap();
            let mut found = Vec::new();
            let result = solver.solve_in(&geometry, &puzzle, 1000, |s| found.push(s.clone()));
            match result {
                Err(conflict) => {
                    assert_eq!(geometry.first_conflict(&puzzle), Some(conflict));
                    continue;
                }
                Ok(stats) => assert_eq!(stats.solutions, x_count(&mut cells), "{cells:?}"),
            }
            seen_unique += usize::from(found.len() == 1);
            for solution in &found {
                assert!(solution.is_solved() && solution.keeps_givens_of(&puzzle));
                assert_eq!(geometry.first_conflict(solution), None);
            }
        }
        assert!(seen_unique > 0);
        // The empty 9x9 X-Sudoku has solutions, all with distinct diagonals.
        let mut first = None;
        let nine = x_sudoku(Size::NINE);
        solver
            .solve_in(&nine, &Grid::empty(Size::NINE), 1, |s| {
                first = Some(s.clone())
            })
            .unwrap();
        let first = first.unwrap();
        assert_eq!(nine.first_conflict(&first), None);
        let diagonal: std::collections::HashSet<_> = (0..9).map(|k| first.get(k, k)).collect();
        assert_eq!(diagonal.len(), 9);
    }

    /// Anti-knight 4x4: the classic geometry, and cells a knight's move
    /// apart hold different digits, one "at most once" group per digit.
    fn anti_knight(size: Size) -> Geometry {
        let n = size.side();
        let mut builder = Geometry::builder(size).boxes();
        for a in 0..n * n {
            for b in a + 1..n * n {
                let (dr, dc) = ((a / n).abs_diff(b / n), (a % n).abs_diff(b % n));
                if (dr, dc) == (1, 2) || (dr, dc) == (2, 1) {
                    for digit in 1..=n as u8 {
                        builder = builder.at_most_once([(a, digit), (b, digit)]);
                    }
                }
            }
        }
        builder.build().unwrap()
    }

    /// Counts the anti-knight solutions of `cells` (4x4).
    fn anti_knight_count(cells: &mut [u8; 16]) -> u64 {
        brute_count(cells, &|r, c, row, column| {
            let (dr, dc) = (r.abs_diff(row), c.abs_diff(column));
            (dr, dc) == (1, 2) || (dr, dc) == (2, 1)
        })
    }

    #[test]
    fn at_most_once_groups_are_secondary_items_the_solver_honours() {
        let geometry = anti_knight(Size::FOUR);
        assert!(geometry.groups() > 0 && !geometry.is_classic());
        let mut solver = Solver::new();
        let mut rng = crate::Rng::from_seed(9);
        let (mut solvable, mut clashes) = (0, 0);
        for _ in 0..400 {
            let mut cells = [0u8; 16];
            for _ in 0..rng.below(5) {
                cells[rng.below(16)] = rng.below(4) as u8 + 1;
            }
            let puzzle = Grid::from_cells(&cells).unwrap();
            let mut found = Vec::new();
            match solver.solve_in(&geometry, &puzzle, 1000, |s| found.push(s.clone())) {
                Err(conflict) => {
                    clashes += 1;
                    assert_eq!(geometry.first_conflict(&puzzle), Some(conflict));
                    assert_eq!(anti_knight_count(&mut cells), 0);
                }
                Ok(stats) => {
                    assert_eq!(stats.solutions, anti_knight_count(&mut cells), "{cells:?}");
                    solvable += usize::from(stats.solutions > 0);
                }
            }
            for solution in &found {
                assert!(solution.keeps_givens_of(&puzzle));
                assert_eq!(geometry.first_conflict(solution), None);
            }
        }
        assert!(
            solvable > 0 && clashes > 0,
            "{solvable} solvable, {clashes} clashes"
        );
    }
}
