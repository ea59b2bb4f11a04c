//! Renban: the line holds a set of consecutive digits in any order. Its
//! digits differ, and no two differ by as much as its length; on `L` cells
//! that is the whole rule, since `L` different digits within a span of `L`
//! are consecutive. Those pairs are all the rule, but pairs alone do not
//! see which runs of digits the whole line can still take: a line of three
//! or more cells is also handed to the search as a set of consecutive
//! digits, which it reasons on as a whole after every choice.

use super::relation::relate_all;
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
    let pairs: Vec<[usize; 2]> = cells
        .iter()
        .enumerate()
        .flat_map(|(i, &a)| cells[i + 1..].iter().map(move |&b| [a, b]))
        .collect();
    relate_all(cx, &pairs, |x, y| {
        x != y && (x.abs_diff(y) as usize) < length
    });
    // Two cells: the pair is the whole rule. From three, the search also
    // looks for the runs of digits the line can still hold.
    if length >= 3 {
        cx.builder.consecutive_set(cells.to_vec(), cx.rule);
    }
    Ok(())
}
