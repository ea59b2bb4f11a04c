//! The sums of the killer cages encoded by digit combinations, reasoned on
//! by the search after every choice.
//!
//! A cage encoded by combinations (see the cages module) makes its sum hold
//! only once the search chooses one of its combinations: until then a
//! combination stays an option though its cells can no longer take its
//! digits, and a cell keeps digits that no combination left holds. After
//! each choice, for each such cage whose combination is not chosen yet:
//!
//! * with the digits the search placed in the cage `P` and the candidates
//!   of its open cells, a combination `S` is hidden when a digit of
//!   `S \ P` is no open cell's candidate, or an open cell has no candidate
//!   in `S \ P`;
//! * a cell's candidate that no combination left holds is hidden;
//!
//! and again until the cage changes no more. A cage with more combinations
//! left than [`SCAN_COMBINATIONS`] (large cages of large grids) is pruned by
//! bounds instead: a candidate `d` of an open cell goes when the other open
//! cells cannot make the rest of the sum with distinct digits of their
//! candidates other than `d`, their smallest and largest such digits
//! taken. Cages encoded by assignments need neither: each of their options
//! is a whole filling that makes the sum.
//!
//! Each level of the search starts from what its parent level left: a cage
//! whose items have as many options as they had there is unchanged, and is
//! not read again.

use crate::engine::{Count, Propagate, Pruning};

use super::level_counts::level_row;

/// Cages with more combinations left than this are pruned by bounds on
/// their sums instead of combination by combination.
pub const SCAN_COMBINATIONS: usize = 64;

/// No item: a digit placed in the grid, which has none in its cage.
const NONE: u32 = u32::MAX;

/// One cage of [`SumCages`]: where its items and combinations are.
#[derive(Debug, Clone, Copy)]
struct SumCage {
    /// The cage's item, which its combinations cover.
    whole: u32,
    /// Its sum less the digits of the grid in it.
    sum: u32,
    /// The option of its first combination; the others follow.
    first_option: u32,
    /// Where its combinations start in `SumCages::masks`, and end.
    masks: (u32, u32),
    /// Where the items of its blank cells start in `SumCages::cells`, and
    /// end.
    cells: (u32, u32),
    /// Where the items (cage, digit) of its digits start in
    /// `SumCages::digits` (`side` entries, [`NONE`] for a digit of the
    /// grid).
    digits: u32,
}

/// The cages of a build encoded by digit combinations, as their
/// propagation reads them; written by the encoding as it adds their
/// options.
#[derive(Debug, Clone, Default)]
pub struct SumCages {
    cages: Vec<SumCage>,
    /// Each combination of each cage, less the digits of the grid, in the
    /// order of its options.
    masks: Vec<u64>,
    /// The items of the blank cells of each cage.
    cells: Vec<u32>,
    /// The items (cage, digit) of each cage, `side` entries a cage.
    digits: Vec<u32>,
    /// The side of the grid: the number of digits.
    side: usize,
}

impl SumCages {
    /// Forgets the cages of the last build, for a build of side `side`.
    pub(super) fn clear(&mut self, side: usize) {
        self.cages.clear();
        self.masks.clear();
        self.cells.clear();
        self.digits.clear();
        self.side = side;
    }

    /// True when the last build has a cage to propagate.
    pub fn is_empty(&self) -> bool {
        self.cages.is_empty()
    }

    /// Starts a cage whose item is `whole`, whose blank cells make `sum`
    /// and have items `cells`, whose digit `d` (from 0) has item
    /// `digits(d)` ([`None`] for a digit of the grid), and whose first
    /// combination will be option `first_option`.
    pub(super) fn begin(
        &mut self,
        whole: u32,
        sum: u32,
        first_option: usize,
        cells: impl Iterator<Item = u32>,
        digits: impl Fn(usize) -> Option<u32>,
    ) {
        let (cells_start, masks_start) = (self.cells.len() as u32, self.masks.len() as u32);
        self.cells.extend(cells);
        let digits_start = self.digits.len() as u32;
        self.digits
            .extend((0..self.side).map(|digit| digits(digit).unwrap_or(NONE)));
        self.cages.push(SumCage {
            whole,
            sum,
            first_option: first_option as u32,
            masks: (masks_start, masks_start),
            cells: (cells_start, self.cells.len() as u32),
            digits: digits_start,
        });
    }

    /// Adds the next combination of the cage begun last, less the digits
    /// of the grid.
    pub(super) fn push(&mut self, combination: u64) {
        self.masks.push(combination);
        if let Some(cage) = self.cages.last_mut() {
            cage.masks.1 = self.masks.len() as u32;
        }
    }
}

/// The buffers of the propagation of cage sums, reused from puzzle to
/// puzzle.
#[derive(Debug, Clone)]
pub struct CageSums {
    /// For each level of the search and each cage, the options left in its
    /// items (its own and its open cells', a covered item counting 0) when
    /// propagation there ended.
    seen: Vec<u32>,
    /// The candidates of the open cells of the cage at hand.
    candidates: Vec<u64>,
    /// Beside `candidates`, the options left in each cell's item.
    counts: Vec<u32>,
}

impl Default for CageSums {
    fn default() -> Self {
        CageSums::new()
    }
}

impl CageSums {
    /// Empty buffers; they grow to fit the largest puzzle seen.
    pub fn new() -> CageSums {
        CageSums {
            seen: Vec::new(),
            candidates: Vec::new(),
            counts: Vec::new(),
        }
    }

    /// The propagator of `cages` for the matrix they were built with,
    /// whose option `k` places `placements[k]` (`cell << 8 | digit`).
    pub fn propagator<'a>(
        &'a mut self,
        cages: &'a SumCages,
        placements: &'a [u32],
    ) -> SumBounds<'a> {
        SumBounds {
            buffers: self,
            cages,
            placements,
        }
    }
}

/// The sums of [`SumCages`] propagated on one matrix: see the module
/// documentation.
#[derive(Debug)]
pub struct SumBounds<'a> {
    buffers: &'a mut CageSums,
    cages: &'a SumCages,
    placements: &'a [u32],
}

impl Propagate for SumBounds<'_> {
    fn propagate<C: Count>(&mut self, pruning: &mut Pruning<'_, C>) {
        let cages = self.cages;
        let slots = cages.cages.len();
        let CageSums {
            seen,
            candidates,
            counts,
        } = &mut *self.buffers;
        let seen = level_row(seen, slots, pruning.depth());
        for (slot, cage) in cages.cages.iter().enumerate() {
            let Some(left) = pruning.options_left(cage.whole as usize) else {
                // A combination is chosen: the cover makes its digits fill
                // the cells.
                continue;
            };
            let before = left as u32 + options_in(pruning, cages, cage);
            if seen[slot] == before {
                continue;
            }
            let mut one = OneCage {
                cages,
                cage,
                placements: self.placements,
                candidates: &mut *candidates,
                counts: &mut *counts,
            };
            match one.propagate(pruning, left) {
                Some(removed) => seen[slot] = before - removed,
                None => return,
            }
        }
    }
}

/// The options left in the items of the blank cells of `cage`, a covered
/// item counting 0. With those of the cage's own item, equal at two
/// levels, one below the other, only when nothing of the cage changed
/// between them.
#[inline]
fn options_in<C: Count>(pruning: &Pruning<'_, C>, cages: &SumCages, cage: &SumCage) -> u32 {
    let cells = &cages.cells[cage.cells.0 as usize..cage.cells.1 as usize];
    let cells: usize = cells
        .iter()
        .map(|&item| pruning.options_left(item as usize).unwrap_or(0))
        .sum();
    cells as u32
}

/// The propagation of one cage.
struct OneCage<'s> {
    cages: &'s SumCages,
    cage: &'s SumCage,
    placements: &'s [u32],
    candidates: &'s mut Vec<u64>,
    counts: &'s mut Vec<u32>,
}

impl OneCage<'_> {
    /// Prunes the cage, whose item has `left` options, until it changes no
    /// more. Returns how many options it hid from the cage's items and its
    /// cells', or `None` when an item is left with no option (the search
    /// backtracks).
    ///
    /// Hiding options covers no item, so the digits placed and the open
    /// cells stay as they were, and a cell kept to the digits `allowed`
    /// has candidates its own less those outside `allowed`: the cells are
    /// read once, and each round after the first works on what the last
    /// one left.
    fn propagate<C: Count>(
        &mut self,
        pruning: &mut Pruning<'_, C>,
        mut left: usize,
    ) -> Option<u32> {
        let cage = self.cage;
        let cells = &self.cages.cells[cage.cells.0 as usize..cage.cells.1 as usize];
        let masks = &self.cages.masks[cage.masks.0 as usize..cage.masks.1 as usize];
        // The candidates of the open cells and their options left, and
        // the digits placed.
        let placements = self.placements;
        self.candidates.clear();
        self.counts.clear();
        let mut union = 0u64;
        for &item in cells {
            let Some(count) = pruning.options_left(item as usize) else {
                self.candidates.push(0);
                self.counts.push(0);
                continue;
            };
            let mut mask = 0u64;
            pruning.each_option(item as usize, |option| {
                mask |= 1 << ((placements[option] & 0xff) - 1);
            });
            union |= mask;
            self.candidates.push(mask);
            self.counts.push(count as u32);
        }
        let open = self.candidates.iter().filter(|&&mask| mask != 0).count();
        let placed = match open == cells.len() {
            true => 0,
            false => self.placed(pruning),
        };
        let mut removed = 0;
        loop {
            let mut changed = false;
            if left <= SCAN_COMBINATIONS {
                let candidates = &self.candidates[..];
                let mut allowed = 0u64;
                let first = cage.first_option as usize;
                let kept = pruning.hide_where(cage.whole as usize, |option| {
                    let need = masks[option - first] & !placed;
                    let fits = fits(need, union, candidates);
                    if fits {
                        allowed |= need;
                    }
                    !fits
                });
                if kept == 0 {
                    return None;
                }
                removed += (left - kept) as u32;
                left = kept;
                union = 0;
                for (index, &item) in cells.iter().enumerate() {
                    let mask = self.candidates[index];
                    if mask & !allowed != 0 {
                        changed = true;
                        removed += self.keep_only(pruning, index, item, allowed)?;
                    }
                    union |= self.candidates[index];
                }
            } else {
                let Some(rest) = cage.sum.checked_sub(digit_sum(placed)) else {
                    // Digits placed over the sum: an open cell emptied ends
                    // the branch.
                    let open = cells
                        .iter()
                        .find(|&&item| pruning.options_left(item as usize).is_some());
                    if let Some(&item) = open {
                        keep_only(pruning, placements, item, 0);
                    }
                    return None;
                };
                for (index, &item) in cells.iter().enumerate() {
                    let mask = self.candidates[index];
                    if mask == 0 {
                        continue;
                    }
                    let others = self
                        .candidates
                        .iter()
                        .enumerate()
                        .filter(|&(other, _)| other != index)
                        .fold(0, |union, (_, &mask)| union | mask);
                    let allowed = reachable(mask, others, open - 1, rest);
                    if mask & !allowed == 0 {
                        continue;
                    }
                    changed = true;
                    removed += self.keep_only(pruning, index, item, allowed)?;
                }
            }
            if !changed {
                return Some(removed);
            }
        }
    }

    /// Keeps the open cell of index `index`, of item `item`, to the digits
    /// `allowed`, and its candidates and count with it. Returns how many
    /// options it hid, or `None` when none is left.
    #[inline]
    fn keep_only<C: Count>(
        &mut self,
        pruning: &mut Pruning<'_, C>,
        index: usize,
        item: u32,
        allowed: u64,
    ) -> Option<u32> {
        let kept = keep_only(pruning, self.placements, item, allowed)?;
        let removed = self.counts[index] - kept;
        self.counts[index] = kept;
        self.candidates[index] &= allowed;
        Some(removed)
    }

    /// The digits the search placed in the cage: those whose item (cage,
    /// digit) is covered while no combination is chosen.
    fn placed<C: Count>(&self, pruning: &Pruning<'_, C>) -> u64 {
        let start = self.cage.digits as usize;
        let items = &self.cages.digits[start..start + self.cages.side];
        items
            .iter()
            .enumerate()
            .filter(|&(_, &item)| item != NONE && pruning.options_left(item as usize).is_none())
            .fold(0, |placed, (digit, _)| placed | 1 << digit)
    }
}

/// Hides the placements of cell item `item` whose digit is not in
/// `allowed`; returns how many options it keeps, or `None` when none.
#[inline]
fn keep_only<C: Count>(
    pruning: &mut Pruning<'_, C>,
    placements: &[u32],
    item: u32,
    allowed: u64,
) -> Option<u32> {
    let keep = pruning.hide_where(item as usize, |option| {
        allowed >> ((placements[option] & 0xff) - 1) & 1 == 0
    });
    (keep != 0).then_some(keep as u32)
}

/// True when the open cells of a cage, of candidates `candidates` (0 for
/// a cell placed) and `union` all together, can still take the digits
/// `need` of a combination, as far as each digit has a cell and each open
/// cell a digit.
#[inline]
fn fits(need: u64, union: u64, candidates: &[u64]) -> bool {
    need & !union == 0 && candidates.iter().all(|&mask| mask == 0 || mask & need != 0)
}

/// The sum of the digits of `mask` (bit `d - 1` for digit `d`).
#[inline]
fn digit_sum(mask: u64) -> u32 {
    let mut sum = 0;
    let mut bits = mask;
    while bits != 0 {
        sum += bits.trailing_zeros() + 1;
        bits &= bits - 1;
    }
    sum
}

/// The digits of `candidates` with which `others` other cells can make the
/// rest of `sum` from distinct digits of `pool` (other than the digit), by
/// bounds: the rest lies between the sum of the `others` smallest digits of
/// `pool` and that of its `others` largest.
fn reachable(candidates: u64, pool: u64, others: usize, sum: u32) -> u64 {
    let mut allowed = 0;
    let mut digits = candidates;
    while digits != 0 {
        let bit = digits & digits.wrapping_neg();
        digits &= digits - 1;
        let digit = bit.trailing_zeros() + 1;
        let Some(rest) = sum.checked_sub(digit) else {
            continue;
        };
        let pool = pool & !bit;
        if (pool.count_ones() as usize) < others {
            continue;
        }
        let (mut low, mut high, mut small, mut large) = (0, 0, pool, pool);
        for _ in 0..others {
            low += small.trailing_zeros() + 1;
            small &= small - 1;
            let top = 63 - large.leading_zeros();
            high += top + 1;
            large &= !(1 << top);
        }
        if low <= rest && rest <= high {
            allowed |= bit;
        }
    }
    allowed
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every way of filling cells of candidates `candidates` with distinct
    /// digits adding up to `sum`: the digits each cell takes in some way.
    fn supported(candidates: &[u64], sum: u32) -> Vec<u64> {
        fn fill(candidates: &[u64], sum: u32, used: u64, digits: &mut Vec<u32>, out: &mut [u64]) {
            let k = digits.len();
            if k == candidates.len() {
                if sum == 0 {
                    for (slot, &digit) in out.iter_mut().zip(digits.iter()) {
                        *slot |= 1 << (digit - 1);
                    }
                }
                return;
            }
            for digit in 1..=sum {
                let bit = 1u64 << (digit - 1);
                if candidates[k] & bit != 0 && used & bit == 0 {
                    digits.push(digit);
                    fill(candidates, sum - digit, used | bit, digits, out);
                    digits.pop();
                }
            }
        }
        let mut out = vec![0; candidates.len()];
        fill(candidates, sum, 0, &mut Vec::new(), &mut out);
        out
    }

    /// The combinations of `cells` distinct digits from 1 to `side` adding
    /// up to `sum`.
    fn combinations(side: usize, cells: usize, sum: u32) -> Vec<u64> {
        (0u64..1 << side)
            .filter(|&set| set.count_ones() as usize == cells && digit_sum(set) == sum)
            .collect()
    }

    /// Each cage of 1 to 3 cells of digits 1 to `side`, each candidate set
    /// of its cells and each sum: what the propagation keeps, by
    /// combinations (each cell's candidates within the digits of the
    /// combinations that fit) and by bounds, until nothing changes.
    fn each_cage(side: usize, check: impl Fn(&[u64], u32, &[u64], &[u64])) {
        for cells in 1..=3usize {
            let sets = 1u64 << side;
            for index in 0..sets.pow(cells as u32) {
                let candidates: Vec<u64> = (0..cells)
                    .map(|cell| index / sets.pow(cell as u32) % sets)
                    .collect();
                if candidates.contains(&0) {
                    continue;
                }
                let most = (1..=side as u32).sum::<u32>();
                for sum in 1..=most {
                    let by_scan = scanned(side, &candidates, sum);
                    let by_bounds = bounded(&candidates, sum);
                    check(&candidates, sum, &by_scan, &by_bounds);
                }
            }
        }
    }

    /// The candidates the combination scan leaves, until nothing changes.
    fn scanned(side: usize, candidates: &[u64], sum: u32) -> Vec<u64> {
        let combos = combinations(side, candidates.len(), sum);
        let mut now = candidates.to_vec();
        loop {
            let union = now.iter().fold(0, |union, &mask| union | mask);
            let allowed = combos
                .iter()
                .filter(|&&need| fits(need, union, &now))
                .fold(0, |allowed, &need| allowed | need);
            let next: Vec<u64> = now.iter().map(|&mask| mask & allowed).collect();
            if next == now {
                return now;
            }
            now = next;
        }
    }

    /// The candidates the bounds leave, until nothing changes.
    fn bounded(candidates: &[u64], sum: u32) -> Vec<u64> {
        let mut now = candidates.to_vec();
        loop {
            let next: Vec<u64> = (0..now.len())
                .map(|cell| {
                    let others = (0..now.len())
                        .filter(|&other| other != cell)
                        .fold(0, |union, other| union | now[other]);
                    now[cell] & reachable(now[cell], others, now.len() - 1, sum)
                })
                .collect();
            if next == now {
                return now;
            }
            now = next;
        }
    }

    #[test]
    fn neither_way_hides_a_digit_that_some_filling_of_the_cage_takes() {
        for side in [4, 5] {
            each_cage(side, |candidates, sum, by_scan, by_bounds| {
                let truth = supported(candidates, sum);
                for cell in 0..candidates.len() {
                    assert_eq!(truth[cell] & !by_scan[cell], 0, "{candidates:?} {sum}");
                    assert_eq!(truth[cell] & !by_bounds[cell], 0, "{candidates:?} {sum}");
                }
            });
        }
    }

    #[test]
    fn a_cage_of_one_cell_or_two_of_other_digits_keeps_exactly_what_its_fillings_take() {
        // One cell: its digit is the sum. Two cells without a common
        // candidate: a combination that fits has a digit in each, so each
        // digit a fitting combination holds has a filling.
        each_cage(5, |candidates, sum, by_scan, by_bounds| {
            let truth = supported(candidates, sum);
            if candidates.len() == 1 {
                assert_eq!(by_bounds, truth, "{candidates:?} {sum}");
                assert_eq!(by_scan, truth, "{candidates:?} {sum}");
            }
            let apart = candidates.len() == 2 && candidates[0] & candidates[1] == 0;
            if apart && !truth.contains(&0) {
                assert_eq!(by_scan, truth, "{candidates:?} {sum}");
            }
        });
    }

    #[test]
    fn bounds_take_the_smallest_and_largest_distinct_digits() {
        // Two other cells of 1 to 9: 3 to 17 with them.
        let every = 0x1ff;
        assert_eq!(reachable(every, every, 2, 20), every & !0b11);
        // Two other cells of 1, 2 and 9: from 3 to 11 (to 10 without 1).
        let pool = 0b1_0000_0011;
        assert_eq!(reachable(0b100, pool, 2, 14), 0b100);
        assert_eq!(reachable(0b100, pool, 2, 15), 0);
        assert_eq!(digit_sum(0b1_0000_0011), 12);
    }
}
