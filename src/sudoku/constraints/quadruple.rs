//! Quadruples: the digits listed on the corner of four cells (up to four,
//! a digit listed twice appearing at least twice) appear among them. A
//! table of the ways to fill the four cells that hold every listed digit,
//! with what it implies for one and two cells.

use super::ways::{every_way, project, WaysOf};
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
    let numbers: Vec<u32> = digits.iter().map(|&d| u32::from(d)).collect();
    let of = WaysOf {
        rule: "quadruple",
        numbers: &numbers,
    };
    let tuples = every_way(cx, cells, usize::MAX, of, |way, _| {
        (missing(way, digits) <= cells.len() - way.len()).into()
    })
    .unwrap_or_default();
    project(cx, cells, &tuples);
    cx.builder
        .table(Table::plain(cells.to_vec(), tuples, cx.rule));
    Ok(())
}

/// How many of `digits` the cells filled so far in `way` leave to place:
/// each listed digit as often as listed, less the times `way` holds it.
/// A way of all four cells holds the quadruple when this is 0; a prefix
/// can when it is at most the cells left.
fn missing(way: &[u8], digits: &[u8]) -> usize {
    let mut seen = 0u64;
    let mut missing = 0;
    for &d in digits {
        if seen >> d & 1 == 1 {
            continue;
        }
        seen |= 1 << d;
        let listed = digits.iter().filter(|&&e| e == d).count();
        let held = way.iter().filter(|&&e| e == d).count();
        missing += listed.saturating_sub(held);
    }
    missing
}
