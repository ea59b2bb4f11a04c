//! The record contract through the real binary: every non-blank,
//! non-comment line of the input belongs to exactly one record, and in grid
//! layout every record, whatever the command, ends with one blank line.

mod common;

use common::binary::run_binary;

const INKALA: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

/// Runs the binary and returns its standard output and exit status.
fn run(args: &[&str], stdin: &str) -> (String, i32) {
    let output = run_binary(args, stdin.as_bytes());
    let stdout = String::from_utf8(output.stdout).expect("UTF-8 output");
    (stdout, output.status.code().expect("exited, not killed"))
}

#[test]
fn a_title_line_is_a_record_of_its_own_and_loses_no_puzzle() {
    for title in ["Hard", ".........", "Sudoku #12 (hard):", "Puzzle 1 (hard)"] {
        let input = format!("{title}\n{INKALA}\n{INKALA}\n{INKALA}\n");
        let (stdout, code) = run(&["solve"], &input);
        let lines: Vec<_> = stdout.lines().collect();
        assert_eq!(lines.len(), 4, "{title}: {stdout}");
        assert_eq!(lines[0], "invalid", "{title}");
        for line in &lines[1..] {
            assert_eq!(line.len(), 81, "{title}: {line}");
            assert!(!line.contains('.'), "{title}: {line}");
        }
        assert_eq!(code, 2, "{title}: a bad record weighs as bad input");
    }
}

#[test]
fn a_row_width_line_before_a_thousand_puzzles_gives_a_thousand_and_one_records() {
    let mut input = String::from(".........\n");
    for _ in 0..1000 {
        input.push_str(INKALA);
        input.push('\n');
    }
    let (stdout, _) = run(&["solve"], &input);
    let lines: Vec<_> = stdout.lines().collect();
    assert_eq!(lines.len(), 1001);
    assert_eq!(lines[0], "invalid");
    assert!(lines[1..].iter().all(|line| line.len() == 81));
}

#[test]
fn a_short_row_inside_a_block_loses_no_line() {
    // Rows 1-2 of a 4x4 block, a 3-cell row, then a complete 4x4 block.
    let input = "3...\n.2..\n.4.\n3...\n.2..\n....\n..3.\n";
    let (stdout, _) = run(&["count", "-f", "line"], input);
    assert_eq!(stdout, "invalid\ninvalid\n6\n");
}

#[test]
fn grid_output_ends_every_record_with_a_blank_line_for_every_command() {
    let input = format!("{INKALA}\n{INKALA}\nnot a puzzle\n");
    for command in ["solve", "count", "check", "rate"] {
        let (stdout, _) = run(&[command, "-f", "grid"], &input);
        let records: Vec<_> = stdout.split_terminator("\n\n").collect();
        assert_eq!(records.len(), 3, "{command}: {stdout:?}");
        assert!(stdout.ends_with("\n\n"), "{command}: {stdout:?}");
        assert!(!stdout.contains("\n\n\n"), "{command}: {stdout:?}");
        assert_eq!(records[2], "invalid", "{command}");
    }
}
