//! Extra units on the 9x9 fast path: the diagonals of x, the windows of
//! hyper, the disjoint groups and extra regions of nine cells, each nine
//! cells holding every digit once.
//!
//! Placing a digit strikes it from the other cells of its extra units
//! (`partners.rs` gathers them with the rules' strikes), which is the
//! "at most once" half. The other half, "at least once", is read here
//! after the forced work, from the digits' masks: a digit with no place
//! left in an extra unit is a contradiction, and a digit with one place
//! there takes it (the cell keeps that digit alone, a single for the next
//! sweep), as the matrix's item of the unit would be chosen with one
//! option. On a hyper grid the five regions its windows imply are read
//! here too (`rules.rs`).

use super::state::State;
use super::tables::{COLUMN, ROW};

/// The most extra units the fast path reads: x has 2, hyper 4, the
/// disjoint groups 9, all three together 15. A geometry with more takes
/// the general path.
pub(super) const MOST_EXTRA_UNITS: usize = 15;

/// Reads the extra units `units` (the cells of each, band by band) that
/// hold a cell of `touched`: a digit with no place in one empties a cell
/// of it (a contradiction for the next sweep), and a digit with one open
/// place there leaves that cell no other candidate. With `POINTING` (a
/// jigsaw's regions, where no box-line reduction runs), a digit whose
/// places in a unit lie in one row or one column leaves the rest of it; a
/// parameter of the compiled code, so that grids with boxes run the loop
/// without it (a test at run time cost the hyper set 1.055 of the
/// instructions).
pub(super) fn narrow<const POINTING: bool>(
    state: &mut State,
    units: &[[u32; 3]],
    touched: [u32; 3],
) {
    for unit in units {
        if unit[0] & touched[0] | unit[1] & touched[1] | unit[2] & touched[2] == 0 {
            continue;
        }
        for digit in 0..9 {
            let places = state.places(digit);
            let here = [
                places[0] & unit[0],
                places[1] & unit[1],
                places[2] & unit[2],
            ];
            let any = here[0] | here[1] | here[2];
            if any == 0 {
                let band = usize::from(unit[0] == 0) + usize::from(unit[0] | unit[1] == 0);
                state.empty(27 * band + unit[band].trailing_zeros() as usize);
                return;
            }
            let bands = u32::from(here[0] != 0) + u32::from(here[1] != 0) + u32::from(here[2] != 0);
            if POINTING && any & (any - 1) != 0 {
                point(state, unit, digit, here, bands);
            }
            if bands != 1 || any & (any - 1) != 0 {
                continue;
            }
            let band = usize::from(here[0] == 0) + usize::from(here[0] | here[1] == 0);
            if any & state.open(band) == 0 {
                continue;
            }
            let cell = 27 * band + any.trailing_zeros() as usize;
            state.strike_digits(cell, state.candidates(cell) & !(1 << digit));
        }
    }
}

/// Strikes `digit` from the cells outside `unit` of the row or the column
/// that holds all its places `here` in the unit (band by band), if one
/// does; `bands` is how many bands they touch.
#[inline]
fn point(state: &mut State, unit: &[u32; 3], digit: usize, here: [u32; 3], bands: u32) {
    if bands == 1 {
        let band = usize::from(here[0] == 0) + usize::from(here[0] | here[1] == 0);
        for row in 0..3 {
            let cells = ROW << (9 * row);
            if here[band] & !cells == 0 {
                state.strike_cells(3 * digit + band, cells & !unit[band]);
                return;
            }
        }
    }
    let mut columns = 0;
    for places in here {
        columns |= (places | places >> 9 | places >> 18) & ROW;
    }
    if columns & (columns - 1) == 0 {
        let cells = COLUMN << columns.trailing_zeros();
        for (band, &unit) in unit.iter().enumerate() {
            state.strike_cells(3 * digit + band, cells & !unit);
        }
    }
}
