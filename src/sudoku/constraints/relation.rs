//! A relation between the digits of two cells, compiled once for every
//! rule that is one: each pair of digits it forbids becomes an "at most
//! once" group of two placements, and a digit of one cell that no digit of
//! the other allows is forbidden outright.

use super::Context;

/// Compiles "the digits `x` of `first` and `y` of `second` satisfy
/// `holds(x, y)`" into `cx`'s geometry.
pub(super) fn relate(
    cx: &mut Context,
    first: usize,
    second: usize,
    holds: impl Fn(u8, u8) -> bool,
) {
    let n = cx.side as u8;
    let supported_first: Vec<bool> = (1..=n).map(|x| (1..=n).any(|y| holds(x, y))).collect();
    let supported_second: Vec<bool> = (1..=n).map(|y| (1..=n).any(|x| holds(x, y))).collect();
    for x in 1..=n {
        if !supported_first[x as usize - 1] {
            cx.builder.forbid(first, x, cx.rule);
            continue;
        }
        for y in 1..=n {
            if supported_second[y as usize - 1] && !holds(x, y) {
                cx.builder.forbid_pair((first, x), (second, y), cx.rule);
            }
        }
    }
    for y in 1..=n {
        if !supported_second[y as usize - 1] {
            cx.builder.forbid(second, y, cx.rule);
        }
    }
}
