//! Singles on a samurai: the cheap deductions that the rating of a samurai
//! counts (naked singles alone are easy, hidden singles too are medium) and
//! that prove most steps of the samurai generator unique without a search.
//!
//! [`crate::Singles`] works on a [`crate::Geometry`], a square grid; a
//! samurai has its own layout ([`SamuraiLayout`]), so its singles are filled
//! here: a blank cell with one digit left in its units gets it (a naked
//! single), and with `hidden`, a digit with one cell left in a unit goes
//! there (a hidden single), until nothing changes. Every placement is
//! forced, so a samurai that singles fill has exactly that one solution.

use crate::sudoku::samurai::{SamuraiGrid, SamuraiLayout, SAMURAI_CELLS};
use crate::sudoku::singles::Outcome;

/// The mask of the digits 1 to 9, bit `d` for digit `d`.
const ALL_DIGITS: u16 = 0b11_1111_1110;

/// Fills singles into samurai grids, reusing its tables.
///
/// # Example
///
/// ```
/// use sudoku_dlx::{SamuraiGrid, SamuraiSingles, SamuraiSolver, SinglesOutcome};
///
/// let solution = SamuraiSolver::new().first_solution(&SamuraiGrid::empty()).unwrap().unwrap();
/// let mut puzzle = solution.clone();
/// puzzle.set(100, 0);
/// let mut singles = SamuraiSingles::new();
/// assert_eq!(singles.fill_in(&mut puzzle, false), SinglesOutcome::Solved);
/// assert_eq!(puzzle, solution);
/// ```
#[derive(Debug, Clone, Default)]
pub struct SamuraiSingles {
    /// The digits placed in each unit, bit `d` for digit `d`.
    unit_digits: Vec<u16>,
}

impl SamuraiSingles {
    /// Singles with empty tables.
    pub fn new() -> SamuraiSingles {
        SamuraiSingles::default()
    }

    /// Fills the naked singles of `grid` (and its hidden singles too when
    /// `hidden`) until none is left.
    ///
    /// Returns [`Outcome::Solved`] when that fills every cell,
    /// [`Outcome::Contradiction`] when a cell or a digit of a unit is left
    /// with no place (or the givens already repeat a digit), and
    /// [`Outcome::Stalled`] otherwise; `grid` keeps what was filled.
    pub fn fill_in(&mut self, grid: &mut SamuraiGrid, hidden: bool) -> Outcome {
        let layout = SamuraiLayout::get();
        self.unit_digits.clear();
        self.unit_digits.resize(layout.units(), 0);
        for cell in 0..SAMURAI_CELLS {
            let digit = grid.get(cell);
            if digit == 0 {
                continue;
            }
            for unit in layout.units_of(cell) {
                if self.unit_digits[unit] & 1 << digit != 0 {
                    return Outcome::Contradiction;
                }
                self.unit_digits[unit] |= 1 << digit;
            }
        }
        loop {
            let mut placed = false;
            for cell in 0..SAMURAI_CELLS {
                if grid.get(cell) != 0 {
                    continue;
                }
                let left = self.left_in(layout, cell);
                if left == 0 {
                    return Outcome::Contradiction;
                }
                if left.is_power_of_two() {
                    self.place(layout, grid, cell, left.trailing_zeros() as u8);
                    placed = true;
                }
            }
            if hidden {
                match self.hidden_pass(layout, grid) {
                    None => return Outcome::Contradiction,
                    Some(found) => placed |= found,
                }
            }
            if !placed {
                break;
            }
        }
        if grid.is_complete() {
            Outcome::Solved
        } else {
            Outcome::Stalled
        }
    }

    /// Places the hidden singles of every unit once; `None` when a digit
    /// has no place left in some unit, else whether one was placed.
    fn hidden_pass(&mut self, layout: &SamuraiLayout, grid: &mut SamuraiGrid) -> Option<bool> {
        let mut placed = false;
        for unit in 0..layout.units() {
            let missing = ALL_DIGITS & !self.unit_digits[unit];
            // For each digit, the one cell seen holding it, and whether a
            // second one was seen.
            let (mut once, mut twice) = (0u16, 0u16);
            let mut place = [0usize; 10];
            for cell in layout.unit_cells(unit) {
                if grid.get(cell) != 0 {
                    continue;
                }
                let left = self.left_in(layout, cell) & missing;
                let mut fresh = left & !once;
                twice |= once & left;
                once |= left;
                while fresh != 0 {
                    place[fresh.trailing_zeros() as usize] = cell;
                    fresh &= fresh - 1;
                }
            }
            if once != missing {
                return None;
            }
            let mut single = once & !twice;
            while single != 0 {
                let digit = single.trailing_zeros() as u8;
                single &= single - 1;
                let cell = place[usize::from(digit)];
                // An earlier placement of this pass may have taken it.
                if grid.get(cell) == 0 && self.left_in(layout, cell) & 1 << digit != 0 {
                    self.place(layout, grid, cell, digit);
                    placed = true;
                }
            }
        }
        Some(placed)
    }

    /// The digits (bit `d` for digit `d`) the units of `cell` leave it in
    /// the grid last filled by [`SamuraiSingles::fill_in`]: after it stalls,
    /// the candidates of a blank cell.
    pub fn candidates(&self, cell: usize) -> u16 {
        self.left_in(SamuraiLayout::get(), cell)
    }

    /// The digits the units of `cell` leave it.
    fn left_in(&self, layout: &SamuraiLayout, cell: usize) -> u16 {
        layout
            .units_of(cell)
            .fold(ALL_DIGITS, |left, unit| left & !self.unit_digits[unit])
    }

    fn place(&mut self, layout: &SamuraiLayout, grid: &mut SamuraiGrid, cell: usize, digit: u8) {
        grid.set(cell, digit);
        for unit in layout.units_of(cell) {
            self.unit_digits[unit] |= 1 << digit;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::random::Rng;
    use crate::sudoku::samurai::SamuraiSolver;
    use crate::sudoku::samurai_generate::SamuraiGenerator;

    #[test]
    fn singles_only_place_the_digits_of_the_one_solution() {
        let mut solver = SamuraiSolver::new();
        let mut generator = SamuraiGenerator::new();
        let mut rng = Rng::from_seed(3);
        let mut singles = SamuraiSingles::new();
        // Stalled, solved.
        let mut outcomes = [0usize; 2];
        for case in 0..30 {
            let mut solution = SamuraiGrid::empty();
            generator.fill_solved(&mut rng, &mut solution);
            let mut puzzle = solution.clone();
            for cell in 0..SAMURAI_CELLS {
                if rng.below(100) < 40 + case {
                    puzzle.set(cell, 0);
                }
            }
            let unique = solver.count_solutions(&puzzle, 2).unwrap().found == 1;
            for hidden in [false, true] {
                let mut filled = puzzle.clone();
                let outcome = singles.fill_in(&mut filled, hidden);
                assert!(filled.keeps_givens_of(&puzzle));
                // What singles fill is forced: the solution's digits, when
                // the puzzle is unique.
                if unique {
                    assert!(solution.keeps_givens_of(&filled));
                }
                if outcome == Outcome::Solved {
                    assert!(unique && filled == solution);
                }
                assert_ne!(outcome, Outcome::Contradiction);
                outcomes[usize::from(outcome == Outcome::Solved)] += 1;
            }
        }
        // Some solved, some stalled.
        assert!(outcomes.iter().all(|&seen| seen > 0), "{outcomes:?}");
    }

    #[test]
    fn a_cell_with_no_digit_left_is_a_contradiction() {
        let layout = SamuraiLayout::get();
        let mut grid = SamuraiGrid::empty();
        // Row 1 of the top-left grid holds 1 to 8; its last cell can only
        // be 9, which column 9 already holds.
        for column in 0..8 {
            grid.set(layout.cell_at(0, column).unwrap(), column as u8 + 1);
        }
        grid.set(layout.cell_at(5, 8).unwrap(), 9);
        assert_eq!(
            SamuraiSingles::new().fill_in(&mut grid, false),
            Outcome::Contradiction
        );
    }
}
