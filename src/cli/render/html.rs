//! A printable page: the `html` format writes one HTML document for the
//! whole batch, every puzzle as an inline SVG picture ([`super::svg`]), and
//! with `--with-solutions` each solution on the page after its puzzle.
//!
//! The page is streamed like every other format: its head before the first
//! record ([`HEADER`]), one figure (or two) per record, its end after the
//! last ([`FOOTER`]).

use std::io::Write as _;

use sudoku_dlx::Record;

use super::svg::{self, Escaped};
use crate::cli::args::Task;
use crate::cli::facts::{Facts, Place, Verdict};

/// The start of the page, up to the first puzzle.
pub const HEADER: &str = "<!DOCTYPE html>
<html lang=\"en\">
<head>
<meta charset=\"utf-8\"/>
<title>Sudoku</title>
<style>
body { font-family: \"DejaVu Sans\", Helvetica, Arial, sans-serif; margin: 0; }
@media screen { body { margin: 1cm; } }
@page { margin: 1.5cm; }
/* Two puzzles across an A4 or Letter page, two down. */
figure { display: inline-block; margin: 0 0.8cm 1cm 0; break-inside: avoid; }
figure svg { width: 8cm; height: auto; }
/* Page breaks apply to blocks only: a solution, and the puzzle after it,
   each start a page. */
figure.solution { display: block; break-before: page; }
figure.solution + figure.puzzle { display: block; break-before: page; }
figcaption { font-size: 10pt; color: #333; }
</style>
</head>
<body>
";

/// The end of the page, after the last puzzle.
pub const FOOTER: &str = "</body>\n</html>\n";

/// Appends the figures of one answer: its puzzle (captioned with its
/// rating, for `rate`), and after a page break its solutions when
/// `with_solutions`.
pub fn puzzle(
    task: Task,
    place: Place<'_>,
    record: &Record,
    facts: &Facts,
    with_solutions: bool,
    out: &mut Vec<u8>,
) {
    let label = svg::label(place, record);
    let status = svg::status(task, facts);
    let picture = svg::picture(record, &record.grid);
    if task == Task::Rate {
        // Rating finds no solution to show.
        return figure(out, "puzzle", Some(picture), &format!("{label}: {status}"));
    }
    figure(out, "puzzle", Some(picture), &label);
    if !with_solutions {
        return;
    }
    let solutions = match facts.verdict {
        Verdict::Invalid => &[][..],
        _ => facts.solutions(),
    };
    if solutions.is_empty() {
        return figure(out, "solution", None, &format!("{label}: {status}"));
    }
    for (k, solution) in (1..).zip(solutions) {
        let caption = if solutions.len() == 1 {
            format!("{label}: solution")
        } else {
            format!("{label}: solution {k} of {}", solutions.len())
        };
        figure(
            out,
            "solution",
            Some(svg::picture(record, solution)),
            &caption,
        );
    }
}

/// Appends the figure of a record that could not be read.
pub fn parse_error(place: Place<'_>, out: &mut Vec<u8>) {
    let caption = format!("{place}: {}", Verdict::Invalid.word());
    figure(out, "puzzle", None, &caption);
}

/// Appends one figure: a grid, if any, and its caption; `class` is
/// `puzzle`, or `solution` for a figure that starts a new page.
pub fn figure(out: &mut Vec<u8>, class: &str, picture: Option<svg::Picture<'_>>, caption: &str) {
    let _ = writeln!(out, "<figure class=\"{class}\">");
    svg::draw(out, picture, "");
    let _ = writeln!(
        out,
        "<figcaption>{}</figcaption>\n</figure>",
        Escaped(caption)
    );
}
