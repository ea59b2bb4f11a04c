//! An independent Sudoku solver to check the exact-cover solver against.
//!
//! Plain backtracking over cells, with no exact cover, no dancing links and
//! nothing from the crate: it fills the empty cell with the fewest candidate
//! digits (so that 16x16 grids stay quick) and tries each candidate in turn.
//! It is deliberately short enough to be checked by eye.

/// The rows and columns of one box: `(rows, columns)`; `(1, n)` makes each
/// "box" a row, which adds no rule: a Latin square.
pub type Boxes = (usize, usize);

/// Counts the solutions of `cells` (row by row, 0 for a blank) on a grid
/// whose boxes are `boxes`, stopping at `limit`.
///
/// Returns `None` when the givens themselves repeat a digit in a unit.
/// `limit` must be at least 1.
pub fn count_solutions(cells: &[u8], boxes: Boxes, limit: u64) -> Option<u64> {
    let n = cells.len().isqrt();
    assert_eq!(cells.len(), n * n, "a grid of side {n} has {} cells", n * n);
    assert!(limit > 0, "the limit must be at least 1");
    let mut grid = cells.to_vec();
    for (cell, &digit) in cells.iter().enumerate() {
        if digit != 0 {
            grid[cell] = 0;
            if used(&grid, boxes, cell) & bit(digit) != 0 {
                return None;
            }
            grid[cell] = digit;
        }
    }
    let mut found = 0;
    backtrack(&mut grid, boxes, limit, &mut found);
    Some(found)
}

fn bit(digit: u8) -> u64 {
    1 << digit
}

/// The digits, as bits, already in the row, column or box of `cell`.
fn used(grid: &[u8], (rows, columns): Boxes, cell: usize) -> u64 {
    let n = grid.len().isqrt();
    let (row, column) = (cell / n, cell % n);
    let (top, left) = (row - row % rows, column - column % columns);
    (0..n).fold(0, |mask, k| {
        mask | bit(grid[row * n + k])
            | bit(grid[k * n + column])
            | bit(grid[(top + k / columns) * n + left + k % columns])
    })
}

fn backtrack(grid: &mut [u8], boxes: Boxes, limit: u64, found: &mut u64) {
    let n = grid.len().isqrt();
    // The empty cell with the fewest candidates, and those candidates.
    let mut best: Option<(usize, Vec<u8>)> = None;
    for cell in (0..grid.len()).filter(|&cell| grid[cell] == 0) {
        let taken = used(grid, boxes, cell);
        let candidates: Vec<u8> = (1..=n as u8).filter(|&d| taken & bit(d) == 0).collect();
        if best
            .as_ref()
            .is_none_or(|(_, b)| candidates.len() < b.len())
        {
            let dead_end = candidates.is_empty();
            best = Some((cell, candidates));
            if dead_end {
                break;
            }
        }
    }
    let Some((cell, candidates)) = best else {
        *found += 1;
        return;
    };
    for digit in candidates {
        grid[cell] = digit;
        backtrack(grid, boxes, limit, found);
        grid[cell] = 0;
        if *found >= limit {
            break;
        }
    }
}
