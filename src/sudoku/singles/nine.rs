//! Singles on the 9x9 grid, on tables fixed at compile time.
//!
//! This is the case of the solver, so it gets its own pass: candidates in an
//! array of 256 entries, so that a cell number of one byte needs no bounds
//! check, the peers of a cell reached as its row, its column and the four
//! other cells of its box, and hidden singles looked for only in the units
//! whose cells lost a candidate since they were last looked at, instead of
//! sweeps over all of them.
//!
//! Singles only ever add digits, so every order of placing them ends in the
//! same grid: this pass fills exactly the cells the general one does, and
//! finds a contradiction exactly when it does.

use super::Outcome;

/// Every digit.
const ALL: u32 = 0x1ff;

/// Set in a set of units to say that a placement left a cell with no
/// candidate (units take bits 0 to 26).
const CONTRADICTION: u32 = 1 << 31;

/// The cells of each unit: rows, then columns, then boxes.
static UNITS: [[u8; 9]; 27] = units();

/// The row, column and box of each cell, as unit numbers.
static CELL_UNITS: [[u8; 3]; 81] = cell_units();

/// The units of each cell as a set, one bit per unit; 256 entries, so that
/// any byte indexes it.
static UNIT_BITS: [u32; 256] = unit_bits();

/// The peers of each cell in its box but neither in its row nor its column.
static BOX_PEERS: [[u8; 4]; 81] = box_peers();

/// The first cell of each box.
static BOX_FIRST: [u8; 9] = [0, 3, 6, 27, 30, 33, 54, 57, 60];

/// Where the cells of a box stand from its first one.
const BOX_STEPS: [usize; 9] = [0, 1, 2, 9, 10, 11, 18, 19, 20];

/// Runs `$body` with `$k` bound to each of 0 to 8, unrolled: loops over
/// arrays of constants were compiled into loops over copies of them.
macro_rules! unroll9 {
    ($k:ident => $body:expr) => {{
        let $k: usize = 0;
        $body;
        let $k: usize = 1;
        $body;
        let $k: usize = 2;
        $body;
        let $k: usize = 3;
        $body;
        let $k: usize = 4;
        $body;
        let $k: usize = 5;
        $body;
        let $k: usize = 6;
        $body;
        let $k: usize = 7;
        $body;
        let $k: usize = 8;
        $body;
    }};
}

const fn cell_units() -> [[u8; 3]; 81] {
    let mut table = [[0; 3]; 81];
    let mut cell = 0;
    while cell < 81 {
        let (row, column) = (cell / 9, cell % 9);
        table[cell] = [
            row as u8,
            (9 + column) as u8,
            (18 + row / 3 * 3 + column / 3) as u8,
        ];
        cell += 1;
    }
    table
}

const fn unit_bits() -> [u32; 256] {
    let mut table = [0; 256];
    let mut cell = 0;
    while cell < 81 {
        let [row, column, bx] = cell_units()[cell];
        table[cell] = 1 << row | 1 << column | 1 << bx;
        cell += 1;
    }
    table
}

const fn units() -> [[u8; 9]; 27] {
    let mut table = [[0; 9]; 27];
    let mut cell = 0;
    while cell < 81 {
        let (row, column) = (cell / 9, cell % 9);
        let (bx, k) = (row / 3 * 3 + column / 3, row % 3 * 3 + column % 3);
        table[row][column] = cell as u8;
        table[9 + column][row] = cell as u8;
        table[18 + bx][k] = cell as u8;
        cell += 1;
    }
    table
}

const fn box_peers() -> [[u8; 4]; 81] {
    let mut table = [[0; 4]; 81];
    let mut cell = 0;
    while cell < 81 {
        let [row, column, bx] = cell_units()[cell];
        let (mut other, mut k) = (0, 0);
        while other < 81 {
            let [r, c, b] = cell_units()[other];
            if b == bx && r != row && c != column {
                table[cell][k] = other as u8;
                k += 1;
            }
            other += 1;
        }
        cell += 1;
    }
    table
}

/// Fills the naked singles of `cells`, and the hidden ones when `hidden`,
/// until none is left. On return `candidates` holds the candidates of each
/// blank cell (0 for a filled one) and `placed` the digits of each unit.
/// Returns the outcome and how many digits were placed, or `None`, with
/// `cells` untouched, when a digit appears twice in a unit.
pub(super) fn fill(
    cells: &mut [u8; 81],
    candidates: &mut [u32; 256],
    placed: &mut [u32; 27],
    hidden: bool,
) -> Option<(Outcome, usize)> {
    *placed = [0; 27];
    let mut clash = 0;
    for row in 0..9 {
        for column in 0..9 {
            let digit = cells[row * 9 + column];
            if digit != 0 {
                let bit = 1 << (digit - 1);
                for unit in [row, 9 + column, 18 + row / 3 * 3 + column / 3] {
                    clash |= placed[unit] & bit;
                    placed[unit] |= bit;
                }
            }
        }
    }
    if clash != 0 {
        return None;
    }
    let mut pass = Pass {
        cells,
        candidates,
        placed,
        stack: [0; 256],
        len: 0,
    };
    let mut blanks = 0;
    for row in 0..9 {
        for column in 0..9 {
            let cell = row * 9 + column;
            let mut mask = 0;
            if pass.cells[cell] == 0 {
                blanks += 1;
                let bx = 18 + row / 3 * 3 + column / 3;
                let placed = &pass.placed;
                mask = ALL & !(placed[row] | placed[9 + column] | placed[bx]);
                if mask & mask.wrapping_sub(1) == 0 {
                    if mask == 0 {
                        return Some((Outcome::Contradiction, 0));
                    }
                    pass.push(cell as u8);
                }
            }
            pass.candidates[cell] = mask;
        }
    }
    let outcome = pass.run(hidden, blanks);
    Some((outcome.0, blanks - outcome.1))
}

/// The state of one pass.
struct Pass<'a> {
    cells: &'a mut [u8; 81],
    candidates: &'a mut [u32; 256],
    /// The digits placed in each unit.
    placed: &'a mut [u32; 27],
    /// Cells that may have one candidate left: each blank cell is pushed at
    /// most once, when its candidates first fall to one, so a byte counts
    /// them.
    stack: [u8; 256],
    len: u8,
}

impl Pass<'_> {
    /// Fills singles until none is left; returns the outcome and how many
    /// of the `blanks` cells are still blank.
    fn run(&mut self, hidden: bool, blanks: usize) -> (Outcome, usize) {
        let mut left = blanks;
        // Every unit is looked at once, and again whenever one of its cells
        // loses a candidate, until none is left to look at.
        let mut dirty = if hidden { (1 << 27) - 1 } else { 0 };
        loop {
            while self.len != 0 {
                self.len -= 1;
                let cell = self.stack[usize::from(self.len)];
                // One candidate, or none once the cell is filled.
                let mask = self.candidates[usize::from(cell)];
                if mask != 0 {
                    let units = self.place(usize::from(cell), mask);
                    left -= 1;
                    if units & CONTRADICTION != 0 {
                        return (Outcome::Contradiction, left);
                    }
                    dirty |= units;
                }
            }
            if left == 0 {
                return (Outcome::Solved, left);
            }
            if !hidden || dirty == 0 {
                return (Outcome::Stalled, left);
            }
            let unit = dirty.trailing_zeros() as usize;
            dirty &= dirty - 1;
            let (once, twice) = self.once_twice(unit);
            // A placed digit is struck from the candidates of its units.
            if (once | self.placed[unit]) != ALL {
                return (Outcome::Contradiction, left);
            }
            let singles = once & !twice;
            if singles != 0 {
                let (units, count) = self.place_hidden(unit, singles);
                left -= count;
                if units & CONTRADICTION != 0 {
                    return (Outcome::Contradiction, left);
                }
                dirty |= units;
            }
        }
    }

    /// The digits in the candidates of one cell of `unit` or more, and in
    /// those of two or more.
    #[inline(always)]
    fn once_twice(&self, unit: usize) -> (u32, u32) {
        let candidates = &self.candidates[..];
        let (mut once, mut twice) = (0, 0);
        let mut add = |mask: u32| {
            twice |= once & mask;
            once |= mask;
        };
        match unit {
            0..=8 => {
                let cells = &candidates[unit * 9..unit * 9 + 9];
                unroll9!(k => add(cells[k]));
            }
            9..=17 => {
                let cells = &candidates[unit - 9..unit - 9 + 73];
                unroll9!(k => add(cells[9 * k]));
            }
            _ => {
                let first = usize::from(BOX_FIRST[unit - 18]);
                let cells = &candidates[first..first + 21];
                unroll9!(k => add(cells[BOX_STEPS[k]]));
            }
        }
        (once, twice)
    }

    /// Places the hidden singles `singles` of `unit`; returns the units
    /// whose cells lost candidates (with [`CONTRADICTION`] when a cell was
    /// left with none) and how many digits were placed.
    #[inline(never)]
    fn place_hidden(&mut self, unit: usize, mut singles: u32) -> (u32, usize) {
        let (mut units, mut count) = (0, 0);
        while singles != 0 {
            let bit = singles & singles.wrapping_neg();
            singles &= singles - 1;
            let Some(&cell) = UNITS[unit]
                .iter()
                .find(|&&c| self.candidates[usize::from(c)] & bit != 0)
            else {
                // A single placed just before took its place.
                return (CONTRADICTION, count);
            };
            units |= self.place(usize::from(cell), bit);
            count += 1;
            if units & CONTRADICTION != 0 {
                break;
            }
        }
        (units, count)
    }

    fn push(&mut self, cell: u8) {
        self.stack[usize::from(self.len)] = cell;
        self.len += 1;
    }

    /// Writes the digit of `bit` in `cell` and strikes it from the peers.
    /// Returns the units whose cells lost a candidate, with
    /// [`CONTRADICTION`] when a peer is left with none.
    #[inline(always)]
    fn place(&mut self, cell: usize, bit: u32) -> u32 {
        let [row, column, bx] = CELL_UNITS[cell];
        self.cells[cell] = bit.trailing_zeros() as u8 + 1;
        self.candidates[cell] = 0;
        for unit in [row, column, bx] {
            self.placed[usize::from(unit)] |= bit;
        }
        let mut units = UNIT_BITS[cell];
        let Pass {
            candidates,
            stack,
            len,
            ..
        } = self;
        // The cell itself is in its row and column, with no candidate left.
        let first = cell / 9 * 9;
        let row = &mut candidates[first..first + 9];
        unroll9!(k => units |= strike(&mut row[k], bit, first + k, stack, len));
        let top = cell % 9;
        let column = &mut candidates[top..top + 73];
        unroll9!(k => units |= strike(&mut column[9 * k], bit, top + 9 * k, stack, len));
        for peer in BOX_PEERS[cell].map(usize::from) {
            units |= strike(&mut candidates[peer], bit, peer, stack, len);
        }
        units
    }
}

/// Strikes the digit of `bit` from `mask`, the candidates of `peer`;
/// returns the units of `peer` if it had it, with [`CONTRADICTION`] if that
/// was its last, and pushes `peer` on `stack` if one is left.
#[inline(always)]
fn strike(mask: &mut u32, bit: u32, peer: usize, stack: &mut [u8; 256], len: &mut u8) -> u32 {
    if *mask & bit == 0 {
        return 0;
    }
    *mask ^= bit;
    if *mask & mask.wrapping_sub(1) == 0 {
        if *mask == 0 {
            return CONTRADICTION;
        }
        stack[usize::from(*len)] = peer as u8;
        *len += 1;
    }
    UNIT_BITS[peer & 0xff]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_agree_with_the_units() {
        for (unit, cells) in UNITS.iter().enumerate() {
            for &cell in cells {
                assert!(CELL_UNITS[usize::from(cell)].contains(&(unit as u8)));
                assert_ne!(UNIT_BITS[usize::from(cell)] & 1 << unit, 0);
            }
        }
        for box_ in 0..9 {
            let first = usize::from(BOX_FIRST[box_]);
            let steps = BOX_STEPS.map(|step| (first + step) as u8);
            assert_eq!(steps, UNITS[18 + box_]);
        }
        for cell in 0..81 {
            let [row, column, bx] = CELL_UNITS[cell];
            for peer in BOX_PEERS[cell] {
                let [r, c, b] = CELL_UNITS[usize::from(peer)];
                assert!(b == bx && r != row && c != column);
            }
        }
    }
}
