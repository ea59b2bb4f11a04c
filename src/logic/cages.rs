//! The logic of killer cages as killer solvers state it, on the cages of
//! the geometry and the candidates of the board.
//!
//! * [`combinations`]: a cage's cells hold different digits that add up
//!   to its sum, so a candidate that no such filling of the cage gives its
//!   cell goes (a cage of 3 in two cells keeps 1 and 2);
//! * [`innies_outies`]: the "45 rule". A unit holds every digit once, so
//!   its cells add up to 1 + 2 + ... + n, and a run of k rows or columns
//!   to k times that. Take some cages with sums that meet such a region:
//!   the region's cells outside them (its innies) less their cells outside
//!   the region (its outies) make the region's total less their sums. A
//!   few such cells keep only the digits of some filling of that;
//! * [`locked`]: locked candidates between a cage and a unit. A digit every
//!   combination left of a cage holds goes from the cells outside it that
//!   see all its places in the cage; a digit whose places in a unit lie in
//!   one cage makes the cage keep only the combinations that hold it.
//!
//! The first two are exact for what they look at: the first keeps every
//! digit that some filling of the cage with distinct candidates gives, the
//! second every digit of some filling of the few cells that the board's own
//! relation ([`Board::sees`]: peers, cage mates, the rules' groups) allows.
//! None strikes a digit that a solution holds.

use std::fmt::Write;

use crate::logic::board::{bit, digits_of, Board};
use crate::logic::step::Step;
use crate::logic::technique::Technique;
use crate::sudoku::candidates::Candidates;
use crate::sudoku::grid::Unit;

/// The most fillings of one layer of a cage's walk (sets of digits used
/// by its first cells): beyond it, on a cage of a large grid, the cage is
/// left to the other techniques rather than walked.
const MOST_LAYER: usize = 1 << 16;

/// The most open cells whose sum the 45 rule reasons on: a player reads
/// innies and outies of one to a few cells, and more cells prune little.
const MOST_SUM_CELLS: usize = 4;

/// The combinations listed in a step's clue; more are counted instead.
const MOST_LISTED: usize = 4;

/// The first cage with a sum (in the order of the puzzle) one of whose
/// open cells keeps a candidate that no filling of the cage gives it:
/// distinct digits, each a candidate of its cell, adding up to the sum.
/// Strikes every such candidate of that cage; the clue lists the digit
/// combinations left.
pub fn combinations(board: &Board) -> Option<Step> {
    for cage in 0..board.geometry.cages().len() {
        let Some((cells, sum, masks)) = open_cage(board, cage) else {
            continue;
        };
        let Some(fillings) = cage_fillings(&masks, sum, board.side, 0) else {
            continue;
        };
        let mut struck = Vec::new();
        for (k, &cell) in cells.iter().enumerate() {
            if !board.is_placed(cell) {
                struck.extend(digits_of(masks[k] & !fillings.kept[k]).map(|digit| (cell, digit)));
            }
        }
        if struck.is_empty() {
            continue;
        }
        struck.sort_unstable();
        let mut step = Step::new(Technique::CageCombination, board.frame());
        let plural = if cells.len() == 1 { "" } else { "s" };
        step.clue = format!(
            "{} ({sum} in {} cell{plural}) {}",
            Unit::Cage(cage),
            cells.len(),
            combinations_left(&fillings.sets)
        );
        step.eliminations = struck;
        return Some(step);
    }
    None
}

/// Locked candidates between cages and units. `pointing`, the cage's
/// side: a digit that every combination left of a cage holds (and no
/// placed cell of it) goes from every open cell outside the cage that sees
/// all its places in the cage. Otherwise the unit's (claiming): a digit
/// whose places in a unit all lie in one cage with a sum makes that cage
/// hold it, which leaves its cells only the digits of combinations with
/// it.
pub fn locked(board: &Board, pointing: bool) -> Option<Step> {
    let cages = board.geometry.cages();
    if pointing {
        (0..cages.len()).find_map(|cage| cage_pointing(board, cage))
    } else if cages.is_empty() {
        None
    } else {
        (0..board.geometry.units()).find_map(|unit| unit_claiming(board, unit))
    }
}

/// The open cells of cage `cage`, its sum, and their candidates; `None`
/// for a cage without a sum or with no open cell.
fn open_cage(board: &Board, cage: usize) -> Option<(Vec<usize>, u32, Vec<u64>)> {
    let cages = board.geometry.cages();
    let sum = cages.sum(cage)?;
    let cells: Vec<usize> = cages.cells(cage).iter().map(|&c| usize::from(c)).collect();
    if cells.iter().all(|&cell| board.is_placed(cell)) {
        return None;
    }
    let masks = cells.iter().map(|&cell| board.mask(cell)).collect();
    Some((cells, sum, masks))
}

/// The pointing step of cage `cage`, if any: its first needed digit with
/// a candidate outside it that sees every place of the digit in it.
fn cage_pointing(board: &Board, cage: usize) -> Option<Step> {
    let (cells, sum, masks) = open_cage(board, cage)?;
    let fillings = cage_fillings(&masks, sum, board.side, 0)?;
    if fillings.sets.is_empty() {
        return None;
    }
    let needed = fillings.sets.iter().fold(u64::MAX, |all, &set| all & set);
    let placed = cells
        .iter()
        .filter(|&&cell| board.is_placed(cell))
        .fold(0, |all, &cell| all | board.mask(cell));
    for digit in digits_of(needed & !placed) {
        let places: Vec<usize> = (0..cells.len())
            .filter(|&k| fillings.kept[k] & bit(digit) != 0)
            .map(|k| cells[k])
            .collect();
        let struck = board.seeing_all(digit, &places);
        if struck.is_empty() {
            continue;
        }
        let mut step = Step::new(Technique::LockedPointing, board.frame());
        step.clue = format!(
            "{digit} in {} (every combination left holds it) in {}",
            Unit::Cage(cage),
            step.cell_names(&places, ", ")
        );
        step.eliminations = struck;
        return Some(step);
    }
    None
}

/// The claiming step of unit `unit`, if any: its first digit not placed
/// there whose places all lie in one cage with a sum, which then keeps
/// only the combinations holding it.
fn unit_claiming(board: &Board, unit: usize) -> Option<Step> {
    let cages = board.geometry.cages();
    let placed = board.state.unit_placed[unit];
    let all = Candidates::all_digits(board.geometry.size());
    for digit in digits_of(all & !placed) {
        let mut places = board
            .geometry
            .unit_cells(unit)
            .iter()
            .map(|&cell| usize::from(cell))
            .filter(|&cell| board.has(cell, digit));
        let Some(cage) = places.next().and_then(|first| cages.cage_of(first)) else {
            continue;
        };
        if !places.all(|cell| cages.cage_of(cell) == Some(cage)) {
            continue;
        }
        let Some((cells, sum, masks)) = open_cage(board, cage) else {
            continue;
        };
        let Some(fillings) = cage_fillings(&masks, sum, board.side, bit(digit)) else {
            continue;
        };
        let mut step = Step::new(Technique::LockedClaiming, board.frame());
        for (k, &cell) in cells.iter().enumerate() {
            if !board.is_placed(cell) {
                let gone = masks[k] & !fillings.kept[k];
                step.eliminations.extend(digits_of(gone).map(|d| (cell, d)));
            }
        }
        if step.eliminations.is_empty() {
            continue;
        }
        step.eliminations.sort_unstable();
        step.clue = format!(
            "{digit} in {} lies in {}, which with it {}",
            board.geometry.kind(unit),
            Unit::Cage(cage),
            combinations_left(&fillings.sets)
        );
        return Some(step);
    }
    None
}

/// What a cage walk leaves: the digits each cell keeps, and the sets of
/// digits of the fillings.
struct Fillings {
    /// Per cell, in the order given, the digits some filling gives it.
    kept: Vec<u64>,
    /// The digit sets of the fillings, in increasing order.
    sets: Vec<u64>,
}

/// The fillings of cells with candidates `masks` by distinct digits adding
/// up to `sum` and holding the digits of `required`, on a grid of side
/// `side`, as [`Fillings`]; `None` when a layer of the walk grows past
/// [`MOST_LAYER`].
///
/// The walk goes cell by cell, keeping the sets of digits the cells so far
/// can take (each set once, whatever order gave it), then back from the
/// sets of the right sum, keeping at each cell the digits that lead to one.
fn cage_fillings(masks: &[u64], sum: u32, side: usize, required: u64) -> Option<Fillings> {
    let width = masks.len();
    let digit_sum = |set: u64| digits_of(set).map(u32::from).sum::<u32>();
    // The least and the most `k` distinct digits add up to.
    let least = |k: usize| (k * (k + 1) / 2) as u32;
    let most = |k: usize| (k * (2 * side + 1 - k) / 2) as u32;
    let mut layers: Vec<Vec<u64>> = vec![vec![0]];
    for (k, &mask) in masks.iter().enumerate() {
        let left = width - k - 1;
        let mut next = Vec::new();
        for &set in &layers[k] {
            for digit in digits_of(mask & !set) {
                let grown = set | bit(digit);
                let total = digit_sum(grown);
                if total + least(left) <= sum && total + most(left) >= sum {
                    next.push(grown);
                }
            }
        }
        next.sort_unstable();
        next.dedup();
        if next.len() > MOST_LAYER {
            return None;
        }
        layers.push(next);
    }
    // Back from the full sets of the right sum: `good` holds the sets of
    // the layer that some filling of the rest completes.
    let mut good: Vec<u64> = layers[width]
        .iter()
        .copied()
        .filter(|&set| set & required == required && digit_sum(set) == sum)
        .collect();
    let sets = good.clone();
    let mut kept = vec![0u64; width];
    for k in (0..width).rev() {
        let mut before = Vec::new();
        for &set in &layers[k] {
            let mut leads = false;
            for digit in digits_of(masks[k] & !set) {
                if good.binary_search(&(set | bit(digit))).is_ok() {
                    kept[k] |= bit(digit);
                    leads = true;
                }
            }
            if leads {
                before.push(set);
            }
        }
        good = before;
    }
    Some(Fillings { kept, sets })
}

/// "has only 5+8+9 or 6+7+9 left", or "has 6 combinations left".
fn combinations_left(sets: &[u64]) -> String {
    match sets.len() {
        0 => "has no combination left".into(),
        count if count > MOST_LISTED => format!("has {count} combinations left"),
        _ => {
            // In the order a player lists them: by their smallest digits.
            let mut listed: Vec<Vec<u8>> =
                sets.iter().map(|&set| digits_of(set).collect()).collect();
            listed.sort_unstable();
            let listed: Vec<String> = listed
                .iter()
                .map(|digits| {
                    let digits: Vec<String> = digits.iter().map(u8::to_string).collect();
                    digits.join("+")
                })
                .collect();
            format!("has only {} left", listed.join(" or "))
        }
    }
}

/// A region whose cells hold every digit a known number of times: a unit,
/// or a run of rows or columns.
struct Region {
    /// How the step names it.
    name: String,
    /// Whether each cell of the grid is one of its cells.
    cells: Vec<bool>,
    /// What its cells add up to.
    total: u32,
}

/// The units of the geometry, then the runs of 2 to n consecutive rows and
/// of 2 to n consecutive columns.
fn regions(board: &Board) -> Vec<Region> {
    let geometry = board.geometry;
    let (side, cells) = (board.side, board.cells());
    let unit_total = (side * (side + 1) / 2) as u32;
    let mut regions = Vec::new();
    let mut rows: Vec<Option<usize>> = vec![None; side];
    let mut columns: Vec<Option<usize>> = vec![None; side];
    for unit in 0..geometry.units() {
        let mut member = vec![false; cells];
        for &cell in geometry.unit_cells(unit) {
            member[usize::from(cell)] = true;
        }
        let kind = geometry.kind(unit);
        match kind {
            Unit::Row(i) if i < side => rows[i] = Some(unit),
            Unit::Column(i) if i < side => columns[i] = Some(unit),
            _ => {}
        }
        regions.push(Region {
            name: kind.to_string(),
            cells: member,
            total: unit_total,
        });
    }
    for (lines, name) in [(&rows, "rows"), (&columns, "columns")] {
        let Some(lines) = lines.iter().copied().collect::<Option<Vec<usize>>>() else {
            continue;
        };
        for length in 2..=side {
            for first in 0..=side - length {
                let mut member = vec![false; cells];
                for &unit in &lines[first..first + length] {
                    for &cell in geometry.unit_cells(unit) {
                        member[usize::from(cell)] = true;
                    }
                }
                regions.push(Region {
                    name: format!("{name} {}-{}", first + 1, first + length),
                    cells: member,
                    total: unit_total * length as u32,
                });
            }
        }
    }
    regions
}

/// Which cages with sums a split of a region for the 45 rule takes whole:
/// the cells of the region outside them are its innies, and the cells of
/// them outside the region its outies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Take {
    /// The cages wholly inside the region: innies alone.
    Inside,
    /// Every cage that meets the region: outies, and innies where cages
    /// without sums or no cage leave cells.
    Every,
    /// Each cage that meets the region with fewer open cells outside it
    /// than inside: as few cells as the cages allow.
    Fewest,
}

/// How a region splits, and what its innies and outies add up to.
struct Split {
    /// The region's cells outside the cages taken.
    innies: Vec<usize>,
    /// The cells of the cages taken outside the region.
    outies: Vec<usize>,
    /// The innies' sum less the outies'.
    difference: i64,
}

/// The first region (units first, then runs of two and more rows and of
/// columns) whose innies and outies are at most [`MOST_SUM_CELLS`] open
/// cells with a candidate in no filling of what they add up to: distinct
/// digits where the board says two candidates see each other. Strikes
/// every such candidate; a single open cell left one digit is placed.
pub fn innies_outies(board: &Board) -> Option<Step> {
    let cages = board.geometry.cages();
    if cages.is_empty() {
        return None;
    }
    for region in regions(board) {
        let mut tried: Vec<(Vec<usize>, Vec<usize>)> = Vec::new();
        for take in [Take::Inside, Take::Every, Take::Fewest] {
            let split = split(board, &region, take);
            let key = (split.innies.clone(), split.outies.clone());
            if tried.contains(&key) {
                continue;
            }
            tried.push(key);
            if let Some(step) = sum_step(board, &region.name, &split) {
                return Some(step);
            }
        }
    }
    None
}

/// `region` split by the cages `take` says.
fn split(board: &Board, region: &Region, take: Take) -> Split {
    let cages = board.geometry.cages();
    let mut taken = vec![false; board.cells()];
    let mut difference = i64::from(region.total);
    let mut outies = Vec::new();
    for cage in 0..cages.len() {
        let Some(sum) = cages.sum(cage) else {
            continue;
        };
        let cells = cages.cells(cage);
        let (mut inside, mut outside) = (0, 0);
        let (mut open_inside, mut open_outside) = (0, 0);
        for &cell in cells {
            let cell = usize::from(cell);
            let open = usize::from(!board.is_placed(cell));
            if region.cells[cell] {
                inside += 1;
                open_inside += open;
            } else {
                outside += 1;
                open_outside += open;
            }
        }
        let takes = inside > 0
            && match take {
                Take::Inside => outside == 0,
                Take::Every => true,
                Take::Fewest => outside == 0 || open_outside < open_inside,
            };
        if takes {
            difference -= i64::from(sum);
            for &cell in cells {
                let cell = usize::from(cell);
                taken[cell] = true;
                if !region.cells[cell] {
                    outies.push(cell);
                }
            }
        }
    }
    let innies = (0..board.cells())
        .filter(|&cell| region.cells[cell] && !taken[cell])
        .collect();
    outies.sort_unstable();
    Split {
        innies,
        outies,
        difference,
    }
}

/// The step of `split` of the region named `region`: the placed digits
/// taken off, at most [`MOST_SUM_CELLS`] open cells left, and a candidate
/// of one of them in no filling of the difference left.
fn sum_step(board: &Board, region: &str, split: &Split) -> Option<Step> {
    let digit_of = |cell: usize| i64::from(board.mask(cell).trailing_zeros() + 1);
    let placed = |cells: &[usize]| -> i64 {
        cells
            .iter()
            .filter(|&&cell| board.is_placed(cell))
            .map(|&cell| digit_of(cell))
            .sum()
    };
    let rest = split.difference - placed(&split.innies) + placed(&split.outies);
    let signed: Vec<(usize, i64)> = split
        .innies
        .iter()
        .map(|&cell| (cell, 1))
        .chain(split.outies.iter().map(|&cell| (cell, -1)))
        .filter(|&(cell, _)| !board.is_placed(cell))
        .collect();
    if signed.is_empty() || signed.len() > MOST_SUM_CELLS {
        return None;
    }
    let kept = sum_supports(board, &signed, rest);
    let mut step = Step::new(Technique::InniesOuties, board.frame());
    for (&(cell, _), &kept) in signed.iter().zip(&kept) {
        step.eliminations
            .extend(digits_of(board.mask(cell) & !kept).map(|digit| (cell, digit)));
    }
    if step.eliminations.is_empty() {
        return None;
    }
    let mut clue = format!("{region}: {}", relation(&step, split));
    if rest != split.difference {
        let _ = write!(clue, ", {} without the placed digits", rest.abs());
    }
    step.clue = clue;
    if let ([(cell, _)], [kept]) = (&signed[..], &kept[..]) {
        // One open cell left one digit: it is placed.
        if kept.count_ones() == 1 {
            step.eliminations.clear();
            step.placements
                .push((*cell, kept.trailing_zeros() as u8 + 1));
        }
    }
    Some(step)
}

/// "innies r3c4+r3c5 add up to 11", "outie r4c1 is 3", or "innie r1c9
/// less outie r2c5 makes 5" (the larger side first).
fn relation(step: &Step, split: &Split) -> String {
    let side = |cells: &[usize], name: &str| match cells {
        [_] => format!("{name} {}", step.cell_names(cells, "+")),
        _ => format!("{name}s {}", step.cell_names(cells, "+")),
    };
    let (innies, outies) = (side(&split.innies, "innie"), side(&split.outies, "outie"));
    let total = split.difference.abs();
    match (split.innies.len(), split.outies.len()) {
        (1, 0) => format!("{innies} is {total}"),
        (_, 0) => format!("{innies} add up to {total}"),
        (0, 1) => format!("{outies} is {total}"),
        (0, _) => format!("{outies} add up to {total}"),
        _ if split.difference >= 0 => format!("{innies} less {outies} make {total}"),
        _ => format!("{outies} less {innies} make {total}"),
    }
}

/// Per cell of `cells` (each with its sign, 1 or -1), the digits it takes
/// in some filling whose signed digits add up to `target` and in which no
/// two candidates see each other.
fn sum_supports(board: &Board, cells: &[(usize, i64)], target: i64) -> Vec<u64> {
    let mut kept = vec![0u64; cells.len()];
    let mut chosen = Vec::with_capacity(cells.len());
    fill(board, cells, target, &mut chosen, &mut kept);
    kept
}

/// Tries every candidate of the next cell of `cells` after `chosen`,
/// recording each complete filling of signed sum `target` in `kept`.
fn fill(
    board: &Board,
    cells: &[(usize, i64)],
    target: i64,
    chosen: &mut Vec<u8>,
    kept: &mut [u64],
) {
    let k = chosen.len();
    if k == cells.len() {
        let sum: i64 = chosen
            .iter()
            .zip(cells)
            .map(|(&digit, &(_, sign))| sign * i64::from(digit))
            .sum();
        if sum == target {
            for (slot, &digit) in kept.iter_mut().zip(chosen.iter()) {
                *slot |= bit(digit);
            }
        }
        return;
    }
    let cell = cells[k].0;
    for digit in digits_of(board.mask(cell)) {
        let clash = chosen
            .iter()
            .enumerate()
            .any(|(j, &other)| board.sees(cells[j].0, other, cell, digit));
        if !clash {
            chosen.push(digit);
            fill(board, cells, target, chosen, kept);
            chosen.pop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::constraints::{Cage, Constraint};
    use crate::sudoku::geometry::Geometry;
    use crate::sudoku::grid::{Grid, Size};
    use crate::sudoku::random::Rng;
    use crate::sudoku::rules::Rules;

    /// The empty 9x9 board of `geometry`.
    fn empty_board(geometry: &Geometry) -> Board<'_> {
        Board::of_grid(geometry, &Grid::empty(Size::NINE)).unwrap()
    }

    /// The 9x9 geometry of killer cages alone, each of its cells and sum.
    fn killer(cages: &[(&[usize], u32)]) -> Geometry {
        let constraints = cages
            .iter()
            .map(|&(cells, sum)| {
                Constraint::KillerCage(Cage {
                    cells: cells.to_vec(),
                    sum: Some(sum),
                })
            })
            .collect();
        let rules = Rules {
            constraints,
            ..Rules::default()
        };
        rules.geometry(Size::NINE).unwrap()
    }

    /// The digits each cell takes in some filling by distinct digits of
    /// the right sum, by trying every tuple of candidates.
    fn every_filling(masks: &[u64], sum: u32, required: u64) -> (Vec<u64>, Vec<u64>) {
        let mut kept = vec![0u64; masks.len()];
        let mut sets = Vec::new();
        // Every tuple of digits 1 to 9, as the digits of a number in base 9.
        for index in 0..9usize.pow(masks.len() as u32) {
            let tuple: Vec<u8> = (0..masks.len())
                .map(|k| (index / 9usize.pow(k as u32) % 9) as u8 + 1)
                .collect();
            let set = tuple.iter().fold(0u64, |set, &d| set | bit(d));
            let total: u32 = tuple.iter().map(|&d| u32::from(d)).sum();
            let fits = tuple
                .iter()
                .zip(masks)
                .all(|(&d, &mask)| mask & bit(d) != 0);
            if fits
                && set.count_ones() as usize == tuple.len()
                && total == sum
                && set & required == required
            {
                for (slot, &d) in kept.iter_mut().zip(&tuple) {
                    *slot |= bit(d);
                }
                sets.push(set);
            }
        }
        sets.sort_unstable();
        sets.dedup();
        (kept, sets)
    }

    #[test]
    fn a_cage_keeps_exactly_the_digits_of_its_fillings() {
        let mut rng = Rng::from_seed(31);
        let mut pruned = 0;
        for _ in 0..3000 {
            let width = 1 + rng.below(4);
            let masks: Vec<u64> = (0..width)
                .map(|_| (rng.below(511) as u64 + 1) & 0x1ff)
                .collect();
            let sum = 1 + rng.below(40) as u32;
            let required = if rng.below(3) == 0 {
                bit(1 + rng.below(9) as u8)
            } else {
                0
            };
            let walked = cage_fillings(&masks, sum, 9, required).unwrap();
            let (kept, sets) = every_filling(&masks, sum, required);
            assert_eq!(walked.kept, kept, "{masks:?} {sum}");
            assert_eq!(walked.sets, sets, "{masks:?} {sum}");
            pruned += usize::from(kept.iter().zip(&masks).any(|(k, m)| k != m && *k != 0));
        }
        assert!(pruned > 300, "few cages pruned: {pruned}");
    }

    #[test]
    fn a_cage_of_three_in_two_cells_keeps_one_and_two() {
        let geometry = killer(&[(&[0, 1], 3)]);
        let board = empty_board(&geometry);
        let step = combinations(&board).expect("the cage narrows");
        assert_eq!(step.technique, Technique::CageCombination);
        assert_eq!(step.clue, "cage 1 (3 in 2 cells) has only 1+2 left");
        let expected: Vec<(usize, u8)> = [0, 1]
            .into_iter()
            .flat_map(|cell| (3..=9).map(move |digit| (cell, digit)))
            .collect();
        assert_eq!(step.eliminations, expected);
    }

    #[test]
    fn a_digit_every_combination_holds_leaves_what_sees_its_places() {
        // 17 in two cells is 8+9: both leave the rest of row 1 and box 1.
        let geometry = killer(&[(&[0, 1], 17)]);
        let board = empty_board(&geometry);
        let step = locked(&board, true).expect("the cage points");
        assert_eq!(step.technique, Technique::LockedPointing);
        assert_eq!(
            step.clue,
            "8 in cage 1 (every combination left holds it) in r1c1, r1c2"
        );
        let mut expected: Vec<(usize, u8)> = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 18, 19, 20]
            .into_iter()
            .map(|cell| (cell, 8))
            .collect();
        expected.sort_unstable();
        assert_eq!(step.eliminations, expected);
    }

    #[test]
    fn a_digit_of_a_unit_locked_in_a_cage_keeps_the_combinations_with_it() {
        // 15 in r1c1-r1c3; 9 has no other place in row 1, so the cage
        // holds it: 1+5+9 or 2+4+9.
        let geometry = killer(&[(&[0, 1, 2], 15)]);
        let mut board = empty_board(&geometry);
        for cell in 3..9 {
            board.remove(cell, 9);
        }
        assert_eq!(locked(&board, true), None);
        let step = locked(&board, false).expect("the row claims");
        assert_eq!(step.technique, Technique::LockedClaiming);
        assert_eq!(
            step.clue,
            "9 in row 1 lies in cage 1, which with it has only 1+5+9 or 2+4+9 left"
        );
        let expected: Vec<(usize, u8)> = (0..3)
            .flat_map(|cell| [3, 6, 7, 8].map(|digit| (cell, digit)))
            .collect();
        assert_eq!(step.eliminations, expected);
    }

    #[test]
    fn a_row_of_cages_and_one_cell_places_the_cell_by_the_45_rule() {
        // Row 1: cages over r1c1-r1c8 adding up to 40, so r1c9 = 5; the
        // cages' own combinations say nothing of it.
        let geometry = killer(&[(&[0, 1, 2, 3], 20), (&[4, 5, 6, 7], 20)]);
        let board = empty_board(&geometry);
        assert!(combinations(&board).is_none());
        let step = innies_outies(&board).expect("the row sums");
        assert_eq!(step.technique, Technique::InniesOuties);
        assert_eq!(step.placements, [(8, 5)]);
        assert_eq!(step.clue, "row 1: innie r1c9 is 5");
    }

    #[test]
    fn an_innie_less_an_outie_makes_what_the_cages_leave() {
        // Row 1: 10 in r1c1-r1c4, and 30 in r1c5-r1c8 with r2c5 below, so
        // r1c9 = 45 - 10 - (30 - r2c5): r1c9 less r2c5 makes 5.
        let geometry = killer(&[(&[0, 1, 2, 3], 10), (&[4, 5, 6, 7, 13], 30)]);
        let board = empty_board(&geometry);
        let step = innies_outies(&board).expect("the row splits");
        assert_eq!(step.clue, "row 1: innie r1c9 less outie r2c5 make 5");
        let expected: Vec<(usize, u8)> = (1..=5)
            .map(|digit| (8, digit))
            .chain((5..=9).map(|digit| (13, digit)))
            .collect();
        assert_eq!(step.eliminations, expected);
    }

    #[test]
    fn outies_of_a_box_add_up_to_the_cages_less_the_box() {
        // Box 1 is covered by three cages; two cells of them stick out
        // into r1c4 and r4c1, which add up to 3 and so keep 1 and 2.
        let geometry = killer(&[
            (&[0, 1, 2, 3], 16),
            (&[9, 10, 11], 14),
            (&[18, 19, 20, 27], 18),
        ]);
        let board = empty_board(&geometry);
        let step = innies_outies(&board).expect("the box sums");
        assert_eq!(step.clue, "box 1: outies r1c4+r4c1 add up to 3");
        for &(cell, digit) in &step.eliminations {
            assert!([3, 27].contains(&cell) && digit >= 3, "{step}");
        }
        assert_eq!(step.eliminations.len(), 14, "{step}");
    }

    #[test]
    fn signed_sums_of_few_cells_keep_exactly_the_fillings_that_see_nothing() {
        // Random candidates on an empty classic board; the fillings of a
        // few cells counted by hand against the walk.
        let geometry = Geometry::classic(Size::NINE);
        let mut rng = Rng::from_seed(32);
        let mut kept_some = 0;
        for _ in 0..500 {
            let mut board = Board::of_grid(geometry, &Grid::empty(Size::NINE)).unwrap();
            let width = 1 + rng.below(MOST_SUM_CELLS);
            let mut cells: Vec<usize> = Vec::new();
            while cells.len() < width {
                let cell = rng.below(81);
                if !cells.contains(&cell) {
                    cells.push(cell);
                }
            }
            for &cell in &cells {
                board.state.masks[cell] = rng.below(511) as u64 + 1;
            }
            // Innies count up, outies (a third of the cells) down.
            let signed: Vec<(usize, i64)> = cells
                .iter()
                .map(|&cell| (cell, if rng.below(3) == 0 { -1 } else { 1 }))
                .collect();
            let target = rng.below(8 * width + 1) as i64 - 2 * width as i64;
            let kept = sum_supports(&board, &signed, target);
            let mut expected = vec![0u64; width];
            let total: usize = cells.iter().map(|_| 9).product();
            for index in 0..total {
                let digits: Vec<u8> = (0..width)
                    .map(|k| (index / 9usize.pow(k as u32) % 9) as u8 + 1)
                    .collect();
                let fits = cells.iter().zip(&digits).all(|(&c, &d)| board.has(c, d))
                    && digits
                        .iter()
                        .zip(&signed)
                        .map(|(&d, &(_, sign))| sign * i64::from(d))
                        .sum::<i64>()
                        == target
                    && (0..width).all(|a| {
                        (0..width).all(|b| {
                            a == b
                                || !(digits[a] == digits[b] && board.are_peers(cells[a], cells[b]))
                        })
                    });
                if fits {
                    for (slot, &d) in expected.iter_mut().zip(&digits) {
                        *slot |= bit(d);
                    }
                }
            }
            assert_eq!(kept, expected, "{signed:?} {target}");
            kept_some += usize::from(kept.iter().any(|&k| k != 0));
        }
        assert!(kept_some > 100, "few sums with a filling: {kept_some}");
    }
}
