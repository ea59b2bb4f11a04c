//! Killer cages: cells that hold different digits, adding up to the cage's
//! sum when it has one.
//!
//! A cage is one more rule beyond "once per unit", stated with the others
//! as a [`super::Constraint`]; this file holds its data and compilation.
//! Its compilation is no relation of two cells: a cage goes whole to the
//! geometry ([`GeometryBuilder::cage`]), which checks it when it is built
//! (a cell outside the grid or twice, a cell in two cages, a sum no digits
//! make: [`crate::sudoku::cages::CageError`]) and keeps it as the tables of
//! [`crate::sudoku::cages`]. The encoding reads those tables (one option per
//! combination of digits or per assignment of a cage's cells, and the
//! propagation of partial sums), and a broken cage is named by its place
//! among the cages ([`crate::sudoku::grid::Unit::Cage`]), so a cage is not
//! numbered as a rule.
//!
//! The builder keeps its cages in a list of their own, apart from units,
//! groups and forbidden placements: only their order among themselves
//! counts, and they are compiled after every other constraint.

use crate::sudoku::geometry::GeometryBuilder;

/// A killer cage: its cells hold different digits, summing to `sum` when
/// there is one.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Cage {
    /// The cells, numbered as in the geometry (`row * side + column` in a
    /// square grid).
    pub cells: Vec<usize>,
    /// The sum of its digits, when the puzzle gives it.
    pub sum: Option<u32>,
}

/// Compiles `cage` into `builder`: the geometry's cage of its cells and sum.
pub(super) fn compile(builder: GeometryBuilder, cage: &Cage) -> GeometryBuilder {
    builder.cage(cage.cells.iter().copied(), cage.sum)
}

#[cfg(test)]
mod tests {
    use super::Cage;
    use crate::sudoku::constraints::add_all;
    use crate::sudoku::constraints::oracle::agrees;
    use crate::sudoku::constraints::Constraint;
    use crate::sudoku::geometry::{Geometry, Table, NO_RULE};
    use crate::sudoku::grid::{Grid, Size};
    use crate::sudoku::rules::Rules;
    use crate::sudoku::solver::Solver;

    /// Rules of the standard boxes and `cages`.
    fn caged(cages: &[(&[usize], Option<u32>)]) -> Rules {
        let constraints = cages
            .iter()
            .map(|&(cells, sum)| {
                Constraint::KillerCage(Cage {
                    cells: cells.to_vec(),
                    sum,
                })
            })
            .collect();
        Rules {
            constraints,
            ..Rules::default()
        }
    }

    #[test]
    fn killer_cages_agree() {
        let cage = |cells: Vec<usize>, sum| Constraint::KillerCage(Cage { cells, sum });
        agrees(vec![cage(vec![0, 1], Some(3))]);
        agrees(vec![cage(vec![0, 6], None)]);
        agrees(vec![cage(vec![3, 6, 9], Some(7))]);
        agrees(vec![
            cage(vec![4, 8, 12, 13], Some(10)),
            cage(vec![0, 5], None),
        ]);
        // Among other rules, before and after them.
        agrees(vec![
            cage(vec![0, 1], Some(7)),
            Constraint::Thermometer(vec![4, 8, 12]),
            cage(vec![14, 15], Some(5)),
        ]);
    }
    #[test]
    fn a_cage_sum_restricts_its_cells() {
        // r1c1 + r1c2 = 3: the two cells hold 1 and 2, in either order;
        // of the 288 grids of 4x4, 24 begin with each ordered pair.
        let geometry = caged(&[(&[0, 1], Some(3))]).geometry(Size::FOUR).unwrap();
        let mut firsts = Vec::new();
        let stats = Solver::new()
            .solve_in(&geometry, &Grid::empty(Size::FOUR), 1000, |grid| {
                firsts.push((grid.cells()[0], grid.cells()[1]))
            })
            .unwrap();
        assert_eq!(stats.solutions, 48);
        assert!(firsts.iter().all(|&pair| pair == (1, 2) || pair == (2, 1)));
        // Without a sum, a cage only keeps its digits apart.
        let geometry = caged(&[(&[0, 5], None)]).geometry(Size::FOUR).unwrap();
        let stats = Solver::new()
            .solve_in(&geometry, &Grid::empty(Size::FOUR), 1000, |grid| {
                assert_ne!(grid.cells()[0], grid.cells()[5]);
            })
            .unwrap();
        assert_eq!(stats.solutions, 288);
    }

    #[test]
    fn a_cage_that_cannot_be_is_refused_with_its_message() {
        let refused = |cages: &[(&[usize], Option<u32>)]| {
            caged(cages).geometry(Size::FOUR).unwrap_err().to_string()
        };
        assert_eq!(
            refused(&[(&[0, 1], Some(3)), (&[1, 2], None)]),
            "cell 1 is in cage 1 and in cage 2"
        );
        assert_eq!(
            refused(&[(&[0, 16], None)]),
            "cage 1 names cell 16 outside the grid"
        );
        assert_eq!(
            refused(&[(&[0, 1], Some(8))]),
            "cage 1 has 2 cells and sum 8, which no 2 different digits from 1 to 4 make"
        );
    }

    #[test]
    fn cages_compile_as_if_added_after_everything_else() {
        // Wherever the cages stand in the list, the geometry is the one of
        // the other rules with the cages added last, in their order.
        let (first, second) = (
            Cage {
                cells: vec![1, 2],
                sum: Some(5),
            },
            Cage {
                cells: vec![13, 14],
                sum: None,
            },
        );
        let others = [Constraint::Thermometer(vec![4, 8, 12]), Constraint::Odd(7)];
        let builder = Geometry::builder(Size::FOUR).boxes();
        let mut expected = add_all(builder, Size::FOUR, &others, false).unwrap();
        expected = [&first, &second]
            .into_iter()
            .fold(expected, |builder, cage| {
                builder.cage(cage.cells.iter().copied(), cage.sum)
            });
        // Then what the units and cages imply: row 1 (10) less the cage
        // r1c2 + r1c3 = 5 leaves r1c1 + r1c4 = 5.
        expected.table(Table::plain(
            vec![0, 3],
            vec![1, 4, 2, 3, 3, 2, 4, 1],
            NO_RULE,
        ));
        let expected = expected.build().unwrap();
        let [a, b] = [&first, &second].map(|cage| Constraint::KillerCage(cage.clone()));
        let [t, o] = others;
        for order in [
            vec![a.clone(), t.clone(), b.clone(), o.clone()],
            vec![t.clone(), o.clone(), a.clone(), b.clone()],
            vec![a, b, t, o],
        ] {
            let rules = Rules {
                constraints: order,
                ..Rules::default()
            };
            assert_eq!(rules.geometry(Size::FOUR).unwrap(), expected);
        }
    }
}
