//! The search loop of Algorithm X: an explicit loop, not recursion, whose
//! levels are the trail of chosen nodes that the links keep (reserved before
//! the search, so the loop does not allocate). It is written
//! once for both node layouts and compiled for each, so no step inside it
//! asks which layout it is in. Which item to branch on is asked of
//! [`super::choice`]; the dancing steps are those of [`super::links`].

use super::count::Count;
use super::links::{Blocks, Layout, Spacers};
use super::matrix::Matrix;
use super::propagate::{NoPropagation, Propagate, Pruning};

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

impl<C: Count> Matrix<C> {
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
    pub fn search_once(&mut self, limit: u64, visit: impl FnMut(&[usize])) -> SearchStats {
        self.search_once_with(limit, &mut NoPropagation, visit)
    }

    /// [`Matrix::search`] with `propagator` asked, before the first choice
    /// and after each, for options to hide (see [`Propagate`]). The options
    /// it hides are restored as the choices are undone, and the matrix is
    /// left as it was.
    pub fn search_with<P: Propagate>(
        &mut self,
        limit: u64,
        propagator: &mut P,
        visit: impl FnMut(&[usize]),
    ) -> SearchStats {
        let stats = self.search_once_with(limit, propagator, visit);
        self.settle();
        stats
    }

    /// [`Matrix::search_once`] with `propagator`; see
    /// [`Matrix::search_with`].
    pub fn search_once_with<P: Propagate>(
        &mut self,
        limit: u64,
        propagator: &mut P,
        visit: impl FnMut(&[usize]),
    ) -> SearchStats {
        self.settle();
        if limit == 0 {
            return SearchStats {
                stopped_at_limit: true,
                ..SearchStats::default()
            };
        }
        if self.links.is_wide() {
            self.run::<Spacers, P>(limit, propagator, visit)
        } else {
            self.run::<Blocks, P>(limit, propagator, visit)
        }
    }

    /// The search of [`Matrix::search_once_with`] on nodes laid out by
    /// `L`. The choices in force, one a level, are the trail of the links;
    /// the options `propagator` hides after a choice are restored just
    /// before that choice is undone.
    fn run<L: Layout, P: Propagate>(
        &mut self,
        limit: u64,
        propagator: &mut P,
        mut visit: impl FnMut(&[usize]),
    ) -> SearchStats {
        let mut stats = SearchStats::default();
        self.links.reserve_levels(self.primary + 1);
        self.failures.clear(self.primary);
        if P::PRUNES {
            propagator.propagate(&mut Pruning {
                links: &mut self.links,
            });
        }
        // Levels whose option is not the last of its item: while there is
        // none, nothing is left to try.
        let mut open = 0usize;
        'search: loop {
            // Every level is committed here, so stopping leaves the same
            // state to undo as a solution does.
            if stats.nodes >= self.node_budget {
                stats.stopped_at_node_budget = true;
                return self.stop::<L, P>(stats);
            }
            match self
                .tie_break
                .choose_item::<C, L>(&self.links, self.primary, &self.failures)
            {
                None => {
                    self.links.chosen_options::<L>(&mut self.solution);
                    stats.solutions += 1;
                    visit(&self.solution);
                    if stats.solutions >= limit {
                        stats.stopped_at_limit = true;
                        return self.stop::<L, P>(stats);
                    }
                }
                Some(item) => {
                    if let Some(count) = self.links.choose::<L>(item) {
                        if count > 1 {
                            stats.branches += 1;
                            open += 1;
                        }
                        stats.nodes += 1;
                        if P::PRUNES {
                            self.links.open_level();
                            propagator.propagate(&mut Pruning {
                                links: &mut self.links,
                            });
                        }
                        continue 'search;
                    }
                    self.failures.count(item);
                }
            }
            // Backtrack: move the deepest choice to the next option of its
            // item, undoing in the reverse order of doing. When no level
            // has an option left to try, the search is over, and the
            // choices are left in place like those of a last solution.
            loop {
                debug_assert!(open <= self.links.depth(), "open levels are levels");
                if open == 0 {
                    return self.stop::<L, P>(stats);
                }
                if P::PRUNES {
                    self.links.close_level::<L>();
                }
                if let Some(last) = self.links.advance::<L>() {
                    open -= usize::from(last);
                    stats.nodes += 1;
                    if P::PRUNES {
                        self.links.open_level();
                        propagator.propagate(&mut Pruning {
                            links: &mut self.links,
                        });
                    }
                    continue 'search;
                }
            }
        }
    }

    /// Ends a search, leaving its choices in place; only the options
    /// pruned before the first choice are restored at once when no choice
    /// is in force, since no undoing of choices will reach them.
    #[inline(always)]
    fn stop<L: Layout, P: Propagate>(&mut self, stats: SearchStats) -> SearchStats {
        if P::PRUNES && self.links.depth() == 0 {
            self.links.close_level::<L>();
        }
        stats
    }

    /// Undoes the choices left in place by [`Matrix::search_once`], and
    /// the options a propagator hid.
    pub(super) fn settle(&mut self) {
        if self.links.depth() == 0 {
            return;
        }
        if self.links.is_wide() {
            self.undo::<Spacers>();
        } else {
            self.undo::<Blocks>();
        }
    }

    /// [`Matrix::settle`] on nodes laid out by `L`: each choice undone
    /// after the options pruned since it, and last those pruned before the
    /// first.
    fn undo<L: Layout>(&mut self) {
        while self.links.depth() != 0 {
            self.links.close_level::<L>();
            self.links.retreat::<L>();
        }
        self.links.close_level::<L>();
    }
}
