//! The node arrays of the engine and the only code that reads them without
//! bounds checks: linking an option in, and the dancing steps of the search
//! (covering and uncovering items, hiding and unhiding options). Everything
//! else in the engine goes through the checked methods here, so the safety
//! of the whole engine rests on the invariant this module keeps, stated on
//! [`Links`].
//!
//! The nodes of one option sit next to each other, so an option needs no
//! left/right links; how the other nodes of an option are found is the
//! [`Layout`], of which there are two:
//!
//! ```text
//!  index:  0      1 ..= items    items+1   base = items+2 rounded up to 4
//!          root   item headers   null
//!
//!  Blocks (every option has at most four items):
//!          base       base+4     base+8
//!          | a b c d  | a b n n  | a b c d  | ...   option k at base+4k..base+4k+4,
//!          option 0   option 1   option 2           other nodes of x: x^1, x^2, x^3;
//!                                                   n: a node of the null item
//!  Spacers (Knuth's layout, once an option has more than four items):
//!          base                 base+6
//!          | s0 | a b c d e | s1 | a b | s2 | ...   top[sk] = -k (s0: 0)
//!                 option 0       option 1           up[sk]   = first node of option k-1
//!                                                   down[sk] = last node of option k
//!                                                   owners[x] = the option of node x
//!
//!  top[x]  = the item header of node x (1-based), or, for a spacer, as above
//!  up/down = vertical links of x inside the list of its item
//!  len[i]  = the number of options left in the list of item header i,
//!            with a flag added while item i is covered (see [`Count`])
//! ```
//!
//! A node that pads an option of fewer than four items belongs to the null
//! item, and its list is itself alone; the null item's count lies in the
//! padding of `len` that no scan reads.
//!
//! Blocks find the other nodes from a node's index alone, which problems
//! whose options all have four items or fewer gain most from; spacers take
//! any width at the price of a test per node. The two are two types behind one
//! trait, so the search is compiled once for each, and no walk tests which
//! layout it is in.

use super::count::{Count, PADDING};
use super::error::DlxError;

/// How the nodes of an option are laid out: which other nodes share an
/// option with a node. Implemented by [`Blocks`] and [`Spacers`] only.
pub(crate) trait Layout {
    /// True for the layout with spacers.
    const WIDE: bool;

    /// Calls `visit` with each other node of the option of `node`, in an
    /// order that is the same every time and the reverse of
    /// [`Layout::each_other_reversed`]. `links` is handed to `visit`, so
    /// that it may change the lists.
    ///
    /// # Safety
    ///
    /// `links` is laid out by this layout and `node` is one of its nodes
    /// that [`Links::check_node`] accepts; `visit` changes no link of a
    /// spacer and no `top`.
    unsafe fn each_other<C: Count, T: AsRef<Links<C>>>(
        links: &mut T,
        node: usize,
        visit: impl FnMut(&mut T, usize),
    );

    /// [`Layout::each_other`] in the reverse order.
    ///
    /// # Safety
    ///
    /// As for [`Layout::each_other`].
    unsafe fn each_other_reversed<C: Count, T: AsRef<Links<C>>>(
        links: &mut T,
        node: usize,
        visit: impl FnMut(&mut T, usize),
    );

    /// The number of the option that node `node` belongs to.
    fn option_of<C: Count>(links: &Links<C>, node: usize) -> usize;
}

/// Options of at most four items, each in an aligned block of four nodes:
/// the other nodes of `x` are `x ^ 1`, `x ^ 2` and `x ^ 3`.
pub(crate) struct Blocks;

/// Options of any width, each followed by a spacer node.
pub(crate) struct Spacers;

impl Layout for Blocks {
    const WIDE: bool = false;

    #[inline(always)]
    unsafe fn each_other<C: Count, T: AsRef<Links<C>>>(
        links: &mut T,
        node: usize,
        mut visit: impl FnMut(&mut T, usize),
    ) {
        // The order `node ^ 1`, `node ^ 2`, `node ^ 3`, padding included.
        for step in 1..4 {
            visit(links, node ^ step);
        }
    }

    #[inline(always)]
    unsafe fn each_other_reversed<C: Count, T: AsRef<Links<C>>>(
        links: &mut T,
        node: usize,
        mut visit: impl FnMut(&mut T, usize),
    ) {
        for step in (1..4).rev() {
            visit(links, node ^ step);
        }
    }

    fn option_of<C: Count>(links: &Links<C>, node: usize) -> usize {
        (node - links.base) / 4
    }
}

impl Layout for Spacers {
    const WIDE: bool = true;

    #[inline(always)]
    unsafe fn each_other<C: Count, T: AsRef<Links<C>>>(
        links: &mut T,
        node: usize,
        mut visit: impl FnMut(&mut T, usize),
    ) {
        // Left to right from the node after `node`, round to the first by
        // the spacer after the option.
        let mut q = node + 1;
        loop {
            let here = links.as_ref();
            // SAFETY: `node + 1 < size` (the caller's promise), and from a
            // node of an option the walk reaches only nodes of that option
            // and the spacer after it, all under `size`; `up` of that spacer
            // is stored, so under `size` too.
            unsafe {
                if at(&here.top, q) <= 0 {
                    q = at(&here.up, q) as usize;
                }
            }
            if q == node {
                break;
            }
            visit(links, q);
            q += 1;
        }
    }

    #[inline(always)]
    unsafe fn each_other_reversed<C: Count, T: AsRef<Links<C>>>(
        links: &mut T,
        node: usize,
        mut visit: impl FnMut(&mut T, usize),
    ) {
        let mut q = node - 1;
        loop {
            let here = links.as_ref();
            // SAFETY: `base < node` (the caller's promise), so the walk
            // from `node - 1` reaches only nodes of its option and the
            // spacer before it, at `base` or above; `down` of that spacer
            // is stored, so under `size`.
            unsafe {
                if at(&here.top, q) <= 0 {
                    q = at(&here.down, q) as usize;
                }
            }
            if q == node {
                break;
            }
            visit(links, q);
            q -= 1;
        }
    }

    fn option_of<C: Count>(links: &Links<C>, node: usize) -> usize {
        links.owners[node] as usize
    }
}

/// The node arrays of a matrix and the counts of its items.
///
/// Invariant, kept by every method here (the fields are private to this
/// module, and nothing else writes them):
///
/// * `top`, `up` and `down` have the same length, at least `size`, and
///   `len` has `items + 1 + PADDING` entries, more than `base`;
/// * below `size`, every `up` and `down` is an index under `size`, and
///   every `top` is at most `items + 1`;
/// * without spacers (`wide` false), `base` and `size` are multiples of 4;
///   with spacers, the nodes at `base` and `size - 1` are spacers, every
///   other node between them with `top` at most 0 is one too, and their
///   `up` and `down` are as drawn in the module's diagram;
/// * the search steps write only `up` and `down` of nodes in the lists of
///   items and of item headers, and only indices of such nodes;
/// * `trail` holds nodes of options of the present layout, each with an
///   item in `top`, committed in that order and not yet undone.
/// * `pruned` holds nodes of options of the present layout, hidden whole
///   in that order and not yet restored; `marks` holds indices into it in
///   increasing order, at most one per entry of `trail`.
///
/// So a walk that starts at a node of an option stays under `size`, and
/// every unchecked access here is in bounds.
#[derive(Debug, Clone, Default)]
pub(crate) struct Links<C: Count> {
    items: usize,
    /// The first node of the first option (or, with spacers, the first
    /// spacer).
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
    /// The node chosen at each level of the search, deepest last: what the
    /// steps have done and are still to undo. Only [`Links::choose`] and
    /// [`Links::advance`] push, so it holds nodes of options alone.
    trail: Vec<u32>,
    /// With spacers, the option of each node, so that a node's option is
    /// found without walking to its spacer (stale past `size`, and unused
    /// without spacers).
    owners: Vec<u32>,
    /// Options hidden by a propagator, as one node of each, in the order
    /// they were hidden and not yet restored.
    pruned: Vec<u32>,
    /// For each choice in force, the length of `pruned` when it was
    /// committed: the options hidden after it are those above.
    marks: Vec<u32>,
}

impl<C: Count> AsRef<Links<C>> for Links<C> {
    #[inline(always)]
    fn as_ref(&self) -> &Links<C> {
        self
    }
}

impl<C: Count> Links<C> {
    /// Empties the arrays for `items` items and the layout of blocks,
    /// keeping their buffers.
    pub(crate) fn reset(&mut self, items: usize) {
        self.items = items;
        // Everything is rebuilt, so choices left in place need no undoing.
        self.trail.clear();
        self.pruned.clear();
        self.marks.clear();
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
    #[inline(always)]
    fn null_item(&self) -> usize {
        self.items + 1
    }

    /// Number of items, primary and secondary.
    pub(crate) fn items(&self) -> usize {
        self.items
    }

    /// True once the options end at spacers.
    pub(crate) fn is_wide(&self) -> bool {
        self.wide
    }

    /// The count of item header `header` (1-based), flag included.
    #[inline(always)]
    pub(crate) fn count(&self, header: usize) -> C {
        self.len[header]
    }

    /// The count of item header `header` (1-based), flag included, checked
    /// against the items only.
    ///
    /// # Panics
    ///
    /// Unless `header` is an item header.
    #[inline(always)]
    pub(crate) fn item_count(&self, header: usize) -> C {
        if header.wrapping_sub(1) >= self.items {
            refuse("item header");
        }
        // SAFETY: `len` has an entry for each item header, from 1 to
        // `items`, and `header` is one.
        unsafe { at(&self.len, header) }
    }

    /// The counts from item header 1 on, padding included: entry `i` is
    /// the count of item `i` (0-based).
    #[inline(always)]
    pub(crate) fn counts(&self) -> &[C] {
        &self.len[1..]
    }

    /// The item header of node `node`.
    #[cfg(test)]
    fn item_of(&self, node: usize) -> usize {
        self.top[node] as usize
    }

    /// The node below `node` in its list.
    #[inline(always)]
    pub(crate) fn down(&self, node: usize) -> usize {
        self.down[node] as usize
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

    /// The rare part of [`Links::reserve_nodes`].
    #[cold]
    fn grow_nodes(&mut self) {
        let length = self.size.max(2 * self.top.len());
        self.top.resize(length, 0);
        self.up.resize(length, 0);
        self.down.resize(length, 0);
    }

    /// Adds option number `option`, covering `items` (0-based), after
    /// checking it; turns the blocks into spacers first if it is the first
    /// option of more than four items.
    ///
    /// # Errors
    ///
    /// As [`super::Matrix::add_option`], changing nothing.
    #[inline(always)]
    pub(crate) fn add_option(&mut self, option: usize, items: &[usize]) -> Result<(), DlxError> {
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
        self.link_option(option, items)
    }

    /// Adds option number `option` after checking only that `items` is not
    /// empty and names items in range: the caller promises that they are
    /// distinct and that no item gets more options than `C` holds (checked
    /// in debug builds). A broken promise gives wrong answers, never an
    /// access out of bounds: every link stays a node or a header.
    ///
    /// # Errors
    ///
    /// As [`super::Matrix::add_option`] for an empty option, an item out of
    /// range or a matrix too large.
    #[inline(always)]
    pub(crate) fn add_option_in_range(
        &mut self,
        option: usize,
        items: &[usize],
    ) -> Result<(), DlxError> {
        debug_assert!(
            items
                .iter()
                .enumerate()
                .all(|(k, item)| !items[..k].contains(item)),
            "the items of an option are distinct"
        );
        debug_assert!(
            items
                .iter()
                .all(|&item| item >= self.items || self.len[item + 1].get() < C::LIMIT),
            "no item has more options than its count type holds"
        );
        let Some(&largest) = items.iter().max() else {
            return Err(DlxError::EmptyOption);
        };
        if largest >= self.items {
            return Err(DlxError::ItemOutOfRange {
                item: largest,
                items: self.items,
            });
        }
        self.link_option(option, items)
    }

    /// Links option number `option`, whose items are in range, checking
    /// only that the node arrays can hold it; turns the blocks into spacers
    /// first if it is the first option of more than four items.
    #[inline(always)]
    fn link_option(&mut self, option: usize, items: &[usize]) -> Result<(), DlxError> {
        let limit = i32::MAX as usize;
        if self.size + 2 * (items.len() + 4) > limit {
            return Err(DlxError::TooLarge { limit });
        }
        if items.len() > 4 && !self.wide {
            self.widen(option);
        }
        // SAFETY: the items are in range (the callers checked them).
        unsafe {
            if self.wide {
                self.push_spaced(option, items);
            } else {
                self.push_block(items);
            }
        }
        Ok(())
    }

    /// Links an option of at most four items into the next block of four
    /// nodes, padding it with nodes of the null item.
    ///
    /// # Safety
    ///
    /// The matrix has no spacers, and `items` are at most four distinct
    /// items in range (0-based).
    #[inline(always)]
    unsafe fn push_block(&mut self, items: &[usize]) {
        debug_assert!(!self.wide && items.len() <= 4, "a block holds four items");
        let first = self.size;
        self.size = first + 4;
        self.reserve_nodes();
        // SAFETY: the arrays reach the new `size`; the items are the
        // caller's.
        unsafe { self.link_nodes(first, items) };
        let null = self.null_item() as i32;
        for node in first + items.len()..first + 4 {
            // SAFETY: `reserve_nodes` made the arrays reach `first + 4`.
            unsafe {
                *at_mut(&mut self.top, node) = null;
                *at_mut(&mut self.up, node) = node as u32;
                *at_mut(&mut self.down, node) = node as u32;
            }
        }
    }

    /// Links option number `option` of any width, writing its nodes and a
    /// spacer after them.
    ///
    /// # Safety
    ///
    /// The matrix has spacers, and `items` are distinct items in range
    /// (0-based).
    unsafe fn push_spaced(&mut self, option: usize, items: &[usize]) {
        debug_assert!(self.wide, "spacers come after widen");
        let first = self.size;
        let spacer = first + items.len();
        self.size = spacer + 1;
        self.reserve_nodes();
        // SAFETY: the arrays reach the new `size`; the items are the
        // caller's.
        unsafe { self.link_nodes(first, items) };
        self.top[spacer] = -(option as i32 + 1);
        if self.owners.len() < self.top.len() {
            self.owners.resize(self.top.len(), 0);
        }
        self.owners[first..spacer].fill(option as u32);
        (self.up[spacer], self.down[spacer]) = (first as u32, 0);
        self.down[self.last_spacer] = (spacer - 1) as u32;
        self.last_spacer = spacer;
    }

    /// Writes the nodes `first..first + items.len()` of an option and links
    /// each at the bottom of its item's list. The nodes are counted from the
    /// option's first rather than zipped with a range: with the range,
    /// linking took about half again as many instructions.
    ///
    /// # Safety
    ///
    /// The nodes lie under `size`, and `items` are items in range.
    #[inline(always)]
    unsafe fn link_nodes(&mut self, first: usize, items: &[usize]) {
        let (top, up, down, len) = (
            &mut self.top[..],
            &mut self.up[..],
            &mut self.down[..],
            &mut self.len[..],
        );
        for (k, &item) in items.iter().enumerate() {
            let (node, header) = (first + k, item + 1);
            // SAFETY: `node` is under `size`, which the arrays reach, and
            // `header` is an item header (the caller's promise); `last` is
            // a stored link, so under `size`.
            unsafe {
                let last = at(up, header);
                *at_mut(top, node) = header as i32;
                (*at_mut(up, node), *at_mut(down, node)) = (last, header as u32);
                *at_mut(down, last as usize) = node as u32;
                *at_mut(up, header) = node as u32;
                let count = at_mut(len, header);
                *count = count.up();
            }
        }
    }

    /// Turns the blocks of the first `options` options into the layout with
    /// spacers, for an option of more than four items: the options are read
    /// back from their blocks and linked again, in the same order.
    #[cold]
    fn widen(&mut self, options: usize) {
        let null = self.null_item() as i32;
        let blocks: Vec<[i32; 4]> = (0..options)
            .map(|option| {
                let first = self.base + 4 * option;
                std::array::from_fn(|k| self.top[first + k])
            })
            .collect();
        self.reset(self.items);
        self.wide = true;
        // The first spacer sits where the first block began.
        let spacer = self.base;
        self.size = spacer + 1;
        self.reserve_nodes();
        (self.top[spacer], self.up[spacer], self.down[spacer]) = (0, 0, 0);
        self.last_spacer = spacer;
        for (option, block) in blocks.into_iter().enumerate() {
            let items: Vec<usize> = block
                .iter()
                .filter(|&&header| header != null)
                .map(|&header| header as usize - 1)
                .collect();
            // SAFETY: the items of an option added before, so checked
            // then; the matrix has spacers now.
            unsafe { self.push_spaced(option, &items) };
        }
    }

    /// Panics unless `L` is the layout of the nodes and `node` a node a
    /// walk of it may start from: in the options' part of the arrays and,
    /// with spacers, neither the first nor the last node.
    #[inline(always)]
    fn check_node<L: Layout>(&self, node: usize) {
        let wide = usize::from(L::WIDE);
        // One compare for both bounds: below `base + wide`, the
        // difference wraps round to above any size.
        let (from, to) = (self.base + wide, self.size - wide);
        if L::WIDE != self.wide || node.wrapping_sub(from) >= to.wrapping_sub(from) {
            refuse("node of an option");
        }
    }

    /// The number of choices in force: the depth of the search.
    #[inline(always)]
    pub(crate) fn depth(&self) -> usize {
        self.trail.len()
    }

    /// Readies the trail for a search of at most `levels` levels, so that
    /// it does not allocate while searching.
    pub(crate) fn reserve_levels(&mut self, levels: usize) {
        self.trail.reserve(levels.saturating_sub(self.trail.len()));
    }

    /// Writes the options of the choices in force, from the first level.
    pub(crate) fn chosen_options<L: Layout>(&self, options: &mut Vec<usize>) {
        options.clear();
        options.extend(
            self.trail
                .iter()
                .map(|&node| L::option_of(self, node as usize)),
        );
    }

    /// The first step down: covers `item` (a header, 1-based) and commits
    /// the first option left in its list, a new level of the search.
    /// Returns how many options the item had, or `None`, changing nothing,
    /// when it had none.
    ///
    /// # Panics
    ///
    /// Unless `L` is the layout and `item` an item header.
    #[inline(always)]
    pub(crate) fn choose<L: Layout>(&mut self, item: usize) -> Option<usize> {
        if L::WIDE != self.wide || item.wrapping_sub(1) >= self.items {
            refuse("item header");
        }
        // SAFETY: `item` was just checked; with options left, the node
        // below its header is a node of an option.
        unsafe {
            let count = at(&self.len, item).get();
            if count == 0 {
                return None;
            }
            self.cover_unchecked::<L>(item);
            let node = at(&self.down, item) as usize;
            self.commit_unchecked::<L, false>(node);
            self.trail.push(node as u32);
            Some(count)
        }
    }

    /// The step sideways: undoes the commit of the deepest choice and
    /// commits the next option of its item in its place. Returns whether
    /// that option is the item's last; or `None` when the choice was the
    /// last, after uncovering the item as well and leaving the level.
    ///
    /// # Panics
    ///
    /// If no choice is in force, or `L` is not the layout.
    #[inline(always)]
    pub(crate) fn advance<L: Layout>(&mut self) -> Option<bool> {
        let node = self.pop::<L>();
        // SAFETY: `node` came off the trail, so it is a node of an option
        // with an item header in `top`; below the last option of a list
        // comes its header, so `next`, when it is not the header, is a
        // node of an option.
        unsafe {
            self.commit_unchecked::<L, true>(node);
            let item = at(&self.top, node) as usize;
            let next = at(&self.down, node) as usize;
            if next == item {
                self.uncover_unchecked::<L>(item);
                return None;
            }
            // A covered item's list does not change, so the option after
            // `next` is known now.
            let last = at(&self.down, next) as usize == item;
            self.commit_unchecked::<L, false>(next);
            self.trail.push(next as u32);
            Some(last)
        }
    }

    /// The step up: undoes the commit of the deepest choice and the cover
    /// of its item, in that order, and leaves the level.
    ///
    /// # Panics
    ///
    /// As [`Links::advance`].
    #[inline(always)]
    pub(crate) fn retreat<L: Layout>(&mut self) {
        let node = self.pop::<L>();
        // SAFETY: as in `advance`.
        unsafe {
            self.commit_unchecked::<L, true>(node);
            self.uncover_unchecked::<L>(at(&self.top, node) as usize);
        }
    }

    /// Takes the deepest choice off the trail.
    ///
    /// # Panics
    ///
    /// As [`Links::advance`].
    #[inline(always)]
    fn pop<L: Layout>(&mut self) -> usize {
        match self.trail.pop() {
            Some(node) if L::WIDE == self.wide => node as usize,
            _ => refuse("a choice in force"),
        }
    }

    /// Covers the items of the option of `node` other than its own item or,
    /// with `BACK`, undoes that: uncovers them in the reverse order. The
    /// null item is left alone: its count, which the nodes that pad narrow
    /// options change, is no count of a list.
    ///
    /// # Safety
    ///
    /// `L` is the layout and `node` a node of an option.
    #[inline(always)]
    unsafe fn commit_unchecked<L: Layout, const BACK: bool>(&mut self, node: usize) {
        let null = self.null_item();
        // SAFETY: `node` is a node of an option (the caller's promise);
        // each other node of its option has an item header or the null
        // item in `top`, and the null item is skipped.
        unsafe {
            let visit = |links: &mut Self, q: usize| {
                let item = at(&links.top, q) as usize;
                if item != null {
                    if BACK {
                        links.uncover_unchecked::<L>(item);
                    } else {
                        links.cover_unchecked::<L>(item);
                    }
                }
            };
            if BACK {
                L::each_other_reversed(self, node, visit);
            } else {
                L::each_other(self, node, visit);
            }
        }
    }

    /// Takes `item` (a header, 1-based) out of the active set and hides
    /// every option in it.
    ///
    /// # Safety
    ///
    /// `L` is the layout of the nodes and `item` an item header.
    #[inline(always)]
    unsafe fn cover_unchecked<L: Layout>(&mut self, item: usize) {
        // Hiding the options of `item` changes the counts of other items
        // only, so the count read here is still the count at the end.
        // SAFETY: `item` is a header (the caller's promise), so under
        // `size` and under the length of `len`; the nodes of its list are
        // nodes of options, which `dance` takes.
        unsafe {
            let count = at(&self.len, item);
            let mut p = at(&self.down, item) as usize;
            for _ in 0..count.get() {
                self.dance::<L, false>(p);
                p = at(&self.down, p) as usize;
            }
            *at_mut(&mut self.len, item) = count.covered();
        }
    }

    /// Undoes [`Links::cover_unchecked`]: options are restored bottom to
    /// top, the reverse of the order they were hidden in.
    ///
    /// # Safety
    ///
    /// As for [`Links::cover_unchecked`].
    #[inline(always)]
    unsafe fn uncover_unchecked<L: Layout>(&mut self, item: usize) {
        // SAFETY: as in `cover_unchecked`.
        unsafe {
            let count = at_mut(&mut self.len, item);
            *count = count.uncovered();
            let n = count.get();
            let mut p = at(&self.up, item) as usize;
            for _ in 0..n {
                self.dance::<L, true>(p);
                p = at(&self.up, p) as usize;
            }
        }
    }

    /// Unlinks the other nodes of the option of `node` from their items
    /// or, with `BACK`, links them in again. The nodes of one option sit in
    /// the lists of different items, so they may be put back in the order
    /// they were taken out.
    ///
    /// # Safety
    ///
    /// `L` is the layout of the nodes and `node` a node in the list of an
    /// item (or of the null item).
    #[inline(always)]
    unsafe fn dance<L: Layout, const BACK: bool>(&mut self, node: usize) {
        // SAFETY: `node` is a node of an option (the caller's promise);
        // the other nodes of its option, their items and their stored links
        // are in bounds by the invariant.
        unsafe {
            L::each_other(self, node, |links, q| links.unlink::<BACK>(q));
        }
    }

    /// The options in the lists of the other items of the option of `node`,
    /// its own counted once in each: what choosing it would hide.
    ///
    /// # Panics
    ///
    /// Unless `L` is the layout and `node` a node of an option.
    #[inline(always)]
    pub(crate) fn others_count<L: Layout>(&self, node: usize) -> usize {
        self.check_node::<L>(node);
        let null = self.null_item();
        let mut total = 0;
        let mut links = self;
        // SAFETY: `node` was just checked; the items of the other nodes of
        // its option are in bounds by the invariant.
        unsafe {
            L::each_other(&mut links, node, |links, q| {
                let item = at(&links.top, q) as usize;
                if item != null {
                    total += at(&links.len, item).get();
                }
            });
        }
        total
    }

    /// Starts the options a propagator hides after the choice just
    /// committed, which [`Links::close_level`] restores before that choice
    /// is undone.
    #[inline(always)]
    pub(crate) fn open_level(&mut self) {
        self.marks.push(self.pruned.len() as u32);
    }

    /// Restores the options hidden since the deepest choice was
    /// committed, newest first, leaving the choice itself in force. The
    /// options hidden before any choice stay hidden while no level is open.
    #[inline(always)]
    pub(crate) fn close_level<L: Layout>(&mut self) {
        let mark = self.marks.pop().map_or(0, |mark| mark as usize);
        self.restore_pruned::<L>(mark);
    }

    /// Restores every option hidden by a propagator since `mark`, newest
    /// first.
    fn restore_pruned<L: Layout>(&mut self, mark: usize) {
        while self.pruned.len() > mark {
            let node = self.pruned.pop().map_or(0, |node| node as usize);
            self.check_node::<L>(node);
            // SAFETY: `node` was checked, and every option hidden after it
            // has been restored, so its stored links are those it had.
            unsafe { self.unhide_unchecked::<L>(node) };
        }
    }

    /// Calls `visit` with the number of each option chosen and in force,
    /// in the order they were chosen.
    pub(crate) fn each_chosen<L: Layout>(&self, mut visit: impl FnMut(usize)) {
        for &node in &self.trail {
            visit(L::option_of(self, node as usize));
        }
    }

    /// Calls `visit` with the number of each option left in the list of
    /// `item` (a header), top to bottom.
    ///
    /// # Panics
    ///
    /// Unless `L` is the layout and `item` an item header.
    #[inline]
    pub(crate) fn each_option<L: Layout>(&self, item: usize, mut visit: impl FnMut(usize)) {
        if L::WIDE != self.wide || item.wrapping_sub(1) >= self.items {
            refuse("item header");
        }
        // SAFETY: `item` was checked; the nodes of its list are nodes of
        // options, under `size` by the invariant.
        unsafe {
            let mut p = at(&self.down, item) as usize;
            while p != item {
                visit(L::option_of(self, p));
                p = at(&self.down, p) as usize;
            }
        }
    }

    /// Hides, from the lists of all their items, the options left in the
    /// list of `item` (a header that is not covered) for which `hide` is
    /// true, recording them so that [`Links::close_level`] restores them.
    /// Returns the options left in the list.
    ///
    /// # Panics
    ///
    /// Unless `L` is the layout and `item` an item header that is not
    /// covered.
    #[inline]
    pub(crate) fn prune_where<L: Layout>(
        &mut self,
        item: usize,
        mut hide: impl FnMut(usize) -> bool,
    ) -> usize {
        if L::WIDE != self.wide || item.wrapping_sub(1) >= self.items {
            refuse("item header");
        }
        // SAFETY: `item` was checked. An item that is not covered holds
        // only options whose nodes are all in the lists of their items, so
        // hiding one takes each node out of a list it is in. A hidden
        // node keeps its own links, so the walk goes on from it.
        unsafe {
            if at(&self.len, item) >= C::COVERED {
                refuse("an item not covered");
            }
            let mut p = at(&self.down, item) as usize;
            while p != item {
                let next = at(&self.down, p) as usize;
                if hide(L::option_of(self, p)) {
                    self.hide_unchecked::<L>(p);
                    self.pruned.push(p as u32);
                }
                p = next;
            }
            at(&self.len, item).get()
        }
    }

    /// Takes every node of the option of `node` out of the list it is in.
    ///
    /// # Safety
    ///
    /// `L` is the layout and `node` a node of an option whose nodes are
    /// all in the lists of their items.
    #[inline(always)]
    unsafe fn hide_unchecked<L: Layout>(&mut self, node: usize) {
        // SAFETY: as the caller promises; `node` itself is unlinked as
        // `dance` unlinks the others.
        unsafe {
            self.dance::<L, false>(node);
            self.unlink::<false>(node);
        }
    }

    /// Undoes [`Links::hide_unchecked`].
    ///
    /// # Safety
    ///
    /// `node` was hidden by [`Links::hide_unchecked`], and everything done
    /// to the links since has been undone.
    #[inline(always)]
    unsafe fn unhide_unchecked<L: Layout>(&mut self, node: usize) {
        // SAFETY: as the caller promises.
        unsafe {
            self.unlink::<true>(node);
            self.dance::<L, true>(node);
        }
    }

    /// Unlinks `node` from the list of its item or, with `BACK`, links it
    /// in again, keeping the item's count.
    ///
    /// # Safety
    ///
    /// `node` is a node of an option, in the list of its item (or, with
    /// `BACK`, taken out of it last).
    #[inline(always)]
    unsafe fn unlink<const BACK: bool>(&mut self, q: usize) {
        // SAFETY: the links and item of a node of an option are in bounds
        // by the invariant.
        unsafe {
            let item = at(&self.top, q) as usize;
            let (up, down) = (at(&self.up, q), at(&self.down, q));
            let (below, above) = if BACK {
                (q as u32, q as u32)
            } else {
                (down, up)
            };
            *at_mut(&mut self.down, up as usize) = below;
            *at_mut(&mut self.up, down as usize) = above;
            let count = at_mut(&mut self.len, item);
            *count = if BACK { count.up() } else { count.down() };
        }
    }

    /// The counts and links, to compare before and after a search.
    #[cfg(test)]
    pub(crate) fn snapshot(&self) -> (Vec<C>, Vec<u32>, Vec<u32>) {
        (self.len.clone(), self.up.clone(), self.down.clone())
    }
}

/// The panic of a failed check, kept out of line so that the checks cost
/// a compare each in the search.
#[cold]
#[inline(never)]
#[track_caller]
fn refuse(what: &str) -> ! {
    panic!("not {what} of this matrix");
}

/// `slice[i]` without a bounds check in release builds (checked in debug
/// builds, so every test run checks the callers' reasoning).
///
/// # Safety
///
/// `i < slice.len()`.
#[inline(always)]
unsafe fn at<T: Copy>(slice: &[T], i: usize) -> T {
    debug_assert!(i < slice.len(), "link {i} out of {}", slice.len());
    // SAFETY: `i < slice.len()`, as the caller promises.
    unsafe { *slice.get_unchecked(i) }
}

/// `&mut slice[i]` without a bounds check in release builds; see [`at`].
///
/// # Safety
///
/// `i < slice.len()`.
#[inline(always)]
unsafe fn at_mut<T>(slice: &mut [T], i: usize) -> &mut T {
    debug_assert!(i < slice.len(), "link {i} out of {}", slice.len());
    // SAFETY: `i < slice.len()`, as the caller promises.
    unsafe { slice.get_unchecked_mut(i) }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Items 0..3 and the options {0, 1, 2}, {1}, {2, 0}, in layout `L`.
    fn three<L: Layout>() -> Links<u32> {
        let mut links = Links::default();
        links.reset(3);
        if L::WIDE {
            links.widen(0);
        }
        let options: [&[usize]; 3] = [&[0, 1, 2], &[1], &[2, 0]];
        for (k, option) in options.into_iter().enumerate() {
            links.add_option(k, option).unwrap();
        }
        links
    }

    /// For each node of each item's list: its option, and the items of the
    /// other nodes of that option in the order of the walk, which the
    /// reverse walk must give backwards.
    fn walks<L: Layout>(links: &Links<u32>) -> Vec<(usize, Vec<usize>)> {
        let mut found = Vec::new();
        for item in 1..=links.items() {
            let mut node = links.down(item);
            while node != item {
                links.check_node::<L>(node);
                let (mut ahead, mut back) = (Vec::new(), Vec::new());
                let mut walker = links;
                // SAFETY: the node was just checked; the walks only read.
                unsafe {
                    L::each_other(&mut walker, node, |l, q| ahead.push(l.item_of(q)));
                    L::each_other_reversed(&mut walker, node, |l, q| back.push(l.item_of(q)));
                }
                back.reverse();
                assert_eq!(ahead, back, "the reverse walk of node {node}");
                found.push((L::option_of(links, node), ahead));
                node = links.down(node);
            }
        }
        found
    }

    #[test]
    fn both_layouts_walk_the_same_options() {
        let (blocks, spacers) = (three::<Blocks>(), three::<Spacers>());
        assert!(!blocks.is_wide() && spacers.is_wide());
        let null = blocks.null_item();
        let mut narrow = walks::<Blocks>(&blocks);
        for (_, others) in &mut narrow {
            others.retain(|&item| item != null);
        }
        let mut wide = walks::<Spacers>(&spacers);
        // Option 0 is {0, 1, 2}, headers 1, 2, 3: from its first node the
        // spacers walk left to right.
        assert_eq!(wide[0], (0, vec![2, 3]));
        // Blocks visit `node ^ 1, ^ 2, ^ 3`, spacers left to right from the
        // next node: the same sets, each in its own order.
        for walks in [&mut narrow, &mut wide] {
            walks.iter_mut().for_each(|(_, others)| others.sort());
            walks.sort();
        }
        assert_eq!(narrow, wide);
    }

    /// Down, sideways through every option of item 0, and back up, in
    /// both layouts: each count and link is as it was.
    fn choose_and_advance<L: Layout>() {
        let mut links = three::<L>();
        let before = links.snapshot();
        let mut options = Vec::new();
        assert_eq!(links.choose::<L>(1), Some(2));
        links.chosen_options::<L>(&mut options);
        assert_eq!(options, [0]);
        // Item 0 and the items of option {0, 1, 2} are covered; option
        // {1} was hidden from nothing.
        assert!([1, 2, 3].iter().all(|&h| links.count(h) >= u32::COVERED));
        assert_eq!(links.advance::<L>(), Some(true));
        links.chosen_options::<L>(&mut options);
        assert_eq!(options, [2]);
        assert_eq!(links.count(2), 1, "item 1 keeps option {{1}}");
        assert_eq!(links.advance::<L>(), None);
        assert_eq!(links.depth(), 0);
        assert_eq!(links.snapshot(), before);
        assert_eq!(links.choose::<L>(2), Some(2));
        links.retreat::<L>();
        assert_eq!(links.snapshot(), before);
    }

    #[test]
    fn blocks_choose_and_advance() {
        choose_and_advance::<Blocks>();
    }

    #[test]
    fn spacers_choose_and_advance() {
        choose_and_advance::<Spacers>();
    }

    #[test]
    #[should_panic(expected = "not item header")]
    fn the_wrong_layout_is_refused() {
        three::<Spacers>().choose::<Blocks>(1);
    }

    #[test]
    #[should_panic(expected = "not a choice in force")]
    fn no_step_back_without_a_choice() {
        three::<Spacers>().advance::<Spacers>();
    }
}
