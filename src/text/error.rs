//! Every error of the text layer, in one place so that the parsers of every
//! format can share them without depending on each other: what is wrong
//! with a record ([`ParseErrorKind`]), where ([`ParseError`]), and whether
//! reading can go on after it ([`ReadError`]).

use std::io;

use thiserror::Error;

use crate::sudoku::grid::Size;

/// A character that is not what the text should have there, shown so that
/// any character, printable or not, reads clearly in a message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Found {
    /// An ASCII byte, or a byte that is not UTF-8.
    Byte(u8),
    /// A character outside ASCII, such as a full-width digit `５`.
    Char(char),
}

impl std::fmt::Display for Found {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Found::Byte(0) => write!(f, "a NUL byte"),
            Found::Byte(b) if b.is_ascii_graphic() => write!(f, "'{}'", b as char),
            Found::Byte(b) if b >= 0x80 => write!(f, "byte 0x{b:02X} (not ASCII)"),
            Found::Byte(b) => write!(f, "control byte 0x{b:02X}"),
            Found::Char(c) => write!(f, "non-ASCII character '{c}' (U+{:04X})", c as u32),
        }
    }
}

/// What is wrong with a record.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// A one-line puzzle with too few or too many symbols.
    #[error("found {found} cells; expected {expected} for a {size} puzzle on one line")]
    WrongLength {
        /// Symbols found.
        found: usize,
        /// Symbols a puzzle of the nearest size has.
        expected: usize,
        /// That size.
        size: Size,
    },
    /// A line whose number of cells fits no puzzle and no grid row.
    #[error(
        "found {found} cells on a line; expected a puzzle on one line (the square of a side from \
         {min} to {max}: 16, 36, 49, 64, 81 ... {most} cells) or a grid row ({min} to {max} cells)",
        min = Size::MIN_SIDE,
        max = Size::MAX_SIDE,
        most = Size::MAX_SIDE * Size::MAX_SIDE
    )]
    NotAGrid {
        /// Cells found.
        found: usize,
    },
    /// A square grid of a size with no supported shape, such as 36 cells
    /// (6x6) or 144 (12x12): its side has no square boxes, or is too large.
    #[error(
        "found {found} cells, a {side}x{side} grid; supported sizes are {min}x{min} to {max}x{max}",
        min = Size::MIN_SIDE,
        max = Size::MAX_SIDE
    )]
    UnsupportedSize {
        /// Cells found.
        found: usize,
        /// The side of a square grid of that many cells.
        side: usize,
    },
    /// A jigsaw line with givens and no region layout after them.
    #[error("found no region layout after the givens; expected {expected} region labels (--variant jigsaw lines are GIVENS REGIONS)")]
    MissingRegions {
        /// Labels expected: one per cell.
        expected: usize,
    },
    /// A region layout that does not cut the grid into regions of one cell
    /// per digit.
    #[error("{problem}")]
    BadRegions {
        /// What is wrong, naming the region.
        problem: String,
    },
    /// A character that is no symbol at all.
    #[error("found {found}; expected {expected}")]
    UnknownSymbol {
        /// The character found.
        found: Found,
        /// What would have been valid there.
        expected: String,
    },
    /// A digit too large for the size of the grid, such as `G` in a 9x9.
    #[error("found {found} (value {value}), out of range for a {size} grid; expected {expected}")]
    OutOfRange {
        /// The symbol found.
        found: Found,
        /// The value it stands for.
        value: u8,
        /// The size of the grid.
        size: Size,
        /// What would have been valid there.
        expected: String,
    },
    /// A line of `n` cells (4, 9, 16 or 25) that is not followed by the
    /// rest of a block of `n` rows: a title, a stray row or a grid cut
    /// short. The line that ended it starts the next record.
    #[error(
        "found {rows} row(s) of {expected} cells, then {ended_by}; expected a grid block \
         of {expected} rows of {expected} cells, or a puzzle on one line"
    )]
    ShortBlock {
        /// Rows read.
        rows: usize,
        /// Rows (and cells per row) a block of this width has.
        expected: usize,
        /// What ended it: a blank line, the end of the input, or a line that
        /// cannot be a row of the block.
        ended_by: BlockEnd,
    },
    /// A line longer than the reader's cap.
    #[error("line is longer than {limit} bytes; skipped it")]
    LineTooLong {
        /// The cap, in bytes.
        limit: usize,
    },
    /// Text that held no puzzle where one was wanted.
    #[error("found no puzzle")]
    NoPuzzle,
    /// Text that held more than the one puzzle wanted.
    #[error("found more than one puzzle")]
    MoreThanOnePuzzle,
    /// A field of a record that is not what it should be.
    #[error("found {found} in the {field} field; expected {expected}")]
    BadField {
        /// The name of the field.
        field: &'static str,
        /// What it holds, quoted and shortened.
        found: String,
        /// What it should hold.
        expected: &'static str,
    },
    /// A field that a record lacks.
    #[error("found no {field} field; expected {expected}")]
    MissingField {
        /// The name of the field.
        field: &'static str,
        /// What it should hold.
        expected: &'static str,
    },
    /// A line that should be JSON and is not.
    #[error("found {found}; expected {expected} (the line is not valid JSON)")]
    Json {
        /// What was found, for a message.
        found: String,
        /// What would have been valid there.
        expected: &'static str,
    },
    /// A key of a JSON puzzle whose value is not what it should be.
    #[error("key {key}: found {found}; expected {expected}")]
    Key {
        /// The key, with the place inside its value: `cages[2].sum`.
        key: String,
        /// What it holds.
        found: String,
        /// What it should hold.
        expected: String,
    },
    /// A key that a JSON puzzle has no use for.
    #[error("found unknown key {key:?}; expected {expected}")]
    UnknownKey {
        /// The key, with the place of its object: `cages[0].total`.
        key: String,
        /// The keys there can be.
        expected: &'static str,
    },
    /// A rule of an f-puzzles export that this solver does not have: the
    /// puzzle is refused rather than solved without it.
    #[error("key {key}: {what} is not supported; refused rather than solved without it")]
    Unsupported {
        /// The key of the rule.
        key: String,
        /// What it holds, for a message.
        what: String,
    },
    /// A record of a shape of several grids (a samurai, say) that does not
    /// have its layout: a character or a line where the shape's frame has
    /// none, or none where it has one.
    #[error("found {found}; expected {expected}")]
    ShapeLayout {
        /// What was found, for a message.
        found: String,
        /// What the shape's frame has there.
        expected: String,
    },
    /// An expected solution of another size than its puzzle.
    #[error("found a {found} solution; expected {expected} like its puzzle")]
    SolutionSize {
        /// The size of the solution.
        found: Size,
        /// The size of the puzzle.
        expected: Size,
    },
}

/// What ended a grid block before its last row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BlockEnd {
    /// A blank line.
    BlankLine,
    /// The end of the input.
    EndOfInput,
    /// A line that cannot be a row of the block, which starts the next
    /// record.
    Line {
        /// Its line number, from 1.
        line: u64,
        /// The cells on it (0 for a line over the length cap).
        cells: usize,
    },
}

impl std::fmt::Display for BlockEnd {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BlockEnd::BlankLine => write!(f, "a blank line"),
            BlockEnd::EndOfInput => write!(f, "the end of the input"),
            BlockEnd::Line { line, cells: 0 } => write!(f, "line {line}, too long to be a row"),
            BlockEnd::Line { line, cells } => {
                write!(
                    f,
                    "line {line} with {cells} cells, read as a record of its own"
                )
            }
        }
    }
}

/// A mistake in a record, with its place.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}, column {column}: {kind}")]
pub struct ParseError {
    /// The line, from 1.
    pub line: u64,
    /// The column, from 1, counted in characters.
    pub column: usize,
    /// What is wrong.
    pub kind: ParseErrorKind,
}

/// Why a record could not be read.
#[derive(Debug, Error)]
pub enum ReadError {
    /// The record is malformed; reading can go on with the next one.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// The input failed; nothing more can be read from it.
    #[error(transparent)]
    Io(#[from] io::Error),
}
