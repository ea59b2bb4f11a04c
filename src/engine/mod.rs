//! A generic exact-cover engine: Knuth's Algorithm X with dancing links.
//!
//! This module knows nothing about Sudoku. A [`Matrix`] holds items (the
//! columns of the exact-cover matrix) and options (its rows); [`Matrix::search`]
//! finds sets of options that cover every primary item exactly once and every
//! secondary item at most once.
//!
//! The layout follows Knuth's DLX1: every link is an index into flat arrays,
//! never a pointer, and the nodes of one option sit next to each other, so an
//! option needs no left/right links. While every option has at most four
//! items, each takes an aligned block of four nodes, and the other nodes of
//! an option are found from a node's index alone:
//!
//! ```text
//!  index:  0     1 ..= items   items+1   base = items+2 rounded up to 4
//!         root   item headers   null     option 0: base..base+4, option 1: base+4..base+8, ...
//!
//!  top[x]  = the item of node x (1-based); a node that pads an option of
//!            fewer than four items belongs to the null item, and its list
//!            is itself alone
//!  up/down = vertical links of x inside the list of its item
//!  size    = the nodes in use; the arrays only grow, and past `size` they
//!            hold nodes of earlier problems that no link reaches
//!  len[i]  = the number of options left in the list of item header i,
//!            with a flag added while item i is covered (see [`Count`])
//! ```
//!
//! The first option of more than four items turns the matrix into Knuth's
//! own layout, with a spacer node after each option (see `Matrix::widen`):
//! there `top` of a spacer is -(k + 1) for the option k that ends at it (0
//! for the very first spacer), its `up` the first node of the option before
//! it, and its `down` the last node of the option after it.
//!
//! Knuth keeps the active items in a doubly linked list and walks it to find
//! the shortest. Here the counts themselves say which items are active, so
//! the choice is a scan of one flat array (`count`), a few wide compares
//! when the counts are bytes, and hiding an option only decrements counts.
//!
//! The search is an explicit loop over a preallocated choice stack, so it
//! neither recurses nor allocates. It always branches on an active primary
//! item with the fewest remaining options; an item with no option, wherever
//! it stands, ends the branch at once. Among several items with the fewest
//! options (two or more), [`TieBreak`] picks one: the leftmost, or the one
//! whose options hide the most options of other items.

mod count;

pub use count::Count;
use count::PADDING;
use thiserror::Error;

/// Runs `body` with `q` bound to each other node of the option of `node`:
/// the rest of its block of four, in the order `node ^ 1`, `node ^ 2`,
/// `node ^ 3`, nodes that pad a narrow option included; or, in a matrix
/// with wide options, left to right from the one after it, round to the
/// first by the spacers. The order only has to be the same every time, and
/// reversed by [`each_other_reversed!`].
macro_rules! each_other {
    ($matrix:ident, $node:expr, |$q:ident| $body:block) => {
        if $matrix.wide {
            let mut $q = $node + 1;
            loop {
                if at(&$matrix.top, $q) <= 0 {
                    $q = at(&$matrix.up, $q) as usize;
                }
                if $q == $node {
                    break;
                }
                $body
                $q += 1;
            }
        } else {
            for step in 1..4 {
                let $q = $node ^ step;
                $body
            }
        }
    };
}

/// [`each_other!`] in the reverse order.
macro_rules! each_other_reversed {
    ($matrix:ident, $node:expr, |$q:ident| $body:block) => {
        if $matrix.wide {
            let mut $q = $node - 1;
            loop {
                if at(&$matrix.top, $q) <= 0 {
                    $q = at(&$matrix.down, $q) as usize;
                }
                if $q == $node {
                    break;
                }
                $body
                $q -= 1;
            }
        } else {
            for step in (1..4).rev() {
                let $q = $node ^ step;
                $body
            }
        }
    };
}

/// How many of the tied items [`TieBreak::MostHidden`] scores, from the
/// left. Scoring all of them took more instructions than the nodes it saved
/// and no fewer nodes: on forum_hardest_1106, counting to two, 8 gave 3,822
/// nodes a puzzle, 16 gave 3,760, all 3,921, and 4 gave 4,237.
const TIES_SCORED: usize = 8;

/// How the search picks among items that share the fewest options.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum TieBreak {
    /// The leftmost item (the lowest number).
    #[default]
    Leftmost,
    /// The item whose options, together, sit in the longest lists of other
    /// items: choosing it hides the most options, so each branch learns the
    /// most. Only the leftmost few tied items are scored, and ties among
    /// those go to the leftmost. Scoring costs a walk over their options at
    /// each branch point; forced choices (an item with one option) are not
    /// scored.
    MostHidden,
}

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

/// What one call of [`Matrix::search`] did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Solutions found (at most the limit given to the search).
    pub solutions: u64,
    /// Search nodes: how many times an option was tried.
    pub nodes: u64,
    /// Branch points: nodes whose item had two or more options left.
    pub branches: u64,
    /// True when the search stopped because it reached its limit, so more
    /// solutions may exist; false when it explored the whole tree.
    pub stopped_at_limit: bool,
    /// True when the search stopped because it had tried as many nodes as
    /// its budget allows ([`Matrix::set_node_budget`]): the solutions found
    /// are solutions, but there may be more.
    pub stopped_at_node_budget: bool,
}

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
    primary: usize,
    items: usize,
    options: usize,
    /// The first node of the first option.
    base: usize,
    /// Node index of the spacer after the last option, once wide.
    last_spacer: usize,
    /// Nodes in use: the arrays `top`, `up` and `down` only grow, and what
    /// lies past `size` in them is left over from earlier problems.
    size: usize,
    /// The count of each item header, then [`PADDING`] entries for the
    /// wide scans.
    len: Vec<C>,
    top: Vec<i32>,
    /// True once an option of more than four items was added: options
    /// then end at spacers instead of filling blocks of four.
    wide: bool,
    up: Vec<u32>,
    down: Vec<u32>,
    /// How ties between items with the fewest options are broken.
    tie_break: TieBreak,
    /// Choices left in place by [`Matrix::search_once`], still to undo.
    pending: usize,
    /// The most search nodes one search may try.
    node_budget: u64,
    /// The node chosen at each level of the search.
    choice: Vec<u32>,
    /// The options of the solution being reported.
    solution: Vec<usize>,
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
            items: 0,
            options: 0,
            base: 0,
            last_spacer: 0,
            size: 0,
            len: Vec::new(),
            top: Vec::new(),
            wide: false,
            up: Vec::new(),
            down: Vec::new(),
            tie_break: TieBreak::Leftmost,
            pending: 0,
            node_budget: u64::MAX,
            choice: Vec::new(),
            solution: Vec::new(),
        };
        matrix.reset(primary, secondary);
        matrix
    }

    /// Empties the matrix and gives it new items, keeping its buffers.
    pub fn reset(&mut self, primary: usize, secondary: usize) {
        let items = primary + secondary;
        self.primary = primary;
        self.items = items;
        self.options = 0;
        // Everything is rebuilt, so choices left in place need no undoing.
        self.pending = 0;
        self.len.clear();
        self.len.resize(items + 1 + PADDING, C::default());
        self.wide = false;
        self.base = (items + 2).next_multiple_of(4);
        self.size = self.base;
        self.reserve_nodes();
        // The root, the item headers and the null item, each an empty
        // circular list.
        self.top[..self.base].fill(0);
        for (i, (up, down)) in self.up.iter_mut().zip(&mut self.down).enumerate() {
            (*up, *down) = (i as u32, i as u32);
            if i == items + 1 {
                break;
            }
        }
        // The null item is one past the last: the nodes that pad narrow
        // options belong to it, and its count, which hiding them changes,
        // lies in the padding that no scan reads.
        let null = self.null_item();
        self.top[null] = null as i32;
    }

    /// The item of the nodes that pad an option of fewer than four items.
    fn null_item(&self) -> usize {
        self.items + 1
    }

    /// Number of primary items.
    pub fn primary_items(&self) -> usize {
        self.primary
    }

    /// Number of items, primary and secondary.
    pub fn items(&self) -> usize {
        self.items
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
    #[inline(always)]
    pub fn add_option(&mut self, items: &[usize]) -> Result<usize, DlxError> {
        if self.pending != 0 {
            self.settle();
        }
        if items.is_empty() {
            return Err(DlxError::EmptyOption);
        }
        for (k, &item) in items.iter().enumerate() {
            if item >= self.items {
                return Err(DlxError::ItemOutOfRange {
                    item,
                    items: self.items,
                });
            }
            if items[..k].contains(&item) {
                return Err(DlxError::RepeatedItem { item });
            }
            if self.len[item + 1].get() >= C::LIMIT {
                return Err(DlxError::TooManyOptions {
                    item,
                    limit: C::LIMIT,
                });
            }
        }
        let limit = i32::MAX as usize;
        if self.size + 2 * (items.len() + 4) > limit {
            return Err(DlxError::TooLarge { limit });
        }
        if items.len() > 4 && !self.wide {
            self.widen();
        }
        if self.wide {
            self.push_wide_option(items);
        } else {
            self.push_option(items);
        }
        Ok(self.options - 1)
    }

    /// Makes the node arrays at least `size` long, at least doubling them
    /// when they grow, so that adding an option rarely touches the
    /// allocator.
    #[inline]
    fn reserve_nodes(&mut self) {
        if self.size > self.top.len() {
            self.grow_nodes();
        }
    }

    /// The rare part of [`Matrix::reserve_nodes`].
    #[cold]
    fn grow_nodes(&mut self) {
        let length = self.size.max(2 * self.top.len());
        self.top.resize(length, 0);
        self.up.resize(length, 0);
        self.down.resize(length, 0);
    }

    /// Links an option of at most four items (0-based), known to be
    /// distinct and in range, into the next block of four nodes, padding it
    /// with nodes of the null item.
    #[inline]
    fn push_option(&mut self, items: &[usize]) {
        debug_assert!(!self.wide && items.len() <= 4);
        let first = self.size;
        self.size = first + 4;
        self.reserve_nodes();
        self.options += 1;
        self.link_nodes(first, items);
        let null = self.items as i32 + 1;
        for node in first + items.len()..first + 4 {
            *at_mut(&mut self.top, node) = null;
            (*at_mut(&mut self.up, node), *at_mut(&mut self.down, node)) =
                (node as u32, node as u32);
        }
    }

    /// Links an option of any width, its items (0-based) known to be
    /// distinct and in range, writing its nodes and a spacer after them.
    fn push_wide_option(&mut self, items: &[usize]) {
        let first = self.size;
        let spacer = first + items.len();
        self.size = spacer + 1;
        self.reserve_nodes();
        self.options += 1;
        self.link_nodes(first, items);
        self.top[spacer] = -(self.options as i32);
        (self.up[spacer], self.down[spacer]) = (first as u32, 0);
        self.down[self.last_spacer] = (spacer - 1) as u32;
        self.last_spacer = spacer;
    }

    /// Writes the nodes `first..first + items.len()` of an option and links
    /// each at the bottom of its item's list. The nodes are counted from the
    /// option's first rather than zipped with a range: with the range,
    /// linking took about half again as many instructions.
    #[inline(always)]
    fn link_nodes(&mut self, first: usize, items: &[usize]) {
        let (top, up, down, len) = (
            &mut self.top[..],
            &mut self.up[..],
            &mut self.down[..],
            &mut self.len[..],
        );
        // Every index below is a node under `size` (which the arrays reach,
        // as the callers made sure) or a header of an item that
        // `add_option` checked.
        for (k, &item) in items.iter().enumerate() {
            let (node, header) = (first + k, item + 1);
            let last = at(up, header);
            *at_mut(top, node) = header as i32;
            (*at_mut(up, node), *at_mut(down, node)) = (last, header as u32);
            *at_mut(down, last as usize) = node as u32;
            *at_mut(up, header) = node as u32;
            let count = at_mut(len, header);
            *count = count.up();
        }
    }

    /// Turns the matrix into the layout with spacers, for an option of more
    /// than four items: the options added so far are read back from their
    /// blocks and linked again, in the same order.
    #[cold]
    fn widen(&mut self) {
        let null = self.null_item() as i32;
        let blocks: Vec<[i32; 4]> = (0..self.options)
            .map(|option| {
                let first = self.base + 4 * option;
                std::array::from_fn(|k| self.top[first + k])
            })
            .collect();
        let (primary, secondary) = (self.primary, self.items - self.primary);
        self.reset(primary, secondary);
        self.wide = true;
        // The first spacer sits where the first block began.
        let spacer = self.base;
        self.size = spacer + 1;
        self.reserve_nodes();
        (self.top[spacer], self.up[spacer], self.down[spacer]) = (0, 0, 0);
        self.last_spacer = spacer;
        for block in blocks {
            let items: Vec<usize> = block
                .iter()
                .filter(|&&header| header != null)
                .map(|&header| header as usize - 1)
                .collect();
            self.push_wide_option(&items);
        }
    }

    /// Caps the number of search nodes (options tried) of each later search;
    /// `None` lifts the cap. A search that reaches it stops as if at its
    /// solution limit, with [`SearchStats::stopped_at_node_budget`] set, so
    /// that a problem too hard to finish costs bounded time. The budget is
    /// kept across [`Matrix::reset`].
    pub fn set_node_budget(&mut self, budget: Option<u64>) {
        self.node_budget = budget.unwrap_or(u64::MAX);
    }

    /// Sets how later searches pick among items with the fewest options
    /// ([`TieBreak::Leftmost`] unless set). It is kept across
    /// [`Matrix::reset`].
    pub fn set_tie_break(&mut self, tie_break: TieBreak) {
        self.tie_break = tie_break;
    }

    /// Searches for exact covers, calling `visit` with the option numbers of
    /// each one (in the order they were chosen), and stops after `limit`
    /// solutions. A limit of 0 finds nothing.
    ///
    /// The matrix is left as it was, so it can be searched again.
    pub fn search(&mut self, limit: u64, visit: impl FnMut(&[usize])) -> SearchStats {
        let stats = self.search_once(limit, visit);
        self.settle();
        stats
    }

    /// Like [`Matrix::search`], but the choices in force when the search
    /// ends (at its limit, or once no choice has another option to try) are
    /// left in place: they are undone when the matrix is next searched or
    /// given an option, and not at all when it is [reset](Matrix::reset)
    /// first. A caller that refills the matrix for every problem saves that
    /// undoing.
    pub fn search_once(&mut self, limit: u64, mut visit: impl FnMut(&[usize])) -> SearchStats {
        self.settle();
        let mut stats = SearchStats::default();
        if limit == 0 {
            stats.stopped_at_limit = true;
            return stats;
        }
        self.start_search();
        let mut level = 0usize;
        // Levels whose option is not the last of its item: while there is
        // none, nothing is left to try.
        let mut open = 0usize;
        'search: loop {
            // Every level is committed here, so stopping leaves the same
            // state to undo as a solution does.
            if stats.nodes >= self.node_budget {
                stats.stopped_at_node_budget = true;
                self.pending = level;
                return stats;
            }
            match self.choose_item() {
                None => {
                    self.solution.clear();
                    for l in 0..level {
                        let option = self.option_of(self.choice[l] as usize);
                        self.solution.push(option);
                    }
                    stats.solutions += 1;
                    visit(&self.solution);
                    if stats.solutions >= limit {
                        stats.stopped_at_limit = true;
                        self.pending = level;
                        return stats;
                    }
                }
                Some(item) => {
                    let count = self.len[item].get();
                    if count != 0 {
                        if count > 1 {
                            stats.branches += 1;
                            open += 1;
                        }
                        self.cover(item);
                        let node = self.down[item] as usize;
                        self.choice[level] = node as u32;
                        self.commit(node);
                        stats.nodes += 1;
                        level += 1;
                        continue 'search;
                    }
                }
            }
            // Backtrack: move the deepest choice to the next option of its
            // item, undoing in the reverse order of doing. When no level
            // has an option left to try, the search is over, and the
            // choices are left in place like those of a last solution.
            loop {
                debug_assert!(open <= level, "open levels are levels");
                if open == 0 {
                    self.pending = level;
                    return stats;
                }
                level -= 1;
                let node = self.choice[level] as usize;
                self.uncommit(node);
                let item = self.top[node] as usize;
                let next = self.down[node] as usize;
                if next != item {
                    // A covered item's list does not change, so the option
                    // after `next` is known now.
                    open -= usize::from(self.down[next] as usize == item);
                    self.choice[level] = next as u32;
                    self.commit(next);
                    stats.nodes += 1;
                    level += 1;
                    continue 'search;
                }
                self.uncover(item);
            }
        }
    }

    /// Readies the choice stack before a search.
    fn start_search(&mut self) {
        self.choice.clear();
        self.choice.resize(self.primary + 1, 0);
    }

    /// Undoes the choices left in place by [`Matrix::search_once`].
    fn settle(&mut self) {
        for l in (0..self.pending).rev() {
            let node = self.choice[l] as usize;
            self.uncommit(node);
            self.uncover(self.top[node] as usize);
        }
        self.pending = 0;
    }

    /// The option that node `node` belongs to.
    fn option_of(&self, mut node: usize) -> usize {
        if !self.wide {
            return (node - self.base) / 4;
        }
        while self.top[node] > 0 {
            node += 1;
        }
        (-self.top[node]) as usize - 1
    }

    /// The active primary item with the fewest options, the tie broken by
    /// [`Matrix::tie_break`]: the leftmost smallest count, since covered
    /// items carry a flag that lifts theirs above every real count. `None`
    /// when every primary item is covered: the choices are a solution.
    fn choose_item(&self) -> Option<usize> {
        if self.primary == 0 {
            return None;
        }
        // Header `i` is entry `i - 1` of the counts from header 1.
        let counts = &self.len[1..];
        let first = 1 + C::leftmost_min(counts, self.primary);
        let fewest = at(&self.len, first);
        if fewest >= C::COVERED {
            return None;
        }
        if self.tie_break == TieBreak::Leftmost || fewest.get() < 2 {
            return Some(first);
        }
        let (mut best, mut best_hidden) = (first, 0);
        C::each_equal(counts, first - 1, self.primary, fewest, TIES_SCORED, |i| {
            let item = i + 1;
            let mut hidden = 0;
            let mut p = at(&self.down, item) as usize;
            for _ in 0..fewest.get() {
                hidden += self.others_count(p);
                p = at(&self.down, p) as usize;
            }
            if hidden > best_hidden {
                (best, best_hidden) = (item, hidden);
            }
        });
        Some(best)
    }

    /// The options in the lists of the other items of the option of `node`,
    /// its own counted once in each: what choosing it would hide.
    #[inline(always)]
    fn others_count(&self, node: usize) -> usize {
        let null = self.null_item();
        let mut total = 0;
        each_other!(self, node, |q| {
            let item = at(&self.top, q) as usize;
            if item != null {
                total += at(&self.len, item).get();
            }
        });
        total
    }

    /// Covers the items of the option of `node` other than its own item.
    /// The null item is left alone: its count, which the nodes that pad
    /// narrow options change, is no count of a list.
    fn commit(&mut self, node: usize) {
        let null = self.null_item();
        each_other!(self, node, |q| {
            let item = at(&self.top, q) as usize;
            if item != null {
                self.cover(item);
            }
        });
    }

    /// Undoes [`Matrix::commit`]: uncovers in the reverse order.
    fn uncommit(&mut self, node: usize) {
        let null = self.null_item();
        each_other_reversed!(self, node, |q| {
            let item = at(&self.top, q) as usize;
            if item != null {
                self.uncover(item);
            }
        });
    }

    /// Takes `item` out of the active set and hides every option in it.
    #[inline(always)]
    fn cover(&mut self, item: usize) {
        // Hiding the options of `item` changes the counts of other items
        // only, so the count read here is still the count at the end.
        let count = at(&self.len, item);
        let mut p = at(&self.down, item) as usize;
        for _ in 0..count.get() {
            self.hide(p);
            p = at(&self.down, p) as usize;
        }
        *at_mut(&mut self.len, item) = count.covered();
    }

    /// Undoes [`Matrix::cover`]: options are restored bottom to top, the
    /// reverse of the order they were hidden in.
    #[inline(always)]
    fn uncover(&mut self, item: usize) {
        let count = at_mut(&mut self.len, item);
        *count = count.uncovered();
        let n = count.get();
        let mut p = at(&self.up, item) as usize;
        for _ in 0..n {
            self.unhide(p);
            p = at(&self.up, p) as usize;
        }
    }

    /// Unlinks the other nodes of the option of `node` from their items.
    #[inline(always)]
    fn hide(&mut self, node: usize) {
        each_other!(self, node, |q| {
            let item = at(&self.top, q) as usize;
            let (up, down) = (at(&self.up, q), at(&self.down, q));
            *at_mut(&mut self.down, up as usize) = down;
            *at_mut(&mut self.up, down as usize) = up;
            let count = at_mut(&mut self.len, item);
            *count = count.down();
        });
    }

    /// Undoes [`Matrix::hide`]. The nodes of one option sit in the lists of
    /// different items, so they may be put back in the order they were
    /// taken out.
    #[inline(always)]
    fn unhide(&mut self, node: usize) {
        each_other!(self, node, |q| {
            let item = at(&self.top, q) as usize;
            let (up, down) = (at(&self.up, q), at(&self.down, q));
            *at_mut(&mut self.down, up as usize) = q as u32;
            *at_mut(&mut self.up, down as usize) = q as u32;
            let count = at_mut(&mut self.len, item);
            *count = count.up();
        });
    }
}

/// `slice[i]` without a bounds check in release builds.
///
/// Only for the links of the search loop: every link and item number stored
/// in a [`Matrix`] is an index into its arrays by construction ([`Matrix::reset`]
/// and `push_option` only ever store indices of nodes and headers they have
/// already pushed, and the search only copies stored links), and the debug
/// assertion checks that in every test run.
#[inline(always)]
fn at<T: Copy>(slice: &[T], i: usize) -> T {
    debug_assert!(i < slice.len(), "link {i} out of {}", slice.len());
    // SAFETY: `i < slice.len()` by the invariant above, asserted in debug builds.
    unsafe { *slice.get_unchecked(i) }
}

/// `&mut slice[i]` without a bounds check in release builds; see [`at`].
#[inline(always)]
fn at_mut<T>(slice: &mut [T], i: usize) -> &mut T {
    debug_assert!(i < slice.len(), "link {i} out of {}", slice.len());
    // SAFETY: `i < slice.len()` by the invariant of [`at`], asserted in debug builds.
    unsafe { slice.get_unchecked_mut(i) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn knuth_example() -> Matrix {
        let mut matrix = Matrix::new(7, 0);
        for option in [
            &[2, 4, 5][..],
            &[0, 3, 6],
            &[1, 2, 5],
            &[0, 3],
            &[1, 6],
            &[3, 4, 6],
        ] {
            matrix.add_option(option).unwrap();
        }
        matrix
    }

    /// N queens: rows and columns primary, diagonals secondary.
    fn queens(n: usize) -> Matrix {
        let diagonals = 2 * n - 1;
        let mut matrix = Matrix::new(2 * n, 2 * diagonals);
        for r in 0..n {
            for c in 0..n {
                let items = [r, n + c, 2 * n + r + c, 2 * n + diagonals + (n - 1 + r - c)];
                matrix.add_option(&items).unwrap();
            }
        }
        matrix
    }

    #[test]
    fn knuth_example_has_one_solution() {
        let mut matrix = knuth_example();
        let mut solutions = Vec::new();
        let stats = matrix.search(10, |s| {
            let mut s = s.to_vec();
            s.sort();
            solutions.push(s);
        });
        assert_eq!(solutions, vec![vec![0, 3, 4]]);
        assert_eq!(stats.solutions, 1);
        assert!(!stats.stopped_at_limit);
        assert!(stats.nodes >= 3);
    }

    #[test]
    fn search_restores_the_matrix() {
        let mut matrix = knuth_example();
        let before = (matrix.len.clone(), matrix.up.clone(), matrix.down.clone());
        matrix.search(u64::MAX, |_| {});
        assert_eq!(
            before,
            (matrix.len.clone(), matrix.up.clone(), matrix.down.clone())
        );
        let mut queens = queens(6);
        let before = (queens.len.clone(), queens.up.clone(), queens.down.clone());
        queens.search(1, |_| {});
        assert_eq!(
            before,
            (queens.len.clone(), queens.up.clone(), queens.down.clone())
        );
        assert_eq!(queens.search(u64::MAX, |_| {}).solutions, 4);
    }

    #[test]
    fn search_once_leaves_choices_that_the_next_use_undoes() {
        let mut queens = queens(6);
        let before = (queens.len.clone(), queens.up.clone(), queens.down.clone());
        assert_eq!(queens.search_once(1, |_| {}).solutions, 1);
        assert!(
            queens.pending > 0,
            "the solution's choices are left in place"
        );
        assert_eq!(queens.search_once(u64::MAX, |_| {}).solutions, 4);
        assert_eq!(queens.search_once(2, |_| {}).solutions, 2);
        queens.add_option(&[0, 1]).unwrap();
        assert_eq!(queens.pending, 0);
        assert_eq!(queens.search(u64::MAX, |_| {}).solutions, 4);
        let after = (queens.len.clone(), queens.up.clone(), queens.down.clone());
        // The new option added one node to items 0 and 1 and nothing else.
        assert_eq!(after.0[1], before.0[1] + 1);
        assert_eq!(after.0[3..], before.0[3..]);
        queens.search_once(1, |_| {});
        queens.reset(7, 0);
        assert_eq!(queens.pending, 0);
    }

    #[test]
    fn an_exhausted_search_leaves_its_last_choices_for_later() {
        // Item 0 has one option and item 1 two: after the forced choice of
        // level 0, level 1 tries both, and then nothing is left to try.
        let mut matrix = Matrix::new(2, 0);
        for option in [&[0][..], &[1], &[1]] {
            matrix.add_option(option).unwrap();
        }
        let before = matrix.clone();
        let stats = matrix.search_once(u64::MAX, |_| {});
        assert_eq!((stats.solutions, stats.nodes), (2, 3));
        assert!(!stats.stopped_at_limit);
        assert_eq!(matrix.pending, 2, "both choices are left in place");
        assert_eq!(matrix.search(u64::MAX, |_| {}), stats);
        assert_eq!(matrix.pending, 0);
        assert_eq!(
            (&before.len, &before.up, &before.down),
            (&matrix.len, &matrix.up, &matrix.down)
        );
    }

    #[test]
    fn queens_counts() {
        assert_eq!(queens(4).search(u64::MAX, |_| {}).solutions, 2);
        assert_eq!(queens(8).search(u64::MAX, |_| {}).solutions, 92);
    }

    #[test]
    fn queens_solutions_place_one_queen_per_row_and_column() {
        let n = 8;
        let mut seen = 0;
        queens(n).search(u64::MAX, |options| {
            assert_eq!(options.len(), n);
            let mut rows: Vec<usize> = options.iter().map(|o| o / n).collect();
            let mut cols: Vec<usize> = options.iter().map(|o| o % n).collect();
            rows.sort();
            cols.sort();
            assert_eq!(rows, (0..n).collect::<Vec<_>>());
            assert_eq!(cols, (0..n).collect::<Vec<_>>());
            seen += 1;
        });
        assert_eq!(seen, 92);
    }

    #[test]
    fn node_budget_stops_the_search_and_leaves_the_matrix_whole() {
        let mut matrix = queens(8);
        matrix.set_node_budget(Some(50));
        let stats = matrix.search(u64::MAX, |_| {});
        assert!(stats.stopped_at_node_budget);
        assert_eq!(stats.nodes, 50);
        assert!(stats.solutions < 92);
        matrix.set_node_budget(None);
        let stats = matrix.search(u64::MAX, |_| {});
        assert!(!stats.stopped_at_node_budget);
        assert_eq!(stats.solutions, 92);
    }

    #[test]
    fn limit_stops_the_search() {
        let stats = queens(8).search(5, |_| {});
        assert_eq!(stats.solutions, 5);
        assert!(stats.stopped_at_limit);
        let stats = queens(8).search(0, |_| panic!("limit 0 finds nothing"));
        assert_eq!(stats.solutions, 0);
    }

    #[test]
    fn item_without_options_has_no_solution() {
        let mut matrix = Matrix::new(3, 0);
        matrix.add_option(&[0, 1]).unwrap();
        let stats = matrix.search(u64::MAX, |_| panic!("no solution expected"));
        assert_eq!(stats.solutions, 0);
        // Item 2 has no option, so the search ends before item 0's one
        // option is tried.
        assert_eq!(stats.nodes, 0);
        // Once item 2 has an option, item 0's is tried, then item 2's.
        matrix.add_option(&[2]).unwrap();
        assert_eq!(matrix.search(u64::MAX, |_| {}).nodes, 2);
    }

    #[test]
    fn no_primary_items_is_one_empty_solution() {
        let mut matrix = Matrix::new(0, 2);
        matrix.add_option(&[0]).unwrap();
        let mut sizes = Vec::new();
        matrix.search(u64::MAX, |s| sizes.push(s.len()));
        assert_eq!(sizes, vec![0]);
    }

    #[test]
    fn bad_options_are_refused() {
        let mut matrix = Matrix::new(2, 1);
        assert_eq!(matrix.add_option(&[]), Err(DlxError::EmptyOption));
        assert_eq!(
            matrix.add_option(&[0, 3]),
            Err(DlxError::ItemOutOfRange { item: 3, items: 3 })
        );
        assert_eq!(
            matrix.add_option(&[1, 1]),
            Err(DlxError::RepeatedItem { item: 1 })
        );
        assert_eq!(matrix.options(), 0);
        assert_eq!(matrix.add_option(&[0, 2]), Ok(0));
        assert_eq!(matrix.add_option(&[1]), Ok(1));
        assert_eq!(matrix.search(9, |_| {}).solutions, 1);
    }

    #[test]
    fn secondary_items_are_covered_at_most_once() {
        // Both options cover primary items 0 and 1 respectively and share
        // secondary item 2, so they cannot both be chosen.
        let mut matrix = Matrix::new(2, 1);
        matrix.add_option(&[0, 2]).unwrap();
        matrix.add_option(&[1, 2]).unwrap();
        assert_eq!(matrix.search(9, |_| {}).solutions, 0);
        matrix.add_option(&[1]).unwrap();
        assert_eq!(matrix.search(9, |_| {}).solutions, 1);
    }

    #[test]
    fn reset_reuses_the_matrix() {
        let mut matrix = queens(8);
        matrix.reset(7, 0);
        for option in [
            &[2, 4, 5][..],
            &[0, 3, 6],
            &[1, 2, 5],
            &[0, 3],
            &[1, 6],
            &[3, 4, 6],
        ] {
            matrix.add_option(option).unwrap();
        }
        assert_eq!(matrix.search(9, |_| {}).solutions, 1);
    }

    /// Every solution of `matrix`, each as its sorted option numbers, in
    /// the order found.
    fn solutions<C: Count>(matrix: &mut Matrix<C>) -> Vec<Vec<usize>> {
        let mut found = Vec::new();
        matrix.search(u64::MAX, |options| {
            let mut options = options.to_vec();
            options.sort();
            found.push(options);
        });
        found
    }

    #[test]
    fn wide_options_are_walked_by_their_spacers_with_the_same_result() {
        for n in [6, 8] {
            let mut narrow = queens(n);
            // The same problem with a fifth item in every option, a
            // secondary item of its own, which constrains nothing.
            let diagonals = 2 * n - 1;
            let own = 2 * n + 2 * diagonals;
            let mut wide = Matrix::new(2 * n, 2 * diagonals + n * n);
            for r in 0..n {
                for c in 0..n {
                    let diagonal = 2 * n + diagonals + (n - 1 + r - c);
                    let items = [r, n + c, 2 * n + r + c, diagonal, own + r * n + c];
                    wide.add_option(&items).unwrap();
                }
            }
            assert!(wide.wide && !narrow.wide);
            let before = (wide.len.clone(), wide.up.clone(), wide.down.clone());
            assert_eq!(solutions(&mut wide), solutions(&mut narrow), "{n} queens");
            assert_eq!(
                before,
                (wide.len.clone(), wide.up.clone(), wide.down.clone())
            );
            let (wide_stats, narrow_stats) = (wide.search(3, |_| {}), narrow.search(3, |_| {}));
            assert_eq!(wide_stats, narrow_stats);
        }
    }

    #[test]
    fn a_wide_option_after_narrow_ones_keeps_their_numbers_and_solutions() {
        for n in [5, 6] {
            let mut narrow = queens(n);
            // Queens again, with five more secondary items and, after the
            // queens, an option on those five alone: it widens the matrix
            // and can never be chosen, so the solutions stay the same.
            let diagonals = 2 * n - 1;
            let mut widened = Matrix::new(2 * n, 2 * diagonals + 5);
            for r in 0..n {
                for c in 0..n {
                    let diagonal = 2 * n + diagonals + (n - 1 + r - c);
                    widened
                        .add_option(&[r, n + c, 2 * n + r + c, diagonal])
                        .unwrap();
                }
            }
            assert!(!widened.wide);
            let extra = 2 * n + 2 * diagonals;
            let last = widened
                .add_option(&[extra, extra + 1, extra + 2, extra + 3, extra + 4])
                .unwrap();
            assert!(widened.wide);
            assert_eq!((last, widened.options()), (n * n, n * n + 1));
            let before = (
                widened.len.clone(),
                widened.up.clone(),
                widened.down.clone(),
            );
            assert_eq!(
                solutions(&mut widened),
                solutions(&mut narrow),
                "{n} queens"
            );
            assert_eq!(
                before,
                (
                    widened.len.clone(),
                    widened.up.clone(),
                    widened.down.clone()
                )
            );
        }
    }

    #[test]
    fn the_tie_break_changes_the_order_not_the_solutions() {
        let mut problems = [queens(8), knuth_example(), queens(6)];
        for matrix in &mut problems {
            let leftmost = solutions(matrix);
            matrix.set_tie_break(TieBreak::MostHidden);
            let mut most_hidden = solutions(matrix);
            assert!(!leftmost.is_empty());
            let mut sorted = leftmost.clone();
            sorted.sort();
            most_hidden.sort();
            assert_eq!(most_hidden, sorted);
        }
    }

    #[test]
    fn options_narrower_than_four_items_leave_the_matrix_as_it_was() {
        // Options of one, two and three items: nodes of the null item pad
        // their blocks.
        let mut matrix = Matrix::<u8>::with_count_type(4, 1);
        for option in [&[0][..], &[1, 2], &[0, 1, 4], &[2, 3], &[3], &[1, 2, 3, 4]] {
            matrix.add_option(option).unwrap();
        }
        let before = (matrix.len.clone(), matrix.up.clone(), matrix.down.clone());
        // {0} {1, 2} {3}; {0} {1, 2, 3, 4}; {0, 1, 4} {2, 3}.
        let mut found = solutions(&mut matrix);
        found.sort();
        assert_eq!(found, vec![vec![0, 1, 4], vec![0, 5], vec![2, 3]]);
        assert_eq!(
            before,
            (matrix.len.clone(), matrix.up.clone(), matrix.down.clone())
        );
    }

    #[test]
    fn byte_counts_refuse_an_item_with_too_many_options() {
        let mut matrix = Matrix::<u8>::with_count_type(1, 0);
        for _ in 0..u8::LIMIT {
            matrix.add_option(&[0]).unwrap();
        }
        assert_eq!(
            matrix.add_option(&[0]),
            Err(DlxError::TooManyOptions {
                item: 0,
                limit: 127
            })
        );
        assert_eq!(matrix.search(u64::MAX, |_| {}).solutions, 127);
        let mut wide: Matrix = Matrix::new(1, 0);
        for _ in 0..200 {
            wide.add_option(&[0]).unwrap();
        }
        assert_eq!(wide.search(u64::MAX, |_| {}).solutions, 200);
    }
}
