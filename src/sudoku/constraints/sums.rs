//! Sums of many cells in exact cover, for the rules that add up more cells
//! than one table can list the ways of (little killers, region-sum lines).
//!
//! The cells are cut into pieces of at most three; each piece is a table
//! of its ways (at most 504 on 9x9). The running sum after each piece is a
//! link ([`crate::sudoku::geometry::Table::links`]), whose values the
//! tables that touch it agree on: the first piece gives the running sum its
//! own sum; every later piece gives a link of its own sum, and an adder (a
//! table of no cells, one way per `(before, piece, after)` with `after =
//! before + piece`) ties the three links. The last running sum is the
//! target: a fixed number (the last piece then gives the running sum
//! before it the value `target - its sum`, with no adder) or a link the
//! caller shares between several sums. Before anything is built, the
//! running sums that can still reach the target (forward from the first
//! piece, backward from the target) bound every link and prune the ways,
//! and what the ways left imply for one and two cells is compiled as
//! forbidden placements and pairs.

use super::ways::{every_way, project, Fit, WaysOf};
use super::Context;
use crate::sudoku::geometry::Table;

/// The longest piece; 2 in the unit tests, so that the 4x4 grids meet
/// chains of several pieces and their adders.
const PIECE: usize = if cfg!(test) { 2 } else { 3 };

/// What the cells of a [`Chain`] add up to.
#[derive(Debug, Clone, Copy)]
pub(super) enum Target {
    /// This number.
    Fixed(u32),
    /// The value of this link.
    Link(u32),
}

/// The cells of one sum, cut into pieces, with the ways of each piece.
pub(super) struct Chain {
    pieces: Vec<Vec<usize>>,
    /// The ways of each piece, one after another.
    ways: Vec<Vec<u8>>,
}

/// A set of sums, as flags by value.
type Sums = Vec<bool>;

impl Chain {
    /// The chain of `cells` in order, cut where `cut_before(k)` says and
    /// into pieces of at most three cells.
    pub(super) fn new(cx: &Context, cells: &[usize], cut_before: impl Fn(usize) -> bool) -> Chain {
        let mut pieces: Vec<Vec<usize>> = Vec::new();
        for (k, &cell) in cells.iter().enumerate() {
            match pieces.last_mut() {
                Some(piece) if !cut_before(k) && piece.len() < PIECE => piece.push(cell),
                _ => pieces.push(vec![cell]),
            }
        }
        let ways = pieces
            .iter()
            .map(|piece| {
                every_way(
                    cx,
                    piece,
                    usize::MAX,
                    WaysOf {
                        rule: "any",
                        numbers: &[],
                    },
                    |_, _| Fit::Yes,
                )
                .unwrap_or_default()
            })
            .collect();
        Chain { pieces, ways }
    }

    /// The sums of the ways of piece `j`.
    fn piece_sums(&self, j: usize, largest: usize) -> Sums {
        let mut sums = vec![false; largest + 1];
        for way in self.ways[j].chunks(self.pieces[j].len()) {
            sums[way_sum(way)] = true;
        }
        sums
    }

    /// The largest sum of the chain.
    fn largest(&self, side: usize) -> usize {
        self.pieces.iter().map(Vec::len).sum::<usize>() * side
    }

    /// The running sums after each piece that the pieces can make, from
    /// the first.
    fn forward(&self, side: usize) -> Vec<Sums> {
        let largest = self.largest(side);
        let mut running: Vec<Sums> = Vec::with_capacity(self.pieces.len());
        for j in 0..self.pieces.len() {
            let own = self.piece_sums(j, largest);
            let next = match running.last() {
                None => own,
                Some(before) => add(before, &own),
            };
            running.push(next);
        }
        running
    }

    /// The totals the chain can make, as flags by value.
    pub(super) fn totals(&self, side: usize) -> Sums {
        self.forward(side).pop().unwrap_or_default()
    }

    /// Compiles the chain adding up to `target`, whose values are limited
    /// to `allowed` (flags by value).
    pub(super) fn compile(self, cx: &mut Context, target: Target, allowed: &[bool]) {
        let largest = self.largest(cx.side);
        let mut running = self.forward(cx.side);
        let k = self.pieces.len();
        // Backward: keep the running sums from which the target is reached.
        for (value, keep) in running[k - 1].iter_mut().enumerate() {
            *keep &= allowed.get(value).copied().unwrap_or(false);
        }
        for j in (1..k).rev() {
            let own = self.piece_sums(j, largest);
            let (before, after) = running.split_at_mut(j);
            let before = &mut before[j - 1];
            for (a, keep) in before.iter_mut().enumerate() {
                *keep &= (0..=largest - a).any(|s| own[s] && after[0][a + s]);
            }
        }
        let links: Vec<u32> = (0..k - 1)
            .map(|j| cx.builder.link(top(&running[j])))
            .collect();
        let rule = cx.rule;
        for (j, (piece, ways)) in self.pieces.iter().zip(&self.ways).enumerate() {
            // Which of the piece's sums fit between the running sums.
            let fits = |s: usize| match j {
                0 => running[0][s],
                _ => (0..=largest - s).any(|a| running[j - 1][a] && running[j][a + s]),
            };
            let kept: Vec<&[u8]> = ways
                .chunks(piece.len())
                .filter(|way| fits(way_sum(way)))
                .collect();
            let tuples: Vec<u8> = kept.concat();
            project(cx, piece, &tuples);
            let sums: Vec<usize> = kept.iter().map(|way| way_sum(way)).collect();
            let (link, values): (u32, Vec<u16>) = match (j, k, target) {
                (0, 1, Target::Fixed(_)) => {
                    cx.builder.table(Table::plain(piece.clone(), tuples, rule));
                    continue;
                }
                (0, 1, Target::Link(link)) => (link, sums.iter().map(|&s| s as u16).collect()),
                (0, _, _) => (links[0], sums.iter().map(|&s| s as u16).collect()),
                (j, k, Target::Fixed(total)) if j == k - 1 => {
                    let before = sums.iter().map(|&s| (total as usize - s) as u16);
                    (links[j - 1], before.collect())
                }
                _ => {
                    // A link of the piece's own sum, and an adder.
                    let own = cx
                        .builder
                        .link(sums.iter().copied().max().unwrap_or(0) as u16);
                    let after = match (j == k - 1, target) {
                        (true, Target::Link(link)) => link,
                        _ => links[j],
                    };
                    let mut adder = Vec::new();
                    let mut seen = vec![false; largest + 1];
                    for &s in &sums {
                        if std::mem::replace(&mut seen[s], true) {
                            continue;
                        }
                        for a in (0..=largest - s).filter(|&a| running[j - 1][a]) {
                            if running[j][a + s] {
                                adder.extend([a as u16, s as u16, (a + s) as u16]);
                            }
                        }
                    }
                    cx.builder.table(Table {
                        cells: Vec::new(),
                        tuples: Vec::new(),
                        rule,
                        links: vec![links[j - 1], own, after],
                        values: adder,
                    });
                    (own, sums.iter().map(|&s| s as u16).collect())
                }
            };
            cx.builder.table(Table {
                cells: piece.clone(),
                tuples,
                rule,
                links: vec![link],
                values,
            });
        }
    }
}

/// The sum of the digits of `way`.
fn way_sum(way: &[u8]) -> usize {
    way.iter().map(|&d| usize::from(d)).sum()
}

/// The sums of one of `a` and one of `b`, up to the length of `a`.
fn add(a: &Sums, b: &Sums) -> Sums {
    let mut sum = vec![false; a.len()];
    for (x, _) in a.iter().enumerate().filter(|(_, &on)| on) {
        for (y, _) in b.iter().enumerate().filter(|(_, &on)| on) {
            if x + y < sum.len() {
                sum[x + y] = true;
            }
        }
    }
    sum
}

/// The largest value of `sums`, 0 when there is none.
fn top(sums: &Sums) -> u16 {
    sums.iter().rposition(|&on| on).unwrap_or(0) as u16
}
