//! The standard streams: a reader that stops early, and a terminal.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::thread;

use sudoku_dlx::Grid;

use super::harness::{finish, spawn, EASY};
use crate::common::binary::BIN;

#[test]
fn stdout_closed_early() {
    let mut child = spawn(&["solve"]);
    let mut stdin = child.stdin.take().unwrap();
    let feeder = thread::spawn(move || {
        let line = format!("{EASY}\n");
        for _ in 0..20_000 {
            if stdin.write_all(line.as_bytes()).is_err() {
                break; // The binary has stopped, as it should.
            }
        }
    });
    // Like `sudoku-dlx solve | head -1`.
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    let run = finish(child);
    feeder.join().unwrap();
    let puzzle: Grid = EASY.parse().unwrap();
    let answer: Grid = first.trim_end().parse().unwrap();
    assert!(answer.is_solved() && answer.keeps_givens_of(&puzzle));
    assert_eq!(run.status, Some(0), "{run}");
    assert_eq!(run.stderr, "", "{run}");
}

#[test]
fn stdin_a_terminal_gets_a_hint() {
    // `script` runs the binary on a pseudo-terminal; without it there is no
    // portable way to give the binary a terminal.
    let script = Command::new("script").arg("--version").output();
    if !script.is_ok_and(|out| out.status.success()) {
        eprintln!("skipped stdin_a_terminal_gets_a_hint: no `script` command to make a terminal");
        return;
    }
    let child = Command::new("script")
        .args(["-q", "-e", "-c", &format!("{BIN} solve"), "/dev/null"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut child = child;
    let mut terminal = child.stdin.take().unwrap();
    // A puzzle typed in, then Ctrl-D.
    terminal.write_all(b"1...............\n\x04").unwrap();
    let run = finish(child);
    drop(terminal);
    assert_eq!(run.status, Some(0), "{run}");
    assert!(
        run.stdout
            .contains("sudoku-dlx: reading puzzles from the terminal"),
        "{run}"
    );
    let puzzle: Grid = "1...............".parse().unwrap();
    let answered = run.stdout.lines().any(|line| {
        line.trim()
            .parse::<Grid>()
            .is_ok_and(|g| g.is_solved() && g.keeps_givens_of(&puzzle))
    });
    assert!(answered, "{run}");
}
