//! Sudoku grids of every supported size, and the rules they must obey.
//!
//! A [`Grid`] is a flat array of cell values, 0 for a blank. Its [`Size`] is
//! the side of one box, `b`, so the grid is `n = b * b` cells wide. The rules
//! check ([`Grid::first_conflict`]) names the digit, the unit and both cells of
//! the first repetition it finds, so that messages can say exactly what is
//! wrong. The rules check is defined with the [`crate::Geometry`] that
//! holds the rules.

use std::fmt;

/// The size of a grid, given by the side of one box.
///
/// Boxes of side 2, 3, 4 and 5 give the 4x4, 9x9, 16x16 and 25x25 grids.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Size {
    box_side: u8,
}

impl Size {
    /// The 4x4 grid with 2x2 boxes.
    pub const FOUR: Size = Size { box_side: 2 };
    /// The classic 9x9 grid with 3x3 boxes.
    pub const NINE: Size = Size { box_side: 3 };
    /// The 16x16 grid with 4x4 boxes.
    pub const SIXTEEN: Size = Size { box_side: 4 };
    /// The 25x25 grid with 5x5 boxes.
    pub const TWENTY_FIVE: Size = Size { box_side: 5 };
    /// Every supported size, smallest first.
    pub const ALL: [Size; 4] = [Size::FOUR, Size::NINE, Size::SIXTEEN, Size::TWENTY_FIVE];

    /// The size whose grid is `side` cells wide, if it is supported.
    pub fn from_side(side: usize) -> Option<Size> {
        Size::ALL.into_iter().find(|size| size.side() == side)
    }

    /// The size whose grid has `cells` cells in all, if it is supported.
    pub fn from_cells(cells: usize) -> Option<Size> {
        Size::ALL.into_iter().find(|size| size.cells() == cells)
    }

    /// The side of one box (2 to 5).
    pub const fn box_side(self) -> usize {
        self.box_side as usize
    }

    /// The side of the grid, which is also the largest digit.
    pub const fn side(self) -> usize {
        self.box_side() * self.box_side()
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
        if let Unit::Group(_) = self.unit {
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

/// A Sudoku grid: `side * side` cells, each 0 (blank) or a digit from 1 to
/// `side`.
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
        self.size = size;
        self.cells.clear();
        self.cells.resize(size.cells(), 0);
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

    /// The value at `row`, `column` (0 for a blank).
    pub fn get(&self, row: usize, column: usize) -> u8 {
        self.cells[row * self.size.side() + column]
    }

    /// Sets the value at a cell index (row * side + column).
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
