//! The answer to one puzzle: what the search found out about it, the record
//! for standard output, the diagnostics for standard error, and how it
//! weighs on the exit status.
//!
//! Every puzzle read, well-formed or not, gets exactly one record, so the
//! n-th record of the output always belongs to the n-th puzzle of the input.
//! Answers are built in memory first, which lets a batch be solved on
//! several threads and still be printed in input order; the groups of
//! `solve --all` alone are written while their search runs, so that their
//! memory does not grow with the number of solutions (but for the pictures,
//! `-f svg` and `-f html`, which draw a group once its search is over). The facts are found
//! here ([`super::facts`]); [`super::render`] writes them in the format
//! asked for.

use std::io::Write as _;

use sudoku_dlx::engine::SearchStats;
use sudoku_dlx::{
    pattern_symmetries, redundant_givens, CandidateFinder, Cell, Explainer, Geometry, Grid,
    ParseError, RateError, Rater, Rating, Record, Rules, RulesError, Size, Solver,
};

use super::args::{Config, Task};
use super::facts::{Answer, Facts, Output, Place, PlayerLevel, Status, Verdict};
use super::render;

/// The solver and the raters of one thread, reused from puzzle to puzzle.
#[derive(Debug, Default)]
pub struct Answerer {
    solver: Solver,
    rater: Rater,
    explainer: Explainer,
    shapes: Shapes,
    finder: CandidateFinder,
}

/// The geometries of the rules of the records, built once per size, rules
/// and thread: most records share the rules of the run, or of a few JSON
/// descriptions.
#[derive(Debug, Default)]
struct Shapes {
    built: Vec<(Size, Rules, Result<Geometry, RulesError>)>,
    /// The entry to replace next once [`SHAPES_KEPT`] are built.
    next: usize,
}

/// The geometries kept per thread: enough for the rules of any one file of
/// puzzles that share a few, few enough that a file of jigsaws, each with
/// regions of its own, holds little memory.
const SHAPES_KEPT: usize = 16;

impl Shapes {
    /// The geometry of a puzzle of `size` under `rules`: the classic one
    /// for the classic rules.
    fn get(&mut self, rules: &Rules, size: Size) -> Result<&Geometry, &RulesError> {
        if rules.is_classic() && size.box_shape().is_some() {
            return Ok(Geometry::classic(size));
        }
        let found = self
            .built
            .iter()
            .position(|(built, built_rules, _)| *built == size && built_rules == rules);
        let at = match found {
            Some(at) => at,
            None => {
                let entry = (size, rules.clone(), rules.geometry(size));
                if self.built.len() < SHAPES_KEPT {
                    self.built.push(entry);
                    self.built.len() - 1
                } else {
                    let at = self.next;
                    self.next = (self.next + 1) % SHAPES_KEPT;
                    self.built[at] = entry;
                    at
                }
            }
        };
        self.built[at].2.as_ref()
    }
}

impl Answerer {
    /// Answers one record as `config` asks: its puzzle, or the reason it
    /// could not be parsed. `answer` must have been cleared.
    pub fn answer(
        &mut self,
        config: &Config,
        output: Output,
        source: &str,
        read: Result<&Record, &ParseError>,
        answer: &mut Answer,
    ) {
        match read {
            Err(error) => answer_parse_error(output, source, error, answer),
            Ok(record) => {
                self.solver.set_node_budget(Some(config.max_nodes));
                self.rater.set_node_budget(Some(config.max_nodes));
                self.finder.set_node_budget(Some(config.max_nodes));
                answer_puzzle(config, output, source, record, self, answer)
            }
        }
    }
}

/// Where the group of `solve --all` is streamed to, and what ends the run
/// when writing to it fails.
pub struct Stream<'a, W> {
    pub out: &'a mut W,
    pub failed: fn(std::io::Error) -> !,
}

impl Answerer {
    /// Answers one record of `solve --all` as one group, written to `out`
    /// while the search runs: the start of the group, then each solution as
    /// soon as it is found, so that memory stays the same whatever the
    /// limit. The end of the group goes to `answer.out`, like any answer.
    ///
    /// The search cannot be stopped from inside, so a failed write to `out`
    /// ends the run there and then through `stream.failed`, and a signal
    /// closes the group as it stands and ends the run (see
    /// [`super::signals`]).
    pub fn answer_all(
        &mut self,
        config: &Config,
        output: Output,
        source: &str,
        read: Result<&Record, &ParseError>,
        answer: &mut Answer,
        stream: Stream<'_, impl std::io::Write>,
    ) {
        let Stream {
            out,
            failed: on_write_error,
        } = stream;
        let Task::SolveAll { limit } = config.task else {
            return self.answer(config, output, source, read, answer);
        };
        let Answer {
            facts,
            scratch,
            err,
            status,
            ..
        } = answer;
        let line = match read {
            Ok(record) => record.line,
            Err(error) => error.line,
        };
        let place = Place { source, line };
        if let Err(error) = read {
            facts.fail(Verdict::Invalid, &error.kind);
            facts.column = Some(error.column);
        }
        let text = &mut scratch.text;
        text.clear();
        render::group_start(output, place, read.ok(), facts, text);
        if let Err(error) = out.write_all(text) {
            on_write_error(error);
        }
        match read {
            Err(error) => {
                *status = Status::BadInput;
                let _ = writeln!(err, "{place}:{}: {}", error.column, error.kind);
            }
            Ok(record) => {
                self.solver.set_node_budget(Some(config.max_nodes));
                let mut index = 0;
                let geometry = match self.shapes.get(&record.rules, record.grid.size()) {
                    Ok(geometry) => geometry,
                    Err(error) => {
                        facts.fail(Verdict::Invalid, error);
                        *status = Status::Failed;
                        let _ = writeln!(err, "{place}: {}", facts.reason);
                        return render::group_end(output, read.ok(), facts, &mut answer.out);
                    }
                };
                let result = self
                    .solver
                    .solve_in(geometry, &record.grid, limit, |solution| {
                        text.clear();
                        render::group_solution(output, record, index, solution, text);
                        index += 1;
                        let stop = super::signals::caught();
                        if stop {
                            // The search cannot be stopped from here: the group
                            // is closed as it stands and the run ends.
                            facts.found = Some(index);
                            facts.interrupted = true;
                            facts.fail(Verdict::Undecided, &"stopped by a signal");
                            render::group_end(output, Some(record), facts, text);
                        }
                        if let Err(error) = out.write_all(text) {
                            on_write_error(error);
                        }
                        if stop {
                            // Groups are streamed in the text formats and
                            // JSON alone, which have no footer.
                            super::signals::end_if_caught(out, b"");
                        }
                    });
                match result {
                    Ok(stats) => judge(config.task, &stats, facts),
                    Err(conflict) => facts.fail(Verdict::Invalid, &conflict),
                }
                if !matches!(facts.verdict, Verdict::Solved | Verdict::Multiple) {
                    *status = Status::Failed;
                    let _ = writeln!(err, "{place}: {}", facts.reason);
                }
            }
        }
        render::group_end(output, read.ok(), facts, &mut answer.out);
    }
}

/// Answers a well-formed puzzle.
fn answer_puzzle(
    config: &Config,
    output: Output,
    source: &str,
    record: &Record,
    answerer: &mut Answerer,
    answer: &mut Answer,
) {
    let task = config.task;
    let place = Place {
        source,
        line: record.line,
    };
    match answerer.shapes.get(&record.rules, record.grid.size()) {
        Err(error) => answer.facts.fail(Verdict::Invalid, error),
        Ok(geometry) if task == Task::Rate => {
            rate(geometry, record, &mut answerer.rater, &mut answer.facts);
            if answer.facts.rating.is_some() {
                let path = answerer.explainer.explain(geometry, &record.grid);
                answer.facts.level = path.ok().map(|path| PlayerLevel {
                    level: path.level(),
                    hardest: path.hardest,
                });
            }
        }
        Ok(geometry) => match task {
            Task::Candidates { limit } => {
                let finder = &mut answerer.finder;
                super::candidates::find(limit, geometry, record, finder, &mut answer.facts)
            }
            _ => {
                let solver = &mut answerer.solver;
                find_facts(task, geometry, record, solver, &mut answer.facts);
                if config.minimal && answer.facts.verdict == Verdict::Unique {
                    check_minimal(geometry, &record.grid, solver, &mut answer.facts);
                }
                if config.minimal {
                    let facts = &mut answer.facts;
                    facts.minimal = Some(facts.redundant.as_ref().is_some_and(Vec::is_empty));
                }
            }
        },
    }
    if config.symmetry {
        answer.facts.symmetries = Some(pattern_symmetries(&record.grid));
    }
    let facts = &answer.facts;
    if fails(task, facts.verdict) {
        answer.status = Status::Failed;
        let _ = writeln!(answer.err, "{place}: {}", facts.reason);
    }
    render::puzzle(task, output, place, record, answer);
}

/// `check --minimal` of a unique puzzle: the givens that can go, each
/// named in the reason when there are some.
fn check_minimal(geometry: &Geometry, puzzle: &Grid, solver: &mut Solver, facts: &mut Facts) {
    match redundant_givens(solver, geometry, puzzle) {
        Ok(cells) => {
            let n = puzzle.size().side();
            let redundant: Vec<(Cell, u8)> = cells
                .into_iter()
                .map(|cell| (cell, puzzle.cells()[cell.row * n + cell.column]))
                .collect();
            if !redundant.is_empty() {
                let named: Vec<String> = redundant
                    .iter()
                    .map(|(cell, digit)| format!("{cell}={digit} can go"))
                    .collect();
                facts.fail(Verdict::NotMinimal, &named.join(", "));
            }
            facts.redundant = Some(redundant);
        }
        Err(error) => facts.fail(Verdict::Undecided, &error),
    }
}

/// Whether `verdict` is a failure of `task`, which weighs on the exit
/// status.
pub fn fails(task: Task, verdict: Verdict) -> bool {
    match verdict {
        Verdict::Solved | Verdict::Valid | Verdict::Unique | Verdict::Rated => false,
        Verdict::Multiple => matches!(
            task,
            Task::Check | Task::Solve { unique: true } | Task::Rate
        ),
        Verdict::Unsolvable
        | Verdict::Invalid
        | Verdict::Mismatch
        | Verdict::Undecided
        | Verdict::NotMinimal => true,
    }
}

/// Rates a well-formed puzzle and fills `facts`.
fn rate(geometry: &Geometry, record: &Record, rater: &mut Rater, facts: &mut Facts) {
    let rated = rater.rate_in(geometry, &record.grid);
    let rated = rated.as_ref().map_err(|error| {
        let verdict = match error {
            RateError::Unsolvable => Verdict::Unsolvable,
            RateError::Multiple => Verdict::Multiple,
            RateError::GaveUp { .. } => Verdict::Undecided,
            _ => Verdict::Invalid,
        };
        (verdict, error as &dyn std::fmt::Display)
    });
    record_rating(facts, rater.last_nodes(), rated.copied());
}

/// Fills `facts` with a rating found in `nodes` search nodes, or with the
/// verdict and the reason of a puzzle that has none.
pub fn record_rating(
    facts: &mut Facts,
    nodes: u64,
    rated: Result<Rating, (Verdict, &dyn std::fmt::Display)>,
) {
    facts.nodes = nodes;
    match rated {
        Ok(rating) => {
            facts.verdict = Verdict::Rated;
            facts.rating = Some(rating);
            facts.found = Some(1);
            facts.proven_unique = true;
        }
        Err((verdict, reason)) => {
            facts.found = match verdict {
                Verdict::Unsolvable => Some(0),
                Verdict::Multiple => Some(2),
                _ => None,
            };
            facts.gave_up = verdict == Verdict::Undecided;
            facts.fail(verdict, reason);
        }
    }
}

/// Answers a puzzle that could not be parsed.
fn answer_parse_error(output: Output, source: &str, error: &ParseError, answer: &mut Answer) {
    answer.facts.fail(Verdict::Invalid, &error.kind);
    answer.facts.column = Some(error.column);
    answer.status = Status::BadInput;
    let _ = writeln!(
        answer.err,
        "{source}:{}:{}: {}",
        error.line, error.column, error.kind
    );
    let place = Place {
        source,
        line: error.line,
    };
    render::parse_error(output, place, answer);
}

/// Searches `record` as `task` asks and fills `facts`.
fn find_facts(
    task: Task,
    geometry: &Geometry,
    record: &Record,
    solver: &mut Solver,
    facts: &mut Facts,
) {
    let puzzle = &record.grid;
    if task == Task::Check && puzzle.is_complete() {
        match geometry.first_conflict(puzzle) {
            None => {
                facts.verdict = Verdict::Valid;
                facts.keep(puzzle);
                check_expected(geometry, record, facts);
            }
            Some(conflict) => facts.fail(Verdict::Invalid, &conflict),
        }
        return;
    }
    let limit = match task {
        Task::Solve { unique: false } => 1,
        Task::Solve { unique: true } | Task::Check | Task::Rate => 2,
        Task::SolveAll { limit } | Task::Count { limit } | Task::Candidates { limit } => limit,
    };
    // Only the pictures (-f svg, -f html) answer --all here, every solution
    // in memory; the other formats stream its groups ([`Answerer::answer_all`]).
    let keep_all = matches!(task, Task::SolveAll { .. });
    let result = solver.solve_in(geometry, puzzle, limit, |solution| {
        if facts.kept == 0 || keep_all {
            facts.keep(solution);
        }
    });
    match result {
        Ok(stats) => judge(task, &stats, facts),
        Err(conflict) => {
            facts.kept = 0;
            return facts.fail(Verdict::Invalid, &conflict);
        }
    }
    if task == Task::Check {
        check_expected(geometry, record, facts);
    }
}

/// Turns what a search of `task` found into facts and a verdict.
pub fn judge(task: Task, stats: &SearchStats, facts: &mut Facts) {
    facts.found = Some(stats.solutions);
    facts.stopped_at_limit = stats.stopped_at_limit;
    facts.gave_up = stats.stopped_at_node_budget;
    facts.nodes = stats.nodes;
    facts.proven_unique = stats.solutions == 1 && !stats.stopped_at_limit && !facts.gave_up;
    if facts.gave_up {
        // Solutions found are solutions; what is not known is whether there
        // are (more) others.
        let decided = match task {
            Task::Solve { unique: false } => stats.solutions >= 1,
            Task::Solve { unique: true } | Task::Check | Task::Rate => stats.solutions >= 2,
            Task::SolveAll { .. } | Task::Count { .. } | Task::Candidates { .. } => false,
        };
        if !decided {
            return facts.fail(
                Verdict::Undecided,
                &format_args!(
                    "gave up after {} search nodes (--max-nodes): the answer is not known",
                    stats.nodes
                ),
            );
        }
    }
    match stats.solutions {
        0 => facts.fail(Verdict::Unsolvable, &"no solution"),
        1 if task == Task::Check => facts.verdict = Verdict::Unique,
        1 => facts.verdict = Verdict::Solved,
        _ if task == Task::Solve { unique: false } => facts.verdict = Verdict::Solved,
        // Several solutions are what --all and count look for, no failure.
        _ if matches!(task, Task::SolveAll { .. } | Task::Count { .. }) => {
            facts.verdict = Verdict::Multiple;
        }
        _ => facts.fail(Verdict::Multiple, &"more than one solution"),
    }
}

/// Compares what check found with the count and solution the input claims.
fn check_expected(geometry: &Geometry, record: &Record, facts: &mut Facts) {
    let found = facts.found.unwrap_or(1);
    if let Some(expected) = record.expected_count {
        // Check stops at two solutions: "2" stands for "2 or more".
        let agrees = if expected >= 2 {
            found >= 2
        } else {
            found == expected
        };
        if !agrees {
            let more = if facts.stopped_at_limit || facts.gave_up {
                " or more"
            } else {
                ""
            };
            return facts.fail(
                Verdict::Mismatch,
                &format_args!("the input claims {expected} solutions; found {found}{more}"),
            );
        }
    }
    let Some(expected) = &record.expected_solution else {
        return;
    };
    let solved = expected.is_complete() && geometry.first_conflict(expected).is_none();
    if !(solved && expected.keeps_givens_of(&record.grid)) {
        return facts.fail(
            Verdict::Mismatch,
            &"the solution the input claims is not a solution of the puzzle",
        );
    }
    if let (1, Some(solution)) = (found, facts.solutions().first()) {
        if solution != expected {
            facts.fail(
                Verdict::Mismatch,
                &"the solution the input claims is not the puzzle's only solution",
            );
        }
    }
}
