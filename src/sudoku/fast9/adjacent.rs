//! The non-consecutive rule on the 9x9 fast path, as word operations on
//! the digits' masks.
//!
//! On a non-consecutive grid every cell is related to its orthogonal
//! neighbours, so the generic narrowing (`rules.rs`) walks the edges of
//! every cell of few candidates, and the look for placements that strike
//! every place of a digit in a unit (`covers.rs`) walks the strikes of
//! each place. Both have a closed form here, where the rule is the same on
//! every edge, and so do the strikes of a placement:
//! - a digit is unsupported in the neighbours of every cell whose
//!   candidates are all within one of it (neighbours are peers, so they
//!   differ by two or more): for each digit, those cells from running
//!   unions of the digits' masks, and the digit struck from the mask of
//!   their neighbours; with the strikes made on placing, this is the whole
//!   of arc consistency on the rule;
//! - a placement of `d - 1` or `d + 1` strikes `d` in its own cell and its
//!   four neighbours, so where a digit has few places left in a row, a
//!   column or a box, the digits one apart from it leave the cells whose
//!   closed neighbourhood holds them all: an intersection of a few table
//!   rows;
//! - when no group or cage strikes too, a placed digit strikes the digits
//!   one apart from it in its four neighbours straight from a table row,
//!   not through the strikes gathered for each placement (`partners.rs`),
//!   and the search branches first on the cells beside two open cells or
//!   more, where a placement strikes most.

use super::covers::{each_changed_unit, Places};
use super::state::{Counts, State};
use super::tables::{BAND, COLUMN, ROW};
use crate::sudoku::relations::Relations;

/// Each cell with its four orthogonal neighbours, as masks of the three
/// bands.
static CLOSED_NEIGHBOURHOODS: [[u32; 3]; 81] = closed_neighbourhoods();

const fn closed_neighbourhoods() -> [[u32; 3]; 81] {
    let mut table = [[0; 3]; 81];
    let mut cell: usize = 0;
    while cell < 81 {
        let (row, column) = (cell / 9, cell % 9);
        let mut other: usize = 0;
        while other < 81 {
            let (r, c) = (other / 9, other % 9);
            if r.abs_diff(row) + c.abs_diff(column) <= 1 {
                table[cell][other / 27] |= 1 << (other % 27);
            }
            other += 1;
        }
        cell += 1;
    }
    table
}

/// Strikes the digits one apart from `digit` (0 to 8), just placed in
/// `cell`, from its four neighbours: the strikes of the placement on a grid
/// whose only rule beyond its units is this one, without the walk of its
/// gathered partners.
#[inline(always)]
pub(super) fn strike_neighbours(state: &mut State, cell: usize, digit: usize) {
    for (band, &cells) in OPEN_NEIGHBOURHOODS[cell].iter().enumerate() {
        if cells != 0 {
            strike_one_apart_in_band(state, digit, band, cells);
        }
    }
}

/// Strikes the digits one apart from `digit` (0 to 8) from `cells` of
/// band `band`.
#[inline(always)]
fn strike_one_apart_in_band(state: &mut State, digit: usize, band: usize, cells: u32) {
    if digit > 0 {
        state.strike_in_band(digit - 1, band, cells);
    }
    if digit < 8 {
        state.strike_in_band(digit + 1, band, cells);
    }
}

/// Each cell's four orthogonal neighbours, as masks of the three bands.
static OPEN_NEIGHBOURHOODS: [[u32; 3]; 81] = open_neighbourhoods();

const fn open_neighbourhoods() -> [[u32; 3]; 81] {
    let mut table = closed_neighbourhoods();
    let mut cell: usize = 0;
    while cell < 81 {
        table[cell][cell / 27] &= !(1 << (cell % 27));
        cell += 1;
    }
    table
}

/// The open cells of `state` with at least two open orthogonal
/// neighbours, band by band: on a non-consecutive grid, the cells the
/// search branches on first among those of as few candidates. A digit
/// placed there strikes the digits one apart from it in two or more open
/// cells, where a cell among solved ones strikes little.
pub(super) fn open_beside_open(state: &State) -> [u32; 3] {
    let open = [state.open(0), state.open(1), state.open(2)];
    std::array::from_fn(|band| {
        let [left, right, above, below] = four_ways(&open, band);
        let two = (left & right) | ((left | right) & (above | below)) | (above & below);
        open[band] & two
    })
}

/// The cells of band `band` whose left, right, upper and lower neighbour
/// (in that order) is among `cells` (band by band).
#[inline(always)]
fn four_ways(cells: &[u32; 3], band: usize) -> [u32; 4] {
    let mine = cells[band];
    let left = mine << 1 & BAND & !COLUMN;
    let right = mine >> 1 & !(COLUMN << 8);
    let above = (mine << 9 & BAND) | if band > 0 { cells[band - 1] >> 18 } else { 0 };
    let below = mine >> 9
        | if band < 2 {
            (cells[band + 1] & ROW) << 18
        } else {
            0
        };
    [left, right, above, below]
}

/// True when `relations` are those of the non-consecutive rule on a 9x9
/// grid and nothing else: every two orthogonal neighbours related, each
/// refusing exactly the digits one apart (and, as peers, the same digit).
pub(super) fn is_non_consecutive(relations: &Relations) -> bool {
    if relations.side() != 9 || relations.cells().len() != 81 {
        return false;
    }
    let mut edges = 0;
    for from in 0..81 {
        let cell = relations.cells()[from] as usize;
        for (target, _, supports) in relations.edges(from) {
            let other = relations.cells()[target] as usize;
            let apart = (cell / 9).abs_diff(other / 9) + (cell % 9).abs_diff(other % 9);
            if apart != 1 {
                return false;
            }
            for (digit, &supported) in supports.iter().enumerate() {
                let one_apart = (0b101u64 << digit >> 1) & 0x1ff;
                if supported | 1 << digit != 0x1ff & !one_apart {
                    return false;
                }
            }
            edges += 1;
        }
    }
    edges == 2 * 2 * 9 * 8
}

/// Narrows `state` by the non-consecutive rule: arc consistency from the
/// cells of two and three candidates among `touched` (those in `counts`),
/// then the placements one apart from a digit that would strike all its
/// few places in a unit whose places of it changed since the last call.
pub(super) fn narrow(state: &mut State, touched: [u32; 3], counts: &Counts, boxes: bool) {
    strike_unsupported(state, touched, counts);
    if !state.has_changes() {
        strike_covering(state, boxes);
    }
}

/// Strikes each digit from the neighbours of the cells of `touched` whose
/// candidates are all within one of it: a neighbour, which is also a peer,
/// differs from it by two or more. A placed digit strikes those within one
/// of it from its neighbours as it is placed, so the cells of two and three
/// candidates are the only others that leave a digit of a neighbour
/// unsupported.
///
/// All cells at once, digit by digit: the cells whose candidates lie within
/// one of a digit are those of no candidate below it minus one or above it
/// plus one, from running unions of the digits' masks, and the strikes fall
/// on the union of their neighbours.
pub(super) fn strike_unsupported(state: &mut State, touched: [u32; 3], counts: &Counts) {
    let few: [u32; 3] =
        std::array::from_fn(|band| touched[band] & (counts.two[band] | counts.three[band]));
    if few == [0; 3] {
        return;
    }
    // For each digit, the cells of `few` whose candidates all lie within one
    // of it, as the call found them: each strike is of this look.
    let mut within = [[0u32; 3]; 9];
    for (band, &few) in few.iter().enumerate() {
        if few == 0 {
            continue;
        }
        let places: [u32; 9] = std::array::from_fn(|digit| state.places(digit)[band] & few);
        // below[d]: a candidate below digit d; above[d]: one above it.
        let mut below = [0u32; 9];
        let mut above = [0u32; 9];
        for digit in 1..9 {
            below[digit] = below[digit - 1] | places[digit - 1];
            above[8 - digit] = above[9 - digit] | places[9 - digit];
        }
        for (digit, cells) in within.iter_mut().enumerate() {
            let low = if digit > 0 { below[digit - 1] } else { 0 };
            let high = if digit < 8 { above[digit + 1] } else { 0 };
            cells[band] = few & !(low | high);
        }
    }
    for (digit, cells) in within.iter().enumerate() {
        if *cells == [0; 3] {
            continue;
        }
        for (band, &neighbours) in neighbours_of(cells).iter().enumerate() {
            if neighbours != 0 {
                state.strike_in_band(digit, band, neighbours);
            }
        }
    }
}

/// The orthogonal neighbours of `cells` (band by band), themselves left out
/// unless they neighbour one another.
fn neighbours_of(cells: &[u32; 3]) -> [u32; 3] {
    std::array::from_fn(|band| {
        four_ways(cells, band)
            .iter()
            .fold(0, |all, &some| all | some)
    })
}

/// For each digit whose places changed since the last look, and each unit
/// (the boxes only with `boxes`) where they changed and it has two to
/// three open places,
/// strikes the digits one apart from it in the cells whose closed
/// neighbourhood holds them all.
pub(super) fn strike_covering(state: &mut State, boxes: bool) {
    each_changed_unit(state, boxes, |state, digit, places| {
        let mut common = [BAND; 3];
        match places {
            Places::InBand(band, cells) => meet(&mut common, band, cells),
            Places::InColumn(cells) => {
                for (band, &cells) in cells.iter().enumerate() {
                    meet(&mut common, band, cells);
                }
            }
        }
        strike_one_apart(state, digit, common);
    });
}

/// Narrows `common` to the closed neighbourhood of each of `cells` of
/// band `band`.
#[inline(always)]
fn meet(common: &mut [u32; 3], band: usize, mut cells: u32) {
    while cells != 0 {
        let cell = 27 * band + cells.trailing_zeros() as usize;
        cells &= cells - 1;
        for (mask, &closed) in common.iter_mut().zip(&CLOSED_NEIGHBOURHOODS[cell]) {
            *mask &= closed;
        }
    }
}

/// Strikes the digits one apart from `digit` from the open cells of
/// `cells`.
#[inline(always)]
fn strike_one_apart(state: &mut State, digit: usize, cells: [u32; 3]) {
    for (band, &cells) in cells.iter().enumerate() {
        let cells = cells & state.open(band);
        if cells != 0 {
            strike_one_apart_in_band(state, digit, band, cells);
        }
    }
}
