//! Every rule as stated, on every 4x4 grid: the harness of each rule's
//! tests, which sit in the rule's module. [`agrees`] compares the solver's
//! count of the empty grid under some rules with the number of the 288
//! grids that obey them, checked cell by cell as the rules are stated
//! here, by plain code that shares nothing with their compilation.

use super::{Cage, Constraint};
use crate::sudoku::constraint_kind::ConstraintKind;
use crate::sudoku::grid::{Grid, Size};
use crate::sudoku::rules::Rules;
use crate::sudoku::solver::Solver;

/// A filled 4x4 grid, digits 1 to 4 in reading order.
pub(super) type Grid4 = [u8; 16];

/// Every filled 4x4 grid, by plain backtracking on rows, columns and boxes.
pub(super) fn all_grids() -> Vec<Grid4> {
    completions(&[0; 16], [2, 2], usize::MAX)
        .into_iter()
        .map(|grid| grid.try_into().expect("16 cells"))
        .collect()
}

/// The completions of the square grid `givens` (0 for a blank) by plain
/// backtracking on rows, columns and boxes of `rows_by_columns` cells, in
/// reading order, up to `limit` of them.
pub(super) fn completions(
    givens: &[u8],
    rows_by_columns: [usize; 2],
    limit: usize,
) -> Vec<Vec<u8>> {
    fn fill(grid: &mut [u8], at: usize, [h, w]: [usize; 2], limit: usize, out: &mut Vec<Vec<u8>>) {
        let side = h * w;
        if out.len() == limit {
            return;
        }
        if at == grid.len() {
            out.push(grid.to_vec());
            return;
        }
        if grid[at] != 0 {
            return fill(grid, at + 1, [h, w], limit, out);
        }
        let (row, column) = (at / side, at % side);
        for digit in 1..=side as u8 {
            let clash = (0..grid.len()).any(|other| {
                let (r, c) = (other / side, other % side);
                grid[other] == digit
                    && (r == row || c == column || (r / h == row / h && c / w == column / w))
            });
            if !clash {
                grid[at] = digit;
                fill(grid, at + 1, [h, w], limit, out);
            }
        }
        grid[at] = 0;
    }
    let mut out = Vec::new();
    fill(&mut givens.to_vec(), 0, rows_by_columns, limit, &mut out);
    out
}

/// The orthogonal neighbours of a 4x4 cell.
fn neighbours(cell: usize) -> Vec<usize> {
    let (row, column) = (cell / 4, cell % 4);
    let mut found = Vec::new();
    if row > 0 {
        found.push(cell - 4);
    }
    if row < 3 {
        found.push(cell + 4);
    }
    if column > 0 {
        found.push(cell - 1);
    }
    if column < 3 {
        found.push(cell + 1);
    }
    found
}

/// True when `grid` obeys `constraint`, as the rule is stated; `all` are
/// the puzzle's rules, which a negative rule reads for its markers.
fn obeys(grid: &Grid4, constraint: &Constraint, all: &[Constraint]) -> bool {
    let at = |cell: usize| i32::from(grid[cell]);
    let pairs = || (0..16).flat_map(|a| neighbours(a).into_iter().map(move |b| (a, b)));
    let marked = |kinds: &[ConstraintKind], a: usize, b: usize| {
        all.iter().any(|c| {
            let cells = c.cells();
            kinds.contains(&c.kind()) && cells.contains(&a) && cells.contains(&b)
        })
    };
    let dots = [ConstraintKind::WhiteDot, ConstraintKind::BlackDot];
    match constraint {
        Constraint::Thermometer(cells) => cells.windows(2).all(|w| at(w[0]) < at(w[1])),
        Constraint::WhiteDot {
            cells: [a, b],
            difference,
        } => (at(*a) - at(*b)).abs() == i32::from(*difference),
        Constraint::BlackDot {
            cells: [a, b],
            ratio,
        } => {
            let r = i32::from(*ratio);
            at(*a) == r * at(*b) || at(*b) == r * at(*a)
        }
        Constraint::Xv { cells: [a, b], sum } => at(*a) + at(*b) == i32::from(*sum),
        Constraint::NonConsecutive => pairs()
            .filter(|&(a, b)| !marked(&dots, a, b))
            .all(|(a, b)| (at(a) - at(b)).abs() != 1),
        Constraint::NegativeBlack => pairs()
            .filter(|&(a, b)| !marked(&dots, a, b))
            .all(|(a, b)| at(a) != 2 * at(b) && at(b) != 2 * at(a)),
        Constraint::NegativeXv => pairs()
            .filter(|&(a, b)| !marked(&[ConstraintKind::Xv], a, b))
            .all(|(a, b)| at(a) + at(b) != 10 && at(a) + at(b) != 5),
        Constraint::Odd(cell) => at(*cell) % 2 == 1,
        Constraint::Even(cell) => at(*cell) % 2 == 0,
        Constraint::Minimum(cell) => neighbours(*cell).iter().all(|&o| at(*cell) < at(o)),
        Constraint::Maximum(cell) => neighbours(*cell).iter().all(|&o| at(*cell) > at(o)),
        Constraint::Palindrome(cells) => cells
            .iter()
            .zip(cells.iter().rev())
            .all(|(&a, &b)| at(a) == at(b)),
        Constraint::Clone { cells, copy } => cells.iter().zip(copy).all(|(&a, &b)| at(a) == at(b)),
        Constraint::Whispers(cells) => cells.windows(2).all(|w| (at(w[0]) - at(w[1])).abs() >= 2),
        Constraint::Renban(cells) => {
            let mut digits: Vec<i32> = cells.iter().map(|&c| at(c)).collect();
            digits.sort_unstable();
            digits.windows(2).all(|w| w[1] == w[0] + 1)
        }
        Constraint::Entropic(_) => unreachable!("no 4x4 entropic line; see entropic.rs"),
        Constraint::Arrow { bulb, shaft } => {
            let number = bulb.iter().fold(0, |value, &c| value * 10 + at(c));
            number == shaft.iter().map(|&c| at(c)).sum::<i32>()
        }
        Constraint::Between(cells) => {
            let (a, b) = (at(cells[0]), at(cells[cells.len() - 1]));
            let inner = &cells[1..cells.len() - 1];
            inner.iter().all(|&c| a.min(b) < at(c) && at(c) < a.max(b))
        }
        Constraint::LittleKiller { cells, sum } => {
            cells.iter().map(|&c| at(c)).sum::<i32>() == *sum as i32
        }
        Constraint::Sandwich { cells, sum } => {
            let place = |d: i32| cells.iter().position(|&c| at(c) == d).unwrap();
            let (p, q) = (place(1).min(place(4)), place(1).max(place(4)));
            cells[p + 1..q].iter().map(|&c| at(c)).sum::<i32>() == *sum as i32
        }
        Constraint::RegionSum(cells) => {
            // Runs of the line in one 2x2 box, each summed.
            let box_of = |c: usize| (c / 8, c % 4 / 2);
            let mut sums: Vec<i32> = Vec::new();
            for (k, &c) in cells.iter().enumerate() {
                match k > 0 && box_of(cells[k - 1]) == box_of(c) {
                    true => *sums.last_mut().unwrap() += at(c),
                    false => sums.push(at(c)),
                }
            }
            sums.windows(2).all(|w| w[0] == w[1])
        }
        Constraint::Quadruple { cells, digits } => digits.iter().all(|&d| {
            let listed = digits.iter().filter(|&&e| e == d).count();
            cells.iter().filter(|&&c| at(c) == i32::from(d)).count() >= listed
        }),
        Constraint::KillerCage(Cage { cells, sum }) => {
            let mut digits: Vec<i32> = cells.iter().map(|&c| at(c)).collect();
            let total = digits.iter().sum::<i32>();
            digits.sort_unstable();
            digits.dedup();
            digits.len() == cells.len() && sum.is_none_or(|sum| total == sum as i32)
        }
    }
}

/// Checks the solver's count under `constraints` against the grids that
/// obey them all, that the rules rule out some grid, and that the rules
/// check accepts exactly the grids that obey them.
pub(super) fn agrees(constraints: Vec<Constraint>) {
    let rules = Rules {
        constraints: constraints.clone(),
        ..Rules::default()
    };
    let geometry = rules.geometry(Size::FOUR).unwrap();
    let expected = all_grids()
        .iter()
        .filter(|grid| constraints.iter().all(|c| obeys(grid, c, &constraints)))
        .count() as u64;
    let found = Solver::new()
        .count_solutions_in(&geometry, &Grid::empty(Size::FOUR), 1000)
        .unwrap()
        .found;
    assert_eq!(found, expected, "{constraints:?}");
    assert!(expected < 288, "{constraints:?} rules out no grid");
    for grid in all_grids() {
        let obeyed = constraints.iter().all(|c| obeys(&grid, c, &constraints));
        let grid = Grid::from_cells(&grid).unwrap();
        assert_eq!(geometry.first_conflict(&grid).is_none(), obeyed, "{grid:?}");
    }
}
