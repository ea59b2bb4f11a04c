//! The tables in the exact-cover encoding (arrows: the ways of filling a
//! rule's cells): an item per table, one option per way still open, and
//! the secondary items that tie a way to the placements of its cells.
//!
//! For table `t`, cell `k` of it and digit `d` there is a secondary item
//! X(t, k, d). The placement of `d` in that cell covers X(t, k, d); the
//! option of a way covers the table's item and X(t, k, e) for every other
//! digit `e` of each of its blank cells. Choosing a way thus leaves each of
//! its cells only the way's digit, and placing a digit removes every way
//! that gives the cell another: the trick of the cages' combinations, here
//! with one digit per cell. A cell a way leaves free (digit 0) has no X
//! items in its option.
//!
//! A link `l` of the tables (a number several tables share) is a primary
//! item with one option per value `v`; for each table `t` with the link in
//! its slot `s` there are secondary items Y(t, s, v) for every value. The
//! option of value `v` covers Y(t, s, v') for every such table and slot and
//! every other value `v'`; a way's option covers Y(t, s, its value). So a
//! way whose value is not the link's chosen value shares an item with it:
//! the ways chosen for the tables of a link agree on its value (Knuth's
//! colours, emulated with one copy of the items per table).

use super::table_supports::TableWays;
use super::{CellByCell, Count, Geometry, Grid, Matrix};

/// The items of the tables of a build.
#[derive(Debug, Clone, Default)]
pub(super) struct TableItems {
    /// The primary item of each table.
    items: Vec<u32>,
    /// The first X item of each table: X(t, k, d) is `bases[t] + k * side
    /// + d` (digit from 0).
    bases: Vec<u32>,
    /// The first Y item of each table: Y(t, s, v) is `link_bases[t] + the
    /// values of the table's links before slot s + v`.
    link_bases: Vec<u32>,
    /// The primary item of the first link; the others follow.
    first_link: u32,
}

impl TableItems {
    /// Numbers the items of the tables of `geometry`: primary ones from
    /// `first_primary` (the caller leaves room for one per table and one
    /// per link), X and Y items from `first_secondary`. Returns the number
    /// of X and Y items.
    pub(super) fn number(
        &mut self,
        geometry: &Geometry,
        first_primary: u32,
        first_secondary: u32,
    ) -> u32 {
        let n = geometry.side() as u32;
        self.items.clear();
        self.bases.clear();
        self.link_bases.clear();
        self.first_link = first_primary + geometry.tables().len() as u32;
        let mut next = first_secondary;
        for (index, table) in geometry.tables().iter().enumerate() {
            self.items.push(first_primary + index as u32);
            self.bases.push(next);
            next += table.cells.len() as u32 * n;
        }
        for table in geometry.tables() {
            self.link_bases.push(next);
            next += link_slots(geometry, table);
        }
        next - first_secondary
    }

    /// True when the last build had tables.
    #[inline]
    pub(super) fn in_use(&self) -> bool {
        !self.items.is_empty()
    }

    /// Appends the X items the placement of `digit` (from 0) in `cell`
    /// covers.
    pub(super) fn push_items(
        &self,
        geometry: &Geometry,
        cell: usize,
        digit: usize,
        items: &mut Vec<usize>,
    ) {
        let n = geometry.side();
        for (table, base) in geometry.tables().iter().zip(&self.bases) {
            if let Some(k) = table.cells.iter().position(|&c| c == cell) {
                items.push(*base as usize + k * n + digit);
            }
        }
    }
}

/// The Y items of `table`: one per value of each of its links.
fn link_slots(geometry: &Geometry, table: &crate::sudoku::geometry::Table) -> u32 {
    let links = geometry.links();
    table
        .links
        .iter()
        .map(|&link| u32::from(links[link as usize]) + 1)
        .sum()
}

impl CellByCell<'_> {
    /// Adds the option of every way of every table that agrees with the
    /// digits of `grid` and gives each blank cell a digit still free there;
    /// each stands in `placements` for no placement. Writes the tables, as
    /// their propagation reads them, into `ways` (cleared before the
    /// build), `cell_items` the scratch space of the items of the cells.
    pub(super) fn add_table_options<C: Count>(
        &self,
        grid: &Grid,
        matrix: &mut Matrix<C>,
        placements: &mut Vec<u32>,
        items: &mut Vec<usize>,
        (ways, cell_items): (&mut TableWays, &mut Vec<u32>),
    ) {
        let geometry = self.geometry;
        let n = geometry.side();
        let tables = &self.cages.tables;
        // The item of each blank cell: numbered in cell order.
        cell_items.clear();
        let mut next = self.first_cell_item;
        for &digit in grid.cells() {
            cell_items.push(next);
            next += u32::from(digit == 0);
        }
        // Filled cells, and those whose options are assignments that place
        // several digits, are not read.
        let item_of = |cell: usize| {
            let read = grid.cells()[cell] == 0 && !self.cages.assigns(geometry, cell);
            read.then(|| cell_items[cell])
        };
        for (index, table) in geometry.tables().iter().enumerate() {
            let cells = table.cells.iter().map(|&cell| item_of(cell));
            let links = table.links.iter().copied();
            ways.begin(tables.items[index], matrix.options(), cells, links);
            let free: Vec<u64> = table
                .cells
                .iter()
                .map(|&cell| match grid.cells()[cell] {
                    0 => self.free_digits(cell, geometry.units_of(cell)),
                    digit => 1 << (digit - 1),
                })
                .collect();
            'ways: for way in 0..table.ways() {
                items.clear();
                items.push(tables.items[index] as usize);
                for (k, (&cell, &digit)) in table.cells.iter().zip(table.tuple(way)).enumerate() {
                    if digit == 0 {
                        continue;
                    }
                    if free[k] >> (digit - 1) & 1 == 0 {
                        continue 'ways;
                    }
                    if grid.cells()[cell] != 0 {
                        continue;
                    }
                    let base = tables.bases[index] as usize + k * n;
                    let others = (0..n).filter(|&other| other + 1 != digit as usize);
                    items.extend(others.map(|other| base + other));
                }
                let mut slot = tables.link_bases[index] as usize;
                for (&link, &value) in table.links.iter().zip(table.link_values(way)) {
                    items.push(slot + usize::from(value));
                    slot += usize::from(geometry.links()[link as usize]) + 1;
                }
                placements.push(0);
                ways.push(table.tuple(way), table.link_values(way));
                // One table item, the X items of distinct cells and one Y
                // item per link.
                matrix
                    .add_option(items)
                    .expect("an option covers distinct open items");
            }
        }
        for (link, &largest) in geometry.links().iter().enumerate() {
            ways.link(tables.first_link + link as u32, matrix.options(), largest);
            for value in 0..=usize::from(largest) {
                items.clear();
                items.push(tables.first_link as usize + link);
                for (index, table) in geometry.tables().iter().enumerate() {
                    let mut slot = tables.link_bases[index] as usize;
                    for &other in &table.links {
                        let values = usize::from(geometry.links()[other as usize]) + 1;
                        if other as usize == link {
                            items.extend((0..values).filter(|&v| v != value).map(|v| slot + v));
                        }
                        slot += values;
                    }
                }
                placements.push(0);
                matrix
                    .add_option(items)
                    .expect("a link's option covers distinct open items");
            }
        }
    }
}
