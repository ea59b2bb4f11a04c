//! The variant rules, each as the units or "at most once" groups it adds to
//! the classic geometry: this is the one file a new rule changes.
//!
//! * `x`: both main diagonals are units;
//! * `hyper`: the four 3x3 windows of a 9x9 grid whose top-left cells are
//!   r2c2, r2c6, r6c2 and r6c6 are units;
//! * `disjoint`: the cells at the same place of every box form a unit;
//! * `anti-king`, `anti-knight`: two cells a king's (knight's) move apart
//!   hold different digits: one group per digit and pair of cells that do
//!   not already share a unit;
//! * `non-consecutive`: orthogonal neighbours hold digits that differ by
//!   more than 1: two groups per pair of neighbours and pair of
//!   consecutive digits.

use std::fmt;

use thiserror::Error;

use crate::sudoku::constraints;
use crate::sudoku::geometry::{Geometry, GeometryBuilder};
use crate::sudoku::grid::{Size, Unit};

/// A variant rule that adds to the classic rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Variant {
    /// Both main diagonals hold every digit once.
    X,
    /// The four extra 3x3 windows of a 9x9 grid hold every digit once.
    Hyper,
    /// The cells at the same place of every box hold every digit once.
    Disjoint,
    /// Cells a king's move apart differ.
    AntiKing,
    /// Cells a knight's move apart differ.
    AntiKnight,
    /// Orthogonal neighbours differ by more than 1.
    NonConsecutive,
}

impl Variant {
    /// Every variant, in the order of their names.
    pub const ALL: [Variant; 6] = [
        Variant::X,
        Variant::Hyper,
        Variant::Disjoint,
        Variant::AntiKing,
        Variant::AntiKnight,
        Variant::NonConsecutive,
    ];

    /// The name of the rule, as the command line and JSON write it.
    pub fn name(self) -> &'static str {
        match self {
            Variant::X => "x",
            Variant::Hyper => "hyper",
            Variant::Disjoint => "disjoint",
            Variant::AntiKing => "anti-king",
            Variant::AntiKnight => "anti-knight",
            Variant::NonConsecutive => "non-consecutive",
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a set of variants has no geometry at a size.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum VariantError {
    /// A rule defined for one size only.
    #[error("the {variant} rule needs a {needs} grid; found {found}")]
    Size {
        /// The rule.
        variant: Variant,
        /// The size it needs.
        needs: Size,
        /// The size of the puzzle.
        found: Size,
    },
    /// A rule defined on boxes, for a grid without them.
    #[error("the {variant} rule needs boxes; this grid has none")]
    NeedsBoxes {
        /// The rule.
        variant: Variant,
    },
}

/// The classic geometry of `size` with the rules of `variants` added.
///
/// # Errors
///
/// Fails when a rule does not exist at `size` (`hyper` is 9x9 only).
///
/// # Example
///
/// ```
/// use sudoku_dlx::{variant_geometry, Size, Variant};
///
/// let x = variant_geometry(Size::NINE, &[Variant::X]).unwrap();
/// assert_eq!(x.units(), 29);
/// assert!(variant_geometry(Size::FOUR, &[Variant::Hyper]).is_err());
/// ```
pub fn variant_geometry(size: Size, variants: &[Variant]) -> Result<Geometry, VariantError> {
    Ok(add_all(Geometry::builder(size).boxes(), size, variants)?
        .build()
        .expect("the variants make well-formed units"))
}

/// Adds the units and groups of every rule of `variants` (each once, in
/// the order of [`Variant::ALL`]) to `builder`.
///
/// # Errors
///
/// Fails when a rule does not exist at `size`.
pub fn add_all(
    mut builder: GeometryBuilder,
    size: Size,
    variants: &[Variant],
) -> Result<GeometryBuilder, VariantError> {
    let mut extra = 0;
    let mut variants = variants.to_vec();
    variants.sort_unstable();
    variants.dedup();
    for variant in variants {
        builder = add(builder, size, variant, &mut extra)?;
    }
    Ok(builder)
}

/// Adds the units or groups of `variant` to `builder`: the units of `x`,
/// `hyper` and `disjoint` in each grid of its shape, the groups of the
/// neighbour rules between any two cells of the frame.
fn add(
    mut builder: GeometryBuilder,
    size: Size,
    variant: Variant,
    extra: &mut usize,
) -> Result<GeometryBuilder, VariantError> {
    let n = size.side();
    let boxes = builder.box_shape();
    let corners = builder.grids().to_vec();
    let frame = builder.frame().clone();
    let at = |row: usize, column: usize| {
        frame
            .cell_at(row, column)
            .expect("a grid of the shape covers its own positions")
    };
    let mut unit = |builder: GeometryBuilder, cells: Vec<usize>| {
        *extra += 1;
        builder.unit(Unit::Extra(*extra - 1), cells)
    };
    match variant {
        Variant::X => {
            for &(top, left) in &corners {
                builder = unit(builder, (0..n).map(|k| at(top + k, left + k)).collect());
                builder = unit(
                    builder,
                    (0..n).map(|k| at(top + k, left + n - 1 - k)).collect(),
                );
            }
        }
        Variant::Hyper => {
            if size != Size::NINE {
                return Err(VariantError::Size {
                    variant,
                    needs: Size::NINE,
                    found: size,
                });
            }
            for &(top, left) in &corners {
                for (down, right) in [(1, 1), (1, 5), (5, 1), (5, 5)] {
                    let cells = (0..9)
                        .map(|k| at(top + down + k / 3, left + right + k % 3))
                        .collect();
                    builder = unit(builder, cells);
                }
            }
        }
        Variant::Disjoint => {
            let Some((rows, columns)) = boxes else {
                return Err(VariantError::NeedsBoxes { variant });
            };
            let stacks = n / columns;
            for &(top, left) in &corners {
                for place in 0..n {
                    let cells = (0..n)
                        .map(|bx| {
                            let (down, right) = (bx / stacks * rows, bx % stacks * columns);
                            at(top + down + place / columns, left + right + place % columns)
                        })
                        .collect();
                    builder = unit(builder, cells);
                }
            }
        }
        Variant::AntiKing | Variant::AntiKnight => {
            builder = add_neighbours(builder, n, variant);
        }
        Variant::NonConsecutive => {
            builder = constraints::add_all(builder, size, &[], true)
                .expect("non-consecutive applies to every grid");
        }
    }
    Ok(builder)
}

/// Adds the groups of a rule between neighbouring cells of the frame: a
/// king's or a knight's move apart, or orthogonally adjacent
/// (non-consecutive). Cells that share a row, column or box differ already,
/// and get no group of anti-king or anti-knight.
fn add_neighbours(mut builder: GeometryBuilder, n: usize, variant: Variant) -> GeometryBuilder {
    // The moves to a later cell in reading order, in reading order.
    let moves: &[(usize, isize)] = match variant {
        Variant::AntiKing => &[(0, 1), (1, -1), (1, 0), (1, 1)],
        _ => &[(1, -2), (1, 2), (2, -1), (2, 1)],
    };
    let frame = builder.frame().clone();
    let mut units_of: Vec<Vec<usize>> = vec![Vec::new(); frame.cells()];
    for (index, (_, cells)) in builder.unit_list()[..builder.standard_units()]
        .iter()
        .enumerate()
    {
        for &cell in cells {
            units_of[cell].push(index);
        }
    }
    let share_a_unit = |a: usize, c: usize| units_of[a].iter().any(|u| units_of[c].contains(u));
    for a in 0..frame.cells() {
        let from = frame.position(a);
        for &(down, right) in moves {
            let Some(column) = from.column.checked_add_signed(right) else {
                continue;
            };
            let Some(c) = frame.cell_at(from.row + down, column) else {
                continue;
            };
            if share_a_unit(a, c) {
                continue;
            }
            for d in 1..=n as u8 {
                builder = builder.at_most_once([(a, d), (c, d)]);
            }
        }
    }
    builder
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::grid::Grid;
    use crate::sudoku::random::Rng;
    use crate::sudoku::solver::Solver;

    /// True when the digits of cells `a` and `c` of a grid of side `n`
    /// clash under the classic rules and those of `variants`, checked on the
    /// positions themselves.
    fn clash(cells: &[u8], n: usize, a: usize, c: usize, variants: &[Variant]) -> bool {
        let b = (n as f64).sqrt() as usize;
        let (x, y) = (cells[a], cells[c]);
        if a == c || x == 0 || y == 0 {
            return false;
        }
        let (ra, ca, rc, cc) = (a / n, a % n, c / n, c % n);
        let (dr, dc) = (ra.abs_diff(rc), ca.abs_diff(cc));
        let window = |r: usize, c: usize| {
            [(1, 1), (1, 5), (5, 1), (5, 5)]
                .iter()
                .position(|&(t, l)| (t..t + 3).contains(&r) && (l..l + 3).contains(&c))
        };
        let mut differ = ra == rc || ca == cc || (ra / b, ca / b) == (rc / b, cc / b);
        for &variant in variants {
            differ |= match variant {
                Variant::X => (ra == ca && rc == cc) || (ra + ca == n - 1 && rc + cc == n - 1),
                Variant::Hyper => window(ra, ca).is_some() && window(ra, ca) == window(rc, cc),
                Variant::Disjoint => (ra % b, ca % b) == (rc % b, cc % b),
                Variant::AntiKing => dr <= 1 && dc <= 1,
                Variant::AntiKnight => (dr, dc) == (1, 2) || (dr, dc) == (2, 1),
                Variant::NonConsecutive => false,
            };
        }
        let consecutive =
            variants.contains(&Variant::NonConsecutive) && dr + dc == 1 && x.abs_diff(y) == 1;
        (differ && x == y) || consecutive
    }

    /// True when no two cells of `cells` clash.
    fn obeys(cells: &[u8], n: usize, variants: &[Variant]) -> bool {
        (0..n * n).all(|a| (a + 1..n * n).all(|c| !clash(cells, n, a, c, variants)))
    }

    /// Counts the solutions of `cells` (side `n`) under `variants` by plain
    /// backtracking on [`clash`], up to `limit`.
    fn brute_count(cells: &mut Vec<u8>, n: usize, variants: &[Variant], limit: u64) -> u64 {
        let Some(blank) = cells.iter().position(|&v| v == 0) else {
            return 1;
        };
        let mut count = 0;
        for digit in 1..=n as u8 {
            cells[blank] = digit;
            if (0..n * n).all(|other| !clash(cells, n, blank, other, variants)) {
                count += brute_count(cells, n, variants, limit - count);
                if count >= limit {
                    break;
                }
            }
        }
        cells[blank] = 0;
        count
    }

    #[test]
    fn every_rule_counts_as_plain_backtracking_does_on_random_4x4_puzzles() {
        let mut solver = Solver::new();
        let mut rng = Rng::from_seed(23);
        for variant in Variant::ALL.into_iter().filter(|&v| v != Variant::Hyper) {
            let variants = [variant];
            let geometry = variant_geometry(Size::FOUR, &variants).unwrap();
            let (mut solvable, mut checked) = (0, 0);
            for _ in 0..1000 {
                let mut cells = vec![0u8; 16];
                for _ in 0..rng.below(6) {
                    cells[rng.below(16)] = rng.below(4) as u8 + 1;
                }
                let puzzle = Grid::from_cells(&cells).unwrap();
                let expected = if obeys(&cells, 4, &variants) {
                    brute_count(&mut cells, 4, &variants, 1000)
                } else {
                    0
                };
                match solver.solve_in(&geometry, &puzzle, 1000, |solution| {
                    assert!(
                        obeys(solution.cells(), 4, &variants),
                        "{variant}: {solution:?}"
                    );
                    assert!(solution.keeps_givens_of(&puzzle));
                }) {
                    Ok(stats) => assert_eq!(stats.solutions, expected, "{variant}: {cells:?}"),
                    Err(_) => assert_eq!(expected, 0, "{variant}: {cells:?}"),
                }
                checked += 1;
                solvable += usize::from(expected > 0);
            }
            // No 4x4 grid is anti-king or non-consecutive, so their counts
            // are all 0 (and agree); the 9x9 test below cross-checks them on
            // puzzles that have solutions.
            if !matches!(variant, Variant::AntiKing | Variant::NonConsecutive) {
                assert!(solvable > 50, "{variant}: {solvable} of {checked} solvable");
            }
        }
    }

    #[test]
    fn every_rule_gives_nine_by_nine_solutions_that_obey_it() {
        let mut solver = Solver::new();
        for variant in Variant::ALL {
            let variants = [variant];
            let geometry = variant_geometry(Size::NINE, &variants).unwrap();
            let mut found = None;
            solver
                .solve_in(&geometry, &Grid::empty(Size::NINE), 1, |s| {
                    found = Some(s.clone())
                })
                .unwrap();
            let solution = found.unwrap_or_else(|| panic!("{variant}: no solution"));
            assert!(
                obeys(solution.cells(), 9, &variants),
                "{variant}: {solution:?}"
            );
        }
    }

    #[test]
    fn hyper_is_nine_by_nine_only_and_names_are_stable() {
        assert_eq!(
            variant_geometry(Size::FOUR, &[Variant::Hyper])
                .unwrap_err()
                .to_string(),
            "the hyper rule needs a 9x9 grid; found 4x4"
        );
        let names: Vec<_> = Variant::ALL.iter().map(|v| v.to_string()).collect();
        assert_eq!(
            names,
            [
                "x",
                "hyper",
                "disjoint",
                "anti-king",
                "anti-knight",
                "non-consecutive"
            ]
        );
    }
}
