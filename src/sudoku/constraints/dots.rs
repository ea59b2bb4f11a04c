//! Kropki dots: a white dot between two cells whose digits differ by 1 (or
//! the dot's value), a black dot between two whose digits are in ratio 2
//! (or its value); and their negative rules, which forbid the relation
//! between orthogonal neighbours without a dot of either colour
//! (`non-consecutive` is the negative rule of white dots).

use super::relation::{relate, relate_all};
use super::{neighbour_pairs, ConstraintError, Context};
use crate::sudoku::grid::Unit;

/// Compiles a white dot on `cells`: their digits differ by `difference`.
pub(super) fn white(
    cx: &mut Context,
    name: Unit,
    [a, b]: [usize; 2],
    difference: u8,
) -> Result<(), ConstraintError> {
    if difference == 0 || difference as usize >= cx.side {
        return Err(ConstraintError::Value {
            rule: name,
            found: difference.into(),
            expected: format!("a difference from 1 to {}", cx.side - 1),
        });
    }
    relate(cx, a, b, |x, y| x.abs_diff(y) == difference);
    Ok(())
}

/// Compiles a black dot on `cells`: one digit is `ratio` times the other.
pub(super) fn black(
    cx: &mut Context,
    name: Unit,
    [a, b]: [usize; 2],
    ratio: u8,
) -> Result<(), ConstraintError> {
    if ratio < 2 || ratio as usize > cx.side {
        return Err(ConstraintError::Value {
            rule: name,
            found: ratio.into(),
            expected: format!("a ratio from 2 to {}", cx.side),
        });
    }
    relate(cx, a, b, |x, y| in_ratio(x, y, ratio));
    Ok(())
}

/// Compiles the non-consecutive rule on every pair of orthogonal neighbours
/// not in `dotted` (the pairs of a dot).
pub(super) fn non_consecutive(cx: &mut Context, dotted: &[[usize; 2]]) {
    let pairs: Vec<[usize; 2]> = neighbour_pairs(cx.frame)
        .filter(|pair| dotted.binary_search(pair).is_err())
        .collect();
    relate_all(cx, &pairs, |x, y| x.abs_diff(y) != 1);
}

/// Compiles the negative rule of black dots on every pair of orthogonal
/// neighbours not in `dotted`.
pub(super) fn negative_black(cx: &mut Context, dotted: &[[usize; 2]]) {
    let pairs: Vec<[usize; 2]> = neighbour_pairs(cx.frame)
        .filter(|pair| dotted.binary_search(pair).is_err())
        .collect();
    relate_all(cx, &pairs, |x, y| !in_ratio(x, y, 2));
}

/// True when one of `x` and `y` is `ratio` times the other.
fn in_ratio(x: u8, y: u8, ratio: u8) -> bool {
    u32::from(x) == u32::from(y) * u32::from(ratio)
        || u32::from(y) == u32::from(x) * u32::from(ratio)
}

#[cfg(test)]
mod tests {
    use crate::sudoku::constraints::oracle::agrees;
    use crate::sudoku::constraints::Constraint;

    #[test]
    fn dots_agree() {
        agrees(vec![Constraint::WhiteDot {
            cells: [0, 1],
            difference: 1,
        }]);
        agrees(vec![Constraint::WhiteDot {
            cells: [5, 9],
            difference: 3,
        }]);
        agrees(vec![Constraint::BlackDot {
            cells: [2, 6],
            ratio: 2,
        }]);
        agrees(vec![Constraint::BlackDot {
            cells: [0, 5],
            ratio: 3,
        }]);
    }

    #[test]
    fn negative_dots_agree() {
        agrees(vec![
            Constraint::WhiteDot {
                cells: [0, 1],
                difference: 1,
            },
            Constraint::WhiteDot {
                cells: [5, 9],
                difference: 1,
            },
            Constraint::NonConsecutive,
        ]);
        agrees(vec![
            Constraint::BlackDot {
                cells: [0, 1],
                ratio: 2,
            },
            Constraint::NegativeBlack,
        ]);
    }
}
