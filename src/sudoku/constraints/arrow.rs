//! Arrows: the digits on the shaft add up to the number in the bulb (a
//! bulb of two or three cells reads as a number, digit by digit). Not a
//! relation of two cells, so an arrow is a table: every way of filling its
//! cells that adds up, with the cells that share a unit different. What
//! the table implies for two cells at a time (a digit no way gives a cell,
//! a pair of digits no way gives two cells) is compiled as the other rules
//! are, so that singles and the logical solver see it; the table itself
//! becomes an item of the encoding with an option per way.

use super::ways::{every_way, project, sum_fit, Fit, WaysOf};
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
    let (n, width, bulb) = (cx.side as u32, cells.len(), bulb.len());
    let tuples = every_way(
        cx,
        &cells,
        MAX_TUPLES,
        WaysOf {
            rule: "arrow",
            numbers: &[bulb as u32],
        },
        |digits, complete| {
            let k = digits.len();
            if k <= bulb {
                return Fit::Yes;
            }
            // The shaft so far, plus the least and most the rest can add.
            let number = digits[..bulb]
                .iter()
                .fold(0, |value, &d| value * 10 + u32::from(d));
            let sum: u32 = digits[bulb..].iter().map(|&d| u32::from(d)).sum();
            let rest = (width - k) as u32;
            sum_fit(sum, rest, number, n, complete)
        },
    )
    .ok_or_else(|| ConstraintError::Length {
        rule: name,
        found: width,
        expected: format!("an arrow with at most {MAX_TUPLES} ways to fill it"),
    })?;
    project(cx, &cells, &tuples);
    cx.builder.table(Table::plain(cells, tuples, cx.rule));
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::sudoku::constraints::oracle::agrees;
    use crate::sudoku::constraints::Constraint;

    #[test]
    fn arrows_agree() {
        agrees(vec![Constraint::Arrow {
            bulb: vec![0],
            shaft: vec![1, 5],
        }]);
        agrees(vec![Constraint::Arrow {
            bulb: vec![5],
            shaft: vec![10, 15],
        }]);
        // Digits repeat on a shaft whose cells share no unit.
        agrees(vec![Constraint::Arrow {
            bulb: vec![15],
            shaft: vec![0, 5],
        }]);
        // A bulb of two cells reads as a number, 10 to 16 on 4x4.
        agrees(vec![Constraint::Arrow {
            bulb: vec![0, 1],
            shaft: vec![6, 11, 13, 4],
        }]);
        agrees(vec![
            Constraint::Arrow {
                bulb: vec![0],
                shaft: vec![5, 10],
            },
            Constraint::Thermometer(vec![12, 13, 14]),
        ]);
    }
}
