//! Comma-separated values: one puzzle per row, and optionally its expected
//! solution. A first row whose fields are names (a letter or `#`, then
//! letters, digits and a few signs; none a puzzle) is a header, and its names choose
//! the columns: `puzzle` or `quizzes` (Kaggle) for the puzzle,
//! `solution` or `solutions` for the solution, in any case and any column.
//! Without a header the first column is the puzzle and the second, when it
//! holds a grid, the solution. Fields may be quoted.
//!
//! Rows are read line by line, so a quoted field cannot span lines; no
//! puzzle needs that.

use std::ops::Range;

use super::{looks_like_puzzle, trimmed, Fields, Scan};
use crate::text::error::ParseErrorKind;

/// Header names of the puzzle column.
const PUZZLE_NAMES: &[&str] = &["puzzle", "puzzles", "quizzes", "quiz", "sudoku", "grid"];
/// Header names of the solution column.
const SOLUTION_NAMES: &[&str] = &["solution", "solutions", "answer"];

/// Which columns hold what, once the first row has said so.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Columns {
    decided: bool,
    puzzle: usize,
    solution: Option<usize>,
}

/// The fields of one row; the first row decides `columns`.
pub(crate) fn scan(line: &[u8], columns: &mut Columns) -> Scan {
    let first = line.iter().find(|b| !b.is_ascii_whitespace());
    if first.is_none() || first == Some(&b'#') {
        return Scan::Skip;
    }
    if !columns.decided {
        columns.decided = true;
        if is_header(line) {
            *columns = header(line);
            return Scan::Skip;
        }
        let second_is_grid = fields(line)
            .nth(1)
            .is_some_and(|field| looks_like_puzzle(&line[field]));
        columns.solution = second_is_grid.then_some(1);
    }
    let Some(puzzle) = fields(line).nth(columns.puzzle) else {
        return Scan::Bad {
            column: line.len() + 1,
            kind: ParseErrorKind::MissingField {
                field: "puzzle",
                expected: "a puzzle in the column the first row gave",
            },
        };
    };
    let mut record = Fields::puzzle(puzzle);
    record.solution = columns
        .solution
        .and_then(|k| fields(line).nth(k))
        .filter(|field| !field.is_empty());
    Scan::Record(record)
}

/// True when every field of the first row `line` is a name (a letter or
/// `#`, then letters, digits, spaces and [`NAME_SIGNS`]), and one is there:
/// a row of digits and dots that is no whole puzzle, such as one cut short
/// or mistyped, is a record to report, not a header to skip.
fn is_header(line: &[u8]) -> bool {
    let is_name = |field: &[u8]| {
        field.len() <= MAX_NAME
            && field
                .first()
                .is_some_and(|&b| b.is_ascii_alphabetic() || b == b'#')
            && field
                .iter()
                .all(|&b| b.is_ascii_alphanumeric() || b >= 0x80 || NAME_SIGNS.contains(&b))
            && !looks_like_puzzle(field)
    };
    let mut named = false;
    for field in fields(line) {
        let field = &line[field];
        if !field.is_empty() {
            if !is_name(field) {
                return false;
            }
            named = true;
        }
    }
    named
}

/// The signs a header name may hold beside letters and digits.
const NAME_SIGNS: &[u8] = b" _-().#/[]%:'&+";

/// The longest header name, in bytes.
const MAX_NAME: usize = 40;

/// The columns a header row names.
fn header(line: &[u8]) -> Columns {
    let named = |names: &[&str]| {
        fields(line).position(|field| {
            let name = &line[field];
            names
                .iter()
                .any(|n| n.as_bytes().eq_ignore_ascii_case(name))
        })
    };
    Columns {
        decided: true,
        puzzle: named(PUZZLE_NAMES).unwrap_or(0),
        solution: named(SOLUTION_NAMES),
    }
}

/// The fields of a row, trimmed and without their quotes.
fn fields(line: &[u8]) -> impl Iterator<Item = Range<usize>> + '_ {
    let mut at = Some(0);
    std::iter::from_fn(move || {
        let start = at?;
        let mut quoted = false;
        let mut end = line.len();
        for (k, &byte) in line.iter().enumerate().skip(start) {
            match byte {
                b'"' => quoted = !quoted,
                b',' if !quoted => {
                    end = k;
                    break;
                }
                _ => {}
            }
        }
        at = (end < line.len()).then_some(end + 1);
        let field = trimmed(line, start..end);
        let is_quoted =
            field.len() >= 2 && line[field.start] == b'"' && line[field.end - 1] == b'"';
        Some(if is_quoted {
            field.start + 1..field.end - 1
        } else {
            field
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str =
        "004300209005009001070060043006002087190007400050083000600000105003508690042910300";
    const SOLUTION: &str =
        "864371259325849761971265843436192587198657432257483916689734125713528694542916378";

    fn scan_all(text: &str) -> Vec<Scan> {
        let mut columns = Columns::default();
        text.lines()
            .map(|line| scan(line.as_bytes(), &mut columns))
            .collect()
    }

    #[test]
    fn kaggle_header_and_rows() {
        let text = format!("quizzes,solutions\n{PUZZLE},{SOLUTION}\n");
        let scans = scan_all(&text);
        assert_eq!(scans[0], Scan::Skip);
        let Scan::Record(fields) = &scans[1] else {
            panic!("{scans:?}")
        };
        assert_eq!(fields.puzzle, 0..81);
        assert_eq!(fields.solution, Some(82..163));
    }

    #[test]
    fn named_columns_in_any_order_and_quotes() {
        let text = format!("id,\"Solution\",Puzzle,rating\n7,\"{SOLUTION}\",{PUZZLE},2.5\n");
        let Scan::Record(fields) = &scan_all(&text)[1] else {
            panic!()
        };
        let line = text.lines().nth(1).unwrap();
        assert_eq!(&line[fields.puzzle.clone()], PUZZLE);
        assert_eq!(&line[fields.solution.clone().unwrap()], SOLUTION);
    }

    #[test]
    fn no_header_means_puzzle_then_solution() {
        let text = format!("{PUZZLE}\n{PUZZLE},\n");
        let scans = scan_all(&text);
        assert_eq!(scans.len(), 2);
        for scan in scans {
            let Scan::Record(fields) = scan else { panic!() };
            assert_eq!((fields.puzzle, fields.solution), (0..81, None));
        }
    }

    #[test]
    fn a_first_row_of_digits_and_dots_is_a_record_not_a_header() {
        // A puzzle cut short by a stray comma: no field is a whole grid,
        // yet it is no header either.
        let text = format!("{},{}\n{PUZZLE}\n", &PUZZLE[..14], &PUZZLE[15..]);
        let scans = scan_all(&text);
        let Scan::Record(fields) = &scans[0] else {
            panic!("{scans:?}")
        };
        assert_eq!(
            (fields.puzzle.clone(), fields.solution.clone()),
            (0..14, None)
        );
        assert!(matches!(scans[1], Scan::Record(_)));
        for header in [
            "Puzzle (SE 9.1),Solution",
            "id,#,rating.se",
            "quizzes,",
            "Rätsel,time [s],score %",
        ] {
            assert!(is_header(header.as_bytes()), "{header}");
        }
        for row in [
            "1.2,puzzle",
            "",
            " , ",
            "2024,puzzle",
            "A.B.C.D.E.F.G.1.2.3.4.5.6.7.8.9.0.1.2.3.4.5.6",
        ] {
            assert!(!is_header(row.as_bytes()), "{row}");
        }
    }

    #[test]
    fn a_short_row_names_its_end() {
        let scans = scan_all("id,puzzle\n17\n");
        assert!(matches!(
            &scans[1],
            Scan::Bad {
                column: 3,
                kind: ParseErrorKind::MissingField {
                    field: "puzzle",
                    ..
                }
            }
        ));
    }
}
