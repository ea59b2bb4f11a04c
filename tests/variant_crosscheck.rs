//! The solver's counts up to 2 under every variant rule and box shape,
//! checked against plain backtracking on the rules themselves.
//!
//! For each rule on 9x9 (and a few pairs of rules) and on 6x6 with 2x3 and
//! 3x2 boxes (every rule but hyper, which is 9x9 only), each box shape (6x6
//! as 2x3 and 3x2, 8x8, 10x10, 12x12) and Latin squares (5x5, 7x7), random
//! solved grids made by the library under those rules are each cut into ten
//! puzzles, keeping a random share of the cells, so that some have one
//! solution and some several; every fifth puzzle gets a wrong digit in a
//! cell (against no given where possible) and every fifth another one or
//! two digits overwritten, so that some have none and some break the rules
//! with their givens. On each
//! puzzle, [`Solver::solve_in`] on the geometry of the rules must agree with
//! the oracle (`tests/common/variant_oracle.rs`, or `tests/common/oracle.rs`
//! for the box shapes) on whether the givens break a rule and on the count
//! up to 2; each solution it gives must be a solution by the oracle, keep
//! the givens and differ from the other. All the puzzles of a rule then go
//! through the real binary (`count --limit 2` with `--variant` or
//! `--boxes`), whose answers must be the oracle's too. Each rule must see
//! puzzles with one solution, with several and with none, so that no check
//! passes vacuously.
//!
//! `$SUDOKU_CROSSCHECK_PUZZLES` sets the number of puzzles per rule or shape:
//! 50 unless set; `.ci/reliability` runs 1,000 in a release build.

use crate::common;

use std::collections::HashSet;
use std::fmt;
use std::time::{Duration, Instant};

use common::binary::run;
use common::oracle;
use common::variant_oracle::{Rule, VariantRules};
use sudoku_dlx::{Boxes, Generator, Geometry, Grid, Rng, Rules, Size, Solver, Variant};

/// Puzzles per rule or shape.
fn puzzles() -> usize {
    std::env::var("SUDOKU_CROSSCHECK_PUZZLES")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(50)
}

/// The oracle's name for a rule of the library.
fn rule(variant: Variant) -> Rule {
    match variant {
        Variant::X => Rule::X,
        Variant::Hyper => Rule::Hyper,
        Variant::Disjoint => Rule::Disjoint,
        Variant::AntiKing => Rule::AntiKing,
        Variant::AntiKnight => Rule::AntiKnight,
        Variant::NonConsecutive => Rule::NonConsecutive,
    }
}

/// One set of rules to check: the library's and the oracle's view of them.
struct Case {
    side: usize,
    rules: Rules,
    /// The range of the share of cells kept, in thousandths.
    keep: std::ops::Range<usize>,
    seed: u64,
}

impl Case {
    /// A 9x9 grid with its 3x3 boxes and `variants`.
    fn variants(variants: &[Variant], seed: u64) -> Case {
        Case {
            side: 9,
            rules: Rules {
                variants: variants.to_vec(),
                ..Rules::classic()
            },
            keep: 150..750,
            seed,
        }
    }

    /// A 6x6 grid with boxes of `rows` x `columns` and `variant`.
    fn six_by_six(rows: usize, columns: usize, variant: Variant, seed: u64) -> Case {
        Case {
            side: 6,
            rules: Rules {
                boxes: Boxes::Shape { rows, columns },
                variants: vec![variant],
                ..Rules::classic()
            },
            keep: 100..700,
            seed,
        }
    }

    /// A grid of `side` with `boxes` and no variant rule.
    fn shape(side: usize, boxes: Boxes, keep: std::ops::Range<usize>, seed: u64) -> Case {
        Case {
            side,
            rules: Rules {
                boxes,
                ..Rules::classic()
            },
            keep,
            seed,
        }
    }

    fn size(&self) -> Size {
        Size::from_side(self.side).expect("a supported size")
    }

    /// The rows and columns of one box, `None` for a Latin square.
    fn box_shape(&self) -> Option<(usize, usize)> {
        match self.rules.boxes {
            Boxes::Standard => self.size().box_shape(),
            Boxes::Shape { rows, columns } => Some((rows, columns)),
            Boxes::None => None,
            Boxes::Regions(_) => unreachable!("no regions here"),
        }
    }

    /// The oracle's count up to 2; `None` when the givens break a rule.
    /// Without variant rules, the plain Sudoku oracle counts.
    fn oracle_count(&self, puzzle: &Grid) -> Option<u64> {
        if self.rules.variants.is_empty() {
            let n = self.side;
            return oracle::count_solutions(puzzle.cells(), self.box_shape().unwrap_or((1, n)), 2);
        }
        self.oracle_rules().count_solutions(puzzle.cells(), 2)
    }

    fn oracle_rules(&self) -> VariantRules {
        VariantRules {
            side: self.side,
            boxes: self.box_shape(),
            rules: self.rules.variants.iter().map(|&v| rule(v)).collect(),
        }
    }

    /// The command-line options for these rules.
    fn options(&self) -> Vec<String> {
        let mut options = Vec::new();
        if !self.rules.variants.is_empty() {
            let names: Vec<&str> = self.rules.variants.iter().map(|v| v.name()).collect();
            options.extend(["--variant".to_string(), names.join(",")]);
        }
        if self.rules.boxes != Boxes::Standard {
            options.extend(["--boxes".to_string(), self.rules.boxes.to_string()]);
        }
        options
    }
}

impl fmt::Display for Case {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}x{} {}",
            self.side,
            self.side,
            self.options().join(" ")
        )
    }
}

/// How many puzzles had each answer, and where the time went.
#[derive(Debug, Default)]
struct Tally {
    /// Making solved grids and cutting them.
    making: Duration,
    /// The library's counts.
    library: Duration,
    /// The oracle's counts.
    oracle: Duration,
    unique: usize,
    multiple: usize,
    /// No solution, with givens that break no rule.
    none: usize,
    /// Givens that break a rule.
    broken: usize,
}

/// `grid` on one line in the standard alphabet: `.` for a blank, 1-9,
/// then A, B, C... for 10, 11, 12...
fn line(grid: &Grid) -> String {
    let symbol = |digit: u8| match digit {
        0 => '.',
        1..=9 => (b'0' + digit) as char,
        _ => (b'A' + digit - 10) as char,
    };
    grid.cells().iter().map(|&digit| symbol(digit)).collect()
}

/// Puzzles cut from each solved grid: making a grid under some rules
/// (non-consecutive) takes far longer than checking a puzzle.
const CUTS_PER_GRID: usize = 10;

/// Puzzle `index` of `case`, cut from `solved` (first filled with a new
/// random grid under the rules of `geometry` when `index` is a multiple of
/// [`CUTS_PER_GRID`]); true when a digit was changed after the cut.
fn make_puzzle(case: &Case, geometry: &Geometry, index: usize, solved: &mut Grid) -> (Grid, bool) {
    let mut rng = Rng::for_item(case.seed, index as u64);
    if index % CUTS_PER_GRID == 0 {
        Generator::new()
            .fill_solved_in(geometry, &mut rng, solved)
            .unwrap_or_else(|error| panic!("{case}: {error}"));
    }
    // Changed puzzles keep the denser half of the range: a sparse puzzle
    // with no solution takes the plain oracle a long search to refute.
    let tampered = index % 5 >= 3;
    let (start, end) = (case.keep.start, case.keep.end);
    let start = if tampered { (start + end) / 2 } else { start };
    let keep = start + rng.below(end - start);
    let mut puzzle = solved.clone();
    for cell in 0..case.size().cells() {
        if rng.below(1000) >= keep {
            puzzle.set(cell, 0);
        }
    }
    let (cells, n) = (case.size().cells(), case.side);
    match index % 5 {
        // A wrong digit in a cell, against no given where one can be: no
        // solution when the cut was unique.
        3 => {
            let cell = rng.below(cells);
            let first = rng.below(n - 1);
            // The first wrong digit that clashes with no given, if any.
            for wrong in
                (0..n - 1).map(|k| (solved.cells()[cell] as usize + (first + k) % (n - 1)) % n + 1)
            {
                puzzle.set(cell, wrong as u8);
                if geometry.first_conflict(&puzzle).is_none() {
                    break;
                }
            }
        }
        4 => {
            for _ in 0..=rng.below(2) {
                puzzle.set(rng.below(cells), rng.below(n) as u8 + 1);
            }
        }
        _ => {}
    }
    (puzzle, tampered)
}

/// Checks `puzzles()` puzzles of `case` against the oracle, in the library
/// and through the binary, and returns how many had each answer.
fn crosscheck(case: &Case) -> Tally {
    let start = Instant::now();
    let geometry = case.rules.geometry(case.size()).unwrap();
    let oracle_rules = case.oracle_rules();
    let mut solver = Solver::new();
    let mut solved = Grid::empty(case.size());
    let mut tally = Tally::default();
    let mut lines = String::new();
    let mut expected = Vec::new();
    for index in 0..puzzles() {
        let clock = Instant::now();
        let (puzzle, tampered) = make_puzzle(case, &geometry, index, &mut solved);
        tally.making += clock.elapsed();
        let what = format!("{case}, puzzle {index}: {}", line(&puzzle));
        assert!(
            oracle_rules.is_solution(solved.cells()),
            "{what}: {}",
            line(&solved)
        );
        let clock = Instant::now();
        let oracle = case.oracle_count(&puzzle);
        tally.oracle += clock.elapsed();
        let mut solutions = Vec::new();
        let clock = Instant::now();
        let library = solver.solve_in(&geometry, &puzzle, 2, |s| solutions.push(s.clone()));
        tally.library += clock.elapsed();
        match (library, oracle) {
            (Err(_), None) => tally.broken += 1,
            (Ok(stats), Some(count)) => {
                assert_eq!(stats.solutions, count, "{what}: library vs oracle");
                assert_eq!(solutions.len() as u64, count, "{what}");
                assert_eq!(stats.stopped_at_limit, count == 2, "{what}");
                for solution in &solutions {
                    assert!(
                        oracle_rules.is_solution(solution.cells()),
                        "{what}: {}",
                        line(solution)
                    );
                    assert!(
                        solution.keeps_givens_of(&puzzle),
                        "{what}: {}",
                        line(solution)
                    );
                }
                assert_eq!(
                    solutions.iter().collect::<HashSet<_>>().len(),
                    solutions.len()
                );
                if !tampered {
                    assert!(count >= 1, "{what}: the grid it was cut from is lost");
                }
                if count == 1 && !tampered {
                    assert_eq!(solutions[0], solved, "{what}");
                }
                match count {
                    0 => tally.none += 1,
                    1 => tally.unique += 1,
                    _ => tally.multiple += 1,
                }
            }
            (library, oracle) => panic!(
                "{what}: the library says {library:?}, the oracle {oracle:?} \
                 (None: the givens break a rule)"
            ),
        }
        lines.push_str(&format!("{}\n", line(&puzzle)));
        expected.push(match oracle {
            None => "invalid".to_string(),
            Some(2) => "2+".to_string(),
            Some(count) => count.to_string(),
        });
    }
    // A line of 25 cells (or fewer) reads as a row of a grid block, not as a
    // 5x5 puzzle: such puzzles go as CSV.
    let mut args = vec!["count", "--limit", "2", "-f", "line", "-q"];
    if case.size().cells() <= 35 {
        args.extend(["-i", "csv"]);
        lines.insert_str(0, "puzzle\n");
    }
    let options = case.options();
    args.extend(options.iter().map(String::as_str));
    let answers = run(&args, lines);
    let answers: Vec<&str> = answers.stdout.lines().collect();
    assert_eq!(
        answers, expected,
        "{case}: the binary's counts vs the oracle's"
    );
    eprintln!("{case}: {tally:?} in {:.1?}", start.elapsed());
    assert!(
        tally.unique > 0 && tally.multiple > 0 && tally.none + tally.broken > 0,
        "{case}: every kind of answer must occur: {tally:?}"
    );
    tally
}

#[test]
fn x_counts_agree_with_the_oracle() {
    crosscheck(&Case::variants(&[Variant::X], 1));
}

#[test]
fn hyper_counts_agree_with_the_oracle() {
    crosscheck(&Case::variants(&[Variant::Hyper], 2));
}

#[test]
fn disjoint_counts_agree_with_the_oracle() {
    crosscheck(&Case::variants(&[Variant::Disjoint], 3));
}

#[test]
fn anti_king_counts_agree_with_the_oracle() {
    crosscheck(&Case::variants(&[Variant::AntiKing], 4));
}

#[test]
fn anti_knight_counts_agree_with_the_oracle() {
    crosscheck(&Case::variants(&[Variant::AntiKnight], 5));
}

#[test]
fn non_consecutive_counts_agree_with_the_oracle() {
    crosscheck(&Case::variants(&[Variant::NonConsecutive], 6));
}

#[test]
fn combined_rule_counts_agree_with_the_oracle() {
    crosscheck(&Case::variants(&[Variant::X, Variant::AntiKing], 7));
    crosscheck(&Case::variants(
        &[Variant::Disjoint, Variant::AntiKnight],
        8,
    ));
    crosscheck(&Case::variants(&[Variant::Hyper, Variant::AntiKing], 9));
    crosscheck(&Case::variants(
        &[Variant::Disjoint, Variant::NonConsecutive],
        11,
    ));
}

#[test]
fn six_by_six_counts_agree_with_the_oracle() {
    for (seed, (rows, columns)) in [(2, 3), (3, 2)].into_iter().enumerate() {
        let boxes = Boxes::Shape { rows, columns };
        crosscheck(&Case::shape(6, boxes, 200..800, 20 + seed as u64));
    }
}

#[test]
fn six_by_six_variant_counts_agree_with_the_oracle() {
    let rules = Variant::ALL.into_iter().filter(|&v| v != Variant::Hyper);
    for (k, variant) in rules.enumerate() {
        crosscheck(&Case::six_by_six(2, 3, variant, 30 + 2 * k as u64));
        crosscheck(&Case::six_by_six(3, 2, variant, 31 + 2 * k as u64));
    }
}

#[test]
fn larger_box_shape_counts_agree_with_the_oracle() {
    crosscheck(&Case::shape(8, Boxes::Standard, 300..800, 22));
    crosscheck(&Case::shape(10, Boxes::Standard, 400..900, 23));
    crosscheck(&Case::shape(12, Boxes::Standard, 500..900, 24));
}

#[test]
fn latin_square_counts_agree_with_the_oracle() {
    crosscheck(&Case::shape(5, Boxes::None, 200..800, 25));
    crosscheck(&Case::shape(7, Boxes::None, 300..800, 26));
}
