//! Which characters of a line are cells, and the cells of one record: they
//! are collected with the place each one stands at, then decoded into a grid
//! in one alphabet, so that a wrong symbol is reported where it stands
//! whatever the layout or the format of the record.

use std::ops::Range;

use crate::sudoku::grid::{Grid, Size};
use crate::text::alphabet::{Alphabet, Symbol};
use crate::text::error::{Found, ParseError, ParseErrorKind};
use crate::text::lines::{Line, BOX_DRAWING, OTHER};

/// True for the bytes that draw a grid rather than fill it: `| + - *`, and
/// the box-drawing characters (`┌───┬`, `│`, `═`, `║`...).
pub(crate) fn is_layout(byte: u8) -> bool {
    matches!(byte, b'|' | b'+' | b'-' | b'*' | BOX_DRAWING)
}

/// Any byte that is neither white space nor layout stands for a cell, so that
/// a wrong symbol is reported where it is instead of shifting the cells.
pub(crate) fn is_cell(byte: u8) -> bool {
    !byte.is_ascii_whitespace() && !is_layout(byte)
}

/// The number of cells on `line`.
pub(crate) fn count_cells(line: &[u8]) -> usize {
    line.iter().filter(|&&b| is_cell(b)).count()
}

/// The index of the first cell of `line`.
pub(crate) fn first_cell(line: &[u8]) -> Option<usize> {
    line.iter().position(|&b| is_cell(b))
}

/// The one-line length, and its size, closest to `found`.
fn nearest_size(found: usize) -> (usize, Size) {
    Size::all()
        .map(|size| (size.cells(), size))
        .min_by_key(|&(cells, _)| cells.abs_diff(found))
        .expect("there are sizes")
}

/// The side of a square grid of `cells` cells, more than one row, when no
/// supported size has that many cells.
fn unsupported_side(cells: usize) -> Option<usize> {
    let side = cells.isqrt();
    (cells > 9 && side * side == cells && Size::from_cells(cells).is_none()).then_some(side)
}

/// The error of a line of `found` cells, the first at index `start` of
/// `line`, that is neither a puzzle nor a grid row: a square grid of a size
/// with no supported shape, or else no grid at all.
pub(crate) fn not_a_grid(line: &Line, start: usize, found: usize) -> ParseError {
    let kind = match unsupported_side(found) {
        Some(side) => ParseErrorKind::UnsupportedSize { found, side },
        None => ParseErrorKind::NotAGrid { found },
    };
    line.error_at(start + 1, kind)
}

/// The error of a one-line puzzle of `found` cells starting at index `start`
/// of `line`, which has no supported length.
pub(crate) fn wrong_length(line: &Line, start: usize, found: usize) -> ParseError {
    if let Some(side) = unsupported_side(found) {
        return line.error_at(start + 1, ParseErrorKind::UnsupportedSize { found, side });
    }
    let (expected, size) = nearest_size(found);
    let column = start + found.min(expected) + 1;
    let kind = ParseErrorKind::WrongLength {
        found,
        expected,
        size,
    };
    line.error_at(column, kind)
}

/// The cells of one record and where each one stands, kept between records
/// so that their storage is reused.
#[derive(Debug, Default)]
pub(crate) struct Cells {
    symbols: Vec<u8>,
    places: Vec<(u64, usize)>,
    /// The cells that are no ASCII character (their symbol is
    /// [`OTHER`]), by index, with the character read there.
    others: Vec<(usize, Found)>,
}

impl Cells {
    /// Forgets the cells of the last record.
    pub(crate) fn clear(&mut self) {
        self.symbols.clear();
        self.places.clear();
        self.others.clear();
    }

    /// Appends `line[from..to]`, a token of cells only, and their places: no
    /// byte to test, so both copies run without a branch.
    pub(crate) fn push_token(&mut self, line: &Line, from: usize, to: usize) {
        if line.is_wide() {
            return self.push_cells(line, from, to);
        }
        self.symbols.extend_from_slice(&line.bytes()[from..to]);
        let number = line.number();
        self.places
            .extend((from + 1..=to).map(|column| (number, column)));
    }

    /// Appends the cells of `line[from..to]` and their places.
    pub(crate) fn push_cells(&mut self, line: &Line, from: usize, to: usize) {
        for (k, &byte) in line.bytes()[from..to].iter().enumerate() {
            if is_cell(byte) {
                if byte == OTHER {
                    self.others.push((self.symbols.len(), line.found(from + k)));
                }
                self.symbols.push(byte);
                self.places.push((line.number(), from + k + 1));
            }
        }
    }

    /// Collects the cells of a one-line grid at `range` of `line`, in place
    /// of the cells collected before, or says how its length is wrong.
    pub(crate) fn read_token(
        &mut self,
        line: &Line,
        range: Range<usize>,
    ) -> Result<(), ParseError> {
        self.clear();
        let token = &line.bytes()[range.clone()];
        if Size::from_cells(token.len()).is_none() || token.iter().any(|&b| !is_cell(b)) {
            return Err(wrong_length(line, range.start, token.len()));
        }
        self.push_cells(line, range.start, range.end);
        Ok(())
    }

    /// Turns the collected cells, a whole grid, into `grid`, in `alphabet`,
    /// or else in `forced` or the alphabet they are detected to be in, and
    /// returns the alphabet.
    pub(crate) fn decode(
        &self,
        grid: &mut Grid,
        alphabet: Option<Alphabet>,
        forced: Option<Alphabet>,
    ) -> Result<Alphabet, ParseError> {
        let size = Size::from_cells(self.symbols.len()).expect("callers collect a whole grid");
        let side = size.side();
        let detected = Alphabet::detect(side, &self.symbols);
        // A forced alphabet fixes the symbols; letters still print in the
        // case the puzzle used.
        let alphabet = alphabet.unwrap_or_else(|| {
            forced.map_or(detected, |forced| Alphabet {
                symbols: forced.symbols,
                lowercase: detected.lowercase,
            })
        });
        grid.clear(size);
        for (cell, (&byte, &(line, column))) in self.symbols.iter().zip(&self.places).enumerate() {
            // One look-up and a branch that is all but always taken.
            let value = alphabet.value_of(byte);
            if usize::from(value) <= side {
                grid.set(cell, value);
                continue;
            }
            let kind = match alphabet.decode(byte) {
                Symbol::Value(value) => ParseErrorKind::OutOfRange {
                    found: Found::Byte(byte),
                    value,
                    size,
                    expected: alphabet.describe(side),
                },
                Symbol::Blank | Symbol::Unknown => ParseErrorKind::UnknownSymbol {
                    found: self.found(cell, byte),
                    expected: alphabet.describe(side),
                },
            };
            return Err(ParseError { line, column, kind });
        }
        Ok(alphabet)
    }

    /// What was read for cell `cell`, whose symbol is `byte`.
    fn found(&self, cell: usize, byte: u8) -> Found {
        let other = (byte == OTHER)
            .then(|| self.others.iter().find(|&&(k, _)| k == cell))
            .flatten();
        other.map_or(Found::Byte(byte), |&(_, found)| found)
    }
}
