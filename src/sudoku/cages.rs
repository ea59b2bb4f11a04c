//! The killer cages of a geometry as flat tables: the cells of each cage,
//! its sum, the cage of each cell, and the digit combinations that can fill
//! each cage with a sum.
//!
//! A cage's cells hold different digits; when it has a sum, they add up to
//! it. The combinations are computed once, when the geometry is built, so
//! that the encoding (one option per combination) and the checks only read
//! them; each thread keeps those of every (side, size, sum) it has seen, so
//! that a file of killers works each out once. Cages are checked here too:
//! a cell outside the grid or twice, a cell in two cages, a cage too large
//! for distinct digits, a sum no combination makes.

use std::cell::RefCell;
use std::rc::Rc;

use thiserror::Error;

use crate::sudoku::grid::Grid;
use crate::sudoku::kept::Kept;

/// The most digit combinations one cage may have: beyond it, a cage of a
/// large grid would make a matrix too big to be worth building.
pub const MAX_COMBINATIONS: usize = 1 << 16;

/// No cage: the entry of `cage_of` for a cell outside every cage.
const NO_CAGE: u32 = u32::MAX;

/// The most bytes of combinations a thread keeps (see [`combinations`]).
const KNOWN_BYTES: usize = 8 << 20;

/// The combinations of a (side, size, sum); `None` for more than
/// [`MAX_COMBINATIONS`].
type KnownCombinations = Kept<(usize, usize, u32), Option<Rc<[u64]>>>;

thread_local! {
    /// The combinations worked out on this thread.
    static KNOWN: RefCell<KnownCombinations> = RefCell::new(Kept::new(KNOWN_BYTES));
}

/// The killer cages of a geometry; see the module documentation.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Cages {
    /// The cells of each cage, one cage after another, in the order given.
    cells: Vec<u16>,
    /// Where each cage starts in `cells`, and one past the last.
    starts: Vec<u32>,
    /// The sum of each cage, when it has one.
    sums: Vec<Option<u32>>,
    /// The cage of each cell, `NO_CAGE` for none.
    cage_of: Vec<u32>,
    /// The digit combinations of each cage with a sum, as bit sets (bit
    /// `d - 1` for digit `d`), in lexicographic order of their digits; none
    /// for a cage without a sum.
    combinations: Vec<u64>,
    /// Where the combinations of each cage start, and one past the last.
    combination_starts: Vec<u32>,
}

/// Why a set of cages makes no geometry.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum CageError {
    /// A cage that names a cell outside the grid, or a cell twice.
    #[error("cage {} names cell {cell} {problem}", cage + 1)]
    BadCell {
        /// The cage, from 0.
        cage: usize,
        /// The cell number it names (row * side + column).
        cell: usize,
        /// "twice" or "outside the grid".
        problem: &'static str,
    },
    /// A cell in two cages.
    #[error("cell {cell} is in cage {} and in cage {}", first + 1, second + 1)]
    Overlap {
        /// The cell number (row * side + column).
        cell: usize,
        /// The first cage holding it, from 0.
        first: usize,
        /// The second, from 0.
        second: usize,
    },
    /// A cage with no cell, or more cells than there are digits.
    #[error("cage {} has {found} cells; a cage holds 1 to {most}", cage + 1)]
    Size {
        /// The cage, from 0.
        cage: usize,
        /// Its cells.
        found: usize,
        /// The side of the grid: the number of digits.
        most: usize,
    },
    /// A sum that no set of distinct digits of the cage's size makes.
    #[error("cage {} has {cells} cells and sum {sum}, which no {cells} different digits from 1 to {side} make", cage + 1)]
    ImpossibleSum {
        /// The cage, from 0.
        cage: usize,
        /// Its sum.
        sum: u32,
        /// Its cells.
        cells: usize,
        /// The side of the grid: the largest digit.
        side: usize,
    },
    /// A cage with more digit combinations than `MAX_COMBINATIONS` (65,536).
    #[error("cage {} ({cells} cells, sum {sum}) has more than {most} digit combinations; split it", cage + 1)]
    TooManyCombinations {
        /// The cage, from 0.
        cage: usize,
        /// Its cells.
        cells: usize,
        /// Its sum.
        sum: u32,
        /// `MAX_COMBINATIONS`.
        most: usize,
    },
}

impl Cages {
    /// Checks `cages` (cells numbered as in their geometry, `row * side +
    /// column` in a square grid, and the sum of each when it has one) on a
    /// geometry of `grid_cells` cells and digits 1 to `side`, and builds the
    /// tables.
    ///
    /// # Errors
    ///
    /// Fails on a cell outside the grid or named twice, a cell in two
    /// cages, a cage of no cell or of more cells than digits, a sum that
    /// no distinct digits make, and a cage of too many combinations.
    pub fn new(
        side: usize,
        grid_cells: usize,
        cages: &[(Vec<usize>, Option<u32>)],
    ) -> Result<Cages, CageError> {
        let mut tables = Cages {
            starts: vec![0],
            combination_starts: vec![0],
            cage_of: vec![NO_CAGE; grid_cells],
            ..Cages::default()
        };
        for (cage, (members, sum)) in cages.iter().enumerate() {
            if members.is_empty() || members.len() > side {
                return Err(CageError::Size {
                    cage,
                    found: members.len(),
                    most: side,
                });
            }
            for &cell in members {
                if cell >= grid_cells {
                    return Err(CageError::BadCell {
                        cage,
                        cell,
                        problem: "outside the grid",
                    });
                }
                match tables.cage_of[cell] {
                    NO_CAGE => tables.cage_of[cell] = cage as u32,
                    first if first as usize == cage => {
                        return Err(CageError::BadCell {
                            cage,
                            cell,
                            problem: "twice",
                        })
                    }
                    first => {
                        return Err(CageError::Overlap {
                            cell,
                            first: first as usize,
                            second: cage,
                        })
                    }
                }
                tables.cells.push(cell as u16);
            }
            tables.starts.push(tables.cells.len() as u32);
            tables.sums.push(*sum);
            if let Some(sum) = *sum {
                let before = tables.combinations.len();
                let found = combinations(side, members.len(), sum, &mut tables.combinations);
                if !found {
                    return Err(CageError::TooManyCombinations {
                        cage,
                        cells: members.len(),
                        sum,
                        most: MAX_COMBINATIONS,
                    });
                }
                if tables.combinations.len() == before {
                    return Err(CageError::ImpossibleSum {
                        cage,
                        sum,
                        cells: members.len(),
                        side,
                    });
                }
            }
            tables
                .combination_starts
                .push(tables.combinations.len() as u32);
        }
        Ok(tables)
    }

    /// The number of cages.
    pub fn len(&self) -> usize {
        self.sums.len()
    }

    /// True when there is no cage.
    pub fn is_empty(&self) -> bool {
        self.sums.is_empty()
    }

    /// The cells of cage `cage`, in the order given.
    pub fn cells(&self, cage: usize) -> &[u16] {
        &self.cells[self.starts[cage] as usize..self.starts[cage + 1] as usize]
    }

    /// The sum of cage `cage`, when it has one.
    pub fn sum(&self, cage: usize) -> Option<u32> {
        self.sums[cage]
    }

    /// The cage of `cell`, if it is in one.
    #[inline]
    pub fn cage_of(&self, cell: usize) -> Option<usize> {
        match self.cage_of.get(cell) {
            Some(&cage) if cage != NO_CAGE => Some(cage as usize),
            _ => None,
        }
    }

    /// The sets of digits (bit `d - 1` for digit `d`) that can fill cage
    /// `cage`: as many digits as it has cells, adding up to its sum;
    /// empty for a cage without a sum.
    pub fn combinations(&self, cage: usize) -> &[u64] {
        let (start, end) = (
            self.combination_starts[cage] as usize,
            self.combination_starts[cage + 1] as usize,
        );
        &self.combinations[start..end]
    }

    /// The most options an item of the encoding of these cages can have
    /// (see the encoding module): every combination of a cage for
    /// its cage item, and those lacking a digit plus one placement per cell
    /// for a (cage, digit) item.
    pub fn most_options_per_item(&self) -> usize {
        (0..self.len())
            .map(|cage| self.combinations(cage).len() + self.cells(cage).len())
            .max()
            .unwrap_or(0)
    }

    /// The digits placed in each cage of `grid` (bit `d - 1` for digit
    /// `d`), written into `digits` (one entry per cage). Returns false when
    /// a digit appears twice in a cage.
    pub fn digits(&self, grid: &Grid, digits: &mut Vec<u64>) -> bool {
        digits.clear();
        digits.resize(self.len(), 0);
        let mut clash = 0;
        for (cage, placed) in digits.iter_mut().enumerate() {
            for &cell in self.cells(cage) {
                let digit = grid.cells()[cell as usize];
                if digit != 0 {
                    let bit = 1u64 << (digit - 1);
                    clash |= *placed & bit;
                    *placed |= bit;
                }
            }
        }
        clash == 0
    }

    /// The first cage of `grid` that is full and whose digits do not add up
    /// to its sum, with what they add up to.
    pub fn first_wrong_sum(&self, grid: &Grid) -> Option<(usize, u32)> {
        (0..self.len()).find_map(|cage| {
            let sum = self.sum(cage)?;
            let digits = self.cells(cage).iter().map(|&c| grid.cells()[c as usize]);
            let full = digits.clone().all(|digit| digit != 0);
            let found: u32 = digits.map(u32::from).sum();
            (full && found != sum).then_some((cage, found))
        })
    }
}

/// Appends to `out` every set of `count` distinct digits from 1 to `side`
/// adding up to `sum`, as bit sets, in lexicographic order of their digits
/// (1+4 before 2+3). Returns false, with
/// `out` as it was, when there are more than [`MAX_COMBINATIONS`].
fn combinations(side: usize, count: usize, sum: u32, out: &mut Vec<u64>) -> bool {
    let key = (side, count, sum);
    if let Some(known) = KNOWN.with(|known| known.borrow().get(&key)) {
        if let Some(sets) = &known {
            out.extend_from_slice(sets);
        }
        return known.is_some();
    }
    let before = out.len();
    let fits = extend(1, side as u32, count as u32, sum, 0, out, before);
    if !fits {
        out.truncate(before);
    }
    let sets: Option<Rc<[u64]>> = fits.then(|| out[before..].into());
    let bytes = 8 * sets.as_ref().map_or(0, |sets| sets.len()) + 64;
    KNOWN.with(|known| known.borrow_mut().keep(key, sets, bytes));
    fits
}

/// Appends the sets `chosen | S`, where `S` holds `count` distinct digits
/// from `low` to `high` adding up to `sum`. Returns false once more than
/// [`MAX_COMBINATIONS`] sets stand after `before`.
fn extend(
    low: u32,
    high: u32,
    count: u32,
    sum: u32,
    chosen: u64,
    out: &mut Vec<u64>,
    before: usize,
) -> bool {
    if count == 0 {
        if sum == 0 {
            out.push(chosen);
        }
        return out.len() - before <= MAX_COMBINATIONS;
    }
    // The smallest and largest sums of `count` digits from low..=high.
    if high + 1 < low + count {
        return true;
    }
    let least = count * low + count * (count - 1) / 2;
    let most = count * high - count * (count - 1) / 2;
    if sum < least || sum > most {
        return true;
    }
    for digit in low..=high {
        if digit > sum {
            break;
        }
        let with = chosen | 1 << (digit - 1);
        if !extend(digit + 1, high, count - 1, sum - digit, with, out, before) {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn combos(side: usize, count: usize, sum: u32) -> Vec<u64> {
        let mut out = Vec::new();
        assert!(combinations(side, count, sum, &mut out));
        out
    }

    #[test]
    fn combinations_are_the_sets_of_distinct_digits_with_the_sum() {
        // 3 in two cells: 1+2; 17 in two: 8+9; 10 in three: 127, 136, 145, 235.
        assert_eq!(combos(9, 2, 3), [0b11]);
        assert_eq!(combos(9, 2, 17), [0b1_1000_0000]);
        assert_eq!(
            combos(9, 3, 10),
            [0b100_0011, 0b10_0101, 0b1_1001, 0b1_0110]
        );
        assert_eq!(combos(9, 9, 45), [0x1ff]);
        assert!(combos(9, 2, 2).is_empty());
        assert!(combos(4, 3, 10).is_empty());
        // Brute force over every subset of 1..=9, for every size and sum.
        for count in 1..=9 {
            for sum in 0..=50u32 {
                let mut found = combos(9, count, sum);
                found.sort_unstable();
                let expected: Vec<u64> = (0u64..512)
                    .filter(|set| set.count_ones() as usize == count)
                    .filter(|set| {
                        (0..9)
                            .filter(|d| set >> d & 1 == 1)
                            .map(|d| d + 1)
                            .sum::<u32>()
                            == sum
                    })
                    .collect();
                assert_eq!(found, expected, "{count} cells, sum {sum}");
            }
        }
    }

    #[test]
    fn bad_cages_are_refused_with_what_is_wrong() {
        let error = |cages: &[(Vec<usize>, Option<u32>)]| Cages::new(4, 16, cages).unwrap_err();
        assert_eq!(
            error(&[(vec![0, 16], None)]).to_string(),
            "cage 1 names cell 16 outside the grid"
        );
        assert_eq!(
            error(&[(vec![0, 1, 0], Some(6))]).to_string(),
            "cage 1 names cell 0 twice"
        );
        assert_eq!(
            error(&[(vec![0, 1], Some(3)), (vec![1, 2], Some(3))]).to_string(),
            "cell 1 is in cage 1 and in cage 2"
        );
        assert_eq!(
            error(&[(vec![0, 1], Some(8))]).to_string(),
            "cage 1 has 2 cells and sum 8, which no 2 different digits from 1 to 4 make"
        );
        assert!(matches!(
            error(&[(vec![0, 1, 2, 3, 4], None)]),
            CageError::Size {
                found: 5,
                most: 4,
                ..
            }
        ));
        assert!(matches!(
            error(&[(vec![], None)]),
            CageError::Size { found: 0, .. }
        ));
    }

    #[test]
    fn digits_and_sums_are_read_from_a_grid() {
        let cages = Cages::new(4, 16, &[(vec![0, 1], Some(3)), (vec![2, 3, 6], None)]).unwrap();
        assert_eq!(cages.len(), 2);
        assert_eq!(cages.cage_of(6), Some(1));
        assert_eq!(cages.cage_of(5), None);
        assert_eq!(cages.most_options_per_item(), 1 + 2);
        let grid: Grid = "12.4..4.........".parse().unwrap();
        let mut digits = Vec::new();
        assert!(!cages.digits(&grid, &mut digits));
        assert_eq!(digits, [0b11, 0b1000]);
        assert_eq!(cages.first_wrong_sum(&grid), None);
        let wrong: Grid = "21..............".parse().unwrap();
        assert_eq!(cages.first_wrong_sum(&wrong), None);
        let wrong: Grid = "31..............".parse().unwrap();
        assert_eq!(cages.first_wrong_sum(&wrong), Some((0, 4)));
    }

    #[test]
    fn combinations_kept_are_the_ones_worked_out() {
        // The second call reads what the first kept: the same sets, after
        // what `out` already held; too many is kept as too many.
        let first = combos(9, 3, 15);
        let mut out = vec![7];
        assert!(combinations(9, 3, 15, &mut out));
        assert_eq!(out[0], 7);
        assert_eq!(&out[1..], &first[..]);
        assert_eq!(first.len(), 8);
        for _ in 0..2 {
            let mut out = vec![7];
            assert!(!combinations(40, 20, 410, &mut out));
            assert_eq!(out, [7]);
        }
    }
}
