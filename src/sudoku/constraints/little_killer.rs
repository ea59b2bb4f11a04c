//! Little killers: the digits along a diagonal, from a clue outside the
//! grid, add up to the clue; digits may repeat where no unit forbids it.
//! The diagonal is a chain of sums ([`super::sums`]) cut where it leaves
//! a box.

use super::sums::{Chain, Target};
use super::{box_of, ConstraintError, Context};
use crate::sudoku::grid::Unit;

/// Compiles the little killer of `sum` on the diagonal `cells`, from the
/// clue.
pub(super) fn compile(
    cx: &mut Context,
    name: Unit,
    cells: &[usize],
    sum: u32,
) -> Result<(), ConstraintError> {
    let largest = cells.len() * cx.side;
    if cells.is_empty() || sum == 0 || sum as usize > largest {
        return Err(ConstraintError::Value {
            rule: name,
            found: sum,
            expected: format!("a sum from 1 to {largest} on {} cells", cells.len()),
        });
    }
    let boxes = box_of(cx);
    let chain = Chain::new(cx, cells, |k| {
        k > 0 && boxes[cells[k]] != boxes[cells[k - 1]]
    });
    let mut allowed = vec![false; largest + 1];
    allowed[sum as usize] = true;
    chain.compile(cx, Target::Fixed(sum), &allowed);
    Ok(())
}
