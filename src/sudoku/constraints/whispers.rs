//! German whispers: neighbours on the line differ by at least half the
//! side, rounded up (5 on 9x9, so 5 never sits on a 9x9 line).

use super::relation::relate_all;
use super::Context;

/// Compiles the whispers line `cells`.
pub(super) fn compile(cx: &mut Context, cells: &[usize]) {
    let gap = cx.side.div_ceil(2) as u8;
    let pairs: Vec<[usize; 2]> = cells.windows(2).map(|pair| [pair[0], pair[1]]).collect();
    relate_all(cx, &pairs, |x, y| x.abs_diff(y) >= gap);
}
