//! Compares what the binary printed with what was expected, showing both
//! side by side when they differ. Running it is `common::binary`'s job.

use sudoku_dlx::Grid;

pub use crate::common::binary::{finish, peak_memory_kib, run, spawn, wait_or_kill, Run, TempDir};

/// Arto Inkala's puzzle: one solution.
pub const INKALA: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
/// An easy puzzle: one solution.
pub const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

/// One expected output record.
#[derive(Debug, Clone, Copy)]
pub enum Expect<'a> {
    /// A solution of this puzzle, on one line.
    Solves(&'a str),
    /// Exactly this line, such as `invalid` or `2+`.
    Line(&'a str),
}

/// Checks of a finished run.
pub trait Check {
    /// Checks the exit status and the output records, one line each.
    fn expect(&self, status: i32, records: &[Expect<'_>]) -> &Self;
    /// Checks that standard error says `needle`.
    fn says(&self, needle: &str) -> &Self;
}

impl Check for Run {
    /// Checks the exit status and the output records, one line each.
    #[track_caller]
    fn expect(&self, status: i32, records: &[Expect<'_>]) -> &Self {
        let lines: Vec<&str> = self.stdout.lines().collect();
        let fits = lines.len() == records.len()
            && lines
                .iter()
                .zip(records)
                .all(|(line, record)| matches(line, record));
        if self.status != Some(status) || !fits {
            let expected: Vec<String> = records.iter().map(|r| format!("{r:?}")).collect();
            panic!(
                "expected exit status {status} and records\n{}\ngot\n{self}",
                expected.join("\n")
            );
        }
        self
    }

    /// Checks that standard error says `needle`.
    #[track_caller]
    fn says(&self, needle: &str) -> &Self {
        assert!(
            self.stderr.contains(needle),
            "expected stderr to contain\n{needle}\ngot\n{self}"
        );
        self
    }
}

fn matches(line: &str, record: &Expect<'_>) -> bool {
    match record {
        Expect::Line(text) => line == *text,
        Expect::Solves(puzzle) => {
            let puzzle: Grid = puzzle.parse().expect("the test's puzzle parses");
            line.parse::<Grid>()
                .is_ok_and(|answer| answer.is_solved() && answer.keeps_givens_of(&puzzle))
        }
    }
}
