//! The `candidates` command, run for real: each cell's true candidates
//! cross-checked against every solution that `solve --all` lists, under the
//! classic rules and a variant; the JSON form and its count of solutions;
//! `--limit`; and the status words and exit statuses of puzzles with no
//! solution, against the rules or unreadable.

use crate::common;

use common::binary::run;

const INKALA: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
const EMPTY_NINE: &str =
    ".................................................................................";
/// Six solutions (the seed article's puzzle without two givens).
const SEED_SIX: &str = "3....2........3.";

/// The symbols of every cell, from the solutions `solve --all` prints for
/// `puzzle` with `extra` arguments, merged and sorted.
fn from_every_solution(puzzle: &str, extra: &[&str]) -> Vec<String> {
    let mut args = vec!["solve", "--all", "--limit", "100000", "-f", "line"];
    args.extend_from_slice(extra);
    let listed = run(&args, format!("{puzzle}\n"));
    assert_eq!(listed.status, Some(0), "{}", listed.stderr);
    let mut cells = vec![Vec::new(); puzzle.len()];
    let solutions: Vec<&str> = listed
        .stdout
        .lines()
        .filter(|line| !line.starts_with('#'))
        .collect();
    assert!(solutions.len() > 1, "{puzzle}: {solutions:?}");
    for solution in solutions {
        for (cell, symbol) in solution.bytes().enumerate() {
            if !cells[cell].contains(&symbol) {
                cells[cell].push(symbol);
            }
        }
    }
    cells
        .into_iter()
        .map(|mut symbols| {
            symbols.sort_unstable();
            String::from_utf8(symbols).unwrap()
        })
        .collect()
}

/// The fields of the one line `candidates` prints for `puzzle`.
fn candidates(puzzle: &str, extra: &[&str]) -> Vec<String> {
    let mut args = vec!["candidates"];
    args.extend_from_slice(extra);
    let answer = run(&args, format!("{puzzle}\n"));
    assert_eq!(answer.status, Some(0), "{}", answer.stderr);
    let lines: Vec<&str> = answer.stdout.lines().collect();
    assert_eq!(lines.len(), 1, "{}", answer.stdout);
    lines[0].split(' ').map(str::to_owned).collect()
}

#[test]
fn every_cell_lists_the_digits_some_solution_puts_there() {
    let fields = candidates(SEED_SIX, &[]);
    assert_eq!(fields.len(), 16);
    assert_eq!(fields, from_every_solution(SEED_SIX, &[]));
    // Givens are their own one candidate; some blank has several.
    assert_eq!(fields[0], "3");
    assert!(fields.iter().any(|field| field.len() > 1));
}

#[test]
fn a_nine_by_nine_puzzle_with_several_solutions_agrees_with_solve_all() {
    // Every puzzle of the collection with fewer than a thousand solutions.
    let collection = std::fs::read_to_string("puzzles/multiple.txt").unwrap();
    let puzzles: Vec<&str> = collection
        .lines()
        .filter(|line| !line.starts_with('#') && !line.is_empty())
        .collect();
    let counted = run(&["count", "--limit", "1000"], collection.clone());
    let few: Vec<&str> = puzzles
        .iter()
        .zip(counted.stdout.lines())
        .filter(|(_, count)| !count.ends_with('+'))
        .map(|(puzzle, _)| *puzzle)
        .collect();
    assert!(!few.is_empty());
    for puzzle in few {
        let fields = candidates(puzzle, &[]);
        assert_eq!(fields.len(), 81);
        assert_eq!(fields, from_every_solution(puzzle, &[]));
    }
}

#[test]
fn variant_rules_narrow_the_candidates() {
    let puzzle = "1...............";
    let plain = candidates(puzzle, &[]);
    let x = candidates(puzzle, &["--variant", "x"]);
    assert_eq!(x, from_every_solution(puzzle, &["--variant", "x"]));
    // r4c4 shares the main diagonal with the 1, nothing else: the rule
    // alone takes the 1 out.
    assert!(plain[15].contains('1'));
    assert!(!x[15].contains('1'));
}

#[test]
fn json_counts_the_solutions_seen_and_marks_a_cut_short_answer() {
    let answer = run(
        &["candidates", "-f", "json"],
        format!("{SEED_SIX}\n{INKALA}\n"),
    );
    assert_eq!(answer.status, Some(0), "{}", answer.stderr);
    let lines: Vec<serde_json::Value> = answer
        .stdout
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    let seen: u64 = lines[0]["solutions"].as_str().unwrap().parse().unwrap();
    // Distinct solutions: at least two, at most the six there are.
    assert!((2..=6).contains(&seen), "{seen}");
    assert_eq!(lines[0]["candidates"].as_array().unwrap().len(), 16);
    // A unique puzzle: one solution, one candidate per cell, its digits.
    assert_eq!(lines[1]["solutions"], "1");
    let solution = run(&["solve"], format!("{INKALA}\n")).stdout;
    let joined: String = lines[1]["candidates"]
        .as_array()
        .unwrap()
        .iter()
        .map(|field| field.as_str().unwrap())
        .collect();
    assert_eq!(joined, solution.trim());

    let partial = run(
        &["candidates", "-f", "json", "--limit", "3"],
        format!("{EMPTY_NINE}\n"),
    );
    assert_eq!(partial.status, Some(0), "{}", partial.stderr);
    let partial: serde_json::Value = serde_json::from_str(partial.stdout.trim()).unwrap();
    // Three searches: two solutions from the first, one from each other.
    assert_eq!(partial["solutions"], "4+");
}

#[test]
fn no_solution_and_bad_puzzles_answer_as_count_does() {
    let answer = run(
        &["candidates"],
        "123....4........\n11..............\n12345\n3....2..........\n",
    );
    let lines: Vec<&str> = answer.stdout.lines().collect();
    assert_eq!(lines.len(), 4, "{}", answer.stdout);
    assert_eq!(lines[0], "unsolvable");
    assert_eq!(lines[1], "invalid");
    assert_eq!(lines[2], "invalid");
    assert_eq!(lines[3].split(' ').count(), 16);
    // The unreadable line weighs most: exit status 2.
    assert_eq!(answer.status, Some(2));
    assert!(answer.stderr.contains("<stdin>:1: no solution"));

    let unsolvable = run(&["candidates"], "123....4........\n");
    assert_eq!(unsolvable.status, Some(1));
    let refused = run(&["candidates", "-f", "csv"], format!("{SEED_SIX}\n"));
    assert_eq!(refused.status, Some(2));
    assert!(refused.stderr.contains("-f line, grid or json"));
}
