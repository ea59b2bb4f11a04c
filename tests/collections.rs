//! Correctness at scale: every puzzle of every 9x9 collection in
//! `../shared/puzzles` (or the directory `$SUDOKU_COLLECTIONS` names),
//! solved in count-up-to-2 mode and in first-solution mode. Every solution
//! must obey the rules and keep the givens; every puzzle must have exactly
//! one solution, except in `puzzles7_serg_benchmark`, where every puzzle has
//! two or more.
//!
//! It takes about a minute in a release build:
//!
//! ```text
//! cargo test --release --test suite -- --ignored --nocapture collections::full_collections
//! ```

use std::fs::File;
use std::io::BufReader;
use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::common;

use sudoku_dlx::{Grid, PuzzleReader, Record, Size, Solver};

/// The collection whose puzzles all have two or more solutions.
const MULTIPLE: &str = "puzzles7_serg_benchmark.txt";

fn collections_dir() -> PathBuf {
    std::env::var_os("SUDOKU_COLLECTIONS").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/puzzles"),
        PathBuf::from,
    )
}

/// Every puzzle of a file, or `None` when its first puzzle is not 9x9.
fn nine_by_nine_puzzles(path: &Path) -> Option<Vec<Grid>> {
    let file = File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut reader = PuzzleReader::new(BufReader::new(file));
    let mut record = Record::default();
    let mut puzzles = Vec::new();
    while let Some(result) = reader.read_record(&mut record) {
        let is_nine = result.is_ok() && record.grid.size() == Size::NINE;
        if puzzles.is_empty() && !is_nine {
            // Larger grids, some beyond what the solver supports (36x36).
            return None;
        }
        if let Err(error) = result {
            panic!("{}: {error}", path.display());
        }
        assert!(is_nine, "{}:{}: not 9x9", path.display(), record.line);
        puzzles.push(record.grid.clone());
    }
    Some(puzzles)
}

/// Totals for one collection.
#[derive(Default)]
struct Tally {
    puzzles: u64,
    unique: u64,
    multiple: u64,
    solutions_checked: u64,
}

/// Solves one puzzle both ways and checks every answer.
fn check(solver: &mut Solver, puzzle: &Grid, want_unique: bool, tally: &mut Tally, place: &str) {
    let mut solutions = Vec::with_capacity(2);
    let stats = solver
        .solve(puzzle, 2, |solution| solutions.push(solution.clone()))
        .unwrap_or_else(|conflict| panic!("{place}: {conflict}"));
    let first = solver
        .first_solution(puzzle)
        .unwrap_or_else(|conflict| panic!("{place}: {conflict}"))
        .unwrap_or_else(|| panic!("{place}: no solution"));
    solutions.push(first);
    for solution in &solutions {
        assert!(solution.is_solved(), "{place}: breaks the rules");
        assert!(solution.keeps_givens_of(puzzle), "{place}: loses a given");
    }
    let count = stats.solutions;
    assert_eq!(count + 1, solutions.len() as u64, "{place}: reported count");
    if want_unique {
        assert_eq!(count, 1, "{place}: expected one solution");
        assert!(!stats.stopped_at_limit, "{place}");
        assert_eq!(
            solutions[0], solutions[1],
            "{place}: first solution differs"
        );
    } else {
        assert!(count == 2 && stats.stopped_at_limit, "{place}: expected 2+");
        assert_ne!(
            solutions[0], solutions[1],
            "{place}: the same solution twice"
        );
    }
    tally.puzzles += 1;
    tally.unique += u64::from(count == 1);
    tally.multiple += u64::from(count == 2);
    tally.solutions_checked += solutions.len() as u64;
}

#[test]
#[ignore = "slow: cargo test --release --test suite -- --ignored --nocapture collections::full_collections"]
fn full_collections() {
    let dir = collections_dir();
    let Ok(entries) = std::fs::read_dir(&dir) else {
        // In CI the collections must be there: a run without them would
        // pass without checking anything.
        assert!(
            std::env::var_os("CI").is_none(),
            "no puzzle collections at {} (CI is set, so this fails instead of skipping)",
            dir.display()
        );
        eprintln!(
            "SKIPPED full_collections: no puzzle collections at {} (set SUDOKU_COLLECTIONS)",
            dir.display()
        );
        return;
    };
    let mut paths: Vec<PathBuf> = entries
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "txt"))
        .collect();
    paths.sort();
    let mut solver = Solver::new();
    let mut total = Tally::default();
    let (mut files, start) = (0, Instant::now());
    println!(
        "{:<42} {:>8} {:>8} {:>8} {:>9}",
        "file", "puzzles", "unique", "2+", "seconds"
    );
    for path in &paths {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let Some(puzzles) = nine_by_nine_puzzles(path) else {
            println!("{name:<42} not 9x9, skipped");
            continue;
        };
        let want_unique = name != MULTIPLE;
        let mut tally = Tally::default();
        let clock = Instant::now();
        for (k, puzzle) in puzzles.iter().enumerate() {
            let place = format!("{name}: puzzle {}", k + 1);
            check(&mut solver, puzzle, want_unique, &mut tally, &place);
        }
        println!(
            "{name:<42} {:>8} {:>8} {:>8} {:>9.1}",
            tally.puzzles,
            tally.unique,
            tally.multiple,
            clock.elapsed().as_secs_f64()
        );
        files += 1;
        total.puzzles += tally.puzzles;
        total.unique += tally.unique;
        total.multiple += tally.multiple;
        total.solutions_checked += tally.solutions_checked;
    }
    println!(
        "{:<42} {:>8} {:>8} {:>8} {:>9.1}",
        format!("total, {files} files"),
        total.puzzles,
        total.unique,
        total.multiple,
        start.elapsed().as_secs_f64()
    );
    println!(
        "{} solutions checked against the rules and the givens",
        total.solutions_checked
    );
    assert!(files > 0, "no 9x9 collection in {}", dir.display());
    assert!(
        paths.iter().any(|p| p.ends_with(MULTIPLE)),
        "{MULTIPLE} is missing"
    );
}

/// The published 36x36 collection (`philmcminn_36x36.txt`, `0` written for
/// 36): every puzzle is read as a 36x36 grid in that alphabet, its givens
/// obey the rules, and the binary answers each with one record that echoes
/// the puzzle as it was written. Solving them is out of reach today (see
/// the design doc); the differential check against plain backtracking on a
/// cut 36x36 grid is in `tests/cli.rs`.
#[test]
#[ignore = "needs ../shared/puzzles: cargo test --release --test suite -- --ignored collections::thirty_six_collection"]
fn thirty_six_collection() {
    let path = collections_dir().join("philmcminn_36x36.txt");
    let Ok(text) = std::fs::read_to_string(&path) else {
        assert!(
            std::env::var_os("CI").is_none(),
            "no {} (CI is set, so this fails instead of skipping)",
            path.display()
        );
        eprintln!("SKIPPED thirty_six_collection: no {}", path.display());
        return;
    };
    let size = Size::from_side(36).unwrap();
    let mut reader = PuzzleReader::new(text.as_bytes());
    let mut record = Record::default();
    let mut read = 0;
    while let Some(result) = reader.read_record(&mut record) {
        result.unwrap_or_else(|error| panic!("{}: {error}", path.display()));
        assert_eq!(record.grid.size(), size);
        assert_eq!(record.alphabet, sudoku_dlx::Alphabet::THIRTY_SIX);
        let place = format!("{}:{}", path.display(), record.line);
        assert!(record.grid.givens() > 0, "{place}");
        let conflict = sudoku_dlx::Geometry::classic(size).first_conflict(&record.grid);
        assert!(conflict.is_none(), "{place}: {conflict:?}");
        read += 1;
    }
    assert_eq!(read, text.lines().filter(|line| !line.is_empty()).count());
    // The binary reads the same records and writes them back as they were.
    let file = path.to_str().unwrap();
    let args = ["count", "--max-nodes", "1000", "-f", "json", file];
    let output = common::binary::run_binary(&args, b"");
    let echoed: Vec<String> = String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|line| {
            let value: serde_json::Value = serde_json::from_str(line).unwrap();
            value["puzzle"].as_str().unwrap().to_owned()
        })
        .collect();
    let written: Vec<&str> = text.lines().filter(|line| !line.is_empty()).collect();
    assert_eq!(echoed, written);
}
