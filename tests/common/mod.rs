//! Helpers shared by the test crates: grids, the backtracking oracle, the
//! proptest configuration and a runner of the real binary. Each test crate
//! uses only some of them.
#![allow(dead_code)]

pub mod binary;
pub mod constraint_oracle;
pub mod grids;
pub mod killer_oracle;
pub mod oracle;
pub mod samurai_oracle;
pub mod samurai_text;
pub mod variant_oracle;

use proptest::test_runner::{Config, RngSeed};
use sudoku_dlx::{Explanation, Grid};

/// True when the tests are to check everything they can rather than a
/// sample: in an optimised build, or when `$SUDOKU_THOROUGH` is set to
/// anything but `0` (as CI does, in its optimised build with debug
/// assertions).
pub fn thorough() -> bool {
    match std::env::var("SUDOKU_THOROUGH") {
        Ok(value) => value != "0",
        Err(_) => !cfg!(debug_assertions),
    }
}

/// A proptest configuration running `cases` cases, or `$PROPTEST_CASES`
/// when it is set, from a fixed seed. Shrinking is kept short: shrinking a 16x16 failure
/// toward fewer clues makes the oracle slow.
pub fn config(cases: u32) -> Config {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(cases);
    // A fixed seed unless `$PROPTEST_RNG_SEED` names another: the same
    // cases on every run, so that CI time does not hang on the draw (a rare
    // sparse 16x16 cut can keep the plain backtracking oracle busy for
    // minutes).
    let rng_seed = std::env::var("PROPTEST_RNG_SEED")
        .ok()
        .and_then(|text| text.parse().ok())
        .map_or(RngSeed::Fixed(20_261_123), RngSeed::Fixed);
    Config {
        cases,
        max_shrink_iters: 64,
        rng_seed,
        ..Config::default()
    }
}

/// [`config`] for a property whose cases are costly: `cases` cases, or
/// `$PROPTEST_CASES` when it is set, but never more than `most`, so that a
/// run at many cases (CI's) spends its time on the cheap properties. For a
/// `TestRunner` of the test's own: the `proptest!` macro would follow
/// `$PROPTEST_CASES` over it.
pub fn costly_config(cases: u32, most: u32) -> Config {
    let mut config = config(cases);
    config.cases = config.cases.min(most);
    config
}

/// Every record of the bundled file `puzzles/NAME`, in order: its grid, or
/// the message of the error that record gave.
pub fn bundled_records(name: &str) -> Vec<Result<sudoku_dlx::Grid, String>> {
    read_bundled(name)
        .into_iter()
        .map(|record| record.map(|record| record.grid))
        .collect()
}

/// Every record of the bundled set `puzzles/variants/NAME.jsonl`, rules
/// and all, in order; a record that does not read fails the test.
pub fn bundled_variant_records(name: &str) -> Vec<sudoku_dlx::Record> {
    read_bundled(&format!("variants/{name}.jsonl"))
        .into_iter()
        .map(|record| record.unwrap_or_else(|e| panic!("{name}: {e}")))
        .collect()
}

/// Every record of the bundled file `puzzles/NAME`, or its error's message.
fn read_bundled(name: &str) -> Vec<Result<sudoku_dlx::Record, String>> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("puzzles")
        .join(name);
    let file = std::fs::File::open(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut reader = sudoku_dlx::PuzzleReader::new(std::io::BufReader::new(file));
    let mut record = sudoku_dlx::Record::default();
    let mut records = Vec::new();
    while let Some(result) = reader.read_record(&mut record) {
        records.push(result.map(|()| record.clone()).map_err(|e| e.to_string()));
    }
    records
}

/// Explains the first `take` puzzles of the bundled set
/// `puzzles/variants/NAME.jsonl` (all of them if it has fewer; each must be
/// unique) and asserts that every path keeps the solution and ends in it.
/// Returns how many puzzles were explained and how many of their paths
/// needed no bifurcation.
pub fn explain_bundled_variant_set(name: &str, take: usize) -> (usize, usize) {
    let mut solver = sudoku_dlx::Solver::new();
    let mut explainer = sudoku_dlx::Explainer::new();
    let (mut puzzles, mut without_bifurcation) = (0, 0);
    for record in bundled_variant_records(name).into_iter().take(take) {
        let geometry = record.rules.geometry(record.grid.size()).unwrap();
        let mut solutions = Vec::new();
        solver
            .solve_in(&geometry, &record.grid, 2, |s| solutions.push(s.clone()))
            .unwrap();
        let what = format!("{name}.jsonl:{}", record.line);
        assert_eq!(solutions.len(), 1, "{what}");
        let explained = explainer.explain(&geometry, &record.grid).unwrap();
        assert_keeps_every_solution(&what, &explained, &solutions);
        assert!(explained.solved, "{what}: the path stops short");
        puzzles += 1;
        without_bifurcation += usize::from(explained.bifurcations == 0);
    }
    (puzzles, without_bifurcation)
}

/// Asserts that no step of `path` places a digit that one of `solutions`
/// lacks or strikes one that one of them holds: a logical path keeps
/// every solution of its puzzle.
pub fn assert_keeps_every_solution(what: &str, path: &Explanation, solutions: &[Grid]) {
    for (index, step) in path.steps.iter().enumerate() {
        for solution in solutions {
            let cells = solution.cells();
            for &(cell, digit) in &step.placements {
                assert_eq!(
                    cells[cell], digit,
                    "{what}: step {index} `{step}` loses a solution"
                );
            }
            for &(cell, digit) in &step.eliminations {
                assert_ne!(
                    cells[cell], digit,
                    "{what}: step {index} `{step}` loses a solution"
                );
            }
        }
    }
}

/// The first cell of the `side` x `side` grid `values` (row by row) whose
/// right or lower neighbour is one apart from it; `None` when there is none.
pub fn beside_consecutive(values: &[u8], side: usize) -> Option<usize> {
    (0..side * side).find(|&c| {
        let right = c % side < side - 1 && values[c].abs_diff(values[c + 1]) == 1;
        let below = c < side * (side - 1) && values[c].abs_diff(values[c + side]) == 1;
        right || below
    })
}

/// `text` in UTF-16 after its byte-order mark, big-endian or
/// little-endian: what Windows editors save as "Unicode".
pub fn utf16(text: &str, big_endian: bool) -> Vec<u8> {
    let mut encoded = if big_endian {
        vec![0xFE, 0xFF]
    } else {
        vec![0xFF, 0xFE]
    };
    for unit in text.encode_utf16() {
        encoded.extend(if big_endian {
            unit.to_be_bytes()
        } else {
            unit.to_le_bytes()
        });
    }
    encoded
}
