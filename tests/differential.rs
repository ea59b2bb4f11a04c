//! The exact-cover solver against an independent backtracking solver, on
//! random puzzles cut from random solved grids and then tampered with, so
//! that some have one solution, some several, some none and some givens that
//! break the rules: the counts up to 2 must agree on every one.
//!
//! Classic 9x9 puzzles take the solver's fast path (bitboards) with the
//! default tie break and the dancing-links path with the leftmost one; the
//! two are also run side by side, on the bundled collections and on random
//! puzzles, and must agree on the counts up to 3 and on the rules of every
//! solution they print.

use crate::common;

use common::grids::tampered_puzzle;
use common::oracle;
use proptest::prelude::*;
use sudoku_dlx::engine::TieBreak;
use sudoku_dlx::{Grid, PuzzleReader, Record, Size, Solver};

fn agree(puzzle: &Grid) -> Result<(), TestCaseError> {
    let expected = oracle::count_solutions(puzzle.cells(), puzzle.size().box_shape().unwrap(), 2);
    let found = Solver::new()
        .count_solutions(puzzle, 2)
        .ok()
        .map(|c| c.found);
    prop_assert_eq!(found, expected, "count up to 2 (None: the givens clash)");
    Ok(())
}

proptest! {
    #![proptest_config(common::config(512))]

    #[test]
    fn four_by_four(puzzle in tampered_puzzle(Size::FOUR, 0.0..0.8, 2)) {
        agree(&puzzle)?;
    }

    #[test]
    fn nine_by_nine(puzzle in tampered_puzzle(Size::NINE, 0.3..0.9, 2)) {
        agree(&puzzle)?;
    }
}

proptest! {
    #![proptest_config(common::config(48))]

    #[test]
    fn sixteen_by_sixteen(puzzle in tampered_puzzle(Size::SIXTEEN, 0.5..0.9, 2)) {
        agree(&puzzle)?;
    }
}

/// The solutions up to 3 of `puzzle`, by the fast path (`fast`) or the
/// dancing-links path; `None` when the givens clash.
fn solutions(puzzle: &Grid, fast: bool) -> Option<Vec<Grid>> {
    let mut solver = Solver::new();
    if !fast {
        solver.set_tie_break(TieBreak::Leftmost);
    }
    let mut found = Vec::new();
    solver
        .solve(puzzle, 3, |solution| found.push(solution.clone()))
        .ok()?;
    Some(found)
}

/// Both paths on `puzzle`: the same count up to 3 (or the same clash), and
/// every solution valid, keeping the givens, distinct from the others.
fn paths_agree(puzzle: &Grid) -> Result<usize, String> {
    let fast = solutions(puzzle, true);
    let general = solutions(puzzle, false);
    let counts = (fast.as_ref().map(Vec::len), general.as_ref().map(Vec::len));
    if counts.0 != counts.1 {
        return Err(format!(
            "{puzzle:?}: fast {:?}, general {:?}",
            counts.0, counts.1
        ));
    }
    for found in [&fast, &general].into_iter().flatten() {
        let distinct: std::collections::HashSet<_> = found.iter().collect();
        if distinct.len() != found.len() {
            return Err(format!("{puzzle:?}: a solution found twice"));
        }
        for solution in found {
            if !solution.is_solved() || !solution.keeps_givens_of(puzzle) {
                return Err(format!("{puzzle:?}: bad solution {solution:?}"));
            }
        }
    }
    Ok(counts.0.unwrap_or(0))
}

/// The first `take` puzzles of a file of `puzzles/`, which must hold them.
fn bundled(name: &str, take: usize) -> Vec<Grid> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("puzzles")
        .join(name);
    let file = std::fs::File::open(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut reader = PuzzleReader::new(std::io::BufReader::new(file));
    let mut record = Record::default();
    let mut puzzles = Vec::new();
    while puzzles.len() < take {
        let Some(result) = reader.read_record(&mut record) else {
            break;
        };
        result.unwrap_or_else(|e| panic!("{name}: {e}"));
        puzzles.push(record.grid.clone());
    }
    assert_eq!(puzzles.len(), take, "{name}: too few puzzles");
    puzzles
}

#[test]
fn fast_path_and_dancing_links_agree_on_the_bundled_collections() {
    let files = [
        ("bench-17-clue.txt", 60, 1..=1),
        ("bench-top1465.txt", 60, 1..=1),
        ("bench-forum-11plus.txt", 20, 1..=1),
        ("bench-forum-1106.txt", 20, 1..=1),
        ("bench-serg.txt", 60, 1..=3),
        ("multiple.txt", 14, 2..=3),
        ("unsolvable.txt", 15, 0..=0),
        ("easy.txt", 20, 1..=1),
    ];
    for (name, take, expected) in files {
        for puzzle in bundled(name, take) {
            let count = paths_agree(&puzzle).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(
                expected.contains(&count),
                "{name}: {count} solutions, {puzzle:?}"
            );
        }
    }
}

proptest! {
    #![proptest_config(common::config(256))]

    #[test]
    fn fast_path_and_dancing_links_agree_on_random_puzzles(
        puzzle in tampered_puzzle(Size::NINE, 0.15..0.7, 2),
    ) {
        paths_agree(&puzzle).map_err(TestCaseError::fail)?;
    }
}

/// Grids of side 25 and more take the search with locked candidates, the
/// units' matchings and restarts. 24 cases whatever `$PROPTEST_CASES` says
/// (which the `proptest!` macro would follow): the backtracking oracle can
/// take minutes on a rare sparse 25x25 cut with no solution.
#[test]
fn twenty_five_by_twenty_five() {
    let config = proptest::test_runner::Config {
        cases: 24,
        ..common::config(24)
    };
    let strategy = tampered_puzzle(Size::TWENTY_FIVE, 0.55..0.9, 2);
    proptest::test_runner::TestRunner::new(config)
        .run(&strategy, |puzzle| agree(&puzzle))
        .unwrap();
}

/// The two published 36x36 puzzles: rows with one or two givens leave each
/// several solutions, which without restarts and the propagation of large
/// grids the search did not reach in two billion nodes. The binary lists
/// two solutions of each (the searches are the library's); both must keep
/// the puzzle's givens and the rules, and differ. Then the backtracking
/// solver and the exact-cover one must agree on a cut of the first.
#[test]
#[ignore = "a minute in an optimised build; CI runs it"]
fn the_published_36x36_puzzles_are_solved_and_counted() {
    let puzzles = bundled("philmcminn-36x36.txt", 2);
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles/philmcminn-36x36.txt");
    let args = ["solve", "--all", "--limit", "2", "-f", "json"];
    let run = common::binary::run(&[&args[..], &[path.to_str().unwrap()]].concat(), "");
    assert_eq!(run.status, Some(0), "{}", run.stderr);
    let records: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(records.len(), 2, "{}", run.stdout);
    for (index, (record, puzzle)) in records.iter().zip(&puzzles).enumerate() {
        assert!(
            record.contains(r#""status":"multiple","count":2,"limit_reached":true"#),
            "{record}"
        );
        let found = serde_json::from_str::<serde_json::Value>(record).unwrap()["solutions"]
            .as_array()
            .unwrap_or_else(|| panic!("puzzle {index}: no solutions listed"))
            .iter()
            .map(|text| grid_of(text.as_str().expect("a solution is a string")))
            .collect::<Vec<Grid>>();
        assert_eq!(found.len(), 2, "puzzle {index}");
        for solution in &found {
            assert!(solution.is_solved() && solution.keeps_givens_of(puzzle));
        }
        assert_ne!(
            found[0], found[1],
            "puzzle {index}: the same solution twice"
        );
        if index == 0 {
            // Two fifths of the first solution's cells blanked.
            let mut cut = found[0].clone();
            for cell in (0..cut.cells().len()).filter(|&cell| cell * 7919 % 5 < 2) {
                cut.set(cell, 0);
            }
            let expected = oracle::count_solutions(cut.cells(), (6, 6), 2);
            let counted = Solver::new().count_solutions(&cut, 2).unwrap().found;
            assert_eq!(Some(counted), expected, "puzzle {index}, cut");
        }
    }
}

/// The grid of one line of text.
fn grid_of(line: &str) -> Grid {
    let mut reader = PuzzleReader::new(line.as_bytes());
    let mut record = Record::default();
    match reader.read_record(&mut record) {
        Some(Ok(())) => record.grid,
        other => panic!("{line}: {other:?}"),
    }
}
