//! The Python module `sudoku_dlx._native`: the library's solver, rater,
//! logical explainer, canonical forms and generator for Python, one puzzle
//! at a time or in batches that release the GIL and run on every core.
//!
//! Puzzles come in as text, in any layout the command line reads (one
//! line, a grid block, `.sdk`, a JSON description with its rules...), or as
//! a dict taken as a JSON description. The answers and the messages of the
//! exceptions are those of the command line: this crate only wraps the
//! library, with the command line's verdicts, in Python objects.
//! The package `sudoku_dlx` (in `python/python/sudoku_dlx`) re-exports these
//! functions and declares the exceptions.

mod answer;
mod batch;
mod convert;
mod failure;
mod making;
mod options;

use pyo3::prelude::*;
use pyo3::types::PyList;
use sudoku_dlx::{write_description, ReadError, Record};

use answer::{line_of, reader, Task};
use batch::{answer_all, puzzle_text, run_parallel, OnError};
use failure::{Failure, Kind};
use options::{Options, DEFAULT_MAX_NODES};

/// The source name of a single puzzle in messages.
const SOURCE: &str = "<string>";

/// Answers one puzzle on the calling thread with the GIL released.
fn answer_one<'py>(
    puzzle: &Bound<'py, PyAny>,
    task: Task,
    options: &Options,
) -> PyResult<Bound<'py, PyAny>> {
    let py = puzzle.py();
    let text = [puzzle_text(puzzle)?];
    let mut answers = run_parallel(py, &text, 1, |worker, text| {
        worker.answer(text, task, options)
    })?;
    match answers.pop() {
        Some(Ok(answer)) => convert::to_python(py, &answer),
        Some(Err(failure)) => Err(failure.to_exception(py, SOURCE, None)),
        None => unreachable!("one puzzle, one answer"),
    }
}

/// Declares a function over one puzzle and its batch version over many:
/// their docs, their names, then the arguments of their own (`name: type =
/// default`, before those every function takes) and the task made of them.
macro_rules! puzzle_functions {
    (
        $(#[doc = $one_doc:literal])*
        fn $one:ident;
        $(#[doc = $many_doc:literal])*
        fn $many:ident;
        ($($arg:ident: $type:ty = $default:tt),*) => $task:expr
    ) => {
        $(#[doc = $one_doc])*
        #[pyfunction]
        #[pyo3(signature = (puzzle, *, $($arg = $default,)* variant=None, boxes=None, max_nodes=20_000_000))]
        fn $one<'py>(
            puzzle: &Bound<'py, PyAny>,
            $($arg: $type,)*
            variant: Option<Vec<String>>,
            boxes: Option<&str>,
            max_nodes: u64,
        ) -> PyResult<Bound<'py, PyAny>> {
            let options = Options::new(variant, boxes, max_nodes)?;
            answer_one(puzzle, $task, &options)
        }

        $(#[doc = $many_doc])*
        #[pyfunction]
        #[pyo3(signature = (puzzles, *, $($arg = $default,)* threads=None, errors="raise", variant=None, boxes=None, max_nodes=20_000_000))]
        #[allow(clippy::too_many_arguments)]
        fn $many<'py>(
            puzzles: &Bound<'py, PyAny>,
            $($arg: $type,)*
            threads: Option<usize>,
            errors: &str,
            variant: Option<Vec<String>>,
            boxes: Option<&str>,
            max_nodes: u64,
        ) -> PyResult<Bound<'py, PyAny>> {
            let options = Options::new(variant, boxes, max_nodes)?;
            answer_all(puzzles, $task, &options, threads, OnError::new(errors)?)
        }
    };
}

puzzle_functions! {
    /// A solution of the puzzle, on one line in the puzzle's symbols.
    ///
    /// `puzzle` is a string in any layout the command line reads (81
    /// characters with `.` or `0` for blanks, a grid block, a JSON description
    /// with its rules...) or a dict (a JSON description). `unique=True` also
    /// proves there is no second solution, as `solve --unique` does.
    /// `variant` (e.g. `["x"]`, `["jigsaw"]`) and `boxes` (`"2x3"`, `"none"`)
    /// give rules to puzzles that bring none; `max_nodes` caps the search.
    ///
    /// Raises `PuzzleParseError`, `InvalidPuzzleError`, `UnsolvableError`,
    /// `MultipleSolutionsError` (with `unique=True`) or `UndecidedError`, with
    /// the command line's message.
    fn solve;
    /// `solve` over many puzzles (a list, any iterable, or a pandas `Series`,
    /// answered as a `Series` with the same index) on `threads` threads (all
    /// cores by default) with the GIL released; the answers in input order.
    ///
    /// `errors="raise"` raises the exception of the first puzzle that has no
    /// answer, its message naming it `puzzles[i]`; `"none"` puts `None` in its
    /// place; `"status"` puts the command line's status word (`"unsolvable"`,
    /// `"invalid"`, `"multiple"`, `"undecided"`), as `solve -f line` prints it.
    fn solve_many;
    (unique: bool = false) => Task::Solve { unique }
}

puzzle_functions! {
    /// The number of solutions of the puzzle, counted up to `limit` (a count
    /// equal to `limit` means "at least"). 0 is an answer, not an error.
    ///
    /// Raises `PuzzleParseError`, `InvalidPuzzleError` (givens against the
    /// rules) or `UndecidedError` (the node budget ran out).
    fn count;
    /// `count` over many puzzles, as `solve_many` runs them.
    fn count_many;
    (limit: u64 = 100_000) => Task::Count { limit: positive(limit)? }
}

puzzle_functions! {
    /// The verdict of `sudoku-dlx check`: `"valid"` (a filled grid that obeys
    /// the rules), `"unique"`, `"multiple"`, `"unsolvable"`, `"invalid"`
    /// (givens against the rules), `"mismatch"` (not the count or solution the
    /// text claims, as in `puzzle:count:solution`) or `"undecided"`.
    ///
    /// Raises `PuzzleParseError` for text that is no puzzle.
    fn check;
    /// `check` over many puzzles, as `solve_many` runs them (only text that is
    /// no puzzle is an error).
    fn check_many;
    () => Task::Check
}

puzzle_functions! {
    /// The true candidates of every cell, row by row: the symbols the cell
    /// holds in at least one solution, as a string (`"1"` for a given). At
    /// most `limit` searches are made; when it stops them, the answer lists the
    /// digits not yet ruled out.
    ///
    /// Raises `PuzzleParseError`, `InvalidPuzzleError`, `UnsolvableError` or
    /// `UndecidedError`.
    fn candidates;
    /// `candidates` over many puzzles, as `solve_many` runs them.
    fn candidates_many;
    (limit: u64 = 100_000) => Task::Candidates { limit: positive(limit)? }
}

puzzle_functions! {
    /// The difficulty of a puzzle with one solution, as `sudoku-dlx rate -f
    /// json` gives it: `{"level": str, "hardest": str, "branches": int}`.
    ///
    /// `level` is the level of the hardest technique the logical solve path
    /// needs (`"simple"`, `"easy"`, `"intermediate"`, `"expert"`), `hardest`
    /// that technique (`"none"` for a filled grid), `branches` the search's
    /// effort: how often the dancing-links search had two or more options
    /// on its way to the solution and the proof that it is the only one.
    /// `level` and `hardest` are `None` for a puzzle the logical solver
    /// cannot take (the command line leaves them out). `method` is accepted
    /// for compatibility, as `rate --method` is: `"techniques"` and
    /// `"search"` give the same record.
    ///
    /// Raises `PuzzleParseError`, `InvalidPuzzleError`, `UnsolvableError`,
    /// `MultipleSolutionsError` or `UndecidedError`.
    fn rate;
    /// `rate` over many puzzles, as `solve_many` runs them.
    fn rate_many;
    (method: &str = "techniques") => rate_task(method)?
}

puzzle_functions! {
    /// The canonical form (minlex) of a puzzle or a filled grid, as
    /// `sudoku-dlx canon` prints it: the smallest string, read row by row
    /// with blanks as 0, among the grids equivalent to it under the
    /// symmetries of the classic rules (relabelling the digits, permuting
    /// rows within bands and bands, columns within stacks and stacks, and
    /// transposing square boxes); in the puzzle's symbols, blanks as `.`.
    /// Two puzzles are the same up to those symmetries when their forms are
    /// equal.
    ///
    /// Raises `PuzzleParseError`, or `InvalidPuzzleError` for givens
    /// against the rules or rules without a canonical form here (variants,
    /// jigsaw regions, shapes of several grids: its `status` is then
    /// `"unsupported"`, as the command line says). `max_nodes` is not used.
    fn canon;
    /// `canon` over many puzzles, as `solve_many` runs them; with
    /// `errors="status"`, `"invalid"` or `"unsupported"` in place of a form.
    /// Forms of the same class are equal: `len(set(canon_many(puzzles)))`
    /// counts the classes.
    fn canon_many;
    () => Task::Canon
}

/// The logical solve path of the puzzle, as `explain -f json` gives it:
/// `{"status": "solved" | "stalled", "steps": [...], "solved", "unique",
/// "bifurcations", "hardest", "score", "level"}`, each step a dict
/// `{"technique", "clue", "placements": [{"cell": "r2c8", "digit": 7}],
/// "eliminations": [...]}`.
///
/// Raises `PuzzleParseError`, `InvalidPuzzleError` or `UnsolvableError`.
#[pyfunction]
#[pyo3(signature = (puzzle, *, variant=None, boxes=None))]
fn explain<'py>(
    puzzle: &Bound<'py, PyAny>,
    variant: Option<Vec<String>>,
    boxes: Option<&str>,
) -> PyResult<Bound<'py, PyAny>> {
    let options = Options::new(variant, boxes, DEFAULT_MAX_NODES)?;
    answer_one(puzzle, Task::Explain, &options)
}

/// Random puzzles with exactly one solution (or complete grids with
/// `solved=True`), each a line as `sudoku-dlx generate` writes it: the
/// same `seed` and arguments give the same lines as the command line, on
/// any number of threads. Without a seed, a random one is used.
///
/// `variant` takes the rule names of `solve` and also `"killer"` (each
/// puzzle a JSON description with its cages) and `"jigsaw"` (`GIVENS
/// REGIONS`); `difficulty` the level of the hardest technique a puzzle
/// needs (`"simple"`, `"easy"`, `"intermediate"`, `"expert"`), judged under
/// the puzzle's rules. `method` is kept for compatibility: `"techniques"`
/// (the default) or `None`; `"search"` and the search's levels `"medium"`
/// and `"hard"` are refused with the command line's message, as the scale
/// of the search is replaced.
///
/// Raises `GenerateError` when no puzzle met the constraints.
#[pyfunction]
#[pyo3(signature = (count=1, *, seed=None, size=9, symmetry="rot180", min_givens=None, max_givens=None, difficulty=None, method=None, variant=None, boxes=None, solved=false, threads=None))]
#[allow(clippy::too_many_arguments)]
fn generate(
    py: Python<'_>,
    count: u64,
    seed: Option<u64>,
    size: usize,
    symmetry: &str,
    min_givens: Option<usize>,
    max_givens: Option<usize>,
    difficulty: Option<&str>,
    method: Option<&str>,
    variant: Option<Vec<String>>,
    boxes: Option<&str>,
    solved: bool,
    threads: Option<usize>,
) -> PyResult<Vec<String>> {
    let request = making::Request {
        seed,
        size,
        symmetry,
        min_givens,
        max_givens,
        difficulty,
        method,
        variant,
        boxes,
        solved,
    };
    request.run()?.make_all(py, count, threads)
}

/// Every puzzle of a text in any format the command line reads (a whole
/// file: lines, grid blocks, `.sdk`, CSV, `puzzle:count:solution`, XML,
/// JSON lines...), one string each, in order: the puzzle on one line in its
/// symbols, or its JSON description when its rules are not the classic
/// ones. Titles and claimed solutions are left out.
///
/// `errors` says what a record that cannot be read becomes: `"raise"`
/// (its `PuzzleParseError`), `"none"` or `"status"` (`"invalid"`).
#[pyfunction]
#[pyo3(signature = (text, *, errors="raise", variant=None, boxes=None))]
fn read_puzzles<'py>(
    py: Python<'py>,
    text: &str,
    errors: &str,
    variant: Option<Vec<String>>,
    boxes: Option<&str>,
) -> PyResult<Bound<'py, PyList>> {
    let options = Options::new(variant, boxes, DEFAULT_MAX_NODES)?;
    let on_error = OnError::new(errors)?;
    let mut reader = reader(text, &options);
    let mut record = Record::default();
    let puzzles = PyList::empty(py);
    while let Some(result) = reader.read_record(&mut record) {
        let failure = match result {
            Ok(()) if record.rules.is_classic() => {
                puzzles.append(line_of(&record.grid, record.alphabet))?;
                continue;
            }
            Ok(()) => {
                let mut description = Vec::new();
                write_description(&mut description, &record.grid, &record.rules, "");
                puzzles.append(String::from_utf8_lossy(&description))?;
                continue;
            }
            Err(ReadError::Parse(error)) => error.into(),
            Err(ReadError::Io(error)) => Failure::new(Kind::Unreadable, 0, error),
        };
        match on_error {
            OnError::Raise => return Err(failure.to_exception(py, SOURCE, None)),
            OnError::None => puzzles.append(py.None())?,
            OnError::Status => puzzles.append(failure.kind.word())?,
        }
    }
    Ok(puzzles)
}

/// The task of `rate`: one record whatever the `method`, as `rate
/// --method` gives; only names other than the two are refused.
fn rate_task(method: &str) -> PyResult<Task> {
    match method {
        "search" | "techniques" => Ok(Task::Rate),
        _ => Err(failure::bad_argument(format!(
            "method must be \"search\" or \"techniques\"; found {method:?}"
        ))),
    }
}

/// `limit`, refused when 0, as the command line refuses it.
fn positive(limit: u64) -> PyResult<u64> {
    match limit {
        0 => Err(failure::bad_argument("limit must be at least 1")),
        limit => Ok(limit),
    }
}

/// The native module.
#[pymodule(name = "_native")]
fn native(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(solve, module)?)?;
    module.add_function(wrap_pyfunction!(count, module)?)?;
    module.add_function(wrap_pyfunction!(check, module)?)?;
    module.add_function(wrap_pyfunction!(candidates, module)?)?;
    module.add_function(wrap_pyfunction!(rate, module)?)?;
    module.add_function(wrap_pyfunction!(explain, module)?)?;
    module.add_function(wrap_pyfunction!(solve_many, module)?)?;
    module.add_function(wrap_pyfunction!(count_many, module)?)?;
    module.add_function(wrap_pyfunction!(check_many, module)?)?;
    module.add_function(wrap_pyfunction!(candidates_many, module)?)?;
    module.add_function(wrap_pyfunction!(rate_many, module)?)?;
    module.add_function(wrap_pyfunction!(canon, module)?)?;
    module.add_function(wrap_pyfunction!(canon_many, module)?)?;
    module.add_function(wrap_pyfunction!(generate, module)?)?;
    module.add_function(wrap_pyfunction!(read_puzzles, module)?)?;
    module.add("DEFAULT_MAX_NODES", DEFAULT_MAX_NODES)?;
    Ok(())
}
