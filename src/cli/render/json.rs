//! JSON lines: one object per puzzle, written with serde_json, fields that
//! do not apply left out.

use serde::ser::{Serialize, Serializer};

use super::Fields;

impl Serialize for Fields<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("source", self.source)?;
        map.serialize_entry("line", &self.line)?;
        if let Some(column) = self.column {
            map.serialize_entry("column", &column)?;
        }
        if !self.title.is_empty() {
            map.serialize_entry("title", self.title)?;
        }
        if let Some(puzzle) = self.puzzle {
            map.serialize_entry("puzzle", puzzle)?;
        }
        map.serialize_entry("status", self.status)?;
        if let Some(solution) = self.solution {
            map.serialize_entry("solution", solution)?;
        }
        if self.solutions.is_some() {
            map.serialize_entry("solutions", &Solutions(self))?;
        }
        if let Some(count) = self.count {
            map.serialize_entry("count", &count)?;
        }
        if let Some(limit_reached) = self.limit_reached {
            map.serialize_entry("limit_reached", &limit_reached)?;
        }
        if let Some(error) = self.error {
            map.serialize_entry("error", error)?;
        }
        map.end()
    }
}

/// The solutions of a `--all` answer, as a JSON array.
struct Solutions<'a, 'b>(&'b Fields<'a>);

impl Serialize for Solutions<'_, '_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.each_solution())
    }
}

/// Appends `fields` as one JSON line to `out`.
pub fn write(fields: &Fields<'_>, out: &mut Vec<u8>) {
    // Writing into memory cannot fail, and every field serialises.
    let _ = serde_json::to_writer(&mut *out, fields);
    out.push(b'\n');
}
