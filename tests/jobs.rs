//! `-j N` answers on several threads and must print exactly what one thread
//! prints, in the same order, with the same diagnostics and exit status.

use crate::common;

use common::binary::run_binary as run;

/// More records than one batch holds, with unreadable and unsolvable ones
/// among them, so that order across batches and error reports are checked.
fn mixed_input() -> Vec<u8> {
    let serg = include_str!("../puzzles/bench-serg.txt");
    let mut input = String::new();
    for round in 0..3 {
        for (k, line) in serg.lines().enumerate() {
            input.push_str(line);
            input.push('\n');
            if k % 97 == round {
                input.push_str("1.2.3\n");
                input.push_str(&"11".repeat(40));
                input.push_str(".\n");
            }
        }
    }
    input.into_bytes()
}

#[test]
fn several_threads_print_what_one_thread_prints() {
    let input = mixed_input();
    for task in [&["solve"][..], &["count", "--limit", "2"], &["check"]] {
        let one = run(task, &input);
        let records = one.stdout.iter().filter(|&&b| b == b'\n').count();
        assert!(records > 1500, "{task:?}: {records} records");
        assert!(
            !one.stderr.is_empty(),
            "{task:?}: the bad records are reported"
        );
        for jobs in ["2", "3"] {
            let many = run(&[task, &["-j", jobs]].concat(), &input);
            assert_eq!(one.status.code(), many.status.code(), "{task:?} -j {jobs}");
            assert!(
                one.stdout == many.stdout,
                "{task:?} -j {jobs}: output differs"
            );
            assert!(
                one.stderr == many.stderr,
                "{task:?} -j {jobs}: diagnostics differ"
            );
        }
    }
}

#[test]
fn zero_jobs_is_a_usage_error() {
    let output = run(&["solve", "-j", "0"], b"");
    assert_eq!(output.status.code(), Some(2));
}
