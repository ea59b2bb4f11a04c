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

/// A relation between the digits of two cells on each of `pairs`: for each
/// digit `x` of the first cell (index `x - 1` of `refused`), the digits of
/// the second (bit `d - 1` for digit `d`) that may not stand with it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct PairRelation<'a> {
    /// The pairs of cells, first and second.
    pub(crate) pairs: &'a [[usize; 2]],
    /// The digits of the second cell each digit of the first refuses.
    pub(crate) refused: &'a [u64],
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

/// The pairs of cells related so far, with the two tables of each (the
/// digits of the higher cell that go with each digit of the lower, then
/// the other way), while [`Relations::new`] reads the rules.
struct CellPairs {
    /// The side of the grid.
    side: usize,
    /// The two tables of a new pair: every digit with every digit.
    fresh: Vec<u64>,
    /// The same for cells that share a unit: every digit with every other.
    fresh_peers: Vec<u64>,
    /// Each two related cells, the lower first.
    cell_pairs: Vec<(u32, u32)>,
    /// The two tables of each of `cell_pairs`, `side` masks each.
    tables: Vec<u64>,
    /// For each cell, its last pair as the lower cell, or [`NONE`].
    first_pair_of: Vec<u32>,
    /// For each pair, the lower cell's pair before it, or [`NONE`].
    next_pair: Vec<u32>,
}

impl CellPairs {
    /// The index of the pair of cells `low` and `high` (`low < high`),
    /// added with every digit allowed, but equal digits in cells that
    /// `are_peers`, when it is new.
    fn slot(&mut self, low: usize, high: usize, are_peers: impl Fn(usize, usize) -> bool) -> usize {
        let mut found = self.first_pair_of[low];
        while found != NONE && self.cell_pairs[found as usize].1 as usize != high {
            found = self.next_pair[found as usize];
        }
        if found == NONE {
            found = self.cell_pairs.len() as u32;
            self.cell_pairs.push((low as u32, high as u32));
            self.next_pair.push(self.first_pair_of[low]);
            self.first_pair_of[low] = found;
            // Sharing a unit is the same both ways.
            let fresh = match are_peers(low, high) {
                true => &self.fresh_peers,
                false => &self.fresh,
            };
            self.tables.extend_from_slice(fresh);
        }
        found as usize
    }

    /// The two tables of pair `slot`: from its lower cell first when
    /// `lower_first`, else from its higher cell first.
    #[inline]
    fn ways(&mut self, slot: usize, lower_first: bool) -> (&mut [u64], &mut [u64]) {
        let side = self.side;
        let both_ways = &mut self.tables[slot * 2 * side..(slot + 1) * 2 * side];
        let (from_lower, from_higher) = both_ways.split_at_mut(side);
        match lower_first {
            true => (from_lower, from_higher),
            false => (from_higher, from_lower),
        }
    }
}

impl Relations {
    /// The relations of a grid of `side` and `cells` cells whose forbidden
    /// pairs are gathered in `stars`, each a placement (cell, digit from 1)
    /// and the digits of another cell (bit `d - 1` for digit `d`) that it
    /// forbids, and in `pair_relations`, each the same refusals on many
    /// pairs of cells. `are_peers` tells whether two cells share a unit,
    /// whose digits then differ as well.
    pub(crate) fn new<'a>(
        side: usize,
        cells: usize,
        stars: &[Star],
        pair_relations: impl Iterator<Item = PairRelation<'a>>,
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
        let pair_relations: Vec<PairRelation> = pair_relations.collect();
        let related_pairs: usize = pair_relations.iter().map(|rule| rule.pairs.len()).sum();
        let likely_pairs = (stars.len() + related_pairs).min(4 * cells);
        let fresh = vec![all; 2 * side];
        let fresh_peers = (0..2 * side)
            .map(|entry| all & !(1 << (entry % side)))
            .collect();
        let mut pairs = CellPairs {
            side,
            fresh,
            fresh_peers,
            cell_pairs: Vec::with_capacity(likely_pairs),
            tables: Vec::with_capacity(likely_pairs * 2 * side),
            first_pair_of: vec![NONE; cells],
            next_pair: Vec::with_capacity(likely_pairs),
        };
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
                (current_cells, current) = ((low, high), pairs.slot(low, high, &are_peers));
            }
            let (from_centre, to_centre) = pairs.ways(current, a < b);
            from_centre[digit as usize - 1] &= !digits;
            let mut others = digits;
            while others != 0 {
                to_centre[others.trailing_zeros() as usize] &= !(1 << (digit - 1));
                others &= others - 1;
            }
        }
        for relation in &pair_relations {
            // The same refusals read from the second cell, once for all
            // the pairs.
            let refused = &relation.refused[..side];
            let refused_by = transposed(refused);
            for &[a, b] in relation.pairs {
                if a == b {
                    continue;
                }
                let slot = pairs.slot(a.min(b), a.max(b), &are_peers);
                let (from_first, from_second) = pairs.ways(slot, a < b);
                for (mask, &refused) in from_first.iter_mut().zip(refused) {
                    *mask &= !refused;
                }
                for (mask, &refused) in from_second.iter_mut().zip(&refused_by) {
                    *mask &= !refused;
                }
            }
        }
        let CellPairs {
            cell_pairs, tables, ..
        } = pairs;
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
        // For each table, the most digits of its cell that can leave a
        // digit of the other unsupported, read from the other way's table
        // (the two ways agree); and for each pair of cells, the pairs of
        // different digits it forbids (the same count both ways): the edge
        // prunes when there are some.
        let mut reach_of = Vec::with_capacity(tables.len() / side);
        let mut different_of = Vec::with_capacity(cell_pairs.len());
        for both_ways in tables.chunks_exact(2 * side) {
            let (low_way, high_way) = both_ways.split_at(side);
            let (mut missing, mut same) = (0, 0);
            let (mut low_reach, mut high_reach) = (0, 0);
            for (digit, (&from_low, &from_high)) in low_way.iter().zip(high_way).enumerate() {
                same += (!from_low >> digit & 1) as u32;
                let (unsupported_high, unsupported_low) = (
                    count_digits(all & !from_low),
                    count_digits(all & !from_high),
                );
                missing += unsupported_high;
                high_reach = high_reach.max(unsupported_high);
                low_reach = low_reach.max(unsupported_low);
            }
            reach_of.extend([low_reach as u8, high_reach as u8]);
            different_of.push((missing - same) as usize);
        }
        let mut edges = Vec::with_capacity(directed.len());
        for &(a, b, table) in &directed {
            let different = different_of[table as usize / 2];
            if different > 0 {
                relations.different_pairs += different;
                edges.push((a, b));
                relations.reaches.push(reach_of[table as usize]);
                let table = &tables[table as usize * side..(table as usize + 1) * side];
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

/// The same refusals read from the other cell: for each digit `y` of the
/// second cell, the digits `x` of the first (bit `x - 1`) whose mask in
/// `refused` (index `x - 1`) holds `y`.
pub(crate) fn transposed(refused: &[u64]) -> [u64; 64] {
    let mut by_second = [0u64; 64];
    for (x, &ys) in refused.iter().enumerate() {
        let mut ys = ys;
        while ys != 0 {
            by_second[ys.trailing_zeros() as usize] |= 1 << x;
            ys &= ys - 1;
        }
    }
    by_second
}

/// The number of digits in each mask of nine digits or fewer.
const DIGITS_OF_NINE: [u8; 512] = {
    let mut counts = [0u8; 512];
    let mut mask = 0;
    while mask < 512 {
        counts[mask] = (mask as u32).count_ones() as u8;
        mask += 1;
    }
    counts
};

/// The number of digits in `mask`: read from a table up to 9x9, where the
/// build targets processors without a population count instruction.
#[inline]
fn count_digits(mask: u64) -> u32 {
    match DIGITS_OF_NINE.get(mask as usize) {
        Some(&count) => u32::from(count),
        None => mask.count_ones(),
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
    fn digits_are_counted_alike_below_and_above_nine() {
        for mask in (0..4096u64).chain([1 << 24 | 5, u64::MAX >> 39, u64::MAX]) {
            assert_eq!(count_digits(mask), mask.count_ones(), "{mask:b}");
        }
    }

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
        let relations = Relations::new(4, 4, &pairs, std::iter::empty(), |a, b| {
            a / 2 == b / 2 && a < 2
        });
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
        assert!(Relations::new(4, 4, &equal, std::iter::empty(), |_, _| false).is_empty());
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
        let relations = Relations::new(4, 2, &stars, std::iter::empty(), |_, _| false);
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
