//! The rules that relate two cells, as tables of supports: for each two
//! related cells and each digit of one, the digits of the other that go
//! with it.
//!
//! Thermometers, dots, XV, whispers and their kin compile to forbidden
//! pairs of placements in two cells, gathered in stars ("at most once"
//! groups of one placement and the digits of the other cell it refuses).
//! Read once when a geometry is built, the stars of each two cells become
//! one edge of a graph on the cells, with a mask per digit; the
//! search propagates them (see `crate::sudoku::encoding`), and anything
//! else that wants to know which digits of a cell a neighbour allows can
//! read them here.
//!
//! Pairs that forbid only equal digits (anti-knight, anti-king, two cells
//! of a unit) make no edge: they prune nothing the search does not do
//! itself once the related cell has one candidate left.

/// A cell in no edge.
const NONE: u32 = u32::MAX;

/// Forbidden pairs of placements that share one placement: `centre` and
/// each digit of `digits` (bit `d - 1` for digit `d`) in cell `other`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Star {
    /// The shared placement: a cell and its digit, from 1.
    pub(crate) centre: (usize, u8),
    /// The cell of the other placements.
    pub(crate) other: usize,
    /// Their digits, as bits.
    pub(crate) digits: u64,
}

/// The edges between cells that rules relate, with their supports; see
/// the module documentation.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Relations {
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
    /// For each edge, the most digits of the cell it starts from that can
    /// together leave a digit of the other cell unsupported: with more
    /// candidates than that, the edge prunes nothing.
    reaches: Vec<u8>,
    /// For each of `cells`, the largest reach of its edges.
    cell_reaches: Vec<u8>,
    /// The pairs of different digits the edges forbid, each edge counting
    /// its own (so each pair of cells twice).
    different_pairs: usize,
}

impl Relations {
    /// The relations of a grid of `side` and `cells` cells whose forbidden
    /// pairs are gathered in `stars`: each a placement (cell, digit from 1)
    /// and the digits of another cell (bit `d - 1` for digit `d`) that it
    /// forbids. `are_peers` tells whether two cells share a unit, whose
    /// digits then differ as well.
    pub(crate) fn new(
        side: usize,
        cells: usize,
        stars: &[Star],
        are_peers: impl Fn(usize, usize) -> bool,
    ) -> Relations {
        let all = u64::MAX >> (64 - side);
        // Each two related cells, the lower first, with two tables of
        // `side` masks: the digits of the higher cell that go with each
        // digit of the lower, then the other way. The stars of a rule come
        // one cell pair after another, and the cell pairs of each lower
        // cell are chained from it for the others.
        // Room for a relation between each cell and its king's-move
        // neighbours, which most rules relate, so that the lists do not
        // grow by doubling from empty.
        let likely_pairs = stars.len().min(4 * cells);
        let mut cell_pairs: Vec<(u32, u32)> = Vec::with_capacity(likely_pairs);
        let mut tables: Vec<u64> = Vec::with_capacity(likely_pairs * 2 * side);
        let mut first_pair_of = vec![NONE; cells];
        let mut next_pair: Vec<u32> = Vec::with_capacity(likely_pairs);
        let (mut current_cells, mut current) = ((usize::MAX, usize::MAX), 0);
        for &Star {
            centre: (a, digit),
            other: b,
            digits,
        } in stars
        {
            if a == b || digits == 0 {
                continue;
            }
            let (low, high) = (a.min(b), a.max(b));
            if (low, high) != current_cells {
                let mut found = first_pair_of[low];
                while found != NONE && cell_pairs[found as usize].1 as usize != high {
                    found = next_pair[found as usize];
                }
                if found == NONE {
                    found = cell_pairs.len() as u32;
                    cell_pairs.push((low as u32, high as u32));
                    next_pair.push(first_pair_of[low]);
                    first_pair_of[low] = found;
                    let start = tables.len();
                    tables.resize(start + 2 * side, all);
                    let ways = tables[start..].chunks_mut(side);
                    for ((from, to), table) in [(low, high), (high, low)].into_iter().zip(ways) {
                        if are_peers(from, to) {
                            for (digit, mask) in table.iter_mut().enumerate() {
                                *mask &= !(1 << digit);
                            }
                        }
                    }
                }
                (current_cells, current) = ((low, high), found as usize);
            }
            let both_ways = &mut tables[current * 2 * side..(current + 1) * 2 * side];
            let (from_centre, to_centre) = both_ways.split_at_mut(side);
            let (from_centre, to_centre) = match a < b {
                true => (from_centre, to_centre),
                false => (to_centre, from_centre),
            };
            from_centre[digit as usize - 1] &= !digits;
            let mut others = digits;
            while others != 0 {
                to_centre[others.trailing_zeros() as usize] &= !(1 << (digit - 1));
                others &= others - 1;
            }
        }
        // Both ways of each two cells, as (from, to, table), in the order of
        // the cells they start from (counted into place), then of those they
        // lead to (each cell's few sorted).
        let mut starts = vec![0u32; cells + 1];
        for &(low, high) in &cell_pairs {
            starts[low as usize + 1] += 1;
            starts[high as usize + 1] += 1;
        }
        for cell in 0..cells {
            starts[cell + 1] += starts[cell];
        }
        let mut directed = vec![(0u32, 0u32, 0u32); 2 * cell_pairs.len()];
        let mut next = starts.clone();
        for (index, &(low, high)) in cell_pairs.iter().enumerate() {
            let index = index as u32;
            for (from, to, table) in [(low, high, 2 * index), (high, low, 2 * index + 1)] {
                directed[next[from as usize] as usize] = (from, to, table);
                next[from as usize] += 1;
            }
        }
        for (&start, &end) in starts.iter().zip(&starts[1..]) {
            if end - start > 1 {
                directed[start as usize..end as usize].sort_unstable_by_key(|&(_, to, _)| to);
            }
        }
        let mut relations = Relations {
            side,
            reaches: Vec::with_capacity(directed.len()),
            supports: Vec::with_capacity(directed.len() * side),
            ..Relations::default()
        };
        let mut edges = Vec::with_capacity(directed.len());
        for &(a, b, table) in &directed {
            let reverse = table ^ 1;
            let table = &tables[table as usize * side..(table as usize + 1) * side];
            let reverse = &tables[reverse as usize * side..(reverse as usize + 1) * side];
            // The pairs this edge forbids, read from the digits of the
            // other cell: the reverse table says which digits of this one
            // go with each, since the two ways agree. The edge prunes when
            // it forbids some pair of different digits.
            let (mut missing, mut reach) = (0, 0);
            let mut same = 0;
            for (digit, (&mask, &back)) in table.iter().zip(reverse).enumerate() {
                same += (!mask >> digit & 1) as u32;
                let unsupported = (all & !back).count_ones();
                missing += unsupported;
                reach = reach.max(unsupported);
            }
            let different = (missing - same) as usize;
            if different > 0 {
                relations.different_pairs += different;
                edges.push((a, b));
                relations.reaches.push(reach as u8);
                relations.supports.extend_from_slice(table);
            }
        }
        let mut slots = vec![NONE; cells];
        if !edges.is_empty() {
            relations.cells.reserve(cells);
        }
        for &(a, b) in &edges {
            (slots[a as usize], slots[b as usize]) = (0, 0);
        }
        for (cell, slot) in slots.iter_mut().enumerate() {
            if *slot != NONE {
                *slot = relations.cells.len() as u32;
                relations.cells.push(cell as u32);
            }
        }
        // Edges are in the order of the cells they start from.
        let related = relations.cells.len();
        relations.edge_starts.reserve(related + 1);
        relations.cell_reaches.reserve(related);
        relations.targets.reserve(edges.len());
        let mut edge = 0;
        for &cell in &relations.cells {
            relations.edge_starts.push(edge as u32);
            let mut reach = 0;
            while edge < edges.len() && edges[edge].0 == cell {
                relations.targets.push(slots[edges[edge].1 as usize]);
                reach = reach.max(relations.reaches[edge]);
                edge += 1;
            }
            relations.cell_reaches.push(reach);
        }
        relations.edge_starts.push(edge as u32);
        relations
    }

    /// True when no two cells are related.
    pub fn is_empty(&self) -> bool {
        self.targets.is_empty()
    }

    /// The side of the grid.
    pub fn side(&self) -> usize {
        self.side
    }

    /// The cells in some edge, in cell order; the edges name them by their
    /// index here.
    pub fn cells(&self) -> &[u32] {
        &self.cells
    }

    /// The edges from the cell of index `from` in [`Relations::cells`],
    /// as the index of the cell each leads to, its reach (with more
    /// candidates than that in this cell, the edge prunes nothing), and its
    /// supports: the digits of that cell that go with each digit of this
    /// one (bit `d - 1` for digit `d`).
    #[inline]
    pub fn edges(&self, from: usize) -> impl Iterator<Item = (usize, u32, &[u64])> {
        let edges = self.edge_starts[from] as usize..self.edge_starts[from + 1] as usize;
        edges.map(move |edge| {
            let table = &self.supports[edge * self.side..edge * self.side + self.side];
            (
                self.targets[edge] as usize,
                u32::from(self.reaches[edge]),
                table,
            )
        })
    }

    /// The number of edges, each way of two related cells counting as one.
    pub fn edge_count(&self) -> usize {
        self.targets.len()
    }

    /// The pairs of different digits the edges forbid together, summed over
    /// the edges (so each pair of related cells counts twice).
    pub fn different_pairs(&self) -> usize {
        self.different_pairs
    }

    /// The largest reach of the edges from the cell of index `from`: with
    /// more candidates than that, the cell prunes none of its neighbours.
    #[inline]
    pub fn reach(&self, from: usize) -> u32 {
        u32::from(self.cell_reaches[from])
    }
}

/// The digits of an edge's target that some digit of `candidates` (bit
/// `d - 1` for digit `d`) goes with, by the edge's supports `table` (see
/// [`Relations::edges`]).
#[inline]
pub(crate) fn supported_by(table: &[u64], candidates: u64) -> u64 {
    let mut supported = 0;
    let mut digits = candidates;
    while digits != 0 {
        supported |= table[digits.trailing_zeros() as usize];
        digits &= digits - 1;
    }
    supported
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_become_supports_both_ways_and_equal_digit_pairs_make_no_edge() {
        // Side 4, cells 0 and 1 (peers): 1 at cell 0 forbids 2 at cell 1.
        // Cells 2 and 3 (not peers): only equal digits forbidden.
        let star = |centre, other, digits| Star {
            centre,
            other,
            digits,
        };
        // The pair (0, 1)-(1, 2) given from cell 1's side.
        let pairs: Vec<Star> = [star((0, 2), 1, 0b10), star((1, 2), 0, 0b1)]
            .into_iter()
            .chain((1..=4).map(|d| star((2, d), 3, 1 << (d - 1))))
            .collect();
        let relations = Relations::new(4, 4, &pairs, |a, b| a / 2 == b / 2 && a < 2);
        assert_eq!(relations.cells(), &[0, 1]);
        let (to, reach, table) = relations.edges(0).next().unwrap();
        assert_eq!((to, reach), (1, 2));
        assert_eq!(relations.reach(0), 2);
        // Digit 1 of cell 0: 2 forbidden by the pair, 1 by the unit.
        assert_eq!(table, &[0b1100, 0b1101, 0b1011, 0b0111]);
        let (back, reach, table) = relations.edges(1).next().unwrap();
        assert_eq!((back, reach), (0, 2));
        assert_eq!(table, &[0b1110, 0b1100, 0b1011, 0b0111]);
        // One pair of different digits, counted from each side; the unit's
        // equal digits are not counted.
        assert_eq!(
            (relations.edge_count(), relations.different_pairs()),
            (2, 2)
        );
        let equal: Vec<Star> = (1..=4).map(|d| star((3, d), 2, 1 << (d - 1))).collect();
        assert!(Relations::new(4, 4, &equal, |_, _| false).is_empty());
    }

    #[test]
    fn a_star_forbids_each_of_its_digits_both_ways() {
        // Side 4, cells 0 and 1 not peers: 1 at cell 1 forbids 2 and 3 at
        // cell 0.
        let stars = [Star {
            centre: (1, 1),
            other: 0,
            digits: 0b0110,
        }];
        let relations = Relations::new(4, 2, &stars, |_, _| false);
        let (to, reach, table) = relations.edges(0).next().unwrap();
        assert_eq!(to, 1);
        // Cell 0's 2 and 3 go with every digit of cell 1 but 1: two digits
        // leave 1 unsupported.
        assert_eq!(table, &[0b1111, 0b1110, 0b1110, 0b1111]);
        assert_eq!(reach, 2);
        let (to, reach, table) = relations.edges(1).next().unwrap();
        assert_eq!(to, 0);
        assert_eq!(table, &[0b1001, 0b1111, 0b1111, 0b1111]);
        assert_eq!(reach, 1);
        assert_eq!(
            (relations.edge_count(), relations.different_pairs()),
            (2, 4)
        );
    }
}
