//! Running the real `sudoku-dlx` binary with arguments and standard input.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// The binary under test.
pub const BIN: &str = env!("CARGO_BIN_EXE_sudoku-dlx");

/// Runs the binary with `args`, writing `input` to its standard input from
/// another thread (so a large input cannot dead-lock against its output),
/// and returns what it printed and how it ended.
pub fn run_binary(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let input = input.to_vec();
    // The binary may stop reading early (a closed pipe, a usage error), so a
    // failed write is not an error of the test.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let output = child.wait_with_output().expect("the binary ends");
    writer.join().expect("writer thread");
    output
}
