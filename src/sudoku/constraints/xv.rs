//! XV: an X between two cells whose digits add up to 10, a V between two
//! adding up to 5 (any other sum a marker gives is taken as written); and
//! the negative rule, which forbids both sums between orthogonal
//! neighbours without a marker.

use super::relation::{relate, relate_all};
use super::{neighbour_pairs, ConstraintError, Context};
use crate::sudoku::grid::Unit;

/// Compiles a marker of sum `sum` on `cells`.
pub(super) fn compile(
    cx: &mut Context,
    name: Unit,
    [a, b]: [usize; 2],
    sum: u8,
) -> Result<(), ConstraintError> {
    if sum < 3 || sum as usize > 2 * cx.side - 1 {
        return Err(ConstraintError::Value {
            rule: name,
            found: sum.into(),
            expected: format!("a sum from 3 to {}", 2 * cx.side - 1),
        });
    }
    relate(cx, a, b, |x, y| x + y == sum);
    Ok(())
}

/// Compiles the negative rule on every pair of orthogonal neighbours not in
/// `marked`: their digits add up to neither 10 nor 5.
pub(super) fn negative(cx: &mut Context, marked: &[[usize; 2]]) {
    let pairs: Vec<[usize; 2]> = neighbour_pairs(cx.frame)
        .filter(|pair| marked.binary_search(pair).is_err())
        .collect();
    relate_all(cx, &pairs, |x, y| x + y != 10 && x + y != 5);
}

#[cfg(test)]
mod tests {
    use crate::sudoku::constraints::oracle::agrees;
    use crate::sudoku::constraints::Constraint;

    #[test]
    fn xv_agrees() {
        agrees(vec![Constraint::Xv {
            cells: [0, 1],
            sum: 5,
        }]);
        agrees(vec![
            Constraint::Xv {
                cells: [0, 4],
                sum: 5,
            },
            Constraint::NegativeXv,
        ]);
    }
}
