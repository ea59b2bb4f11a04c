//! The killer cages in the exact-cover encoding: their items, and the
//! options that make their sums hold.
//!
//! A cage with a sum is encoded one of two ways, chosen per cage by how
//! many options the second would take ([`DEFAULT_ASSIGNMENT_LIMIT`]):
//!
//! * by assignments (Knuth's treatment of killer Sudoku, TAOCP 7.2.2.1):
//!   one option for each way of filling the cage's blank cells with distinct
//!   digits that make its sum, covering the items of all those placements
//!   at once (cells, units, groups). Its cells get no option of their own,
//!   and the cage no item: the search sees straight away which digits
//!   rows, columns and boxes leave the cage.
//! * by combinations: for each digit `d`, an item (k, d) that a placement
//!   of `d` in a cell of the cage covers, and an item of the cage itself;
//!   each digit combination `S` of the cage's size and sum is an option
//!   covering the cage's item and the items (k, d) of the digits not in
//!   `S`, which leaves exactly the digits of `S` to its cells. Few options
//!   however large the cage, but the sum only bites once a combination is
//!   chosen.
//!
//! A cage without a sum has only its (k, d) items, secondary: each digit at
//! most once. Digits already in a cage make no item, and only combinations
//! and assignments that keep them and that the blank cells can take become
//! options.

use super::cage_sums::SumCages;
use super::tables::TableItems;
use super::{CellByCell, Count, Geometry, Grid, Matrix, OptionItems};

/// The default of `Encoding::set_assignment_limit`: a cage with a
/// sum is encoded by assignments when its combinations, times the orders of
/// its cells, are at most this many; by combinations otherwise. With the
/// propagation of the sums of cages encoded by combinations, that takes the
/// fewest nodes and time on killers with and without givens, so every cage
/// is encoded by combinations unless a caller asks otherwise.
pub const DEFAULT_ASSIGNMENT_LIMIT: usize = 0;

/// The items of the killer cages of a build, what the grid holds of each
/// cage, and the placements of the assignment options.
#[derive(Debug, Clone)]
pub(super) struct CageItems {
    /// Cages of at most this many assignments are encoded by assignments.
    pub(super) assignment_limit: usize,
    /// The digits placed in each cage.
    pub(super) placed: Vec<u64>,
    /// The digits each cage's blank cells may still take: those of its
    /// combinations that hold the placed digits (every digit without a
    /// sum), less the placed ones; empty when the geometry has no cage.
    open: Vec<u64>,
    /// True for each cage encoded by assignments.
    assigned: Vec<bool>,
    /// The item of each cage encoded by combinations (what stands for the
    /// others is never read).
    whole: Vec<u32>,
    /// The item of (cage, digit from 0), `side` entries per cage; what
    /// stands for placed digits and assigned cages is never read.
    digit_items: Vec<u32>,
    /// The item of each blank cell of a cage.
    cell_items: Vec<u32>,
    /// The items of the tables (arrows), which placements cover beside
    /// those of the cages.
    pub(super) tables: TableItems,
}

/// The assignment options of a build: what each places, and the buffers
/// that enumerate them.
#[derive(Debug, Clone, Default)]
pub(super) struct Assignments {
    /// The placements of each assignment option, `cell << 8 | digit`, one
    /// option after another.
    codes: Vec<u32>,
    /// Where each assignment option starts in `codes`, and one past the
    /// last.
    starts: Vec<u32>,
    /// The blank cells of the cage being encoded.
    blank_cells: Vec<usize>,
    /// The free digits of each.
    free: Vec<u64>,
    /// The digits given to its first blank cells so far, from 0.
    digits: Vec<usize>,
    /// The items of an option, sorted.
    sorted: Vec<usize>,
}

impl Assignments {
    /// Forgets the options of the last build.
    pub(super) fn clear(&mut self) {
        self.codes.clear();
        self.starts.clear();
        self.starts.push(0);
    }

    /// The placements of assignment option `index` (see
    /// [`assignment_code`]).
    pub(super) fn placements(&self, index: usize) -> &[u32] {
        let (start, end) = (self.starts[index] as usize, self.starts[index + 1] as usize);
        &self.codes[start..end]
    }
}

impl Default for CageItems {
    fn default() -> Self {
        CageItems {
            assignment_limit: DEFAULT_ASSIGNMENT_LIMIT,
            placed: Vec::new(),
            open: Vec::new(),
            assigned: Vec::new(),
            whole: Vec::new(),
            digit_items: Vec::new(),
            cell_items: Vec::new(),
            tables: TableItems::default(),
        }
    }
}

/// The code in the decoding table of assignment option `index`: no digit,
/// and the index from 1 above it.
pub(super) fn assignment_code(index: usize) -> u32 {
    ((index + 1) as u32) << 8
}

impl CageItems {
    /// Forgets the cages of the last build, for a geometry without any.
    pub(super) fn clear(&mut self) {
        self.open.clear();
        self.assigned.clear();
    }

    /// Chooses how each cage of `geometry` is encoded, numbers the primary
    /// items of the cages from `first`, then the secondary ones after the
    /// groups, and notes the item of each blank cell of an assigned cage
    /// (blank cells numbered in order from `first_cell_item`). Returns the
    /// number of primary items and of secondary items.
    pub(super) fn number(
        &mut self,
        geometry: &Geometry,
        grid: &Grid,
        first: u32,
        first_cell_item: u32,
    ) -> (u32, u32) {
        let cages = geometry.cages();
        let n = geometry.side();
        let every = u64::MAX >> (64 - n);
        self.whole.resize(cages.len(), 0);
        self.digit_items.resize(cages.len() * n, 0);
        self.open.clear();
        self.assigned.clear();
        let mut item = first;
        for cage in 0..cages.len() {
            let placed = self.placed[cage];
            let possible = match cages.sum(cage) {
                Some(_) => cages
                    .combinations(cage)
                    .iter()
                    .filter(|&&combination| combination & placed == placed)
                    .fold(0, |union, &combination| union | combination),
                None => every,
            };
            self.open.push(possible & !placed);
            // A full cage keeps its item, which checks its sum.
            let blank = cages
                .cells(cage)
                .iter()
                .any(|&c| grid.cells()[c as usize] == 0);
            let assigned = blank && self.by_assignments(geometry, cage).is_some();
            self.assigned.push(assigned);
            if cages.sum(cage).is_none() || assigned {
                continue;
            }
            self.whole[cage] = item;
            item += 1;
            for digit in (0..n).filter(|&digit| placed >> digit & 1 == 0) {
                self.digit_items[cage * n + digit] = item;
                item += 1;
            }
        }
        let primary = item;
        item += geometry.groups() as u32;
        for cage in (0..cages.len()).filter(|&cage| cages.sum(cage).is_none()) {
            for digit in (0..n).filter(|&digit| self.placed[cage] >> digit & 1 == 0) {
                self.digit_items[cage * n + digit] = item;
                item += 1;
            }
        }
        if !cages.is_empty() {
            self.cell_items.resize(grid.cells().len(), 0);
            let blanks = grid.cells().iter().enumerate().filter(|&(_, &d)| d == 0);
            for (cell_item, (cell, _)) in (first_cell_item..).zip(blanks) {
                self.cell_items[cell] = cell_item;
            }
        }
        (primary, item - primary)
    }

    /// The assignments of cage `cage` before the grid is looked at (its
    /// combinations times the orders of its cells) when it has a sum and
    /// they are few enough to be its encoding.
    fn by_assignments(&self, geometry: &Geometry, cage: usize) -> Option<usize> {
        let cages = geometry.cages();
        cages.sum(cage)?;
        let orders = (1..=cages.cells(cage).len()).try_fold(1usize, |p, k| p.checked_mul(k))?;
        let count = orders.checked_mul(cages.combinations(cage).len())?;
        (count <= self.assignment_limit).then_some(count)
    }

    /// The most options an item can have in a build of `geometry`: that of
    /// the geometry, or, when a cage is encoded by assignments, the side
    /// (placements outside cages) plus every assignment of every cage.
    pub(super) fn most_options_per_item(&self, geometry: &Geometry) -> usize {
        let assignments: usize = (0..geometry.cages().len())
            .filter_map(|cage| self.by_assignments(geometry, cage))
            .sum();
        match assignments {
            0 => geometry.most_options_per_item(),
            _ => geometry.most_options_per_item() + assignments,
        }
    }

    /// True when the last build had cages.
    #[inline]
    pub(super) fn in_use(&self) -> bool {
        !self.open.is_empty()
    }

    /// The digits the cage of `cell` leaves it (every digit outside cages).
    #[inline]
    pub(super) fn allowed(&self, geometry: &Geometry, cell: usize) -> u64 {
        if self.open.is_empty() {
            return u64::MAX;
        }
        match geometry.cages().cage_of(cell) {
            Some(cage) => self.open[cage],
            None => u64::MAX,
        }
    }

    /// True when `cell` lies in a cage encoded by assignments: its
    /// placements come with the cage's, not as options of their own.
    #[inline]
    pub(super) fn assigns(&self, geometry: &Geometry, cell: usize) -> bool {
        !self.assigned.is_empty()
            && geometry
                .cages()
                .cage_of(cell)
                .is_some_and(|cage| self.assigned[cage])
    }

    /// The item of (the cage of `cell`, `digit` from 0) that a placement
    /// covers, when the cage is encoded by digits.
    #[inline]
    pub(super) fn digit_item(&self, geometry: &Geometry, cell: usize, digit: usize) -> Option<u32> {
        let cage = geometry.cages().cage_of(cell)?;
        (!self.assigned[cage]).then(|| self.digit_items[cage * geometry.side() + digit])
    }
}

impl CellByCell<'_> {
    /// Adds the options of the cages with a sum: the combinations or the
    /// assignments of each (see the module documentation), each standing
    /// in `placements` for no placement or for its assignment; notes in
    /// `sums` the cages encoded by combinations that have blank cells.
    pub(super) fn add_cage_options<C: Count>(
        &self,
        grid: &Grid,
        matrix: &mut Matrix<C>,
        placements: &mut Vec<u32>,
        items: &mut Vec<usize>,
        assignments: &mut Assignments,
        sums: &mut SumCages,
    ) {
        let cages = self.geometry.cages();
        let n = self.geometry.side();
        assignments.clear();
        for cage in (0..cages.len()).filter(|&cage| cages.sum(cage).is_some()) {
            let placed = self.cages.placed[cage];
            assignments.blank_cells.clear();
            assignments.free.clear();
            let mut reachable = 0;
            for &cell in cages.cells(cage) {
                if grid.cells()[cell as usize] == 0 {
                    let units = self.geometry.units_of(cell as usize);
                    let digits = self.free_digits(cell as usize, units);
                    reachable |= digits;
                    assignments.blank_cells.push(cell as usize);
                    assignments.free.push(digits);
                }
            }
            let by_combinations = !self.cages.assigned[cage] && !assignments.blank_cells.is_empty();
            if by_combinations {
                let sum = cages.sum(cage).unwrap_or(0);
                let placed_sum = (0..n)
                    .filter(|&d| placed >> d & 1 == 1)
                    .map(|d| d as u32 + 1);
                let cell_items = &self.cages.cell_items;
                let digit_items = &self.cages.digit_items[cage * n..(cage + 1) * n];
                // Givens over the sum leave a sum of 0 to make, which no
                // combination with a blank cell makes: no solution.
                sums.begin(
                    self.cages.whole[cage],
                    sum.saturating_sub(placed_sum.sum::<u32>()),
                    matrix.options(),
                    assignments.blank_cells.iter().map(|&cell| cell_items[cell]),
                    |digit| (placed >> digit & 1 == 0).then(|| digit_items[digit]),
                );
            }
            for &combination in cages.combinations(cage) {
                let left = combination & !placed;
                if combination & placed != placed || left & !reachable != 0 {
                    continue;
                }
                if self.cages.assigned[cage] {
                    let mut fill = Fill {
                        cells: self,
                        matrix: &mut *matrix,
                        placements: &mut *placements,
                        items: &mut *items,
                        assignments: &mut *assignments,
                    };
                    fill.assign(left);
                } else {
                    self.add_combination(cage, combination, matrix, items);
                    placements.push(0);
                    if by_combinations {
                        sums.push(left);
                    }
                }
            }
        }
    }

    /// Adds the option of `combination` of cage `cage`: its item and the
    /// items of the digits it leaves out.
    fn add_combination<C: Count>(
        &self,
        cage: usize,
        combination: u64,
        matrix: &mut Matrix<C>,
        items: &mut Vec<usize>,
    ) {
        let cage_items = self.cages;
        let n = self.geometry.side();
        items.clear();
        items.push(cage_items.whole[cage] as usize);
        let digit_items = &cage_items.digit_items[cage * n..(cage + 1) * n];
        let left_out = (0..n).filter(|&digit| combination >> digit & 1 == 0);
        items.extend(left_out.map(|digit| digit_items[digit] as usize));
        // The items are distinct and open by construction.
        matrix
            .add_option(items)
            .expect("an option covers distinct open items");
    }
}

/// The assignments of one combination to the blank cells of one cage,
/// and where their options go.
struct Fill<'a, 'b, C: Count> {
    cells: &'a CellByCell<'b>,
    matrix: &'a mut Matrix<C>,
    placements: &'a mut Vec<u32>,
    items: &'a mut Vec<usize>,
    assignments: &'a mut Assignments,
}

impl<C: Count> Fill<'_, '_, C> {
    /// Gives the digits of `left` to the blank cells from the next one on,
    /// each a free digit of its cell, and adds an option for each way.
    fn assign(&mut self, left: u64) {
        let k = self.assignments.digits.len();
        if k == self.assignments.blank_cells.len() {
            self.add();
            return;
        }
        let mut choices = left & self.assignments.free[k];
        while choices != 0 {
            let digit = choices.trailing_zeros() as usize;
            choices &= choices - 1;
            self.assignments.digits.push(digit);
            self.assign(left & !(1 << digit));
            self.assignments.digits.pop();
        }
    }

    /// Adds the option placing the digits chosen in the blank cells,
    /// unless two of its placements share a group (they could not both
    /// stand).
    fn add(&mut self) {
        let cells = self.cells;
        let assignments = &mut *self.assignments;
        let items = &mut *self.items;
        items.clear();
        for (&cell, &digit) in assignments.blank_cells.iter().zip(&assignments.digits) {
            let option = OptionItems {
                geometry: cells.geometry,
                unit_items: cells.unit_items,
                cell,
                digit,
                cell_item: cells.cages.cell_items[cell],
                primary: cells.primary,
                cages: cells.cages,
            };
            option.push_items(items);
        }
        if cells.geometry.groups() > 0 {
            assignments.sorted.clone_from(items);
            assignments.sorted.sort_unstable();
            if assignments.sorted.windows(2).any(|pair| pair[0] == pair[1]) {
                return;
            }
        }
        let index = assignments.starts.len() - 1;
        self.placements.push(assignment_code(index));
        let codes = assignments.blank_cells.iter().zip(&assignments.digits);
        assignments
            .codes
            .extend(codes.map(|(&cell, &digit)| (cell as u32) << 8 | (digit as u32 + 1)));
        let end = assignments.codes.len() as u32;
        assignments.starts.push(end);
        // Distinct digits in distinct cells of one cage cover distinct
        // items of cells and units; shared groups were ruled out above.
        self.matrix
            .add_option(items)
            .expect("an option covers distinct open items");
    }
}
