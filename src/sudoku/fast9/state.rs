//! The candidate state of a 9x9 grid as bitboards, and the forced work on it.
//!
//! Every digit has a 27-bit mask per band of the cells it may still take
//! (its placed cells included); a mask of unsolved cells per band says which
//! cells are still open; for a grid with rules, a mask per band says which
//! cells lost a candidate since the rules last looked, and a copy of the
//! digits' masks says where they stood when the rules last looked for few
//! places (`covers.rs`, `adjacent.rs`). The whole state is 248 bytes, so
//! the search copies it at each branch instead of undoing moves.
//!
//! [`State::propagate`] places every forced digit, which makes every
//! exact-cover item with one option left chosen, and more:
//! - a digit's places in a band are narrowed to the segments (a row inside a
//!   box) that some placement of it in all three rows and boxes uses: box-line
//!   reduction both ways, one table lookup ([`SEGMENTS_LEFT`]);
//! - a row, a column or a box with one place for a digit gets it (a box with
//!   one place leaves its row one place after the narrowing);
//! - a cell with one candidate gets it;
//! - a row, box, column or cell with no place left is a contradiction; on a
//!   grid with rules the cells are looked at after every placement, so that
//!   a wrong branch stops before the rest of its forced digits;
//! - for a grid with rules beyond its units ([`ExtraRules`]), a placed digit
//!   strikes the placements its rules forbid with it, and once nothing else
//!   is forced the rules narrow the candidates further, and the work starts
//!   again.

use super::tables::{
    AT_MOST_ONE, BAND, COLUMN, NO_PLACE, PEERS, ROW, ROW_BOXES, SEGMENTS_LEFT, SEGMENT_CELLS,
};

/// What the fast path asks of the rules of a grid; see `rules.rs`.
pub(crate) trait ExtraRules {
    /// False for the classic grid: its search is compiled without calls.
    const ANY: bool;

    /// Strikes the placements that may not stand with `digit` (0 to 8) in
    /// `cell`, just placed: its group partners, and the digit in the other
    /// cells of its cage.
    fn strike_partners(&self, state: &mut State, cell: usize, digit: usize);

    /// After the forced work, strikes what the rules rule out beyond the
    /// placements: the digits a related cell of few candidates (those of
    /// two and three are in `counts`) leaves unsupported, the digits of no
    /// run still open on a renban line, the digits of no way left in a
    /// table or no combination left in a killer cage, and what a rule kept
    /// whole (a little killer, a sandwich, a region-sum line, a quadruple)
    /// leaves no filling.
    fn narrow(&self, state: &mut State, counts: &Counts);

    /// The cells of band `band` to branch on first among those of as few
    /// candidates.
    fn preferred(&self, band: usize) -> u32;

    /// The open cells to branch on first in `state`, band by band, among
    /// those of as few candidates, after those of [`ExtraRules::preferred`]:
    /// `None` when the rules prefer no cell by the state.
    #[inline(always)]
    fn preferred_now(&self, _state: &State) -> Option<[u32; 3]> {
        None
    }

    /// Strikes the placements forbidden outright, before the givens.
    fn forbid(&self, state: &mut State);

    /// True when the grid has the classic boxes; false on a jigsaw, whose
    /// regions the rules read as extra units.
    #[inline(always)]
    fn has_boxes(&self) -> bool {
        true
    }

    /// The peers of `cell` that the placing strikes, band by band: its
    /// row, column and box, or on a jigsaw its row, column and region.
    #[inline(always)]
    fn peers(&self, cell: usize) -> &[u32; 3] {
        &PEERS[cell]
    }

    /// True when the givens `cells` (0 for a blank) break a rule that the
    /// placing of the givens does not see: two on a renban line that differ
    /// by as much as its length, or repeat.
    fn givens_clash(&self, cells: &[u8]) -> bool;
}

/// The candidates of a 9x9 grid, and what changed since they were last
/// looked at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct State {
    /// The cells each digit may take, band by band: entry `3 * digit +
    /// band` for digits 0 to 8. A placed cell stays in its digit's mask.
    places: [u32; 27],
    /// The cells still blank, band by band.
    unsolved: [u32; 3],
    /// The entries of `places` that lost a cell since their last look.
    changed: u32,
    /// The entries of `places` that lost a cell since their columns were
    /// last looked at.
    column_changed: u32,
    /// For a grid with rules ([`ExtraRules::ANY`]), the cells that lost a
    /// candidate since the rules last narrowed, band by band.
    touched: [u32; 3],
    /// For a grid with rules, `places` as the rules last looked for pairs
    /// of places in them (all empty before the first look).
    paired: [u32; 27],
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
            column_changed: 0,
            touched: [BAND; 3],
            paired: [0; 27],
        }
    }

    /// The classic grid with the givens `cells` (81 of them, 0 for a
    /// blank, else 1 to 9) placed: the state that placing them one by one
    /// leaves, built from the givens of each digit at once. `None` when two
    /// givens of a digit are peers.
    pub(super) fn with_givens(cells: &[u8]) -> Option<State> {
        // For each digit, band by band: its givens, and their peers.
        let mut given = [0u32; 27];
        let mut seen = [0u32; 27];
        let mut blank = [BAND; 3];
        for (cell, &value) in cells.iter().enumerate().take(81) {
            if value != 0 {
                let (digit, band, bit) = (usize::from(value - 1), cell / 27, 1 << (cell % 27));
                given[3 * digit + band] |= bit;
                blank[band] &= !bit;
                for (b, &peers) in PEERS[cell].iter().enumerate() {
                    seen[3 * digit + b] |= peers;
                }
            }
        }
        let mut state = State::new();
        let mut changed = 0;
        for entry in 0..27 {
            if given[entry] & seen[entry] != 0 {
                return None;
            }
            let band = entry % 3;
            let places = (BAND & blank[band] & !seen[entry]) | given[entry];
            state.places[entry] = places;
            changed |= u32::from(places != BAND) << entry;
        }
        state.unsolved = blank;
        state.changed = changed;
        Some(state)
    }

    /// True when an open cell has no candidate left. A wrong branch on a
    /// grid with rules often ends this way, and the sweep of the cells that
    /// would find it comes only after every other forced digit is placed.
    #[inline(always)]
    fn has_empty_cell(&self) -> bool {
        let mut empty = 0;
        for band in 0..3 {
            let mut any = 0;
            for digit in 0..9 {
                any |= self.places[3 * digit + band];
            }
            empty |= self.unsolved[band] & !any;
        }
        empty != 0
    }

    /// True when every cell holds a digit.
    pub(super) fn is_solved(&self) -> bool {
        self.unsolved == [0; 3]
    }

    /// True when `digit` (0 to 8) may go in `cell`.
    pub(super) fn allows(&self, cell: usize, digit: usize) -> bool {
        self.places[3 * digit + cell / 27] >> (cell % 27) & 1 != 0
    }

    /// True when some digit lost a place since the forced work last looked.
    #[inline(always)]
    pub(super) fn has_changes(&self) -> bool {
        self.changed != 0
    }

    /// The cells that `digit` (0 to 8) may still take, band by band
    /// (solved cells that hold it included), and those it could take when
    /// [`State::mark_paired`] was last called for it.
    #[inline(always)]
    pub(super) fn places_since_paired(&self, digit: usize) -> ([u32; 3], [u32; 3]) {
        let now = std::array::from_fn(|band| self.places[3 * digit + band]);
        let then = std::array::from_fn(|band| self.paired[3 * digit + band]);
        (now, then)
    }

    /// The cells that `digit` (0 to 8) may still take, band by band
    /// (solved cells that hold it included).
    #[inline(always)]
    pub(super) fn places(&self, digit: usize) -> [u32; 3] {
        std::array::from_fn(|band| self.places[3 * digit + band])
    }

    /// Records the places of `digit` as looked at for pairs.
    #[inline(always)]
    pub(super) fn mark_paired(&mut self, digit: usize) {
        self.paired[3 * digit..3 * digit + 3]
            .copy_from_slice(&self.places[3 * digit..3 * digit + 3]);
    }

    /// The open cells of band `band`.
    #[inline(always)]
    pub(super) fn open(&self, band: usize) -> u32 {
        self.unsolved[band]
    }

    /// How many cells are still open.
    #[inline(always)]
    pub(super) fn open_cells(&self) -> u32 {
        self.unsolved.iter().map(|band| band.count_ones()).sum()
    }

    /// The cells that lost a candidate since the last call, band by band
    /// (every cell at the first), for the rules to narrow from those only.
    #[inline(always)]
    pub(super) fn take_touched(&mut self) -> [u32; 3] {
        std::mem::take(&mut self.touched)
    }

    /// The candidates of `cell`, bit `d` for digit `d + 1`.
    #[inline(always)]
    pub(super) fn candidates(&self, cell: usize) -> u16 {
        let (band, bit) = (cell / 27, cell % 27);
        let mut mask = 0;
        for digit in 0..9 {
            mask |= ((self.places[3 * digit + band] >> bit & 1) as u16) << digit;
        }
        mask
    }

    /// Writes the digit of every solved cell (1 to 9) into `cells`, and 0
    /// into the others.
    pub(super) fn write(&self, cells: &mut [u8]) {
        let cells = &mut cells[..81];
        cells.fill(0);
        // Digit by digit, the solved cells of its masks: a walk of set bits
        // rather than a test of every digit in every cell.
        for digit in 0..9 {
            for band in 0..3 {
                let mut solved = self.places[3 * digit + band] & !self.unsolved[band];
                while solved != 0 {
                    cells[27 * band + solved.trailing_zeros() as usize] = digit as u8 + 1;
                    solved &= solved - 1;
                }
            }
        }
    }

    /// Puts `digit` (0 to 8) in `cell`, which must allow it: the cell leaves
    /// the other digits, and its peers leave this one.
    #[inline(always)]
    pub(super) fn place<R: ExtraRules>(&mut self, cell: usize, digit: usize, rules: &R) {
        let (band, bit) = (cell / 27, 1u32 << (cell % 27));
        debug_assert!(self.places[3 * digit + band] & bit != 0);
        // Without branches: which digits lose the cell is data.
        let mut lost = 0;
        for other in 0..9 {
            let entry = 3 * other + band;
            let before = self.places[entry];
            self.places[entry] = before & !bit;
            lost |= u32::from(before & bit != 0) << entry;
        }
        self.places[3 * digit + band] |= bit;
        self.changed |= lost & !(1 << (3 * digit + band));
        if R::ANY {
            self.touched[band] |= bit;
        }
        self.place_last(cell, digit, rules);
    }

    /// [`State::place`] for a cell whose one candidate left is `digit`.
    #[inline(always)]
    fn place_last<R: ExtraRules>(&mut self, cell: usize, digit: usize, rules: &R) {
        self.unsolved[cell / 27] &= !(1 << (cell % 27));
        let mut narrowed = 0;
        for (b, &peers) in rules.peers(cell).iter().enumerate() {
            let entry = 3 * digit + b;
            let before = self.places[entry];
            self.places[entry] = before & !peers;
            narrowed |= u32::from(before & peers != 0) << entry;
            if R::ANY {
                self.touched[b] |= before & peers;
            }
        }
        self.changed |= narrowed;
        if R::ANY {
            rules.strike_partners(self, cell, digit);
        }
    }

    /// Takes `digit` (0 to 8) from the candidates of `cell`, for a rule. A
    /// solved cell that loses its own digit this way is opened again with
    /// no candidate left, a contradiction the next sweep finds.
    #[inline(always)]
    pub(super) fn strike(&mut self, cell: usize, digit: usize) {
        let (band, bit) = (cell / 27, 1u32 << (cell % 27));
        let entry = 3 * digit + band;
        let before = self.places[entry];
        let lost = before & bit;
        self.places[entry] = before & !bit;
        self.changed |= u32::from(lost != 0) << entry;
        self.unsolved[band] |= lost;
        self.touched[band] |= lost;
    }

    /// Takes the digits of `digits` (bit `d` for digit `d`, 0 to 8) from
    /// the candidates of `cell`, as [`State::strike`] does one by one.
    #[inline]
    pub(super) fn strike_digits(&mut self, cell: usize, mut digits: u16) {
        while digits != 0 {
            self.strike(cell, digits.trailing_zeros() as usize);
            digits &= digits - 1;
        }
    }

    /// Takes every candidate from `cell`, for a rule that found no way
    /// left: a contradiction the next sweep finds.
    #[inline]
    pub(super) fn empty(&mut self, cell: usize) {
        self.strike_digits(cell, self.candidates(cell));
    }

    /// Takes the digit of entry `entry` (`3 * digit + band`) from `cells`
    /// of its band, for a rule, as [`State::strike`] does cell by cell.
    #[inline(always)]
    pub(super) fn strike_cells(&mut self, entry: usize, cells: u32) {
        let lost = self.take_places(entry, cells);
        self.unsolved[entry % 3] |= lost;
        self.touched[entry % 3] |= lost;
    }

    /// Takes `digit` (0 to 8) from `cells` of band `band`, as
    /// [`State::strike_cells`] does for its entry, where the caller knows
    /// the band (which the entry gives only as a remainder by three).
    #[inline(always)]
    pub(super) fn strike_in_band(&mut self, digit: usize, band: usize, cells: u32) {
        let lost = self.take_places(3 * digit + band, cells);
        self.unsolved[band] |= lost;
        self.touched[band] |= lost;
    }

    /// Takes `cells` from entry `entry`, marking it changed when it loses
    /// one; returns the cells it lost.
    #[inline(always)]
    fn take_places(&mut self, entry: usize, cells: u32) -> u32 {
        let before = self.places[entry];
        let lost = before & cells;
        self.places[entry] = before & !cells;
        self.changed |= u32::from(lost != 0) << entry;
        lost
    }

    /// Like [`State::place`], but first checks that the cell still allows
    /// the digit: a single found in a sweep may have lost it to another
    /// single of the same sweep. On a grid with rules, a cell that the
    /// placing leaves with no candidate is a contradiction at once.
    #[inline]
    fn place_checked<R: ExtraRules>(
        &mut self,
        cell: usize,
        digit: usize,
        placed: &mut u64,
        rules: &R,
    ) -> Result<(), Contradiction> {
        if !self.allows(cell, digit) {
            return Err(Contradiction);
        }
        self.place(cell, digit, rules);
        *placed += 1;
        if R::ANY && self.has_empty_cell() {
            return Err(Contradiction);
        }
        Ok(())
    }

    /// Places every forced digit until none is left, adding one to `placed`
    /// for each. On success the cells with two and three candidates left are
    /// returned (band by band), for the choice of a branch.
    pub(super) fn propagate<R: ExtraRules>(
        &mut self,
        placed: &mut u64,
        rules: &R,
    ) -> Result<Counts, Contradiction> {
        loop {
            while self.changed != 0 {
                let entry = self.changed.trailing_zeros() as usize;
                self.column_changed |= self.changed;
                self.changed &= self.changed - 1;
                self.narrow_band(entry, placed, rules)?;
            }
            if self.column_changed != 0 {
                self.column_singles(placed, rules)?;
                if self.changed != 0 {
                    continue;
                }
            }
            let counts = self.cell_singles(placed, rules)?;
            if R::ANY && self.changed == 0 {
                rules.narrow(self, &counts);
            }
            if self.changed == 0 {
                return Ok(counts);
            }
        }
    }

    /// Narrows one digit's places in one band to the segments some
    /// placement uses (on a grid with boxes; a jigsaw's rows only need a
    /// place each), and places the digit in a row of the band left with
    /// one place.
    #[inline]
    fn narrow_band<R: ExtraRules>(
        &mut self,
        entry: usize,
        placed: &mut u64,
        rules: &R,
    ) -> Result<(), Contradiction> {
        let (digit, band) = (entry / 3, entry % 3);
        let places = self.places[entry];
        let narrowed = if rules.has_boxes() {
            let segments = u16::from(ROW_BOXES[(places & ROW) as usize])
                | u16::from(ROW_BOXES[(places >> 9 & ROW) as usize]) << 3
                | u16::from(ROW_BOXES[(places >> 18) as usize]) << 6;
            let left = SEGMENTS_LEFT[segments as usize];
            if left == NO_PLACE {
                return Err(Contradiction);
            }
            places & SEGMENT_CELLS[left as usize]
        } else {
            // No boxes: each row keeps a place, and nothing narrows.
            if places & ROW == 0 || places >> 9 & ROW == 0 || places >> 18 == 0 {
                return Err(Contradiction);
            }
            places
        };
        self.places[entry] = narrowed;
        self.column_changed |= u32::from(narrowed != places) << entry;
        if R::ANY {
            self.touched[band] |= places & !narrowed;
        }
        // The rows with one place (or none), from a table rather than a
        // test per row.
        let single_rows = AT_MOST_ONE[(narrowed & ROW) as usize]
            | AT_MOST_ONE[(narrowed >> 9 & ROW) as usize] << 9
            | AT_MOST_ONE[(narrowed >> 18) as usize] << 18;
        let mut singles = narrowed & single_rows & self.unsolved[band];
        while singles != 0 {
            let cell = 27 * band + singles.trailing_zeros() as usize;
            singles &= singles - 1;
            self.place_checked(cell, digit, placed, rules)?;
        }
        Ok(())
    }

    /// Places each digit of changed columns in every column left with one
    /// place for it; a column with none is a contradiction.
    fn column_singles<R: ExtraRules>(
        &mut self,
        placed: &mut u64,
        rules: &R,
    ) -> Result<(), Contradiction> {
        while self.column_changed != 0 {
            let digit = self.column_changed.trailing_zeros() as usize / 3;
            self.column_changed &= !(7 << (3 * digit));
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
            let single = (once & !twice) * COLUMN;
            for band in 0..3 {
                let mut cells = self.places[3 * digit + band] & self.unsolved[band] & single;
                while cells != 0 {
                    let cell = 27 * band + cells.trailing_zeros() as usize;
                    cells &= cells - 1;
                    self.place_checked(cell, digit, placed, rules)?;
                }
            }
        }
        Ok(())
    }

    /// Places the digit of every cell left with one candidate; a cell with
    /// none is a contradiction. Returns the cells with two and with three
    /// candidates as they stood before these placements.
    fn cell_singles<R: ExtraRules>(
        &mut self,
        placed: &mut u64,
        rules: &R,
    ) -> Result<Counts, Contradiction> {
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
                // One candidate when the sweep began; another single of the
                // sweep may have taken it.
                if candidates == 0 {
                    return Err(Contradiction);
                }
                self.place_last(cell, candidates.trailing_zeros() as usize, rules);
                *placed += 1;
                if R::ANY && self.has_empty_cell() {
                    return Err(Contradiction);
                }
            }
        }
        Ok(counts)
    }
}

/// The cells with exactly two and exactly three candidates, band by band.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Counts {
    pub(super) two: [u32; 3],
    pub(super) three: [u32; 3],
}
