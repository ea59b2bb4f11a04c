//! Recognising an input as a shape of several grids before reading it: the
//! shape `--shape` names, or the one whose frame the first record has.
//!
//! A block is recognised when its lines have their characters exactly where
//! one named shape's frame has cells (a samurai's 21 lines, a twodoku's
//! 15); a record on one line when its number of cells is that of one named
//! shape and no square (369: a samurai). Only the first record's lines are
//! looked at, and handed back whole; a one-line classic puzzle is told
//! apart from its first line alone, so a puzzle typed on a terminal is
//! answered at once. A butterfly, whose 12x12 frame has no hole, reads as a
//! 12x12 grid unless `--shape butterfly` says otherwise.

use std::io::{self, BufRead, Cursor, Read as _};

use sudoku_dlx::{fits_row, recognisable_shapes, shape_of_line, InputFormat, NamedShape};

/// The longest line looked at to recognise a shape: a samurai on one line
/// and a comment.
const LONGEST_PEEKED_LINE: u64 = 4096;

/// An input after its first lines were looked at: those lines, then the
/// rest.
pub type Peeked<R> = io::Chain<Cursor<Vec<u8>>, R>;

/// Looks at the first record of `input`, when its records may be of a
/// shape (plain text, the format detected or asked for), and says which
/// named shape it has, if any; the input is handed back whole.
pub fn recognise<R: BufRead>(
    input_format: InputFormat,
    mut input: R,
) -> io::Result<(Peeked<R>, Option<NamedShape>)> {
    let mut seen = Vec::new();
    let may_be_shaped = matches!(input_format, InputFormat::Auto | InputFormat::Plain);
    let shape = match may_be_shaped {
        true => shape_of_first_record(&mut input, &mut seen)?,
        false => None,
    };
    Ok((Cursor::new(seen).chain(input), shape))
}

/// The named shape of the first record of `text`, a whole input: for the
/// commands that read their inputs whole.
pub fn shape_of_text(text: &[u8]) -> Option<NamedShape> {
    shape_of_first_record(&mut &text[..], &mut Vec::new()).unwrap_or(None)
}

/// Reads the lines of the first record of `input` into `seen`, as long as
/// they keep the frame of some named shape, and says which one they fill.
fn shape_of_first_record(
    input: &mut impl BufRead,
    seen: &mut Vec<u8>,
) -> io::Result<Option<NamedShape>> {
    let mut candidates: Vec<_> = recognisable_shapes().collect();
    let mut row = 0;
    loop {
        let start = seen.len();
        let read = input.take(LONGEST_PEEKED_LINE).read_until(b'\n', seen)?;
        let line = &seen[start..];
        if read == 0 || (read as u64 == LONGEST_PEEKED_LINE && !line.ends_with(b"\n")) {
            return Ok(None);
        }
        let line = line.strip_suffix(b"\n").unwrap_or(line);
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        let text = line.trim_ascii();
        let comment = text.first() == Some(&b'#');
        if row == 0 && (text.is_empty() || comment) || row > 0 && comment {
            continue;
        }
        if row == 0 {
            let token = line
                .iter()
                .position(|b| b.is_ascii_whitespace())
                .unwrap_or(line.len());
            if let Some(shape) = shape_of_line(token) {
                return Ok(Some(shape));
            }
        }
        candidates.retain(|(_, frame)| fits_row(frame, line, row));
        row += 1;
        match candidates[..] {
            [] => return Ok(None),
            [(shape, ref frame)] if frame.rows() == row => return Ok(Some(shape)),
            _ => {}
        }
    }
}
