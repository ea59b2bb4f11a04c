//! The whole pipeline on arbitrary bytes, as the command runs it: read each
//! record, solve it with a limit, print the answers in a layout and read
//! them back. Nothing may panic; every solution must obey the rules and
//! keep the givens; every grid printed must read back to itself.
//!
//! The first byte picks the options: bits 0-1 the solution limit (1 to 4),
//! bit 2 the output layout, bits 3-4 the alphabet (detected, standard,
//! hexadecimal). Only the first few 4x4 and 9x9 grids of an input are
//! solved, so that one input cannot take seconds; larger grids, and the
//! rest, are printed and read back.

#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_dlx::{write_block, write_line};
use sudoku_dlx::{Alphabet, Grid, Layout, PuzzleReader, Record, Size, Solver};

/// The most puzzles of one input that are solved.
const SOLVED_PER_INPUT: usize = 3;

/// Prints `grid` in `layout` and `alphabet` and checks that it reads back.
fn round_trip(grid: &Grid, layout: Layout, alphabet: Alphabet, text: &mut Vec<u8>) {
    text.clear();
    match layout {
        Layout::Line => write_line(text, grid, alphabet),
        Layout::Block => write_block(text, grid, alphabet),
    }
    text.push(b'\n');
    let mut reader = PuzzleReader::new(&text[..]).with_alphabet(Some(alphabet));
    let mut record = Record::default();
    match reader.read_record(&mut record) {
        Some(Ok(())) => {}
        other => panic!("{other:?} reading back\n{}", String::from_utf8_lossy(text)),
    }
    assert_eq!(&record.grid, grid, "\n{}", String::from_utf8_lossy(text));
    assert_eq!(record.layout, layout);
    assert!(reader.read_record(&mut record).is_none());
}

fuzz_target!(|data: &[u8]| {
    let Some((&options, input)) = data.split_first() else {
        return;
    };
    let limit = u64::from(options & 3) + 1;
    let layout = if options & 4 != 0 {
        Layout::Block
    } else {
        Layout::Line
    };
    let forced = match (options >> 3) & 3 {
        1 => Some(Alphabet::STANDARD),
        2 => Some(Alphabet::HEX),
        _ => None,
    };
    let mut reader = PuzzleReader::new(input).with_alphabet(forced);
    let mut record = Record::default();
    let mut solver = Solver::new();
    let mut text = Vec::new();
    let mut solutions = Vec::new();
    let mut solved = 0;
    while let Some(result) = reader.read_record(&mut record) {
        if result.is_err() {
            continue;
        }
        let puzzle = &record.grid;
        round_trip(puzzle, layout, record.alphabet, &mut text);
        if puzzle.size() > Size::NINE || solved == SOLVED_PER_INPUT {
            continue;
        }
        solved += 1;
        solutions.clear();
        match solver.solve(puzzle, limit, |s| solutions.push(s.clone())) {
            Ok(stats) => {
                assert_eq!(stats.solutions, solutions.len() as u64);
                assert!(stats.solutions <= limit);
                for solution in &solutions {
                    assert!(solution.is_solved(), "{puzzle:?} -> {solution:?}");
                    assert!(solution.keeps_givens_of(puzzle));
                    round_trip(solution, layout, record.alphabet, &mut text);
                }
                for (k, solution) in solutions.iter().enumerate() {
                    assert!(!solutions[..k].contains(solution), "a solution twice");
                }
            }
            Err(conflict) => {
                assert_eq!(puzzle.first_conflict(), Some(conflict));
                let digit = |cell: sudoku_dlx::Cell| puzzle.get(cell.row, cell.column);
                assert_eq!(digit(conflict.first), conflict.digit);
                assert_eq!(digit(conflict.second), conflict.digit);
            }
        }
    }
});
