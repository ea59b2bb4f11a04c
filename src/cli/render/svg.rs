//! Pictures of grids as SVG: the `svg` format prints one SVG document per
//! puzzle, and the `html` format ([`super::html`]) draws its grids with the
//! same code, inline.
//!
//! A grid is drawn the way it is printed on paper: thin lines between
//! cells, thick lines around boxes, the givens in bold black and the digits
//! the solver found in a colour of their own; a caption below names the
//! puzzle and what became of it. The rules beyond the grid (killer cages,
//! thermometers, dots, lines...) are drawn under the digits by
//! [`super::svg_rules`].

use std::io::Write as _;

use sudoku_dlx::{Alphabet, Cell, Frame, Grid, Record, Rules, Size};

use super::svg_rules::{self, Layout, CELL};
use crate::cli::args::Task;
use crate::cli::facts::{Facts, Place, Verdict};

/// The white space around the grid.
const MARGIN: usize = 8;
/// The height of the caption line below the grid.
const CAPTION: usize = 28;
/// The width of the lines between cells and around boxes.
const THIN: usize = 1;
const THICK: usize = 3;
/// The colour of the digits the solver found (the givens are black).
const FOUND_COLOUR: &str = "#1a5fb4";

/// One grid to draw: the digits of `grid`, those also in `givens` shown as
/// givens.
#[derive(Clone, Copy)]
pub struct Picture<'a> {
    pub grid: &'a Grid,
    pub givens: &'a Grid,
    pub alphabet: Alphabet,
    /// The rules: where the cells sit (one square grid, or several grids
    /// in a frame), and the cages and constraints drawn under the digits.
    pub rules: &'a Rules,
}

/// Appends one SVG document per picture of the answer to `out`: each
/// solution shown (`solve`), or else the puzzle, captioned.
pub fn puzzle(task: Task, place: Place<'_>, record: &Record, facts: &Facts, out: &mut Vec<u8>) {
    let label = label(place, record);
    let shown = shown_solutions(task, facts);
    let status = status(task, facts);
    if shown.is_empty() {
        let picture = picture(record, &record.grid);
        return document(out, Some(picture), &format!("{label}: {status}"));
    }
    for (k, solution) in (1..).zip(shown) {
        let caption = if shown.len() == 1 {
            format!("{label}: {status}")
        } else {
            format!("{label}: solution {k} of {}", shown.len())
        };
        document(out, Some(picture(record, solution)), &caption);
    }
}

/// Appends the SVG document of a record that could not be read: no grid,
/// only its caption.
pub fn parse_error(place: Place<'_>, out: &mut Vec<u8>) {
    let caption = format!("{place}: {}", Verdict::Invalid.word());
    document(out, None, &caption);
}

/// The picture of `grid`, a grid of `record`.
pub fn picture<'a>(record: &'a Record, grid: &'a Grid) -> Picture<'a> {
    Picture {
        grid,
        givens: &record.grid,
        alphabet: record.alphabet,
        rules: &record.rules,
    }
}

/// The solutions an answer shows in place of its puzzle: those `solve`
/// prints.
pub fn shown_solutions(task: Task, facts: &Facts) -> &[Grid] {
    match task {
        Task::Solve { .. } if facts.verdict == Verdict::Solved => {
            &facts.solutions()[..facts.solutions().len().min(1)]
        }
        Task::SolveAll { .. } => facts.solutions(),
        _ => &[],
    }
}

/// What became of the puzzle, in words: the status word, a count, or a
/// rating.
pub fn status(task: Task, facts: &Facts) -> String {
    if let (Task::Rate, Some(rating)) = (task, facts.rating_text()) {
        return rating;
    }
    match (task, facts.found) {
        (Task::Count { .. } | Task::SolveAll { .. }, Some(found))
            if facts.verdict != Verdict::Invalid =>
        {
            let more = if facts.stopped_at_limit || facts.gave_up {
                "+"
            } else {
                ""
            };
            let noun = if found == 1 { "solution" } else { "solutions" };
            format!("{found}{more} {noun}")
        }
        _ => facts.verdict.word().to_owned(),
    }
}

/// The name of a puzzle in a caption: where it was read, its title, and
/// in brackets the rules its picture cannot show ([`svg_rules::note`]).
pub fn label(place: Place<'_>, record: &Record) -> String {
    let mut label = place.to_string();
    if !record.title.is_empty() {
        label = format!("{label} {}", record.title);
    }
    if let Some(note) = svg_rules::note(&record.rules) {
        label = format!("{label} ({note})");
    }
    label
}

/// Appends a standalone SVG document: the grid, if any, and its caption.
pub fn document(out: &mut Vec<u8>, picture: Option<Picture<'_>>, caption: &str) {
    out.extend_from_slice(b"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    draw(out, picture, caption);
}

/// Appends an `<svg>` element: the grid of `picture`, if any, and
/// `caption` (if not empty) below it.
pub fn draw(out: &mut Vec<u8>, picture: Option<Picture<'_>>, caption: &str) {
    let frame = picture.map(|p| p.rules.shape.frame(p.grid.size()));
    let (rows, columns) = frame.as_ref().map_or((0, 0), |f| (f.rows(), f.columns()));
    let (grid_width, grid_height) = (columns * CELL, rows * CELL);
    // A ring of cells round the grid for clues outside it.
    let margin = match picture.is_some_and(|p| svg_rules::has_outside_clues(p.rules)) {
        true => MARGIN + CELL,
        false => MARGIN,
    };
    // Wide enough for a caption under a small grid.
    let width = if caption.is_empty() {
        grid_width + 2 * margin
    } else {
        (grid_width + 2 * margin).max(12 * CELL)
    };
    let caption_height = if caption.is_empty() { 0 } else { CAPTION };
    let height = grid_height + 2 * margin + caption_height;
    let left = (width - grid_width) / 2;
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">"
    );
    let _ = writeln!(
        out,
        "<rect width=\"{width}\" height=\"{height}\" fill=\"white\"/>"
    );
    if let (Some(picture), Some(frame)) = (picture, frame) {
        grid(out, picture, &frame, left, margin);
    }
    if !caption.is_empty() {
        let _ = writeln!(
            out,
            "<text class=\"caption\" x=\"{}\" y=\"{}\" font-size=\"15\" \
             text-anchor=\"middle\" fill=\"#333\">{}</text>",
            width / 2,
            height - CAPTION / 2 + 2,
            Escaped(caption)
        );
    }
    out.extend_from_slice(b"</svg>\n");
}

/// Draws the lines, rules and digits of the grids of `picture`, the top
/// left corner of `frame` at (`left`, `top`): each grid of a shape with its
/// own lines, a hole left blank; the shading of cells under the lines, the
/// other marks of the rules over them, the digits over everything.
fn grid(out: &mut Vec<u8>, picture: Picture<'_>, frame: &Frame, left: usize, top: usize) {
    let size = picture.grid.size();
    let layout = Layout { frame, left, top };
    svg_rules::shading(out, picture.rules, layout);
    for &(down, right) in picture.rules.shape.corners() {
        lines(out, size, left + right * CELL, top + down * CELL);
    }
    svg_rules::marks(out, picture.rules, layout);
    let font_size = CELL * 3 / 5;
    for (cell, &value) in picture.grid.cells().iter().enumerate() {
        if value == 0 {
            continue;
        }
        let Cell { row, column } = frame.position(cell);
        let given = picture.givens.cells().get(cell).is_some_and(|&v| v != 0);
        let style = if given {
            "class=\"given\" font-weight=\"bold\" fill=\"black\"".to_owned()
        } else {
            format!("class=\"found\" fill=\"{FOUND_COLOUR}\"")
        };
        let _ = writeln!(
            out,
            "<text {style} x=\"{}\" y=\"{}\" font-size=\"{font_size}\" \
             text-anchor=\"middle\">{}</text>",
            left + column * CELL + CELL / 2,
            // The baseline, so that the digit's middle is the cell's: not
            // every renderer reads `dominant-baseline`.
            top + row * CELL + CELL / 2 + font_size * 7 / 20,
            char::from(picture.alphabet.encode(value)),
        );
    }
}

/// Draws the outline, cell lines and box lines of one square grid of
/// `size` with its top left corner at (`left`, `top`).
fn lines(out: &mut Vec<u8>, size: Size, left: usize, top: usize) {
    let side = size.side();
    // Without boxes, only the outline is thick.
    let (box_rows, box_columns) = size.box_shape().unwrap_or((side, side));
    let length = side * CELL;
    let _ = writeln!(
        out,
        "<rect class=\"grid\" x=\"{left}\" y=\"{top}\" width=\"{length}\" height=\"{length}\" \
         fill=\"none\" data-side=\"{side}\"/>"
    );
    // Thin lines first, so that the thick box lines cover them where they
    // cross.
    for thick in [false, true] {
        let (colour, width) = if thick {
            ("black", THICK)
        } else {
            ("#888", THIN)
        };
        let _ = writeln!(
            out,
            "<g stroke=\"{colour}\" stroke-width=\"{width}\" stroke-linecap=\"square\">"
        );
        for k in (0..=side).filter(|k| (k % box_columns == 0) == thick) {
            let _ = writeln!(
                out,
                "<line x1=\"{x}\" y1=\"{top}\" x2=\"{x}\" y2=\"{bottom}\"/>",
                x = left + k * CELL,
                bottom = top + length,
            );
        }
        for k in (0..=side).filter(|k| (k % box_rows == 0) == thick) {
            let _ = writeln!(
                out,
                "<line x1=\"{left}\" y1=\"{y}\" x2=\"{right}\" y2=\"{y}\"/>",
                y = top + k * CELL,
                right = left + length,
            );
        }
        out.extend_from_slice(b"</g>\n");
    }
}

/// Text with the characters XML gives a meaning escaped.
pub struct Escaped<'a>(pub &'a str);

impl std::fmt::Display for Escaped<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for c in self.0.chars() {
            match c {
                '&' => f.write_str("&amp;")?,
                '<' => f.write_str("&lt;")?,
                '>' => f.write_str("&gt;")?,
                '"' => f.write_str("&quot;")?,
                '\'' => f.write_str("&apos;")?,
                c if c.is_control() => f.write_str("\u{FFFD}")?,
                c => write!(f, "{c}")?,
            }
        }
        Ok(())
    }
}
