//! Little killers: the digits along a diagonal, from a clue outside the
//! grid, add up to the clue; digits may repeat where no unit forbids it.
//! A diagonal with at most [`MAX_WAYS`] ways to add up is one table of
//! them, which the search sees shrink as digits are placed (on 9x9, most
//! diagonals of up to six cells); a longer one is a chain of sums
//! ([`super::sums`]) cut where it leaves a box.

use super::sums::{Chain, Target};
use super::ways::{every_way, project, sum_fit, WaysOf};
use super::{box_of, keep_whole, ConstraintError, Context};
use crate::sudoku::geometry::Table;
use crate::sudoku::grid::Unit;
use crate::sudoku::whole_rules::WholeKind;

/// The most ways of a diagonal compiled as one table; 40 in the unit
/// tests, so that the 4x4 grids meet both compilations.
const MAX_WAYS: usize = if cfg!(test) { 40 } else { 20_000 };

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
    keep_whole(cx, cells, WholeKind::Total(sum));
    let (n, target) = (cx.side as u32, sum);
    let whole = every_way(
        cx,
        cells,
        MAX_WAYS,
        WaysOf {
            rule: "little killer",
            numbers: &[sum],
        },
        |digits, complete| {
            let total: u32 = digits.iter().map(|&d| u32::from(d)).sum();
            let rest = (cells.len() - digits.len()) as u32;
            sum_fit(total, rest, target, n, complete)
        },
    );
    if let Some(tuples) = whole {
        project(cx, cells, &tuples);
        cx.builder
            .table(Table::plain(cells.to_vec(), tuples, cx.rule));
        return Ok(());
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

#[cfg(test)]
mod tests {
    use crate::sudoku::constraints::oracle::agrees;
    use crate::sudoku::constraints::Constraint;

    #[test]
    fn little_killers_agree() {
        let killer = |cells: Vec<usize>, sum| Constraint::LittleKiller { cells, sum };
        agrees(vec![killer(vec![0, 5, 10, 15], 10)]);
        agrees(vec![killer(vec![12, 9, 6, 3], 8)]);
        agrees(vec![killer(vec![1, 6, 11], 7)]);
        agrees(vec![killer(vec![2, 7], 3)]);
        agrees(vec![killer(vec![4, 9, 14], 9), killer(vec![11, 6, 1], 6)]);
        // Not diagonals: chains of three and four pieces, with adders.
        agrees(vec![killer(vec![0, 2, 8], 6)]);
        agrees(vec![killer(vec![0, 2, 8, 10], 9)]);
        agrees(vec![killer(vec![0, 1, 2, 3, 4], 13)]);
    }
}
