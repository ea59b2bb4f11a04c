//! A generic exact-cover engine: Knuth's Algorithm X with dancing links.
//!
//! This module knows nothing about Sudoku. A [`Matrix`] holds items (the
//! columns of the exact-cover matrix) and options (its rows); [`Matrix::search`]
//! finds sets of options that cover every primary item exactly once and every
//! secondary item at most once.
//!
//! The layout follows Knuth's DLX1: every link is an index into flat arrays,
//! never a pointer, and the nodes of one option sit next to each other, so an
//! option needs no left/right links, only a spacer node at each end.
//!
//! ```text
//!  index:  0     1 ..= items      items+1   first option   spacer   second option  spacer ...
//!         root   item headers     spacer    x  x  x         s        x  x            s
//!
//!  top[x]  = the item of node x (1-based), or for a spacer -(k + 1) where k is
//!            the option that ends at it (0 for the very first spacer)
//!  up/down = vertical links of x inside the list of its item; for a spacer,
//!            up = first node of the option before it, down = last node of
//!            the option after it
//!  prev/next (items only) = the horizontal list of active primary items,
//!            with the root at index 0; secondary items link to themselves
//! ```
//!
//! The search is an explicit loop over a preallocated choice stack, so it
//! neither recurses nor allocates. It always branches on the active primary
//! item with the fewest remaining options, ties to the leftmost; an item with
//! no option ends the branch at once, and an item with one option ends the
//! scan early, because nothing can beat it.

use thiserror::Error;

/// Index of the root of the item list.
const ROOT: usize = 0;

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
}

/// An exact-cover problem and the state of its search.
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
/// use sudoku_dlx::dlx::Matrix;
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
pub struct Matrix {
    primary: usize,
    items: usize,
    options: usize,
    /// Node index of the spacer after the last option.
    last_spacer: usize,
    prev: Vec<u32>,
    next: Vec<u32>,
    len: Vec<u32>,
    top: Vec<i32>,
    up: Vec<u32>,
    down: Vec<u32>,
    /// The node chosen at each level of the search.
    choice: Vec<u32>,
    /// The options of the solution being reported.
    solution: Vec<usize>,
}

impl Matrix {
    /// An empty problem with `primary` items to cover exactly once and
    /// `secondary` items to cover at most once.
    pub fn new(primary: usize, secondary: usize) -> Matrix {
        let mut matrix = Matrix {
            primary: 0,
            items: 0,
            options: 0,
            last_spacer: 0,
            prev: Vec::new(),
            next: Vec::new(),
            len: Vec::new(),
            top: Vec::new(),
            up: Vec::new(),
            down: Vec::new(),
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
        self.prev.clear();
        self.next.clear();
        self.len.clear();
        self.top.clear();
        self.up.clear();
        self.down.clear();
        // The root and the primary items form one circular list.
        for i in 0..=items {
            let (prev, next) = if i == ROOT {
                (
                    if primary == 0 { ROOT } else { primary },
                    (1 % (primary + 1)),
                )
            } else if i <= primary {
                (i - 1, if i == primary { ROOT } else { i + 1 })
            } else {
                (i, i)
            };
            self.prev.push(prev as u32);
            self.next.push(next as u32);
            self.len.push(0);
            self.top.push(0);
            self.up.push(i as u32);
            self.down.push(i as u32);
        }
        // The first spacer.
        self.last_spacer = items + 1;
        self.top.push(0);
        self.up.push(0);
        self.down.push(0);
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
    /// item twice or names an item the matrix does not have.
    pub fn add_option(&mut self, items: &[usize]) -> Result<usize, DlxError> {
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
        }
        let limit = i32::MAX as usize;
        if self.top.len() + items.len() + 1 > limit {
            return Err(DlxError::TooLarge { limit });
        }
        self.push_option(items.iter().map(|&item| item + 1));
        Ok(self.options - 1)
    }

    /// Links an option whose items (1-based header indices) are known to be
    /// distinct and in range.
    fn push_option(&mut self, headers: impl Iterator<Item = usize>) {
        let first = self.top.len();
        for header in headers {
            let node = self.top.len();
            let last = self.up[header] as usize;
            self.top.push(header as i32);
            self.up.push(last as u32);
            self.down.push(header as u32);
            self.down[last] = node as u32;
            self.up[header] = node as u32;
            self.len[header] += 1;
        }
        let end = self.top.len();
        self.down[self.last_spacer] = (end - 1) as u32;
        self.options += 1;
        self.top.push(-(self.options as i32));
        self.up.push(first as u32);
        self.down.push(0);
        self.last_spacer = end;
    }

    /// Searches for exact covers, calling `visit` with the option numbers of
    /// each one (in the order they were chosen), and stops after `limit`
    /// solutions. A limit of 0 finds nothing.
    ///
    /// The matrix is left as it was, so it can be searched again.
    pub fn search(&mut self, limit: u64, mut visit: impl FnMut(&[usize])) -> SearchStats {
        let mut stats = SearchStats::default();
        if limit == 0 {
            stats.stopped_at_limit = true;
            return stats;
        }
        self.choice.clear();
        self.choice.resize(self.primary + 1, 0);
        let mut level = 0usize;
        'search: loop {
            if self.next[ROOT] as usize == ROOT {
                self.solution.clear();
                for l in 0..level {
                    let option = self.option_of(self.choice[l] as usize);
                    self.solution.push(option);
                }
                stats.solutions += 1;
                visit(&self.solution);
                if stats.solutions >= limit {
                    stats.stopped_at_limit = true;
                    self.unwind(level);
                    return stats;
                }
            } else {
                let item = self.choose_item();
                let count = self.len[item];
                if count != 0 {
                    if count > 1 {
                        stats.branches += 1;
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
            // Backtrack: move the deepest choice to the next option of its
            // item, undoing in the reverse order of doing.
            loop {
                if level == 0 {
                    return stats;
                }
                level -= 1;
                let node = self.choice[level] as usize;
                self.uncommit(node);
                let item = self.top[node] as usize;
                let next = self.down[node] as usize;
                if next != item {
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

    /// Undoes every choice above `level`, restoring the matrix.
    fn unwind(&mut self, level: usize) {
        for l in (0..level).rev() {
            let node = self.choice[l] as usize;
            self.uncommit(node);
            self.uncover(self.top[node] as usize);
        }
    }

    /// The option that node `node` belongs to.
    fn option_of(&self, mut node: usize) -> usize {
        while self.top[node] > 0 {
            node += 1;
        }
        (-self.top[node]) as usize - 1
    }

    /// The active primary item with the fewest options, ties to the leftmost.
    fn choose_item(&self) -> usize {
        let mut best = ROOT;
        let mut best_len = u32::MAX;
        let mut item = self.next[ROOT] as usize;
        while item != ROOT {
            let len = self.len[item];
            if len < best_len {
                best = item;
                best_len = len;
                if len <= 1 {
                    break;
                }
            }
            item = self.next[item] as usize;
        }
        best
    }

    /// Covers the items of the option of `node` other than its own item.
    fn commit(&mut self, node: usize) {
        let mut p = node + 1;
        while p != node {
            let item = self.top[p];
            if item <= 0 {
                p = self.up[p] as usize;
            } else {
                self.cover(item as usize);
                p += 1;
            }
        }
    }

    /// Undoes [`Matrix::commit`]: uncovers right to left, the reverse order.
    fn uncommit(&mut self, node: usize) {
        let mut p = node - 1;
        while p != node {
            let item = self.top[p];
            if item <= 0 {
                p = self.down[p] as usize;
            } else {
                self.uncover(item as usize);
                p -= 1;
            }
        }
    }

    /// Removes `item` from the active list and hides every option in it.
    fn cover(&mut self, item: usize) {
        let mut p = self.down[item] as usize;
        while p != item {
            self.hide(p);
            p = self.down[p] as usize;
        }
        let (prev, next) = (self.prev[item], self.next[item]);
        self.next[prev as usize] = next;
        self.prev[next as usize] = prev;
    }

    /// Undoes [`Matrix::cover`]: options are restored bottom to top, the
    /// reverse of the order they were hidden in.
    fn uncover(&mut self, item: usize) {
        let (prev, next) = (self.prev[item], self.next[item]);
        self.next[prev as usize] = item as u32;
        self.prev[next as usize] = item as u32;
        let mut p = self.up[item] as usize;
        while p != item {
            self.unhide(p);
            p = self.up[p] as usize;
        }
    }

    /// Unlinks the other nodes of the option of `node` from their items.
    fn hide(&mut self, node: usize) {
        let mut q = node + 1;
        while q != node {
            let item = self.top[q];
            let (up, down) = (self.up[q], self.down[q]);
            if item <= 0 {
                q = up as usize;
            } else {
                self.down[up as usize] = down;
                self.up[down as usize] = up;
                self.len[item as usize] -= 1;
                q += 1;
            }
        }
    }

    /// Undoes [`Matrix::hide`], walking the option right to left.
    fn unhide(&mut self, node: usize) {
        let mut q = node - 1;
        while q != node {
            let item = self.top[q];
            let (up, down) = (self.up[q], self.down[q]);
            if item <= 0 {
                q = down as usize;
            } else {
                self.down[up as usize] = q as u32;
                self.up[down as usize] = q as u32;
                self.len[item as usize] += 1;
                q -= 1;
            }
        }
    }
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
        // Item 1 has one option, so it is tried; then item 2 has none.
        assert_eq!(stats.nodes, 1);
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
}
