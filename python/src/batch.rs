//! Batches: the puzzles of a list (or any iterable, a pandas `Series`
//! among them) answered on a pool of threads with the GIL released, each
//! thread with its own solvers, the answers in input order.

use std::cell::RefCell;

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyList, PyString};
use rayon::prelude::*;

use crate::answer::{Answer, Task, Worker};
use crate::convert::{like_input, to_python};
use crate::failure::{bad_argument, Failure};
use crate::options::Options;

thread_local! {
    /// The solvers of each thread, kept while its pool lives.
    static WORKER: RefCell<Worker> = RefCell::new(Worker::default());
}

/// What a batch does with a puzzle that gets no answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OnError {
    /// Raise the exception of the first one, in input order.
    Raise,
    /// Put `None` in its place.
    None,
    /// Put the command line's status word in its place (`unsolvable`...).
    Status,
}

impl OnError {
    /// Reads the `errors` argument.
    pub fn new(name: &str) -> PyResult<OnError> {
        match name {
            "raise" => Ok(OnError::Raise),
            "none" => Ok(OnError::None),
            "status" => Ok(OnError::Status),
            _ => Err(bad_argument(format!(
                "errors must be \"raise\", \"none\" or \"status\"; found {name:?}"
            ))),
        }
    }
}

/// The text of one puzzle argument: a string, or a dict taken as a JSON
/// description and written with `json.dumps`.
pub fn puzzle_text(item: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(text) = item.cast::<PyString>() {
        return Ok(text.to_str()?.to_owned());
    }
    if item.is_instance_of::<PyDict>() {
        static DUMPS: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
        let py = item.py();
        let dumps = DUMPS.get_or_try_init(py, || {
            Ok::<_, PyErr>(py.import("json")?.getattr("dumps")?.unbind())
        })?;
        return dumps.bind(py).call1((item,))?.extract();
    }
    Err(PyTypeError::new_err(format!(
        "a puzzle is a str (any layout the command line reads) or a dict (a JSON description); \
         found {}",
        item.get_type().name()?
    )))
}

/// The number of threads of a batch: `threads`, or every core.
pub fn thread_count(threads: Option<usize>) -> PyResult<usize> {
    match threads {
        Some(0) => Err(bad_argument("threads must be at least 1")),
        Some(threads) => Ok(threads),
        None => Ok(std::thread::available_parallelism().map_or(1, usize::from)),
    }
}

/// Runs `job` over `items` on `threads` threads with the GIL released, each
/// call with the worker of its thread; the results in input order.
pub fn run_parallel<T: Sync, R: Send>(
    py: Python<'_>,
    items: &[T],
    threads: usize,
    job: impl Fn(&mut Worker, &T) -> R + Sync,
) -> PyResult<Vec<R>> {
    let each = |item: &T| WORKER.with_borrow_mut(|worker| job(worker, item));
    py.detach(|| {
        if threads == 1 {
            return Ok(items.iter().map(each).collect());
        }
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|error| format!("cannot start the worker threads: {error}"))?;
        Ok(pool.install(|| items.par_iter().map(each).collect()))
    })
    .map_err(|message: String| pyo3::exceptions::PyRuntimeError::new_err(message))
}

/// Answers every puzzle of `puzzles` as `task` asks, on `threads` threads.
pub fn answer_all<'py>(
    puzzles: &Bound<'py, PyAny>,
    task: Task,
    options: &Options,
    threads: Option<usize>,
    on_error: OnError,
) -> PyResult<Bound<'py, PyAny>> {
    let py = puzzles.py();
    let texts = puzzles
        .try_iter()?
        .map(|item| puzzle_text(&item?))
        .collect::<PyResult<Vec<String>>>()?;
    let threads = thread_count(threads)?;
    let answers: Vec<Result<Answer, Failure>> =
        run_parallel(py, &texts, threads, |worker, text| {
            worker.answer(text, task, options)
        })?;
    let values = PyList::empty(py);
    for (index, answer) in answers.iter().enumerate() {
        let value = match (answer, on_error) {
            (Ok(answer), _) => to_python(py, answer)?,
            (Err(failure), OnError::Raise) => {
                let source = format!("puzzles[{index}]");
                return Err(failure.to_exception(py, &source, Some(index)));
            }
            (Err(_), OnError::None) => py.None().into_bound(py),
            (Err(failure), OnError::Status) => failure.kind.word().into_pyobject(py)?.into_any(),
        };
        values.append(value)?;
    }
    like_input(puzzles, values)
}
