//! One step of a logical solve: the technique, what it looked at, the
//! digits it places and the candidates it strikes, in the r1c1 notation
//! players use (`hidden single: 7 in box 3 => r2c8=7`).

use std::fmt;

use crate::logic::technique::Technique;
use crate::sudoku::frame::Frame;
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
    /// Where the cells sit, to name them.
    pub frame: Frame,
}

impl Step {
    /// An empty step of `technique` on the cells of `frame`.
    pub fn new(technique: Technique, frame: &Frame) -> Step {
        Step {
            technique,
            clue: String::new(),
            placements: Vec::new(),
            eliminations: Vec::new(),
            frame: frame.clone(),
        }
    }

    /// The cell `cell` as `r1c1`.
    pub fn cell_name(&self, cell: usize) -> Cell {
        cell_at(&self.frame, cell)
    }

    /// The cells `cells` as `r1c1`, joined by `joint` (`", "`, `" or "`).
    pub fn cell_names(&self, cells: &[usize], joint: &str) -> String {
        let names: Vec<String> = cells
            .iter()
            .map(|&cell| self.cell_name(cell).to_string())
            .collect();
        names.join(joint)
    }
}

/// The cell number `cell` of `frame` as a [`Cell`], its place in the frame.
pub fn cell_at(frame: &Frame, cell: usize) -> Cell {
    frame.position(cell)
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
        let mut step = Step::new(Technique::LockedPointing, &Frame::square(9));
        step.clue = "4 in box 1 on row 2".into();
        step.eliminations = vec![(9 + 4, 4), (9 + 6, 4)];
        assert_eq!(
            step.to_string(),
            "locked candidates (pointing): 4 in box 1 on row 2 => r2c5<>4, r2c7<>4"
        );
    }
}
