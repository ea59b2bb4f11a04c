#!/usr/bin/env python3
"""Coverage and speed of the logical solver (`explain`, `rate --method techniques`).

    scripts/explain-coverage.py [--binary BIN] [--qqwing N] [--no-timing]

For each collection: the bundled easy puzzles (emerentius), top1465 and the
forum's 11+ sample (puzzles/), and the collections of ../shared/puzzles when
present, it prints how many puzzles the path solves with no bifurcation, how
many need a Nishio forcing chain (a candidate refuted by singles), and the
distribution of hardest techniques. With --qqwing N (default 200) it makes N
puzzles per level with qqwing (installed with apt-get when missing: a
measuring aid, not a dependency) and compares our level with qqwing's. Then
it times the path on top1465 (median, slowest, whole set) with the
`explain_times` example. BIN is target/release/sudoku-dlx unless given;
build it with `cargo build --release` first. Neither the tests nor CI run
this script.
"""
import argparse
import collections
import json
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LEVELS = ["simple", "easy", "intermediate", "expert"]


def rate(binary, path):
    """The JSON rating of every puzzle of a file, in order."""
    out = subprocess.run(
        [binary, "rate", "--method", "techniques", "-f", "json", "-q", path],
        capture_output=True, text=True, check=False,
    )
    return [json.loads(line) for line in out.stdout.splitlines() if line.strip()]


def summary(name, ratings):
    rated = [r for r in ratings if "hardest" in r]
    solved = sum(1 for r in rated if r["solved"] and r["bifurcations"] == 0)
    nishio = sum(1 for r in rated if r["hardest"] == "nishio forcing chain")
    print(f"## {name}: {len(rated)} puzzles")
    print(f"no bifurcation: {solved} ({100.0 * solved / max(len(rated), 1):.1f}%); "
          f"hardest step a Nishio forcing chain: {nishio}")
    counts = collections.Counter(r["hardest"] or "none" for r in rated)
    for technique, count in counts.most_common():
        print(f"  {count:5}  {technique}")
    print()


def qqwing_levels(binary, per_level, scratch):
    if shutil.which("qqwing") is None:
        subprocess.run("apt-get update -qq && apt-get install -y -qq qqwing",
                       shell=True, check=False, stdout=subprocess.DEVNULL)
    if shutil.which("qqwing") is None:
        print("qqwing is not available: skipped\n")
        return
    agree_total = total = 0
    for level in LEVELS:
        path = os.path.join(scratch, f"qqwing-{level}.txt")
        with open(path, "w") as out:
            subprocess.run(["qqwing", "--generate", str(per_level), "--difficulty", level,
                            "--one-line"], stdout=out, check=True)
        ratings = rate(binary, path)
        ours = collections.Counter(r.get("level") for r in ratings)
        agree = ours[level]
        solved = sum(1 for r in ratings if r.get("solved") and r.get("bifurcations") == 0)
        agree_total += agree
        total += len(ratings)
        print(f"qqwing {level:12} {len(ratings)} puzzles: no bifurcation {solved}, "
              f"same level {agree} ({100.0 * agree / max(len(ratings), 1):.1f}%); ours: "
              + ", ".join(f"{l} {ours[l]}" for l in LEVELS if ours[l]))
    print(f"levels agree on {agree_total} of {total} ({100.0 * agree_total / max(total, 1):.1f}%)\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=os.path.join(ROOT, "target/release/sudoku-dlx"))
    parser.add_argument("--qqwing", type=int, default=200, metavar="N")
    parser.add_argument("--no-timing", action="store_true")
    args = parser.parse_args()
    if not os.access(args.binary, os.X_OK):
        sys.exit(f"{args.binary}: not found; run cargo build --release first")
    sets = [
        ("emerentius easy (puzzles/easy.txt)", "puzzles/easy.txt"),
        ("top1465 (puzzles/bench-top1465.txt)", "puzzles/bench-top1465.txt"),
        ("forum 11+ sample (puzzles/bench-forum-11plus.txt)", "puzzles/bench-forum-11plus.txt"),
    ]
    shared = os.path.join(ROOT, "..", "shared", "puzzles")
    for name in ["emerentius_medium.txt", "norvig_top95.txt", "plb_hard20.txt"]:
        if os.path.exists(os.path.join(shared, name)):
            sets.append((name + " (../shared/puzzles)", os.path.join(shared, name)))
    for name, path in sets:
        summary(name, rate(args.binary, os.path.join(ROOT, path)))
    scratch = os.path.join(ROOT, "target", "explain-coverage")
    os.makedirs(scratch, exist_ok=True)
    if args.qqwing > 0:
        qqwing_levels(args.binary, args.qqwing, scratch)
    if not args.no_timing:
        subprocess.run(["cargo", "run", "--quiet", "--release", "--example", "explain_times", "--",
                        os.path.join(ROOT, "puzzles/bench-top1465.txt")], cwd=ROOT, check=False)


if __name__ == "__main__":
    main()
