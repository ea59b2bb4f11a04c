//! Writing an answer in the output format asked for: text in the layout of
//! the puzzle ([`text`]), JSON lines ([`json`]), CSV ([`csv`]), or pictures:
//! SVG documents ([`svg`]) or one HTML page ([`html`]).
//!
//! The machine-readable formats share one view of an answer, [`Fields`], so
//! that both carry the same fields under the same names.

mod csv;
pub mod fields;
pub mod html;
mod json;
pub mod svg;
mod svg_rules;
mod text;

use sudoku_dlx::{Grid, Record};

use super::args::{Format, Task};
use super::facts::{Answer, Facts, Output, Place};
use fields::fields;

/// What comes before the first answer in `format`: the CSV header row,
/// the head of the HTML page.
pub fn header(format: Option<Format>) -> Vec<u8> {
    let mut out = Vec::new();
    match format {
        Some(Format::Csv) => self::csv::header(&mut out),
        Some(Format::Html | Format::HtmlWithSolutions) => {
            out.extend_from_slice(html::HEADER.as_bytes())
        }
        _ => {}
    }
    out
}

/// What comes after the last answer in `format`: the end of the HTML page.
pub fn footer(format: Option<Format>) -> &'static [u8] {
    match format {
        Some(Format::Html | Format::HtmlWithSolutions) => html::FOOTER.as_bytes(),
        _ => b"",
    }
}

/// Writes the answer to a well-formed puzzle.
pub fn puzzle(task: Task, output: Output, place: Place<'_>, record: &Record, answer: &mut Answer) {
    match output.format {
        Some(format @ (Format::Json | Format::Csv)) => {
            machine(format, task, place, Some(record), answer)
        }
        Some(Format::Line | Format::Grid) | None => text::puzzle(task, output, record, answer),
        Some(Format::Svg) => svg::puzzle(task, place, record, &answer.facts, &mut answer.out),
        Some(format @ (Format::Html | Format::HtmlWithSolutions)) => {
            let with_solutions = format == Format::HtmlWithSolutions;
            html::puzzle(
                task,
                place,
                record,
                &answer.facts,
                with_solutions,
                &mut answer.out,
            )
        }
    }
}

/// Writes the answer to a puzzle that could not be parsed.
pub fn parse_error(output: Output, place: Place<'_>, answer: &mut Answer) {
    match output.format {
        Some(format @ (Format::Json | Format::Csv)) => {
            machine(format, Task::Check, place, None, answer)
        }
        Some(Format::Line | Format::Grid) | None => text::parse_error(output, answer),
        Some(Format::Svg) => svg::parse_error(place, &mut answer.out),
        Some(Format::Html | Format::HtmlWithSolutions) => html::parse_error(place, &mut answer.out),
    }
}

/// Writes an answer in a machine-readable format.
fn machine(
    format: Format,
    task: Task,
    place: Place<'_>,
    record: Option<&Record>,
    answer: &mut Answer,
) {
    let Answer {
        out,
        facts,
        scratch,
        ..
    } = answer;
    let fields = fields(task, place, record, facts, &mut scratch.text);
    if format == Format::Json {
        json::write(&fields, out);
    } else {
        csv::write(&fields, out, &mut scratch.field);
    }
}

/// Writes the start of the group of `solve --all` for one record: the
/// header in text, the fields known before the search in JSON. The
/// pictures do not stream their groups: [`puzzle`] draws them whole.
pub fn group_start(
    output: Output,
    place: Place<'_>,
    record: Option<&Record>,
    facts: &Facts,
    out: &mut Vec<u8>,
) {
    match output.format {
        Some(Format::Json) => json::group_start(place, record, facts, out),
        _ => text::group_start(place, out),
    }
}

/// Writes the `index`-th solution of a group, as soon as it is found.
pub fn group_solution(
    output: Output,
    record: &Record,
    index: u64,
    solution: &Grid,
    out: &mut Vec<u8>,
) {
    match output.format {
        Some(Format::Json) => json::group_solution(record, index, solution, out),
        _ => text::group_solution(output, record, solution, out),
    }
}

/// Writes the end of a group once the search is over: in text the status
/// word when no solution was printed and the closing count, in JSON the
/// fields known after the search.
pub fn group_end(output: Output, record: Option<&Record>, facts: &Facts, out: &mut Vec<u8>) {
    match output.format {
        Some(Format::Json) => json::group_end(facts, out),
        _ => text::group_end(output, record, facts, out),
    }
}
