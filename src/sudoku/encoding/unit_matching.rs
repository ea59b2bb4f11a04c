//! Each unit as a matching of its open cells to its missing digits, run by
//! the search after every choice on large grids.
//!
//! A unit's open cells take its missing digits one each, so the placements
//! left in it must contain a perfect matching between the two, and a
//! placement that lies in no perfect matching is impossible (Régin's
//! filtering of "all different"). Exact cover sees only the two ends of
//! this: a cell with one candidate, a digit with one place. On grids of side
//! 25 and 36, where a unit has dozens of open cells, the search otherwise
//! learns of a set of cells that share too few digits only after filling
//! them, far below the choice that doomed them.
//!
//! With a perfect matching found, an unmatched placement (cell `c`, digit
//! `d`) lies in another perfect matching exactly when it closes an
//! alternating cycle: when the cell matched to `d` can reach `c` by
//! stepping, from a cell, over one of its unmatched digits to the cell that
//! digit is matched to. Units have at most 64 cells, so each cell's digits
//! and each cell's reach are bit masks.
//!
//! Each level of the search starts from what its parent level left: a unit
//! whose items have as many options as they had there is the same graph,
//! so only the units the last choice changed are looked at, and again after
//! each change, until nothing changes.

use crate::engine::{Count, Propagate, Pruning};
use crate::sudoku::geometry::Geometry;

use super::level_counts::level_row;
use super::DIGIT_SLOTS;

/// The buffers of the propagation, reused from puzzle to puzzle.
#[derive(Debug, Clone, Default)]
pub struct UnitMatching {
    /// The (unit, missing digit) items of the present matrix, unit by unit.
    items: Vec<u32>,
    /// Where each unit's items start in `items`; one more entry at the end.
    starts: Vec<u32>,
    /// For each level of the search (its depth) and each entry of `items`,
    /// the options it had when its unit was last looked at there.
    seen: Vec<u32>,
    /// For each cell, its index among the open cells of the unit being
    /// looked at.
    local: Vec<u8>,
    /// The open cells of the unit being looked at, by index.
    cells: Vec<u32>,
}

impl UnitMatching {
    /// Empty buffers; they grow to fit the largest puzzle seen.
    pub fn new() -> UnitMatching {
        UnitMatching::default()
    }

    /// The propagator for a matrix of `geometry` whose item "unit `u` holds
    /// digit `d`" is `unit_items[u][d - 1]` for each digit missing from
    /// `unit_digits[u]`, and whose option `k` places `placements[k]`
    /// (`cell << 8 | digit`). Every option must place one digit: the
    /// geometry has no cages and no tables.
    pub fn propagator<'a>(
        &'a mut self,
        geometry: &Geometry,
        unit_digits: &[u64],
        unit_items: &[[u32; DIGIT_SLOTS]],
        placements: &'a [u32],
    ) -> Matchings<'a> {
        let n = geometry.side();
        self.items.clear();
        self.starts.clear();
        for (&digits, items) in unit_digits.iter().zip(unit_items) {
            self.starts.push(self.items.len() as u32);
            let missing = (0..n).filter(|&digit| digits >> digit & 1 == 0);
            self.items.extend(missing.map(|digit| items[digit]));
        }
        self.starts.push(self.items.len() as u32);
        self.local.resize(geometry.cells(), 0);
        Matchings {
            buffers: self,
            placements,
        }
    }
}

/// The matchings of the units of one matrix: see the module documentation.
#[derive(Debug)]
pub struct Matchings<'a> {
    buffers: &'a mut UnitMatching,
    placements: &'a [u32],
}

impl Propagate for Matchings<'_> {
    fn propagate<C: Count>(&mut self, pruning: &mut Pruning<'_, C>) {
        let placements = self.placements;
        let UnitMatching {
            items,
            starts,
            seen,
            local,
            cells,
        } = &mut *self.buffers;
        let count = items.len();
        let seen = level_row(seen, count, pruning.depth());
        let mut changed = true;
        while changed {
            changed = false;
            for unit in 0..starts.len() - 1 {
                let range = starts[unit] as usize..starts[unit + 1] as usize;
                let mut same = true;
                for (&item, seen) in items[range.clone()].iter().zip(&mut seen[range.clone()]) {
                    let left = pruning.options_left(item as usize).map_or(0, |n| n as u32);
                    same &= *seen == left;
                    *seen = left;
                }
                if same {
                    continue;
                }
                let mut graph = Graph::default();
                cells.clear();
                for &item in &items[range.clone()] {
                    if pruning.options_left(item as usize).is_none() {
                        continue;
                    }
                    let digit = graph.digits;
                    graph.digits += 1;
                    pruning.each_option(item as usize, |option| {
                        let cell = (placements[option] >> 8) as usize;
                        let known = cells.get(local[cell] as usize) == Some(&(cell as u32));
                        if !known {
                            local[cell] = cells.len() as u8;
                            cells.push(cell as u32);
                        }
                        graph.cells_of[digit] |= 1 << local[cell];
                    });
                }
                if graph.digits == 0 {
                    continue;
                }
                let Some(unmatched) = graph.impossible(cells.len()) else {
                    // No perfect matching: empty the first item to end the
                    // branch.
                    let item = items[range.clone()]
                        .iter()
                        .find(|&&item| pruning.options_left(item as usize).is_some());
                    if let Some(&item) = item {
                        pruning.hide_where(item as usize, |_| true);
                    }
                    return;
                };
                let mut digit = 0;
                for (&item, seen) in items[range.clone()].iter().zip(&mut seen[range]) {
                    if pruning.options_left(item as usize).is_none() {
                        continue;
                    }
                    let hide = unmatched[digit];
                    digit += 1;
                    if hide == 0 {
                        continue;
                    }
                    let kept = pruning.hide_where(item as usize, |option| {
                        let cell = (placements[option] >> 8) as usize;
                        hide >> local[cell] & 1 == 1
                    });
                    *seen = kept as u32;
                    changed = true;
                }
            }
        }
    }
}

/// The bipartite graph of one unit: its open digits, numbered in the order
/// of its items, and the cells each can go to.
pub(super) struct Graph {
    /// The digits, numbered from 0.
    pub(super) digits: usize,
    /// For each digit, the cells it can go to, as a bit mask.
    pub(super) cells_of: [u64; 64],
}

impl Default for Graph {
    fn default() -> Self {
        Graph {
            digits: 0,
            cells_of: [0; 64],
        }
    }
}

impl Graph {
    /// For each digit, the cells it can go to in no perfect matching; `None`
    /// when there is no perfect matching between the digits and the `cells`
    /// cells.
    pub(super) fn impossible(&self, cells: usize) -> Option<[u64; 64]> {
        let digits = self.digits;
        if cells != digits {
            return None;
        }
        // Matching by augmenting paths, digit by digit.
        let mut cell_mate = [u8::MAX; 64];
        let mut digit_mate = [0u8; 64];
        for digit in 0..digits {
            let mut visited = 0u64;
            if !self.augment(digit, &mut visited, &mut cell_mate, &mut digit_mate) {
                return None;
            }
        }
        // Cell c steps to the cell matched to each unmatched digit of c.
        let mut steps = [0u64; 64];
        for (&cells, &mate) in self.cells_of[..digits].iter().zip(&digit_mate) {
            let mut others = cells & !(1 << mate);
            let target = 1u64 << mate;
            while others != 0 {
                steps[others.trailing_zeros() as usize] |= target;
                others &= others - 1;
            }
        }
        // What each cell reaches, by repeated steps.
        let mut reach = steps;
        for cell_reach in reach.iter_mut().take(cells) {
            let mut frontier = *cell_reach;
            let mut known = frontier;
            while frontier != 0 {
                let mut next = 0;
                let mut walk = frontier;
                while walk != 0 {
                    next |= steps[walk.trailing_zeros() as usize];
                    walk &= walk - 1;
                }
                frontier = next & !known;
                known |= next;
            }
            *cell_reach = known;
        }
        // (c, d) unmatched is possible when the mate of d reaches c.
        let mut impossible = [0u64; 64];
        for digit in 0..digits {
            let mate = digit_mate[digit] as usize;
            let mut others = self.cells_of[digit] & !(1 << mate);
            while others != 0 {
                let cell = others.trailing_zeros();
                others &= others - 1;
                if reach[mate] >> cell & 1 == 0 {
                    impossible[digit] |= 1 << cell;
                }
            }
        }
        Some(impossible)
    }

    /// Finds a cell for `digit` along an augmenting path (Kuhn's
    /// algorithm); false when there is none.
    fn augment(
        &self,
        digit: usize,
        visited: &mut u64,
        cell_mate: &mut [u8; 64],
        digit_mate: &mut [u8; 64],
    ) -> bool {
        let mut free = self.cells_of[digit] & !*visited;
        while free != 0 {
            let cell = free.trailing_zeros() as usize;
            free &= free - 1;
            *visited |= 1 << cell;
            let mate = cell_mate[cell];
            if mate == u8::MAX || self.augment(mate as usize, visited, cell_mate, digit_mate) {
                cell_mate[cell] = digit as u8;
                digit_mate[digit] = cell as u8;
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every perfect matching of `graph`, by brute force: for each digit,
    /// the cells it takes in some perfect matching.
    fn possible_by_brute_force(graph: &Graph, cells: usize) -> Option<[u64; 64]> {
        fn walk(
            graph: &Graph,
            digit: usize,
            used: u64,
            chosen: &mut Vec<usize>,
            found: &mut [u64; 64],
            any: &mut bool,
        ) {
            if digit == graph.digits {
                *any = true;
                for (digit, &cell) in chosen.iter().enumerate() {
                    found[digit] |= 1 << cell;
                }
                return;
            }
            let mut free = graph.cells_of[digit] & !used;
            while free != 0 {
                let cell = free.trailing_zeros() as usize;
                free &= free - 1;
                chosen.push(cell);
                walk(graph, digit + 1, used | 1 << cell, chosen, found, any);
                chosen.pop();
            }
        }
        if cells != graph.digits {
            return None;
        }
        let mut found = [0u64; 64];
        let mut any = false;
        walk(graph, 0, 0, &mut Vec::new(), &mut found, &mut any);
        any.then_some(found)
    }

    #[test]
    fn the_impossible_placements_are_those_in_no_perfect_matching() {
        // Every bipartite graph of up to 5 digits from a small generator.
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..20_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let digits = 1 + (state % 6) as usize;
            let mut graph = Graph {
                digits,
                ..Graph::default()
            };
            let all = (1u64 << digits) - 1;
            for (digit, cells) in graph.cells_of[..digits].iter_mut().enumerate() {
                *cells = (state >> (8 + 6 * digit)) & all;
            }
            let expected = possible_by_brute_force(&graph, digits);
            let found = graph.impossible(digits);
            match (expected, found) {
                (None, None) => {}
                (Some(possible), Some(impossible)) => {
                    for digit in 0..digits {
                        assert_eq!(
                            impossible[digit],
                            graph.cells_of[digit] & !possible[digit],
                            "{:?}",
                            &graph.cells_of[..digits]
                        );
                    }
                }
                (expected, found) => panic!(
                    "{:?}: perfect matching {} by brute force, {} found",
                    &graph.cells_of[..digits],
                    expected.is_some(),
                    found.is_some()
                ),
            }
        }
    }
}
