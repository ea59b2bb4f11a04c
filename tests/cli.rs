//! The output contract of the `sudoku-dlx` binary, run for real: inputs from
//! files, `-` and stdin; answers in the layout of the question; one record
//! per puzzle, in order; status words and exit statuses; messages that name
//! file, line and column; a closed pipe.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::Stdio;

use sudoku_dlx::{Grid, Size};

use crate::common;

use common::binary::run_binary;

const INKALA: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
/// The 4x4 puzzle of the seed article as printed: no solution.
const SEED_PRINTED: &str = "3...\n.2..\n.41.\n..3.\n";
/// The same without its third row's givens: six solutions.
const SEED_SIX: &str = "3...\n.2..\n....\n..3.\n";
const SEED_FILLED: &str = "1423\n2341\n4132\n3214\n";

/// What a run printed and how it ended.
#[derive(Debug)]
struct Run {
    stdout: String,
    stderr: String,
    code: i32,
}

impl Run {
    fn lines(&self) -> Vec<&str> {
        self.stdout.lines().collect()
    }
}

fn run(args: &[&str], stdin: &str) -> Run {
    let output = run_binary(args, stdin.as_bytes());
    Run {
        stdout: String::from_utf8(output.stdout).unwrap(),
        stderr: String::from_utf8(output.stderr).unwrap(),
        code: output.status.code().expect("exited, not killed"),
    }
}

/// A scratch directory of its own for each test.
fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sudoku-dlx-cli-{}-{test}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_owned()
}

fn assert_solves(answer: &str, puzzle: &str) {
    let puzzle: Grid = puzzle.parse().unwrap();
    let answer: Grid = answer
        .parse()
        .unwrap_or_else(|e| panic!("answer {answer:?}: {e}"));
    assert!(answer.is_solved(), "{answer:?} breaks the rules");
    assert!(answer.keeps_givens_of(&puzzle), "{answer:?} drops givens");
}

#[test]
fn solves_a_file() {
    let dir = scratch("file");
    let file = write(&dir, "inkala.txt", &format!("{INKALA}\n"));
    let run = run(&["solve", &file], "");
    assert_eq!(run.code, 0, "{run:?}");
    assert_eq!(run.lines().len(), 1);
    assert_solves(run.lines()[0], INKALA);
    assert_eq!(run.stderr, "");
}

#[test]
fn reads_stdin_with_no_file_and_with_dash() {
    for args in [&["solve"][..], &["solve", "-"]] {
        let run = run(args, &format!("{INKALA}\n"));
        assert_eq!(run.code, 0, "{run:?}");
        assert_solves(run.lines()[0], INKALA);
    }
}

#[test]
fn several_files_answer_in_order() {
    let dir = scratch("several");
    let first = write(&dir, "a.txt", &format!("{INKALA}\n"));
    let second = write(&dir, "b.txt", SEED_SIX);
    let run = run(&["count", &first, "-", &second], SEED_PRINTED);
    // Block inputs answer as blocks: each record ends with a blank line.
    assert_eq!(run.lines(), ["1", "0", "", "6", ""]);
    assert_eq!(run.code, 1, "the printed seed puzzle has no solution");
    assert_eq!(run.stderr, "<stdin>:1: no solution\n");
}

#[test]
fn answer_takes_the_layout_of_the_question() {
    let block = run(&["solve"], SEED_SIX);
    let lines = block.lines();
    assert_eq!(
        lines.len(),
        6,
        "four rows, a border and a blank line: {block:?}"
    );
    assert_eq!(lines[2], "----+----");
    assert_eq!(lines[5], "");
    assert_solves(&block.stdout, SEED_SIX);

    let line = run(&["solve"], "3....2.........3.\n");
    assert_eq!(line.code, 2, "17 cells are no puzzle: {line:?}");
    let line = run(&["solve"], "3....2........3.\n");
    assert_eq!(line.lines().len(), 1);
    assert_eq!(line.lines()[0].len(), 16);
}

#[test]
fn format_option_overrides_the_layout() {
    let run_line = run(&["solve", "--format", "line"], SEED_SIX);
    assert_eq!(run_line.lines().len(), 1);
    assert_solves(run_line.lines()[0], SEED_SIX);
    let run_grid = run(&["solve", "-f", "grid"], &format!("{INKALA}\n"));
    assert_eq!(run_grid.lines().len(), 12);
    assert_solves(&run_grid.stdout, INKALA);
}

#[test]
fn one_record_per_puzzle_in_order_even_for_bad_ones() {
    let mut bad = INKALA.to_string();
    bad.replace_range(40..41, "!");
    let input = format!(
        "{INKALA}\n{bad}\n# a comment\n\n{}\n{}\n{INKALA}\n",
        "1".repeat(80),
        "11".to_owned() + &".".repeat(79)
    );
    let run = run(&["solve"], &input);
    let lines = run.lines();
    assert_eq!(lines.len(), 5, "{run:?}");
    assert_solves(lines[0], INKALA);
    assert_eq!(lines[1], "invalid");
    assert_eq!(lines[2], "invalid");
    assert_eq!(lines[3], "invalid");
    assert_solves(lines[4], INKALA);
    let messages: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(messages.len(), 3, "{messages:?}");
    assert!(
        messages[0].starts_with("<stdin>:2:41: found '!'; expected 1-9"),
        "{messages:?}"
    );
    assert!(
        messages[1].starts_with("<stdin>:5:81: found 80 cells; expected 81"),
        "{messages:?}"
    );
    assert_eq!(
        messages[2],
        "<stdin>:6: digit 1 appears twice in row 1, at r1c1 and r1c2"
    );
    assert_eq!(run.code, 2, "unparseable input wins over a failed puzzle");
}

#[test]
fn exit_status_one_for_an_unsolvable_puzzle() {
    let run = run(&["solve"], SEED_PRINTED);
    assert_eq!(run.code, 1);
    assert_eq!(run.lines(), ["unsolvable", ""]);
    assert_eq!(run.stderr, "<stdin>:1: no solution\n");
}

#[test]
fn unique_flag_fails_on_several_solutions() {
    let plain = run(&["solve"], SEED_SIX);
    assert_eq!(plain.code, 0);
    let strict = run(&["solve", "--unique"], SEED_SIX);
    assert_eq!(strict.code, 1);
    assert_eq!(strict.lines()[0], "multiple");
    assert_eq!(strict.stderr, "<stdin>:1: more than one solution\n");
    let unique = run(&["solve", "--unique"], &format!("{INKALA}\n"));
    assert_eq!(unique.code, 0);
    assert_solves(unique.lines()[0], INKALA);
}

#[test]
fn missing_file_is_reported_and_the_rest_still_answered() {
    let dir = scratch("missing");
    let good = write(&dir, "good.txt", &format!("{INKALA}\n"));
    let missing = dir.join("missing.txt");
    let run = run(&["solve", missing.to_str().unwrap(), &good], "");
    assert_eq!(run.code, 2);
    assert_eq!(run.lines().len(), 1);
    assert_solves(run.lines()[0], INKALA);
    assert!(
        run.stderr
            .contains("missing.txt: cannot read: No such file"),
        "{}",
        run.stderr
    );
}

#[test]
fn usage_errors_exit_two() {
    assert_eq!(run(&["solve", "--no-such-flag"], "").code, 2);
    assert_eq!(run(&["count", "--limit", "0"], "").code, 2);
    assert_eq!(run(&[], "").code, 2);
    let help = run(&["solve", "--help"], "");
    assert_eq!(help.code, 0);
    assert!(help.stdout.contains("Examples:"));
}

#[test]
fn count_stops_at_its_limit() {
    let run_all = run(&["count"], SEED_SIX);
    assert_eq!(run_all.lines(), ["6", ""]);
    assert_eq!(run_all.code, 0);
    let limited = run(&["count", "--limit", "4"], SEED_SIX);
    assert_eq!(limited.lines(), ["4+", ""]);
    let empty = run(&["count"], &format!("{}\n", ".".repeat(81)));
    assert_eq!(empty.lines(), ["100000+"]);
    let four = run(&["count"], &format!("{}\n", ".".repeat(16)));
    assert_eq!(four.lines(), ["288"]);
}

#[test]
fn check_gives_one_verdict_per_grid() {
    let mut wrong_cell = SEED_FILLED.to_string();
    wrong_cell.replace_range(0..1, "2");
    let input = [SEED_FILLED, &wrong_cell, SEED_SIX, SEED_PRINTED].join("\n");
    let input = format!("{input}\n{INKALA}\n");
    let run = run(&["check", "--format", "line"], &input);
    assert_eq!(
        run.lines(),
        ["valid", "invalid", "multiple", "unsolvable", "unique"]
    );
    assert_eq!(run.code, 1);
    let messages: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(
        messages,
        [
            "<stdin>:6: digit 2 appears twice in row 1, at r1c1 and r1c3",
            "<stdin>:11: more than one solution",
            "<stdin>:16: no solution",
        ]
    );
    let all_good = self::run(&["check"], &format!("{SEED_FILLED}\n{INKALA}\n"));
    assert_eq!(all_good.code, 0);
}

#[test]
fn all_prints_every_solution_as_one_group() {
    let run = run(
        &["solve", "--all", "-f", "line"],
        &format!("{SEED_SIX}\n{SEED_PRINTED}"),
    );
    let lines = run.lines();
    assert_eq!(lines[0], "# <stdin>:1");
    let solutions: std::collections::HashSet<&str> = lines[1..7].iter().copied().collect();
    assert_eq!(solutions.len(), 6);
    for solution in &solutions {
        assert_solves(solution, SEED_SIX);
    }
    assert_eq!(
        &lines[7..],
        [
            "# 6 solutions",
            "# <stdin>:6",
            "unsolvable",
            "# 0 solutions"
        ]
    );
    let limited = self::run(&["solve", "--all", "--limit", "2", "-f", "line"], SEED_SIX);
    assert_eq!(
        limited.lines().last().copied(),
        Some("# 2+ solutions (stopped at --limit)")
    );
    assert_eq!(limited.lines().len(), 4);
}

#[test]
fn hex_sixteen_by_sixteen_answers_in_hex() {
    let puzzle = ".ce....2..b..9f.....89.73.e1.b..2f.5...c..9....a....a.e...7..1.5...e.........8b...861....3.9afc29....05f........c..be.....1d9.3...6.7............a...12.d...6.9.89.3ba.4.6.2...1.e.236...9...d.4.5...2c8a.....7..da....0...f.4.bb..c4.....d...a8.4..5.6..7..3..e";
    let run = run(&["solve"], &format!("{puzzle}\n"));
    assert_eq!(run.code, 0, "{run:?}");
    let answer = run.lines()[0];
    assert_eq!(answer.len(), 256);
    assert!(answer
        .bytes()
        .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)));
    for (given, found) in puzzle.bytes().zip(answer.bytes()) {
        assert!(given == b'.' || given == found);
    }
    let forced = self::run(&["solve", "--alphabet", "hex"], &format!("{puzzle}\n"));
    assert_eq!(forced.stdout, run.stdout);
    let standard = self::run(&["solve", "--alphabet", "standard"], &format!("{puzzle}\n"));
    assert_ne!(
        standard.stdout, run.stdout,
        "in the standard alphabet 0 is a blank"
    );
}

#[test]
fn every_size_solves() {
    // Larger sizes take seconds each in a debug build; `.ci/reliability`
    // solves every size with the release binary.
    for size in Size::all().filter(|size| size.box_shape().is_some() && size.side() <= 16) {
        let run = run(&["solve"], &format!("{}\n", ".".repeat(size.cells())));
        assert_eq!(run.code, 0, "{size}");
        let grid: Grid = run.lines()[0].parse().unwrap();
        assert!(grid.is_solved(), "{size}");
    }
}

/// Every side from 4 to 36: the sizes with boxes under their own boxes,
/// the prime ones as Latin squares. Run by `.ci/reliability` in release.
#[test]
#[ignore = "seconds per size in a debug build"]
fn every_size_up_to_the_largest_solves() {
    for size in Size::all() {
        let boxes = if size.box_shape().is_some() {
            ""
        } else {
            "none"
        };
        let mut args = vec!["solve"];
        if !boxes.is_empty() {
            args.extend(["--boxes", boxes]);
        }
        // 25 cells on a line are a row of a 25x25 block: a 5x5 grid is
        // written as a block, and answered as one.
        let n = size.side();
        let input = if n == 5 {
            format!("{}\n", ".".repeat(n)).repeat(n)
        } else {
            format!("{}\n", ".".repeat(size.cells()))
        };
        let run = run(&args, &input);
        assert_eq!(run.code, 0, "{size}");
        let text: String = run.stdout.split_whitespace().collect::<Vec<_>>().concat();
        // The 36x36 grid writes 36 as `0`.
        let symbols = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ0";
        let cells: Vec<u8> = text
            .chars()
            .filter(|c| !matches!(c, '|' | '-' | '+'))
            .map(|c| symbols.find(c).expect("a symbol") as u8 + 1)
            .collect();
        let grid = Grid::from_cells(&cells).unwrap();
        assert!(grid.is_solved(), "{size}");
    }
}

#[test]
fn a_closed_pipe_ends_the_run_quietly() {
    let mut child = common::binary::command()
        .arg("solve")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let line = format!("{INKALA}\n");
        for _ in 0..20_000 {
            if input.write_all(line.as_bytes()).is_err() {
                break;
            }
        }
    });
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    stdout.read_line(&mut first).unwrap();
    assert_solves(first.trim_end(), INKALA);
    drop(stdout);
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
}

#[test]
fn node_budget_turns_a_long_search_into_undecided() {
    let inkala = format!("{INKALA}\n");
    let solve = run(&["solve", "--max-nodes", "1"], &inkala);
    assert_eq!(solve.lines(), ["undecided"]);
    assert_eq!(solve.code, 1);
    assert_eq!(
        solve.stderr,
        "<stdin>:1: gave up after 1 search nodes (--max-nodes): the answer is not known\n"
    );
    let check = run(&["check", "--max-nodes", "1"], &inkala);
    assert_eq!(check.lines(), ["undecided"]);
    let count = run(
        &["count", "--max-nodes", "200"],
        &format!("{}\n", ".".repeat(81)),
    );
    assert_eq!(count.lines(), ["undecided"]);
    assert_eq!(count.code, 1);
    // The default budget is far above what any real 9x9 puzzle needs.
    let plain = run(&["check"], &inkala);
    assert_eq!(plain.lines(), ["unique"]);
}

/// The README's table of levels: one row a level, each example puzzle
/// rated by the binary as the row says, and every level of the scale there.
#[test]
fn the_readme_levels_are_what_rate_prints() {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    let table = readme
        .split("### Difficulty")
        .nth(1)
        .expect("a Difficulty section");
    let mut levels = Vec::new();
    let rows = table
        .lines()
        .skip_while(|line| !line.starts_with("| level"))
        .take_while(|line| line.starts_with('|'));
    for row in rows.skip(2) {
        let level = row[2..].split(' ').next().unwrap();
        let mut quoted = row.rsplit('`');
        let printed = quoted.next().unwrap().trim_end_matches([' ', '|']).trim();
        let puzzle = quoted.next().unwrap();
        let rated = run(&["rate"], &format!("{puzzle}\n"));
        assert_eq!((rated.code, rated.stdout.trim()), (0, printed), "{level}");
        assert!(printed.starts_with(&format!("{level}: ")), "{row}");
        levels.push(level.to_owned());
    }
    let scale: Vec<String> = [
        sudoku_dlx::LogicLevel::Simple,
        sudoku_dlx::LogicLevel::Easy,
        sudoku_dlx::LogicLevel::Intermediate,
        sudoku_dlx::LogicLevel::Expert,
    ]
    .map(|level| level.name().to_owned())
    .into();
    assert_eq!(levels, scale);
}

/// A 36x36 grid in the collection's alphabet (`0` for 36, `.` blank),
/// cut from a solution: the binary's count, its solution and a plain
/// backtracker agree. `.ci/reliability` solves the published collection.
#[test]
fn a_cut_thirty_six_by_thirty_six_grid_counts_as_plain_backtracking_does() {
    const SYMBOLS: &[u8; 36] = b"123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ0";
    let n = 36;
    // A pattern solution, its digits relabelled and a sixth of its cells
    // blanked, both by a small linear congruential generator.
    let mut state: u64 = 36;
    let mut next = |bound: usize| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) as usize % bound
    };
    let mut relabel: Vec<u8> = (1..=n as u8).collect();
    for k in (1..n).rev() {
        relabel.swap(k, next(k + 1));
    }
    let solution: Vec<u8> = (0..n * n)
        .map(|cell| {
            let (row, column) = (cell / n, cell % n);
            relabel[(row * 6 + row / 6 + column) % n]
        })
        .collect();
    assert!(Grid::from_cells(&solution).unwrap().is_solved());
    let puzzle: Vec<u8> = solution
        .iter()
        .map(|&digit| if next(6) == 0 { 0 } else { digit })
        .collect();
    let text: String = puzzle
        .iter()
        .map(|&digit| match digit {
            0 => '.',
            d => char::from(SYMBOLS[d as usize - 1]),
        })
        .collect();
    let oracle = common::oracle::count_solutions(&puzzle, (6, 6), 2).unwrap();
    let counted = run(&["count", "--limit", "2"], &format!("{text}\n"));
    assert_eq!(counted.stdout.trim(), oracle.to_string());
    let solved = run(&["solve"], &format!("{text}\n"));
    let cells: Vec<u8> = solved
        .stdout
        .trim()
        .bytes()
        .map(|symbol| SYMBOLS.iter().position(|&s| s == symbol).unwrap() as u8 + 1)
        .collect();
    let found = Grid::from_cells(&cells).unwrap();
    assert!(found.is_solved() && found.keeps_givens_of(&Grid::from_cells(&puzzle).unwrap()));
    // With a sixth of the cells blank, this grid keeps one solution: the
    // one it was cut from.
    assert_eq!(oracle, 1);
    assert_eq!(cells, solution);
    // The logical solver rates it at this size too.
    let rated = run(&["rate"], &format!("{text}\n"));
    assert_eq!(rated.code, 0, "{}", rated.stderr);
    assert!(rated.stdout.ends_with(" branches\n"), "{}", rated.stdout);
}
