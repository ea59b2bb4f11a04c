//! What every rule shares: rules of several kinds together against their
//! definitions, the rule a grid breaks named with its cells, and rules that
//! cannot stand refused. Each rule's own tests are in its module.

use super::oracle::agrees;
use super::{Constraint, ConstraintError};
use crate::sudoku::constraint_kind::ConstraintKind;
use crate::sudoku::grid::{Grid, Size, Unit};
use crate::sudoku::rules::{Rules, RulesError};

#[test]
fn rules_combine() {
    agrees(vec![
        Constraint::Thermometer(vec![0, 1]),
        Constraint::Renban(vec![2, 6, 7]),
        Constraint::Odd(15),
    ]);
}

/// A grid from its digits.
fn digits(text: &str) -> Grid {
    Grid::from_cells(&text.bytes().map(|b| b - b'0').collect::<Vec<u8>>()).unwrap()
}

#[test]
fn a_broken_rule_is_named_with_its_cells() {
    let rules = Rules {
        constraints: vec![Constraint::Thermometer(vec![0, 1]), Constraint::Odd(15)],
        ..Rules::default()
    };
    let geometry = rules.geometry(Size::FOUR).unwrap();
    let grid = digits("3214143221434321");
    let conflict = geometry.first_conflict(&grid).unwrap();
    assert_eq!(conflict.unit, Unit::Rule(ConstraintKind::Thermometer, 0));
    assert_eq!(
        conflict.to_string(),
        "the digits at r1c1 and r1c2 break thermometer 1"
    );
    let grid = digits("1243342143122134");
    let conflict = geometry.first_conflict(&grid).unwrap();
    assert_eq!(
        conflict.to_string(),
        "the digit 4 at r4c4 breaks odd cell 1"
    );
}

#[test]
fn impossible_constraints_are_refused() {
    let refused = |constraint: Constraint, size: Size| {
        let rules = Rules {
            constraints: vec![constraint],
            ..Rules::default()
        };
        match rules.geometry(size) {
            Err(RulesError::Constraint(error)) => error,
            other => panic!("expected a refusal, found {other:?}"),
        }
    };
    assert!(matches!(
        refused(Constraint::Entropic(vec![0, 1, 2]), Size::FOUR),
        ConstraintError::Side { side: 4, .. }
    ));
    assert!(matches!(
        refused(Constraint::Renban(vec![0, 1, 2, 3, 4]), Size::FOUR),
        ConstraintError::Length { found: 5, .. }
    ));
    assert!(matches!(
        refused(Constraint::Thermometer(vec![0, 16]), Size::FOUR),
        ConstraintError::CellOutside { cell: 16, .. }
    ));
    assert!(matches!(
        refused(Constraint::Thermometer(vec![0, 1, 0]), Size::FOUR),
        ConstraintError::CellTwice { .. }
    ));
    assert!(matches!(
        refused(
            Constraint::Xv {
                cells: [0, 1],
                sum: 10
            },
            Size::FOUR
        ),
        ConstraintError::Value { found: 10, .. }
    ));
}
