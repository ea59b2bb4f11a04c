//! The unit the reader hands out: one puzzle with what the input said about
//! it (where it starts, its layout and alphabet, a title, an expected
//! solution or count), and its rules.

use crate::sudoku::grid::{Grid, Size};
use crate::sudoku::rules::Rules;
use crate::text::alphabet::Alphabet;

/// How a record was laid out in its text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Layout {
    /// The whole puzzle on one line.
    #[default]
    Line,
    /// One grid row per line.
    Block,
}

/// One puzzle read from text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    /// The line the puzzle starts on, from 1.
    pub line: u64,
    /// How it was laid out.
    pub layout: Layout,
    /// The alphabet its symbols were written in.
    pub alphabet: Alphabet,
    /// The puzzle.
    pub grid: Grid,
    /// Its title, description or comment, as the input gave it; empty when
    /// none.
    pub title: String,
    /// The solution the input claims it has (CSV, `puzzle:count:solution`).
    pub expected_solution: Option<Grid>,
    /// The number of solutions the input claims it has
    /// (`puzzle:count:solution`).
    pub expected_count: Option<u64>,
    /// The rules of the puzzle: those its JSON description or f-puzzles
    /// export gives, or for the other formats those of the reader
    /// ([`crate::PuzzleReader::with_rules`]).
    pub rules: Rules,
}

impl Default for Record {
    fn default() -> Self {
        Record {
            line: 0,
            layout: Layout::Line,
            alphabet: Alphabet::STANDARD,
            grid: Grid::empty(Size::NINE),
            title: String::new(),
            expected_solution: None,
            expected_count: None,
            rules: Rules::default(),
        }
    }
}
