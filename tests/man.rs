//! The manual: `sudoku-dlx man` prints one complete page, `man --dir`
//! writes a page per command, and `man` renders them without a warning.

use crate::common;

use std::path::Path;
use std::process::Command;

use common::binary::run_binary;

/// The commands `sudoku-dlx --help` lists, but `help`.
fn commands() -> Vec<String> {
    let output = run_binary(&["--help"], b"");
    let help = String::from_utf8(output.stdout).unwrap();
    let list = help
        .split_once("Commands:\n")
        .expect("a list of commands")
        .1;
    let commands: Vec<String> = list
        .lines()
        .take_while(|line| line.starts_with("  "))
        // A description wrapped onto the next line is no command.
        .filter(|line| !line[2..].starts_with(' '))
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_owned)
        .collect();
    assert!(commands.len() >= 7, "{commands:?}");
    commands
}

fn page() -> String {
    let output = run_binary(&["man"], b"");
    assert!(output.status.success(), "{output:?}");
    String::from_utf8(output.stdout).expect("the page is UTF-8")
}

/// Every long option of `command`, read from its `--help`.
fn options_of(command: &str) -> Vec<String> {
    let output = run_binary(&[command, "--help"], b"");
    let help = String::from_utf8(output.stdout).unwrap();
    let mut options: Vec<String> = help
        .split_whitespace()
        .filter(|word| word.starts_with("--") && word.len() > 2)
        .map(|word| word.trim_end_matches([',', '.', ')', ':']).to_owned())
        .filter(|word| {
            word[2..]
                .chars()
                .all(|c| c.is_ascii_lowercase() || c == '-')
        })
        .collect();
    options.sort();
    options.dedup();
    options
}

/// `text` as roff writes it: hyphens escaped.
fn roff(text: &str) -> String {
    text.replace('-', "\\-")
}

#[test]
fn page_holds_every_command_and_option() {
    let page = page();
    assert!(page.starts_with(".ie") || page.starts_with(".TH"), "{page}");
    for command in commands() {
        let heading = format!(".SS \"{}\"", roff(&format!("sudoku-dlx {command}")));
        assert!(page.contains(&heading), "no section for {command}");
        let options = options_of(&command);
        assert!(options.contains(&"--help".to_owned()), "{options:?}");
        for option in options {
            assert!(page.contains(&roff(&option)), "{command}: no {option}");
        }
    }
    for value in [
        "rot180",
        "opensudoku",
        "expert",
        "json",
        "csv",
        "svg",
        "html",
    ] {
        assert!(page.contains(value), "no {value}");
    }
    for section in [
        ".SH NAME",
        ".SH SYNOPSIS",
        ".SH DESCRIPTION",
        ".SH COMMANDS",
        ".SH \"INPUT FORMATS\"",
        ".SH \"OUTPUT FORMATS\"",
        ".SH \"EXIT STATUS\"",
        ".SH EXAMPLES",
        ".SH \"SEE ALSO\"",
    ] {
        assert!(page.contains(section), "no {section}");
    }
}

#[test]
fn dir_writes_a_page_per_command() {
    let dir = std::env::temp_dir().join(format!("sudoku-dlx-man-{}", std::process::id()));
    let output = run_binary(&["man", "--dir", dir.to_str().unwrap()], b"");
    assert!(output.status.success(), "{output:?}");
    let listed = String::from_utf8(output.stdout).unwrap();
    let mut files = vec!["sudoku-dlx.1".to_owned()];
    files.extend(commands().iter().map(|c| format!("sudoku-dlx-{c}.1")));
    for file in &files {
        let path = dir.join(file);
        let text = std::fs::read_to_string(&path).unwrap_or_else(|_| panic!("no {file}"));
        assert!(listed.contains(file), "{file} not named in {listed}");
        assert!(text.contains(".SH \"EXIT STATUS\""), "{file}");
        assert!(text.contains(".SH \"SEE ALSO\""), "{file}");
        assert!(text.contains(".SH OPTIONS"), "{file}");
        check_renders(&path);
    }
    // Every page another names exists.
    let main = std::fs::read_to_string(dir.join("sudoku-dlx.1")).unwrap();
    for file in &files[1..] {
        let name = roff(file.trim_end_matches(".1"));
        assert!(main.contains(&format!("\\fB{name}\\fR(1)")), "{name}");
    }
    let solve = std::fs::read_to_string(dir.join("sudoku-dlx-solve.1")).unwrap();
    assert!(solve.contains("\\fBsudoku\\-dlx solve\\fR"), "{solve}");
    assert!(solve.contains("\\-\\-max\\-nodes"), "{solve}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn dir_that_cannot_be_made_is_an_error() {
    let output = run_binary(&["man", "--dir", "/dev/null/pages"], b"");
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(err.contains("cannot create /dev/null/pages"), "{err}");
}

#[test]
fn page_renders_without_warnings() {
    let path = std::env::temp_dir().join(format!("sudoku-dlx-{}.1", std::process::id()));
    std::fs::write(&path, page()).unwrap();
    check_renders(&path);
    std::fs::remove_file(&path).ok();
}

/// Renders `path` with `man -l` when man is installed, and fails on any
/// warning.
fn check_renders(path: &Path) {
    let Ok(output) = Command::new("man")
        .args(["--warnings", "-l"])
        .arg(path)
        .env("MANWIDTH", "80")
        .env("MANPAGER", "cat")
        .env("LC_ALL", "C.UTF-8")
        .output()
    else {
        return;
    };
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{}: {err}", path.display());
    assert!(err.trim().is_empty(), "{}: {err}", path.display());
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("EXIT STATUS"), "{text}");
}

#[test]
fn full_output_is_an_error_not_a_panic() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        return;
    };
    for args in [
        &["man"][..],
        &["completions", "bash"],
        &["completions", "zsh"],
    ] {
        let output = Command::new(common::binary::BIN)
            .args(args)
            .stdout(full.try_clone().unwrap())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.starts_with("sudoku-dlx: ") && !err.contains("panicked"),
            "{err}"
        );
    }
}

/// The possible values `command --help` lists under `option`.
fn values_of(command: &str, option: &str) -> Vec<String> {
    let output = run_binary(&[command, "--help"], b"");
    let help = String::from_utf8(output.stdout).unwrap();
    let lines = help
        .lines()
        .skip_while(|line| !line.split([' ', ',']).any(|word| word == option));
    let values: Vec<String> = lines
        .skip(1)
        .take_while(|line| !line.trim_start().starts_with('-') || line.contains(':'))
        .filter_map(|line| line.trim().strip_prefix("- ")?.split_once(':'))
        .map(|(name, _)| name.to_owned())
        .collect();
    assert!(!values.is_empty(), "{command} {option}: {help}");
    values
}

/// Every `AxA to BxB` range stated in `text`, as (A, B).
fn size_ranges(text: &str) -> Vec<(usize, usize)> {
    let pattern = regex::Regex::new(r"(\d+)x(\d+) to (\d+)x(\d+)").unwrap();
    pattern
        .captures_iter(text)
        .map(|found| (found[1].parse().unwrap(), found[3].parse().unwrap()))
        .collect()
}

#[test]
fn help_page_and_readme_state_what_the_binary_accepts() {
    use sudoku_dlx::Size;
    let help = String::from_utf8(run_binary(&["--help"], b"").stdout).unwrap();
    let page = page().replace("\\-", "-");
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let cargo =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml")).unwrap();
    let range = (Size::MIN_SIDE, Size::MAX_SIDE);
    for (name, text) in [
        ("--help", &help),
        ("man", &page),
        ("README", &readme),
        ("Cargo.toml", &cargo),
    ] {
        let ranges = size_ranges(text);
        assert!(!ranges.is_empty(), "{name} states no size range");
        assert!(
            ranges.iter().all(|&found| found == range),
            "{name}: {ranges:?}"
        );
    }
    let generate = String::from_utf8(run_binary(&["generate", "--help"], b"").stdout).unwrap();
    assert!(generate.contains(&format!("Side of the grid, {} to {}", range.0, range.1)));
    // The binary reads the largest size and refuses the next one, in the
    // words of the range.
    for (side, status) in [(Size::MAX_SIDE, 0), (Size::MAX_SIDE + 1, 2)] {
        let blank = format!("{}\n", ".".repeat(side * side));
        let output = run_binary(&["count", "--limit", "1"], blank.as_bytes());
        assert_eq!(output.status.code(), Some(status), "{side}: {output:?}");
    }
    let refused = run_binary(&["count"], ".".repeat(37 * 37).as_bytes());
    let range_text = format!("{0}x{0} to {1}x{1}", range.0, range.1);
    assert!(String::from_utf8_lossy(&refused.stderr).contains(&range_text));
    // Commands: each in the README's table (the page is checked above).
    for command in commands() {
        assert!(
            readme.contains(&format!("| `{command}")),
            "README: no {command}"
        );
    }
    // Input formats: each described on the page.
    for format in values_of("solve", "--input-format") {
        if format != "auto" {
            assert!(
                page.contains(&format!("\\fB{format}\\fR")),
                "page: no {format}"
            );
        }
    }
    // Output formats and alphabets: the lists the README gives are the
    // values the binary takes.
    for (option, listed) in [
        ("--format", "`-f, --format "),
        ("--alphabet", "`--alphabet "),
    ] {
        let stated = readme
            .split(listed)
            .nth(1)
            .and_then(|rest| rest.split('`').next());
        let stated: Vec<&str> = stated.expect(listed).split('|').collect();
        assert_eq!(values_of("solve", option), stated, "{option}");
    }
    // Rules: every --variant value named in the README and on the page.
    for rule in values_of("solve", "--variant") {
        assert!(
            readme.contains(&format!("`{rule}`")) || readme.contains(&format!("--variant {rule}")),
            "README: no {rule}"
        );
        assert!(page.contains(&rule), "page: no {rule}");
    }
}
