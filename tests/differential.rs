//! The exact-cover solver against an independent backtracking solver, on
//! random puzzles cut from random solved grids and then tampered with, so
//! that some have one solution, some several, some none and some givens that
//! break the rules: the counts up to 2 must agree on every one.

mod common;

use common::grids::tampered_puzzle;
use common::oracle;
use proptest::prelude::*;
use sudoku_dlx::{Grid, Size, Solver};

fn agree(puzzle: &Grid) -> Result<(), TestCaseError> {
    let expected = oracle::count_solutions(puzzle.cells(), puzzle.size().box_shape().unwrap(), 2);
    let found = Solver::new()
        .count_solutions(puzzle, 2)
        .ok()
        .map(|c| c.found);
    prop_assert_eq!(found, expected, "count up to 2 (None: the givens clash)");
    Ok(())
}

proptest! {
    #![proptest_config(common::config(512))]

    #[test]
    fn four_by_four(puzzle in tampered_puzzle(Size::FOUR, 0.0..0.8, 2)) {
        agree(&puzzle)?;
    }

    #[test]
    fn nine_by_nine(puzzle in tampered_puzzle(Size::NINE, 0.3..0.9, 2)) {
        agree(&puzzle)?;
    }
}

proptest! {
    #![proptest_config(common::config(48))]

    #[test]
    fn sixteen_by_sixteen(puzzle in tampered_puzzle(Size::SIXTEEN, 0.5..0.9, 2)) {
        agree(&puzzle)?;
    }
}
