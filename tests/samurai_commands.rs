//! `rate`, `candidates` and `generate` on samurai puzzles, through the real
//! binary, checked against the library and against every solution of the
//! puzzle.

use crate::common;

use common::binary::run;
use common::samurai_text::{file, read_all};
use common::samurai_text::{is_solved, SamuraiGrid, SamuraiRater, SamuraiSolver, SAMURAI_CELLS};

/// `grid` as one line of 369 cells.
fn line(grid: &SamuraiGrid) -> String {
    grid.cells()
        .iter()
        .map(|&d| if d == 0 { '.' } else { char::from(b'0' + d) })
        .collect()
}

/// The public puzzle's solution with every cell of the first rows of the
/// frame blanked that `blank` picks: few solutions, found by enumeration.
fn with_blanks(blank: impl Fn(usize) -> bool) -> SamuraiGrid {
    let mut grid = read_all(&file("puzzles/samurai-solution.txt")).remove(0);
    for cell in (0..SAMURAI_CELLS).filter(|&cell| blank(cell)) {
        grid.set(cell, 0);
    }
    grid
}

/// The digits of each cell over every solution of `puzzle`, as the fields
/// the binary writes, and the number of solutions.
fn by_enumeration(puzzle: &SamuraiGrid) -> (Vec<String>, u64) {
    let mut masks = [0u16; SAMURAI_CELLS];
    let stats = SamuraiSolver::new()
        .solve(puzzle, u64::MAX, |solution| {
            for (mask, &digit) in masks.iter_mut().zip(solution.cells()) {
                *mask |= 1 << digit;
            }
        })
        .unwrap();
    let fields = masks
        .iter()
        .map(|&mask| {
            (1..=9u8)
                .filter(|d| mask & 1 << d != 0)
                .map(|d| char::from(b'0' + d))
                .collect()
        })
        .collect();
    (fields, stats.solutions)
}

#[test]
fn rate_gives_the_search_rating_in_text_json_and_csv() {
    let puzzle = &read_all(&file("puzzles/samurai.txt"))[0];
    let expected = SamuraiRater::new().rate(puzzle).unwrap();
    let json = run(&["rate", "-f", "json", "puzzles/samurai.txt"], "");
    assert_eq!(json.status, Some(0), "{}", json.stderr);
    let value: serde_json::Value = serde_json::from_str(json.stdout.trim()).unwrap();
    // The level of the hardest technique, and the search's branches as
    // the library's search rating counts them.
    assert_eq!(value["branches"], expected.branches(), "{value}");
    let (level, hardest) = (
        value["level"].as_str().unwrap(),
        value["hardest"].as_str().unwrap(),
    );
    assert!(["simple", "easy", "intermediate", "expert"].contains(&level));
    let text = run(&["rate", "puzzles/samurai.txt"], "");
    assert_eq!(text.status, Some(0), "{}", text.stderr);
    // The block layout of the input: a blank line ends the record.
    let branches = expected.branches();
    assert_eq!(
        text.stdout,
        format!("{level}: {hardest}; {branches} branches\n\n")
    );
    let csv = run(&["rate", "-f", "csv", "puzzles/samurai.txt"], "");
    let row = csv.stdout.lines().nth(1).unwrap();
    assert!(
        row.ends_with(&format!(",{level},{hardest},{branches},samurai")),
        "{row}"
    );
    // On one line, and a samurai with many solutions, which has no rating.
    let many = with_blanks(|cell| cell < 60);
    let input = format!("{}\n{}\n", line(puzzle), line(&many));
    let lines = run(&["rate", "--variant", "samurai"], input);
    assert_eq!(lines.status, Some(1));
    assert_eq!(
        lines.stdout,
        format!("{level}: {hardest}; {branches} branches\nmultiple\n")
    );
    assert!(lines.stderr.contains("more than one solution"));
}

#[test]
fn rate_by_techniques_rates_samurai_by_its_hardest_technique() {
    for args in [
        &[
            "rate",
            "--method",
            "techniques",
            "-f",
            "json",
            "puzzles/samurai.txt",
        ][..],
        &[
            "rate",
            "--method",
            "techniques",
            "-f",
            "json",
            "--shape",
            "samurai",
            "puzzles/samurai.txt",
        ],
    ] {
        let rated = run(args, "");
        assert_eq!(rated.status, Some(0), "{args:?}: {}", rated.stderr);
        let value: serde_json::Value = serde_json::from_str(rated.stdout.trim()).unwrap();
        assert!(value["level"].is_string(), "{value}");
        assert!(value["hardest"].is_string(), "{value}");
        assert!(value["branches"].is_u64(), "{value}");
    }
}

#[test]
fn candidates_agree_with_every_solution() {
    let cases = [
        with_blanks(|cell| cell % 3 == 0 && cell < 150),
        with_blanks(|cell| cell % 2 == 0 && cell > 100),
        with_blanks(|cell| (cell * 7) % 11 < 5),
        with_blanks(|cell| cell < 120 && cell % 4 != 0),
    ];
    let mut several = 0;
    for puzzle in &cases {
        let (expected, count) = by_enumeration(puzzle);
        let answered = run(&["candidates", "--variant", "samurai"], line(puzzle) + "\n");
        assert_eq!(answered.status, Some(0), "{}", answered.stderr);
        let fields: Vec<&str> = answered.stdout.trim_end().split(' ').collect();
        assert_eq!(fields, expected, "{count} solutions");
        let json = run(
            &["candidates", "--variant", "samurai", "-f", "json"],
            line(puzzle) + "\n",
        );
        let value: serde_json::Value = serde_json::from_str(json.stdout.trim()).unwrap();
        assert_eq!(value["candidates"], serde_json::json!(expected));
        let seen: u64 = value["solutions"].as_str().unwrap().parse().unwrap();
        assert!(seen >= 1 && seen <= count);
        assert_eq!(seen == 1, count == 1);
        several += usize::from(count > 1);
    }
    assert!(several >= 2, "{several}");
}

#[test]
fn a_candidates_search_cut_short_says_so() {
    let puzzle = with_blanks(|cell| cell % 2 == 0);
    let json = run(
        &[
            "candidates",
            "--variant",
            "samurai",
            "-f",
            "json",
            "--limit",
            "2",
        ],
        line(&puzzle) + "\n",
    );
    let value: serde_json::Value = serde_json::from_str(json.stdout.trim()).unwrap();
    assert!(value["solutions"].as_str().unwrap().ends_with('+'));
    assert_eq!(value["candidates"].as_array().unwrap().len(), SAMURAI_CELLS);
    // The block input keeps its layout: the fields, then a blank line.
    let block = run(&["candidates", "puzzles/samurai.txt"], "");
    assert_eq!(block.status, Some(0), "{}", block.stderr);
    let solution = &read_all(&file("puzzles/samurai-solution.txt"))[0];
    let digits: String = block.stdout.split_whitespace().collect();
    assert_eq!(digits, line(solution));
    assert!(block.stdout.ends_with("\n\n"));
}

/// True when `puzzle` less the given of `cell` has a second solution: a
/// search for two solutions finds them, each checked.
fn has_other_solution(solver: &mut SamuraiSolver, puzzle: &SamuraiGrid, cell: usize) -> bool {
    let mut fewer = puzzle.clone();
    fewer.set(cell, 0);
    let mut found = 0;
    let _ = solver.solve(&fewer, 2, |solution| {
        found += usize::from(is_solved(solution) && solution.keeps_givens_of(&fewer));
    });
    found == 2
}

/// The seeds whose puzzles are checked given by given. Proving that a
/// given cannot go takes one search for a second solution, which on some
/// samurai wanders through the other grids for seconds: a debug build
/// checks two seeds whose checks are quick, a release build ten.
fn minimality_seeds() -> &'static [&'static str] {
    if common::thorough() {
        &["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"]
    } else {
        &["3", "8"]
    }
}

#[test]
fn generated_samurai_read_back_are_unique_and_minimal() {
    let mut solver = SamuraiSolver::new();
    for &seed in minimality_seeds() {
        let args = [
            "generate",
            "--variant",
            "samurai",
            "--symmetry",
            "none",
            "--seed",
            seed,
        ];
        let made = run(&args, "");
        assert_eq!(made.status, Some(0), "{}", made.stderr);
        assert_eq!(made.stdout.lines().count(), 22, "a block and a blank line");
        let puzzle = read_all(&made.stdout).remove(0);
        assert_eq!(solver.count_solutions(&puzzle, 2).unwrap().found, 1);
        let givens: Vec<usize> = (0..SAMURAI_CELLS)
            .filter(|&cell| puzzle.cells()[cell] != 0)
            .collect();
        assert!(givens.len() < 150, "{}", givens.len());
        for &cell in &givens {
            assert!(
                has_other_solution(&mut solver, &puzzle, cell),
                "seed {seed}: the given at cell {cell} can go"
            );
        }
        // The same seed, the same puzzle, in every layout.
        let line = run(&[&args[..], &["-f", "line"]].concat(), "");
        assert_eq!(read_all(&line.stdout)[0], puzzle);
        let json = run(&[&args[..], &["-f", "json", "--rate"]].concat(), "");
        let value: serde_json::Value = serde_json::from_str(json.stdout.trim()).unwrap();
        assert_eq!(value["givens"].as_str().unwrap(), self::line(&puzzle));
        assert_eq!(value["clues"], givens.len());
        let rating = SamuraiRater::new().rate(&puzzle).unwrap();
        assert_eq!(value["branches"], rating.branches());
        let solution = read_all(value["solution"].as_str().unwrap()).remove(0);
        assert!(is_solved(&solution) && solution.keeps_givens_of(&puzzle));
    }
}

#[test]
fn generate_samurai_is_symmetric_by_default_makes_complete_grids_and_refuses_the_rest() {
    let made = run(&["generate", "--variant", "samurai", "--seed", "4"], "");
    let puzzle = read_all(&made.stdout).remove(0);
    let rows: Vec<&str> = made.stdout.lines().take(21).collect();
    for (row, text) in rows.iter().enumerate() {
        let mirrored = rows[20 - row];
        for (column, symbol) in text.chars().enumerate() {
            let image = mirrored.chars().nth(20 - column).unwrap_or(' ');
            assert_eq!(symbol == '.', image == '.', "row {row} column {column}");
        }
    }
    assert_eq!(
        SamuraiSolver::new()
            .count_solutions(&puzzle, 2)
            .unwrap()
            .found,
        1
    );
    let solved = run(
        &["generate", "--variant", "samurai", "--solved", "-n", "2"],
        "",
    );
    let grids = read_all(&solved.stdout);
    assert_eq!(grids.len(), 2);
    assert!(grids.iter().all(is_solved) && grids[0] != grids[1]);
    for args in [
        &["generate", "--variant", "samurai", "--size", "4"][..],
        &["generate", "--shape", "samurai", "--boxes", "3x3"],
        &["generate", "--variant", "samurai,killer"],
        &["generate", "--variant", "samurai", "--max-givens", "400"],
    ] {
        let refused = run(args, "");
        assert_eq!(refused.status, Some(2), "{args:?}");
        assert!(refused.stderr.contains("samurai"), "{}", refused.stderr);
    }
}

/// The cell of a `r<row>c<column>` name in `frame`.
fn cell_named(frame: &sudoku_dlx::Frame, name: &str) -> usize {
    let (row, column) = name[1..].split_once('c').unwrap();
    let (row, column): (usize, usize) = (row.parse().unwrap(), column.parse().unwrap());
    frame.cell_at(row - 1, column - 1).unwrap()
}

/// Checks, through the binary, that the explanation of `input` (one
/// puzzle, read with `args`) places the digits of `solution` alone.
fn assert_sound_path(args: &[&str], input: &str, frame: &sudoku_dlx::Frame, solution: &[u8]) {
    let explained = run(
        &[&["explain", "-f", "json"], args].concat(),
        input.to_string(),
    );
    assert_eq!(explained.status, Some(0), "{args:?}: {}", explained.stderr);
    let path: serde_json::Value = serde_json::from_str(explained.stdout.trim()).unwrap();
    assert_eq!(path["solved"], true, "{path}");
    for step in path["steps"].as_array().unwrap() {
        for placement in step["placements"].as_array().unwrap() {
            let cell = cell_named(frame, placement["cell"].as_str().unwrap());
            assert_eq!(u64::from(solution[cell]), placement["digit"], "{step}");
        }
        for elimination in step["eliminations"].as_array().unwrap() {
            let cell = cell_named(frame, elimination["cell"].as_str().unwrap());
            assert_ne!(u64::from(solution[cell]), elimination["digit"], "{step}");
        }
    }
}

#[test]
fn every_named_shape_is_generated_unique_solved_and_explained_soundly() {
    use sudoku_dlx::{NamedShape, Shape, Size};
    for shape in NamedShape::ALL {
        let name = shape.name();
        let made = run(
            &["generate", "--shape", name, "--seed", "5", "-f", "json"],
            "",
        );
        assert_eq!(made.status, Some(0), "{name}: {}", made.stderr);
        let item: serde_json::Value = serde_json::from_str(made.stdout.trim()).unwrap();
        let (givens, solution) = (
            item["givens"].as_str().unwrap(),
            item["solution"].as_str().unwrap(),
        );
        let frame = Shape::Named(shape).frame(Size::NINE);
        assert_eq!(givens.len(), frame.cells(), "{name}");
        // Unique, read back on one line with --shape and as the block.
        let counted = run(&["count", "--shape", name], format!("{givens}\n"));
        assert_eq!(counted.stdout, "1\n", "{name}: {}", counted.stderr);
        let block = run(&["generate", "--shape", name, "--seed", "5"], "");
        let solved = run(
            &["solve", "-f", "line", "--shape", name],
            block.stdout.clone(),
        );
        assert_eq!(solved.stdout.trim(), solution, "{name}: {}", solved.stderr);
        // Recognised by its holes without --shape; a butterfly's 12x12
        // frame has none and reads as a 12x12 grid.
        let detected = run(&["solve", "-f", "line"], block.stdout.clone());
        if shape == NamedShape::Butterfly {
            assert_eq!(detected.stdout.trim(), "invalid", "{}", detected.stderr);
        } else {
            assert_eq!(
                detected.stdout.trim(),
                solution,
                "{name}: {}",
                detected.stderr
            );
        }
        let digits: Vec<u8> = solution.bytes().map(|b| b - b'0').collect();
        assert_sound_path(&["--shape", name], &format!("{givens}\n"), &frame, &digits);
        let hinted = run(&["hint", "--shape", name], format!("{givens}\n"));
        assert_eq!(hinted.status, Some(0), "{name}: {}", hinted.stderr);
        // check, candidates, rate and the picture, on the same puzzle.
        let checked = run(&["check", "--shape", name], format!("{solution}\n"));
        assert_eq!(checked.stdout, "valid\n", "{name}: {}", checked.stderr);
        let marks = run(
            &["candidates", "-f", "json", "--shape", name],
            format!("{givens}\n"),
        );
        let marks: serde_json::Value = serde_json::from_str(marks.stdout.trim()).unwrap();
        let fields = marks["candidates"].as_array().unwrap();
        assert_eq!(fields.len(), frame.cells(), "{name}");
        // A unique puzzle's true candidates are its solution's digits.
        let digits: String = fields.iter().map(|field| field.as_str().unwrap()).collect();
        assert_eq!(digits, solution, "{name}");
        let rated = run(
            &["rate", "-f", "json", "--shape", name],
            format!("{givens}\n"),
        );
        let rating: serde_json::Value = serde_json::from_str(rated.stdout.trim()).unwrap();
        assert_eq!(rating["status"], "rated", "{name}: {rating}");
        let pictured = run(
            &["solve", "-f", "svg", "--shape", name],
            format!("{givens}\n"),
        );
        let grids = Shape::Named(shape).corners().len();
        assert_eq!(
            pictured.stdout.matches("class=\"grid\"").count(),
            grids,
            "{name}"
        );
        assert_eq!(
            pictured.stdout.matches("class=\"found\"").count(),
            frame.cells() - givens.bytes().filter(|&b| b != b'.').count()
        );
    }
}

#[test]
fn a_custom_shape_in_json_goes_through_every_command() {
    use sudoku_dlx::{Shape, Size};
    // Two 4x4 grids sharing one 2x2 box, a 6x6 frame of 28 cells.
    let corners = vec![(0, 0), (2, 2)];
    let frame = Shape::Grids(corners).frame(Size::FOUR);
    let solution = "1234341221434321123443";
    let solution = format!("{solution}{}", &solution[..28 - solution.len()]);
    let count_all = run(
        &["count", "--limit", "10000"],
        format!(
            "{{\"grids\":[[0,0],[2,2]],\"givens\":\"{}\"}}\n",
            ".".repeat(28)
        ),
    );
    // Two 4x4 grids of 288 solutions each, sharing a box: 288 * 12.
    assert_eq!(count_all.stdout, "3456\n", "{}", count_all.stderr);
    let first = run(
        &["solve", "-f", "json"],
        format!(
            "{{\"grids\":[[0,0],[2,2]],\"givens\":\"{}\"}}\n",
            ".".repeat(28)
        ),
    );
    let answer: serde_json::Value = serde_json::from_str(first.stdout.trim()).unwrap();
    assert_eq!(
        answer["grids"],
        serde_json::json!([[0, 0], [2, 2]]),
        "{answer}"
    );
    let full = answer["solution"].as_str().unwrap().to_string();
    assert_ne!(full, solution);
    // A puzzle cut from it: its cells blanked where the frame's rows are odd.
    let puzzle: String = full
        .chars()
        .enumerate()
        .map(|(cell, c)| {
            if frame.position(cell).row % 2 == 1 {
                '.'
            } else {
                c
            }
        })
        .collect();
    let json = format!("{{\"grids\":[[0,0],[2,2]],\"givens\":\"{puzzle}\"}}\n");
    let counted = run(&["count"], json.clone());
    let count: u64 = counted.stdout.trim().parse().unwrap();
    assert!(count >= 1, "{}", counted.stderr);
    let checked = run(
        &["check"],
        format!("{{\"grids\":[[0,0],[2,2]],\"givens\":\"{full}\"}}\n"),
    );
    assert_eq!(checked.stdout.trim(), "valid", "{}", checked.stderr);
    let candidates = run(&["candidates", "-f", "json"], json.clone());
    let value: serde_json::Value = serde_json::from_str(candidates.stdout.trim()).unwrap();
    assert_eq!(value["candidates"].as_array().unwrap().len(), 28, "{value}");
    if count == 1 {
        let digits: Vec<u8> = full.bytes().map(|b| b - b'0').collect();
        assert_sound_path(&[], &json, &frame, &digits);
        let rated = run(&["rate"], json);
        assert_eq!(rated.status, Some(0), "{}", rated.stderr);
    }
    let bad = run(
        &["count"],
        "{\"grids\":[[0,0],[1,1]],\"givens\":\"....\"}\n",
    );
    assert_eq!(bad.status, Some(2));
    assert!(bad.stderr.contains("1:"), "{}", bad.stderr);
}

/// The digits between the 1 and the 9 of `line`, added up.
fn sandwich_sum(line: &[u8]) -> u32 {
    let place = |digit: u8| line.iter().position(|&d| d == digit).unwrap();
    let (a, b) = (place(1), place(9));
    line[a.min(b) + 1..a.max(b)]
        .iter()
        .map(|&d| u32::from(d))
        .sum()
}

/// Rules on a samurai, with cells and clues named in its 21x21 frame: the
/// public solution with the middle grid's middle band blanked (288
/// solutions without rules), under a sandwich on the middle grid's row 5
/// and one on its column 5, clued from the gaps between the outer grids,
/// and a little killer from a gap, with the sums of one of those
/// solutions. `count` must give the number of solutions that obey the
/// rules by their definitions, `check` must pass the public solution
/// exactly when it obeys them and otherwise name a sandwich or the little
/// killer, and a unique puzzle's explanation must be sound.
#[test]
fn rules_on_a_samurai_are_counted_checked_and_explained_in_its_frame() {
    use sudoku_dlx::{NamedShape, Shape, Size};
    let frame = Shape::Named(NamedShape::Samurai).frame(Size::NINE);
    let cell = |r: usize, c: usize| frame.cell_at(r - 1, c - 1).unwrap();
    let solution = read_all(&file("puzzles/samurai-solution.txt")).remove(0);
    let band: Vec<usize> = (10..=12)
        .flat_map(|r| (7..=15).map(move |c| (r, c)))
        .map(|(r, c)| cell(r, c))
        .collect();
    let puzzle = with_blanks(|c| band.contains(&c));
    let mut every = Vec::new();
    SamuraiSolver::new()
        .solve(&puzzle, u64::MAX, |s| every.push(s.cells().to_vec()))
        .unwrap();
    assert_eq!(every.len(), 288);
    let row: Vec<usize> = (7..=15).map(|c| cell(11, c)).collect();
    let column: Vec<usize> = (7..=15).map(|r| cell(r, 11)).collect();
    let diagonal: Vec<usize> = (0..5).map(|k| cell(11 + k, 7 + k)).collect();
    // The three sums of a filled grid.
    let sums = |digits: &[u8]| {
        let of = |cells: &[usize]| -> Vec<u8> { cells.iter().map(|&c| digits[c]).collect() };
        let killer: u32 = of(&diagonal).iter().map(|&d| u32::from(d)).sum();
        [sandwich_sum(&of(&row)), sandwich_sum(&of(&column)), killer]
    };
    let description = |givens: &[u8], [row, column, killer]: [u32; 3]| {
        let givens: String = givens
            .iter()
            .map(|&d| if d == 0 { '.' } else { char::from(b'0' + d) })
            .collect();
        serde_json::json!({
            "givens": givens,
            "shape": "samurai",
            "sandwiches": [{"clue": "r11c6", "sum": row}, {"clue": "r6c11", "sum": column}],
            "little_killers": [{"clue": "r10c6", "direction": "DR", "sum": killer}],
        })
        .to_string()
    };
    // The sums of the public solution, of 12 others, and one off by one.
    let mut cases = vec![sums(solution.cells())];
    cases.extend(every.iter().step_by(24).map(|s| sums(s)));
    cases.push({
        let [row, column, killer] = sums(&every[0]);
        [row, column, killer + 1]
    });
    let lines: Vec<String> = cases
        .iter()
        .map(|&case| description(puzzle.cells(), case))
        .collect();
    let counted = run(&["count", "--limit", "1000"], lines.join("\n") + "\n");
    let expected: Vec<usize> = cases
        .iter()
        .map(|&case| every.iter().filter(|s| sums(s) == case).count())
        .collect();
    let found: Vec<usize> = counted
        .stdout
        .lines()
        .map(|line| line.parse().unwrap())
        .collect();
    assert_eq!(found, expected, "{}", counted.stderr);
    assert!(
        expected.contains(&0) && expected.contains(&1),
        "{expected:?}"
    );
    assert!(expected.iter().any(|&count| count > 1), "{expected:?}");

    // `check`: the public solution under each case's sums.
    let filled: Vec<String> = cases
        .iter()
        .map(|&case| description(solution.cells(), case))
        .collect();
    let checked = run(&["check"], filled.join("\n") + "\n");
    let verdicts: Vec<&str> = checked.stdout.lines().collect();
    let messages: Vec<&str> = checked.stderr.lines().collect();
    assert_eq!(verdicts.len(), cases.len(), "{}", checked.stdout);
    let mut broken = 0;
    for (&case, verdict) in cases.iter().zip(&verdicts) {
        let obeys = sums(solution.cells()) == case;
        assert_eq!(
            *verdict,
            if obeys { "valid" } else { "invalid" },
            "{case:?}"
        );
        broken += usize::from(!obeys);
    }
    assert_eq!(messages.len(), broken, "{}", checked.stderr);
    assert!(broken > 0 && broken < cases.len(), "{verdicts:?}");
    for message in messages {
        let named = ["break sandwich", "break little killer"];
        assert!(named.iter().any(|rule| message.contains(rule)), "{message}");
    }

    // The first unique case, explained soundly.
    let unique = expected.iter().position(|&count| count == 1).unwrap();
    let answer = every.iter().find(|s| sums(s) == cases[unique]).unwrap();
    assert_sound_path(&[], &lines[unique], &frame, answer);
}

#[test]
fn a_samurai_block_lists_its_cages_in_frame_names() {
    let puzzle = line(&read_all(&file("puzzles/samurai.txt"))[0]);
    let solution = read_all(&file("puzzles/samurai-solution.txt")).remove(0);
    let last = solution.cells()[SAMURAI_CELLS - 1];
    let described = serde_json::json!({
        "givens": puzzle,
        "shape": "samurai",
        "cages": [{"cells": ["r11c11", "r11c12"]}, {"cells": ["r21c21"], "sum": last}],
    });
    let solved = run(&["solve", "-f", "grid"], described.to_string());
    assert_eq!(solved.status, Some(0), "{}", solved.stderr);
    let listed: Vec<&str> = solved
        .stdout
        .lines()
        .filter(|l| l.starts_with('#'))
        .collect();
    let second = format!("# cage 2, sum {last}: r21c21");
    assert_eq!(listed, ["# cage 1: r11c11 r11c12", second.as_str()]);
}
