//! Renban: the line holds a set of consecutive digits in any order. Its
//! digits differ, and no two differ by as much as its length; on `L` cells
//! that is the whole rule, since `L` different digits within a span of `L`
//! are consecutive. Those pairs are all the rule, but pairs alone do not
//! see which runs of digits the whole line can still take: a line of three
//! or more cells is handed to the search as a set of consecutive digits,
//! which it reasons on as a whole after every choice, and its pairs are
//! compiled by the geometry when a reader that needs them asks.

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
    // From three cells, the search also looks for the runs of digits the
    // line can still hold, and the geometry compiles the pairs in their
    // place when a reader other than the 9x9 fast path asks for them (as
    // `relate_all` would: `GivenGroups::compiled_whole`). Two cells: the pair
    // is the whole rule.
    if length >= 3 {
        cx.builder.consecutive_set(cells.to_vec(), cx.rule);
        return Ok(());
    }
    let pairs: Vec<[usize; 2]> = cells
        .iter()
        .enumerate()
        .flat_map(|(i, &a)| cells[i + 1..].iter().map(move |&b| [a, b]))
        .collect();
    relate_all(cx, &pairs, |x, y| {
        x != y && (x.abs_diff(y) as usize) < length
    });
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::sudoku::constraints::oracle::agrees;
    use crate::sudoku::constraints::Constraint;

    #[test]
    fn renban_lines_agree() {
        agrees(vec![Constraint::Renban(vec![0, 5, 10])]);
        agrees(vec![Constraint::Renban(vec![0, 1])]);
    }
}
