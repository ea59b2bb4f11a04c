//! `explain`, `hint` and `rate` through the real binary:
//! the steps replay to the solution `solve` prints, the JSON carries what
//! the text says, pencilmarks start a path, and exit statuses are those of
//! `solve`.

use crate::common;

use common::binary::run;

const EASY: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// The first puzzle of `puzzles/easy.txt`.
fn easy_file_puzzle() -> String {
    include_str!("../puzzles/easy.txt")
        .lines()
        .next()
        .unwrap()
        .to_string()
}

/// `r2c8` as a cell number of a 9x9 grid.
fn cell_number(name: &str) -> usize {
    let (row, column) = name[1..].split_once('c').unwrap();
    (row.parse::<usize>().unwrap() - 1) * 9 + column.parse::<usize>().unwrap() - 1
}

#[test]
fn the_steps_replay_to_the_solution_solve_prints() {
    let puzzle = easy_file_puzzle();
    let explained = run(&["explain"], format!("{puzzle}\n"));
    assert_eq!(explained.status, Some(0), "{}", explained.stderr);
    let mut grid: Vec<u8> = puzzle.bytes().collect();
    let mut steps = 0;
    for line in explained.stdout.lines() {
        let Some((_, placed_and_struck)) = line.split_once("=> ") else {
            continue;
        };
        steps += 1;
        for item in placed_and_struck.split(", ") {
            if let Some((cell, digit)) = item.split_once('=') {
                if !cell.ends_with('<') {
                    grid[cell_number(cell)] = digit.as_bytes()[0];
                }
            }
        }
    }
    assert!(steps > 0);
    let solved = run(&["solve", "-f", "line"], format!("{puzzle}\n"));
    assert_eq!(String::from_utf8(grid).unwrap(), solved.stdout.trim());
    let summary = explained
        .stdout
        .lines()
        .rev()
        .find(|l| !l.is_empty())
        .unwrap();
    assert!(
        summary.starts_with(&format!("# solved: {steps} steps")),
        "{summary}"
    );
}

#[test]
fn json_has_the_steps_and_the_rating() {
    let out = run(&["explain", "-f", "json"], format!("{EASY}\n"));
    assert_eq!(out.status, Some(0), "{}", out.stderr);
    let value: serde_json::Value = serde_json::from_str(out.stdout.trim()).unwrap();
    assert_eq!(value["solved"], true);
    assert_eq!(value["bifurcations"], 0);
    let steps = value["steps"].as_array().unwrap();
    let placed: usize = steps
        .iter()
        .map(|step| step["placements"].as_array().unwrap().len())
        .sum();
    assert_eq!(placed, EASY.bytes().filter(|&b| b == b'.').count());
    assert!(steps.iter().all(|step| step["technique"].is_string()));
    let level = value["level"].as_str().unwrap();
    assert!(["simple", "easy", "intermediate", "expert"].contains(&level));
    assert!(value["score"].as_f64().unwrap() >= 1.0);
    let text = run(&["explain"], format!("{EASY}\n"));
    let hardest = value["hardest"].as_str().unwrap();
    assert!(text
        .stdout
        .contains(&format!("; hardest {hardest}; score ")));
}

#[test]
fn a_hint_is_the_first_step_of_the_path() {
    let hint = run(&["hint"], format!("{EASY}\n"));
    assert_eq!(hint.status, Some(0));
    let explained = run(&["explain"], format!("{EASY}\n"));
    let first = explained.stdout.lines().nth(1).unwrap();
    assert_eq!(
        first.trim_start().trim_start_matches("1. "),
        hint.stdout.trim()
    );
}

/// The 729-character pencilmarks of a puzzle: a given is its one
/// candidate, a blank cell has every digit.
fn marks_line(puzzle: &str) -> String {
    puzzle
        .bytes()
        .map(|b| {
            if b == b'.' {
                "123456789".to_string()
            } else {
                (1..=9u8)
                    .map(|d| if d == b - b'0' { b as char } else { '.' })
                    .collect()
            }
        })
        .collect()
}

#[test]
fn pencilmarks_start_the_path_in_both_layouts() {
    let puzzle = easy_file_puzzle();
    let from_grid = run(&["explain", "-f", "json"], format!("{puzzle}\n"));
    let from_marks = run(&["explain", "-f", "json"], marks_line(&puzzle) + "\n");
    assert_eq!(from_marks.status, Some(0), "{}", from_marks.stderr);
    let grid: serde_json::Value = serde_json::from_str(from_grid.stdout.trim()).unwrap();
    let marks: serde_json::Value = serde_json::from_str(from_marks.stdout.trim()).unwrap();
    assert_eq!(marks["solved"], true);
    assert_eq!(marks["hardest"], grid["hardest"]);
    // The same marks as a grid of groups, one row a line.
    let line = marks_line(&puzzle);
    let mut block = String::new();
    for row in 0..9 {
        let groups: Vec<String> = (0..9)
            .map(|column| {
                let cell = &line[(row * 9 + column) * 9..][..9];
                cell.replace('.', "")
            })
            .collect();
        block.push_str(&groups.join(" "));
        block.push('\n');
    }
    let hint_block = run(&["hint"], block.clone());
    let hint_line = run(&["hint"], line.clone() + "\n");
    assert_eq!(hint_block.status, Some(0), "{}", hint_block.stderr);
    assert_eq!(hint_block.stdout, hint_line.stdout);
    // A digit in the wrong place of a cell is named by line and column.
    let bad = line.replacen("123456789", "123456798", 1);
    let out = run(&["explain"], format!("{bad}\n"));
    assert_eq!(out.status, Some(2));
    let at = bad.find("123456798").unwrap() + 8;
    assert!(
        out.stderr.contains(&format!("<stdin>:1: {at}: ")),
        "{}",
        out.stderr
    );
}

#[test]
fn exit_statuses_are_those_of_solve() {
    let unsolvable = include_str!("../puzzles/unsolvable.txt")
        .lines()
        .find(|l| !l.starts_with('#'))
        .unwrap();
    let out = run(&["explain"], format!("{unsolvable}\n"));
    assert_eq!(out.status, Some(1));
    assert!(out.stdout.contains("unsolvable"));
    let conflicting = include_str!("../puzzles/conflicting.txt")
        .lines()
        .find(|l| !l.starts_with('#'))
        .unwrap();
    assert_eq!(run(&["hint"], format!("{conflicting}\n")).status, Some(1));
    let out = run(&["explain"], format!("12x\n{EASY}\n"));
    assert_eq!(out.status, Some(2));
    assert_eq!(out.stdout.matches("# <stdin>:").count(), 2);
}

#[test]
fn rate_gives_the_hardest_techniques_level_and_the_search_branches_in_one_record() {
    let out = run(&["rate"], format!("{EASY}\n"));
    assert_eq!(out.status, Some(0));
    let (level, rest) = out.stdout.trim().split_once(": ").unwrap();
    let (hardest, branches) = rest.rsplit_once("; ").unwrap();
    let json = run(&["explain", "-f", "json"], format!("{EASY}\n"));
    let value: serde_json::Value = serde_json::from_str(json.stdout.trim()).unwrap();
    assert_eq!(level, value["level"]);
    assert_eq!(hardest, value["hardest"]);
    let branches: u64 = branches.strip_suffix(" branches").unwrap().parse().unwrap();
    // The old methods give the same record, in every format.
    for format in ["line", "json", "csv"] {
        let plain = run(&["rate", "-f", format], format!("{EASY}\n"));
        for method in ["search", "techniques"] {
            let old = run(
                &["rate", "--method", method, "-f", format],
                format!("{EASY}\n"),
            );
            assert_eq!(
                (old.status, &old.stdout),
                (Some(0), &plain.stdout),
                "{method}"
            );
        }
    }
    let record = run(&["rate", "-f", "json"], format!("{EASY}\n"));
    let record: serde_json::Value = serde_json::from_str(record.stdout.trim()).unwrap();
    assert_eq!(record["level"], value["level"]);
    assert_eq!(record["hardest"], value["hardest"]);
    assert_eq!(record["branches"], branches);
    assert!(record.get("score").is_none(), "{record}");
    let csv = run(&["rate", "-f", "csv"], format!("{EASY}\n"));
    let header = csv.stdout.lines().next().unwrap();
    assert!(
        header.ends_with(",level,hardest,branches,shape"),
        "{header}"
    );
}

#[test]
fn generate_meets_a_technique_level_or_says_why_not() {
    for level in ["simple", "easy", "intermediate", "expert"] {
        let made = run(
            &["generate", "--difficulty", level, "--seed", "5", "-n", "2"],
            "",
        );
        assert_eq!(made.status, Some(0), "{level}: {}", made.stderr);
        let rated = run(&["rate"], made.stdout);
        let levels: Vec<&str> = rated
            .stdout
            .lines()
            .map(|line| line.split(':').next().unwrap())
            .collect();
        assert_eq!(levels, [level, level]);
    }
    for (args, says) in [
        (
            &["generate", "--difficulty", "hard"][..],
            "simple, easy, intermediate and expert",
        ),
        (
            &["generate", "--method", "search", "--difficulty", "easy"],
            "replaced",
        ),
    ] {
        let refused = run(args, "");
        assert_eq!(refused.status, Some(2), "{args:?}");
        assert!(refused.stderr.contains(says), "{}", refused.stderr);
    }
    // Under a variant, the level is judged under its rules.
    let made = run(
        &[
            "generate",
            "--variant",
            "x",
            "--difficulty",
            "intermediate",
            "--seed",
            "2",
        ],
        "",
    );
    assert_eq!(made.status, Some(0), "{}", made.stderr);
    let rated = run(&["rate", "--variant", "x"], made.stdout);
    assert!(
        rated.stdout.starts_with("intermediate: "),
        "{}",
        rated.stdout
    );
    // 4x4 puzzles are never intermediate: the attempts run out.
    let failed = run(
        &[
            "generate",
            "--difficulty",
            "intermediate",
            "--size",
            "4",
            "--seed",
            "1",
        ],
        "",
    );
    assert_eq!(failed.status, Some(1));
    assert!(
        failed.stderr.contains("technique level intermediate"),
        "{}",
        failed.stderr
    );
}

#[test]
fn records_with_their_own_rules_are_explained_under_them() {
    // JSON descriptions: variants, jigsaw regions, killer cages, other sizes.
    let input = include_str!("data/descriptions.jsonl");
    let explained = run(&["explain", "-f", "json"], input);
    let solved = run(&["solve", "-f", "line"], input);
    let paths: Vec<serde_json::Value> = explained
        .stdout
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    // A jigsaw's solution is followed by its regions.
    let solutions: Vec<&str> = solved
        .stdout
        .lines()
        .map(|line| line.split_whitespace().next().unwrap_or(""))
        .collect();
    assert_eq!(paths.len(), solutions.len());
    let mut replayed = 0;
    for (path, solution) in paths.iter().zip(&solutions) {
        let Some(steps) = path["steps"].as_array() else {
            continue;
        };
        let side = (solution.len() as f64).sqrt() as usize;
        let digits: Vec<char> = solution.chars().collect();
        for step in steps {
            for placed in step["placements"].as_array().unwrap() {
                let cell = placed["cell"].as_str().unwrap();
                let (row, column) = cell[1..].split_once('c').unwrap();
                let at = (row.parse::<usize>().unwrap() - 1) * side
                    + column.parse::<usize>().unwrap()
                    - 1;
                let digit = placed["digit"].as_u64().unwrap() as u32;
                assert_eq!(digits[at].to_digit(36), Some(digit), "{path}");
            }
        }
        replayed += 1;
    }
    assert!(replayed >= 5, "{}", explained.stderr);
}

#[test]
fn boxes_shape_the_rules_of_the_path() {
    // A 6x6 puzzle with the default 2x3 boxes; as a Latin square (no boxes)
    // it has many solutions, and logic stops short of one.
    let six = run(&["generate", "--size", "6", "--seed", "3"], "");
    let boxed = run(&["explain", "--boxes", "2x3"], six.stdout.clone());
    assert_eq!(boxed.status, Some(0), "{}", boxed.stderr);
    assert!(boxed.stdout.contains("# solved:"));
    let latin = run(&["explain", "--boxes", "none"], six.stdout);
    assert_eq!(latin.status, Some(1));
    assert!(latin.stdout.contains("# stalled:"));
    assert!(latin.stderr.contains("more than one solution"));
}
