//! Thermometer: the digits strictly increase from the bulb. Two cells `k`
//! places apart on it differ by at least `k`, the larger further from the
//! bulb; that relation on every pair of its cells is the whole rule, and
//! bounds each cell by its place (the bulb of a thermometer of 4 cells on
//! 9x9 holds 1 to 6).

use super::relation::relate;
use super::Context;

/// Compiles the thermometer whose cells, from the bulb, are `cells`.
pub(super) fn compile(cx: &mut Context, cells: &[usize]) {
    for (i, &low) in cells.iter().enumerate() {
        for (j, &high) in cells.iter().enumerate().skip(i + 1) {
            let gap = (j - i) as u8;
            relate(cx, low, high, |x, y| y >= x.saturating_add(gap));
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::sudoku::constraints::oracle::agrees;
    use crate::sudoku::constraints::Constraint;

    #[test]
    fn thermometers_agree() {
        agrees(vec![Constraint::Thermometer(vec![0, 1, 5])]);
        agrees(vec![Constraint::Thermometer(vec![4, 9, 14, 15])]);
    }
}
