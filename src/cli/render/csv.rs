//! CSV: a header row, then one row per puzzle with the same fields as the
//! JSON lines, written with the csv crate; the solutions of `--all` share
//! one field, separated by spaces.

use super::fields::{shape_column, write_number, Fields};

/// The names of the columns.
const COLUMNS: [&str; 15] = [
    "source",
    "line",
    "column",
    "title",
    "puzzle",
    "status",
    "solution",
    "count",
    "limit_reached",
    "error",
    "score",
    "level",
    "hardest",
    "branches",
    "shape",
];

/// Appends the header row to `out`.
pub fn header(out: &mut Vec<u8>) {
    let mut writer = csv::Writer::from_writer(out);
    let _ = writer.write_record(COLUMNS);
    let _ = writer.flush();
}

/// The buffer of the per-row writer: a row of a 25x25 puzzle fits, and the
/// writer writes through when one does not.
const ROW_BUFFER: usize = 2 * 1024;

/// Appends `fields` as one row to `out`, with `field` as a scratch buffer.
pub fn write(fields: &Fields<'_>, out: &mut Vec<u8>, field: &mut Vec<u8>) {
    let writer = &mut csv::WriterBuilder::new()
        .buffer_capacity(ROW_BUFFER)
        .from_writer(out);
    // Writing into memory cannot fail.
    let _ = writer.write_field(fields.source);
    number(writer, field, Some(&fields.line));
    number(writer, field, fields.column.as_ref().map(|c| c as _));
    let _ = writer.write_field(fields.title);
    let _ = writer.write_field(fields.puzzle.unwrap_or_default());
    let _ = writer.write_field(fields.status);
    field.clear();
    match fields.solution {
        Some(solution) => field.extend_from_slice(solution.as_bytes()),
        None => {
            for (k, solution) in fields.each_solution().enumerate() {
                if k > 0 {
                    field.push(b' ');
                }
                field.extend_from_slice(solution.as_bytes());
            }
        }
    }
    let _ = writer.write_field(&field[..]);
    number(writer, field, fields.count.as_ref().map(|c| c as _));
    number(writer, field, fields.limit_reached.as_ref().map(|c| c as _));
    let _ = writer.write_field(fields.error.unwrap_or_default());
    number(writer, field, fields.score.as_ref().map(|c| c as _));
    let _ = writer.write_field(fields.level.unwrap_or_default());
    let _ = writer.write_field(fields.hardest.unwrap_or_default());
    number(writer, field, fields.branches.as_ref().map(|c| c as _));
    let shape = fields.rules.map(|(rules, _)| shape_column(&rules.shape));
    let _ = writer.write_field(shape.unwrap_or_default());
    let _ = writer.write_record(None::<&[u8]>);
    let _ = writer.flush();
}

/// Writes `value` (or nothing) as one field, through `field`.
fn number(
    writer: &mut csv::Writer<&mut Vec<u8>>,
    field: &mut Vec<u8>,
    value: Option<&dyn std::fmt::Display>,
) {
    field.clear();
    if let Some(value) = value {
        write_number(field, value);
    }
    let _ = writer.write_field(&field[..]);
}
