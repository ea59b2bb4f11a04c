//! Jigsaw puzzles through the real binary: `--variant jigsaw` lines are
//! `GIVENS REGIONS [comment]`; regions replace the boxes; a bad layout is
//! named with its line, column and region; answers keep their regions.

use crate::common;

use common::beside_consecutive;
use common::binary::run_binary;

/// A 9x9 layout of connected irregular regions.
const REGIONS: &str =
    "844444333888844336887744366877773366817779366111159966115559222115999222555599222";

fn run(args: &[&str], stdin: &str) -> (String, String, i32) {
    let output = run_binary(args, stdin.as_bytes());
    (
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
        output.status.code().unwrap(),
    )
}

/// True when each row, column and region of `grid` (n * n symbols, `1-9`
/// then `A-Z`) holds every digit once, checked on the cells themselves.
fn obeys_regions(grid: &[u8], regions: &[u8]) -> bool {
    let n = (1..=36).find(|n| n * n >= grid.len()).unwrap();
    let cells = n * n;
    let symbols = &b"123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[..n];
    let complete = |cells: Vec<usize>| {
        let mut digits: Vec<u8> = cells.iter().map(|&c| grid[c]).collect();
        digits.sort_unstable();
        digits == symbols
    };
    grid.len() == cells
        && regions.len() == cells
        && (0..n).all(|k| {
            complete((0..n).map(|j| k * n + j).collect())
                && complete((0..n).map(|j| j * n + k).collect())
        })
        && (0..cells).all(|c| {
            let region: Vec<usize> = (0..cells).filter(|&o| regions[o] == regions[c]).collect();
            region.len() == n && complete(region)
        })
}

/// Counts the solutions of `puzzle` under rows, columns and `regions`, up
/// to `limit`, by plain backtracking: an oracle that shares nothing with
/// the exact-cover encoding.
fn count(puzzle: &mut [u8], regions: &[u8], limit: u32) -> u32 {
    let Some(cell) = puzzle.iter().position(|&d| d == b'.') else {
        return 1;
    };
    let (row, column) = (cell / 9, cell % 9);
    let mut found = 0;
    for digit in b'1'..=b'9' {
        let clash = (0..81).any(|o| {
            puzzle[o] == digit && (o / 9 == row || o % 9 == column || regions[o] == regions[cell])
        });
        if !clash {
            puzzle[cell] = digit;
            found += count(puzzle, regions, limit - found);
            puzzle[cell] = b'.';
            if found >= limit {
                break;
            }
        }
    }
    found
}

#[test]
fn regions_replace_the_boxes_and_answers_keep_them() {
    let empty = ".".repeat(81);
    let (stdout, stderr, code) = run(
        &["solve", "--variant", "jigsaw"],
        &format!("{empty} {REGIONS} an empty jigsaw\n"),
    );
    assert_eq!((code, stderr.as_str()), (0, ""));
    let (solution, regions) = stdout.trim().split_once(' ').unwrap();
    assert!(obeys_regions(solution.as_bytes(), REGIONS.as_bytes()));
    // The regions come back renumbered 1-9 in the order they first appear,
    // the same cells together.
    for a in 0..81 {
        for b in 0..81 {
            let same = REGIONS.as_bytes()[a] == REGIONS.as_bytes()[b];
            assert_eq!(same, regions.as_bytes()[a] == regions.as_bytes()[b]);
        }
    }
    // A solved grid with its regions is checked as valid.
    let (verdict, _, code) = run(&["check", "--variant", "jigsaw"], &stdout);
    assert_eq!((verdict.as_str(), code), ("valid\n", 0));
}

#[test]
fn counts_agree_with_plain_backtracking_on_puzzles_cut_from_a_solution() {
    let empty = ".".repeat(81);
    let (stdout, _, _) = run(
        &["solve", "--variant", "jigsaw"],
        &format!("{empty} {REGIONS}\n"),
    );
    let solution = stdout
        .split_whitespace()
        .next()
        .unwrap()
        .as_bytes()
        .to_vec();
    // Puzzles keeping every k-th cell, for several k and offsets: from
    // unique to many solutions.
    let mut puzzles = Vec::new();
    for step in [2, 3, 4, 5] {
        for offset in 0..step {
            let puzzle: Vec<u8> = (0..81)
                .map(|c| {
                    if c % step == offset {
                        solution[c]
                    } else {
                        b'.'
                    }
                })
                .collect();
            puzzles.push(puzzle);
        }
    }
    let input: String = puzzles
        .iter()
        .map(|p| format!("{} {REGIONS}\n", String::from_utf8_lossy(p)))
        .collect();
    let (counts, _, _) = run(&["count", "--limit", "2", "--variant", "jigsaw"], &input);
    let counts: Vec<&str> = counts.lines().collect();
    assert_eq!(counts.len(), puzzles.len());
    let mut seen = [0; 3];
    for (puzzle, counted) in puzzles.iter_mut().zip(counts) {
        let expected = count(puzzle, REGIONS.as_bytes(), 2);
        let counted = if counted == "2+" {
            2
        } else {
            counted.parse().unwrap()
        };
        assert_eq!(counted, expected, "{}", String::from_utf8_lossy(puzzle));
        seen[expected as usize] += 1;
    }
    assert!(seen[1] > 0 && seen[2] > 0, "{seen:?}");
}

#[test]
fn a_bad_layout_is_named_with_its_region_and_the_run_goes_on() {
    let empty = ".".repeat(81);
    let mut small = REGIONS.to_string();
    small.replace_range(0..1, "4"); // region 8 loses a cell to region 4
    let input = format!("{empty}\n{empty} {small}\n{empty} 1234\n{empty} {REGIONS}\n");
    let (stdout, stderr, code) = run(&["count", "--limit", "2", "--variant", "jigsaw"], &input);
    assert_eq!(stdout, "invalid\ninvalid\ninvalid\n2+\n");
    assert_eq!(code, 2);
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(
        lines[0],
        "<stdin>:1:82: found no region layout after the givens; expected 81 region labels \
         (--variant jigsaw lines are GIVENS REGIONS)"
    );
    assert_eq!(
        lines[1],
        "<stdin>:2:83: region '4' has 10 cells; each region needs 9, one per digit"
    );
    assert_eq!(
        lines[2],
        "<stdin>:3:83: found 4 region labels; expected 81, one per cell"
    );
}

#[test]
fn grid_output_draws_region_borders_that_read_back() {
    let empty = ".".repeat(81);
    let (block, _, code) = run(
        &["solve", "--variant", "jigsaw", "-f", "grid"],
        &format!("{empty} {REGIONS}\n"),
    );
    assert_eq!(code, 0);
    assert!(block.contains(" | ") && block.contains('-'), "{block}");
    let (line, _, _) = run(&["solve", "-f", "line", "--boxes", "none"], &block);
    assert!(obeys_regions(line.trim().as_bytes(), REGIONS.as_bytes()));
    let (_, stderr, code) = run(&["solve", "--variant", "jigsaw", "--boxes", "3x3"], "");
    assert_eq!(code, 2);
    assert!(stderr.contains("cannot be used with --boxes"), "{stderr}");
}

/// `generate` of three 6x6 puzzles under `rules`, seed 4.
fn three_six_by_six(rules: &str) -> (String, String, i32) {
    let args = [
        "generate",
        "--variant",
        rules,
        "--size",
        "6",
        "-n",
        "3",
        "--seed",
        "4",
    ];
    run(&args, "")
}

#[test]
fn generated_rules_combine_with_jigsaw_regions_and_killer_cages() {
    for (rules, keys) in [
        ("jigsaw,xv", &["\"regions\":", "\"xv\":"][..]),
        ("jigsaw,killer", &["\"regions\":", "\"cages\":"]),
        ("killer,x", &["\"cages\":", "\"variants\":[\"x\"]"]),
    ] {
        let (stdout, stderr, code) = three_six_by_six(rules);
        assert_eq!((code, stderr.as_str()), (0, ""), "{rules}");
        assert_eq!(stdout.lines().count(), 3, "{rules}: {stdout}");
        for line in stdout.lines() {
            for key in keys {
                assert!(line.contains(key), "{rules}: {key} missing from {line}");
            }
        }
        // Each reads back with one solution under every rule it prints.
        let (counts, _, code) = run(&["count", "--limit", "2"], &stdout);
        assert_eq!((counts.as_str(), code), ("1\n1\n1\n", 0), "{rules}");
    }
    // A prime side has no boxes, but a jigsaw killer has regions.
    let killer = generated("generate --variant jigsaw,killer --size 5 --seed 7");
    assert_eq!(killer.lines().count(), 1, "{killer}");
    assert!(killer.contains("\"regions\":"), "{killer}");
    assert_eq!(run(&["count", "--limit", "2"], &killer).0, "1\n");
    // A killer has no givens for drawn rules to go with: refused, not
    // dropped.
    let (stdout, stderr, code) = run(&["generate", "--variant", "killer,thermometer"], "");
    assert_eq!((stdout.as_str(), code), ("", 2));
    assert!(stderr.contains("cannot be combined with"), "{stderr}");
}

#[test]
fn generated_jigsaws_read_back_unique_with_their_regions() {
    let (stdout, stderr, code) = three_six_by_six("jigsaw");
    assert_eq!((code, stderr.as_str()), (0, ""));
    assert_eq!(stdout.lines().count(), 3, "{stdout}");
    for line in stdout.lines() {
        let (givens, regions) = line.split_once(' ').unwrap();
        assert_eq!((givens.len(), regions.len()), (36, 36), "{line}");
    }
    let (counts, _, code) = run(&["count", "--limit", "2", "--variant", "jigsaw"], &stdout);
    assert_eq!((counts.as_str(), code), ("1\n1\n1\n", 0));
    // Seeded: the same seed, the same puzzles; as JSON, they read back too.
    let (again, _, _) = three_six_by_six("jigsaw");
    assert_eq!(again, stdout);
    let (json, _, _) = run(
        &[
            "generate",
            "--variant",
            "jigsaw",
            "--size",
            "6",
            "-n",
            "2",
            "-f",
            "json",
            "--seed",
            "4",
        ],
        "",
    );
    assert!(json.lines().all(|l| l.contains("\"regions\"")), "{json}");
    let (counts, _, _) = run(&["count", "--limit", "2"], &json);
    assert_eq!(counts, "1\n1\n");
}

#[test]
fn nine_by_nine_non_consecutive_jigsaws_with_drawn_rules_come_on_layouts_drawn_for_their_grids() {
    // No random 9x9 layout of seed 1 admits a non-consecutive grid within
    // its budget: the layout is drawn for a grid, and the XV markers are
    // drawn on that grid. (Puzzles blanked from such a grid without drawn
    // rules, longer to make, are checked in the library's tests.)
    let stdout = generated("generate --variant jigsaw,non-consecutive,xv -n 2 --seed 1 -f json");
    assert_eq!(stdout.lines().count(), 2, "{stdout}");
    for line in stdout.lines() {
        let object = non_consecutive_jigsaw(line);
        assert!(object["xv"].is_array(), "{line}");
        let solution = object["solution"].as_str().unwrap().as_bytes();
        // No two orthogonal neighbours consecutive, on the cells.
        assert_eq!(beside_consecutive(solution, 9), None, "{line}");
    }
    let (counts, _, code) = run(&["count", "--limit", "2"], &stdout);
    assert_eq!((counts.as_str(), code), ("1\n1\n", 0));
}

#[test]
fn nine_by_nine_non_consecutive_jigsaw_killers_are_cut_from_a_grid_their_layout_was_drawn_for() {
    // As above, no random layout of seed 1 admits a grid: the cages are
    // cut from the grid the layout was drawn for.
    let stdout = generated("generate --variant jigsaw,non-consecutive,killer --seed 1 -f json");
    let object = non_consecutive_jigsaw(stdout.trim_end());
    assert!(object["cages"].is_array(), "{stdout}");
    assert_eq!(object["givens"].as_str().unwrap(), ".".repeat(81));
    let (counts, _, code) = run(&["count", "--limit", "2"], &stdout);
    assert_eq!((counts.as_str(), code), ("1\n", 0));
}

/// The standard output of `args` (words split on spaces), checked to have
/// succeeded with nothing on standard error.
fn generated(args: &str) -> String {
    let args: Vec<&str> = args.split(' ').collect();
    let (stdout, stderr, code) = run(&args, "");
    assert_eq!((code, stderr.as_str()), (0, ""), "{args:?}");
    stdout
}

/// The JSON line `line` of a generated non-consecutive jigsaw, checked to
/// name the rule and to have a solution that obeys its regions.
fn non_consecutive_jigsaw(line: &str) -> serde_json::Value {
    let object: serde_json::Value = serde_json::from_str(line).unwrap();
    assert!(
        object["variants"].to_string().contains("non-consecutive"),
        "{line}"
    );
    let solution = object["solution"].as_str().unwrap().as_bytes();
    let regions = object["regions"].as_str().unwrap().as_bytes();
    assert!(obeys_regions(solution, regions), "{line}");
    object
}

#[test]
#[ignore = "seconds in an optimised build: cargo test --release --test suite -- --ignored jigsaw::"]
fn wide_non_consecutive_jigsaws_come_on_layouts_drawn_for_their_grids() {
    // No random 12x12 layout of seed 3 admits a non-consecutive grid
    // within its budget either: the layout is drawn for a grid there too.
    assert_non_consecutive_jigsaw(12, (3, 4), 3);
}

#[test]
#[ignore = "seconds in an optimised build: cargo test --release --test suite -- --ignored jigsaw::"]
fn non_consecutive_jigsaws_above_sixteen_come_on_layouts_drawn_for_their_grids() {
    // Above 16x16 too: on 18x18 (boxes of 3 rows by 6 columns).
    assert_non_consecutive_jigsaw(18, (3, 6), 1);
}

/// Generates a non-consecutive jigsaw of side `n` with `seed`, and checks
/// that its solution obeys the rule and its regions, that its givens are
/// the solution's, that its regions are not the boxes (`boxes`: rows by
/// columns), and that it reads back unique.
fn assert_non_consecutive_jigsaw(n: usize, boxes: (usize, usize), seed: u64) {
    let stdout = generated(&format!(
        "generate --variant jigsaw,non-consecutive --size {n} --seed {seed} -f json"
    ));
    // Every row, column and region holds each digit once, on the cells.
    let object = non_consecutive_jigsaw(stdout.trim_end());
    let digit = |symbol: u8| match symbol {
        b'1'..=b'9' => symbol - b'0',
        _ => symbol - b'A' + 10,
    };
    let solution: Vec<u8> = object["solution"]
        .as_str()
        .unwrap()
        .bytes()
        .map(digit)
        .collect();
    let regions = object["regions"].as_str().unwrap().as_bytes();
    let givens = object["givens"].as_str().unwrap().as_bytes();
    assert_eq!(
        (solution.len(), regions.len(), givens.len()),
        (n * n, n * n, n * n)
    );
    assert_eq!(
        beside_consecutive(&solution, n),
        None,
        "a cell beside a consecutive digit"
    );
    for c in 0..n * n {
        assert!(
            givens[c] == b'.' || digit(givens[c]) == solution[c],
            "cell {c}"
        );
    }
    // A jigsaw, not the boxes: a region spans more than one box.
    let (rows, columns) = boxes;
    let in_one_box = (0..n * n).all(|c| {
        (0..n * n)
            .filter(|&o| regions[o] == regions[c])
            .all(|o| o / n / rows == c / n / rows && o % n / columns == c % n / columns)
    });
    assert!(!in_one_box, "{stdout}");
    let (counts, _, code) = run(&["count", "--limit", "2"], &stdout);
    assert_eq!((counts.as_str(), code), ("1\n", 0));
}
