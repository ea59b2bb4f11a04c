//! Palindrome: the line reads the same from both ends, so the cells at the
//! same distance from either end hold the same digit.

use super::relation::relate;
use super::Context;

/// Compiles the palindrome line `cells`.
pub(super) fn compile(cx: &mut Context, cells: &[usize]) {
    let length = cells.len();
    for k in 0..length / 2 {
        relate(cx, cells[k], cells[length - 1 - k], |x, y| x == y);
    }
}

#[cfg(test)]
mod tests {
    use crate::sudoku::constraints::oracle::agrees;
    use crate::sudoku::constraints::Constraint;

    #[test]
    fn palindromes_agree() {
        agrees(vec![Constraint::Palindrome(vec![0, 5, 10])]);
        agrees(vec![Constraint::Palindrome(vec![0, 4, 9, 13])]);
    }
}
