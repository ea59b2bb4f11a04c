//! The file formats puzzles come in, and how to tell them apart from the
//! first line that says anything.
//!
//! [`crate::PuzzleReader`] reads every format; this module only
//! names the formats, detects them, and finds where the fields of one line
//! are in the formats that put several fields on a line. Each format that
//! needs more than the plain line and block reader has its own module:
//!
//! * [`sdk`]: SadMan Software `.sdk`, `#A`-style header lines then a block;
//! * [`csv`]: comma-separated values with a header, such as Kaggle's
//!   `quizzes,solutions`;
//! * [`colon`]: `puzzle:count:solution` lines;
//! * [`xml`]: OpenSudoku XML, `<game data='...'/>` elements;
//! * [`description`]: JSON puzzle descriptions, one object per line, with
//!   their rules;
//! * [`fpuzzles`]: the JSON of the f-puzzles site, as it is or in its
//!   compressed base64 form.
//!
//! Simple Sudoku `.ss` files (plain or in their print form with `*---*` and
//! `|.3.|4..|...|`) and `.sdm` files (one puzzle per line) are what the plain
//! reader reads already.

pub(crate) mod colon;
pub(crate) mod constraint_json;
pub(crate) mod csv;
pub(crate) mod description;
pub(crate) mod fpuzzles;
pub(crate) mod json_parts;
pub(crate) mod sdk;
pub(crate) mod xml;

use std::ops::Range;

use crate::text::error::ParseErrorKind;
use crate::text::lines::trimmed;

/// The input formats, for [`crate::PuzzleReader::with_format`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum InputFormat {
    /// Detect the format from the first line that is not blank or a `# `
    /// comment.
    #[default]
    Auto,
    /// Puzzles on one line or as grid blocks (also Simple Sudoku `.ss` and
    /// `.sdm`).
    Plain,
    /// SadMan Software `.sdk`: `#A`, `#D`, `#C`... header lines, then a block.
    Sdk,
    /// Comma-separated values, with or without a header row.
    Csv,
    /// `puzzle:count:solution` lines.
    Colon,
    /// OpenSudoku XML: `<game data='...'/>` elements.
    OpenSudoku,
    /// JSON puzzle descriptions, one object per line (an f-puzzles export
    /// is read as such when it has a `size` and a `grid`). Detected from a
    /// line starting with `{`; plain puzzles may be mixed in when detected,
    /// not when forced.
    Json,
    /// f-puzzles exports, one per line: its JSON, or the compressed base64
    /// string the site shares.
    FPuzzles,
}

impl InputFormat {
    /// The format of an input whose first significant line is `line`, or
    /// `None` when `line` says nothing (blank, or a `#` comment that is no
    /// `.sdk` header).
    ///
    /// ```
    /// use sudoku_dlx::InputFormat;
    ///
    /// assert_eq!(InputFormat::detect(b"quizzes,solutions"), Some(InputFormat::Csv));
    /// assert_eq!(InputFormat::detect(b"#ASadMan"), Some(InputFormat::Sdk));
    /// assert_eq!(InputFormat::detect(b"# a comment"), None);
    /// ```
    pub fn detect(line: &[u8]) -> Option<InputFormat> {
        let start = line.iter().position(|b| !b.is_ascii_whitespace())?;
        let text = &line[start..];
        if sdk::is_header(text) || sdk::is_section(text) {
            return Some(InputFormat::Sdk);
        }
        let token_end = text
            .iter()
            .position(|b| b.is_ascii_whitespace())
            .unwrap_or(text.len());
        let token = &text[..token_end];
        Some(match text[0] {
            b'#' => return None,
            b'<' => InputFormat::OpenSudoku,
            b'{' => InputFormat::Json,
            _ if fpuzzles::is_link(token) => InputFormat::Json,
            _ if token.contains(&b',') => InputFormat::Csv,
            _ if token.contains(&b':') => InputFormat::Colon,
            _ => InputFormat::Plain,
        })
    }
}

/// Where the fields of one record are in its line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Fields {
    /// The puzzle, as a byte range of the line.
    pub(crate) puzzle: Range<usize>,
    /// The expected solution, if the line gives one.
    pub(crate) solution: Option<Range<usize>>,
    /// The expected number of solutions, if the line gives one.
    pub(crate) count: Option<u64>,
    /// A title or comment, if the line gives one.
    pub(crate) title: Option<Range<usize>>,
}

impl Fields {
    fn puzzle(puzzle: Range<usize>) -> Fields {
        Fields {
            puzzle,
            solution: None,
            count: None,
            title: None,
        }
    }
}

/// What one line of a field-based format holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Scan {
    /// No record: a header, a blank line, markup.
    Skip,
    /// A record, with the places of its fields.
    Record(Fields),
    /// A malformed record: what is wrong, and its column (from 1).
    Bad {
        /// The column, from 1, counted in characters.
        column: usize,
        /// What is wrong.
        kind: ParseErrorKind,
    },
}

/// `text` for a message: quoted, shortened when long.
fn shown(text: &str) -> String {
    const LONGEST: usize = 24;
    match text.char_indices().nth(LONGEST) {
        Some((end, _)) => format!("\"{}...\"", &text[..end]),
        None => format!("\"{text}\""),
    }
}

/// Whether a field could be a whole puzzle: a supported number of cells, no
/// white space.
fn looks_like_puzzle(field: &[u8]) -> bool {
    crate::sudoku::grid::Size::from_cells(field.len()).is_some()
        && !field.iter().any(u8::is_ascii_whitespace)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detection_from_the_first_significant_line() {
        let cases: [(&[u8], Option<InputFormat>); 12] = [
            (
                b"https://www.f-puzzles.com/?load=N4Ig",
                Some(InputFormat::Json),
            ),
            (b" {\"givens\": \"1...\"}", Some(InputFormat::Json)),
            (b"", None),
            (b"   ", None),
            (b"# a comment", None),
            (b"#A Ruud", Some(InputFormat::Sdk)),
            (b"[Puzzle]", Some(InputFormat::Sdk)),
            (b"<?xml version=\"1.0\"?>", Some(InputFormat::OpenSudoku)),
            (b"puzzle,solution", Some(InputFormat::Csv)),
            (b"...:1:123", Some(InputFormat::Colon)),
            (b"*-----------*", Some(InputFormat::Plain)),
            (
                b"..3.2.6..  a title: with a colon",
                Some(InputFormat::Plain),
            ),
        ];
        for (line, format) in cases {
            assert_eq!(
                InputFormat::detect(line),
                format,
                "{}",
                String::from_utf8_lossy(line)
            );
        }
    }

    #[test]
    fn showing() {
        assert_eq!(shown("abc"), "\"abc\"");
        assert_eq!(shown(&"x".repeat(24)), format!("\"{}\"", "x".repeat(24)));
        assert_eq!(
            shown(&"５".repeat(40)),
            format!("\"{}...\"", "５".repeat(24))
        );
    }
}
