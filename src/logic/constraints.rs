//! The logic of the rules beyond "once per unit" (thermometers, dots,
//! lines, marked cells), stated on what they compile to: placements a rule
//! forbids outright, and pairs of placements it forbids together.
//!
//! * [`forbidden`]: the steps that say, rule by rule, which candidates a
//!   rule rules out before any digit is placed (an odd cell's even digits,
//!   the digits too large for a thermometer's bulb);
//! * [`relation`]: a candidate of one cell that no candidate left in a
//!   cell the rule ties it to allows (a cell beside a white dot whose
//!   neighbour keeps only 7 and 9 can only hold 6 or 8).
//!
//! * [`tables`]: a candidate that no way of a rule's tables left by the
//!   candidates gives its cell (an arrow, a quadruple, a sandwich; a little
//!   killer's or a region-sum line's pieces, whose ways must also agree on
//!   the running sums they share).
//!
//! All name the rule, so that each rule has a step of its own.

use crate::logic::board::{digits_of, Board};
use crate::logic::step::Step;
use crate::logic::table_ways::{self, WaysLeft};
use crate::logic::technique::Technique;
use crate::sudoku::geometry::{Table, NO_RULE};

/// One step per rule that forbids placements outright in open cells,
/// striking them; empty for a geometry without such rules.
pub fn forbidden(board: &Board) -> Vec<Step> {
    let geometry = board.geometry;
    let mut steps: Vec<(usize, Step)> = Vec::new();
    for &(cell, digit, rule) in geometry.forbidden_placements() {
        if board.is_placed(cell) {
            continue;
        }
        let rule = rule as usize;
        let index = match steps.iter().position(|(number, _)| *number == rule) {
            Some(index) => index,
            None => {
                let mut step = Step::new(Technique::ConstraintRule, board.frame());
                step.clue = format!("{} forbids these digits", geometry.rules()[rule]);
                steps.push((rule, step));
                steps.len() - 1
            }
        };
        let eliminations = &mut steps[index].1.eliminations;
        if !eliminations.contains(&(cell, digit)) {
            eliminations.push((cell, digit));
        }
    }
    steps.into_iter().map(|(_, step)| step).collect()
}

/// The first rule (in the order of the puzzle) under which some candidate
/// of an open cell has no partner left: a cell tied to it by the rule
/// whose every candidate the rule forbids together with it. Strikes every
/// such candidate of that rule.
pub fn relation(board: &Board) -> Option<Step> {
    let geometry = board.geometry;
    if geometry.rules().is_empty() {
        return None;
    }
    let side = board.side;
    let mut found: Option<(usize, Step)> = None;
    for group in 0..geometry.groups() {
        let Some(rule) = geometry.group_rule_number(group) else {
            continue;
        };
        if found.as_ref().is_some_and(|(number, _)| *number != rule) {
            break;
        }
        // A rule's group is a pair, or a star: its first placement with
        // digits of one other cell.
        let placements = geometry.group_placements(group);
        let (centre, others) = (placements[0] as usize / side, placements[1] as usize / side);
        for (k, &target) in placements.iter().enumerate() {
            let (cell, digit) = (target as usize / side, (target as usize % side) as u8 + 1);
            let partner = if k == 0 { others } else { centre };
            if board.is_placed(cell) || !board.has(cell, digit) || board.is_placed(partner) {
                continue;
            }
            let supported = digits_of(board.mask(partner))
                .any(|candidate| !board.sees(partner, candidate, cell, digit));
            if supported {
                continue;
            }
            let (_, step) = found.get_or_insert_with(|| {
                let mut step = Step::new(Technique::ConstraintRule, board.frame());
                step.clue = format!("{}", geometry.rules()[rule]);
                (rule, step)
            });
            if !step.eliminations.contains(&(cell, digit)) {
                step.eliminations.push((cell, digit));
            }
        }
    }
    let (_, mut step) = found?;
    step.eliminations.sort_unstable();
    step.clue = format!("{} leaves these no partner", step.clue);
    Some(step)
}

/// The first rule (in the order of the puzzle) given as tables under which
/// a candidate of an open cell is in no way left ([`table_ways`]). Strikes
/// every such candidate of the rule.
pub fn tables(board: &Board) -> Option<Step> {
    tables_by_rule(board.geometry.tables())
        .into_iter()
        .find_map(|(rule, of_rule)| {
            let left = table_ways::ways_left(board, &of_rule);
            rule_tables(board, rule, &of_rule, &left)
        })
}

/// The tables of each rule given as tables, rules in the order of the
/// puzzle; the tables of no rule (what killer cages imply, for the search)
/// are not a rule's and are left out.
pub fn tables_by_rule(tables: &[Table]) -> Vec<(u32, Vec<&Table>)> {
    let mut rules: Vec<u32> = tables
        .iter()
        .map(|table| table.rule)
        .filter(|&rule| rule != NO_RULE)
        .collect();
    rules.sort_unstable();
    rules.dedup();
    rules
        .into_iter()
        .map(|rule| (rule, tables.iter().filter(|t| t.rule == rule).collect()))
        .collect()
}

/// The step of one rule given as tables, `of_rule` (all its tables), whose
/// ways `left` the candidates leave: the candidates of open cells that no
/// way left gives, struck; `None` when there are none.
pub fn rule_tables(board: &Board, rule: u32, of_rule: &[&Table], left: &WaysLeft) -> Option<Step> {
    let mut step: Option<Step> = None;
    for (table, left) in of_rule.iter().zip(left) {
        let given = table_ways::digits_given(table, left);
        for (&cell, &given) in table.cells.iter().zip(&given) {
            if board.is_placed(cell) {
                continue;
            }
            for digit in digits_of(board.mask(cell) & !given) {
                let step = step.get_or_insert_with(|| {
                    let mut step = Step::new(Technique::ConstraintRule, board.frame());
                    step.clue = format!(
                        "{} leaves these in no way to fill it",
                        board.geometry.rules()[rule as usize]
                    );
                    step
                });
                if !step.eliminations.contains(&(cell, digit)) {
                    step.eliminations.push((cell, digit));
                }
            }
        }
    }
    let mut step = step?;
    step.eliminations.sort_unstable();
    Some(step)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::constraint_kind::ConstraintKind;
    use crate::sudoku::constraints::Constraint;
    use crate::sudoku::grid::{Grid, Size, Unit};
    use crate::sudoku::rules::Rules;

    #[test]
    fn a_thermometer_bounds_its_cells_before_the_first_step() {
        let rules = Rules {
            constraints: vec![Constraint::Thermometer(vec![0, 1, 2])],
            ..Rules::default()
        };
        let geometry = rules.geometry(Size::NINE).unwrap();
        let board = Board::of_grid(&geometry, &Grid::empty(Size::NINE)).unwrap();
        let opening = forbidden(&board);
        assert_eq!(opening.len(), 1, "{opening:?}");
        let first = &opening[0];
        assert!(first.clue.starts_with("thermometer 1"), "{}", first.clue);
        // The bulb cannot hold 8 or 9, the middle 1 or 9, the tip 1 or 2.
        let mut expected = vec![(0, 8), (0, 9), (1, 1), (1, 9), (2, 1), (2, 2)];
        expected.sort_unstable();
        let mut found = first.eliminations.clone();
        found.sort_unstable();
        assert_eq!(found, expected);
        assert_eq!(
            geometry.rules()[0],
            Unit::Rule(ConstraintKind::Thermometer, 0)
        );
        // With nothing else known, the bounds are all the thermometer says.
        assert_eq!(relation(&board), None);
    }

    #[test]
    fn a_dot_strikes_what_its_partner_cannot_match() {
        let rules = Rules {
            constraints: vec![Constraint::WhiteDot {
                cells: [80, 79],
                difference: 1,
            }],
            ..Rules::default()
        };
        let geometry = rules.geometry(Size::NINE).unwrap();
        // Digits 2 to 8 down column 9 leave r9c9 with 1 and 9; r7c9 = 8
        // takes 8 from r9c8 too, so 9 in r9c9 has no partner.
        let mut grid = Grid::empty(Size::NINE);
        for row in 0..7 {
            grid.set(row * 9 + 8, row as u8 + 2);
        }
        let board = Board::of_grid(&geometry, &grid).unwrap();
        let step = relation(&board).expect("the dot strikes");
        assert_eq!(step.technique, Technique::ConstraintRule);
        assert!(step.clue.starts_with("white dot 1"), "{}", step.clue);
        let expected: Vec<(usize, u8)> = [1, 3, 4, 5, 6, 7, 9]
            .into_iter()
            .map(|digit| (79, digit))
            .chain([(80, 9)])
            .collect();
        assert_eq!(step.eliminations, expected);
    }
}
