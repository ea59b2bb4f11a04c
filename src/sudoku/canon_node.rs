//! The state the canonical-form search ([`super::canon`]) carries from row
//! to row, shared with the search of a filled grid's first rows
//! ([`super::canon_band`]): one partial transformation, the shape of the
//! group it belongs to, and the dimensions its hot loops read ([`Dims`]).

/// The widest grid side held in the fixed-size arrays of a candidate.
pub(super) const MAX: usize = 36;

/// The token of a digit not labelled yet: above every label.
pub(super) const NEW: u8 = u8::MAX;

impl Node {
    /// The candidate before any row: every column and stack
    /// interchangeable within its group, nothing labelled.
    pub(super) fn start(shape: Shape, orient: u8) -> Node {
        Node {
            orient,
            next_label: 1,
            rows: [0; MAX],
            cols: std::array::from_fn(|j| j as u8),
            col_cut: (0..shape.n)
                .step_by(shape.stack)
                .fold(0, |cut, j| cut | 1 << j),
            stack_cut: 1,
            labels: std::array::from_fn(|v| if v == 0 { 0 } else { NEW }),
        }
    }
}

/// One partial transformation of the search: the rows chosen so far, an
/// order of the columns with the groups still interchangeable, and the
/// labels given so far.
#[derive(Debug, Clone, Copy)]
pub(super) struct Node {
    /// 1 when the grid is transposed first.
    pub orient: u8,
    /// The next label to give.
    pub next_label: u8,
    /// Output row `i` comes from row `rows[i]`.
    pub rows: [u8; MAX],
    /// Output column `j` comes from column `cols[j]`.
    pub cols: [u8; MAX],
    /// Bit `j`: output column `j` starts a new group of interchangeable
    /// columns (always at a stack's first column).
    pub col_cut: u64,
    /// Bit `s`: output stack `s` starts a new group of interchangeable
    /// stacks.
    pub stack_cut: u64,
    /// How digit `v` reads: its label, [`NEW`] while it has none (0 for
    /// the blank, `v = 0`).
    pub labels: [u8; MAX],
}

/// The shape of the group: the side, the rows of a band, the columns of a
/// stack, and whether transposing belongs to it.
#[derive(Debug, Clone, Copy)]
pub(super) struct Shape {
    pub n: usize,
    pub band: usize,
    pub stack: usize,
    /// `n / band` and `n / stack`, kept apart from the hot loops, where a
    /// division costs more than the rest of a step.
    pub bands: usize,
    pub stacks: usize,
    pub transposes: bool,
    /// X-Sudoku: the diagonals must stay diagonals ([`super::canon_x`]).
    pub x: bool,
}

/// The dimensions the hot loops of the search read: at run time from a
/// [`Shape`], or as constants for the common 9x9 grid ([`Nine`]), where
/// the loops unroll and the slices compare without a call.
pub(super) trait Dims: Copy {
    /// The side.
    fn n(self) -> usize;
    /// The rows of a band.
    fn band(self) -> usize;
    /// The columns of a stack.
    fn stack(self) -> usize;
    /// The bands.
    fn bands(self) -> usize;
    /// The stacks.
    fn stacks(self) -> usize;
}

impl Dims for Shape {
    #[inline]
    fn n(self) -> usize {
        self.n
    }
    #[inline]
    fn band(self) -> usize {
        self.band
    }
    #[inline]
    fn stack(self) -> usize {
        self.stack
    }
    #[inline]
    fn bands(self) -> usize {
        self.bands
    }
    #[inline]
    fn stacks(self) -> usize {
        self.stacks
    }
}

/// A 9x9 grid with 3x3 boxes, its dimensions constants.
#[derive(Debug, Clone, Copy)]
pub(super) struct Nine;

impl Nine {
    /// Whether `shape` is a 9x9 grid with 3x3 boxes.
    pub fn fits(shape: Shape) -> bool {
        (shape.n, shape.band, shape.stack) == (9, 3, 3)
    }
}

impl Dims for Nine {
    #[inline]
    fn n(self) -> usize {
        9
    }
    #[inline]
    fn band(self) -> usize {
        3
    }
    #[inline]
    fn stack(self) -> usize {
        3
    }
    #[inline]
    fn bands(self) -> usize {
        3
    }
    #[inline]
    fn stacks(self) -> usize {
        3
    }
}
