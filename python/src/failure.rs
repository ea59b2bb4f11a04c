//! Why a puzzle got no answer, in the command line's words, and its turn
//! into one of the Python exceptions of `sudoku_dlx._errors`.
//!
//! The reasons are those the command line writes on standard error after
//! `SOURCE:LINE:` (and the column, for text it cannot read), so that a
//! Python user and a shell user read the same message.

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyModule};

/// What kind of failure: the status word the command line prints for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// The text is no puzzle the reader can read.
    Unreadable,
    /// The givens (or the rules) break the rules.
    Invalid,
    /// No solution.
    Unsolvable,
    /// More than one solution where one is needed.
    Multiple,
    /// The node budget ran out before the answer was known.
    Undecided,
    /// No puzzle came out of the generator.
    NotGenerated,
    /// Rules without a canonical form (`canon`): an `InvalidPuzzleError`
    /// whose status is `"unsupported"`, as the command line says.
    Unsupported,
}

impl Kind {
    /// The status word of the command line.
    pub fn word(self) -> &'static str {
        match self {
            Kind::Unreadable | Kind::Invalid => "invalid",
            Kind::Unsolvable => "unsolvable",
            Kind::Multiple => "multiple",
            Kind::Undecided => "undecided",
            Kind::NotGenerated => "failed",
            Kind::Unsupported => "unsupported",
        }
    }

    /// The name of the Python exception class.
    fn class(self) -> &'static str {
        match self {
            Kind::Unreadable => "PuzzleParseError",
            Kind::Invalid | Kind::Unsupported => "InvalidPuzzleError",
            Kind::Unsolvable => "UnsolvableError",
            Kind::Multiple => "MultipleSolutionsError",
            Kind::Undecided => "UndecidedError",
            Kind::NotGenerated => "GenerateError",
        }
    }
}

/// One failure: its kind, where in the text, and the reason.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    pub kind: Kind,
    /// The line of the puzzle in its text, from 1; 0 when the failure is
    /// of no line (an input without a puzzle, a run of `generate`).
    pub line: u64,
    /// The column of a mistake in the text, for [`Kind::Unreadable`].
    pub column: Option<usize>,
    pub reason: String,
}

impl Failure {
    /// A failure of a well-formed puzzle that starts on `line`.
    pub fn new(kind: Kind, line: u64, reason: impl std::fmt::Display) -> Failure {
        Failure {
            kind,
            line,
            column: None,
            reason: reason.to_string(),
        }
    }

    /// The exception for this failure of the puzzle read from `source`
    /// (`<string>`, or `puzzles[i]` in a batch), its message as the command
    /// line writes it: `SOURCE:LINE[:COLUMN]: REASON`.
    pub fn to_exception(&self, py: Python<'_>, source: &str, index: Option<usize>) -> PyErr {
        match self.build(py, source, index) {
            Ok(error) => error,
            Err(error) => error,
        }
    }

    fn build(&self, py: Python<'_>, source: &str, index: Option<usize>) -> PyResult<PyErr> {
        let message = match (self.line, self.column) {
            (0, _) => format!("{source}: {}", self.reason),
            (line, None) => format!("{source}:{line}: {}", self.reason),
            (line, Some(column)) => format!("{source}:{line}:{column}: {}", self.reason),
        };
        let kwargs = PyDict::new(py);
        kwargs.set_item("source", source)?;
        kwargs.set_item("line", (self.line > 0).then_some(self.line))?;
        kwargs.set_item("column", self.column)?;
        kwargs.set_item("reason", &self.reason)?;
        kwargs.set_item("status", self.kind.word())?;
        kwargs.set_item("index", index)?;
        let class = errors_module(py)?.getattr(self.kind.class())?;
        let value = class.call((message,), Some(&kwargs))?;
        Ok(PyErr::from_value(value))
    }
}

impl From<sudoku_dlx::ParseError> for Failure {
    /// Text that is no puzzle, with the place of the mistake.
    fn from(error: sudoku_dlx::ParseError) -> Failure {
        Failure {
            kind: Kind::Unreadable,
            line: error.line,
            column: Some(error.column),
            reason: error.kind.to_string(),
        }
    }
}

/// The module that declares the exception classes, imported once.
fn errors_module(py: Python<'_>) -> PyResult<&Bound<'_, PyModule>> {
    static MODULE: PyOnceLock<Py<PyModule>> = PyOnceLock::new();
    MODULE
        .get_or_try_init(py, || {
            PyModule::import(py, "sudoku_dlx._errors").map(Bound::unbind)
        })
        .map(|module| module.bind(py))
}

/// A `ValueError` for an argument the functions cannot take.
pub fn bad_argument(message: impl Into<String>) -> PyErr {
    pyo3::exceptions::PyValueError::new_err(message.into())
}
