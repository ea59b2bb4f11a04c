//! Following an assumption on a copy of the board: singles, and the steps
//! of the rules beyond "once per unit", again and again until nothing more
//! follows or the position breaks.
//!
//! The Nishio forcing chain and the forcing chains assume a candidate and
//! look at what follows. On a classic grid that is singles alone; on a grid
//! with rules, a sum or a relation often strikes what makes the next single
//! (a cell beside a dot, a cage left one way to fill it), so a trial that
//! stopped at singles would miss most of what a player following the same
//! assumption sees, and the path would guess where a short chain does.

use crate::logic::board::{bit, digits_of, Board, Contradiction};
use crate::logic::step::Step;
use crate::logic::{cages, constraints};
use crate::sudoku::geometry::Table;

/// What a trial took: singles placed, and steps of the rules.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Followed {
    /// Naked and hidden singles placed.
    pub singles: usize,
    /// Steps of the rules (a relation, a table, a cage's combinations).
    pub rule_steps: usize,
}

impl Followed {
    /// `5 singles`, or `5 singles and 2 steps of the rules`.
    pub fn describe(self) -> String {
        let singles = match self.singles {
            1 => "1 single".to_string(),
            n => format!("{n} singles"),
        };
        match self.rule_steps {
            0 => singles,
            1 => format!("{singles} and 1 step of the rules"),
            n => format!("{singles} and {n} steps of the rules"),
        }
    }
}

/// Places singles and applies the rules' steps on `board` until neither
/// changes it: what the trial took, or where the position broke and after
/// how much. `base` holds the candidates of the position the trial started
/// from, one mask a cell, where the rules given as tables struck nothing
/// (as when every easier step failed): a rule none of whose cells has
/// changed since they last struck nothing is not read again. From another
/// position the trial is weaker, never wrong.
pub fn follow(board: &mut Board, base: &[u64]) -> Result<Followed, (Followed, Contradiction)> {
    let mut followed = Followed::default();
    let mut settled = base.to_vec();
    loop {
        match board.propagate_counting() {
            Ok(singles) => followed.singles += singles,
            Err((singles, contradiction)) => {
                followed.singles += singles;
                return Err((followed, contradiction));
            }
        }
        if strike_unsupported(board) {
            followed.rule_steps += 1;
            continue;
        }
        let step = match tables_step(board, &settled) {
            Some(step) => step,
            None => {
                // Every rule given as tables has struck what it can here.
                settled.clone_from(&board.state.masks);
                match cages::combinations(board) {
                    Some(step) => step,
                    None => return Ok(followed),
                }
            }
        };
        followed.rule_steps += 1;
        for &(cell, digit) in &step.placements {
            board.place(cell, digit);
        }
        for &(cell, digit) in &step.eliminations {
            board.remove(cell, digit);
        }
    }
}

/// Strikes every candidate of an open cell that no candidate of a cell a
/// rule relates it to goes with (arc consistency on the relations of two
/// cells, read from their tables of supports); true when it struck one.
/// This is what [`constraints::relation`] finds rule by rule, in one pass.
fn strike_unsupported(board: &mut Board) -> bool {
    let relations = board.geometry.relations();
    let cells = relations.cells();
    let mut struck = false;
    for (from, &cell) in cells.iter().enumerate() {
        let cell = cell as usize;
        if board.is_placed(cell) {
            continue;
        }
        let before = board.mask(cell);
        let mut mask = before;
        for (target, _, supports) in relations.edges(from) {
            let other = board.mask(cells[target] as usize);
            for digit in digits_of(mask) {
                if other & supports[digit as usize - 1] == 0 {
                    mask &= !bit(digit);
                }
            }
        }
        if mask != before {
            board.state.masks[cell] = mask;
            struck = true;
        }
    }
    struck
}

/// The first step of a rule given as tables, among those with a cell whose
/// candidates differ from `settled`.
fn tables_step(board: &Board, settled: &[u64]) -> Option<Step> {
    if board.geometry.tables().is_empty() {
        return None;
    }
    let changed = |table: &Table| {
        table
            .cells
            .iter()
            .any(|&cell| board.mask(cell) != settled[cell])
    };
    constraints::tables_among(board, changed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::board::bit;
    use crate::sudoku::candidates::Candidates;
    use crate::sudoku::constraints::Constraint;
    use crate::sudoku::grid::Size;
    use crate::sudoku::rules::Rules;

    /// The candidates of a 9x9 grid under `constraints`, every digit in
    /// every cell but those of `marked`, after the assumption `digit` in
    /// `cell`, followed; and what the trial took.
    fn followed_after(
        constraints: Vec<Constraint>,
        marked: &[(usize, u64)],
        (cell, digit): (usize, u8),
    ) -> (Vec<u64>, Followed) {
        let rules = Rules {
            constraints,
            ..Rules::default()
        };
        let geometry = rules.geometry(Size::NINE).unwrap();
        let mut marks = Candidates::full(Size::NINE);
        for &(cell, mask) in marked {
            marks.set_mask(cell, mask);
        }
        let mut board = Board::of_candidates(&geometry, &marks);
        let base = board.state.masks.clone();
        board.place(cell, digit);
        let followed = follow(&mut board, &base).unwrap();
        (board.state.masks, followed)
    }

    #[test]
    fn a_relation_takes_part_in_the_trial() {
        // A white dot of difference 1 on r1c1-r1c2, and r1c1 marked 1, 3
        // or 9: with 3 in r1c4, r1c1 keeps 1 and 9, so r1c2 keeps 2 and 8.
        let dot = Constraint::WhiteDot {
            cells: [0, 1],
            difference: 1,
        };
        let marked = [(0, bit(1) | bit(3) | bit(9))];
        let (masks, followed) = followed_after(vec![dot], &marked, (3, 3));
        assert_eq!(masks[0], bit(1) | bit(9));
        assert_eq!(masks[1], bit(2) | bit(8));
        assert!(followed.rule_steps >= 1, "{followed:?}");
    }

    #[test]
    fn a_rule_of_tables_narrows_the_trial() {
        // A little killer of 6 down r1c3, r2c4 and r3c5 (the last two in
        // one box): with 3 in r1c3, the others hold 1 and 2, though they
        // do not see it (here through the pairs the sum implies, which
        // the placement strikes).
        let killer = Constraint::LittleKiller {
            cells: vec![2, 12, 22],
            sum: 6,
        };
        let (masks, followed) = followed_after(vec![killer], &[], (2, 3));
        assert_eq!(masks[12], bit(1) | bit(2));
        assert_eq!(masks[22], bit(1) | bit(2));
        assert_eq!(followed.singles, 0);
    }

    #[test]
    fn on_a_classic_grid_the_trial_is_singles() {
        let (masks, followed) = followed_after(Vec::new(), &[], (0, 1));
        assert_eq!(followed.rule_steps, 0);
        assert_eq!(masks[0], bit(1));
        assert_eq!(masks[1] & bit(1), 0);
    }

    #[test]
    fn a_trial_tells_what_it_took() {
        let took = |singles, rule_steps| {
            Followed {
                singles,
                rule_steps,
            }
            .describe()
        };
        assert_eq!(took(1, 0), "1 single");
        assert_eq!(took(5, 1), "5 singles and 1 step of the rules");
        assert_eq!(took(0, 2), "0 singles and 2 steps of the rules");
    }
}
