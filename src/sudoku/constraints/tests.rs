//! Every rule against its definition on every 4x4 grid: the solver's count
//! of the empty grid under the rule equals the number of the 288 grids that
//! obey it, checked cell by cell as the rule is stated.

use super::{Cage, Constraint, ConstraintError};
use crate::sudoku::constraint_kind::ConstraintKind;
use crate::sudoku::grid::{Grid, Size, Unit};
use crate::sudoku::rules::{Rules, RulesError};
use crate::sudoku::solver::Solver;

/// Every filled 4x4 grid, by plain backtracking on rows, columns and boxes.
fn all_grids() -> Vec<[u8; 16]> {
    fn fill(grid: &mut [u8; 16], at: usize, out: &mut Vec<[u8; 16]>) {
        if at == 16 {
            out.push(*grid);
            return;
        }
        let (row, column) = (at / 4, at % 4);
        for digit in 1..=4 {
            let clash = (0..16).any(|other| {
                let (r, c) = (other / 4, other % 4);
                other < at
                    && grid[other] == digit
                    && (r == row || c == column || (r / 2 == row / 2 && c / 2 == column / 2))
            });
            if !clash {
                grid[at] = digit;
                fill(grid, at + 1, out);
            }
        }
        grid[at] = 0;
    }
    let mut out = Vec::new();
    fill(&mut [0; 16], 0, &mut out);
    out
}

/// The orthogonal neighbours of a 4x4 cell.
fn neighbours(cell: usize) -> Vec<usize> {
    let (row, column) = (cell / 4, cell % 4);
    let mut found = Vec::new();
    if row > 0 {
        found.push(cell - 4);
    }
    if row < 3 {
        found.push(cell + 4);
    }
    if column > 0 {
        found.push(cell - 1);
    }
    if column < 3 {
        found.push(cell + 1);
    }
    found
}

/// True when `grid` obeys `constraint`, as the rule is stated.
fn obeys(grid: &[u8; 16], constraint: &Constraint, all: &[Constraint]) -> bool {
    let at = |cell: usize| i32::from(grid[cell]);
    let pairs = || (0..16).flat_map(|a| neighbours(a).into_iter().map(move |b| (a, b)));
    let marked = |kinds: &[ConstraintKind], a: usize, b: usize| {
        all.iter().any(|c| {
            let cells = c.cells();
            kinds.contains(&c.kind()) && cells.contains(&a) && cells.contains(&b)
        })
    };
    let dots = [ConstraintKind::WhiteDot, ConstraintKind::BlackDot];
    match constraint {
        Constraint::Thermometer(cells) => cells.windows(2).all(|w| at(w[0]) < at(w[1])),
        Constraint::WhiteDot {
            cells: [a, b],
            difference,
        } => (at(*a) - at(*b)).abs() == i32::from(*difference),
        Constraint::BlackDot {
            cells: [a, b],
            ratio,
        } => {
            let r = i32::from(*ratio);
            at(*a) == r * at(*b) || at(*b) == r * at(*a)
        }
        Constraint::Xv { cells: [a, b], sum } => at(*a) + at(*b) == i32::from(*sum),
        Constraint::NonConsecutive => pairs()
            .filter(|&(a, b)| !marked(&dots, a, b))
            .all(|(a, b)| (at(a) - at(b)).abs() != 1),
        Constraint::NegativeBlack => pairs()
            .filter(|&(a, b)| !marked(&dots, a, b))
            .all(|(a, b)| at(a) != 2 * at(b) && at(b) != 2 * at(a)),
        Constraint::NegativeXv => pairs()
            .filter(|&(a, b)| !marked(&[ConstraintKind::Xv], a, b))
            .all(|(a, b)| at(a) + at(b) != 10 && at(a) + at(b) != 5),
        Constraint::Odd(cell) => at(*cell) % 2 == 1,
        Constraint::Even(cell) => at(*cell) % 2 == 0,
        Constraint::Minimum(cell) => neighbours(*cell).iter().all(|&o| at(*cell) < at(o)),
        Constraint::Maximum(cell) => neighbours(*cell).iter().all(|&o| at(*cell) > at(o)),
        Constraint::Palindrome(cells) => cells
            .iter()
            .zip(cells.iter().rev())
            .all(|(&a, &b)| at(a) == at(b)),
        Constraint::Clone { cells, copy } => cells.iter().zip(copy).all(|(&a, &b)| at(a) == at(b)),
        Constraint::Whispers(cells) => cells.windows(2).all(|w| (at(w[0]) - at(w[1])).abs() >= 2),
        Constraint::Renban(cells) => {
            let mut digits: Vec<i32> = cells.iter().map(|&c| at(c)).collect();
            digits.sort_unstable();
            digits.windows(2).all(|w| w[1] == w[0] + 1)
        }
        Constraint::Entropic(_) => unreachable!("no 4x4 entropic line"),
        Constraint::Arrow { bulb, shaft } => {
            let number = bulb.iter().fold(0, |value, &c| value * 10 + at(c));
            number == shaft.iter().map(|&c| at(c)).sum::<i32>()
        }
        Constraint::Between(cells) => {
            let (a, b) = (at(cells[0]), at(cells[cells.len() - 1]));
            let inner = &cells[1..cells.len() - 1];
            inner.iter().all(|&c| a.min(b) < at(c) && at(c) < a.max(b))
        }
        Constraint::LittleKiller { cells, sum } => {
            cells.iter().map(|&c| at(c)).sum::<i32>() == *sum as i32
        }
        Constraint::Sandwich { cells, sum } => {
            let place = |d: i32| cells.iter().position(|&c| at(c) == d).unwrap();
            let (p, q) = (place(1).min(place(4)), place(1).max(place(4)));
            cells[p + 1..q].iter().map(|&c| at(c)).sum::<i32>() == *sum as i32
        }
        Constraint::RegionSum(cells) => {
            // Runs of the line in one 2x2 box, each summed.
            let box_of = |c: usize| (c / 8, c % 4 / 2);
            let mut sums: Vec<i32> = Vec::new();
            for (k, &c) in cells.iter().enumerate() {
                match k > 0 && box_of(cells[k - 1]) == box_of(c) {
                    true => *sums.last_mut().unwrap() += at(c),
                    false => sums.push(at(c)),
                }
            }
            sums.windows(2).all(|w| w[0] == w[1])
        }
        Constraint::Quadruple { cells, digits } => digits.iter().all(|&d| {
            let listed = digits.iter().filter(|&&e| e == d).count();
            cells.iter().filter(|&&c| at(c) == i32::from(d)).count() >= listed
        }),
        Constraint::KillerCage(Cage { cells, sum }) => {
            let mut digits: Vec<i32> = cells.iter().map(|&c| at(c)).collect();
            let total = digits.iter().sum::<i32>();
            digits.sort_unstable();
            digits.dedup();
            digits.len() == cells.len() && sum.is_none_or(|sum| total == sum as i32)
        }
    }
}

/// Checks the solver's count under `constraints` against the grids that
/// obey them all, and that the rules rule out some grid.
fn agrees(constraints: Vec<Constraint>) {
    let rules = Rules {
        constraints: constraints.clone(),
        ..Rules::default()
    };
    let geometry = rules.geometry(Size::FOUR).unwrap();
    let expected = all_grids()
        .iter()
        .filter(|grid| constraints.iter().all(|c| obeys(grid, c, &constraints)))
        .count() as u64;
    let found = Solver::new()
        .count_solutions_in(&geometry, &Grid::empty(Size::FOUR), 1000)
        .unwrap()
        .found;
    assert_eq!(found, expected, "{constraints:?}");
    assert!(expected < 288, "{constraints:?} rules out no grid");
    // Every grid the solver finds obeys the rules check too.
    for grid in all_grids() {
        let grid = Grid::from_cells(&grid).unwrap();
        let obeyed = constraints
            .iter()
            .all(|c| obeys(grid.cells().try_into().unwrap(), c, &constraints));
        assert_eq!(geometry.first_conflict(&grid).is_none(), obeyed, "{grid:?}");
    }
}

#[test]
fn thermometers_agree() {
    agrees(vec![Constraint::Thermometer(vec![0, 1, 5])]);
    agrees(vec![Constraint::Thermometer(vec![4, 9, 14, 15])]);
}

#[test]
fn dots_agree() {
    agrees(vec![Constraint::WhiteDot {
        cells: [0, 1],
        difference: 1,
    }]);
    agrees(vec![Constraint::WhiteDot {
        cells: [5, 9],
        difference: 3,
    }]);
    agrees(vec![Constraint::BlackDot {
        cells: [2, 6],
        ratio: 2,
    }]);
    agrees(vec![Constraint::BlackDot {
        cells: [0, 5],
        ratio: 3,
    }]);
}

#[test]
fn negative_dots_agree() {
    agrees(vec![
        Constraint::WhiteDot {
            cells: [0, 1],
            difference: 1,
        },
        Constraint::WhiteDot {
            cells: [5, 9],
            difference: 1,
        },
        Constraint::NonConsecutive,
    ]);
    agrees(vec![
        Constraint::BlackDot {
            cells: [0, 1],
            ratio: 2,
        },
        Constraint::NegativeBlack,
    ]);
}

#[test]
fn xv_agrees() {
    agrees(vec![Constraint::Xv {
        cells: [0, 1],
        sum: 5,
    }]);
    agrees(vec![
        Constraint::Xv {
            cells: [0, 4],
            sum: 5,
        },
        Constraint::NegativeXv,
    ]);
}

#[test]
fn marked_cells_agree() {
    agrees(vec![Constraint::Odd(0), Constraint::Even(5)]);
    agrees(vec![Constraint::Minimum(5)]);
    agrees(vec![Constraint::Maximum(0), Constraint::Minimum(15)]);
}

#[test]
fn lines_agree() {
    agrees(vec![Constraint::Palindrome(vec![0, 5, 10])]);
    agrees(vec![Constraint::Palindrome(vec![0, 4, 9, 13])]);
    agrees(vec![Constraint::Clone {
        cells: vec![0, 1],
        copy: vec![14, 15],
    }]);
    agrees(vec![Constraint::Whispers(vec![0, 1, 5, 6])]);
    agrees(vec![Constraint::Renban(vec![0, 5, 10])]);
    agrees(vec![Constraint::Renban(vec![0, 1])]);
}

#[test]
fn arrows_agree() {
    agrees(vec![Constraint::Arrow {
        bulb: vec![0],
        shaft: vec![1, 5],
    }]);
    agrees(vec![Constraint::Arrow {
        bulb: vec![5],
        shaft: vec![10, 15],
    }]);
    // Digits repeat on a shaft whose cells share no unit.
    agrees(vec![Constraint::Arrow {
        bulb: vec![15],
        shaft: vec![0, 5],
    }]);
    // A bulb of two cells reads as a number, 10 to 16 on 4x4.
    agrees(vec![Constraint::Arrow {
        bulb: vec![0, 1],
        shaft: vec![6, 11, 13, 4],
    }]);
    agrees(vec![
        Constraint::Arrow {
            bulb: vec![0],
            shaft: vec![5, 10],
        },
        Constraint::Thermometer(vec![12, 13, 14]),
    ]);
}

#[test]
fn between_lines_agree() {
    agrees(vec![Constraint::Between(vec![0, 1, 2])]);
    agrees(vec![Constraint::Between(vec![0, 5, 10, 15])]);
    agrees(vec![Constraint::Between(vec![3, 6, 9, 12, 13])]);
    agrees(vec![
        Constraint::Between(vec![4, 5, 6]),
        Constraint::Thermometer(vec![0, 1]),
    ]);
}

#[test]
fn quadruples_agree() {
    agrees(vec![Constraint::Quadruple {
        cells: vec![5, 6, 9, 10],
        digits: vec![1, 2],
    }]);
    // A digit listed twice appears twice, in cells of no common unit.
    agrees(vec![Constraint::Quadruple {
        cells: vec![1, 2, 5, 6],
        digits: vec![3, 3, 4],
    }]);
    agrees(vec![
        Constraint::Quadruple {
            cells: vec![4, 5, 8, 9],
            digits: vec![4],
        },
        Constraint::Quadruple {
            cells: vec![9, 10, 13, 14],
            digits: vec![1, 2, 3],
        },
    ]);
}

#[test]
fn little_killers_agree() {
    let killer = |cells: Vec<usize>, sum| Constraint::LittleKiller { cells, sum };
    agrees(vec![killer(vec![0, 5, 10, 15], 10)]);
    agrees(vec![killer(vec![12, 9, 6, 3], 8)]);
    agrees(vec![killer(vec![1, 6, 11], 7)]);
    agrees(vec![killer(vec![2, 7], 3)]);
    agrees(vec![killer(vec![4, 9, 14], 9), killer(vec![11, 6, 1], 6)]);
    // Not diagonals: chains of three and four pieces, with adders.
    agrees(vec![killer(vec![0, 2, 8], 6)]);
    agrees(vec![killer(vec![0, 2, 8, 10], 9)]);
    agrees(vec![killer(vec![0, 1, 2, 3, 4], 13)]);
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
fn cages_whose_units_imply_sums_agree() {
    // Cages that leave one or two cells of a unit (innies) or reach one
    // or two cells past it (outies), with sums true of some grid and
    // sums off by one, some cages without a sum: what the units and cages
    // imply (`cage_totals.rs`) must keep every grid they allow.
    let cage = |cells: &[usize], sum| {
        Constraint::KillerCage(Cage {
            cells: cells.to_vec(),
            sum,
        })
    };
    let grids = all_grids();
    let layouts: [&[&[usize]]; 4] = [
        &[&[0, 1], &[4, 8, 12], &[5, 9], &[2, 3, 6]],
        &[&[0, 1, 2], &[4, 5], &[8, 9, 10, 11], &[12, 13]],
        &[&[0, 4], &[1, 5, 9], &[8, 12], &[2, 3], &[13, 14]],
        &[&[0, 1, 4], &[5, 6], &[2, 3, 7], &[8, 9, 12, 13], &[10, 14]],
    ];
    for (k, layout) in layouts.iter().enumerate() {
        for shift in [0, 1] {
            let grid = &grids[(k * 61 + 17) % grids.len()];
            let constraints = layout
                .iter()
                .enumerate()
                .map(|(i, cells)| {
                    let sum: u32 = cells.iter().map(|&c| u32::from(grid[c])).sum();
                    // The largest sum of the cage's count of digits.
                    let most = (5 - cells.len() as u32..=4).sum::<u32>();
                    let off = if sum < most { sum + 1 } else { sum - 1 };
                    // The last cage of the second pass has no sum; the
                    // first is off by one where `shift` says.
                    match (shift, i) {
                        (1, 0) => cage(cells, Some(off)),
                        (1, i) if i + 1 == layout.len() => cage(cells, None),
                        _ => cage(cells, Some(sum)),
                    }
                })
                .collect();
            agrees(constraints);
        }
    }
}

#[test]
fn sandwiches_agree() {
    let sandwich = |cells: Vec<usize>, sum| Constraint::Sandwich { cells, sum };
    agrees(vec![sandwich(vec![0, 1, 2, 3], 0)]);
    agrees(vec![sandwich(vec![4, 5, 6, 7], 5)]);
    agrees(vec![sandwich(vec![3, 2, 1, 0], 2)]);
    agrees(vec![
        sandwich(vec![1, 5, 9, 13], 3),
        sandwich(vec![8, 9, 10, 11], 0),
    ]);
}

#[test]
fn region_sum_lines_agree() {
    agrees(vec![Constraint::RegionSum(vec![0, 1, 2, 3])]);
    agrees(vec![Constraint::RegionSum(vec![1, 2, 6])]);
    agrees(vec![Constraint::RegionSum(vec![0, 5, 10, 15])]);
    agrees(vec![Constraint::RegionSum(vec![4, 5, 9, 10, 14])]);
    // A segment of three cells: two pieces and an adder to the line's sum.
    agrees(vec![Constraint::RegionSum(vec![0, 1, 5, 6, 7])]);
    agrees(vec![Constraint::RegionSum(vec![1, 0, 4, 8, 9, 13])]);
    agrees(vec![
        Constraint::RegionSum(vec![8, 12, 13, 14]),
        Constraint::LittleKiller {
            cells: vec![3, 6, 9, 12],
            sum: 10,
        },
    ]);
}

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

#[test]
fn earlier_apart_marks_exactly_the_earlier_cells_that_share_a_unit() {
    use super::ways::earlier_apart;
    use super::{Context, NO_RULE};
    use crate::sudoku::geometry::Geometry;
    use crate::Rng;
    // Rows, columns and boxes alone, told from where the cells sit: 9x9,
    // 6x6 with boxes of two rows and three columns and of three rows and
    // two columns, 16x16. Read from the units: 9x9 with a diagonal unit
    // besides, and 9x9 rows and columns alone. On 16x16, rules of up to
    // 100 cells take both the walk of the first 64 places and the walk
    // beyond them. The cells come in a random order.
    let mut rng = Rng::from_seed(7);
    let diagonal = Unit::Extra(0);
    let builders = [
        (Size::NINE, Geometry::builder(Size::NINE).boxes()),
        (Size::SIX, Geometry::builder(Size::SIX).boxes()),
        (Size::SIX, Geometry::builder(Size::SIX).boxes_of(3, 2)),
        (Size::SIXTEEN, Geometry::builder(Size::SIXTEEN).boxes()),
        (
            Size::NINE,
            Geometry::builder(Size::NINE)
                .boxes()
                .unit(diagonal, (0..9).map(|k| 10 * k)),
        ),
        (Size::NINE, Geometry::builder(Size::NINE)),
    ];
    for (size, mut builder) in builders {
        let frame = builder.frame().clone();
        let units: Vec<Vec<usize>> = builder
            .unit_list()
            .iter()
            .map(|(_, members)| members.clone())
            .collect();
        let together = |a: usize, b: usize| units.iter().any(|u| u.contains(&a) && u.contains(&b));
        let cx = Context {
            builder: &mut builder,
            side: size.side(),
            frame: &frame,
            rule: NO_RULE,
        };
        for length in [1, 2, 4, 9, 30, 64, 70, 100] {
            let mut cells: Vec<usize> = (0..frame.cells()).collect();
            rng.shuffle(&mut cells);
            cells.truncate(length.min(frame.cells()));
            let apart = earlier_apart(&cx, &cells);
            assert_eq!(apart.len(), cells.len());
            for (k, &b) in cells.iter().enumerate() {
                let expected = (0..k.min(64))
                    .filter(|&i| together(cells[i], b))
                    .fold(0u64, |bits, i| bits | 1 << i);
                assert_eq!(apart[k], expected, "{size:?}, {length} cells, place {k}");
            }
        }
    }
}
