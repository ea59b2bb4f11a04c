//! The sums killer cages fix beyond themselves, for the search (the "45
//! rule" of killer solvers). A unit holds each digit once, so its cells
//! add up to 1 + 2 + ... + n. The cells of a unit that the cages wholly
//! inside it leave out (its innies) add up to that total less those cages'
//! sums; when cages with sums cover the whole unit, the cells those cages
//! reach outside it (its outies) add up to their sums less the total.
//! Exact cover on cages and units sees neither sum until the cages fill.
//!
//! Each such set of at most [`MOST_CELLS`] cells becomes a table of the
//! ways of filling it with its sum (cells that share a unit different),
//! which the encoding makes an item of and the propagation of tables
//! narrows, as it does an arrow's. It states nothing the units and cages
//! do not, so it belongs to no rule of the puzzle ([`NO_RULE`]): the rules
//! check and the logical solver leave it out.

use super::ways::{every_way, sum_fit, WaysOf};
use super::Context;
use crate::sudoku::geometry::{Table, NO_RULE};

/// The most cells of a sum compiled as a table. On the killer set (count
/// to 2, whole process): one cell, 276 nodes a puzzle and 0.85 of the
/// instructions without these sums (363 nodes); two, 224 nodes and 0.77;
/// three, 185 nodes and 0.86; four, 157 nodes and 2.0 (the tables' options
/// cost more than the nodes they save); up to four cells of at most 24
/// ways, 213 nodes and 0.81. Two or three rows side by side as one region
/// cut a further 5% of the nodes at 3% more instructions.
const MOST_CELLS: usize = 2;

/// The most ways of such a table; a sum with more is left out.
const MOST_WAYS: usize = 2_000;

/// No cage.
const NONE: usize = usize::MAX;

/// Adds a table to `cx`'s geometry for the innies and the outies of each
/// unit of at most [`MOST_CELLS`] cells. Adds nothing when a cage names a
/// cell outside the grid or a cell of another cage (the geometry refuses
/// those when it is built).
pub(super) fn compile(cx: &mut Context) {
    let sums = implied_sums(cx);
    let n = cx.side as u32;
    for (cells, target) in sums {
        let width = cells.len() as u32;
        let ways = every_way(
            cx,
            &cells,
            MOST_WAYS,
            WaysOf {
                rule: "cage total",
                numbers: &[target],
            },
            |digits, complete| {
                let sum = digits.iter().map(|&d| u32::from(d)).sum();
                sum_fit(sum, width - digits.len() as u32, target, n, complete)
            },
        );
        if let Some(tuples) = ways {
            cx.builder.table(Table::plain(cells, tuples, NO_RULE));
        }
    }
}

/// The innies and outies of every unit, each set of at most
/// [`MOST_CELLS`] cells once (in cell order), with the sum the units and
/// cages give it.
fn implied_sums(cx: &Context) -> Vec<(Vec<usize>, u32)> {
    let (cells, n) = (cx.frame.cells(), cx.side);
    let total = (n * (n + 1) / 2) as u32;
    let cages = cx.builder.cage_list();
    let mut found: Vec<(Vec<usize>, u32)> = Vec::new();
    if cages.is_empty() {
        return found;
    }
    let mut cage_of = vec![NONE; cells];
    for (index, (members, _)) in cages.iter().enumerate() {
        for &cell in members {
            if cell >= cells || cage_of[cell] != NONE {
                return found;
            }
            cage_of[cell] = index;
        }
    }
    let units = cx.builder.unit_list();
    let fits = |members: &Vec<usize>| members.len() == n && members.iter().all(|&c| c < cells);
    if !units.iter().all(|(_, members)| fits(members)) {
        return found;
    }
    let summed = |cell: usize| cage_of[cell] != NONE && cages[cage_of[cell]].1.is_some();
    // How many cells of the unit looked at each cage holds (all 0 between
    // two units).
    let mut in_unit = vec![0usize; cages.len()];
    let mut keep = |mut set: Vec<usize>, sum: u32| {
        set.sort_unstable();
        if (1..=MOST_CELLS).contains(&set.len()) && !found.contains(&(set.clone(), sum)) {
            found.push((set, sum));
        }
    };
    for (_, members) in units {
        let mut touched: Vec<usize> = Vec::with_capacity(n);
        for &cell in members.iter().filter(|&&cell| summed(cell)) {
            in_unit[cage_of[cell]] += 1;
            touched.push(cage_of[cell]);
        }
        touched.sort_unstable();
        touched.dedup();
        let whole =
            |cell: usize| summed(cell) && in_unit[cage_of[cell]] == cages[cage_of[cell]].0.len();
        let inside: u32 = touched
            .iter()
            .filter(|&&cage| in_unit[cage] == cages[cage].0.len())
            .filter_map(|&cage| cages[cage].1)
            .sum();
        let innies: Vec<usize> = members.iter().copied().filter(|&c| !whole(c)).collect();
        if innies.len() < n && inside <= total {
            keep(innies, total - inside);
        }
        if members.iter().all(|&cell| summed(cell)) {
            let reach: u32 = touched.iter().filter_map(|&cage| cages[cage].1).sum();
            let outies: Vec<usize> = touched
                .iter()
                .flat_map(|&cage| cages[cage].0.iter().copied())
                .filter(|cell| !members.contains(cell))
                .collect();
            if reach >= total {
                keep(outies, reach - total);
            }
        }
        for &cage in &touched {
            in_unit[cage] = 0;
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::implied_sums;
    use crate::sudoku::constraints::oracle::{agrees, all_grids};
    use crate::sudoku::constraints::Context;
    use crate::sudoku::constraints::{Cage, Constraint};
    use crate::sudoku::geometry::{Geometry, NO_RULE};
    use crate::sudoku::grid::Size;

    #[test]
    fn innies_and_outies_of_units_get_their_sums() {
        // 1 2 3 4 / 3 4 1 2 / 2 1 4 3 / 4 3 2 1: r1c1 + r1c2 = 3 leaves
        // r1c3 + r1c4 = 7 in row 1 and r2c1 + r2c2 = 7 in box 1; with
        // r2c1 + r3c1 + r4c1 = 9, column 1 (10) reaches r1c2 = 2 past it.
        let mut builder = Geometry::builder(Size::FOUR)
            .boxes()
            .cage([0, 1], Some(3))
            .cage([4, 8, 12], Some(9))
            .cage([13, 14], None);
        let frame = builder.frame().clone();
        let cx = Context {
            builder: &mut builder,
            side: 4,
            frame: &frame,
            rule: NO_RULE,
        };
        let sums = implied_sums(&cx);
        for expected in [(vec![2, 3], 7), (vec![4, 5], 7), (vec![1], 2)] {
            assert!(sums.contains(&expected), "{expected:?} not in {sums:?}");
        }
        // Row 4 holds a cage with no sum: nothing of it.
        assert!(sums.iter().all(|(cells, _)| !cells.contains(&15)));
        // A cell in two cages: the geometry refuses them; nothing here.
        let mut builder = Geometry::builder(Size::FOUR)
            .boxes()
            .cage([0, 1], Some(3))
            .cage([1, 2], Some(3));
        let cx = Context {
            builder: &mut builder,
            side: 4,
            frame: &frame,
            rule: NO_RULE,
        };
        assert!(implied_sums(&cx).is_empty());
    }

    #[test]
    fn cages_whose_units_imply_sums_agree() {
        // Cages that leave one or two cells of a unit (innies) or reach one
        // or two cells past it (outies), with sums true of some grid and
        // sums off by one, some cages without a sum: what the units and
        // cages imply must keep every grid they allow.
        let cage = |cells: &[usize], sum| {
            Constraint::KillerCage(Cage {
                cells: cells.to_vec(),
                sum,
            })
        };
        let grids = all_grids();
        let layouts: [&[&[usize]]; 4] = [
            &[&[0, 1], &[4, 8, 12], &[5, 9], &[2, 3, 6]],
            &[&[0, 1, 2], &[4, 5], &[8, 9, 10, 11], &[12, 13]],
            &[&[0, 4], &[1, 5, 9], &[8, 12], &[2, 3], &[13, 14]],
            &[&[0, 1, 4], &[5, 6], &[2, 3, 7], &[8, 9, 12, 13], &[10, 14]],
        ];
        for (k, layout) in layouts.iter().enumerate() {
            for shift in [0, 1] {
                let grid = &grids[(k * 61 + 17) % grids.len()];
                let constraints = layout
                    .iter()
                    .enumerate()
                    .map(|(i, cells)| {
                        let sum: u32 = cells.iter().map(|&c| u32::from(grid[c])).sum();
                        // The largest sum of the cage's count of digits.
                        let most = (5 - cells.len() as u32..=4).sum::<u32>();
                        let off = if sum < most { sum + 1 } else { sum - 1 };
                        // The last cage of the second pass has no sum; the
                        // first is off by one where `shift` says.
                        match (shift, i) {
                            (1, 0) => cage(cells, Some(off)),
                            (1, i) if i + 1 == layout.len() => cage(cells, None),
                            _ => cage(cells, Some(sum)),
                        }
                    })
                    .collect();
                agrees(constraints);
            }
        }
    }
}
