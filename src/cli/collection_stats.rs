//! `stats`: a summary of a whole collection in one pass (how many puzzles
//! have one solution, several, none; the numbers of givens; the levels of
//! their logical solve paths; how many classes of equivalent puzzles;
//! how many are minimal), in text or as one JSON object. Not to be
//! confused with `--stats` ([`super::stats`]), the summary of a run of the
//! other commands.

use std::collections::{BTreeMap, HashSet};
use std::io::{self, Write};

use serde_json::json;
use sudoku_dlx::{
    redundant_givens, Canonicalizer, Explainer, Geometry, LogicLevel, ParseError, Record, Rules,
    Size, Solver,
};

use super::args::StatsArgs;
use super::collection::each_record;
use super::collection_args::StatsFormat;
use super::collection_chart;
use super::facts::Status;

/// The levels of the logical solve paths, easiest first.
const LEVELS: [LogicLevel; 4] = [
    LogicLevel::Simple,
    LogicLevel::Easy,
    LogicLevel::Intermediate,
    LogicLevel::Expert,
];

/// The tally of a collection.
#[derive(Debug, Default)]
struct Summary {
    puzzles: u64,
    unique: u64,
    several: u64,
    none: u64,
    invalid: u64,
    undecided: u64,
    /// Puzzles with a canonical form, and the forms seen.
    canonical: u64,
    classes: HashSet<Vec<u8>>,
    minimal: u64,
    givens: BTreeMap<usize, u64>,
    /// Unique puzzles by the level of their hardest technique, easiest
    /// first.
    levels: [u64; LEVELS.len()],
}

/// What a run keeps from record to record.
struct Run {
    summary: Summary,
    solver: Solver,
    explainer: Explainer,
    canonicalizer: Canonicalizer,
    /// The geometry of the last rules and size met.
    shape: Option<(Size, Rules, Result<Geometry, String>)>,
    quiet: bool,
}

/// Summarises every record of every input and prints the summary.
pub fn main(args: &StatsArgs) -> anyhow::Result<Status> {
    let mut solver = Solver::new();
    solver.set_node_budget(Some(args.max_nodes));
    let mut run = Run {
        summary: Summary::default(),
        solver,
        explainer: Explainer::new(),
        canonicalizer: Canonicalizer::new(),
        shape: None,
        quiet: args.input.quiet,
    };
    let status = each_record(&args.input, |source, read| {
        run.add(source, read);
        Ok(())
    })?;
    let mut out = io::stdout().lock();
    let s = &run.summary;
    match args.format {
        StatsFormat::Json => {
            let givens: BTreeMap<String, u64> =
                s.givens.iter().map(|(k, v)| (k.to_string(), *v)).collect();
            let levels: BTreeMap<&str, u64> =
                LEVELS.iter().map(|l| l.name()).zip(s.levels).collect();
            let object = json!({
                "puzzles": s.puzzles, "unique": s.unique, "several": s.several,
                "none": s.none, "invalid": s.invalid, "undecided": s.undecided,
                "canonical": s.canonical, "classes": s.classes.len(),
                "minimal": s.minimal, "givens": givens, "levels": levels,
            });
            writeln!(out, "{object}")?;
        }
        StatsFormat::Text => write_text(&mut out, s)?,
        StatsFormat::Html => collection_chart::write_page(&mut out, &counts(s), &histograms(s))?,
    }
    out.flush()?;
    Ok(status)
}

/// The counts of the summary, in the order they are shown.
fn counts(s: &Summary) -> [(&'static str, u64); 8] {
    [
        ("puzzles", s.puzzles),
        ("unique", s.unique),
        ("several solutions", s.several),
        ("no solution", s.none),
        ("invalid", s.invalid),
        ("undecided", s.undecided),
        ("minimal", s.minimal),
        ("isomorph classes", s.classes.len() as u64),
    ]
}

/// The histograms of the summary: a title and a count per value.
fn histograms(s: &Summary) -> [(&'static str, Vec<(String, u64)>); 2] {
    let givens = s.givens.iter().map(|(k, v)| (k.to_string(), *v)).collect();
    let levels = LEVELS
        .iter()
        .map(|l| l.name().to_string())
        .zip(s.levels)
        .collect();
    [
        ("givens", givens),
        ("levels (unique puzzles, hardest technique)", levels),
    ]
}

/// The summary as aligned text, histograms with bars.
fn write_text(out: &mut impl Write, s: &Summary) -> io::Result<()> {
    for (name, count) in counts(s) {
        writeln!(out, "{name:<18} {count:>9}")?;
    }
    writeln!(out, "{:<18} {:>9}", "with a canonical form", s.canonical)?;
    for (title, rows) in histograms(s) {
        writeln!(out, "{title}:")?;
        let most = rows.iter().map(|(_, v)| *v).max().unwrap_or(1).max(1);
        for (name, count) in rows {
            let bar = "#".repeat(((count * 40).div_ceil(most)) as usize);
            writeln!(out, "  {name:<14} {count:>9}  {bar}")?;
        }
    }
    Ok(())
}

impl Run {
    /// Adds one record to the summary.
    fn add(&mut self, source: &str, read: Result<&Record, &ParseError>) {
        let s = &mut self.summary;
        s.puzzles += 1;
        let record = match read {
            Ok(record) => record,
            Err(error) => {
                return invalid(
                    s,
                    self.quiet,
                    format_args!("{source}:{}:{}: {}", error.line, error.column, error.kind),
                );
            }
        };
        let (size, grid) = (record.grid.size(), &record.grid);
        if !matches!(&self.shape, Some((s, r, _)) if *s == size && *r == record.rules) {
            let geometry = record.rules.geometry(size).map_err(|e| e.to_string());
            self.shape = Some((size, record.rules.clone(), geometry));
        }
        let Some((_, _, shape)) = &self.shape else {
            return;
        };
        let geometry = match shape {
            Ok(geometry) => geometry,
            Err(error) => {
                return invalid(
                    s,
                    self.quiet,
                    format_args!("{source}:{}: {error}", record.line),
                );
            }
        };
        let stats = match self.solver.solve_in(geometry, grid, 2, |_| {}) {
            Ok(stats) => stats,
            Err(conflict) => {
                return invalid(
                    s,
                    self.quiet,
                    format_args!("{source}:{}: {conflict}", record.line),
                );
            }
        };
        *s.givens.entry(grid.givens()).or_default() += 1;
        if let Ok(canonical) = self.canonicalizer.canonical(grid, &record.rules) {
            s.canonical += 1;
            s.classes.insert(canonical.form.cells().to_vec());
        }
        match stats.solutions {
            _ if stats.stopped_at_node_budget && stats.solutions < 2 => s.undecided += 1,
            0 => s.none += 1,
            1 => {
                s.unique += 1;
                if let Ok(explanation) = self.explainer.explain(geometry, grid) {
                    let level = LEVELS.iter().position(|&l| l == explanation.level());
                    s.levels[level.unwrap_or(LEVELS.len() - 1)] += 1;
                }
                if redundant_givens(&mut self.solver, geometry, grid).is_ok_and(|r| r.is_empty()) {
                    s.minimal += 1;
                }
            }
            _ => s.several += 1,
        }
    }
}

/// Counts an invalid puzzle and says why on standard error, unless `-q`.
fn invalid(summary: &mut Summary, quiet: bool, message: std::fmt::Arguments<'_>) {
    summary.invalid += 1;
    if !quiet {
        let _ = writeln!(io::stderr(), "{message}");
    }
}
