//! An independent checker of the variant rules, to test their exact-cover
//! encoding (units and "at most once" groups) against.
//!
//! Plain backtracking on the rules as the puzzles state them, with nothing
//! from the crate: two cells must differ when they share a row, a column, a
//! box or a rule's region, or are a king's or knight's move apart under
//! those rules; under non-consecutive, orthogonal neighbours also differ by
//! more than 1. It fills the empty cell with the fewest digits allowed and
//! tries each in turn, unless a digit has one place left in a region that
//! holds every digit once (a row, a column, a box or a rule's region): then
//! it goes there first, and a digit with none ends the branch.

/// A variant rule, as the puzzles state it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rule {
    /// Both main diagonals hold every digit once.
    X,
    /// The four 3x3 windows of a 9x9 grid whose top-left cells are r2c2,
    /// r2c6, r6c2 and r6c6 hold every digit once.
    Hyper,
    /// The cells at the same place of every box hold every digit once.
    Disjoint,
    /// Cells a king's move apart differ.
    AntiKing,
    /// Cells a knight's move apart differ.
    AntiKnight,
    /// Orthogonal neighbours differ by more than 1.
    NonConsecutive,
}

/// The rules of a grid of `side`: boxes of `boxes.0` rows and `boxes.1`
/// columns (`None`: no boxes, a Latin square) and the variant rules.
#[derive(Debug, Clone)]
pub struct VariantRules {
    pub side: usize,
    pub boxes: Option<(usize, usize)>,
    pub rules: Vec<Rule>,
}

impl VariantRules {
    /// True when cells `a` and `b` (numbered `row * side + column`) must
    /// hold different digits.
    pub fn must_differ(&self, a: usize, b: usize) -> bool {
        let n = self.side;
        let (ra, ca, rb, cb) = (a / n, a % n, b / n, b % n);
        let (dr, dc) = (ra.abs_diff(rb), ca.abs_diff(cb));
        let window = |r: usize, c: usize| {
            [(1, 1), (1, 5), (5, 1), (5, 5)]
                .iter()
                .position(|&(top, left)| {
                    (top..top + 3).contains(&r) && (left..left + 3).contains(&c)
                })
        };
        let mut differ = ra == rb || ca == cb;
        if let Some((rows, columns)) = self.boxes {
            differ |= (ra / rows, ca / columns) == (rb / rows, cb / columns);
        }
        for &rule in &self.rules {
            differ |= match rule {
                Rule::X => (ra == ca && rb == cb) || (ra + ca == n - 1 && rb + cb == n - 1),
                Rule::Hyper => window(ra, ca).is_some() && window(ra, ca) == window(rb, cb),
                Rule::Disjoint => {
                    let (rows, columns) = self.boxes.expect("disjoint needs boxes");
                    (ra % rows, ca % columns) == (rb % rows, cb % columns)
                }
                Rule::AntiKing => dr <= 1 && dc <= 1,
                Rule::AntiKnight => (dr, dc) == (1, 2) || (dr, dc) == (2, 1),
                Rule::NonConsecutive => false,
            };
        }
        a != b && differ
    }

    /// True when cells `a` and `b` must not hold consecutive digits.
    pub fn not_consecutive(&self, a: usize, b: usize) -> bool {
        let n = self.side;
        let (dr, dc) = ((a / n).abs_diff(b / n), (a % n).abs_diff(b % n));
        self.rules.contains(&Rule::NonConsecutive) && dr + dc == 1
    }

    /// The regions of `side` cells that hold every digit once: rows,
    /// columns, boxes, and the diagonals, windows or disjoint groups of the
    /// rules.
    fn regions(&self) -> Vec<Vec<usize>> {
        let n = self.side;
        let cells = |keep: &dyn Fn(usize, usize) -> bool| -> Vec<usize> {
            (0..n * n)
                .filter(|&cell| keep(cell / n, cell % n))
                .collect()
        };
        let mut regions = Vec::new();
        for k in 0..n {
            regions.push(cells(&|r, _| r == k));
            regions.push(cells(&|_, c| c == k));
        }
        if let Some((rows, columns)) = self.boxes {
            for k in 0..n {
                let (band, stack) = (k / (n / columns), k % (n / columns));
                regions.push(cells(&|r, c| r / rows == band && c / columns == stack));
                if self.rules.contains(&Rule::Disjoint) {
                    let (row, column) = (k / columns, k % columns);
                    regions.push(cells(&|r, c| r % rows == row && c % columns == column));
                }
            }
        }
        if self.rules.contains(&Rule::X) {
            regions.push(cells(&|r, c| r == c));
            regions.push(cells(&|r, c| r + c == n - 1));
        }
        if self.rules.contains(&Rule::Hyper) {
            for (top, left) in [(1, 1), (1, 5), (5, 1), (5, 5)] {
                regions.push(cells(&|r, c| {
                    (top..top + 3).contains(&r) && (left..left + 3).contains(&c)
                }));
            }
        }
        regions
    }

    /// The cells each cell must differ from, and its orthogonal neighbours
    /// under non-consecutive (empty otherwise).
    fn related(&self) -> (Vec<Vec<usize>>, Vec<Vec<usize>>) {
        let cells = self.side * self.side;
        let related = |rule: &dyn Fn(usize, usize) -> bool| -> Vec<Vec<usize>> {
            (0..cells)
                .map(|a| (0..cells).filter(|&b| rule(a, b)).collect())
                .collect()
        };
        (
            related(&|a, b| self.must_differ(a, b)),
            related(&|a, b| self.not_consecutive(a, b)),
        )
    }

    /// True when `cells` (row by row, 0 for a blank) are all filled and
    /// break no rule.
    pub fn is_solution(&self, cells: &[u8]) -> bool {
        cells.iter().all(|&digit| digit != 0) && self.count_solutions(cells, 1) == Some(1)
    }

    /// Counts the solutions of `cells` (row by row, 0 for a blank),
    /// stopping at `limit`; `None` when the givens themselves break a rule.
    pub fn count_solutions(&self, cells: &[u8], limit: u64) -> Option<u64> {
        let n = self.side;
        assert_eq!(cells.len(), n * n, "a grid of side {n} has {} cells", n * n);
        assert!(limit > 0, "the limit must be at least 1");
        let search = Search {
            related: self.related(),
            regions: self.regions(),
            limit,
        };
        let mut grid = cells.to_vec();
        for (cell, &digit) in cells.iter().enumerate() {
            if digit != 0 {
                grid[cell] = 0;
                if search.ruled_out(&grid, cell) & bit(digit) != 0 {
                    return None;
                }
                grid[cell] = digit;
            }
        }
        let mut found = 0;
        search.backtrack(&mut grid, &mut found);
        Some(found)
    }
}

fn bit(digit: u8) -> u64 {
    1 << digit
}

/// One count: who relates to whom, and when to stop.
struct Search {
    /// The cells each cell must differ from; its non-consecutive neighbours.
    related: (Vec<Vec<usize>>, Vec<Vec<usize>>),
    /// The regions that hold every digit once.
    regions: Vec<Vec<usize>>,
    limit: u64,
}

impl Search {
    /// The digits, as bits, that the filled cells rule out of `cell`.
    fn ruled_out(&self, grid: &[u8], cell: usize) -> u64 {
        let (differ, neighbours) = &self.related;
        let equal = differ[cell]
            .iter()
            .fold(0, |mask, &other| mask | bit(grid[other]));
        neighbours[cell]
            .iter()
            .filter(|&&other| grid[other] != 0)
            .fold(equal, |mask, &other| {
                mask | bit(grid[other] - 1) | bit(grid[other] + 1)
            })
    }

    fn backtrack(&self, grid: &mut [u8], found: &mut u64) {
        let side = grid.len().isqrt();
        let all = (bit(side as u8 + 1) - 1) & !1;
        let allowed: Vec<u64> = (0..grid.len())
            .map(|cell| match grid[cell] {
                0 => all & !self.ruled_out(grid, cell),
                _ => 0,
            })
            .collect();
        // The empty cell with the fewest digits allowed, and those digits.
        let mut best: Option<(usize, u64)> = None;
        for cell in (0..grid.len()).filter(|&cell| grid[cell] == 0) {
            if best.is_none_or(|(_, b)| allowed[cell].count_ones() < b.count_ones()) {
                best = Some((cell, allowed[cell]));
            }
        }
        let Some((cell, digits)) = best else {
            *found += 1;
            return;
        };
        // A digit with one place left in a region goes there first, unless
        // that cell has one digit too; a digit with none leaves no solution
        // here.
        let mut single: Option<(usize, u8)> = None;
        for region in &self.regions {
            let placed = region.iter().fold(0, |mask, &cell| mask | bit(grid[cell]));
            for digit in (1..=side as u8).filter(|&digit| placed & bit(digit) == 0) {
                let mut places = region
                    .iter()
                    .copied()
                    .filter(|&cell| allowed[cell] & bit(digit) != 0);
                match (places.next(), places.next()) {
                    (None, _) => return,
                    (Some(place), None) if single.is_none() && digits.count_ones() > 1 => {
                        single = Some((place, digit));
                    }
                    _ => {}
                }
            }
        }
        let tries: Vec<(usize, u8)> = match single {
            Some(single) => vec![single],
            None => (1..64)
                .filter(|&digit| digits & bit(digit) != 0)
                .map(|digit| (cell, digit))
                .collect(),
        };
        for (cell, digit) in tries {
            grid[cell] = digit;
            self.backtrack(grid, found);
            grid[cell] = 0;
            if *found >= self.limit {
                break;
            }
        }
    }
}
