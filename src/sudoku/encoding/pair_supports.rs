//! Arc consistency on the rules that relate two cells, run by the search
//! after every choice.
//!
//! Exact cover enforces a forbidden pair of placements only once one of
//! the two digits is placed. With the geometry's [`Relations`], after each
//! choice a digit of a cell that no candidate of a related cell supports is
//! hidden, and the cells related to it are looked at again, until nothing
//! changes (AC-3). A cell whose candidates are `{4, 6}` then takes 5 from
//! each neighbour of a non-consecutive puzzle, long before either digit is
//! placed.
//!
//! Each level of the search starts from what its parent level left: a cell
//! whose item has as many options as it had there has the same candidates,
//! so only the cells the last choice changed are read and looked at again.

use crate::engine::{Count, Propagate, Pruning};
use crate::sudoku::grid::Grid;
use crate::sudoku::relations::{supported_by, Relations};

/// A cell with no item in the matrix (filled).
const NONE: u32 = u32::MAX;

/// The count of a cell filled or placed, whose candidates are no longer
/// read.
const PLACED: u32 = u32::MAX;

/// The count of a cell not read yet at the first level: no item has that
/// many options.
const UNREAD: u32 = u32::MAX - 1;

/// The buffers of the propagation of [`Relations`], reused from puzzle to
/// puzzle.
#[derive(Debug, Clone, Default)]
pub struct PairSupports {
    /// For each cell of the relations, its item in the matrix of the
    /// present puzzle, or [`NONE`] for a filled cell.
    items: Vec<u32>,
    /// For each level of the search (its depth) and each cell of the
    /// relations, its candidates when propagation there ended (0 for a
    /// cell placed, or whose options are not single placements).
    masks: Vec<u64>,
    /// Beside `masks`, the options left in each cell's item then
    /// ([`PLACED`] once filled or placed).
    counts: Vec<u32>,
    /// The cells whose candidates shrank, whose edges are to look at.
    queue: Vec<u32>,
    /// Whether each cell is in `queue`: all false between propagations.
    queued: Vec<bool>,
}

impl PairSupports {
    /// Empty buffers; they grow to fit the largest puzzle seen.
    pub fn new() -> PairSupports {
        PairSupports::default()
    }

    /// The propagator of `relations` for a matrix built from `grid`, whose
    /// blank cells are numbered as items in cell order from
    /// `first_cell_item`, and whose option `k` places `placements[k]`
    /// (`cell << 8 | digit`, digit 0 for an option that places no single
    /// digit).
    pub fn propagator<'a>(
        &'a mut self,
        relations: &'a Relations,
        grid: &Grid,
        first_cell_item: u32,
        placements: &'a [u32],
    ) -> ArcConsistency<'a> {
        self.items.clear();
        let mut item = first_cell_item;
        let mut next = relations.cells().iter().peekable();
        for (cell, &digit) in grid.cells().iter().enumerate() {
            if next.next_if(|&&related| related as usize == cell).is_some() {
                self.items.push(if digit == 0 { item } else { NONE });
            }
            item += u32::from(digit == 0);
        }
        self.queued.clear();
        self.queued.resize(self.items.len(), false);
        ArcConsistency {
            buffers: self,
            relations,
            placements,
        }
    }
}

/// [`Relations`] propagated on one matrix: see the module documentation.
#[derive(Debug)]
pub struct ArcConsistency<'a> {
    buffers: &'a mut PairSupports,
    relations: &'a Relations,
    placements: &'a [u32],
}

impl Propagate for ArcConsistency<'_> {
    fn propagate<C: Count>(&mut self, pruning: &mut Pruning<'_, C>) {
        let (placements, relations) = (self.placements, self.relations);
        let PairSupports {
            items,
            masks,
            counts,
            queue,
            queued,
        } = &mut *self.buffers;
        let (slots, depth) = (items.len(), pruning.depth());
        let here = depth * slots;
        if masks.len() < here + slots {
            masks.resize(here + slots, 0);
            counts.resize(here + slots, 0);
        }
        // The present level starts from what the parent level left.
        let (parent_masks, masks) = masks.split_at_mut(here);
        let (parent_counts, counts) = counts.split_at_mut(here);
        let (masks, counts) = (&mut masks[..slots], &mut counts[..slots]);
        match depth {
            0 => {
                masks.fill(0);
                for (count, &item) in counts.iter_mut().zip(items.iter()) {
                    *count = if item == NONE { PLACED } else { UNREAD };
                }
            }
            _ => {
                masks.copy_from_slice(&parent_masks[here - slots..]);
                counts.copy_from_slice(&parent_counts[here - slots..]);
            }
        }
        queue.clear();
        for (slot, &item) in items.iter().enumerate() {
            if counts[slot] == PLACED {
                // Filled or placed: the pairs of its digit did their work.
                continue;
            }
            let Some(left) = pruning.options_left(item as usize) else {
                (masks[slot], counts[slot]) = (0, PLACED);
                continue;
            };
            // Options are only taken away below a level, so the same
            // count means the same candidates.
            if counts[slot] == left as u32 {
                continue;
            }
            counts[slot] = left as u32;
            let mut mask = 0u64;
            let mut single = true;
            pruning.each_option(item as usize, |option| {
                let digit = placements[option] & 0xff;
                single &= digit != 0;
                mask |= 1u64.wrapping_shl(digit.wrapping_sub(1));
            });
            masks[slot] = if single { mask } else { 0 };
            if masks[slot] != 0 && mask.count_ones() <= relations.reach(slot) {
                queued[slot] = true;
                queue.push(slot as u32);
            }
        }
        let mut spread = Spread {
            relations,
            placements,
            items,
            masks,
            counts,
            queue,
            queued,
        };
        while let Some(from) = spread.queue.pop() {
            let from = from as usize;
            spread.queued[from] = false;
            if !spread.from(pruning, from, spread.masks[from]) {
                // The branch ends: the cells still queued leave `queued`
                // as the next propagation expects it, all false.
                for &slot in spread.queue.iter() {
                    spread.queued[slot as usize] = false;
                }
                return;
            }
        }
    }
}

/// The state of one propagation, and its step.
struct Spread<'s> {
    relations: &'s Relations,
    placements: &'s [u32],
    items: &'s [u32],
    masks: &'s mut [u64],
    counts: &'s mut [u32],
    queue: &'s mut Vec<u32>,
    queued: &'s mut [bool],
}

impl Spread<'_> {
    /// Hides the digits of the neighbours of the cell of index `from` that
    /// none of `candidates` supports, queueing each neighbour that lost
    /// one. Returns false when a neighbour is left with no candidate: the
    /// search backtracks.
    #[inline]
    fn from<C: Count>(
        &mut self,
        pruning: &mut Pruning<'_, C>,
        from: usize,
        candidates: u64,
    ) -> bool {
        let many = candidates.count_ones();
        if candidates == 0 {
            return true;
        }
        let placements = self.placements;
        for (to, reach, table) in self.relations.edges(from) {
            let held = self.masks[to];
            if held == 0 || many > reach {
                continue;
            }
            let supported = supported_by(table, candidates);
            let unsupported = held & !supported;
            if unsupported == 0 {
                continue;
            }
            let left = pruning.hide_where(self.items[to] as usize, |option| {
                let digit = placements[option] & 0xff;
                unsupported >> (digit - 1) & 1 == 1
            });
            (self.masks[to], self.counts[to]) = (held & supported, left as u32);
            if left == 0 {
                return false;
            }
            if !self.queued[to] && self.masks[to].count_ones() <= self.relations.reach(to) {
                self.queued[to] = true;
                self.queue.push(to as u32);
            }
        }
        true
    }
}
