//! `rate`, `candidates` and `generate` on samurai puzzles, through the real
//! binary, checked against the library and against every solution of the
//! puzzle.

mod common;

use common::binary::run;
use common::samurai_text::{file, read_all};
use common::samurai_text::{is_solved, SamuraiGrid, SamuraiRater, SamuraiSolver, SAMURAI_CELLS};

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
    let json = run(&["rate", "-f", "json", "puzzles/samurai.txt"], "");
    assert_eq!(json.status, Some(0), "{}", json.stderr);
    let value: serde_json::Value = serde_json::from_str(json.stdout.trim()).unwrap();
    // The level of the hardest technique, and the search's branches as
    // the library's search rating counts them.
    assert_eq!(value["branches"], expected.branches(), "{value}");
    let (level, hardest) = (
        value["level"].as_str().unwrap(),
        value["hardest"].as_str().unwrap(),
    );
    assert!(["simple", "easy", "intermediate", "expert"].contains(&level));
    let text = run(&["rate", "puzzles/samurai.txt"], "");
    assert_eq!(text.status, Some(0), "{}", text.stderr);
    // The block layout of the input: a blank line ends the record.
    let branches = expected.branches();
    assert_eq!(
        text.stdout,
        format!("{level}: {hardest}; {branches} branches\n\n")
    );
    let csv = run(&["rate", "-f", "csv", "puzzles/samurai.txt"], "");
    let row = csv.stdout.lines().nth(1).unwrap();
    assert!(
        row.ends_with(&format!(",{level},{hardest},{branches}")),
        "{row}"
    );
    // On one line, and a samurai with many solutions, which has no rating.
    let many = with_blanks(|cell| cell < 60);
    let input = format!("{}\n{}\n", line(puzzle), line(&many));
    let lines = run(&["rate", "--variant", "samurai"], input);
    assert_eq!(lines.status, Some(1));
    assert_eq!(
        lines.stdout,
        format!("{level}: {hardest}; {branches} branches\nmultiple\n")
    );
    assert!(lines.stderr.contains("more than one solution"));
}

#[test]
fn rate_by_techniques_rates_samurai_by_its_hardest_technique() {
    for args in [
        &[
            "rate",
            "--method",
            "techniques",
            "-f",
            "json",
            "puzzles/samurai.txt",
        ][..],
        &[
            "rate",
            "--method",
            "techniques",
            "-f",
            "json",
            "--shape",
            "samurai",
            "puzzles/samurai.txt",
        ],
    ] {
        let rated = run(args, "");
        assert_eq!(rated.status, Some(0), "{args:?}: {}", rated.stderr);
        let value: serde_json::Value = serde_json::from_str(rated.stdout.trim()).unwrap();
        assert!(value["level"].is_string(), "{value}");
        assert!(value["hardest"].is_string(), "{value}");
        assert!(value["branches"].is_u64(), "{value}");
    }
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

/// True when `puzzle` less the given of `cell` has a second solution: a
/// search for two solutions finds them, each checked.
fn has_other_solution(solver: &mut SamuraiSolver, puzzle: &SamuraiGrid, cell: usize) -> bool {
    let mut fewer = puzzle.clone();
    fewer.set(cell, 0);
    let mut found = 0;
    let _ = solver.solve(&fewer, 2, |solution| {
        found += usize::from(is_solved(solution) && solution.keeps_givens_of(&fewer));
    });
    found == 2
}

/// The seeds whose puzzles are checked given by given. Proving that a
/// given cannot go takes one search for a second solution, which on some
/// samurai wanders through the other grids for seconds: a debug build
/// checks two seeds whose checks are quick, a release build ten.
const MINIMALITY_SEEDS: &[&str] = if cfg!(debug_assertions) {
    &["3", "8"]
} else {
    &["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"]
};

#[test]
fn generated_samurai_read_back_are_unique_and_minimal() {
    let mut solver = SamuraiSolver::new();
    for &seed in MINIMALITY_SEEDS {
        let args = [
            "generate",
            "--variant",
            "samurai",
            "--symmetry",
            "none",
            "--seed",
            seed,
        ];
        let made = run(&args, "");
        assert_eq!(made.status, Some(0), "{}", made.stderr);
        assert_eq!(made.stdout.lines().count(), 22, "a block and a blank line");
        let puzzle = read_all(&made.stdout).remove(0);
        assert_eq!(solver.count_solutions(&puzzle, 2).unwrap().found, 1);
        let givens: Vec<usize> = (0..SAMURAI_CELLS)
            .filter(|&cell| puzzle.cells()[cell] != 0)
            .collect();
        assert!(givens.len() < 150, "{}", givens.len());
        for &cell in &givens {
            assert!(
                has_other_solution(&mut solver, &puzzle, cell),
                "seed {seed}: the given at cell {cell} can go"
            );
        }
        // The same seed, the same puzzle, in every layout.
        let line = run(&[&args[..], &["-f", "line"]].concat(), "");
        assert_eq!(read_all(&line.stdout)[0], puzzle);
        let json = run(&[&args[..], &["-f", "json", "--rate"]].concat(), "");
        let value: serde_json::Value = serde_json::from_str(json.stdout.trim()).unwrap();
        assert_eq!(value["givens"].as_str().unwrap(), self::line(&puzzle));
        assert_eq!(value["clues"], givens.len());
        let rating = SamuraiRater::new().rate(&puzzle).unwrap();
        assert_eq!(value["branches"], rating.branches());
        let solution = read_all(value["solution"].as_str().unwrap()).remove(0);
        assert!(is_solved(&solution) && solution.keeps_givens_of(&puzzle));
    }
}

#[test]
fn generate_samurai_is_symmetric_by_default_makes_complete_grids_and_refuses_the_rest() {
    let made = run(&["generate", "--variant", "samurai", "--seed", "4"], "");
    let puzzle = read_all(&made.stdout).remove(0);
    let rows: Vec<&str> = made.stdout.lines().take(21).collect();
    for (row, text) in rows.iter().enumerate() {
        let mirrored = rows[20 - row];
        for (column, symbol) in text.chars().enumerate() {
            let image = mirrored.chars().nth(20 - column).unwrap_or(' ');
            assert_eq!(symbol == '.', image == '.', "row {row} column {column}");
        }
    }
    assert_eq!(
        SamuraiSolver::new()
            .count_solutions(&puzzle, 2)
            .unwrap()
            .found,
        1
    );
    let solved = run(
        &["generate", "--variant", "samurai", "--solved", "-n", "2"],
        "",
    );
    let grids = read_all(&solved.stdout);
    assert_eq!(grids.len(), 2);
    assert!(grids.iter().all(is_solved) && grids[0] != grids[1]);
    for args in [
        &["generate", "--variant", "samurai", "--size", "4"][..],
        &["generate", "--shape", "samurai", "--boxes", "3x3"],
        &["generate", "--variant", "samurai", "-f", "svg"],
        &["generate", "--variant", "samurai,killer"],
        &["generate", "--variant", "samurai", "--max-givens", "400"],
    ] {
        let refused = run(args, "");
        assert_eq!(refused.status, Some(2), "{args:?}");
        assert!(refused.stderr.contains("samurai"), "{}", refused.stderr);
    }
}
