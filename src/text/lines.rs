//! Lines of input, read one at a time with a cap on their length, so that a
//! huge line costs an error instead of memory, and with the line ends, a
//! carriage return and a UTF-8 byte-order mark taken off. Every parser of
//! the text layer reads through [`Lines`].
//!
//! Text that starts with a UTF-16 byte-order mark (what Windows editors
//! call "Unicode", and what Windows PowerShell writes with `>`) is read as
//! UTF-16 in that byte order and handed on as UTF-8, so that the parsers
//! see the same lines either way.
//!
//! The parsers see each line as one byte per character: a line of ASCII as
//! it is, and any other line with each non-ASCII character (or byte that is
//! not UTF-8) replaced by one marker byte that says what kind of character
//! it was, except that white space (a no-break space pasted from a web page)
//! becomes a space. So every index into a line, and every column in a
//! message, counts characters, and a character of several bytes is one cell,
//! not several; the text itself (a title, a name, a character in a message)
//! is taken from the line as it was read.

use std::borrow::Cow;
use std::io::{self, BufRead};
use std::ops::Range;

use crate::text::error::{Found, ParseError, ParseErrorKind};

/// The byte that stands for a box-drawing character (U+2500 to U+257F,
/// such as `│`, `─`, `┼`, `═`, `║`) in the bytes of a line.
pub(crate) const BOX_DRAWING: u8 = 0x81;
/// The byte that stands for any other non-ASCII character, or a byte that is
/// not UTF-8, in the bytes of a line.
pub(crate) const OTHER: u8 = 0x80;

/// The longest line read, in bytes, unless
/// [`crate::PuzzleReader::with_max_line`] says otherwise.
pub(crate) const DEFAULT_MAX_LINE: usize = 64 * 1024;

/// `range` of `line` without the white space at either end.
pub(crate) fn trimmed(line: &[u8], range: Range<usize>) -> Range<usize> {
    let field = &line[range.clone()];
    let start = field
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(field.len());
    let end = field
        .iter()
        .rposition(|b| !b.is_ascii_whitespace())
        .map_or(start, |k| k + 1);
    range.start + start..range.start + end
}

/// The first whitespace-separated token of `bytes` at or after `from`, as
/// a range (empty at the end of the line when there is none).
pub(crate) fn token(bytes: &[u8], from: usize) -> std::ops::Range<usize> {
    let start = bytes[from..]
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .map_or(bytes.len(), |k| from + k);
    let end = bytes[start..]
        .iter()
        .position(|b| b.is_ascii_whitespace())
        .map_or(bytes.len(), |k| start + k);
    start..end
}

/// The comment in `range` of `line`, after a puzzle: trimmed, and without
/// the `#` it may start with.
pub(crate) fn comment(line: &[u8], range: Range<usize>) -> Range<usize> {
    let text = trimmed(line, range);
    let hash = usize::from(!text.is_empty() && line[text.start] == b'#');
    trimmed(line, text.start + hash..text.end)
}

/// One line as read, or why there is none.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum LineRead {
    /// A line, now in [`Lines::line`].
    Line,
    /// A line longer than the cap, skipped.
    TooLong,
    /// The end of the input.
    End,
}

/// The line last read and its number.
#[derive(Debug, Default)]
pub(crate) struct Line {
    /// One byte per character of the line, without its line end.
    bytes: Vec<u8>,
    number: u64,
    /// The line as read, when it is not all ASCII; empty otherwise.
    read: Vec<u8>,
    /// Where each character of `bytes` starts in `read`, and then the length
    /// of `read`; empty when the line is all ASCII.
    starts: Vec<usize>,
}

impl Line {
    /// The line, one byte per character: ASCII as it is, [`BOX_DRAWING`] or
    /// [`OTHER`] for the rest.
    pub(crate) fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// Whether the line holds anything but ASCII.
    pub(crate) fn is_wide(&self) -> bool {
        !self.starts.is_empty()
    }

    /// The character at index `at` of [`Line::bytes`], as read.
    pub(crate) fn found(&self, at: usize) -> Found {
        if !self.is_wide() {
            return Found::Byte(self.bytes[at]);
        }
        let read = &self.read[self.starts[at]..self.starts[at + 1]];
        match std::str::from_utf8(read)
            .ok()
            .and_then(|c| c.chars().next())
        {
            Some(c) => Found::Char(c),
            None => Found::Byte(read[0]),
        }
    }

    /// Makes `bytes` one byte per character of `read`, which is not all
    /// ASCII.
    fn narrow(&mut self) {
        std::mem::swap(&mut self.bytes, &mut self.read);
        self.bytes.clear();
        self.starts.clear();
        let mut at = 0;
        for chunk in self.read.utf8_chunks() {
            for (k, c) in chunk.valid().char_indices() {
                self.bytes.push(match c {
                    _ if c.is_ascii() => c as u8,
                    '\u{2500}'..='\u{257F}' => BOX_DRAWING,
                    _ if c.is_whitespace() => b' ',
                    _ => OTHER,
                });
                self.starts.push(at + k);
            }
            at += chunk.valid().len();
            for _ in chunk.invalid() {
                self.bytes.push(OTHER);
                self.starts.push(at);
                at += 1;
            }
        }
        self.starts.push(self.read.len());
    }

    /// The number of the line, from 1 (0 before the first).
    pub(crate) fn number(&self) -> u64 {
        self.number
    }

    /// The text of `range` of [`Line::bytes`] as read, for a title or a
    /// name.
    pub(crate) fn text(&self, range: Range<usize>) -> Cow<'_, str> {
        let read = if self.is_wide() {
            &self.read[self.starts[range.start]..self.starts[range.end]]
        } else {
            &self.bytes[range]
        };
        String::from_utf8_lossy(read)
    }

    /// An error at `column` (from 1) of this line.
    pub(crate) fn error_at(&self, column: usize, kind: ParseErrorKind) -> ParseError {
        ParseError {
            line: self.number,
            column,
            kind,
        }
    }
}

/// How the bytes of the input encode its text, known once the first
/// bytes are seen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Encoding {
    /// Nothing read yet.
    Unknown,
    /// UTF-8 or ASCII (bytes that are not UTF-8 are reported where they
    /// stand).
    Utf8,
    /// UTF-16, after its byte-order mark: little-endian (`FF FE`) or
    /// big-endian (`FE FF`).
    Utf16 { big_endian: bool },
}

/// Capped lines of a buffered input, with one line of push-back.
#[derive(Debug)]
pub(crate) struct Lines<R> {
    input: R,
    max_line: usize,
    line: Line,
    /// A line already read that was given back with [`Lines::hold`]: the
    /// next call of [`Lines::next`] returns it again.
    held: Option<LineRead>,
    /// How the input encodes its text, from its first bytes.
    encoding: Encoding,
    /// The code units of the line being read, on UTF-16 input.
    units: Vec<u16>,
    /// On UTF-16 input, the first byte of a code unit that a read of the
    /// input cut in two.
    odd_byte: Option<u8>,
}

impl<R: BufRead> Lines<R> {
    /// The lines of `input`, capped at [`DEFAULT_MAX_LINE`] bytes.
    pub(crate) fn new(input: R) -> Lines<R> {
        Lines {
            input,
            max_line: DEFAULT_MAX_LINE,
            line: Line::default(),
            held: None,
            encoding: Encoding::Unknown,
            units: Vec::new(),
            odd_byte: None,
        }
    }

    /// Caps the length of a line at `max_line` bytes.
    pub(crate) fn set_max_line(&mut self, max_line: usize) {
        self.max_line = max_line;
    }

    /// The line last read.
    pub(crate) fn line(&self) -> &Line {
        &self.line
    }

    /// Gives back the line last read, as `read` said it was: the next call
    /// of [`Lines::next`] returns it again.
    pub(crate) fn hold(&mut self, read: LineRead) {
        self.held = Some(read);
    }

    /// The error of a line over the cap.
    pub(crate) fn too_long(&self) -> ParseError {
        self.line.error_at(
            self.max_line + 1,
            ParseErrorKind::LineTooLong {
                limit: self.max_line,
            },
        )
    }

    /// Reads one line into [`Lines::line`], without its line end, keeping
    /// at most `max_line` bytes of it in memory.
    pub(crate) fn next(&mut self) -> io::Result<LineRead> {
        if let Some(held) = self.held.take() {
            return Ok(held);
        }
        self.line.starts.clear();
        self.line.bytes.clear();
        if self.encoding == Encoding::Unknown {
            self.encoding = self.sniff_encoding()?;
        }
        let (any, too_long) = match self.encoding {
            Encoding::Utf16 { big_endian } => self.read_utf16(big_endian)?,
            _ => self.read_utf8()?,
        };
        if !any {
            return Ok(LineRead::End);
        }
        self.line.number += 1;
        if too_long {
            return Ok(LineRead::TooLong);
        }
        let line = &mut self.line.bytes;
        if self.line.number == 1 && line.starts_with(b"\xEF\xBB\xBF") {
            line.drain(..3);
        }
        if line.last() == Some(&b'\r') {
            line.pop();
        }
        if !line.is_ascii() {
            self.line.narrow();
        }
        Ok(LineRead::Line)
    }

    /// Reads the encoding from the first bytes: a UTF-16 byte-order mark,
    /// taken off, or else UTF-8.
    fn sniff_encoding(&mut self) -> io::Result<Encoding> {
        let encoding = loop {
            match self.input.fill_buf() {
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(error) => return Err(error),
                Ok([0xFF, 0xFE, ..]) => break Encoding::Utf16 { big_endian: false },
                Ok([0xFE, 0xFF, ..]) => break Encoding::Utf16 { big_endian: true },
                Ok(_) => return Ok(Encoding::Utf8),
            }
        };
        self.input.consume(2);
        Ok(encoding)
    }

    /// Reads the bytes of one UTF-8 line into the line's bytes, up to the
    /// cap; says whether there was a line, and whether it was too long.
    fn read_utf8(&mut self) -> io::Result<(bool, bool)> {
        let line = &mut self.line.bytes;
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
                if line.len() + chunk.len() > self.max_line {
                    too_long = true;
                    line.clear();
                } else {
                    line.extend_from_slice(chunk);
                }
            }
            self.input.consume(used);
            if done {
                break;
            }
        }
        Ok((any, too_long))
    }

    /// Reads the code units of one UTF-16 line and writes it into the
    /// line's bytes as UTF-8 (a unit that is no character becomes U+FFFD),
    /// up to the cap counted in units; says whether there was a line, and
    /// whether it was too long.
    fn read_utf16(&mut self, big_endian: bool) -> io::Result<(bool, bool)> {
        let decode = if big_endian {
            u16::from_be_bytes
        } else {
            u16::from_le_bytes
        };
        self.units.clear();
        let mut too_long = false;
        let mut any = false;
        'line: loop {
            let buffer = match self.input.fill_buf() {
                Ok(buffer) => buffer,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(error) => return Err(error),
            };
            if buffer.is_empty() {
                // A last byte with no partner is no character.
                if self.odd_byte.take().is_some() && !too_long {
                    self.units.push(0xFFFD);
                }
                break;
            }
            any = true;
            let mut used = 0;
            while used < buffer.len() {
                let byte = buffer[used];
                used += 1;
                let Some(first) = self.odd_byte.take() else {
                    self.odd_byte = Some(byte);
                    continue;
                };
                let unit = decode([first, byte]);
                if unit == u16::from(b'\n') {
                    self.input.consume(used);
                    break 'line;
                }
                if self.units.len() >= self.max_line {
                    too_long = true;
                    self.units.clear();
                }
                if !too_long {
                    self.units.push(unit);
                }
            }
            self.input.consume(used);
        }
        let line = &mut self.line.bytes;
        for c in char::decode_utf16(self.units.iter().copied()) {
            let c = c.unwrap_or(char::REPLACEMENT_CHARACTER);
            line.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
        }
        Ok((any, too_long))
    }
}

/// Tests of the lines, and a line for the tests of each parser.
#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// `text`, a single line, as [`Lines`] reads it.
    pub(crate) fn line(text: &str) -> Line {
        let mut lines = Lines::new(text.as_bytes());
        assert_eq!(lines.next().unwrap(), LineRead::Line);
        lines.line
    }

    #[test]
    fn trimming() {
        assert_eq!(trimmed(b"a,  xy ,b", 2..7), 4..6);
        assert_eq!(trimmed(b"   ", 0..3), 3..3);
        assert_eq!(comment(b"1234  # easy ", 4..13), 8..12);
        assert_eq!(comment(b"1234 #", 4..6), 6..6);
    }

    #[test]
    fn one_byte_per_character() {
        let text = "│ ５ é\u{a0}x\n".as_bytes().to_vec();
        let mut lines = Lines::new(&text[..]);
        assert_eq!(lines.next().unwrap(), LineRead::Line);
        let line = lines.line();
        assert_eq!(
            line.bytes(),
            [BOX_DRAWING, b' ', OTHER, b' ', OTHER, b' ', b'x']
        );
        assert_eq!(line.found(2), Found::Char('５'));
        assert_eq!(line.text(2..5), "５ é");
        let mut lines = Lines::new(&b"1\xFF2"[..]);
        lines.next().unwrap();
        assert_eq!(lines.line().bytes(), [b'1', OTHER, b'2']);
        assert_eq!(lines.line().found(1), Found::Byte(0xFF));
    }

    /// `text` in UTF-16 with its byte-order mark, in either byte order.
    fn utf16(text: &str, big_endian: bool) -> Vec<u8> {
        let mut bytes = if big_endian {
            vec![0xFE, 0xFF]
        } else {
            vec![0xFF, 0xFE]
        };
        for unit in text.encode_utf16() {
            bytes.extend(if big_endian {
                unit.to_be_bytes()
            } else {
                unit.to_le_bytes()
            });
        }
        bytes
    }

    /// Every line of `input` as read (its text), until the end.
    fn read_lines(input: impl BufRead) -> Vec<Result<String, LineRead>> {
        let mut lines = Lines::new(input);
        lines.set_max_line(12);
        let mut read = Vec::new();
        loop {
            match lines.next().unwrap() {
                LineRead::End => return read,
                LineRead::Line => {
                    let line = lines.line();
                    read.push(Ok(line.text(0..line.bytes().len()).into_owned()));
                }
                too_long => read.push(Err(too_long)),
            }
        }
    }

    #[test]
    fn utf16_text_reads_as_its_lines_in_either_byte_order() {
        let text = "12.4\r\n５ é│\n\n1234567890123\nlast 😀";
        let expected = vec![
            Ok("12.4".to_string()),
            Ok("５ é│".to_string()),
            Ok(String::new()),
            Err(LineRead::TooLong),
            Ok("last 😀".to_string()),
        ];
        for big_endian in [false, true] {
            let bytes = utf16(text, big_endian);
            assert_eq!(read_lines(&bytes[..]), expected, "big endian {big_endian}");
            // Reads of three bytes cut code units and surrogate pairs in two.
            let cut = io::BufReader::with_capacity(3, &bytes[..]);
            assert_eq!(read_lines(cut), expected, "big endian {big_endian}, cut");
        }
        // The same text in UTF-8 reads the same.
        assert_eq!(read_lines(text.as_bytes()), expected);
    }

    #[test]
    fn utf16_text_that_is_no_text_becomes_replacement_characters() {
        // A lone surrogate, then a last byte with no partner.
        let mut bytes = vec![0xFF, 0xFE, b'1', 0, 0x00, 0xD8, b'2', 0, b'3'];
        let mut lines = Lines::new(&bytes[..]);
        assert_eq!(lines.next().unwrap(), LineRead::Line);
        assert_eq!(lines.line().text(0..4), "1\u{FFFD}2\u{FFFD}");
        assert_eq!(lines.line().found(1), Found::Char('\u{FFFD}'));
        assert_eq!(lines.next().unwrap(), LineRead::End);
        // A byte-order mark alone is an input without lines.
        bytes.truncate(2);
        assert_eq!(Lines::new(&bytes[..]).next().unwrap(), LineRead::End);
    }
}
