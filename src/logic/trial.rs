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
//!
//! The rules' steps in a trial are arc consistency on the relations of two
//! cells, common peer elimination (what sees every place of a digit in a
//! unit, through the rules too), the ways left to the rules given as
//! tables, and killer cages' combinations. Each looks only at what changed
//! since its last look: a trial starts from a position where none of them
//! strikes anything, as when every easier step failed.

use crate::logic::board::{bit, digits_of, Board, Contradiction};
use crate::logic::common_peers::{PeerLook, SeenTable};
use crate::logic::step::Step;
use crate::logic::table_ways::{self, WaysLeft};
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

/// Trials from one position: what each of the rules' looks found there
/// (the ways left to the rules given as tables, the candidates each look
/// last read), read once, and the copies a trial narrows.
pub struct Trials<'g> {
    /// Each rule given as tables, its tables, and where its cells start
    /// in `cells`.
    rules: Vec<(u32, Vec<&'g Table>, usize)>,
    /// The cells of each rule's tables, one rule after another.
    cells: Vec<usize>,
    /// What the position's candidates leave the rules.
    at_position: Quiet,
    /// What a trial's candidates leave them.
    in_trial: Quiet,
    /// Common peer elimination as the position leaves it, and in a trial.
    peers_at_position: PeerLook,
    peers_in_trial: PeerLook,
    /// What the placements the looks read see.
    seen: SeenTable,
    /// Arc consistency on the relations, as the position leaves it, and
    /// in a trial.
    relations_at_position: RelationLook,
    relations_in_trial: RelationLook,
    /// The buffers of the reads of the tables.
    scratch: table_ways::Scratch,
}

/// For each rule given as tables, the candidates its cells had when it last
/// struck nothing, and the ways of its tables its last read left. A rule
/// whose cells kept those candidates strikes nothing still (its step reads
/// them alone), so it is not read again; one whose cells lost some is read
/// from its ways left, which hold every way left now.
#[derive(Debug, Clone, Default)]
struct Quiet {
    /// The candidates of [`Trials::cells`].
    masks: Vec<u64>,
    /// The ways left of each rule's tables.
    ways: Vec<WaysLeft>,
}

impl<'g> Trials<'g> {
    /// Trials from `position`, where no look of the rules strikes anything
    /// (as when every easier step failed): from another position the
    /// trials are weaker, never wrong.
    pub fn at(position: &Board<'g>) -> Trials<'g> {
        let mut rules = Vec::new();
        let mut cells = Vec::new();
        let mut at_position = Quiet::default();
        for (rule, of_rule) in constraints::tables_by_rule(position.geometry.tables()) {
            let start = cells.len();
            for table in &of_rule {
                cells.extend(&table.cells);
            }
            at_position
                .ways
                .push(table_ways::ways_left(position, &of_rule));
            rules.push((rule, of_rule, start));
        }
        at_position.masks = cells.iter().map(|&cell| position.mask(cell)).collect();
        let peers_at_position = PeerLook::at(position);
        Trials {
            rules,
            cells,
            in_trial: at_position.clone(),
            at_position,
            peers_in_trial: peers_at_position.clone(),
            peers_at_position,
            seen: SeenTable::new(position),
            relations_in_trial: RelationLook::at(position),
            relations_at_position: RelationLook::at(position),
            scratch: table_ways::Scratch::default(),
        }
    }

    /// Places singles and applies the rules' steps on `board`, a copy of the
    /// position with an assumption made, until neither changes it: what the
    /// trial took, or where the position broke and after how much.
    pub fn follow(&mut self, board: &mut Board) -> Result<Followed, (Followed, Contradiction)> {
        let mut followed = Followed::default();
        self.in_trial.clone_from(&self.at_position);
        self.peers_in_trial.clone_from(&self.peers_at_position);
        self.relations_in_trial
            .clone_from(&self.relations_at_position);
        loop {
            match board.propagate_counting() {
                Ok(singles) => followed.singles += singles,
                Err((singles, contradiction)) => {
                    followed.singles += singles;
                    return Err((followed, contradiction));
                }
            }
            if self.relations_in_trial.strike(board)
                || self.peers_in_trial.strike(board, &mut self.seen)
            {
                followed.rule_steps += 1;
                continue;
            }
            let step = match self.first_table_step(board) {
                Some(step) => step,
                // Every rule given as tables has struck what it can here.
                None => match cages::combinations(board) {
                    Some(step) => step,
                    None => return Ok(followed),
                },
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

    /// The first step of a rule given as tables whose cells changed since
    /// it last struck nothing, in the order of the puzzle. Each rule read
    /// keeps the ways it left (ways left only shrink as the candidates do
    /// in a trial), and one that strikes nothing is marked quiet on the
    /// candidates of now.
    fn first_table_step(&mut self, board: &Board) -> Option<Step> {
        let quiet = &mut self.in_trial;
        for (index, (rule, of_rule, start)) in self.rules.iter().enumerate() {
            let end = self
                .rules
                .get(index + 1)
                .map_or(self.cells.len(), |next| next.2);
            let cells = &self.cells[*start..end];
            let masks = &mut quiet.masks[*start..end];
            if cells
                .iter()
                .zip(masks.iter())
                .all(|(&cell, &mask)| board.mask(cell) == mask)
            {
                continue;
            }
            let ways = &mut quiet.ways[index];
            table_ways::narrow(board, of_rule, ways, &mut self.scratch);
            if let Some(step) = constraints::rule_tables(board, *rule, of_rule, ways) {
                return Some(step);
            }
            for (mask, &cell) in masks.iter_mut().zip(cells) {
                *mask = board.mask(cell);
            }
        }
        None
    }
}

/// Arc consistency on the relations of two cells within a trial: only
/// the cells beside a cell whose candidates changed since the last look
/// are read.
#[derive(Debug, Clone, Default)]
struct RelationLook {
    /// The candidates at the last look, one mask a cell.
    masks: Vec<u64>,
    /// The candidates at the start of this look.
    now: Vec<u64>,
}

impl RelationLook {
    /// A look that takes the candidates of `board` as already looked at:
    /// a position where no rule's relation strikes anything.
    fn at(board: &Board) -> RelationLook {
        RelationLook {
            masks: board.state.masks.clone(),
            now: board.state.masks.clone(),
        }
    }

    /// Strikes every candidate of an open cell that no candidate of a cell
    /// a rule relates it to goes with (read from their tables of supports),
    /// among the cells related to one whose candidates changed since the
    /// last look; true when it struck one. This is what
    /// [`constraints::relation`] finds rule by rule, in one pass.
    fn strike(&mut self, board: &mut Board) -> bool {
        let relations = board.geometry.relations();
        let cells = relations.cells();
        if cells.is_empty() {
            return false;
        }
        self.now.clone_from(&board.state.masks);
        let mut struck = false;
        for (from, &cell) in cells.iter().enumerate() {
            let cell = cell as usize;
            if board.is_placed(cell) {
                continue;
            }
            let changed = relations.edges(from).any(|(target, _, _)| {
                let other = cells[target] as usize;
                self.now[other] != self.masks[other]
            });
            if !changed {
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
        std::mem::swap(&mut self.masks, &mut self.now);
        struck
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::board::bit;
    use crate::sudoku::candidates::Candidates;
    use crate::sudoku::constraints::Constraint;
    use crate::sudoku::grid::Size;
    use crate::sudoku::rules::Rules;
    use crate::sudoku::variants::Variant;

    /// The candidates of a 9x9 grid under `constraints`, every digit in
    /// every cell but those of `marked`, after the assumption `digit` in
    /// `cell`, followed; and what the trial took.
    fn followed_after(
        constraints: Vec<Constraint>,
        marked: &[(usize, u64)],
        assumed: (usize, u8),
    ) -> (Vec<u64>, Followed) {
        let rules = Rules {
            constraints,
            ..Rules::default()
        };
        followed_under(&rules, marked, assumed)
    }

    /// [`followed_after`] under `rules`.
    fn followed_under(
        rules: &Rules,
        marked: &[(usize, u64)],
        (cell, digit): (usize, u8),
    ) -> (Vec<u64>, Followed) {
        let geometry = rules.geometry(Size::NINE).unwrap();
        let mut marks = Candidates::full(Size::NINE);
        for &(cell, mask) in marked {
            marks.set_mask(cell, mask);
        }
        let mut board = Board::of_candidates(&geometry, &marks);
        let mut trials = Trials::at(&board);
        board.place(cell, digit);
        let followed = trials.follow(&mut board).unwrap();
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
    fn places_the_trial_leaves_a_digit_strike_what_sees_them_all() {
        // Non-consecutive, 5 in row 1 only in r1c1, r1c3 and r1c9. With 5
        // in r2c9, r1c9 loses it, and r1c2, beside both places left,
        // holds neither 4 nor 6; the 5s of box 1 off row 1 go too.
        let rules = Rules {
            variants: vec![Variant::NonConsecutive],
            ..Rules::default()
        };
        let all = 0x1ff;
        let marked: Vec<(usize, u64)> = [1, 3, 4, 5, 6, 7]
            .into_iter()
            .map(|cell| (cell, all & !bit(5)))
            .collect();
        let (masks, followed) = followed_under(&rules, &marked, (17, 5));
        assert_eq!(masks[8] & bit(5), 0);
        assert_eq!(masks[1] & (bit(4) | bit(6)), 0, "{:b}", masks[1]);
        for cell in [9, 10, 11, 18, 19, 20] {
            assert_eq!(masks[cell] & bit(5), 0, "cell {cell}");
        }
        assert!(followed.rule_steps >= 1, "{followed:?}");
        // Without the assumption, the three places leave r1c2 both.
        let (before, _) = followed_under(&rules, &marked, (80, 1));
        assert_eq!(before[1] & (bit(4) | bit(6)), bit(4) | bit(6));
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
