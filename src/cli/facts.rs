//! The facts of one answer: what the search found out about a puzzle, the
//! verdict, where the puzzle came from and how it weighs on the exit status.
//!
//! Answering ([`super::answer`]) produces them; rendering
//! ([`super::render`]), the `--stats` tally and the exit status consume
//! them. Kept apart so that neither side imports the other.

use std::fmt::Write as _;

use sudoku_dlx::{Cell, Grid, LogicLevel, PatternSymmetry, Rating, Technique, TrueCandidates};

use super::args::Format;

/// How a puzzle weighs on the exit status; the worst of a run decides it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub enum Status {
    /// Answered as asked: exit status 0.
    #[default]
    Answered = 0,
    /// No solution, or (for check and --unique) not unique or against the
    /// rules: exit status 1.
    Failed = 1,
    /// Unreadable or unparseable input, or bad usage: exit status 2.
    BadInput = 2,
}

/// What the answer says about the puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Verdict {
    /// At least one solution (and, when the task proved it, only one).
    #[default]
    Solved,
    /// More than one solution.
    Multiple,
    /// No solution.
    Unsolvable,
    /// Unreadable, or givens against the rules.
    Invalid,
    /// A filled grid that obeys the rules (check).
    Valid,
    /// Exactly one solution (check).
    Unique,
    /// Not what the input claimed: another count or another solution (check).
    Mismatch,
    /// The search ran out of its node budget (--max-nodes) before the
    /// answer was known.
    Undecided,
    /// Rated: exactly one solution, and a difficulty (rate).
    Rated,
    /// Exactly one solution, but a given can go (check --minimal).
    NotMinimal,
}

impl Verdict {
    /// The status word of the verdict.
    pub fn word(self) -> &'static str {
        match self {
            Verdict::Solved => "solved",
            Verdict::Multiple => "multiple",
            Verdict::Unsolvable => "unsolvable",
            Verdict::Invalid => "invalid",
            Verdict::Valid => "valid",
            Verdict::Unique => "unique",
            Verdict::Mismatch => "mismatch",
            Verdict::Undecided => "undecided",
            Verdict::Rated => "rated",
            Verdict::NotMinimal => "not-minimal",
        }
    }
}

/// What the search found out about one puzzle, for every output format.
#[derive(Debug, Default)]
pub struct Facts {
    /// The verdict.
    pub verdict: Verdict,
    /// Solutions to print: the first, or every one with --all. Only the
    /// first `kept` are meaningful; the rest are storage kept for reuse.
    pub solutions: Vec<Grid>,
    /// How many of `solutions` belong to this puzzle.
    pub kept: usize,
    /// Solutions found, when the puzzle was searched.
    pub found: Option<u64>,
    /// The search stopped at its limit, so there may be more solutions.
    pub stopped_at_limit: bool,
    /// No second solution exists: the search went through the whole tree.
    pub proven_unique: bool,
    /// The search stopped at its node budget (--max-nodes).
    pub gave_up: bool,
    /// A signal stopped the search (solve --all).
    pub interrupted: bool,
    /// Search nodes spent.
    pub nodes: u64,
    /// Why the verdict is a failure, for messages; empty otherwise.
    pub reason: String,
    /// The column of a parse error.
    pub column: Option<usize>,
    /// The search's rating (rate): its branches are the search effort.
    pub rating: Option<Rating>,
    /// The level a player means (rate): that of the hardest technique of a
    /// logical solve path.
    pub level: Option<PlayerLevel>,
    /// The true candidates (candidates), when a solution was found.
    pub candidates: Option<TrueCandidates>,
    /// Unique and no given can go (check --minimal): false for a puzzle
    /// that is not unique.
    pub minimal: Option<bool>,
    /// The givens that can each go, with their digits (check --minimal),
    /// when minimality was decided.
    pub redundant: Option<Vec<(Cell, u8)>>,
    /// The symmetries of the pattern of givens (check --symmetry).
    pub symmetries: Option<Vec<PatternSymmetry>>,
}

impl Facts {
    fn clear(&mut self) {
        self.verdict = Verdict::Solved;
        self.kept = 0;
        self.found = None;
        self.stopped_at_limit = false;
        self.proven_unique = false;
        self.gave_up = false;
        self.interrupted = false;
        self.nodes = 0;
        self.reason.clear();
        self.column = None;
        self.rating = None;
        self.level = None;
        self.candidates = None;
        self.minimal = None;
        self.redundant = None;
        self.symmetries = None;
    }

    /// The solutions of this puzzle.
    pub fn solutions(&self) -> &[Grid] {
        &self.solutions[..self.kept]
    }

    pub fn keep(&mut self, solution: &Grid) {
        if self.kept == self.solutions.len() {
            self.solutions.push(solution.clone());
        } else {
            // Copied cell by cell: a derived `clone_from` would allocate.
            let kept = &mut self.solutions[self.kept];
            kept.clear_cells(solution.size(), solution.cells().len());
            for (cell, &value) in solution.cells().iter().enumerate() {
                kept.set(cell, value);
            }
        }
        self.kept += 1;
    }

    pub fn fail(&mut self, verdict: Verdict, why: &dyn std::fmt::Display) {
        self.verdict = verdict;
        self.reason.clear();
        let _ = write!(self.reason, "{why}");
    }
}

/// The level a player means: the hardest technique a logical solve path
/// needs, on qqwing's scale.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayerLevel {
    /// qqwing's level of the hardest technique.
    pub level: LogicLevel,
    /// The hardest technique; `None` when the puzzle came filled.
    pub hardest: Option<Technique>,
}

impl Facts {
    /// The rating in words, for text and pictures; see [`rating_text`].
    pub fn rating_text(&self) -> Option<String> {
        Some(rating_text(self.rating?, self.level))
    }
}

/// A rating in words: `LEVEL: HARDEST; N branches`, or for a puzzle rated
/// by the search alone `SCORE LEVEL`.
pub fn rating_text(rating: Rating, level: Option<PlayerLevel>) -> String {
    match level {
        Some(found) => format!(
            "{}: {}; {} branches",
            found.level,
            found.hardest.map_or("none", Technique::name),
            rating.branches()
        ),
        None => rating.to_string(),
    }
}

/// The text and status of one answer.
#[derive(Debug, Default)]
pub struct Answer {
    /// For standard output.
    pub out: Vec<u8>,
    /// For standard error.
    pub err: Vec<u8>,
    /// Its weight on the exit status.
    pub status: Status,
    /// What was found out.
    pub facts: Facts,
    /// Buffers of the renderers, kept for reuse.
    pub scratch: Scratch,
}

impl Answer {
    /// Empties the answer for the next puzzle, keeping its buffers.
    pub fn clear(&mut self) {
        self.out.clear();
        self.err.clear();
        self.status = Status::Answered;
        self.facts.clear();
    }
}

/// How answers are written: the format, and whether in colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Output {
    /// The format asked for; by default that of each puzzle.
    pub format: Option<Format>,
    /// Colour grids with terminal escape codes.
    pub color: bool,
}

/// Where a puzzle came from, for messages: `file:line`.
#[derive(Debug, Clone, Copy)]
pub struct Place<'a> {
    pub source: &'a str,
    pub line: u64,
}

impl std::fmt::Display for Place<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}", self.source, self.line)
    }
}

/// Buffers the renderers keep from one answer to the next.
#[derive(Debug, Default)]
pub struct Scratch {
    /// The puzzle and its solutions, one after the other, as text.
    pub text: Vec<u8>,
    /// Small fields written as text: numbers, joined solutions.
    pub field: Vec<u8>,
}
