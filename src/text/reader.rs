//! Reading puzzles from text, one record at a time, with exact error places.
//!
//! The reader hands the lines of the input to the parser of its format:
//! the plain line and block layouts of [`crate::text::plain`], recognised
//! record by record with no option needed, or one of the other formats.
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
//! A line that starts with `{` is a JSON puzzle with its rules (a
//! description, or an f-puzzles export when it has a `size` and a `grid`),
//! and so is a line of base64 that unpacks to an f-puzzles export: they may
//! be mixed with plain puzzles, which take the rules the reader was given
//! ([`PuzzleReader::with_rules`]). A JSON object may also be laid out over
//! several lines, as pretty-printers write it: from a line that is `{`
//! alone to a line that is `}` alone at its start.
//!
//! A mistake in one record ends that record with a [`ParseError`] that names
//! its line and column (columns count characters, not bytes), and reading goes on with the next record, so no
//! record is lost and none is shifted into the next one.

use std::collections::VecDeque;
use std::io::BufRead;

use crate::sudoku::grid::{Grid, Size};
use crate::sudoku::rules::{Boxes, Rules};
use crate::text::alphabet::Alphabet;
use crate::text::cells::Cells;
use crate::text::error::{ParseError, ParseErrorKind, ReadError};
use crate::text::formats::description;
use crate::text::formats::json_parts::Problem;
use crate::text::formats::{colon, csv, fpuzzles, sdk, xml, Fields, InputFormat, Scan};
use crate::text::framed;
use crate::text::json;
use crate::text::json_depth::JsonDepth;
use crate::text::lines::{comment, token, LineRead, Lines};
use crate::text::plain;
use crate::text::record::{Layout, Record};
use crate::text::regions::number_regions;

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
    lines: Lines<R>,
    forced_alphabet: Option<Alphabet>,
    /// The cells of the record being read, and where each one stands.
    cells: Cells,
    /// The format of the input: `Auto` until its first significant line.
    format: InputFormat,
    /// The columns of a CSV input.
    csv: csv::Columns,
    /// Where to go on scanning the current line, when it holds more than one
    /// record (XML); 0 to read the next line.
    resume: usize,
    /// Whether a `<game` tag of XML goes on in the next line.
    xml_open: bool,
    /// Whether the `.sdk` lines read are in a section other than
    /// `[Puzzle]`, such as `[State]`, which holds no record.
    sdk_other_section: bool,
    /// The title the lines before the next record gave it (`.sdk` headers,
    /// the name of an XML collection).
    title: String,
    /// The errors of lines already read that are records of their own.
    pending: VecDeque<ParseError>,
    /// A grid kept for the next expected solution, so that its storage is
    /// reused.
    spare: Option<Grid>,
    /// The rules of the records that do not give their own.
    rules: Rules,
    /// Plain lines are jigsaw lines, `GIVENS REGIONS [comment]`.
    jigsaw: bool,
    /// Whether every record must be a JSON puzzle: the JSON formats were
    /// forced, not detected.
    json_only: bool,
}

/// A line that holds a JSON puzzle rather than a plain one.
enum Structured {
    /// A JSON object.
    Object,
    /// The base64 string of an f-puzzles export, unpacked to its JSON.
    Packed(String),
}

impl<R: BufRead> PuzzleReader<R> {
    /// A reader with the default line cap (64 KiB) that detects the format
    /// of the input and the alphabet of each record.
    pub fn new(input: R) -> PuzzleReader<R> {
        PuzzleReader {
            lines: Lines::new(input),
            forced_alphabet: None,
            cells: Cells::default(),
            format: InputFormat::Auto,
            csv: csv::Columns::default(),
            resume: 0,
            xml_open: false,
            sdk_other_section: false,
            title: String::new(),
            pending: VecDeque::new(),
            spare: None,
            rules: Rules::default(),
            jigsaw: false,
            json_only: false,
        }
    }

    /// Reads each plain line as a jigsaw puzzle: its givens, then its region
    /// layout (one label per cell, `n` cells per label), then an optional
    /// comment. The regions replace the boxes of the reader's rules.
    pub fn with_jigsaw(mut self, jigsaw: bool) -> Self {
        self.jigsaw = jigsaw;
        self
    }

    /// Gives `rules` to every record that does not bring its own: all but
    /// the JSON puzzles, which carry theirs.
    pub fn with_rules(mut self, rules: Rules) -> Self {
        self.rules = rules;
        self
    }

    /// Reads the input in `format` instead of detecting it.
    pub fn with_format(mut self, format: InputFormat) -> Self {
        self.format = format;
        self.json_only = matches!(format, InputFormat::Json | InputFormat::FPuzzles);
        self
    }

    /// The format of the input: the one forced, or the one detected so far
    /// (`Auto` before the first significant line).
    pub fn format(&self) -> InputFormat {
        self.format
    }

    /// Caps the length of a line at `max_line` bytes.
    pub fn with_max_line(mut self, max_line: usize) -> Self {
        self.lines.set_max_line(max_line);
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
        if let Some(error) = self.pending.pop_front() {
            return Some(Err(error.into()));
        }
        loop {
            if self.resume == 0 {
                match self.lines.next() {
                    Err(error) => return Some(Err(ReadError::Io(error))),
                    Ok(LineRead::End) => return None,
                    Ok(LineRead::TooLong) => return Some(Err(self.lines.too_long().into())),
                    Ok(LineRead::Line) => {}
                }
            }
            let line = self.lines.line();
            if self.format == InputFormat::Auto {
                match InputFormat::detect(line.bytes()) {
                    Some(format) => self.format = format,
                    None => continue,
                }
            }
            let scan = match self.format {
                InputFormat::Auto
                | InputFormat::Plain
                | InputFormat::Json
                | InputFormat::FPuzzles => None,
                InputFormat::Sdk => {
                    let text = line.bytes().trim_ascii_start();
                    if sdk::is_section(text) {
                        self.sdk_other_section = !sdk::is_puzzle_section(text);
                        continue;
                    }
                    if self.sdk_other_section {
                        continue;
                    }
                    if let Some((letter, text)) = sdk::header(line.bytes()) {
                        if letter == sdk::TITLE || (letter == sdk::COMMENT && self.title.is_empty())
                        {
                            self.title.clear();
                            self.title.push_str(&line.text(text));
                        }
                        continue;
                    }
                    None
                }
                InputFormat::Csv => Some(csv::scan(line.bytes(), &mut self.csv)),
                InputFormat::Colon => Some(colon::scan(line)),
                InputFormat::OpenSudoku => {
                    match xml::scan(line.bytes(), self.resume, &mut self.xml_open) {
                        xml::Step::Done => {
                            self.resume = 0;
                            continue;
                        }
                        xml::Step::Name { title, next } => {
                            self.title.clear();
                            self.title.push_str(&line.text(title));
                            self.resume = next;
                            continue;
                        }
                        xml::Step::Game { scan, next } => {
                            self.resume = next;
                            Some(scan)
                        }
                    }
                }
            };
            let result = match scan {
                None if plain::is_skipped(line.bytes()) => continue,
                None => match self.structured() {
                    Ok(Some(structured)) => self.read_json(structured, record),
                    Ok(None) => self.read_plain(record),
                    Err(error) => Err(error.into()),
                },
                Some(Scan::Skip) => continue,
                Some(Scan::Record(fields)) => self.read_fields(&fields, record),
                Some(Scan::Bad { column, kind }) => Err(line.error_at(column, kind).into()),
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

    /// Reads a record in a plain layout whose first line is the current one.
    fn read_plain(&mut self, record: &mut Record) -> Result<(), ReadError> {
        if self.jigsaw {
            return self.read_jigsaw(record);
        }
        if !self.rules.shape.is_square() {
            record.rules.clone_from(&self.rules);
            return framed::read_record(&mut self.lines, &self.rules.shape, Size::NINE, record);
        }
        let start = self.lines.line().number();
        let layout = plain::read_record(
            &mut self.lines,
            &mut self.cells,
            &mut record.title,
            &mut self.pending,
        )?;
        record.line = start;
        record.layout = layout;
        record.rules.clone_from(&self.rules);
        record.alphabet = self
            .cells
            .decode(&mut record.grid, None, self.forced_alphabet)?;
        Ok(())
    }

    /// Reads the current line as `GIVENS REGIONS [comment]`.
    fn read_jigsaw(&mut self, record: &mut Record) -> Result<(), ReadError> {
        let line = self.lines.line();
        let bytes = line.bytes();
        let givens = token(bytes, 0);
        let regions = token(bytes, givens.end);
        record.line = line.number();
        record.layout = Layout::Line;
        record.rules.clone_from(&self.rules);
        self.cells.read_token(line, givens.clone())?;
        record.alphabet = self
            .cells
            .decode(&mut record.grid, None, self.forced_alphabet)?;
        let side = record.grid.size().side();
        if regions.is_empty() {
            let kind = ParseErrorKind::MissingRegions {
                expected: side * side,
            };
            return Err(line.error_at(givens.end + 1, kind).into());
        }
        let labels: Vec<char> = line.text(regions.clone()).chars().collect();
        match number_regions(&labels, side) {
            Ok(numbered) => record.rules.boxes = Boxes::Regions(numbered),
            Err(problem) => {
                let column = regions.start + 1 + problem.at().unwrap_or(0);
                let kind = ParseErrorKind::BadRegions {
                    problem: problem.describe(side),
                };
                return Err(line.error_at(column, kind).into());
            }
        }
        record
            .title
            .push_str(&line.text(comment(bytes, regions.end..bytes.len())));
        Ok(())
    }

    /// Reads a record whose fields are at `fields` in the current line.
    fn read_fields(&mut self, fields: &Fields, record: &mut Record) -> Result<(), ReadError> {
        let line = self.lines.line();
        record.line = line.number();
        record.layout = Layout::Line;
        record.rules.clone_from(&self.rules);
        self.cells.read_token(line, fields.puzzle.clone())?;
        record.alphabet = self
            .cells
            .decode(&mut record.grid, None, self.forced_alphabet)?;
        record.expected_count = fields.count;
        if let Some(title) = fields.title.clone() {
            record.title.push_str(&line.text(title));
        }
        if let Some(range) = fields.solution.clone() {
            self.cells.read_token(line, range.clone())?;
            let mut solution = self.spare.take().unwrap_or_else(|| Grid::empty(Size::NINE));
            self.cells
                .decode(&mut solution, Some(record.alphabet), self.forced_alphabet)?;
            if solution.size() != record.grid.size() {
                let kind = ParseErrorKind::SolutionSize {
                    found: solution.size(),
                    expected: record.grid.size(),
                };
                self.spare = Some(solution);
                return Err(line.error_at(range.start + 1, kind).into());
            }
            record.expected_solution = Some(solution);
        }
        Ok(())
    }
}

impl<R: BufRead> PuzzleReader<R> {
    /// Whether the current line is a JSON puzzle: an object, a base64
    /// f-puzzles string or a link holding one. In the JSON
    /// formats, a line that is neither is an error.
    fn structured(&self) -> Result<Option<Structured>, ParseError> {
        let line = self.lines.line();
        let bytes = line.bytes();
        let start = bytes
            .iter()
            .position(|b| !b.is_ascii_whitespace())
            .unwrap_or(0);
        let token = bytes[start..].trim_ascii_end();
        if token.first() == Some(&b'{') {
            return Ok(Some(Structured::Object));
        }
        let forced = self.json_only;
        // A plain puzzle whose symbols are all base64 letters is tried as
        // one only when its length fits no grid, or it has `+ / =`.
        let maybe_packed = fpuzzles::looks_like_base64(token)
            && (forced
                || Size::from_cells(token.len()).is_none()
                || token.iter().any(|b| matches!(b, b'+' | b'/' | b'=')));
        let text = || line.text(start..start + token.len());
        let packed = if maybe_packed {
            fpuzzles::unpack(&text())
        } else if token.contains(&b'=') {
            fpuzzles::unpack_link(&text())
        } else {
            None
        };
        if let Some(text) = packed {
            return Ok(Some(Structured::Packed(text)));
        }
        if !forced {
            return Ok(None);
        }
        let kind = match self.format {
            InputFormat::FPuzzles => fpuzzles::unpack_error(),
            _ => ParseErrorKind::Json {
                found: format!("{}", line.found(start)),
                expected: "a JSON object, starting with '{'",
            },
        };
        Err(line.error_at(start + 1, kind))
    }

    /// Reads the JSON puzzle of the current line into `record` (and of the
    /// lines after it, for an object laid out over several lines).
    fn read_json(&mut self, structured: Structured, record: &mut Record) -> Result<(), ReadError> {
        let line = self.lines.line();
        let first = line.number();
        let start = line.bytes().iter().position(|b| !b.is_ascii_whitespace());
        let start_column = start.unwrap_or(0) + 1;
        record.line = first;
        record.layout = Layout::Line;
        // Where each line of the text starts, and its number; none for an
        // unpacked string, whose places are not places in the line: its
        // mistakes are reported at the start of the string.
        let (text, starts) = match structured {
            Structured::Packed(text) => (text, Vec::new()),
            Structured::Object if line.bytes().trim_ascii() == b"{" => self.gather_object()?,
            Structured::Object => (
                line.text(0..line.bytes().len()).into_owned(),
                vec![(0, first)],
            ),
        };
        let error_at = |at: usize, kind: ParseErrorKind| {
            let k = starts.partition_point(|&(offset, _)| offset <= at);
            let (line, column) = match k.checked_sub(1).map(|k| starts[k]) {
                Some((offset, line)) => (line, column_of(&text[offset..], at - offset)),
                None => (first, start_column),
            };
            ParseError { line, column, kind }
        };
        let value = json::parse(&text).map_err(|error| {
            let kind = ParseErrorKind::Json {
                found: error.found.clone(),
                expected: error.expected,
            };
            error_at(error.at, kind)
        })?;
        let packed = starts.is_empty();
        let read =
            if packed || self.format == InputFormat::FPuzzles || description::is_fpuzzles(&value) {
                fpuzzles::read(&value, record)
            } else {
                description::read(&value, record)
            };
        read.map_err(|Problem { at, kind }| error_at(at, kind).into())
    }

    /// Reads a JSON object laid out over several lines, whose first line,
    /// `{` alone, is the current one, up to its last line, `}` alone at the
    /// start of a line: its text, and where each line starts in it with its
    /// number. A line that starts a record of its own before that leaves the
    /// object unclosed and is given back to be read as the next record, so
    /// that one stray `{` costs one record, not every record after it: `{`
    /// at its start, alone, or opening an object that closes on the line (as
    /// nothing inside a laid-out object begins), or where the object takes
    /// no value ([`JsonDepth::takes_value`]), as a record cut short does.
    fn gather_object(&mut self) -> Result<(String, Vec<(usize, u64)>), ReadError> {
        let first = self.lines.line().number();
        let mut text = String::from("{\n");
        let mut starts = vec![(0, first)];
        let mut depth = JsonDepth::opened();
        loop {
            let unclosed = |found: String| ParseError {
                line: first,
                column: 1,
                kind: ParseErrorKind::Json {
                    found,
                    expected: "'}' alone at the start of a line, closing the object",
                },
            };
            match self.lines.next()? {
                LineRead::End => return Err(unclosed("the end of the input".into()).into()),
                LineRead::TooLong => return Err(self.lines.too_long().into()),
                LineRead::Line => {}
            }
            let line = self.lines.line();
            let bytes = line.bytes().trim_ascii_end();
            let starts_record = bytes == b"{" || bytes.ends_with(b"}") || !depth.takes_value();
            if bytes.first() == Some(&b'{') && starts_record {
                let found = format!("a new object at line {}", line.number());
                self.lines.hold(LineRead::Line);
                return Err(unclosed(found).into());
            }
            depth.feed(bytes);
            starts.push((text.len(), line.number()));
            text.push_str(&line.text(0..line.bytes().len()));
            text.push('\n');
            if line.bytes().trim_ascii_end() == b"}" {
                return Ok((text, starts));
            }
            if text.len() > MAX_OBJECT {
                let found = format!("more than {MAX_OBJECT} bytes");
                return Err(unclosed(found).into());
            }
        }
    }
}

/// The longest JSON object read over several lines, in bytes.
const MAX_OBJECT: usize = 1 << 20;

/// The column, from 1 and in characters, of byte offset `at` of `text`.
fn column_of(text: &str, at: usize) -> usize {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    text[..at].chars().count() + 1
}

impl std::str::FromStr for Grid {
    type Err = ParseError;

    /// Reads exactly one puzzle, on one line or as a block, in the standard
    /// alphabet (or hexadecimal for a 16x16 grid that uses it).
    fn from_str(text: &str) -> Result<Grid, ParseError> {
        let mut reader = PuzzleReader::new(text.as_bytes());
        let mut record = Record::default();
        let end_error = |reader: &PuzzleReader<&[u8]>, kind| ParseError {
            line: reader.lines.line().number().max(1),
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

/// Tests of the reader, and the helpers the tests of each parser read with.
#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    pub(crate) const INKALA: &str =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

    pub(crate) type Outcome = Result<(u64, Layout, Grid), (u64, usize, ParseErrorKind)>;

    /// Every record of `text`: Ok(line, layout, grid) or Err(line, column, kind).
    pub(crate) fn read_all(text: &str) -> Vec<Outcome> {
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

    pub(crate) fn one_error(text: &str) -> (u64, usize, ParseErrorKind) {
        let records = read_all(text);
        assert_eq!(records.len(), 1, "{records:?}");
        records.into_iter().next().unwrap().unwrap_err()
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
    fn unknown_and_out_of_range_symbols() {
        let mut bad = INKALA.to_string();
        bad.replace_range(10..11, "x");
        let (_, column, kind) = one_error(&bad);
        assert_eq!(column, 11);
        assert_eq!(
            kind.to_string(),
            "found 'x' (value 33), out of range for a 9x9 grid; expected 1-9 or a blank (. 0 _)"
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
    fn columns_and_cells_count_characters() {
        use crate::text::error::Found;
        // A box-drawing border, then cell 31 a full-width digit.
        let wide = format!("\u{2502}{}\u{FF15}{}", &INKALA[..30], &INKALA[31..]);
        let (line, column, kind) = one_error(&wide);
        assert_eq!((line, column), (1, 32));
        assert!(
            matches!(
                kind,
                ParseErrorKind::UnknownSymbol {
                    found: Found::Char('\u{FF15}'),
                    ..
                }
            ),
            "{kind:?}"
        );
        assert_eq!(
            one_error(&".".repeat(37 * 37)).2,
            ParseErrorKind::UnsupportedSize {
                found: 37 * 37,
                side: 37
            }
        );
    }

    #[test]
    fn json_objects_over_several_lines_are_one_record() {
        let text = "{\n  \"givens\": \"1.3......2.....4\",\n  \"variants\": [\n    \"x\"\n  ]\n}\n\
                    {\n  \"givens\": \"1.3......2.....4\",\n  \"boxes\": \"3x3\"\n}\n\
                    {\"givens\": 5\n1.3......2.....4\n{\n  \"givens\": \"1.3......2.....4\"\n";
        let mut reader = PuzzleReader::new(text.as_bytes());
        let mut record = Record::default();
        reader.read_record(&mut record).unwrap().unwrap();
        assert_eq!((record.line, record.rules.variants.len()), (1, 1));
        let mut outcomes = Vec::new();
        while let Some(result) = reader.read_record(&mut record) {
            outcomes.push(match result {
                Ok(()) => (record.line, 0, String::new()),
                Err(ReadError::Parse(e)) => (e.line, e.column, e.kind.to_string()),
                Err(ReadError::Io(e)) => panic!("{e}"),
            });
        }
        let places: Vec<(u64, usize)> = outcomes.iter().map(|o| (o.0, o.1)).collect();
        // The bad value on line 9; a broken one-line object takes no line
        // after it; an object never closed ends the input.
        assert_eq!(places, [(9, 12), (11, 13), (12, 0), (13, 1)]);
        assert!(outcomes[3]
            .2
            .starts_with("found the end of the input; expected '}' alone"));
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
