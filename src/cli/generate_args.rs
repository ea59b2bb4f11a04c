//! The grammar of `generate`: its options, checked by clap, and the puzzle
//! they ask for. Kept apart from the command itself, which only runs them.

use clap::{Args, ValueEnum};
use sudoku_dlx::{Level, PuzzleSpec, Size, Symmetry};

/// Examples shown by `generate --help`.
pub const GENERATE_EXAMPLES: &str = "\
Examples:
  sudoku-dlx generate -n 10 --seed 42              ten minimal 9x9 puzzles, half-turn symmetric
  sudoku-dlx generate --difficulty expert --rate   a hard one, with its rating
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
    /// Side of the grid: 4, 9, 16 or 25 (a minimal 25x25 puzzle can take
    /// minutes: add --min-givens 350 or so)
    #[arg(long, value_name = "SIDE", default_value = "9", value_parser = parse_size)]
    pub size: Size,
    /// Which cells are blanked together
    #[arg(long, value_enum, default_value_t = SymmetryChoice::Rot180)]
    pub symmetry: SymmetryChoice,
    /// Stop blanking at K givens (the puzzle is then not minimal)
    #[arg(long, value_name = "K")]
    pub min_givens: Option<usize>,
    /// Keep only puzzles with at most K givens
    #[arg(long, value_name = "K")]
    pub max_givens: Option<usize>,
    /// Keep only puzzles of this level (see `sudoku-dlx rate --help`)
    #[arg(long, value_enum)]
    pub difficulty: Option<LevelChoice>,
    /// Print each puzzle's rating after it (its score and level, in JSON and
    /// CSV)
    #[arg(long, conflicts_with = "solved")]
    pub rate: bool,
    /// Output layout
    #[arg(short, long, value_enum, default_value_t = Layout::Line)]
    pub format: Layout,
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
    /// Make puzzles of a variant: `killer` makes cages with sums and no
    /// givens, each printed as one JSON line (`-f line` or `-f json`)
    #[arg(long, value_enum, conflicts_with_all = ["solved", "rate", "difficulty"])]
    pub variant: Option<GenerateVariant>,
}

/// Variants `generate` makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum GenerateVariant {
    /// Killer Sudoku: cages of 2 to 5 cells with their sums, no givens,
    /// unique; a sum is dropped when the puzzle is proven unique without it
    /// within a node budget
    Killer,
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

/// Difficulty choices.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LevelChoice {
    /// Naked singles alone (score 0)
    Easy,
    /// Hidden singles, no guess (score 1)
    Medium,
    /// A few branch points
    Hard,
    /// Many branch points
    Expert,
}

fn parse_size(text: &str) -> Result<Size, String> {
    text.parse()
        .ok()
        .and_then(Size::from_side)
        .ok_or_else(|| format!("`{text}` is not a supported side: use 4, 9, 16 or 25"))
}

impl GenerateArgs {
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
            difficulty: self.difficulty.map(|level| match level {
                LevelChoice::Easy => Level::Easy,
                LevelChoice::Medium => Level::Medium,
                LevelChoice::Hard => Level::Hard,
                LevelChoice::Expert => Level::Expert,
            }),
            rate: self.rate,
            ..PuzzleSpec::default()
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
