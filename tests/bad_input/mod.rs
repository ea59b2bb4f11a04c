//! The `sudoku-dlx` binary on bad input: every case gets a clear message
//! (with file:line:column where it applies), the right exit status, no panic
//! and no hang, and the other puzzles of the same input are still answered,
//! one record each, in order.

mod encodings;
mod files;
mod harness;
mod limits;
mod malformed;
mod rules;
mod streams;
