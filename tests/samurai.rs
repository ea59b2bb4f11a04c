//! Samurai Sudoku: the solver's counts cross-checked against a plain
//! backtracking checker on random puzzles, a puzzle from a public source,
//! and the binary on samurai input (recognised by its shape or forced with
//! `--variant samurai`).

use crate::common;

use common::binary::run;
use common::samurai_oracle::{block, is_cell, Frame, Oracle, SIDE};
use common::samurai_text::{file, read_all};
use common::samurai_text::{is_solved, SamuraiGrid, SamuraiSolver};
use sudoku_dlx::Rng;

/// A random filled samurai: the solver's first solution once the first row
/// of the top-left grid and the last row of the bottom-right grid (which
/// share no unit) are random permutations, its digits then relabelled at
/// random; draws the solver cannot finish in a few nodes are drawn again. The checker verifies it before use.
fn random_solution(solver: &mut SamuraiSolver, rng: &mut Rng) -> Frame {
    loop {
        let mut frame = [[0; SIDE]; SIDE];
        for (row, left) in [(0, 0), (SIDE - 1, SIDE - 9)] {
            let mut digits: Vec<u8> = (1..=9).collect();
            rng.shuffle(&mut digits);
            frame[row][left..left + 9].copy_from_slice(&digits);
        }
        // Two such rows may leave no solution, which a search of a nearly
        // empty samurai can take long to prove: those are given up early.
        solver.set_node_budget(Some(20_000));
        let found = solver.first_solution(&grid_of(&frame)).unwrap();
        solver.set_node_budget(None);
        let Some(solution) = found else {
            continue;
        };
        let mut relabel: Vec<u8> = (1..=9).collect();
        rng.shuffle(&mut relabel);
        let mut frame = frame_of(&solution);
        for digits in frame.iter_mut() {
            for digit in digits.iter_mut().filter(|digit| **digit != 0) {
                *digit = relabel[usize::from(*digit) - 1];
            }
        }
        return frame;
    }
}

/// `frame` as the library's grid, through its reader.
fn grid_of(frame: &Frame) -> SamuraiGrid {
    read_all(&block(frame)).remove(0)
}

/// `grid` as a frame of the checker.
fn frame_of(grid: &SamuraiGrid) -> Frame {
    let mut frame = [[0; SIDE]; SIDE];
    let mut cells = grid.cells().iter();
    for (row, digits) in frame.iter_mut().enumerate() {
        for (column, digit) in digits.iter_mut().enumerate() {
            if is_cell(row, column) {
                *digit = *cells.next().expect("369 cells");
            }
        }
    }
    frame
}

/// The lines of `text` that are not comments.
fn without_comments(text: &str) -> String {
    text.lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| format!("{line}\n"))
        .collect()
}

/// Random cut puzzles whose counts (up to 2) are checked against the
/// checker: the product promises 1,000, which a release build checks in a
/// few seconds (`.ci/reliability` runs it); a debug build checks a sample,
/// so that `cargo test` stays quick.
fn cut_puzzles() -> usize {
    if common::thorough() {
        1_000
    } else {
        240
    }
}

#[test]
fn counts_agree_with_plain_backtracking_on_random_cut_puzzles() {
    let oracle = Oracle::new();
    let mut solver = SamuraiSolver::new();
    let mut rng = Rng::from_seed(369);
    let mut by_count = [0usize; 3];
    let mut undecided = 0;
    let mut case = 0;
    // Every puzzle counted is decided by both: a search cut short by the
    // node budget is drawn again.
    while by_count.iter().sum::<usize>() < cut_puzzles() {
        case += 1;
        let solution = random_solution(&mut solver, &mut rng);
        assert!(oracle.is_consistent(&solution));
        assert!(solution.iter().flatten().filter(|&&d| d != 0).count() == 369);
        // From few blanks (mostly unique) to many (mostly several).
        let blank_percent = 35 + (case % 6) * 5;
        let mut puzzle = solution;
        for (row, digits) in puzzle.iter_mut().enumerate() {
            for (column, digit) in digits.iter_mut().enumerate() {
                if is_cell(row, column) && rng.below(100) < blank_percent {
                    *digit = 0;
                }
            }
        }
        let text = block(&puzzle);
        let read = read_all(&text);
        assert_eq!(read.len(), 1);
        assert_eq!(frame_of(&read[0]), puzzle, "the reader keeps every cell");
        let mut first = None;
        let expected = oracle.count(&puzzle, 2, &mut first);
        // A node budget keeps a pathological cut from stalling the run; a
        // search that reaches it is counted apart, and must stay rare.
        solver.set_node_budget(Some(200_000));
        let stats = solver.solve(&read[0], 2, |_| {}).unwrap();
        solver.set_node_budget(None);
        if stats.stopped_at_node_budget {
            undecided += 1;
            continue;
        }
        assert_eq!(stats.solutions, expected, "case {case}:\n{text}");
        let found = solver.first_solution(&read[0]).unwrap().unwrap();
        assert!(is_solved(&found) && found.keeps_givens_of(&read[0]));
        assert!(oracle.is_consistent(&frame_of(&found)));
        if expected == 1 {
            assert_eq!(Some(frame_of(&found)), first, "case {case}");
            assert_eq!(frame_of(&found), solution);
        }
        by_count[expected as usize] += 1;
    }
    // Both kinds were tried, enough of each.
    assert!(
        by_count[1] >= cut_puzzles() / 12 && by_count[2] >= cut_puzzles() / 6,
        "{by_count:?}"
    );
    assert!(
        undecided <= cut_puzzles() / 20,
        "{undecided} searches reached the node budget"
    );
}

#[test]
fn clashing_givens_and_unsolvable_puzzles_agree_with_the_checker() {
    let oracle = Oracle::new();
    let mut solver = SamuraiSolver::new();
    let mut rng = Rng::from_seed(21);
    for case in 0..40 {
        let mut puzzle = random_solution(&mut solver, &mut rng);
        for (row, digits) in puzzle.iter_mut().enumerate() {
            for (column, digit) in digits.iter_mut().enumerate() {
                if is_cell(row, column) && rng.below(100) < 60 {
                    *digit = 0;
                }
            }
        }
        // One given changed to another digit: a clash, or no solution, or
        // still solutions; the checker decides.
        let (row, column) = loop {
            let (row, column) = (rng.below(SIDE), rng.below(SIDE));
            if is_cell(row, column) && puzzle[row][column] != 0 {
                break (row, column);
            }
        };
        puzzle[row][column] = puzzle[row][column] % 9 + 1;
        let read = read_all(&block(&puzzle));
        let result = solver.count_solutions(&read[0], 2);
        if oracle.is_consistent(&puzzle) {
            let expected = oracle.count(&puzzle, 2, &mut None);
            assert_eq!(result.unwrap().found, expected, "case {case}");
        } else {
            let conflict = result.expect_err("clashing givens are refused");
            let (first, second) = (conflict.first, conflict.second);
            assert_eq!(puzzle[first.row][first.column], conflict.digit);
            assert_eq!(puzzle[second.row][second.column], conflict.digit);
        }
    }
}

#[test]
fn the_public_puzzle_has_its_published_solution_and_no_other() {
    let puzzle = &read_all(&file("puzzles/samurai.txt"))[0];
    let published = &read_all(&file("puzzles/samurai-solution.txt"))[0];
    assert!(is_solved(published) && published.keeps_givens_of(puzzle));
    let mut solver = SamuraiSolver::new();
    assert_eq!(solver.count_solutions(puzzle, 2).unwrap().found, 1);
    assert_eq!(
        solver.first_solution(puzzle).unwrap().as_ref(),
        Some(published)
    );
    assert_eq!(Oracle::new().count(&frame_of(puzzle), 2, &mut None), 1);
}

#[test]
fn the_binary_recognises_the_block_by_its_shape_and_answers_in_it() {
    let solved = run(&["solve", "puzzles/samurai.txt"], "");
    assert_eq!(solved.status, Some(0), "{}", solved.stderr);
    let published = without_comments(&file("puzzles/samurai-solution.txt"));
    // The block, then the blank line that ends a block record.
    assert_eq!(solved.stdout, format!("{published}\n"));
    for (row, line) in solved.stdout.lines().take(SIDE).enumerate() {
        for (column, symbol) in line.chars().enumerate() {
            assert_eq!(
                symbol != ' ',
                is_cell(row, column),
                "row {row} column {column}"
            );
        }
    }
    let counted = run(&["count"], file("puzzles/samurai.txt"));
    assert_eq!(
        (counted.status, counted.stdout.as_str()),
        (Some(0), "1\n\n")
    );
    let checked = run(&["check", "-"], file("puzzles/samurai-solution.txt"));
    assert_eq!(
        (checked.status, checked.stdout.as_str()),
        (Some(0), "valid\n\n")
    );
}

#[test]
fn a_samurai_on_one_line_is_solved_with_variant_samurai_and_reads_back() {
    let puzzle = &read_all(&file("puzzles/samurai.txt"))[0];
    let line: String = puzzle
        .cells()
        .iter()
        .map(|&d| if d == 0 { '.' } else { char::from(b'0' + d) })
        .collect();
    let solved = run(&["solve", "--variant", "samurai"], format!("{line}\n"));
    assert_eq!(solved.status, Some(0), "{}", solved.stderr);
    assert_eq!(solved.stdout.trim_end().len(), 369);
    let checked = run(&["check", "--variant", "samurai"], solved.stdout.clone());
    assert_eq!(
        (checked.status, checked.stdout.as_str()),
        (Some(0), "valid\n")
    );
    // The block form of the same puzzle gives the same answer on one line.
    let as_line = run(&["solve", "-f", "line", "puzzles/samurai.txt"], "");
    assert_eq!(as_line.stdout, solved.stdout);
    let picture = run(&["solve", "-f", "grid", "puzzles/samurai.txt"], "");
    assert!(picture.stdout.contains("---+---+---+---+---+---+---"));
    let json = run(&["count", "-f", "json", "puzzles/samurai.txt"], "");
    assert!(
        json.stdout.contains("\"count\":1,\"limit_reached\":false"),
        "{}",
        json.stdout
    );
    assert!(json.stdout.contains(&format!("\"puzzle\":\"{line}\"")));
}

#[test]
fn a_bad_character_is_named_by_line_and_column_and_the_next_record_is_answered() {
    let text = without_comments(&file("puzzles/samurai.txt"));
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    lines[3].replace_range(4..5, "x");
    let bad = lines.join("\n");
    let input = format!("{bad}\n\n{text}");
    let answered = run(&["solve", "--variant", "samurai"], input.clone());
    assert_eq!(answered.status, Some(2));
    assert!(
        answered
            .stderr
            .contains("<stdin>:4:5: found 'x'; expected a digit 1-9"),
        "{}",
        answered.stderr
    );
    assert!(
        answered.stdout.starts_with("invalid\n"),
        "{}",
        answered.stdout
    );
    assert_eq!(
        answered.stdout.lines().filter(|l| !l.is_empty()).count(),
        22
    );
    // Recognised by its shape too: the bad cell is still where a cell is.
    let detected = run(&["solve"], input);
    assert!(
        detected.stderr.contains("<stdin>:4:5:"),
        "{}",
        detected.stderr
    );
}

#[test]
fn a_repeated_digit_is_named_with_its_grid_unit_and_cells() {
    let text = without_comments(&file("puzzles/samurai.txt"));
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    // Row 1 of the top-right grid already holds a 6 at column 15.
    lines[0].replace_range(12..13, "6");
    let input = lines.join("\n") + "\n";
    let checked = run(&["check"], input.clone());
    assert_eq!(
        (checked.status, checked.stdout.as_str()),
        (Some(1), "invalid\n\n")
    );
    assert!(
        checked
            .stderr
            .contains("digit 6 appears twice in row 1 of grid 2, at r1c13 and r1c15"),
        "{}",
        checked.stderr
    );
    let solved = run(&["solve"], input);
    assert_eq!(solved.status, Some(1));
}

#[test]
fn explain_and_hint_follow_a_sound_path_on_the_samurai_and_pictures_draw_its_frame() {
    let puzzle = &read_all(&file("puzzles/samurai.txt"))[0];
    let solution = SamuraiSolver::new()
        .first_solution(puzzle)
        .unwrap()
        .unwrap();
    let explained = run(&["explain", "-f", "json", "puzzles/samurai.txt"], "");
    assert_eq!(explained.status, Some(0), "{}", explained.stderr);
    let path: serde_json::Value =
        serde_json::from_str(explained.stdout.lines().next().unwrap()).unwrap();
    assert_eq!(path["solved"], true, "{path}");
    // Every placement of the path is the digit of the one solution, named
    // by its place in the 21x21 frame.
    let frame =
        sudoku_dlx::Shape::Named(sudoku_dlx::NamedShape::Samurai).frame(sudoku_dlx::Size::NINE);
    let mut placed = 0;
    for step in path["steps"].as_array().unwrap() {
        for placement in step["placements"].as_array().unwrap() {
            let cell = placement["cell"].as_str().unwrap();
            let (row, column) = cell[1..].split_once('c').unwrap();
            let at = frame
                .cell_at(
                    row.parse::<usize>().unwrap() - 1,
                    column.parse::<usize>().unwrap() - 1,
                )
                .unwrap();
            assert_eq!(
                u64::from(solution.cells()[at]),
                placement["digit"],
                "{step}"
            );
            placed += 1;
        }
    }
    assert_eq!(placed, 369 - puzzle.givens());
    let hinted = run(&["hint", "puzzles/samurai.txt"], "");
    assert_eq!(hinted.status, Some(0), "{}", hinted.stderr);
    assert!(hinted.stdout.contains("single"), "{}", hinted.stdout);
    // The picture draws the five grids in their frame, every cell of the
    // solution in it, givens bold.
    let pictured = run(&["solve", "-f", "svg", "puzzles/samurai.txt"], "");
    assert_eq!(pictured.status, Some(0), "{}", pictured.stderr);
    let svg = &pictured.stdout;
    assert_eq!(svg.matches("class=\"grid\"").count(), 5, "{svg}");
    assert_eq!(svg.matches("class=\"given\"").count(), puzzle.givens());
    assert_eq!(
        svg.matches("class=\"found\"").count(),
        369 - puzzle.givens()
    );
    assert!(
        svg.contains("width=\"856\""),
        "21 cells of 40 and the margins"
    );
    let page = run(&["solve", "-f", "html", "puzzles/samurai.txt"], "");
    assert_eq!(page.status, Some(0), "{}", page.stderr);
    assert_eq!(page.stdout.matches("class=\"grid\"").count(), 5);
}

#[test]
fn solve_all_streams_each_samurai_solution_as_it_is_found() {
    use std::io::{BufRead, BufReader, Write};
    // A blank samurai has more solutions than any run could list: its
    // first ones arrive while the search goes on, long before the limit.
    let args = [
        "solve",
        "--all",
        "--limit",
        "1000000000",
        "--variant",
        "samurai",
    ];
    for (format, first_line) in [("line", "# <stdin>:1"), ("json", "{\"source\":")] {
        let mut child = common::binary::spawn(&[&args[..], &["-f", format]].concat());
        let mut stdin = child.stdin.take().unwrap();
        writeln!(stdin, "{}", ".".repeat(369)).unwrap();
        drop(stdin);
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let mut seen = Vec::new();
        // The JSON group is one line that never ends: its first bytes.
        let mut start = vec![0; 2_000];
        if format == "json" {
            std::io::Read::read_exact(&mut stdout, &mut start).unwrap();
            seen.push(String::from_utf8_lossy(&start).into_owned());
        } else {
            for _ in 0..4 {
                let mut line = String::new();
                stdout.read_line(&mut line).unwrap();
                seen.push(line);
            }
        }
        let _ = child.kill();
        let _ = child.wait();
        assert!(seen[0].starts_with(first_line), "{seen:?}");
        let solutions: Vec<SamuraiGrid> = if format == "json" {
            let text = &seen[0];
            let at = text.find("\"solutions\":[\"").unwrap() + 14;
            read_all(&text[at..at + 369])
        } else {
            read_all(&seen[1..].concat())
        };
        assert!(!solutions.is_empty());
        assert!(solutions.iter().all(is_solved));
    }
}

/// Cut puzzles per shape whose counts (up to 2) are checked against the
/// checker, a fifth of them with a given changed: 300 in a release build
/// (`.ci/reliability`), a sample in debug.
fn shape_puzzles() -> usize {
    if common::thorough() {
        300
    } else {
        25
    }
}

#[test]
fn every_shape_counts_as_plain_backtracking_does_on_cut_and_tampered_puzzles() {
    use sudoku_dlx::{Generator, Grid, NamedShape, PuzzleReader, Record, Rules, Shape, Size};
    // The named shapes, and a custom one of three grids that share whole
    // boxes with the middle one, all inside the checker's 21x21 frame.
    let mut shapes: Vec<Shape> = NamedShape::ALL.into_iter().map(Shape::Named).collect();
    shapes.push(Shape::Grids(vec![(0, 0), (3, 6), (9, 9)]));
    let mut generator = Generator::new();
    let mut solver = sudoku_dlx::Solver::new();
    let mut rng = Rng::from_seed(20);
    for shape in shapes {
        let oracle = Oracle::of(shape.corners());
        let rules = Rules {
            shape: shape.clone(),
            ..Rules::default()
        };
        let geometry = rules.geometry(Size::NINE).unwrap();
        assert_eq!(geometry.cells(), oracle.cells().len(), "{shape}");
        let (mut by_count, mut tampered) = ([0usize; 3], 0);
        for case in 0..shape_puzzles() {
            let mut solution = geometry.empty_grid();
            generator
                .fill_solved_in(&geometry, &mut rng, &mut solution)
                .unwrap();
            let mut frame: Frame = [[0; SIDE]; SIDE];
            for (&(row, column), &digit) in oracle.cells().iter().zip(solution.cells()) {
                frame[row][column] = digit;
            }
            assert!(oracle.is_consistent(&frame), "{shape}: a complete grid");
            let blank_percent = 35 + (case % 6) * 5;
            for &(row, column) in oracle.cells() {
                if rng.below(100) < blank_percent {
                    frame[row][column] = 0;
                }
            }
            if case % 5 == 0 {
                // A given changed: often a clash, else another puzzle.
                let givens: Vec<(usize, usize)> = oracle
                    .cells()
                    .iter()
                    .copied()
                    .filter(|&(row, column)| frame[row][column] != 0)
                    .collect();
                let (row, column) = givens[rng.below(givens.len())];
                frame[row][column] = frame[row][column] % 9 + 1;
                tampered += 1;
            }
            let text = oracle.block(&frame);
            let mut reader = PuzzleReader::new(text.as_bytes()).with_rules(rules.clone());
            let mut record = Record::default();
            reader.read_record(&mut record).unwrap().unwrap();
            let puzzle: &Grid = &record.grid;
            let mut first = None;
            let expected = oracle.count(&frame, 2, &mut first);
            solver.set_node_budget(Some(2_000_000));
            let found = match solver.solve_in(&geometry, puzzle, 2, |_| {}) {
                Ok(stats) => {
                    assert!(!stats.stopped_at_node_budget, "{shape} case {case}");
                    stats.solutions
                }
                Err(_) => 0,
            };
            assert_eq!(found, expected, "{shape} case {case}:\n{text}");
            if let Some(first) = solver.first_solution_in(&geometry, puzzle).unwrap_or(None) {
                assert!(first.keeps_givens_of(puzzle) && geometry.first_conflict(&first).is_none());
            }
            by_count[expected as usize] += 1;
        }
        // Unique, several and none were all met.
        assert!(
            by_count.iter().all(|&count| count > 0),
            "{shape}: {by_count:?}"
        );
        assert_eq!(tampered, shape_puzzles().div_ceil(5));
    }
}
