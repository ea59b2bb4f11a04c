//! Random jigsaw layouts and jigsaw puzzles: regions grown from random
//! seeds, kept only when some grid obeys them, then a puzzle made under
//! them by the one generator.
//!
//! A layout starts as the boxes and is stirred by random trades of cells
//! along region borders that keep every region connected and of `n`
//! cells. Not every layout admits a grid; the search for a first grid runs
//! under a node budget, and a layout that does not give one within it is
//! dropped. Where rules leave grids so rare that no random layout gives
//! one in time (non-consecutive on 9x9), the grid comes first, under the
//! boxes, and the layout is stirred by trades of cells of one digit, which
//! keep it a layout that grid obeys.

use crate::sudoku::generate::{GenerateError, Generated, Generator, PuzzleSpec};
use crate::sudoku::geometry::Geometry;
use crate::sudoku::grid::{Grid, Size};
use crate::sudoku::random::Rng;
use crate::sudoku::rules::{Boxes, Rules, RulesError};
use crate::sudoku::solver::Solver;
use crate::sudoku::variants::VariantError;

/// Search nodes a layout gets to show that some grid obeys it.
const LAYOUT_NODE_BUDGET: u64 = 20_000;

/// Layouts tried before giving up.
const MAX_LAYOUTS: u32 = 200;

/// A random layout of `size.side()` connected regions of `size.side()`
/// cells each: the region of every cell, row by row, from 0.
///
/// It starts from the size's boxes (rows for a prime side) and makes
/// random trades along region borders: a cell of one region passes to its
/// neighbour region, which gives back one of its own cells beside the
/// first; a trade that would cut either region in two is undone.
pub fn random_regions(size: Size, rng: &mut Rng) -> Vec<u8> {
    let mut regions = first_regions(size);
    stir(
        &mut regions,
        size.side(),
        None,
        size.cells() * TRADES_PER_CELL,
        rng,
    );
    regions
}

/// A random layout that the complete grid `solution` obeys: the size's
/// boxes (rows for a prime side), which `solution` must obey, stirred as
/// [`random_regions`] stirs them but only by trades of two cells of the
/// same digit, so that every region keeps one cell of each digit.
pub fn regions_of_grid(solution: &Grid, rng: &mut Rng) -> Vec<u8> {
    let size = solution.size();
    let mut regions = first_regions(size);
    let trades = size.cells() * TRADES_PER_CELL * GRID_TRADES_FACTOR;
    stir(
        &mut regions,
        size.side(),
        Some(solution.cells()),
        trades,
        rng,
    );
    regions
}

/// Checks that the rules of `rules` may stand on a jigsaw of `size`, for a
/// caller to ask before [`JigsawGenerator`] tries layouts: a rule defined
/// for another size, or on boxes, stands on no layout, so every layout
/// would fail and the generator would only report giving up.
///
/// # Errors
///
/// The first rule that stands on no jigsaw of `size`: `hyper` on any
/// other size than 9x9, `disjoint` (the same place in every box).
///
/// # Example
///
/// ```
/// use sudoku_dlx::{check_jigsaw_rules, Rules, Size, Variant};
///
/// let rules = |variant| Rules { variants: vec![variant], ..Rules::classic() };
/// assert!(check_jigsaw_rules(&rules(Variant::Hyper), Size::NINE).is_ok());
/// let twelve = Size::from_side(12).unwrap();
/// assert!(check_jigsaw_rules(&rules(Variant::Hyper), twelve).is_err());
/// assert!(check_jigsaw_rules(&rules(Variant::Disjoint), Size::NINE).is_err());
/// ```
pub fn check_jigsaw_rules(rules: &Rules, size: Size) -> Result<(), VariantError> {
    let jigsaw = Rules {
        boxes: Boxes::Regions(first_regions(size)),
        ..rules.clone()
    };
    match jigsaw.geometry(size) {
        Err(RulesError::Variant(error)) => Err(error),
        // Other errors may come from the regions: another layout may serve.
        _ => Ok(()),
    }
}

/// The cells of `regions` not in the region of the same number in the
/// layout the trades start from.
fn cells_off_boxes(regions: &[u8], size: Size) -> usize {
    let boxes = first_regions(size);
    regions.iter().zip(&boxes).filter(|(a, b)| a != b).count()
}

/// The layout the trades start from: the size's boxes, or its rows for a
/// prime side.
fn first_regions(size: Size) -> Vec<u8> {
    let (n, cells) = (size.side(), size.cells());
    match size.box_shape() {
        Some((rows, columns)) => (0..cells)
            .map(|cell| ((cell / n / rows) * (n / columns) + cell % n / columns) as u8)
            .collect(),
        None => (0..cells).map(|cell| (cell / n) as u8).collect(),
    }
}

/// Makes `trades` random trades along the borders of `regions` (side
/// `n`): a cell of one region passes to its neighbour region, which gives
/// back one of its own cells beside the first, of the same digit of
/// `digits` when given; a trade that would cut either region in two is
/// undone.
fn stir(regions: &mut [u8], n: usize, digits: Option<&[u8]>, trades: usize, rng: &mut Rng) {
    let cells = regions.len();
    let mut seen = Vec::with_capacity(n);
    for _ in 0..trades {
        let a = rng.below(cells);
        let from = regions[a];
        let to_cells: Vec<usize> = neighbours(a, n).filter(|&b| regions[b] != from).collect();
        if to_cells.is_empty() {
            continue;
        }
        let to = regions[to_cells[rng.below(to_cells.len())]];
        // A cell of `to` beside `from` (not `a`) goes back the other way.
        let back: Vec<usize> = (0..cells)
            .filter(|&c| {
                regions[c] == to
                    && digits.is_none_or(|digits| digits[c] == digits[a])
                    && neighbours(c, n).any(|o| regions[o] == from && o != a)
            })
            .collect();
        if back.is_empty() {
            continue;
        }
        let c = back[rng.below(back.len())];
        regions[a] = to;
        regions[c] = from;
        if !connected(regions, from, n, &mut seen) || !connected(regions, to, n, &mut seen) {
            regions[a] = from;
            regions[c] = to;
        }
    }
}

/// How many times more trades [`regions_of_grid`] makes than
/// [`random_regions`], most of whose trades find no cell of the digit
/// asked for: with 32, a 9x9 layout has about 30 cells outside the box
/// most of its region lies in, as many as a random layout has.
const GRID_TRADES_FACTOR: usize = 32;

/// Border trades made per cell of the grid.
const TRADES_PER_CELL: usize = 8;

/// True when the cells of `region` are connected.
fn connected(regions: &[u8], region: u8, n: usize, seen: &mut Vec<usize>) -> bool {
    seen.clear();
    let Some(first) = regions.iter().position(|&r| r == region) else {
        return true;
    };
    seen.push(first);
    let mut k = 0;
    while k < seen.len() {
        for other in neighbours(seen[k], n) {
            if regions[other] == region && !seen.contains(&other) {
                seen.push(other);
            }
        }
        k += 1;
    }
    seen.len() == regions.iter().filter(|&&r| r == region).count()
}

/// The orthogonal neighbours of `cell` in a grid of side `n`.
fn neighbours(cell: usize, n: usize) -> impl Iterator<Item = usize> {
    let (row, column) = (cell / n, cell % n);
    let up = (row > 0).then(|| cell - n);
    let down = (row + 1 < n).then(|| cell + n);
    let left = (column > 0).then(|| cell - 1);
    let right = (column + 1 < n).then(|| cell + 1);
    [up, down, left, right].into_iter().flatten()
}

/// The largest side on which a jigsaw whose random layouts all fail
/// draws its layout for a grid instead. Such rules keep few givens, and
/// the uniqueness checks of the blanking grow with the side:
/// non-consecutive takes about 6.5 s a puzzle on 9x9 and 40 s on 10x10;
/// above 10x10 each check has a budget (see [`Generator::puzzle_in`]),
/// without which a 12x12 puzzle had not ended in five minutes. With it a
/// non-consecutive puzzle takes 2-12 s on 17x17 to 20x20 and 30-91 s on
/// 25x25; on 30x30 the grids drawn leave their layouts too close to the
/// boxes, and a run had not ended in seven minutes.
const GRID_FIRST_MAX_SIDE: usize = 25;

/// How many cells a layout drawn for a grid of `size` keeps at least out of
/// the region they started in: a quarter of the cells up to 9x9, and above
/// that a quarter of nine for each region. The trades of two cells of one
/// digit stall on wide grids: on 16x16 non-consecutive grids, whatever the
/// number of trades, about 20 to 50 of the 256 cells leave their box,
/// seldom the 64 of a quarter.
fn least_off_boxes(size: Size) -> usize {
    size.cells().min(9 * size.side()) / 4
}

/// Makes jigsaw puzzles: a random layout some grid obeys, then a puzzle
/// unique and minimal under it.
#[derive(Debug, Default)]
pub struct JigsawGenerator {
    generator: Generator,
    solver: Solver,
}

impl JigsawGenerator {
    /// A generator with empty buffers.
    pub fn new() -> JigsawGenerator {
        JigsawGenerator::default()
    }

    /// A random jigsaw puzzle of `spec.size` under `rules` (whose boxes are
    /// replaced by random regions) and the rules with its regions. When no
    /// random layout of the 200 tried gives a grid quickly, a side up to 25
    /// gets a layout drawn for a grid of the rules under the boxes.
    ///
    /// # Errors
    ///
    /// Fails as [`Generator::puzzle_in`] does, or when no layout of
    /// the 200 tried gives a grid quickly and no grid under the boxes
    /// serves (the side is above 25, or the rules admit no such grid).
    /// Rules that stand on no jigsaw fail so after every layout is tried:
    /// [`check_jigsaw_rules`] names them at once.
    pub fn puzzle(
        &mut self,
        rules: &Rules,
        spec: &PuzzleSpec,
        rng: &mut Rng,
    ) -> Result<(Generated, Rules), GenerateError> {
        match self.layout(rules, spec.size, rng) {
            Ok((rules, geometry)) => Ok((self.generator.puzzle_in(&geometry, spec, rng)?, rules)),
            Err(GenerateError::GaveUp { .. }) if spec.size.side() <= GRID_FIRST_MAX_SIDE => {
                self.puzzle_of_grid(rules, spec, rng)
            }
            Err(error) => Err(error),
        }
    }

    /// A puzzle on a layout drawn for its grid ([`JigsawGenerator::layout_of_grid`]),
    /// the grid's givens blanked under it. Each attempt draws a new grid
    /// and layout, up to `spec.max_attempts`, until the puzzle has at most
    /// `spec.max_givens` and is of `spec.difficulty`.
    fn puzzle_of_grid(
        &mut self,
        rules: &Rules,
        spec: &PuzzleSpec,
        rng: &mut Rng,
    ) -> Result<(Generated, Rules), GenerateError> {
        let rated = PuzzleSpec {
            rate: spec.rate || spec.difficulty.is_some(),
            ..*spec
        };
        for attempts in 1..=spec.max_attempts {
            let (rules, jigsaw, solution) = self.layout_of_grid(rules, spec.size, rng)?;
            let made = self
                .generator
                .puzzle_of_solution_in(&jigsaw, &solution, &rated, rng)?;
            let few_enough = spec
                .max_givens
                .is_none_or(|max| made.puzzle.givens() <= max);
            let of_level = spec
                .difficulty
                .is_none_or(|level| made.rating.map(|rating| rating.level) == Some(level));
            if few_enough && of_level {
                return Ok((Generated { attempts, ..made }, rules));
            }
        }
        Err(GenerateError::GaveUp {
            attempts: spec.max_attempts,
        })
    }

    /// For rules under which grids are too rare for random layouts
    /// (non-consecutive): a random complete grid under `rules` with the
    /// boxes of `size`, and `rules` with regions that grid obeys
    /// ([`regions_of_grid`]) in place of the boxes, their geometry and the
    /// grid. A layout left close to the boxes, or one a rule that reads the
    /// boxes breaks on, is drawn again with a new grid, up to 200 times.
    ///
    /// # Errors
    ///
    /// Fails when no grid obeys `rules` under the boxes, or no layout of
    /// the 200 drawn serves.
    fn layout_of_grid(
        &mut self,
        rules: &Rules,
        size: Size,
        rng: &mut Rng,
    ) -> Result<(Rules, Geometry, Grid), GenerateError> {
        let boxed = Rules {
            boxes: match size.box_shape() {
                Some(_) => Boxes::Standard,
                None => Boxes::None,
            },
            ..rules.clone()
        };
        // With no grid under the boxes, the random layouts tried before
        // were all there was to go on: their failure is the one to report.
        let gave_up = GenerateError::GaveUp {
            attempts: MAX_LAYOUTS,
        };
        let Ok(geometry) = boxed.geometry(size) else {
            return Err(gave_up);
        };
        let mut solution = geometry.empty_grid();
        for _ in 0..MAX_LAYOUTS {
            if self
                .generator
                .fill_solved_in(&geometry, rng, &mut solution)
                .is_err()
            {
                break;
            }
            // Some grids leave few trades: their layouts stay too close to
            // the boxes to count as jigsaws.
            let regions = regions_of_grid(&solution, rng);
            if cells_off_boxes(&regions, size) < least_off_boxes(size) {
                continue;
            }
            let rules = Rules {
                boxes: Boxes::Regions(regions),
                ..rules.clone()
            };
            // A rule that reads the boxes may not hold on the regions.
            let Ok(jigsaw) = rules.geometry(size) else {
                continue;
            };
            if jigsaw.first_conflict(&solution).is_none() {
                return Ok((rules, jigsaw, solution));
            }
        }
        Err(gave_up)
    }

    /// [`JigsawGenerator::layout`], and when no random layout gives a grid
    /// quickly, on a side up to 25, a layout drawn for a grid of the
    /// rules under the boxes ([`regions_of_grid`]), with that grid: the
    /// grid to draw further rules on, which a search of the layout might
    /// take long to find.
    ///
    /// # Errors
    ///
    /// Fails as [`JigsawGenerator::layout`] does when no grid under the
    /// boxes serves (the side is above 25, or the rules admit none).
    pub fn layout_with_grid(
        &mut self,
        rules: &Rules,
        size: Size,
        rng: &mut Rng,
    ) -> Result<(Rules, Geometry, Option<Grid>), GenerateError> {
        match self.layout(rules, size, rng) {
            Ok((rules, geometry)) => Ok((rules, geometry, None)),
            Err(GenerateError::GaveUp { .. }) if size.side() <= GRID_FIRST_MAX_SIDE => {
                let (rules, geometry, grid) = self.layout_of_grid(rules, size, rng)?;
                Ok((rules, geometry, Some(grid)))
            }
            Err(error) => Err(error),
        }
    }

    /// `rules` with random regions of `size` in place of their boxes, on
    /// which a grid was found within the layout's node budget, and their
    /// geometry: the regions that other generators (killer cages, drawn
    /// rules) make their puzzles on.
    ///
    /// # Errors
    ///
    /// Fails when no layout of the 200 tried gives a grid quickly.
    pub fn layout(
        &mut self,
        rules: &Rules,
        size: Size,
        rng: &mut Rng,
    ) -> Result<(Rules, Geometry), GenerateError> {
        let empty = Grid::empty(size);
        for _ in 0..MAX_LAYOUTS {
            let rules = Rules {
                boxes: Boxes::Regions(random_regions(size, rng)),
                ..rules.clone()
            };
            let Ok(geometry) = rules.geometry(size) else {
                continue;
            };
            self.solver.set_node_budget(Some(LAYOUT_NODE_BUDGET));
            let found = self
                .solver
                .solve_in(&geometry, &empty, 1, |_| {})
                .map_or(0, |stats| stats.solutions);
            if found != 0 {
                return Ok((rules, geometry));
            }
        }
        Err(GenerateError::GaveUp {
            attempts: MAX_LAYOUTS,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::generate::Symmetry;
    use crate::sudoku::variants::Variant;

    #[test]
    fn layouts_have_connected_regions_of_one_cell_per_digit() {
        let mut rng = Rng::for_item(5, 0);
        for side in [4, 6, 9, 12] {
            let size = Size::from_side(side).unwrap();
            for _ in 0..20 {
                let regions = random_regions(size, &mut rng);
                assert!(connected_regions_of_n_cells(&regions, side), "{regions:?}");
            }
        }
    }

    /// The classic rules with non-consecutive.
    fn non_consecutive() -> Rules {
        Rules {
            variants: vec![Variant::NonConsecutive],
            ..Rules::classic()
        }
    }

    /// 6x6 puzzles minimal cell by cell: no symmetry pairs givens up.
    fn six_cell_by_cell() -> PuzzleSpec {
        PuzzleSpec {
            size: Size::SIX,
            symmetry: Symmetry::None,
            ..PuzzleSpec::default()
        }
    }

    /// Asserts that each given of `puzzle` (of `cells` cells), unique
    /// under `geometry`, is needed: without it there are two solutions.
    fn assert_minimal(solver: &mut Solver, geometry: &Geometry, puzzle: &Grid, cells: usize) {
        for cell in (0..cells).filter(|&cell| puzzle.cells()[cell] != 0) {
            let mut fewer = puzzle.clone();
            fewer.set(cell, 0);
            let count = solver.solve_in(geometry, &fewer, 2, |_| {}).unwrap();
            assert_eq!(count.solutions, 2, "given {cell} could go");
        }
    }

    #[test]
    fn jigsaw_puzzles_are_unique_and_minimal_under_their_regions() {
        let mut rng = Rng::for_item(11, 0);
        let mut jigsaw = JigsawGenerator::new();
        let mut solver = Solver::new();
        let spec = six_cell_by_cell();
        for _ in 0..5 {
            let (made, rules) = jigsaw.puzzle(&Rules::classic(), &spec, &mut rng).unwrap();
            let geometry = rules.geometry(Size::SIX).unwrap();
            let count = solver.solve_in(&geometry, &made.puzzle, 2, |_| {}).unwrap();
            assert_eq!(count.solutions, 1);
            assert_minimal(&mut solver, &geometry, &made.puzzle, 36);
        }
    }

    /// True when each of the `n` regions of `regions` (side `n`) has `n`
    /// connected cells: told apart from the module's walk, by spreading
    /// the lowest cell number over neighbours of one region until nothing
    /// changes, which leaves one number per connected piece.
    fn connected_regions_of_n_cells(regions: &[u8], n: usize) -> bool {
        let mut lowest: Vec<usize> = (0..n * n).collect();
        let mut changed = true;
        while changed {
            changed = false;
            for cell in 0..n * n {
                for other in neighbours(cell, n).filter(|&o| regions[o] == regions[cell]) {
                    if lowest[other] < lowest[cell] {
                        lowest[cell] = lowest[other];
                        changed = true;
                    }
                }
            }
        }
        (0..n as u8).all(|region| {
            let mut pieces: Vec<usize> = (0..n * n)
                .filter(|&c| regions[c] == region)
                .map(|c| lowest[c])
                .collect();
            let cells = pieces.len();
            pieces.dedup();
            cells == n && pieces.len() == 1
        })
    }

    #[test]
    fn layouts_drawn_for_a_grid_give_each_region_every_digit_once() {
        let mut rng = Rng::for_item(8, 0);
        let mut generator = Generator::new();
        for side in [4, 6, 9, 12] {
            let size = Size::from_side(side).unwrap();
            let mut moved = 0;
            for _ in 0..10 {
                let solution = generator.solved(size, &mut rng);
                let regions = regions_of_grid(&solution, &mut rng);
                assert!(connected_regions_of_n_cells(&regions, side), "{regions:?}");
                for region in 0..side as u8 {
                    let mut digits: Vec<u8> = (0..side * side)
                        .filter(|&c| regions[c] == region)
                        .map(|c| solution.cells()[c])
                        .collect();
                    digits.sort_unstable();
                    assert!(digits.iter().copied().eq(1..=side as u8), "{regions:?}");
                }
                moved += cells_off_boxes(&regions, size);
            }
            // Stirred: a good share of the cells left their box.
            assert!(
                moved >= 10 * side * side / 8,
                "{moved} cells moved on {side}x{side}"
            );
        }
    }

    #[test]
    fn rules_too_rare_for_random_layouts_get_a_layout_drawn_for_their_grid() {
        let rules = non_consecutive();
        let mut rng = Rng::for_item(13, 0);
        let mut jigsaw = JigsawGenerator::new();
        let mut solver = Solver::new();
        let spec = six_cell_by_cell();
        for _ in 0..4 {
            let (made, rules) = jigsaw.puzzle_of_grid(&rules, &spec, &mut rng).unwrap();
            let Boxes::Regions(regions) = &rules.boxes else {
                panic!("no regions: {:?}", rules.boxes);
            };
            assert!(connected_regions_of_n_cells(regions, 6), "{regions:?}");
            assert_eq!(rules.variants, [Variant::NonConsecutive]);
            let geometry = rules.geometry(Size::SIX).unwrap();
            assert!(made.solution.is_solved());
            assert!(geometry.first_conflict(&made.solution).is_none());
            let mut kept = made.puzzle.cells().iter().zip(made.solution.cells());
            assert!(kept.all(|(&given, &digit)| given == 0 || given == digit));
            // Unique by the rules themselves, and minimal.
            let mut cells = made.puzzle.cells().to_vec();
            assert_eq!(brute_count(&mut cells, regions, 6, true, 2), 1);
            assert_minimal(&mut solver, &geometry, &made.puzzle, 36);
        }
    }

    #[test]
    fn nine_by_nine_non_consecutive_jigsaws_come_on_layouts_drawn_for_their_grids() {
        // None of the 200 random layouts of this seed gives a grid within
        // its budget, so the layout drawn for a grid makes the puzzle; a
        // quick one to make, as such puzzles go.
        let spec = PuzzleSpec {
            size: Size::NINE,
            ..PuzzleSpec::default()
        };
        let mut rng = Rng::for_item(18, 0);
        let (made, rules) =
            (JigsawGenerator::new().puzzle(&non_consecutive(), &spec, &mut rng)).unwrap();
        assert!(matches!(rules.boxes, Boxes::Regions(_)));
        let geometry = rules.geometry(Size::NINE).unwrap();
        let count = Solver::new().solve_in(&geometry, &made.puzzle, 2, |_| {});
        let count = count.unwrap();
        assert_eq!(count.solutions, 1);
        assert!(geometry.first_conflict(&made.solution).is_none());
    }

    /// Counts the solutions of `cells` (0 blank) of side `n` under rows,
    /// columns and `regions`, and with `non_consecutive` no two orthogonal
    /// neighbours of consecutive digits, up to `limit`, by plain
    /// backtracking on the rules themselves.
    fn brute_count(
        cells: &mut [u8],
        regions: &[u8],
        n: usize,
        non_consecutive: bool,
        limit: u32,
    ) -> u32 {
        let Some(cell) = cells.iter().position(|&d| d == 0) else {
            return 1;
        };
        let mut found = 0;
        for digit in 1..=n as u8 {
            let clash = (0..n * n).any(|o| {
                cells[o] == digit
                    && (o / n == cell / n || o % n == cell % n || regions[o] == regions[cell])
            });
            let consecutive = non_consecutive
                && neighbours(cell, n).any(|o| cells[o] != 0 && cells[o].abs_diff(digit) == 1);
            if !clash && !consecutive {
                cells[cell] = digit;
                found += brute_count(cells, regions, n, non_consecutive, limit - found);
                cells[cell] = 0;
                if found >= limit {
                    break;
                }
            }
        }
        found
    }

    #[test]
    fn counts_agree_with_backtracking_on_a_thousand_random_jigsaws() {
        let mut rng = Rng::for_item(21, 0);
        let mut solver = Solver::new();
        let mut seen = [0; 3];
        for round in 0..1000 {
            let side = if round % 2 == 0 { 4 } else { 6 };
            let size = Size::from_side(side).unwrap();
            let regions = random_regions(size, &mut rng);
            let rules = Rules {
                boxes: Boxes::Regions(regions.clone()),
                ..Rules::classic()
            };
            let geometry = rules.geometry(size).unwrap();
            // Random givens that obey the rules, from a random solution when
            // the layout has one.
            let mut solution = None;
            solver.set_node_budget(None);
            let mut order: Vec<usize> = (0..side * side).collect();
            rng.shuffle(&mut order);
            let mut puzzle = Grid::empty(size);
            for &cell in order.iter().take(side * side / 3) {
                puzzle.set(cell, rng.below(side) as u8 + 1);
                if geometry.first_conflict(&puzzle).is_some() {
                    puzzle.set(cell, 0);
                }
            }
            let stats = solver
                .solve_in(&geometry, &puzzle, 2, |s| solution = Some(s.clone()))
                .unwrap();
            let mut cells = puzzle.cells().to_vec();
            let expected = brute_count(&mut cells, &regions, side, false, 2);
            assert_eq!(stats.solutions as u32, expected, "{puzzle:?} {regions:?}");
            if let Some(solution) = solution {
                assert!(geometry.first_conflict(&solution).is_none());
            }
            seen[expected as usize] += 1;
        }
        assert!(seen.iter().all(|&count| count > 50), "{seen:?}");
    }
}
