//! Arc consistency on the rules that relate two cells, run by the search
//! after every choice.
//!
//! The rules of thermometers, dots, XV, whispers and their kin compile to
//! forbidden pairs of placements ("at most once" groups of two), which
//! exact cover enforces only once one of the two digits is placed. Here the
//! pairs of each two cells become a table of supports: for each digit of
//! one cell, the digits of the other that go with it. After each choice,
//! a digit of a cell that no candidate of a related cell supports is
//! hidden, and the cells related to it are looked at again, until nothing
//! changes (AC-3). A cell whose candidates are `{4, 6}` then takes 5 from
//! each neighbour of a non-consecutive puzzle, long before either digit is
//! placed.
//!
//! Pairs that forbid only equal digits (anti-knight, a unit) prune nothing
//! that the search does not already do once the related cell has one
//! candidate left, so they make no edge.

use crate::engine::{Count, Propagate, Pruning};
use crate::sudoku::geometry::Geometry;
use crate::sudoku::grid::Grid;

/// A cell of no edge, or a cell with no item in the matrix.
const NONE: u32 = u32::MAX;

/// The supports of the pairwise rules of a geometry, and the buffers of
/// their propagation, reused from puzzle to puzzle.
#[derive(Debug, Clone, Default)]
pub struct PairSupports {
    /// The side of the grid: the number of digits, and of masks per edge.
    side: usize,
    /// The cells some edge starts from, in cell order.
    cells: Vec<u32>,
    /// For each of `cells`, its first edge; one more entry closes the last.
    edge_starts: Vec<u32>,
    /// For each edge, the index in `cells` of the cell it leads to.
    targets: Vec<u32>,
    /// For each edge, `side` masks: the digits of the cell it leads to
    /// (bit `d - 1` for digit `d`) that go with each digit of the cell it
    /// starts from.
    supports: Vec<u64>,
    /// The pairs being read: (from, to, from digit, to digit), both ways.
    pairs: Vec<(u32, u32, u8, u8)>,
    /// The index in `cells` of each cell of the grid, or [`NONE`].
    slots: Vec<u32>,
    /// For each of `cells`, its item in the matrix of the present puzzle,
    /// or [`NONE`] for a filled cell.
    items: Vec<u32>,
    /// For each level of the search (its depth) and each of `cells`, its
    /// candidates when propagation there ended (0 for a cell placed, or
    /// whose options are not single placements).
    masks: Vec<u64>,
    /// Beside `masks`, the options left in each cell's item then.
    counts: Vec<u32>,
    /// The cells whose candidates shrank, whose edges are to look at.
    queue: Vec<u32>,
    /// Whether each of `cells` is in `queue`.
    queued: Vec<bool>,
}

impl PairSupports {
    /// Empty tables; they grow to fit the largest geometry seen.
    pub fn new() -> PairSupports {
        PairSupports::default()
    }

    /// Reads the groups of two placements of `geometry` in two different
    /// cells. Returns false when they make no edge, so that the search
    /// runs without propagation.
    pub fn load(&mut self, geometry: &Geometry) -> bool {
        let n = geometry.side();
        self.side = n;
        self.pairs.clear();
        for group in 0..geometry.groups() {
            let &[first, second] = geometry.group_placements(group) else {
                continue;
            };
            let (a, da) = (first as usize / n, first as usize % n);
            let (b, db) = (second as usize / n, second as usize % n);
            if a != b {
                self.pairs.push((a as u32, b as u32, da as u8, db as u8));
                self.pairs.push((b as u32, a as u32, db as u8, da as u8));
            }
        }
        self.pairs.sort_unstable();
        self.cells.clear();
        self.edge_starts.clear();
        self.targets.clear();
        self.supports.clear();
        self.slots.clear();
        self.slots.resize(geometry.cells(), NONE);
        let all = u64::MAX >> (64 - n);
        let mut edge_cells = Vec::new();
        let mut k = 0;
        while k < self.pairs.len() {
            let (a, b, _, _) = self.pairs[k];
            let start = self.supports.len();
            self.supports.resize(start + n, all);
            if geometry.peers_of(a as usize).contains(&(b as u16)) {
                for (digit, mask) in self.supports[start..].iter_mut().enumerate() {
                    *mask &= !(1 << digit);
                }
            }
            while k < self.pairs.len() && self.pairs[k].0 == a && self.pairs[k].1 == b {
                let (_, _, da, db) = self.pairs[k];
                self.supports[start + da as usize] &= !(1 << db);
                k += 1;
            }
            // An edge that forbids at most the equal digit prunes only
            // what the search itself does; it is dropped.
            let prunes = self.supports[start..]
                .iter()
                .enumerate()
                .any(|(digit, &mask)| mask | 1 << digit != all);
            if !prunes {
                self.supports.truncate(start);
                continue;
            }
            edge_cells.push((a, b));
        }
        for &(a, b) in &edge_cells {
            for cell in [a, b] {
                if self.slots[cell as usize] == NONE {
                    self.slots[cell as usize] = 0;
                }
            }
        }
        for (cell, slot) in self.slots.iter_mut().enumerate() {
            if *slot != NONE {
                *slot = self.cells.len() as u32;
                self.cells.push(cell as u32);
            }
        }
        // Edges are in order of the cell they start from, as `cells`.
        let mut edge = 0;
        for &cell in &self.cells {
            self.edge_starts.push(edge as u32);
            while edge < edge_cells.len() && edge_cells[edge].0 == cell {
                self.targets.push(self.slots[edge_cells[edge].1 as usize]);
                edge += 1;
            }
        }
        self.edge_starts.push(edge as u32);
        !edge_cells.is_empty()
    }

    /// Numbers the cells of the edges as the matrix built from `grid`
    /// numbers its cell items: blank cells in cell order from
    /// `first_cell_item`.
    pub fn number_items(&mut self, grid: &Grid, first_cell_item: u32) {
        self.items.clear();
        let mut item = first_cell_item;
        let mut slot = 0;
        for (cell, &digit) in grid.cells().iter().enumerate() {
            if slot < self.cells.len() && self.cells[slot] as usize == cell {
                self.items.push(if digit == 0 { item } else { NONE });
                slot += 1;
            }
            item += u32::from(digit == 0);
        }
    }

    /// The propagator of these supports for a matrix whose option `k`
    /// places `placements[k]` (`cell << 8 | digit`, digit 0 for an option
    /// that places no single digit).
    pub fn propagator<'a>(&'a mut self, placements: &'a [u32]) -> ArcConsistency<'a> {
        ArcConsistency {
            supports: self,
            placements,
        }
    }
}

/// [`PairSupports`] at work on one matrix: see the module documentation.
#[derive(Debug)]
pub struct ArcConsistency<'a> {
    supports: &'a mut PairSupports,
    placements: &'a [u32],
}

impl Propagate for ArcConsistency<'_> {
    fn propagate<C: Count>(&mut self, pruning: &mut Pruning<'_, C>) {
        let placements = self.placements;
        let PairSupports {
            side,
            edge_starts,
            targets,
            supports,
            items,
            masks,
            counts,
            queue,
            queued,
            ..
        } = &mut *self.supports;
        let (side, slots, depth) = (*side, items.len(), pruning.depth());
        let here = depth * slots;
        if masks.len() < here + slots {
            masks.resize(here + slots, 0);
            counts.resize(here + slots, 0);
        }
        // What the parent level left, where the present level starts.
        let (parent_masks, masks) = masks.split_at_mut(here);
        let (parent_counts, counts) = counts.split_at_mut(here);
        let parent = depth.checked_sub(1).map(|_| {
            (
                &parent_masks[here - slots..],
                &parent_counts[here - slots..],
            )
        });
        queue.clear();
        queued.clear();
        queued.resize(slots, false);
        for (slot, &item) in items.iter().enumerate() {
            let left = match item {
                NONE => None,
                _ => pruning.options_left(item as usize),
            };
            let Some(left) = left else {
                // Filled or placed: the pairs of its digit did their work.
                (masks[slot], counts[slot]) = (0, u32::MAX);
                continue;
            };
            counts[slot] = left as u32;
            if let Some((parent_masks, parent_counts)) = parent {
                // Options are only taken away below a level, so the same
                // count means the same candidates.
                if parent_counts[slot] == left as u32 {
                    masks[slot] = parent_masks[slot];
                    continue;
                }
            }
            let mut mask = 0u64;
            let mut single = true;
            pruning.each_option(item as usize, |option| {
                let digit = placements[option] & 0xff;
                single &= digit != 0;
                mask |= 1u64.wrapping_shl(digit.wrapping_sub(1));
            });
            masks[slot] = if single { mask } else { 0 };
            if masks[slot] != 0 {
                queued[slot] = true;
                queue.push(slot as u32);
            }
        }
        while let Some(from) = queue.pop() {
            let from = from as usize;
            queued[from] = false;
            let candidates = masks[from];
            if candidates == 0 {
                continue;
            }
            let edges = edge_starts[from] as usize..edge_starts[from + 1] as usize;
            for edge in edges {
                let to = targets[edge] as usize;
                let held = masks[to];
                if held == 0 {
                    continue;
                }
                let table = &supports[edge * side..edge * side + side];
                let mut supported = 0;
                let mut digits = candidates;
                while digits != 0 {
                    supported |= table[digits.trailing_zeros() as usize];
                    digits &= digits - 1;
                }
                let unsupported = held & !supported;
                if unsupported == 0 {
                    continue;
                }
                let left = pruning.hide_where(items[to] as usize, |option| {
                    let digit = placements[option] & 0xff;
                    unsupported >> (digit - 1) & 1 == 1
                });
                (masks[to], counts[to]) = (held & supported, left as u32);
                if left == 0 {
                    // A cell with no candidate: the search backtracks.
                    return;
                }
                if !queued[to] {
                    queued[to] = true;
                    queue.push(to as u32);
                }
            }
        }
    }
}
