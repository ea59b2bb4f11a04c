//! The Sudoku exact-cover encoding: which items and options a grid becomes,
//! and how a chosen option decodes back into a placed digit.
//!
//! For a grid of side `n` there are `n^3` options, one per (cell, digit), and
//! `4 n^2` items in four families of `n^2` each (for 9x9: 729 options and 324
//! items). Every option covers exactly one item of each family:
//!
//! ```text
//!  items   0 ..   n^2   row-digit     "row r holds digit d"      r*n + d
//!        n^2 .. 2 n^2   column-digit  "column c holds digit d"   n^2 + c*n + d
//!      2 n^2 .. 3 n^2   box-digit     "box x holds digit d"      2n^2 + x*n + d
//!      3 n^2 .. 4 n^2   cell          "cell (r, c) is filled"    3n^2 + r*n + c
//!
//!  option (r, c, d) = (r*n + c)*n + d          (d counted from 0 here)
//! ```
//!
//! The numbering is closed-form, so encoding and decoding need no tables.

use crate::sudoku::grid::Size;

/// One digit in one cell: what a chosen option means.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Placement {
    /// The row, from 0.
    pub row: usize,
    /// The column, from 0.
    pub column: usize,
    /// The digit, from 1.
    pub digit: u8,
}

/// Number of items of the exact-cover matrix of a grid of this size.
pub const fn item_count(size: Size) -> usize {
    4 * size.cells()
}

/// Number of options of the exact-cover matrix of a grid of this size.
pub const fn option_count(size: Size) -> usize {
    size.cells() * size.side()
}

/// The option that places `placement`.
pub const fn option_of(size: Size, placement: Placement) -> usize {
    let n = size.side();
    (placement.row * n + placement.column) * n + placement.digit as usize - 1
}

/// The placement that option `option` stands for.
pub const fn placement_of(size: Size, option: usize) -> Placement {
    let n = size.side();
    let cell = option / n;
    Placement {
        row: cell / n,
        column: cell % n,
        digit: (option % n) as u8 + 1,
    }
}

/// The four items covered by `placement`: its row-digit, column-digit,
/// box-digit and cell items, in that order.
pub const fn items_of(size: Size, placement: Placement) -> [usize; 4] {
    let n = size.side();
    let cells = size.cells();
    let d = placement.digit as usize - 1;
    let (r, c) = (placement.row, placement.column);
    [
        r * n + d,
        cells + c * n + d,
        2 * cells + size.box_of(r, c) * n + d,
        3 * cells + r * n + c,
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nine_by_nine_has_729_options_and_324_items() {
        assert_eq!(option_count(Size::NINE), 729);
        assert_eq!(item_count(Size::NINE), 324);
    }

    #[test]
    fn every_option_round_trips_and_covers_one_item_per_family() {
        for size in Size::ALL {
            let cells = size.cells();
            let mut covered = vec![0u32; item_count(size)];
            for option in 0..option_count(size) {
                let placement = placement_of(size, option);
                assert_eq!(option_of(size, placement), option);
                assert!(placement.digit as usize <= size.side());
                let items = items_of(size, placement);
                for (family, &item) in items.iter().enumerate() {
                    assert_eq!(item / cells, family, "option {option} of {size}");
                    covered[item] += 1;
                }
            }
            // Every item is covered by exactly n options.
            assert!(covered.iter().all(|&k| k as usize == size.side()));
        }
    }

    #[test]
    fn numbering_matches_the_classic_layout() {
        // r5c8 digit 3 in a 9x9 grid (all from 0: row 4, column 7, box 5).
        let p = Placement {
            row: 4,
            column: 7,
            digit: 3,
        };
        assert_eq!(items_of(Size::NINE, p), [38, 81 + 65, 162 + 47, 243 + 43]);
        assert_eq!(option_of(Size::NINE, p), 43 * 9 + 2);
    }
}
