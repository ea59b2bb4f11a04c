//! A generic exact-cover engine: Knuth's Algorithm X with dancing links.
//!
//! This module knows nothing about Sudoku. A [`Matrix`] holds items (the
//! columns of the exact-cover matrix) and options (its rows);
//! [`Matrix::search`] finds sets of options that cover every primary item
//! exactly once and every secondary item at most once.
//!
//! It follows Knuth's DLX1: every link is an index into flat arrays, never a
//! pointer, and the nodes of one option sit next to each other. One file a
//! job:
//!
//! * `matrix`: the problem as its user builds it, and the settings of the
//!   search;
//! * `links`: the node arrays, their two layouts (blocks of four, and
//!   Knuth's spacers for wider options; drawn there), options checked and
//!   linked in, and the dancing steps: the only unchecked memory accesses
//!   of the links;
//! * `search`: the loop of Algorithm X, compiled once for each layout;
//! * `propagate`: [`Propagate`], the deductions a problem may add after
//!   each choice, and the [`Pruning`] through which it hides options;
//! * `choice`: which item to branch on, and [`TieBreak`];
//! * `count`: the [`Count`] of options left in each item and the scans
//!   that find the smallest, with SIMD where the processor has it;
//! * `error`: [`DlxError`].
//!
//! Knuth keeps the active items in a doubly linked list and walks it to find
//! the shortest. Here the counts themselves say which items are active, so
//! the choice is a scan of one flat array, a few wide compares when the
//! counts are bytes, and hiding an option only decrements counts.

mod choice;
#[allow(unsafe_code)]
mod count;
mod error;
#[allow(unsafe_code)]
mod links;
mod matrix;
mod propagate;
mod search;
#[cfg(test)]
mod tests;

pub use choice::TieBreak;
pub use count::Count;
pub use error::DlxError;
pub use matrix::Matrix;
pub use propagate::{NoPropagation, Propagate, Pruning};
pub use search::SearchStats;
