//! Line ends, white space, byte-order marks and bytes that are not text.

use super::harness::{run, Check, Expect::*, EASY, INKALA};
use super::malformed::{between, easy_with};
use crate::common::utf16;

#[test]
fn crlf_line_ends() {
    let input =
        format!("# windows\r\n{INKALA}\r\n\r\n3...\r\n.2..\r\n....\r\n..3.\r\n\r\n{EASY}\r\n");
    let run = run(&["solve", "-f", "line"], input);
    run.expect(
        0,
        &[Solves(INKALA), Solves("3....2........3."), Solves(EASY)],
    );
    assert!(!run.stdout.contains('\r'), "{run}");
}

#[test]
fn tabs_between_cells_and_before_comments() {
    let block = "3\t.\t.\t.\n.\t2\t.\t.\n.\t.\t.\t.\n.\t.\t3\t.\n";
    let input = format!("\t{INKALA}\t# tabbed\n\n{block}\n{EASY}\n");
    run(&["solve", "-f", "line"], input).expect(
        0,
        &[Solves(INKALA), Solves("3....2........3."), Solves(EASY)],
    );
}

#[test]
fn a_utf8_byte_order_mark() {
    let input = format!("\u{feff}{INKALA}\n{EASY}\n");
    run(&["solve"], input).expect(0, &[Solves(INKALA), Solves(EASY)]);
}

#[test]
fn utf16_with_its_byte_order_mark_in_either_order() {
    // What Windows editors save as "Unicode", and Windows PowerShell's `>`.
    let text = format!("{INKALA}\r\n{}\r\n{EASY}\r\n", easy_with(3, "x"));
    for big_endian in [false, true] {
        run(&["solve"], utf16(&text, big_endian))
            .expect(2, &[Solves(INKALA), Line("invalid"), Solves(EASY)])
            .says("<stdin>:2:4: found 'x' (value 33), out of range for a 9x9 grid");
    }
}

#[test]
fn bytes_that_are_not_utf8() {
    let mut input = between(&easy_with(3, "x")).into_bytes();
    let at = INKALA.len() + 1 + 3;
    input[at] = 0xFF;
    // Latin-1 in a comment is only a comment.
    input.extend_from_slice(b"# caf\xE9\n");
    input.extend_from_slice(EASY.as_bytes());
    run(&["solve"], input)
        .expect(
            2,
            &[
                Solves(INKALA),
                Line("invalid"),
                Solves(INKALA),
                Solves(EASY),
            ],
        )
        .says("<stdin>:2:4: found byte 0xFF (not ASCII); expected 1-9 or a blank (. 0 _)");
}

#[test]
fn nul_bytes() {
    run(&["solve"], between(&easy_with(10, "\0")))
        .expect(2, &[Solves(INKALA), Line("invalid"), Solves(INKALA)])
        .says("<stdin>:2:11: found a NUL byte; expected 1-9 or a blank (. 0 _)");
    // A line of NUL bytes alone is no grid either.
    run(&["solve"], between(&"\0".repeat(3)))
        .expect(2, &[Solves(INKALA), Line("invalid"), Solves(INKALA)])
        .says("<stdin>:2:1: found 3 cells on a line");
}
