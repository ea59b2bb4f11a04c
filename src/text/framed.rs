//! Puzzles of a shape of several grids in and out of text: the frame's
//! rows as lines, a space where the frame has no cell.
//!
//! A samurai, say, is a block of 21 lines of 21 columns, one line per row
//! of its frame: a symbol of the standard alphabet for a digit, `.` or `0`
//! for a blank cell, and a space where no grid covers the frame. Lines may
//! be cut short of their trailing spaces. A record may also be written on
//! one line as its cells in reading order (left to right, top to bottom,
//! the positions without a cell left out), followed by an optional comment.
//!
//! A mistake ends its record with a [`ParseError`] naming its line and
//! column; the rest of that block is skipped (up to its last line or a
//! blank line), so the next record is read whole.

use std::io::BufRead;

use crate::sudoku::frame::Frame;
use crate::sudoku::grid::{Grid, Size};
use crate::sudoku::shape::{NamedShape, Shape};
use crate::text::alphabet::{Alphabet, Symbol};
use crate::text::error::{ParseError, ParseErrorKind, ReadError};
use crate::text::lines::{comment, Line, LineRead, Lines};
use crate::text::record::{Layout, Record};

/// Reads the record of `shape` whose first line is the current one of
/// `lines` into `record`: a block of the frame's rows, or its cells on one
/// line. The grid gets the shape's cells; the rules are left to the caller.
pub(crate) fn read_record<R: BufRead>(
    lines: &mut Lines<R>,
    shape: &Shape,
    size: Size,
    record: &mut Record,
) -> Result<(), ReadError> {
    let frame = shape.frame(size);
    let line = lines.line();
    record.line = line.number();
    record.alphabet = Alphabet::STANDARD;
    record.grid.clear_cells(size, frame.cells());
    let token = line
        .bytes()
        .iter()
        .position(|b| b.is_ascii_whitespace())
        .unwrap_or(line.bytes().len());
    let reading = Reading {
        frame: &frame,
        shape,
        size,
    };
    if token > frame.columns() {
        record.layout = Layout::Line;
        return reading.line(line, token, record).map_err(ReadError::from);
    }
    record.layout = Layout::Block;
    reading.block(lines, record)
}

/// The shape a record is read in.
struct Reading<'a> {
    frame: &'a Frame,
    shape: &'a Shape,
    size: Size,
}

impl Reading<'_> {
    /// The name of the shape, for messages.
    fn name(&self) -> String {
        match self.shape.name() {
            Some(name) => format!("the {name} frame"),
            None => "the shape's frame".to_string(),
        }
    }

    /// What a cell may hold.
    fn cell_expected(&self) -> String {
        format!(
            "a digit 1-{}, or '.' or '0' for a blank ({} has a cell here)",
            Alphabet::STANDARD.encode(self.size.side() as u8) as char,
            self.name()
        )
    }

    /// The value of a cell symbol (0: blank), or `None` for a character
    /// that is no symbol of this size.
    fn value_of(&self, symbol: u8) -> Option<u8> {
        match Alphabet::STANDARD.decode(symbol) {
            Symbol::Blank => Some(0),
            Symbol::Value(value) if value as usize <= self.size.side() => Some(value),
            _ => None,
        }
    }

    /// Reads a record on one line: `token` characters of cells, then an
    /// optional comment.
    fn line(&self, line: &Line, token: usize, record: &mut Record) -> Result<(), ParseError> {
        let bytes = line.bytes();
        let cells = self.frame.cells();
        for (cell, &symbol) in bytes[..token.min(cells)].iter().enumerate() {
            match self.value_of(symbol) {
                Some(value) => record.grid.set(cell, value),
                None => {
                    let kind = ParseErrorKind::ShapeLayout {
                        found: line.found(cell).to_string(),
                        expected: self.cell_expected(),
                    };
                    return Err(line.error_at(cell + 1, kind));
                }
            }
        }
        if token != cells {
            let kind = ParseErrorKind::ShapeLayout {
                found: format!("{token} cells on one line"),
                expected: format!(
                    "{cells} cells ({} on one line) or a block of {} lines",
                    self.name(),
                    self.frame.rows()
                ),
            };
            return Err(line.error_at(token.min(cells) + 1, kind));
        }
        let title = comment(bytes, token..bytes.len());
        record.title.push_str(&line.text(title));
        Ok(())
    }

    /// Reads the lines of a block, the first one read already.
    fn block<R: BufRead>(
        &self,
        lines: &mut Lines<R>,
        record: &mut Record,
    ) -> Result<(), ReadError> {
        let mut error = self.row(lines.line(), 0, &mut record.grid).err();
        let mut row = 1;
        while row < self.frame.rows() {
            let read = lines.next()?;
            let line = lines.line();
            let ended_by = match read {
                LineRead::End => Some("the end of the input"),
                LineRead::Line if line.bytes().iter().all(u8::is_ascii_whitespace) => {
                    Some("a blank line")
                }
                LineRead::Line | LineRead::TooLong => None,
            };
            if let Some(ended_by) = ended_by {
                let kind = ParseErrorKind::ShapeLayout {
                    found: format!("{row} line(s), then {ended_by}"),
                    expected: format!("a block of {} lines ({})", self.frame.rows(), self.name()),
                };
                let at_end = ParseError {
                    line: line.number(),
                    column: 1,
                    kind,
                };
                return Err(error.unwrap_or(at_end).into());
            }
            if read == LineRead::TooLong {
                error.get_or_insert_with(|| lines.too_long());
            } else if line.bytes().first() == Some(&b'#') {
                continue;
            } else if error.is_none() {
                error = self.row(line, row, &mut record.grid).err();
            }
            row += 1;
        }
        match error {
            Some(error) => Err(error.into()),
            None => Ok(()),
        }
    }

    /// Reads row `row` of a block from `line` into `grid`.
    fn row(&self, line: &Line, row: usize, grid: &mut Grid) -> Result<(), ParseError> {
        let bytes = line.bytes();
        let length = content_length(bytes);
        let width = self.frame.columns();
        for column in 0..width.max(length) {
            let symbol = bytes.get(column).copied().filter(|_| column < length);
            let found = || match symbol {
                Some(b' ') => "a space".to_string(),
                _ => line.found(column).to_string(),
            };
            let error = |found: String, expected: String| {
                let kind = ParseErrorKind::ShapeLayout { found, expected };
                Err(line.error_at(column + 1, kind))
            };
            match (self.frame.cell_at(row, column), symbol) {
                (Some(cell), Some(symbol)) => match self.value_of(symbol) {
                    Some(value) => grid.set(cell, value),
                    None => return error(found(), self.cell_expected()),
                },
                (Some(_), None) => {
                    return error(
                        format!("the end of the line after {length} characters"),
                        format!(
                            "a cell here, as {} has (a line may be cut short only of trailing \
                             spaces)",
                            self.name()
                        ),
                    )
                }
                (None, None | Some(b' ')) => {}
                (None, Some(_)) if column >= width => {
                    return error(
                        found(),
                        format!(
                            "the end of the line ({} is {width} columns wide)",
                            self.name()
                        ),
                    )
                }
                (None, Some(_)) => {
                    return error(
                        found(),
                        format!("a space ({} has no cell here)", self.name()),
                    )
                }
            }
        }
        Ok(())
    }
}

/// The length of `line` without its trailing white space.
fn content_length(line: &[u8]) -> usize {
    line.iter()
        .rposition(|b| !b.is_ascii_whitespace())
        .map_or(0, |k| k + 1)
}

/// True when `line` (its bytes, without the line end) has its non-space
/// characters exactly at the cells of row `row` (from 0) of `frame`,
/// trailing spaces optional: the shape by which a block is recognised.
pub fn fits_row(frame: &Frame, line: &[u8], row: usize) -> bool {
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    let length = content_length(line);
    row < frame.rows()
        && length <= frame.columns()
        && (0..frame.columns()).all(|column| {
            let filled = column < length && line[column] != b' ';
            filled == frame.cell_at(row, column).is_some()
        })
}

/// The named shapes whose 9x9 frame has holes, which a block of lines can
/// be recognised by: every named shape whose frame is not a full
/// rectangle (a butterfly's 12x12 frame reads as a 12x12 grid).
pub fn recognisable_shapes() -> impl Iterator<Item = (NamedShape, Frame)> {
    NamedShape::ALL.into_iter().filter_map(|shape| {
        let frame = Shape::Named(shape).frame(Size::NINE);
        (!frame.is_full()).then_some((shape, frame))
    })
}

/// The named shape whose number of cells a one-line record of `cells`
/// symbols has, when that number is no square (a square is a grid).
pub fn shape_of_line(cells: usize) -> Option<NamedShape> {
    let side = cells.isqrt();
    if side * side == cells {
        return None;
    }
    NamedShape::ALL
        .into_iter()
        .find(|&shape| Shape::Named(shape).frame(Size::NINE).cells() == cells)
}

/// Writes `grid`, a grid of the cells of `frame`, as a block of the
/// frame's rows, each line cut short of its trailing spaces, `.` for a
/// blank.
pub fn write_framed_block(out: &mut Vec<u8>, grid: &Grid, frame: &Frame, alphabet: Alphabet) {
    for row in 0..frame.rows() {
        let start = out.len();
        for column in 0..frame.columns() {
            out.push(match frame.cell_at(row, column) {
                Some(cell) => alphabet.encode(grid.cells()[cell]),
                None => b' ',
            });
        }
        end_line(out, start);
    }
}

/// Writes `grid` as a picture with borders between the boxes, boxes of
/// `box_shape` (rows, columns) on the frame: `|` and `-` between two boxes
/// where a cell is on either side, `+` where borders cross, each line
/// followed by a line end. For reading by people; the reader does not read
/// it back.
pub fn write_framed_boxes(
    out: &mut Vec<u8>,
    grid: &Grid,
    frame: &Frame,
    box_shape: (usize, usize),
    alphabet: Alphabet,
) {
    let (box_rows, box_columns) = box_shape;
    let has_cell = |row: usize, column: usize| frame.cell_at(row, column).is_some();
    // A border at column boundary `column` of `row`: a cell on either side.
    let vertical = |row: usize, column: usize| has_cell(row, column - 1) || has_cell(row, column);
    for row in 0..frame.rows() {
        if row > 0 && row % box_rows == 0 {
            let start = out.len();
            for column in 0..frame.columns() {
                if column > 0 && column % box_columns == 0 {
                    let cross = vertical(row - 1, column) || vertical(row, column);
                    out.push(if cross { b'+' } else { b' ' });
                }
                let line = has_cell(row - 1, column) || has_cell(row, column);
                out.push(if line { b'-' } else { b' ' });
            }
            end_line(out, start);
        }
        let start = out.len();
        for column in 0..frame.columns() {
            if column > 0 && column % box_columns == 0 {
                out.push(if vertical(row, column) { b'|' } else { b' ' });
            }
            out.push(match frame.cell_at(row, column) {
                Some(cell) => alphabet.encode(grid.cells()[cell]),
                None => b' ',
            });
        }
        end_line(out, start);
    }
}

/// Ends the line that starts at `start` of `out`: its trailing spaces
/// dropped, a line end added.
fn end_line(out: &mut Vec<u8>, start: usize) {
    while out.len() > start && out.last() == Some(&b' ') {
        out.pop();
    }
    out.push(b'\n');
}

#[cfg(test)]
mod tests {
    use super::*;

    fn samurai_frame() -> Frame {
        Shape::Named(NamedShape::Samurai).frame(Size::NINE)
    }

    #[test]
    fn blocks_and_lines_of_a_samurai_are_recognised() {
        let frame = samurai_frame();
        let mut block = Vec::new();
        write_framed_block(
            &mut block,
            &Grid::blank(Size::NINE, 369),
            &frame,
            Alphabet::STANDARD,
        );
        let lines: Vec<&[u8]> = block.split(|&b| b == b'\n').take(21).collect();
        assert!(lines
            .iter()
            .enumerate()
            .all(|(row, line)| fits_row(&frame, line, row)));
        assert_eq!(lines[0], b".........   .........");
        assert_eq!(lines[6], b".....................");
        assert_eq!(lines[9], b"      .........");
        assert!(!fits_row(&frame, b"..........", 0));
        assert_eq!(shape_of_line(369), Some(NamedShape::Samurai));
        assert_eq!(shape_of_line(333), Some(NamedShape::Windmill));
        assert_eq!(shape_of_line(144), None);
        let recognised: Vec<NamedShape> = recognisable_shapes().map(|(shape, _)| shape).collect();
        assert!(!recognised.contains(&NamedShape::Butterfly));
        assert!(recognised.contains(&NamedShape::Sohei));
    }

    #[test]
    fn a_box_picture_draws_the_borders_of_every_grid() {
        let frame = Shape::Named(NamedShape::Twodoku).frame(Size::NINE);
        let mut grid = Grid::blank(Size::NINE, frame.cells());
        grid.set(0, 5);
        let mut out = Vec::new();
        write_framed_boxes(&mut out, &grid, &frame, (3, 3), Alphabet::STANDARD);
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 15 + 4);
        assert_eq!(lines[0], "5..|...|...|");
        assert_eq!(lines[3], "---+---+---+");
        // Where the grids share a box, the borders of both meet.
        assert_eq!(lines[7], "---+---+---+---+---");
        assert_eq!(lines[8], "...|...|...|...|...");
        assert_eq!(lines[15], "       +---+---+---");
        assert_eq!(lines[18], "       |...|...|...");
    }
}
