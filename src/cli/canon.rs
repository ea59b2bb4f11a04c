//! `canon`: the canonical form of every puzzle or filled grid, one record
//! each in input order; with `--dedupe`, the first puzzle of each class as
//! it was written, holding only the forms seen.

use std::collections::HashMap;
use std::io::{self, BufWriter, Write};

use rayon::prelude::*;
use serde_json::json;
use sudoku_dlx::{write_line, CanonError, Canonical, Canonicalizer, ParseError, Record};

use super::args::CanonArgs;
use super::collection::each_record;
use super::collection_args::CanonFormat;
use super::facts::Status;

/// Size of the output buffer.
const BUFFER_SIZE: usize = 64 * 1024;

/// The CSV columns of `canon`.
const CSV_HEADER: &str = "source,line,puzzle,canonical,status,error\n";

/// Records canonicalised on the pool at a time with `-j N`: enough to keep
/// every thread busy, few enough to keep memory small.
const BATCH: usize = 4096;

/// One record of a batch, and its form once found.
struct Item {
    /// Its input, in `Run::sources`.
    source: usize,
    read: Result<Record, ParseError>,
    found: Option<Result<Canonical, CanonError>>,
}

/// What a run keeps from record to record.
struct Run<'a> {
    /// The threads of `-j N` with N > 1.
    pool: Option<rayon::ThreadPool>,
    batch: Vec<Item>,
    /// The names of the inputs of the batch.
    sources: Vec<String>,
    args: &'a CanonArgs,
    canonicalizer: Canonicalizer,
    out: BufWriter<io::StdoutLock<'static>>,
    /// With --dedupe: each form seen, with the order it was first seen in
    /// and the puzzles that had it.
    seen: HashMap<Vec<u8>, (u64, u64)>,
    worst: Status,
    /// The text of the current record, reused.
    text: Vec<u8>,
    form: Vec<u8>,
}

/// Canonicalises every record of every input; returns the worst status.
pub fn main(args: &CanonArgs) -> anyhow::Result<Status> {
    let jobs = args.jobs.map_or_else(
        || std::thread::available_parallelism().map_or(1, usize::from),
        usize::from,
    );
    let pool = (jobs > 1)
        .then(|| rayon::ThreadPoolBuilder::new().num_threads(jobs).build())
        .transpose()?;
    let mut run = Run {
        pool,
        batch: Vec::new(),
        sources: Vec::new(),
        args,
        canonicalizer: Canonicalizer::new(),
        out: BufWriter::with_capacity(BUFFER_SIZE, io::stdout().lock()),
        seen: HashMap::new(),
        worst: Status::Answered,
        text: Vec::new(),
        form: Vec::new(),
    };
    if args.format == CanonFormat::Csv {
        run.out.write_all(CSV_HEADER.as_bytes())?;
    }
    let read = each_record(&args.input, |source, read| run.answer(source, read))?;
    run.flush()?;
    if args.dedupe && args.format == CanonFormat::Json {
        let mut classes: Vec<_> = run.seen.drain().collect();
        classes.sort_unstable_by_key(|(_, (order, _))| *order);
        for (form, (_, count)) in classes {
            let form = std::str::from_utf8(&form).unwrap_or_default();
            writeln!(run.out, "{}", json!({"class": form, "count": count}))?;
        }
    }
    run.out.flush()?;
    Ok(run.worst.max(read))
}

impl Run<'_> {
    /// Answers one record, or reports why it could not be read.
    fn answer(&mut self, source: &str, read: Result<&Record, &ParseError>) -> anyhow::Result<()> {
        if self.pool.is_some() {
            if self.sources.last().is_none_or(|last| last != source) {
                self.sources.push(source.to_string());
            }
            self.batch.push(Item {
                source: self.sources.len() - 1,
                read: read.cloned().map_err(Clone::clone),
                found: None,
            });
            if self.batch.len() == BATCH {
                self.flush()?;
            }
            return Ok(());
        }
        let order = self.args.order.order();
        let found = read.ok().map(|record| {
            self.canonicalizer
                .canonical_in(&record.grid, &record.rules, order)
        });
        self.emit(source, read, found)
    }

    /// Canonicalises the batch on the pool, then writes it in order.
    fn flush(&mut self) -> anyhow::Result<()> {
        let Some(pool) = &self.pool else {
            return Ok(());
        };
        let order = self.args.order.order();
        pool.install(|| {
            self.batch
                .par_iter_mut()
                .for_each_init(Canonicalizer::new, |canonicalizer, item| {
                    if let Ok(record) = &item.read {
                        let found = canonicalizer.canonical_in(&record.grid, &record.rules, order);
                        item.found = Some(found);
                    }
                })
        });
        let mut batch = std::mem::take(&mut self.batch);
        let sources = std::mem::take(&mut self.sources);
        for item in batch.drain(..) {
            self.emit(&sources[item.source], item.read.as_ref(), item.found)?;
        }
        self.batch = batch;
        // The input being read stays the last source, for the next batch.
        self.sources.extend(sources.last().cloned());
        Ok(())
    }

    /// Writes the record of one puzzle, its form found (`None` when it
    /// could not be read).
    fn emit(
        &mut self,
        source: &str,
        read: Result<&Record, &ParseError>,
        found: Option<Result<Canonical, CanonError>>,
    ) -> anyhow::Result<()> {
        let (record, found) = match (read, found) {
            (Ok(record), Some(found)) => (record, found),
            (Err(error), _) => {
                let message = format!("{}:{}:{}: {}", source, error.line, error.column, error.kind);
                return self.fail(source, error.line, "invalid", &message, Status::BadInput);
            }
            (Ok(_), None) => unreachable!("every record read is canonicalised"),
        };
        let canonical = match found {
            Ok(canonical) => canonical,
            Err(error) => {
                let word = match error {
                    CanonError::Conflict(_) => "invalid",
                    _ => "unsupported",
                };
                let message = format!("{}:{}: {error}", source, record.line);
                return self.fail(source, record.line, word, &message, Status::Failed);
            }
        };
        self.form.clear();
        write_line(&mut self.form, &canonical.form, record.alphabet);
        if self.args.dedupe {
            let classes = self.seen.len() as u64;
            let class = self.seen.entry(self.form.clone()).or_insert((classes, 0));
            class.1 += 1;
            if class.1 > 1 {
                return Ok(());
            }
        }
        if self.args.format == CanonFormat::Line && !self.args.dedupe {
            self.form.push(b'\n');
            return Ok(self.out.write_all(&self.form)?);
        }
        self.text.clear();
        write_line(&mut self.text, &record.grid, record.alphabet);
        // Both are written in the puzzle's alphabet: ASCII.
        let puzzle = std::str::from_utf8(&self.text).unwrap_or_default();
        let form = std::str::from_utf8(&self.form).unwrap_or_default();
        match self.args.format {
            CanonFormat::Line => writeln!(self.out, "{puzzle}")?,
            CanonFormat::Json => {
                let object = json!({
                    "source": source,
                    "line": record.line,
                    "puzzle": puzzle,
                    "status": "canonical",
                    "canonical": form,
                    "transformation": transformation(&canonical, record),
                });
                writeln!(self.out, "{object}")?
            }
            CanonFormat::Csv => {
                let mut row = csv::Writer::from_writer(&mut self.out);
                let line = record.line.to_string();
                row.write_record([source, &line, puzzle, form, "canonical", ""])?;
                row.flush()?;
            }
        }
        Ok(())
    }

    /// Writes the record of a puzzle with no form (none with --dedupe) and
    /// reports why on standard error.
    fn fail(
        &mut self,
        source: &str,
        line: u64,
        word: &str,
        message: &str,
        status: Status,
    ) -> anyhow::Result<()> {
        self.worst = self.worst.max(status);
        if !self.args.input.quiet {
            let _ = writeln!(io::stderr(), "{message}");
        }
        if self.args.dedupe {
            return Ok(());
        }
        let error = message.split_once(": ").map_or(message, |(_, e)| e);
        match self.args.format {
            CanonFormat::Line => writeln!(self.out, "{word}")?,
            CanonFormat::Json => {
                let object =
                    json!({"source": source, "line": line, "status": word, "error": error});
                writeln!(self.out, "{object}")?
            }
            CanonFormat::Csv => {
                let mut row = csv::Writer::from_writer(&mut self.out);
                row.write_record([source, &line.to_string(), "", "", word, error])?;
                row.flush()?;
            }
        }
        Ok(())
    }
}

/// The transformation onto the form, as JSON: rows and columns numbered
/// from 1 (row i of the form is row `rows[i]` of the puzzle, after the
/// transposition), and digit k of the puzzle written as the k-th symbol
/// of `digits` in the form.
fn transformation(canonical: &Canonical, record: &Record) -> serde_json::Value {
    let t = &canonical.transformation;
    let from_one = |lines: &[u8]| lines.iter().map(|&l| l + 1).collect::<Vec<_>>();
    let digits: String = t.digits()[1..]
        .iter()
        .map(|&d| char::from(record.alphabet.encode(d)))
        .collect();
    json!({
        "transpose": t.transposes(),
        "rows": from_one(t.rows()),
        "columns": from_one(t.columns()),
        "digits": digits,
    })
}
