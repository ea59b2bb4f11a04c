//! The JSON Schema of the puzzle description, `docs/puzzle.schema.json`,
//! and the reader agree: every example the schema takes is read, every one
//! it refuses is refused, and the examples that only the reader can refuse
//! (what depends on the size of the grid) are listed as such. Descriptions
//! written by `write_description` obey the schema.
//!
//! The schema is checked by a small validator written here for the keywords
//! the schema uses, so that no validator crate is needed.

use std::path::Path;

use regex::Regex;
use serde_json::Value;
use sudoku_dlx::{
    write_description, Boxes, Cage, Constraint, Grid, NamedShape, PuzzleReader, ReadError, Record,
    Rules, Shape, Size, Variant,
};

/// The schema, read from the docs.
fn schema() -> Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/puzzle.schema.json");
    let text = std::fs::read_to_string(&path).unwrap();
    serde_json::from_str(&text).expect("the schema is JSON")
}

/// Whether `value` obeys `schema`, whose `$ref`s point into `root`.
fn obeys(value: &Value, schema: &Value, root: &Value) -> bool {
    let Value::Object(keywords) = schema else {
        return true;
    };
    keywords
        .iter()
        .all(|(keyword, rule)| match keyword.as_str() {
            "$ref" => {
                let name = rule.as_str().unwrap().trim_start_matches("#/$defs/");
                obeys(value, &root["$defs"][name], root)
            }
            "type" => match rule {
                Value::Array(types) => types.iter().any(|t| is_type(value, t.as_str().unwrap())),
                _ => is_type(value, rule.as_str().unwrap()),
            },
            "required" => rule
                .as_array()
                .unwrap()
                .iter()
                .all(|key| value.get(key.as_str().unwrap()).is_some()),
            "properties" => match value {
                Value::Object(members) => members
                    .iter()
                    .all(|(key, member)| rule.get(key).is_none_or(|s| obeys(member, s, root))),
                _ => true,
            },
            "additionalProperties" => match value {
                Value::Object(members) => members
                    .keys()
                    .all(|key| keywords["properties"].get(key).is_some()),
                _ => true,
            },
            "not" => !obeys(value, rule, root),
            "anyOf" => rule
                .as_array()
                .unwrap()
                .iter()
                .any(|schema| obeys(value, schema, root)),
            "items" => match value {
                Value::Array(items) => items.iter().all(|item| obeys(item, rule, root)),
                _ => true,
            },
            "enum" => rule.as_array().unwrap().contains(value),
            "pattern" => value
                .as_str()
                .is_none_or(|text| Regex::new(rule.as_str().unwrap()).unwrap().is_match(text)),
            "minLength" => value
                .as_str()
                .is_none_or(|text| text.chars().count() as u64 >= rule.as_u64().unwrap()),
            "minItems" => value
                .as_array()
                .is_none_or(|items| items.len() as u64 >= rule.as_u64().unwrap()),
            "maxItems" => value
                .as_array()
                .is_none_or(|items| items.len() as u64 <= rule.as_u64().unwrap()),
            "uniqueItems" => value.as_array().is_none_or(|items| {
                items
                    .iter()
                    .enumerate()
                    .all(|(k, item)| !items[..k].contains(item))
            }),
            "minimum" => value
                .as_f64()
                .is_none_or(|number| number >= rule.as_f64().unwrap()),
            "maximum" => value
                .as_f64()
                .is_none_or(|number| number <= rule.as_f64().unwrap()),
            "$schema" | "title" | "description" | "$defs" => true,
            other => panic!("the validator of this test does not know the keyword {other}"),
        })
}

fn is_type(value: &Value, name: &str) -> bool {
    match name {
        "object" => value.is_object(),
        "array" => value.is_array(),
        "string" => value.is_string(),
        "null" => value.is_null(),
        "integer" => value.as_f64().is_some_and(|x| x.fract() == 0.0),
        other => panic!("the validator of this test does not know the type {other}"),
    }
}

/// Whether the reader reads `line` as one puzzle.
fn reads(line: &str) -> bool {
    let mut reader = PuzzleReader::new(line.as_bytes());
    let mut record = Record::default();
    match reader.read_record(&mut record) {
        Some(Ok(())) => true,
        // A line in brackets is a section header of .sdk files: no record.
        Some(Err(ReadError::Parse(_))) | None => false,
        Some(Err(error)) => panic!("{line}: {error}"),
    }
}

/// Lines both take.
const VALID: &[&str] = &[
    r#"{"givens": "1.3......2.....4"}"#,
    r#"{"givens": "1.3......2.....4", "boxes": "2x2", "variants": [], "title": ""}"#,
    r#"{"givens": "1.3......2.....4", "boxes": "none", "variants": ["x", "anti-king", "x"]}"#,
    r#"{"givens": "1.3......2.....4", "regions": "aabbaabbccddccdd"}"#,
    r#"{"givens": "1.3......2.....4", "cages": [{"cells": ["r1c2", "R2C2"], "sum": 3}, {"cells": ["r4c4"], "sum": null}, {"cells": ["r3c3"]}]}"#,
    r#"{"givens": "1.3......2.....4", "extra_regions": [["r1c1"], ["r2c2", "r3c3", "r4c4", "r1c4"]]}"#,
    r#"{"source": "a.txt", "line": 2, "title": "t", "puzzle": "1.3......2.....4", "status": "solved", "solution": "1432321441232341", "variants": ["x"]}"#,
    r#"{"givens": "1.3......2.....4", "between_lines": [["r1c1", "r2c2", "r3c3"]], "quadruples": [{"cells": ["r2c2", "r2c3", "r3c2", "r3c3"], "values": [1, 1]}]}"#,
    r#"{"givens": "1.3......2.....4", "little_killers": [{"clue": "r0c1", "direction": "DR", "sum": 10}], "sandwiches": [{"clue": "r2c5", "sum": 0}], "lines": [{"type": "region-sum", "cells": ["r1c2", "r1c3"]}]}"#,
    r#"{"puzzle": "1.3......2.....4", "count": 2, "limit_reached": true, "score": 3, "level": "hard", "error": "", "column": 1, "solutions": []}"#,
    r#"{"item": 1, "seed": 7, "givens": "1.3......2.....4", "clues": 3, "level": "easy", "hardest": "hidden single", "branches": 0, "candidates": [], "minimal": true, "redundant": [], "symmetry": []}"#,
    concat!(r#"{"givens": ""#, ".........................................................................................................................................................", r#"", "shape": "twodoku", "cages": [{"cells": ["r7c7", "r7c8"], "sum": 3}], "sandwiches": [{"clue": "r11c6", "sum": 5}]}"#),
    r#"{"givens": "1.3......2.....4", "grids": [[0, 0]], "thermometers": [["r1c1", "r1c2"]]}"#,
];

/// Lines both refuse.
const INVALID: &[&str] = &[
    r#"{"boxes": "2x2"}"#,
    r#"["1.3......2.....4"]"#,
    r#"{"givens": 1234}"#,
    r#"{"givens": "1.3......2.....#"}"#,
    r#"{"givens": "1.3......2.....4", "size": 4}"#,
    r#"{"givens": "1.3......2.....4", "boxes": "2by2"}"#,
    r#"{"givens": "1.3......2.....4", "boxes": "02x2"}"#,
    r#"{"givens": "1.3......2.....4", "boxes": "none", "regions": "aabbaabbccddccdd"}"#,
    r#"{"givens": "1.3......2.....4", "regions": 5}"#,
    r#"{"givens": "1.3......2.....4", "variants": "x"}"#,
    r#"{"givens": "1.3......2.....4", "variants": ["diagonal"]}"#,
    r#"{"givens": "1.3......2.....4", "cages": [{"sum": 3}]}"#,
    r#"{"givens": "1.3......2.....4", "cages": [{"cells": ["r1c1"], "value": 3}]}"#,
    r#"{"givens": "1.3......2.....4", "cages": [{"cells": ["r1c1"], "sum": "3"}]}"#,
    r#"{"givens": "1.3......2.....4", "cages": [{"cells": ["r1c1"], "sum": 0}]}"#,
    r#"{"givens": "1.3......2.....4", "cages": [{"cells": ["a1"]}]}"#,
    r#"{"givens": "1.3......2.....4", "cages": [{"cells": []}]}"#,
    r#"{"givens": "1.3......2.....4", "cages": [{"cells": ["r1c1", "r1c1"]}]}"#,
    r#"{"givens": "1.3......2.....4", "extra_regions": [[]]}"#,
    r#"{"givens": "1.3......2.....4", "extra_regions": ["r1c1"]}"#,
    r#"{"givens": "1.3......2.....4", "title": 7}"#,
    r#"{"givens": "1.3......2.....4", "puzzle": "1.3......2.....4"}"#,
    r#"{"puzzle": "1.3......2.....4", "solution": 1432321441232341}"#,
    r#"{"source": "a.txt", "status": "invalid"}"#,
    r#"{"givens": "1.3......2.....4", "lines": [{"type": "snake", "cells": ["r1c1"]}]}"#,
    r#"{"givens": "1.3......2.....4", "negative": ["grey"]}"#,
    r#"{"givens": "1.3......2.....4", "clones": [{"cells": ["r1c1"]}]}"#,
    r#"{"givens": "1.3......2.....4", "quadruples": [{"cells": ["r1c1", "r1c2", "r2c1"], "values": [1]}]}"#,
    r#"{"givens": "1.3......2.....4", "quadruples": [{"cells": ["r1c1", "r1c2", "r2c1", "r2c2"], "values": []}]}"#,
    r#"{"givens": "1.3......2.....4", "quadruples": [{"cells": ["r1c1", "r1c2", "r2c1", "r2c2"]}]}"#,
    r#"{"givens": "1.3......2.....4", "between_lines": ["r1c1"]}"#,
    r#"{"givens": "1.3......2.....4", "little_killers": [{"clue": "r0c1", "direction": "down", "sum": 10}]}"#,
    r#"{"givens": "1.3......2.....4", "little_killers": [{"clue": "r0c1", "sum": 10}]}"#,
    r#"{"givens": "1.3......2.....4", "sandwiches": [{"clue": "r0c1", "sum": -1}]}"#,
    r#"{"givens": "1.3......2.....4", "sandwiches": [{"clue": "x", "sum": 1}]}"#,
    r#"{"givens": "1.3......2.....4", "shape": "samurai", "grids": [[0, 0]]}"#,
    r#"{"givens": "1.3......2.....4", "shape": "twodoku", "boxes": "3x3"}"#,
    r#"{"givens": "1.3......2.....4", "grids": [[0, 0]], "regions": "aabbaabbccddccdd"}"#,
    r#"{"givens": "1.3......2.....4", "shape": "square"}"#,
    r#"{"givens": "1.3......2.....4", "grids": [[0]]}"#,
];

/// Lines the schema takes and the reader refuses: what depends on the size
/// of the grid, which a schema cannot say.
const SIZE_DEPENDENT: &[&str] = &[
    r#"{"givens": "1.3......2.....4."}"#,
    r#"{"givens": "1.3......2.....9"}"#,
    r#"{"givens": "1.3......2.....4", "boxes": "3x3"}"#,
    r#"{"givens": "1.3......2.....4", "boxes": "1x4"}"#,
    r#"{"givens": "1.3......2.....4", "regions": "aaabbbbbccddccdd"}"#,
    r#"{"givens": "1.3......2.....4", "cages": [{"cells": ["r5c1"]}]}"#,
    r#"{"givens": "1.3......2.....4", "cages": [{"cells": ["r1c1", "r1c2"], "sum": 8}]}"#,
    r#"{"givens": "1.3......2.....4", "cages": [{"cells": ["r1c1"]}, {"cells": ["r1c1"]}]}"#,
    r#"{"givens": "1.3......2.....4", "extra_regions": [["r1c1", "r1c2", "r1c3", "r1c4", "r2c1"]]}"#,
    r#"{"givens": "1.3......2.....4", "solution": "123456789123456789123456789123456789123456789123456789123456789123456789123456789"}"#,
    r#"{"givens": "1.3......2.....4", "thermometers": [["r1c1", "r1c5"]]}"#,
    concat!(r#"{"givens": ""#, ".........................................................................................................................................................", r#"", "shape": "twodoku", "thermometers": [["r1c10", "r1c11"]]}"#),
];

#[test]
fn the_schema_and_the_reader_agree_on_examples() {
    let schema = schema();
    let data = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/descriptions.jsonl"),
    )
    .unwrap();
    let mut samples: Vec<String> = data
        .lines()
        .filter(|line| line.starts_with('{'))
        .map(str::to_string)
        .collect();
    // 16x16, blanks of both kinds, a letter in lower case, the title first.
    let sixteen = format!("0a0.{}", "0".repeat(252));
    samples.push(format!(r#"{{"title": "first", "givens": "{sixteen}"}}"#));
    for line in VALID
        .iter()
        .copied()
        .chain(samples.iter().map(String::as_str))
    {
        let value: Value = serde_json::from_str(line).unwrap();
        assert!(obeys(&value, &schema, &schema), "schema refuses {line}");
        assert!(reads(line), "reader refuses {line}");
    }
    for line in INVALID {
        let value: Value = serde_json::from_str(line).unwrap();
        assert!(!obeys(&value, &schema, &schema), "schema takes {line}");
        assert!(!reads(line), "reader takes {line}");
    }
    for line in SIZE_DEPENDENT {
        let value: Value = serde_json::from_str(line).unwrap();
        assert!(obeys(&value, &schema, &schema), "schema refuses {line}");
        assert!(!reads(line), "reader takes {line}");
    }
}

/// Writes the description of `grid` under `rules`, checks that the schema
/// and the reader take it, and returns it.
fn written_obeys(schema: &Value, grid: &Grid, rules: &Rules, title: &str) -> String {
    let mut out = Vec::new();
    write_description(&mut out, grid, rules, title);
    let line = String::from_utf8(out).unwrap();
    let value: Value = serde_json::from_str(&line).unwrap();
    assert!(obeys(&value, schema, schema), "{line}");
    assert!(reads(&line), "{line}");
    line
}

#[test]
fn written_descriptions_obey_the_schema() {
    let schema = schema();
    let grid: Grid = "1.3......2.....4".parse().unwrap();
    let every_rule = Rules {
        boxes: Boxes::Regions(vec![0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3]),
        variants: vec![Variant::X, Variant::NonConsecutive],
        constraints: vec![
            Constraint::KillerCage(Cage {
                cells: vec![1, 5],
                sum: Some(3),
            }),
            Constraint::KillerCage(Cage {
                cells: vec![15],
                sum: None,
            }),
        ],
        extra_regions: vec![vec![0, 15]],
        ..Rules::default()
    };
    let shaped = Rules {
        boxes: Boxes::Shape {
            rows: 2,
            columns: 2,
        },
        ..Rules::default()
    };
    let latin = Rules {
        boxes: Boxes::None,
        ..Rules::default()
    };
    let constrained = Rules {
        constraints: vec![
            Constraint::Thermometer(vec![0, 1, 2]),
            Constraint::WhiteDot {
                cells: [4, 5],
                difference: 1,
            },
            Constraint::BlackDot {
                cells: [8, 9],
                ratio: 2,
            },
            Constraint::Xv {
                cells: [12, 13],
                sum: 5,
            },
            Constraint::NegativeXv,
            Constraint::Odd(3),
            Constraint::Even(7),
            Constraint::Minimum(10),
            Constraint::Maximum(15),
            Constraint::Palindrome(vec![6, 10, 14]),
            Constraint::Clone {
                cells: vec![0],
                copy: vec![15],
            },
            Constraint::Whispers(vec![12, 9]),
            Constraint::Renban(vec![11, 14]),
        ],
        ..Rules::default()
    };
    for rules in [Rules::default(), every_rule, shaped, latin, constrained] {
        written_obeys(&schema, &grid, &rules, "a \"title\"");
    }
    assert_eq!(grid.size(), Size::FOUR);
    // Shapes of several grids, with rules named in their frames.
    for shape in [
        Shape::Named(NamedShape::Twodoku),
        Shape::Grids(vec![(0, 0), (3, 3)]),
    ] {
        let rules = Rules {
            shape,
            constraints: vec![
                Constraint::KillerCage(Cage {
                    cells: vec![60, 61],
                    sum: Some(3),
                }),
                Constraint::Thermometer(vec![0, 1, 2]),
            ],
            ..Rules::default()
        };
        let grid = rules.geometry(Size::NINE).unwrap().empty_grid();
        let line = written_obeys(&schema, &grid, &rules, "");
        assert!(
            line.contains("\"shape\"") || line.contains("\"grids\""),
            "{line}"
        );
    }
    // The schema names every shape the reader knows.
    for shape in NamedShape::ALL {
        let value = serde_json::json!({"givens": "1.3......2.....4", "shape": shape.name()});
        assert!(obeys(&value, &schema, &schema), "{}", shape.name());
    }
}
