//! Answers as Python objects: a solution as `str`, a count as `int`, a
//! rating or a path as a `dict` with the keys of the command line's JSON
//! output, and a batch as a `list` (or a pandas `Series` when it was given
//! one, with the same index and name).

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::answer::{Answer, Path};

/// The Python object of one answer.
pub fn to_python<'py>(py: Python<'py>, answer: &Answer) -> PyResult<Bound<'py, PyAny>> {
    Ok(match answer {
        Answer::Text(text) => text.into_pyobject(py)?.into_any(),
        Answer::Count(count) => count.into_pyobject(py)?.into_any(),
        Answer::Candidates(cells) => PyList::new(py, cells)?.into_any(),
        Answer::Rating {
            level,
            hardest,
            branches,
        } => {
            let dict = PyDict::new(py);
            dict.set_item("level", level)?;
            dict.set_item("hardest", hardest)?;
            dict.set_item("branches", branches)?;
            dict.into_any()
        }
        Answer::Path(path) => path_dict(py, path)?.into_any(),
    })
}

/// A path with the keys of `explain -f json`.
fn path_dict<'py>(py: Python<'py>, path: &Path) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("status", path.status)?;
    let steps = PyList::empty(py);
    for step in &path.steps {
        let item = PyDict::new(py);
        item.set_item("technique", step.technique)?;
        item.set_item("clue", &step.clue)?;
        item.set_item("placements", cell_digits(py, &step.placements)?)?;
        item.set_item("eliminations", cell_digits(py, &step.eliminations)?)?;
        steps.append(item)?;
    }
    dict.set_item("steps", steps)?;
    dict.set_item("solved", path.solved)?;
    dict.set_item("unique", path.unique)?;
    dict.set_item("bifurcations", path.bifurcations)?;
    dict.set_item("hardest", path.hardest)?;
    dict.set_item("score", path.score)?;
    dict.set_item("level", path.level)?;
    Ok(dict)
}

/// `[{"cell": "r1c2", "digit": 5}, ...]`.
fn cell_digits<'py>(py: Python<'py>, list: &[(String, u8)]) -> PyResult<Bound<'py, PyList>> {
    let items = PyList::empty(py);
    for (cell, digit) in list {
        let item = PyDict::new(py);
        item.set_item("cell", cell)?;
        item.set_item("digit", digit)?;
        items.append(item)?;
    }
    Ok(items)
}

/// `values` in the shape of `input`: a pandas `Series` with the index and
/// name of `input` when it is one, else the list itself.
pub fn like_input<'py>(
    input: &Bound<'py, PyAny>,
    values: Bound<'py, PyList>,
) -> PyResult<Bound<'py, PyAny>> {
    let kind = input.get_type();
    let module: String = kind.getattr("__module__")?.extract()?;
    if kind.name()? != "Series" || !module.starts_with("pandas") {
        return Ok(values.into_any());
    }
    let kwargs = PyDict::new(input.py());
    kwargs.set_item("index", input.getattr("index")?)?;
    kwargs.set_item("name", input.getattr("name")?)?;
    kwargs.set_item("dtype", "object")?;
    kind.call((values,), Some(&kwargs))
}
