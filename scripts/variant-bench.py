#!/usr/bin/env python3
"""Time sudoku-dlx against peer-lisudoku and the CP-SAT model on the variant sets of `puzzles/variants/`.

Usage: python3 scripts/variant-bench.py --dlx target/release/sudoku-dlx [--lisudoku PATH] [--python PY]
                                        [--rounds 5] [--sets x,hyper,...] [--dir puzzles/variants]
                                        [--dlx-input auto|json|plain] [--modes solve,count] [--summary]

`--python` is the interpreter that has OR-tools for `scripts/cpsat.py` (default: this one); `--lisudoku` is a
binary that runs lisudoku's solver library on these JSON lines: `scripts/lisudoku-variants` (built separately,
`cargo build --release --manifest-path scripts/lisudoku-variants/Cargo.toml`), or `peer-lisudoku` of
`../shared/peers`, which maps fewer rules; left out, that column is empty. Per set:

1. Time: `--rounds` rounds; in each, every solver runs the whole file once per mode (solve, count), the solvers
   in an order that rotates from round to round. Whole-process wall time, and the solver's own loop time where it
   reports one (`--time` of the peers and cpsat.py: building and solving only; sudoku-dlx `--stats`: its whole
   run after start-up, reading and printing included). sudoku-dlx runs on one thread (`-j 1`), as the others do,
   and reads the file `--dlx-copies` times in one process (its run on one copy is too short for `--stats`'
   millisecond clock); its times are divided by the copies. Its whole-process time is then start-up amortized
   over the copies, while the others pay theirs (CP-SAT: Python and OR-tools imports) once per file: compare
   the "own loop" rows for the solvers and the "whole process" rows for what a user waits.
2. Check: the first round's answers: each solution must obey the rules and keep the givens (judged by
   `variant_rules.py`, not by any solver), and the counts must be equal. A set with any disagreement is
   reported and its times are not.
3. Report: a Markdown table per set: milliseconds per puzzle (medians over rounds) and the medians of the
   per-round ratios to sudoku-dlx (a ratio from the same round is steadier than a ratio of medians on a shared
   machine). With `--summary`, then one table of every set in count mode: own-loop times, the ratios (own loop
   and whole process), lisudoku where it takes the rules, and sudoku-dlx's mean search nodes per puzzle (its
   `--stats`, one extra run of `count --limit 2` on the file once).

lisudoku gets a column where the binary maps the set's rules: its count of the first puzzle is not
`unsupported`. `lisudoku-variants` maps thermometers, arrows, odd and even cells, renban lines, palindromes,
killer cages, kropki dots, the two negative kropki rules together (the library has them as one) and the
variants x, hyper, disjoint, anti-king and anti-knight: the rules the library shares with sudoku-dlx;
`peer-lisudoku` maps boxes, regions, those variants and killer cages.

sudoku-dlx input: `json` feeds the JSON lines as they are (`sudoku-dlx solve` / `count --limit 2`); `plain`
feeds the givens alone with `--variant LIST` (only for sets whose puzzles all have the default boxes, no regions,
no cages and the same variants); `auto` tries JSON on the first puzzle and falls back to plain.
"""

import argparse
import os
import re
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from variant_rules import SYMBOLS, default_boxes, read_puzzles  # noqa: E402

MODES = ("solve", "count")


class Solver:
    """One solver as commands per mode, and how to read its own timing from stderr."""

    def __init__(self, name, commands, stdin_text, own_time, copies=1):
        self.name = name
        self.modes = tuple(commands)  # the modes it is run in
        self.copies = copies  # how many times the timing runs feed the file (1 for the check)
        self.commands = commands  # mode -> argv
        self.stdin_text = stdin_text  # the text it reads
        self.own_time = own_time  # stderr -> seconds or None

    def run(self, mode, copies=1):
        """(answers, wall seconds, own seconds or None) for the file fed `copies` times; raises on a failed run."""
        t0 = time.perf_counter()
        text = self.stdin_text * copies
        out = subprocess.run(self.commands[mode], input=text, capture_output=True, text=True)
        wall = time.perf_counter() - t0
        if out.returncode not in (0, 1):
            raise RuntimeError(f"{self.name} {mode}: exit {out.returncode}: {out.stderr.strip()[:300]}")
        answers = [line.split()[0] for line in out.stdout.splitlines() if line.strip()]  # first field: a layout may follow
        return answers, wall, self.own_time(out.stderr)


def peer_time(stderr):
    """Seconds from a peer's `--time` line (`NAME: P puzzles x K: T ms, U us/puzzle`)."""
    m = re.search(r"puzzles x \d+: ([0-9.]+) ms", stderr)
    return float(m.group(1)) / 1e3 if m else None


def dlx_time(stderr):
    """Seconds from sudoku-dlx `--stats` (`time  0.004 s`)."""
    m = re.search(r"^time\s+([0-9.]+) s", stderr, re.M)
    return float(m.group(1)) if m else None


def plain_variants(puzzles):
    """The `--variant` list for feeding the givens alone, or None when the set needs the JSON form."""
    first = puzzles[0]
    for p in puzzles:
        if p.regions is not None or p.cages or p.boxes != default_boxes(p.n) or p.variants != first.variants:
            return None
    return first.variants


def dlx_solver(binary, puzzles, json_text, choice, copies):
    """sudoku-dlx with JSON input if it takes it (or as chosen), else plain givens and --variant; None if neither."""
    plain = plain_variants(puzzles)
    if choice in ("auto", "json"):
        probe = subprocess.run(
            [binary, "count", "--limit", "2", "-j", "1"], input=json_text.splitlines()[0] + "\n",
            capture_output=True, text=True,
        )
        if probe.returncode == 0 and probe.stdout.strip() in ("0", "1", "2", "2+"):
            text, extra = json_text, []
        elif choice == "json":
            raise RuntimeError(f"sudoku-dlx does not read the JSON form: {probe.stderr.strip()[:200]}")
        else:
            choice = "plain"
    if choice == "plain":
        if plain is None:
            return None
        text = "".join("".join(SYMBOLS[v - 1] if v else "." for v in p.givens) + "\n" for p in puzzles)
        extra = ["--variant", ",".join(plain)] if plain else []
    commands = {
        "solve": [binary, "solve", "-j", "1", "--stats"] + extra,
        "count": [binary, "count", "--limit", "2", "-j", "1", "--stats"] + extra,
    }
    return Solver("sudoku-dlx", commands, text, dlx_time, copies)


def lisudoku_maps(binary, json_text):
    """True when the lisudoku binary maps the set's rules: its count of the first puzzle is not `unsupported`.
    A later puzzle it does not map answers `unsupported`, which the check reports."""
    first = json_text.splitlines()[0] + "\n"
    probe = subprocess.run([binary, "--count"], input=first, capture_output=True, text=True)
    if probe.returncode != 0:
        raise RuntimeError(f"lisudoku: exit {probe.returncode}: {probe.stderr.strip()[:200]}")
    return probe.stdout.strip() != "unsupported"


def judge(puzzles, solver, mode, answers):
    """A list of problems with one solver's answers (empty when all are right)."""
    problems = []
    if len(answers) != len(puzzles):
        return [f"{solver} {mode}: {len(answers)} answers for {len(puzzles)} puzzles"]
    for k, (p, a) in enumerate(zip(puzzles, answers), 1):
        if mode == "count":
            if a.rstrip("+") not in ("0", "1", "2"):
                problems.append(f"{solver} count, puzzle {k}: {a!r}")
        elif a == "none" or len(a) != p.n * p.n or any(ch.upper() not in SYMBOLS[: p.n] for ch in a):
            problems.append(f"{solver} solve, puzzle {k}: {a[:40]!r}")
        else:
            broken = p.broken_rule([SYMBOLS.index(ch.upper()) + 1 for ch in a])
            if broken:
                problems.append(f"{solver} solve, puzzle {k}: {broken}")
    return problems


def bench_set(name, path, args):
    """Check and time one set; prints its table (or why not)."""
    with open(path, encoding="utf-8") as f:
        json_text = "".join([line for line in f if line.strip()][: args.first])
    puzzles = read_puzzles(json_text.splitlines())
    solvers = []
    dlx = dlx_solver(args.dlx, puzzles, json_text, args.dlx_input, args.dlx_copies)
    note = ""
    if dlx is None:
        note = "sudoku-dlx reads neither the JSON form nor these rules by `--variant` yet: the others alone. "
    else:
        solvers.append(dlx)
    # None: no lisudoku binary given, so whether it maps the rules is not known.
    lisudoku_takes = None if args.lisudoku is None else lisudoku_maps(args.lisudoku, json_text)
    if lisudoku_takes:
        commands = {"solve": [args.lisudoku, "--time"], "count": [args.lisudoku, "--count", "--time"]}
        modes = args.lisudoku_modes.split(",")
        solvers.append(Solver("lisudoku", {m: commands[m] for m in modes}, json_text, peer_time))
    cpsat = [args.python, os.path.join(HERE, "cpsat.py"), "--time"]
    solvers.append(Solver("CP-SAT", {"solve": cpsat, "count": cpsat + ["--count"]}, json_text, peer_time))

    problems = []
    wall = {(s.name, m): [] for s in solvers for m in MODES}
    own = {(s.name, m): [] for s in solvers for m in MODES}
    counts = {}
    modes = [m for m in MODES if m in args.modes.split(",")]
    for r in range(args.rounds):
        order = solvers[r % len(solvers):] + solvers[: r % len(solvers)]
        for mode in modes:
            for s in order:
                if mode not in s.modes:
                    continue
                answers, w, o = s.run(mode, s.copies)
                wall[s.name, mode].append(w / s.copies)
                own[s.name, mode].append(None if o is None else o / s.copies)
                if r > 0:
                    continue
                # the first round's answers are checked before any time is reported
                first = answers[: len(puzzles)]
                if len(answers) != len(puzzles) * s.copies or answers[len(puzzles):] != first * (s.copies - 1):
                    problems.append(f"{s.name} {mode}: {len(answers)} answers for {len(puzzles)} x {s.copies}")
                problems += judge(puzzles, s.name, mode, first)
                if mode == "count":
                    counts[s.name] = [a.rstrip("+") for a in first]
        if r == 0:
            reference = counts.get(solvers[0].name, [])
            for s in solvers[1:]:
                diff = [k + 1 for k, (a, b) in enumerate(zip(reference, counts[s.name])) if a != b]
                if diff:
                    problems.append(f"counts of {s.name} differ from {solvers[0].name} at puzzles {diff[:10]}")
            if problems:
                print(f"### {name}\n\nanswers disagree, not timed:\n")
                for line in problems[:20]:
                    print(f"- {line}")
                print()
                return None
    unique = sum(1 for c in reference if c == "1")
    nodes = None
    if dlx is not None and "count" in modes:
        out = subprocess.run(dlx.commands["count"], input=dlx.stdin_text, capture_output=True, text=True)
        m = re.search(r"^mean search nodes\s+([0-9.]+)", out.stderr, re.M)
        nodes = float(m.group(1)) if m else None

    n = len(puzzles)
    givens = sum(sum(1 for v in p.givens if v) for p in puzzles) / n
    print(f"### {name}\n")
    names = [s.name for s in solvers]
    print(f"{note}{n} puzzles ({unique} unique), {givens:.1f} givens on average; {args.rounds} rounds; "
          f"milliseconds per puzzle, medians; ratios are medians of per-round ratios to {names[0]}.\n")
    header = ["mode", "timing"] + [f"{x} ms" for x in names] + [f"{x} / {names[0]}" for x in names[1:]]
    print("| " + " | ".join(header) + " |")
    print("| " + " | ".join(["---"] * 2 + ["---:"] * (len(header) - 2)) + " |")
    for mode in modes:
        for label, table in (("own loop", own), ("whole process", wall)):
            if any(v is not None and v <= 0 for x in names for v in table[x, mode]):
                continue  # a clock too coarse for this run
            if label == "own loop" and any(v is None for x in names for v in table[x, mode]):
                continue
            cells = [f"{statistics.median(table[x, mode]) * 1e3 / n:.3f}" if table[x, mode] else "-" for x in names]
            for x in names[1:]:
                ratios = [a / b for a, b in zip(table[x, mode], table[names[0], mode])]
                cells.append(f"{statistics.median(ratios):,.1f}x" if ratios else "-")
            print("| " + " | ".join([mode, label] + cells) + " |")
    if nodes is not None:
        print(f"\nsudoku-dlx count --limit 2: {nodes:,.1f} search nodes per puzzle (mean).")
    print()
    summary = {"name": name, "puzzles": n, "givens": givens, "nodes": nodes, "lisudoku_takes": lisudoku_takes}
    if "count" in modes and dlx is not None:
        base = names[0]
        for x in names:
            for label, table in (("own", own), ("whole", wall)):
                values = table[x, "count"]
                if values and all(v is not None for v in values):
                    summary[x, label] = statistics.median(values) * 1e3 / n
                    summary[x, label, "ratio"] = statistics.median(
                        [a / b for a, b in zip(values, table[base, "count"])])
    return summary


def times(ratio):
    """A ratio as `12.3x`, or `0.12x` below 1."""
    return f"{ratio:,.2f}x" if ratio < 1 else f"{ratio:,.1f}x"


def print_summary(rows):
    """One table of every set timed in count mode (see the module's doc)."""
    print("### Summary: count --limit 2, milliseconds per puzzle\n")
    print("| rule | puzzles | givens | sudoku-dlx | CP-SAT | CP-SAT / dlx | CP-SAT / dlx, whole process "
          "| lisudoku | lisudoku / dlx | dlx nodes / puzzle | 100x CP-SAT |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |")
    for r in rows:
        if r is None or ("sudoku-dlx", "own") not in r:
            continue
        cp = r.get(("CP-SAT", "own", "ratio"))
        li = ("lisudoku", "own") in r
        cells = [
            r["name"], str(r["puzzles"]), f"{r['givens']:.1f}",
            f"{r['sudoku-dlx', 'own']:.3f}", f"{r.get(('CP-SAT', 'own'), float('nan')):.3f}",
            times(cp) if cp else "-",
            times(r["CP-SAT", "whole", "ratio"]) if ("CP-SAT", "whole", "ratio") in r else "-",
            f"{r['lisudoku', 'own']:.3f}" if li else ("no rule" if r["lisudoku_takes"] is False else "-"),
            f"{r['lisudoku', 'own', 'ratio']:,.0f}x" if li else "-",
            f"{r['nodes']:,.1f}" if r["nodes"] is not None else "-",
            ("yes" if cp >= 100 else f"no ({times(cp)})") if cp else "-",
        ]
        print("| " + " | ".join(cells) + " |")
    print()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dlx", required=True, help="the sudoku-dlx binary")
    ap.add_argument("--lisudoku", help="lisudoku-variants or peer-lisudoku")
    ap.add_argument("--python", default=sys.executable, help="a Python with OR-tools, for cpsat.py")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--dir", default=os.path.join(HERE, "..", "puzzles", "variants"))
    ap.add_argument("--sets", default="x,hyper,disjoint,anti-king,anti-knight,non-consecutive,jigsaw,killer,classic-6x6")
    ap.add_argument("--dlx-input", choices=("auto", "json", "plain"), default="auto")
    ap.add_argument("--first", type=int, help="only the first K puzzles of each set")
    ap.add_argument("--lisudoku-modes", default="solve,count",
                    help="count alone halves its time: its solve runs the same search (it has no first-solution stop)")
    ap.add_argument("--dlx-copies", type=int, default=50, help="sudoku-dlx reads each file this many times")
    ap.add_argument("--modes", default="solve,count", help="solve, count or both (default)")
    ap.add_argument("--summary", action="store_true", help="then one table of every set, count mode")
    args = ap.parse_args()
    rows = []
    for name in args.sets.split(","):
        path = os.path.join(args.dir, f"{name}.jsonl")
        if not os.path.exists(path):
            print(f"### {name}\n\n{path} not found.\n")
            continue
        try:
            rows.append(bench_set(name, path, args))
        except RuntimeError as e:
            print(f"### {name}\n\nnot timed: {e}\n")
        sys.stdout.flush()
    if args.summary:
        print_summary(rows)


if __name__ == "__main__":
    main()
