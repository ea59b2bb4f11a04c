#!/usr/bin/env python3
"""Generate the variant benchmark sets of `puzzles/variants/`: unique, minimal puzzles, one JSON description a line.

Usage: python3 scripts/make-variant-sets.py [--out puzzles/variants] [--seed 2026] [--puzzles 100]
                                            [--sets x,hyper,...] [--counter cpsat | lisudoku=PATH | dlx=PATH]
                                            [--dlx target/release/sudoku-dlx]

The sets of the rules beyond once per unit (`--dlx`, the sudoku-dlx binary, needed; OR-tools not):

- thermometer, kropki, xv, arrow: `sudoku-dlx generate --variant RULE --seed S -n N` as it prints them (rules drawn on
  a random solution, every kropki dot or X/V with its negative rules, blanked while unique);
- odd-even, min-max, palindrome, clone, whispers, renban, entropic, negative-black, between, quadruple,
  little-killer, sandwich, region-sum, extra-region: a random solution from
  `sudoku-dlx generate --solved --seed S -n N`, rules drawn on it by `variant_rules.draw_rules` (Python's
  random, seeded by `--seed` and the set's name), then the givens removed as in step 3 below, counted by
  `sudoku-dlx count --limit 2` on the JSON lines (or by `--counter`).

The classic-rule sets need OR-tools (see cpsat.py). For each set, seeded by `--seed` and the set's name (reproducible with the same
OR-tools version, which the output does not depend on otherwise):

1. the rules: x, hyper, disjoint, anti-king, anti-knight, non-consecutive (9x9, 3x3 boxes, one variant each),
   jigsaw (9x9, random connected regions of 9 cells, one layout per puzzle, drawn again if no grid fills it), killer (9x9 with boxes and cages cut
   from the solution: connected, 2 to 5 cells, no repeated digit, every cell caged), classic-6x6 (2x3 boxes);
2. a random solution under the rules: CP-SAT with a random value hinted in every cell and a seeded search;
3. the givens: every cell of the solution, removed in a random order whenever the puzzle stays unique (count
   <= 2 by CP-SAT in process, or by `peer-lisudoku --count` or `sudoku-dlx count --limit 2`, one process for
   all puzzles of a set at each step). One pass in any order leaves a minimal puzzle: a given that was needed
   stays needed when others go. The counter only answers (the draws do not depend on it), so the files are the
   same whichever counts; `--verify` then checks every puzzle with CP-SAT: unique, and two or more solutions
   without any one of its givens.

Writes `<set>.jsonl` per set and prints a summary (puzzles, mean givens, mean cages).
"""

import argparse
import json
import os
import random
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from variant_rules import SYMBOLS, Puzzle, cell_name, draw_rules, random_regions, read_puzzles  # noqa: E402

try:
    import cpsat  # noqa: E402
    from ortools.sat.python import cp_model  # noqa: E402
except SystemExit:  # cpsat.py exits without OR-tools: the sets drawn by sudoku-dlx do not need it
    cpsat = cp_model = None

SETS = {
    "x": {"variants": ["x"]},
    "hyper": {"variants": ["hyper"]},
    "disjoint": {"variants": ["disjoint"]},
    "anti-king": {"variants": ["anti-king"]},
    "anti-knight": {"variants": ["anti-knight"]},
    "non-consecutive": {"variants": ["non-consecutive"]},
    "jigsaw": {"jigsaw": True},
    "killer": {"killer": True},
    "classic-6x6": {"n": 6},
    "thermometer": {"generate": "thermometer"},
    "kropki": {"generate": "kropki"},
    "xv": {"generate": "xv"},
    "arrow": {"generate": "arrow"},
    "odd-even": {"draw": "odd-even"},
    "min-max": {"draw": "min-max"},
    "palindrome": {"draw": "palindrome"},
    "clone": {"draw": "clone"},
    "whispers": {"draw": "whispers"},
    "renban": {"draw": "renban"},
    "entropic": {"draw": "entropic"},
    "negative-black": {"draw": "negative-black"},
    "between": {"draw": "between"},
    "quadruple": {"draw": "quadruple"},
    "little-killer": {"draw": "little-killer"},
    "sandwich": {"draw": "sandwich"},
    "region-sum": {"draw": "region-sum"},
    "extra-region": {"draw": "extra-region"},
}


def dlx_run(dlx, argv, text=None):
    """sudoku-dlx's standard output for `argv`; raises on a failed run."""
    out = subprocess.run([dlx] + argv, input=text, capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError(f"sudoku-dlx {' '.join(argv)}: exit {out.returncode}: {out.stderr.strip()[:300]}")
    return out.stdout


def drawn_rules(spec, rng, count, dlx):
    """`count` puzzles' rules (Puzzles with blank givens) drawn on random solutions of sudoku-dlx, and those
    solutions."""
    seed = rng.randrange(1 << 31)
    grids = dlx_run(dlx, ["generate", "--solved", "--seed", str(seed), "-n", str(count)]).split()
    rules, solutions = [], []
    for grid in grids:
        solution = [SYMBOLS.index(ch) + 1 for ch in grid]
        drawn = draw_rules(spec["draw"], solution, 9, rng)
        rules.append(Puzzle("." * 81, rules=drawn))
        solutions.append(solution)
    return rules, solutions


def random_solution(puzzle, rng):
    """A random solution of the puzzle's rules (its givens are blank), as n*n values; None if there is none."""
    model, x = cpsat.build_model(puzzle)
    n = puzzle.n
    for i in range(n * n):
        hinted = rng.randrange(n)
        for v in range(n):
            model.AddHint(x[i][v], v == hinted)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = rng.randrange(1 << 30)
    status = solver.Solve(model)
    if status == cp_model.INFEASIBLE:
        return None
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        raise RuntimeError(f"CP-SAT status {solver.StatusName(status)} for {puzzle.to_json()}")
    return [next(v + 1 for v in range(n) if solver.BooleanValue(x[i][v])) for i in range(n * n)]


def random_cages(solution, n, rng):
    """Cages covering the grid: connected, 2 to 5 cells where possible, no digit twice; sums from the solution."""
    free = set(range(n * n))
    cages = []
    while free:
        start = min(free) if rng.random() < 0.5 else rng.choice(sorted(free))
        cells = [start]
        free.discard(start)
        size = rng.randint(2, 5)
        while len(cells) < size:
            options = set()
            for k in cells:
                r, c = divmod(k, n)
                for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                    j = rr * n + cc
                    if 0 <= rr < n and 0 <= cc < n and j in free and solution[j] not in [solution[i] for i in cells]:
                        options.add(j)
            if not options:
                break
            nxt = rng.choice(sorted(options))
            cells.append(nxt)
            free.discard(nxt)
        cages.append({"sum": sum(solution[k] for k in cells), "cells": [cell_name(k, n) for k in sorted(cells)]})
    return cages


def rules_and_solution(spec, rng):
    """One puzzle's rules (a Puzzle with blank givens) and a random solution."""
    n = spec.get("n", 9)
    kwargs = {"variants": spec.get("variants", [])}
    blank = "." * (n * n)
    while True:
        if spec.get("jigsaw"):
            kwargs["regions"] = "".join(SYMBOLS[k] for k in random_regions(n, rng))
        solution = random_solution(Puzzle(blank, **kwargs), rng)
        if solution is not None:
            break  # some random jigsaw layouts have no filled grid at all: draw another
    if spec.get("killer"):
        kwargs["cages"] = random_cages(solution, n, rng)
    return Puzzle(blank, **kwargs), solution


class CpsatCounter:
    """Counts up to 2 with CP-SAT in this process."""

    def counts(self, puzzles):
        return [int(cpsat.solve_one(p, True, 1)) for p in puzzles]


class LisudokuCounter:
    """Counts up to 2 with one `peer-lisudoku --count` process per batch."""

    def __init__(self, path):
        self.path = path

    def counts(self, puzzles):
        text = "".join(p.to_json() + "\n" for p in puzzles)
        out = subprocess.run([self.path, "--count"], input=text, capture_output=True, text=True, check=True)
        answers = out.stdout.split()
        if len(answers) != len(puzzles) or any(a not in "012" for a in answers):
            raise RuntimeError(f"peer-lisudoku answered {answers[:5]}... for {len(puzzles)} puzzles")
        return [int(a) for a in answers]


class DlxCounter:
    """Counts up to 2 with one `sudoku-dlx count --limit 2` process per batch, on the JSON lines."""

    def __init__(self, path):
        self.path = path

    def counts(self, puzzles):
        text = "".join(p.to_json() + "\n" for p in puzzles)
        command = [self.path, "count", "--limit", "2", "-j", "1"]
        out = subprocess.run(command, input=text, capture_output=True, text=True)
        answers = [a.rstrip("+") for a in out.stdout.split()]
        if len(answers) != len(puzzles) or any(a not in "012" for a in answers):
            raise RuntimeError(f"sudoku-dlx answered {answers[:5]}... for {len(puzzles)} puzzles: {out.stderr[:200]}")
        return [int(a) for a in answers]


def verify_minimal(puzzles):
    """With CP-SAT (whatever counted the removals): each puzzle is unique, and removing any one given leaves
    several solutions. Returns the number of puzzles that fail."""
    bad = 0
    for p in puzzles:
        ok = int(cpsat.solve_one(p, True, 1)) == 1
        for i, v in enumerate(p.givens):
            if ok and v:
                trial = list(p.givens)
                trial[i] = 0
                ok = int(cpsat.solve_one(with_givens(p, trial), True, 1)) == 2
        bad += not ok
    return bad


def reduce_all(rules, solutions, rng, counter):
    """Remove givens in a random order per puzzle while each stays unique; all puzzles step together."""
    n = rules[0].n
    givens = [list(s) for s in solutions]
    orders = [rng.sample(range(n * n), n * n) for _ in rules]
    for step in range(n * n):
        trials = []
        for k, puzzle in enumerate(rules):
            trial = list(givens[k])
            trial[orders[k][step]] = 0
            trials.append(with_givens(puzzle, trial))
        for k, count in enumerate(counter.counts(trials)):
            if count == 1:
                givens[k][orders[k][step]] = 0
            elif count != 2:
                raise RuntimeError(f"count {count} while removing a given of {trials[k].to_json()}")
    return givens


def with_givens(puzzle, values):
    """The same rules with other givens."""
    return Puzzle.from_line(puzzle.to_json(values))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=os.path.join(os.path.dirname(__file__), "..", "puzzles", "variants"))
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--puzzles", type=int, default=100)
    ap.add_argument("--sets", default=",".join(SETS))
    ap.add_argument("--counter", help="cpsat (the default for the classic-rule sets), lisudoku=PATH or dlx=PATH "
                    "(sudoku-dlx; the default for the other sets, with --dlx)")
    ap.add_argument("--dlx", default=os.path.join(os.path.dirname(__file__), "..", "target", "release", "sudoku-dlx"),
                    help="the sudoku-dlx binary, for the sets of the rules beyond once per unit")
    ap.add_argument("--verify", action="store_true", help="then check uniqueness and minimality with CP-SAT")
    ap.add_argument("--verify-only", action="store_true", help="check the existing files of --sets, make nothing")
    args = ap.parse_args()
    if args.counter is None:
        counter = None
    elif args.counter == "cpsat":
        counter = CpsatCounter()
    elif args.counter.startswith("lisudoku="):
        counter = LisudokuCounter(args.counter.split("=", 1)[1])
    elif args.counter.startswith("dlx="):
        counter = DlxCounter(args.counter.split("=", 1)[1])
    else:
        sys.exit(f"--counter: {args.counter!r} (expected cpsat, lisudoku=PATH or dlx=PATH)")
    os.makedirs(args.out, exist_ok=True)
    for name in args.sets.split(","):
        if name not in SETS:
            sys.exit(f"--sets: unknown set {name!r} (expected some of {', '.join(SETS)})")
        path = os.path.join(args.out, f"{name}.jsonl")
        if args.verify_only:
            puzzles = read_puzzles(path)
            print(f"{name}: CP-SAT finds {verify_minimal(puzzles)} of {len(puzzles)} puzzles not unique or not minimal")
            continue
        rng = random.Random(f"{args.seed}-{name}")
        spec = SETS[name]
        if "generate" in spec:
            seed = rng.randrange(1 << 31)
            text = dlx_run(args.dlx, ["generate", "--variant", spec["generate"], "--seed", str(seed), "-n", str(args.puzzles)])
            lines = [json.dumps(json.loads(line), separators=(", ", ": ")) for line in text.splitlines() if line.strip()]
            with open(path, "w", encoding="utf-8") as f:
                f.write("".join(line + "\n" for line in lines))
            puzzles = read_puzzles(path)
            clues = sum(sum(1 for v in p.givens if v) for p in puzzles) / len(puzzles)
            print(f"{name}: {len(puzzles)} puzzles (generate --variant {spec['generate']} --seed {seed}), "
                  f"{clues:.1f} givens on average -> {path}")
            continue
        if "draw" in spec:
            rules, solutions = drawn_rules(spec, rng, args.puzzles, args.dlx)
        else:
            pairs = [rules_and_solution(spec, rng) for _ in range(args.puzzles)]
            rules, solutions = [p for p, _ in pairs], [s for _, s in pairs]
        set_counter = counter or (DlxCounter(args.dlx) if "draw" in spec else CpsatCounter())
        givens = reduce_all(rules, solutions, rng, set_counter)
        with open(path, "w", encoding="utf-8") as f:
            for puzzle, values in zip(rules, givens):
                f.write(puzzle.to_json(values) + "\n")
        clues = sum(sum(1 for v in g if v) for g in givens) / len(givens)
        cages = sum(len(p.cages) for p in rules) / len(rules)
        print(f"{name}: {len(givens)} puzzles, {clues:.1f} givens on average, {cages:.1f} cages -> {path}")
        if args.verify:
            bad = verify_minimal([with_givens(p, g) for p, g in zip(rules, givens)])
            print(f"{name}: CP-SAT finds {bad} puzzles not unique or not minimal")


if __name__ == "__main__":
    main()
