//! `generate` in the machine-readable layouts, and its progress bar: drawn
//! on a terminal's standard error while standard output goes elsewhere,
//! never with `-q`.

use crate::common;

use std::process::Command;

use common::binary::{run_binary, BIN};
use sudoku_dlx::{Grid, Solver};

fn stdout(args: &[&str]) -> String {
    let output = run_binary(args, b"");
    assert!(output.status.success(), "{args:?}: {output:?}");
    String::from_utf8(output.stdout).unwrap()
}

/// A grid read from its one-line form.
fn grid(text: &str) -> Grid {
    text.parse().expect("a grid")
}

#[test]
fn json_has_one_object_per_puzzle() {
    let text = stdout(&["generate", "-n", "3", "--seed", "5", "--rate", "-f", "json"]);
    let lines = stdout(&["generate", "-n", "3", "--seed", "5"]);
    let objects: Vec<serde_json::Value> = text
        .lines()
        .map(|line| serde_json::from_str(line).expect("one JSON object a line"))
        .collect();
    assert_eq!(objects.len(), 3, "{text}");
    for ((number, object), line) in (1..).zip(&objects).zip(lines.lines()) {
        assert_eq!(object["item"], number);
        assert_eq!(object["seed"], 5);
        let puzzle = object["givens"].as_str().unwrap();
        assert_eq!(puzzle, line, "the same puzzle as in the line layout");
        let solution = grid(object["solution"].as_str().unwrap());
        let puzzle = grid(puzzle);
        assert!(solution.is_solved() && solution.keeps_givens_of(&puzzle));
        assert!(Solver::new().is_unique(&puzzle).unwrap());
        assert_eq!(object["clues"], puzzle.givens());
        assert!(object["branches"].is_u64(), "{object}");
        assert!(object["level"].is_string(), "{object}");
        assert!(object["hardest"].is_string(), "{object}");
    }
}

#[test]
fn json_of_solved_grids_and_unrated_puzzles_leaves_out_what_is_unknown() {
    let text = stdout(&["generate", "--solved", "--seed", "5", "-f", "json"]);
    let object: serde_json::Value = serde_json::from_str(text.trim()).unwrap();
    assert_eq!(object["clues"], 81);
    assert!(object.get("solution").is_none(), "{object}");
    let text = stdout(&["generate", "--seed", "5", "-f", "json"]);
    let object: serde_json::Value = serde_json::from_str(text.trim()).unwrap();
    assert!(object.get("score").is_none() && object.get("level").is_none());
}

#[test]
fn csv_has_a_header_and_one_row_per_puzzle() {
    let text = stdout(&["generate", "-n", "4", "--seed", "8", "-f", "csv", "--rate"]);
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let header: Vec<String> = reader
        .headers()
        .unwrap()
        .iter()
        .map(str::to_owned)
        .collect();
    assert_eq!(
        header,
        [
            "item", "seed", "givens", "solution", "clues", "score", "level", "hardest", "branches",
            "shape"
        ]
    );
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!(rows.len(), 4);
    for (number, row) in (1..).zip(&rows) {
        assert_eq!(row[0], number.to_string());
        assert_eq!(&row[1], "8");
        let (puzzle, solution) = (grid(&row[2]), grid(&row[3]));
        assert!(solution.keeps_givens_of(&puzzle) && solution.is_solved());
        assert_eq!(row[4], puzzle.givens().to_string());
        // The search's score is a samurai's alone; a grid has branches.
        assert!(row[5].is_empty(), "{row:?}");
        assert!(!row[6].is_empty() && !row[7].is_empty());
        assert!(row[8].parse::<u64>().is_ok(), "{row:?}");
    }
    // The same rows on two threads.
    let two = stdout(&[
        "generate", "-n", "4", "--seed", "8", "-f", "csv", "--rate", "-j", "2",
    ]);
    assert_eq!(text, two);
}

/// What a run of `generate -n 20 ARGS > FILE` draws on its terminal, run
/// in a pseudo-terminal by `script` (util-linux); `None` when there is no
/// `script`. The bar is set to appear at once
/// (`SUDOKU_DLX_PROGRESS_DELAY_MS=0`), rather than after a second of work
/// a fast machine may never spend.
fn terminal_output(args: &str) -> Option<String> {
    let out = std::env::temp_dir().join(format!("sudoku-dlx-generate-{}", std::process::id()));
    let command = format!("{BIN} generate -n 20 {args} > {}", out.display());
    let output = Command::new("script")
        .args(["-q", "-e", "-c", &command, "/dev/null"])
        .env("SUDOKU_DLX_PROGRESS_DELAY_MS", "0")
        .output()
        .ok()?;
    assert!(output.status.success(), "{output:?}");
    let written = std::fs::read_to_string(&out).unwrap();
    std::fs::remove_file(&out).ok();
    assert_eq!(written.lines().count(), 20, "the items are all written");
    Some(String::from_utf8_lossy(&output.stdout).into_owned())
}

#[test]
fn progress_bar_on_a_terminal_unless_quiet() {
    let Some(drawn) = terminal_output("--seed 1") else {
        return;
    };
    assert!(drawn.contains("/20 items"), "{drawn:?}");
    let Some(drawn) = terminal_output("--seed 1 -q") else {
        return;
    };
    assert!(!drawn.contains("items"), "{drawn:?}");
}

#[test]
fn json_items_read_back_as_their_puzzles_with_their_rules() {
    let json = stdout(&[
        "generate",
        "--variant",
        "x",
        "--boxes",
        "3x3",
        "-n",
        "2",
        "--seed",
        "3",
        "-f",
        "json",
    ]);
    for line in json.lines() {
        let object: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(object["variants"], serde_json::json!(["x"]), "{line}");
    }
    let counted = run_binary(&["count", "--limit", "2"], json.as_bytes());
    assert_eq!(String::from_utf8(counted.stdout).unwrap(), "1\n1\n");
    // Under the classic rules alone they are not unique: the rules matter.
    let givens: String = json
        .lines()
        .map(|line| {
            let object: serde_json::Value = serde_json::from_str(line).unwrap();
            format!("{}\n", object["givens"].as_str().unwrap())
        })
        .collect();
    let plain = run_binary(&["count", "--limit", "2"], givens.as_bytes());
    assert_eq!(String::from_utf8(plain.stdout).unwrap(), "2+\n2+\n");
    // Rated, the items carry the rating's fields too, and still read back.
    let rated = stdout(&["generate", "-n", "2", "--seed", "3", "--rate", "-f", "json"]);
    assert!(
        rated.contains("\"hardest\"") && rated.contains("\"branches\""),
        "{rated}"
    );
    let counted = run_binary(&["count", "--limit", "2"], rated.as_bytes());
    assert_eq!(String::from_utf8(counted.stdout).unwrap(), "1\n1\n");
}

/// A region layout with its labels renamed in the order they first appear,
/// so that two namings of the same regions compare equal.
fn first_seen(labels: &str) -> Vec<usize> {
    let mut seen: Vec<char> = Vec::new();
    labels
        .chars()
        .map(
            |label| match seen.iter().position(|&known| known == label) {
                Some(index) => index,
                None => {
                    seen.push(label);
                    seen.len() - 1
                }
            },
        )
        .collect()
}

#[test]
fn jigsaw_and_killer_json_items_carry_their_number_seed_and_solution() {
    for rule in ["jigsaw", "killer"] {
        let json = stdout(&[
            "generate",
            "--variant",
            rule,
            "--size",
            "4",
            "-n",
            "2",
            "--seed",
            "6",
            "-f",
            "json",
        ]);
        let solved = run_binary(&["solve", "-f", "json"], json.as_bytes());
        let answers = String::from_utf8(solved.stdout).unwrap();
        for ((number, line), answer) in (1..).zip(json.lines()).zip(answers.lines()) {
            let object: serde_json::Value = serde_json::from_str(line).unwrap();
            let answer: serde_json::Value = serde_json::from_str(answer).unwrap();
            assert_eq!(object["item"], number, "{rule}: {line}");
            assert_eq!(object["seed"], 6, "{rule}: {line}");
            let givens = grid(object["givens"].as_str().unwrap());
            assert_eq!(object["clues"], givens.givens(), "{rule}: {line}");
            // The solution printed is the one the puzzle, read back with
            // its rules, has.
            assert_eq!(answer["status"], "solved", "{rule}: {answer}");
            assert_eq!(object["solution"], answer["solution"], "{rule}: {line}");
            if rule == "jigsaw" {
                let layout = |value: &serde_json::Value| first_seen(value.as_str().unwrap());
                assert_eq!(
                    layout(&object["regions"]),
                    layout(&answer["regions"]),
                    "{line}"
                );
            } else {
                assert_eq!(object["cages"], answer["cages"], "{line}");
            }
        }
    }
}

#[test]
fn layouts_that_would_lose_regions_or_cages_are_refused_before_any_output() {
    for rule in ["jigsaw", "killer"] {
        for format in ["grid", "csv", "svg", "html"] {
            let args = ["generate", "--variant", rule, "--size", "4", "-f", format];
            let output = run_binary(&args, b"");
            assert_eq!(output.status.code(), Some(2), "{args:?}");
            assert!(output.stdout.is_empty(), "{args:?}");
            let message = String::from_utf8(output.stderr).unwrap();
            assert!(
                message.contains(&format!(
                    "-f {format} would lose the regions, cages or rules"
                )),
                "{args:?}: {message}"
            );
        }
    }
}

#[test]
fn grid_blocks_draw_the_boxes_asked_for() {
    // 3 rows by 2 columns: a border after every second column, a border
    // line after every third row.
    let text = stdout(&[
        "generate", "--boxes", "3x2", "--size", "6", "--seed", "2", "-f", "grid",
    ]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 8, "{text}");
    assert_eq!(lines[3], "----+-----+----", "{text}");
    for row in lines.iter().enumerate().filter(|&(i, _)| i != 3 && i < 7) {
        assert_eq!(row.1.matches('|').count(), 2, "{text}");
    }
    let solved = run_binary(&["count", "--boxes", "3x2"], text.as_bytes());
    assert_eq!(String::from_utf8(solved.stdout).unwrap().trim(), "1");
}
