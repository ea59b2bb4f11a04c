//! Minimum and maximum cells: a cell whose digit is smaller (larger) than
//! the digit of each of its orthogonal neighbours.

use super::relation::relate_all;
use super::Context;

/// Compiles a maximum cell (`maximum`) or a minimum cell at `cell`.
pub(super) fn compile(cx: &mut Context, cell: usize, maximum: bool) {
    let at = cx.frame.position(cell);
    let neighbours = [
        at.row
            .checked_sub(1)
            .and_then(|row| cx.frame.cell_at(row, at.column)),
        cx.frame.cell_at(at.row + 1, at.column),
        at.column
            .checked_sub(1)
            .and_then(|column| cx.frame.cell_at(at.row, column)),
        cx.frame.cell_at(at.row, at.column + 1),
    ];
    let pairs: Vec<[usize; 2]> = neighbours
        .into_iter()
        .flatten()
        .map(|other| [cell, other])
        .collect();
    relate_all(cx, &pairs, |x, y| if maximum { x > y } else { x < y });
}

#[cfg(test)]
mod tests {
    use crate::sudoku::constraints::oracle::agrees;
    use crate::sudoku::constraints::Constraint;

    #[test]
    fn minimum_and_maximum_cells_agree() {
        agrees(vec![Constraint::Minimum(5)]);
        agrees(vec![Constraint::Maximum(0), Constraint::Minimum(15)]);
    }
}
