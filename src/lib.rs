#![deny(unsafe_code)]
#![warn(clippy::undocumented_unsafe_blocks)]
//! Sudoku solving with Dancing Links: Knuth's Algorithm X on an exact-cover
//! matrix of 729 options and 324 items for a 9x9 grid (and the same encoding
//! for every side from 4x4 to 36x36).
//!
//! The crate has three layers, one folder each:
//!
//! * [`engine`] (`src/engine`): a generic exact-cover engine on flat index
//!   arrays that always branches on the item with the fewest options. It
//!   knows nothing of Sudoku and is public for any exact-cover problem.
//! * the Sudoku model (`src/sudoku`): a [`Geometry`] (cells and units as
//!   data), one encoding of a position into the engine's items and options,
//!   the [`Solver`], the [`Singles`] pass, the [`Generator`] and the
//!   [`Rater`];
//! * text (`src/text`): puzzles in and out of text with a [`PuzzleReader`]
//!   whose errors name line and column (JSON descriptions and f-puzzles
//!   exports bring their [`Rules`] with them), and [`write_line`] /
//!   [`write_block`] / [`write_description`].
//!
//! The command-line tool sits on top, behind the default `cli` feature;
//! with `default-features = false` the library depends on thiserror alone.
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

pub mod engine;
mod logic;
mod sudoku;
mod text;

pub use logic::explain::{ExplainError, Explainer, Explanation};
pub use logic::generate::{puzzle_of_level, puzzle_of_level_in};
pub use logic::step::Step;
pub use logic::technique::{LogicLevel, Technique};
pub use sudoku::cages::{CageError, Cages};
pub use sudoku::candidates::Candidates;
pub use sudoku::canon::{
    canonical_form, CanonError, CanonOrder, Canonical, Canonicalizer, CANON_CANDIDATE_LIMIT,
};
pub use sudoku::constraint_kind::ConstraintKind;
pub use sudoku::constraints::{Cage, Constraint, ConstraintError};
pub use sudoku::decorate::{DecorateError, Decorated, Decoration, Decorator};
pub use sudoku::encoding::DEFAULT_ASSIGNMENT_LIMIT;
pub use sudoku::frame::Frame;
pub use sudoku::generate::{GenerateError, Generated, Generator, PuzzleSpec, Symmetry};
pub use sudoku::geometry::{Geometry, GeometryBuilder, GeometryError};
pub use sudoku::grid::{Cell, Conflict, Grid, Size, Unit, WrongSum};
pub use sudoku::jigsaw::{check_jigsaw_rules, random_regions, regions_of_grid, JigsawGenerator};
pub use sudoku::killer::{
    Killer, KillerError, KillerGenerator, MAX_SIDE as KILLER_MAX_SIDE,
    NODE_BUDGET as KILLER_NODE_BUDGET,
};
pub use sudoku::minimal::{is_minimal, redundant_givens, MinimalError};
pub use sudoku::random::Rng;
pub use sudoku::rating::{Level, RateError, Rater, Rating, HARD_MAX};
pub use sudoku::rules::{Boxes, Rules, RulesError};
pub use sudoku::shape::{NamedShape, Shape, ShapeError};
pub use sudoku::singles::{Outcome as SinglesOutcome, Singles};
pub use sudoku::solver::{SolutionCount, Solver};
pub use sudoku::symmetry::{pattern_symmetries, PatternSymmetry};
pub use sudoku::transform::{TransformError, Transformation};
pub use sudoku::true_candidates::{CandidateFinder, TrueCandidates};
pub use sudoku::variants::{variant_geometry, Variant, VariantError};
pub use text::alphabet::{Alphabet, Symbol, Symbols};
pub use text::describe::{write_cage_list, write_description, write_rules};
pub use text::error::{BlockEnd, Found, ParseError, ParseErrorKind, ReadError};
pub use text::formats::InputFormat;
pub use text::framed::{
    fits_row, recognisable_shapes, shape_of_line, write_framed_block, write_framed_boxes,
};
pub use text::output::{
    write_block, write_block_painted, write_block_regions, write_line, write_regions, Piece,
};
pub use text::pencilmarks::{
    looks_like_pencilmarks, read_pencilmarks, PencilmarkError, PencilmarkRecord,
};
pub use text::reader::PuzzleReader;
pub use text::record::{Layout, Record};
