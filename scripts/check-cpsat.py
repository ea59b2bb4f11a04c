#!/usr/bin/env python3
"""Cross-check `cpsat.py` against the plain backtracker of `variant_rules.py` on random small puzzles.

Usage: python3 scripts/check-cpsat.py [--puzzles N] [--seed S] [--dlx PATH]   (needs OR-tools: see cpsat.py)

Makes N random 4x4 and 6x6 puzzles from random filled grids (boxes, `none` or random jigsaw regions; random variants; random killer
cages with their true sums or off by one, or no sum; rules beyond once per unit drawn on the grid by
`variant_rules.draw_rules`, one to three kinds, some with a dot's value changed; some givens wrong), some with no
solution, some unique, some with several. For each one both solvers count up to 2 and find a solution; the counts
must be equal and every solution must obey the rules (checked by `Puzzle.broken_rule`). With `--dlx`, sudoku-dlx
(`count --limit 2` on the JSON lines, one process) must give the same counts too. Prints a summary and exits 1 on
any disagreement.
"""

import argparse
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import subprocess  # noqa: E402

from variant_rules import RULE_KINDS, VARIANTS, draw_rules, Puzzle, SearchLimit, brute_count, cell_name, grid_text, random_regions, SYMBOLS  # noqa: E402
import cpsat  # noqa: E402


def random_cages(solution, n, rng, cover):
    """Random connected cages of 1-4 cells over about `cover` of the grid, sums from the solution (some off by 1)."""
    free = set(range(n * n))
    cages = []
    while len(free) > n * n * (1 - cover):
        start = rng.choice(sorted(free))
        cells = [start]
        free.discard(start)
        for _ in range(rng.randint(0, 3)):
            r, c = divmod(rng.choice(cells), n)
            options = [
                rr * n + cc
                for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                if 0 <= rr < n and 0 <= cc < n and rr * n + cc in free
                and solution[rr * n + cc] not in [solution[k] for k in cells]
            ]
            if options:
                nxt = rng.choice(options)
                cells.append(nxt)
                free.discard(nxt)
        total = sum(solution[k] for k in cells) + rng.choice((0, 0, 0, 0, 1, -1))
        if rng.random() < 0.2:
            total = None
        cages.append({"sum": total, "cells": [cell_name(k, n) for k in cells]})
    return cages


def random_puzzle(rng):
    """A random small puzzle (rules, givens) and its count by the brute force, up to 2.

    Rules with no filled grid found quickly are drawn again; so is a puzzle the brute force cannot count in
    20,000 nodes (a rare 6x6 with few givens), so every puzzle kept has a known count.
    """
    while True:
        try:
            puzzle = random_rules_puzzle(rng)
            if puzzle is not None:
                return puzzle, brute_count(puzzle, 2, max_nodes=20000)[0]
        except SearchLimit:
            pass


def random_rules_puzzle(rng):
    """Random rules and givens from a random filled grid; None when the rules alone have no solution."""
    n = rng.choice((4, 6))
    shape = rng.choice(("boxes", "boxes", "none", "regions"))
    variants = [v for v in VARIANTS if v != "hyper" and rng.random() < 0.25]
    if shape != "boxes" and "disjoint" in variants:
        variants.remove("disjoint")
    kwargs = {"variants": variants}
    if shape == "none":
        kwargs["boxes"] = "none"
    elif shape == "regions":
        kwargs["regions"] = "".join(SYMBOLS[k] for k in random_regions(n, rng, swaps=3 * n * n))
    elif n == 6 and rng.random() < 0.3:
        kwargs["boxes"] = "3x2"
    empty = Puzzle("." * (n * n), **kwargs)
    count, solution = brute_count(empty, 1, rng, max_nodes=2000)
    if count == 0:
        return None
    if rng.random() < 0.3:
        kwargs["cages"] = random_cages(solution, n, rng, rng.choice((0.3, 0.6, 1.0)))
    if rng.random() < 0.6:
        rules = {}
        kinds = [k for k in RULE_KINDS if n % 3 == 0 or k != "entropic"]
        for kind in rng.sample(kinds, rng.randint(1, 3)):
            for key, value in draw_rules(kind, solution, n, rng, lines=rng.randint(1, 3)).items():
                rules[key] = rules.get(key, []) + [x for x in value if x not in rules.get(key, [])]
        for key in ("white_dots", "black_dots", "xv"):
            if rules.get(key) and rng.random() < 0.1:  # a changed value: often no solution
                rng.choice(rules[key])["value"] = {"white_dots": 2, "black_dots": 3, "xv": 7}[key]
        kwargs["rules"] = rules
    givens = [0] * (n * n)
    for k in rng.sample(range(n * n), rng.randint(n * n // 5, n * n * 3 // 5)):
        givens[k] = solution[k]
    if rng.random() < 0.15:  # a wrong given: often no solution
        k = rng.randrange(n * n)
        givens[k] = rng.randint(1, n)
    return Puzzle(grid_text(givens), **kwargs)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--puzzles", type=int, default=300)
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--dlx", help="the sudoku-dlx binary: its counts must agree too")
    args = ap.parse_args()
    kept = []
    rng = random.Random(args.seed)
    tally = {0: 0, 1: 0, 2: 0}
    bad = 0
    for k in range(args.puzzles):
        puzzle, expected = random_puzzle(rng)
        kept.append((puzzle, expected))
        got = int(cpsat.solve_one(puzzle, True, 1))
        solution = cpsat.solve_one(puzzle, False, 1)
        problem = None
        if got != expected:
            problem = f"count {got}, brute force {expected}"
        elif expected and puzzle.broken_rule([SYMBOLS.index(ch) + 1 for ch in solution]) is not None:
            problem = f"solution {solution} breaks a rule"
        elif not expected and solution != "none":
            problem = f"solution {solution} for a puzzle with none"
        if problem:
            bad += 1
            print(f"puzzle {k + 1}: {problem}: {puzzle.to_json()}")
        tally[expected] += 1
    dlx_note = ""
    if args.dlx:
        text = "".join(p.to_json() + "\n" for p, _ in kept)
        out = subprocess.run([args.dlx, "count", "--limit", "2", "-j", "1"], input=text, capture_output=True, text=True)
        answers = [line.split()[0].rstrip("+") if line.strip() else "?" for line in out.stdout.splitlines()]
        answers = ["0" if a == "invalid" else a for a in answers]  # givens that break a rule outright
        if len(answers) != len(kept):
            print(f"sudoku-dlx: {len(answers)} answers for {len(kept)} puzzles: {out.stderr.strip()[:300]}")
            bad += 1
        for k, ((puzzle, expected), got) in enumerate(zip(kept, answers)):
            if got != str(expected):
                bad += 1
                print(f"puzzle {k + 1}: sudoku-dlx counts {got}, brute force {expected}: {puzzle.to_json()}")
        dlx_note = " (sudoku-dlx too)"
    print(
        f"{args.puzzles} puzzles (seed {args.seed}): {tally[0]} with no solution, {tally[1]} unique, "
        f"{tally[2]} with several; {bad} disagreements{dlx_note}"
    )
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
