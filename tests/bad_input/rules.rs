//! Givens that break the rules, and grids that are already filled.

use sudoku_dlx::{Grid, Solver};

use super::harness::{run, Check, Expect::*, EASY, INKALA};
use super::malformed::{between, easy_with};

#[test]
fn a_digit_twice_in_a_row() {
    // Row 1 of EASY already has a 3 in column 3.
    run(&["solve"], between(&easy_with(0, "3")))
        .expect(1, &[Solves(INKALA), Line("invalid"), Solves(INKALA)])
        .says("<stdin>:2: digit 3 appears twice in row 1, at r1c1 and r1c3");
}

#[test]
fn a_digit_twice_in_a_column() {
    // Column 1 of EASY has a 9 in row 2, and row 1 has none.
    run(&["check"], between(&easy_with(0, "9")))
        .expect(1, &[Line("unique"), Line("invalid"), Line("unique")])
        .says("<stdin>:2: digit 9 appears twice in column 1, at r1c1 and r2c1");
}

#[test]
fn a_digit_twice_in_a_box() {
    // Box 1 of EASY has a 1 at r3c3; row 1 and column 2 have none.
    run(&["count"], between(&easy_with(1, "1")))
        .expect(1, &[Line("1"), Line("invalid"), Line("1")])
        .says("<stdin>:2: digit 1 appears twice in box 1, at r1c2 and r3c3");
}

fn solution_of(puzzle: &str) -> String {
    let puzzle: Grid = puzzle.parse().unwrap();
    let solution = Solver::new().first_solution(&puzzle).unwrap().unwrap();
    let mut line = Vec::new();
    sudoku_dlx::write_line(&mut line, &solution, Default::default());
    String::from_utf8(line).unwrap()
}

#[test]
fn a_solved_grid_is_its_own_unique_solution() {
    let solved = solution_of(EASY);
    let input = between(&solved);
    run(&["solve"], input.clone()).expect(0, &[Solves(INKALA), Line(&solved), Solves(INKALA)]);
    run(&["check"], input.clone()).expect(0, &[Line("unique"), Line("valid"), Line("unique")]);
    run(&["count"], input).expect(0, &[Line("1"), Line("1"), Line("1")]);
}

#[test]
fn a_solved_grid_with_one_wrong_cell() {
    let solved = solution_of(EASY);
    let first = solved.as_bytes()[0];
    let wrong = if first == b'9' { "1" } else { "9" };
    let mut broken = solved.clone();
    broken.replace_range(0..1, wrong);
    let input = between(&broken);
    run(&["check"], input.clone())
        .expect(1, &[Line("unique"), Line("invalid"), Line("unique")])
        .says(&format!(
            "<stdin>:2: digit {wrong} appears twice in row 1, at r1c1 and r1c"
        ));
    run(&["solve"], input)
        .expect(1, &[Solves(INKALA), Line("invalid"), Solves(INKALA)])
        .says("<stdin>:2: digit");
}

#[test]
fn a_solved_hexadecimal_grid_reads_back_as_solved() {
    // A 16x16 puzzle in hexadecimal (0-F, `.` for blanks) is answered in
    // hexadecimal; the answer, with no blank left, must check as valid, not
    // as a puzzle whose zeros are blanks.
    let puzzle = Grid::empty(sudoku_dlx::Size::SIXTEEN);
    let mut line = Vec::new();
    let hex = sudoku_dlx::Alphabet::HEX;
    sudoku_dlx::write_line(&mut line, &puzzle, hex);
    line[0] = hex.encode(1); // One given `0`, so the puzzle reads as hexadecimal.
    let solve = run(&["solve"], line);
    assert_eq!(solve.status, Some(0), "{solve}");
    assert!(solve.stdout.contains('0'), "{solve}");
    run(&["check"], solve.stdout.clone()).expect(0, &[Line("valid")]);
}

#[test]
fn a_puzzle_without_a_solution() {
    // No digit repeats, but r2c1 (row 2: .2..) can hold none: 1, 3 and 4
    // are all taken by its row, column or box.
    let input = format!("{INKALA}\n13..\n.2..\n4...\n....\n\n{EASY}\n");
    run(&["solve", "-f", "line"], input.clone())
        .expect(1, &[Solves(INKALA), Line("unsolvable"), Solves(EASY)])
        .says("<stdin>:2: no solution");
    run(&["count", "-f", "line"], input)
        .expect(1, &[Line("1"), Line("0"), Line("1")])
        .says("<stdin>:2: no solution");
}
