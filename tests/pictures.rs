//! Pictures of puzzles: `-f svg` prints one SVG document per puzzle and
//! `-f html` one page with every puzzle inline. Both are read back with an
//! XML parser, and the digits drawn are put back into cells from their
//! positions, to check that each digit is in the right cell and drawn as a
//! given or as a found digit; the rules of a puzzle (cages, thermometers,
//! dots, lines...) are found by their class and checked for their place.

use crate::common;

use common::binary::run_binary;
use roxmltree::{Document, Node};

const CASES: &str = "tests/data/cases.txt";
/// The first puzzle of `CASES` and its solution.
const PUZZLE: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
const SOLUTION: &str =
    "483921657967345821251876493548132976729564138136798245372689514814253769695417382";

fn stdout(args: &[&str], input: &[u8]) -> (String, Option<i32>) {
    let output = run_binary(args, input);
    let text = String::from_utf8(output.stdout).expect("UTF-8");
    (text, output.status.code())
}

/// The SVG documents of a `-f svg` output, each parsed.
fn documents(text: &str) -> Vec<String> {
    let parts: Vec<String> = text
        .split("<?xml ")
        .filter(|part| !part.is_empty())
        .map(|part| format!("<?xml {part}"))
        .collect();
    for part in &parts {
        Document::parse(part).unwrap_or_else(|e| panic!("not XML: {e}\n{part}"));
    }
    parts
}

/// A grid as drawn: its cells in one line (`.` for an empty cell), and
/// which cells are drawn as givens.
#[derive(Debug, PartialEq)]
struct Drawn {
    cells: String,
    givens: Vec<bool>,
    /// The fill colours of the given and the found digits.
    colours: (Vec<String>, Vec<String>),
}

/// Reads the grid drawn in `svg` back from the positions of its digits.
fn drawn(svg: Node<'_, '_>) -> Option<Drawn> {
    let frame = svg
        .descendants()
        .find(|n| n.has_tag_name("rect") && n.attribute("class") == Some("grid"))?;
    let number = |name: &str| frame.attribute(name).unwrap().parse::<f64>().unwrap();
    let (left, top, length) = (number("x"), number("y"), number("width"));
    let side: usize = frame.attribute("data-side").unwrap().parse().unwrap();
    let cell = length / side as f64;
    let mut cells = vec!['.'; side * side];
    let mut givens = vec![false; side * side];
    let mut colours = (Vec::new(), Vec::new());
    for text in svg.descendants().filter(|n| n.has_tag_name("text")) {
        let class = text.attribute("class").unwrap_or_default();
        // The caption, and the text of the rules (cage sums, XV letters).
        let in_rules = text
            .ancestors()
            .any(|n| n.has_tag_name("g") && n.attribute("class") == Some("rules"));
        if class == "caption" || in_rules {
            continue;
        }
        let x: f64 = text.attribute("x").unwrap().parse().unwrap();
        let y: f64 = text.attribute("y").unwrap().parse().unwrap();
        let (column, row) = (((x - left) / cell) as usize, ((y - top) / cell) as usize);
        assert!(column < side && row < side, "a digit outside the grid");
        let index = row * side + column;
        assert_eq!(cells[index], '.', "two digits in one cell");
        cells[index] = text.text().unwrap().chars().next().unwrap();
        let fill = text.attribute("fill").unwrap().to_owned();
        match class {
            "given" => {
                givens[index] = true;
                assert_eq!(text.attribute("font-weight"), Some("bold"));
                colours.0.push(fill);
            }
            "found" => colours.1.push(fill),
            other => panic!("a digit of class {other}"),
        }
    }
    Some(Drawn {
        cells: cells.into_iter().collect(),
        givens,
        colours,
    })
}

fn caption(svg: Node<'_, '_>) -> String {
    svg.descendants()
        .find(|n| n.attribute("class") == Some("caption"))
        .and_then(|n| n.text())
        .unwrap_or_default()
        .to_owned()
}

fn givens_of(puzzle: &str) -> Vec<bool> {
    puzzle.chars().map(|c| c != '.').collect()
}

#[test]
fn svg_holds_the_solution_with_the_givens_set_apart() {
    let (text, status) = stdout(&["solve", "-f", "svg", CASES], b"");
    let documents = documents(&text);
    assert_eq!(documents.len(), 5, "one document per puzzle");
    assert_eq!(status, Some(1), "one puzzle of the file is unsolvable");
    let document = Document::parse(&documents[0]).unwrap();
    let svg = document.root_element();
    assert_eq!(svg.tag_name().name(), "svg");
    assert_eq!(
        svg.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    let drawn = drawn(svg).expect("a grid");
    assert_eq!(drawn.cells, SOLUTION);
    assert_eq!(drawn.givens, givens_of(PUZZLE));
    let (given, found) = &drawn.colours;
    assert!(given.iter().all(|c| c == &given[0]) && found.iter().all(|c| c == &found[0]));
    assert_ne!(given[0], found[0], "found digits in another colour");
    assert!(caption(svg).contains("solved"), "{}", caption(svg));
}

#[test]
fn svg_draws_box_lines_thicker() {
    let (text, _) = stdout(&["solve", "-f", "svg"], PUZZLE.as_bytes());
    let document = Document::parse(&text).unwrap();
    let width_of = |line: Node<'_, '_>| -> f64 {
        line.ancestors()
            .find_map(|n| n.attribute("stroke-width"))
            .unwrap()
            .parse()
            .unwrap()
    };
    let lines: Vec<(f64, f64)> = document
        .descendants()
        .filter(|n| n.has_tag_name("line") && n.attribute("x1") == n.attribute("x2"))
        .map(|n| (n.attribute("x1").unwrap().parse().unwrap(), width_of(n)))
        .collect();
    assert_eq!(lines.len(), 10, "ten vertical lines on a 9x9 grid");
    let mut lines = lines;
    lines.sort_by(|a, b| a.0.total_cmp(&b.0));
    for (k, (_, width)) in lines.iter().enumerate() {
        let thick = lines.iter().map(|l| l.1).fold(0.0, f64::max);
        assert_eq!(*width == thick, k % 3 == 0, "line {k}: {lines:?}");
    }
}

#[test]
fn svg_of_a_puzzle_with_no_solution_shows_it_and_says_why() {
    let (text, _) = stdout(&["solve", "-f", "svg", CASES], b"");
    let documents = documents(&text);
    let document = Document::parse(&documents[2]).unwrap();
    let puzzle =
        "82.........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
    let drawn = drawn(document.root_element()).unwrap();
    assert_eq!(drawn.cells, puzzle);
    assert!(drawn
        .givens
        .iter()
        .zip(puzzle.chars())
        .all(|(g, c)| *g == (c != '.')));
    assert!(caption(document.root_element()).ends_with("unsolvable"));
}

#[test]
fn svg_for_every_command_and_bad_input() {
    let input = format!("{PUZZLE}\n123\n{PUZZLE} the <first> & only\n");
    for (command, word) in [
        ("solve", "solved"),
        ("count", "1 solution"),
        ("check", "unique"),
        ("rate", " branches"),
    ] {
        let (text, status) = stdout(&[command, "-f", "svg"], input.as_bytes());
        let documents = documents(&text);
        assert_eq!(documents.len(), 3, "{command}: one document per record");
        assert_eq!(status, Some(2), "{command}: a record cannot be read");
        let first = Document::parse(&documents[0]).unwrap();
        assert!(caption(first.root_element()).contains(word), "{command}");
        let bad = Document::parse(&documents[1]).unwrap();
        assert!(drawn(bad.root_element()).is_none());
        assert!(caption(bad.root_element()).ends_with("invalid"));
        let titled = Document::parse(&documents[2]).unwrap();
        assert!(caption(titled.root_element()).contains("the <first> & only"));
    }
}

#[test]
fn svg_of_every_solution_with_all() {
    let two = ".......................2.3.....4...5..2.1...6..3..78.....9.32...1.....4..5.......";
    let (text, _) = stdout(
        &["solve", "--all", "--limit", "2", "-f", "svg"],
        two.as_bytes(),
    );
    let documents = documents(&text);
    assert_eq!(documents.len(), 2);
    for document in &documents {
        let document = Document::parse(document).unwrap();
        let drawn = drawn(document.root_element()).unwrap();
        assert_eq!(drawn.givens, givens_of(two));
        assert!(!drawn.cells.contains('.'));
    }
}

/// An HTML page, parsed as XML: the page is written to be both.
fn html(page: &str) -> Document<'_> {
    let options = roxmltree::ParsingOptions {
        allow_dtd: true,
        ..roxmltree::ParsingOptions::default()
    };
    Document::parse_with_options(page, options).unwrap_or_else(|e| panic!("{e}\n{page}"))
}

/// The figures of an HTML page, by class, with their grids.
fn figures(page: &str, class: &str) -> Vec<Option<Drawn>> {
    let document = html(page);
    document
        .descendants()
        .filter(|n| n.has_tag_name("figure") && n.attribute("class") == Some(class))
        .map(|figure| drawn(figure.children().find(|n| n.has_tag_name("svg")).unwrap()))
        .collect()
}

#[test]
fn html_page_shows_every_puzzle() {
    let (page, _) = stdout(&["solve", "-f", "html", CASES], b"");
    assert!(page.starts_with("<!DOCTYPE html>"), "{page}");
    assert!(page.trim_end().ends_with("</html>"));
    let puzzles = figures(&page, "puzzle");
    assert_eq!(puzzles.len(), 5);
    let first = puzzles[0].as_ref().unwrap();
    assert_eq!(first.cells, PUZZLE);
    assert!(first
        .givens
        .iter()
        .zip(PUZZLE.chars())
        .all(|(g, c)| *g == (c != '.')));
    assert!(figures(&page, "solution").is_empty());
}

#[test]
fn html_with_solutions_puts_each_after_a_page_break() {
    let (page, _) = stdout(&["solve", "-f", "html", "--with-solutions", CASES], b"");
    assert!(page.contains("figure.solution { display: block; break-before: page; }"));
    let document = html(&page);
    let classes: Vec<&str> = document
        .descendants()
        .filter(|n| n.has_tag_name("figure"))
        .map(|n| n.attribute("class").unwrap())
        .collect();
    assert_eq!(classes.len(), 10, "{classes:?}");
    assert!(classes.chunks(2).all(|pair| pair == ["puzzle", "solution"]));
    let solutions = figures(&page, "solution");
    let first = solutions[0].as_ref().unwrap();
    assert_eq!(first.cells, SOLUTION);
    assert_eq!(first.givens, givens_of(PUZZLE));
    assert!(solutions[2].is_none(), "no grid for the unsolvable puzzle");
}

#[test]
fn html_captions_a_rated_puzzle_with_its_rating() {
    let (page, status) = stdout(&["rate", "-f", "html"], format!("{PUZZLE}\n").as_bytes());
    assert_eq!(status, Some(0));
    let document = html(&page);
    let captions: Vec<&str> = document
        .descendants()
        .filter(|n| n.has_tag_name("figcaption"))
        .filter_map(|n| n.text())
        .collect();
    // The caption holds the rating as the line layout writes it.
    let (line, _) = stdout(&["rate"], format!("{PUZZLE}\n").as_bytes());
    assert!(line.starts_with("simple: "), "{line}");
    assert_eq!(captions, [format!("<stdin>:1: {}", line.trim_end())]);
    assert_eq!(figures(&page, "puzzle").len(), 1);
}

#[test]
fn html_with_solutions_draws_every_solution_of_all() {
    let two = ".......................2.3.....4...5..2.1...6..3..78.....9.32...1.....4..5.......";
    let args = [
        "solve",
        "--all",
        "--limit",
        "3",
        "-f",
        "html",
        "--with-solutions",
    ];
    let (page, status) = stdout(&args, two.as_bytes());
    assert_eq!(status, Some(0));
    assert_eq!(figures(&page, "puzzle").len(), 1);
    let solutions = figures(&page, "solution");
    assert_eq!(solutions.len(), 3);
    for solution in &solutions {
        let solution = solution.as_ref().unwrap();
        assert_eq!(solution.givens, givens_of(two));
        assert!(!solution.cells.contains('.'));
    }
}

#[test]
fn generate_draws_its_puzzles_and_their_solutions() {
    let lines = stdout(&["generate", "-n", "3", "--seed", "4"], b"").0;
    let (text, status) = stdout(
        &["generate", "-n", "3", "--seed", "4", "-f", "svg", "--rate"],
        b"",
    );
    assert_eq!(status, Some(0));
    let documents = documents(&text);
    assert_eq!(documents.len(), 3);
    for (k, (document, line)) in documents.iter().zip(lines.lines()).enumerate() {
        let document = Document::parse(document).unwrap();
        let drawn = drawn(document.root_element()).unwrap();
        assert_eq!(drawn.cells, line, "item {k}");
        assert!(drawn.colours.1.is_empty(), "a puzzle is all givens");
        let caption = caption(document.root_element());
        assert!(
            caption.starts_with(&format!("item {}, seed 4: ", k + 1)),
            "{caption}"
        );
    }
    let args = [
        "generate",
        "-n",
        "3",
        "--seed",
        "4",
        "-f",
        "html",
        "--with-solutions",
    ];
    let (page, _) = stdout(&args, b"");
    let puzzles = figures(&page, "puzzle");
    let solutions = figures(&page, "solution");
    assert_eq!((puzzles.len(), solutions.len()), (3, 3));
    for ((puzzle, solution), line) in puzzles.iter().zip(&solutions).zip(lines.lines()) {
        let (puzzle, solution) = (puzzle.as_ref().unwrap(), solution.as_ref().unwrap());
        assert_eq!(puzzle.cells, line);
        assert_eq!(solution.givens, givens_of(line));
        assert!(!solution.cells.contains('.'));
    }
}

/// A description of `PUZZLE` with one rule or more of every kind drawn,
/// each true of `SOLUTION`, so that the puzzle keeps its solution:
///
/// - a thermometer r2c4-r2c7 (3 4 5 8), its bulb on r2c4;
/// - white dots r3c5|r3c6 (7 6) and, of 3, r3c1|r3c2 (2 5);
/// - a black dot r4c2|r5c2 (4 over 2);
/// - an X r7c1|r7c2 (3 7) and a V r5c2|r6c2 (2 over 3);
/// - odd r5c1 (7), even r4c3 (8), minimum r8c2 (1), maximum r6c5 (9);
/// - a palindrome r8c6 r8c7 r9c7 (3 7 3), a clone of r1c1 r1c2 at r4c2
///   r4c3 (4 8), whispers r2c8 r3c8 r3c7 (2 9 4), renban r4c4-r4c6 (1 3 2),
///   an entropic line r8c8 r8c9 r9c9 (6 9 2);
/// - a cage r1c5 r1c6 r2c6 of 8 (2 1 5).
fn described() -> String {
    serde_json::json!({
        "givens": PUZZLE,
        "thermometers": [["r2c4", "r2c5", "r2c6", "r2c7"]],
        "white_dots": [
            {"cells": ["r3c5", "r3c6"]},
            {"cells": ["r3c1", "r3c2"], "value": 3},
        ],
        "black_dots": [{"cells": ["r4c2", "r5c2"]}],
        "xv": [
            {"cells": ["r7c1", "r7c2"], "value": "X"},
            {"cells": ["r5c2", "r6c2"], "value": "V"},
        ],
        "odd": ["r5c1"],
        "even": ["r4c3"],
        "minimum": ["r8c2"],
        "maximum": ["r6c5"],
        "palindromes": [["r8c6", "r8c7", "r9c7"]],
        "clones": [{"cells": ["r1c1", "r1c2"], "copy": ["r4c2", "r4c3"]}],
        "lines": [
            {"type": "whispers", "cells": ["r2c8", "r3c8", "r3c7"]},
            {"type": "renban", "cells": ["r4c4", "r4c5", "r4c6"]},
            {"type": "entropic", "cells": ["r8c8", "r8c9", "r9c9"]},
        ],
        "cages": [{"sum": 8, "cells": ["r1c5", "r1c6", "r2c6"]}],
    })
    .to_string()
}

/// The elements of `svg` of `class`.
fn of_class<'a, 'i>(svg: Node<'a, 'i>, class: &str) -> Vec<Node<'a, 'i>> {
    svg.descendants()
        .filter(|n| n.attribute("class") == Some(class))
        .collect()
}

/// The number of `node`'s attribute `name`.
fn number(node: Node<'_, '_>, name: &str) -> f64 {
    node.attribute(name).unwrap().parse().unwrap()
}

/// The centre of the cell at row `r`, column `c` (from 1) of the grid
/// drawn in `svg`, with the side of a cell.
fn centre(svg: Node<'_, '_>, r: usize, c: usize) -> ((f64, f64), f64) {
    let grid = of_class(svg, "grid")[0];
    let cell = number(grid, "width") / number(grid, "data-side");
    let x = number(grid, "x") + (c as f64 - 0.5) * cell;
    let y = number(grid, "y") + (r as f64 - 0.5) * cell;
    ((x, y), cell)
}

/// Checks that `svg` draws every rule of [`described`] where its cells are.
fn check_described(svg: Node<'_, '_>) {
    let at = |r, c| centre(svg, r, c).0;
    let half = centre(svg, 1, 1).1 / 2.0;
    let circle_at = |node: Node<'_, '_>| (number(node, "cx"), number(node, "cy"));
    // The thermometer's bulb on its first cell, its line through all four.
    let bulbs = of_class(svg, "bulb");
    assert_eq!(bulbs.len(), 1);
    assert_eq!(circle_at(bulbs[0]), at(2, 4));
    let thermometer = of_class(svg, "thermometer")[0];
    let line = thermometer
        .descendants()
        .find(|n| n.has_tag_name("polyline"));
    let points = line.unwrap().attribute("points").unwrap();
    assert_eq!(points.split(' ').count(), 4, "{points}");
    // The white dots on the right edges of r3c5 and r3c1, white with a
    // black outline; only the one of 3 says its value.
    let whites = of_class(svg, "white-dot");
    let places: Vec<(f64, f64)> = whites.iter().map(|&n| circle_at(n)).collect();
    let right_of = |(x, y): (f64, f64)| (x + half, y);
    assert_eq!(places, [right_of(at(3, 5)), right_of(at(3, 1))]);
    assert!(whites
        .iter()
        .all(|n| n.attribute("fill") == Some("white") && n.attribute("stroke") == Some("black")));
    let values: Vec<_> = of_class(svg, "white-dot-value")
        .iter()
        .map(|n| n.text())
        .collect();
    assert_eq!(values, [Some("3")]);
    // The black dot on the bottom edge of r4c2.
    let blacks = of_class(svg, "black-dot");
    assert_eq!(blacks.len(), 1);
    let (x, y) = at(4, 2);
    assert_eq!(circle_at(blacks[0]), (x, y + half));
    assert_eq!(blacks[0].attribute("fill"), Some("black"));
    // X on the edge r7c1|r7c2, V on r5c2|r6c2, each on a white rectangle.
    let xv = of_class(svg, "xv");
    let letters: Vec<_> = xv.iter().map(|n| n.text().unwrap()).collect();
    assert_eq!(letters, ["X", "V"]);
    assert_eq!(number(xv[0], "x"), at(7, 1).0 + half);
    assert_eq!(number(xv[1], "x"), at(5, 2).0);
    for marker in &xv {
        let below = marker.prev_sibling_element().unwrap();
        assert!(below.has_tag_name("rect") && below.attribute("fill") == Some("white"));
    }
    // The odd circle and the even square, centred in their cells.
    let odd = of_class(svg, "odd");
    assert_eq!(circle_at(odd[0]), at(5, 1));
    let even = of_class(svg, "even")[0];
    let middle = number(even, "x") + number(even, "width") / 2.0;
    assert_eq!(middle, at(4, 3).0);
    // Chevrons on the four sides of the minimum and the maximum.
    for class in ["minimum", "maximum"] {
        let chevrons = of_class(svg, class);
        assert_eq!(chevrons.len(), 1, "{class}");
        let d = chevrons[0].attribute("d").unwrap();
        assert_eq!(d.matches('M').count(), 4, "{class}: {d}");
    }
    // The lines, each through its cells, in colours of their own.
    let mut colours = Vec::new();
    for (class, cells) in [
        ("palindrome", 3),
        ("whispers", 3),
        ("renban", 3),
        ("entropic", 3),
    ] {
        let group = of_class(svg, class);
        assert_eq!(group.len(), 1, "{class}");
        let opacity: f64 = number(group[0], "opacity");
        assert!(opacity < 1.0, "{class}: the digits show through");
        let line = group[0].first_element_child().unwrap();
        let points = line.attribute("points").unwrap();
        assert_eq!(points.split(' ').count(), cells, "{class}");
        colours.push(line.attribute("stroke").unwrap());
    }
    colours.sort_unstable();
    colours.dedup();
    assert_eq!(colours.len(), 4, "four colours: {colours:?}");
    // Both sets of the clone shaded alike.
    let clones = of_class(svg, "clone");
    assert_eq!(clones.len(), 4);
    assert!(clones
        .iter()
        .all(|n| n.attribute("fill") == clones[0].attribute("fill")));
    // The cage: a dashed outline inside its cells, its sum in the top left
    // corner of r1c5.
    let cages = of_class(svg, "cage");
    assert_eq!(cages.len(), 1);
    assert!(cages[0].attribute("stroke-dasharray").is_some());
    let (x, y) = at(1, 5);
    let d = cages[0].attribute("d").unwrap();
    let numbers: Vec<f64> = d
        .split(['M', 'L', ' '])
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().unwrap())
        .collect();
    let (xs, ys): (Vec<f64>, Vec<f64>) = numbers.chunks(2).map(|p| (p[0], p[1])).unzip();
    let low = |v: &[f64]| v.iter().copied().fold(f64::MAX, f64::min);
    let high = |v: &[f64]| v.iter().copied().fold(f64::MIN, f64::max);
    assert!(
        low(&xs) > x - half && high(&xs) < x + 3.0 * half,
        "inset: {d}"
    );
    assert!(
        low(&ys) > y - half && high(&ys) < y + 3.0 * half,
        "inset: {d}"
    );
    let sums = of_class(svg, "cage-sum");
    assert_eq!(sums.len(), 1);
    assert_eq!(sums[0].text(), Some("8"));
    // In the top left quarter of the cell (y is the baseline).
    let (sum_x, sum_y) = (number(sums[0], "x"), number(sums[0], "y"));
    assert!(sum_x > x - half && sum_x < x - half / 2.0, "{sum_x}");
    assert!(sum_y > y - half && sum_y < y, "{sum_y}");
}

#[test]
fn svg_draws_each_rule_of_a_description_under_the_digits() {
    let (text, status) = stdout(&["solve", "-f", "svg"], described().as_bytes());
    assert_eq!(status, Some(0), "{text}");
    let document = Document::parse(&text).unwrap();
    let svg = document.root_element();
    check_described(svg);
    // The digits as before, read past the text of the rules.
    let drawn = drawn(svg).unwrap();
    assert_eq!(drawn.cells, SOLUTION);
    assert_eq!(drawn.givens, givens_of(PUZZLE));
    // Under the digits: every mark comes before the first digit.
    let order: Vec<Option<&str>> = svg
        .descendants()
        .map(|n| n.attribute("class"))
        .filter(|c| c.is_some())
        .collect();
    let first_digit = order.iter().position(|c| *c == Some("given")).unwrap();
    for class in ["bulb", "cage", "xv", "black-dot", "whispers", "clone"] {
        let place = order.iter().position(|c| *c == Some(class)).unwrap();
        assert!(place < first_digit, "{class} over the digits");
    }
}

#[test]
fn html_draws_the_rules_too() {
    let args = ["solve", "-f", "html", "--with-solutions"];
    let (page, status) = stdout(&args, described().as_bytes());
    assert_eq!(status, Some(0));
    let document = html(&page);
    let svgs: Vec<Node<'_, '_>> = document
        .descendants()
        .filter(|n| n.has_tag_name("svg"))
        .collect();
    assert_eq!(svgs.len(), 2, "the puzzle and its solution");
    for svg in svgs {
        check_described(svg);
    }
}

#[test]
fn the_caption_names_the_rules_with_nothing_to_draw() {
    let description = serde_json::json!({
        "givens": ".".repeat(16),
        "negative": ["white", "xv"],
    })
    .to_string();
    let (text, _) = stdout(&["count", "-f", "svg"], description.as_bytes());
    let document = Document::parse(&text).unwrap();
    let noted = caption(document.root_element());
    assert!(
        noted.starts_with("<stdin>:1 (non-consecutive, negative XV): "),
        "{noted}"
    );
    let (page, _) = stdout(&["count", "-f", "html"], description.as_bytes());
    assert!(page.contains("(non-consecutive, negative XV)"), "{page}");
    // A puzzle with nothing to note has no brackets.
    let (text, _) = stdout(&["count", "-f", "svg"], ".".repeat(16).as_bytes());
    let document = Document::parse(&text).unwrap();
    assert!(!caption(document.root_element()).contains('('));
}

#[test]
fn svg_draws_clues_outside_the_grid_and_region_sum_lines() {
    let text = serde_json::json!({
        "givens": PUZZLE,
        "little_killers": [{"clue": "r0c0", "direction": "DR", "sum": 39}],
        "sandwiches": [{"clue": "r1c0", "sum": 2}],
        "lines": [{"type": "region-sum", "cells": ["r2c3", "r2c4", "r2c5"]}],
    })
    .to_string();
    let (svg_text, status) = stdout(&["solve", "-f", "svg"], text.as_bytes());
    assert_eq!(status, Some(0), "{svg_text}");
    let document = Document::parse(&svg_text).unwrap();
    let svg = document.root_element();
    // Each clue centred in the cell beside the grid it stands in.
    for (class, (r, c), value) in [("little-killer", (0, 0), "39"), ("sandwich", (1, 0), "2")] {
        let clue = of_class(svg, class)[0];
        assert_eq!(clue.text(), Some(value));
        assert_eq!(number(clue, "x"), centre(svg, r, c).0 .0, "{class}");
        assert!(
            number(clue, "x") > 0.0 && number(clue, "y") > 0.0,
            "{class} in the picture"
        );
    }
    assert_eq!(of_class(svg, "little-killer-arrow").len(), 1);
    let line = of_class(svg, "region-sum")[0]
        .first_element_child()
        .unwrap();
    assert_eq!(line.attribute("points").unwrap().split(' ').count(), 3);
    assert_eq!(drawn(svg).unwrap().cells, SOLUTION);
}

#[test]
fn svg_draws_the_clues_of_a_shape_beside_its_grids_and_in_its_gaps() {
    // A samurai: the first grid's row 7 from the left edge of the frame,
    // and the middle grid's row 5 and column 5 and a diagonal from the
    // gaps between the outer grids.
    let text = serde_json::json!({
        "givens": ".".repeat(369),
        "shape": "samurai",
        "sandwiches": [
            {"clue": "r7c0", "sum": 5},
            {"clue": "r11c6", "sum": 0},
            {"clue": "r6c11", "sum": 9},
        ],
        "little_killers": [{"clue": "r10c6", "direction": "DR", "sum": 25}],
    })
    .to_string();
    let (svg_text, status) = stdout(&["count", "--limit", "1", "-f", "svg"], text.as_bytes());
    assert_eq!(status, Some(0), "{svg_text}");
    let document = Document::parse(&svg_text).unwrap();
    let svg = document.root_element();
    // The frame's cell r1c1 is the first grid's; each clue is centred on
    // its own position of the frame.
    let clues = [
        ("sandwich", 0, (7, 0), "5"),
        ("sandwich", 1, (11, 6), "0"),
        ("sandwich", 2, (6, 11), "9"),
        ("little-killer", 0, (10, 6), "25"),
    ];
    for (class, k, (r, c), value) in clues {
        let clue = of_class(svg, class)[k];
        assert_eq!(clue.text(), Some(value));
        // `centre` reads the first grid drawn, whose corner is the frame's.
        let ((x, y), side) = centre(svg, r, c);
        assert_eq!(number(clue, "x"), x, "{class} {k}");
        let y = number(clue, "y") - y;
        assert!(y.abs() < side / 2.0, "{class} {k}: {y} from the middle");
    }
    assert_eq!(of_class(svg, "little-killer-arrow").len(), 1);
}

#[test]
fn svg_draws_between_lines_quadruples_and_extra_regions() {
    let text = serde_json::json!({
        "givens": PUZZLE,
        "between_lines": [["r1c2", "r2c2", "r3c2"]],
        "quadruples": [{"cells": ["r5c5", "r5c6", "r6c5", "r6c6"], "values": [4, 9]}],
        "extra_regions": [["r7c7", "r8c8"]],
    })
    .to_string();
    let (svg_text, status) = stdout(&["solve", "-f", "svg"], text.as_bytes());
    assert_eq!(status, Some(0), "{svg_text}");
    let document = Document::parse(&svg_text).unwrap();
    let svg = document.root_element();
    let at = |r, c| centre(svg, r, c).0;
    let circle_at = |node: Node<'_, '_>| (number(node, "cx"), number(node, "cy"));
    // A circle on each end of the between line, the line through all three.
    let ends: Vec<(f64, f64)> = of_class(svg, "between-end")
        .into_iter()
        .map(circle_at)
        .collect();
    assert_eq!(ends, [at(1, 2), at(3, 2)]);
    let line = of_class(svg, "between")[0].first_element_child().unwrap();
    assert_eq!(line.attribute("points").unwrap().split(' ').count(), 3);
    // The quadruple's circle on the corner its four cells share, its digits
    // inside.
    let quadruple = of_class(svg, "quadruple")[0];
    let ((x0, y0), (x1, y1)) = (at(5, 5), at(6, 6));
    assert_eq!(circle_at(quadruple), ((x0 + x1) / 2.0, (y0 + y1) / 2.0));
    let digits = of_class(svg, "quadruple-digits")[0];
    assert_eq!(digits.text(), Some("4 9"));
    // The extra region's cells shaded.
    assert_eq!(of_class(svg, "extra-region").len(), 2);
    assert_eq!(drawn(svg).unwrap().cells, SOLUTION);
}
