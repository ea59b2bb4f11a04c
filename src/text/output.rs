//! Writing grids as text, in the layouts the reader understands.
//!
//! A `line` is the whole grid on one line; a `grid` is one row per line with
//! spaces between cells and box borders drawn with `|`, `-` and `+`, which
//! the reader takes for layout, so every output can be read back in.

use crate::sudoku::grid::Grid;
use crate::text::alphabet::Alphabet;
use crate::text::regions::region_label;

/// Appends `grid` on one line (without the line end) to `out`.
pub fn write_line(out: &mut Vec<u8>, grid: &Grid, alphabet: Alphabet) {
    out.extend(grid.cells().iter().map(|&value| alphabet.encode(value)));
}

/// Appends `grid` as a block of rows, each ended by a newline, to `out`,
/// with the borders of its size's own boxes.
///
/// ```
/// use sudoku_dlx::{write_block, Alphabet, Grid};
///
/// let grid: Grid = "1423234141323214".parse().unwrap();
/// let mut out = Vec::new();
/// write_block(&mut out, &grid, Alphabet::STANDARD);
/// assert_eq!(
///     String::from_utf8(out).unwrap(),
///     "1 4 | 2 3\n2 3 | 4 1\n----+----\n4 1 | 3 2\n3 2 | 1 4\n"
/// );
/// ```
pub fn write_block(out: &mut Vec<u8>, grid: &Grid, alphabet: Alphabet) {
    let boxes = grid.size().box_shape();
    write_block_painted(out, grid, alphabet, boxes, |_, _| {});
}

/// A piece of a block, for a painter to style.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Piece {
    /// The symbol of the cell with this index (row * side + column).
    Cell(usize),
    /// A box border: a `|`, or a line of `-` and `+`.
    Border,
}

/// Appends `grid` as [`write_block`] does, with the borders of boxes of
/// `boxes` (rows, columns; `None`: no borders), calling `paint(out, Some(piece))`
/// before each piece and `paint(out, None)` after it, so that the caller can
/// wrap pieces in terminal styles. The text between the calls is exactly
/// that of [`write_block`].
pub fn write_block_painted(
    out: &mut Vec<u8>,
    grid: &Grid,
    alphabet: Alphabet,
    boxes: Option<(usize, usize)>,
    mut paint: impl FnMut(&mut Vec<u8>, Option<Piece>),
) {
    let n = grid.size().side();
    // Without boxes, the one "box" is the whole grid: no border is drawn.
    let (rows, columns) = boxes.unwrap_or((n, n));
    let stacks = n / columns;
    for row in 0..n {
        if row > 0 && row % rows == 0 {
            paint(out, Some(Piece::Border));
            for stack in 0..stacks {
                if stack > 0 {
                    out.push(b'+');
                }
                // The cells of a box and their spaces, and a space on each
                // side of a `|`.
                let width =
                    2 * columns - 1 + usize::from(stack > 0) + usize::from(stack + 1 < stacks);
                out.extend(std::iter::repeat_n(b'-', width));
            }
            paint(out, None);
            out.push(b'\n');
        }
        for column in 0..n {
            if column > 0 {
                out.push(b' ');
                if column % columns == 0 {
                    paint(out, Some(Piece::Border));
                    out.push(b'|');
                    paint(out, None);
                    out.push(b' ');
                }
            }
            let cell = row * n + column;
            paint(out, Some(Piece::Cell(cell)));
            out.push(alphabet.encode(grid.cells()[cell]));
            paint(out, None);
        }
        out.push(b'\n');
    }
}

/// Appends the region layout `regions` (the region of every cell, row by
/// row, from 0) as one label per cell, `1-9` then `A-Z`, without the line
/// end: what a jigsaw line holds after its givens.
pub fn write_regions(out: &mut Vec<u8>, regions: &[u8]) {
    out.extend(regions.iter().map(|&region| region_label(region) as u8));
}

/// Appends `grid` as a block of rows whose borders follow the jigsaw
/// `regions` (the region of every cell, row by row): between two cells of a
/// row, ` | ` where they lie in different regions and three spaces where
/// not; between two rows, `-` under each cell whose neighbour below lies
/// in another region. With `unicode`, the borders are drawn with `│` and
/// `─` instead. Either way the block reads back as the grid.
pub fn write_block_regions(
    out: &mut Vec<u8>,
    grid: &Grid,
    alphabet: Alphabet,
    regions: &[u8],
    unicode: bool,
) {
    let n = grid.size().side();
    let (bar, dash): (&str, &str) = if unicode { ("│", "─") } else { ("|", "-") };
    for row in 0..n {
        if row > 0 {
            let mut border = String::new();
            for column in 0..n {
                let cell = row * n + column;
                let below = |c: usize| regions[c] != regions[c - n];
                border.push_str(if below(cell) { dash } else { " " });
                if column + 1 < n {
                    let joined = below(cell) && below(cell + 1);
                    for _ in 0..3 {
                        border.push_str(if joined { dash } else { " " });
                    }
                }
            }
            // No border at all: no line, which would be a blank one.
            if !border.trim_end().is_empty() {
                out.extend_from_slice(border.trim_end().as_bytes());
                out.push(b'\n');
            }
        }
        for column in 0..n {
            let cell = row * n + column;
            out.push(alphabet.encode(grid.cells()[cell]));
            if column + 1 < n {
                if regions[cell] != regions[cell + 1] {
                    out.push(b' ');
                    out.extend_from_slice(bar.as_bytes());
                    out.push(b' ');
                } else {
                    out.extend_from_slice(b"   ");
                }
            }
        }
        out.push(b'\n');
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::reader::PuzzleReader;
    use crate::text::record::Record;

    #[test]
    fn both_layouts_read_back_to_the_same_grid() {
        let grid: Grid =
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
                .parse()
                .unwrap();
        let mut text = Vec::new();
        write_line(&mut text, &grid, Alphabet::STANDARD);
        text.extend_from_slice(b"\n\n");
        write_block(&mut text, &grid, Alphabet::STANDARD);
        let mut reader = PuzzleReader::new(&text[..]);
        let mut record = Record::default();
        for _ in 0..2 {
            reader.read_record(&mut record).unwrap().unwrap();
            assert_eq!(record.grid, grid);
        }
        assert!(reader.read_record(&mut record).is_none());
    }

    #[test]
    fn nine_by_nine_block_borders_line_up() {
        let mut out = Vec::new();
        write_block(
            &mut out,
            &Grid::empty(crate::Size::NINE),
            Alphabet::STANDARD,
        );
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], ". . . | . . . | . . .");
        assert_eq!(lines[3], "------+-------+------");
        assert_eq!(lines.len(), 11);
    }

    #[test]
    fn painter_sees_every_cell_and_border_once_and_adds_only_its_marks() {
        let grid: Grid = "1423234141323214".parse().unwrap();
        let (mut cells, mut borders) = (Vec::new(), 0);
        let mut out = Vec::new();
        write_block_painted(
            &mut out,
            &grid,
            Alphabet::STANDARD,
            Some((2, 2)),
            |out, piece| {
                match piece {
                    Some(Piece::Cell(k)) => cells.push(k),
                    Some(Piece::Border) => borders += 1,
                    None => {}
                }
                out.push(if piece.is_some() { b'<' } else { b'>' });
            },
        );
        assert_eq!(cells, (0..16).collect::<Vec<_>>());
        // One `|` per row and one line between the two bands.
        assert_eq!(borders, 5);
        let plain: Vec<u8> = out.into_iter().filter(|b| !b"<>".contains(b)).collect();
        let mut expected = Vec::new();
        write_block(&mut expected, &grid, Alphabet::STANDARD);
        assert_eq!(plain, expected);
    }

    #[test]
    fn region_borders_read_back_to_the_same_grid() {
        let grid: Grid = "1423234141323214".parse().unwrap();
        let regions = [0, 0, 1, 1, 0, 0, 1, 1, 2, 3, 3, 3, 2, 2, 2, 3];
        for unicode in [false, true] {
            let mut text = Vec::new();
            write_block_regions(&mut text, &grid, Alphabet::STANDARD, &regions, unicode);
            let mut reader = PuzzleReader::new(&text[..]);
            let mut record = Record::default();
            reader.read_record(&mut record).unwrap().unwrap();
            assert_eq!(record.grid, grid, "{}", String::from_utf8_lossy(&text));
        }
        let mut text = Vec::new();
        write_block_regions(&mut text, &grid, Alphabet::STANDARD, &regions, false);
        assert_eq!(
            String::from_utf8(text).unwrap(),
            "1   4 | 2   3\n2   3 | 4   1\n-------------\n4 | 1   3   2\n    -----\n3   2   1 | 4\n"
        );
        let mut labels = Vec::new();
        write_regions(&mut labels, &regions);
        assert_eq!(labels, b"1122112234443334");
    }
}
