//! Pencilmarks in: the candidates of every cell, as a player or another
//! solver writes them down, so that a logical solve can start from them.
//!
//! Two layouts are read:
//!
//! * the one-line form of tdoku and Sukaku: for each cell, `n` characters,
//!   the `k`-th the symbol of digit `k` when it is a candidate, `.` (or `0`)
//!   when not; `n * n * n` characters in all (729 for a 9x9 grid);
//! * a pencilmark grid: `n` lines of `n` groups, each group the candidates of
//!   one cell (`123 45 6 ...`), with box borders (`|`, `-`, `+`, `=`, `*`)
//!   ignored and lines made only of borders skipped.
//!
//! Digits are `1-9` then `A-Z` for 10 to 35, as in puzzles. Errors name the
//! line and the column, what was found and what was expected.

use thiserror::Error;

use crate::sudoku::candidates::Candidates;
use crate::sudoku::grid::Size;

/// Why a record of pencilmarks cannot be read, and where.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}, column {column}: {problem}")]
pub struct PencilmarkError {
    /// The line, from 1.
    pub line: u64,
    /// The column, from 1.
    pub column: usize,
    /// What is wrong.
    pub problem: String,
}

/// A position read from pencilmarks: the line it starts on and its
/// candidates.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PencilmarkRecord {
    /// The line the record starts on, from 1.
    pub line: u64,
    /// The candidates of every cell.
    pub marks: Candidates,
}

/// The value of a digit symbol: `1-9`, then `A-Z` (or `a-z`) for 10 to 35.
fn value_of(byte: u8) -> Option<u8> {
    match byte {
        b'1'..=b'9' => Some(byte - b'0'),
        b'A'..=b'Z' => Some(byte - b'A' + 10),
        b'a'..=b'z' => Some(byte - b'a' + 10),
        _ => None,
    }
}

/// The side `n` whose pencilmark line has `length` characters (`n * n *
/// n`), for the sizes the model supports up to 35: pencilmarks have no
/// symbol for 36.
fn side_of_line(length: usize) -> Option<usize> {
    (Size::MIN_SIDE..=35)
        .find(|n| n * n * n == length)
        .filter(|&n| Size::from_side(n).is_some())
}

/// True when `line` is in the one-line form: `n * n * n` characters, nine
/// in ten of them or more `.`, `0` or the symbol of the digit of its place
/// within its cell (a puzzle on one line of the same length has few digits
/// in those places; a mistyped one stays pencilmarks, to be reported).
fn is_mark_line(line: &str) -> bool {
    let bytes = line.trim().as_bytes();
    let Some(n) = side_of_line(bytes.len()) else {
        return false;
    };
    let fitting = bytes
        .iter()
        .enumerate()
        .filter(|&(k, &b)| value_of(b) == Some((k % n) as u8 + 1))
        .count();
    let blank = bytes.iter().filter(|&&b| matches!(b, b'.' | b'0')).count();
    fitting > 0 && (fitting + blank) * 10 >= bytes.len() * 9
}

/// The groups of a pencilmark grid line, with their columns (from 1):
/// borders are blanks.
fn groups(line: &str) -> Vec<(usize, &str)> {
    let mut found = Vec::new();
    let mut start = None;
    for (at, c) in line.char_indices().chain([(line.len(), ' ')]) {
        let blank = c.is_whitespace() || matches!(c, '|' | '-' | '+' | '=' | '*');
        match (blank, start) {
            (true, Some(from)) => {
                found.push((from + 1, &line[from..at]));
                start = None;
            }
            (false, None) => start = Some(at),
            _ => {}
        }
    }
    found
}

/// True when the text looks like pencilmarks: its first line with content
/// is a one-line form, or a grid line of four or more groups of which one
/// has two or more digits.
pub fn looks_like_pencilmarks(text: &str) -> bool {
    let Some(first) = text
        .lines()
        .map(str::trim)
        .find(|line| !line.is_empty() && !line.starts_with('#') && !groups(line).is_empty())
    else {
        return false;
    };
    if is_mark_line(first) {
        return true;
    }
    let found = groups(first);
    found.len() >= 4
        && found.iter().any(|(_, group)| group.len() >= 2)
        && found
            .iter()
            .all(|(_, group)| group.bytes().all(|b| value_of(b).is_some()))
}

/// Reads every record of pencilmarks in `text`, in order: a record that
/// cannot be read is an error in its place, and reading goes on after it.
pub fn read_pencilmarks(text: &str) -> Vec<Result<PencilmarkRecord, PencilmarkError>> {
    let mut records = Vec::new();
    let mut rows: Vec<(u64, Vec<(usize, &str)>)> = Vec::new();
    let mut side = 0;
    for (index, raw) in text.lines().enumerate() {
        let number = index as u64 + 1;
        let line = raw.trim_end();
        if line.trim().is_empty() || line.trim_start().starts_with('#') {
            continue;
        }
        let found = groups(line);
        if found.is_empty() {
            continue; // a border line
        }
        if rows.is_empty() && found.len() == 1 && side_of_line(found[0].1.len()).is_some() {
            records.push(read_line(number, found[0]));
            continue;
        }
        if rows.is_empty() {
            side = found.len();
        }
        if found.len() != side {
            records.push(Err(PencilmarkError {
                line: number,
                column: found.last().map_or(1, |g| g.0),
                problem: format!(
                    "found {} groups of candidates; expected {side}, one per cell of the row",
                    found.len()
                ),
            }));
            rows.clear();
            continue;
        }
        rows.push((number, found));
        if rows.len() == side {
            records.push(read_grid(&rows));
            rows.clear();
        }
    }
    if let Some((line, _)) = rows.first() {
        records.push(Err(PencilmarkError {
            line: *line,
            column: 1,
            problem: format!(
                "found {} rows of pencilmarks, then the end of the input; expected {side}",
                rows.len()
            ),
        }));
    }
    records
}

/// A record in the one-line form.
fn read_line(
    line: u64,
    (column, text): (usize, &str),
) -> Result<PencilmarkRecord, PencilmarkError> {
    let n = side_of_line(text.len()).expect("checked by the caller");
    let size = Size::from_side(n).expect("a supported side");
    let mut masks = vec![0u64; n * n];
    for (k, b) in text.bytes().enumerate() {
        let digit = (k % n) as u8 + 1;
        match (b, value_of(b)) {
            (b'.' | b'0', _) => {}
            (_, Some(value)) if value == digit => masks[k / n] |= 1 << (digit - 1),
            _ => {
                let cell = k / n;
                return Err(PencilmarkError {
                    line,
                    column: column + k,
                    problem: format!(
                        "found '{}' at place {} of the candidates of r{}c{}; expected '{}' or '.'",
                        b as char,
                        k % n + 1,
                        cell / n + 1,
                        cell % n + 1,
                        symbol(digit)
                    ),
                });
            }
        }
    }
    Ok(PencilmarkRecord {
        line,
        marks: Candidates::from_masks(size, masks).expect("one mask per cell"),
    })
}

/// The symbol of `digit`.
fn symbol(digit: u8) -> char {
    if digit <= 9 {
        (b'0' + digit) as char
    } else {
        (b'A' + digit - 10) as char
    }
}

/// A record in the grid form: `rows` are its lines and their groups.
fn read_grid(rows: &[(u64, Vec<(usize, &str)>)]) -> Result<PencilmarkRecord, PencilmarkError> {
    let n = rows.len();
    let first_line = rows[0].0;
    let Some(size) = Size::from_side(n) else {
        return Err(PencilmarkError {
            line: first_line,
            column: 1,
            problem: format!("found a {n}x{n} grid of pencilmarks; this size is not supported"),
        });
    };
    let mut masks = vec![0u64; n * n];
    for (row, (line, found)) in rows.iter().enumerate() {
        for (column, &(at, group)) in found.iter().enumerate() {
            for (k, b) in group.bytes().enumerate() {
                match value_of(b) {
                    Some(value) if (value as usize) <= n => {
                        masks[row * n + column] |= 1 << (value - 1);
                    }
                    _ => {
                        return Err(PencilmarkError {
                            line: *line,
                            column: at + k,
                            problem: format!(
                                "found '{}' among the candidates of r{}c{}; expected a digit from 1 to {}",
                                b as char,
                                row + 1,
                                column + 1,
                                symbol(n as u8)
                            ),
                        })
                    }
                }
            }
        }
    }
    Ok(PencilmarkRecord {
        line: first_line,
        marks: Candidates::from_masks(size, masks).expect("one mask per cell"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_one_line_form_reads_each_cell_in_its_places() {
        let mut text = String::new();
        for cell in 0..16 {
            text.push_str(if cell == 0 { "1..." } else { "1234" });
        }
        assert!(looks_like_pencilmarks(&text));
        let records = read_pencilmarks(&text);
        let marks = &records[0].as_ref().unwrap().marks;
        assert_eq!(marks.mask(0), 1);
        assert_eq!(marks.mask(5), 0b1111);
        let bad = text.replacen("1234", "1243", 1);
        let error = read_pencilmarks(&bad).remove(0).unwrap_err();
        assert_eq!((error.line, error.column), (1, 7));
        assert!(error.problem.contains("r1c2"), "{}", error.problem);
    }

    #[test]
    fn a_pencilmark_grid_reads_groups_and_skips_borders() {
        let text = "12 34 | 1 2\n3 4 | 12 34\n-----+-----\n1 2 | 3 4\n34 13 | 4 12\n";
        assert!(looks_like_pencilmarks(text));
        let records = read_pencilmarks(text);
        assert_eq!(records.len(), 1);
        let marks = &records[0].as_ref().unwrap().marks;
        assert_eq!(marks.mask(0), 0b11);
        assert_eq!(marks.mask(13), 0b101);
        let bad = read_pencilmarks("12 34 1 2\n3 4 15 34\n1 2 3 4\n4 3 2 1\n");
        let error = bad[0].as_ref().unwrap_err();
        assert_eq!((error.line, error.column), (2, 6));
        assert!(!looks_like_pencilmarks("1 2 3 4\n"));
        assert!(!looks_like_pencilmarks(
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
        ));
    }
}
