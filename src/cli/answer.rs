//! The answer to one puzzle: the record for standard output, the
//! diagnostics for standard error, and how it weighs on the exit status.
//!
//! Every puzzle read, well-formed or not, gets exactly one record, so the
//! n-th record of the output always belongs to the n-th puzzle of the input.
//! Answers are built in memory first, which lets a batch be solved on
//! several threads and still be printed in input order.

use std::io::Write;

use sudoku_dlx::output::{write_block, write_line};
use sudoku_dlx::{Alphabet, Grid, Layout, ParseError, RateError, Rater, Record, Solver};

use super::args::{Format, Task};

/// How a puzzle weighs on the exit status; the worst of a run decides it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub enum Status {
    /// Answered as asked: exit status 0.
    #[default]
    Answered = 0,
    /// No solution, or (for check and --unique) not unique or against the
    /// rules: exit status 1.
    Failed = 1,
    /// Unreadable or unparseable input, or bad usage: exit status 2.
    BadInput = 2,
}

/// The text and status of one answer.
#[derive(Debug, Default)]
pub struct Answer {
    /// For standard output.
    pub out: Vec<u8>,
    /// For standard error.
    pub err: Vec<u8>,
    /// Its weight on the exit status.
    pub status: Status,
    /// Solutions of a `--all` group, gathered before its header is known.
    group: Vec<u8>,
}

impl Answer {
    /// Empties the answer for the next puzzle, keeping its buffers.
    pub fn clear(&mut self) {
        self.out.clear();
        self.err.clear();
        self.status = Status::Answered;
    }
}

/// Where a puzzle came from, for messages: `file:line`.
#[derive(Debug, Clone, Copy)]
pub struct Place<'a> {
    pub source: &'a str,
    pub line: u64,
}

impl std::fmt::Display for Place<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}", self.source, self.line)
    }
}

/// Answers a well-formed puzzle.
pub fn answer_puzzle(
    task: Task,
    format: Option<Format>,
    source: &str,
    record: &Record,
    solver: &mut Solver,
    answer: &mut Answer,
) {
    let place = Place {
        source,
        line: record.line,
    };
    let layout = match format {
        Some(Format::Line) => Layout::Line,
        Some(Format::Grid) => Layout::Block,
        None => record.layout,
    };
    let puzzle = &record.grid;
    if task == Task::Check && puzzle.is_complete() {
        match puzzle.first_conflict() {
            None => status_word(answer, layout, "valid"),
            Some(conflict) => fail(answer, layout, "invalid", place, &conflict),
        }
        return;
    }
    let limit = match task {
        Task::Solve { unique: false } => 1,
        Task::Solve { unique: true } | Task::Check | Task::Rate => 2,
        Task::SolveAll { limit } | Task::Count { limit } => limit,
    };
    let alphabet = record.alphabet;
    let Answer { out, group, .. } = answer;
    group.clear();
    let mut first = true;
    let result = solver.solve(puzzle, limit, |solution| match task {
        Task::Solve { .. } if first => {
            write_grid(out, solution, alphabet, layout);
            first = false;
        }
        Task::SolveAll { .. } => write_grid(group, solution, alphabet, layout),
        _ => {}
    });
    let stats = match result {
        Ok(stats) => stats,
        Err(conflict) => {
            answer.out.clear();
            return fail(answer, layout, "invalid", place, &conflict);
        }
    };
    let found = stats.solutions;
    match task {
        Task::Solve { unique } => {
            if found == 0 {
                fail(answer, layout, "unsolvable", place, &"no solution");
            } else if unique && found > 1 {
                answer.out.clear();
                fail(answer, layout, "multiple", place, &"more than one solution");
            }
        }
        Task::SolveAll { .. } => {
            let more = if stats.stopped_at_limit {
                "+ (stopped at --limit)"
            } else {
                ""
            };
            let noun = if found == 1 { "solution" } else { "solutions" };
            let _ = writeln!(answer.out, "# {place}: {found}{more} {noun}");
            if found == 0 {
                fail(answer, layout, "unsolvable", place, &"no solution");
            } else {
                answer.out.extend_from_slice(&answer.group);
            }
        }
        Task::Count { .. } => {
            let more = if stats.stopped_at_limit { "+" } else { "" };
            let _ = writeln!(answer.out, "{found}{more}");
            if found == 0 {
                answer.status = Status::Failed;
                let _ = writeln!(answer.err, "{place}: no solution");
            }
        }
        Task::Check | Task::Rate => match found {
            0 => fail(answer, layout, "unsolvable", place, &"no solution"),
            1 => status_word(answer, layout, "unique"),
            _ => fail(answer, layout, "multiple", place, &"more than one solution"),
        },
    }
}

/// Answers a well-formed puzzle with its rating, `score level` on one line.
pub fn answer_rating(source: &str, record: &Record, rater: &mut Rater, answer: &mut Answer) {
    let place = Place {
        source,
        line: record.line,
    };
    match rater.rate(&record.grid) {
        Ok(rating) => {
            let _ = writeln!(answer.out, "{rating}");
        }
        Err(error) => {
            let word = match error {
                RateError::Unsolvable => "unsolvable",
                RateError::Multiple => "multiple",
                _ => "invalid",
            };
            fail(answer, Layout::Line, word, place, &error);
        }
    }
}

/// Answers a puzzle that could not be parsed.
pub fn answer_parse_error(
    format: Option<Format>,
    source: &str,
    error: &ParseError,
    answer: &mut Answer,
) {
    let layout = match format {
        Some(Format::Grid) => Layout::Block,
        _ => Layout::Line,
    };
    status_word(answer, layout, "invalid");
    answer.status = Status::BadInput;
    let _ = writeln!(
        answer.err,
        "{source}:{}:{}: {}",
        error.line, error.column, error.kind
    );
}

/// Prints `word` in place of an answer and explains why on standard error.
fn fail(
    answer: &mut Answer,
    layout: Layout,
    word: &str,
    place: Place<'_>,
    why: &dyn std::fmt::Display,
) {
    status_word(answer, layout, word);
    answer.status = answer.status.max(Status::Failed);
    let _ = writeln!(answer.err, "{place}: {why}");
}

fn status_word(answer: &mut Answer, layout: Layout, word: &str) {
    answer.out.extend_from_slice(word.as_bytes());
    answer.out.push(b'\n');
    if layout == Layout::Block {
        answer.out.push(b'\n');
    }
}

fn write_grid(out: &mut Vec<u8>, grid: &Grid, alphabet: Alphabet, layout: Layout) {
    match layout {
        Layout::Line => {
            write_line(out, grid, alphabet);
            out.push(b'\n');
        }
        Layout::Block => {
            write_block(out, grid, alphabet);
            out.push(b'\n');
        }
    }
}
