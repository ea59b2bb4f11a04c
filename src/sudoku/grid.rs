//! Sudoku grids of every supported size, and the rules they must obey.
//!
//! A [`Grid`] is a flat array of cell values, 0 for a blank. Its [`Size`] is
//! the side of one box, `b`, so the grid is `n = b * b` cells wide. The rules
//! check ([`Grid::first_conflict`]) names the digit, the unit and both cells of
//! the first repetition it finds, so that messages can say exactly what is
//! wrong. The rules check is defined with the [`crate::Geometry`] that
//! holds the rules.

use std::fmt;

use crate::sudoku::constraint_kind::ConstraintKind;

/// The size of a grid: its side `n`, which is also its largest digit, from
/// 4 to 36.
///
/// Its own boxes are the most square `R x C` with `R <= C` and `R * C = n`
/// (4 -> 2x2, 6 -> 2x3, 9 -> 3x3, 12 -> 3x4, 35 -> 5x7, 36 -> 6x6); a prime side has
/// none, and its grids need regions or no boxes at all.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Size {
    side: u8,
}

impl Size {
    /// The 4x4 grid with 2x2 boxes.
    pub const FOUR: Size = Size { side: 4 };
    /// The 6x6 grid with 2x3 boxes.
    pub const SIX: Size = Size { side: 6 };
    /// The classic 9x9 grid with 3x3 boxes.
    pub const NINE: Size = Size { side: 9 };
    /// The 16x16 grid with 4x4 boxes.
    pub const SIXTEEN: Size = Size { side: 16 };
    /// The 25x25 grid with 5x5 boxes.
    pub const TWENTY_FIVE: Size = Size { side: 25 };
    /// The smallest side.
    pub const MIN_SIDE: usize = 4;
    /// The largest side: one symbol for each of `1-9`, `A-Z` and `0`.
    pub const MAX_SIDE: usize = 36;
    /// The sizes with square boxes, smallest first.
    pub const SQUARE: [Size; 4] = [Size::FOUR, Size::NINE, Size::SIXTEEN, Size::TWENTY_FIVE];

    /// The size whose grid is `side` cells wide, if it is supported.
    pub fn from_side(side: usize) -> Option<Size> {
        (Size::MIN_SIDE..=Size::MAX_SIDE)
            .contains(&side)
            .then_some(Size { side: side as u8 })
    }

    /// The size whose grid has `cells` cells in all, if it is supported.
    pub fn from_cells(cells: usize) -> Option<Size> {
        let side = cells.isqrt();
        if side * side != cells {
            return None;
        }
        Size::from_side(side)
    }

    /// Every supported size, smallest first.
    pub fn all() -> impl Iterator<Item = Size> {
        (Size::MIN_SIDE..=Size::MAX_SIDE).map(|side| Size { side: side as u8 })
    }

    /// The rows and columns of the size's own boxes, the most square
    /// `R x C` with `R <= C`; `None` for a prime side.
    pub const fn box_shape(self) -> Option<(usize, usize)> {
        let n = self.side as usize;
        let mut rows = n.isqrt();
        while rows >= 2 {
            if n % rows == 0 {
                return Some((rows, n / rows));
            }
            rows -= 1;
        }
        None
    }

    /// The side of the grid, which is also the largest digit.
    pub const fn side(self) -> usize {
        self.side as usize
    }

    /// The number of cells.
    pub const fn cells(self) -> usize {
        self.side() * self.side()
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.side(), self.side())
    }
}

/// One of the three kinds of unit in which a digit may appear only once.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Unit {
    /// A row, numbered from 0.
    Row(usize),
    /// A column, numbered from 0.
    Column(usize),
    /// A box, numbered from 0 row by row.
    Box(usize),
    /// A unit a variant adds (a diagonal, a window, a region), numbered
    /// from 0 in the order of its geometry.
    Extra(usize),
    /// An "at most once" group of a geometry (two cells that must differ,
    /// say), numbered from 0 in its order.
    Group(usize),
    /// A killer cage, numbered from 0 in the order of its geometry.
    Cage(usize),
    /// A row of one grid of a shape of several grids: the grid and the row
    /// in it, both from 0.
    GridRow(usize, usize),
    /// A column of one grid of a shape of several grids, from 0.
    GridColumn(usize, usize),
    /// A box of one grid of a shape of several grids, numbered from 0 row
    /// by row in that grid; a box that two grids share is named after the
    /// first.
    GridBox(usize, usize),
    /// A rule beyond "once per unit" (a thermometer, a dot...), numbered
    /// from 0 among the rules of its kind in the order of the puzzle.
    Rule(ConstraintKind, usize),
}

impl Unit {
    /// True for a row or a column, of the grid or of one grid of a shape:
    /// the units that box-line techniques set against boxes.
    pub fn is_line(self) -> bool {
        matches!(
            self,
            Unit::Row(_) | Unit::Column(_) | Unit::GridRow(..) | Unit::GridColumn(..)
        )
    }
}

impl fmt::Display for Unit {
    /// Units are shown numbered from 1, as people count them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unit::Row(i) => write!(f, "row {}", i + 1),
            Unit::Column(i) => write!(f, "column {}", i + 1),
            Unit::Box(i) => write!(f, "box {}", i + 1),
            Unit::Extra(i) => write!(f, "extra unit {}", i + 1),
            Unit::Group(i) => write!(f, "at-most-once group {}", i + 1),
            Unit::Cage(i) => write!(f, "cage {}", i + 1),
            Unit::GridRow(grid, i) => write!(f, "row {} of grid {}", i + 1, grid + 1),
            Unit::GridColumn(grid, i) => write!(f, "column {} of grid {}", i + 1, grid + 1),
            Unit::GridBox(grid, i) => write!(f, "box {} of grid {}", i + 1, grid + 1),
            Unit::Rule(
                kind @ (ConstraintKind::NonConsecutive
                | ConstraintKind::NegativeBlack
                | ConstraintKind::NegativeXv),
                _,
            ) => write!(f, "the rule of {kind}"),
            Unit::Rule(kind, i) => write!(f, "{kind} {}", i + 1),
        }
    }
}

/// A cell position, numbered from 0; shown as `r4c7`, numbered from 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Cell {
    /// The row, from 0.
    pub row: usize,
    /// The column, from 0.
    pub column: usize,
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row + 1, self.column + 1)
    }
}

/// A digit that appears twice in one unit, or two placed digits that an
/// "at most once" group forbids together.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Conflict {
    /// The repeated digit (1 to the side of the grid); for a group, the
    /// digit of the first cell.
    pub digit: u8,
    /// The unit it is repeated in.
    pub unit: Unit,
    /// The first cell holding it, in reading order.
    pub first: Cell,
    /// The second cell holding it.
    pub second: Cell,
    /// For a full cage whose digits do not add up to its sum: the sums.
    /// `first` and `second` are then the first and last cells of the cage
    /// in reading order, and `digit` that of its first cell as given.
    pub wrong_sum: Option<WrongSum>,
}

/// What the digits of a full killer cage add up to, and its sum.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct WrongSum {
    /// The sum of its digits.
    pub found: u32,
    /// The sum the cage gives.
    pub expected: u32,
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(sums) = self.wrong_sum {
            return write!(
                f,
                "the digits of {} ({} to {}) add up to {}, not {}",
                self.unit, self.first, self.second, sums.found, sums.expected
            );
        }
        if let (Unit::Rule(..), true) = (self.unit, self.first == self.second) {
            return write!(
                f,
                "the digit {} at {} breaks {}",
                self.digit, self.first, self.unit
            );
        }
        if let Unit::Group(_) | Unit::Rule(..) = self.unit {
            return write!(
                f,
                "the digits at {} and {} break {}",
                self.first, self.second, self.unit
            );
        }
        write!(
            f,
            "digit {} appears twice in {}, at {} and {}",
            self.digit, self.unit, self.first, self.second
        )
    }
}

/// The digits of a Sudoku's cells: each 0 (blank) or a digit from 1 to the
/// side of its [`Size`].
///
/// A square grid has `side * side` cells, row by row. A shape of several
/// grids (a samurai, say) has the cells of its [`crate::Geometry`] in the
/// reading order of its frame ([`Grid::blank`]).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Grid {
    size: Size,
    cells: Vec<u8>,
}

impl Grid {
    /// An empty grid of the given size.
    pub fn empty(size: Size) -> Grid {
        Grid {
            size,
            cells: vec![0; size.cells()],
        }
    }

    /// An empty grid of `cells` cells holding the digits of `size`: the
    /// grid of a geometry that is not one square ([`crate::Geometry::empty_grid`]).
    pub fn blank(size: Size, cells: usize) -> Grid {
        Grid {
            size,
            cells: vec![0; cells],
        }
    }

    /// A grid from its cell values, row by row, 0 for a blank.
    ///
    /// Returns `None` when the number of cells is not that of a supported size
    /// or a value is larger than the side of the grid.
    pub fn from_cells(cells: &[u8]) -> Option<Grid> {
        let size = Size::from_cells(cells.len())?;
        if cells.iter().any(|&v| v as usize > size.side()) {
            return None;
        }
        Some(Grid {
            size,
            cells: cells.to_vec(),
        })
    }

    /// Makes this grid an empty grid of `size`, reusing its storage.
    pub fn clear(&mut self, size: Size) {
        self.clear_cells(size, size.cells());
    }

    /// Makes this grid an empty grid of `cells` cells holding the digits of
    /// `size`, reusing its storage.
    pub fn clear_cells(&mut self, size: Size, cells: usize) {
        self.size = size;
        self.cells.clear();
        self.cells.resize(cells, 0);
    }

    /// True when the grid has `side * side` cells: one square, not a shape
    /// of several grids.
    pub fn is_square(&self) -> bool {
        self.cells.len() == self.size.cells()
    }

    /// The size of the grid.
    pub fn size(&self) -> Size {
        self.size
    }

    /// The cell values, row by row, 0 for a blank.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The cell values for writing, row by row. Callers must keep each
    /// value at most the side of the grid.
    pub(crate) fn cells_mut(&mut self) -> &mut [u8] {
        &mut self.cells
    }

    /// The value at `row`, `column` of a square grid (0 for a blank).
    pub fn get(&self, row: usize, column: usize) -> u8 {
        self.cells[row * self.size.side() + column]
    }

    /// Sets the value at a cell index (row * side + column in a square
    /// grid; the cell's number in its geometry otherwise).
    ///
    /// # Panics
    ///
    /// Panics if the index or the value is out of range for the grid.
    pub fn set(&mut self, cell: usize, value: u8) {
        assert!(value as usize <= self.size.side(), "value out of range");
        self.cells[cell] = value;
    }

    /// How many cells hold a digit.
    pub fn givens(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// True when no cell is blank.
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(|&v| v != 0)
    }

    /// True when every digit of `puzzle` stands in the same cell here.
    pub fn keeps_givens_of(&self, puzzle: &Grid) -> bool {
        self.size == puzzle.size
            && self.cells.len() == puzzle.cells.len()
            && puzzle
                .cells
                .iter()
                .zip(&self.cells)
                .all(|(&given, &value)| given == 0 || given == value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(text: &str) -> Grid {
        let cells: Vec<u8> = text
            .bytes()
            .filter(|b| !b.is_ascii_whitespace())
            .map(|b| if b == b'.' { 0 } else { b - b'0' })
            .collect();
        Grid::from_cells(&cells).unwrap()
    }

    #[test]
    fn sizes() {
        assert_eq!(Size::from_side(9), Some(Size::NINE));
        assert_eq!(Size::from_cells(256), Some(Size::SIXTEEN));
        assert_eq!(Size::from_cells(80), None);
        assert_eq!(Size::TWENTY_FIVE.to_string(), "25x25");
        assert_eq!(Size::from_side(3), None);
        assert_eq!(Size::from_side(37), None);
        assert_eq!(Size::from_cells(36 * 36), Size::from_side(36));
        assert_eq!(Size::all().count(), 33);
        assert_eq!(Size::from_side(36).and_then(Size::box_shape), Some((6, 6)));
    }

    #[test]
    fn own_boxes_are_the_most_square_shape_with_fewer_rows() {
        let shapes = [
            (4, Some((2, 2))),
            (6, Some((2, 3))),
            (7, None),
            (8, Some((2, 4))),
            (10, Some((2, 5))),
            (12, Some((3, 4))),
            (15, Some((3, 5))),
            (16, Some((4, 4))),
            (20, Some((4, 5))),
            (24, Some((4, 6))),
            (34, Some((2, 17))),
            (35, Some((5, 7))),
        ];
        for (side, shape) in shapes {
            assert_eq!(Size::from_side(side).unwrap().box_shape(), shape, "{side}");
        }
    }

    #[test]
    fn seed_filled_grid_obeys_the_rules() {
        let g = grid("1423 2341 4132 3214");
        assert!(g.is_solved());
    }

    #[test]
    fn conflicts_name_digit_unit_and_cells() {
        let row = grid("1..1 .... .... ....");
        let c = row.first_conflict().unwrap();
        assert_eq!(
            c.to_string(),
            "digit 1 appears twice in row 1, at r1c1 and r1c4"
        );
        let column = grid(".2.. .... .... .2..");
        let c = column.first_conflict().unwrap();
        assert_eq!(c.unit, Unit::Column(1));
        assert_eq!(
            (c.first, c.second),
            (Cell { row: 0, column: 1 }, Cell { row: 3, column: 1 })
        );
        let in_box = grid(".... .... 3... .3..");
        let c = in_box.first_conflict().unwrap();
        assert_eq!(
            c.to_string(),
            "digit 3 appears twice in box 3, at r3c1 and r4c2"
        );
    }

    #[test]
    fn a_wrong_cell_breaks_a_solved_grid() {
        let mut g = grid("1423 2341 4132 3214");
        g.set(5, 4);
        assert!(!g.is_solved());
        assert!(g.first_conflict().is_some());
    }

    #[test]
    fn keeps_givens() {
        let solved = grid("1423 2341 4132 3214");
        assert!(solved.keeps_givens_of(&grid("1... .... ..3. ....")));
        assert!(!solved.keeps_givens_of(&grid("2... .... .... ....")));
    }

    #[test]
    fn from_cells_refuses_bad_values() {
        assert!(Grid::from_cells(&[5; 16]).is_none());
        assert!(Grid::from_cells(&[1; 15]).is_none());
    }
}
