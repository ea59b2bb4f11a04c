//! The fast path on its own, and against the general path of the solver.

use super::{adjacent, Classic, Fast9, GeometryRules, Partners};
use crate::engine::TieBreak;
use crate::sudoku::constraints::{Cage, Constraint};
use crate::sudoku::geometry::Geometry;
use crate::sudoku::grid::{Grid, Size};
use crate::sudoku::rules::Rules;
use crate::sudoku::solver::Solver;
use crate::sudoku::whole_rules::WholeKind;
use crate::Rng;

const INKALA: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

/// The solutions of `puzzle` up to `limit` by the fast path.
fn fast(puzzle: &Grid, limit: u64) -> Option<Vec<Grid>> {
    let mut found = Vec::new();
    let mut solution = Grid::empty(Size::NINE);
    Fast9::default().solve(
        &Classic,
        puzzle.cells(),
        limit,
        u64::MAX,
        &mut solution,
        |s| found.push(s.clone()),
    )?;
    Some(found)
}

/// The count up to `limit` by the general path (dancing links).
fn general(puzzle: &Grid, limit: u64) -> Option<u64> {
    let mut solver = Solver::new();
    solver.set_tie_break(TieBreak::Leftmost);
    solver.count_solutions(puzzle, limit).ok().map(|c| c.found)
}

#[test]
fn inkala_has_one_solution_that_keeps_its_givens() {
    let puzzle: Grid = INKALA.parse().unwrap();
    let found = fast(&puzzle, 10).unwrap();
    assert_eq!(found.len(), 1);
    assert!(found[0].is_solved() && found[0].keeps_givens_of(&puzzle));
}

#[test]
fn the_empty_grid_has_solutions_up_to_any_limit() {
    let found = fast(&Grid::empty(Size::NINE), 50).unwrap();
    assert_eq!(found.len(), 50);
    let distinct: std::collections::HashSet<_> = found.iter().collect();
    assert_eq!(distinct.len(), 50);
    assert!(found.iter().all(Grid::is_solved));
}

#[test]
fn clashing_givens_are_left_to_the_general_path() {
    let mut cells = [0u8; 81];
    cells[0] = 5;
    cells[80] = 5;
    assert!(fast(&Grid::from_cells(&cells).unwrap(), 2).is_some());
    cells[8] = 5;
    assert!(fast(&Grid::from_cells(&cells).unwrap(), 2).is_none());
}

#[test]
fn givens_placed_at_once_leave_the_state_of_givens_placed_one_by_one() {
    let mut rng = Rng::from_seed(41);
    let (mut clashing, mut placed) = (0, 0);
    for round in 0..400 {
        // Cut solutions, a quarter with a given changed, and random givens,
        // which often clash.
        let cells: Vec<u8> = if round % 2 == 0 {
            random_puzzle(&mut rng, 0.3).cells().to_vec()
        } else {
            (0..81)
                .map(|_| match rng.below(5) {
                    0 => rng.below(9) as u8 + 1,
                    _ => 0,
                })
                .collect()
        };
        let mut one_by_one = Some(super::state::State::new());
        for (cell, &value) in cells.iter().enumerate() {
            if let (Some(state), true) = (&mut one_by_one, value != 0) {
                let digit = usize::from(value - 1);
                match state.allows(cell, digit) {
                    true => state.place(cell, digit, &Classic),
                    false => one_by_one = None,
                }
            }
        }
        let at_once = super::state::State::with_givens(&cells);
        assert_eq!(at_once, one_by_one, "givens {cells:?}");
        match at_once {
            Some(_) => placed += 1,
            None => clashing += 1,
        }
    }
    assert!(
        clashing > 50 && placed > 200,
        "{clashing} clashing, {placed} placed"
    );
}

#[test]
fn a_limit_of_zero_stops_before_looking() {
    let puzzle: Grid = INKALA.parse().unwrap();
    let mut solution = Grid::empty(Size::NINE);
    let stats = Fast9::default()
        .solve(&Classic, puzzle.cells(), 0, u64::MAX, &mut solution, |_| {
            panic!("no solution at limit 0")
        })
        .unwrap();
    assert!(stats.stopped_at_limit && stats.solutions == 0);
}

#[test]
fn the_node_budget_stops_the_search() {
    let puzzle: Grid = INKALA.parse().unwrap();
    let mut solution = Grid::empty(Size::NINE);
    let mut fast9 = Fast9::default();
    let stats = fast9
        .solve(&Classic, puzzle.cells(), 2, u64::MAX, &mut solution, |_| {})
        .unwrap();
    assert!(stats.nodes > 10 && !stats.stopped_at_node_budget);
    let capped = fast9
        .solve(&Classic, puzzle.cells(), 2, 5, &mut solution, |_| {})
        .unwrap();
    assert!(capped.stopped_at_node_budget);
    assert!(capped.nodes < stats.nodes);
}

/// A random solved grid.
fn solved_grid(rng: &mut Rng) -> Grid {
    (0..100)
        .map(|_| random_puzzle(rng, 1.0))
        .find(Grid::is_solved)
        .expect("a solved grid among 100 draws")
}

/// A random solved grid with each cell kept with the probability `keep`,
/// and sometimes one digit changed (which may leave no solution).
fn random_puzzle(rng: &mut Rng, keep: f64) -> Grid {
    let mut solver = Solver::new();
    let mut cells = [0u8; 81];
    for _ in 0..11 {
        cells[rng.below(81)] = rng.below(9) as u8 + 1;
    }
    let seeded = Grid::from_cells(&cells).unwrap();
    let solved = match solver.first_solution(&seeded) {
        Ok(Some(solved)) => solved,
        _ => return Grid::empty(Size::NINE),
    };
    let mut cells = solved.cells().to_vec();
    for value in cells.iter_mut() {
        if (rng.below(1000) as f64) >= keep * 1000.0 {
            *value = 0;
        }
    }
    if rng.below(4) == 0 {
        let cell = rng.below(81);
        if cells[cell] != 0 {
            cells[cell] = rng.below(9) as u8 + 1;
        }
    }
    Grid::from_cells(&cells).unwrap()
}

#[test]
fn random_puzzles_count_as_the_general_path_counts_them() {
    let mut rng = Rng::from_seed(21);
    let mut seen = [0usize; 4];
    for round in 0..400 {
        let keep = [0.2, 0.3, 0.4, 0.6][round % 4];
        let puzzle = random_puzzle(&mut rng, keep);
        let expected = general(&puzzle, 3);
        let found = fast(&puzzle, 3);
        assert_eq!(
            found.as_ref().map(|f| f.len() as u64),
            expected,
            "{puzzle:?}"
        );
        for solution in found.iter().flatten() {
            assert!(solution.is_solved() && solution.keeps_givens_of(&puzzle));
        }
        seen[expected.map_or(3, |count| count.min(2) as usize)] += 1;
    }
    // Puzzles with none, one and several solutions were all met.
    assert!(seen[0] > 0 && seen[1] > 0 && seen[2] > 0, "{seen:?}");
}

/// Rules that the fast path takes on, each drawn on `solved` so that it
/// obeys them: kropki dots and XV (sometimes all of them, with their
/// negative rules), odd and even cells, minimum and maximum cells, short
/// thermometers, whispers, palindromes, clones, renban lines, arrows,
/// between lines, quadruples, little killers, sandwiches and region-sum
/// lines.
fn pair_rules(rng: &mut Rng, solved: &Grid) -> Rules {
    let at = |cell: usize| solved.cells()[cell];
    let kings = |cell: usize| {
        let (row, column) = ((cell / 9) as i32, (cell % 9) as i32);
        (-1..=1)
            .flat_map(move |dr| (-1..=1).map(move |dc| (row + dr, column + dc)))
            .filter(move |&(r, c)| (0..9).contains(&r) && (0..9).contains(&c))
            .map(|(r, c)| (r * 9 + c) as usize)
            .filter(move |&other| other != cell)
    };
    let neighbours = (0..81).flat_map(|cell| {
        let right = (cell % 9 < 8).then_some([cell, cell + 1]);
        let below = (cell < 72).then_some([cell, cell + 9]);
        right.into_iter().chain(below)
    });
    let mut constraints = Vec::new();
    // 0: every dot and the negative rules; 1: every X and V and theirs;
    // else some of each.
    let mode = rng.below(3);
    for cells @ [a, b] in neighbours {
        let (x, y) = (at(a), at(b));
        let drawn = mode < 2 || rng.below(4) == 0;
        if mode != 1 && drawn && x.abs_diff(y) == 1 {
            constraints.push(Constraint::WhiteDot {
                cells,
                difference: 1,
            });
        } else if mode != 1 && drawn && (x == 2 * y || y == 2 * x) {
            constraints.push(Constraint::BlackDot { cells, ratio: 2 });
        } else if mode != 0 && drawn && matches!(x + y, 5 | 10) {
            constraints.push(Constraint::Xv { cells, sum: x + y });
        }
    }
    match mode {
        0 => constraints.extend([Constraint::NonConsecutive, Constraint::NegativeBlack]),
        1 => constraints.push(Constraint::NegativeXv),
        _ => {}
    }
    for _ in 0..rng.below(12) {
        let cell = rng.below(81);
        let bigger = |other: usize| at(other) > at(cell);
        let orthogonal = kings(cell).filter(|&o| o % 9 == cell % 9 || o / 9 == cell / 9);
        let line = |rng: &mut Rng, from: usize| {
            let next: Vec<usize> = kings(from).collect();
            next[rng.below(next.len())]
        };
        let rule = match rng.below(14) {
            0 if at(cell) % 2 == 1 => Constraint::Odd(cell),
            0 => Constraint::Even(cell),
            1 if orthogonal.clone().all(bigger) => Constraint::Minimum(cell),
            1 if orthogonal.clone().all(|o| !bigger(o)) => Constraint::Maximum(cell),
            2 => {
                let mut cells = vec![cell];
                while let Some(&next) = kings(cells[cells.len() - 1])
                    .filter(|&o| at(o) > at(cells[cells.len() - 1]) && !cells.contains(&o))
                    .collect::<Vec<_>>()
                    .first()
                {
                    cells.push(next);
                    if cells.len() == 4 {
                        break;
                    }
                }
                Constraint::Thermometer(cells)
            }
            3 => match kings(cell).find(|&o| at(o).abs_diff(at(cell)) >= 5) {
                Some(other) => Constraint::Whispers(vec![cell, other]),
                None => continue,
            },
            4 => {
                let middle = line(rng, cell);
                match kings(middle).find(|&o| o != cell && at(o) == at(cell)) {
                    Some(end) => Constraint::Palindrome(vec![cell, middle, end]),
                    None => continue,
                }
            }
            5 => match (0..81).find(|&o| o != cell && at(o) == at(cell) && rng.below(3) == 0) {
                Some(copy) => Constraint::Clone {
                    cells: vec![cell],
                    copy: vec![copy],
                },
                None => continue,
            },
            6 => {
                // Three cells in a king's-move line holding consecutive
                // digits, in any order.
                let middle = line(rng, cell);
                let run = |end: usize| {
                    let mut digits = [at(cell), at(middle), at(end)];
                    digits.sort_unstable();
                    digits[1] == digits[0] + 1 && digits[2] == digits[1] + 1
                };
                match kings(middle).find(|&o| o != cell && run(o)) {
                    Some(end) => Constraint::Renban(vec![cell, middle, end]),
                    None => continue,
                }
            }
            7 => {
                // A shaft of two cells that add up to the bulb.
                let first = line(rng, cell);
                let second = kings(first).find(|&o| o != cell && at(first) + at(o) == at(cell));
                match second {
                    Some(second) => Constraint::Arrow {
                        bulb: vec![cell],
                        shaft: vec![first, second],
                    },
                    None => continue,
                }
            }
            8 => {
                let middle = line(rng, cell);
                let between = |end: usize| {
                    let (low, high) = (at(cell).min(at(end)), at(cell).max(at(end)));
                    low < at(middle) && at(middle) < high
                };
                match kings(middle).find(|&o| o != cell && between(o)) {
                    Some(end) => Constraint::Between(vec![cell, middle, end]),
                    None => continue,
                }
            }
            9 if cell % 9 < 8 && cell < 72 => {
                // Two of the four digits around a corner.
                let cells = vec![cell, cell + 1, cell + 9, cell + 10];
                let digits = vec![at(cells[rng.below(2)]), at(cells[2 + rng.below(2)])];
                Constraint::Quadruple { cells, digits }
            }
            10 => {
                // A diagonal down from the cell, to the right or the left.
                let step = [10, 8][rng.below(2)];
                let mut cells = vec![cell];
                while let Some(&last) = cells.last() {
                    let next = last + step;
                    if next >= 81 || (next % 9).abs_diff(last % 9) != 1 || rng.below(6) == 0 {
                        break;
                    }
                    cells.push(next);
                }
                let sum = cells.iter().map(|&c| u32::from(at(c))).sum();
                Constraint::LittleKiller { cells, sum }
            }
            11 => {
                let cells: Vec<usize> = match rng.below(2) {
                    0 => (0..9).map(|k| cell / 9 * 9 + k).collect(),
                    _ => (0..9).map(|k| k * 9 + cell % 9).collect(),
                };
                let place = |digit: u8| cells.iter().position(|&c| at(c) == digit).unwrap();
                let (p, q) = (place(1).min(place(9)), place(1).max(place(9)));
                let sum = cells[p + 1..q].iter().map(|&c| u32::from(at(c))).sum();
                Constraint::Sandwich { cells, sum }
            }
            12 => {
                // Two segments adding up alike: one cell and a king's move
                // into another box, or two cells of one box and one beyond.
                let box_of = |c: usize| c / 27 * 3 + c % 9 / 3;
                let across = |c: usize| kings(c).filter(move |&o| box_of(o) != box_of(c));
                if let Some(end) = across(cell).find(|&o| at(o) == at(cell)) {
                    Constraint::RegionSum(vec![cell, end])
                } else {
                    let line = kings(cell)
                        .filter(|&m| box_of(m) == box_of(cell))
                        .find_map(|m| {
                            let end = across(m).find(|&o| at(o) == at(cell) + at(m))?;
                            Some(vec![cell, m, end])
                        });
                    match line {
                        Some(line) => Constraint::RegionSum(line),
                        None => continue,
                    }
                }
            }
            _ => continue,
        };
        constraints.push(rule);
    }
    // Killer cages in two rounds of three: many in the first (most of the
    // grid), a few in the second.
    let cages = [40, 4, 0][rng.below(3)];
    constraints.extend(killer_cages(rng, solved, cages));
    Rules {
        constraints,
        ..Rules::default()
    }
}

/// Up to `count` killer cages drawn on `solved`, apart from each other:
/// two to five orthogonal neighbours of different digits, most with their
/// sum and a few without.
fn killer_cages(rng: &mut Rng, solved: &Grid, count: usize) -> Vec<Constraint> {
    let at = |cell: usize| solved.cells()[cell];
    let mut used = [false; 81];
    let mut cages = Vec::new();
    for _ in 0..count {
        let start = rng.below(81);
        if used[start] {
            continue;
        }
        let mut cells = vec![start];
        let size = 2 + rng.below(4);
        while cells.len() < size {
            let last = cells[rng.below(cells.len())];
            let next = [
                last.wrapping_sub(9),
                last + 9,
                last.wrapping_sub(1),
                last + 1,
            ]
            .into_iter()
            .filter(|&o| o < 81 && (o / 9 == last / 9 || o % 9 == last % 9))
            .find(|&o| !used[o] && !cells.contains(&o) && cells.iter().all(|&c| at(c) != at(o)));
            match next {
                Some(next) => cells.push(next),
                None => break,
            }
        }
        if cells.len() < 2 {
            continue;
        }
        for &cell in &cells {
            used[cell] = true;
        }
        let sum = cells.iter().map(|&cell| u32::from(at(cell))).sum();
        let sum = (rng.below(5) != 0).then_some(sum);
        cages.push(Constraint::KillerCage(Cage { cells, sum }));
    }
    cages
}

/// The solutions of `puzzle` under `geometry` up to `limit`, sorted, by the
/// solver with `tie_break`; `None` when the givens break the rules.
fn solutions(
    geometry: &Geometry,
    puzzle: &Grid,
    limit: u64,
    tie_break: TieBreak,
) -> Option<Vec<Grid>> {
    let mut solver = Solver::new();
    solver.set_tie_break(tie_break);
    let mut found = Vec::new();
    solver
        .solve_in(geometry, puzzle, limit, |s| found.push(s.clone()))
        .ok()?;
    found.sort_by(|a, b| a.cells().cmp(b.cells()));
    Some(found)
}

#[test]
fn rules_of_pairs_find_the_solutions_the_general_path_finds() {
    let (mut lines, mut tables, mut cages, mut whole) = (0, 0, 0, [0; 4]);
    let mut rng = Rng::from_seed(5);
    let mut seen = [0usize; 4];
    for round in 0..300 {
        let solved = solved_grid(&mut rng);
        let rules = pair_rules(&mut rng, &solved);
        let geometry = rules.geometry(Size::NINE).unwrap();
        assert!(geometry.has_classic_units() && !geometry.is_classic());
        // The fast path takes it on, with no table or sum too long.
        assert!(GeometryRules::of(&geometry, &mut Partners::default()).is_some());
        lines += geometry.consecutive_sets().len();
        tables += geometry.tables().len();
        cages += geometry.cages().len();
        for rule in geometry.whole_rules() {
            whole[match rule.kind {
                WholeKind::Total(_) => 0,
                WholeKind::SameInEachBox => 1,
                WholeKind::Sandwich(_) => 2,
                WholeKind::Quadruple(_) => 3,
            }] += 1;
        }
        seen[cut_and_compare(&mut rng, &geometry, &solved, round, &rules)] += 1;
    }
    // Puzzles with none, one and several solutions, and givens that break
    // the rules, were all met.
    assert!(seen.iter().all(|&times| times > 0), "{seen:?}");
    assert!(
        lines > 10 && tables > 10 && cages > 1000 && whole.iter().all(|&n| n > 50),
        "{lines} renban lines, {tables} tables, {cages} cages, {whole:?} kept whole"
    );
}

#[test]
fn the_branch_goes_to_the_cell_that_failed_most_often() {
    use super::search::most_failed;
    // Cells 3 and 20 in band 0, 30 in band 1, 60 in band 2.
    let cells = [1 << 3 | 1 << 20, 1 << 3, 1 << 6];
    let all = |_: usize| u32::MAX;
    // Before any failure: the first cell.
    assert_eq!(most_failed(&cells, all, None), Some(3));
    let mut failures = [0u32; 81];
    // A tie: still the first.
    assert_eq!(most_failed(&cells, all, Some(&failures)), Some(3));
    failures[30] = 2;
    failures[20] = 1;
    assert_eq!(most_failed(&cells, all, Some(&failures)), Some(30));
    failures[60] = 5;
    assert_eq!(most_failed(&cells, all, Some(&failures)), Some(60));
    // A mask of band 0 alone leaves out cells 30 and 60.
    let first_band = |band: usize| if band == 0 { u32::MAX } else { 0 };
    assert_eq!(most_failed(&cells, first_band, Some(&failures)), Some(20));
    assert_eq!(most_failed(&[0; 3], all, Some(&failures)), None);
}

#[test]
fn the_branch_goes_to_the_cell_whose_candidates_had_most_impact() {
    use super::search::most_impact;
    let mut state = super::state::State::new();
    // Cells 3 and 20 in band 0, 30 in band 1, 60 in band 2.
    let cells = [1 << 3 | 1 << 20, 1 << 3, 1 << 6];
    let all = |_: usize| u32::MAX;
    let mut impacts = [[0.1f32; 81]; 9];
    // A tie: the first.
    assert_eq!(most_impact(&state, &cells, all, &impacts), Some(3));
    impacts[4][30] = 0.5;
    impacts[2][20] = 0.3;
    assert_eq!(most_impact(&state, &cells, all, &impacts), Some(30));
    // A digit struck from a cell no longer counts there.
    state.strike(30, 4);
    assert_eq!(most_impact(&state, &cells, all, &impacts), Some(20));
    impacts[0][60] = 1.0;
    assert_eq!(most_impact(&state, &cells, all, &impacts), Some(60));
    // A mask of band 0 alone leaves out cells 30 and 60.
    let first_band = |band: usize| if band == 0 { u32::MAX } else { 0 };
    assert_eq!(most_impact(&state, &cells, first_band, &impacts), Some(20));
    assert_eq!(most_impact(&state, &[0; 3], all, &impacts), None);
}

/// The cells whose edges arc consistency reads and the cells the search
/// branches on first, on a 9x9 grid with `constraints`.
fn arc_sources_and_preferred(
    constraints: impl IntoIterator<Item = Constraint>,
) -> (Vec<usize>, Vec<usize>) {
    let rules = Rules {
        constraints: constraints.into_iter().collect(),
        ..Rules::default()
    };
    let geometry = rules.geometry(Size::NINE).unwrap();
    let mut partners = Partners::default();
    let rules = GeometryRules::of(&geometry, &mut partners).expect("the fast path");
    let cells_of = |masks: [u32; 3]| {
        (0..81)
            .filter(|&cell| masks[cell / 27] >> (cell % 27) & 1 != 0)
            .collect::<Vec<usize>>()
    };
    let (sources, preferred) = rules.arc_sources_and_preferred();
    (cells_of(sources), cells_of(preferred))
}

#[test]
fn arc_consistency_reads_no_pair_of_the_renban_lines_the_runs_reason_on() {
    // Cells 0, 1 and 2 (r1c1-r1c3) on a line of three; 0, 1, 10 and 19
    // on a line of four that shares the edge of cells 0 and 1; 40, 50 on a
    // line of two, which is only its pairs.
    let lines = [
        Constraint::Renban(vec![0, 1, 2]),
        Constraint::Renban(vec![0, 1, 10, 19]),
        Constraint::Renban(vec![40, 50]),
    ];
    let sources =
        |extra: Vec<Constraint>| arc_sources_and_preferred(lines.iter().cloned().chain(extra));
    // The pairs of the lines of three and four are left to their runs;
    // the line of two is only its pairs, read as edges. The cells of every
    // line are branched on first.
    let related = vec![0, 1, 2, 10, 19, 40, 50];
    assert_eq!(sources(vec![]), (vec![40, 50], related.clone()));
    // A dot on an edge of a line is a rule of its own: its two cells
    // prune by its edge.
    let dot = Constraint::WhiteDot {
        cells: [10, 19],
        difference: 1,
    };
    assert_eq!(sources(vec![dot]), (vec![10, 19, 40, 50], related));
}

#[test]
fn on_a_negative_grid_the_search_prefers_the_dots_not_every_related_cell() {
    let preferred = |constraints: Vec<Constraint>| arc_sources_and_preferred(constraints).1;
    let dots = || {
        [[0, 1], [30, 39]]
            .map(|cells| Constraint::BlackDot { cells, ratio: 2 })
            .to_vec()
    };
    // Dots alone: their cells are the related ones, and preferred.
    assert_eq!(preferred(dots()), vec![0, 1, 30, 39]);
    // With the negative rule every cell is related; only the dots' cells,
    // whose edges prune with many candidates, are preferred.
    let negative = dots()
        .into_iter()
        .chain([Constraint::NegativeBlack])
        .collect();
    assert_eq!(preferred(negative), vec![0, 1, 30, 39]);
    // A renban line keeps its cells preferred on a negative grid.
    let with_line = dots()
        .into_iter()
        .chain([
            Constraint::NegativeBlack,
            Constraint::Renban(vec![60, 61, 62]),
        ])
        .collect();
    assert_eq!(preferred(with_line), vec![0, 1, 30, 39, 60, 61, 62]);
}

#[test]
fn a_placement_that_strikes_both_places_of_a_digit_in_a_unit_is_struck() {
    use super::covers::strike_covering;
    use super::state::State;
    let mut rng = Rng::from_seed(8);
    let (mut struck, mut pairs) = (0, 0);
    for round in 0..120 {
        let solved = solved_grid(&mut rng);
        let mut rules = pair_rules(&mut rng, &solved);
        // Every other round on a jigsaw, whose units the look reads are
        // its rows and columns: the boxes are none of its units.
        let boxes = round % 2 == 0;
        let mut units = units();
        if !boxes {
            rules = on_random_regions(rules, &mut rng);
            units.truncate(18);
        }
        let geometry = rules.geometry(Size::NINE).unwrap();
        let mut partners = Partners::default();
        partners.clear(None);
        // Some placements struck at random, so that digits have two places
        // left in some units; then a few more, and a second look, which
        // reads again only the units whose places changed.
        let mut state = State::new();
        let mut allowed = [[true; 9]; 81];
        for share in [6, 1] {
            for (cell, digits) in allowed.iter_mut().enumerate() {
                for (digit, allows) in digits.iter_mut().enumerate() {
                    if rng.below(10) < share {
                        state.strike(cell, digit);
                        *allows = false;
                    }
                }
            }
            struck += strike_by_definition(&geometry, &units, &mut allowed, &mut pairs);
            strike_covering(&mut state, &partners, &geometry, boxes);
            for (cell, digits) in allowed.iter().enumerate() {
                for (digit, &allows) in digits.iter().enumerate() {
                    assert_eq!(state.allows(cell, digit), allows, "{digit} in {cell}");
                }
            }
        }
    }
    // Pairs of places were met, and placements that strike both.
    assert!(
        pairs > 1000 && struck > 100,
        "{pairs} pairs, {struck} struck"
    );
}

/// `rules` on random jigsaw regions, without the rules the fast path
/// leaves to the matrix on a jigsaw (cages and the rules kept whole).
fn on_random_regions(mut rules: Rules, rng: &mut Rng) -> Rules {
    use crate::sudoku::jigsaw::random_regions;
    use crate::sudoku::rules::Boxes;
    rules.constraints.retain(|constraint| {
        !matches!(
            constraint,
            Constraint::KillerCage(_)
                | Constraint::LittleKiller { .. }
                | Constraint::Sandwich { .. }
                | Constraint::RegionSum(_)
                | Constraint::Quadruple { .. }
        )
    });
    rules.boxes = Boxes::Regions(random_regions(Size::NINE, rng));
    rules
}

/// The units of the 9x9 grid as cell lists: rows, columns, boxes.
fn units() -> Vec<Vec<usize>> {
    (0..9)
        .map(|r| (0..9).map(|c| 9 * r + c).collect())
        .chain((0..9).map(|c| (0..9).map(|r| 9 * r + c).collect()))
        .chain((0..9).map(|b| {
            let (top, left) = (3 * (b / 3), 3 * (b % 3));
            (0..9).map(|k| 9 * (top + k / 3) + left + k % 3).collect()
        }))
        .collect()
}

/// Strikes from `allowed` what the fast path's look for placements that
/// strike both places of a digit in a unit strikes, by its definition:
/// digit after digit, each placement of another digit that is one of the
/// two places, or is in a group with it that the fast path reads
/// ([`Geometry::fast_path_groups`]) or refused with it by their relations,
/// for both. Returns how many were struck, and counts the pairs of places
/// met in `pairs`.
fn strike_by_definition(
    geometry: &Geometry,
    units: &[Vec<usize>],
    allowed: &mut [[bool; 9]; 81],
    pairs: &mut usize,
) -> usize {
    let groups = geometry.fast_path_groups();
    let relations = groups.relations();
    let refused = |(a, d): (usize, usize), (b, e): (usize, usize)| {
        let Ok(from) = relations.cells().binary_search(&(a as u32)) else {
            return false;
        };
        let mut edges = relations.edges(from);
        edges.any(|(to, _, supports)| {
            relations.cells()[to] as usize == b && supports[d] >> e & 1 == 0
        })
    };
    let together = |(a, d): (usize, usize), (b, e): (usize, usize)| {
        let grouped = groups.groups_of(9 * a + d).iter().any(|&group| {
            groups
                .group_placements(group as usize)
                .contains(&((9 * b + e) as u32))
        });
        grouped || d != e && refused((a, d), (b, e))
    };
    let mut struck = 0;
    for digit in 0..9 {
        let mut found = Vec::new();
        for unit in units {
            let places: Vec<usize> = unit
                .iter()
                .copied()
                .filter(|&c| allowed[c][digit])
                .collect();
            let &[a, b] = &places[..] else {
                continue;
            };
            *pairs += 1;
            for (cell, digits) in allowed.iter().enumerate() {
                for other in (0..9).filter(|&other| other != digit && digits[other]) {
                    let strikes =
                        |place: usize| cell == place || together((cell, other), (place, digit));
                    if strikes(a) && strikes(b) {
                        found.push((cell, other));
                    }
                }
            }
        }
        for (cell, other) in found {
            struck += usize::from(allowed[cell][other]);
            allowed[cell][other] = false;
        }
    }
    struck
}

#[test]
fn the_state_copied_at_each_branch_is_248_bytes() {
    // The size the module documentation and design.md give.
    assert_eq!(std::mem::size_of::<super::state::State>(), 248);
}

#[test]
fn the_non_consecutive_rule_alone_is_narrowed_in_closed_form() {
    let geometry_of = |constraints: Vec<Constraint>| {
        let rules = Rules {
            constraints,
            ..Rules::default()
        };
        rules.geometry(Size::NINE).unwrap()
    };
    let is_non_consecutive =
        |geometry: &Geometry| adjacent::is_non_consecutive(geometry.fast_path_groups().relations());
    assert!(is_non_consecutive(&geometry_of(vec![
        Constraint::NonConsecutive
    ])));
    // With another rule of pairs, the edges are not the rule's alone.
    assert!(!is_non_consecutive(&geometry_of(vec![
        Constraint::NonConsecutive,
        Constraint::NegativeBlack,
    ])));
    assert!(!is_non_consecutive(&geometry_of(vec![
        Constraint::NegativeBlack
    ])));
}

#[test]
fn the_closed_form_of_the_non_consecutive_rule_strikes_what_its_definition_does() {
    use super::state::Counts;
    let one_apart = |a: usize, b: usize| a.abs_diff(b) == 1;
    let is_neighbour = |p: usize, q: usize| (p / 9).abs_diff(q / 9) + (p % 9).abs_diff(q % 9) == 1;
    let mut rng = Rng::from_seed(11);
    let (mut unsupported, mut covering) = (0, 0);
    for round in 0..300 {
        // Every third state on a jigsaw: its boxes are no units.
        let boxes = round % 3 != 0;
        let mut units = units();
        if !boxes {
            units.truncate(18);
        }
        let state = random_state(&mut rng, 72);
        let touched: [u32; 3] = std::array::from_fn(|_| rng.below(1 << 27) as u32);
        let mut counts = Counts::default();
        for cell in 0..81 {
            let bit = 1 << (cell % 27);
            match state.candidates(cell).count_ones() {
                2 => counts.two[cell / 27] |= bit,
                3 => counts.three[cell / 27] |= bit,
                _ => {}
            }
        }
        // Arc consistency from the touched cells of two and three
        // candidates: a digit of a neighbour, which is also a peer, goes with
        // none of them (they differ by two or more).
        let mut expected = state;
        for cell in 0..81 {
            let candidates = state.candidates(cell);
            let count = candidates.count_ones();
            if touched[cell / 27] >> (cell % 27) & 1 == 0 || !(2..=3).contains(&count) {
                continue;
            }
            for other in (0..81).filter(|&other| is_neighbour(cell, other)) {
                for digit in 0..9 {
                    let goes_with =
                        |mine: usize| candidates >> mine & 1 != 0 && mine.abs_diff(digit) > 1;
                    if state.allows(other, digit) && !(0..9).any(goes_with) {
                        expected.strike(other, digit);
                        unsupported += 1;
                    }
                }
            }
        }
        let mut narrowed = state;
        adjacent::strike_unsupported(&mut narrowed, touched, &counts);
        assert_eq!(narrowed, expected);
        // Covering placements, digit after digit: a digit one apart from a
        // digit of two or three places in a unit, in a cell that is or
        // neighbours each of them.
        let mut expected = state;
        for digit in 0..9 {
            let before = expected;
            for unit in &units {
                let places: Vec<usize> = unit
                    .iter()
                    .copied()
                    .filter(|&cell| before.allows(cell, digit))
                    .collect();
                if !(2..=3).contains(&places.len()) {
                    continue;
                }
                for cell in 0..81 {
                    if places
                        .iter()
                        .all(|&place| place == cell || is_neighbour(cell, place))
                    {
                        for other in (0..9).filter(|&other| one_apart(other, digit)) {
                            covering += usize::from(expected.allows(cell, other));
                            expected.strike(cell, other);
                        }
                    }
                }
            }
        }
        let mut narrowed = state;
        adjacent::strike_covering(&mut narrowed, boxes);
        for cell in 0..81 {
            assert_eq!(
                narrowed.candidates(cell),
                expected.candidates(cell),
                "cell {cell}"
            );
        }
    }
    assert!(
        unsupported > 100 && covering > 100,
        "{unsupported} unsupported, {covering} covering"
    );
}

#[test]
fn the_closed_form_narrows_at_least_as_far_as_the_edge_walk() {
    use super::state::State;
    let geometry = non_consecutive_geometry();
    let (mut closed_partners, mut walking_partners) = (Partners::default(), Partners::default());
    let closed = GeometryRules::of(&geometry, &mut closed_partners).unwrap();
    let walking = GeometryRules::of(&geometry, &mut walking_partners)
        .unwrap()
        .walking_edges();
    let mut rng = Rng::from_seed(5);
    let (mut compared, mut stronger) = (0, 0);
    for _ in 0..1000 {
        // The same random placements under both, each followed by the
        // forced work, while neither finds a contradiction.
        let (mut a, mut b) = (State::new(), State::new());
        let mut placed = 0;
        for _ in 0..8 {
            let cell = rng.below(81);
            let candidates = a.candidates(cell);
            if candidates.count_ones() < 2 {
                continue;
            }
            let digits: Vec<usize> = (0..9).filter(|d| candidates >> d & 1 != 0).collect();
            let digit = digits[rng.below(digits.len())];
            assert!(
                b.allows(cell, digit),
                "the walk struck what the closed form kept"
            );
            a.place(cell, digit, &closed);
            b.place(cell, digit, &walking);
            let closed_result = a.propagate(&mut placed, &closed);
            let walking_result = b.propagate(&mut placed, &walking);
            if walking_result.is_err() {
                assert!(
                    closed_result.is_err(),
                    "only the walk found a contradiction"
                );
            }
            if closed_result.is_err() {
                break;
            }
            compared += 1;
            for cell in 0..81 {
                let (narrowed, walked) = (a.candidates(cell), b.candidates(cell));
                assert_eq!(narrowed & !walked, 0, "cell {cell}");
                stronger += usize::from(narrowed != walked);
            }
        }
    }
    assert!(
        compared > 2000 && stronger > 100,
        "{compared} states, {stronger} narrower cells"
    );
}

#[test]
fn a_placement_strikes_in_closed_form_what_its_gathered_partners_strike() {
    let geometry = non_consecutive_geometry();
    let mut partners = Partners::default();
    partners.clear(None);
    let mut rng = Rng::from_seed(17);
    let mut struck = 0;
    for _ in 0..20 {
        let state = random_state(&mut rng, 40);
        for cell in 0..81 {
            for digit in 0..9 {
                let (mut closed, mut gathered) = (state, state);
                adjacent::strike_neighbours(&mut closed, cell, digit);
                partners.strike(&geometry, &mut gathered, cell, digit);
                assert_eq!(closed, gathered, "digit {} in cell {cell}", digit + 1);
                struck += usize::from(closed != state);
            }
        }
    }
    assert!(struck > 10_000, "{struck} placements struck anything");
}

#[test]
fn on_the_non_consecutive_rule_alone_cells_beside_two_open_cells_come_first() {
    use super::state::ExtraRules;
    // Against the definition, on states of 5 to 80 givens.
    let mut rng = Rng::from_seed(61);
    let mut preferred = 0;
    for round in 0..200 {
        let puzzle = random_puzzle(&mut rng, (5 + round % 76) as f64 / 81.0);
        let Some(state) = super::state::State::with_givens(puzzle.cells()) else {
            continue;
        };
        let open = |cell: usize| puzzle.cells()[cell] == 0;
        let found = adjacent::open_beside_open(&state);
        for cell in 0..81 {
            let (row, column) = (cell / 9, cell % 9);
            let beside = (0..81usize)
                .filter(|&o| (o / 9).abs_diff(row) + (o % 9).abs_diff(column) == 1 && open(o))
                .count();
            let expected = open(cell) && beside >= 2;
            assert_eq!(
                found[cell / 27] >> (cell % 27) & 1 != 0,
                expected,
                "{puzzle:?} r{}c{}",
                row + 1,
                column + 1
            );
            preferred += usize::from(expected);
        }
    }
    assert!(preferred > 1_000, "{preferred} cells preferred");
    // Only where the rule is alone: with a diagonal or regions, the search
    // chooses as before.
    let state = super::state::State::new();
    let alone = non_consecutive_geometry();
    let mut partners = Partners::default();
    let rules = GeometryRules::of(&alone, &mut partners).unwrap();
    assert!(rules.preferred_now(&state).is_some());
    let with_x = Rules {
        constraints: vec![Constraint::NonConsecutive],
        variants: vec![crate::sudoku::variants::Variant::X],
        ..Rules::default()
    }
    .geometry(Size::NINE)
    .unwrap();
    let mut partners = Partners::default();
    let rules = GeometryRules::of(&with_x, &mut partners).unwrap();
    assert!(rules.preferred_now(&state).is_none());
}

/// The 9x9 geometry of the non-consecutive rule alone.
fn non_consecutive_geometry() -> Geometry {
    let rules = Rules {
        constraints: vec![Constraint::NonConsecutive],
        ..Rules::default()
    };
    rules.geometry(Size::NINE).unwrap()
}

/// A state with each candidate struck at random, `percent` in a hundred.
fn random_state(rng: &mut Rng, percent: usize) -> super::state::State {
    let mut state = super::state::State::new();
    for cell in 0..81 {
        for digit in 0..9 {
            if rng.below(100) < percent {
                state.strike(cell, digit);
            }
        }
    }
    state
}

/// Cuts `solved` (a solution under `geometry`) to a puzzle, keeping more
/// givens from round to round, a fifth of the time with one given
/// changed, and checks that the fast path finds the solutions the general
/// path finds ([`compare_paths`]).
fn cut_and_compare(
    rng: &mut Rng,
    geometry: &Geometry,
    solved: &Grid,
    round: usize,
    rules: &Rules,
) -> usize {
    let keep = [0, 50, 150, 300][round % 4];
    let puzzle = cut(rng, solved, keep, round % 5 == 0);
    compare_paths(geometry, &puzzle, rules)
}

/// `solved` with each digit kept `keep` times in a thousand, and one cell
/// given a random digit when `tamper` (which may leave no solution or
/// break a rule at once).
fn cut(rng: &mut Rng, solved: &Grid, keep: usize, tamper: bool) -> Grid {
    let mut cells = solved.cells().to_vec();
    for value in cells.iter_mut() {
        if rng.below(1000) >= keep {
            *value = 0;
        }
    }
    if tamper {
        let cell = rng.below(81);
        cells[cell] = rng.below(9) as u8 + 1;
    }
    Grid::from_cells(&cells).unwrap()
}

/// Checks that the fast path finds the solutions of `puzzle` the general
/// path finds (up to 3), each keeping the rules. Returns 0, 1 or 2 for the
/// solutions found (2 for several), 3 when the givens clash. `rules` names
/// the puzzle's rules in a failure.
fn compare_paths(geometry: &Geometry, puzzle: &Grid, rules: &Rules) -> usize {
    let expected = solutions(geometry, puzzle, 3, TieBreak::Leftmost);
    let found = solutions(geometry, puzzle, 3, TieBreak::MostHidden);
    // Below the limit the solutions are all of them, so the same; at
    // it, each path may meet others first.
    match (&found, &expected) {
        (Some(found), Some(expected)) if expected.len() == 3 => assert_eq!(found.len(), 3),
        _ => assert_eq!(found, expected, "{puzzle:?} {rules:?}"),
    }
    for solution in found.iter().flatten() {
        assert!(solution.keeps_givens_of(puzzle));
        assert!(geometry.first_conflict(solution).is_none());
    }
    expected.map_or(3, |found| found.len().min(2))
}

#[test]
fn extra_units_find_the_solutions_the_general_path_finds() {
    use crate::sudoku::variants::Variant;
    let mut rng = Rng::from_seed(23);
    let mut seen = [0usize; 4];
    for round in 0..240 {
        let variants = match round % 4 {
            0 => vec![Variant::X],
            1 => vec![Variant::Hyper],
            2 => vec![Variant::Disjoint],
            _ => vec![Variant::X, Variant::Hyper, Variant::Disjoint],
        };
        let plain = Rules {
            variants: variants.clone(),
            ..Rules::default()
        };
        let plain = plain.geometry(Size::NINE).unwrap();
        // A solution of the variants: the general path's first from a few
        // random givens.
        let solved = loop {
            let mut cells = [0u8; 81];
            for _ in 0..6 {
                cells[rng.below(81)] = rng.below(9) as u8 + 1;
            }
            let puzzle = Grid::from_cells(&cells).unwrap();
            let found = solutions(&plain, &puzzle, 1, TieBreak::Leftmost);
            if let Some(solution) = found.and_then(|found| found.into_iter().next()) {
                break solution;
            }
        };
        // Half of them with rules of pairs, cages and the rest drawn on it.
        let mut rules = match round % 2 {
            0 => pair_rules(&mut rng, &solved),
            _ => Rules::default(),
        };
        rules.variants = variants;
        let geometry = rules.geometry(Size::NINE).unwrap();
        assert!(geometry.has_classic_units() && !geometry.is_classic());
        assert!(GeometryRules::of(&geometry, &mut Partners::default()).is_some());
        seen[cut_and_compare(&mut rng, &geometry, &solved, round, &rules)] += 1;
    }
    assert!(seen.iter().all(|&times| times > 10), "{seen:?}");
}

/// The solutions of `puzzle` under `rules` up to `limit`, sorted, by a fast
/// path whose runs start again after `first_run` nodes without a solution,
/// and how many times it started again; `None` when the givens clash.
fn solutions_restarting(
    rules: &GeometryRules,
    puzzle: &Grid,
    limit: u64,
    first_run: u64,
) -> Option<(Vec<Grid>, u32)> {
    let mut fast9 = Fast9::with_first_run(first_run);
    let mut found = Vec::new();
    let mut solution = Grid::empty(Size::NINE);
    fast9.solve(rules, puzzle.cells(), limit, u64::MAX, &mut solution, |s| {
        found.push(s.clone())
    })?;
    found.sort_by(|a, b| a.cells().cmp(b.cells()));
    Some((found, fast9.restarts()))
}

#[test]
fn a_search_that_starts_again_sees_each_solution_once() {
    let mut rng = Rng::from_seed(31);
    let (mut restarts, mut several, mut none) = (0, 0, 0);
    for round in 0..60 {
        let solved = solved_grid(&mut rng);
        let rules = pair_rules(&mut rng, &solved);
        let geometry = rules.geometry(Size::NINE).unwrap();
        let mut partners = Partners::default();
        let fast_rules = GeometryRules::of(&geometry, &mut partners).unwrap();
        let keep = [0.0, 0.1, 0.2, 0.3][round % 4];
        let mut cells = solved.cells().to_vec();
        for value in cells.iter_mut() {
            if (rng.below(1000) as f64) >= keep * 1000.0 {
                *value = 0;
            }
        }
        if round % 5 == 0 {
            cells[rng.below(81)] = rng.below(9) as u8 + 1;
        }
        let puzzle = Grid::from_cells(&cells).unwrap();
        let limit = 200;
        let plain = solutions_restarting(&fast_rules, &puzzle, limit, u64::MAX);
        let again = solutions_restarting(&fast_rules, &puzzle, limit, 2);
        let (Some((plain, never)), Some((again, times))) = (plain, again) else {
            continue;
        };
        assert_eq!(never, 0);
        if plain.len() < limit as usize {
            // Every solution, each once, whatever the order of the runs.
            assert_eq!(again, plain, "{puzzle:?} {rules:?}");
        } else {
            assert_eq!(again.len(), plain.len());
            assert!(again.windows(2).all(|pair| pair[0] != pair[1]));
        }
        for solution in &again {
            assert!(solution.keeps_givens_of(&puzzle));
            assert!(geometry.first_conflict(solution).is_none());
        }
        restarts += times;
        // Searches that started again and then found every solution, more
        // than one, and searches of puzzles with none.
        several += usize::from(times > 0 && plain.len() > 1 && plain.len() < limit as usize);
        none += usize::from(plain.is_empty());
    }
    assert!(
        restarts > 20 && several > 2 && none > 2,
        "{restarts} {several} {none}"
    );
}

#[test]
fn two_quadruples_that_need_a_6_in_the_same_two_columns_do_not_trap_the_search() {
    // r6c3, r6c4, r7c3 and r7c4 hold a 3, a 6 and a 9; r8c3, r8c4, r9c3
    // and r9c4 a 1 and a 6: one 6 in each of columns 3 and 4 below row 5,
    // so none above, which no cell sees. Branching on the rows from the top
    // in digit order puts a 6 there, and with the 3 of r1c1 the search
    // once spent more than 20,000,000 nodes under it without a solution.
    let quadruple = |cells: [usize; 4], digits: &[u8]| Constraint::Quadruple {
        cells: cells.to_vec(),
        digits: digits.to_vec(),
    };
    let rules = Rules {
        constraints: vec![
            quadruple([47, 48, 56, 57], &[3, 6, 9]),
            quadruple([65, 66, 74, 75], &[1, 6]),
        ],
        ..Rules::default()
    };
    let geometry = rules.geometry(Size::NINE).unwrap();
    let mut cells = [0u8; 81];
    cells[0] = 3;
    let puzzle = Grid::from_cells(&cells).unwrap();
    let mut solver = Solver::new();
    solver.set_node_budget(Some(300_000));
    let mut found = Vec::new();
    let stats = solver
        .solve_in(&geometry, &puzzle, 1, |s| found.push(s.clone()))
        .unwrap();
    assert!(!stats.stopped_at_node_budget, "{stats:?}");
    assert_eq!(found.len(), 1);
    assert!(found[0].keeps_givens_of(&puzzle) && geometry.first_conflict(&found[0]).is_none());
}

#[test]
fn the_regions_the_windows_of_hyper_imply_prove_what_the_units_alone_take_millions_of_nodes_for() {
    use crate::sudoku::variants::Variant;
    // Rows 1, 5 and 9 of columns 2 to 4 hold each digit once (the columns
    // hold it three times, the two windows there twice), and so do four
    // more such regions; with them, a 4 in r1c7 beside the 5 of r4c1, the
    // 9 of r7c3 and the 4 of r9c8 is refuted in tens of thousands of
    // nodes, where the search on the units alone spent 20,000,000.
    let rules = Rules {
        variants: vec![Variant::Hyper],
        ..Rules::default()
    };
    let geometry = rules.geometry(Size::NINE).unwrap();
    let mut cells = [0u8; 81];
    (cells[6], cells[27], cells[56], cells[79]) = (4, 5, 9, 4);
    let puzzle = Grid::from_cells(&cells).unwrap();
    let mut solver = Solver::new();
    solver.set_node_budget(Some(300_000));
    let stats = solver.solve_in(&geometry, &puzzle, 1, |_| {}).unwrap();
    assert_eq!(stats.solutions, 0);
    assert!(!stats.stopped_at_node_budget, "{stats:?}");
    // Without the 4 of r1c7 the grid has solutions, and each keeps to
    // the implied regions.
    cells[6] = 0;
    let puzzle = Grid::from_cells(&cells).unwrap();
    let mut found = Vec::new();
    solver
        .solve_in(&geometry, &puzzle, 5, |s| found.push(s.clone()))
        .unwrap();
    assert_eq!(found.len(), 5);
    for solution in &found {
        assert!(geometry.first_conflict(solution).is_none());
        for rows in [[0, 4, 8], [1, 2, 3], [5, 6, 7]] {
            for columns in [[0, 4, 8], [1, 2, 3], [5, 6, 7]] {
                if rows != [0, 4, 8] && columns != [0, 4, 8] {
                    continue;
                }
                let mut digits: Vec<u8> = rows
                    .iter()
                    .flat_map(|&r| columns.iter().map(move |&c| 9 * r + c))
                    .map(|cell| solution.cells()[cell])
                    .collect();
                digits.sort_unstable();
                assert_eq!(digits, (1..=9).collect::<Vec<u8>>(), "{rows:?} {columns:?}");
            }
        }
    }
}

#[test]
fn jigsaws_with_rules_of_pairs_find_the_solutions_the_general_path_finds() {
    use crate::sudoku::jigsaw::JigsawGenerator;
    use crate::sudoku::variants::Variant;
    let mut rng = Rng::from_seed(31);
    let mut layouts = JigsawGenerator::new();
    let (mut taken, mut seen) = (0, [0usize; 4]);
    for round in 0..200 {
        // Every fourth layout with the diagonals of x, and one in four
        // with the windows of hyper: extra units beside the regions.
        let variants = match round % 4 {
            1 => vec![Variant::X],
            3 => vec![Variant::Hyper],
            _ => Vec::new(),
        };
        let base = Rules {
            variants: variants.clone(),
            ..Rules::default()
        };
        let (layout, plain) = layouts
            .layout(&base, Size::NINE, &mut rng)
            .expect("a layout with a grid");
        assert!(plain.has_jigsaw_units() && !plain.has_classic_units());
        let empty = Grid::empty(Size::NINE);
        let solved = solutions(&plain, &empty, 1, TieBreak::MostHidden).unwrap()[0].clone();
        // Rules of pairs drawn on that solution, on its regions; the fast
        // path leaves cages and the rules kept whole to the matrix.
        let mut rules = on_random_regions(pair_rules(&mut rng, &solved), &mut rng);
        rules.boxes = layout.boxes.clone();
        rules.variants.extend(variants);
        let geometry = rules.geometry(Size::NINE).unwrap();
        assert!(geometry.has_jigsaw_units());
        taken += usize::from(GeometryRules::of(&geometry, &mut Partners::default()).is_some());
        // Givens kept from the solution, a fifth of the puzzles tampered;
        // the matrix's leftmost search is slow on a jigsaw of no givens.
        let keep = [200, 350, 500][round % 3];
        let puzzle = cut(&mut rng, &solved, keep, round % 5 == 0);
        seen[compare_paths(&geometry, &puzzle, &rules)] += 1;
        // With a try of 3 nodes, every search that has a solution to find
        // (40 open cells or more) gives the puzzle up to the matrix: the
        // same solutions again.
        let mut solver = Solver::new();
        solver.set_jigsaw_try(3);
        let mut tried = Vec::new();
        let stats = solver.solve_in(&geometry, &puzzle, 3, |s| tried.push(s.clone()));
        tried.sort_by(|a, b| a.cells().cmp(b.cells()));
        let expected = solutions(&geometry, &puzzle, 3, TieBreak::MostHidden);
        match (&expected, stats) {
            (Some(expected), Ok(stats)) if expected.len() == 3 => {
                assert_eq!(stats.solutions, 3);
                assert_eq!(tried.len(), 3);
            }
            (Some(expected), Ok(stats)) => {
                assert_eq!(&tried, expected, "{puzzle:?} {rules:?}");
                assert_eq!(stats.solutions, expected.len() as u64);
                assert!(!stats.stopped_at_node_budget);
            }
            (None, stats) => assert!(stats.is_err()),
            (Some(_), Err(conflict)) => panic!("{conflict:?} {puzzle:?}"),
        }
    }
    // The fast path takes nearly every one (not a table too long).
    assert!(taken > 190, "{taken} of 200 on the fast path");
    assert!(seen.iter().all(|&times| times > 0), "{seen:?}");
}

#[test]
fn a_search_gives_up_at_its_try_only_while_it_has_no_solution() {
    let geometry = non_consecutive_geometry();
    let mut partners = Partners::default();
    let rules = GeometryRules::of(&geometry, &mut partners).unwrap();
    let empty = [0u8; 81];
    let mut solution = Grid::empty(Size::NINE);
    let mut fast9 = Fast9::default();
    // The nodes to the first solution of the empty grid, and the count of
    // a few solutions within a budget.
    let first = fast9
        .solve(&rules, &empty, 1, u64::MAX, &mut solution, |_| {})
        .unwrap()
        .nodes;
    assert!(first > 20, "{first}");
    let budget = first + 2_000;
    let whole = fast9
        .solve(&rules, &empty, 50, budget, &mut solution, |_| {})
        .unwrap();
    assert!(!fast9.gave_up());
    // A try of 5 nodes: no solution by then, so the search gives up.
    fast9.search.give_up_after(5);
    let stats = fast9
        .solve(&rules, &empty, 50, budget, &mut solution, |_| {})
        .unwrap();
    assert!(fast9.gave_up() && stats.stopped_at_node_budget);
    assert_eq!(stats.solutions, 0);
    assert!((5..first).contains(&stats.nodes), "{} nodes", stats.nodes);
    // A try as long as the first solution takes: once it is found the
    // search keeps its whole budget, as without a try.
    fast9.search.give_up_after(first);
    let stats = fast9
        .solve(&rules, &empty, 50, budget, &mut solution, |_| {})
        .unwrap();
    assert!(!fast9.gave_up());
    assert_eq!(stats, whole);
}

#[test]
fn a_search_given_up_to_the_matrix_keeps_to_the_one_budget() {
    use crate::sudoku::rules::Boxes;
    // An empty jigsaw with the non-consecutive rule: neither search finds
    // a grid of this layout within thousands of nodes.
    let regions =
        "222222111424321151444323351443333651744663651776666655779999555788889999777888889";
    let rules = Rules {
        boxes: Boxes::Regions(regions.bytes().map(|b| b - b'1').collect()),
        constraints: vec![Constraint::NonConsecutive],
        ..Rules::default()
    };
    let geometry = rules.geometry(Size::NINE).unwrap();
    assert!(geometry.has_jigsaw_units());
    let mut solver = Solver::new();
    solver.set_jigsaw_try(1_000);
    solver.set_node_budget(Some(5_000));
    let empty = Grid::empty(Size::NINE);
    let stats = solver.solve_in(&geometry, &empty, 1, |_| {}).unwrap();
    assert!(stats.stopped_at_node_budget && stats.solutions == 0);
    // The try's nodes and the matrix's: the budget, give or take the
    // digits forced by the last placement of the try.
    assert!(
        (5_000..5_100).contains(&stats.nodes),
        "{} nodes",
        stats.nodes
    );
}
