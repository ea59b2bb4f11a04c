//! Clones: two sets of cells of the same shape that hold the same digits,
//! place by place.

use super::relation::relate;
use super::{ConstraintError, Context};
use crate::sudoku::grid::Unit;

/// Compiles the clone of `cells` at `copy`.
pub(super) fn compile(
    cx: &mut Context,
    name: Unit,
    cells: &[usize],
    copy: &[usize],
) -> Result<(), ConstraintError> {
    if cells.len() != copy.len() || cells.is_empty() {
        return Err(ConstraintError::Length {
            rule: name,
            found: copy.len(),
            expected: format!(
                "a clone has as many cells as what it copies ({})",
                cells.len()
            ),
        });
    }
    for (&a, &b) in cells.iter().zip(copy) {
        relate(cx, a, b, |x, y| x == y);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::sudoku::constraints::oracle::agrees;
    use crate::sudoku::constraints::Constraint;

    #[test]
    fn clones_agree() {
        agrees(vec![Constraint::Clone {
            cells: vec![0, 1],
            copy: vec![14, 15],
        }]);
    }
}
