//! The Sudoku exact-cover encoding: which items and options a position
//! becomes, and how chosen options decode back into placed digits.
//!
//! A position is a [`Geometry`], a grid of placed digits and the candidates
//! of each blank cell (every digit, or the pencilmarks a caller kept, such
//! as those left by the singles pass). One builder turns it into a matrix
//! for the engine; the solver, the generator and the rating all use it.
//!
//! Every placement (cell, digit) still possible is an option. The items are
//! what the options must cover: each blank cell once, and each digit once
//! in each unit that lacks it. Filled cells and digits already placed make
//! no item, so the matrix is what the search of the whole matrix would see
//! after choosing the givens. For an empty 9x9 grid, 729 options and 324
//! items:
//!
//! ```text
//!  item   "unit u holds digit d"     one per unit and missing digit:
//!                                    rows, columns, boxes, then the units
//!                                    a variant adds (geometry order)
//!  item   "cell c is filled"         one per blank cell
//!
//!  option (c, d) covers: the item of (u, d) for each unit u of c, in the
//!                        geometry's order, then the item of c
//! ```
//!
//! [`ItemOrder`] says which family is numbered first: cells first for the
//! solver (ties of the choice of item then go to a cell's candidates before
//! a digit's places, which takes fewer nodes), units first for the
//! generator. Options are added cell by cell, digits ascending, or in a
//! random order, which makes the first solution found a random one.

mod cage_sums;
mod cages;
mod consecutive_sets;
mod intersections;
mod level_counts;
mod pair_supports;
mod table_supports;
mod tables;
mod unit_matching;

use crate::engine::{Count, Matrix};
use crate::sudoku::geometry::Geometry;
use crate::sudoku::grid::{Grid, Size};
use crate::sudoku::random::Rng;
pub use cage_sums::{CageSums, SumCages};
pub use cages::DEFAULT_ASSIGNMENT_LIMIT;
use cages::{Assignments, CageItems};
pub use consecutive_sets::ConsecutiveSets;
pub use intersections::Intersections;
pub use pair_supports::PairSupports;
pub use table_supports::{TableSupports, TableWays};
pub use unit_matching::UnitMatching;

/// The entries of each unit's table of item numbers, one per digit: a power
/// of two at least [`Size::MAX_SIDE`], so that a digit masked with
/// `DIGIT_SLOTS - 1` needs no bounds check.
const DIGIT_SLOTS: usize = 64;
const _: () = assert!(DIGIT_SLOTS >= Size::MAX_SIDE && DIGIT_SLOTS.is_power_of_two());

/// Which family of items is numbered first; see the module documentation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ItemOrder {
    /// Blank cells first, then (unit, digit) items.
    #[default]
    CellsFirst,
    /// (unit, digit) items first, then blank cells.
    UnitsFirst,
}

/// The buffers of the builder and the table that decodes options, reused
/// from position to position.
#[derive(Debug, Clone, Default)]
pub struct Encoding {
    /// The digits placed in each unit, as bit masks.
    unit_digits: Vec<u64>,
    /// The item number of each missing digit of each unit, indexed by the
    /// digit from 0; 32 entries per unit, so that any digit bit indexes
    /// them without a bounds check.
    unit_items: Vec<[u32; DIGIT_SLOTS]>,
    /// The item number of each blank cell (what stands at filled cells is
    /// never read); the tables' build writes it too.
    cell_items: Vec<u32>,
    /// The items of the option being added.
    items: Vec<usize>,
    /// The digits the "at most once" groups of the placed digits rule out
    /// of each cell.
    blocked: Vec<u64>,
    /// For each option of the matrix, the placement it stands for:
    /// `cell << 8 | digit`, or 0 for an option that places no digit (a
    /// cage's combination); entries past the options of the matrix may be
    /// left over from earlier builds.
    placements: Vec<u32>,
    /// The items of the killer cages and what the grid holds of them.
    cages: CageItems,
    /// What the assignment options of the cages place.
    assignments: Assignments,
    /// The cages encoded by combinations, for the propagation of their
    /// sums.
    sums: SumCages,
    /// The tables and their ways, for their propagation.
    ways: TableWays,
}

impl Encoding {
    /// Empty buffers; they grow to fit the largest position seen.
    pub fn new() -> Encoding {
        Encoding::default()
    }

    /// Sets how killer cages with a sum are encoded: by assignments when a
    /// cage has at most `limit` of them before the grid is looked at (its
    /// digit combinations times the orders of its cells), by combinations
    /// otherwise (see the module documentation); 0 encodes every cage by
    /// combinations. [`DEFAULT_ASSIGNMENT_LIMIT`] unless set.
    pub fn set_assignment_limit(&mut self, limit: usize) {
        self.cages.assignment_limit = limit;
    }

    /// The most options an item of a build of `geometry` can have; the
    /// count type of the matrix must hold it.
    pub fn most_options_per_item(&self, geometry: &Geometry) -> usize {
        self.cages.most_options_per_item(geometry)
    }

    /// Fills `matrix` with `position` in `geometry`: an option for each
    /// candidate digit of each blank cell that no digit of its units already
    /// holds, items numbered in `order`, and options added cell by cell or,
    /// with `shuffle`, in a random order.
    ///
    /// Returns false, with the matrix left as it was, when two digits of
    /// the grid clash in a unit (checked only when the position does not
    /// bring the digits of its units).
    pub fn build<C: Count>(
        &mut self,
        matrix: &mut Matrix<C>,
        geometry: &Geometry,
        position: Position<'_>,
        order: ItemOrder,
        shuffle: Option<&mut Rng>,
    ) -> bool {
        let Encoding {
            unit_digits: own_unit_digits,
            unit_items,
            cell_items,
            items,
            placements,
            blocked,
            cages: cage_items,
            assignments,
            sums,
            ways,
        } = self;
        let Position {
            grid,
            candidates,
            unit_digits,
        } = position;
        let unit_digits = match unit_digits {
            Some(digits) => digits,
            None if geometry.unit_digits(grid, own_unit_digits) => &own_unit_digits[..],
            None => return false,
        };
        // The digits the "at most once" groups of the placed digits rule out.
        let has_groups = geometry.blocks_placements();
        if has_groups && !geometry.group_blocked(grid, blocked) {
            return false;
        }
        let blocked: &[u64] = if has_groups { blocked } else { &[] };
        let has_cages = !geometry.cages().is_empty();
        sums.clear(geometry.side());
        ways.clear();
        if has_cages && !geometry.cages().digits(grid, &mut cage_items.placed) {
            return false;
        }
        let n = geometry.side();
        let all = u64::MAX >> (64 - n);
        let blanks = grid.cells().iter().filter(|&&digit| digit == 0).count() as u32;
        let mut item = match order {
            ItemOrder::CellsFirst => blanks,
            ItemOrder::UnitsFirst => 0,
        };
        // Only the entries of missing digits are written: no option names
        // another.
        unit_items.resize(geometry.units(), [0; DIGIT_SLOTS]);
        for (numbers, &digits) in unit_items.iter_mut().zip(unit_digits) {
            let mut missing = all & !digits;
            while missing != 0 {
                numbers[missing.trailing_zeros() as usize & (DIGIT_SLOTS - 1)] = item;
                item += 1;
                missing &= missing - 1;
            }
        }
        // Blank cells are numbered in cell order from `first_cell_item`.
        let (primary, first_cell_item) = match order {
            ItemOrder::CellsFirst => (item, 0),
            ItemOrder::UnitsFirst => (item + blanks, item),
        };
        // The items of the tables (arrows) after those of the cells and
        // units, then those of the cages; one secondary item per group
        // after the primary items, then those of the cages without a sum,
        // then those of the tables.
        let tables_first = primary;
        let has_tables = !geometry.tables().is_empty();
        let primary = primary + (geometry.tables().len() + geometry.links().len()) as u32;
        let (primary, secondary) = match has_cages {
            true => cage_items.number(geometry, grid, primary, first_cell_item),
            false => {
                cage_items.clear();
                (primary, geometry.groups() as u32)
            }
        };
        let secondary = secondary
            + cage_items
                .tables
                .number(geometry, tables_first, primary + secondary);
        matrix.reset(primary as usize, secondary as usize);
        let cage_items = &*cage_items;
        let cells = CellByCell {
            geometry,
            unit_digits,
            unit_items,
            candidates,
            blocked,
            all,
            first_cell_item,
            primary,
            cages: cage_items,
        };
        // The fixed-width builds are for geometries of units alone.
        let plain = !has_groups && !has_cages && !has_tables;
        let Some(rng) = shuffle else {
            // Cell by cell, in one pass.
            match geometry.units_per_cell() {
                Some(3) if plain => cells.add_all::<C, 3>(grid, matrix, placements),
                Some(4) if plain => cells.add_all::<C, 4>(grid, matrix, placements),
                _ => cells.add_all_any(grid, matrix, placements, items),
            }
            if has_cages {
                cells.add_cage_options(grid, matrix, placements, items, assignments, sums);
            }
            if has_tables {
                cells.add_table_options(grid, matrix, placements, items, (ways, cell_items));
            }
            return true;
        };
        placements.clear();
        let blank_cells = grid.cells().iter().enumerate().filter(|&(_, &d)| d == 0);
        cell_items.clear();
        cell_items.resize(grid.cells().len(), 0);
        for (cell_item, (cell, _)) in (first_cell_item..).zip(blank_cells) {
            cell_items[cell] = cell_item;
            if cells.cages.assigns(geometry, cell) {
                continue;
            }
            let mut free = cells.free_digits(cell, geometry.units_of(cell));
            while free != 0 {
                placements.push((cell as u32) << 8 | (free.trailing_zeros() + 1));
                free &= free - 1;
            }
        }
        rng.shuffle(placements);
        for &code in placements.iter() {
            let cell = (code >> 8) as usize;
            let option = OptionItems {
                geometry,
                unit_items,
                cell,
                digit: (code & 0xff) as usize - 1,
                cell_item: cell_items[cell],
                primary,
                cages: cage_items,
            };
            option.add(matrix, items);
        }
        if has_cages {
            cells.add_cage_options(grid, matrix, placements, items, assignments, sums);
        }
        if has_tables {
            cells.add_table_options(grid, matrix, placements, items, (ways, cell_items));
        }
        true
    }

    /// The cages of the matrix last built encoded by digit combinations,
    /// whose sums [`CageSums`] propagates.
    pub fn sum_cages(&self) -> &SumCages {
        &self.sums
    }

    /// The tables of the matrix last built and their ways, which
    /// [`TableSupports`] propagates.
    pub fn table_ways(&self) -> &TableWays {
        &self.ways
    }

    /// What each option of the matrix last built places: `cell << 8 |
    /// digit`, with digit 0 for an option that places no single digit.
    pub fn placements(&self) -> &[u32] {
        &self.placements
    }

    /// The item numbers of the matrix last built: entry `d - 1` of unit
    /// `u`'s row is the item "unit `u` holds `d`", for each digit `d` the
    /// unit lacked (the other entries are left over).
    pub fn unit_items(&self) -> &[[u32; DIGIT_SLOTS]] {
        &self.unit_items
    }

    /// Writes the placements of `options`, options of the matrix last
    /// built, into `grid`.
    pub fn decode(&self, options: &[usize], grid: &mut Grid) {
        if self.cages.in_use() || self.cages.tables.in_use() {
            self.decode_with_cages(options, grid);
            return;
        }
        for &option in options {
            let code = self.placements[option];
            grid.set((code >> 8) as usize, code as u8);
        }
    }

    /// [`Encoding::decode`] after a build with cages, whose options may
    /// place no digit (a combination) or several (an assignment).
    fn decode_with_cages(&self, options: &[usize], grid: &mut Grid) {
        for &option in options {
            let code = self.placements[option];
            if code & 0xff != 0 {
                grid.set((code >> 8) as usize, code as u8);
            } else if code != 0 {
                for &code in self.assignments.placements((code >> 8) as usize - 1) {
                    grid.set((code >> 8) as usize, code as u8);
                }
            }
        }
    }
}

/// A position to encode: the digits placed and what is known of the rest.
#[derive(Debug, Clone, Copy)]
pub struct Position<'a> {
    /// The grid: digits placed, 0 for blank cells.
    pub grid: &'a Grid,
    /// The candidates of each cell, bit `d - 1` for digit `d` (pencilmarks,
    /// or what the singles pass left); `None` for every digit.
    pub candidates: Option<&'a [u64]>,
    /// The digits each unit of the geometry holds, as bit masks, when the
    /// caller keeps them (the singles pass does); `None` to take them from
    /// the grid, which also checks that no digit repeats in a unit.
    pub unit_digits: Option<&'a [u64]>,
}

impl<'a> Position<'a> {
    /// The position of `grid` with every digit a candidate of every blank
    /// cell.
    pub fn of(grid: &'a Grid) -> Position<'a> {
        Position {
            grid,
            candidates: None,
            unit_digits: None,
        }
    }
}

/// What a build knows of the position: the free digits of each cell, and
/// the item numbers; it adds the options cell by cell, digits ascending,
/// each blank cell's item one more than the last.
struct CellByCell<'a> {
    geometry: &'a Geometry,
    unit_digits: &'a [u64],
    unit_items: &'a [[u32; DIGIT_SLOTS]],
    candidates: Option<&'a [u64]>,
    /// Digits ruled out of each cell by groups; empty when there are none.
    blocked: &'a [u64],
    all: u64,
    first_cell_item: u32,
    /// The number of primary items: the first secondary item's number.
    primary: u32,
    cages: &'a CageItems,
}

impl CellByCell<'_> {
    /// The digits still free in blank cell `cell`, whose units are
    /// `units`, in a geometry without groups: its candidates, less the
    /// digits its units hold.
    #[inline(always)]
    fn free_in_units(&self, cell: usize, units: &[u16]) -> u64 {
        let mut free = self.candidates.map_or(self.all, |c| c[cell]) & self.all;
        for &unit in units {
            free &= !self.unit_digits[unit as usize];
        }
        free
    }

    /// [`CellByCell::free_in_units`], less the digits the groups of the
    /// placed digits rule out.
    fn free_digits(&self, cell: usize, units: &[u16]) -> u64 {
        let free = self.free_in_units(cell, units) & self.cages.allowed(self.geometry, cell);
        match self.blocked.get(cell) {
            Some(&blocked) => free & !blocked,
            None => free,
        }
    }

    /// Adds the options of `grid` when every cell lies in `K` units: the
    /// units and items in arrays whose length the compiler knows, and the
    /// decoding table written in place, which on the hard collections
    /// saves about a tenth of the instructions of building.
    fn add_all<C: Count, const K: usize>(
        &self,
        grid: &Grid,
        matrix: &mut Matrix<C>,
        placements: &mut Vec<u32>,
    ) {
        // At most n options per blank cell. The table only grows, so that
        // it is not written over before each build; what lies past the
        // options of the matrix is left over from earlier builds.
        let most = grid.cells().len() * self.geometry.side();
        if placements.len() < most {
            placements.resize(most, 0);
        }
        let mut options = 0;
        let mut cell_item = self.first_cell_item as usize;
        for (cell, &digit) in grid.cells().iter().enumerate() {
            if digit != 0 {
                continue;
            }
            let units: &[u16; K] = self
                .geometry
                .units_of(cell)
                .try_into()
                .expect("every cell lies in K units");
            // No groups: the fixed-width builds are for geometries without.
            let mut free = self.free_in_units(cell, units);
            let rows = units.map(|unit| &self.unit_items[unit as usize]);
            let mut items = [cell_item; 8];
            while free != 0 {
                let digit = free.trailing_zeros();
                free &= free - 1;
                for (slot, row) in items.iter_mut().zip(&rows) {
                    *slot = row[digit as usize & (DIGIT_SLOTS - 1)] as usize;
                }
                // The items are distinct and in range by construction, and
                // the count type was chosen to hold the options of each.
                matrix
                    .add_option_in_range(&items[..=K])
                    .expect("an option covers distinct open items");
                placements[options] = (cell as u32) << 8 | (digit + 1);
                options += 1;
            }
            cell_item += 1;
        }
    }

    /// Adds the options of `grid`, its cells in any number of units, and
    /// each option in the secondary items of its groups.
    fn add_all_any<C: Count>(
        &self,
        grid: &Grid,
        matrix: &mut Matrix<C>,
        placements: &mut Vec<u32>,
        items: &mut Vec<usize>,
    ) {
        placements.clear();
        let mut cell_item = self.first_cell_item;
        for (cell, &digit) in grid.cells().iter().enumerate() {
            if digit != 0 {
                continue;
            }
            if self.cages.assigns(self.geometry, cell) {
                cell_item += 1;
                continue;
            }
            let mut free = self.free_digits(cell, self.geometry.units_of(cell));
            while free != 0 {
                let digit = free.trailing_zeros();
                free &= free - 1;
                placements.push((cell as u32) << 8 | (digit + 1));
                let option = OptionItems {
                    geometry: self.geometry,
                    unit_items: self.unit_items,
                    cell,
                    digit: digit as usize,
                    cell_item,
                    primary: self.primary,
                    cages: self.cages,
                };
                option.add_any(matrix, items);
            }
            cell_item += 1;
        }
    }
}

/// One option of a build: a digit in a cell, and where its items are.
struct OptionItems<'a> {
    geometry: &'a Geometry,
    unit_items: &'a [[u32; DIGIT_SLOTS]],
    cell: usize,
    /// The digit, from 0.
    digit: usize,
    cell_item: u32,
    /// The number of primary items: the first secondary item's number.
    primary: u32,
    cages: &'a CageItems,
}

impl OptionItems<'_> {
    /// Adds the option to `matrix`, `items` as scratch space.
    #[inline(always)]
    fn add<C: Count>(&self, matrix: &mut Matrix<C>, items: &mut Vec<usize>) {
        let plain = self.geometry.groups() == 0
            && self.geometry.cages().is_empty()
            && self.geometry.tables().is_empty();
        match self.geometry.units_per_cell() {
            Some(3) if plain => self.add_of::<C, 3>(matrix),
            Some(4) if plain => self.add_of::<C, 4>(matrix),
            _ => self.add_any(matrix, items),
        }
    }

    /// Adds the option when every cell lies in `K` units: the items in an
    /// array whose length the compiler knows.
    #[inline(always)]
    fn add_of<C: Count, const K: usize>(&self, matrix: &mut Matrix<C>) {
        let units: &[u16; K] = self
            .geometry
            .units_of(self.cell)
            .try_into()
            .expect("every cell lies in K units");
        let mut items = [0usize; 8];
        for (slot, &unit) in items.iter_mut().zip(units) {
            *slot = self.unit_items[unit as usize][self.digit & (DIGIT_SLOTS - 1)] as usize;
        }
        items[K] = self.cell_item as usize;
        // The items are distinct and in range by construction.
        matrix
            .add_option_in_range(&items[..=K])
            .expect("an option covers distinct open items");
    }

    /// Adds the option, its cell in any number of units, and its
    /// placement in any number of groups.
    fn add_any<C: Count>(&self, matrix: &mut Matrix<C>, items: &mut Vec<usize>) {
        items.clear();
        self.push_items(items);
        // The items are distinct and in range by construction.
        matrix
            .add_option_in_range(items)
            .expect("an option covers distinct open items");
    }

    /// Appends the items of the option to `items`: those of its units, its
    /// cell, its groups and its cage.
    fn push_items(&self, items: &mut Vec<usize>) {
        items.extend(
            self.geometry.units_of(self.cell).iter().map(|&unit| {
                self.unit_items[unit as usize][self.digit & (DIGIT_SLOTS - 1)] as usize
            }),
        );
        items.push(self.cell_item as usize);
        let groups = self.geometry.groups_of(self.cell, self.digit as u8 + 1);
        items.extend(groups.iter().map(|&group| (self.primary + group) as usize));
        if let Some(item) = self.cages.digit_item(self.geometry, self.cell, self.digit) {
            items.push(item as usize);
        }
        if self.cages.tables.in_use() {
            let tables = &self.cages.tables;
            tables.push_items(self.geometry, self.cell, self.digit, items);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::grid::Size;

    /// The matrix of an empty grid, and the options each item has.
    fn empty_matrix(size: Size, order: ItemOrder) -> (Matrix, Encoding) {
        let mut matrix = Matrix::new(0, 0);
        let mut encoding = Encoding::new();
        let grid = Grid::empty(size);
        let geometry = Geometry::classic(size);
        assert!(encoding.build(&mut matrix, geometry, Position::of(&grid), order, None));
        (matrix, encoding)
    }

    #[test]
    fn an_empty_nine_by_nine_has_729_options_and_324_items() {
        for order in [ItemOrder::CellsFirst, ItemOrder::UnitsFirst] {
            let (matrix, _) = empty_matrix(Size::NINE, order);
            assert_eq!(matrix.options(), 729);
            assert_eq!(matrix.items(), 324);
            assert_eq!(matrix.primary_items(), 324);
        }
    }

    #[test]
    fn a_chosen_set_of_options_decodes_into_a_solved_grid() {
        let (mut matrix, encoding) = empty_matrix(Size::NINE, ItemOrder::UnitsFirst);
        let mut solution = Grid::empty(Size::NINE);
        matrix.search(1, |options| encoding.decode(options, &mut solution));
        assert!(solution.is_solved());
    }

    #[test]
    fn placed_digits_and_candidates_remove_options_and_items() {
        let grid: Grid = "1...............".parse().unwrap();
        let geometry = Geometry::classic(Size::FOUR);
        let mut matrix = Matrix::new(0, 0);
        let mut encoding = Encoding::new();
        assert!(encoding.build(
            &mut matrix,
            geometry,
            Position::of(&grid),
            ItemOrder::CellsFirst,
            None
        ));
        // 15 blank cells; 12 units miss 4 digits but row 1, column 1 and
        // box 1 hold the 1 already.
        assert_eq!(matrix.items(), 15 + 12 * 4 - 3);
        // Each blank cell: 4 digits, less the 1 where a unit of it holds it
        // (the 7 peers of r1c1).
        assert_eq!(matrix.options(), 15 * 4 - 7);
        let mut only_twos = vec![0b0010; 16];
        only_twos[0] = 0;
        let mut narrow = Matrix::new(0, 0);
        let position = Position {
            candidates: Some(&only_twos),
            ..Position::of(&grid)
        };
        encoding.build(&mut narrow, geometry, position, ItemOrder::CellsFirst, None);
        assert_eq!(narrow.options(), 15);
    }

    #[test]
    fn clashing_digits_build_nothing() {
        let grid: Grid = "11..............".parse().unwrap();
        let mut matrix = Matrix::new(0, 0);
        let built = Encoding::new().build(
            &mut matrix,
            Geometry::classic(Size::FOUR),
            Position::of(&grid),
            ItemOrder::CellsFirst,
            None,
        );
        assert!(!built);
    }

    #[test]
    fn the_empty_four_by_four_has_288_solutions_in_either_order() {
        for order in [ItemOrder::CellsFirst, ItemOrder::UnitsFirst] {
            let (mut matrix, encoding) = empty_matrix(Size::FOUR, order);
            let mut solutions = std::collections::HashSet::new();
            let stats = matrix.search(1000, |options| {
                let mut grid = Grid::empty(Size::FOUR);
                encoding.decode(options, &mut grid);
                assert!(grid.is_solved());
                solutions.insert(grid);
            });
            assert_eq!(stats.solutions, 288);
            assert_eq!(solutions.len(), 288);
        }
    }
}
