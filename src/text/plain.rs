//! The plain layouts, told apart record by record:
//!
//! * **line**: a whole puzzle on one line, 16, 81, 256 or 625 symbols. Text
//!   after the puzzle, separated by white space, is its title.
//! * **block**: one grid row per line, `n` lines of `n` symbols. Spaces and
//!   `|`, `+`, `-`, `*` and the box-drawing characters (`│ ─ ┼ ═ ║`...) are
//!   layout, not cells; lines of layout alone (box borders) are skipped. A block is only a block when its rows agree: a
//!   line that cannot be its next row ends it and starts the next record,
//!   so that every line of the input belongs to exactly one record.
//!
//! A whole block, or a puzzle on one line, of a square size that no shape
//! fits (6x6, 12x12...) is one record named with its size.
//!
//! The other formats use this parser for the grids they hold as blocks
//! (SadMan `.sdk`).

use std::collections::VecDeque;
use std::io::{self, BufRead};

use crate::sudoku::grid::Size;
use crate::text::alphabet::{Alphabet, Symbol};
use crate::text::cells::{count_cells, first_cell, is_layout, not_a_grid, wrong_length, Cells};
use crate::text::error::{BlockEnd, ParseError, ParseErrorKind, ReadError};
use crate::text::lines::{comment, token, Line, LineRead, Lines};
use crate::text::record::Layout;

/// Blank lines, comments and lines of layout alone hold no cell.
pub(crate) fn is_skipped(line: &[u8]) -> bool {
    match line.iter().find(|b| !b.is_ascii_whitespace()) {
        None | Some(b'#') => true,
        Some(_) => count_cells(line) == 0,
    }
}

/// A token that is a whole puzzle: a square number of symbols of a
/// supported size, except that 16 symbols are a 4x4 puzzle only when none is
/// above 4, and 25 symbols are never a 5x5 puzzle: both are also the widths
/// of the rows of 16x16 and 25x25 blocks, and a 5x5 grid has no boxes (it is
/// read as a block of five rows, or from a JSON description).
fn is_one_line_puzzle(token: &[u8]) -> bool {
    match Size::from_cells(token.len()).map(Size::side) {
        Some(4) => token.iter().all(|&b| {
            matches!(
                Alphabet::STANDARD.decode(b),
                Symbol::Blank | Symbol::Value(1..=4)
            )
        }),
        Some(5) | None => false,
        Some(_) => true,
    }
}

/// True when `cells` cells on a line with layout make a one-line puzzle
/// rather than the row of a block: as [`is_one_line_puzzle`], but a line of
/// 16 cells with layout is taken for a row.
fn is_one_line_count(cells: usize) -> bool {
    Size::from_cells(cells).is_some_and(|size| size.side() > 5)
}

/// Collects into `cells` the record whose first line is the current line of
/// `lines`, reading the rest of its block if it is one, and returns its
/// layout. The title of a one-line puzzle is appended to `title`; the errors
/// of lines read that are records of their own are left in `pending`.
pub(crate) fn read_record<R: BufRead>(
    lines: &mut Lines<R>,
    cells: &mut Cells,
    title: &mut String,
    pending: &mut VecDeque<ParseError>,
) -> Result<Layout, ReadError> {
    cells.clear();
    let line = lines.line();
    let bytes = line.bytes();
    let std::ops::Range {
        start: token_start,
        end: token_end,
    } = token(bytes, 0);
    let token = &bytes[token_start..token_end];
    let token_is_plain = !token.iter().any(|&b| is_layout(b));
    // Counted only when the line is not a plain one-line puzzle.
    let count = || count_cells(bytes);

    if token_is_plain && is_one_line_puzzle(token) {
        title.push_str(&line.text(comment(bytes, token_end..bytes.len())));
        // A plain token has no whitespace or layout byte: all cells.
        cells.push_token(line, token_start, token_end);
        Ok(Layout::Line)
    } else if token_is_plain && token.len() > Size::MAX_SIDE {
        Err(wrong_length(line, token_start, token.len()).into())
    } else if is_one_line_count(count()) {
        cells.push_cells(line, 0, bytes.len());
        Ok(Layout::Line)
    } else if let Some(size) = Size::from_side(count()) {
        read_block(lines, cells, size.side())?;
        Ok(Layout::Block)
    } else if (Size::MAX_SIDE + 1..=Size::MAX_SIDE * 2).contains(&count()) {
        Err(read_unsupported_block(lines, count(), pending))
    } else {
        let start = first_cell(bytes).unwrap_or(0);
        Err(not_a_grid(line, start, count()).into())
    }
}

/// Reads the rest of a block whose first row, of `side` cells, is the
/// current line of `lines`.
fn read_block<R: BufRead>(
    lines: &mut Lines<R>,
    cells: &mut Cells,
    side: usize,
) -> Result<(), ReadError> {
    let start = lines.line().number();
    cells.push_cells(lines.line(), 0, lines.line().bytes().len());
    let push = |line: &Line| cells.push_cells(line, 0, line.bytes().len());
    match read_rows(lines, side, push)? {
        None => Ok(()),
        Some((rows, ended_by)) => Err(ParseError {
            line: start,
            column: 1,
            kind: ParseErrorKind::ShortBlock {
                rows,
                expected: side,
                ended_by,
            },
        }
        .into()),
    }
}

/// Reads a block whose first row is the current line of `lines`, of `side`
/// cells, a side with no supported size. A whole block of `side` rows is
/// one record, named as a grid of that size. A block cut short is no block:
/// each of its lines is a record of its own, as any line of no known width,
/// and the errors of the lines after the first are left in `pending`.
fn read_unsupported_block<R: BufRead>(
    lines: &mut Lines<R>,
    side: usize,
    pending: &mut VecDeque<ParseError>,
) -> ReadError {
    let not_a_row = |line: &Line| not_a_grid(line, first_cell(line.bytes()).unwrap_or(0), side);
    let first = not_a_row(lines.line());
    let mut rows = VecDeque::new();
    match read_rows(lines, side, |line| rows.push_back(not_a_row(line))) {
        Err(error) => error.into(),
        Ok(None) => ParseError {
            kind: ParseErrorKind::UnsupportedSize {
                found: side * side,
                side,
            },
            ..first
        }
        .into(),
        Ok(Some(_)) => {
            pending.append(&mut rows);
            first.into()
        }
    }
}

/// Reads the rows that follow the current line of `lines`, the first row of
/// a block of `side` rows of `side` cells, passing each to `row`, until the
/// block is whole (`None`) or something ends it early: then returns the
/// rows read and what ended them.
///
/// A block is only a block when its rows agree: a line that cannot be its
/// next row ends it and is held back to start the next record, so that
/// every line of the input belongs to exactly one record.
fn read_rows<R: BufRead>(
    lines: &mut Lines<R>,
    side: usize,
    mut row: impl FnMut(&Line),
) -> io::Result<Option<(usize, BlockEnd)>> {
    let mut rows = 1;
    while rows < side {
        let read = lines.next()?;
        let line = lines.line();
        let ended_by = match read {
            LineRead::End => Some(BlockEnd::EndOfInput),
            LineRead::TooLong => Some(BlockEnd::Line {
                line: line.number(),
                cells: 0,
            }),
            LineRead::Line if line.bytes().iter().all(u8::is_ascii_whitespace) => {
                Some(BlockEnd::BlankLine)
            }
            LineRead::Line if is_skipped(line.bytes()) => continue,
            LineRead::Line => match count_cells(line.bytes()) {
                cells if cells == side => None,
                cells => Some(BlockEnd::Line {
                    line: line.number(),
                    cells,
                }),
            },
        };
        if let Some(ended_by) = ended_by {
            if let BlockEnd::Line { .. } = ended_by {
                lines.hold(read);
            }
            return Ok(Some((rows, ended_by)));
        }
        row(line);
        rows += 1;
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::reader::tests::{one_error, read_all, INKALA};
    use crate::text::reader::PuzzleReader;
    use crate::text::record::Record;

    #[test]
    fn line_format_with_comment_and_blanks() {
        let zeros = INKALA.replace('.', "0");
        let underscores = INKALA.replace('.', "_");
        let text = format!("{INKALA}\n{zeros}  inkala with zeros\n\n# comment\n{underscores}\n");
        let records = read_all(&text);
        let grids: Vec<_> = records
            .iter()
            .map(|r| r.as_ref().unwrap().2.clone())
            .collect();
        assert_eq!(grids[0], grids[1]);
        assert_eq!(grids[0], grids[2]);
        assert_eq!(grids[0].get(0, 0), 8);
        assert_eq!(grids[0].givens(), 21);
        let lines: Vec<_> = records.iter().map(|r| r.as_ref().unwrap().0).collect();
        assert_eq!(lines, [1, 2, 5]);
    }

    #[test]
    fn block_format_with_layout() {
        let text = "\
+-------+-------+-------+
| 8 . . | . . . | . . . |
| . . 3 | 6 . . | . . . |
| . 7 . | . 9 . | 2 . . |
+-------+-------+-------+
| . 5 . | . . 7 | . . . |
| . . . | . 4 5 | 7 . . |
| . . . | 1 . . | . 3 . |
+-------+-------+-------+
| . . 1 | . . . | . 6 8 |
| . . 8 | 5 . . | . 1 . |
| . 9 . | . . . | 4 . . |
+-------+-------+-------+
";
        let records = read_all(text);
        assert_eq!(records.len(), 1);
        let (line, layout, grid) = records[0].clone().unwrap();
        assert_eq!((line, layout), (2, Layout::Block));
        assert_eq!(grid, INKALA.parse().unwrap());
    }

    #[test]
    fn compact_blocks_separated_by_blank_lines() {
        let text = "3...\r\n.2..\r\n.41.\r\n..3.\r\n\r\n1423\n2341\n4132\n3214\n";
        let records = read_all(text);
        assert_eq!(records.len(), 2);
        let first = records[0].clone().unwrap();
        assert_eq!((first.0, first.1), (1, Layout::Block));
        assert_eq!(first.2.get(2, 1), 4);
        let second = records[1].clone().unwrap();
        assert_eq!(second.0, 6);
        assert!(second.2.is_solved());
    }

    #[test]
    fn four_by_four_on_one_line_versus_sixteen_wide_row() {
        let records = read_all("3....2...41...3.\n");
        assert_eq!(records[0].as_ref().unwrap().1, Layout::Line);
        // A 16-symbol row with values above 4 starts a 16x16 block.
        let row = "123456789ABCDEFG\n";
        let error = one_error(row);
        assert!(matches!(
            error.2,
            ParseErrorKind::ShortBlock {
                rows: 1,
                expected: 16,
                ended_by: BlockEnd::EndOfInput
            }
        ));
    }

    #[test]
    fn a_line_one_cell_short_or_long() {
        let short = &INKALA[..80];
        let (line, column, kind) = one_error(short);
        assert_eq!((line, column), (1, 81));
        assert_eq!(
            kind,
            ParseErrorKind::WrongLength {
                found: 80,
                expected: 81,
                size: Size::NINE
            }
        );
        let long = format!("{INKALA}1");
        let (_, column, kind) = one_error(&long);
        assert_eq!(column, 82);
        assert_eq!(
            kind,
            ParseErrorKind::WrongLength {
                found: 82,
                expected: 81,
                size: Size::NINE
            }
        );
    }

    #[test]
    fn a_short_row_ends_its_block_and_is_a_record_of_its_own() {
        let text = "3...\n.2.\n.41.\n..3.\n\n3...\n.2..\n....\n..3.\n";
        let records = read_all(text);
        assert_eq!(records.len(), 4, "{records:?}");
        assert_eq!(
            records[0].clone().unwrap_err(),
            (
                1,
                1,
                ParseErrorKind::ShortBlock {
                    rows: 1,
                    expected: 4,
                    ended_by: BlockEnd::Line { line: 2, cells: 3 }
                }
            )
        );
        assert!(matches!(
            records[1],
            Err((2, _, ParseErrorKind::NotAGrid { found: 3 }))
        ));
        assert!(matches!(
            records[2],
            Err((3, 1, ParseErrorKind::ShortBlock { rows: 2, .. }))
        ));
        assert_eq!(records[3].as_ref().unwrap().0, 6);
    }

    #[test]
    fn a_row_width_line_never_swallows_the_puzzles_after_it() {
        for first in ["Hard", ".........", "Sudoku #12 (hard):", "Puzzle 1 (hard)"] {
            let text = format!("{first}\n{INKALA}\n{INKALA}\n{INKALA}\n");
            let records = read_all(&text);
            assert_eq!(records.len(), 4, "{first}: {records:?}");
            assert!(records[0].is_err(), "{first}");
            let lines: Vec<_> = records[1..].iter().map(|r| r.as_ref().unwrap().0).collect();
            assert_eq!(lines, [2, 3, 4], "{first}");
        }
    }

    #[test]
    fn an_over_long_line_ends_a_block_and_is_reported_alone() {
        let text = format!("3...\n{}\n{INKALA}\n", "1".repeat(200));
        let mut reader = PuzzleReader::new(text.as_bytes()).with_max_line(100);
        let mut record = Record::default();
        let mut kinds = Vec::new();
        while let Some(result) = reader.read_record(&mut record) {
            kinds.push(match result {
                Ok(()) => None,
                Err(ReadError::Parse(e)) => Some(e.kind),
                Err(ReadError::Io(e)) => panic!("{e}"),
            });
        }
        assert_eq!(kinds.len(), 3, "{kinds:?}");
        assert!(matches!(kinds[0], Some(ParseErrorKind::ShortBlock { .. })));
        assert_eq!(kinds[1], Some(ParseErrorKind::LineTooLong { limit: 100 }));
        assert_eq!(kinds[2], None);
    }

    #[test]
    fn block_cut_off() {
        let (line, _, kind) = one_error("3...\n.2..\n");
        assert_eq!(line, 1);
        assert_eq!(
            kind,
            ParseErrorKind::ShortBlock {
                rows: 2,
                expected: 4,
                ended_by: BlockEnd::EndOfInput
            }
        );
        let records = read_all("3...\n.2..\n\n1...............\n");
        assert!(matches!(
            records[0],
            Err((
                1,
                1,
                ParseErrorKind::ShortBlock {
                    ended_by: BlockEnd::BlankLine,
                    ..
                }
            ))
        ));
        assert_eq!(records[1].as_ref().unwrap().0, 4);
    }

    #[test]
    fn lines_of_no_known_width() {
        let (_, column, kind) = one_error("  123\n");
        assert_eq!(column, 3);
        assert_eq!(kind, ParseErrorKind::NotAGrid { found: 3 });
    }

    #[test]
    fn a_block_of_no_supported_size_is_one_record_and_lines_that_make_none_stay_apart() {
        // 37 rows of 37 cells, written with spaces: a 37x37 block.
        let row = |k: usize| {
            let cells: Vec<&str> = (0..37).map(|c| if c == k { "1" } else { "." }).collect();
            cells.join(" ")
        };
        let big: String = (0..37).map(|k| row(k) + "\n").collect();
        let text = format!("{big}Hi\nyou\n{INKALA}\n");
        let records = read_all(&text);
        assert_eq!(records.len(), 4, "{records:?}");
        assert_eq!(
            records[0].clone().unwrap_err(),
            (
                1,
                1,
                ParseErrorKind::UnsupportedSize {
                    found: 37 * 37,
                    side: 37
                }
            )
        );
        assert!(matches!(
            records[1],
            Err((38, 1, ParseErrorKind::NotAGrid { found: 2 }))
        ));
        assert!(matches!(
            records[2],
            Err((39, 1, ParseErrorKind::NotAGrid { found: 3 }))
        ));
        assert_eq!(records[3].as_ref().unwrap().0, 40);
    }
}
