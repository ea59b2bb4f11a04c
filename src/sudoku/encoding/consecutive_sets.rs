//! Renban lines reasoned on as a whole by the search, after every choice.
//!
//! A line of `L` cells that holds a set of consecutive digits is compiled
//! to pairs (different digits, less than `L` apart), which the search
//! propagates one pair at a time. The line as a whole says more: its
//! digits are one run `m, m + 1, ..., m + L - 1`. After each choice, for
//! each line, a run is still open when every cell of the line has a
//! candidate in it (a placed digit counts as the cell's one candidate) and
//! the cells can take the run's digits all at once (a perfect matching of
//! cells to digits, the graph of [`super::unit_matching`]). A candidate in
//! no perfect matching of an open run is hidden; a line with no open run
//! ends the branch. A cell `{4, 5}` on a 4-cell line beside cells
//! `{1, 2, 8}` and `{6, 9}` so loses nothing to pairs, but every run but
//! `5-8` is closed, which leaves it 5 (and the fourth cell 7).
//!
//! Each level of the search starts from what its parent level left: a line
//! whose cells have as many options as they had there, each, is unchanged
//! and is not read again. Hiding keeps open runs open (their perfect
//! matchings keep every candidate they use), so one pass over a line
//! reaches its fixpoint.

use crate::engine::{Count, Propagate, Pruning};
use crate::sudoku::grid::Grid;

use super::level_counts::level_row;
use super::unit_matching::Graph;

/// A cell with no item in the matrix: a digit of the grid.
const NONE: u32 = u32::MAX;

/// The count kept for a cell whose item is covered (its digit placed by
/// the search): never a number of options.
const PLACED: u32 = u32::MAX - 1;

/// The buffers of the propagation of consecutive sets, reused from puzzle
/// to puzzle.
#[derive(Debug, Clone, Default)]
pub struct ConsecutiveSets {
    /// The cells of every line, one line after another.
    cells: Vec<u32>,
    /// Beside `cells`, the item of each blank cell, or [`NONE`].
    items: Vec<u32>,
    /// Beside `cells`, the digit of the grid in each filled cell, else 0.
    digits: Vec<u8>,
    /// Where each line starts in `cells`, and one past the last.
    starts: Vec<u32>,
    /// The item of each blank cell of the grid (what stands at a filled
    /// cell is never read).
    grid_items: Vec<u32>,
    /// The counts of the cells' items per level of the search (see
    /// `level_row`), [`PLACED`] once covered.
    levels: Vec<u32>,
    /// The digit the search placed in each cell of the grid, while one
    /// propagation reads it; 0 otherwise.
    placed: Vec<u8>,
    /// The cells whose entry of `placed` is set.
    touched: Vec<u32>,
    /// The candidates of the cells of the line being read.
    masks: Vec<u64>,
    /// Beside `masks`, the candidates some open run holds.
    supported: Vec<u64>,
}

impl ConsecutiveSets {
    /// Empty buffers; they grow to fit the largest puzzle seen.
    pub fn new() -> ConsecutiveSets {
        ConsecutiveSets::default()
    }

    /// The propagator of `lines` (cells in the grid's numbering) for a
    /// matrix built from `grid`, whose blank cells are numbered as items in
    /// cell order from `first_cell_item`, and whose option `k` places
    /// `placements[k]` (`cell << 8 | digit`, digit 0 for an option that
    /// places no single digit).
    pub fn propagator<'a>(
        &'a mut self,
        lines: &[Vec<usize>],
        grid: &Grid,
        first_cell_item: u32,
        placements: &'a [u32],
    ) -> RunsOfLines<'a> {
        self.cells.clear();
        self.items.clear();
        self.digits.clear();
        self.starts.clear();
        self.starts.push(0);
        let digits = grid.cells();
        // The item of each blank cell: the blank cells before it.
        self.grid_items.clear();
        let mut item = first_cell_item;
        for &digit in digits {
            self.grid_items.push(item);
            item += u32::from(digit == 0);
        }
        for line in lines {
            for &cell in line {
                let digit = digits[cell];
                self.cells.push(cell as u32);
                self.digits.push(digit);
                self.items.push(match digit {
                    0 => self.grid_items[cell],
                    _ => NONE,
                });
            }
            self.starts.push(self.cells.len() as u32);
        }
        self.placed.clear();
        self.placed.resize(digits.len(), 0);
        RunsOfLines {
            buffers: self,
            side: grid.size().side(),
            placements,
        }
    }
}

/// Consecutive sets propagated on one matrix: see the module
/// documentation.
#[derive(Debug)]
pub struct RunsOfLines<'a> {
    buffers: &'a mut ConsecutiveSets,
    side: usize,
    placements: &'a [u32],
}

impl Propagate for RunsOfLines<'_> {
    fn propagate<C: Count>(&mut self, pruning: &mut Pruning<'_, C>) {
        let (side, placements) = (self.side, self.placements);
        let ConsecutiveSets {
            cells,
            items,
            digits,
            starts,
            levels,
            placed,
            touched,
            masks,
            supported,
            ..
        } = &mut *self.buffers;
        let row = level_row(levels, cells.len(), pruning.depth());
        let mut placed_read = false;
        'lines: for line in starts.windows(2) {
            let line = line[0] as usize..line[1] as usize;
            let mut changed = false;
            for k in line.clone() {
                let count = match items[k] {
                    NONE => continue,
                    item => pruning
                        .options_left(item as usize)
                        .map_or(PLACED, |n| n as u32),
                };
                changed |= row[k] != count;
                row[k] = count;
            }
            if !changed {
                continue;
            }
            masks.clear();
            // The cells whose options are not all single placements (a
            // cage's assignments): any digit, soundly, and never pruned.
            let all = u64::MAX >> (64 - side);
            let mut unread = 0u64;
            for (position, k) in line.clone().enumerate() {
                let mask = match (items[k], row[k]) {
                    (NONE, _) => 1u64 << (digits[k] - 1),
                    (_, PLACED) => {
                        if !placed_read {
                            read_placed(pruning, placements, placed, touched);
                            placed_read = true;
                        }
                        match placed[cells[k] as usize] {
                            0 => all,
                            digit => 1u64 << (digit - 1),
                        }
                    }
                    (item, _) => {
                        let (mut mask, mut single) = (0u64, true);
                        pruning.each_option(item as usize, |option| {
                            let digit = placements[option] & 0xff;
                            single &= digit != 0;
                            mask |= 1u64.wrapping_shl(digit.wrapping_sub(1));
                        });
                        if !single {
                            unread |= 1 << position;
                            mask = all;
                        }
                        mask
                    }
                };
                masks.push(mask);
            }
            supported.clear();
            supported.resize(masks.len(), 0);
            if !open_runs(masks, side, supported) {
                // No run left: end the branch through an open cell (a line
                // wholly placed keeps its run, by its pairs).
                if let Some(k) = line.clone().find(|&k| row[k] < PLACED) {
                    pruning.hide_where(items[k] as usize, |_| true);
                    break 'lines;
                }
                continue;
            }
            let cells_of_line = line.clone().zip(masks.iter().zip(supported.iter()));
            for (position, (k, (&mask, &kept))) in cells_of_line.enumerate() {
                let unsupported = mask & !kept;
                if unsupported == 0 || row[k] >= PLACED || unread >> position & 1 == 1 {
                    continue;
                }
                let left = pruning.hide_where(items[k] as usize, |option| {
                    let digit = placements[option] & 0xff;
                    unsupported >> (digit - 1) & 1 == 1
                });
                row[k] = left as u32;
                if left == 0 {
                    break 'lines;
                }
            }
        }
        for &cell in touched.iter() {
            placed[cell as usize] = 0;
        }
        touched.clear();
    }
}

/// Fills `placed` with the digit of each option the search chose that
/// places one, noting the cells in `touched`.
fn read_placed<C: Count>(
    pruning: &Pruning<'_, C>,
    placements: &[u32],
    placed: &mut [u8],
    touched: &mut Vec<u32>,
) {
    pruning.each_chosen(|option| {
        let placement = placements[option];
        let digit = (placement & 0xff) as u8;
        if digit != 0 {
            let cell = placement >> 8;
            placed[cell as usize] = digit;
            touched.push(cell);
        }
    });
}

/// For cells of candidates `masks` that hold one run of consecutive digits
/// from 1 to `side`, sets `supported` (as long, zeroed) to the candidates
/// each cell takes in some filling of some run; returns false when no run
/// can be filled.
fn open_runs(masks: &[u64], side: usize, supported: &mut [u64]) -> bool {
    let length = masks.len();
    if length == 0 || length > side {
        return length == 0;
    }
    let run = u64::MAX >> (64 - length);
    let held = masks.iter().fold(0, |all, &mask| all | mask);
    let mut graph = Graph {
        digits: length,
        ..Graph::default()
    };
    let mut any = false;
    for start in 0..=side - length {
        let digits = run << start;
        if held & digits != digits || masks.iter().any(|&mask| mask & digits == 0) {
            continue;
        }
        // The run's digits, from 0, against the cells that can take each.
        for (j, cells) in graph.cells_of[..length].iter_mut().enumerate() {
            *cells = masks
                .iter()
                .enumerate()
                .filter(|(_, &mask)| mask >> (start + j) & 1 == 1)
                .fold(0, |cells, (k, _)| cells | 1 << k);
        }
        let Some(impossible) = graph.impossible(length) else {
            continue;
        };
        any = true;
        for (j, (&cells, &never)) in graph
            .cells_of
            .iter()
            .zip(&impossible)
            .take(length)
            .enumerate()
        {
            let mut possible = cells & !never;
            while possible != 0 {
                supported[possible.trailing_zeros() as usize] |= 1 << (start + j);
                possible &= possible - 1;
            }
        }
    }
    any
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The candidates of each cell that some run of consecutive digits
    /// filling all the cells holds, by trying every filling.
    fn brute(masks: &[u64], side: usize) -> Option<Vec<u64>> {
        let mut kept = vec![0u64; masks.len()];
        let mut digits = vec![0usize; masks.len()];
        let mut any = false;
        fn fill(
            k: usize,
            masks: &[u64],
            side: usize,
            digits: &mut Vec<usize>,
            kept: &mut [u64],
            any: &mut bool,
        ) {
            if k == masks.len() {
                let (low, high) = (digits.iter().min(), digits.iter().max());
                if high.unwrap() - low.unwrap() + 1 == masks.len() {
                    *any = true;
                    for (kept, &digit) in kept.iter_mut().zip(digits.iter()) {
                        *kept |= 1 << digit;
                    }
                }
                return;
            }
            for digit in 0..side {
                if masks[k] >> digit & 1 == 1 && !digits[..k].contains(&digit) {
                    digits[k] = digit;
                    fill(k + 1, masks, side, digits, kept, any);
                }
            }
        }
        fill(0, masks, side, &mut digits, &mut kept, &mut any);
        any.then_some(kept)
    }

    #[test]
    fn the_example_of_the_module_documentation() {
        // Digits from 1: {4, 5}, {1, 2, 8}, {6, 9}, and a free cell.
        let bits = |digits: &[u64]| digits.iter().map(|d| 1u64 << (d - 1)).sum::<u64>();
        let masks = [bits(&[4, 5]), bits(&[1, 2, 8]), bits(&[6, 9]), 0x1ff];
        let mut supported = [0; 4];
        assert!(open_runs(&masks, 9, &mut supported));
        assert_eq!(supported[0], bits(&[5]));
        assert_eq!(supported[1], bits(&[8]));
        assert_eq!(supported[2], bits(&[6]));
        assert_eq!(supported[3], bits(&[7]));
    }

    #[test]
    fn open_runs_keep_exactly_the_candidates_of_some_filling() {
        // Random candidates on lines of 2 to 6 cells of sides 6 and 9,
        // against every filling: the runs keep exactly the candidates some
        // filling uses, and none is open where no filling exists.
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let (mut closed, mut pruned) = (0, 0);
        for _ in 0..20_000 {
            let side = if next() % 2 == 0 { 6 } else { 9 };
            let length = 2 + (next() % 5) as usize;
            let all = (1u64 << side) - 1;
            let masks: Vec<u64> = (0..length)
                .map(|_| next() & next() & all | 1 << (next() % side as u64))
                .collect();
            let mut supported = vec![0; length];
            let open = open_runs(&masks, side, &mut supported);
            match brute(&masks, side) {
                None => {
                    assert!(!open, "{masks:?}");
                    closed += 1;
                }
                Some(kept) => {
                    assert!(open, "{masks:?}");
                    assert_eq!(supported, kept, "{masks:?}");
                    pruned += kept.iter().zip(&masks).filter(|(k, m)| k != m).count();
                }
            }
        }
        assert!(closed > 1_000 && pruned > 1_000, "{closed} {pruned}");
    }
}
