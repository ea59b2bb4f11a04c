//! Random grids for the property tests: solved grids drawn from the symmetry
//! group of a pattern grid, and puzzles cut from them.

use proptest::prelude::*;
use sudoku_dlx::{Grid, Size};

/// A random permutation of `0..k`.
fn permutation(k: usize) -> impl Strategy<Value = Vec<usize>> {
    Just((0..k).collect::<Vec<_>>()).prop_shuffle()
}

/// A solved grid of `size`, whose boxes have `R` rows and `C` columns
/// ([`Size::box_shape`]): the pattern grid `(C * (row % R) + row / R +
/// column) % n` with its digits relabelled, its bands, stacks, rows within
/// bands and columns within stacks shuffled, and, for square boxes, maybe
/// transposed. Every one of these moves keeps a solved grid solved.
pub fn solved_grid(size: Size) -> impl Strategy<Value = Grid> {
    let n = size.side();
    let (r, c) = size.box_shape().expect("a size with boxes");
    // `C` bands of `R` rows, `R` stacks of `C` columns.
    let bands = (permutation(c), prop::collection::vec(permutation(r), c));
    let stacks = (permutation(r), prop::collection::vec(permutation(c), r));
    (permutation(n), bands, stacks, any::<bool>()).prop_map(
        move |(digits, (bands, rows), (stacks, columns), transpose)| {
            let mut cells = vec![0u8; n * n];
            for (cell, value) in cells.iter_mut().enumerate() {
                let (row, column) = (cell / n, cell % n);
                let (row, column) = if transpose && r == c {
                    (column, row)
                } else {
                    (row, column)
                };
                let row = bands[row / r] * r + rows[row / r][row % r];
                let column = stacks[column / c] * c + columns[column / c][column % c];
                let pattern = (c * (row % r) + row / r + column) % n;
                *value = digits[pattern] as u8 + 1;
            }
            Grid::from_cells(&cells).expect("values are 1 to n")
        },
    )
}

/// A solved grid and a puzzle cut from it, keeping each cell with a
/// probability drawn from `keep`.
pub fn cut_puzzle(size: Size, keep: std::ops::Range<f64>) -> impl Strategy<Value = (Grid, Grid)> {
    let cells = size.cells();
    (solved_grid(size), keep).prop_flat_map(move |(solved, p)| {
        let mask = prop::collection::vec(prop::bool::weighted(p), cells);
        (Just(solved), mask).prop_map(|(solved, mask)| {
            let mut puzzle = solved.clone();
            for (cell, kept) in mask.into_iter().enumerate() {
                if !kept {
                    puzzle.set(cell, 0);
                }
            }
            (solved, puzzle)
        })
    })
}

/// A puzzle cut from a solved grid with up to `changes` cells then set to
/// random digits: it may have one solution, several, none, or givens that
/// break the rules.
pub fn tampered_puzzle(
    size: Size,
    keep: std::ops::Range<f64>,
    changes: usize,
) -> impl Strategy<Value = Grid> {
    let (cells, n) = (size.cells(), size.side() as u8);
    let change = (0..cells, 1..=n);
    (
        cut_puzzle(size, keep),
        prop::collection::vec(change, 0..=changes),
    )
        .prop_map(|((_, mut puzzle), changes)| {
            for (cell, digit) in changes {
                puzzle.set(cell, digit);
            }
            puzzle
        })
}
