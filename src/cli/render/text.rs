//! The text formats: each answer in the layout of its puzzle (or the one
//! asked for), a status word in place of a grid when there is none to show,
//! and on a terminal the givens of a grid set apart from the found digits.

use std::io::Write as _;

use anstyle::{AnsiColor, Style};
use sudoku_dlx::{
    write_block_painted, write_block_regions, write_cage_list, write_framed_block,
    write_framed_boxes, write_line, write_regions, Piece,
};
use sudoku_dlx::{Boxes, Grid, Layout, Record, Size};

use crate::cli::args::{Format, Task};
use crate::cli::candidates;
use crate::cli::facts::{Answer, Facts, Output, Place, Verdict};

/// The style of a digit the puzzle gave.
const GIVEN: Style = Style::new().bold();
/// The style of a digit the solver found.
const FOUND: Style = AnsiColor::Cyan.on_default();
/// The style of box borders.
const BORDER: Style = Style::new().dimmed();

/// Writes the answer to a well-formed puzzle.
pub fn puzzle(task: Task, output: Output, record: &Record, answer: &mut Answer) {
    let layout = layout_of(output, record.layout);
    let Answer { out, facts, .. } = answer;
    let write = |out: &mut Vec<u8>, grid: &Grid| write_grid(out, grid, record, layout, output);
    if facts.verdict == Verdict::Invalid {
        return status_word(out, layout, Verdict::Invalid.word());
    }
    let found = facts.found.unwrap_or(0);
    match task {
        Task::Solve { .. } => match facts.solutions().first() {
            Some(solution) if facts.verdict == Verdict::Solved => write(out, solution),
            _ => status_word(out, layout, facts.verdict.word()),
        },
        Task::Count { .. } if facts.verdict == Verdict::Undecided => {
            status_word(out, layout, facts.verdict.word())
        }
        Task::Count { .. } => {
            let more = if facts.stopped_at_limit { "+" } else { "" };
            let _ = writeln!(out, "{found}{more}");
            end_record(out, layout);
        }
        // The groups of `--all` are written piece by piece by the group_*
        // functions below, as the search finds solutions.
        Task::Rate => match facts.rating_text() {
            Some(rating) => {
                let _ = writeln!(out, "{rating}");
                end_record(out, layout);
            }
            None => status_word(out, layout, facts.verdict.word()),
        },
        Task::Candidates { .. } => match &facts.candidates {
            Some(found) => {
                candidates::write_line(out, &found.candidates, record.alphabet);
                out.push(b'\n');
                end_record(out, layout);
            }
            None => status_word(out, layout, facts.verdict.word()),
        },
        Task::Check => status_word(out, layout, &check_words(facts)),
        Task::SolveAll { .. } => status_word(out, layout, facts.verdict.word()),
    }
}

/// The verdict of check, with what --minimal and --symmetry found:
/// `unique minimal`, `not-minimal: r4c7=3 can go`, `... symmetry: none`.
fn check_words(facts: &Facts) -> String {
    let mut words = facts.verdict.word().to_string();
    if facts.verdict == Verdict::NotMinimal {
        words = format!("{words}: {}", facts.reason);
    } else if facts.minimal == Some(true) {
        words.push_str(" minimal");
    }
    if let Some(symmetries) = &facts.symmetries {
        let names: Vec<&str> = symmetries.iter().map(|s| s.name()).collect();
        let names = if names.is_empty() {
            "none".to_string()
        } else {
            names.join(",")
        };
        words = format!("{words} symmetry: {names}");
    }
    words
}

/// Writes the answer to a puzzle that could not be parsed.
pub fn parse_error(output: Output, answer: &mut Answer) {
    status_word(
        &mut answer.out,
        layout_of(output, Layout::Line),
        Verdict::Invalid.word(),
    );
}

/// Writes the header of a `--all` group: `# SOURCE:LINE`.
pub fn group_start(place: Place<'_>, out: &mut Vec<u8>) {
    let _ = writeln!(out, "# {place}");
}

/// Writes one solution of a `--all` group, in the layout of the answer.
pub fn group_solution(output: Output, record: &Record, solution: &Grid, out: &mut Vec<u8>) {
    let layout = layout_of(output, record.layout);
    write_grid(out, solution, record, layout, output);
}

/// Ends a `--all` group: the status word when no solution was printed
/// (unsolvable, undecided or invalid), then `# N solutions`, with `+` and
/// the reason when the search stopped before the end.
pub fn group_end(output: Output, record: Option<&Record>, facts: &Facts, out: &mut Vec<u8>) {
    let layout = layout_of(output, record.map_or(Layout::Line, |r| r.layout));
    let found = facts.found.unwrap_or(0);
    if found == 0 {
        status_word(out, layout, facts.verdict.word());
    }
    let more = if facts.interrupted {
        "+ solutions (stopped by a signal)"
    } else if facts.gave_up {
        "+ solutions (stopped at --max-nodes)"
    } else if facts.stopped_at_limit {
        "+ solutions (stopped at --limit)"
    } else if found == 1 {
        " solution"
    } else {
        " solutions"
    };
    let _ = writeln!(out, "# {found}{more}");
    end_record(out, layout);
}

fn status_word(out: &mut Vec<u8>, layout: Layout, word: &str) {
    out.extend_from_slice(word.as_bytes());
    out.push(b'\n');
    end_record(out, layout);
}

/// The layout an answer takes: the one asked for, else the puzzle's.
fn layout_of(output: Output, read: Layout) -> Layout {
    match output.format {
        Some(Format::Line) => Layout::Line,
        Some(Format::Grid) => Layout::Block,
        _ => read,
    }
}

/// Ends a record: in block layout every record, whatever it holds, is
/// followed by one blank line, so that records split on blank lines.
fn end_record(out: &mut Vec<u8>, layout: Layout) {
    if layout == Layout::Block {
        out.push(b'\n');
    }
}

/// Writes `grid` in `layout` with the borders of the record's boxes or
/// regions; on a terminal (colour asked for), a block in colour that sets
/// apart the givens of the record from the other digits, and region
/// borders in box-drawing characters. A jigsaw line keeps its regions after
/// the grid, so that the answer reads back as a jigsaw puzzle.
fn write_grid(out: &mut Vec<u8>, grid: &Grid, record: &Record, layout: Layout, output: Output) {
    let alphabet = record.alphabet;
    if !record.rules.shape.is_square() {
        return write_framed(out, grid, record, layout, output);
    }
    let boxes = match &record.rules.boxes {
        Boxes::Standard => grid.size().box_shape(),
        Boxes::Shape { rows, columns } => Some((*rows, *columns)),
        Boxes::None | Boxes::Regions(_) => None,
    };
    match (layout, &record.rules.boxes) {
        (Layout::Line, Boxes::Regions(regions)) => {
            write_line(out, grid, alphabet);
            out.push(b' ');
            write_regions(out, regions);
        }
        (Layout::Line, _) => write_line(out, grid, alphabet),
        (Layout::Block, Boxes::Regions(regions)) => {
            write_block_regions(out, grid, alphabet, regions, output.color)
        }
        (Layout::Block, _) if !output.color => {
            write_block_painted(out, grid, alphabet, boxes, |_, _| {})
        }
        (Layout::Block, _) => write_block_painted(out, grid, alphabet, boxes, |out, piece| {
            let style = match piece {
                None => return write_code(out, anstyle::Reset.render()),
                Some(Piece::Border) => BORDER,
                Some(Piece::Cell(cell)) if record.grid.cells()[cell] != 0 => GIVEN,
                Some(Piece::Cell(_)) => FOUND,
            };
            write_code(out, style.render());
        }),
    }
    write_cages(out, record, layout, grid.size());
    out.push(b'\n');
}

/// Lists the record's killer cages under a block, cells named in the frame
/// of its shape on grids of `size`.
fn write_cages(out: &mut Vec<u8>, record: &Record, layout: Layout, size: Size) {
    if layout != Layout::Block {
        return;
    }
    let cages: Vec<_> = record.rules.cages().cloned().collect();
    if !cages.is_empty() {
        write_cage_list(out, &cages, &record.rules.shape.frame(size));
    }
}

/// [`write_grid`] for a shape of several grids: its cells on one line, the
/// block of its frame's lines as it was read, or with `-f grid` a picture
/// with the borders of every grid's boxes.
fn write_framed(out: &mut Vec<u8>, grid: &Grid, record: &Record, layout: Layout, output: Output) {
    let frame = record.rules.shape.frame(grid.size());
    let alphabet = record.alphabet;
    match layout {
        Layout::Line => write_line(out, grid, alphabet),
        Layout::Block if output.format == Some(Format::Grid) => {
            let boxes = grid.size().box_shape().unwrap_or((1, 1));
            write_framed_boxes(out, grid, &frame, boxes, alphabet)
        }
        Layout::Block => write_framed_block(out, grid, &frame, alphabet),
    }
    write_cages(out, record, layout, grid.size());
    out.push(b'\n');
}

fn write_code(out: &mut Vec<u8>, code: impl std::fmt::Display) {
    let _ = write!(out, "{code}");
}
