//! Puzzles with rules beyond "once per unit": a random solution is drawn
//! first, then rules that it obeys are drawn on it (thermometers along
//! rising digits, kropki dots where neighbours differ by 1 or one is twice
//! the other, X and V where they add up to 10 or 5, arrows whose shaft adds
//! up to the bulb), then its givens are
//! blanked while the puzzle stays unique under those rules.
//!
//! Kropki and XV puzzles mark every pair that qualifies and take the
//! negative rule (no marker: the relation does not hold), as published
//! ones do; thermometers are a handful of random rising walks. Neighbours
//! are those of the geometry's frame, so a shape of several grids gets its
//! rules across the whole frame.

use thiserror::Error;

use crate::sudoku::constraints::{neighbour_pairs, Constraint};
use crate::sudoku::frame::Frame;
use crate::sudoku::generate::{GenerateError, Generated, Generator, PuzzleSpec};
use crate::sudoku::grid::Grid;
use crate::sudoku::random::Rng;
use crate::sudoku::rules::{Rules, RulesError};
use crate::sudoku::variants::Variant;

/// A family of rules to draw on a solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Decoration {
    /// Thermometers of 3 to 6 cells along rising digits.
    Thermometers,
    /// Every white and black kropki dot, with both negative rules.
    Kropki,
    /// Every X and V, with the negative rule.
    Xv,
    /// Arrows of one-cell bulbs and shafts of 2 to 4 cells.
    Arrows,
}

impl Decoration {
    /// Every decoration, in the order of their names.
    pub const ALL: [Decoration; 4] = [
        Decoration::Thermometers,
        Decoration::Kropki,
        Decoration::Xv,
        Decoration::Arrows,
    ];

    /// Its name, as `generate --variant` spells it.
    pub fn name(self) -> &'static str {
        match self {
            Decoration::Thermometers => "thermometer",
            Decoration::Kropki => "kropki",
            Decoration::Xv => "xv",
            Decoration::Arrows => "arrow",
        }
    }
}

/// Why a decorated puzzle could not be made.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum DecorateError {
    /// The rules drawn make no geometry (a size without boxes, say).
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// The generator failed.
    #[error(transparent)]
    Generate(#[from] GenerateError),
}

/// A puzzle with its rules and its one solution.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decorated {
    /// The rules drawn on the solution.
    pub rules: Rules,
    /// The givens, the solution and the rating.
    pub made: Generated,
}

/// Makes decorated puzzles, reusing its buffers.
#[derive(Debug, Default)]
pub struct Decorator {
    generator: Generator,
}

impl Decorator {
    /// A decorator.
    pub fn new() -> Decorator {
        Decorator::default()
    }

    /// A random puzzle of `size` under `base` (boxes, variants) and rules
    /// of `decorations` drawn on its solution, unique and minimal for
    /// them, blanked as `spec` says.
    ///
    /// # Errors
    ///
    /// Fails when the rules make no geometry or the generator fails.
    pub fn puzzle(
        &mut self,
        base: &Rules,
        decorations: &[Decoration],
        spec: &PuzzleSpec,
        rng: &mut Rng,
    ) -> Result<Decorated, DecorateError> {
        self.puzzle_on(base, None, decorations, spec, rng)
    }

    /// [`Decorator::puzzle`], with the rules drawn on `grid` when given: a
    /// complete grid that obeys `base`, for a base whose grids a search
    /// would take long to find (a jigsaw whose layout was drawn for a
    /// grid, `JigsawGenerator::layout_with_grid`).
    ///
    /// # Errors
    ///
    /// As [`Decorator::puzzle`].
    pub fn puzzle_on(
        &mut self,
        base: &Rules,
        grid: Option<&Grid>,
        decorations: &[Decoration],
        spec: &PuzzleSpec,
        rng: &mut Rng,
    ) -> Result<Decorated, DecorateError> {
        let size = spec.size;
        let plain = base.geometry(size)?;
        let mut solution = plain.empty_grid();
        match grid {
            Some(grid) => solution.clone_from(grid),
            None => self.generator.fill_solved_in(&plain, rng, &mut solution)?,
        }
        debug_assert_eq!(plain.first_conflict(&solution), None);
        let mut rules = base.clone();
        let frame = plain.frame();
        for &decoration in decorations {
            match decoration {
                Decoration::Thermometers => thermometers(&solution, frame, rng, &mut rules),
                Decoration::Kropki => kropki(&solution, frame, rng, &mut rules),
                Decoration::Xv => xv(&solution, frame, &mut rules),
                Decoration::Arrows => arrows(&solution, frame, rng, &mut rules),
            }
        }
        let geometry = rules.geometry(size)?;
        debug_assert_eq!(geometry.first_conflict(&solution), None);
        let made = self
            .generator
            .puzzle_of_solution_in(&geometry, &solution, spec, rng)?;
        Ok(Decorated { rules, made })
    }
}

/// A random walk of king's moves in `frame` from a random free cell, of at
/// most `length` cells, each next cell one that `fits` the walk so far.
fn walk(
    frame: &Frame,
    used: &[bool],
    length: usize,
    rng: &mut Rng,
    fits: impl Fn(&[usize], usize) -> bool,
) -> Vec<usize> {
    let start = rng.below(frame.cells());
    if used[start] {
        return Vec::new();
    }
    let mut line = vec![start];
    while line.len() < length {
        let at = frame.position(*line.last().expect("a walk has a first cell"));
        let next: Vec<usize> = (0..9)
            .filter(|&k| k != 4)
            .filter_map(|k| {
                let r = (at.row + k / 3).checked_sub(1)?;
                let c = (at.column + k % 3).checked_sub(1)?;
                frame.cell_at(r, c)
            })
            .filter(|&cell| !used[cell] && !line.contains(&cell) && fits(&line, cell))
            .collect();
        if next.is_empty() {
            break;
        }
        line.push(next[rng.below(next.len())]);
    }
    line
}

/// How many lines of a kind to draw for each grid's worth of cells: the
/// side of the grid, times the grids (a square grid is one).
fn per_grid(solution: &Grid, frame: &Frame) -> usize {
    let side = solution.size().side();
    side * frame.cells().div_ceil(side * side)
}

/// Draws a few thermometers: walks to a king's-move neighbour with a larger
/// digit, at most one thermometer through a cell.
fn thermometers(solution: &Grid, frame: &Frame, rng: &mut Rng, rules: &mut Rules) {
    let digits = solution.cells();
    let mut used = vec![false; frame.cells()];
    let wanted = (per_grid(solution, frame) / 2).max(2);
    let mut made = 0;
    for _ in 0..frame.cells() {
        if made == wanted {
            break;
        }
        let length = 3 + rng.below(4);
        let line = walk(frame, &used, length, rng, |line, cell| {
            digits[cell] > digits[line[line.len() - 1]]
        });
        if line.len() >= 3 {
            for &cell in &line {
                used[cell] = true;
            }
            rules.constraints.push(Constraint::Thermometer(line));
            made += 1;
        }
    }
}

/// Draws a few arrows: a bulb and a walk of 2 to 4 cells whose digits add
/// up to the bulb's, at most one arrow through a cell.
fn arrows(solution: &Grid, frame: &Frame, rng: &mut Rng, rules: &mut Rules) {
    let digits = solution.cells();
    let mut used = vec![false; frame.cells()];
    let wanted = (per_grid(solution, frame) * 2 / 3).max(2);
    let mut made = 0;
    for _ in 0..frame.cells() * 4 {
        if made == wanted {
            break;
        }
        let length = 3 + rng.below(3);
        let line = walk(frame, &used, length, rng, |line, cell| {
            let shaft: u32 = line[1..].iter().map(|&c| u32::from(digits[c])).sum();
            shaft + u32::from(digits[cell]) <= u32::from(digits[line[0]])
        });
        let shaft: u32 = line.iter().skip(1).map(|&c| u32::from(digits[c])).sum();
        if line.len() >= 3 && shaft == u32::from(digits[line[0]]) {
            for &cell in &line {
                used[cell] = true;
            }
            rules.constraints.push(Constraint::Arrow {
                bulb: vec![line[0]],
                shaft: line[1..].to_vec(),
            });
            made += 1;
        }
    }
}

/// Marks every kropki pair of `solution`: white where the digits differ by
/// 1, black where one is twice the other (1 and 2, both: either at random),
/// with both negative rules.
fn kropki(solution: &Grid, frame: &Frame, rng: &mut Rng, rules: &mut Rules) {
    let digits = solution.cells();
    for cells @ [a, b] in neighbour_pairs(frame) {
        let (x, y) = (digits[a], digits[b]);
        let white = x.abs_diff(y) == 1;
        let black = x == 2 * y || y == 2 * x;
        if white && (!black || rng.below(2) == 0) {
            rules.constraints.push(Constraint::WhiteDot {
                cells,
                difference: 1,
            });
        } else if black {
            rules
                .constraints
                .push(Constraint::BlackDot { cells, ratio: 2 });
        }
    }
    if !rules.variants.contains(&Variant::NonConsecutive) {
        rules.variants.push(Variant::NonConsecutive);
    }
    rules.constraints.push(Constraint::NegativeBlack);
}

/// Marks every X (sum 10) and V (sum 5) of `solution`, with the negative
/// rule.
fn xv(solution: &Grid, frame: &Frame, rules: &mut Rules) {
    let digits = solution.cells();
    for cells @ [a, b] in neighbour_pairs(frame) {
        let sum = digits[a] + digits[b];
        if sum == 10 || sum == 5 {
            rules.constraints.push(Constraint::Xv { cells, sum });
        }
    }
    rules.constraints.push(Constraint::NegativeXv);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::grid::Size;
    use crate::sudoku::solver::Solver;

    #[test]
    fn decorated_puzzles_are_unique_under_their_rules_and_seeded() {
        let spec = PuzzleSpec::default();
        for decoration in Decoration::ALL {
            let mut first = None;
            for _ in 0..2 {
                let mut rng = Rng::from_seed(5);
                let made = Decorator::new()
                    .puzzle(&Rules::default(), &[decoration], &spec, &mut rng)
                    .unwrap();
                let geometry = made.rules.geometry(Size::NINE).unwrap();
                assert_eq!(geometry.first_conflict(&made.made.solution), None);
                let count = Solver::new()
                    .count_solutions_in(&geometry, &made.made.puzzle, 2)
                    .unwrap();
                assert_eq!(count.found, 1, "{decoration:?}");
                assert!(!made.rules.constraints.is_empty());
                // Without its rules the puzzle has other solutions.
                let classic = Solver::new().count_solutions(&made.made.puzzle, 2).unwrap();
                assert_eq!(classic.found, 2, "{decoration:?}");
                if let Some(earlier) = first.replace(made.clone()) {
                    assert_eq!(earlier, made, "the same seed, the same puzzle");
                }
            }
        }
    }
}
