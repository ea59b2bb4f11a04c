//! A relation between the digits of two cells, compiled once for every
//! rule that is one: a digit of one cell that no digit of the other allows
//! is forbidden outright, and the pairs of digits the relation refuses go
//! to the geometry as one relation on all the rule's pairs of cells. The
//! geometry reads it as tables of supports where the search asks, and as
//! "at most once" groups elsewhere: each digit of one cell with the digits
//! of the other it refuses (the other cell's placements already exclude
//! each other), from the side with fewer groups.

use super::Context;
use crate::sudoku::grid::Size;
use crate::sudoku::group_index::RelationPairs;
use crate::sudoku::relations::transposed;

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
    // Each digit of one cell with the digits of the other it refuses is one
    // group (a star), from the side with fewer of them; `refused_by` is
    // the same table read from the second cell.
    let refused_by = transposed(&refused[..n as usize]);
    let stars = |own: u64, table: &[u64], other: u64| -> (u32, u32) {
        let rows = (1..=n).filter(|&x| supported(own, x));
        rows.map(|x| (table[x as usize - 1] & other).count_ones())
            .filter(|&partners| partners > 0)
            .fold((0, 0), |(groups, members), partners| {
                (groups + 1, members + 1 + partners)
            })
    };
    let from_first = stars(supported_first, &refused, supported_second);
    let from_second = stars(supported_second, &refused_by, supported_first);
    let centre_first = from_first.0 <= from_second.0;
    let every_digit = u64::MAX >> (64 - n);
    let some_unsupported = supported_first != every_digit || supported_second != every_digit;
    for &[first, second] in pairs.iter().filter(|_| some_unsupported) {
        for x in (1..=n).filter(|&x| !supported(supported_first, x)) {
            cx.builder.forbid(first, x, cx.rule);
        }
        for y in (1..=n).filter(|&y| !supported(supported_second, y)) {
            cx.builder.forbid(second, y, cx.rule);
        }
    }
    // The pairs of supported digits the relation refuses, each digit of the
    // first cell with the digits of the second.
    let mut forbidden = [0u64; Size::MAX_SIDE];
    for x in (1..=n).filter(|&x| supported(supported_first, x)) {
        forbidden[x as usize - 1] = refused[x as usize - 1] & supported_second;
    }
    cx.builder.relation(
        RelationPairs {
            pairs: pairs.to_vec(),
            refused: forbidden,
            centre_first,
        },
        cx.rule,
    );
}
