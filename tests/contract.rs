//! The record contract through the real binary: every non-blank,
//! non-comment line of the input belongs to exactly one record, and in grid
//! layout every record, whatever the command, ends with one blank line.

use crate::common;

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

/// A 4x4 puzzle with six solutions, as a block.
const SIX: &str = "3...\n.2..\n....\n..3.\n";

#[test]
fn all_prints_every_record_as_a_group_of_one_shape_including_invalid() {
    let input = format!("{SIX}\nnot a puzzle\n3..3............\n");
    let (stdout, code) = run(&["solve", "--all", "--limit", "2", "-f", "line"], &input);
    let lines: Vec<_> = stdout.lines().collect();
    assert_eq!(lines.len(), 10, "{stdout}");
    assert_eq!(lines[0], "# <stdin>:1");
    assert!(lines[1..3].iter().all(|line| line.len() == 16), "{stdout}");
    assert_eq!(lines[3], "# 2+ solutions (stopped at --limit)");
    assert_eq!(lines[4..7], ["# <stdin>:6", "invalid", "# 0 solutions"]);
    assert_eq!(lines[7..], ["# <stdin>:7", "invalid", "# 0 solutions"]);
    assert_eq!(code, 2);
}

#[test]
fn all_in_json_is_one_object_per_record_with_a_solutions_array() {
    let input = format!("{SIX}\nnot a puzzle\n");
    let (stdout, _) = run(&["solve", "--all", "-f", "json"], &input);
    let objects: Vec<serde_json::Value> = stdout
        .lines()
        .map(|line| serde_json::from_str(line).expect("one JSON object a line"))
        .collect();
    assert_eq!(objects.len(), 2, "{stdout}");
    assert_eq!(objects[0]["solutions"].as_array().map(Vec::len), Some(6));
    assert_eq!(objects[0]["count"], 6);
    assert_eq!(objects[0]["limit_reached"], false);
    assert_eq!(objects[1]["status"], "invalid");
    assert_eq!(objects[1]["solutions"].as_array().map(Vec::len), Some(0));
}

#[test]
fn options_that_make_no_sense_together_are_refused_by_clap() {
    for args in [
        &["solve", "--all", "-f", "csv"][..],
        &["solve", "--limit", "3"],
        &["solve", "--all", "--unique"],
        &["generate", "--solved", "--rate"],
        &["generate", "--min-givens", "82"],
        &["generate", "--size", "4", "--max-givens", "17"],
        &["solve", "-j", "257"],
        &["generate", "-j", "257"],
        &["solve", "--with-solutions"],
        &["check", "-f", "svg", "--with-solutions"],
        &["rate", "-f", "html", "--with-solutions"],
        &["generate", "-f", "json", "--with-solutions"],
    ] {
        let output = run_binary(args, b"");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.starts_with("error: "), "{args:?}: {stderr}");
        assert!(output.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn all_streams_its_solutions_and_a_closed_pipe_stops_the_search() {
    use std::io::{BufRead, BufReader};
    use std::time::{Duration, Instant};
    // An empty 9x9 grid has about 6.7e21 solutions: only a search that
    // prints as it goes can show the first ones, and only one that stops at
    // a closed pipe can end.
    let mut child = all_of_an_empty_grid();
    let start = Instant::now();
    let (sender, receiver) = std::sync::mpsc::channel();
    let stdout = child.stdout.take().expect("stdout");
    std::thread::spawn(move || {
        let mut lines = BufReader::new(stdout).lines();
        let first: Vec<String> = lines.by_ref().take(3).map(Result::unwrap).collect();
        let _ = sender.send(first);
        // Dropping the reader closes the pipe.
    });
    let first = receiver.recv_timeout(Duration::from_secs(20));
    let Ok(first) = first else {
        child.kill().unwrap();
        panic!("no solution printed while the search runs");
    };
    assert_eq!(first[0], "# <stdin>:1");
    assert!(first[1..].iter().all(|line| line.len() == 81), "{first:?}");
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            assert_eq!(status.code(), Some(0), "a closed pipe is a normal end");
            break;
        }
        if start.elapsed() > Duration::from_secs(20) {
            child.kill().unwrap();
            panic!("the search went on after the pipe closed");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn count_stopped_by_the_node_budget_is_undecided_and_not_at_its_limit() {
    let empty = format!("{}\n", ".".repeat(81));
    let budget = ["count", "--max-nodes", "200"];
    let (line, code) = run(&[&budget[..], &["-f", "line"]].concat(), &empty);
    assert_eq!((line.as_str(), code), ("undecided\n", 1));
    let (grid, _) = run(&[&budget[..], &["-f", "grid"]].concat(), &empty);
    assert_eq!(grid, "undecided\n\n");
    let (json, _) = run(&[&budget[..], &["-f", "json"]].concat(), &empty);
    let object: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(object["status"], "undecided");
    assert_eq!(object["limit_reached"], false, "{json}");
    let (json, _) = run(&["count", "--limit", "3", "-f", "json"], &empty);
    let object: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(object["limit_reached"], true, "{json}");
}

/// Every command, with standard input for those that read it.
const EVERY_COMMAND: [&[&str]; 9] = [
    &["solve", "--stats"],
    &["solve", "--all", "--stats"],
    &["count", "--stats"],
    &["check", "--stats"],
    &["rate", "--stats"],
    &["generate", "-n", "2"],
    &["completions", "bash"],
    &["--help"],
    &["--version"],
];

/// Where a test points standard output or standard error.
#[derive(Debug, Clone, Copy)]
enum Sink {
    /// `/dev/full`: every write fails with "no space left".
    Full,
    /// A pipe whose reading end is closed: writes fail with EPIPE.
    ClosedPipe,
    /// Not open at all (`>&-`).
    Closed,
}

/// Runs `args` with standard output (`stream` 1) or standard error (2) on
/// `sink`, and returns the exit status and what standard error said (when it
/// was not the stream under test).
fn run_into(args: &[&str], stream: u8, sink: Sink) -> (Option<i32>, String) {
    use std::process::{Command, Stdio};
    let mut command = match sink {
        Sink::Closed => {
            let mut command = Command::new("sh");
            command
                .arg("-c")
                .arg(format!("exec \"$0\" \"$@\" {stream}>&-"))
                .arg(common::binary::BIN);
            command
        }
        _ => Command::new(common::binary::BIN),
    };
    command.args(args).stdin(Stdio::piped());
    let sink_stdio = || match sink {
        Sink::Full => Stdio::from(std::fs::File::create("/dev/full").expect("/dev/full")),
        _ => Stdio::piped(),
    };
    if stream == 1 {
        command.stdout(sink_stdio()).stderr(Stdio::piped());
    } else {
        command.stdout(Stdio::null()).stderr(sink_stdio());
    }
    let mut child = command.spawn().expect("the binary runs");
    // The reading end of the stream under test closes before the binary
    // writes, or after it wrote a first piece: either way, a closed pipe.
    if stream == 1 {
        drop(child.stdout.take());
    } else {
        drop(child.stderr.take());
    }
    let mut stdin = child.stdin.take().expect("stdin");
    let _ = std::io::Write::write_all(&mut stdin, format!("{INKALA}\n{INKALA}\n").as_bytes());
    drop(stdin);
    let output = child.wait_with_output().expect("the binary ends");
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    (output.status.code(), stderr)
}

#[test]
fn no_command_panics_when_its_output_fails_and_each_ends_with_the_documented_status() {
    for args in EVERY_COMMAND {
        for (stream, sink, expected) in [
            // A full or closed standard output is an error...
            (1, Sink::Full, 2),
            (1, Sink::Closed, 2),
            // ...a closed pipe downstream a normal, quiet end...
            (1, Sink::ClosedPipe, 0),
            // ...and a failing standard error changes nothing.
            (2, Sink::Full, 0),
            (2, Sink::ClosedPipe, 0),
            (2, Sink::Closed, 0),
        ] {
            let (code, stderr) = run_into(args, stream, sink);
            let case = format!("{args:?} with fd {stream} {sink:?}: {stderr}");
            assert!(!stderr.contains("panicked"), "{case}");
            assert_eq!(code, Some(expected), "{case}");
            if stream == 1 && expected == 0 {
                assert!(!stderr.contains("sudoku-dlx:"), "quiet: {case}");
            }
        }
    }
}

/// Runs the binary and returns standard output, standard error and status.
fn run_all(args: &[&str], stdin: &str) -> (String, String, i32) {
    let output = run_binary(args, stdin.as_bytes());
    (
        String::from_utf8(output.stdout).expect("UTF-8"),
        String::from_utf8(output.stderr).expect("UTF-8"),
        output.status.code().expect("exited"),
    )
}

#[test]
fn rate_honours_the_format_stats_and_the_node_budget() {
    let input = format!("{INKALA}\n");
    let (json, _, code) = run_all(&["rate", "-f", "json"], &input);
    let object: serde_json::Value = serde_json::from_str(&json).expect(&json);
    assert_eq!(object["status"], "rated");
    // Inkala's puzzle needs more than singles: the search branches.
    assert!(
        object["branches"]
            .as_u64()
            .is_some_and(|branches| branches >= 1),
        "{json}"
    );
    assert_eq!(object["level"], "expert");
    assert!(object["hardest"].is_string(), "{json}");
    assert_eq!(code, 0);
    let (csv, _, _) = run_all(&["rate", "-f", "csv"], &input);
    let rows: Vec<_> = csv.lines().collect();
    assert!(rows[0].ends_with(",level,hardest,branches,shape"), "{csv}");
    let hardest = object["hardest"].as_str().unwrap();
    let tail = format!(",expert,{hardest},{},", object["branches"]);
    assert!(rows[1].ends_with(&tail), "{csv}");
    let (_, stats, _) = run_all(&["rate", "--stats"], &input);
    assert!(stats.contains("  rated                   1"), "{stats}");
    let (line, _, code) = run_all(&["rate", "--max-nodes", "1"], &input);
    assert_eq!((line.as_str(), code), ("undecided\n", 1));
}

/// The categories of a `--stats` summary and the records read.
fn categories(stats: &str) -> (u64, Vec<(String, u64)>) {
    let number = |line: &str| {
        line.split_whitespace()
            .last()
            .unwrap()
            .parse::<u64>()
            .unwrap()
    };
    let summary = stats.lines().find(|line| line.starts_with("puzzles read"));
    let read = number(summary.expect("a summary"));
    let listed = stats
        .lines()
        .filter(|line| line.starts_with("  "))
        .map(|line| {
            (
                line.split_whitespace().next().unwrap().to_owned(),
                number(line),
            )
        })
        .collect();
    (read, listed)
}

#[test]
fn stats_categories_add_up_to_the_records_read_for_every_command() {
    let filled = "1234341221434321";
    let input = format!("{INKALA}\n{SIX}\nnot a puzzle\n123....4........\n{filled}\n");
    for command in ["solve", "count", "check", "rate"] {
        let (_, stderr, _) = run_all(&[command, "--stats"], &input);
        let (read, listed) = categories(&stderr);
        assert_eq!(read, 5, "{command}: {stderr}");
        assert_eq!(
            listed.iter().map(|(_, n)| n).sum::<u64>(),
            5,
            "{command}: {stderr}"
        );
        let names: Vec<_> = listed.iter().map(|(name, _)| name.as_str()).collect();
        assert_eq!(names.contains(&"valid"), command == "check", "{stderr}");
        assert_eq!(names.contains(&"unique"), command == "check", "{stderr}");
    }
    let budget = format!("{}\n", ".".repeat(81));
    let (_, stderr, _) = run_all(&["count", "--stats", "--max-nodes", "100"], &budget);
    let (read, listed) = categories(&stderr);
    assert_eq!(read, 1);
    assert!(listed.contains(&("undecided".to_owned(), 1)), "{stderr}");
    assert_eq!(listed.iter().map(|(_, n)| n).sum::<u64>(), 1, "{stderr}");
}

#[test]
fn quiet_leaves_one_count_of_the_per_puzzle_messages() {
    let input = format!("{SIX}\n{SIX}\nnot a puzzle\n");
    let (stdout, stderr, code) = run_all(&["check", "-q"], &input);
    assert_eq!(stdout.lines().filter(|line| !line.is_empty()).count(), 3);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains(" 3 puzzles"), "{stderr}");
    assert_eq!(code, 2);
}

#[test]
fn the_default_threads_give_the_output_of_one() {
    let input = std::fs::read_to_string("tests/data/cases.txt").expect("test data");
    let input = input.repeat(300);
    for command in ["solve", "check", "rate"] {
        let one = run_all(&[command, "-j", "1"], &input);
        let default = run_all(&[command], &input);
        assert_eq!(one, default, "{command}");
    }
}

/// Sends `signal` (a `kill` name) to process `pid`.
fn send_signal(pid: u32, signal: &str) {
    let status = std::process::Command::new("kill")
        .args([&format!("-{signal}"), &pid.to_string()])
        .status()
        .expect("kill runs");
    assert!(status.success());
}

/// Runs the binary with `args` on a stream of puzzles quick to answer (a
/// solution of Inkala's with holes), more than it can answer before
/// `signal`, sent once the first answers are out; returns the exit status
/// and the whole output.
fn signalled(args: &[&str], signal: &str) -> (Option<i32>, String) {
    use std::io::{Read, Write};
    let mut child = spawn(args);
    let mut stdin = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || {
        let line =
            "..2753649943682175675491283154237896369845721287169534521974368438526917796318452\n";
        for _ in 0..1_000_000 {
            if stdin.write_all(line.as_bytes()).is_err() {
                break;
            }
        }
    });
    let mut stdout = child.stdout.take().expect("stdout");
    let mut output = vec![0; 4096];
    stdout
        .read_exact(&mut output)
        .expect("answers before the signal");
    send_signal(child.id(), signal);
    stdout.read_to_end(&mut output).expect("the rest");
    let code = child.wait().expect("ends").code();
    writer.join().expect("writer");
    (code, String::from_utf8(output).expect("UTF-8"))
}

#[test]
fn a_signal_ends_a_batch_after_a_whole_record_with_128_plus_its_number() {
    for (signal, status) in [("INT", 130), ("TERM", 143), ("HUP", 129)] {
        for jobs in ["1", "2"] {
            let (code, text) = signalled(&["solve", "-j", jobs], signal);
            let case = format!("SIG{signal} -j {jobs}");
            assert_eq!(code, Some(status), "{case}");
            assert!(text.ends_with('\n'), "{case}: ends mid-record");
            assert!(text.lines().all(|line| line.len() == 81), "{case}");
        }
    }
}

#[test]
fn a_signal_ends_an_html_page_with_its_footer() {
    let (code, page) = signalled(&["solve", "-f", "html"], "TERM");
    assert_eq!(code, Some(143));
    assert!(page.ends_with("</figure>\n</body>\n</html>\n"), "{page}");
}

/// Starts the binary with `args`, standard input and output piped to the
/// test, standard error dropped.
fn spawn(args: &[&str]) -> std::process::Child {
    use std::process::{Command, Stdio};
    Command::new(common::binary::BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary runs")
}

#[test]
fn line_buffered_answers_each_puzzle_while_standard_input_stays_open() {
    use std::io::{BufRead, BufReader, Write};
    use std::time::Duration;
    let mut child = spawn(&["solve", "--line-buffered"]);
    let mut stdin = child.stdin.take().expect("stdin");
    let (sender, answers) = std::sync::mpsc::channel();
    let stdout = child.stdout.take().expect("stdout");
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let _ = sender.send(line.expect("UTF-8"));
        }
    });
    for _ in 0..2 {
        stdin.write_all(format!("{INKALA}\n").as_bytes()).unwrap();
        stdin.flush().unwrap();
        let answer = answers.recv_timeout(Duration::from_secs(20));
        let Ok(answer) = answer else {
            child.kill().unwrap();
            panic!("no answer while standard input is open");
        };
        assert_eq!(answer.len(), 81);
        assert!(!answer.contains('.'));
    }
    drop(stdin);
    assert_eq!(child.wait().unwrap().code(), Some(0));
}

#[test]
fn on_a_terminal_each_typed_puzzle_is_answered_at_once() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command, Stdio};
    use std::time::Duration;
    // `script` (util-linux) runs the binary in a pseudo-terminal.
    let spawned = Command::new("script")
        .args([
            "-qec",
            &format!("{} solve", common::binary::BIN),
            "/dev/null",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn();
    let Ok(mut child) = spawned else {
        eprintln!("skipped: no `script` command to make a pseudo-terminal");
        return;
    };
    let mut stdin = child.stdin.take().expect("stdin");
    let stdout = child.stdout.take().expect("stdout");
    let (sender, lines) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let _ = sender.send(line.unwrap_or_default());
        }
    });
    stdin.write_all(format!("{INKALA}\n").as_bytes()).unwrap();
    stdin.flush().unwrap();
    // The terminal echoes the puzzle and shows the hint on standard error;
    // the answer must follow while standard input is still open.
    let answered =
        std::iter::from_fn(|| lines.recv_timeout(Duration::from_secs(20)).ok()).any(|line| {
            let line = line.trim_end();
            line.len() == 81 && line.bytes().all(|b| b.is_ascii_digit())
        });
    drop(stdin);
    let _ = child.kill();
    let _ = child.wait();
    assert!(answered, "no answer while the terminal stays open");
}

#[test]
fn help_wraps_to_the_width_of_the_terminal() {
    use std::process::Command;
    for command in ["solve", "generate", "rate"] {
        let output = Command::new(common::binary::BIN)
            .args([command, "--help"])
            .env("COLUMNS", "60")
            .output()
            .expect("the binary runs");
        let help = String::from_utf8(output.stdout).expect("UTF-8");
        for line in help.lines() {
            assert!(line.chars().count() <= 60, "{command}: {line}");
        }
    }
}

#[test]
fn a_signal_during_an_all_group_closes_the_group_and_ends_the_run() {
    use std::io::Read;
    let mut child = all_of_an_empty_grid();
    let done = watchdog(child.id(), 30);
    let mut stdout = child.stdout.take().expect("stdout");
    let mut output = vec![0; 4096];
    stdout
        .read_exact(&mut output)
        .expect("solutions before the signal");
    done.store(true, std::sync::atomic::Ordering::SeqCst);
    send_signal(child.id(), "TERM");
    stdout.read_to_end(&mut output).expect("the rest");
    assert_eq!(child.wait().unwrap().code(), Some(143));
    let text = String::from_utf8(output).expect("UTF-8");
    let lines: Vec<_> = text.lines().collect();
    assert_eq!(lines[0], "# <stdin>:1");
    let last = lines[lines.len() - 1];
    assert_eq!(
        last,
        format!("# {}+ solutions (stopped by a signal)", lines.len() - 2)
    );
    assert!(lines[1..lines.len() - 1]
        .iter()
        .all(|line| line.len() == 81));
}

/// Starts `solve --all` with no practical limit on an empty 9x9 grid, which
/// has about 6.7e21 solutions, with standard input closed after it.
fn all_of_an_empty_grid() -> std::process::Child {
    use std::io::Write;
    let unbounded = "1000000000000";
    let mut child = spawn(&[
        "solve",
        "--all",
        "--limit",
        unbounded,
        "--max-nodes",
        unbounded,
    ]);
    let mut stdin = child.stdin.take().expect("stdin");
    stdin
        .write_all(format!("{}\n", ".".repeat(81)).as_bytes())
        .expect("written");
    child
}

#[test]
fn a_standard_output_on_dev_null_opened_read_write_is_not_taken_for_closed() {
    use std::process::Command;
    // Python's subprocess.DEVNULL opens /dev/null read-write, as the runtime
    // does on a closed standard output.
    let output = Command::new("sh")
        .arg("-c")
        .arg("exec \"$0\" check \"$1\" 1<>/dev/null")
        .arg(common::binary::BIN)
        .arg("puzzles/inkala.txt")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("sh runs");
    assert_eq!(output.status.code(), Some(0), "{output:?}");
}

/// The peak memory of process `pid`, from /proc, in KiB.
fn peak_memory_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|line| line.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

#[test]
fn all_keeps_its_memory_whatever_the_number_of_solutions() {
    use std::io::{BufRead, BufReader};
    use std::time::Duration;
    let mut child = all_of_an_empty_grid();
    if peak_memory_kib(child.id()).is_none() {
        eprintln!("skipped: no /proc/PID/status to read peak memory from");
        child.kill().unwrap();
        child.wait().unwrap();
        return;
    }
    let stdout = child.stdout.take().expect("stdout");
    let (sender, milestones) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut lines = BufReader::new(stdout).lines();
        for milestone in [2_000, 100_000] {
            let read = lines.by_ref().take(milestone).map_while(Result::ok).count();
            if read < milestone || sender.send(()).is_err() {
                return;
            }
        }
        // Read on until the child is killed: a closed pipe would end it
        // before its peak memory is read.
        lines.map_while(Result::ok).for_each(drop);
    });
    let mut peaks = Vec::new();
    for _ in 0..2 {
        if milestones.recv_timeout(Duration::from_secs(60)).is_err() {
            child.kill().unwrap();
            panic!("the solutions did not stream");
        }
        peaks.push(peak_memory_kib(child.id()).expect("VmHWM"));
    }
    child.kill().unwrap();
    let _ = child.wait();
    // 100,000 solutions kept would take more than 8 MB.
    assert!(peaks[1] <= peaks[0] + 1024, "{peaks:?} KiB");
}

/// Kills process `pid` after `seconds` unless the flag it returns is set
/// first, so that a test of a binary that never answers fails instead of
/// hanging.
fn watchdog(pid: u32, seconds: u64) -> std::sync::Arc<std::sync::atomic::AtomicBool> {
    use std::sync::atomic::{AtomicBool, Ordering};
    let done = std::sync::Arc::new(AtomicBool::new(false));
    let flag = done.clone();
    std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_secs(seconds));
        if !flag.load(Ordering::SeqCst) {
            send_signal(pid, "KILL");
        }
    });
    done
}

#[test]
fn a_puzzle_given_as_an_argument_gets_a_hint_to_pipe_it_in() {
    let output = run_binary(&["count", INKALA], b"");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains(&format!("echo '{INKALA}' | sudoku-dlx count")),
        "{stderr}"
    );
    // A missing file with a path gets the plain message.
    let output = run_binary(&["solve", "no/such/file.txt"], b"");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("cannot read") && !stderr.contains("echo"),
        "{stderr}"
    );
}
