//! The rules on sums of many cells on the 9x9 fast path: little killers,
//! sandwiches and region-sum lines, narrowed from their definitions.
//!
//! The exact-cover encoding reads these rules as long tables chained by
//! links, which the fast path does not read. It reasons on sets of digits
//! instead. The cells of a rule that lie in one box, one after another (a
//! segment), hold different digits. A segment of up to three cells tries
//! each filling of them; for a longer one, a set of as many digits is open
//! when each cell has a candidate in it and each of its digits is a
//! candidate of some cell, and the sums of the open sets are the sums the
//! segment can make. A little killer's segments must add up to its clue
//! (running sums forward from the first segment and backward from the
//! clue), a region-sum line's segments to one sum they can all make; each
//! cell keeps the digits of the fillings, or of the open sets, whose sums
//! fit. A sandwich tries
//! each place of its 1 and its 9 that the candidates allow, and keeps the
//! digits of the sets of digits from 2 to 8 between them that add up to
//! the clue. Each step only strikes digits no filling of the rule uses, and
//! once every cell is filled only a filling that keeps the rule is left.

use super::state::State;

/// The most segments of a little killer or region-sum line the fast path
/// reads, and the most cells ([`MOST_CELLS`]); a longer rule keeps the
/// matrix.
pub(super) const MOST_SEGMENTS: usize = 16;

/// See [`MOST_SEGMENTS`].
pub(super) const MOST_CELLS: usize = 36;

/// The sets of digits (bit `d` for digit `d + 1`) by size: those of `k`
/// digits are `BY_SIZE[SIZE_STARTS[k]..SIZE_STARTS[k + 1]]`.
static BY_SIZE: [u16; 512] = by_size().0;

/// See [`BY_SIZE`].
static SIZE_STARTS: [u16; 11] = by_size().1;

/// The sum of the digits of each set.
static SET_SUM: [u8; 512] = set_sums();

/// The largest sum of the digits between a sandwich's 1 and 9 (2 to 8).
const MOST_INNER: usize = 35;

/// The sets of the digits 2 to 8 (bits 1 to 7) by size and sum: those of
/// `k` digits adding up to `s` are `INNER[INNER_STARTS[i]..INNER_STARTS[i
/// + 1]]` for `i = k * (MOST_INNER + 1) + s`.
static INNER: [u16; 128] = inner().0;

/// See [`INNER`].
static INNER_STARTS: [u8; 8 * (MOST_INNER + 1) + 1] = inner().1;

const fn set_sums() -> [u8; 512] {
    let mut sums = [0; 512];
    let mut set = 0;
    while set < 512 {
        let mut digit = 0;
        while digit < 9 {
            if set >> digit & 1 != 0 {
                sums[set] += digit as u8 + 1;
            }
            digit += 1;
        }
        set += 1;
    }
    sums
}

const fn by_size() -> ([u16; 512], [u16; 11]) {
    let (mut sets, mut starts) = ([0; 512], [0; 11]);
    let mut next = 0;
    let mut size = 0;
    while size <= 9 {
        starts[size] = next as u16;
        let mut set = 0u16;
        while set < 512 {
            if set.count_ones() as usize == size {
                sets[next] = set;
                next += 1;
            }
            set += 1;
        }
        size += 1;
    }
    starts[10] = next as u16;
    (sets, starts)
}

const fn inner() -> ([u16; 128], [u8; 8 * (MOST_INNER + 1) + 1]) {
    let sums = set_sums();
    let (mut sets, mut starts) = ([0; 128], [0; 8 * (MOST_INNER + 1) + 1]);
    let mut next = 0;
    let mut key = 0;
    while key < 8 * (MOST_INNER + 1) {
        starts[key] = next as u8;
        let (size, sum) = (key / (MOST_INNER + 1), key % (MOST_INNER + 1));
        let mut low = 0u16;
        while low < 128 {
            let set = low << 1;
            if set.count_ones() as usize == size && sums[set as usize] as usize == sum {
                sets[next] = set;
                next += 1;
            }
            low += 1;
        }
        key += 1;
    }
    starts[8 * (MOST_INNER + 1)] = next as u8;
    (sets, starts)
}

/// The box of a cell of the 9x9 grid.
fn box_of(cell: usize) -> usize {
    cell / 27 * 3 + cell % 9 / 3
}

/// The number of segments of `cells`: runs of cells in one box.
pub(super) fn segments(cells: &[usize]) -> usize {
    let cuts = cells
        .windows(2)
        .filter(|pair| box_of(pair[0]) != box_of(pair[1]))
        .count();
    cuts + usize::from(!cells.is_empty())
}

/// Calls `visit` with each set of digits open for the cells of
/// `candidates`: as many digits as cells, each cell with a candidate among
/// them, each of them a candidate of some cell.
#[inline]
fn open_sets(candidates: &[u16], mut visit: impl FnMut(u16)) {
    let size = candidates.len();
    let union = candidates.iter().fold(0, |union, &held| union | held);
    let (start, end) = (SIZE_STARTS[size], SIZE_STARTS[size + 1]);
    for &set in &BY_SIZE[usize::from(start)..usize::from(end)] {
        if is_open(set, union, candidates) {
            visit(set);
        }
    }
}

/// True when `set` is open for the cells of `candidates`, whose union is
/// `union`: each cell has a candidate in it, each of its digits is some
/// cell's candidate.
#[inline]
fn is_open(set: u16, union: u16, candidates: &[u16]) -> bool {
    set & !union == 0 && candidates.iter().all(|&held| held & set != 0)
}

/// The digits of `mask` (bit `d` for digit `d + 1`), one by one, as
/// indexes 0 to 8.
fn digits(mut mask: u16) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let digit = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            digit
        })
    })
}

/// The sums (bit `s` for sum `s`) that the cells of `candidates`, which
/// hold different digits, can make. Up to three cells, each filling is
/// tried; longer segments are read as their open sets.
fn segment_sums(candidates: &[u16]) -> u64 {
    let mut made = 0u64;
    match *candidates {
        [only] => made = u64::from(only) << 1,
        [first, second] => {
            for a in digits(first) {
                made |= u64::from(second & !(1 << a)) << (a + 2);
            }
        }
        [first, second, third] => {
            for a in digits(first) {
                for b in digits(second & !(1 << a)) {
                    made |= u64::from(third & !(1 << a | 1 << b)) << (a + b + 3);
                }
            }
        }
        _ => open_sets(candidates, |set| made |= 1 << SET_SUM[usize::from(set)]),
    }
    made
}

/// Writes into `kept` the candidates of each cell of `candidates` that some
/// filling of the cells (different digits) adding up to one of `fit` uses:
/// exactly up to three cells, the digits of the open sets that fit beyond.
fn keep_fitting(candidates: &[u16], fit: u64, kept: &mut [u16]) {
    kept.fill(0);
    let fits = |shift: usize| (fit >> shift) as u16;
    match *candidates {
        [only] => kept[0] = only & fits(1),
        [first, second] => {
            for a in digits(first) {
                let partners = second & !(1 << a) & fits(a + 2);
                if partners != 0 {
                    kept[0] |= 1 << a;
                    kept[1] |= partners;
                }
            }
        }
        [first, second, third] => {
            for a in digits(first) {
                for b in digits(second & !(1 << a)) {
                    let partners = third & !(1 << a | 1 << b) & fits(a + b + 3);
                    if partners != 0 {
                        kept[0] |= 1 << a;
                        kept[1] |= 1 << b;
                        kept[2] |= partners;
                    }
                }
            }
        }
        _ => {
            let mut allowed = 0;
            open_sets(candidates, |set| {
                if fit >> SET_SUM[usize::from(set)] & 1 != 0 {
                    allowed |= set;
                }
            });
            for (kept, &held) in kept.iter_mut().zip(candidates) {
                *kept = held & allowed;
            }
        }
    }
}

/// Narrows the segments of `cells` to sums that add up to `total`, or,
/// without a total, to one sum every segment can make.
pub(super) fn narrow_segments(state: &mut State, cells: &[usize], total: Option<u32>) {
    let mut candidates = [0u16; MOST_CELLS];
    let candidates = &mut candidates[..cells.len()];
    for (held, &cell) in candidates.iter_mut().zip(cells) {
        *held = state.candidates(cell);
    }
    // The segments, as where each ends, and the sums each can make.
    let mut ends = [0u8; MOST_SEGMENTS];
    let mut sums = [0u64; MOST_SEGMENTS];
    let mut count = 0;
    let mut start = 0;
    for end in 1..=cells.len() {
        if end < cells.len() && box_of(cells[end]) == box_of(cells[end - 1]) {
            continue;
        }
        let made = segment_sums(&candidates[start..end]);
        if made == 0 {
            state.empty(cells[0]);
            return;
        }
        ends[count] = end as u8;
        sums[count] = made;
        count += 1;
        start = end;
    }
    let (ends, sums) = (&ends[..count], &sums[..count]);
    let mut fits = [0u64; MOST_SEGMENTS];
    match total {
        None => {
            let common = sums.iter().fold(u64::MAX, |common, &s| common & s);
            fits[..count].fill(common);
        }
        Some(total) => {
            // From `after[j]` the segments from `j` on reach the total;
            // `before` is what the segments before `j` can make.
            let mut after = [0u128; MOST_SEGMENTS + 1];
            after[count] = 1 << total;
            for j in (0..count).rev() {
                after[j] = shifted_right(after[j + 1], sums[j]);
            }
            let mut before = 1u128;
            for j in 0..count {
                let mut made = sums[j];
                while made != 0 {
                    let sum = made.trailing_zeros();
                    made &= made - 1;
                    if before << sum & after[j + 1] != 0 {
                        fits[j] |= 1 << sum;
                    }
                }
                before = shifted_left(before, fits[j]);
            }
        }
    }
    let mut kept = [0u16; 9];
    let mut start = 0;
    for (&end, &fit) in ends.iter().zip(&fits) {
        let end = usize::from(end);
        let segment = &candidates[start..end];
        let kept = &mut kept[..segment.len()];
        keep_fitting(segment, fit, kept);
        if kept[0] == 0 {
            state.empty(cells[start]);
            return;
        }
        for ((&held, &kept), &cell) in segment.iter().zip(kept.iter()).zip(&cells[start..end]) {
            state.strike_digits(cell, held & !kept);
        }
        start = end;
    }
}

/// Every `a + s` for `a` in `values` and `s` in `sums`, as bits.
fn shifted_left(values: u128, mut sums: u64) -> u128 {
    let mut made = 0;
    while sums != 0 {
        made |= values << sums.trailing_zeros();
        sums &= sums - 1;
    }
    made
}

/// Every `a - s` (not below 0) for `a` in `values` and `s` in `sums`, as
/// bits.
fn shifted_right(values: u128, mut sums: u64) -> u128 {
    let mut made = 0;
    while sums != 0 {
        made |= values >> sums.trailing_zeros();
        sums &= sums - 1;
    }
    made
}

/// Narrows the sandwich of `sum` on the nine `cells` of a row or column:
/// each cell keeps the digits it holds in some placing of the 1 and the 9
/// its candidates allow, with a set of digits between them that adds up.
pub(super) fn narrow_sandwich(state: &mut State, cells: &[usize], sum: usize) {
    const ENDS: u16 = 1 | 1 << 8;
    let mut candidates = [0u16; 9];
    for (held, &cell) in candidates.iter_mut().zip(cells) {
        *held = state.candidates(cell);
    }
    let mut support = [0u16; 9];
    for p in 0..9 {
        if candidates[p] & ENDS == 0 {
            continue;
        }
        for q in p + 1..9 {
            if candidates[q] & ENDS == 0 {
                continue;
            }
            let between = &candidates[p + 1..q];
            let allowed = match between.len() {
                0 if sum == 0 => 0,
                0 => continue,
                size => {
                    let key = size * (MOST_INNER + 1) + sum;
                    let sets = &INNER[usize::from(INNER_STARTS[key])..]
                        [..usize::from(INNER_STARTS[key + 1] - INNER_STARTS[key])];
                    let union = between.iter().fold(0, |union, &held| union | held);
                    let mut allowed = 0;
                    for &set in sets {
                        if is_open(set, union, between) {
                            allowed |= set;
                        }
                    }
                    if allowed == 0 {
                        continue;
                    }
                    allowed
                }
            };
            for (first, last) in [(1, 1 << 8), (1 << 8, 1)] {
                if candidates[p] & first == 0 || candidates[q] & last == 0 {
                    continue;
                }
                for (k, (kept, &held)) in support.iter_mut().zip(&candidates).enumerate() {
                    *kept |= match k {
                        k if k == p => first,
                        k if k == q => last,
                        k if p < k && k < q => held & allowed,
                        _ => held & !ENDS,
                    };
                }
            }
        }
    }
    for ((&cell, &held), &kept) in cells.iter().zip(&candidates).zip(&support) {
        state.strike_digits(cell, held & !kept);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rng;

    /// Every filling of cells of `candidates` with different digits, as
    /// digit indexes.
    fn fillings(candidates: &[u16]) -> Vec<Vec<usize>> {
        let Some((&last, rest)) = candidates.split_last() else {
            return vec![Vec::new()];
        };
        let mut all = Vec::new();
        for before in fillings(rest) {
            for digit in digits(last).filter(|d| !before.contains(d)) {
                let mut filling = before.clone();
                filling.push(digit);
                all.push(filling);
            }
        }
        all
    }

    #[test]
    fn segments_keep_what_some_filling_of_a_fitting_sum_uses() {
        let mut rng = Rng::from_seed(3);
        for round in 0..3000 {
            let size = 1 + round % 5;
            let candidates: Vec<u16> = (0..size).map(|_| rng.below(512) as u16).collect();
            let fit = rng.next_u64() & rng.next_u64() & ((1 << 46) - 2);
            let (mut sums, mut kept) = (0u64, vec![0u16; size]);
            for filling in fillings(&candidates) {
                let sum: usize = filling.iter().map(|d| d + 1).sum();
                sums |= 1 << sum;
                if fit >> sum & 1 != 0 {
                    for (kept, digit) in kept.iter_mut().zip(&filling) {
                        *kept |= 1 << digit;
                    }
                }
            }
            let mut found = vec![0u16; size];
            keep_fitting(&candidates, fit, &mut found);
            let made = segment_sums(&candidates);
            if size <= 3 {
                assert_eq!((made, &found), (sums, &kept), "{candidates:?} {fit:b}");
            } else {
                // Open sets: what they keep holds every filling's digits.
                assert_eq!(made & sums, sums, "{candidates:?}");
                for ((&found, &kept), &held) in found.iter().zip(&kept).zip(&candidates) {
                    assert_eq!(found & kept, kept, "{candidates:?} {fit:b}");
                    assert_eq!(found & !held, 0);
                }
            }
        }
    }

    #[test]
    fn sets_are_listed_by_size_and_sum() {
        assert_eq!(SIZE_STARTS[10], 512);
        assert_eq!(SIZE_STARTS[3] - SIZE_STARTS[2], 36);
        assert_eq!(SET_SUM[0x1ff], 45);
        assert_eq!(SET_SUM[0b101], 4);
        // Two digits from 2 to 8 adding up to 10: 4+6, 3+7, 2+8.
        let key = 2 * (MOST_INNER + 1) + 10;
        let sets = &INNER[usize::from(INNER_STARTS[key])..usize::from(INNER_STARTS[key + 1])];
        assert_eq!(sets, [0b0101000, 0b1000100, 0b10000010]);
        assert_eq!(usize::from(INNER_STARTS[8 * (MOST_INNER + 1)]), 128);
        assert_eq!(segments(&[0, 10, 20, 30, 40, 50, 60, 70, 80]), 3);
        assert_eq!(segments(&[2, 3]), 2);
    }
}
