//! The position a logical solve works on: the candidates of every cell,
//! which cells are placed, and the digits each unit holds, over the items
//! of a [`Geometry`].
//!
//! In exact-cover terms a candidate is an option (`cell * side + digit - 1`,
//! a "placement"), a cell and a (unit, digit) pair are primary items (exactly
//! one of their options is true) and the geometry's "at most once" groups are
//! secondary items. Two candidates *see* each other when they share an item:
//! that is the one relation every technique is stated on. Everything here is
//! flat arrays and bit sets, built once per puzzle.

use crate::sudoku::candidates::Candidates;
use crate::sudoku::frame::Frame;
use crate::sudoku::geometry::Geometry;
use crate::sudoku::grid::Grid;

/// The changing part of a position: cheap to copy for a trial.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct State {
    /// Candidates of each cell, bit `d - 1` for digit `d`.
    pub masks: Vec<u64>,
    /// True for a cell whose digit is placed (and struck from its peers).
    pub placed: Vec<bool>,
    /// The digits placed in each unit.
    pub unit_placed: Vec<u64>,
    /// Cells not yet placed.
    pub open: usize,
}

/// Why a position has no solution, as a player sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Contradiction {
    /// A cell with no candidate left.
    EmptyCell(usize),
    /// A digit with no place left in a unit.
    NoPlace(usize, u8),
}

/// A position over a geometry, with its tables of who sees whom.
#[derive(Debug, Clone)]
pub struct Board<'g> {
    /// The rules.
    pub geometry: &'g Geometry,
    /// The side of the grid (digits per cell, cells per unit).
    pub side: usize,
    /// The position.
    pub state: State,
    /// One bit set of cells per cell: its peers.
    peer_bits: Vec<u64>,
    /// One bit set of cells per unit: its cells.
    unit_bits: Vec<u64>,
    /// Words per bit set of cells.
    words: usize,
}

/// The placement (option) of `digit` in `cell`.
#[inline]
pub fn placement(side: usize, cell: usize, digit: u8) -> usize {
    cell * side + digit as usize - 1
}

/// The bit of `digit` in a cell's mask.
#[inline]
pub fn bit(digit: u8) -> u64 {
    1u64 << (digit - 1)
}

/// The digits of a mask, smallest first.
pub fn digits_of(mask: u64) -> impl Iterator<Item = u8> {
    let mut rest = mask;
    std::iter::from_fn(move || {
        if rest == 0 {
            return None;
        }
        let digit = rest.trailing_zeros() as u8 + 1;
        rest &= rest - 1;
        Some(digit)
    })
}

impl<'g> Board<'g> {
    /// Every digit a candidate of every cell, nothing placed.
    fn empty(geometry: &'g Geometry) -> Board<'g> {
        let (side, cells) = (geometry.side(), geometry.cells());
        let words = cells.div_ceil(64);
        let mut peer_bits = vec![0u64; cells * words];
        for cell in 0..cells {
            for &peer in geometry.peers_of(cell) {
                peer_bits[cell * words + peer as usize / 64] |= 1 << (peer % 64);
            }
        }
        let mut unit_bits = vec![0u64; geometry.units() * words];
        for unit in 0..geometry.units() {
            for &cell in geometry.unit_cells(unit) {
                unit_bits[unit * words + cell as usize / 64] |= 1 << (cell % 64);
            }
        }
        let all = Candidates::all_digits(geometry.size());
        Board {
            geometry,
            side,
            state: State {
                // What a rule forbids outright (an odd cell, a thermometer's
                // bulb) is never a candidate, as a digit outside the grid.
                masks: (0..cells)
                    .map(|cell| all & geometry.allowed(cell))
                    .collect(),
                placed: vec![false; cells],
                unit_placed: vec![0; geometry.units()],
                open: cells,
            },
            peer_bits,
            unit_bits,
            words,
        }
    }

    /// Where the cells sit, to name them.
    pub fn frame(&self) -> &'g Frame {
        self.geometry.frame()
    }

    /// The position of a puzzle: its givens placed, their digits struck
    /// from their peers. `None` when two givens clash.
    pub fn of_grid(geometry: &'g Geometry, grid: &Grid) -> Option<Board<'g>> {
        let mut board = Board::empty(geometry);
        for (cell, &digit) in grid.cells().iter().enumerate() {
            if digit != 0 {
                if !board.state.masks[cell] & bit(digit) != 0 {
                    return None;
                }
                board.place(cell, digit);
            }
        }
        Some(board)
    }

    /// The position of a player's pencilmarks: every cell with one
    /// candidate is placed and its digit struck from its peers.
    pub fn of_candidates(geometry: &'g Geometry, marks: &Candidates) -> Board<'g> {
        let mut board = Board::empty(geometry);
        for (cell, (mask, &marked)) in board.state.masks.iter_mut().zip(marks.masks()).enumerate() {
            *mask = marked & geometry.allowed(cell);
        }
        for cell in 0..geometry.cells() {
            let mask = board.state.masks[cell];
            if mask.count_ones() == 1 && !board.state.placed[cell] {
                board.place(cell, mask.trailing_zeros() as u8 + 1);
            }
        }
        board
    }

    /// The number of cells.
    pub fn cells(&self) -> usize {
        self.state.masks.len()
    }

    /// The candidates of `cell`.
    #[inline]
    pub fn mask(&self, cell: usize) -> u64 {
        self.state.masks[cell]
    }

    /// True when `digit` is a candidate of `cell`.
    #[inline]
    pub fn has(&self, cell: usize, digit: u8) -> bool {
        self.state.masks[cell] & bit(digit) != 0
    }

    /// True when `cell` is placed.
    #[inline]
    pub fn is_placed(&self, cell: usize) -> bool {
        self.state.placed[cell]
    }

    /// True when cells `a` and `b` (different) share a unit.
    #[inline]
    pub fn are_peers(&self, a: usize, b: usize) -> bool {
        self.peer_bits[a * self.words + b / 64] >> (b % 64) & 1 == 1
    }

    /// The peers of `cell` as a bit set of cells, 64 to a word.
    #[inline]
    pub fn peer_words(&self, cell: usize) -> &[u64] {
        &self.peer_bits[cell * self.words..(cell + 1) * self.words]
    }

    /// The cells of `unit` as a bit set of cells.
    #[inline]
    pub fn unit_words(&self, unit: usize) -> &[u64] {
        &self.unit_bits[unit * self.words..(unit + 1) * self.words]
    }

    /// Words per bit set of cells.
    pub fn words(&self) -> usize {
        self.words
    }

    /// True when the candidates `digit_a` in `cell_a` and `digit_b` in
    /// `cell_b` share an item, so that at most one of them is true; a
    /// candidate does not see itself.
    pub fn sees(&self, cell_a: usize, digit_a: u8, cell_b: usize, digit_b: u8) -> bool {
        if cell_a == cell_b {
            return digit_a != digit_b;
        }
        if digit_a == digit_b && self.are_peers(cell_a, cell_b) {
            return true;
        }
        if self.geometry.groups() == 0 {
            return false;
        }
        let target = placement(self.side, cell_b, digit_b) as u32;
        self.geometry
            .groups_of(cell_a, digit_a)
            .iter()
            .any(|&group| {
                self.geometry
                    .group_placements(group as usize)
                    .contains(&target)
            })
    }

    /// The open candidates `digit` outside `cells` that see `digit` in
    /// every cell of `cells`: what a digit that must stand in one of them
    /// strikes.
    pub fn seeing_all(&self, digit: u8, cells: &[usize]) -> Vec<(usize, u8)> {
        (0..self.cells())
            .filter(|&cell| {
                !self.is_placed(cell)
                    && self.has(cell, digit)
                    && !cells.contains(&cell)
                    && cells
                        .iter()
                        .all(|&other| self.sees(other, digit, cell, digit))
            })
            .map(|cell| (cell, digit))
            .collect()
    }

    /// The cells of unit `unit` where `digit` is a candidate, as a bit set
    /// of positions within the unit; placed cells count too.
    #[inline]
    pub fn positions(&self, unit: usize, digit: u8) -> u64 {
        let mut found = 0;
        for (k, &cell) in self.geometry.unit_cells(unit).iter().enumerate() {
            found |= (self.state.masks[cell as usize] >> (digit - 1) & 1) << k;
        }
        found
    }

    /// Places `digit` in `cell` and strikes it from the cell's peers and
    /// from the other options of its groups.
    pub fn place(&mut self, cell: usize, digit: u8) {
        let b = bit(digit);
        let state = &mut self.state;
        state.masks[cell] = b;
        if !state.placed[cell] {
            state.placed[cell] = true;
            state.open -= 1;
        }
        for &unit in self.geometry.units_of(cell) {
            state.unit_placed[unit as usize] |= b;
        }
        for &peer in self.geometry.peers_of(cell) {
            state.masks[peer as usize] &= !b;
        }
        if self.geometry.groups() > 0 {
            let own = placement(self.side, cell, digit) as u32;
            for &group in self.geometry.groups_of(cell, digit) {
                for &other in self.geometry.group_placements(group as usize) {
                    if other != own {
                        let (at, d) = (other as usize / self.side, other as usize % self.side);
                        state.masks[at] &= !(1u64 << d);
                    }
                }
            }
        }
    }

    /// Strikes `digit` from `cell`.
    #[inline]
    pub fn remove(&mut self, cell: usize, digit: u8) {
        self.state.masks[cell] &= !bit(digit);
    }

    /// True when the position has no solution for a plain reason: an open
    /// cell without candidates, or a digit without a place in a unit.
    pub fn is_broken(&self) -> bool {
        self.breakage().is_some()
    }

    /// The first plain reason the position has no solution: a cell without
    /// candidates, or a digit without a place in a unit.
    pub fn breakage(&self) -> Option<Contradiction> {
        let state = &self.state;
        if let Some(cell) = (0..self.cells()).find(|&cell| state.masks[cell] == 0) {
            return Some(Contradiction::EmptyCell(cell));
        }
        let all = Candidates::all_digits(self.geometry.size());
        (0..self.geometry.units()).find_map(|unit| {
            let mut seen = 0;
            for &cell in self.geometry.unit_cells(unit) {
                seen |= state.masks[cell as usize];
            }
            let missing = all & !seen;
            (missing != 0).then(|| Contradiction::NoPlace(unit, missing.trailing_zeros() as u8 + 1))
        })
    }

    /// Places naked and hidden singles until none is left; false when the
    /// position breaks on the way (a contradiction).
    pub fn propagate(&mut self) -> bool {
        self.propagate_counting().is_ok()
    }

    /// [`Board::propagate`], telling how many singles it placed, or where
    /// the position broke and after how many.
    pub fn propagate_counting(&mut self) -> Result<usize, (usize, Contradiction)> {
        let mut placed = 0;
        loop {
            let mut changed = false;
            for cell in 0..self.cells() {
                if self.state.placed[cell] {
                    continue;
                }
                let mask = self.state.masks[cell];
                if mask == 0 {
                    return Err((placed, Contradiction::EmptyCell(cell)));
                }
                if mask.count_ones() == 1 {
                    self.place(cell, mask.trailing_zeros() as u8 + 1);
                    placed += 1;
                    changed = true;
                }
            }
            let all = Candidates::all_digits(self.geometry.size());
            for unit in 0..self.geometry.units() {
                let mut once = 0u64;
                let mut twice = 0u64;
                for &cell in self.geometry.unit_cells(unit) {
                    let mask = self.state.masks[cell as usize];
                    twice |= once & mask;
                    once |= mask;
                }
                if once != all {
                    let digit = (all & !once).trailing_zeros() as u8 + 1;
                    return Err((placed, Contradiction::NoPlace(unit, digit)));
                }
                let singles = once & !twice & !self.state.unit_placed[unit];
                for digit in digits_of(singles) {
                    let cells = self.geometry.unit_cells(unit);
                    let Some(&cell) = cells
                        .iter()
                        .find(|&&cell| self.state.masks[cell as usize] & bit(digit) != 0)
                    else {
                        return Err((placed, Contradiction::NoPlace(unit, digit)));
                    };
                    if self.state.placed[cell as usize] {
                        // Placed with another digit since the counts.
                        continue;
                    }
                    self.place(cell as usize, digit);
                    placed += 1;
                    changed = true;
                }
            }
            if !changed {
                return match self.breakage() {
                    Some(contradiction) => Err((placed, contradiction)),
                    None => Ok(placed),
                };
            }
        }
    }

    /// The grid of the placed digits.
    pub fn placed_grid(&self) -> Grid {
        let mut grid = self.geometry.empty_grid();
        for cell in 0..self.cells() {
            if self.state.placed[cell] {
                grid.set(cell, self.state.masks[cell].trailing_zeros() as u8 + 1);
            }
        }
        grid
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::grid::Size;

    #[test]
    fn givens_strike_their_digit_from_their_peers() {
        let geometry = Geometry::classic(Size::NINE);
        let mut grid = Grid::empty(Size::NINE);
        grid.set(0, 5);
        let board = Board::of_grid(geometry, &grid).unwrap();
        assert!(!board.has(1, 5) && !board.has(9, 5) && !board.has(10, 5));
        assert!(board.has(40, 5));
        assert!(!board.sees(0, 5, 80, 5) && board.sees(0, 5, 8, 5));
        assert!(board.sees(3, 1, 3, 2));
        assert_eq!(board.state.open, 80);
    }

    #[test]
    fn propagation_solves_an_easy_grid_and_finds_a_clash() {
        let geometry = Geometry::classic(Size::FOUR);
        let grid: Grid = "1.23.341.132321.".parse().unwrap();
        let mut board = Board::of_grid(geometry, &grid).unwrap();
        assert!(board.propagate());
        assert_eq!(board.state.open, 0);
        assert!(board.placed_grid().is_solved());
        let mut board = Board::of_grid(geometry, &grid).unwrap();
        board.remove(1, 4);
        assert!(!board.propagate());
    }
}
