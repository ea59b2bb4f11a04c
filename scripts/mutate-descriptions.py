#!/usr/bin/env python3
"""Feed mutated JSON puzzle descriptions to every command of sudoku-dlx and report crashes and stalls.

Usage: python3 scripts/mutate-descriptions.py [--bin PATH] [--seed S] [--lines N] [--timeout T] [--commands LIST]
                                              [--files GLOB,...]

Reads every description of `puzzles/variants/*.jsonl` and `tests/data/descriptions.jsonl` (or of the files
`--files` names, such as `tests/data/fpuzzles.json` for f-puzzles exports), and writes N mutants:
a description, sometimes with the rules of another merged in, with one to three random edits anywhere in its tree
(a number made negative, huge, fractional or a string; a cell name out of the grid or misspelt; a list emptied,
cut, repeated or shuffled; a key dropped or added; the givens changed or cut; the line itself cut short). The
mutants go to each command in one process (`count --limit 2`, `solve`, `candidates`, `check`, `rate`, `explain`,
`hint`, `solve -f svg` and `count -j 2` by default). A run is bad when the process panics, dies of a signal, exits
with a status other than 0, 1 or 2, writes another number of records than the input has descriptions, or takes
more than T seconds; the first mutant that is bad alone is printed. Exits 1 when any run was bad.

Not part of CI: a run of 400 mutants takes minutes, and a stall is a finding to look at, not a failure to gate on.
"""

import argparse
import copy
import glob
import json
import os
import random
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NUMBERS = [-1, 0, 1, 2, 3, 5, 9, 10, 16, 45, 46, 100, 2**31, 2**32, 2**63, 2**64, 10**30, 1.5, -0.0, 1e308]
STRINGS = ["", "r0c0", "r10c10", "R1C1", "r1c1", "r9c9", "r99999999999999c1", "rXcY", "r-1c1", "r1c", "c1r1",
           "R1C0", "r0c5", "r5c0", "r10c5", "\u00e9\u00e9", "DR", "UL", "XX", "1", "r1c1r1c1", " r1c1"]
KEYS = ["extra", "sum", "cells", "value", "size", "variants", "direction", "clue"]


def mutate(value, rng):
    """One random edit somewhere in `value`, a JSON tree; returns the edited tree."""
    if isinstance(value, bool) or value is None:
        return rng.choice([0, 1, "x", [], {}, None, True])
    if isinstance(value, (int, float)):
        return rng.choice(NUMBERS + [value + rng.choice([-2, -1, 1, 2]), "5", None, []])
    if isinstance(value, str):
        if len(value) >= 16 and rng.random() < 0.5:
            chars = list(value)
            for _ in range(rng.randint(1, 4)):
                chars[rng.randrange(len(chars))] = rng.choice('.123456789abc0#{"\\\n x')
            if rng.random() < 0.3:
                chars = chars[:rng.randrange(len(chars))]
            return "".join(chars)
        return rng.choice(STRINGS + [value + "1", value[:-1], value.upper()])
    if isinstance(value, list):
        items = list(value)
        if not items:
            return rng.choice([[1], ["r1c1"], [[]], [{}]])
        roll = rng.random()
        if roll < 0.2:
            return []
        if roll < 0.35:
            return items + [copy.deepcopy(rng.choice(items))]
        if roll < 0.5:
            del items[rng.randrange(len(items))]
            return items
        if roll < 0.6:
            rng.shuffle(items)
            return items
        if roll < 0.65:
            return items * 30
        at = rng.randrange(len(items))
        items[at] = mutate(items[at], rng)
        return items
    fields = dict(value)
    if not fields:
        return {"a": 1}
    roll = rng.random()
    if roll < 0.15:
        del fields[rng.choice(list(fields))]
    elif roll < 0.25:
        fields[rng.choice(KEYS)] = rng.choice(NUMBERS + STRINGS + [[], {}])
    else:
        key = rng.choice(list(fields))
        fields[key] = mutate(fields[key], rng)
    return fields


def mutants(descriptions, count, rng):
    """`count` mutated description lines (an empty one now and then, cut to nothing)."""
    lines = []
    for _ in range(count):
        tree = copy.deepcopy(rng.choice(descriptions))
        if rng.random() < 0.25:
            for key, value in rng.choice(descriptions).items():
                if key != "givens":
                    tree[key] = copy.deepcopy(value)
        for _ in range(rng.randint(1, 3)):
            tree = mutate(tree, rng)
        if not isinstance(tree, dict):
            tree = {"givens": "1" * 81, "x": tree}
        line = json.dumps(tree)
        if rng.random() < 0.05:
            line = line[:rng.randrange(1, len(line))]
        lines.append(line)
    return lines


def run(binary, command, path, timeout):
    """(bad, why) for one run of `command` on the file `path`."""
    args = [binary] + command.split()
    # JSON lines, one record per description, where the command has them.
    counted = "-f" not in args and args[1] not in ("explain", "hint")
    if counted:
        args += ["-f", "json"]
    try:
        done = subprocess.run(args + [path], capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return True, f"more than {timeout} s"
    stderr = done.stderr.decode(errors="replace")
    if done.returncode not in (0, 1, 2) or "panicked" in stderr:
        return True, f"exit status {done.returncode}: {stderr[-300:].strip()}"
    if counted:
        records = sum(1 for line in open(path) if line.strip())
        printed = sum(1 for line in done.stdout.decode(errors="replace").splitlines() if line.startswith("{"))
        if printed != records:
            return True, f"{printed} records printed for {records} descriptions"
    return False, ""


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", default=os.path.join(ROOT, "target/release/sudoku-dlx"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--lines", type=int, default=400)
    parser.add_argument("--timeout", type=float, default=120)
    parser.add_argument("--commands", default="count --limit 2,solve,candidates,check,rate,explain,hint,"
                        "solve -f svg,count --limit 2 -j 2")
    parser.add_argument("--files", default="puzzles/variants/*.jsonl,tests/data/descriptions.jsonl",
                        help="the files of descriptions to mutate, globs from the project root, comma-separated")
    args = parser.parse_args()
    files = []
    for pattern in args.files.split(","):
        files.extend(sorted(glob.glob(os.path.join(ROOT, pattern))))
    descriptions = []
    for name in files:
        for line in open(name):
            if line.strip().startswith("{"):
                descriptions.append(json.loads(line))
    if not descriptions:
        sys.exit(f"no descriptions found in {args.files}")
    rng = random.Random(args.seed)
    lines = mutants(descriptions, args.lines, rng)
    work = f"/tmp/mutate-descriptions-{os.getpid()}"
    os.makedirs(work, exist_ok=True)
    batch = os.path.join(work, "batch.jsonl")
    with open(batch, "w") as out:
        out.write("\n".join(lines) + "\n")
    bad = 0
    for command in args.commands.split(","):
        failed, why = run(args.bin, command, batch, args.timeout)
        if not failed:
            continue
        bad += 1
        print(f"BAD {command}: {why}", flush=True)
        single = os.path.join(work, "one.jsonl")
        for line in lines:
            with open(single, "w") as out:
                out.write(line + "\n")
            if run(args.bin, command, single, args.timeout)[0]:
                print(f"  first bad alone: {line[:600]}", flush=True)
                break
    print(f"seed {args.seed}: {args.lines} mutants, {bad} bad runs of {len(args.commands.split(','))} commands")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
