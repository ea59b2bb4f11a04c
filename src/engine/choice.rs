//! The strategy of the search: which item to branch on. Always an active
//! primary item with the fewest remaining options (an item with none ends
//! the branch at once); among several with the fewest (two or more), the
//! [`TieBreak`] picks one. The counts themselves say which items are
//! active, so the choice is a scan of one flat array ([`super::count`]).

use super::count::Count;
use super::links::{Layout, Links};

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
        let (mut best, mut best_hidden) = (first, 0);
        C::each_equal(counts, first - 1, primary, fewest, TIES_SCORED, |i| {
            let item = i + 1;
            let mut hidden = 0;
            let mut p = links.down(item);
            for _ in 0..fewest.get() {
                hidden += links.others_count::<L>(p);
                p = links.down(p);
            }
            if hidden > best_hidden {
                (best, best_hidden) = (item, hidden);
            }
        });
        Some(best)
    }
}
