//! Givens that break the rules, and grids that are already filled.

use sudoku_dlx::{Grid, Solver};

use crate::harness::{run, Expect::*, EASY, INKALA};
use crate::malformed::{between, easy_with};

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
    sudoku_dlx::output::write_line(&mut line, &solution, Default::default());
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
