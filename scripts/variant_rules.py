"""Variant Sudoku rules in plain Python: the JSON description, its constraints, a checker and a brute force.

Shared by `cpsat.py`, `make-variant-sets.py` and `variant-bench.py`, so that all three read a puzzle the same way
and judge a solution by the rules themselves (never by an exact-cover encoding). Standard library only.

The description is one JSON object per line, as sudoku-dlx and `peer-lisudoku` read it:

    {"givens": "<n*n symbols>", "boxes": "RxC" | "none", "regions": "<n*n labels>",
     "variants": ["x", "hyper", "disjoint", "anti-king", "anti-knight", "non-consecutive"],
     "cages": [{"sum": 15, "cells": ["r1c1", "r1c2"]}], "title": "..."}

Value v is written SYMBOLS[v-1] (letters in either case), `.` or `0` blank; n = sqrt(len(givens)). `boxes`
defaults to the most square R x C = n with R <= C (R rows per box); `regions` (n*n labels, n cells per label)
replace the boxes. A line not starting with `{` is read as plain givens (its first field).
"""

import json
import math

SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
VARIANTS = ("x", "hyper", "disjoint", "anti-king", "anti-knight", "non-consecutive")
KNOWN_KEYS = {"givens", "boxes", "regions", "variants", "cages", "title"}
KING_STEPS = ((0, 1), (1, -1), (1, 0), (1, 1))
KNIGHT_STEPS = ((1, 2), (1, -2), (2, 1), (2, -1))


class DescriptionError(ValueError):
    """A description that breaks the contract (the message names the key)."""


def symbol_value(ch):
    """The value of one givens character: 0 for a blank, 1..35 for a symbol."""
    if ch in ".0":
        return 0
    k = SYMBOLS.find(ch.upper())
    if k < 0:
        raise DescriptionError(f"givens: {ch!r} is not a symbol (expected 1-9, A-Z, '.' or '0')")
    return k + 1


def grid_text(values):
    """A grid of values (0 blank) as symbols, `.` for a blank."""
    return "".join(SYMBOLS[v - 1] if v else "." for v in values)


def default_boxes(n):
    """The most square R x C = n with R <= C, or None when n is prime (or 1)."""
    for r in range(math.isqrt(n), 1, -1):
        if n % r == 0:
            return (r, n // r)
    return None


def cell_index(name, n):
    """`r<row>c<col>` (1-based) as a flat index."""
    low = name.lower()
    if not low.startswith("r") or "c" not in low:
        raise DescriptionError(f"cages: bad cell name {name!r} (expected r<row>c<col>)")
    row, col = low[1:].split("c", 1)
    if not (row.isdigit() and col.isdigit()) or not (1 <= int(row) <= n and 1 <= int(col) <= n):
        raise DescriptionError(f"cages: bad cell name {name!r} (expected r<row>c<col>, 1..{n})")
    return (int(row) - 1) * n + int(col) - 1


def cell_name(index, n):
    """A flat index as `r<row>c<col>`."""
    return f"r{index // n + 1}c{index % n + 1}"


class Puzzle:
    """One puzzle and its rules: n, givens (0 blank), boxes (R, C) or None, regions, variants, cages."""

    def __init__(self, givens, boxes="default", regions=None, variants=(), cages=(), title=None):
        self.n = math.isqrt(len(givens))
        if self.n * self.n != len(givens) or self.n < 1:
            raise DescriptionError(f"givens: {len(givens)} characters is not a square")
        n = self.n
        self.givens = [symbol_value(ch) for ch in givens]
        if any(v > n for v in self.givens):
            raise DescriptionError(f"givens: a symbol above {SYMBOLS[n - 1]} in a {n}x{n} grid")
        self.regions = None
        if regions is not None:
            if len(regions) != n * n:
                raise DescriptionError(f"regions: {len(regions)} labels, expected {n * n}")
            labels = sorted(set(regions))
            if len(labels) != n:
                raise DescriptionError(f"regions: {len(labels)} labels, expected {n}")
            self.regions = [labels.index(ch) for ch in regions]
            for k, label in enumerate(labels):
                size = self.regions.count(k)
                if size != n:
                    raise DescriptionError(f"regions: region {label!r} has {size} cells, expected {n}")
            self.boxes = None
        elif boxes == "default":
            self.boxes = default_boxes(n)
        elif boxes is None or boxes == "none":
            self.boxes = None
        else:
            try:
                r, c = (int(part) for part in boxes.lower().split("x"))
            except ValueError:
                raise DescriptionError(f"boxes: {boxes!r} (expected RxC or none)") from None
            if r * c != n:
                raise DescriptionError(f"boxes: {r}x{c} does not make {n}")
            self.boxes = (r, c)
        self.variants = list(variants)
        for v in self.variants:
            if v not in VARIANTS:
                raise DescriptionError(f"variants: unknown {v!r} (expected one of {', '.join(VARIANTS)})")
        if "hyper" in self.variants and n != 9:
            raise DescriptionError("variants: hyper needs a 9x9 grid")
        if "disjoint" in self.variants and self.boxes is None:
            raise DescriptionError("variants: disjoint needs boxes")
        self.cages = []
        for cage in cages:
            cells = [cell_index(name, n) for name in cage["cells"]]
            if len(set(cells)) != len(cells) or not cells or len(cells) > n:
                raise DescriptionError(f"cages: bad cell list {cage['cells']}")
            self.cages.append((cage.get("sum"), cells))
        self.title = title

    @classmethod
    def from_line(cls, line):
        """A puzzle from one input line (JSON, or plain givens as its first field); None for blank/comment."""
        text = line.strip()
        if not text or text.startswith("#"):
            return None
        if not text.startswith("{"):
            return cls(text.split()[0])
        try:
            obj = json.loads(text)
        except json.JSONDecodeError as e:
            raise DescriptionError(f"bad JSON: {e}") from None
        unknown = set(obj) - KNOWN_KEYS
        if unknown:
            raise DescriptionError(f"unknown key {sorted(unknown)[0]!r}")
        if "givens" not in obj:
            raise DescriptionError("givens: missing")
        return cls(
            obj["givens"],
            boxes=obj.get("boxes", "default"),
            regions=obj.get("regions"),
            variants=obj.get("variants", ()),
            cages=obj.get("cages", ()),
            title=obj.get("title"),
        )

    def to_json(self, givens=None):
        """This puzzle (or the same rules with other givens) as one JSON description line."""
        n = self.n
        obj = {"givens": grid_text(self.givens if givens is None else givens)}
        if self.regions is not None:
            obj["regions"] = "".join(SYMBOLS[k] for k in self.regions)
        elif self.boxes is None:
            obj["boxes"] = "none"
        elif self.boxes != default_boxes(n):
            obj["boxes"] = f"{self.boxes[0]}x{self.boxes[1]}"
        if self.variants:
            obj["variants"] = list(self.variants)
        if self.cages:
            obj["cages"] = [{"sum": s, "cells": [cell_name(c, n) for c in cells]} for s, cells in self.cages]
        if self.title:
            obj["title"] = self.title
        return json.dumps(obj, separators=(", ", ": "))

    def houses(self):
        """Every group of n cells that holds each value once: rows, columns, boxes or regions, x, hyper, disjoint."""
        n = self.n
        out = [[r * n + c for c in range(n)] for r in range(n)]
        out += [[r * n + c for r in range(n)] for c in range(n)]
        if self.regions is not None:
            out += [[i for i in range(n * n) if self.regions[i] == k] for k in range(n)]
        elif self.boxes is not None:
            br, bc = self.boxes
            boxes = []
            for top in range(0, n, br):
                for left in range(0, n, bc):
                    boxes.append([(top + dr) * n + left + dc for dr in range(br) for dc in range(bc)])
            out += boxes
            if "disjoint" in self.variants:
                out += [[box[k] for box in boxes] for k in range(n)]
        if "x" in self.variants:
            out.append([k * n + k for k in range(n)])
            out.append([k * n + n - 1 - k for k in range(n)])
        if "hyper" in self.variants:
            for top in (1, 5):
                for left in (1, 5):
                    out.append([(top + dr) * n + left + dc for dr in range(3) for dc in range(3)])
        return out

    def distinct_pairs(self):
        """Pairs of cells that must differ because of anti-king / anti-knight (each pair once)."""
        n = self.n
        steps = []
        if "anti-king" in self.variants:
            steps += KING_STEPS
        if "anti-knight" in self.variants:
            steps += KNIGHT_STEPS
        pairs = set()
        for r in range(n):
            for c in range(n):
                for dr, dc in steps:
                    rr, cc = r + dr, c + dc
                    if 0 <= rr < n and 0 <= cc < n:
                        pairs.add((r * n + c, rr * n + cc))
        return sorted(pairs)

    def neighbour_pairs(self):
        """Orthogonal neighbours that must not hold consecutive values (non-consecutive), or []."""
        if "non-consecutive" not in self.variants:
            return []
        n = self.n
        pairs = [(r * n + c, r * n + c + 1) for r in range(n) for c in range(n - 1)]
        pairs += [(r * n + c, (r + 1) * n + c) for r in range(n - 1) for c in range(n)]
        return pairs

    def broken_rule(self, values):
        """None when `values` (n*n values, no blank) solves the puzzle, else the first rule it breaks."""
        n = self.n
        if len(values) != n * n or any(not 1 <= v <= n for v in values):
            return "not a full grid"
        for i, g in enumerate(self.givens):
            if g and values[i] != g:
                return f"given {cell_name(i, n)} changed"
        for house in self.houses():
            if len({values[i] for i in house}) != n:
                return f"repeat in house {[cell_name(i, n) for i in house[:2]]}..."
        for a, b in self.distinct_pairs():
            if values[a] == values[b]:
                return f"anti-king/knight {cell_name(a, n)} {cell_name(b, n)}"
        for a, b in self.neighbour_pairs():
            if abs(values[a] - values[b]) == 1:
                return f"non-consecutive {cell_name(a, n)} {cell_name(b, n)}"
        for total, cells in self.cages:
            digits = [values[i] for i in cells]
            if len(set(digits)) != len(digits):
                return f"cage at {cell_name(cells[0], n)} repeats a digit"
            if total is not None and sum(digits) != total:
                return f"cage at {cell_name(cells[0], n)} sums to {sum(digits)}, not {total}"
        return None

    def peers(self):
        """For each cell, the cells it must differ from (houses, anti-king/knight, cages)."""
        n = self.n
        out = [set() for _ in range(n * n)]
        groups = self.houses() + [cells for _, cells in self.cages]
        for group in groups:
            for a in group:
                out[a].update(group)
        for a, b in self.distinct_pairs():
            out[a].add(b)
            out[b].add(a)
        for i in range(n * n):
            out[i].discard(i)
        return [sorted(s) for s in out]


class SearchLimit(Exception):
    """`brute_count` gave up after `max_nodes` search nodes."""


def brute_count(puzzle, limit=2, rng=None, max_nodes=None):
    """Count solutions up to `limit` by plain backtracking on the rules (fewest candidates first).

    Returns (count, first solution or None). With `rng`, values are tried in a random order (a random solution). Raises SearchLimit after `max_nodes` nodes. Independent of any exact-cover or CP-SAT encoding: it tries values
    cell by cell and checks houses, pairs, neighbours and cage sums directly. For small grids and checks only.
    """
    n = puzzle.n
    peers = puzzle.peers()
    neighbours = [[] for _ in range(n * n)]
    for a, b in puzzle.neighbour_pairs():
        neighbours[a].append(b)
        neighbours[b].append(a)
    cage_of = [None] * (n * n)
    for total, cells in puzzle.cages:
        for c in cells:
            cage_of[c] = (total, cells)
    values = list(puzzle.givens)
    found = []
    nodes = [0]

    def allowed(i, v):
        if any(values[p] == v for p in peers[i]):
            return False
        if any(values[p] and abs(values[p] - v) == 1 for p in neighbours[i]):
            return False
        cage = cage_of[i]
        if cage and cage[0] is not None:
            total, cells = cage
            filled = [values[c] for c in cells if values[c]]
            left = len(cells) - len(filled) - 1
            rest = total - sum(filled) - v
            # the smallest and largest sums the other empty cells could still add (distinct digits)
            if rest < left * (left + 1) // 2 or rest > sum(range(n - left + 1, n + 1)):
                return False
        return True

    for i, g in enumerate(puzzle.givens):
        if g:
            values[i] = 0
            ok = allowed(i, g)
            values[i] = g
            if not ok:
                return 0, None

    def search():
        nodes[0] += 1
        if max_nodes is not None and nodes[0] > max_nodes:
            raise SearchLimit()
        best, best_options = None, None
        for i in range(n * n):
            if not values[i]:
                options = [v for v in range(1, n + 1) if allowed(i, v)]
                if best is None or len(options) < len(best_options):
                    best, best_options = i, options
                    if len(options) <= 1:
                        break
        if best is None:
            if puzzle.broken_rule(values) is None:
                found.append(list(values))
            return len(found) >= limit
        if rng is not None:
            rng.shuffle(best_options)
        for v in best_options:
            values[best] = v
            if search():
                values[best] = 0
                return True
        values[best] = 0
        return False

    search()
    return len(found), (found[0] if found else None)


def read_puzzles(path_or_lines):
    """Every puzzle of a file (path) or an iterable of lines, skipping blanks and comments."""
    if isinstance(path_or_lines, str):
        with open(path_or_lines, encoding="utf-8") as f:
            lines = f.read().splitlines()
    else:
        lines = list(path_or_lines)
    out = []
    for k, line in enumerate(lines, 1):
        try:
            p = Puzzle.from_line(line)
        except DescriptionError as e:
            raise DescriptionError(f"line {k}: {e}") from None
        if p is not None:
            out.append(p)
    return out


def _connected(cells, n):
    """Whether a set of flat indices is orthogonally connected."""
    cells = set(cells)
    start = next(iter(cells))
    seen, todo = {start}, [start]
    while todo:
        i = todo.pop()
        r, c = divmod(i, n)
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            j = rr * n + cc
            if 0 <= rr < n and 0 <= cc < n and j in cells and j not in seen:
                seen.add(j)
                todo.append(j)
    return len(seen) == len(cells)


def random_regions(n, rng, swaps=None):
    """A random jigsaw layout: n connected regions of n cells, as a list of region numbers 0..n-1.

    Starts from the boxes (the rows for a prime n) and makes `swaps` (default 20 n^2) successful exchanges of two
    cells between neighbouring regions, keeping both regions connected: every region stays n cells and connected.
    """
    boxes = default_boxes(n)
    if boxes:
        br, bc = boxes
        region = [(i // n // br) * (n // bc) + (i % n) // bc for i in range(n * n)]
    else:
        region = [i // n for i in range(n * n)]
    target = swaps if swaps is not None else 20 * n * n
    done = tries = 0
    while done < target and tries < 200 * target:
        tries += 1
        a = rng.randrange(n * n)
        r, c = divmod(a, n)
        nbrs = [rr * n + cc for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if 0 <= rr < n and 0 <= cc < n]
        others = [j for j in nbrs if region[j] != region[a]]
        if not others:
            continue
        ra, rb = region[a], region[rng.choice(others)]
        # a cell of region rb that touches region ra, other than a's neighbour chosen above is fine too
        border = [
            i
            for i in range(n * n)
            if region[i] == rb
            and any(
                0 <= i // n + dr < n and 0 <= i % n + dc < n and region[(i // n + dr) * n + i % n + dc] == ra
                for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
            )
        ]
        b = rng.choice(border)
        region[a], region[b] = rb, ra
        cells_a = [i for i in range(n * n) if region[i] == ra]
        cells_b = [i for i in range(n * n) if region[i] == rb]
        if _connected(cells_a, n) and _connected(cells_b, n):
            done += 1
        else:
            region[a], region[b] = ra, rb
    return region
