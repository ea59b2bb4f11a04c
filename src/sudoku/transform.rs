//! The transformations that turn a Sudoku into an equivalent one:
//! transposition, permutations of rows and columns, relabelling of the
//! digits. Kept apart from the search for the canonical form
//! ([`crate::sudoku::canon`]) so that a form found there can be mapped back
//! onto its puzzle, and so that tests can make random equivalents.

use thiserror::Error;

use crate::sudoku::grid::{Grid, Size};

/// A map from a grid of one size onto another grid of the same size:
/// first transpose (when asked), then take output row `i` from row
/// `rows[i]` and output column `j` from column `columns[j]`, then write
/// every digit `v` as `digits[v]` (a blank stays blank).
///
/// [`Transformation::apply`] works for any permutations; the ones that
/// keep a Sudoku a Sudoku move rows within their band and bands whole (and
/// columns within their stack and stacks whole), and transpose only a grid
/// with square boxes. [`crate::canonical_form`] returns one of those.
///
/// # Example
///
/// ```
/// use sudoku_dlx::{canonical_form, Grid};
///
/// let puzzle: Grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
///     .parse()
///     .unwrap();
/// let canonical = canonical_form(&puzzle).unwrap();
/// let back = canonical.transformation.inverse().apply(&canonical.form);
/// assert_eq!(back, puzzle);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Transformation {
    size: Size,
    transpose: bool,
    rows: Vec<u8>,
    columns: Vec<u8>,
    digits: Vec<u8>,
}

/// Why [`Transformation::new`] refuses its parts.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum TransformError {
    /// The rows, the columns or the digits are not a permutation of the
    /// right length.
    #[error("the {part} of a {size} transformation must be a permutation of {expected} values")]
    NotAPermutation {
        /// `rows`, `columns` or `digits`.
        part: &'static str,
        /// The size of the grid.
        size: Size,
        /// How many values the permutation needs.
        expected: usize,
    },
}

impl Transformation {
    /// The transformation that changes nothing.
    pub fn identity(size: Size) -> Transformation {
        let n = size.side() as u8;
        Transformation {
            size,
            transpose: false,
            rows: (0..n).collect(),
            columns: (0..n).collect(),
            digits: (0..=n).collect(),
        }
    }

    /// A transformation from its parts: rows and columns numbered from 0,
    /// `digits[v]` the new value of digit `v` from 1 to the side
    /// (`digits[0]`, the blank, must be 0).
    ///
    /// # Errors
    ///
    /// [`TransformError::NotAPermutation`] when a part is not a
    /// permutation of the right length.
    pub fn new(
        size: Size,
        transpose: bool,
        rows: Vec<u8>,
        columns: Vec<u8>,
        digits: Vec<u8>,
    ) -> Result<Transformation, TransformError> {
        let n = size.side();
        for (part, values, from, expected) in [
            ("rows", &rows, 0, n),
            ("columns", &columns, 0, n),
            ("digits", &digits, 0, n + 1),
        ] {
            let mut seen = vec![false; expected];
            let ok = values.len() == expected
                && values.iter().all(|&v| {
                    let v = usize::from(v);
                    v >= from && v < expected && !std::mem::replace(&mut seen[v], true)
                })
                && (part != "digits" || values[0] == 0);
            if !ok {
                return Err(TransformError::NotAPermutation {
                    part,
                    size,
                    expected,
                });
            }
        }
        Ok(Transformation {
            size,
            transpose,
            rows,
            columns,
            digits,
        })
    }

    /// A transformation from parts known to be permutations (the search
    /// builds them), without the checks of [`Transformation::new`].
    pub(crate) fn from_parts(
        size: Size,
        transpose: bool,
        rows: Vec<u8>,
        columns: Vec<u8>,
        digits: Vec<u8>,
    ) -> Transformation {
        debug_assert!(Transformation::new(
            size,
            transpose,
            rows.clone(),
            columns.clone(),
            digits.clone()
        )
        .is_ok());
        Transformation {
            size,
            transpose,
            rows,
            columns,
            digits,
        }
    }

    /// The size of the grids it maps.
    pub fn size(&self) -> Size {
        self.size
    }

    /// Whether the grid is transposed first.
    pub fn transposes(&self) -> bool {
        self.transpose
    }

    /// Output row `i` comes from row `rows()[i]` (after the transposition).
    pub fn rows(&self) -> &[u8] {
        &self.rows
    }

    /// Output column `j` comes from column `columns()[j]` (after the
    /// transposition).
    pub fn columns(&self) -> &[u8] {
        &self.columns
    }

    /// Digit `v` is written `digits()[v]`; `digits()[0]` is 0, the blank.
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// The image of `grid`, which must be of this transformation's size.
    ///
    /// # Panics
    ///
    /// When `grid` is of another size.
    pub fn apply(&self, grid: &Grid) -> Grid {
        assert_eq!(grid.size(), self.size, "a transformation of another size");
        let n = self.size.side();
        let cells = grid.cells();
        let mut out = Grid::empty(self.size);
        // The digits are a permutation of 0..=n, so every value written
        // stays in range.
        let (step_row, step_column) = if self.transpose { (1, n) } else { (n, 1) };
        for (out_row, &row) in out.cells_mut().chunks_exact_mut(n).zip(&self.rows) {
            let from = usize::from(row) * step_row;
            for (cell, &column) in out_row.iter_mut().zip(&self.columns) {
                *cell = self.digits[usize::from(cells[from + usize::from(column) * step_column])];
            }
        }
        out
    }

    /// The transformation that undoes this one: `t.inverse().apply(&t.apply(g)) == g`.
    pub fn inverse(&self) -> Transformation {
        let invert = |values: &[u8]| {
            let mut inverse = vec![0; values.len()];
            for (at, &value) in values.iter().enumerate() {
                inverse[usize::from(value)] = at as u8;
            }
            inverse
        };
        let (rows, columns) = if self.transpose {
            (invert(&self.columns), invert(&self.rows))
        } else {
            (invert(&self.rows), invert(&self.columns))
        };
        Transformation {
            size: self.size,
            transpose: self.transpose,
            rows,
            columns,
            digits: invert(&self.digits),
        }
    }

    /// Where the cell at `row`, `column` of a grid goes, numbered from 0.
    pub fn map_cell(&self, row: usize, column: usize) -> (usize, usize) {
        let (row, column) = if self.transpose {
            (column, row)
        } else {
            (row, column)
        };
        let find = |values: &[u8], x: usize| values.iter().position(|&v| usize::from(v) == x);
        (
            find(&self.rows, row).unwrap_or(row),
            find(&self.columns, column).unwrap_or(column),
        )
    }
}
