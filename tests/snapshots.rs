//! Golden tests of what the binary prints, kept as insta snapshots in
//! `tests/snapshots/`: the help of every command, every output format and
//! every input format; and the colour rules. After a deliberate change,
//! review and accept new snapshots with `cargo insta review` (or run with
//! `INSTA_UPDATE=always` and read the diff).

use std::path::Path;

use crate::common;

use common::binary::command;

/// Runs the binary in the project root with standard output and error
/// piped, and no colour settings from the environment but `env`.
fn output(args: &[&str], env: &[(&str, &str)]) -> std::process::Output {
    let mut command = command();
    command
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("NO_COLOR")
        .env_remove("CLICOLOR_FORCE");
    for (key, value) in env {
        command.env(key, value);
    }
    command.output().expect("the binary runs")
}

/// Standard output and error of a run with its exit status, as one text to
/// compare.
fn run(args: &[&str], env: &[(&str, &str)]) -> String {
    let output = output(args, env);
    format!(
        "exit: {}\n--- stdout\n{}--- stderr\n{}",
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

fn stdout(args: &[&str], env: &[(&str, &str)]) -> Vec<u8> {
    output(args, env).stdout
}

#[test]
fn help_of_every_command() {
    for command in [
        "",
        "solve",
        "count",
        "check",
        "candidates",
        "generate",
        "rate",
        "explain",
        "hint",
        "completions",
        "man",
        "canon",
        "stats",
    ] {
        let args: Vec<&str> = command.split_whitespace().chain(["--help"]).collect();
        let name = if command.is_empty() { "main" } else { command };
        // Help wraps to the terminal's width, or to $COLUMNS without one.
        insta::assert_snapshot!(format!("help_{name}"), run(&args, &[("COLUMNS", "100")]));
    }
}

#[test]
fn every_output_format() {
    let cases: [(&str, &[&str]); 7] = [
        ("solve_line", &["solve", "-f", "line"]),
        ("solve_grid", &["solve", "-f", "grid"]),
        ("solve_json", &["solve", "-f", "json"]),
        ("solve_csv", &["solve", "-f", "csv"]),
        (
            "all_json",
            &["solve", "--all", "--limit", "2", "-f", "json"],
        ),
        ("count_csv", &["count", "--limit", "5", "-f", "csv"]),
        ("check_json", &["check", "-f", "json"]),
    ];
    for (name, args) in cases {
        let mut args = args.to_vec();
        args.push("tests/data/cases.txt");
        insta::assert_snapshot!(format!("output_{name}"), run(&args, &[]));
    }
}

#[test]
fn a_parse_error_in_each_machine_format() {
    for format in ["json", "csv"] {
        let text = run(&["solve", "-f", format, "tests/data/bad.txt"], &[]);
        insta::assert_snapshot!(format!("parse_error_{format}"), text);
    }
}

#[test]
fn every_input_format() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .filter(|name| name != "bad.txt")
        .collect();
    names.sort();
    assert!(names.len() >= 8, "{names:?}");
    for name in names {
        let path = format!("tests/data/{name}");
        insta::assert_snapshot!(
            format!("input_{name}"),
            run(&["check", "-f", "json", &path], &[])
        );
    }
}

#[test]
fn forcing_an_input_format_reads_as_detected() {
    for (name, format) in [
        ("sample.sdk", "sdk"),
        ("sample.ss", "ss"),
        ("sample.sdm", "sdm"),
        ("opensudoku.xml", "opensudoku"),
        ("kaggle.csv", "csv"),
        ("cases.txt", "colon"),
    ] {
        let path = format!("tests/data/{name}");
        let detected = run(&["check", "-f", "json", &path], &[]);
        let forced = run(&["check", "-f", "json", "-i", format, &path], &[]);
        assert_eq!(detected, forced, "{name}");
    }
}

const ESCAPE: u8 = 0x1b;

/// Drops ANSI escape sequences (ESC [ ... letter).
fn strip_escapes(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut k = 0;
    while k < bytes.len() {
        if bytes[k] == ESCAPE {
            k += 1;
            while k < bytes.len() && !bytes[k].is_ascii_alphabetic() {
                k += 1;
            }
        } else {
            out.push(bytes[k]);
        }
        k += 1;
    }
    out
}

#[test]
fn colour_only_when_asked_for_or_on_a_terminal() {
    let grid = ["solve", "-f", "grid", "tests/data/sample.sdk"];
    let with = |extra: &[&'static str], env: &[(&str, &str)]| {
        let args: Vec<&str> = grid.iter().copied().chain(extra.iter().copied()).collect();
        stdout(&args, env)
    };
    let piped = with(&[], &[]);
    assert!(!piped.contains(&ESCAPE), "no colour into a pipe");
    assert!(!with(&["--color", "never"], &[]).contains(&ESCAPE));
    assert!(!with(&["--color", "auto"], &[("NO_COLOR", "1")]).contains(&ESCAPE));
    let always = with(&["--color", "always"], &[]);
    assert!(
        always.contains(&ESCAPE),
        "--color always colours into a pipe"
    );
    // Colour adds escape codes and changes nothing else.
    assert_eq!(strip_escapes(&always), piped);
    // The machine formats are never coloured.
    let json = stdout(
        &[
            "solve",
            "-f",
            "json",
            "--color",
            "always",
            "tests/data/sample.sdk",
        ],
        &[],
    );
    assert!(!json.contains(&ESCAPE));
}

#[test]
fn stats_go_to_stderr_only() {
    let text = run(
        &["solve", "--stats", "-f", "csv", "tests/data/cases.txt"],
        &[],
    );
    let (out, err) = text.split_once("--- stderr\n").unwrap();
    assert!(err.contains("puzzles read              5"), "{err}");
    assert!(err.contains("unsolvable              1"), "{err}");
    assert!(!out.contains("puzzles read"), "{out}");
}

#[test]
fn completions_for_every_shell() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let script = String::from_utf8(stdout(&["completions", shell], &[])).unwrap();
        assert!(script.contains("sudoku-dlx"), "{shell}");
        assert!(script.contains("input-format"), "{shell}");
    }
}
