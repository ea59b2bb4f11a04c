#!/usr/bin/env python3
"""Variant Sudoku with Google OR-tools CP-SAT: a reference solver for checks and speed comparisons.

Not a build or test dependency of sudoku-dlx; install OR-tools for this script alone, for example:

    python3 -m venv /tmp/ortools-venv && /tmp/ortools-venv/bin/pip install ortools
    /tmp/ortools-venv/bin/python scripts/cpsat.py < puzzles/variants/x.jsonl

Usage: cpsat.py [--count] [--time] [--repeat K] [--workers W] < puzzles.jsonl

Input: one puzzle per line, the JSON description (see `variant_rules.py`) or plain givens; blank lines and lines
starting with `#` are skipped. Rules: rows, columns, boxes (R x C, default the most square with R <= C) or `none`
or jigsaw `regions`; variants x, hyper, disjoint, anti-king, anti-knight, non-consecutive; killer cages (different
digits, optional sum); extra regions. Output: one line per puzzle, a solution as n*n symbols or `none`; with `--count`, 0, 1 or 2
(solve, forbid that solution, solve again). `--time` prints the time of the solve loop alone (building each model
and solving; no reading or printing) on stderr in the peers' format; `--repeat K` runs that loop K times.
`--workers W` sets CP-SAT's search workers (default 1: a single thread, like the other solvers compared).

Model: one Boolean per (cell, value); exactly one value per cell; every house (row, column, box or region,
diagonal, hyper window, disjoint group, extra region of n cells) holds each value exactly once, a smaller extra
region each value at most once; anti-king / anti-knight pairs at most one
of each value; non-consecutive neighbours never hold v and v+1; a cage holds each value at most once, its
weighted sum equals its sum, and the set of values it uses is one of the sets with that sum (a table on one
Boolean per value: without it, one-worker CP-SAT took 25-45 s on a championship killer). Givens are fixed
literals. The other rules, each from its definition, with d(c) = sum of v * x[c][v] the digit of cell c:

- thermometer: d(next) >= d(previous) + 1 along the line; minimum / maximum: d(cell) < / > d(neighbour);
- a dot, an X/V, and the relation of neighbours on a whispers line: a relation R between two cells, as
  "x[a][v] implies some x[b][w] with R(v, w)" both ways (a clause per value: what the relation allows);
- negative rules: for each unmarked orthogonal pair and each pair of values the rule forbids, at most one;
- odd / even: the values of the other parity fixed false; palindrome and clone: x[a][v] == x[b][v];
- renban: each value at most once on the line (used[v]), len(line) values used, and the used set is one of
  the windows of consecutive values (a table, as for cages); entropic: in every three cells in a row on the
  line (both cells of a line of two), each third of the values (1-3, 4-6, 7-9 on 9x9) at most once.
An arrow: the bulb's digits, read as a number, equal the sum of the shaft's digits (one linear equation). A little
killer is one linear equation; a region-sum line one equation between each two runs of it in consecutive boxes; a
between line bounds its inner digits by the minimum and maximum of its ends; a quadruple counts each listed value
among its cells; a sandwich marks each cell as inside when exactly one of the 1 and the n lies before it and it
holds neither, and adds up the inside digits.
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
    for group in puzzle.distinct_groups():
        for v in range(n):
            model.AddAtMostOne(x[i][v] for i in group)
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
    add_rules(model, x, puzzle)
    return model, x


def add_relation(model, x, a, b, allowed):
    """Cells a and b hold values (v, w) with allowed(v, w) (values 1..n): each value of one cell implies a
    supporting value of the other, or is forbidden when it has none."""
    n = len(x[a])
    for p, q, rel in ((a, b, allowed), (b, a, lambda v, w: allowed(w, v))):
        for v in range(1, n + 1):
            support = [x[q][w - 1] for w in range(1, n + 1) if rel(v, w)]
            if support:
                model.AddBoolOr(support).OnlyEnforceIf(x[p][v - 1])
            else:
                model.Add(x[p][v - 1] == 0)


def add_rules(model, x, puzzle):
    """The rules beyond houses, distinct pairs and cages (see the module's doc)."""
    n = puzzle.n

    def digit(c):
        return sum((v + 1) * x[c][v] for v in range(n))

    for line in puzzle.thermometers:
        for a, b in zip(line, line[1:]):
            model.Add(digit(b) >= digit(a) + 1)
    for a, b, d in puzzle.white_dots:
        add_relation(model, x, a, b, lambda v, w, d=d: abs(v - w) == d)
    for a, b, r in puzzle.black_dots:
        add_relation(model, x, a, b, lambda v, w, r=r: v == r * w or w == r * v)
    for a, b, total in puzzle.xv:
        add_relation(model, x, a, b, lambda v, w, total=total: v + w == total)
    negatives = (
        ("black", lambda v, w: v == 2 * w or w == 2 * v),
        ("xv", lambda v, w: v + w in (5, 10)),
    )  # "white" (non-consecutive) is added with the variants above, on the same unmarked pairs
    for name, forbidden in negatives:
        for a, b in puzzle.unmarked_pairs(name):
            for v in range(1, n + 1):
                for w in range(1, n + 1):
                    if forbidden(v, w):
                        model.AddAtMostOne(x[a][v - 1], x[b][w - 1])
    for key, parity in (("odd", 1), ("even", 0)):
        for c in puzzle.marked[key]:
            for v in range(1, n + 1):
                if v % 2 != parity:
                    model.Add(x[c][v - 1] == 0)
    for key, sign in (("minimum", -1), ("maximum", 1)):
        for c in puzzle.marked[key]:
            for o in puzzle.neighbours(c):
                if sign < 0:
                    model.Add(digit(c) + 1 <= digit(o))
                else:
                    model.Add(digit(c) >= digit(o) + 1)
    same = [(line[k], line[-1 - k]) for line in puzzle.palindromes for k in range(len(line) // 2)]
    same += [pair for cells, copy in puzzle.clones for pair in zip(cells, copy)]
    for a, b in same:
        for v in range(n):
            model.Add(x[a][v] == x[b][v])
    gap = (n + 1) // 2
    for kind, line in puzzle.lines:
        if kind == "region-sum":
            continue
        if kind == "whispers":
            for a, b in zip(line, line[1:]):
                add_relation(model, x, a, b, lambda v, w: abs(v - w) >= gap)
        elif kind == "renban":
            size = len(line)
            used = [model.NewBoolVar("") for _ in range(n)]
            for v in range(n):
                model.Add(sum(x[c][v] for c in line) == used[v])
            model.Add(sum(used) == size)
            windows = [[int(low <= v < low + size) for v in range(n)] for low in range(n - size + 1)]
            model.AddAllowedAssignments(used, windows)
        else:
            third = n // 3
            for k in range(max(1, len(line) - 2)):
                window = line[k:k + 3]
                for band in range(3):
                    model.AddAtMostOne(x[c][v] for c in window for v in range(band * third, (band + 1) * third))
    # An arrow: the bulb's digits read as a number equal the shaft's sum.
    for bulb, shaft in puzzle.arrows:
        number = sum(10 ** (len(bulb) - 1 - k) * digit(c) for k, c in enumerate(bulb))
        model.Add(number == sum(digit(c) for c in shaft))
    # A between line: min(ends) < inner < max(ends).
    for line in puzzle.between:
        if len(line) < 3:
            continue
        low, high = model.NewIntVar(1, n, ""), model.NewIntVar(1, n, "")
        model.AddMinEquality(low, [digit(line[0]), digit(line[-1])])
        model.AddMaxEquality(high, [digit(line[0]), digit(line[-1])])
        for c in line[1:-1]:
            model.Add(digit(c) >= low + 1)
            model.Add(digit(c) <= high - 1)
    # A quadruple: each listed value at least as often as listed.
    for cells, values in puzzle.quadruples:
        for v in set(values):
            model.Add(sum(x[c][v - 1] for c in cells) >= values.count(v))
    # A little killer: one linear equation.
    for cells, total, _ in puzzle.little_killers:
        model.Add(sum(digit(c) for c in cells) == total)
    # A sandwich: each cell is between the 1 and the n exactly when one of them lies before it and the other
    # after; the sum of the digits of the cells between is the clue.
    for cells, total, _ in puzzle.sandwiches:
        before = []  # before[k]: the 1 or the n lies in cells[0..k) (at least one)
        for k in range(len(cells)):
            seen_low = model.NewBoolVar("")
            seen_high = model.NewBoolVar("")
            model.Add(sum(x[c][0] for c in cells[:k]) == seen_low)
            model.Add(sum(x[c][n - 1] for c in cells[:k]) == seen_high)
            before.append((seen_low, seen_high))
        inner = []
        for k, c in enumerate(cells):
            seen_low, seen_high = before[k]
            one, inside = model.NewBoolVar(""), model.NewBoolVar("")
            # exactly one of the two ends seen before this cell, and the cell holds neither
            model.Add(seen_low + seen_high == 1).OnlyEnforceIf(one)
            model.Add(seen_low + seen_high != 1).OnlyEnforceIf(one.Not())
            model.AddBoolAnd([one, x[c][0].Not(), x[c][n - 1].Not()]).OnlyEnforceIf(inside)
            model.AddBoolOr([one.Not(), x[c][0], x[c][n - 1]]).OnlyEnforceIf(inside.Not())
            term = model.NewIntVar(0, n, "")
            model.Add(term == digit(c)).OnlyEnforceIf(inside)
            model.Add(term == 0).OnlyEnforceIf(inside.Not())
            inner.append(term)
        model.Add(sum(inner) == total)
    # A region-sum line: the sums of its runs in each box are equal.
    for kind, line in puzzle.lines:
        if kind != "region-sum":
            continue
        runs = puzzle.runs(line)
        for a, b in zip(runs, runs[1:]):
            model.Add(sum(digit(c) for c in a) == sum(digit(c) for c in b))


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
