//! An independent killer Sudoku checker to test the exact-cover encoding
//! of cages against.
//!
//! Plain backtracking on the rules themselves: digits differ in every row,
//! column, box and cage, and a cage's digits add up to its sum. Nothing
//! from the crate: it fills the empty cell with the fewest digits allowed
//! and tries each in turn, a digit being allowed when no unit or cage of
//! the cell holds it and the cage's sum can still be reached.

/// The rules of a killer puzzle: the grid's side, its boxes (rows and
/// columns of one box) and its cages (cells numbered `row * side +
/// column`, and the sum when there is one).
#[derive(Debug, Clone)]
pub struct KillerRules {
    pub side: usize,
    pub box_rows: usize,
    pub box_columns: usize,
    pub cages: Vec<(Vec<usize>, Option<u32>)>,
}

impl KillerRules {
    /// The rules of a grid of `side` with the most square boxes, `R x C`
    /// with `R <= C`, and `cages`.
    pub fn new(side: usize, cages: Vec<(Vec<usize>, Option<u32>)>) -> KillerRules {
        let box_rows = (1..=side)
            .filter(|rows| side % rows == 0 && rows * rows <= side)
            .max()
            .unwrap();
        KillerRules {
            side,
            box_rows,
            box_columns: side / box_rows,
            cages,
        }
    }

    /// The cage of each cell, if any.
    fn cage_of(&self) -> Vec<Option<usize>> {
        let mut cage_of = vec![None; self.side * self.side];
        for (cage, (cells, _)) in self.cages.iter().enumerate() {
            for &cell in cells {
                cage_of[cell] = Some(cage);
            }
        }
        cage_of
    }

    /// True when two cells share a row, a column or a box.
    fn see(&self, a: usize, b: usize) -> bool {
        let n = self.side;
        let (ra, ca, rb, cb) = (a / n, a % n, b / n, b % n);
        let same_box = ra / self.box_rows == rb / self.box_rows
            && ca / self.box_columns == cb / self.box_columns;
        ra == rb || ca == cb || same_box
    }

    /// The cells each cell must differ from: its row, column, box and
    /// cage.
    fn peers(&self, cage_of: &[Option<usize>]) -> Vec<Vec<usize>> {
        let cells = self.side * self.side;
        (0..cells)
            .map(|a| {
                (0..cells)
                    .filter(|&b| b != a)
                    .filter(|&b| {
                        self.see(a, b) || (cage_of[a].is_some() && cage_of[a] == cage_of[b])
                    })
                    .collect()
            })
            .collect()
    }

    /// True when `digit` may go in blank `cell` of `grid`.
    fn allowed(&self, grid: &[u8], state: &State, cell: usize, digit: u8) -> bool {
        if state.peers[cell].iter().any(|&other| grid[other] == digit) {
            return false;
        }
        let cage_of = &state.cage_of;
        let Some(cage) = cage_of[cell] else {
            return true;
        };
        let (cells, sum) = &self.cages[cage];
        let Some(sum) = *sum else {
            return true;
        };
        let placed: u32 = cells.iter().map(|&c| u32::from(grid[c])).sum::<u32>() + u32::from(digit);
        let blanks_after = cells.iter().filter(|&&c| grid[c] == 0).count() as u32 - 1;
        // The blanks left need at least 1 and at most `side` each.
        placed + blanks_after <= sum && placed + blanks_after * self.side as u32 >= sum
    }

    /// True when `grid` breaks no rule: no digit twice in a row, column,
    /// box or cage, and every full cage adds up to its sum.
    pub fn obeys(&self, grid: &[u8]) -> bool {
        let cage_of = self.cage_of();
        for a in 0..grid.len() {
            for b in a + 1..grid.len() {
                let related = self.see(a, b) || (cage_of[a].is_some() && cage_of[a] == cage_of[b]);
                if grid[a] != 0 && grid[a] == grid[b] && related {
                    return false;
                }
            }
        }
        self.cages.iter().all(|(cells, sum)| {
            let full = cells.iter().all(|&c| grid[c] != 0);
            let total: u32 = cells.iter().map(|&c| u32::from(grid[c])).sum();
            !full || sum.is_none_or(|sum| total == sum)
        })
    }

    /// Counts the solutions of `givens` (row by row, 0 for a blank),
    /// stopping at `limit`; 0 when the givens break a rule.
    pub fn count(&self, givens: &[u8], limit: u64) -> u64 {
        assert_eq!(givens.len(), self.side * self.side);
        if !self.obeys(givens) {
            return 0;
        }
        let cage_of = self.cage_of();
        let state = State {
            peers: self.peers(&cage_of),
            cage_of,
        };
        let mut grid = givens.to_vec();
        let mut found = 0;
        self.backtrack(&mut grid, &state, limit, &mut found);
        found
    }

    fn backtrack(&self, grid: &mut Vec<u8>, state: &State, limit: u64, found: &mut u64) {
        // The blank cell with the fewest allowed digits.
        let mut best: Option<(usize, Vec<u8>)> = None;
        for cell in (0..grid.len()).filter(|&cell| grid[cell] == 0) {
            let digits: Vec<u8> = (1..=self.side as u8)
                .filter(|&digit| self.allowed(grid, state, cell, digit))
                .collect();
            if best
                .as_ref()
                .is_none_or(|(_, fewest)| digits.len() < fewest.len())
            {
                let empty = digits.is_empty();
                best = Some((cell, digits));
                if empty {
                    break;
                }
            }
        }
        let Some((cell, digits)) = best else {
            // Full: every cage was checked as its last cell was filled.
            *found += 1;
            return;
        };
        for digit in digits {
            grid[cell] = digit;
            self.backtrack(grid, state, limit, found);
            grid[cell] = 0;
            if *found >= limit {
                return;
            }
        }
    }
}

/// What the search reads: the peers and the cage of each cell.
struct State {
    peers: Vec<Vec<usize>>,
    cage_of: Vec<Option<usize>>,
}
