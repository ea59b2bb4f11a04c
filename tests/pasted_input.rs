//! Input as people paste it, through the real binary: grids drawn with
//! box-drawing characters, characters outside ASCII in the wrong place,
//! sizes the solver has no shape for, and files from other programs with
//! more in them than the puzzle.

use crate::common;

use common::binary::run_binary;

/// Arto Inkala's puzzle on one line.
const INKALA: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
/// Its solution.
const SOLUTION: &str =
    "812753649943682175675491283154237896369845721287169534521974368438526917796318452";

/// Runs the binary on `input` and returns its exit status, standard output
/// and standard error.
fn run(args: &[&str], input: &str) -> (i32, String, String) {
    let output = run_binary(args, input.as_bytes());
    (
        output.status.code().expect("the binary exits"),
        String::from_utf8(output.stdout).expect("UTF-8 output"),
        String::from_utf8(output.stderr).expect("UTF-8 messages"),
    )
}

#[test]
fn a_grid_drawn_with_box_drawing_characters_is_read_as_its_cells() {
    let drawn = "\
┌───────┬───────┬───────┐
│ 8 . . │ . . . │ . . . │
│ . . 3 │ 6 . . │ . . . │
│ . 7 . │ . 9 . │ 2 . . │
├───────┼───────┼───────┤
│ . 5 . │ . . 7 │ . . . │
│ . . . │ . 4 5 │ 7 . . │
│ . . . │ 1 . . │ . 3 . │
╞═══════╪═══════╪═══════╡
║ . . 1 ║ . . . ║ . 6 8 ║
║ . . 8 ║ 5 . . ║ . 1 . ║
║ . 9 . ║ . . . ║ 4 . . ║
╚═══════╧═══════╧═══════╝
";
    let (status, stdout, stderr) = run(&["solve", "-f", "line"], drawn);
    assert_eq!((status, stderr.as_str()), (0, ""));
    assert_eq!(stdout, format!("{SOLUTION}\n"));
}

#[test]
fn a_full_width_digit_is_named_at_its_character_column() {
    // `９` takes three bytes but one column: it is cell 23 of the line.
    let pasted = INKALA.replacen('9', "９", 1);
    let (status, stdout, stderr) = run(&["solve"], &format!("{pasted}\n"));
    assert_eq!((status, stdout.as_str()), (2, "invalid\n"));
    assert_eq!(
        stderr,
        "<stdin>:1:23: found non-ASCII character '９' (U+FF19); expected 1-9 or a blank (. 0 _)\n"
    );
}

#[test]
fn a_title_outside_ascii_is_kept_as_it_was() {
    let (status, stdout, _) = run(
        &["solve", "-f", "json"],
        &format!("{INKALA}\u{a0} Été № 5\n"),
    );
    assert_eq!(status, 0);
    assert!(stdout.contains(r#""title":"Été № 5""#), "{stdout}");
}

#[test]
fn rectangular_grids_are_read_in_every_layout_and_larger_ones_are_named() {
    let six = ".".repeat(36);
    let twelve_spaced = vec!["."; 144].join(" ");
    let six_block = "\
1 . . | . . 6
. 2 . | . 5 .
------+------
. . 3 | 4 . .
. . 4 | 3 . .
. 5 . | . 2 .
6 . . | . . 1
";
    let too_big = sudoku_dlx::Size::MAX_SIDE + 1;
    let big = ".".repeat(too_big * too_big);
    let input = format!("{six}\n{twelve_spaced}\n\n{six_block}\n{big}\nHi\nyou\n");
    let (status, stdout, stderr) = run(&["check"], &input);
    // The 6x6 and 12x12 grids are puzzles (with many solutions; the block
    // is answered with the blank line that ends a block); the 37x37 grid
    // (one side too many) and the lines that make no grid are records of their own.
    assert_eq!(
        (status, stdout.as_str()),
        (
            2,
            "multiple\nmultiple\nmultiple\n\ninvalid\ninvalid\ninvalid\n"
        )
    );
    let not_a_grid = |found: usize| {
        format!(
            "found {found} cells on a line; expected a puzzle on one line (the square of a side \
             from 4 to 36: 16, 36, 49, 64, 81 ... 1296 cells) or a grid row (4 to 36 cells)"
        )
    };
    assert!(stderr.contains(
        "<stdin>:12:1: found 1369 cells, a 37x37 grid; supported sizes are 4x4 to 36x36\n"
    ));
    assert!(stderr.contains(&format!("<stdin>:13:1: {}\n", not_a_grid(2))));
    assert!(stderr.contains(&format!("<stdin>:14:1: {}\n", not_a_grid(3))));
}

#[test]
fn an_opensudoku_game_element_cut_across_lines_is_read() {
    let puzzle = INKALA.replace('.', "0");
    let xml = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <opensudoku>\n  <name>Pasted</name>\n\
         \x20 <game level=\"hard\"\n        data='{puzzle}'\n        created=\"2024-01-01\" />\n\
         \x20 <game data='{puzzle}'/>\n\
         </opensudoku>\n"
    );
    let (status, stdout, stderr) = run(&["solve", "-f", "csv"], &xml);
    assert_eq!((status, stderr.as_str()), (0, ""));
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{stdout}");
    // Each record starts on the line of its data, and keeps the name of the
    // collection as its title.
    for (line, number) in lines[1..].iter().zip(["5", "7"]) {
        assert!(
            line.starts_with(&format!("<stdin>,{number},,Pasted,")),
            "{stdout}"
        );
        assert!(line.contains(&format!(",solved,{SOLUTION},")), "{stdout}");
    }
}

#[test]
fn an_sdk_file_saved_during_play_gives_its_puzzle_once() {
    let rows = [
        "..3.2.6..",
        "9..3.5..1",
        "..18.64..",
        "..81.29..",
        "7.......8",
        "..67.82..",
        "..26.95..",
        "8..2.3..9",
        "..5.1.3..",
    ];
    let mut state = rows;
    state[0] = "483.2.6..";
    let sdk = format!(
        "#AFrank Longo\n#DEasy puzzle\n[Puzzle]\n{}\n[State]\n{}\n[Notes]\n#Dnot a title\n",
        rows.join("\n"),
        state.join("\n")
    );
    let (status, stdout, stderr) = run(&["solve", "-f", "csv"], &sdk);
    assert_eq!((status, stderr.as_str()), (0, ""));
    let records: Vec<&str> = stdout.lines().skip(1).collect();
    assert_eq!(records.len(), 1, "{stdout}");
    assert!(
        records[0].starts_with(&format!("<stdin>,4,,Easy puzzle,{},solved,", rows.concat())),
        "{stdout}"
    );
}

#[test]
fn a_field_outside_ascii_is_quoted_as_it_was_at_its_character_column() {
    let (status, stdout, stderr) = run(&["solve"], "3....2...41...3.:５:\n");
    assert_eq!((status, stdout.as_str()), (2, "invalid\n"));
    assert_eq!(
        stderr,
        "<stdin>:1:18: found \"５\" in the count field; expected a number of solutions\n"
    );
}
