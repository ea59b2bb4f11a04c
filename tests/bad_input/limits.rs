//! Limits: on the number of solutions, on the length of a line, and on
//! memory over a long stream.

use std::io::{BufRead, BufReader, Write};
use std::thread;

use super::harness::{finish, peak_memory_kib, run, spawn, Check, Expect::*, EASY, INKALA};

#[test]
fn limit_zero_is_a_usage_error() {
    for args in [
        &["count", "--limit", "0"][..],
        &["solve", "--all", "--limit", "0"],
    ] {
        run(args, format!("{INKALA}\n"))
            .expect(2, &[])
            .says("invalid value '0' for '--limit <N>': 0 is not in 1..");
    }
}

#[test]
fn a_huge_limit() {
    let max = u64::MAX.to_string();
    let input = format!("{INKALA}\n{}\n", ".".repeat(16));
    run(&["count", "--limit", &max], input.clone()).expect(0, &[Line("1"), Line("288")]);
    let all = run(&["solve", "--all", "--limit", &max], input);
    assert_eq!(all.status, Some(0), "{all}");
    let lines: Vec<&str> = all.stdout.lines().collect();
    assert_eq!(lines.len(), 3 + 2 + 288, "{all}");
    assert_eq!(lines[..3], ["# <stdin>:1", lines[1], "# 1 solution"]);
    assert_eq!(lines[3], "# <stdin>:2");
    assert_eq!(lines[292], "# 288 solutions");
    let too_big = format!("{max}0");
    run(&["count", "--limit", &too_big], input_of_one())
        .expect(2, &[])
        .says("number too large");
}

fn input_of_one() -> String {
    format!("{INKALA}\n")
}

#[test]
fn count_on_an_empty_sixteen_by_sixteen_stops_at_its_limit() {
    let input = format!("{}\n{INKALA}\n", ".".repeat(256));
    run(&["count"], input.clone()).expect(0, &[Line("100000+"), Line("1")]);
    run(&["count", "--limit", "7"], input).expect(0, &[Line("7+"), Line("1")]);
}

/// Size of the line without a line end in [`a_100_mb_line_without_a_newline`].
const HUGE_LINE: usize = 100 << 20;

#[test]
fn a_100_mb_line_without_a_newline() {
    let mut child = spawn(&["solve"]);
    let pid = child.id();
    let mut stdin = child.stdin.take().unwrap();
    let feeder = thread::spawn(move || {
        stdin.write_all(format!("{INKALA}\n").as_bytes())?;
        let chunk = vec![b'1'; 1 << 16];
        for _ in 0..HUGE_LINE / chunk.len() {
            stdin.write_all(&chunk)?;
        }
        stdin.flush()?;
        // The binary waits for the rest of the line: it is still running,
        // so its peak memory so far can be read.
        let peak = peak_memory_kib(pid);
        drop(stdin);
        Ok::<_, std::io::Error>(peak)
    });
    let run = finish(child);
    let peak = feeder.join().unwrap().expect("the binary read every byte");
    run.expect(2, &[Solves(INKALA), Line("invalid")])
        .says("<stdin>:2:65537: line is longer than 65536 bytes; skipped it");
    if let Some(peak) = peak {
        eprintln!("peak memory after a 100 MB line: {peak} KiB");
        assert!(peak < 32 * 1024, "peak memory {peak} KiB for a 100 MB line");
    }
}

/// Feeds `puzzles` copies of a puzzle and returns the binary's peak memory
/// once it has answered nearly all of them, before its input ends.
/// Answers that may still be held in the output buffer (64 KiB, about 800
/// lines); fewer than the pipe holds beside it.
const UNSEEN: usize = 1000;

fn peak_after(puzzles: usize) -> u64 {
    // One thread: answers come out as the puzzles go in. With -j N a batch
    // waits for its last records, which this stream never closes.
    let mut child = spawn(&["solve", "-j", "1"]);
    let pid = child.id();
    let mut stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    let feeder = thread::spawn(move || {
        let line = format!("{EASY}\n");
        for _ in 0..puzzles {
            stdin.write_all(line.as_bytes()).unwrap();
        }
        stdin
    });
    // Output is buffered: all but the last buffer's worth shows up while the
    // binary still waits for input, and what is left unread must fit the
    // pipe, or the binary would stop reading.
    let mut lines = BufReader::new(stdout).lines();
    let answered = lines
        .by_ref()
        .take(puzzles - UNSEEN)
        .map_while(Result::ok)
        .count();
    let stdin = feeder.join().unwrap();
    let peak = peak_memory_kib(pid).expect("/proc/PID/status has VmHWM");
    drop(stdin);
    drop(lines);
    super::harness::wait_or_kill(&mut child);
    assert_eq!(answered, puzzles - UNSEEN);
    peak
}

#[test]
#[ignore = "long: cargo test --release --test suite -- --ignored bad_input::memory_does_not_grow"]
fn memory_does_not_grow_with_the_number_of_puzzles() {
    if peak_memory_kib(std::process::id()).is_none() {
        eprintln!("skipped: no /proc/PID/status to read peak memory from");
        return;
    }
    let small = peak_after(10_000);
    let large = peak_after(1_000_000);
    eprintln!("peak memory: {small} KiB after 10,000 puzzles, {large} KiB after 1,000,000");
    assert!(large <= small + 1024, "{small} KiB then {large} KiB");
}
