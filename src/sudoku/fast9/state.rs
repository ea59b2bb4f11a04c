//! The candidate state of a 9x9 grid as bitboards, and the forced work on it.
//!
//! Every digit has a 27-bit mask per band of the cells it may still take
//! (its placed cells included); a mask of unsolved cells per band says which
//! cells are still open. The whole state is 120 bytes, so the search copies
//! it at each branch instead of undoing moves.
//!
//! [`State::propagate`] places every forced digit, which makes every
//! exact-cover item with one option left chosen, and more:
//! - a digit's places in a band are narrowed to the segments (a row inside a
//!   box) that some placement of it in all three rows and boxes uses: box-line
//!   reduction both ways, one table lookup ([`SEGMENTS_LEFT`]);
//! - a row, a column or a box with one place for a digit gets it (a box with
//!   one place leaves its row one place after the narrowing);
//! - a cell with one candidate gets it;
//! - a row, box, column or cell with no place left is a contradiction.

use super::tables::{BAND, NO_PLACE, PEERS, ROW, ROW_BOXES, SEGMENTS_LEFT, SEGMENT_CELLS};

/// One bit per column, copied into each row of a band.
const COLUMNS_TO_BAND: u32 = 1 | 1 << 9 | 1 << 18;

/// The candidates of a 9x9 grid, and what changed since they were last
/// looked at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct State {
    /// The cells each digit may take, band by band: entry `3 * digit +
    /// band` for digits 0 to 8. A placed cell stays in its digit's mask.
    places: [u32; 27],
    /// The cells still blank, band by band.
    unsolved: [u32; 3],
    /// The entries of `places` that lost a cell since their last look.
    changed: u32,
    /// The digits whose columns lost a cell since their last look.
    changed_digits: u16,
}

/// A cell or a digit left without a place: the position has no solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Contradiction;

impl State {
    /// The empty grid: every digit everywhere.
    pub(super) fn new() -> State {
        State {
            places: [BAND; 27],
            unsolved: [BAND; 3],
            changed: 0,
            changed_digits: 0,
        }
    }

    /// True when every cell holds a digit.
    pub(super) fn is_solved(&self) -> bool {
        self.unsolved == [0; 3]
    }

    /// True when `digit` (0 to 8) may go in `cell`.
    pub(super) fn allows(&self, cell: usize, digit: usize) -> bool {
        self.places[3 * digit + cell / 27] >> (cell % 27) & 1 != 0
    }

    /// The candidates of `cell`, bit `d` for digit `d + 1`.
    pub(super) fn candidates(&self, cell: usize) -> u16 {
        let (band, bit) = (cell / 27, cell % 27);
        (0..9).fold(0, |mask, digit| {
            mask | ((self.places[3 * digit + band] >> bit & 1) as u16) << digit
        })
    }

    /// Writes the digit of every solved cell (1 to 9) into `cells`, and 0
    /// into the others.
    pub(super) fn write(&self, cells: &mut [u8]) {
        for (cell, value) in cells.iter_mut().enumerate().take(81) {
            let (band, bit) = (cell / 27, cell % 27);
            *value = 0;
            if self.unsolved[band] >> bit & 1 == 0 {
                for digit in 0..9 {
                    if self.places[3 * digit + band] >> bit & 1 != 0 {
                        *value = digit as u8 + 1;
                    }
                }
            }
        }
    }

    /// Puts `digit` (0 to 8) in `cell`, which must allow it: the cell leaves
    /// the other digits, and its peers leave this one.
    #[inline]
    pub(super) fn place(&mut self, cell: usize, digit: usize) {
        let (band, bit) = (cell / 27, 1u32 << (cell % 27));
        debug_assert!(self.places[3 * digit + band] & bit != 0);
        self.unsolved[band] &= !bit;
        for other in 0..9 {
            let entry = 3 * other + band;
            if other != digit && self.places[entry] & bit != 0 {
                self.places[entry] &= !bit;
                self.changed |= 1 << entry;
                self.changed_digits |= 1 << other;
            }
        }
        for (b, &peers) in PEERS[cell].iter().enumerate() {
            let entry = 3 * digit + b;
            if self.places[entry] & peers != 0 {
                self.places[entry] &= !peers;
                self.changed |= 1 << entry;
                self.changed_digits |= 1 << digit;
            }
        }
    }

    /// Like [`State::place`], but first checks that the cell still allows
    /// the digit: a single found in a sweep may have lost it to another
    /// single of the same sweep.
    #[inline]
    fn place_checked(
        &mut self,
        cell: usize,
        digit: usize,
        placed: &mut u64,
    ) -> Result<(), Contradiction> {
        if !self.allows(cell, digit) {
            return Err(Contradiction);
        }
        self.place(cell, digit);
        *placed += 1;
        Ok(())
    }

    /// Places every forced digit until none is left, adding one to `placed`
    /// for each. On success the cells with two and three candidates left are
    /// returned (band by band), for the choice of a branch.
    pub(super) fn propagate(&mut self, placed: &mut u64) -> Result<Counts, Contradiction> {
        loop {
            while self.changed != 0 {
                let entry = self.changed.trailing_zeros() as usize;
                self.changed &= self.changed - 1;
                self.narrow_band(entry, placed)?;
            }
            if self.changed_digits != 0 {
                self.column_singles(placed)?;
                if self.changed != 0 {
                    continue;
                }
            }
            let counts = self.cell_singles(placed)?;
            if self.changed == 0 && self.changed_digits == 0 {
                return Ok(counts);
            }
        }
    }

    /// Narrows one digit's places in one band to the segments some
    /// placement uses, and places the digit in a row of the band left with
    /// one place.
    #[inline]
    fn narrow_band(&mut self, entry: usize, placed: &mut u64) -> Result<(), Contradiction> {
        let (digit, band) = (entry / 3, entry % 3);
        let places = self.places[entry];
        let open = places & self.unsolved[band];
        // Without the lowest two places, one is left: three in all.
        let less_one = places & places.wrapping_sub(1);
        let less_two = less_one & less_one.wrapping_sub(1);
        if open == 0 && less_two != 0 && less_two & (less_two - 1) == 0 {
            // Three solved places, one a row: the digit is placed in every
            // row of the band.
            return Ok(());
        }
        let segments = u16::from(ROW_BOXES[(places & ROW) as usize])
            | u16::from(ROW_BOXES[(places >> 9 & ROW) as usize]) << 3
            | u16::from(ROW_BOXES[(places >> 18) as usize]) << 6;
        let left = SEGMENTS_LEFT[segments as usize];
        if left == NO_PLACE {
            return Err(Contradiction);
        }
        let narrowed = places & SEGMENT_CELLS[left as usize];
        if narrowed != places {
            self.places[entry] = narrowed;
            self.changed_digits |= 1 << digit;
        }
        for row in 0..3 {
            let cells = narrowed >> (9 * row) & ROW;
            if cells & (cells - 1) == 0 && (cells << (9 * row)) & self.unsolved[band] != 0 {
                let cell = 27 * band + 9 * row + cells.trailing_zeros() as usize;
                self.place_checked(cell, digit, placed)?;
            }
        }
        Ok(())
    }

    /// Places each digit of changed columns in every column left with one
    /// place for it; a column with none is a contradiction.
    fn column_singles(&mut self, placed: &mut u64) -> Result<(), Contradiction> {
        while self.changed_digits != 0 {
            let digit = self.changed_digits.trailing_zeros() as usize;
            self.changed_digits &= self.changed_digits - 1;
            let (mut once, mut twice) = (0, 0);
            for band in 0..3 {
                let places = self.places[3 * digit + band];
                for row in 0..3 {
                    let cells = places >> (9 * row) & ROW;
                    twice |= once & cells;
                    once |= cells;
                }
            }
            if once != ROW {
                return Err(Contradiction);
            }
            let single = (once & !twice) * COLUMNS_TO_BAND;
            for band in 0..3 {
                let mut cells = self.places[3 * digit + band] & self.unsolved[band] & single;
                while cells != 0 {
                    let cell = 27 * band + cells.trailing_zeros() as usize;
                    cells &= cells - 1;
                    self.place_checked(cell, digit, placed)?;
                }
            }
        }
        Ok(())
    }

    /// Places the digit of every cell left with one candidate; a cell with
    /// none is a contradiction. Returns the cells with two and with three
    /// candidates as they stood before these placements.
    fn cell_singles(&mut self, placed: &mut u64) -> Result<Counts, Contradiction> {
        let mut counts = Counts::default();
        for band in 0..3 {
            let open = self.unsolved[band];
            if open == 0 {
                continue;
            }
            let (mut one, mut two, mut three, mut more) = (0, 0, 0, 0);
            for digit in 0..9 {
                let cells = self.places[3 * digit + band] & open;
                more |= three & cells;
                three |= two & cells;
                two |= one & cells;
                one |= cells;
            }
            if one != open {
                return Err(Contradiction);
            }
            counts.two[band] = two & !three;
            counts.three[band] = three & !more;
            let mut singles = one & !two;
            while singles != 0 {
                let bit = singles.trailing_zeros() as usize;
                singles &= singles - 1;
                let cell = 27 * band + bit;
                let candidates = self.candidates(cell);
                if candidates == 0 {
                    return Err(Contradiction);
                }
                self.place_checked(cell, candidates.trailing_zeros() as usize, placed)?;
            }
        }
        Ok(counts)
    }
}

/// The cells with exactly two and exactly three candidates, band by band.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Counts {
    pub(super) two: [u32; 3],
    pub(super) three: [u32; 3],
}
