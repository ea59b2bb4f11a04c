//! The `generate` and `rate` commands, run as a user runs them.

use crate::common;

use std::process::Output;

use common::binary::run_binary;

fn run(args: &[&str], stdin: &str) -> Output {
    run_binary(args, stdin.as_bytes())
}

fn stdout(args: &[&str]) -> String {
    let output = run(args, "");
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn threads_do_not_change_the_output() {
    for extra in [
        &["--rate"][..],
        &["--solved"],
        &["--symmetry", "none", "-f", "grid"],
    ] {
        let mut args = vec!["generate", "-n", "300", "--seed", "77"];
        args.extend_from_slice(extra);
        let one = stdout(&args);
        args.extend_from_slice(&["-j", "2"]);
        let two = stdout(&args);
        assert_eq!(one, two, "{extra:?}");
        assert!(one.lines().filter(|l| !l.is_empty()).count() >= 300);
    }
}

#[test]
fn a_seed_repeats_a_run_and_a_run_without_one_prints_its_seed() {
    let first = run(&["generate", "-n", "5"], "");
    assert!(first.status.success());
    let stderr = String::from_utf8(first.stderr).unwrap();
    let seed = stderr
        .strip_prefix("seed: ")
        .and_then(|rest| rest.trim().parse::<u64>().ok())
        .unwrap_or_else(|| panic!("no seed line in {stderr:?}"));
    let again = stdout(&["generate", "-n", "5", "--seed", &seed.to_string()]);
    assert_eq!(String::from_utf8(first.stdout).unwrap(), again);
    let other = stdout(&["generate", "-n", "5", "--seed", &(seed ^ 1).to_string()]);
    assert_ne!(again, other);
}

#[test]
fn generated_puzzles_check_as_unique_and_grids_as_valid() {
    let puzzles = stdout(&["generate", "-n", "30", "--seed", "3", "--size", "4"]);
    let verdicts = run(&["check"], &puzzles);
    assert!(verdicts.status.success());
    let verdicts = String::from_utf8(verdicts.stdout).unwrap();
    assert_eq!(verdicts.lines().filter(|&v| v == "unique").count(), 30);
    let grids = stdout(&["generate", "-n", "30", "--seed", "3", "--solved"]);
    let verdicts = String::from_utf8(run(&["check"], &grids).stdout).unwrap();
    assert_eq!(verdicts.lines().filter(|&v| v == "valid").count(), 30);
}

#[test]
fn the_rating_printed_by_generate_is_the_one_rate_gives() {
    let lines = stdout(&["generate", "-n", "20", "--seed", "8", "--rate"]);
    let mut puzzles = String::new();
    let mut ratings = String::new();
    for line in lines.lines() {
        let (puzzle, rating) = line.split_once(' ').unwrap();
        puzzles.push_str(puzzle);
        puzzles.push('\n');
        ratings.push_str(rating);
        ratings.push('\n');
    }
    let empty = run(&["rate"], "");
    assert_eq!(
        empty.status.code(),
        Some(2),
        "an input with no puzzle is bad input"
    );
    assert!(empty.stdout.is_empty());
    let rated = run(&["rate"], &puzzles);
    assert_eq!(String::from_utf8(rated.stdout).unwrap(), ratings);
}

#[test]
fn a_difficulty_asked_for_is_the_difficulty_printed() {
    let lines = stdout(&[
        "generate",
        "-n",
        "3",
        "--seed",
        "4",
        "--difficulty",
        "intermediate",
        "--rate",
    ]);
    assert_eq!(lines.lines().count(), 3);
    assert!(
        lines.lines().all(|line| line.contains(" intermediate: ")),
        "{lines}"
    );
}

#[test]
fn rate_reports_puzzles_without_one_solution() {
    let input = "................\n123....4........\n11..............\n";
    let output = run(&["rate"], input);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        "multiple\nunsolvable\ninvalid\n"
    );
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.starts_with("<stdin>:1: more than one solution\n"),
        "{stderr}"
    );
}

#[test]
fn bad_generate_options_are_usage_errors() {
    for args in [
        &["generate", "--size", "5"][..],
        &["generate", "--min-givens", "30", "--max-givens", "20"],
        &["generate", "-j", "0"],
    ] {
        let output = run(args, "");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty());
    }
}

#[test]
fn an_unreachable_difficulty_fails_with_status_1() {
    let output = run(
        &[
            "generate",
            "--size",
            "4",
            "--difficulty",
            "expert",
            "--seed",
            "1",
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains("item 1: no puzzle of technique level expert came out"),
        "{stderr}"
    );
}
