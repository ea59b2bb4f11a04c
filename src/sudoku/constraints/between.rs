//! Between lines: every cell on the line holds a digit strictly between
//! those of the two end cells, whichever end is the larger. Each inner
//! cell is a table of three cells (both ends and itself) with a way per
//! digit triple that obeys the rule; the tables share the end cells
//! through the placements that tie a way to its cells, and what they imply
//! for one and two cells is compiled as forbidden placements and pairs.

use super::ways::{every_way, project, Fit, WaysOf};
use super::{at_least, ConstraintError, Context};
use crate::sudoku::geometry::Table;
use crate::sudoku::grid::Unit;

/// Compiles the between line `cells`, from one end to the other.
pub(super) fn compile(
    cx: &mut Context,
    name: Unit,
    cells: &[usize],
) -> Result<(), ConstraintError> {
    at_least(name, cells, 2, "a between line has two ends")?;
    let (first, last) = (cells[0], cells[cells.len() - 1]);
    for &inner in &cells[1..cells.len() - 1] {
        let three = [first, last, inner];
        let tuples = every_way(
            cx,
            &three,
            usize::MAX,
            WaysOf {
                rule: "between",
                numbers: &[],
            },
            |way, _| match *way {
                // Ends that leave no digit strictly between them.
                [a, b] => (a.abs_diff(b) >= 2).into(),
                [a, b, inner] => (a.min(b) < inner && inner < a.max(b)).into(),
                _ => Fit::Yes,
            },
        )
        .unwrap_or_default();
        project(cx, &three, &tuples);
        cx.builder
            .table(Table::plain(three.to_vec(), tuples, cx.rule));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::sudoku::constraints::oracle::agrees;
    use crate::sudoku::constraints::Constraint;

    #[test]
    fn between_lines_agree() {
        agrees(vec![Constraint::Between(vec![0, 1, 2])]);
        agrees(vec![Constraint::Between(vec![0, 5, 10, 15])]);
        agrees(vec![Constraint::Between(vec![3, 6, 9, 12, 13])]);
        agrees(vec![
            Constraint::Between(vec![4, 5, 6]),
            Constraint::Thermometer(vec![0, 1]),
        ]);
    }
}
