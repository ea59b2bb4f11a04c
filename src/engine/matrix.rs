//! The exact-cover problem as the caller builds it: items, options added
//! one at a time and checked, and the settings of later searches. The
//! links themselves live in [`super::links`]; the search that runs on them
//! in [`super::search`].

use super::choice::{Failures, TieBreak};
use super::count::Count;
use super::error::DlxError;
use super::links::Links;

/// An exact-cover problem and the state of its search, with the option
/// counts of its items held in `C` (see [`Count`]).
///
/// Items are numbered from 0: the first `primary` items must be covered
/// exactly once, the next `secondary` items at most once. Options are numbered
/// from 0 in the order they are added.
///
/// All buffers are kept across [`Matrix::reset`], so one matrix can be refilled
/// and searched many times without allocating once it has reached its largest
/// size.
///
/// # Example
///
/// Knuth's example from "Dancing Links": items A to G, six options, and one
/// exact cover.
///
/// ```
/// use sudoku_dlx::engine::Matrix;
///
/// let [a, b, c, d, e, f, g] = [0, 1, 2, 3, 4, 5, 6];
/// let mut matrix = Matrix::new(7, 0);
/// for option in [&[c, e, f][..], &[a, d, g], &[b, c, f], &[a, d], &[b, g], &[d, e, g]] {
///     matrix.add_option(option).unwrap();
/// }
/// let mut found = Vec::new();
/// let stats = matrix.search(u64::MAX, |options| {
///     let mut options = options.to_vec();
///     options.sort();
///     found.push(options);
/// });
/// // The options {A,D}, {B,G} and {C,E,F} are numbers 3, 4 and 0.
/// assert_eq!(found, vec![vec![0, 3, 4]]);
/// assert_eq!(stats.solutions, 1);
/// assert!(!stats.stopped_at_limit);
/// ```
#[derive(Debug, Clone)]
pub struct Matrix<C: Count = u32> {
    pub(super) primary: usize,
    pub(super) options: usize,
    /// The nodes, their links and the counts of the items.
    pub(super) links: Links<C>,
    /// How ties between items with the fewest options are broken.
    pub(super) tie_break: TieBreak,
    /// The most search nodes one search may try.
    pub(super) node_budget: u64,
    /// The options of the solution being reported.
    pub(super) solution: Vec<usize>,
    /// How often each item was left with no option in the current search.
    pub(super) failures: Failures,
}

impl Matrix {
    /// An empty problem with `primary` items to cover exactly once and
    /// `secondary` items to cover at most once, any number of options per
    /// item.
    pub fn new(primary: usize, secondary: usize) -> Matrix {
        Matrix::with_count_type(primary, secondary)
    }
}

impl<C: Count> Matrix<C> {
    /// An empty problem with `primary` items to cover exactly once and
    /// `secondary` items to cover at most once, its counts held in `C`:
    /// `Matrix::<u8>::with_count_type(..)` for at most 127 options per item
    /// and a faster choice of item.
    pub fn with_count_type(primary: usize, secondary: usize) -> Matrix<C> {
        let mut matrix = Matrix {
            primary: 0,
            options: 0,
            links: Links::default(),
            tie_break: TieBreak::Leftmost,
            node_budget: u64::MAX,
            solution: Vec::new(),
            failures: Failures::default(),
        };
        matrix.reset(primary, secondary);
        matrix
    }

    /// Empties the matrix and gives it new items, keeping its buffers.
    pub fn reset(&mut self, primary: usize, secondary: usize) {
        self.primary = primary;
        self.options = 0;
        self.links.reset(primary + secondary);
    }

    /// Number of primary items.
    pub fn primary_items(&self) -> usize {
        self.primary
    }

    /// Number of items, primary and secondary.
    pub fn items(&self) -> usize {
        self.links.items()
    }

    /// Number of options added since the last reset.
    pub fn options(&self) -> usize {
        self.options
    }

    /// Adds an option covering `items` (0-based item numbers) and returns its
    /// number.
    ///
    /// # Errors
    ///
    /// Fails, leaving the matrix unchanged, if the option is empty, names an
    /// item twice, names an item the matrix does not have, or gives an item
    /// more options than its count type holds.
    // Inlined into each caller: callers that add options of one width (the
    // Sudoku encoding adds four items an option) then get the checks and
    // the linking specialised to it. Left to the compiler, a caller with
    // options of several widths kept one general copy: +25% instructions
    // on the 17-clue set.
    #[inline(always)]
    pub fn add_option(&mut self, items: &[usize]) -> Result<usize, DlxError> {
        if self.links.depth() != 0 {
            self.settle();
        }
        self.links.add_option(self.options, items)?;
        self.options += 1;
        Ok(self.options - 1)
    }

    /// Adds an option like [`Matrix::add_option`], checking only that it
    /// is not empty and that its items are in range: for a caller whose
    /// options name distinct items by construction, in a count type that
    /// holds the options of every item (such as the Sudoku encoding, for
    /// which the full checks were about a twentieth of the instructions of
    /// solving an easy puzzle). A caller that breaks that promise gets
    /// wrong answers, never undefined behaviour; debug builds check it.
    ///
    /// # Errors
    ///
    /// As [`Matrix::add_option`] for an empty option, an item out of range
    /// or a matrix too large.
    #[inline(always)]
    pub fn add_option_in_range(&mut self, items: &[usize]) -> Result<usize, DlxError> {
        if self.links.depth() != 0 {
            self.settle();
        }
        self.links.add_option_in_range(self.options, items)?;
        self.options += 1;
        Ok(self.options - 1)
    }

    /// Caps the number of search nodes (options tried) of each later search;
    /// `None` lifts the cap. A search that reaches it stops as if at its
    /// solution limit, with [`SearchStats::stopped_at_node_budget`] set, so
    /// that a problem too hard to finish costs bounded time. The budget is
    /// kept across [`Matrix::reset`].
    ///
    /// [`SearchStats::stopped_at_node_budget`]: super::SearchStats::stopped_at_node_budget
    pub fn set_node_budget(&mut self, budget: Option<u64>) {
        self.node_budget = budget.unwrap_or(u64::MAX);
    }

    /// The cap on the search nodes of each search that
    /// [`Matrix::set_node_budget`] set (`u64::MAX`: none).
    pub fn node_budget(&self) -> u64 {
        self.node_budget
    }

    /// How ties between items with the fewest options are broken.
    pub fn tie_break(&self) -> TieBreak {
        self.tie_break
    }

    /// Sets how later searches pick among items with the fewest options
    /// ([`TieBreak::Leftmost`] unless set). It is kept across
    /// [`Matrix::reset`].
    pub fn set_tie_break(&mut self, tie_break: TieBreak) {
        self.tie_break = tie_break;
    }
}
