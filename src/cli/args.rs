//! The command-line grammar, declared with clap, and its check into a
//! [`Config`] before any work starts.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};
use clap_complete::Shell;
use sudoku_dlx::{
    Alphabet, Boxes, InputFormat, NamedShape, PuzzleReader, Rules, Shape, Size, Variant,
};

use super::collection_args::{
    CanonFormat, OrderChoice, StatsFormat, CANON_EXAMPLES, STATS_EXAMPLES,
};
use super::explain_args::{ExplainConfig, Mode, EXPLAIN_EXAMPLES};
use super::generate_args::{
    parse_boxes, shape_parser, GenerateArgs, Layout, RateMethod, GENERATE_EXAMPLES, MAX_JOBS,
};

const SOLVE_EXAMPLES: &str = "\
Examples:
  sudoku-dlx solve puzzles/inkala.txt              solve every puzzle of a file
  sudoku-dlx solve -f json --stats kaggle.csv      JSON lines out, a summary on stderr
  sudoku-dlx solve --all --limit 10 puzzle.txt     list up to 10 solutions each";

const COUNT_EXAMPLES: &str = "\
Examples:
  sudoku-dlx count --limit 2 puzzles.txt           1 for unique puzzles, 2+ otherwise
  sudoku-dlx count puzzles/seed-4x4-six.txt        every solution of a 4x4 grid";

const CANDIDATES_EXAMPLES: &str = "\
The candidates of a cell are the digits it holds in at least one solution.
One search looks for a solution, then each candidate no solution found so far
holds gets a search with it placed. --limit bounds the number of searches; a
cut-short answer lists the digits not yet ruled out (not all proven possible)
and its JSON count of solutions seen ends in `+`.

Exit status: as count: 0 answered; 1 some puzzle has no solution, breaks the
rules, or was cut short by --max-nodes (the puzzle's budget, shared by all its
searches); 2 bad usage or input.

Examples:
  sudoku-dlx candidates puzzle.txt                 one line per puzzle: each cell's candidates
  sudoku-dlx candidates -f json --variant x p.txt  {\"candidates\": [...], \"solutions\": \"3\"}";

const CHECK_EXAMPLES: &str = "\
Examples:
  sudoku-dlx check puzzles/seed-4x4-filled.txt     does a filled grid obey the rules?
  sudoku-dlx check puzzles.txt > verdicts || echo 'some puzzles are not unique'
  sudoku-dlx check -f csv puzzles/cases.txt        verify the counts and solutions it claims
  sudoku-dlx check --minimal --symmetry p.txt      `unique minimal symmetry: rotational-180`;
                                                   not minimal (a given can go) exits with 1";

const EXAMPLES: &str = "\
Examples:
  sudoku-dlx solve puzzles/inkala.txt              solve every puzzle of a file
  sudoku-dlx check -f json games.xml > verdicts    any input format, JSON lines out
  sudoku-dlx count --stats puzzles/cases.txt       solution counts and a summary";

const COMPLETIONS_EXAMPLES: &str = "\
Examples:
  sudoku-dlx completions bash > ~/.local/share/bash-completion/completions/sudoku-dlx
  sudoku-dlx completions zsh > ~/.zfunc/_sudoku-dlx
  sudoku-dlx completions fish > ~/.config/fish/completions/sudoku-dlx.fish";

const MAN_EXAMPLES: &str = "\
Examples:
  sudoku-dlx man | man -l -                        read the manual
  sudoku-dlx man --dir ~/.local/share/man/man1     install a page per command";

const RATE_EXAMPLES: &str = "\
Each puzzle gets `LEVEL: HARDEST; N branches`. The level is that of the
hardest technique a logical solve path needs (see `explain`), on qqwing's
names: simple (naked singles), easy (hidden singles), intermediate (locked
candidates, naked and hidden pairs), expert (anything harder: fish, wings,
chains, a bifurcation), and HARDEST names that technique. The branches are
the search effort: the branch points of the dancing-links search that solves
the puzzle and proves it unique. JSON and CSV carry `level`, `hardest` and
`branches`. Shapes of several grids are rated the same way.

Exit status: 0 every puzzle rated; 1 some puzzle has no solution or several, or
was left undecided by --max-nodes; 2 bad usage or input.

Examples:
  sudoku-dlx rate puzzles.txt                      one rating line per puzzle
  sudoku-dlx generate -n 100 | sudoku-dlx rate | cut -d: -f1 | sort | uniq -c";

/// Sudoku solver built on Dancing Links (Knuth's Algorithm X).
///
/// Reads puzzles from files or standard input, 4x4 to 36x36: one per line or
/// as grid blocks, SadMan .sdk, Simple Sudoku .ss, .sdm, OpenSudoku XML, CSV,
/// puzzle:count:solution lines, and JSON descriptions and f-puzzles exports
/// with their own rules, and prints exactly one record per puzzle,
/// in order, as text, JSON lines or CSV.
/// Exit status: 0 all answered, 1 some puzzle unsolvable (or, for check and
/// --unique, not unique or breaking the rules), 2 bad usage or input or a
/// full or closed standard output, 128 + N ended by signal N (SIGINT 130).
/// A closed pipe downstream (`| head`) is a normal end.
#[derive(Debug, Parser)]
#[command(name = "sudoku-dlx", version, about, long_about, after_help = EXAMPLES)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Print a solution of each puzzle (or every one, with --all)
    #[command(after_help = SOLVE_EXAMPLES)]
    Solve {
        /// Print every solution, up to --limit, as one group per puzzle:
        /// `# FILE:LINE`, the solutions as they are found (or a status word),
        /// then `# N solutions`. Groups are written in input order on one
        /// thread, whatever -j says; -f csv cannot hold them and is refused
        #[arg(long)]
        all: bool,
        /// With --all: stop after this many solutions of one puzzle
        #[arg(long, value_name = "N", default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..), requires = "all")]
        limit: u64,
        /// Treat a puzzle with more than one solution as a failure ("multiple")
        #[arg(long, conflicts_with = "all")]
        unique: bool,
        #[command(flatten)]
        common: Common,
    },
    /// Print the number of solutions of each puzzle, as N+ when --limit stops the count
    #[command(after_help = COUNT_EXAMPLES)]
    Count {
        /// Stop counting at this many solutions
        #[arg(long, value_name = "N", default_value_t = DEFAULT_COUNT_LIMIT, value_parser = clap::value_parser!(u64).range(1..))]
        limit: u64,
        #[command(flatten)]
        common: Common,
    },
    /// Print the true candidates of each cell: the digits it holds in some solution
    #[command(after_help = CANDIDATES_EXAMPLES)]
    Candidates {
        /// Stop after this many searches (one per candidate still
        /// undecided); the answer is then partial, its count written N+
        #[arg(long, value_name = "N", default_value_t = DEFAULT_COUNT_LIMIT, value_parser = clap::value_parser!(u64).range(1..))]
        limit: u64,
        #[command(flatten)]
        common: Common,
    },
    /// Check each grid: a filled grid against the rules, a partial grid for a unique solution
    #[command(after_help = CHECK_EXAMPLES)]
    Check {
        /// Also require every given to be needed: a unique puzzle from
        /// which a given can go fails as not-minimal, naming each one
        /// (`r4c7=3 can go`)
        #[arg(long)]
        minimal: bool,
        /// Also name the symmetries of the pattern of givens (rotational-180,
        /// mirror-vertical, ... or none)
        #[arg(long)]
        symmetry: bool,
        #[command(flatten)]
        common: Common,
    },
    /// Print a shell completion script
    #[command(after_help = COMPLETIONS_EXAMPLES)]
    Completions {
        /// The shell to complete in
        #[arg(value_enum)]
        shell: Shell,
    },
    /// Make random puzzles with exactly one solution, or complete grids with --solved
    #[command(after_help = GENERATE_EXAMPLES)]
    Generate(GenerateArgs),
    /// Print the manual page, or write one page per command with --dir
    #[command(after_help = MAN_EXAMPLES)]
    Man {
        /// Write sudoku-dlx.1 and one page per command (sudoku-dlx-solve.1,
        /// ...) into this directory instead
        #[arg(long, value_name = "DIR", value_hint = clap::ValueHint::DirPath)]
        dir: Option<PathBuf>,
    },
    /// Print the difficulty of each puzzle: simple, easy, intermediate or expert, and the search's branches
    #[command(after_help = RATE_EXAMPLES)]
    Rate {
        /// Kept for old scripts: every rating gives both the hardest
        /// technique's level and the search's branches
        #[arg(long, value_enum, default_value_t = RateMethod::Search, hide = true)]
        method: RateMethod,
        #[command(flatten)]
        common: Common,
    },
    /// Print a logical solve path of each puzzle, one step a line
    #[command(after_help = EXPLAIN_EXAMPLES)]
    Explain(ExplainArgs),
    /// Print the next logical step of each puzzle or pencilmark position
    #[command(after_help = EXPLAIN_EXAMPLES)]
    Hint(ExplainArgs),
    /// Print the canonical form (minlex) of each puzzle, or with --dedupe the first of each class
    #[command(after_help = CANON_EXAMPLES)]
    Canon(CanonArgs),
    /// Summarise a collection: solution counts, givens, levels, classes, minimal puzzles
    #[command(after_help = STATS_EXAMPLES)]
    Stats(StatsArgs),
}

/// Output formats of the logical solver.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ExplainFormat {
    /// One step a line, then a summary
    Text,
    /// JSON lines: one object per puzzle
    Json,
}

/// The flags of `explain` and `hint`.
#[derive(Debug, Args)]
pub struct ExplainArgs {
    /// Puzzle or pencilmark files; `-` or nothing reads standard input
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Output layout
    #[arg(short, long, value_enum, default_value_t = ExplainFormat::Text)]
    pub format: ExplainFormat,
    /// The format of puzzle input (pencilmarks are detected)
    #[arg(short, long, value_enum, default_value_t = InputChoice::Auto)]
    pub input_format: InputChoice,
    /// Variant rules added to rows, columns and boxes, as a comma list
    #[arg(long, value_enum, value_name = "RULES", value_delimiter = ',')]
    pub variant: Vec<VariantChoice>,
    /// The boxes: R rows by C columns each (R x C = the side), or "none" for
    /// a Latin square [default: the most square RxC with R <= C]
    #[arg(long, value_name = "RxC|none", value_parser = parse_boxes)]
    pub boxes: Option<Boxes>,
    /// A shape of several 9x9 grids in one frame, read as a block of the
    /// frame's lines (a space where it has no cell) or its cells on one line;
    /// detected without this flag when the holes match one shape
    #[arg(long, value_name = "NAME", value_parser = shape_parser())]
    pub shape: Option<NamedShape>,
    /// Print no per-puzzle message on standard error
    #[arg(short, long)]
    pub quiet: bool,
}

/// The rules `--boxes`, `--variant` and `--shape` give the puzzles that
/// bring none of their own (jigsaw regions come with each line);
/// `--variant samurai` is `--shape samurai`.
pub fn run_rules(
    boxes: Option<&Boxes>,
    variants: &[VariantChoice],
    shape: Option<NamedShape>,
) -> Rules {
    let samurai = variants
        .contains(&VariantChoice::Samurai)
        .then_some(NamedShape::Samurai);
    Rules {
        boxes: boxes.cloned().unwrap_or_default(),
        variants: variants.iter().filter_map(|choice| choice.rule()).collect(),
        shape: shape.or(samurai).map_or(Shape::Square, Shape::Named),
        ..Rules::default()
    }
}

/// Why the shape asked for (by `--shape` or `--variant samurai`) cannot be
/// used with the other flags, if it cannot.
fn shape_refused(
    shape: Option<NamedShape>,
    variants: &[VariantChoice],
    boxes: Option<&Boxes>,
    input: InputChoice,
) -> Option<&'static str> {
    if shape.is_none() && !variants.contains(&VariantChoice::Samurai) {
        return None;
    }
    if boxes.is_some() || variants.contains(&VariantChoice::Jigsaw) {
        return Some(
            "a shape has the boxes of its grids: --shape cannot be used with --boxes or \
             --variant jigsaw",
        );
    }
    if !matches!(input.format(), InputFormat::Auto | InputFormat::Plain) {
        return Some(
            "--shape reads blocks of the frame's lines or cells on one line: use -i auto or \
             -i plain (a JSON description gives its own \"shape\")",
        );
    }
    None
}

impl ExplainArgs {
    /// The configuration of `mode` from these flags.
    pub fn config(self, mode: Mode) -> ExplainConfig {
        ExplainConfig {
            mode,
            files: self.files,
            json: self.format == ExplainFormat::Json,
            input_format: self.input_format.format(),
            alphabet: None,
            rules: run_rules(self.boxes.as_ref(), &self.variant, self.shape),
            jigsaw: self.variant.contains(&VariantChoice::Jigsaw),
            quiet: self.quiet,
        }
    }
}

/// The default limit of `count`: high enough for every 4x4 grid (288
/// solutions at most), low enough that an empty 9x9 grid is counted to it
/// well within a second.
pub const DEFAULT_COUNT_LIMIT: u64 = 100_000;

/// The default node budget of one puzzle's search: far more than any 9x9
/// puzzle needs (the hardest public ones take thousands), and a few seconds
/// of search, so that a pathological sparse 16x16 or 25x25 puzzle ends with
/// an answer of "undecided" rather than a stalled run.
pub const DEFAULT_MAX_NODES: u64 = 20_000_000;

/// The flags of reading a collection, shared by `canon` and `stats`.
#[derive(Debug, Args)]
pub struct CollectionInput {
    /// Puzzle files; `-` or nothing reads standard input
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// The format of the input; by default detected from its first lines
    #[arg(short, long, value_enum, default_value_t = InputChoice::Auto)]
    pub input_format: InputChoice,
    /// The symbols puzzles are written in
    #[arg(long, value_enum, default_value_t = AlphabetChoice::Auto)]
    pub alphabet: AlphabetChoice,
    /// The boxes: R rows by C columns each (R x C = the side)
    #[arg(long, value_name = "RxC|none", value_parser = parse_boxes)]
    pub boxes: Option<Boxes>,
    /// Variant rules of the puzzles that do not give their own (canon
    /// takes x alone, up to 9x9, and refuses the others)
    #[arg(long, value_enum, value_name = "RULES", value_delimiter = ',')]
    pub variant: Vec<VariantChoice>,
    /// Print no per-puzzle message on standard error
    #[arg(short, long)]
    pub quiet: bool,
}

/// The flags of `canon`.
#[derive(Debug, Args)]
pub struct CanonArgs {
    #[command(flatten)]
    pub input: CollectionInput,
    /// Output layout
    #[arg(short, long, value_enum, default_value_t = CanonFormat::Line)]
    pub format: CanonFormat,
    /// Print only the first puzzle of each class, as written
    #[arg(long)]
    pub dedupe: bool,
    /// Which string is the smallest
    #[arg(long, value_enum, default_value_t = OrderChoice::Lex)]
    pub order: OrderChoice,
    /// Canonicalise on N threads, 1 to 256 [default: the available cores];
    /// the output is the same as with -j 1
    #[arg(short, long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=MAX_JOBS))]
    pub jobs: Option<u16>,
}

/// The flags of `stats`.
#[derive(Debug, Args)]
pub struct StatsArgs {
    #[command(flatten)]
    pub input: CollectionInput,
    /// Output layout
    #[arg(short, long, value_enum, default_value_t = StatsFormat::Text)]
    pub format: StatsFormat,
    /// Give up on a puzzle's search after N nodes (it counts as undecided)
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_NODES)]
    pub max_nodes: u64,
}

/// Options every command takes.
#[derive(Debug, Args)]
pub struct Common {
    /// Puzzle files; `-` or nothing reads standard input
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Output layout; by default each answer takes the layout of its puzzle
    #[arg(short, long, value_enum)]
    pub format: Option<Format>,
    /// The symbols puzzles are written in
    #[arg(long, value_enum, default_value_t = AlphabetChoice::Auto)]
    pub alphabet: AlphabetChoice,
    /// The format of the input; by default detected from its first lines
    #[arg(short, long, value_enum, default_value_t = InputChoice::Auto)]
    pub input_format: InputChoice,
    /// Colour grids on a terminal (auto: when standard output is one and
    /// NO_COLOR is not set)
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto, value_name = "WHEN")]
    pub color: ColorChoice,
    /// With -f html: each puzzle's solutions on the page after it (not
    /// with other formats, nor with rate, which finds no solution)
    #[arg(long)]
    pub with_solutions: bool,
    /// Print no progress bar and no per-puzzle message on standard error,
    /// only a count of the messages left out
    #[arg(short, long)]
    pub quiet: bool,
    /// Print a summary on standard error at the end
    #[arg(long)]
    pub stats: bool,
    /// Write each answer as soon as its record is complete (the default when
    /// standard output is a terminal), for `tail -f FILE | sudoku-dlx solve
    /// --line-buffered`; puzzles are then answered one at a time, whatever
    /// -j says
    #[arg(long)]
    pub line_buffered: bool,
    /// Solve on N threads, 1 to 256 [default: the available cores]; the
    /// output is the same as with -j 1
    #[arg(short, long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=MAX_JOBS))]
    pub jobs: Option<u16>,
    /// Give up on a puzzle after N search nodes and answer "undecided", so
    /// that no puzzle can stall a batch
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_NODES, value_parser = clap::value_parser!(u64).range(1..))]
    pub max_nodes: u64,
    /// Variant rules added to rows, columns and boxes, as a comma list, for
    /// the puzzles that do not give their own (JSON and f-puzzles do)
    #[arg(long, value_enum, value_name = "RULES", value_delimiter = ',')]
    pub variant: Vec<VariantChoice>,
    /// The boxes: R rows by C columns each (R x C = the side), or "none" for
    /// a Latin square [default: the most square RxC with R <= C]
    #[arg(long, value_name = "RxC|none", value_parser = parse_boxes)]
    pub boxes: Option<Boxes>,
    /// A shape of several 9x9 grids in one frame, read as a block of the
    /// frame's lines (a space where it has no cell) or its cells on one line;
    /// detected without this flag when the holes match one shape
    #[arg(long, value_name = "NAME", value_parser = shape_parser())]
    pub shape: Option<NamedShape>,
}

/// The variant rules, for `--variant`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum VariantChoice {
    /// Both main diagonals hold every digit once (X-Sudoku)
    X,
    /// The four extra 3x3 windows of a 9x9 grid hold every digit once
    Hyper,
    /// The cells at the same place of every box hold every digit once
    Disjoint,
    /// Cells a king's move apart differ
    AntiKing,
    /// Cells a knight's move apart differ
    AntiKnight,
    /// Orthogonal neighbours differ by more than 1
    NonConsecutive,
    /// Irregular regions replace the boxes: each line is GIVENS REGIONS,
    /// one region label per cell after the givens
    Jigsaw,
    /// Samurai: the same as --shape samurai
    Samurai,
}

impl VariantChoice {
    /// The rule of the library; `None` for jigsaw, which is a shape.
    pub fn rule(self) -> Option<Variant> {
        match self {
            VariantChoice::X => Some(Variant::X),
            VariantChoice::Hyper => Some(Variant::Hyper),
            VariantChoice::Disjoint => Some(Variant::Disjoint),
            VariantChoice::AntiKing => Some(Variant::AntiKing),
            VariantChoice::AntiKnight => Some(Variant::AntiKnight),
            VariantChoice::NonConsecutive => Some(Variant::NonConsecutive),
            VariantChoice::Jigsaw | VariantChoice::Samurai => None,
        }
    }
}

/// Input format choices.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum InputChoice {
    /// Detect the format from the first lines of each input
    Auto,
    /// Puzzles on one line or as grid blocks
    Plain,
    /// SadMan .sdk: #A, #D... header lines, then the grid
    Sdk,
    /// Simple Sudoku .ss, plain or in its print form (read as plain)
    Ss,
    /// One puzzle per line (read as plain)
    Sdm,
    /// OpenSudoku XML: <game data='...'/>
    Opensudoku,
    /// CSV: a puzzle column and an optional solution column
    Csv,
    /// puzzle:count:solution lines
    Colon,
    /// JSON puzzle descriptions with their rules, one object per line
    /// (detected from a leading `{`)
    Json,
    /// f-puzzles exports: their JSON or the base64 string the site shares
    Fpuzzles,
}

impl InputChoice {
    /// The format to read inputs in.
    pub fn format(self) -> InputFormat {
        match self {
            InputChoice::Auto => InputFormat::Auto,
            InputChoice::Plain | InputChoice::Ss | InputChoice::Sdm => InputFormat::Plain,
            InputChoice::Sdk => InputFormat::Sdk,
            InputChoice::Opensudoku => InputFormat::OpenSudoku,
            InputChoice::Csv => InputFormat::Csv,
            InputChoice::Colon => InputFormat::Colon,
            InputChoice::Json => InputFormat::Json,
            InputChoice::Fpuzzles => InputFormat::FPuzzles,
        }
    }
}

/// When to colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    /// When standard output is a terminal and NO_COLOR is not set
    Auto,
    /// Always, even into a pipe
    Always,
    /// Never
    Never,
}

/// Output layouts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// The whole grid on one line
    Line,
    /// One row per line with box borders, a blank line after each grid
    Grid,
    /// JSON lines: one object per puzzle
    Json,
    /// CSV with a header row: one row per puzzle
    Csv,
    /// One SVG picture per puzzle: givens bold, found digits in colour
    Svg,
    /// One printable HTML page with every puzzle as a picture
    Html,
    /// `html` with `--with-solutions`: each solution on the page after
    /// its puzzle
    #[value(skip)]
    HtmlWithSolutions,
}

/// Alphabet choices.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum AlphabetChoice {
    /// Standard, or hexadecimal for a 16x16 grid that uses 0 as a digit,
    /// or 0 as 36 for a 36x36 grid
    Auto,
    /// 1-9 then A-P; `.`, `0` and `_` are blanks
    Standard,
    /// 0-9 then A-F (16x16); `.` and `_` are blanks
    Hex,
}

impl AlphabetChoice {
    /// The alphabet to force on the reader, if any.
    pub fn forced(self) -> Option<Alphabet> {
        match self {
            AlphabetChoice::Auto => None,
            AlphabetChoice::Standard => Some(Alphabet::STANDARD),
            AlphabetChoice::Hex => Some(Alphabet::HEX),
        }
    }
}

/// What to do with each puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Task {
    /// Print the first solution; with `unique`, prove there is no second.
    Solve { unique: bool },
    /// Print every solution up to `limit`.
    SolveAll { limit: u64 },
    /// Print the number of solutions up to `limit`.
    Count { limit: u64 },
    /// Print a verdict.
    Check,
    /// Print a difficulty rating.
    Rate,
    /// Print the true candidates of each cell, making at most `limit`
    /// searches.
    Candidates { limit: u64 },
}

impl Task {
    /// The command that asks for this task.
    pub fn name(self) -> &'static str {
        match self {
            Task::Solve { .. } | Task::SolveAll { .. } => "solve",
            Task::Count { .. } => "count",
            Task::Check => "check",
            Task::Rate => "rate",
            Task::Candidates { .. } => "candidates",
        }
    }
}

/// A checked configuration: everything a run needs.
#[derive(Debug, Clone)]
pub struct Config {
    pub task: Task,
    pub files: Vec<PathBuf>,
    pub format: Option<Format>,
    pub alphabet: Option<Alphabet>,
    pub input_format: InputFormat,
    pub color: ColorChoice,
    pub quiet: bool,
    pub stats: bool,
    /// Write each answer as soon as its record is complete.
    pub line_buffered: bool,
    /// Threads to answer on (1: the calling thread alone).
    pub jobs: usize,
    /// The node budget of each puzzle: of its search, or of all the
    /// searches `candidates` makes for it together.
    pub max_nodes: u64,
    /// The rules every plain-text puzzle is answered under: `--boxes` and
    /// `--variant`.
    pub rules: Rules,
    /// `--variant jigsaw`: plain lines are `GIVENS REGIONS`.
    pub jigsaw: bool,
    /// `check --minimal`: a unique puzzle must also be minimal.
    pub minimal: bool,
    /// `check --symmetry`: name the symmetries of the givens.
    pub symmetry: bool,
}

impl Config {
    /// A reader of `input` in the alphabet and input format asked for.
    pub fn reader<R: std::io::BufRead>(&self, input: R) -> PuzzleReader<R> {
        PuzzleReader::new(input)
            .with_alphabet(self.alphabet)
            .with_format(self.input_format)
            .with_rules(self.rules.clone())
            .with_jigsaw(self.jigsaw)
    }
}

/// What the command line asks for: answers to puzzles, or new puzzles.
#[derive(Debug)]
pub enum Request {
    /// Read puzzles and answer each.
    Answer(Config),
    /// Make puzzles.
    Generate(GenerateArgs),
    /// Print a completion script for a shell.
    Completions(Shell),
    /// Print the manual page, or write every page into a directory.
    Man(Option<PathBuf>),
    /// Explain or hint.
    Explain(ExplainConfig),
    /// Canonical forms.
    Canon(CanonArgs),
    /// A summary of a collection.
    Stats(StatsArgs),
}

impl Cli {
    /// Turns the parsed flags into a [`Request`], or refuses, as clap does,
    /// the combinations its grammar cannot express.
    pub fn into_request(self) -> Result<Request, clap::Error> {
        if let Command::Solve {
            all: true,
            common:
                Common {
                    format: Some(Format::Csv),
                    ..
                },
            ..
        } = &self.command
        {
            return Err(refuse(
                "--all cannot be written as CSV: its groups are streamed and \
                 their length is not known in advance; use -f json or -f line",
            ));
        }
        if let Command::Candidates { common, .. } = &self.command {
            if let Some(Format::Csv | Format::Svg | Format::Html) = common.format {
                return Err(refuse(
                    "candidates writes -f line, grid or json: its fields are lists of digits",
                ));
            }
        }
        let shaped = match &self.command {
            Command::Explain(args) | Command::Hint(args) => Some((
                args.shape,
                &args.variant[..],
                args.boxes.as_ref(),
                args.input_format,
            )),
            Command::Solve { common, .. }
            | Command::Count { common, .. }
            | Command::Check { common, .. }
            | Command::Rate { common, .. }
            | Command::Candidates { common, .. } => Some((
                common.shape,
                &common.variant[..],
                common.boxes.as_ref(),
                common.input_format,
            )),
            _ => None,
        };
        if let Some(refusal) = shaped.and_then(|(shape, variants, boxes, input)| {
            shape_refused(shape, variants, boxes, input)
        }) {
            return Err(refuse(refusal));
        }
        if let Some(refusal) = self.with_solutions_refused() {
            return Err(refuse(refusal));
        }
        if let Command::Solve { common, .. }
        | Command::Count { common, .. }
        | Command::Check { common, .. }
        | Command::Rate { common, .. } = &self.command
        {
            if common.variant.contains(&VariantChoice::Jigsaw) && common.boxes.is_some() {
                return Err(refuse(
                    "--variant jigsaw gives each puzzle its regions: it cannot be used with --boxes",
                ));
            }
        }
        if let Command::Generate(args) = &self.command {
            if (args.killer() || args.jigsaw())
                && (args.solved || args.rate || args.difficulty.is_some())
            {
                return Err(refuse(
                    "--variant killer and jigsaw make puzzles of their own kind: they cannot be \
                     used with --solved, --rate or --difficulty",
                ));
            }
            if args.jigsaw() && args.boxes.is_some() {
                return Err(refuse(
                    "--variant jigsaw makes regions in place of boxes: it cannot be used with --boxes",
                ));
            }
            if !args.decorations().is_empty() && args.solved {
                return Err(refuse(
                    "--variant thermometer, kropki, xv and arrow draw rules on each puzzle's \
                     solution: they cannot be used with --solved",
                ));
            }
            if args.killer() && args.min_givens.is_some_and(|min| min > 0) {
                return Err(refuse(
                    "--variant killer makes puzzles without givens: it cannot be used with \
                     --min-givens",
                ));
            }
            if args.killer() && !args.decorations().is_empty() {
                return Err(refuse(
                    "--variant killer makes puzzles of cages alone: it cannot be combined with \
                     thermometer, kropki, xv or arrow",
                ));
            }
            let named = args.named_shape();
            if let Some(refusal) = args.shape_refused() {
                return Err(refuse(&refusal));
            }
            let (cells, shape) = match named {
                Some(named) => (
                    Shape::Named(named).frame(Size::NINE).cells(),
                    named.name().to_string(),
                ),
                None => (args.size.cells(), format!("{} grid", args.size)),
            };
            for (name, givens) in [
                ("--min-givens", args.min_givens),
                ("--max-givens", args.max_givens),
            ] {
                if let Some(givens) = givens.filter(|&givens| givens > cells) {
                    return Err(refuse(&format!(
                        "{name} {givens} is above the {cells} cells of a {shape}"
                    )));
                }
            }
            if let Some(refusal) = args.level_refused() {
                return Err(refuse(&refusal));
            }
            if let (Some(min), Some(max)) = (args.min_givens, args.max_givens) {
                if min > max {
                    return Err(refuse(&format!(
                        "--min-givens {min} is above --max-givens {max}"
                    )));
                }
            }
        }
        Ok(self.into_checked_request())
    }

    /// Why `--with-solutions` cannot be honoured, if it cannot: it only
    /// shapes the HTML page, and `rate` finds no solution to put on it.
    fn with_solutions_refused(&self) -> Option<&'static str> {
        let (with_solutions, html) = match &self.command {
            Command::Generate(args) => (args.with_solutions, args.layout() == Layout::Html),
            Command::Rate { common, .. } if common.with_solutions => {
                return Some("--with-solutions cannot be used with rate: rating shows no solution")
            }
            Command::Solve { common, .. }
            | Command::Count { common, .. }
            | Command::Check { common, .. }
            | Command::Candidates { common, .. } => {
                (common.with_solutions, common.format == Some(Format::Html))
            }
            _ => return None,
        };
        (with_solutions && !html).then_some("--with-solutions only applies to -f html")
    }

    fn into_checked_request(self) -> Request {
        let (mut minimal, mut symmetry) = (false, false);
        let (task, common) = match self.command {
            Command::Generate(args) => return Request::Generate(args),
            Command::Solve {
                all: true,
                limit,
                common,
                ..
            } => (Task::SolveAll { limit }, common),
            Command::Solve { unique, common, .. } => (Task::Solve { unique }, common),
            Command::Count { limit, common } => (Task::Count { limit }, common),
            Command::Check {
                minimal: asked_minimal,
                symmetry: asked_symmetry,
                common,
            } => {
                (minimal, symmetry) = (asked_minimal, asked_symmetry);
                (Task::Check, common)
            }
            Command::Candidates { limit, common } => (Task::Candidates { limit }, common),
            Command::Completions { shell } => return Request::Completions(shell),
            Command::Man { dir } => return Request::Man(dir),
            Command::Rate { common, .. } => (Task::Rate, common),
            Command::Explain(args) => return Request::Explain(args.config(Mode::Explain)),
            Command::Hint(args) => return Request::Explain(args.config(Mode::Hint)),
            Command::Canon(args) => return Request::Canon(args),
            Command::Stats(args) => return Request::Stats(args),
        };
        let jigsaw = common.variant.contains(&VariantChoice::Jigsaw);
        Request::Answer(Config {
            task,
            files: common.files,
            format: match common.format {
                Some(Format::Html) if common.with_solutions => Some(Format::HtmlWithSolutions),
                format => format,
            },
            alphabet: common.alphabet.forced(),
            input_format: common.input_format.format(),
            color: common.color,
            quiet: common.quiet,
            stats: common.stats,
            line_buffered: common.line_buffered,
            jobs: common.jobs.map_or_else(
                || std::thread::available_parallelism().map_or(1, usize::from),
                usize::from,
            ),
            max_nodes: common.max_nodes,
            rules: run_rules(common.boxes.as_ref(), &common.variant, common.shape),
            jigsaw,
            minimal,
            symmetry,
        })
    }
}

/// A usage error in clap's words and with its exit status (2).
pub fn refuse(message: &str) -> clap::Error {
    use clap::CommandFactory;
    Cli::command().error(clap::error::ErrorKind::ArgumentConflict, message)
}
