//! A small depth-first search on a board's candidates, with singles
//! propagated at every node: it counts the solutions of a position given by
//! pencilmarks (which the dancing-links solver, fed with givens, cannot
//! express) and refutes an assumed candidate when singles alone do not.

use crate::logic::board::{digits_of, Board, State};

/// Counts the solutions of `board` up to `limit`; the first found is left
/// in `first` (as cell masks) when `first` is empty.
pub fn count_solutions(board: &mut Board, limit: u64, first: &mut Vec<u64>) -> u64 {
    let mut found = 0;
    descend(board, limit, &mut found, first);
    found
}

fn descend(board: &mut Board, limit: u64, found: &mut u64, first: &mut Vec<u64>) {
    if !board.propagate() {
        return;
    }
    if board.state.open == 0 {
        *found += 1;
        if first.is_empty() {
            first.extend_from_slice(&board.state.masks);
        }
        return;
    }
    let Some(cell) = (0..board.cells())
        .filter(|&cell| !board.is_placed(cell))
        .min_by_key(|&cell| board.mask(cell).count_ones())
    else {
        return;
    };
    let saved: State = board.state.clone();
    for digit in digits_of(saved.masks[cell]) {
        board.place(cell, digit);
        descend(board, limit, found, first);
        board.state.clone_from(&saved);
        if *found >= limit {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::geometry::Geometry;
    use crate::sudoku::grid::{Grid, Size};

    #[test]
    fn the_search_counts_and_finds_solutions() {
        let geometry = Geometry::classic(Size::FOUR);
        let grid: Grid = "3....2........3.".parse().unwrap();
        let mut board = Board::of_grid(geometry, &grid).unwrap();
        let mut first = Vec::new();
        let found = count_solutions(&mut board, 100, &mut first);
        let expected = crate::sudoku::solver::Solver::new()
            .count_solutions(&grid, 100)
            .unwrap()
            .found;
        assert_eq!(found, expected);
        assert_eq!(first.len(), 16);
        assert!(first.iter().all(|mask| mask.count_ones() == 1));
    }
}
