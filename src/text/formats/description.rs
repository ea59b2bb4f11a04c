//! The JSON puzzle description, one object per line: the givens and every
//! rule of one puzzle, the format `generate -f json` writes and the peer
//! solvers' contract reads.
//!
//! ```json
//! {"givens": "...", "boxes": "2x3", "regions": "...", "variants": ["x"],
//!  "cages": [{"sum": 15, "cells": ["r1c1", "r1c2"]}], "title": "..."}
//! ```
//!
//! Only `givens` is required: `n * n` symbols, value `v` written
//! `123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ[v-1]` in either case, `.` or `0`
//! blank. `boxes` is `RxC` (R rows and C columns per box) or `none`;
//! `regions` is `n * n` labels, any symbols, each label naming one region
//! of `n` cells, in place of the boxes; `variants` names the rules of
//! [`crate::Variant`]; `cages` are killer cages, `sum` optional or null;
//! `extra_regions` are lists of cells holding different digits. Cells are
//! `r<row>c<col>`, from 1, in the frame: with a `shape` or `grids`, the
//! givens are the frame's cells in reading order, cells are named across
//! the whole frame, and every rule key but `boxes` and `regions` applies.
//! `docs/puzzle.schema.json` is the JSON Schema of the same. Every mistake
//! names its key.
//!
//! A `-f json` answer reads back as the puzzle it answers: its `puzzle` is
//! the givens, its `solution` a solution the record claims (which `check`
//! verifies), its rules are under the same keys, and its other keys
//! (`source`, `status`, `count`...) are ignored.

use crate::sudoku::constraints::{Cage, Constraint};
use crate::sudoku::frame::Frame;
use crate::sudoku::grid::{Grid, Size};
use crate::sudoku::rules::{Boxes, Rules};
use crate::sudoku::shape::{NamedShape, Shape};
use crate::sudoku::variants::Variant;
use crate::text::alphabet::{Alphabet, Symbol, Symbols};
use crate::text::error::ParseErrorKind;
use crate::text::formats::constraint_json::{self, Dialect};
use crate::text::formats::json_parts::{
    cell_name, cell_range, get, members, parse_cell, Path, Problem,
};
use crate::text::json::{Json, Member, Value};
use crate::text::record::Record;
use crate::text::regions::{number_regions, RegionProblem};

/// The keys of a description, for messages.
const KEYS: &str = "one of givens, shape, grids, boxes, regions, variants, cages, extra_regions, \
                    thermometers, white_dots, black_dots, xv, negative, odd, even, minimum, \
                    maximum, palindromes, clones, arrows, between_lines, quadruples, \
                    little_killers, sandwiches, lines, title (or the keys of a -f json answer)";

/// The keys of a `-f json` answer of any command (`rate`'s rating,
/// `candidates`' candidates, `check --minimal --symmetry`'s findings), or
/// of a `generate -f json` item, that say nothing about the puzzle: all read
/// back as their puzzles.
const ANSWER_KEYS: [&str; 19] = [
    "item",
    "seed",
    "clues",
    "source",
    "line",
    "column",
    "status",
    "count",
    "limit_reached",
    "solutions",
    "score",
    "level",
    "hardest",
    "branches",
    "candidates",
    "minimal",
    "redundant",
    "symmetry",
    "error",
];

/// Whether `members` make an f-puzzles export rather than a description:
/// they have a `size` and a `grid`.
pub(crate) fn is_fpuzzles(value: &Json) -> bool {
    match &value.value {
        Value::Object(members) => get(members, "size").is_some() && get(members, "grid").is_some(),
        _ => false,
    }
}

/// Reads the description `value` into `record`: its grid, rules, title and
/// alphabet.
pub(crate) fn read(value: &Json, record: &mut Record) -> Result<(), Problem> {
    const DESCRIPTION_KEYS: [&str; 11] = [
        "givens",
        "shape",
        "grids",
        "boxes",
        "regions",
        "variants",
        "cages",
        "extra_regions",
        "title",
        "puzzle",
        "solution",
    ];
    let rule_keys = constraint_json::keys(Dialect::Description);
    let all: Vec<&str> = DESCRIPTION_KEYS
        .into_iter()
        .chain(ANSWER_KEYS)
        .chain(rule_keys.iter().copied())
        .collect();
    let members = members(&Path::Text(""), value, &all, KEYS)?;
    // An answer of -f json names the givens `puzzle`.
    let givens = match (get(members, "givens"), get(members, "puzzle")) {
        (Some(_), Some(puzzle)) => {
            let expected = "givens or puzzle, its name in an answer, not both";
            return Err(Problem::found("puzzle", puzzle.at, "givens too", expected));
        }
        (Some(givens), None) => Some(("givens", givens)),
        (None, puzzle) => puzzle.map(|puzzle| ("puzzle", puzzle)),
    };
    let Some((key, givens)) = givens else {
        return Err(Problem {
            at: value.at,
            kind: ParseErrorKind::MissingField {
                field: "givens",
                expected: "the givens as a string of n*n symbols",
            },
        });
    };
    let shape = read_shape(members)?;
    record.alphabet = match &shape {
        Some(shape) => read_shaped_givens(key, givens, shape, &mut record.grid)?,
        None => read_givens(key, givens, &mut record.grid)?,
    };
    let size = record.grid.size();
    if let Some(solution) = get(members, "solution") {
        let mut grid = record
            .expected_solution
            .take()
            .unwrap_or_else(|| Grid::empty(size));
        match &shape {
            Some(shape) => read_shaped_givens("solution", solution, shape, &mut grid)?,
            None => read_givens("solution", solution, &mut grid)?,
        };
        if grid.size() != size || grid.cells().len() != record.grid.cells().len() {
            let found = format!("a {} grid", grid.size());
            let expected = format!("a {size} grid like the givens");
            return Err(Problem::found("solution", solution.at, found, expected));
        }
        record.expected_solution = Some(grid);
    }
    let rules = &mut record.rules;
    *rules = Rules::default();
    if let Some(shape) = shape {
        for key in ["boxes", "regions"] {
            if let Some(value) = get(members, key) {
                let expected = "no such key with a shape of several grids, whose boxes are \
                                the grids' own";
                return Err(Problem::found(
                    key,
                    value.at,
                    format!("key {key}"),
                    expected,
                ));
            }
        }
        rules.shape = shape;
    }
    if let Some(boxes) = get(members, "boxes") {
        rules.boxes = read_boxes(boxes, size)?;
    }
    if let Some(regions) = get(members, "regions") {
        if get(members, "boxes").is_some() {
            let expected = "either boxes or regions, which replace the boxes";
            return Err(Problem::found("regions", regions.at, "boxes too", expected));
        }
        rules.boxes = read_regions(regions, size)?;
    }
    if let Some(variants) = get(members, "variants") {
        rules.variants = read_variants(variants)?;
    }
    let frame = rules.shape.frame(size);
    if let Some(cages) = get(members, "cages") {
        let cages = read_cages(cages, size, &frame)?;
        rules
            .constraints
            .extend(cages.into_iter().map(Constraint::KillerCage));
    }
    if let Some(regions) = get(members, "extra_regions") {
        rules.extra_regions = read_extra_regions(regions, size, &frame)?;
    }
    for member in members {
        constraint_json::read(
            Dialect::Description,
            &member.key,
            &member.value,
            size,
            &frame,
            rules,
        )?;
    }
    record.title.clear();
    if let Some(title) = get(members, "title") {
        match &title.value {
            Value::String(text) => record.title.push_str(text),
            _ => return Err(Problem::bad("title", title, "a string")),
        }
    }
    Ok(())
}

/// The shape of a description: `"shape": NAME` or `"grids": [[row,
/// column], ...]` (the corners of its grids, from 0), or `None` for one
/// square grid.
fn read_shape(members: &[Member]) -> Result<Option<Shape>, Problem> {
    let names = || {
        let names: Vec<&str> = NamedShape::ALL.iter().map(|shape| shape.name()).collect();
        format!("one of {}", names.join(", "))
    };
    match (get(members, "shape"), get(members, "grids")) {
        (Some(_), Some(grids)) => {
            let expected = "either shape or grids, not both";
            Err(Problem::found("grids", grids.at, "shape too", expected))
        }
        (Some(name), None) => match &name.value {
            Value::String(text) => match NamedShape::from_name(text) {
                Some(shape) => Ok(Some(Shape::Named(shape))),
                None => Err(Problem::bad("shape", name, names())),
            },
            _ => Err(Problem::bad("shape", name, names())),
        },
        (None, Some(grids)) => {
            let expected = "an array of grid corners [row, column], from 0";
            let Value::Array(items) = &grids.value else {
                return Err(Problem::bad("grids", grids, expected));
            };
            let root = Path::Text("grids");
            let mut corners = Vec::with_capacity(items.len());
            for (index, item) in items.iter().enumerate() {
                let corner = match &item.value {
                    Value::Array(pair) => match pair[..] {
                        [ref row, ref column] => match (&row.value, &column.value) {
                            (Value::Number(row), Value::Number(column)) => {
                                whole(*row).zip(whole(*column))
                            }
                            _ => None,
                        },
                        _ => None,
                    },
                    _ => None,
                };
                match corner {
                    Some(corner) => corners.push(corner),
                    None => return Err(root.item(index).bad(item, "[row, column], from 0")),
                }
            }
            Ok(Some(Shape::Grids(corners)))
        }
        (None, None) => Ok(None),
    }
}

/// `number` as a whole number below 1,000, if it is one.
fn whole(number: f64) -> Option<usize> {
    (number.fract() == 0.0 && (0.0..1000.0).contains(&number)).then_some(number as usize)
}

/// Reads the givens of a shape of several grids, its cells in reading
/// order: grids of 9x9 for a named shape, and for custom corners the side
/// whose frame has as many cells as there are symbols.
fn read_shaped_givens(
    key: &str,
    value: &Json,
    shape: &Shape,
    grid: &mut Grid,
) -> Result<Alphabet, Problem> {
    let Value::String(text) = &value.value else {
        return Err(Problem::bad(key, value, "a string of the shape's cells"));
    };
    let length = text.chars().count();
    let size = match shape {
        Shape::Grids(_) => Size::all()
            .filter(|size| size.box_shape().is_some())
            .find(|&size| shape.frame(size).cells() == length),
        _ => Some(Size::NINE).filter(|&size| shape.frame(size).cells() == length),
    };
    let Some(size) = size else {
        let expected = match shape {
            Shape::Grids(_) => {
                "as many symbols as the grids at these corners have cells".to_string()
            }
            _ => format!(
                "{} symbols, one per cell of the {shape}",
                shape.frame(Size::NINE).cells()
            ),
        };
        return Err(Problem::found(
            key,
            value.at,
            format!("{length} symbols"),
            expected,
        ));
    };
    let frame = shape.frame(size);
    grid.clear_cells(size, frame.cells());
    let side = size.side();
    for (cell, (offset, c)) in text.char_indices().enumerate() {
        let at = value.at + 1 + offset;
        match u8::try_from(c).ok().and_then(symbol_value) {
            Some(value) if (value as usize) <= side => grid.set(cell, value),
            _ => {
                let found = format!("'{c}' for cell {}", frame.position(cell));
                let expected = format!(
                    "1-{} or a blank (. or 0)",
                    Alphabet::STANDARD.encode(side as u8) as char
                );
                return Err(Problem::found(key, at, found, expected));
            }
        }
    }
    Ok(Alphabet::STANDARD)
}

/// The value of `symbol` (1 to 35), 0 for a blank, `None` for no symbol:
/// the standard alphabet without its `_` blank, as the description's
/// contract has it.
fn symbol_value(symbol: u8) -> Option<u8> {
    match (symbol, Alphabet::STANDARD.decode(symbol)) {
        (b'_', _) | (_, Symbol::Unknown) => None,
        (_, Symbol::Blank) => Some(0),
        (_, Symbol::Value(value)) => Some(value),
    }
}

/// Reads the grid at `key` (the givens, or a solution) into `grid`;
/// returns the alphabet it is written in.
fn read_givens(key: &str, value: &Json, grid: &mut Grid) -> Result<Alphabet, Problem> {
    let Value::String(text) = &value.value else {
        return Err(Problem::bad(key, value, "a string of n*n symbols"));
    };
    let length = text.chars().count();
    let side = length.isqrt();
    let Some(size) = Size::from_side(side).filter(|_| side * side == length) else {
        return Err(Problem::found(
            key,
            value.at,
            format!("{length} symbols"),
            "n*n symbols for an n x n grid of a supported size",
        ));
    };
    grid.clear(size);
    let expected = || {
        format!(
            "{}-{} or a blank (. or 0)",
            Alphabet::STANDARD.encode(1) as char,
            Alphabet::STANDARD.encode(side as u8) as char
        )
    };
    for (cell, (offset, c)) in text.char_indices().enumerate() {
        let at = value.at + 1 + offset;
        let value = u8::try_from(c).ok().and_then(symbol_value);
        match value {
            Some(value) if (value as usize) <= side => grid.set(cell, value),
            _ => {
                let found = format!("'{c}' for cell {}", cell_name(cell, &Frame::square(side)));
                return Err(Problem::found(key, at, found, expected()));
            }
        }
    }
    let lowercase = text.bytes().any(|b| b.is_ascii_lowercase())
        && !text.bytes().any(|b| b.is_ascii_uppercase());
    Ok(Alphabet {
        symbols: Symbols::Standard,
        lowercase,
    })
}

/// Reads `RxC` or `none`.
fn read_boxes(value: &Json, size: Size) -> Result<Boxes, Problem> {
    let side = size.side();
    let expected =
        || format!("\"RxC\" with R x C = {side} (R rows, C columns per box), or \"none\"");
    let Value::String(text) = &value.value else {
        return Err(Problem::bad("boxes", value, expected()));
    };
    if text == "none" {
        return Ok(Boxes::None);
    }
    let number = |text: &str| {
        let digits = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
        (digits && !text.starts_with('0')).then(|| text.parse::<usize>().ok())?
    };
    let shape = text
        .split_once('x')
        .and_then(|(r, c)| Some((number(r)?, number(c)?)));
    match shape {
        Some((rows, columns)) if rows >= 2 && columns >= 2 && rows * columns == side => {
            Ok(Boxes::Shape { rows, columns })
        }
        _ => Err(Problem::bad("boxes", value, expected())),
    }
}

/// Reads a layout of `n * n` labels, `n` cells each, as regions numbered in
/// the order their labels first appear.
fn read_regions(value: &Json, size: Size) -> Result<Boxes, Problem> {
    let (side, cells) = (size.side(), size.cells());
    let expected = format!("{cells} labels, {side} cells for each of {side} labels");
    let Value::String(text) = &value.value else {
        return Err(Problem::bad("regions", value, expected));
    };
    let labels: Vec<char> = text.chars().collect();
    number_regions(&labels, side)
        .map(Boxes::Regions)
        .map_err(|problem| {
            let found = match problem {
                RegionProblem::Count { found } => format!("{found} labels"),
                RegionProblem::TooMany { .. } => format!("more than {side} labels"),
                RegionProblem::Size { label, found, .. } => {
                    format!("label '{label}' on {found} cells")
                }
            };
            Problem::found("regions", value.at, found, expected)
        })
}

/// Reads the names of the variant rules.
fn read_variants(value: &Json) -> Result<Vec<Variant>, Problem> {
    const NAMES: &str = "a rule: x, hyper, disjoint, anti-king, anti-knight or non-consecutive";
    let Value::Array(items) = &value.value else {
        return Err(Problem::bad("variants", value, "an array of rule names"));
    };
    let root = Path::Text("variants");
    let mut variants = Vec::with_capacity(items.len());
    for (k, item) in items.iter().enumerate() {
        let Value::String(name) = &item.value else {
            return Err(root.item(k).bad(item, NAMES));
        };
        let hint = match name.as_str() {
            "jigsaw" => "the regions key for jigsaw regions",
            "killer" => "the cages key for killer cages",
            _ => NAMES,
        };
        match Variant::ALL.into_iter().find(|v| v.name() == name) {
            Some(variant) if !variants.contains(&variant) => variants.push(variant),
            Some(_) => {}
            None => return Err(root.item(k).bad(item, hint)),
        }
    }
    Ok(variants)
}

/// Reads a list of cell names of `frame` at `key`: at least one, each
/// cell once.
fn read_cells(key: &Path, value: &Json, frame: &Frame) -> Result<Vec<usize>, Problem> {
    let Value::Array(items) = &value.value else {
        return Err(key.bad(value, "an array of cells such as \"r1c1\""));
    };
    if items.is_empty() {
        return Err(key.bad(value, "at least one cell"));
    }
    let mut cells = Vec::with_capacity(items.len());
    for (k, item) in items.iter().enumerate() {
        let cell = match &item.value {
            Value::String(name) => parse_cell(name, frame),
            _ => None,
        };
        let expected = || format!("a cell r<row>c<column>, {}", cell_range(frame));
        let Some(cell) = cell else {
            return Err(key.item(k).bad(item, expected()));
        };
        if cells.contains(&cell) {
            return Err(key.item(k).bad(item, "each cell once"));
        }
        cells.push(cell);
    }
    Ok(cells)
}

/// Reads the killer cages, their cells named in `frame`: cells at most
/// `n`, in no other cage, and a sum that `n` different digits can make.
fn read_cages(value: &Json, size: Size, frame: &Frame) -> Result<Vec<Cage>, Problem> {
    let side = size.side();
    let Value::Array(items) = &value.value else {
        return Err(Problem::bad("cages", value, "an array of cages"));
    };
    let root = Path::Text("cages");
    let mut cages: Vec<Cage> = Vec::with_capacity(items.len());
    for (k, item) in items.iter().enumerate() {
        let path = root.item(k);
        let members = members(&path, item, &["cells", "sum"], "cells and sum")?;
        let key = path.member("cells");
        let Some(cells_value) = get(members, "cells") else {
            let expected = "a cells key: the cells of the cage";
            return Err(path.found(item.at, "no cells", expected));
        };
        let cells = read_cells(&key, cells_value, frame)?;
        if cells.len() > side {
            let found = format!("{} cells", cells.len());
            let expected = format!("at most {side} cells, one per digit");
            return Err(key.found(cells_value.at, found, expected));
        }
        for &cell in &cells {
            if let Some(other) = cages.iter().position(|cage| cage.cells.contains(&cell)) {
                let found = format!("{} of cages[{other}] too", cell_name(cell, frame));
                return Err(key.found(cells_value.at, found, "cages apart"));
            }
        }
        let sum = match get(members, "sum") {
            None => None,
            Some(sum) => read_sum(&path.member("sum"), sum, cells.len(), side)?,
        };
        cages.push(Cage { cells, sum });
    }
    Ok(cages)
}

/// Reads the sum at `key` of a cage of `count` cells: null, or a whole
/// number that `count` different digits of 1 to `side` can make.
pub(crate) fn read_sum(
    key: &Path,
    value: &Json,
    count: usize,
    side: usize,
) -> Result<Option<u32>, Problem> {
    let (low, high) = (count * (count + 1) / 2, count * (2 * side + 1 - count) / 2);
    let expected = || format!("null or a whole number from {low} to {high}");
    match value.value {
        Value::Null => Ok(None),
        Value::Number(sum) if sum.fract() == 0.0 && (low as f64..=high as f64).contains(&sum) => {
            Ok(Some(sum as u32))
        }
        _ => Err(key.bad(value, expected())),
    }
}

/// Reads the extra regions, their cells named in `frame`: lists of at
/// most `n` cells.
fn read_extra_regions(value: &Json, size: Size, frame: &Frame) -> Result<Vec<Vec<usize>>, Problem> {
    let side = size.side();
    let Value::Array(items) = &value.value else {
        return Err(Problem::bad(
            "extra_regions",
            value,
            "an array of arrays of cells",
        ));
    };
    let root = Path::Text("extra_regions");
    let mut regions = Vec::with_capacity(items.len());
    for (k, item) in items.iter().enumerate() {
        let key = root.item(k);
        let cells = read_cells(&key, item, frame)?;
        if cells.len() > side {
            let found = format!("{} cells", cells.len());
            let expected = format!("at most {side} cells, one per digit");
            return Err(key.found(item.at, found, expected));
        }
        regions.push(cells);
    }
    Ok(regions)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::json::parse;

    /// Reads `text` as a description, or gives the key and message of its
    /// mistake.
    pub(crate) fn read_text(text: &str) -> Result<Record, (usize, String)> {
        let value = parse(text).map_err(|e| (e.at, e.expected.to_string()))?;
        let mut record = Record::default();
        read(&value, &mut record).map_err(|p| (p.at, p.kind.to_string()))?;
        Ok(record)
    }

    const FOUR: &str = "1.3......2.....4";

    #[test]
    fn only_givens_is_required() {
        let record = read_text(&format!(r#"{{"givens": "{FOUR}"}}"#)).unwrap();
        assert_eq!(record.grid, FOUR.parse().unwrap());
        assert!(record.rules.is_classic());
        assert!(record.title.is_empty());
    }

    #[test]
    fn every_key() {
        let text = format!(
            r#"{{"givens": "{FOUR}", "boxes": "none", "variants": ["x", "anti-knight"],
                "cages": [{{"sum": 3, "cells": ["r1c2", "R2C2"]}}, {{"cells": ["r4c4"], "sum": null}}],
                "extra_regions": [["r1c1", "r4c4"]], "title": "every key é"}}"#
        );
        let record = read_text(&text).unwrap();
        let rules = &record.rules;
        assert_eq!(rules.boxes, Boxes::None);
        assert_eq!(rules.variants, [Variant::X, Variant::AntiKnight]);
        assert_eq!(
            rules.constraints,
            [
                Constraint::KillerCage(Cage {
                    cells: vec![1, 5],
                    sum: Some(3)
                }),
                Constraint::KillerCage(Cage {
                    cells: vec![15],
                    sum: None
                })
            ]
        );
        assert_eq!(rules.extra_regions, [vec![0, 15]]);
        assert_eq!(record.title, "every key é");
        let shaped = read_text(r#"{"givens": "................", "boxes": "2x2"}"#).unwrap();
        assert_eq!(
            shaped.rules.boxes,
            Boxes::Shape {
                rows: 2,
                columns: 2
            }
        );
        let six = format!(r#"{{"givens": "{}", "boxes": "3x2"}}"#, ".".repeat(36));
        let six = read_text(&six).unwrap();
        assert_eq!(six.grid.size(), Size::SIX);
        assert_eq!(
            six.rules.boxes,
            Boxes::Shape {
                rows: 3,
                columns: 2
            }
        );
        let square = format!(r#"{{"givens": "{}", "boxes": "3x3"}}"#, ".".repeat(36));
        assert!(read_text(&square).unwrap_err().1.contains("R x C = 6"));
        let jigsaw =
            read_text(r#"{"givens": "................", "regions": "aabbaabbccddccdd"}"#).unwrap();
        assert_eq!(
            jigsaw.rules.boxes,
            Boxes::Regions(vec![0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3])
        );
    }

    #[test]
    fn symbols_in_either_case_and_both_blanks() {
        let givens = format!("{}aG{}", "0".repeat(10), ".".repeat(244));
        let record = read_text(&format!(r#"{{"givens": "{givens}"}}"#)).unwrap();
        assert_eq!(record.grid.size(), Size::SIXTEEN);
        assert_eq!(record.grid.cells()[10..12], [10, 16]);
        assert_eq!(record.grid.cells().iter().filter(|&&v| v > 0).count(), 2);
    }

    #[test]
    fn every_mistake_names_its_key() {
        let cases: &[(&str, usize, &str)] = &[
            (r#"[1]"#, 0, "found an array of 1; expected a JSON object"),
            (r#"{"boxes": "2x2"}"#, 0, "found no givens field"),
            (r#"{"givens": 5}"#, 11, "key givens: found the number 5; expected a string"),
            (r#"{"givens": "123"}"#, 11, "key givens: found 3 symbols; expected n*n symbols"),
            (r#"{"givens": "12x4............"}"#, 14, "key givens: found 'x' for cell r1c3; expected 1-4 or a blank (. or 0)"),
            (r#"{"givens": "1234............", "size": 4}"#, 31, "found unknown key \"size\"; expected one of givens"),
            (r#"{"givens": "................", "givens": "1..............."}"#, 31, "key givens: found the key a second time"),
            (r#"{"givens": "................", "boxes": "3x3"}"#, 40, "key boxes: found the string \"3x3\"; expected \"RxC\" with R x C = 4"),
            (r#"{"givens": "................", "boxes": "1x4"}"#, 40, "key boxes"),
            (r#"{"givens": "................", "regions": "aabb"}"#, 42, "key regions: found 4 labels; expected 16 labels"),
            (r#"{"givens": "................", "regions": "aaabaabbccddccdd"}"#, 42, "key regions: found label 'a' on 5 cells"),
            (r#"{"givens": "................", "regions": "abcdeaaaaaaaaaaa"}"#, 42, "key regions: found more than 4 labels"),
            (r#"{"givens": "................", "boxes": "none", "regions": "aabbaabbccddccdd"}"#, 59, "key regions: found boxes too"),
            (r#"{"givens": "................", "variants": "x"}"#, 43, "key variants: found the string \"x\"; expected an array"),
            (r#"{"givens": "................", "variants": ["x", "diagonal"]}"#, 49, "key variants[1]: found the string \"diagonal\"; expected a rule: x, hyper"),
            (r#"{"givens": "................", "variants": ["jigsaw"]}"#, 44, "key variants[0]: found the string \"jigsaw\"; expected the regions key"),
            (r#"{"givens": "................", "cages": {}}"#, 40, "key cages: found an object; expected an array of cages"),
            (r#"{"givens": "................", "cages": [{"sum": 3}]}"#, 41, "key cages[0]: found no cells"),
            (r#"{"givens": "................", "cages": [{"cells": ["r1c1"], "total": 3}]}"#, 61, "found unknown key \"cages[0].total\"; expected cells and sum"),
            (r#"{"givens": "................", "cages": [{"cells": ["r1c5"]}]}"#, 52, "key cages[0].cells[0]: found the string \"r1c5\"; expected a cell r<row>c<column>, rows and columns 1 to 4"),
            (r#"{"givens": "................", "cages": [{"cells": ["r1c1", "r1c1"]}]}"#, 60, "key cages[0].cells[1]: found the string \"r1c1\"; expected each cell once"),
            (r#"{"givens": "................", "cages": [{"cells": []}]}"#, 51, "key cages[0].cells: found an array of 0; expected at least one cell"),
            (r#"{"givens": "................", "cages": [{"cells": ["r1c1", "r1c2"], "sum": 9}]}"#, 76, "key cages[0].sum: found the number 9; expected null or a whole number from 3 to 7"),
            (r#"{"givens": "................", "cages": [{"cells": ["r1c1"], "sum": 1.5}]}"#, 68, "key cages[0].sum: found the number 1.5"),
            (r#"{"givens": "................", "cages": [{"cells": ["r1c1"]}, {"cells": ["r2c1", "r1c1"]}]}"#, 72, "key cages[1].cells: found r1c1 of cages[0] too; expected cages apart"),
            (r#"{"givens": "................", "cages": [{"cells": ["r1c1", "r1c2", "r1c3", "r1c4", "r2c1"]}]}"#, 51, "key cages[0].cells: found 5 cells; expected at most 4 cells"),
            (r#"{"givens": "................", "extra_regions": [["r1c1"], "r2c2"]}"#, 59, "key extra_regions[1]: found the string \"r2c2\"; expected an array of cells"),
            (r#"{"givens": "................", "extra_regions": 1}"#, 48, "key extra_regions: found the number 1"),
            (r#"{"givens": "................", "title": ["a"]}"#, 40, "key title: found an array of 1; expected a string"),
        ];
        let mut wrong = Vec::new();
        for &(text, at, message) in cases {
            let (found_at, found) = read_text(text).unwrap_err();
            if !found.starts_with(message) || found_at != at {
                wrong.push(format!("{text}\n  at {found_at}: {found}"));
            }
        }
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    }

    #[test]
    fn rules_on_a_shape_name_cells_and_clues_in_its_frame() {
        let blank = ".".repeat(369);
        let text = format!(
            r#"{{"givens":"{blank}","shape":"samurai","thermometers":[["r1c1","r1c2"]],
                "cages":[{{"sum":3,"cells":["r10c10","r10c11"]}}],
                "little_killers":[{{"clue":"r10c6","direction":"DR","sum":25}}],
                "sandwiches":[{{"clue":"r7c0","sum":5}},{{"clue":"r11c6","sum":0}},
                              {{"clue":"r6c11","sum":9}}]}}"#
        );
        let record = read_text(&text).unwrap();
        let frame = Shape::Named(NamedShape::Samurai).frame(Size::NINE);
        let names = |constraint: &Constraint| -> Vec<String> {
            let cells = constraint.cells();
            cells.iter().map(|&cell| cell_name(cell, &frame)).collect()
        };
        let read: Vec<Vec<String>> = record.rules.constraints.iter().map(names).collect();
        let row = |r: usize, columns: std::ops::RangeInclusive<usize>| -> Vec<String> {
            columns.map(|c| format!("r{r}c{c}")).collect()
        };
        let column: Vec<String> = (7..=15).map(|r| format!("r{r}c11")).collect();
        let diagonal: Vec<String> = (0..5).map(|k| format!("r{}c{}", 11 + k, 7 + k)).collect();
        // The cages come first. Each sandwich is the row or column of the
        // one grid its clue is beside: the first grid's row 7, the middle
        // grid's row 5 and column 5, though the frame's rows 7 and 11 run
        // on into other grids.
        let expected = [
            row(10, 10..=11),
            row(1, 1..=2),
            diagonal,
            row(7, 1..=9),
            row(11, 7..=15),
            column,
        ];
        assert_eq!(read, expected);
        // Written out and read back, the same rules.
        let mut out = Vec::new();
        crate::text::describe::write_description(&mut out, &record.grid, &record.rules, "");
        let again = read_text(std::str::from_utf8(&out).unwrap()).unwrap();
        assert_eq!(again.rules, record.rules);

        let cases: &[(&str, &str)] = &[
            (r#""thermometers":[["r1c10","r1c11"]]"#, "key thermometers[0][0]: found the string \"r1c10\"; expected an array of cells such as \"r1c1\", rows and columns 1 to 21, where a grid is"),
            (r#""sandwiches":[{"clue":"r1c1","sum":5}]"#, "key sandwiches[0].clue: found the string \"r1c1\"; expected a position with no cell beside a grid, such as \"r0c1\", rows 0 to 22 and columns 0 to 22"),
            (r#""sandwiches":[{"clue":"r11c2","sum":5}]"#, "key sandwiches[0].clue: found a position beside no row or column"),
            (r#""little_killers":[{"clue":"r11c2","direction":"UL","sum":5}]"#, "key little_killers[0].clue: found a clue whose diagonal misses the grid"),
            (r#""boxes":"3x3""#, "key boxes: found key boxes; expected no such key with a shape"),
        ];
        for &(rule, message) in cases {
            let text = format!(r#"{{"givens":"{blank}","shape":"samurai",{rule}}}"#);
            let found = read_text(&text).unwrap_err().1;
            assert!(found.starts_with(message), "{rule}: {found}");
        }
        // Between two grids one column apart, a clue is beside both.
        let two = format!(
            r#"{{"givens":"{}","grids":[[0,0],[0,10]],"sandwiches":[{{"clue":"r1c10","sum":5}}]}}"#,
            ".".repeat(162)
        );
        let found = read_text(&two).unwrap_err().1;
        assert!(
            found.contains("found a position beside two grids"),
            "{found}"
        );
    }

    #[test]
    fn answers_read_back_as_their_puzzles() {
        let answer = format!(
            r#"{{"source":"a.txt","line":3,"puzzle":"{FOUR}","status":"solved",
                "solution":"1432321441232341","count":1,"limit_reached":false,"variants":["x"]}}"#
        );
        let record = read_text(&answer).unwrap();
        assert_eq!(record.grid, FOUR.parse().unwrap());
        assert_eq!(record.rules.variants, [Variant::X]);
        assert_eq!(
            record.expected_solution,
            Some("1432321441232341".parse().unwrap())
        );
        let both = format!(r#"{{"givens":"{FOUR}","puzzle":"{FOUR}"}}"#);
        assert!(read_text(&both)
            .unwrap_err()
            .1
            .starts_with("key puzzle: found givens too"));
        let nine = format!(r#"{{"puzzle":"{FOUR}","solution":"{}"}}"#, ".".repeat(81));
        assert!(read_text(&nine)
            .unwrap_err()
            .1
            .starts_with("key solution: found a 9x9 grid; expected a 4x4 grid like the givens"));
        let bad = format!(r#"{{"puzzle":"{FOUR}","solution":"123"}}"#);
        assert!(read_text(&bad)
            .unwrap_err()
            .1
            .starts_with("key solution: found 3 symbols"));
    }

    #[test]
    fn cell_names() {
        let nine = Frame::square(9);
        assert_eq!(parse_cell("r1c1", &nine), Some(0));
        assert_eq!(parse_cell("R9C9", &nine), Some(80));
        assert_eq!(parse_cell("r10c16", &Frame::square(16)), Some(9 * 16 + 15));
        for bad in ["r0c1", "r1c10", "rc1", "r1", "x1c1", "r+1c1", "r1c1x"] {
            assert_eq!(parse_cell(bad, &nine), None, "{bad}");
        }
        assert_eq!(cell_name(80, &nine), "r9c9");
    }
}
