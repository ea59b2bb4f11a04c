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

/// The most extra units the fast path reads: x has 2, hyper 4, the
/// disjoint groups 9, all three together 15. A geometry with more takes
/// the general path.
pub(super) const MOST_EXTRA_UNITS: usize = 15;

/// Reads the extra units `units` (the cells of each, band by band) that
/// hold a cell of `touched`: a digit with no place in one empties a cell
/// of it (a contradiction for the next sweep), and a digit with one open
/// place there leaves that cell no other candidate.
pub(super) fn narrow(state: &mut State, units: &[[u32; 3]], touched: [u32; 3]) {
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
