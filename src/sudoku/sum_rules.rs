//! Rules on sums of many cells, kept whole beside the tables they compile
//! to: little killers, sandwiches and region-sum lines.
//!
//! The exact-cover encoding reads these rules as tables of ways, chained by
//! links where one table cannot list them all (`constraints/sums.rs`). The
//! 9x9 fast path reads neither links nor tables of more than a few cells; it
//! narrows these rules from their definitions instead (`fast9/sums.rs`), so
//! the geometry keeps each as it was given.

/// A rule on the sum of some cells, kept whole beside its tables.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SumRule {
    /// The rule, an index into [`crate::Geometry::rules`].
    pub(crate) rule: u32,
    /// The cells, in the rule's order, each once.
    pub(crate) cells: Vec<usize>,
    /// What the cells add up to.
    pub(crate) kind: SumKind,
}

/// What the cells of a [`SumRule`] add up to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SumKind {
    /// The cells add up to this number; a digit may repeat where no unit
    /// forbids it (a little killer).
    Total(u32),
    /// Each run of the cells within one box adds up to the same number as
    /// every other (a region-sum line).
    SameInEachBox,
    /// The cells are a row or a column, and the digits between its 1 and
    /// its largest digit add up to this number (a sandwich).
    Sandwich(u32),
}
