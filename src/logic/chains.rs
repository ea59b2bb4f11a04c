//! Alternating chains: X-chains, XY-chains and alternating inference chains
//! (AICs), found by a breadth-first search over literals ("this candidate is
//! true", "this candidate is false").
//!
//! A strong link is an item with exactly two options left: if one is false
//! the other is true. A weak link is two options that share an item: if one
//! is true the other is false. A chain starts from "A is false", follows a
//! strong link, then a weak one, and so on, and ends on "Z is true" after a
//! strong link: so A or Z is true, and any candidate that sees both goes.
//! Reaching "A is true" from "A is false" places A.
//!
//! * X-chain: one digit; strong links are (unit, digit) items.
//! * XY-chain: strong links are cells with two candidates, weak links join
//!   the same digit in two cells.
//! * AIC: any strong link and any weak link, the "at most once" groups of
//!   the geometry included.
//!
//! Chains are searched shortest first, with at most [`MAX_STRONG_LINKS`]
//! strong links; a chain longer than that is not looked for.

use std::fmt::Write as _;

use crate::logic::board::{bit, placement, Board};
use crate::logic::step::{cell_at, Step};
use crate::logic::technique::Technique;

/// The most strong links a chain may have.
pub const MAX_STRONG_LINKS: usize = 12;

/// The rounds of the search: chains up to this many strong links are
/// looked for before any longer one.
const ROUNDS: [usize; 2] = [4, MAX_STRONG_LINKS];

/// Which links a chain may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChainKind {
    /// One digit, strong links in units.
    X,
    /// Strong links in cells with two candidates.
    Xy,
    /// Every link.
    Aic,
}

/// The buffers of the chain search, kept from step to step.
#[derive(Debug, Clone, Default)]
pub struct ChainScratch {
    /// The search that last reached each literal.
    stamp: Vec<u32>,
    /// The literal each literal was reached from.
    parent: Vec<u32>,
    /// The links from the start to each literal.
    depth: Vec<u8>,
    queue: Vec<u32>,
    /// The places of each digit in each unit, for the strong links.
    unit_places: Vec<u64>,
    search: u32,
}

/// A literal: the placement times two, plus one for "true".
type Literal = u32;

impl ChainScratch {
    fn prepare(&mut self, board: &Board) {
        let literals = board.cells() * board.side * 2;
        if self.stamp.len() != literals {
            self.stamp = vec![0; literals];
            self.parent = vec![0; literals];
            self.depth = vec![0; literals];
            self.search = 0;
        }
        let geometry = board.geometry;
        self.unit_places.clear();
        for unit in 0..geometry.units() {
            for digit in 1..=board.side as u8 {
                self.unit_places.push(board.positions(unit, digit));
            }
        }
    }
}

/// The first chain of `kind` that strikes a candidate or places one.
pub fn chain(board: &Board, kind: ChainKind, scratch: &mut ChainScratch) -> Option<Step> {
    scratch.prepare(board);
    let side = board.side;
    for &max_strong in &ROUNDS {
        for cell in 0..board.cells() {
            if board.is_placed(cell) {
                continue;
            }
            let mask = board.mask(cell);
            for digit in crate::logic::board::digits_of(mask) {
                let start = placement(side, cell, digit) as u32 * 2;
                if let Some(step) = search_from(board, kind, scratch, start, max_strong) {
                    return Some(step);
                }
            }
        }
    }
    None
}

/// The cell and digit of a literal.
fn cell_digit(side: usize, literal: Literal) -> (usize, u8) {
    let p = literal as usize / 2;
    (p / side, (p % side) as u8 + 1)
}

/// A breadth-first search from the literal `start` ("A is false").
fn search_from(
    board: &Board,
    kind: ChainKind,
    scratch: &mut ChainScratch,
    start: Literal,
    max_strong: usize,
) -> Option<Step> {
    let side = board.side;
    let geometry = board.geometry;
    scratch.search = scratch.search.wrapping_add(1);
    if scratch.search == 0 {
        scratch.stamp.fill(0);
        scratch.search = 1;
    }
    let search = scratch.search;
    scratch.queue.clear();
    scratch.queue.push(start);
    scratch.stamp[start as usize] = search;
    scratch.depth[start as usize] = 0;
    let mut head = 0;
    while head < scratch.queue.len() {
        let literal = scratch.queue[head];
        head += 1;
        let depth = scratch.depth[literal as usize] as usize;
        let (cell, digit) = cell_digit(side, literal);
        let mut next: [Literal; 64] = [0; 64];
        let mut count = 0;
        if literal & 1 == 0 {
            // "false": strong links to "true".
            if depth / 2 >= max_strong {
                continue;
            }
            if kind != ChainKind::X && board.mask(cell).count_ones() == 2 {
                let other = board.mask(cell) & !bit(digit);
                let other_digit = other.trailing_zeros() as u8 + 1;
                next[count] = placement(side, cell, other_digit) as u32 * 2 + 1;
                count += 1;
            }
            if kind != ChainKind::Xy {
                for &unit in geometry.units_of(cell) {
                    let places = scratch.unit_places[unit as usize * side + digit as usize - 1];
                    if places.count_ones() == 2 {
                        let cells = geometry.unit_cells(unit as usize);
                        for position in [places.trailing_zeros(), 63 - places.leading_zeros()] {
                            let other = cells[position as usize] as usize;
                            if other != cell {
                                next[count] = placement(side, other, digit) as u32 * 2 + 1;
                                count += 1;
                            }
                        }
                    }
                }
            }
        } else {
            // "true": is it the end of a chain?
            if let Some(step) = conclude(board, kind, scratch, start, literal) {
                return Some(step);
            }
            if depth.div_ceil(2) >= max_strong {
                continue;
            }
            let mut push = |target: usize, target_digit: u8, next: &mut [Literal; 64]| {
                if count < 64 {
                    next[count] = placement(side, target, target_digit) as u32 * 2;
                    count += 1;
                }
            };
            if kind == ChainKind::Aic {
                for other in crate::logic::board::digits_of(board.mask(cell) & !bit(digit)) {
                    push(cell, other, &mut next);
                }
            }
            for &peer in geometry.peers_of(cell) {
                let peer = peer as usize;
                if !board.is_placed(peer) && board.has(peer, digit) {
                    push(peer, digit, &mut next);
                }
            }
            if kind == ChainKind::Aic && geometry.groups() > 0 {
                let own = placement(side, cell, digit) as u32;
                for &group in geometry.groups_of(cell, digit) {
                    for &other in geometry.group_placements(group as usize) {
                        let (at, d) = (other as usize / side, (other as usize % side) as u8 + 1);
                        if other != own && !board.is_placed(at) && board.has(at, d) {
                            push(at, d, &mut next);
                        }
                    }
                }
            }
        }
        for &target in &next[..count] {
            if scratch.stamp[target as usize] == search {
                continue;
            }
            scratch.stamp[target as usize] = search;
            scratch.parent[target as usize] = literal;
            scratch.depth[target as usize] = (depth + 1) as u8;
            scratch.queue.push(target);
        }
    }
    None
}

/// The step of a chain from `start` ("A is false") to `end` ("Z is
/// true"), if it strikes or places anything.
fn conclude(
    board: &Board,
    kind: ChainKind,
    scratch: &ChainScratch,
    start: Literal,
    end: Literal,
) -> Option<Step> {
    let side = board.side;
    let (a_cell, a_digit) = cell_digit(side, start);
    let (z_cell, z_digit) = cell_digit(side, end);
    let mut step = Step::new(
        match kind {
            ChainKind::X => Technique::XChain,
            ChainKind::Xy => Technique::XyChain,
            ChainKind::Aic => Technique::Aic,
        },
        board.frame(),
    );
    if end == start + 1 {
        step.placements.push((a_cell, a_digit));
    } else {
        // Every candidate that sees Z and A.
        let mut strike = |cell: usize, digit: u8| {
            if (cell, digit) != (a_cell, a_digit)
                && !board.is_placed(cell)
                && board.has(cell, digit)
                && board.sees(cell, digit, a_cell, a_digit)
                && !step.eliminations.contains(&(cell, digit))
            {
                step.eliminations.push((cell, digit));
            }
        };
        for digit in crate::logic::board::digits_of(board.mask(z_cell) & !bit(z_digit)) {
            strike(z_cell, digit);
        }
        for &peer in board.geometry.peers_of(z_cell) {
            strike(peer as usize, z_digit);
        }
        if board.geometry.groups() > 0 {
            let own = placement(side, z_cell, z_digit) as u32;
            for &group in board.geometry.groups_of(z_cell, z_digit) {
                for &other in board.geometry.group_placements(group as usize) {
                    if other != own {
                        strike(other as usize / side, (other as usize % side) as u8 + 1);
                    }
                }
            }
        }
        if step.eliminations.is_empty() {
            return None;
        }
    }
    // The chain, from A to Z.
    let mut literals = vec![end];
    let mut at = end;
    while at != start {
        at = scratch.parent[at as usize];
        literals.push(at);
    }
    literals.reverse();
    for (index, &literal) in literals.iter().enumerate() {
        let (cell, digit) = cell_digit(side, literal);
        if index > 0 {
            step.clue.push(if literal & 1 == 1 { '=' } else { '-' });
        }
        let _ = write!(step.clue, "({digit}){}", cell_at(board.frame(), cell));
    }
    Some(step)
}
