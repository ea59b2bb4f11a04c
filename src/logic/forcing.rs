//! Forcing chains: each candidate of a cell, or each place of a digit in a
//! unit, assumed in turn and followed by a trial; what all of them lead to
//! holds.
//!
//! A cell holds one of its candidates and a unit holds each digit in one
//! of its places, so one branch is true in every solution, and a trial
//! draws only what follows from it. A digit that every branch places, or a
//! candidate that every branch strikes, therefore stands or goes whichever
//! branch is true. These are Sudoku Explainer's cell and region forcing
//! chains. They come after the Nishio forcing chain (a single branch that
//! breaks) and before the search guesses: where no technique above them
//! applies, they often still find a step a player can check by hand, one
//! branch at a time.

use crate::logic::board::{digits_of, Board};
use crate::logic::step::{cell_at, Step};
use crate::logic::technique::Technique;
use crate::logic::trial;
use crate::sudoku::candidates::Candidates;

/// The most branches a chain follows: a cell of two or three candidates,
/// a digit with two or three places in a unit. More branches are harder
/// to follow by hand and seldom agree on anything.
const MOST_BRANCHES: usize = 3;

/// The first forcing chain that places a digit or strikes a candidate:
/// sources of two branches before sources of three, cells before units.
pub fn forcing_chain(board: &Board) -> Option<Step> {
    let mut follower = Follower {
        trials: trial::Trials::at(board),
        trial: board.clone(),
        reached: vec![0; board.cells()],
    };
    let geometry = board.geometry;
    let all_digits = Candidates::all_digits(geometry.size());
    for branches in 2..=MOST_BRANCHES {
        for cell in (0..board.cells()).filter(|&cell| !board.is_placed(cell)) {
            let mask = board.mask(cell);
            if mask.count_ones() as usize != branches {
                continue;
            }
            let assumed: Vec<(usize, u8)> = digits_of(mask).map(|digit| (cell, digit)).collect();
            if let Some(mut step) = follower.follow(board, &assumed) {
                let digits: Vec<String> = digits_of(mask).map(|digit| digit.to_string()).collect();
                step.clue = format!(
                    "{} is {}: whichever it is, these follow",
                    cell_at(board.frame(), cell),
                    either(&digits)
                );
                return Some(step);
            }
        }
        for unit in 0..geometry.units() {
            for digit in digits_of(!board.state.unit_placed[unit] & all_digits) {
                let places: Vec<usize> = geometry
                    .unit_cells(unit)
                    .iter()
                    .map(|&cell| cell as usize)
                    .filter(|&cell| !board.is_placed(cell) && board.has(cell, digit))
                    .collect();
                if places.len() != branches {
                    continue;
                }
                let assumed: Vec<(usize, u8)> = places.iter().map(|&cell| (cell, digit)).collect();
                if let Some(mut step) = follower.follow(board, &assumed) {
                    let names: Vec<String> = places
                        .iter()
                        .map(|&cell| cell_at(board.frame(), cell).to_string())
                        .collect();
                    step.clue = format!(
                        "{digit} in {} goes in {}: wherever it goes, these follow",
                        geometry.kind(unit),
                        either(&names)
                    );
                    return Some(step);
                }
            }
        }
    }
    None
}

/// `a or b`, `a, b or c`.
fn either(words: &[String]) -> String {
    match words {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// The buffers of the branches' trials, kept from source to source.
struct Follower<'g> {
    /// The trials from the position.
    trials: trial::Trials<'g>,
    /// The position of the branch being followed.
    trial: Board<'g>,
    /// For each cell, the candidates some branch that did not break leaves
    /// it.
    reached: Vec<u64>,
}

impl Follower<'_> {
    /// Follows each placement of `assumed` (one of which is true in every
    /// solution) by a trial (singles and the rules' steps, see
    /// [`trial::Trials::follow`]), and returns the step of what all the
    /// branches that do not break agree on, if anything: the open cells
    /// every branch leaves one same digit are placed, and the candidates
    /// no branch leaves are struck. A branch that breaks is false, so the
    /// others decide alone.
    fn follow(&mut self, board: &Board, assumed: &[(usize, u8)]) -> Option<Step> {
        self.reached.fill(0);
        let mut standing = 0;
        for &(cell, digit) in assumed {
            self.trial.state.clone_from(&board.state);
            self.trial.place(cell, digit);
            if self.trials.follow(&mut self.trial).is_err() {
                continue;
            }
            standing += 1;
            for (reached, &mask) in self.reached.iter_mut().zip(&self.trial.state.masks) {
                *reached |= mask;
            }
        }
        if standing == 0 {
            return None;
        }
        let mut step = Step::new(Technique::ForcingChain, board.frame());
        for (cell, &reached) in self.reached.iter().enumerate() {
            let mask = board.mask(cell);
            if board.is_placed(cell) || reached == 0 || mask & !reached == 0 {
                continue;
            }
            if reached.count_ones() == 1 {
                step.placements
                    .push((cell, reached.trailing_zeros() as u8 + 1));
            } else {
                step.eliminations
                    .extend(digits_of(mask & !reached).map(|digit| (cell, digit)));
            }
        }
        (!step.placements.is_empty() || !step.eliminations.is_empty()).then_some(step)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::generate::Generator;
    use crate::sudoku::geometry::Geometry;
    use crate::sudoku::grid::{Grid, Size};
    use crate::sudoku::random::Rng;
    use crate::sudoku::solver::Solver;

    /// The solutions of `grid`, at most `limit` of them.
    fn solutions(geometry: &Geometry, grid: &Grid, limit: u64) -> Vec<Vec<u8>> {
        let mut found = Vec::new();
        let _ = Solver::new().solve_in(geometry, grid, limit, |solution| {
            found.push(solution.cells().to_vec())
        });
        found
    }

    /// On positions with one solution or several, made by keeping a few
    /// cells of solved 6x6 and 9x9 grids, every placement of a forcing
    /// chain is in every solution found and no elimination is.
    #[test]
    fn a_forcing_chain_keeps_every_solution() {
        let mut rng = Rng::from_seed(7);
        let mut generator = Generator::new();
        let mut steps = 0;
        for (size, keep) in [(Size::SIX, 8), (Size::NINE, 22), (Size::NINE, 26)] {
            let geometry = Geometry::classic(size);
            for _ in 0..40 {
                let solved = generator.solved(size, &mut rng);
                let mut cells: Vec<usize> = (0..solved.cells().len()).collect();
                rng.shuffle(&mut cells);
                let mut grid = Grid::empty(size);
                for &cell in &cells[..keep] {
                    grid.set(cell, solved.cells()[cell]);
                }
                let all = solutions(geometry, &grid, 500);
                let mut board = Board::of_grid(geometry, &grid).unwrap();
                if !board.propagate() {
                    continue;
                }
                let Some(step) = forcing_chain(&board) else {
                    continue;
                };
                assert_eq!(step.technique, Technique::ForcingChain);
                steps += 1;
                for solution in &all {
                    for &(cell, digit) in &step.placements {
                        assert_eq!(solution[cell], digit, "{step}");
                    }
                    for &(cell, digit) in &step.eliminations {
                        assert_ne!(solution[cell], digit, "{step}");
                    }
                }
            }
        }
        assert!(steps >= 20, "only {steps} forcing chains met");
    }

    #[test]
    fn the_choices_read_as_a_list() {
        let words = |w: &[&str]| w.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(either(&words(&["3", "4"])), "3 or 4");
        assert_eq!(
            either(&words(&["r1c1", "r1c2", "r2c1"])),
            "r1c1, r1c2 or r2c1"
        );
    }
}
