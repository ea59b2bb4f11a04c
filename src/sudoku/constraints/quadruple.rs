//! Quadruples: the digits listed on the corner of four cells (up to four,
//! a digit listed twice appearing at least twice) appear among them. A
//! table of the ways to fill the four cells that hold every listed digit,
//! with what it implies for one and two cells.

use super::ways::{every_way, project};
use super::{ConstraintError, Context};
use crate::sudoku::geometry::Table;
use crate::sudoku::grid::Unit;

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
    let tuples = every_way(cx, cells, usize::MAX, |way, complete| {
        !complete || holds(way, digits)
    })
    .unwrap_or_default();
    project(cx, cells, &tuples);
    cx.builder
        .table(Table::plain(cells.to_vec(), tuples, cx.rule));
    Ok(())
}

/// True when `way` holds every digit of `digits`, as often as listed.
fn holds(way: &[u8], digits: &[u8]) -> bool {
    digits.iter().all(|&d| {
        let listed = digits.iter().filter(|&&e| e == d).count();
        way.iter().filter(|&&e| e == d).count() >= listed
    })
}
