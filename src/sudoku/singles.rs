//! Filling the cells that simple logic forces: naked singles (a cell with one
//! candidate left) and hidden singles (a digit with one place left in a row,
//! column or box).
//!
//! These are the moves the dancing-links search makes without branching (an
//! item with one option), done here with bit masks, which is cheaper than
//! building a matrix. The generator uses them to prove most uniqueness checks
//! without a search, and the rating uses them to tell the easiest puzzles
//! apart. Every deduction is sound: a filled cell holds the same digit in
//! every solution of the puzzle.

use crate::sudoku::geometry::Geometry;
use crate::sudoku::grid::{Grid, Size};

mod nine;

/// Entries of the candidates of the general pass: one for every cell number
/// a `u16` can hold.
const CANDIDATE_SLOTS: usize = 1 << 16;

/// How far a pass of singles got.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Every cell is filled: the puzzle has exactly this one solution.
    Solved,
    /// No single is left, some cells are still blank.
    Stalled,
    /// A cell or a digit has no place left: the puzzle has no solution.
    Contradiction,
}

/// Reusable tables and buffers for passes of singles on grids of any size.
///
/// # Example
///
/// ```
/// use sudoku_dlx::{Grid, Singles, SinglesOutcome};
///
/// let mut grid: Grid = "1.23.341.132321.".parse().unwrap();
/// let mut singles = Singles::new();
/// assert_eq!(singles.fill(&mut grid, true), SinglesOutcome::Solved);
/// assert!(grid.is_solved());
/// ```
#[derive(Debug, Clone, Default)]
pub struct Singles {
    /// The digits placed in each unit, as bit masks.
    placed: Vec<u64>,
    /// Candidate digits of each blank cell as a bit mask; 0 once filled.
    /// The 9x9 pass keeps 256 entries, so that a cell number of one byte
    /// needs no bounds check; only the first `cells` mean anything.
    candidates: Vec<u64>,
    /// The 9x9 pass's own candidates and unit digits, in 32 bits, widened
    /// into `candidates` and `placed` after each pass.
    nine_candidates: Vec<u32>,
    nine_placed: Vec<u32>,
    /// The cells of the grid of the last fill.
    cells: usize,
    /// Cells that may have one candidate left.
    pending: Vec<u16>,
    /// The cells the pass must fill to succeed.
    wanted: Vec<bool>,
    /// How many of them are still blank.
    left: usize,
    /// Digits placed by the last fill.
    filled: usize,
    /// The digits the "at most once" groups of the givens rule out of each
    /// cell (geometries with groups only).
    blocked: Vec<u64>,
    /// The digits the givens place in each killer cage.
    cage_digits: Vec<u64>,
}

impl Singles {
    /// Empty tables; they are built for the first grid seen.
    pub fn new() -> Singles {
        Singles::default()
    }

    /// Fills `grid` with naked singles and, when `hidden` is true, hidden
    /// singles, until none is left.
    ///
    /// The givens of `grid` should obey the rules (see
    /// [`Grid::first_conflict`]); otherwise the outcome means nothing, though
    /// it is still safe to call.
    pub fn fill(&mut self, grid: &mut Grid, hidden: bool) -> Outcome {
        self.fill_in(Geometry::classic(grid.size()), grid, hidden)
    }

    /// [`Singles::fill`] on the units of `geometry`, whose size must be that
    /// of `grid`.
    pub fn fill_in(&mut self, geometry: &Geometry, grid: &mut Grid, hidden: bool) -> Outcome {
        self.run(geometry, grid, hidden, None)
            .unwrap_or(Outcome::Contradiction)
    }

    /// Like [`Singles::fill`] with hidden singles, but checks the givens
    /// first: returns `None`, with `grid` untouched, when a digit appears
    /// twice in a unit of `geometry` ([`Geometry::first_conflict`] names it).
    pub fn fill_checked(&mut self, geometry: &Geometry, grid: &mut Grid) -> Option<Outcome> {
        self.run(geometry, grid, true, None)
    }

    /// Like [`Singles::fill`] with hidden singles, but stops as soon as every
    /// cell of `cells` is filled, and then reports [`Outcome::Solved`]: those
    /// cells hold the same digits in every solution.
    pub fn fill_cells(&mut self, grid: &mut Grid, cells: &[u16]) -> Outcome {
        self.fill_cells_in(Geometry::classic(grid.size()), grid, cells)
    }

    /// [`Singles::fill_cells`] on the units and groups of `geometry`, whose
    /// size must be that of `grid`.
    pub fn fill_cells_in(
        &mut self,
        geometry: &Geometry,
        grid: &mut Grid,
        cells: &[u16],
    ) -> Outcome {
        self.run(geometry, grid, true, Some(cells))
            .unwrap_or(Outcome::Contradiction)
    }

    /// Fills singles until the wanted cells (all blanks when `wanted` is
    /// `None`) are filled or no single is left; `None` when two givens clash.
    fn run(
        &mut self,
        geometry: &Geometry,
        grid: &mut Grid,
        hidden: bool,
        wanted: Option<&[u16]>,
    ) -> Option<Outcome> {
        let size = grid.size();
        debug_assert_eq!(size, geometry.size());
        if size == Size::NINE && geometry.is_classic() && wanted.is_none() {
            return self.run_nine(grid, hidden);
        }
        let cells = grid.cells().len();
        debug_assert_eq!(cells, geometry.cells());
        self.cells = cells;
        let all = u64::MAX >> (64 - size.side());
        if !geometry.unit_digits(grid, &mut self.placed) {
            return None;
        }
        let has_groups = geometry.blocks_placements();
        if has_groups && !geometry.group_blocked(grid, &mut self.blocked) {
            return None;
        }
        // Cage mates are peers, which keeps the digits of a cage distinct;
        // sums are left to the search, but a grid filled here is checked.
        let cages = geometry.cages();
        if !cages.is_empty() && !cages.digits(grid, &mut self.cage_digits) {
            return None;
        }
        self.filled = 0;
        self.pending.clear();
        self.wanted.clear();
        self.wanted.resize(cells, wanted.is_none());
        for &cell in wanted.unwrap_or_default() {
            self.wanted[cell as usize] = true;
        }
        self.left = 0;
        // Indexed by cell numbers of type u16: with an entry for each, the
        // lookups of the peers and units need no bounds check, which took
        // a tenth off the time of generating 9x9 puzzles.
        if self.candidates.len() < CANDIDATE_SLOTS {
            self.candidates.resize(CANDIDATE_SLOTS, 0);
        }
        self.candidates[..cells].fill(0);
        for (cell, (&digit, candidates)) in
            grid.cells().iter().zip(&mut self.candidates).enumerate()
        {
            if digit == 0 {
                self.left += usize::from(self.wanted[cell]);
                let mut mask = all;
                for &unit in geometry.units_of(cell) {
                    mask &= !self.placed[unit as usize];
                }
                if has_groups {
                    mask &= !self.blocked[cell];
                }
                if let Some(cage) = cages.cage_of(cell) {
                    mask &= !self.cage_digits[cage];
                }
                if mask & mask.wrapping_sub(1) == 0 {
                    self.pending.push(cell as u16);
                }
                *candidates = mask;
            }
        }
        // Wanted cells last on the stack, so they are looked at first.
        for &cell in wanted.unwrap_or_default() {
            let mask = self.candidates[cell as usize];
            if mask & mask.wrapping_sub(1) == 0 {
                self.pending.push(cell);
            }
        }
        let outcome = self.propagate(geometry, grid, hidden, all);
        let broken = |grid: &Grid| {
            cages.first_wrong_sum(grid).is_some() || geometry.first_broken_table(grid).is_some()
        };
        if outcome == Outcome::Solved && broken(grid) {
            return Some(Outcome::Contradiction);
        }
        Some(outcome)
    }

    /// [`Singles::run`] for a 9x9 grid with every blank wanted, the case of
    /// the solver, on tables fixed at compile time. It reaches the same
    /// grid as the general pass: singles only ever add digits, so every
    /// order of placing them ends in the same place.
    fn run_nine(&mut self, grid: &mut Grid, hidden: bool) -> Option<Outcome> {
        let cells: &mut [u8; 81] = grid
            .cells_mut()
            .try_into()
            .expect("a 9x9 grid has 81 cells");
        self.nine_candidates.resize(256, 0);
        self.nine_placed.resize(27, 0);
        self.cells = 81;
        let candidates: &mut [u32; 256] = (&mut self.nine_candidates[..256])
            .try_into()
            .expect("256 entries");
        let placed: &mut [u32; 27] = (&mut self.nine_placed[..27]).try_into().expect("27 units");
        let (outcome, filled) = nine::fill(cells, candidates, placed, hidden)?;
        self.filled = filled;
        self.candidates.resize(self.candidates.len().max(81), 0);
        for (wide, &narrow) in self.candidates.iter_mut().zip(&candidates[..81]) {
            *wide = u64::from(narrow);
        }
        self.placed.clear();
        self.placed
            .extend(placed.iter().map(|&digits| u64::from(digits)));
        Some(outcome)
    }

    /// Places singles from the pending cells, and hidden singles when
    /// `hidden`, until the wanted cells are filled or none is left.
    fn propagate(
        &mut self,
        geometry: &Geometry,
        grid: &mut Grid,
        hidden: bool,
        all: u64,
    ) -> Outcome {
        loop {
            if self.left == 0 {
                return Outcome::Solved;
            }
            while let Some(cell) = self.pending.pop() {
                let cell = cell as usize;
                if grid.cells()[cell] != 0 {
                    continue;
                }
                let mask = self.candidates[cell];
                if mask == 0 {
                    return Outcome::Contradiction;
                }
                if mask & (mask - 1) == 0 {
                    if !self.place(geometry, grid, cell, mask) {
                        return Outcome::Contradiction;
                    }
                    if self.left == 0 {
                        return Outcome::Solved;
                    }
                }
            }
            if !hidden {
                return Outcome::Stalled;
            }
            match self.hidden_singles(geometry, grid, all) {
                None => return Outcome::Contradiction,
                Some(0) => return Outcome::Stalled,
                Some(_) => {}
            }
        }
    }

    /// The candidate digits of each cell after the last [`Singles::fill`], as
    /// bit masks (bit `d - 1` for digit `d`); 0 for a filled cell.
    pub fn candidates(&self) -> &[u64] {
        &self.candidates[..self.cells]
    }

    /// Every entry of the candidates, one for each possible cell number.
    fn all_candidates(&self) -> &[u64; CANDIDATE_SLOTS] {
        (&self.candidates[..CANDIDATE_SLOTS])
            .try_into()
            .expect("run makes an entry for every u16")
    }

    /// How many digits the last fill placed.
    pub fn placed(&self) -> usize {
        self.filled
    }

    /// The digits placed in each unit after the last fill, as bit masks, in
    /// the order of the units of the geometry.
    pub fn unit_digits(&self) -> &[u64] {
        &self.placed
    }

    /// Places every hidden single found in one sweep of the units. Returns
    /// how many were placed, or `None` on a contradiction.
    fn hidden_singles(&mut self, geometry: &Geometry, grid: &mut Grid, all: u64) -> Option<usize> {
        let n = grid.size().side();
        let mut placed = 0;
        for unit in 0..geometry.units() {
            let filled = self.placed[unit];
            let cells = geometry.unit_cells(unit);
            // A unit length the compiler knows lets it unroll the loop.
            let candidates = self.all_candidates();
            let (once, twice) = match n {
                4 => once_twice(&cells[..4], candidates),
                9 => once_twice(&cells[..9], candidates),
                16 => once_twice(&cells[..16], candidates),
                _ => once_twice(cells, candidates),
            };
            if (once | filled) != all {
                return None;
            }
            let mut singles = once & !twice & !filled;
            while singles != 0 {
                let bit = singles & singles.wrapping_neg();
                singles &= singles - 1;
                let Some(&cell) = cells
                    .iter()
                    .find(|&&c| self.all_candidates()[c as usize] & bit != 0)
                else {
                    // An earlier placement in this sweep took its place.
                    return None;
                };
                if !self.place(geometry, grid, cell as usize, bit) {
                    return None;
                }
                placed += 1;
            }
        }
        Some(placed)
    }

    /// Writes the digit of `bit` in `cell` and strikes it from the peers.
    /// Returns false when a peer is left with no candidate.
    fn place(&mut self, geometry: &Geometry, grid: &mut Grid, cell: usize, bit: u64) -> bool {
        grid.set(cell, bit.trailing_zeros() as u8 + 1);
        self.candidates[cell] = 0;
        self.filled += 1;
        self.left -= usize::from(self.wanted[cell]);
        for &unit in geometry.units_of(cell) {
            self.placed[unit as usize] |= bit;
        }
        let candidates: &mut [u64; CANDIDATE_SLOTS] = (&mut self.candidates[..CANDIDATE_SLOTS])
            .try_into()
            .expect("run makes an entry for every u16");
        for &peer in geometry.peers_of(cell) {
            let mask = &mut candidates[peer as usize];
            if *mask & bit != 0 {
                *mask ^= bit;
                if *mask & mask.wrapping_sub(1) == 0 {
                    if *mask == 0 {
                        return false;
                    }
                    self.pending.push(peer);
                }
            }
        }
        if geometry.groups() == 0 {
            return true;
        }
        let digit = bit.trailing_zeros() as u8 + 1;
        for &group in geometry.groups_of(cell, digit) {
            for &other in geometry.group_placements(group as usize) {
                let n = geometry.side();
                let (other_cell, other_bit) = (other as usize / n, 1 << (other as usize % n));
                let mask = &mut candidates[other_cell & 0xffff];
                if other_cell == cell || *mask & other_bit == 0 {
                    continue;
                }
                *mask ^= other_bit;
                if *mask & mask.wrapping_sub(1) == 0 {
                    if *mask == 0 {
                        return false;
                    }
                    self.pending.push(other_cell as u16);
                }
            }
        }
        true
    }
}

/// The digits in the candidates of one cell of `cells` or more, and in those
/// of two cells or more.
#[inline(always)]
fn once_twice(cells: &[u16], candidates: &[u64; CANDIDATE_SLOTS]) -> (u64, u64) {
    let (mut once, mut twice) = (0u64, 0u64);
    for &cell in cells {
        let mask = candidates[cell as usize];
        twice |= once & mask;
        once |= mask;
    }
    (once, twice)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Solver;

    const EASY: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    const INKALA: &str =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

    #[test]
    fn an_easy_puzzle_falls_to_singles_and_matches_the_search() {
        let puzzle: Grid = EASY.parse().unwrap();
        let mut grid = puzzle.clone();
        assert_eq!(Singles::new().fill(&mut grid, true), Outcome::Solved);
        let solution = Solver::new().first_solution(&puzzle).unwrap().unwrap();
        assert_eq!(grid, solution);
    }

    #[test]
    fn a_hard_puzzle_stalls_keeping_only_true_digits() {
        let puzzle: Grid = INKALA.parse().unwrap();
        let solution = Solver::new().first_solution(&puzzle).unwrap().unwrap();
        let mut grid = puzzle.clone();
        let mut singles = Singles::new();
        assert_eq!(singles.fill(&mut grid, true), Outcome::Stalled);
        assert!(!grid.is_complete());
        assert!(solution.keeps_givens_of(&grid));
        // Naked singles alone get no further than with hidden ones.
        let mut naked = puzzle.clone();
        assert_eq!(singles.fill(&mut naked, false), Outcome::Stalled);
        assert!(grid.keeps_givens_of(&naked));
    }

    #[test]
    fn contradictions_are_found() {
        // Row 1 needs a 4 in its last cell, but column 4 already has one.
        let mut grid: Grid = "123....4........".parse().unwrap();
        assert_eq!(Singles::new().fill(&mut grid, true), Outcome::Contradiction);
    }

    #[test]
    fn the_nine_by_nine_pass_agrees_with_the_general_one() {
        // Wanting every blank cell takes the general pass, which then does
        // what the 9x9 pass does for `fill`.
        let solution = Solver::new()
            .first_solution(&EASY.parse().unwrap())
            .unwrap()
            .unwrap();
        let mut rng = crate::sudoku::random::Rng::from_seed(17);
        let mut singles = Singles::new();
        let mut outcomes = [0; 3];
        for round in 0..3000 {
            let mut puzzle = solution.clone();
            for _ in 0..40 + round % 35 {
                puzzle.set(rng.below(81), 0);
            }
            // Some puzzles get a wrong digit that breaks no rule, for
            // contradictions.
            if round % 2 == 0 {
                let cell = rng.below(81);
                if puzzle.cells()[cell] == 0 {
                    for digit in (1..=9).filter(|&d| d != solution.cells()[cell]) {
                        puzzle.set(cell, digit);
                        if puzzle.first_conflict().is_none() {
                            break;
                        }
                        puzzle.set(cell, 0);
                    }
                }
            }
            let blanks: Vec<u16> = (0..81)
                .filter(|&cell| puzzle.cells()[cell] == 0)
                .map(|cell| cell as u16)
                .collect();
            let mut general = puzzle.clone();
            let expected = singles.fill_cells(&mut general, &blanks);
            let (candidates, units) = (
                singles.candidates().to_vec(),
                singles.unit_digits().to_vec(),
            );
            let mut nine = puzzle.clone();
            let outcome = singles.fill(&mut nine, true);
            assert_eq!(outcome, expected, "{puzzle:?}");
            outcomes[outcome as usize] += 1;
            if outcome != Outcome::Contradiction {
                assert_eq!(nine, general);
                assert_eq!(singles.candidates(), candidates);
                assert_eq!(singles.unit_digits(), units);
            }
        }
        assert!(outcomes.iter().all(|&count| count > 100), "{outcomes:?}");
    }

    #[test]
    fn every_size_is_served_by_one_value() {
        let mut singles = Singles::new();
        for size in Size::all().filter(|size| size.side() <= 25) {
            let solution = Solver::new()
                .first_solution(&Grid::empty(size))
                .unwrap()
                .unwrap();
            let mut grid = solution.clone();
            // Blank one cell of each row: each is then a naked single.
            for row in 0..size.side() {
                grid.set(row * size.side() + (row * 7) % size.side(), 0);
            }
            assert_eq!(singles.fill(&mut grid, false), Outcome::Solved, "{size}");
            assert_eq!(grid, solution);
        }
    }
}
