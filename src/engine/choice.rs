//! The strategy of the search: which item to branch on. Always an active
//! primary item with the fewest remaining options (an item with none ends
//! the branch at once); among several with the fewest (two or more), the
//! [`TieBreak`] picks one. The counts themselves say which items are
//! active, so the choice is a scan of one flat array ([`super::count`]).
//!
//! [`TieBreak::MostHidden`] also weighs the tied items by how often each was
//! found with no option left in this search ([`Failures`]), after the
//! "weighted degree" heuristics of constraint solvers: an item that emptied
//! sits where the problem is tight, and branching on it first refutes a
//! wrong branch sooner.

use super::count::Count;
use super::links::{Layout, Links};

/// How many of the tied items [`TieBreak::MostHidden`] scores, from the
/// left. Scoring all of them took more instructions than the nodes it saved
/// and no fewer nodes: on forum_hardest_1106, counting to two, 8 gave 3,822
/// nodes a puzzle, 16 gave 3,760, all 3,921, and 4 gave 4,237.
const TIES_SCORED: usize = 8;

/// How many of the tied items, from the left, [`TieBreak::MostHidden`]
/// weighs by their failures once some item has emptied; those that emptied
/// most are then scored. On the generated 16x16 puzzles of design.md, 8
/// gave 15,083 nodes a puzzle, 16 gave 10,307, 32 gave 8,319 and 64 gave
/// 7,381, but on empty jigsaw grids 64 and more gave a few very long
/// searches (6,028 nodes a grid against 2,014; every tied item weighed,
/// 220,275).
const TIES_WEIGHED: usize = 32;

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

impl TieBreak {
    /// The active primary item (as its header, 1-based) with the fewest
    /// options, the tie broken by `self`: the leftmost smallest count, since
    /// covered items carry a flag that lifts theirs above every real count.
    /// `None` when every primary item is covered: the choices are a
    /// solution.
    #[inline(always)]
    pub(crate) fn choose_item<C: Count, L: Layout>(
        self,
        links: &Links<C>,
        primary: usize,
        failures: &Failures,
    ) -> Option<usize> {
        if primary == 0 {
            return None;
        }
        // Header `i` is entry `i - 1` of the counts from header 1.
        let counts = links.counts();
        let first = 1 + C::leftmost_min(counts, primary);
        let fewest = links.count(first);
        if fewest >= C::COVERED {
            return None;
        }
        if self == TieBreak::Leftmost || fewest.get() < 2 {
            return Some(first);
        }
        // Once items have emptied, only the tied items among the leftmost
        // few that emptied most often are scored.
        let weights = failures.counts();
        let (scanned, most) = match weights {
            Some(weights) => {
                let mut most = 0;
                C::each_equal(counts, first - 1, primary, fewest, TIES_WEIGHED, |i| {
                    most = most.max(weights[i + 1]);
                });
                (TIES_WEIGHED, most)
            }
            None => (TIES_SCORED, 0),
        };
        let mut best: Option<(usize, usize)> = None;
        let mut scored = 0;
        C::each_equal(counts, first - 1, primary, fewest, scanned, |i| {
            let item = i + 1;
            if scored == TIES_SCORED || weights.is_some_and(|weights| weights[item] != most) {
                return;
            }
            scored += 1;
            let mut hidden = 0;
            let mut p = links.down(item);
            for _ in 0..fewest.get() {
                hidden += links.others_count::<L>(p);
                p = links.down(p);
            }
            if best.is_none_or(|(_, most_hidden)| hidden > most_hidden) {
                best = Some((item, hidden));
            }
        });
        Some(best.map_or(first, |(item, _)| item))
    }
}

/// How often each primary item was left with no option in the current
/// search, for [`TieBreak::MostHidden`]. Kept in the matrix so that its
/// buffer serves search after search; cleared at the start of each, so
/// that a search's choices do not depend on the searches before it.
#[derive(Debug, Clone, Default)]
pub(crate) struct Failures {
    /// Entry `i` for the item of header `i` (1-based; entry 0 unused).
    counts: Vec<u32>,
    /// True once some entry is not zero.
    any: bool,
}

impl Failures {
    /// Clears the counts for a search over `primary` items.
    pub(crate) fn clear(&mut self, primary: usize) {
        if self.any {
            self.counts.fill(0);
            self.any = false;
        }
        if self.counts.len() < primary + 1 {
            self.counts.resize(primary + 1, 0);
        }
    }

    /// Counts the item of header `item` found with no option left.
    #[inline]
    pub(crate) fn count(&mut self, item: usize) {
        self.counts[item] = self.counts[item].saturating_add(1);
        self.any = true;
    }

    /// The counts by header, or `None` while every count is zero.
    #[inline(always)]
    pub(super) fn counts(&self) -> Option<&[u32]> {
        self.any.then_some(&self.counts[..])
    }
}
