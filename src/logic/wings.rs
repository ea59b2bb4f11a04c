//! Wings: short patterns of cells with two or three candidates.
//!
//! * XY-wing: a pivot {x,y} that sees pincers {x,z} and {y,z}; whichever
//!   digit the pivot takes, one pincer is z, so z goes from the cells that
//!   see both pincers.
//! * XYZ-wing: a pivot {x,y,z} and the same pincers; z goes from the cells
//!   that see all three.
//! * W-wing: two cells {x,y} that do not see each other, joined by a strong
//!   link on y (an item with exactly two options, each seen by one of the
//!   cells): one of them is x, which goes from cells that see both.
//!
//! "Sees" is the board's relation (two options that share an item), so the
//! wings hold on any geometry.

use crate::logic::board::{digits_of, Board};
use crate::logic::step::{cell_at, Step};
use crate::logic::technique::Technique;

/// The open cells with `count` candidates.
fn cells_with(board: &Board, count: u32) -> Vec<usize> {
    (0..board.cells())
        .filter(|&cell| !board.is_placed(cell) && board.mask(cell).count_ones() == count)
        .collect()
}

/// XY-wings (pivots with two candidates) or, with `xyz`, XYZ-wings
/// (pivots with three).
pub fn xy_wing(board: &Board, xyz: bool) -> Option<Step> {
    let pairs = cells_with(board, 2);
    let pivots = if xyz {
        cells_with(board, 3)
    } else {
        pairs.clone()
    };
    for &pivot in &pivots {
        let pivot_mask = board.mask(pivot);
        for (i, &a) in pairs.iter().enumerate() {
            let a_mask = board.mask(a);
            let shared_a = a_mask & pivot_mask;
            if a == pivot || shared_a.count_ones() != if xyz { 2 } else { 1 } {
                continue;
            }
            for &b in &pairs[i + 1..] {
                let b_mask = board.mask(b);
                if b == pivot || b_mask == a_mask {
                    continue;
                }
                let z_mask = a_mask & b_mask;
                if z_mask.count_ones() != 1 {
                    continue;
                }
                let z = z_mask.trailing_zeros() as u8 + 1;
                let union = a_mask | b_mask;
                let wanted = if xyz {
                    union == pivot_mask
                } else {
                    union & !z_mask == pivot_mask && pivot_mask & z_mask == 0
                };
                if !wanted {
                    continue;
                }
                // Each pincer's other digit must see the pivot's.
                let x = (a_mask & !z_mask).trailing_zeros() as u8 + 1;
                let y = (b_mask & !z_mask).trailing_zeros() as u8 + 1;
                if !board.sees(pivot, x, a, x) || !board.sees(pivot, y, b, y) {
                    continue;
                }
                let mut cells = vec![a, b];
                if xyz {
                    cells.push(pivot);
                }
                let eliminations = board.seeing_all(z, &cells);
                if eliminations.is_empty() {
                    continue;
                }
                let technique = if xyz {
                    Technique::XyzWing
                } else {
                    Technique::XyWing
                };
                let mut step = Step::new(technique, board.frame());
                step.clue = format!(
                    "pivot {} with pincers {}, {} on {z}",
                    cell_at(board.frame(), pivot),
                    cell_at(board.frame(), a),
                    cell_at(board.frame(), b)
                );
                step.eliminations = eliminations;
                return Some(step);
            }
        }
    }
    None
}

/// W-wings.
pub fn w_wing(board: &Board) -> Option<Step> {
    let geometry = board.geometry;
    let pairs = cells_with(board, 2);
    for (i, &a) in pairs.iter().enumerate() {
        let mask = board.mask(a);
        for &b in &pairs[i + 1..] {
            if board.mask(b) != mask || board.are_peers(a, b) {
                continue;
            }
            for y in digits_of(mask) {
                let x = (mask & !(1 << (y - 1))).trailing_zeros() as u8 + 1;
                for unit in 0..geometry.units() {
                    let places = board.positions(unit, y);
                    if places.count_ones() != 2 {
                        continue;
                    }
                    let cells = geometry.unit_cells(unit);
                    let c = cells[places.trailing_zeros() as usize] as usize;
                    let d = cells[63 - places.leading_zeros() as usize] as usize;
                    if [c, d].iter().any(|cell| *cell == a || *cell == b) {
                        continue;
                    }
                    let linked = (board.sees(a, y, c, y) && board.sees(b, y, d, y))
                        || (board.sees(a, y, d, y) && board.sees(b, y, c, y));
                    if !linked {
                        continue;
                    }
                    let eliminations = board.seeing_all(x, &[a, b]);
                    if eliminations.is_empty() {
                        continue;
                    }
                    let mut step = Step::new(Technique::WWing, board.frame());
                    step.clue = format!(
                        "{}, {} joined by the strong link on {y} in {}",
                        cell_at(board.frame(), a),
                        cell_at(board.frame(), b),
                        geometry.kind(unit)
                    );
                    step.eliminations = eliminations;
                    return Some(step);
                }
            }
        }
    }
    None
}
