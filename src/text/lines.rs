//! Lines of input, read one at a time with a cap on their length, so that a
//! huge line costs an error instead of memory, and with the line ends, a
//! carriage return and a UTF-8 byte-order mark taken off. Every parser of
//! the text layer reads through [`Lines`].

use std::io::{self, BufRead};

use crate::text::error::{ParseError, ParseErrorKind};

/// The longest line read, in bytes, unless
/// [`crate::PuzzleReader::with_max_line`] says otherwise.
pub(crate) const DEFAULT_MAX_LINE: usize = 64 * 1024;

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
    bytes: Vec<u8>,
    number: u64,
}

impl Line {
    /// The bytes of the line, without its line end.
    pub(crate) fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// The number of the line, from 1 (0 before the first).
    pub(crate) fn number(&self) -> u64 {
        self.number
    }

    /// The text of `range` of the line, for a title or a name.
    pub(crate) fn text(&self, range: std::ops::Range<usize>) -> String {
        String::from_utf8_lossy(&self.bytes[range]).into_owned()
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

/// Capped lines of a buffered input, with one line of push-back.
#[derive(Debug)]
pub(crate) struct Lines<R> {
    input: R,
    max_line: usize,
    line: Line,
    /// A line already read that was given back with [`Lines::hold`]: the
    /// next call of [`Lines::next`] returns it again.
    held: Option<LineRead>,
}

impl<R: BufRead> Lines<R> {
    /// The lines of `input`, capped at [`DEFAULT_MAX_LINE`] bytes.
    pub(crate) fn new(input: R) -> Lines<R> {
        Lines {
            input,
            max_line: DEFAULT_MAX_LINE,
            line: Line::default(),
            held: None,
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
        let line = &mut self.line.bytes;
        line.clear();
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
        if !any {
            return Ok(LineRead::End);
        }
        self.line.number += 1;
        if too_long {
            return Ok(LineRead::TooLong);
        }
        if self.line.number == 1 && line.starts_with(b"\xEF\xBB\xBF") {
            line.drain(..3);
        }
        if line.last() == Some(&b'\r') {
            line.pop();
        }
        Ok(LineRead::Line)
    }
}
