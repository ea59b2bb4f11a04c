//! Singles: an item with one option left. A cell item with one option is a
//! naked single, a (unit, digit) item with one option a hidden single, and
//! the last open cell of a unit a full house.

use crate::logic::board::{digits_of, Board};
use crate::logic::step::{cell_at, Step};
use crate::logic::technique::Technique;
use crate::sudoku::candidates::Candidates;

/// The last open cell of a unit, with the one digit the unit misses.
pub fn full_house(board: &Board) -> Option<Step> {
    let geometry = board.geometry;
    let all = Candidates::all_digits(geometry.size());
    for unit in 0..geometry.units() {
        let missing = all & !board.state.unit_placed[unit];
        if missing.count_ones() != 1 {
            continue;
        }
        let digit = missing.trailing_zeros() as u8 + 1;
        let Some(open) = geometry
            .unit_cells(unit)
            .iter()
            .map(|&cell| cell as usize)
            .find(|&cell| !board.is_placed(cell))
        else {
            continue;
        };
        if board.has(open, digit) {
            let mut step = Step::new(Technique::FullHouse, board.frame());
            step.clue = geometry.kind(unit).to_string();
            step.placements.push((open, digit));
            return Some(step);
        }
    }
    None
}

/// An open cell with one candidate.
pub fn naked_single(board: &Board) -> Option<Step> {
    let cell = (0..board.cells())
        .find(|&cell| !board.is_placed(cell) && board.mask(cell).count_ones() == 1)?;
    let digit = board.mask(cell).trailing_zeros() as u8 + 1;
    let mut step = Step::new(Technique::NakedSingle, board.frame());
    step.clue = cell_at(board.frame(), cell).to_string();
    step.placements.push((cell, digit));
    Some(step)
}

/// A digit with one place left in a unit; boxes and other regions are
/// looked at before lines, as players do.
pub fn hidden_single(board: &Board) -> Option<Step> {
    let geometry = board.geometry;
    let all = Candidates::all_digits(geometry.size());
    let units = geometry.units();
    // Rows and columns come first in a geometry: start after them.
    let lines = 2 * board.side;
    for unit in (lines..units).chain(0..lines.min(units)) {
        let open_digits = all & !board.state.unit_placed[unit];
        for digit in digits_of(open_digits) {
            let places = board.positions(unit, digit);
            if places.count_ones() == 1 {
                let cell = geometry.unit_cells(unit)[places.trailing_zeros() as usize] as usize;
                let mut step = Step::new(Technique::HiddenSingle, board.frame());
                step.clue = format!("{digit} in {}", geometry.kind(unit));
                step.placements.push((cell, digit));
                return Some(step);
            }
        }
    }
    None
}
