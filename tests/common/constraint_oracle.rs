//! Plain backtracking under rows, columns, boxes and the rules beyond "once
//! per unit" (thermometers, dots, XV, their negative rules, odd/even,
//! minimum/maximum, palindromes, clones, whispers, renban and entropic
//! lines, arrows, between lines, quadruples, little killers, sandwiches,
//! region-sum lines), each rule checked from its definition on a partial grid: an
//! oracle for the library's compilation of those rules into forbidden pairs
//! and placements, sharing no code with it.
//!
//! The search takes the empty cell with the fewest digits that break
//! nothing when placed, so that cut 9x9 puzzles take milliseconds.

/// One rule, as it is stated; cells are numbered `row * side + column`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Rule {
    /// Digits strictly increase along the cells, from the first.
    Thermometer(Vec<usize>),
    /// The two digits differ by the value.
    WhiteDot([usize; 2], u8),
    /// One digit is the value times the other.
    BlackDot([usize; 2], u8),
    /// The two digits add up to the value.
    Xv([usize; 2], u8),
    /// Orthogonal neighbours without a white dot differ by more than 1.
    NonConsecutive,
    /// Orthogonal neighbours without a black dot are not in ratio 2.
    NegativeBlack,
    /// Orthogonal neighbours without an XV marker add up to neither 5 nor 10.
    NegativeXv,
    /// An odd digit.
    Odd(usize),
    /// An even digit.
    Even(usize),
    /// A digit smaller than those of the orthogonal neighbours.
    Minimum(usize),
    /// A digit larger than those of the orthogonal neighbours.
    Maximum(usize),
    /// The line reads the same from both ends.
    Palindrome(Vec<usize>),
    /// The second cells hold the digits of the first, place by place.
    Clone(Vec<usize>, Vec<usize>),
    /// Neighbours on the line differ by at least half the side, rounded up.
    Whispers(Vec<usize>),
    /// The line holds a set of consecutive digits.
    Renban(Vec<usize>),
    /// Every three cells in a row on the line hold one digit of each third
    /// of the digits (1-3, 4-6, 7-9 on 9x9).
    Entropic(Vec<usize>),
    /// The shaft's digits (second) add up to the number the bulb's digits
    /// (first) read.
    Arrow(Vec<usize>, Vec<usize>),
    /// The digits of the cells between the two ends lie strictly between
    /// the ends' digits.
    Between(Vec<usize>),
    /// The listed digits appear among the cells, each as often as listed.
    Quadruple(Vec<usize>, Vec<u8>),
    /// The digits of the cells (a diagonal) add up to the value.
    LittleKiller(Vec<usize>, u32),
    /// The digits between the 1 and the largest digit of the cells (a row
    /// or column) add up to the value.
    Sandwich(Vec<usize>, u32),
    /// The runs of the line in each box add up to one sum.
    RegionSum(Vec<usize>),
    /// The cells hold different digits.
    ExtraRegion(Vec<usize>),
}

impl Rule {
    /// The cells the rule names; none for a negative rule.
    pub fn cells(&self) -> Vec<usize> {
        match self {
            Rule::Thermometer(cells)
            | Rule::Palindrome(cells)
            | Rule::Whispers(cells)
            | Rule::Renban(cells)
            | Rule::Entropic(cells)
            | Rule::Between(cells)
            | Rule::Quadruple(cells, _)
            | Rule::LittleKiller(cells, _)
            | Rule::Sandwich(cells, _)
            | Rule::RegionSum(cells)
            | Rule::ExtraRegion(cells) => cells.clone(),
            Rule::WhiteDot(pair, _) | Rule::BlackDot(pair, _) | Rule::Xv(pair, _) => pair.to_vec(),
            Rule::NonConsecutive | Rule::NegativeBlack | Rule::NegativeXv => Vec::new(),
            Rule::Odd(cell) | Rule::Even(cell) | Rule::Minimum(cell) | Rule::Maximum(cell) => {
                vec![*cell]
            }
            Rule::Clone(cells, copy) | Rule::Arrow(cells, copy) => {
                cells.iter().chain(copy).copied().collect()
            }
        }
    }
}

/// The negative rules, as bits of the checks on one neighbour pair.
const NOT_CONSECUTIVE: u8 = 1;
const NOT_DOUBLE: u8 = 2;
const NOT_FIVE_OR_TEN: u8 = 4;

/// A square grid with boxes of `box_rows` x `box_columns` and `rules`.
#[derive(Debug, Clone)]
pub struct ConstraintOracle {
    side: usize,
    rules: Vec<Rule>,
    /// The row, column and box of each cell.
    units: Vec<[usize; 3]>,
    /// The orthogonal neighbours of each cell.
    neighbours: Vec<Vec<usize>>,
    /// The rules naming each cell, and the cells of the minimum or maximum
    /// rules next to it, by their index in `rules`.
    touching: Vec<Vec<usize>>,
    /// The negative checks between each cell and each neighbour.
    negative: Vec<Vec<(usize, u8)>>,
}

impl ConstraintOracle {
    /// The oracle of a `side` x `side` grid with boxes of `box_rows` rows
    /// and `box_columns` columns under `rules`.
    pub fn new(side: usize, (box_rows, box_columns): (usize, usize), rules: Vec<Rule>) -> Self {
        let cells = side * side;
        let units = (0..cells)
            .map(|cell| {
                let (row, column) = (cell / side, cell % side);
                let boxes_across = side / box_columns;
                let block = row / box_rows * boxes_across + column / box_columns;
                [row, side + column, 2 * side + block]
            })
            .collect();
        let neighbours: Vec<Vec<usize>> = (0..cells)
            .map(|cell| {
                let (row, column) = (cell / side, cell % side);
                let mut found = Vec::new();
                if row > 0 {
                    found.push(cell - side);
                }
                if row + 1 < side {
                    found.push(cell + side);
                }
                if column > 0 {
                    found.push(cell - 1);
                }
                if column + 1 < side {
                    found.push(cell + 1);
                }
                found
            })
            .collect();
        let mut touching = vec![Vec::new(); cells];
        for (index, rule) in rules.iter().enumerate() {
            let mut named = rule.cells();
            if let Rule::Minimum(cell) | Rule::Maximum(cell) = rule {
                named.extend(&neighbours[*cell]);
            }
            for cell in named {
                if !touching[cell].contains(&index) {
                    touching[cell].push(index);
                }
            }
        }
        let mut oracle = ConstraintOracle {
            side,
            rules,
            units,
            neighbours,
            touching,
            negative: Vec::new(),
        };
        oracle.negative = (0..cells)
            .map(|cell| {
                oracle.neighbours[cell]
                    .iter()
                    .map(|&other| (other, oracle.negative_checks(cell, other)))
                    .filter(|&(_, checks)| checks != 0)
                    .collect()
            })
            .collect();
        oracle
    }

    /// The rules, in their order.
    pub fn rules(&self) -> &[Rule] {
        &self.rules
    }

    /// The negative checks on the neighbours `a` and `b`: those of the
    /// negative rules present whose marker is not between them.
    fn negative_checks(&self, a: usize, b: usize) -> u8 {
        let marked = |kind: fn(&Rule) -> bool| {
            self.rules.iter().any(|rule| {
                let cells = rule.cells();
                kind(rule) && cells.contains(&a) && cells.contains(&b)
            })
        };
        let is_dot = |r: &Rule| matches!(r, Rule::WhiteDot(..) | Rule::BlackDot(..));
        let mut checks = 0;
        for rule in &self.rules {
            checks |= match rule {
                // A dot of either colour exempts its pair from both kropki
                // negative rules (1 and 2 take either dot).
                Rule::NonConsecutive if !marked(is_dot) => NOT_CONSECUTIVE,
                Rule::NegativeBlack if !marked(is_dot) => NOT_DOUBLE,
                Rule::NegativeXv if !marked(|r| matches!(r, Rule::Xv(..))) => NOT_FIVE_OR_TEN,
                _ => 0,
            };
        }
        checks
    }

    /// True when the digits `x` and `y` of two neighbours pass `checks`.
    fn negative_pass(checks: u8, x: u8, y: u8) -> bool {
        !(checks & NOT_CONSECUTIVE != 0 && x.abs_diff(y) == 1
            || checks & NOT_DOUBLE != 0 && (x == 2 * y || y == 2 * x)
            || checks & NOT_FIVE_OR_TEN != 0 && (x + y == 5 || x + y == 10))
    }

    /// True when rule `index` holds on the filled cells of `grid` (0 is a
    /// blank): no two filled cells break it.
    pub fn holds(&self, index: usize, grid: &[u8]) -> bool {
        let n = self.side as u8;
        let filled = |cells: &[usize]| -> Vec<u8> {
            cells
                .iter()
                .map(|&c| grid[c])
                .filter(|&digit| digit != 0)
                .collect()
        };
        let both = |[a, b]: [usize; 2]| (grid[a] != 0 && grid[b] != 0).then(|| (grid[a], grid[b]));
        match &self.rules[index] {
            Rule::Thermometer(cells) => filled(cells).windows(2).all(|w| w[0] < w[1]),
            Rule::WhiteDot(pair, difference) => {
                both(*pair).is_none_or(|(x, y)| x.abs_diff(y) == *difference)
            }
            Rule::BlackDot(pair, ratio) => both(*pair).is_none_or(|(x, y)| {
                u32::from(x) == u32::from(y) * u32::from(*ratio)
                    || u32::from(y) == u32::from(x) * u32::from(*ratio)
            }),
            Rule::Xv(pair, sum) => both(*pair).is_none_or(|(x, y)| x + y == *sum),
            Rule::NonConsecutive | Rule::NegativeBlack | Rule::NegativeXv => {
                let only = match self.rules[index] {
                    Rule::NonConsecutive => NOT_CONSECUTIVE,
                    Rule::NegativeBlack => NOT_DOUBLE,
                    _ => NOT_FIVE_OR_TEN,
                };
                (0..grid.len()).all(|a| {
                    self.negative[a].iter().all(|&(b, checks)| {
                        grid[a] == 0
                            || grid[b] == 0
                            || Self::negative_pass(checks & only, grid[a], grid[b])
                    })
                })
            }
            Rule::Odd(cell) => grid[*cell] % 2 == 1 || grid[*cell] == 0,
            Rule::Even(cell) => grid[*cell] % 2 == 0,
            Rule::Minimum(cell) => self.neighbours[*cell]
                .iter()
                .all(|&other| both([*cell, other]).is_none_or(|(x, y)| x < y)),
            Rule::Maximum(cell) => self.neighbours[*cell]
                .iter()
                .all(|&other| both([*cell, other]).is_none_or(|(x, y)| x > y)),
            Rule::Palindrome(cells) => cells
                .iter()
                .zip(cells.iter().rev())
                .all(|(&a, &b)| both([a, b]).is_none_or(|(x, y)| x == y)),
            Rule::Clone(cells, copy) => cells
                .iter()
                .zip(copy)
                .all(|(&a, &b)| both([a, b]).is_none_or(|(x, y)| x == y)),
            Rule::Whispers(cells) => cells
                .windows(2)
                .all(|w| both([w[0], w[1]]).is_none_or(|(x, y)| x.abs_diff(y) >= n.div_ceil(2))),
            Rule::Renban(cells) => {
                let digits = filled(cells);
                let distinct = digits
                    .iter()
                    .enumerate()
                    .all(|(i, d)| !digits[..i].contains(d));
                let span = match (digits.iter().min(), digits.iter().max()) {
                    (Some(low), Some(high)) => usize::from(high - low),
                    _ => 0,
                };
                distinct && span < cells.len()
            }
            Rule::Arrow(bulb, shaft) => {
                // Once the bulb is read, the shaft's filled digits and what
                // its blank cells can add (1 to n each) must reach it.
                let number = bulb.iter().try_fold(0u32, |value, &cell| {
                    (grid[cell] != 0).then(|| value * 10 + u32::from(grid[cell]))
                });
                let Some(number) = number else {
                    return true;
                };
                let sum: u32 = filled(shaft).iter().map(|&d| u32::from(d)).sum();
                let blank = (shaft.len() - filled(shaft).len()) as u32;
                sum + blank <= number && number <= sum + blank * u32::from(n)
            }
            Rule::Between(cells) => {
                // Both ends known: each inner digit strictly between; one
                // end known: no inner digit equals it.
                let (a, b) = (grid[cells[0]], grid[cells[cells.len() - 1]]);
                let inner = filled(&cells[1..cells.len() - 1]);
                let blank_inner = cells.len() - 2 - inner.len();
                match (a, b) {
                    (0, 0) => true,
                    (0, end) | (end, 0) => !inner.contains(&end),
                    _ => {
                        let (low, high) = (a.min(b), a.max(b));
                        let room = blank_inner == 0 || high - low >= 2;
                        room && inner.iter().all(|&d| low < d && d < high)
                    }
                }
            }
            Rule::ExtraRegion(cells) => {
                let digits = filled(cells);
                (0..digits.len()).all(|i| !digits[..i].contains(&digits[i]))
            }
            Rule::LittleKiller(cells, sum) => {
                // What the blank cells can add (1 to n each) reaches it.
                let known: u32 = filled(cells).iter().map(|&d| u32::from(d)).sum();
                let blank = (cells.len() - filled(cells).len()) as u32;
                known + blank <= *sum && *sum <= known + blank * u32::from(n)
            }
            Rule::Sandwich(cells, sum) => {
                // Once the 1 and the n are placed, the cells between them
                // (2 to n - 1 each) can add up to the sum.
                let place = |digit: u8| cells.iter().position(|&c| grid[c] == digit);
                let (Some(a), Some(b)) = (place(1), place(n)) else {
                    return true;
                };
                let between = &cells[a.min(b) + 1..a.max(b)];
                let known: u32 = filled(between).iter().map(|&d| u32::from(d)).sum();
                let blank = (between.len() - filled(between).len()) as u32;
                known + 2 * blank <= *sum && *sum <= known + blank * u32::from(n - 1)
            }
            Rule::RegionSum(cells) => {
                // The ranges each run in one box can still add up to meet.
                let (mut low, mut high) = (0u32, u32::MAX);
                let mut start = 0;
                for k in 1..=cells.len() {
                    let box_of = |c: usize| self.units[c][2];
                    if k < cells.len() && box_of(cells[k]) == box_of(cells[k - 1]) {
                        continue;
                    }
                    let run = &cells[start..k];
                    let known: u32 = filled(run).iter().map(|&d| u32::from(d)).sum();
                    let blank = (run.len() - filled(run).len()) as u32;
                    low = low.max(known + blank);
                    high = high.min(known + blank * u32::from(n));
                    start = k;
                }
                low <= high
            }
            Rule::Quadruple(cells, digits) => {
                // The listed digits still missing fit in the blank cells.
                let present = filled(cells);
                let blank = cells.len() - present.len();
                let mut missing = 0;
                for (i, &d) in digits.iter().enumerate() {
                    if digits[..i].contains(&d) {
                        continue;
                    }
                    let listed = digits.iter().filter(|&&e| e == d).count();
                    let there = present.iter().filter(|&&e| e == d).count();
                    missing += listed.saturating_sub(there);
                }
                missing <= blank
            }
            Rule::Entropic(cells) => {
                let third = n / 3;
                cells.windows(3.min(cells.len())).all(|window| {
                    let bands: Vec<u8> = filled(window).iter().map(|d| (d - 1) / third).collect();
                    bands
                        .iter()
                        .enumerate()
                        .all(|(i, band)| !bands[..i].contains(band))
                })
            }
        }
    }

    /// True when no digit repeats in a row, column or box of `grid` and
    /// every rule holds on its filled cells.
    pub fn is_consistent(&self, grid: &[u8]) -> bool {
        let mut seen = vec![0u32; 3 * self.side];
        for (cell, &digit) in grid.iter().enumerate() {
            if digit == 0 {
                continue;
            }
            for unit in self.units[cell] {
                if seen[unit] & 1 << digit != 0 {
                    return false;
                }
                seen[unit] |= 1 << digit;
            }
        }
        (0..self.rules.len()).all(|index| self.holds(index, grid))
    }

    /// [`ConstraintOracle::is_consistent`] for givens: a rule that adds up
    /// cells along a line (a little killer, a sandwich, a region-sum line)
    /// is judged only once its cells are all given, as the rules check
    /// judges it; before, its bounds only prune the search.
    fn givens_consistent(&self, grid: &[u8]) -> bool {
        let judged = |rule: &Rule| match rule {
            Rule::LittleKiller(cells, _) | Rule::Sandwich(cells, _) | Rule::RegionSum(cells) => {
                cells.iter().all(|&cell| grid[cell] != 0)
            }
            _ => true,
        };
        let units_only = ConstraintOracle {
            rules: Vec::new(),
            ..self.clone()
        };
        units_only.is_consistent(grid)
            && (0..self.rules.len()).all(|i| !judged(&self.rules[i]) || self.holds(i, grid))
    }

    /// True when `grid` is filled and obeys every rule.
    pub fn is_solution(&self, grid: &[u8]) -> bool {
        grid.len() == self.side * self.side
            && grid
                .iter()
                .all(|&digit| (1..=self.side as u8).contains(&digit))
            && self.is_consistent(grid)
    }

    /// The indexes of the rules `grid` breaks.
    pub fn broken(&self, grid: &[u8]) -> Vec<usize> {
        (0..self.rules.len())
            .filter(|&index| !self.holds(index, grid))
            .collect()
    }

    /// The solutions of `puzzle` up to `limit`; `None` when its givens
    /// already break a rule or repeat a digit in a unit (a sum along a
    /// line only once its cells are all given).
    pub fn count_solutions(&self, puzzle: &[u8], limit: u64) -> Option<u64> {
        if !self.givens_consistent(puzzle) {
            return None;
        }
        if !self.is_consistent(puzzle) {
            return Some(0);
        }
        let mut grid = puzzle.to_vec();
        let mut found = 0;
        let (mut order, mut nodes) = (|_: usize| 0, u64::MAX);
        self.search(&mut grid, limit, &mut found, &mut order, &mut nodes);
        Some(found)
    }

    /// A random solution of the empty grid, its digits tried in the order
    /// `below` draws (`below(k)` is a number in `0..k`); `None` when the
    /// search took more than `nodes` nodes.
    pub fn random_solution(
        &self,
        mut below: impl FnMut(usize) -> usize,
        mut nodes: u64,
    ) -> Option<Vec<u8>> {
        let mut grid = vec![0; self.side * self.side];
        let mut found = 0;
        self.search(&mut grid, 1, &mut found, &mut below, &mut nodes);
        (found == 1).then_some(grid)
    }

    /// The digits `cell` can take in `grid`, as bits, with `used` the
    /// digits of each unit: those no unit holds and whose placement breaks
    /// no rule.
    fn candidates(&self, grid: &mut [u8], used: &[u32], cell: usize) -> u32 {
        let [row, column, block] = self.units[cell];
        let taken = used[row] | used[column] | used[block];
        let mut bits = 0;
        for digit in 1..=self.side as u8 {
            if taken & 1 << digit != 0 {
                continue;
            }
            let negative_ok = self.negative[cell].iter().all(|&(other, checks)| {
                grid[other] == 0 || Self::negative_pass(checks, digit, grid[other])
            });
            if !negative_ok {
                continue;
            }
            grid[cell] = digit;
            if self.touching[cell]
                .iter()
                .all(|&index| self.holds(index, grid))
            {
                bits |= 1 << digit;
            }
            grid[cell] = 0;
        }
        bits
    }

    /// Fills `grid` by backtracking, counting solutions into `found` up to
    /// `limit` and leaving the last one in `grid` when `limit` is reached;
    /// digits are tried from a random start `below` draws, and the search
    /// gives up when `nodes` runs out.
    fn search(
        &self,
        grid: &mut [u8],
        limit: u64,
        found: &mut u64,
        below: &mut impl FnMut(usize) -> usize,
        nodes: &mut u64,
    ) {
        if *nodes == 0 {
            return;
        }
        *nodes -= 1;
        let mut used = vec![0u32; 3 * self.side];
        for (cell, &digit) in grid.iter().enumerate() {
            for unit in self.units[cell] {
                used[unit] |= 1 << digit;
            }
        }
        let mut best: Option<(usize, u32)> = None;
        for cell in 0..grid.len() {
            if grid[cell] != 0 {
                continue;
            }
            let bits = self.candidates(grid, &used, cell);
            if bits == 0 {
                return;
            }
            if best.is_none_or(|(_, most)| bits.count_ones() < most.count_ones()) {
                best = Some((cell, bits));
                if bits.count_ones() == 1 {
                    break;
                }
            }
        }
        let Some((cell, bits)) = best else {
            *found += 1;
            return;
        };
        let n = self.side;
        let start = below(n);
        for k in 0..n {
            let digit = (start + k) % n + 1;
            if bits & 1 << digit == 0 {
                continue;
            }
            grid[cell] = digit as u8;
            self.search(grid, limit, found, below, nodes);
            if *found >= limit || *nodes == 0 {
                return;
            }
        }
        grid[cell] = 0;
    }
}
