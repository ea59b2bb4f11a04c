//! The Sudoku model: grids and their rules, their mapping onto the
//! exact-cover engine, and what is built on it (solving, singles,
//! generating, rating).

pub mod encoding;
pub mod generate;
pub mod grid;
pub mod random;
pub mod rating;
pub mod reduced;
// Two unchecked reads of its candidate masks, each with its SAFETY note.
#[allow(unsafe_code)]
pub mod singles;
pub mod solver;
