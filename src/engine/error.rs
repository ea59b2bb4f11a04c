//! The engine's one error type: what can be wrong with an exact-cover
//! problem as it is built. Searching cannot fail.

use thiserror::Error;

/// A mistake in the shape of an exact-cover problem, found while it is built.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum DlxError {
    /// An option named an item that the matrix does not have.
    #[error("item {item} is out of range: the matrix has {items} items")]
    ItemOutOfRange {
        /// The item that was named (0-based).
        item: usize,
        /// How many items the matrix has.
        items: usize,
    },
    /// An option covered no item at all.
    #[error("an option must contain at least one item")]
    EmptyOption,
    /// An option named the same item twice.
    #[error("item {item} appears twice in one option")]
    RepeatedItem {
        /// The repeated item (0-based).
        item: usize,
    },
    /// An item was given more options than its count type can hold.
    #[error("item {item} has more than {limit} options, the most its count type holds")]
    TooManyOptions {
        /// The item (0-based).
        item: usize,
        /// The most options one item may have.
        limit: usize,
    },
    /// The matrix grew past what 32-bit node indices can address.
    #[error("the matrix is too large: more than {limit} nodes")]
    TooLarge {
        /// The largest number of nodes the engine supports.
        limit: usize,
    },
}
