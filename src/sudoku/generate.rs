//! Making random complete grids and puzzles with exactly one solution.
//!
//! A complete grid comes from the dancing-links engine itself: the `n^3`
//! options of the [`crate::sudoku::encoding`] are added to a [`Matrix`](crate::engine::Matrix) in a random
//! order and the first exact cover found is decoded. The min-count search
//! tries the options of each item in the order they were added, so a new
//! order gives a new grid.
//!
//! A puzzle starts from such a grid. Its cells are split into the groups of a
//! [`Symmetry`] (a cell and its images), and the groups are visited once in a
//! random order: a group is blanked if the puzzle keeps exactly one solution
//! without it. Blanking more cells only adds solutions, so a group that could
//! not go when it was visited can never go later: one pass leaves a minimal
//! puzzle. Two cheap tests come first: when the givens alone force the
//! group's digits back, it can go; when blanking it would leave blank a set of
//! cells that two rows of a band (or two columns of a stack) hold the same
//! digits in, swapping them there gives a second solution, so it must stay.
//! Most other checks are settled by filling singles ([`Singles`]), which
//! proves the solution unique without a search. The rest use the known
//! solution: a second one would differ from it in a blanked cell, so one
//! limit-1 search per blanked cell looks for a solution with another digit
//! there ([`Encoding`]).
//!
//! Everything random comes from one [`Rng`], so the same seed always gives the
//! same grid and puzzle.

use std::fmt;

use thiserror::Error;

use crate::engine::{Matrix, SearchStats, TieBreak};
use crate::sudoku::encoding::{Encoding, ItemOrder, Position, TableSupports};
use crate::sudoku::frame::Frame;
use crate::sudoku::geometry::Geometry;
use crate::sudoku::grid::{Cell, Grid, Size};
use crate::sudoku::pattern_grids::fill_from_pattern;
use crate::sudoku::random::Rng;
use crate::sudoku::rating::{Level, RateError, Rater, Rating};
use crate::sudoku::singles::{Outcome, Singles};
use crate::sudoku::solver::Solver;

/// Which cells of a puzzle are blanked together, so that the givens form a
/// symmetric pattern.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Symmetry {
    /// Every cell on its own.
    None,
    /// Half-turn rotation about the centre: (r, c) with (n-1-r, n-1-c).
    #[default]
    Rot180,
    /// Quarter-turn rotation: the four images of (r, c) under 90 degrees.
    Rot90,
    /// Mirror about the vertical axis: (r, c) with (r, n-1-c).
    Mirror,
    /// Mirror about the main diagonal: (r, c) with (c, r).
    Diagonal,
}

impl Symmetry {
    /// Every symmetry.
    pub const ALL: [Symmetry; 5] = [
        Symmetry::None,
        Symmetry::Rot180,
        Symmetry::Rot90,
        Symmetry::Mirror,
        Symmetry::Diagonal,
    ];

    /// The cell (`row * side + column`) that `cell` maps to. Applying the map
    /// repeatedly walks through the whole group of `cell` and back.
    pub fn image(self, size: Size, cell: usize) -> usize {
        self.image_in(&Frame::square(size.side()), cell)
            .expect("a square maps onto itself")
    }

    /// The cell of `frame` that `cell` maps to, the map taken on the whole
    /// frame; `None` when that place holds no cell (a frame that is not
    /// symmetric so, or not square for `rot90` and `diagonal`).
    pub fn image_in(self, frame: &Frame, cell: usize) -> Option<usize> {
        let (rows, columns) = (frame.rows(), frame.columns());
        let Cell { row: r, column: c } = frame.position(cell);
        let (row, column) = match self {
            Symmetry::None => (r, c),
            Symmetry::Rot180 => (rows - 1 - r, columns - 1 - c),
            Symmetry::Rot90 => (c, rows.checked_sub(1 + r)?),
            Symmetry::Mirror => (r, columns - 1 - c),
            Symmetry::Diagonal => (c, r),
        };
        frame.cell_at(row, column)
    }

    /// The symmetry's name, as the command line spells it.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rot180 => "rot180",
            Symmetry::Rot90 => "rot90",
            Symmetry::Mirror => "mirror",
            Symmetry::Diagonal => "diagonal",
        }
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What kind of puzzle to make.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PuzzleSpec {
    /// The size of the grid.
    pub size: Size,
    /// Which cells are blanked together.
    pub symmetry: Symmetry,
    /// Stop blanking at this many givens. Above the number a minimal puzzle
    /// would have, the puzzle is no longer minimal: it has this many givens,
    /// or up to a group more.
    pub min_givens: usize,
    /// Make a new puzzle when this one has more givens.
    pub max_givens: Option<usize>,
    /// Make a new puzzle until one has this level.
    pub difficulty: Option<Level>,
    /// Rate every puzzle, even without a difficulty to aim at.
    pub rate: bool,
    /// How many puzzles to try for one that meets `max_givens` and
    /// `difficulty` before giving up.
    pub max_attempts: u32,
}

impl Default for PuzzleSpec {
    /// A minimal 9x9 puzzle with half-turn symmetry.
    fn default() -> Self {
        PuzzleSpec {
            size: Size::NINE,
            symmetry: Symmetry::Rot180,
            min_givens: 0,
            max_givens: None,
            difficulty: None,
            rate: false,
            max_attempts: 1000,
        }
    }
}

/// A puzzle and what is known about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Generated {
    /// The puzzle, with exactly one solution.
    pub puzzle: Grid,
    /// Its solution.
    pub solution: Grid,
    /// Its rating, when one was asked for.
    pub rating: Option<Rating>,
    /// How many puzzles were made to get this one (1 when the first fit).
    pub attempts: u32,
}

/// The node budget of the first search of the empty grid for a complete
/// grid under rules other than the classic ones; it doubles at each new
/// start.
const FIRST_FILL_BUDGET: u64 = 300;

/// The most nodes the searches for a complete grid under rules other than
/// the classic ones spend, all starts together, before the fill gives up
/// ([`GenerateError::NoGridFound`]): its last start has a budget of about
/// 79 million. Wide grids of rare rules need it: a 32x32 non-consecutive
/// grid (seed 1) is found by a start of 19.7 million nodes, while on 35x35
/// and 36x36 none had been found in minutes; without a bound such a run
/// never ended.
const FILL_BUDGET: u64 = 160_000_000;

/// The budget of the round of the search for a complete grid under rules
/// from which each round first tries [`PATTERN_TRIES`] grids of the cyclic
/// pattern (`pattern_grids.rs`), about 4.9 million nodes: the random search
/// found no 36x36 non-consecutive, anti-knight or disjoint grid with any
/// budget, and finds the grids of narrower ones in earlier rounds (9x9 to
/// 16x16 non-consecutive, anti-knight, disjoint, anti-king and x grids by
/// rounds of at most 1.2 million nodes), whose outputs for a seed stay as
/// they were.
const PATTERNS_FROM_BUDGET: u64 = FIRST_FILL_BUDGET << 14;

/// How many pattern grids each late round tries: a non-consecutive 36x36
/// grid takes a median of 385 relabellings and at most 2,528 in 30 samples
/// (35x35: 581 and 1,977).
const PATTERN_TRIES: usize = 4_000;

/// The node budget of each search for another solution while blanking
/// givens of a grid wider than [`PROBE_BUDGET_ABOVE`]: a search that
/// reaches it keeps the givens it was testing, so the puzzle stays provably
/// unique and is minimal within this budget. Without it, a few of these
/// searches on 24x24 and 25x25 puzzles ran for more than ten minutes;
/// with it, such a puzzle takes about a second.
const PROBE_BUDGET: u64 = 100_000;

/// The node budget of each search for another solution while blanking
/// givens of a shape of several grids: as [`PROBE_BUDGET`], a search that
/// reaches it keeps its givens (the puzzle stays unique, minimal within the
/// budget). Each grid taken alone settles most probes first.
const SHAPE_PROBE_BUDGET: u64 = 1_000_000;

/// The widest grids whose searches for another solution have no budget,
/// so that their puzzles are minimal outright.
const PROBE_BUDGET_ABOVE: usize = 16;

/// The widest grids with rules beyond the classic ones (regions, variant
/// rules, cages, other boxes) whose searches for another solution while
/// blanking have no budget; wider ones get [`RULES_PROBE_BUDGET`]. Above
/// 10x10 a few such searches run for minutes: a non-consecutive jigsaw of a
/// few givens on 12x12 had not ended one in five minutes, and a 12x12
/// jigsaw with arrows (seed 1) spent more than thirteen on one puzzle.
const RULES_PROBE_BUDGET_ABOVE: usize = 10;

/// The node budget of each search for another solution while blanking
/// givens of a grid with rules beyond the classic ones wider than
/// [`RULES_PROBE_BUDGET_ABOVE`]: a search that reaches it keeps its givens,
/// so the puzzle stays unique, minimal within the budget. With it a 12x12
/// non-consecutive puzzle (seed 1) takes 6 s rather than 35 s and keeps
/// the 28 givens of the minimal one; with a tenth of it, 1 s but 32 givens.
const RULES_PROBE_BUDGET: u64 = 1_000_000;

/// The node budget of the solver completing random givens into a grid
/// under rules other than the classic ones.
const GIVENS_FILL_BUDGET: u64 = 10_000;

/// Why no puzzle came out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum GenerateError {
    /// No puzzle met the givens and difficulty asked for.
    #[error("no puzzle met the constraints in {attempts} attempts")]
    GaveUp {
        /// How many puzzles were tried.
        attempts: u32,
    },
    /// The range of givens is empty.
    #[error("--min-givens {min} is above --max-givens {max}")]
    EmptyRange {
        /// The lower bound asked for.
        min: usize,
        /// The upper bound asked for.
        max: usize,
    },
    /// No complete grid obeys the rules asked for.
    #[error("no complete {size} grid obeys these rules")]
    NoGrid {
        /// The size of the grid.
        size: Size,
    },
    /// The searches for a complete grid under the rules asked for spent
    /// their budget ([`Generator::set_fill_budget`]) without finding one:
    /// there may be such grids, but they are too rare for the random search.
    #[error("no complete {size} grid under these rules was found in {nodes} search nodes")]
    NoGridFound {
        /// The size of the grid.
        size: Size,
        /// The nodes the searches spent.
        nodes: u64,
    },
    /// A puzzle could not be rated (a bug: generated puzzles are unique).
    #[error("a generated puzzle could not be rated: {0}")]
    Rating(#[from] RateError),
}

/// Makes grids and puzzles, reusing its matrix, solver and buffers.
///
/// # Example
///
/// ```
/// use sudoku_dlx::{Generator, PuzzleSpec, Rng, Solver};
///
/// let mut generator = Generator::new();
/// let made = generator.puzzle(&PuzzleSpec::default(), &mut Rng::from_seed(7)).unwrap();
/// assert!(made.solution.is_solved());
/// assert!(Solver::new().is_unique(&made.puzzle).unwrap());
/// ```
#[derive(Debug, Clone)]
pub struct Generator {
    /// The matrix of the grid being completed or probed; counts fit in
    /// bytes, as in the solver.
    matrix: Matrix<u8>,
    encoding: Encoding,
    /// The rules given as tables, propagated during the searches that
    /// check a puzzle is still unique.
    tables: TableSupports,
    /// The digits of one box, in a random order.
    digits: Vec<u8>,
    singles: Singles,
    rater: Rater,
    /// Completes random givens into grids under rules other than the
    /// classic ones, under a node budget.
    solver: Solver,
    /// The most nodes the searches for a complete grid under rules other
    /// than the classic ones spend ([`FILL_BUDGET`] unless set).
    fill_budget: u64,
    /// The cells of every group, one group after another.
    group_cells: Vec<u16>,
    /// Where each group starts in `group_cells`, and one past the last.
    group_starts: Vec<u32>,
    /// What the groups were made for.
    groups_for: Option<(Frame, Symmetry)>,
    /// The groups in the order they are visited.
    visit: Vec<u32>,
    /// The puzzle being checked.
    work: Grid,
    /// The puzzle with one more digit tried.
    probe: Grid,
    /// One grid of a shape of several grids, taken alone.
    alone: Grid,
    /// The digits the givens of the puzzle being blanked place in each unit
    /// (rows, then columns, then boxes), as bit masks.
    unit_givens: Vec<u32>,
    /// Where each digit sits in each line of the solution: at
    /// `line * n + digit - 1`, the column of the digit in row `line`
    /// (`line < n`) or its row in column `line - n`.
    place: Vec<u8>,
}

impl Default for Generator {
    fn default() -> Self {
        Generator::new()
    }
}

impl Generator {
    /// A generator with empty buffers.
    pub fn new() -> Generator {
        Generator {
            matrix: Matrix::with_count_type(0, 0),
            encoding: Encoding::new(),
            tables: TableSupports::new(),
            digits: Vec::new(),
            singles: Singles::new(),
            rater: Rater::new(),
            solver: {
                let mut solver = Solver::new();
                solver.set_node_budget(Some(GIVENS_FILL_BUDGET));
                solver
            },
            fill_budget: FILL_BUDGET,
            group_cells: Vec::new(),
            group_starts: Vec::new(),
            groups_for: None,
            visit: Vec::new(),
            work: Grid::empty(Size::NINE),
            probe: Grid::empty(Size::NINE),
            alone: Grid::empty(Size::NINE),
            unit_givens: Vec::new(),
            place: Vec::new(),
        }
    }

    /// Fills `grid` with a random complete grid of `size`.
    ///
    /// The boxes of band `k` and stack `k` share no row or column, so any
    /// digits in them obey the rules: they get random permutations first. The
    /// dancing-links search completes the rest, its options added in a random
    /// order; should it find no completion, it starts again.
    pub fn fill_solved(&mut self, size: Size, rng: &mut Rng, grid: &mut Grid) {
        let geometry = Geometry::classic(size);
        let n = size.side();
        // Without boxes, the search alone fills the grid.
        let (rows, columns) = geometry.box_shape().unwrap_or((n, n));
        let diagonal = if geometry.box_shape().is_some() {
            rows
        } else {
            0
        };
        loop {
            grid.clear(size);
            self.digits.clear();
            self.digits.extend(1..=n as u8);
            // Box `k` of band `k` and stack `k`: there are as many as stacks.
            for k in 0..diagonal {
                rng.shuffle(&mut self.digits);
                let (top, left) = (k * rows, k * columns);
                for (j, &digit) in self.digits.iter().enumerate() {
                    grid.set((top + j / columns) * n + left + j % columns, digit);
                }
            }
            if self.complete(geometry, rng, grid).solutions == 1 {
                return;
            }
        }
    }

    /// Sets the most search nodes that finding a complete grid under rules
    /// other than the classic ones may spend, all its searches together,
    /// before the generator gives up: 160 million unless set, one to two
    /// minutes on a 36x36 grid.
    pub fn set_fill_budget(&mut self, nodes: u64) {
        self.fill_budget = nodes;
    }

    /// Fills `grid` with a random complete grid that obeys the rules of
    /// `geometry`: [`Generator::fill_solved`] for the classic rules.
    ///
    /// Otherwise each round makes two tries. First the solver completes a
    /// few random givens that break no rule (as many as the side); then
    /// the search fills the empty grid, its options in a random order,
    /// under a node budget that doubles from round to round. The givens
    /// help where the search alone goes astray (anti-knight), the empty
    /// grid where random givens often admit no completion
    /// (non-consecutive); and a search of the empty grid that ends within
    /// its budget with no solution proves that no grid obeys the rules.
    ///
    /// # Errors
    ///
    /// Fails when no grid obeys the rules ([`GenerateError::NoGrid`]): an
    /// anti-king 4x4, say; or when the searches spent the fill budget
    /// ([`Generator::set_fill_budget`]) without finding a grid
    /// ([`GenerateError::NoGridFound`]).
    pub fn fill_solved_in(
        &mut self,
        geometry: &Geometry,
        rng: &mut Rng,
        grid: &mut Grid,
    ) -> Result<(), GenerateError> {
        if geometry.is_classic() {
            self.fill_solved(geometry.size(), rng, grid);
            return Ok(());
        }
        let size = geometry.size();
        let mut budget = FIRST_FILL_BUDGET;
        let mut spent = 0u64;
        loop {
            if budget >= PATTERNS_FROM_BUDGET
                && fill_from_pattern(geometry, rng, PATTERN_TRIES, grid)
            {
                return Ok(());
            }
            self.work.clear_cells(size, geometry.cells());
            for _ in 0..size.side() {
                let cell = rng.below(geometry.cells());
                let digit = rng.below(size.side()) as u8 + 1;
                if self.work.cells()[cell] == 0 {
                    self.work.set(cell, digit);
                    if geometry.first_conflict(&self.work).is_some() {
                        self.work.set(cell, 0);
                    }
                }
            }
            let mut found = false;
            // Givens against no rule: the solver cannot refuse them.
            let _ = self.solver.solve_in(geometry, &self.work, 1, |solution| {
                grid.clone_from(solution);
                found = true;
            });
            if found {
                return Ok(());
            }
            grid.clear_cells(size, geometry.cells());
            self.matrix.set_node_budget(Some(budget));
            let stats = self.complete(geometry, rng, grid);
            // The uniqueness searches that follow must run to the end.
            self.matrix.set_node_budget(None);
            if stats.solutions == 1 {
                return Ok(());
            }
            if !stats.stopped_at_node_budget {
                return Err(GenerateError::NoGrid { size });
            }
            spent = spent.saturating_add(stats.nodes);
            budget = budget.saturating_mul(2);
            if spent.saturating_add(budget) > self.fill_budget {
                return Err(GenerateError::NoGridFound { size, nodes: spent });
            }
        }
    }

    /// Completes `grid` under the rules of `geometry` with a search of its
    /// options added in a random order; the grid is complete when the
    /// search found a solution.
    fn complete(&mut self, geometry: &Geometry, rng: &mut Rng, grid: &mut Grid) -> SearchStats {
        self.encoding.build(
            &mut self.matrix,
            geometry,
            Position::of(grid),
            ItemOrder::UnitsFirst,
            Some(rng),
        );
        let encoding = &self.encoding;
        self.matrix.set_tie_break(tie_break(geometry));
        // The choices of the search are left in place: the next build
        // starts afresh, so undoing them would be wasted work.
        self.matrix
            .search_once(1, |options| encoding.decode(options, grid))
    }

    /// A random complete grid of `size`.
    pub fn solved(&mut self, size: Size, rng: &mut Rng) -> Grid {
        let mut grid = Grid::empty(size);
        self.fill_solved(size, rng, &mut grid);
        grid
    }

    /// A random puzzle with exactly one solution, as `spec` asks.
    ///
    /// # Errors
    ///
    /// Fails when the givens asked for form an empty range, or when
    /// `spec.max_attempts` puzzles in a row miss `spec.max_givens` or
    /// `spec.difficulty`.
    pub fn puzzle(&mut self, spec: &PuzzleSpec, rng: &mut Rng) -> Result<Generated, GenerateError> {
        self.puzzle_in(Geometry::classic(spec.size), spec, rng)
    }

    /// A random puzzle with exactly one solution under the rules of
    /// `geometry` (a variant, other boxes, regions), minimal for those
    /// rules, as `spec` asks; the size is the geometry's (`spec.size` is
    /// not read). The rules of the geometry decide everything: the
    /// complete grid, the uniqueness of every step, the rating. Above
    /// 16x16 each check that a given may go stops at 100,000 nodes, and
    /// above 10x10 on a geometry that is not classic at 1,000,000, and then
    /// keeps the given: the puzzle stays unique, minimal within the budget.
    ///
    /// # Errors
    ///
    /// As [`Generator::puzzle`], and fails when no complete grid obeys the
    /// rules.
    pub fn puzzle_in(
        &mut self,
        geometry: &Geometry,
        spec: &PuzzleSpec,
        rng: &mut Rng,
    ) -> Result<Generated, GenerateError> {
        let spec = &PuzzleSpec {
            size: geometry.size(),
            ..*spec
        };
        if let Some(max) = spec.max_givens.filter(|&max| max < spec.min_givens) {
            return Err(GenerateError::EmptyRange {
                min: spec.min_givens,
                max,
            });
        }
        let mut solution = geometry.empty_grid();
        let mut puzzle = geometry.empty_grid();
        for attempts in 1..=spec.max_attempts {
            self.fill_solved_in(geometry, rng, &mut solution)?;
            puzzle.clone_from(&solution);
            self.blank_groups(geometry, &mut puzzle, &solution, spec, rng);
            if spec.max_givens.is_some_and(|max| puzzle.givens() > max) {
                continue;
            }
            let rating = if spec.rate || spec.difficulty.is_some() {
                Some(self.rater.rate_in(geometry, &puzzle)?)
            } else {
                None
            };
            if spec
                .difficulty
                .is_some_and(|level| rating.map(|r| r.level) != Some(level))
            {
                continue;
            }
            return Ok(Generated {
                puzzle,
                solution,
                rating,
                attempts,
            });
        }
        Err(GenerateError::GaveUp {
            attempts: spec.max_attempts,
        })
    }

    /// A puzzle whose one solution under the rules of `geometry` is
    /// `solution`, minimal for those rules: the givens of `solution` are
    /// blanked as [`Generator::puzzle_in`] blanks its own grids. For rules
    /// drawn from a solution (thermometers along rising digits, dots where
    /// neighbours differ by 1...), which the solution must obey.
    ///
    /// # Errors
    ///
    /// Fails when the rating fails (see [`Generator::puzzle_in`]).
    pub fn puzzle_of_solution_in(
        &mut self,
        geometry: &Geometry,
        solution: &Grid,
        spec: &PuzzleSpec,
        rng: &mut Rng,
    ) -> Result<Generated, GenerateError> {
        let spec = &PuzzleSpec {
            size: geometry.size(),
            ..*spec
        };
        let mut puzzle = solution.clone();
        self.blank_groups(geometry, &mut puzzle, solution, spec, rng);
        let rating = if spec.rate {
            Some(self.rater.rate_in(geometry, &puzzle)?)
        } else {
            None
        };
        Ok(Generated {
            puzzle,
            solution: solution.clone(),
            rating,
            attempts: 1,
        })
    }

    /// Blanks the groups of `puzzle` (until then equal to `solution`) that
    /// can go, visiting each once in a random order.
    fn blank_groups(
        &mut self,
        geometry: &Geometry,
        puzzle: &mut Grid,
        solution: &Grid,
        spec: &PuzzleSpec,
        rng: &mut Rng,
    ) {
        self.make_groups(geometry.frame(), spec.symmetry);
        let groups = self.group_starts.len() - 1;
        self.visit.clear();
        self.visit.extend(0..groups as u32);
        rng.shuffle(&mut self.visit);
        let mut givens = puzzle.givens();
        self.unit_givens.clear();
        self.unit_givens.resize(geometry.units(), 0);
        let n = spec.size.side();
        self.place.clear();
        self.place.resize(2 * n * n, 0);
        for (cell, &digit) in solution.cells().iter().enumerate() {
            self.mark(geometry, solution, cell, true);
            // The places of digits in lines serve `swaps_lines`, which
            // looks at square grids only.
            if geometry.is_square() {
                let (row, column, d) = (cell / n, cell % n, digit as usize - 1);
                self.place[row * n + d] = column as u8;
                self.place[(n + column) * n + d] = row as u8;
            }
        }
        for k in 0..groups {
            let group = self.visit[k] as usize;
            let cells = self.group_starts[group] as usize..self.group_starts[group + 1] as usize;
            if givens < spec.min_givens + cells.len() {
                continue;
            }
            for k in cells.clone() {
                self.mark(geometry, solution, self.group_cells[k] as usize, false);
            }
            let unique = self.forced_by_givens(geometry, puzzle, solution, cells.clone())
                || !self.swaps_lines(geometry, puzzle, solution, cells.clone()) && {
                    self.work.clone_from(puzzle);
                    for &cell in &self.group_cells[cells.clone()] {
                        self.work.set(cell as usize, 0);
                    }
                    self.still_unique(geometry, solution, cells.clone())
                };
            for k in cells.clone() {
                self.mark(geometry, solution, self.group_cells[k] as usize, !unique);
            }
            if unique {
                for &cell in &self.group_cells[cells.clone()] {
                    puzzle.set(cell as usize, 0);
                }
                givens -= cells.len();
            }
        }
    }

    /// Marks the digit of `solution` in `cell` as given in its units
    /// (`given`), or as not.
    fn mark(&mut self, geometry: &Geometry, solution: &Grid, cell: usize, given: bool) {
        let bit = 1 << (solution.cells()[cell] - 1);
        for &unit in geometry.units_of(cell) {
            if given {
                self.unit_givens[unit as usize] |= bit;
            } else {
                self.unit_givens[unit as usize] &= !bit;
            }
        }
    }

    /// The digits given in the units of `cell` (its row, column and box,
    /// and whatever units the rules add).
    fn given_around(&self, geometry: &Geometry, cell: usize) -> u32 {
        geometry
            .units_of(cell)
            .iter()
            .fold(0, |taken, &unit| taken | self.unit_givens[unit as usize])
    }

    /// True when the givens alone force the digits of `solution` back into
    /// the cells of group `cells`, just blanked (`unit_givens` no longer
    /// holds them): each in turn is left with one candidate by the givens
    /// and the group's cells forced before it, or is the only place left
    /// for its digit in a row, column or box. Then every solution of the
    /// puzzle without the group is one of the puzzle with it: `solution`.
    ///
    /// A cheap first test: it settles most of the groups that can go while
    /// the puzzle still has many givens, with no pass over the whole grid.
    fn forced_by_givens(
        &mut self,
        geometry: &Geometry,
        puzzle: &Grid,
        solution: &Grid,
        cells: std::ops::Range<usize>,
    ) -> bool {
        let size = solution.size();
        let all = (1u32 << size.side()) - 1;
        // Bit `k` set while the group's cell `k` is still blank.
        let mut blank = (1u32 << cells.len()) - 1;
        while blank != 0 {
            let before = blank;
            for (k, index) in cells.clone().enumerate() {
                let cell = self.group_cells[index] as usize;
                let taken = self.given_around(geometry, cell);
                let bit = 1 << (solution.cells()[cell] - 1);
                if blank & 1 << k != 0
                    && (taken | bit == all
                        || self.only_place(geometry, puzzle, cells.clone(), blank, cell))
                {
                    self.mark(geometry, solution, cell, true);
                    blank &= !(1 << k);
                }
            }
            if blank == before {
                return false;
            }
        }
        true
    }

    /// True when `cell`, a blank cell of group `cells` (whose cells with
    /// their bit set in `blank` are blank too, the others given back), is
    /// the only place the givens leave for its digit (still in `puzzle`) in
    /// its row, its column or its box.
    fn only_place(
        &self,
        geometry: &Geometry,
        puzzle: &Grid,
        cells: std::ops::Range<usize>,
        blank: u32,
        cell: usize,
    ) -> bool {
        let digit = 1u32 << (puzzle.cells()[cell] - 1);
        let group = &self.group_cells[cells];
        let elsewhere = |other: usize| {
            let open = puzzle.cells()[other] == 0
                || group
                    .iter()
                    .enumerate()
                    .any(|(k, &c)| c as usize == other && blank & 1 << k != 0);
            other != cell && open && self.given_around(geometry, other) & digit == 0
        };
        geometry.units_of(cell).iter().any(|&unit| {
            !geometry
                .unit_cells(unit as usize)
                .iter()
                .any(|&other| elsewhere(other as usize))
        })
    }

    /// True when blanking group `cells` of `puzzle` leaves blank a set of
    /// cells that two rows of one band (or two columns of one stack) share,
    /// holding the same digits in both lines of `solution`: swapping the two
    /// lines there gives a second solution, so the group must stay. The
    /// smallest such sets are rectangles `a b / b a` in two boxes. A cheap
    /// first test for groups that cannot go.
    ///
    /// Through each cell of the group and each other line of its band or
    /// stack there is one smallest such set: the cycle that starts at the
    /// cell, goes across to the other line and back to where its own line
    /// holds the digit found there.
    ///
    /// Under other rules than rows, columns and boxes the swap may break
    /// one, so the test answers false there.
    fn swaps_lines(
        &self,
        geometry: &Geometry,
        puzzle: &Grid,
        solution: &Grid,
        cells: std::ops::Range<usize>,
    ) -> bool {
        let n = solution.size().side();
        let Some((band_height, stack_width)) = geometry.box_shape() else {
            return false;
        };
        if !geometry.is_classic() {
            return false;
        }
        let group = &self.group_cells[cells];
        let blank = |cell: usize| puzzle.cells()[cell] == 0 || group.contains(&(cell as u16));
        // Cell `position` of line `line`: rows first, then columns.
        let cell_at = |line: usize, position: usize| {
            if line < n {
                line * n + position
            } else {
                position * n + line - n
            }
        };
        let cycle_is_blank = |line: usize, other: usize, start: usize| {
            let mut position = start;
            loop {
                let (here, there) = (cell_at(line, position), cell_at(other, position));
                if !blank(here) || !blank(there) {
                    return false;
                }
                let digit = solution.cells()[there] as usize;
                position = self.place[line * n + digit - 1] as usize;
                if position == start {
                    return true;
                }
            }
        };
        group.iter().any(|&cell| {
            let (row, column) = (cell as usize / n, cell as usize % n);
            let band = row / band_height * band_height;
            let stack = column / stack_width * stack_width;
            (band..band + band_height)
                .any(|other| other != row && cycle_is_blank(row, other, column))
                || (stack..stack + stack_width)
                    .any(|other| other != column && cycle_is_blank(n + column, n + other, row))
        })
    }

    /// True when `self.work`, a puzzle whose only solution was `solution`
    /// until the cells of group `cells` were blanked, still has only that one.
    ///
    /// Singles settle most cases: once they fill the group, every solution is
    /// `solution`. Otherwise a second solution would differ from `solution`
    /// in some cell of the group, so each such cell in turn tries its other
    /// candidates (the cells before it keeping their digits): singles again,
    /// and a limit-1 search ([`Encoding`]) when they stall.
    fn still_unique(
        &mut self,
        geometry: &Geometry,
        solution: &Grid,
        cells: std::ops::Range<usize>,
    ) -> bool {
        for &cell in &self.group_cells[cells.clone()] {
            let group = &self.group_cells[cells.clone()];
            match self.singles.fill_cells_in(geometry, &mut self.work, group) {
                Outcome::Solved => return true,
                Outcome::Contradiction => return false,
                Outcome::Stalled => {}
            }
            let cell = cell as usize;
            if self.work.cells()[cell] != 0 {
                continue;
            }
            let known = solution.cells()[cell];
            let mut others = self.singles.candidates()[cell] & !(1 << (known - 1));
            while others != 0 {
                let digit = others.trailing_zeros() as u8 + 1;
                others &= others - 1;
                self.probe.clone_from(&self.work);
                self.probe.set(cell, digit);
                match self.singles.fill_in(geometry, &mut self.probe, true) {
                    Outcome::Solved => return false,
                    Outcome::Contradiction => continue,
                    Outcome::Stalled => {}
                }
                if some_grid_is_stuck(geometry, &mut self.solver, &self.probe, &mut self.alone) {
                    continue;
                }
                let position = Position {
                    candidates: Some(self.singles.candidates()),
                    unit_digits: Some(self.singles.unit_digits()),
                    ..Position::of(&self.probe)
                };
                self.encoding.build(
                    &mut self.matrix,
                    geometry,
                    position,
                    ItemOrder::UnitsFirst,
                    None,
                );
                self.matrix.set_tie_break(tie_break(geometry));
                let budget = match geometry.grids().len() {
                    _ if geometry.side() > PROBE_BUDGET_ABOVE => Some(PROBE_BUDGET),
                    _ if geometry.side() > RULES_PROBE_BUDGET_ABOVE && !geometry.is_classic() => {
                        Some(RULES_PROBE_BUDGET)
                    }
                    0 | 1 => None,
                    _ => Some(SHAPE_PROBE_BUDGET),
                };
                self.matrix.set_node_budget(budget);
                let ways = self.encoding.table_ways();
                let stats = match ways.is_empty() {
                    true => self.matrix.search_once(1, |_| {}),
                    false => {
                        let placements = self.encoding.placements();
                        let mut propagator = self.tables.propagator(ways, placements);
                        self.matrix.search_once_with(1, &mut propagator, |_| {})
                    }
                };
                self.matrix.set_node_budget(None);
                // Another solution, or none proven absent within the
                // budget: the group stays.
                if stats.solutions == 1 || stats.stopped_at_node_budget {
                    return false;
                }
            }
            self.work.set(cell, known);
        }
        true
    }

    /// Splits the cells of `frame` into the groups of `symmetry`, unless
    /// that is already done. A cell whose image is no cell of the frame
    /// ends its group there.
    fn make_groups(&mut self, frame: &Frame, symmetry: Symmetry) {
        if self
            .groups_for
            .as_ref()
            .is_some_and(|(known, made_for)| known == frame && *made_for == symmetry)
        {
            return;
        }
        self.groups_for = Some((frame.clone(), symmetry));
        self.group_cells.clear();
        self.group_starts.clear();
        let mut grouped = vec![false; frame.cells()];
        for first in 0..frame.cells() {
            if grouped[first] {
                continue;
            }
            self.group_starts.push(self.group_cells.len() as u32);
            let mut next = Some(first);
            while let Some(cell) = next.filter(|&cell| !grouped[cell]) {
                grouped[cell] = true;
                self.group_cells.push(cell as u16);
                next = symmetry.image_in(frame, cell);
            }
        }
        self.group_starts.push(self.group_cells.len() as u32);
    }
}

/// True when some grid of a shape of several grids, taken alone as a
/// square grid with the digits `probe` places in it, has no
/// solution: then the shape has none either. A search of the whole
/// shape with a wrong digit placed can wander through the other grids
/// for seconds before it proves that; one grid alone settles most such
/// probes in a few nodes. False for one square grid. `solver` keeps the
/// generator's node budget for givens.
fn some_grid_is_stuck(
    geometry: &Geometry,
    solver: &mut Solver,
    probe: &Grid,
    alone: &mut Grid,
) -> bool {
    let corners = geometry.grids();
    if corners.len() < 2 {
        return false;
    }
    let (size, n, frame) = (geometry.size(), geometry.side(), geometry.frame());
    let Some(square) = Size::box_shape(size).map(|_| Geometry::classic(size)) else {
        return false;
    };
    let stuck = corners.iter().any(|&(top, left)| {
        alone.clear(size);
        for k in 0..n * n {
            let cell = frame.cell_at(top + k / n, left + k % n);
            let digit = cell.map_or(0, |cell| probe.cells()[cell]);
            alone.set(k, digit);
        }
        match solver.solve_in(square, alone, 1, |_| {}) {
            Ok(stats) => stats.solutions == 0 && !stats.stopped_at_node_budget,
            Err(_) => true,
        }
    });
    stuck
}

/// How the generator's searches break ties under the rules of `geometry`:
/// the leftmost item under the classic rules, which classic puzzles of a
/// seed depend on; under others, the item whose options hide the most,
/// which takes fewer nodes.
fn tie_break(geometry: &Geometry) -> TieBreak {
    if geometry.is_classic() {
        TieBreak::Leftmost
    } else {
        TieBreak::MostHidden
    }
}
