//! Sandwiches: the digits between the 1 and the largest digit of a row or
//! column add up to the clue outside it. One table of the row's cells, a
//! way per place of the 1 and the largest digit and per digits between
//! them that add up, the cells outside the sandwich left free (digit 0 in
//! the way): on 9x9 at most a few thousand ways. The ways and what they
//! imply depend only on the side, the clue and which cells share a unit
//! (all of a row do), so each thread keeps them by those.

use std::cell::RefCell;
use std::rc::Rc;

use super::ways::{compile_implied, earlier_apart, every_way, implied, Fit, Implied, WaysOf};
use super::{keep_whole, ConstraintError, Context};
use crate::sudoku::geometry::Table;
use crate::sudoku::grid::Unit;
use crate::sudoku::kept::Kept;
use crate::sudoku::whole_rules::WholeKind;

/// The most bytes of ways a thread keeps; past it, it starts again.
const KNOWN_BYTES: usize = 16 << 20;

/// The side, the clue and, for each cell, the earlier ones that share a
/// unit with it.
type SandwichKey = (u8, u32, Vec<u64>);

/// The ways of a sandwich and what they imply.
type Compiled = Rc<(Vec<u8>, Rc<Implied>)>;

thread_local! {
    /// The sandwiches compiled so far on this thread.
    static KNOWN: RefCell<Kept<SandwichKey, Compiled>> = RefCell::new(Kept::new(KNOWN_BYTES));
}

/// Compiles the sandwich `name` of `sum` on the row or column `cells`, in
/// order from the clue.
pub(super) fn compile(
    cx: &mut Context,
    sum: u32,
    name: Unit,
    cells: &[usize],
) -> Result<(), ConstraintError> {
    let n = cx.side;
    if cells.len() != n {
        return Err(ConstraintError::Length {
            rule: name,
            found: cells.len(),
            expected: format!("a sandwich is a whole row or column of {n} cells"),
        });
    }
    let inner: u32 = (2..n as u32).sum();
    if sum > inner {
        return Err(ConstraintError::Value {
            rule: name,
            found: sum,
            expected: format!("a sum from 0 to {inner}"),
        });
    }
    keep_whole(cx, cells, WholeKind::Sandwich(sum));
    let key = (n as u8, sum, earlier_apart(cx, cells));
    let compiled = match KNOWN.with(|known| known.borrow().get(&key)) {
        Some(compiled) => compiled,
        None => {
            let tuples = ways(cx, sum, cells);
            let implied = implied(n, n, &tuples);
            let bytes = 2 * tuples.len() + 64;
            let compiled = Rc::new((tuples, implied));
            KNOWN.with(|known| known.borrow_mut().keep(key, Rc::clone(&compiled), bytes));
            compiled
        }
    };
    compile_implied(cx, cells, &compiled.1);
    cx.builder
        .table(Table::plain(cells.to_vec(), compiled.0.clone(), cx.rule));
    Ok(())
}

/// Every way of filling the sandwich of `sum` on `cells`.
fn ways(cx: &Context, sum: u32, cells: &[usize]) -> Vec<u8> {
    let n = cx.side;
    let (low, high) = (1u8, n as u8);
    let mut tuples = Vec::new();
    for p in 0..n {
        for q in p + 1..n {
            let between = &cells[p + 1..q];
            let fillings = every_way(
                cx,
                between,
                usize::MAX,
                WaysOf {
                    rule: "sandwich",
                    numbers: &[sum],
                },
                |digits, complete| {
                    // The earlier digits passed as a prefix: only the last
                    // is new.
                    let total: u32 = digits.iter().map(|&d| u32::from(d)).sum();
                    let Some(&last) = digits.last() else {
                        return (sum == 0).into();
                    };
                    if last == low || last == high {
                        Fit::No
                    } else if total > sum {
                        Fit::NorLarger
                    } else {
                        (!complete || total == sum).into()
                    }
                },
            )
            .unwrap_or_default();
            let width = between.len();
            let count = match width {
                0 => usize::from(sum == 0),
                _ => fillings.len() / width,
            };
            for k in 0..count {
                for (first, last) in [(low, high), (high, low)] {
                    let mut way = vec![0u8; n];
                    way[p] = first;
                    way[q] = last;
                    way[p + 1..q].copy_from_slice(&fillings[k * width..(k + 1) * width]);
                    tuples.extend_from_slice(&way);
                }
            }
        }
    }
    tuples
}

#[cfg(test)]
mod tests {
    use crate::sudoku::constraints::oracle::agrees;
    use crate::sudoku::constraints::Constraint;

    #[test]
    fn sandwiches_agree() {
        let sandwich = |cells: Vec<usize>, sum| Constraint::Sandwich { cells, sum };
        agrees(vec![sandwich(vec![0, 1, 2, 3], 0)]);
        agrees(vec![sandwich(vec![4, 5, 6, 7], 5)]);
        agrees(vec![sandwich(vec![3, 2, 1, 0], 2)]);
        agrees(vec![
            sandwich(vec![1, 5, 9, 13], 3),
            sandwich(vec![8, 9, 10, 11], 0),
        ]);
    }
}
