//! Puzzles in and out of text: the lines of the input, the symbols of the
//! cells, the plain layouts and the other formats, their errors, and the
//! writers of grids.
//!
//! The files depend on each other in one direction only: the lines
//! and the errors at the bottom, then the cells and their symbols, then the
//! parser of each format, then the reader that dispatches to them. The
//! public items are re-exported at the crate root.

pub(crate) mod alphabet;
pub(crate) mod cells;
pub(crate) mod describe;
pub(crate) mod error;
pub(crate) mod formats;
pub(crate) mod framed;
pub(crate) mod json;
pub(crate) mod json_depth;
pub(crate) mod lines;
pub(crate) mod output;
pub(crate) mod pencilmarks;
pub(crate) mod plain;
pub(crate) mod reader;
pub(crate) mod record;
pub(crate) mod regions;
