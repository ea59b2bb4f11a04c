//! Canonical forms, minimality and pattern symmetry.
//!
//! The canonical form is checked against a brute force written apart from
//! the search: every element of the group (transposition, band and row
//! orders, stack and column orders; digits relabelled in order of first
//! appearance) applied in turn, the smallest string kept. On 4x4 and 6x6
//! grids that is quick enough for property tests; on 9x9 (3,359,232
//! elements a grid) only in release, on a few grids:
//!
//! ```text
//! cargo test --release --test suite -- --ignored --nocapture canon::
//! ```
//!
//! The release run also deduplicates the 49,158 17-clue puzzles of
//! `../shared/puzzles` (or `$SUDOKU_COLLECTIONS`) together with a random
//! disguise of each, shuffled: exactly 49,158 classes must come out.

use crate::common;

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use common::grids::{cut_puzzle, solved_grid};
use proptest::prelude::*;
use sudoku_dlx::{
    is_minimal, pattern_symmetries, redundant_givens, CanonError, CanonOrder, Canonicalizer,
    Constraint, Generator, Geometry, Grid, PatternSymmetry, Rng, Rules, Size, Solver,
    Transformation, Variant,
};

/// Every permutation of `0..k`.
fn permutations(k: usize) -> Vec<Vec<usize>> {
    if k == 0 {
        return vec![vec![]];
    }
    let mut all = Vec::new();
    for rest in permutations(k - 1) {
        for at in 0..=rest.len() {
            let mut p = rest.clone();
            p.insert(at, k - 1);
            all.push(p);
        }
    }
    all
}

/// Every order of the lines of a grid cut in `chutes` chutes of `width`
/// lines: the chutes in any order, the lines of each in any order.
fn line_orders(chutes: usize, width: usize) -> Vec<Vec<usize>> {
    let mut orders = Vec::new();
    let within = permutations(width);
    for chute_order in permutations(chutes) {
        let mut partial: Vec<Vec<usize>> = vec![vec![]];
        for &chute in &chute_order {
            let mut longer = Vec::new();
            for prefix in &partial {
                for lines in &within {
                    let mut p = prefix.clone();
                    p.extend(lines.iter().map(|&l| chute * width + l));
                    longer.push(p);
                }
            }
            partial = longer;
        }
        orders.extend(partial);
    }
    orders
}

/// The smallest string over the whole group, in both orders: the
/// outright smallest, and the smallest among those with the smallest
/// pattern. Strings are values with 0 for a blank.
fn brute_force(grid: &Grid) -> (Vec<u8>, Vec<u8>) {
    let n = grid.size().side();
    let (r, c) = grid.size().box_shape().unwrap();
    let cells = grid.cells();
    let rows = line_orders(n / r, r);
    let columns = line_orders(n / c, c);
    let mut lex: Option<Vec<u8>> = None;
    let mut pattern_first: Option<(Vec<bool>, Vec<u8>)> = None;
    let mut string = vec![0u8; n * n];
    let mut pattern = vec![false; n * n];
    for transpose in [false, true] {
        if transpose && r != c {
            continue;
        }
        for row_order in &rows {
            for column_order in &columns {
                let mut labels = vec![0u8; n + 1];
                let mut next = 1;
                for i in 0..n {
                    for j in 0..n {
                        let (a, b) = (row_order[i], column_order[j]);
                        let v = if transpose {
                            cells[b * n + a]
                        } else {
                            cells[a * n + b]
                        };
                        let v = usize::from(v);
                        if v != 0 && labels[v] == 0 {
                            labels[v] = next;
                            next += 1;
                        }
                        string[i * n + j] = labels[v];
                        pattern[i * n + j] = v != 0;
                    }
                }
                if lex.as_ref().is_none_or(|best| string < *best) {
                    lex = Some(string.clone());
                }
                let better = pattern_first
                    .as_ref()
                    .is_none_or(|(p, s)| (&pattern, &string) < (p, s));
                if better {
                    pattern_first = Some((pattern.clone(), string.clone()));
                }
            }
        }
    }
    (lex.unwrap(), pattern_first.unwrap().1)
}

/// The form of `grid` in `order`, checked to be the image of `grid` under
/// the transformation that comes with it, and its inverse to map it back.
fn form(canonicalizer: &mut Canonicalizer, grid: &Grid, order: CanonOrder) -> Grid {
    let canonical = canonicalizer
        .canonical_in(grid, &Rules::classic(), order)
        .unwrap_or_else(|e| panic!("{e}: {:?}", grid.cells()));
    assert_eq!(canonical.transformation.apply(grid), canonical.form);
    assert_eq!(
        &canonical.transformation.inverse().apply(&canonical.form),
        grid
    );
    canonical.form
}

/// A random element of the group of the grids of `size`, drawn from `rng`.
fn random_transformation(size: Size, rng: &mut Rng) -> Transformation {
    let n = size.side();
    let (r, c) = size.box_shape().unwrap();
    let mut order = |chutes: usize, width: usize| {
        let mut chute_order: Vec<usize> = (0..chutes).collect();
        rng.shuffle(&mut chute_order);
        let mut lines = Vec::new();
        for chute in chute_order {
            let mut within: Vec<usize> = (0..width).collect();
            rng.shuffle(&mut within);
            lines.extend(within.into_iter().map(|l| (chute * width + l) as u8));
        }
        lines
    };
    let rows = order(n / r, r);
    let columns = order(n / c, c);
    let mut digits: Vec<u8> = (1..=n as u8).collect();
    rng.shuffle(&mut digits);
    digits.insert(0, 0);
    let transpose = r == c && rng.below(2) == 1;
    Transformation::new(size, transpose, rows, columns, digits).unwrap()
}

/// The grid written as text, `.` for a blank.
fn line(grid: &Grid) -> String {
    grid.cells()
        .iter()
        .map(|&v| if v == 0 { '.' } else { (b'0' + v) as char })
        .collect()
}

/// Checks both orders of `grid` against the brute force, and that a
/// random disguise of it has the same forms.
fn check_against_brute_force(grid: &Grid, rng: &mut Rng) {
    let mut canonicalizer = Canonicalizer::new();
    let (lex, pattern_first) = brute_force(grid);
    let disguised = random_transformation(grid.size(), rng).apply(grid);
    for (order, expected) in [
        (CanonOrder::Lex, lex),
        (CanonOrder::PatternFirst, pattern_first),
    ] {
        let found = form(&mut canonicalizer, grid, order);
        assert_eq!(found.cells(), &expected[..], "{order:?} of {}", line(grid));
        assert_eq!(form(&mut canonicalizer, &disguised, order), found);
    }
}

proptest! {
    #![proptest_config(common::config(12))]

    /// On small grids, both orders are those of the brute force over the
    /// whole group, for puzzles and filled grids alike.
    #[test]
    fn small_forms_are_the_brute_force_minimum(
        puzzle in prop_oneof![
            cut_puzzle(Size::FOUR, 0.0..1.0).prop_map(|(_, puzzle)| puzzle),
            cut_puzzle(Size::SIX, 0.2..1.0).prop_map(|(_, puzzle)| puzzle),
            solved_grid(Size::FOUR),
            solved_grid(Size::SIX),
        ],
        seed in any::<u64>(),
    ) {
        check_against_brute_force(&puzzle, &mut Rng::from_seed(seed));
    }

    /// A random transformation of a 9x9 puzzle or grid has the same form;
    /// the form of a form is itself; the form is never above the grid.
    #[test]
    fn disguises_share_the_form(
        (solved, puzzle) in cut_puzzle(Size::NINE, 0.2..0.5),
        seed in any::<u64>(),
    ) {
        let mut rng = Rng::from_seed(seed);
        let mut canonicalizer = Canonicalizer::new();
        // On a filled grid the two orders are the same.
        let cases = [
            (&puzzle, CanonOrder::Lex),
            (&puzzle, CanonOrder::PatternFirst),
            (&solved, CanonOrder::Lex),
        ];
        for (grid, order) in cases {
            let found = form(&mut canonicalizer, grid, order);
            let disguised = random_transformation(Size::NINE, &mut rng).apply(grid);
            prop_assert_eq!(&form(&mut canonicalizer, &disguised, order), &found);
            prop_assert_eq!(&form(&mut canonicalizer, &found, order), &found);
            prop_assert!(found.cells() <= grid.cells());
        }
    }

    /// A transformation and its inverse undo each other, whatever they are.
    #[test]
    fn inverse_undoes(solved in solved_grid(Size::NINE), seed in any::<u64>()) {
        let t = random_transformation(Size::NINE, &mut Rng::from_seed(seed));
        prop_assert_eq!(&t.inverse().apply(&t.apply(&solved)), &solved);
        prop_assert_eq!(&t.apply(&t.inverse().apply(&solved)), &solved);
        prop_assert!(t.apply(&solved).is_solved());
    }
}

/// The image of `grid` under `t`, digits relabelled in order of first
/// appearance: the smallest string that `t` can give.
fn relabelled(t: &Transformation, grid: &Grid) -> Vec<u8> {
    let n = grid.size().side();
    let mut labels = vec![0u8; n + 1];
    let mut next = 1;
    let image = t.apply(grid);
    image
        .cells()
        .iter()
        .map(|&v| {
            let v = usize::from(v);
            if v != 0 && labels[v] == 0 {
                labels[v] = next;
                next += 1;
            }
            labels[v]
        })
        .collect()
}

/// Every single move of the group of a grid of `size`: the transposition,
/// two rows of a band or two bands swapped, two columns of a stack or two
/// stacks swapped.
fn single_moves(size: Size) -> Vec<Transformation> {
    let n = size.side();
    let (r, c) = size.box_shape().unwrap();
    let identity: Vec<u8> = (0..n as u8).collect();
    let digits: Vec<u8> = (0..=n as u8).collect();
    let swaps = |width: usize| {
        let mut orders = Vec::new();
        for a in 0..n {
            for b in a + 1..n {
                // Two lines of one chute.
                if a / width == b / width {
                    let mut order = identity.clone();
                    order.swap(a, b);
                    orders.push(order);
                }
            }
        }
        for a in 0..n / width {
            for b in a + 1..n / width {
                let mut order = identity.clone();
                for k in 0..width {
                    order.swap(a * width + k, b * width + k);
                }
                orders.push(order);
            }
        }
        orders
    };
    let mut moves = vec![Transformation::new(
        size,
        true,
        identity.clone(),
        identity.clone(),
        digits.clone(),
    )
    .unwrap()];
    for rows in swaps(r) {
        moves.push(
            Transformation::new(size, false, rows, identity.clone(), digits.clone()).unwrap(),
        );
    }
    for columns in swaps(c) {
        moves.push(
            Transformation::new(size, false, identity.clone(), columns, digits.clone()).unwrap(),
        );
    }
    moves
}

/// Checks the form of a large filled grid: a filled grid (first row 1 to
/// n), the image of the grid, the same for a random disguise, its own
/// form, and no single move of the group (with the best relabelling) makes
/// it smaller.
fn check_large_filled(grid: &Grid, rng: &mut Rng) {
    let size = grid.size();
    let n = size.side();
    let mut canonicalizer = Canonicalizer::new();
    let found = form(&mut canonicalizer, grid, CanonOrder::Lex);
    assert!(found.is_solved(), "{:?}", found.cells());
    let first_row: Vec<u8> = (1..=n as u8).collect();
    assert_eq!(&found.cells()[..n], &first_row[..]);
    let disguised = random_transformation(size, rng).apply(grid);
    assert_eq!(form(&mut canonicalizer, &disguised, CanonOrder::Lex), found);
    assert_eq!(form(&mut canonicalizer, &found, CanonOrder::Lex), found);
    for t in single_moves(size) {
        assert!(relabelled(&t, &found) >= found.cells().to_vec(), "{t:?}");
    }
}

/// On 4x4 grids the single moves are enough to find a smaller grid than
/// any that is not the form: the check of [`check_large_filled`] can fail.
#[test]
fn single_moves_find_a_smaller_four_by_four() {
    let grid: Grid = "1234341243212143".parse().unwrap();
    let smaller = single_moves(Size::FOUR)
        .iter()
        .any(|t| relabelled(t, &grid) < relabelled(&Transformation::identity(Size::FOUR), &grid));
    assert!(smaller);
}

/// Filled 16x16 and 25x25 grids made by the generator have a form: the
/// checks of [`check_large_filled`].
#[test]
fn large_filled_grids_have_forms() {
    let mut rng = Rng::from_seed(22);
    let mut generator = Generator::new();
    for (size, count) in [(Size::SIXTEEN, 6), (Size::TWENTY_FIVE, 2)] {
        for _ in 0..count {
            let grid = generator.solved(size, &mut rng);
            check_large_filled(&grid, &mut rng);
        }
    }
}

/// Filled 16x16 grids of the symmetric family `solved_grid` makes (many
/// automorphisms: many ties in the search): the checks of
/// [`check_large_filled`]. Each case takes tens of milliseconds in an
/// optimised build, so a run at many cases checks 200 (the `proptest!`
/// macro would follow `$PROPTEST_CASES` whatever the configuration says).
#[test]
fn sixteen_by_sixteen_filled_forms() {
    let strategy = (solved_grid(Size::SIXTEEN), any::<u64>());
    proptest::test_runner::TestRunner::new(common::costly_config(8, 200))
        .run(&strategy, |(solved, seed)| {
            check_large_filled(&solved, &mut Rng::from_seed(seed));
            Ok(())
        })
        .unwrap();
}

/// The bundled 17-clue puzzles and a disguise of each make as many classes
/// as puzzles (they are pairwise different), and each disguise lands on the
/// form of its own puzzle.
#[test]
fn bundled_seventeen_clue_puzzles_dedupe_to_themselves() {
    let puzzles: Vec<Grid> = common::bundled_records("bench-17-clue.txt")
        .into_iter()
        .map(Result::unwrap)
        .take(300)
        .collect();
    let classes = dedupe_with_disguises(&puzzles, 7);
    assert_eq!(classes, puzzles.len());
}

/// Deduplicates `puzzles` plus a random disguise of each, shuffled, and
/// returns the number of classes; each disguise must have the form of its
/// puzzle.
fn dedupe_with_disguises(puzzles: &[Grid], seed: u64) -> usize {
    let mut rng = Rng::from_seed(seed);
    let mut all: Vec<(usize, Grid)> = Vec::with_capacity(2 * puzzles.len());
    for (k, puzzle) in puzzles.iter().enumerate() {
        all.push((k, puzzle.clone()));
        all.push((k, random_transformation(Size::NINE, &mut rng).apply(puzzle)));
    }
    rng.shuffle(&mut all);
    let mut canonicalizer = Canonicalizer::new();
    let mut forms = vec![None; puzzles.len()];
    let mut seen = HashSet::new();
    for (k, grid) in &all {
        let found = form(&mut canonicalizer, grid, CanonOrder::Lex);
        match &forms[*k] {
            None => forms[*k] = Some(found.clone()),
            Some(earlier) => assert_eq!(earlier, &found, "puzzle {k}"),
        }
        seen.insert(found);
    }
    seen.len()
}

/// Known 9x9 forms: a 17-clue puzzle of the catalogue, written there in its
/// form, and the checks the other orders and rules make.
#[test]
fn catalogue_form_and_refusals() {
    let text = ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...";
    let puzzle: Grid = text.parse().unwrap();
    let mut canonicalizer = Canonicalizer::new();
    assert_eq!(form(&mut canonicalizer, &puzzle, CanonOrder::Lex), puzzle);
    // The pattern-first order moves a given later at the cost of a larger
    // digit earlier.
    let pattern_first = form(&mut canonicalizer, &puzzle, CanonOrder::PatternFirst);
    assert!(pattern_first.cells() > puzzle.cells());
    let rules = Rules {
        variants: vec![Variant::AntiKnight],
        ..Rules::default()
    };
    let refused = canonicalizer.canonical(&puzzle, &rules);
    assert!(
        matches!(refused, Err(CanonError::Rules { .. })),
        "{refused:?}"
    );
    // A thermometer names cells, which a transformation moves.
    let thermometer = Rules {
        constraints: vec![Constraint::Thermometer(vec![0, 1, 2])],
        ..Rules::default()
    };
    let refused = canonicalizer.canonical(&puzzle, &thermometer);
    assert!(
        matches!(&refused, Err(CanonError::Rules { rule }) if rule == "thermometer"),
        "{refused:?}"
    );
    let mut clash = puzzle.clone();
    clash.set(0, 1);
    clash.set(1, 1);
    let refused = canonicalizer.canonical(&clash, &Rules::classic());
    assert!(
        matches!(refused, Err(CanonError::Conflict(_))),
        "{refused:?}"
    );
    let prime = Grid::empty(Size::from_side(7).unwrap());
    let refused = canonicalizer.canonical(&prime, &Rules::classic());
    assert!(
        matches!(refused, Err(CanonError::NoBoxes { .. })),
        "{refused:?}"
    );
}

/// 17-clue puzzles are minimal; with one more given from the solution, that
/// given can go.
#[test]
fn minimality() {
    let mut solver = Solver::new();
    let geometry = Geometry::classic(Size::NINE);
    for puzzle in common::bundled_records("bench-17-clue.txt")
        .into_iter()
        .take(5)
    {
        let puzzle = puzzle.unwrap();
        assert!(is_minimal(&puzzle).unwrap());
        let solution = solver.first_solution(&puzzle).unwrap().unwrap();
        let cell = puzzle.cells().iter().position(|&v| v == 0).unwrap();
        let mut more = puzzle.clone();
        more.set(cell, solution.cells()[cell]);
        let redundant = redundant_givens(&mut solver, geometry, &more).unwrap();
        let n = 9;
        assert!(redundant
            .iter()
            .any(|c| c.row == cell / n && c.column == cell % n));
        // Each redundant given can go: the puzzle without it is unique.
        for c in &redundant {
            let mut less = more.clone();
            less.set(c.row * n + c.column, 0);
            assert!(solver.is_unique(&less).unwrap());
        }
    }
}

/// Pattern symmetries: a pattern made symmetric under each, and a pattern
/// with none.
#[test]
fn symmetries() {
    let n = 9;
    for symmetry in PatternSymmetry::ALL {
        let mut grid = Grid::empty(Size::NINE);
        for (row, column) in [(0, 1), (2, 5), (4, 3), (7, 8)] {
            let (mut r, mut c) = (row, column);
            for _ in 0..4 {
                grid.set(r * n + c, 1);
                (r, c) = symmetry.image(n, r, c);
            }
        }
        let found = pattern_symmetries(&grid);
        assert!(found.contains(&symmetry), "{symmetry:?}: {found:?}");
        if symmetry == PatternSymmetry::Rotational90 {
            assert!(found.contains(&PatternSymmetry::Rotational180));
        }
    }
    let mut lopsided = Grid::empty(Size::NINE);
    lopsided.set(1, 5);
    lopsided.set(2 * n + 7, 3);
    assert_eq!(pattern_symmetries(&lopsided), []);
}

/// 9x9 grids and puzzles against the brute force: the first puzzles of
/// each bundled collection and random filled grids.
#[test]
#[ignore = "slow in debug: cargo test --release --test suite -- --ignored canon::"]
fn nine_by_nine_forms_are_the_brute_force_minimum() {
    let mut rng = Rng::from_seed(2026);
    let mut generator = sudoku_dlx::Generator::new();
    for name in ["bench-17-clue.txt", "bench-top1465.txt", "bench-serg.txt"] {
        for puzzle in common::bundled_records(name).into_iter().take(3) {
            check_against_brute_force(&puzzle.unwrap(), &mut rng);
        }
    }
    for _ in 0..3 {
        let solved = generator.solved(Size::NINE, &mut rng);
        check_against_brute_force(&solved, &mut rng);
    }
}

fn collections_dir() -> PathBuf {
    std::env::var_os("SUDOKU_COLLECTIONS").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/puzzles"),
        PathBuf::from,
    )
}

/// The 49,158 17-clue puzzles and a random disguise of each, shuffled,
/// make exactly 49,158 classes.
#[test]
#[ignore = "slow in debug: cargo test --release --test suite -- --ignored canon::"]
fn seventeen_clue_catalogue_dedupes_to_itself() {
    let path = collections_dir().join("puzzles2_17_clue.txt");
    let Ok(text) = std::fs::read_to_string(&path) else {
        // In CI the collection must be there: a run without it would pass
        // without checking anything.
        assert!(
            std::env::var_os("CI").is_none(),
            "no 17-clue catalogue at {} (CI is set, so this fails instead of skipping)",
            path.display()
        );
        eprintln!(
            "SKIPPED seventeen_clue_catalogue_dedupes_to_itself: no {} (set SUDOKU_COLLECTIONS)",
            path.display()
        );
        return;
    };
    let puzzles: Vec<Grid> = text.lines().map(|l| l.parse().unwrap()).collect();
    assert_eq!(puzzles.len(), 49_158);
    let classes = dedupe_with_disguises(&puzzles, 17);
    println!(
        "{} puzzles and a disguise of each: {classes} classes",
        puzzles.len()
    );
    assert_eq!(classes, puzzles.len());
}

/// `canon`: one form a record, in every format, the failures in place; the
/// transformation of `-f json` maps the puzzle onto its form; `--dedupe`
/// keeps the first puzzle of each class and counts them in JSON.
#[test]
fn canon_command() {
    use common::binary::run;
    let puzzles: Vec<Grid> = common::bundled_records("bench-17-clue.txt")
        .into_iter()
        .take(3)
        .map(Result::unwrap)
        .collect();
    let mut rng = Rng::from_seed(5);
    let disguised: Vec<String> = puzzles
        .iter()
        .map(|p| line(&random_transformation(Size::NINE, &mut rng).apply(p)))
        .collect();
    let input = format!(
        "{}\n{}\nnot a puzzle\n{}\n",
        disguised[0],
        line(&puzzles[1]),
        disguised[2]
    );
    let expected: Vec<String> = puzzles
        .iter()
        .map(|p| line(&form(&mut Canonicalizer::new(), p, CanonOrder::Lex)))
        .collect();
    let text = run(&["canon"], input.clone());
    assert_eq!(text.status, Some(2), "{}", text.stderr);
    let lines: Vec<&str> = text.stdout.lines().collect();
    assert_eq!(lines, [&expected[0], &expected[1], "invalid", &expected[2]]);
    assert!(text.stderr.contains("<stdin>:3:"), "{}", text.stderr);

    let json = run(&["canon", "-f", "json"], input.clone());
    let first: serde_json::Value =
        serde_json::from_str(json.stdout.lines().next().unwrap()).unwrap();
    assert_eq!(first["canonical"], expected[0].as_str());
    let t = &first["transformation"];
    let lines_of = |key: &str| -> Vec<u8> {
        t[key]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap() as u8 - 1)
            .collect()
    };
    let digits: Vec<u8> = std::iter::once(0)
        .chain(t["digits"].as_str().unwrap().bytes().map(|b| b - b'0'))
        .collect();
    let transformation = Transformation::new(
        Size::NINE,
        t["transpose"].as_bool().unwrap(),
        lines_of("rows"),
        lines_of("columns"),
        digits,
    )
    .unwrap();
    let puzzle: Grid = disguised[0].parse().unwrap();
    assert_eq!(line(&transformation.apply(&puzzle)), expected[0]);

    let csv = run(&["canon", "-f", "csv"], input.clone());
    assert_eq!(csv.stdout.lines().count(), 5, "{}", csv.stdout);
    assert!(csv.stdout.lines().nth(3).unwrap().contains(",invalid,"));

    // On threads, the same records in the same order.
    for format in ["line", "json"] {
        let one = run(&["canon", "-j", "1", "-f", format], input.clone());
        let two = run(&["canon", "-j", "2", "-f", format], input.clone());
        assert_eq!((one.stdout, one.stderr), (two.stdout, two.stderr));
    }

    let twice = format!("{input}{}\n{}\n", line(&puzzles[0]), disguised[1]);
    let dedupe = run(&["canon", "--dedupe"], twice.clone());
    let kept: Vec<&str> = dedupe.stdout.lines().collect();
    assert_eq!(kept, [&disguised[0], &line(&puzzles[1]), &disguised[2]]);
    let counts = run(&["canon", "--dedupe", "-f", "json"], twice);
    let last: Vec<serde_json::Value> = counts
        .stdout
        .lines()
        .skip(3)
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let summary: Vec<(&str, u64)> = last
        .iter()
        .map(|v| (v["class"].as_str().unwrap(), v["count"].as_u64().unwrap()))
        .collect();
    assert_eq!(
        summary,
        [(&*expected[0], 2), (&*expected[1], 2), (&*expected[2], 1)]
    );

    let knight = run(&["canon", "--variant", "anti-knight"], line(&puzzles[0]));
    assert_eq!(
        (knight.status, knight.stdout.trim()),
        (Some(1), "unsupported")
    );
}

/// `stats`: the counts of a small collection made on purpose, in text and
/// JSON.
#[test]
fn stats_command() {
    use common::binary::run;
    let records = common::bundled_records("bench-17-clue.txt");
    let puzzle = records[0].as_ref().unwrap();
    let several = common::bundled_records("bench-serg.txt")[0]
        .clone()
        .unwrap();
    let disguise = random_transformation(Size::NINE, &mut Rng::from_seed(3)).apply(puzzle);
    let input = format!(
        "{}\n{}\n{}\nnot a puzzle\n",
        line(puzzle),
        line(&disguise),
        line(&several)
    );
    let json = run(&["stats", "-f", "json", "-q"], input.clone());
    // An unreadable record is counted, not an error of the run.
    assert_eq!(json.status, Some(0), "{}", json.stderr);
    let v: serde_json::Value = serde_json::from_str(json.stdout.trim()).unwrap();
    assert_eq!(v["puzzles"], 4);
    assert_eq!(
        (v["unique"].as_u64(), v["several"].as_u64()),
        (Some(2), Some(1))
    );
    assert_eq!(
        (v["invalid"].as_u64(), v["none"].as_u64()),
        (Some(1), Some(0))
    );
    assert_eq!(
        (v["classes"].as_u64(), v["minimal"].as_u64()),
        (Some(2), Some(2))
    );
    assert_eq!(v["givens"]["17"], 2);
    let levels: u64 = v["levels"]
        .as_object()
        .unwrap()
        .values()
        .map(|c| c.as_u64().unwrap())
        .sum();
    assert_eq!(levels, 2);
    let text = run(&["stats"], input.clone());
    assert!(text.stdout.contains("isomorph classes"), "{}", text.stdout);
    let missing = run(&["stats", "no-such-file.txt"], "");
    assert_eq!(missing.status, Some(2));
    assert!(missing.stderr.contains("no-such-file.txt: cannot read"));
    // The page: each chart a well-formed SVG document, a bar per value.
    let html = run(&["stats", "-f", "html", "-q"], input);
    let charts: Vec<&str> = html.stdout.split("<svg").skip(1).collect();
    assert_eq!(charts.len(), 2, "{}", html.stdout);
    let givens = format!("<svg{}</svg>", charts[0].split("</svg>").next().unwrap());
    let svg = roxmltree::Document::parse(&givens).unwrap();
    let bars = svg.descendants().filter(|n| n.has_tag_name("rect")).count();
    assert_eq!(bars, 2, "17 and 35 givens");
    assert!(text.stderr.contains("<stdin>:4:1:"), "{}", text.stderr);
}

/// `check --minimal --symmetry`: a 17-clue puzzle is minimal; with a given
/// more, that given is named as one that can go, and the run fails.
#[test]
fn check_minimal_and_symmetry() {
    use common::binary::run;
    let puzzle = common::bundled_records("bench-17-clue.txt")[0]
        .clone()
        .unwrap();
    let solution = Solver::new().first_solution(&puzzle).unwrap().unwrap();
    let cell = puzzle.cells().iter().position(|&v| v == 0).unwrap();
    let mut more = puzzle.clone();
    more.set(cell, solution.cells()[cell]);
    let name = format!("r{}c{}", cell / 9 + 1, cell % 9 + 1);
    let input = format!("{}\n{}\n", line(&puzzle), line(&more));
    let text = run(&["check", "--minimal", "--symmetry"], input.clone());
    assert_eq!(text.status, Some(1));
    let lines: Vec<&str> = text.stdout.lines().collect();
    assert_eq!(lines[0], "unique minimal symmetry: none");
    let can_go = format!("{name}={} can go", solution.cells()[cell]);
    assert!(lines[1].starts_with("not-minimal: ") && lines[1].contains(&can_go));
    let json = run(&["check", "--minimal", "-f", "json"], input);
    let objects: Vec<serde_json::Value> = json
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(objects[0]["minimal"], true);
    assert_eq!(objects[1]["minimal"], false);
    let redundant = objects[1]["redundant"].as_array().unwrap();
    assert!(redundant.contains(&serde_json::Value::from(name)));
    let symmetric =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let json = run(&["check", "--symmetry", "-f", "json"], symmetric);
    let object: serde_json::Value = serde_json::from_str(json.stdout.trim()).unwrap();
    assert!(object["symmetry"]
        .as_array()
        .unwrap()
        .contains(&"rotational-180".into()));
}

/// A cell map of a 9x9 grid: `(transpose, rows, columns)`, as
/// [`Transformation`] reads them.
type CellMap = (bool, Vec<usize>, Vec<usize>);

/// The group that keeps both diagonals of a 9x9 grid diagonals, as the
/// closure of five generators: transposing, reversing the rows, swapping
/// rows 4 and 6 with columns 4 and 6, swapping the outer bands with the
/// outer stacks, swapping rows 1 and 2 with 9 and 8 and the same columns.
fn x_group() -> Vec<CellMap> {
    let id: Vec<usize> = (0..9).collect();
    let swap = |pairs: &[(usize, usize)]| {
        let mut p = id.clone();
        for &(a, b) in pairs {
            p.swap(a, b);
        }
        p
    };
    let reversed: Vec<usize> = (0..9).rev().collect();
    let outer: Vec<usize> = [6, 7, 8, 3, 4, 5, 0, 1, 2].to_vec();
    let generators: Vec<CellMap> = vec![
        (true, id.clone(), id.clone()),
        (false, reversed, id.clone()),
        (false, swap(&[(3, 5)]), swap(&[(3, 5)])),
        (false, outer.clone(), outer),
        (false, swap(&[(0, 1), (7, 8)]), swap(&[(0, 1), (7, 8)])),
    ];
    // Composes as maps of cells: `a` then `b`.
    let image = |(t, rows, columns): &CellMap, (r, c): (usize, usize)| {
        let (r, c) = if *t { (c, r) } else { (r, c) };
        let at = |order: &Vec<usize>, x| order.iter().position(|&v| v == x).unwrap();
        (at(rows, r), at(columns, c))
    };
    let key = |map: &CellMap| -> Vec<(usize, usize)> {
        (0..81)
            .map(|cell| image(map, (cell / 9, cell % 9)))
            .collect()
    };
    let mut seen = HashSet::new();
    let mut group = vec![(false, id.clone(), id.clone())];
    seen.insert(key(&group[0]));
    let mut at = 0;
    while at < group.len() {
        for g in &generators {
            // The map `group[at]` then `g`, written as one CellMap: cell
            // (r, c) of the result comes from the cell that maps onto it.
            let cells: Vec<(usize, usize)> = (0..81)
                .map(|cell| image(g, image(&group[at], (cell / 9, cell % 9))))
                .collect();
            // Unless transposed, the cells of a row stay in one row.
            let transposed = cells[1].0 != cells[0].0;
            let mut rows = vec![0; 9];
            let mut columns = vec![0; 9];
            for (cell, &(r, c)) in cells.iter().enumerate() {
                let (a, b) = if transposed {
                    (cell % 9, cell / 9)
                } else {
                    (cell / 9, cell % 9)
                };
                rows[r] = a;
                columns[c] = b;
            }
            let map = (transposed, rows, columns);
            if seen.insert(key(&map)) {
                group.push(map);
            }
        }
        at += 1;
    }
    group
}

/// X-Sudoku: the form is the smallest image over the 96 maps that keep the
/// diagonals (a group built here from generators), disguises share it, and
/// a 16x16 X puzzle is refused.
#[test]
fn x_forms() {
    let group = x_group();
    assert_eq!(group.len(), 96);
    let rules = Rules {
        variants: vec![Variant::X],
        ..Rules::default()
    };
    let geometry = rules.geometry(Size::NINE).unwrap();
    let mut rng = Rng::from_seed(9);
    let mut canonicalizer = Canonicalizer::new();
    for _ in 0..20 {
        // Random givens that break no rule of X-Sudoku.
        let mut puzzle = Grid::empty(Size::NINE);
        for _ in 0..20 {
            let (cell, digit) = (rng.below(81), rng.below(9) as u8 + 1);
            puzzle.set(cell, digit);
            if geometry.first_conflict(&puzzle).is_some() {
                puzzle.set(cell, 0);
            }
        }
        let found = canonicalizer.canonical(&puzzle, &rules).unwrap();
        assert_eq!(found.transformation.apply(&puzzle), found.form);
        let smallest = group
            .iter()
            .map(|(t, rows, columns)| {
                let rows = rows.iter().map(|&r| r as u8).collect();
                let columns = columns.iter().map(|&c| c as u8).collect();
                let t = Transformation::new(Size::NINE, *t, rows, columns, (0..=9).collect());
                relabelled(&t.unwrap(), &puzzle)
            })
            .min()
            .unwrap();
        assert_eq!(found.form.cells(), &smallest[..]);
        let (t, rows, columns) = &group[rng.below(96)];
        let mut digits: Vec<u8> = (1..=9).collect();
        rng.shuffle(&mut digits);
        digits.insert(0, 0);
        let rows = rows.iter().map(|&r| r as u8).collect();
        let columns = columns.iter().map(|&c| c as u8).collect();
        let disguise = Transformation::new(Size::NINE, *t, rows, columns, digits).unwrap();
        let disguised = disguise.apply(&puzzle);
        assert!(geometry.first_conflict(&disguised).is_none());
        let again = canonicalizer.canonical(&disguised, &rules).unwrap();
        assert_eq!(again.form, found.form);
    }
    let sixteen = Grid::empty(Size::SIXTEEN);
    let refused = canonicalizer.canonical(&sixteen, &rules);
    assert!(
        matches!(refused, Err(CanonError::Rules { .. })),
        "{refused:?}"
    );
}
