//! Building a [`Geometry`]: the units, groups, cages and rules a shape is
//! given one call at a time, checked and indexed once by
//! [`GeometryBuilder::build`].

use thiserror::Error;

use crate::sudoku::cages::{CageError, Cages};
use crate::sudoku::frame::Frame;
use crate::sudoku::grid::{Size, Unit};
use crate::sudoku::group_index::{
    Deferred, DeferredKind, GivenGroups, GroupIndex, LaterIndex, RelationPairs,
};

use crate::sudoku::whole_rules::WholeRule;

use super::{Geometry, Table, UnitIndex, NO_RULE};

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
}
