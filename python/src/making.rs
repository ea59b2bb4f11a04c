//! `generate`: puzzles with one solution, or complete grids, made as the
//! command line's `generate` makes them: item `i` of a run from its own
//! random stream, derived from the seed and `i` alone, so that a seed gives
//! the same lines as `sudoku-dlx generate --seed S` on any number of
//! threads.

use pyo3::prelude::*;
use sudoku_dlx::{
    check_jigsaw_rules, puzzle_of_level_in, write_description, write_line, write_regions, Alphabet,
    Boxes, Explainer, Generator, Geometry, Grid, JigsawGenerator, KillerGenerator, LogicLevel,
    PuzzleSpec, Rng, Rules, Size, Symmetry, KILLER_MAX_SIDE,
};

use crate::batch::{run_parallel, thread_count};
use crate::failure::{bad_argument, Failure, Kind};
use crate::options::{parse_boxes, variant_named};

/// What every item of a run is made of.
#[derive(Debug)]
pub struct Run {
    pub spec: PuzzleSpec,
    pub rules: Rules,
    pub seed: u64,
    pub solved: bool,
    pub killer: bool,
    pub jigsaw: bool,
    /// The level of the hardest technique asked for (`difficulty`).
    pub technique_level: Option<LogicLevel>,
}

/// The arguments of `generate`, before they are checked.
pub struct Request<'a> {
    pub seed: Option<u64>,
    pub size: usize,
    pub symmetry: &'a str,
    pub min_givens: Option<usize>,
    pub max_givens: Option<usize>,
    pub difficulty: Option<&'a str>,
    pub method: Option<&'a str>,
    pub variant: Option<Vec<String>>,
    pub boxes: Option<&'a str>,
    pub solved: bool,
}

impl Request<'_> {
    /// Checks the arguments into a run, refusing what the command line
    /// refuses.
    pub fn run(self) -> PyResult<Run> {
        let size = Size::from_side(self.size).ok_or_else(|| {
            bad_argument(format!(
                "`{}` is not a side to generate: use 4 to 36",
                self.size
            ))
        })?;
        let symmetry = Symmetry::ALL
            .into_iter()
            .find(|symmetry| symmetry.name() == self.symmetry)
            .ok_or_else(|| {
                bad_argument(format!(
                    "unknown symmetry {:?}; expected none, rot180, rot90, mirror or diagonal",
                    self.symmetry
                ))
            })?;
        let mut rules = Rules::classic();
        let (mut killer, mut jigsaw) = (false, false);
        for name in self.variant.iter().flatten() {
            match name.as_str() {
                "killer" => killer = true,
                "jigsaw" => jigsaw = true,
                name => rules.variants.push(variant_named(name)?),
            }
        }
        if let Some(boxes) = self.boxes {
            if jigsaw {
                return Err(bad_argument(
                    "variant jigsaw makes regions in place of boxes: it cannot be used with boxes",
                ));
            }
            rules.boxes = parse_boxes(boxes)?;
        }
        if jigsaw {
            check_jigsaw_rules(&rules, size).map_err(|error| bad_argument(error.to_string()))?;
        }
        let technique_level = level(self.difficulty, self.method)?;
        if (killer || jigsaw) && (self.solved || self.difficulty.is_some()) {
            return Err(bad_argument(
                "variant killer and jigsaw make puzzles of their own kind: they cannot be used \
                 with solved or difficulty",
            ));
        }
        if killer && size.box_shape().is_none() {
            return Err(bad_argument(format!(
                "killer puzzles keep the boxes, and a {size} grid has none"
            )));
        }
        if killer && size.side() > KILLER_MAX_SIDE {
            return Err(bad_argument(format!(
                "killer puzzles are made up to {KILLER_MAX_SIDE}x{KILLER_MAX_SIDE}: on a {size} grid \
                 the search does not prove a cut into cages unique within its budget"
            )));
        }
        let cells = size.cells();
        for (name, givens) in [
            ("min_givens", self.min_givens),
            ("max_givens", self.max_givens),
        ] {
            if let Some(givens) = givens.filter(|&givens| givens > cells) {
                return Err(bad_argument(format!(
                    "{name} {givens} is above the {cells} cells of a {size} grid"
                )));
            }
        }
        Ok(Run {
            spec: PuzzleSpec {
                size,
                symmetry,
                min_givens: self.min_givens.unwrap_or(0),
                max_givens: self.max_givens,
                // Levels are judged on the logical path, after the
                // generator, as the command line judges them.
                difficulty: None,
                ..PuzzleSpec::default()
            },
            rules,
            seed: self.seed.unwrap_or_else(random_seed),
            solved: self.solved,
            killer,
            jigsaw,
            technique_level,
        })
    }
}

/// The level of the hardest technique that `difficulty` names, refusing
/// the search's method and levels with the command line's messages.
fn level(difficulty: Option<&str>, method: Option<&str>) -> PyResult<Option<LogicLevel>> {
    match method {
        None | Some("techniques") => {}
        Some("search") => return Err(bad_argument(METHOD_SEARCH_REPLACED)),
        Some(method) => {
            return Err(bad_argument(format!(
                "method must be \"techniques\" or None; found {method:?}"
            )))
        }
    }
    let Some(name) = difficulty else {
        return Ok(None);
    };
    match name {
        "medium" | "hard" => Err(bad_argument(format!(
            "difficulty {name:?} was a level of the search, which is replaced: the levels are \
             those of the hardest technique needed, simple, easy, intermediate and expert"
        ))),
        name => LogicLevel::from_name(name).map(Some).ok_or_else(|| {
            bad_argument(format!(
                "difficulty {name:?} is not a level: simple, easy, intermediate, expert"
            ))
        }),
    }
}

/// Why `method="search"` is refused, in the command line's words.
const METHOD_SEARCH_REPLACED: &str = "method \"search\" is replaced: every rating gives the \
     level of the hardest technique needed (simple, easy, intermediate, expert) and, as \
     `branches`, the search's effort; method \"techniques\" is the default and can be left out";

/// A seed nobody chose: the clock, hashed with this process's random keys.
fn random_seed() -> u64 {
    use std::hash::BuildHasher;
    std::collections::hash_map::RandomState::new().hash_one(std::time::SystemTime::now())
}

/// The generators of one thread.
#[derive(Debug, Default)]
pub struct Makers {
    generator: Generator,
    killer: KillerGenerator,
    jigsaw: JigsawGenerator,
    explainer: Explainer,
}

impl Run {
    /// Makes items `0..count` on `threads` threads; each as the line
    /// `sudoku-dlx generate -f line` writes.
    pub fn make_all(
        &self,
        py: Python<'_>,
        count: u64,
        threads: Option<usize>,
    ) -> PyResult<Vec<String>> {
        let threads = thread_count(threads)?;
        let geometry = match self.killer || self.jigsaw || self.rules.is_classic() {
            true => None,
            false => Some(
                self.rules
                    .geometry(self.spec.size)
                    .map_err(|error| bad_argument(error.to_string()))?,
            ),
        };
        let geometry = geometry
            .as_ref()
            .unwrap_or(Geometry::classic(self.spec.size));
        let indices: Vec<u64> = (0..count).collect();
        let items = run_parallel(py, &indices, threads, |worker, &index| {
            worker.makers.make(self, geometry, index)
        })?;
        items
            .into_iter()
            .enumerate()
            .map(|(index, item)| {
                item.map_err(|failure| failure.to_exception(py, "sudoku-dlx", Some(index)))
            })
            .collect()
    }
}

impl Makers {
    /// Makes item `index` of `run`.
    fn make(&mut self, run: &Run, geometry: &Geometry, index: u64) -> Result<String, Failure> {
        let mut rng = Rng::for_item(run.seed, index);
        let failed = |error: &dyn std::fmt::Display| {
            let reason = match run.technique_level {
                Some(level) => format!(
                    "item {}: no puzzle of technique level {level} came out (minimal puzzles are \
                     rarely simple or easy: min_givens=30 or so helps; intermediate ones are \
                     rare too)",
                    index + 1
                ),
                None => format!("item {}: {error}", index + 1),
            };
            Failure::new(Kind::NotGenerated, 0, reason)
        };
        let mut text = Vec::new();
        if run.killer {
            let killer = self
                .killer
                .puzzle(run.spec.size, &mut rng)
                .map_err(|e| failed(&e))?;
            write_description(&mut text, &Grid::empty(run.spec.size), &killer.rules, "");
        } else if run.solved {
            let mut grid = Grid::empty(run.spec.size);
            self.generator
                .fill_solved_in(geometry, &mut rng, &mut grid)
                .map_err(|e| failed(&e))?;
            write_line(&mut text, &grid, Alphabet::STANDARD);
        } else {
            let (made, rules) = match run.technique_level {
                _ if run.jigsaw => self
                    .jigsaw
                    .puzzle(&run.rules, &run.spec, &mut rng)
                    .map_err(|e| failed(&e))?,
                Some(level) => {
                    let generator = &mut self.generator;
                    let explainer = &mut self.explainer;
                    let made = puzzle_of_level_in(
                        generator, explainer, geometry, &run.spec, level, &mut rng,
                    )
                    .map_err(|e| failed(&e))?;
                    (made.0, run.rules.clone())
                }
                None => {
                    let made = self
                        .generator
                        .puzzle_in(geometry, &run.spec, &mut rng)
                        .map_err(|e| failed(&e))?;
                    (made, run.rules.clone())
                }
            };
            write_line(&mut text, &made.puzzle, Alphabet::STANDARD);
            if let Boxes::Regions(regions) = &rules.boxes {
                text.push(b' ');
                write_regions(&mut text, regions);
            }
        }
        Ok(String::from_utf8_lossy(&text).into_owned())
    }
}
