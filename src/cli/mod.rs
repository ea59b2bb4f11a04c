//! The command-line front end: reads every input in turn, answers each
//! puzzle through [`answer`], writes through one buffered, locked writer and
//! turns the worst outcome into the exit status.
//!
//! This is the only place that knows about files, terminals and exit codes;
//! the library below it only reads, solves and formats.

mod answer;
mod args;
mod generate;

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;

use clap::Parser;
use sudoku_dlx::{PuzzleReader, Rater, ReadError, Record, Solver};

use answer::{answer_parse_error, answer_puzzle, answer_rating, Answer, Status};
use args::{Cli, Config, Request, Task};

/// Size of the input and output buffers.
const BUFFER_SIZE: usize = 64 * 1024;

/// Runs the command line and returns its exit status.
pub fn main() -> ExitCode {
    let config = match Cli::parse().into_request() {
        Request::Answer(config) => config,
        Request::Generate(args) => return generate::main(&args),
    };
    match run(&config) {
        Ok(status) => ExitCode::from(status as u8),
        Err(error) if is_broken_pipe(&error) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("sudoku-dlx: {error:#}");
            ExitCode::from(Status::BadInput as u8)
        }
    }
}

/// A closed pipe downstream (`sudoku-dlx solve | head -1`) is a normal end.
pub(crate) fn is_broken_pipe(error: &anyhow::Error) -> bool {
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
    solver: Solver,
    rater: Rater,
    record: Record,
    answer: Answer,
    worst: Status,
}

fn run(config: &Config) -> anyhow::Result<Status> {
    let stdout = io::stdout();
    let mut session = Session {
        interleave: stdout.is_terminal(),
        out: BufWriter::with_capacity(BUFFER_SIZE, stdout.lock()),
        err: io::stderr().lock(),
        solver: Solver::new(),
        rater: Rater::new(),
        record: Record::default(),
        answer: Answer::default(),
        worst: Status::Answered,
    };
    let stdin_only = [Path::new("-").to_path_buf()];
    let files = if config.files.is_empty() {
        &stdin_only[..]
    } else {
        &config.files[..]
    };
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
                Ok(file) => session.answer_all(
                    config,
                    &name,
                    BufReader::with_capacity(BUFFER_SIZE, file),
                )?,
                Err(error) => session.input_failed(&name, &error)?,
            }
        }
    }
    session.out.flush()?;
    Ok(session.worst)
}

impl Session {
    /// Answers every puzzle of one input, in order.
    fn answer_all(&mut self, config: &Config, source: &str, input: impl BufRead) -> io::Result<()> {
        let mut reader = PuzzleReader::new(input).with_alphabet(config.alphabet);
        while let Some(result) = reader.read_record(&mut self.record) {
            self.answer.clear();
            match result {
                Ok(()) if config.task == Task::Rate => {
                    answer_rating(source, &self.record, &mut self.rater, &mut self.answer)
                }
                Ok(()) => answer_puzzle(
                    config.task,
                    config.format,
                    source,
                    &self.record,
                    &mut self.solver,
                    &mut self.answer,
                ),
                Err(ReadError::Parse(error)) => {
                    answer_parse_error(config.format, source, &error, &mut self.answer)
                }
                Err(ReadError::Io(error)) => return self.input_failed(source, &error),
            }
            self.out.write_all(&self.answer.out)?;
            if !self.answer.err.is_empty() {
                if self.interleave {
                    self.out.flush()?;
                }
                let _ = self.err.write_all(&self.answer.err);
            }
            self.worst = self.worst.max(self.answer.status);
        }
        Ok(())
    }

    /// Reports an input that cannot be read (missing, a directory, no
    /// permission, a read error) and goes on with the next one.
    fn input_failed(&mut self, source: &str, error: &io::Error) -> io::Result<()> {
        if self.interleave {
            self.out.flush()?;
        }
        let _ = writeln!(self.err, "sudoku-dlx: {source}: cannot read: {error}");
        self.worst = Status::BadInput;
        Ok(())
    }
}
