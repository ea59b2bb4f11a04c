//! Where the cells of a geometry sit: a frame of rows and columns with
//! holes, so that one model holds a square grid and a shape of several
//! overlapping grids (a samurai's five 9x9 grids in a 21x21 frame) alike.
//!
//! Cells are numbered in the reading order of the frame, left to right and
//! top to bottom, the positions without a cell left out; in a square frame
//! with no hole, cell `row * columns + column`.

use std::sync::Arc;

use crate::sudoku::grid::Cell;

/// The value of a position of the frame that holds no cell.
const NO_CELL: u32 = u32::MAX;

/// The rows and columns of a frame, and which of its positions are cells.
///
/// # Example
///
/// ```
/// use sudoku_dlx::Frame;
///
/// // An L of three cells in a 2x2 frame.
/// let frame = Frame::with_cells(2, 2, [(0, 0), (1, 0), (1, 1)]);
/// assert_eq!(frame.cells(), 3);
/// assert_eq!(frame.cell_at(0, 1), None);
/// assert_eq!(frame.cell_at(1, 1), Some(2));
/// assert_eq!(frame.position(1).to_string(), "r2c1");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Frame {
    rows: usize,
    columns: usize,
    /// The cell at each position, row by row, or [`NO_CELL`]; empty when
    /// every position is a cell. Shared, so that a copy of the frame (in
    /// each step of a solve path, say) costs no allocation.
    at: Arc<[u32]>,
    /// The position of each cell, row by row; empty when every position is
    /// a cell.
    positions: Arc<[(u16, u16)]>,
}

impl Frame {
    /// A square frame of `side` rows and columns, every position a cell.
    pub fn square(side: usize) -> Frame {
        Frame::full(side, side)
    }

    /// A frame of `rows` and `columns`, every position a cell.
    pub fn full(rows: usize, columns: usize) -> Frame {
        Frame {
            rows,
            columns,
            at: Arc::from([]),
            positions: Arc::from([]),
        }
    }

    /// A frame of `rows` and `columns` whose cells are the positions
    /// `(row, column)` of `cells` (from 0; in any order, each once, inside
    /// the frame: others are ignored).
    pub fn with_cells(
        rows: usize,
        columns: usize,
        cells: impl IntoIterator<Item = (usize, usize)>,
    ) -> Frame {
        let mut at = vec![NO_CELL; rows * columns];
        for (row, column) in cells {
            if row < rows && column < columns {
                at[row * columns + column] = 0;
            }
        }
        let mut positions = Vec::new();
        for (index, slot) in at.iter_mut().enumerate() {
            if *slot != NO_CELL {
                *slot = positions.len() as u32;
                positions.push(((index / columns) as u16, (index % columns) as u16));
            }
        }
        if positions.len() == rows * columns {
            return Frame::full(rows, columns);
        }
        Frame {
            rows,
            columns,
            at: at.into(),
            positions: positions.into(),
        }
    }

    /// The rows of the frame.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The columns of the frame.
    pub fn columns(&self) -> usize {
        self.columns
    }

    /// The number of cells.
    pub fn cells(&self) -> usize {
        if self.at.is_empty() {
            self.rows * self.columns
        } else {
            self.positions.len()
        }
    }

    /// True when the frame is `side x side` with no hole.
    pub fn is_square(&self, side: usize) -> bool {
        self.at.is_empty() && self.rows == side && self.columns == side
    }

    /// True when every position of the frame is a cell.
    pub fn is_full(&self) -> bool {
        self.at.is_empty()
    }

    /// The cell at `row`, `column` counted from 1, with 0 and below (or
    /// past the last row or column) outside, as clues outside a grid are
    /// placed; `None` where the frame has no cell.
    pub fn cell_at_from_one(&self, row: i64, column: i64) -> Option<usize> {
        let (row, column) = (
            usize::try_from(row - 1).ok()?,
            usize::try_from(column - 1).ok()?,
        );
        self.cell_at(row, column)
    }

    /// The cell at `row`, `column` (from 0), or `None` where the frame has
    /// no cell or the place is outside it.
    #[inline]
    pub fn cell_at(&self, row: usize, column: usize) -> Option<usize> {
        if row >= self.rows || column >= self.columns {
            return None;
        }
        let index = row * self.columns + column;
        if self.at.is_empty() {
            return Some(index);
        }
        let cell = self.at[index];
        (cell != NO_CELL).then_some(cell as usize)
    }

    /// The place of `cell` in the frame.
    #[inline]
    pub fn position(&self, cell: usize) -> Cell {
        if self.at.is_empty() {
            return Cell {
                row: cell / self.columns,
                column: cell % self.columns,
            };
        }
        let (row, column) = self.positions[cell];
        Cell {
            row: row as usize,
            column: column as usize,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_frame_numbers_its_cells_row_by_row() {
        let frame = Frame::square(4);
        assert!(frame.is_square(4) && !frame.is_square(5));
        assert_eq!(frame.cells(), 16);
        assert_eq!(frame.cell_at(2, 3), Some(11));
        assert_eq!(frame.cell_at(4, 0), None);
        assert_eq!(frame.position(11), Cell { row: 2, column: 3 });
        assert_eq!(
            Frame::with_cells(2, 2, [(0, 0), (0, 1), (1, 0), (1, 1)]),
            Frame::square(2)
        );
    }

    #[test]
    fn holes_are_skipped_in_reading_order() {
        let frame = Frame::with_cells(3, 3, [(2, 2), (0, 1), (1, 0), (1, 2)]);
        assert_eq!(frame.cells(), 4);
        assert!(!frame.is_full());
        let order: Vec<_> = (0..4)
            .map(|cell| frame.position(cell).to_string())
            .collect();
        assert_eq!(order, ["r1c2", "r2c1", "r2c3", "r3c3"]);
        for cell in 0..4 {
            let Cell { row, column } = frame.position(cell);
            assert_eq!(frame.cell_at(row, column), Some(cell));
        }
        assert_eq!(frame.cell_at(1, 1), None);
    }
}
