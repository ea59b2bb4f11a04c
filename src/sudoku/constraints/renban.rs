//! Renban: the line holds a set of consecutive digits in any order. Its
//! digits differ, and no two differ by as much as its length; on `L` cells
//! that is the whole rule, since `L` different digits within a span of `L`
//! are consecutive.

use super::relation::relate;
use super::{ConstraintError, Context};
use crate::sudoku::grid::Unit;

/// Compiles the renban line `cells`.
pub(super) fn compile(
    cx: &mut Context,
    name: Unit,
    cells: &[usize],
) -> Result<(), ConstraintError> {
    let length = cells.len();
    if length > cx.side {
        return Err(ConstraintError::Length {
            rule: name,
            found: length,
            expected: format!("a renban line holds different digits, at most {}", cx.side),
        });
    }
    for (i, &a) in cells.iter().enumerate() {
        for &b in &cells[i + 1..] {
            relate(cx, a, b, |x, y| x != y && (x.abs_diff(y) as usize) < length);
        }
    }
    Ok(())
}
