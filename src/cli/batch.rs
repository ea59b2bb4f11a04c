//! Answering puzzles on several threads with `-j N`, output in input order.
//!
//! The input is read on the calling thread a bounded batch of records at a
//! time; the batch is answered in parallel on a rayon pool, each thread with
//! its own [`Solver`], and the answers are then written in input order. The
//! memory held is one batch of records and answers, whatever the input size.

use std::cell::RefCell;
use std::io::{self, BufRead};

use rayon::prelude::*;
use sudoku_dlx::{ParseError, PuzzleReader, ReadError, Record};

use super::answer::Answerer;
use super::args::Config;
use super::facts::{Answer, Output};
use super::Session;

/// Records read before a batch is answered: enough to keep every thread
/// busy and to make the hand-over cheap, few enough to keep memory small.
const BATCH: usize = 1024;

thread_local! {
    /// The solver and rater of each pool thread, kept for the whole run.
    static ANSWERER: RefCell<Answerer> = RefCell::new(Answerer::default());
}

/// One record of a batch: a puzzle, or why it could not be read.
#[derive(Default)]
struct Slot {
    record: Record,
    parse_error: Option<ParseError>,
    answer: Answer,
}

/// A pool of threads and the buffers of one batch, reused batch after batch.
pub struct Batch {
    pool: rayon::ThreadPool,
    slots: Vec<Slot>,
}

impl Batch {
    /// A pool of `jobs` threads.
    pub fn new(jobs: usize) -> io::Result<Batch> {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(jobs)
            .thread_name(|i| format!("sudoku-dlx-{i}"))
            .build()
            .map_err(io::Error::other)?;
        Ok(Batch {
            pool,
            slots: Vec::new(),
        })
    }

    /// Answers every puzzle of one input, in order, a batch at a time.
    pub fn answer_all(
        &mut self,
        session: &mut Session,
        config: &Config,
        source: &str,
        input: impl BufRead,
    ) -> io::Result<()> {
        let mut reader = config.reader(input);
        let output = session.output;
        loop {
            let (filled, read_error) = self.fill(&mut reader);
            let slots = &mut self.slots[..filled];
            self.pool.install(|| {
                slots
                    .par_iter_mut()
                    .for_each(|slot| answer_slot(config, output, source, slot))
            });
            for slot in slots.iter() {
                session.emit(&slot.answer)?;
            }
            if let Some(error) = read_error {
                return session.input_failed(source, &error);
            }
            if filled < BATCH {
                return Ok(());
            }
        }
    }

    /// Reads up to [`BATCH`] records into the slots; returns how many, and
    /// the read error that ended the input early, if one did.
    fn fill(&mut self, reader: &mut PuzzleReader<impl BufRead>) -> (usize, Option<io::Error>) {
        if self.slots.len() < BATCH {
            self.slots.resize_with(BATCH, Slot::default);
        }
        for (filled, slot) in self.slots.iter_mut().enumerate() {
            slot.parse_error = None;
            match reader.read_record(&mut slot.record) {
                None => return (filled, None),
                Some(Ok(())) => {}
                Some(Err(ReadError::Parse(error))) => slot.parse_error = Some(error),
                Some(Err(ReadError::Io(error))) => return (filled, Some(error)),
            }
        }
        (BATCH, None)
    }
}

/// Answers one slot on the current thread with that thread's answerer.
fn answer_slot(config: &Config, output: Output, source: &str, slot: &mut Slot) {
    slot.answer.clear();
    let read = match &slot.parse_error {
        Some(error) => Err(error),
        None => Ok(&slot.record),
    };
    ANSWERER.with_borrow_mut(|answerer| {
        answerer.answer(config, output, source, read, &mut slot.answer)
    });
}
