//! The symmetries of a puzzle's pattern of givens: which turns and
//! reflections of the square map every given onto a given. Collections
//! are often sorted by it, and generators promise one.

use crate::sudoku::grid::Grid;

/// A turn or reflection of the square grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PatternSymmetry {
    /// A quarter turn: (r, c) to (c, n-1-r); a pattern with it has the
    /// half turn too.
    Rotational90,
    /// A half turn about the centre: (r, c) to (n-1-r, n-1-c).
    Rotational180,
    /// A mirror about the horizontal axis, top to bottom: (r, c) to (n-1-r, c).
    MirrorHorizontal,
    /// A mirror about the vertical axis, left to right: (r, c) to (r, n-1-c).
    MirrorVertical,
    /// A mirror about the main diagonal: (r, c) to (c, r).
    Diagonal,
    /// A mirror about the other diagonal: (r, c) to (n-1-c, n-1-r).
    AntiDiagonal,
}

impl PatternSymmetry {
    /// Every symmetry, in the order [`pattern_symmetries`] lists them.
    pub const ALL: [PatternSymmetry; 6] = [
        PatternSymmetry::Rotational90,
        PatternSymmetry::Rotational180,
        PatternSymmetry::MirrorHorizontal,
        PatternSymmetry::MirrorVertical,
        PatternSymmetry::Diagonal,
        PatternSymmetry::AntiDiagonal,
    ];

    /// The name the command line prints.
    pub fn name(self) -> &'static str {
        match self {
            PatternSymmetry::Rotational90 => "rotational-90",
            PatternSymmetry::Rotational180 => "rotational-180",
            PatternSymmetry::MirrorHorizontal => "mirror-horizontal",
            PatternSymmetry::MirrorVertical => "mirror-vertical",
            PatternSymmetry::Diagonal => "diagonal",
            PatternSymmetry::AntiDiagonal => "anti-diagonal",
        }
    }

    /// Where the cell at `row`, `column` of a grid `side` wide goes.
    pub fn image(self, side: usize, row: usize, column: usize) -> (usize, usize) {
        let last = side - 1;
        match self {
            PatternSymmetry::Rotational90 => (column, last - row),
            PatternSymmetry::Rotational180 => (last - row, last - column),
            PatternSymmetry::MirrorHorizontal => (last - row, column),
            PatternSymmetry::MirrorVertical => (row, last - column),
            PatternSymmetry::Diagonal => (column, row),
            PatternSymmetry::AntiDiagonal => (last - column, last - row),
        }
    }
}

/// The symmetries of the pattern of givens of `grid` (blank or not; the
/// digits do not matter), in the order of [`PatternSymmetry::ALL`]; empty
/// when there is none.
///
/// # Example
///
/// ```
/// use sudoku_dlx::{pattern_symmetries, Grid, PatternSymmetry};
///
/// let puzzle: Grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
///     .parse()
///     .unwrap();
/// assert_eq!(
///     pattern_symmetries(&puzzle),
///     [PatternSymmetry::Rotational180, PatternSymmetry::MirrorHorizontal, PatternSymmetry::MirrorVertical]
/// );
/// ```
pub fn pattern_symmetries(grid: &Grid) -> Vec<PatternSymmetry> {
    let n = grid.size().side();
    let cells = grid.cells();
    PatternSymmetry::ALL
        .into_iter()
        .filter(|symmetry| {
            (0..n * n).all(|cell| {
                let (row, column) = symmetry.image(n, cell / n, cell % n);
                (cells[cell] == 0) == (cells[row * n + column] == 0)
            })
        })
        .collect()
}
