//! Every input format, read from realistic sample files in `tests/data`:
//! detected from the text, read the same when forced, with the metadata the
//! format carries, and with bad records reported at their line and column.

use std::path::Path;

use crate::common::utf16;
use sudoku_dlx::ParseErrorKind;
use sudoku_dlx::{Grid, InputFormat, PuzzleReader, ReadError, Record, Solver};

/// A record read, or the place and kind of its error.
type Read = Result<Record, (u64, usize, ParseErrorKind)>;

fn read_text(text: &[u8], format: InputFormat) -> (InputFormat, Vec<Read>) {
    let mut reader = PuzzleReader::new(text).with_format(format);
    let mut record = Record::default();
    let mut records = Vec::new();
    while let Some(result) = reader.read_record(&mut record) {
        records.push(match result {
            Ok(()) => Ok(record.clone()),
            Err(ReadError::Parse(e)) => Err((e.line, e.column, e.kind)),
            Err(ReadError::Io(e)) => panic!("{e}"),
        });
    }
    (reader.format(), records)
}

fn sample(name: &str) -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Reads a sample file, checks that its format is detected as `format` and
/// that forcing that format reads the same records.
fn read_sample(name: &str, format: InputFormat) -> Vec<Record> {
    let text = sample(name);
    let (detected, records) = read_text(&text, InputFormat::Auto);
    assert_eq!(detected, format, "{name}");
    assert_eq!(read_text(&text, format).1, records, "{name} forced");
    records
        .into_iter()
        .map(|r| r.unwrap_or_else(|e| panic!("{name}: {e:?}")))
        .collect()
}

fn grids(records: &[Record]) -> Vec<Grid> {
    records.iter().map(|r| r.grid.clone()).collect()
}

#[test]
fn the_same_three_puzzles_in_every_one_line_format() {
    let sdm = grids(&read_sample("sample.sdm", InputFormat::Plain));
    assert_eq!(sdm.len(), 3);
    assert_eq!(
        grids(&read_sample("opensudoku.xml", InputFormat::OpenSudoku)),
        sdm
    );
    assert_eq!(grids(&read_sample("kaggle.csv", InputFormat::Csv)), sdm);
    assert_eq!(
        grids(&read_sample("puzzle-solution.csv", InputFormat::Csv)),
        sdm
    );
    let blocks = [
        ("sample.sdk", InputFormat::Sdk),
        ("sample.ss", InputFormat::Plain),
        ("sample-print.ss", InputFormat::Plain),
    ];
    for (k, (name, format)) in blocks.into_iter().enumerate() {
        assert_eq!(
            grids(&read_sample(name, format)),
            [sdm[k].clone()],
            "{name}"
        );
    }
}

#[test]
fn sdk_headers_give_the_title_and_the_block_its_line() {
    let records = read_sample("sample.sdk", InputFormat::Sdk);
    assert_eq!(records[0].title, "Easy puzzle from the Project Euler set");
    assert_eq!(records[0].line, 8);
}

#[test]
fn opensudoku_games_take_the_collection_name() {
    let records = read_sample("opensudoku.xml", InputFormat::OpenSudoku);
    let lines: Vec<u64> = records.iter().map(|r| r.line).collect();
    assert_eq!(lines, [7, 8, 9]);
    assert!(records.iter().all(|r| r.title == "Easy"));
}

#[test]
fn csv_solutions_are_kept_and_really_solve_their_puzzles() {
    let mut solver = Solver::new();
    for name in ["kaggle.csv", "puzzle-solution.csv"] {
        let records = read_sample(name, InputFormat::Csv);
        for record in &records {
            let claimed = record
                .expected_solution
                .as_ref()
                .expect("a solution column");
            let found = solver.first_solution(&record.grid).unwrap().unwrap();
            assert!(
                claimed.keeps_givens_of(&record.grid),
                "{name}:{}",
                record.line
            );
            // The last row of puzzle-solution.csv claims a wrong solution.
            let wrong = name == "puzzle-solution.csv" && record.line == 4;
            assert_eq!(claimed == &found, !wrong, "{name}:{}", record.line);
        }
    }
}

#[test]
fn a_first_line_cut_by_a_comma_is_a_bad_record_not_a_skipped_header() {
    // A comma in the first line makes the text CSV; a row of digits and
    // dots is still a record, reported where it breaks.
    let sdm = grids(&read_sample("sample.sdm", InputFormat::Plain));
    let text = String::from_utf8(sample("sample.sdm")).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let first = lines[0];
    let text = format!(
        "{},{}\n{}\n{}\n",
        &first[..14],
        &first[15..],
        lines[1],
        lines[2]
    );
    let (detected, records) = read_text(text.as_bytes(), InputFormat::Auto);
    assert_eq!(detected, InputFormat::Csv);
    assert_eq!(records.len(), 3, "{records:?}");
    assert!(matches!(records[0], Err((1, 15, _))), "{:?}", records[0]);
    let rest: Vec<Grid> = records[1..]
        .iter()
        .map(|r| r.as_ref().unwrap().grid.clone())
        .collect();
    assert_eq!(rest, sdm[1..]);
}

#[test]
fn colon_lines_give_count_solution_and_comment() {
    let records = read_sample("cases.txt", InputFormat::Colon);
    let counts: Vec<Option<u64>> = records.iter().map(|r| r.expected_count).collect();
    assert_eq!(counts, [Some(1), Some(1), Some(0), Some(2), Some(2)]);
    assert_eq!(records[1].title, "the second");
    assert!(records[2].expected_solution.is_none());
    let mut solver = Solver::new();
    for record in &records {
        if let Some(solution) = &record.expected_solution {
            assert!(solution.is_solved() && solution.keeps_givens_of(&record.grid));
        }
        let found = solver.count_solutions(&record.grid, 2).unwrap().found;
        // The last line claims two solutions for a puzzle that has one.
        let agrees = found == record.expected_count.unwrap();
        assert_eq!(agrees, record.line != 6, "line {}", record.line);
    }
}

#[test]
fn the_project_test_cases_read_as_colon_lines() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles/cases.txt");
    let (format, records) = read_text(&std::fs::read(path).unwrap(), InputFormat::Auto);
    assert_eq!(format, InputFormat::Colon);
    assert!(records.len() > 50);
    assert!(records
        .iter()
        .all(|r| r.as_ref().is_ok_and(|r| r.expected_count.is_some())));
}

#[test]
fn bad_records_name_line_and_column_and_reading_goes_on() {
    let p = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let cases: Vec<(String, InputFormat, u64, usize)> = vec![
        (
            format!("puzzle,solution\n{p}x,\n{p},\n"),
            InputFormat::Csv,
            2,
            82,
        ),
        (format!("{p}:one:\n{p}:1:\n"), InputFormat::Colon, 1, 83),
        (
            format!(
                "<opensudoku>\n  <game data='{}'/>\n  <game data='{p}'/>\n",
                &p[1..]
            ),
            InputFormat::OpenSudoku,
            2,
            95,
        ),
        (
            format!(
                "#DA title\n{}\n\n#Danother\n{}",
                "..3.2.6..\n".repeat(8),
                "..3.2.6..\n".repeat(9)
            ),
            InputFormat::Sdk,
            2,
            1,
        ),
    ];
    for (text, format, line, column) in cases {
        let (detected, records) = read_text(text.as_bytes(), InputFormat::Auto);
        assert_eq!(detected, format, "{text}");
        assert_eq!(records.len(), 2, "{text}: {records:?}");
        let (error_line, error_column, kind) = records[0].clone().unwrap_err();
        assert_eq!((error_line, error_column), (line, column), "{text}: {kind}");
        let message = kind.to_string();
        assert!(message.contains("expected"), "{message}");
        assert!(records[1].is_ok(), "{text}: {:?}", records[1]);
    }
}

#[test]
fn plain_comments_are_no_sdk_headers() {
    let text = b"# a comment\n# Another\n1...............  a 4x4\n";
    let (format, records) = read_text(text, InputFormat::Auto);
    assert_eq!(format, InputFormat::Plain);
    assert_eq!(records[0].as_ref().unwrap().title, "a 4x4");
}

#[test]
fn utf16_files_read_as_their_utf8_text_in_every_format() {
    let names = [
        "sample.sdm",
        "opensudoku.xml",
        "kaggle.csv",
        "puzzle-solution.csv",
        "sample.sdk",
        "sample.ss",
        "sample-print.ss",
        "descriptions.jsonl",
        "fpuzzles-pretty.json",
        "bad.txt",
    ];
    let utf8 = |bytes: &[u8]| {
        std::str::from_utf8(bytes)
            .expect("the samples are UTF-8")
            .to_owned()
    };
    for name in names {
        let text = sample(name);
        let (format, records) = read_text(&text, InputFormat::Auto);
        assert!(!records.is_empty(), "{name}");
        for big_endian in [false, true] {
            let (utf16_format, utf16_records) =
                read_text(&utf16(&utf8(&text), big_endian), InputFormat::Auto);
            assert_eq!(utf16_format, format, "{name}, big endian {big_endian}");
            assert_eq!(utf16_records, records, "{name}, big endian {big_endian}");
        }
    }
}
