//! A relation between the digits of two cells, compiled once for every
//! rule that is one: each pair of digits it forbids becomes an "at most
//! once" group of two placements, and a digit of one cell that no digit of
//! the other allows is forbidden outright.

use super::Context;
use crate::sudoku::grid::Size;

/// Compiles "the digits `x` of `first` and `y` of `second` satisfy
/// `holds(x, y)`" into `cx`'s geometry.
pub(super) fn relate(
    cx: &mut Context,
    first: usize,
    second: usize,
    holds: impl Fn(u8, u8) -> bool,
) {
    relate_all(cx, &[[first, second]], holds);
}

/// Compiles the relation `holds` on each of `pairs` of cells, as
/// [`relate`] on one pair after another: the digits it allows are worked
/// out once for all of them.
pub(super) fn relate_all(cx: &mut Context, pairs: &[[usize; 2]], holds: impl Fn(u8, u8) -> bool) {
    let n = cx.side as u8;
    // The digits of each cell that some digit of the other allows, and for
    // each digit `x` of the first the digits of the second it refuses (bit
    // `d - 1` for digit `d`).
    let (mut supported_first, mut supported_second) = (0u64, 0u64);
    let mut refused = [0u64; Size::MAX_SIDE];
    for x in 1..=n {
        for y in 1..=n {
            if holds(x, y) {
                supported_first |= 1 << (x - 1);
                supported_second |= 1 << (y - 1);
            } else {
                refused[x as usize - 1] |= 1 << (y - 1);
            }
        }
    }
    let supported = |mask: u64, digit: u8| mask >> (digit - 1) & 1 == 1;
    let forbidden_pairs: u32 = (1..=n)
        .filter(|&x| supported(supported_first, x))
        .map(|x| (refused[x as usize - 1] & supported_second).count_ones())
        .sum();
    cx.builder
        .reserve_pairs(forbidden_pairs as usize * pairs.len());
    for &[first, second] in pairs {
        for x in 1..=n {
            if !supported(supported_first, x) {
                cx.builder.forbid(first, x, cx.rule);
                continue;
            }
            let mut partners = refused[x as usize - 1] & supported_second;
            while partners != 0 {
                let y = partners.trailing_zeros() as u8 + 1;
                partners &= partners - 1;
                cx.builder.forbid_pair((first, x), (second, y), cx.rule);
            }
        }
        for y in 1..=n {
            if !supported(supported_second, y) {
                cx.builder.forbid(second, y, cx.rule);
            }
        }
    }
}
