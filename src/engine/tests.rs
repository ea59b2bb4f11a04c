//! The engine as its callers see it: whole problems built, searched and
//! searched again, in both node layouts.

use super::links::Blocks;
use super::*;

/// The options of Knuth's example in "Dancing Links", on items A to G.
const KNUTH: [&[usize]; 6] = [
    &[2, 4, 5],
    &[0, 3, 6],
    &[1, 2, 5],
    &[0, 3],
    &[1, 6],
    &[3, 4, 6],
];

fn knuth_example() -> Matrix {
    let mut matrix = Matrix::new(7, 0);
    for option in KNUTH {
        matrix.add_option(option).unwrap();
    }
    matrix
}

/// N queens: rows and columns primary, diagonals secondary.
fn queens(n: usize) -> Matrix {
    let diagonals = 2 * n - 1;
    let mut matrix = Matrix::new(2 * n, 2 * diagonals);
    for r in 0..n {
        for c in 0..n {
            let items = [r, n + c, 2 * n + r + c, 2 * n + diagonals + (n - 1 + r - c)];
            matrix.add_option(&items).unwrap();
        }
    }
    matrix
}

#[test]
fn knuth_example_has_one_solution() {
    let mut matrix = knuth_example();
    let mut solutions = Vec::new();
    let stats = matrix.search(10, |s| {
        let mut s = s.to_vec();
        s.sort();
        solutions.push(s);
    });
    assert_eq!(solutions, vec![vec![0, 3, 4]]);
    assert_eq!(stats.solutions, 1);
    assert!(!stats.stopped_at_limit);
    assert!(stats.nodes >= 3);
}

#[test]
fn search_restores_the_matrix() {
    let mut matrix = knuth_example();
    let before = matrix.links.snapshot();
    matrix.search(u64::MAX, |_| {});
    assert_eq!(before, matrix.links.snapshot());
    let mut queens = queens(6);
    let before = queens.links.snapshot();
    queens.search(1, |_| {});
    assert_eq!(before, queens.links.snapshot());
    assert_eq!(queens.search(u64::MAX, |_| {}).solutions, 4);
}

#[test]
fn search_once_leaves_choices_that_the_next_use_undoes() {
    let mut queens = queens(6);
    let before = queens.links.snapshot();
    assert_eq!(queens.search_once(1, |_| {}).solutions, 1);
    assert!(
        queens.links.depth() > 0,
        "the solution's choices are left in place"
    );
    assert_eq!(queens.search_once(u64::MAX, |_| {}).solutions, 4);
    assert_eq!(queens.search_once(2, |_| {}).solutions, 2);
    queens.add_option(&[0, 1]).unwrap();
    assert_eq!(queens.links.depth(), 0);
    assert_eq!(queens.search(u64::MAX, |_| {}).solutions, 4);
    let after = queens.links.snapshot();
    // The new option added one node to items 0 and 1 and nothing else.
    assert_eq!(after.0[1], before.0[1] + 1);
    assert_eq!(after.0[3..], before.0[3..]);
    queens.search_once(1, |_| {});
    queens.reset(7, 0);
    assert_eq!(queens.links.depth(), 0);
}

#[test]
fn an_exhausted_search_leaves_its_last_choices_for_later() {
    // Item 0 has one option and item 1 two: after the forced choice of
    // level 0, level 1 tries both, and then nothing is left to try.
    let mut matrix = Matrix::new(2, 0);
    for option in [&[0][..], &[1], &[1]] {
        matrix.add_option(option).unwrap();
    }
    let before = matrix.clone();
    let stats = matrix.search_once(u64::MAX, |_| {});
    assert_eq!((stats.solutions, stats.nodes), (2, 3));
    assert!(!stats.stopped_at_limit);
    assert_eq!(matrix.links.depth(), 2, "both choices are left in place");
    assert_eq!(matrix.search(u64::MAX, |_| {}), stats);
    assert_eq!(matrix.links.depth(), 0);
    assert_eq!(before.links.snapshot(), matrix.links.snapshot());
}

#[test]
fn queens_counts() {
    assert_eq!(queens(4).search(u64::MAX, |_| {}).solutions, 2);
    assert_eq!(queens(8).search(u64::MAX, |_| {}).solutions, 92);
}

#[test]
fn queens_solutions_place_one_queen_per_row_and_column() {
    let n = 8;
    let mut seen = 0;
    queens(n).search(u64::MAX, |options| {
        assert_eq!(options.len(), n);
        let mut rows: Vec<usize> = options.iter().map(|o| o / n).collect();
        let mut cols: Vec<usize> = options.iter().map(|o| o % n).collect();
        rows.sort();
        cols.sort();
        assert_eq!(rows, (0..n).collect::<Vec<_>>());
        assert_eq!(cols, (0..n).collect::<Vec<_>>());
        seen += 1;
    });
    assert_eq!(seen, 92);
}

#[test]
fn node_budget_stops_the_search_and_leaves_the_matrix_whole() {
    let mut matrix = queens(8);
    matrix.set_node_budget(Some(50));
    let stats = matrix.search(u64::MAX, |_| {});
    assert!(stats.stopped_at_node_budget);
    assert_eq!(stats.nodes, 50);
    assert!(stats.solutions < 92);
    matrix.set_node_budget(None);
    let stats = matrix.search(u64::MAX, |_| {});
    assert!(!stats.stopped_at_node_budget);
    assert_eq!(stats.solutions, 92);
}

#[test]
fn limit_stops_the_search() {
    let stats = queens(8).search(5, |_| {});
    assert_eq!(stats.solutions, 5);
    assert!(stats.stopped_at_limit);
    let stats = queens(8).search(0, |_| panic!("limit 0 finds nothing"));
    assert_eq!(stats.solutions, 0);
}

#[test]
fn item_without_options_has_no_solution() {
    let mut matrix = Matrix::new(3, 0);
    matrix.add_option(&[0, 1]).unwrap();
    let stats = matrix.search(u64::MAX, |_| panic!("no solution expected"));
    assert_eq!(stats.solutions, 0);
    // Item 2 has no option, so the search ends before item 0's one
    // option is tried.
    assert_eq!(stats.nodes, 0);
    // Once item 2 has an option, item 0's is tried, then item 2's.
    matrix.add_option(&[2]).unwrap();
    assert_eq!(matrix.search(u64::MAX, |_| {}).nodes, 2);
}

#[test]
fn no_primary_items_is_one_empty_solution() {
    let mut matrix = Matrix::new(0, 2);
    matrix.add_option(&[0]).unwrap();
    let mut sizes = Vec::new();
    matrix.search(u64::MAX, |s| sizes.push(s.len()));
    assert_eq!(sizes, vec![0]);
}

#[test]
fn bad_options_are_refused() {
    let mut matrix = Matrix::new(2, 1);
    assert_eq!(matrix.add_option(&[]), Err(DlxError::EmptyOption));
    assert_eq!(
        matrix.add_option(&[0, 3]),
        Err(DlxError::ItemOutOfRange { item: 3, items: 3 })
    );
    assert_eq!(
        matrix.add_option(&[1, 1]),
        Err(DlxError::RepeatedItem { item: 1 })
    );
    assert_eq!(matrix.options(), 0);
    assert_eq!(matrix.add_option(&[0, 2]), Ok(0));
    assert_eq!(matrix.add_option(&[1]), Ok(1));
    assert_eq!(matrix.search(9, |_| {}).solutions, 1);
}

#[test]
fn options_in_range_are_linked_as_checked_ones_are() {
    let mut checked = queens(6);
    let mut trusted = Matrix::new(12, 22);
    for r in 0..6 {
        for c in 0..6 {
            let items = [r, 6 + c, 12 + r + c, 12 + 11 + (5 + r - c)];
            trusted.add_option_in_range(&items).unwrap();
        }
    }
    assert_eq!(checked.links.snapshot(), trusted.links.snapshot());
    let solutions = checked.search(u64::MAX, |_| {}).solutions;
    assert_eq!(trusted.search(u64::MAX, |_| {}).solutions, solutions);
    // Only emptiness and the range are checked.
    let mut matrix = Matrix::new(2, 1);
    assert_eq!(matrix.add_option_in_range(&[]), Err(DlxError::EmptyOption));
    assert_eq!(
        matrix.add_option_in_range(&[3, 0]),
        Err(DlxError::ItemOutOfRange { item: 3, items: 3 })
    );
    assert_eq!(matrix.options(), 0);
}

#[test]
fn secondary_items_are_covered_at_most_once() {
    // Both options cover primary items 0 and 1 respectively and share
    // secondary item 2, so they cannot both be chosen.
    let mut matrix = Matrix::new(2, 1);
    matrix.add_option(&[0, 2]).unwrap();
    matrix.add_option(&[1, 2]).unwrap();
    assert_eq!(matrix.search(9, |_| {}).solutions, 0);
    matrix.add_option(&[1]).unwrap();
    assert_eq!(matrix.search(9, |_| {}).solutions, 1);
}

#[test]
fn reset_reuses_the_matrix() {
    let mut matrix = queens(8);
    matrix.reset(7, 0);
    for option in KNUTH {
        matrix.add_option(option).unwrap();
    }
    assert_eq!(matrix.search(9, |_| {}).solutions, 1);
}

/// Every solution of `matrix`, each as its sorted option numbers, in
/// the order found.
fn solutions<C: Count>(matrix: &mut Matrix<C>) -> Vec<Vec<usize>> {
    let mut found = Vec::new();
    matrix.search(u64::MAX, |options| {
        let mut options = options.to_vec();
        options.sort();
        found.push(options);
    });
    found
}

#[test]
fn wide_options_are_walked_by_their_spacers_with_the_same_result() {
    for n in [6, 8] {
        let mut narrow = queens(n);
        // The same problem with a fifth item in every option, a
        // secondary item of its own, which constrains nothing.
        let diagonals = 2 * n - 1;
        let own = 2 * n + 2 * diagonals;
        let mut wide = Matrix::new(2 * n, 2 * diagonals + n * n);
        for r in 0..n {
            for c in 0..n {
                let diagonal = 2 * n + diagonals + (n - 1 + r - c);
                let items = [r, n + c, 2 * n + r + c, diagonal, own + r * n + c];
                wide.add_option(&items).unwrap();
            }
        }
        assert!(wide.links.is_wide() && !narrow.links.is_wide());
        let before = wide.links.snapshot();
        assert_eq!(solutions(&mut wide), solutions(&mut narrow), "{n} queens");
        assert_eq!(before, wide.links.snapshot());
        let (wide_stats, narrow_stats) = (wide.search(3, |_| {}), narrow.search(3, |_| {}));
        assert_eq!(wide_stats, narrow_stats);
    }
}

#[test]
fn a_wide_option_after_narrow_ones_keeps_their_numbers_and_solutions() {
    for n in [5, 6] {
        let mut narrow = queens(n);
        // Queens again, with five more secondary items and, after the
        // queens, an option on those five alone: it widens the matrix
        // and can never be chosen, so the solutions stay the same.
        let diagonals = 2 * n - 1;
        let mut widened = Matrix::new(2 * n, 2 * diagonals + 5);
        for r in 0..n {
            for c in 0..n {
                let diagonal = 2 * n + diagonals + (n - 1 + r - c);
                widened
                    .add_option(&[r, n + c, 2 * n + r + c, diagonal])
                    .unwrap();
            }
        }
        assert!(!widened.links.is_wide());
        let extra = 2 * n + 2 * diagonals;
        let last = widened
            .add_option(&[extra, extra + 1, extra + 2, extra + 3, extra + 4])
            .unwrap();
        assert!(widened.links.is_wide());
        assert_eq!((last, widened.options()), (n * n, n * n + 1));
        let before = widened.links.snapshot();
        assert_eq!(
            solutions(&mut widened),
            solutions(&mut narrow),
            "{n} queens"
        );
        assert_eq!(before, widened.links.snapshot());
    }
}

#[test]
fn the_tie_break_changes_the_order_not_the_solutions() {
    let mut problems = [queens(8), knuth_example(), queens(6)];
    for matrix in &mut problems {
        let leftmost = solutions(matrix);
        matrix.set_tie_break(TieBreak::MostHidden);
        let mut most_hidden = solutions(matrix);
        assert!(!leftmost.is_empty());
        let mut sorted = leftmost.clone();
        sorted.sort();
        most_hidden.sort();
        assert_eq!(most_hidden, sorted);
    }
}

#[test]
fn the_most_hidden_tie_break_prefers_the_tied_item_that_emptied_most() {
    // Items 0 and 1 have two options each, and each option hides as much.
    let mut matrix = Matrix::new(4, 0);
    for option in [[0, 2], [0, 3], [1, 2], [1, 3]] {
        matrix.add_option(&option).unwrap();
    }
    matrix.set_tie_break(TieBreak::MostHidden);
    matrix.failures.clear(matrix.primary);
    let choose = |matrix: &Matrix| {
        TieBreak::MostHidden.choose_item::<u32, Blocks>(&matrix.links, 4, &matrix.failures)
    };
    // Headers are 1-based: item 0 is header 1.
    assert_eq!(choose(&matrix), Some(1));
    matrix.failures.count(2);
    assert_eq!(choose(&matrix), Some(2));
    // A new search starts without the counts of the one before.
    matrix.failures.clear(matrix.primary);
    assert_eq!(choose(&matrix), Some(1));
}

#[test]
fn a_search_does_not_depend_on_the_failures_of_the_one_before() {
    let mut matrix = queens(10);
    matrix.set_tie_break(TieBreak::MostHidden);
    let mut first = Vec::new();
    let stats = matrix.search(u64::MAX, |options| first.push(options.to_vec()));
    assert!(
        matrix.failures.counts().is_some(),
        "10 queens has dead ends"
    );
    let mut second = Vec::new();
    let again = matrix.search(u64::MAX, |options| second.push(options.to_vec()));
    assert_eq!(stats, again);
    assert_eq!(first, second);
    assert_eq!(stats.solutions, 724);
}

#[test]
fn options_narrower_than_four_items_leave_the_matrix_as_it_was() {
    // Options of one, two and three items: nodes of the null item pad
    // their blocks.
    let mut matrix = Matrix::<u8>::with_count_type(4, 1);
    for option in [&[0][..], &[1, 2], &[0, 1, 4], &[2, 3], &[3], &[1, 2, 3, 4]] {
        matrix.add_option(option).unwrap();
    }
    let before = matrix.links.snapshot();
    // {0} {1, 2} {3}; {0} {1, 2, 3, 4}; {0, 1, 4} {2, 3}.
    let mut found = solutions(&mut matrix);
    found.sort();
    assert_eq!(found, vec![vec![0, 1, 4], vec![0, 5], vec![2, 3]]);
    assert_eq!(before, matrix.links.snapshot());
}

#[test]
fn byte_counts_refuse_an_item_with_too_many_options() {
    let mut matrix = Matrix::<u8>::with_count_type(1, 0);
    for _ in 0..u8::LIMIT {
        matrix.add_option(&[0]).unwrap();
    }
    assert_eq!(
        matrix.add_option(&[0]),
        Err(DlxError::TooManyOptions {
            item: 0,
            limit: 127
        })
    );
    assert_eq!(matrix.search(u64::MAX, |_| {}).solutions, 127);
    let mut wide: Matrix = Matrix::new(1, 0);
    for _ in 0..200 {
        wide.add_option(&[0]).unwrap();
    }
    assert_eq!(wide.search(u64::MAX, |_| {}).solutions, 200);
}

/// N rooks (rows and columns, no diagonals) with the diagonals of queens
/// left to a propagator: after each choice it hides the options that a
/// chosen queen attacks along a diagonal.
struct Diagonals {
    n: usize,
    /// Calls made, to check the propagator is asked at all.
    calls: usize,
}

impl Propagate for Diagonals {
    fn propagate<C: Count>(&mut self, pruning: &mut Pruning<'_, C>) {
        self.calls += 1;
        let n = self.n;
        let mut queens = Vec::new();
        pruning.each_chosen(|option| queens.push((option / n, option % n)));
        for row in 0..n {
            if pruning.options_left(row).is_none() {
                continue;
            }
            pruning.hide_where(row, |option| {
                let (r, c) = (option / n, option % n);
                queens
                    .iter()
                    .any(|&(qr, qc)| r.abs_diff(qr) == c.abs_diff(qc))
            });
        }
    }
}

fn rooks(n: usize, width: usize) -> Matrix {
    // `width` > 2 adds secondary items of their own, which constrain
    // nothing, to reach the wide layout.
    let own = width.saturating_sub(2);
    let mut matrix = Matrix::new(2 * n, n * n * own);
    for r in 0..n {
        for c in 0..n {
            let mut items = vec![r, n + c];
            items.extend((0..own).map(|k| 2 * n + (r * n + c) * own + k));
            matrix.add_option(&items).unwrap();
        }
    }
    matrix
}

#[test]
fn a_propagator_that_hides_attacked_options_turns_rooks_into_queens() {
    for width in [2, 5] {
        for (n, count) in [
            (1usize, 1u64),
            (2, 0),
            (3, 0),
            (4, 2),
            (5, 10),
            (6, 4),
            (7, 40),
            (8, 92),
        ] {
            let mut matrix = rooks(n, width);
            let before = matrix.links.snapshot();
            let mut found = Vec::new();
            let mut diagonals = Diagonals { n, calls: 0 };
            let stats = matrix.search_with(u64::MAX, &mut diagonals, |options| {
                let mut options = options.to_vec();
                options.sort();
                found.push(options);
            });
            assert_eq!(stats.solutions, count, "{n} queens, width {width}");
            assert!(
                diagonals.calls as u64 > stats.nodes,
                "asked before each node"
            );
            found.sort();
            let mut expected = solutions(&mut queens(n));
            expected.sort();
            assert_eq!(found, expected, "{n} queens, width {width}");
            assert_eq!(before, matrix.links.snapshot(), "restored");
            // Stopped at a limit, the choices and prunes are left in place
            // and undone by the next search.
            let mut diagonals = Diagonals { n, calls: 0 };
            matrix.search_once_with(1, &mut diagonals, |_| {});
            assert_eq!(solutions(&mut matrix).len() as u64, rook_count(n));
            assert_eq!(
                before,
                matrix.links.snapshot(),
                "restored after search_once_with"
            );
        }
    }
}

/// The solutions of n rooks: n!.
fn rook_count(n: usize) -> u64 {
    (1..=n as u64).product()
}
