//! The layers of the source tree, checked on the files themselves: no file
//! imports, directly or through others, a file that imports it back, and
//! the lower layers never reach up: the engine knows nothing of Sudoku or
//! text, the Sudoku model nothing of text or of the command line.
//!
//! A file's imports are the module paths it names outside its tests:
//! `crate::a::b`, `super::x` and `self::x`, in `use` lines and in code, each
//! taken to the file that defines the longest module prefix of the path. A
//! name the crate root re-exports (`crate::Grid`) is taken to the file that
//! defines it. The library (`src/lib.rs` and its folders) and the binary
//! (`src/main.rs` and `src/cli`) are two crates, checked apart.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module path, such as `["sudoku", "grid"]`.
type Module = Vec<String>;

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every `.rs` file under `dir`, with its module path below `prefix`.
fn collect(dir: &Path, prefix: &[String], out: &mut BTreeMap<Module, PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("the source folder is readable")
        .map(|entry| entry.expect("a readable entry").path())
        .collect();
    entries.sort();
    for path in entries {
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let mut module = prefix.to_vec();
        if path.is_dir() {
            module.push(name);
            collect(&path, &module, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            if name != "mod" {
                module.push(name);
            }
            out.insert(module, path);
        }
    }
}

/// The files of one crate: its root file and its folders.
fn crate_files(root: &str, folders: &[&str]) -> BTreeMap<Module, PathBuf> {
    let mut files = BTreeMap::from([(Vec::new(), src().join(root))]);
    for folder in folders {
        collect(&src().join(folder), &[folder.to_string()], &mut files);
    }
    files
}

/// The names the crate root re-exports, with the module path each comes
/// from: `pub use sudoku::grid::{Grid, Size};` gives `Grid` and `Size`.
fn re_exports(root: &Path) -> BTreeMap<String, Module> {
    let text = std::fs::read_to_string(root).expect("a readable crate root");
    let mut names = BTreeMap::new();
    for statement in text.split(';') {
        let Some(used) = statement.trim().strip_prefix("pub use ") else {
            continue;
        };
        let (path, list) = match used.split_once("::{") {
            Some((path, list)) => (path, list.trim_end_matches('}')),
            None => used.rsplit_once("::").unwrap_or(("", used)),
        };
        let module: Module = path.split("::").map(str::to_string).collect();
        for name in list.split(',') {
            let name = name.split_whitespace().last().unwrap_or_default();
            if !name.is_empty() {
                names.insert(name.to_string(), module.clone());
            }
        }
    }
    names
}

/// The module paths `text`, the code of the file of `module`, names.
fn named_paths(text: &str, module: &[String], exports: &BTreeMap<String, Module>) -> Vec<Module> {
    let mut paths = Vec::new();
    let words = text
        .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
        .filter(|word| word.contains("::"));
    for word in words {
        let parts: Vec<&str> = word.split("::").filter(|p| !p.is_empty()).collect();
        let (mut base, rest): (Module, &[&str]) = match parts.first() {
            Some(&"crate") => (Vec::new(), &parts[1..]),
            Some(&"self") => (module.to_vec(), &parts[1..]),
            Some(&"super") => {
                let mut base = module.to_vec();
                let mut rest = &parts[..];
                while rest.first() == Some(&"super") {
                    base.pop();
                    rest = &rest[1..];
                }
                (base, rest)
            }
            _ => continue,
        };
        if base.is_empty() {
            if let Some(module) = rest.first().and_then(|name| exports.get(*name)) {
                paths.push(module.clone());
                continue;
            }
        }
        base.extend(rest.iter().map(|p| p.to_string()));
        paths.push(base);
    }
    paths
}

/// The files each file of a crate imports.
fn imports(files: &BTreeMap<Module, PathBuf>) -> BTreeMap<PathBuf, BTreeSet<PathBuf>> {
    let root = &files[&Vec::new()];
    let exports = re_exports(root);
    let mut edges = BTreeMap::new();
    for (module, path) in files {
        let text = std::fs::read_to_string(path).expect("a readable source file");
        let code = text.split("#[cfg(test)]").next().unwrap_or_default();
        // Comments, doc links among them, import nothing.
        let code: String = code
            .lines()
            .map(|line| line.split("//").next().unwrap_or_default())
            .collect::<Vec<_>>()
            .join("\n");
        let code = code.as_str();
        let mut targets = BTreeSet::new();
        for named in named_paths(code, module, &exports) {
            let target = (0..=named.len())
                .rev()
                .find_map(|k| files.get(&named[..k]))
                .expect("the crate root stands for the empty path");
            // The crate root only declares modules and re-exports names.
            if target != path && target != root {
                targets.insert(target.clone());
            }
        }
        edges.insert(path.clone(), targets);
    }
    edges
}

/// A path of imports from `start` back to itself, if there is one.
fn cycle_through(
    edges: &BTreeMap<PathBuf, BTreeSet<PathBuf>>,
    start: &PathBuf,
) -> Option<Vec<PathBuf>> {
    let mut stack = vec![vec![start.clone()]];
    let mut seen = BTreeSet::new();
    while let Some(trail) = stack.pop() {
        let file = trail.last().expect("a trail is never empty");
        for next in edges.get(file).into_iter().flatten() {
            if next == start {
                return Some(trail);
            }
            if seen.insert(next.clone()) {
                let mut longer = trail.clone();
                longer.push(next.clone());
                stack.push(longer);
            }
        }
    }
    None
}

fn library() -> BTreeMap<PathBuf, BTreeSet<PathBuf>> {
    imports(&crate_files(
        "lib.rs",
        &["engine", "sudoku", "logic", "text"],
    ))
}

fn binary() -> BTreeMap<PathBuf, BTreeSet<PathBuf>> {
    imports(&crate_files("main.rs", &["cli"]))
}

#[test]
fn no_file_imports_a_file_that_imports_it_back() {
    for edges in [library(), binary()] {
        assert!(edges.len() > 5, "too few files found: {edges:?}");
        let imports: usize = edges.values().map(BTreeSet::len).sum();
        assert!(imports > 10, "too few imports found: {edges:?}");
        for start in edges.keys() {
            if let Some(trail) = cycle_through(&edges, start) {
                panic!("import cycle: {trail:?} -> {}", start.display());
            }
        }
    }
}

#[test]
fn lower_layers_never_import_higher_ones() {
    let layer = |path: &Path| {
        let folder = path
            .strip_prefix(src())
            .expect("a file of src")
            .components()
            .next();
        match folder.map(|c| c.as_os_str().to_string_lossy().into_owned()) {
            Some(folder) if folder == "engine" => (0, "engine"),
            Some(folder) if folder == "sudoku" => (1, "Sudoku model"),
            Some(folder) if folder == "logic" => (2, "logic"),
            Some(folder) if folder == "text" => (3, "text"),
            _ => (4, "crate root"),
        }
    };
    for (file, targets) in library() {
        for target in targets {
            assert!(
                layer(&target).0 <= layer(&file).0,
                "{} ({}) imports {} ({})",
                file.display(),
                layer(&file).1,
                target.display(),
                layer(&target).1
            );
        }
    }
}

#[test]
fn the_checks_find_a_cycle_and_resolve_re_exports() {
    let (a, b) = (PathBuf::from("a.rs"), PathBuf::from("b.rs"));
    let edges = BTreeMap::from([
        (a.clone(), BTreeSet::from([b.clone()])),
        (b.clone(), BTreeSet::from([a.clone()])),
    ]);
    assert_eq!(cycle_through(&edges, &a), Some(vec![a, b]));
    // The solver names the engine's matrix and the grid the root re-exports.
    let edges = library();
    let solver = &edges[&src().join("sudoku/solver.rs")];
    assert!(solver.contains(&src().join("engine/mod.rs")), "{solver:?}");
    assert!(solver.contains(&src().join("sudoku/grid.rs")), "{solver:?}");
}
