//! SadMan Software `.sdk` files: header lines such as `#AAuthor`,
//! `#DDescription`, `#CComment`, `#BDate`, `#SSource`, `#LLevel`, `#UURL`,
//! optionally under a `[Puzzle]` section line, then the grid as a block of
//! nine rows with `.` for blanks.
//!
//! A file saved during play has more sections after the puzzle, such as
//! `[State]` with the grid as far as it was filled: only the `[Puzzle]`
//! section holds a puzzle, and the lines of any other section are no record.
//!
//! The block is read by the plain reader; this module recognises the lines
//! around it. A plain comment starts with `#` and a space or a lower-case
//! letter, so it is never taken for a header.

use std::ops::Range;

/// The header letter whose text becomes the title of the puzzle.
pub(crate) const TITLE: u8 = b'D';
/// The header letter whose text is the title when there is no [`TITLE`].
pub(crate) const COMMENT: u8 = b'C';

/// Whether `text` (a line without its leading white space) is a header
/// line: `#` then an upper-case letter.
pub(crate) fn is_header(text: &[u8]) -> bool {
    text.first() == Some(&b'#') && text.get(1).is_some_and(u8::is_ascii_uppercase)
}

/// Whether `text` is a section line such as `[Puzzle]`.
pub(crate) fn is_section(text: &[u8]) -> bool {
    let text = text.trim_ascii_end();
    text.len() >= 2 && text[0] == b'[' && text[text.len() - 1] == b']'
}

/// Whether `text` is the section line `[Puzzle]`, in any case.
pub(crate) fn is_puzzle_section(text: &[u8]) -> bool {
    text.trim_ascii_end().eq_ignore_ascii_case(b"[Puzzle]")
}

/// The letter of a header line and the range of its text, trimmed.
pub(crate) fn header(line: &[u8]) -> Option<(u8, Range<usize>)> {
    let start = line.iter().position(|b| !b.is_ascii_whitespace())?;
    if !is_header(&line[start..]) {
        return None;
    }
    let letter = line[start + 1];
    Some((letter, super::trimmed(line, start + 2..line.len())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_lines_and_comments() {
        assert_eq!(header(b"#DA hard one"), Some((b'D', 2..12)));
        assert_eq!(header(b"  #A Ruud "), Some((b'A', 5..9)));
        assert_eq!(header(b"#L"), Some((b'L', 2..2)));
        assert_eq!(header(b"# plain comment"), None);
        assert_eq!(header(b"#lower"), None);
        assert_eq!(header(b"..3.2.6.."), None);
    }

    #[test]
    fn section_lines() {
        assert!(is_section(b"[Puzzle]"));
        assert!(is_section(b"[State] \r"));
        assert!(!is_section(b"["));
        assert!(!is_section(b"..3.2.6.."));
        assert!(is_puzzle_section(b"[puzzle] "));
        assert!(!is_puzzle_section(b"[State]"));
    }
}
