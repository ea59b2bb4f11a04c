//! Lines and blocks that cannot be read as a puzzle.

use super::harness::{run, Check, Expect::*, EASY, INKALA};

/// A bad record between two good ones, on lines 1, 2 and 3.
pub fn between(bad: &str) -> String {
    format!("{INKALA}\n{bad}\n{INKALA}\n")
}

/// `EASY` with the byte at `index` replaced by `text`.
pub fn easy_with(index: usize, text: &str) -> String {
    let mut puzzle = EASY.to_string();
    puzzle.replace_range(index..=index, text);
    puzzle
}

const AROUND_ONE_BAD: [super::harness::Expect<'static>; 3] =
    [Solves(INKALA), Line("invalid"), Solves(INKALA)];

#[test]
fn a_line_one_cell_short() {
    run(&["solve"], between(&EASY[..80]))
        .expect(2, &AROUND_ONE_BAD)
        .says("<stdin>:2:81: found 80 cells; expected 81 for a 9x9 puzzle on one line");
}

#[test]
fn a_line_one_cell_long() {
    run(&["solve"], between(&format!("{EASY}5")))
        .expect(2, &AROUND_ONE_BAD)
        .says("<stdin>:2:82: found 82 cells; expected 81 for a 9x9 puzzle on one line");
}

#[test]
fn an_unknown_symbol() {
    run(&["solve"], between(&easy_with(10, "!")))
        .expect(2, &AROUND_ONE_BAD)
        .says("<stdin>:2:11: found '!'; expected 1-9 or a blank (. 0 _)");
}

#[test]
fn a_symbol_out_of_range_for_the_size() {
    run(&["count"], between(&easy_with(10, "G")))
        .expect(2, &[Line("1"), Line("invalid"), Line("1")])
        .says("<stdin>:2:11: found 'G' (value 16), out of range for a 9x9 grid; expected 1-9");
}

#[test]
fn a_grid_block_with_a_short_row() {
    let input = format!("{INKALA}\n\n3...\n.2.\n.41.\n..3.\n\n{EASY}\n");
    run(&["solve"], input)
        .expect(
            2,
            &[
                Solves(INKALA),
                Line("invalid"),
                Line("invalid"),
                Line("invalid"),
                Solves(EASY),
            ],
        )
        .says(
            "<stdin>:3:1: found 1 row(s) of 4 cells, then line 4 with 3 cells, read as a record \
             of its own; expected a grid block of 4 rows of 4 cells, or a puzzle on one line",
        )
        .says("<stdin>:4:1: found 3 cells on a line")
        .says("<stdin>:5:1: found 2 row(s) of 4 cells, then a blank line");
}

#[test]
fn a_block_cut_off_at_the_end_of_the_input() {
    let input = format!("{INKALA}\n\n3...\n.2..\n");
    run(&["solve"], input)
        .expect(2, &[Solves(INKALA), Line("invalid")])
        .says("<stdin>:3:1: found 2 row(s) of 4 cells, then the end of the input; expected");
}

#[test]
fn mixed_sizes_in_one_input() {
    let four = "1...............";
    let sixteen = ".".repeat(256);
    let twenty_five = ".".repeat(625);
    let input = format!("{four}\n{INKALA}\n{sixteen}\n{twenty_five}\n3...\n.2..\n....\n..3.\n");
    run(&["solve", "-f", "line"], input).expect(
        0,
        &[
            Solves(four),
            Solves(INKALA),
            Solves(&sixteen),
            Solves(&twenty_five),
            Solves("3....2........3."),
        ],
    );
}
