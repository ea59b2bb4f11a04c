//! Rules kept whole beside the tables they compile to: little killers,
//! sandwiches, region-sum lines and quadruples.
//!
//! The exact-cover encoding reads these rules as tables of ways, chained by
//! links where one table cannot list them all (`constraints/sums.rs`). The
//! 9x9 fast path reads no links, and reading a table of thousands of ways
//! whole after every round of forced work costs more than the rule's own
//! reasoning; it narrows these rules from their definitions instead
//! (`fast9/sums.rs`, `fast9/quadruples.rs`), so the geometry keeps each as
//! it was given.

/// A rule kept whole beside its tables.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct WholeRule {
    /// The rule, an index into [`crate::Geometry::rules`].
    pub(crate) rule: u32,
    /// The cells, in the rule's order, each once.
    pub(crate) cells: Vec<usize>,
    /// What the rule asks of them.
    pub(crate) kind: WholeKind,
}

/// What a [`WholeRule`] asks of its cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum WholeKind {
    /// The cells add up to this number; a digit may repeat where no unit
    /// forbids it (a little killer).
    Total(u32),
    /// Each run of the cells within one box adds up to the same number as
    /// every other (a region-sum line).
    SameInEachBox,
    /// The cells are a row or a column, and the digits between its 1 and
    /// its largest digit add up to this number (a sandwich).
    Sandwich(u32),
    /// The digits listed (0 for none), each as often as listed, are among
    /// the cells (a quadruple).
    Quadruple([u8; 4]),
}
