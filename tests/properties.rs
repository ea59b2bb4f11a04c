//! Property tests: on random puzzles cut from random solved grids of every
//! size, the solver's answers obey the rules, keep the givens and agree in
//! number with an independent backtracking solver; every output format
//! reads back to the grid it printed.
//!
//! Case counts are kept small so that `cargo test` stays quick in a debug
//! build; `PROPTEST_CASES=1000 cargo test --release --test suite properties::` runs
//! many more.

use crate::common;

use std::collections::HashSet;

use common::grids::{cut_puzzle, solved_grid};
use common::oracle;
use proptest::prelude::*;
use sudoku_dlx::Symbols;
use sudoku_dlx::{write_block, write_line};
use sudoku_dlx::{Alphabet, Grid, Layout, PuzzleReader, Record, Size, Solver};

/// Solves `puzzle` up to two solutions and checks each against the rules,
/// the givens and the oracle; returns how many were found.
fn check_against_oracle(solved: &Grid, puzzle: &Grid) -> Result<u64, TestCaseError> {
    let mut solver = Solver::new();
    let mut solutions = Vec::new();
    let stats = solver
        .solve(puzzle, 2, |solution| solutions.push(solution.clone()))
        .map_err(|conflict| TestCaseError::fail(format!("{conflict}")))?;
    prop_assert_eq!(stats.solutions, solutions.len() as u64);
    for solution in &solutions {
        prop_assert!(solution.is_solved(), "breaks the rules: {:?}", solution);
        prop_assert!(solution.keeps_givens_of(puzzle), "lost a given");
    }
    prop_assert_eq!(
        solutions.iter().collect::<HashSet<_>>().len(),
        solutions.len()
    );
    let expected = oracle::count_solutions(puzzle.cells(), puzzle.size().box_shape().unwrap(), 2);
    prop_assert_eq!(Some(stats.solutions), expected, "count up to 2 differs");
    prop_assert_eq!(stats.stopped_at_limit, stats.solutions == 2);
    // The grid the puzzle was cut from is a solution, so it is the one when
    // there is only one.
    prop_assert!(stats.solutions >= 1);
    if stats.solutions == 1 {
        prop_assert_eq!(&solutions[0], solved);
    }
    let first = solver.first_solution(puzzle).expect("no conflict");
    let first = first.expect("there is a solution");
    prop_assert!(first.is_solved() && first.keeps_givens_of(puzzle));
    Ok(stats.solutions)
}

/// Every alphabet a grid of `size` can be written in.
fn alphabets(size: Size) -> Vec<Alphabet> {
    let mut symbols = vec![Symbols::Standard];
    if size == Size::SIXTEEN {
        symbols.push(Symbols::Hex);
    }
    symbols
        .into_iter()
        .flat_map(|symbols| [false, true].map(|lowercase| Alphabet { symbols, lowercase }))
        .collect()
}

/// Prints `grid` in both layouts and every alphabet, one after the other,
/// and reads the text back, checking each record.
fn check_round_trip(grid: &Grid) -> Result<(), TestCaseError> {
    for alphabet in alphabets(grid.size()) {
        let mut text = Vec::new();
        write_line(&mut text, grid, alphabet);
        text.push(b'\n');
        write_block(&mut text, grid, alphabet);
        text.push(b'\n');
        let shown = String::from_utf8_lossy(&text).into_owned();
        let forced = PuzzleReader::new(&text[..]).with_alphabet(Some(alphabet));
        let mut readers = vec![("forced", forced)];
        // Detection reads back the standard alphabet always, and hexadecimal
        // when the text shows both a `0` and a blank, or a solved grid.
        let detectable = alphabet.symbols == Symbols::Standard
            || (text.contains(&b'0') && text.contains(&b'.'))
            || grid.is_solved();
        if detectable {
            readers.push(("detected", PuzzleReader::new(&text[..])));
        }
        for (how, mut reader) in readers {
            let mut record = Record::default();
            for layout in [Layout::Line, Layout::Block] {
                match reader.read_record(&mut record) {
                    Some(Ok(())) => {}
                    other => prop_assert!(false, "{how} {layout:?}: {other:?} reading\n{shown}"),
                }
                prop_assert_eq!(record.layout, layout);
                prop_assert_eq!(&record.grid, grid, "{} {:?} from\n{}", how, layout, shown);
            }
            prop_assert!(reader.read_record(&mut record).is_none());
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(common::config(256))]

    #[test]
    fn four_by_four_answers_are_right((solved, puzzle) in cut_puzzle(Size::FOUR, 0.0..0.8)) {
        check_against_oracle(&solved, &puzzle)?;
    }

    #[test]
    fn nine_by_nine_answers_are_right((solved, puzzle) in cut_puzzle(Size::NINE, 0.25..0.9)) {
        check_against_oracle(&solved, &puzzle)?;
    }

    #[test]
    fn rectangular_box_answers_are_right(
        (solved, puzzle) in prop_oneof![
            cut_puzzle(Size::SIX, 0.2..0.8),
            cut_puzzle(Size::from_side(8).unwrap(), 0.3..0.8),
            cut_puzzle(Size::from_side(10).unwrap(), 0.4..0.9),
            cut_puzzle(Size::from_side(12).unwrap(), 0.5..0.9),
        ]
    ) {
        check_against_oracle(&solved, &puzzle)?;
    }

    #[test]
    fn every_format_reads_back(
        (_, puzzle) in prop_oneof![
            cut_puzzle(Size::FOUR, 0.0..1.0),
            cut_puzzle(Size::NINE, 0.0..1.0),
            cut_puzzle(Size::SIXTEEN, 0.0..1.0),
            cut_puzzle(Size::TWENTY_FIVE, 0.0..1.0),
            cut_puzzle(Size::SIX, 0.0..1.0),
            cut_puzzle(Size::from_side(12).unwrap(), 0.0..1.0),
            cut_puzzle(Size::from_side(35).unwrap(), 0.0..1.0),
        ]
    ) {
        check_round_trip(&puzzle)?;
    }

    #[test]
    fn solved_grids_read_back(grid in prop_oneof![
        solved_grid(Size::FOUR),
        solved_grid(Size::NINE),
        solved_grid(Size::SIXTEEN),
    ]) {
        prop_assert!(grid.is_solved());
        check_round_trip(&grid)?;
    }
}

proptest! {
    #![proptest_config(common::config(48))]

    #[test]
    fn sixteen_by_sixteen_answers_are_right(
        (solved, puzzle) in cut_puzzle(Size::SIXTEEN, 0.5..0.9)
    ) {
        check_against_oracle(&solved, &puzzle)?;
    }
}

#[test]
fn empty_four_by_four_has_288_solutions() {
    let empty = Grid::empty(Size::FOUR);
    let mut solver = Solver::new();
    let mut distinct = HashSet::new();
    let stats = solver
        .solve(&empty, u64::MAX, |solution| {
            assert!(solution.is_solved(), "{solution:?}");
            distinct.insert(solution.clone());
        })
        .unwrap();
    assert_eq!(stats.solutions, 288);
    assert!(!stats.stopped_at_limit);
    assert_eq!(distinct.len(), 288);
    assert_eq!(
        oracle::count_solutions(empty.cells(), (2, 2), u64::MAX),
        Some(288)
    );
    for limit in [1, 2, 287, 1000] {
        let count = solver.count_solutions(&empty, limit).unwrap();
        assert_eq!(count.found, limit.min(288), "limit {limit}");
    }
}
