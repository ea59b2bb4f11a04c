//! lisudoku's solver library (`lisudoku-solver`) on the JSON lines of
//! `puzzles/variants/`, for `scripts/variant-bench.py` to time beside
//! sudoku-dlx on every rule both have.
//!
//! Usage: `lisudoku-variants [--count] [--time] < puzzles.jsonl`. Each line
//! is one puzzle in sudoku-dlx's JSON description; the answer is one line:
//! the solution (`solve`, the default), the number of solutions up to 2
//! (`--count`), `none`, or `unsupported` when the puzzle has a rule or a
//! key this mapping does not carry (the library has no such rule, or the
//! key is unknown here). Both modes run the library's complete search,
//! `Solver::brute_solve(true)`, which stops at the second solution. With
//! `--time`, stderr gets `lisudoku-variants: P puzzles x 1: T ms, U
//! us/puzzle` for the building of the solvers and their searches.
//!
//! Mapped: `givens` (9x9; `.` or `0` blank), `thermometers` (lists of
//! cells from the bulb), `arrows` (`bulb` read as a number, `shaft`),
//! `odd`, `even`, `lines` of type `renban`, `palindromes`, `cages` (a
//! `sum` or none), `white_dots` (difference 1) and `black_dots` (ratio
//! 2), `extra_regions` of nine cells, and `variants` `x`, `hyper`,
//! `disjoint`, `anti-king`, `anti-knight`; the two negative kropki rules
//! together (`non-consecutive` or `negative` `white`, with `negative`
//! `black`), which the library has as one. Not mapped, so `unsupported`: other sizes, `boxes`, `regions`,
//! dots of other values, one negative kropki rule alone (non-consecutive
//! alone among them), extra regions of fewer cells, the negative XV rule,
//! and every other key.

use lisudoku_solver::solver::Solver;
use lisudoku_solver::types::{
    Arrow, CellPosition, FixedNumber, Grid, KillerCage, KropkiDot, KropkiDotType, Palindrome,
    Region, Renban, SudokuConstraints, Thermo,
};
use serde_json::{Map, Value};
use std::io::{self, BufRead, BufWriter, Write};
use std::time::Instant;

const NAME: &str = "lisudoku-variants";

/// A puzzle the library takes, or why not.
enum Puzzle {
    Mapped(Box<SudokuConstraints>),
    Unsupported(String),
}

/// `r<row>c<column>` (1 to 9) as the library's 0-based position.
fn cell(value: &Value) -> Result<CellPosition, String> {
    let text = value
        .as_str()
        .ok_or_else(|| format!("a cell must be a string, not {value}"))?;
    let lower = text.to_ascii_lowercase();
    let parsed = lower
        .strip_prefix('r')
        .and_then(|rest| rest.split_once('c'))
        .and_then(|(row, column)| {
            Some((row.parse::<usize>().ok()?, column.parse::<usize>().ok()?))
        });
    match parsed {
        Some((row, column)) if (1..=9).contains(&row) && (1..=9).contains(&column) => {
            Ok(CellPosition::new(row - 1, column - 1))
        }
        _ => Err(format!("bad cell {text:?}: expected r1c1 to r9c9")),
    }
}

/// A JSON list of cells.
fn cells(value: &Value) -> Result<Vec<CellPosition>, String> {
    value
        .as_array()
        .ok_or_else(|| format!("expected a list of cells, found {value}"))?
        .iter()
        .map(cell)
        .collect()
}

/// Each item of a JSON list, mapped.
fn each<T>(value: &Value, map: impl Fn(&Value) -> Result<T, String>) -> Result<Vec<T>, String> {
    value
        .as_array()
        .ok_or_else(|| format!("expected a list, found {value}"))?
        .iter()
        .map(map)
        .collect()
}

/// The nine 3x3 windows of a hyper puzzle, or the nine disjoint groups.
fn extra_regions(variant: &str) -> Vec<Region> {
    match variant {
        "hyper" => [(1, 1), (1, 5), (5, 1), (5, 5)]
            .iter()
            .map(|&(top, left)| {
                Region(
                    (0..9)
                        .map(|k| CellPosition::new(top + k / 3, left + k % 3))
                        .collect(),
                )
            })
            .collect(),
        _ => (0..9)
            .map(|place| {
                Region(
                    (0..9)
                        .map(|b| {
                            CellPosition::new(3 * (b / 3) + place / 3, 3 * (b % 3) + place % 3)
                        })
                        .collect(),
                )
            })
            .collect(),
    }
}

/// Maps one JSON object onto the library's constraints.
fn map(object: &Map<String, Value>) -> Result<Puzzle, String> {
    let givens = object
        .get("givens")
        .and_then(Value::as_str)
        .ok_or("no \"givens\" string")?;
    if givens.len() != 81 {
        return Ok(Puzzle::Unsupported(format!(
            "{} givens, not 81",
            givens.len()
        )));
    }
    let mut constraints = SudokuConstraints::new(9);
    let mut fixed = Vec::new();
    for (index, symbol) in givens.bytes().enumerate() {
        match symbol {
            b'.' | b'0' => {}
            b'1'..=b'9' => fixed.push(FixedNumber::new(
                index / 9,
                index % 9,
                u32::from(symbol - b'0'),
            )),
            _ => return Err(format!("bad given {:?} at {}", symbol as char, index + 1)),
        }
    }
    constraints.fixed_numbers = Some(fixed);
    let mut extra = Vec::new();
    let mut dots = Vec::new();
    let (mut negative_white, mut negative_black) = (false, false);
    for (key, value) in object {
        match key.as_str() {
            "givens" | "title" => {}
            "thermometers" => constraints.thermos = Some(each(value, |t| cells(t).map(Thermo))?),
            "arrows" => {
                constraints.arrows = Some(each(value, |arrow| {
                    Ok(Arrow {
                        circle_cells: cells(&arrow["bulb"])?,
                        arrow_cells: cells(&arrow["shaft"])?,
                    })
                })?)
            }
            "extra_regions" => {
                for region in each(value, cells)? {
                    // The library reads an extra region as a box: every
                    // digit once, which only one of nine cells means.
                    if region.len() != 9 {
                        return Ok(Puzzle::Unsupported(format!(
                            "an extra region of {} cells",
                            region.len()
                        )));
                    }
                    extra.push(Region(region));
                }
            }
            "odd" => constraints.odd_cells = Some(cells(value)?),
            "even" => constraints.even_cells = Some(cells(value)?),
            "palindromes" => {
                constraints.palindromes = Some(each(value, |line| cells(line).map(Palindrome))?)
            }
            "lines" => {
                let mut renbans = Vec::new();
                for line in value.as_array().ok_or("\"lines\" is not a list")? {
                    match line["type"].as_str() {
                        Some("renban") => renbans.push(Renban(cells(&line["cells"])?)),
                        other => return Ok(Puzzle::Unsupported(format!("line type {other:?}"))),
                    }
                }
                constraints.renbans = Some(renbans);
            }
            "cages" => {
                constraints.killer_cages = Some(each(value, |cage| {
                    Ok(KillerCage {
                        sum: cage
                            .get("sum")
                            .and_then(Value::as_u64)
                            .map(|sum| sum as u32),
                        region: Region(cells(&cage["cells"])?),
                    })
                })?)
            }
            "variants" => {
                for variant in value.as_array().ok_or("\"variants\" is not a list")? {
                    match variant.as_str() {
                        Some("x") => {
                            constraints.primary_diagonal = Some(true);
                            constraints.secondary_diagonal = Some(true);
                        }
                        Some("anti-king") => constraints.anti_king = Some(true),
                        Some("anti-knight") => constraints.anti_knight = Some(true),
                        Some("non-consecutive") => negative_white = true,
                        Some(name @ ("hyper" | "disjoint")) => extra.extend(extra_regions(name)),
                        other => return Ok(Puzzle::Unsupported(format!("variant {other:?}"))),
                    }
                }
            }
            "white_dots" | "black_dots" => {
                let (kind, relation) = if key == "white_dots" {
                    (KropkiDotType::Consecutive, 1)
                } else {
                    (KropkiDotType::Double, 2)
                };
                for dot in value.as_array().ok_or("dots are not a list")? {
                    if dot
                        .get("value")
                        .is_some_and(|v| v.as_u64() != Some(relation))
                    {
                        return Ok(Puzzle::Unsupported(format!(
                            "a dot of value {}",
                            dot["value"]
                        )));
                    }
                    let [first, second] = cells(&dot["cells"])?[..] else {
                        return Err(format!("a dot of other than two cells: {dot}"));
                    };
                    dots.push(KropkiDot {
                        dot_type: kind,
                        cell_1: first,
                        cell_2: second,
                    });
                }
            }
            "negative" => {
                for rule in value.as_array().ok_or("\"negative\" is not a list")? {
                    match rule.as_str() {
                        Some("white") => negative_white = true,
                        Some("black") => negative_black = true,
                        other => {
                            return Ok(Puzzle::Unsupported(format!("negative rule {other:?}")))
                        }
                    }
                }
            }
            other => return Ok(Puzzle::Unsupported(format!("key {other:?}"))),
        }
    }
    if !extra.is_empty() {
        constraints.extra_regions = Some(extra);
    }
    // The library's negative rule forbids both relations between every two
    // neighbours without a dot; one of sudoku-dlx's two alone has no match.
    if negative_white != negative_black {
        return Ok(Puzzle::Unsupported(
            "one negative kropki rule without the other".into(),
        ));
    }
    if negative_white {
        constraints.kropki_negative = Some(true);
    }
    if !dots.is_empty() {
        constraints.kropki_dots = Some(dots);
    }
    Ok(Puzzle::Mapped(Box::new(constraints)))
}

/// The 81 digits of a grid.
fn grid_text(grid: &Grid) -> String {
    grid.0
        .iter()
        .flatten()
        .map(|&v| char::from(b'0' + v as u8))
        .collect()
}

fn main() {
    let (mut count, mut timing) = (false, false);
    for argument in std::env::args().skip(1) {
        match argument.as_str() {
            "--count" => count = true,
            "--time" => timing = true,
            _ => {
                eprintln!("{NAME}: unknown argument {argument:?}; usage: {NAME} [--count] [--time] < puzzles.jsonl");
                std::process::exit(2);
            }
        }
    }
    let mut puzzles = Vec::new();
    for (number, line) in io::stdin().lock().lines().enumerate() {
        let line = line.unwrap_or_else(|error| {
            eprintln!("{NAME}: reading stdin: {error}");
            std::process::exit(2)
        });
        if line.trim().is_empty() {
            continue;
        }
        let mapped = serde_json::from_str::<Value>(&line)
            .map_err(|error| error.to_string())
            .and_then(|value| map(value.as_object().ok_or("not a JSON object")?));
        match mapped {
            Ok(puzzle) => puzzles.push(puzzle),
            Err(error) => {
                eprintln!("{NAME}: line {}: {error}", number + 1);
                std::process::exit(2);
            }
        }
    }
    let start = Instant::now();
    let answers: Vec<String> = puzzles
        .iter()
        .map(|puzzle| match puzzle {
            Puzzle::Unsupported(_) => "unsupported".to_string(),
            Puzzle::Mapped(constraints) => {
                let result = Solver::new(constraints.as_ref().clone()).brute_solve(true);
                match (count, result.solution) {
                    (true, _) => result.solution_count.to_string(),
                    (false, Some(grid)) if result.solution_count > 0 => grid_text(&grid),
                    (false, _) => "none".to_string(),
                }
            }
        })
        .collect();
    let elapsed = start.elapsed();
    let mut out = BufWriter::new(io::stdout().lock());
    for answer in &answers {
        writeln!(out, "{answer}").expect("writing stdout");
    }
    out.flush().expect("writing stdout");
    for puzzle in &puzzles {
        if let Puzzle::Unsupported(why) = puzzle {
            eprintln!("{NAME}: unsupported: {why}");
            break;
        }
    }
    if timing {
        let n = puzzles.len().max(1);
        eprintln!(
            "{NAME}: {} puzzles x 1: {:.3} ms, {:.3} us/puzzle",
            puzzles.len(),
            elapsed.as_secs_f64() * 1e3,
            elapsed.as_secs_f64() * 1e6 / n as f64
        );
    }
}
