//! The exact-cover matrix of a partly filled grid, with its options in a
//! chosen order and, if asked, one placement left out.
//!
//! The generator needs two things the [`crate::Solver`] does not offer: a
//! random option order, which makes the search find a random grid, and a
//! search that skips one known placement, which asks "is there a solution
//! other than this one?" with a single limit-1 search. Both run on the
//! dancing-links engine through its public interface only.

use crate::engine::Matrix;
use crate::sudoku::encoding::Placement;
use crate::sudoku::grid::{Grid, Size};
use crate::sudoku::random::Rng;

/// A reusable matrix for the blank cells of one grid at a time.
#[derive(Debug, Clone)]
pub struct Reduced {
    /// Counts fit in bytes: an item of a grid of side `n <= 25` has at most
    /// `n` options.
    matrix: Matrix<u8>,
    /// The size the table `cell_units` is built for.
    size: Option<Size>,
    /// For each cell, its row, column and box as unit numbers: rows from 0,
    /// columns from `n`, boxes from `2n`.
    cell_units: Vec<[u16; 3]>,
    /// The digits each unit holds, as bit masks (bit `d - 1` for digit `d`).
    unit_digits: Vec<u32>,
    /// The number here of each item left open: unit `u` holding digit `d`
    /// (from 0) at `u * n + d`, then the cells at `3 n^2 + cell`. The items
    /// the digits of the grid cover are never read.
    item_number: Vec<u32>,
    /// The placements of the options, in the order they were added:
    /// `cell << 8 | digit`.
    placements: Vec<u32>,
}

impl Default for Reduced {
    fn default() -> Self {
        Reduced::new()
    }
}

impl Reduced {
    /// An empty matrix; its buffers grow to fit the largest grid seen.
    pub fn new() -> Reduced {
        Reduced {
            matrix: Matrix::with_count_type(0, 0),
            size: None,
            cell_units: Vec::new(),
            unit_digits: Vec::new(),
            item_number: Vec::new(),
            placements: Vec::new(),
        }
    }

    /// Fills the matrix with what is left of `grid`: the items its digits do
    /// not cover, and an option for each candidate digit of each blank cell
    /// (`candidates[cell]`, bit `d - 1` for digit `d`; every digit when
    /// `candidates` is `None`) that does not clash with a digit of the grid,
    /// except `skip`. With `shuffle`, the options are added in a random order;
    /// otherwise cell by cell, digits ascending.
    ///
    /// The items keep the order of the full [`crate::sudoku::encoding`]: row-digit,
    /// column-digit, box-digit, then cell items. The digits of `grid` must
    /// obey the rules.
    pub fn build(
        &mut self,
        grid: &Grid,
        candidates: Option<&[u32]>,
        skip: Option<Placement>,
        shuffle: Option<&mut Rng>,
    ) {
        let size = grid.size();
        self.prepare(size);
        let n = size.side();
        let all = (1u32 << n) - 1;
        self.unit_digits.clear();
        self.unit_digits.resize(3 * n, 0);
        for (&digit, units) in grid.cells().iter().zip(&self.cell_units) {
            if digit != 0 {
                for &unit in units {
                    self.unit_digits[unit as usize] |= 1 << (digit - 1);
                }
            }
        }
        // Number the open items in the order of the full encoding.
        self.item_number.resize(4 * size.cells(), 0);
        let mut open = 0u32;
        for (unit, &digits) in self.unit_digits.iter().enumerate() {
            let mut free = all & !digits;
            while free != 0 {
                self.item_number[unit * n + free.trailing_zeros() as usize] = open;
                open += 1;
                free &= free - 1;
            }
        }
        let cell_items = &mut self.item_number[3 * size.cells()..];
        for (number, &digit) in cell_items.iter_mut().zip(grid.cells()) {
            if digit == 0 {
                *number = open;
                open += 1;
            }
        }
        let skip = skip.map(|p| ((p.row * n + p.column) as u32) << 8 | u32::from(p.digit));
        self.placements.clear();
        for (cell, (&digit, units)) in grid.cells().iter().zip(&self.cell_units).enumerate() {
            if digit != 0 {
                continue;
            }
            let [row, column, bx] = units.map(|unit| self.unit_digits[unit as usize]);
            let mask = candidates.map_or(all, |candidates| candidates[cell]);
            let mut mask = mask & all & !(row | column | bx);
            while mask != 0 {
                let code = (cell as u32) << 8 | (mask.trailing_zeros() + 1);
                mask &= mask - 1;
                if Some(code) != skip {
                    self.placements.push(code);
                }
            }
        }
        if let Some(rng) = shuffle {
            rng.shuffle(&mut self.placements);
        }
        self.matrix.reset(open as usize, 0);
        let cells = size.cells();
        for &code in &self.placements {
            let (cell, d) = ((code >> 8) as usize, (code & 0xff) as usize - 1);
            let [row, column, bx] = self.cell_units[cell].map(|unit| unit as usize * n + d);
            let number = |item: usize| self.item_number[item] as usize;
            let items = [
                number(row),
                number(column),
                number(bx),
                number(3 * cells + cell),
            ];
            // The items are distinct and open by construction.
            self.matrix
                .add_option(&items)
                .expect("a Sudoku option covers four distinct open items");
        }
    }

    /// Builds the table of units of each cell for `size`, unless it is.
    fn prepare(&mut self, size: Size) {
        if self.size == Some(size) {
            return;
        }
        self.size = Some(size);
        let n = size.side();
        self.cell_units.clear();
        self.cell_units.extend((0..size.cells()).map(|cell| {
            let (row, column) = (cell / n, cell % n);
            [row, n + column, 2 * n + size.box_of(row, column)].map(|unit| unit as u16)
        }));
    }

    /// Searches for one solution; when there is one, writes it into `grid`
    /// (the grid the matrix was built from) and returns true.
    ///
    /// The choices of the search are left in place ([`Matrix::search_once`]):
    /// the next [`Reduced::build`] starts afresh, so undoing them would be
    /// wasted work.
    pub fn complete(&mut self, grid: &mut Grid) -> bool {
        let placements = &self.placements;
        let stats = self.matrix.search_once(1, |options| {
            for &option in options {
                let code = placements[option];
                grid.set((code >> 8) as usize, code as u8);
            }
        });
        stats.solutions == 1
    }

    /// True when the matrix has an exact cover. Like [`Reduced::complete`],
    /// leaves the choices of the search in place.
    pub fn has_solution(&mut self) -> bool {
        self.matrix.search_once(1, |_| {}).solutions == 1
    }
}
