//! What the rules given as tables share: which of their cells share a
//! unit (and so hold different digits in every way), the search for every
//! way of filling cells that a rule accepts, and what a list of ways
//! implies for one and two cells at a time, compiled as forbidden
//! placements and pairs so that singles and the logical solver see it.

use super::Context;

/// For each two of `cells`, true when they share a unit of the geometry
/// being built (so that no way gives them one digit).
pub(super) fn apart(cx: &Context, cells: &[usize]) -> Vec<Vec<bool>> {
    let units: Vec<&Vec<usize>> = cx
        .builder
        .unit_list()
        .iter()
        .filter(|(_, members)| members.iter().filter(|c| cells.contains(c)).count() > 1)
        .map(|(_, members)| members)
        .collect();
    cells
        .iter()
        .map(|&a| {
            cells
                .iter()
                .map(|&b| a != b && units.iter().any(|u| u.contains(&a) && u.contains(&b)))
                .collect()
        })
        .collect()
}

/// Every way of filling `cells` with digits 1 to the side, different in
/// cells that share a unit, that `accepts` takes, one after another;
/// `None` when there are more than `limit`. `accepts` is also asked of
/// each prefix (the digits of the first cells so far) with `complete`
/// false, and may cut the search there.
pub(super) fn every_way(
    cx: &Context,
    cells: &[usize],
    limit: usize,
    mut accepts: impl FnMut(&[u8], bool) -> bool,
) -> Option<Vec<u8>> {
    let apart = apart(cx, cells);
    let mut search = Search {
        side: cx.side as u8,
        apart: &apart,
        digits: Vec::with_capacity(cells.len()),
        found: Vec::new(),
        limit: limit.saturating_mul(cells.len()),
    };
    search.fill(&mut accepts).then_some(search.found)
}

/// The search of [`every_way`].
struct Search<'a> {
    side: u8,
    /// True for two cells that share a unit.
    apart: &'a [Vec<bool>],
    /// The digits given so far, cell by cell.
    digits: Vec<u8>,
    /// The ways found, one after another.
    found: Vec<u8>,
    /// The most digits `found` may hold.
    limit: usize,
}

impl Search<'_> {
    /// Finds every way from the digits given so far; false when there
    /// are too many.
    fn fill(&mut self, accepts: &mut impl FnMut(&[u8], bool) -> bool) -> bool {
        let k = self.digits.len();
        if k == self.apart.len() {
            if accepts(&self.digits, true) {
                self.found.extend_from_slice(&self.digits);
            }
            return self.found.len() <= self.limit;
        }
        if k > 0 && !accepts(&self.digits, false) {
            return true;
        }
        for digit in 1..=self.side {
            if (0..k).any(|i| self.apart[k][i] && self.digits[i] == digit) {
                continue;
            }
            self.digits.push(digit);
            let fits = self.fill(accepts);
            self.digits.pop();
            if !fits {
                return false;
            }
        }
        true
    }
}

/// Compiles what the ways `tuples` of `cells` imply for one and two cells:
/// a digit no way gives a cell is forbidden there, a pair of digits no way
/// gives two cells is a forbidden pair. A digit 0 in a way leaves the cell
/// free: any digit.
pub(super) fn project(cx: &mut Context, cells: &[usize], tuples: &[u8]) {
    let (n, width) = (cx.side, cells.len());
    let all = u64::MAX >> (64 - n);
    let mask = |digit: u8| match digit {
        0 => all,
        d => 1u64 << (d - 1),
    };
    // seen_one[i]: digits some way gives cell i; seen_two[(i * width + j)
    // * n + x]: digits some way gives cell j beside digit x + 1 in cell i.
    let mut seen_one = vec![0u64; width];
    let mut seen_two = vec![0u64; width * width * n];
    for tuple in tuples.chunks(width) {
        for (i, &x) in tuple.iter().enumerate() {
            let xs = mask(x);
            seen_one[i] |= xs;
            for (j, &y) in tuple.iter().enumerate().skip(i + 1) {
                let ys = mask(y);
                let mut left = xs;
                while left != 0 {
                    let x = left.trailing_zeros() as usize;
                    seen_two[(i * width + j) * n + x] |= ys;
                    left &= left - 1;
                }
            }
        }
    }
    for (i, &cell) in cells.iter().enumerate() {
        for x in 0..n {
            if seen_one[i] >> x & 1 == 0 {
                cx.builder.forbid(cell, x as u8 + 1, cx.rule);
            }
        }
    }
    for i in 0..width {
        for j in i + 1..width {
            for x in 0..n {
                if seen_one[i] >> x & 1 == 0 {
                    continue;
                }
                let missing = seen_one[j] & !seen_two[(i * width + j) * n + x];
                for y in (0..n).filter(|&y| missing >> y & 1 != 0) {
                    let (first, second) = ((cells[i], x as u8 + 1), (cells[j], y as u8 + 1));
                    cx.builder.forbid_pair(first, second, cx.rule);
                }
            }
        }
    }
}
