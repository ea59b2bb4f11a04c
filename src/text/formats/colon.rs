//! `puzzle:count:solution` lines, the test data of many solvers: a puzzle,
//! the number of solutions it has, and its solution when it has one. The
//! count and the solution may be left out (`puzzle:count`, `puzzle:count:`);
//! text after the first white space is a comment.

use super::{shown, Fields, Scan};
use crate::text::error::ParseErrorKind;
use crate::text::lines::{comment, Line};

/// The fields of one line.
pub(crate) fn scan(text: &Line) -> Scan {
    let line = text.bytes();
    let Some(start) = line.iter().position(|b| !b.is_ascii_whitespace()) else {
        return Scan::Skip;
    };
    if line[start] == b'#' {
        return Scan::Skip;
    }
    let end = line[start..]
        .iter()
        .position(u8::is_ascii_whitespace)
        .map_or(line.len(), |k| start + k);
    let mut fields = line[start..end].split(|&b| b == b':');
    let puzzle = fields.next().unwrap_or_default();
    let mut record = Fields::puzzle(start..start + puzzle.len());
    let title = comment(line, end..line.len());
    if !title.is_empty() {
        record.title = Some(title);
    }
    let mut at = record.puzzle.end + 1;
    if let Some(count) = fields.next() {
        match std::str::from_utf8(count).ok().and_then(|c| c.parse().ok()) {
            Some(count) => record.count = Some(count),
            None if count.is_empty() => {}
            None => {
                return Scan::Bad {
                    column: at + 1,
                    kind: ParseErrorKind::BadField {
                        field: "count",
                        found: shown(&text.text(at..at + count.len())),
                        expected: "a number of solutions",
                    },
                }
            }
        }
        at += count.len() + 1;
    }
    if let Some(solution) = fields.next().filter(|s| !s.is_empty()) {
        record.solution = Some(at..at + solution.len());
        at += solution.len() + 1;
    }
    if fields.next().is_some() {
        return Scan::Bad {
            column: at,
            kind: ParseErrorKind::BadField {
                field: "line",
                found: "a fourth field".into(),
                expected: "puzzle:count:solution",
            },
        };
    }
    Scan::Record(record)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::lines::tests::line;

    fn record(text: &str) -> Fields {
        match scan(&line(text)) {
            Scan::Record(fields) => fields,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn all_three_fields_and_a_comment() {
        let fields = record("1234:1:4321  # easy");
        assert_eq!(fields.puzzle, 0..4);
        assert_eq!(fields.count, Some(1));
        assert_eq!(fields.solution, Some(7..11));
        assert_eq!(fields.title, Some(15..19));
    }

    #[test]
    fn count_and_solution_may_be_left_out() {
        let fields = record("  1234:0:");
        assert_eq!(
            (fields.puzzle, fields.count, fields.solution),
            (2..6, Some(0), None)
        );
        assert_eq!(record("1234::").count, None);
        assert_eq!(record("1234").solution, None);
    }

    #[test]
    fn bad_count_and_extra_field() {
        match scan(&line("1234:x2:4321")) {
            Scan::Bad { column, kind } => {
                assert_eq!(column, 6);
                assert_eq!(
                    kind.to_string(),
                    "found \"x2\" in the count field; expected a number of solutions"
                );
            }
            other => panic!("{other:?}"),
        }
        assert!(matches!(
            scan(&line("1234:1:4321:9")),
            Scan::Bad { column: 12, .. }
        ));
    }

    #[test]
    fn blank_and_comment_lines_hold_nothing() {
        assert_eq!(scan(&line("   ")), Scan::Skip);
        assert_eq!(scan(&line("# header")), Scan::Skip);
    }
}
