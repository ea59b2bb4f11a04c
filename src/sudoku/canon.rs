//! The canonical form of a puzzle or filled grid ("minlex"): of all the
//! grids its transformations make (transposition when the boxes are
//! square, bands and stacks in any order, rows within their band and
//! columns within their stack in any order, digits relabelled), the one
//! whose cells, read row by row, make the smallest string, with the blank
//! below every digit. Two puzzles are the same puzzle in disguise exactly
//! when their forms are equal, which is what deduplicating a collection
//! needs.
//!
//! The search builds the form row by row and keeps, at every row, only the
//! partial transformations that give the smallest row so far:
//!
//! * the rows are chosen explicitly: a band's first row from any band not
//!   yet used, its next rows from the rest of that band;
//! * the columns are not: each partial transformation holds an order of
//!   the columns and marks which neighbouring columns (within a stack) and
//!   which neighbouring stacks are still interchangeable because every row
//!   so far reads the same in them. Choosing a row then only sorts within
//!   those groups (blank first, then the digits already labelled, then the
//!   new ones) and splits them where the row differs;
//! * digits are labelled lazily, in the order they first appear. A new
//!   digit compares above every labelled one, and two new digits at the
//!   same place of two candidates get the same label, so rows compare
//!   exactly before their labels are known. Where several new digits share
//!   a group of interchangeable columns (or stacks), their order decides
//!   which gets which label, and each order becomes a candidate of its own.
//!
//! X-Sudoku (up to 9x9) has a group of its own, small enough to try in full
//! ([`super::canon_x`]).
//!
//! Puzzles with few givens keep a handful of candidates from row to row. A
//! filled grid would branch on every order of its first row (1,296 for a
//! 9x9 row); its first two rows are found apart ([`super::canon_band`]).
//! Grids whose search would grow past [`CANON_CANDIDATE_LIMIT`] candidates
//! (nearly filled grids of 16x16 and up) are refused rather than left
//! half-done.

use std::cmp::Ordering;

use thiserror::Error;

use crate::sudoku::canon_band::{second_rows, Best};
use crate::sudoku::canon_node::{Dims, Nine, Node, Shape, MAX, NEW};
use crate::sudoku::canon_x;
use crate::sudoku::geometry::Geometry;
use crate::sudoku::grid::{Conflict, Grid, Size};
use crate::sudoku::rules::{Boxes, Rules};
use crate::sudoku::transform::Transformation;
use crate::sudoku::variants::Variant;

/// The number of partial transformations the search may hold at one row
/// before it gives up with [`CanonError::TooManyCandidates`].
pub const CANON_CANDIDATE_LIMIT: usize = 1 << 20;

/// Why a grid has no canonical form here.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum CanonError {
    /// Rules whose symmetries are not implemented: a form under the
    /// classic group would call different puzzles the same.
    #[error("no canonical form for {rule} puzzles: only classic rules with boxes, and X up to 9x9, are supported")]
    Rules {
        /// The rule that is not supported, as people call it.
        rule: String,
    },
    /// A size without boxes of its own.
    #[error("a {size} grid has no boxes, so it has no canonical form here")]
    NoBoxes {
        /// The size of the grid.
        size: Size,
    },
    /// A digit twice in a row, column or box.
    #[error("no canonical form for a grid against the rules: {0}")]
    Conflict(Conflict),
    /// The search held too many partial transformations at once.
    #[error("the search for the canonical form of this {size} grid grew past {limit} candidates")]
    TooManyCandidates {
        /// The size of the grid.
        size: Size,
        /// The limit, [`CANON_CANDIDATE_LIMIT`].
        limit: usize,
    },
}

/// A canonical form and the transformation that maps the grid onto it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Canonical {
    /// The form: the smallest equivalent grid.
    pub form: Grid,
    /// Maps the grid onto `form`; its [`Transformation::inverse`] maps the
    /// form (or an answer found for it) back.
    pub transformation: Transformation,
}

/// The canonical form of a grid under the classic rules: see
/// [`Canonicalizer`], which keeps its buffers from one grid to the next.
///
/// # Errors
///
/// As [`Canonicalizer::canonical`].
///
/// # Example
///
/// ```
/// use sudoku_dlx::{canonical_form, Grid};
///
/// let text = ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...";
/// let puzzle: Grid = text.parse().unwrap();
/// // The same puzzle upside down, with 1 and 9 swapped.
/// let upside_down: String = text
///     .chars()
///     .rev()
///     .map(|c| match c {
///         '1' => '9',
///         '9' => '1',
///         c => c,
///     })
///     .collect();
/// let disguised: Grid = upside_down.parse().unwrap();
/// assert_ne!(disguised, puzzle);
/// assert_eq!(canonical_form(&disguised).unwrap().form, puzzle);
/// ```
pub fn canonical_form(grid: &Grid) -> Result<Canonical, CanonError> {
    Canonicalizer::new().canonical(grid, &Rules::classic())
}

/// A group of interchangeable new digits whose order the search tries in
/// full: `len` columns from `start`, or `len` stacks from stack `start`.
#[derive(Debug, Clone, Copy, Default)]
struct Run {
    stacks: bool,
    start: u8,
    len: u8,
}

/// Finds canonical forms, keeping its buffers from one grid to the next.
#[derive(Debug, Default)]
pub struct Canonicalizer {
    /// The grid and its transpose, as flat arrays.
    grids: [Vec<u8>; 2],
    /// The stack of each column and the band of each row.
    stack_of: Vec<u8>,
    band_of: Vec<u8>,
    /// The givens of the grid as (row, column, digit), in the first places.
    givens: Vec<(u8, u8, u8)>,
    /// The rows of a band and columns of a stack `stack_of` and `band_of`
    /// were made for.
    widths: (usize, usize),
    /// The candidates of the current row, and of the next.
    level: Vec<Node>,
    next: Vec<Node>,
    /// The candidates (by index in `level`) and rows that give the
    /// smallest next row.
    winners: Vec<(u32, u8)>,
}

impl Canonicalizer {
    /// A canonicalizer with empty buffers.
    pub fn new() -> Canonicalizer {
        Canonicalizer::default()
    }

    /// The canonical form of `grid` under `rules`, and the transformation
    /// that maps `grid` onto it.
    ///
    /// # Errors
    ///
    /// [`CanonError::Rules`] for rules other than the classic ones (boxes
    /// of any shape that tiles the grid are fine) and X-Sudoku up to 9x9, [`CanonError::NoBoxes`]
    /// for a grid without boxes, [`CanonError::Conflict`] for a grid
    /// against the rules, [`CanonError::TooManyCandidates`] when the search
    /// would grow too big (nearly filled grids of 16x16 and up).
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku_dlx::{Canonicalizer, Grid, Rules};
    ///
    /// // A 4x4 grid in its canonical form already.
    /// let grid: Grid = "1234341221434321".parse().unwrap();
    /// let mut canonicalizer = Canonicalizer::new();
    /// let canonical = canonicalizer.canonical(&grid, &Rules::classic()).unwrap();
    /// assert_eq!(canonical.form, grid);
    /// assert_eq!(canonical.transformation.apply(&grid), canonical.form);
    /// ```
    pub fn canonical(&mut self, grid: &Grid, rules: &Rules) -> Result<Canonical, CanonError> {
        self.canonical_in(grid, rules, CanonOrder::default())
    }

    /// As [`Canonicalizer::canonical`], with the order asked for.
    ///
    /// # Errors
    ///
    /// As [`Canonicalizer::canonical`].
    pub fn canonical_in(
        &mut self,
        grid: &Grid,
        rules: &Rules,
        order: CanonOrder,
    ) -> Result<Canonical, CanonError> {
        let size = grid.size();
        let shape = shape_of(size, rules)?;
        let conflict = if !self.load(shape, grid.cells()) {
            None
        } else if size.box_shape() == Some((shape.band, shape.stack)) {
            Geometry::classic(size).first_conflict(grid)
        } else {
            rules
                .geometry(size)
                .ok()
                .and_then(|g| g.first_conflict(grid))
        };
        let conflict = match conflict {
            None if shape.x => rules
                .geometry(size)
                .ok()
                .and_then(|g| g.first_conflict(grid)),
            conflict => conflict,
        };
        if let Some(conflict) = conflict {
            return Err(CanonError::Conflict(conflict));
        }
        if shape.x {
            let map = canon_x::smallest(shape, grid.cells());
            let (rows, columns, digits) = (map.rows, map.columns, map.digits);
            let transformation =
                Transformation::from_parts(size, map.transpose, rows, columns, digits);
            return Ok(Canonical {
                form: transformation.apply(grid),
                transformation,
            });
        }
        let n = shape.n;
        self.level.clear();
        let orients = if shape.transposes { 2 } else { 1 };
        if grid.is_complete() {
            // On a filled grid the two orders agree.
            self.first_band_of_filled(shape, orients);
            self.search(shape, Pass::Lex, 2)?;
        } else {
            self.level
                .extend((0..orients).map(|orient| Node::start(shape, orient)));
            if order == CanonOrder::PatternFirst {
                self.search(shape, Pass::Pattern, 0)?;
                self.search(shape, Pass::Digits, 0)?;
            } else {
                self.search(shape, Pass::Lex, 0)?;
            }
        }
        let node = &self.level[0];
        // Digits the grid lacks take the labels left, in order.
        let mut next = node.next_label;
        let digits = (0..=n)
            .map(|v| match node.labels[v] {
                NEW => {
                    next += 1;
                    next - 1
                }
                label => label,
            })
            .collect();
        let transformation = Transformation::from_parts(
            size,
            node.orient == 1,
            node.rows[..n].to_vec(),
            node.cols[..n].to_vec(),
            digits,
        );
        Ok(Canonical {
            form: transformation.apply(grid),
            transformation,
        })
    }
}

impl Canonicalizer {
    /// Takes in `cells`: the grid and its transpose. Returns whether a
    /// digit repeats in a row, column or box: a quick test, in the same
    /// pass, before the rules check that names the repetition.
    fn load(&mut self, shape: Shape, cells: &[u8]) -> bool {
        let n = shape.n;
        if self.stack_of.len() != n
            || self.band_of.len() != n
            || self.widths != (shape.band, shape.stack)
        {
            self.widths = (shape.band, shape.stack);
            self.stack_of.clear();
            self.stack_of
                .extend((0..n).map(|c| (c / shape.stack) as u8));
            self.band_of.clear();
            self.band_of.extend((0..n).map(|r| (r / shape.band) as u8));
        }
        self.grids[0].clear();
        self.grids[0].extend_from_slice(cells);
        self.grids[1].clear();
        self.grids[1].resize(n * n, 0);
        let transpose = &mut self.grids[1][..n * n];
        // The givens first, without a branch per cell (blanks are
        // unpredictable): each cell is written, and kept when it holds a
        // digit. Then the repeat test on them alone.
        self.givens.resize(n * n, (0, 0, 0));
        let givens = &mut self.givens[..n * n];
        let mut len = 0;
        for (r, row) in cells.chunks_exact(n).enumerate() {
            for (c, &v) in row.iter().enumerate() {
                transpose[c * n + r] = v;
                givens[len] = (r as u8, c as u8, v);
                len += usize::from(v != 0);
            }
        }
        let (mut rows, mut columns, mut boxes) = ([0u64; MAX], [0u64; MAX], [0u64; MAX]);
        let mut repeats = 0u64;
        for &(r, c, v) in &givens[..len] {
            let (r, c, bit) = (usize::from(r), usize::from(c), 1u64 << v);
            let b = usize::from(self.band_of[r]) * shape.stacks + usize::from(self.stack_of[c]);
            repeats |= (rows[r] | columns[c] | boxes[b]) & bit;
            rows[r] |= bit;
            columns[c] |= bit;
            boxes[b] |= bit;
        }
        repeats != 0
    }

    /// The candidates at depth 2 of a filled grid: every first row and
    /// second row of its band, each with the column orders that make the
    /// second row smallest ([`super::canon_band`]), the smallest of all
    /// kept.
    fn first_band_of_filled(&mut self, shape: Shape, orients: u8) {
        let mut best = Best {
            row: [0; MAX],
            found: false,
            nodes: &mut self.level,
        };
        for orient in 0..orients {
            let grid = &self.grids[usize::from(orient)];
            for r1 in 0..shape.n {
                let band = r1 / shape.band * shape.band;
                for r2 in (band..band + shape.band).filter(|&r2| r2 != r1) {
                    second_rows(shape, grid, orient, (r1, r2), &mut best);
                }
            }
        }
    }

    /// Runs [`Canonicalizer::rows`] with the dimensions known at compile
    /// time for 9x9 grids with 3x3 boxes, the common case.
    fn search(&mut self, shape: Shape, pass: Pass, from: usize) -> Result<(), CanonError> {
        if Nine::fits(shape) {
            self.rows(Nine, pass, from)
        } else {
            self.rows(shape, pass, from)
        }
    }

    /// Builds the form row by row from the candidates in `self.level`,
    /// keeping at each row those that read smallest, as `pass` compares.
    fn rows<D: Dims>(&mut self, shape: D, pass: Pass, from: usize) -> Result<(), CanonError> {
        let n = shape.n();
        let mut best = [0u8; MAX];
        for depth in from..n {
            // First the smallest row of every candidate and every row it
            // may take next, then the children of those that give it: no
            // child is made, nor column order kept, for a row that turns
            // out larger.
            self.winners.clear();
            let mut least_counts = u128::MAX;
            for (at, node) in self.level.iter().enumerate() {
                let rows = match pass {
                    Pass::Digits => 1 << node.rows[depth],
                    _ => candidate_rows(shape, &self.band_of, node, depth),
                };
                let grid = &self.grids[usize::from(node.orient)];
                let mut rows = rows;
                while rows != 0 {
                    let r = rows.trailing_zeros() as usize;
                    rows &= rows - 1;
                    let row = &grid[r * n..(r + 1) * n];
                    if depth == 0 && pass != Pass::Digits {
                        // Nothing is labelled yet, so the first row reads
                        // by its givens per stack alone: rows whose counts,
                        // sorted, are above the least need no arranging.
                        let counts = stack_counts(shape, row);
                        if counts > least_counts {
                            continue;
                        }
                        least_counts = counts;
                    }
                    let tokens = arrange(shape, pass, node, row, None);
                    match compare(n, &tokens, &best) {
                        Ordering::Greater if !self.winners.is_empty() => continue,
                        Ordering::Equal if !self.winners.is_empty() => {}
                        _ => {
                            best = tokens;
                            self.winners.clear();
                        }
                    }
                    self.winners.push((at as u32, r as u8));
                }
            }
            self.next.clear();
            let new_digits = match pass {
                Pass::Pattern => 0,
                _ => (0..n)
                    .filter(|&j| best[j] == NEW)
                    .fold(0, |mask, j| mask | 1u64 << j),
            };
            for (at, r) in self.winners.drain(..) {
                let node = &self.level[at as usize];
                let r = usize::from(r);
                let grid = &self.grids[usize::from(node.orient)];
                let row = &grid[r * n..(r + 1) * n];
                let mut cols = [0u8; MAX];
                arrange(shape, pass, node, row, Some(&mut cols));
                let branch = Branch {
                    shape,
                    node,
                    row,
                    r,
                    depth,
                    tokens: &best,
                    new_digits,
                };
                if !branch.children(&mut cols, &mut self.next) {
                    return Err(CanonError::TooManyCandidates {
                        size: Size::from_side(n).expect("a supported side"),
                        limit: CANON_CANDIDATE_LIMIT,
                    });
                }
            }
            std::mem::swap(&mut self.level, &mut self.next);
        }
        Ok(())
    }
}

/// The givens of each stack of `row`, sorted, as one number: 7 bits a
/// stack (a stack holds at most 36 cells, a grid at most 18 stacks), so
/// that numbers compare as the sorted counts do.
fn stack_counts<D: Dims>(shape: D, row: &[u8]) -> u128 {
    let mut counts = [0u8; MAX];
    let stacks = shape.stacks();
    for (count, stack) in counts[..stacks]
        .iter_mut()
        .zip(row.chunks_exact(shape.stack()))
    {
        *count = stack.iter().map(|&v| u8::from(v != 0)).sum();
    }
    // Insertion sort: a handful of stacks.
    for s in 1..stacks {
        let mut k = s;
        while k > 0 && counts[k - 1] > counts[k] {
            counts.swap(k - 1, k);
            k -= 1;
        }
    }
    counts[..stacks]
        .iter()
        .fold(0, |key, &count| key << 7 | u128::from(count))
}

/// Compares the first `n` tokens of two rows; the tokens past `n` are 0.
fn compare(n: usize, a: &[u8; MAX], b: &[u8; MAX]) -> Ordering {
    if n <= 16 {
        // One integer comparison in place of a call to memcmp.
        let key = |t: &[u8; MAX]| u128::from_be_bytes(t[..16].try_into().expect("16 bytes"));
        key(a).cmp(&key(b))
    } else {
        a[..n].cmp(&b[..n])
    }
}

/// What one pass of the search compares rows by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Pass {
    /// Blanks and digits, digits by their labels: the whole form at once.
    Lex,
    /// Blank or given alone, choosing rows: the pattern.
    Pattern,
    /// Digits by their labels, the rows kept from [`Pass::Pattern`].
    Digits,
}

/// Which string is smallest: what "canonical" means.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum CanonOrder {
    /// The smallest string outright, blank below every digit: the
    /// "minlex" form of the community's minlexing tools, in which the
    /// 17-clue catalogue is written.
    #[default]
    Lex,
    /// The smallest pattern of givens first, then the smallest string among
    /// the transformations that give it (what pattern minlexers compute).
    /// It differs from [`CanonOrder::Lex`] on about half the 17-clue
    /// puzzles, where a later given buys a smaller digit earlier; on filled
    /// grids the two agree.
    PatternFirst,
}

/// The group of `rules` at `size`, or why there is none here.
fn shape_of(size: Size, rules: &Rules) -> Result<Shape, CanonError> {
    let refuse = |rule: &str| {
        Err(CanonError::Rules {
            rule: rule.to_string(),
        })
    };
    if !rules.shape.is_square() {
        return refuse(&format!("the {} shape", rules.shape));
    }
    let x = rules.variants == [Variant::X];
    if let Some(variant) = rules.variants.first().filter(|_| !x) {
        return refuse(variant.name());
    }
    if x && size.side() > 9 {
        return refuse("x (above 9x9)");
    }
    if rules.cages().next().is_some() {
        return refuse("killer");
    }
    // A transformation moves the cells a line or a dot names; the forms
    // here are of the grid alone.
    if let Some(constraint) = rules.constraints.first() {
        return refuse(constraint.kind().name());
    }
    if !rules.extra_regions.is_empty() {
        return refuse("extra-region");
    }
    let (band, stack) = match &rules.boxes {
        Boxes::Standard => size.box_shape().ok_or(CanonError::NoBoxes { size })?,
        Boxes::Shape { rows, columns } if rows * columns == size.side() => (*rows, *columns),
        Boxes::Shape { .. } => return refuse("odd box shape"),
        Boxes::None => return refuse("Latin square"),
        Boxes::Regions(_) => return refuse("jigsaw"),
    };
    Ok(Shape {
        n: size.side(),
        band,
        stack,
        bands: size.side() / band,
        stacks: size.side() / stack,
        transposes: band == stack,
        x,
    })
}

/// The rows that may come at output row `depth`: a band's first row from
/// a band not used yet, its later rows from the rest of its band.
fn candidate_rows<D: Dims>(shape: D, band_of: &[u8], node: &Node, depth: usize) -> u64 {
    let band_mask = (1u64 << shape.band()) - 1;
    let used_rows = node.rows[..depth]
        .iter()
        .fold(0u64, |used, &r| used | 1 << r);
    if depth > 0 && band_of[depth] == band_of[depth - 1] {
        let band = usize::from(band_of[usize::from(node.rows[depth - 1])]);
        return (band_mask << (band * shape.band())) & !used_rows;
    }
    (0..shape.bands())
        .map(|band| band_mask << (band * shape.band()))
        .filter(|mask| mask & used_rows == 0)
        .fold(0, |rows, mask| rows | mask)
}

/// How `row` reads in the columns of `node`, arranged smallest: sorted
/// within each group of interchangeable columns, then the stacks sorted
/// within each group of interchangeable stacks; 0 blank, a label, or
/// [`NEW`]. `cols`, when given, gets the order of the columns that reads
/// so; without it only the tokens move, which is all that comparing
/// candidates needs.
#[inline(never)]
fn arrange<D: Dims>(
    shape: D,
    pass: Pass,
    node: &Node,
    row: &[u8],
    mut cols: Option<&mut [u8; MAX]>,
) -> [u8; MAX] {
    let n = shape.n();
    let mut tokens = [0u8; MAX];
    if pass == Pass::Pattern {
        for j in 0..n {
            tokens[j] = u8::from(row[usize::from(node.cols[j])] != 0);
        }
    } else {
        for j in 0..n {
            tokens[j] = node.labels[usize::from(row[usize::from(node.cols[j])])];
        }
    }
    if let Some(cols) = cols.as_deref_mut() {
        cols[..n].copy_from_slice(&node.cols[..n]);
    }
    // Insertion sort that never moves a column across the start of its
    // group (column 0 always starts one): only the columns that do not
    // start a group are moved.
    let mut open = !node.col_cut & ((1u64 << n) - 1);
    while open != 0 {
        let j = open.trailing_zeros() as usize;
        open &= open - 1;
        let mut k = j;
        while node.col_cut & 1 << k == 0 && tokens[k - 1] > tokens[k] {
            tokens.swap(k - 1, k);
            if let Some(cols) = cols.as_deref_mut() {
                cols.swap(k - 1, k);
            }
            k -= 1;
        }
    }
    sort_stacks(shape, node.stack_cut, &mut tokens, cols);
    tokens
}

/// Sorts the stacks of `tokens` within each group of interchangeable
/// stacks (insertion sort), and `cols` with them when given.
#[inline]
fn sort_stacks<D: Dims>(
    shape: D,
    stack_cut: u64,
    tokens: &mut [u8; MAX],
    mut cols: Option<&mut [u8; MAX]>,
) {
    let (w, stacks) = (shape.stack(), shape.stacks());
    if stack_cut == (1u64 << stacks) - 1 {
        return;
    }
    for s in 1..stacks {
        let mut k = s;
        while k > 0 && stack_cut & 1 << k == 0 && stack_greater(tokens, w, k - 1) {
            if let Some(cols) = cols.as_deref_mut() {
                swap_stacks(w, k - 1, k, cols);
            }
            swap_stacks(w, k - 1, k, tokens);
            k -= 1;
        }
    }
}

/// Whether stack `a` of `tokens`, stacks `w` wide, reads larger than the
/// next: up to 8 wide as numbers, wider as slices.
#[inline]
fn stack_greater(tokens: &[u8; MAX], w: usize, a: usize) -> bool {
    let (left, right) = (
        &tokens[a * w..(a + 1) * w],
        &tokens[(a + 1) * w..(a + 2) * w],
    );
    if w <= 8 {
        let key = |stack: &[u8]| stack.iter().fold(0u64, |key, &t| key << 8 | u64::from(t));
        key(left) > key(right)
    } else {
        left > right
    }
}

/// Splits the groups of interchangeable items (columns, or stacks when
/// `stacks`) where the tokens of neighbours differ; returns the
/// new cuts, and adds a [`Run`] for each group of equal items holding new
/// digits, to be ordered in full. Those become items of their own.
fn split<D: Dims>(
    shape: D,
    stacks: bool,
    old_cut: u64,
    tokens: &[u8; MAX],
    runs: &mut [Run; MAX],
    run_count: &mut usize,
) -> u64 {
    let (items, width) = match stacks {
        true => (shape.stacks(), shape.stack()),
        false => (shape.n(), 1),
    };
    let same = |a: usize, b: usize| {
        if width == 1 {
            tokens[a] == tokens[b]
        } else {
            tokens[a * width..(a + 1) * width] == tokens[b * width..(b + 1) * width]
        }
    };
    let has_new = |i: usize| tokens[i * width..(i + 1) * width].contains(&NEW);
    // Only the items that do not start a group yet are looked at.
    let mut open = !old_cut & ((1u64 << items) - 1) & !1;
    let mut cut = old_cut;
    while open != 0 {
        let i = open.trailing_zeros() as usize;
        open &= open - 1;
        if !same(i - 1, i) {
            cut |= 1 << i;
            continue;
        }
        if !has_new(i) {
            continue;
        }
        // Equal items holding new digits: each becomes an item of its
        // own, in every order.
        let start = i - 1;
        let mut end = i;
        while end < items && old_cut & 1 << end == 0 && same(end - 1, end) {
            cut |= 1 << end;
            open &= !(1 << end);
            end += 1;
        }
        runs[*run_count] = Run {
            stacks: width > 1,
            start: start as u8,
            len: (end - start) as u8,
        };
        *run_count += 1;
    }
    cut
}

/// Swaps stacks `a < b` of `values`, stacks `w` wide.
fn swap_stacks(w: usize, a: usize, b: usize, values: &mut [u8; MAX]) {
    let (left, right) = values.split_at_mut(b * w);
    left[a * w..(a + 1) * w].swap_with_slice(&mut right[..w]);
}

/// The children of one candidate with one more row: its columns arranged
/// for that row, the groups split where the row differs, one child per
/// order of each group of new digits.
struct Branch<'a, D> {
    shape: D,
    node: &'a Node,
    row: &'a [u8],
    r: usize,
    depth: usize,
    tokens: &'a [u8; MAX],
    /// Bit `j`: the row reads a new digit at output column `j`, to be
    /// labelled (none in [`Pass::Pattern`]).
    new_digits: u64,
}

impl<D: Dims> Branch<'_, D> {
    /// Pushes the children onto `next`; false when there would be more
    /// than [`CANON_CANDIDATE_LIMIT`].
    fn children(&self, cols: &mut [u8; MAX], next: &mut Vec<Node>) -> bool {
        let tokens = self.tokens;
        let mut runs = [Run::default(); MAX];
        let mut run_count = 0;
        let col_cut = split(
            self.shape,
            false,
            self.node.col_cut,
            tokens,
            &mut runs,
            &mut run_count,
        );
        let stack_cut = split(
            self.shape,
            true,
            self.node.stack_cut,
            tokens,
            &mut runs,
            &mut run_count,
        );
        let cuts = (col_cut, stack_cut);
        self.order_runs(&runs[..run_count], cols, cuts, next)
    }

    /// Tries every order of the first run, then of the rest.
    fn order_runs(
        &self,
        runs: &[Run],
        cols: &mut [u8; MAX],
        cuts: (u64, u64),
        next: &mut Vec<Node>,
    ) -> bool {
        match runs.split_first() {
            None => self.push_child(cols, cuts, next),
            Some((run, rest)) => self.order_run(*run, 0, rest, cols, cuts, next),
        }
    }

    /// Every order of the items of `run` from `first` on, by swapping each
    /// into place in turn.
    fn order_run(
        &self,
        run: Run,
        first: usize,
        rest: &[Run],
        cols: &mut [u8; MAX],
        cuts: (u64, u64),
        next: &mut Vec<Node>,
    ) -> bool {
        let len = usize::from(run.len);
        if first == len {
            return self.order_runs(rest, cols, cuts, next);
        }
        let w = self.shape.stack();
        let at = usize::from(run.start);
        for other in first..len {
            let swap = |cols: &mut [u8; MAX]| match (run.stacks, first == other) {
                (_, true) => {}
                (true, false) => swap_stacks(w, at + first, at + other, cols),
                (false, false) => cols.swap(at + first, at + other),
            };
            swap(cols);
            let done = self.order_run(run, first + 1, rest, cols, cuts, next);
            swap(cols);
            if !done {
                return false;
            }
        }
        true
    }

    /// Adds the child with these columns: the row chosen, the new digits
    /// labelled in the order they appear.
    fn push_child(&self, cols: &[u8; MAX], cuts: (u64, u64), next: &mut Vec<Node>) -> bool {
        if next.len() >= CANON_CANDIDATE_LIMIT {
            return false;
        }
        next.push(*self.node);
        let child = next.last_mut().expect("just pushed");
        child.cols = *cols;
        (child.col_cut, child.stack_cut) = cuts;
        child.rows[self.depth] = self.r as u8;
        // Only the places where the row reads a new digit get a label.
        let mut new = self.new_digits;
        while new != 0 {
            let j = new.trailing_zeros() as usize;
            new &= new - 1;
            let v = usize::from(self.row[usize::from(cols[j])]);
            child.labels[v] = child.next_label;
            child.next_label += 1;
        }
        true
    }
}
