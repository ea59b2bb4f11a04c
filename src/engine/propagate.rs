//! Deductions beyond exact cover, made during the search.
//!
//! Exact cover prunes by itself only what choosing an option hides: the
//! options that share an item with it. A problem whose rules relate items
//! more loosely (two Sudoku cells whose digits must differ by more than one,
//! say) can know more after each choice than the lists show. A
//! [`Propagate`] is asked after every choice, and once before the first; it
//! reads the lists through a [`Pruning`] and hides the options it has
//! proved impossible. The search restores them when it undoes that choice,
//! so a propagator keeps no undo state of its own, and one that finds an
//! item with no option left needs only to say so by emptying it: the
//! search then backtracks as it does for any item left with none.

use super::count::Count;
use super::links::{Blocks, Links, Spacers};

/// Deductions a problem makes after each choice of the search; see the
/// module documentation and [`crate::engine::Matrix::search_with`].
pub trait Propagate {
    /// False only for [`NoPropagation`]: the search is then compiled
    /// without the calls.
    const PRUNES: bool = true;

    /// Hides, through `pruning`, options that no solution extending the
    /// choices in force can hold.
    fn propagate<C: Count>(&mut self, pruning: &mut Pruning<'_, C>);
}

/// The propagator of plain exact cover: it never prunes.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoPropagation;

impl Propagate for NoPropagation {
    const PRUNES: bool = false;

    #[inline(always)]
    fn propagate<C: Count>(&mut self, _: &mut Pruning<'_, C>) {}
}

/// Two propagators, the first then the second, after every choice.
impl<A: Propagate, B: Propagate> Propagate for (A, B) {
    const PRUNES: bool = A::PRUNES || B::PRUNES;

    #[inline]
    fn propagate<C: Count>(&mut self, pruning: &mut Pruning<'_, C>) {
        self.0.propagate(pruning);
        self.1.propagate(pruning);
    }
}

/// A propagator that a problem may or may not have: none prunes nothing.
impl<P: Propagate> Propagate for Option<P> {
    const PRUNES: bool = P::PRUNES;

    #[inline]
    fn propagate<C: Count>(&mut self, pruning: &mut Pruning<'_, C>) {
        if let Some(propagator) = self {
            propagator.propagate(pruning);
        }
    }
}

/// What a propagator may see and do of a matrix during its search: read
/// the options left in an item, and hide some of them.
#[derive(Debug)]
pub struct Pruning<'a, C: Count> {
    pub(super) links: &'a mut Links<C>,
}

impl<C: Count> Pruning<'_, C> {
    /// The options left in `item` (numbered from 0), or `None` while it is
    /// covered.
    ///
    /// # Panics
    ///
    /// If the matrix has no item `item`.
    #[inline]
    pub fn options_left(&self, item: usize) -> Option<usize> {
        let count = self.links.item_count(item.wrapping_add(1));
        (count < C::COVERED).then(|| count.get())
    }

    /// The number of choices in force: 0 before the first. The state a
    /// propagator sees at depth `k` is the one it left at depth `k - 1`
    /// with one more choice made, so what it learnt there still holds.
    #[inline]
    pub fn depth(&self) -> usize {
        self.links.depth()
    }

    /// Calls `visit` with the number of each option left in `item`.
    ///
    /// # Panics
    ///
    /// If the matrix has no item `item`.
    #[inline]
    pub fn each_option(&self, item: usize, visit: impl FnMut(usize)) {
        let header = self.header(item);
        match self.links.is_wide() {
            true => self.links.each_option::<Spacers>(header, visit),
            false => self.links.each_option::<Blocks>(header, visit),
        }
    }

    /// Calls `visit` with the number of each option chosen and in force,
    /// in the order the search chose them.
    pub fn each_chosen(&self, visit: impl FnMut(usize)) {
        match self.links.is_wide() {
            true => self.links.each_chosen::<Spacers>(visit),
            false => self.links.each_chosen::<Blocks>(visit),
        }
    }

    /// Hides every option left in `item` for which `hide` is true (it is
    /// given the option's number) until the search undoes the present
    /// choice, and returns how many options `item` keeps. An item left
    /// with none ends the branch.
    ///
    /// # Panics
    ///
    /// If the matrix has no item `item`, or while `item` is covered
    /// ([`Pruning::options_left`] is `None`).
    #[inline]
    pub fn hide_where(&mut self, item: usize, hide: impl FnMut(usize) -> bool) -> usize {
        let header = self.header(item);
        match self.links.is_wide() {
            true => self.links.prune_where::<Spacers>(header, hide),
            false => self.links.prune_where::<Blocks>(header, hide),
        }
    }

    /// The header of `item`, checked.
    #[inline(always)]
    fn header(&self, item: usize) -> usize {
        if item >= self.links.items() {
            no_item(item, self.links.items());
        }
        item + 1
    }
}

/// The panic of [`Pruning`] given an item the matrix has not, kept out of
/// line so that the check costs a compare.
#[cold]
#[inline(never)]
#[track_caller]
fn no_item(item: usize, items: usize) -> ! {
    panic!("no item {item} in a matrix of {items}");
}
