#!/usr/bin/env python3
"""Regenerate puzzles/cases.txt (and the derived unsolvable.txt, multiple.txt, conflicting.txt).

Usage (from the project root):

    python3 puzzles/make_cases.py PEER_SUDOKU PEER_MRV [--collections DIR] [--out DIR]

    e.g. python3 puzzles/make_cases.py ../shared/peers/target/release/peer-sudoku \
                                       ../shared/peers/target/release/peer-mrv

PEER_SUDOKU and PEER_MRV are two independent, prebuilt 9x9 solvers (the `sudoku` crate 0.8, a JCZSolve port, and
a fewest-candidates backtracking solver) that follow the peers' command-line contract: one puzzle per line on stdin,
one line out, the first solution or `none`; with `--count` the number of solutions capped at 2. They are a
MEASURING TOOL, used here only to cross-check counts and to supply solutions; they are NOT a dependency of the
sudoku-dlx project, and nothing in the project (code, tests, benches) uses them.

Everything is deterministic: fixed line numbers of the public collections (the directory described in
../shared/puzzles/README.md) plus fixed derivation rules:

* unique: the puzzle line, unchanged (plus Inkala's puzzle, from seed article 003, and its solution re-entered as
  an 81-given puzzle);
* count 0 ("wrong given"): a uniquely solvable puzzle plus ONE extra given that breaks no rule but differs from the
  solution at that cell (scan cells in row-major order from a fixed start cell, wrapping; the first empty cell with
  such a digit; the smallest such digit). Since the original has exactly one solution, the result has none;
* count 0 ("no candidate"): a hand-made grid whose r1c9 has no candidate left although no digit repeats;
* count 2 ("minus one"): a 17-clue puzzle without its first given in row-major order (17-clue puzzles are minimal,
  as no 16-clue puzzle exists, so this leaves two or more solutions);
* count 2 ("stripped"): a unique puzzle with its givens removed in row-major order, as few as needed for the count
  (by PEER_SUDOKU) to reach 2;
* count 2: lines of puzzles7_serg_benchmark.txt (multiple solutions by design) and the empty grid.

Each count is accepted only when both peers print the same number, and each solution is checked here (digits 1-9,
every row, column and box a permutation, givens kept). For count 1 both peers must also give the same solution.
Output line format of cases.txt (no comment lines): `puzzle:count:solution`, solution empty when count is 0.
"""
import argparse
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

INKALA = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."

F17 = "puzzles2_17_clue.txt"
TOP = "puzzles3_magictour_top1465.txt"
F11 = "puzzles5_forum_hardest_1905_11plus.txt"
F1106 = "puzzles6_forum_hardest_1106.txt"
SERG = "puzzles7_serg_benchmark.txt"
N95 = "norvig_top95.txt"
NHARD = "norvig_hardest.txt"
PLB = "plb_hard20.txt"
EASY = "emerentius_easy.txt"
MEDIUM = "emerentius_medium.txt"

# (file, 1-based line number); file None = Inkala's puzzle
UNIQUE = [
    (None, 1),
    (F17, 1), (F17, 2), (F17, 10000), (F17, 20000), (F17, 30000), (F17, 49158),
    (TOP, 1), (TOP, 2), (TOP, 3), (TOP, 500), (TOP, 1000), (TOP, 1465),
    (F11, 1), (F11, 10000), (F11, 30000), (F11, 48766),
    (F1106, 1), (F1106, 2), (F1106, 200), (F1106, 375),
    (N95, 1), (N95, 2), (N95, 95),
    (NHARD, 1), (NHARD, 2), (NHARD, 11),
    (PLB, 1), (PLB, 20),
    (EASY, 1), (EASY, 2), (EASY, 3), (EASY, 50),
    (MEDIUM, 1), (MEDIUM, 11),
]

# unique puzzles that get one wrong (rule-abiding) given; scan start cell = 7 * index mod 81
WRONG_GIVEN = [
    (None, 1),
    (F17, 5), (F17, 6),
    (TOP, 4), (TOP, 700),
    (F11, 2), (F11, 20000),
    (F1106, 3), (F1106, 300),
    (N95, 50),
    (NHARD, 5),
    (PLB, 10),
    (EASY, 10), (EASY, 30),
]

# hand-made: row 1 holds 1-8, r2c9 holds 9, so r1c9 (which must be 9) has no candidate
NO_CANDIDATE = "12345678." + "........9" + "." * 63

MINUS_ONE = [(F17, 7), (F17, 8), (F17, 9), (F17, 25000), (F17, 49157)]
STRIPPED = [(TOP, 5), (F1106, 4), (NHARD, 3), (EASY, 5)]
SERG_LINES = [(SERG, 1), (SERG, 2), (SERG, 5000), (SERG, 10000)]
EMPTY = "." * 81

# conflicting givens, made from these bases (each base gives one line per kind of conflict)
CONFLICT_BASES = [(None, 1), (F17, 1)]


def box(i):
    return (i // 27) * 3 + (i % 9) // 3


def cell_name(i):
    return "r%dc%d" % (i // 9 + 1, i % 9 + 1)


def units_conflict(p):
    """Set of kinds ('row', 'column', 'box') in which some digit is given twice."""
    kinds = set()
    for kind, key in (("row", lambda i: i // 9), ("column", lambda i: i % 9), ("box", box)):
        seen = set()
        for i, ch in enumerate(p):
            if ch != ".":
                if (key(i), ch) in seen:
                    kinds.add(kind)
                seen.add((key(i), ch))
    return kinds


def valid_solution(sol, puzzle):
    if len(sol) != 81 or any(ch not in "123456789" for ch in sol):
        return False
    if any(p != "." and p != s for p, s in zip(puzzle, sol)):
        return False
    digits = set("123456789")
    for u in range(9):
        if set(sol[u * 9:u * 9 + 9]) != digits:
            return False
        if set(sol[u::9]) != digits:
            return False
        if {sol[i] for i in range(81) if box(i) == u} != digits:
            return False
    return True


def allowed(p, i):
    """Digits that could be given at empty cell i without repeating a digit in its row, column or box."""
    used = {p[j] for j in range(81) if p[j] != "." and (j // 9 == i // 9 or j % 9 == i % 9 or box(j) == box(i))}
    return [d for d in "123456789" if d not in used]


class Peers:
    def __init__(self, sudoku, mrv):
        self.bins = [sudoku, mrv]

    @staticmethod
    def _run(binary, puzzles, count):
        args = [binary] + (["--count"] if count else [])
        out = subprocess.run(args, input="".join(p + "\n" for p in puzzles), capture_output=True, text=True,
                             check=True).stdout.split("\n")
        out = [line.strip() for line in out if line.strip()]
        if len(out) != len(puzzles):
            sys.exit("%s printed %d lines for %d puzzles" % (binary, len(out), len(puzzles)))
        return out

    def counts(self, puzzles):
        """Counts capped at 2, only when both peers agree."""
        a, b = (self._run(x, puzzles, True) for x in self.bins)
        for p, x, y in zip(puzzles, a, b):
            if x != y:
                sys.exit("peers disagree on %s: %s vs %s" % (p, x, y))
        return [int(x) for x in a]

    def solutions(self, puzzles):
        """(peer-sudoku's first solution, peer-mrv's first solution) per puzzle ('' for none)."""
        a, b = (self._run(x, puzzles, False) for x in self.bins)
        fix = lambda s: "" if s == "none" else s
        return [(fix(x), fix(y)) for x, y in zip(a, b)]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("peer_sudoku")
    ap.add_argument("peer_mrv")
    ap.add_argument("--collections", default=os.path.join(HERE, "..", "..", "shared", "puzzles"))
    ap.add_argument("--out", default=HERE)
    args = ap.parse_args()
    peers = Peers(args.peer_sudoku, args.peer_mrv)
    cache = {}

    def line(src):
        f, n = src
        if f is None:
            return INKALA
        if f not in cache:
            with open(os.path.join(args.collections, f)) as fh:
                cache[f] = fh.read().split("\n")
        p = cache[f][n - 1].strip()
        assert len(p) == 81 and set(p) <= set(".123456789"), (f, n, p)
        return p

    def origin(src):
        return "Inkala's puzzle (seed 003)" if src[0] is None else "%s line %d" % src

    cases = []  # (puzzle, expected count or None, origin)

    # unique puzzles
    inkala_solution = None
    for src in UNIQUE:
        cases.append((line(src), 1, origin(src)))
    base_sols = peers.solutions([line(src) for src in UNIQUE[:1]])
    inkala_solution = base_sols[0][0]
    cases.append((inkala_solution, 1, "Inkala's solution as an 81-given puzzle"))

    # count 0: one wrong but rule-abiding given
    bases = [line(src) for src in WRONG_GIVEN]
    base_counts = peers.counts(bases)
    base_sols = peers.solutions(bases)
    unsolvable = []
    for k, (src, p, c, (sol, _)) in enumerate(zip(WRONG_GIVEN, bases, base_counts, base_sols)):
        assert c == 1 and valid_solution(sol, p), src
        start = (7 * k) % 81
        for step in range(81):
            i = (start + step) % 81
            wrong = [d for d in allowed(p, i) if d != sol[i]] if p[i] == "." else []
            if wrong:
                q = p[:i] + wrong[0] + p[i + 1:]
                why = "%s plus the given %s at %s (its solution has %s there)" % (origin(src), wrong[0],
                                                                                  cell_name(i), sol[i])
                unsolvable.append((q, 0, why))
                break
    unsolvable.append((NO_CANDIDATE, 0, "hand-made: row 1 = 1-8, r2c9 = 9, so r1c9 has no candidate"))
    cases += unsolvable

    # count 2
    multiple = []
    for src in MINUS_ONE:
        p = line(src)
        i = next(j for j in range(81) if p[j] != ".")
        multiple.append((p[:i] + "." + p[i + 1:], 2, "%s without its first given (%s at %s)" % (
            origin(src), p[i], cell_name(i))))
    for src in STRIPPED:
        p = line(src)
        givens = [j for j in range(81) if p[j] != "."]
        variants = []
        q = p
        for j in givens:
            q = q[:j] + "." + q[j + 1:]
            variants.append(q)
        counts = peers.counts(variants)
        k = counts.index(2)
        removed = "its first given" if k == 0 else "its first %d givens" % (k + 1)
        multiple.append((variants[k], 2, "%s without %s in row-major order (fewest removals for 2+ solutions)" % (
            origin(src), removed)))
    for src in SERG_LINES:
        multiple.append((line(src), 2, origin(src)))
    multiple.append((EMPTY, 2, "the empty grid"))
    cases += multiple

    # cross-check every case with both peers and validate every solution
    puzzles = [c[0] for c in cases]
    counts = peers.counts(puzzles)
    sols = peers.solutions(puzzles)
    out_lines = []
    for (p, want, why), got, (s1, s2) in zip(cases, counts, sols):
        if units_conflict(p):
            sys.exit("conflicting givens in %s (%s)" % (p, why))
        if got != want:
            sys.exit("expected count %d, peers say %d: %s (%s)" % (want, got, p, why))
        if got == 0:
            if s1 or s2:
                sys.exit("a solution for a count-0 puzzle: %s" % p)
        else:
            if not (valid_solution(s1, p) and valid_solution(s2, p)):
                sys.exit("invalid solution for %s" % p)
            if got == 1 and s1 != s2:
                sys.exit("two different solutions for a count-1 puzzle: %s" % p)
        out_lines.append("%s:%d:%s" % (p, got, s1 if got else ""))
    if len(set(puzzles)) != len(puzzles):
        sys.exit("duplicate puzzles")

    # conflicting givens: one line per kind of conflict per base
    conflicting = []
    for src in CONFLICT_BASES:
        p = line(src)
        for kind in ("row", "column", "box"):
            done = False
            for i in range(81):
                if p[i] != ".":
                    continue
                for d in "123456789":
                    q = p[:i] + d + p[i + 1:]
                    if units_conflict(q) == {kind}:
                        conflicting.append((q, "%s plus %s at %s: %s twice in a %s" % (
                            origin(src), d, cell_name(i), d, kind)))
                        done = True
                        break
                if done:
                    break
    ccounts = peers.counts([q for q, _ in conflicting])
    assert all(c == 0 for c in ccounts)

    def write(name, body, header):
        with open(os.path.join(args.out, name), "w", newline="\n") as fh:
            for h in header:
                fh.write(("# " + h).rstrip() + "\n")
            for b in body:
                fh.write(b + "\n")

    write("cases.txt", out_lines, [])
    note = "Generated by make_cases.py; counts confirmed by both peers (sudoku crate 0.8, fewest-candidates solver)."
    write("unsolvable.txt", [q for q, _, _ in unsolvable],
          ["9x9 puzzles with NO solution although no digit is given twice in a row, column or box.", note, ""] +
          ["line %d: %s" % (n + 1, why) for n, (_, _, why) in enumerate(unsolvable)])
    write("multiple.txt", [q for q, _, _ in multiple],
          ["9x9 puzzles with TWO OR MORE solutions.", note, ""] +
          ["line %d: %s" % (n + 1, why) for n, (_, _, why) in enumerate(multiple)])
    write("conflicting.txt", [q for q, _ in conflicting],
          ["9x9 puzzles whose givens break the rules (a digit given twice in a unit), hence no solution.", note,
           ""] + ["line %d: %s" % (n + 1, why) for n, (_, why) in enumerate(conflicting)])
    by = {c: sum(1 for x in counts if x == c) for c in (0, 1, 2)}
    print("cases.txt: %d lines (count 0: %d, count 1: %d, count 2: %d); unsolvable.txt %d, multiple.txt %d, "
          "conflicting.txt %d" % (len(out_lines), by[0], by[1], by[2], len(unsolvable), len(multiple),
                                  len(conflicting)))


if __name__ == "__main__":
    main()
