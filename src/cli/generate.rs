//! The `generate` command: random puzzles with one solution, or complete
//! grids, reproducible from a seed and the same on any number of threads.
//!
//! Item `i` of a run is made from its own random stream, derived from the
//! seed and `i` alone ([`Rng::for_item`]), so threads only change who makes
//! an item, never what it is. Items are made in batches and written in order
//! through one buffered, locked writer.

use std::io::{self, BufWriter, IsTerminal, Write};

use anyhow::Context;
use rayon::prelude::*;
use sudoku_dlx::{
    check_jigsaw_rules, puzzle_of_level_in, Decorated, Decorator, Explainer, Explanation,
    GenerateError, Generator, Geometry, Grid, JigsawGenerator, Killer, KillerError,
    KillerGenerator, PuzzleSpec, Rng, Size, KILLER_MAX_SIDE,
};

use super::facts::PlayerLevel;
use super::facts::Status;
use super::generate_args::{GenerateArgs, Layout};
use super::generate_output::{footer, header, write_item, Bar, Item};

/// Items made between two writes.
const BATCH: u64 = 256;

/// The most layouts drawn for a grid that a jigsaw killer is cut from
/// before `generate` gives up.
const KILLER_LAYOUTS: u32 = 20;

/// Runs `generate` and returns the status of its run.
pub fn main(args: &GenerateArgs) -> anyhow::Result<Status> {
    let own_rules = args.killer() || args.jigsaw() || !args.decorations().is_empty();
    if own_rules && !matches!(args.layout(), Layout::Line | Layout::Json) {
        anyhow::bail!(
            "-f {} would lose the regions, cages or rules of the puzzles: use -f line or -f json",
            format!("{:?}", args.layout()).to_lowercase()
        );
    }
    if args.killer() && !args.jigsaw() && args.spec().size.box_shape().is_none() {
        let size = args.spec().size;
        anyhow::bail!(
            "killer puzzles keep the boxes, and a {size} grid has none: add the jigsaw rule for \
             regions"
        );
    }
    if args.jigsaw() {
        check_jigsaw_rules(&args.rules(), args.spec().size)?;
    }
    if args.killer() && args.spec().size.side() > KILLER_MAX_SIDE {
        let size = args.spec().size;
        anyhow::bail!(
            "killer puzzles are made up to {KILLER_MAX_SIDE}x{KILLER_MAX_SIDE}: on a {size} grid \
             the search does not prove a cut into cages unique within its budget"
        );
    }
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
    let show_progress = !args.quiet && io::stderr().is_terminal() && !io::stdout().is_terminal();
    let bar = show_progress.then(|| Bar::new(args.count));
    let result = make_all(args, seed, bar.as_ref());
    if let Some(bar) = &bar {
        bar.finish();
    }
    result
}

/// Makes every item of the run and writes them in order.
fn make_all(args: &GenerateArgs, seed: u64, bar: Option<&Bar>) -> anyhow::Result<()> {
    let spec = args.spec();
    let rules = args.rules();
    let built;
    // A prime side has no boxes: its puzzles need `--boxes none` or
    // regions, as when they are read back. Jigsaws and killers make the
    // geometry of each puzzle themselves.
    let own_geometry = args.jigsaw() || args.killer();
    let geometry = if own_geometry || rules.is_classic() && spec.size.box_shape().is_some() {
        Geometry::classic(spec.size)
    } else {
        built = rules.geometry(spec.size)?;
        &built
    };
    let mut out = BufWriter::with_capacity(64 * 1024, io::stdout().lock());
    out.write_all(&header(args.layout()))?;
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
            let items: Vec<anyhow::Result<Vec<u8>>> = pool.install(|| {
                (start..end)
                    .into_par_iter()
                    .map_init(Worker::new, |worker, index| {
                        let mut text = Vec::new();
                        let job = Job {
                            args,
                            spec: &spec,
                            geometry,
                            seed,
                        };
                        worker.make_item(&job, index, &mut text)?;
                        bar.inspect(|bar| bar.item_done());
                        Ok(text)
                    })
                    .collect()
            });
            for (index, item) in (start..).zip(items) {
                out.write_all(&item.with_context(|| failed(args, index))?)?;
                end_if_caught(args, bar, &mut out);
            }
        } else {
            for index in start..end {
                text.clear();
                let job = Job {
                    args,
                    spec: &spec,
                    geometry,
                    seed,
                };
                worker
                    .make_item(&job, index, &mut text)
                    .with_context(|| failed(args, index))?;
                bar.inspect(|bar| bar.item_done());
                out.write_all(&text)?;
                end_if_caught(args, bar, &mut out);
            }
        }
        start = end;
    }
    out.write_all(footer(args.layout()))?;
    out.flush()?;
    Ok(())
}

/// Between two items: when a signal came, clears the progress bar, ends
/// the page of `-f html` and ends the run (see [`super::signals`]).
fn end_if_caught(args: &GenerateArgs, bar: Option<&Bar>, out: &mut impl Write) {
    if super::signals::caught() {
        if let Some(bar) = bar {
            bar.finish();
        }
        super::signals::end_if_caught(out, footer(args.layout()));
    }
}

fn failed(args: &GenerateArgs, index: u64) -> String {
    match args.technique_level() {
        Some(level) => format!(
            "item {}: no puzzle of technique level {level} came out (minimal puzzles are rarely \
             simple or easy: --min-givens 30 or so helps; intermediate ones are rare too)",
            index + 1
        ),
        None => format!("item {}", index + 1),
    }
}

/// What every item of a run is made from.
struct Job<'a> {
    args: &'a GenerateArgs,
    spec: &'a PuzzleSpec,
    /// The rules every grid and puzzle obeys.
    geometry: &'a Geometry,
    seed: u64,
}

/// What one thread keeps from item to item.
struct Worker {
    generator: Generator,
    killer: KillerGenerator,
    decorator: Decorator,
    jigsaw: JigsawGenerator,
    grid: Grid,
    /// Judges the level of the hardest technique, for --difficulty and
    /// --rate.
    explainer: Explainer,
}

impl Worker {
    fn new() -> Worker {
        Worker {
            generator: Generator::new(),
            killer: KillerGenerator::new(),
            decorator: Decorator::new(),
            jigsaw: JigsawGenerator::new(),
            grid: Grid::empty(Size::NINE),
            explainer: Explainer::new(),
        }
    }

    /// A killer puzzle under the rules of `args`. With the jigsaw rule its
    /// cages go on a random layout of regions that admits a grid; where
    /// random layouts find none quickly (non-consecutive), on a layout
    /// drawn for a grid, cut into cages until one cut has one solution, a
    /// new layout and grid drawn up to [`KILLER_LAYOUTS`] times.
    fn killer(&mut self, args: &GenerateArgs, size: Size, rng: &mut Rng) -> anyhow::Result<Killer> {
        let rules = args.rules();
        if !args.jigsaw() {
            return Ok(self.killer.puzzle_under(&rules, size, rng)?);
        }
        let mut attempts = 0;
        for _ in 0..KILLER_LAYOUTS {
            let (base, _, grid) = self.jigsaw.layout_with_grid(&rules, size, rng)?;
            let made = match &grid {
                Some(grid) => self.killer.puzzle_of_solution(&base, size, grid, rng),
                None => self.killer.puzzle_under(&base, size, rng),
            };
            match made {
                Ok(killer) => return Ok(killer),
                Err(KillerError::GaveUp { attempts: tried }) if grid.is_some() => {
                    attempts += tried;
                }
                Err(error) => return Err(error.into()),
            }
        }
        Err(KillerError::GaveUp { attempts }.into())
    }

    /// A puzzle with the rules of `args` drawn on its solution (on a
    /// jigsaw's regions when asked), and its solve path when it is rated
    /// or must be of the level asked for: puzzles are drawn until one is
    /// of that level and within `spec.max_givens`, up to
    /// `spec.max_attempts`.
    fn decorated(
        &mut self,
        args: &GenerateArgs,
        spec: &PuzzleSpec,
        rng: &mut Rng,
    ) -> anyhow::Result<(Decorated, Option<Explanation>)> {
        // A jigsaw's layout may come drawn for a grid, which the rules are
        // then drawn on: a search of such a layout could take long to find
        // one.
        let (base, grid) = match args.jigsaw() {
            true => {
                let (rules, _, grid) =
                    self.jigsaw
                        .layout_with_grid(&args.rules(), spec.size, rng)?;
                (rules, grid)
            }
            false => (args.rules(), None),
        };
        let decorations = args.decorations();
        let level = args.technique_level();
        for _ in 0..spec.max_attempts {
            let decorated =
                self.decorator
                    .puzzle_on(&base, grid.as_ref(), &decorations, spec, rng)?;
            let path = (decorated.made.rating.is_some() || level.is_some())
                .then(|| {
                    let geometry = decorated.rules.geometry(spec.size).ok()?;
                    let puzzle = &decorated.made.puzzle;
                    self.explainer.explain(&geometry, puzzle).ok()
                })
                .flatten();
            let few_enough = spec
                .max_givens
                .is_none_or(|max| decorated.made.puzzle.givens() <= max);
            let of_level =
                level.is_none_or(|level| path.as_ref().is_some_and(|path| path.level() == level));
            if few_enough && of_level {
                return Ok((decorated, path));
            }
        }
        Err(GenerateError::GaveUp {
            attempts: spec.max_attempts,
        }
        .into())
    }

    /// Makes item `index` of the run and appends its text to `text`.
    fn make_item(&mut self, job: &Job<'_>, index: u64, text: &mut Vec<u8>) -> anyhow::Result<()> {
        let Job {
            args,
            spec,
            geometry,
            seed,
        } = *job;
        let mut rng = Rng::for_item(seed, index);
        let number = index + 1;
        let rules = args.rules();
        if !args.decorations().is_empty() {
            let (decorated, path) = self.decorated(args, spec, &mut rng)?;
            let item = Item {
                number,
                seed,
                grid: &decorated.made.puzzle,
                solution: Some(&decorated.made.solution),
                rating: decorated.made.rating,
                level: path.map(|path| PlayerLevel {
                    level: path.level(),
                    hardest: path.hardest,
                }),
                rules: &decorated.rules,
            };
            write_item(text, &item, args);
        } else if args.killer() {
            let killer = self.killer(args, spec.size, &mut rng)?;
            let item = Item {
                number,
                seed,
                grid: &Grid::empty(spec.size),
                solution: Some(&killer.solution),
                rating: None,
                level: None,
                rules: &killer.rules,
            };
            write_item(text, &item, args);
        } else if args.solved {
            self.generator
                .fill_solved_in(geometry, &mut rng, &mut self.grid)?;
            let item = Item {
                number,
                seed,
                grid: &self.grid,
                solution: None,
                rating: None,
                level: None,
                rules: &rules,
            };
            write_item(text, &item, args);
        } else {
            // A jigsaw comes with regions of its own.
            let (made, rules, path) = match args.technique_level() {
                _ if args.jigsaw() => {
                    let (made, rules) = self.jigsaw.puzzle(&rules, spec, &mut rng)?;
                    (made, rules, None)
                }
                Some(level) => {
                    let (generator, explainer) = (&mut self.generator, &mut self.explainer);
                    let (made, path) =
                        puzzle_of_level_in(generator, explainer, geometry, spec, level, &mut rng)?;
                    (made, rules, Some(path))
                }
                None => {
                    let made = self.generator.puzzle_in(geometry, spec, &mut rng)?;
                    let path = made
                        .rating
                        .and_then(|_| self.explainer.explain(geometry, &made.puzzle).ok());
                    (made, rules, path)
                }
            };
            let item = Item {
                number,
                seed,
                grid: &made.puzzle,
                solution: Some(&made.solution),
                rating: made.rating,
                level: path.map(|path| PlayerLevel {
                    level: path.level(),
                    hardest: path.hardest,
                }),
                rules: &rules,
            };
            write_item(text, &item, args);
        }
        Ok(())
    }
}
