//! OpenSudoku XML: a collection with a `<name>` and one `<game data='...'/>`
//! element per puzzle, its 81 cells with `0` for blanks.
//!
//! This is no general XML parser: it looks for `<name>` and `<game` in each
//! line, which is how every OpenSudoku file is written, and so reads a file
//! of any size line by line. A `<game` element may be cut across lines, its
//! `data` attribute on a later line than `<game`; the value of the
//! attribute itself is on one line.

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

/// The next element of `line` at or after `from`. `open` says whether a
/// `<game` tag of an earlier line goes on in this one, and is left saying
/// whether the tag goes on in the next.
pub(crate) fn scan(line: &[u8], from: usize, open: &mut bool) -> Step {
    let from = from.min(line.len());
    if std::mem::take(open) {
        return game_at(line, from, from, open);
    }
    let rest = &line[from..];
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
        (_, Some(g)) => game_at(line, from + g, from + g + b"<game".len(), open),
        _ => Step::Done,
    }
}

/// The game element whose tag goes on at `from` of `line`, having started
/// at `start` (of this line, or of an earlier one when they are equal). If
/// the tag ends neither its data nor itself on this line, `open` is set
/// and the next line goes on with it.
fn game_at(line: &[u8], start: usize, from: usize, open: &mut bool) -> Step {
    let tag_end = find(&line[from..], b">").map(|k| from + k + 1);
    let end = tag_end.unwrap_or(line.len());
    let data = find(&line[from..end], b"data=").and_then(|at| {
        let quote_at = from + at + b"data=".len();
        let &quote @ (b'\'' | b'"') = line.get(quote_at)? else {
            return None;
        };
        let value = quote_at + 1;
        let length = line[value..].iter().position(|&b| b == quote)?;
        Some(value..value + length)
    });
    match data {
        Some(data) => {
            let next = find(&line[data.end..], b">").map_or(line.len(), |k| data.end + k + 1);
            Step::Game {
                scan: Scan::Record(Fields::puzzle(data)),
                next,
            }
        }
        None if tag_end.is_none() => {
            *open = true;
            Step::Done
        }
        None => Step::Game {
            scan: Scan::Bad {
                column: start + 1,
                kind: ParseErrorKind::MissingField {
                    field: "data",
                    expected: "<game data='...'/>",
                },
            },
            next: end,
        },
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
        let mut open = false;
        let Step::Name { title, next } = scan(line, 0, &mut open) else {
            panic!()
        };
        assert_eq!(&line[title], b"Easy");
        let Step::Game { scan: first, next } = scan(line, next, &mut open) else {
            panic!()
        };
        assert_eq!(first, Scan::Record(Fields::puzzle(29..33)));
        let Step::Game { scan: second, next } = scan(line, next, &mut open) else {
            panic!()
        };
        assert_eq!(second, Scan::Record(Fields::puzzle(49..53)));
        assert_eq!(scan(line, next, &mut open), Step::Done);
    }

    #[test]
    fn markup_alone_holds_nothing() {
        let mut open = false;
        assert_eq!(scan(b"<?xml version=\"1.0\"?>", 0, &mut open), Step::Done);
        assert_eq!(
            scan(b"  <author>romario333</author>", 0, &mut open),
            Step::Done
        );
        assert!(!open);
    }

    #[test]
    fn a_game_without_data_is_reported_where_its_tag_ends() {
        let mut open = false;
        let Step::Game { scan: bad, .. } = scan(b"  <game level='easy'>", 0, &mut open) else {
            panic!()
        };
        assert!(matches!(bad, Scan::Bad { column: 3, .. }));
        assert_eq!(scan(b"  <game level='easy'", 0, &mut open), Step::Done);
        assert!(open);
        let Step::Game { scan: bad, .. } = scan(b"  />", 0, &mut open) else {
            panic!()
        };
        assert!(matches!(bad, Scan::Bad { column: 1, .. }));
    }

    #[test]
    fn a_game_cut_across_lines() {
        let mut open = false;
        assert_eq!(scan(b"<game level='easy'", 0, &mut open), Step::Done);
        assert!(open);
        let line = b"  data='1234'";
        let Step::Game { scan: game, next } = scan(line, 0, &mut open) else {
            panic!()
        };
        assert_eq!(game, Scan::Record(Fields::puzzle(8..12)));
        assert!(!open);
        assert_eq!(scan(line, next, &mut open), Step::Done);
        assert_eq!(scan(b"  created='2024'/>", 0, &mut open), Step::Done);
    }
}
