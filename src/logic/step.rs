//! One step of a logical solve: the technique, what it looked at, the
//! digits it places and the candidates it strikes, in the r1c1 notation
//! players use (`hidden single: 7 in box 3 => r2c8=7`).

use std::fmt;

use crate::logic::technique::Technique;
use crate::sudoku::grid::Cell;

/// One deduction: `placements` are digits that must stand in their cells,
/// `eliminations` candidates that cannot.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// The technique.
    pub technique: Technique,
    /// What the technique saw: the digit, cells and units involved.
    pub clue: String,
    /// Digits placed, as (cell, digit).
    pub placements: Vec<(usize, u8)>,
    /// Candidates struck, as (cell, digit).
    pub eliminations: Vec<(usize, u8)>,
    /// The side of the grid, to name cells.
    pub side: usize,
}

impl Step {
    /// An empty step of `technique` on a grid of side `side`.
    pub fn new(technique: Technique, side: usize) -> Step {
        Step {
            technique,
            clue: String::new(),
            placements: Vec::new(),
            eliminations: Vec::new(),
            side,
        }
    }

    /// The cell `cell` as `r1c1`.
    pub fn cell_name(&self, cell: usize) -> Cell {
        cell_at(self.side, cell)
    }
}

/// The cell number `cell` of a grid of side `side` as a [`Cell`].
pub fn cell_at(side: usize, cell: usize) -> Cell {
    Cell {
        row: cell / side,
        column: cell % side,
    }
}

impl fmt::Display for Step {
    /// `technique: clue => r2c8=7, r2c5<>4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {} =>", self.technique, self.clue)?;
        let mut first = true;
        for &(cell, digit) in &self.placements {
            let comma = if first { "" } else { "," };
            write!(f, "{comma} {}={digit}", self.cell_name(cell))?;
            first = false;
        }
        for &(cell, digit) in &self.eliminations {
            let comma = if first { "" } else { "," };
            write!(f, "{comma} {}<>{digit}", self.cell_name(cell))?;
            first = false;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_step_reads_in_r1c1_notation() {
        let mut step = Step::new(Technique::LockedPointing, 9);
        step.clue = "4 in box 1 on row 2".into();
        step.eliminations = vec![(9 + 4, 4), (9 + 6, 4)];
        assert_eq!(
            step.to_string(),
            "locked candidates (pointing): 4 in box 1 on row 2 => r2c5<>4, r2c7<>4"
        );
    }
}
