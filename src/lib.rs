//! Sudoku solving with Dancing Links: Knuth's Algorithm X on an exact-cover
//! matrix of 729 options and 324 items for a 9x9 grid (and the same encoding
//! for 4x4, 16x16 and 25x25).
//!
//! The crate has three layers, each usable alone:
//!
//! * [`dlx`]: a generic exact-cover engine on flat index arrays that always
//!   branches on the item with the fewest options;
//! * [`encoding`] and [`Solver`]: the mapping of a Sudoku grid onto that
//!   engine and back;
//! * [`reader`] and [`output`]: puzzles in and out of text, with error
//!   messages that name line and column;
//! * [`generate`] and [`rating`]: random grids and minimal puzzles with one
//!   solution, reproducible by seed ([`random`]), and a difficulty score
//!   taken from the search.
//!
//! # Example
//!
//! ```
//! use sudoku_dlx::{Grid, Solver};
//!
//! // Arto Inkala's "hardest" puzzle.
//! let puzzle: Grid = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
//!     .parse()
//!     .unwrap();
//! let mut solver = Solver::new();
//! assert!(solver.is_unique(&puzzle).unwrap());
//! let solution = solver.first_solution(&puzzle).unwrap().unwrap();
//! assert!(solution.is_solved() && solution.keeps_givens_of(&puzzle));
//! assert_eq!(solution.get(0, 0), 8);
//! ```

pub mod alphabet;
pub mod dlx;
pub mod encoding;
pub mod formats;
pub mod generate;
pub mod grid;
pub mod output;
pub mod random;
pub mod rating;
pub mod reader;
pub mod reduced;
pub mod singles;
pub mod solver;

pub use alphabet::Alphabet;
pub use formats::InputFormat;
pub use generate::{GenerateError, Generated, Generator, PuzzleSpec, Symmetry};
pub use grid::{Cell, Conflict, Grid, Size, Unit};
pub use random::Rng;
pub use rating::{Level, RateError, Rater, Rating};
pub use reader::{BlockEnd, Layout, ParseError, PuzzleReader, ReadError, Record};
pub use singles::{Outcome as SinglesOutcome, Singles};
pub use solver::{SolutionCount, Solver};
