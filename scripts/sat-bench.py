#!/usr/bin/env python3
"""Clause-learning SAT solvers on 9x9 classic or non-consecutive puzzles, side by side with sudoku-dlx.

A measuring script, not a build or test dependency: it asks how far learning from conflicts alone (MiniSat,
Glucose, CaDiCaL through PySAT) goes on a set, against the exact-cover search. Install PySAT for it alone:

    python3 -m venv /tmp/ortools-venv && /tmp/ortools-venv/bin/pip install python-sat
    /tmp/ortools-venv/bin/python scripts/sat-bench.py --dlx target/release/sudoku-dlx \\
        puzzles/variants/non-consecutive.jsonl

Input: one puzzle per line, the JSON description with `givens` (and `variants`, of which `non-consecutive`
is the only one read) or plain givens. Encoding: one variable per (cell, value); each cell, row, column and
box exactly once (one clause of all, and "not both" for every pair); for non-consecutive, "not both" for every
two orthogonal neighbours and values one apart; givens as unit clauses. Each puzzle is counted to 2 like
`count --limit 2`: solve, add the clause that forbids the solution found, solve again. The clock runs over
the solving alone: the clauses are loaded before it starts.

Each round times sudoku-dlx (`count --limit 2 -j 1 --stats`, the time it prints) and then each solver on the
whole set; the report gives per solver the mean milliseconds a puzzle (median over rounds), the median of the
per-round ratios to sudoku-dlx, and the median number of conflicts a puzzle.
"""

import argparse
import json
import re
import statistics
import subprocess
import sys
import time

from pysat.solvers import Solver


def var(row, column, value):
    """The variable of `value` (0 to 8) in (`row`, `column`)."""
    return 81 * row + 9 * column + value + 1


def exactly_once(clauses, literals):
    """Adds to `clauses` that exactly one of `literals` holds: one clause of all, "not both" for each pair."""
    clauses.append(list(literals))
    for i, a in enumerate(literals):
        for b in literals[i + 1:]:
            clauses.append([-a, -b])


def base_clauses(non_consecutive):
    """The clauses of the empty 9x9 grid, with the non-consecutive rule when asked."""
    clauses = []
    houses = []
    for i in range(9):
        houses.append([(i, j) for j in range(9)])
        houses.append([(j, i) for j in range(9)])
        top, left = 3 * (i // 3), 3 * (i % 3)
        houses.append([(top + k // 3, left + k % 3) for k in range(9)])
    for row in range(9):
        for column in range(9):
            exactly_once(clauses, [var(row, column, v) for v in range(9)])
    for house in houses:
        for v in range(9):
            exactly_once(clauses, [var(r, c, v) for r, c in house])
    if non_consecutive:
        for row in range(9):
            for column in range(9):
                for r, c in ((row + 1, column), (row, column + 1)):
                    if r < 9 and c < 9:
                        for v in range(8):
                            clauses.append([-var(row, column, v), -var(r, c, v + 1)])
                            clauses.append([-var(row, column, v + 1), -var(r, c, v)])
    return clauses


def read(path):
    """The puzzles of `path` as (givens, non-consecutive or not)."""
    puzzles = []
    with open(path) as lines:
        for line in lines:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            if line.startswith("{"):
                record = json.loads(line)
                puzzles.append((record["givens"], "non-consecutive" in record.get("variants", [])))
            else:
                puzzles.append((line, False))
    return puzzles


def count_to_two(name, clauses, givens):
    """Seconds spent solving and conflicts met counting `givens` to 2; the count is checked to be 1."""
    solver = Solver(name=name, bootstrap_with=clauses)
    for i, symbol in enumerate(givens):
        if symbol not in ".0":
            solver.add_clause([var(i // 9, i % 9, int(symbol) - 1)])
    start = time.perf_counter()
    found = 0
    while found < 2 and solver.solve():
        found += 1
        solver.add_clause([-x for x in solver.get_model() if x > 0])
    seconds = time.perf_counter() - start
    conflicts = solver.accum_stats().get("conflicts", 0)
    solver.delete()
    if found != 1:
        sys.exit(f"{name}: {givens} has {found} solutions counted to 2, not 1")
    return seconds, conflicts


def dlx_seconds(binary, path):
    """The time sudoku-dlx prints for counting every puzzle of `path` to 2 on one thread."""
    run = subprocess.run([binary, "count", "--limit", "2", "-j", "1", "--stats", path],
                         capture_output=True, text=True, check=True)
    return float(re.search(r"^time\s+([0-9.]+) s", run.stderr, re.M).group(1))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file")
    parser.add_argument("--dlx", required=True, help="the sudoku-dlx binary")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--solvers", default="minisat22,glucose4,cadical153")
    args = parser.parse_args()
    puzzles = read(args.file)
    clauses = {nc: base_clauses(nc) for nc in {nc for _, nc in puzzles}}
    names = args.solvers.split(",")
    totals = {name: [] for name in ["sudoku-dlx"] + names}
    conflicts = {}
    for _ in range(args.rounds):
        totals["sudoku-dlx"].append(dlx_seconds(args.dlx, args.file))
        for name in names:
            runs = [count_to_two(name, clauses[nc], givens) for givens, nc in puzzles]
            totals[name].append(sum(seconds for seconds, _ in runs))
            # The solvers are deterministic: every round meets the same conflicts.
            conflicts[name] = statistics.median(c for _, c in runs)
    n = len(puzzles)
    print(f"{args.file}: {n} puzzles, count to 2, {args.rounds} rounds; ms a puzzle (medians over rounds)\n")
    print("| solver | ms a puzzle | ratio to sudoku-dlx | median conflicts |")
    print("| --- | ---: | ---: | ---: |")
    for name, seconds in totals.items():
        ratio = statistics.median(a / b for a, b in zip(seconds, totals["sudoku-dlx"]))
        extra = f"{conflicts[name]:,.0f}" if name in conflicts else "-"
        print(f"| {name} | {statistics.median(seconds) * 1e3 / n:.3f} | {ratio:.1f}x | {extra} |")


if __name__ == "__main__":
    main()
