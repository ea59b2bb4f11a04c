//! The exact-cover matrix of a partly filled grid, with its options in a
//! chosen order and, if asked, one placement left out.
//!
//! The generator needs two things the [`crate::Solver`] does not offer: a
//! random option order, which makes the search find a random grid, and a
//! search that skips one known placement, which asks "is there a solution
//! other than this one?" with a single limit-1 search. Both run on the
//! dancing-links engine through its public interface only.

use crate::dlx::Matrix;
use crate::encoding::{item_count, items_of, Placement};
use crate::grid::Grid;
use crate::random::Rng;

/// Marks an item that the filled cells already cover.
const COVERED: u32 = u32::MAX;

/// A reusable matrix for the blank cells of one grid at a time.
#[derive(Debug, Clone)]
pub struct Reduced {
    matrix: Matrix,
    /// For each item of the full encoding, its number here, or [`COVERED`].
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
            matrix: Matrix::new(0, 0),
            item_number: Vec::new(),
            placements: Vec::new(),
        }
    }

    /// Fills the matrix with what is left of `grid`: the items its digits do
    /// not cover, and an option for each candidate digit of each blank cell
    /// (`candidates[cell]`, bit `d - 1` for digit `d`) that does not clash with
    /// a digit of the grid, except `skip`. With `shuffle`, the options are
    /// added in a random order; otherwise cell by cell, digits ascending.
    ///
    /// The digits of `grid` must obey the rules.
    pub fn build(
        &mut self,
        grid: &Grid,
        candidates: &[u32],
        skip: Option<Placement>,
        shuffle: Option<&mut Rng>,
    ) {
        let size = grid.size();
        let n = size.side();
        let cells = size.cells();
        self.item_number.clear();
        self.item_number.resize(item_count(size), 0);
        for row in 0..n {
            for column in 0..n {
                let digit = grid.cells()[row * n + column];
                if digit == 0 {
                    continue;
                }
                let placement = Placement { row, column, digit };
                for item in items_of(size, placement) {
                    self.item_number[item] = COVERED;
                }
            }
        }
        let mut primary = 0u32;
        for number in &mut self.item_number {
            if *number != COVERED {
                *number = primary;
                primary += 1;
            }
        }
        self.placements.clear();
        for (cell, &mask) in candidates.iter().enumerate().take(cells) {
            if grid.cells()[cell] != 0 {
                continue;
            }
            let mut mask = mask;
            while mask != 0 {
                let digit = mask.trailing_zeros() + 1;
                mask &= mask - 1;
                self.placements.push((cell as u32) << 8 | digit);
            }
        }
        if let Some(rng) = shuffle {
            rng.shuffle(&mut self.placements);
        }
        self.matrix.reset(primary as usize, 0);
        let mut kept = 0;
        for k in 0..self.placements.len() {
            let code = self.placements[k];
            let placement = decode(n, code);
            if Some(placement) == skip {
                continue;
            }
            let items = items_of(size, placement).map(|item| self.item_number[item]);
            if items.contains(&COVERED) {
                continue;
            }
            // The items are distinct and in range by construction.
            self.matrix
                .add_option(&items.map(|item| item as usize))
                .expect("a Sudoku option covers four distinct items");
            self.placements[kept] = code;
            kept += 1;
        }
        self.placements.truncate(kept);
    }

    /// Searches for one solution; when there is one, writes it into `grid`
    /// (the grid the matrix was built from) and returns true.
    ///
    /// The choices of the search are left in place ([`Matrix::search_once`]):
    /// the next [`Reduced::build`] starts afresh, so undoing them would be
    /// wasted work.
    pub fn complete(&mut self, grid: &mut Grid) -> bool {
        let n = grid.size().side();
        let placements = &self.placements;
        let stats = self.matrix.search_once(1, |options| {
            for &option in options {
                let placement = decode(n, placements[option]);
                grid.set(placement.row * n + placement.column, placement.digit);
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

/// The placement of an option code `cell << 8 | digit`.
fn decode(n: usize, code: u32) -> Placement {
    let cell = (code >> 8) as usize;
    Placement {
        row: cell / n,
        column: cell % n,
        digit: code as u8,
    }
}
