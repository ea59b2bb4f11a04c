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
//! The other formats use this parser for the grids they hold as blocks
//! (SadMan `.sdk`).

use std::io::BufRead;

use crate::sudoku::grid::Size;
use crate::text::alphabet::{Alphabet, Symbol};
use crate::text::cells::{count_cells, first_cell, is_layout, not_a_grid, wrong_length, Cells};
use crate::text::error::{BlockEnd, ParseError, ParseErrorKind, ReadError};
use crate::text::lines::{comment, LineRead, Lines};
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
/// layout. The title of a one-line puzzle is appended to `title`.
pub(crate) fn read_record<R: BufRead>(
    lines: &mut Lines<R>,
    cells: &mut Cells,
    title: &mut String,
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
    } else {
        let start = first_cell(bytes).unwrap_or(0);
        Err(not_a_grid(line, start, count()).into())
    }
}

/// Reads the rest of a block whose first row, of `side` cells, is the
/// current line of `lines`.
///
/// A block is only a block when its rows agree: a line that cannot be its
/// next row ends it and is held back to start the next record, so that
/// every line of the input belongs to exactly one record.
fn read_block<R: BufRead>(
    lines: &mut Lines<R>,
    cells: &mut Cells,
    side: usize,
) -> Result<(), ReadError> {
    let start = lines.line().number();
    cells.push_cells(lines.line(), 0, lines.line().bytes().len());
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
            return Err(ParseError {
                line: start,
                column: 1,
                kind: ParseErrorKind::ShortBlock {
                    rows,
                    expected: side,
                    ended_by,
                },
            }
            .into());
        }
        cells.push_cells(line, 0, line.bytes().len());
        rows += 1;
    }
    Ok(())
}
