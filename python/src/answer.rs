//! The answer to one puzzle given as text: read with the library's
//! [`PuzzleReader`], then searched, rated, explained or put in its
//! canonical form as the command line's command of the same name does,
//! with the same verdicts and reasons. Answers are plain Rust values, made
//! without the GIL, so that a batch runs on every core; [`crate::convert`]
//! turns them into Python objects afterwards.

use sudoku_dlx::{
    write_line, Alphabet, CandidateFinder, CanonError, Canonicalizer, Explainer, Explanation,
    Geometry, Grid, ParseErrorKind, PuzzleReader, RateError, Rater, ReadError, Record, Rules,
    RulesError, Size, Solver, Step, Technique,
};

use crate::failure::{Failure, Kind};
use crate::options::Options;

/// What is asked of each puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Task {
    /// A solution; with `unique`, proven the only one.
    Solve { unique: bool },
    /// The number of solutions, up to `limit`.
    Count { limit: u64 },
    /// The verdict of `check`.
    Check,
    /// The true candidates of each cell, with at most `limit` searches.
    Candidates { limit: u64 },
    /// The rating: the level of the hardest technique and the search's
    /// branches.
    Rate,
    /// The canonical form (minlex).
    Canon,
    /// The logical solve path.
    Explain,
}

/// The answer to one puzzle.
#[derive(Debug, Clone, PartialEq)]
pub enum Answer {
    /// A solution, or a status word, as text.
    Text(String),
    /// A number of solutions.
    Count(u64),
    /// The candidates of every cell, each as its symbols.
    Candidates(Vec<String>),
    /// A rating, as `rate -f json` gives it: the level of the hardest
    /// technique, that technique (`"none"` for a filled grid), and the
    /// search's branches. The level and the technique are `None` when the
    /// logical solver cannot take the puzzle (the command line leaves them
    /// out then).
    Rating {
        level: Option<&'static str>,
        hardest: Option<&'static str>,
        branches: u64,
    },
    /// A logical solve path.
    Path(Path),
}

/// A logical solve path, as `explain -f json` writes it.
#[derive(Debug, Clone, PartialEq)]
pub struct Path {
    pub status: &'static str,
    pub steps: Vec<StepView>,
    pub solved: bool,
    pub unique: bool,
    pub bifurcations: usize,
    pub hardest: Option<&'static str>,
    pub score: f64,
    pub level: &'static str,
}

/// One step of a path.
#[derive(Debug, Clone, PartialEq)]
pub struct StepView {
    pub technique: &'static str,
    pub clue: String,
    /// Each digit placed, as its cell name (`r2c8`) and the digit.
    pub placements: Vec<(String, u8)>,
    /// Each candidate struck, as its cell name and the digit.
    pub eliminations: Vec<(String, u8)>,
}

/// The solvers of one thread, kept from puzzle to puzzle.
#[derive(Debug, Default)]
pub struct Worker {
    solver: Solver,
    rater: Rater,
    finder: CandidateFinder,
    explainer: Explainer,
    canonicalizer: Canonicalizer,
    record: Record,
    /// Storage for a second record, which a puzzle's text must not hold.
    next: Record,
    /// The generators, for `generate`.
    pub makers: crate::making::Makers,
    /// The geometry of the last rules other than the classic ones, kept
    /// for the next puzzle (most puzzles of a batch share their rules).
    shape: Option<(Size, Rules, Result<Geometry, RulesError>)>,
}

/// Reads the one puzzle of `text` into `record`, as `FromStr for Grid`
/// does but under the rules of `options`.
/// `next` is storage for the record that would follow, kept for reuse.
pub fn read_one(
    text: &str,
    options: &Options,
    record: &mut Record,
    next: &mut Record,
) -> Result<(), Failure> {
    let mut reader = reader(text, options);
    match reader.read_record(record) {
        // As the command line says of an input without a puzzle.
        None => return Err(Failure::new(Kind::Unreadable, 0, "no puzzle found")),
        Some(Err(ReadError::Parse(error))) => return Err(error.into()),
        Some(Err(ReadError::Io(error))) => return Err(Failure::new(Kind::Unreadable, 0, error)),
        Some(Ok(())) => {}
    }
    let line = match reader.read_record(next) {
        None => return Ok(()),
        Some(Ok(())) => next.line,
        Some(Err(ReadError::Parse(error))) => error.line,
        Some(Err(ReadError::Io(_))) => record.line,
    };
    Err(Failure {
        kind: Kind::Unreadable,
        line,
        column: Some(1),
        reason: ParseErrorKind::MoreThanOnePuzzle.to_string(),
    })
}

/// A reader of `text` under the rules of `options`.
pub fn reader<'a>(text: &'a str, options: &Options) -> PuzzleReader<&'a [u8]> {
    PuzzleReader::new(text.as_bytes())
        .with_rules(options.rules.clone())
        .with_jigsaw(options.jigsaw)
}

impl Worker {
    /// Answers the puzzle of `text` as `task` asks.
    pub fn answer(&mut self, text: &str, task: Task, options: &Options) -> Result<Answer, Failure> {
        let mut record = std::mem::take(&mut self.record);
        let answer = read_one(text, options, &mut record, &mut self.next)
            .and_then(|()| self.answer_record(&record, task, options.max_nodes));
        self.record = record;
        answer
    }

    fn answer_record(
        &mut self,
        record: &Record,
        task: Task,
        max_nodes: u64,
    ) -> Result<Answer, Failure> {
        let line = record.line;
        if task == Task::Canon {
            return canon(&mut self.canonicalizer, record);
        }
        let geometry = shape(&mut self.shape, &record.rules, record.grid.size())
            .map_err(|error| Failure::new(Kind::Invalid, line, error))?;
        match task {
            Task::Solve { unique } => {
                self.solver.set_node_budget(Some(max_nodes));
                solve(&mut self.solver, geometry, record, unique)
            }
            Task::Count { limit } => {
                self.solver.set_node_budget(Some(max_nodes));
                count(&mut self.solver, geometry, record, limit)
            }
            Task::Check => {
                self.solver.set_node_budget(Some(max_nodes));
                Ok(Answer::Text(
                    check(&mut self.solver, geometry, record).into(),
                ))
            }
            Task::Candidates { limit } => {
                self.finder.set_node_budget(Some(max_nodes));
                candidates(&mut self.finder, geometry, record, limit)
            }
            Task::Rate => {
                self.rater.set_node_budget(Some(max_nodes));
                rate(&mut self.rater, &mut self.explainer, geometry, record)
            }
            Task::Canon => unreachable!("answered before the geometry"),
            Task::Explain => {
                let path = self
                    .explainer
                    .explain(geometry, &record.grid)
                    .map_err(|error| {
                        let reason = error.to_string();
                        let kind = match reason.contains("no solution") {
                            true => Kind::Unsolvable,
                            false => Kind::Invalid,
                        };
                        Failure::new(kind, line, reason)
                    })?;
                Ok(Answer::Path(path_view(&path)))
            }
        }
    }
}

/// The geometry of a grid of `size` under `rules`: the classic one for the
/// classic rules, else the one kept in `kept`, built when the rules change.
fn shape<'a>(
    kept: &'a mut Option<(Size, Rules, Result<Geometry, RulesError>)>,
    rules: &Rules,
    size: Size,
) -> Result<&'a Geometry, &'a RulesError> {
    if rules.is_classic() && size.box_shape().is_some() {
        return Ok(Geometry::classic(size));
    }
    if !matches!(kept, Some((s, r, _)) if *s == size && r == rules) {
        *kept = Some((size, rules.clone(), rules.geometry(size)));
    }
    match kept {
        Some((_, _, built)) => built.as_ref(),
        None => unreachable!("the geometry was just built"),
    }
}

/// The reason of a search that reached its node budget undecided.
fn gave_up(nodes: u64) -> String {
    format!("gave up after {nodes} search nodes (--max-nodes): the answer is not known")
}

/// `solve` and `solve --unique`.
fn solve(
    solver: &mut Solver,
    geometry: &Geometry,
    record: &Record,
    unique: bool,
) -> Result<Answer, Failure> {
    let line = record.line;
    let mut first = None;
    let stats = solver
        .solve_in(
            geometry,
            &record.grid,
            if unique { 2 } else { 1 },
            |solution| {
                if first.is_none() {
                    first = Some(line_of(solution, record.alphabet));
                }
            },
        )
        .map_err(|conflict| Failure::new(Kind::Invalid, line, conflict))?;
    let decided = if unique {
        stats.solutions >= 2
    } else {
        stats.solutions >= 1
    };
    if stats.stopped_at_node_budget && !decided {
        return Err(Failure::new(Kind::Undecided, line, gave_up(stats.nodes)));
    }
    match (stats.solutions, first) {
        (0, _) | (_, None) => Err(Failure::new(Kind::Unsolvable, line, "no solution")),
        (2.., _) if unique => Err(Failure::new(Kind::Multiple, line, "more than one solution")),
        (_, Some(solution)) => Ok(Answer::Text(solution)),
    }
}

/// `count`: the solutions up to `limit` (0 is an answer, not a failure).
fn count(
    solver: &mut Solver,
    geometry: &Geometry,
    record: &Record,
    limit: u64,
) -> Result<Answer, Failure> {
    let line = record.line;
    let stats = solver
        .solve_in(geometry, &record.grid, limit, |_| {})
        .map_err(|conflict| Failure::new(Kind::Invalid, line, conflict))?;
    if stats.stopped_at_node_budget {
        return Err(Failure::new(Kind::Undecided, line, gave_up(stats.nodes)));
    }
    Ok(Answer::Count(stats.solutions))
}

/// `check`: the verdict word, as the command line prints it.
fn check(solver: &mut Solver, geometry: &Geometry, record: &Record) -> &'static str {
    let puzzle = &record.grid;
    let mut first = None;
    let (found, verdict) = if puzzle.is_complete() {
        if geometry.first_conflict(puzzle).is_some() {
            return "invalid";
        }
        first = Some(puzzle.clone());
        (1, "valid")
    } else {
        let result = solver.solve_in(geometry, puzzle, 2, |solution| {
            first.get_or_insert_with(|| solution.clone());
        });
        let Ok(stats) = result else {
            return "invalid";
        };
        let verdict = match stats.solutions {
            _ if stats.stopped_at_node_budget && stats.solutions < 2 => "undecided",
            0 => "unsolvable",
            1 => "unique",
            _ => "multiple",
        };
        (stats.solutions, verdict)
    };
    // What the input claims (`puzzle:count:solution`), compared as the
    // command line compares it: "2" stands for "2 or more".
    if let Some(expected) = record.expected_count {
        let agrees = if expected >= 2 {
            found >= 2
        } else {
            found == expected
        };
        if !agrees {
            return "mismatch";
        }
    }
    if let Some(expected) = &record.expected_solution {
        let solved = expected.is_complete() && geometry.first_conflict(expected).is_none();
        let only = found != 1 || first.as_ref() == Some(expected);
        if !(solved && expected.keeps_givens_of(puzzle) && only) {
            return "mismatch";
        }
    }
    verdict
}

/// `candidates`: the digits each cell holds in some solution.
fn candidates(
    finder: &mut CandidateFinder,
    geometry: &Geometry,
    record: &Record,
    limit: u64,
) -> Result<Answer, Failure> {
    let line = record.line;
    let found = finder
        .find(geometry, &record.grid, limit)
        .map_err(|conflict| Failure::new(Kind::Invalid, line, conflict))?;
    if found.stopped_at_node_budget {
        let reason = "a search gave up at --max-nodes: some candidates are not settled";
        return Err(Failure::new(Kind::Undecided, line, reason));
    }
    if found.solutions == 0 {
        return Err(Failure::new(Kind::Unsolvable, line, "no solution"));
    }
    let symbols = &found.candidates;
    let cells = (0..symbols.size().cells())
        .map(|cell| {
            let digits = symbols.digits(cell).map(|d| record.alphabet.encode(d));
            String::from_utf8_lossy(&digits.collect::<Vec<u8>>()).into_owned()
        })
        .collect();
    Ok(Answer::Candidates(cells))
}

/// `rate`, as the command line rates: the search first, for the proof of
/// one solution and the branches, then the logical path for the level of
/// its hardest technique.
fn rate(
    rater: &mut Rater,
    explainer: &mut Explainer,
    geometry: &Geometry,
    record: &Record,
) -> Result<Answer, Failure> {
    match rater.rate_in(geometry, &record.grid) {
        Ok(rating) => {
            let path = explainer.explain(geometry, &record.grid).ok();
            Ok(Answer::Rating {
                level: path.as_ref().map(|path| path.level().name()),
                hardest: path
                    .as_ref()
                    .map(|path| path.hardest.map_or("none", Technique::name)),
                branches: rating.branches(),
            })
        }
        Err(error) => {
            let kind = match error {
                RateError::Unsolvable => Kind::Unsolvable,
                RateError::Multiple => Kind::Multiple,
                RateError::GaveUp { .. } => Kind::Undecided,
                _ => Kind::Invalid,
            };
            Err(Failure::new(kind, record.line, error))
        }
    }
}

/// `canon`: the canonical form in the puzzle's symbols, as `sudoku-dlx
/// canon` prints it; rules without a form here are `unsupported`.
fn canon(canonicalizer: &mut Canonicalizer, record: &Record) -> Result<Answer, Failure> {
    match canonicalizer.canonical(&record.grid, &record.rules) {
        Ok(canonical) => Ok(Answer::Text(line_of(&canonical.form, record.alphabet))),
        Err(error) => {
            let kind = match error {
                CanonError::Conflict(_) => Kind::Invalid,
                _ => Kind::Unsupported,
            };
            Err(Failure::new(kind, record.line, error))
        }
    }
}

/// A score to one decimal, as `explain -f json` writes it.
fn rounded(score: f32) -> f64 {
    (f64::from(score) * 10.0).round() / 10.0
}

/// The path as `explain -f json` shows it.
fn path_view(path: &Explanation) -> Path {
    Path {
        status: if path.solved { "solved" } else { "stalled" },
        steps: path.steps.iter().map(step_view).collect(),
        solved: path.solved,
        unique: path.unique,
        bifurcations: path.bifurcations,
        hardest: path.hardest.map(Technique::name),
        score: rounded(path.score()),
        level: path.level().name(),
    }
}

fn step_view(step: &Step) -> StepView {
    let cells = |list: &[(usize, u8)]| {
        list.iter()
            .map(|&(cell, digit)| (step.cell_name(cell).to_string(), digit))
            .collect()
    };
    StepView {
        technique: step.technique.name(),
        clue: step.clue.clone(),
        placements: cells(&step.placements),
        eliminations: cells(&step.eliminations),
    }
}

/// `grid` on one line in `alphabet`.
pub fn line_of(grid: &Grid, alphabet: Alphabet) -> String {
    let mut text = Vec::with_capacity(grid.size().cells());
    write_line(&mut text, grid, alphabet);
    String::from_utf8_lossy(&text).into_owned()
}
