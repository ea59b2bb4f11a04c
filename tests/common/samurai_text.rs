//! Samurai puzzles for the tests, read through the library's reader from
//! text or from the files of the repository.

use sudoku_dlx::{SamuraiGrid, SamuraiReader, SamuraiRecord};

/// The text of a file of the repository.
pub fn file(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(name);
    std::fs::read_to_string(path).expect("the file is readable")
}

/// Reads every record of `text` as samurai.
pub fn read_all(text: &str) -> Vec<SamuraiGrid> {
    let mut reader = SamuraiReader::new(text.as_bytes());
    let mut record = SamuraiRecord::default();
    let mut all = Vec::new();
    while let Some(result) = reader.read_record(&mut record) {
        result.expect("a well-formed samurai");
        all.push(record.puzzle.clone());
    }
    all
}
