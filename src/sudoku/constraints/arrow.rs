//! Arrows: the digits on the shaft add up to the number in the bulb (a
//! bulb of two or three cells reads as a number, digit by digit). Not a
//! relation of two cells, so an arrow is a table: every way of filling its
//! cells that adds up, with the cells that share a unit different. What
//! the table implies for two cells at a time (a digit no way gives a cell,
//! a pair of digits no way gives two cells) is compiled as the other rules
//! are, so that singles and the logical solver see it; the table itself
//! becomes an item of the encoding with an option per way.

use super::{ConstraintError, Context};
use crate::sudoku::geometry::Table;
use crate::sudoku::grid::Unit;

/// The most ways of filling one arrow.
const MAX_TUPLES: usize = 50_000;

/// Compiles the arrow of `bulb` (one to three cells) and `shaft`.
pub(super) fn compile(
    cx: &mut Context,
    name: Unit,
    bulb: &[usize],
    shaft: &[usize],
) -> Result<(), ConstraintError> {
    if bulb.is_empty() || bulb.len() > 3 || shaft.is_empty() {
        return Err(ConstraintError::Length {
            rule: name,
            found: bulb.len(),
            expected: "a bulb of 1 to 3 cells and a shaft of at least one".into(),
        });
    }
    let cells: Vec<usize> = bulb.iter().chain(shaft).copied().collect();
    let units: Vec<Vec<usize>> = cx
        .builder
        .unit_list()
        .iter()
        .filter(|(_, members)| members.iter().filter(|c| cells.contains(c)).count() > 1)
        .map(|(_, members)| members.clone())
        .collect();
    let apart: Vec<Vec<bool>> = cells
        .iter()
        .map(|&a| {
            cells
                .iter()
                .map(|&b| a != b && units.iter().any(|u| u.contains(&a) && u.contains(&b)))
                .collect()
        })
        .collect();
    let mut search = Ways {
        side: cx.side as u8,
        bulb: bulb.len(),
        apart,
        digits: Vec::with_capacity(cells.len()),
        tuples: Vec::new(),
    };
    if !search.fill() {
        return Err(ConstraintError::Length {
            rule: name,
            found: cells.len(),
            expected: format!("an arrow with at most {MAX_TUPLES} ways to fill it"),
        });
    }
    project(cx, &cells, &search.tuples);
    cx.builder.table(Table {
        cells,
        tuples: search.tuples,
        rule: cx.rule,
    });
    Ok(())
}

/// Compiles what the ways `tuples` of `cells` imply for one and two cells.
fn project(cx: &mut Context, cells: &[usize], tuples: &[u8]) {
    let (n, width) = (cx.side, cells.len());
    let mut seen_one = vec![false; width * n];
    let mut seen_two = vec![false; width * width * n * n];
    for tuple in tuples.chunks(width) {
        for (i, &x) in tuple.iter().enumerate() {
            seen_one[i * n + x as usize - 1] = true;
            for (j, &y) in tuple.iter().enumerate().skip(i + 1) {
                seen_two[((i * width + j) * n + x as usize - 1) * n + y as usize - 1] = true;
            }
        }
    }
    for (i, &cell) in cells.iter().enumerate() {
        for x in 1..=n {
            if !seen_one[i * n + x - 1] {
                cx.builder.forbid(cell, x as u8, cx.rule);
            }
        }
    }
    for i in 0..width {
        for j in i + 1..width {
            for x in 1..=n {
                for y in 1..=n {
                    let both_possible = seen_one[i * n + x - 1] && seen_one[j * n + y - 1];
                    let together = seen_two[((i * width + j) * n + x - 1) * n + y - 1];
                    if both_possible && !together {
                        cx.builder
                            .forbid_pair((cells[i], x as u8), (cells[j], y as u8), cx.rule);
                    }
                }
            }
        }
    }
}

/// The search for the ways of filling an arrow.
struct Ways {
    side: u8,
    /// Cells of the bulb, which come first.
    bulb: usize,
    /// True for two cells of the arrow that share a unit.
    apart: Vec<Vec<bool>>,
    /// The digits given so far, cell by cell.
    digits: Vec<u8>,
    /// The ways found, one after another.
    tuples: Vec<u8>,
}

impl Ways {
    /// The number the bulb's digits read (the bulb is given first).
    fn number(&self) -> u32 {
        self.digits[..self.bulb]
            .iter()
            .fold(0, |value, &d| value * 10 + u32::from(d))
    }

    /// The sum of the shaft's digits given so far.
    fn shaft_sum(&self) -> u32 {
        self.digits[self.bulb..].iter().map(|&d| u32::from(d)).sum()
    }

    /// Finds every way; false when there are more than [`MAX_TUPLES`].
    fn fill(&mut self) -> bool {
        let k = self.digits.len();
        let width = self.apart.len();
        if k == width {
            if self.number() == self.shaft_sum() {
                self.tuples.extend_from_slice(&self.digits);
            }
            return self.tuples.len() / width <= MAX_TUPLES;
        }
        if k > self.bulb {
            // The shaft so far, plus the least and most the rest can add.
            let (number, sum) = (self.number(), self.shaft_sum());
            let rest = (width - k) as u32;
            if sum + rest > number || sum + rest * u32::from(self.side) < number {
                return true;
            }
        }
        for digit in 1..=self.side {
            let clash = (0..k).any(|i| self.apart[k][i] && self.digits[i] == digit);
            if clash {
                continue;
            }
            self.digits.push(digit);
            let fits = self.fill();
            self.digits.pop();
            if !fits {
                return false;
            }
        }
        true
    }
}
