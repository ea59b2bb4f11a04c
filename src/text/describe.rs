//! Writing a puzzle with its rules as the one-line JSON description that
//! the reader reads back ([`crate::text::formats::description`]): what
//! `generate -f json` prints and what `-f json` answers echo, so that a
//! puzzle and its rules go through a pipe of commands unchanged.

use std::io::Write as _;

use crate::sudoku::constraint_kind::ConstraintKind;
use crate::sudoku::constraints::{Cage, Constraint};
use crate::sudoku::frame::Frame;
use crate::sudoku::grid::{Grid, Size};
use crate::sudoku::rules::{Boxes, Rules};
use crate::sudoku::shape::Shape;
use crate::text::alphabet::Alphabet;
use crate::text::formats::json_parts::cell_name;
use crate::text::regions::region_label;

/// Appends the JSON description of `grid` under `rules`, titled `title`
/// when it is not empty, to `out`, without a line end. Rules that are the
/// defaults are left out.
///
/// # Example
///
/// ```
/// use sudoku_dlx::{write_description, Grid, PuzzleReader, Record, Rules, Variant};
///
/// let grid: Grid = "1.3......2.....4".parse().unwrap();
/// let rules = Rules { variants: vec![Variant::X], ..Rules::default() };
/// let mut out = Vec::new();
/// write_description(&mut out, &grid, &rules, "a 4x4");
/// assert_eq!(
///     String::from_utf8(out.clone()).unwrap(),
///     r#"{"givens":"1.3......2.....4","variants":["x"],"title":"a 4x4"}"#
/// );
/// let mut record = Record::default();
/// PuzzleReader::new(&out[..]).read_record(&mut record).unwrap().unwrap();
/// assert_eq!((record.grid, record.rules), (grid, rules));
/// ```
pub fn write_description(out: &mut Vec<u8>, grid: &Grid, rules: &Rules, title: &str) {
    out.extend_from_slice(b"{\"givens\":\"");
    out.extend(grid.cells().iter().map(|&v| match v {
        0 => b'.',
        v => Alphabet::STANDARD.encode(v),
    }));
    out.push(b'"');
    write_rules(out, rules, grid.size());
    if !title.is_empty() {
        out.extend_from_slice(b",\"title\":");
        write_string(out, title);
    }
    out.push(b'}');
}

/// Appends the members of a JSON description that say how `rules` differ
/// from the defaults, each after a comma (`,"boxes":"2x3","variants":["x"]`),
/// for a grid of `size`; nothing for the classic rules.
pub fn write_rules(out: &mut Vec<u8>, rules: &Rules, size: Size) {
    let frame = rules.shape.frame(size);
    match &rules.shape {
        Shape::Square => {}
        Shape::Named(shape) => {
            let _ = write!(out, ",\"shape\":\"{}\"", shape.name());
        }
        Shape::Grids(corners) => {
            out.extend_from_slice(b",\"grids\":");
            write_array(out, corners, |out, (row, column)| {
                let _ = write!(out, "[{row},{column}]");
            });
        }
    }
    match &rules.boxes {
        Boxes::Standard => {}
        Boxes::Shape { rows, columns } => {
            let _ = write!(out, ",\"boxes\":\"{rows}x{columns}\"");
        }
        Boxes::None => out.extend_from_slice(b",\"boxes\":\"none\""),
        Boxes::Regions(labels) => {
            out.extend_from_slice(b",\"regions\":\"");
            out.extend(labels.iter().map(|&region| region_label(region) as u8));
            out.push(b'"');
        }
    }
    if !rules.variants.is_empty() {
        out.extend_from_slice(b",\"variants\":");
        write_array(out, &rules.variants, |out, variant| {
            let _ = write!(out, "\"{}\"", variant.name());
        });
    }
    let cages: Vec<&Cage> = rules.cages().collect();
    if !cages.is_empty() {
        out.extend_from_slice(b",\"cages\":");
        write_array(out, &cages, |out, cage| {
            out.push(b'{');
            if let Some(sum) = cage.sum {
                let _ = write!(out, "\"sum\":{sum},");
            }
            out.extend_from_slice(b"\"cells\":");
            write_cells(out, &cage.cells, &frame);
            out.push(b'}');
        });
    }
    if !rules.extra_regions.is_empty() {
        out.extend_from_slice(b",\"extra_regions\":");
        write_array(out, &rules.extra_regions, |out, cells| {
            write_cells(out, cells, &frame)
        });
    }
    write_constraints(out, &rules.constraints, &frame);
}

/// Appends the rules beyond "once per unit", kind by kind under the keys of
/// the description (those of `formats::constraint_json`), leaving out the
/// kinds the puzzle does not have.
fn write_constraints(out: &mut Vec<u8>, constraints: &[Constraint], frame: &Frame) {
    use ConstraintKind as Kind;
    let of = |kinds: &[Kind]| -> Vec<&Constraint> {
        constraints
            .iter()
            .filter(|constraint| kinds.contains(&constraint.kind()))
            .collect()
    };
    let lines = |out: &mut Vec<u8>, key: &str, kind: Kind| {
        let found = of(&[kind]);
        if !found.is_empty() {
            let _ = write!(out, ",\"{key}\":");
            write_array(out, &found, |out, constraint| {
                write_cells(out, &constraint.cells(), frame)
            });
        }
    };
    let markers = |out: &mut Vec<u8>, key: &str, kind: Kind| {
        let found = of(&[kind]);
        if !found.is_empty() {
            let _ = write!(out, ",\"{key}\":");
            write_array(out, &found, |out, constraint| {
                let value = match constraint {
                    Constraint::WhiteDot { difference, .. } => *difference,
                    Constraint::BlackDot { ratio, .. } => *ratio,
                    Constraint::Xv { sum, .. } => *sum,
                    _ => unreachable!("a marker between two cells"),
                };
                out.extend_from_slice(b"{\"cells\":");
                write_cells(out, &constraint.cells(), frame);
                let _ = write!(out, ",\"value\":{value}}}");
            });
        }
    };
    lines(out, "thermometers", Kind::Thermometer);
    markers(out, "white_dots", Kind::WhiteDot);
    markers(out, "black_dots", Kind::BlackDot);
    markers(out, "xv", Kind::Xv);
    let negative = of(&[Kind::NegativeBlack, Kind::NegativeXv]);
    if !negative.is_empty() {
        out.extend_from_slice(b",\"negative\":");
        write_array(out, &negative, |out, constraint| {
            let name = match constraint.kind() {
                Kind::NegativeBlack => "black",
                _ => "xv",
            };
            let _ = write!(out, "\"{name}\"");
        });
    }
    for (key, kind) in [
        ("odd", Kind::Odd),
        ("even", Kind::Even),
        ("minimum", Kind::Minimum),
        ("maximum", Kind::Maximum),
    ] {
        let cells: Vec<usize> = of(&[kind]).iter().flat_map(|c| c.cells()).collect();
        if !cells.is_empty() {
            let _ = write!(out, ",\"{key}\":");
            write_cells(out, &cells, frame);
        }
    }
    lines(out, "palindromes", Kind::Palindrome);
    keyed(out, "clones", &of(&[Kind::Clone]), |out, constraint| {
        if let Constraint::Clone { cells, copy } = constraint {
            write_two(out, ("cells", cells), ("copy", copy), frame);
        }
    });
    keyed(out, "arrows", &of(&[Kind::Arrow]), |out, constraint| {
        if let Constraint::Arrow { bulb, shaft } = constraint {
            write_two(out, ("bulb", bulb), ("shaft", shaft), frame);
        }
    });
    lines(out, "between_lines", Kind::Between);
    keyed(
        out,
        "quadruples",
        &of(&[Kind::Quadruple]),
        |out, constraint| {
            if let Constraint::Quadruple { cells, digits } = constraint {
                out.extend_from_slice(b"{\"cells\":");
                write_cells(out, cells, frame);
                out.extend_from_slice(b",\"values\":");
                write_array(out, digits, |out, digit| {
                    let _ = write!(out, "{digit}");
                });
                out.push(b'}');
            }
        },
    );
    keyed(
        out,
        "little_killers",
        &of(&[Kind::LittleKiller]),
        |out, constraint| {
            if let Constraint::LittleKiller { sum, .. } = constraint {
                let ((row, column), (dr, dc)) = constraint.clue(frame).unwrap_or_default();
                let direction = match (dr, dc) {
                    (1, 1) => "DR",
                    (1, _) => "DL",
                    (_, 1) => "UR",
                    _ => "UL",
                };
                let _ = write!(
                    out,
                    "{{\"clue\":\"r{row}c{column}\",\"direction\":\"{direction}\",\"sum\":{sum}}}"
                );
            }
        },
    );
    keyed(
        out,
        "sandwiches",
        &of(&[Kind::Sandwich]),
        |out, constraint| {
            if let Constraint::Sandwich { sum, .. } = constraint {
                let ((row, column), _) = constraint.clue(frame).unwrap_or_default();
                let _ = write!(out, "{{\"clue\":\"r{row}c{column}\",\"sum\":{sum}}}");
            }
        },
    );
    let drawn = of(&[
        Kind::Whispers,
        Kind::Renban,
        Kind::Entropic,
        Kind::RegionSum,
    ]);
    if !drawn.is_empty() {
        out.extend_from_slice(b",\"lines\":");
        write_array(out, &drawn, |out, constraint| {
            let kind = match constraint.kind() {
                Kind::Whispers => "whispers",
                Kind::Renban => "renban",
                Kind::RegionSum => "region-sum",
                _ => "entropic",
            };
            let _ = write!(out, "{{\"type\":\"{kind}\",\"cells\":");
            write_cells(out, &constraint.cells(), frame);
            out.push(b'}');
        });
    }
}

/// Appends an object of two keys, each with its cells.
fn write_two(out: &mut Vec<u8>, first: (&str, &[usize]), second: (&str, &[usize]), frame: &Frame) {
    let _ = write!(out, "{{\"{}\":", first.0);
    write_cells(out, first.1, frame);
    let _ = write!(out, ",\"{}\":", second.0);
    write_cells(out, second.1, frame);
    out.push(b'}');
}

/// Appends `,"key":` and `items` as a JSON array, each written by `write`;
/// nothing when there are none.
fn keyed<T>(out: &mut Vec<u8>, key: &str, items: &[T], write: impl FnMut(&mut Vec<u8>, &T)) {
    if !items.is_empty() {
        let _ = write!(out, ",\"{key}\":");
        write_array(out, items, write);
    }
}

/// Appends `items` as a JSON array, each written by `write`.
fn write_array<T>(out: &mut Vec<u8>, items: &[T], mut write: impl FnMut(&mut Vec<u8>, &T)) {
    out.push(b'[');
    for (k, item) in items.iter().enumerate() {
        if k > 0 {
            out.push(b',');
        }
        write(out, item);
    }
    out.push(b']');
}

/// Appends `cells` as a JSON array of names such as `"r1c1"`, their rows
/// and columns in `frame`.
fn write_cells(out: &mut Vec<u8>, cells: &[usize], frame: &Frame) {
    write_array(out, cells, |out, &cell| {
        let _ = write!(out, "\"{}\"", cell_name(cell, frame));
    });
}

/// Appends `text` as a JSON string.
fn write_string(out: &mut Vec<u8>, text: &str) {
    out.push(b'"');
    for c in text.chars() {
        match c {
            '"' => out.extend_from_slice(b"\\\""),
            '\\' => out.extend_from_slice(b"\\\\"),
            '\n' => out.extend_from_slice(b"\\n"),
            '\r' => out.extend_from_slice(b"\\r"),
            '\t' => out.extend_from_slice(b"\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => {
                let mut buffer = [0; 4];
                out.extend_from_slice(c.encode_utf8(&mut buffer).as_bytes());
            }
        }
    }
    out.push(b'"');
}

/// Appends the killer cages `cages`, cells named by their row and column
/// in `frame`, one comment line each (`# cage 3, sum 15: r1c1 r1c2`), to
/// go under a grid block: a reader passes comment lines over, so the block
/// still reads back as its grid.
///
/// # Example
///
/// ```
/// use sudoku_dlx::{write_cage_list, Cage, Frame};
///
/// let cages = [Cage { cells: vec![0, 1], sum: Some(7) }, Cage { cells: vec![5, 9], sum: None }];
/// let mut out = Vec::new();
/// write_cage_list(&mut out, &cages, &Frame::square(4));
/// assert_eq!(out, b"# cage 1, sum 7: r1c1 r1c2\n# cage 2: r2c2 r3c2\n");
/// ```
pub fn write_cage_list(out: &mut Vec<u8>, cages: &[Cage], frame: &Frame) {
    for (index, cage) in cages.iter().enumerate() {
        let _ = write!(out, "# cage {}", index + 1);
        if let Some(sum) = cage.sum {
            let _ = write!(out, ", sum {sum}");
        }
        out.push(b':');
        for &cell in &cage.cells {
            let _ = write!(out, " {}", frame.position(cell));
        }
        out.push(b'\n');
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::random::Rng;
    use crate::sudoku::variants::Variant;
    use crate::text::reader::PuzzleReader;
    use crate::text::record::Record;

    /// Writes the description and reads it back.
    fn round_trip(grid: &Grid, rules: &Rules, title: &str) -> Record {
        let mut out = Vec::new();
        write_description(&mut out, grid, rules, title);
        out.push(b'\n');
        let mut reader = PuzzleReader::new(&out[..]);
        let mut record = Record::default();
        let text = String::from_utf8_lossy(&out).into_owned();
        reader
            .read_record(&mut record)
            .expect("one record")
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        assert!(reader.read_record(&mut Record::default()).is_none());
        record
    }

    /// Random rules of every kind for a grid of `size`.
    fn random_rules(rng: &mut Rng, size: Size) -> Rules {
        let n = size.side();
        let boxes = match rng.below(4) {
            0 => Boxes::Standard,
            1 => Boxes::None,
            2 => {
                // Rows of the grid, shifted: a region layout of n cells each.
                let shift = 1 + rng.below(n - 1);
                Boxes::Regions(
                    (0..n * n)
                        .map(|cell| ((cell + shift) / n % n) as u8)
                        .collect(),
                )
            }
            _ => {
                let rows = (2..n).find(|r| n % r == 0).unwrap_or(2);
                Boxes::Shape {
                    rows,
                    columns: n / rows,
                }
            }
        };
        let mut rules = Rules {
            boxes,
            ..Rules::default()
        };
        for variant in Variant::ALL {
            if rng.below(3) == 0 {
                rules.variants.push(variant);
            }
        }
        let mut free: Vec<usize> = (0..n * n).collect();
        for _ in 0..rng.below(4) {
            let cells: Vec<usize> = (0..1 + rng.below(3))
                .map(|_| free.swap_remove(rng.below(free.len())))
                .collect();
            let low = cells.len() * (cells.len() + 1) / 2;
            let sum = (rng.below(2) == 0).then(|| (low + rng.below(2)) as u32);
            rules
                .constraints
                .push(Constraint::KillerCage(Cage { cells, sum }));
        }
        for _ in 0..rng.below(3) {
            let count = 1 + rng.below(n);
            let start = rng.below(n * n - count + 1);
            rules.extra_regions.push((start..start + count).collect());
        }
        // One constraint of each kind now and then, in the order the
        // description writes them.
        let line = |rng: &mut Rng, length: usize| -> Vec<usize> {
            let start = rng.below(n * n - length + 1);
            (start..start + length).collect()
        };
        let pair = |rng: &mut Rng| -> [usize; 2] {
            let first = rng.below(n * n - 1);
            [first, first + 1]
        };
        let mut constraints = Vec::new();
        for kind in 0..15 {
            if rng.below(3) != 0 {
                continue;
            }
            let length = 2 + rng.below(n - 1);
            constraints.push(match kind {
                0 => Constraint::Thermometer(line(rng, length)),
                1 => Constraint::WhiteDot {
                    cells: pair(rng),
                    difference: 1 + rng.below(2) as u8,
                },
                2 => Constraint::BlackDot {
                    cells: pair(rng),
                    ratio: 2,
                },
                3 => Constraint::Xv {
                    cells: pair(rng),
                    sum: 5,
                },
                4 => Constraint::NegativeBlack,
                5 => Constraint::NegativeXv,
                6 => Constraint::Odd(rng.below(n * n)),
                7 => Constraint::Even(rng.below(n * n)),
                8 => Constraint::Minimum(rng.below(n * n)),
                9 => Constraint::Maximum(rng.below(n * n)),
                10 => Constraint::Palindrome(line(rng, 3)),
                11 => Constraint::Clone {
                    cells: vec![0, 1],
                    copy: vec![n * n - 2, n * n - 1],
                },
                12 => Constraint::Whispers(line(rng, 3)),
                13 => Constraint::Renban(line(rng, 3)),
                _ => Constraint::Entropic(line(rng, 4)),
            });
        }
        rules.constraints.extend(constraints);
        rules
    }

    #[test]
    fn descriptions_read_back_as_written() {
        let mut rng = Rng::from_seed(7);
        for size in [Size::FOUR, Size::SIX, Size::NINE, Size::SIXTEEN] {
            for round in 0..50 {
                let n = size.side();
                let mut grid = Grid::empty(size);
                for _ in 0..rng.below(n * 2) {
                    grid.set(rng.below(n * n), 1 + rng.below(n) as u8);
                }
                let rules = random_rules(&mut rng, size);
                let title = ["", "plain", "quote \" back\\slash\ttab é\u{1}"][round % 3];
                let record = round_trip(&grid, &rules, title);
                assert_eq!(record.grid, grid);
                assert_eq!(record.rules, rules);
                assert_eq!(record.title, title);
            }
        }
    }

    #[test]
    fn classic_rules_write_nothing() {
        let mut out = Vec::new();
        write_rules(&mut out, &Rules::default(), Size::NINE);
        assert!(out.is_empty());
    }
}
