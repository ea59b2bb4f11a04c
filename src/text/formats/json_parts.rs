//! The parts every JSON puzzle reader shares (the description, f-puzzles
//! exports, and the rules beyond "once per unit" in both): a mistake and
//! where it is, the members of an object, key paths, and cell names.

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

/// The members of `value`, which must be an object with no key twice and
/// none outside `keys` (`expected` lists them for messages).
pub(crate) fn members<'a>(
    path: &str,
    value: &'a Json,
    keys: &[&str],
    expected: &'static str,
) -> Result<&'a [Member], Problem> {
    let Value::Object(members) = &value.value else {
        return Err(not_an_object(path, value));
    };
    for (k, member) in members.iter().enumerate() {
        let key = join(path, &member.key);
        if !keys.contains(&member.key.as_str()) {
            return Err(Problem::unknown(&key, member.key_at, expected));
        }
        if members[..k].iter().any(|m| m.key == member.key) {
            return Err(Problem::found(
                &key,
                member.key_at,
                "the key a second time",
                "each key once",
            ));
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

/// `key` inside the object at `path`.
pub(crate) fn join(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        format!("{path}.{key}")
    }
}

/// `r<row>c<col>`, from 1, for cell `cell` of a grid of side `side`.
pub(crate) fn cell_name(cell: usize, side: usize) -> String {
    format!("r{}c{}", cell / side + 1, cell % side + 1)
}

/// The cell named `name` (`r<row>c<col>` from 1, either case) in a grid of
/// side `side`.
pub(crate) fn parse_cell(name: &str, side: usize) -> Option<usize> {
    let lower = name.to_ascii_lowercase();
    let (row, column) = lower.strip_prefix('r')?.split_once('c')?;
    let number = |text: &str| {
        let value: usize = text.parse().ok()?;
        (text.bytes().all(|b| b.is_ascii_digit()) && (1..=side).contains(&value)).then_some(value)
    };
    Some((number(row)? - 1) * side + number(column)? - 1)
}
