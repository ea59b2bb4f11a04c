//! Grid shapes through the real binary: every side from 4 to 35, boxes of
//! R rows by C columns (the most square by default, `--boxes RxC` to
//! choose), and `--boxes none` for Latin squares.

use crate::common;

use common::binary::run_binary;

fn run(args: &[&str], stdin: &str) -> (String, String, i32) {
    let output = run_binary(args, stdin.as_bytes());
    (
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
        output.status.code().unwrap(),
    )
}

/// A 6x6 puzzle with one solution under 2x3 boxes.
fn six_by_six() -> String {
    let (stdout, _, code) = run(&["generate", "--size", "6", "--seed", "7"], "");
    assert_eq!(code, 0);
    stdout.lines().next().unwrap().to_string()
}

/// True when every row, column and `rows x columns` box of the `n x n`
/// grid written on `line` holds each symbol once.
fn obeys(line: &str, rows: usize, columns: usize) -> bool {
    let cells: Vec<char> = line.chars().collect();
    let n = rows * columns;
    let distinct = |cells: Vec<char>| {
        let mut sorted = cells.clone();
        sorted.sort_unstable();
        sorted.dedup();
        sorted.len() == n && !sorted.contains(&'.')
    };
    (0..n).all(|k| {
        let row = (0..n).map(|j| cells[k * n + j]).collect();
        let column = (0..n).map(|j| cells[j * n + k]).collect();
        let (top, left) = (k / rows * rows, k % rows * columns);
        let bx = (0..n)
            .map(|j| cells[(top + j / columns) * n + left + j % columns])
            .collect();
        distinct(row) && distinct(column) && distinct(bx)
    })
}

#[test]
fn six_by_six_has_two_by_three_boxes_unless_told_otherwise() {
    let puzzle = six_by_six();
    let (solution, _, code) = run(&["solve"], &format!("{puzzle}\n"));
    assert_eq!(code, 0);
    assert!(obeys(solution.trim(), 2, 3), "{solution}");
    let (count, _, _) = run(&["count", "--limit", "2"], &format!("{puzzle}\n"));
    assert_eq!(count, "1\n");
    // The same givens under 3x2 boxes are another puzzle.
    let (other, _, code) = run(&["solve", "--boxes", "3x2"], &format!("{puzzle}\n"));
    if code == 0 {
        assert!(obeys(other.trim(), 3, 2), "{other}");
    } else {
        assert_eq!(other, "unsolvable\n");
    }
}

#[test]
fn a_box_shape_that_does_not_tile_the_grid_is_named() {
    let puzzle = six_by_six();
    let (stdout, stderr, code) = run(&["solve", "--boxes", "2x4"], &format!("{puzzle}\n"));
    assert_eq!((stdout.as_str(), code), ("invalid\n", 1));
    assert!(stderr.contains("boxes of 2x4"), "{stderr}");
    let (stdout, stderr, code) = run(&["solve", "--boxes", "2by3"], "");
    assert_eq!((stdout.as_str(), code), ("", 2));
    assert!(stderr.contains("expected RxC"), "{stderr}");
}

#[test]
fn grid_output_draws_the_boxes_of_the_shape() {
    let puzzle = six_by_six();
    let (block, _, code) = run(&["solve", "-f", "grid"], &format!("{puzzle}\n"));
    assert_eq!(code, 0);
    let lines: Vec<&str> = block.lines().collect();
    // Two rows, a border, two rows, a border, two rows, the blank line.
    assert_eq!(lines.len(), 9, "{block}");
    assert_eq!(lines[2], "------+------");
    assert_eq!(lines[0].matches('|').count(), 1);
    // And it reads back as the same grid.
    let (again, _, _) = run(&["solve", "-f", "line"], &block);
    let (line, _, _) = run(&["solve"], &format!("{puzzle}\n"));
    assert_eq!(again, line);
}

#[test]
fn prime_sides_need_no_boxes_and_say_so() {
    let seven = ".".repeat(49);
    let (stdout, stderr, code) = run(&["solve"], &format!("{seven}\n"));
    assert_eq!((stdout.as_str(), code), ("invalid\n", 1));
    assert!(stderr.contains("has no boxes"), "{stderr}");
    let (latin, _, code) = run(&["solve", "--boxes", "none"], &format!("{seven}\n"));
    assert_eq!(code, 0);
    let cells: Vec<char> = latin.trim().chars().collect();
    for k in 0..7 {
        let mut row: Vec<char> = (0..7).map(|j| cells[k * 7 + j]).collect();
        let mut column: Vec<char> = (0..7).map(|j| cells[j * 7 + k]).collect();
        row.sort_unstable();
        column.sort_unstable();
        assert_eq!(row, ['1', '2', '3', '4', '5', '6', '7']);
        assert_eq!(row, column);
    }
}

#[test]
fn symbols_go_up_to_z_for_thirty_five() {
    // A 35x35 grid (5x7 boxes) with its first row given as 1-9 then A-Z,
    // letters in lower case: the answer keeps the row and the case.
    let symbols = "123456789abcdefghijklmnopqrstuvwxyz";
    let puzzle = format!("{symbols}{}", ".".repeat(35 * 34));
    let (stdout, _, code) = run(&["solve"], &format!("{puzzle}\n"));
    assert_eq!(code, 0);
    assert!(stdout.starts_with(symbols), "{}", &stdout[..40]);
    assert!(!stdout.contains('.'));
}

#[test]
fn generate_makes_puzzles_for_other_box_shapes() {
    let (stdout, stderr, code) = run(
        &[
            "generate", "--size", "6", "--boxes", "3x2", "-n", "2", "--seed", "9",
        ],
        "",
    );
    assert_eq!((code, stderr.as_str()), (0, ""));
    let (counts, _, _) = run(&["count", "--limit", "2", "--boxes", "3x2"], &stdout);
    assert_eq!(counts, "1\n1\n");
    let (solved, _, _) = run(&["solve", "--boxes", "3x2"], &stdout);
    for line in solved.lines() {
        assert!(obeys(line, 3, 2), "{line}");
    }
}

#[test]
fn generate_makes_latin_squares_and_jigsaws_on_prime_sides_and_refuses_boxes() {
    let (stdout, stderr, code) = run(&["generate", "--size", "7", "--seed", "4"], "");
    assert_eq!((stdout.as_str(), code), ("", 2));
    assert!(stderr.contains("a 7x7 grid has no boxes"), "{stderr}");
    let latin = [
        "generate", "--size", "7", "--boxes", "none", "-n", "2", "--seed", "4",
    ];
    let (puzzles, stderr, code) = run(&latin, "");
    assert_eq!((code, stderr.as_str()), (0, ""));
    let (counts, _, _) = run(&["count", "--limit", "2", "--boxes", "none"], &puzzles);
    assert_eq!(counts, "1\n1\n");
    let jigsaw = [
        "generate",
        "--size",
        "7",
        "--variant",
        "jigsaw",
        "--seed",
        "4",
    ];
    let (puzzle, stderr, code) = run(&jigsaw, "");
    assert_eq!((code, stderr.as_str()), (0, ""));
    let (count, _, _) = run(&["count", "--limit", "2", "--variant", "jigsaw"], &puzzle);
    assert_eq!(count, "1\n");
    let killer = [
        "generate",
        "--size",
        "7",
        "--variant",
        "killer",
        "--seed",
        "4",
    ];
    let (stdout, stderr, code) = run(&killer, "");
    assert_eq!((stdout.as_str(), code), ("", 2));
    assert!(stderr.contains("a 7x7 grid has none"), "{stderr}");
}

#[test]
fn generate_makes_puzzles_wider_than_sixteen() {
    // 18x18, 3x6 boxes: its checks for another solution run within a node
    // budget, and the puzzle is still unique.
    let (puzzle, stderr, code) = run(&["generate", "--size", "18", "--seed", "2"], "");
    assert_eq!((code, stderr.as_str()), (0, ""));
    assert_eq!(puzzle.trim().len(), 18 * 18);
    let (count, _, _) = run(&["count", "--limit", "2"], &puzzle);
    assert_eq!(count, "1\n");
}
