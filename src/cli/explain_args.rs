//! The checked configuration of `explain` and `hint` (whose flags are
//! declared with the others in [`super::args`]).

use std::path::PathBuf;

use sudoku_dlx::{Alphabet, InputFormat, Rules};

pub const EXPLAIN_EXAMPLES: &str = "\
Each step is one line: the technique, what it saw, then => and the digits
placed (r2c8=7) and the candidates struck (r2c5<>4). Techniques are tried
easiest first; a bifurcation (a candidate refuted by search) is used only
when none applies, and counted. Input may be puzzles in any format, or
pencilmarks: one line of n*n*n characters (for a 9x9 grid 729, each cell's
nine places holding its digit or '.'), or a grid of candidate groups
(`123 45 6 ...`, one row a line).

Exit status: 0 every puzzle explained; 1 some puzzle has no solution, breaks
the rules, or has several solutions and logic stalls; 2 bad usage or input.

Examples:
  sudoku-dlx explain puzzles/inkala.txt            every step, then a summary
  sudoku-dlx explain -f json puzzles/easy.txt      one JSON object per puzzle
  sudoku-dlx hint marks.txt                         the next step from pencilmarks";

/// What a run of the logical solver prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Every step of the path.
    Explain,
    /// The next step only.
    Hint,
}

/// A checked configuration of the logical solver.
#[derive(Debug)]
pub struct ExplainConfig {
    pub mode: Mode,
    pub files: Vec<PathBuf>,
    pub json: bool,
    pub input_format: InputFormat,
    pub alphabet: Option<Alphabet>,
    /// The rules of records that do not bring their own (`--variant`).
    pub rules: Rules,
    /// `--variant jigsaw`: plain lines are `GIVENS REGIONS`.
    pub jigsaw: bool,
    pub quiet: bool,
}
