//! OpenSudoku XML: a collection with a `<name>` and one `<game data='...'/>`
//! element per puzzle, its 81 cells with `0` for blanks.
//!
//! This is no general XML parser: it looks for `<name>` and `<game` in each
//! line, which is how every OpenSudoku file is written, and so reads a file
//! of any size line by line. An element cut across two lines is reported as
//! a game without its data.

use std::ops::Range;

use super::{trimmed, Fields, Scan};
use crate::text::error::ParseErrorKind;

/// What the rest of a line holds, and where to go on from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Step {
    /// Nothing more.
    Done,
    /// The name of the collection, which titles the games after it.
    Name {
        /// Its range in the line.
        title: Range<usize>,
        /// Where to go on scanning.
        next: usize,
    },
    /// A game.
    Game {
        /// Its data, or what is wrong with it.
        scan: Scan,
        /// Where to go on scanning.
        next: usize,
    },
}

/// The next element of `line` at or after `from`.
pub(crate) fn scan(line: &[u8], from: usize) -> Step {
    let rest = &line[from.min(line.len())..];
    let name = find(rest, b"<name>");
    let game = find(rest, b"<game");
    match (name, game) {
        (Some(n), g) if g.is_none_or(|g| n < g) => {
            let start = from + n + b"<name>".len();
            let end = find(&line[start..], b"</name>").map_or(line.len(), |k| start + k);
            Step::Name {
                title: trimmed(line, start..end),
                next: end,
            }
        }
        (_, Some(g)) => game_at(line, from + g),
        _ => Step::Done,
    }
}

/// The game element that starts at `start`.
fn game_at(line: &[u8], start: usize) -> Step {
    let tag_end = find(&line[start..], b">").map_or(line.len(), |k| start + k + 1);
    let missing = Step::Game {
        scan: Scan::Bad {
            column: start + 1,
            kind: ParseErrorKind::MissingField {
                field: "data",
                expected: "<game data='...'/> with its data on the same line",
            },
        },
        next: tag_end,
    };
    let Some(at) = find(&line[start..tag_end], b"data=") else {
        return missing;
    };
    let quote_at = start + at + b"data=".len();
    let Some(&quote @ (b'\'' | b'"')) = line.get(quote_at) else {
        return missing;
    };
    let value = quote_at + 1;
    let Some(length) = line[value..].iter().position(|&b| b == quote) else {
        return missing;
    };
    let end = value + length;
    let next = find(&line[end..], b">").map_or(line.len(), |k| end + k + 1);
    Step::Game {
        scan: Scan::Record(Fields::puzzle(value..end)),
        next,
    }
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn name_then_games_on_one_line() {
        let line = b"<name>Easy</name><game data='1234'/> <game data=\"4321\" />";
        let Step::Name { title, next } = scan(line, 0) else {
            panic!()
        };
        assert_eq!(&line[title], b"Easy");
        let Step::Game { scan: first, next } = scan(line, next) else {
            panic!()
        };
        assert_eq!(first, Scan::Record(Fields::puzzle(29..33)));
        let Step::Game { scan: second, next } = scan(line, next) else {
            panic!()
        };
        assert_eq!(second, Scan::Record(Fields::puzzle(49..53)));
        assert_eq!(scan(line, next), Step::Done);
    }

    #[test]
    fn markup_alone_holds_nothing() {
        assert_eq!(scan(b"<?xml version=\"1.0\"?>", 0), Step::Done);
        assert_eq!(scan(b"  <author>romario333</author>", 0), Step::Done);
    }

    #[test]
    fn a_game_without_data_is_reported_where_it_starts() {
        let Step::Game { scan: bad, .. } = scan(b"  <game level='easy'", 0) else {
            panic!()
        };
        assert!(matches!(bad, Scan::Bad { column: 3, .. }));
    }
}
