//! The first two rows of the canonical form of a filled grid, found
//! without trying every order of its first row.
//!
//! On a filled grid every digit is new in the first row of the form, which
//! always reads 1, 2, ..., n: the order of its columns is the relabelling.
//! The general search (`super::canon`) would try every order (1,296 for a
//! 9x9 row) before the second row tells them apart. Here the second row is
//! minimised directly: its value at column `j` is the position in the first
//! row of the digit it holds, so the search places columns slot by slot,
//! and each digit's column at the first place the boxes still allow, the
//! smallest value it can take. Only the choice of which column fills a
//! slot branches, and a choice that makes the row larger than the best so
//! far is dropped at once.

use super::canon_node::{Node, Shape, MAX};

/// An unplaced column or stack.
const NONE: u8 = u8::MAX;

/// The search for the smallest second row of one choice of first and
/// second rows: which column is at each slot, and which stack at each
/// place of stacks.
struct Places {
    w: usize,
    /// `sigma[c]`: the column of the first row holding the digit the second
    /// row holds at column `c`.
    sigma: [u8; MAX],
    col_at: [u8; MAX],
    slot_of: [u8; MAX],
    stack_at: [u8; MAX],
    stack_of: [u8; MAX],
    values: [u8; MAX],
}

/// What the search of all choices shares: the smallest second row so far
/// and the candidates that give it.
pub(super) struct Best<'a> {
    pub row: [u8; MAX],
    pub found: bool,
    pub nodes: &'a mut Vec<Node>,
}

/// Adds to `best` the candidates, at depth 2, whose second row is the
/// smallest of those that first row `r1`, second row `r2` of orientation
/// `orient` of the filled `grid` can make.
pub(super) fn second_rows(
    shape: Shape,
    grid: &[u8],
    orient: u8,
    (r1, r2): (usize, usize),
    best: &mut Best<'_>,
) {
    let n = shape.n;
    let (row1, row2) = (&grid[r1 * n..(r1 + 1) * n], &grid[r2 * n..(r2 + 1) * n]);
    let mut column_of = [0u8; MAX];
    for (c, &v) in row1.iter().enumerate() {
        column_of[usize::from(v)] = c as u8;
    }
    let mut places = Places {
        w: shape.stack,
        sigma: [0; MAX],
        col_at: [NONE; MAX],
        slot_of: [NONE; MAX],
        stack_at: [NONE; MAX],
        stack_of: [NONE; MAX],
        values: [0; MAX],
    };
    for (c, &v) in row2.iter().enumerate() {
        places.sigma[c] = column_of[usize::from(v)];
    }
    let mut leaf = |places: &Places, best: &mut Best<'_>| {
        let mut node = Node::start(shape, orient);
        node.rows[0] = r1 as u8;
        node.rows[1] = r2 as u8;
        node.cols = places.col_at;
        node.col_cut = (1u64 << n) - 1;
        node.stack_cut = (1u64 << shape.stacks) - 1;
        for (j, &c) in places.col_at[..n].iter().enumerate() {
            node.labels[usize::from(row1[usize::from(c)])] = j as u8 + 1;
        }
        node.next_label = n as u8 + 1;
        best.nodes.push(node);
    };
    places.fill(n, 0, best, &mut leaf);
}

impl Places {
    /// Fills slot `j` and the rest.
    fn fill(
        &mut self,
        n: usize,
        j: usize,
        best: &mut Best<'_>,
        leaf: &mut impl FnMut(&Places, &mut Best<'_>),
    ) {
        if j == n {
            if !best.found || self.values[..n] < best.row[..n] {
                best.found = true;
                best.row[..n].copy_from_slice(&self.values[..n]);
                best.nodes.clear();
            }
            return leaf(self, best);
        }
        if self.col_at[j] != NONE {
            return self.value_at(n, j, usize::from(self.col_at[j]), best, leaf);
        }
        let place = j / self.w;
        let fixed = self.stack_at[place];
        for stack in 0..n / self.w {
            let free = self.stack_of[stack] == NONE;
            if (fixed != NONE && stack != usize::from(fixed)) || (fixed == NONE && !free) {
                continue;
            }
            let assigned = fixed == NONE;
            if assigned {
                self.put_stack(stack, place);
            }
            for c in stack * self.w..(stack + 1) * self.w {
                if self.slot_of[c] == NONE {
                    self.put(c, j);
                    self.value_at(n, j, c, best, leaf);
                    self.take(c, j);
                }
            }
            if assigned {
                self.stack_at[place] = NONE;
                self.stack_of[stack] = NONE;
            }
        }
    }

    /// With column `c` at slot `j`: places the column its value points to
    /// at the first place the stacks allow, compares, and goes on.
    fn value_at(
        &mut self,
        n: usize,
        j: usize,
        c: usize,
        best: &mut Best<'_>,
        leaf: &mut impl FnMut(&Places, &mut Best<'_>),
    ) {
        let d = usize::from(self.sigma[c]);
        let (mut placed, mut new_stack) = (None, None);
        if self.slot_of[d] == NONE {
            let stack = d / self.w;
            let place = if self.stack_of[stack] != NONE {
                usize::from(self.stack_of[stack])
            } else {
                // The digits of one box differ from row to row, so `d` is
                // in another stack than `c`: the first free place.
                let place = (0..n / self.w).find(|&p| self.stack_at[p] == NONE);
                let place = place.expect("a free place for a stack");
                self.put_stack(stack, place);
                new_stack = Some((stack, place));
                place
            };
            let slot = (place * self.w..(place + 1) * self.w).find(|&s| self.col_at[s] == NONE);
            let slot = slot.expect("a free slot in the stack");
            self.put(d, slot);
            placed = Some(slot);
        }
        let value = self.slot_of[d] + 1;
        self.values[j] = value;
        // Rows that read larger than the best so far are dropped here.
        if !best.found || self.values[..=j] <= best.row[..=j] {
            self.fill(n, j + 1, best, leaf);
        }
        if let Some(slot) = placed {
            self.take(d, slot);
        }
        if let Some((stack, place)) = new_stack {
            self.stack_at[place] = NONE;
            self.stack_of[stack] = NONE;
        }
    }

    fn put(&mut self, c: usize, slot: usize) {
        self.col_at[slot] = c as u8;
        self.slot_of[c] = slot as u8;
    }

    fn take(&mut self, c: usize, slot: usize) {
        self.col_at[slot] = NONE;
        self.slot_of[c] = NONE;
    }

    fn put_stack(&mut self, stack: usize, place: usize) {
        self.stack_at[place] = stack as u8;
        self.stack_of[stack] = place as u8;
    }
}
