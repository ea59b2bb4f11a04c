//! One answer as named fields, the view that the machine-readable formats
//! (JSON lines and CSV) share, so that both carry the same fields under the
//! same names.

use std::io::Write as _;

use sudoku_dlx::{write_line, Alphabet, Candidates, Rating, Record, Rules, Shape, Size, Technique};

use crate::cli::args::Task;
use crate::cli::candidates::solutions_seen;
use crate::cli::facts::{Facts, Place, Verdict};

/// One answer as named fields, for the machine-readable formats.
#[derive(Debug, Default)]
pub struct Fields<'a> {
    pub source: &'a str,
    pub line: u64,
    pub column: Option<usize>,
    pub title: &'a str,
    pub puzzle: Option<&'a str>,
    pub status: &'static str,
    /// One solution, as text.
    pub solution: Option<&'a str>,
    /// Every solution (with --all), one after the other, each `cells` long.
    pub solutions: Option<(&'a str, usize)>,
    pub count: Option<u64>,
    pub limit_reached: Option<bool>,
    /// The search's score (rate, for a puzzle the logical solve could not
    /// rate: it is rated by the search alone).
    pub score: Option<u64>,
    /// The level (rate): the hardest technique's level on qqwing's scale
    /// (the search's level for a puzzle rated by the search alone).
    pub level: Option<&'static str>,
    /// The hardest technique of the logical solve path (rate).
    pub hardest: Option<&'static str>,
    /// The search effort (rate): the branch points of the search.
    pub branches: Option<u64>,
    pub error: Option<&'a str>,
    /// The rules of the puzzle and its size, when they are not the classic
    /// rules (JSON echoes them as the puzzle's description does).
    pub rules: Option<(&'a Rules, Size)>,
    /// The true candidates (candidates), in the puzzle's alphabet.
    pub candidates: Option<(&'a Candidates, Alphabet)>,
    /// The solutions the candidates search saw, `k` or `k+`.
    pub solutions_seen: Option<String>,
    /// check --minimal: unique and minimal, and the givens that can go.
    pub minimal: Option<bool>,
    pub redundant: Option<Vec<String>>,
    /// check --symmetry: the names of the symmetries of the givens.
    pub symmetry: Option<Vec<&'static str>>,
}

impl<'a> Fields<'a> {
    /// The solutions of a `--all` answer, one by one.
    pub fn each_solution(&self) -> impl Iterator<Item = &'a str> {
        let (text, cells) = self.solutions.unwrap_or(("", 1));
        (0..text.len() / cells).map(move |k| &text[k * cells..(k + 1) * cells])
    }
}

/// Builds the fields of an answer, writing its grids into the scratch text.
pub fn fields<'a>(
    task: Task,
    place: Place<'a>,
    record: Option<&'a Record>,
    facts: &'a Facts,
    text: &'a mut Vec<u8>,
) -> Fields<'a> {
    text.clear();
    if let Some(record) = record {
        write_line(text, &record.grid, record.alphabet);
        for solution in facts.solutions() {
            write_line(text, solution, record.alphabet);
        }
    }
    let text = std::str::from_utf8(text).unwrap_or_default();
    let cells = record.map_or(0, |r| r.grid.cells().len());
    let all = &text[cells.min(text.len())..];
    let counted = matches!(task, Task::Count { .. } | Task::SolveAll { .. });
    let shows_solution = !counted
        && matches!(
            facts.verdict,
            Verdict::Solved | Verdict::Unique | Verdict::Mismatch | Verdict::NotMinimal
        );
    Fields {
        source: place.source,
        line: place.line,
        column: facts.column,
        title: record.map_or("", |r| r.title.as_str()),
        puzzle: record.map(|_| &text[..cells]),
        status: facts.verdict.word(),
        solution: (shows_solution && !all.is_empty()).then(|| &all[..cells]),
        solutions: matches!(task, Task::SolveAll { .. }).then_some((all, cells.max(1))),
        count: facts.found.filter(|_| counted),
        limit_reached: facts
            .found
            .filter(|_| counted)
            .map(|_| facts.stopped_at_limit),
        score: None,
        level: facts.level.map(|found| found.level.name()),
        hardest: facts
            .level
            .map(|found| found.hardest.map_or("none", Technique::name)),
        branches: facts.rating.map(Rating::branches),
        error: (!facts.reason.is_empty()).then_some(facts.reason.as_str()),
        rules: record
            .filter(|r| !r.rules.is_classic())
            .map(|r| (&r.rules, r.grid.size())),
        candidates: facts
            .candidates
            .as_ref()
            .zip(record)
            .map(|(found, record)| (&found.candidates, record.alphabet)),
        solutions_seen: matches!(task, Task::Candidates { .. })
            .then(|| solutions_seen(facts))
            .flatten(),
        minimal: facts.minimal,
        redundant: facts
            .redundant
            .as_ref()
            .map(|cells| cells.iter().map(|(cell, _)| cell.to_string()).collect()),
        symmetry: facts
            .symmetries
            .as_ref()
            .map(|found| found.iter().map(|s| s.name()).collect()),
    }
}

/// The `shape` column of CSV: the name of a named shape, the corners of a
/// custom one as `[[row,column],...]`, empty for one square grid; with the
/// cells in reading order, it says where each cell sits.
pub fn shape_column(shape: &Shape) -> String {
    match shape {
        Shape::Square => String::new(),
        Shape::Named(named) => named.name().to_string(),
        Shape::Grids(corners) => {
            let corners: Vec<String> = corners
                .iter()
                .map(|(row, column)| format!("[{row},{column}]"))
                .collect();
            format!("[{}]", corners.join(","))
        }
    }
}

/// Appends `value` as decimal text.
pub fn write_number(out: &mut Vec<u8>, value: impl std::fmt::Display) {
    let _ = write!(out, "{value}");
}
