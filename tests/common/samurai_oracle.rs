//! An independent checker of shapes of 9x9 grids for the tests (a samurai,
//! a twodoku, any grids at given corners of a 21x21 frame): plain
//! backtracking written from the rules themselves (each grid's rows,
//! columns and boxes hold a digit once), with none of the library's layout
//! tables or exact-cover encoding. Unit masks are kept as digits are
//! placed, and the blank cell with the fewest digits left is tried first.

/// The side of the frame.
pub const SIDE: usize = 21;
/// The top-left corners of the five grids.
pub const GRIDS: [(usize, usize); 5] = [(0, 0), (0, 12), (6, 6), (12, 0), (12, 12)];

/// True when the samurai frame has a cell at `row`, `column`.
pub fn is_cell(row: usize, column: usize) -> bool {
    in_grids(&GRIDS, row, column)
}

/// True when a grid at one of `corners` covers `row`, `column`.
fn in_grids(corners: &[(usize, usize)], row: usize, column: usize) -> bool {
    corners
        .iter()
        .any(|&(top, left)| row >= top && row < top + 9 && column >= left && column < left + 9)
}

/// A frame: 0 blank, 1-9 a digit; positions with no cell stay 0 and are
/// never looked at.
pub type Frame = [[u8; SIDE]; SIDE];

/// The backtracking search, with the units of the five grids listed from
/// the rules: each grid's nine rows, nine columns and nine boxes (a box two
/// grids share is listed twice, which changes nothing).
pub struct Oracle {
    /// The corners of the grids.
    corners: Vec<(usize, usize)>,
    /// The positions of each unit.
    units: Vec<[(usize, usize); 9]>,
    /// The units of each position of the frame.
    units_of: Vec<Vec<Vec<usize>>>,
    cells: Vec<(usize, usize)>,
}

impl Default for Oracle {
    fn default() -> Self {
        Oracle::new()
    }
}

impl Oracle {
    /// The checker of a samurai.
    pub fn new() -> Oracle {
        Oracle::of(&GRIDS)
    }

    /// The checker of 9x9 grids at `corners` (inside the 21x21 frame).
    pub fn of(corners: &[(usize, usize)]) -> Oracle {
        let mut units = Vec::new();
        for &(top, left) in corners {
            for k in 0..9 {
                units.push(std::array::from_fn(|j| (top + k, left + j)));
                units.push(std::array::from_fn(|j| (top + j, left + k)));
                let (box_top, box_left) = (top + k / 3 * 3, left + k % 3 * 3);
                units.push(std::array::from_fn(|j| (box_top + j / 3, box_left + j % 3)));
            }
        }
        let mut units_of = vec![vec![Vec::new(); SIDE]; SIDE];
        for (unit, members) in units.iter().enumerate() {
            for &(row, column) in members {
                units_of[row][column].push(unit);
            }
        }
        let cells = (0..SIDE)
            .flat_map(|row| (0..SIDE).map(move |column| (row, column)))
            .filter(|&(row, column)| in_grids(corners, row, column))
            .collect();
        Oracle {
            corners: corners.to_vec(),
            units,
            units_of,
            cells,
        }
    }

    /// The digits used in each unit, or `None` when one repeats.
    fn used(&self, frame: &Frame) -> Option<Vec<u16>> {
        let mut used = vec![0u16; self.units.len()];
        for (unit, members) in self.units.iter().enumerate() {
            for &(row, column) in members {
                let digit = frame[row][column];
                if digit != 0 {
                    if used[unit] & (1 << digit) != 0 {
                        return None;
                    }
                    used[unit] |= 1 << digit;
                }
            }
        }
        Some(used)
    }

    /// True when a grid covers `row`, `column`.
    pub fn is_cell(&self, row: usize, column: usize) -> bool {
        in_grids(&self.corners, row, column)
    }

    /// The positions that are cells, in reading order.
    pub fn cells(&self) -> &[(usize, usize)] {
        &self.cells
    }

    /// `frame` as the block of its lines: `.` blank, a space where there
    /// is no cell.
    pub fn block(&self, frame: &Frame) -> String {
        let mut text = String::new();
        let rows = self
            .corners
            .iter()
            .map(|&(top, _)| top + 9)
            .max()
            .unwrap_or(0);
        for (row, digits) in frame.iter().enumerate().take(rows) {
            let line: String = (0..SIDE)
                .map(|column| match (self.is_cell(row, column), digits[column]) {
                    (false, _) => ' ',
                    (true, 0) => '.',
                    (true, digit) => char::from(b'0' + digit),
                })
                .collect();
            text.push_str(line.trim_end());
            text.push('\n');
        }
        text
    }

    /// True when no digit repeats in a row, column or box of a grid.
    pub fn is_consistent(&self, frame: &Frame) -> bool {
        self.used(frame).is_some()
    }

    /// Counts the solutions of `frame`, up to `limit`; the first one found
    /// is left in `first`.
    pub fn count(&self, frame: &Frame, limit: u64, first: &mut Option<Frame>) -> u64 {
        let Some(mut used) = self.used(frame) else {
            return 0;
        };
        let mut work = *frame;
        let mut found = 0;
        self.search(&mut work, &mut used, limit, &mut found, first);
        found
    }

    fn search(
        &self,
        work: &mut Frame,
        used: &mut [u16],
        limit: u64,
        found: &mut u64,
        first: &mut Option<Frame>,
    ) {
        // The blank cell with the fewest digits left.
        let mut best: Option<((usize, usize), u16)> = None;
        for &(row, column) in &self.cells {
            if work[row][column] != 0 {
                continue;
            }
            let taken = self.units_of[row][column]
                .iter()
                .fold(0, |taken, &unit| taken | used[unit]);
            let free = !taken & 0b11_1111_1110;
            if best.is_none_or(|(_, known)| free.count_ones() < known.count_ones()) {
                best = Some(((row, column), free));
                if free.count_ones() <= 1 {
                    break;
                }
            }
        }
        let Some(((row, column), free)) = best else {
            *found += 1;
            if first.is_none() {
                *first = Some(*work);
            }
            return;
        };
        for digit in 1..=9u8 {
            if free & (1 << digit) == 0 {
                continue;
            }
            work[row][column] = digit;
            for &unit in &self.units_of[row][column] {
                used[unit] |= 1 << digit;
            }
            self.search(work, used, limit, found, first);
            for &unit in &self.units_of[row][column] {
                used[unit] &= !(1 << digit);
            }
            work[row][column] = 0;
            if *found >= limit {
                return;
            }
        }
    }
}

/// `frame` as the 21-line block of a samurai: `.` blank, a space where
/// there is no cell.
pub fn block(frame: &Frame) -> String {
    Oracle::new().block(frame)
}
