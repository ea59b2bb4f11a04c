//! Set logic: `k` primary items whose options all lie inside `k` other
//! items. Each of the `k` base items needs one true option, each cover item
//! takes at most one, so the cover items' options outside the base go.
//!
//! One routine ([`locked_sets`]) finds the base sets; the shape of the items
//! names the technique a player knows:
//!
//! | base items | cover items | k | name |
//! | --- | --- | --- | --- |
//! | (box, d) | (line, d) | 1 | locked candidates (pointing) |
//! | (line, d) | (box, d) | 1 | locked candidates (claiming) |
//! | cells of a unit | (unit, d) | 2-4 | naked pair, triple, quad |
//! | (unit, d) of one unit | cells | 2-4 | hidden pair, triple, quad |
//! | (row, d) | (column, d), or the other way | 2-4 | x-wing, swordfish, jellyfish |
//!
//! A fish whose base has options outside its cover (fins) still strikes a
//! cover option that sees every fin: finned (or sashimi) fish.

use std::fmt::Write as _;

use crate::logic::board::{bit, digits_of, Board};
use crate::logic::step::{cell_at, Step};
use crate::logic::technique::Technique;
use crate::sudoku::candidates::Candidates;
use crate::sudoku::frame::Frame;
use crate::sudoku::grid::Size;

/// Calls `found` with every choice of `k` of `bases` (bit sets over the
/// cover items) whose union has at most `max_union` members, until it
/// returns true; true when it did.
pub fn locked_sets(
    bases: &[u64],
    k: usize,
    max_union: u32,
    found: &mut impl FnMut(&[usize], u64) -> bool,
) -> bool {
    let mut chosen = [0usize; 4];
    choose(bases, k, max_union, 0, 0, &mut chosen, 0, found)
}

#[allow(clippy::too_many_arguments)]
fn choose(
    bases: &[u64],
    k: usize,
    max_union: u32,
    from: usize,
    union: u64,
    chosen: &mut [usize; 4],
    depth: usize,
    found: &mut impl FnMut(&[usize], u64) -> bool,
) -> bool {
    if depth == k {
        return found(&chosen[..k], union);
    }
    for index in from..bases.len() {
        if bases.len() - index < k - depth {
            break;
        }
        let joined = union | bases[index];
        if joined.count_ones() > max_union {
            continue;
        }
        chosen[depth] = index;
        if choose(
            bases,
            k,
            max_union,
            index + 1,
            joined,
            chosen,
            depth + 1,
            found,
        ) {
            return true;
        }
    }
    false
}

/// The digits of a mask as `{1,2}`.
fn digit_set(mask: u64) -> String {
    let digits: Vec<String> = digits_of(mask).map(|d| d.to_string()).collect();
    format!("{{{}}}", digits.join(","))
}

/// Cells as `r1c1, r1c5`.
fn cell_list(frame: &Frame, cells: impl IntoIterator<Item = usize>) -> String {
    let mut text = String::new();
    for cell in cells {
        if !text.is_empty() {
            text.push_str(", ");
        }
        let _ = write!(text, "{}", cell_at(frame, cell));
    }
    text
}

/// Locked candidates: the places of a digit in one unit all lie in
/// another unit, which loses the digit elsewhere. `pointing` takes a box
/// or region as the base (the digit leaves the rest of a line), otherwise
/// a line (the digit leaves the rest of a box or region).
pub fn locked_candidates(board: &Board, pointing: bool) -> Option<Step> {
    let geometry = board.geometry;
    let all = Candidates::all_digits(geometry.size());
    for unit in 0..geometry.units() {
        if geometry.kind(unit).is_line() == pointing {
            continue;
        }
        let cells = geometry.unit_cells(unit);
        for digit in digits_of(all & !board.state.unit_placed[unit]) {
            let places = board.positions(unit, digit);
            if places.count_ones() < 2 {
                continue;
            }
            let first = cells[places.trailing_zeros() as usize] as usize;
            for &cover in geometry.units_of(first) {
                let cover = cover as usize;
                if cover == unit || (!pointing && geometry.kind(cover).is_line()) {
                    continue;
                }
                let inside = digits_of(places).all(|k| {
                    geometry
                        .units_of(cells[k as usize - 1] as usize)
                        .contains(&(cover as u16))
                });
                if !inside {
                    continue;
                }
                let eliminations: Vec<(usize, u8)> = geometry
                    .unit_cells(cover)
                    .iter()
                    .map(|&cell| cell as usize)
                    .filter(|&cell| {
                        !board.is_placed(cell)
                            && board.has(cell, digit)
                            && !cells.contains(&(cell as u16))
                    })
                    .map(|cell| (cell, digit))
                    .collect();
                if eliminations.is_empty() {
                    continue;
                }
                let technique = if pointing {
                    Technique::LockedPointing
                } else {
                    Technique::LockedClaiming
                };
                let mut step = Step::new(technique, board.frame());
                let joint = if pointing { "on" } else { "in" };
                step.clue = format!(
                    "{digit} in {} {joint} {}",
                    geometry.kind(unit),
                    geometry.kind(cover)
                );
                step.eliminations = eliminations;
                return Some(step);
            }
        }
    }
    None
}

/// Naked subsets of size `k`: `k` cells of a unit with `k` candidates
/// between them; those digits go from the other cells of every unit that
/// holds all `k`.
pub fn naked_subset(board: &Board, k: usize) -> Option<Step> {
    let geometry = board.geometry;
    let mut open = Vec::with_capacity(board.side);
    let mut masks = Vec::with_capacity(board.side);
    for unit in 0..geometry.units() {
        open.clear();
        masks.clear();
        let mut open_count = 0;
        for &cell in geometry.unit_cells(unit) {
            let cell = cell as usize;
            if board.is_placed(cell) {
                continue;
            }
            open_count += 1;
            let count = board.mask(cell).count_ones() as usize;
            if (2..=k).contains(&count) {
                open.push(cell);
                masks.push(board.mask(cell));
            }
        }
        if open_count <= k {
            continue;
        }
        let mut result = None;
        locked_sets(&masks, k, k as u32, &mut |chosen, union| {
            let cells: Vec<usize> = chosen.iter().map(|&i| open[i]).collect();
            let mut eliminations = Vec::new();
            for &cover in geometry.units_of(cells[0]) {
                let cover = cover as usize;
                if !cells
                    .iter()
                    .all(|&cell| geometry.units_of(cell).contains(&(cover as u16)))
                {
                    continue;
                }
                for &other in geometry.unit_cells(cover) {
                    let other = other as usize;
                    if board.is_placed(other) || cells.contains(&other) {
                        continue;
                    }
                    for digit in digits_of(board.mask(other) & union) {
                        if !eliminations.contains(&(other, digit)) {
                            eliminations.push((other, digit));
                        }
                    }
                }
            }
            if eliminations.is_empty() {
                return false;
            }
            let technique = [
                Technique::NakedPair,
                Technique::NakedTriple,
                Technique::NakedQuad,
            ][k - 2];
            let mut step = Step::new(technique, board.frame());
            step.clue = format!(
                "{} in {} of {}",
                digit_set(union),
                cell_list(board.frame(), cells.iter().copied()),
                geometry.kind(unit)
            );
            step.eliminations = eliminations;
            result = Some(step);
            true
        });
        if result.is_some() {
            return result;
        }
    }
    None
}

/// Hidden subsets of size `k`: `k` digits with `k` places between them in
/// a unit; the other candidates of those cells go.
pub fn hidden_subset(board: &Board, k: usize) -> Option<Step> {
    let geometry = board.geometry;
    let all = Candidates::all_digits(geometry.size());
    let mut digits = Vec::with_capacity(board.side);
    let mut masks = Vec::with_capacity(board.side);
    for unit in 0..geometry.units() {
        digits.clear();
        masks.clear();
        let open_digits = all & !board.state.unit_placed[unit];
        if (open_digits.count_ones() as usize) <= k {
            continue;
        }
        for digit in digits_of(open_digits) {
            let places = board.positions(unit, digit);
            if (2..=k).contains(&(places.count_ones() as usize)) {
                digits.push(digit);
                masks.push(places);
            }
        }
        let cells = geometry.unit_cells(unit);
        let mut result = None;
        locked_sets(&masks, k, k as u32, &mut |chosen, union| {
            let kept: u64 = chosen.iter().map(|&i| bit(digits[i])).fold(0, |a, b| a | b);
            let mut eliminations = Vec::new();
            for place in digits_of(union) {
                let cell = cells[place as usize - 1] as usize;
                for digit in digits_of(board.mask(cell) & !kept) {
                    eliminations.push((cell, digit));
                }
            }
            if eliminations.is_empty() {
                return false;
            }
            let technique = [
                Technique::HiddenPair,
                Technique::HiddenTriple,
                Technique::HiddenQuad,
            ][k - 2];
            let mut step = Step::new(technique, board.frame());
            step.clue = format!(
                "{} only in {} of {}",
                digit_set(kept),
                cell_list(
                    board.frame(),
                    digits_of(union).map(|place| cells[place as usize - 1] as usize)
                ),
                geometry.kind(unit)
            );
            step.eliminations = eliminations;
            result = Some(step);
            true
        });
        if result.is_some() {
            return result;
        }
    }
    None
}

/// Basic fish of size `k` (x-wing, swordfish, jellyfish), or with
/// `finned`, fish whose base has fins that see the eliminated candidates.
pub fn fish(board: &Board, k: usize, finned: bool) -> Option<Step> {
    // Fish are stated on the rows and columns of one square grid.
    if !board.geometry.is_square() {
        return None;
    }
    let side = board.side;
    let words = board.words();
    let mut lines = Vec::with_capacity(side);
    let mut masks = Vec::with_capacity(side);
    let extra = match (finned, k) {
        (false, _) => 0,
        (true, 4) => 1,
        (true, _) => 2,
    };
    for digit in 1..=side as u8 {
        // The open cells with the digit: only they can lose it.
        let mut digit_bits = [0u64; MAX_WORDS];
        for cell in 0..board.cells() {
            if !board.is_placed(cell) && board.has(cell, digit) {
                digit_bits[cell / 64] |= 1 << (cell % 64);
            }
        }
        // Rows as the base (covered by columns), then columns.
        for by_rows in [true, false] {
            lines.clear();
            masks.clear();
            let first_base = if by_rows { 0 } else { side };
            let first_cover = if by_rows { side } else { 0 };
            for line in first_base..first_base + side {
                if board.state.unit_placed[line] & bit(digit) != 0 {
                    continue;
                }
                let places = board.positions(line, digit);
                let count = places.count_ones() as usize;
                if count >= 2 && count <= k + extra {
                    lines.push(line);
                    masks.push(places);
                }
            }
            let shape = Shape {
                board,
                digit,
                k,
                finned,
                first_base,
                first_cover,
                digit_bits: &digit_bits[..words],
            };
            let mut result = None;
            let max_union = (k + extra) as u32;
            locked_sets(&masks, k, max_union, &mut |chosen, union| {
                let mut base = [0usize; 4];
                let mut base_masks = [0u64; 4];
                for (slot, &index) in chosen.iter().enumerate() {
                    base[slot] = lines[index];
                    base_masks[slot] = masks[index];
                }
                result = shape.try_base(&base[..k], &base_masks[..k], union);
                result.is_some()
            });
            if result.is_some() {
                return result;
            }
        }
    }
    None
}

/// A fish being looked for: one digit, one orientation, one size.
struct Shape<'a, 'g> {
    board: &'a Board<'g>,
    digit: u8,
    k: usize,
    finned: bool,
    first_base: usize,
    first_cover: usize,
    /// The open cells with the digit.
    digit_bits: &'a [u64],
}

impl Shape<'_, '_> {
    /// The cell at `position` of base line `line`.
    fn at(&self, line: usize, position: usize) -> usize {
        let side = self.board.side;
        if self.first_base == 0 {
            line * side + position
        } else {
            position * side + (line - side)
        }
    }

    /// The step of a fish on the base lines `base` (their places `masks`,
    /// together `union`), if some choice of cover lines strikes a candidate.
    fn try_base(&self, base: &[usize], masks: &[u64], union: u64) -> Option<Step> {
        let (board, k) = (self.board, self.k);
        let words = board.words();
        let mut outside = [u64::MAX; MAX_WORDS];
        for &line in base {
            for (word, cells) in outside.iter_mut().zip(board.unit_words(line)) {
                *word &= !cells;
            }
        }
        let count = union.count_ones() as usize;
        if !self.finned {
            if count != k {
                return None;
            }
            let targets = self.targets(union, &outside[..words], None);
            return targets.map(|targets| self.step(base, union, targets, Vec::new()));
        }
        if count <= k {
            return None;
        }
        let options: Vec<u64> = digits_of(union).map(|p| 1u64 << (p - 1)).collect();
        let mut found = None;
        locked_sets(&options, k, k as u32, &mut |_, cover| {
            let fins = || {
                base.iter().zip(masks).flat_map(move |(&line, &mask)| {
                    digits_of(mask & !cover).map(move |p| self.at(line, p as usize - 1))
                })
            };
            // The cells every fin sees.
            let mut seen = [u64::MAX; MAX_WORDS];
            for fin in fins() {
                for (word, peers) in seen.iter_mut().zip(board.peer_words(fin)) {
                    *word &= peers;
                }
            }
            match self.targets(cover, &outside[..words], Some(&seen[..words])) {
                Some(targets) => {
                    found = Some(self.step(base, cover, targets, fins().collect()));
                    true
                }
                None => false,
            }
        });
        found
    }

    /// The candidates of the digit in the cover lines `cover`, outside the
    /// base, and (for a finned fish) among the cells `seen` by every fin.
    fn targets(&self, cover: u64, outside: &[u64], seen: Option<&[u64]>) -> Option<Vec<usize>> {
        let board = self.board;
        let mut cells = [0u64; MAX_WORDS];
        for position in digits_of(cover) {
            let line = self.first_cover + position as usize - 1;
            for (word, unit) in cells.iter_mut().zip(board.unit_words(line)) {
                *word |= unit;
            }
        }
        let mut targets = Vec::new();
        for (index, word) in cells[..outside.len()].iter().enumerate() {
            let mut hits = word & outside[index] & self.digit_bits[index];
            if let Some(seen) = seen {
                hits &= seen[index];
            }
            while hits != 0 {
                targets.push(index * 64 + hits.trailing_zeros() as usize);
                hits &= hits - 1;
            }
        }
        (!targets.is_empty()).then_some(targets)
    }

    /// The step of a fish.
    fn step(&self, base: &[usize], cover: u64, targets: Vec<usize>, fins: Vec<usize>) -> Step {
        let (board, k, digit) = (self.board, self.k, self.digit);
        let geometry = board.geometry;
        let technique = match (self.finned, k) {
            (false, 2) => Technique::XWing,
            (false, 3) => Technique::Swordfish,
            (false, _) => Technique::Jellyfish,
            (true, 2) => Technique::FinnedXWing,
            (true, 3) => Technique::FinnedSwordfish,
            (true, _) => Technique::FinnedJellyfish,
        };
        let mut step = Step::new(technique, board.frame());
        let names = |units: &mut dyn Iterator<Item = usize>| {
            units
                .map(|unit| geometry.kind(unit).to_string())
                .collect::<Vec<_>>()
                .join(", ")
        };
        step.clue = format!(
            "{digit} in {} covered by {}",
            names(&mut base.iter().copied()),
            names(&mut digits_of(cover).map(|p| self.first_cover + p as usize - 1)),
        );
        if !fins.is_empty() {
            let sashimi = k > 1
                && base
                    .iter()
                    .any(|&line| (board.positions(line, digit) & cover).count_ones() < 2);
            let word = if sashimi { "sashimi fins" } else { "fins" };
            let _ = write!(step.clue, " with {word} {}", cell_list(board.frame(), fins));
        }
        step.eliminations = targets.into_iter().map(|cell| (cell, digit)).collect();
        step
    }
}

/// The most words of a bit set of cells: those of the largest grid.
const MAX_WORDS: usize = (Size::MAX_SIDE * Size::MAX_SIDE).div_ceil(64);
