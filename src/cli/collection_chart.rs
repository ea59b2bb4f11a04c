//! The `stats -f html` page: the counts of a collection as a table and each
//! histogram as an SVG bar chart, one self-contained page for people who
//! would rather look than read.

use std::io::{self, Write};

/// Width of the bars' area, in SVG units.
const BARS_WIDTH: u64 = 480;
/// Height of one bar and the gap under it.
const BAR_HEIGHT: usize = 18;
const BAR_GAP: usize = 4;
/// Room on the left for the labels.
const LABEL_WIDTH: usize = 110;

/// Writes the page: a table of `counts`, then one chart per histogram.
pub fn write_page(
    out: &mut impl Write,
    counts: &[(&str, u64)],
    histograms: &[(&str, Vec<(String, u64)>)],
) -> io::Result<()> {
    writeln!(
        out,
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>sudoku-dlx stats</title>\n\
         <style>body{{font-family:sans-serif}} td{{padding:2px 12px}} td+td{{text-align:right}}</style>\n\
         </head><body>\n<h1>Collection summary</h1>\n<table>"
    )?;
    for (name, count) in counts {
        writeln!(out, "<tr><td>{name}</td><td>{count}</td></tr>")?;
    }
    writeln!(out, "</table>")?;
    for (title, rows) in histograms {
        writeln!(out, "<h2>{title}</h2>")?;
        chart(out, rows)?;
    }
    writeln!(out, "</body></html>")
}

/// One horizontal bar chart: a bar per value, its label on the left and
/// its count at its end.
fn chart(out: &mut impl Write, rows: &[(String, u64)]) -> io::Result<()> {
    let most = rows
        .iter()
        .map(|(_, count)| *count)
        .max()
        .unwrap_or(1)
        .max(1);
    let width = LABEL_WIDTH as u64 + BARS_WIDTH + 80;
    let height = rows.len() * (BAR_HEIGHT + BAR_GAP) + BAR_GAP;
    writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         font-size=\"13\">"
    )?;
    for (k, (name, count)) in rows.iter().enumerate() {
        let y = BAR_GAP + k * (BAR_HEIGHT + BAR_GAP);
        let length = (count * BARS_WIDTH).div_ceil(most);
        let text_y = y + BAR_HEIGHT - 5;
        writeln!(
            out,
            "<text x=\"{}\" y=\"{text_y}\" text-anchor=\"end\">{name}</text>\
             <rect x=\"{LABEL_WIDTH}\" y=\"{y}\" width=\"{length}\" height=\"{BAR_HEIGHT}\" fill=\"#4878a8\"/>\
             <text x=\"{}\" y=\"{text_y}\">{count}</text>",
            LABEL_WIDTH - 6,
            LABEL_WIDTH as u64 + length + 6,
        )?;
    }
    writeln!(out, "</svg>")
}
