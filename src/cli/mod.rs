//! The command-line front end: reads every input in turn, answers each
//! puzzle through [`answer`], writes through one buffered, locked writer and
//! turns the worst outcome into the exit status.
//!
//! This is the only place that knows about files, terminals and exit codes;
//! the library below it only reads, solves and formats.

mod answer;
mod args;
mod batch;
mod candidates;
mod canon;
mod collection;
mod collection_args;
mod collection_chart;
mod collection_stats;
mod completions;
mod explain;
mod explain_args;
mod facts;
mod generate;
mod generate_args;
mod generate_output;
mod man;
mod progress;
mod render;
mod shape_input;
mod signals;
mod stats;

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;
use sudoku_dlx::{
    Boxes, DecorateError, GenerateError, KillerError, ReadError, Record, Rules, Shape,
};

use answer::{Answerer, Stream};
use args::{Cli, ColorChoice, Config, Format, Request, Task};
use batch::Batch;
use facts::{Answer, Output, Status};
use progress::Progress;
use stats::Tally;

/// Size of the input and output buffers.
const BUFFER_SIZE: usize = 64 * 1024;

/// Runs the command line and returns its exit status.
pub fn main() -> ExitCode {
    if stdout_was_closed() {
        return exit_status(Err(anyhow::anyhow!("standard output is closed")));
    }
    let request = Cli::try_parse().and_then(Cli::into_request);
    let request = match request {
        Ok(request) => request,
        Err(error) => return clap_message(&error),
    };
    exit_status(match request {
        Request::Answer(config) => run(&config),
        Request::Generate(args) => generate::main(&args),
        Request::Completions(shell) => written(completions::write(shell, &mut io::stdout().lock())),
        Request::Man(None) => written(man::write_page(&mut io::stdout().lock())),
        Request::Man(Some(dir)) => written(man::write_pages(&dir, &mut io::stdout().lock())),
        Request::Explain(config) => explain::main(&config),
        Request::Canon(args) => canon::main(&args),
        Request::Stats(args) => collection_stats::main(&args),
    })
}

/// Prints what clap has to say (help, version, or a usage error) and
/// returns its status; a failed write of help or version is an error like
/// any other write to standard output.
fn clap_message(error: &clap::Error) -> ExitCode {
    let printed = error.print().and_then(|()| io::stdout().flush());
    match printed {
        Err(write_error) if !error.use_stderr() => exit_status(Err(write_error.into())),
        // A usage error that cannot be shown is still a usage error.
        _ => ExitCode::from(error.exit_code().clamp(0, 255) as u8),
    }
}

/// Whether standard output was closed when the program started (`>&-`).
///
/// The Rust runtime opens `/dev/null` on a closed standard output before
/// `main`, so writes would vanish without an error; [`STDOUT_CLOSED`] is
/// set earlier, when the program is loaded. Known on Linux; elsewhere a
/// closed standard output reads as `/dev/null`.
fn stdout_was_closed() -> bool {
    STDOUT_CLOSED.load(std::sync::atomic::Ordering::Relaxed)
}

/// Set when standard output was not open as the program was loaded.
static STDOUT_CLOSED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Run by the loader before the Rust runtime starts (the runtime itself
/// reads its arguments this way on Linux): notes whether file descriptor 1
/// is open, as `/proc` shows it.
#[cfg(target_os = "linux")]
#[used]
#[link_section = ".init_array"]
static NOTE_STDOUT: extern "C" fn() = {
    extern "C" fn note_stdout() {
        let proc_fds = std::path::Path::new("/proc/self/fd");
        let closed = proc_fds.is_dir() && std::fs::symlink_metadata(proc_fds.join("1")).is_err();
        STDOUT_CLOSED.store(closed, std::sync::atomic::Ordering::Relaxed);
    }
    note_stdout
};

/// The one mapping from the outcome of a command to its exit status: the
/// worst status of its answers; 0 for a closed pipe downstream (a normal
/// end); 1 for puzzles `generate` could not make; 2 for any other error
/// (a full or closed standard output, a usage error), reported once on
/// standard error. Failed writes to standard error change nothing: nothing
/// could report them.
pub fn exit_status(outcome: anyhow::Result<Status>) -> ExitCode {
    ExitCode::from(match outcome {
        Ok(status) => status as u8,
        Err(error) => report(&error),
    })
}

/// Reports the error that ended a run and returns its status, as
/// [`exit_status`] says.
fn report(error: &anyhow::Error) -> u8 {
    if is_broken_pipe(error) {
        return 0;
    }
    let status = match is_not_made(error) {
        true => Status::Failed,
        false => Status::BadInput,
    };
    // Standard error may be closed or full too: then nothing can tell, but
    // the status still does.
    let _ = writeln!(io::stderr(), "sudoku-dlx: {error:#}");
    status as u8
}

/// True when `error` is `generate` failing to make a puzzle, whichever
/// generator gave up: the plain one, or the killer or drawn rules' one,
/// whose errors hold the plain one's.
fn is_not_made(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        let killer = cause.downcast_ref::<KillerError>();
        let drawn = cause.downcast_ref::<DecorateError>();
        cause.downcast_ref::<GenerateError>().is_some()
            || matches!(
                killer,
                Some(KillerError::GaveUp { .. } | KillerError::Generate(_))
            )
            || matches!(drawn, Some(DecorateError::Generate(_)))
    })
}

/// Ends the run at once after a failed write to standard output, with the
/// status [`exit_status`] gives: for the searches that cannot be stopped
/// from inside (`solve --all`).
fn write_failed(error: io::Error) -> ! {
    std::process::exit(report(&error.into()).into())
}

/// The outcome of a command that only writes to standard output.
fn written(result: Result<(), impl Into<anyhow::Error>>) -> anyhow::Result<Status> {
    result.map_err(Into::into)?;
    Ok(Status::Answered)
}

/// A closed pipe downstream (`sudoku-dlx solve | head -1`) is a normal end.
fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error
        .downcast_ref::<io::Error>()
        .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
}

/// Everything a run writes to, and the state it keeps across inputs.
struct Session {
    out: BufWriter<io::StdoutLock<'static>>,
    err: io::StderrLock<'static>,
    /// Flush standard output before each diagnostic, so that on a terminal
    /// the two streams read in order.
    interleave: bool,
    answerer: Answerer,
    record: Record,
    answer: Answer,
    worst: Status,
    output: Output,
    progress: Progress,
    tally: Tally,
    /// The thread pool of `-j N` with N > 1.
    batch: Option<Batch>,
    /// Records answered so far, in all inputs.
    records: u64,
    /// Inputs that could not be read to the end.
    broken_inputs: u64,
    /// `-q`: per-puzzle messages are counted, not written.
    quiet: bool,
    /// Per-puzzle messages left out by `-q`.
    silenced: u64,
    /// Flush standard output after each record.
    line_buffered: bool,
    /// Stream the groups of `solve --all` as their search runs: in every
    /// format but the pictures, which draw each group once it is known.
    stream_groups: bool,
    /// What ends the output, even when a signal ends the run: the end of
    /// an HTML page.
    footer: &'static [u8],
}

fn run(config: &Config) -> anyhow::Result<Status> {
    let start = Instant::now();
    let stdout = io::stdout();
    let stdin_only = [Path::new("-").to_path_buf()];
    let files = if config.files.is_empty() {
        &stdin_only[..]
    } else {
        &config.files[..]
    };
    // On a terminal, waiting for a line to be typed, a signal keeps its
    // default action: the records answered are on the screen already.
    let reads_terminal =
        files.iter().any(|path| path.as_os_str() == "-") && io::stdin().is_terminal();
    if !reads_terminal {
        signals::catch();
    }
    let show_progress = !config.quiet && io::stderr().is_terminal() && !stdout.is_terminal();
    // Each answer is flushed when its record is complete, and answered as
    // soon as it is read: a batch of -j would wait for more input.
    let line_buffered = config.line_buffered || stdout.is_terminal();
    let mut session = Session {
        interleave: stdout.is_terminal(),
        output: Output {
            format: config.format,
            color: wants_color(config.color, &stdout),
        },
        out: BufWriter::with_capacity(BUFFER_SIZE, stdout.lock()),
        err: io::stderr().lock(),
        answerer: Answerer::default(),
        record: Record::default(),
        answer: Answer::default(),
        worst: Status::Answered,
        progress: Progress::new(show_progress, total_size(files)),
        tally: Tally::new(config.task),
        // The groups of --all are written while their search runs, so they
        // are answered in input order on this thread whatever -j says.
        batch: (config.jobs > 1 && !line_buffered && !matches!(config.task, Task::SolveAll { .. }))
            .then(|| Batch::new(config.jobs))
            .transpose()?,
        records: 0,
        broken_inputs: 0,
        quiet: config.quiet,
        silenced: 0,
        line_buffered,
        stream_groups: matches!(config.task, Task::SolveAll { .. })
            && !matches!(
                config.format,
                Some(Format::Svg | Format::Html | Format::HtmlWithSolutions)
            ),
        footer: render::footer(config.format),
    };
    session.out.write_all(&render::header(config.format))?;
    for path in files {
        if path.as_os_str() == "-" {
            let stdin = io::stdin();
            if stdin.is_terminal() {
                let _ = writeln!(
                    session.err,
                    "sudoku-dlx: reading puzzles from the terminal, one per line; end with Ctrl-D \
                     (or give a FILE; see --help)"
                );
            }
            session.answer_all(config, "<stdin>", stdin.lock())?;
        } else {
            let name = path.display().to_string();
            match File::open(path) {
                Ok(file) => {
                    let input = session.progress.wrap(file);
                    session.answer_all(
                        config,
                        &name,
                        BufReader::with_capacity(BUFFER_SIZE, input),
                    )?
                }
                Err(error) if looks_like_a_puzzle(path, &error) => {
                    session.broken_inputs += 1;
                    let hint = format_args!(
                        "cannot read: {error}; to solve a puzzle given as text, pipe it in: \
                         echo '{name}' | sudoku-dlx {}",
                        config.task.name()
                    );
                    session.bad_input(&name, hint)?
                }
                Err(error) => session.input_failed(&name, &error)?,
            }
        }
    }
    session.out.write_all(session.footer)?;
    session.out.flush()?;
    session.progress.finish();
    if session.silenced > 0 {
        let _ = writeln!(
            session.err,
            "sudoku-dlx: {} puzzles not answered as asked; -q left out their messages",
            session.silenced
        );
    }
    if config.stats {
        // Like every diagnostic, the summary is written if standard error
        // takes it; a failure there changes nothing.
        let _ = session.tally.write(&mut session.err, start.elapsed());
    }
    Ok(session.worst)
}

/// True when `path`, which could not be opened, is no file at all but
/// reads like a puzzle typed on the command line: no folder in it, and
/// 16 or more characters that are all digits, letters, blanks or layout.
fn looks_like_a_puzzle(path: &Path, error: &io::Error) -> bool {
    let Some(text) = path.to_str() else {
        return false;
    };
    error.kind() == io::ErrorKind::NotFound
        && !text.contains('/')
        && text.chars().count() >= 16
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | ' ' | '|' | '-' | '+'))
}

/// Whether to colour grids: as asked, or by default when standard output
/// is a terminal that takes colours and NO_COLOR is not set.
fn wants_color(choice: ColorChoice, stdout: &io::Stdout) -> bool {
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => anstream::AutoStream::choice(stdout) != anstream::ColorChoice::Never,
    }
}

/// The total size of the inputs, when they are all regular files.
fn total_size(files: &[PathBuf]) -> Option<u64> {
    files
        .iter()
        .map(|path| {
            let meta = std::fs::metadata(path).ok()?;
            meta.is_file().then_some(meta.len())
        })
        .sum()
}

impl Session {
    /// Answers every puzzle of one input, in order, on this thread or on
    /// the pool of `-j N`.
    fn answer_all(&mut self, config: &Config, source: &str, input: impl BufRead) -> io::Result<()> {
        let (records_before, broken_before) = (self.records, self.broken_inputs);
        let (input, shape) = match shape_input::recognise(config.input_format, input) {
            Ok(recognised) => recognised,
            Err(error) => return self.input_failed(source, &error),
        };
        // A shape recognised by its frame is the rules' shape, unless the
        // command line named one (or other boxes, which cannot take it).
        let shaped;
        let config = match shape {
            Some(shape) if config.rules.shape.is_square() && !config.jigsaw => {
                shaped = Config {
                    rules: Rules {
                        shape: Shape::Named(shape),
                        boxes: Boxes::Standard,
                        ..config.rules.clone()
                    },
                    ..config.clone()
                };
                &shaped
            }
            _ => config,
        };
        if let Some(mut batch) = self.batch.take() {
            let result = batch.answer_all(self, config, source, input);
            self.batch = Some(batch);
            result?;
        } else {
            self.answer_in_turn(config, source, input)?;
        }
        if self.records == records_before && self.broken_inputs == broken_before {
            // An input with no puzzle at all is most likely the wrong file;
            // saying nothing would let a batch pass as answered.
            self.bad_input(source, format_args!("no puzzle found"))?;
        }
        Ok(())
    }

    /// Answers every puzzle of one input on this thread.
    fn answer_in_turn(
        &mut self,
        config: &Config,
        source: &str,
        input: impl BufRead,
    ) -> io::Result<()> {
        let mut reader = config.reader(input);
        while let Some(result) = reader.read_record(&mut self.record) {
            self.answer.clear();
            let read = match &result {
                Ok(()) => Ok(&self.record),
                Err(ReadError::Parse(error)) => Err(error),
                Err(ReadError::Io(error)) => return self.input_failed(source, error),
            };
            if self.stream_groups {
                let stream = Stream {
                    out: &mut self.out,
                    failed: write_failed,
                };
                self.answerer.answer_all(
                    config,
                    self.output,
                    source,
                    read,
                    &mut self.answer,
                    stream,
                );
            } else {
                self.answerer
                    .answer(config, self.output, source, read, &mut self.answer);
            }
            let answer = std::mem::take(&mut self.answer);
            let written = self.emit(&answer);
            self.answer = answer;
            written?;
        }
        Ok(())
    }

    /// Writes one answer, weighs its status and counts it.
    fn emit(&mut self, answer: &Answer) -> io::Result<()> {
        self.records += 1;
        self.out.write_all(&answer.out)?;
        if self.line_buffered {
            self.out.flush()?;
        }
        if !answer.err.is_empty() && self.quiet {
            self.silenced += 1;
        } else if !answer.err.is_empty() {
            if self.interleave {
                self.out.flush()?;
            }
            let err = &mut self.err;
            self.progress.suspend(|| err.write_all(&answer.err)).ok();
        }
        self.worst = self.worst.max(answer.status);
        self.tally.add(&answer.facts);
        self.progress.puzzle_done();
        // Between two records: a signal ends the run here.
        if signals::caught() {
            self.progress.finish();
            signals::end_if_caught(&mut self.out, self.footer);
        }
        Ok(())
    }

    /// Reports an input that cannot be read (missing, a directory, no
    /// permission, a read error) and goes on with the next one.
    fn input_failed(&mut self, source: &str, error: &io::Error) -> io::Result<()> {
        self.broken_inputs += 1;
        self.bad_input(source, format_args!("cannot read: {error}"))
    }

    /// Reports what is wrong with a whole input; it weighs as bad input.
    fn bad_input(&mut self, source: &str, what: std::fmt::Arguments<'_>) -> io::Result<()> {
        if self.interleave {
            self.out.flush()?;
        }
        let err = &mut self.err;
        self.progress
            .suspend(|| writeln!(err, "sudoku-dlx: {source}: {what}"))
            .ok();
        self.worst = Status::BadInput;
        Ok(())
    }
}
