//! Samurai puzzles in and out of text.
//!
//! A samurai is written as a block of 21 lines of 21 columns, one line per
//! row of the frame its five grids sit in: `1`-`9` for a digit, `.` or `0`
//! for a blank cell, and a space where the layout has no cell. Lines may be
//! cut short of their trailing spaces. It may also be written on one line
//! as its 369 cells in reading order (left to right, top to bottom, the
//! positions without a cell left out), followed by an optional comment.
//! Blank lines separate records and lines starting with `#` are comments.
//!
//! A mistake ends its record with a [`ParseError`] naming its line and
//! column; the rest of that block is skipped (up to its 21st line or a
//! blank line), so the next record is read whole.

use std::io::BufRead;

use crate::sudoku::samurai::{SamuraiGrid, SamuraiLayout, SAMURAI_CELLS, SAMURAI_SIDE};
use crate::text::error::{ParseError, ParseErrorKind, ReadError};
use crate::text::lines::{comment, trimmed, Line, LineRead, Lines};
use crate::text::record::Layout;

/// What a samurai cell may hold.
const CELL_EXPECTED: &str =
    "a digit 1-9, or '.' or '0' for a blank (the samurai layout has a cell here)";

/// One samurai puzzle read from text.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SamuraiRecord {
    /// The line the puzzle starts on, from 1.
    pub line: u64,
    /// A 21-line block, or one line of 369 cells.
    pub layout: Layout,
    /// The puzzle.
    pub puzzle: SamuraiGrid,
    /// The comment after a one-line puzzle; empty when none.
    pub title: String,
}

/// Reads [`SamuraiRecord`]s from buffered text, one at a time.
///
/// # Example
///
/// ```
/// use sudoku_dlx::{SamuraiReader, SamuraiRecord};
///
/// let blank = ".".repeat(369);
/// let mut reader = SamuraiReader::new(blank.as_bytes());
/// let mut record = SamuraiRecord::default();
/// reader.read_record(&mut record).unwrap().unwrap();
/// assert_eq!(record.puzzle.givens(), 0);
/// assert!(reader.read_record(&mut record).is_none());
/// ```
#[derive(Debug)]
pub struct SamuraiReader<R> {
    lines: Lines<R>,
}

impl<R: BufRead> SamuraiReader<R> {
    /// A reader of `input`.
    pub fn new(input: R) -> SamuraiReader<R> {
        SamuraiReader {
            lines: Lines::new(input),
        }
    }

    /// Reads the next record into `record`.
    ///
    /// Returns `None` at the end of the input. After `Some(Err(Parse))`,
    /// reading can go on with the next record; after `Some(Err(Io))` the
    /// input is broken and the next call returns `None`.
    pub fn read_record(&mut self, record: &mut SamuraiRecord) -> Option<Result<(), ReadError>> {
        record.title.clear();
        loop {
            match self.lines.next() {
                Err(error) => return Some(Err(ReadError::Io(error))),
                Ok(LineRead::End) => return None,
                Ok(LineRead::TooLong) => return Some(Err(self.lines.too_long().into())),
                Ok(LineRead::Line) => {}
            }
            let line = self.lines.line();
            if is_blank_or_comment(line.bytes()) {
                continue;
            }
            record.line = line.number();
            record.puzzle.clear();
            let token = line
                .bytes()
                .iter()
                .position(|b| b.is_ascii_whitespace())
                .unwrap_or(line.bytes().len());
            if token > SAMURAI_SIDE {
                record.layout = Layout::Line;
                return Some(read_line(line, token, record).map_err(ReadError::from));
            }
            record.layout = Layout::Block;
            return Some(self.read_block(record));
        }
    }

    /// Reads the 21 lines of a block, the first one read already.
    fn read_block(&mut self, record: &mut SamuraiRecord) -> Result<(), ReadError> {
        let layout = SamuraiLayout::get();
        let mut error = read_row(layout, self.lines.line(), 0, &mut record.puzzle).err();
        let mut row = 1;
        while row < SAMURAI_SIDE {
            let read = self.lines.next()?;
            let line = self.lines.line();
            let ended_by = match read {
                LineRead::End => Some("the end of the input"),
                LineRead::Line if line.bytes().iter().all(u8::is_ascii_whitespace) => {
                    Some("a blank line")
                }
                LineRead::Line | LineRead::TooLong => None,
            };
            if let Some(ended_by) = ended_by {
                let found = format!("{row} line(s), then {ended_by}");
                let kind = ParseErrorKind::SamuraiLayout {
                    found,
                    expected: "a samurai block of 21 lines",
                };
                let at_end = ParseError {
                    line: line.number(),
                    column: 1,
                    kind,
                };
                return Err(error.unwrap_or(at_end).into());
            }
            if read == LineRead::TooLong {
                error.get_or_insert_with(|| self.lines.too_long());
            } else if line.bytes().first() == Some(&b'#') {
                continue;
            } else if error.is_none() {
                error = read_row(layout, line, row, &mut record.puzzle).err();
            }
            row += 1;
        }
        match error {
            Some(error) => Err(error.into()),
            None => Ok(()),
        }
    }
}

/// True for a line that holds no record: blank, or a comment.
fn is_blank_or_comment(line: &[u8]) -> bool {
    let text = trimmed(line, 0..line.len());
    text.is_empty() || line[text.start] == b'#'
}

/// The digit a cell symbol stands for (0: blank), or `None` for a
/// character that is no cell symbol.
fn digit_of(symbol: u8) -> Option<u8> {
    match symbol {
        b'1'..=b'9' => Some(symbol - b'0'),
        b'.' | b'0' => Some(0),
        _ => None,
    }
}

/// Reads a samurai on one line: `token` characters of cells, then an
/// optional comment.
fn read_line(line: &Line, token: usize, record: &mut SamuraiRecord) -> Result<(), ParseError> {
    let bytes = line.bytes();
    for (cell, &symbol) in bytes[..token.min(SAMURAI_CELLS)].iter().enumerate() {
        match digit_of(symbol) {
            Some(digit) => record.puzzle.set(cell, digit),
            None => {
                let kind = ParseErrorKind::SamuraiLayout {
                    found: line.found(cell).to_string(),
                    expected: "a digit 1-9, or '.' or '0' for a blank",
                };
                return Err(line.error_at(cell + 1, kind));
            }
        }
    }
    if token != SAMURAI_CELLS {
        let kind = ParseErrorKind::SamuraiLayout {
            found: format!("{token} cells on one line"),
            expected: "369 cells (a samurai on one line) or a block of 21 lines",
        };
        return Err(line.error_at(token.min(SAMURAI_CELLS) + 1, kind));
    }
    let title = comment(bytes, token..bytes.len());
    record.title.push_str(&line.text(title));
    Ok(())
}

/// Reads row `row` of a block from `line` into `puzzle`.
fn read_row(
    layout: &SamuraiLayout,
    line: &Line,
    row: usize,
    puzzle: &mut SamuraiGrid,
) -> Result<(), ParseError> {
    let bytes = line.bytes();
    let length = bytes
        .iter()
        .rposition(|b| !b.is_ascii_whitespace())
        .map_or(0, |k| k + 1);
    for column in 0..SAMURAI_SIDE.max(length) {
        let symbol = bytes.get(column).copied().filter(|_| column < length);
        let found = || match symbol {
            Some(b' ') => "a space".to_string(),
            _ => line.found(column).to_string(),
        };
        let error = |found: String, expected| {
            let kind = ParseErrorKind::SamuraiLayout { found, expected };
            Err(line.error_at(column + 1, kind))
        };
        match (layout.cell_at(row, column), symbol) {
            (Some(cell), Some(symbol)) => match digit_of(symbol) {
                Some(digit) => puzzle.set(cell, digit),
                None => return error(found(), CELL_EXPECTED),
            },
            (Some(_), None) => {
                return error(
                    format!("the end of the line after {length} characters"),
                    "a cell here, as the samurai layout has (a line may be cut short only of trailing spaces)",
                )
            }
            (None, None | Some(b' ')) => {}
            (None, Some(_)) if column >= SAMURAI_SIDE => {
                return error(
                    found(),
                    "the end of the line (a samurai block is 21 columns wide)",
                )
            }
            (None, Some(_)) => {
                return error(
                    found(),
                    "a space (the samurai layout has no cell here)",
                )
            }
        }
    }
    Ok(())
}

/// True when `line` (its bytes, without the line end) has its non-space
/// characters exactly at the cells of row `row` (from 0) of the samurai
/// layout, trailing spaces optional: the shape by which an input is
/// recognised as a samurai block.
pub fn is_samurai_row(line: &[u8], row: usize) -> bool {
    let layout = SamuraiLayout::get();
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    let length = line
        .iter()
        .rposition(|b| !b.is_ascii_whitespace())
        .map_or(0, |k| k + 1);
    row < SAMURAI_SIDE
        && length <= SAMURAI_SIDE
        && (0..SAMURAI_SIDE).all(|column| {
            let filled = column < length && line[column] != b' ';
            filled == layout.cell_at(row, column).is_some()
        })
}

/// True when `line` starts with 369 characters and no white space: a
/// samurai on one line.
pub fn is_samurai_line(line: &[u8]) -> bool {
    let token = line
        .iter()
        .position(|b| b.is_ascii_whitespace())
        .unwrap_or(line.len());
    token == SAMURAI_CELLS
}

/// Writes `grid` as the 21-line block, each line cut short of its
/// trailing spaces, `.` for a blank.
pub fn write_samurai_block(out: &mut Vec<u8>, grid: &SamuraiGrid) {
    let layout = SamuraiLayout::get();
    for row in 0..SAMURAI_SIDE {
        let start = out.len();
        for column in 0..SAMURAI_SIDE {
            out.push(match layout.cell_at(row, column) {
                Some(cell) => symbol_of(grid.get(cell)),
                None => b' ',
            });
        }
        while out.len() > start && out.last() == Some(&b' ') {
            out.pop();
        }
        out.push(b'\n');
    }
}

/// Writes `grid` as its 369 cells on one line (no line end), `.` for a
/// blank: the form [`SamuraiReader`] reads back as one line.
pub fn write_samurai_line(out: &mut Vec<u8>, grid: &SamuraiGrid) {
    out.extend(grid.cells().iter().map(|&digit| symbol_of(digit)));
}

/// Writes `grid` as a picture with box borders: `|` and `-` between the
/// boxes, `+` where they cross, each followed by a line end. For reading
/// by people; [`SamuraiReader`] does not read it back.
pub fn write_samurai_boxes(out: &mut Vec<u8>, grid: &SamuraiGrid) {
    let layout = SamuraiLayout::get();
    let has_cell = |row: usize, column: usize| layout.cell_at(row, column).is_some();
    // A border at column boundary `column` of `row`: a cell on either side.
    let vertical = |row: usize, column: usize| has_cell(row, column - 1) || has_cell(row, column);
    for row in 0..SAMURAI_SIDE {
        if row > 0 && row % 3 == 0 {
            let start = out.len();
            for column in 0..SAMURAI_SIDE {
                if column > 0 && column % 3 == 0 {
                    let cross = vertical(row - 1, column) || vertical(row, column);
                    out.push(if cross { b'+' } else { b' ' });
                }
                let line = has_cell(row - 1, column) || has_cell(row, column);
                out.push(if line { b'-' } else { b' ' });
            }
            end_line(out, start);
        }
        let start = out.len();
        for column in 0..SAMURAI_SIDE {
            if column > 0 && column % 3 == 0 {
                out.push(if vertical(row, column) { b'|' } else { b' ' });
            }
            out.push(match layout.cell_at(row, column) {
                Some(cell) => symbol_of(grid.get(cell)),
                None => b' ',
            });
        }
        end_line(out, start);
    }
}

/// Ends the line begun at `start` of `out`, without its trailing spaces.
fn end_line(out: &mut Vec<u8>, start: usize) {
    while out.len() > start && out.last() == Some(&b' ') {
        out.pop();
    }
    out.push(b'\n');
}

/// The symbol of a digit, `.` for a blank.
fn symbol_of(digit: u8) -> u8 {
    match digit {
        0 => b'.',
        digit => b'0' + digit,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_all(text: &str) -> Vec<Result<SamuraiRecord, String>> {
        let mut reader = SamuraiReader::new(text.as_bytes());
        let mut record = SamuraiRecord::default();
        let mut all = Vec::new();
        while let Some(result) = reader.read_record(&mut record) {
            all.push(result.map(|()| record.clone()).map_err(|e| e.to_string()));
        }
        all
    }

    fn numbered() -> SamuraiGrid {
        let mut grid = SamuraiGrid::empty();
        for cell in 0..SAMURAI_CELLS {
            grid.set(cell, (cell % 10) as u8);
        }
        grid
    }

    #[test]
    fn a_block_and_a_line_read_back_what_was_written() {
        let grid = numbered();
        let mut text = Vec::new();
        write_samurai_block(&mut text, &grid);
        text.extend_from_slice(b"\n");
        write_samurai_line(&mut text, &grid);
        text.extend_from_slice(b"  # its line\n");
        let text = String::from_utf8(text).unwrap();
        let read = read_all(&text);
        assert_eq!(read.len(), 2);
        let block = read[0].as_ref().unwrap();
        assert_eq!((block.line, block.layout), (1, Layout::Block));
        assert_eq!(block.puzzle, grid);
        let line = read[1].as_ref().unwrap();
        assert_eq!((line.line, line.layout), (23, Layout::Line));
        assert_eq!(line.puzzle, grid);
        assert_eq!(line.title, "its line");
        for (row, text) in text.lines().take(SAMURAI_SIDE).enumerate() {
            assert!(is_samurai_row(text.as_bytes(), row), "row {row}: {text:?}");
            let other_shape = if (9..12).contains(&row) { 0 } else { 9 };
            assert!(!is_samurai_row(text.as_bytes(), other_shape));
        }
        assert!(is_samurai_line(text.lines().nth(22).unwrap().as_bytes()));
    }

    #[test]
    fn errors_name_line_and_column_and_the_next_record_is_read() {
        let mut block = Vec::new();
        write_samurai_block(&mut block, &SamuraiGrid::empty());
        let block = String::from_utf8(block).unwrap();
        let mut lines: Vec<String> = block.lines().map(String::from).collect();
        lines[3].replace_range(4..5, "x");
        lines[9].insert(0, 'y');
        let mut text = lines.join("\n");
        text.push_str("\n\n");
        text.push_str(&block);
        let read = read_all(&text);
        assert_eq!(read.len(), 2, "{read:?}");
        let error = read[0].as_ref().unwrap_err();
        assert!(error.starts_with("line 4, column 5: found 'x'"), "{error}");
        assert!(read[1].is_ok());
        assert_eq!(read[1].as_ref().unwrap().line, 23);

        let short = block.lines().take(10).collect::<Vec<_>>().join("\n");
        let text = format!("{short}\n\n{block}");
        let read = read_all(&text);
        assert_eq!(read.len(), 2, "{read:?}");
        let error = read[0].as_ref().unwrap_err();
        assert!(error.contains("10 line(s), then a blank line"), "{error}");
        assert!(read[1].is_ok());

        let mut lines: Vec<&str> = block.lines().collect();
        lines[0] = "........";
        let read = read_all(&lines.join("\n"));
        let error = read[0].as_ref().unwrap_err();
        assert!(
            error.starts_with("line 1, column 9: found the end of the line"),
            "{error}"
        );
    }

    #[test]
    fn a_character_where_there_is_no_cell_is_named() {
        let mut block = Vec::new();
        write_samurai_block(&mut block, &SamuraiGrid::empty());
        let text = String::from_utf8(block).unwrap().replacen("   ", " 5 ", 1);
        let error = read_all(&text)[0].clone().unwrap_err();
        assert!(
            error.starts_with("line 1, column 11: found '5'; expected a space"),
            "{error}"
        );
    }
}
