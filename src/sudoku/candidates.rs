//! The candidates of every cell of a grid: what a player's pencilmarks
//! say, what a logical solver narrows down, and what the true-candidates
//! search reports.
//!
//! One bit set per cell, bit `d - 1` for digit `d`, in a `u64` so that
//! every size up to 36x36 fits. A placed digit is a cell with one
//! candidate; the grid a set of candidates stands for is in
//! [`Candidates::placed`].

use crate::sudoku::grid::{Grid, Size};

/// The candidate digits of every cell of one grid.
///
/// # Example
///
/// ```
/// use sudoku_dlx::{Candidates, Grid, Size};
///
/// let mut marks = Candidates::full(Size::NINE);
/// marks.remove(0, 5);
/// assert!(!marks.contains(0, 5) && marks.contains(0, 4));
/// assert_eq!(marks.count(0), 8);
/// marks.place(1, 7);
/// assert_eq!(marks.digits(1).collect::<Vec<_>>(), [7]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Candidates {
    size: Size,
    masks: Vec<u64>,
}

impl Candidates {
    /// Every digit a candidate of every cell.
    pub fn full(size: Size) -> Candidates {
        Candidates {
            size,
            masks: vec![Candidates::all_digits(size); size.cells()],
        }
    }

    /// Every digit of `size` a candidate of each of `cells` cells: the
    /// candidates of a geometry that is not one square.
    pub fn full_cells(size: Size, cells: usize) -> Candidates {
        Candidates {
            size,
            masks: vec![Candidates::all_digits(size); cells],
        }
    }

    /// The givens of `grid` as one candidate each, every digit a candidate
    /// of a blank cell.
    pub fn of_grid(grid: &Grid) -> Candidates {
        let mut marks = Candidates::full_cells(grid.size(), grid.cells().len());
        for (cell, &value) in grid.cells().iter().enumerate() {
            if value != 0 {
                marks.place(cell, value);
            }
        }
        marks
    }

    /// The candidates from one bit set per cell (bit `d - 1` for digit
    /// `d`), row by row; bits above the side of the grid are dropped.
    /// `None` when the number of masks is not `size.cells()`.
    pub fn from_masks(size: Size, masks: Vec<u64>) -> Option<Candidates> {
        if masks.len() != size.cells() {
            return None;
        }
        Some(Candidates::from_cell_masks(size, masks))
    }

    /// The candidates from one bit set per cell, as many cells as masks
    /// (the cells of a geometry, in its order); bits above the side of the
    /// grid are dropped.
    pub fn from_cell_masks(size: Size, masks: Vec<u64>) -> Candidates {
        let all = Candidates::all_digits(size);
        let masks = masks.into_iter().map(|mask| mask & all).collect();
        Candidates { size, masks }
    }

    /// The bit set of every digit of `size`.
    pub fn all_digits(size: Size) -> u64 {
        if size.side() >= 64 {
            u64::MAX
        } else {
            (1u64 << size.side()) - 1
        }
    }

    /// The size of the grid.
    pub fn size(&self) -> Size {
        self.size
    }

    /// The bit set of every cell, row by row.
    pub fn masks(&self) -> &[u64] {
        &self.masks
    }

    /// The bit set of `cell`.
    pub fn mask(&self, cell: usize) -> u64 {
        self.masks[cell]
    }

    /// Sets the bit set of `cell`; bits above the side are dropped.
    pub fn set_mask(&mut self, cell: usize, mask: u64) {
        self.masks[cell] = mask & Candidates::all_digits(self.size);
    }

    /// True when `digit` is a candidate of `cell`.
    pub fn contains(&self, cell: usize, digit: u8) -> bool {
        digit >= 1 && self.masks[cell] >> (digit - 1) & 1 == 1
    }

    /// Strikes `digit` from `cell`; true when it was a candidate.
    pub fn remove(&mut self, cell: usize, digit: u8) -> bool {
        let had = self.contains(cell, digit);
        if had {
            self.masks[cell] &= !(1u64 << (digit - 1));
        }
        had
    }

    /// Makes `digit` the one candidate of `cell`.
    pub fn place(&mut self, cell: usize, digit: u8) {
        self.masks[cell] = 1u64 << (digit - 1);
    }

    /// The number of candidates of `cell`.
    pub fn count(&self, cell: usize) -> u32 {
        self.masks[cell].count_ones()
    }

    /// The candidates of `cell`, smallest first.
    pub fn digits(&self, cell: usize) -> impl Iterator<Item = u8> {
        let mask = self.masks[cell];
        (1..=self.size.side() as u8).filter(move |&d| mask >> (d - 1) & 1 == 1)
    }

    /// The grid of the cells with exactly one candidate, 0 elsewhere.
    pub fn placed(&self) -> Grid {
        let mut grid = Grid::blank(self.size, self.masks.len());
        for (cell, &mask) in self.masks.iter().enumerate() {
            if mask.count_ones() == 1 {
                grid.set(cell, mask.trailing_zeros() as u8 + 1);
            }
        }
        grid
    }

    /// True when some cell has no candidate left.
    pub fn has_empty_cell(&self) -> bool {
        self.masks.contains(&0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_givens_of_a_grid_are_its_single_candidates() {
        let grid: Grid =
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
                .parse()
                .unwrap();
        let marks = Candidates::of_grid(&grid);
        assert_eq!(marks.placed(), grid);
        assert_eq!(marks.count(1), 9);
        assert!(!marks.has_empty_cell());
    }

    #[test]
    fn masks_lose_the_bits_above_the_side() {
        let marks = Candidates::from_masks(Size::FOUR, vec![u64::MAX; 16]).unwrap();
        assert_eq!(marks.mask(3), 0b1111);
        assert!(Candidates::from_masks(Size::FOUR, vec![0; 15]).is_none());
    }
}
