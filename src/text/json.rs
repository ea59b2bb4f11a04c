//! A small JSON reader for the puzzle descriptions and f-puzzles exports:
//! one value read whole into a tree that keeps where each value starts, so
//! that a message can name the column of a bad value as well as its key.
//!
//! It is written here rather than taken from a crate so that the library
//! reads JSON puzzles with no dependency beyond thiserror, and so that every
//! value carries its place in the line. It reads standard JSON (RFC 8259):
//! objects, arrays, strings with every escape, numbers, `true`, `false` and
//! `null`; nesting is capped so that no input can exhaust the stack.

use std::fmt;

/// Arrays and objects nested deeper than this are refused.
const MAX_DEPTH: usize = 64;

/// One JSON value and the byte offset of its first character in the text.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Json {
    /// The value.
    pub(crate) value: Value,
    /// Where it starts in the text, in bytes.
    pub(crate) at: usize,
}

/// A JSON value.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Value {
    Null,
    Bool(bool),
    Number(f64),
    String(String),
    Array(Vec<Json>),
    /// The members in the order written, each key with its offset.
    Object(Vec<Member>),
}

/// One member of an object.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Member {
    /// The key.
    pub(crate) key: String,
    /// Where the key starts in the text, in bytes.
    pub(crate) key_at: usize,
    /// The value.
    pub(crate) value: Json,
}

/// Why a text is not JSON: what was found where, and what was expected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SyntaxError {
    /// The byte offset of the mistake.
    pub(crate) at: usize,
    /// What was found, for a message.
    pub(crate) found: String,
    /// What would have been valid there.
    pub(crate) expected: &'static str,
}

impl Value {
    /// What kind of value this is, with the value itself when it is short,
    /// for messages: `the string "2x4"`, `the number 7`, `an array`.
    pub(crate) fn describe(&self) -> String {
        match self {
            Value::Null => "null".into(),
            Value::Bool(b) => format!("{b}"),
            Value::Number(x) => format!("the number {x}"),
            Value::String(s) if s.chars().count() <= 24 => format!("the string {s:?}"),
            Value::String(s) => {
                let short: String = s.chars().take(24).collect();
                format!("the string {short:?}...")
            }
            Value::Array(items) => format!("an array of {}", items.len()),
            Value::Object(_) => "an object".into(),
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe())
    }
}

/// Reads `text` as exactly one JSON value (white space around it allowed).
pub(crate) fn parse(text: &str) -> Result<Json, SyntaxError> {
    let mut parser = Parser {
        text: text.as_bytes(),
        source: text,
        at: 0,
        items: Vec::new(),
        members: Vec::new(),
    };
    parser.space();
    let value = parser.value(0)?;
    parser.space();
    if parser.at < parser.text.len() {
        return Err(parser.error("one JSON value only"));
    }
    Ok(value)
}

/// The state of one parse.
struct Parser<'a> {
    text: &'a [u8],
    source: &'a str,
    at: usize,
    /// The items read so far of the arrays open, innermost last: each
    /// array moves its own out when it closes, into a vector of just their
    /// number, so that no array's vector grows item by item.
    items: Vec<Json>,
    /// The same for the members of the objects open.
    members: Vec<Member>,
}

impl Parser<'_> {
    /// An error at the current place.
    fn error(&self, expected: &'static str) -> SyntaxError {
        let found = match self.source[self.at..].chars().next() {
            None => "the end of the line".to_string(),
            Some(c) if c.is_control() => format!("control character U+{:04X}", c as u32),
            Some(c) => format!("'{c}'"),
        };
        SyntaxError {
            at: self.at,
            found,
            expected,
        }
    }

    fn space(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.text.get(self.at) {
            self.at += 1;
        }
    }

    fn peek(&self) -> Option<u8> {
        self.text.get(self.at).copied()
    }

    /// Takes `byte` (after white space), or fails expecting `expected`.
    fn expect(&mut self, byte: u8, expected: &'static str) -> Result<(), SyntaxError> {
        self.space();
        if self.peek() == Some(byte) {
            self.at += 1;
            Ok(())
        } else {
            Err(self.error(expected))
        }
    }

    fn value(&mut self, depth: usize) -> Result<Json, SyntaxError> {
        const VALUE: &str = "a JSON value (object, array, string, number, true, false or null)";
        let at = self.at;
        let value = match self.peek() {
            Some(b'{') | Some(b'[') if depth >= MAX_DEPTH => {
                return Err(self.error("less deeply nested arrays and objects"))
            }
            Some(b'{') => self.object(depth)?,
            Some(b'[') => self.array(depth)?,
            Some(b'"') => Value::String(self.string()?),
            Some(b'-' | b'0'..=b'9') => self.number()?,
            Some(b't') if self.text[at..].starts_with(b"true") => {
                self.at += 4;
                Value::Bool(true)
            }
            Some(b'f') if self.text[at..].starts_with(b"false") => {
                self.at += 5;
                Value::Bool(false)
            }
            Some(b'n') if self.text[at..].starts_with(b"null") => {
                self.at += 4;
                Value::Null
            }
            _ => return Err(self.error(VALUE)),
        };
        Ok(Json { value, at })
    }

    fn object(&mut self, depth: usize) -> Result<Value, SyntaxError> {
        self.at += 1;
        self.space();
        if self.peek() == Some(b'}') {
            self.at += 1;
            return Ok(Value::Object(Vec::new()));
        }
        let start = self.members.len();
        loop {
            self.space();
            if self.peek() != Some(b'"') {
                return Err(self.error("a key in double quotes"));
            }
            let key_at = self.at;
            let key = self.string()?;
            self.expect(b':', "':' after the key")?;
            self.space();
            let value = self.value(depth + 1)?;
            self.members.push(Member { key, key_at, value });
            self.space();
            match self.peek() {
                Some(b',') => self.at += 1,
                Some(b'}') => {
                    self.at += 1;
                    return Ok(Value::Object(self.members.split_off(start)));
                }
                _ => return Err(self.error("',' or '}' after a member of an object")),
            }
        }
    }

    fn array(&mut self, depth: usize) -> Result<Value, SyntaxError> {
        self.at += 1;
        self.space();
        if self.peek() == Some(b']') {
            self.at += 1;
            return Ok(Value::Array(Vec::new()));
        }
        let start = self.items.len();
        loop {
            self.space();
            let item = self.value(depth + 1)?;
            self.items.push(item);
            self.space();
            match self.peek() {
                Some(b',') => self.at += 1,
                Some(b']') => {
                    self.at += 1;
                    return Ok(Value::Array(self.items.split_off(start)));
                }
                _ => return Err(self.error("',' or ']' after an item of an array")),
            }
        }
    }

    fn number(&mut self) -> Result<Value, SyntaxError> {
        let start = self.at;
        let digits = |parser: &mut Self| {
            let from = parser.at;
            while let Some(b'0'..=b'9') = parser.peek() {
                parser.at += 1;
            }
            parser.at > from
        };
        if self.peek() == Some(b'-') {
            self.at += 1;
        }
        if self.peek() == Some(b'0') {
            self.at += 1;
        } else if !digits(self) {
            return Err(self.error("a digit"));
        }
        if self.peek() == Some(b'.') {
            self.at += 1;
            if !digits(self) {
                return Err(self.error("a digit after the decimal point"));
            }
        }
        if let Some(b'e' | b'E') = self.peek() {
            self.at += 1;
            if let Some(b'+' | b'-') = self.peek() {
                self.at += 1;
            }
            if !digits(self) {
                return Err(self.error("a digit in the exponent"));
            }
        }
        let text = &self.source[start..self.at];
        Ok(Value::Number(text.parse().unwrap_or(f64::INFINITY)))
    }

    /// Reads a string whose opening quote is at the current place.
    fn string(&mut self) -> Result<String, SyntaxError> {
        self.at += 1;
        let mut out = String::new();
        loop {
            let start = self.at;
            let plain = self.text[start..]
                .iter()
                .position(|&b| b == b'"' || b == b'\\' || b < 0x20);
            self.at = plain.map_or(self.text.len(), |length| start + length);
            let run = &self.source[start..self.at];
            match self.peek() {
                // A string with no escape (most are) is copied once, to a
                // buffer of its length.
                Some(b'"') if out.is_empty() => {
                    self.at += 1;
                    return Ok(run.to_owned());
                }
                Some(b'"') => {
                    self.at += 1;
                    out.push_str(run);
                    return Ok(out);
                }
                Some(b'\\') => {
                    self.at += 1;
                    out.push_str(run);
                    out.push(self.escape()?);
                }
                Some(_) => return Err(self.error("a character or escape in a string")),
                None => return Err(self.error("'\"' closing the string")),
            }
        }
    }

    /// Reads the escape after a backslash.
    fn escape(&mut self) -> Result<char, SyntaxError> {
        const ESCAPE: &str = "an escape: \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX";
        let c = match self.peek() {
            Some(b'"') => '"',
            Some(b'\\') => '\\',
            Some(b'/') => '/',
            Some(b'b') => '\u{8}',
            Some(b'f') => '\u{c}',
            Some(b'n') => '\n',
            Some(b'r') => '\r',
            Some(b't') => '\t',
            Some(b'u') => {
                self.at += 1;
                let high = self.hex4()?;
                if !(0xD800..0xDC00).contains(&high) {
                    return char::from_u32(high).ok_or_else(|| self.error("no lone low surrogate"));
                }
                if !self.text[self.at..].starts_with(b"\\u") {
                    return Err(self.error("a low surrogate \\uDC00-\\uDFFF"));
                }
                self.at += 2;
                let low = self.hex4()?;
                if !(0xDC00..0xE000).contains(&low) {
                    return Err(self.error("a low surrogate \\uDC00-\\uDFFF"));
                }
                let code = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00);
                return char::from_u32(code).ok_or_else(|| self.error(ESCAPE));
            }
            _ => return Err(self.error(ESCAPE)),
        };
        self.at += 1;
        Ok(c)
    }

    /// Reads four hexadecimal digits.
    fn hex4(&mut self) -> Result<u32, SyntaxError> {
        let mut code = 0;
        for _ in 0..4 {
            let digit = self
                .peek()
                .and_then(|b| (b as char).to_digit(16))
                .ok_or_else(|| self.error("four hexadecimal digits after \\u"))?;
            code = code * 16 + digit;
            self.at += 1;
        }
        Ok(code)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(text: &str) -> Value {
        parse(text).unwrap().value
    }

    #[test]
    fn every_kind_of_value() {
        assert_eq!(value("null"), Value::Null);
        assert_eq!(value(" true "), Value::Bool(true));
        assert_eq!(value("-1.5e2"), Value::Number(-150.0));
        assert_eq!(value("0"), Value::Number(0.0));
        assert_eq!(
            value(r#""a\"b\\\/\n\u00e9\ud83d\ude00""#),
            Value::String("a\"b\\/\né\u{1F600}".into())
        );
        assert_eq!(value("\"é ５\""), Value::String("é ５".into()));
        let Value::Object(members) = value(r#"{"a": [1, {"b": null}], "c": "d"}"#) else {
            panic!("an object")
        };
        assert_eq!(members.len(), 2);
        assert_eq!((members[0].key.as_str(), members[0].key_at), ("a", 1));
        assert_eq!(members[0].value.at, 6);
        assert_eq!(members[1].value.value, Value::String("d".into()));
        assert_eq!(value("[]"), Value::Array(vec![]));
        assert_eq!(value("{}"), Value::Object(vec![]));
    }

    #[test]
    fn mistakes_say_where_and_what() {
        let cases = [
            ("{\"a\" 1}", 5, "':' after the key"),
            ("{\"a\": 1,}", 8, "a key in double quotes"),
            ("[1 2]", 3, "',' or ']' after an item of an array"),
            ("{\"a\": tru}", 6, "a JSON value"),
            ("\"abc", 4, "'\"' closing the string"),
            ("01", 1, "one JSON value only"),
            ("1.", 2, "a digit after the decimal point"),
            ("\"\\x\"", 2, "an escape"),
            ("\"\\ud800x\"", 7, "a low surrogate"),
            ("{} {}", 3, "one JSON value only"),
            ("", 0, "a JSON value"),
        ];
        for (text, at, expected) in cases {
            let error = parse(text).unwrap_err();
            assert_eq!(error.at, at, "{text}");
            assert!(error.expected.starts_with(expected), "{text}: {error:?}");
        }
        assert_eq!(parse("[1 2]").unwrap_err().found, "'2'");
        assert_eq!(parse("[").unwrap_err().found, "the end of the line");
    }

    #[test]
    fn token_soup_never_panics_and_mistakes_stay_inside_the_text() {
        use crate::sudoku::random::Rng;
        use crate::text::reader::PuzzleReader;
        use crate::text::record::Record;
        const TOKENS: [&str; 24] = [
            "{",
            "}",
            "[",
            "]",
            ":",
            ",",
            "\"",
            "\\",
            "\\u",
            "d83d",
            "é",
            "５",
            " ",
            "\n",
            "0",
            "-1.5e3",
            "true",
            "nul",
            "\"givens\"",
            "\"size\"",
            "\"grid\"",
            "\"1.3......2.....4\"",
            "\"variants\"",
            "\"cages\"",
        ];
        let mut rng = Rng::from_seed(11);
        for _ in 0..3000 {
            let mut text = String::from("{");
            for _ in 0..rng.below(40) {
                text.push_str(TOKENS[rng.below(TOKENS.len())]);
            }
            if let Err(error) = parse(&text) {
                assert!(error.at <= text.len(), "{text:?}: {error:?}");
            }
            let mut reader = PuzzleReader::new(text.as_bytes());
            let mut record = Record::default();
            while let Some(result) = reader.read_record(&mut record) {
                if let Err(crate::text::error::ReadError::Parse(error)) = result {
                    assert!(error.line >= 1 && error.column >= 1, "{text:?}: {error}");
                }
            }
        }
    }

    #[test]
    fn deep_nesting_is_refused_not_a_stack_overflow() {
        let deep = "[".repeat(100_000);
        assert!(parse(&deep).unwrap_err().expected.contains("nested"));
        let fine = format!("{}{}", "[".repeat(10), "]".repeat(10));
        assert!(parse(&fine).is_ok());
    }
}
