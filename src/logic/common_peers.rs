//! Common peer elimination: locked candidates for the rules that tie cells
//! beyond their units.
//!
//! A digit goes once in each unit, so it stands in one of its places there;
//! a candidate that sees every one of those places (shares an item with
//! each: a unit, a killer cage, a group of a rule such as non-consecutive
//! or anti-knight) is false. On the units alone this is locked candidates,
//! which comes first; with rules a place may see a candidate through the
//! rule, so the candidates struck may lie anywhere, and may be other
//! digits (beside two places of 5 in a non-consecutive grid, a cell next
//! to both cannot hold 4 or 6).

use crate::logic::board::{digits_of, placement, Board};
use crate::logic::step::Step;
use crate::logic::technique::Technique;
use crate::sudoku::candidates::Candidates;

/// The first (unit, digit), units in order, whose places (two or more)
/// are all seen by some open candidate that is not one of them; strikes
/// every such candidate. `None` on a geometry of units alone, where
/// locked candidates find the same.
pub fn common_peers(board: &Board) -> Option<Step> {
    let geometry = board.geometry;
    if geometry.groups() == 0 && geometry.cages().is_empty() {
        return None;
    }
    let all = Candidates::all_digits(geometry.size());
    let mut table = SeenTable::new(board);
    // A bit set of placements (`cell * side + digit - 1`): what every place
    // sees.
    let mut common = vec![0u64; table.words];
    for unit in 0..geometry.units() {
        let cells = geometry.unit_cells(unit);
        for digit in digits_of(all & !board.state.unit_placed[unit]) {
            let places: Vec<usize> = digits_of(board.positions(unit, digit))
                .map(|k| usize::from(cells[usize::from(k) - 1]))
                .collect();
            if places.len() < 2 {
                continue;
            }
            table.seen_by_all(board, digit, places.iter().copied(), &mut common);
            let struck = open_candidates(board, &common);
            if struck.is_empty() {
                continue;
            }
            let mut step = Step::new(Technique::CommonPeer, board.frame());
            step.clue = format!(
                "{digit} in {} goes in {}, which all see these",
                geometry.kind(unit),
                step.cell_names(&places, " or ")
            );
            step.eliminations = struck;
            return Some(step);
        }
    }
    None
}

/// The most places of a digit in a unit that a trial's look reads: what
/// four places or more all see beyond their unit is seldom anything.
const MOST_PLACES: u32 = 3;

/// Common peer elimination within a trial, where the same position is
/// looked at again and again: only the digits whose places in a unit
/// changed since the last look are read, and every candidate found is
/// struck at once.
#[derive(Debug, Clone, Default)]
pub struct PeerLook {
    /// The candidates at the last look, one mask a cell.
    masks: Vec<u64>,
    /// A bit set of placements: what every place so far sees.
    common: Vec<u64>,
}

/// What each placement sees, as a bit set of placements, made the first
/// time it is asked for and kept: the looks of every trial from a position
/// ask for the same few.
#[derive(Debug, Clone, Default)]
pub struct SeenTable {
    /// Where each placement's set starts in `sets`, or `u32::MAX`.
    starts: Vec<u32>,
    /// The sets made so far, one after another.
    sets: Vec<u64>,
    /// The words of a set.
    words: usize,
    /// A set made without keeping it, once `sets` holds `most_words`.
    scratch: Vec<u64>,
    /// The most words `sets` keeps ([`MOST_SEEN_WORDS`]).
    most_words: usize,
}

/// The most words the sets of a [`SeenTable`] keep (8 MB): on the widest
/// grids each set is hundreds of words, and a position could ask for
/// thousands; past this, a set is made each time it is asked for.
const MOST_SEEN_WORDS: usize = 1 << 20;

impl SeenTable {
    /// An empty table for the placements of `board`'s geometry.
    pub fn new(board: &Board) -> SeenTable {
        SeenTable::keeping(board, MOST_SEEN_WORDS)
    }

    /// An empty table that keeps at most `most_words` words of sets.
    fn keeping(board: &Board, most_words: usize) -> SeenTable {
        let words = (board.cells() * board.side).div_ceil(64);
        SeenTable {
            starts: vec![u32::MAX; board.cells() * board.side],
            sets: Vec::new(),
            words,
            scratch: vec![0; words],
            most_words,
        }
    }

    /// The placements `digit` in `cell` sees ([`mark_seen`]).
    fn seen(&mut self, board: &Board, cell: usize, digit: u8) -> &[u64] {
        let at = placement(board.side, cell, digit);
        if self.starts[at] == u32::MAX {
            if self.sets.len() + self.words > self.most_words {
                mark_seen(board, cell, digit, &mut self.scratch);
                return &self.scratch;
            }
            let start = self.sets.len();
            self.sets.resize(start + self.words, 0);
            mark_seen(board, cell, digit, &mut self.sets[start..]);
            self.starts[at] = start as u32;
        }
        let start = self.starts[at] as usize;
        &self.sets[start..start + self.words]
    }

    /// Writes into `common` the placements that `digit` in each cell of
    /// `places` (one or more) sees, stopping once none is left.
    fn seen_by_all(
        &mut self,
        board: &Board,
        digit: u8,
        mut places: impl Iterator<Item = usize>,
        common: &mut [u64],
    ) {
        let first = places.next().expect("a place");
        common.copy_from_slice(self.seen(board, first, digit));
        for place in places {
            let mut any = 0;
            for (common, seen) in common.iter_mut().zip(self.seen(board, place, digit)) {
                *common &= seen;
                any |= *common;
            }
            if any == 0 {
                return;
            }
        }
    }
}

impl PeerLook {
    /// A look that takes the candidates of `board` as already looked at:
    /// a position where common peer elimination strikes nothing.
    pub fn at(board: &Board) -> PeerLook {
        let words = (board.cells() * board.side).div_ceil(64);
        PeerLook {
            masks: board.state.masks.clone(),
            common: vec![0; words],
        }
    }

    /// Strikes every open candidate that sees each place of a digit in a
    /// unit where the digit's places (two or more) changed since the last
    /// look; true when it struck one. Places that did not change strike
    /// nothing new: what they all see was struck at an earlier look.
    pub fn strike(&mut self, board: &mut Board, table: &mut SeenTable) -> bool {
        let geometry = board.geometry;
        if geometry.groups() == 0 && geometry.cages().is_empty() {
            return false;
        }
        let all = Candidates::all_digits(geometry.size());
        let mut struck = Vec::new();
        for unit in 0..geometry.units() {
            let cells = geometry.unit_cells(unit);
            // The digits that lost a place in the unit.
            let changed = cells.iter().fold(0, |changed, &cell| {
                let cell = usize::from(cell);
                changed | (board.mask(cell) ^ self.masks[cell])
            });
            for digit in digits_of(changed & all & !board.state.unit_placed[unit]) {
                let now = board.positions(unit, digit);
                if !(2..=MOST_PLACES).contains(&now.count_ones()) {
                    continue;
                }
                let places = digits_of(now).map(|k| usize::from(cells[usize::from(k) - 1]));
                table.seen_by_all(board, digit, places, &mut self.common);
                struck.extend(open_candidates(board, &self.common));
            }
        }
        self.masks.clone_from(&board.state.masks);
        for &(cell, digit) in &struck {
            board.remove(cell, digit);
        }
        !struck.is_empty()
    }
}

/// Writes into `seen` (a bit set of placements, cleared first) the
/// placements that `digit` in `cell` sees: the digit in the cell's peers,
/// the cell's other digits, and the placements its groups forbid with it.
fn mark_seen(board: &Board, cell: usize, digit: u8, seen: &mut [u64]) {
    let geometry = board.geometry;
    let side = board.side;
    let own = placement(side, cell, digit);
    seen.fill(0);
    let mut mark = |at: usize| seen[at / 64] |= 1 << (at % 64);
    for &peer in geometry.peers_of(cell) {
        mark(placement(side, usize::from(peer), digit));
    }
    for other in 0..side {
        mark(cell * side + other);
    }
    for &group in geometry.groups_of(cell, digit) {
        for &partner in geometry.group_placements(group as usize) {
            mark(partner as usize);
        }
    }
    seen[own / 64] &= !(1 << (own % 64));
}

/// The candidates of open cells among the placements of `set`, in order.
fn open_candidates(board: &Board, set: &[u64]) -> Vec<(usize, u8)> {
    let side = board.side;
    let mut found = Vec::new();
    for (word, &bits) in set.iter().enumerate() {
        let mut rest = bits;
        while rest != 0 {
            let at = word * 64 + rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let (cell, digit) = (at / side, (at % side) as u8 + 1);
            if !board.is_placed(cell) && board.has(cell, digit) {
                found.push((cell, digit));
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::geometry::Geometry;
    use crate::sudoku::grid::{Grid, Size};
    use crate::sudoku::rules::Rules;
    use crate::sudoku::variants::Variant;

    /// The 9x9 geometry of the non-consecutive rule.
    fn non_consecutive() -> Geometry {
        let rules = Rules {
            variants: vec![Variant::NonConsecutive],
            ..Rules::default()
        };
        rules.geometry(Size::NINE).unwrap()
    }

    #[test]
    fn the_seen_table_gives_what_each_placement_sees_kept_or_not() {
        let geometry = non_consecutive();
        let board = Board::of_grid(&geometry, &Grid::empty(Size::NINE)).unwrap();
        let words = (81 * 9usize).div_ceil(64);
        // Room for two sets: the third and later are made each time.
        let mut table = SeenTable::keeping(&board, 2 * words);
        let mut expected = vec![0u64; words];
        for round in 0..2 {
            for (cell, digit) in [(0, 5), (40, 1), (80, 9), (0, 5), (13, 4)] {
                mark_seen(&board, cell, digit, &mut expected);
                let seen = table.seen(&board, cell, digit);
                assert_eq!(
                    seen,
                    &expected[..],
                    "round {round}: r{}c{} {digit}",
                    cell / 9 + 1,
                    cell % 9 + 1
                );
            }
        }
        assert_eq!(table.sets.len(), 2 * words);
        // A 5 in r1c1 sees 4 and 6 beside it, through the rule.
        let at = |cell: usize, digit: u8| placement(9, cell, digit);
        let seen = table.seen(&board, 0, 5).to_vec();
        for (cell, digit) in [(1, 4), (1, 6), (9, 4), (9, 6), (80, 5)] {
            let bit = seen[at(cell, digit) / 64] >> (at(cell, digit) % 64) & 1;
            assert_eq!(
                bit,
                u64::from(cell != 80),
                "r{}c{} {digit}",
                cell / 9 + 1,
                cell % 9 + 1
            );
        }
    }

    #[test]
    fn two_places_of_a_digit_strike_the_digits_one_apart_beside_both() {
        // Non-consecutive: 5 in row 1 only in r1c1 and r1c3. r1c2 sits
        // beside both, so it holds neither 4 nor 6.
        let geometry = non_consecutive();
        let mut board = Board::of_grid(&geometry, &Grid::empty(Size::NINE)).unwrap();
        for cell in [1, 3, 4, 5, 6, 7, 8] {
            board.remove(cell, 5);
        }
        let step = common_peers(&board).expect("the places see r1c2");
        assert_eq!(step.technique, Technique::CommonPeer);
        assert_eq!(
            step.clue,
            "5 in row 1 goes in r1c1 or r1c3, which all see these"
        );
        // The 5s of box 1 other than the row's, which both places see as
        // box peers, and r1c2's 4 and 6.
        let mut expected = vec![
            (1, 4),
            (1, 6),
            (9, 5),
            (10, 5),
            (11, 5),
            (18, 5),
            (19, 5),
            (20, 5),
        ];
        expected.sort_unstable();
        assert_eq!(step.eliminations, expected);
    }

    #[test]
    fn a_grid_of_units_alone_is_left_to_locked_candidates() {
        let geometry = crate::sudoku::geometry::Geometry::classic(Size::NINE);
        let mut board = Board::of_grid(geometry, &Grid::empty(Size::NINE)).unwrap();
        for cell in [1, 3, 4, 5, 6, 7, 8] {
            board.remove(cell, 5);
        }
        assert_eq!(common_peers(&board), None);
    }
}
