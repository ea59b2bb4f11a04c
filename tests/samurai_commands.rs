//! `rate`, `candidates` and `generate` on samurai puzzles, through the real
//! binary, checked against the library and against every solution of the
//! puzzle.

mod common;

use common::binary::run;
use common::samurai_text::{file, read_all};
use sudoku_dlx::{SamuraiGrid, SamuraiRater, SamuraiSolver, SAMURAI_CELLS};

/// `grid` as one line of 369 cells.
fn line(grid: &SamuraiGrid) -> String {
    grid.cells()
        .iter()
        .map(|&d| if d == 0 { '.' } else { char::from(b'0' + d) })
        .collect()
}

/// The public puzzle's solution with every cell of the first rows of the
/// frame blanked that `blank` picks: few solutions, found by enumeration.
fn with_blanks(blank: impl Fn(usize) -> bool) -> SamuraiGrid {
    let mut grid = read_all(&file("puzzles/samurai-solution.txt")).remove(0);
    for cell in (0..SAMURAI_CELLS).filter(|&cell| blank(cell)) {
        grid.set(cell, 0);
    }
    grid
}

/// The digits of each cell over every solution of `puzzle`, as the fields
/// the binary writes, and the number of solutions.
fn by_enumeration(puzzle: &SamuraiGrid) -> (Vec<String>, u64) {
    let mut masks = [0u16; SAMURAI_CELLS];
    let stats = SamuraiSolver::new()
        .solve(puzzle, u64::MAX, |solution| {
            for (mask, &digit) in masks.iter_mut().zip(solution.cells()) {
                *mask |= 1 << digit;
            }
        })
        .unwrap();
    let fields = masks
        .iter()
        .map(|&mask| {
            (1..=9u8)
                .filter(|d| mask & 1 << d != 0)
                .map(|d| char::from(b'0' + d))
                .collect()
        })
        .collect();
    (fields, stats.solutions)
}

#[test]
fn rate_gives_the_search_rating_in_text_json_and_csv() {
    let puzzle = &read_all(&file("puzzles/samurai.txt"))[0];
    let expected = SamuraiRater::new().rate(puzzle).unwrap();
    let text = run(&["rate", "puzzles/samurai.txt"], "");
    assert_eq!(text.status, Some(0), "{}", text.stderr);
    // The block layout of the input: a blank line ends the record.
    assert_eq!(text.stdout, format!("{expected}\n\n"));
    let json = run(&["rate", "-f", "json", "puzzles/samurai.txt"], "");
    let score = format!(
        "\"status\":\"rated\",\"score\":{},\"level\":\"{}\"",
        expected.score, expected.level
    );
    assert!(json.stdout.contains(&score), "{}", json.stdout);
    let csv = run(&["rate", "-f", "csv", "puzzles/samurai.txt"], "");
    let row = csv.stdout.lines().nth(1).unwrap();
    assert!(
        row.ends_with(&format!(",rated,,,,,{},{}", expected.score, expected.level)),
        "{row}"
    );
    // On one line, and a samurai with many solutions, which has no rating.
    let many = with_blanks(|cell| cell < 60);
    let input = format!("{}\n{}\n", line(puzzle), line(&many));
    let lines = run(&["rate", "--variant", "samurai"], input);
    assert_eq!(lines.status, Some(1));
    assert_eq!(lines.stdout, format!("{expected}\nmultiple\n"));
    assert!(lines.stderr.contains("more than one solution"));
}

#[test]
fn rate_by_techniques_refuses_samurai_with_a_message() {
    for args in [
        &["rate", "--method", "techniques", "puzzles/samurai.txt"][..],
        &["rate", "--method", "techniques", "--variant", "samurai"],
    ] {
        let refused = run(args, "");
        assert_eq!(refused.status, Some(2), "{args:?}");
        assert!(
            refused.stderr.contains("cannot rate samurai puzzles")
                && refused.stderr.contains("--method search"),
            "{}",
            refused.stderr
        );
    }
    let explained = run(&["explain", "puzzles/samurai.txt"], "");
    assert_eq!(explained.status, Some(2));
    assert!(explained
        .stderr
        .contains("explain and hint do not take them"));
}

#[test]
fn candidates_agree_with_every_solution() {
    let cases = [
        with_blanks(|cell| cell % 3 == 0 && cell < 150),
        with_blanks(|cell| cell % 2 == 0 && cell > 100),
        with_blanks(|cell| (cell * 7) % 11 < 5),
        with_blanks(|cell| cell < 120 && cell % 4 != 0),
    ];
    let mut several = 0;
    for puzzle in &cases {
        let (expected, count) = by_enumeration(puzzle);
        let answered = run(&["candidates", "--variant", "samurai"], line(puzzle) + "\n");
        assert_eq!(answered.status, Some(0), "{}", answered.stderr);
        let fields: Vec<&str> = answered.stdout.trim_end().split(' ').collect();
        assert_eq!(fields, expected, "{count} solutions");
        let json = run(
            &["candidates", "--variant", "samurai", "-f", "json"],
            line(puzzle) + "\n",
        );
        let value: serde_json::Value = serde_json::from_str(json.stdout.trim()).unwrap();
        assert_eq!(value["candidates"], serde_json::json!(expected));
        let seen: u64 = value["solutions"].as_str().unwrap().parse().unwrap();
        assert!(seen >= 1 && seen <= count);
        assert_eq!(seen == 1, count == 1);
        several += usize::from(count > 1);
    }
    assert!(several >= 2, "{several}");
}

#[test]
fn a_candidates_search_cut_short_says_so() {
    let puzzle = with_blanks(|cell| cell % 2 == 0);
    let json = run(
        &[
            "candidates",
            "--variant",
            "samurai",
            "-f",
            "json",
            "--limit",
            "2",
        ],
        line(&puzzle) + "\n",
    );
    let value: serde_json::Value = serde_json::from_str(json.stdout.trim()).unwrap();
    assert!(value["solutions"].as_str().unwrap().ends_with('+'));
    assert_eq!(value["candidates"].as_array().unwrap().len(), SAMURAI_CELLS);
    // The block input keeps its layout: the fields, then a blank line.
    let block = run(&["candidates", "puzzles/samurai.txt"], "");
    assert_eq!(block.status, Some(0), "{}", block.stderr);
    let solution = &read_all(&file("puzzles/samurai-solution.txt"))[0];
    let digits: String = block.stdout.split_whitespace().collect();
    assert_eq!(digits, line(solution));
    assert!(block.stdout.ends_with("\n\n"));
}
