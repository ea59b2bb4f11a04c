//! The choices and help texts of the commands that look at a collection as
//! a whole, `canon` and `stats` (their flags are declared with the others
//! in [`super::args`]).

use clap::ValueEnum;
use sudoku_dlx::CanonOrder;

pub const CANON_EXAMPLES: &str = "\
The canonical form of a puzzle is the smallest string, read row by row with
the blank below every digit, of all the puzzles that transposing, moving
bands, stacks, rows within their band and columns within their stack, and
relabelling the digits make of it: two puzzles are the same puzzle in
disguise exactly when their forms are equal. Classic rules (any box shape)
and X-Sudoku up to 9x9 (under the 96 maps that keep the diagonals); a puzzle
with other rules is refused with a message.

--dedupe streams and keeps in memory only the forms seen: it prints the
first puzzle of each class, as it was written, and, with -f json, one line
{\"class\": FORM, \"count\": N} per class at the end. Without --dedupe,
`canon FILE | sort | uniq -c` counts the classes.

Exit status: 0 every puzzle canonicalised; 1 some puzzle against the rules
or under rules without a canonical form here; 2 bad usage or input.

Examples:
  sudoku-dlx canon puzzles.txt                     one form per line
  sudoku-dlx canon -f json puzzle.txt              the form and the transformation onto it
  sudoku-dlx canon --dedupe a.txt b.txt > unique.txt";

pub const STATS_EXAMPLES: &str = "\
One pass over the collection: how many puzzles, how many have one solution,
several, none or are invalid, the number of givens, the hardest technique of
a logical solve path, the classes of puzzles equal up to transformation, and
the minimal ones (unique, and no given can go).

Exit status: 0 summarised; 2 bad usage, or an input that cannot be read.

Examples:
  sudoku-dlx stats puzzles.txt                     a summary in text
  sudoku-dlx stats -f json puzzles.txt             the same as one JSON object
  sudoku-dlx stats -f html puzzles.txt > stats.html  with bar charts to look at";

/// The output formats of `canon`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CanonFormat {
    /// One form a line
    Line,
    /// JSON lines: the puzzle, its form and the transformation onto it
    Json,
    /// CSV with a header row
    Csv,
}

/// The orders of `canon --order`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum OrderChoice {
    /// The smallest string outright: the community's minlex form
    Lex,
    /// The smallest pattern of givens first, then the smallest string
    Pattern,
}

impl OrderChoice {
    pub fn order(self) -> CanonOrder {
        match self {
            OrderChoice::Lex => CanonOrder::Lex,
            OrderChoice::Pattern => CanonOrder::PatternFirst,
        }
    }
}

/// The output formats of `stats`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum StatsFormat {
    /// A summary in text
    Text,
    /// One JSON object
    Json,
    /// An HTML page: the counts, and each histogram as an SVG bar chart
    Html,
}
