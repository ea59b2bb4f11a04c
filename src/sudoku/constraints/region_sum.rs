//! Region-sum lines: wherever the line crosses a box, the digits of its
//! segment there add up to the same sum. Each segment (a run of the line
//! in one box) is a chain of sums ([`super::sums`]) whose target is one
//! link, the line's sum, shared by every segment: a primary item with one
//! option per sum that blocks, through the tables' secondary items, every
//! way of a segment that adds up to another.

use super::sums::{Chain, Target};
use super::{at_least, box_of, keep_whole, ConstraintError, Context};
use crate::sudoku::grid::Unit;
use crate::sudoku::whole_rules::WholeKind;

/// Compiles the region-sum line `cells`.
pub(super) fn compile(
    cx: &mut Context,
    name: Unit,
    cells: &[usize],
) -> Result<(), ConstraintError> {
    at_least(name, cells, 2, "a region-sum line has at least two cells")?;
    let boxes = box_of(cx);
    let mut segments: Vec<&[usize]> = Vec::new();
    let mut start = 0;
    for k in 1..=cells.len() {
        if k == cells.len() || boxes[cells[k]] != boxes[cells[k - 1]] {
            segments.push(&cells[start..k]);
            start = k;
        }
    }
    if segments.len() < 2 {
        // One box: nothing to compare.
        return Ok(());
    }
    keep_whole(cx, cells, WholeKind::SameInEachBox);
    let chains: Vec<Chain> = segments
        .iter()
        .map(|segment| Chain::new(cx, segment, |_| false))
        .collect();
    // The sums every segment can make.
    let mut allowed = chains[0].totals(cx.side);
    for chain in &chains[1..] {
        let totals = chain.totals(cx.side);
        allowed.truncate(totals.len());
        for (keep, &can) in allowed.iter_mut().zip(&totals) {
            *keep &= can;
        }
    }
    let largest = allowed.iter().rposition(|&on| on).unwrap_or(0);
    let link = cx.builder.link(largest as u16);
    for chain in chains {
        chain.compile(cx, Target::Link(link), &allowed);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::sudoku::constraints::oracle::agrees;
    use crate::sudoku::constraints::Constraint;

    #[test]
    fn region_sum_lines_agree() {
        agrees(vec![Constraint::RegionSum(vec![0, 1, 2, 3])]);
        agrees(vec![Constraint::RegionSum(vec![1, 2, 6])]);
        agrees(vec![Constraint::RegionSum(vec![0, 5, 10, 15])]);
        agrees(vec![Constraint::RegionSum(vec![4, 5, 9, 10, 14])]);
        // A segment of three cells: two pieces and an adder to the line's sum.
        agrees(vec![Constraint::RegionSum(vec![0, 1, 5, 6, 7])]);
        agrees(vec![Constraint::RegionSum(vec![1, 0, 4, 8, 9, 13])]);
        agrees(vec![
            Constraint::RegionSum(vec![8, 12, 13, 14]),
            Constraint::LittleKiller {
                cells: vec![3, 6, 9, 12],
                sum: 10,
            },
        ]);
    }
}
