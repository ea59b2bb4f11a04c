//! The rules beyond "once per unit" in JSON: thermometers, kropki dots, XV,
//! negative rules, odd/even, minimum/maximum, palindromes, clones and the
//! line rules, under f-puzzles' own keys in its exports and under the
//! description's keys in a JSON description. Both spell cells `r1c1` (any
//! case) and share this reader, so a rule means the same in either.
//!
//! | rule | f-puzzles | description |
//! | --- | --- | --- |
//! | thermometer | `thermometer: [{lines: [[cells]]}]` | `thermometers: [[cells]]` |
//! | white dot | `difference: [{cells, value?}]` | `white_dots: [{cells, value?}]` |
//! | black dot | `ratio: [{cells, value?}]` | `black_dots: [{cells, value?}]` |
//! | XV | `xv: [{cells, value: "X" or "V"}]` | `xv: [{cells, value}]` |
//! | negative | `negative: ["ratio", "xv"]` | `negative: ["white", "black", "xv"]` |
//! | odd, even, minimum, maximum | `odd: [{cell}]`... | `odd: [cells]`... |
//! | palindrome | `palindrome: [{lines: [[cells]]}]` | `palindromes: [[cells]]` |
//! | clone | `clone: [{cells, cloneCells}]` | `clones: [{cells, copy}]` |
//! | whispers, renban, entropic | `lines: [{type, cells}]` | the same |
//! | arrow | `arrow: [{cells: bulb, lines: [[bulb cell, shaft...]]}]` | `arrows: [{bulb, shaft}]` |
//! | between line | `betweenline: [{lines: [[cells]]}]` | `between_lines: [[cells]]` |
//! | quadruple | `quadruple: [{cells, values: [digits]}]` | `quadruples: [{cells, values}]` |
//! | little killer | `littlekillersum: [{cell, direction, value}]` | `little_killers: [{clue, direction, sum}]` |
//! | sandwich | `sandwichsum: [{cell, value}]` | `sandwiches: [{clue, sum}]` |
//! | region-sum line | `lines: [{type: "region-sum", cells}]` | the same |
//!
//! Cells are named by their row and column in the frame: on a shape of
//! several grids, across the whole frame. The clue of a little killer or a
//! sandwich is a position of the frame with no cell (`r0c3`, `r10c5` on
//! 9x9; on a shape, also a gap between its grids); a little killer's
//! direction, `DR`, `DL`, `UR` or `UL`, points along its diagonal into the
//! grid. The clue's cells run on through the grids that hold the first of
//! them, so a sandwich is one grid's row or column.
//!
//! f-puzzles entries may carry presentation keys (colours, widths), which
//! are strings or numbers and are skipped; any other key is a mistake named
//! by its path.

use crate::sudoku::constraints::Constraint;
use crate::sudoku::frame::Frame;
use crate::sudoku::grid::Size;
use crate::sudoku::rules::Rules;
use crate::sudoku::variants::Variant;
use crate::text::formats::json_parts::{cell_range, get, parse_cell, Path, Problem};
use crate::text::json::{Json, Member, Value};

/// Which JSON a member comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Dialect {
    /// An f-puzzles export.
    Fpuzzles,
    /// The project's JSON description.
    Description,
}

/// The keys of rules this module reads in `dialect`, for messages.
pub(crate) fn keys(dialect: Dialect) -> &'static [&'static str] {
    match dialect {
        Dialect::Fpuzzles => &[
            "thermometer",
            "difference",
            "ratio",
            "xv",
            "negative",
            "odd",
            "even",
            "minimum",
            "maximum",
            "palindrome",
            "clone",
            "lines",
            "arrow",
            "betweenline",
            "quadruple",
            "littlekillersum",
            "sandwichsum",
        ],
        Dialect::Description => &[
            "thermometers",
            "white_dots",
            "black_dots",
            "xv",
            "negative",
            "odd",
            "even",
            "minimum",
            "maximum",
            "palindromes",
            "clones",
            "lines",
            "arrows",
            "between_lines",
            "quadruples",
            "little_killers",
            "sandwiches",
        ],
    }
}

/// Reads the member `key: value` into `rules` when it is one of the rules
/// of this module in `dialect`, its cells named in `frame` (the frame of
/// `rules.shape` on grids of `size`); returns false, reading nothing, when
/// it is not.
///
/// # Errors
///
/// A malformed rule, named by its JSON path.
pub(crate) fn read(
    dialect: Dialect,
    key: &str,
    value: &Json,
    size: Size,
    frame: &Frame,
    rules: &mut Rules,
) -> Result<bool, Problem> {
    if !keys(dialect).contains(&key) {
        return Ok(false);
    }
    // f-puzzles writes null for a rule a puzzle does not have.
    if dialect == Dialect::Fpuzzles && value.value == Value::Null {
        return Ok(true);
    }
    let reader = Reader {
        dialect,
        size,
        frame,
        corners: rules.shape.corners(),
    };
    let root = Path::Text(key);
    let found = &mut rules.constraints;
    match (dialect, key) {
        (
            _,
            "thermometer" | "thermometers" | "palindrome" | "palindromes" | "betweenline"
            | "between_lines",
        ) => {
            let make = match key {
                "thermometer" | "thermometers" => Constraint::Thermometer,
                "palindrome" | "palindromes" => Constraint::Palindrome,
                _ => Constraint::Between,
            };
            let lines = match dialect {
                Dialect::Fpuzzles => reader.nested_lines(&root, value)?,
                Dialect::Description => reader.plain_lines(&root, value)?,
            };
            found.extend(lines.into_iter().map(make));
        }
        (_, "difference" | "white_dots") => {
            for (cells, difference) in reader.pairs(&root, value, Marker::Number(1))? {
                found.push(Constraint::WhiteDot { cells, difference });
            }
        }
        (_, "ratio" | "black_dots") => {
            for (cells, ratio) in reader.pairs(&root, value, Marker::Number(2))? {
                found.push(Constraint::BlackDot { cells, ratio });
            }
        }
        (_, "xv") => {
            for (cells, sum) in reader.pairs(&root, value, Marker::Letter)? {
                found.push(Constraint::Xv { cells, sum });
            }
        }
        (_, "negative") => {
            let names = items(&root, value, "an array of rule names")?;
            for (k, item) in names.iter().enumerate() {
                let rule = match (dialect, &item.value) {
                    (Dialect::Description, Value::String(name)) if name == "white" => {
                        Constraint::NonConsecutive
                    }
                    (_, Value::String(name)) if name == "ratio" || name == "black" => {
                        Constraint::NegativeBlack
                    }
                    (_, Value::String(name)) if name == "xv" => Constraint::NegativeXv,
                    (Dialect::Fpuzzles, Value::String(name)) if name == "difference" => {
                        Constraint::NonConsecutive
                    }
                    _ => {
                        let expected = match dialect {
                            Dialect::Fpuzzles => "\"ratio\", \"xv\" or \"difference\"",
                            Dialect::Description => "\"white\", \"black\" or \"xv\"",
                        };
                        return Err(root.item(k).bad(item, expected));
                    }
                };
                if rule == Constraint::NonConsecutive {
                    rules.variants.push(Variant::NonConsecutive);
                } else if !rules.constraints.contains(&rule) {
                    rules.constraints.push(rule);
                }
            }
            return Ok(true);
        }
        (_, "odd" | "even" | "minimum" | "maximum") => {
            let make = match key {
                "odd" => Constraint::Odd,
                "even" => Constraint::Even,
                "minimum" => Constraint::Minimum,
                _ => Constraint::Maximum,
            };
            found.extend(reader.marked_cells(&root, value)?.into_iter().map(make));
        }
        (Dialect::Fpuzzles, "arrow") => {
            // Each line of an arrow, from a cell of its bulb, is a shaft.
            let entries = reader.entries(&root, value, &["cells", "lines"])?;
            for (k, members) in entries.into_iter().enumerate() {
                let path = root.item(k);
                let bulb = reader.cells_at(&path, members, "cells", value)?;
                let nested = get(members, "lines")
                    .ok_or_else(|| path.found(value.at, "no lines", "a lines key"))?;
                let lines_path = path.member("lines");
                let lines = items(&lines_path, nested, "an array of lines of cells")?;
                for (j, line) in lines.iter().enumerate() {
                    let line_path = lines_path.item(j);
                    let mut shaft = reader.cells(&line_path, line)?;
                    shaft.retain(|cell| !bulb.contains(cell));
                    if shaft.is_empty() {
                        return Err(line_path.bad(line, "a line leaving the bulb"));
                    }
                    found.push(Constraint::Arrow {
                        bulb: bulb.clone(),
                        shaft,
                    });
                }
            }
        }
        (Dialect::Description, "arrows") => {
            let entries = reader.entries(&root, value, &["bulb", "shaft"])?;
            for (k, members) in entries.into_iter().enumerate() {
                let path = root.item(k);
                let bulb = reader.cells_at(&path, members, "bulb", value)?;
                let shaft = reader.cells_at(&path, members, "shaft", value)?;
                found.push(Constraint::Arrow { bulb, shaft });
            }
        }
        (_, "quadruple" | "quadruples") => {
            let entries = reader.entries(&root, value, &["cells", "values"])?;
            for (k, members) in entries.into_iter().enumerate() {
                let path = root.item(k);
                let cells = reader.cells_at(&path, members, "cells", value)?;
                if cells.len() != 4 {
                    let at = get(members, "cells").map_or(value.at, |json| json.at);
                    let found = format!("{} cells", cells.len());
                    return Err(path.member("cells").found(at, found, "four cells"));
                }
                let values = get(members, "values")
                    .ok_or_else(|| path.found(value.at, "no values", "a values key"))?;
                let values_path = path.member("values");
                let side = reader.size.side();
                let expected = || format!("1 to 4 digits from 1 to {side}");
                let items = items(&values_path, values, "an array of digits")?;
                let mut digits = Vec::with_capacity(items.len());
                for (j, digit) in items.iter().enumerate() {
                    match whole(digit) {
                        Some(d) if usize::from(d) <= side => digits.push(d),
                        _ => return Err(values_path.item(j).bad(digit, expected())),
                    }
                }
                if digits.is_empty() || digits.len() > 4 {
                    return Err(values_path.bad(values, expected()));
                }
                found.push(Constraint::Quadruple { cells, digits });
            }
        }
        (_, "littlekillersum" | "little_killers" | "sandwichsum" | "sandwiches") => {
            let killer = key.starts_with("little");
            let (clue_key, sum_key) = match dialect {
                Dialect::Fpuzzles => ("cell", "value"),
                Dialect::Description => ("clue", "sum"),
            };
            // f-puzzles lists a little killer's cells too; they follow from
            // the clue and its direction.
            let keys: &[&str] = match (killer, dialect) {
                (true, Dialect::Fpuzzles) => &["cell", "direction", "value", "cells"],
                (true, Dialect::Description) => &["clue", "direction", "sum"],
                (false, _) => &[clue_key, sum_key],
            };
            for (k, members) in reader.entries(&root, value, keys)?.into_iter().enumerate() {
                let path = root.item(k);
                let Some(sum) = reader.sum(&path, members, sum_key, value)? else {
                    continue;
                };
                let clue = reader.outside(&path, members, clue_key, value)?;
                let clue_path = path.member(clue_key);
                let clue_at = get(members, clue_key).map_or(value.at, |json| json.at);
                let cells = if killer {
                    let step = reader.direction(&path, members, value)?;
                    let cells = reader.ray(clue, step);
                    if cells.is_empty() {
                        let found = "a clue whose diagonal misses the grid";
                        return Err(clue_path.found(
                            clue_at,
                            found,
                            "a clue beside the grid pointing into it",
                        ));
                    }
                    cells
                } else {
                    // The one row or column the clue stands beside.
                    let beside: Vec<(i64, i64)> = [(1, 0), (-1, 0), (0, 1), (0, -1)]
                        .into_iter()
                        .filter(|&(dr, dc)| {
                            reader
                                .frame
                                .cell_at_from_one(clue.0 + dr, clue.1 + dc)
                                .is_some()
                        })
                        .collect();
                    match beside[..] {
                        [step] => reader.ray(clue, step),
                        [] => {
                            let found = match reader.frame.is_full() {
                                true => "a corner",
                                false => "a position beside no row or column",
                            };
                            return Err(clue_path.found(
                                clue_at,
                                found,
                                "a clue beside a row or column",
                            ));
                        }
                        _ => {
                            return Err(clue_path.found(
                                clue_at,
                                "a position beside two grids",
                                "a clue beside one row or column",
                            ));
                        }
                    }
                };
                found.push(match killer {
                    true => Constraint::LittleKiller { cells, sum },
                    false => Constraint::Sandwich { cells, sum },
                });
            }
        }
        (_, "clone" | "clones") => {
            let copy_key = match dialect {
                Dialect::Fpuzzles => "cloneCells",
                Dialect::Description => "copy",
            };
            let entries = reader.entries(&root, value, &["cells", copy_key])?;
            for (k, members) in entries.into_iter().enumerate() {
                let path = root.item(k);
                let cells = reader.cells_at(&path, members, "cells", value)?;
                let copy = reader.cells_at(&path, members, copy_key, value)?;
                if copy.len() != cells.len() {
                    let found = format!("{} cells", copy.len());
                    let expected = format!("as many cells as cells ({})", cells.len());
                    let at = get(members, copy_key).map_or(value.at, |json| json.at);
                    return Err(path.member(copy_key).found(at, found, expected));
                }
                found.push(Constraint::Clone { cells, copy });
            }
        }
        _ => {
            let entries = reader.entries(&root, value, &["type", "cells"])?;
            for (k, members) in entries.into_iter().enumerate() {
                let path = root.item(k);
                let kind = get(members, "type")
                    .ok_or_else(|| path.found(value.at, "no type", "a type key"))?;
                let cells = reader.cells_at(&path, members, "cells", value)?;
                found.push(match &kind.value {
                    Value::String(name) if name == "whispers" => Constraint::Whispers(cells),
                    Value::String(name) if name == "renban" => Constraint::Renban(cells),
                    Value::String(name) if name == "entropic" => Constraint::Entropic(cells),
                    Value::String(name) if name == "region-sum" => Constraint::RegionSum(cells),
                    _ => {
                        let expected = "\"whispers\", \"renban\", \"entropic\" or \"region-sum\"";
                        return Err(path.member("type").bad(kind, expected));
                    }
                });
            }
        }
    }
    Ok(true)
}

/// What the `value` of a marker between two cells is.
#[derive(Debug, Clone, Copy)]
enum Marker {
    /// A whole number, this one when absent.
    Number(u8),
    /// `X` (10), `V` (5), or a whole number.
    Letter,
}

/// Reads the parts of rules in one dialect, on a grid of one size and
/// shape.
struct Reader<'s> {
    dialect: Dialect,
    size: Size,
    /// Where the cells sit: cells are named by their row and column in it.
    frame: &'s Frame,
    /// The corners of the shape's grids, which bound the clues' rays.
    corners: &'s [(usize, usize)],
}

/// The items of `value`, the array at `path` (item `k` is at
/// `path.item(k)`).
fn items<'a>(path: &Path, value: &'a Json, expected: &'static str) -> Result<&'a [Json], Problem> {
    match &value.value {
        Value::Array(items) => Ok(items),
        _ => Err(path.bad(value, expected)),
    }
}

impl Reader<'_> {
    /// The entries of `value`, the array at `path`: objects with the keys
    /// `keys` (and, in f-puzzles, presentation keys), each as its members
    /// (entry `k` is at `path.item(k)`). Every entry is checked before any
    /// is read.
    fn entries<'a>(
        &self,
        path: &Path,
        value: &'a Json,
        keys: &[&str],
    ) -> Result<Vec<&'a [Member]>, Problem> {
        let items = items(path, value, "an array of objects")?;
        let mut found = Vec::with_capacity(items.len());
        for (k, item) in items.iter().enumerate() {
            let path = path.item(k);
            let Value::Object(members) = &item.value else {
                return Err(path.bad(item, "a JSON object"));
            };
            for (k, member) in members.iter().enumerate() {
                let presentation = self.dialect == Dialect::Fpuzzles
                    && matches!(member.value.value, Value::String(_) | Value::Number(_))
                    && !keys.contains(&member.key.as_str());
                if presentation {
                    continue;
                }
                let member_path = path.member(&member.key);
                if !keys.contains(&member.key.as_str()) {
                    let expected = format!("the keys {}", keys.join(", "));
                    return Err(member_path.found(
                        member.key_at,
                        format!("the key {}", member.key),
                        expected,
                    ));
                }
                if members[..k].iter().any(|m| m.key == member.key) {
                    let (found, expected) = ("the key a second time", "each key once");
                    return Err(member_path.found(member.key_at, found, expected));
                }
            }
            found.push(&members[..]);
        }
        Ok(found)
    }

    /// The cells at `path`: an array of distinct cell names.
    fn cells(&self, path: &Path, value: &Json) -> Result<Vec<usize>, Problem> {
        let expected = || {
            let range = cell_range(self.frame);
            format!("an array of cells such as \"r1c1\", {range}")
        };
        let items = items(path, value, "an array of cells")?;
        let mut cells = Vec::with_capacity(items.len());
        for (k, item) in items.iter().enumerate() {
            let cell = match &item.value {
                Value::String(name) => parse_cell(name, self.frame),
                _ => None,
            };
            match cell {
                Some(cell) if cells.contains(&cell) => {
                    return Err(path.item(k).bad(item, "each cell once"))
                }
                Some(cell) => cells.push(cell),
                None => return Err(path.item(k).bad(item, expected())),
            }
        }
        if cells.is_empty() {
            return Err(path.bad(value, "at least one cell"));
        }
        Ok(cells)
    }

    /// The cells under `key` of the entry at `path`.
    fn cells_at(
        &self,
        path: &Path,
        members: &[Member],
        key: &str,
        entry: &Json,
    ) -> Result<Vec<usize>, Problem> {
        let value = get(members, key)
            .ok_or_else(|| path.found(entry.at, format!("no {key}"), format!("a {key} key")))?;
        self.cells(&path.member(key), value)
    }

    /// f-puzzles' lines: entries each with `lines`, an array of lines.
    fn nested_lines(&self, path: &Path, value: &Json) -> Result<Vec<Vec<usize>>, Problem> {
        let entries = self.entries(path, value, &["lines"])?;
        let mut lines = Vec::with_capacity(entries.len());
        for (k, members) in entries.into_iter().enumerate() {
            let path = path.item(k);
            let nested = get(members, "lines")
                .ok_or_else(|| path.found(value.at, "no lines", "a lines key"))?;
            let path = path.member("lines");
            let items = items(&path, nested, "an array of lines of cells")?;
            for (j, line) in items.iter().enumerate() {
                lines.push(self.cells(&path.item(j), line)?);
            }
        }
        Ok(lines)
    }

    /// The description's lines: an array of arrays of cells.
    fn plain_lines(&self, path: &Path, value: &Json) -> Result<Vec<Vec<usize>>, Problem> {
        let lines = items(path, value, "an array of lines of cells")?;
        lines
            .iter()
            .enumerate()
            .map(|(k, line)| self.cells(&path.item(k), line))
            .collect()
    }

    /// Marked cells: f-puzzles' entries with `cell`, or the description's
    /// array of cells.
    fn marked_cells(&self, path: &Path, value: &Json) -> Result<Vec<usize>, Problem> {
        if self.dialect == Dialect::Description {
            return self.cells(path, value);
        }
        let entries = self.entries(path, value, &["cell"])?;
        let mut cells = Vec::with_capacity(entries.len());
        for (k, members) in entries.into_iter().enumerate() {
            let path = path.item(k);
            let cell = get(members, "cell")
                .ok_or_else(|| path.found(value.at, "no cell", "a cell key"))?;
            match &cell.value {
                Value::String(name) if parse_cell(name, self.frame).is_some() => {
                    cells.extend(parse_cell(name, self.frame));
                }
                _ => {
                    let range = cell_range(self.frame);
                    let expected = format!("a cell such as \"R1C1\", {range}");
                    return Err(path.member("cell").bad(cell, expected));
                }
            }
        }
        Ok(cells)
    }

    /// The clue under `key` of the entry at `path`: a position beside the
    /// grid such as `r0c3`, as (row, column) from 1 in the frame, 0 and
    /// one past its last row or column outside; on a shape of several
    /// grids, also a position between the grids with no cell.
    fn outside(
        &self,
        path: &Path,
        members: &[Member],
        key: &str,
        entry: &Json,
    ) -> Result<(i64, i64), Problem> {
        let (rows, columns) = (self.frame.rows() as i64, self.frame.columns() as i64);
        let json = get(members, key)
            .ok_or_else(|| path.found(entry.at, format!("no {key}"), format!("a {key} key")))?;
        let parsed = match &json.value {
            Value::String(name) => name.strip_prefix(['r', 'R']).and_then(|rest| {
                let (row, column) = rest.split_once(['c', 'C'])?;
                let number = |text: &str| -> Option<i64> {
                    text.bytes()
                        .all(|b| b.is_ascii_digit())
                        .then(|| text.parse().ok())?
                };
                Some((number(row)?, number(column)?))
            }),
            _ => None,
        };
        match parsed {
            Some((r, c))
                if r <= rows + 1
                    && c <= columns + 1
                    && self.frame.cell_at_from_one(r, c).is_none() =>
            {
                Ok((r, c))
            }
            _ if rows == columns && self.frame.is_full() => Err(path.member(key).bad(
                json,
                format!(
                    "a cell beside the grid such as \"r0c1\", rows and columns 0 to {}",
                    rows + 1
                ),
            )),
            _ => Err(path.member(key).bad(
                json,
                format!(
                    "a position with no cell beside a grid, such as \"r0c1\", \
                     rows 0 to {} and columns 0 to {}",
                    rows + 1,
                    columns + 1
                ),
            )),
        }
    }

    /// The cells from the clue at (`row`, `column`) (from 1, in the frame)
    /// stepping by `step` while inside a grid that holds the first of them:
    /// the whole row or column of a grid for a sandwich, a diagonal up to
    /// the edge of those grids for a little killer. None when the step
    /// from the clue meets no cell.
    fn ray(&self, (row, column): (i64, i64), (dr, dc): (i64, i64)) -> Vec<usize> {
        let n = self.size.side() as i64;
        let (first_row, first_column) = (row + dr, column + dc);
        let holds = |(top, left): (usize, usize), r: i64, c: i64| {
            let (top, left) = (top as i64 + 1, left as i64 + 1);
            (top..top + n).contains(&r) && (left..left + n).contains(&c)
        };
        let grids: Vec<(usize, usize)> = (self.corners.iter().copied())
            .filter(|&corner| holds(corner, first_row, first_column))
            .collect();
        let mut cells = Vec::new();
        let (mut r, mut c) = (first_row, first_column);
        while grids.iter().any(|&corner| holds(corner, r, c)) {
            cells.extend(self.frame.cell_at_from_one(r, c));
            r += dr;
            c += dc;
        }
        cells
    }

    /// The direction of a little killer's entry at `path`, as a step.
    fn direction(
        &self,
        path: &Path,
        members: &[Member],
        entry: &Json,
    ) -> Result<(i64, i64), Problem> {
        const STEPS: [(&str, (i64, i64)); 4] = [
            ("DR", (1, 1)),
            ("DL", (1, -1)),
            ("UR", (-1, 1)),
            ("UL", (-1, -1)),
        ];
        let json = get(members, "direction")
            .ok_or_else(|| path.found(entry.at, "no direction", "a direction key"))?;
        let step = match &json.value {
            Value::String(text) => STEPS
                .iter()
                .find(|(name, _)| text.eq_ignore_ascii_case(name))
                .map(|&(_, step)| step),
            _ => None,
        };
        step.ok_or_else(|| {
            let expected = "\"DR\", \"DL\", \"UR\" or \"UL\"";
            path.member("direction").bad(json, expected)
        })
    }

    /// The sum under `key` of the entry at `path`: a whole number from 0
    /// to 999, as a number or a string; `None` for f-puzzles' empty clue.
    fn sum(
        &self,
        path: &Path,
        members: &[Member],
        key: &str,
        entry: &Json,
    ) -> Result<Option<u32>, Problem> {
        let json = get(members, key)
            .ok_or_else(|| path.found(entry.at, format!("no {key}"), format!("a {key} key")))?;
        let number = match &json.value {
            Value::String(text) if text.trim().is_empty() && self.dialect == Dialect::Fpuzzles => {
                return Ok(None)
            }
            Value::String(text) => text.trim().parse::<f64>().ok(),
            Value::Number(number) => Some(*number),
            _ => None,
        };
        match number {
            Some(x) if x.fract() == 0.0 && (0.0..=999.0).contains(&x) => Ok(Some(x as u32)),
            _ => Err(path.member(key).bad(json, "a whole number from 0 to 999")),
        }
    }

    /// Markers between two cells: entries with `cells` (two) and a `value`.
    fn pairs(
        &self,
        path: &Path,
        value: &Json,
        marker: Marker,
    ) -> Result<Vec<([usize; 2], u8)>, Problem> {
        let entries = self.entries(path, value, &["cells", "value"])?;
        let mut pairs = Vec::with_capacity(entries.len());
        for (k, members) in entries.into_iter().enumerate() {
            let path = path.item(k);
            let cells = self.cells_at(&path, members, "cells", value)?;
            let Ok(cells) = <[usize; 2]>::try_from(&cells[..]) else {
                let at = get(members, "cells").map_or(value.at, |json| json.at);
                let found = format!("{} cells", cells.len());
                return Err(path.member("cells").found(at, found, "two cells"));
            };
            let number = match (marker, get(members, "value")) {
                (Marker::Number(default), None) => default,
                (Marker::Number(default), Some(json)) => match &json.value {
                    Value::String(text) if text.trim().is_empty() => default,
                    _ => whole(json).ok_or_else(|| {
                        path.member("value")
                            .bad(json, "a whole number from 1 to 99")
                    })?,
                },
                (Marker::Letter, found) => {
                    let letter = found.and_then(|json| match &json.value {
                        Value::String(text) if text.eq_ignore_ascii_case("x") => Some(10),
                        Value::String(text) if text.eq_ignore_ascii_case("v") => Some(5),
                        _ => whole(json),
                    });
                    letter.ok_or_else(|| {
                        let expected = "\"X\" (10), \"V\" (5) or a whole number";
                        match found {
                            Some(json) => path.member("value").bad(json, expected),
                            None => path.found(value.at, "no value", expected),
                        }
                    })?
                }
            };
            pairs.push((cells, number));
        }
        Ok(pairs)
    }
}

/// A whole number from 1 to 99, written as a number or a string.
fn whole(json: &Json) -> Option<u8> {
    let number = match &json.value {
        Value::Number(number) => *number,
        Value::String(text) => text.trim().parse().ok()?,
        _ => return None,
    };
    (number.fract() == 0.0 && (1.0..=99.0).contains(&number)).then_some(number as u8)
}
