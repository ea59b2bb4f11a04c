//! The shape of a Sudoku as plain data: its cells, and its units, the sets
//! of cells that hold every digit exactly once.
//!
//! Everything else in the model reads the rules from here: the encoding
//! makes an item of each (unit, digit), the singles pass strikes a placed
//! digit from the peers of its cell, the rules check looks for a digit twice
//! in a unit, the generator asks for the units of a cell. A classic grid of
//! side `n = b * b` is one instance, built once per size and shared by every
//! thread ([`Geometry::classic`]); a rule that adds units (the diagonals of
//! X-Sudoku, the windows of Hyper Sudoku, the regions of a jigsaw) is one
//! more call to [`GeometryBuilder::unit`], with no other change.
//!
//! Units are numbered in the order they were added: for a classic grid, the
//! `n` rows, then the `n` columns, then the `n` boxes row by row.

use std::sync::OnceLock;

use crate::sudoku::buckets::by_key;
use crate::sudoku::cages::Cages;
use crate::sudoku::frame::Frame;
use crate::sudoku::grid::{Cell, Conflict, Grid, Size, Unit, WrongSum};
use crate::sudoku::group_index::{GivenGroups, GroupIndex, LaterIndex};
use crate::sudoku::relations::Relations;
use crate::sudoku::whole_rules::WholeRule;

mod builder;
mod table;

pub use builder::{GeometryBuilder, GeometryError};
use table::links_agree;
pub use table::Table;

/// The cells, units and peers of one shape of Sudoku.
///
/// # Example
///
/// ```
/// use sudoku_dlx::{Geometry, Size, Unit};
///
/// // X-Sudoku: a classic 9x9 grid whose two main diagonals are units too.
/// let x = Geometry::builder(Size::NINE)
///     .boxes()
///     .unit(Unit::Extra(0), (0..9).map(|k| k * 9 + k))
///     .unit(Unit::Extra(1), (0..9).map(|k| k * 9 + 8 - k))
///     .build()
///     .unwrap();
/// assert_eq!(x.units(), 29);
/// assert_eq!(x.units_of(40).len(), 5); // the centre: row, column, box, both diagonals
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Geometry {
    /// The digits, 1 to `size.side()`, which is also the number of cells of
    /// every unit.
    size: Size,
    /// Where the cells sit: a frame of rows and columns, holes allowed.
    frame: Frame,
    /// The top-left corner of each square grid of the shape in the frame.
    grids: Vec<(usize, usize)>,
    /// Rows and columns of one box, when the grid has boxes.
    boxes: Option<(usize, usize)>,
    /// The units of each cell and the cells of each unit, and the peers.
    index: UnitIndex,
    /// True for the classic shape: rows, columns and the size's own boxes
    /// ([`Size::box_shape`]) only; other box shapes, regions, extra units,
    /// groups and cages make a geometry that is not.
    classic: bool,
    /// True for rows, columns and the size's own boxes, whatever "at most
    /// once" groups, placements forbidden outright, renban lines, tables,
    /// killer cages and rules kept whole come with them, and no other
    /// unit but extra units of n cells after them; only the tables of
    /// rules kept whole have links.
    classic_units: bool,
    /// True for rows, columns and n regions of n cells (a jigsaw), then
    /// only extra units of n cells, with the rules `classic_units` allows.
    jigsaw_units: bool,
    /// The number of units of every cell, when it is the same for all.
    units_per_cell: Option<usize>,
    /// The number of peers of every cell, when it is the same for all.
    peers_per_cell: Option<usize>,
    /// The "at most once" groups, indexed, with their relations: all of
    /// them, but the pairs of the renban lines of `consecutive_sets` and of
    /// the relations of two cells, which are compiled only when read (see
    /// `group_index.rs`); the relations are among its relations.
    fast_path_groups: GroupIndex,
    /// The groups as the rules gave them, with the places of those lines
    /// and relations, when there are such rules.
    deferred_groups: Option<Box<GivenGroups>>,
    /// With `deferred_groups`, the index of every group, the deferred pairs
    /// in their places, built when first read.
    all_groups: LaterIndex,
    /// The killer cages.
    cages: Cages,
    /// The rules beyond "once per unit" that groups and forbidden
    /// placements come from, as units that name them.
    rules: Vec<Unit>,
    /// The digits each cell may hold (bit `d - 1`), one mask per cell; empty
    /// when no rule forbids a placement outright.
    allowed: Vec<u64>,
    /// The placements a rule forbids outright: cell, digit, rule.
    forbidden: Vec<(usize, u8, u32)>,
    /// The rules given as the digits their cells may hold together.
    tables: Vec<Table>,
    /// The largest value of each link of the tables.
    links: Vec<u16>,
    /// The lines whose cells hold a set of consecutive digits (renban).
    consecutive_sets: Vec<Vec<usize>>,
    /// The rules kept whole beside their tables (little killers,
    /// sandwiches, region-sum lines, quadruples).
    whole_rules: Vec<WholeRule>,
    /// For each rule, true when it is one of `whole_rules`.
    kept_whole: Vec<bool>,
}

pub(crate) use crate::sudoku::group_index::NO_RULE;

/// Which units each cell is in and which cells each cell shares a unit or
/// cage with, as a geometry keeps them.
#[derive(Debug, Clone, PartialEq, Eq)]
struct UnitIndex {
    /// What each unit is, for messages.
    kinds: Vec<Unit>,
    /// The cells of each unit, `side` per unit, one unit after another.
    unit_cells: Vec<u16>,
    /// The units of each cell, one cell after another.
    cell_units: Vec<u16>,
    /// Where the units of each cell start in `cell_units`, and one past the
    /// last.
    cell_unit_starts: Vec<u32>,
    /// The peers of each cell (the other cells of its units, each once),
    /// one cell after another.
    peers: Vec<u16>,
    /// Where the peers of each cell start in `peers`, and one past the last.
    peer_starts: Vec<u32>,
}

impl UnitIndex {
    /// True when cells `a` and `b` share a unit or cage, so that their
    /// digits differ.
    fn share(&self, a: usize, b: usize) -> bool {
        let peers_of_a =
            &self.peers[self.peer_starts[a] as usize..self.peer_starts[a + 1] as usize];
        peers_of_a.binary_search(&(b as u16)).is_ok()
    }

    /// The index of `units` (each of `n` cells) on `cells` cells, with the
    /// cells of each of `cages` peers as well.
    fn new(units: &[(Unit, Vec<usize>)], cells: usize, n: usize, cages: &Cages) -> UnitIndex {
        let (cell_units, cell_unit_starts) = by_key(cells, || {
            let units = units.iter().enumerate();
            units.flat_map(|(unit, (_, members))| members.iter().map(move |&c| (c, unit as u16)))
        });
        let units_of = |cell: usize| {
            &cell_units[cell_unit_starts[cell] as usize..cell_unit_starts[cell + 1] as usize]
        };
        let kinds = units.iter().map(|(unit, _)| *unit).collect();
        let unit_cells: Vec<u16> = units
            .iter()
            .flat_map(|(_, members)| members.iter().map(|&cell| cell as u16))
            .collect();
        // At most the cells of each unit of each cell, and of its cage (no
        // more cells than a unit).
        let mut peers = Vec::with_capacity((cell_units.len() + cells) * n);
        let mut peer_starts = Vec::with_capacity(cells + 1);
        // The peers of one cell as bits, read out in cell order: sorted
        // and each once without a sort.
        let mut marked = vec![0u64; cells.div_ceil(64)];
        for cell in 0..cells {
            peer_starts.push(peers.len() as u32);
            let mates = cages
                .cage_of(cell)
                .map_or(&[][..], |cage| cages.cells(cage));
            let members = units_of(cell)
                .iter()
                .flat_map(|&unit| &unit_cells[unit as usize * n..(unit as usize + 1) * n]);
            for &peer in members.chain(mates) {
                marked[peer as usize / 64] |= 1 << (peer % 64);
            }
            marked[cell / 64] &= !(1 << (cell % 64));
            for (word, bits) in marked.iter_mut().enumerate() {
                while *bits != 0 {
                    peers.push((word * 64) as u16 + bits.trailing_zeros() as u16);
                    *bits &= *bits - 1;
                }
            }
        }
        peer_starts.push(peers.len() as u32);
        UnitIndex {
            kinds,
            unit_cells,
            cell_units,
            cell_unit_starts,
            peers,
            peer_starts,
        }
    }
}

impl Geometry {
    /// The classic geometry of `size`: rows, columns and the size's own
    /// boxes ([`Size::box_shape`]; none for a prime side, a Latin square).
    /// It is built the first time it is asked for and then shared.
    pub fn classic(size: Size) -> &'static Geometry {
        const SIZES: usize = Size::MAX_SIDE - Size::MIN_SIDE + 1;
        static CLASSIC: [OnceLock<Geometry>; SIZES] = [const { OnceLock::new() }; SIZES];
        let slot = &CLASSIC[size.side() - Size::MIN_SIDE];
        slot.get_or_init(|| {
            Geometry::builder(size)
                .boxes()
                .build()
                .expect("rows, columns and boxes are units")
        })
    }

    /// The size of the grid.
    pub fn size(&self) -> Size {
        self.size
    }

    /// The number of digits, which is also the number of cells of every
    /// unit and, in a square grid, its rows and its columns.
    pub fn side(&self) -> usize {
        self.size.side()
    }

    /// The number of cells.
    pub fn cells(&self) -> usize {
        self.frame.cells()
    }

    /// The frame the cells sit in: for a square grid, its rows and columns.
    pub fn frame(&self) -> &Frame {
        &self.frame
    }

    /// The top-left corner of each square grid of the shape in the frame:
    /// `(0, 0)` alone for a square grid.
    pub fn grids(&self) -> &[(usize, usize)] {
        &self.grids
    }

    /// True when the cells fill one square of side [`Geometry::side`], as in
    /// every geometry of [`Geometry::builder`]: cell `row * side + column`.
    pub fn is_square(&self) -> bool {
        self.frame.is_square(self.side())
    }

    /// The place of `cell` in the frame.
    #[inline]
    pub fn position(&self, cell: usize) -> Cell {
        self.frame.position(cell)
    }

    /// An empty grid of this geometry: its cells, all blank.
    pub fn empty_grid(&self) -> Grid {
        Grid::blank(self.size, self.cells())
    }

    /// The number of units.
    pub fn units(&self) -> usize {
        self.index.kinds.len()
    }

    /// True for the classic shape: rows, columns and the size's own boxes
    /// ([`Size::box_shape`]) only; other box shapes, regions, extra units,
    /// groups and cages make a geometry that is not.
    pub fn is_classic(&self) -> bool {
        self.classic
    }

    /// True when the units are rows, columns and the size's own boxes, and
    /// the rules beyond them are only "at most once" groups (pairs of
    /// placements that may not stand together, as thermometers, dots and XV
    /// compile to), placements forbidden outright, renban lines (see
    /// [`Geometry::consecutive_sets`]), tables (arrows, between lines,
    /// quadruples), killer cages and the rules also kept whole beside
    /// their tables (little killers, sandwiches, region-sum lines,
    /// quadruples), whose tables alone may have links; the only other
    /// units are extra units of n cells ([`Unit::Extra`]: the diagonals of
    /// x, the windows of hyper, the disjoint groups), after the others.
    /// The classic geometry is one.
    pub fn has_classic_units(&self) -> bool {
        self.classic_units
    }

    /// True when the units are those of a jigsaw (rows, columns, then n
    /// regions of n cells in place of boxes, then only extra units of n
    /// cells), with only the rules beyond them that
    /// [`Geometry::has_classic_units`] allows.
    pub fn has_jigsaw_units(&self) -> bool {
        self.jigsaw_units
    }

    /// The number of units of every cell, when it is the same for all (3
    /// in a classic grid), which lets the encoding use arrays of a length
    /// known at compile time.
    pub fn units_per_cell(&self) -> Option<usize> {
        self.units_per_cell
    }

    /// Rows and columns of one box, when the grid has boxes.
    pub fn box_shape(&self) -> Option<(usize, usize)> {
        self.boxes
    }

    /// What unit `unit` is.
    pub fn kind(&self, unit: usize) -> Unit {
        self.index.kinds[unit]
    }

    /// The cells of unit `unit`, one per digit.
    pub fn unit_cells(&self, unit: usize) -> &[u16] {
        let n = self.side();
        &self.index.unit_cells[unit * n..(unit + 1) * n]
    }

    /// The units of `cell`, in the order they were added.
    #[inline]
    pub fn units_of(&self, cell: usize) -> &[u16] {
        // With as many units for every cell, where they start is a product,
        // which saves reading the table of starts on the hot paths.
        if let Some(k) = self.units_per_cell {
            return &self.index.cell_units[cell * k..cell * k + k];
        }
        let (start, end) = (
            self.index.cell_unit_starts[cell],
            self.index.cell_unit_starts[cell + 1],
        );
        &self.index.cell_units[start as usize..end as usize]
    }

    /// The other cells of the units of `cell`, each once, in order.
    #[inline]
    pub fn peers_of(&self, cell: usize) -> &[u16] {
        if let Some(k) = self.peers_per_cell {
            return &self.index.peers[cell * k..cell * k + k];
        }
        let (start, end) = (
            self.index.peer_starts[cell],
            self.index.peer_starts[cell + 1],
        );
        &self.index.peers[start as usize..end as usize]
    }

    /// The killer cages.
    pub fn cages(&self) -> &Cages {
        &self.cages
    }

    /// The most options an item of the encoding of this geometry can have
    /// (the encoding module): the side for the items of cells and
    /// units, the size of a group for its item, and more for the items of a
    /// cage with many digit combinations. A matrix must count that high.
    pub fn most_options_per_item(&self) -> usize {
        let largest_group = (0..self.groups())
            .map(|group| self.group_placements(group).len())
            .max()
            .unwrap_or(0);
        // A table's item has an option per way; an X item of a table, one
        // placement and every way that leaves the cell another digit.
        // A link's item has an option per value, and its Y items a way of
        // each table and the link's other values.
        let largest_link = self.links.iter().map(|&l| usize::from(l) + 1).max();
        let largest_table = self
            .tables
            .iter()
            .map(|table| table.ways() + 1 + largest_link.unwrap_or(0))
            .max()
            .unwrap_or(0);
        self.side()
            .max(largest_group)
            .max(largest_table)
            .max(self.cages.most_options_per_item())
    }

    /// The number of "at most once" groups.
    #[inline]
    pub fn groups(&self) -> usize {
        self.all_groups().groups()
    }

    /// The groups, indexed: every group, built when first asked for where
    /// the geometry left some out of [`Geometry::fast_path_groups`].
    #[inline(always)]
    fn all_groups(&self) -> &GroupIndex {
        match &self.deferred_groups {
            None => &self.fast_path_groups,
            Some(given) => self.groups_compiled_whole(given),
        }
    }

    /// [`Geometry::all_groups`] where some are left out of
    /// [`Geometry::fast_path_groups`]: `given` compiled whole and indexed,
    /// once.
    #[cold]
    #[inline(never)]
    fn groups_compiled_whole(&self, given: &GivenGroups) -> &GroupIndex {
        self.all_groups.get_or_build(|| {
            let (n, cells) = (self.side(), self.cells());
            let all = given.compiled_whole(&self.consecutive_sets, n);
            GroupIndex::new(&all, n, cells, |a, b| self.index.share(a, b))
        })
    }

    /// The groups, indexed, but the pairs of the renban lines of
    /// [`Geometry::consecutive_sets`], which say no more than the lines,
    /// and those of the relations of two cells, which its relations hold
    /// as tables: what the 9x9 fast path reads, as it reasons on each line
    /// whole and strikes by the tables. Every other reader takes every
    /// group ([`Geometry::groups_of`], [`Geometry::relations`]...).
    #[inline]
    pub(crate) fn fast_path_groups(&self) -> &GroupIndex {
        &self.fast_path_groups
    }

    /// True when something besides units and cages rules out placements:
    /// "at most once" groups, or placements a rule forbids outright. The
    /// passes that read [`Geometry::group_blocked`] skip it otherwise.
    pub fn blocks_placements(&self) -> bool {
        self.groups() > 0 || !self.allowed.is_empty()
    }

    /// The digits `cell` may hold as far as the rules that forbid a
    /// placement outright are concerned (an odd cell, the bulb of a
    /// thermometer...), bit `d - 1` for digit `d`.
    pub fn allowed(&self, cell: usize) -> u64 {
        self.allowed
            .get(cell)
            .copied()
            .unwrap_or(u64::MAX >> (64 - self.side()))
    }

    /// The rule group `group` comes from, as a unit that names it; `None`
    /// for a group given as such.
    pub fn group_rule(&self, group: usize) -> Option<Unit> {
        let rule = self.all_groups().rule(group);
        (rule != NO_RULE).then(|| self.rules[rule as usize])
    }

    /// The rules beyond "once per unit" of this geometry, as units that
    /// name them, in the order they were added.
    pub fn rules(&self) -> &[Unit] {
        &self.rules
    }

    /// The number of the rule group `group` comes from, an index into
    /// [`Geometry::rules`]; `None` for a group given as such.
    pub fn group_rule_number(&self, group: usize) -> Option<usize> {
        let rule = self.all_groups().rule(group);
        (rule != NO_RULE).then_some(rule as usize)
    }

    /// The rules given as tables (arrows), and the sums killer cages
    /// imply beyond themselves (a table whose `rule` is `u32::MAX`: no
    /// rule of the puzzle).
    pub fn tables(&self) -> &[Table] {
        &self.tables
    }

    /// The links of the tables: the largest value of each (values run
    /// from 0).
    pub fn links(&self) -> &[u16] {
        &self.links
    }

    /// The first table of a rule whose cells are filled in `grid` with no
    /// list of the table; or, among the tables with links, the first of a
    /// rule whose cells are all filled and whose tables have no ways that
    /// agree with `grid` and with each other on every link. Tables of no
    /// rule (what killer cages imply, for the search) are left out: the
    /// units and cages they come from are checked instead.
    pub fn first_broken_table(&self, grid: &Grid) -> Option<&Table> {
        let of_rule = |table: &&Table| table.rule != NO_RULE;
        let mut rule_tables = self.tables.iter().filter(of_rule);
        if let Some(table) = rule_tables.find(|table| table.is_broken_by(grid)) {
            return Some(table);
        }
        let linked = |table: &&Table| !table.links.is_empty();
        let mut rules: Vec<u32> = self.tables.iter().filter(linked).map(|t| t.rule).collect();
        rules.dedup();
        rules.into_iter().find_map(|rule| {
            let tables: Vec<&Table> = self
                .tables
                .iter()
                .filter(|t| t.rule == rule && linked(t))
                .collect();
            let filled = tables
                .iter()
                .all(|t| t.cells.iter().all(|&cell| grid.cells()[cell] != 0));
            let mut values = vec![None; self.links.len()];
            (filled && !links_agree(&tables, grid, &mut values)).then(|| tables[0])
        })
    }

    /// The rules that relate two cells, as tables of supports; empty when
    /// no pair of placements forbids more than equal digits.
    #[inline]
    pub fn relations(&self) -> &Relations {
        self.all_groups().relations()
    }

    /// The rules kept whole beside the tables they compile to (little
    /// killers, sandwiches, region-sum lines, quadruples).
    pub(crate) fn whole_rules(&self) -> &[WholeRule] {
        &self.whole_rules
    }

    /// True when `table` comes from one of [`Geometry::whole_rules`].
    pub(crate) fn is_kept_whole(&self, table: &Table) -> bool {
        self.kept_whole.get(table.rule as usize) == Some(&true)
    }

    /// The lines whose cells hold a set of consecutive digits in any order
    /// (renban lines of three cells or more). Their pairs are in
    /// [`Geometry::relations`] as well (though not in what the 9x9 fast
    /// path reads of the groups); the search also reasons on each line as
    /// a whole.
    pub fn consecutive_sets(&self) -> &[Vec<usize>] {
        &self.consecutive_sets
    }

    /// The placements a rule forbids outright, as (cell, digit, rule
    /// number), in the order the rules were added.
    pub fn forbidden_placements(&self) -> &[(usize, u8, u32)] {
        &self.forbidden
    }

    /// The placements of group `group`, each as `cell * side + digit - 1`.
    #[inline]
    pub fn group_placements(&self, group: usize) -> &[u32] {
        self.all_groups().group_placements(group)
    }

    /// The groups of the placement of `digit` (from 1) in `cell`.
    #[inline]
    pub fn groups_of(&self, cell: usize, digit: u8) -> &[u32] {
        let placement = cell * self.side() + digit as usize - 1;
        self.all_groups().groups_of(placement)
    }

    /// The digits that the groups of the digits placed in `grid` rule out
    /// of each cell, as bit masks, written into `blocked` (one per cell).
    /// Returns false when two placed digits share a group.
    pub fn group_blocked(&self, grid: &Grid, blocked: &mut Vec<u64>) -> bool {
        let n = self.side();
        blocked.clear();
        blocked.resize(self.cells(), 0);
        let mut clash = false;
        if !self.allowed.is_empty() {
            for (cell, (blocked, &allowed)) in blocked.iter_mut().zip(&self.allowed).enumerate() {
                *blocked = !allowed;
                let digit = grid.cells()[cell];
                clash |= digit != 0 && allowed >> (digit - 1) & 1 == 0;
            }
        }
        for (cell, &digit) in grid.cells().iter().enumerate() {
            if digit == 0 {
                continue;
            }
            for &group in self.groups_of(cell, digit) {
                for &other in self.group_placements(group as usize) {
                    let (other_cell, other_digit) = (other as usize / n, other as usize % n + 1);
                    if other_cell == cell && other_digit == digit as usize {
                        continue;
                    }
                    blocked[other_cell] |= 1 << (other_digit - 1);
                    clash |= grid.cells()[other_cell] as usize == other_digit;
                }
            }
        }
        !clash
    }

    /// The digits each unit holds in `grid`, as bit masks (bit `d - 1` for
    /// digit `d`), written into `digits` (one entry per unit). Returns false
    /// when a digit appears twice in a unit.
    pub fn unit_digits(&self, grid: &Grid, digits: &mut Vec<u64>) -> bool {
        digits.clear();
        digits.resize(self.units(), 0);
        let mut clash = 0;
        for (cell, &digit) in grid.cells().iter().enumerate() {
            if digit != 0 {
                let bit = 1 << (digit - 1);
                for &unit in self.units_of(cell) {
                    clash |= digits[unit as usize] & bit;
                    digits[unit as usize] |= bit;
                }
            }
        }
        clash == 0
    }

    /// The first repetition of a digit in a unit, looking at the units in
    /// their order (rows, columns, boxes, then the others) and at the cells
    /// of each in order; `None` when `grid` obeys the rules (blanks are
    /// ignored).
    pub fn first_conflict(&self, grid: &Grid) -> Option<Conflict> {
        let n = self.side();
        // seen[digit] = 1 + the position within the unit where it was seen.
        let mut seen = [0usize; Size::MAX_SIDE + 1];
        for unit in 0..self.units() {
            seen[..=n].fill(0);
            let members = self.unit_cells(unit);
            for (k, &cell) in members.iter().enumerate() {
                let digit = grid.cells()[cell as usize];
                if digit == 0 {
                    continue;
                }
                let earlier = seen[digit as usize];
                if earlier != 0 {
                    return Some(Conflict {
                        digit,
                        unit: self.kind(unit),
                        first: self.position(members[earlier - 1] as usize),
                        second: self.position(cell as usize),
                        wrong_sum: None,
                    });
                }
                seen[digit as usize] = k + 1;
            }
        }
        for group in 0..self.groups() {
            let mut placed = self
                .group_placements(group)
                .iter()
                .map(|&code| (code as usize / n, code as usize % n + 1))
                .filter(|&(cell, digit)| grid.cells()[cell] as usize == digit);
            if let (Some(first), Some(second)) = (placed.next(), placed.next()) {
                return Some(Conflict {
                    digit: first.1 as u8,
                    unit: self.group_rule(group).unwrap_or(Unit::Group(group)),
                    first: self.position(first.0),
                    second: self.position(second.0),
                    wrong_sum: None,
                });
            }
        }
        if let Some(table) = self.first_broken_table(grid) {
            let (first, last) = (table.cells[0], table.cells[table.cells.len() - 1]);
            return Some(Conflict {
                digit: grid.cells()[first],
                unit: self.rules[table.rule as usize],
                first: self.position(first),
                second: self.position(last),
                wrong_sum: None,
            });
        }
        for &(cell, digit, rule) in &self.forbidden {
            if grid.cells()[cell] == digit {
                return Some(Conflict {
                    digit,
                    unit: self.rules[rule as usize],
                    first: self.position(cell),
                    second: self.position(cell),
                    wrong_sum: None,
                });
            }
        }
        self.cage_conflict(grid)
    }

    /// The first digit repeated in a cage, then the first full cage whose
    /// digits do not add up to its sum.
    fn cage_conflict(&self, grid: &Grid) -> Option<Conflict> {
        let at = |cell: u16| self.position(cell as usize);
        for cage in 0..self.cages.len() {
            let members = self.cages.cells(cage);
            for (k, &cell) in members.iter().enumerate() {
                let digit = grid.cells()[cell as usize];
                let earlier = members[..k]
                    .iter()
                    .find(|&&other| digit != 0 && grid.cells()[other as usize] == digit);
                if let Some(&earlier) = earlier {
                    return Some(Conflict {
                        digit,
                        unit: Unit::Cage(cage),
                        first: at(earlier),
                        second: at(cell),
                        wrong_sum: None,
                    });
                }
            }
        }
        let (cage, found) = self.cages.first_wrong_sum(grid)?;
        let members = self.cages.cells(cage);
        let expected = self.cages.sum(cage)?;
        Some(Conflict {
            digit: grid.cells()[members[0] as usize],
            unit: Unit::Cage(cage),
            first: at(*members.iter().min()?),
            second: at(*members.iter().max()?),
            wrong_sum: Some(WrongSum { found, expected }),
        })
    }
}

/// The rules check of a classic grid, defined here with the units it reads.
impl Grid {
    /// The first repetition of a digit in a row, column or box, looking at
    /// rows first, then columns, then boxes; `None` when the grid obeys the
    /// rules (blanks are ignored). [`Geometry::first_conflict`] checks the
    /// units of any other geometry.
    pub fn first_conflict(&self) -> Option<Conflict> {
        Geometry::classic(self.size()).first_conflict(self)
    }

    /// True when every cell is filled and no digit repeats in a unit.
    pub fn is_solved(&self) -> bool {
        self.is_complete() && self.first_conflict().is_none()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classic_nine_has_27_units_and_20_peers_per_cell() {
        let nine = Geometry::classic(Size::NINE);
        assert!(nine.is_classic());
        assert_eq!(nine.units(), 27);
        assert_eq!(nine.box_shape(), Some((3, 3)));
        for cell in 0..81 {
            assert_eq!(nine.units_of(cell).len(), 3);
            assert_eq!(nine.peers_of(cell).len(), 20);
        }
        // r5c8 (from 0: row 4, column 7) lies in box 5.
        assert_eq!(nine.units_of(4 * 9 + 7), [4, 9 + 7, 18 + 5]);
        assert_eq!(nine.kind(18 + 5), Unit::Box(5));
        assert_eq!(
            nine.unit_cells(18 + 4),
            [30, 31, 32, 39, 40, 41, 48, 49, 50]
        );
    }

    #[test]
    fn every_size_has_its_units_and_peers() {
        for size in Size::all() {
            let n = size.side();
            let geometry = Geometry::classic(size);
            let Some((rows, columns)) = size.box_shape() else {
                assert_eq!(geometry.units(), 2 * n);
                assert_eq!(geometry.peers_of(0).len(), 2 * (n - 1));
                continue;
            };
            assert_eq!(geometry.units(), 3 * n);
            for cell in 0..size.cells() {
                assert_eq!(
                    geometry.peers_of(cell).len(),
                    2 * (n - 1) + (rows - 1) * (columns - 1)
                );
            }
        }
    }

    #[test]
    fn the_classic_geometry_is_built_once() {
        assert!(std::ptr::eq(
            Geometry::classic(Size::FOUR),
            Geometry::classic(Size::FOUR)
        ));
    }

    #[test]
    fn units_of_the_wrong_size_or_with_a_repeated_cell_are_refused() {
        let short = Geometry::builder(Size::FOUR)
            .unit(Unit::Extra(0), [0, 5, 10])
            .build();
        assert_eq!(
            short.unwrap_err().to_string(),
            "extra unit 1 has 3 cells; expected 4, one per digit"
        );
        let twice = Geometry::builder(Size::FOUR)
            .unit(Unit::Extra(0), [0, 5, 5, 15])
            .build();
        assert!(matches!(
            twice,
            Err(GeometryError::BadCell {
                cell: 5,
                problem: "twice",
                ..
            })
        ));
        let outside = Geometry::builder(Size::FOUR)
            .unit(Unit::Extra(0), [0, 5, 10, 16])
            .build();
        assert!(matches!(
            outside,
            Err(GeometryError::BadCell { cell: 16, .. })
        ));
    }

    #[test]
    fn an_extra_unit_adds_peers_and_conflicts() {
        let x = Geometry::builder(Size::FOUR)
            .boxes()
            .unit(Unit::Extra(0), [0, 5, 10, 15])
            .build()
            .unwrap();
        assert!(!x.is_classic());
        assert_eq!(x.units_of(0), [0, 4, 8, 12]);
        assert!(x.peers_of(0).contains(&15));
        let grid = Grid::from_cells(&[1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]).unwrap();
        assert_eq!(Geometry::classic(Size::FOUR).first_conflict(&grid), None);
        let conflict = x.first_conflict(&grid).unwrap();
        assert_eq!(
            conflict.to_string(),
            "digit 1 appears twice in extra unit 1, at r1c1 and r4c4"
        );
    }

    #[test]
    fn at_most_once_groups_are_indexed_both_ways_and_checked() {
        let geometry = Geometry::builder(Size::FOUR)
            .boxes()
            .at_most_once([(0, 1), (6, 1)])
            .at_most_once([(0, 2), (6, 3)])
            .build()
            .unwrap();
        assert_eq!(geometry.groups(), 2);
        assert_eq!(geometry.groups_of(0, 1), [0]);
        assert_eq!(geometry.groups_of(6, 3), [1]);
        assert!(geometry.groups_of(5, 1).is_empty());
        assert_eq!(geometry.group_placements(1), [2 - 1, 6 * 4 + 3 - 1]);
        let grid: Grid = "1.....1.........".parse().unwrap();
        assert_eq!(
            geometry.first_conflict(&grid).unwrap().to_string(),
            "the digits at r1c1 and r2c3 break at-most-once group 1"
        );
        let mut blocked = Vec::new();
        assert!(!geometry.group_blocked(&grid, &mut blocked));
        let bad = Geometry::builder(Size::FOUR).at_most_once([(0, 5)]).build();
        assert!(matches!(
            bad,
            Err(GeometryError::BadPlacement { digit: 5, .. })
        ));
    }

    #[test]
    fn a_star_is_one_group_and_drops_the_equal_digit_of_a_peer() {
        let mut builder = Geometry::builder(Size::FOUR).boxes();
        let rule = builder.rule(Unit::Extra(0));
        // r1c1 = 1 refuses 1, 2 and 3 in r1c2 (a peer, which 1 cannot
        // hold anyway) and 2 and 4 in r4c4 (no peer).
        builder.forbid_star((0, 1), 1, 0b0111, rule);
        builder.forbid_star((0, 1), 15, 0b1010, rule);
        builder.forbid_star((0, 2), 15, 0b0100, rule);
        let geometry = builder.build().unwrap();
        assert_eq!(geometry.groups(), 3);
        assert_eq!(geometry.group_placements(0), [0, 4 + 1, 4 + 2]);
        assert_eq!(geometry.group_placements(1), [0, 60 + 1, 60 + 3]);
        assert_eq!(geometry.group_placements(2), [1, 60 + 2]);
        assert_eq!(geometry.groups_of(1, 3), [0]);
        assert_eq!(geometry.groups_of(0, 1), [0, 1]);
        let grid: Grid = "1...............".parse().unwrap();
        let mut blocked = Vec::new();
        assert!(geometry.group_blocked(&grid, &mut blocked));
        assert_eq!((blocked[1], blocked[15]), (0b0110, 0b1010));
    }
}
