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
/// gives two cells is a forbidden pair.
pub(super) fn project(cx: &mut Context, cells: &[usize], tuples: &[u8]) {
    let (n, width) = (cx.side, cells.len());
    let mut seen_one = vec![false; width * n];
    let mut seen_two = vec![false; width * width * n * n];
    for tuple in tuples.chunks(width) {
        for (i, &x) in tuple.iter().enumerate() {
            seen_one[i * n + x as usize - 1] = true;
            for (j, &y) in tuple.iter().enumerate().skip(i + 1) {
                seen_two[((i * width + j) * n + x as usize - 1) * n + y as usize - 1] = true;
            }
        }
    }
    for (i, &cell) in cells.iter().enumerate() {
        for x in 1..=n {
            if !seen_one[i * n + x - 1] {
                cx.builder.forbid(cell, x as u8, cx.rule);
            }
        }
    }
    for i in 0..width {
        for j in i + 1..width {
            for x in 1..=n {
                for y in 1..=n {
                    let both_possible = seen_one[i * n + x - 1] && seen_one[j * n + y - 1];
                    let together = seen_two[((i * width + j) * n + x - 1) * n + y - 1];
                    if both_possible && !together {
                        cx.builder
                            .forbid_pair((cells[i], x as u8), (cells[j], y as u8), cx.rule);
                    }
                }
            }
        }
    }
}
