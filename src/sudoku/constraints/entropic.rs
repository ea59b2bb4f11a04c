//! Entropic lines: the digits fall in three equal bands (1-3, 4-6, 7-9 on
//! 9x9), and every three cells in a row on the line hold one of each. Two
//! cells at most two places apart on the line are in different bands; with
//! three bands that is the whole rule.

use super::relation::relate;
use super::{ConstraintError, Context};
use crate::sudoku::constraint_kind::ConstraintKind;

/// Compiles the entropic line `cells`.
pub(super) fn compile(cx: &mut Context, cells: &[usize]) -> Result<(), ConstraintError> {
    if cx.side % 3 != 0 {
        return Err(ConstraintError::Side {
            kind: ConstraintKind::Entropic,
            side: cx.side,
        });
    }
    let band_width = (cx.side / 3) as u8;
    let band = move |digit: u8| (digit - 1) / band_width;
    for (i, &a) in cells.iter().enumerate() {
        for &b in cells.iter().skip(i + 1).take(2) {
            relate(cx, a, b, |x, y| band(x) != band(y));
        }
    }
    Ok(())
}
