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

use thiserror::Error;

use crate::sudoku::buckets::by_key;
use crate::sudoku::cages::{CageError, Cages};
use crate::sudoku::frame::Frame;
use crate::sudoku::grid::{Cell, Conflict, Grid, Size, Unit, WrongSum};
use crate::sudoku::group_index::{
    Deferred, DeferredKind, GivenGroups, GroupIndex, LaterIndex, RelationPairs,
};
use crate::sudoku::relations::Relations;
use crate::sudoku::whole_rules::WholeRule;

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

pub(crate) use crate::sudoku::group_index::NO_RULE;

/// Why a [`GeometryBuilder`] could not build its geometry.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum GeometryError {
    /// A unit with another number of cells than the side of the grid.
    #[error("{unit} has {found} cells; expected {expected}, one per digit")]
    UnitSize {
        /// The unit.
        unit: Unit,
        /// Its cells.
        found: usize,
        /// The side of the grid.
        expected: usize,
    },
    /// Boxes whose cells are not one per digit.
    #[error("boxes of {rows}x{columns} do not tile a grid of side {side}; rows times columns must be {side}")]
    BoxShape {
        /// Rows of one box.
        rows: usize,
        /// Columns of one box.
        columns: usize,
        /// The side of the grid.
        side: usize,
    },
    /// An "at most once" group with a placement outside the grid.
    #[error("at-most-once group {} names cell {cell} with digit {digit}, outside the grid", group + 1)]
    BadPlacement {
        /// The group, from 0.
        group: usize,
        /// The cell number it names.
        cell: usize,
        /// The digit it names.
        digit: u8,
    },
    /// A unit that names a cell twice, or a cell outside the grid.
    #[error("{unit} names cell {cell} {problem}")]
    BadCell {
        /// The unit.
        unit: Unit,
        /// The cell number it names (row * side + column).
        cell: usize,
        /// "twice" or "outside the grid".
        problem: &'static str,
    },
    /// A killer cage that cannot be.
    #[error(transparent)]
    Cage(#[from] CageError),
    /// A forbidden placement outside the grid.
    #[error("{rule} forbids digit {digit} in cell {cell}, outside the grid")]
    BadForbidden {
        /// The rule.
        rule: Unit,
        /// The cell number it names.
        cell: usize,
        /// The digit it names.
        digit: u8,
    },
}

/// Collects the units of a geometry; see [`Geometry::builder`].
#[derive(Debug, Clone)]
pub struct GeometryBuilder {
    size: Size,
    frame: Frame,
    grids: Vec<(usize, usize)>,
    boxes: Option<(usize, usize)>,
    units: Vec<(Unit, Vec<usize>)>,
    standard_units: usize,
    /// The "at most once" groups, as given.
    groups: GivenGroups,
    /// Boxes whose cells do not number the side of the grid.
    bad_boxes: bool,
    cages: Vec<(Vec<usize>, Option<u32>)>,
    /// The rules that groups and forbidden placements come from.
    rules: Vec<Unit>,
    /// Placements forbidden outright: cell, digit, rule.
    forbidden: Vec<(usize, u8, u32)>,
    /// Rules given as tables.
    tables: Vec<Table>,
    /// The largest value of each link of the tables.
    links: Vec<u16>,
    /// Lines whose cells hold a set of consecutive digits.
    consecutive_sets: Vec<Vec<usize>>,
    /// Rules kept whole beside their tables.
    whole_rules: Vec<WholeRule>,
}

impl GeometryBuilder {
    /// Adds the size's own boxes ([`Size::box_shape`]), numbered row by
    /// row; a prime side has none, and the builder is left as it was.
    pub fn boxes(self) -> Self {
        match self.size.box_shape() {
            Some((rows, columns)) => self.boxes_of(rows, columns),
            None => self,
        }
    }

    /// Adds boxes of `rows` rows and `columns` columns, numbered row by
    /// row. [`GeometryBuilder::build`] refuses them unless
    /// `rows * columns` is the side of the grid.
    pub fn boxes_of(mut self, rows: usize, columns: usize) -> Self {
        let n = self.size.side();
        self.boxes = Some((rows, columns));
        if rows * columns != n {
            self.bad_boxes = true;
            return self;
        }
        let stacks = n / columns;
        for bx in 0..n {
            let (top, left) = ((bx / stacks) * rows, (bx % stacks) * columns);
            let cells = (0..n)
                .map(|k| (top + k / columns) * n + left + k % columns)
                .collect();
            self.units.push((Unit::Box(bx), cells));
        }
        self.standard_units = self.units.len();
        self
    }

    /// The rows and columns of the boxes added so far, if any.
    pub fn box_shape(&self) -> Option<(usize, usize)> {
        self.boxes
    }

    /// The shape of the boxes of a square grid whose units so far are its
    /// rows, columns and boxes and nothing else; `None` for any other grid.
    pub(crate) fn square_box_shape(&self) -> Option<(usize, usize)> {
        let n = self.size.side();
        let (rows, columns) = self.boxes?;
        (rows * columns == n
            && self.frame.is_square(n)
            && self.standard_units == 3 * n
            && self.units.len() == self.standard_units)
            .then_some((rows, columns))
    }

    /// The frame the cells sit in.
    pub fn frame(&self) -> &Frame {
        &self.frame
    }

    /// Sets the corners of the square grids of a shape in the frame.
    pub(crate) fn with_grids(mut self, corners: Vec<(usize, usize)>) -> Self {
        self.grids = corners;
        self
    }

    /// The top-left corner of each square grid in the frame: `(0, 0)`
    /// alone for a square grid.
    pub fn grids(&self) -> &[(usize, usize)] {
        &self.grids
    }

    /// The units added so far, each with its cells.
    pub(crate) fn unit_list(&self) -> &[(Unit, Vec<usize>)] {
        &self.units
    }

    /// The killer cages added so far, each with its cells and its sum.
    pub(crate) fn cage_list(&self) -> &[(Vec<usize>, Option<u32>)] {
        &self.cages
    }

    /// Counts the units added so far as the shape's own (rows, columns and
    /// boxes of its grids), as [`GeometryBuilder::boxes`] does for one grid.
    pub(crate) fn mark_standard_units(mut self, boxes: (usize, usize)) -> Self {
        self.boxes = Some(boxes);
        self.standard_units = self.units.len();
        self
    }

    /// The number of the shape's own units (rows, columns and boxes of its
    /// grids), which come first.
    pub(crate) fn standard_units(&self) -> usize {
        self.standard_units
    }

    /// Adds a unit: `cells` (numbered row * side + column) hold every digit
    /// exactly once.
    pub fn unit(mut self, kind: Unit, cells: impl IntoIterator<Item = usize>) -> Self {
        self.units.push((kind, cells.into_iter().collect()));
        self
    }

    /// Adds an "at most once" group: of the placements `(cell, digit)`
    /// given (digits from 1), a solution makes at most one. Two cells a
    /// knight's move apart that must differ are one group per digit,
    /// `[(a, d), (b, d)]`; neighbours that must not be consecutive are the
    /// groups `[(a, d), (b, d + 1)]` and `[(a, d + 1), (b, d)]`.
    pub fn at_most_once(mut self, placements: impl IntoIterator<Item = (usize, u8)>) -> Self {
        self.room_for_groups();
        self.groups.push(placements, NO_RULE);
        self
    }

    /// Registers a rule beyond "once per unit" that the groups and
    /// forbidden placements added after it under the number returned come
    /// from, so that a conflict or a step can name it.
    pub(crate) fn rule(&mut self, name: Unit) -> u32 {
        self.rules.push(name);
        (self.rules.len() - 1) as u32
    }

    /// Forbids the two placements together, for rule `rule` (from
    /// [`GeometryBuilder::rule`]): an "at most once" group of two. A pair
    /// of one digit in two cells that already share a unit or cage is left
    /// out when the geometry is built, and so is a pair already forbidden.
    pub(crate) fn forbid_pair(&mut self, first: (usize, u8), second: (usize, u8), rule: u32) {
        self.room_for_groups();
        self.groups.push([first, second], rule);
    }

    /// Forbids `centre` together with each digit of `digits` (bit `d - 1`
    /// for digit `d`) in the cell `other`, for rule `rule`: one "at most
    /// once" group, since the placements of one cell already exclude each
    /// other. A digit alone is [`GeometryBuilder::forbid_pair`]. When the
    /// geometry is built, the centre's own digit is left out of the group
    /// if the two cells share a unit or cage.
    pub(crate) fn forbid_star(
        &mut self,
        centre: (usize, u8),
        other: usize,
        digits: u64,
        rule: u32,
    ) {
        self.room_for_groups();
        self.groups.push_star(centre, other, digits, rule);
    }

    /// Makes room for `groups` more groups of a rule holding `placements`
    /// placements in all, which a rule about to add them knows ahead.
    pub(crate) fn reserve_rule_groups(&mut self, groups: usize, placements: usize) {
        self.room_for_groups();
        self.groups.placements.reserve(placements);
        self.groups.ends.reserve(groups);
        self.groups.rules.reserve(groups);
    }

    /// At the first group, room for a grid's worth of relations (the
    /// stars of a negative rule between every two neighbours), so that a
    /// puzzle's rules do not grow the group lists by doubling from empty,
    /// and a puzzle without groups allocates none.
    #[inline]
    fn room_for_groups(&mut self) {
        if self.groups.ends.capacity() == 0 {
            let cells = self.frame.cells();
            self.groups.placements.reserve(cells * 48);
            self.groups.ends.reserve(cells * 18);
            self.groups.rules.reserve(cells * 18);
        }
    }

    /// Forbids `digit` in `cell` outright, for rule `rule`.
    pub(crate) fn forbid(&mut self, cell: usize, digit: u8, rule: u32) {
        self.forbidden.push((cell, digit, rule));
    }

    /// Adds a rule given as a table (see [`Table`]).
    pub(crate) fn table(&mut self, table: Table) {
        self.tables.push(table);
    }

    /// Adds a line whose cells hold a set of consecutive digits, in any
    /// order, which the search reasons on as a whole (see
    /// [`Geometry::consecutive_sets`]). Its pairs, of rule `rule`, are
    /// groups in this place for every reader but the fast path, which
    /// reasons on the line whole ([`Geometry::fast_path_groups`]): they
    /// are compiled the first time another reader asks for the groups.
    pub(crate) fn consecutive_set(&mut self, cells: Vec<usize>, rule: u32) {
        self.consecutive_sets.push(cells);
        self.groups.deferred.push(Deferred {
            at: self.groups.ends.len() as u32,
            rule,
            kind: DeferredKind::Line,
        });
    }

    /// Adds the relation `relation` on its pairs of cells, for rule `rule`.
    /// Its stars (each digit of the cell they centre on, with the digits of
    /// the other it refuses) are groups in this place for every reader but
    /// the fast path, which reads the relation as tables of supports
    /// ([`Geometry::fast_path_groups`]): they are compiled the first time
    /// another reader asks for the groups. A relation that refuses only
    /// equal digits, or relates a cell to itself, makes no table: its stars
    /// are groups at once.
    pub(crate) fn relation(&mut self, relation: RelationPairs, rule: u32) {
        let n = self.size.side();
        let different = (0..n).any(|x| relation.refused[x] & !(1 << x) != 0);
        if different && relation.pairs.iter().all(|&[a, b]| a != b) {
            self.groups.push_relation(relation, rule);
        } else {
            self.room_for_groups();
            self.groups.push_relation_stars(&relation, n, rule);
        }
    }

    /// Keeps a rule whole, beside the tables it compiles to (see
    /// [`WholeRule`]).
    pub(crate) fn whole_rule(&mut self, rule: WholeRule) {
        self.whole_rules.push(rule);
    }

    /// Adds a link of the tables, whose values run from 0 to `largest`;
    /// returns its number for [`Table::links`].
    pub(crate) fn link(&mut self, largest: u16) -> u32 {
        self.links.push(largest);
        (self.links.len() - 1) as u32
    }

    /// True when a rule beyond the units has been added: groups, forbidden
    /// placements, tables or consecutive sets.
    fn has_rules(&self) -> bool {
        !(self.groups.ends.is_empty()
            && self.forbidden.is_empty()
            && self.tables.is_empty()
            && self.consecutive_sets.is_empty())
    }

    /// The number of units added so far that are neither rows, columns nor
    /// boxes: the number of the next [`Unit::Extra`].
    pub fn extra_units(&self) -> usize {
        self.units
            .iter()
            .filter(|(unit, _)| matches!(unit, Unit::Extra(_)))
            .count()
    }

    /// Adds a killer cage: `cells` (numbered row * side + column) hold
    /// different digits, adding up to `sum` when there is one. Its cells
    /// become peers of each other.
    pub fn cage(mut self, cells: impl IntoIterator<Item = usize>, sum: Option<u32>) -> Self {
        self.cages.push((cells.into_iter().collect(), sum));
        self
    }

    /// Checks the units and builds the tables.
    ///
    /// # Errors
    ///
    /// Fails when a unit does not have exactly one cell per digit, or names
    /// a cell twice or outside the grid, or when a cage cannot be (see
    /// [`CageError`]).
    pub fn build(self) -> Result<Geometry, GeometryError> {
        let size = self.size;
        let (n, cells) = (size.side(), self.frame.cells());
        if let (true, Some((rows, columns))) = (self.bad_boxes, self.boxes) {
            return Err(GeometryError::BoxShape {
                rows,
                columns,
                side: n,
            });
        }
        let mut seen = vec![usize::MAX; cells];
        for (index, (unit, members)) in self.units.iter().enumerate() {
            if members.len() != n {
                return Err(GeometryError::UnitSize {
                    unit: *unit,
                    found: members.len(),
                    expected: n,
                });
            }
            for &cell in members {
                let problem = if cell >= cells {
                    "outside the grid"
                } else if seen[cell] == index {
                    "twice"
                } else {
                    seen[cell] = index;
                    continue;
                };
                return Err(GeometryError::BadCell {
                    unit: *unit,
                    cell,
                    problem,
                });
            }
        }
        let bad = |&(cell, digit): &(usize, u8)| cell >= cells || digit == 0 || digit as usize > n;
        if let Some(at) = self.groups.placements.iter().position(bad) {
            let (cell, digit) = self.groups.placements[at];
            return Err(GeometryError::BadPlacement {
                group: self.groups.ends.partition_point(|&end| end as usize <= at),
                cell,
                digit,
            });
        }
        let relations = self
            .groups
            .deferred
            .iter()
            .filter_map(|deferred| match &deferred.kind {
                DeferredKind::Relation(relation) => Some((deferred.at, relation)),
                DeferredKind::Line => None,
            });
        for (at, relation) in relations {
            if let Some(&cell) = relation.pairs.iter().flatten().find(|&&cell| cell >= cells) {
                return Err(GeometryError::BadPlacement {
                    group: at as usize,
                    cell,
                    digit: 1,
                });
            }
        }
        for &(cell, digit, rule) in &self.forbidden {
            if cell >= cells || digit == 0 || digit as usize > n {
                return Err(GeometryError::BadForbidden {
                    rule: self.rules[rule as usize],
                    cell,
                    digit,
                });
            }
        }
        let mut allowed = Vec::new();
        if !self.forbidden.is_empty() {
            allowed = vec![u64::MAX >> (64 - n); cells];
            for &(cell, digit, _) in &self.forbidden {
                allowed[cell] &= !(1 << (digit - 1));
            }
        }
        let cages = Cages::new(n, cells, &self.cages)?;
        // A variant of a classic square grid shares the classic geometry's
        // units and peers, built once, rather than find them again (only a
        // geometry with rules asks: the classic one is built here too).
        let classic_units = (self.square_box_shape().is_some()
            && self.boxes == size.box_shape()
            && self.cages.is_empty()
            && self.has_rules())
        .then(|| Geometry::classic(size))
        .filter(|classic| {
            classic.index.kinds.len() == self.units.len()
                && (classic
                    .index
                    .unit_cells
                    .chunks(n)
                    .zip(&classic.index.kinds)
                    .zip(&self.units))
                .all(|((shared, kind), (unit, members))| {
                    kind == unit
                        && shared
                            .iter()
                            .map(|&c| c as usize)
                            .eq(members.iter().copied())
                })
        });
        let index = match classic_units {
            Some(classic) => classic.index.clone(),
            None => UnitIndex::new(&self.units, cells, n, &cages),
        };
        let together = |a: usize, b: usize| index.share(a, b);
        // The pairs of the consecutive sets and of the relations are not
        // among the given groups: the index the fast path reads goes
        // without them (the relations as tables); the others read every
        // group, the pairs compiled in their places when first asked for.
        let fast_path_groups = GroupIndex::new(&self.groups, n, cells, together);
        let has_deferred = !self.groups.deferred.is_empty();
        let mut kept_whole = vec![false; self.rules.len()];
        for whole in &self.whole_rules {
            kept_whole[whole.rule as usize] = true;
        }
        let of_whole_rule = |table: &Table| kept_whole.get(table.rule as usize) == Some(&true);
        // Rows, columns and boxes, then only extra units of n cells (the
        // diagonals of x, the windows of hyper, the disjoint groups).
        let extra_units = self.units.len() - self.standard_units;
        let classic_units = self
            .boxes
            .is_some_and(|(rows, columns)| rows * columns == n)
            && self.frame.is_square(n)
            && self.standard_units == 3 * n
            && self.units[self.standard_units..]
                .iter()
                .all(|(unit, cells)| matches!(unit, Unit::Extra(_)) && cells.len() == n)
            && matches!(self.units.first(), Some((Unit::Row(_), _)))
            && self.boxes == size.box_shape()
            && self
                .tables
                .iter()
                .all(|table| table.links.is_empty() || of_whole_rule(table));
        // A jigsaw: rows, columns, then n regions of n cells and only
        // extra units of n cells, with the same rules beyond them.
        let jigsaw_units = self.boxes.is_none()
            && self.frame.is_square(n)
            && self.standard_units == 2 * n
            && self.units.len() >= 3 * n
            && matches!(self.units.first(), Some((Unit::Row(_), _)))
            && self.units[2 * n..3 * n]
                .iter()
                .all(|(unit, cells)| matches!(unit, Unit::Box(_)) && cells.len() == n)
            && self.units[3 * n..]
                .iter()
                .all(|(unit, cells)| matches!(unit, Unit::Extra(_)) && cells.len() == n)
            && self
                .tables
                .iter()
                .all(|table| table.links.is_empty() || of_whole_rule(table));
        let classic = classic_units
            && extra_units == 0
            && cages.is_empty()
            && fast_path_groups.groups() == 0
            && !has_deferred
            && allowed.is_empty()
            && self.tables.is_empty()
            && self.whole_rules.is_empty()
            && self.consecutive_sets.is_empty();
        let units_per_cell = same_length(&index.cell_unit_starts);
        let peers_per_cell = same_length(&index.peer_starts);
        let deferred_groups = has_deferred.then(|| Box::new(self.groups));
        Ok(Geometry {
            size,
            frame: self.frame,
            grids: self.grids,
            boxes: self.boxes,
            index,
            classic,
            classic_units,
            jigsaw_units,
            units_per_cell,
            peers_per_cell,
            fast_path_groups,
            deferred_groups,
            all_groups: LaterIndex::default(),
            cages,
            rules: self.rules,
            allowed,
            forbidden: self.forbidden,
            tables: self.tables,
            links: self.links,
            consecutive_sets: self.consecutive_sets,
            whole_rules: self.whole_rules,
            kept_whole,
        })
    }
}

/// True when each of `tables` has a way that agrees with `grid` and with
/// the link values of `values` (`None`: not chosen yet), the ways agreeing
/// with each other on every link they share.
fn links_agree(tables: &[&Table], grid: &Grid, values: &mut [Option<u16>]) -> bool {
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

/// The length of every list of a flat table whose lists start at
/// `starts` (one more entry closing the last), when it is the same for all.
fn same_length(starts: &[u32]) -> Option<usize> {
    let first = starts.get(1).map_or(0, |&end| end - starts[0]);
    starts
        .windows(2)
        .all(|bounds| bounds[1] - bounds[0] == first)
        .then_some(first as usize)
}

impl Geometry {
    /// A geometry of `size` with its rows and columns; add boxes and other
    /// units to it, then [`GeometryBuilder::build`].
    pub fn builder(size: Size) -> GeometryBuilder {
        let n = size.side();
        let rows = (0..n).map(|row| (Unit::Row(row), (0..n).map(|k| row * n + k).collect()));
        let columns = (0..n).map(|column| {
            (
                Unit::Column(column),
                (0..n).map(|k| k * n + column).collect(),
            )
        });
        let units: Vec<_> = rows.chain(columns).collect();
        GeometryBuilder {
            size,
            frame: Frame::square(n),
            grids: vec![(0, 0)],
            boxes: None,
            standard_units: units.len(),
            units,
            groups: GivenGroups::default(),
            bad_boxes: false,
            cages: Vec::new(),
            rules: Vec::new(),
            forbidden: Vec::with_capacity(n * n * 2),
            tables: Vec::new(),
            links: Vec::new(),
            consecutive_sets: Vec::new(),
            whole_rules: Vec::new(),
        }
    }

    /// A geometry of digits 1 to `size.side()` whose cells sit in `frame`,
    /// with no unit yet: add the units of its grids (as
    /// [`crate::Shape::builder`] does), then [`GeometryBuilder::build`].
    pub fn frame_builder(size: Size, frame: Frame) -> GeometryBuilder {
        GeometryBuilder {
            size,
            frame,
            grids: Vec::new(),
            boxes: None,
            standard_units: 0,
            units: Vec::new(),
            groups: GivenGroups::default(),
            bad_boxes: false,
            cages: Vec::new(),
            rules: Vec::new(),
            forbidden: Vec::new(),
            tables: Vec::new(),
            links: Vec::new(),
            consecutive_sets: Vec::new(),
            whole_rules: Vec::new(),
        }
    }

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
