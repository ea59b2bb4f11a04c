//! The bundled puzzles in `puzzles/` say what their names and
//! puzzles/README.md promise: the seed article's 4x4 grids, Inkala's puzzle,
//! the 16x16 and 25x25 puzzles, the files of unsolvable, multiple and
//! conflicting puzzles, and the sets of variant puzzles that the benchmarks
//! read.

use crate::common;
use crate::common::binary::run;

use sudoku_dlx::{Grid, Size, Solver};

/// Every puzzle of a bundled file, which must hold at least one and no
/// unreadable record.
fn puzzles(name: &str) -> Vec<Grid> {
    let grids: Vec<Grid> = common::bundled_records(name)
        .into_iter()
        .map(|record| record.unwrap_or_else(|e| panic!("{name}: {e}")))
        .collect();
    assert!(!grids.is_empty(), "{name} holds no puzzle");
    grids
}

/// Solution counts of every puzzle of a file, capped at `limit`; `None` for
/// givens that break the rules.
fn counts(name: &str, limit: u64) -> Vec<Option<u64>> {
    let mut solver = Solver::new();
    puzzles(name)
        .iter()
        .map(|grid| solver.count_solutions(grid, limit).ok().map(|c| c.found))
        .collect()
}

#[test]
fn seed_article_grids() {
    assert_eq!(counts("seed-4x4-printed.txt", 100), [Some(0)]);
    assert_eq!(counts("seed-4x4-six.txt", 100), [Some(6)]);
    let filled = puzzles("seed-4x4-filled.txt");
    assert_eq!(filled.len(), 1);
    assert!(filled[0].is_solved());
}

#[test]
fn inkala_is_unique() {
    assert_eq!(counts("inkala.txt", 2), [Some(1)]);
}

#[test]
fn large_grids_are_unique() {
    for name in ["hex-16x16.txt", "standard-16x16.txt", "puzzle-25x25.txt"] {
        assert!(counts(name, 2).iter().all(|&c| c == Some(1)), "{name}");
    }
    assert_eq!(puzzles("puzzle-25x25.txt")[0].size(), Size::TWENTY_FIVE);
}

#[test]
fn hex_and_standard_sixteen_by_sixteen_are_the_same_puzzles() {
    let hex = puzzles("hex-16x16.txt");
    let standard = puzzles("standard-16x16.txt");
    assert_eq!(hex, standard);
    assert!(hex.iter().all(|g| g.size() == Size::SIXTEEN));
}

#[test]
fn unsolvable_multiple_and_conflicting_files() {
    let unsolvable = counts("unsolvable.txt", 2);
    assert!(unsolvable.len() >= 8 && unsolvable.iter().all(|&c| c == Some(0)));
    let multiple = counts("multiple.txt", 2);
    assert!(multiple.len() >= 8 && multiple.iter().all(|&c| c == Some(2)));
    let conflicting = counts("conflicting.txt", 2);
    assert!(conflicting.len() >= 3 && conflicting.iter().all(Option::is_none));
}

/// Every set of `puzzles/variants/` holds unique puzzles only, as the
/// benchmarks that time them assume: `count --limit 2` answers 1 on every
/// line, one answer a line.
#[test]
fn variant_sets_are_unique() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles/variants");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "jsonl"))
        .collect();
    files.sort();
    assert!(
        files.len() >= 28,
        "{} sets in {}",
        files.len(),
        dir.display()
    );
    for file in &files {
        let path = file.to_str().unwrap();
        let lines = std::fs::read_to_string(file).unwrap();
        let puzzles = lines.lines().filter(|line| !line.trim().is_empty()).count();
        let counted = run(&["count", "--limit", "2", "-j", "2", path], "");
        assert_eq!(counted.status, Some(0), "{path}: {}", counted.stderr);
        let answers: Vec<&str> = counted.stdout.lines().collect();
        assert_eq!(answers.len(), puzzles, "{path}");
        assert!(
            answers.iter().all(|&answer| answer == "1"),
            "{path}: {answers:?}"
        );
    }
}
