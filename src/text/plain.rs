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
use crate::text::lines::{comment, Line, LineRead, Lines};
use crate::text::record::Layout;

/// Blank lines, comments and lines of layout alone hold no cell.
pub(crate) fn is_skipped(line: &[u8]) -> bool {
    match line.iter().find(|b| !b.is_ascii_whitespace()) {
        None | Some(b'#') => true,
        Some(_) => count_cells(line) == 0,
    }
}

/// A token that is a whole puzzle: 81, 256 or 625 symbols, or 16 symbols that
/// can only be a 4x4 puzzle (none above 4), not the row of a 16x16 block.
fn is_one_line_puzzle(token: &[u8]) -> bool {
    match Size::from_cells(token.len()) {
        Some(Size::FOUR) => token.iter().all(|&b| {
            matches!(
                Alphabet::STANDARD.decode(b),
                Symbol::Blank | Symbol::Value(1..=4)
            )
        }),
        Some(_) => true,
        None => false,
    }
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
    let token_start = bytes
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(0);
    let token_end = bytes[token_start..]
        .iter()
        .position(|b| b.is_ascii_whitespace())
        .map_or(bytes.len(), |k| token_start + k);
    let token = &bytes[token_start..token_end];
    let token_is_plain = !token.iter().any(|&b| is_layout(b));
    // Counted only when the line is not a plain one-line puzzle.
    let count = || count_cells(bytes);

    if token_is_plain && is_one_line_puzzle(token) {
        title.push_str(&line.text(comment(bytes, token_end..bytes.len())));
        // A plain token has no whitespace or layout byte: all cells.
        cells.push_token(line, token_start, token_end);
        Ok(Layout::Line)
    } else if token_is_plain && token.len() > 25 {
        Err(wrong_length(line, token_start, token.len()).into())
    } else if Size::from_cells(count()).is_some_and(|size| size != Size::FOUR) {
        cells.push_cells(line, 0, bytes.len());
        Ok(Layout::Line)
    } else if let Some(size) = Size::from_side(count()) {
        read_block(lines, cells, size.side())?;
        Ok(Layout::Block)
    } else if (5..=25).contains(&count()) {
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
