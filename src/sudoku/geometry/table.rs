//! The rules given as tables: for each way of filling a rule's cells, the
//! digits they hold and the values of the links it shares with other
//! tables.

use crate::sudoku::grid::Grid;

/// A rule given as the lists of digits its cells may hold together (an
/// arrow: every way of filling its bulb and shaft that adds up), which the
/// encoding makes an item of, with an option per list.
///
/// A digit 0 in a list leaves that cell free. A table may also carry
/// values of links ([`Geometry::links`]): numbers several tables share (a
/// partial sum along a little killer's diagonal, the sum of a region-sum
/// line), each way giving each of its links one value; the ways chosen for
/// the tables of a link agree on its value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    /// The cells, in the rule's order.
    pub cells: Vec<usize>,
    /// The lists of digits, `cells.len()` a list, one after another.
    pub tuples: Vec<u8>,
    /// The rule, an index into [`Geometry::rules`], or `u32::MAX` for a
    /// table the search alone reads (a sum that killer cages imply).
    pub rule: u32,
    /// The links of the table, indexes into [`Geometry::links`].
    pub links: Vec<u32>,
    /// The values of the links, `links.len()` per way, one way after
    /// another.
    pub values: Vec<u16>,
}

impl Table {
    /// A table of `cells` with the ways `tuples` and no link.
    pub fn plain(cells: Vec<usize>, tuples: Vec<u8>, rule: u32) -> Table {
        Table {
            cells,
            tuples,
            rule,
            links: Vec::new(),
            values: Vec::new(),
        }
    }

    /// The number of ways.
    pub fn ways(&self) -> usize {
        match (self.cells.len(), self.links.len()) {
            (0, 0) => 0,
            (0, links) => self.values.len() / links,
            (cells, _) => self.tuples.len() / cells,
        }
    }

    /// The lists of digits, one per way of filling the cells.
    pub fn tuples(&self) -> impl Iterator<Item = &[u8]> {
        self.tuples.chunks(self.cells.len().max(1))
    }

    /// The list of digits of way `way`.
    pub fn tuple(&self, way: usize) -> &[u8] {
        let width = self.cells.len();
        &self.tuples[way * width..(way + 1) * width]
    }

    /// The values of the links of way `way`.
    pub fn link_values(&self, way: usize) -> &[u16] {
        let width = self.links.len();
        &self.values[way * width..(way + 1) * width]
    }

    /// True when way `way` agrees with the digits of `grid` (blanks and
    /// free cells agree with any digit).
    pub fn agrees(&self, way: usize, grid: &Grid) -> bool {
        let tuple = self.tuple(way);
        self.cells.iter().zip(tuple).all(|(&cell, &digit)| {
            let placed = grid.cells()[cell];
            placed == 0 || digit == 0 || digit == placed
        })
    }

    /// True when the cells of `grid` are all filled and hold no list; a
    /// table with links is left to [`Geometry::first_broken_table`].
    pub fn is_broken_by(&self, grid: &Grid) -> bool {
        let filled = self.cells.iter().all(|&cell| grid.cells()[cell] != 0);
        self.links.is_empty() && filled && !(0..self.ways()).any(|way| self.agrees(way, grid))
    }
}

/// True when each of `tables` has a way that agrees with `grid` and with
/// the link values of `values` (`None`: not chosen yet), the ways agreeing
/// with each other on every link they share.
pub(super) fn links_agree(tables: &[&Table], grid: &Grid, values: &mut [Option<u16>]) -> bool {
    let Some((table, rest)) = tables.split_first() else {
        return true;
    };
    for way in 0..table.ways() {
        if !table.agrees(way, grid) {
            continue;
        }
        let own = table.link_values(way);
        let fits = table
            .links
            .iter()
            .zip(own)
            .all(|(&link, &value)| values[link as usize].is_none_or(|v| v == value));
        if !fits {
            continue;
        }
        let before: Vec<Option<u16>> = table.links.iter().map(|&l| values[l as usize]).collect();
        for (&link, &value) in table.links.iter().zip(own) {
            values[link as usize] = Some(value);
        }
        if links_agree(rest, grid, values) {
            return true;
        }
        for (&link, value) in table.links.iter().zip(before) {
            values[link as usize] = value;
        }
    }
    false
}
