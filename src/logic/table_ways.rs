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

/// Buffers [`narrow`] reuses from call to call, so that the trials, which
/// read the same rules again and again, allocate nothing to narrow their
/// ways.
#[derive(Debug, Clone, Default)]
pub struct Scratch {
    /// For each cell of a table, its candidates shifted up by one, and bit
    /// 0 for a way that leaves the cell free.
    allowed_digits: Vec<u64>,
    /// Each link of the tables and where its words start.
    links: Vec<(u32, usize)>,
    /// The words of each link of each table, table after table.
    spans: Vec<Range<usize>>,
    /// Where each table's spans start in `spans`, and their end.
    span_starts: Vec<usize>,
    /// The values each table's ways left give its links, table after table.
    given: Vec<u64>,
    /// The values every table sharing a link gives it.
    allowed: Vec<u64>,
    /// The tables whose ways are to be read again.
    stale: Vec<bool>,
}

/// The ways of each of `tables` (the tables of one rule) that the
/// candidates of `board` leave, read from all their ways.
pub fn ways_left(board: &Board, tables: &[&Table]) -> WaysLeft {
    let mut left: WaysLeft = tables
        .iter()
        .map(|table| (0..table.ways() as u32).collect())
        .collect();
    narrow(board, tables, &mut left, &mut Scratch::default());
    left
}

/// Narrows `left`, for each of `tables` (the tables of one rule) ways that
/// hold every way the candidates of `board` leave, to exactly those ways.
pub fn narrow(board: &Board, tables: &[&Table], left: &mut WaysLeft, scratch: &mut Scratch) {
    for (table, kept) in tables.iter().zip(left.iter_mut()) {
        let width = table.cells.len();
        if width == 0 {
            // A table of links alone.
            continue;
        }
        // Bit `d` of a cell's entry for digit `d`, and bit 0 for a way that
        // leaves the cell free: one test a cell, no branch.
        let allowed = &mut scratch.allowed_digits;
        allowed.clear();
        allowed.extend(table.cells.iter().map(|&cell| board.mask(cell) << 1 | 1));
        kept.retain(|&way| {
            let way = way as usize;
            let tuple = &table.tuples[way * width..(way + 1) * width];
            let mut all = 1;
            for (&digit, &allowed) in tuple.iter().zip(allowed.iter()) {
                all &= allowed >> digit;
            }
            all & 1 == 1
        });
    }
    if tables.iter().any(|table| !table.links.is_empty()) {
        narrow_by_links(tables, board.geometry.links(), left, scratch);
    }
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
fn narrow_by_links(tables: &[&Table], maxima: &[u16], left: &mut WaysLeft, scratch: &mut Scratch) {
    let words_of = |link: u32| usize::from(maxima[link as usize]) / 64 + 1;
    // The words of each link of these tables, in one layout.
    let links = &mut scratch.links;
    links.clear();
    let mut words = 0;
    for table in tables {
        for &link in &table.links {
            if !links.iter().any(|&(known, _)| known == link) {
                links.push((link, words));
                words += words_of(link);
            }
        }
    }
    // For each table, the words of each of its links.
    let (spans, span_starts) = (&mut scratch.spans, &mut scratch.span_starts);
    spans.clear();
    span_starts.clear();
    for table in tables {
        span_starts.push(spans.len());
        for &link in &table.links {
            let start = links.iter().find(|s| s.0 == link).map_or(0, |s| s.1);
            spans.push(start..start + words_of(link));
        }
    }
    span_starts.push(spans.len());
    let spans_of = |k: usize| &spans[span_starts[k]..span_starts[k + 1]];
    // The values each table's ways left give its links, and the values
    // every table sharing a link gives it.
    let (given, allowed, stale) = (&mut scratch.given, &mut scratch.allowed, &mut scratch.stale);
    given.clear();
    given.resize(words * tables.len(), 0);
    allowed.clear();
    allowed.resize(words, 0);
    stale.clear();
    stale.resize(tables.len(), true);
    loop {
        allowed.fill(u64::MAX);
        for (k, table) in tables.iter().enumerate() {
            let mine = &mut given[k * words..(k + 1) * words];
            let width = table.links.len();
            if stale[k] && width > 0 {
                mine.fill(0);
                for &way in &left[k] {
                    let way = way as usize;
                    let values = &table.values[way * width..(way + 1) * width];
                    for (&value, span) in values.iter().zip(spans_of(k)) {
                        let value = usize::from(value);
                        mine[span.start + value / 64] |= 1 << (value % 64);
                    }
                }
            }
            for span in spans_of(k) {
                for (all, &mine) in allowed[span.clone()].iter_mut().zip(&mine[span.clone()]) {
                    *all &= mine;
                }
            }
        }
        let mut changed = false;
        for (k, table) in tables.iter().enumerate() {
            let mine = &given[k * words..(k + 1) * words];
            // A table whose links keep every value it gives keeps every way.
            stale[k] = spans_of(k).iter().any(|span| {
                allowed[span.clone()]
                    .iter()
                    .zip(&mine[span.clone()])
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
                values.iter().zip(spans_of(k)).all(|(&value, span)| {
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
        let first = ways_left(&board, &tables);
        // r4c4 holds 4 or 5, r1c1 holds 1: the other two hold 4 or 5
        // together (4 + 1 in one box, repeats allowed across boxes).
        let (geometry, marks) = little_killer_board(&[(30, 0b11000), (0, 0b1)]);
        let narrower = Board::of_candidates(&geometry, &marks);
        let whole = ways_left(&narrower, &tables);
        // Buffers left by a read of other ways change nothing.
        let mut scratch = Scratch::default();
        narrow(&board, &tables, &mut first.clone(), &mut scratch);
        let mut from_first = first.clone();
        narrow(&narrower, &tables, &mut from_first, &mut scratch);
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
