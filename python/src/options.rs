//! The keyword arguments every function shares (`variant`, `boxes`,
//! `max_nodes`), checked once per call into the rules the reader gives the
//! puzzles that bring none of their own, as the command line's flags of
//! the same names do.

use pyo3::prelude::*;
use sudoku_dlx::{Boxes, Rules, Variant};

use crate::failure::bad_argument;

/// The default node budget of one puzzle's search: the command line's
/// `--max-nodes` default, written out in the functions' signatures too
/// (`max_nodes=20_000_000`), as is the default `limit=100_000` of `count`
/// and `candidates`, the command line's `--limit`.
pub const DEFAULT_MAX_NODES: u64 = 20_000_000;

/// What a call asks of every puzzle it reads.
#[derive(Debug, Clone)]
pub struct Options {
    /// The rules of plain puzzles (JSON descriptions carry their own).
    pub rules: Rules,
    /// Plain lines are `GIVENS REGIONS`.
    pub jigsaw: bool,
    /// The node budget of each search.
    pub max_nodes: u64,
}

impl Options {
    /// Checks the keyword arguments.
    pub fn new(
        variant: Option<Vec<String>>,
        boxes: Option<&str>,
        max_nodes: u64,
    ) -> PyResult<Self> {
        if max_nodes == 0 {
            return Err(bad_argument("max_nodes must be at least 1"));
        }
        let mut rules = Rules::classic();
        let mut jigsaw = false;
        for name in variant.iter().flatten() {
            match name.as_str() {
                "jigsaw" => jigsaw = true,
                name => rules.variants.push(variant_named(name)?),
            }
        }
        if let Some(boxes) = boxes {
            if jigsaw {
                return Err(bad_argument(
                    "variant jigsaw gives each puzzle its regions: it cannot be used with boxes",
                ));
            }
            rules.boxes = parse_boxes(boxes)?;
        }
        Ok(Options {
            rules,
            jigsaw,
            max_nodes,
        })
    }
}

/// The variant rule called `name`, as the command line and JSON spell it.
pub fn variant_named(name: &str) -> PyResult<Variant> {
    Variant::ALL
        .into_iter()
        .find(|variant| variant.name() == name)
        .ok_or_else(|| {
            let names: Vec<&str> = Variant::ALL.iter().map(|v| v.name()).collect();
            bad_argument(format!(
                "unknown variant {name:?}; expected one of {}, or jigsaw",
                names.join(", ")
            ))
        })
}

/// Reads `boxes`: `RxC` or `none`, as `--boxes` does.
pub fn parse_boxes(text: &str) -> PyResult<Boxes> {
    if text.eq_ignore_ascii_case("none") {
        return Ok(Boxes::None);
    }
    let shape = text
        .split_once(['x', 'X'])
        .and_then(|(rows, columns)| Some((rows.parse().ok()?, columns.parse().ok()?)));
    match shape {
        Some((rows, columns)) if rows >= 2 && columns >= 2 => Ok(Boxes::Shape { rows, columns }),
        _ => Err(bad_argument(format!(
            "expected RxC (rows by columns of one box, each at least 2, such as 2x3) or none; found {text:?}"
        ))),
    }
}
