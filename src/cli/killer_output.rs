//! The text of a generated killer puzzle: one JSON object per line, in the
//! form of the JSON puzzle description (`givens`, and `cages` each with its
//! `cells`, named `r<row>c<column>` from 1, and its `sum` when it has one).

use std::io::Write;

use serde::Serialize;
use sudoku_dlx::{write_line, Alphabet, Grid, Killer};

/// One killer puzzle as its JSON line holds it.
#[derive(Serialize)]
struct KillerFields {
    /// The givens: none, every cell blank.
    givens: String,
    cages: Vec<CageFields>,
}

/// One cage: its cells and its sum.
#[derive(Serialize)]
struct CageFields {
    #[serde(skip_serializing_if = "Option::is_none")]
    sum: Option<u32>,
    cells: Vec<String>,
}

/// Appends the JSON line of `killer` to `text`.
pub fn write_killer(text: &mut Vec<u8>, killer: &Killer) {
    let size = killer.solution.size();
    let n = size.side();
    let mut givens = Vec::new();
    write_line(&mut givens, &Grid::empty(size), Alphabet::STANDARD);
    let cages = killer.rules.cages.iter().map(|cage| CageFields {
        sum: cage.sum,
        cells: cage
            .cells
            .iter()
            .map(|&cell| format!("r{}c{}", cell / n + 1, cell % n + 1))
            .collect(),
    });
    let fields = KillerFields {
        givens: String::from_utf8_lossy(&givens).into_owned(),
        cages: cages.collect(),
    };
    // Writing into memory cannot fail, and every field serialises.
    let _ = serde_json::to_writer(&mut *text, &fields);
    let _ = writeln!(text);
}
