//! Reading a collection as one stream, file after file and record after
//! record, for the commands that look at it as a whole (`canon`, `stats`):
//! inputs that cannot be read are reported and skipped, and every record,
//! read or not, is handed on in order, so that nothing but the current
//! record is held.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Write};
use std::path::Path;

use sudoku_dlx::{ParseError, PuzzleReader, ReadError, Record};

use super::args::{run_rules, CollectionInput, VariantChoice};
use super::facts::Status;

/// Size of the input buffer.
const BUFFER_SIZE: usize = 64 * 1024;

/// Calls `visit` on every record of every input of `input`, in order, with
/// the input's name; returns [`Status::BadInput`] when an input could not
/// be read or held no puzzle (reported on standard error), else
/// [`Status::Answered`]. Stops at the first error `visit` returns.
pub fn each_record(
    input: &CollectionInput,
    mut visit: impl FnMut(&str, Result<&Record, &ParseError>) -> anyhow::Result<()>,
) -> anyhow::Result<Status> {
    let stdin_only = [Path::new("-").to_path_buf()];
    let files = if input.files.is_empty() {
        &stdin_only[..]
    } else {
        &input.files[..]
    };
    let mut status = Status::Answered;
    let mut record = Record::default();
    for path in files {
        let (name, reader): (String, Box<dyn BufRead>) = if path.as_os_str() == "-" {
            ("<stdin>".into(), Box::new(io::stdin().lock()))
        } else {
            let name = path.display().to_string();
            match File::open(path) {
                Ok(file) => (name, Box::new(BufReader::with_capacity(BUFFER_SIZE, file))),
                Err(error) => {
                    status = bad_input(&name, &format!("cannot read: {error}"));
                    continue;
                }
            }
        };
        let mut reader = PuzzleReader::new(reader)
            .with_alphabet(input.alphabet.forced())
            .with_format(input.input_format.format())
            .with_rules(run_rules(input.boxes.as_ref(), &input.variant, None))
            .with_jigsaw(input.variant.contains(&VariantChoice::Jigsaw));
        let mut records = 0u64;
        while let Some(result) = reader.read_record(&mut record) {
            records += 1;
            match result {
                Ok(()) => visit(&name, Ok(&record))?,
                Err(ReadError::Parse(error)) => visit(&name, Err(&error))?,
                Err(ReadError::Io(error)) => {
                    status = bad_input(&name, &format!("cannot read: {error}"));
                    break;
                }
            }
        }
        if records == 0 {
            // An input with no puzzle at all is most likely the wrong file.
            status = bad_input(&name, "no puzzle found");
        }
    }
    Ok(status)
}

/// Reports what is wrong with a whole input; it weighs as bad input.
fn bad_input(name: &str, what: &str) -> Status {
    let _ = writeln!(io::stderr(), "sudoku-dlx: {name}: {what}");
    Status::BadInput
}
