//! The parts every JSON puzzle reader shares (the description, f-puzzles
//! exports, and the rules beyond "once per unit" in both): a mistake and
//! where it is, the members of an object, key paths, and cell names.

use std::fmt;

use crate::sudoku::frame::Frame;
use crate::text::error::ParseErrorKind;
use crate::text::json::{Json, Member, Value};

/// A mistake in a JSON puzzle: what is wrong, and the byte offset in the
/// text of the value it is about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Problem {
    /// Where, in bytes from the start of the JSON text.
    pub(crate) at: usize,
    /// What is wrong.
    pub(crate) kind: ParseErrorKind,
}

impl Problem {
    /// The value at `key` is `value`, not what was `expected`.
    pub(crate) fn bad(key: &str, value: &Json, expected: impl Into<String>) -> Problem {
        Problem::found(key, value.at, value.value.describe(), expected)
    }

    /// The value at `key` and offset `at` holds `found`, not what was
    /// `expected`.
    pub(crate) fn found(
        key: &str,
        at: usize,
        found: impl Into<String>,
        expected: impl Into<String>,
    ) -> Problem {
        Problem {
            at,
            kind: ParseErrorKind::Key {
                key: key.to_string(),
                found: found.into(),
                expected: expected.into(),
            },
        }
    }

    /// `key` is no key of its object, which has the keys `expected`.
    pub(crate) fn unknown(key: &str, at: usize, expected: &'static str) -> Problem {
        Problem {
            at,
            kind: ParseErrorKind::UnknownKey {
                key: key.to_string(),
                expected,
            },
        }
    }
}

/// The members of `value`, the object at `path`, which must have no key
/// twice and none outside `keys` (`expected` lists them for messages).
pub(crate) fn members<'a>(
    path: &Path,
    value: &'a Json,
    keys: &[&str],
    expected: &'static str,
) -> Result<&'a [Member], Problem> {
    let Value::Object(members) = &value.value else {
        return Err(not_an_object(&path.to_string(), value));
    };
    for (k, member) in members.iter().enumerate() {
        let key = path.member(&member.key);
        if !keys.contains(&member.key.as_str()) {
            return Err(Problem::unknown(&key.to_string(), member.key_at, expected));
        }
        if members[..k].iter().any(|m| m.key == member.key) {
            return Err(key.found(member.key_at, "the key a second time", "each key once"));
        }
    }
    Ok(members)
}

/// The error of `value` at `path` (the whole line when empty), which is no
/// JSON object.
pub(crate) fn not_an_object(path: &str, value: &Json) -> Problem {
    if !path.is_empty() {
        return Problem::bad(path, value, "a JSON object");
    }
    Problem {
        at: value.at,
        kind: ParseErrorKind::Json {
            found: value.value.describe(),
            expected: "a JSON object",
        },
    }
}

/// The value of `key` in `members`, if it is there.
pub(crate) fn get<'a>(members: &'a [Member], key: &str) -> Option<&'a Json> {
    members.iter().find(|m| m.key == key).map(|m| &m.value)
}

/// Where a value is in a JSON puzzle, as messages name it: `xv[3].cells`,
/// `cages[0].sum`, or `givens` for a key of the whole object. A path is a
/// chain of links to its parent on the stack, so that reading a value
/// builds no text; it is written out (by `Display`: `path.key`, or `key`
/// alone under the whole object, and `path[index]`) only for a message.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Path<'a> {
    /// A path already written out: a key of the whole object, or nothing
    /// for the whole object itself.
    Text(&'a str),
    /// The item at an index of the array at a path.
    Item(&'a Path<'a>, usize),
    /// The member under a key of the object at a path.
    Member(&'a Path<'a>, &'a str),
}

impl<'a> Path<'a> {
    /// Item `index` of the array at this path: `path[index]`.
    pub(crate) fn item(&'a self, index: usize) -> Path<'a> {
        Path::Item(self, index)
    }

    /// The member `key` of the object at this path: `path.key`, or `key`
    /// alone at the whole object.
    pub(crate) fn member(&'a self, key: &'a str) -> Path<'a> {
        Path::Member(self, key)
    }

    /// [`Problem::bad`] at this path: the value here is `value`, not what
    /// was `expected`.
    pub(crate) fn bad(&self, value: &Json, expected: impl Into<String>) -> Problem {
        Problem::bad(&self.to_string(), value, expected)
    }

    /// [`Problem::found`] at this path: the value here, at offset `at`,
    /// holds `found`, not what was `expected`.
    pub(crate) fn found(
        &self,
        at: usize,
        found: impl Into<String>,
        expected: impl Into<String>,
    ) -> Problem {
        Problem::found(&self.to_string(), at, found, expected)
    }

    /// Whether this path is written as nothing (the whole object).
    fn is_empty(&self) -> bool {
        match self {
            Path::Text(text) => text.is_empty(),
            Path::Item(..) => false,
            Path::Member(parent, key) => parent.is_empty() && key.is_empty(),
        }
    }
}

impl fmt::Display for Path<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Path::Text(text) => f.write_str(text),
            Path::Item(parent, index) => write!(f, "{parent}[{index}]"),
            Path::Member(parent, key) if parent.is_empty() => f.write_str(key),
            Path::Member(parent, key) => write!(f, "{parent}.{key}"),
        }
    }
}

/// `r<row>c<col>`, from 1, for cell `cell` of `frame`: its row and column
/// in the frame, so that the cells of a shape of several grids are named
/// across the whole frame.
pub(crate) fn cell_name(cell: usize, frame: &Frame) -> String {
    frame.position(cell).to_string()
}

/// The cell named `name` (`r<row>c<col>` from 1, either case) in `frame`;
/// `None` when the name is malformed or no cell of the frame sits there.
pub(crate) fn parse_cell(name: &str, frame: &Frame) -> Option<usize> {
    let rest = name.strip_prefix(['r', 'R'])?;
    let (row, column) = rest.split_once(['c', 'C'])?;
    let number = |text: &str| {
        let value: usize = text.parse().ok()?;
        (text.bytes().all(|b| b.is_ascii_digit()) && value >= 1).then_some(value)
    };
    frame.cell_at(number(row)? - 1, number(column)? - 1)
}

/// The rows and columns of `frame`'s cell names, for messages: `rows and
/// columns 1 to 9`, or `rows 1 to R and columns 1 to C` with `, where a
/// grid is` on a frame with gaps.
pub(crate) fn cell_range(frame: &Frame) -> String {
    let where_ = if frame.is_full() {
        ""
    } else {
        ", where a grid is"
    };
    match (frame.rows(), frame.columns()) {
        (rows, columns) if rows == columns => format!("rows and columns 1 to {rows}{where_}"),
        (rows, columns) => format!("rows 1 to {rows} and columns 1 to {columns}{where_}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::grid::Size;
    use crate::sudoku::shape::{NamedShape, Shape};

    /// `key` inside the object at `path`, written out as the readers wrote
    /// their paths before [`Path`].
    fn join(path: &str, key: &str) -> String {
        if path.is_empty() {
            key.to_string()
        } else {
            format!("{path}.{key}")
        }
    }

    #[test]
    fn a_path_is_written_as_join_and_brackets_write_it() {
        let root = Path::Text("");
        let xv = root.member("xv");
        let entry = xv.item(3);
        assert_eq!(entry.member("cells").item(1).to_string(), "xv[3].cells[1]");
        assert_eq!(xv.to_string(), join("", "xv"));
        let cages = Path::Text("cages[0]");
        assert_eq!(cages.member("sum").to_string(), join("cages[0]", "sum"));
        // Empty keys, as a mistaken line may hold, are written as join would.
        let empty = root.member("");
        assert_eq!(empty.to_string(), join("", ""));
        assert_eq!(empty.member("a").to_string(), join(&join("", ""), "a"));
        assert_eq!(entry.member("").to_string(), join("xv[3]", ""));
        assert_eq!(empty.item(0).to_string(), format!("{}[0]", join("", "")));
    }

    #[test]
    fn cell_names_in_either_case() {
        let nine = Frame::square(9);
        assert_eq!(parse_cell("r1c1", &nine), Some(0));
        assert_eq!(parse_cell("R9C9", &nine), Some(80));
        assert_eq!(parse_cell("r2C3", &nine), Some(11));
        for bad in [
            "r0c1", "r10c1", "r1c", "c1r1", "r+1c1", "r1c1 ", "", "rc", "r１c1",
        ] {
            assert_eq!(parse_cell(bad, &nine), None, "{bad}");
        }
        assert_eq!(cell_range(&nine), "rows and columns 1 to 9");
    }

    #[test]
    fn a_shape_names_its_cells_across_its_frame() {
        let samurai = Shape::Named(NamedShape::Samurai).frame(Size::NINE);
        let centre = parse_cell("r10c10", &samurai).unwrap();
        assert_eq!(cell_name(centre, &samurai), "r10c10");
        assert_eq!(parse_cell("r1c1", &samurai), Some(0));
        assert_eq!(parse_cell("r21c21", &samurai), Some(368));
        // The gaps between the grids hold no cell.
        assert_eq!(parse_cell("r1c10", &samurai), None);
        assert_eq!(parse_cell("r22c1", &samurai), None);
        let range = "rows and columns 1 to 21, where a grid is";
        assert_eq!(cell_range(&samurai), range);
        let wide = Shape::Grids(vec![(0, 0), (0, 6)]).frame(Size::NINE);
        assert_eq!(cell_range(&wide), "rows 1 to 9 and columns 1 to 15");
    }
}
