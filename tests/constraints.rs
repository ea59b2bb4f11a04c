//! The solver's counts under the rules beyond "once per unit"
//! ([`sudoku_dlx::Constraint`]), checked against plain backtracking on the
//! rules as they are stated (`tests/common/constraint_oracle.rs`), so that a
//! wrong compilation of a rule into forbidden pairs and placements shows as
//! a wrong count.
//!
//! For every rule, and for several mixes of rules, random 9x9 solved grids
//! (made by the oracle) each get random rules that the grid obeys:
//! thermometers along paths whose digits rise, dots and markers where the
//! digits of the two cells relate so, lines whose digits fit, marked cells
//! by their digits; a negative rule with a marker on every pair it would
//! forbid, or on a grid filled under it. Each grid is cut to 22-36 givens
//! (14-30 under a negative rule, which leaves few solutions; 28-42 under
//! odd/even, minimum/maximum, palindromes and clones, which rule out
//! little), and every fifth puzzle has one given changed to another digit. On every
//! puzzle the library's count up to 2 must be the oracle's; givens that
//! break a rule by its definition must be refused, and a refusal must be
//! of a puzzle with no solution; every solution must obey the rules by the
//! oracle and keep the givens. `Geometry::first_conflict` must pass the
//! solved grid and, on the grid with its digits relabelled and on another
//! solved grid, name a rule broken there, if any. 6x6 puzzles with 2x3 boxes and every rule are counted
//! up to 20 solutions on both sides. The puzzles of each test must include
//! some with no solution, one and several (and of each rule or mix, from
//! 100 puzzles each), so that no check passes vacuously.
//!
//! The first 40 unique 9x9 puzzles of each rule or mix are explained, and
//! every step of the path is checked against the solution.
//!
//! `$SUDOKU_CONSTRAINT_PUZZLES` sets the puzzles per rule or mix: 15 unless
//! set; `.ci/reliability` runs 300 in a release build.

use crate::common;

use common::constraint_oracle::{ConstraintOracle, Rule};
use sudoku_dlx::{
    Boxes, Constraint, ConstraintKind, Explainer, Geometry, Grid, Rng, Rules, Shape, Size, Solver,
    Unit,
};

/// The rows and columns of the boxes the rules are made on, for a grid of
/// `side`: 3x3, 2x2, or 2x3.
fn box_shape(side: usize) -> (usize, usize) {
    match side {
        9 => (3, 3),
        4 => (2, 2),
        _ => (2, 3),
    }
}

/// Puzzles per rule or mix of rules.
fn puzzles() -> usize {
    std::env::var("SUDOKU_CONSTRAINT_PUZZLES")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(15)
}

/// The kind of a rule.
fn kind_of(rule: &Rule) -> ConstraintKind {
    match rule {
        Rule::ExtraRegion(_) => ConstraintKind::ExtraRegion,
        _ => constraint(rule).kind(),
    }
}

/// The library's form of a rule; an extra region is none (it is one of
/// [`Rules::extra_regions`]).
fn constraint(rule: &Rule) -> Constraint {
    match rule.clone() {
        Rule::ExtraRegion(_) => unreachable!("an extra region is no constraint"),
        Rule::Thermometer(cells) => Constraint::Thermometer(cells),
        Rule::WhiteDot(cells, difference) => Constraint::WhiteDot { cells, difference },
        Rule::BlackDot(cells, ratio) => Constraint::BlackDot { cells, ratio },
        Rule::Xv(cells, sum) => Constraint::Xv { cells, sum },
        Rule::NonConsecutive => Constraint::NonConsecutive,
        Rule::NegativeBlack => Constraint::NegativeBlack,
        Rule::NegativeXv => Constraint::NegativeXv,
        Rule::Odd(cell) => Constraint::Odd(cell),
        Rule::Even(cell) => Constraint::Even(cell),
        Rule::Minimum(cell) => Constraint::Minimum(cell),
        Rule::Maximum(cell) => Constraint::Maximum(cell),
        Rule::Palindrome(cells) => Constraint::Palindrome(cells),
        Rule::Clone(cells, copy) => Constraint::Clone { cells, copy },
        Rule::Whispers(cells) => Constraint::Whispers(cells),
        Rule::Renban(cells) => Constraint::Renban(cells),
        Rule::Entropic(cells) => Constraint::Entropic(cells),
        Rule::Arrow(bulb, shaft) => Constraint::Arrow { bulb, shaft },
        Rule::Between(cells) => Constraint::Between(cells),
        Rule::Quadruple(cells, digits) => Constraint::Quadruple { cells, digits },
        Rule::LittleKiller(cells, sum) => Constraint::LittleKiller { cells, sum },
        Rule::Sandwich(cells, sum) => Constraint::Sandwich { cells, sum },
        Rule::RegionSum(cells) => Constraint::RegionSum(cells),
    }
}

/// The library's form of `rules`: the constraints, and the extra regions
/// (which are [`Rules::extra_regions`], not constraints).
fn library_rules(rules: &[Rule]) -> (Vec<Constraint>, Vec<Vec<usize>>) {
    let constraints = rules
        .iter()
        .filter(|rule| !matches!(rule, Rule::ExtraRegion(_)))
        .map(constraint)
        .collect();
    let extra_regions = rules
        .iter()
        .filter_map(|rule| match rule {
            Rule::ExtraRegion(cells) => Some(cells.clone()),
            _ => None,
        })
        .collect();
    (constraints, extra_regions)
}

/// A grid of `side` and its boxes, for making rules on a solved grid.
struct Board<'a> {
    side: usize,
    solved: &'a [u8],
    rng: &'a mut Rng,
}

impl Board<'_> {
    fn cells(&self) -> usize {
        self.side * self.side
    }

    /// The cells a king's move from `cell`: the steps of a line.
    fn king(&self, cell: usize) -> Vec<usize> {
        let n = self.side as isize;
        let (row, column) = (cell as isize / n, cell as isize % n);
        let mut found = Vec::new();
        for dr in -1..=1 {
            for dc in -1..=1 {
                let (r, c) = (row + dr, column + dc);
                if (dr, dc) != (0, 0) && (0..n).contains(&r) && (0..n).contains(&c) {
                    found.push((r * n + c) as usize);
                }
            }
        }
        found
    }

    /// Every pair of orthogonal neighbours, the first earlier.
    fn pairs(&self) -> Vec<[usize; 2]> {
        let n = self.side;
        (0..self.cells())
            .flat_map(|cell| {
                let right = (cell % n + 1 < n).then_some([cell, cell + 1]);
                let below = (cell + n < n * n).then_some([cell, cell + n]);
                right.into_iter().chain(below)
            })
            .collect()
    }

    /// Up to `count` random pairs of neighbours whose digits satisfy
    /// `fits`, in random order.
    fn some_pairs(&mut self, count: usize, fits: impl Fn(u8, u8) -> bool) -> Vec<[usize; 2]> {
        let mut pairs: Vec<[usize; 2]> = self
            .pairs()
            .into_iter()
            .filter(|&[a, b]| fits(self.solved[a], self.solved[b]))
            .collect();
        self.rng.shuffle(&mut pairs);
        pairs.truncate(count);
        pairs
    }

    /// Up to `count` random cells whose digit `fits`.
    fn some_cells(&mut self, count: usize, fits: impl Fn(usize) -> bool) -> Vec<usize> {
        let mut cells: Vec<usize> = (0..self.cells()).filter(|&c| fits(c)).collect();
        self.rng.shuffle(&mut cells);
        cells.truncate(count);
        cells
    }

    /// A random path of `length` cells by king's moves, none in `taken`,
    /// each step allowed by `fits(path so far, next)`; `None` when random
    /// walks keep getting stuck.
    fn path(
        &mut self,
        length: usize,
        taken: &[usize],
        fits: impl Fn(&[usize], usize) -> bool,
    ) -> Option<Vec<usize>> {
        for _ in 0..300 {
            let start = self.rng.below(self.cells());
            if taken.contains(&start) || !fits(&[], start) {
                continue;
            }
            let mut path = vec![start];
            while path.len() < length {
                let steps: Vec<usize> = self
                    .king(*path.last().unwrap())
                    .into_iter()
                    .filter(|c| !taken.contains(c) && !path.contains(c) && fits(&path, *c))
                    .collect();
                if steps.is_empty() {
                    break;
                }
                path.push(steps[self.rng.below(steps.len())]);
            }
            if path.len() == length {
                return Some(path);
            }
        }
        None
    }

    /// `count` lines of `lengths` made by [`Board::path`], not crossing.
    fn lines(
        &mut self,
        count: usize,
        lengths: std::ops::RangeInclusive<usize>,
        fits: impl Fn(&[u8], &[usize], usize) -> bool,
    ) -> Vec<Vec<usize>> {
        let mut lines: Vec<Vec<usize>> = Vec::new();
        for _ in 0..count {
            let length = lengths.start() + self.rng.below(lengths.end() - lengths.start() + 1);
            let taken: Vec<usize> = lines.concat();
            let solved = self.solved;
            if let Some(line) = self.path(length, &taken, |path, next| fits(solved, path, next)) {
                lines.push(line);
            }
        }
        lines
    }

    /// A palindrome of up to `length` cells grown from its middle: both
    /// ends step at once onto cells of the same digit.
    fn palindrome(&mut self, length: usize, taken: &[usize]) -> Option<Vec<usize>> {
        for _ in 0..300 {
            let mut line = vec![self.rng.below(self.cells())];
            if length % 2 == 0 {
                let steps: Vec<usize> = self
                    .king(line[0])
                    .into_iter()
                    .filter(|&c| self.solved[c] == self.solved[line[0]])
                    .collect();
                if steps.is_empty() {
                    continue;
                }
                line.push(steps[self.rng.below(steps.len())]);
            }
            while line.len() + 2 <= length {
                let (first, last) = (line[0], *line.last().unwrap());
                let mut ends = Vec::new();
                for a in self.king(first) {
                    for b in self.king(last) {
                        let free = |c: usize| !line.contains(&c) && !taken.contains(&c);
                        if a != b && free(a) && free(b) && self.solved[a] == self.solved[b] {
                            ends.push((a, b));
                        }
                    }
                }
                if ends.is_empty() {
                    break;
                }
                let (a, b) = ends[self.rng.below(ends.len())];
                line.insert(0, a);
                line.push(b);
            }
            if line.len() >= 3 && !line.iter().any(|c| taken.contains(c)) {
                return Some(line);
            }
        }
        None
    }

    /// A clone of a random path of up to `length` cells: moved as a whole
    /// where the digits allow, else onto other cells of the same digits.
    fn clone_of(&mut self, length: usize, taken: &[usize]) -> Option<Rule> {
        let cells = self.path(length, taken, |_, _| true)?;
        let n = self.side as isize;
        let mut shifts: Vec<(isize, isize)> = Vec::new();
        for dr in -n + 1..n {
            for dc in -n + 1..n {
                let moved: Option<Vec<usize>> = cells
                    .iter()
                    .map(|&c| {
                        let (r, col) = (c as isize / n + dr, c as isize % n + dc);
                        ((0..n).contains(&r) && (0..n).contains(&col))
                            .then_some((r * n + col) as usize)
                    })
                    .collect();
                let fits = moved.is_some_and(|moved| {
                    moved.iter().zip(&cells).all(|(&m, &c)| {
                        self.solved[m] == self.solved[c]
                            && !cells.contains(&m)
                            && !taken.contains(&m)
                    })
                });
                if fits {
                    shifts.push((dr, dc));
                }
            }
        }
        let copy: Vec<usize> = if shifts.is_empty() {
            let mut copy = Vec::new();
            for &c in &cells {
                let mut same: Vec<usize> = (0..self.cells())
                    .filter(|&o| {
                        self.solved[o] == self.solved[c]
                            && !cells.contains(&o)
                            && !copy.contains(&o)
                            && !taken.contains(&o)
                    })
                    .collect();
                self.rng.shuffle(&mut same);
                copy.push(*same.first()?);
            }
            copy
        } else {
            let (dr, dc) = shifts[self.rng.below(shifts.len())];
            cells
                .iter()
                .map(|&c| ((c as isize / n + dr) * n + c as isize % n + dc) as usize)
                .collect()
        };
        Some(Rule::Clone(cells, copy))
    }

    /// Random rules of kind `part` that the solved grid obeys; a negative
    /// rule comes with a marker on every pair it would forbid.
    fn rules(&mut self, part: ConstraintKind) -> Vec<Rule> {
        let n = self.side as u8;
        let third = n / 3;
        let some = |rng: &mut Rng, low: usize, high: usize| low + rng.below(high - low + 1);
        let mut rules = Vec::new();
        match part {
            ConstraintKind::Thermometer => {
                let count = some(self.rng, 3, 6);
                let lines = self.lines(count, 3..=6, |s, path, next| {
                    path.last().is_none_or(|&last| s[next] > s[last])
                });
                rules.extend(lines.into_iter().map(Rule::Thermometer));
            }
            ConstraintKind::WhiteDot => {
                let count = some(self.rng, 6, 14);
                for pair in self.some_pairs(count, |x, y| x.abs_diff(y) == 1) {
                    rules.push(Rule::WhiteDot(pair, 1));
                }
                for [a, b] in self.some_pairs(2, |x, y| x.abs_diff(y) > 1) {
                    rules.push(Rule::WhiteDot(
                        [a, b],
                        self.solved[a].abs_diff(self.solved[b]),
                    ));
                }
            }
            ConstraintKind::BlackDot => {
                let count = some(self.rng, 5, 10);
                for pair in self.some_pairs(count, |x, y| x == 2 * y || y == 2 * x) {
                    rules.push(Rule::BlackDot(pair, 2));
                }
                for ratio in [3, 4] {
                    let in_ratio = |x: u8, y: u8| x == ratio * y || y == ratio * x;
                    for pair in self.some_pairs(1, in_ratio) {
                        rules.push(Rule::BlackDot(pair, ratio));
                    }
                }
            }
            ConstraintKind::Xv => {
                let count = some(self.rng, 5, 12);
                for [a, b] in self.some_pairs(count, |x, y| x + y == 10 || x + y == 5) {
                    rules.push(Rule::Xv([a, b], self.solved[a] + self.solved[b]));
                }
                for [a, b] in self.some_pairs(2, |x, y| x + y != 10 && x + y != 5) {
                    rules.push(Rule::Xv([a, b], self.solved[a] + self.solved[b]));
                }
            }
            ConstraintKind::NonConsecutive => {
                for pair in self.some_pairs(usize::MAX, |x, y| x.abs_diff(y) == 1) {
                    rules.push(Rule::WhiteDot(pair, 1));
                }
                // A dot of another value also lifts the rule from its pair.
                for [a, b] in self.some_pairs(2, |x, y| x.abs_diff(y) > 1) {
                    rules.push(Rule::WhiteDot(
                        [a, b],
                        self.solved[a].abs_diff(self.solved[b]),
                    ));
                }
                rules.push(Rule::NonConsecutive);
            }
            ConstraintKind::NegativeBlack => {
                for pair in self.some_pairs(usize::MAX, |x, y| x == 2 * y || y == 2 * x) {
                    rules.push(Rule::BlackDot(pair, 2));
                }
                for pair in self.some_pairs(1, |x, y| x == 3 * y || y == 3 * x) {
                    rules.push(Rule::BlackDot(pair, 3));
                }
                rules.push(Rule::NegativeBlack);
            }
            ConstraintKind::NegativeXv => {
                for [a, b] in self.some_pairs(usize::MAX, |x, y| x + y == 10 || x + y == 5) {
                    rules.push(Rule::Xv([a, b], self.solved[a] + self.solved[b]));
                }
                for [a, b] in self.some_pairs(2, |x, y| x + y != 10 && x + y != 5) {
                    rules.push(Rule::Xv([a, b], self.solved[a] + self.solved[b]));
                }
                rules.push(Rule::NegativeXv);
            }
            ConstraintKind::Odd | ConstraintKind::Even => {
                let count = some(self.rng, 8, 20);
                let odd = part == ConstraintKind::Odd;
                let solved = self.solved;
                for cell in self.some_cells(count, |c| (solved[c] % 2 == 1) == odd) {
                    rules.push(if odd {
                        Rule::Odd(cell)
                    } else {
                        Rule::Even(cell)
                    });
                }
            }
            ConstraintKind::Minimum | ConstraintKind::Maximum => {
                let count = some(self.rng, 2, 6);
                let maximum = part == ConstraintKind::Maximum;
                let (solved, side) = (self.solved, self.side);
                let extreme = |c: usize| {
                    let (row, column) = (c / side, c % side);
                    let others = [
                        (row > 0).then(|| c - side),
                        (row + 1 < side).then_some(c + side),
                        (column > 0).then(|| c - 1),
                        (column + 1 < side).then_some(c + 1),
                    ];
                    others.into_iter().flatten().all(|o| {
                        if maximum {
                            solved[c] > solved[o]
                        } else {
                            solved[c] < solved[o]
                        }
                    })
                };
                for cell in self.some_cells(count, extreme) {
                    rules.push(if maximum {
                        Rule::Maximum(cell)
                    } else {
                        Rule::Minimum(cell)
                    });
                }
            }
            ConstraintKind::Palindrome => {
                for _ in 0..some(self.rng, 1, 3) {
                    let length = some(self.rng, 3, 7);
                    let taken: Vec<usize> = rules.iter().flat_map(Rule::cells).collect();
                    if let Some(line) = self.palindrome(length, &taken) {
                        rules.push(Rule::Palindrome(line));
                    }
                }
            }
            ConstraintKind::Clone => {
                for _ in 0..some(self.rng, 1, 2) {
                    let length = some(self.rng, 2, 4);
                    let taken: Vec<usize> = rules.iter().flat_map(Rule::cells).collect();
                    rules.extend(self.clone_of(length, &taken));
                }
            }
            ConstraintKind::Whispers => {
                let count = some(self.rng, 3, 5);
                let gap = n.div_ceil(2);
                let lines = self.lines(count, 3..=7, |s, path, next| {
                    path.last()
                        .is_none_or(|&last| s[next].abs_diff(s[last]) >= gap)
                });
                rules.extend(lines.into_iter().map(Rule::Whispers));
            }
            ConstraintKind::Renban => {
                for _ in 0..some(self.rng, 2, 4) {
                    let length = some(self.rng, 2, 5.min(self.side));
                    let taken: Vec<usize> = rules.iter().flat_map(Rule::cells).collect();
                    let solved = self.solved;
                    let line = self.path(length, &taken, |path, next| {
                        let mut digits: Vec<u8> = path.iter().map(|&c| solved[c]).collect();
                        let fresh = !digits.contains(&solved[next]);
                        digits.push(solved[next]);
                        let span = digits.iter().max().unwrap() - digits.iter().min().unwrap();
                        fresh && usize::from(span) < length
                    });
                    rules.extend(line.map(Rule::Renban));
                }
            }
            ConstraintKind::Entropic => {
                let count = some(self.rng, 2, 3);
                let band = move |digit: u8| (digit - 1) / third;
                let lines = self.lines(count, 3..=9, |s, path, next| {
                    path.iter()
                        .rev()
                        .take(2)
                        .all(|&c| band(s[c]) != band(s[next]))
                });
                rules.extend(lines.into_iter().map(Rule::Entropic));
            }
            ConstraintKind::Arrow => {
                // Bulbs of one cell, shafts of 2 to 4 cells whose digits
                // add up to the bulb's, along king's-move walks.
                let wanted = some(self.rng, 2, 4);
                let solved = self.solved;
                let mut taken: Vec<usize> = Vec::new();
                for _ in 0..200 {
                    if rules.len() == wanted {
                        break;
                    }
                    let length = 3 + self.rng.below(3);
                    let line = self.path(length, &taken, |path, next| match path.first() {
                        None => true,
                        Some(&bulb) => {
                            let shaft: u8 = path[1..].iter().map(|&c| solved[c]).sum();
                            shaft + solved[next] <= solved[bulb]
                        }
                    });
                    let Some(line) = line else { continue };
                    let shaft: u8 = line[1..].iter().map(|&c| solved[c]).sum();
                    if shaft == solved[line[0]] {
                        taken.extend(&line);
                        rules.push(Rule::Arrow(vec![line[0]], line[1..].to_vec()));
                    }
                }
            }
            ConstraintKind::Between => {
                // Lines of 3 to 6 cells whose inner digits lie between the
                // ends': grown from the first end, closed by a cell beyond.
                let count = some(self.rng, 2, 4);
                let solved = self.solved;
                for _ in 0..count {
                    let taken: Vec<usize> = rules.iter().flat_map(Rule::cells).collect();
                    let length = some(self.rng, 3, 6);
                    let line = self.path(length, &taken, |path, next| {
                        let Some(&first) = path.first() else {
                            return true;
                        };
                        let (a, d) = (solved[first], solved[next]);
                        let inner = path[1..].iter().map(|&c| solved[c]).chain([d]);
                        let (low, high) = (inner.clone().min().unwrap(), inner.max().unwrap());
                        // The last cell is an end beyond every inner digit,
                        // on the other side of the first end.
                        match path.len() + 1 == length {
                            true => {
                                let rest = path[1..].iter().map(|&c| solved[c]);
                                let (lo, hi) = (rest.clone().min(), rest.max());
                                match (lo, hi) {
                                    (Some(lo), Some(hi)) if a < lo => d > hi,
                                    (Some(lo), Some(hi)) if a > hi => d < lo,
                                    _ => false,
                                }
                            }
                            false => (a < low) == (a < high) && a != low && a != high,
                        }
                    });
                    rules.extend(line.map(Rule::Between));
                }
            }
            ConstraintKind::LittleKiller => {
                // Diagonals of at least three cells from a clue beside the
                // grid, each summed.
                let n = self.side as isize;
                for _ in 0..some(self.rng, 2, 4) {
                    let (dr, dc) = [(1, 1), (1, -1), (-1, 1), (-1, -1)][self.rng.below(4)];
                    // Start on the edge the diagonal enters from.
                    let along = self.rng.below(self.side - 2) as isize;
                    let (mut r, mut c) = match self.rng.below(2) {
                        0 => (if dr > 0 { 0 } else { n - 1 }, along),
                        _ => (along, if dc > 0 { 0 } else { n - 1 }),
                    };
                    let mut cells = Vec::new();
                    while (0..n).contains(&r) && (0..n).contains(&c) {
                        cells.push((r * n + c) as usize);
                        r += dr;
                        c += dc;
                    }
                    if cells.len() >= 3 && !rules.iter().any(|rule: &Rule| rule.cells() == cells) {
                        let sum = cells.iter().map(|&c| u32::from(self.solved[c])).sum();
                        rules.push(Rule::LittleKiller(cells, sum));
                    }
                }
            }
            ConstraintKind::Sandwich => {
                // Rows and columns from either end, each summed.
                let n = self.side;
                let mut lines: Vec<Vec<usize>> = Vec::new();
                for k in 0..n {
                    lines.push((0..n).map(|c| k * n + c).collect());
                    lines.push((0..n).map(|r| r * n + k).collect());
                }
                self.rng.shuffle(&mut lines);
                for mut cells in lines.into_iter().take(some(self.rng, 2, 5)) {
                    if self.rng.below(2) == 1 {
                        cells.reverse();
                    }
                    let place = |d: u8| cells.iter().position(|&c| self.solved[c] == d).unwrap();
                    let (a, b) = (place(1), place(n as u8));
                    let between = &cells[a.min(b) + 1..a.max(b)];
                    let sum = between.iter().map(|&c| u32::from(self.solved[c])).sum();
                    rules.push(Rule::Sandwich(cells, sum));
                }
            }
            ConstraintKind::RegionSum => {
                // King's-move walks through at least two boxes whose runs
                // in each box add up alike.
                let (box_rows, box_columns) = box_shape(self.side);
                let n = self.side;
                let box_of = |c: usize| (c / n / box_rows, c % n / box_columns);
                let solved = self.solved;
                let sums = |line: &[usize]| {
                    let mut sums: Vec<u32> = Vec::new();
                    for (k, &c) in line.iter().enumerate() {
                        match k > 0 && box_of(line[k - 1]) == box_of(c) {
                            true => *sums.last_mut().unwrap() += u32::from(solved[c]),
                            false => sums.push(u32::from(solved[c])),
                        }
                    }
                    sums
                };
                let wanted = some(self.rng, 2, 3);
                for _ in 0..400 {
                    if rules.len() == wanted {
                        break;
                    }
                    let taken: Vec<usize> = rules.iter().flat_map(Rule::cells).collect();
                    let length = some(self.rng, 3, 7);
                    let Some(line) = self.path(length, &taken, |_, _| true) else {
                        continue;
                    };
                    let sums = sums(&line);
                    if sums.len() >= 2 && sums.windows(2).all(|w| w[0] == w[1]) {
                        rules.push(Rule::RegionSum(line));
                    }
                }
            }
            ConstraintKind::ExtraRegion => {
                // Regions of 3 to side - 1 cells of different digits, grown
                // from a cell through orthogonal neighbours.
                let n = self.side;
                for _ in 0..some(self.rng, 1, 3) {
                    let taken: Vec<usize> = rules.iter().flat_map(Rule::cells).collect();
                    let size = some(self.rng, 3, n - 1);
                    let start = self.rng.below(n * n);
                    if taken.contains(&start) {
                        continue;
                    }
                    let mut region = vec![start];
                    for _ in 0..50 {
                        if region.len() == size {
                            break;
                        }
                        let at = region[self.rng.below(region.len())];
                        let (r, c) = (at / n, at % n);
                        let steps = [
                            (r > 0).then(|| at - n),
                            (r + 1 < n).then(|| at + n),
                            (c > 0).then(|| at - 1),
                            (c + 1 < n).then(|| at + 1),
                        ];
                        let next = steps[self.rng.below(4)];
                        if let Some(next) = next {
                            let digit = self.solved[next];
                            let fresh = !region.iter().any(|&o| self.solved[o] == digit);
                            if fresh && !taken.contains(&next) {
                                region.push(next);
                            }
                        }
                    }
                    if region.len() >= 3 {
                        rules.push(Rule::ExtraRegion(region));
                    }
                }
            }
            ConstraintKind::Quadruple => {
                // 2x2 blocks anywhere, with 1 to 4 of their digits listed.
                let count = some(self.rng, 3, 6);
                let n = self.side;
                for _ in 0..count {
                    let (row, column) = (self.rng.below(n - 1), self.rng.below(n - 1));
                    let corner = row * n + column;
                    let cells = vec![corner, corner + 1, corner + n, corner + n + 1];
                    let mut digits: Vec<u8> = cells.iter().map(|&c| self.solved[c]).collect();
                    self.rng.shuffle(&mut digits);
                    digits.truncate(some(self.rng, 1, 4));
                    digits.sort_unstable();
                    rules.push(Rule::Quadruple(cells, digits));
                }
            }
            ConstraintKind::KillerCage => {
                unreachable!("killer cages have their own oracle: tests/killer.rs")
            }
        }
        rules
    }
}

/// The givens of a 9x9 puzzle under a negative rule, whose markers alone
/// often leave one solution.
const NEGATIVE_GIVENS: std::ops::RangeInclusive<usize> = 14..=30;

/// The givens of a 9x9 puzzle under rules that rule out little.
const WEAK_GIVENS: std::ops::RangeInclusive<usize> = 28..=42;

/// One rule or mix to check.
struct Case {
    name: String,
    side: usize,
    parts: &'static [ConstraintKind],
    /// A negative rule half of the solved grids are filled under, instead
    /// of a plain grid with markers on every pair it would forbid.
    filled_under: Option<Rule>,
    /// The range of givens.
    givens: std::ops::RangeInclusive<usize>,
    /// The count limit on both sides.
    limit: u64,
    /// True when no puzzle can have several solutions.
    unique_only: bool,
    seed: u64,
}

impl Case {
    /// A 9x9 case of `parts`, cut to 20-35 givens and counted up to 2.
    fn nine(name: &str, parts: &'static [ConstraintKind], seed: u64) -> Case {
        Case {
            name: name.to_string(),
            side: 9,
            parts,
            filled_under: None,
            givens: 22..=36,
            limit: 2,
            unique_only: false,
            seed,
        }
    }

    /// The case with `givens` instead: strong rules need fewer for puzzles
    /// with several solutions, weak ones more for puzzles with one.
    fn givens(self, givens: std::ops::RangeInclusive<usize>) -> Case {
        Case { givens, ..self }
    }

    /// The case with rules that leave no puzzle several solutions.
    fn unique_only(self) -> Case {
        Case {
            unique_only: true,
            ..self
        }
    }

    /// The case with half its solved grids filled under `rule`.
    fn filled_under(self, rule: Rule) -> Case {
        Case {
            filled_under: Some(rule),
            ..self
        }
    }

    fn box_shape(&self) -> (usize, usize) {
        box_shape(self.side)
    }

    fn rules(&self, constraints: Vec<Constraint>) -> Rules {
        let (rows, columns) = self.box_shape();
        Rules {
            boxes: Boxes::Shape { rows, columns },
            constraints,
            ..Rules::default()
        }
    }
}

/// How many puzzles had each answer.
#[derive(Debug, Default)]
struct Tally {
    unique: usize,
    multiple: usize,
    /// No solution, with givens that break no rule by its definition; how
    /// many of those the library refused is in `refused`.
    none: usize,
    refused: usize,
    /// Givens that break a rule by its definition.
    broken: usize,
    /// Several solutions but fewer than the limit: counted in full.
    exact: usize,
    /// Filled grids other than the solved one that broke a rule.
    grids_broken: usize,
    /// Unique puzzles explained, every step checked against the solution.
    explained: usize,
    /// Steps of those paths that name a rule of the case.
    named: usize,
}

/// Explains `puzzle` and checks that no step places a wrong digit or
/// strikes a digit of `solution`, and that the path ends in it; returns the
/// texts of its steps.
fn explain_soundly(geometry: &Geometry, puzzle: &Grid, solution: &Grid, what: &str) -> Vec<String> {
    let path = Explainer::new().explain(geometry, puzzle).unwrap();
    let cells = solution.cells();
    for step in &path.steps {
        for &(cell, digit) in &step.placements {
            assert_eq!(cells[cell], digit, "{what}: `{step}` places a wrong digit");
        }
        for &(cell, digit) in &step.eliminations {
            assert_ne!(cells[cell], digit, "{what}: `{step}` strikes the solution");
        }
    }
    assert!(path.solved, "{what}: the path stops short");
    path.steps.iter().map(ToString::to_string).collect()
}

/// `grid` on one line, `.` for a blank.
fn line(grid: &[u8]) -> String {
    grid.iter()
        .map(|&d| if d == 0 { '.' } else { (b'0' + d) as char })
        .collect()
}

/// The index in `rules` of the `index`-th rule of `kind`.
fn nth_of_kind(rules: &[Rule], kind: ConstraintKind, index: usize) -> Option<usize> {
    (0..rules.len())
        .filter(|&k| kind_of(&rules[k]) == kind)
        .nth(index)
}

/// A solved grid for puzzle `index` of `case`, and rules it obeys.
fn solved_with_rules(case: &Case, rng: &mut Rng, index: usize) -> (Vec<u8>, Vec<Rule>) {
    let filled_under: Vec<Rule> = case
        .filled_under
        .iter()
        .filter(|_| index % 2 == 1)
        .cloned()
        .collect();
    let filler = ConstraintOracle::new(case.side, case.box_shape(), filled_under);
    let solved = loop {
        if let Some(grid) = filler.random_solution(|k| rng.below(k), 20_000) {
            break grid;
        }
    };
    let mut board = Board {
        side: case.side,
        solved: &solved,
        rng,
    };
    let rules: Vec<Rule> = case.parts.iter().flat_map(|&p| board.rules(p)).collect();
    (solved, rules)
}

/// Checks that `geometry.first_conflict` on the filled `grid` names a
/// rule the oracle finds broken, or nothing when it finds none; true when
/// a rule is broken.
fn conflict_is_named(
    geometry: &sudoku_dlx::Geometry,
    oracle: &ConstraintOracle,
    grid: &[u8],
    what: &str,
) -> bool {
    let broken = oracle.broken(grid);
    match geometry.first_conflict(&Grid::from_cells(grid).unwrap()) {
        None => assert!(
            broken.is_empty(),
            "{what}: {} breaks {broken:?}",
            line(grid)
        ),
        Some(conflict) => {
            let Unit::Rule(kind, number) = conflict.unit else {
                panic!("{what}: {} named {conflict:?}", line(grid));
            };
            let named = nth_of_kind(oracle.rules(), kind, number);
            assert!(
                named.is_some_and(|k| broken.contains(&k)),
                "{what}: {} named {conflict:?}, the oracle finds {broken:?} broken",
                line(grid)
            );
        }
    }
    !broken.is_empty()
}

/// Checks `puzzles()` puzzles of `case` against the oracle and returns how
/// many had each answer.
fn crosscheck(case: &Case) -> Tally {
    let size = Size::from_side(case.side).unwrap();
    let mut solver = Solver::new();
    let mut tally = Tally::default();
    for index in 0..puzzles() {
        let mut rng = Rng::for_item(case.seed, index as u64);
        let (solved, rules) = solved_with_rules(case, &mut rng, index);
        let oracle = ConstraintOracle::new(case.side, case.box_shape(), rules.clone());
        let what = format!("{} puzzle {index}, rules {rules:?}", case.name);
        assert!(oracle.is_solution(&solved), "{what}: {}", line(&solved));
        let (constraints, extra_regions) = library_rules(&rules);
        let geometry = Rules {
            extra_regions,
            ..case.rules(constraints)
        }
        .geometry(size)
        .unwrap_or_else(|e| panic!("{what}: {e}"));
        let solved_grid = Grid::from_cells(&solved).unwrap();
        assert_eq!(geometry.first_conflict(&solved_grid), None, "{what}");

        // Grids whose units hold and whose rules may not: the solved grid
        // relabelled (which keeps palindromes and clones), and another.
        let mut labels: Vec<u8> = (1..=case.side as u8).collect();
        rng.shuffle(&mut labels);
        let relabelled: Vec<u8> = solved.iter().map(|&d| labels[d as usize - 1]).collect();
        let plain = ConstraintOracle::new(case.side, case.box_shape(), Vec::new());
        let other = plain.random_solution(|k| rng.below(k), u64::MAX).unwrap();
        for grid in [relabelled, other] {
            if conflict_is_named(&geometry, &oracle, &grid, &what) {
                tally.grids_broken += 1;
            }
        }

        // A cut, with one given changed in every fifth.
        let tampered = index % 5 == 4;
        let mut order: Vec<usize> = (0..solved.len()).collect();
        rng.shuffle(&mut order);
        // Changed puzzles keep the denser half of the range: a sparse
        // puzzle with no solution takes plain backtracking long to refute.
        let (mut low, high) = (*case.givens.start(), *case.givens.end());
        if tampered {
            low = (low + high).div_ceil(2);
        }
        let givens = low + rng.below(high - low + 1);
        let mut puzzle = vec![0u8; solved.len()];
        for &cell in &order[..givens] {
            puzzle[cell] = solved[cell];
        }
        if tampered {
            let cell = order[rng.below(givens)];
            puzzle[cell] = (puzzle[cell] + rng.below(case.side - 1) as u8) % case.side as u8 + 1;
        }
        let what = format!("{what}, puzzle {}", line(&puzzle));
        let expected = oracle.count_solutions(&puzzle, case.limit);
        let mut solutions = Vec::new();
        let grid = Grid::from_cells(&puzzle).unwrap();
        let found = solver.solve_in(&geometry, &grid, case.limit, |s| solutions.push(s.clone()));
        match (found, expected) {
            (Err(_), None) => tally.broken += 1,
            (Ok(_), None) => panic!("{what}: the givens break a rule, the library takes them"),
            (Err(conflict), Some(count)) => {
                assert_eq!(count, 0, "{what}: the library refused it with {conflict:?}");
                if let Unit::Rule(kind, number) = conflict.unit {
                    assert!(
                        nth_of_kind(&rules, kind, number).is_some(),
                        "{what}: {conflict:?}"
                    );
                }
                tally.none += 1;
                tally.refused += 1;
            }
            (Ok(stats), Some(count)) => {
                assert_eq!(stats.solutions, count, "{what}: library vs oracle");
                assert_eq!(solutions.len() as u64, count, "{what}");
                for solution in &solutions {
                    assert!(
                        oracle.is_solution(solution.cells()),
                        "{what}: {}",
                        line(solution.cells())
                    );
                    assert!(
                        solution.keeps_givens_of(&grid),
                        "{what}: {}",
                        line(solution.cells())
                    );
                }
                if solutions.len() == 2 {
                    assert_ne!(solutions[0], solutions[1], "{what}");
                }
                if !tampered {
                    assert!(count >= 1, "{what}: the grid it was cut from is lost");
                }
                if count > 2 && count < case.limit {
                    tally.exact += 1;
                }
                match count {
                    0 => tally.none += 1,
                    1 => tally.unique += 1,
                    _ => tally.multiple += 1,
                }
                if count == 1 && tally.explained < EXPLAINED {
                    let steps = explain_soundly(&geometry, &grid, &solutions[0], &what);
                    let names: Vec<&str> = case.parts.iter().map(|kind| kind.name()).collect();
                    tally.named += steps
                        .iter()
                        .filter(|step| names.iter().any(|name| step.contains(name)))
                        .count();
                    tally.explained += 1;
                }
            }
        }
    }
    eprintln!("{}: {tally:?}", case.name);
    // A small sample of a rule that leaves most cuts one solution (or
    // several) may miss the rarer count; a large one must not.
    if puzzles() >= FULL_SAMPLE {
        assert!(
            tally.unique > 0
                && (tally.multiple > 0) != case.unique_only
                && tally.none + tally.broken > 0,
            "{}: every kind of answer must occur: {tally:?}",
            case.name
        );
    }
    tally
}

/// The unique 9x9 puzzles explained at most, per rule or mix.
const EXPLAINED: usize = 40;

/// Puzzles per case from which each case must show every count.
const FULL_SAMPLE: usize = 100;

/// Checks each case of `cases`, that a filled grid other than the solved
/// one broke a rule of each, and that the cases together had puzzles with
/// no solution, one and several.
fn crosscheck_all(cases: &[Case]) {
    let mut total = Tally::default();
    for case in cases {
        let tally = crosscheck(case);
        assert!(
            tally.grids_broken > 0,
            "{}: no other grid broke a rule",
            case.name
        );
        assert!(
            case.side != 9 || tally.unique == 0 || tally.explained > 0,
            "{}: no unique puzzle was explained",
            case.name
        );
        // The rules given as tables have a step of their own on their
        // puzzles (the others meet theirs on larger samples; an extra
        // region strikes a placed digit from its cells as a unit does).
        let named_kinds = [
            ConstraintKind::Between,
            ConstraintKind::Quadruple,
            ConstraintKind::LittleKiller,
            ConstraintKind::Sandwich,
            ConstraintKind::RegionSum,
        ];
        assert!(
            !case.parts.iter().all(|kind| named_kinds.contains(kind))
                || tally.explained == 0
                || tally.named > 0,
            "{}: no step of the paths explained names its rule",
            case.name
        );
        total.unique += tally.unique;
        total.multiple += tally.multiple;
        total.none += tally.none + tally.broken;
    }
    assert!(
        total.unique > 0 && total.multiple > 0 && total.none > 0,
        "every kind of answer must occur: {total:?}"
    );
}

#[test]
fn thermometers_agree_with_the_oracle() {
    crosscheck_all(&[Case::nine(
        "thermometers",
        &[ConstraintKind::Thermometer],
        1,
    )]);
}

#[test]
fn dots_and_xv_agree_with_the_oracle() {
    crosscheck_all(&[
        Case::nine("white dots", &[ConstraintKind::WhiteDot], 2),
        Case::nine("black dots", &[ConstraintKind::BlackDot], 3),
        Case::nine("xv", &[ConstraintKind::Xv], 4),
    ]);
}

#[test]
fn negative_rules_agree_with_the_oracle() {
    crosscheck_all(&[
        Case::nine("non-consecutive", &[ConstraintKind::NonConsecutive], 5)
            .filled_under(Rule::NonConsecutive)
            .givens(NEGATIVE_GIVENS),
        Case::nine("negative black dots", &[ConstraintKind::NegativeBlack], 6)
            .filled_under(Rule::NegativeBlack)
            .givens(NEGATIVE_GIVENS),
        Case::nine("negative xv", &[ConstraintKind::NegativeXv], 7)
            .filled_under(Rule::NegativeXv)
            .givens(NEGATIVE_GIVENS),
    ]);
}

#[test]
fn marked_cells_agree_with_the_oracle() {
    crosscheck_all(&[
        Case::nine("odd", &[ConstraintKind::Odd], 8).givens(WEAK_GIVENS),
        Case::nine("even", &[ConstraintKind::Even], 9).givens(WEAK_GIVENS),
        Case::nine("minimum", &[ConstraintKind::Minimum], 10).givens(WEAK_GIVENS),
        Case::nine("maximum", &[ConstraintKind::Maximum], 11).givens(WEAK_GIVENS),
    ]);
}

#[test]
fn lines_agree_with_the_oracle() {
    crosscheck_all(&[
        Case::nine("palindromes", &[ConstraintKind::Palindrome], 12).givens(WEAK_GIVENS),
        Case::nine("clones", &[ConstraintKind::Clone], 13).givens(WEAK_GIVENS),
        Case::nine("whispers", &[ConstraintKind::Whispers], 14),
        Case::nine("renban", &[ConstraintKind::Renban], 15),
        Case::nine("entropic", &[ConstraintKind::Entropic], 16),
        Case::nine("arrows", &[ConstraintKind::Arrow], 17),
        Case::nine("between lines", &[ConstraintKind::Between], 18),
    ]);
}

#[test]
fn quadruples_and_sums_agree_with_the_oracle() {
    crosscheck_all(&[
        Case::nine("quadruples", &[ConstraintKind::Quadruple], 19),
        Case::nine("little killers", &[ConstraintKind::LittleKiller], 20),
        Case::nine("sandwiches", &[ConstraintKind::Sandwich], 21),
        Case::nine("region-sum lines", &[ConstraintKind::RegionSum], 22),
        Case::nine("extra regions", &[ConstraintKind::ExtraRegion], 23).givens(WEAK_GIVENS),
    ]);
}

#[test]
fn mixed_rules_agree_with_the_oracle() {
    crosscheck_all(&[
        Case::nine(
            "thermometers, kropki dots and negative xv",
            &[
                ConstraintKind::Thermometer,
                ConstraintKind::WhiteDot,
                ConstraintKind::BlackDot,
                ConstraintKind::NegativeXv,
            ],
            17,
        )
        .filled_under(Rule::NegativeXv)
        .givens(NEGATIVE_GIVENS),
        // Every negative rule with all its markers: one solution even with
        // no givens, so only the count of one and of none can be seen.
        Case::nine(
            "thermometers with every kropki dot and xv marker and the three negative rules",
            &[
                ConstraintKind::Thermometer,
                ConstraintKind::NonConsecutive,
                ConstraintKind::NegativeBlack,
                ConstraintKind::NegativeXv,
            ],
            21,
        )
        .givens(0..=16)
        .unique_only(),
        Case::nine(
            "renban, whispers, odd and even",
            &[
                ConstraintKind::Renban,
                ConstraintKind::Whispers,
                ConstraintKind::Odd,
                ConstraintKind::Even,
            ],
            18,
        ),
        Case::nine(
            "palindromes, clones and entropic lines",
            &[
                ConstraintKind::Palindrome,
                ConstraintKind::Clone,
                ConstraintKind::Entropic,
            ],
            19,
        ),
        Case::nine(
            "non-consecutive with white dots, minimum, maximum and thermometers",
            &[
                ConstraintKind::NonConsecutive,
                ConstraintKind::WhiteDot,
                ConstraintKind::Minimum,
                ConstraintKind::Maximum,
                ConstraintKind::Thermometer,
            ],
            20,
        )
        .filled_under(Rule::NonConsecutive)
        .givens(NEGATIVE_GIVENS),
    ]);
}

/// Every kind of rule, for the 6x6 sample.
const ALL_KINDS: [ConstraintKind; 23] = [
    ConstraintKind::Thermometer,
    ConstraintKind::WhiteDot,
    ConstraintKind::BlackDot,
    ConstraintKind::Xv,
    ConstraintKind::NonConsecutive,
    ConstraintKind::NegativeBlack,
    ConstraintKind::NegativeXv,
    ConstraintKind::Odd,
    ConstraintKind::Even,
    ConstraintKind::Minimum,
    ConstraintKind::Maximum,
    ConstraintKind::Palindrome,
    ConstraintKind::Clone,
    ConstraintKind::Whispers,
    ConstraintKind::Renban,
    ConstraintKind::Entropic,
    ConstraintKind::Arrow,
    ConstraintKind::Between,
    ConstraintKind::Quadruple,
    ConstraintKind::LittleKiller,
    ConstraintKind::Sandwich,
    ConstraintKind::RegionSum,
    ConstraintKind::ExtraRegion,
];

#[test]
fn six_by_six_counts_up_to_twenty_agree_with_the_oracle() {
    let (mut exact, mut total) = (0, Tally::default());
    for (k, &part) in ALL_KINDS.iter().enumerate() {
        let givens = match part {
            ConstraintKind::NonConsecutive
            | ConstraintKind::NegativeBlack
            | ConstraintKind::NegativeXv => 0..=8,
            ConstraintKind::Odd
            | ConstraintKind::Even
            | ConstraintKind::Minimum
            | ConstraintKind::Maximum => 8..=18,
            ConstraintKind::Palindrome | ConstraintKind::Clone => 8..=18,
            _ => 4..=14,
        };
        let tally = crosscheck(&Case {
            name: format!("6x6 {part:?}"),
            side: 6,
            parts: std::slice::from_ref(&ALL_KINDS[k]),
            filled_under: None,
            givens,
            limit: 20,
            unique_only: false,
            seed: 100 + k as u64,
        });
        exact += tally.exact;
        total.unique += tally.unique;
        total.multiple += tally.multiple;
        total.none += tally.none + tally.broken;
    }
    assert!(
        total.unique > 0 && total.multiple > 0 && total.none > 0,
        "every kind of answer must occur: {total:?}"
    );
    // Counts compared beyond "several".
    assert!(exact > 0, "no 6x6 puzzle had from 3 to 19 solutions");
}

/// `rule` with each cell `c` moved to `to[c]`.
fn moved(rule: &Rule, to: &[usize]) -> Rule {
    let line = |cells: &[usize]| cells.iter().map(|&c| to[c]).collect::<Vec<usize>>();
    let pair = |[a, b]: [usize; 2]| [to[a], to[b]];
    match rule.clone() {
        Rule::Thermometer(cells) => Rule::Thermometer(line(&cells)),
        Rule::WhiteDot(cells, value) => Rule::WhiteDot(pair(cells), value),
        Rule::BlackDot(cells, value) => Rule::BlackDot(pair(cells), value),
        Rule::Xv(cells, value) => Rule::Xv(pair(cells), value),
        rule @ (Rule::NonConsecutive | Rule::NegativeBlack | Rule::NegativeXv) => rule,
        Rule::Odd(cell) => Rule::Odd(to[cell]),
        Rule::Even(cell) => Rule::Even(to[cell]),
        Rule::Minimum(cell) => Rule::Minimum(to[cell]),
        Rule::Maximum(cell) => Rule::Maximum(to[cell]),
        Rule::Palindrome(cells) => Rule::Palindrome(line(&cells)),
        Rule::Clone(cells, copy) => Rule::Clone(line(&cells), line(&copy)),
        Rule::Whispers(cells) => Rule::Whispers(line(&cells)),
        Rule::Renban(cells) => Rule::Renban(line(&cells)),
        Rule::Entropic(cells) => Rule::Entropic(line(&cells)),
        Rule::Arrow(bulb, shaft) => Rule::Arrow(line(&bulb), line(&shaft)),
        Rule::Between(cells) => Rule::Between(line(&cells)),
        Rule::Quadruple(cells, digits) => Rule::Quadruple(line(&cells), digits),
        Rule::LittleKiller(cells, sum) => Rule::LittleKiller(line(&cells), sum),
        Rule::Sandwich(cells, sum) => Rule::Sandwich(line(&cells), sum),
        Rule::RegionSum(cells) => Rule::RegionSum(line(&cells)),
        Rule::ExtraRegion(cells) => Rule::ExtraRegion(line(&cells)),
    }
}

/// The number within `grid` (its cells in the shape, row by row) of each
/// of the shape's `cells`, `usize::MAX` for a cell outside it.
fn local_numbers(grid: &[usize], cells: usize) -> Vec<usize> {
    let mut local_of = vec![usize::MAX; cells];
    for (local, &cell) in grid.iter().enumerate() {
        local_of[cell] = local;
    }
    local_of
}

/// Every filling of the cells of `grids` (each grid's cells, row by row,
/// numbered in the shape) with digits 1 to 4, no digit twice in a row,
/// column or 2x2 box of any grid: plain backtracking, cell by cell.
fn every_filling(cells: usize, grids: &[Vec<usize>]) -> Vec<Vec<u8>> {
    let mut units_of: Vec<Vec<Vec<usize>>> = vec![Vec::new(); cells];
    for grid in grids {
        for k in 0..4 {
            let row: Vec<usize> = (0..4).map(|j| grid[4 * k + j]).collect();
            let column: Vec<usize> = (0..4).map(|j| grid[4 * j + k]).collect();
            let top_left = 8 * (k / 2) + 2 * (k % 2);
            let block: Vec<usize> = [0, 1, 4, 5].iter().map(|&j| grid[top_left + j]).collect();
            for unit in [row, column, block] {
                for &cell in &unit {
                    units_of[cell].push(unit.clone());
                }
            }
        }
    }
    fn fill(
        at: usize,
        filling: &mut Vec<u8>,
        units_of: &[Vec<Vec<usize>>],
        out: &mut Vec<Vec<u8>>,
    ) {
        if at == filling.len() {
            out.push(filling.clone());
            return;
        }
        for digit in 1..=4 {
            let free = units_of[at]
                .iter()
                .all(|unit| unit.iter().all(|&other| filling[other] != digit));
            if free {
                filling[at] = digit;
                fill(at + 1, filling, units_of, out);
                filling[at] = 0;
            }
        }
    }
    let mut found = Vec::new();
    fill(0, &mut vec![0; cells], &units_of, &mut found);
    found
}

/// The rules on a shape of two 4x4 grids sharing a 2x2 box (corners r1c1
/// and r3c3 of a 6x6 frame, 28 cells), checked against all 3,456 fillings
/// of the shape: each puzzle's rules are made, as on a square grid, on
/// each grid of a random filling, and moved into the shape; a filling
/// obeys them when each grid obeys, by the oracle, the rules that lie
/// wholly in it. The library's full count (no limit) must be the number of
/// fillings that keep the givens and obey the rules; `first_conflict` must
/// pass the filling and name a broken rule of another.
#[test]
fn rules_on_a_shape_of_two_grids_agree_with_every_filling() {
    let size = Size::from_side(4).unwrap();
    let shape = Shape::Grids(vec![(0, 0), (2, 2)]);
    let frame = shape.frame(size);
    let grids: Vec<Vec<usize>> = shape
        .corners()
        .iter()
        .map(|&(top, left)| {
            (0..16)
                .map(|k| frame.cell_at(top + k / 4, left + k % 4).unwrap())
                .collect()
        })
        .collect();
    let fillings = every_filling(frame.cells(), &grids);
    // 288 fillings of the first grid, 12 of the second for each.
    assert_eq!((frame.cells(), fillings.len()), (28, 288 * 12));
    let kinds: Vec<ConstraintKind> = ALL_KINDS
        .into_iter()
        .filter(|&kind| kind != ConstraintKind::Entropic)
        .collect();
    let mut solver = Solver::new();
    let (mut counts, mut broken_named) = (Vec::new(), 0);
    for (k, &kind) in kinds.iter().enumerate() {
        let mut with_rules = 0;
        for index in 0..puzzles().min(40) {
            let mut rng = Rng::for_item(300 + k as u64, index as u64);
            let filling = &fillings[rng.below(fillings.len())];
            // Each grid's rules, made on its own digits, moved into the
            // shape; a rule made on both grids (in the shared box) once.
            let mut rules: Vec<Rule> = Vec::new();
            for grid in &grids {
                let local: Vec<u8> = grid.iter().map(|&c| filling[c]).collect();
                let mut board = Board {
                    side: 4,
                    solved: &local,
                    rng: &mut rng,
                };
                for rule in board.rules(kind) {
                    let rule = moved(&rule, grid);
                    if !rules.contains(&rule) {
                        rules.push(rule);
                    }
                }
            }
            // A rule of neighbours made on one grid may not hold in the
            // other (a minimum beside the other grid's cells): dropped. A
            // negative rule is judged with its markers, below.
            rules.retain(|rule| {
                let negative = rule.cells().is_empty();
                negative
                    || grids.iter().all(|grid| {
                        let local_of = local_numbers(grid, frame.cells());
                        let cells = rule.cells();
                        if cells.iter().any(|&c| local_of[c] == usize::MAX) {
                            return true;
                        }
                        let local: Vec<u8> = grid.iter().map(|&c| filling[c]).collect();
                        ConstraintOracle::new(4, (2, 2), vec![moved(rule, &local_of)])
                            .is_solution(&local)
                    })
            });
            // The oracle of each grid, on the rules wholly in it, in its
            // own numbering.
            let oracles: Vec<ConstraintOracle> = grids
                .iter()
                .map(|grid| {
                    let local_of = local_numbers(grid, frame.cells());
                    let inside = rules
                        .iter()
                        .filter(|rule| rule.cells().iter().all(|&c| local_of[c] != usize::MAX))
                        .map(|rule| moved(rule, &local_of))
                        .collect();
                    ConstraintOracle::new(4, (2, 2), inside)
                })
                .collect();
            let obeys = |cells: &[u8]| {
                grids.iter().zip(&oracles).all(|(grid, oracle)| {
                    let local: Vec<u8> = grid.iter().map(|&c| cells[c]).collect();
                    oracle.is_solution(&local)
                })
            };
            let what = format!("{kind:?} puzzle {index}, rules {rules:?}");
            assert!(obeys(filling), "{what}: the filling breaks its rules");
            with_rules += usize::from(!rules.is_empty());
            let (constraints, extra_regions) = library_rules(&rules);
            let geometry = Rules {
                shape: shape.clone(),
                constraints,
                extra_regions,
                ..Rules::default()
            }
            .geometry(size)
            .unwrap_or_else(|e| panic!("{what}: {e}"));
            let grid_of = |cells: &[u8]| {
                let mut grid = geometry.empty_grid();
                for (cell, &digit) in cells.iter().enumerate() {
                    grid.set(cell, digit);
                }
                grid
            };
            assert_eq!(geometry.first_conflict(&grid_of(filling)), None, "{what}");
            let other = &fillings[rng.below(fillings.len())];
            match geometry.first_conflict(&grid_of(other)) {
                None => assert!(obeys(other), "{what}: {} passes", line(other)),
                Some(conflict) => {
                    assert!(!obeys(other), "{what}: {} named {conflict:?}", line(other));
                    broken_named += 1;
                }
            }
            // A cut of 4 to 12 givens, one changed in every fifth puzzle.
            let mut order: Vec<usize> = (0..filling.len()).collect();
            rng.shuffle(&mut order);
            let givens = 4 + rng.below(9);
            let mut puzzle = vec![0u8; filling.len()];
            for &cell in &order[..givens] {
                puzzle[cell] = filling[cell];
            }
            if index % 5 == 4 {
                let cell = order[rng.below(givens)];
                puzzle[cell] = puzzle[cell] % 4 + 1;
            }
            let expected = fillings
                .iter()
                .filter(|cells| {
                    cells.iter().zip(&puzzle).all(|(&d, &g)| g == 0 || d == g) && obeys(cells)
                })
                .count() as u64;
            let what = format!("{what}, puzzle {}", line(&puzzle));
            let found = match solver.solve_in(&geometry, &grid_of(&puzzle), u64::MAX, |_| {}) {
                Ok(stats) => stats.solutions,
                Err(_) => 0,
            };
            assert_eq!(found, expected, "{what}: library vs every filling");
            counts.push(expected);
        }
        assert!(with_rules > 0, "{kind:?}: no puzzle kept a rule");
    }
    eprintln!(
        "{} puzzles: {} with no solution, {} with one, {} with several",
        counts.len(),
        counts.iter().filter(|&&c| c == 0).count(),
        counts.iter().filter(|&&c| c == 1).count(),
        counts.iter().filter(|&&c| c > 1).count()
    );
    // No check passes vacuously: puzzles with no solution, one and several.
    assert!(counts.contains(&0) && counts.contains(&1), "{counts:?}");
    assert!(counts.iter().any(|&count| count > 2), "{counts:?}");
    assert!(broken_named > 0, "no other filling broke a rule");
}
