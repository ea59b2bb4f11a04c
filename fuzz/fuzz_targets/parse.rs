//! The puzzle reader on arbitrary bytes: it must never panic, never loop,
//! and every record it returns must be a well-formed grid or an error with
//! a place inside the input.
//!
//! The first byte picks the options: bits 0-1 the alphabet (detected,
//! standard, hexadecimal), bit 2 a small line cap so that the too-long-line
//! paths are reached with small inputs.

#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_dlx::ParseErrorKind;
use sudoku_dlx::{Alphabet, Grid, PuzzleReader, ReadError, Record};

fuzz_target!(|data: &[u8]| {
    let Some((&options, text)) = data.split_first() else {
        return;
    };
    let alphabet = match options & 3 {
        1 => Some(Alphabet::STANDARD),
        2 => Some(Alphabet::HEX),
        _ => None,
    };
    let max_line = if options & 4 != 0 { 40 } else { 64 * 1024 };
    let lines = text.split(|&b| b == b'\n').count() as u64;
    let mut reader = PuzzleReader::new(text)
        .with_alphabet(alphabet)
        .with_max_line(max_line);
    let mut record = Record::default();
    let mut records = 0;
    while let Some(result) = reader.read_record(&mut record) {
        records += 1;
        // Every record takes at least one line of its own.
        assert!(records <= lines, "{records} records from {lines} lines");
        match result {
            Ok(()) => {
                assert!((1..=lines).contains(&record.line));
                let grid = &record.grid;
                let side = grid.size().side();
                assert_eq!(grid.cells().len(), side * side);
                assert!(grid.cells().iter().all(|&v| v as usize <= side));
            }
            Err(ReadError::Parse(error)) => {
                assert!((1..=lines).contains(&error.line), "{error}");
                assert!(error.column >= 1, "{error}");
                if !matches!(error.kind, ParseErrorKind::LineTooLong { .. }) {
                    assert!(error.column <= max_line + 1, "{error}");
                }
                assert!(!error.to_string().is_empty());
            }
            Err(ReadError::Io(error)) => panic!("reading from memory failed: {error}"),
        }
    }
    if let Ok(text) = std::str::from_utf8(text) {
        if let Ok(grid) = text.parse::<Grid>() {
            assert!(grid
                .cells()
                .iter()
                .all(|&v| v as usize <= grid.size().side()));
        }
    }
});
