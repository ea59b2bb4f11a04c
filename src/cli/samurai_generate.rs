//! `generate --variant samurai`: random samurai puzzles (or complete
//! samurai with `--solved`) from the library's [`SamuraiGenerator`], each
//! written as its block of 21 lines (the layout `solve` reads back and
//! recognises by its shape), with box borders (`-f grid`), as its 369
//! cells on one line (`-f line`), or as the JSON and CSV fields of a
//! classic item, its grids as 369 cells.

use std::io::Write as _;

use sudoku_dlx::{
    write_samurai_block, write_samurai_boxes, write_samurai_line, PuzzleSpec, Rating, Rng,
    SamuraiGenerator, SamuraiGrid,
};

use super::generate_args::{GenerateArgs, Layout};
use super::generate_output::Fields;

/// Makes item `number` of a samurai run from `rng` and appends it to
/// `text`.
pub fn make_item(
    generator: &mut SamuraiGenerator,
    (args, spec): (&GenerateArgs, &PuzzleSpec),
    (number, seed): (u64, u64),
    rng: &mut Rng,
    text: &mut Vec<u8>,
) -> anyhow::Result<()> {
    if args.solved {
        let mut grid = SamuraiGrid::empty();
        generator.fill_solved(rng, &mut grid);
        write_item(text, args.format, (number, seed), (&grid, None), None);
    } else {
        let made = generator.puzzle(spec, rng)?;
        let grids = (&made.puzzle, Some(&made.solution));
        write_item(text, args.format, (number, seed), grids, made.rating);
    }
    Ok(())
}

/// Appends a samurai item (its grid, and its solution for the fields of
/// JSON and CSV) in `layout`: the 21-line block unless another is asked.
fn write_item(
    text: &mut Vec<u8>,
    layout: Option<Layout>,
    (number, seed): (u64, u64),
    (grid, solution): (&SamuraiGrid, Option<&SamuraiGrid>),
    rating: Option<Rating>,
) {
    match layout {
        Some(Layout::Line) => {
            write_samurai_line(text, grid);
            if let Some(rating) = rating {
                let _ = write!(text, " {rating}");
            }
            text.push(b'\n');
        }
        Some(Layout::Json | Layout::Csv) => {
            let line = |grid: &SamuraiGrid| {
                let mut cells = Vec::new();
                write_samurai_line(&mut cells, grid);
                String::from_utf8(cells).unwrap_or_default()
            };
            let fields = Fields::new(
                (number, seed),
                line(grid),
                solution.map(line),
                grid.givens(),
                rating,
            );
            fields.write(text, layout == Some(Layout::Json), None);
        }
        // The pictures are refused before the run starts.
        None | Some(Layout::Grid | Layout::Svg | Layout::Html) => {
            if let Some(rating) = rating {
                let _ = writeln!(text, "# rating: {rating}");
            }
            if layout == Some(Layout::Grid) {
                write_samurai_boxes(text, grid);
            } else {
                write_samurai_block(text, grid);
            }
            text.push(b'\n');
        }
    }
}
