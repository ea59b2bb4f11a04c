//! The rules given as tables (arrows, between lines, quadruples,
//! sandwiches, little killers, region-sum lines), reasoned on by the
//! search after every choice.
//!
//! A table is an item whose options are its ways (see the tables module).
//! Exact cover removes a way only once one of its cells gets another digit
//! placed, or one of its links another value chosen: a way whose digit was
//! merely hidden from a cell (by a unit, a pair rule, another table) stays
//! an option, and a cell keeps digits that no way left gives it. After each
//! choice, for each table whose way is not chosen yet:
//!
//! * a way is hidden when one of its digits is no longer a candidate of its
//!   cell, or one of its link values no longer an option of the link;
//! * a candidate of a cell, or a value of a link, that no way left gives
//!   is hidden;
//!
//! and the tables whose cells or links changed are looked at again, until
//! nothing changes: generalised arc consistency on each table. One pass
//! brings a table to its own fixpoint, since what it hides of its cells and
//! links no way left holds, so only another table can make it look again.
//!
//! Each level of the search starts from what its parent level left: a
//! table whose items have as many options as they had there is unchanged,
//! and is not read again.

use crate::engine::{Count, Propagate, Pruning};

use super::level_counts::level_row;

/// No item: a cell filled in the grid, or one whose options place several
/// digits (an assignment of a killer cage), which the propagation neither
/// reads nor prunes.
const NONE: u32 = u32::MAX;

/// The allowed digits of a cell that is not read: every digit, and a way's
/// free cell (bit 0).
const ANY: u64 = u64::MAX;

/// One table of [`TableWays`]: where its items and ways are.
#[derive(Debug, Clone, Copy)]
struct WayTable {
    /// The table's item, which its ways cover.
    whole: u32,
    /// The option of its first way; the others follow.
    first_option: u32,
    /// The number of its ways (options).
    ways: u32,
    /// Where the digits of its ways start in `TableWays::digits`, a way
    /// after another, one digit per cell (0 for a free cell).
    digits: u32,
    /// Where the link values of its ways start in `TableWays::values`, a
    /// way after another, one value per link.
    values: u32,
    /// Where the items of its cells start in `TableWays::cells`, and end.
    cells: (u32, u32),
    /// Where its links start in `TableWays::table_links`, and end.
    links: (u32, u32),
}

/// One link of [`TableWays`]: its item and options.
#[derive(Debug, Clone, Copy)]
struct LinkItem {
    /// The link's item, whose options are its values.
    item: u32,
    /// The option of value 0; value `v` is option `first_option + v`.
    first_option: u32,
    /// Where its values start in the bit sets of the propagation, a word
    /// per 64 values, and end.
    words: (u32, u32),
}

/// The tables of a build, as their propagation reads them; written by the
/// encoding as it adds their options.
#[derive(Debug, Clone, Default)]
pub struct TableWays {
    tables: Vec<WayTable>,
    /// The digits of each way of each table, in the order of its options.
    digits: Vec<u8>,
    /// The link values of each way of each table.
    values: Vec<u16>,
    /// The items of the cells of each table, [`NONE`] for a cell not read.
    cells: Vec<u32>,
    /// The links of each table, indexes into `links`.
    table_links: Vec<u32>,
    links: Vec<LinkItem>,
    /// The words of the bit sets of the values of every link.
    words: usize,
}

impl TableWays {
    /// Forgets the tables of the last build.
    pub(super) fn clear(&mut self) {
        self.tables.clear();
        self.digits.clear();
        self.values.clear();
        self.cells.clear();
        self.table_links.clear();
        self.links.clear();
        self.words = 0;
    }

    /// True when the last build has no table to propagate.
    pub fn is_empty(&self) -> bool {
        self.tables.is_empty()
    }

    /// Starts a table whose item is `whole`, whose cells have items `cells`
    /// ([`None`] for a cell not to read), whose links are `links` (numbers
    /// of links added later with [`TableWays::link`]), and whose first way
    /// will be option `first_option`.
    pub(super) fn begin(
        &mut self,
        whole: u32,
        first_option: usize,
        cells: impl Iterator<Item = Option<u32>>,
        links: impl Iterator<Item = u32>,
    ) {
        let (cells_start, links_start) = (self.cells.len() as u32, self.table_links.len() as u32);
        self.cells.extend(cells.map(|item| item.unwrap_or(NONE)));
        self.table_links.extend(links);
        self.tables.push(WayTable {
            whole,
            first_option: first_option as u32,
            ways: 0,
            digits: self.digits.len() as u32,
            values: self.values.len() as u32,
            cells: (cells_start, self.cells.len() as u32),
            links: (links_start, self.table_links.len() as u32),
        });
    }

    /// Adds the next way of the table begun last: its digits, one per
    /// cell, and its link values, one per link.
    pub(super) fn push(&mut self, digits: &[u8], values: &[u16]) {
        self.digits.extend_from_slice(digits);
        self.values.extend_from_slice(values);
        if let Some(table) = self.tables.last_mut() {
            table.ways += 1;
        }
    }

    /// Adds the next link: its item, the option of its value 0, and its
    /// largest value.
    pub(super) fn link(&mut self, item: u32, first_option: usize, largest: u16) {
        self.links.push(LinkItem {
            item,
            first_option: first_option as u32,
            words: (
                self.words as u32,
                (self.words + usize::from(largest) / 64 + 1) as u32,
            ),
        });
        self.words += usize::from(largest) / 64 + 1;
    }
}

/// The buffers of the propagation of tables, reused from puzzle to puzzle.
#[derive(Debug, Clone, Default)]
pub struct TableSupports {
    /// For each level of the search and each table, the options left in
    /// its items (its own, its cells' and its links', a covered item
    /// counting 0) when propagation there ended.
    seen: Vec<u32>,
    /// For each cell of the table at hand, its candidates shifted up by
    /// one, bit 0 set (a way's free cell fits any), or [`ANY`].
    allowed: Vec<u64>,
    /// For each cell of the table at hand, the digits of its ways left,
    /// shifted as `allowed` is.
    supported: Vec<u64>,
    /// For each link, the values it has left (every value for a link
    /// whose value is chosen), as bit sets.
    available: Vec<u64>,
    /// For each link, the values of the ways left of the table at hand.
    offered: Vec<u64>,
}

impl TableSupports {
    /// Empty buffers; they grow to fit the largest puzzle seen.
    pub fn new() -> TableSupports {
        TableSupports::default()
    }

    /// The propagator of `ways` for the matrix they were built with, whose
    /// option `k` places `placements[k]` (`cell << 8 | digit`).
    pub fn propagator<'a>(
        &'a mut self,
        ways: &'a TableWays,
        placements: &'a [u32],
    ) -> TablePropagation<'a> {
        self.available.clear();
        self.available.resize(ways.words, 0);
        self.offered.clear();
        self.offered.resize(ways.words, 0);
        TablePropagation {
            buffers: self,
            ways,
            placements,
        }
    }
}

/// The tables of [`TableWays`] propagated on one matrix: see the module
/// documentation.
#[derive(Debug)]
pub struct TablePropagation<'a> {
    buffers: &'a mut TableSupports,
    ways: &'a TableWays,
    placements: &'a [u32],
}

impl Propagate for TablePropagation<'_> {
    fn propagate<C: Count>(&mut self, pruning: &mut Pruning<'_, C>) {
        let ways = self.ways;
        let TableSupports {
            seen,
            allowed,
            supported,
            available,
            offered,
        } = &mut *self.buffers;
        let seen = level_row(seen, ways.tables.len(), pruning.depth());
        loop {
            let mut changed = false;
            for (slot, table) in ways.tables.iter().enumerate() {
                let before = options_in(pruning, ways, table);
                if seen[slot] == before {
                    continue;
                }
                let mut one = OneTable {
                    ways,
                    table,
                    placements: self.placements,
                    allowed: &mut *allowed,
                    supported: &mut *supported,
                    available: &mut *available,
                    offered: &mut *offered,
                };
                match one.propagate(pruning) {
                    Some(hid) => changed |= hid,
                    None => return,
                }
                seen[slot] = options_in(pruning, ways, table);
            }
            if !changed {
                return;
            }
        }
    }
}

/// The options left in the items of `table`, of its cells and of its
/// links, a covered item counting 0: equal at two levels, one below the
/// other, only when nothing of the table changed between them.
#[inline]
fn options_in<C: Count>(pruning: &Pruning<'_, C>, ways: &TableWays, table: &WayTable) -> u32 {
    let left = |item: u32| match item {
        NONE => 0,
        _ => pruning.options_left(item as usize).unwrap_or(0),
    };
    let cells = &ways.cells[table.cells.0 as usize..table.cells.1 as usize];
    let links = &ways.table_links[table.links.0 as usize..table.links.1 as usize];
    let cells: usize = cells.iter().map(|&item| left(item)).sum();
    let links: usize = links
        .iter()
        .map(|&link| left(ways.links[link as usize].item))
        .sum();
    (left(table.whole) + cells + links) as u32
}

/// The propagation of one table.
struct OneTable<'s> {
    ways: &'s TableWays,
    table: &'s WayTable,
    placements: &'s [u32],
    allowed: &'s mut Vec<u64>,
    supported: &'s mut Vec<u64>,
    available: &'s mut [u64],
    offered: &'s mut [u64],
}

impl OneTable<'_> {
    /// Hides the ways of the table that its cells or links no longer
    /// allow, then what of its cells and links no way left gives. Returns
    /// whether it hid a candidate or a link value, or `None` when an item
    /// is left with no option (the search backtracks).
    fn propagate<C: Count>(&mut self, pruning: &mut Pruning<'_, C>) -> Option<bool> {
        let (ways, table) = (self.ways, self.table);
        if pruning.options_left(table.whole as usize).is_none() {
            // A way is chosen: the cover makes its digits fill the cells.
            return Some(false);
        }
        let cells = &ways.cells[table.cells.0 as usize..table.cells.1 as usize];
        let links = &ways.table_links[table.links.0 as usize..table.links.1 as usize];
        let placements = self.placements;
        self.allowed.clear();
        for &item in cells {
            let open = item != NONE && pruning.options_left(item as usize).is_some();
            let mut mask = 1u64;
            if open {
                pruning.each_option(item as usize, |option| {
                    mask |= 1 << (placements[option] & 0xff);
                });
            }
            self.allowed.push(if open { mask } else { ANY });
        }
        for &link in links {
            let link = &ways.links[link as usize];
            let words = &mut self.available[link.words.0 as usize..link.words.1 as usize];
            match pruning.options_left(link.item as usize) {
                // A value is chosen: the cover hid the ways of the others.
                None => words.fill(ANY),
                Some(_) => {
                    words.fill(0);
                    pruning.each_option(link.item as usize, |option| {
                        let value = option - link.first_option as usize;
                        words[value / 64] |= 1 << (value % 64);
                    });
                }
            }
            self.offered[link.words.0 as usize..link.words.1 as usize].fill(0);
        }
        self.supported.clear();
        self.supported.resize(cells.len(), 0);
        let width = cells.len();
        let (allowed, supported) = (&self.allowed[..], &mut self.supported[..]);
        let (available, offered) = (&*self.available, &mut *self.offered);
        let digits = &ways.digits[table.digits as usize..];
        let values = &ways.values[table.values as usize..];
        let first = table.first_option as usize;
        let kept = pruning.hide_where(table.whole as usize, |option| {
            let way = option - first;
            let digits = &digits[way * width..(way + 1) * width];
            let values = &values[way * links.len()..(way + 1) * links.len()];
            let fits = digits
                .iter()
                .zip(allowed)
                .all(|(&digit, &mask)| mask >> digit & 1 == 1);
            let fits = fits
                && values.iter().zip(links).all(|(&value, &link)| {
                    let word = ways.links[link as usize].words.0 as usize + usize::from(value) / 64;
                    available[word] >> (value % 64) & 1 == 1
                });
            if fits {
                for (&digit, support) in digits.iter().zip(supported.iter_mut()) {
                    *support |= 1 << digit;
                }
                for (&value, &link) in values.iter().zip(links) {
                    let word = ways.links[link as usize].words.0 as usize + usize::from(value) / 64;
                    offered[word] |= 1 << (value % 64);
                }
            }
            !fits
        });
        if kept == 0 {
            return None;
        }
        let mut hid = false;
        for ((&item, &mask), &support) in cells.iter().zip(allowed).zip(&*supported) {
            // A cell some way leaves free keeps every digit.
            let unsupported = mask & !support;
            if mask == ANY || support & 1 == 1 || unsupported == 0 {
                continue;
            }
            hid = true;
            let left = pruning.hide_where(item as usize, |option| {
                unsupported >> (placements[option] & 0xff) & 1 == 1
            });
            if left == 0 {
                return None;
            }
        }
        for &link in links {
            let link = &ways.links[link as usize];
            if pruning.options_left(link.item as usize).is_none() {
                continue;
            }
            let range = link.words.0 as usize..link.words.1 as usize;
            let (held, given) = (&self.available[range.clone()], &self.offered[range]);
            if held
                .iter()
                .zip(given)
                .all(|(&held, &given)| held & !given == 0)
            {
                continue;
            }
            let lost = |value: usize| given[value / 64] >> (value % 64) & 1 == 0;
            hid = true;
            let left = pruning.hide_where(link.item as usize, |option| {
                lost(option - link.first_option as usize)
            });
            if left == 0 {
                return None;
            }
        }
        Some(hid)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Matrix, NoPropagation};
    use crate::sudoku::encoding::{Encoding, ItemOrder, Position};
    use crate::sudoku::geometry::{Geometry, Table};
    use crate::sudoku::grid::{Grid, Size, Unit};
    use crate::sudoku::random::Rng;

    /// A table of a test: its cells, its ways and, per way, the value of
    /// the one link the tables share (`None` for a table without it).
    type TestTable = (Vec<usize>, Vec<u8>, Option<Vec<u16>>);

    /// A 4x4 geometry with boxes and `tables`; the link's values run to
    /// `largest`.
    fn geometry(tables: &[TestTable], largest: u16) -> Geometry {
        let mut builder = Geometry::builder(Size::FOUR).boxes();
        let rule = builder.rule(Unit::Extra(0));
        let link = builder.link(largest);
        for (cells, tuples, values) in tables {
            let mut table = Table::plain(cells.clone(), tuples.clone(), rule);
            if let Some(values) = values {
                table.links = vec![link];
                table.values = values.clone();
            }
            builder.table(table);
        }
        builder.build().unwrap()
    }

    /// Records, before the first choice, the options left in the items
    /// it is given.
    struct Record<'a> {
        items: &'a [usize],
        left: Vec<Option<usize>>,
    }

    impl Propagate for Record<'_> {
        fn propagate<C: Count>(&mut self, pruning: &mut Pruning<'_, C>) {
            if pruning.depth() == 0 {
                self.left = self
                    .items
                    .iter()
                    .map(|&i| pruning.options_left(i))
                    .collect();
            }
        }
    }

    #[test]
    fn a_way_whose_digit_left_its_cell_goes_and_takes_the_digits_only_it_gave() {
        // r1c1 and r2c2 (one box) take 1 and 2, or 3 and 4; r1c1 alone
        // takes 1 or 2. The second table takes 3 and 4 from r1c1, so the
        // way (3, 4) goes, and with it the 4 of r2c2; then the 2 of r1c1
        // and the 3 of r2c2, which no way gives; then the way 2 of r1c1.
        let tables = [
            (vec![0, 5], vec![1, 2, 3, 4], None),
            (vec![0], vec![1, 2], None),
        ];
        let geometry = geometry(&tables, 0);
        let grid = Grid::empty(Size::FOUR);
        let (mut matrix, mut encoding) = (Matrix::new(0, 0), Encoding::new());
        let order = ItemOrder::CellsFirst;
        assert!(encoding.build(&mut matrix, &geometry, Position::of(&grid), order, None));
        // Cells are items 0 to 15 in cell order: r1c1 is 0, r2c2 5.
        let wholes = &encoding.table_ways().tables;
        let items = [0, 5, wholes[0].whole as usize, wholes[1].whole as usize];
        let mut supports = TableSupports::new();
        let ways = encoding.table_ways();
        let mut after = Record {
            items: &items,
            left: Vec::new(),
        };
        let mut before = Record {
            items: &items,
            left: Vec::new(),
        };
        let mut propagator = (
            &mut before,
            (supports.propagator(ways, encoding.placements()), &mut after),
        );
        matrix.search_with(1, &mut propagator, |_| {});
        assert_eq!(before.left, [Some(4), Some(4), Some(2), Some(2)]);
        assert_eq!(after.left, [Some(1), Some(1), Some(1), Some(1)]);
    }

    impl<P: Propagate> Propagate for &mut P {
        fn propagate<C: Count>(&mut self, pruning: &mut Pruning<'_, C>) {
            (**self).propagate(pruning);
        }
    }

    /// The solutions of the matrix `encoding` built into `matrix`, as
    /// sorted option lists, searched with `propagator`.
    fn solutions<P: Propagate>(matrix: &mut Matrix, propagator: &mut P) -> Vec<Vec<usize>> {
        let mut found = Vec::new();
        matrix.search_with(100_000, propagator, |options| {
            let mut options = options.to_vec();
            options.sort_unstable();
            found.push(options);
        });
        found.sort();
        found
    }

    #[test]
    fn random_tables_keep_every_solution_and_find_no_other() {
        let mut rng = Rng::from_seed(11);
        let (mut matrix, mut encoding) = (Matrix::new(0, 0), Encoding::new());
        let mut supports = TableSupports::new();
        let mut pruned = 0;
        for _ in 0..400 {
            // Two or three tables of two or three cells, digits 0 (free)
            // to 4, some sharing a link of values 0 to 2.
            let tables: Vec<_> = (0..2 + rng.below(2))
                .map(|_| {
                    let width = 2 + rng.below(2);
                    let mut cells: Vec<usize> = Vec::new();
                    while cells.len() < width {
                        let cell = rng.below(16);
                        if !cells.contains(&cell) {
                            cells.push(cell);
                        }
                    }
                    let ways = 1 + rng.below(6);
                    let tuples = (0..ways * width).map(|_| rng.below(5) as u8).collect();
                    let values = (rng.below(2) == 0)
                        .then(|| (0..ways).map(|_| rng.below(3) as u16).collect());
                    (cells, tuples, values)
                })
                .collect();
            let geometry = geometry(&tables, 2);
            let mut grid = Grid::empty(Size::FOUR);
            for _ in 0..rng.below(4) {
                grid.set(rng.below(16), rng.below(4) as u8 + 1);
            }
            let order = ItemOrder::CellsFirst;
            if !encoding.build(&mut matrix, &geometry, Position::of(&grid), order, None) {
                continue;
            }
            let plain = solutions(&mut matrix, &mut NoPropagation);
            let ways = encoding.table_ways();
            let mut propagator = supports.propagator(ways, encoding.placements());
            let propagated = solutions(&mut matrix, &mut propagator);
            assert_eq!(plain, propagated, "{tables:?} {grid:?}");
            pruned += usize::from(!plain.is_empty());
        }
        assert!(pruned > 20, "{pruned} puzzles with solutions");
    }
}
