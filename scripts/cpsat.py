#!/usr/bin/env python3
"""Variant Sudoku with Google OR-tools CP-SAT: a reference solver for checks and speed comparisons.

Not a build or test dependency of sudoku-dlx; install OR-tools for this script alone, for example:

    python3 -m venv /tmp/ortools-venv && /tmp/ortools-venv/bin/pip install ortools
    /tmp/ortools-venv/bin/python scripts/cpsat.py < puzzles/variants/x.jsonl

Usage: cpsat.py [--count] [--time] [--repeat K] [--workers W] < puzzles.jsonl

Input: one puzzle per line, the JSON description (see `variant_rules.py`) or plain givens; blank lines and lines
starting with `#` are skipped. Rules: rows, columns, boxes (R x C, default the most square with R <= C) or `none`
or jigsaw `regions`; variants x, hyper, disjoint, anti-king, anti-knight, non-consecutive; killer cages (different
digits, optional sum). Output: one line per puzzle, a solution as n*n symbols or `none`; with `--count`, 0, 1 or 2
(solve, forbid that solution, solve again). `--time` prints the time of the solve loop alone (building each model
and solving; no reading or printing) on stderr in the peers' format; `--repeat K` runs that loop K times.
`--workers W` sets CP-SAT's search workers (default 1: a single thread, like the other solvers compared).

Model: one Boolean per (cell, value); exactly one value per cell; every house (row, column, box or region,
diagonal, hyper window, disjoint group) holds each value exactly once; anti-king / anti-knight pairs at most one
of each value; non-consecutive neighbours never hold v and v+1; a cage holds each value at most once, its
weighted sum equals its sum, and the set of values it uses is one of the sets with that sum (a table on one
Boolean per value: without it, one-worker CP-SAT took 25-45 s on a championship killer). Givens are fixed
literals.
"""

import argparse
import itertools
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from variant_rules import SYMBOLS, DescriptionError, read_puzzles  # noqa: E402

try:
    from ortools.sat.python import cp_model
except ImportError:
    sys.exit("cpsat.py needs OR-tools: pip install ortools (in a venv, or with --user)")

NAME = "cpsat"


def build_model(puzzle):
    """The CP-SAT model of one puzzle and its (cell, value) Booleans, x[cell][value - 1]."""
    n = puzzle.n
    model = cp_model.CpModel()
    x = [[model.NewBoolVar(f"c{i}v{v + 1}") for v in range(n)] for i in range(n * n)]
    for i in range(n * n):
        model.AddExactlyOne(x[i])
        if puzzle.givens[i]:
            model.Add(x[i][puzzle.givens[i] - 1] == 1)
    for house in puzzle.houses():
        for v in range(n):
            model.AddExactlyOne(x[i][v] for i in house)
    for a, b in puzzle.distinct_pairs():
        for v in range(n):
            model.AddAtMostOne(x[a][v], x[b][v])
    for a, b in puzzle.neighbour_pairs():
        for v in range(n - 1):
            model.AddAtMostOne(x[a][v], x[b][v + 1])
            model.AddAtMostOne(x[a][v + 1], x[b][v])
    for total, cells in puzzle.cages:
        # used[v]: the cage holds value v + 1 (at most once); the set of used values must be one of the sets of
        # len(cells) values summing to the total, a table of at most C(n, len) rows that propagates far better
        # than the weighted sum alone.
        used = [model.NewBoolVar("") for _ in range(n)]
        for v in range(n):
            model.Add(sum(x[i][v] for i in cells) == used[v])
        model.Add(sum(used) == len(cells))
        if total is not None:
            model.Add(sum((v + 1) * x[i][v] for i in cells for v in range(n)) == total)
            combos = [c for c in itertools.combinations(range(1, n + 1), len(cells)) if sum(c) == total]
            model.AddAllowedAssignments(used, [[int(v + 1 in c) for v in range(n)] for c in combos])
    return model, x


def solve_one(puzzle, count_mode, workers):
    """A solution as text ('none' if there is none), or the count capped at 2 in count mode."""
    model, x = build_model(puzzle)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = workers
    n = puzzle.n
    found = 0
    first = None
    while found < (2 if count_mode else 1):
        status = solver.Solve(model)
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            if status != cp_model.INFEASIBLE:
                raise RuntimeError(f"CP-SAT status {solver.StatusName(status)}")
            break
        found += 1
        chosen = [next(v for v in range(n) if solver.BooleanValue(x[i][v])) for i in range(n * n)]
        if first is None:
            first = "".join(SYMBOLS[v] for v in chosen)
        # forbid this solution: some cell must take another value
        model.AddBoolOr([x[i][chosen[i]].Not() for i in range(n * n) if not puzzle.givens[i]])
    if count_mode:
        return str(found)
    return first if first is not None else "none"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", action="store_true", help="print the number of solutions, capped at 2")
    ap.add_argument("--time", action="store_true", help="print the solve-loop time on stderr")
    ap.add_argument("--repeat", type=int, default=1, help="run the solve loop K times")
    ap.add_argument("--workers", type=int, default=1, help="CP-SAT search workers (default 1)")
    args = ap.parse_args()
    try:
        puzzles = read_puzzles(sys.stdin.read().splitlines())
    except DescriptionError as e:
        sys.exit(f"{NAME}: {e}")
    answers = []
    t0 = time.perf_counter()
    for _ in range(max(1, args.repeat)):
        answers = [solve_one(p, args.count, args.workers) for p in puzzles]
    dt = time.perf_counter() - t0
    sys.stdout.write("".join(a + "\n" for a in answers))
    if args.time:
        runs = max(1, len(puzzles) * max(1, args.repeat))
        print(
            f"{NAME}: {len(puzzles)} puzzles x {max(1, args.repeat)}: {dt * 1e3:.3f} ms, "
            f"{dt * 1e6 / runs:.3f} us/puzzle",
            file=sys.stderr,
        )


if __name__ == "__main__":
    main()
