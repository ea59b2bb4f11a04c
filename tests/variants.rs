//! Variant rules through the real binary: `--variant` makes every answering
//! command use the rules it names, and its answers obey them.

use crate::common;

use common::binary::run_binary;

/// Runs the binary and returns its standard output, standard error and
/// exit status.
fn run(args: &[&str], stdin: &str) -> (String, String, i32) {
    let output = run_binary(args, stdin.as_bytes());
    (
        String::from_utf8(output.stdout).expect("UTF-8 output"),
        String::from_utf8(output.stderr).expect("UTF-8 messages"),
        output.status.code().expect("exited, not killed"),
    )
}

/// True when both main diagonals of a 9x9 line hold nine different digits.
fn diagonals_differ(line: &str) -> bool {
    let cells = line.as_bytes();
    let distinct = |cells: Vec<u8>| {
        let mut sorted = cells.clone();
        sorted.sort_unstable();
        sorted.dedup();
        sorted.len() == 9
    };
    distinct((0..9).map(|k| cells[k * 9 + k]).collect())
        && distinct((0..9).map(|k| cells[k * 9 + 8 - k]).collect())
}

#[test]
fn x_sudoku_is_solved_counted_checked_and_rated_under_its_rules() {
    let empty = ".".repeat(81);
    let (solution, _, code) = run(&["solve", "--variant", "x"], &format!("{empty}\n"));
    let solution = solution.trim().to_string();
    assert_eq!((code, solution.len()), (0, 81), "{solution}");
    assert!(diagonals_differ(&solution), "{solution}");
    let (verdict, _, code) = run(&["check", "--variant", "x"], &format!("{solution}\n"));
    assert_eq!((verdict.trim(), code), ("valid", 0));
    // A puzzle cut from it: every third cell kept.
    let puzzle: String = solution
        .chars()
        .enumerate()
        .map(|(k, c)| if k % 3 == 0 { c } else { '.' })
        .collect();
    let input = format!("{puzzle}\n");
    let count = |rules: &[&str]| {
        let mut args = vec!["count", "--limit", "100000", "-f", "line"];
        args.extend_from_slice(rules);
        let (count, _, _) = run(&args, &input);
        count.trim().trim_end_matches('+').parse::<u64>().unwrap()
    };
    let (x, classic) = (count(&["--variant", "x"]), count(&[]));
    assert!(x >= 1 && x <= classic, "x {x}, classic {classic}");
    let (answers, _, _) = run(
        &["solve", "--all", "--variant", "x", "--limit", "50"],
        &input,
    );
    for line in answers.lines().filter(|line| !line.starts_with('#')) {
        assert!(diagonals_differ(line), "{line}");
    }
    let (rating, _, code) = run(&["rate", "--variant", "x"], &format!("{solution}\n"));
    // A filled grid needs no technique and no branch.
    assert_eq!((rating.trim(), code), ("simple: none; 0 branches", 0));
}

#[test]
fn a_puzzle_against_a_rule_is_invalid_with_the_unit_named() {
    let easy = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let (out, err, code) = run(&["solve", "--variant", "x"], &format!("{easy}\n"));
    assert_eq!((out.trim(), code), ("invalid", 1));
    assert!(
        err.contains("digit 1 appears twice in extra unit 1"),
        "{err}"
    );
    let (out, err, _) = run(&["count", "--variant", "hyper"], "1...............\n");
    assert_eq!(out.trim(), "invalid");
    assert!(
        err.contains("the hyper rule needs a 9x9 grid; found 4x4"),
        "{err}"
    );
}

#[test]
fn every_rule_has_a_name_on_the_command_line() {
    let empty = format!("{}\n", ".".repeat(81));
    for rule in [
        "x",
        "hyper",
        "disjoint",
        "anti-king",
        "anti-knight",
        "non-consecutive",
    ] {
        let (out, err, code) = run(&["solve", "--variant", rule], &empty);
        assert_eq!(code, 0, "{rule}: {err}");
        assert_eq!(out.trim().len(), 81, "{rule}: {out}");
    }
    let (_, err, code) = run(&["solve", "--variant", "sideways"], &empty);
    assert_eq!(code, 2);
    assert!(err.contains("anti-knight"), "{err}");
}
