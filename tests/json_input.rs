//! JSON puzzle descriptions and f-puzzles exports through the real binary:
//! detected from the text or forced with `-i`, mixed with plain lines,
//! answered under each record's own rules, every bad line reported with the
//! run going on, and the rules echoed by `-f json` so that an answer reads
//! back as the puzzle it answers.

use crate::common;

use std::path::Path;

use common::binary::run;
use serde_json::Value;

/// The path of a file of `tests/data`.
fn data(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
        .display()
        .to_string()
}

/// The lines of a file of `tests/data` that are records (no comment).
fn records(name: &str) -> Vec<String> {
    std::fs::read_to_string(data(name))
        .unwrap()
        .lines()
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(str::to_string)
        .collect()
}

/// The JSON objects of an output, one a line.
fn objects(stdout: &str) -> Vec<Value> {
    stdout
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{line}: {e}")))
        .collect()
}

/// The keys of a description that are rules.
const RULE_KEYS: [&str; 22] = [
    "boxes",
    "regions",
    "variants",
    "cages",
    "extra_regions",
    "thermometers",
    "white_dots",
    "black_dots",
    "xv",
    "negative",
    "odd",
    "even",
    "minimum",
    "maximum",
    "palindromes",
    "clones",
    "arrows",
    "between_lines",
    "quadruples",
    "little_killers",
    "sandwiches",
    "lines",
];

/// What `-f json` answered for `stdin` with `args`, one object a record.
fn answers(args: &[&str], stdin: &str) -> Vec<Value> {
    let mut all = args.to_vec();
    all.extend(["-f", "json"]);
    objects(&run(&all, stdin).stdout)
}

#[test]
fn descriptions_are_detected_and_answered_under_their_own_rules() {
    let lines = records("descriptions.jsonl");
    let run = run(&["check", "-f", "json", &data("descriptions.jsonl")], "");
    assert_eq!(run.status, Some(0), "{}", run.stderr);
    let answers = objects(&run.stdout);
    assert_eq!(answers.len(), lines.len());
    for (answer, line) in answers.iter().zip(&lines) {
        let input: Value = serde_json::from_str(line).unwrap();
        // Unique under its rules, and the same answer as the plain line
        // with the same rules asked for on the command line, where there
        // is a flag for them.
        assert_eq!(answer["status"], "unique", "{line}");
        let givens = input["givens"].as_str().unwrap();
        assert_eq!(
            answer["puzzle"].as_str().unwrap(),
            givens,
            "the puzzle is echoed in the symbols it was given in"
        );
        let Some(variants) = input["variants"].as_array() else {
            continue;
        };
        if input.get("boxes").is_some_and(|b| b != "3x3") || input.get("regions").is_some() {
            continue;
        }
        let names: Vec<&str> = variants.iter().map(|v| v.as_str().unwrap()).collect();
        let plain = self::answers(&["check", "--variant", &names.join(",")], givens);
        assert_eq!(plain[0]["solution"], answer["solution"], "{line}");
        // Without its rules the puzzle has other solutions.
        let classic = self::answers(&["count", "--limit", "2"], givens);
        assert_eq!(classic[0]["count"], 2, "{line}");
    }
}

#[test]
fn forcing_json_reads_the_same_and_refuses_plain_lines() {
    let file = data("descriptions.jsonl");
    let detected = run(&["solve", &file], "");
    let forced = run(&["solve", "-i", "json", &file], "");
    assert_eq!(detected.status, Some(0));
    assert_eq!(forced.stdout, detected.stdout);
    let inkala =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
    let mixed = format!("{inkala}\n{}\n", records("descriptions.jsonl")[1]);
    let run = run(&["solve", "-i", "json", "-f", "json"], mixed);
    assert_eq!(run.status, Some(2));
    let answers = objects(&run.stdout);
    assert_eq!(answers.len(), 2);
    assert_eq!(answers[0]["status"], "invalid");
    assert_eq!(answers[0]["column"], 1);
    assert!(
        run.stderr
            .contains("<stdin>:1:1: found '8'; expected a JSON object"),
        "{}",
        run.stderr
    );
    assert_eq!(answers[1]["status"], "solved", "the run goes on");
}

#[test]
fn a_mixed_file_gives_plain_lines_the_flags_rules_and_json_lines_their_own() {
    let lines = records("descriptions.jsonl");
    let x: Value = serde_json::from_str(&lines[1]).unwrap();
    let x_givens = x["givens"].as_str().unwrap();
    // The X-Sudoku puzzle as a plain line, between JSON lines: with
    // --variant x it is unique; the classic JSON line stays classic.
    let text = format!("{}\n{x_givens}\n{}\n", lines[0], lines[4]);
    let answers = answers(&["count", "--limit", "2", "--variant", "x"], &text);
    let counts: Vec<&Value> = answers.iter().map(|a| &a["count"]).collect();
    assert_eq!(counts, [1, 1, 1]);
    assert!(answers[0].get("variants").is_none(), "{:?}", answers[0]);
    assert_eq!(answers[1]["variants"], serde_json::json!(["x"]));
    assert_eq!(answers[2]["boxes"], "none");
    let without = self::answers(&["count", "--limit", "2"], &text);
    let counts: Vec<&Value> = without.iter().map(|a| &a["count"]).collect();
    assert_eq!(counts, [1, 2, 1], "only the plain line lost its rule");
}

#[test]
fn records_keep_their_rules_on_several_threads() {
    let mut text = String::new();
    let lines = records("descriptions.jsonl");
    // The X-Sudoku as a plain line: unique under --variant x alone.
    let x: Value = serde_json::from_str(&lines[1]).unwrap();
    let plain = x["givens"].as_str().unwrap();
    for k in 0..60 {
        text.push_str(&lines[k % lines.len()]);
        text.push('\n');
        if k % 7 == 0 {
            text.push_str(plain);
            text.push('\n');
        }
    }
    let one = run(
        &["count", "--limit", "2", "--variant", "x", "-j", "1"],
        text.as_str(),
    );
    let three = run(
        &["count", "--limit", "2", "--variant", "x", "-j", "3"],
        text.as_str(),
    );
    assert_eq!(one.stdout, three.stdout);
    let counts: Vec<&str> = one.stdout.lines().collect();
    assert_eq!(counts.len(), 60 + 9);
    assert!(counts.iter().all(|&c| c == "1"), "{counts:?}");
}

/// `solve -f json` on `text`, which holds bad input (exit status 2): the
/// status and line of each answer, and the messages.
fn solved_with_bad_input(text: String) -> (Vec<String>, Vec<u64>, String) {
    let run = run(&["solve", "-f", "json"], text);
    assert_eq!(run.status, Some(2), "bad input");
    let answers = objects(&run.stdout);
    let statuses = answers
        .iter()
        .map(|a| a["status"].as_str().unwrap().to_string())
        .collect();
    let lines = answers
        .iter()
        .map(|a| a["line"].as_u64().unwrap())
        .collect();
    (statuses, lines, run.stderr)
}

#[test]
fn bad_lines_are_reported_with_line_column_and_key_and_the_run_goes_on() {
    let good = &records("descriptions.jsonl")[4];
    let text = format!(
        "{good}\n{{\"givens\": \"..3..4.3.1.....1\", \"boxes\": \"2x3\"}}\n{{\"givens\": 5\n\
         {{\"givens\": \"..3..4.3.1.....1\", \"variants\": [\"x\", \"sandwich\"]}}\n\
         {{\"givens\": \"..3..4.3.1.....1\", \"colour\": \"red\"}}\n{good}\n"
    );
    let (statuses, lines, stderr) = solved_with_bad_input(text);
    assert_eq!(
        statuses,
        ["solved", "invalid", "invalid", "invalid", "invalid", "solved"]
    );
    let messages: Vec<&str> = stderr.lines().collect();
    assert_eq!(
        messages,
        [
            "<stdin>:2:41: key boxes: found the string \"2x3\"; expected \"RxC\" with R x C = 4 \
             (R rows, C columns per box), or \"none\"",
            "<stdin>:3:13: found the end of the line; expected ',' or '}' after a member of \
             an object (the line is not valid JSON)",
            "<stdin>:4:50: key variants[1]: found the string \"sandwich\"; expected a rule: x, \
             hyper, disjoint, anti-king, anti-knight or non-consecutive",
            "<stdin>:5:32: found unknown key \"colour\"; expected one of givens, shape, grids, boxes, regions, \
             variants, cages, extra_regions, thermometers, white_dots, black_dots, xv, negative, \
             odd, even, minimum, maximum, palindromes, clones, arrows, between_lines, quadruples, \
             little_killers, sandwiches, lines, title (or the keys of a -f json answer)",
        ]
    );
    assert_eq!(lines, [1, 2, 3, 4, 5, 6]);
}

#[test]
fn killer_cages_of_a_description_count_as_a_filter_of_every_grid_does() {
    // Cells r1c1 r1c2 sum to 3, r1c3 r1c4 to 7, and r2c1 r3c1 to 7.
    let cages = [(3, [0, 1]), (7, [2, 3]), (7, [4, 8])];
    let names = |cells: [usize; 2]| cells.map(|c| format!("r{}c{}", c / 4 + 1, c % 4 + 1));
    let json: Vec<Value> = cages
        .iter()
        .map(|&(sum, cells)| serde_json::json!({"sum": sum, "cells": names(cells)}))
        .collect();
    let description = serde_json::json!({"givens": ".".repeat(16), "cages": json}).to_string();
    // Every 4x4 grid, filtered by the sums: an independent count.
    let every = answers(&["solve", "--all"], &".".repeat(16));
    let grids = every[0]["solutions"].as_array().unwrap();
    assert_eq!(grids.len(), 288);
    let obeys = |grid: &str| {
        let digit = |cell: usize| grid.as_bytes()[cell] - b'0';
        cages
            .iter()
            .all(|&(sum, cells)| cells.iter().map(|&c| digit(c)).sum::<u8>() == sum)
    };
    let expected = grids.iter().filter(|g| obeys(g.as_str().unwrap())).count();
    assert!(expected > 1 && expected < 288, "{expected}");
    let counted = answers(&["count"], &description);
    assert_eq!(counted[0]["count"], expected, "{}", counted[0]);
    assert_eq!(counted[0]["cages"], serde_json::json!(json));
}

#[test]
fn the_json_answers_of_every_command_read_back_as_their_puzzles() {
    let lines = records("descriptions.jsonl");
    let text = lines.join("\n");
    let solved = answers(&["solve"], &text);
    for command in [
        &["solve"][..],
        &["count", "--limit", "2"],
        &["check", "--minimal", "--symmetry"],
        &["rate"],
        &["candidates"],
    ] {
        let given = answers(command, &text);
        assert_eq!(given.len(), lines.len(), "{command:?}");
        let back: Vec<String> = given.iter().map(Value::to_string).collect();
        let again = answers(&["solve"], &back.join("\n"));
        for (k, (first, second)) in solved.iter().zip(&again).enumerate() {
            assert_eq!(
                second["status"], first["status"],
                "{command:?}: {}",
                back[k]
            );
            assert_eq!(
                second["solution"], first["solution"],
                "{command:?}: {}",
                back[k]
            );
        }
    }
}

#[test]
fn json_answers_read_back_with_the_same_rules() {
    let lines = records("descriptions.jsonl");
    let answers = answers(&["solve"], &lines.join("\n"));
    for (answer, line) in answers.iter().zip(&lines) {
        let input: Value = serde_json::from_str(line).unwrap();
        for key in RULE_KEYS {
            if key == "regions" {
                continue;
            }
            assert_eq!(answer.get(key), input.get(key), "{key} of {line}");
        }
        // The rules of the answer, with its solution as givens, make a
        // description that reads back and checks.
        let mut again = serde_json::Map::new();
        again.insert("givens".into(), answer["solution"].clone());
        for key in RULE_KEYS {
            if let Some(value) = answer.get(key) {
                again.insert(key.into(), value.clone());
            }
        }
        let again = Value::Object(again).to_string();
        let checked = self::answers(&["check"], &again);
        assert_eq!(checked[0]["status"], "valid", "{again}");
        // Regions are written with labels of their own: the same regions.
        if let Some(regions) = input.get("regions") {
            let rename = |labels: &str| {
                let mut seen: Vec<char> = Vec::new();
                labels
                    .chars()
                    .map(|c| {
                        if !seen.contains(&c) {
                            seen.push(c);
                        }
                        seen.iter().position(|&s| s == c).unwrap()
                    })
                    .collect::<Vec<_>>()
            };
            let echoed = answer["regions"].as_str().unwrap();
            assert_eq!(rename(echoed), rename(regions.as_str().unwrap()));
        }
    }
}

#[test]
fn json_answers_piped_into_check_are_verified_under_their_rules() {
    let lines = records("descriptions.jsonl");
    let solved = run(&["solve", "-f", "json"], lines.join("\n"));
    assert_eq!(solved.status, Some(0), "{}", solved.stderr);
    let checked = answers(&["check"], &solved.stdout);
    assert_eq!(checked.len(), lines.len());
    for (answer, line) in checked.iter().zip(&lines) {
        assert_eq!(answer["status"], "unique", "{line}: {answer}");
    }
    // A claimed solution that breaks the record's rules, though not the
    // classic ones, is caught: another classic solution of the X-Sudoku.
    let x = &objects(&solved.stdout)[1];
    let solution = x["solution"].as_str().unwrap();
    let all = answers(
        &["solve", "--all", "--limit", "2"],
        x["puzzle"].as_str().unwrap(),
    );
    let classic: Vec<&str> = all[0]["solutions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap())
        .collect();
    let other = classic.iter().find(|&&s| s != solution).unwrap();
    let tampered = x.to_string().replace(solution, other);
    let verdict = &answers(&["check"], &tampered)[0];
    assert_eq!(verdict["status"], "mismatch", "{verdict}");
    assert_eq!(
        verdict["error"],
        "the solution the input claims is not a solution of the puzzle"
    );
    // Without the rule, the claim holds and the puzzle has several.
    let without = tampered.replace(r#","variants":["x"]"#, "");
    assert_ne!(without, tampered);
    let verdict = &answers(&["check"], &without)[0];
    assert_eq!(verdict["status"], "multiple", "{verdict}");
}

#[test]
fn solve_all_groups_carry_the_rules_too() {
    let line = &records("descriptions.jsonl")[5];
    let run = run(&["solve", "--all", "-f", "json"], line.as_str());
    assert_eq!(run.status, Some(0), "{}", run.stderr);
    let answer = &objects(&run.stdout)[0];
    assert!(answer["regions"].is_string(), "{answer}");
    assert_eq!(answer["count"], 1);
}

#[test]
fn f_puzzles_exports_answer_as_their_descriptions_do() {
    let descriptions = answers(&["solve"], &records("descriptions.jsonl").join("\n"));
    // The descriptions that the f-puzzles exports hold, in their order.
    let expected: Vec<&Value> = [1, 2, 3, 5, 8]
        .iter()
        .map(|&k| &descriptions[k]["solution"])
        .collect();
    for (name, forced) in [
        ("fpuzzles.json", None),
        ("fpuzzles.json", Some("fpuzzles")),
        ("fpuzzles-base64.txt", None),
        ("fpuzzles-base64.txt", Some("fpuzzles")),
    ] {
        let file = data(name);
        let mut args = vec!["solve", "-f", "json", file.as_str()];
        if let Some(format) = forced {
            args.extend(["-i", format]);
        }
        let run = run(&args, "");
        assert_eq!(run.status, Some(0), "{name}: {}", run.stderr);
        let answers = objects(&run.stdout);
        let found: Vec<&Value> = answers.iter().map(|a| &a["solution"]).collect();
        assert_eq!(found, expected, "{name} {forced:?}");
        assert_eq!(answers[0]["variants"], serde_json::json!(["x"]));
        assert_eq!(answers[0]["title"], "X-Sudoku");
    }
}

#[test]
fn a_stray_opening_brace_costs_one_record_not_the_ones_after_it() {
    // A line `{` alone opens an object laid out over lines; one that never
    // closes, because a record of its own starts at the next line, is one
    // bad record, and the reading goes on from that line.
    let good = &records("descriptions.jsonl")[4];
    let pretty = std::fs::read_to_string(data("fpuzzles-pretty.json")).unwrap();
    let text = format!("{good}\n{{\n{good}\n{{\n{pretty}{good}\n");
    let (statuses, lines, stderr) = solved_with_bad_input(text);
    assert_eq!(
        statuses,
        ["solved", "invalid", "solved", "invalid", "solved", "solved"]
    );
    let last = 5 + pretty.lines().count() as u64;
    assert_eq!(lines, [1, 2, 3, 4, 5, last]);
    let messages: Vec<&str> = stderr.lines().collect();
    assert_eq!(
        messages,
        [
            "<stdin>:2:1: found a new object at line 3; expected '}' alone at the start of a \
             line, closing the object (the line is not valid JSON)",
            "<stdin>:4:1: found a new object at line 5; expected '}' alone at the start of a \
             line, closing the object (the line is not valid JSON)",
        ]
    );
}

#[test]
fn a_record_cut_short_after_a_stray_brace_is_a_record_of_its_own() {
    // After `{` alone, a line that opens an object where a key is due is
    // no part of it, closed on its line or not: the record cut short and
    // the one after it are each read and answered.
    let good = &records("descriptions.jsonl")[4];
    let cut = &good[..good.len() / 2];
    let text = format!("{good}\n{{\n{cut}\n{good}\n");
    let (statuses, lines, stderr) = solved_with_bad_input(text);
    assert_eq!(statuses, ["solved", "invalid", "invalid", "solved"]);
    assert_eq!(lines, [1, 2, 3, 4]);
    let messages: Vec<&str> = stderr.lines().collect();
    assert_eq!(messages.len(), 2, "{stderr}");
    assert!(
        messages[0].starts_with("<stdin>:2:1: found a new object at line 3;"),
        "{stderr}"
    );
    assert!(messages[1].starts_with("<stdin>:3:"), "{stderr}");
}

#[test]
fn a_pretty_printed_export_is_one_record() {
    let pretty = answers(
        &["solve"],
        &std::fs::read_to_string(data("fpuzzles-pretty.json")).unwrap(),
    );
    let compact = answers(&["solve"], &records("fpuzzles.json")[3]);
    assert_eq!(pretty.len(), 1);
    assert_eq!(pretty[0]["line"], 1);
    assert_eq!(pretty[0]["solution"], compact[0]["solution"]);
    assert_eq!(pretty[0]["regions"], compact[0]["regions"]);
}

#[test]
fn an_f_puzzles_solution_is_a_claim_that_check_verifies() {
    let export = &records("fpuzzles.json")[0];
    let solved = answers(&["solve"], export);
    let solution = solved[0]["solution"].as_str().unwrap();
    let digits = |text: &str| {
        let digits: Vec<String> = text.chars().map(String::from).collect();
        digits.join(",")
    };
    let with = |solution: &str| {
        export.replacen(
            "\"grid\"",
            &format!("\"solution\":[{}],\"grid\"", digits(solution)),
            1,
        )
    };
    let checked = answers(&["check"], &with(solution));
    assert_eq!(checked[0]["status"], "unique", "{}", checked[0]);
    // Two digits of the last row swapped: no solution at all.
    let mut wrong: Vec<char> = solution.chars().collect();
    wrong.swap(79, 80);
    let wrong: String = wrong.into_iter().collect();
    let checked = answers(&["check"], &with(&wrong));
    assert_eq!(checked[0]["status"], "mismatch", "{}", checked[0]);
}

#[test]
fn f_puzzles_links_are_read_as_their_base64_strings() {
    let packed = &records("fpuzzles-base64.txt")[0];
    let link = format!("https://www.f-puzzles.com/?load={packed}");
    let from_link = answers(&["solve"], &link);
    let from_string = answers(&["solve"], packed);
    assert_eq!(from_link[0]["status"], "solved", "{}", from_link[0]);
    assert_eq!(from_link[0]["solution"], from_string[0]["solution"]);
    assert_eq!(from_link[0]["variants"], serde_json::json!(["x"]));
}

#[test]
fn f_puzzles_rules_we_do_not_have_are_named_not_dropped() {
    let line = &records("fpuzzles.json")[3];
    let with = |extra: &str| line.replacen("\"grid\"", &format!("{extra},\"grid\""), 1);
    let text = [
        with(r#""skyscraper":[{"cell":"R0C1","value":"5"}]"#),
        with(r#""killercage":[{"cells":["R1C1","R1C2"],"value":"3"}]"#),
        with(r#""diagonal-":true"#),
        line.clone(),
        with(r#""killercage":[{"cells":["R1C1","R1C2"],"value":"4"}]"#),
    ]
    .join("\n");
    let run = run(&["solve", "-f", "json"], text);
    let answers = objects(&run.stdout);
    assert_eq!(answers.len(), 5);
    assert!(
        run.stderr.contains(
            "<stdin>:1:71: key skyscraper: the f-puzzles constraint \"skyscraper\" \
             (1 of them) is not supported"
        ),
        "{}",
        run.stderr
    );
    // The cage is applied: its sum is the unique solution's r1c1 + r1c2.
    assert_eq!(answers[1]["status"], "solved", "{}", answers[1]);
    assert_eq!(answers[1]["solution"], answers[3]["solution"]);
    assert_eq!(answers[4]["status"], "unsolvable", "{}", answers[4]);
    assert_eq!(
        answers[1]["cages"],
        serde_json::json!([{"sum": 3, "cells": ["r1c1", "r1c2"]}])
    );
    // One diagonal is an extra region; the jigsaw with it has no solution
    // or another one, never the same as without.
    assert_eq!(
        answers[2]["extra_regions"],
        serde_json::json!([["r1c1", "r2c2", "r3c3", "r4c4"]])
    );
    assert_ne!(answers[2]["solution"], answers[3]["solution"]);
    assert_eq!(answers[3]["status"], "solved");
}

#[test]
fn a_base64_line_that_is_no_export_is_read_as_plain() {
    let text = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefgh\n";
    let run = run(&["solve"], text);
    assert_eq!(run.status, Some(2));
    assert!(run.stderr.contains("<stdin>:1:"), "{}", run.stderr);
    let forced = run_forced(text);
    assert!(
        forced.contains("neither JSON nor an f-puzzles base64 string"),
        "{forced}"
    );
}

/// The messages of `text` read with `-i fpuzzles`.
fn run_forced(text: &str) -> String {
    run(&["solve", "-i", "fpuzzles"], text).stderr
}

#[test]
fn grid_output_marks_the_cages_under_the_grid_and_reads_back() {
    let killer = r#"{"givens":"................","cages":[{"sum":3,"cells":["r1c1","r1c2"]},{"cells":["r4c4","r4c3"]}]}"#;
    let block = run(&["solve", "-f", "grid"], format!("{killer}\n"));
    assert_eq!(block.status, Some(0));
    assert!(
        block
            .stdout
            .contains("# cage 1, sum 3: r1c1 r1c2\n# cage 2: r4c4 r4c3\n\n"),
        "{}",
        block.stdout
    );
    let line = run(
        &["solve", "-f", "line", "--boxes", "none"],
        block.stdout.clone(),
    );
    let cells: Vec<u8> = line.stdout.trim().bytes().collect();
    // The cage of sum 3 holds 1 and 2; the other cage holds two digits.
    assert_eq!(cells.len(), 16, "{}", line.stdout);
    assert_eq!(cells[0] + cells[1] - 2 * b'0', 3);
    assert_ne!(cells[14], cells[15]);
}
