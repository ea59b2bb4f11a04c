//! Puzzles from the f-puzzles site: the JSON it exports, and the compressed
//! base64 string it shares (lz-string's `compressToBase64` of that JSON).
//!
//! A link to the site, `https://www.f-puzzles.com/?load=<base64>`, is read
//! as its base64 string.
//!
//! The export holds `size`, `grid` (rows of cells with `value`, `given` and
//! `region`), the rules `diagonal+`, `diagonal-`, `antiking`, `antiknight`,
//! `disjointgroups`, `nonconsecutive`, and lists of constraints such as
//! `killercage`, `extraregion`, `thermometer`, `difference`, `ratio`, `xv`
//! (read by [`super::constraint_json`]). Those are read into [`Rules`]; a
//! rule this solver does not have (skyscraper clues, say) is named in an
//! error and the puzzle refused, never solved without it. A
//! complete `solution` is a claim that `check` verifies. A
//! digit the solver typed in (a cell `value` without `given`) is no part of
//! the puzzle and is left out; so are the title's companions `author` and
//! `ruleset`, and the pencil marks and colours of the cells.

use crate::sudoku::constraints::{Cage, Constraint};
use crate::sudoku::frame::Frame;
use crate::sudoku::grid::{Grid, Size};
use crate::sudoku::rules::{Boxes, Rules};
use crate::sudoku::variants::Variant;
use crate::text::alphabet::Alphabet;
use crate::text::error::ParseErrorKind;
use crate::text::formats::constraint_json::{self, Dialect};
use crate::text::formats::description::read_sum;
use crate::text::formats::json_parts::{get, members, not_an_object, parse_cell, Path, Problem};
use crate::text::json::{Json, Member, Value};
use crate::text::record::Record;

/// The longest base64 string decompressed, in bytes: several times the
/// longest real export, and small enough that no string can make the
/// decompression take much memory.
pub(crate) const MAX_BASE64: usize = 16 * 1024;

/// The shortest base64 string tried: shorter ones are no export.
const MIN_BASE64: usize = 20;

/// The keys that say nothing about the solution: presentation and credits.
const METADATA: [&str; 5] = [
    "title",
    "author",
    "ruleset",
    "disabledlogic",
    "truecandidatesoptions",
];

/// The boolean rules and the rule each is.
const FLAGS: [(&str, Variant); 4] = [
    ("antiking", Variant::AntiKing),
    ("antiknight", Variant::AntiKnight),
    ("disjointgroups", Variant::Disjoint),
    ("nonconsecutive", Variant::NonConsecutive),
];

/// The keys of one cell of the grid.
const CELL_KEYS: [&str; 8] = [
    "value",
    "given",
    "region",
    "centerPencilMarks",
    "cornerPencilMarks",
    "givenPencilMarks",
    "c",
    "highlight",
];

/// Whether `token` could be an f-puzzles base64 string: long enough, not too
/// long, and all of the base64 alphabet.
pub(crate) fn looks_like_base64(token: &[u8]) -> bool {
    (MIN_BASE64..=MAX_BASE64).contains(&token.len())
        && token
            .iter()
            .all(|&b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/' | b'='))
}

/// The JSON text that the base64 string `token` compresses, when it is an
/// lz-string of a JSON object.
#[cfg(feature = "fpuzzles")]
pub(crate) fn unpack(token: &str) -> Option<String> {
    if !looks_like_base64(token.as_bytes()) {
        return None;
    }
    let wide = lz_str::decompress_from_base64(token)?;
    let text = String::from_utf16(&wide).ok()?;
    text.trim_start().starts_with('{').then_some(text)
}

/// Whether `token` is a link with a `load=` query, as f-puzzles links are.
pub(crate) fn is_link(token: &[u8]) -> bool {
    token.windows(6).any(|w| w == b"?load=" || w == b"&load=")
}

/// The JSON text of an f-puzzles link, `...?load=<base64>`, when `token` is
/// one (with `+`, `/` and `=` written as they are or percent-encoded).
pub(crate) fn unpack_link(token: &str) -> Option<String> {
    let (_, query) = token
        .split_once("?load=")
        .or_else(|| token.split_once("&load="))?;
    let payload = query.split(['&', '#']).next().unwrap_or_default();
    let payload = payload
        .replace("%2B", "+")
        .replace("%2F", "/")
        .replace("%3D", "=");
    unpack(&payload)
}

/// Without the `fpuzzles` feature no base64 string is unpacked.
#[cfg(not(feature = "fpuzzles"))]
pub(crate) fn unpack(_token: &str) -> Option<String> {
    None
}

/// Why a base64 string read as an f-puzzles export could not be unpacked.
pub(crate) fn unpack_error() -> ParseErrorKind {
    let expected = if cfg!(feature = "fpuzzles") {
        "an f-puzzles export: its JSON, or its lz-string base64 string"
    } else {
        "f-puzzles JSON (this build reads no base64 string: it lacks the fpuzzles feature)"
    };
    ParseErrorKind::Json {
        found: "a line that is neither JSON nor an f-puzzles base64 string".into(),
        expected,
    }
}

/// Reads the f-puzzles export `value` into `record`.
pub(crate) fn read(value: &Json, record: &mut Record) -> Result<(), Problem> {
    let Value::Object(all) = &value.value else {
        return Err(not_an_object("", value));
    };
    let size_value = get(all, "size").ok_or_else(|| missing(value, "size"))?;
    let size = read_size(size_value)?;
    let grid_value = get(all, "grid").ok_or_else(|| missing(value, "grid"))?;
    let mut rules = Rules {
        boxes: read_grid(grid_value, size, &mut record.grid)?,
        ..Rules::default()
    };
    let (mut main_diagonal, mut anti_diagonal) = (false, false);
    // f-puzzles has one square grid.
    let square = Frame::square(size.side());
    record.title.clear();
    for (k, member) in all.iter().enumerate() {
        let key = member.key.as_str();
        if all[..k].iter().any(|m| m.key == key) {
            let expected = "each key once";
            return Err(Problem::found(
                key,
                member.key_at,
                "the key a second time",
                expected,
            ));
        }
        let flag = || read_flag(member);
        match key {
            "size" | "grid" => {}
            "title" => match &member.value.value {
                Value::String(title) => record.title.push_str(title),
                _ => return Err(Problem::bad(key, &member.value, "a string")),
            },
            "solution" => record.expected_solution = read_solution(&member.value, size)?,
            _ if METADATA.contains(&key) => {}
            "diagonal-" => main_diagonal = flag()?,
            "diagonal+" => anti_diagonal = flag()?,
            "killercage" => {
                let cages = read_cages(&member.value, size)?;
                rules
                    .constraints
                    .extend(cages.into_iter().map(Constraint::KillerCage));
            }
            "extraregion" => {
                rules
                    .extra_regions
                    .extend(read_regions(&member.value, size)?);
            }
            _ if constraint_json::read(
                Dialect::Fpuzzles,
                key,
                &member.value,
                size,
                &square,
                &mut rules,
            )? => {}
            _ => match FLAGS.iter().find(|(name, _)| *name == key) {
                Some(&(_, variant)) => {
                    if flag()? {
                        rules.variants.push(variant);
                    }
                }
                None => refuse(member)?,
            },
        }
    }
    let n = size.side();
    if main_diagonal && anti_diagonal {
        rules.variants.insert(0, Variant::X);
    } else if main_diagonal {
        rules
            .extra_regions
            .push((0..n).map(|k| k * n + k).collect());
    } else if anti_diagonal {
        rules
            .extra_regions
            .push((0..n).map(|k| (n - 1 - k) * n + k).collect());
    }
    record.rules = rules;
    record.alphabet = Alphabet::STANDARD;
    Ok(())
}

/// Reads the solution the setter gave: `n * n` digits, row by row. A
/// partial one (with blanks, 0 or null) claims nothing and is left out.
fn read_solution(value: &Json, size: Size) -> Result<Option<Grid>, Problem> {
    let n = size.side();
    let expected = || format!("an array of {} digits from 1 to {n}, or blanks", n * n);
    let Value::Array(items) = &value.value else {
        return Err(Problem::bad("solution", value, expected()));
    };
    if items.len() != n * n {
        return Err(Problem::bad("solution", value, expected()));
    }
    let mut digits = Vec::with_capacity(n * n);
    for item in items {
        match item.value {
            Value::Number(v) if v.fract() == 0.0 && (1.0..=n as f64).contains(&v) => {
                digits.push(v as u8)
            }
            Value::Null | Value::Number(0.0) => return Ok(None),
            Value::String(ref blank) if blank.is_empty() || blank == "." => return Ok(None),
            _ => return Err(Problem::bad("solution", item, expected())),
        }
    }
    Ok(Grid::from_cells(&digits))
}

/// The error of an export without `key`.
fn missing(value: &Json, key: &'static str) -> Problem {
    Problem {
        at: value.at,
        kind: ParseErrorKind::MissingField {
            field: key,
            expected: "an f-puzzles export with a size and a grid",
        },
    }
}

/// Accepts a rule of no effect (`false`, `null`, an empty list), and
/// refuses any other: it is a rule this solver does not have.
fn refuse(member: &Member) -> Result<(), Problem> {
    let what = match &member.value.value {
        Value::Null | Value::Bool(false) => return Ok(()),
        Value::Array(items) if items.is_empty() => return Ok(()),
        Value::Array(items) => format!(
            "the f-puzzles constraint \"{}\" ({} of them)",
            member.key,
            items.len()
        ),
        _ => format!("the f-puzzles constraint \"{}\"", member.key),
    };
    Err(Problem {
        at: member.key_at,
        kind: ParseErrorKind::Unsupported {
            key: member.key.clone(),
            what,
        },
    })
}

/// Reads a boolean rule.
fn read_flag(member: &Member) -> Result<bool, Problem> {
    match member.value.value {
        Value::Bool(on) => Ok(on),
        Value::Null => Ok(false),
        _ => Err(Problem::bad(&member.key, &member.value, "true or false")),
    }
}

/// Reads the side of the grid.
fn read_size(value: &Json) -> Result<Size, Problem> {
    let size = match value.value {
        Value::Number(side) if side.fract() == 0.0 && side >= 0.0 => Size::from_side(side as usize),
        _ => None,
    };
    size.ok_or_else(|| Problem::bad("size", value, "the side of a grid of a supported size"))
}

/// The regions f-puzzles draws for a grid whose cells name none: the
/// size's own boxes, or rows for a prime side.
fn default_boxes(size: Size) -> (usize, usize) {
    size.box_shape().unwrap_or((1, size.side()))
}

/// Reads the givens of `value` into `grid`, and the boxes: the standard
/// ones, or the regions the cells name.
fn read_grid(value: &Json, size: Size, grid: &mut Grid) -> Result<Boxes, Problem> {
    let n = size.side();
    let rows_expected = || format!("an array of {n} rows of {n} cells");
    let Value::Array(rows) = &value.value else {
        return Err(Problem::bad("grid", value, rows_expected()));
    };
    if rows.len() != n {
        return Err(Problem::bad("grid", value, rows_expected()));
    }
    grid.clear(size);
    let (box_rows, box_columns) = default_boxes(size);
    let default_region =
        |cell: usize| (cell / n / box_rows) * (n / box_columns) + cell % n / box_columns;
    let mut labels: Vec<usize> = (0..n * n).map(default_region).collect();
    let mut custom = false;
    let root = Path::Text("grid");
    for (r, row) in rows.iter().enumerate() {
        let key = root.item(r);
        let Value::Array(cells) = &row.value else {
            return Err(key.bad(row, format!("an array of {n} cells")));
        };
        if cells.len() != n {
            return Err(key.bad(row, format!("an array of {n} cells")));
        }
        for (c, cell_value) in cells.iter().enumerate() {
            let path = key.item(c);
            let expected =
                "the keys of an f-puzzles cell: value, given, region, pencil marks, colours";
            let cell = members(&path, cell_value, &CELL_KEYS, expected)?;
            let given = match get(cell, "given") {
                None => false,
                Some(json) => match json.value {
                    Value::Bool(given) => given,
                    _ => return Err(path.member("given").bad(json, "true or false")),
                },
            };
            if let (true, Some(json)) = (given, get(cell, "value")) {
                match json.value {
                    Value::Number(v) if v.fract() == 0.0 && (1.0..=n as f64).contains(&v) => {
                        grid.set(r * n + c, v as u8);
                    }
                    _ => {
                        let expected = format!("a digit from 1 to {n}");
                        return Err(path.member("value").bad(json, expected));
                    }
                }
            }
            if let Some(json) = get(cell, "region") {
                let key = path.member("region");
                match json.value {
                    Value::Number(k) if k.fract() == 0.0 && (0.0..n as f64).contains(&k) => {
                        labels[r * n + c] = k as usize;
                        custom = true;
                    }
                    Value::Null => {
                        return Err(Problem {
                            at: json.at,
                            kind: ParseErrorKind::Unsupported {
                                key: key.to_string(),
                                what: "a cell outside every region".into(),
                            },
                        })
                    }
                    _ => {
                        let expected = format!("a region number from 0 to {}", n - 1);
                        return Err(key.bad(json, expected));
                    }
                }
            }
        }
    }
    if !custom
        || labels
            .iter()
            .enumerate()
            .all(|(cell, &l)| l == default_region(cell))
    {
        return Ok(Boxes::Standard);
    }
    for label in 0..n {
        let count = labels.iter().filter(|&&l| l == label).count();
        if count != n {
            let found = format!("region {label} with {count} cells");
            let expected = format!("{n} regions of {n} cells");
            return Err(Problem::found("grid", value.at, found, expected));
        }
    }
    Ok(Boxes::Regions(
        labels.into_iter().map(|l| l as u8).collect(),
    ))
}

/// Reads the cells of the entry at `key`, a list such as
/// `["R1C1", "R1C2"]`.
fn read_cells(key: &Path, value: &Json, size: Size) -> Result<Vec<usize>, Problem> {
    let n = size.side();
    let expected = || {
        format!(
            "an array of cells such as \"R1C1\", rows and columns 1 to {n}, each once, at most {n}"
        )
    };
    let Value::Array(items) = &value.value else {
        return Err(key.bad(value, expected()));
    };
    let mut cells = Vec::with_capacity(items.len());
    for item in items {
        let cell = match &item.value {
            Value::String(name) => parse_cell(name, &Frame::square(n)),
            _ => None,
        };
        match cell {
            Some(cell) if !cells.contains(&cell) => cells.push(cell),
            _ => return Err(key.bad(item, expected())),
        }
    }
    if cells.is_empty() || cells.len() > n {
        return Err(key.bad(value, expected()));
    }
    Ok(cells)
}

/// Reads the entries of a list of constraints at `key`, each an object with
/// `cells` and the other keys `keys`: the members of each (entry `k` is at
/// `key.item(k)`). Every entry is checked before any is read.
fn entries<'a>(
    key: &Path,
    value: &'a Json,
    keys: &[&str],
    expected: &'static str,
) -> Result<Vec<&'a [Member]>, Problem> {
    let Value::Array(items) = &value.value else {
        return Err(key.bad(value, "an array of objects with cells"));
    };
    let mut entries = Vec::with_capacity(items.len());
    for (k, item) in items.iter().enumerate() {
        entries.push(members(&key.item(k), item, keys, expected)?);
    }
    Ok(entries)
}

/// Reads `killercage`: cells and an optional sum, written as a string.
fn read_cages(value: &Json, size: Size) -> Result<Vec<Cage>, Problem> {
    let root = Path::Text("killercage");
    let entries = entries(&root, value, &["cells", "value"], "cells and value")?;
    let mut cages = Vec::with_capacity(entries.len());
    for (k, members) in entries.into_iter().enumerate() {
        let path = root.item(k);
        let cells = cells_of(&path, members, value, size)?;
        let sum = match get(members, "value") {
            None => None,
            Some(sum) => {
                let as_number = match &sum.value {
                    Value::String(text) if text.trim().is_empty() => Value::Null,
                    Value::String(text) => text
                        .trim()
                        .parse()
                        .map_or(Value::String(text.clone()), Value::Number),
                    other => other.clone(),
                };
                let number = Json {
                    value: as_number,
                    at: sum.at,
                };
                read_sum(&path.member("value"), &number, cells.len(), size.side())?
            }
        };
        cages.push(Cage { cells, sum });
    }
    Ok(cages)
}

/// Reads `extraregion`: lists of cells.
fn read_regions(value: &Json, size: Size) -> Result<Vec<Vec<usize>>, Problem> {
    let root = Path::Text("extraregion");
    let entries = entries(&root, value, &["cells"], "cells")?;
    let mut regions = Vec::with_capacity(entries.len());
    for (k, members) in entries.into_iter().enumerate() {
        regions.push(cells_of(&root.item(k), members, value, size)?);
    }
    Ok(regions)
}

/// The `cells` of the entry at `path`.
fn cells_of(
    path: &Path,
    members: &[Member],
    entry: &Json,
    size: Size,
) -> Result<Vec<usize>, Problem> {
    let cells =
        get(members, "cells").ok_or_else(|| path.found(entry.at, "no cells", "a cells key"))?;
    read_cells(&path.member("cells"), cells, size)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::sudoku::constraints::Constraint;
    use crate::text::json::parse;

    /// An f-puzzles export of side `n` with `givens` (cell, digit) and the
    /// extra members `extra` (JSON text after the grid, starting with `,`).
    pub(crate) fn export(n: usize, givens: &[(usize, u8)], extra: &str) -> String {
        let rows: Vec<String> = (0..n)
            .map(|r| {
                let cells: Vec<String> = (0..n)
                    .map(
                        |c| match givens.iter().find(|&&(cell, _)| cell == r * n + c) {
                            Some((_, v)) => format!("{{\"value\":{v},\"given\":true}}"),
                            None => "{}".into(),
                        },
                    )
                    .collect();
                format!("[{}]", cells.join(","))
            })
            .collect();
        format!("{{\"size\":{n},\"grid\":[{}]{extra}}}", rows.join(","))
    }

    fn read_text(text: &str) -> Result<Record, String> {
        let value = parse(text).map_err(|e| e.expected.to_string())?;
        let mut record = Record::default();
        read(&value, &mut record).map_err(|p| p.kind.to_string())?;
        Ok(record)
    }

    #[test]
    fn givens_title_and_rules() {
        let text = export(
            9,
            &[(0, 5), (80, 9)],
            r#","title":"Test","author":"me","antiknight":true,"antiking":false,"disjointgroups":true,"nonconsecutive":true,
               "killercage":[{"cells":["R1C2","R1C3"],"value":"10"},{"cells":["R2C2"]}],"extraregion":[{"cells":["R5C5","R6C6"]}]"#,
        );
        let record = read_text(&text).unwrap();
        assert_eq!(record.grid.cells()[0], 5);
        assert_eq!(record.grid.cells()[80], 9);
        assert_eq!(record.grid.cells().iter().filter(|&&v| v > 0).count(), 2);
        assert_eq!(record.title, "Test");
        let rules = &record.rules;
        assert_eq!(rules.boxes, Boxes::Standard);
        assert_eq!(
            rules.variants,
            [
                Variant::AntiKnight,
                Variant::Disjoint,
                Variant::NonConsecutive
            ]
        );
        let cages: Vec<&Cage> = rules.cages().collect();
        assert_eq!(cages.len(), 2);
        assert_eq!(cages[0].cells, [1, 2]);
        assert_eq!(cages[0].sum, Some(10));
        assert_eq!(cages[1].sum, None);
        assert_eq!(rules.extra_regions, [vec![40, 50]]);
    }

    #[test]
    fn a_complete_solution_is_a_claim_and_a_partial_one_is_none() {
        let digits: Vec<String> = (0..16).map(|k| ((k + k / 4) % 4 + 1).to_string()).collect();
        let full = export(4, &[], &format!(r#","solution":[{}]"#, digits.join(",")));
        let claimed = read_text(&full).unwrap().expected_solution.unwrap();
        assert_eq!(claimed.cells()[..5], [1, 2, 3, 4, 2]);
        let partial = full.replacen("[1,", "[null,", 1);
        assert_eq!(read_text(&partial).unwrap().expected_solution, None);
        let short = export(4, &[], r#","solution":[1,2,3]"#);
        assert!(read_text(&short)
            .unwrap_err()
            .starts_with("key solution: found an array of 3; expected an array of 16 digits"));
        let wrong = full.replacen("[1,", "[5,", 1);
        assert!(read_text(&wrong)
            .unwrap_err()
            .starts_with("key solution: found the number 5"));
    }

    #[test]
    fn diagonals_make_x_or_one_extra_region() {
        let both = read_text(&export(4, &[], r#","diagonal+":true,"diagonal-":true"#)).unwrap();
        assert_eq!(both.rules.variants, [Variant::X]);
        assert!(both.rules.extra_regions.is_empty());
        let plus = read_text(&export(4, &[], r#","diagonal+":true"#)).unwrap();
        assert_eq!(plus.rules.extra_regions, [vec![12, 9, 6, 3]]);
        let minus = read_text(&export(4, &[], r#","diagonal-":true"#)).unwrap();
        assert_eq!(minus.rules.extra_regions, [vec![0, 5, 10, 15]]);
    }

    #[test]
    fn digits_not_given_are_left_out() {
        let text =
            export(4, &[], "").replace(r#"[{},"#, r#"[{"value":3,"centerPencilMarks":[1,2]},"#);
        let record = read_text(&text).unwrap();
        assert!(record.grid.cells().iter().all(|&v| v == 0));
    }

    #[test]
    fn regions_named_by_the_cells() {
        // Regions as columns pairs: each 2x2 box swapped for a 4x1 strip.
        let cells: Vec<String> = (0..16)
            .map(|k| format!("{{\"region\":{}}}", k % 4))
            .collect();
        let rows: Vec<String> = cells
            .chunks(4)
            .map(|r| format!("[{}]", r.join(",")))
            .collect();
        let text = format!("{{\"size\":4,\"grid\":[{}]}}", rows.join(","));
        let record = read_text(&text).unwrap();
        assert_eq!(
            record.rules.boxes,
            Boxes::Regions((0..16).map(|k| (k % 4) as u8).collect())
        );
        // The default regions written out are the standard boxes.
        let cells: Vec<String> = (0..16)
            .map(|k| format!("{{\"region\":{}}}", (k / 8) * 2 + k % 4 / 2))
            .collect();
        let rows: Vec<String> = cells
            .chunks(4)
            .map(|r| format!("[{}]", r.join(",")))
            .collect();
        let record = read_text(&format!("{{\"size\":4,\"grid\":[{}]}}", rows.join(","))).unwrap();
        assert_eq!(record.rules.boxes, Boxes::Standard);
    }

    #[test]
    fn every_constraint_key_is_read_with_its_cells() {
        let extra = concat!(
            r##","thermometer":[{"lines":[["R1C1","R1C2","R1C3"],["R1C1","R2C1"]],"outlineC":"#CFCFCF"}]"##,
            r#","difference":[{"cells":["R2C2","R2C3"]},{"cells":["R3C2","R3C3"],"value":"2"}]"#,
            r#","ratio":[{"cells":["R4C1","R4C2"],"value":3}]"#,
            r#","xv":[{"cells":["R4C3","R4C4"],"value":"V"}]"#,
            r#","negative":["ratio","xv"],"nonconsecutive":false"#,
            r#","odd":[{"cell":"R3C1"}],"even":[{"cell":"R3C4"}]"#,
            r#","minimum":[{"cell":"R2C4"}],"maximum":[{"cell":"R1C4"}]"#,
            r#","palindrome":[{"lines":[["R2C1","R3C1","R4C1"]]}]"#,
            r#","clone":[{"cells":["R1C1"],"cloneCells":["R4C4"]}]"#,
            r#","lines":[{"type":"entropic","cells":["R1C2","R2C2","R3C2"]},{"type":"renban","cells":["R4C2","R4C3"]},{"type":"whispers","cells":["R1C3","R2C3"]}]"#,
        );
        let record = read_text(&export(6, &[], extra)).unwrap();
        let cell = |row: usize, column: usize| (row - 1) * 6 + column - 1;
        assert_eq!(
            record.rules.constraints,
            vec![
                Constraint::Thermometer(vec![cell(1, 1), cell(1, 2), cell(1, 3)]),
                Constraint::Thermometer(vec![cell(1, 1), cell(2, 1)]),
                Constraint::WhiteDot {
                    cells: [cell(2, 2), cell(2, 3)],
                    difference: 1
                },
                Constraint::WhiteDot {
                    cells: [cell(3, 2), cell(3, 3)],
                    difference: 2
                },
                Constraint::BlackDot {
                    cells: [cell(4, 1), cell(4, 2)],
                    ratio: 3
                },
                Constraint::Xv {
                    cells: [cell(4, 3), cell(4, 4)],
                    sum: 5
                },
                Constraint::NegativeBlack,
                Constraint::NegativeXv,
                Constraint::Odd(cell(3, 1)),
                Constraint::Even(cell(3, 4)),
                Constraint::Minimum(cell(2, 4)),
                Constraint::Maximum(cell(1, 4)),
                Constraint::Palindrome(vec![cell(2, 1), cell(3, 1), cell(4, 1)]),
                Constraint::Clone {
                    cells: vec![cell(1, 1)],
                    copy: vec![cell(4, 4)]
                },
                Constraint::Entropic(vec![cell(1, 2), cell(2, 2), cell(3, 2)]),
                Constraint::Renban(vec![cell(4, 2), cell(4, 3)]),
                Constraint::Whispers(vec![cell(1, 3), cell(2, 3)]),
            ]
        );
        // Each line of an arrow from its bulb is a shaft.
        let arrow =
            r#","arrow":[{"cells":["R1C1"],"lines":[["R1C1","R1C2","R2C3"],["R1C1","R2C1"]]}]"#;
        let record = read_text(&export(6, &[], arrow)).unwrap();
        assert_eq!(
            record.rules.constraints,
            vec![
                Constraint::Arrow {
                    bulb: vec![cell(1, 1)],
                    shaft: vec![cell(1, 2), cell(2, 3)]
                },
                Constraint::Arrow {
                    bulb: vec![cell(1, 1)],
                    shaft: vec![cell(2, 1)]
                },
            ]
        );
        let text = r#","betweenline":[{"lines":[["R1C1","R2C2","R3C3"]]}],"quadruple":[{"cells":["R1C1","R1C2","R2C1","R2C2"],"values":[1,"2"]}]"#;
        let record = read_text(&export(6, &[], text)).unwrap();
        assert_eq!(
            record.rules.constraints,
            vec![
                Constraint::Between(vec![cell(1, 1), cell(2, 2), cell(3, 3)]),
                Constraint::Quadruple {
                    cells: vec![cell(1, 1), cell(1, 2), cell(2, 1), cell(2, 2)],
                    digits: vec![1, 2]
                },
            ]
        );
        // Clues outside the grid: a little killer's diagonal from its cell
        // and direction, a sandwich's row or column; an empty clue is none.
        let text = r#","littlekillersum":[{"cell":"R0C2","cells":["R1C3"],"direction":"DR","value":"11"},{"cell":"R7C6","direction":"UL","value":""}],"sandwichsum":[{"cell":"R3C7","value":"5"},{"cell":"R0C1","value":0}],"lines":[{"type":"region-sum","cells":["R1C3","R1C4"]}]"#;
        let record = read_text(&export(6, &[], text)).unwrap();
        let column = |c: usize| (1..=6).map(|r| cell(r, c)).collect::<Vec<_>>();
        assert_eq!(
            record.rules.constraints,
            vec![
                Constraint::LittleKiller {
                    cells: vec![cell(1, 3), cell(2, 4), cell(3, 5), cell(4, 6)],
                    sum: 11
                },
                Constraint::Sandwich {
                    cells: (1..=6).rev().map(|c| cell(3, c)).collect(),
                    sum: 5
                },
                Constraint::Sandwich {
                    cells: column(1),
                    sum: 0
                },
                Constraint::RegionSum(vec![cell(1, 3), cell(1, 4)]),
            ]
        );
        // A negative white dot is the non-consecutive rule.
        let record = read_text(&export(6, &[], r#","negative":["difference"]"#)).unwrap();
        assert_eq!(record.rules.variants, vec![Variant::NonConsecutive]);
    }

    #[test]
    fn what_is_not_supported_is_named() {
        let cases = [
            (r#","littlekiller":[{"cell":"R1C1","value":"5"}]"#, "key littlekiller: the f-puzzles constraint \"littlekiller\" (1 of them) is not supported"),
            (r#","quadruple":[{"cells":["R1C1","R1C2","R2C1","R2C2"],"values":[7]}]"#, "key quadruple[0].values[0]: found the number 7; expected 1 to 4 digits from 1 to 4"),
            (r#","quadruple":[{"cells":["R1C1","R1C2","R2C1"],"values":[1]}]"#, "key quadruple[0].cells: found 3 cells; expected four cells"),
            (r#","sandwichsum":[{"cell":"R0C0","value":"5"}]"#, "key sandwichsum[0].cell: found a corner; expected a clue beside a row or column"),
            (r#","sandwichsum":[{"cell":"R2C2","value":"5"}]"#, "key sandwichsum[0].cell: found the string \"R2C2\"; expected a cell beside the grid such as \"r0c1\", rows and columns 0 to 5"),
            (r#","littlekillersum":[{"cell":"R0C1","direction":"UR","value":"5"}]"#, "key littlekillersum[0].cell: found a clue whose diagonal misses the grid; expected a clue beside the grid pointing into it"),
            (r#","littlekillersum":[{"cell":"R0C1","direction":"D","value":"5"}]"#, "key littlekillersum[0].direction: found the string \"D\"; expected \"DR\", \"DL\", \"UR\" or \"UL\""),
            (r#","negative":["kropki"]"#, "key negative[0]: found the string \"kropki\""),
            (r#","thermometer":[{"lines":[["R1C1","R5C2"]]}]"#, "key thermometer[0].lines[0][1]: found the string \"R5C2\""),
            (r#","xv":[{"cells":["R1C1","R1C2"],"value":"Y"}]"#, "key xv[0].value: found the string \"Y\"; expected \"X\" (10), \"V\" (5) or a whole number"),
            (r#","difference":[{"cells":["R1C1"]}]"#, "key difference[0].cells: found 1 cells; expected two cells"),
            (r#","odd":[{"cell":"R1C1","big":true}]"#, "key odd[0].big: found the key big"),
            (r#","newrule":true"#, "key newrule: the f-puzzles constraint \"newrule\" is not supported"),
            (r#","size":4"#, "key size: found the key a second time"),
            (r#","antiking":"yes""#, "key antiking: found the string \"yes\"; expected true or false"),
            (r#","killercage":[{"cells":["R1C1","R1C2"],"value":"20"}]"#, "key killercage[0].value: found the number 20; expected null or a whole number from 3 to 7"),
            (r#","killercage":[{"cells":["R1C1","R9C2"]}]"#, "key killercage[0].cells: found the string \"R9C2\""),
            (r#","extraregion":[{"cells":[]}]"#, "key extraregion[0].cells: found an array of 0"),
            (r#","extraregion":[{"cells":["R1C1"],"value":"1"}]"#, "found unknown key \"extraregion[0].value\""),
        ];
        for (extra, message) in cases {
            let error = read_text(&export(4, &[], extra)).unwrap_err();
            assert!(error.starts_with(message), "{extra}\n{error}");
        }
        // Rules of no effect are no reason to refuse.
        let fine = r#","thermometer":[],"arrow":null,"antiking":false,"author":"x""#;
        assert!(read_text(&export(4, &[], fine)).is_ok());
        let cases = [
            (r#"{"size":37,"grid":[]}"#, "key size: found the number 37"),
            (r#"{"size":4}"#, "found no grid field"),
            (
                r#"{"size":4,"grid":[[],[],[],[]]}"#,
                "key grid[0]: found an array of 0",
            ),
            (
                r#"{"size":4,"grid":[[{},{},{},{"region":null}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}"#,
                "key grid[0][3].region: a cell outside every region",
            ),
            (
                r#"{"size":4,"grid":[[{},{},{},{"region":0}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}"#,
                "key grid: found region 0 with 5 cells",
            ),
            (
                r#"{"size":4,"grid":[[{"value":5,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}"#,
                "key grid[0][0].value: found the number 5; expected a digit from 1 to 4",
            ),
            (
                r#"{"size":4,"grid":[[{"colour":1},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}"#,
                "found unknown key \"grid[0][0].colour\"",
            ),
        ];
        for (text, message) in cases {
            let error = read_text(text).unwrap_err();
            assert!(error.starts_with(message), "{text}\n{error}");
        }
    }

    #[cfg(feature = "fpuzzles")]
    #[test]
    fn base64_strings_unpack_to_their_json() {
        let text = export(4, &[(0, 1)], r#","antiknight":true"#);
        let packed = lz_str::compress_to_base64(text.as_str());
        assert!(looks_like_base64(packed.as_bytes()));
        assert_eq!(unpack(&packed).as_deref(), Some(text.as_str()));
        assert_eq!(unpack("ABCDEFGHIJKLMNOPQRSTUVWXYZ"), None);
        assert!(!looks_like_base64(b"1.3......2.....4"));
    }

    #[cfg(feature = "fpuzzles")]
    #[test]
    fn links_unpack_to_their_json() {
        let text = export(4, &[(5, 2)], "");
        let packed = lz_str::compress_to_base64(text.as_str());
        let link = format!("https://www.f-puzzles.com/?load={packed}");
        assert_eq!(unpack_link(&link).as_deref(), Some(text.as_str()));
        let encoded = packed
            .replace('+', "%2B")
            .replace('/', "%2F")
            .replace('=', "%3D");
        let link = format!("https://www.f-puzzles.com/?lang=en&load={encoded}#top");
        assert_eq!(unpack_link(&link).as_deref(), Some(text.as_str()));
        assert_eq!(unpack_link("https://www.f-puzzles.com/"), None);
    }

    #[test]
    fn default_boxes_are_the_most_square() {
        let boxes = |side| default_boxes(Size::from_side(side).unwrap());
        assert_eq!(boxes(9), (3, 3));
        assert_eq!(boxes(6), (2, 3));
        assert_eq!(boxes(12), (3, 4));
        assert_eq!(boxes(7), (1, 7));
    }
}
