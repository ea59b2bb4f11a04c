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
