//! The ways of a rule's tables that the candidates leave.
//!
//! Arrows, quadruples, sandwiches, and the pieces of a little killer or of a
//! region-sum line are given as tables: lists of the ways to fill some
//! cells, with the values of the links (running sums) the pieces share. A
//! way is left when every digit it gives is a candidate of its cell and each
//! of its links has a value that every table sharing the link still has a
//! way for. What the ways left give a cell is all its candidates can be.
//!
//! Trials read the same rules again and again, from one position and
//! with ever fewer candidates, so the ways left are kept as lists of way
//! numbers, and a later read starts from the ways an earlier one left: the
//! ways left only shrink as the candidates do, so it ends on the same ways
//! as a read of the whole table.

use crate::logic::board::{bit, Board};
use crate::sudoku::geometry::Table;
use std::ops::Range;

/// For each table of a rule, the numbers of its ways left.
pub type WaysLeft = Vec<Vec<u32>>;

/// The ways of each of `tables` (the tables of one rule) that the
/// candidates of `board` leave, among `within` (for each table, ways that
/// hold every way left; every way when `None`).
pub fn ways_left(board: &Board, tables: &[&Table], within: Option<&WaysLeft>) -> WaysLeft {
    let mut left: WaysLeft = tables
        .iter()
        .enumerate()
        .map(|(k, table)| {
            let width = table.cells.len();
            let ways = table.ways() as u32;
            let mut kept = match within {
                Some(within) => within[k].clone(),
                None => (0..ways).collect(),
            };
            if width == 0 {
                // A table of links alone.
                return kept;
            }
            // Bit `d` of a cell's entry for digit `d`, and bit 0 for a
            // way that leaves the cell free: one test a cell, no branch.
            let allowed: Vec<u64> = table
                .cells
                .iter()
                .map(|&cell| board.mask(cell) << 1 | 1)
                .collect();
            kept.retain(|&way| {
                let way = way as usize;
                let tuple = &table.tuples[way * width..(way + 1) * width];
                let mut all = 1;
                for (&digit, &allowed) in tuple.iter().zip(&allowed) {
                    all &= allowed >> digit;
                }
                all & 1 == 1
            });
            kept
        })
        .collect();
    if tables.iter().any(|table| !table.links.is_empty()) {
        narrow_by_links(tables, board.geometry.links(), &mut left);
    }
    left
}

/// The digits the ways `left` of `table` give each of its cells, one mask
/// a cell (every digit where a way leaves the cell free).
pub fn digits_given(table: &Table, left: &[u32]) -> Vec<u64> {
    let width = table.cells.len();
    let mut given = vec![0u64; width];
    for &way in left {
        let way = way as usize;
        for (given, &digit) in given
            .iter_mut()
            .zip(&table.tuples[way * width..(way + 1) * width])
        {
            *given |= if digit == 0 { u64::MAX } else { bit(digit) };
        }
    }
    given
}

/// Narrows `left`, the ways of each of `tables` that the candidates leave,
/// until each way left has, for each of its links, a value that every table
/// sharing the link still has a way left for. `maxima` holds each link's
/// largest value.
///
/// The values of a link are a bitset of words; a table none of whose
/// links lost a value it gives is not read again.
fn narrow_by_links(tables: &[&Table], maxima: &[u16], left: &mut WaysLeft) {
    // The words of each link of these tables, in one layout.
    let mut starts: Vec<(u32, usize)> = Vec::new();
    let mut words = 0;
    for table in tables {
        for &link in &table.links {
            if !starts.iter().any(|&(known, _)| known == link) {
                starts.push((link, words));
                words += usize::from(maxima[link as usize]) / 64 + 1;
            }
        }
    }
    // For each table, the words of each of its links.
    let spans: Vec<Vec<Range<usize>>> = tables
        .iter()
        .map(|table| {
            table
                .links
                .iter()
                .map(|&link| {
                    let start = starts.iter().find(|s| s.0 == link).map_or(0, |s| s.1);
                    start..start + usize::from(maxima[link as usize]) / 64 + 1
                })
                .collect()
        })
        .collect();
    // The values each table's ways left give its links, and the values
    // every table sharing a link gives it.
    let mut given = vec![vec![0u64; words]; tables.len()];
    let mut allowed = vec![0u64; words];
    let mut stale = vec![true; tables.len()];
    loop {
        allowed.fill(u64::MAX);
        for (k, table) in tables.iter().enumerate() {
            let width = table.links.len();
            if stale[k] && width > 0 {
                given[k].fill(0);
                for &way in &left[k] {
                    let way = way as usize;
                    let values = &table.values[way * width..(way + 1) * width];
                    for (&value, span) in values.iter().zip(&spans[k]) {
                        let value = usize::from(value);
                        given[k][span.start + value / 64] |= 1 << (value % 64);
                    }
                }
            }
            for span in &spans[k] {
                for (all, &mine) in allowed[span.clone()]
                    .iter_mut()
                    .zip(&given[k][span.clone()])
                {
                    *all &= mine;
                }
            }
        }
        let mut changed = false;
        for (k, table) in tables.iter().enumerate() {
            // A table whose links keep every value it gives keeps every way.
            stale[k] = spans[k].iter().any(|span| {
                allowed[span.clone()]
                    .iter()
                    .zip(&given[k][span.clone()])
                    .any(|(&all, &mine)| mine & !all != 0)
            });
            if !stale[k] {
                continue;
            }
            let width = table.links.len();
            let before = left[k].len();
            left[k].retain(|&way| {
                let way = way as usize;
                let values = &table.values[way * width..(way + 1) * width];
                values.iter().zip(&spans[k]).all(|(&value, span)| {
                    let value = usize::from(value);
                    allowed[span.start + value / 64] >> (value % 64) & 1 != 0
                })
            });
            changed |= left[k].len() != before;
        }
        if !changed {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::candidates::Candidates;
    use crate::sudoku::constraints::Constraint;
    use crate::sudoku::grid::Size;
    use crate::sudoku::rules::Rules;

    /// The candidates of every cell of a 9x9 grid with a little killer of
    /// 10 down r1c1..r4c4, crossing two boxes, with `marked` narrowed.
    fn little_killer_board(
        marked: &[(usize, u64)],
    ) -> (crate::sudoku::geometry::Geometry, Candidates) {
        let rules = Rules {
            constraints: vec![Constraint::LittleKiller {
                cells: vec![0, 10, 20, 30],
                sum: 10,
            }],
            ..Rules::default()
        };
        let geometry = rules.geometry(Size::NINE).unwrap();
        let mut marks = Candidates::full(Size::NINE);
        for &(cell, mask) in marked {
            marks.set_mask(cell, mask);
        }
        (geometry, marks)
    }

    #[test]
    fn a_read_from_earlier_ways_ends_on_the_ways_of_a_whole_read() {
        let (geometry, marks) = little_killer_board(&[]);
        let board = Board::of_candidates(&geometry, &marks);
        let tables: Vec<&Table> = geometry.tables().iter().collect();
        assert!(tables.iter().any(|table| !table.links.is_empty()));
        let first = ways_left(&board, &tables, None);
        // r4c4 holds 4 or 5, r1c1 holds 1: the other two hold 4 or 5
        // together (4 + 1 in one box, repeats allowed across boxes).
        let (geometry, marks) = little_killer_board(&[(30, 0b11000), (0, 0b1)]);
        let narrower = Board::of_candidates(&geometry, &marks);
        let whole = ways_left(&narrower, &tables, None);
        let from_first = ways_left(&narrower, &tables, Some(&first));
        assert_eq!(whole, from_first);
        let kept: usize = whole.iter().map(Vec::len).sum();
        let before: usize = first.iter().map(Vec::len).sum();
        assert!(0 < kept && kept < before, "{kept} of {before}");
        // r2c2 and r3c3 sum to 4 or 5 (r4c4 at 5 or 4) without the 1 of
        // their box: 2 and 3.
        for (table, left) in tables.iter().zip(&whole) {
            for (&cell, &given) in table.cells.iter().zip(&digits_given(table, left)) {
                if cell == 10 || cell == 20 {
                    assert_eq!(
                        given & !0b110,
                        0,
                        "r{}c{}: {given:b}",
                        cell / 9 + 1,
                        cell % 9 + 1
                    );
                }
            }
        }
    }
}
