//! Killer cages cross-checked against an independent checker: random
//! killer puzzles counted up to 2 by the solver (its 9x9 fast path, and
//! the exact-cover matrix with both encodings of cages) and by plain
//! backtracking on the rules themselves (`common::killer_oracle`), and the
//! generator's puzzles checked the same way. The logical solver's steps on
//! killers (cage combinations and the 45 rule among them) keep every
//! solution of random killers and of the bundled killer set.

use std::collections::BTreeSet;

use crate::common;

use common::killer_oracle::KillerRules;
use sudoku_dlx::engine::TieBreak;
use sudoku_dlx::{
    Cage, Constraint, Explainer, Generator, Grid, KillerGenerator, Rng, Rules, Size, Solver,
    Technique, KILLER_NODE_BUDGET,
};

/// Random cages cut from `solution`: connected pieces of 1 to `largest`
/// cells, one in `no_sum` without a sum, one in `wrong` with its sum one
/// off.
fn random_cages(
    solution: &Grid,
    rng: &mut Rng,
    largest: usize,
    no_sum: usize,
    wrong: usize,
) -> Vec<Cage> {
    let n = solution.size().side();
    let cells = solution.cells();
    let mut taken = vec![false; cells.len()];
    let mut order: Vec<usize> = (0..cells.len()).collect();
    rng.shuffle(&mut order);
    let mut cages = Vec::new();
    for seed in order {
        if taken[seed] {
            continue;
        }
        taken[seed] = true;
        let target = 1 + rng.below(largest);
        let mut cage = vec![seed];
        while cage.len() < target {
            let next: Vec<usize> = cage
                .iter()
                .flat_map(|&c| [c.wrapping_sub(n), c + n, c.wrapping_sub(1), c + 1].map(|o| (c, o)))
                .filter(|&(c, o)| o < cells.len() && (o / n == c / n || o % n == c % n))
                .map(|(_, o)| o)
                .filter(|&o| !taken[o] && cage.iter().all(|&c| cells[c] != cells[o]))
                .collect();
            if next.is_empty() {
                break;
            }
            let cell = next[rng.below(next.len())];
            taken[cell] = true;
            cage.push(cell);
        }
        let total: u32 = cage.iter().map(|&c| u32::from(cells[c])).sum();
        let sum = match rng.below(100) {
            r if r < no_sum => None,
            r if r < no_sum + wrong => Some(if rng.below(2) == 0 {
                total + 1
            } else {
                total - 1
            }),
            _ => Some(total),
        };
        cages.push(Cage { cells: cage, sum });
    }
    cages
}

/// `solution` with `givens` random cells kept.
fn cut(solution: &Grid, rng: &mut Rng, givens: usize) -> Grid {
    let mut puzzle = Grid::empty(solution.size());
    for _ in 0..givens {
        let cell = rng.below(solution.cells().len());
        puzzle.set(cell, solution.cells()[cell]);
    }
    puzzle
}

/// The solutions of a killer puzzle counted up to 2 by the solver, each
/// checked on the rules by the oracle; 0 when the rules or the givens
/// are refused.
fn solver_count(solver: &mut Solver, cages: &[Cage], puzzle: &Grid, oracle: &KillerRules) -> u64 {
    let rules = killer_rules(cages.iter().cloned());
    let Ok(geometry) = rules.geometry(puzzle.size()) else {
        return 0;
    };
    let result = solver.solve_in(&geometry, puzzle, 2, |solution| {
        assert!(solution.is_complete() && solution.keeps_givens_of(puzzle));
        assert!(oracle.obeys(solution.cells()), "{solution:?}");
    });
    match result {
        Ok(stats) => stats.solutions,
        Err(conflict) => {
            assert!(!oracle.obeys(puzzle.cells()), "{conflict}");
            0
        }
    }
}

/// The classic rules with `cages`.
fn killer_rules(cages: impl IntoIterator<Item = Cage>) -> Rules {
    Rules {
        constraints: cages.into_iter().map(Constraint::KillerCage).collect(),
        ..Rules::classic()
    }
}

fn oracle_of(size: Size, cages: &[Cage]) -> KillerRules {
    KillerRules::new(
        size.side(),
        cages
            .iter()
            .map(|cage| (cage.cells.clone(), cage.sum))
            .collect(),
    )
}

/// Cross-checks `rounds` random puzzles of `size` and returns how many had
/// 0, 1 and 2 or more solutions.
fn cross_check(
    size: Size,
    rounds: u64,
    seed: u64,
    settings: impl Fn(u64) -> (usize, usize, usize, usize),
) -> [u64; 3] {
    let mut generator = Generator::new();
    // The default solver (on 9x9, the bitboard fast path); then the matrix
    // (the leftmost tie break keeps the fast path out), with cages encoded
    // by assignments where they are few (the default), and with every cage
    // by digit combinations.
    let mut solver = Solver::new();
    let mut by_assignments = Solver::new();
    by_assignments.set_tie_break(TieBreak::Leftmost);
    let mut by_combinations = Solver::new();
    by_combinations.set_tie_break(TieBreak::Leftmost);
    by_combinations.set_assignment_limit(0);
    let mut outcomes = [0; 3];
    for round in 0..rounds {
        let mut rng = Rng::for_item(seed, round);
        let (largest, no_sum, wrong, givens) = settings(round);
        let solution = generator.solved(size, &mut rng);
        let cages = random_cages(&solution, &mut rng, largest, no_sum, wrong);
        let puzzle = cut(&solution, &mut rng, givens);
        let oracle = oracle_of(size, &cages);
        let expected = oracle.count(puzzle.cells(), 2);
        let found = solver_count(&mut solver, &cages, &puzzle, &oracle);
        assert_eq!(found, expected, "round {round}: {puzzle:?} {cages:?}");
        let found = solver_count(&mut by_assignments, &cages, &puzzle, &oracle);
        assert_eq!(
            found, expected,
            "assignments, round {round}: {puzzle:?} {cages:?}"
        );
        let found = solver_count(&mut by_combinations, &cages, &puzzle, &oracle);
        assert_eq!(
            found, expected,
            "combinations, round {round}: {puzzle:?} {cages:?}"
        );
        outcomes[found as usize] += 1;
    }
    outcomes
}

#[test]
fn four_by_four_killers_agree_with_plain_backtracking() {
    // Cages of up to 4 cells, a third without a sum, some sums wrong, up
    // to 3 givens.
    let outcomes = cross_check(Size::FOUR, 1000, 41, |round| {
        (
            2 + (round % 3) as usize,
            30,
            8 * (round % 2) as usize,
            (round % 4) as usize,
        )
    });
    assert!(outcomes.iter().all(|&count| count > 50), "{outcomes:?}");
}

#[test]
fn nine_by_nine_killers_agree_with_plain_backtracking() {
    // Cages of up to 5 to 9 cells, some without a sum, some sums wrong,
    // 20 to 35 givens drawn (with repeats) so that plain backtracking
    // stays quick.
    let outcomes = cross_check(Size::NINE, 300, 42, |round| {
        (
            5 + (round % 5) as usize,
            40,
            5 * (round % 2) as usize,
            20 + (round % 16) as usize,
        )
    });
    assert!(outcomes.iter().all(|&count| count > 20), "{outcomes:?}");
}

#[test]
fn generated_four_by_four_killers_are_unique_have_right_sums_and_need_every_sum() {
    check_generated_killers(Size::FOUR, 0..20);
}

/// Release builds only (`.ci/reliability`): a 9x9 killer takes seconds to
/// make in release, minutes in a debug build.
#[test]
#[ignore]
fn generated_nine_by_nine_killers_are_unique_have_right_sums_and_need_every_sum() {
    check_generated_killers(Size::NINE, 0..2);
}

fn check_generated_killers(size: Size, seeds: std::ops::Range<u64>) {
    let mut generator = KillerGenerator::new();
    let mut solver = Solver::new();
    for seed in seeds {
        let killer = generator.puzzle(size, &mut Rng::from_seed(seed)).unwrap();
        let cages: &Vec<Cage> = &killer.rules.cages().cloned().collect();
        let oracle = oracle_of(size, cages);
        let empty = Grid::empty(size);
        assert!(oracle.obeys(killer.solution.cells()));
        assert!(killer.solution.is_solved());
        // Plain backtracking is quick enough on 4x4 killers without
        // givens; 9x9 ones are counted by the solver, its solution
        // checked by the oracle.
        if size == Size::FOUR {
            assert_eq!(oracle.count(empty.cells(), 2), 1, "seed {seed}");
        } else {
            solver.set_node_budget(None);
            let count = solver_count(&mut solver, cages, &empty, &oracle);
            assert_eq!(count, 1, "seed {seed}");
        }
        // Minimal: without any one of its sums, a second solution, or
        // a count the generator's budget does not settle.
        for (k, cage) in cages.iter().enumerate().filter(|(_, c)| c.sum.is_some()) {
            let mut fewer = cages.clone();
            fewer[k].sum = None;
            let geometry = killer_rules(fewer).geometry(size).unwrap();
            solver.set_node_budget(Some(KILLER_NODE_BUDGET));
            let stats = solver.solve_in(&geometry, &empty, 2, |_| {}).unwrap();
            let unsettled = stats.stopped_at_node_budget;
            assert!(
                unsettled || stats.solutions == 2,
                "seed {seed}, sum of {cage:?}"
            );
        }
    }
}

/// A cage whose givens already add up to more than its sum has no
/// solution, and says so without a panic (the search's bookkeeping of the
/// sum left must not go below zero).
#[test]
fn givens_over_a_cage_sum_leave_no_solution() {
    let rules = killer_rules([Cage {
        cells: vec![0, 1, 2],
        sum: Some(6),
    }]);
    let geometry = rules.geometry(Size::NINE).unwrap();
    let mut puzzle = Grid::empty(Size::NINE);
    puzzle.set(0, 9);
    let count = Solver::new()
        .count_solutions_in(&geometry, &puzzle, 2)
        .unwrap();
    assert_eq!(count.found, 0);
    // The same cage with room left for its sum is satisfiable.
    puzzle.set(0, 1);
    let count = Solver::new()
        .count_solutions_in(&geometry, &puzzle, 2)
        .unwrap();
    assert_eq!((count.found, count.at_limit), (2, true));
}

/// A renban line through cages encoded by assignments (options that fill
/// several cells at once) counts as through cages encoded by digit
/// combinations, and every solution keeps both rules: the line's
/// propagation must not misread a cell an assignment filled.
#[test]
fn renban_lines_through_assigned_cages_count_as_through_combinations() {
    let cages = vec![
        Cage {
            cells: vec![0, 1],
            sum: Some(3),
        },
        Cage {
            cells: vec![4, 5],
            sum: Some(7),
        },
    ];
    let line = vec![0, 4, 8];
    let mut rules = killer_rules(cages.iter().cloned());
    rules.constraints.push(Constraint::Renban(line.clone()));
    let geometry = rules.geometry(Size::FOUR).unwrap();
    let puzzle = Grid::empty(Size::FOUR);
    let mut counts = Vec::new();
    for limit in [0, 1_000] {
        let mut solver = Solver::new();
        solver.set_assignment_limit(limit);
        let stats = solver
            .solve_in(&geometry, &puzzle, 1_000, |solution| {
                let digits: Vec<u8> = line.iter().map(|&cell| solution.cells()[cell]).collect();
                let (low, high) = (digits.iter().min().unwrap(), digits.iter().max().unwrap());
                assert_eq!(usize::from(high - low) + 1, line.len(), "{solution:?}");
                for cage in &cages {
                    let sum: u32 = cage
                        .cells
                        .iter()
                        .map(|&c| u32::from(solution.cells()[c]))
                        .sum();
                    assert_eq!(Some(sum), cage.sum, "{solution:?}");
                }
            })
            .unwrap();
        counts.push(stats.solutions);
    }
    assert!(counts[0] > 0 && counts[0] < 1_000, "{counts:?}");
    assert_eq!(counts[0], counts[1]);
}

/// Random killers (cages of 1 to 6 cells cut from a random solution, some
/// without a sum, a few givens) with one to 40 solutions: every step of the
/// logical path keeps every solution, a unique one is solved, and the cage
/// steps (combinations, the 45 rule, locked candidates between a cage and
/// a unit) are among them.
#[test]
fn random_killers_are_explained_soundly_by_their_cage_steps() {
    let mut generator = Generator::new();
    let mut solver = Solver::new();
    let mut explainer = Explainer::new();
    let mut used = BTreeSet::new();
    // Locked candidates between a cage and a unit.
    let mut cage_locked = BTreeSet::new();
    let (mut unique, mut several) = (0, 0);
    for (size, rounds) in [(Size::FOUR, 150), (Size::NINE, 150)] {
        for round in 0..rounds {
            let mut rng = Rng::for_item(43, round);
            let solution = generator.solved(size, &mut rng);
            let largest = 2 + rng.below(5);
            let cages = random_cages(&solution, &mut rng, largest, 15, 0);
            let givens = rng.below(6);
            let puzzle = cut(&solution, &mut rng, givens);
            let geometry = killer_rules(cages.iter().cloned()).geometry(size).unwrap();
            let mut solutions = Vec::new();
            let stats = solver
                .solve_in(&geometry, &puzzle, 40, |s| solutions.push(s.clone()))
                .unwrap();
            if stats.solutions == 40 || stats.stopped_at_node_budget {
                continue;
            }
            let path = explainer.explain(&geometry, &puzzle).unwrap();
            let what = format!("{size:?} round {round}: {puzzle:?} {cages:?}");
            common::assert_keeps_every_solution(&what, &path, &solutions);
            used.extend(path.steps.iter().map(|step| step.technique));
            cage_locked.extend(path.steps.iter().filter_map(|step| {
                let of_cage =
                    step.clue.contains("every combination") || step.clue.contains("lies in cage");
                of_cage.then_some(step.technique)
            }));
            if solutions.len() == 1 {
                assert!(path.solved, "{what}: the path stops short");
                assert_eq!(path.solution, solutions[0].cells(), "{what}");
                unique += 1;
            } else {
                several += 1;
            }
        }
    }
    assert!(
        unique > 50 && several > 20,
        "{unique} unique, {several} with several"
    );
    for technique in [Technique::CageCombination, Technique::InniesOuties] {
        assert!(
            used.contains(&technique),
            "no step used {technique}: {used:?}"
        );
    }
    for technique in [Technique::LockedPointing, Technique::LockedClaiming] {
        assert!(
            cage_locked.contains(&technique),
            "no cage step used {technique}"
        );
    }
}

/// The bundled killer set (`puzzles/variants/killer.jsonl`, 60 puzzles of
/// about two givens): every path is sound and ends in the solution, and the
/// cage steps leave nearly every puzzle without a bifurcation.
#[test]
fn the_bundled_killers_are_explained_soundly_and_mostly_without_a_bifurcation() {
    let (puzzles, without_bifurcation) = common::explain_bundled_variant_set("killer", usize::MAX);
    assert_eq!(puzzles, 60);
    assert!(
        without_bifurcation >= 55,
        "{without_bifurcation} of {puzzles} without a bifurcation"
    );
}
