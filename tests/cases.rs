//! The data-driven cases of `puzzles/cases.txt`: one `puzzle:count:solution`
//! line each, counts capped at 2 and cross-checked by independent solvers
//! when the file was made (see puzzles/README.md).

use sudoku_dlx::{Grid, Solver};

const CASES: &str = include_str!("../puzzles/cases.txt");

struct Case<'a> {
    line: usize,
    puzzle: Grid,
    count: u64,
    solution: &'a str,
}

fn cases() -> Vec<Case<'static>> {
    CASES
        .lines()
        .enumerate()
        .filter(|(_, text)| !text.trim().is_empty())
        .map(|(k, text)| {
            let mut fields = text.split(':');
            let (puzzle, count, solution) = (
                fields.next().unwrap(),
                fields
                    .next()
                    .unwrap_or_else(|| panic!("line {}: no count", k + 1)),
                fields
                    .next()
                    .unwrap_or_else(|| panic!("line {}: no solution field", k + 1)),
            );
            Case {
                line: k + 1,
                puzzle: puzzle
                    .parse()
                    .unwrap_or_else(|e| panic!("line {}: {e}", k + 1)),
                count: count.parse().unwrap(),
                solution,
            }
        })
        .collect()
}

#[test]
fn the_file_covers_every_kind_of_answer() {
    let cases = cases();
    assert!(cases.len() >= 40, "{} cases", cases.len());
    assert!(cases.iter().filter(|c| c.count == 0).count() >= 8);
    assert!(cases.iter().filter(|c| c.count == 2).count() >= 8);
    assert!(cases.iter().filter(|c| c.count == 1).count() >= 8);
}

#[test]
fn counts_and_solutions_match() {
    let mut solver = Solver::new();
    for case in cases() {
        let line = case.line;
        let count = match solver.count_solutions(&case.puzzle, 2) {
            Ok(count) => count.found,
            Err(_) => 0,
        };
        assert_eq!(count, case.count, "line {line}");
        let found = solver.first_solution(&case.puzzle).ok().flatten();
        match (case.count, found) {
            (0, None) => assert!(case.solution.is_empty(), "line {line}"),
            (0, Some(found)) => panic!("line {line}: found {found:?} for an unsolvable puzzle"),
            (_, None) => panic!("line {line}: no solution found"),
            (count, Some(found)) => {
                assert!(
                    found.is_solved() && found.keeps_givens_of(&case.puzzle),
                    "line {line}"
                );
                let listed: Grid = case.solution.parse().unwrap();
                assert!(
                    listed.is_solved() && listed.keeps_givens_of(&case.puzzle),
                    "line {line}"
                );
                if count == 1 {
                    assert_eq!(found, listed, "line {line}");
                }
            }
        }
    }
}
