//! Pictures of puzzles: `-f svg` prints one SVG document per puzzle and
//! `-f html` one page with every puzzle inline. Both are read back with an
//! XML parser, and the digits drawn are put back into cells from their
//! positions, to check that each digit is in the right cell and drawn as a
//! given or as a found digit.

mod common;

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
        if class == "caption" {
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
