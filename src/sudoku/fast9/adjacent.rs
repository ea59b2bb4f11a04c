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
//!   differ by two or more): those digits from a table indexed by the
//!   cell's candidates, struck from a table row of its neighbours; with
//!   the strikes made on placing, this is the whole of arc consistency on
//!   the rule;
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
            if digit > 0 {
                state.strike_cells(3 * (digit - 1) + band, cells);
            }
            if digit < 8 {
                state.strike_cells(3 * (digit + 1) + band, cells);
            }
        }
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
        let cells = open[band];
        let left = cells << 1 & BAND & !COLUMN;
        let right = cells >> 1 & !(COLUMN << 8);
        let above = (cells << 9 & BAND) | if band > 0 { open[band - 1] >> 18 } else { 0 };
        let below = cells >> 9
            | if band < 2 {
                (open[band + 1] & ROW) << 18
            } else {
                0
            };
        let two = (left & right) | ((left | right) & (above | below)) | (above & below);
        cells & two
    })
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
pub(super) fn strike_unsupported(state: &mut State, touched: [u32; 3], counts: &Counts) {
    // The candidates as the call found them: each strike is of this look.
    let before = *state;
    for (band, &touched) in touched.iter().enumerate() {
        let mut few = touched & (counts.two[band] | counts.three[band]);
        while few != 0 {
            let cell = 27 * band + few.trailing_zeros() as usize;
            few &= few - 1;
            let mut digits = WITHIN_ONE[usize::from(before.candidates(cell))];
            while digits != 0 {
                let digit = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                for (b, &cells) in OPEN_NEIGHBOURHOODS[cell].iter().enumerate() {
                    if cells != 0 {
                        state.strike_cells(3 * digit + b, cells);
                    }
                }
            }
        }
    }
}

/// For each set of candidates (bit `d` for digit `d + 1`) of two or more,
/// the digits all of them lie within one of.
static WITHIN_ONE: [u16; 512] = within_one();

const fn within_one() -> [u16; 512] {
    let mut table = [0; 512];
    let mut candidates: usize = 0;
    while candidates < 512 {
        if (candidates as u32).count_ones() >= 2 {
            let mut digit = 0;
            while digit < 9 {
                let window = (0b111usize << digit >> 1) & 0x1ff;
                if candidates & !window == 0 {
                    table[candidates] |= 1 << digit;
                }
                digit += 1;
            }
        }
        candidates += 1;
    }
    table
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
        if cells == 0 {
            continue;
        }
        if digit > 0 {
            state.strike_cells(3 * (digit - 1) + band, cells);
        }
        if digit < 8 {
            state.strike_cells(3 * (digit + 1) + band, cells);
        }
    }
}
