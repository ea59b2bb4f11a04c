//! JSON lines: one object per puzzle, written with serde_json, fields that
//! do not apply left out, and the puzzle's rules when they are not the
//! classic ones, under the keys of its JSON description (`boxes`,
//! `regions`, `variants`, `cages`, `extra_regions`).

use serde::ser::{Serialize, Serializer};

use std::io::Write as _;

use sudoku_dlx::{write_line, write_rules, Alphabet, Candidates, Grid, Record};

use super::fields::Fields;
use crate::cli::candidates;
use crate::cli::facts::{Facts, Place};

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
        if let Some(candidates) = self.candidates {
            map.serialize_entry("candidates", &CellCandidates(candidates))?;
        }
        if let Some(seen) = &self.solutions_seen {
            map.serialize_entry("solutions", seen)?;
        }
        if let Some(count) = self.count {
            map.serialize_entry("count", &count)?;
        }
        if let Some(limit_reached) = self.limit_reached {
            map.serialize_entry("limit_reached", &limit_reached)?;
        }
        if let Some(score) = self.score {
            map.serialize_entry("score", &score)?;
        }
        if let Some(level) = self.level {
            map.serialize_entry("level", level)?;
        }
        if let Some(minimal) = self.minimal {
            map.serialize_entry("minimal", &minimal)?;
        }
        if let Some(redundant) = &self.redundant {
            map.serialize_entry("redundant", redundant)?;
        }
        if let Some(symmetry) = &self.symmetry {
            map.serialize_entry("symmetry", symmetry)?;
        }
        if let Some(hardest) = self.hardest {
            map.serialize_entry("hardest", hardest)?;
        }
        if let Some(branches) = self.branches {
            map.serialize_entry("branches", &branches)?;
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

/// The true candidates of every cell, as a JSON array of strings.
struct CellCandidates<'a>((&'a Candidates, Alphabet));

impl Serialize for CellCandidates<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let (candidates, alphabet) = self.0;
        let mut symbols = Vec::new();
        serializer.collect_seq((0..candidates.masks().len()).map(|cell| {
            symbols.clear();
            candidates::write_cell(&mut symbols, candidates, cell, alphabet);
            String::from_utf8_lossy(&symbols).into_owned()
        }))
    }
}

/// Appends `fields` as one JSON line to `out`.
pub fn write(fields: &Fields<'_>, out: &mut Vec<u8>) {
    // Writing into memory cannot fail, and every field serialises.
    let _ = serde_json::to_writer(&mut *out, fields);
    if let Some((rules, size)) = fields.rules {
        // Into the object: before its closing brace.
        out.pop();
        write_rules(out, rules, size);
        out.push(b'}');
    }
    out.push(b'\n');
}

/// Appends `value` as a JSON string.
fn string(out: &mut Vec<u8>, value: &str) {
    // Writing into memory cannot fail, and a string serialises.
    let _ = serde_json::to_writer(&mut *out, value);
}

/// Opens the object of a `--all` group: the fields known before the
/// search, then the `solutions` array that the search fills.
pub fn group_start(place: Place<'_>, record: Option<&Record>, facts: &Facts, out: &mut Vec<u8>) {
    group_open(place, facts, out);
    if let Some(record) = record {
        if !record.title.is_empty() {
            out.extend_from_slice(b",\"title\":");
            string(out, &record.title);
        }
        out.extend_from_slice(b",\"puzzle\":\"");
        write_line(out, &record.grid, record.alphabet);
        out.push(b'"');
        write_rules(out, &record.rules, record.grid.size());
    }
    out.extend_from_slice(b",\"solutions\":[");
}

/// The first fields of a group's object: where its puzzle is.
fn group_open(place: Place<'_>, facts: &Facts, out: &mut Vec<u8>) {
    out.extend_from_slice(b"{\"source\":");
    string(out, place.source);
    let _ = write!(out, ",\"line\":{}", place.line);
    if let Some(column) = facts.column {
        let _ = write!(out, ",\"column\":{column}");
    }
}

/// Appends one solution to the `solutions` array of a group.
pub fn group_solution(record: &Record, index: u64, solution: &Grid, out: &mut Vec<u8>) {
    if index > 0 {
        out.push(b',');
    }
    out.push(b'"');
    write_line(out, solution, record.alphabet);
    out.push(b'"');
}

/// Closes the object of a group with the fields known after the search.
pub fn group_end(facts: &Facts, out: &mut Vec<u8>) {
    out.extend_from_slice(b"],\"status\":");
    string(out, facts.verdict.word());
    if let Some(found) = facts.found {
        let _ = write!(
            out,
            ",\"count\":{found},\"limit_reached\":{}",
            facts.stopped_at_limit && !facts.gave_up
        );
    }
    if !facts.reason.is_empty() {
        out.extend_from_slice(b",\"error\":");
        string(out, &facts.reason);
    }
    out.extend_from_slice(b"}\n");
}
