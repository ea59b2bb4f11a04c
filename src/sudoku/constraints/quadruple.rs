//! Quadruples: the digits listed on the corner of four cells (up to four,
//! a digit listed twice appearing at least twice) appear among them. A
//! table of the ways to fill the four cells that hold every listed digit,
//! with what it implies for each cell alone.
//!
//! What the ways imply for two cells is not compiled as pairs: every search
//! reads the rule whole, the matrix from its table (which finds all the
//! pairs would), the 9x9 fast path from its definition (which leaves out
//! which of the four cells share a unit, and so finds a little less). On
//! the quadruple set (count to 2, read 20 times) the pairs saved 11% of the
//! nodes (420.8 a puzzle against 475.2) but cost more to build than they
//! saved: without them, 0.81 of the instructions.

use super::ways::{every_way, project_cells, WaysOf};
use super::{keep_whole, ConstraintError, Context};
use crate::sudoku::geometry::Table;
use crate::sudoku::grid::Unit;
use crate::sudoku::whole_rules::WholeKind;

/// Compiles the quadruple of `digits` on `cells`.
pub(super) fn compile(
    cx: &mut Context,
    name: Unit,
    cells: &[usize],
    digits: &[u8],
) -> Result<(), ConstraintError> {
    if cells.len() != 4 {
        return Err(ConstraintError::Length {
            rule: name,
            found: cells.len(),
            expected: "a quadruple has 4 cells".into(),
        });
    }
    let side = cx.side as u8;
    if digits.is_empty() || digits.len() > 4 || digits.iter().any(|&d| d == 0 || d > side) {
        let found = digits.iter().find(|&&d| d == 0 || d > side);
        return Err(ConstraintError::Value {
            rule: name,
            found: u32::from(found.copied().unwrap_or(digits.len() as u8)),
            expected: format!("1 to 4 digits from 1 to {side}"),
        });
    }
    let mut listed = [0; 4];
    listed[..digits.len()].copy_from_slice(digits);
    keep_whole(cx, cells, WholeKind::Quadruple(listed));
    let numbers: Vec<u32> = digits.iter().map(|&d| u32::from(d)).collect();
    let of = WaysOf {
        rule: "quadruple",
        numbers: &numbers,
    };
    let listed = listed_times(digits);
    let tuples = every_way(cx, cells, usize::MAX, of, |way, _| {
        (missing(way, &listed) <= cells.len() - way.len()).into()
    })
    .unwrap_or_default();
    project_cells(cx, cells, &tuples);
    cx.builder
        .table(Table::plain(cells.to_vec(), tuples, cx.rule));
    Ok(())
}

/// Each digit of `digits` once, with the times it is listed.
fn listed_times(digits: &[u8]) -> Vec<(u8, usize)> {
    let mut listed: Vec<(u8, usize)> = Vec::with_capacity(digits.len());
    for &d in digits {
        match listed.iter_mut().find(|(e, _)| *e == d) {
            Some((_, times)) => *times += 1,
            None => listed.push((d, 1)),
        }
    }
    listed
}

/// How many of the `listed` digits (each with the times it is listed) the
/// cells filled so far in `way` leave to place: each as often as listed,
/// less the times `way` holds it. A way of all four cells holds the
/// quadruple when this is 0; a prefix can when it is at most the cells
/// left.
fn missing(way: &[u8], listed: &[(u8, usize)]) -> usize {
    listed
        .iter()
        .map(|&(d, times)| times.saturating_sub(way.iter().filter(|&&e| e == d).count()))
        .sum()
}

#[cfg(test)]
mod tests {
    use crate::sudoku::constraints::oracle::agrees;
    use crate::sudoku::constraints::Constraint;

    #[test]
    fn quadruples_agree() {
        agrees(vec![Constraint::Quadruple {
            cells: vec![5, 6, 9, 10],
            digits: vec![1, 2],
        }]);
        // A digit listed twice appears twice, in cells of no common unit.
        agrees(vec![Constraint::Quadruple {
            cells: vec![1, 2, 5, 6],
            digits: vec![3, 3, 4],
        }]);
        agrees(vec![
            Constraint::Quadruple {
                cells: vec![4, 5, 8, 9],
                digits: vec![4],
            },
            Constraint::Quadruple {
                cells: vec![9, 10, 13, 14],
                digits: vec![1, 2, 3],
            },
        ]);
    }
}
