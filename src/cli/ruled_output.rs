//! The text of a generated puzzle that brings rules of its own (killer
//! cages, jigsaw regions): with `-f json`, the JSON puzzle description, so
//! that it reads straight back in; with `-f line`, a jigsaw's givens and
//! regions (`GIVENS REGIONS`, read back with `--variant jigsaw`), and a
//! killer's description too, since cages have no plain form.

use sudoku_dlx::{write_description, write_line, write_regions, Alphabet, Boxes, Grid, Rules};

use super::generate_args::Layout;

/// Appends the line of `puzzle` under `rules` in `format` to `text`.
pub fn write_ruled(text: &mut Vec<u8>, puzzle: &Grid, rules: &Rules, format: Layout) {
    match (&rules.boxes, format) {
        (Boxes::Regions(regions), Layout::Line) if rules.cages.is_empty() => {
            write_line(text, puzzle, Alphabet::STANDARD);
            text.push(b' ');
            write_regions(text, regions);
        }
        _ => write_description(text, puzzle, rules, ""),
    }
    text.push(b'\n');
}
