//! Reading puzzles from text, one record at a time, with exact error places.
//!
//! Two layouts are recognised, record by record, with no option needed:
//!
//! * **line**: a whole puzzle on one line, 16, 81, 256 or 625 symbols. Text
//!   after the puzzle, separated by white space, is a comment.
//! * **block**: one grid row per line, `n` lines of `n` symbols. Spaces and
//!   `|`, `+`, `-`, `*` are layout, not cells; lines of layout alone (box
//!   borders) are skipped. Blocks are separated by blank lines.
//!
//! Lines starting with `#` are comments anywhere; CRLF line ends, tabs and a
//! UTF-8 byte-order mark are accepted. The text after a one-line puzzle is
//! kept as its title.
//!
//! The same reader reads the other formats of [`crate::text::formats`] (SadMan
//! `.sdk`, CSV, `puzzle:count:solution`, OpenSudoku XML), detected from the
//! first line that says anything or forced with
//! [`PuzzleReader::with_format`]; they keep a title and an expected solution
//! or count with the record where they have them. Every line read has a length cap, so a
//! huge line costs an error, not memory.
//!
//! A mistake in one record ends that record with a [`ParseError`] that names
//! its line and column, and reading goes on with the next record, so no
//! record is lost and none is shifted into the next one.

use std::io::{self, BufRead};

use thiserror::Error;

use crate::sudoku::grid::{Grid, Size};
use crate::text::alphabet::{Alphabet, Symbol};
use crate::text::formats::{colon, csv, sdk, xml, Fields, InputFormat, Scan};

/// The longest line read, in bytes, unless [`PuzzleReader::with_max_line`]
/// says otherwise.
pub const DEFAULT_MAX_LINE: usize = 64 * 1024;

/// True for the bytes that draw a grid rather than fill it: `| + - *`.
fn is_layout(byte: u8) -> bool {
    matches!(byte, b'|' | b'+' | b'-' | b'*')
}

/// How a record was laid out in its text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Layout {
    /// The whole puzzle on one line.
    #[default]
    Line,
    /// One grid row per line.
    Block,
}

/// One puzzle read from text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    /// The line the puzzle starts on, from 1.
    pub line: u64,
    /// How it was laid out.
    pub layout: Layout,
    /// The alphabet its symbols were written in.
    pub alphabet: Alphabet,
    /// The puzzle.
    pub grid: Grid,
    /// Its title, description or comment, as the input gave it; empty when
    /// none.
    pub title: String,
    /// The solution the input claims it has (CSV, `puzzle:count:solution`).
    pub expected_solution: Option<Grid>,
    /// The number of solutions the input claims it has
    /// (`puzzle:count:solution`).
    pub expected_count: Option<u64>,
}

impl Default for Record {
    fn default() -> Self {
        Record {
            line: 0,
            layout: Layout::Line,
            alphabet: Alphabet::STANDARD,
            grid: Grid::empty(Size::NINE),
            title: String::new(),
            expected_solution: None,
            expected_count: None,
        }
    }
}

/// A byte that is not what the text should have there, shown so that any
/// byte, printable or not, reads clearly in a message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Found(pub u8);

impl std::fmt::Display for Found {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            0 => write!(f, "a NUL byte"),
            b if b.is_ascii_graphic() => write!(f, "'{}'", b as char),
            b if b >= 0x80 => write!(f, "byte 0x{b:02X} (not ASCII)"),
            b => write!(f, "control byte 0x{b:02X}"),
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
        "found {found} cells on a line; expected a puzzle on one line (16, 81, 256 or 625 cells) \
         or a grid row (4, 9, 16 or 25 cells)"
    )]
    NotAGrid {
        /// Cells found.
        found: usize,
    },
    /// A byte that is no symbol at all.
    #[error("found {found}; expected {expected}")]
    UnknownSymbol {
        /// The byte found.
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
    /// The column, from 1, counted in bytes.
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

/// One line as read, or why there is none.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum LineRead {
    Line,
    TooLong,
    End,
}

/// Reads [`Record`]s from buffered text, one at a time, reusing its buffers.
///
/// # Example
///
/// ```
/// use sudoku_dlx::{PuzzleReader, Record};
///
/// let text = "# two puzzles\n3...\n.2..\n....\n..3.\n\n1...............  a 4x4 on one line\n";
/// let mut reader = PuzzleReader::new(text.as_bytes());
/// let mut record = Record::default();
/// let mut lines = Vec::new();
/// while let Some(result) = reader.read_record(&mut record) {
///     result.unwrap();
///     lines.push(record.line);
/// }
/// assert_eq!(lines, [2, 7]);
/// ```
#[derive(Debug)]
pub struct PuzzleReader<R> {
    input: R,
    max_line: usize,
    forced_alphabet: Option<Alphabet>,
    line_number: u64,
    line: Vec<u8>,
    /// The symbols of the record being read, and where each one stands.
    symbols: Vec<u8>,
    places: Vec<(u64, usize)>,
    /// The format of the input: `Auto` until its first significant line.
    format: InputFormat,
    /// The columns of a CSV input.
    csv: csv::Columns,
    /// Where to go on scanning the current line, when it holds more than one
    /// record (XML); 0 to read the next line.
    resume: usize,
    /// The title the lines before the next record gave it (`.sdk` headers,
    /// the name of an XML collection).
    title: String,
    /// A grid kept for the next expected solution, so that its storage is
    /// reused.
    spare: Option<Grid>,
    /// A line already read that could not join the block before it: the
    /// next record starts with it instead of with a new line.
    held: Option<LineRead>,
}

impl<R: BufRead> PuzzleReader<R> {
    /// A reader with the default line cap that detects the alphabet of each
    /// record.
    pub fn new(input: R) -> PuzzleReader<R> {
        PuzzleReader {
            input,
            max_line: DEFAULT_MAX_LINE,
            forced_alphabet: None,
            line_number: 0,
            line: Vec::new(),
            symbols: Vec::new(),
            places: Vec::new(),
            format: InputFormat::Auto,
            csv: csv::Columns::default(),
            resume: 0,
            title: String::new(),
            spare: None,
            held: None,
        }
    }

    /// Reads the input in `format` instead of detecting it.
    pub fn with_format(mut self, format: InputFormat) -> Self {
        self.format = format;
        self
    }

    /// The format of the input: the one forced, or the one detected so far
    /// (`Auto` before the first significant line).
    pub fn format(&self) -> InputFormat {
        self.format
    }

    /// Caps the length of a line at `max_line` bytes.
    pub fn with_max_line(mut self, max_line: usize) -> Self {
        self.max_line = max_line;
        self
    }

    /// Reads every record in the symbols of `alphabet` instead of detecting
    /// them (the case of letters is still taken from each puzzle).
    pub fn with_alphabet(mut self, alphabet: Option<Alphabet>) -> Self {
        self.forced_alphabet = alphabet;
        self
    }

    /// Reads the next record into `record`.
    ///
    /// Returns `None` at the end of the input. After `Some(Err(Parse))`,
    /// reading can go on; after `Some(Err(Io))` the input is broken and the
    /// next call returns `None`.
    pub fn read_record(&mut self, record: &mut Record) -> Option<Result<(), ReadError>> {
        if let Some(solution) = record.expected_solution.take() {
            self.spare = Some(solution);
        }
        record.expected_count = None;
        record.title.clear();
        loop {
            if self.resume == 0 {
                let read = match self.held.take() {
                    Some(held) => Ok(held),
                    None => self.next_line(),
                };
                match read {
                    Err(error) => return Some(Err(ReadError::Io(error))),
                    Ok(LineRead::End) => return None,
                    Ok(LineRead::TooLong) => return Some(Err(self.too_long().into())),
                    Ok(LineRead::Line) => {}
                }
            }
            if self.format == InputFormat::Auto {
                match InputFormat::detect(&self.line) {
                    Some(format) => self.format = format,
                    None => continue,
                }
            }
            let scan = match self.format {
                InputFormat::Auto | InputFormat::Plain => None,
                InputFormat::Sdk => {
                    if let Some((letter, text)) = sdk::header(&self.line) {
                        if letter == sdk::TITLE || (letter == sdk::COMMENT && self.title.is_empty())
                        {
                            self.title.clear();
                            self.title
                                .push_str(&String::from_utf8_lossy(&self.line[text]));
                        }
                        continue;
                    }
                    if sdk::is_section(self.line.trim_ascii_start()) {
                        continue;
                    }
                    None
                }
                InputFormat::Csv => Some(csv::scan(&self.line, &mut self.csv)),
                InputFormat::Colon => Some(colon::scan(&self.line)),
                InputFormat::OpenSudoku => match xml::scan(&self.line, self.resume) {
                    xml::Step::Done => {
                        self.resume = 0;
                        continue;
                    }
                    xml::Step::Name { title, next } => {
                        self.title.clear();
                        self.title
                            .push_str(&String::from_utf8_lossy(&self.line[title]));
                        self.resume = next;
                        continue;
                    }
                    xml::Step::Game { scan, next } => {
                        self.resume = next;
                        Some(scan)
                    }
                },
            };
            let result = match scan {
                None if is_skipped(&self.line) => continue,
                None => self.read_record_from_line(record),
                Some(Scan::Skip) => continue,
                Some(Scan::Record(fields)) => self.read_fields(&fields, record),
                Some(Scan::Bad { column, kind }) => Err(self.error_at(column, kind).into()),
            };
            if record.title.is_empty() {
                record.title.push_str(&self.title);
            }
            if self.format == InputFormat::Sdk {
                self.title.clear();
            }
            return Some(result);
        }
    }

    /// Reads a record whose fields are at `fields` in `self.line`.
    fn read_fields(&mut self, fields: &Fields, record: &mut Record) -> Result<(), ReadError> {
        record.line = self.line_number;
        record.layout = Layout::Line;
        self.read_token(fields.puzzle.clone())?;
        record.alphabet = self.decode(&mut record.grid, None)?;
        record.expected_count = fields.count;
        if let Some(title) = fields.title.clone() {
            record
                .title
                .push_str(&String::from_utf8_lossy(&self.line[title]));
        }
        if let Some(range) = fields.solution.clone() {
            self.read_token(range.clone())?;
            let mut solution = self.spare.take().unwrap_or_else(|| Grid::empty(Size::NINE));
            self.decode(&mut solution, Some(record.alphabet))?;
            if solution.size() != record.grid.size() {
                let kind = ParseErrorKind::SolutionSize {
                    found: solution.size(),
                    expected: record.grid.size(),
                };
                self.spare = Some(solution);
                return Err(self.error_at(range.start + 1, kind).into());
            }
            record.expected_solution = Some(solution);
        }
        Ok(())
    }

    /// Collects the symbols of a one-line grid at `range` of `self.line`, or
    /// says how its length is wrong.
    fn read_token(&mut self, range: std::ops::Range<usize>) -> Result<(), ReadError> {
        self.symbols.clear();
        self.places.clear();
        let token = &self.line[range.clone()];
        if Size::from_cells(token.len()).is_none() || token.iter().any(|&b| !is_cell(b)) {
            let (expected, size) = nearest_size(token.len());
            let column = range.start + token.len().min(expected) + 1;
            let kind = ParseErrorKind::WrongLength {
                found: token.len(),
                expected,
                size,
            };
            return Err(self.error_at(column, kind).into());
        }
        self.push_symbols(range.start, range.end);
        Ok(())
    }

    fn too_long(&self) -> ParseError {
        ParseError {
            line: self.line_number,
            column: self.max_line + 1,
            kind: ParseErrorKind::LineTooLong {
                limit: self.max_line,
            },
        }
    }

    /// Reads a record whose first line is in `self.line`.
    fn read_record_from_line(&mut self, record: &mut Record) -> Result<(), ReadError> {
        self.symbols.clear();
        self.places.clear();
        let start = self.line_number;
        let line = &self.line;
        let token_start = line
            .iter()
            .position(|b| !b.is_ascii_whitespace())
            .unwrap_or(0);
        let token_end = line[token_start..]
            .iter()
            .position(|b| b.is_ascii_whitespace())
            .map_or(line.len(), |k| token_start + k);
        let token = &line[token_start..token_end];
        let token_is_plain = !token.iter().any(|&b| is_layout(b));
        // Counted only when the line is not a plain one-line puzzle.
        let cells = || count_cells(line);

        let layout = if token_is_plain && is_one_line_puzzle(token) {
            let rest = line[token_end..].trim_ascii();
            let rest = rest.strip_prefix(b"#").unwrap_or(rest).trim_ascii_start();
            record.title.push_str(&String::from_utf8_lossy(rest));
            // A plain token has no whitespace or layout byte: all cells.
            self.push_token(token_start, token_end);
            Layout::Line
        } else if token_is_plain && token.len() > 25 {
            let (expected, size) = nearest_size(token.len());
            let column = token_start + token.len().min(expected) + 1;
            let kind = ParseErrorKind::WrongLength {
                found: token.len(),
                expected,
                size,
            };
            return Err(self.error_at(column, kind).into());
        } else if Size::from_cells(cells()).is_some_and(|size| size != Size::FOUR) {
            self.push_symbols(0, self.line.len());
            Layout::Line
        } else if let Some(size) = Size::from_side(cells()) {
            self.read_block(size.side())?;
            Layout::Block
        } else {
            let found = cells();
            let column = first_cell(line).map_or(1, |k| k + 1);
            return Err(self
                .error_at(column, ParseErrorKind::NotAGrid { found })
                .into());
        };
        record.line = start;
        record.layout = layout;
        record.alphabet = self.decode(&mut record.grid, None)?;
        Ok(())
    }

    /// Reads the rest of a block whose first row, of `side` cells, is in
    /// `self.line`.
    ///
    /// A block is only a block when its rows agree: a line that cannot be
    /// its next row ends it and is held back to start the next record, so
    /// that every line of the input belongs to exactly one record.
    fn read_block(&mut self, side: usize) -> Result<(), ReadError> {
        let start = self.line_number;
        self.push_symbols(0, self.line.len());
        let mut rows = 1;
        while rows < side {
            let read = self.next_line()?;
            let ended_by = match read {
                LineRead::End => Some(BlockEnd::EndOfInput),
                LineRead::TooLong => Some(BlockEnd::Line {
                    line: self.line_number,
                    cells: 0,
                }),
                LineRead::Line if self.line.iter().all(u8::is_ascii_whitespace) => {
                    Some(BlockEnd::BlankLine)
                }
                LineRead::Line if is_skipped(&self.line) => continue,
                LineRead::Line => match count_cells(&self.line) {
                    cells if cells == side => None,
                    cells => Some(BlockEnd::Line {
                        line: self.line_number,
                        cells,
                    }),
                },
            };
            if let Some(ended_by) = ended_by {
                if let BlockEnd::Line { .. } = ended_by {
                    self.held = Some(read);
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
            self.push_symbols(0, self.line.len());
            rows += 1;
        }
        Ok(())
    }

    /// Appends `self.line[from..to]`, a token of cells only, and their
    /// places: no byte to test, so both copies run without a branch.
    fn push_token(&mut self, from: usize, to: usize) {
        self.symbols.extend_from_slice(&self.line[from..to]);
        let line = self.line_number;
        self.places
            .extend((from + 1..=to).map(|column| (line, column)));
    }

    /// Appends the cells of `self.line[from..to]` and their places.
    fn push_symbols(&mut self, from: usize, to: usize) {
        for (k, &byte) in self.line[from..to].iter().enumerate() {
            if is_cell(byte) {
                self.symbols.push(byte);
                self.places.push((self.line_number, from + k + 1));
            }
        }
    }

    /// Turns the collected symbols into `grid`, in `alphabet` or the one
    /// forced or detected, and returns the alphabet.
    fn decode(
        &mut self,
        grid: &mut Grid,
        alphabet: Option<Alphabet>,
    ) -> Result<Alphabet, ReadError> {
        let size = Size::from_cells(self.symbols.len()).expect("callers collect a whole grid");
        let side = size.side();
        let detected = Alphabet::detect(side, &self.symbols);
        // A forced alphabet fixes the symbols; letters still print in the
        // case the puzzle used.
        let alphabet = alphabet.unwrap_or_else(|| {
            self.forced_alphabet.map_or(detected, |forced| Alphabet {
                symbols: forced.symbols,
                lowercase: detected.lowercase,
            })
        });
        grid.clear(size);
        for (cell, (&byte, &(line, column))) in self.symbols.iter().zip(&self.places).enumerate() {
            let kind = match alphabet.decode(byte) {
                Symbol::Blank => continue,
                Symbol::Value(value) if value as usize <= side => {
                    grid.set(cell, value);
                    continue;
                }
                Symbol::Value(value) => ParseErrorKind::OutOfRange {
                    found: Found(byte),
                    value,
                    size,
                    expected: alphabet.describe(side),
                },
                Symbol::Unknown => ParseErrorKind::UnknownSymbol {
                    found: Found(byte),
                    expected: alphabet.describe(side),
                },
            };
            return Err(ParseError { line, column, kind }.into());
        }
        Ok(alphabet)
    }

    fn error_at(&self, column: usize, kind: ParseErrorKind) -> ParseError {
        ParseError {
            line: self.line_number,
            column,
            kind,
        }
    }

    /// Reads one line into `self.line`, without its line end, keeping at most
    /// `max_line` bytes of it in memory.
    fn next_line(&mut self) -> io::Result<LineRead> {
        self.line.clear();
        let mut too_long = false;
        let mut any = false;
        loop {
            let buffer = match self.input.fill_buf() {
                Ok(buffer) => buffer,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(error) => return Err(error),
            };
            if buffer.is_empty() {
                break;
            }
            any = true;
            let (chunk, used, done) = match buffer.iter().position(|&b| b == b'\n') {
                Some(k) => (&buffer[..k], k + 1, true),
                None => (buffer, buffer.len(), false),
            };
            if !too_long {
                if self.line.len() + chunk.len() > self.max_line {
                    too_long = true;
                    self.line.clear();
                } else {
                    self.line.extend_from_slice(chunk);
                }
            }
            self.input.consume(used);
            if done {
                break;
            }
        }
        if !any {
            return Ok(LineRead::End);
        }
        self.line_number += 1;
        if too_long {
            return Ok(LineRead::TooLong);
        }
        if self.line_number == 1 && self.line.starts_with(b"\xEF\xBB\xBF") {
            self.line.drain(..3);
        }
        if self.line.last() == Some(&b'\r') {
            self.line.pop();
        }
        Ok(LineRead::Line)
    }
}

/// Blank lines, comments and lines of layout alone hold no cell.
fn is_skipped(line: &[u8]) -> bool {
    match line.iter().find(|b| !b.is_ascii_whitespace()) {
        None | Some(b'#') => true,
        Some(_) => count_cells(line) == 0,
    }
}

/// Any byte that is neither white space nor layout stands for a cell, so that
/// a wrong symbol is reported where it is instead of shifting the cells.
fn is_cell(byte: u8) -> bool {
    !byte.is_ascii_whitespace() && !is_layout(byte)
}

fn count_cells(line: &[u8]) -> usize {
    line.iter().filter(|&&b| is_cell(b)).count()
}

fn first_cell(line: &[u8]) -> Option<usize> {
    line.iter().position(|&b| is_cell(b))
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

/// The one-line length, and its size, closest to `found`.
fn nearest_size(found: usize) -> (usize, Size) {
    Size::ALL
        .into_iter()
        .map(|size| (size.cells(), size))
        .min_by_key(|&(cells, _)| cells.abs_diff(found))
        .expect("there are sizes")
}

impl std::str::FromStr for Grid {
    type Err = ParseError;

    /// Reads exactly one puzzle, on one line or as a block, in the standard
    /// alphabet (or hexadecimal for a 16x16 grid that uses it).
    fn from_str(text: &str) -> Result<Grid, ParseError> {
        let mut reader = PuzzleReader::new(text.as_bytes());
        let mut record = Record::default();
        let end_error = |reader: &PuzzleReader<&[u8]>, kind| ParseError {
            line: reader.line_number.max(1),
            column: 1,
            kind,
        };
        match reader.read_record(&mut record) {
            None => return Err(end_error(&reader, ParseErrorKind::NoPuzzle)),
            Some(Err(ReadError::Parse(error))) => return Err(error),
            Some(Err(ReadError::Io(_))) => unreachable!("reading from a string cannot fail"),
            Some(Ok(())) => {}
        }
        match reader.read_record(&mut Record::default()) {
            None => Ok(record.grid),
            Some(_) => Err(end_error(&reader, ParseErrorKind::MoreThanOnePuzzle)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const INKALA: &str =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

    type Outcome = Result<(u64, Layout, Grid), (u64, usize, ParseErrorKind)>;

    /// Every record of `text`: Ok(line, layout, grid) or Err(line, column, kind).
    fn read_all(text: &str) -> Vec<Outcome> {
        let mut reader = PuzzleReader::new(text.as_bytes());
        let mut record = Record::default();
        let mut out = Vec::new();
        while let Some(result) = reader.read_record(&mut record) {
            out.push(match result {
                Ok(()) => Ok((record.line, record.layout, record.grid.clone())),
                Err(ReadError::Parse(e)) => Err((e.line, e.column, e.kind)),
                Err(ReadError::Io(e)) => panic!("{e}"),
            });
        }
        out
    }

    fn one_error(text: &str) -> (u64, usize, ParseErrorKind) {
        let records = read_all(text);
        assert_eq!(records.len(), 1, "{records:?}");
        records.into_iter().next().unwrap().unwrap_err()
    }

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
    fn hex_sixteen_by_sixteen_is_detected() {
        let text = ".ce....2..b..9f.....89.73.e1.b..2f.5...c..9....a....a.e...7..1.5...e.........8b...861....3.9afc29....05f........c..be.....1d9.3...6.7............a...12.d...6.9.89.3ba.4.6.2...1.e.236...9...d.4.5...2c8a.....7..da....0...f.4.bb..c4.....d...a8.4..5.6..7..3..e\n";
        let mut reader = PuzzleReader::new(text.as_bytes());
        let mut record = Record::default();
        reader.read_record(&mut record).unwrap().unwrap();
        assert_eq!(record.alphabet.symbols, crate::text::alphabet::Symbols::Hex);
        assert!(record.alphabet.lowercase);
        assert_eq!(record.grid.get(0, 1), 13); // 'c'
        assert_eq!(record.grid.size(), Size::SIXTEEN);
    }

    #[test]
    fn bom_tabs_and_crlf() {
        let text = format!("\u{feff}{INKALA}\t# trailing\r\n");
        let records = read_all(&text);
        assert_eq!(records[0].as_ref().unwrap().2, INKALA.parse().unwrap());
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
    fn unknown_and_out_of_range_symbols() {
        let mut bad = INKALA.to_string();
        bad.replace_range(10..11, "x");
        let (_, column, kind) = one_error(&bad);
        assert_eq!(column, 11);
        assert_eq!(
            kind.to_string(),
            "found 'x'; expected 1-9 or a blank (. 0 _)"
        );
        bad.replace_range(10..11, "G");
        let (_, column, kind) = one_error(&bad);
        assert_eq!(column, 11);
        assert!(
            matches!(kind, ParseErrorKind::OutOfRange { value: 16, .. }),
            "{kind:?}"
        );
        bad.replace_range(10..11, "\0");
        let (_, _, kind) = one_error(&bad);
        assert_eq!(
            kind.to_string(),
            "found a NUL byte; expected 1-9 or a blank (. 0 _)"
        );
    }

    #[test]
    fn non_utf8_bytes_are_reported() {
        let mut bytes = INKALA.as_bytes().to_vec();
        bytes[3] = 0xFF;
        let mut reader = PuzzleReader::new(&bytes[..]);
        let mut record = Record::default();
        match reader.read_record(&mut record) {
            Some(Err(ReadError::Parse(e))) => {
                assert_eq!(e.column, 4);
                assert!(e.to_string().contains("byte 0xFF"), "{e}");
            }
            other => panic!("{other:?}"),
        }
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
        let (_, column, kind) = one_error("  12345\n");
        assert_eq!(column, 3);
        assert_eq!(kind, ParseErrorKind::NotAGrid { found: 5 });
    }

    #[test]
    fn over_long_line_is_skipped_with_an_error() {
        let text = format!("{}\n{INKALA}\n", "1".repeat(1000));
        let mut reader = PuzzleReader::new(text.as_bytes()).with_max_line(100);
        let mut record = Record::default();
        match reader.read_record(&mut record) {
            Some(Err(ReadError::Parse(e))) => {
                assert_eq!(e.kind, ParseErrorKind::LineTooLong { limit: 100 });
                assert_eq!(e.line, 1);
            }
            other => panic!("{other:?}"),
        }
        reader.read_record(&mut record).unwrap().unwrap();
        assert_eq!(record.line, 2);
        assert!(reader.read_record(&mut record).is_none());
    }

    #[test]
    fn empty_and_comment_only_inputs_have_no_records() {
        assert!(read_all("").is_empty());
        assert!(read_all("# nothing\n\n   \n#\n").is_empty());
    }

    #[test]
    fn mixed_sizes_in_one_input() {
        let text = format!("1...............\n{INKALA}\n");
        let sizes: Vec<_> = read_all(&text)
            .into_iter()
            .map(|r| r.unwrap().2.size())
            .collect();
        assert_eq!(sizes, [Size::FOUR, Size::NINE]);
    }

    #[test]
    fn from_str_wants_exactly_one_puzzle() {
        assert!("".parse::<Grid>().unwrap_err().kind == ParseErrorKind::NoPuzzle);
        let two = format!("{INKALA}\n{INKALA}");
        assert_eq!(
            two.parse::<Grid>().unwrap_err().kind,
            ParseErrorKind::MoreThanOnePuzzle
        );
    }
}
