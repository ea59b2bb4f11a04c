//! The `generate` command: random puzzles with one solution, or complete
//! grids, reproducible from a seed and the same on any number of threads.
//!
//! Item `i` of a run is made from its own random stream, derived from the
//! seed and `i` alone ([`Rng::for_item`]), so threads only change who makes
//! an item, never what it is. Items are made in batches and written in order
//! through one buffered, locked writer.

use std::io::{self, BufWriter, Write};

use anyhow::Context;
use rayon::prelude::*;
use sudoku_dlx::{write_block, write_line};
use sudoku_dlx::{Alphabet, GenerateError, Generator, Grid, PuzzleSpec, Rating, Rng, Size};

use super::facts::Status;
use super::generate_args::{GenerateArgs, Layout};

/// Items made between two writes.
const BATCH: u64 = 256;

/// Runs `generate` and returns the status of its run.
pub fn main(args: &GenerateArgs) -> anyhow::Result<Status> {
    let seed = args.seed.unwrap_or_else(|| {
        let seed = random_seed();
        // A diagnostic: written if standard error takes it.
        let _ = writeln!(io::stderr(), "seed: {seed}");
        seed
    });
    super::signals::catch();
    run(args, seed)?;
    Ok(Status::Answered)
}

/// A seed nobody chose: the operating system's hashing keys mixed with the
/// clock.
fn random_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_nanos());
    hasher.write_u128(nanos);
    hasher.finish()
}

fn run(args: &GenerateArgs, seed: u64) -> anyhow::Result<()> {
    let spec = args.spec();
    let mut out = BufWriter::with_capacity(64 * 1024, io::stdout().lock());
    let pool = if args.jobs > 1 {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(args.jobs.into())
            .build()
            .context("cannot start the worker threads")?;
        Some(pool)
    } else {
        None
    };
    let mut worker = Worker::new();
    let mut text = Vec::new();
    let mut start = 0;
    while start < args.count {
        let end = args.count.min(start + BATCH);
        if let Some(pool) = &pool {
            let items: Vec<Result<Vec<u8>, GenerateError>> = pool.install(|| {
                (start..end)
                    .into_par_iter()
                    .map_init(Worker::new, |worker, index| {
                        let mut text = Vec::new();
                        worker.make_item(args, &spec, seed, index, &mut text)?;
                        Ok(text)
                    })
                    .collect()
            });
            for (index, item) in (start..).zip(items) {
                out.write_all(&item.with_context(|| failed(index))?)?;
                super::signals::end_if_caught(&mut out);
            }
        } else {
            for index in start..end {
                text.clear();
                worker
                    .make_item(args, &spec, seed, index, &mut text)
                    .with_context(|| failed(index))?;
                out.write_all(&text)?;
                super::signals::end_if_caught(&mut out);
            }
        }
        start = end;
    }
    out.flush()?;
    Ok(())
}

fn failed(index: u64) -> String {
    format!("item {}", index + 1)
}

/// What one thread keeps from item to item.
struct Worker {
    generator: Generator,
    grid: Grid,
}

impl Worker {
    fn new() -> Worker {
        Worker {
            generator: Generator::new(),
            grid: Grid::empty(Size::NINE),
        }
    }

    /// Makes item `index` of the run and appends its text to `text`.
    fn make_item(
        &mut self,
        args: &GenerateArgs,
        spec: &PuzzleSpec,
        seed: u64,
        index: u64,
        text: &mut Vec<u8>,
    ) -> Result<(), GenerateError> {
        let mut rng = Rng::for_item(seed, index);
        if args.solved {
            self.generator
                .fill_solved(spec.size, &mut rng, &mut self.grid);
            write_item(text, &self.grid, None, args.format);
        } else {
            let made = self.generator.puzzle(spec, &mut rng)?;
            write_item(text, &made.puzzle, made.rating, args.format);
        }
        Ok(())
    }
}

/// One grid in the chosen layout, with its rating after it on the line, or
/// on a comment line before the block.
fn write_item(text: &mut Vec<u8>, grid: &Grid, rating: Option<Rating>, format: Layout) {
    match format {
        Layout::Line => {
            write_line(text, grid, Alphabet::STANDARD);
            if let Some(rating) = rating {
                let _ = write!(text, " {rating}");
            }
            text.push(b'\n');
        }
        Layout::Grid => {
            if let Some(rating) = rating {
                let _ = writeln!(text, "# rating: {rating}");
            }
            write_block(text, grid, Alphabet::STANDARD);
            text.push(b'\n');
        }
    }
}
