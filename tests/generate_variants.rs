//! Puzzles generated under variant rules: unique and minimal under their
//! rules (checked by the solver on the variant geometry), givens that break
//! no rule, the same puzzle for the same seed; and `generate --variant`
//! through the binary, read back by `check --variant`.

use sudoku_dlx::{
    variant_geometry, GenerateError, Generator, Geometry, Grid, PuzzleSpec, Rng, Size, Solver,
    Symmetry, Variant,
};

use crate::common;

use common::binary::run;

/// Solutions of `puzzle` under `geometry`, counted up to 2.
fn up_to_2(solver: &mut Solver, geometry: &Geometry, puzzle: &Grid) -> u64 {
    solver
        .solve_in(geometry, puzzle, 2, |_| {})
        .unwrap()
        .solutions
}

/// Makes a puzzle under `variants` and checks everything it promises;
/// returns it.
fn check(size: Size, variants: &[Variant], symmetry: Symmetry, seed: u64) -> Grid {
    let geometry = variant_geometry(size, variants).unwrap();
    let spec = PuzzleSpec {
        size,
        symmetry,
        ..PuzzleSpec::default()
    };
    let what = format!("{size} {variants:?} {symmetry} seed {seed}");
    let made = Generator::new()
        .puzzle_in(&geometry, &spec, &mut Rng::from_seed(seed))
        .unwrap();
    let (puzzle, solution) = (&made.puzzle, &made.solution);
    assert!(solution.is_complete(), "{what}");
    assert_eq!(geometry.first_conflict(solution), None, "{what}");
    assert_eq!(geometry.first_conflict(puzzle), None, "{what}");
    assert!(solution.keeps_givens_of(puzzle), "{what}");
    let mut solver = Solver::new();
    assert_eq!(
        up_to_2(&mut solver, &geometry, puzzle),
        1,
        "{what}: not unique"
    );
    // Minimal: every group of givens (a cell and its images) is needed.
    for cell in (0..size.cells()).filter(|&cell| puzzle.cells()[cell] != 0) {
        let mut fewer = puzzle.clone();
        let mut image = cell;
        loop {
            assert_ne!(fewer.cells()[image], 0, "{what}: asymmetric at {image}");
            fewer.set(image, 0);
            image = symmetry.image(size, image);
            if image == cell {
                break;
            }
        }
        assert_eq!(
            up_to_2(&mut solver, &geometry, &fewer),
            2,
            "{what}: the group of cell {cell} could go"
        );
    }
    made.puzzle
}

#[test]
fn every_rule_gives_unique_minimal_nine_by_nine_puzzles() {
    let mut several_classic = 0;
    for variant in Variant::ALL {
        // Non-consecutive puzzles are sparse and slow to prove: one each.
        let seeds = if variant == Variant::NonConsecutive {
            1
        } else {
            3
        };
        for seed in 0..seeds {
            let puzzle = check(Size::NINE, &[variant], Symmetry::Rot180, seed);
            let classic = Solver::new().count_solutions(&puzzle, 2).unwrap().found;
            several_classic += usize::from(classic == 2);
        }
    }
    // The rules are what makes most of them unique.
    assert!(several_classic >= 10, "{several_classic}");
}

#[test]
fn combined_rules_and_other_symmetries_give_unique_minimal_puzzles() {
    check(
        Size::NINE,
        &[Variant::X, Variant::AntiKing],
        Symmetry::None,
        4,
    );
    check(
        Size::NINE,
        &[Variant::Disjoint, Variant::AntiKnight],
        Symmetry::Diagonal,
        5,
    );
    for variant in [Variant::X, Variant::Disjoint, Variant::AntiKnight] {
        for seed in 0..10 {
            check(Size::FOUR, &[variant], Symmetry::None, seed);
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_variant_puzzle() {
    let geometry = variant_geometry(Size::NINE, &[Variant::AntiKnight]).unwrap();
    let spec = PuzzleSpec::default();
    let make = |seed| {
        Generator::new()
            .puzzle_in(&geometry, &spec, &mut Rng::from_seed(seed))
            .unwrap()
            .puzzle
    };
    assert_eq!(make(8), make(8));
    assert_ne!(make(8), make(9));
}

#[test]
fn rules_no_grid_obeys_are_an_error() {
    let geometry = variant_geometry(Size::FOUR, &[Variant::AntiKing]).unwrap();
    let error = Generator::new()
        .puzzle_in(&geometry, &PuzzleSpec::default(), &mut Rng::from_seed(1))
        .unwrap_err();
    assert!(matches!(error, GenerateError::NoGrid { size: Size::FOUR }));
}

#[test]
fn a_fill_that_spends_its_budget_without_a_grid_is_an_error() {
    // Non-consecutive 36x36 grids are too rare for the random search: its
    // starts of 300 and 600 nodes find none, and one of 1,200 would pass
    // the budget of 1,000.
    let size = Size::from_side(36).unwrap();
    let geometry = variant_geometry(size, &[Variant::NonConsecutive]).unwrap();
    let mut generator = Generator::new();
    generator.set_fill_budget(1_000);
    let mut grid = geometry.empty_grid();
    let error = generator
        .fill_solved_in(&geometry, &mut Rng::from_seed(1), &mut grid)
        .unwrap_err();
    assert_eq!(error, GenerateError::NoGridFound { size, nodes: 900 });
    assert_eq!(
        error.to_string(),
        "no complete 36x36 grid under these rules was found in 900 search nodes"
    );
}

#[test]
#[ignore = "seconds in an optimised build: cargo test --release --test suite -- --ignored generate_variants::"]
fn the_widest_grids_of_rare_rules_are_filled() {
    // The random search finds none of these; a relabelled pattern does.
    let size = Size::from_side(36).unwrap();
    for variant in [
        Variant::NonConsecutive,
        Variant::AntiKnight,
        Variant::Disjoint,
    ] {
        let geometry = variant_geometry(size, &[variant]).unwrap();
        let mut grid = geometry.empty_grid();
        Generator::new()
            .fill_solved_in(&geometry, &mut Rng::from_seed(1), &mut grid)
            .unwrap();
        assert!(grid.is_solved(), "{variant:?}");
        assert_eq!(geometry.first_conflict(&grid), None, "{variant:?}");
        if variant == Variant::NonConsecutive {
            assert_eq!(common::beside_consecutive(grid.cells(), 36), None);
        }
    }
}

#[test]
fn generated_variant_puzzles_read_back_unique_under_the_same_variant() {
    let args = [
        "generate",
        "-n",
        "4",
        "--seed",
        "12",
        "--variant",
        "x,anti-king",
    ];
    let made = run(&args, "");
    assert_eq!(made.status, Some(0), "{}", made.stderr);
    assert_eq!(run(&args, "").stdout, made.stdout);
    assert_eq!(made.stdout.lines().count(), 4);
    let checked = run(&["check", "--variant", "x,anti-king"], made.stdout.clone());
    assert_eq!(checked.status, Some(0), "{}", checked.stderr);
    assert!(checked.stdout.lines().all(|line| line == "unique"));
    let plain = run(&["check"], made.stdout);
    assert!(plain.stdout.lines().any(|line| line == "multiple"));

    let refused = run(&["generate", "--size", "4", "--variant", "hyper"], "");
    assert_eq!(refused.status, Some(2));
    assert!(refused.stderr.contains("hyper rule needs a 9x9 grid"));
    // Nor on a jigsaw: no layout is tried for rules that stand on none.
    for (size, rules, message) in [
        (
            "12",
            "jigsaw,hyper",
            "the hyper rule needs a 9x9 grid; found 12x12",
        ),
        ("9", "jigsaw,disjoint", "the disjoint rule needs boxes"),
        (
            "9",
            "jigsaw,disjoint,killer",
            "the disjoint rule needs boxes",
        ),
    ] {
        let refused = run(&["generate", "--size", size, "--variant", rules], "");
        assert_eq!(refused.status, Some(2), "{rules}: {}", refused.stderr);
        assert!(
            refused.stderr.contains(message),
            "{rules}: {}",
            refused.stderr
        );
    }
    // A puzzle not made: status 1, whichever generator gave up.
    for rules in ["anti-king", "killer,anti-king", "anti-king,xv"] {
        let no_grid = run(&["generate", "--size", "4", "--variant", rules], "");
        assert_eq!(no_grid.status, Some(1), "{rules}: {}", no_grid.stderr);
        assert!(
            no_grid.stderr.contains("no complete 4x4 grid"),
            "{rules}: {}",
            no_grid.stderr
        );
    }
}

#[test]
fn thermometer_kropki_xv_and_arrow_puzzles_come_unique_and_seeded_from_the_binary() {
    for rule in ["thermometer", "kropki", "xv", "arrow"] {
        let args = ["generate", "--variant", rule, "--seed", "31", "-n", "3"];
        let first = run(&args, "");
        assert_eq!(first.status, Some(0), "{rule}: {}", first.stderr);
        assert_eq!(first.stdout, run(&args, "").stdout, "{rule}: the same seed");
        let lines: Vec<&str> = first.stdout.lines().collect();
        assert_eq!(lines.len(), 3, "{rule}");
        let key = match rule {
            "thermometer" => "\"thermometers\":",
            "kropki" => "\"white_dots\":",
            "arrow" => "\"arrows\":",
            _ => "\"xv\":",
        };
        assert!(
            lines.iter().all(|line| line.contains(key)),
            "{rule}: {lines:?}"
        );
        // Each is one puzzle with its rules: unique under them, and not
        // without them.
        let counted = run(&["count"], first.stdout.as_str());
        assert_eq!(counted.stdout, "1\n1\n1\n", "{rule}: {}", counted.stderr);
        let givens: Vec<String> = lines
            .iter()
            .map(|line| {
                let value: serde_json::Value = serde_json::from_str(line).unwrap();
                value["givens"].as_str().unwrap().to_string()
            })
            .collect();
        let plain = run(&["count", "--limit", "2"], givens.join("\n"));
        assert!(
            plain.stdout.lines().all(|count| count != "1"),
            "{rule}: {}",
            plain.stdout
        );
        // Grids would lose the rules.
        let refused = run(
            &["generate", "--variant", rule, "-f", "grid", "--seed", "1"],
            "",
        );
        assert_eq!(refused.status, Some(2), "{rule}");
        assert!(refused.stderr.contains("would lose"), "{}", refused.stderr);
    }
}

#[test]
fn drawn_rules_keep_the_level_and_givens_asked_for_and_killers_refuse_what_they_cannot_honour() {
    for level in ["easy", "intermediate", "expert"] {
        let command = format!(
            "generate --variant thermometer --difficulty {level} --rate -f json --seed 5 -n 2"
        );
        let args: Vec<&str> = command.split(' ').collect();
        let made = run(&args, "");
        assert_eq!(made.status, Some(0), "{level}: {}", made.stderr);
        assert_eq!(made.stdout.lines().count(), 2, "{level}");
        for line in made.stdout.lines() {
            let value: serde_json::Value = serde_json::from_str(line).unwrap();
            assert_eq!(value["level"], level, "{line}");
            assert!(value["thermometers"].is_array(), "{line}");
        }
    }
    // At most 20 givens, where the puzzles drawn have 22 to 26 without
    // the bound.
    let few = run(
        &[
            "generate",
            "--variant",
            "thermometer",
            "--max-givens",
            "20",
            "--seed",
            "5",
            "-n",
            "3",
        ],
        "",
    );
    assert_eq!(few.status, Some(0), "{}", few.stderr);
    assert_eq!(few.stdout.lines().count(), 3);
    for line in few.stdout.lines() {
        let value: serde_json::Value = serde_json::from_str(line).unwrap();
        let givens = value["givens"].as_str().unwrap();
        assert!(givens.chars().filter(|&c| c != '.').count() <= 20, "{line}");
    }
    for (args, option) in [
        (&["--variant", "xv", "--solved"][..], "--solved"),
        (
            &["--variant", "killer", "--min-givens", "3"],
            "--min-givens",
        ),
        // No cut of a 16x16 grid is proven unique: refused at once.
        (&["--variant", "killer", "--size", "16"], "up to 15x15"),
        (
            &["--variant", "jigsaw,killer", "--size", "25"],
            "up to 15x15",
        ),
        // A 5x5 grid has no boxes for the cages to keep.
        (
            &["--variant", "killer", "--size", "5"],
            "add the jigsaw rule",
        ),
    ] {
        let refused = run(&[&["generate"][..], args].concat(), "");
        assert_eq!(refused.status, Some(2), "{args:?}");
        assert!(refused.stderr.contains(option), "{}", refused.stderr);
    }
}

/// The (row, column) of a cell name such as `r11c6`.
fn position(name: &str) -> (i64, i64) {
    let (row, column) = name[1..].split_once('c').unwrap();
    (row.parse().unwrap(), column.parse().unwrap())
}

#[test]
fn drawn_rules_on_a_shape_join_neighbours_of_its_frame() {
    for rule in ["thermometer", "kropki", "xv", "arrow"] {
        // Without -f, a JSON description: a block of lines has no rules.
        let args = [
            "generate",
            "--shape",
            "twodoku",
            "--variant",
            rule,
            "--seed",
            "3",
        ];
        let made = run(&args, "");
        assert_eq!(made.status, Some(0), "{rule}: {}", made.stderr);
        let described: serde_json::Value = serde_json::from_str(made.stdout.trim()).unwrap();
        assert_eq!(described["shape"], "twodoku", "{rule}");
        let counted = run(&["count"], made.stdout.as_str());
        assert_eq!(counted.stdout, "1\n", "{rule}: {}", counted.stderr);
        // With -f json, the same puzzle and its solution, which obeys its
        // rules.
        let with_solution = run(&[&args[..], &["-f", "json"]].concat(), "");
        let item: serde_json::Value = serde_json::from_str(with_solution.stdout.trim()).unwrap();
        assert_eq!(item["givens"], described["givens"], "{rule}");
        let mut solved = item.clone();
        solved["givens"] = item["solution"].clone();
        let checked = run(&["check"], solved.to_string());
        assert_eq!(checked.stdout, "valid\n", "{rule}: {}", checked.stderr);
        // Lines step to a king's-move neighbour, markers join orthogonal
        // ones, in the frame's rows and columns.
        let (key, king) = match rule {
            "thermometer" => ("thermometers", true),
            "arrow" => ("arrows", true),
            "kropki" => ("white_dots", false),
            _ => ("xv", false),
        };
        let entries = item[key].as_array().unwrap();
        assert!(!entries.is_empty(), "{rule}");
        for entry in entries {
            let names: Vec<&serde_json::Value> = match rule {
                "thermometer" => entry.as_array().unwrap().iter().collect(),
                "arrow" => {
                    let bulb = entry["bulb"].as_array().unwrap();
                    bulb.iter()
                        .chain(entry["shaft"].as_array().unwrap())
                        .collect()
                }
                _ => entry["cells"].as_array().unwrap().iter().collect(),
            };
            let cells: Vec<(i64, i64)> = names
                .iter()
                .map(|name| position(name.as_str().unwrap()))
                .collect();
            for pair in cells.windows(2) {
                let (dr, dc) = (pair[0].0.abs_diff(pair[1].0), pair[0].1.abs_diff(pair[1].1));
                let joined = match king {
                    true => dr.max(dc) == 1,
                    false => dr + dc == 1,
                };
                assert!(
                    joined,
                    "{rule}: {entry} steps from {:?} to {:?}",
                    pair[0], pair[1]
                );
            }
        }
    }
}
