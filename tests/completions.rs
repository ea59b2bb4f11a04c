//! Shell completion scripts, run in the shells themselves: bash always (it
//! runs the tests), zsh and fish when they are installed. The scripts must
//! complete the options of each subcommand and their values, not only the
//! subcommand names.

use crate::common;

use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

use common::binary::run_binary;

fn script(shell: &str) -> String {
    let output = run_binary(&["completions", shell], b"");
    assert!(output.status.success(), "completions {shell}: {output:?}");
    String::from_utf8(output.stdout).expect("the script is UTF-8")
}

fn installed(program: &str) -> bool {
    Command::new(program)
        .arg("--version")
        .output()
        .is_ok_and(|output| output.status.success())
}

/// What bash offers after `words` (the last one being the word under the
/// cursor), asking the function the script registered for `sudoku-dlx`.
fn bash_candidates(words: &[&str]) -> Vec<String> {
    static RUNS: AtomicUsize = AtomicUsize::new(0);
    let run = RUNS.fetch_add(1, Ordering::Relaxed);
    let name = format!("sudoku-dlx-{}-{run}.bash", std::process::id());
    let path = std::env::temp_dir().join(name);
    std::fs::write(&path, script("bash")).unwrap();
    let quoted: Vec<String> = words.iter().map(|w| format!("'{w}'")).collect();
    let cword = words.len() - 1;
    let program = format!(
        r#"source '{script}' || exit 3
spec=$(complete -p sudoku-dlx) || exit 4
function=$(sed -E 's/.*-F ([^ ]+).*/\1/' <<<"$spec")
COMP_WORDS=({words})
COMP_CWORD={cword}
COMP_LINE="${{COMP_WORDS[*]}}"
COMP_POINT=${{#COMP_LINE}}
"$function" sudoku-dlx "${{COMP_WORDS[COMP_CWORD]}}" "${{COMP_WORDS[COMP_CWORD-1]}}"
printf '%s\n' "${{COMPREPLY[@]}}""#,
        script = path.display(),
        words = quoted.join(" "),
    );
    let output = Command::new("bash")
        .args(["--norc", "--noprofile", "-c", &program])
        .output()
        .expect("bash runs");
    std::fs::remove_file(&path).ok();
    assert!(output.status.success(), "{output:?}");
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect()
}

fn assert_offers(candidates: &[String], expected: &[&str]) {
    for word in expected {
        assert!(
            candidates.iter().any(|c| c == word),
            "expected {word} among {candidates:?}"
        );
    }
}

#[test]
fn bash_completes_the_values_of_an_option() {
    let candidates = bash_candidates(&["sudoku-dlx", "solve", "--format", ""]);
    assert_offers(&candidates, &["line", "grid", "json", "csv"]);
    let candidates = bash_candidates(&["sudoku-dlx", "generate", "--symmetry", ""]);
    assert_offers(
        &candidates,
        &["none", "rot180", "rot90", "mirror", "diagonal"],
    );
}

#[test]
fn bash_completes_the_options_of_a_subcommand() {
    let candidates = bash_candidates(&["sudoku-dlx", "count", "--"]);
    assert_offers(
        &candidates,
        &["--limit", "--format", "--input-format", "--max-nodes"],
    );
    let candidates = bash_candidates(&["sudoku-dlx", "generate", "--"]);
    assert_offers(
        &candidates,
        &["--solved", "--seed", "--symmetry", "--difficulty"],
    );
    assert!(!candidates.iter().any(|c| c == "--limit"), "{candidates:?}");
}

#[test]
fn bash_completes_subcommand_names() {
    let candidates = bash_candidates(&["sudoku-dlx", ""]);
    assert_offers(
        &candidates,
        &["solve", "count", "check", "generate", "rate"],
    );
}

#[test]
fn zsh_script_knows_options_and_values() {
    let text = script("zsh");
    for word in ["--format", "--max-nodes", "--symmetry", "--with-solutions"] {
        assert!(text.contains(word), "zsh script lacks {word}");
    }
    // The values of --format are listed with the option itself.
    let start = text.find("'--format=[").expect("a --format spec");
    let end = text[start..].find("))'").expect("the end of the spec");
    let format = &text[start..start + end];
    for value in ["line", "grid", "json", "csv", "svg", "html"] {
        assert!(format.contains(&format!("{value}\\:")), "{format}");
    }
    if installed("zsh") {
        assert!(zsh_completes(&text, "--format j", "--format json"));
        assert!(zsh_completes(&text, "--max-n", "--max-nodes"));
    }
}

/// Whether zsh, with the script installed as `_sudoku-dlx` and compinit
/// loaded, turns `sudoku-dlx solve TYPED<Tab>` into `sudoku-dlx solve
/// EXPECTED`: an interactive zsh is run in a pseudo-terminal (zsh/zpty),
/// fed the keys, and read until the completed line appears, for at most
/// 20 seconds.
fn zsh_completes(script: &str, typed: &str, expected: &str) -> bool {
    static RUNS: AtomicUsize = AtomicUsize::new(0);
    let run = RUNS.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("sudoku-dlx-zsh-{}-{run}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("_sudoku-dlx"), script).unwrap();
    let program = format!(
        r#"zmodload zsh/zpty
zpty -b z 'zsh -f -i'
zpty -w z 'PS1=""; fpath=({dir} $fpath); autoload -U compinit; compinit -u -D'
zpty -w -n z $'sudoku-dlx solve {typed}\t'
zpty -r z line '*solve {expected}*' && print -r -- "$line""#,
        dir = dir.display(),
    );
    let output = Command::new("timeout")
        .args(["20", "zsh", "-f", "-c", &program])
        .output()
        .unwrap();
    std::fs::remove_dir_all(&dir).ok();
    output.status.success()
}

#[test]
fn fish_script_knows_options_and_values() {
    let text = script("fish");
    for word in [
        "-l format",
        "-l max-nodes",
        "-l symmetry",
        "rot180",
        "json",
        "csv",
    ] {
        assert!(text.contains(word), "fish script lacks {word}");
    }
    if installed("fish") {
        let program = format!("{text}\ncomplete --do-complete 'sudoku-dlx solve --format '");
        let output = Command::new("fish")
            .args(["--no-config", "-c", &program])
            .output()
            .unwrap();
        let offered = String::from_utf8_lossy(&output.stdout);
        for value in ["line", "grid", "json", "csv"] {
            assert!(offered.contains(value), "fish offers {offered}");
        }
    }
}
