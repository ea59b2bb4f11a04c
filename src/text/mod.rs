//! Puzzles in and out of text: symbols, the line reader and every input
//! format, and the writers of grids.

pub mod alphabet;
pub mod formats;
pub mod output;
pub mod reader;
