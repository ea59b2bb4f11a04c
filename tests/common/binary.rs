//! Running the real `sudoku-dlx` binary with arguments and standard input.

use std::io::{Read, Write};
use std::process::{Child, ChildStdin, Command, Output, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// The binary under test.
pub const BIN: &str = env!("CARGO_BIN_EXE_sudoku-dlx");

/// The binary as a command to set up further: its standard streams are
/// left to the caller.
pub fn command() -> Command {
    Command::new(BIN)
}

/// Longer than any run should take even in a debug build on a slow machine;
/// a run that takes longer counts as a hang.
pub const TIMEOUT: Duration = Duration::from_secs(120);

/// What one finished run printed, and how it ended.
#[derive(Debug)]
pub struct Run {
    /// The exit status; `None` when a signal ended the process.
    pub status: Option<i32>,
    pub stdout: String,
    pub stderr: String,
}

/// Runs the binary with `args`, feeding it `stdin`.
pub fn run(args: &[&str], stdin: impl Into<Vec<u8>>) -> Run {
    let stdin = stdin.into();
    run_feeding(args, move |mut pipe| {
        // The binary may stop reading early; that is its right.
        let _ = pipe.write_all(&stdin);
    })
}

/// Runs the binary with `args`, its standard input written by `feed` on
/// another thread.
pub fn run_feeding(args: &[&str], feed: impl FnOnce(ChildStdin) + Send + 'static) -> Run {
    let mut child = spawn(args);
    let pipe = child.stdin.take().expect("piped stdin");
    let feeder = thread::spawn(move || feed(pipe));
    let run = finish(child);
    feeder.join().expect("the feeding thread ends");
    run
}

/// Starts the binary with every standard stream piped.
pub fn spawn(args: &[&str]) -> Child {
    command()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts")
}

/// Collects the output of `child` and waits for it, killing it and failing
/// the test if it outlives [`TIMEOUT`].
pub fn finish(mut child: Child) -> Run {
    let drain = |stream: Option<Box<dyn Read + Send>>| {
        thread::spawn(move || {
            let mut bytes = Vec::new();
            if let Some(mut stream) = stream {
                let _ = stream.read_to_end(&mut bytes);
            }
            String::from_utf8_lossy(&bytes).into_owned()
        })
    };
    let stdout = drain(child.stdout.take().map(|s| Box::new(s) as _));
    let stderr = drain(child.stderr.take().map(|s| Box::new(s) as _));
    let status = wait_or_kill(&mut child);
    let run = Run {
        status: status.code(),
        stdout: stdout.join().expect("stdout reader"),
        stderr: stderr.join().expect("stderr reader"),
    };
    assert!(
        run.status != Some(101) && !run.stderr.contains("panicked"),
        "the binary panicked:\n{run}"
    );
    run
}

/// Waits for `child`, killing it and failing the test after [`TIMEOUT`].
pub fn wait_or_kill(child: &mut Child) -> std::process::ExitStatus {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("wait for the binary") {
            return status;
        }
        if start.elapsed() > TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            panic!("the binary hung: still running after {TIMEOUT:?}");
        }
        thread::sleep(Duration::from_millis(5));
    }
}

impl std::fmt::Display for Run {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "exit status: {:?}", self.status)?;
        writeln!(f, "--- stdout ---\n{}", self.stdout)?;
        write!(f, "--- stderr ---\n{}", self.stderr)
    }
}

/// A temporary directory for the files of one test, removed at the end.
pub struct TempDir(pub std::path::PathBuf);

impl TempDir {
    pub fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("sudoku-dlx-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("create a temporary directory");
        TempDir(dir)
    }

    /// Writes `contents` into the file `name` and returns its path.
    pub fn file(&self, name: &str, contents: impl AsRef<[u8]>) -> String {
        let path = self.0.join(name);
        std::fs::write(&path, contents).expect("write a test file");
        path.display().to_string()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The peak resident memory of a running process, in KiB, where Linux's
/// `/proc` tells it.
pub fn peak_memory_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|line| line.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

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
