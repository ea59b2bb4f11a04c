"""Variant Sudoku rules in plain Python: the JSON description, its constraints, a checker and a brute force.

Shared by `cpsat.py`, `make-variant-sets.py` and `variant-bench.py`, so that all three read a puzzle the same way
and judge a solution by the rules themselves (never by an exact-cover encoding). Standard library only.

The description is one JSON object per line, as sudoku-dlx and `peer-lisudoku` read it:

    {"givens": "<n*n symbols>", "boxes": "RxC" | "none", "regions": "<n*n labels>",
     "variants": ["x", "hyper", "disjoint", "anti-king", "anti-knight", "non-consecutive"],
     "cages": [{"sum": 15, "cells": ["r1c1", "r1c2"]}], "title": "...",
     "thermometers": [[cells]], "white_dots": [{"cells": [a, b], "value": 1}], "black_dots": [...],
     "xv": [{"cells": [a, b], "value": "X" | "V" | N}], "negative": ["white", "black", "xv"],
     "odd": [cells], "even": [cells], "minimum": [cells], "maximum": [cells], "palindromes": [[cells]],
     "clones": [{"cells": [...], "copy": [...]}], "lines": [{"type": "whispers" | "renban" | "entropic",
     "cells": [...]}], "extra_regions": [[cells]]}

Value v is written SYMBOLS[v-1] (letters in either case), `.` or `0` blank; n = sqrt(len(givens)). `boxes`
defaults to the most square R x C = n with R <= C (R rows per box); `regions` (n*n labels, n cells per label)
replace the boxes. A line not starting with `{` is read as plain givens (its first field).

The rules beyond "once per unit", as sudoku-dlx defines them (`src/sudoku/constraints/`): a thermometer's
digits strictly increase from its first cell (the bulb); a white dot's two digits differ by its value (default
1), a black dot's are in the ratio of its value (default 2), an X/V's add up to 10/5 (or its number); negative
`white` (the same as the variant `non-consecutive`): orthogonal neighbours without a kropki dot of either colour
are not consecutive; negative `black`: those without a kropki dot of either colour are not in ratio 2; negative
`xv`: those without an X/V add up to neither 5 nor 10; odd/even cells; a minimum (maximum) cell is smaller
(larger) than each orthogonal neighbour; a palindrome reads the same from both ends; a clone's `copy` holds the
digits of its `cells`, place by place; German whispers: neighbours on the line differ by at least ceil(n/2);
renban: the line holds different, consecutive digits; entropic (n divisible by 3): every three cells in a row
on the line (both cells of a line of two) hold digits of different thirds (1-3, 4-6, 7-9 on 9x9); region-sum:
the line's runs in each box add up alike; a between line's inner digits lie strictly between its ends'; a
quadruple's values appear among its four cells (as often as listed); a little killer's diagonal, from its clue
beside the grid (`r0c1`...) in its direction (DR, DL, UR, UL), adds up to its sum; a sandwich's row or column,
from its clue, holds digits between the 1 and the n that add up to its sum; an extra region's cells (at most n)
hold different digits, so one of n cells holds each digit once, as a box does.
"""

import json
import math

SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
VARIANTS = ("x", "hyper", "disjoint", "anti-king", "anti-knight", "non-consecutive")
RULE_KEYS = ("thermometers", "white_dots", "black_dots", "xv", "negative", "odd", "even", "minimum", "maximum",
             "palindromes", "clones", "lines", "arrows", "between_lines", "quadruples", "little_killers", "sandwiches",
             "extra_regions")
KNOWN_KEYS = {"givens", "boxes", "regions", "variants", "cages", "title", *RULE_KEYS}
NEGATIVE = ("white", "black", "xv")
LINE_TYPES = ("whispers", "renban", "entropic", "region-sum")
DIRECTIONS = {"DR": (1, 1), "DL": (1, -1), "UR": (-1, 1), "UL": (-1, -1)}
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

    def __init__(self, givens, boxes="default", regions=None, variants=(), cages=(), title=None, rules=None):
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
        self.read_rules(rules or {})

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
            rules={k: obj[k] for k in RULE_KEYS if k in obj},
        )

    def read_rules(self, rules):
        """The rules beyond once per unit, from their description keys (`RULE_KEYS`)."""
        n = self.n

        def cells_of(key, names):
            if not isinstance(names, list) or not names:
                raise DescriptionError(f"{key}: expected a non-empty array of cells")
            out = [cell_index(name, n) for name in names]
            if len(set(out)) != len(out):
                raise DescriptionError(f"{key}: a cell named twice in {names}")
            return out

        def pairs(key, default):
            out = []
            for item in rules.get(key, ()):
                if len(item.get("cells", ())) != 2:
                    raise DescriptionError(f"{key}: expected two cells, got {item.get('cells')}")
                a, b = cells_of(key, item["cells"])
                value = item.get("value", default)
                if isinstance(value, str):
                    text = value.strip().upper()
                    if key == "xv" and text in ("X", "V"):
                        value = 10 if text == "X" else 5
                    elif text.isdigit():
                        value = int(text)
                    elif not text:
                        value = default
                if not isinstance(value, int) or isinstance(value, bool):
                    raise DescriptionError(f"{key}: bad value {item.get('value')!r}")
                out.append((a, b, value))
            return out

        self.thermometers = [cells_of("thermometers", line) for line in rules.get("thermometers", ())]
        self.white_dots = pairs("white_dots", 1)
        self.black_dots = pairs("black_dots", 2)
        self.xv = pairs("xv", None)
        self.negative = list(rules.get("negative", ()))
        for name in self.negative:
            if name not in NEGATIVE:
                raise DescriptionError(f"negative: unknown {name!r} (expected one of {', '.join(NEGATIVE)})")
        self.marked = {key: cells_of(key, rules[key]) if key in rules else [] for key in ("odd", "even", "minimum", "maximum")}
        self.palindromes = [cells_of("palindromes", line) for line in rules.get("palindromes", ())]
        self.clones = []
        for item in rules.get("clones", ()):
            cells, copy = cells_of("clones", item["cells"]), cells_of("clones", item["copy"])
            if len(cells) != len(copy) or set(cells) & set(copy):
                raise DescriptionError(f"clones: copy {item['copy']} does not match {item['cells']}")
            self.clones.append((cells, copy))
        self.arrows = [(cells_of("arrows", item["bulb"]), cells_of("arrows", item["shaft"]))
                       for item in rules.get("arrows", ())]
        self.between = [cells_of("between_lines", line) for line in rules.get("between_lines", ())]
        self.quadruples = [(cells_of("quadruples", item["cells"]), list(item["values"]))
                           for item in rules.get("quadruples", ())]

        def clue_of(key, item):
            name = str(item.get("clue", "")).lower()
            row, _, col = name.partition("c")
            if not name.startswith("r") or not row[1:].isdigit() or not col.isdigit():
                raise DescriptionError(f"{key}: bad clue {item.get('clue')!r}")
            return int(row[1:]), int(col)

        def ray(clue, step):
            (r, c), (dr, dc) = clue, step
            out = []
            r, c = r + dr, c + dc
            while 1 <= r <= n and 1 <= c <= n:
                out.append((r - 1) * n + c - 1)
                r, c = r + dr, c + dc
            return out

        self.little_killers = []
        for item in rules.get("little_killers", ()):
            clue = clue_of("little_killers", item)
            cells = ray(clue, DIRECTIONS[item["direction"].upper()])
            self.little_killers.append((cells, int(item["sum"]), item))
        self.sandwiches = []
        for item in rules.get("sandwiches", ()):
            r, c = clue_of("sandwiches", item)
            step = (1, 0) if r == 0 else (-1, 0) if r == n + 1 else (0, 1) if c == 0 else (0, -1)
            self.sandwiches.append((ray((r, c), step), int(item["sum"]), item))
        self.lines = []
        for item in rules.get("lines", ()):
            if item.get("type") not in LINE_TYPES:
                raise DescriptionError(f"lines: unknown type {item.get('type')!r}")
            if item["type"] == "entropic" and n % 3:
                raise DescriptionError("lines: entropic needs a side divisible by 3")
            self.lines.append((item["type"], cells_of("lines", item["cells"])))
        self.extra_regions = [cells_of("extra_regions", cells) for cells in rules.get("extra_regions", ())]
        for cells in self.extra_regions:
            if len(cells) > n:
                raise DescriptionError(f"extra_regions: {len(cells)} cells, expected at most {n}")

    def rules_json(self):
        """The rules beyond once per unit as description members (only those present)."""
        n = self.n
        names = lambda cells: [cell_name(c, n) for c in cells]  # noqa: E731
        obj = {}
        if self.thermometers:
            obj["thermometers"] = [names(line) for line in self.thermometers]
        for key, dots in (("white_dots", self.white_dots), ("black_dots", self.black_dots), ("xv", self.xv)):
            if dots:
                obj[key] = [{"cells": names((a, b)), "value": v} for a, b, v in dots]
        if self.negative:
            obj["negative"] = list(self.negative)
        for key, cells in self.marked.items():
            if cells:
                obj[key] = names(cells)
        if self.palindromes:
            obj["palindromes"] = [names(line) for line in self.palindromes]
        if self.clones:
            obj["clones"] = [{"cells": names(a), "copy": names(b)} for a, b in self.clones]
        if self.lines:
            obj["lines"] = [{"type": t, "cells": names(cells)} for t, cells in self.lines]
        if self.arrows:
            obj["arrows"] = [{"bulb": names(b), "shaft": names(s)} for b, s in self.arrows]
        if self.between:
            obj["between_lines"] = [names(line) for line in self.between]
        if self.quadruples:
            obj["quadruples"] = [{"cells": names(c), "values": v} for c, v in self.quadruples]
        if self.little_killers:
            obj["little_killers"] = [item for _, _, item in self.little_killers]
        if self.sandwiches:
            obj["sandwiches"] = [item for _, _, item in self.sandwiches]
        if self.extra_regions:
            obj["extra_regions"] = [names(cells) for cells in self.extra_regions]
        return obj

    def box_of(self, cell):
        """The box (or region) of `cell`, None without boxes."""
        n = self.n
        if self.regions is not None:
            return self.regions[cell]
        if self.boxes is None:
            return None
        br, bc = self.boxes
        return (cell // n // br, cell % n // bc)

    def runs(self, line):
        """The runs of `line` in one box each, in order."""
        out = []
        for k, c in enumerate(line):
            if k and self.box_of(line[k - 1]) == self.box_of(c):
                out[-1].append(c)
            else:
                out.append([c])
        return out

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
        obj.update(self.rules_json())
        if self.title:
            obj["title"] = self.title
        return json.dumps(obj, separators=(", ", ": "))

    def houses(self):
        """Every group of n cells that holds each value once: rows, columns, boxes or regions, x, hyper, disjoint,
        extra regions of n cells."""
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
        out += [list(cells) for cells in self.extra_regions if len(cells) == n]
        return out

    def distinct_groups(self):
        """Groups of fewer than n cells that hold different values: the smaller extra regions."""
        return [list(cells) for cells in self.extra_regions if len(cells) < self.n]

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

    def orthogonal_pairs(self):
        """Every pair of orthogonal neighbours, the first earlier in reading order."""
        n = self.n
        pairs = [(r * n + c, r * n + c + 1) for r in range(n) for c in range(n - 1)]
        pairs += [(r * n + c, (r + 1) * n + c) for r in range(n - 1) for c in range(n)]
        return pairs

    def unmarked_pairs(self, negative):
        """The orthogonal neighbours a negative rule (`white`, `black` or `xv`) covers, or [] without it: those
        without a kropki dot of either colour (white, black), or without an X/V (xv)."""
        on = negative in self.negative or (negative == "white" and "non-consecutive" in self.variants)
        if not on:
            return []
        marks = self.xv if negative == "xv" else self.white_dots + self.black_dots
        marked = {frozenset((a, b)) for a, b, _ in marks}
        return [p for p in self.orthogonal_pairs() if frozenset(p) not in marked]

    def neighbour_pairs(self):
        """Orthogonal neighbours that must not hold consecutive values (non-consecutive / negative white), or []."""
        return self.unmarked_pairs("white")

    def neighbours(self, cell):
        """The orthogonal neighbours of a cell."""
        n = self.n
        r, c = divmod(cell, n)
        return [rr * n + cc for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if 0 <= rr < n and 0 <= cc < n]

    def constraint_checks(self):
        """Every rule beyond houses, pairs of distinct cells and cages, as (label, cells, ok): ok(values at those
        cells, 0 for a blank) is False when the filled ones already break the rule, and with no blank, exactly when
        they break it. Written from each rule's definition (no pair compilation)."""
        n = self.n
        gap = (n + 1) // 2
        third = n // 3 if n % 3 == 0 else None
        out = []

        def filled(vals):
            return [v for v in vals if v]

        def increasing(vals):
            seen = filled(vals)
            return all(a < b for a, b in zip(seen, seen[1:]))

        for line in self.thermometers:
            out.append(("thermometer", line, increasing))
        relations = (
            ("white dot", self.white_dots, lambda d: lambda x, y: abs(x - y) == d),
            ("black dot", self.black_dots, lambda r: lambda x, y: x == r * y or y == r * x),
            ("xv", self.xv, lambda s: lambda x, y: x + y == s),
        )
        for label, dots, make in relations:
            for a, b, value in dots:
                rel = make(value)
                out.append((label, [a, b], lambda vals, rel=rel: not all(vals) or rel(*vals)))
        negatives = (
            ("non-consecutive", "white", lambda x, y: abs(x - y) != 1),
            ("negative black", "black", lambda x, y: x != 2 * y and y != 2 * x),
            ("negative xv", "xv", lambda x, y: x + y not in (5, 10)),
        )
        for label, name, rel in negatives:
            for a, b in self.unmarked_pairs(name):
                out.append((label, [a, b], lambda vals, rel=rel: not all(vals) or rel(*vals)))
        for key, want in (("odd", 1), ("even", 0)):
            for cell in self.marked[key]:
                out.append((key, [cell], lambda vals, want=want: not vals[0] or vals[0] % 2 == want))
        for key, sign in (("minimum", -1), ("maximum", 1)):
            for cell in self.marked[key]:
                cells = [cell] + self.neighbours(cell)
                out.append((key, cells, lambda vals, sign=sign: not vals[0] or all(
                    not v or sign * (vals[0] - v) > 0 for v in vals[1:])))
        for line in self.palindromes:
            out.append(("palindrome", line, lambda vals: all(
                not a or not b or a == b for a, b in zip(vals, reversed(vals)))))
        for cells, copy in self.clones:
            k = len(cells)
            out.append(("clone", cells + copy, lambda vals, k=k: all(
                not a or not b or a == b for a, b in zip(vals[:k], vals[k:]))))
        for kind, line in self.lines:
            if kind == "region-sum":
                continue
            if kind == "whispers":
                ok = lambda vals: all(not a or not b or abs(a - b) >= gap for a, b in zip(vals, vals[1:]))  # noqa: E731
            elif kind == "renban":
                def ok(vals, size=len(line)):
                    seen = filled(vals)
                    return len(set(seen)) == len(seen) and (not seen or max(seen) - min(seen) < size)
            else:
                def ok(vals):
                    bands = [(v - 1) // third if v else None for v in vals]
                    windows = [bands[k:k + 3] for k in range(max(1, len(bands) - 2))]
                    return all(len(set(b for b in w if b is not None)) == sum(b is not None for b in w) for w in windows)
            out.append((kind, line, ok))
        for bulb, shaft in self.arrows:
            k = len(bulb)

            def ok(vals, k=k):
                if not all(vals[:k]):
                    return True
                number = int("".join(str(v) for v in vals[:k]))
                got = [v for v in vals[k:] if v]
                blank = len(vals) - k - len(got)
                return sum(got) + blank <= number <= sum(got) + blank * self.n
            out.append(("arrow", bulb + shaft, ok))
        for line in self.between:
            def ok(vals):
                a, b, inner = vals[0], vals[-1], [v for v in vals[1:-1] if v]
                return not a or not b or all(min(a, b) < v < max(a, b) for v in inner)
            out.append(("between line", line, ok))
        for cells, values in self.quadruples:
            def ok(vals, values=values):
                if not all(vals):
                    return True
                return all(vals.count(v) >= values.count(v) for v in values)
            out.append(("quadruple", cells, ok))
        for cells, total, _ in self.little_killers:
            def ok(vals, total=total):
                got = [v for v in vals if v]
                blank = len(vals) - len(got)
                return sum(got) + blank <= total <= sum(got) + blank * self.n
            out.append(("little killer", cells, ok))
        for cells, total, _ in self.sandwiches:
            def ok(vals, total=total):
                if 1 not in vals or self.n not in vals:
                    return True
                a, b = sorted((vals.index(1), vals.index(self.n)))
                inner = vals[a + 1:b]
                return not all(inner) or sum(inner) == total
            out.append(("sandwich", cells, ok))
        for kind, line in self.lines:
            if kind != "region-sum":
                continue
            runs = self.runs(line)

            def ok(vals, sizes=[len(r) for r in runs]):
                sums, k = [], 0
                for size in sizes:
                    part = vals[k:k + size]
                    k += size
                    if all(part):
                        sums.append(sum(part))
                return len(set(sums)) <= 1
            out.append(("region-sum line", line, ok))
        return out

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
        for group in self.distinct_groups():
            if len({values[i] for i in group}) != len(group):
                return f"repeat in extra region {[cell_name(i, n) for i in group[:2]]}..."
        for label, cells, ok in self.constraint_checks():
            if not ok([values[i] for i in cells]):
                return f"{label} at {', '.join(cell_name(i, n) for i in cells[:4])}"
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
        groups = self.houses() + self.distinct_groups() + [cells for _, cells in self.cages]
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
    checks_of = [[] for _ in range(n * n)]
    for _, cells, ok in puzzle.constraint_checks():
        for c in cells:
            checks_of[c].append((cells, ok))
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
        if checks_of[i]:
            values[i] = v
            broken = any(not ok([values[c] for c in cells]) for cells, ok in checks_of[i])
            values[i] = 0
            if broken:
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


def draw_sums(kind, s, n, rng, want, names):
    """The rules of `draw_rules` of kind between, quadruple, little-killer, sandwich or region-sum (None for the
    others): between lines and region-sum lines are king's-move walks that fit, quadruples 2x2 blocks with two or
    three of their digits, little killers diagonals of at least three cells from a random clue, sandwiches random
    rows and columns read from a random end."""
    boxes = default_boxes(n)

    def box_of(c):
        return (c // n // boxes[0], c % n // boxes[1])

    def walk(size, fits, used):
        for _ in range(200):
            path = [rng.randrange(n * n)]
            while len(path) < size:
                steps = [j for j in king_neighbours(path[-1], n) if j not in path and j not in used]
                if not steps:
                    break
                path.append(rng.choice(steps))
            if len(path) == size and fits(path) and not set(path) & used:
                return path
        return None

    def runs_equal(path):
        sums = []
        for k, c in enumerate(path):
            if k and box_of(path[k - 1]) == box_of(c):
                sums[-1] += s[c]
            else:
                sums.append(s[c])
        return len(sums) >= 2 and len(set(sums)) == 1

    def between(path):
        low, high = sorted((s[path[0]], s[path[-1]]))
        return all(low < s[c] < high for c in path[1:-1])

    if kind in ("between", "region-sum"):
        used, found = set(), []
        for _ in range(20 * want):
            if len(found) >= want:
                break
            path = walk(rng.randint(3, 6), between if kind == "between" else runs_equal, used)
            if path:
                found.append(names(path))
                used.update(path)
        if kind == "between":
            return {"between_lines": found} if found else {}
        return {"lines": [{"type": "region-sum", "cells": line} for line in found]} if found else {}
    if kind == "quadruple":
        out = []
        for _ in range(want):
            top, left = rng.randrange(n - 1), rng.randrange(n - 1)
            cells = [top * n + left, top * n + left + 1, (top + 1) * n + left, (top + 1) * n + left + 1]
            values = sorted(rng.sample([s[c] for c in cells], rng.randint(2, 3)))
            out.append({"cells": names(cells), "values": values})
        return {"quadruples": out}
    if kind == "little-killer":
        out, seen = [], set()
        for _ in range(50 * want):
            if len(out) >= want:
                break
            name, (dr, dc) = rng.choice(sorted(DIRECTIONS.items()))
            if rng.randrange(2):
                r, c = (0 if dr > 0 else n + 1), rng.randint(1, n)
            else:
                r, c = rng.randint(1, n), (0 if dc > 0 else n + 1)
            cells, (rr, cc) = [], (r + dr, c + dc)
            while 1 <= rr <= n and 1 <= cc <= n:
                cells.append((rr - 1) * n + cc - 1)
                rr, cc = rr + dr, cc + dc
            if len(cells) >= 3 and tuple(cells) not in seen:
                seen.add(tuple(cells))
                out.append({"clue": f"r{r}c{c}", "direction": name, "sum": sum(s[x] for x in cells)})
        return {"little_killers": out}
    if kind == "sandwich":
        out = []
        lines = [(k, side) for k in range(1, n + 1) for side in ("top", "bottom", "left", "right")]
        for k, side in rng.sample(lines, want):
            if side in ("top", "bottom"):
                cells = [(r - 1) * n + k - 1 for r in range(1, n + 1)]
                clue = f"r{0 if side == 'top' else n + 1}c{k}"
            else:
                cells = [(k - 1) * n + c - 1 for c in range(1, n + 1)]
                clue = f"r{k}c{0 if side == 'left' else n + 1}"
            if side in ("bottom", "right"):
                cells.reverse()
            vals = [s[c] for c in cells]
            a, b = sorted((vals.index(1), vals.index(n)))
            out.append({"clue": clue, "sum": sum(vals[a + 1:b])})
        return {"sandwiches": out}
    return None


def king_neighbours(cell, n):
    """The up to 8 cells a king's move from `cell`."""
    r, c = divmod(cell, n)
    return [
        (r + dr) * n + c + dc
        for dr in (-1, 0, 1)
        for dc in (-1, 0, 1)
        if (dr or dc) and 0 <= r + dr < n and 0 <= c + dc < n
    ]


def orthogonal_neighbours(cell, n):
    """The up to 4 orthogonal neighbours of `cell`."""
    r, c = divmod(cell, n)
    return [rr * n + cc for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if 0 <= rr < n and 0 <= cc < n]


RULE_KINDS = ("thermometer", "kropki", "xv", "odd-even", "min-max", "palindrome", "clone", "whispers", "renban",
              "entropic", "negative-black", "negative-xv", "negative-white", "extra-region")


def draw_extra_regions(solution, n, rng, want, smallest):
    """Up to `want` disjoint extra regions of `smallest` to n orthogonally connected cells (the size drawn for
    each) that hold different values in `solution`, none of them a row, a column or a box; grown cell by cell
    from a random start."""
    rows = {frozenset(range(r * n, r * n + n)) for r in range(n)}
    columns = {frozenset(range(c, n * n, n)) for c in range(n)}
    used = set()
    found = []
    for _ in range(200 * want):
        if len(found) >= want:
            break
        free = [c for c in range(n * n) if c not in used]
        size = rng.randint(smallest, n)
        region = [rng.choice(free)]
        values = {solution[region[0]]}
        while len(region) < size:
            options = sorted({o for c in region for o in orthogonal_neighbours(c, n)
                              if o not in used and o not in region and solution[o] not in values})
            if not options:
                break
            cell = rng.choice(options)
            region.append(cell)
            values.add(solution[cell])
        shape = frozenset(region)
        boxes = len({box_of_cell(c, n) for c in region}) == 1
        if len(region) == size and shape not in rows and shape not in columns and not boxes:
            found.append(sorted(region))
            used.update(region)
    return found


def box_of_cell(cell, n):
    """The box of `cell` under the default boxes of an n x n grid."""
    br, bc = default_boxes(n)
    r, c = divmod(cell, n)
    return (r // br, c // bc)


def draw_rules(kind, solution, n, rng, lines=None):
    """Rules of one kind that the filled grid `solution` (n*n values) obeys, as description members.

    Lines (thermometer, palindrome, whispers, renban, entropic) are paths of king's moves, disjoint, `lines`
    of them where they fit (default about n * 2 // 3); clones are shapes of orthogonal neighbours and their
    copy shifted by a fixed offset where the grid holds the same digits; odd-even marks about a fifth of the
    cells; min-max marks every cell that is a minimum or maximum of its orthogonal neighbours; kropki and xv
    draw every dot or X/V the grid has, with their negative rules; negative-black the black dots (ratio 2)
    alone with negative black; negative-xv likewise; negative-white every white dot with negative white;
    extra-region two connected regions of n cells holding every value once, or with `lines`, that many of 2 to n
    cells (`draw_extra_regions`).
    """
    cells = range(n * n)
    gap = (n + 1) // 2
    want = lines if lines is not None else max(2, n * 2 // 3)
    pairs = [(a, b) for a in cells for b in orthogonal_neighbours(a, n) if a < b]
    names = lambda path: [cell_name(c, n) for c in path]  # noqa: E731
    s = solution

    def ratio2(a, b):
        return s[a] == 2 * s[b] or s[b] == 2 * s[a]

    def dots(test, value):
        return [{"cells": names((a, b)), "value": value} for a, b in pairs if test(a, b)]

    if kind in ("kropki", "negative-white", "negative-black"):
        out = {}
        white = kind != "negative-black"
        black = kind != "negative-white"
        if white:
            out["white_dots"] = dots(lambda a, b: abs(s[a] - s[b]) == 1, 1)
        if black:
            # a pair that is both consecutive and in ratio 2 (1 and 2) gets one dot: white where there are white dots
            out["black_dots"] = dots(lambda a, b: ratio2(a, b) and not (white and abs(s[a] - s[b]) == 1), 2)
        out["negative"] = (["white"] if white else []) + (["black"] if black else [])
        return {k: v for k, v in out.items() if v}
    if kind in ("xv", "negative-xv"):
        marks = [{"cells": names((a, b)), "value": "X" if s[a] + s[b] == 10 else "V"}
                 for a, b in pairs if s[a] + s[b] in (5, 10)]
        return {"xv": marks, "negative": ["xv"]} if marks else {"negative": ["xv"]}
    if kind == "odd-even":
        marked = rng.sample(list(cells), max(1, n * n // 5))
        out = {"odd": names(sorted(c for c in marked if s[c] % 2)), "even": names(sorted(c for c in marked if not s[c] % 2))}
        return {k: v for k, v in out.items() if v}
    if kind == "min-max":
        out = {
            "minimum": names([c for c in cells if all(s[c] < s[o] for o in orthogonal_neighbours(c, n))]),
            "maximum": names([c for c in cells if all(s[c] > s[o] for o in orthogonal_neighbours(c, n))]),
        }
        return {k: v for k, v in out.items() if v}
    if kind == "extra-region":
        regions = draw_extra_regions(s, n, rng, 2, n) if lines is None else draw_extra_regions(s, n, rng, lines, 2)
        return {"extra_regions": [names(cells) for cells in regions]} if regions else {}
    sums_drawn = draw_sums(kind, s, n, rng, want, names)
    if sums_drawn is not None:
        return sums_drawn
    used = set()
    found = []
    for _ in range(200 * want):
        if len(found) >= want:
            break
        free = [c for c in cells if c not in used]
        if not free:
            break
        start = rng.choice(free)
        if kind == "clone":
            partners = [c for c in free if c != start and s[c] == s[start]]
            if not partners:
                continue
            other = rng.choice(partners)
            dr, dc = other // n - start // n, other % n - start % n
            size = rng.randint(2, min(4, n))
            shape, copy = [start], [other]
            while len(shape) < size:
                options = []
                for c in shape:
                    for o in orthogonal_neighbours(c, n):
                        r2, c2 = o // n + dr, o % n + dc
                        t = r2 * n + c2
                        if (0 <= r2 < n and 0 <= c2 < n and s[o] == s[t] and o not in used and t not in used
                                and o not in shape and o not in copy and t not in shape and t not in copy and o != t):
                            options.append((o, t))
                if not options:
                    break
                o, t = rng.choice(options)
                shape.append(o)
                copy.append(t)
            if len(shape) >= 2:
                found.append({"cells": names(shape), "copy": names(copy)})
                used.update(shape + copy)
            continue
        if kind == "palindrome":
            size = rng.choice([k for k in (3, 5, 7) if k <= n])
            path = [start]
            while len(path) < size:
                ends = [(a, b) for a in king_neighbours(path[0], n) for b in king_neighbours(path[-1], n)
                        if a != b and s[a] == s[b] and a not in used and b not in used and a not in path and b not in path]
                if not ends:
                    break
                a, b = rng.choice(ends)
                path = [a] + path + [b]
            if len(path) >= 3:
                found.append(names(path))
                used.update(path)
            continue
        size = rng.randint(3, min(n, 6))
        path = [start]
        while len(path) < size:
            last = path[-1]

            def fits(j):
                if kind == "thermometer":
                    return s[j] > s[last]
                if kind == "whispers":
                    return abs(s[j] - s[last]) >= gap
                if kind == "renban":
                    seen = [s[c] for c in path] + [s[j]]
                    return s[j] not in seen[:-1] and max(seen) - min(seen) < size
                if kind == "entropic":
                    third = n // 3
                    return all((s[j] - 1) // third != (s[c] - 1) // third for c in path[-2:])
                raise ValueError(f"unknown rule kind {kind!r}")

            options = [j for j in king_neighbours(last, n) if j not in used and j not in path and fits(j)]
            if not options:
                break
            path.append(rng.choice(options))
        if len(path) == size or (kind != "renban" and len(path) >= 3):
            found.append(names(path))
            used.update(path)
    if kind == "thermometer":
        return {"thermometers": found} if found else {}
    if kind == "palindrome":
        return {"palindromes": found} if found else {}
    if kind == "clone":
        return {"clones": found} if found else {}
    return {"lines": [{"type": kind, "cells": line} for line in found]} if found else {}
