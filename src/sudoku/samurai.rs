//! Samurai Sudoku: five 9x9 grids that overlap at corner boxes, solved as
//! an exact cover of its own on the generic engine.
//!
//! The rest of the model assumes one square grid of `n x n` cells holding
//! `n` digits ([`crate::Grid`], [`crate::Geometry`]); a samurai is 369
//! cells of a 21x21 frame whose units belong to five such grids, so it has
//! its own layout tables ([`SamuraiLayout`]), its own puzzle type
//! ([`SamuraiGrid`]) and its own [`SamuraiSolver`], which builds the matrix
//! and runs [`Matrix::search`] on it like the classic solver does.
//!
//! The encoding: one item per cell (369), one item per (unit, digit) for
//! the rows, columns and boxes of the five grids, a box shared by two grids
//! counted once (131 units, 1,179 items); one option per (cell, digit),
//! covering the cell's item and the (unit, digit) item of each unit that
//! holds the cell: three units, or five for a cell of a shared box (its box,
//! and a row and a column in each of its two grids). A given keeps its
//! option alone, and a blank cell loses the digits given in its units, so
//! the search starts where the givens leave it.

use std::sync::OnceLock;

use thiserror::Error;

use crate::engine::{Matrix, SearchStats, TieBreak};
use crate::sudoku::random::Rng;

/// The side of the frame the five grids sit in.
pub const SAMURAI_SIDE: usize = 21;
/// The cells of a samurai: five grids of 81 cells, less four shared boxes.
pub const SAMURAI_CELLS: usize = 369;
/// The top-left corner (row, column, from 0) of each grid in the frame:
/// top left, top right, centre, bottom left, bottom right.
pub const SAMURAI_GRIDS: [(usize, usize); 5] = [(0, 0), (0, 12), (6, 6), (12, 0), (12, 12)];

/// The names of the grids, in the order of [`SAMURAI_GRIDS`].
const GRID_NAMES: [&str; 5] = [
    "top left",
    "top right",
    "centre",
    "bottom left",
    "bottom right",
];
/// Rows, columns and boxes of the five grids, shared boxes once.
const UNITS: usize = 131;
/// The most units one cell lies in: a cell of a shared box.
const MOST_UNITS: usize = 5;
/// The value of a position of the frame that holds no cell.
const NO_CELL: u16 = u16::MAX;
/// The mask of the digits 1 to 9.
const ALL_DIGITS: u16 = 0b11_1111_1110;

/// What kind of unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SamuraiUnitKind {
    /// A row of one grid.
    Row,
    /// A column of one grid.
    Column,
    /// A box of one grid, or of two where they overlap.
    Box,
}

/// A unit of a samurai: a row, column or box of one of its grids.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SamuraiUnit {
    /// Row, column or box.
    pub kind: SamuraiUnitKind,
    /// The grid, from 0, in the order of [`SAMURAI_GRIDS`].
    pub grid: usize,
    /// Its number in that grid, from 1.
    pub number: usize,
    /// For a shared box: the other grid and the box's number there.
    pub shared_with: Option<(usize, usize)>,
}

impl std::fmt::Display for SamuraiUnit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let kind = match self.kind {
            SamuraiUnitKind::Row => "row",
            SamuraiUnitKind::Column => "column",
            SamuraiUnitKind::Box => "box",
        };
        write!(
            f,
            "{kind} {} of grid {} ({})",
            self.number,
            self.grid + 1,
            GRID_NAMES[self.grid]
        )?;
        if let Some((grid, number)) = self.shared_with {
            write!(
                f,
                ", which is box {number} of grid {} ({})",
                grid + 1,
                GRID_NAMES[grid]
            )?;
        }
        Ok(())
    }
}

/// A cell of a samurai, by its place in the 21x21 frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SamuraiCell {
    /// The row of the frame, from 0 (the line of the block).
    pub row: usize,
    /// The column of the frame, from 0.
    pub column: usize,
}

impl std::fmt::Display for SamuraiCell {
    /// `r1c13`: row and column of the frame, from 1, as the lines and
    /// columns of the 21-line block count them.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "r{}c{}", self.row + 1, self.column + 1)
    }
}

/// A digit twice in one unit of a samurai.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("digit {digit} is twice in {unit}: at {first} and {second}")]
pub struct SamuraiConflict {
    /// The digit.
    pub digit: u8,
    /// The unit it repeats in.
    pub unit: SamuraiUnit,
    /// Its first cell there, in reading order.
    pub first: SamuraiCell,
    /// Its second cell there.
    pub second: SamuraiCell,
}

/// The tables of the samurai layout: where the cells are, and which cells
/// each unit holds. Built once; [`SamuraiLayout::get`] shares it.
#[derive(Debug)]
pub struct SamuraiLayout {
    /// The cell at each position of the frame (row-major), or [`NO_CELL`].
    at: [u16; SAMURAI_SIDE * SAMURAI_SIDE],
    /// The position of each cell in the frame.
    positions: [(u8, u8); SAMURAI_CELLS],
    /// What each unit is.
    units: Vec<SamuraiUnit>,
    /// The nine cells of each unit, in reading order.
    unit_cells: Vec<[u16; 9]>,
    /// The units of each cell, the first `unit_counts[cell]` meaningful.
    cell_units: [[u8; MOST_UNITS]; SAMURAI_CELLS],
    /// How many units each cell lies in: 3, or 5 in a shared box.
    unit_counts: [u8; SAMURAI_CELLS],
}

impl SamuraiLayout {
    /// The layout, built on first use.
    pub fn get() -> &'static SamuraiLayout {
        static LAYOUT: OnceLock<SamuraiLayout> = OnceLock::new();
        LAYOUT.get_or_init(SamuraiLayout::build)
    }

    fn build() -> SamuraiLayout {
        let mut at = [NO_CELL; SAMURAI_SIDE * SAMURAI_SIDE];
        let mut positions = [(0, 0); SAMURAI_CELLS];
        let mut cells = 0;
        for row in 0..SAMURAI_SIDE {
            for column in 0..SAMURAI_SIDE {
                let inside = SAMURAI_GRIDS.iter().any(|&(top, left)| {
                    (top..top + 9).contains(&row) && (left..left + 9).contains(&column)
                });
                if inside {
                    at[row * SAMURAI_SIDE + column] = cells as u16;
                    positions[cells] = (row as u8, column as u8);
                    cells += 1;
                }
            }
        }
        debug_assert_eq!(cells, SAMURAI_CELLS);
        let cell = |row: usize, column: usize| at[row * SAMURAI_SIDE + column];
        let mut units = Vec::with_capacity(UNITS);
        let mut unit_cells: Vec<[u16; 9]> = Vec::with_capacity(UNITS);
        for (grid, &(top, left)) in SAMURAI_GRIDS.iter().enumerate() {
            for number in 1..=9 {
                let k = number - 1;
                let lines = [
                    (
                        SamuraiUnitKind::Row,
                        std::array::from_fn(|j| cell(top + k, left + j)),
                    ),
                    (
                        SamuraiUnitKind::Column,
                        std::array::from_fn(|j| cell(top + j, left + k)),
                    ),
                ];
                for (kind, members) in lines {
                    units.push(SamuraiUnit {
                        kind,
                        grid,
                        number,
                        shared_with: None,
                    });
                    unit_cells.push(members);
                }
                let (box_top, box_left) = (top + 3 * (k / 3), left + 3 * (k % 3));
                let members: [u16; 9] =
                    std::array::from_fn(|j| cell(box_top + j / 3, box_left + j % 3));
                match unit_cells.iter().position(|known| *known == members) {
                    Some(shared) => units[shared].shared_with = Some((grid, number)),
                    None => {
                        units.push(SamuraiUnit {
                            kind: SamuraiUnitKind::Box,
                            grid,
                            number,
                            shared_with: None,
                        });
                        unit_cells.push(members);
                    }
                }
            }
        }
        debug_assert_eq!(units.len(), UNITS);
        let mut cell_units = [[0; MOST_UNITS]; SAMURAI_CELLS];
        let mut unit_counts = [0u8; SAMURAI_CELLS];
        for (unit, members) in unit_cells.iter().enumerate() {
            for &member in members {
                let member = usize::from(member);
                cell_units[member][usize::from(unit_counts[member])] = unit as u8;
                unit_counts[member] += 1;
            }
        }
        SamuraiLayout {
            at,
            positions,
            units,
            unit_cells,
            cell_units,
            unit_counts,
        }
    }

    /// The cell at `row`, `column` of the frame (from 0), or `None` where
    /// the layout has no cell.
    pub fn cell_at(&self, row: usize, column: usize) -> Option<usize> {
        if row >= SAMURAI_SIDE || column >= SAMURAI_SIDE {
            return None;
        }
        let cell = self.at[row * SAMURAI_SIDE + column];
        (cell != NO_CELL).then_some(usize::from(cell))
    }

    /// The place of `cell` in the frame.
    pub fn position(&self, cell: usize) -> SamuraiCell {
        let (row, column) = self.positions[cell];
        SamuraiCell {
            row: usize::from(row),
            column: usize::from(column),
        }
    }

    /// The number of units (131).
    pub fn units(&self) -> usize {
        self.units.len()
    }

    /// What unit `unit` is.
    pub fn unit(&self, unit: usize) -> SamuraiUnit {
        self.units[unit]
    }

    /// The nine cells of `unit`.
    pub fn unit_cells(&self, unit: usize) -> impl Iterator<Item = usize> + '_ {
        self.unit_cells[unit].iter().map(|&cell| usize::from(cell))
    }

    /// The units `cell` lies in: three, or five in a shared box.
    pub fn units_of(&self, cell: usize) -> impl Iterator<Item = usize> + '_ {
        self.cell_units[cell][..usize::from(self.unit_counts[cell])]
            .iter()
            .map(|&unit| usize::from(unit))
    }

    /// The first digit that repeats in a unit of `grid`, units in their
    /// order (grid by grid; rows, columns and boxes by number).
    pub fn first_conflict(&self, grid: &SamuraiGrid) -> Option<SamuraiConflict> {
        for (unit, members) in self.unit_cells.iter().enumerate() {
            let mut seen = [NO_CELL; 10];
            for &member in members {
                let digit = grid.get(usize::from(member));
                if digit == 0 {
                    continue;
                }
                let earlier = seen[usize::from(digit)];
                if earlier != NO_CELL {
                    return Some(SamuraiConflict {
                        digit,
                        unit: self.units[unit],
                        first: self.position(usize::from(earlier)),
                        second: self.position(usize::from(member)),
                    });
                }
                seen[usize::from(digit)] = member;
            }
        }
        None
    }
}

/// The digits of a samurai's 369 cells, in reading order of the frame: 0
/// for a blank, 1 to 9 for a digit.
#[derive(Clone, PartialEq, Eq)]
pub struct SamuraiGrid {
    cells: [u8; SAMURAI_CELLS],
}

impl Default for SamuraiGrid {
    fn default() -> Self {
        SamuraiGrid::empty()
    }
}

impl std::fmt::Debug for SamuraiGrid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let digits: String = self.cells.iter().map(|&d| char::from(b'0' + d)).collect();
        f.debug_tuple("SamuraiGrid").field(&digits).finish()
    }
}

impl SamuraiGrid {
    /// A samurai with every cell blank.
    pub fn empty() -> SamuraiGrid {
        SamuraiGrid {
            cells: [0; SAMURAI_CELLS],
        }
    }

    /// The digit of `cell` (0: blank).
    pub fn get(&self, cell: usize) -> u8 {
        self.cells[cell]
    }

    /// Sets `cell` to `digit`, 0 to 9 (0: blank); a larger value is taken
    /// as 0, since no samurai cell can hold it.
    pub fn set(&mut self, cell: usize, digit: u8) {
        self.cells[cell] = if digit <= 9 { digit } else { 0 };
    }

    /// Every cell, in reading order.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// Blanks every cell.
    pub fn clear(&mut self) {
        self.cells = [0; SAMURAI_CELLS];
    }

    /// The number of cells with a digit.
    pub fn givens(&self) -> usize {
        self.cells.iter().filter(|&&d| d != 0).count()
    }

    /// True when no cell is blank.
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(|&d| d != 0)
    }

    /// True when every cell holds a digit and no unit repeats one.
    pub fn is_solved(&self) -> bool {
        self.is_complete() && SamuraiLayout::get().first_conflict(self).is_none()
    }

    /// True when every digit of `puzzle` is in this grid at its cell.
    pub fn keeps_givens_of(&self, puzzle: &SamuraiGrid) -> bool {
        puzzle
            .cells
            .iter()
            .zip(&self.cells)
            .all(|(&given, &digit)| given == 0 || given == digit)
    }
}

/// A reusable samurai solver: the matrix and the decoding table stay from
/// puzzle to puzzle, so solving does not allocate once they have grown.
///
/// # Example
///
/// ```
/// use sudoku_dlx::{SamuraiGrid, SamuraiSolver};
///
/// let mut solver = SamuraiSolver::new();
/// let solution = solver.first_solution(&SamuraiGrid::empty()).unwrap().unwrap();
/// assert!(solution.is_solved());
/// ```
#[derive(Debug, Clone)]
pub struct SamuraiSolver {
    /// An item has at most nine options: byte counts.
    matrix: Matrix<u8>,
    /// The placement of each option, in the order the options were added:
    /// `cell * 9 + digit - 1`.
    placements: Vec<u16>,
    /// The items of the option being added.
    items: Vec<usize>,
    /// The solution being decoded.
    solution: SamuraiGrid,
}

impl Default for SamuraiSolver {
    fn default() -> Self {
        SamuraiSolver::new()
    }
}

impl SamuraiSolver {
    /// A solver with empty buffers.
    pub fn new() -> SamuraiSolver {
        let mut matrix = Matrix::with_count_type(0, 0);
        matrix.set_tie_break(TieBreak::MostHidden);
        SamuraiSolver {
            matrix,
            placements: Vec::with_capacity(SAMURAI_CELLS * 9),
            items: Vec::with_capacity(MOST_UNITS + 1),
            solution: SamuraiGrid::empty(),
        }
    }

    /// Caps the search nodes of each later search at `budget` (`None`: no
    /// cap); a search that reaches it stops with
    /// [`SearchStats::stopped_at_node_budget`] set.
    pub fn set_node_budget(&mut self, budget: Option<u64>) {
        self.matrix.set_node_budget(budget);
    }

    /// How later searches pick among the items with the fewest options:
    /// [`TieBreak::MostHidden`] unless set (fewer nodes); the rating uses
    /// [`TieBreak::Leftmost`], the scale of the classic rating.
    pub fn set_tie_break(&mut self, tie_break: TieBreak) {
        self.matrix.set_tie_break(tie_break);
    }

    /// Searches `puzzle` for up to `limit` solutions, calling `on_solution`
    /// with each.
    ///
    /// # Errors
    ///
    /// Returns the first [`SamuraiConflict`] when two givens of a unit
    /// hold the same digit; no search is made then.
    pub fn solve(
        &mut self,
        puzzle: &SamuraiGrid,
        limit: u64,
        on_solution: impl FnMut(&SamuraiGrid),
    ) -> Result<SearchStats, SamuraiConflict> {
        self.solve_in_order(puzzle, limit, None, on_solution)
    }

    /// [`SamuraiSolver::solve`] with the options added in an order drawn
    /// from `rng`: the search tries the options of an item in the order
    /// they were added, so each order finds other solutions first (a random
    /// complete samurai, from a blank one).
    ///
    /// # Errors
    ///
    /// As for [`SamuraiSolver::solve`].
    pub fn solve_shuffled(
        &mut self,
        puzzle: &SamuraiGrid,
        limit: u64,
        rng: &mut Rng,
        on_solution: impl FnMut(&SamuraiGrid),
    ) -> Result<SearchStats, SamuraiConflict> {
        self.solve_in_order(puzzle, limit, Some(rng), on_solution)
    }

    /// The search of [`SamuraiSolver::solve`], its options shuffled by
    /// `rng` when there is one.
    fn solve_in_order(
        &mut self,
        puzzle: &SamuraiGrid,
        limit: u64,
        rng: Option<&mut Rng>,
        mut on_solution: impl FnMut(&SamuraiGrid),
    ) -> Result<SearchStats, SamuraiConflict> {
        let layout = SamuraiLayout::get();
        if let Some(conflict) = layout.first_conflict(puzzle) {
            return Err(conflict);
        }
        self.build(layout, puzzle, rng);
        let SamuraiSolver {
            matrix,
            placements,
            solution,
            ..
        } = self;
        Ok(matrix.search_once(limit, |options| {
            for &option in options {
                let placement = usize::from(placements[option]);
                solution.cells[placement / 9] = (placement % 9) as u8 + 1;
            }
            on_solution(solution);
        }))
    }

    /// Links the matrix of `puzzle`, whose givens do not clash, its options
    /// in an order drawn from `rng` when there is one.
    fn build(&mut self, layout: &SamuraiLayout, puzzle: &SamuraiGrid, rng: Option<&mut Rng>) {
        let mut given_in_unit = [0u16; UNITS];
        for (cell, &digit) in puzzle.cells.iter().enumerate() {
            if digit != 0 {
                for unit in layout.units_of(cell) {
                    given_in_unit[unit] |= 1 << digit;
                }
            }
        }
        let unit_items = SAMURAI_CELLS;
        self.matrix.reset(SAMURAI_CELLS + UNITS * 9, 0);
        self.placements.clear();
        for (cell, &given) in puzzle.cells.iter().enumerate() {
            let allowed = if given != 0 {
                1 << given
            } else {
                layout
                    .units_of(cell)
                    .fold(ALL_DIGITS, |left, unit| left & !given_in_unit[unit])
            };
            let digits = (1..=9usize).filter(|digit| allowed & (1 << digit) != 0);
            self.placements
                .extend(digits.map(|digit| (cell * 9 + digit - 1) as u16));
        }
        if let Some(rng) = rng {
            rng.shuffle(&mut self.placements);
        }
        for &placement in &self.placements {
            let (cell, digit) = (usize::from(placement) / 9, usize::from(placement) % 9 + 1);
            self.items.clear();
            self.items.push(cell);
            self.items.extend(
                layout
                    .units_of(cell)
                    .map(|unit| unit_items + unit * 9 + digit - 1),
            );
            // The items are distinct and open by construction.
            self.matrix
                .add_option(&self.items)
                .expect("an option covers distinct open items");
        }
        self.solution.clone_from(puzzle);
    }

    /// The first solution found, or `None` when there is none.
    ///
    /// # Errors
    ///
    /// Returns the first [`SamuraiConflict`] when the givens clash.
    pub fn first_solution(
        &mut self,
        puzzle: &SamuraiGrid,
    ) -> Result<Option<SamuraiGrid>, SamuraiConflict> {
        let mut first = None;
        self.solve(puzzle, 1, |solution| first = Some(solution.clone()))?;
        Ok(first)
    }

    /// Counts the solutions of `puzzle`, stopping at `limit`.
    ///
    /// # Errors
    ///
    /// Returns the first [`SamuraiConflict`] when the givens clash.
    pub fn count_solutions(
        &mut self,
        puzzle: &SamuraiGrid,
        limit: u64,
    ) -> Result<crate::SolutionCount, SamuraiConflict> {
        let stats = self.solve(puzzle, limit, |_| {})?;
        Ok(crate::SolutionCount {
            found: stats.solutions,
            at_limit: stats.stopped_at_limit,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_layout_has_369_cells_131_units_and_4_shared_boxes() {
        let layout = SamuraiLayout::get();
        assert_eq!(layout.units(), UNITS);
        let shared = (0..layout.units())
            .filter(|&unit| layout.unit(unit).shared_with.is_some())
            .count();
        assert_eq!(shared, 4);
        let in_five = (0..SAMURAI_CELLS)
            .filter(|&cell| layout.units_of(cell).count() == 5)
            .count();
        assert_eq!(in_five, 4 * 9);
        for cell in 0..SAMURAI_CELLS {
            let place = layout.position(cell);
            assert_eq!(layout.cell_at(place.row, place.column), Some(cell));
        }
        assert_eq!(layout.cell_at(0, 9), None);
        assert_eq!(layout.cell_at(9, 6), Some(layout.cell_at(9, 6).unwrap()));
        assert_eq!(layout.cell_at(9, 5), None);
    }

    #[test]
    fn a_repeated_digit_is_named_with_its_unit_and_cells() {
        let layout = SamuraiLayout::get();
        let mut grid = SamuraiGrid::empty();
        grid.set(layout.cell_at(0, 12).unwrap(), 4);
        grid.set(layout.cell_at(0, 20).unwrap(), 4);
        let conflict = layout.first_conflict(&grid).unwrap();
        assert_eq!(
            conflict.to_string(),
            "digit 4 is twice in row 1 of grid 2 (top right): at r1c13 and r1c21"
        );
        let mut grid = SamuraiGrid::empty();
        grid.set(layout.cell_at(6, 6).unwrap(), 7);
        grid.set(layout.cell_at(8, 8).unwrap(), 7);
        let message = layout.first_conflict(&grid).unwrap().to_string();
        assert!(message.contains("box 9 of grid 1 (top left), which is box 1 of grid 3"));
    }

    #[test]
    fn an_empty_samurai_is_solved_and_has_many_solutions() {
        let mut solver = SamuraiSolver::new();
        let solution = solver
            .first_solution(&SamuraiGrid::empty())
            .unwrap()
            .unwrap();
        assert!(solution.is_solved());
        let count = solver.count_solutions(&SamuraiGrid::empty(), 3).unwrap();
        assert_eq!(count.found, 3);
        assert!(count.at_limit);
    }
}
