//! Odd and even cells: a cell marked odd (a circle on f-puzzles) holds an
//! odd digit, one marked even (a square) an even digit.

use super::Context;

/// Compiles an odd (`odd`) or even cell: the digits of the other parity
/// are forbidden in it.
pub(super) fn compile(cx: &mut Context, cell: usize, odd: bool) {
    for digit in 1..=cx.side as u8 {
        if (digit % 2 == 1) != odd {
            cx.builder.forbid(cell, digit, cx.rule);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::sudoku::constraints::oracle::agrees;
    use crate::sudoku::constraints::Constraint;

    #[test]
    fn odd_and_even_cells_agree() {
        agrees(vec![Constraint::Odd(0), Constraint::Even(5)]);
        agrees(vec![Constraint::Even(10)]);
    }
}
