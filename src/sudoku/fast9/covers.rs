//! Placements that would leave a digit without a place in a unit, struck
//! on the 9x9 fast path.
//!
//! A digit with two places left in a row, a column or a box must take one
//! of them. A placement of another digit that strikes both (each is its own
//! cell, or a partner its rules strike: a neighbour one apart on a
//! non-consecutive grid, the other end of a dot) would leave the unit
//! without the digit, so it cannot stand, and is struck before the search
//! tries it. Box-line reduction is this reasoning for placements of the
//! digit itself, through the units; here it goes through the rules, as a
//! solver does who sees that a cell touches both places of a 5 in its box
//! and so holds neither a 4 nor a 6.
//!
//! Only the units where a digit's places changed since the last look on
//! this path are read again, and only once nothing else is forced.

use super::partners::Partners;
use super::state::State;
use super::tables::{COLUMN, ROW};
use crate::sudoku::geometry::Geometry;

/// The cells of each box of a band, as band bits.
const BOXES: [u32; 3] = [0x1c0e07, 0x1c0e07 << 3, 0x1c0e07 << 6];

/// Strikes every placement that would strike both places left to a digit
/// in a row, a column or (with `boxes`) a box whose places of it changed
/// since the last call; the strikes are those of the rules of `geometry`,
/// which `partners` keeps.
pub(super) fn strike_covering(
    state: &mut State,
    partners: &Partners,
    geometry: &Geometry,
    boxes: bool,
) {
    let mut scratch = [0u32; 27];
    each_changed_unit(state, boxes, |state, digit, places| {
        let found = match places {
            Places::InBand(band, cells) => are_two(cells).then(|| {
                let second = cells & (cells - 1);
                (
                    27 * band + cells.trailing_zeros() as usize,
                    27 * band + second.trailing_zeros() as usize,
                )
            }),
            Places::InColumn(cells) => two_places(cells),
        };
        if let Some((a, b)) = found {
            strike_pair(state, partners, geometry, digit, a, b, &mut scratch);
        }
    });
}

/// The open places of a digit in one unit.
#[derive(Debug, Clone, Copy)]
pub(super) enum Places {
    /// In a row or a box: its band, and the cells of that band.
    InBand(usize, u32),
    /// In a column: the cells of each band.
    InColumn([u32; 3]),
}

/// Calls `visit` with each digit whose places changed since the last look
/// (which this records) and its open places in each row, column and box
/// (with `boxes`: a jigsaw has none) where they changed and are two or
/// three.
#[inline(always)]
pub(super) fn each_changed_unit(
    state: &mut State,
    boxes: bool,
    mut visit: impl FnMut(&mut State, usize, Places),
) {
    // The units of a digit are gathered before any is visited, so that the
    // scan keeps to registers.
    let mut found = [Places::InBand(0, 0); 27];
    for digit in 0..9 {
        let (now, then) = state.places_since_paired(digit);
        if now == then {
            continue;
        }
        state.mark_paired(digit);
        let open: [u32; 3] = std::array::from_fn(|band| now[band] & state.open(band));
        let mut count = 0;
        let mut columns = 0;
        for band in 0..3 {
            let changed = now[band] ^ then[band];
            if changed == 0 {
                continue;
            }
            for row in 0..3 {
                let cells = ROW << (9 * row);
                if changed & cells != 0 && are_few(open[band] & cells) {
                    found[count] = Places::InBand(band, open[band] & cells);
                    count += 1;
                }
                columns |= changed >> (9 * row) & ROW;
            }
            for cells in BOXES.into_iter().filter(|_| boxes) {
                if changed & cells != 0 && are_few(open[band] & cells) {
                    found[count] = Places::InBand(band, open[band] & cells);
                    count += 1;
                }
            }
        }
        while columns != 0 {
            let column = columns.trailing_zeros();
            columns &= columns - 1;
            let cells = open.map(|band| band & COLUMN << column);
            // The bits of one column (`c`, `c + 9`, `c + 18`) stay apart so
            // shifted.
            if are_few(cells[0] | cells[1] << 1 | cells[2] << 2) {
                found[count] = Places::InColumn(cells);
                count += 1;
            }
        }
        for &places in &found[..count] {
            visit(state, digit, places);
        }
    }
}

/// The two cells of `cells` (band by band, one column), when they are
/// two.
#[inline(always)]
fn two_places(cells: [u32; 3]) -> Option<(usize, usize)> {
    // The bits of one column (`c`, `c + 9`, `c + 18`) stay apart so shifted.
    if !are_two(cells[0] | cells[1] << 1 | cells[2] << 2) {
        return None;
    }
    let mut found = [0usize; 2];
    let mut k = 0;
    for (band, &cells) in cells.iter().enumerate() {
        let mut cells = cells;
        while cells != 0 {
            found[k] = 27 * band + cells.trailing_zeros() as usize;
            k += 1;
            cells &= cells - 1;
        }
    }
    Some((found[0], found[1]))
}

/// True when `bits` has two or three bits set (without a population
/// count, which the portable build does in software).
#[inline(always)]
pub(super) fn are_few(bits: u32) -> bool {
    let rest = bits & bits.wrapping_sub(1);
    let last = rest & rest.wrapping_sub(1);
    rest != 0 && last & last.wrapping_sub(1) == 0
}

/// True when `bits` has exactly two bits set (without a population count,
/// which the portable build does in software).
#[inline(always)]
fn are_two(bits: u32) -> bool {
    let rest = bits & bits.wrapping_sub(1);
    rest != 0 && rest & (rest - 1) == 0
}

/// Strikes every placement of a digit other than `digit` that strikes
/// `digit` both in cell `a` and in cell `b`: one of the cells itself, when
/// the other's placement strikes it, or a cell that both placements strike
/// (the rules' groups are symmetric: what a placement strikes strikes it).
/// `scratch` is all zero, and is left so.
fn strike_pair(
    state: &mut State,
    partners: &Partners,
    geometry: &Geometry,
    digit: usize,
    a: usize,
    b: usize,
    scratch: &mut [u32; 27],
) {
    let mut a_entries = 0u32;
    partners.each_strike(geometry, a, digit, |entry, cells| {
        if entry / 3 != digit {
            scratch[entry] = cells;
            a_entries |= 1 << entry;
        }
    });
    if a_entries == 0 {
        return;
    }
    let (a_band, a_bit) = (a / 27, 1u32 << (a % 27));
    let (b_band, b_bit) = (b / 27, 1u32 << (b % 27));
    let mut struck = [0u32; 27];
    let mut struck_entries = 0u32;
    partners.each_strike(geometry, b, digit, |entry, cells| {
        if entry / 3 != digit {
            let own = if entry % 3 == a_band { a_bit } else { 0 };
            let both = cells & (scratch[entry] | own);
            struck[entry] |= both;
            struck_entries |= u32::from(both != 0) << entry;
        }
    });
    // The cell `b` itself, where `a`'s placement strikes it.
    let mut entries = a_entries;
    while entries != 0 {
        let entry = entries.trailing_zeros() as usize;
        entries &= entries - 1;
        if entry % 3 == b_band && scratch[entry] & b_bit != 0 {
            struck[entry] |= b_bit;
            struck_entries |= 1 << entry;
        }
        scratch[entry] = 0;
    }
    while struck_entries != 0 {
        let entry = struck_entries.trailing_zeros() as usize;
        struck_entries &= struck_entries - 1;
        state.strike_cells(entry, struck[entry] & state.open(entry % 3));
    }
}
