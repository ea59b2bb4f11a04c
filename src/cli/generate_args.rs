//! The grammar of `generate`: its options, checked by clap, and the puzzle
//! they ask for. Kept apart from the command itself, which only runs them.

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Args, ValueEnum};
use sudoku_dlx::{
    Boxes, Decoration, LogicLevel, NamedShape, PuzzleSpec, Rules, Shape, Size, Symmetry, Variant,
};

/// Examples shown by `generate --help`.
pub const GENERATE_EXAMPLES: &str = "\
Examples:
  sudoku-dlx generate -n 10 --seed 42              ten minimal 9x9 puzzles, half-turn symmetric
  sudoku-dlx generate --difficulty expert --rate   a hard one, with its rating
  sudoku-dlx generate --variant x,anti-king        unique under both; solve them with that --variant
  sudoku-dlx generate --solved -n 10000 -j 2 > grids.txt
                                                   complete grids on two threads
  sudoku-dlx generate --variant killer --seed 1    a killer puzzle, as a JSON line";

/// The most threads `-j` takes, for every command: beyond the cores there is nothing to gain,
/// and each thread holds a batch of answers.
pub const MAX_JOBS: i64 = 256;

/// Options of `generate`.
#[derive(Debug, Clone, Args)]
pub struct GenerateArgs {
    /// Make complete grids instead of puzzles
    #[arg(long)]
    pub solved: bool,
    /// How many grids or puzzles to make
    #[arg(short = 'n', long, value_name = "N", default_value_t = 1)]
    pub count: u64,
    /// Seed of the run: the same seed (and version) gives the same output;
    /// without one, a random seed is printed to standard error as `seed: N`
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Side of the grid, 4 to 36 (a prime side needs --boxes none or
    /// --variant jigsaw); above 16, puzzles are minimal within a search
    /// budget per check, and so are those with other rules above 10
    #[arg(long, value_name = "SIDE", default_value = "9", value_parser = parse_size)]
    pub size: Size,
    /// Variant rules the puzzles obey besides rows, columns and boxes, as a
    /// comma list: each puzzle is unique and minimal under them, and is
    /// solved with the same --variant
    /// (`killer`: cages with sums and no givens, each printed as one JSON
    /// line, on the other rules but no drawn one, up to 15x15 and slow above
    /// 10x10, minutes on 14x14; `jigsaw`: random regions,
    /// printed as GIVENS REGIONS, or in the JSON line of a killer or of drawn
    /// rules; `samurai`: the same as --shape samurai; `thermometer`,
    /// `kropki`, `xv`, `arrow`: those rules drawn on each solution, every
    /// dot or X/V with the negative rule, each puzzle printed as one JSON
    /// line)
    #[arg(long, value_name = "RULES", value_delimiter = ',', value_parser = variant_parser())]
    pub variant: Vec<GenerateRule>,
    /// The boxes: R rows by C columns each (R x C = the side), or "none" for
    /// a Latin square [default: the most square RxC with R <= C]
    #[arg(long, value_name = "RxC|none", value_parser = parse_boxes)]
    pub boxes: Option<Boxes>,
    /// A shape of several 9x9 grids in one frame (samurai, twodoku,
    /// butterfly, flower, sohei, windmill): each puzzle is unique over the
    /// whole frame, printed as the block of its lines
    #[arg(long, value_name = "NAME", value_parser = shape_parser())]
    pub shape: Option<NamedShape>,
    /// Which cells are blanked together
    #[arg(long, value_enum, default_value_t = SymmetryChoice::Rot180)]
    pub symmetry: SymmetryChoice,
    /// Stop blanking at K givens (the puzzle is then not minimal)
    #[arg(long, value_name = "K")]
    pub min_givens: Option<usize>,
    /// Keep only puzzles with at most K givens
    #[arg(long, value_name = "K")]
    pub max_givens: Option<usize>,
    /// Keep only puzzles of this level, the hardest technique they need
    /// (see `sudoku-dlx rate --help`): simple, easy, intermediate or
    /// expert
    #[arg(long, value_enum)]
    pub difficulty: Option<LevelChoice>,
    /// Replaced: --difficulty always takes the hardest technique's level
    #[arg(long, value_enum, hide = true)]
    pub method: Option<RateMethod>,
    /// Print each puzzle's rating after it: the level, the hardest
    /// technique and the search's branches, as `rate` prints them
    #[arg(long, conflicts_with = "solved")]
    pub rate: bool,
    /// Output layout [default: line; for --shape, the block of the frame's
    /// lines]
    #[arg(short, long, value_enum)]
    pub format: Option<Layout>,
    /// Threads to use; the output is the same for any number
    #[arg(short = 'j', long = "jobs", value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u16).range(1..=MAX_JOBS))]
    pub jobs: u16,
    /// With -f html: each puzzle's solution on the page after it (not with
    /// other formats)
    #[arg(long)]
    pub with_solutions: bool,
    /// Print no progress bar
    #[arg(short, long)]
    pub quiet: bool,
}

/// A rule of `generate --variant`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GenerateRule {
    /// A variant rule of the library.
    Rule(Variant),
    /// Killer Sudoku: cages of 2 to 5 cells (2 to 3 above 10x10) with
    /// their sums, no givens, unique; a sum is dropped when the puzzle is
    /// proven unique without it within a node budget.
    Killer,
    /// Jigsaw: random connected regions replace the boxes.
    Jigsaw,
    /// Samurai: five 9x9 grids overlapping at corner boxes.
    Samurai,
    /// Rules drawn on the solution: thermometers, kropki dots or XV.
    Decoration(Decoration),
}

/// Symmetry choices.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SymmetryChoice {
    /// Every cell on its own
    None,
    /// Half-turn rotation
    Rot180,
    /// Quarter-turn rotation
    Rot90,
    /// Left-right mirror
    Mirror,
    /// Mirror about the main diagonal
    Diagonal,
}

/// The old `--method` of `rate` and `generate`, kept to say what replaced
/// it: every rating now gives the hardest technique's level and the
/// search's branches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum RateMethod {
    /// The branches of the dancing-links search: now the `branches` field
    Search,
    /// The hardest technique of a logical solve path: now the level
    Techniques,
}

/// What replaced `--method search`.
pub const METHOD_SEARCH_REPLACED: &str = "--method search is replaced: every rating gives the \
     level of the hardest technique needed (simple, easy, intermediate, expert) and, as \
     `branches`, the search's effort; --method techniques is the default and can be left out";

/// Difficulty choices: the levels of the hardest technique, and two
/// levels of the search that was the scale before, refused with a message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LevelChoice {
    /// Naked singles alone
    Simple,
    /// Hidden singles too
    Easy,
    /// Replaced: a level of the search
    Medium,
    /// Locked candidates, naked and hidden pairs
    Intermediate,
    /// Replaced: a level of the search
    Hard,
    /// Anything harder: fish, wings, chains, bifurcation
    Expert,
}

/// The sides `generate` makes puzzles of: 4 to 36 (a prime side has no
/// boxes, so it needs `--boxes none` or `--variant jigsaw`, which the rules
/// check).
fn parse_size(text: &str) -> Result<Size, String> {
    text.parse().ok().and_then(Size::from_side).ok_or_else(|| {
        format!(
            "`{text}` is not a side to generate: use {} to {}",
            Size::MIN_SIDE,
            Size::MAX_SIDE
        )
    })
}

/// Reads a named shape of `--shape`, its names listed in `--help`.
pub fn shape_parser() -> impl TypedValueParser<Value = NamedShape> {
    PossibleValuesParser::new(NamedShape::ALL.map(NamedShape::name))
        .try_map(|name| NamedShape::from_name(&name).ok_or("not a shape"))
}

/// Reads a rule by the name the library gives it, or `killer` or `jigsaw`.
fn variant_parser() -> impl TypedValueParser<Value = GenerateRule> {
    let names = Variant::ALL
        .map(Variant::name)
        .into_iter()
        .chain(["killer", "jigsaw", "samurai"])
        .chain(Decoration::ALL.map(Decoration::name));
    PossibleValuesParser::new(names).try_map(|name| {
        match name.as_str() {
            "killer" => return Ok(GenerateRule::Killer),
            "jigsaw" => return Ok(GenerateRule::Jigsaw),
            "samurai" => return Ok(GenerateRule::Samurai),
            _ => {}
        }
        if let Some(decoration) = Decoration::ALL.into_iter().find(|d| d.name() == name) {
            return Ok(GenerateRule::Decoration(decoration));
        }
        Variant::ALL
            .into_iter()
            .find(|variant| variant.name() == name)
            .map(GenerateRule::Rule)
            .ok_or("not a variant rule")
    })
}

impl GenerateArgs {
    /// True for `--variant killer`.
    pub fn killer(&self) -> bool {
        self.variant.contains(&GenerateRule::Killer)
    }

    /// The shape of `--shape`, or of `--variant samurai`.
    pub fn named_shape(&self) -> Option<NamedShape> {
        let samurai = self.variant.contains(&GenerateRule::Samurai);
        self.shape.or(samurai.then_some(NamedShape::Samurai))
    }

    /// The layout asked for; unless one was, `line` (a JSON description
    /// for puzzles with rules of their own), or for a shape without drawn
    /// rules the block of its frame's lines.
    pub fn layout(&self) -> Layout {
        match self.named_shape() {
            // A block of the frame's lines cannot carry drawn rules.
            Some(_) if self.decorations().is_empty() => self.format.unwrap_or(Layout::Grid),
            _ => self.format.unwrap_or(Layout::Line),
        }
    }

    /// Why puzzles of a shape cannot be made as asked, if they cannot: a
    /// shape is made of 9x9 grids with their own boxes.
    pub fn shape_refused(&self) -> Option<String> {
        let name = self.named_shape()?.name();
        if self.killer() || self.jigsaw() || self.boxes.is_some() || self.size.side() != 9 {
            return Some(format!(
                "a {name} is made of 9x9 grids with their own boxes: it takes no --size, no \
                 --boxes, and no killer or jigsaw rule"
            ));
        }
        None
    }

    /// True for `--variant jigsaw`.
    pub fn jigsaw(&self) -> bool {
        self.variant.contains(&GenerateRule::Jigsaw)
    }

    /// The rules of `--variant thermometer`, `kropki` and `xv`, drawn on
    /// each puzzle's solution.
    pub fn decorations(&self) -> Vec<Decoration> {
        self.variant
            .iter()
            .filter_map(|rule| match rule {
                GenerateRule::Decoration(decoration) => Some(*decoration),
                _ => None,
            })
            .collect()
    }

    /// The rules the puzzles obey.
    pub fn rules(&self) -> Rules {
        Rules {
            boxes: self.boxes.clone().unwrap_or_default(),
            variants: self
                .variant
                .iter()
                .filter_map(|rule| match rule {
                    GenerateRule::Rule(variant) => Some(*variant),
                    GenerateRule::Killer
                    | GenerateRule::Jigsaw
                    | GenerateRule::Samurai
                    | GenerateRule::Decoration(_) => None,
                })
                .collect(),
            shape: self.named_shape().map_or(Shape::Square, Shape::Named),
            ..Rules::classic()
        }
    }

    /// The puzzle the options ask for.
    pub fn spec(&self) -> PuzzleSpec {
        PuzzleSpec {
            size: self.size,
            symmetry: match self.symmetry {
                SymmetryChoice::None => Symmetry::None,
                SymmetryChoice::Rot180 => Symmetry::Rot180,
                SymmetryChoice::Rot90 => Symmetry::Rot90,
                SymmetryChoice::Mirror => Symmetry::Mirror,
                SymmetryChoice::Diagonal => Symmetry::Diagonal,
            },
            min_givens: self.min_givens.unwrap_or(0),
            max_givens: self.max_givens,
            // Levels are judged on the logical solve path, after the
            // generator: see `technique_level`.
            difficulty: None,
            rate: self.rate,
            ..PuzzleSpec::default()
        }
    }
}

impl GenerateArgs {
    /// The level of the hardest technique asked for.
    pub fn technique_level(&self) -> Option<LogicLevel> {
        self.difficulty.map(|level| match level {
            LevelChoice::Simple => LogicLevel::Simple,
            LevelChoice::Easy => LogicLevel::Easy,
            LevelChoice::Intermediate => LogicLevel::Intermediate,
            LevelChoice::Medium | LevelChoice::Hard | LevelChoice::Expert => LogicLevel::Expert,
        })
    }

    /// Why the level or the method asked for cannot be honoured, if it
    /// cannot.
    pub fn level_refused(&self) -> Option<String> {
        if self.method == Some(RateMethod::Search) {
            return Some(METHOD_SEARCH_REPLACED.to_string());
        }
        let level = self.difficulty?;
        let name = level.to_possible_value()?.get_name().to_string();
        match level {
            LevelChoice::Medium | LevelChoice::Hard => Some(format!(
                "--difficulty {name} was a level of the search, which is replaced: the levels \
                 are those of the hardest technique needed, simple, easy, intermediate and \
                 expert (see `sudoku-dlx rate --help`)"
            )),
            _ => None,
        }
    }
}

/// Layouts of generated grids.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Layout {
    /// The whole grid on one line
    Line,
    /// One row per line with box borders, a blank line after each grid
    Grid,
    /// JSON lines: one object per item with its number, the seed, the
    /// puzzle, its solution, its givens and its rating
    Json,
    /// CSV with a header row: one row per item, the fields of json
    Csv,
    /// One SVG picture per item
    Svg,
    /// One printable HTML page with every item as a picture
    Html,
}

/// Reads `--boxes`: `RxC` or `none`.
pub fn parse_boxes(text: &str) -> Result<Boxes, String> {
    if text.eq_ignore_ascii_case("none") {
        return Ok(Boxes::None);
    }
    let shape = text
        .split_once(['x', 'X'])
        .and_then(|(rows, columns)| Some((rows.parse().ok()?, columns.parse().ok()?)));
    match shape {
        Some((rows, columns)) if rows >= 2 && columns >= 2 => Ok(Boxes::Shape { rows, columns }),
        _ => Err(format!(
            "expected RxC (rows by columns of one box, each at least 2, such as 2x3) or none; found {text:?}"
        )),
    }
}
