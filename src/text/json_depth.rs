//! Where a JSON object laid out over lines stands after each of its lines:
//! how deep in objects and arrays, and whether a value may come next.
//!
//! The reader gathers an object laid out over lines up to the `}` that
//! closes it. A line that starts with `{` where the object cannot take a
//! value (where its next key is due) cannot belong to it: it starts a record
//! of its own, and the object before it was never closed. Telling the two
//! apart needs the nesting and the last token, not a parse of the text.

/// The state of a JSON object read line by line, strings skipped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct JsonDepth {
    /// Objects and arrays open.
    depth: u32,
    /// The last byte outside strings that is not blank; `"` for a string.
    last: u8,
}

impl JsonDepth {
    /// The state after `{`, the first line of an object laid out over
    /// lines.
    pub(crate) fn opened() -> JsonDepth {
        JsonDepth {
            depth: 1,
            last: b'{',
        }
    }

    /// Reads one more line. A JSON string cannot hold a line break, so a
    /// string still open at the end of the line ends there.
    pub(crate) fn feed(&mut self, line: &[u8]) {
        let mut in_string = false;
        let mut escaped = false;
        for &byte in line {
            if in_string {
                match byte {
                    _ if escaped => escaped = false,
                    b'\\' => escaped = true,
                    b'"' => in_string = false,
                    _ => {}
                }
                continue;
            }
            match byte {
                b'"' => in_string = true,
                b'{' | b'[' => self.depth += 1,
                b'}' | b']' => self.depth = self.depth.saturating_sub(1),
                _ if byte.is_ascii_whitespace() => continue,
                _ => {}
            }
            self.last = byte;
        }
    }

    /// True unless the text stands directly inside the outer object where
    /// no value may come: after its `{`, a `,` or a value, where a key or
    /// its end is due. Deeper in (in an array, or a nested object), any
    /// `{` may be a value, and is taken as one.
    pub(crate) fn takes_value(&self) -> bool {
        self.depth != 1 || self.last == b':'
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The state after the lines of `text`, the object's first line `{`
    /// left out.
    fn after(text: &str) -> JsonDepth {
        let mut depth = JsonDepth::opened();
        for line in text.lines() {
            depth.feed(line.as_bytes());
        }
        depth
    }

    #[test]
    fn a_value_is_taken_after_a_colon_or_deeper_in_only() {
        assert!(!JsonDepth::opened().takes_value());
        assert!(after("\"givens\":").takes_value());
        assert!(!after("\"givens\": \"1.2\",").takes_value());
        assert!(!after("\"givens\": \"1.2\"").takes_value());
        assert!(after("\"cages\": [").takes_value());
        assert!(after("\"cages\": [\n{\"cells\": [1, 2], \"sum\": 3},").takes_value());
        assert!(!after("\"cages\": [\n{\"cells\": [1, 2], \"sum\": 3}\n],").takes_value());
    }

    #[test]
    fn brackets_and_colons_inside_strings_do_not_count() {
        assert!(!after("\"title\": \"{[: \\\" ]\"").takes_value());
        assert_eq!(after("\"title\": \"{[\"").depth, 1);
    }

    #[test]
    fn a_string_cut_at_the_end_of_its_line_ends_there() {
        // `"givens": "12` cut short: the next line is read outside it.
        let mut depth = after("\"givens\": \"12");
        assert!(!depth.takes_value());
        depth.feed(b"\"title\": \"x\"");
        assert_eq!(depth, after("\"title\": \"x\""));
    }
}
