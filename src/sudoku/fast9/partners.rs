//! The placements each placement strikes on the 9x9 fast path, beyond its
//! peers, as bitboard masks.
//!
//! A rule of pairs says which placements may not stand together (a
//! thermometer's, a dot's, a whispers line's), and a killer cage or an
//! extra unit (x, hyper, disjoint, an extra region of nine cells) that its
//! cells hold different digits. Read from the geometry's groups and
//! relations at every placement, that is a walk of each group of the
//! placement, partner by partner, and of each relation of its cell. Here
//! each placement's walk is made once a puzzle, the first time the search
//! places it, and kept as a few masks, one per digit and band that lose
//! cells, which later placings clear a word at a time
//! ([`State::strike_cells`]). Gathering all 729 placements up front cost
//! the short searches more than it saved (thermometer set: 1.29 of the
//! instructions of the walk).

use std::cell::{Cell, RefCell};

use super::state::State;
use super::tables::PEERS;
use crate::sudoku::geometry::Geometry;

/// The strikes of a placement not gathered yet.
const UNKNOWN: (u32, u32) = (u32::MAX, u32::MAX);

/// The cells of one band that lose one digit.
#[derive(Debug, Clone, Copy)]
struct Strike {
    /// The cells, 27 bits of the band.
    cells: u32,
    /// `3 * digit + band`, digit 0 to 8, as [`State`] numbers its masks.
    entry: u8,
}

/// For each of the 729 placements of a 9x9 geometry, the strikes its
/// placing makes beyond its peers, gathered as the search meets them; the
/// buffers are kept from puzzle to puzzle.
#[derive(Debug, Clone, Default)]
pub(crate) struct Partners {
    /// The strikes gathered, placement after placement.
    strikes: RefCell<Vec<Strike>>,
    /// Where the strikes of each placement (`9 * cell + digit`) start and
    /// end in `strikes`, or [`UNKNOWN`].
    ranges: Vec<Cell<(u32, u32)>>,
    /// On a jigsaw, the peers of each cell, band by band: the cells of its
    /// row, column and region; empty on a grid with boxes, whose peers are
    /// [`PEERS`].
    jigsaw_peers: Vec<[u32; 3]>,
}

impl Partners {
    /// Forgets the strikes of the last geometry: a jigsaw's, whose cells
    /// have the peers `jigsaw_peers` (band by band), or one with boxes.
    pub(super) fn clear(&mut self, jigsaw_peers: Option<&[[u32; 3]; 81]>) {
        self.jigsaw_peers.clear();
        if let Some(peers) = jigsaw_peers {
            self.jigsaw_peers.extend_from_slice(peers);
        }
        self.strikes.get_mut().clear();
        self.ranges.clear();
        self.ranges.resize(729, Cell::new(UNKNOWN));
    }

    /// The peers of each cell that the placing strikes, band by band.
    pub(super) fn peers(&self) -> &[[u32; 3]; 81] {
        match <&[[u32; 3]; 81]>::try_from(self.jigsaw_peers.as_slice()) {
            Ok(peers) => peers,
            Err(_) => &PEERS,
        }
    }

    /// Makes the strikes of `digit` (0 to 8) placed in `cell` by the rules
    /// of `geometry` (9x9): its group partners, the digits of related cells
    /// it does not go with, and its digit in the other cells of its cage.
    #[inline]
    pub(super) fn strike(&self, geometry: &Geometry, state: &mut State, cell: usize, digit: usize) {
        self.each_strike(geometry, cell, digit, |entry, cells| {
            state.strike_cells(entry, cells)
        });
    }

    /// Calls `visit` with each strike of `digit` (0 to 8) placed in `cell`
    /// by the rules of `geometry`: the entry of [`State`]'s masks (`3 *
    /// digit + band`) and the cells of the band that lose that digit.
    #[inline]
    pub(super) fn each_strike(
        &self,
        geometry: &Geometry,
        cell: usize,
        digit: usize,
        mut visit: impl FnMut(usize, u32),
    ) {
        let placement = 9 * cell + digit;
        let mut range = self.ranges[placement].get();
        if range == UNKNOWN {
            range = self.gather(geometry, cell, digit);
            self.ranges[placement].set(range);
        }
        let strikes = self.strikes.borrow();
        for strike in &strikes[range.0 as usize..range.1 as usize] {
            visit(usize::from(strike.entry), strike.cells);
        }
    }

    /// Appends the strikes of `digit` in `cell` to `strikes`, and returns
    /// where they are.
    #[cold]
    fn gather(&self, geometry: &Geometry, cell: usize, digit: usize) -> (u32, u32) {
        // The cells that lose each digit, band by band, and the entries set,
        // to read only those.
        let (mut masks, mut touched) = ([0u32; 27], 0u32);
        let mark = |masks: &mut [u32; 27], touched: &mut u32, other: usize, lost: usize| {
            let entry = 3 * lost + other / 27;
            masks[entry] |= 1 << (other % 27);
            *touched |= 1 << entry;
        };
        let placement = (9 * cell + digit) as u32;
        let groups = geometry.fast_path_groups();
        for &group in groups.groups_of(placement as usize) {
            for &partner in groups.group_placements(group as usize) {
                if partner != placement {
                    mark(
                        &mut masks,
                        &mut touched,
                        partner as usize / 9,
                        partner as usize % 9,
                    );
                }
            }
        }
        // The relations of two cells the groups leave out: each digit of a
        // related cell that `digit` does not go with, but `digit` itself in
        // a peer, which the placing strikes as a peer (the fast path's
        // peers are those of rows, columns and boxes, or of rows and
        // columns on a jigsaw; a cage or region mate loses the digit
        // below).
        let relations = groups.relations();
        if let Ok(index) = relations.cells().binary_search(&(cell as u32)) {
            for (target, _, supports) in relations.edges(index) {
                let other = relations.cells()[target] as usize;
                let mut lost = !supports[digit] & 0x1ff;
                if self.peers()[cell][other / 27] >> (other % 27) & 1 != 0 {
                    lost &= !(1 << digit);
                }
                while lost != 0 {
                    mark(
                        &mut masks,
                        &mut touched,
                        other,
                        lost.trailing_zeros() as usize,
                    );
                    lost &= lost - 1;
                }
            }
        }
        // The other cells of its extra units (x, hyper, disjoint, extra
        // regions of nine cells), which come after the rows, columns and
        // boxes or regions.
        for &unit in geometry.units_of(cell) {
            if unit < 27 {
                continue;
            }
            for &other in geometry.unit_cells(usize::from(unit)) {
                if usize::from(other) != cell {
                    mark(&mut masks, &mut touched, usize::from(other), digit);
                }
            }
        }
        let cages = geometry.cages();
        if let Some(cage) = cages.cage_of(cell) {
            for &mate in cages.cells(cage) {
                if usize::from(mate) != cell {
                    mark(&mut masks, &mut touched, usize::from(mate), digit);
                }
            }
        }
        let mut strikes = self.strikes.borrow_mut();
        let start = strikes.len() as u32;
        while touched != 0 {
            let entry = touched.trailing_zeros() as usize;
            touched &= touched - 1;
            strikes.push(Strike {
                cells: masks[entry],
                entry: entry as u8,
            });
        }
        (start, strikes.len() as u32)
    }
}
