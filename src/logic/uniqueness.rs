//! Unique rectangles, types 1 and 2: techniques that assume the puzzle has
//! exactly one solution, used only when that is known.
//!
//! Four open cells at the corners of a rectangle of rows and columns, all
//! holding candidates {a,b}, would be a deadly pattern: if they held only a
//! and b, swapping them would give a second solution. The swap keeps every
//! unit right only when each unit holds as many corners of one diagonal as
//! of the other (rows and columns always do; boxes do when the rectangle
//! spans two of them), which is checked on the geometry's units, so that a
//! jigsaw's regions are handled too. A geometry with "at most once" groups,
//! killer cages or tables (arrows, little killers, sandwiches...) is left
//! alone: a group, a sum or a table may tell the two digits apart.
//!
//! * Type 1: three corners are exactly {a,b}; a and b go from the fourth.
//! * Type 2: two corners are exactly {a,b}, the other two exactly {a,b,c};
//!   one of those holds c, so c goes from the cells that see both.

use crate::logic::board::{bit, digits_of, Board};
use crate::logic::step::{cell_at, Step};
use crate::logic::technique::Technique;

/// The first unique rectangle of type 1 or 2 that strikes a candidate.
pub fn unique_rectangle(board: &Board) -> Option<Step> {
    let geometry = board.geometry;
    if geometry.groups() > 0 || !geometry.cages().is_empty() || !geometry.tables().is_empty() {
        return None;
    }
    let frame = board.frame();
    let (rows, columns) = (frame.rows(), frame.columns());
    for r1 in 0..rows {
        for r2 in r1 + 1..rows {
            for c1 in 0..columns {
                for c2 in c1 + 1..columns {
                    let corners = [(r1, c1), (r1, c2), (r2, c2), (r2, c1)]
                        .map(|(row, column)| frame.cell_at(row, column));
                    let [Some(a), Some(b), Some(c), Some(d)] = corners else {
                        continue;
                    };
                    if let Some(step) = rectangle(board, [a, b, c, d]) {
                        return Some(step);
                    }
                }
            }
        }
    }
    None
}

/// The step of the rectangle with `corners` (in order around it), if any.
fn rectangle(board: &Board, corners: [usize; 4]) -> Option<Step> {
    if corners.iter().any(|&cell| board.is_placed(cell)) {
        return None;
    }
    let masks = corners.map(|cell| board.mask(cell));
    let common = masks.iter().fold(u64::MAX, |all, &mask| all & mask);
    if common.count_ones() < 2 {
        return None;
    }
    let pairs = masks.iter().filter(|&&mask| mask.count_ones() == 2).count();
    if pairs < 2 {
        return None;
    }
    let ab = *masks.iter().find(|&&mask| mask.count_ones() == 2)?;
    if ab & common != ab || !balanced(board, corners) {
        return None;
    }
    let names: Vec<String> = corners
        .iter()
        .map(|&c| cell_at(board.frame(), c).to_string())
        .collect();
    let (a, b) = {
        let mut digits = digits_of(ab);
        (digits.next()?, digits.next()?)
    };
    let mut step;
    if pairs == 3 {
        let extra = corners
            .into_iter()
            .zip(masks)
            .find(|&(_, mask)| mask != ab)?
            .0;
        step = Step::new(Technique::UniqueRectangle1, board.frame());
        step.eliminations = vec![(extra, a), (extra, b)];
    } else if pairs == 2 {
        let roof: Vec<usize> = corners
            .into_iter()
            .zip(masks)
            .filter(|&(_, mask)| mask != ab)
            .map(|(cell, _)| cell)
            .collect();
        let extra = board.mask(roof[0]) & !ab;
        if extra.count_ones() != 1 || board.mask(roof[1]) != board.mask(roof[0]) {
            return None;
        }
        let c = extra.trailing_zeros() as u8 + 1;
        step = Step::new(Technique::UniqueRectangle2, board.frame());
        for cell in 0..board.cells() {
            if !roof.contains(&cell)
                && !board.is_placed(cell)
                && board.mask(cell) & bit(c) != 0
                && roof.iter().all(|&r| board.sees(r, c, cell, c))
            {
                step.eliminations.push((cell, c));
            }
        }
        if step.eliminations.is_empty() {
            return None;
        }
    } else {
        return None;
    }
    step.clue = format!("{{{a},{b}}} in {}", names.join(", "));
    Some(step)
}

/// True when every unit holds as many corners of one diagonal as of the
/// other, so that swapping the two digits keeps every unit right.
fn balanced(board: &Board, corners: [usize; 4]) -> bool {
    let geometry = board.geometry;
    corners.iter().all(|&corner| {
        geometry.units_of(corner).iter().all(|&unit| {
            let cells = geometry.unit_cells(unit as usize);
            let count = |diagonal: [usize; 2]| {
                diagonal
                    .iter()
                    .filter(|&&cell| cells.contains(&(cell as u16)))
                    .count()
            };
            count([corners[0], corners[2]]) == count([corners[1], corners[3]])
        })
    })
}
