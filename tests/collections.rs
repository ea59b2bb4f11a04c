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
//! cargo test --release --test collections -- --ignored --nocapture full_collections
//! ```

use std::fs::File;
use std::io::BufReader;
use std::path::{Path, PathBuf};
use std::time::Instant;

mod common;

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
#[ignore = "slow: cargo test --release --test collections -- --ignored --nocapture full_collections"]
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

/// The node budget of each search of the 36x36 collection: its puzzles
/// take tens of millions of nodes and more.
const THIRTY_SIX_BUDGET: &str = "2000000000";

/// The published 36x36 collection (`philmcminn_36x36.txt`, `0` written for
/// 36): every puzzle is read as a 36x36 grid in that alphabet, and the
/// binary's count to two agrees with its first solution, which keeps the
/// givens and obeys the rules. `.ci/reliability` runs it in release; the
/// differential check against plain backtracking on a cut 36x36 grid is in
/// `tests/cli.rs`.
#[test]
#[ignore = "minutes: cargo test --release --test collections -- --ignored thirty_six_collection"]
fn thirty_six_collection() {
    let path = collections_dir().join("philmcminn_36x36.txt");
    let Ok(text) = std::fs::read(&path) else {
        assert!(
            std::env::var_os("CI").is_none(),
            "no {} (CI is set, so this fails instead of skipping)",
            path.display()
        );
        eprintln!("SKIPPED thirty_six_collection: no {}", path.display());
        return;
    };
    let mut reader = PuzzleReader::new(&text[..]);
    let mut record = Record::default();
    let mut puzzles = Vec::new();
    while let Some(result) = reader.read_record(&mut record) {
        result.unwrap_or_else(|error| panic!("{}: {error}", path.display()));
        assert_eq!(record.grid.size(), Size::from_side(36).unwrap());
        assert_eq!(record.alphabet, sudoku_dlx::Alphabet::THIRTY_SIX);
        puzzles.push(record.grid.clone());
    }
    assert!(!puzzles.is_empty());
    let file = path.to_str().unwrap();
    let budget = ["--max-nodes", THIRTY_SIX_BUDGET, "-f", "json"];
    let counted = common::binary::run_binary(
        &[&["count", "--limit", "2"][..], &budget, &[file]].concat(),
        b"",
    );
    let solved = common::binary::run_binary(&[&["solve"][..], &budget, &[file]].concat(), b"");
    let records = |output: &std::process::Output| -> Vec<serde_json::Value> {
        String::from_utf8_lossy(&output.stdout)
            .lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect()
    };
    let (counts, solutions) = (records(&counted), records(&solved));
    assert_eq!(
        (counts.len(), solutions.len()),
        (puzzles.len(), puzzles.len())
    );
    for ((puzzle, count), solution) in puzzles.iter().zip(&counts).zip(&solutions) {
        let line = &count["line"];
        let found = count["count"].as_u64();
        assert!(matches!(found, Some(1 | 2)), "line {line}: {count}");
        let text = solution["solution"]
            .as_str()
            .unwrap_or_else(|| panic!("line {line}: {solution}"));
        let mut reader = PuzzleReader::new(text.as_bytes());
        reader.read_record(&mut record).unwrap().unwrap();
        assert!(
            record.grid.is_solved() && record.grid.keeps_givens_of(puzzle),
            "line {line}"
        );
        println!("line {line}: {} solution(s) counted to 2", found.unwrap());
    }
}
