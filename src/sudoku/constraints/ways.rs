//! What the rules given as tables share: which of their cells share a
//! unit (and so hold different digits in every way), the search for every
//! way of filling cells that a rule accepts, and what a list of ways
//! implies for one and two cells at a time, compiled as forbidden
//! placements and pairs (gathered in stars) so that singles and the
//! logical solver see it.
//!
//! The ways of a rule depend only on the rule's numbers (an arrow's bulb
//! length, a quadruple's digits, a sum), the side and which of its cells
//! share a unit, and a file of puzzles repeats these far more often than
//! it repeats whole puzzles: each thread keeps the ways it has found by
//! that key (up to [`KNOWN_BYTES`]), so that a rule already seen is not
//! searched again.

use std::cell::RefCell;
use std::rc::Rc;

use super::Context;
use crate::sudoku::kept::Kept;

/// The most bytes of ways a thread keeps; past it, it starts again.
const KNOWN_BYTES: usize = 16 << 20;

/// What decides the ways [`every_way`] finds: the rule's name and numbers
/// (whatever its `accepts` reads besides the digits), the side, the limit,
/// and for each cell the earlier cells that share a unit with it.
type KnownKey = (&'static str, Vec<u32>, u8, usize, Vec<u64>);

/// What decides what a list of ways implies: the side, the width and the
/// list.
type ImpliedKey = (u8, usize, Vec<u8>);

thread_local! {
    /// The ways found so far on this thread (`None`: more than the limit).
    static KNOWN: RefCell<Kept<KnownKey, Option<Vec<u8>>>> = RefCell::new(Kept::new(KNOWN_BYTES));
    /// What each list of ways seen on this thread implies.
    static IMPLIED: RefCell<Kept<ImpliedKey, Rc<Implied>>> = RefCell::new(Kept::new(KNOWN_BYTES));
}

/// The rule a call of [`every_way`] is for: its name, and the numbers its
/// `accepts` reads besides the digits. Two calls with the same rule on
/// cells whose units meet alike must accept alike.
pub(super) struct WaysOf<'a> {
    /// The rule's name, one per kind of `accepts`.
    pub(super) rule: &'static str,
    /// Its numbers.
    pub(super) numbers: &'a [u32],
}

/// For each of `cells`, the earlier ones that share a unit of the
/// geometry being built with it (so that no way gives them one digit), as
/// bits: bit `i` for the cell at `i`, for the first 64.
pub(super) fn earlier_apart(cx: &Context, cells: &[usize]) -> Vec<u64> {
    if let Some(together) = classic_peers(cx) {
        return earlier_together(cells, together);
    }
    let mut named = vec![false; cx.frame.cells()];
    for &cell in cells {
        named[cell] = true;
    }
    let units: Vec<&Vec<usize>> = cx
        .builder
        .unit_list()
        .iter()
        .filter(|(_, members)| {
            members
                .iter()
                .filter(|&&c| named.get(c) == Some(&true))
                .count()
                > 1
        })
        .map(|(_, members)| members)
        .collect();
    let together = |a: usize, b: usize| units.iter().any(|u| u.contains(&a) && u.contains(&b));
    earlier_together(cells, together)
}

/// For each of `cells`, the earlier ones (of the first 64) that `together`
/// says share a unit with it, as bits.
fn earlier_together(cells: &[usize], together: impl Fn(usize, usize) -> bool) -> Vec<u64> {
    cells
        .iter()
        .enumerate()
        .map(|(k, &b)| {
            (0..k.min(64))
                .filter(|&i| together(cells[i], b))
                .fold(0, |bits, i| bits | 1 << i)
        })
        .collect()
}

/// On a square grid of rows, columns and boxes and no other unit, whether
/// two cells share one, told from where they sit rather than by reading
/// the units: what [`earlier_apart`] asks of every rule given as a table
/// (count to 2: 0.966 of the instructions on the quadruple set read 20
/// times, 0.970 on arrow and 0.979 on between read once).
fn classic_peers(cx: &Context) -> Option<impl Fn(usize, usize) -> bool> {
    let n = cx.side;
    let (rows, columns) = cx.builder.square_box_shape()?;
    Some(move |a: usize, b: usize| {
        let (row_a, column_a, row_b, column_b) = (a / n, a % n, b / n, b % n);
        row_a == row_b
            || column_a == column_b
            || (row_a / rows == row_b / rows && column_a / columns == column_b / columns)
    })
}

/// Every way of filling `cells` with digits 1 to the side, different in
/// cells that share a unit, that `accepts` takes, one after another;
/// `None` when there are more than `limit`. `accepts` is also asked of
/// each prefix (the digits of the first cells so far) with `complete`
/// false, and may cut the search there ([`Fit::No`]), or there and at
/// every larger last digit ([`Fit::NorLarger`]). It may read nothing but
/// the digits and what `of` names: the ways are kept by `of` (see the
/// module documentation).
pub(super) fn every_way(
    cx: &Context,
    cells: &[usize],
    limit: usize,
    of: WaysOf<'_>,
    mut accepts: impl FnMut(&[u8], bool) -> Fit,
) -> Option<Vec<u8>> {
    let key: KnownKey = (
        of.rule,
        of.numbers.to_vec(),
        cx.side as u8,
        limit,
        earlier_apart(cx, cells),
    );
    if let Some(ways) = KNOWN.with(|known| known.borrow().get(&key)) {
        return ways;
    }
    let mut search = Search {
        side: cx.side as u8,
        earlier_apart: &key.4,
        digits: Vec::with_capacity(cells.len()),
        found: Vec::new(),
        limit: limit.saturating_mul(cells.len()),
    };
    let ways = search.fill(&mut accepts).then_some(search.found);
    let bytes = ways.as_ref().map_or(0, Vec::len) + 64;
    KNOWN.with(|known| known.borrow_mut().keep(key, ways.clone(), bytes));
    ways
}

/// What a rule says of the digits given so far (see [`every_way`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Fit {
    /// They can lead to a way (or, all cells given, are one).
    Yes,
    /// They cannot.
    No,
    /// They cannot, nor can any larger digit in the last cell given: a
    /// sum already too large.
    NorLarger,
}

impl From<bool> for Fit {
    /// `Yes` for true, `No` for false.
    fn from(fits: bool) -> Fit {
        match fits {
            true => Fit::Yes,
            false => Fit::No,
        }
    }
}

/// What a sum says of the digits given so far: `sum` of them counted,
/// `rest` cells left of at least 1 and at most `side` each, to make
/// `target`. A sum already past the target is past it with any larger
/// last digit too.
pub(super) fn sum_fit(sum: u32, rest: u32, target: u32, side: u32, complete: bool) -> Fit {
    if sum + rest > target {
        Fit::NorLarger
    } else if complete {
        (sum == target).into()
    } else {
        (target <= sum + rest * side).into()
    }
}

/// The search of [`every_way`].
struct Search<'a> {
    side: u8,
    /// For each cell, the earlier cells that share a unit with it, as bits
    /// (bit `i` for the cell at `i`).
    earlier_apart: &'a [u64],
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
    fn fill(&mut self, accepts: &mut impl FnMut(&[u8], bool) -> Fit) -> bool {
        let (k, width) = (self.digits.len(), self.earlier_apart.len());
        if k == width {
            // A rule of no cells: the empty way.
            if accepts(&self.digits, true) == Fit::Yes {
                self.found.extend_from_slice(&self.digits);
            }
            return self.found.len() <= self.limit;
        }
        // The digits of the earlier cells that share a unit with this one.
        let mut taken = 0u64;
        let mut earlier = self.earlier_apart[k];
        while earlier != 0 {
            taken |= 1 << self.digits[earlier.trailing_zeros() as usize];
            earlier &= earlier - 1;
        }
        let complete = k + 1 == width;
        for digit in 1..=self.side {
            if taken >> digit & 1 == 1 {
                continue;
            }
            self.digits.push(digit);
            let fits = match accepts(&self.digits, complete) {
                Fit::Yes if complete => {
                    self.found.extend_from_slice(&self.digits);
                    self.found.len() <= self.limit
                }
                Fit::Yes => self.fill(accepts),
                Fit::No => true,
                Fit::NorLarger => {
                    self.digits.pop();
                    break;
                }
            };
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
/// gives two cells is forbidden together (one star for each digit of the
/// first cell). A digit 0 in a way leaves the cell free: any digit. What a
/// list of ways implies is kept by the list, as the ways are (see the
/// module documentation).
pub(super) fn project(cx: &mut Context, cells: &[usize], tuples: &[u8]) {
    let implied = implied(cx.side, cells.len(), tuples);
    compile_implied(cx, cells, &implied);
}

/// Compiles what the ways `tuples` of `cells` imply for one cell alone (a
/// digit no way gives a cell is forbidden there), not for two: for a rule
/// that every search reads whole, whose pairs would only repeat what the
/// reading finds (a quadruple: see `quadruple.rs`).
pub(super) fn project_cells(cx: &mut Context, cells: &[usize], tuples: &[u8]) {
    let implied = implied(cx.side, cells.len(), tuples);
    forbid_implied(cx, cells, &implied);
}

/// What the ways `tuples` of `width` cells imply on a grid of side `n`
/// (see [`project`]), kept by the list.
pub(super) fn implied(n: usize, width: usize, tuples: &[u8]) -> Rc<Implied> {
    let key = (n as u8, width, tuples.to_vec());
    let known = IMPLIED.with(|implied| implied.borrow().get(&key));
    known.unwrap_or_else(|| {
        let implied = Rc::new(implied_by(n, width, tuples));
        let bytes = tuples.len() + 4 * implied.forbidden.len() + 16 * implied.stars.len() + 64;
        IMPLIED.with(|kept| kept.borrow_mut().keep(key, Rc::clone(&implied), bytes));
        implied
    })
}

/// Compiles what a list of ways of `cells` implies (see [`project`]).
pub(super) fn compile_implied(cx: &mut Context, cells: &[usize], implied: &Implied) {
    forbid_implied(cx, cells, implied);
    let members = implied
        .stars
        .iter()
        .map(|star| 1 + star.3.count_ones() as usize);
    cx.builder
        .reserve_rule_groups(implied.stars.len(), members.sum());
    for &(i, x, j, ys) in &implied.stars {
        let centre = (cells[i as usize], x);
        cx.builder
            .forbid_star(centre, cells[j as usize], ys, cx.rule);
    }
}

/// Forbids in `cells` the digits that `implied` says no way gives them.
fn forbid_implied(cx: &mut Context, cells: &[usize], implied: &Implied) {
    for &(i, x) in &implied.forbidden {
        cx.builder.forbid(cells[i as usize], x, cx.rule);
    }
}

/// What a list of ways implies, by place on the rule's cells: the digits
/// forbidden in a cell, as (place, digit), and the pairs of digits
/// forbidden in two cells, as stars (place, digit, a later place, the
/// digits there it refuses as a bit mask), in the order [`project`]
/// compiles them.
pub(super) struct Implied {
    forbidden: Vec<(u16, u8)>,
    stars: Vec<(u16, u8, u16, u64)>,
}

/// Works out what the ways `tuples` of `width` cells imply on a grid of
/// side `n`; see [`project`].
fn implied_by(n: usize, width: usize, tuples: &[u8]) -> Implied {
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
    let mut implied = Implied {
        forbidden: Vec::new(),
        stars: Vec::new(),
    };
    for (i, &seen) in seen_one.iter().enumerate() {
        for x in (0..n).filter(|&x| seen >> x & 1 == 0) {
            implied.forbidden.push((i as u16, x as u8 + 1));
        }
    }
    for i in 0..width {
        for j in i + 1..width {
            for x in (0..n).filter(|&x| seen_one[i] >> x & 1 != 0) {
                let missing = seen_one[j] & !seen_two[(i * width + j) * n + x];
                if missing != 0 {
                    let star = (i as u16, x as u8 + 1, j as u16, missing);
                    implied.stars.push(star);
                }
            }
        }
    }
    implied
}

#[cfg(test)]
mod tests {
    use crate::sudoku::grid::{Size, Unit};

    #[test]
    fn earlier_apart_marks_exactly_the_earlier_cells_that_share_a_unit() {
        use super::earlier_apart;
        use crate::sudoku::constraints::{Context, NO_RULE};
        use crate::sudoku::geometry::Geometry;
        use crate::Rng;
        // Rows, columns and boxes alone, told from where the cells sit: 9x9,
        // 6x6 with boxes of two rows and three columns and of three rows and
        // two columns, 16x16. Read from the units: 9x9 with a diagonal unit
        // besides, and 9x9 rows and columns alone. On 16x16, rules of up to
        // 100 cells take both the walk of the first 64 places and the walk
        // beyond them. The cells come in a random order.
        let mut rng = Rng::from_seed(7);
        let diagonal = Unit::Extra(0);
        let builders = [
            (Size::NINE, Geometry::builder(Size::NINE).boxes()),
            (Size::SIX, Geometry::builder(Size::SIX).boxes()),
            (Size::SIX, Geometry::builder(Size::SIX).boxes_of(3, 2)),
            (Size::SIXTEEN, Geometry::builder(Size::SIXTEEN).boxes()),
            (
                Size::NINE,
                Geometry::builder(Size::NINE)
                    .boxes()
                    .unit(diagonal, (0..9).map(|k| 10 * k)),
            ),
            (Size::NINE, Geometry::builder(Size::NINE)),
        ];
        for (size, mut builder) in builders {
            let frame = builder.frame().clone();
            let units: Vec<Vec<usize>> = builder
                .unit_list()
                .iter()
                .map(|(_, members)| members.clone())
                .collect();
            let together =
                |a: usize, b: usize| units.iter().any(|u| u.contains(&a) && u.contains(&b));
            let cx = Context {
                builder: &mut builder,
                side: size.side(),
                frame: &frame,
                rule: NO_RULE,
            };
            for length in [1, 2, 4, 9, 30, 64, 70, 100] {
                let mut cells: Vec<usize> = (0..frame.cells()).collect();
                rng.shuffle(&mut cells);
                cells.truncate(length.min(frame.cells()));
                let apart = earlier_apart(&cx, &cells);
                assert_eq!(apart.len(), cells.len());
                for (k, &b) in cells.iter().enumerate() {
                    let expected = (0..k.min(64))
                        .filter(|&i| together(cells[i], b))
                        .fold(0u64, |bits, i| bits | 1 << i);
                    assert_eq!(apart[k], expected, "{size:?}, {length} cells, place {k}");
                }
            }
        }
    }
}
